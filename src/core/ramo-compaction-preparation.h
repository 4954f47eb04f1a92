/* ramo-compaction-preparation.h — what a compaction is about to do, for handlers and hooks
 *
 * Copyright 2026 The Ramo authors
 *
 * This program is free software: you can redistribute it and/or modify it under the terms of the
 * GNU General Public License as published by the Free Software Foundation, either version 3 of
 * the License, or (at your option) any later version.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "ramo-preparation.h"

G_BEGIN_DECLS

#define RAMO_TYPE_COMPACTION_PREPARATION (ramo_compaction_preparation_get_type ())

G_DECLARE_FINAL_TYPE (RamoCompactionPreparation, ramo_compaction_preparation, RAMO, COMPACTION_PREPARATION, RamoPreparation)

RamoCompactionPreparation *ramo_compaction_preparation_new                     (const char                *first_kept_entry_id,
                                                                                const char                *leaf_id,
                                                                                GPtrArray                 *entries,
                                                                                gint64                     tokens_before,
                                                                                const char                *previous_summary,
                                                                                GCancellable              *cancellable);
const char                *ramo_compaction_preparation_get_first_kept_entry_id (RamoCompactionPreparation *self);
const char                *ramo_compaction_preparation_get_leaf_id             (RamoCompactionPreparation *self);
GPtrArray                 *ramo_compaction_preparation_get_entries             (RamoCompactionPreparation *self);
char                     **ramo_compaction_preparation_dup_entry_ids           (RamoCompactionPreparation *self);
gint64                     ramo_compaction_preparation_get_tokens_before       (RamoCompactionPreparation *self);
const char                *ramo_compaction_preparation_get_previous_summary    (RamoCompactionPreparation *self);
GCancellable              *ramo_compaction_preparation_get_cancellable         (RamoCompactionPreparation *self);
const char                *ramo_compaction_preparation_get_custom_instructions (RamoCompactionPreparation *self);
void                       ramo_compaction_preparation_set_custom_instructions (RamoCompactionPreparation *self,
                                                                                const char                *instructions);
void                       ramo_compaction_preparation_cancel                  (RamoCompactionPreparation *self);
gboolean                   ramo_compaction_preparation_is_cancelled            (RamoCompactionPreparation *self);
void                       ramo_compaction_preparation_set_summary             (RamoCompactionPreparation *self,
                                                                                const char                *summary,
                                                                                JsonNode                  *details);
const char                *ramo_compaction_preparation_get_summary             (RamoCompactionPreparation *self);
JsonNode                  *ramo_compaction_preparation_get_details             (RamoCompactionPreparation *self);
JsonNode                  *ramo_compaction_preparation_to_json                 (RamoCompactionPreparation *self);
gboolean                   ramo_compaction_preparation_apply_answer            (RamoCompactionPreparation *self,
                                                                                JsonObject                *answer,
                                                                                GError                   **error);

G_END_DECLS

/* ramo-preparation.h — what a navigation or a compaction is about to do, for handlers and hooks
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

#include <gio/gio.h>
#include <json-glib/json-glib.h>

G_BEGIN_DECLS

#define RAMO_TYPE_PREPARATION (ramo_preparation_get_type ())

G_DECLARE_DERIVABLE_TYPE (RamoPreparation, ramo_preparation, RAMO, PREPARATION, GObject)

struct _RamoPreparationClass
{
  GObjectClass parent_class;
};

GPtrArray    *ramo_preparation_get_entries             (RamoPreparation *self);
char        **ramo_preparation_dup_entry_ids           (RamoPreparation *self);
GCancellable *ramo_preparation_get_cancellable         (RamoPreparation *self);
const char   *ramo_preparation_get_custom_instructions (RamoPreparation *self);
void          ramo_preparation_set_custom_instructions (RamoPreparation *self,
                                                        const char      *instructions);
void          ramo_preparation_cancel                  (RamoPreparation *self);
gboolean      ramo_preparation_is_cancelled            (RamoPreparation *self);
void          ramo_preparation_set_summary             (RamoPreparation *self,
                                                        const char      *summary,
                                                        JsonNode        *details);
const char   *ramo_preparation_get_summary             (RamoPreparation *self);
JsonNode     *ramo_preparation_get_details             (RamoPreparation *self);

G_END_DECLS

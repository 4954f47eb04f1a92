/* ramo-tree-preparation.h — what a tree navigation is about to do, for handlers and hooks
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

#define RAMO_TYPE_TREE_PREPARATION (ramo_tree_preparation_get_type ())

G_DECLARE_FINAL_TYPE (RamoTreePreparation, ramo_tree_preparation, RAMO, TREE_PREPARATION, RamoPreparation)

RamoTreePreparation *ramo_tree_preparation_new                      (const char          *target_id,
                                                                     const char          *old_leaf_id,
                                                                     const char          *common_ancestor_id,
                                                                     GPtrArray           *entries,
                                                                     gboolean             user_wants_summary,
                                                                     GCancellable        *cancellable);
const char          *ramo_tree_preparation_get_target_id            (RamoTreePreparation *self);
const char          *ramo_tree_preparation_get_old_leaf_id          (RamoTreePreparation *self);
const char          *ramo_tree_preparation_get_common_ancestor_id   (RamoTreePreparation *self);
GPtrArray           *ramo_tree_preparation_get_entries              (RamoTreePreparation *self);
char               **ramo_tree_preparation_dup_entry_ids            (RamoTreePreparation *self);
gboolean             ramo_tree_preparation_get_user_wants_summary   (RamoTreePreparation *self);
GCancellable        *ramo_tree_preparation_get_cancellable          (RamoTreePreparation *self);
const char          *ramo_tree_preparation_get_custom_instructions  (RamoTreePreparation *self);
void                 ramo_tree_preparation_set_custom_instructions  (RamoTreePreparation *self,
                                                                     const char          *instructions);
gboolean             ramo_tree_preparation_get_replace_instructions (RamoTreePreparation *self);
void                 ramo_tree_preparation_set_replace_instructions (RamoTreePreparation *self,
                                                                     gboolean             replace);
const char          *ramo_tree_preparation_get_label                (RamoTreePreparation *self);
void                 ramo_tree_preparation_set_label                (RamoTreePreparation *self,
                                                                     const char          *label);
void                 ramo_tree_preparation_cancel                   (RamoTreePreparation *self);
gboolean             ramo_tree_preparation_is_cancelled             (RamoTreePreparation *self);
void                 ramo_tree_preparation_set_summary              (RamoTreePreparation *self,
                                                                     const char          *summary,
                                                                     JsonNode            *details);
const char          *ramo_tree_preparation_get_summary              (RamoTreePreparation *self);
JsonNode            *ramo_tree_preparation_get_details              (RamoTreePreparation *self);
JsonNode            *ramo_tree_preparation_to_json                  (RamoTreePreparation *self);
gboolean             ramo_tree_preparation_apply_answer             (RamoTreePreparation *self,
                                                                     JsonObject          *answer,
                                                                     GError             **error);

G_END_DECLS

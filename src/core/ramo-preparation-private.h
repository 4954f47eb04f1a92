/* ramo-preparation-private.h — what the preparations' subclasses use of their base
 *
 * Copyright 2026 The Ramo authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "ramo-preparation.h"

G_BEGIN_DECLS

/* What a hook's answer says of the members every preparation has, read before anything of it
 * is applied (a malformed answer changes nothing). */
typedef struct
{
  gboolean  cancel;
  char     *summary;
  JsonNode *details;
  gboolean  has_instructions;
  char     *instructions;
} RamoPreparationAnswer;

void       _ramo_preparation_set_snapshot     (RamoPreparation       *self,
                                               GPtrArray             *entries,
                                               GCancellable          *cancellable);
JsonArray *_ramo_preparation_dup_entries_json (RamoPreparation       *self);
gboolean   _ramo_preparation_read_answer      (JsonObject            *answer,
                                               const char            *summary_member,
                                               RamoPreparationAnswer *out,
                                               GError               **error);
void       _ramo_preparation_apply_answer     (RamoPreparation       *self,
                                               RamoPreparationAnswer *answer);
void       _ramo_preparation_answer_clear     (RamoPreparationAnswer *answer);

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (RamoPreparationAnswer, _ramo_preparation_answer_clear)

G_END_DECLS

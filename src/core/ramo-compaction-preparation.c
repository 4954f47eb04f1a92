/* ramo-compaction-preparation.c — what a compaction is about to do, for handlers and hooks
 *
 * Copyright 2026 The Ramo authors
 *
 * This program is free software: you can redistribute it and/or modify it under the terms of the
 * GNU General Public License as published by the Free Software Foundation, either version 3 of
 * the License, or (at your option) any later version.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ramo-compaction-preparation"

#include "config.h"

#include "ramo-compaction-preparation.h"
#include "ramo-preparation-private.h"

/**
 * RamoCompactionPreparation:
 *
 * What a "compact up to here" is about to do, handed to the
 * #RamoAgentSession::before-compact handlers and to the executable hook: the entry that will
 * be the first one kept, the entries to summarize and the estimated size of the context. A
 * handler may cancel the compaction, supply the summary (the built-in summarizer is then
 * skipped) or change the instructions (see #RamoPreparation).
 */
struct _RamoCompactionPreparation
{
  RamoPreparation  parent_instance;

  char            *first_kept_entry_id;
  char            *leaf_id;
  gint64           tokens_before;
  char            *previous_summary;
};

G_DEFINE_FINAL_TYPE (RamoCompactionPreparation, ramo_compaction_preparation, RAMO_TYPE_PREPARATION)

enum {
  PROP_0,
  PROP_FIRST_KEPT_ENTRY_ID,
  PROP_LEAF_ID,
  PROP_TOKENS_BEFORE,
  PROP_PREVIOUS_SUMMARY,
  N_PROPS
};

static GParamSpec *properties [N_PROPS];

static void
ramo_compaction_preparation_finalize (GObject *object)
{
  RamoCompactionPreparation *self = (RamoCompactionPreparation *) object;

  g_clear_pointer (&self->first_kept_entry_id, g_free);
  g_clear_pointer (&self->leaf_id, g_free);
  g_clear_pointer (&self->previous_summary, g_free);

  G_OBJECT_CLASS (ramo_compaction_preparation_parent_class)->finalize (object);
}

static void
ramo_compaction_preparation_get_property (GObject    *object,
                                          guint       prop_id,
                                          GValue     *value,
                                          GParamSpec *pspec)
{
  RamoCompactionPreparation *self = RAMO_COMPACTION_PREPARATION (object);

  switch (prop_id)
    {
    case PROP_FIRST_KEPT_ENTRY_ID:
      g_value_set_string (value, self->first_kept_entry_id);
      break;
    case PROP_LEAF_ID:
      g_value_set_string (value, self->leaf_id);
      break;
    case PROP_TOKENS_BEFORE:
      g_value_set_int64 (value, self->tokens_before);
      break;
    case PROP_PREVIOUS_SUMMARY:
      g_value_set_string (value, self->previous_summary);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ramo_compaction_preparation_class_init (RamoCompactionPreparationClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GParamFlags ro = G_PARAM_READABLE | G_PARAM_STATIC_STRINGS;

  object_class->finalize = ramo_compaction_preparation_finalize;
  object_class->get_property = ramo_compaction_preparation_get_property;

  /**
   * RamoCompactionPreparation:first-kept-entry-id:
   *
   * The entry the compaction keeps from: it and what follows it stay in the context.
   */
  properties [PROP_FIRST_KEPT_ENTRY_ID] = g_param_spec_string ("first-kept-entry-id", NULL, NULL, NULL, ro);

  /**
   * RamoCompactionPreparation:leaf-id:
   *
   * The leaf the `compaction` entry will be appended to.
   */
  properties [PROP_LEAF_ID] = g_param_spec_string ("leaf-id", NULL, NULL, NULL, ro);

  /**
   * RamoCompactionPreparation:tokens-before:
   *
   * The context's estimated size before compacting, in tokens (characters / 4).
   */
  properties [PROP_TOKENS_BEFORE] = g_param_spec_int64 ("tokens-before", NULL, NULL, 0, G_MAXINT64, 0, ro);

  /**
   * RamoCompactionPreparation:previous-summary: (nullable)
   *
   * The summary of the previous compaction on the path, merged into the new one.
   */
  properties [PROP_PREVIOUS_SUMMARY] = g_param_spec_string ("previous-summary", NULL, NULL, NULL, ro);

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
ramo_compaction_preparation_init (RamoCompactionPreparation *self)
{
}

/**
 * ramo_compaction_preparation_new:
 * @first_kept_entry_id: the entry to keep from
 * @leaf_id: the current leaf
 * @entries: (element-type JsonNode): the entries to summarize, oldest first (JSON objects;
 *   referenced, not copied)
 * @tokens_before: the context's estimated size in tokens
 * @previous_summary: (nullable): the previous compaction's summary
 * @cancellable: (nullable): the compaction's #GCancellable; a new one is made if %NULL
 *
 * Returns: (transfer full): a new preparation
 */
RamoCompactionPreparation *
ramo_compaction_preparation_new (const char   *first_kept_entry_id,
                                 const char   *leaf_id,
                                 GPtrArray    *entries,
                                 gint64        tokens_before,
                                 const char   *previous_summary,
                                 GCancellable *cancellable)
{
  RamoCompactionPreparation *self;

  g_return_val_if_fail (first_kept_entry_id != NULL, NULL);
  g_return_val_if_fail (entries != NULL, NULL);
  g_return_val_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable), NULL);

  self = g_object_new (RAMO_TYPE_COMPACTION_PREPARATION, NULL);
  self->first_kept_entry_id = g_strdup (first_kept_entry_id);
  self->leaf_id = g_strdup (leaf_id);
  _ramo_preparation_set_snapshot (RAMO_PREPARATION (self), entries, cancellable);
  self->tokens_before = tokens_before;
  self->previous_summary = g_strdup (previous_summary);
  return self;
}

/**
 * ramo_compaction_preparation_get_first_kept_entry_id:
 * @self: a preparation
 *
 * Returns: the entry kept from
 */
const char *
ramo_compaction_preparation_get_first_kept_entry_id (RamoCompactionPreparation *self)
{
  g_return_val_if_fail (RAMO_IS_COMPACTION_PREPARATION (self), NULL);
  return self->first_kept_entry_id;
}

/**
 * ramo_compaction_preparation_get_leaf_id:
 * @self: a preparation
 *
 * Returns: (nullable): the leaf the compaction is appended to
 */
const char *
ramo_compaction_preparation_get_leaf_id (RamoCompactionPreparation *self)
{
  g_return_val_if_fail (RAMO_IS_COMPACTION_PREPARATION (self), NULL);
  return self->leaf_id;
}

/**
 * ramo_compaction_preparation_get_entries:
 * @self: a preparation
 *
 * Returns: (transfer none) (element-type JsonNode): the entries to summarize, oldest first
 */
GPtrArray *
ramo_compaction_preparation_get_entries (RamoCompactionPreparation *self)
{
  g_return_val_if_fail (RAMO_IS_COMPACTION_PREPARATION (self), NULL);
  return ramo_preparation_get_entries (RAMO_PREPARATION (self));
}

/**
 * ramo_compaction_preparation_dup_entry_ids:
 * @self: a preparation
 *
 * Returns: (transfer full) (array zero-terminated=1): the ids of the entries to summarize
 */
char **
ramo_compaction_preparation_dup_entry_ids (RamoCompactionPreparation *self)
{
  g_return_val_if_fail (RAMO_IS_COMPACTION_PREPARATION (self), NULL);
  return ramo_preparation_dup_entry_ids (RAMO_PREPARATION (self));
}

/**
 * ramo_compaction_preparation_get_tokens_before:
 * @self: a preparation
 *
 * Returns: the context's estimated size in tokens
 */
gint64
ramo_compaction_preparation_get_tokens_before (RamoCompactionPreparation *self)
{
  g_return_val_if_fail (RAMO_IS_COMPACTION_PREPARATION (self), 0);
  return self->tokens_before;
}

/**
 * ramo_compaction_preparation_get_previous_summary:
 * @self: a preparation
 *
 * Returns: (nullable): the previous compaction's summary
 */
const char *
ramo_compaction_preparation_get_previous_summary (RamoCompactionPreparation *self)
{
  g_return_val_if_fail (RAMO_IS_COMPACTION_PREPARATION (self), NULL);
  return self->previous_summary;
}

/**
 * ramo_compaction_preparation_get_cancellable:
 * @self: a preparation
 *
 * Returns: (transfer none): the compaction's cancellable
 */
GCancellable *
ramo_compaction_preparation_get_cancellable (RamoCompactionPreparation *self)
{
  g_return_val_if_fail (RAMO_IS_COMPACTION_PREPARATION (self), NULL);
  return ramo_preparation_get_cancellable (RAMO_PREPARATION (self));
}

/**
 * ramo_compaction_preparation_get_custom_instructions:
 * @self: a preparation
 *
 * Returns: (nullable): the instructions for the summarizer
 */
const char *
ramo_compaction_preparation_get_custom_instructions (RamoCompactionPreparation *self)
{
  g_return_val_if_fail (RAMO_IS_COMPACTION_PREPARATION (self), NULL);
  return ramo_preparation_get_custom_instructions (RAMO_PREPARATION (self));
}

/**
 * ramo_compaction_preparation_set_custom_instructions:
 * @self: a preparation
 * @instructions: (nullable): new instructions; %NULL or "" for none
 */
void
ramo_compaction_preparation_set_custom_instructions (RamoCompactionPreparation *self,
                                                     const char                *instructions)
{
  g_return_if_fail (RAMO_IS_COMPACTION_PREPARATION (self));
  ramo_preparation_set_custom_instructions (RAMO_PREPARATION (self), instructions);
}

/**
 * ramo_compaction_preparation_cancel:
 * @self: a preparation
 *
 * Cancels the compaction: nothing is written.
 */
void
ramo_compaction_preparation_cancel (RamoCompactionPreparation *self)
{
  g_return_if_fail (RAMO_IS_COMPACTION_PREPARATION (self));
  ramo_preparation_cancel (RAMO_PREPARATION (self));
}

/**
 * ramo_compaction_preparation_is_cancelled:
 * @self: a preparation
 *
 * Returns: whether a handler cancelled the compaction
 */
gboolean
ramo_compaction_preparation_is_cancelled (RamoCompactionPreparation *self)
{
  g_return_val_if_fail (RAMO_IS_COMPACTION_PREPARATION (self), FALSE);
  return ramo_preparation_is_cancelled (RAMO_PREPARATION (self));
}

/**
 * ramo_compaction_preparation_set_summary:
 * @self: a preparation
 * @summary: (nullable): the summary text; %NULL or "" withdraws a supplied summary
 * @details: (nullable): data stored with it in the entry's `details`
 *
 * Supplies the compaction's summary: the built-in summarizer is skipped and the entry records
 * `fromHook: true`.
 */
void
ramo_compaction_preparation_set_summary (RamoCompactionPreparation *self,
                                         const char                *summary,
                                         JsonNode                  *details)
{
  g_return_if_fail (RAMO_IS_COMPACTION_PREPARATION (self));
  ramo_preparation_set_summary (RAMO_PREPARATION (self), summary, details);
}

/**
 * ramo_compaction_preparation_get_summary:
 * @self: a preparation
 *
 * Returns: (nullable): the supplied summary
 */
const char *
ramo_compaction_preparation_get_summary (RamoCompactionPreparation *self)
{
  g_return_val_if_fail (RAMO_IS_COMPACTION_PREPARATION (self), NULL);
  return ramo_preparation_get_summary (RAMO_PREPARATION (self));
}

/**
 * ramo_compaction_preparation_get_details:
 * @self: a preparation
 *
 * Returns: (transfer none) (nullable): the supplied summary's details
 */
JsonNode *
ramo_compaction_preparation_get_details (RamoCompactionPreparation *self)
{
  g_return_val_if_fail (RAMO_IS_COMPACTION_PREPARATION (self), NULL);
  return ramo_preparation_get_details (RAMO_PREPARATION (self));
}

/**
 * ramo_compaction_preparation_to_json:
 * @self: a preparation
 *
 * Returns: (transfer full): `{firstKeptEntryId, leafId, tokensBefore, previousSummary?,
 *   entriesToSummarize, customInstructions?}`
 */
JsonNode *
ramo_compaction_preparation_to_json (RamoCompactionPreparation *self)
{
  RamoPreparation *base = (RamoPreparation *) self;
  const char *instructions;
  JsonObject *object;
  JsonNode *node;

  g_return_val_if_fail (RAMO_IS_COMPACTION_PREPARATION (self), NULL);

  instructions = ramo_preparation_get_custom_instructions (base);
  object = json_object_new ();
  json_object_set_string_member (object, "firstKeptEntryId", self->first_kept_entry_id);
  if (self->leaf_id)
    json_object_set_string_member (object, "leafId", self->leaf_id);
  else
    json_object_set_null_member (object, "leafId");
  json_object_set_int_member (object, "tokensBefore", self->tokens_before);
  if (self->previous_summary)
    json_object_set_string_member (object, "previousSummary", self->previous_summary);
  json_object_set_array_member (object, "entriesToSummarize", _ramo_preparation_dup_entries_json (base));
  if (instructions)
    json_object_set_string_member (object, "customInstructions", instructions);
  node = json_node_new (JSON_NODE_OBJECT);
  json_node_take_object (node, object);
  return node;
}

/**
 * ramo_compaction_preparation_apply_answer:
 * @self: a preparation
 * @answer: an executable hook's answer
 * @error: return location for a #GError, or %NULL
 *
 * Applies a hook's answer: `{"cancel": true}` cancels; `{"summary": "…", "details": {…}}` (or
 * pi's `{"compaction": {"summary": "…", "details": {…}}}`) supplies the summary;
 * `customInstructions` overrides the instructions; `{}` changes nothing. A malformed answer
 * changes nothing.
 *
 * Errors: %RAMO_HOOK_ERROR_BAD_OUTPUT when a member has the wrong type.
 *
 * Returns: %TRUE when the answer was applied
 */
gboolean
ramo_compaction_preparation_apply_answer (RamoCompactionPreparation  *self,
                                          JsonObject                 *answer,
                                          GError                    **error)
{
  g_auto(RamoPreparationAnswer) read = { 0, };

  g_return_val_if_fail (RAMO_IS_COMPACTION_PREPARATION (self), FALSE);
  g_return_val_if_fail (answer != NULL, FALSE);

  if (!_ramo_preparation_read_answer (answer, "compaction", &read, error))
    return FALSE;
  _ramo_preparation_apply_answer (RAMO_PREPARATION (self), &read);
  return TRUE;
}

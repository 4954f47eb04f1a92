/* ramo-preparation.c — what a navigation or a compaction is about to do, for handlers and hooks
 *
 * Copyright 2026 The Ramo authors
 *
 * This program is free software: you can redistribute it and/or modify it under the terms of the
 * GNU General Public License as published by the Free Software Foundation, either version 3 of
 * the License, or (at your option) any later version.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ramo-preparation"

#include "config.h"

#include "ramo-core-private.h"
#include "ramo-hook.h"
#include "ramo-preparation-private.h"

/**
 * RamoPreparation:
 *
 * What a change of the session that may need a summary is about to do, handed to its
 * handlers and to the executable hook before anything is written: the base of
 * #RamoTreePreparation (a navigation, pi's `TreePreparation`) and #RamoCompactionPreparation
 * (a compaction). It holds what both have: the entries to summarize, a snapshot taken when the
 * change started; the change's cancellable; and what a handler may decide: cancel the change,
 * supply the summary (the built-in summarizer is then skipped), or change the instructions for
 * the summarizer.
 */
typedef struct
{
  GPtrArray    *entries;
  GCancellable *cancellable;
  char         *custom_instructions;
  char         *summary;
  JsonNode     *details;
  gboolean      cancelled;
} RamoPreparationPrivate;

G_DEFINE_ABSTRACT_TYPE_WITH_PRIVATE (RamoPreparation, ramo_preparation, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_CUSTOM_INSTRUCTIONS,
  PROP_CANCELLED,
  PROP_SUMMARY,
  N_PROPS
};

static GParamSpec *properties [N_PROPS];

static void
ramo_preparation_dispose (GObject *object)
{
  RamoPreparationPrivate *priv = ramo_preparation_get_instance_private (RAMO_PREPARATION (object));

  g_clear_object (&priv->cancellable);

  G_OBJECT_CLASS (ramo_preparation_parent_class)->dispose (object);
}

static void
ramo_preparation_finalize (GObject *object)
{
  RamoPreparationPrivate *priv = ramo_preparation_get_instance_private (RAMO_PREPARATION (object));

  g_clear_pointer (&priv->entries, g_ptr_array_unref);
  g_clear_pointer (&priv->custom_instructions, g_free);
  g_clear_pointer (&priv->summary, g_free);
  g_clear_pointer (&priv->details, json_node_unref);

  G_OBJECT_CLASS (ramo_preparation_parent_class)->finalize (object);
}

static void
ramo_preparation_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  RamoPreparation *self = RAMO_PREPARATION (object);

  switch (prop_id)
    {
    case PROP_CUSTOM_INSTRUCTIONS:
      g_value_set_string (value, ramo_preparation_get_custom_instructions (self));
      break;
    case PROP_CANCELLED:
      g_value_set_boolean (value, ramo_preparation_is_cancelled (self));
      break;
    case PROP_SUMMARY:
      g_value_set_string (value, ramo_preparation_get_summary (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ramo_preparation_set_property (GObject      *object,
                               guint         prop_id,
                               const GValue *value,
                               GParamSpec   *pspec)
{
  RamoPreparation *self = RAMO_PREPARATION (object);

  switch (prop_id)
    {
    case PROP_CUSTOM_INSTRUCTIONS:
      ramo_preparation_set_custom_instructions (self, g_value_get_string (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ramo_preparation_class_init (RamoPreparationClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GParamFlags ro = G_PARAM_READABLE | G_PARAM_STATIC_STRINGS;

  object_class->dispose = ramo_preparation_dispose;
  object_class->finalize = ramo_preparation_finalize;
  object_class->get_property = ramo_preparation_get_property;
  object_class->set_property = ramo_preparation_set_property;

  /**
   * RamoPreparation:custom-instructions: (nullable)
   *
   * The user's instructions for the summarizer; handlers may change them.
   */
  properties [PROP_CUSTOM_INSTRUCTIONS] =
    g_param_spec_string ("custom-instructions", NULL, NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  /**
   * RamoPreparation:cancelled:
   *
   * Whether a handler cancelled the change.
   */
  properties [PROP_CANCELLED] = g_param_spec_boolean ("cancelled", NULL, NULL, FALSE, ro);

  /**
   * RamoPreparation:summary: (nullable)
   *
   * The summary a handler supplied, if any.
   */
  properties [PROP_SUMMARY] = g_param_spec_string ("summary", NULL, NULL, NULL, ro);

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
ramo_preparation_init (RamoPreparation *self)
{
}

/* For the subclasses' constructors: @entries (JSON objects) are referenced, not copied; a
 * new cancellable is made if @cancellable is %NULL. */
void
_ramo_preparation_set_snapshot (RamoPreparation *self,
                                GPtrArray       *entries,
                                GCancellable    *cancellable)
{
  RamoPreparationPrivate *priv = ramo_preparation_get_instance_private (self);

  g_assert (RAMO_IS_PREPARATION (self));
  g_assert (priv->entries == NULL);

  priv->entries = g_ptr_array_new_full (entries->len, (GDestroyNotify) json_node_unref);
  for (guint i = 0; i < entries->len; i++)
    g_ptr_array_add (priv->entries, json_node_ref (g_ptr_array_index (entries, i)));
  priv->cancellable = cancellable ? g_object_ref (cancellable) : g_cancellable_new ();
}

/* The entries for the hook's JSON (`entriesToSummarize`): copies. */
JsonArray *
_ramo_preparation_dup_entries_json (RamoPreparation *self)
{
  RamoPreparationPrivate *priv = ramo_preparation_get_instance_private (self);
  JsonArray *entries;

  g_assert (RAMO_IS_PREPARATION (self));

  entries = json_array_sized_new (priv->entries->len);
  for (guint i = 0; i < priv->entries->len; i++)
    json_array_add_element (entries, json_node_copy (g_ptr_array_index (priv->entries, i)));
  return entries;
}

/**
 * ramo_preparation_get_entries:
 * @self: a preparation
 *
 * Returns: (transfer none) (element-type JsonNode): the entries to summarize, oldest first, as
 *   JSON objects; do not change them
 */
GPtrArray *
ramo_preparation_get_entries (RamoPreparation *self)
{
  RamoPreparationPrivate *priv = ramo_preparation_get_instance_private (self);

  g_return_val_if_fail (RAMO_IS_PREPARATION (self), NULL);
  return priv->entries;
}

/**
 * ramo_preparation_dup_entry_ids:
 * @self: a preparation
 *
 * Returns: (transfer full) (array zero-terminated=1): the ids of the entries to summarize
 *   (entries without a string `id` are left out)
 */
char **
ramo_preparation_dup_entry_ids (RamoPreparation *self)
{
  RamoPreparationPrivate *priv = ramo_preparation_get_instance_private (self);
  GStrvBuilder *builder;
  char **ids;

  g_return_val_if_fail (RAMO_IS_PREPARATION (self), NULL);

  builder = g_strv_builder_new ();
  for (guint i = 0; i < priv->entries->len; i++)
    {
      JsonNode *node = g_ptr_array_index (priv->entries, i);
      JsonNode *id = JSON_NODE_HOLDS_OBJECT (node) ? json_object_get_member (json_node_get_object (node), "id") : NULL;

      if (id && JSON_NODE_HOLDS_VALUE (id) && json_node_get_value_type (id) == G_TYPE_STRING)
        g_strv_builder_add (builder, json_node_get_string (id));
    }
  ids = g_strv_builder_end (builder);
  g_strv_builder_unref (builder);
  return ids;
}

/**
 * ramo_preparation_get_cancellable:
 * @self: a preparation
 *
 * Returns: (transfer none): the change's cancellable
 */
GCancellable *
ramo_preparation_get_cancellable (RamoPreparation *self)
{
  RamoPreparationPrivate *priv = ramo_preparation_get_instance_private (self);

  g_return_val_if_fail (RAMO_IS_PREPARATION (self), NULL);
  return priv->cancellable;
}

/**
 * ramo_preparation_get_custom_instructions:
 * @self: a preparation
 *
 * Returns: (nullable): the instructions for the summarizer
 */
const char *
ramo_preparation_get_custom_instructions (RamoPreparation *self)
{
  RamoPreparationPrivate *priv = ramo_preparation_get_instance_private (self);

  g_return_val_if_fail (RAMO_IS_PREPARATION (self), NULL);
  return priv->custom_instructions;
}

/**
 * ramo_preparation_set_custom_instructions:
 * @self: a preparation
 * @instructions: (nullable): new instructions; %NULL or "" for none
 */
void
ramo_preparation_set_custom_instructions (RamoPreparation *self,
                                          const char      *instructions)
{
  RamoPreparationPrivate *priv = ramo_preparation_get_instance_private (self);

  g_return_if_fail (RAMO_IS_PREPARATION (self));

  if (_ramo_set_optional_string (&priv->custom_instructions, instructions))
    g_object_notify_by_pspec (G_OBJECT (self), properties [PROP_CUSTOM_INSTRUCTIONS]);
}

/**
 * ramo_preparation_cancel:
 * @self: a preparation
 *
 * Cancels the change: nothing is written.
 */
void
ramo_preparation_cancel (RamoPreparation *self)
{
  RamoPreparationPrivate *priv = ramo_preparation_get_instance_private (self);

  g_return_if_fail (RAMO_IS_PREPARATION (self));

  if (priv->cancelled)
    return;
  priv->cancelled = TRUE;
  g_object_notify_by_pspec (G_OBJECT (self), properties [PROP_CANCELLED]);
}

/**
 * ramo_preparation_is_cancelled:
 * @self: a preparation
 *
 * Returns: whether a handler cancelled the change
 */
gboolean
ramo_preparation_is_cancelled (RamoPreparation *self)
{
  RamoPreparationPrivate *priv = ramo_preparation_get_instance_private (self);

  g_return_val_if_fail (RAMO_IS_PREPARATION (self), FALSE);
  return priv->cancelled;
}

/* A summary supplied by a hook: its text (as _ramo_set_optional_string()) and the details
 * stored with it, kept only with a text. Returns TRUE when the text changed. */
static gboolean
set_summary (char       **summary,
             JsonNode   **details,
             const char  *text,
             JsonNode    *new_details)
{
  g_clear_pointer (details, json_node_unref);
  if (text && *text && new_details)
    *details = json_node_copy (new_details);
  return _ramo_set_optional_string (summary, text);
}

/**
 * ramo_preparation_set_summary:
 * @self: a preparation
 * @summary: (nullable): the summary text; %NULL or "" withdraws a supplied summary
 * @details: (nullable): data stored with it in the entry's `details` (copied)
 *
 * Supplies the summary: the built-in summarizer is skipped and the entry records
 * `fromHook: true` (see the subclasses for when the summary is used).
 */
void
ramo_preparation_set_summary (RamoPreparation *self,
                              const char      *summary,
                              JsonNode        *details)
{
  RamoPreparationPrivate *priv = ramo_preparation_get_instance_private (self);

  g_return_if_fail (RAMO_IS_PREPARATION (self));

  if (set_summary (&priv->summary, &priv->details, summary, details))
    g_object_notify_by_pspec (G_OBJECT (self), properties [PROP_SUMMARY]);
}

/**
 * ramo_preparation_get_summary:
 * @self: a preparation
 *
 * Returns: (nullable): the supplied summary
 */
const char *
ramo_preparation_get_summary (RamoPreparation *self)
{
  RamoPreparationPrivate *priv = ramo_preparation_get_instance_private (self);

  g_return_val_if_fail (RAMO_IS_PREPARATION (self), NULL);
  return priv->summary;
}

/**
 * ramo_preparation_get_details:
 * @self: a preparation
 *
 * Returns: (transfer none) (nullable): the supplied summary's details
 */
JsonNode *
ramo_preparation_get_details (RamoPreparation *self)
{
  RamoPreparationPrivate *priv = ramo_preparation_get_instance_private (self);

  g_return_val_if_fail (RAMO_IS_PREPARATION (self), NULL);
  return priv->details;
}

/* Reads into @out (zeroed by the caller) the members of a hook's answer that every
 * preparation knows: `cancel`, the summary in any of its forms (@summary_member: where pi
 * nests it besides `summary`, or %NULL; see ramo_hook_answer_summary()) and
 * `customInstructions`. Sets %RAMO_HOOK_ERROR_BAD_OUTPUT when one has the wrong type. */
gboolean
_ramo_preparation_read_answer (JsonObject            *answer,
                               const char            *summary_member,
                               RamoPreparationAnswer *out,
                               GError               **error)
{
  gboolean has_cancel = FALSE;

  return ramo_hook_answer_boolean (answer, "cancel", &has_cancel, &out->cancel, error) &&
         ramo_hook_answer_summary (answer, summary_member, &out->summary, &out->details, error) &&
         ramo_hook_answer_string (answer, "customInstructions", &out->has_instructions, &out->instructions, error);
}

/* Applies what _ramo_preparation_read_answer() read, in the order of the hook's contract:
 * cancel, summary, instructions. */
void
_ramo_preparation_apply_answer (RamoPreparation       *self,
                                RamoPreparationAnswer *answer)
{
  g_assert (RAMO_IS_PREPARATION (self));

  if (answer->cancel)
    ramo_preparation_cancel (self);
  if (answer->summary)
    ramo_preparation_set_summary (self, answer->summary, answer->details);
  if (answer->has_instructions)
    ramo_preparation_set_custom_instructions (self, answer->instructions);
}

void
_ramo_preparation_answer_clear (RamoPreparationAnswer *answer)
{
  g_clear_pointer (&answer->summary, g_free);
  g_clear_pointer (&answer->details, json_node_unref);
  g_clear_pointer (&answer->instructions, g_free);
}

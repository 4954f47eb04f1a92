/* ramo-tree-preparation.c — what a tree navigation is about to do, for handlers and hooks
 *
 * Copyright 2026 The Ramo authors
 *
 * This program is free software: you can redistribute it and/or modify it under the terms of the
 * GNU General Public License as published by the Free Software Foundation, either version 3 of
 * the License, or (at your option) any later version.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ramo-tree-preparation"

#include "config.h"

#include "ramo-core-private.h"
#include "ramo-hook.h"
#include "ramo-preparation-private.h"
#include "ramo-tree-preparation.h"

/**
 * RamoTreePreparation:
 *
 * pi's `TreePreparation`: what a navigation inside the session file (spec §5) is about to do,
 * handed to the #RamoAgentSession::before-tree handlers and to the executable hook. A handler
 * reads it and may change it: cancel the navigation, supply the summary (the built-in
 * summarizer is then skipped), or change the instructions and the label. The values it
 * describes are a snapshot taken when the navigation started. What it shares with a
 * compaction's preparation is its base, #RamoPreparation.
 */
struct _RamoTreePreparation
{
  RamoPreparation  parent_instance;

  char            *target_id;
  char            *old_leaf_id;
  char            *common_ancestor_id;
  char            *label;
  guint            user_wants_summary : 1;
  guint            replace_instructions : 1;
};

G_DEFINE_FINAL_TYPE (RamoTreePreparation, ramo_tree_preparation, RAMO_TYPE_PREPARATION)

enum {
  PROP_0,
  PROP_TARGET_ID,
  PROP_OLD_LEAF_ID,
  PROP_COMMON_ANCESTOR_ID,
  PROP_USER_WANTS_SUMMARY,
  PROP_REPLACE_INSTRUCTIONS,
  PROP_LABEL,
  N_PROPS
};

static GParamSpec *properties [N_PROPS];

static void
ramo_tree_preparation_finalize (GObject *object)
{
  RamoTreePreparation *self = (RamoTreePreparation *) object;

  g_clear_pointer (&self->target_id, g_free);
  g_clear_pointer (&self->old_leaf_id, g_free);
  g_clear_pointer (&self->common_ancestor_id, g_free);
  g_clear_pointer (&self->label, g_free);

  G_OBJECT_CLASS (ramo_tree_preparation_parent_class)->finalize (object);
}

static void
ramo_tree_preparation_get_property (GObject    *object,
                                    guint       prop_id,
                                    GValue     *value,
                                    GParamSpec *pspec)
{
  RamoTreePreparation *self = RAMO_TREE_PREPARATION (object);

  switch (prop_id)
    {
    case PROP_TARGET_ID:
      g_value_set_string (value, self->target_id);
      break;
    case PROP_OLD_LEAF_ID:
      g_value_set_string (value, self->old_leaf_id);
      break;
    case PROP_COMMON_ANCESTOR_ID:
      g_value_set_string (value, self->common_ancestor_id);
      break;
    case PROP_USER_WANTS_SUMMARY:
      g_value_set_boolean (value, self->user_wants_summary);
      break;
    case PROP_REPLACE_INSTRUCTIONS:
      g_value_set_boolean (value, self->replace_instructions);
      break;
    case PROP_LABEL:
      g_value_set_string (value, self->label);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ramo_tree_preparation_set_property (GObject      *object,
                                    guint         prop_id,
                                    const GValue *value,
                                    GParamSpec   *pspec)
{
  RamoTreePreparation *self = RAMO_TREE_PREPARATION (object);

  switch (prop_id)
    {
    case PROP_REPLACE_INSTRUCTIONS:
      ramo_tree_preparation_set_replace_instructions (self, g_value_get_boolean (value));
      break;
    case PROP_LABEL:
      ramo_tree_preparation_set_label (self, g_value_get_string (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ramo_tree_preparation_class_init (RamoTreePreparationClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GParamFlags ro = G_PARAM_READABLE | G_PARAM_STATIC_STRINGS;
  GParamFlags rw = G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->finalize = ramo_tree_preparation_finalize;
  object_class->get_property = ramo_tree_preparation_get_property;
  object_class->set_property = ramo_tree_preparation_set_property;

  /**
   * RamoTreePreparation:target-id:
   *
   * The entry the user selected.
   */
  properties [PROP_TARGET_ID] = g_param_spec_string ("target-id", NULL, NULL, NULL, ro);

  /**
   * RamoTreePreparation:old-leaf-id: (nullable)
   *
   * The leaf before the navigation, %NULL when it was before the first entry.
   */
  properties [PROP_OLD_LEAF_ID] = g_param_spec_string ("old-leaf-id", NULL, NULL, NULL, ro);

  /**
   * RamoTreePreparation:common-ancestor-id: (nullable)
   *
   * The deepest entry on both the old leaf's and the target's path, %NULL when none is.
   */
  properties [PROP_COMMON_ANCESTOR_ID] = g_param_spec_string ("common-ancestor-id", NULL, NULL, NULL, ro);

  /**
   * RamoTreePreparation:user-wants-summary:
   *
   * Whether the user asked for a summary of the branch being left. A supplied summary is
   * used only then.
   */
  properties [PROP_USER_WANTS_SUMMARY] = g_param_spec_boolean ("user-wants-summary", NULL, NULL, FALSE, ro);

  /**
   * RamoTreePreparation:replace-instructions:
   *
   * Whether the custom instructions replace the default ones instead of adding to them.
   */
  properties [PROP_REPLACE_INSTRUCTIONS] = g_param_spec_boolean ("replace-instructions", NULL, NULL, FALSE, rw);

  /**
   * RamoTreePreparation:label: (nullable)
   *
   * A label to set after navigating: on the summary entry when one is made, else on the target.
   */
  properties [PROP_LABEL] = g_param_spec_string ("label", NULL, NULL, NULL, rw);

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
ramo_tree_preparation_init (RamoTreePreparation *self)
{
}

/**
 * ramo_tree_preparation_new:
 * @target_id: the selected entry
 * @old_leaf_id: (nullable): the current leaf
 * @common_ancestor_id: (nullable): the deepest common ancestor of the two
 * @entries: (element-type JsonNode): the entries of the branch being left, oldest first (their
 *   JSON objects); they are referenced, not copied
 * @user_wants_summary: whether the user asked for a summary
 * @cancellable: (nullable): the navigation's #GCancellable; a new one is made if %NULL
 *
 * Returns: (transfer full): a new preparation
 */
RamoTreePreparation *
ramo_tree_preparation_new (const char   *target_id,
                           const char   *old_leaf_id,
                           const char   *common_ancestor_id,
                           GPtrArray    *entries,
                           gboolean      user_wants_summary,
                           GCancellable *cancellable)
{
  RamoTreePreparation *self;

  g_return_val_if_fail (target_id != NULL, NULL);
  g_return_val_if_fail (entries != NULL, NULL);
  g_return_val_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable), NULL);

  self = g_object_new (RAMO_TYPE_TREE_PREPARATION, NULL);
  self->target_id = g_strdup (target_id);
  self->old_leaf_id = g_strdup (old_leaf_id);
  self->common_ancestor_id = g_strdup (common_ancestor_id);
  _ramo_preparation_set_snapshot (RAMO_PREPARATION (self), entries, cancellable);
  self->user_wants_summary = !!user_wants_summary;
  return self;
}

/**
 * ramo_tree_preparation_get_target_id:
 * @self: a preparation
 *
 * Returns: the selected entry's id
 */
const char *
ramo_tree_preparation_get_target_id (RamoTreePreparation *self)
{
  g_return_val_if_fail (RAMO_IS_TREE_PREPARATION (self), NULL);
  return self->target_id;
}

/**
 * ramo_tree_preparation_get_old_leaf_id:
 * @self: a preparation
 *
 * Returns: (nullable): the leaf before the navigation
 */
const char *
ramo_tree_preparation_get_old_leaf_id (RamoTreePreparation *self)
{
  g_return_val_if_fail (RAMO_IS_TREE_PREPARATION (self), NULL);
  return self->old_leaf_id;
}

/**
 * ramo_tree_preparation_get_common_ancestor_id:
 * @self: a preparation
 *
 * Returns: (nullable): the deepest entry on both paths
 */
const char *
ramo_tree_preparation_get_common_ancestor_id (RamoTreePreparation *self)
{
  g_return_val_if_fail (RAMO_IS_TREE_PREPARATION (self), NULL);
  return self->common_ancestor_id;
}

/**
 * ramo_tree_preparation_get_entries:
 * @self: a preparation
 *
 * The entries to summarize: the old leaf's path from just below the common ancestor down to
 * the old leaf, oldest first, as JSON objects in their version-3 form.
 *
 * Returns: (transfer none) (element-type JsonNode): the entries; do not change them
 */
GPtrArray *
ramo_tree_preparation_get_entries (RamoTreePreparation *self)
{
  g_return_val_if_fail (RAMO_IS_TREE_PREPARATION (self), NULL);
  return ramo_preparation_get_entries (RAMO_PREPARATION (self));
}

/**
 * ramo_tree_preparation_dup_entry_ids:
 * @self: a preparation
 *
 * Returns: (transfer full) (array zero-terminated=1): the ids of the entries to summarize
 */
char **
ramo_tree_preparation_dup_entry_ids (RamoTreePreparation *self)
{
  g_return_val_if_fail (RAMO_IS_TREE_PREPARATION (self), NULL);
  return ramo_preparation_dup_entry_ids (RAMO_PREPARATION (self));
}

/**
 * ramo_tree_preparation_get_user_wants_summary:
 * @self: a preparation
 *
 * Returns: whether the user asked for a summary
 */
gboolean
ramo_tree_preparation_get_user_wants_summary (RamoTreePreparation *self)
{
  g_return_val_if_fail (RAMO_IS_TREE_PREPARATION (self), FALSE);
  return self->user_wants_summary;
}

/**
 * ramo_tree_preparation_get_cancellable:
 * @self: a preparation
 *
 * The navigation's cancellable: it is cancelled when the user aborts (Escape). A handler that
 * does slow work should watch it.
 *
 * Returns: (transfer none): the cancellable
 */
GCancellable *
ramo_tree_preparation_get_cancellable (RamoTreePreparation *self)
{
  g_return_val_if_fail (RAMO_IS_TREE_PREPARATION (self), NULL);
  return ramo_preparation_get_cancellable (RAMO_PREPARATION (self));
}

/**
 * ramo_tree_preparation_get_custom_instructions:
 * @self: a preparation
 *
 * Returns: (nullable): the instructions for the summarizer
 */
const char *
ramo_tree_preparation_get_custom_instructions (RamoTreePreparation *self)
{
  g_return_val_if_fail (RAMO_IS_TREE_PREPARATION (self), NULL);
  return ramo_preparation_get_custom_instructions (RAMO_PREPARATION (self));
}

/**
 * ramo_tree_preparation_set_custom_instructions:
 * @self: a preparation
 * @instructions: (nullable): new instructions; %NULL or "" for none
 */
void
ramo_tree_preparation_set_custom_instructions (RamoTreePreparation *self,
                                               const char          *instructions)
{
  g_return_if_fail (RAMO_IS_TREE_PREPARATION (self));
  ramo_preparation_set_custom_instructions (RAMO_PREPARATION (self), instructions);
}

/**
 * ramo_tree_preparation_get_replace_instructions:
 * @self: a preparation
 *
 * Returns: whether the custom instructions replace the default ones
 */
gboolean
ramo_tree_preparation_get_replace_instructions (RamoTreePreparation *self)
{
  g_return_val_if_fail (RAMO_IS_TREE_PREPARATION (self), FALSE);
  return self->replace_instructions;
}

/**
 * ramo_tree_preparation_set_replace_instructions:
 * @self: a preparation
 * @replace: whether the custom instructions replace the default ones
 */
void
ramo_tree_preparation_set_replace_instructions (RamoTreePreparation *self,
                                                gboolean             replace)
{
  g_return_if_fail (RAMO_IS_TREE_PREPARATION (self));

  replace = !!replace;
  if (self->replace_instructions == (guint) replace)
    return;
  self->replace_instructions = replace;
  g_object_notify_by_pspec (G_OBJECT (self), properties [PROP_REPLACE_INSTRUCTIONS]);
}

/**
 * ramo_tree_preparation_get_label:
 * @self: a preparation
 *
 * Returns: (nullable): the label to set after navigating
 */
const char *
ramo_tree_preparation_get_label (RamoTreePreparation *self)
{
  g_return_val_if_fail (RAMO_IS_TREE_PREPARATION (self), NULL);
  return self->label;
}

/**
 * ramo_tree_preparation_set_label:
 * @self: a preparation
 * @label: (nullable): the label; %NULL or "" for none
 */
void
ramo_tree_preparation_set_label (RamoTreePreparation *self,
                                 const char          *label)
{
  g_return_if_fail (RAMO_IS_TREE_PREPARATION (self));

  if (_ramo_set_optional_string (&self->label, label))
    g_object_notify_by_pspec (G_OBJECT (self), properties [PROP_LABEL]);
}

/**
 * ramo_tree_preparation_cancel:
 * @self: a preparation
 *
 * Cancels the navigation: the leaf stays where it is and nothing is written.
 */
void
ramo_tree_preparation_cancel (RamoTreePreparation *self)
{
  g_return_if_fail (RAMO_IS_TREE_PREPARATION (self));
  ramo_preparation_cancel (RAMO_PREPARATION (self));
}

/**
 * ramo_tree_preparation_is_cancelled:
 * @self: a preparation
 *
 * Returns: whether a handler cancelled the navigation
 */
gboolean
ramo_tree_preparation_is_cancelled (RamoTreePreparation *self)
{
  g_return_val_if_fail (RAMO_IS_TREE_PREPARATION (self), FALSE);
  return ramo_preparation_is_cancelled (RAMO_PREPARATION (self));
}

/**
 * ramo_tree_preparation_set_summary:
 * @self: a preparation
 * @summary: (nullable): the summary text; %NULL or "" withdraws a supplied summary
 * @details: (nullable): data stored with it in the entry's `details`
 *
 * Supplies the summary of the branch being left. When the user asked for a summary, the
 * built-in summarizer is then skipped and the entry records `fromHook: true`; otherwise the
 * supplied summary is ignored (as in pi).
 */
void
ramo_tree_preparation_set_summary (RamoTreePreparation *self,
                                   const char          *summary,
                                   JsonNode            *details)
{
  g_return_if_fail (RAMO_IS_TREE_PREPARATION (self));
  ramo_preparation_set_summary (RAMO_PREPARATION (self), summary, details);
}

/**
 * ramo_tree_preparation_get_summary:
 * @self: a preparation
 *
 * Returns: (nullable): the supplied summary
 */
const char *
ramo_tree_preparation_get_summary (RamoTreePreparation *self)
{
  g_return_val_if_fail (RAMO_IS_TREE_PREPARATION (self), NULL);
  return ramo_preparation_get_summary (RAMO_PREPARATION (self));
}

/**
 * ramo_tree_preparation_get_details:
 * @self: a preparation
 *
 * Returns: (transfer none) (nullable): the supplied summary's details
 */
JsonNode *
ramo_tree_preparation_get_details (RamoTreePreparation *self)
{
  g_return_val_if_fail (RAMO_IS_TREE_PREPARATION (self), NULL);
  return ramo_preparation_get_details (RAMO_PREPARATION (self));
}

/**
 * ramo_tree_preparation_to_json:
 * @self: a preparation
 *
 * The preparation as pi's extensions see it: `{targetId, oldLeafId, commonAncestorId,
 * entriesToSummarize, userWantsSummary, customInstructions?, replaceInstructions?, label?}`
 * (the optional members are left out when unset).
 *
 * Returns: (transfer full): the JSON object
 */
JsonNode *
ramo_tree_preparation_to_json (RamoTreePreparation *self)
{
  RamoPreparation *base = (RamoPreparation *) self;
  const char *instructions;
  JsonObject *object;
  JsonNode *node;

  g_return_val_if_fail (RAMO_IS_TREE_PREPARATION (self), NULL);

  instructions = ramo_preparation_get_custom_instructions (base);
  object = json_object_new ();
  json_object_set_string_member (object, "targetId", self->target_id);
  if (self->old_leaf_id)
    json_object_set_string_member (object, "oldLeafId", self->old_leaf_id);
  else
    json_object_set_null_member (object, "oldLeafId");
  if (self->common_ancestor_id)
    json_object_set_string_member (object, "commonAncestorId", self->common_ancestor_id);
  else
    json_object_set_null_member (object, "commonAncestorId");
  json_object_set_array_member (object, "entriesToSummarize", _ramo_preparation_dup_entries_json (base));
  json_object_set_boolean_member (object, "userWantsSummary", self->user_wants_summary);
  if (instructions)
    json_object_set_string_member (object, "customInstructions", instructions);
  if (self->replace_instructions)
    json_object_set_boolean_member (object, "replaceInstructions", TRUE);
  if (self->label)
    json_object_set_string_member (object, "label", self->label);
  node = json_node_new (JSON_NODE_OBJECT);
  json_node_take_object (node, object);
  return node;
}

/**
 * ramo_tree_preparation_apply_answer:
 * @self: a preparation
 * @answer: an executable hook's answer
 * @error: return location for a #GError, or %NULL
 *
 * Applies a hook's answer: `{"cancel": true}` cancels; `{"summary": "…", "details": {…}}`
 * (or pi's `{"summary": {"summary": "…", "details": {…}}}`) supplies the summary;
 * `customInstructions`, `replaceInstructions` and `label` override those values; `{}` changes
 * nothing. Unknown members are ignored. A malformed answer changes nothing.
 *
 * Errors: %RAMO_HOOK_ERROR_BAD_OUTPUT when a member has the wrong type.
 *
 * Returns: %TRUE when the answer was applied
 */
gboolean
ramo_tree_preparation_apply_answer (RamoTreePreparation  *self,
                                    JsonObject           *answer,
                                    GError              **error)
{
  g_auto(RamoPreparationAnswer) read = { 0, };
  g_autofree char *label = NULL;
  gboolean has_replace = FALSE, replace = FALSE, has_label = FALSE;

  g_return_val_if_fail (RAMO_IS_TREE_PREPARATION (self), FALSE);
  g_return_val_if_fail (answer != NULL, FALSE);

  if (!_ramo_preparation_read_answer (answer, NULL, &read, error) ||
      !ramo_hook_answer_boolean (answer, "replaceInstructions", &has_replace, &replace, error) ||
      !ramo_hook_answer_string (answer, "label", &has_label, &label, error))
    return FALSE;

  _ramo_preparation_apply_answer (RAMO_PREPARATION (self), &read);
  if (has_replace)
    ramo_tree_preparation_set_replace_instructions (self, replace);
  if (has_label)
    ramo_tree_preparation_set_label (self, label);
  return TRUE;
}

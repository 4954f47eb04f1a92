/* ramo-agent-session-compact.c — compacting the active path up to an entry
 *
 * Copyright 2026 The Ramo authors
 *
 * This program is free software: you can redistribute it and/or modify it under the terms of the
 * GNU General Public License as published by the Free Software Foundation, either version 3 of
 * the License, or (at your option) any later version.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ramo-agent-session"

#include "config.h"

#include <string.h>

#include "ramo-agent-session-private.h"
#include "ramo-hook.h"
#include "ramo-json.h"

G_DEFINE_BOXED_TYPE (RamoCompactOptions, ramo_compact_options, ramo_compact_options_copy, ramo_compact_options_free)
G_DEFINE_BOXED_TYPE (RamoCompactResult, ramo_compact_result, ramo_compact_result_copy, ramo_compact_result_free)

/* ------------------------------------------------------------------------------------------ */
/* Boxed types                                                                                 */

/**
 * ramo_compact_options_new:
 *
 * Returns: (transfer full): options with nothing set
 */
RamoCompactOptions *
ramo_compact_options_new (void)
{
  return g_new0 (RamoCompactOptions, 1);
}

/**
 * ramo_compact_options_copy:
 * @options: options
 *
 * Returns: (transfer full): a copy
 */
RamoCompactOptions *
ramo_compact_options_copy (const RamoCompactOptions *options)
{
  RamoCompactOptions *copy;

  g_return_val_if_fail (options != NULL, NULL);

  copy = ramo_compact_options_new ();
  copy->custom_instructions = g_strdup (options->custom_instructions);
  return copy;
}

/**
 * ramo_compact_options_free:
 * @options: (nullable): options
 */
void
ramo_compact_options_free (RamoCompactOptions *options)
{
  if (options == NULL)
    return;
  g_free (options->custom_instructions);
  g_free (options);
}

/**
 * ramo_compact_result_copy:
 * @result: a result
 *
 * Returns: (transfer full): a copy
 */
RamoCompactResult *
ramo_compact_result_copy (const RamoCompactResult *result)
{
  RamoCompactResult *copy;

  g_return_val_if_fail (result != NULL, NULL);

  copy = g_new0 (RamoCompactResult, 1);
  copy->entry_id = g_strdup (result->entry_id);
  copy->summary = g_strdup (result->summary);
  copy->first_kept_entry_id = g_strdup (result->first_kept_entry_id);
  copy->tokens_before = result->tokens_before;
  copy->details = result->details ? json_node_copy (result->details) : NULL;
  copy->from_hook = result->from_hook;
  return copy;
}

/**
 * ramo_compact_result_free:
 * @result: (nullable): a result
 */
void
ramo_compact_result_free (RamoCompactResult *result)
{
  if (result == NULL)
    return;
  g_free (result->entry_id);
  g_free (result->summary);
  g_free (result->first_kept_entry_id);
  g_clear_pointer (&result->details, json_node_unref);
  g_free (result);
}

/* ------------------------------------------------------------------------------------------ */
/* Compaction                                                                                  */

typedef struct
{
  RamoCompactOptions        *options;
  RamoCompactionPreparation *preparation;
  RamoSummarizerConfig      *config;
  GCancellable              *cancellable;
  JsonNode                  *previous_details;
  char                      *kept_id;
  char                      *summary;
  JsonNode                  *details;
  gboolean                   from_hook;
} Compaction;

static void
compaction_free (gpointer data)
{
  Compaction *op = data;

  ramo_compact_options_free (op->options);
  g_clear_object (&op->preparation);
  g_clear_object (&op->config);
  g_clear_object (&op->cancellable);
  g_clear_pointer (&op->previous_details, json_node_unref);
  g_free (op->kept_id);
  g_free (op->summary);
  g_clear_pointer (&op->details, json_node_unref);
  g_free (op);
}

static void
compaction_fail (GTask  *task,
                 GError *error)
{
  _ramo_agent_session_end_operation (g_task_get_source_object (task));
  g_task_return_error (task, error);
}

static gboolean
kept_entry_on_active_path (RamoSessionManager *manager,
                           const char         *kept_id)
{
  for (RamoEntry *e = ramo_session_manager_get_leaf (manager); e; e = e->parent)
    if (strcmp (e->id, kept_id) == 0)
      return TRUE;
  return FALSE;
}

static void
compaction_apply (GTask *task)
{
  RamoAgentSession *self = g_task_get_source_object (task);
  Compaction *op = g_task_get_task_data (task);
  g_autoptr(GError) error = NULL;
  g_autofree char *entry_id = NULL;
  RamoCompactResult *result;
  gint64 tokens_before = ramo_compaction_preparation_get_tokens_before (op->preparation);

  if (g_cancellable_is_cancelled (op->cancellable))
    {
      compaction_fail (task, g_error_new_literal (G_IO_ERROR, G_IO_ERROR_CANCELLED, "The compaction was cancelled"));
      return;
    }

  if (!kept_entry_on_active_path (self->manager, op->kept_id))
    {
      compaction_fail (task, g_error_new (RAMO_SESSION_ERROR, RAMO_SESSION_ERROR_CHANGED,
                                          "The leaf moved during the compaction; entry %s is no longer "
                                          "on the active path", op->kept_id));
      return;
    }

  entry_id = ramo_session_manager_append_compaction (self->manager, op->summary, op->kept_id, tokens_before,
                                                     op->details, op->from_hook, &error);
  if (entry_id == NULL)
    {
      compaction_fail (task, g_steal_pointer (&error));
      return;
    }

  _ramo_agent_session_rebuild_context (self);

  result = g_new0 (RamoCompactResult, 1);
  result->entry_id = g_strdup (entry_id);
  result->summary = g_strdup (op->summary);
  result->first_kept_entry_id = g_strdup (op->kept_id);
  result->tokens_before = tokens_before;
  result->details = op->details ? json_node_copy (op->details) : NULL;
  result->from_hook = op->from_hook;

  _ramo_agent_session_end_operation (self);
  g_signal_emit (self, _ramo_agent_session_signals [SIGNAL_COMPACT], 0, entry_id, op->from_hook);
  g_task_return_pointer (task, result, (GDestroyNotify) ramo_compact_result_free);
}

static void
compaction_summary_cb (GObject      *object,
                       GAsyncResult *res,
                       gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  Compaction *op = g_task_get_task_data (task);
  GError *error = NULL;

  op->summary = ramo_summarizer_summarize_finish (RAMO_SUMMARIZER (object), res, &op->details, &error);
  if (op->summary == NULL)
    {
      compaction_fail (task, error);
      return;
    }
  op->from_hook = FALSE;
  compaction_apply (task);
}

static void
compaction_summarize (GTask *task)
{
  RamoAgentSession *self = g_task_get_source_object (task);
  Compaction *op = g_task_get_task_data (task);
  RamoCompactionPreparation *prep = op->preparation;
  GError *error = NULL;

  if (g_cancellable_is_cancelled (op->cancellable))
    {
      compaction_fail (task, g_error_new_literal (G_IO_ERROR, G_IO_ERROR_CANCELLED, "The compaction was cancelled"));
      return;
    }

  if (ramo_compaction_preparation_get_summary (prep))
    {
      JsonNode *details = ramo_compaction_preparation_get_details (prep);

      op->summary = g_strdup (ramo_compaction_preparation_get_summary (prep));
      op->details = details ? json_node_copy (details) : NULL;
      op->from_hook = TRUE;
      g_signal_emit (self, _ramo_agent_session_signals [SIGNAL_COMPACTING], 0, op->kept_id);
      compaction_apply (task);
      return;
    }

  if (!ramo_summarizer_config_has_model (op->config))
    {
      _ramo_agent_session_set_no_model_error (&error, op->config);
      compaction_fail (task, error);
      return;
    }

  g_signal_emit (self, _ramo_agent_session_signals [SIGNAL_COMPACTING], 0, op->kept_id);
  ramo_summarizer_summarize_async (ramo_agent_session_get_summarizer (self), op->config,
                                   RAMO_SUMMARY_KIND_COMPACTION,
                                   ramo_compaction_preparation_get_entries (prep),
                                   ramo_compaction_preparation_get_previous_summary (prep),
                                   op->previous_details,
                                   ramo_compaction_preparation_get_custom_instructions (prep), FALSE,
                                   op->cancellable, compaction_summary_cb, g_object_ref (task));
}

static void
compaction_hook_cb (GObject      *object,
                    GAsyncResult *res,
                    gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  Compaction *op = g_task_get_task_data (task);
  g_autoptr(JsonObject) answer = NULL;
  GError *error = NULL;

  answer = ramo_hook_run_finish (res, &error);
  if (answer == NULL || !ramo_compaction_preparation_apply_answer (op->preparation, answer, &error))
    {
      compaction_fail (task, error);
      return;
    }
  if (ramo_compaction_preparation_is_cancelled (op->preparation))
    {
      compaction_fail (task, g_error_new_literal (G_IO_ERROR, G_IO_ERROR_CANCELLED,
                                                  "The compaction was cancelled by the hook"));
      return;
    }
  compaction_summarize (task);
}

/* The context's size as pi estimates it: the sum of its messages' estimates. */
static gint64
estimate_context_tokens (RamoSessionManager  *manager,
                         GError             **error)
{
  g_autoptr(RamoSessionContext) context = ramo_session_manager_build_session_context (manager);
  gint64 total = 0;

  for (guint i = 0; i < ramo_session_context_get_n_messages (context); i++)
    {
      g_autoptr(GError) local_error = NULL;
      g_autoptr(JsonNode) message = ramo_session_context_dup_message (context, i, &local_error);

      if (local_error)
        {
          g_propagate_error (error, g_steal_pointer (&local_error));
          return -1;
        }
      if (message)
        total += ramo_summarizer_estimate_tokens (message);
    }
  return total;
}

static double
usage_number (JsonObject *usage,
              const char *name)
{
  JsonNode *node = usage ? json_object_get_member (usage, name) : NULL;

  return node && JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) != G_TYPE_STRING &&
         json_node_get_value_type (node) != G_TYPE_BOOLEAN ? json_node_get_double (node) : 0;
}

static JsonObject *
member_object (JsonObject *object,
               const char *name)
{
  JsonNode *node = object ? json_object_get_member (object, name) : NULL;

  return node && JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
}

/* The context's size as oh-my-pi 18.2.3 takes it (pi-agent-core's prepareCompaction()): the
 * usage of the last assistant turn on the path that was neither aborted nor an error, as
 * calculateContextTokens() reads it (`contextTokens` when given, else `totalTokens` or the sum
 * of the parts, less the orchestration tokens); 0 without one. */
static gint64
omp_context_tokens (RamoSessionManager  *manager,
                    GError             **error)
{
  for (RamoEntry *e = ramo_session_manager_get_leaf (manager); e; e = e->parent)
    {
      g_autoptr(JsonNode) node = NULL;
      JsonObject *message, *usage, *orchestration;
      const char *stop;
      double raw;

      if (e->type != RAMO_ENTRY_TYPE_MESSAGE || e->role != RAMO_MESSAGE_ROLE_ASSISTANT)
        continue;
      node = ramo_session_manager_read_entry (manager, e, error);
      if (node == NULL)
        return -1;
      message = member_object (json_node_get_object (node), "message");
      usage = member_object (message, "usage");
      stop = ramo_json_member_string (message, "stopReason");
      if (usage == NULL || g_strcmp0 (stop, "aborted") == 0 || g_strcmp0 (stop, "error") == 0)
        continue;
      if (json_object_has_member (usage, "contextTokens"))
        return (gint64) MAX (0, usage_number (usage, "contextTokens"));
      orchestration = member_object (usage, "orchestration");
      raw = usage_number (usage, "totalTokens");
      if (raw == 0)
        raw = usage_number (usage, "input") + usage_number (usage, "output") +
              usage_number (usage, "cacheRead") + usage_number (usage, "cacheWrite");
      raw -= usage_number (orchestration, "input") + usage_number (orchestration, "output") +
             usage_number (orchestration, "cacheRead");
      return (gint64) MAX (0, raw);
    }
  return 0;
}

static gboolean
produces_message (RamoEntry *entry)
{
  return entry->type == RAMO_ENTRY_TYPE_MESSAGE || entry->type == RAMO_ENTRY_TYPE_CUSTOM_MESSAGE ||
         entry->type == RAMO_ENTRY_TYPE_BRANCH_SUMMARY;
}

/**
 * ramo_agent_session_compact_async:
 * @self: an agent session
 * @kept_entry_id: an entry of the active path: it and everything after it stay in the context
 * @options: (nullable): options; %NULL for none
 * @cancellable: (nullable): a #GCancellable
 * @callback: called when the compaction is done, failed or was cancelled
 * @user_data: data for @callback
 *
 * "Compact up to here": summarizes the part of the active path before @kept_entry_id — from the
 * previous compaction's first kept entry, or the root — and appends a `compaction` entry at the
 * leaf with `firstKeptEntryId` = @kept_entry_id, `tokensBefore` = the context's estimated size
 * (characters / 4 per message, as pi estimates; with oh-my-pi's rules the usage of the last
 * assistant turn on the path, as oh-my-pi takes it) and `details` = `{readFiles, modifiedFiles}`.
 * A previous compaction's summary is merged into the new one. Emits
 * #RamoAgentSession::before-compact (which may cancel or supply the summary; the executable hook
 * runs after it), #RamoAgentSession::compacting and #RamoAgentSession::compact.
 *
 * The kept entry cannot be a tool result (it must stay with the call that asked for it), and
 * there must be messages before it; the path must not end in a compaction already.
 */
void
ramo_agent_session_compact_async (RamoAgentSession         *self,
                                  const char               *kept_entry_id,
                                  const RamoCompactOptions *options,
                                  GCancellable             *cancellable,
                                  GAsyncReadyCallback       callback,
                                  gpointer                  user_data)
{
  g_autoptr(GTask) task = NULL;
  g_autoptr(GPtrArray) path = NULL;
  g_autoptr(GPtrArray) to_summarize = NULL;
  g_autoptr(GPtrArray) nodes = NULL;
  g_autofree char *previous_summary = NULL;
  GError *error = NULL;
  Compaction *op;
  RamoEntry *kept;
  guint kept_index = G_MAXUINT, boundary = 0;
  gint previous = -1;
  gboolean has_messages = FALSE;
  gint64 tokens_before;

  g_return_if_fail (RAMO_IS_AGENT_SESSION (self));
  g_return_if_fail (kept_entry_id != NULL);
  g_return_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, ramo_agent_session_compact_async);
  g_task_set_check_cancellable (task, FALSE);

  op = g_new0 (Compaction, 1);
  op->options = options ? ramo_compact_options_copy (options) : ramo_compact_options_new ();
  op->kept_id = g_strdup (kept_entry_id);
  g_task_set_task_data (task, op, compaction_free);

  if (self->busy)
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_PENDING,
                               "Another navigation or compaction is still running");
      return;
    }

  kept = ramo_session_manager_get_entry (self->manager, kept_entry_id);
  if (kept == NULL)
    {
      g_task_return_new_error (task, RAMO_SESSION_ERROR, RAMO_SESSION_ERROR_NOT_FOUND,
                               "Entry %s not found", kept_entry_id);
      return;
    }

  path = ramo_session_manager_dup_branch (self->manager, NULL);
  for (guint i = 0; i < path->len; i++)
    {
      RamoEntry *e = g_ptr_array_index (path, i);

      if (e == kept)
        kept_index = i;
      if (e->type == RAMO_ENTRY_TYPE_COMPACTION)
        previous = (gint) i;
    }

  if (kept_index == G_MAXUINT)
    {
      g_task_return_new_error (task, RAMO_SESSION_ERROR, RAMO_SESSION_ERROR_INVALID_ARGUMENT,
                               "Entry %s is not on the active path", kept_entry_id);
      return;
    }
  if (((RamoEntry *) g_ptr_array_index (path, path->len - 1))->type == RAMO_ENTRY_TYPE_COMPACTION)
    {
      g_task_return_new_error (task, RAMO_SESSION_ERROR, RAMO_SESSION_ERROR_NOTHING_TO_DO,
                               "Nothing to compact: the active path ends in a compaction already");
      return;
    }
  if (kept->type == RAMO_ENTRY_TYPE_MESSAGE && kept->role == RAMO_MESSAGE_ROLE_TOOL_RESULT)
    {
      g_task_return_new_error (task, RAMO_SESSION_ERROR, RAMO_SESSION_ERROR_INVALID_ARGUMENT,
                               "Entry %s is a tool result; keep from the assistant message that "
                               "called the tool instead", kept_entry_id);
      return;
    }

  if (previous >= 0)
    {
      RamoEntry *prev = g_ptr_array_index (path, previous);
      g_autoptr(JsonNode) prev_node = ramo_session_manager_read_entry (self->manager, prev, &error);
      JsonObject *prev_object;

      if (prev_node == NULL)
        {
          g_task_return_error (task, error);
          return;
        }
      prev_object = json_node_get_object (prev_node);
      previous_summary = g_strdup (ramo_json_member_string (prev_object, "summary"));
      if (json_object_get_member (prev_object, "details") &&
          !json_object_get_boolean_member_with_default (prev_object, "fromHook", FALSE))
        op->previous_details = json_node_copy (json_object_get_member (prev_object, "details"));

      boundary = (guint) previous + 1;
      for (guint i = 0; prev->first_kept_id && i < (guint) previous; i++)
        if (strcmp (((RamoEntry *) g_ptr_array_index (path, i))->id, prev->first_kept_id) == 0)
          {
            boundary = i;
            break;
          }
    }

  to_summarize = g_ptr_array_new ();
  for (guint i = boundary; i < kept_index; i++)
    {
      RamoEntry *e = g_ptr_array_index (path, i);

      if (e->type == RAMO_ENTRY_TYPE_COMPACTION)
        continue;
      has_messages |= produces_message (e);
      g_ptr_array_add (to_summarize, e);
    }
  if (!has_messages)
    {
      g_task_return_new_error (task, RAMO_SESSION_ERROR, RAMO_SESSION_ERROR_NOTHING_TO_DO,
                               "Nothing to compact before entry %s: no message on the active path "
                               "before it since the last compaction", kept_entry_id);
      return;
    }

  op->config = ramo_summarizer_config_resolve (self->summarizer_config, self->settings_config);
  if (!ramo_summarizer_config_has_model (op->config) && !_ramo_agent_session_has_hooks (self, SIGNAL_BEFORE_COMPACT))
    {
      _ramo_agent_session_set_no_model_error (&error, op->config);
      g_task_return_error (task, error);
      return;
    }

  nodes = _ramo_agent_session_read_entries (self->manager, to_summarize, &error);
  tokens_before = nodes == NULL ? -1 :
                  ramo_session_manager_get_dialect (self->manager) == RAMO_DIALECT_OMP
                  ? omp_context_tokens (self->manager, &error) : estimate_context_tokens (self->manager, &error);
  if (nodes == NULL || tokens_before < 0)
    {
      g_task_return_error (task, error);
      return;
    }

  if (!_ramo_agent_session_begin_operation (self, cancellable, &op->cancellable, &error))
    {
      g_task_return_error (task, error);
      return;
    }

  op->preparation = ramo_compaction_preparation_new (kept_entry_id, ramo_session_manager_get_leaf_id (self->manager),
                                                     nodes, tokens_before, previous_summary, op->cancellable);
  ramo_compaction_preparation_set_custom_instructions (op->preparation, op->options->custom_instructions);

  g_signal_emit (self, _ramo_agent_session_signals [SIGNAL_BEFORE_COMPACT], 0, op->preparation);
  if (ramo_compaction_preparation_is_cancelled (op->preparation))
    {
      compaction_fail (task, g_error_new_literal (G_IO_ERROR, G_IO_ERROR_CANCELLED,
                                                  "The compaction was cancelled by a before-compact handler"));
      return;
    }

  if (self->hook_argv)
    {
      _ramo_agent_session_run_hook (self, "session_before_compact", ramo_compaction_preparation_to_json (op->preparation),
                                    op->cancellable, compaction_hook_cb, g_steal_pointer (&task));
      return;
    }

  compaction_summarize (task);
}

/**
 * ramo_agent_session_compact_finish:
 * @self: an agent session
 * @result: the #GAsyncResult passed to the callback
 * @error: return location for a #GError, or %NULL
 *
 * Errors: as ramo_agent_session_navigate_tree_finish(), plus
 * %RAMO_SESSION_ERROR_INVALID_ARGUMENT for an entry that cannot be kept from (not on the active
 * path, a tool result), %RAMO_SESSION_ERROR_NOTHING_TO_DO when there is nothing to compact (no
 * message before the kept entry since the last compaction, or the path ends in a compaction)
 * and %RAMO_SESSION_ERROR_CHANGED when the leaf moved meanwhile. After any error the file is
 * unchanged.
 *
 * Returns: (transfer full): what the compaction did, or %NULL with @error set
 */
RamoCompactResult *
ramo_agent_session_compact_finish (RamoAgentSession  *self,
                                   GAsyncResult      *result,
                                   GError           **error)
{
  g_return_val_if_fail (RAMO_IS_AGENT_SESSION (self), NULL);
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == ramo_agent_session_compact_async, NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}

/* ramo-agent-session-navigate.c — `/tree` inside the file and `/branch` to a new one
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

#include "ramo-agent-session-private.h"
#include "ramo-hook.h"
#include "ramo-message.h"

G_DEFINE_BOXED_TYPE (RamoTreeOptions, ramo_tree_options, ramo_tree_options_copy, ramo_tree_options_free)
G_DEFINE_BOXED_TYPE (RamoTreeResult, ramo_tree_result, ramo_tree_result_copy, ramo_tree_result_free)

/* ------------------------------------------------------------------------------------------ */
/* Boxed types                                                                                 */

/**
 * ramo_tree_options_new:
 *
 * Returns: (transfer full): options with nothing set (no summary)
 */
RamoTreeOptions *
ramo_tree_options_new (void)
{
  return g_new0 (RamoTreeOptions, 1);
}

/**
 * ramo_tree_options_copy:
 * @options: options
 *
 * Returns: (transfer full): a copy
 */
RamoTreeOptions *
ramo_tree_options_copy (const RamoTreeOptions *options)
{
  RamoTreeOptions *copy;

  g_return_val_if_fail (options != NULL, NULL);

  copy = ramo_tree_options_new ();
  copy->summarize = options->summarize;
  copy->custom_instructions = g_strdup (options->custom_instructions);
  copy->replace_instructions = options->replace_instructions;
  copy->label = g_strdup (options->label);
  return copy;
}

/**
 * ramo_tree_options_free:
 * @options: (nullable): options
 */
void
ramo_tree_options_free (RamoTreeOptions *options)
{
  if (options == NULL)
    return;
  g_free (options->custom_instructions);
  g_free (options->label);
  g_free (options);
}

/**
 * ramo_tree_result_copy:
 * @result: a result
 *
 * Returns: (transfer full): a copy
 */
RamoTreeResult *
ramo_tree_result_copy (const RamoTreeResult *result)
{
  RamoTreeResult *copy;

  g_return_val_if_fail (result != NULL, NULL);

  copy = g_new0 (RamoTreeResult, 1);
  copy->changed = result->changed;
  copy->new_leaf_id = g_strdup (result->new_leaf_id);
  copy->old_leaf_id = g_strdup (result->old_leaf_id);
  copy->editor_text = g_strdup (result->editor_text);
  copy->summary_entry_id = g_strdup (result->summary_entry_id);
  copy->label_entry_id = g_strdup (result->label_entry_id);
  copy->from_hook = result->from_hook;
  return copy;
}

/**
 * ramo_tree_result_free:
 * @result: (nullable): a result
 */
void
ramo_tree_result_free (RamoTreeResult *result)
{
  if (result == NULL)
    return;
  g_free (result->new_leaf_id);
  g_free (result->old_leaf_id);
  g_free (result->editor_text);
  g_free (result->summary_entry_id);
  g_free (result->label_entry_id);
  g_free (result);
}

/* ------------------------------------------------------------------------------------------ */
/* Navigating inside the file (spec §5)                                                        */

typedef struct
{
  RamoTreeOptions      *options;
  RamoTreePreparation  *preparation;
  RamoSummarizerConfig *config;
  GCancellable         *cancellable;
  char                 *target_id;
  char                 *old_leaf_id;
  char                 *new_leaf_id;
  char                 *editor_text;
  char                 *summary;
  JsonNode             *details;
  gboolean              from_hook;
} Navigation;

static void
navigation_free (gpointer data)
{
  Navigation *nav = data;

  ramo_tree_options_free (nav->options);
  g_clear_object (&nav->preparation);
  g_clear_object (&nav->config);
  g_clear_object (&nav->cancellable);
  g_free (nav->target_id);
  g_free (nav->old_leaf_id);
  g_free (nav->new_leaf_id);
  g_free (nav->editor_text);
  g_free (nav->summary);
  g_clear_pointer (&nav->details, json_node_unref);
  g_free (nav);
}

static void
navigation_fail (GTask  *task,
                 GError *error)
{
  _ramo_agent_session_end_operation (g_task_get_source_object (task));
  g_task_return_error (task, error);
}

static void
navigation_fail_cancelled (GTask      *task,
                           const char *message)
{
  navigation_fail (task, g_error_new_literal (G_IO_ERROR, G_IO_ERROR_CANCELLED, message));
}

static void
navigation_apply (GTask *task)
{
  RamoAgentSession *self = g_task_get_source_object (task);
  Navigation *nav = g_task_get_task_data (task);
  const char *label = ramo_tree_preparation_get_label (nav->preparation);
  g_autoptr(GError) error = NULL;
  g_autofree char *summary_id = NULL;
  g_autofree char *label_id = NULL;
  RamoTreeResult *result;

  /* The user may have pressed Escape just as the summary arrived: nothing is written yet. */
  if (g_cancellable_is_cancelled (nav->cancellable))
    {
      navigation_fail_cancelled (task, "The navigation was cancelled");
      return;
    }

  if (ramo_session_manager_get_entry (self->manager, nav->target_id) == NULL ||
      (nav->new_leaf_id && ramo_session_manager_get_entry (self->manager, nav->new_leaf_id) == NULL))
    {
      navigation_fail (task, g_error_new (RAMO_SESSION_ERROR, RAMO_SESSION_ERROR_NOT_FOUND,
                                          "Entry %s is gone: the session changed during the navigation",
                                          nav->target_id));
      return;
    }

  if (nav->summary)
    {
      /* The summary hangs off the new position, not the abandoned tail (spec §5.5). */
      summary_id = ramo_session_manager_branch_with_summary (self->manager, nav->new_leaf_id,
                                                             nav->summary, nav->details,
                                                             nav->from_hook, &error);
      if (summary_id == NULL)
        {
          navigation_fail (task, g_steal_pointer (&error));
          return;
        }
      if (label)
        {
          label_id = ramo_session_manager_append_label_change (self->manager, summary_id, label, &error);
          /* The summary is written already and cannot be taken back; the label is a detail. */
          if (label_id == NULL)
            g_warning ("The summary was written but its label could not be: %s", error->message);
        }
    }
  else
    {
      if (nav->new_leaf_id == NULL)
        ramo_session_manager_reset_leaf (self->manager);
      else if (!ramo_session_manager_branch (self->manager, nav->new_leaf_id, &error))
        {
          navigation_fail (task, g_steal_pointer (&error));
          return;
        }
      if (label)
        {
          label_id = ramo_session_manager_append_label_change (self->manager, nav->target_id, label, &error);
          if (label_id == NULL)
            {
              /* Nothing was written: put the leaf back so the navigation did not half happen. */
              if (nav->old_leaf_id)
                ramo_session_manager_branch (self->manager, nav->old_leaf_id, NULL);
              else
                ramo_session_manager_reset_leaf (self->manager);
              navigation_fail (task, g_steal_pointer (&error));
              return;
            }
        }
    }

  _ramo_agent_session_rebuild_context (self);

  result = g_new0 (RamoTreeResult, 1);
  result->changed = TRUE;
  result->new_leaf_id = g_strdup (ramo_session_manager_get_leaf_id (self->manager));
  result->old_leaf_id = g_strdup (nav->old_leaf_id);
  result->editor_text = g_strdup (nav->editor_text);
  result->summary_entry_id = g_steal_pointer (&summary_id);
  result->label_entry_id = g_steal_pointer (&label_id);
  result->from_hook = result->summary_entry_id != NULL && nav->from_hook;

  _ramo_agent_session_end_operation (self);
  g_signal_emit (self, _ramo_agent_session_signals [SIGNAL_TREE], 0,
                 result->new_leaf_id, result->old_leaf_id, result->summary_entry_id, result->from_hook);
  g_task_return_pointer (task, result, (GDestroyNotify) ramo_tree_result_free);
}

static void
navigation_summary_cb (GObject      *object,
                       GAsyncResult *res,
                       gpointer      user_data)
{
  RamoSummarizer *summarizer = RAMO_SUMMARIZER (object);
  g_autoptr(GTask) task = user_data;
  Navigation *nav = g_task_get_task_data (task);
  GError *error = NULL;

  nav->summary = ramo_summarizer_summarize_finish (summarizer, res, &nav->details, &error);
  if (nav->summary == NULL)
    {
      navigation_fail (task, error);
      return;
    }
  nav->from_hook = FALSE;
  navigation_apply (task);
}

static void
navigation_summarize (GTask *task)
{
  RamoAgentSession *self = g_task_get_source_object (task);
  Navigation *nav = g_task_get_task_data (task);
  RamoTreePreparation *prep = nav->preparation;
  GError *error = NULL;

  if (g_cancellable_is_cancelled (nav->cancellable))
    {
      navigation_fail_cancelled (task, "The navigation was cancelled");
      return;
    }

  /* As in pi, a supplied summary counts only when the user asked for one. */
  if (nav->options->summarize && ramo_tree_preparation_get_summary (prep))
    {
      JsonNode *details = ramo_tree_preparation_get_details (prep);

      nav->summary = g_strdup (ramo_tree_preparation_get_summary (prep));
      nav->details = details ? json_node_copy (details) : NULL;
      nav->from_hook = TRUE;
      navigation_apply (task);
      return;
    }

  if (nav->options->summarize && ramo_tree_preparation_get_entries (prep)->len > 0)
    {
      if (!ramo_summarizer_config_has_model (nav->config))
        {
          _ramo_agent_session_set_no_model_error (&error, nav->config);
          navigation_fail (task, error);
          return;
        }
      ramo_summarizer_summarize_async (ramo_agent_session_get_summarizer (self), nav->config,
                                       RAMO_SUMMARY_KIND_BRANCH,
                                       ramo_tree_preparation_get_entries (prep), NULL, NULL,
                                       ramo_tree_preparation_get_custom_instructions (prep),
                                       ramo_tree_preparation_get_replace_instructions (prep),
                                       nav->cancellable, navigation_summary_cb, g_object_ref (task));
      return;
    }

  navigation_apply (task);
}

static void
navigation_hook_cb (GObject      *object,
                    GAsyncResult *res,
                    gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  Navigation *nav = g_task_get_task_data (task);
  g_autoptr(JsonObject) answer = NULL;
  GError *error = NULL;

  answer = ramo_hook_run_finish (res, &error);
  if (answer == NULL || !ramo_tree_preparation_apply_answer (nav->preparation, answer, &error))
    {
      navigation_fail (task, error);
      return;
    }
  if (ramo_tree_preparation_is_cancelled (nav->preparation))
    {
      navigation_fail_cancelled (task, "The navigation was cancelled by the hook");
      return;
    }
  navigation_summarize (task);
}

/**
 * ramo_agent_session_navigate_tree_async:
 * @self: an agent session
 * @target_id: the entry the user selected
 * @options: (nullable): what to do besides moving the leaf; %NULL for no summary
 * @cancellable: (nullable): a #GCancellable; cancelling aborts the summary and the navigation
 * @callback: called when the navigation is done, failed or was cancelled
 * @user_data: data for @callback
 *
 * Moves the leaf inside the file, as pi's `navigateTree()` (spec §5):
 *
 * 1. Selecting the current leaf does nothing. The entries to summarize are the old leaf's
 *    path from the old leaf up to (not including) the deepest common ancestor with the target.
 * 2. #RamoAgentSession::before-tree is emitted, then the executable hook runs; either may
 *    cancel, supply the summary, or change the instructions and the label.
 * 3. If a summary is wanted, there is something to summarize and nobody supplied one, the
 *    summarizer writes it. Without a model the navigation fails with
 *    %RAMO_SUMMARIZER_ERROR_NO_MODEL — at once when no handler or hook could supply a summary.
 * 4. The new leaf is the selected entry's parent for a user message or a `custom_message`
 *    (whose text is returned for the editor), else the selected entry.
 * 5. With a summary, a `branch_summary` entry is appended as a child of the new leaf
 *    (ramo_session_manager_branch_with_summary()); without, the leaf just moves (nothing is
 *    written). A label is then set on the summary entry, or else on the selected entry.
 * 6. The context is rebuilt and #RamoAgentSession::tree is emitted.
 *
 * If anything fails or is cancelled before step 5, the leaf and the file are unchanged.
 */
void
ramo_agent_session_navigate_tree_async (RamoAgentSession      *self,
                                        const char            *target_id,
                                        const RamoTreeOptions *options,
                                        GCancellable          *cancellable,
                                        GAsyncReadyCallback    callback,
                                        gpointer               user_data)
{
  g_autoptr(GTask) task = NULL;
  g_autoptr(GPtrArray) old_path = NULL;
  g_autoptr(GPtrArray) target_path = NULL;
  g_autoptr(GPtrArray) abandoned = NULL;
  g_autoptr(GPtrArray) entry_nodes = NULL;
  g_autoptr(GHashTable) on_old_path = NULL;
  g_autoptr(JsonNode) target_node = NULL;
  GError *error = NULL;
  Navigation *nav;
  RamoEntry *target;
  RamoEntry *common = NULL;
  const char *old_leaf_id;

  g_return_if_fail (RAMO_IS_AGENT_SESSION (self));
  g_return_if_fail (target_id != NULL);
  g_return_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, ramo_agent_session_navigate_tree_async);
  /* Once the summary is written the navigation has happened, even if the user pressed Escape
   * a moment later: report what was done, not a cancellation. */
  g_task_set_check_cancellable (task, FALSE);

  nav = g_new0 (Navigation, 1);
  nav->options = options ? ramo_tree_options_copy (options) : ramo_tree_options_new ();
  nav->target_id = g_strdup (target_id);
  g_task_set_task_data (task, nav, navigation_free);

  if (self->busy)
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_PENDING,
                               "Another navigation or compaction is still running");
      return;
    }

  old_leaf_id = ramo_session_manager_get_leaf_id (self->manager);
  nav->old_leaf_id = g_strdup (old_leaf_id);

  if (g_strcmp0 (target_id, old_leaf_id) == 0)
    {
      RamoTreeResult *result = g_new0 (RamoTreeResult, 1);

      result->new_leaf_id = g_strdup (old_leaf_id);
      result->old_leaf_id = g_strdup (old_leaf_id);
      g_task_return_pointer (task, result, (GDestroyNotify) ramo_tree_result_free);
      return;
    }

  nav->config = ramo_summarizer_config_resolve (self->summarizer_config, self->settings_config);
  if (nav->options->summarize && !ramo_summarizer_config_has_model (nav->config) &&
      !_ramo_agent_session_has_hooks (self, SIGNAL_BEFORE_TREE))
    {
      _ramo_agent_session_set_no_model_error (&error, nav->config);
      g_task_return_error (task, error);
      return;
    }

  target = ramo_session_manager_get_entry (self->manager, target_id);
  if (target == NULL)
    {
      g_task_return_new_error (task, RAMO_SESSION_ERROR, RAMO_SESSION_ERROR_NOT_FOUND,
                               "Entry %s not found", target_id);
      return;
    }

  /* The deepest entry of the target's path that is also on the old leaf's path. */
  old_path = ramo_session_manager_dup_branch (self->manager, old_leaf_id);
  on_old_path = g_hash_table_new (NULL, NULL);
  if (old_leaf_id)
    for (guint i = 0; i < old_path->len; i++)
      g_hash_table_add (on_old_path, g_ptr_array_index (old_path, i));
  target_path = ramo_session_manager_dup_branch (self->manager, target_id);
  for (guint i = target_path->len; i > 0; i--)
    if (g_hash_table_contains (on_old_path, g_ptr_array_index (target_path, i - 1)))
      {
        common = g_ptr_array_index (target_path, i - 1);
        break;
      }

  abandoned = g_ptr_array_new ();
  if (old_leaf_id)
    {
      for (RamoEntry *e = ramo_session_manager_get_leaf (self->manager); e && e != common; e = e->parent)
        g_ptr_array_add (abandoned, e);
      for (guint i = 0, j = abandoned->len ? abandoned->len - 1 : 0; i < j; i++, j--)
        {
          gpointer tmp = abandoned->pdata[i];

          abandoned->pdata[i] = abandoned->pdata[j];
          abandoned->pdata[j] = tmp;
        }
    }

  entry_nodes = _ramo_agent_session_read_entries (self->manager, abandoned, &error);
  target_node = entry_nodes ? ramo_session_manager_read_entry (self->manager, target, &error) : NULL;
  if (target_node == NULL)
    {
      g_task_return_error (task, error);
      return;
    }

  /* Spec §5.4: a user message or custom message goes back to the editor. */
  {
    JsonObject *object = json_node_get_object (target_node);

    if (target->type == RAMO_ENTRY_TYPE_MESSAGE && target->role == RAMO_MESSAGE_ROLE_USER)
      {
        nav->editor_text = ramo_message_dup_editor_text (object);
        nav->new_leaf_id = g_strdup (target->parent ? target->parent->id : NULL);
      }
    else if (target->type == RAMO_ENTRY_TYPE_CUSTOM_MESSAGE)
      {
        nav->editor_text = ramo_message_dup_editor_text (object);
        nav->new_leaf_id = g_strdup (target->parent ? target->parent->id : NULL);
      }
    else
      nav->new_leaf_id = g_strdup (target_id);
  }

  if (!_ramo_agent_session_begin_operation (self, cancellable, &nav->cancellable, &error))
    {
      g_task_return_error (task, error);
      return;
    }

  nav->preparation = ramo_tree_preparation_new (target_id, old_leaf_id, common ? common->id : NULL,
                                                entry_nodes, nav->options->summarize, nav->cancellable);
  ramo_tree_preparation_set_custom_instructions (nav->preparation, nav->options->custom_instructions);
  ramo_tree_preparation_set_replace_instructions (nav->preparation, nav->options->replace_instructions);
  ramo_tree_preparation_set_label (nav->preparation, nav->options->label);

  g_signal_emit (self, _ramo_agent_session_signals [SIGNAL_BEFORE_TREE], 0, nav->preparation);

  if (ramo_tree_preparation_is_cancelled (nav->preparation))
    {
      navigation_fail_cancelled (task, "The navigation was cancelled by a before-tree handler");
      return;
    }

  if (self->hook_argv)
    {
      _ramo_agent_session_run_hook (self, "session_before_tree", ramo_tree_preparation_to_json (nav->preparation),
                                    nav->cancellable, navigation_hook_cb, g_steal_pointer (&task));
      return;
    }

  navigation_summarize (task);
}

/**
 * ramo_agent_session_navigate_tree_finish:
 * @self: an agent session
 * @result: the #GAsyncResult passed to the callback
 * @error: return location for a #GError, or %NULL
 *
 * Errors: %G_IO_ERROR_CANCELLED (by the cancellable, ramo_agent_session_cancel(), a handler or
 * the hook); %G_IO_ERROR_PENDING when another operation runs; %RAMO_SESSION_ERROR_NOT_FOUND;
 * %RAMO_SUMMARIZER_ERROR; %RAMO_HOOK_ERROR; the write errors of
 * ramo_session_manager_branch_with_summary(). After any error the leaf and file are unchanged.
 *
 * Returns: (transfer full): what the navigation did, or %NULL with @error set
 */
RamoTreeResult *
ramo_agent_session_navigate_tree_finish (RamoAgentSession  *self,
                                         GAsyncResult      *result,
                                         GError           **error)
{
  g_return_val_if_fail (RAMO_IS_AGENT_SESSION (self), NULL);
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == ramo_agent_session_navigate_tree_async, NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}

/* ------------------------------------------------------------------------------------------ */
/* Branching to a new file (spec §6)                                                           */

/**
 * ramo_agent_session_branch:
 * @self: an agent session
 * @entry_id: a user message
 * @editor_text: (out) (optional) (transfer full): the message's text, for the editor
 * @new_path: (out) (optional) (transfer full) (nullable) (type filename): the new session
 *   file, %NULL for an in-memory session
 * @new_manager: (out) (optional) (transfer full) (nullable): the new session when it is a
 *   different manager (branching from a root message), else %NULL
 * @error: return location for a #GError, or %NULL
 *
 * pi's `/branch` (spec §6): continues in a new session file from just before the user message
 * @entry_id. For a message in the middle of the tree, the path root→its parent is copied into
 * a new file (ramo_session_manager_create_branched_session()) and the current manager switches
 * to it. For a root message, a new empty session is created next to the current file, with
 * `parentSession` naming it; #RamoAgentSession:manager then changes to it. Emits
 * #RamoAgentSession::before-branch (which may cancel) and #RamoAgentSession::branch.
 *
 * Errors: %RAMO_SESSION_ERROR_NOT_FOUND, %RAMO_SESSION_ERROR_INVALID_ARGUMENT (not a user
 * message), %G_IO_ERROR_CANCELLED (by a handler), %G_IO_ERROR_PENDING, %RAMO_SESSION_ERROR_IO.
 *
 * Returns: %TRUE on success
 */
gboolean
ramo_agent_session_branch (RamoAgentSession     *self,
                           const char           *entry_id,
                           char                **editor_text,
                           char                **new_path,
                           RamoSessionManager  **new_manager,
                           GError              **error)
{
  g_autoptr(JsonNode) node = NULL;
  g_autoptr(RamoSessionManager) fresh = NULL;
  g_autofree char *text = NULL;
  g_autofree char *path = NULL;
  g_autofree char *parent_id = NULL;
  g_autofree char *id = NULL;
  RamoEntry *entry;
  gboolean cancel = FALSE;

  g_return_val_if_fail (RAMO_IS_AGENT_SESSION (self), FALSE);
  g_return_val_if_fail (entry_id != NULL, FALSE);

  if (editor_text)
    *editor_text = NULL;
  if (new_path)
    *new_path = NULL;
  if (new_manager)
    *new_manager = NULL;

  if (self->busy)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_PENDING,
                   "Another navigation or compaction is still running");
      return FALSE;
    }

  entry = ramo_session_manager_get_entry (self->manager, entry_id);
  if (entry == NULL)
    {
      g_set_error (error, RAMO_SESSION_ERROR, RAMO_SESSION_ERROR_NOT_FOUND, "Entry %s not found", entry_id);
      return FALSE;
    }
  if (entry->type != RAMO_ENTRY_TYPE_MESSAGE || entry->role != RAMO_MESSAGE_ROLE_USER)
    {
      g_set_error (error, RAMO_SESSION_ERROR, RAMO_SESSION_ERROR_INVALID_ARGUMENT,
                   "Entry %s is not a user message; only a user message can start a branch", entry_id);
      return FALSE;
    }

  node = ramo_session_manager_read_entry (self->manager, entry, error);
  if (node == NULL)
    return FALSE;
  text = ramo_message_dup_editor_text (json_node_get_object (node));
  /* copies: entry pointers die when the manager switches files */
  id = g_strdup (entry_id);
  parent_id = g_strdup (entry->parent ? entry->parent->id : NULL);

  g_signal_emit (self, _ramo_agent_session_signals [SIGNAL_BEFORE_BRANCH], 0, id, &cancel);
  if (cancel)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED, "The branch was cancelled by a before-branch handler");
      return FALSE;
    }

  if (parent_id == NULL)
    {
      const char *current = ramo_session_manager_get_path (self->manager);

      if (current)
        {
          g_autofree char *dir = g_path_get_dirname (current);

          fresh = ramo_session_manager_create (dir, ramo_session_manager_get_cwd (self->manager), current, error);
          if (fresh == NULL)
            return FALSE;
          path = g_strdup (ramo_session_manager_get_path (fresh));
        }
      else
        fresh = ramo_session_manager_new_in_memory (ramo_session_manager_get_cwd (self->manager));

      _ramo_agent_session_set_manager (self, fresh);
    }
  else if (!ramo_session_manager_create_branched_session (self->manager, parent_id, &path, error))
    return FALSE;

  _ramo_agent_session_rebuild_context (self);
  g_signal_emit (self, _ramo_agent_session_signals [SIGNAL_BRANCH], 0, id, path);

  if (editor_text)
    *editor_text = g_steal_pointer (&text);
  if (new_path)
    *new_path = g_steal_pointer (&path);
  if (new_manager)
    *new_manager = g_steal_pointer (&fresh);
  return TRUE;
}

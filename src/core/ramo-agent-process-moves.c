/* ramo-agent-process-moves.c — the moves and labels Ramo asks the agent for, through the
 * commands of its extension (ramo-extension.js)
 *
 * Copyright 2026 The Ramo authors
 *
 * This program is free software: you can redistribute it and/or modify it under the terms of the
 * GNU General Public License as published by the Free Software Foundation, either version 3 of
 * the License, or (at your option) any later version.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ramo-agent"

#include "config.h"

#include <string.h>

#include "ramo-agent-process-private.h"
#include "ramo-json.h"

/*
 * Neither agent has an RPC command that moves the leaf or sets a label; both run an extension's
 * command given as a `prompt` (`/ramo-navigate {…}`), whose context has the agent's own
 * navigateTree(). The command answers with a notification (RAMO_AGENT_EXTENSION_RESULT_PREFIX and
 * a JSON object, ramo-agent-process-io.c takes it) that carries the request's id.
 */

/* Runs one of Ramo's extension commands: the prompt @message made for the request @id. */
static void
send_extension_command (RamoAgentProcess *self,
                        GTask            *task,
                        const char       *id,
                        const char       *message,
                        RequestKind       kind)
{
  g_autoptr(JsonObject) params = json_object_new ();

  json_object_set_string_member (params, "message", message);

  _ramo_agent_process_abort_on_cancel (self, task);
  _ramo_agent_process_send (self, id, "prompt", params, kind, task);
}

/**
 * ramo_agent_process_navigate_async:
 * @self: a running, idle #RamoAgentProcess
 * @target_id: the entry to move to
 * @options: (nullable): pi's `navigateTree()` options: summarize the branch left (the agent's
 *   summarizer and model), custom instructions, replace the instructions, a label
 * @cancellable: (nullable): a #GCancellable: cancelling it aborts a summary being written
 * @callback: called once the agent moved
 * @user_data: data for @callback
 *
 * Moves the agent's leaf as its `/tree` does, through Ramo's extension (`/ramo-navigate`):
 * the agent's rules decide where the leaf goes (a user message puts it on the message's parent,
 * the next prompt then making a sibling; any other entry becomes the leaf) and what is written
 * (a `branch_summary` with a summary, a `label`). A move without summary or label writes
 * nothing: the agent keeps the leaf in memory, as pi does.
 *
 * oh-my-pi 18.2.3 gives extensions `navigateTree(targetId, {summarize})` only: custom
 * instructions fail with %RAMO_AGENT_ERROR_UNSUPPORTED.
 */
void
ramo_agent_process_navigate_async (RamoAgentProcess      *self,
                                   const char            *target_id,
                                   const RamoTreeOptions *options,
                                   GCancellable          *cancellable,
                                   GAsyncReadyCallback    callback,
                                   gpointer               user_data)
{
  g_autoptr(GTask) task = NULL;
  g_autofree char *id = NULL;
  g_autofree char *message = NULL;

  g_return_if_fail (RAMO_IS_AGENT_PROCESS (self));
  g_return_if_fail (target_id != NULL);

  task = _ramo_agent_process_start_task (self, cancellable, callback, user_data, ramo_agent_process_navigate_async);
  if (task == NULL)
    return;
  /* omp:src/modes/runtime-init.ts passes only `summarize` on to session.navigateTree() */
  if (self->dialect == RAMO_DIALECT_OMP && options != NULL &&
      (options->custom_instructions != NULL || options->replace_instructions))
    {
      g_task_return_new_error (task, RAMO_AGENT_ERROR, RAMO_AGENT_ERROR_UNSUPPORTED,
                               "oh-my-pi takes no summary instructions from an extension's move");
      return;
    }

  id = _ramo_agent_process_next_id (self);
  message = ramo_agent_command_navigate_message (id, target_id, options);
  send_extension_command (self, task, id, message, REQUEST_NAVIGATE);
}

/**
 * ramo_agent_process_navigate_finish:
 * @self: a #RamoAgentProcess
 * @result: the result given to the callback
 * @error: return location for a #GError: %RAMO_AGENT_ERROR_REPORTED in the agent's words
 *   ("Entry … not found", a run under way, a failed summary), %G_IO_ERROR_CANCELLED when the
 *   move was aborted or an extension of the agent's cancelled it
 *
 * Returns: (transfer full): what the move did, as the agent reports it: the leaf before and
 *   after, the `branch_summary` and `label` entries written (`editor_text` is not filled:
 *   the selected message's text is in the session file), or %NULL with @error set
 */
RamoTreeResult *
ramo_agent_process_navigate_finish (RamoAgentProcess  *self,
                                    GAsyncResult      *result,
                                    GError           **error)
{
  g_return_val_if_fail (RAMO_IS_AGENT_PROCESS (self), NULL);
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}

/**
 * ramo_agent_process_set_label_async:
 * @self: a running #RamoAgentProcess
 * @target_id: the entry to label
 * @label: (nullable): the label, or %NULL (or "") to clear it
 * @cancellable: (nullable): a #GCancellable
 * @callback: called once the agent wrote it
 * @user_data: data for @callback
 *
 * Sets or clears a label the agent's way (its `pi.setLabel()`, through Ramo's extension's
 * `/ramo-label`), for when the agent is the session's writer.
 */
void
ramo_agent_process_set_label_async (RamoAgentProcess    *self,
                                    const char          *target_id,
                                    const char          *label,
                                    GCancellable        *cancellable,
                                    GAsyncReadyCallback  callback,
                                    gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  g_autofree char *id = NULL;
  g_autofree char *message = NULL;

  g_return_if_fail (RAMO_IS_AGENT_PROCESS (self));
  g_return_if_fail (target_id != NULL);

  task = _ramo_agent_process_start_task (self, cancellable, callback, user_data, ramo_agent_process_set_label_async);
  if (task == NULL)
    return;
  id = _ramo_agent_process_next_id (self);
  message = ramo_agent_command_label_message (id, target_id, label);
  send_extension_command (self, task, id, message, REQUEST_LABEL);
}

/**
 * ramo_agent_process_set_label_finish:
 * @self: a #RamoAgentProcess
 * @result: the result given to the callback
 * @entry_id: (out) (optional) (transfer full) (nullable): the `label` entry written
 * @error: return location for a #GError: %RAMO_AGENT_ERROR_REPORTED in the agent's words
 *   ("Entry … not found")
 *
 * Returns: %TRUE if the agent set the label
 */
gboolean
ramo_agent_process_set_label_finish (RamoAgentProcess  *self,
                                     GAsyncResult      *result,
                                     char             **entry_id,
                                     GError           **error)
{
  g_autoptr(RamoTreeResult) written = NULL;

  g_return_val_if_fail (RAMO_IS_AGENT_PROCESS (self), FALSE);
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);

  written = g_task_propagate_pointer (G_TASK (result), error);
  if (written == NULL)
    return FALSE;
  if (entry_id != NULL)
    *entry_id = g_steal_pointer (&written->label_entry_id);
  return TRUE;
}

static char *
dup_member (JsonObject *object,
            const char *name)
{
  return g_strdup (ramo_json_member_string (object, name));
}

/* The answer of Ramo's extension to the command of @request: `{ok, cancelled, oldLeafId,
 * leafId, entries: [{id, type}]}` or `{ok: false, error}`. */
void
_ramo_agent_process_complete_extension (RamoAgentProcess *self,
                                        RamoAgentRequest *request,
                                        JsonObject       *answer)
{
  g_autoptr(GTask) task = g_steal_pointer (&request->task);
  g_autoptr(RamoTreeResult) result = NULL;
  JsonNode *entries;

  g_assert (RAMO_IS_AGENT_PROCESS (self));

  if (!json_object_get_boolean_member_with_default (answer, "ok", FALSE))
    {
      g_task_return_new_error (task, RAMO_AGENT_ERROR, RAMO_AGENT_ERROR_REPORTED, "%s",
                               ramo_json_member_string (answer, "error") ?: "the command failed");
      return;
    }
  if (json_object_get_boolean_member_with_default (answer, "cancelled", FALSE))
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_CANCELLED,
                               "the agent cancelled the move");
      return;
    }

  result = g_new0 (RamoTreeResult, 1);
  result->old_leaf_id = dup_member (answer, "oldLeafId");
  result->new_leaf_id = dup_member (answer, "leafId");
  entries = json_object_get_member (answer, "entries");
  if (entries != NULL && JSON_NODE_HOLDS_ARRAY (entries))
    {
      JsonArray *array = json_node_get_array (entries);

      for (guint i = 0; i < json_array_get_length (array); i++)
        {
          JsonNode *node = json_array_get_element (array, i);
          const char *type;

          if (!JSON_NODE_HOLDS_OBJECT (node))
            continue;
          type = ramo_json_member_string (json_node_get_object (node), "type");
          if (g_strcmp0 (type, "branch_summary") == 0 && result->summary_entry_id == NULL)
            result->summary_entry_id = dup_member (json_node_get_object (node), "id");
          else if (g_strcmp0 (type, "label") == 0 && result->label_entry_id == NULL)
            result->label_entry_id = dup_member (json_node_get_object (node), "id");
        }
    }
  result->changed = g_strcmp0 (result->old_leaf_id, result->new_leaf_id) != 0 ||
                    result->summary_entry_id != NULL || result->label_entry_id != NULL;
  g_task_return_pointer (task, g_steal_pointer (&result), (GDestroyNotify) ramo_tree_result_free);
}

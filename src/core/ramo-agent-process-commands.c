/* ramo-agent-process-commands.c — the commands Ramo sends the agent: prompts, steering,
 * follow-ups, abort, state, models, thinking level
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
 * The commands are pi 1.6.0's (docs/rpc-commands.md); oh-my-pi 18.2.3 takes the same ones.
 * A cancelled prompt or move asks the agent to `abort` (which also stops a summary being
 * written) and still waits for the agent to settle: the agent writes what the abort leaves,
 * and the operation then fails with %G_IO_ERROR_CANCELLED.
 */

gboolean
_ramo_agent_process_parse_disposition (const char           *name,
                                       RamoAgentDisposition *disposition)
{
  if (g_strcmp0 (name, "started") == 0)
    *disposition = RAMO_AGENT_DISPOSITION_STARTED;
  else if (g_strcmp0 (name, "queued") == 0)
    *disposition = RAMO_AGENT_DISPOSITION_QUEUED;
  else if (g_strcmp0 (name, "handled") == 0)
    *disposition = RAMO_AGENT_DISPOSITION_HANDLED;
  else
    return FALSE;
  return TRUE;
}

/* Sends `abort` when a task's cancellable is cancelled (from the main context the task was
 * made in); the task's data, so disconnected when the task is done. */
typedef struct
{
  RamoAgentProcess *self;      /* the task's source object, alive as long as the task */
  GCancellable     *cancellable;
  GMainContext     *context;
  gulong            handler_id;
} AbortOnCancel;

static void
abort_on_cancel_free (gpointer data)
{
  AbortOnCancel *abort = data;

  if (abort->handler_id != 0)
    g_cancellable_disconnect (abort->cancellable, abort->handler_id);
  g_clear_object (&abort->cancellable);
  g_main_context_unref (abort->context);
  g_free (abort);
}

static gboolean
abort_idle_cb (gpointer user_data)
{
  _ramo_agent_process_send_abort (RAMO_AGENT_PROCESS (user_data));
  return G_SOURCE_REMOVE;
}

static void
cancelled_cb (GCancellable *cancellable,
              gpointer      user_data)
{
  AbortOnCancel *abort = user_data;
  g_autoptr(GSource) source = g_idle_source_new ();

  g_source_set_callback (source, abort_idle_cb, g_object_ref (abort->self), g_object_unref);
  g_source_attach (source, abort->context);
}

void
_ramo_agent_process_abort_on_cancel (RamoAgentProcess *self,
                                     GTask            *task)
{
  GCancellable *cancellable = g_task_get_cancellable (task);
  AbortOnCancel *abort;

  if (cancellable == NULL)
    return;
  abort = g_new0 (AbortOnCancel, 1);
  abort->self = self;
  abort->cancellable = g_object_ref (cancellable);
  abort->context = g_main_context_ref_thread_default ();
  g_task_set_task_data (task, abort, abort_on_cancel_free);
  abort->handler_id = g_cancellable_connect (cancellable, G_CALLBACK (cancelled_cb), abort, NULL);
}

/* A task for a command to the agent, tagged with @source_tag; %NULL when no agent runs, the
 * error then already returned through the task. */
GTask *
_ramo_agent_process_start_task (RamoAgentProcess    *self,
                                GCancellable        *cancellable,
                                GAsyncReadyCallback  callback,
                                gpointer             user_data,
                                gpointer             source_tag)
{
  GTask *task = g_task_new (self, cancellable, callback, user_data);
  GError *error = NULL;

  g_task_set_source_tag (task, source_tag);
  if (!_ramo_agent_process_check_running (self, &error))
    {
      g_task_return_error (task, error);
      g_object_unref (task);
      return NULL;
    }
  return task;
}

/**
 * ramo_agent_process_call_async:
 * @self: a running #RamoAgentProcess
 * @type: the command (`get_tree`, `get_entries`, `compact`, `set_session_name`, …)
 * @params: (nullable): its members besides `id` and `type`
 * @cancellable: (nullable): a #GCancellable
 * @callback: called with the response
 * @user_data: data for @callback
 *
 * Sends any command of the agent's RPC mode and waits for its response: the commands this
 * object has no function for go through here.
 */
void
ramo_agent_process_call_async (RamoAgentProcess    *self,
                               const char          *type,
                               JsonObject          *params,
                               GCancellable        *cancellable,
                               GAsyncReadyCallback  callback,
                               gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;

  g_return_if_fail (RAMO_IS_AGENT_PROCESS (self));
  g_return_if_fail (type != NULL);

  task = _ramo_agent_process_start_task (self, cancellable, callback, user_data, ramo_agent_process_call_async);
  if (task == NULL)
    return;
  _ramo_agent_process_send (self, NULL, type, params, REQUEST_CALL, task);
}

/**
 * ramo_agent_process_call_finish:
 * @self: a #RamoAgentProcess
 * @result: the result given to the callback
 * @error: return location for a %RAMO_AGENT_ERROR: %RAMO_AGENT_ERROR_REPORTED with the
 *   agent's `error` when it answered `success: false`
 *
 * Returns: (transfer full): the response's `data`, a null node when it has none, or %NULL
 *   with @error set
 */
JsonNode *
ramo_agent_process_call_finish (RamoAgentProcess  *self,
                                GAsyncResult      *result,
                                GError           **error)
{
  g_return_val_if_fail (RAMO_IS_AGENT_PROCESS (self), NULL);
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}

static JsonObject *
message_params (const char *message)
{
  JsonObject *params = json_object_new ();

  json_object_set_string_member (params, "message", message);
  return params;
}

/**
 * ramo_agent_process_prompt_async:
 * @self: a running #RamoAgentProcess
 * @message: the user's message
 * @when_busy: what the agent is to do with it if a run is under way
 * @cancellable: (nullable): a #GCancellable: cancelling it aborts the run
 * @callback: called once the agent is done with the message
 * @user_data: data for @callback
 *
 * Sends the user's message (pi's `prompt`). The agent appends it at its leaf, by its rules, and
 * answers; a message that started a run completes only once the run has settled, and what the
 * model streams meanwhile arrives as #RamoAgentProcess::text-delta and the other signals.
 */
void
ramo_agent_process_prompt_async (RamoAgentProcess      *self,
                                 const char            *message,
                                 RamoAgentBusyBehavior  when_busy,
                                 GCancellable          *cancellable,
                                 GAsyncReadyCallback    callback,
                                 gpointer               user_data)
{
  g_autoptr(GTask) task = NULL;
  g_autoptr(JsonObject) params = NULL;

  g_return_if_fail (RAMO_IS_AGENT_PROCESS (self));
  g_return_if_fail (message != NULL);

  task = _ramo_agent_process_start_task (self, cancellable, callback, user_data, ramo_agent_process_prompt_async);
  if (task == NULL)
    return;

  params = message_params (message);
  if (when_busy == RAMO_AGENT_BUSY_STEER)
    json_object_set_string_member (params, "streamingBehavior", "steer");
  else if (when_busy == RAMO_AGENT_BUSY_FOLLOW_UP)
    json_object_set_string_member (params, "streamingBehavior", "followUp");
  _ramo_agent_process_abort_on_cancel (self, task);
  _ramo_agent_process_send (self, NULL, "prompt", params, REQUEST_PROMPT, task);
}

/**
 * ramo_agent_process_prompt_finish:
 * @self: a #RamoAgentProcess
 * @result: the result given to the callback
 * @disposition: (out) (optional): what the agent did with the message
 * @error: return location for a #GError: %RAMO_AGENT_ERROR_REPORTED with the agent's words
 *   when it refused the message or the run's last turn ended in an error (a provider error, no
 *   key), %G_IO_ERROR_CANCELLED when the run was aborted, %RAMO_AGENT_ERROR_EXITED
 *
 * Returns: %TRUE if the message was taken and the run it started ended well
 */
gboolean
ramo_agent_process_prompt_finish (RamoAgentProcess      *self,
                                  GAsyncResult          *result,
                                  RamoAgentDisposition  *disposition,
                                  GError               **error)
{
  gssize value;

  g_return_val_if_fail (RAMO_IS_AGENT_PROCESS (self), FALSE);
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);

  value = g_task_propagate_int (G_TASK (result), error);
  if (value < 0)
    return FALSE;
  if (disposition != NULL)
    *disposition = (RamoAgentDisposition) value;
  return TRUE;
}

static void
queue_async (RamoAgentProcess    *self,
             const char          *type,
             const char          *message,
             GCancellable        *cancellable,
             GAsyncReadyCallback  callback,
             gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  g_autoptr(JsonObject) params = NULL;

  task = _ramo_agent_process_start_task (self, cancellable, callback, user_data, queue_async);
  if (task == NULL)
    return;
  params = message_params (message);
  _ramo_agent_process_send (self, NULL, type, params, REQUEST_QUEUE, task);
}

/**
 * ramo_agent_process_steer_async:
 * @self: a running #RamoAgentProcess
 * @message: the user's message
 * @cancellable: (nullable): a #GCancellable
 * @callback: called once the agent queued it
 * @user_data: data for @callback
 *
 * Queues @message to be delivered after the current turn's tool calls, before the model is
 * called again (pi's `steer`). Finish with ramo_agent_process_queue_finish().
 */
void
ramo_agent_process_steer_async (RamoAgentProcess    *self,
                                const char          *message,
                                GCancellable        *cancellable,
                                GAsyncReadyCallback  callback,
                                gpointer             user_data)
{
  g_return_if_fail (RAMO_IS_AGENT_PROCESS (self));
  g_return_if_fail (message != NULL);

  queue_async (self, "steer", message, cancellable, callback, user_data);
}

/**
 * ramo_agent_process_follow_up_async:
 * @self: a running #RamoAgentProcess
 * @message: the user's message
 * @cancellable: (nullable): a #GCancellable
 * @callback: called once the agent queued it
 * @user_data: data for @callback
 *
 * Queues @message for when the run would end (pi's `follow_up`): the agent then goes on with
 * it in the same run. Finish with ramo_agent_process_queue_finish().
 */
void
ramo_agent_process_follow_up_async (RamoAgentProcess    *self,
                                    const char          *message,
                                    GCancellable        *cancellable,
                                    GAsyncReadyCallback  callback,
                                    gpointer             user_data)
{
  g_return_if_fail (RAMO_IS_AGENT_PROCESS (self));
  g_return_if_fail (message != NULL);

  queue_async (self, "follow_up", message, cancellable, callback, user_data);
}

/**
 * ramo_agent_process_queue_finish:
 * @self: a #RamoAgentProcess
 * @result: the result given to the callback
 * @disposition: (out) (optional): %RAMO_AGENT_DISPOSITION_QUEUED, or
 *   %RAMO_AGENT_DISPOSITION_HANDLED when an input handler consumed it
 * @error: return location for a #GError
 *
 * Returns: %TRUE if the agent took the message
 */
gboolean
ramo_agent_process_queue_finish (RamoAgentProcess      *self,
                                 GAsyncResult          *result,
                                 RamoAgentDisposition  *disposition,
                                 GError               **error)
{
  gssize value;

  g_return_val_if_fail (RAMO_IS_AGENT_PROCESS (self), FALSE);
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);

  value = g_task_propagate_int (G_TASK (result), error);
  if (value < 0)
    return FALSE;
  if (disposition != NULL)
    *disposition = (RamoAgentDisposition) value;
  return TRUE;
}

/**
 * ramo_agent_process_abort_async:
 * @self: a running #RamoAgentProcess
 * @cancellable: (nullable): a #GCancellable
 * @callback: called once the agent is idle
 * @user_data: data for @callback
 *
 * Aborts what the agent is doing — the model's reply, a retry, a compaction, a summary — and
 * completes once it is idle (pi answers `abort` then). The prompt that started the run fails
 * with %G_IO_ERROR_CANCELLED.
 */
void
ramo_agent_process_abort_async (RamoAgentProcess    *self,
                                GCancellable        *cancellable,
                                GAsyncReadyCallback  callback,
                                gpointer             user_data)
{
  ramo_agent_process_call_async (self, "abort", NULL, cancellable, callback, user_data);
}

/**
 * ramo_agent_process_abort_finish:
 * @self: a #RamoAgentProcess
 * @result: the result given to the callback
 * @error: return location for a #GError
 *
 * Returns: %TRUE once the agent is idle
 */
gboolean
ramo_agent_process_abort_finish (RamoAgentProcess  *self,
                                 GAsyncResult      *result,
                                 GError           **error)
{
  g_autoptr(JsonNode) data = ramo_agent_process_call_finish (self, result, error);

  return data != NULL;
}

/**
 * ramo_agent_process_query_state_async:
 * @self: a running #RamoAgentProcess
 * @cancellable: (nullable): a #GCancellable
 * @callback: called with the state
 * @user_data: data for @callback
 *
 * Asks the agent for its state (pi's `get_state`).
 */
void
ramo_agent_process_query_state_async (RamoAgentProcess    *self,
                                      GCancellable        *cancellable,
                                      GAsyncReadyCallback  callback,
                                      gpointer             user_data)
{
  ramo_agent_process_call_async (self, "get_state", NULL, cancellable, callback, user_data);
}

static JsonObject *
finish_object (RamoAgentProcess  *self,
               GAsyncResult      *result,
               const char        *what,
               GError           **error)
{
  g_autoptr(JsonNode) data = ramo_agent_process_call_finish (self, result, error);

  if (data == NULL)
    return NULL;
  if (!JSON_NODE_HOLDS_OBJECT (data))
    {
      g_set_error (error, RAMO_AGENT_ERROR, RAMO_AGENT_ERROR_PROTOCOL,
                   "the agent's %s is not an object", what);
      return NULL;
    }
  return json_object_ref (json_node_get_object (data));
}

/**
 * ramo_agent_process_query_state_finish:
 * @self: a #RamoAgentProcess
 * @result: the result given to the callback
 * @error: return location for a #GError
 *
 * Returns: (transfer full): the state: `model` (the model object, absent when none is
 *   chosen), `thinkingLevel`, `isStreaming`, `isCompacting`, `steeringMode`, `followUpMode`,
 *   `sessionFile`, `sessionId`, `sessionName`, `autoCompactionEnabled`, `messageCount`,
 *   `pendingMessageCount` (pi 1.6.0), or %NULL with @error set
 */
JsonObject *
ramo_agent_process_query_state_finish (RamoAgentProcess  *self,
                                       GAsyncResult      *result,
                                       GError           **error)
{
  return finish_object (self, result, "state", error);
}

/**
 * ramo_agent_process_get_available_models_async:
 * @self: a running #RamoAgentProcess
 * @cancellable: (nullable): a #GCancellable
 * @callback: called with the models
 * @user_data: data for @callback
 *
 * Asks the agent for the models it can use (pi's `get_available_models`: those of its
 * providers with a key).
 */
void
ramo_agent_process_get_available_models_async (RamoAgentProcess    *self,
                                               GCancellable        *cancellable,
                                               GAsyncReadyCallback  callback,
                                               gpointer             user_data)
{
  ramo_agent_process_call_async (self, "get_available_models", NULL, cancellable, callback,
                                 user_data);
}

/**
 * ramo_agent_process_get_available_models_finish:
 * @self: a #RamoAgentProcess
 * @result: the result given to the callback
 * @error: return location for a #GError
 *
 * Returns: (transfer full): the model objects (`provider`, `id`, `name`, `reasoning`,
 *   `contextWindow`, …), or %NULL with @error set
 */
JsonArray *
ramo_agent_process_get_available_models_finish (RamoAgentProcess  *self,
                                                GAsyncResult      *result,
                                                GError           **error)
{
  g_autoptr(JsonObject) data = finish_object (self, result, "model list", error);
  JsonNode *models;

  if (data == NULL)
    return NULL;
  models = json_object_get_member (data, "models");
  if (models == NULL || !JSON_NODE_HOLDS_ARRAY (models))
    {
      g_set_error (error, RAMO_AGENT_ERROR, RAMO_AGENT_ERROR_PROTOCOL,
                   "the agent's model list has no models");
      return NULL;
    }
  return json_array_ref (json_node_get_array (models));
}

/**
 * ramo_agent_process_set_model_async:
 * @self: a running #RamoAgentProcess
 * @provider: the model's provider, as the agent names it
 * @model_id: the model's id
 * @cancellable: (nullable): a #GCancellable
 * @callback: called once the agent switched
 * @user_data: data for @callback
 *
 * Switches the agent to a model (pi's `set_model`; the agent records the change in the
 * session).
 */
void
ramo_agent_process_set_model_async (RamoAgentProcess    *self,
                                    const char          *provider,
                                    const char          *model_id,
                                    GCancellable        *cancellable,
                                    GAsyncReadyCallback  callback,
                                    gpointer             user_data)
{
  g_autoptr(JsonObject) params = json_object_new ();

  g_return_if_fail (provider != NULL && model_id != NULL);

  json_object_set_string_member (params, "provider", provider);
  json_object_set_string_member (params, "modelId", model_id);
  ramo_agent_process_call_async (self, "set_model", params, cancellable, callback, user_data);
}

/**
 * ramo_agent_process_set_model_finish:
 * @self: a #RamoAgentProcess
 * @result: the result given to the callback
 * @error: return location for a #GError (%RAMO_AGENT_ERROR_REPORTED: "Model not found: …")
 *
 * Returns: (transfer full): the model now used, or %NULL with @error set
 */
JsonObject *
ramo_agent_process_set_model_finish (RamoAgentProcess  *self,
                                     GAsyncResult      *result,
                                     GError           **error)
{
  return finish_object (self, result, "model", error);
}

/**
 * ramo_agent_process_set_thinking_level_async:
 * @self: a running #RamoAgentProcess
 * @level: `off`, `minimal`, `low`, `medium`, `high`, `xhigh` or `max` (the model's own list:
 *   `get_available_thinking_levels` through ramo_agent_process_call_async())
 * @cancellable: (nullable): a #GCancellable
 * @callback: called once the agent changed it
 * @user_data: data for @callback
 *
 * Sets the model's thinking level (pi's `set_thinking_level`).
 */
void
ramo_agent_process_set_thinking_level_async (RamoAgentProcess    *self,
                                             const char          *level,
                                             GCancellable        *cancellable,
                                             GAsyncReadyCallback  callback,
                                             gpointer             user_data)
{
  g_autoptr(JsonObject) params = json_object_new ();

  g_return_if_fail (level != NULL);

  json_object_set_string_member (params, "level", level);
  ramo_agent_process_call_async (self, "set_thinking_level", params, cancellable, callback,
                                 user_data);
}

/**
 * ramo_agent_process_set_thinking_level_finish:
 * @self: a #RamoAgentProcess
 * @result: the result given to the callback
 * @error: return location for a #GError
 *
 * Returns: %TRUE once the agent changed the level
 */
gboolean
ramo_agent_process_set_thinking_level_finish (RamoAgentProcess  *self,
                                              GAsyncResult      *result,
                                              GError           **error)
{
  g_autoptr(JsonNode) data = ramo_agent_process_call_finish (self, result, error);

  return data != NULL;
}

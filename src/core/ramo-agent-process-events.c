/* ramo-agent-process-events.c — the agent's events as signals, and the run under way
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
 * The events are pi 1.6.0's (docs/json.md; oh-my-pi streams the same names): each is emitted
 * whole as ::event (detailed by its type), then as the signal made for it. The run under way
 * is followed here: `agent_start` makes the process busy, `agent_settled` idle again (oh-my-pi
 * 18.2.3 has no `agent_settled`: its `agent_end` without `isTerminal: false` ends the run, and
 * the last turn's `stopReason: "aborted"` tells an abort), and the prompts waiting for the run
 * complete then — with the run's error if its last assistant turn
 * ended in one (`stopReason: "error"` and the agent's `errorMessage`; a retry that succeeded
 * clears it, a retry that gave up sets its `finalError`), cancelled if it was aborted.
 */

void
_ramo_agent_process_report_error (RamoAgentProcess *self,
                                  const char       *message)
{
  g_autoptr(GError) error = g_error_new_literal (RAMO_AGENT_ERROR, RAMO_AGENT_ERROR_REPORTED,
                                                 message);

  g_assert (RAMO_IS_AGENT_PROCESS (self));

  g_signal_emit (self, _ramo_agent_process_signals [SIGNAL_AGENT_ERROR], 0, error);
}

static void
set_run_error (RamoAgentProcess *self,
               const char       *message)
{
  g_clear_error (&self->run_error);
  if (message != NULL)
    {
      self->run_error = g_error_new_literal (RAMO_AGENT_ERROR, RAMO_AGENT_ERROR_REPORTED, message);
      g_signal_emit (self, _ramo_agent_process_signals [SIGNAL_AGENT_ERROR], 0, self->run_error);
    }
}

static void
return_run (GTask        *task,
            gboolean      aborted,
            const GError *error)
{
  if (aborted)
    g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_CANCELLED, "the run was aborted");
  else if (error != NULL)
    g_task_return_error (task, g_error_copy (error));
  else
    g_task_return_int (task, RAMO_AGENT_DISPOSITION_STARTED);
}

/* A prompt that started a run completes once that run settles; @settled_at_send is how many
 * runs had settled when it was sent, so a run that settled before its response came (which
 * pi does not do: it answers `started` before the run's first event) is not waited for. */
void
_ramo_agent_process_wait_for_run (RamoAgentProcess *self,
                                  GTask            *task,
                                  guint             settled_at_send)
{
  g_assert (RAMO_IS_AGENT_PROCESS (self));

  if (self->state != RAMO_AGENT_PROCESS_BUSY && self->n_settled > settled_at_send)
    {
      return_run (task, self->last_run_aborted, self->last_run_error);
      g_object_unref (task);
      return;
    }
  g_ptr_array_add (self->run_waiters, task);
}

static void
settle (RamoAgentProcess *self,
        gboolean          aborted)
{
  g_autoptr(GPtrArray) waiters = g_steal_pointer (&self->run_waiters);

  self->run_waiters = g_ptr_array_new_with_free_func (g_object_unref);
  self->n_settled++;
  self->last_run_aborted = aborted;
  g_clear_error (&self->last_run_error);
  self->last_run_error = g_steal_pointer (&self->run_error);

  if (self->state == RAMO_AGENT_PROCESS_BUSY)
    _ramo_agent_process_set_state (self, RAMO_AGENT_PROCESS_IDLE);
  g_signal_emit (self, _ramo_agent_process_signals [SIGNAL_AGENT_SETTLED], 0, aborted);

  for (guint i = 0; i < waiters->len; i++)
    return_run (g_ptr_array_index (waiters, i), aborted, self->last_run_error);
}

static JsonObject *
member_object (JsonObject *object,
               const char *name)
{
  JsonNode *node = json_object_get_member (object, name);

  return node != NULL && JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
}

static char **
member_strv (JsonObject *object,
             const char *name)
{
  JsonNode *node = json_object_get_member (object, name);
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();

  if (node != NULL && JSON_NODE_HOLDS_ARRAY (node))
    {
      JsonArray *array = json_node_get_array (node);

      for (guint i = 0; i < json_array_get_length (array); i++)
        {
          JsonNode *element = json_array_get_element (array, i);

          /* pi 1.6.0 lists the texts; a message object's text would do as well */
          if (JSON_NODE_HOLDS_VALUE (element) && json_node_get_value_type (element) == G_TYPE_STRING)
            g_strv_builder_add (builder, json_node_get_string (element));
        }
    }
  return g_strv_builder_end (builder);
}

static void
handle_message_update (RamoAgentProcess *self,
                       JsonObject       *event)
{
  JsonObject *update = member_object (event, "assistantMessageEvent");
  const char *type, *delta;
  guint index;

  if (update == NULL || (type = ramo_json_member_string (update, "type")) == NULL)
    return;
  delta = ramo_json_member_string (update, "delta");
  index = (guint) MAX (0, json_object_get_int_member_with_default (update, "contentIndex", 0));

  if (strcmp (type, "text_delta") == 0 && delta != NULL)
    g_signal_emit (self, _ramo_agent_process_signals [SIGNAL_TEXT_DELTA], 0, index, delta);
  else if (strcmp (type, "thinking_delta") == 0 && delta != NULL)
    g_signal_emit (self, _ramo_agent_process_signals [SIGNAL_THINKING_DELTA], 0, index, delta);
}

static void
handle_message_end (RamoAgentProcess *self,
                    JsonObject       *message)
{
  const char *stop_reason;

  if (g_strcmp0 (ramo_json_member_string (message, "role"), "assistant") != 0)
    return;

  stop_reason = ramo_json_member_string (message, "stopReason");
  self->run_aborted = g_strcmp0 (stop_reason, "aborted") == 0;
  if (g_strcmp0 (stop_reason, "error") == 0)
    set_run_error (self, ramo_json_member_string (message, "errorMessage") ?:
                   "the model's turn ended in an error");
  else
    set_run_error (self, NULL);
}

static void
emit_tool (RamoAgentProcess *self,
           guint             signal,
           JsonObject       *event,
           const char       *member)
{
  const char *call_id = ramo_json_member_string (event, "toolCallId");
  const char *tool_name = ramo_json_member_string (event, "toolName");
  JsonNode *value = json_object_get_member (event, member);

  if (signal == SIGNAL_TOOL_END)
    g_signal_emit (self, _ramo_agent_process_signals [signal], 0, call_id, tool_name, value,
                   json_object_get_boolean_member_with_default (event, "isError", FALSE));
  else
    g_signal_emit (self, _ramo_agent_process_signals [signal], 0, call_id, tool_name, value);
}

void
_ramo_agent_process_handle_event (RamoAgentProcess *self,
                                  const char       *type,
                                  JsonObject       *event)
{
  JsonObject *message;

  g_assert (RAMO_IS_AGENT_PROCESS (self));

  g_signal_emit (self, _ramo_agent_process_signals [SIGNAL_EVENT], g_quark_from_string (type),
                 event);

  if (strcmp (type, "message_update") == 0)
    handle_message_update (self, event);
  else if (strcmp (type, "agent_start") == 0)
    {
      g_clear_error (&self->run_error);
      self->run_aborted = FALSE;
      _ramo_agent_process_set_state (self, RAMO_AGENT_PROCESS_BUSY);
      _ramo_agent_process_adopt_prompts (self);
      g_signal_emit (self, _ramo_agent_process_signals [SIGNAL_AGENT_START], 0);
    }
  else if (strcmp (type, "agent_end") == 0)
    {
      gboolean terminal = json_object_get_boolean_member_with_default (event, "isTerminal", TRUE);

      g_signal_emit (self, _ramo_agent_process_signals [SIGNAL_AGENT_END], 0,
                     json_object_get_boolean_member_with_default (event, "willRetry", !terminal));
      if (self->dialect == RAMO_DIALECT_OMP && terminal)
        settle (self, self->run_aborted);
    }
  else if (strcmp (type, "agent_settled") == 0)
    settle (self, json_object_get_boolean_member_with_default (event, "aborted", FALSE));
  else if (strcmp (type, "turn_start") == 0)
    g_signal_emit (self, _ramo_agent_process_signals [SIGNAL_TURN_START], 0);
  else if (strcmp (type, "turn_end") == 0 && (message = member_object (event, "message")))
    g_signal_emit (self, _ramo_agent_process_signals [SIGNAL_TURN_END], 0, message);
  else if (strcmp (type, "message_start") == 0 && (message = member_object (event, "message")))
    g_signal_emit (self, _ramo_agent_process_signals [SIGNAL_MESSAGE_START], 0, message);
  else if (strcmp (type, "message_end") == 0 && (message = member_object (event, "message")))
    {
      handle_message_end (self, message);
      g_signal_emit (self, _ramo_agent_process_signals [SIGNAL_MESSAGE_END], 0, message);
    }
  else if (strcmp (type, "tool_execution_start") == 0)
    emit_tool (self, SIGNAL_TOOL_START, event, "args");
  else if (strcmp (type, "tool_execution_update") == 0)
    emit_tool (self, SIGNAL_TOOL_UPDATE, event, "partialResult");
  else if (strcmp (type, "tool_execution_end") == 0)
    emit_tool (self, SIGNAL_TOOL_END, event, "result");
  else if (strcmp (type, "queue_update") == 0)
    {
      g_auto(GStrv) steering = member_strv (event, "steering");
      g_auto(GStrv) follow_up = member_strv (event, "followUp");

      g_signal_emit (self, _ramo_agent_process_signals [SIGNAL_QUEUE_CHANGED], 0, steering,
                     follow_up);
    }
  else if (strcmp (type, "auto_retry_end") == 0 &&
           !json_object_get_boolean_member_with_default (event, "success", TRUE))
    set_run_error (self, ramo_json_member_string (event, "finalError") ?: "the retries failed");
  else if (strcmp (type, "compaction_end") == 0 && ramo_json_member_string (event, "errorMessage"))
    _ramo_agent_process_report_error (self, ramo_json_member_string (event, "errorMessage"));
  else if (strcmp (type, "extension_error") == 0)
    {
      g_autofree char *text = g_strdup_printf ("%s (%s): %s",
                                               ramo_json_member_string (event, "extensionPath") ?: "an extension",
                                               ramo_json_member_string (event, "event") ?: "event",
                                               ramo_json_member_string (event, "error") ?: "failed");

      _ramo_agent_process_report_error (self, text);
    }
}

/* ramo-window-agent-events.c — what the session's agent streams, shown in the window
 *
 * Copyright 2026 The Ramo authors
 *
 * This program is free software: you can redistribute it and/or modify it under the terms of the
 * GNU General Public License as published by the Free Software Foundation, either version 3 of
 * the License, or (at your option) any later version.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ramo-window"

#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>

#include "ramo-window-private.h"

enum {
  H_STATE, H_MESSAGE_START, H_MESSAGE_END, H_TEXT_DELTA, H_THINKING_DELTA, H_TOOL_START, H_TOOL_END,
  H_QUEUE, H_SETTLED, H_ERROR, H_EXITED, H_UI_REQUEST, N_HANDLERS
};

G_STATIC_ASSERT (N_HANDLERS <= G_N_ELEMENTS (((RamoWindow *) NULL)->agent_handlers));

/* ------------------------------------------------------------------------------------------ */
/* The agent's events                                                                          */

static void
state_cb (RamoWindow *self)
{
  _ramo_window_agent_update (self);
  _ramo_window_actions_update (self);
}

static void
message_start_cb (RamoWindow       *self,
                  JsonObject       *message,
                  RamoAgentProcess *agent)
{
  const char *role = json_object_get_string_member_with_default (message, "role", "");

  if (strcmp (role, "user") == 0)
    {
      /* the agent took the message: it is the session's now */
      self->agent_user_seen = TRUE;
      self->agent_sending = FALSE;
      g_clear_pointer (&self->agent_pending_text, g_free);
      _ramo_window_agent_update (self);
    }
  else if (strcmp (role, "assistant") == 0)
    {
      g_autofree char *status = g_strdup_printf (_("%s is answering…"), _ramo_window_agent_name (self));

      ramo_composer_clear_reply (self->composer_widget);
      ramo_composer_set_status (self->composer_widget, status, TRUE);
    }
}

static void
message_end_cb (RamoWindow       *self,
                JsonObject       *message,
                RamoAgentProcess *agent)
{
  _ramo_window_agent_read_writes (self);
}

static void
text_delta_cb (RamoWindow       *self,
               guint             content_index,
               const char       *delta,
               RamoAgentProcess *agent)
{
  ramo_composer_set_activity (self->composer_widget, NULL);
  ramo_composer_append_reply (self->composer_widget, delta);
}

static void
thinking_delta_cb (RamoWindow       *self,
                   guint             content_index,
                   const char       *delta,
                   RamoAgentProcess *agent)
{
  ramo_composer_set_activity (self->composer_widget, _("Thinking…"));
}

static void
tool_start_cb (RamoWindow       *self,
               const char       *call_id,
               const char       *tool_name,
               JsonNode         *args,
               RamoAgentProcess *agent)
{
  /* Translators: %s is a tool's name (bash, read, edit…) */
  g_autofree char *text = g_strdup_printf (_("Running %s…"), tool_name);

  ramo_composer_set_activity (self->composer_widget, text);
}

static void
tool_end_cb (RamoWindow       *self,
             const char       *call_id,
             const char       *tool_name,
             JsonNode         *result,
             gboolean          is_error,
             RamoAgentProcess *agent)
{
  ramo_composer_set_activity (self->composer_widget, NULL);
  _ramo_window_agent_read_writes (self);
}

static void
queue_cb (RamoWindow          *self,
          const char * const  *steering,
          const char * const  *follow_up,
          RamoAgentProcess    *agent)
{
  ramo_composer_set_queue (self->composer_widget, steering, follow_up);
}

static void
settled_cb (RamoWindow       *self,
            gboolean          aborted,
            RamoAgentProcess *agent)
{
  g_autofree char *status = aborted ? g_strdup (_("Stopped; what was written so far stays in the session"))
                                    : g_strdup_printf (_("%s has answered"), _ramo_window_agent_name (self));

  ramo_composer_set_status (self->composer_widget, status, FALSE);
  ramo_composer_set_activity (self->composer_widget, NULL);
  ramo_composer_set_queue (self->composer_widget, NULL, NULL);
  _ramo_window_agent_read_writes (self);
}

static void
agent_error_cb (RamoWindow       *self,
                const GError     *error,
                RamoAgentProcess *agent)
{
  g_autofree char *what = g_strdup_printf (_("%s reported an error"), _ramo_window_agent_name (self));

  _ramo_window_agent_show_error (self, what, error);
}

static void
exited_cb (RamoWindow       *self,
           const GError     *error,
           RamoAgentProcess *agent)
{
  if (error)
    {
      g_autofree char *what = g_strdup_printf (_("%s stopped"), _ramo_window_agent_name (self));

      _ramo_window_agent_show_error (self, what, error);
      ramo_composer_set_status (self->composer_widget, what, FALSE);
    }
  self->agent_leaf_known = FALSE;
  _ramo_window_agent_update (self);
  _ramo_window_actions_update (self);
}

static gboolean
ui_request_cb (RamoWindow       *self,
               const char       *id,
               const char       *method,
               JsonObject       *request,
               RamoAgentProcess *agent)
{
  /* what other extensions say is shown; their dialogs are answered "cancelled" by the agent
   * process (Ramo has no interface for them) */
  if (g_strcmp0 (method, "notify") == 0)
    {
      const char *message = json_object_get_string_member_with_default (request, "message", NULL);

      if (message && message[0])
        ramo_window_show_toast (self, message);
    }
  else if (g_strcmp0 (method, "set_editor_text") == 0)
    _ramo_window_offer_composer_text (self, json_object_get_string_member_with_default (request, "text", ""));
  return FALSE;
}

void
_ramo_window_agent_connect (RamoWindow       *self,
                            RamoAgentProcess *agent)
{
  gulong *h = self->agent_handlers;

  h[H_STATE] = g_signal_connect_swapped (agent, "notify::state", G_CALLBACK (state_cb), self);
  h[H_MESSAGE_START] = g_signal_connect_swapped (agent, "message-start", G_CALLBACK (message_start_cb), self);
  h[H_MESSAGE_END] = g_signal_connect_swapped (agent, "message-end", G_CALLBACK (message_end_cb), self);
  h[H_TEXT_DELTA] = g_signal_connect_swapped (agent, "text-delta", G_CALLBACK (text_delta_cb), self);
  h[H_THINKING_DELTA] = g_signal_connect_swapped (agent, "thinking-delta", G_CALLBACK (thinking_delta_cb), self);
  h[H_TOOL_START] = g_signal_connect_swapped (agent, "tool-start", G_CALLBACK (tool_start_cb), self);
  h[H_TOOL_END] = g_signal_connect_swapped (agent, "tool-end", G_CALLBACK (tool_end_cb), self);
  h[H_QUEUE] = g_signal_connect_swapped (agent, "queue-changed", G_CALLBACK (queue_cb), self);
  h[H_SETTLED] = g_signal_connect_swapped (agent, "agent-settled", G_CALLBACK (settled_cb), self);
  h[H_ERROR] = g_signal_connect_swapped (agent, "agent-error", G_CALLBACK (agent_error_cb), self);
  h[H_EXITED] = g_signal_connect_swapped (agent, "exited", G_CALLBACK (exited_cb), self);
  h[H_UI_REQUEST] = g_signal_connect_swapped (agent, "ui-request", G_CALLBACK (ui_request_cb), self);
}


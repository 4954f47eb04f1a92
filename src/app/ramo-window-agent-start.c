/* ramo-window-agent-start.c — starting the session's agent for a window, its models and
 * thinking levels
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

#include "ramo-app-util.h"
#include "ramo-window-private.h"

/* ------------------------------------------------------------------------------------------ */
/* Starting and stopping                                                                       */

/* The command line the user set for @dialect's agent in Preferences, or NULL. */
char *
_ramo_window_agent_dup_configured_command (RamoWindow  *self,
                                           RamoDialect  dialect)
{
  if (self->settings == NULL)
    return NULL;
  return g_settings_get_string (self->settings, ramo_agent_command_get_setting (dialect));
}

gboolean
_ramo_window_agent_detach_full (RamoWindow          *self,
                                GAsyncReadyCallback  stopped,
                                gpointer             user_data)
{
  g_autoptr(RamoAgentProcess) agent = g_steal_pointer (&self->agent_process);

  g_cancellable_cancel (self->agent_cancellable);
  g_clear_object (&self->agent_cancellable);
  g_clear_pointer (&self->agent_leaf_id, g_free);
  g_clear_pointer (&self->agent_session_path, g_free);
  g_clear_pointer (&self->agent_followed_id, g_free);
  g_clear_pointer (&self->agent_pending_move, g_free);
  g_clear_pointer (&self->agent_pending_move_options, ramo_tree_options_free);
  self->agent_leaf_known = FALSE;
  self->agent_sending = FALSE;
  self->agent_user_seen = FALSE;
  g_clear_pointer (&self->agent_models, g_ptr_array_unref);

  if (agent == NULL)
    return FALSE;
  for (guint i = 0; i < G_N_ELEMENTS (self->agent_handlers); i++)
    g_clear_signal_handler (&self->agent_handlers[i], agent);
  /* the agent's input closes; it ends by itself, its run aborted */
  if (ramo_agent_process_get_state (agent) == RAMO_AGENT_PROCESS_EXITED ||
      ramo_agent_process_get_state (agent) == RAMO_AGENT_PROCESS_NEW)
    return FALSE;
  ramo_agent_process_stop_async (agent, NULL, stopped, user_data);
  return TRUE;
}

/* Lets the session's agent go: its input closes, it ends by itself (its run aborted). */
void
_ramo_window_agent_detach (RamoWindow *self)
{
  _ramo_window_agent_detach_full (self, NULL, NULL);
}

/* The models and thinking levels, from the agent's own lists. */
static void
show_models (RamoWindow *self,
             JsonObject *state)
{
  JsonNode *model_node = state ? json_object_get_member (state, "model") : NULL;
  JsonObject *model = model_node && JSON_NODE_HOLDS_OBJECT (model_node) ? json_node_get_object (model_node) : NULL;
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  int selected = -1;

  if (self->agent_models == NULL)
    return;
  for (guint i = 0; i < self->agent_models->len; i++)
    {
      JsonObject *m = g_ptr_array_index (self->agent_models, i);
      const char *provider = json_object_get_string_member_with_default (m, "provider", "");
      const char *id = json_object_get_string_member_with_default (m, "id", "");
      const char *name = json_object_get_string_member_with_default (m, "name", id);

      g_ptr_array_add (names, g_strdup_printf ("%s (%s)", name && name[0] ? name : id, provider));
      if (model && g_strcmp0 (provider, json_object_get_string_member_with_default (model, "provider", NULL)) == 0 &&
          g_strcmp0 (id, json_object_get_string_member_with_default (model, "id", NULL)) == 0)
        selected = i;
    }
  g_ptr_array_add (names, NULL);
  ramo_composer_set_models (self->composer_widget, (const char * const *) names->pdata, selected);
}

static void
thinking_levels_cb (GObject      *object,
                    GAsyncResult *result,
                    gpointer      user_data)
{
  g_autoptr(RamoWindow) self = user_data;
  g_autoptr(JsonNode) data = ramo_agent_process_call_finish (RAMO_AGENT_PROCESS (object), result, NULL);
  g_autofree char *current = g_object_steal_data (G_OBJECT (object), "ramo-thinking-level");
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  g_auto(GStrv) levels = NULL;
  JsonArray *array = NULL;

  if (RAMO_AGENT_PROCESS (object) != self->agent_process)
    return;
  /* pi 1.6.0 answers with the levels of its model; oh-my-pi 18.2.3 has no such command, and
   * then the list stays hidden (the agent's level is kept) */
  if (data && JSON_NODE_HOLDS_OBJECT (data))
    {
      JsonNode *levels_node = json_object_get_member (json_node_get_object (data), "levels");

      if (levels_node && JSON_NODE_HOLDS_ARRAY (levels_node))
        array = json_node_get_array (levels_node);
    }
  for (guint i = 0; array && i < json_array_get_length (array); i++)
    {
      const char *level = json_node_get_string (json_array_get_element (array, i));

      if (level)
        g_strv_builder_add (builder, level);
    }
  levels = g_strv_builder_end (builder);
  ramo_composer_set_thinking_levels (self->composer_widget, (const char * const *) levels, current);
}

static void
refresh_thinking_levels (RamoWindow *self,
                         const char *current)
{
  g_object_set_data_full (G_OBJECT (self->agent_process), "ramo-thinking-level", g_strdup (current), g_free);
  ramo_agent_process_call_async (self->agent_process, "get_available_thinking_levels", NULL, NULL,
                                 thinking_levels_cb, g_object_ref (self));
}

static void
state_query_cb (GObject      *object,
                GAsyncResult *result,
                gpointer      user_data)
{
  g_autoptr(RamoWindow) self = user_data;
  g_autoptr(JsonObject) state = ramo_agent_process_query_state_finish (RAMO_AGENT_PROCESS (object), result, NULL);

  if (RAMO_AGENT_PROCESS (object) != self->agent_process || state == NULL)
    return;
  show_models (self, state);
  refresh_thinking_levels (self, json_object_get_string_member_with_default (state, "thinkingLevel", NULL));
}

static void
models_cb (GObject      *object,
           GAsyncResult *result,
           gpointer      user_data)
{
  g_autoptr(RamoWindow) self = user_data;
  g_autoptr(JsonArray) models = ramo_agent_process_get_available_models_finish (RAMO_AGENT_PROCESS (object), result, NULL);

  if (RAMO_AGENT_PROCESS (object) != self->agent_process || models == NULL)
    return;
  g_clear_pointer (&self->agent_models, g_ptr_array_unref);
  self->agent_models = g_ptr_array_new_with_free_func ((GDestroyNotify) json_object_unref);
  for (guint i = 0; i < json_array_get_length (models); i++)
    {
      JsonNode *node = json_array_get_element (models, i);

      if (JSON_NODE_HOLDS_OBJECT (node))
        g_ptr_array_add (self->agent_models, json_object_ref (json_node_get_object (node)));
    }
  ramo_agent_process_query_state_async (self->agent_process, NULL, state_query_cb, g_object_ref (self));
}

static void
model_set_cb (GObject      *object,
              GAsyncResult *result,
              gpointer      user_data)
{
  g_autoptr(RamoWindow) self = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonObject) model = ramo_agent_process_set_model_finish (RAMO_AGENT_PROCESS (object), result, &error);

  if (RAMO_AGENT_PROCESS (object) != self->agent_process)
    return;
  if (model == NULL)
    {
      g_autofree char *what = g_strdup_printf (_("%s could not change its model"), _ramo_window_agent_name (self));

      _ramo_window_agent_show_error (self, what, error);
    }
  /* the list shows the agent's model, and the levels of that model (the agent clamps its
   * level to them) */
  ramo_agent_process_query_state_async (self->agent_process, NULL, state_query_cb, g_object_ref (self));
}

void
_ramo_window_agent_model_chosen_cb (RamoWindow   *self,
                                    guint         index,
                                    RamoComposer *composer)
{
  JsonObject *model;

  if (!_ramo_window_agent_is_attached (self) || self->agent_models == NULL || index >= self->agent_models->len)
    return;
  model = g_ptr_array_index (self->agent_models, index);
  ramo_agent_process_set_model_async (self->agent_process,
                                      json_object_get_string_member_with_default (model, "provider", ""),
                                      json_object_get_string_member_with_default (model, "id", ""),
                                      NULL, model_set_cb, g_object_ref (self));
}

void
_ramo_window_agent_thinking_chosen_cb (RamoWindow   *self,
                                       const char   *level,
                                       RamoComposer *composer)
{
  if (_ramo_window_agent_is_attached (self))
    ramo_agent_process_set_thinking_level_async (self->agent_process, level, NULL, NULL, NULL);
}

static void
start_cb (GObject      *object,
          GAsyncResult *result,
          gpointer      user_data)
{
  g_autoptr(RamoWindow) self = user_data;
  RamoAgentProcess *agent = RAMO_AGENT_PROCESS (object);
  g_autoptr(GError) error = NULL;
  gboolean started = ramo_agent_process_start_finish (agent, result, &error);
  RamoEntry *last;

  if (agent != self->agent_process)
    return;
  if (!started)
    {
      g_autofree char *what = g_strdup_printf (_("Could not start %s"), _ramo_window_agent_name (self));

      g_clear_object (&self->agent_process);
      _ramo_window_agent_end_send (self, what, error);
      return;
    }

  /* the agent opened the file where it ends (pi's and oh-my-pi's leaf on load) */
  last = self->manager && ramo_session_manager_get_n_entries (self->manager) > 0
         ? ramo_session_manager_get_entry_at (self->manager, ramo_session_manager_get_n_entries (self->manager) - 1)
         : NULL;
  _ramo_window_agent_set_leaf (self, last ? last->id : NULL);
  /* the agent rewrote an older file as version 3 when it opened it: read it again (the
   * window keeps its agent, which has the same file open) */
  if (self->manager && ramo_session_manager_needs_migration (self->manager))
    ramo_window_reload (self);
  ramo_agent_process_get_available_models_async (agent, NULL, models_cb, g_object_ref (self));

  if (self->agent_pending_text)
    _ramo_window_agent_begin_prompt (self);
  else if (self->agent_pending_move)
    {
      g_autofree char *id = g_steal_pointer (&self->agent_pending_move);
      g_autoptr(RamoTreeOptions) options = g_steal_pointer (&self->agent_pending_move_options);

      self->agent_sending = FALSE;
      _ramo_window_agent_navigate (self, id, options);
    }
  else
    {
      g_autofree char *status = g_strdup_printf (_("%s is ready"), _ramo_window_agent_name (self));

      self->agent_sending = FALSE;
      ramo_composer_set_status (self->composer_widget, status, FALSE);
      _ramo_window_agent_update (self);
    }
}

/* Starts the session's agent; the pending text, if any, is sent once it runs. */
void
_ramo_window_agent_start (RamoWindow *self)
{
  const char *cwd = ramo_session_manager_get_cwd (self->manager);
  const char *path = ramo_session_manager_get_path (self->manager);
  RamoDialect dialect = ramo_session_manager_get_dialect (self->manager);
  g_autofree char *configured = _ramo_window_agent_dup_configured_command (self, dialect);
  g_autofree char *status = g_strdup_printf (_("Starting %s…"), _ramo_window_agent_name (self));

  _ramo_window_agent_detach (self);
  self->agent_process = ramo_agent_process_new (dialect, path, cwd);
  self->agent_session_path = g_strdup (path);
  self->agent_cancellable = g_cancellable_new ();
  ramo_agent_process_set_configured_command (self->agent_process, configured);
  _ramo_window_agent_connect (self, self->agent_process);
  self->agent_sending = TRUE;
  ramo_composer_hide_error (self->composer_widget);
  ramo_composer_set_status (self->composer_widget, status, TRUE);
  _ramo_window_agent_update (self);
  ramo_agent_process_start_async (self->agent_process, self->agent_cancellable, start_cb, g_object_ref (self));
}

/* Whether the session can be given to its agent; says why not. */
gboolean
_ramo_window_agent_check_startable (RamoWindow *self)
{
  const char *cwd;

  if (self->manager == NULL)
    return FALSE;
  if (ramo_session_manager_get_path (self->manager) == NULL)
    {
      ramo_composer_show_error (self->composer_widget, _("This session has no file yet; the agent can only continue a saved session."),
                                NULL, NULL);
      return FALSE;
    }
  if (ramo_session_manager_get_header_problem (self->manager, NULL) != RAMO_SESSION_HEADER_OK)
    {
      /* pi 1.6.0 and oh-my-pi refuse the file; older pi replaces it with an empty session */
      g_autofree char *message = g_strdup_printf (_("This session’s file has no sound session header, so it is open read-only and %s is not started on it."),
                                                  _ramo_window_agent_name (self));

      ramo_composer_show_error (self->composer_widget, message, NULL, NULL);
      return FALSE;
    }
  cwd = ramo_session_manager_get_cwd (self->manager);
  if (cwd == NULL || !g_file_test (cwd, G_FILE_TEST_IS_DIR))
    {
      /* the agents refuse such a session in RPC mode; their own interface asks what to do */
      g_autofree char *message = g_strdup_printf (_("The session's folder, %s, is gone, and %s runs in it. Restore the folder, or open the session in a terminal: %s asks there whether to continue in your home folder or to fork the session into it."),
                                                  cwd ? cwd : "?", _ramo_window_agent_name (self), _ramo_window_agent_name (self));

      ramo_composer_show_error (self->composer_widget, message, _("Open in _Terminal"), "win.open-in-terminal");
      return FALSE;
    }
  return TRUE;
}

/**
 * _ramo_window_agent_start_and_navigate:
 * @self: a window whose session's agent is not attached
 * @id: the entry to go to
 * @options: the summary the user chose
 *
 * A move with a summary is the agent's to write, with its own summarizer and model: when the
 * session's agent can run here (it is found, the session has a file and its folder exists),
 * it is started and then moved (ramo_window_navigate()). Nothing is said otherwise: Ramo's own
 * summarizer writes the summary then.
 *
 * Returns: %TRUE when the agent was started for the move
 */
gboolean
_ramo_window_agent_start_and_navigate (RamoWindow            *self,
                                       const char            *id,
                                       const RamoTreeOptions *options)
{
  RamoDialect dialect = ramo_session_manager_get_dialect (self->manager);
  g_autofree char *configured = _ramo_window_agent_dup_configured_command (self, dialect);
  g_auto(GStrv) command = NULL;
  const char *cwd = ramo_session_manager_get_cwd (self->manager);

  if (self->agent_sending || ramo_session_manager_get_path (self->manager) == NULL ||
      ramo_session_manager_get_header_problem (self->manager, NULL) != RAMO_SESSION_HEADER_OK ||
      cwd == NULL || !g_file_test (cwd, G_FILE_TEST_IS_DIR))
    return FALSE;
  command = ramo_agent_command_find (dialect, configured, NULL);
  if (command == NULL)
    return FALSE;

  _ramo_window_agent_start (self);
  self->agent_pending_move = g_strdup (id);
  self->agent_pending_move_options = options ? ramo_tree_options_copy (options) : ramo_tree_options_new ();
  return TRUE;
}

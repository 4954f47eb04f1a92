/* ramo-window-agent.c — the session's own agent, driven from the window's composer
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

/*
 * Send (the composer's button, Ctrl+Enter) continues the conversation from the window's leaf
 * through the agent that owns the session: pi 1.6.0, or oh-my-pi for its files, run in its RPC
 * mode by a #RamoAgentProcess. The agent is started for the session on the first Send (or
 * Start), moved to the leaf the user chose (its own `/tree` rules, through Ramo's extension),
 * and given the text; its reply streams into the composer while the entries it writes reach
 * the tree through live follow, the window's leaf following the agent's. While it answers, Send
 * steers or queues a follow-up (`win.busy-send`), Stop aborts.
 *
 * Once attached, the agent is the session's only writer: moves, labels and branches made in the
 * window go through it (ramo-window-agent-moves.c). It is stopped when the window shows another
 * session or closes. Errors are shown above the editor in the agent's own words, with a way
 * forward; the text sent is never lost: until the agent has taken it, a failure puts it back.
 */


/* The session's agent as the user knows it. */
const char *
_ramo_window_agent_name (RamoWindow *self)
{
  return self->manager && ramo_session_manager_get_dialect (self->manager) == RAMO_DIALECT_OMP ? "oh-my-pi" : "pi";
}

/* ------------------------------------------------------------------------------------------ */
/* State                                                                                       */

/**
 * _ramo_window_agent_is_attached:
 * @self: a window
 *
 * Returns: whether the session's agent runs for this window (then it alone writes the file)
 */
gboolean
_ramo_window_agent_is_attached (RamoWindow *self)
{
  RamoAgentProcessState state;

  if (self->agent_process == NULL)
    return FALSE;
  state = ramo_agent_process_get_state (self->agent_process);
  return state == RAMO_AGENT_PROCESS_STARTING || state == RAMO_AGENT_PROCESS_IDLE ||
         state == RAMO_AGENT_PROCESS_BUSY;
}

static gboolean
agent_busy (RamoWindow *self)
{
  return self->agent_process != NULL && ramo_agent_process_is_busy (self->agent_process);
}

static gboolean
busy_steers (RamoWindow *self)
{
  GAction *action = g_action_map_lookup_action (G_ACTION_MAP (self), "busy-send");
  g_autoptr(GVariant) state = action ? g_action_get_state (action) : NULL;

  return state == NULL || g_strcmp0 (g_variant_get_string (state, NULL), "follow-up") != 0;
}

void
_ramo_window_agent_update (RamoWindow *self)
{
  gboolean attached = _ramo_window_agent_is_attached (self);
  gboolean busy = agent_busy (self);
  GAction *action;

  ramo_composer_set_agent_name (self->composer_widget, _ramo_window_agent_name (self));
  ramo_composer_set_attached (self->composer_widget, attached);
  ramo_composer_set_busy (self->composer_widget, busy, busy_steers (self));

  action = g_action_map_lookup_action (G_ACTION_MAP (self), "send");
  g_simple_action_set_enabled (G_SIMPLE_ACTION (action), self->manager != NULL && !self->agent_sending);
  action = g_action_map_lookup_action (G_ACTION_MAP (self), "stop");
  g_simple_action_set_enabled (G_SIMPLE_ACTION (action), busy || self->agent_sending);
  action = g_action_map_lookup_action (G_ACTION_MAP (self), "agent-start");
  g_simple_action_set_enabled (G_SIMPLE_ACTION (action), self->manager != NULL && !attached && !self->agent_sending);
  action = g_action_map_lookup_action (G_ACTION_MAP (self), "open-in-terminal");
  /* no agent on a file with no sound header: pi 0.73 would replace it with an empty session */
  g_simple_action_set_enabled (G_SIMPLE_ACTION (action), self->manager != NULL &&
                               ramo_session_manager_get_path (self->manager) != NULL && !busy && !self->agent_sending &&
                               ramo_session_manager_get_header_problem (self->manager, NULL) == RAMO_SESSION_HEADER_OK);
}

/* What to do about an error: the agent's words, and a way forward. */
void
_ramo_window_agent_show_error (RamoWindow   *self,
                               const char   *what,
                               const GError *error)
{
  g_autofree char *message = NULL;
  const char *button = NULL, *action = NULL;

  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;

  if (g_error_matches (error, RAMO_AGENT_ERROR, RAMO_AGENT_ERROR_NOT_FOUND) ||
      g_error_matches (error, RAMO_AGENT_ERROR, RAMO_AGENT_ERROR_NO_EXTENSION))
    {
      button = _("_Preferences");
      action = "app.preferences";
    }
  else if (g_error_matches (error, RAMO_AGENT_ERROR, RAMO_AGENT_ERROR_EXITED))
    {
      button = _("_Restart");
      action = "win.agent-start";
    }
  else if (g_error_matches (error, RAMO_AGENT_ERROR, RAMO_AGENT_ERROR_REPORTED))
    {
      /* no key, a provider's refusal: the agent's own interface can log in or pick a model */
      button = _("Open in _Terminal");
      action = "win.open-in-terminal";
    }

  message = g_strdup_printf (_("%s: %s"), what, error->message);
  g_debug ("%s", message);
  ramo_composer_show_error (self->composer_widget, message, button, action);
}

/* Text the agent did not take goes back into the editor, before what the user typed since. */
static void
give_back_text (RamoWindow *self,
                const char *text)
{
  g_autofree char *current = ramo_composer_dup_text (self->composer_widget);
  g_autofree char *both = NULL;

  if (ramo_composer_is_empty (self->composer_widget))
    {
      ramo_composer_set_text (self->composer_widget, text);
      return;
    }
  both = g_strconcat (text, "\n\n", current, NULL);
  ramo_composer_set_text (self->composer_widget, both);
}

/* The text sent comes back to the editor when the agent did not take it. */
static void
restore_pending_text (RamoWindow *self)
{
  g_autofree char *pending = g_steal_pointer (&self->agent_pending_text);

  if (pending != NULL && !self->agent_user_seen)
    give_back_text (self, pending);
}

void
_ramo_window_agent_end_send (RamoWindow   *self,
                             const char   *what,
                             const GError *error)
{
  self->agent_sending = FALSE;
  if (error)
    {
      restore_pending_text (self);
      _ramo_window_agent_show_error (self, what, error);
      ramo_composer_set_status (self->composer_widget,
                                g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED) ? _("Stopped")
                                : self->agent_user_seen ? what : _("Not sent"), FALSE);
    }
  g_clear_pointer (&self->agent_pending_text, g_free);
  g_clear_pointer (&self->agent_pending_move, g_free);
  g_clear_pointer (&self->agent_pending_move_options, ramo_tree_options_free);
  _ramo_window_agent_update (self);
}

/* ------------------------------------------------------------------------------------------ */
/* Following the agent's leaf                                                                  */

/* Where the agent put its leaf: the window's leaf goes there too, once the file holds it. */
void
_ramo_window_agent_set_leaf (RamoWindow *self,
                             const char *leaf_id)
{
  g_free (self->agent_leaf_id);
  self->agent_leaf_id = g_strdup (leaf_id);
  self->agent_leaf_known = TRUE;
}

static void
follow_agent_leaf (RamoWindow *self)
{
  const char *leaf_id, *selected;

  if (self->manager == NULL || !self->agent_leaf_known)
    return;
  leaf_id = ramo_session_manager_get_leaf_id (self->manager);
  if (g_strcmp0 (leaf_id, self->agent_leaf_id) != 0)
    {
      if (self->agent_leaf_id && ramo_session_manager_get_entry (self->manager, self->agent_leaf_id) == NULL)
        return;   /* not read yet: the next refresh brings it */
      if (self->agent_leaf_id)
        ramo_session_manager_branch (self->manager, self->agent_leaf_id, NULL);
      else
        ramo_session_manager_reset_leaf (self->manager);
      leaf_id = ramo_session_manager_get_leaf_id (self->manager);
    }

  /* the selection follows the conversation, unless the user selected another entry since */
  selected = ramo_session_tree_get_selected_id (self->tree);
  if (leaf_id && self->agent_followed_id && g_strcmp0 (selected, leaf_id) != 0 &&
      (selected == NULL || g_strcmp0 (selected, self->agent_followed_id) == 0) &&
      ramo_session_tree_select_entry (self->tree, leaf_id))
    {
      g_free (self->agent_followed_id);
      self->agent_followed_id = g_strdup (leaf_id);
    }
}

/* Reads what the agent wrote now rather than when the file monitor tells. */
void
_ramo_window_agent_read_writes (RamoWindow *self)
{
  ramo_window_refresh (self);
  follow_agent_leaf (self);
}

static void
manager_entries_added_cb (RamoWindow         *self,
                          guint               position,
                          guint               n_added,
                          RamoSessionManager *manager)
{
  RamoEntry *last;

  if (!_ramo_window_agent_is_attached (self) || n_added == 0)
    return;
  /* during a run the agent appends at its leaf, one entry after the other */
  if (agent_busy (self) || self->agent_user_seen)
    {
      last = ramo_session_manager_get_entry_at (manager, position + n_added - 1);
      _ramo_window_agent_set_leaf (self, last->id);
    }
  follow_agent_leaf (self);
}

/* ------------------------------------------------------------------------------------------ */
/* Sending                                                                                     */

static void
prompt_cb (GObject      *object,
           GAsyncResult *result,
           gpointer      user_data)
{
  g_autoptr(RamoWindow) self = user_data;
  g_autoptr(GError) error = NULL;
  RamoAgentDisposition disposition;
  gboolean ok = ramo_agent_process_prompt_finish (RAMO_AGENT_PROCESS (object), result, &disposition, &error);
  g_autofree char *what = g_strdup_printf (_("%s could not answer"), _ramo_window_agent_name (self));

  if (RAMO_AGENT_PROCESS (object) != self->agent_process)
    return;
  _ramo_window_agent_end_send (self, what, ok ? NULL : error);
  _ramo_window_agent_read_writes (self);
}

static void
send_prompt (RamoWindow *self)
{
  g_autofree char *status = g_strdup_printf (_("%s is answering…"), _ramo_window_agent_name (self));

  self->agent_user_seen = FALSE;
  ramo_composer_clear_reply (self->composer_widget);
  ramo_composer_set_status (self->composer_widget, status, TRUE);
  ramo_agent_process_prompt_async (self->agent_process, self->agent_pending_text, RAMO_AGENT_BUSY_REJECT,
                                   self->agent_cancellable, prompt_cb, g_object_ref (self));
}

static void
move_cb (GObject      *object,
         GAsyncResult *result,
         gpointer      user_data)
{
  g_autoptr(RamoWindow) self = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(RamoTreeResult) moved = ramo_agent_process_navigate_finish (RAMO_AGENT_PROCESS (object), result, &error);

  if (RAMO_AGENT_PROCESS (object) != self->agent_process)
    return;
  if (moved == NULL)
    {
      g_autofree char *what = g_strdup_printf (_("Could not move %s to the entry"), _ramo_window_agent_name (self));

      _ramo_window_agent_end_send (self, what, error);
      return;
    }
  _ramo_window_agent_set_leaf (self, moved->new_leaf_id);
  send_prompt (self);
}

/* The entry to move the agent to for the window's leaf: the leaf itself, or — for "before the
 * first entry" — the first root, when it is a user message (the agent's rules put the leaf
 * before it). */
const char *
_ramo_window_agent_move_target (RamoWindow *self)
{
  GPtrArray *roots;

  if (ramo_session_manager_get_leaf (self->manager))
    return ramo_session_manager_get_leaf_id (self->manager);
  roots = ramo_session_manager_get_roots (self->manager);
  for (guint i = 0; i < roots->len; i++)
    {
      RamoEntry *root = g_ptr_array_index (roots, i);

      if (ramo_entry_is_user_message (root) || root->type == RAMO_ENTRY_TYPE_CUSTOM_MESSAGE)
        return root->id;
    }
  return NULL;
}

/* The agent runs: moved to the window's leaf if it is elsewhere, then given the text. */
void
_ramo_window_agent_begin_prompt (RamoWindow *self)
{
  const char *leaf_id = ramo_session_manager_get_leaf_id (self->manager);
  const char *target;

  /* the selection follows the entries the agent writes (until the user selects another) */
  g_free (self->agent_followed_id);
  self->agent_followed_id = g_strdup (ramo_session_tree_get_selected_id (self->tree));
  if (self->agent_followed_id == NULL)
    self->agent_followed_id = g_strdup ("");
  if (self->agent_leaf_known && g_strcmp0 (self->agent_leaf_id, leaf_id) == 0)
    {
      send_prompt (self);
      return;
    }
  target = _ramo_window_agent_move_target (self);
  if (target == NULL)
    {
      g_autoptr(GError) error = g_error_new_literal (RAMO_SESSION_ERROR, RAMO_SESSION_ERROR_NOT_FOUND,
                                                     _("there is no entry to continue from"));

      _ramo_window_agent_end_send (self, _("Not sent"), error);
      return;
    }
  ramo_agent_process_navigate_async (self->agent_process, target, NULL, self->agent_cancellable,
                                     move_cb, g_object_ref (self));
}

typedef struct
{
  RamoWindow *window;
  char       *text;
} Queued;

static void
queued_free (Queued *queued)
{
  g_object_unref (queued->window);
  g_free (queued->text);
  g_free (queued);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Queued, queued_free)

static void
queue_sent_cb (GObject      *object,
               GAsyncResult *result,
               gpointer      user_data)
{
  g_autoptr(Queued) queued = user_data;
  g_autoptr(GError) error = NULL;

  if (!ramo_agent_process_queue_finish (RAMO_AGENT_PROCESS (object), result, NULL, &error))
    {
      g_autofree char *what = g_strdup_printf (_("%s did not take the message"), _ramo_window_agent_name (queued->window));

      give_back_text (queued->window, queued->text);
      _ramo_window_agent_show_error (queued->window, what, error);
    }
}

/**
 * ramo_window_send:
 * @self: a window
 *
 * Sends the editor's text to the session's agent, as Send and Ctrl+Enter do: the agent is
 * started for the session if it does not run yet, moved to the window's leaf (pi's `/tree`
 * rules, through Ramo's extension) and given the text; its reply streams into the composer and
 * its entries into the tree. While it answers, the text steers it or waits as a follow-up
 * (`win.busy-send`). The editor is emptied; the text comes back if the agent does not take it.
 *
 * Returns: %FALSE when nothing was sent (no text, no session, the agent still starting or
 *   moving, or it cannot run here: the reason is shown)
 */
gboolean
ramo_window_send (RamoWindow *self)
{
  g_autofree char *text = NULL;

  g_return_val_if_fail (RAMO_IS_WINDOW (self), FALSE);

  if (self->manager == NULL || self->agent_sending)
    return FALSE;
  text = ramo_composer_dup_text (self->composer_widget);
  if (ramo_composer_is_empty (self->composer_widget))
    {
      ramo_window_show_toast (self, _("Type a message to send first"));
      return FALSE;
    }
  if (ramo_window_is_busy (self) && !agent_busy (self))
    {
      ramo_window_show_toast (self, _("A summary is still being written; wait for it or press Escape to cancel it"));
      return FALSE;
    }

  ramo_composer_hide_error (self->composer_widget);
  if (agent_busy (self))
    {
      Queued *queued = g_new0 (Queued, 1);

      queued->window = g_object_ref (self);
      queued->text = g_strdup (text);
      ramo_composer_set_text (self->composer_widget, NULL);
      if (busy_steers (self))
        ramo_agent_process_steer_async (self->agent_process, text, NULL, queue_sent_cb, queued);
      else
        ramo_agent_process_follow_up_async (self->agent_process, text, NULL, queue_sent_cb, queued);
      return TRUE;
    }

  if (!_ramo_window_agent_is_attached (self) && !_ramo_window_agent_check_startable (self))
    return FALSE;

  self->agent_pending_text = g_steal_pointer (&text);
  self->agent_user_seen = FALSE;
  ramo_composer_set_text (self->composer_widget, NULL);
  if (_ramo_window_agent_is_attached (self))
    {
      self->agent_sending = TRUE;
      _ramo_window_agent_update (self);
      _ramo_window_agent_begin_prompt (self);
    }
  else
    _ramo_window_agent_start (self);
  return TRUE;
}

/**
 * ramo_window_stop_agent:
 * @self: a window
 *
 * Stop: aborts the agent's answer (what it wrote so far stays in the session), or the start
 * or move under way before it.
 */
void
ramo_window_stop_agent (RamoWindow *self)
{
  g_return_if_fail (RAMO_IS_WINDOW (self));

  if (agent_busy (self))
    ramo_agent_process_abort_async (self->agent_process, NULL, NULL, NULL);
  else if (self->agent_sending && self->agent_cancellable)
    {
      g_cancellable_cancel (self->agent_cancellable);
      g_clear_object (&self->agent_cancellable);
      self->agent_cancellable = g_cancellable_new ();
    }
}

/**
 * ramo_window_get_composer:
 * @self: a window
 *
 * Returns: (transfer none): the window's composer
 */
RamoComposer *
ramo_window_get_composer (RamoWindow *self)
{
  g_return_val_if_fail (RAMO_IS_WINDOW (self), NULL);
  return self->composer_widget;
}

/**
 * ramo_window_get_agent_process:
 * @self: a window
 *
 * Returns: (transfer none) (nullable): the session's agent while it is attached, else %NULL
 */
RamoAgentProcess *
ramo_window_get_agent_process (RamoWindow *self)
{
  g_return_val_if_fail (RAMO_IS_WINDOW (self), NULL);
  return _ramo_window_agent_is_attached (self) ? self->agent_process : NULL;
}

/* ------------------------------------------------------------------------------------------ */
/* Actions                                                                                     */

static void
send_action (GSimpleAction *action,
             GVariant      *param,
             gpointer       user_data)
{
  ramo_window_send (user_data);
}

static void
stop_action (GSimpleAction *action,
             GVariant      *param,
             gpointer       user_data)
{
  ramo_window_stop_agent (user_data);
}

static void
agent_start_action (GSimpleAction *action,
                    GVariant      *param,
                    gpointer       user_data)
{
  RamoWindow *self = user_data;

  if (self->agent_sending || _ramo_window_agent_is_attached (self) || !_ramo_window_agent_check_startable (self))
    return;
  _ramo_window_agent_start (self);
}

static void
busy_send_action (GSimpleAction *action,
                  GVariant      *param,
                  gpointer       user_data)
{
  RamoWindow *self = user_data;

  g_simple_action_set_state (action, param);
  if (self->settings)
    g_settings_set_string (self->settings, "busy-send", g_variant_get_string (param, NULL));
  _ramo_window_agent_update (self);
}

static const GActionEntry agent_actions[] = {
  { .name = "send", .activate = send_action },
  { .name = "stop", .activate = stop_action },
  { .name = "agent-start", .activate = agent_start_action },
  { .name = "busy-send", .activate = busy_send_action, .parameter_type = "s", .state = "'steer'" },
};

/* The window shows @manager: the agent stays only when it is the agent of that file. */
void
_ramo_window_agent_set_manager (RamoWindow         *self,
                                RamoSessionManager *manager)
{
  const char *path = manager ? ramo_session_manager_get_path (manager) : NULL;

  /* the editor's text belongs to its session: the user's draft waits for it, the next
   * session's comes back (nothing typed is lost, nothing carries over) */
  if (g_strcmp0 (path, self->composer_session_path) != 0)
    {
      const char *draft = path ? g_hash_table_lookup (self->composer_drafts, path) : NULL;

      if (self->composer_session_path && ramo_composer_holds_user_text (self->composer_widget))
        g_hash_table_insert (self->composer_drafts, g_strdup (self->composer_session_path),
                             ramo_composer_dup_text (self->composer_widget));
      ramo_composer_set_text (self->composer_widget, NULL);
      if (draft)
        {
          ramo_composer_set_draft (self->composer_widget, draft);
          g_hash_table_remove (self->composer_drafts, path);
        }
      g_free (self->composer_session_path);
      self->composer_session_path = g_strdup (path);
    }

  g_signal_group_set_target (self->agent_manager_signals, manager);
  if (self->agent_process && (path == NULL || g_strcmp0 (path, self->agent_session_path) != 0))
    _ramo_window_agent_detach (self);
  else if (self->agent_process)
    {
      /* the same file read again, or the one the agent branched to: its leaf is where it was */
      g_autofree char *text = g_steal_pointer (&self->agent_branch_text);

      follow_agent_leaf (self);
      _ramo_window_offer_composer_text (self, text);
    }
  _ramo_window_agent_update (self);
}

void
_ramo_window_agent_init (RamoWindow *self)
{
  GAction *busy_send;

  g_action_map_add_action_entries (G_ACTION_MAP (self), agent_actions, G_N_ELEMENTS (agent_actions), self);
  _ramo_window_agent_moves_init (self);
  self->composer_drafts = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  busy_send = g_action_map_lookup_action (G_ACTION_MAP (self), "busy-send");
  if (self->settings)
    {
      g_autofree char *choice = g_settings_get_string (self->settings, "busy-send");

      g_simple_action_set_state (G_SIMPLE_ACTION (busy_send), g_variant_new_string (choice));
    }

  self->agent_manager_signals = g_signal_group_new (RAMO_TYPE_SESSION_MANAGER);
  g_signal_group_connect_object (self->agent_manager_signals, "entries-added",
                                 G_CALLBACK (manager_entries_added_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->composer_widget, "model-chosen", G_CALLBACK (_ramo_window_agent_model_chosen_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->composer_widget, "thinking-chosen", G_CALLBACK (_ramo_window_agent_thinking_chosen_cb), self, G_CONNECT_SWAPPED);
  _ramo_window_agent_update (self);
}

void
_ramo_window_agent_dispose (RamoWindow *self)
{
  _ramo_window_agent_detach (self);
  g_clear_pointer (&self->composer_drafts, g_hash_table_unref);
  g_clear_pointer (&self->composer_session_path, g_free);
  g_clear_pointer (&self->agent_branch_text, g_free);
  if (self->agent_manager_signals)
    g_signal_group_set_target (self->agent_manager_signals, NULL);
  g_clear_object (&self->agent_manager_signals);
}

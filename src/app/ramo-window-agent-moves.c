/* ramo-window-agent-moves.c — the window's moves, labels and branches while the session's agent
 * is attached (it alone writes the file then), the editor's text, and Open in Terminal
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

#include "ramo-message.h"
#include "ramo-app-util.h"
#include "ramo-window-private.h"

/* ------------------------------------------------------------------------------------------ */
/* The editor's text                                                                           */

static void
replace_text_cb (AdwToast   *toast,
                 RamoWindow *self)
{
  const char *text = g_object_get_data (G_OBJECT (toast), "ramo-text");

  ramo_composer_set_text (self->composer_widget, text);
}

/**
 * _ramo_window_offer_composer_text:
 * @self: a window
 * @text: (nullable): a message's text, for the editor (going to a user message)
 *
 * Puts @text into the editor when the editor holds nothing the user typed (empty, or text Ramo
 * put there and the user left alone); otherwise the user's text stays and a notification offers
 * to replace it. Nothing the user typed is replaced
 * without asking.
 */
void
_ramo_window_offer_composer_text (RamoWindow *self,
                                  const char *text)
{
  g_autofree char *current = NULL;
  AdwToast *toast;

  if (text == NULL || text[0] == '\0')
    return;
  current = ramo_composer_dup_text (self->composer_widget);
  if (!ramo_composer_holds_user_text (self->composer_widget) || g_strcmp0 (current, text) == 0)
    {
      ramo_composer_set_text (self->composer_widget, text);
      return;
    }

  toast = adw_toast_new (_("Your text is kept in the editor"));
  adw_toast_set_button_label (toast, _("_Use the Message's Text"));
  adw_toast_set_timeout (toast, 10);
  g_object_set_data_full (G_OBJECT (toast), "ramo-text", g_strdup (text), g_free);
  g_signal_connect_object (toast, "button-clicked", G_CALLBACK (replace_text_cb), self, 0);
  ramo_window_add_toast (self, toast);
}

/* ------------------------------------------------------------------------------------------ */
/* Moves                                                                                       */

/* While the agent starts, moves or answers, nothing else may write: says so (@format names the
 * agent with %s) and returns TRUE. */
static gboolean
refuse_while_busy (RamoWindow *self,
                   const char *format)
{
  g_autofree char *message = NULL;

  if (!ramo_agent_process_is_busy (self->agent_process) && !self->agent_sending)
    return FALSE;
  message = g_strdup_printf (format, _ramo_window_agent_name (self));
  ramo_window_show_toast (self, message);
  return TRUE;
}

typedef struct
{
  RamoWindow *window;
  char       *target_id;
  gboolean    summarize;
} Move;

static void
move_free (Move *move)
{
  g_object_unref (move->window);
  g_free (move->target_id);
  g_free (move);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Move, move_free)

static char *
dup_editor_text (RamoSessionManager *manager,
                 const char         *id)
{
  RamoEntry *entry = ramo_session_manager_get_entry (manager, id);
  g_autoptr(JsonNode) node = NULL;

  if (entry == NULL || !(ramo_entry_is_user_message (entry) || entry->type == RAMO_ENTRY_TYPE_CUSTOM_MESSAGE))
    return NULL;
  node = ramo_session_manager_read_entry (manager, entry, NULL);
  return node && JSON_NODE_HOLDS_OBJECT (node) ? ramo_message_dup_editor_text (json_node_get_object (node)) : NULL;
}

static void
navigate_cb (GObject      *object,
             GAsyncResult *result,
             gpointer      user_data)
{
  g_autoptr(Move) move = user_data;
  RamoWindow *self = move->window;
  g_autoptr(GError) error = NULL;
  g_autoptr(RamoTreeResult) moved = ramo_agent_process_navigate_finish (RAMO_AGENT_PROCESS (object), result, &error);
  g_autofree char *editor_text = NULL;

  if (RAMO_AGENT_PROCESS (object) != self->agent_process)
    return;
  self->agent_sending = FALSE;
  ramo_composer_set_status (self->composer_widget, NULL, FALSE);
  _ramo_window_agent_update (self);
  _ramo_window_actions_update (self);

  if (moved == NULL)
    {
      g_autofree char *what = g_strdup_printf (move->summarize ? _("%s could not summarize the branch; nothing was changed")
                                                               : _("%s could not go to the entry"),
                                               _ramo_window_agent_name (self));

      if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        ramo_window_show_toast (self, _("Summary cancelled. Nothing was changed."));
      _ramo_window_agent_show_error (self, what, error);
      return;
    }

  _ramo_window_agent_set_leaf (self, moved->new_leaf_id);
  _ramo_window_agent_read_writes (self);
  if (!moved->changed)
    return;

  editor_text = self->manager ? dup_editor_text (self->manager, move->target_id) : NULL;
  _ramo_window_offer_composer_text (self, editor_text);
  gtk_stack_set_visible_child_name (self->detail_stack, "context");
  if (moved->summary_entry_id)
    {
      ramo_session_tree_select_entry (self->tree, moved->summary_entry_id);
      ramo_session_tree_focus (self->tree);
      ramo_window_show_toast (self, _("Summary added at the new position"));
    }
}

/**
 * _ramo_window_agent_navigate:
 * @self: a window whose session's agent is attached
 * @id: the entry to go to
 * @options: (nullable): the summary the user chose; %NULL for none
 *
 * ramo_window_navigate() while the agent is attached: the agent moves by its own rules, and
 * its own summarizer writes the summary. The window's leaf follows once the agent answered.
 *
 * Returns: %FALSE when the agent is answering (the move is refused, and the user told)
 */
gboolean
_ramo_window_agent_navigate (RamoWindow            *self,
                             const char            *id,
                             const RamoTreeOptions *options)
{
  Move *move;

  if (refuse_while_busy (self, _("%s is answering; stop it or wait before going to another entry")))
    return FALSE;

  move = g_new0 (Move, 1);
  move->window = g_object_ref (self);
  move->target_id = g_strdup (id);
  move->summarize = options && options->summarize;
  self->agent_sending = TRUE;
  if (move->summarize)
    {
      g_autofree char *status = g_strdup_printf (_("%s is summarizing the branch you leave…"), _ramo_window_agent_name (self));

      ramo_composer_set_status (self->composer_widget, status, TRUE);
    }
  _ramo_window_agent_update (self);
  _ramo_window_actions_update (self);
  ramo_agent_process_navigate_async (self->agent_process, id, options, self->agent_cancellable, navigate_cb, move);
  return TRUE;
}

/* ------------------------------------------------------------------------------------------ */
/* Labels                                                                                      */

static void
label_cb (GObject      *object,
          GAsyncResult *result,
          gpointer      user_data)
{
  g_autoptr(RamoWindow) self = user_data;
  g_autoptr(GError) error = NULL;
  g_autofree char *entry_id = NULL;

  if (!ramo_agent_process_set_label_finish (RAMO_AGENT_PROCESS (object), result, &entry_id, &error))
    {
      g_autofree char *what = g_strdup_printf (_("%s could not save the label"), _ramo_window_agent_name (self));

      _ramo_window_agent_show_error (self, what, error);
      return;
    }
  if (RAMO_AGENT_PROCESS (object) != self->agent_process)
    return;
  /* pi's label entry is its new leaf */
  if (entry_id)
    _ramo_window_agent_set_leaf (self, entry_id);
  _ramo_window_agent_read_writes (self);
}

/**
 * _ramo_window_agent_set_label:
 * @self: a window whose session's agent is attached
 * @id: the entry to label
 * @label: (nullable): the trimmed label, or %NULL to clear it
 *
 * ramo_window_set_label() while the agent is attached: the agent writes the `label` entry
 * (through Ramo's extension); the row updates when the window reads it.
 *
 * Returns: %TRUE (the outcome is shown when the agent answers)
 */
gboolean
_ramo_window_agent_set_label (RamoWindow *self,
                              const char *id,
                              const char *label)
{
  ramo_agent_process_set_label_async (self->agent_process, id, label, NULL, label_cb, g_object_ref (self));
  return TRUE;
}

/* ------------------------------------------------------------------------------------------ */
/* Branches                                                                                    */

static void
branch_state_cb (GObject      *object,
                 GAsyncResult *result,
                 gpointer      user_data)
{
  g_autoptr(RamoWindow) self = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonObject) state = ramo_agent_process_query_state_finish (RAMO_AGENT_PROCESS (object), result, &error);
  g_autofree char *text = g_object_steal_data (G_OBJECT (object), "ramo-branch-text");
  const char *path;
  g_autoptr(GFile) file = NULL;

  if (RAMO_AGENT_PROCESS (object) != self->agent_process)
    return;
  self->agent_sending = FALSE;
  _ramo_window_agent_update (self);
  path = state ? json_object_get_string_member_with_default (state, "sessionFile", NULL) : NULL;
  if (path == NULL)
    {
      _ramo_window_agent_show_error (self, _("Could not branch to a new session"), error);
      return;
    }

  /* the agent has the new file open now; the window follows it and keeps the agent */
  g_free (self->agent_session_path);
  self->agent_session_path = g_strdup (path);
  self->agent_leaf_known = FALSE;
  file = g_file_new_for_path (path);
  g_free (self->agent_branch_text);
  self->agent_branch_text = g_steal_pointer (&text);
  ramo_window_open (self, file, 0, NULL, NULL, NULL);
  {
    g_autofree char *name = g_path_get_basename (path);
    g_autofree char *message = g_strdup_printf (_("Branched to a new session, %s"), name);

    ramo_window_show_toast (self, message);
  }
}

static void
branch_cb (GObject      *object,
           GAsyncResult *result,
           gpointer      user_data)
{
  g_autoptr(RamoWindow) self = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) data = ramo_agent_process_call_finish (RAMO_AGENT_PROCESS (object), result, &error);
  JsonObject *object_data = data && JSON_NODE_HOLDS_OBJECT (data) ? json_node_get_object (data) : NULL;

  if (RAMO_AGENT_PROCESS (object) != self->agent_process)
    return;
  if (object_data == NULL || json_object_get_boolean_member_with_default (object_data, "cancelled", FALSE))
    {
      self->agent_sending = FALSE;
      _ramo_window_agent_update (self);
      if (object_data)
        ramo_window_show_toast (self, _("The agent cancelled the branch. Nothing was changed."));
      else
        _ramo_window_agent_show_error (self, _("Could not branch to a new session"), error);
      return;
    }
  g_object_set_data_full (object, "ramo-branch-text",
                          g_strdup (json_object_get_string_member_with_default (object_data, "text", NULL)), g_free);
  ramo_agent_process_query_state_async (self->agent_process, NULL, branch_state_cb, g_object_ref (self));
}

/**
 * _ramo_window_agent_branch:
 * @self: a window whose session's agent is attached
 * @id: a user message
 *
 * ramo_window_branch() while the agent is attached: the agent writes the new session (pi
 * 1.6.0's RPC `fork`, oh-my-pi's `branch`: the path up to the message's parent) and switches to
 * it; the window then shows the new file, with the agent still attached, and the message's text
 * is offered to the editor.
 *
 * Returns: %FALSE when the agent is answering (the branch is refused, and the user told)
 */
gboolean
_ramo_window_agent_branch (RamoWindow *self,
                           const char *id)
{
  g_autoptr(JsonObject) params = json_object_new ();
  gboolean omp = ramo_agent_process_get_dialect (self->agent_process) == RAMO_DIALECT_OMP;

  if (refuse_while_busy (self, _("%s is answering; stop it or wait before branching")))
    return FALSE;
  json_object_set_string_member (params, "entryId", id);
  self->agent_sending = TRUE;
  _ramo_window_agent_update (self);
  ramo_agent_process_call_async (self->agent_process, omp ? "branch" : "fork", params, NULL, branch_cb,
                                 g_object_ref (self));
  return TRUE;
}

/* ------------------------------------------------------------------------------------------ */
/* Open in Terminal                                                                            */

/* The user's terminal, as the words before the agent's command line: RAMO_TERMINAL (a command
 * line), else the first of the usual ones found on PATH. */
static char **
find_terminal (GError **error)
{
  static const struct { const char *program; const char *separator; } known[] = {
    { "xdg-terminal-exec", NULL },
    { "kgx", "--" },
    { "gnome-terminal", "--" },
    { "ptyxis", "--" },
    { "konsole", "-e" },
    { "xfce4-terminal", "-x" },
    { "x-terminal-emulator", "-e" },
    { "xterm", "-e" },
  };
  const char *variable = g_getenv ("RAMO_TERMINAL");

  if (variable && variable[0])
    {
      char **words = NULL;

      if (!g_shell_parse_argv (variable, NULL, &words, error))
        return NULL;
      return words;
    }
  for (guint i = 0; i < G_N_ELEMENTS (known); i++)
    {
      g_autofree char *path = g_find_program_in_path (known[i].program);

      if (path)
        {
          GStrvBuilder *builder = g_strv_builder_new ();
          char **words;

          g_strv_builder_add (builder, path);
          if (known[i].separator)
            g_strv_builder_add (builder, known[i].separator);
          words = g_strv_builder_end (builder);
          g_strv_builder_unref (builder);
          return words;
        }
    }
  g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND,
                       _("no terminal was found (set RAMO_TERMINAL to one, e.g. “kgx --”)"));
  return NULL;
}

typedef struct
{
  RamoWindow *window;
  char       *cwd;
  GPtrArray  *argv;
} Launch;

static void
launch_free (Launch *launch)
{
  g_object_unref (launch->window);
  g_free (launch->cwd);
  g_ptr_array_unref (launch->argv);
  g_free (launch);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Launch, launch_free)

/* Starts the terminal (takes @launch). */
static gboolean
launch_run (Launch  *launch,
            GError **error)
{
  g_autoptr(Launch) owned = launch;
  g_autoptr(GSubprocessLauncher) launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_NONE);
  g_autoptr(GSubprocess) process = NULL;

  g_subprocess_launcher_set_cwd (launcher, owned->cwd);
  process = g_subprocess_launcher_spawnv (launcher, (const char * const *) owned->argv->pdata, error);
  if (process == NULL)
    return FALSE;
  g_subprocess_wait_async (process, NULL, NULL, NULL);
  return TRUE;
}

static void
agent_stopped_cb (GObject      *object,
                  GAsyncResult *result,
                  gpointer      user_data)
{
  Launch *launch = user_data;
  g_autoptr(RamoWindow) self = g_object_ref (launch->window);
  g_autoptr(GError) error = NULL;

  ramo_agent_process_stop_finish (RAMO_AGENT_PROCESS (object), result, NULL);
  if (!launch_run (launch, &error))
    {
      g_autofree char *what = g_strdup_printf (_("Could not open %s in a terminal"), _ramo_window_agent_name (self));

      _ramo_window_agent_show_error (self, what, error);
    }
}

/**
 * ramo_window_open_in_terminal:
 * @self: a window
 * @error: return location for a #GError, or %NULL
 *
 * Open in Terminal: the session's agent in its own interface (`pi --session FILE`), in the
 * user's terminal and the session's folder (the home folder when it is gone: the agent asks
 * there what to do), already at the selected entry (or the leaf):
 * Ramo's extension runs the agent's own `/tree` move as its first command. An agent attached to
 * the window is stopped first, so that the file has one writer.
 *
 * Returns: %TRUE when the terminal was started
 */
gboolean
ramo_window_open_in_terminal (RamoWindow  *self,
                              GError     **error)
{
  g_autoptr(Launch) launch = NULL;
  g_auto(GStrv) terminal = NULL;
  g_auto(GStrv) agent = NULL;
  g_auto(GStrv) command = NULL;
  g_autofree char *configured = NULL;
  g_autofree char *extension = NULL;
  const char *path, *cwd, *target;
  RamoDialect dialect;

  g_return_val_if_fail (RAMO_IS_WINDOW (self), FALSE);

  path = self->manager ? ramo_session_manager_get_path (self->manager) : NULL;
  if (path == NULL)
    {
      g_set_error_literal (error, RAMO_SESSION_ERROR, RAMO_SESSION_ERROR_INVALID_ARGUMENT, _("No session file is open"));
      return FALSE;
    }
  if ((self->agent_process && ramo_agent_process_is_busy (self->agent_process)) || self->agent_sending)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_BUSY, _("%s is answering; stop it first"), _ramo_window_agent_name (self));
      return FALSE;
    }
  /* a folder that is gone: the agent's interface, started in the home folder, asks whether to
   * continue there or fork the session into it (pi 1.6.0 main.js, its missing-cwd selector) */
  cwd = ramo_session_manager_get_cwd (self->manager);
  if (cwd == NULL || !g_file_test (cwd, G_FILE_TEST_IS_DIR))
    cwd = g_get_home_dir ();

  dialect = ramo_session_manager_get_dialect (self->manager);
  configured = _ramo_window_agent_dup_configured_command (self, dialect);
  agent = ramo_agent_command_find (dialect, configured, error);
  if (agent == NULL)
    return FALSE;
  extension = ramo_agent_command_find_extension (error);
  if (extension == NULL)
    return FALSE;
  terminal = find_terminal (error);
  if (terminal == NULL)
    return FALSE;

  target = ramo_session_tree_get_selected_id (self->tree);
  if (target == NULL)
    target = _ramo_window_agent_move_target (self);
  command = ramo_agent_command_build_terminal (dialect, (const char * const *) agent, path, extension, target, NULL);

  launch = g_new0 (Launch, 1);
  launch->window = g_object_ref (self);
  launch->cwd = g_strdup (cwd);
  launch->argv = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; terminal[i]; i++)
    g_ptr_array_add (launch->argv, g_strdup (terminal[i]));
  for (guint i = 0; command[i]; i++)
    g_ptr_array_add (launch->argv, g_strdup (command[i]));
  g_ptr_array_add (launch->argv, NULL);

  /* one writer: the agent of this window lets go of the file first (oh-my-pi writes as it
   * closes), then the terminal starts */
  if (_ramo_window_agent_is_attached (self))
    {
      Launch *waiting = g_steal_pointer (&launch);

      if (!_ramo_window_agent_detach_full (self, agent_stopped_cb, waiting))
        launch = waiting;   /* it had ended already */
      _ramo_window_agent_update (self);
      if (launch == NULL)
        return TRUE;
    }
  _ramo_window_agent_detach (self);
  _ramo_window_agent_update (self);
  return launch_run (g_steal_pointer (&launch), error);
}

static void
open_in_terminal_action (GSimpleAction *action,
                         GVariant      *param,
                         gpointer       user_data)
{
  RamoWindow *self = user_data;
  g_autoptr(GError) error = NULL;

  if (!ramo_window_open_in_terminal (self, &error))
    {
      g_autofree char *what = g_strdup_printf (_("Could not open %s in a terminal"), _ramo_window_agent_name (self));

      _ramo_window_agent_show_error (self, what, error);
    }
}

static const GActionEntry move_actions[] = {
  { .name = "open-in-terminal", .activate = open_in_terminal_action },
};

void
_ramo_window_agent_moves_init (RamoWindow *self)
{
  g_action_map_add_action_entries (G_ACTION_MAP (self), move_actions, G_N_ELEMENTS (move_actions), self);
}

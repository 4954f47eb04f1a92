/* ramo-window-actions.c
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

#include <glib/gi18n.h>

#include "ramo-app-util.h"
#include "ramo-branch-picker.h"
#include "ramo-window-private.h"

/*
 * The window's actions. They are GActions of the window (`win.*`), so the row menu, the
 * keyboard shortcuts and scripts (over D-Bus, through GApplication) all take one path:
 *
 *   win.navigate(s)        activate an entry: ask about a summary, then go there (spec §5)
 *   win.navigate-to((sss)) go to an entry: (id, "none" | "summarize", custom instructions)
 *   win.cancel-operation   cancel the summary being written (Escape)
 *   win.reload             open the session file again (after it changed on disk)
 *   win.set-label((ss))    set (or with "" clear) the label of an entry
 *   win.edit-label(s)      edit an entry's label inline in the tree
 *   win.branch(s)          branch to a new session from a user message (spec §6)
 *   win.branch-command     the Branch command (picker, or the tree; see double-escape-action)
 *   win.tree               the Tree command: focus the tree
 *   win.filter(s)          the filter, stateful: default, no-tools, user-only, labeled-only, all
 *   win.toggle-user-only, win.toggle-all, win.search, win.open, win.copy-composer,
 *   win.copy-entry(s), win.copy-id(s)
 *
 * "Label cleared — Undo": clearing a label is one keystroke away from losing it, so the window
 * offers to write it back. Undo appends another `label` entry with the previous text (the file
 * is append-only: nothing is taken back, as in pi).
 */

static RamoFilterMode
current_filter (RamoWindow *self)
{
  guint selected = gtk_drop_down_get_selected (self->filter_dropdown);

  return selected <= RAMO_FILTER_ALL ? (RamoFilterMode) selected : RAMO_FILTER_DEFAULT;
}

static void
set_filter (RamoWindow     *self,
            RamoFilterMode  mode)
{
  /* The drop-down is the one place the filter is chosen; it applies it (filter_selected_cb). */
  gtk_drop_down_set_selected (self->filter_dropdown, mode);
}

void
_ramo_window_sync_filter (RamoWindow *self)
{
  GAction *action = g_action_map_lookup_action (G_ACTION_MAP (self), "filter");
  const char *name = ramo_filter_mode_to_string (current_filter (self));

  if (action)
    g_simple_action_set_state (G_SIMPLE_ACTION (action), g_variant_new_string (name));
}

/* ------------------------------------------------------------------------------------------ */
/* Navigation, labels, branching                                                               */

static RamoEntry *
lookup_entry (RamoWindow  *self,
              const char  *id,
              GError     **error)
{
  RamoEntry *entry = NULL;

  if (self->manager == NULL)
    {
      g_set_error (error, RAMO_SESSION_ERROR, RAMO_SESSION_ERROR_INVALID_ARGUMENT, _("No session is open"));
      return NULL;
    }

  entry = ramo_session_manager_get_entry (self->manager, id);
  if (entry == NULL)
    g_set_error (error, RAMO_SESSION_ERROR, RAMO_SESSION_ERROR_NOT_FOUND, _("There is no entry %s"), id);
  return entry;
}

typedef struct
{
  RamoSessionManager *manager;
  GWeakRef            window;
  char               *id;
  char               *label;
  gboolean            done;
} LabelUndo;

static void
label_undo_free (gpointer  data,
                 GClosure *closure)
{
  LabelUndo *undo = data;

  g_clear_object (&undo->manager);
  g_weak_ref_clear (&undo->window);
  g_free (undo->id);
  g_free (undo->label);
  g_free (undo);
}

static void
label_undo_clicked_cb (AdwToast  *toast,
                       LabelUndo *undo)
{
  g_autoptr(RamoWindow) window = g_weak_ref_get (&undo->window);
  g_autoptr(GError) error = NULL;
  g_autofree char *new_id = NULL;

  if (undo->done)
    return;
  undo->done = TRUE;

  if (window && window->manager == undo->manager && _ramo_window_agent_is_attached (window))
    {
      _ramo_window_agent_set_label (window, undo->id, undo->label);
      return;
    }
  new_id = ramo_session_manager_append_label_change (undo->manager, undo->id, undo->label, &error);
  if (new_id == NULL && window)
    {
      g_autofree char *message = g_strdup_printf (_("Could not restore the label: %s"), error->message);

      ramo_window_add_toast (window, adw_toast_new (message));
    }
}

/* "Label cleared" with an Undo button that puts @previous back on @id. */
static void
offer_label_undo (RamoWindow *self,
                  const char *id,
                  const char *previous)
{
  AdwToast *toast;
  LabelUndo *undo;

  undo = g_new0 (LabelUndo, 1);
  undo->manager = g_object_ref (self->manager);
  g_weak_ref_init (&undo->window, self);
  undo->id = g_strdup (id);
  undo->label = g_strdup (previous);

  toast = adw_toast_new (_("Label cleared"));
  adw_toast_set_button_label (toast, _("_Undo"));
  adw_toast_set_priority (toast, ADW_TOAST_PRIORITY_HIGH);
  g_signal_connect_data (toast, "button-clicked", G_CALLBACK (label_undo_clicked_cb), undo,
                         label_undo_free, 0);
  g_set_object (&self->label_undo_toast, toast);
  ramo_window_add_toast (self, toast);
}

/* ramo_session_manager_append_label_change() on the window's session; when that clears a
 * label, the window shows "Label cleared" with an Undo button. */
static char *
append_label_change (RamoWindow  *self,
                     const char  *id,
                     const char  *label,
                     GError     **error)
{
  g_autofree char *previous = g_strdup (ramo_session_manager_get_label (self->manager, id));
  char *new_id;

  new_id = ramo_session_manager_append_label_change (self->manager, id, label, error);
  if (new_id != NULL && label == NULL && previous != NULL)
    offer_label_undo (self, id, previous);
  return new_id;
}

/* The last "Label cleared" notification of the window. */
AdwToast *
_ramo_window_get_label_undo_toast (RamoWindow *self)
{
  g_return_val_if_fail (RAMO_IS_WINDOW (self), NULL);
  return self->label_undo_toast;
}

/* Clicks Undo on the last "Label cleared" notification, as the user would; FALSE when there
 * was none. */
gboolean
_ramo_window_activate_label_undo (RamoWindow *self)
{
  g_autoptr(AdwToast) toast = NULL;

  g_return_val_if_fail (RAMO_IS_WINDOW (self), FALSE);

  toast = g_steal_pointer (&self->label_undo_toast);
  if (toast == NULL)
    return FALSE;
  g_signal_emit_by_name (toast, "button-clicked");
  adw_toast_dismiss (toast);
  return TRUE;
}

/**
 * ramo_window_set_label:
 * @self: a window
 * @id: the entry to label
 * @label: (nullable): the label as the user typed it; %NULL or blank clears it
 * @error: return location for a #GError, or %NULL
 *
 * Appends a `label` entry (pi's appendLabelChange; the leaf moves onto it). This is where a
 * label from the user (the row's editor, the menus, scripts) is trimmed, once, as pi's tree
 * selector trims its input. Clearing a label shows "Label cleared" with an Undo button. On
 * error the file is unchanged.
 *
 * Returns: %TRUE on success
 */
gboolean
ramo_window_set_label (RamoWindow  *self,
                       const char  *id,
                       const char  *label,
                       GError     **error)
{
  g_autofree char *trimmed = NULL;
  g_autofree char *new_id = NULL;

  g_return_val_if_fail (RAMO_IS_WINDOW (self), FALSE);
  g_return_val_if_fail (id != NULL, FALSE);

  if (lookup_entry (self, id, error) == NULL)
    return FALSE;

  trimmed = g_strstrip (g_strdup (label ? label : ""));
  /* the attached agent is the only writer: it writes the label */
  if (_ramo_window_agent_is_attached (self))
    {
      const char *previous = ramo_session_manager_get_label (self->manager, id);

      if (trimmed[0] == '\0' && previous != NULL)
        offer_label_undo (self, id, previous);
      return _ramo_window_agent_set_label (self, id, trimmed[0] ? trimmed : NULL);
    }
  new_id = append_label_change (self, id, trimmed[0] ? trimmed : NULL, error);   /* offers Undo for a clear */
  return new_id != NULL;
}

/**
 * ramo_window_branch:
 * @self: a window
 * @id: a user message
 * @error: return location for a #GError, or %NULL
 *
 * pi's /branch (spec §6): a new session file holding the path up to the message's parent
 * (or, for a first message, a new empty session whose header names this one as its parent)
 * replaces the session in this window, and the message's text goes into the editor.
 *
 * Returns: %TRUE on success
 */
gboolean
ramo_window_branch (RamoWindow  *self,
                    const char  *id,
                    GError     **error)
{
  g_autoptr(RamoSessionManager) new_manager = NULL;
  g_autofree char *text = NULL;
  g_autofree char *new_path = NULL;
  g_autofree char *message = NULL;
  RamoEntry *entry;

  g_return_val_if_fail (RAMO_IS_WINDOW (self), FALSE);
  g_return_val_if_fail (id != NULL, FALSE);

  entry = lookup_entry (self, id, error);
  if (entry == NULL)
    return FALSE;

  if (ramo_window_is_busy (self))
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_PENDING, _ramo_window_busy_message (self));
      return FALSE;
    }

  if (!ramo_entry_is_user_message (entry))
    {
      g_set_error (error, RAMO_SESSION_ERROR, RAMO_SESSION_ERROR_INVALID_ARGUMENT,
                   _("Only a user message can start a new session"));
      return FALSE;
    }

  entry = NULL; /* not valid once the session is replaced */

  /* the attached agent writes the new session itself, and the window follows it there */
  if (_ramo_window_agent_is_attached (self))
    return _ramo_window_agent_branch (self, id);

  /* A first message starts a new session: the agent session's manager changes and the window
   * follows it (see ramo-window-summary.c). */
  if (!ramo_agent_session_branch (self->agent, id, &text, &new_path, &new_manager, error))
    return FALSE;
  if (new_manager && new_manager != self->manager)
    ramo_window_set_manager (self, new_manager);

  _ramo_window_offer_composer_text (self, text);
  gtk_stack_set_visible_child_name (self->detail_stack, "context");

  if (new_path)
    {
      g_autofree char *name = g_path_get_basename (new_path);

      message = g_strdup_printf (_("Branched to a new session, %s"), name);
    }
  else
    message = g_strdup (_("Branched to a new session"));
  ramo_window_show_toast (self, message);
  return TRUE;
}

/**
 * ramo_window_run_tree_command:
 * @self: a window
 *
 * The Tree command: focuses the tree on the selected entry.
 */
void
ramo_window_run_tree_command (RamoWindow *self)
{
  g_return_if_fail (RAMO_IS_WINDOW (self));

  if (self->manager == NULL)
    return;
  ramo_session_tree_focus (self->tree);
}

/**
 * ramo_window_run_branch_command:
 * @self: a window
 *
 * The Branch command: the picker of user messages, or — when
 * #RamoWindow:double-escape-action is `tree` — a choice made in the tree, confirmed in its
 * "Branch from here" bar (ramo_window_begin_branch_in_tree()). Either ends in a branch or a
 * cancel.
 */
void
ramo_window_run_branch_command (RamoWindow *self)
{
  RamoBranchPicker *picker;

  g_return_if_fail (RAMO_IS_WINDOW (self));

  if (self->manager == NULL)
    return;

  if (g_strcmp0 (self->double_escape_action, "tree") == 0)
    {
      ramo_window_begin_branch_in_tree (self);
      return;
    }

  picker = ramo_branch_picker_new (GTK_WINDOW (self), self->manager);
  gtk_window_present (GTK_WINDOW (picker));
}

/* ------------------------------------------------------------------------------------------ */
/* Action handlers                                                                             */

static void
navigate_action (GSimpleAction *action,
                 GVariant      *param,
                 gpointer       user_data)
{
  /* while "Branch from here" is shown, activating a row chooses it */
  if (_ramo_window_branch_activate (user_data, g_variant_get_string (param, NULL)))
    return;
  ramo_window_activate_entry (user_data, g_variant_get_string (param, NULL));
}

static void
navigate_to_action (GSimpleAction *action,
                    GVariant      *param,
                    gpointer       user_data)
{
  RamoWindow *self = user_data;
  g_autoptr(RamoTreeOptions) options = ramo_tree_options_new ();
  g_autoptr(GError) error = NULL;
  const char *id;
  const char *choice;
  const char *instructions;

  g_variant_get (param, "(&s&s&s)", &id, &choice, &instructions);
  options->summarize = g_strcmp0 (choice, "summarize") == 0;
  if (options->summarize && instructions[0])
    options->custom_instructions = g_strdup (instructions);
  if (!ramo_window_navigate (self, id, options, &error))
    _ramo_window_show_error (self, _("Could not go to this entry"), error);
}

static void
cancel_operation_action (GSimpleAction *action,
                         GVariant      *param,
                         gpointer       user_data)
{
  ramo_window_cancel_operation (user_data);
}

static void
reload_action (GSimpleAction *action,
               GVariant      *param,
               gpointer       user_data)
{
  ramo_window_reload (user_data);
}

static void
set_label_action (GSimpleAction *action,
                  GVariant      *param,
                  gpointer       user_data)
{
  RamoWindow *self = user_data;
  g_autoptr(GError) error = NULL;
  const char *id;
  const char *label;

  g_variant_get (param, "(&s&s)", &id, &label);
  if (!ramo_window_set_label (self, id, label, &error))
    _ramo_window_show_error (self, _("Could not save the label"), error);
}

static void
edit_label_action (GSimpleAction *action,
                   GVariant      *param,
                   gpointer       user_data)
{
  RamoWindow *self = user_data;
  const char *id = g_variant_get_string (param, NULL);
  g_autoptr(GError) error = NULL;

  if (lookup_entry (self, id, &error) == NULL)
    _ramo_window_show_error (self, _("Could not edit the label"), error);
  else if (!ramo_session_tree_edit_label (self->tree, id))
    ramo_window_show_toast (self, _("This entry is hidden by the filter; show it to edit its label"));
}

static void
branch_action (GSimpleAction *action,
               GVariant      *param,
               gpointer       user_data)
{
  RamoWindow *self = user_data;
  g_autoptr(GError) error = NULL;

  if (!ramo_window_branch (self, g_variant_get_string (param, NULL), &error))
    _ramo_window_show_error (self, _("Could not branch to a new session"), error);
}

static void
branch_command_action (GSimpleAction *action,
                       GVariant      *param,
                       gpointer       user_data)
{
  ramo_window_run_branch_command (user_data);
}

static void
tree_action (GSimpleAction *action,
             GVariant      *param,
             gpointer       user_data)
{
  ramo_window_run_tree_command (user_data);
}

static void
search_action (GSimpleAction *action,
               GVariant      *param,
               gpointer       user_data)
{
  RamoWindow *self = user_data;

  gtk_widget_grab_focus (GTK_WIDGET (self->search_entry));
}

static void
filter_change_state (GSimpleAction *action,
                     GVariant      *value,
                     gpointer       user_data)
{
  RamoWindow *self = user_data;
  RamoFilterMode mode;

  if (!ramo_filter_mode_from_string (g_variant_get_string (value, NULL), &mode))
    return;
  set_filter (self, mode);
  g_simple_action_set_state (action, value);
}

static void
toggle_user_only_action (GSimpleAction *action,
                         GVariant      *param,
                         gpointer       user_data)
{
  RamoWindow *self = user_data;

  set_filter (self, current_filter (self) == RAMO_FILTER_USER_ONLY ? RAMO_FILTER_DEFAULT : RAMO_FILTER_USER_ONLY);
}

static void
toggle_all_action (GSimpleAction *action,
                   GVariant      *param,
                   gpointer       user_data)
{
  RamoWindow *self = user_data;

  set_filter (self, current_filter (self) == RAMO_FILTER_ALL ? RAMO_FILTER_DEFAULT : RAMO_FILTER_ALL);
}

static void
copy_text (RamoWindow *self,
           const char *text,
           const char *done)
{
  gdk_clipboard_set_text (gtk_widget_get_clipboard (GTK_WIDGET (self)), text);
  ramo_window_show_toast (self, done);
}

static void
copy_composer_action (GSimpleAction *action,
                      GVariant      *param,
                      gpointer       user_data)
{
  RamoWindow *self = user_data;
  g_autofree char *text = ramo_window_dup_composer_text (self);

  copy_text (self, text, _("Editor text copied"));
}

static void
copy_entry_action (GSimpleAction *action,
                   GVariant      *param,
                   gpointer       user_data)
{
  RamoWindow *self = user_data;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  RamoEntry *entry;

  entry = lookup_entry (self, g_variant_get_string (param, NULL), &error);
  if (entry == NULL)
    {
      _ramo_window_show_error (self, _("Could not copy the text"), error);
      return;
    }

  if (entry->type == RAMO_ENTRY_TYPE_MESSAGE || entry->type == RAMO_ENTRY_TYPE_CUSTOM_MESSAGE)
    {
      text = ramo_entry_dup_message_text (self->manager, entry, &error);
      if (text == NULL)
        {
          _ramo_window_show_error (self, _("Could not copy the text"), error);
          return;
        }
    }
  if (text == NULL || text[0] == '\0')
    {
      g_free (text);
      text = g_strdup (entry->display ? entry->display : "");
    }
  copy_text (self, text, _("Entry text copied"));
}

static void
copy_id_action (GSimpleAction *action,
                GVariant      *param,
                gpointer       user_data)
{
  RamoWindow *self = user_data;

  copy_text (self, g_variant_get_string (param, NULL), _("Entry ID copied"));
}

static void
open_response_cb (RamoWindow           *self,
                  int                   response,
                  GtkFileChooserNative *native)
{
  g_autoptr(GFile) file = NULL;

  g_assert (RAMO_IS_WINDOW (self));

  if (response == GTK_RESPONSE_ACCEPT)
    file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (native));
  gtk_native_dialog_destroy (GTK_NATIVE_DIALOG (native));
  g_object_unref (native);

  if (file)
    ramo_window_load_file (self, file);
}

static void
open_action (GSimpleAction *action,
             GVariant      *param,
             gpointer       user_data)
{
  RamoWindow *self = user_data;
  GtkFileChooserNative *native;
  g_autoptr(GtkFileFilter) sessions = gtk_file_filter_new ();
  g_autoptr(GtkFileFilter) all = gtk_file_filter_new ();
  g_autofree char *pi_dir = g_build_filename (g_get_home_dir (), ".pi", "agent", "sessions", NULL);

  native = gtk_file_chooser_native_new (_("Open a Session"), GTK_WINDOW (self),
                                        GTK_FILE_CHOOSER_ACTION_OPEN, _("_Open"), _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (native), TRUE);

  gtk_file_filter_set_name (sessions, _("pi sessions (*.jsonl)"));
  gtk_file_filter_add_pattern (sessions, "*.jsonl");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (native), sessions);
  gtk_file_filter_set_name (all, _("All files"));
  gtk_file_filter_add_pattern (all, "*");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (native), all);

  if (self->manager && ramo_session_manager_get_path (self->manager))
    {
      g_autoptr(GFile) current = g_file_new_for_path (ramo_session_manager_get_path (self->manager));
      g_autoptr(GFile) folder = g_file_get_parent (current);

      if (folder)
        gtk_file_chooser_set_current_folder (GTK_FILE_CHOOSER (native), folder, NULL);
    }
  else if (g_file_test (pi_dir, G_FILE_TEST_IS_DIR))
    {
      g_autoptr(GFile) folder = g_file_new_for_path (pi_dir);

      gtk_file_chooser_set_current_folder (GTK_FILE_CHOOSER (native), folder, NULL);
    }

  g_signal_connect_object (native, "response", G_CALLBACK (open_response_cb), self, G_CONNECT_SWAPPED);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (native));
}

/* ------------------------------------------------------------------------------------------ */
/* Keys                                                                                        */

/* Escape in the editor (a second one soon after runs the double-Escape action), or in the
 * tree while choosing where to branch (it gives up), or while it is searched (as in pi, it
 * clears the search first). */
static gboolean
escape_binding_cb (GtkWidget *widget,
                   GVariant  *args,
                   gpointer   user_data)
{
  RamoWindow *self = RAMO_WINDOW (widget);

  if (_ramo_window_focus_within (self, GTK_WIDGET (self->composer)))
    {
      ramo_window_composer_escape (self);
      return TRUE;
    }
  if (ramo_window_get_branching_in_tree (self) && _ramo_window_focus_within (self, GTK_WIDGET (self->tree)))
    {
      ramo_window_end_branch_in_tree (self);
      return TRUE;
    }
  if (_ramo_window_focus_within (self, GTK_WIDGET (self->tree)) &&
      gtk_editable_get_text (GTK_EDITABLE (self->search_entry))[0] != '\0')
    {
      gtk_editable_set_text (GTK_EDITABLE (self->search_entry), "");
      return TRUE;
    }
  return FALSE;
}

/* pi: Escape while a summary is written aborts it, wherever the focus is. */
static gboolean
busy_escape_pressed_cb (RamoWindow            *self,
                        guint                  keyval,
                        guint                  keycode,
                        GdkModifierType        state,
                        GtkEventControllerKey *controller)
{
  g_assert (RAMO_IS_WINDOW (self));

  if (keyval == GDK_KEY_Escape && ramo_window_is_busy (self))
    {
      ramo_window_cancel_operation (self);
      return GDK_EVENT_STOP;
    }
  return GDK_EVENT_PROPAGATE;
}

/* Down in the search entry goes to the tree. */
static gboolean
search_key_pressed_cb (RamoWindow            *self,
                       guint                  keyval,
                       guint                  keycode,
                       GdkModifierType        state,
                       GtkEventControllerKey *controller)
{
  if (keyval == GDK_KEY_Down || keyval == GDK_KEY_KP_Down)
    {
      ramo_session_tree_focus (self->tree);
      return GDK_EVENT_STOP;
    }
  return GDK_EVENT_PROPAGATE;
}

/* ------------------------------------------------------------------------------------------ */

static const GActionEntry window_actions[] = {
  { .name = "open", .activate = open_action },
  { .name = "navigate", .activate = navigate_action, .parameter_type = "s" },
  { .name = "navigate-to", .activate = navigate_to_action, .parameter_type = "(sss)" },
  { .name = "cancel-operation", .activate = cancel_operation_action },
  { .name = "reload", .activate = reload_action },
  { .name = "set-label", .activate = set_label_action, .parameter_type = "(ss)" },
  { .name = "edit-label", .activate = edit_label_action, .parameter_type = "s" },
  { .name = "branch", .activate = branch_action, .parameter_type = "s" },
  { .name = "branch-command", .activate = branch_command_action },
  { .name = "tree", .activate = tree_action },
  { .name = "search", .activate = search_action },
  { .name = "filter", .parameter_type = "s", .state = "'default'", .change_state = filter_change_state },
  { .name = "toggle-user-only", .activate = toggle_user_only_action },
  { .name = "toggle-all", .activate = toggle_all_action },
  { .name = "copy-composer", .activate = copy_composer_action },
  { .name = "copy-entry", .activate = copy_entry_action, .parameter_type = "s" },
  { .name = "copy-id", .activate = copy_id_action, .parameter_type = "s" },
};

/* Actions that need a session. */
static const char * const session_actions[] = {
  "tree", "search", "filter", "toggle-user-only", "toggle-all", "copy-entry", "copy-id",
  "show-pane",
};

/* Actions that change the session: not while a summary is being written. */
static const char * const writing_actions[] = {
  "navigate", "navigate-to", "set-label", "edit-label", "branch", "branch-command",
};

void
_ramo_window_class_actions_init (GtkWidgetClass *widget_class)
{
  gtk_widget_class_add_binding (widget_class, GDK_KEY_Escape, 0, escape_binding_cb, NULL);
}

void
_ramo_window_actions_init (RamoWindow *self)
{
  GtkEventController *controller;

  g_action_map_add_action_entries (G_ACTION_MAP (self), window_actions, G_N_ELEMENTS (window_actions), self);
  _ramo_window_actions_update (self);

  controller = gtk_event_controller_key_new ();
  gtk_event_controller_set_propagation_phase (controller, GTK_PHASE_CAPTURE);
  g_signal_connect_object (controller, "key-pressed", G_CALLBACK (busy_escape_pressed_cb), self, G_CONNECT_SWAPPED);
  gtk_widget_add_controller (GTK_WIDGET (self), controller);

  controller = gtk_event_controller_key_new ();
  g_signal_connect_object (controller, "key-pressed", G_CALLBACK (search_key_pressed_cb), self, G_CONNECT_SWAPPED);
  gtk_widget_add_controller (GTK_WIDGET (self->search_entry), controller);
}

void
_ramo_window_actions_dispose (RamoWindow *self)
{
  g_clear_object (&self->label_undo_toast);
}

void
_ramo_window_actions_update (RamoWindow *self)
{
  for (guint i = 0; i < G_N_ELEMENTS (session_actions); i++)
    {
      GAction *action = g_action_map_lookup_action (G_ACTION_MAP (self), session_actions[i]);

      if (action)
        g_simple_action_set_enabled (G_SIMPLE_ACTION (action), self->manager != NULL);
    }

  for (guint i = 0; i < G_N_ELEMENTS (writing_actions); i++)
    {
      GAction *action = g_action_map_lookup_action (G_ACTION_MAP (self), writing_actions[i]);

      if (action)
        g_simple_action_set_enabled (G_SIMPLE_ACTION (action), self->manager != NULL && !ramo_window_is_busy (self));
    }

  {
    GAction *action = g_action_map_lookup_action (G_ACTION_MAP (self), "cancel-operation");

    if (action)
      g_simple_action_set_enabled (G_SIMPLE_ACTION (action), ramo_window_is_busy (self));
  }

  gtk_widget_set_sensitive (GTK_WIDGET (self->search_entry), self->manager != NULL);
  gtk_widget_set_sensitive (GTK_WIDGET (self->filter_dropdown), self->manager != NULL);
}

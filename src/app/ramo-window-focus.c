/* ramo-window-focus.c — the tree focused on one branch: the window's actions and keys for it
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

#include "ramo-window-private.h"

/*
 * "Focus on This Branch" shows only the subtree of a row (Loom's hoist); the tree does it
 * (ramo-session-tree-focus.c), the window offers it:
 *
 *   win.focus-branch(s)     the branch of an entry (the row menu, scripts)
 *   win.focus-selected      the branch of the selected row (the main menu, Ctrl+Shift+Enter)
 *   win.focus-back          one level back (Escape in the tree, the bar's Back button)
 *   win.show-whole-session  every level back (the bar's button, the menus, Alt+Home)
 *
 * The keys are the application's (ramo-application-actions.c) but Escape, which goes back
 * one level only in the tree and only when nothing else takes it first: the choice of where
 * to branch, then the search (as pi's tree clears its search first), then the focus.
 */

static void
update_actions (RamoWindow *self)
{
  static const struct {
    const char *name;
    gboolean    focused;   /* enabled only while focused; else while a row is selected */
  } actions[] = {
    { "focus-branch", FALSE }, { "focus-selected", FALSE }, { "focus-back", TRUE }, { "show-whole-session", TRUE },
  };
  gboolean focused = ramo_session_tree_get_focus_id (self->tree) != NULL;
  gboolean selected = ramo_session_tree_get_selected_id (self->tree) != NULL;

  for (guint i = 0; i < G_N_ELEMENTS (actions); i++)
    {
      GAction *action = g_action_map_lookup_action (G_ACTION_MAP (self), actions[i].name);
      gboolean enabled;

      if (g_str_equal (actions[i].name, "focus-branch"))
        enabled = self->manager != NULL;
      else
        enabled = actions[i].focused ? focused : self->manager != NULL && selected;
      if (action)
        g_simple_action_set_enabled (G_SIMPLE_ACTION (action), enabled);
    }
}

static void
focus_on (RamoWindow *self,
          const char *id)
{
  if (self->manager == NULL || id == NULL)
    return;
  if (ramo_session_manager_get_entry (self->manager, id) == NULL)
    {
      g_autoptr(GError) error = g_error_new (RAMO_SESSION_ERROR, RAMO_SESSION_ERROR_NOT_FOUND,
                                             _("There is no entry %s"), id);

      _ramo_window_show_error (self, _("Could not focus on the branch"), error);
      return;
    }
  if (!ramo_session_tree_focus_branch (self->tree, id))
    ramo_window_show_toast (self, _("This entry is hidden by the filter; show it to focus on its branch"));
}

static void
focus_branch_action (GSimpleAction *action,
                     GVariant      *param,
                     gpointer       user_data)
{
  focus_on (user_data, g_variant_get_string (param, NULL));
}

static void
focus_selected_action (GSimpleAction *action,
                       GVariant      *param,
                       gpointer       user_data)
{
  RamoWindow *self = user_data;

  focus_on (self, ramo_session_tree_get_selected_id (self->tree));
}

static void
focus_back_action (GSimpleAction *action,
                   GVariant      *param,
                   gpointer       user_data)
{
  RamoWindow *self = user_data;

  ramo_session_tree_focus_back (self->tree);
}

static void
show_whole_session_action (GSimpleAction *action,
                           GVariant      *param,
                           gpointer       user_data)
{
  RamoWindow *self = user_data;

  ramo_session_tree_show_whole_session (self->tree);
}

/* Escape in the tree: one level back, when the branch choice and the search do not take it. */
static gboolean
escape_shortcut (GtkWidget *widget,
                 GVariant  *args,
                 gpointer   user_data)
{
  RamoWindow *self = RAMO_WINDOW (user_data);
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (self));

  if (ramo_session_tree_get_focus_id (self->tree) == NULL ||
      ramo_window_get_branching_in_tree (self) ||
      gtk_editable_get_text (GTK_EDITABLE (self->search_entry))[0] != '\0' ||
      (focus && (GTK_IS_EDITABLE (focus) || GTK_IS_TEXT (focus))))
    return FALSE;
  return ramo_session_tree_focus_back (self->tree);
}

/* The focused row went (a filter hides it): the tree shows the whole session; say why. */
static void
tree_focus_lost_cb (RamoWindow      *self,
                    RamoSessionTree *tree)
{
  ramo_window_show_toast (self, _("The branch you focused on is hidden by the filter; showing the whole session"));
}

static const GActionEntry focus_actions[] = {
  { .name = "focus-branch", .activate = focus_branch_action, .parameter_type = "s" },
  { .name = "focus-selected", .activate = focus_selected_action },
  { .name = "focus-back", .activate = focus_back_action },
  { .name = "show-whole-session", .activate = show_whole_session_action },
};

void
_ramo_window_focus_init (RamoWindow *self)
{
  GtkShortcutController *controller;

  g_action_map_add_action_entries (G_ACTION_MAP (self), focus_actions, G_N_ELEMENTS (focus_actions), self);

  /* after the tree's rows and their editors, before the window's own Escape */
  controller = GTK_SHORTCUT_CONTROLLER (gtk_shortcut_controller_new ());
  gtk_event_controller_set_propagation_phase (GTK_EVENT_CONTROLLER (controller), GTK_PHASE_BUBBLE);
  gtk_shortcut_controller_add_shortcut (controller,
                                        gtk_shortcut_new (gtk_keyval_trigger_new (GDK_KEY_Escape, 0),
                                                          gtk_callback_action_new (escape_shortcut, self, NULL)));
  gtk_widget_add_controller (GTK_WIDGET (self->tree), GTK_EVENT_CONTROLLER (controller));

  g_signal_connect_object (self->tree, "focus-lost", G_CALLBACK (tree_focus_lost_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->tree, "notify::focus-id", G_CALLBACK (update_actions), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->tree, "notify::selected-id", G_CALLBACK (update_actions), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self, "notify::manager", G_CALLBACK (update_actions), self, G_CONNECT_SWAPPED);
  update_actions (self);
}

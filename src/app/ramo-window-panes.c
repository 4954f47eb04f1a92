/* ramo-window-panes.c — the tree and the detail pane: side by side, or one at a time
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

#include "ramo-window-private.h"

/*
 * The session page is an AdwLeaflet of two panes: the tree (its search, filter and count, the
 * path bar, the tree) and the detail pane (the context, or the selected entry), 400 px wide at
 * least each. A window too narrow for both (800 px or narrower: the two, and the line between
 * them) folds: it shows one pane at a time, the tree first, and the composer under either.
 *
 * The pane shown follows the keyboard focus. Whatever puts the focus in a pane shows it —
 * Ctrl+F and Ctrl+T the tree, a branch chosen in the tree, a session opened — and the pane
 * the user was in is the one left showing when the window narrows. Folded, the header bar
 * has a button to the other pane: "Show the entry" from the tree (Alt+Enter), "Back" from the
 * detail pane (Alt+Left, Escape in the pane, the mouse's back button or a swipe, as libadwaita
 * leaflets go back). Nothing is rebuilt when the window folds or unfolds: the selection, the
 * scroll positions and the composer's text stay as they were.
 *
 *   win.show-pane(s)   "tree"; "entry" (the selected entry) or "context" (the leaf's)
 */

static gboolean
is_folded (RamoWindow *self)
{
  return adw_leaflet_get_folded (self->leaflet) &&
         g_strcmp0 (gtk_stack_get_visible_child_name (self->main_stack), "session") == 0;
}

/* The header bar's way to the other pane, when only one shows. */
static gboolean
update_buttons_cb (gpointer data)
{
  RamoWindow *self = data;
  GtkWidget *shown = adw_leaflet_get_visible_child (self->leaflet);
  gboolean folded = is_folded (self);

  g_assert (RAMO_IS_WINDOW (self));

  self->panes_update_id = 0;
  gtk_widget_set_visible (GTK_WIDGET (self->back_button), folded && shown == self->detail_pane);
  gtk_widget_set_visible (GTK_WIDGET (self->details_button), folded && shown == self->tree_pane);
  return G_SOURCE_REMOVE;
}

/* The leaflet folds while it is given its size, after the header bar was given its own: the
 * header bar changes after that layout, not inside it (GTK would draw it unallocated). */
static void
queue_update_buttons (RamoWindow *self)
{
  g_assert (RAMO_IS_WINDOW (self));

  if (self->panes_update_id == 0)
    self->panes_update_id = g_idle_add (update_buttons_cb, self);
}

/* Focus on the switcher's button of the page shown: a screen reader says which page it is,
 * and Tab goes on into the page. */
static void
focus_detail_pane (RamoWindow *self)
{
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self->detail_switcher));
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      if (GTK_IS_TOGGLE_BUTTON (child) && gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (child)))
        {
          gtk_widget_grab_focus (child);
          return;
        }
    }
  gtk_widget_child_focus (self->detail_pane, GTK_DIR_TAB_FORWARD);
}

static void
show_pane_action (GSimpleAction *action,
                  GVariant      *param,
                  gpointer       user_data)
{
  RamoWindow *self = user_data;
  const char *pane = g_variant_get_string (param, NULL);

  g_assert (RAMO_IS_WINDOW (self));

  if (g_strcmp0 (pane, "tree") == 0)
    {
      adw_leaflet_set_visible_child (self->leaflet, self->tree_pane);
      ramo_session_tree_focus (self->tree);
    }
  else if (g_strcmp0 (pane, "entry") == 0 || g_strcmp0 (pane, "context") == 0)
    {
      gtk_stack_set_visible_child_name (self->detail_stack, pane);
      adw_leaflet_set_visible_child (self->leaflet, self->detail_pane);
      focus_detail_pane (self);
    }
  else
    g_debug ("win.show-pane: no pane %s", pane);
}

/* The pane that holds @widget, or NULL. */
static GtkWidget *
pane_of (RamoWindow *self,
         GtkWidget  *widget)
{
  if (widget == NULL)
    return NULL;
  if (widget == self->tree_pane || gtk_widget_is_ancestor (widget, self->tree_pane))
    return self->tree_pane;
  if (widget == self->detail_pane || gtk_widget_is_ancestor (widget, self->detail_pane))
    return self->detail_pane;
  return NULL;
}

static void
focus_widget_cb (RamoWindow *self)
{
  GtkWidget *pane = pane_of (self, gtk_root_get_focus (GTK_ROOT (self)));

  g_assert (RAMO_IS_WINDOW (self));

  /* Unfolded, this changes nothing on screen, but the pane is the one left when the window
   * folds. (The leaflet moves the focus only out of the pane it hides; it is in @pane.) */
  if (pane != NULL && pane != adw_leaflet_get_visible_child (self->leaflet))
    adw_leaflet_set_visible_child (self->leaflet, pane);
}

static const GActionEntry pane_actions[] = {
  { .name = "show-pane", .activate = show_pane_action, .parameter_type = "s" },
};

void
_ramo_window_panes_init (RamoWindow *self)
{
  GtkEventController *controller;
  GtkShortcut *shortcut;

  g_assert (RAMO_IS_WINDOW (self));

  g_action_map_add_action_entries (G_ACTION_MAP (self), pane_actions, G_N_ELEMENTS (pane_actions),
                                   self);
  _ramo_window_actions_update (self);

  /* Escape in the detail pane goes back to the tree (after the summary's Escape, which the
   * window sees first, and whatever a widget of the pane does with it) */
  controller = gtk_shortcut_controller_new ();
  shortcut = gtk_shortcut_new (gtk_keyval_trigger_new (GDK_KEY_Escape, 0),
                               gtk_named_action_new ("win.show-pane"));
  gtk_shortcut_set_arguments (shortcut, g_variant_new_string ("tree"));
  gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (controller), shortcut);
  gtk_widget_add_controller (self->detail_pane, controller);

  g_signal_connect_object (self, "notify::focus-widget",
                           G_CALLBACK (focus_widget_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->leaflet, "notify::folded",
                           G_CALLBACK (queue_update_buttons), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->leaflet, "notify::visible-child",
                           G_CALLBACK (queue_update_buttons), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->main_stack, "notify::visible-child-name",
                           G_CALLBACK (queue_update_buttons), self, G_CONNECT_SWAPPED);
  queue_update_buttons (self);
}

void
_ramo_window_panes_dispose (RamoWindow *self)
{
  g_clear_handle_id (&self->panes_update_id, g_source_remove);
}

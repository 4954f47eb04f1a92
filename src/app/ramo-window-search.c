/* ramo-window-search.c — the tree's search: its fields' errors shown, the hits stepped through
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
 * The search entry takes the projection's search syntax (plain words, "phrases", role:, tool:,
 * path:, label:, before:, after:, /regex/: ramo-projection-query.c). A word it cannot read is
 * named in the entry (its tooltip, the error style) and left out of the search.
 *
 * The hits are the rows the search found, in the order the tree shows them:
 *   win.next-match      Ctrl+G, Enter in the search entry
 *   win.previous-match  Shift+Ctrl+G, Shift+Enter in the search entry
 * select the next or previous one (wrapping around), within the branch focused on.
 *   win.search-path(s)  searches `path:"FILE"` (the entry pane's files touched)
 */

static const char *
search_tooltip (void)
{
  return _("Search the entries (Ctrl+F); every word must match. "
           "Also role:user, tool:bash, path:src/, label:text, before:2026-05-01, after:…, "
           "/regex/ and \"a phrase\"; Enter and Shift+Enter go to the next and previous hit");
}

/* After a change of the search: the words it could not read named in the entry */
void
_ramo_window_search_changed (RamoWindow *self)
{
  RamoProjection *projection = self->tree ? ramo_session_tree_get_projection (self->tree) : NULL;
  const GError *error = projection ? ramo_projection_get_search_error (projection) : NULL;
  GtkWidget *entry = GTK_WIDGET (self->search_entry);

  if (error == NULL)
    {
      gtk_widget_remove_css_class (entry, "error");
      gtk_widget_set_tooltip_text (entry, search_tooltip ());
      gtk_accessible_reset_property (GTK_ACCESSIBLE (entry), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION);
      return;
    }
  {
    g_autofree char *message = NULL;

    if (g_error_matches (error, RAMO_SEARCH_ERROR, RAMO_SEARCH_ERROR_BAD_REGEX))
      /* Translators: %s is what is wrong with the regular expression (GLib's message) */
      message = g_strdup_printf (_("Not a regular expression, left out of the search: %s"), error->message);
    else
      /* Translators: %s is the text given after before: or after: */
      message = g_strdup_printf (_("Not a date, left out of the search: %s"), error->message);
    gtk_widget_add_css_class (entry, "error");
    gtk_widget_set_tooltip_text (entry, message);
    gtk_accessible_update_property (GTK_ACCESSIBLE (entry), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, message, -1);
  }
}

/* Selects the next or previous hit after the selected row; TRUE when there was one */
static gboolean
step_match (RamoWindow *self,
            gboolean    forward)
{
  RamoProjection *projection = self->tree ? ramo_session_tree_get_projection (self->tree) : NULL;
  RamoEntry *from;
  RamoEntry *first = NULL;

  if (projection == NULL)
    return FALSE;
  from = ramo_session_tree_get_selected_entry (self->tree);
  /* a hit outside the branch focused on is passed over */
  for (RamoEntry *hit = ramo_projection_find_match (projection, from, forward);
       hit != NULL && hit != first;
       hit = ramo_projection_find_match (projection, hit, forward))
    {
      if (first == NULL)
        first = hit;
      if (ramo_session_tree_select_entry (self->tree, hit->id))
        return TRUE;
    }
  gtk_widget_error_bell (GTK_WIDGET (self));
  return FALSE;
}

static void
next_match_action (GSimpleAction *action,
                   GVariant      *param,
                   gpointer       user_data)
{
  step_match (user_data, TRUE);
}

static void
previous_match_action (GSimpleAction *action,
                       GVariant      *param,
                       gpointer       user_data)
{
  step_match (user_data, FALSE);
}

static void
search_path_action (GSimpleAction *action,
                    GVariant      *param,
                    gpointer       user_data)
{
  RamoWindow *self = user_data;
  g_autoptr(GString) search = g_string_new ("path:\"");

  /* a quote ends the value: a path holding one is searched up to it */
  for (const char *c = g_variant_get_string (param, NULL); *c && *c != '"'; c++)
    g_string_append_c (search, *c);
  g_string_append_c (search, '"');
  gtk_editable_set_text (GTK_EDITABLE (self->search_entry), search->str);
  gtk_editable_set_position (GTK_EDITABLE (self->search_entry), -1);
}

static gboolean
search_key_pressed_cb (RamoWindow            *self,
                       guint                  keyval,
                       guint                  keycode,
                       GdkModifierType        state,
                       GtkEventControllerKey *controller)
{
  if ((keyval == GDK_KEY_Return || keyval == GDK_KEY_KP_Enter || keyval == GDK_KEY_ISO_Enter) &&
      (state & GDK_SHIFT_MASK) && !(state & (GDK_CONTROL_MASK | GDK_ALT_MASK)))
    {
      step_match (self, FALSE);
      return GDK_EVENT_STOP;
    }
  return GDK_EVENT_PROPAGATE;
}

/* Enter in the search entry: the next hit (the focus stays in the entry, to go on); without
 * a search, the tree. */
void
_ramo_window_search_activate (RamoWindow *self)
{
  const char *text = gtk_editable_get_text (GTK_EDITABLE (self->search_entry));

  if (text[0] == '\0')
    ramo_session_tree_focus (self->tree);
  else
    step_match (self, TRUE);
}

static void
entry_next_match_cb (RamoWindow     *self,
                     GtkSearchEntry *entry)
{
  step_match (self, TRUE);
}

static void
entry_previous_match_cb (RamoWindow     *self,
                         GtkSearchEntry *entry)
{
  step_match (self, FALSE);
}

static const GActionEntry search_actions[] = {
  { .name = "next-match", .activate = next_match_action },
  { .name = "previous-match", .activate = previous_match_action },
  { .name = "search-path", .activate = search_path_action, .parameter_type = "s" },
};

void
_ramo_window_search_init (RamoWindow *self)
{
  GtkEventController *controller;

  g_action_map_add_action_entries (G_ACTION_MAP (self), search_actions, G_N_ELEMENTS (search_actions), self);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->search_entry), search_tooltip ());

  /* GtkSearchEntry's own Ctrl+G and Shift+Ctrl+G, while it has the focus */
  g_signal_connect_object (self->search_entry, "next-match", G_CALLBACK (entry_next_match_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->search_entry, "previous-match", G_CALLBACK (entry_previous_match_cb), self,
                           G_CONNECT_SWAPPED);
  controller = gtk_event_controller_key_new ();
  gtk_event_controller_set_propagation_phase (controller, GTK_PHASE_CAPTURE);
  g_signal_connect_object (controller, "key-pressed", G_CALLBACK (search_key_pressed_cb), self, G_CONNECT_SWAPPED);
  gtk_widget_add_controller (GTK_WIDGET (self->search_entry), controller);
}

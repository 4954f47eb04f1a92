/* ramo-session-row-edit.c
 *
 * Copyright 2026 The Ramo authors
 *
 * This program is free software: you can redistribute it and/or modify it under the terms of the
 * GNU General Public License as published by the Free Software Foundation, either version 3 of
 * the License, or (at your option) any later version.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ramo-session-row"

#include "config.h"

#include <glib/gi18n.h>

#include "ramo-list-view.h"
#include "ramo-session-row-private.h"

/* The inline label editor: an entry in place of the label pill, saved through `win.set-label`. */

static void
focus_list_item (RamoSessionRow *self)
{
  /* The focusable row of the list view is our ancestor whose parent is the view. */
  for (GtkWidget *w = GTK_WIDGET (self); w; w = gtk_widget_get_parent (w))
    {
      GtkWidget *parent = gtk_widget_get_parent (w);

      if (parent && RAMO_IS_LIST_VIEW (parent))
        {
          gtk_widget_grab_focus (w);
          return;
        }
    }
}

static void label_entry_activate_cb    (RamoSessionRow          *self,
                                        GtkEntry                *entry);
static gboolean label_entry_key_pressed_cb (RamoSessionRow        *self,
                                            guint                  keyval,
                                            guint                  keycode,
                                            GdkModifierType        state,
                                            GtkEventControllerKey *controller);
static void label_entry_focus_leave_cb (RamoSessionRow          *self,
                                        GtkEventControllerFocus *controller);

/* The entry is made the first time this row edits a label: rows are made by the hundred on
 * every rebuild, and an entry is the heaviest part of a row. */
static void
ensure_label_entry (RamoSessionRow *self)
{
  GtkEventController *controller;

  if (self->label_entry != NULL)
    return;

  self->label_entry = GTK_ENTRY (gtk_entry_new ());
  gtk_editable_set_width_chars (GTK_EDITABLE (self->label_entry), 20);
  gtk_entry_set_placeholder_text (self->label_entry, _("Label (empty clears)"));
  gtk_widget_set_valign (GTK_WIDGET (self->label_entry), GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (GTK_WIDGET (self->label_entry), "label-entry");
  gtk_widget_set_visible (GTK_WIDGET (self->label_entry), FALSE);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->label_entry),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Entry label"),
                                  -1);
  g_signal_connect_object (self->label_entry, "activate",
                           G_CALLBACK (label_entry_activate_cb), self, G_CONNECT_SWAPPED);

  controller = gtk_event_controller_key_new ();
  g_signal_connect_object (controller, "key-pressed",
                           G_CALLBACK (label_entry_key_pressed_cb), self, G_CONNECT_SWAPPED);
  gtk_widget_add_controller (GTK_WIDGET (self->label_entry), controller);

  controller = gtk_event_controller_focus_new ();
  g_signal_connect_object (controller, "leave",
                           G_CALLBACK (label_entry_focus_leave_cb), self, G_CONNECT_SWAPPED);
  gtk_widget_add_controller (GTK_WIDGET (self->label_entry), controller);

  _ramo_session_row_ensure_pill (self);
  gtk_widget_insert_after (GTK_WIDGET (self->label_entry), GTK_WIDGET (self), GTK_WIDGET (self->pill));
}

/**
 * ramo_session_row_start_editing:
 * @self: a row
 *
 * Replaces the label pill by an entry holding the current label and focuses it. Enter saves
 * (an empty text clears the label), Escape or leaving the entry cancels.
 */
void
ramo_session_row_start_editing (RamoSessionRow *self)
{
  const char *label;

  g_return_if_fail (RAMO_IS_SESSION_ROW (self));

  if (self->node == NULL || self->editing)
    return;

  ensure_label_entry (self);
  self->editing = TRUE;
  label = ramo_projection_node_get_label (self->node);
  gtk_editable_set_text (GTK_EDITABLE (self->label_entry), label ? label : "");
  gtk_widget_set_visible (GTK_WIDGET (self->pill), FALSE);
  gtk_widget_set_visible (GTK_WIDGET (self->label_entry), TRUE);
  gtk_widget_grab_focus (GTK_WIDGET (self->label_entry));
  gtk_editable_select_region (GTK_EDITABLE (self->label_entry), 0, -1);
}

/**
 * ramo_session_row_stop_editing:
 * @self: a row
 * @commit: whether to save the edited label
 *
 * Ends inline editing. With @commit the text is saved through the `win.set-label` action
 * (ramo_window_set_label(), which trims what it writes) when, trimmed, it differs from the
 * current label: a row does not write a label line that changes nothing.
 */
void
ramo_session_row_stop_editing (RamoSessionRow *self,
                               gboolean        commit)
{
  g_autoptr(RamoSessionRow) hold = NULL;
  g_autofree char *text = NULL;
  g_autofree char *id = NULL;
  const char *old_label;

  g_return_if_fail (RAMO_IS_SESSION_ROW (self));

  if (!self->editing)
    return;

  hold = g_object_ref (self);
  self->editing = FALSE;
  text = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->label_entry))));

  /* Move the focus back to the row before hiding the focused entry. */
  focus_list_item (self);
  gtk_widget_set_visible (GTK_WIDGET (self->label_entry), FALSE);
  _ramo_session_row_update_label (self);

  if (!commit || self->node == NULL)
    return;

  old_label = ramo_projection_node_get_label (self->node);
  if (g_strcmp0 (old_label ? old_label : "", text) == 0)
    return;

  id = g_strdup (ramo_projection_node_get_id (self->node));
  gtk_widget_activate_action (GTK_WIDGET (self), "win.set-label", "(ss)", id, text);
}

/**
 * ramo_session_row_get_editing:
 * @self: a row
 *
 * Returns: %TRUE while the label is being edited
 */
gboolean
ramo_session_row_get_editing (RamoSessionRow *self)
{
  g_return_val_if_fail (RAMO_IS_SESSION_ROW (self), FALSE);
  return self->editing;
}

static void
label_entry_activate_cb (RamoSessionRow *self,
                         GtkEntry       *entry)
{
  g_assert (RAMO_IS_SESSION_ROW (self));
  ramo_session_row_stop_editing (self, TRUE);
}

static gboolean
label_entry_key_pressed_cb (RamoSessionRow        *self,
                            guint                  keyval,
                            guint                  keycode,
                            GdkModifierType        state,
                            GtkEventControllerKey *controller)
{
  g_assert (RAMO_IS_SESSION_ROW (self));

  if (keyval == GDK_KEY_Escape)
    {
      ramo_session_row_stop_editing (self, FALSE);
      return GDK_EVENT_STOP;
    }
  return GDK_EVENT_PROPAGATE;
}

static void
label_entry_focus_leave_cb (RamoSessionRow          *self,
                            GtkEventControllerFocus *controller)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));

  g_assert (RAMO_IS_SESSION_ROW (self));

  /* The window losing the keyboard is not the user leaving the editor: the entry keeps the
   * focus and the edit goes on when the window has the keyboard again. A menu does this: once
   * the row menu that ran "Edit Label…" is gone, its grab ends and the window is inactive for
   * a moment; switching to another application does it too. */
  if (GTK_IS_WINDOW (root) && !gtk_window_is_active (GTK_WINDOW (root)))
    return;
  ramo_session_row_stop_editing (self, FALSE);
}

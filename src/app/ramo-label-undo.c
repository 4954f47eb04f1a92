/* ramo-label-undo.c
 *
 * Copyright 2026 The Ramo authors
 *
 * This program is free software: you can redistribute it and/or modify it under the terms of the
 * GNU General Public License as published by the Free Software Foundation, either version 3 of
 * the License, or (at your option) any later version.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ramo-label-undo"

#include "config.h"

#include <glib/gi18n.h>

#include "ramo-label-undo.h"

/*
 * "Label cleared — Undo": clearing a label is one keystroke away from losing it, so the window
 * offers to write it back. Undo appends another `label` entry with the previous text (the file
 * is append-only: nothing is taken back, as in pi).
 */

#define UNDO_KEY "ramo-label-undo-toast"

typedef struct
{
  RamoSessionManager *manager;
  GWeakRef            window;
  char               *id;
  char               *label;
  gboolean            done;
} Undo;

static void
undo_free (gpointer  data,
           GClosure *closure)
{
  Undo *undo = data;

  g_clear_object (&undo->manager);
  g_weak_ref_clear (&undo->window);
  g_free (undo->id);
  g_free (undo->label);
  g_free (undo);
}

static AdwToastOverlay *
find_toast_overlay (GtkWidget *widget)
{
  if (ADW_IS_TOAST_OVERLAY (widget))
    return ADW_TOAST_OVERLAY (widget);

  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    {
      AdwToastOverlay *overlay = find_toast_overlay (child);

      if (overlay)
        return overlay;
    }
  return NULL;
}

static void
show_toast (RamoWindow *window,
            AdwToast   *toast)
{
  AdwToastOverlay *overlay = find_toast_overlay (GTK_WIDGET (window));

  if (overlay)
    adw_toast_overlay_add_toast (overlay, g_object_ref (toast));
}

static void
run_undo (Undo *undo)
{
  g_autoptr(RamoWindow) window = g_weak_ref_get (&undo->window);
  g_autoptr(GError) error = NULL;
  g_autofree char *new_id = NULL;

  if (undo->done)
    return;
  undo->done = TRUE;

  new_id = ramo_session_manager_append_label_change (undo->manager, undo->id, undo->label, &error);
  if (new_id == NULL && window)
    {
      g_autofree char *message = g_strdup_printf (_("Could not restore the label: %s"), error->message);
      g_autoptr(AdwToast) toast = adw_toast_new (message);

      show_toast (window, toast);
    }
}

static void
toast_button_clicked_cb (AdwToast *toast,
                         Undo     *undo)
{
  run_undo (undo);
}

/**
 * ramo_label_undo_append:
 * @window: the window showing the session
 * @id: the entry to label
 * @label: (nullable): the new label; %NULL clears it
 * @error: return location for a #GError, or %NULL
 *
 * ramo_session_manager_append_label_change() on the window's session; when that clears a
 * label, the window shows "Label cleared" with an Undo button.
 *
 * Returns: (transfer full) (nullable): the id of the new `label` entry, or %NULL on error
 */
char *
ramo_label_undo_append (RamoWindow  *window,
                        const char  *id,
                        const char  *label,
                        GError     **error)
{
  RamoSessionManager *manager;
  g_autofree char *previous = NULL;
  g_autoptr(AdwToast) toast = NULL;
  char *new_id;
  Undo *undo;

  g_return_val_if_fail (RAMO_IS_WINDOW (window), NULL);
  g_return_val_if_fail (id != NULL, NULL);

  manager = ramo_window_get_manager (window);
  g_return_val_if_fail (manager != NULL, NULL);

  previous = g_strdup (ramo_session_manager_get_label (manager, id));
  new_id = ramo_session_manager_append_label_change (manager, id, label, error);
  if (new_id == NULL || label != NULL || previous == NULL)
    return new_id;

  undo = g_new0 (Undo, 1);
  undo->manager = g_object_ref (manager);
  g_weak_ref_init (&undo->window, window);
  undo->id = g_strdup (id);
  undo->label = g_steal_pointer (&previous);

  toast = adw_toast_new (_("Label cleared"));
  adw_toast_set_button_label (toast, _("_Undo"));
  adw_toast_set_priority (toast, ADW_TOAST_PRIORITY_HIGH);
  g_signal_connect_data (toast, "button-clicked", G_CALLBACK (toast_button_clicked_cb), undo,
                         undo_free, 0);
  g_object_set_data_full (G_OBJECT (window), UNDO_KEY, g_object_ref (toast), g_object_unref);
  show_toast (window, toast);
  return new_id;
}

/**
 * ramo_label_undo_get_toast:
 * @window: a window
 *
 * Returns: (transfer none) (nullable): the last "Label cleared" notification of @window
 */
AdwToast *
ramo_label_undo_get_toast (RamoWindow *window)
{
  g_return_val_if_fail (RAMO_IS_WINDOW (window), NULL);
  return g_object_get_data (G_OBJECT (window), UNDO_KEY);
}

/**
 * ramo_label_undo_activate:
 * @window: a window
 *
 * Clicks Undo on the last "Label cleared" notification of @window, as the user would.
 *
 * Returns: %TRUE when there was one to undo
 */
gboolean
ramo_label_undo_activate (RamoWindow *window)
{
  AdwToast *toast;

  g_return_val_if_fail (RAMO_IS_WINDOW (window), FALSE);

  toast = ramo_label_undo_get_toast (window);
  if (toast == NULL)
    return FALSE;
  g_signal_emit_by_name (toast, "button-clicked");
  adw_toast_dismiss (toast);
  g_object_set_data (G_OBJECT (window), UNDO_KEY, NULL);
  return TRUE;
}

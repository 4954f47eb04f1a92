/* ramo-window-dnd.c — session files dropped on the window
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

/* Opens the first `.jsonl` of a dropped GdkFileList or GFile here, and any others in windows
 * of their own. Returns FALSE when nothing could be opened. */
gboolean
_ramo_window_drop (RamoWindow   *self,
                   const GValue *value)
{
  g_autoptr(GPtrArray) sessions = g_ptr_array_new_with_free_func (g_object_unref);
  GSList *files = NULL;
  GApplication *app;

  g_assert (RAMO_IS_WINDOW (self));

  if (G_VALUE_HOLDS (value, GDK_TYPE_FILE_LIST) && g_value_get_boxed (value) != NULL)
    files = gdk_file_list_get_files (g_value_get_boxed (value));
  else if (G_VALUE_HOLDS (value, G_TYPE_FILE) && g_value_get_object (value) != NULL)
    files = g_slist_prepend (NULL, g_value_get_object (value));

  for (GSList *l = files; l; l = l->next)
    {
      g_autofree char *name = g_file_get_basename (l->data);

      if (name && g_str_has_suffix (name, ".jsonl"))
        g_ptr_array_add (sessions, g_object_ref (l->data));
    }
  g_slist_free (files);

  if (sessions->len == 0)
    {
      ramo_window_show_toast (self, _("Only pi session files (.jsonl) can be opened"));
      return FALSE;
    }

  ramo_window_load_file (self, g_ptr_array_index (sessions, 0));

  app = G_APPLICATION (gtk_window_get_application (GTK_WINDOW (self)));
  if (app && sessions->len > 1)
    g_application_open (app, (GFile **) sessions->pdata + 1, sessions->len - 1, "");
  return TRUE;
}

static gboolean
drop_cb (RamoWindow    *self,
         const GValue  *value,
         double         x,
         double         y,
         GtkDropTarget *target)
{
  return _ramo_window_drop (self, value);
}

void
_ramo_window_dnd_init (RamoWindow *self)
{
  GtkDropTarget *drop;
  GType drop_types[] = { GDK_TYPE_FILE_LIST, G_TYPE_FILE };

  g_assert (RAMO_IS_WINDOW (self));

  drop = gtk_drop_target_new (G_TYPE_INVALID, GDK_ACTION_COPY);
  gtk_drop_target_set_gtypes (drop, drop_types, G_N_ELEMENTS (drop_types));
  g_signal_connect_object (drop, "drop", G_CALLBACK (drop_cb), self, G_CONNECT_SWAPPED);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (drop));
}

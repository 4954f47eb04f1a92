/* ramo-window-compare.c — two entries' paths compared (`win.compare`: the row menu's Compare
 * With Selected, Ctrl+click of a second row) in a window of their own, and a path exported as
 * Markdown (`win.export-path`)
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

#include "ramo-compare-window.h"
#include "ramo-markdown-save.h"
#include "ramo-session-export.h"
#include "ramo-window-private.h"

static void
compare_window_destroyed_cb (gpointer  data,
                             GObject  *where_the_object_was)
{
  RamoWindow *self = data;

  self->compare_window = NULL;
}

/* win.compare (LEFT, RIGHT): the paths to the two entries from their fork, in a window of
 * their own; a comparison open before is replaced (one at a time, as the problems window). */
static void
compare_action (GSimpleAction *action,
                GVariant      *parameter,
                gpointer       user_data)
{
  RamoWindow *self = user_data;
  g_autoptr(GError) error = NULL;
  g_autofree char *name = NULL;
  RamoSessionCompare *compare;
  const char *left, *right;

  if (self->manager == NULL)
    return;
  g_variant_get (parameter, "(&s&s)", &left, &right);
  compare = ramo_session_compare (self->manager, left, right, &error);
  if (compare == NULL)
    {
      _ramo_window_show_error (self, _("Could not compare the branches"), error);
      return;
    }
  if (self->compare_window)
    gtk_window_destroy (GTK_WINDOW (self->compare_window));
  name = g_path_get_basename (ramo_session_manager_get_path (self->manager));
  self->compare_window = ramo_compare_window_new (GTK_WINDOW (self), compare, name);
  g_object_weak_ref (G_OBJECT (self->compare_window), compare_window_destroyed_cb, self);
  gtk_window_present (GTK_WINDOW (self->compare_window));
}

/* win.export-path (ID): the path root→ID as Markdown, saved where the user chooses. */
static void
export_path_action (GSimpleAction *action,
                    GVariant      *parameter,
                    gpointer       user_data)
{
  RamoWindow *self = user_data;
  g_autoptr(GError) error = NULL;
  g_autofree char *name = NULL;
  const char *id = g_variant_get_string (parameter, NULL);
  char *text;

  if (self->manager == NULL)
    return;
  text = ramo_session_export_path_markdown (self->manager, id, &error);
  if (text == NULL)
    {
      _ramo_window_show_error (self, _("Could not export the path"), error);
      return;
    }
  name = g_strdup_printf ("path-%.8s.md", id);
  ramo_save_markdown (GTK_WINDOW (self), _("Export Path as Markdown"), name, text);
}

static const GActionEntry compare_actions[] = {
  { .name = "compare", .activate = compare_action, .parameter_type = "(ss)" },
  { .name = "export-path", .activate = export_path_action, .parameter_type = "s" },
};

void
_ramo_window_compare_init (RamoWindow *self)
{
  g_action_map_add_action_entries (G_ACTION_MAP (self), compare_actions, G_N_ELEMENTS (compare_actions), self);
}

void
_ramo_window_compare_dispose (RamoWindow *self)
{
  if (self->compare_window)
    {
      g_object_weak_unref (G_OBJECT (self->compare_window), compare_window_destroyed_cb, self);
      gtk_window_destroy (GTK_WINDOW (self->compare_window));
      self->compare_window = NULL;
    }
}

/**
 * ramo_window_get_compare_window:
 * @self: a window
 *
 * Returns: (transfer none) (nullable): the comparison window, while it is open
 */
RamoCompareWindow *
ramo_window_get_compare_window (RamoWindow *self)
{
  g_return_val_if_fail (RAMO_IS_WINDOW (self), NULL);
  return self->compare_window;
}

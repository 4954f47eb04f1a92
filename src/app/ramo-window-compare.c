/* ramo-window-compare.c — two entries' paths compared (`win.compare`: the row menu's Compare
 * With Selected, Ctrl+click of a second row; aligned in a worker thread) in a window of their
 * own, and a path exported as Markdown (`win.export-path`)
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

static void
align_thread (GTask        *task,
              gpointer      source_object,
              gpointer      task_data,
              GCancellable *cancellable)
{
  ramo_session_compare_align (task_data);
  g_task_return_pointer (task, task_data, (GDestroyNotify) ramo_session_compare_free);
}

static void
ensure_compare_window (RamoWindow *self)
{
  if (self->compare_window)
    return;
  self->compare_window = ramo_compare_window_new (GTK_WINDOW (self));
  g_object_weak_ref (G_OBJECT (self->compare_window), compare_window_destroyed_cb, self);
}

static void
aligned_cb (GObject      *source_object,
            GAsyncResult *result,
            gpointer      user_data)
{
  RamoWindow *self = RAMO_WINDOW (source_object);
  GTask *task = G_TASK (result);
  g_autofree char *name = NULL;
  RamoSessionCompare *compare;

  /* a later comparison (or the window's end) cancelled this one: the task frees it */
  if (g_cancellable_is_cancelled (g_task_get_cancellable (task)) ||
      (compare = g_task_propagate_pointer (task, NULL)) == NULL)
    return;
  g_clear_object (&self->compare_cancellable);
  ensure_compare_window (self);
  name = self->manager ? g_path_get_basename (ramo_session_manager_get_path (self->manager)) : NULL;
  ramo_compare_window_set_compare (self->compare_window, compare, name);
  gtk_window_present (GTK_WINDOW (self->compare_window));
}

/* win.compare (LEFT, RIGHT): the paths to the two entries from their fork, in a window of
 * their own; a comparison open before is replaced (one at a time, as the problems window).
 * The paths are read here, from the manager, which only this thread writes; they are aligned
 * (the word diffs: the larger part) in a worker thread, which touches only the comparison, so
 * that no main-loop turn holds the whole of it. The window is made once and hidden when
 * closed: a new toplevel costs more than the 100 ms a comparison has to show in. */
static void
compare_action (GSimpleAction *action,
                GVariant      *parameter,
                gpointer       user_data)
{
  RamoWindow *self = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(GTask) task = NULL;
  RamoSessionCompare *compare;
  const char *left, *right;

  if (self->manager == NULL)
    return;
  g_variant_get (parameter, "(&s&s)", &left, &right);
  compare = ramo_session_compare_read (self->manager, left, right, &error);
  if (compare == NULL)
    {
      _ramo_window_show_error (self, _("Could not compare the branches"), error);
      return;
    }
  if (self->compare_cancellable)
    g_cancellable_cancel (self->compare_cancellable);
  g_clear_object (&self->compare_cancellable);
  self->compare_cancellable = g_cancellable_new ();
  task = g_task_new (self, self->compare_cancellable, aligned_cb, NULL);
  /* the first comparison's window is made while the thread works */
  ensure_compare_window (self);
  g_task_set_source_tag (task, compare_action);
  /* the thread returns it as the task's result, which frees it unless it is taken */
  g_task_set_task_data (task, compare, NULL);
  g_task_run_in_thread (task, align_thread);
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
  if (self->compare_cancellable)
    g_cancellable_cancel (self->compare_cancellable);
  g_clear_object (&self->compare_cancellable);
  if (self->compare_window)
    {
      g_object_weak_unref (G_OBJECT (self->compare_window), compare_window_destroyed_cb, self);
      gtk_window_destroy (GTK_WINDOW (self->compare_window));
      self->compare_window = NULL;
    }
}

/**
 * ramo_window_is_comparing:
 * @self: a window
 *
 * Returns: whether a comparison `win.compare` asked for is being aligned, not yet shown
 */
gboolean
ramo_window_is_comparing (RamoWindow *self)
{
  g_return_val_if_fail (RAMO_IS_WINDOW (self), FALSE);
  return self->compare_cancellable != NULL;
}

/**
 * ramo_window_get_compare_window:
 * @self: a window
 *
 * Returns: (transfer none) (nullable): the comparison window, once a comparison was shown
 *   (it is hidden, not destroyed, when closed: see gtk_widget_get_visible())
 */
RamoCompareWindow *
ramo_window_get_compare_window (RamoWindow *self)
{
  g_return_val_if_fail (RAMO_IS_WINDOW (self), NULL);
  return self->compare_window;
}

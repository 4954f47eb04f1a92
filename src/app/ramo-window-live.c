/* ramo-window-live.c — following a session that grows
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
 * While pi runs it appends lines to the session file. A GFileMonitor on the file, and a look
 * when the window becomes active again, call ramo_session_manager_refresh(), which reads only
 * the new bytes; the tree keeps its selection, folds, filter, search and scroll position
 * across the rebuild. When the file was replaced, truncated or deleted instead, a banner
 * offers to reload it (ramo_window_reload()), and until then the core refuses to write to it.
 */

#define REFRESH_DELAY_MS 50

static void
set_changed_on_disk (RamoWindow *self,
                     gboolean    changed)
{
  g_assert (RAMO_IS_WINDOW (self));

  if (self->changed_on_disk == changed)
    return;
  self->changed_on_disk = changed;
  gtk_info_bar_set_revealed (self->changed_bar, changed);
}

/**
 * ramo_window_refresh:
 * @self: a window
 *
 * Reads what another program appended to the session file since it was read (only the new
 * bytes), keeping the tree's selection, folds, filter, search and scroll position. When the
 * file was replaced, truncated or deleted, shows the banner that offers to reload it.
 *
 * Returns: %TRUE when entries were added
 */
gboolean
ramo_window_refresh (RamoWindow *self)
{
  g_autoptr(GError) error = NULL;
  int n;

  g_return_val_if_fail (RAMO_IS_WINDOW (self), FALSE);

  g_clear_handle_id (&self->refresh_id, g_source_remove);

  if (self->manager == NULL || self->changed_on_disk || ramo_session_manager_get_path (self->manager) == NULL)
    return FALSE;

  ramo_session_tree_set_keep_scroll (self->tree, TRUE);
  n = ramo_session_manager_refresh (self->manager, &error);
  ramo_session_tree_set_keep_scroll (self->tree, FALSE);
  if (n < 0)
    {
      if (g_error_matches (error, RAMO_SESSION_ERROR, RAMO_SESSION_ERROR_CHANGED))
        set_changed_on_disk (self, TRUE);
      else
        g_debug ("refresh: %s", error->message);
      return FALSE;
    }
  return n > 0;
}

static gboolean
refresh_timeout_cb (gpointer data)
{
  RamoWindow *self = data;

  self->refresh_id = 0;
  ramo_window_refresh (self);
  return G_SOURCE_REMOVE;
}

static void
queue_refresh (RamoWindow *self)
{
  g_assert (RAMO_IS_WINDOW (self));

  if (self->refresh_id == 0)
    self->refresh_id = g_timeout_add (REFRESH_DELAY_MS, refresh_timeout_cb, self);
}

static void
monitor_changed_cb (RamoWindow        *self,
                    GFile             *file,
                    GFile             *other_file,
                    GFileMonitorEvent  event,
                    GFileMonitor      *monitor)
{
  g_assert (RAMO_IS_WINDOW (self));

  switch (event)
    {
    case G_FILE_MONITOR_EVENT_CHANGED:
    case G_FILE_MONITOR_EVENT_CHANGES_DONE_HINT:
    case G_FILE_MONITOR_EVENT_DELETED:
    case G_FILE_MONITOR_EVENT_CREATED:
    case G_FILE_MONITOR_EVENT_RENAMED:
    case G_FILE_MONITOR_EVENT_MOVED_IN:
    case G_FILE_MONITOR_EVENT_MOVED_OUT:
      queue_refresh (self);
      break;

    case G_FILE_MONITOR_EVENT_ATTRIBUTE_CHANGED:
    case G_FILE_MONITOR_EVENT_PRE_UNMOUNT:
    case G_FILE_MONITOR_EVENT_UNMOUNTED:
    case G_FILE_MONITOR_EVENT_MOVED:
    default:
      break;
    }
}

static void
update_monitor (RamoWindow *self)
{
  const char *path = self->manager ? ramo_session_manager_get_path (self->manager) : NULL;
  g_autoptr(GFile) file = NULL;
  g_autoptr(GError) error = NULL;

  g_assert (RAMO_IS_WINDOW (self));

  if (g_strcmp0 (path, self->monitored_path) == 0)
    return;

  if (self->monitor)
    {
      g_file_monitor_cancel (self->monitor);
      g_signal_handlers_disconnect_by_data (self->monitor, self);
      g_clear_object (&self->monitor);
    }
  g_clear_pointer (&self->monitored_path, g_free);
  g_clear_handle_id (&self->refresh_id, g_source_remove);

  if (path == NULL)
    return;

  self->monitored_path = g_strdup (path);
  file = g_file_new_for_path (path);
  self->monitor = g_file_monitor_file (file, G_FILE_MONITOR_WATCH_MOVES, NULL, &error);
  if (self->monitor == NULL)
    {
      g_debug ("cannot watch %s: %s", path, error->message);
      return;
    }
  g_signal_connect_object (self->monitor, "changed", G_CALLBACK (monitor_changed_cb), self, G_CONNECT_SWAPPED);
}

static void
manager_path_cb (RamoWindow         *self,
                 GParamSpec         *pspec,
                 RamoSessionManager *manager)
{
  g_assert (RAMO_IS_WINDOW (self));

  /* a branched session replaced the file in the same manager */
  set_changed_on_disk (self, FALSE);
  update_monitor (self);
}

static void
is_active_cb (RamoWindow *self,
              GParamSpec *pspec,
              gpointer    unused)
{
  g_assert (RAMO_IS_WINDOW (self));

  /* The monitor may have missed a change (network folders); looking costs one stat(). */
  if (gtk_window_is_active (GTK_WINDOW (self)))
    ramo_window_refresh (self);
}

void
_ramo_window_live_set_manager (RamoWindow         *self,
                               RamoSessionManager *manager)
{
  g_assert (RAMO_IS_WINDOW (self));

  set_changed_on_disk (self, FALSE);
  update_monitor (self);
}

/**
 * ramo_window_get_changed_on_disk:
 * @self: a window
 *
 * Returns: %TRUE when the session file was replaced, truncated or deleted since it was read
 *   (the banner offering to reload it is shown)
 */
gboolean
ramo_window_get_changed_on_disk (RamoWindow *self)
{
  g_return_val_if_fail (RAMO_IS_WINDOW (self), FALSE);
  return self->changed_on_disk;
}

void
_ramo_window_live_init (RamoWindow *self)
{
  g_assert (RAMO_IS_WINDOW (self));

  g_signal_group_connect_object (self->manager_signals, "notify::path",
                                 G_CALLBACK (manager_path_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect (self, "notify::is-active", G_CALLBACK (is_active_cb), NULL);
}

void
_ramo_window_live_dispose (RamoWindow *self)
{
  g_assert (RAMO_IS_WINDOW (self));

  g_clear_handle_id (&self->refresh_id, g_source_remove);
  if (self->monitor)
    {
      g_file_monitor_cancel (self->monitor);
      g_clear_object (&self->monitor);
    }
  g_clear_pointer (&self->monitored_path, g_free);
}

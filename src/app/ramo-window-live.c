/* ramo-window-live.c — loading with progress, following a session that grows, drag and drop
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

#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <glib/gi18n.h>

#include "ramo-preload.h"
#include "ramo-window-private.h"

/*
 * Loading: ramo_window_load_file() opens the file in the core's worker thread
 * (ramo_session_manager_open_async()). The thread only stores its progress in an integer; a
 * main-loop timeout reads it into the progress bar of the "loading" page, which is shown only
 * for files that take longer than LOADING_PAGE_DELAY_MS, so small files never flash it.
 *
 * Following: while pi runs it appends lines to the session file. A GFileMonitor on the file,
 * and a look when the window becomes active again, call ramo_session_manager_refresh(), which
 * reads only the new bytes; the tree keeps its selection, folds, filter, search and scroll
 * position across the rebuild. When the file was replaced, truncated or deleted instead, a
 * banner offers to reload it, and until then the core refuses to write to it.
 *
 * Benchmark: with RAMO_BENCH_STARTUP=1 the first file opened reports on stderr the time from
 * process start to the first frame that shows its tree, and the longest main-loop stall while
 * loading; then the time from a filter or search change to the next frame, and until every
 * row is unfolded (rows away from the view are unfolded after that frame); then it scrolls from
 * the top and reports the frame rate, and Ramo quits.
 */

#define LOADING_PAGE_DELAY_MS 150
#define LOADING_PROGRESS_MS   50
#define REFRESH_DELAY_MS      50

typedef struct
{
  RamoWindow         *window;       /* owned */
  GFile              *file;
  char               *select_id;    /* a reload selects this entry again */
  gint                permille;     /* written by the loading thread: atomic */
  gboolean            reload;
  RamoSessionManager *manager;      /* read, not shown yet */
  RamoProjection     *projection;   /* its projection, made in a worker thread */
} LoadOp;

static void bench_begin (RamoWindow *self);
static void bench_loaded (RamoWindow *self);
static void make_projection_async (RamoWindow *self,
                                   LoadOp     *op);

static void
load_op_free (LoadOp *op)
{
  g_clear_object (&op->window);
  g_clear_object (&op->file);
  g_clear_object (&op->manager);
  g_clear_object (&op->projection);
  g_free (op->select_id);
  g_free (op);
}

/* ------------------------------------------------------------------------------------------ */
/* Following the file                                                                          */

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

/* ------------------------------------------------------------------------------------------ */
/* Loading                                                                                     */

static void
progress_cb (goffset  done,
             goffset  total,
             gpointer data)
{
  LoadOp *op = data;

  /* the loading thread: no widgets here */
  g_atomic_int_set (&op->permille, total > 0 ? (gint) (CLAMP ((double) done / total, 0, 1) * 1000) : 0);
}

static gboolean
loading_progress_cb (gpointer data)
{
  RamoWindow *self = data;
  LoadOp *op = self->load;

  if (op == NULL)
    {
      self->load_progress_id = 0;
      return G_SOURCE_REMOVE;
    }
  gtk_progress_bar_set_fraction (self->loading_progress, g_atomic_int_get (&op->permille) / 1000.0);
  return G_SOURCE_CONTINUE;
}

static gboolean
loading_page_cb (gpointer data)
{
  RamoWindow *self = data;
  LoadOp *op = self->load;
  g_autofree char *name = NULL;

  self->load_page_id = 0;
  if (op == NULL)
    return G_SOURCE_REMOVE;

  name = g_file_get_basename (op->file);
  adw_status_page_set_description (self->loading_page, name);
  gtk_progress_bar_set_fraction (self->loading_progress, g_atomic_int_get (&op->permille) / 1000.0);
  gtk_stack_set_visible_child_name (self->main_stack, "loading");
  if (self->load_progress_id == 0)
    self->load_progress_id = g_timeout_add (LOADING_PROGRESS_MS, loading_progress_cb, self);
  return G_SOURCE_REMOVE;
}

static void
end_loading (RamoWindow *self)
{
  g_assert (RAMO_IS_WINDOW (self));

  self->load = NULL;
  g_clear_object (&self->load_cancellable);
  g_clear_handle_id (&self->load_page_id, g_source_remove);
  g_clear_handle_id (&self->load_progress_id, g_source_remove);
}

static void
show_previous_page (RamoWindow *self)
{
  const char *visible = gtk_stack_get_visible_child_name (self->main_stack);

  if (g_strcmp0 (visible, "loading") == 0 || g_strcmp0 (visible, "opening") == 0)
    {
      if (self->manager)
        _ramo_window_reveal_session_page (self);
      gtk_stack_set_visible_child_name (self->main_stack, self->manager ? "session" : "empty");
    }
}

static void
open_cb (GObject      *object,
         GAsyncResult *result,
         gpointer      user_data)
{
  LoadOp *op = user_data;
  RamoWindow *self = op->window;
  g_autoptr(RamoSessionManager) manager = NULL;
  g_autoptr(GError) error = NULL;

  manager = ramo_session_manager_open_finish (result, &error);

  /* superseded by another load, or the window is gone */
  if (self->load != op)
    {
      load_op_free (op);
      return;
    }

  if (manager == NULL)
    {
      end_loading (self);
      if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        show_previous_page (self);
      else if (self->manager == NULL || op->reload)
        {
          g_autofree char *name = g_file_get_basename (op->file);
          g_autofree char *description = g_strdup_printf ("%s\n%s", name, error->message);

          if (op->reload)
            ramo_window_set_manager (self, NULL);
          adw_status_page_set_description (self->error_page, description);
          gtk_stack_set_visible_child_name (self->main_stack, "error");
        }
      else
        {
          show_previous_page (self);
          _ramo_window_show_error (self, _("Could not open the session"), error);
        }
      load_op_free (op);
      return;
    }

  /* still loading: the projection is made in a worker thread as well; a file read before the
   * loading page was due never shows it */
  if (g_strcmp0 (gtk_stack_get_visible_child_name (self->main_stack), "loading") != 0)
    g_clear_handle_id (&self->load_page_id, g_source_remove);
  op->manager = g_steal_pointer (&manager);
  make_projection_async (self, op);
}

/* The last steps of a load, each in a main-loop turn of its own (on a 100,000-entry session
 * each is 15 to 45 ms; together they held the main loop for over 120 ms):
 *  1. a worker thread makes the projection: nothing else holds the new manager yet;
 *  2. the session tree makes its tree list model (ramo_session_tree_prepare());
 *  3. it makes the row widgets the list view will take (ramo_session_tree_make_rows_ahead());
 *  4. the window shows the session. */

typedef struct
{
  RamoSessionManager *manager;
  RamoFilterMode      filter;
  char               *search;
} ProjectionJob;

static void
projection_job_free (ProjectionJob *job)
{
  g_clear_object (&job->manager);
  g_free (job->search);
  g_free (job);
}

static void
make_projection_thread (GTask        *task,
                        gpointer      source_object,
                        gpointer      task_data,
                        GCancellable *cancellable)
{
  ProjectionJob *job = task_data;
  RamoProjection *projection = ramo_projection_new (job->manager);

  ramo_projection_set_filter (projection, job->filter);
  ramo_projection_set_search (projection, job->search);
  g_task_return_pointer (task, projection, g_object_unref);
}

/* A load given up after its tree list model was made ahead: what was made for it goes. */
static void
abandon_prepared (RamoWindow *self,
                  LoadOp     *op)
{
  /* the template's children are gone once the window is disposed */
  if (self->tree != NULL && op->projection != NULL)
    ramo_session_tree_unprepare (self->tree, op->projection);
}

static gboolean
show_loaded_cb (gpointer data)
{
  LoadOp *op = data;
  RamoWindow *self = op->window;
  gboolean cancelled;

  if (self->load != op)
    {
      abandon_prepared (self, op);
      load_op_free (op);
      return G_SOURCE_REMOVE;
    }
  cancelled = g_cancellable_is_cancelled (self->load_cancellable);
  end_loading (self);
  if (cancelled)
    {
      abandon_prepared (self, op);
      show_previous_page (self);
      load_op_free (op);
      return G_SOURCE_REMOVE;
    }

  _ramo_window_set_manager_full (self, op->manager, op->projection);
  if (op->select_id && ramo_session_manager_get_entry (op->manager, op->select_id))
    ramo_session_tree_select_entry (self->tree, op->select_id);
  if (op->reload)
    _ramo_window_show_toast (self, _("Session reloaded"));
  bench_loaded (self);
  load_op_free (op);
  return G_SOURCE_REMOVE;
}

static gboolean
make_rows_cb (gpointer data)
{
  LoadOp *op = data;
  RamoWindow *self = op->window;

  /* the next turn finds out what happened meanwhile */
  if (self->load == op && !g_cancellable_is_cancelled (self->load_cancellable))
    ramo_session_tree_make_rows_ahead (self->tree);
  g_idle_add (show_loaded_cb, op);
  return G_SOURCE_REMOVE;
}

static void
projection_made_cb (GObject      *object,
                    GAsyncResult *result,
                    gpointer      user_data)
{
  LoadOp *op = user_data;
  RamoWindow *self = op->window;

  /* an error is the load's cancellation */
  op->projection = g_task_propagate_pointer (G_TASK (result), NULL);
  if (self->load != op)
    {
      load_op_free (op);
      return;
    }
  if (op->projection == NULL)
    {
      end_loading (self);
      show_previous_page (self);
      load_op_free (op);
      return;
    }

  ramo_session_tree_prepare (self->tree, op->projection);
  g_idle_add (make_rows_cb, op);
}

static void
make_projection_async (RamoWindow *self,
                       LoadOp     *op)
{
  g_autoptr(GTask) task = g_task_new (NULL, self->load_cancellable, projection_made_cb, op);
  ProjectionJob *job = g_new0 (ProjectionJob, 1);

  job->manager = g_object_ref (op->manager);
  _ramo_window_get_view_settings (self, &job->filter, &job->search);
  g_task_set_task_data (task, job, (GDestroyNotify) projection_job_free);
  g_task_set_source_tag (task, make_projection_async);
  g_task_run_in_thread (task, make_projection_thread);
}

static void
start_load (RamoWindow *self,
            GFile      *file,
            gboolean    reload)
{
  g_autofree char *path = NULL;
  LoadOp *op;

  g_assert (RAMO_IS_WINDOW (self));

  path = g_file_get_path (file);
  if (path == NULL)
    {
      g_autoptr(GError) error = g_error_new_literal (G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                                                     _("Only local files can be opened"));

      _ramo_window_show_error (self, _("Could not open the session"), error);
      return;
    }

  if (self->load_cancellable)
    g_cancellable_cancel (self->load_cancellable);
  end_loading (self);

  op = g_new0 (LoadOp, 1);
  op->window = g_object_ref (self);
  op->file = g_object_ref (file);
  op->reload = reload;
  if (reload)
    op->select_id = g_strdup (ramo_session_tree_get_selected_id (self->tree));

  self->load = op;
  self->load_cancellable = g_cancellable_new ();
  self->load_page_id = g_timeout_add (LOADING_PAGE_DELAY_MS, loading_page_cb, self);
  /* a window not shown yet never shows "No Session Open" before its file */
  if (self->manager == NULL && !gtk_widget_get_mapped (GTK_WIDGET (self)))
    gtk_stack_set_visible_child_name (self->main_stack, "opening");

  bench_begin (self);
  /* a file named on the command line is being read since the program started */
  if (reload || !ramo_preload_claim (path, &op->permille, self->load_cancellable, open_cb, op))
    ramo_session_manager_open_async (path, progress_cb, op, self->load_cancellable, open_cb, op);
}

/**
 * ramo_window_load_file:
 * @self: a window
 * @file: a session file
 *
 * Opens @file in a worker thread and shows it when it is read. A file that takes a while shows
 * a page with a progress bar and a Cancel button meanwhile; the window stays responsive. A
 * failure is shown in the window: as its page when it shows no session yet, else as a
 * notification (the session shown stays).
 */
void
ramo_window_load_file (RamoWindow *self,
                       GFile      *file)
{
  g_return_if_fail (RAMO_IS_WINDOW (self));
  g_return_if_fail (G_IS_FILE (file));

  start_load (self, file, FALSE);
}

/**
 * ramo_window_is_loading:
 * @self: a window
 *
 * Returns: whether a file is being read
 */
gboolean
ramo_window_is_loading (RamoWindow *self)
{
  g_return_val_if_fail (RAMO_IS_WINDOW (self), FALSE);
  return self->load != NULL;
}

/**
 * ramo_window_reload:
 * @self: a window
 *
 * Opens the session file again in the same window (after another program replaced it),
 * keeping the filter, the search and — when it still exists — the selected entry.
 */
void
ramo_window_reload (RamoWindow *self)
{
  g_autoptr(GFile) file = NULL;
  const char *path;

  g_return_if_fail (RAMO_IS_WINDOW (self));

  path = self->manager ? ramo_session_manager_get_path (self->manager) : NULL;
  if (path == NULL)
    return;
  file = g_file_new_for_path (path);
  start_load (self, file, TRUE);
}

static void
cancel_loading_cb (RamoWindow *self,
                   GtkButton  *button)
{
  g_assert (RAMO_IS_WINDOW (self));

  if (self->load_cancellable)
    g_cancellable_cancel (self->load_cancellable);
}

/* ------------------------------------------------------------------------------------------ */
/* Drag and drop                                                                               */

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
      _ramo_window_show_toast (self, _("Only pi session files (.jsonl) can be opened"));
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

/* ------------------------------------------------------------------------------------------ */
/* Benchmark (RAMO_BENCH_STARTUP=1)                                                            */

typedef enum
{
  BENCH_LOADING,      /* until the first frame that shows the tree */
  BENCH_IDLE,         /* between two measurements */
  BENCH_CHANGED,      /* a filter or search changed: until the next frame */
  BENCH_UNFOLDING,    /* then until every row is unfolded */
} BenchState;

typedef struct
{
  RamoWindow *window;        /* not owned: the benchmark ends with the window */
  BenchState  state;
  gint64      load_start;
  gint64      first_frame;   /* the window's first frame, 0 before */
  gint64      last_tick;
  gint64      max_gap;
  gint64      max_gap_before_frame;
  gint64      change_start;
  gint64      change_cpu_start;
  const char *what;
  guint       gap_id;
  guint       step;
  gboolean    loaded;
} Bench;

static Bench *bench;

/* Microseconds from the start of this process to now (the kernel counts in clock ticks). */
static gint64
since_process_start (void)
{
  g_autofree char *stat = NULL;
  struct timespec now;
  const char *p;
  unsigned long long start_ticks = 0;
  long hz = sysconf (_SC_CLK_TCK);

  if (!g_file_get_contents ("/proc/self/stat", &stat, NULL, NULL) || hz <= 0)
    return -1;
  /* the command may hold spaces and parentheses: fields resume after the last ')' */
  p = strrchr (stat, ')');
  if (p == NULL || sscanf (p + 2, "%*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %*u %*u %*d %*d %*d %*d %*d %*d %llu",
                           &start_ticks) != 1)
    return -1;
  clock_gettime (CLOCK_BOOTTIME, &now);
  return (gint64) now.tv_sec * G_USEC_PER_SEC + now.tv_nsec / 1000 - (gint64) (start_ticks * G_USEC_PER_SEC / hz);
}

/* Microseconds of CPU time this thread (the main loop's) has used: unlike wall time, it does
 * not grow when other processes take the machine's cores. */
static gint64
thread_cpu_time (void)
{
  struct timespec now;

  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &now);
  return (gint64) now.tv_sec * G_USEC_PER_SEC + now.tv_nsec / 1000;
}

/* A 1 ms timeout: the time between two of its calls beyond that is time the main loop was
 * busy with something else. */
static gboolean
bench_gap_cb (gpointer data)
{
  gint64 now = g_get_monotonic_time ();

  /* a gap that began before the window's first frame was drawn is the window's first showing */
  if (bench->state == BENCH_LOADING && (bench->first_frame == 0 || bench->last_tick < bench->first_frame))
    bench->max_gap_before_frame = MAX (bench->max_gap_before_frame, now - bench->last_tick);
  else if (bench->last_tick && now - bench->last_tick > bench->max_gap)
    bench->max_gap = now - bench->last_tick;
  bench->last_tick = now;
  return G_SOURCE_CONTINUE;
}

static void
bench_first_frame_cb (GdkFrameClock *clock,
                      RamoWindow    *self)
{
  if (bench != NULL && bench->window == self && bench->first_frame == 0)
    bench->first_frame = g_get_monotonic_time ();
  g_signal_handlers_disconnect_by_func (clock, bench_first_frame_cb, self);
}

static void
bench_realize_cb (RamoWindow *self)
{
  g_signal_connect_object (gtk_widget_get_frame_clock (GTK_WIDGET (self)), "after-paint",
                           G_CALLBACK (bench_first_frame_cb), self, 0);
}

static const struct {
  const char *what;
  int         filter;
  const char *search;
} bench_steps[] = {
  { "filter no-tools", RAMO_FILTER_NO_TOOLS, NULL },
  { "filter user-only", RAMO_FILTER_USER_ONLY, NULL },
  { "filter labeled-only", RAMO_FILTER_LABELED_ONLY, NULL },
  { "filter all", RAMO_FILTER_ALL, NULL },
  { "filter default", RAMO_FILTER_DEFAULT, NULL },
  { "search \"r\"", -1, "r" },
  { "search \"re\"", -1, "re" },
  { "search \"rea\"", -1, "rea" },
  { "search \"read\"", -1, "read" },
  { "search \"read s\"", -1, "read s" },
  { "search cleared", -1, "" },
};

/* Scrolling: one page further on every frame (a fast fling), from the top, for up to 600
 * frames; the frame clock's timings give the frame rate. */
#define SCROLL_FRAMES 600

static gboolean bench_change_cb (gpointer data);

typedef struct
{
  GArray *frame_times;       /* gint64, µs */
} BenchScroll;

static BenchScroll scroll;

static int
compare_gint64 (gconstpointer a,
                gconstpointer b)
{
  gint64 x = *(const gint64 *) a, y = *(const gint64 *) b;

  return x < y ? -1 : x > y;
}

static gboolean
bench_scroll_tick_cb (GtkWidget     *widget,
                      GdkFrameClock *clock,
                      gpointer       data)
{
  RamoWindow *self = data;
  GtkAdjustment *adjustment = gtk_scrollable_get_vadjustment (GTK_SCROLLABLE (widget));
  double value = gtk_adjustment_get_value (adjustment);
  double page = gtk_adjustment_get_page_size (adjustment);
  double upper = gtk_adjustment_get_upper (adjustment);
  gint64 now = gdk_frame_clock_get_frame_time (clock);

  g_array_append_val (scroll.frame_times, now);
  if (scroll.frame_times->len <= SCROLL_FRAMES && value + page < upper)
    {
      gtk_adjustment_set_value (adjustment, value + page);
      return G_SOURCE_CONTINUE;
    }

  {
    guint n = scroll.frame_times->len - 1;
    g_autoptr(GArray) gaps = g_array_sized_new (FALSE, FALSE, sizeof (gint64), n);
    gint64 total = g_array_index (scroll.frame_times, gint64, n) - g_array_index (scroll.frame_times, gint64, 0);
    guint widgets = 0;
    guint slow = 0;

    for (guint i = 1; i <= n; i++)
      {
        gint64 gap = g_array_index (scroll.frame_times, gint64, i) - g_array_index (scroll.frame_times, gint64, i - 1);

        g_array_append_val (gaps, gap);
        slow += gap > 25000;
      }
    g_array_sort (gaps, compare_gint64);
    for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
      widgets++;
    if (n > 0)
      g_printerr ("ramo-bench: scroll: %u frames of one page (%.0f px) each, %.0f of %.0f px, "
                  "%.1f frames per second; frame intervals median %.1f ms, 95%% %.1f ms, "
                  "worst %.1f ms, %u over 25 ms; %u row widgets in the list\n",
                  n, page, value + page, upper, n * 1e6 / MAX (total, 1),
                  g_array_index (gaps, gint64, n / 2) / 1000.0,
                  g_array_index (gaps, gint64, MIN (n - 1, n * 95 / 100)) / 1000.0,
                  g_array_index (gaps, gint64, n - 1) / 1000.0, slow, widgets);
  }
  g_clear_pointer (&scroll.frame_times, g_array_unref);
  bench->step++;
  g_timeout_add (300, bench_change_cb, self);
  return G_SOURCE_REMOVE;
}

static gboolean
bench_change_cb (gpointer data)
{
  RamoWindow *self = data;
  guint i = bench->step;

  if (i == G_N_ELEMENTS (bench_steps))
    {
      RamoListView *list = ramo_session_tree_get_list_view (self->tree);
      GtkAdjustment *adjustment = gtk_scrollable_get_vadjustment (GTK_SCROLLABLE (list));

      gtk_adjustment_set_value (adjustment, 0);
      scroll.frame_times = g_array_new (FALSE, FALSE, sizeof (gint64));
      gtk_widget_add_tick_callback (GTK_WIDGET (list), bench_scroll_tick_cb, self, NULL);
      return G_SOURCE_REMOVE;
    }

  if (i > G_N_ELEMENTS (bench_steps))
    {
      GtkApplication *app = gtk_window_get_application (GTK_WINDOW (self));

      g_clear_handle_id (&bench->gap_id, g_source_remove);
      if (app)
        g_application_quit (G_APPLICATION (app));
      else
        gtk_window_destroy (GTK_WINDOW (self));
      return G_SOURCE_REMOVE;
    }

  bench->what = bench_steps[i].what;
  bench->state = BENCH_CHANGED;
  bench->max_gap = 0;
  bench->last_tick = g_get_monotonic_time ();
  bench->change_start = g_get_monotonic_time ();
  bench->change_cpu_start = thread_cpu_time ();
  if (bench_steps[i].filter >= 0)
    gtk_drop_down_set_selected (self->filter_dropdown, bench_steps[i].filter);
  else
    /* what the search entry does once its typing delay has passed (not counted) */
    ramo_session_tree_set_search (self->tree, bench_steps[i].search[0] ? bench_steps[i].search : NULL);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  return G_SOURCE_REMOVE;
}

static void
bench_after_paint_cb (GdkFrameClock *clock,
                      RamoWindow    *self)
{
  RamoListView *list = ramo_session_tree_get_list_view (self->tree);
  GtkTreeListModel *model = ramo_session_tree_get_model (self->tree);
  gint64 now = g_get_monotonic_time ();

  if (bench == NULL || bench->window != self || !bench->loaded)
    return;

  switch (bench->state)
    {
    case BENCH_LOADING:
      if (model == NULL || !gtk_widget_get_mapped (GTK_WIDGET (list)) ||
          g_list_model_get_n_items (G_LIST_MODEL (model)) == 0 ||
          gtk_widget_get_first_child (GTK_WIDGET (list)) == NULL)
        return;
      g_printerr ("ramo-bench: %u entries, %u rows\n", ramo_session_manager_get_n_entries (self->manager),
                  g_list_model_get_n_items (G_LIST_MODEL (model)));
      g_printerr ("ramo-bench: process start to the first frame with the tree: %.0f ms (10 ms ticks)\n",
                  since_process_start () / 1000.0);
      g_printerr ("ramo-bench: from the window asking for its file (read ahead when named on the command line) to the first frame with the tree: %.1f ms\n",
                  (now - bench->load_start) / 1000.0);
      g_printerr ("ramo-bench: the window's first frame %.1f ms after it asked for its file; longest main-loop gap before it (GTK styling and showing the window) %.1f ms\n",
                  bench->first_frame ? (bench->first_frame - bench->load_start) / 1000.0 : -1.0,
                  bench->max_gap_before_frame / 1000.0);
      g_printerr ("ramo-bench: longest main-loop gap from the window's first frame to the first frame with the tree: %.1f ms\n", bench->max_gap / 1000.0);
      break;

    case BENCH_CHANGED:
      g_printerr ("ramo-bench: %s: %.1f ms to the next frame (main thread busy %.1f ms), %u rows (longest main-loop gap %.1f ms)\n",
                  bench->what, (now - bench->change_start) / 1000.0,
                  (thread_cpu_time () - bench->change_cpu_start) / 1000.0,
                  ramo_projection_get_n_visible (self->projection), bench->max_gap / 1000.0);
      bench->max_gap = 0;
      bench->state = BENCH_UNFOLDING;
      G_GNUC_FALLTHROUGH;

    case BENCH_UNFOLDING:
      /* the rows away from the view are unfolded after the first frame */
      if (g_list_model_get_n_items (G_LIST_MODEL (model)) < ramo_projection_get_n_visible (self->projection))
        return;
      g_printerr ("ramo-bench: %s: every row unfolded %.1f ms after the change (longest main-loop gap after the first frame %.1f ms)\n",
                  bench->what, (now - bench->change_start) / 1000.0, bench->max_gap / 1000.0);
      bench->step++;
      break;

    case BENCH_IDLE:
    default:
      return;
    }

  /* let things settle before the next change */
  bench->state = BENCH_IDLE;
  g_timeout_add (300, bench_change_cb, self);
}

static void
bench_begin (RamoWindow *self)
{
  if (bench != NULL || g_strcmp0 (g_getenv ("RAMO_BENCH_STARTUP"), "1") != 0)
    return;

  bench = g_new0 (Bench, 1);
  bench->window = self;
  bench->state = BENCH_LOADING;
  bench->load_start = g_get_monotonic_time ();
  bench->last_tick = bench->load_start;
  bench->gap_id = g_timeout_add_full (G_PRIORITY_HIGH, 1, bench_gap_cb, NULL, NULL);
  if (gtk_widget_get_realized (GTK_WIDGET (self)))
    bench_realize_cb (self);
  else
    g_signal_connect_after (self, "realize", G_CALLBACK (bench_realize_cb), NULL);
}

static void
bench_loaded (RamoWindow *self)
{
  GdkFrameClock *clock;

  if (bench == NULL || bench->window != self || bench->loaded)
    return;
  bench->loaded = TRUE;

  if (!gtk_widget_get_realized (GTK_WIDGET (self)))
    gtk_widget_realize (GTK_WIDGET (self));
  clock = gtk_widget_get_frame_clock (GTK_WIDGET (self));
  g_signal_connect_object (clock, "after-paint", G_CALLBACK (bench_after_paint_cb), self, 0);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* ------------------------------------------------------------------------------------------ */

void
_ramo_window_live_init (RamoWindow *self)
{
  GtkDropTarget *drop;
  GType drop_types[] = { GDK_TYPE_FILE_LIST, G_TYPE_FILE };

  g_assert (RAMO_IS_WINDOW (self));

  g_signal_group_connect_object (self->manager_signals, "notify::path",
                                 G_CALLBACK (manager_path_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect (self, "notify::is-active", G_CALLBACK (is_active_cb), NULL);

  drop = gtk_drop_target_new (G_TYPE_INVALID, GDK_ACTION_COPY);
  gtk_drop_target_set_gtypes (drop, drop_types, G_N_ELEMENTS (drop_types));
  g_signal_connect_object (drop, "drop", G_CALLBACK (drop_cb), self, G_CONNECT_SWAPPED);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (drop));
}

void
_ramo_window_live_dispose (RamoWindow *self)
{
  g_assert (RAMO_IS_WINDOW (self));

  if (self->load_cancellable)
    g_cancellable_cancel (self->load_cancellable);
  /* the load callback frees its data once the thread is done */
  end_loading (self);
  g_clear_handle_id (&self->refresh_id, g_source_remove);
  if (self->monitor)
    {
      g_file_monitor_cancel (self->monitor);
      g_clear_object (&self->monitor);
    }
  g_clear_pointer (&self->monitored_path, g_free);
}

void
_ramo_window_live_class_init (GtkWidgetClass *widget_class)
{
  gtk_widget_class_bind_template_callback (widget_class, cancel_loading_cb);
}

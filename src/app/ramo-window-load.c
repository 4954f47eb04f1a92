/* ramo-window-load.c — opening a file into the window: the one way in, with progress
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

#include "ramo-session-loader.h"
#include "ramo-window-private.h"

/*
 * Every file a window shows comes in through ramo_window_open(): a file named on the command
 * line (g_application_open() → ramo_window_load_file()), the Open dialog, a drop, a reload,
 * and the browser and D-Bus (ramo_window_open_file(), which waits for it).
 *
 * The file is read by a #RamoSessionLoader in the core's worker thread: a new one, or, when
 * main() had the application start reading it already, the loader of that read, taken from the
 * application's reads ahead (ramo_preloads_take(); a window made without the application reads
 * its files itself). The progress bar of the "loading" page follows the loader's
 * #RamoSessionLoader:fraction; the page is shown only for files that take longer than
 * LOADING_PAGE_DELAY_MS, so small files never flash it. A later load, the Cancel button or the
 * caller's cancellable give a load up.
 */

#define LOADING_PAGE_DELAY_MS 150

typedef struct
{
  RamoWindow         *window;       /* owned */
  GTask              *task;         /* owned: the caller's result */
  GMainContext       *context;      /* where the load's steps run: the caller's */
  GFile              *file;
  RamoSessionLoader  *loader;
  GBinding           *progress;     /* the loader's fraction → the progress bar, once shown */
  char               *select_id;    /* a reload selects this entry again */
  gboolean            reload;
  gboolean            keep_view;    /* the filter and search stay: the same file again */
  RamoSessionManager *manager;      /* read, not shown yet */
  RamoProjection     *projection;   /* its projection, made in a worker thread */
  GCancellable       *caller_cancellable;
  gulong              caller_cancelled_id;
} LoadOp;

static void make_projection_async (RamoWindow *self,
                                   LoadOp     *op);

/* Ends @op: the caller learns @error (%NULL: the file is shown), and @op goes. */
static void
load_op_return (LoadOp *op,
                GError *error)
{
  if (error)
    g_task_return_error (op->task, error);
  else
    g_task_return_boolean (op->task, TRUE);

  if (op->caller_cancellable)
    g_cancellable_disconnect (op->caller_cancellable, op->caller_cancelled_id);
  g_clear_object (&op->caller_cancellable);
  g_clear_object (&op->task);
  g_clear_object (&op->window);
  g_clear_pointer (&op->context, g_main_context_unref);
  g_clear_object (&op->file);
  g_clear_object (&op->loader);
  g_clear_object (&op->manager);
  g_clear_object (&op->projection);
  g_free (op->select_id);
  g_free (op);
}

/* A load given up: the window shows no error for it, so its message is not translated. */
static void
load_op_cancelled (LoadOp *op)
{
  load_op_return (op, g_error_new_literal (G_IO_ERROR, G_IO_ERROR_CANCELLED, "The load was given up"));
}

/* The next step of @op, in a main-loop turn of its own. */
static void
load_op_next (LoadOp      *op,
              GSourceFunc  step)
{
  GSource *source = g_idle_source_new ();

  g_source_set_callback (source, step, op, NULL);
  g_source_set_static_name (source, "[ramo] window load");
  g_source_attach (source, op->context);
  g_source_unref (source);
}

/* ------------------------------------------------------------------------------------------ */
/* Progress                                                                                    */

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
  if (op->progress == NULL)
    op->progress = g_object_bind_property (op->loader, "fraction", self->loading_progress, "fraction",
                                           G_BINDING_SYNC_CREATE);
  gtk_stack_set_visible_child_name (self->main_stack, "loading");
  return G_SOURCE_REMOVE;
}

static void
end_loading (RamoWindow *self)
{
  LoadOp *op = self->load;

  g_assert (RAMO_IS_WINDOW (self));

  /* before the progress bar goes with the window */
  if (op != NULL)
    g_clear_pointer (&op->progress, g_binding_unbind);
  self->load = NULL;
  g_clear_object (&self->load_cancellable);
  g_clear_handle_id (&self->load_page_id, g_source_remove);
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

/* ------------------------------------------------------------------------------------------ */
/* The steps of a load                                                                         */

static void
loaded_cb (GObject      *object,
           GAsyncResult *result,
           gpointer      user_data)
{
  LoadOp *op = user_data;
  RamoWindow *self = op->window;
  g_autoptr(RamoSessionManager) manager = NULL;
  GError *error = NULL;

  manager = ramo_session_loader_load_finish (RAMO_SESSION_LOADER (object), result, &error);

  /* superseded by another load, or the window is gone */
  if (self->load != op)
    {
      g_clear_error (&error);
      load_op_cancelled (op);
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
        show_previous_page (self);
      load_op_return (op, error);
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
 *  1. a worker thread makes the projection (ramo_projection_new_async()): nothing else holds
 *     the new manager yet;
 *  2. the session tree makes its tree list model (ramo_session_tree_prepare()), a few
 *     milliseconds at a time (ramo_session_tree_prepare_step(): on 1,000,000 entries it is
 *     half a second);
 *  3. it makes the row widgets the list view will take (ramo_session_tree_make_rows_ahead());
 *  4. the window shows the session. */

/* A load given up after its tree list model was made ahead: what was made for it goes. */
static void
abandon_prepared (RamoWindow *self,
                  LoadOp     *op)
{
  /* the template's children are gone once the window is disposed */
  if (self->tree != NULL && op->projection != NULL)
    ramo_session_tree_unprepare (self->tree, op->projection);
}

/* Another session starts with the window's default filter and no search: they were chosen
 * for the session shown before ("0 of 420 entries" with a search that matched there). The
 * tree lets go of that session's projection first, so that the header bar changing does not
 * lay it out again just before it goes. */
static void
reset_view (RamoWindow *self)
{
  if (gtk_drop_down_get_selected (self->filter_dropdown) == self->default_filter &&
      gtk_editable_get_text (GTK_EDITABLE (self->search_entry))[0] == '\0')
    return;
  ramo_session_tree_set_projection (self->tree, NULL);
  gtk_drop_down_set_selected (self->filter_dropdown, self->default_filter);
  gtk_editable_set_text (GTK_EDITABLE (self->search_entry), "");
}

/**
 * ramo_window_set_default_filter:
 * @self: a window
 * @mode: a filter mode
 *
 * Sets the filter every session opened in the window starts with (the setting
 * `default-filter`), and selects it now.
 */
void
ramo_window_set_default_filter (RamoWindow     *self,
                                RamoFilterMode  mode)
{
  g_return_if_fail (RAMO_IS_WINDOW (self));
  g_return_if_fail (mode <= RAMO_FILTER_ALL);

  self->default_filter = mode;
  gtk_drop_down_set_selected (self->filter_dropdown, mode);
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
      load_op_cancelled (op);
      return G_SOURCE_REMOVE;
    }
  cancelled = g_cancellable_is_cancelled (self->load_cancellable);
  end_loading (self);
  if (cancelled)
    {
      abandon_prepared (self, op);
      show_previous_page (self);
      load_op_cancelled (op);
      return G_SOURCE_REMOVE;
    }

  /* What showing sets up (the file monitor) reports to the main context, also when the load's
   * own steps ran in a context of their own (ramo_window_open_file()). */
  g_main_context_push_thread_default (NULL);
  if (!op->keep_view)
    reset_view (self);
  _ramo_window_set_manager_full (self, op->manager, op->projection);
  if (op->select_id && ramo_session_manager_get_entry (op->manager, op->select_id))
    ramo_session_tree_select_entry (self->tree, op->select_id);
  if (op->reload)
    ramo_window_show_toast (self, _("Session reloaded"));
  _ramo_window_bench_loaded (self);
  g_main_context_pop_thread_default (NULL);
  load_op_return (op, NULL);
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
  load_op_next (op, show_loaded_cb);
  return G_SOURCE_REMOVE;
}

/* A main-loop turn's worth of the tree list model made ahead (below the frame clock's budget) */
#define PREPARE_STEP_USEC 8000

static gboolean
prepare_step_cb (gpointer data)
{
  LoadOp *op = data;
  RamoWindow *self = op->window;

  /* the next step finds out what happened meanwhile */
  if (self->load == op && !g_cancellable_is_cancelled (self->load_cancellable) &&
      ramo_session_tree_prepare_step (self->tree, PREPARE_STEP_USEC))
    load_op_next (op, prepare_step_cb);
  else
    load_op_next (op, make_rows_cb);
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
  op->projection = ramo_projection_new_finish (result, NULL);
  if (self->load != op)
    {
      load_op_cancelled (op);
      return;
    }
  if (op->projection == NULL)
    {
      end_loading (self);
      show_previous_page (self);
      load_op_cancelled (op);
      return;
    }

  ramo_session_tree_prepare (self->tree, op->projection);
  load_op_next (op, prepare_step_cb);
}

static void
make_projection_async (RamoWindow *self,
                       LoadOp     *op)
{
  g_autofree char *search = NULL;
  RamoFilterMode filter = self->default_filter;

  /* see reset_view() */
  if (op->keep_view)
    _ramo_window_get_view_settings (self, &filter, &search);
  ramo_projection_new_async (op->manager, filter, search, self->load_cancellable, projection_made_cb, op);
}

/* ------------------------------------------------------------------------------------------ */
/* The way in                                                                                  */

static void
caller_cancelled_cb (GCancellable *cancellable,
                     GCancellable *load_cancellable)
{
  g_cancellable_cancel (load_cancellable);
}

/**
 * ramo_window_open:
 * @self: a window
 * @file: a session file (a local file)
 * @flags: how to show it
 * @cancellable: (nullable): gives the load up
 * @callback: (nullable): called once @file is shown, or could not be
 * @user_data: data for @callback
 *
 * Reads @file in a worker thread (or takes over its read ahead, see ramo-preloads.c) and shows
 * it: the tree (with the window's filter and search when it is the file shown already, else
 * with its default filter, ramo_window_set_default_filter(), and no search), the context of its
 * leaf. A file that takes a while shows a page with a progress bar and a Cancel button
 * meanwhile; the window stays responsive. A load started later, or the Cancel button, gives this one up.
 *
 * When the window shows no session, or on %RAMO_WINDOW_OPEN_RELOAD, a file that cannot be
 * read is shown as the window's error page; else the session shown stays. Either way
 * ramo_window_open_finish() tells @callback why.
 */
void
ramo_window_open (RamoWindow          *self,
                  GFile               *file,
                  RamoWindowOpenFlags  flags,
                  GCancellable        *cancellable,
                  GAsyncReadyCallback  callback,
                  gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  g_autofree char *path = NULL;
  LoadOp *op;

  g_return_if_fail (RAMO_IS_WINDOW (self));
  g_return_if_fail (G_IS_FILE (file));
  g_return_if_fail (!cancellable || G_IS_CANCELLABLE (cancellable));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, ramo_window_open);

  path = g_file_get_path (file);
  if (path == NULL)
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED, _("Only local files can be opened"));
      return;
    }

  if (self->load_cancellable)
    g_cancellable_cancel (self->load_cancellable);
  end_loading (self);

  op = g_new0 (LoadOp, 1);
  op->window = g_object_ref (self);
  op->task = g_steal_pointer (&task);
  op->context = g_main_context_ref_thread_default ();
  op->file = g_object_ref (file);
  op->reload = (flags & RAMO_WINDOW_OPEN_RELOAD) != 0;
  op->keep_view = op->reload ||
                  (self->manager && g_strcmp0 (ramo_session_manager_get_path (self->manager), path) == 0);
  if (op->reload)
    op->select_id = g_strdup (ramo_session_tree_get_selected_id (self->tree));

  self->load = op;
  self->load_cancellable = g_cancellable_new ();
  if (cancellable)
    {
      op->caller_cancellable = g_object_ref (cancellable);
      op->caller_cancelled_id = g_cancellable_connect (cancellable, G_CALLBACK (caller_cancelled_cb),
                                                       g_object_ref (self->load_cancellable), g_object_unref);
    }
  self->load_page_id = g_timeout_add (LOADING_PAGE_DELAY_MS, loading_page_cb, self);
  /* a window not shown yet never shows "No Session Open" before its file */
  if (self->manager == NULL && !gtk_widget_get_mapped (GTK_WIDGET (self)))
    gtk_stack_set_visible_child_name (self->main_stack, "opening");

  _ramo_window_bench_begin (self);
  /* A file named on the command line is being read since the program started; that read
   * reports to the main context, so only a load that runs there takes it. */
  if (!op->reload && self->preloads != NULL && op->context == g_main_context_default ())
    op->loader = ramo_preloads_take (self->preloads, path);
  if (op->loader == NULL)
    op->loader = ramo_session_loader_new (path);
  ramo_session_loader_load_async (op->loader, self->load_cancellable, loaded_cb, op);
}

/**
 * ramo_window_open_finish:
 * @self: a window
 * @result: the result given to the callback of ramo_window_open()
 * @error: return location for a #GError, or %NULL
 *
 * Returns: %TRUE when the file is shown. On error: %G_IO_ERROR_CANCELLED when the load was
 *   given up (see ramo_window_open()), %G_IO_ERROR_NOT_SUPPORTED for a file that is not local,
 *   else the error of ramo_session_manager_open()
 */
gboolean
ramo_window_open_finish (RamoWindow    *self,
                         GAsyncResult  *result,
                         GError       **error)
{
  g_return_val_if_fail (RAMO_IS_WINDOW (self), FALSE);
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}

/* A failure the window did not show as its page is shown as a notification. */
static void
load_file_cb (GObject      *object,
              GAsyncResult *result,
              gpointer      user_data)
{
  RamoWindow *self = RAMO_WINDOW (object);
  g_autoptr(GError) error = NULL;

  if (ramo_window_open_finish (self, result, &error) ||
      g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  if (self->main_stack != NULL &&
      g_strcmp0 (gtk_stack_get_visible_child_name (self->main_stack), "error") != 0)
    _ramo_window_show_error (self, _("Could not open the session"), error);
}

/**
 * ramo_window_load_file:
 * @self: a window
 * @file: a session file
 *
 * ramo_window_open() with nobody waiting: a failure is shown in the window, as its page when
 * it shows no session yet, else as a notification (the session shown stays).
 */
void
ramo_window_load_file (RamoWindow *self,
                       GFile      *file)
{
  g_return_if_fail (RAMO_IS_WINDOW (self));
  g_return_if_fail (G_IS_FILE (file));

  ramo_window_open (self, file, RAMO_WINDOW_OPEN_NONE, NULL, load_file_cb, NULL);
}

static void
open_file_cb (GObject      *object,
              GAsyncResult *result,
              gpointer      user_data)
{
  GAsyncResult **out = user_data;

  *out = g_object_ref (result);
  g_main_context_wakeup (g_main_context_get_thread_default ());
}

/**
 * ramo_window_open_file:
 * @self: a window
 * @file: a session file
 * @error: return location for a #GError, or %NULL
 *
 * ramo_window_open(), waiting until @file is shown: for callers that go on with the session
 * (the browser, the D-Bus actions). The load runs in a main context of its own meanwhile, so
 * nothing else of the program runs before this returns. When the window shows no session yet,
 * a failure is shown in the window too.
 *
 * Returns: %TRUE on success; see ramo_window_open_finish() for the errors
 */
gboolean
ramo_window_open_file (RamoWindow  *self,
                       GFile       *file,
                       GError     **error)
{
  g_autoptr(GMainContext) context = NULL;
  g_autoptr(GAsyncResult) result = NULL;

  g_return_val_if_fail (RAMO_IS_WINDOW (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  context = g_main_context_new ();
  g_main_context_push_thread_default (context);
  ramo_window_open (self, file, RAMO_WINDOW_OPEN_NONE, NULL, open_file_cb, &result);
  while (result == NULL)
    g_main_context_iteration (context, TRUE);
  g_main_context_pop_thread_default (context);

  return ramo_window_open_finish (self, result, error);
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
  ramo_window_open (self, file, RAMO_WINDOW_OPEN_RELOAD, NULL, load_file_cb, NULL);
}

static void
cancel_loading_cb (RamoWindow *self,
                   GtkButton  *button)
{
  g_assert (RAMO_IS_WINDOW (self));

  if (self->load_cancellable)
    g_cancellable_cancel (self->load_cancellable);
}

void
_ramo_window_load_dispose (RamoWindow *self)
{
  g_assert (RAMO_IS_WINDOW (self));

  if (self->load_cancellable)
    g_cancellable_cancel (self->load_cancellable);
  /* the load's steps free its data once the threads are done */
  end_loading (self);
  g_clear_object (&self->preloads);
}

/* The application's reads ahead, for the window to take the one of the file it opens. */
void
_ramo_window_set_preloads (RamoWindow   *self,
                           RamoPreloads *preloads)
{
  g_return_if_fail (RAMO_IS_WINDOW (self));
  g_return_if_fail (preloads == NULL || RAMO_IS_PRELOADS (preloads));

  g_set_object (&self->preloads, preloads);
}

void
_ramo_window_class_load_init (GtkWidgetClass *widget_class)
{
  gtk_widget_class_bind_template_callback (widget_class, cancel_loading_cb);
}

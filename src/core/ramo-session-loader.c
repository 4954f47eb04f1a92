/* ramo-session-loader.c
 *
 * Copyright 2026 The Ramo authors
 *
 * This program is free software: you can redistribute it and/or modify it under the terms of the
 * GNU General Public License as published by the Free Software Foundation, either version 3 of
 * the License, or (at your option) any later version.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ramo-session"

#include "config.h"

#ifndef _GNU_SOURCE
#define _GNU_SOURCE  /* gettid */
#endif

#ifdef __linux__
#include <errno.h>
#include <sys/resource.h>
#include <unistd.h>
#endif

#include "ramo-session-loader.h"
#include "ramo-session-manager-private.h"

/**
 * RamoSessionLoader:
 *
 * Loads one session file into a new #RamoSessionManager, apart from the manager it makes: a
 * window binds its progress (#RamoSessionLoader:bytes-read, #RamoSessionLoader:total-bytes,
 * #RamoSessionLoader:fraction) while ramo_session_loader_load_async() reads the file in a
 * worker thread, and takes the manager from ramo_session_loader_load_finish().
 *
 * A read can start before anyone waits for it: ramo_session_loader_start() begins it at once
 * (Ramo does so for the files named on its command line, while GTK starts), and the
 * ramo_session_loader_load_async() called later joins it instead of reading the file again,
 * whether it is still under way or done already. ramo_session_loader_load_async() alone does
 * both at once.
 *
 * The reading itself is the manager's (ramo-session-reader.c: blocks of lines extracted on two
 * threads, committed in file order). The loader only runs it, counts the bytes and tells the
 * main context about them. ramo_session_manager_open() and ramo_session_manager_open_async()
 * load through a loader too; their definitions are at the end of this file, so that the
 * manager does not depend on its loader.
 */

struct _RamoSessionLoader
{
  GObject               parent_instance;

  char                 *path;
  GMainContext         *context;          /* of the thread that started the load */
  GMutex                lock;             /* the loading thread writes what it guards */
  gint64                bytes_read;       /* under @lock */
  gint64                total_bytes;      /* under @lock */
  gboolean              notify_pending;   /* under @lock: a notification is queued in @context */
  gint64                notified_bytes;   /* what the last notification told (main context) */
  gboolean              in_thread;        /* the load runs in a worker thread */
  RamoLoadProgressFunc  thread_progress;  /* ramo_session_manager_open_async()'s, in the thread */
  gpointer              thread_progress_data;

  /* a read in a worker thread, from ramo_session_loader_start() until its result is taken */
  GCancellable         *read_cancellable;  /* gives the read up; NULL: no read */
  gboolean              reading;           /* the thread runs */
  RamoSessionManager   *read_manager;      /* the thread's result, until it is taken */
  GError               *read_error;
  GCancellable         *start_cancellable; /* the one ramo_session_loader_start() was given */
  gulong                start_cancelled_id;
  GTask                *waiter;            /* the ramo_session_loader_load_async() that joined it */
  gulong                waiter_cancelled_id;
};

G_DEFINE_FINAL_TYPE (RamoSessionLoader, ramo_session_loader, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_PATH,
  PROP_BYTES_READ,
  PROP_TOTAL_BYTES,
  PROP_FRACTION,
  N_PROPS
};

static GParamSpec *properties [N_PROPS];

static void
ramo_session_loader_finalize (GObject *object)
{
  RamoSessionLoader *self = (RamoSessionLoader *)object;

  /* a read under way holds the loader, and so does the one who waits for it */
  g_assert (!self->reading);
  g_assert (self->waiter == NULL);

  g_clear_object (&self->read_manager);
  g_clear_error (&self->read_error);
  g_clear_object (&self->read_cancellable);
  g_clear_pointer (&self->path, g_free);
  g_clear_pointer (&self->context, g_main_context_unref);
  g_mutex_clear (&self->lock);

  G_OBJECT_CLASS (ramo_session_loader_parent_class)->finalize (object);
}

static void
ramo_session_loader_get_property (GObject    *object,
                                  guint       prop_id,
                                  GValue     *value,
                                  GParamSpec *pspec)
{
  RamoSessionLoader *self = RAMO_SESSION_LOADER (object);

  switch (prop_id)
    {
    case PROP_PATH:
      g_value_set_string (value, self->path);
      break;

    case PROP_BYTES_READ:
      g_value_set_int64 (value, ramo_session_loader_get_bytes_read (self));
      break;

    case PROP_TOTAL_BYTES:
      g_value_set_int64 (value, ramo_session_loader_get_total_bytes (self));
      break;

    case PROP_FRACTION:
      g_value_set_double (value, ramo_session_loader_get_fraction (self));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ramo_session_loader_set_property (GObject      *object,
                                  guint         prop_id,
                                  const GValue *value,
                                  GParamSpec   *pspec)
{
  RamoSessionLoader *self = RAMO_SESSION_LOADER (object);

  switch (prop_id)
    {
    case PROP_PATH:
      {
        g_autoptr(GFile) file = g_file_new_for_path (g_value_get_string (value));

        g_free (self->path);
        self->path = g_file_get_path (file);
      }
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ramo_session_loader_class_init (RamoSessionLoaderClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = ramo_session_loader_finalize;
  object_class->get_property = ramo_session_loader_get_property;
  object_class->set_property = ramo_session_loader_set_property;

  /**
   * RamoSessionLoader:path:
   *
   * The session file to load (absolute, as g_file_get_path() gives it).
   */
  properties [PROP_PATH] =
    g_param_spec_string ("path", NULL, NULL, NULL,
                         (G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS));

  /**
   * RamoSessionLoader:bytes-read:
   *
   * The bytes of the file read and indexed so far. Notified from the main context of the
   * thread that started the load (at most once per block of the file, 2 MiB), never from the
   * loading thread.
   */
  properties [PROP_BYTES_READ] =
    g_param_spec_int64 ("bytes-read", NULL, NULL, 0, G_MAXINT64, 0,
                        (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * RamoSessionLoader:total-bytes:
   *
   * The file's size in bytes when the load started; 0 before. Notified as
   * #RamoSessionLoader:bytes-read is.
   */
  properties [PROP_TOTAL_BYTES] =
    g_param_spec_int64 ("total-bytes", NULL, NULL, 0, G_MAXINT64, 0,
                        (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * RamoSessionLoader:fraction:
   *
   * #RamoSessionLoader:bytes-read over #RamoSessionLoader:total-bytes, from 0 to 1, for a
   * progress bar. Notified as #RamoSessionLoader:bytes-read is.
   */
  properties [PROP_FRACTION] =
    g_param_spec_double ("fraction", NULL, NULL, 0, 1, 0,
                         (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
ramo_session_loader_init (RamoSessionLoader *self)
{
  g_mutex_init (&self->lock);
}

/* ------------------------------------------------------------------------------------------ */
/* Progress                                                                                    */

/* In the main context: tells the listeners what the loading thread counted. */
static void
notify_progress (RamoSessionLoader *self)
{
  gint64 bytes;

  g_mutex_lock (&self->lock);
  self->notify_pending = FALSE;
  bytes = self->bytes_read;
  g_mutex_unlock (&self->lock);

  if (bytes == self->notified_bytes)
    return;
  self->notified_bytes = bytes;
  g_object_notify_by_pspec (G_OBJECT (self), properties [PROP_TOTAL_BYTES]);
  g_object_notify_by_pspec (G_OBJECT (self), properties [PROP_BYTES_READ]);
  g_object_notify_by_pspec (G_OBJECT (self), properties [PROP_FRACTION]);
}

static gboolean
notify_progress_cb (gpointer data)
{
  notify_progress (data);
  return G_SOURCE_REMOVE;
}

/* The reader's progress function: called after each block, in the thread that reads. */
static void
progress_cb (goffset  done,
             goffset  total,
             gpointer data)
{
  RamoSessionLoader *self = data;
  gboolean queue;

  if (self->thread_progress)
    self->thread_progress (done, total, self->thread_progress_data);

  g_mutex_lock (&self->lock);
  self->bytes_read = done;
  self->total_bytes = total;
  queue = self->in_thread && !self->notify_pending;
  if (queue)
    self->notify_pending = TRUE;
  g_mutex_unlock (&self->lock);

  if (!self->in_thread)
    notify_progress (self);
  else if (queue)
    {
      g_autoptr(GSource) source = g_idle_source_new ();

      g_source_set_priority (source, G_PRIORITY_DEFAULT);
      g_source_set_callback (source, notify_progress_cb, g_object_ref (self), g_object_unref);
      g_source_set_static_name (source, "[ramo] session loader progress");
      g_source_attach (source, self->context);
    }
}

/* ------------------------------------------------------------------------------------------ */
/* Loading                                                                                     */

/**
 * ramo_session_loader_new:
 * @path: (type filename): a session file
 *
 * Returns: (transfer full): a loader for @path; nothing is read before a load is started
 */
RamoSessionLoader *
ramo_session_loader_new (const char *path)
{
  g_return_val_if_fail (path != NULL, NULL);

  return g_object_new (RAMO_TYPE_SESSION_LOADER, "path", path, NULL);
}

/**
 * ramo_session_loader_get_path:
 * @self: a loader
 *
 * Returns: (type filename): the file it loads
 */
const char *
ramo_session_loader_get_path (RamoSessionLoader *self)
{
  g_return_val_if_fail (RAMO_IS_SESSION_LOADER (self), NULL);
  return self->path;
}

static void
get_progress (RamoSessionLoader *self,
              gint64            *done,
              gint64            *total)
{
  g_mutex_lock (&self->lock);
  *done = self->bytes_read;
  *total = self->total_bytes;
  g_mutex_unlock (&self->lock);
}

/**
 * ramo_session_loader_get_bytes_read:
 * @self: a loader
 *
 * Returns: the bytes read so far (see #RamoSessionLoader:bytes-read)
 */
gint64
ramo_session_loader_get_bytes_read (RamoSessionLoader *self)
{
  gint64 done, total;

  g_return_val_if_fail (RAMO_IS_SESSION_LOADER (self), 0);

  get_progress (self, &done, &total);
  return done;
}

/**
 * ramo_session_loader_get_total_bytes:
 * @self: a loader
 *
 * Returns: the file's size in bytes when the load started, 0 before
 */
gint64
ramo_session_loader_get_total_bytes (RamoSessionLoader *self)
{
  gint64 done, total;

  g_return_val_if_fail (RAMO_IS_SESSION_LOADER (self), 0);

  get_progress (self, &done, &total);
  return total;
}

/**
 * ramo_session_loader_get_fraction:
 * @self: a loader
 *
 * Returns: the part of the file read so far, from 0 to 1
 */
double
ramo_session_loader_get_fraction (RamoSessionLoader *self)
{
  gint64 done, total;

  g_return_val_if_fail (RAMO_IS_SESSION_LOADER (self), 0);

  get_progress (self, &done, &total);
  if (total <= 0)
    return 0;
  return CLAMP ((double) done / (double) total, 0, 1);
}

/* Reads the file into a new manager, in the calling thread. */
static RamoSessionManager *
load (RamoSessionLoader  *self,
      GCancellable       *cancellable,
      GError            **error)
{
  g_autoptr(RamoSessionManager) manager = _ramo_session_manager_new_for_path (self->path);
  gboolean ok;

  manager->progress = progress_cb;
  manager->progress_data = self;
  manager->load_cancellable = cancellable;
  ok = _ramo_session_manager_load_path (manager, manager->path, error);
  manager->progress = NULL;
  manager->progress_data = NULL;
  manager->load_cancellable = NULL;
  if (!ok)
    return NULL;
  return g_steal_pointer (&manager);
}

/**
 * ramo_session_loader_load:
 * @self: a loader
 * @cancellable: (nullable): cancels the load between blocks of the file
 * @error: return location for a #GError, or %NULL
 *
 * Loads the file in the calling thread, as ramo_session_manager_open() does: the header (an
 * oh-my-pi title slot before it is tolerated), every entry line indexed, versions 1 and 2
 * migrated to 3 in memory; the file is not changed. Lines that cannot be read are skipped and
 * listed by ramo_session_manager_get_issues(). The progress properties are notified from this
 * thread as the blocks are read.
 *
 * Errors: %RAMO_SESSION_ERROR_IO when the file cannot be read (see
 * ramo_session_error_get_io_error()), %RAMO_SESSION_ERROR_INVALID_FILE when it is empty or
 * does not start with a session header, %G_IO_ERROR_CANCELLED; %G_IO_ERROR_PENDING while a
 * read started by ramo_session_loader_start() has not been taken.
 *
 * Returns: (transfer full): a new session manager, or %NULL with @error set
 */
RamoSessionManager *
ramo_session_loader_load (RamoSessionLoader  *self,
                          GCancellable       *cancellable,
                          GError            **error)
{
  g_return_val_if_fail (RAMO_IS_SESSION_LOADER (self), NULL);
  g_return_val_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable), NULL);

  if (self->read_cancellable != NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_PENDING, "The file is being read already");
      return NULL;
    }
  self->in_thread = FALSE;
  return load (self, cancellable, error);
}

/* How much lower than the thread that started it a read in the background runs (a nice value):
 * on two cores, a million-entry file read by two threads at the window's priority took the
 * main thread's place often enough to hold its first frame 102 ms (window benchmark); at +10
 * (CFS gives such a thread a tenth of a core against the main thread) 38 ms, the read no
 * slower when the main thread is idle. */
#define READ_NICENESS 10

/* The thread of a read in the background: its own, not one of GLib's pool, because on Linux a
 * thread's nice value is its own, inherited by the threads it starts (the reader's worker), and
 * cannot be brought back without privileges. */
static gpointer
load_thread (gpointer data)
{
  g_autoptr(GTask) task = data;
  RamoSessionLoader *self = g_task_get_source_object (task);
  GError *error = NULL;
  RamoSessionManager *manager;

#ifdef __linux__
  {
    int niceness = getpriority (PRIO_PROCESS, (id_t) gettid ());

    /* best effort: a read at the same priority is only slower to share the cores */
    if (setpriority (PRIO_PROCESS, (id_t) gettid (), MIN (niceness + READ_NICENESS, 19)) != 0)
      g_debug ("the read keeps its priority: %s", g_strerror (errno));
  }
#endif
  manager = load (self, g_task_get_cancellable (task), &error);
  if (manager == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, manager, g_object_unref);
  return NULL;
}

static void
cancel_read_cb (GCancellable *cancellable,
                GCancellable *read_cancellable)
{
  g_cancellable_cancel (read_cancellable);
}

/* Hands the read's result to the one who joined it; the loader can load again then. */
static void
deliver (RamoSessionLoader *self)
{
  g_autoptr(GTask) waiter = g_steal_pointer (&self->waiter);
  GCancellable *cancellable = g_task_get_cancellable (waiter);

  if (cancellable)
    g_cancellable_disconnect (cancellable, self->waiter_cancelled_id);
  self->waiter_cancelled_id = 0;
  g_clear_object (&self->read_cancellable);

  /* the waiter's own cancellable, cancelled before this is delivered, still wins (GTask checks
   * it when the result is taken) */
  if (self->read_manager)
    g_task_return_pointer (waiter, g_steal_pointer (&self->read_manager), g_object_unref);
  else
    g_task_return_error (waiter, g_steal_pointer (&self->read_error));
}

/* In the main context of the one who started the read: the worker thread is done. */
static void
read_done_cb (GObject      *object,
              GAsyncResult *result,
              gpointer      user_data)
{
  RamoSessionLoader *self = RAMO_SESSION_LOADER (object);

  self->reading = FALSE;
  if (self->start_cancellable)
    {
      g_cancellable_disconnect (self->start_cancellable, self->start_cancelled_id);
      self->start_cancelled_id = 0;
      g_clear_object (&self->start_cancellable);
    }
  /* the last notification may still be queued behind the result */
  notify_progress (self);

  self->read_manager = g_task_propagate_pointer (G_TASK (result), &self->read_error);
  if (self->waiter)
    deliver (self);
}

/**
 * ramo_session_loader_start:
 * @self: a loader
 * @cancellable: (nullable): gives the read up while it runs
 *
 * Starts reading the file now, as ramo_session_loader_load() does, in a worker thread, before
 * anyone waits for it: the next ramo_session_loader_load_async() takes its result (or joins
 * it while it runs) instead of reading the file again. Ramo starts the files named on its
 * command line this way, so that they are read while GTK starts.
 *
 * The read runs in a thread of its own, at a lower priority than the caller's (on Linux, a
 * nice value 10 higher, which the threads it starts inherit), so that a window's main loop
 * keeps its frames while a large file loads on few cores.
 *
 * The progress properties are notified in the thread-default main context of the caller from
 * now on. Does nothing while a read started before has not been taken. Dropping the loader
 * before its result is taken drops the result (a read still under way holds a reference until
 * it ends; cancel @cancellable to end it early).
 */
void
ramo_session_loader_start (RamoSessionLoader *self,
                           GCancellable      *cancellable)
{
  g_autoptr(GTask) task = NULL;

  g_return_if_fail (RAMO_IS_SESSION_LOADER (self));
  g_return_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable));

  if (self->read_cancellable != NULL)
    return;

  g_clear_pointer (&self->context, g_main_context_unref);
  self->context = g_main_context_ref_thread_default ();
  self->in_thread = TRUE;
  self->reading = TRUE;
  self->read_cancellable = g_cancellable_new ();
  if (cancellable)
    {
      self->start_cancellable = g_object_ref (cancellable);
      self->start_cancelled_id = g_cancellable_connect (cancellable, G_CALLBACK (cancel_read_cb),
                                                        g_object_ref (self->read_cancellable),
                                                        g_object_unref);
    }

  /* what the thread returned, even when cancelled meanwhile: the waiter checks its own */
  task = g_task_new (self, self->read_cancellable, read_done_cb, NULL);
  g_task_set_check_cancellable (task, FALSE);
  g_task_set_source_tag (task, ramo_session_loader_start);
  g_thread_unref (g_thread_new ("ramo-read", load_thread, g_steal_pointer (&task)));
}

/**
 * ramo_session_loader_load_async:
 * @self: a loader
 * @cancellable: (nullable): cancels the load between blocks of the file
 * @callback: called in the thread-default main context of the caller when done
 * @user_data: data for @callback
 *
 * Loads the file as ramo_session_loader_load() does, in a worker thread, so that a window stays
 * responsive while a large file loads. A read begun by ramo_session_loader_start() is joined
 * instead: its result is given to @callback once it is done, at the next iteration of the main
 * context when it is done already (never from within this call), and @cancellable gives it up.
 * @cancellable cancelled before @callback is called makes the load fail with
 * %G_IO_ERROR_CANCELLED, also when the file was read already.
 *
 * The progress properties are notified in the thread-default main context of whoever started
 * the read (the caller, unless ramo_session_loader_start() did). One load at a time: another
 * one before @callback fails with %G_IO_ERROR_PENDING.
 */
void
ramo_session_loader_load_async (RamoSessionLoader   *self,
                                GCancellable        *cancellable,
                                GAsyncReadyCallback  callback,
                                gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;

  g_return_if_fail (RAMO_IS_SESSION_LOADER (self));
  g_return_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, ramo_session_loader_load_async);
  if (self->waiter != NULL)
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_PENDING, "The file is being loaded already");
      return;
    }

  ramo_session_loader_start (self, NULL);
  self->waiter = g_steal_pointer (&task);
  if (cancellable)
    self->waiter_cancelled_id = g_cancellable_connect (cancellable, G_CALLBACK (cancel_read_cb),
                                                       g_object_ref (self->read_cancellable),
                                                       g_object_unref);
  if (!self->reading)
    deliver (self);
}

/**
 * ramo_session_loader_load_finish:
 * @self: a loader
 * @result: the result given to the callback
 * @error: return location for a #GError, or %NULL
 *
 * Errors: those of ramo_session_loader_load(); %G_IO_ERROR_CANCELLED when the load was
 * cancelled, also after the file was read.
 *
 * Returns: (transfer full): the session manager, or %NULL with @error set
 */
RamoSessionManager *
ramo_session_loader_load_finish (RamoSessionLoader  *self,
                                 GAsyncResult       *result,
                                 GError            **error)
{
  g_return_val_if_fail (RAMO_IS_SESSION_LOADER (self), NULL);
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}

/* ------------------------------------------------------------------------------------------ */
/* The manager's ways in                                                                       */

/**
 * ramo_session_manager_open:
 * @path: (type filename): a session file
 * @error: return location for a #GError, or %NULL
 *
 * Opens a pi session file with a #RamoSessionLoader, in the calling thread: reads the header
 * (an oh-my-pi title slot before it is tolerated), indexes every entry line, and migrates
 * versions 1 and 2 to 3 in memory. The file is not changed. Lines that cannot be read are
 * skipped and listed by ramo_session_manager_get_issues() with their line numbers; the rest
 * loads.
 *
 * Errors: %RAMO_SESSION_ERROR_IO when the file cannot be read (see
 * ramo_session_error_get_io_error()), %RAMO_SESSION_ERROR_INVALID_FILE when it is empty or
 * does not start with a session header.
 *
 * Returns: (transfer full): a new session manager, or %NULL with @error set
 */
RamoSessionManager *
ramo_session_manager_open (const char  *path,
                           GError     **error)
{
  g_autoptr(RamoSessionLoader) loader = NULL;

  g_return_val_if_fail (path != NULL, NULL);

  loader = ramo_session_loader_new (path);
  return ramo_session_loader_load (loader, NULL, error);
}

/**
 * ramo_session_manager_open_async:
 * @path: (type filename): a session file
 * @progress: (nullable) (scope call): called from the loading thread after each block with the
 *   bytes read so far and the file's size; keep it cheap and thread-safe
 * @progress_data: data for @progress
 * @cancellable: (nullable): cancels the load between blocks
 * @callback: called in the thread-default main context of the caller when done
 * @user_data: data for @callback
 *
 * Opens a session as ramo_session_manager_open() does, in a worker thread (with a
 * #RamoSessionLoader, which offers its progress as properties instead), so that a window
 * stays responsive while a large file loads.
 */
void
ramo_session_manager_open_async (const char           *path,
                                 RamoLoadProgressFunc  progress,
                                 gpointer              progress_data,
                                 GCancellable         *cancellable,
                                 GAsyncReadyCallback   callback,
                                 gpointer              user_data)
{
  g_autoptr(RamoSessionLoader) loader = NULL;

  g_return_if_fail (path != NULL);

  loader = ramo_session_loader_new (path);
  loader->thread_progress = progress;
  loader->thread_progress_data = progress_data;
  ramo_session_loader_load_async (loader, cancellable, callback, user_data);
}

/**
 * ramo_session_manager_open_finish:
 * @result: the result given to the callback
 * @error: return location for a #GError, or %NULL
 *
 * Errors: those of ramo_session_manager_open(), and %G_IO_ERROR_CANCELLED.
 *
 * Returns: (transfer full): the session manager, or %NULL with @error set
 */
RamoSessionManager *
ramo_session_manager_open_finish (GAsyncResult  *result,
                                  GError       **error)
{
  /* a result of the loader's */
  g_return_val_if_fail (G_IS_TASK (result), NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}

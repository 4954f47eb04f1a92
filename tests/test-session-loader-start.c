/* test-session-loader-start.c — a load started before anyone waits for it, joined later
 *
 * Copyright 2026 The Ramo authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#ifndef _GNU_SOURCE
#define _GNU_SOURCE  /* gettid */
#endif

#ifdef __linux__
#include <sys/resource.h>
#include <unistd.h>
#endif

#include "ramo-session-loader.h"
#include "ramo-test-util.h"

typedef struct
{
  char              *path;
  RamoSessionLoader *loader;
  GAsyncResult      *result;
  GError            *error;
} Fixture;

static void
fixture_set_up (Fixture       *f,
                gconstpointer  data)
{
  f->path = ramo_test_copy_example ();
  f->loader = ramo_session_loader_new (f->path);
}

static void
fixture_tear_down (Fixture       *f,
                   gconstpointer  data)
{
  g_clear_error (&f->error);
  g_clear_object (&f->loader);
  g_free (f->path);
}

static void
loaded_cb (GObject      *source,
           GAsyncResult *result,
           gpointer      data)
{
  GAsyncResult **out = data;

  *out = g_object_ref (result);
}

/* Joins the read, waits for the result; the error, if any, in f->error. */
static RamoSessionManager *
load (Fixture      *f,
      GCancellable *cancellable,
      gboolean      cancel_now)
{
  RamoSessionManager *manager;

  g_clear_error (&f->error);
  ramo_session_loader_load_async (f->loader, cancellable, loaded_cb, &f->result);
  /* never delivered from within the call */
  g_assert_null (f->result);
  if (cancel_now)
    g_cancellable_cancel (cancellable);
  while (f->result == NULL)
    g_main_context_iteration (NULL, TRUE);
  manager = ramo_session_loader_load_finish (f->loader, f->result, &f->error);
  g_clear_object (&f->result);
  return manager;
}

/* Starts the read and waits until it is done, nobody taking it. */
static void
start_and_read (Fixture *f)
{
  ramo_session_loader_start (f->loader, NULL);
  while (ramo_session_loader_get_fraction (f->loader) < 1)
    g_main_context_iteration (NULL, TRUE);
  ramo_test_spin (50);
}

/* joined at once, while it is (likely) under way */
static void
test_start_join (Fixture       *f,
                 gconstpointer  data)
{
  g_autoptr(RamoSessionManager) manager = NULL;

  ramo_session_loader_start (f->loader, NULL);
  /* a second start changes nothing */
  ramo_session_loader_start (f->loader, NULL);
  manager = load (f, NULL, FALSE);
  g_assert_no_error (f->error);
  g_assert_cmpuint (ramo_session_manager_get_n_entries (manager), ==, 37);
  g_assert_cmpfloat (ramo_session_loader_get_fraction (f->loader), ==, 1);

  /* taken: the loader reads the file again when asked */
  g_clear_object (&manager);
  manager = load (f, NULL, FALSE);
  g_assert_no_error (f->error);
  g_assert_cmpuint (ramo_session_manager_get_n_entries (manager), ==, 37);
}

/* joined once read: delivered from the main loop, not during the call; a cancellation before
 * it is delivered wins */
static void
test_start_done (Fixture       *f,
                 gconstpointer  data)
{
  g_autoptr(RamoSessionManager) manager = NULL;
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();

  start_and_read (f);
  /* one load at a time */
  manager = ramo_session_loader_load (f->loader, NULL, &f->error);
  g_assert_null (manager);
  g_assert_error (f->error, G_IO_ERROR, G_IO_ERROR_PENDING);

  manager = load (f, NULL, FALSE);
  g_assert_no_error (f->error);
  g_assert_cmpuint (ramo_session_manager_get_n_entries (manager), ==, 37);
  g_clear_object (&manager);

  start_and_read (f);
  manager = load (f, cancellable, TRUE);
  g_assert_null (manager);
  g_assert_error (f->error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
}

/* the start's cancellable gives the read up; a second load while one waits is refused */
static void
test_start_cancelled (Fixture       *f,
                      gconstpointer  data)
{
  g_autoptr(RamoSessionManager) manager = NULL;
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  GAsyncResult *first = NULL;

  g_cancellable_cancel (cancellable);
  ramo_session_loader_start (f->loader, cancellable);
  ramo_session_loader_load_async (f->loader, NULL, loaded_cb, &first);
  manager = load (f, NULL, FALSE);
  g_assert_null (manager);
  g_assert_error (f->error, G_IO_ERROR, G_IO_ERROR_PENDING);

  while (first == NULL)
    g_main_context_iteration (NULL, TRUE);
  g_clear_error (&f->error);
  manager = ramo_session_loader_load_finish (f->loader, first, &f->error);
  g_object_unref (first);
  g_assert_null (manager);
  g_assert_error (f->error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
}

#ifdef __linux__
static void
opened_cb (GObject      *source,
           GAsyncResult *result,
           gpointer      data)
{
  RamoSessionManager **out = data;
  g_autoptr(GError) error = NULL;

  *out = ramo_session_manager_open_finish (result, &error);
  g_assert_no_error (error);
}

/* In the loading thread: its nice value, once (the function runs after each block). */
static void
note_niceness (goffset  done,
               goffset  total,
               gpointer data)
{
  int *niceness = data;

  if (*niceness == G_MININT)
    *niceness = getpriority (PRIO_PROCESS, (id_t) gettid ());
}

/* a read in the background yields to the thread that started it: a nice value 10 higher */
static void
test_read_niceness (void)
{
  g_autofree char *path = ramo_test_copy_example ();
  g_autoptr(RamoSessionManager) manager = NULL;
  int mine = getpriority (PRIO_PROCESS, (id_t) gettid ());
  int theirs = G_MININT;

  if (mine > 9)
    {
      g_test_skip ("this thread runs at nice 10 or more already");
      return;
    }
  ramo_session_manager_open_async (path, note_niceness, &theirs, NULL, opened_cb, &manager);
  while (manager == NULL)
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpuint (ramo_session_manager_get_n_entries (manager), ==, 37);
  g_assert_cmpint (theirs, ==, mine + 10);
  /* and the thread that started it is left as it was */
  g_assert_cmpint (getpriority (PRIO_PROCESS, (id_t) gettid ()), ==, mine);
}
#endif

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

#define ADD(path, func) \
  g_test_add ("/session-loader/" path, Fixture, NULL, fixture_set_up, func, fixture_tear_down)

  ADD ("start-join", test_start_join);
  ADD ("start-done", test_start_done);
  ADD ("start-cancelled", test_start_cancelled);

#undef ADD
#ifdef __linux__
  g_test_add_func ("/session-loader/read-niceness", test_read_niceness);
#endif

  return g_test_run ();
}

/* test-session-loader-start.c — a load started before anyone waits for it, joined later
 *
 * Copyright 2026 The Ramo authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "ramo-session-loader.h"
#include "ramo-test-util.h"

static void
loaded_cb (GObject      *source,
           GAsyncResult *result,
           gpointer      data)
{
  GAsyncResult **out = data;

  *out = g_object_ref (result);
}

static RamoSessionManager *
wait_loaded (RamoSessionLoader  *loader,
             GAsyncResult      **result,
             GError            **error)
{
  RamoSessionManager *manager;

  while (*result == NULL)
    g_main_context_iteration (NULL, TRUE);
  manager = ramo_session_loader_load_finish (loader, *result, error);
  g_clear_object (result);
  return manager;
}

/* joined at once, while it is (likely) under way */
static void
test_start_join (void)
{
  g_autofree char *path = ramo_test_copy_example ();
  g_autoptr(RamoSessionLoader) loader = ramo_session_loader_new (path);
  g_autoptr(RamoSessionManager) manager = NULL;
  g_autoptr(GError) error = NULL;
  GAsyncResult *result = NULL;

  ramo_session_loader_start (loader, NULL);
  /* a second start changes nothing */
  ramo_session_loader_start (loader, NULL);
  ramo_session_loader_load_async (loader, NULL, loaded_cb, &result);
  g_assert_null (result);
  manager = wait_loaded (loader, &result, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (ramo_session_manager_get_n_entries (manager), ==, 37);
  g_assert_cmpfloat (ramo_session_loader_get_fraction (loader), ==, 1);

  /* taken: the loader reads the file again when asked */
  g_clear_object (&manager);
  ramo_session_loader_load_async (loader, NULL, loaded_cb, &result);
  manager = wait_loaded (loader, &result, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (ramo_session_manager_get_n_entries (manager), ==, 37);
}

/* joined once read: delivered from the main loop, not during the call; a cancellation before
 * it is delivered wins */
static void
test_start_done (void)
{
  g_autofree char *path = ramo_test_copy_example ();
  g_autoptr(RamoSessionLoader) loader = ramo_session_loader_new (path);
  g_autoptr(RamoSessionManager) manager = NULL;
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GError) error = NULL;
  GAsyncResult *result = NULL;

  ramo_session_loader_start (loader, NULL);
  while (ramo_session_loader_get_fraction (loader) < 1)
    g_main_context_iteration (NULL, TRUE);
  ramo_test_spin (50);

  /* one load at a time */
  manager = ramo_session_loader_load (loader, NULL, &error);
  g_assert_null (manager);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_PENDING);
  g_clear_error (&error);

  ramo_session_loader_load_async (loader, NULL, loaded_cb, &result);
  g_assert_null (result);
  manager = wait_loaded (loader, &result, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (ramo_session_manager_get_n_entries (manager), ==, 37);
  g_clear_object (&manager);

  ramo_session_loader_start (loader, NULL);
  while (ramo_session_loader_get_fraction (loader) < 1)
    g_main_context_iteration (NULL, TRUE);
  ramo_test_spin (50);
  ramo_session_loader_load_async (loader, cancellable, loaded_cb, &result);
  g_cancellable_cancel (cancellable);
  manager = wait_loaded (loader, &result, &error);
  g_assert_null (manager);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
}

/* the start's cancellable gives the read up; a second load while one waits is refused */
static void
test_start_cancelled (void)
{
  g_autofree char *path = ramo_test_copy_example ();
  g_autoptr(RamoSessionLoader) loader = ramo_session_loader_new (path);
  g_autoptr(RamoSessionManager) manager = NULL;
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GError) error = NULL;
  GAsyncResult *result = NULL;
  GAsyncResult *second = NULL;

  g_cancellable_cancel (cancellable);
  ramo_session_loader_start (loader, cancellable);
  ramo_session_loader_load_async (loader, NULL, loaded_cb, &result);
  ramo_session_loader_load_async (loader, NULL, loaded_cb, &second);
  manager = wait_loaded (loader, &second, &error);
  g_assert_null (manager);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_PENDING);
  g_clear_error (&error);

  manager = wait_loaded (loader, &result, &error);
  g_assert_null (manager);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/session-loader/start-join", test_start_join);
  g_test_add_func ("/session-loader/start-done", test_start_done);
  g_test_add_func ("/session-loader/start-cancelled", test_start_cancelled);

  return g_test_run ();
}

/* test-session-loader.c — the loader object, and the errors of the session rooms
 *
 * Copyright 2026 The Ramo authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "ramo-session-loader.h"
#include "ramo-session-manager-private.h"
#include "ramo-test-util.h"

typedef struct
{
  GThread      *main_thread;
  guint         n_notified;
  gboolean      off_thread;
  GAsyncResult *result;
} LoadWatch;

static void
notify_cb (GObject    *object,
           GParamSpec *pspec,
           gpointer    data)
{
  LoadWatch *watch = data;

  watch->n_notified++;
  if (g_thread_self () != watch->main_thread)
    watch->off_thread = TRUE;
}

static void
loaded_cb (GObject      *source,
           GAsyncResult *result,
           gpointer      data)
{
  LoadWatch *watch = data;

  watch->result = g_object_ref (result);
}

static void
test_load_async (void)
{
  g_autofree char *path = ramo_test_copy_example ();
  g_autoptr(RamoSessionLoader) loader = ramo_session_loader_new (path);
  g_autoptr(RamoSessionManager) manager = NULL;
  g_autoptr(GError) error = NULL;
  LoadWatch watch = { g_thread_self (), 0, FALSE, NULL };
  gsize size;
  g_autofree char *contents = ramo_test_read_file (path, &size);

  g_assert_cmpfloat (ramo_session_loader_get_fraction (loader), ==, 0);
  g_signal_connect (loader, "notify::bytes-read", G_CALLBACK (notify_cb), &watch);
  ramo_session_loader_load_async (loader, NULL, loaded_cb, &watch);
  while (watch.result == NULL)
    g_main_context_iteration (NULL, TRUE);
  manager = ramo_session_loader_load_finish (loader, watch.result, &error);
  g_clear_object (&watch.result);

  g_assert_no_error (error);
  g_assert_nonnull (contents);
  g_assert_cmpuint (ramo_session_manager_get_n_entries (manager), ==, 37);
  g_assert_cmpint (ramo_session_loader_get_bytes_read (loader), ==, (gint64) size);
  g_assert_cmpint (ramo_session_loader_get_total_bytes (loader), ==, (gint64) size);
  g_assert_cmpfloat (ramo_session_loader_get_fraction (loader), ==, 1);
  g_assert_cmpuint (watch.n_notified, >=, 1);
  g_assert_false (watch.off_thread);
}

static void
test_load_sync (void)
{
  g_autofree char *path = ramo_test_copy_example ();
  g_autoptr(RamoSessionLoader) loader = ramo_session_loader_new (path);
  g_autoptr(RamoSessionManager) manager = NULL;
  g_autoptr(GError) error = NULL;

  manager = ramo_session_loader_load (loader, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (ramo_session_manager_get_path (manager), ==, ramo_session_loader_get_path (loader));
  g_assert_cmpstr (ramo_session_manager_get_leaf_id (manager), ==, "e5000014");
  g_assert_cmpfloat (ramo_session_loader_get_fraction (loader), ==, 1);
}

static void
test_io_error_code (void)
{
  g_autofree char *dir = ramo_test_tmpdir ();
  g_autofree char *path = g_build_filename (dir, "missing.jsonl", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(RamoSessionManager) manager = ramo_session_manager_open (path, &error);

  g_assert_null (manager);
  g_assert_error (error, RAMO_SESSION_ERROR, RAMO_SESSION_ERROR_IO);
  g_assert_cmpint (ramo_session_error_get_io_error (error), ==, G_IO_ERROR_NOT_FOUND);
  g_clear_error (&error);

  manager = ramo_session_manager_open (dir, &error);
  g_assert_null (manager);
  g_assert_error (error, RAMO_SESSION_ERROR, RAMO_SESSION_ERROR_IO);
  g_assert_cmpint (ramo_session_error_get_io_error (error), ==, G_IO_ERROR_NOT_REGULAR_FILE);
}

/* A message nested deeper than a json-glib tree of it goes is written, read back and hung into
 * the tree as any other (pi's JSON.parse reads it); its json-glib tree keeps the deepest part as
 * that part's JSON text. */
static void
test_append_deep (void)
{
  g_autoptr(RamoSessionManager) manager = ramo_session_manager_new_in_memory ("/tmp");
  g_autoptr(GString) json = g_string_new ("{\"role\":\"user\",\"content\":");
  g_autoptr(JsonNode) message = NULL;
  g_autoptr(JsonNode) read = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *id = NULL;
  JsonNode *node;
  guint depth = 0;

  for (guint i = 0; i < RAMO_MAX_JSON_DEPTH; i++)
    g_string_append_c (json, '[');
  for (guint i = 0; i < RAMO_MAX_JSON_DEPTH; i++)
    g_string_append_c (json, ']');
  g_string_append_c (json, '}');
  message = json_from_string (json->str, &error);
  if (message == NULL)
    {
      g_test_skip ("json-glib does not parse a message that deep");
      return;
    }

  id = ramo_session_manager_append_message (manager, message, &error);
  g_assert_no_error (error);
  g_assert_nonnull (id);
  g_assert_cmpstr (ramo_session_manager_get_leaf_id (manager), ==, id);
  g_assert_cmpuint (ramo_session_manager_get_issues (manager)->len, ==, 0);

  /* read back: the entry's object, the message, then the arrays down to where the text stands */
  read = ramo_session_manager_read_entry (manager, ramo_session_manager_get_entry (manager, id), &error);
  g_assert_no_error (error);
  node = json_object_get_member (json_object_get_object_member (json_node_get_object (read), "message"), "content");
  while (JSON_NODE_HOLDS_ARRAY (node))
    {
      depth++;
      node = json_array_get_element (json_node_get_array (node), 0);
    }
  /* the entry and the message are two levels: RAMO_MAX_JSON_DEPTH levels in all are trees */
  g_assert_cmpuint (depth, ==, RAMO_MAX_JSON_DEPTH - 2);
  g_assert_true (JSON_NODE_HOLDS_VALUE (node));
  g_assert_cmpstr (json_node_get_string (node), ==, "[[]]");
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/session-loader/load-async", test_load_async);
  g_test_add_func ("/session-loader/load-sync", test_load_sync);
  g_test_add_func ("/session-loader/io-error-code", test_io_error_code);
  g_test_add_func ("/session-loader/append-deep", test_append_deep);

  return g_test_run ();
}

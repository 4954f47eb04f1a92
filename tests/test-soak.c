/* test-soak.c — a window follows a session that pi writes at full speed
 *
 * Copyright 2026 The Ramo authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * pi's own SessionManager (tests/soak-writer.mjs) appends 50,000 entries to a session file as
 * fast as it can — turns of messages with tool calls, a new branch now and then, labels — while
 * a Ramo window has the file open and follows it. When pi is done, the window's tree must be
 * exactly what `ramo-session tree` prints for the final file: every entry, in pi's layout, with
 * the active path, the labels and the leaf.
 */

#include "config.h"

#include <adwaita.h>

#include "ramo-window-private.h"
#include "ramo-test-util.h"

#define N_APPENDS 50000

static const char initial_lines[] =
  "{\"type\":\"session\",\"version\":3,\"id\":\"50a50a50-0000-4000-8000-000000000001\","
  "\"timestamp\":\"2026-11-30T08:00:00.000Z\",\"cwd\":\"/soak\"}\n"
  "{\"type\":\"message\",\"id\":\"00000001\",\"parentId\":null,\"timestamp\":\"2026-11-30T08:00:01.000Z\","
  "\"message\":{\"role\":\"user\",\"content\":\"start\",\"timestamp\":1796025601000}}\n"
  "{\"type\":\"message\",\"id\":\"00000002\",\"parentId\":\"00000001\",\"timestamp\":\"2026-11-30T08:00:02.000Z\","
  "\"message\":{\"role\":\"assistant\",\"content\":[{\"type\":\"text\",\"text\":\"ok\"}],\"api\":\"openai-completions\","
  "\"provider\":\"soak\",\"model\":\"soak-1\",\"usage\":{\"input\":1,\"output\":1,\"cacheRead\":0,\"cacheWrite\":0,"
  "\"totalTokens\":2,\"cost\":{\"input\":0,\"output\":0,\"cacheRead\":0,\"cacheWrite\":0,\"total\":0}},"
  "\"stopReason\":\"stop\",\"timestamp\":1796025602000}}\n";

static void
writer_done_cb (GObject      *object,
                GAsyncResult *result,
                gpointer      user_data)
{
  g_autoptr(GError) error = NULL;

  g_subprocess_wait_check_finish (G_SUBPROCESS (object), result, &error);
  g_assert_no_error (error);
  *(gboolean *) user_data = TRUE;
}

static void
entries_added_cb (RamoSessionManager *manager,
                  guint               position,
                  guint               n_added,
                  gpointer            user_data)
{
  (*(guint *) user_data)++;
}

/* The window's rows in the form of ramo_projection_to_text(), except that both kinds of
 * branch connector read "+─ " (which one a row gets depends only on its place among its
 * siblings, which the depths and the order already say). */
static char *
window_tree_text (RamoWindow *window)
{
  RamoSessionManager *manager = ramo_window_get_manager (window);
  GListModel *model = G_LIST_MODEL (ramo_session_tree_get_model (ramo_window_get_tree (window)));
  RamoProjection *projection = ramo_session_tree_get_projection (ramo_window_get_tree (window));
  guint n_top = g_list_model_get_n_items (ramo_projection_get_roots (projection));
  RamoEntry *leaf = ramo_session_manager_get_leaf (manager);
  GString *out = g_string_new (NULL);
  guint n = g_list_model_get_n_items (model);

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(RamoTreeRow) row = g_list_model_get_item (model, i);
      g_autoptr(RamoProjectionNode) node = ramo_tree_row_get_item (row);
      guint depth = ramo_tree_row_get_depth (row);
      const char *label = ramo_projection_node_get_label (node);

      g_string_append (out, ramo_projection_node_get_on_active_path (node) ? "* " : "  ");
      for (guint d = 0; d < depth; d++)
        g_string_append (out, "  ");
      if (ramo_projection_node_get_is_branch_start (node) && (depth > 0 || n_top > 1))
        g_string_append (out, "+─ ");
      g_string_append (out, ramo_projection_node_get_text (node));
      if (label)
        g_string_append_printf (out, " [%s]", label);
      if (ramo_projection_node_get_entry (node) == leaf)
        g_string_append (out, "  ← leaf");
      g_string_append_c (out, '\n');
    }
  g_string_append_printf (out, "(%u of %u entries, filter default)\n",
                          ramo_projection_get_n_visible (projection),
                          ramo_session_manager_get_n_entries (manager));
  return g_string_free (out, FALSE);
}

static char *
cli_tree_text (const char *path)
{
  const char *exe = g_getenv ("RAMO_SESSION_EXE");
  const char *argv[] = { exe, "tree", path, NULL };
  g_autoptr(GError) error = NULL;
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autoptr(GRegex) connectors = NULL;
  int status = 0;

  g_assert_nonnull (exe);
  g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, &out, &err, &status, &error);
  g_assert_no_error (error);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  connectors = g_regex_new ("(├─ |└─ )", 0, 0, &error);
  g_assert_no_error (error);
  return g_regex_replace_literal (connectors, out, -1, 0, "+─ ", 0, &error);
}

static void
test_soak (void)
{
  const char *node = g_getenv ("RAMO_NODE");
  g_autofree char *writer = g_build_filename (g_getenv ("RAMO_SOURCE_DIR"), "tests", "soak-writer.mjs", NULL);
  g_autofree char *path = ramo_test_write_file ("soak.jsonl", initial_lines, -1);
  g_autofree char *count = g_strdup_printf ("%d", N_APPENDS);
  g_autofree char *window_text = NULL;
  g_autofree char *cli_text = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GSubprocess) process = NULL;
  RamoWindow *window;
  RamoSessionManager *manager;
  gboolean written = FALSE;
  guint n_refreshes = 0;
  guint n_refreshes_while_writing;
  gint64 start, deadline;

  g_assert_nonnull (node);

  window = g_object_ref (ramo_window_new (NULL));
  gtk_window_set_default_size (GTK_WINDOW (window), 1000, 700);
  g_assert_true (ramo_window_open_file (window, file, &error));
  g_assert_no_error (error);
  gtk_window_present (GTK_WINDOW (window));
  manager = ramo_window_get_manager (window);
  g_signal_connect (manager, "entries-added", G_CALLBACK (entries_added_cb), &n_refreshes);

  /* let the window show the three entries first */
  deadline = g_get_monotonic_time () + 2 * G_USEC_PER_SEC;
  while (g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, FALSE);
  g_assert_cmpuint (ramo_session_manager_get_n_entries (manager), ==, 2);

  start = g_get_monotonic_time ();
  process = g_subprocess_new (G_SUBPROCESS_FLAGS_NONE, &error, node, writer, path, count, NULL);
  g_assert_no_error (error);
  g_subprocess_wait_check_async (process, NULL, writer_done_cb, &written);
  while (!written)
    g_main_context_iteration (NULL, TRUE);
  n_refreshes_while_writing = n_refreshes;
  g_test_message ("pi wrote %d entries in %.1f s; the window took in new lines %u times meanwhile",
                  N_APPENDS, (g_get_monotonic_time () - start) / 1e6, n_refreshes_while_writing);

  /* the window catches up with what is left (a change notice arrives within a second) */
  deadline = g_get_monotonic_time () + 120 * G_USEC_PER_SEC;
  while (ramo_session_manager_get_n_entries (manager) < 2 + N_APPENDS)
    {
      g_assert_cmpint (g_get_monotonic_time (), <, deadline);
      g_main_context_iteration (NULL, TRUE);
    }
  /* and lays it out */
  for (guint i = 0; i < 1000 && g_main_context_pending (NULL); i++)
    g_main_context_iteration (NULL, FALSE);
  g_test_message ("the window had all of it %.1f s after pi started", (g_get_monotonic_time () - start) / 1e6);

  /* it followed the file while pi was writing, not only at the end */
  g_assert_cmpuint (n_refreshes_while_writing, >=, 2);
  g_assert_cmpuint (ramo_session_manager_get_n_entries (manager), ==, 2 + N_APPENDS);
  g_assert_false (ramo_session_manager_is_read_only (manager));

  window_text = window_tree_text (window);
  cli_text = cli_tree_text (path);
  g_assert_cmpuint (strlen (cli_text), >, 100000);
  g_assert_cmpstr (window_text, ==, cli_text);

  g_signal_handlers_disconnect_by_func (manager, entries_added_cb, &n_refreshes);
  gtk_window_destroy (GTK_WINDOW (window));
  g_object_unref (window);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  if (!gtk_init_check ())
    {
      g_printerr ("no display: skipping the soak test\n");
      return 77;
    }
  adw_init ();

  g_test_add_func ("/ui/soak/50000-appends", test_soak);

  return g_test_run ();
}

/* test-window-hostile.c — hostile files in the window: nothing lost, nothing aborts
 *
 * Issue 19's cases as a window meets them (the command line's are in test-cli-hostile.py, the
 * core's in test-bad-input.c and test-atomic.c):
 * - a label set in a window on a version-2 file opened through a symbolic link: the link's
 *   target is migrated and labelled, the link stays a link;
 * - 10 GiB of zeros (a sparse file) opened in a second window: that window says it cannot
 *   open it, and the first window, its session and its rows are as they were;
 * - bodies nested 100,000 levels deep (tests/compat/gen-deep.py): every entry is in one tree.
 *
 * Copyright 2026 The Ramo authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <fcntl.h>
#include <unistd.h>
#include <sys/stat.h>

#include <adwaita.h>

#include "ramo-session-tree.h"
#include "ramo-window.h"
#include "test-window-util.h"

static const char v2_session[] =
  "{\"type\":\"session\",\"version\":2,\"id\":\"h0000000-0000-4000-8000-000000000009\",\"timestamp\":\"2026-01-05T10:00:00.000Z\",\"cwd\":\"/tmp\"}\n"
  "{\"type\":\"message\",\"id\":\"a0000001\",\"parentId\":null,\"timestamp\":\"2026-01-05T10:00:01.000Z\",\"message\":{\"role\":\"user\",\"content\":\"hello\",\"timestamp\":1}}\n"
  "{\"type\":\"message\",\"id\":\"a0000002\",\"parentId\":\"a0000001\",\"timestamp\":\"2026-01-05T10:00:02.000Z\",\"message\":{\"role\":\"assistant\",\"content\":[{\"type\":\"text\",\"text\":\"hi\"}],\"timestamp\":2}}\n";

static void
test_label_through_link (void)
{
  g_autofree char *tmp = ramo_test_tmpdir ();
  g_autofree char *dir = g_build_filename (tmp, "real", NULL);
  g_autofree char *target = g_build_filename (dir, "session.jsonl", NULL);
  g_autofree char *link = g_build_filename (tmp, "link.jsonl", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(RamoSessionManager) reread = NULL;
  RamoWindow *window;
  struct stat st;

  g_assert_cmpint (g_mkdir_with_parents (dir, 0700), ==, 0);
  g_assert_true (g_file_set_contents (target, v2_session, -1, &error));
  g_assert_cmpint (symlink ("real/session.jsonl", link), ==, 0);

  window = window_test_open (link);
  g_assert_true (ramo_window_set_label (window, "a0000001", "through the link", &error));
  g_assert_no_error (error);
  window_test_settle (100);

  g_assert_cmpint (lstat (link, &st), ==, 0);
  g_assert_true (S_ISLNK (st.st_mode));
  reread = ramo_session_manager_open (target, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (ramo_session_manager_get_file_version (reread), ==, 3);
  g_assert_cmpstr (ramo_session_manager_get_label (reread, "a0000001"), ==, "through the link");

  gtk_window_destroy (GTK_WINDOW (window));
  window_test_settle (20);
}

static void
test_sparse_in_second_window (void)
{
  g_autofree char *example = g_build_filename (g_getenv ("RAMO_SOURCE_DIR"), "data", "examples", "example.jsonl", NULL);
  g_autofree char *tmp = ramo_test_tmpdir ();
  g_autofree char *sparse = g_build_filename (tmp, "zeros.jsonl", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (sparse);
  g_autoptr(GError) error = NULL;
  RamoWindow *first, *second;
  RamoSessionManager *manager;
  guint n_visible;
  int fd;

  fd = open (sparse, O_CREAT | O_WRONLY | O_TRUNC, 0600);
  g_assert_cmpint (fd, >=, 0);
  g_assert_cmpint (ftruncate (fd, (off_t) 10 * 1024 * 1024 * 1024), ==, 0);
  close (fd);

  first = window_test_open (example);
  manager = ramo_window_get_manager (first);
  g_assert_nonnull (manager);
  n_visible = ramo_projection_get_n_visible (ramo_session_tree_get_projection (ramo_window_get_tree (first)));
  g_assert_cmpuint (n_visible, >, 0);

  second = ramo_window_new (NULL);
  gtk_window_present (GTK_WINDOW (second));
  g_assert_false (ramo_window_open_file (second, file, &error));
  g_assert_error (error, RAMO_SESSION_ERROR, RAMO_SESSION_ERROR_INVALID_FILE);
  g_assert_null (ramo_window_get_manager (second));

  /* the first window goes on as it was */
  g_assert_true (ramo_window_get_manager (first) == manager);
  g_assert_cmpuint (ramo_projection_get_n_visible (ramo_session_tree_get_projection (ramo_window_get_tree (first))), ==, n_visible);
  g_assert_nonnull (window_test_wait_for_row (ramo_window_get_tree (first), ramo_session_manager_get_leaf_id (manager)));

  gtk_window_destroy (GTK_WINDOW (second));
  gtk_window_destroy (GTK_WINDOW (first));
  window_test_settle (20);
}

static void
test_deep_bodies (void)
{
  g_autofree char *tmp = ramo_test_tmpdir ();
  g_autofree char *path = g_build_filename (tmp, "deep.jsonl", NULL);
  g_autofree char *script = g_build_filename (g_getenv ("RAMO_SOURCE_DIR"), "tests", "compat", "gen-deep.py", NULL);
  const char *argv[] = { "python3", script, path, NULL };
  g_autoptr(GError) error = NULL;
  RamoWindow *window;
  RamoSessionManager *manager;
  int status = -1;

  g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH | G_SPAWN_STDOUT_TO_DEV_NULL,
                               NULL, NULL, NULL, NULL, &status, &error));
  g_assert_no_error (error);
  g_assert_true (g_spawn_check_wait_status (status, NULL));

  window = window_test_open (path);
  manager = ramo_window_get_manager (window);
  g_assert_nonnull (manager);
  /* every entry, all in one tree: none of them orphaned by a line read too deep */
  g_assert_cmpuint (ramo_session_manager_get_n_entries (manager), ==, 6);
  g_assert_cmpuint (ramo_session_manager_get_roots (manager)->len, ==, 1);
  g_assert_null (ramo_window_get_issues_text (window));
  g_assert_nonnull (window_test_wait_for_row (ramo_window_get_tree (window), ramo_session_manager_get_leaf_id (manager)));

  gtk_window_destroy (GTK_WINDOW (window));
  window_test_settle (20);
}

int
main (int   argc,
      char *argv[])
{
  if (!window_test_init (&argc, &argv))
    return 77;
  g_test_add_func ("/ui/hostile/label-through-link", test_label_through_link);
  g_test_add_func ("/ui/hostile/sparse-in-second-window", test_sparse_in_second_window);
  g_test_add_func ("/ui/hostile/deep-bodies", test_deep_bodies);
  return g_test_run ();
}

/* test-live.c — sessions another program appends to while Ramo has them open
 *
 * Copyright 2026 The Ramo authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include "ramo-projection.h"
#include "ramo-session-manager.h"
#include "ramo-test-util.h"

#define HEADER "{\"type\":\"session\",\"version\":3,\"id\":\"s-1\",\"timestamp\":\"2026-01-01T00:00:00.000Z\",\"cwd\":\"/w\"}\n"
#define MSG(id, parent, text) \
  "{\"type\":\"message\",\"id\":\"" id "\",\"parentId\":" parent ",\"timestamp\":\"2026-01-01T00:00:01.000Z\"," \
  "\"message\":{\"role\":\"user\",\"content\":\"" text "\"}}\n"

static void
append_raw (const char *path,
            const char *text)
{
  int fd = open (path, O_WRONLY | O_APPEND);

  g_assert_cmpint (fd, >=, 0);
  g_assert_cmpint (write (fd, text, strlen (text)), ==, (gssize) strlen (text));
  close (fd);
}

static void
count_cb (RamoSessionManager *manager,
          guint               position,
          guint               n,
          guint              *calls)
{
  (*calls)++;
}

static void
test_follow_appends (void)
{
  g_autofree char *path = ramo_test_write_file ("live.jsonl", HEADER MSG ("a", "null", "one"), -1);
  g_autoptr(GError) error = NULL;
  g_autoptr(RamoSessionManager) manager = ramo_session_manager_open (path, &error);
  g_autoptr(RamoProjection) projection = ramo_projection_new (manager);
  g_autofree char *label = NULL;
  guint signals = 0;

  g_assert_no_error (error);
  g_signal_connect (manager, "entries-added", G_CALLBACK (count_cb), &signals);

  /* nothing new */
  g_assert_cmpint (ramo_session_manager_refresh (manager, &error), ==, 0);

  append_raw (path, MSG ("b", "\"a\"", "two") MSG ("c", "\"b\"", "three"));
  g_assert_cmpint (ramo_session_manager_refresh (manager, &error), ==, 2);
  g_assert_no_error (error);
  g_assert_cmpuint (signals, ==, 1);
  g_assert_cmpstr (ramo_session_manager_get_leaf_id (manager), ==, "c");
  g_assert_cmpuint (ramo_projection_get_n_visible (projection), ==, 3);
  g_assert_cmpuint (ramo_session_manager_get_entry (manager, "c")->depth, ==, 2);
  g_assert_cmpuint (ramo_session_manager_get_entry (manager, "c")->line, ==, 4);

  /* a line still being written waits for its newline */
  append_raw (path, "{\"type\":\"message\",\"id\":\"d\",\"parentId\":\"c\",\"timest");
  g_assert_cmpint (ramo_session_manager_refresh (manager, &error), ==, 0);
  g_assert_null (ramo_session_manager_get_entry (manager, "d"));
  append_raw (path, "amp\":\"2026-01-01T00:00:02.000Z\",\"message\":{\"role\":\"user\",\"content\":\"four\"}}\n");
  g_assert_cmpint (ramo_session_manager_refresh (manager, &error), ==, 1);
  g_assert_cmpstr (ramo_session_manager_get_leaf_id (manager), ==, "d");
  g_assert_cmpuint (ramo_session_manager_get_entry (manager, "d")->line, ==, 5);

  /* the user moved the leaf: new lines do not take it away */
  g_assert_true (ramo_session_manager_branch (manager, "a", &error));
  append_raw (path, MSG ("e", "\"d\"", "five"));
  g_assert_cmpint (ramo_session_manager_refresh (manager, &error), ==, 1);
  g_assert_cmpstr (ramo_session_manager_get_leaf_id (manager), ==, "a");

  /* Ramo's own write after more lines from pi reads them first and then appends, under the
   * leaf the user chose */
  append_raw (path, MSG ("f", "\"e\"", "six"));
  label = ramo_session_manager_append_label_change (manager, "b", "mine", &error);
  g_assert_no_error (error);
  g_assert_nonnull (ramo_session_manager_get_entry (manager, "f"));
  g_assert_cmpstr (ramo_session_manager_get_entry (manager, label)->parent_id, ==, "a");
  g_assert_cmpstr (ramo_session_manager_get_label (manager, "b"), ==, "mine");
  {
    g_autofree char *text = ramo_test_read_file (path, NULL);
    g_assert_cmpuint (ramo_test_count_lines (text), ==, 8);
  }
}

static void
test_replaced (void)
{
  g_autofree char *path = ramo_test_write_file ("live.jsonl", HEADER MSG ("a", "null", "one") MSG ("b", "\"a\"", "two"), -1);
  g_autoptr(GError) error = NULL;
  g_autoptr(RamoSessionManager) manager = ramo_session_manager_open (path, &error);

  g_assert_no_error (error);
  g_assert_cmpint (truncate (path, strlen (HEADER)), ==, 0);
  g_assert_cmpint (ramo_session_manager_refresh (manager, &error), ==, -1);
  g_assert_error (error, RAMO_SESSION_ERROR, RAMO_SESSION_ERROR_CHANGED);
  g_clear_error (&error);
  g_assert_null (ramo_session_manager_append_label_change (manager, "a", "x", &error));
  g_assert_error (error, RAMO_SESSION_ERROR, RAMO_SESSION_ERROR_CHANGED);
  /* what was read stays */
  g_assert_cmpuint (ramo_session_manager_get_n_entries (manager), ==, 2);
}

static int
write_entries (const char *path,
               guint       n)
{
  g_autoptr(RamoSessionManager) manager = ramo_session_manager_open (path, NULL);
  g_autoptr(JsonNode) message = json_from_string ("{\"role\":\"user\",\"content\":\"from a writer\"}", NULL);

  if (manager == NULL)
    return 2;
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *id = ramo_session_manager_append_message (manager, message, NULL);

      if (id == NULL)
        return 3;
    }
  return 0;
}

static void
test_two_writers (void)
{
  g_autofree char *path = ramo_test_write_file ("race.jsonl", HEADER MSG ("root", "null", "start"), -1);
  g_autoptr(GError) error = NULL;
  g_autoptr(RamoSessionManager) result = NULL;
  g_autofree char *text = NULL;
  g_auto(GStrv) lines = NULL;
  g_autoptr(GHashTable) ids = NULL;
  const guint per_writer = g_getenv ("RAMO_UNDER_VALGRIND") ? 200 : 2000;
  pid_t children[2];

  for (guint w = 0; w < 2; w++)
    {
      children[w] = fork ();
      g_assert_cmpint (children[w], >=, 0);
      if (children[w] == 0)
        _exit (write_entries (path, per_writer));
    }

  for (guint w = 0; w < 2; w++)
    {
      int status = 0;

      g_assert_cmpint (waitpid (children[w], &status, 0), ==, children[w]);
      g_assert_true (WIFEXITED (status));
      g_assert_cmpint (WEXITSTATUS (status), ==, 0);
    }

  /* every line is whole and parses; no id twice; everything hangs off the root */
  ids = g_hash_table_new (g_str_hash, g_str_equal);
  result = ramo_session_manager_open (path, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (ramo_session_manager_get_issues (result)->len, ==, 0);
  g_assert_cmpuint (ramo_session_manager_get_n_entries (result), ==, 1 + 2 * per_writer);
  g_assert_cmpuint (ramo_session_manager_get_roots (result)->len, ==, 1);
  text = ramo_test_read_file (path, NULL);
  lines = g_strsplit (text, "\n", -1);
  g_assert_cmpuint (g_strv_length (lines), ==, 2 + 2 * per_writer + 1);
  for (guint i = 0; i < ramo_session_manager_get_n_entries (result); i++)
    g_assert_true (g_hash_table_add (ids, (char *) ramo_session_manager_get_entry_at (result, i)->id));
}

/* A cycle formed by appended lines is reported once, however often lines come after it. */
static void
test_cycle_reported_once (void)
{
  g_autofree char *path = ramo_test_write_file ("cycle.jsonl", HEADER MSG ("a", "\"c\"", "one") MSG ("b", "\"a\"", "two"), -1);
  g_autoptr(GError) error = NULL;
  g_autoptr(RamoSessionManager) manager = ramo_session_manager_open (path, &error);
  GPtrArray *issues;
  guint n_cycle = 0;

  g_assert_no_error (error);
  append_raw (path, MSG ("c", "\"b\"", "three"));
  g_assert_cmpint (ramo_session_manager_refresh (manager, &error), ==, 1);
  append_raw (path, MSG ("d", "\"c\"", "four"));
  g_assert_cmpint (ramo_session_manager_refresh (manager, &error), ==, 1);
  append_raw (path, MSG ("e", "\"d\"", "five"));
  g_assert_cmpint (ramo_session_manager_refresh (manager, &error), ==, 1);
  g_assert_no_error (error);

  issues = ramo_session_manager_get_issues (manager);
  for (guint i = 0; i < issues->len; i++)
    {
      RamoLoadIssue *issue = g_ptr_array_index (issues, i);

      if (strstr (issue->message, "closes a cycle"))
        {
          n_cycle++;
          g_assert_cmpuint (issue->line, ==, 2);   /* the first entry of the cycle in the file */
        }
    }
  g_assert_cmpuint (n_cycle, ==, 1);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/Core/Live/follow-appends", test_follow_appends);
  g_test_add_func ("/Core/Live/replaced", test_replaced);
  g_test_add_func ("/Core/Live/two-writers", test_two_writers);
  g_test_add_func ("/Core/Live/cycle-reported-once", test_cycle_reported_once);
  return g_test_run ();
}

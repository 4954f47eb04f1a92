/* test-atomic.c — a migration rewrite or a branched file, killed at any moment, leaves either
 * the old file or the new one whole
 *
 * Copyright 2026 The Ramo authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include "ramo-session-manager.h"
#include "ramo-session-manager-private.h"
#include "ramo-test-util.h"

/* Under valgrind everything is twenty times slower: a smaller file keeps the run short. */
static guint
n_lines (void)
{
  return g_getenv ("RAMO_UNDER_VALGRIND") ? 2000 : 20000;
}

/* A version 1 file large enough that rewriting it takes a while. */
static char *
make_v1_text (void)
{
  GString *text = g_string_new ("{\"type\":\"session\",\"id\":\"v1-atomic\",\"timestamp\":\"2025-01-01T00:00:00.000Z\",\"cwd\":\"/p\"}\n");

  for (guint i = 0; i < n_lines (); i++)
    g_string_append_printf (text, "{\"type\":\"message\",\"timestamp\":\"2025-01-01T00:00:01.000Z\",\"message\":"
                            "{\"role\":\"%s\",\"content\":\"message %u with some words to make it longer\"}}\n",
                            i % 2 ? "assistant" : "user", i);
  return g_string_free (text, FALSE);
}

static void
run_killed (const char *path,
            gboolean    branch,
            guint       delay_us)
{
  pid_t child = fork ();
  int status;

  g_assert_cmpint (child, >=, 0);
  if (child == 0)
    {
      RamoSessionManager *manager = ramo_session_manager_open (path, NULL);

      if (manager == NULL)
        _exit (2);
      if (branch)
        {
          RamoEntry *last = ramo_session_manager_get_entry_at (manager, ramo_session_manager_get_n_entries (manager) - 1);
          ramo_session_manager_create_branched_session (manager, last->id, NULL, NULL);
        }
      else
        ramo_session_manager_migrate (manager, NULL);
      _exit (0);
    }
  g_usleep (delay_us);
  kill (child, SIGKILL);
  g_assert_cmpint (waitpid (child, &status, 0), ==, child);
}

static void
test_migration_killed (void)
{
  g_autofree char *v1 = make_v1_text ();
  g_autofree char *path = ramo_test_write_file ("old.jsonl", v1, -1);
  g_autofree char *migrated = NULL;
  guint saw_old = 0, saw_new = 0;
  gint64 start, duration;

  /* the new file, as an uninterrupted migration writes it (v1 ids are derived, so it is
   * the same every time); the kills below are spread over the time it takes */
  start = g_get_monotonic_time ();
  {
    g_autoptr(RamoSessionManager) manager = ramo_session_manager_open (path, NULL);
    g_autoptr(GError) error = NULL;

    g_assert_true (ramo_session_manager_migrate (manager, &error));
    g_assert_no_error (error);
    migrated = ramo_test_read_file (path, NULL);
    g_assert_cmpstr (migrated, !=, v1);
  }
  duration = g_get_monotonic_time () - start;

  for (guint step = 0; step < 40; step++)
    {
      g_autofree char *now = NULL;

      g_file_set_contents (path, v1, -1, NULL);
      run_killed (path, FALSE, step * duration / 20);
      now = ramo_test_read_file (path, NULL);
      if (strcmp (now, v1) == 0)
        saw_old++;
      else if (strcmp (now, migrated) == 0)
        saw_new++;
      else
        g_error ("killed after %" G_GINT64_FORMAT " µs, the file is neither the old nor the new one",
                 step * duration / 20);
    }
  g_test_message ("old file %u times, new file %u times", saw_old, saw_new);
  g_assert_cmpuint (saw_old + saw_new, ==, 40);
  /* the kills fell both before and after the rename */
  g_assert_cmpuint (saw_old, >, 0);
  g_assert_cmpuint (saw_new, >, 0);
}

static void
test_branch_killed (void)
{
  g_autofree char *v1 = make_v1_text ();
  g_autofree char *path = ramo_test_write_file ("source.jsonl", v1, -1);
  g_autofree char *dir = g_path_get_dirname (path);

  for (guint step = 0; step < 30; step++)
    {
      g_autoptr(GDir) listing = NULL;
      const char *name;

      run_killed (path, TRUE, step * 3000);

      /* the source is untouched; every finished session file is whole and loads */
      {
        g_autofree char *now = ramo_test_read_file (path, NULL);
        g_assert_cmpstr (now, ==, v1);
      }
      listing = g_dir_open (dir, 0, NULL);
      while ((name = g_dir_read_name (listing)))
        {
          g_autofree char *file = g_build_filename (dir, name, NULL);

          if (!g_str_has_suffix (name, ".jsonl") || strcmp (name, "source.jsonl") == 0)
            continue;
          {
            g_autoptr(GError) error = NULL;
            g_autoptr(RamoSessionManager) branched = ramo_session_manager_open (file, &error);

            g_assert_no_error (error);
            g_assert_cmpuint (ramo_session_manager_get_n_entries (branched), ==, n_lines ());
            g_assert_cmpuint (ramo_session_manager_get_issues (branched)->len, ==, 0);
          }
          g_unlink (file);
        }
    }
}

/* pi appends with appendFileSync() and takes no lock: lines it adds to the old file between the
 * migration's last check and its rename() must reach the new file. */
#define V2_HEADER "{\"type\":\"session\",\"version\":2,\"id\":\"s-race\",\"timestamp\":\"2026-01-01T00:00:00.000Z\",\"cwd\":\"/w\"}\n"
#define V2_MSG(id, parent, text) \
  "{\"type\":\"message\",\"id\":\"" id "\",\"parentId\":" parent ",\"timestamp\":\"2026-01-01T00:00:01.000Z\"," \
  "\"message\":{\"role\":\"user\",\"content\":\"" text "\"}}\n"

static const char *race_bytes;

static void
append_by_path (const char *path)
{
  int fd = g_open (path, O_WRONLY | O_APPEND, 0);

  g_assert_cmpint (fd, >=, 0);
  g_assert_cmpint (write (fd, race_bytes, strlen (race_bytes)), ==, (gssize) strlen (race_bytes));
  close (fd);
}

static void
check_migration_race (const char *file,
                      const char *appended,
                      const char *expected_tail,
                      const char *new_id)
{
  g_autofree char *path = ramo_test_write_file ("race.jsonl", file, -1);
  g_autoptr(GError) error = NULL;
  g_autoptr(RamoSessionManager) manager = ramo_session_manager_open (path, &error);
  g_autofree char *contents = NULL;
  g_autofree char *label = NULL;

  g_assert_no_error (error);
  race_bytes = appended;
  _ramo_session_manager_before_rename_hook = append_by_path;
  g_assert_true (ramo_session_manager_migrate (manager, &error));
  _ramo_session_manager_before_rename_hook = NULL;
  g_assert_no_error (error);

  contents = ramo_test_read_file (path, NULL);
  g_assert_true (g_str_has_prefix (contents, "{\"type\":\"session\",\"version\":3,"));
  g_assert_true (g_str_has_suffix (contents, expected_tail));

  /* the carried line is read as one another program appended, and writing goes on after it */
  label = ramo_session_manager_append_label_change (manager, "a", "kept", &error);
  g_assert_no_error (error);
  g_assert_nonnull (ramo_session_manager_get_entry (manager, new_id));
  g_assert_cmpstr (ramo_session_manager_get_entry (manager, label)->parent_id, ==, new_id);
}

static void
test_migration_race (void)
{
  /* a whole line */
  check_migration_race (V2_HEADER V2_MSG ("a", "null", "hi"),
                        V2_MSG ("z", "\"a\"", "from pi while migrating"),
                        V2_MSG ("a", "null", "hi") V2_MSG ("z", "\"a\"", "from pi while migrating"),
                        "z");
  /* the end of a last line that was cut short, then a whole line */
  check_migration_race (V2_HEADER V2_MSG ("a", "null", "hi") "{\"type\":\"message\",\"id\":\"y\",",
                        "\"parentId\":\"a\",\"timestamp\":\"2026-01-01T00:00:01.000Z\","
                        "\"message\":{\"role\":\"user\",\"content\":\"finished\"}}\n"
                        V2_MSG ("z", "\"y\"", "and one more"),
                        "{\"type\":\"message\",\"id\":\"y\",\"parentId\":\"a\",\"timestamp\":\"2026-01-01T00:00:01.000Z\","
                        "\"message\":{\"role\":\"user\",\"content\":\"finished\"}}\n"
                        V2_MSG ("z", "\"y\"", "and one more"),
                        "z");
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/Core/Atomic/migration-killed", test_migration_killed);
  g_test_add_func ("/Core/Atomic/branch-killed", test_branch_killed);
  g_test_add_func ("/Core/Atomic/migration-race", test_migration_race);
  return g_test_run ();
}

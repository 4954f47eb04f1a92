/* test-atomic.c — a migration rewrite or a branched file, killed at any moment, leaves either
 * the old file or the new one whole
 *
 * Copyright 2026 The Ramo authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <glib/gstdio.h>

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


/* A version-2 session: its first write migrates it to version 3 (an atomic replace). */
static const char v2_text[] =
  "{\"type\":\"session\",\"version\":2,\"id\":\"v2-link\",\"timestamp\":\"2025-01-01T00:00:00.000Z\",\"cwd\":\"/p\"}\n"
  "{\"type\":\"message\",\"id\":\"m1\",\"parentId\":null,\"timestamp\":\"2025-01-01T00:00:01.000Z\",\"message\":{\"role\":\"user\",\"content\":\"hi\"}}\n";

/* A label on a version-2 file reached through a symbolic link: the migration and the label
 * land in the link's target, and the link stays a link. */
static void
test_symlink_target (void)
{
  g_autofree char *dir = ramo_test_tmpdir ();
  g_autofree char *real_dir = g_build_filename (dir, "real", NULL);
  g_autofree char *target = g_build_filename (real_dir, "session.jsonl", NULL);
  g_autofree char *link = g_build_filename (dir, "link.jsonl", NULL);
  g_autofree char *link2 = g_build_filename (dir, "link-of-link.jsonl", NULL);
  g_autofree char *contents = NULL;
  g_autoptr(RamoSessionManager) manager = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *id = NULL;
  struct stat st;

  g_assert_cmpint (g_mkdir_with_parents (real_dir, 0700), ==, 0);
  g_assert_true (g_file_set_contents (target, v2_text, -1, NULL));
  g_assert_cmpint (chmod (target, 0640), ==, 0);
  g_assert_cmpint (symlink ("real/session.jsonl", link), ==, 0);
  g_assert_cmpint (symlink (link, link2), ==, 0);

  manager = ramo_session_manager_open (link2, &error);
  g_assert_no_error (error);
  id = ramo_session_manager_append_label_change (manager, "m1", "through a link", &error);
  g_assert_no_error (error);
  g_assert_nonnull (id);

  g_assert_cmpint (lstat (link, &st), ==, 0);
  g_assert_true (S_ISLNK (st.st_mode));
  g_assert_cmpint (lstat (link2, &st), ==, 0);
  g_assert_true (S_ISLNK (st.st_mode));
  g_assert_cmpint (lstat (target, &st), ==, 0);
  g_assert_true (S_ISREG (st.st_mode));
  g_assert_cmpint (st.st_mode & 07777, ==, 0640);
  g_assert_true (g_file_get_contents (target, &contents, NULL, NULL));
  g_assert_nonnull (strstr (contents, "\"version\":3"));
  g_assert_nonnull (strstr (contents, "\"label\":\"through a link\""));
  /* no temporary file left beside it */
  {
    g_autoptr(GDir) d = g_dir_open (real_dir, 0, NULL);
    guint n = 0;

    while (g_dir_read_name (d))
      n++;
    g_assert_cmpuint (n, ==, 1);
  }
}

/* A label refused on a version-2 file the user cannot write (in a folder the user owns, where
 * the migration's rename would succeed): nothing is rewritten, the owner, group and mode stay.
 * As root, the child writes as nobody; otherwise the file is made read-only. */
static void
test_refused_write_changes_nothing (void)
{
  g_autofree char *dir = ramo_test_tmpdir ();
  g_autofree char *folder = g_build_filename (dir, "theirs", NULL);
  g_autofree char *path = g_build_filename (folder, "session.jsonl", NULL);
  g_autofree char *after = NULL;
  struct stat before, now;
  gboolean as_root = geteuid () == 0;
  pid_t child;
  int status;

  g_assert_cmpint (g_mkdir_with_parents (folder, 0755), ==, 0);
  g_assert_true (g_file_set_contents (path, v2_text, -1, NULL));
  g_assert_cmpint (chmod (path, as_root ? 0644 : 0444), ==, 0);
  if (as_root)
    {
      /* the folder is nobody's, the file root's */
      g_assert_cmpint (chown (folder, 65534, 65534), ==, 0);
      g_assert_cmpint (chmod (dir, 0755), ==, 0);
    }
  g_assert_cmpint (stat (path, &before), ==, 0);

  child = fork ();
  g_assert_cmpint (child, >=, 0);
  if (child == 0)
    {
      RamoSessionManager *manager;
      GError *error = NULL;
      char *id;

      if (as_root && (setgid (65534) != 0 || setuid (65534) != 0))
        _exit (3);
      manager = ramo_session_manager_open (path, &error);
      if (manager == NULL)
        _exit (4);
      id = ramo_session_manager_append_label_change (manager, "m1", "refused", &error);
      status = id == NULL && error != NULL && strstr (error->message, "unchanged") != NULL ? 0 : 5;
      /* nothing left behind, the parent's strings too (valgrind reads the child's leaks) */
      g_free (id);
      g_clear_error (&error);
      g_object_unref (manager);
      g_clear_pointer (&dir, g_free);
      g_clear_pointer (&folder, g_free);
      g_clear_pointer (&path, g_free);
      _exit (status);
    }
  g_assert_cmpint (waitpid (child, &status, 0), ==, child);
  g_assert_true (WIFEXITED (status));
  g_assert_cmpint (WEXITSTATUS (status), ==, 0);

  g_assert_true (g_file_get_contents (path, &after, NULL, NULL));
  g_assert_cmpstr (after, ==, v2_text);
  g_assert_cmpint (stat (path, &now), ==, 0);
  g_assert_cmpuint (now.st_ino, ==, before.st_ino);
  g_assert_cmpuint (now.st_uid, ==, before.st_uid);
  g_assert_cmpuint (now.st_gid, ==, before.st_gid);
  g_assert_cmpuint (now.st_mode, ==, before.st_mode);
  g_assert_cmpint (chmod (path, 0644), ==, 0);
}

/* A group-writable version-2 file of another group: the migration keeps its group and mode. */
static void
test_replace_keeps_group_and_mode (void)
{
  g_autofree char *dir = ramo_test_tmpdir ();
  g_autofree char *path = g_build_filename (dir, "group.jsonl", NULL);
  g_autoptr(RamoSessionManager) manager = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *id = NULL;
  struct stat st;
  gid_t group = geteuid () == 0 ? 65534 : getegid ();

  g_assert_true (g_file_set_contents (path, v2_text, -1, NULL));
  g_assert_cmpint (chmod (path, 0660), ==, 0);
  if (geteuid () == 0)
    g_assert_cmpint (chown (path, 0, group), ==, 0);

  manager = ramo_session_manager_open (path, &error);
  g_assert_no_error (error);
  id = ramo_session_manager_append_label_change (manager, "m1", "kept", &error);
  g_assert_no_error (error);
  g_assert_cmpint (stat (path, &st), ==, 0);
  g_assert_cmpuint (st.st_gid, ==, group);
  g_assert_cmpint (st.st_mode & 07777, ==, 0660);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/Core/Atomic/migration-killed", test_migration_killed);
  g_test_add_func ("/Core/Atomic/branch-killed", test_branch_killed);
  g_test_add_func ("/Core/Atomic/migration-race", test_migration_race);
  g_test_add_func ("/Core/Atomic/symlink-target", test_symlink_target);
  g_test_add_func ("/Core/Atomic/refused-write-changes-nothing", test_refused_write_changes_nothing);
  g_test_add_func ("/Core/Atomic/replace-keeps-group-and-mode", test_replace_keeps_group_and_mode);
  return g_test_run ();
}

/* ramo-test-util.h — small helpers shared by Ramo's tests
 *
 * Copyright 2026 The Ramo authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <glib.h>
#include <glib/gstdio.h>

/* Folders made by ramo_test_tmpdir(), removed when the test program exits normally. */
static GPtrArray *ramo_test_dirs;
static pid_t ramo_test_pid;

static inline void
ramo_test_remove_dirs (void)
{
  /* not in forked children: the folders are the parent's */
  if (ramo_test_dirs == NULL || getpid () != ramo_test_pid)
    return;
  for (guint i = 0; i < ramo_test_dirs->len; i++)
    {
      const char *argv[] = { "rm", "-rf", g_ptr_array_index (ramo_test_dirs, i), NULL };
      g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH | G_SPAWN_STDOUT_TO_DEV_NULL |
                    G_SPAWN_STDERR_TO_DEV_NULL, NULL, NULL, NULL, NULL, NULL, NULL);
    }
  g_ptr_array_unref (ramo_test_dirs);
  ramo_test_dirs = NULL;
}

static inline char *
ramo_test_tmpdir (void)
{
  g_autoptr(GError) error = NULL;
  char *dir = g_dir_make_tmp ("ramo-test-XXXXXX", &error);

  g_assert_no_error (error);
  if (ramo_test_dirs == NULL)
    {
      ramo_test_dirs = g_ptr_array_new_with_free_func (g_free);
      ramo_test_pid = getpid ();
      atexit (ramo_test_remove_dirs);
    }
  g_ptr_array_add (ramo_test_dirs, g_strdup (dir));
  return dir;
}

/* Writes @contents (length @len, or -1 for a C string) to a new file in a new temporary folder. */
static inline char *
ramo_test_write_file (const char *name,
                      const char *contents,
                      gssize      len)
{
  g_autofree char *dir = ramo_test_tmpdir ();
  char *path = g_build_filename (dir, name, NULL);
  g_autoptr(GError) error = NULL;

  g_file_set_contents (path, contents, len, &error);
  g_assert_no_error (error);
  return path;
}

static inline char *
ramo_test_read_file (const char *path,
                     gsize      *len)
{
  g_autoptr(GError) error = NULL;
  char *contents = NULL;

  g_file_get_contents (path, &contents, len, &error);
  g_assert_no_error (error);
  return contents;
}

static inline guint
ramo_test_count_lines (const char *text)
{
  guint n = 0;

  for (const char *p = text; *p; p++)
    n += *p == '\n';
  return n;
}

/* The example session bundled in data/examples, or a copy of it in a fresh folder. */
static inline char *
ramo_test_copy_example (void)
{
  g_autofree char *src = g_build_filename (g_getenv ("RAMO_SOURCE_DIR") ? g_getenv ("RAMO_SOURCE_DIR") : "..",
                                           "data", "examples", "example.jsonl", NULL);
  g_autofree char *contents = ramo_test_read_file (src, NULL);

  return ramo_test_write_file ("example.jsonl", contents, -1);
}

/* A real fixture copied to a fresh folder, or NULL (the test is skipped) where absent. */
static inline char *
ramo_test_copy_fixture (const char *name)
{
  const char *dir = g_getenv ("RAMO_FIXTURES_DIR");
  g_autofree char *src = NULL;
  g_autofree char *contents = NULL;
  gsize len;

  if (dir == NULL)
    return NULL;
  src = g_build_filename (dir, name, NULL);
  if (!g_file_test (src, G_FILE_TEST_IS_REGULAR))
    return NULL;
  contents = ramo_test_read_file (src, &len);
  return ramo_test_write_file (name, contents, len);
}

static inline gboolean
ramo_test_spin_done_cb (gpointer data)
{
  *(gboolean *) data = TRUE;
  return G_SOURCE_REMOVE;
}

/* Runs the default main context for @ms milliseconds (windows lay out and draw meanwhile). */
static inline void
ramo_test_spin (guint ms)
{
  gboolean done = FALSE;

  g_timeout_add (ms, ramo_test_spin_done_cb, &done);
  while (!done)
    g_main_context_iteration (NULL, TRUE);
}

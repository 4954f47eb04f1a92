/* test-window-live.c — a window following a session that grows, loading, drag and drop
 *
 * Copyright 2026 The Ramo authors
 *
 * This program is free software: you can redistribute it and/or modify it under the terms of the
 * GNU General Public License as published by the Free Software Foundation, either version 3 of
 * the License, or (at your option) any later version.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <unistd.h>

#include <adwaita.h>
#include <glib/gstdio.h>

#include "ramo-preloads.h"
#include "ramo-window-private.h"
#include "ramo-test-util.h"

/*
 * A chain of N_TURNS user/assistant pairs (e00001 … e00200), the leaf at its end, plus a
 * second branch at e00003 so that the tree is not a single list. pi appending to it is
 * played by plain write()s of whole lines, as pi does.
 */
#define N_TURNS 100

typedef struct
{
  char       *path;
  RamoWindow *window;
} Fixture;

static gboolean
settled_cb (gpointer data)
{
  *(gboolean *) data = TRUE;
  return G_SOURCE_REMOVE;
}

/* Spins until the main loop has nothing more urgent to do than a low-priority idle (the
 * tree's after-layout work runs there), at most 10 s. */
static void
settle (void)
{
  gboolean done = FALSE;
  gint64 start = g_get_monotonic_time ();

  g_idle_add_full (G_PRIORITY_LOW + 10, settled_cb, &done, NULL);
  while (!done)
    {
      g_assert_cmpint (g_get_monotonic_time () - start, <, 10 * G_USEC_PER_SEC);
      g_main_context_iteration (NULL, TRUE);
    }
  ramo_test_spin (50);
}

static char *
message_line (guint       n,
              const char *parent,
              const char *role,
              const char *text)
{
  g_autofree char *id = g_strdup_printf ("e%05u", n);
  g_autofree char *parent_json = parent ? g_strdup_printf ("\"%s\"", parent) : g_strdup ("null");

  if (g_strcmp0 (role, "user") == 0)
    return g_strdup_printf ("{\"type\":\"message\",\"id\":\"%s\",\"parentId\":%s,\"timestamp\":\"2026-01-05T10:%02u:%02u.000Z\","
                            "\"message\":{\"role\":\"user\",\"content\":\"%s\",\"timestamp\":%u}}\n",
                            id, parent_json, (n / 60) % 60, n % 60, text, n);
  return g_strdup_printf ("{\"type\":\"message\",\"id\":\"%s\",\"parentId\":%s,\"timestamp\":\"2026-01-05T10:%02u:%02u.000Z\","
                          "\"message\":{\"role\":\"assistant\",\"provider\":\"p\",\"model\":\"m\",\"content\":[{\"type\":\"text\",\"text\":\"%s\"}],"
                          "\"stopReason\":\"stop\",\"timestamp\":%u}}\n",
                          id, parent_json, (n / 60) % 60, n % 60, text, n);
}

static char *
make_session (void)
{
  GString *s = g_string_new ("{\"type\":\"session\",\"version\":3,\"id\":\"11ve0000-0000-4000-8000-000000000001\","
                             "\"timestamp\":\"2026-01-05T10:00:00.000Z\",\"cwd\":\"/tmp/proj\"}\n");
  g_autofree char *side = NULL;

  /* a side branch first, so that the main chain (holding the leaf) is the last line */
  side = message_line (90001, "e00002", "user", "a side question");
  for (guint i = 1; i <= 2 * N_TURNS; i++)
    {
      g_autofree char *parent = i > 1 ? g_strdup_printf ("e%05u", i - 1) : NULL;
      g_autofree char *text = g_strdup_printf (i % 2 ? "question %u" : "answer %u", i);
      g_autofree char *line = message_line (i, parent, i % 2 ? "user" : "assistant", text);

      g_string_append (s, line);
      if (i == 2)
        g_string_append (s, side);
    }
  return g_string_free (s, FALSE);
}

static void
append_line (const char *path,
             const char *line)
{
  int fd = g_open (path, O_WRONLY | O_APPEND, 0);
  gsize len = strlen (line);

  g_assert_cmpint (fd, >=, 0);
  g_assert_cmpint (write (fd, line, len), ==, (gssize) len);
  close (fd);
}

static guint
n_rows (Fixture *f)
{
  return g_list_model_get_n_items (G_LIST_MODEL (ramo_session_tree_get_model (ramo_window_get_tree (f->window))));
}

/* Spins until the tree has put every row in its model (after a filter or search change, the
 * rows away from the view come after the first frame), then settles. */
static void
settle_tree (Fixture *f)
{
  gint64 start = g_get_monotonic_time ();

  while (ramo_session_tree_is_filling (ramo_window_get_tree (f->window)))
    {
      g_assert_cmpint (g_get_monotonic_time () - start, <, 10 * G_USEC_PER_SEC);
      g_main_context_iteration (NULL, TRUE);
    }
  settle ();
}

static GtkAdjustment *
vadjustment (Fixture *f)
{
  return gtk_scrollable_get_vadjustment (GTK_SCROLLABLE (ramo_session_tree_get_list_view (ramo_window_get_tree (f->window))));
}

static const char *
leaf_id (Fixture *f)
{
  return ramo_session_manager_get_leaf_id (ramo_window_get_manager (f->window));
}

/* Spins until @n rows are shown, at most 5 s (the monitor's promise is one second). */
static gint64
wait_for_rows (Fixture *f,
               guint    n)
{
  gint64 start = g_get_monotonic_time ();

  while (n_rows (f) != n)
    {
      g_assert_cmpint (g_get_monotonic_time () - start, <, 5 * G_USEC_PER_SEC);
      g_main_context_iteration (NULL, FALSE);
      g_usleep (1000);
    }
  ramo_test_spin (100);
  return g_get_monotonic_time () - start;
}

static void
fixture_set_up (Fixture       *f,
                gconstpointer  data)
{
  g_autofree char *contents = make_session ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GFile) file = NULL;

  f->path = ramo_test_write_file ("live.jsonl", contents, -1);
  f->window = g_object_ref (ramo_window_new (NULL));
  gtk_window_set_default_size (GTK_WINDOW (f->window), 1000, 700);
  file = g_file_new_for_path (f->path);
  g_assert_true (ramo_window_open_file (f->window, file, &error));
  g_assert_no_error (error);
  gtk_window_present (GTK_WINDOW (f->window));
  ramo_test_spin (300);
  settle ();
}

static void
fixture_tear_down (Fixture       *f,
                   gconstpointer  data)
{
  gtk_window_destroy (GTK_WINDOW (f->window));
  g_clear_object (&f->window);
  ramo_test_spin (20);
  g_clear_pointer (&f->path, g_free);
}

/* ------------------------------------------------------------------------------------------ */

static void
test_append (Fixture       *f,
             gconstpointer  data)
{
  RamoSessionTree *tree = ramo_window_get_tree (f->window);
  g_autofree char *line = NULL;
  g_autofree char *line2 = NULL;
  guint rows = n_rows (f);
  double value;
  gint64 waited;

  g_assert_cmpstr (leaf_id (f), ==, "e00200");
  g_assert_cmpuint (rows, ==, 2 * N_TURNS + 1);

  /* look at something in the middle, scrolled away from the selection */
  g_assert_true (ramo_session_tree_select_entry (tree, "e00050"));
  settle ();
  gtk_adjustment_set_value (vadjustment (f), 1500);
  settle ();
  value = gtk_adjustment_get_value (vadjustment (f));
  g_assert_cmpfloat (value, ==, 1500);

  /* pi writes a line: the row appears, the leaf follows (it was on the last entry) */
  line = message_line (201, "e00200", "user", "one more question");
  append_line (f->path, line);
  waited = wait_for_rows (f, rows + 1);
  g_test_message ("the new row appeared after %.0f ms", waited / 1000.0);
  g_assert_cmpint (waited, <, G_USEC_PER_SEC + 500 * G_TIME_SPAN_MILLISECOND);
  g_assert_cmpstr (leaf_id (f), ==, "e00201");
  g_assert_cmpstr (ramo_window_get_count_text (f->window), ==, "202 of 202 entries");

  /* what the user looked at did not move */
  g_assert_cmpstr (ramo_session_tree_get_selected_id (tree), ==, "e00050");
  g_assert_cmpfloat_with_epsilon (gtk_adjustment_get_value (vadjustment (f)), value, 1);

  /* a line arriving in two writes waits for its end */
  line2 = message_line (202, "e00201", "assistant", "and its answer");
  append_line (f->path, "");
  {
    g_autofree char *first = g_strndup (line2, 40);

    append_line (f->path, first);
    ramo_test_spin (300);
    g_assert_cmpuint (n_rows (f), ==, rows + 1);
    append_line (f->path, line2 + 40);
  }
  wait_for_rows (f, rows + 2);
  g_assert_cmpstr (leaf_id (f), ==, "e00202");
  g_assert_cmpstr (ramo_session_tree_get_selected_id (tree), ==, "e00050");
  g_assert_cmpfloat_with_epsilon (gtk_adjustment_get_value (vadjustment (f)), value, 1);
  g_assert_false (ramo_window_get_changed_on_disk (f->window));
}

/* pi writes the leaf's id again, under an earlier entry: still one row an id, the row
 * moved there, and the window says why the file has more lines than rows */
static void
test_repeated_id (Fixture       *f,
                  gconstpointer  data)
{
  RamoProjection *projection = ramo_session_tree_get_projection (ramo_window_get_tree (f->window));
  g_autofree char *line = message_line (200, "e00100", "assistant", "answer 200, written again");
  guint rows = n_rows (f);
  gint64 start = g_get_monotonic_time ();
  RamoEntry *entry;

  g_assert_null (ramo_window_get_issues_text (f->window));
  append_line (f->path, line);
  while (ramo_window_get_issues_text (f->window) == NULL)
    {
      g_assert_cmpint (g_get_monotonic_time () - start, <, 5 * G_USEC_PER_SEC);
      g_main_context_iteration (NULL, FALSE);
      g_usleep (1000);
    }
  settle ();
  g_assert_cmpstr (ramo_window_get_issues_text (f->window), ==,
                   "The lines of this file make a tree with problems; every entry loaded:\n"
                   "1 line repeats the id of a later line: each id is shown once, as its last line has it");
  g_assert_cmpuint (n_rows (f), ==, rows);
  g_assert_cmpstr (ramo_window_get_count_text (f->window), ==, "201 of 201 entries");
  g_assert_cmpstr (leaf_id (f), ==, "e00200");
  entry = ramo_session_manager_get_entry (ramo_projection_get_manager (projection), "e00200");
  g_assert_cmpstr (entry->display, ==, "assistant: answer 200, written again");
  g_assert_cmpstr (ramo_projection_get_visible_parent (projection, entry)->id, ==, "e00100");
}

static void
test_state_kept (Fixture       *f,
                 gconstpointer  data)
{
  RamoSessionTree *tree = ramo_window_get_tree (f->window);
  RamoTreeModel    *model;
  g_autofree char *line = NULL;
  guint rows;

  /* the leaf moved away from the end: new lines do not take it along */
  g_action_group_activate_action (G_ACTION_GROUP (f->window), "navigate-to",
                                  g_variant_new ("(sss)", "e00100", "none", ""));
  ramo_test_spin (200);
  g_assert_cmpstr (leaf_id (f), ==, "e00100");

  /* a search, a selection, and the main chain folded */
  gtk_editable_set_text (ramo_window_get_search_entry (f->window), "question");
  ramo_test_spin (400);
  settle_tree (f);
  rows = n_rows (f);
  g_assert_cmpuint (rows, ==, N_TURNS + 1);
  g_assert_true (ramo_session_tree_select_entry (tree, "e00001"));
  model = ramo_session_tree_get_model (tree);   /* each rebuild makes new models */
  {
    g_autoptr(RamoTreeRow) row = NULL;

    for (guint i = 0; i < n_rows (f) && row == NULL; i++)
      {
        g_autoptr(RamoTreeRow) r = ramo_tree_model_get_row (model, i);
        g_autoptr(RamoProjectionNode) node = ramo_tree_row_get_item (r);

        if (g_strcmp0 (ramo_projection_node_get_id (node), "e00003") == 0)
          row = g_object_ref (r);
      }
    g_assert_nonnull (row);
    g_assert_true (ramo_tree_row_is_expandable (row));
    ramo_tree_row_set_expanded (row, FALSE);
    ramo_test_spin (50);
  }
  rows = n_rows (f);
  g_assert_cmpuint (rows, ==, 3);   /* e1, e3 (folded), the side question */

  /* pi answers on the side branch; its question matches the search */
  line = message_line (201, "e90001", "user", "another question");
  append_line (f->path, line);
  wait_for_rows (f, rows + 1);
  g_assert_cmpstr (leaf_id (f), ==, "e00100");
  g_assert_cmpstr (ramo_session_tree_get_selected_id (tree), ==, "e00001");
  g_assert_cmpstr (gtk_editable_get_text (ramo_window_get_search_entry (f->window)), ==, "question");
  g_assert_cmpstr (ramo_window_get_count_text (f->window), ==, "102 of 202 entries");
  g_assert_cmpstr (ramo_filter_mode_to_string (ramo_projection_get_filter (ramo_window_get_projection (f->window))),
                   ==, "default");
  model = ramo_session_tree_get_model (tree);
  {
    g_autoptr(RamoTreeRow) row = ramo_tree_model_get_row (model, 1);
    g_autoptr(RamoProjectionNode) node = ramo_tree_row_get_item (row);

    /* still folded */
    g_assert_cmpstr (ramo_projection_node_get_id (node), ==, "e00003");
    g_assert_false (ramo_tree_row_get_expanded (row));
  }
}

static void
test_truncated (Fixture       *f,
                gconstpointer  data)
{
  g_autofree char *contents = ramo_test_read_file (f->path, NULL);
  g_autoptr(GError) error = NULL;
  gint64 start;

  g_assert_false (ramo_window_get_changed_on_disk (f->window));

  /* another program rewrites the file shorter */
  g_assert_cmpint (truncate (f->path, strlen (contents) / 2), ==, 0);
  start = g_get_monotonic_time ();
  while (!ramo_window_get_changed_on_disk (f->window))
    {
      g_assert_cmpint (g_get_monotonic_time () - start, <, 5 * G_USEC_PER_SEC);
      g_main_context_iteration (NULL, FALSE);
      g_usleep (1000);
    }

  /* writes are refused until it is reloaded; the tree is as it was */
  g_assert_cmpuint (n_rows (f), ==, 2 * N_TURNS + 1);
  g_assert_false (ramo_window_set_label (f->window, "e00010", "x", &error));
  g_assert_error (error, RAMO_SESSION_ERROR, RAMO_SESSION_ERROR_CHANGED);
  g_clear_error (&error);

  /* Reload opens it again in the same window (the line cut in the middle is reported) */
  g_action_group_activate_action (G_ACTION_GROUP (f->window), "reload", NULL);
  start = g_get_monotonic_time ();
  while (ramo_window_is_loading (f->window))
    {
      g_assert_cmpint (g_get_monotonic_time () - start, <, 5 * G_USEC_PER_SEC);
      g_main_context_iteration (NULL, FALSE);
      g_usleep (1000);
    }
  ramo_test_spin (100);
  g_assert_false (ramo_window_get_changed_on_disk (f->window));
  g_assert_cmpuint (n_rows (f), <, 2 * N_TURNS + 1);
  g_assert_cmpstr (ramo_window_get_last_toast (f->window), ==, "Session reloaded");
  g_assert_true (ramo_window_set_label (f->window, "e00010", "x", &error));
  g_assert_no_error (error);
}

static void
test_focus_refresh (Fixture       *f,
                    gconstpointer  data)
{
  g_autofree char *line = message_line (201, "e00200", "user", "seen on focus");
  guint rows = n_rows (f);

  /* without the monitor: becoming active looks at the file */
  g_clear_handle_id (&f->window->refresh_id, g_source_remove);
  if (f->window->monitor)
    g_signal_handlers_disconnect_by_data (f->window->monitor, f->window);
  append_line (f->path, line);
  ramo_test_spin (200);
  g_assert_cmpuint (n_rows (f), ==, rows);
  g_object_notify (G_OBJECT (f->window), "is-active");
  if (!gtk_window_is_active (GTK_WINDOW (f->window)))
    {
      /* no window manager gave it the focus: look as becoming active would */
      g_test_message ("the window is not active under this display");
      g_assert_true (ramo_window_refresh (f->window));
    }
  g_assert_cmpuint (n_rows (f), ==, rows + 1);
  g_assert_cmpstr (ramo_window_get_count_text (f->window), ==, "202 of 202 entries");
}

/* ------------------------------------------------------------------------------------------ */
/* Loading and dropping                                                                        */

/* When the last wait_loaded() saw the load end: the start of the main-loop iteration that
 * took the result (which then builds the tree view, on the main thread, at its own pace). */
static gint64 window_loaded_at;

/* Waits for @window's load to end; *@saw_page tells whether @page was shown meanwhile. */
static gboolean
wait_loaded_watching (RamoWindow *window,
                      const char *page,
                      gboolean   *saw_page,
                      gint64     *longest_gap)
{
  gint64 start = g_get_monotonic_time ();
  gint64 last = start;

  while (ramo_window_is_loading (window))
    {
      gint64 now;

      g_assert_cmpint (g_get_monotonic_time () - start, <, 30 * G_USEC_PER_SEC);
      window_loaded_at = g_get_monotonic_time ();
      g_main_context_iteration (NULL, FALSE);
      now = g_get_monotonic_time ();
      if (longest_gap && now - last > *longest_gap)
        *longest_gap = now - last;
      last = now;
      if (saw_page && g_strcmp0 (gtk_stack_get_visible_child_name (window->main_stack), page) == 0)
        *saw_page = TRUE;
      g_usleep (500);
    }
  ramo_test_spin (100);
  return TRUE;
}

static gboolean
wait_loaded (RamoWindow *window,
             gboolean   *saw_loading_page,
             gint64     *longest_gap)
{
  return wait_loaded_watching (window, "loading", saw_loading_page, longest_gap);
}

static void
test_load_async (void)
{
  GString *s = g_string_new ("{\"type\":\"session\",\"version\":3,\"id\":\"10ad0000-0000-4000-8000-000000000001\","
                             "\"timestamp\":\"2026-01-05T10:00:00.000Z\",\"cwd\":\"/tmp/proj\"}\n");
  g_autofree char *path = NULL;
  g_autofree char *padding = g_strnfill (600, 'x');
  g_autoptr(GFile) file = NULL;
  RamoWindow *window;
  gboolean saw_page = FALSE;
  gint64 gap = 0;
  gint64 start;
  gint64 took;

  /* big enough to take a while: 60,000 entries, 40 MB */
  for (guint i = 1; i <= 60000; i++)
    {
      g_autofree char *parent = i > 1 ? g_strdup_printf ("e%05u", i - 1) : NULL;
      g_autofree char *text = g_strdup_printf ("turn %u %s", i, padding);
      g_autofree char *line = message_line (i, parent, i % 2 ? "user" : "assistant", text);

      g_string_append (s, line);
    }
  path = ramo_test_write_file ("big.jsonl", s->str, s->len);
  g_string_free (s, TRUE);

  window = g_object_ref (ramo_window_new (NULL));
  gtk_window_set_default_size (GTK_WINDOW (window), 1000, 700);
  gtk_window_present (GTK_WINDOW (window));
  ramo_test_spin (200);

  file = g_file_new_for_path (path);
  start = g_get_monotonic_time ();
  ramo_window_load_file (window, file);
  g_assert_true (ramo_window_is_loading (window));
  wait_loaded (window, &saw_page, &gap);
  /* the load itself: not the tree view built after it, nor wait_loaded()'s drawing */
  took = window_loaded_at - start;
  g_test_message ("loaded in %.0f ms; longest main-loop gap %.0f ms; loading page %s",
                  took / 1000.0, gap / 1000.0, saw_page ? "shown" : "not shown");

  g_assert_nonnull (ramo_window_get_manager (window));
  g_assert_cmpuint (ramo_session_manager_get_n_entries (ramo_window_get_manager (window)), ==, 60000);
  g_assert_cmpstr (gtk_stack_get_visible_child_name (window->main_stack), ==, "session");
  if (took > 400 * G_TIME_SPAN_MILLISECOND)
    g_assert_true (saw_page);

  /* a load cancelled from the loading page changes nothing */
  ramo_window_load_file (window, file);
  g_assert_true (ramo_window_is_loading (window));
  g_cancellable_cancel (window->load_cancellable);
  wait_loaded (window, NULL, NULL);
  g_assert_cmpstr (gtk_stack_get_visible_child_name (window->main_stack), ==, "session");
  g_assert_cmpuint (ramo_session_manager_get_n_entries (ramo_window_get_manager (window)), ==, 60000);

  gtk_window_destroy (GTK_WINDOW (window));
  g_object_unref (window);
  ramo_test_spin (20);
}

/* A file named on the command line is read from the start of the program; the window that
 * shows it takes over that read instead of starting another. */
static void
test_preload (void)
{
  GString *s = g_string_new ("{\"type\":\"session\",\"version\":3,\"id\":\"9e10ad00-0000-4000-8000-000000000001\","
                             "\"timestamp\":\"2026-01-05T10:00:00.000Z\",\"cwd\":\"/tmp/proj\"}\n");
  g_autofree char *path = NULL;
  g_autofree char *small = NULL;
  g_autoptr(GFile) file = NULL;
  g_autoptr(GFile) small_file = NULL;
  g_autoptr(GFile) missing = NULL;
  g_autoptr(RamoPreloads) preloads = ramo_preloads_new ();
  RamoWindow *window;

  for (guint i = 1; i <= 20000; i++)
    {
      g_autofree char *parent = i > 1 ? g_strdup_printf ("e%05u", i - 1) : NULL;
      g_autofree char *text = g_strdup_printf ("turn %u", i);
      g_autofree char *line = message_line (i, parent, i % 2 ? "user" : "assistant", text);

      g_string_append (s, line);
    }
  path = ramo_test_write_file ("preload.jsonl", s->str, s->len);
  small = ramo_test_write_file ("preload-small.jsonl", s->str, strchr (strchr (s->str, '\n') + 1, '\n') + 1 - s->str);
  g_string_free (s, TRUE);
  file = g_file_new_for_path (path);
  small_file = g_file_new_for_path (small);

  /* not a regular file: nothing read ahead */
  missing = g_file_new_for_path ("/nonexistent/session.jsonl");
  ramo_preloads_start (preloads, missing);
  g_assert_false (ramo_preloads_is_pending (preloads, "/nonexistent/session.jsonl"));

  /* claimed while it is being read */
  ramo_preloads_start (preloads, file);
  g_assert_true (ramo_preloads_is_pending (preloads, path));
  window = g_object_ref (ramo_window_new (NULL));
  /* what the application gives its windows */
  _ramo_window_set_preloads (window, preloads);
  gtk_window_present (GTK_WINDOW (window));
  ramo_window_load_file (window, file);
  g_assert_false (ramo_preloads_is_pending (preloads, path));
  g_assert_true (ramo_window_is_loading (window));
  wait_loaded (window, NULL, NULL);
  g_assert_cmpuint (ramo_session_manager_get_n_entries (ramo_window_get_manager (window)), ==, 20000);
  g_assert_cmpstr (ramo_session_manager_get_leaf_id (ramo_window_get_manager (window)), ==, "e20000");

  /* claimed once it was read: delivered from the main loop, not during the call */
  ramo_preloads_start (preloads, small_file);
  for (guint i = 0; i < 100; i++)
    ramo_test_spin (10);
  g_assert_true (ramo_preloads_is_pending (preloads, small));
  ramo_window_load_file (window, small_file);
  g_assert_true (ramo_window_is_loading (window));
  g_assert_cmpuint (ramo_session_manager_get_n_entries (ramo_window_get_manager (window)), ==, 20000);
  wait_loaded (window, NULL, NULL);
  g_assert_cmpuint (ramo_session_manager_get_n_entries (ramo_window_get_manager (window)), ==, 1);

  /* a read done before the claim and cancelled before it is delivered is cancelled too */
  ramo_preloads_start (preloads, file);
  /* time enough to read 20,000 lines */
  for (guint i = 0; i < 130; i++)
    ramo_test_spin (10);
  g_assert_true (ramo_preloads_is_pending (preloads, path));
  ramo_window_load_file (window, file);
  g_cancellable_cancel (window->load_cancellable);
  wait_loaded (window, NULL, NULL);
  g_assert_cmpuint (ramo_session_manager_get_n_entries (ramo_window_get_manager (window)), ==, 1);
  g_assert_cmpstr (gtk_stack_get_visible_child_name (window->main_stack), ==, "session");

  /* a claimed read the window cancels leaves the session shown */
  ramo_preloads_start (preloads, file);
  ramo_window_load_file (window, file);
  g_cancellable_cancel (window->load_cancellable);
  wait_loaded (window, NULL, NULL);
  g_assert_cmpuint (ramo_session_manager_get_n_entries (ramo_window_get_manager (window)), ==, 1);
  g_assert_cmpstr (gtk_stack_get_visible_child_name (window->main_stack), ==, "session");

  /* a read nobody claims is given up */
  ramo_preloads_start (preloads, file);
  ramo_preloads_start (preloads, small_file);
  ramo_test_spin (50);
  ramo_preloads_clear (preloads);
  g_assert_false (ramo_preloads_is_pending (preloads, path));
  g_assert_false (ramo_preloads_is_pending (preloads, small));
  /* and the window reads the file itself */
  ramo_window_load_file (window, file);
  wait_loaded (window, NULL, NULL);
  g_assert_cmpuint (ramo_session_manager_get_n_entries (ramo_window_get_manager (window)), ==, 20000);

  gtk_window_destroy (GTK_WINDOW (window));
  g_object_unref (window);
  ramo_test_spin (200);
}

/* A window opened on a file never shows "No Session Open" before it: nothing, then the session
 * (or its loading page, or the error); a load cancelled before anything was shown leaves the
 * window as it was, with no session. */
static void
test_load_opening (void)
{
  g_autofree char *path = ramo_test_copy_example ();
  g_autoptr(GFile) file = g_file_new_for_path (path);
  RamoWindow *window = g_object_ref (ramo_window_new (NULL));
  gboolean saw_empty = FALSE;

  ramo_window_load_file (window, file);
  g_assert_cmpstr (gtk_stack_get_visible_child_name (window->main_stack), ==, "opening");
  gtk_window_present (GTK_WINDOW (window));
  wait_loaded_watching (window, "empty", &saw_empty, NULL);
  g_assert_false (saw_empty);
  g_assert_nonnull (ramo_window_get_manager (window));
  g_assert_cmpstr (gtk_stack_get_visible_child_name (window->main_stack), ==, "session");
  gtk_window_destroy (GTK_WINDOW (window));
  g_object_unref (window);

  window = g_object_ref (ramo_window_new (NULL));
  ramo_window_load_file (window, file);
  gtk_window_present (GTK_WINDOW (window));
  g_cancellable_cancel (window->load_cancellable);
  wait_loaded (window, NULL, NULL);
  g_assert_null (ramo_window_get_manager (window));
  g_assert_cmpstr (gtk_stack_get_visible_child_name (window->main_stack), ==, "empty");
  gtk_window_destroy (GTK_WINDOW (window));
  g_object_unref (window);
  ramo_test_spin (20);
}

static void
test_load_error (void)
{
  g_autofree char *path = ramo_test_write_file ("not-a-session.jsonl", "hello\n", -1);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  RamoWindow *window = g_object_ref (ramo_window_new (NULL));

  gtk_window_present (GTK_WINDOW (window));
  ramo_window_load_file (window, file);
  wait_loaded (window, NULL, NULL);
  g_assert_null (ramo_window_get_manager (window));
  g_assert_cmpstr (gtk_stack_get_visible_child_name (window->main_stack), ==, "error");

  gtk_window_destroy (GTK_WINDOW (window));
  g_object_unref (window);
  ramo_test_spin (20);
}

static void
test_drop (Fixture       *f,
           gconstpointer  data)
{
  g_autofree char *other = NULL;
  g_autofree char *text = ramo_test_write_file ("notes.txt", "not a session\n", -1);
  g_autoptr(GFile) text_file = g_file_new_for_path (text);
  g_autoptr(GFile) session_file = NULL;
  g_auto(GValue) value = G_VALUE_INIT;
  GSList *files = NULL;

  /* a second session, dropped together with a text file */
  {
    g_autofree char *contents = ramo_test_read_file (f->path, NULL);
    g_autofree char *line = message_line (201, "e00200", "user", "dropped session");

    other = ramo_test_write_file ("dropped.jsonl", contents, -1);
    append_line (other, line);
  }
  session_file = g_file_new_for_path (other);

  /* only files that are not sessions: refused, with a reason */
  g_value_init (&value, GDK_TYPE_FILE_LIST);
  files = g_slist_append (NULL, text_file);
  g_value_take_boxed (&value, gdk_file_list_new_from_list (files));
  g_slist_free (files);
  g_assert_false (_ramo_window_drop (f->window, &value));
  g_assert_cmpstr (ramo_window_get_last_toast (f->window), ==, "Only pi session files (.jsonl) can be opened");
  g_assert_cmpstr (ramo_session_manager_get_path (ramo_window_get_manager (f->window)), ==, f->path);
  g_value_unset (&value);

  /* the .jsonl among them opens in this window */
  g_value_init (&value, GDK_TYPE_FILE_LIST);
  files = g_slist_append (NULL, text_file);
  files = g_slist_append (files, session_file);
  g_value_take_boxed (&value, gdk_file_list_new_from_list (files));
  g_slist_free (files);
  g_assert_true (_ramo_window_drop (f->window, &value));
  wait_loaded (f->window, NULL, NULL);
  g_assert_cmpstr (ramo_session_manager_get_path (ramo_window_get_manager (f->window)), ==, other);
  g_assert_cmpstr (leaf_id (f), ==, "e00201");
  g_value_unset (&value);

  /* a single GFile (what some sources offer) */
  g_value_init (&value, G_TYPE_FILE);
  {
    g_autoptr(GFile) back = g_file_new_for_path (f->path);

    g_value_set_object (&value, back);
  }
  g_assert_true (_ramo_window_drop (f->window, &value));
  wait_loaded (f->window, NULL, NULL);
  g_assert_cmpstr (ramo_session_manager_get_path (ramo_window_get_manager (f->window)), ==, f->path);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  if (!gtk_init_check ())
    {
      g_printerr ("no display: skipping the window tests\n");
      return 77;
    }
  adw_init ();

#define ADD(path, func) \
  g_test_add ("/ui/window-live/" path, Fixture, NULL, fixture_set_up, func, fixture_tear_down)

  ADD ("append", test_append);
  ADD ("repeated-id", test_repeated_id);
  ADD ("state-kept", test_state_kept);
  ADD ("truncated", test_truncated);
  ADD ("focus-refresh", test_focus_refresh);
  ADD ("drop", test_drop);

#undef ADD

  g_test_add_func ("/ui/window-live/load-async", test_load_async);
  g_test_add_func ("/ui/window-live/load-error", test_load_error);
  g_test_add_func ("/ui/window-live/load-opening", test_load_opening);
  g_test_add_func ("/ui/window-live/preload", test_preload);

  return g_test_run ();
}

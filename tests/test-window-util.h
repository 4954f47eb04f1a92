/* test-window-util.h — what the window tests share: a row once it is realized, an action
 * activated and its idle work run
 *
 * Copyright 2026 The Ramo authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "ramo-window.h"
#include "ramo-test-util.h"

/* What each window test's main() does first: the test framework, a home of its own, GTK and
 * libadwaita. FALSE when there is no display (the test then exits 77, skipped). */
static inline gboolean
window_test_init (int    *argc,
                  char ***argv)
{
  g_test_init (argc, argv, NULL);
  g_setenv ("HOME", ramo_test_tmpdir (), TRUE);
  if (!gtk_init_check ())
    {
      g_printerr ("no display: skipping the window tests\n");
      return FALSE;
    }
  adw_init ();
  return TRUE;
}

/* The first descendant of @widget (or @widget) for which @match is TRUE, depth first. */
static inline GtkWidget *
find_widget (GtkWidget *widget,
             gboolean (*match) (GtkWidget *, gconstpointer),
             gconstpointer data)
{
  if (match (widget, data))
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_widget (child, match, data);

      if (found)
        return found;
    }
  return NULL;
}

/* Runs the main loop for @ms, then the idle work that is still pending (on a busy machine the
 * work an action queued, a layout after the leaf moved, may not have had its turn yet). */
static inline void
window_test_settle (guint ms)
{
  ramo_test_spin (ms);
  for (guint i = 0; i < 1000 && g_main_context_pending (NULL); i++)
    g_main_context_iteration (NULL, FALSE);
}

/* A new window, 1000×700, showing the session at @path (which must open), presented and
 * settled. */
static inline RamoWindow *
window_test_open (const char *path)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  RamoWindow *window = ramo_window_new (NULL);

  gtk_window_set_default_size (GTK_WINDOW (window), 1000, 700);
  g_assert_true (ramo_window_open_file (window, file, &error));
  g_assert_no_error (error);
  gtk_window_present (GTK_WINDOW (window));
  window_test_settle (300);
  return window;
}

/* Activates the window action @action, as a key or a menu does, and lets its work run. */
static inline void
window_test_activate (RamoWindow *window,
                      const char *action,
                      GVariant   *param)
{
  g_action_group_activate_action (G_ACTION_GROUP (window), action, param);
  window_test_settle (150);
}

/* The realized row widget of @id in @tree, waiting (at most 2 s) for it. */
static inline RamoSessionRow *
window_test_wait_for_row (RamoSessionTree *tree,
                          const char      *id)
{
  RamoSessionRow *row = NULL;

  for (guint tries = 0; tries < 100 && row == NULL; tries++)
    {
      row = ramo_session_tree_find_row (tree, id);
      if (row == NULL)
        ramo_test_spin (20);
    }
  g_assert_nonnull (row);
  return row;
}

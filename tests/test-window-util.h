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

/* Runs the main loop for @ms, then the idle work that is still pending (on a busy machine the
 * work an action queued, a layout after the leaf moved, may not have had its turn yet). */
static inline void
window_test_settle (guint ms)
{
  ramo_test_spin (ms);
  for (guint i = 0; i < 1000 && g_main_context_pending (NULL); i++)
    g_main_context_iteration (NULL, FALSE);
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

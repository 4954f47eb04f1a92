/* test-window-problems.c — the integrity view: what is wrong in a file, each a click from its row
 *
 * A session with a line that is not JSON, an id on two lines, a parent that is missing, a cycle
 * of parents, a label of a missing entry and a compaction that keeps an entry off its path:
 * the bar above the tree counts each kind, "Show Problems" lists every problem the core finds
 * (ramo_session_manager_dup_problems(), itself checked against pi 1.6.0's index by
 * compat-problems), and activating a row selects its entry — through the "all" filter when the
 * default one hides it, out of a branch the tree is focused on when it is outside.
 *
 * Copyright 2026 The Ramo authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <adwaita.h>

#include "ramo-problem-list.h"
#include "ramo-problems-window.h"
#include "ramo-session-tree.h"
#include "ramo-window.h"
#include "test-window-util.h"

#define T(n) "\"timestamp\":\"2026-03-01T07:0" #n ":00.000Z\""
#define USER(id, parent, n, text) \
  "{\"type\":\"message\",\"id\":\"" id "\",\"parentId\":" parent "," T (n) \
  ",\"message\":{\"role\":\"user\",\"content\":\"" text "\",\"timestamp\":1}}\n"

static const char problems_session[] =
  "{\"type\":\"session\",\"version\":3,\"id\":\"s1\"," T (0) ",\"cwd\":\"/tmp\"}\n"
  USER ("a1", "null", 1, "hello")
  USER ("a2", "\"a1\"", 2, "first copy")
  "{\"type\":\"message\",\"id\":\"broken\",\n"
  USER ("a2", "\"a1\"", 3, "second copy")
  USER ("o1", "\"nowhere\"", 4, "orphan")
  USER ("c1", "\"c2\"", 5, "cycle one")
  USER ("c2", "\"c1\"", 6, "cycle two")
  "{\"type\":\"label\",\"id\":\"l1\",\"parentId\":\"a2\"," T (7) ",\"targetId\":\"gone\",\"label\":\"lost\"}\n"
  "{\"type\":\"compaction\",\"id\":\"k1\",\"parentId\":\"l1\"," T (8) ",\"summary\":\"s\",\"firstKeptEntryId\":\"o1\",\"tokensBefore\":5}\n"
  USER ("a3", "\"k1\"", 9, "after");

/* The position of the problem of @kind in the problems window's list. */
static guint
find_problem (GListModel      *model,
              RamoProblemKind  kind)
{
  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    {
      g_autoptr(RamoProblemItem) item = g_list_model_get_item (model, i);

      if (ramo_problem_item_get_problem (item)->kind == kind)
        return i;
    }
  g_assert_not_reached ();
}

static void
activate_problem (RamoProblemsWindow *problems_window,
                  guint               position)
{
  g_signal_emit_by_name (ramo_problems_window_get_list_view (problems_window), "activate", position);
  window_test_settle (200);
}

static void
test_problems_view (void)
{
  g_autofree char *path = ramo_test_write_file ("problems.jsonl", problems_session, -1);
  g_autoptr(GPtrArray) expected = NULL;
  RamoWindow *window = window_test_open (path);
  RamoSessionTree *tree = ramo_window_get_tree (window);
  RamoProblemsWindow *problems_window;
  GListModel *model;
  const char *bar;

  /* the bar: the line, listed, and a count of each problem of the tree */
  bar = ramo_window_get_issues_text (window);
  g_assert_nonnull (bar);
  g_assert_true (g_str_has_prefix (bar, "1 line of this file could not be read as it is"));
  g_assert_nonnull (strstr (bar, "\nline 4: "));
  g_assert_nonnull (strstr (bar, "\n1 line repeats the id of a later line"));
  g_assert_nonnull (strstr (bar, "\n1 entry names a parent that is not in the file"));
  g_assert_nonnull (strstr (bar, "\n1 cycle of parents, cut"));
  g_assert_nonnull (strstr (bar, "\n1 label names an entry that is not in the file"));
  g_assert_nonnull (strstr (bar, "\n1 compaction keeps entries that are not on its path"));

  /* the view lists what the core finds, in its order */
  g_assert_null (ramo_window_get_problems_window (window));
  window_test_activate (window, "show-problems", NULL);
  problems_window = ramo_window_get_problems_window (window);
  g_assert_nonnull (problems_window);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (problems_window)));
  model = ramo_problems_window_get_model (problems_window);
  expected = ramo_session_manager_dup_problems (ramo_window_get_manager (window));
  g_assert_cmpuint (expected->len, ==, 6);
  g_assert_cmpuint (g_list_model_get_n_items (model), ==, expected->len);
  for (guint i = 0; i < expected->len; i++)
    {
      g_autoptr(RamoProblemItem) item = g_list_model_get_item (model, i);
      const RamoProblem *shown = ramo_problem_item_get_problem (item);
      const RamoProblem *want = g_ptr_array_index (expected, i);
      g_autofree char *title = ramo_problem_dup_title (shown);
      g_autofree char *description = ramo_problem_dup_description (shown);

      g_assert_cmpint (shown->kind, ==, want->kind);
      g_assert_cmpuint (shown->line, ==, want->line);
      g_assert_cmpstr (shown->entry_id, ==, want->entry_id);
      g_assert_cmpstr (title, !=, "");
      g_assert_cmpstr (description, !=, "");
    }

  /* the orphan's row selects it */
  activate_problem (problems_window, find_problem (model, RAMO_PROBLEM_ORPHAN));
  g_assert_cmpstr (ramo_session_tree_get_selected_id (tree), ==, "o1");

  /* the repeated id: the entry that holds it (the later line) */
  activate_problem (problems_window, find_problem (model, RAMO_PROBLEM_DUPLICATE_ID));
  g_assert_cmpstr (ramo_session_tree_get_selected_id (tree), ==, "a2");

  /* a label entry, which the default filter hides: shown through the "all" filter */
  g_assert_cmpint (ramo_projection_get_filter (ramo_session_tree_get_projection (tree)), ==, RAMO_FILTER_DEFAULT);
  activate_problem (problems_window, find_problem (model, RAMO_PROBLEM_LABEL_TARGET));
  g_assert_cmpint (ramo_projection_get_filter (ramo_session_tree_get_projection (tree)), ==, RAMO_FILTER_ALL);
  g_assert_cmpstr (ramo_session_tree_get_selected_id (tree), ==, "l1");

  /* focused on the cycle's branch, the compaction (outside it) shows the whole session again */
  ramo_session_tree_focus_branch (tree, "c1");
  window_test_settle (200);
  g_assert_cmpstr (ramo_session_tree_get_focus_id (tree), ==, "c1");
  activate_problem (problems_window, find_problem (model, RAMO_PROBLEM_KEPT_OFF_PATH));
  g_assert_null (ramo_session_tree_get_focus_id (tree));
  g_assert_cmpstr (ramo_session_tree_get_selected_id (tree), ==, "k1");

  activate_problem (problems_window, find_problem (model, RAMO_PROBLEM_CYCLE));
  g_assert_cmpstr (ramo_session_tree_get_selected_id (tree), ==, "c1");

  /* the line that is no entry has no row: nothing happens */
  activate_problem (problems_window, find_problem (model, RAMO_PROBLEM_LINE));
  g_assert_cmpstr (ramo_session_tree_get_selected_id (tree), ==, "c1");

  /* closing the session's window closes it too */
  gtk_window_destroy (GTK_WINDOW (window));
  window_test_settle (50);
}

/* A file without problems: no bar, nothing to show. */
static void
test_no_problems (void)
{
  g_autofree char *path = ramo_test_write_file ("fine.jsonl",
                                                "{\"type\":\"session\",\"version\":3,\"id\":\"s1\"," T (0) ",\"cwd\":\"/tmp\"}\n"
                                                USER ("a1", "null", 1, "hello"), -1);
  RamoWindow *window = window_test_open (path);
  g_assert_null (ramo_window_get_issues_text (window));
  g_assert_false (g_action_group_get_action_enabled (G_ACTION_GROUP (window), "show-problems"));
  gtk_window_destroy (GTK_WINDOW (window));
  window_test_settle (20);
}

/* Lines another program appends: the problems they make are told of a moment later. */
static void
test_problems_appended (void)
{
  g_autofree char *path = ramo_test_write_file ("growing.jsonl",
                                                "{\"type\":\"session\",\"version\":3,\"id\":\"s1\"," T (0) ",\"cwd\":\"/tmp\"}\n"
                                                USER ("a1", "null", 1, "hello"), -1);
  RamoWindow *window = window_test_open (path);
  FILE *file;

  g_assert_null (ramo_window_get_issues_text (window));
  file = fopen (path, "a");
  g_assert_nonnull (file);
  fputs (USER ("o1", "\"nowhere\"", 2, "orphan"), file);
  fclose (file);
  g_assert_true (ramo_window_refresh (window));
  window_test_settle (1600);
  g_assert_nonnull (ramo_window_get_issues_text (window));
  g_assert_nonnull (strstr (ramo_window_get_issues_text (window), "1 entry names a parent that is not in the file"));
  g_assert_true (g_action_group_get_action_enabled (G_ACTION_GROUP (window), "show-problems"));
  gtk_window_destroy (GTK_WINDOW (window));
  window_test_settle (20);
}

int
main (int   argc,
      char *argv[])
{
  if (!window_test_init (&argc, &argv))
    return 77;
  g_test_add_func ("/ui/problems/view", test_problems_view);
  g_test_add_func ("/ui/problems/none", test_no_problems);
  g_test_add_func ("/ui/problems/appended", test_problems_appended);
  return g_test_run ();
}

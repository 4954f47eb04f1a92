/* test-window-figures.c — the figures of branches in the window: the badges of the rows that
 * start a branch, the figures of the selected entry's branch, subtree and path in the pane
 *
 * A session whose figures are worked out by hand below: a user message, an assistant turn with
 * two tool calls and a failed tool result, then two branches — one with an assistant turn,
 * one with an assistant turn and a `usage` entry (pi 1.6.0's; hidden from the tree, counted).
 * Every badge choice is checked on both branch rows, the pane's three lines on one entry, and
 * a line appended by another program changes its branch's badge.
 *
 * Copyright 2026 The Ramo authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <adwaita.h>

#include "ramo-session-tree.h"
#include "ramo-window.h"
#include "test-window-util.h"

#define T(t) "\"timestamp\":\"2026-03-01T10:" t ".000Z\""
#define USAGE(in, out, cr, cw, cost) \
  "\"usage\":{\"input\":" #in ",\"output\":" #out ",\"cacheRead\":" #cr ",\"cacheWrite\":" #cw \
  ",\"totalTokens\":0,\"cost\":{\"input\":0,\"output\":0,\"cacheRead\":0,\"cacheWrite\":0,\"total\":" #cost "}}"
#define USER(id, parent, t) \
  "{\"type\":\"message\",\"id\":\"" id "\",\"parentId\":" parent "," T (t) \
  ",\"message\":{\"role\":\"user\",\"content\":\"question " id "\",\"timestamp\":1}}\n"
#define CALL(n) "{\"type\":\"toolCall\",\"id\":\"call" #n "\",\"name\":\"read\",\"arguments\":{\"path\":\"f\"}}"
#define ASSISTANT(id, parent, t, calls, usage) \
  "{\"type\":\"message\",\"id\":\"" id "\",\"parentId\":\"" parent "\"," T (t) \
  ",\"message\":{\"role\":\"assistant\",\"content\":[{\"type\":\"text\",\"text\":\"answer " id "\"}" calls "]," \
  "\"api\":\"anthropic-messages\",\"provider\":\"anthropic\",\"model\":\"m\",\"stopReason\":\"stop\"," usage ",\"timestamp\":1}}\n"

static const char session[] =
  "{\"type\":\"session\",\"version\":3,\"id\":\"s1\"," T ("00:00") ",\"cwd\":\"/tmp\"}\n"
  USER ("u1", "null", "00:00")
  ASSISTANT ("a1", "u1", "00:05", "," CALL (1) "," CALL (2), USAGE (100, 10, 0, 0, 0.5))
  "{\"type\":\"message\",\"id\":\"t1\",\"parentId\":\"a1\"," T ("00:06") ",\"message\":{\"role\":\"toolResult\","
  "\"toolCallId\":\"call1\",\"toolName\":\"read\",\"content\":[{\"type\":\"text\",\"text\":\"no such file\"}],"
  "\"isError\":true,\"timestamp\":1}}\n"
  USER ("u2", "\"t1\"", "01:00")
  ASSISTANT ("a2", "u2", "03:30", "," CALL (3), USAGE (1000, 200, 60, 0, 1.25))
  USER ("u3", "\"t1\"", "05:00")
  ASSISTANT ("a3", "u3", "07:00", "", USAGE (2000, 300, 0, 0, 2.0))
  "{\"type\":\"usage\",\"id\":\"g3\",\"parentId\":\"a3\"," T ("07:30") ",\"purpose\":\"title\","
  "\"provider\":\"anthropic\",\"model\":\"m\"," USAGE (10, 1, 0, 0, 0.01) "}\n";

static void
assert_badges (RamoWindow *window,
               const char *badge,
               const char *u2,
               const char *u3)
{
  RamoSessionTree *tree = ramo_window_get_tree (window);

  ramo_window_set_branch_badge (window, badge);
  window_test_settle (50);
  g_assert_cmpstr (ramo_session_row_get_badge_text (window_test_wait_for_row (tree, "u2")), ==, u2);
  g_assert_cmpstr (ramo_session_row_get_badge_text (window_test_wait_for_row (tree, "u3")), ==, u3);
  /* the rows that start no branch have none */
  g_assert_cmpstr (ramo_session_row_get_badge_text (window_test_wait_for_row (tree, "u1")), ==, "");
  g_assert_cmpstr (ramo_session_row_get_badge_text (window_test_wait_for_row (tree, "a2")), ==, "");
}

static void
test_badges (void)
{
  g_autofree char *path = ramo_test_write_file ("figures.jsonl", session, -1);
  RamoWindow *window = window_test_open (path);
  FILE *file;

  /* u2: a2 alone counts; u3: a3 and the usage entry g3 */
  assert_badges (window, "cost", "$1.25", "$2.01");
  {
    RamoSessionRow *row = window_test_wait_for_row (ramo_window_get_tree (window), "u2");
    g_autofree char *tooltip = ramo_session_row_dup_badge_tooltip (row);
    GtkWidget *badge = NULL;

    /* every figure, made when asked for: no tooltip text is set on the badge as it is bound */
    g_assert_cmpstr (tooltip, ==, "$1.25 · 1.3k tokens · 1 tool call · 2m 30s · 2 entries · "
                                  "1.0k in, 200 out, 60 cache read, 0 cache write");
    for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (row)); child; child = gtk_widget_get_next_sibling (child))
      if (gtk_widget_has_css_class (child, "branch-badge"))
        badge = child;
    g_assert_nonnull (badge);
    g_assert_null (gtk_widget_get_tooltip_text (badge));
    g_assert_true (gtk_widget_get_has_tooltip (badge));
    g_assert_null (ramo_session_row_dup_badge_tooltip (window_test_wait_for_row (ramo_window_get_tree (window), "a2")));
  }
  assert_badges (window, "tokens", "1.3k tokens", "2.3k tokens");     /* 1260; 2311 */
  assert_badges (window, "time", "2m 30s", "2m 30s");                 /* 01:00→03:30; 05:00→07:30 */
  assert_badges (window, "tool-calls", "1 tool call", "0 tool calls");
  assert_badges (window, "none", "", "");

  /* another program adds a turn to the second branch */
  assert_badges (window, "cost", "$1.25", "$2.01");
  file = fopen (path, "a");
  g_assert_nonnull (file);
  fputs (ASSISTANT ("a4", "g3", "09:00", "", USAGE (5, 5, 0, 0, 1.0)), file);
  fclose (file);
  g_assert_true (ramo_window_refresh (window));
  window_test_settle (300);
  g_assert_cmpstr (ramo_session_row_get_badge_text (window_test_wait_for_row (ramo_window_get_tree (window), "u3")), ==, "$3.01");

  gtk_window_destroy (GTK_WINDOW (window));
  window_test_settle (20);
}

static void
test_pane (void)
{
  g_autofree char *path = ramo_test_write_file ("figures.jsonl", session, -1);
  RamoWindow *window = window_test_open (path);
  RamoSessionTree *tree = ramo_window_get_tree (window);
  RamoEntryView *view = ramo_window_get_entry_view (window);

  g_assert_true (ramo_session_tree_select_entry (tree, "a2"));
  window_test_settle (100);
  g_assert_cmpstr (ramo_entry_view_get_entry_id (view), ==, "a2");
  g_assert_cmpstr (ramo_entry_view_get_figures_text (view), ==,
                   /* u2 and a2 */
                   "Branch after t1: $1.25 · 1.3k tokens · 1 tool call · 2m 30s · 2 entries"
                   " · 1.0k in, 200 out, 60 cache read, 0 cache write\n"
                   /* a2 */
                   "This entry and below: $1.25 · 1.3k tokens · 1 tool call · 0s · 1 entry"
                   " · 1.0k in, 200 out, 60 cache read, 0 cache write\n"
                   /* u1, a1, t1, u2, a2: 1370 tokens, 3 calls, one failed, 00:00→03:30 */
                   "Path from the root: $1.75 · 1.4k tokens · 3 tool calls (1 failed) · 3m 30s · 5 entries"
                   " · 1.1k in, 210 out, 60 cache read, 0 cache write");

  /* the root: one branch, the whole tree (8 entries, 3681 tokens, 00:00→07:30) */
  g_assert_true (ramo_session_tree_select_entry (tree, "u1"));
  window_test_settle (100);
  g_assert_true (g_str_has_prefix (ramo_entry_view_get_figures_text (view),
                                   "Branch from the root: $3.76 · 3.7k tokens · 3 tool calls (1 failed) · 7m 30s"
                                   " · 8 entries · 3.1k in, 511 out, 60 cache read, 0 cache write\n"));

  gtk_window_destroy (GTK_WINDOW (window));
  window_test_settle (20);
}

int
main (int   argc,
      char *argv[])
{
  if (!window_test_init (&argc, &argv))
    return 77;
  g_test_add_func ("/ui/figures/badges", test_badges);
  g_test_add_func ("/ui/figures/pane", test_pane);
  return g_test_run ();
}

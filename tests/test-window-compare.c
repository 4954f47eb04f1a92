/* test-window-compare.c — the comparison window on a session whose difference is known: the
 * two paths' headers, a row per step, the selected step in full with the words only one side
 * has marked, the export written, the window hidden on close and shown again
 *
 * Copyright 2026 The Ramo authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <adwaita.h>

#include "ramo-compare-window.h"
#include "ramo-window.h"
#include "ramo-test-compare.h"
#include "test-window-util.h"

/* the session of test-session-compare.c: a1/a1b differ by the word "hidden" and the tool
 * call's arguments (ls -l, ls -la), r1/r1b and a2/a2b are the same, u3 is only on the right */

static gboolean
is_label_with (GtkWidget     *widget,
               gconstpointer  text)
{
  return GTK_IS_LABEL (widget) && strstr (gtk_label_get_label (GTK_LABEL (widget)), text) != NULL;
}

/* a label on the screen: spare list items keep the text they had */
static gboolean
is_shown_label_with (GtkWidget     *widget,
                     gconstpointer  text)
{
  return is_label_with (widget, text) && gtk_widget_get_mapped (widget);
}

/* win.compare, and the comparison aligned (in a worker thread) and shown */
static void
compare (RamoWindow *window,
         const char *left,
         const char *right)
{
  window_test_activate (window, "compare", g_variant_new ("(ss)", left, right));
  for (guint tries = 0; tries < 500 && ramo_window_is_comparing (window); tries++)
    window_test_settle (10);
  g_assert_false (ramo_window_is_comparing (window));
}

static void
test_compare_window (void)
{
  g_autofree char *path = ramo_test_write_file ("compare.jsonl", session_text, -1);
  g_autofree char *dir = ramo_test_tmpdir ();
  g_autofree char *export_path = g_build_filename (dir, "comparison.md", NULL);
  g_autoptr(GFile) export_file = g_file_new_for_path (export_path);
  g_autoptr(GError) error = NULL;
  g_autofree char *written = NULL;
  g_autofree char *left = NULL;
  g_autofree char *right = NULL;
  RamoWindow *window = window_test_open (path);
  RamoCompareWindow *compare_window;
  RamoListView *list;
  GListModel *steps;
  GtkWidget *added, *removed, *row, *detail;

  g_assert_null (ramo_window_get_compare_window (window));
  compare (window, "a2", "u3");
  compare_window = ramo_window_get_compare_window (window);
  g_assert_nonnull (compare_window);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (compare_window)));
  window_test_settle (300);

  /* the headers: root→a2 is 4 entries, 3 after the fork u1; root→u3 5, 4 after it */
  left = ramo_compare_window_dup_header (compare_window, FALSE);
  right = ramo_compare_window_dup_header (compare_window, TRUE);
  g_assert_cmpstr (left, ==, "Left: a2, 4 entries (3 after the fork)");
  g_assert_cmpstr (right, ==, "Right: u3, 5 entries (4 after the fork)");
  g_assert_nonnull (find_widget (GTK_WIDGET (compare_window), is_label_with, left));
  g_assert_nonnull (find_widget (GTK_WIDGET (compare_window), is_label_with, "Fork at u1 (1 shared) · 2 same, 1 changed, 0 only left, 1 only right"));
  /* what each path used after the fork: a1 calls bash once, a1b once; no usage is recorded;
   * a1 at 10:00:02 to a2 at 10:00:04, a1b at 10:01:02 to u3 at 10:01:05 */
  {
    g_autofree char *left_figures = ramo_compare_window_dup_figures (compare_window, FALSE);
    g_autofree char *right_figures = ramo_compare_window_dup_figures (compare_window, TRUE);

    g_assert_cmpstr (left_figures, ==, "$0.00 · 0 tokens · 1 tool call · 2s · 3 entries · 0 in, 0 out, 0 cache read, 0 cache write");
    g_assert_cmpstr (right_figures, ==, "$0.00 · 0 tokens · 1 tool call · 3s · 4 entries · 0 in, 0 out, 0 cache read, 0 cache write");
    g_assert_nonnull (find_widget (GTK_WIDGET (compare_window), is_label_with, left_figures));
    g_assert_nonnull (find_widget (GTK_WIDGET (compare_window), is_label_with, right_figures));
  }

  /* a row per step, both sides in one row: one scroller for the two; each side one line */
  list = ramo_compare_window_get_list_view (compare_window);
  steps = G_LIST_MODEL (ramo_list_view_get_model (list));
  g_assert_cmpuint (g_list_model_get_n_items (steps), ==, 4);
  g_assert_nonnull (find_widget (GTK_WIDGET (list), is_label_with, "1. Changed: Assistant"));
  g_assert_nonnull (find_widget (GTK_WIDGET (list), is_label_with, "4. Only right: User"));
  row = find_widget (GTK_WIDGET (list), is_label_with, "underline=\"single\">hidden </span>");
  g_assert_nonnull (row);
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (row)), ==, "I will list the hidden files in the current folder.");
  /* line feeds as spaces, on one line */
  g_assert_nonnull (find_widget (GTK_WIDGET (list), is_label_with, "a.txt b.txt"));

  /* the selected step (the first) in full below: the word only the right side has marked on
   * the right, the left's own argument on the left */
  detail = ramo_compare_window_get_detail (compare_window);
  g_assert_true (gtk_widget_get_visible (detail));
  g_assert_cmpuint (gtk_single_selection_get_selected (GTK_SINGLE_SELECTION (steps)), ==, 0);
  g_assert_nonnull (find_widget (detail, is_label_with, "1. Changed: Assistant"));
  added = find_widget (detail, is_label_with, "underline=\"single\">hidden </span>");
  g_assert_nonnull (added);
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (added)), ==,
                   "a1b · m1\nI will list the hidden files in the current folder.\nbash {\"command\":\"ls -la\"}");
  removed = find_widget (detail, is_label_with, "strikethrough=\"true\">l</span>");
  g_assert_nonnull (removed);
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (removed)), ==,
                   "a1 · m1\nI will list the files in the current folder.\nbash {\"command\":\"ls -l\"}");
  g_assert_true (gtk_widget_get_parent (added) == gtk_widget_get_parent (removed));
  g_assert_true (gtk_widget_get_next_sibling (removed) == added);
  /* a step on one side only: the other side is empty */
  gtk_single_selection_set_selected (GTK_SINGLE_SELECTION (steps), 3);
  g_assert_nonnull (find_widget (detail, is_label_with, "4. Only right: User"));
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (gtk_widget_get_next_sibling (removed))), ==, "u3\nThanks");
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (removed)), ==, "");

  /* the export: the comparison as Markdown, over a file that was there */
  g_file_set_contents (export_path, "old text", -1, &error);
  g_assert_no_error (error);
  g_assert_true (ramo_compare_window_export_to (compare_window, export_file, &error));
  g_assert_no_error (error);
  g_file_get_contents (export_path, &written, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (written, ==, expected_comparison);

  /* closing hides the window; a second comparison shows in it again, replacing the first */
  gtk_window_close (GTK_WINDOW (compare_window));
  window_test_settle (50);
  g_assert_true (ramo_window_get_compare_window (window) == compare_window);
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (compare_window)));
  compare (window, "a2", "a2b");
  g_assert_true (ramo_window_get_compare_window (window) == compare_window);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (compare_window)));
  g_assert_cmpstr (ramo_compare_window_get_compare (compare_window)->right_id, ==, "a2b");
  g_assert_cmpuint (g_list_model_get_n_items (steps), ==, 3);
  g_assert_cmpuint (gtk_single_selection_get_selected (GTK_SINGLE_SELECTION (steps)), ==, 0);
  window_test_settle (100);
  g_assert_null (find_widget (GTK_WIDGET (list), is_shown_label_with, "4. Only right: User"));
  g_assert_nonnull (find_widget (GTK_WIDGET (list), is_shown_label_with, "3. Same: Assistant"));
  /* a comparison asked for while another is being aligned replaces it: only the last shows */
  g_action_group_activate_action (G_ACTION_GROUP (window), "compare", g_variant_new ("(ss)", "a2", "u3"));
  g_assert_true (ramo_window_is_comparing (window));
  compare (window, "a2", "a2b");
  window_test_settle (200);
  g_assert_cmpstr (ramo_compare_window_get_compare (compare_window)->right_id, ==, "a2b");
  g_assert_cmpuint (g_list_model_get_n_items (steps), ==, 3);
  /* entries under two roots say why they cannot be; the comparison shown stays */
  window_test_activate (window, "compare", g_variant_new ("(ss)", "a2", "x1"));
  g_assert_false (ramo_window_is_comparing (window));
  g_assert_cmpstr (ramo_compare_window_get_compare (compare_window)->right_id, ==, "a2b");
  gtk_window_destroy (GTK_WINDOW (compare_window));
  window_test_settle (50);
  g_assert_null (ramo_window_get_compare_window (window));
  window_test_activate (window, "compare", g_variant_new ("(ss)", "a2", "x1"));
  g_assert_null (ramo_window_get_compare_window (window));

  gtk_window_destroy (GTK_WINDOW (window));
  window_test_settle (50);
}

/* Two branches of 400 user messages each: every step in the list at once, in order, and list
 * items only for the rows in view; scrolled to the end, the last step's row. */
static void
test_compare_window_rows (void)
{
  g_autoptr(GString) text = g_string_new ("{\"type\":\"session\",\"version\":3,\"id\":\"fill\","
                                          "\"timestamp\":\"2026-03-01T10:00:00.000Z\",\"cwd\":\"/tmp\"}\n"
                                          "{\"type\":\"message\",\"id\":\"root\",\"parentId\":null,"
                                          "\"timestamp\":\"2026-03-01T10:00:00.000Z\",\"message\":"
                                          "{\"role\":\"user\",\"content\":\"start\",\"timestamp\":1}}\n");
  g_autofree char *path = NULL;
  RamoCompareWindow *compare_window;
  RamoListView *list;
  RamoWindow *window;
  GListModel *steps;

  for (guint side = 0; side < 2; side++)
    for (guint i = 0; i < 400; i++)
      g_string_append_printf (text, "{\"type\":\"message\",\"id\":\"%c%u\",\"parentId\":\"%s%u\","
                              "\"timestamp\":\"2026-03-01T10:00:01.000Z\",\"message\":{\"role\":\"user\","
                              "\"content\":\"message %u of %c\",\"timestamp\":1}}\n",
                              side ? 'R' : 'L', i, i ? (side ? "R" : "L") : "roo", i ? i - 1 : 0, i, side ? 'R' : 'L');
  /* the first of each side hangs under "root" */
  g_string_replace (text, "\"parentId\":\"roo0\"", "\"parentId\":\"root\"", 0);
  path = ramo_test_write_file ("fill.jsonl", text->str, -1);
  window = window_test_open (path);
  compare (window, "L399", "R399");
  compare_window = ramo_window_get_compare_window (window);
  g_assert_nonnull (compare_window);
  g_assert_cmpuint (ramo_compare_window_get_compare (compare_window)->pairs->len, ==, 400);
  list = ramo_compare_window_get_list_view (compare_window);
  steps = G_LIST_MODEL (ramo_list_view_get_model (list));
  g_assert_cmpuint (g_list_model_get_n_items (steps), ==, 400);
  for (guint i = 0; i < 400; i++)
    {
      g_autoptr(GtkStringObject) item = g_list_model_get_item (steps, i);
      g_autofree char *number = g_strdup_printf ("%u", i + 1);

      g_assert_cmpstr (gtk_string_object_get_string (item), ==, number);
    }
  window_test_settle (300);
  g_assert_cmpuint (ramo_list_view_get_n_list_items (list), >, 0);
  g_assert_cmpuint (ramo_list_view_get_n_list_items (list), <, 60);
  g_assert_nonnull (find_widget (GTK_WIDGET (list), is_label_with, "1. Changed: User"));
  g_assert_null (find_widget (GTK_WIDGET (list), is_shown_label_with, "400. Changed: User"));
  ramo_list_view_scroll_to (list, 399);
  window_test_settle (300);
  g_assert_nonnull (find_widget (GTK_WIDGET (list), is_shown_label_with, "400. Changed: User"));
  g_assert_cmpuint (ramo_list_view_get_n_list_items (list), <, 60);
  gtk_window_destroy (GTK_WINDOW (window));
  window_test_settle (50);
}

int
main (int    argc,
      char **argv)
{
  if (!window_test_init (&argc, &argv))
    return 77;
  g_test_add_func ("/window/compare", test_compare_window);
  g_test_add_func ("/window/compare-rows", test_compare_window_rows);
  return g_test_run ();
}

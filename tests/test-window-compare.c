/* test-window-compare.c — the comparison window on a session whose difference is known: the
 * two paths' headers, a row per step, the words only one side has marked, the export written
 *
 * Copyright 2026 The Ramo authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <adwaita.h>

#include "ramo-compare-window.h"
#include "ramo-window.h"
#include "test-window-util.h"

/* the session of test-session-compare.c: a1/a1b differ by the word "hidden" and the tool
 * call's arguments (ls -l, ls -la), r1/r1b and a2/a2b are the same, u3 is only on the right */
static const char session_text[] =
  "{\"type\":\"session\",\"version\":3,\"id\":\"sess-1\",\"timestamp\":\"2026-03-01T10:00:00.000Z\",\"cwd\":\"/tmp\"}\n"
  "{\"type\":\"message\",\"id\":\"u1\",\"parentId\":null,\"timestamp\":\"2026-03-01T10:00:01.000Z\",\"message\":{\"role\":\"user\",\"content\":[{\"type\":\"text\",\"text\":\"List the files\"}],\"timestamp\":1}}\n"
  "{\"type\":\"message\",\"id\":\"a1\",\"parentId\":\"u1\",\"timestamp\":\"2026-03-01T10:00:02.000Z\",\"message\":{\"role\":\"assistant\",\"content\":[{\"type\":\"text\",\"text\":\"I will list the files in the current folder.\"},{\"type\":\"toolCall\",\"id\":\"c1\",\"name\":\"bash\",\"arguments\":{\"command\":\"ls -l\"}}],\"model\":\"m1\",\"stopReason\":\"toolUse\",\"timestamp\":2}}\n"
  "{\"type\":\"message\",\"id\":\"r1\",\"parentId\":\"a1\",\"timestamp\":\"2026-03-01T10:00:03.000Z\",\"message\":{\"role\":\"toolResult\",\"toolCallId\":\"c1\",\"toolName\":\"bash\",\"content\":[{\"type\":\"text\",\"text\":\"a.txt\\nb.txt\"}],\"isError\":false,\"timestamp\":3}}\n"
  "{\"type\":\"message\",\"id\":\"a2\",\"parentId\":\"r1\",\"timestamp\":\"2026-03-01T10:00:04.000Z\",\"message\":{\"role\":\"assistant\",\"content\":[{\"type\":\"text\",\"text\":\"There are two files: a.txt and b.txt.\"}],\"model\":\"m1\",\"stopReason\":\"stop\",\"timestamp\":4}}\n"
  "{\"type\":\"message\",\"id\":\"a1b\",\"parentId\":\"u1\",\"timestamp\":\"2026-03-01T10:01:02.000Z\",\"message\":{\"role\":\"assistant\",\"content\":[{\"type\":\"text\",\"text\":\"I will list the hidden files in the current folder.\"},{\"type\":\"toolCall\",\"id\":\"c2\",\"name\":\"bash\",\"arguments\":{\"command\":\"ls -la\"}}],\"model\":\"m1\",\"stopReason\":\"toolUse\",\"timestamp\":5}}\n"
  "{\"type\":\"message\",\"id\":\"r1b\",\"parentId\":\"a1b\",\"timestamp\":\"2026-03-01T10:01:03.000Z\",\"message\":{\"role\":\"toolResult\",\"toolCallId\":\"c2\",\"toolName\":\"bash\",\"content\":[{\"type\":\"text\",\"text\":\"a.txt\\nb.txt\"}],\"isError\":false,\"timestamp\":6}}\n"
  "{\"type\":\"message\",\"id\":\"a2b\",\"parentId\":\"r1b\",\"timestamp\":\"2026-03-01T10:01:04.000Z\",\"message\":{\"role\":\"assistant\",\"content\":[{\"type\":\"text\",\"text\":\"There are two files: a.txt and b.txt.\"}],\"model\":\"m1\",\"stopReason\":\"stop\",\"timestamp\":7}}\n"
  "{\"type\":\"message\",\"id\":\"u3\",\"parentId\":\"a2b\",\"timestamp\":\"2026-03-01T10:01:05.000Z\",\"message\":{\"role\":\"user\",\"content\":\"Thanks\",\"timestamp\":8}}\n"
  "{\"type\":\"message\",\"id\":\"x1\",\"parentId\":null,\"timestamp\":\"2026-03-01T10:02:00.000Z\",\"message\":{\"role\":\"user\",\"content\":\"another root\",\"timestamp\":9}}\n"
  "{\"type\":\"message\",\"id\":\"h1\",\"parentId\":\"a2\",\"timestamp\":\"2026-03-01T10:03:00.000Z\",\"message\":{\"role\":\"user\",\"content\":\"Look:\\n```sh\\nrm -rf /\\n## Assistant\",\"timestamp\":10}}\n"
  "{\"type\":\"message\",\"id\":\"h2\",\"parentId\":\"h1\",\"timestamp\":\"2026-03-01T10:03:01.000Z\",\"message\":{\"role\":\"toolResult\",\"toolCallId\":\"c9\",\"toolName\":\"read`*\",\"content\":[{\"type\":\"text\",\"text\":\"a ```` run\\n```\\nend\"}],\"isError\":true,\"timestamp\":11}}\n"
  "{\"type\":\"compaction\",\"id\":\"k1\",\"parentId\":\"h2\",\"timestamp\":\"2026-03-01T10:03:02.000Z\",\"summary\":\"Listed *files*.\",\"firstKeptEntryId\":\"h2\",\"tokensBefore\":120}\n"
  "{\"type\":\"label\",\"id\":\"l1\",\"parentId\":\"k1\",\"timestamp\":\"2026-03-01T10:03:03.000Z\",\"targetId\":\"u1\",\"label\":\"- start\"}\n";

static const char expected_comparison[] =
  "# Comparison of two branches\n"
  "\n"
  "- Left: entry `a2`, 4 entries (3 after the fork)\n"
  "- Right: entry `u3`, 5 entries (4 after the fork)\n"
  "- Fork: entry `u1`, the last of the 1 entries both paths share\n"
  "- Steps: 2 the same, 1 changed, 0 only left, 1 only right\n"
  "\n"
  "## 1. Changed: Assistant \u00b7 m1\n"
  "\n"
  "Left `a1`, right `a1b`\n"
  "\n"
  "```diff\n"
  "- I will list the files in the current folder.\n"
  "+ I will list the hidden files in the current folder.\n"
  "```\n"
  "\n"
  "**Changed tool call** `bash`\n"
  "\n"
  "```diff\n"
  "- {\"command\":\"ls -l\"}\n"
  "+ {\"command\":\"ls -la\"}\n"
  "```\n"
  "\n"
  "## 2. Same: Tool result \u00b7 bash\n"
  "\n"
  "Left `r1`, right `r1b`\n"
  "\n"
  "```text\n"
  "a.txt\n"
  "b.txt\n"
  "```\n"
  "\n"
  "## 3. Same: Assistant \u00b7 m1\n"
  "\n"
  "Left `a2`, right `a2b`\n"
  "\n"
  "There are two files: a.txt and b.txt.\n"
  "\n"
  "## 4. Only right: User\n"
  "\n"
  "Right `u3`\n"
  "\n"
  "Thanks\n"
  "\n";

static gboolean
is_label_with (GtkWidget     *widget,
               gconstpointer  text)
{
  return GTK_IS_LABEL (widget) && strstr (gtk_label_get_label (GTK_LABEL (widget)), text) != NULL;
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
  GListModel *steps;
  GtkWidget *added, *removed, *only;

  g_assert_null (ramo_window_get_compare_window (window));
  window_test_activate (window, "compare", g_variant_new ("(ss)", "a2", "u3"));
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

  /* a row per step, both sides in one row: one scroller for the two */
  steps = G_LIST_MODEL (gtk_list_view_get_model (ramo_compare_window_get_list_view (compare_window)));
  g_assert_cmpuint (g_list_model_get_n_items (steps), ==, 4);
  g_assert_nonnull (find_widget (GTK_WIDGET (compare_window), is_label_with, "1. Changed: Assistant"));
  g_assert_nonnull (find_widget (GTK_WIDGET (compare_window), is_label_with, "4. Only right: User"));

  /* the word only the right side has, marked on the right; the left's own argument on the left */
  added = find_widget (GTK_WIDGET (compare_window), is_label_with, "underline=\"single\">hidden </span>");
  g_assert_nonnull (added);
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (added)), ==,
                   "a1b · m1\nI will list the hidden files in the current folder.\nbash {\"command\":\"ls -la\"}");
  removed = find_widget (GTK_WIDGET (compare_window), is_label_with, "strikethrough=\"true\">l</span>");
  g_assert_nonnull (removed);
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (removed)), ==,
                   "a1 · m1\nI will list the files in the current folder.\nbash {\"command\":\"ls -l\"}");
  g_assert_true (gtk_widget_get_parent (added) == gtk_widget_get_parent (removed));
  g_assert_true (gtk_widget_get_next_sibling (removed) == added);
  /* a step on one side only: the other side is empty */
  only = find_widget (GTK_WIDGET (compare_window), is_label_with, "u3");
  g_assert_nonnull (only);

  /* the export: the comparison as Markdown, over a file that was there */
  g_file_set_contents (export_path, "old text", -1, &error);
  g_assert_no_error (error);
  g_assert_true (ramo_compare_window_export_to (compare_window, export_file, &error));
  g_assert_no_error (error);
  g_file_get_contents (export_path, &written, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (written, ==, expected_comparison);

  /* a second comparison replaces the first; entries under two roots say why they cannot be */
  window_test_activate (window, "compare", g_variant_new ("(ss)", "a2", "a2b"));
  g_assert_true (ramo_window_get_compare_window (window) != NULL);
  g_assert_cmpstr (ramo_compare_window_get_compare (ramo_window_get_compare_window (window))->right_id, ==, "a2b");
  gtk_window_destroy (GTK_WINDOW (ramo_window_get_compare_window (window)));
  window_test_settle (50);
  g_assert_null (ramo_window_get_compare_window (window));
  window_test_activate (window, "compare", g_variant_new ("(ss)", "a2", "x1"));
  g_assert_null (ramo_window_get_compare_window (window));

  gtk_window_destroy (GTK_WINDOW (window));
  window_test_settle (50);
}

/* Two branches of 40 user messages each: the first frame's steps, then the rest, each once and
 * in order. */
static void
test_compare_window_fill (void)
{
  g_autoptr(GString) text = g_string_new ("{\"type\":\"session\",\"version\":3,\"id\":\"fill\","
                                          "\"timestamp\":\"2026-03-01T10:00:00.000Z\",\"cwd\":\"/tmp\"}\n"
                                          "{\"type\":\"message\",\"id\":\"root\",\"parentId\":null,"
                                          "\"timestamp\":\"2026-03-01T10:00:00.000Z\",\"message\":"
                                          "{\"role\":\"user\",\"content\":\"start\",\"timestamp\":1}}\n");
  g_autofree char *path = NULL;
  RamoCompareWindow *compare_window;
  RamoWindow *window;
  GListModel *steps;

  for (guint side = 0; side < 2; side++)
    for (guint i = 0; i < 40; i++)
      g_string_append_printf (text, "{\"type\":\"message\",\"id\":\"%c%u\",\"parentId\":\"%s%u\","
                              "\"timestamp\":\"2026-03-01T10:00:01.000Z\",\"message\":{\"role\":\"user\","
                              "\"content\":\"message %u of %c\",\"timestamp\":1}}\n",
                              side ? 'R' : 'L', i, i ? (side ? "R" : "L") : "roo", i ? i - 1 : 0, i, side ? 'R' : 'L');
  /* the first of each side hangs under "root" */
  g_string_replace (text, "\"parentId\":\"roo0\"", "\"parentId\":\"root\"", 0);
  path = ramo_test_write_file ("fill.jsonl", text->str, -1);
  window = window_test_open (path);
  window_test_activate (window, "compare", g_variant_new ("(ss)", "L39", "R39"));
  compare_window = ramo_window_get_compare_window (window);
  g_assert_nonnull (compare_window);
  g_assert_cmpuint (ramo_compare_window_get_compare (compare_window)->pairs->len, ==, 40);
  for (guint tries = 0; tries < 200 && ramo_compare_window_is_filling (compare_window); tries++)
    window_test_settle (20);
  g_assert_false (ramo_compare_window_is_filling (compare_window));
  steps = G_LIST_MODEL (gtk_list_view_get_model (ramo_compare_window_get_list_view (compare_window)));
  g_assert_cmpuint (g_list_model_get_n_items (steps), ==, 40);
  for (guint i = 0; i < 40; i++)
    {
      g_autoptr(GtkStringObject) item = g_list_model_get_item (steps, i);
      g_autofree char *number = g_strdup_printf ("%u", i + 1);

      g_assert_cmpstr (gtk_string_object_get_string (item), ==, number);
    }
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
  g_test_add_func ("/window/compare-fill", test_compare_window_fill);
  return g_test_run ();
}

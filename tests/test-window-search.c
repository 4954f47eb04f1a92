/* test-window-search.c — the search entry's fields, the hits stepped through, the files touched
 * in the entry pane
 *
 * Copyright 2026 The Ramo authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <time.h>

#include <adwaita.h>

#include "ramo-entry-view.h"
#include "ramo-files-list.h"
#include "ramo-projection.h"
#include "ramo-session-tree.h"
#include "ramo-test-tools-session.h"
#include "test-window-util.h"

typedef struct
{
  RamoWindow *window;
} Fixture;

static void
fixture_setup (Fixture       *f,
               gconstpointer  data)
{
  g_autofree char *path = ramo_test_write_file ("tools.jsonl", session, -1);

  f->window = window_test_open (path);
}

static void
fixture_teardown (Fixture       *f,
                  gconstpointer  data)
{
  gtk_window_destroy (GTK_WINDOW (f->window));
  window_test_settle (50);
}

static void
search (Fixture    *f,
        const char *text)
{
  gtk_editable_set_text (ramo_window_get_search_entry (f->window), text);
  window_test_settle (200);
}

static const char *
selected (Fixture *f)
{
  return ramo_session_tree_get_selected_id (ramo_window_get_tree (f->window));
}

static void
test_hits (Fixture       *f,
           gconstpointer  data)
{
  RamoProjection *projection = ramo_window_get_projection (f->window);
  RamoSessionManager *manager = ramo_window_get_manager (f->window);

  search (f, "tool:bash");
  g_assert_true (ramo_projection_is_visible (projection, ramo_session_manager_get_entry (manager, "a1")));
  g_assert_true (ramo_projection_is_visible (projection, ramo_session_manager_get_entry (manager, "r2")));
  g_assert_cmpuint (ramo_projection_get_n_visible (projection), ==, 2);

  /* the two hits in the tree's order, round and round */
  ramo_session_tree_select_entry (ramo_window_get_tree (f->window), "a1");
  window_test_activate (f->window, "next-match", NULL);
  g_assert_cmpstr (selected (f), ==, "r2");
  window_test_activate (f->window, "next-match", NULL);
  g_assert_cmpstr (selected (f), ==, "a1");
  window_test_activate (f->window, "previous-match", NULL);
  g_assert_cmpstr (selected (f), ==, "r2");

  /* Enter in the search entry: the next hit, the focus left in the entry */
  gtk_widget_grab_focus (GTK_WIDGET (ramo_window_get_search_entry (f->window)));
  g_signal_emit_by_name (ramo_window_get_search_entry (f->window), "activate");
  window_test_settle (100);
  g_assert_cmpstr (selected (f), ==, "a1");
  g_signal_emit_by_name (ramo_window_get_search_entry (f->window), "previous-match");
  window_test_settle (100);
  g_assert_cmpstr (selected (f), ==, "r2");
}

static void
test_error (Fixture       *f,
            gconstpointer  data)
{
  GtkWidget *entry = GTK_WIDGET (ramo_window_get_search_entry (f->window));
  RamoProjection *projection = ramo_window_get_projection (f->window);
  const char *tooltip;

  search (f, "role:user /fix(/");
  g_assert_true (gtk_widget_has_css_class (entry, "error"));
  tooltip = gtk_widget_get_tooltip_text (entry);
  g_assert_nonnull (strstr (tooltip, "fix("));
  /* the rest of the search applies: the three user messages */
  g_assert_cmpuint (ramo_projection_get_n_visible (projection), ==, 3);

  search (f, "role:user");
  g_assert_false (gtk_widget_has_css_class (entry, "error"));
}

/* The first file button under @widget (depth first), and whether a label under it holds
 * @text (when @text is not NULL, *@found is set). */
static GtkWidget *
find_file_button (GtkWidget  *widget,
                  const char *text,
                  gboolean   *found)
{
  GtkWidget *button = NULL;

  if (text && GTK_IS_LABEL (widget) && strstr (gtk_label_get_text (GTK_LABEL (widget)), text))
    *found = TRUE;
  if (GTK_IS_BUTTON (widget) &&
      g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (widget)), "win.search-path") == 0)
    button = widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *first = find_file_button (child, text, found);

      if (button == NULL)
        button = first;
    }
  return button;
}

static void
test_files (Fixture       *f,
            gconstpointer  data)
{
  RamoEntryView *view = ramo_window_get_entry_view (f->window);
  RamoFilesList *list = ramo_entry_view_get_files_list (view);
  RamoProjection *projection = ramo_window_get_projection (f->window);
  RamoSessionManager *manager = ramo_window_get_manager (f->window);
  GtkWidget *first;

  ramo_session_tree_select_entry (ramo_window_get_tree (f->window), "a2");
  window_test_settle (200);
  g_assert_cmpstr (ramo_entry_view_get_entry_id (view), ==, "a2");
  /* up to a2: src/a.c (read, edited), docs/b.md (written) */
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (list)));
  g_assert_cmpuint (ramo_files_list_get_n_files (list), ==, 2);
  first = find_file_button (GTK_WIDGET (list), NULL, NULL);
  g_assert_nonnull (first);
  /* its tooltip is made when the pointer rests on it, not set with the button */
  g_assert_null (gtk_widget_get_tooltip_text (first));
  g_assert_true (gtk_widget_get_has_tooltip (first));
  {
    g_autoptr(GtkTooltip) tooltip = g_object_new (GTK_TYPE_TOOLTIP, NULL);
    gboolean shown = FALSE;

    g_signal_emit_by_name (first, "query-tooltip", 1, 1, FALSE, tooltip, &shown);
    g_assert_true (shown);
  }

  /* r3 below it: the same files, the same counts: the buttons stay */
  ramo_session_tree_select_entry (ramo_window_get_tree (f->window), "r3");
  window_test_settle (200);
  g_assert_cmpuint (ramo_files_list_get_n_files (list), ==, 2);
  g_assert_true (find_file_button (GTK_WIDGET (list), NULL, NULL) == first);

  ramo_session_tree_select_entry (ramo_window_get_tree (f->window), "u3");
  window_test_settle (200);
  g_assert_cmpuint (ramo_files_list_get_n_files (list), ==, 0);
  ramo_files_list_set_subtree (list, TRUE);
  /* below u3: src/c.c, and src/a.c read by the call recorded on r4 */
  g_assert_cmpuint (ramo_files_list_get_n_files (list), ==, 2);

  /* a file: the entries that touched it, in the tree as any search */
  window_test_activate (f->window, "search-path", g_variant_new_string ("src/c.c"));
  window_test_settle (200);
  g_assert_cmpstr (gtk_editable_get_text (ramo_window_get_search_entry (f->window)), ==, "path:\"src/c.c\"");
  g_assert_cmpuint (ramo_projection_get_n_visible (projection), ==, 1);
  g_assert_true (ramo_projection_is_visible (projection, ramo_session_manager_get_entry (manager, "a3")));
}

/* the same file read again further down the path: its button stays, its count changes */
static void
test_files_counts (void)
{
  static const char reads[] =
    HEADER
    USER ("u1", "null", "1", "look")
    CALLS ("a1", "u1", "1", "reading", CALL ("c1", "read", "{\"path\":\"x.c\"}"))
    RESULT ("r1", "a1", "1", "c1", "read", "false", "")
    USER ("u2", "\"r1\"", "2", "again")
    CALLS ("a2", "u2", "2", "reading", CALL ("c2", "read", "{\"path\":\"x.c\"}"))
    RESULT ("r2", "a2", "2", "c2", "read", "true", "");
  g_autofree char *path = ramo_test_write_file ("reads.jsonl", reads, -1);
  RamoWindow *window = window_test_open (path);
  RamoFilesList *list = ramo_entry_view_get_files_list (ramo_window_get_entry_view (window));
  GtkWidget *first;
  gboolean found = FALSE;

  ramo_session_tree_select_entry (ramo_window_get_tree (window), "a1");
  window_test_settle (200);
  g_assert_cmpuint (ramo_files_list_get_n_files (list), ==, 1);
  first = find_file_button (GTK_WIDGET (list), "read 1", &found);
  g_assert_true (found);

  ramo_session_tree_select_entry (ramo_window_get_tree (window), "a2");
  window_test_settle (200);
  g_assert_cmpuint (ramo_files_list_get_n_files (list), ==, 1);
  found = FALSE;
  g_assert_true (find_file_button (GTK_WIDGET (list), "read 2 · failed 1", &found) == first);
  g_assert_true (found);
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int   argc,
      char *argv[])
{
  if (!window_test_init (&argc, &argv))
    return 77;
  g_test_add ("/window-search/hits", Fixture, NULL, fixture_setup, test_hits, fixture_teardown);
  g_test_add ("/window-search/error", Fixture, NULL, fixture_setup, test_error, fixture_teardown);
  g_test_add ("/window-search/files", Fixture, NULL, fixture_setup, test_files, fixture_teardown);
  g_test_add_func ("/window-search/files-counts", test_files_counts);
  return g_test_run ();
}

/* test-window-focus.c — Focus on This Branch: the tree shown from one row down, and back
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

#include <string.h>

#include <adwaita.h>
#include <glib/gstdio.h>

#include "ramo-application.h"
#include "ramo-session-row.h"
#include "ramo-session-tree-private.h"
#include "ramo-window.h"
#include "ramo-window-private.h"
#include "ramo-test-util.h"
#include "test-window-util.h"

/*
 * The window on the bundled example (data/examples/example.jsonl), as the default filter
 * shows it:
 *
 *   a1000001 user: Our weather CLI …           the top chain
 *   a1000002 assistant: Let me see …
 *   a1000003 [read: …], a1000005 [grep: …]
 *   a1000006 assistant: There is one request site … [plan]     a branch point
 *     ├ c3000001 [branch summary]: Tried an SQLite cache …     holds the leaf
 *     │   d4000001 user: … 10 minute TTL, d4000003 [edit], d4000005 [bash],
 *     │   d4000006 assistant: Added a JSON cache … [json cache works]   a branch point
 *     │     ├ e5000003 [test-runner] …, e5000005 user: … TTL configurable …, e5000007,
 *     │     │   e5000008, e5000009 [compaction], e5000010, e5000012, e5000013,
 *     │     │   e5000014 assistant: Added `--no-cache` …   (the leaf)
 *     │     └ f6000001 user: Actually, could we use requests-cache …, f6000002
 *     └ b2000001 user: Use SQLite for the cache.
 *         b2000002, b2000003, b2000004, b2000005 user: Hmm, that pulls in a lot …
 *
 * What the tree shows is compared with the projection's own walk
 * (ramo_projection_dup_visible_children() from the focused row down), made here without the
 * tree's models or the projection's lists.
 */

static RamoApplication *app;

typedef struct
{
  char       *path;
  RamoWindow *window;
  guint       n_rebuilt;
  guint       n_lost;
} Fixture;

/* ------------------------------------------------------------------------------------------ */
/* Helpers                                                                                     */

static RamoSessionTree *
tree_of (Fixture *f)
{
  return ramo_window_get_tree (f->window);
}

static RamoProjection *
projection_of (Fixture *f)
{
  return ramo_window_get_projection (f->window);
}

static RamoEntry *
entry (Fixture    *f,
       const char *id)
{
  RamoEntry *e = ramo_session_manager_get_entry (ramo_window_get_manager (f->window), id);

  g_assert_nonnull (e);
  return e;
}

static void
settle (guint ms)
{
  window_test_settle (ms);
}

static void
activate (Fixture    *f,
          const char *action,
          GVariant   *param)
{
  window_test_activate (f->window, action, param);
}

/* Every row in the model (the rest comes after the first frame). */
static void
wait_filled (Fixture *f)
{
  for (guint tries = 0; tries < 500 && ramo_session_tree_is_filling (tree_of (f)); tries++)
    ramo_test_spin (10);
  g_assert_false (ramo_session_tree_is_filling (tree_of (f)));
}

/* The rows of the tree shown from @from down, in the order they are listed, by the walk alone. */
static GPtrArray *
walk_from (RamoProjection *projection,
           RamoEntry      *from)
{
  GPtrArray *rows = g_ptr_array_new ();
  g_autoptr(GPtrArray) stack = g_ptr_array_new ();

  if (from)
    g_ptr_array_add (stack, from);
  else
    {
      g_autoptr(GPtrArray) roots = ramo_projection_dup_visible_children (projection, NULL);

      for (guint i = roots->len; i-- > 0;)
        g_ptr_array_add (stack, g_ptr_array_index (roots, i));
    }
  while (stack->len > 0)
    {
      RamoEntry *e = g_ptr_array_steal_index (stack, stack->len - 1);
      g_autoptr(GPtrArray) children = ramo_projection_dup_visible_children (projection, e);

      g_ptr_array_add (rows, e);
      for (guint i = children->len; i-- > 0;)
        g_ptr_array_add (stack, g_ptr_array_index (children, i));
    }
  return rows;
}

/* The tree's rows (all unfolded: the tests fold nothing) are those of the walk from @from
 * (NULL: the whole session). */
static void
assert_rows_are_walk (Fixture    *f,
                      const char *from)
{
  RamoTreeModel *model;
  g_autoptr(GPtrArray) expected = NULL;
  guint n;

  wait_filled (f);
  model = ramo_session_tree_get_model (tree_of (f));
  expected = walk_from (projection_of (f), from ? entry (f, from) : NULL);
  n = g_list_model_get_n_items (G_LIST_MODEL (model));
  for (guint i = 0; i < n && i < expected->len; i++)
    {
      g_autoptr(RamoTreeRow) row = ramo_tree_model_get_row (model, i);
      g_autoptr(RamoProjectionNode) node = ramo_tree_row_get_item (row);
      RamoEntry *want = g_ptr_array_index (expected, i);

      if (ramo_projection_node_get_entry (node) != want)
        g_error ("row %u is %s, the walk from %s has %s", i, ramo_projection_node_get_id (node),
                 from ? from : "the top", want->id);
    }
  g_assert_cmpuint (n, ==, expected->len);
}

/* @id's row is realized and lies within the list's height. */
static void
assert_in_view (Fixture    *f,
                const char *id)
{
  RamoSessionRow *row = window_test_wait_for_row (tree_of (f), id);
  GtkWidget *list = GTK_WIDGET (ramo_session_tree_get_list_view (tree_of (f)));
  graphene_rect_t bounds;

  g_assert_true (gtk_widget_compute_bounds (GTK_WIDGET (row), list, &bounds));
  g_assert_cmpfloat (bounds.origin.y, >=, -0.5);
  g_assert_cmpfloat (bounds.origin.y + bounds.size.height, <=, gtk_widget_get_height (list) + 0.5);
}

static gboolean
bar_shown (Fixture *f)
{
  return gtk_revealer_get_reveal_child (tree_of (f)->focus_revealer);
}

static const char *
page_of (Fixture *f)
{
  return gtk_stack_get_visible_child_name (tree_of (f)->stack);
}

static void
set_search (Fixture    *f,
            const char *text)
{
  gtk_editable_set_text (ramo_window_get_search_entry (f->window), text);
  /* the entry's search-changed comes after its delay */
  for (guint tries = 0; tries < 100 && g_strcmp0 (ramo_projection_get_search (projection_of (f)), text[0] ? text : NULL) != 0; tries++)
    ramo_test_spin (20);
  g_assert_cmpstr (ramo_projection_get_search (projection_of (f)), ==, text[0] ? text : NULL);
  settle (50);
}

static gboolean
is_model_button_labelled (GtkWidget     *widget,
                          gconstpointer  data)
{
  g_autofree char *text = NULL;

  if (g_strcmp0 (G_OBJECT_TYPE_NAME (widget), "GtkModelButton") != 0 || !gtk_widget_get_visible (widget))
    return FALSE;
  g_object_get (widget, "text", &text, NULL);
  return g_strcmp0 (text, data) == 0;
}

static gboolean
is_primary_menu_button (GtkWidget     *widget,
                        gconstpointer  data)
{
  return GTK_IS_MENU_BUTTON (widget) && gtk_menu_button_get_primary (GTK_MENU_BUTTON (widget));
}

/* Opens the row menu of @id (as a right click or the Menu key does); returns its item @text,
 * NULL when it has none. */
static GtkWidget *
row_menu_item (Fixture    *f,
               const char *id,
               const char *text)
{
  GtkPopover *popover = ramo_session_tree_get_menu (tree_of (f));

  g_assert_true (ramo_session_tree_select_entry (tree_of (f), id));
  window_test_wait_for_row (tree_of (f), id);
  ramo_session_tree_focus (tree_of (f));
  settle (100);
  g_assert_true (ramo_session_tree_popup_menu (tree_of (f)));
  settle (100);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (popover)));
  return find_widget (GTK_WIDGET (popover), is_model_button_labelled, text);
}

/* Clicks @item of an open menu: the menu closes, then runs its action. */
static void
click_menu_item (GtkWidget *item)
{
  g_assert_nonnull (item);
  gtk_widget_activate (item);
  settle (300);
}

static void
close_row_menu (Fixture *f)
{
  gtk_popover_popdown (ramo_session_tree_get_menu (tree_of (f)));
  settle (100);
}

/* The tree's shortcut for @keyval (no modifier), run as the key would run it. */
static gboolean
press_tree_shortcut (Fixture *f,
                     guint    keyval)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (GTK_WIDGET (tree_of (f)));

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GtkEventController) controller = g_list_model_get_item (controllers, i);

      if (!GTK_IS_SHORTCUT_CONTROLLER (controller))
        continue;
      for (guint k = 0; k < g_list_model_get_n_items (G_LIST_MODEL (controller)); k++)
        {
          g_autoptr(GtkShortcut) shortcut = g_list_model_get_item (G_LIST_MODEL (controller), k);
          GtkShortcutTrigger *trigger = gtk_shortcut_get_trigger (shortcut);
          gboolean handled;

          if (!GTK_IS_KEYVAL_TRIGGER (trigger) || gtk_keyval_trigger_get_keyval (GTK_KEYVAL_TRIGGER (trigger)) != keyval ||
              gtk_keyval_trigger_get_modifiers (GTK_KEYVAL_TRIGGER (trigger)) != 0)
            continue;
          handled = gtk_shortcut_action_activate (gtk_shortcut_get_action (shortcut), 0, GTK_WIDGET (tree_of (f)), NULL);
          settle (150);
          return handled;
        }
    }
  g_error ("the tree has no shortcut for %s", gdk_keyval_name (keyval));
  return FALSE;
}

static void
rebuilt_cb (RamoProjection *projection,
            Fixture        *f)
{
  f->n_rebuilt++;
}

static void
focus_lost_cb (RamoSessionTree *tree,
               Fixture         *f)
{
  f->n_lost++;
}

static void
open_path (Fixture    *f,
           const char *path)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GFile) file = g_file_new_for_path (path);

  g_assert_true (ramo_window_open_file (f->window, file, &error));
  g_assert_no_error (error);
  settle (300);
  g_signal_connect (projection_of (f), "rebuilt", G_CALLBACK (rebuilt_cb), f);
}

static void
fixture_set_up (Fixture       *f,
                gconstpointer  data)
{
  f->path = ramo_test_copy_example ();
  f->window = g_object_ref (ramo_window_new (NULL));
  ramo_window_set_remembered_summary_choice (f->window, "none");
  gtk_window_set_default_size (GTK_WINDOW (f->window), 1200, 800);
  gtk_window_present (GTK_WINDOW (f->window));
  open_path (f, f->path);
  g_signal_connect (tree_of (f), "focus-lost", G_CALLBACK (focus_lost_cb), f);
  wait_filled (f);
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
/* Focus and back                                                                              */

/* Focused on a row, the tree's rows are exactly its branch as the walk finds it, the row on
 * top and selected, its row the projection's own; back, the whole tree, the row selected and
 * in view; neither lays the projection out again. Rows that continue a chain, branch starts,
 * branch points, with and without the leaf. */
static void
test_focus_and_back (Fixture       *f,
                     gconstpointer  data)
{
  static const char * const ids[] = { "a1000002", "c3000001", "e5000008", "b2000001", "d4000006", "e5000014" };

  for (guint i = 0; i < G_N_ELEMENTS (ids); i++)
    {
      const char *id = ids[i];
      guint n_rebuilt = f->n_rebuilt;
      g_autoptr(GPtrArray) path = NULL;
      g_autoptr(RamoTreeRow) top = NULL;
      g_autoptr(RamoProjectionNode) node = NULL;

      g_assert_true (ramo_session_tree_select_entry (tree_of (f), "e5000014"));
      settle (50);

      activate (f, "focus-branch", g_variant_new_string (id));
      g_assert_cmpstr (ramo_session_tree_get_focus_id (tree_of (f)), ==, id);
      g_assert_cmpuint (ramo_session_tree_get_focus_depth (tree_of (f)), ==, 1);
      assert_rows_are_walk (f, id);
      g_assert_cmpstr (ramo_session_tree_get_selected_id (tree_of (f)), ==, id);
      assert_in_view (f, id);
      /* the top row is the projection's own node of the row */
      path = ramo_projection_dup_node_path (projection_of (f), entry (f, id));
      top = ramo_tree_model_get_row (ramo_session_tree_get_model (tree_of (f)), 0);
      node = ramo_tree_row_get_item (top);
      g_assert_true (node == g_ptr_array_index (path, path->len - 2));
      /* the bar says what is shown */
      g_assert_true (bar_shown (f));
      g_assert_nonnull (strstr (gtk_label_get_text (tree_of (f)->focus_label), "Focused on “"));
      g_assert_true (g_action_group_get_action_enabled (G_ACTION_GROUP (f->window), "show-whole-session"));
      g_assert_cmpuint (f->n_rebuilt, ==, n_rebuilt);

      activate (f, "show-whole-session", NULL);
      g_assert_null (ramo_session_tree_get_focus_id (tree_of (f)));
      g_assert_cmpuint (ramo_session_tree_get_focus_depth (tree_of (f)), ==, 0);
      assert_rows_are_walk (f, NULL);
      g_assert_cmpstr (ramo_session_tree_get_selected_id (tree_of (f)), ==, id);
      assert_in_view (f, id);
      g_assert_false (bar_shown (f));
      g_assert_false (g_action_group_get_action_enabled (G_ACTION_GROUP (f->window), "show-whole-session"));
      g_assert_cmpuint (f->n_rebuilt, ==, n_rebuilt);
    }
}

/* Focus nests, and the way back goes one level at a time (Escape, the bar's Back) or all the
 * way (Show Whole Session); keys and selections stay within the branch. */
static void
test_nested (Fixture       *f,
             gconstpointer  data)
{
  activate (f, "focus-branch", g_variant_new_string ("a1000002"));
  activate (f, "focus-branch", g_variant_new_string ("c3000001"));
  g_assert_cmpuint (ramo_session_tree_get_focus_depth (tree_of (f)), ==, 2);
  assert_rows_are_walk (f, "c3000001");
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (tree_of (f)->focus_back_button)));
  g_assert_nonnull (strstr (gtk_widget_get_tooltip_text (GTK_WIDGET (tree_of (f)->focus_back_button)), "Let me see"));

  /* nothing outside the branch is reached: not the row above, not by selecting it */
  g_assert_cmpstr (ramo_session_tree_get_selected_id (tree_of (f)), ==, "c3000001");
  g_assert_false (ramo_session_tree_move (tree_of (f), 0));
  g_assert_false (ramo_session_tree_select_entry (tree_of (f), "b2000001"));
  g_assert_false (ramo_session_tree_shows_entry (tree_of (f), "a1000006"));
  g_assert_true (ramo_session_tree_shows_entry (tree_of (f), "e5000014"));
  g_assert_cmpstr (ramo_session_tree_get_selected_id (tree_of (f)), ==, "c3000001");
  g_assert_cmpstr (ramo_session_tree_get_focus_id (tree_of (f)), ==, "c3000001");

  /* Escape: one level back, the inner row selected */
  ramo_session_tree_focus (tree_of (f));
  settle (50);
  g_assert_true (press_tree_shortcut (f, GDK_KEY_Escape));
  g_assert_cmpuint (ramo_session_tree_get_focus_depth (tree_of (f)), ==, 1);
  g_assert_cmpstr (ramo_session_tree_get_focus_id (tree_of (f)), ==, "a1000002");
  assert_rows_are_walk (f, "a1000002");
  g_assert_cmpstr (ramo_session_tree_get_selected_id (tree_of (f)), ==, "c3000001");
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (tree_of (f)->focus_back_button)));

  /* three levels, then the bar's Back, then the whole session at once */
  activate (f, "focus-branch", g_variant_new_string ("c3000001"));
  activate (f, "focus-branch", g_variant_new_string ("e5000008"));
  g_assert_cmpuint (ramo_session_tree_get_focus_depth (tree_of (f)), ==, 3);
  g_signal_emit_by_name (tree_of (f)->focus_back_button, "clicked");
  settle (150);
  g_assert_cmpuint (ramo_session_tree_get_focus_depth (tree_of (f)), ==, 2);
  assert_rows_are_walk (f, "c3000001");
  activate (f, "focus-branch", g_variant_new_string ("e5000008"));
  activate (f, "show-whole-session", NULL);
  g_assert_cmpuint (ramo_session_tree_get_focus_depth (tree_of (f)), ==, 0);
  assert_rows_are_walk (f, NULL);
  g_assert_cmpstr (ramo_session_tree_get_selected_id (tree_of (f)), ==, "e5000008");
  assert_in_view (f, "e5000008");
  /* Escape without a focus is not the tree's */
  g_assert_false (press_tree_shortcut (f, GDK_KEY_Escape));

  /* a row outside the branch (a script asking): a focus of its own */
  activate (f, "focus-branch", g_variant_new_string ("c3000001"));
  activate (f, "focus-branch", g_variant_new_string ("b2000001"));
  g_assert_cmpuint (ramo_session_tree_get_focus_depth (tree_of (f)), ==, 1);
  assert_rows_are_walk (f, "b2000001");
}

/* The filter and the search apply within the branch; a search matching nothing in it says so;
 * a filter hiding the focused row ends the focus, and says why. */
static void
test_filter_and_search (Fixture       *f,
                        gconstpointer  data)
{
  RamoEntry *summary = entry (f, "c3000001");

  activate (f, "focus-branch", g_variant_new_string ("c3000001"));

  /* another filter: the branch as it shows now */
  activate (f, "filter", g_variant_new_string ("no-tools"));
  g_assert_cmpstr (ramo_session_tree_get_focus_id (tree_of (f)), ==, "c3000001");
  assert_rows_are_walk (f, "c3000001");
  g_assert_true (bar_shown (f));

  /* a search the row does not match: the row stays on top, the matches under it */
  set_search (f, "TTL");
  g_assert_cmpstr (ramo_session_tree_get_focus_id (tree_of (f)), ==, "c3000001");
  g_assert_true (ramo_projection_is_anchored (projection_of (f), summary));
  assert_rows_are_walk (f, "c3000001");
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (ramo_session_tree_get_model (tree_of (f)))), >=, 3);
  g_assert_cmpstr (page_of (f), ==, "list");

  /* matches only outside the branch: "No Matches in This Branch", and how many elsewhere */
  set_search (f, "pulls");
  g_assert_cmpstr (ramo_session_tree_get_focus_id (tree_of (f)), ==, "c3000001");
  g_assert_cmpstr (page_of (f), ==, "branch-empty");
  g_assert_cmpstr (adw_status_page_get_description (tree_of (f)->branch_empty_page), ==,
                   "1 entry matches elsewhere in the session");
  set_search (f, "zzzz-nothing");
  g_assert_cmpstr (page_of (f), ==, "branch-empty");
  g_assert_cmpstr (adw_status_page_get_description (tree_of (f)->branch_empty_page), ==,
                   "Nothing in the session matches either");

  /* the search cleared: the branch again */
  set_search (f, "");
  g_assert_cmpstr (page_of (f), ==, "list");
  assert_rows_are_walk (f, "c3000001");

  /* "Search the Whole Session" from the empty page keeps the search, shows every match */
  set_search (f, "pulls");
  gtk_widget_activate_action (GTK_WIDGET (tree_of (f)), "tree.show-whole-session", NULL);
  settle (150);
  g_assert_null (ramo_session_tree_get_focus_id (tree_of (f)));
  g_assert_null (ramo_projection_get_anchor (projection_of (f)));
  assert_rows_are_walk (f, NULL);
  g_assert_false (ramo_projection_is_visible (projection_of (f), summary));
  set_search (f, "");

  /* a filter that hides the row: the focus ends, the window says why */
  activate (f, "focus-branch", g_variant_new_string ("c3000001"));
  g_assert_cmpuint (f->n_lost, ==, 0);
  activate (f, "filter", g_variant_new_string ("user-only"));
  g_assert_null (ramo_session_tree_get_focus_id (tree_of (f)));
  g_assert_cmpuint (f->n_lost, ==, 1);
  g_assert_false (bar_shown (f));
  g_assert_nonnull (strstr (ramo_window_get_last_toast (f->window), "hidden by the filter"));
  assert_rows_are_walk (f, NULL);
  g_assert_null (ramo_projection_get_anchor (projection_of (f)));
}

/* Another session in the window, or the file read again: the focus ends, nothing carried over. */
static void
test_other_session (Fixture       *f,
                    gconstpointer  data)
{
  g_autofree char *other = ramo_test_write_file ("other.jsonl", "", -1);
  g_autofree char *contents = ramo_test_read_file (f->path, NULL);

  activate (f, "focus-branch", g_variant_new_string ("c3000001"));
  g_assert_true (bar_shown (f));

  /* the same file read again */
  ramo_window_reload (f->window);
  for (guint tries = 0; tries < 200 && ramo_window_is_loading (f->window); tries++)
    ramo_test_spin (10);
  settle (200);
  g_assert_null (ramo_session_tree_get_focus_id (tree_of (f)));
  g_assert_false (bar_shown (f));
  assert_rows_are_walk (f, NULL);

  /* another session (a copy) */
  activate (f, "focus-branch", g_variant_new_string ("c3000001"));
  g_assert_cmpstr (ramo_session_tree_get_focus_id (tree_of (f)), ==, "c3000001");
  g_file_set_contents (other, contents, -1, NULL);
  open_path (f, other);
  wait_filled (f);
  g_assert_null (ramo_session_tree_get_focus_id (tree_of (f)));
  g_assert_false (bar_shown (f));
  g_assert_null (ramo_projection_get_anchor (projection_of (f)));
  assert_rows_are_walk (f, NULL);
  g_assert_false (g_action_group_get_action_enabled (G_ACTION_GROUP (f->window), "show-whole-session"));
  g_unlink (other);
}

/* The leaf outside the branch: the focus stays and the bar says so; lines another program
 * appends in the branch come into it. */
static void
test_leaf_outside (Fixture       *f,
                   gconstpointer  data)
{
  RamoSessionManager *manager = ramo_window_get_manager (f->window);
  g_autoptr(GError) error = NULL;
  g_autoptr(RamoSessionManager) writer = ramo_session_manager_open (f->path, &error);
  g_autoptr(JsonNode) user = json_from_string ("{\"role\":\"user\",\"content\":\"and one more thing\"}", NULL);
  g_autofree char *id = NULL;

  g_assert_no_error (error);
  activate (f, "focus-branch", g_variant_new_string ("b2000001"));
  g_assert_true (ramo_session_tree_get_leaf_outside_focus (tree_of (f)));
  g_assert_cmpstr (gtk_label_get_text (tree_of (f)->focus_note), ==, "The leaf is outside this branch");

  /* the leaf comes into the branch */
  activate (f, "navigate-to", g_variant_new ("(sss)", "b2000004", "none", ""));
  g_assert_cmpstr (ramo_session_manager_get_leaf_id (manager), ==, "b2000004");
  g_assert_cmpstr (ramo_session_tree_get_focus_id (tree_of (f)), ==, "b2000001");
  g_assert_false (ramo_session_tree_get_leaf_outside_focus (tree_of (f)));
  g_assert_cmpstr (gtk_label_get_text (tree_of (f)->focus_note), ==, "The leaf is in this branch");
  assert_rows_are_walk (f, "b2000001");

  /* and goes elsewhere (the agent's leaf followed): the focus stays, the bar says so */
  g_assert_true (ramo_session_manager_branch (manager, "e5000014", &error));
  settle (150);
  g_assert_cmpstr (ramo_session_tree_get_focus_id (tree_of (f)), ==, "b2000001");
  g_assert_true (ramo_session_tree_get_leaf_outside_focus (tree_of (f)));
  g_assert_cmpstr (gtk_label_get_text (tree_of (f)->focus_note), ==, "The leaf is outside this branch");
  assert_rows_are_walk (f, "b2000001");

  /* another program appends in the branch: the row comes in, the focus stays */
  g_assert_true (ramo_session_manager_branch (writer, "b2000005", &error));
  id = ramo_session_manager_append_message (writer, user, &error);
  g_assert_no_error (error);
  g_assert_true (ramo_window_refresh (f->window));
  settle (200);
  g_assert_cmpstr (ramo_session_tree_get_focus_id (tree_of (f)), ==, "b2000001");
  assert_rows_are_walk (f, "b2000001");
  g_assert_true (ramo_session_tree_shows_entry (tree_of (f), id));
}

/* The ways in and out as a person finds them: the row menu, the main menu, the keys, the path
 * bar's crumbs above the branch. */
static void
test_menus_and_keys (Fixture       *f,
                     gconstpointer  data)
{
  GtkWidget *menu_button;
  GtkPopover *popover;
  g_auto(GStrv) accels = NULL;
  g_auto(GStrv) actions = NULL;
  RamoPathBar *path_bar = ramo_window_get_path_bar (f->window);

  /* the row menu */
  click_menu_item (row_menu_item (f, "c3000001", "Focus on This Branch"));
  g_assert_cmpstr (ramo_session_tree_get_focus_id (tree_of (f)), ==, "c3000001");
  assert_rows_are_walk (f, "c3000001");
  /* on the focused row it offers the way back instead */
  g_assert_null (row_menu_item (f, "c3000001", "Focus on This Branch"));
  close_row_menu (f);
  click_menu_item (row_menu_item (f, "e5000008", "Focus on This Branch"));
  g_assert_cmpuint (ramo_session_tree_get_focus_depth (tree_of (f)), ==, 2);
  click_menu_item (row_menu_item (f, "e5000010", "Show Whole Session"));
  g_assert_null (ramo_session_tree_get_focus_id (tree_of (f)));
  g_assert_cmpstr (ramo_session_tree_get_selected_id (tree_of (f)), ==, "e5000008");

  /* the main menu, on the selected row */
  g_assert_true (ramo_session_tree_select_entry (tree_of (f), "d4000006"));
  settle (50);
  menu_button = find_widget (GTK_WIDGET (f->window), is_primary_menu_button, NULL);
  g_assert_nonnull (menu_button);
  gtk_menu_button_popup (GTK_MENU_BUTTON (menu_button));
  settle (150);
  popover = gtk_menu_button_get_popover (GTK_MENU_BUTTON (menu_button));
  click_menu_item (find_widget (GTK_WIDGET (popover), is_model_button_labelled, "Focus on This Branch"));
  g_assert_cmpstr (ramo_session_tree_get_focus_id (tree_of (f)), ==, "d4000006");
  assert_rows_are_walk (f, "d4000006");
  gtk_menu_button_popup (GTK_MENU_BUTTON (menu_button));
  settle (150);
  click_menu_item (find_widget (GTK_WIDGET (popover), is_model_button_labelled, "Show Whole Session"));
  g_assert_null (ramo_session_tree_get_focus_id (tree_of (f)));

  /* the keys: Ctrl+Shift+Enter and Alt+Home are these actions', and no other's */
  accels = gtk_application_get_accels_for_action (GTK_APPLICATION (app), "win.focus-selected");
  g_assert_nonnull (accels[0]);
  {
    guint keyval;
    GdkModifierType mods;

    g_assert_true (gtk_accelerator_parse (accels[0], &keyval, &mods));
    g_assert_cmpuint (keyval, ==, GDK_KEY_Return);
    g_assert_cmpuint (mods, ==, GDK_CONTROL_MASK | GDK_SHIFT_MASK);
  }
  actions = gtk_application_get_actions_for_accel (GTK_APPLICATION (app), "<Control><Shift>Return");
  g_assert_cmpuint (g_strv_length (actions), ==, 1);
  g_assert_cmpstr (actions[0], ==, "win.focus-selected");
  g_clear_pointer (&actions, g_strfreev);
  actions = gtk_application_get_actions_for_accel (GTK_APPLICATION (app), "<Alt>Home");
  g_assert_cmpuint (g_strv_length (actions), ==, 1);
  g_assert_cmpstr (actions[0], ==, "win.show-whole-session");

  /* Escape goes back only once nothing else takes it: a search is cleared first */
  activate (f, "focus-selected", NULL);
  g_assert_cmpstr (ramo_session_tree_get_focus_id (tree_of (f)), ==, "d4000006");
  set_search (f, "cache");
  g_assert_false (press_tree_shortcut (f, GDK_KEY_Escape));
  g_assert_cmpstr (ramo_session_tree_get_focus_id (tree_of (f)), ==, "d4000006");
  set_search (f, "");
  g_assert_true (press_tree_shortcut (f, GDK_KEY_Escape));
  g_assert_null (ramo_session_tree_get_focus_id (tree_of (f)));
  g_assert_cmpstr (ramo_session_tree_get_selected_id (tree_of (f)), ==, "d4000006");

  /* the path bar's first crumb lies above the branch: the whole session again, there */
  activate (f, "focus-branch", g_variant_new_string ("e5000008"));
  g_assert_true (ramo_session_tree_select_entry (tree_of (f), "e5000014"));
  settle (100);
  g_assert_cmpstr (g_ptr_array_index (ramo_path_bar_get_ids (path_bar), 0), ==, "a1000001");
  ramo_path_bar_activate (path_bar, 0);
  settle (150);
  g_assert_null (ramo_session_tree_get_focus_id (tree_of (f)));
  g_assert_cmpstr (ramo_session_tree_get_selected_id (tree_of (f)), ==, "a1000001");
  assert_rows_are_walk (f, NULL);
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GError) error = NULL;
  int status;

  g_setenv ("LANGUAGE", "C", TRUE);
  if (!window_test_init (&argc, &argv))
    return 77;
  {
    g_autoptr(GtkCssProvider) css = gtk_css_provider_new ();

    gtk_css_provider_load_from_resource (css, "/io/github/ramo/Ramo/style.css");
    gtk_style_context_add_provider_for_display (gdk_display_get_default (), GTK_STYLE_PROVIDER (css),
                                                GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
  }
  /* the application, for its keys */
  app = ramo_application_new ();
  g_application_register (G_APPLICATION (app), NULL, &error);
  g_assert_no_error (error);

#define ADD(path, func) \
  g_test_add ("/ui/window-focus/" path, Fixture, NULL, fixture_set_up, func, fixture_tear_down)

  ADD ("focus-and-back", test_focus_and_back);
  ADD ("nested", test_nested);
  ADD ("filter-and-search", test_filter_and_search);
  ADD ("other-session", test_other_session);
  ADD ("leaf-outside", test_leaf_outside);
  ADD ("menus-and-keys", test_menus_and_keys);

#undef ADD

  status = g_test_run ();
  g_clear_object (&app);
  return status;
}

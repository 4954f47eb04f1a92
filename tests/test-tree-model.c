/* test-tree-model.c: RamoTreeModel, a tree as a flat list, against GTK's GtkTreeListModel
 *
 * Copyright 2026 The Ramo authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <gtk/gtk.h>

#include "ramo-list-slice.h"
#include "ramo-tree-model.h"

/* The trees are GListStores of GListStores: an item is the list of the rows under it. */
static GListModel *
create_cb (gpointer item,
           gpointer user_data)
{
  return g_object_ref (G_LIST_MODEL (item));
}

/* Every store made, to edit at random (detached ones too: no model hears of those). */
static GPtrArray *stores;

static GListStore *
new_store (guint n_children,
           guint depth)
{
  GListStore *store = g_list_store_new (G_TYPE_LIST_STORE);

  g_ptr_array_add (stores, g_object_ref (store));
  for (guint i = 0; i < n_children; i++)
    {
      g_autoptr(GListStore) child = new_store (depth > 0 ? g_test_rand_int_range (0, 4) : 0, depth > 0 ? depth - 1 : 0);

      g_list_store_append (store, child);
    }
  return store;
}

/* Every change a model told of, as text */
static void
record_cb (GListModel *model,
           guint       position,
           guint       removed,
           guint       added,
           GString    *log)
{
  g_string_append_printf (log, "(%u -%u +%u)", position, removed, added);
}

/* What a view sees of @model: each row's item, depth and fold state (@ours: a RamoTreeModel) */
static char *
rows_of (GListModel *model,
         gboolean    ours)
{
  GString *out = g_string_new (NULL);
  guint n = g_list_model_get_n_items (model);

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(GObject) row = g_list_model_get_item (model, i);
      g_autoptr(GObject) item = NULL;
      guint depth, position;
      gboolean expanded;

      if (ours)
        {
          item = ramo_tree_row_get_item (RAMO_TREE_ROW (row));
          depth = ramo_tree_row_get_depth (RAMO_TREE_ROW (row));
          expanded = ramo_tree_row_get_expanded (RAMO_TREE_ROW (row));
          position = ramo_tree_row_get_position (RAMO_TREE_ROW (row));
        }
      else
        {
          item = gtk_tree_list_row_get_item (GTK_TREE_LIST_ROW (row));
          depth = gtk_tree_list_row_get_depth (GTK_TREE_LIST_ROW (row));
          expanded = gtk_tree_list_row_get_expanded (GTK_TREE_LIST_ROW (row));
          position = gtk_tree_list_row_get_position (GTK_TREE_LIST_ROW (row));
        }
      g_assert_cmpuint (position, ==, i);
      g_string_append_printf (out, "%p/%u%s ", (void *) item, depth, expanded ? "+" : "");
    }
  return g_string_free (out, FALSE);
}

/* Random trees, random folds and unfolds, random edits of the lists: RamoTreeModel shows the
 * same rows as GtkTreeListModel and tells its views of the same changes. */
static void
test_same_as_gtk (void)
{
  for (guint round = 0; round < 40; round++)
    {
      g_autoptr(GListStore) top = NULL;
      g_autoptr(RamoTreeModel) ours = NULL;
      g_autoptr(GtkTreeListModel) theirs = NULL;
      g_autoptr(GString) our_log = g_string_new (NULL);
      g_autoptr(GString) their_log = g_string_new (NULL);
      gboolean autoexpand = g_test_rand_bit ();

      stores = g_ptr_array_new_with_free_func (g_object_unref);
      top = new_store (g_test_rand_int_range (1, 6), 4);
      ours = ramo_tree_model_new (g_object_ref (G_LIST_MODEL (top)), autoexpand, create_cb, NULL, NULL);
      theirs = gtk_tree_list_model_new (g_object_ref (G_LIST_MODEL (top)), FALSE, autoexpand, create_cb, NULL, NULL);
      g_signal_connect (ours, "items-changed", G_CALLBACK (record_cb), our_log);
      g_signal_connect (theirs, "items-changed", G_CALLBACK (record_cb), their_log);

      for (guint step = 0; step < 60; step++)
        {
          g_autofree char *our_rows = NULL;
          g_autofree char *their_rows = NULL;
          guint n = g_list_model_get_n_items (G_LIST_MODEL (theirs));
          int what = g_test_rand_int_range (0, 10);

          if (what < 4 && n > 0)
            {
              guint i = g_test_rand_int_range (0, n);
              g_autoptr(RamoTreeRow) our_row = ramo_tree_model_get_row (ours, i);
              g_autoptr(GtkTreeListRow) their_row = gtk_tree_list_model_get_row (theirs, i);
              gboolean expand = !gtk_tree_list_row_get_expanded (their_row);

              g_assert_cmpint (ramo_tree_row_is_expandable (our_row), ==, gtk_tree_list_row_is_expandable (their_row));
              ramo_tree_row_set_expanded (our_row, expand);
              gtk_tree_list_row_set_expanded (their_row, expand);
            }
          else if (what == 4)
            {
              autoexpand = !autoexpand;
              ramo_tree_model_set_autoexpand (ours, autoexpand);
              gtk_tree_list_model_set_autoexpand (theirs, autoexpand);
            }
          else
            {
              GListStore *store = g_ptr_array_index (stores, g_test_rand_int_range (0, stores->len));
              guint len = g_list_model_get_n_items (G_LIST_MODEL (store));
              guint position = g_test_rand_int_range (0, len + 1);
              guint removed = g_test_rand_int_range (0, len - position + 1);
              guint added = g_test_rand_int_range (removed == 0 ? 1 : 0, 3);
              g_autoptr(GPtrArray) additions = g_ptr_array_new_with_free_func (g_object_unref);

              for (guint k = 0; k < added; k++)
                g_ptr_array_add (additions, new_store (g_test_rand_int_range (0, 3), 2));
              g_list_store_splice (store, position, removed, additions->pdata, added);
            }

          our_rows = rows_of (G_LIST_MODEL (ours), TRUE);
          their_rows = rows_of (G_LIST_MODEL (theirs), FALSE);
          g_assert_cmpstr (our_rows, ==, their_rows);
          g_assert_cmpstr (our_log->str, ==, their_log->str);
        }
      g_clear_pointer (&stores, g_ptr_array_unref);
    }
}

/* A row taken out of the model (its parent folded) says so: no depth, no fold, not
 * unfoldable; its item stays. */
static void
test_row_removed (void)
{
  g_autoptr(GListStore) top = NULL;
  g_autoptr(RamoTreeModel) model = NULL;
  g_autoptr(RamoTreeRow) parent = NULL;
  g_autoptr(RamoTreeRow) child = NULL;
  g_autoptr(GObject) item = NULL;

  stores = g_ptr_array_new_with_free_func (g_object_unref);
  top = g_list_store_new (G_TYPE_LIST_STORE);
  {
    g_autoptr(GListStore) a = new_store (0, 0);
    g_autoptr(GListStore) b = new_store (1, 0);

    g_list_store_append (a, b);
    g_list_store_append (top, a);
  }
  model = ramo_tree_model_new (g_object_ref (G_LIST_MODEL (top)), TRUE, create_cb, NULL, NULL);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (model)), ==, 3);
  parent = ramo_tree_model_get_row (model, 0);
  child = ramo_tree_model_get_row (model, 1);
  g_assert_true (ramo_tree_row_is_expandable (child));
  g_assert_true (ramo_tree_row_get_expanded (child));
  g_assert_cmpuint (ramo_tree_row_get_depth (child), ==, 1);

  ramo_tree_row_set_expanded (parent, FALSE);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (model)), ==, 1);
  g_assert_false (ramo_tree_row_is_expandable (child));
  g_assert_false (ramo_tree_row_get_expanded (child));
  g_assert_cmpuint (ramo_tree_row_get_depth (child), ==, 0);
  g_assert_null (ramo_tree_row_get_parent (child));
  item = ramo_tree_row_get_item (child);
  g_assert_true (G_IS_LIST_STORE (item));
  g_clear_pointer (&stores, g_ptr_array_unref);
}

/* A tree 30,000 levels deep (a chain where every row also has a leaf beside its child, as pi
 * lays out a session whose every entry is a branch point) unfolds whole, in a loop: every row
 * has its depth and its parent, and folding the top row leaves it alone. */
static void
test_deep (void)
{
  const guint levels = 30000;
  g_autoptr(GListStore) top = g_list_store_new (G_TYPE_LIST_STORE);
  g_autoptr(RamoTreeModel) model = NULL;
  g_autoptr(RamoTreeRow) last = NULL;
  g_autoptr(RamoTreeRow) parent = NULL;
  g_autoptr(RamoTreeRow) first = NULL;
  GListStore *store = top;

  for (guint i = 0; i < levels; i++)
    {
      g_autoptr(GListStore) point = g_list_store_new (G_TYPE_LIST_STORE);
      g_autoptr(GListStore) side = g_list_store_new (G_TYPE_LIST_STORE);

      g_list_store_append (store, point);
      if (i > 0)
        g_list_store_append (store, side);
      store = point;
    }

  model = ramo_tree_model_new (g_object_ref (G_LIST_MODEL (top)), TRUE, create_cb, NULL, NULL);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (model)), ==, 2 * levels - 1);
  /* the last point is the row before the last side row */
  last = ramo_tree_model_get_row (model, levels - 1);
  g_assert_cmpuint (ramo_tree_row_get_depth (last), ==, levels - 1);
  g_assert_cmpuint (ramo_tree_row_get_position (last), ==, levels - 1);
  parent = ramo_tree_row_get_parent (last);
  g_assert_cmpuint (ramo_tree_row_get_depth (parent), ==, levels - 2);

  first = ramo_tree_model_get_row (model, 0);
  ramo_tree_row_set_expanded (first, FALSE);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (model)), ==, 1);
  g_assert_cmpuint (ramo_tree_row_get_depth (last), ==, 0);
  /* unfolding it again without autoexpand brings its own rows, folded */
  ramo_tree_model_set_autoexpand (model, FALSE);
  ramo_tree_row_set_expanded (first, TRUE);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (model)), ==, 3);
}

/* Rows taken out are freed after, in the main loop (a fold can take out every row of the
 * session); cleared, a model has no rows and follows its lists no more. */
static void
test_freed_after (void)
{
  g_autoptr(GListStore) top = g_list_store_new (G_TYPE_LIST_STORE);
  g_autoptr(GListStore) a = g_list_store_new (G_TYPE_LIST_STORE);
  g_autoptr(RamoTreeModel) model = NULL;
  g_autoptr(RamoTreeRow) row = NULL;
  g_autoptr(GString) log = g_string_new (NULL);
  GListStore *x = g_list_store_new (G_TYPE_LIST_STORE);
  gpointer weak = x;

  g_object_add_weak_pointer (G_OBJECT (x), &weak);
  g_list_store_append (a, x);
  g_object_unref (x);
  g_list_store_append (top, a);
  model = ramo_tree_model_new (g_object_ref (G_LIST_MODEL (top)), TRUE, create_cb, NULL, NULL);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (model)), ==, 2);

  /* the fold takes x's row out at once; x itself goes once the main loop has run */
  row = ramo_tree_model_get_row (model, 0);
  ramo_tree_row_set_expanded (row, FALSE);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (model)), ==, 1);
  g_list_store_remove_all (a);
  g_assert_nonnull (weak);
  while (g_main_context_iteration (NULL, FALSE))
    ;
  g_assert_null (weak);

  g_signal_connect (model, "items-changed", G_CALLBACK (record_cb), log);
  ramo_tree_model_clear (model);
  g_assert_cmpstr (log->str, ==, "(0 -1 +0)");
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (model)), ==, 0);
  g_assert_false (ramo_tree_row_is_expandable (row));
  g_list_store_remove_all (top);
  g_assert_cmpstr (log->str, ==, "(0 -1 +0)");
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

/* @positions, each one more than the position it means (the place function's way) */
static guint
place_shifted_cb (GListModel *list,
                  guint       position,
                  gpointer    user_data)
{
  guint *calls = user_data;

  (*calls)++;
  g_assert_true (G_IS_LIST_MODEL (list));
  return position == 0 ? G_MAXUINT : position - 1;
}

/* The row at the end of a path of positions is the one the rows' own child rows lead to, or
 * none when a row on the way is folded or a position is past its list's end. */
static void
test_row_at_path (void)
{
  for (guint round = 0; round < 20; round++)
    {
      g_autoptr(GListStore) top = NULL;
      g_autoptr(RamoTreeModel) model = NULL;
      guint n;

      stores = g_ptr_array_new_with_free_func (g_object_unref);
      top = new_store (g_test_rand_int_range (1, 5), 4);
      model = ramo_tree_model_new (g_object_ref (G_LIST_MODEL (top)), TRUE, create_cb, NULL, NULL);
      /* some rows folded */
      n = g_list_model_get_n_items (G_LIST_MODEL (model));
      for (guint k = 0; k < 3 && n > 0; k++)
        {
          g_autoptr(RamoTreeRow) row = ramo_tree_model_get_row (model, g_test_rand_int_range (0, n));

          ramo_tree_row_set_expanded (row, FALSE);
          n = g_list_model_get_n_items (G_LIST_MODEL (model));
        }

      for (guint step = 0; step < 50; step++)
        {
          guint positions[6], shifted[6];
          guint depth = g_test_rand_int_range (1, 6);
          g_autoptr(RamoTreeRow) expected = NULL;
          g_autoptr(RamoTreeRow) found = NULL;
          g_autoptr(RamoTreeRow) found_shifted = NULL;
          guint calls = 0;

          for (guint d = 0; d < depth; d++)
            {
              positions[d] = g_test_rand_int_range (0, 4);
              shifted[d] = positions[d] + 1;
            }
          /* the way there, one row after another */
          expected = ramo_tree_model_get_child_row (model, positions[0]);
          for (guint d = 1; d < depth && expected != NULL; d++)
            {
              RamoTreeRow *child = ramo_tree_row_get_child_row (expected, positions[d]);

              g_object_unref (expected);
              expected = child;
            }

          found = ramo_tree_model_get_row_at_path (model, positions, depth, NULL, NULL);
          found_shifted = ramo_tree_model_get_row_at_path (model, shifted, depth, place_shifted_cb, &calls);
          g_assert_true (found == expected);
          g_assert_true (found_shifted == expected);
          g_assert_cmpuint (calls, >=, 1);
          if (expected != NULL)
            g_assert_cmpuint (calls, ==, depth);
        }
      g_clear_pointer (&stores, g_ptr_array_unref);
    }
}

/* Keeps count of the rows a view would hold */
static void
count_cb (GListModel *model,
          guint       position,
          guint       removed,
          guint       added,
          guint      *n)
{
  g_assert_cmpuint (*n, >=, removed);
  *n = *n - removed + added;
}

/* A model made over a list deep in a tree, at that list's depth, then grown up one row at a
 * time (each a one-item slice of the list above) and its slices grown whole, shows the rows of
 * a model made over the whole tree, and told its views of every row it took in. */
static void
test_grow_up (void)
{
  for (guint round = 0; round < 30; round++)
    {
      g_autoptr(GListStore) top = NULL;
      g_autoptr(RamoTreeModel) whole = NULL;
      g_autoptr(RamoTreeModel) part = NULL;
      g_autoptr(GPtrArray) lists = g_ptr_array_new ();
      g_autoptr(GArray) path = g_array_new (FALSE, FALSE, sizeof (guint));
      g_autoptr(GPtrArray) slices = g_ptr_array_new_with_free_func (g_object_unref);
      g_autofree char *whole_rows = NULL;
      g_autofree char *part_rows = NULL;
      GListModel *list;
      guint n_seen = 0;

      stores = g_ptr_array_new_with_free_func (g_object_unref);
      top = new_store (g_test_rand_int_range (1, 4), 5);
      whole = ramo_tree_model_new (g_object_ref (G_LIST_MODEL (top)), TRUE, create_cb, NULL, NULL);

      /* down the tree at random, as long as there are rows under */
      for (list = G_LIST_MODEL (top); g_list_model_get_n_items (list) > 0;)
        {
          guint i = g_test_rand_int_range (0, g_list_model_get_n_items (list));
          g_autoptr(GListModel) child = g_list_model_get_item (list, i);

          if (g_list_model_get_n_items (child) == 0 && lists->len > 0)
            break;
          g_ptr_array_add (lists, list);
          g_array_append_val (path, i);
          list = child;
        }
      if (g_list_model_get_n_items (list) == 0)
        {
          g_clear_pointer (&stores, g_ptr_array_unref);
          continue;
        }

      part = ramo_tree_model_new_at_depth (g_object_ref (list), lists->len, TRUE, create_cb, NULL, NULL);
      g_assert_cmpuint (ramo_tree_model_get_top_depth (part), ==, lists->len);
      n_seen = g_list_model_get_n_items (G_LIST_MODEL (part));
      g_signal_connect (part, "items-changed", G_CALLBACK (count_cb), &n_seen);
      for (guint k = lists->len; k > 0; k--)
        {
          RamoListSlice *slice = ramo_list_slice_new (g_ptr_array_index (lists, k - 1), g_array_index (path, guint, k - 1), 1);

          g_ptr_array_add (slices, g_object_ref (slice));
          ramo_tree_model_grow_up (part, G_LIST_MODEL (slice));
          g_assert_cmpuint (ramo_tree_model_get_top_depth (part), ==, k - 1);
          /* the row put above is the top row, unfolded, over the rows it holds */
          {
            g_autoptr(RamoTreeRow) first = ramo_tree_model_get_row (part, 0);
            g_autoptr(RamoTreeRow) second = ramo_tree_model_get_row (part, 1);
            g_autoptr(RamoTreeRow) parent = second ? ramo_tree_row_get_parent (second) : NULL;

            g_assert_cmpuint (ramo_tree_row_get_depth (first), ==, k - 1);
            g_assert_true (ramo_tree_row_get_expanded (first));
            g_assert_true (parent == first);
          }
        }
      for (guint k = 0; k < slices->len; k++)
        ramo_list_slice_grow (g_ptr_array_index (slices, k), 0);

      whole_rows = rows_of (G_LIST_MODEL (whole), TRUE);
      part_rows = rows_of (G_LIST_MODEL (part), TRUE);
      g_assert_cmpstr (part_rows, ==, whole_rows);
      g_assert_cmpuint (n_seen, ==, g_list_model_get_n_items (G_LIST_MODEL (part)));
      g_clear_pointer (&stores, g_ptr_array_unref);
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/ui/tree-model/same-as-gtk", test_same_as_gtk);
  g_test_add_func ("/ui/tree-model/row-removed", test_row_removed);
  g_test_add_func ("/ui/tree-model/deep", test_deep);
  g_test_add_func ("/ui/tree-model/freed-after", test_freed_after);
  g_test_add_func ("/ui/tree-model/row-at-path", test_row_at_path);
  g_test_add_func ("/ui/tree-model/grow-up", test_grow_up);
  return g_test_run ();
}

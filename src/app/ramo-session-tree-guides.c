/* ramo-session-tree-guides.c — the tree's indentation and guides, decided for the rows in view
 *
 * Copyright 2026 The Ramo authors
 *
 * This program is free software: you can redistribute it and/or modify it under the terms of the
 * GNU General Public License as published by the Free Software Foundation, either version 3 of
 * the License, or (at your option) any later version.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ramo-session-tree"

#include "config.h"

#include "ramo-session-tree-private.h"
#include "ramo-tree-expander.h"

/* pi's layout nests one level deeper at every branch point, so a session navigated a few
 * hundred times is hundreds of levels deep, far more than any width indents. A row is not
 * indented by its depth but by its column among the depths of the rows in view:
 *
 * - the shallowest rows in view take the first column (their connector in it); the levels
 *   above them scrolled off to the left, and the path bar shows them
 *   (#RamoSessionTree:scrolled-off-id);
 * - each deeper depth that a row in view has takes the next column; depths no row in view has
 *   take none, and a column that stands for several levels draws its guides dotted.
 *
 * So the columns are never more than the rows in view, the indentation never collapses into
 * one column, and a row's guides are read off the model walking up only the columns shown. */

typedef struct
{
  RamoSessionTree *self;
  GArray          *depths;     /* (element-type guint) sorted: the depth of each column's rows */
  GByteArray      *exact;      /* scratch: the guides of every level */
  GByteArray      *columns;    /* scratch: the guides of the columns */
} GuidesPass;

static gboolean
item_is_sibling (gpointer item,
                 gpointer user_data)
{
  return RAMO_IS_PROJECTION_NODE (item) && ramo_projection_node_get_is_branch_start (item);
}

/* Whether the rows under @row hang from it as siblings (it is a branch point, unfolded) */
static gboolean
row_has_sibling_children (RamoTreeRow *row)
{
  GListModel *children = ramo_tree_row_get_expanded (row) ? ramo_tree_row_get_children (row) : NULL;
  g_autoptr(GObject) first = NULL;

  if (children == NULL || g_list_model_get_n_items (children) < 2)
    return FALSE;
  first = g_list_model_get_item (children, 0);
  return item_is_sibling (first, NULL);
}

static guint
row_depth_of (GtkWidget *child)
{
  RamoTreeRow *row = RAMO_IS_TREE_EXPANDER (child) ? ramo_tree_expander_get_list_row (RAMO_TREE_EXPANDER (child)) : NULL;

  return row ? ramo_tree_row_get_depth (row) : 0;
}

/* The column of a row at @depth: its place among the depths in view, or past the deepest one
 * level a column (a row bound out of view) */
static guint
column_of (GArray *depths,
           guint   depth)
{
  guint last = g_array_index (depths, guint, depths->len - 1), n = 0;

  if (depth > last)
    return depths->len - 1 + (depth - last);
  while (n < depths->len && g_array_index (depths, guint, n) < depth)
    n++;
  return n;
}

/* The depth column @column's rows have (past the deepest in view: one more each) */
static guint
depth_of_column (GArray *depths,
                 guint   column)
{
  if (column < depths->len)
    return g_array_index (depths, guint, column);
  return g_array_index (depths, guint, depths->len - 1) + (column - (depths->len - 1));
}

static void
apply_guides (gpointer child,
              gpointer user_data)
{
  GuidesPass *pass = user_data;
  RamoTreeExpander *expander = RAMO_IS_TREE_EXPANDER (child) ? child : NULL;
  RamoTreeRow *row = expander ? ramo_tree_expander_get_list_row (expander) : NULL;
  guint depth, base, column, n;

  if (row == NULL)
    return;
  depth = ramo_tree_row_get_depth (row);
  base = g_array_index (pass->depths, guint, 0);
  column = depth > base ? column_of (pass->depths, depth) : 0;

  g_byte_array_set_size (pass->exact, depth > base ? depth - base : 0);
  n = ramo_tree_row_get_guides (row, base, item_is_sibling, NULL, pass->exact->data, pass->exact->len);
  g_byte_array_set_size (pass->columns, column);
  for (guint i = 0; i < column; i++)
    {
      /* column i draws the row on the way at the depth of column i + 1 */
      guint to = depth_of_column (pass->depths, i + 1), from = depth_of_column (pass->depths, i);
      guint8 guide = to - base - 1 < n ? pass->exact->data[to - base - 1] : RAMO_TREE_GUIDE_NONE;

      pass->columns->data[i] = guide | (to != from + 1 ? RAMO_TREE_EXPANDER_GUIDE_GAP : 0);
    }
  ramo_tree_expander_set_guides (expander, pass->columns->data, column,
                                 MAX (pass->depths->len, 1) - 1,
                                 row_has_sibling_children (row));
}

static void
set_scrolled_off (RamoSessionTree *self,
                  const char      *id)
{
  if (g_strcmp0 (self->scrolled_off_id, id) == 0)
    return;
  g_free (self->scrolled_off_id);
  self->scrolled_off_id = g_strdup (id);
  _ramo_session_tree_notify_scrolled_off (self);
}

/* The entry above the shallowest row in view: the deepest of those scrolled off */
static void
update_scrolled_off (RamoSessionTree *self,
                     GtkWidget       *first_shallowest,
                     guint            shallowest)
{
  RamoTreeRow *row;
  g_autoptr(RamoTreeRow) parent = NULL;
  g_autoptr(RamoProjectionNode) node = NULL;
  g_autoptr(RamoProjectionNode) own = NULL;

  if (first_shallowest == NULL || shallowest == 0)
    {
      set_scrolled_off (self, NULL);
      return;
    }

  row = ramo_tree_expander_get_list_row (RAMO_TREE_EXPANDER (first_shallowest));
  parent = ramo_tree_row_get_parent (row);
  node = parent ? _ramo_session_tree_row_get_node (parent) : NULL;
  /* a top row deeper than 0: the rows above it are still to come
   * (_ramo_session_tree_grow_up()); the projection knows its parent */
  if (node == NULL && (own = _ramo_session_tree_row_get_node (row)) != NULL &&
      ramo_projection_node_get_parent (own) != NULL)
    node = g_object_ref (ramo_projection_node_get_parent (own));
  set_scrolled_off (self, node ? ramo_projection_node_get_id (node) : NULL);
}

static int
compare_depths (gconstpointer a,
                gconstpointer b)
{
  guint x = *(const guint *) a, y = *(const guint *) b;

  return x < y ? -1 : x > y;
}

/**
 * _ramo_session_tree_update_guides:
 * @self: a session tree
 *
 * Gives every row bound now its column and its guides, for the rows in view now.
 */
void
_ramo_session_tree_update_guides (RamoSessionTree *self)
{
  g_autoptr(GArray) depths = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr(GByteArray) exact = g_byte_array_new ();
  g_autoptr(GByteArray) columns = g_byte_array_new ();
  GuidesPass pass = { self, depths, exact, columns };
  GtkWidget *first_shallowest = NULL;
  guint start, end, shallowest = G_MAXUINT;

  ramo_list_view_get_rows_in_view (self->list_view, &start, &end);
  for (guint p = start; p < end; p++)
    {
      GtkWidget *item = ramo_list_view_get_list_item (self->list_view, p);
      GtkWidget *child = item ? gtk_widget_get_first_child (item) : NULL;

      if (child != NULL)
        {
          guint depth = row_depth_of (child);

          g_array_append_val (depths, depth);
          /* the first row in view of the shallowest depth, which the rows scrolled off hang above */
          if (depth < shallowest)
            {
              shallowest = depth;
              first_shallowest = child;
            }
        }
    }
  if (depths->len == 0)
    {
      set_scrolled_off (self, NULL);
      return;
    }

  g_array_sort (depths, compare_depths);
  for (guint i = depths->len - 1; i > 0; i--)
    if (g_array_index (depths, guint, i) == g_array_index (depths, guint, i - 1))
      g_array_remove_index (depths, i);
  /* the shallowest rows keep a column for their connector */
  if (shallowest > 0)
    {
      guint above = shallowest - 1;

      g_array_prepend_val (depths, above);
    }

  ramo_list_view_foreach_list_item (self->list_view, apply_guides, &pass);
  update_scrolled_off (self, first_shallowest, shallowest);
}

static void
rows_in_view_changed_cb (RamoSessionTree *self,
                         RamoListView    *list_view)
{
  _ramo_session_tree_update_guides (self);
}

void
_ramo_session_tree_guides_init (RamoSessionTree *self)
{
  g_signal_connect_object (self->list_view, "rows-in-view-changed",
                           G_CALLBACK (rows_in_view_changed_cb), self, G_CONNECT_SWAPPED);
}

/**
 * ramo_session_tree_get_scrolled_off_id:
 * @self: a session tree
 *
 * The rows in view are indented from the shallowest of them (see
 * `ramo-session-tree-guides.c`): the rows above it, scrolled off to the left, are the
 * ancestors of this entry, its parent row, and this entry itself.
 *
 * Returns: (nullable): the id of the entry whose row the shallowest rows in view hang from,
 *   %NULL when they are top rows
 */
const char *
ramo_session_tree_get_scrolled_off_id (RamoSessionTree *self)
{
  g_return_val_if_fail (RAMO_IS_SESSION_TREE (self), NULL);
  return self->scrolled_off_id;
}

/**
 * ramo_session_tree_selected_in_view:
 * @self: a session tree
 *
 * Returns: whether the selected row is in view now, partly or wholly (%FALSE without a
 *   selection, and before the tree has a size)
 */
gboolean
ramo_session_tree_selected_in_view (RamoSessionTree *self)
{
  guint start, end, position;

  g_return_val_if_fail (RAMO_IS_SESSION_TREE (self), FALSE);

  if (self->selection == NULL)
    return FALSE;
  position = gtk_single_selection_get_selected (self->selection);
  ramo_list_view_get_rows_in_view (self->list_view, &start, &end);
  return position != GTK_INVALID_LIST_POSITION && position >= start && position < end;
}

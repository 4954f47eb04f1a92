/* ramo-projection-walk.c — moving through the tree as it is shown: parents, children, siblings,
 * branch points, and where a row stands among all of them
 *
 * Copyright 2026 The Ramo authors
 *
 * This program is free software: you can redistribute it and/or modify it under the terms of the
 * GNU General Public License as published by the Free Software Foundation, either version 3 of
 * the License, or (at your option) any later version.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ramo-projection"

#include "config.h"

#include "ramo-projection-private.h"

/*
 * The tree shown is the session's tree with the entries the filter and the search hide taken
 * out: a shown entry hangs under its nearest shown ancestor (spec §7). These functions answer
 * in those terms, and in the order pi lists the rows (pre-order, the leaf's branch first: the
 * layout's `order`), whatever rows are folded.
 */

/**
 * ramo_projection_get_visible_parent:
 * @self: a projection
 * @entry: an entry with a row
 *
 * Returns: (transfer none) (nullable): the entry @entry's row hangs under (its nearest
 *   ancestor with a row), or %NULL at the top level
 */
RamoEntry *
ramo_projection_get_visible_parent (RamoProjection  *self,
                                    const RamoEntry *entry)
{
  g_return_val_if_fail (RAMO_IS_PROJECTION (self), NULL);
  g_return_val_if_fail (entry != NULL, NULL);

  return ramo_projection_nearest_visible (self, entry->parent);
}

/* The layout's pre-order walk, made again if the leaf moved since the last layout. */
static gboolean
ensure_order (RamoProjection *self)
{
  if (self->rows == NULL)
    return FALSE;
  _ramo_projection_ensure_order (self, ramo_session_manager_get_roots (self->manager), self->n_rows,
                                 ramo_session_manager_get_leaf (self->manager));
  return self->order_valid;
}

/* The position of each of @entries in the layout's order, by a single pass over it. */
static void
sort_by_order (RamoProjection *self,
               GPtrArray      *entries)
{
  g_autoptr(GHashTable) rank = NULL;
  guint found = 0;

  if (entries->len < 2 || !ensure_order (self))
    return;
  rank = g_hash_table_new (NULL, NULL);
  for (guint i = 0; i < entries->len; i++)
    g_hash_table_insert (rank, g_ptr_array_index (entries, i), GUINT_TO_POINTER (G_MAXUINT));
  for (guint i = 0; i < self->n_order && found < entries->len; i++)
    {
      RamoEntry *e = ramo_session_manager_get_entry_at (self->manager, self->order[i]);

      if (g_hash_table_contains (rank, e))
        {
          g_hash_table_insert (rank, e, GUINT_TO_POINTER (i));
          found++;
        }
    }
  /* a few entries: insertion sort on their ranks */
  for (guint i = 1; i < entries->len; i++)
    for (guint j = i; j > 0; j--)
      {
        gpointer a = g_ptr_array_index (entries, j - 1), b = g_ptr_array_index (entries, j);

        if (GPOINTER_TO_UINT (g_hash_table_lookup (rank, a)) <= GPOINTER_TO_UINT (g_hash_table_lookup (rank, b)))
          break;
        entries->pdata[j - 1] = b;
        entries->pdata[j] = a;
      }
}

/**
 * ramo_projection_dup_visible_children:
 * @self: a projection
 * @entry: (nullable): an entry with a row, or %NULL for the top level
 *
 * The rows that hang directly under @entry's: its nearest descendants with a row, each
 * found through entries without one. Folds do not matter.
 *
 * Returns: (transfer container) (element-type RamoEntry): the entries, in the order the rows
 *   are listed
 */
GPtrArray *
ramo_projection_dup_visible_children (RamoProjection  *self,
                                      const RamoEntry *entry)
{
  GPtrArray *children = g_ptr_array_new ();
  g_autoptr(GPtrArray) stack = g_ptr_array_new ();

  g_return_val_if_fail (RAMO_IS_PROJECTION (self), children);

  if (entry == NULL)
    {
      GPtrArray *roots = ramo_session_manager_get_roots (self->manager);

      for (guint i = roots->len; i-- > 0;)
        g_ptr_array_add (stack, g_ptr_array_index (roots, i));
    }
  else if (entry->children)
    for (guint i = entry->n_children; i-- > 0;)
      g_ptr_array_add (stack, entry->children[i]);

  /* no recursion: a hidden chain may be as long as the session */
  while (stack->len > 0)
    {
      RamoEntry *e = g_ptr_array_steal_index (stack, stack->len - 1);

      if (ramo_projection_is_visible (self, e))
        g_ptr_array_add (children, e);
      else if (e->children)
        for (guint i = e->n_children; i-- > 0;)
          g_ptr_array_add (stack, e->children[i]);
    }
  sort_by_order (self, children);
  return children;
}

/**
 * ramo_projection_is_branch_point:
 * @self: a projection
 * @entry: an entry with a row
 *
 * Returns: whether more than one row hangs directly under @entry's
 */
gboolean
ramo_projection_is_branch_point (RamoProjection  *self,
                                 const RamoEntry *entry)
{
  g_autoptr(GPtrArray) stack = NULL;
  guint found = 0;

  g_return_val_if_fail (RAMO_IS_PROJECTION (self), FALSE);
  g_return_val_if_fail (entry != NULL, FALSE);

  if (entry->n_children == 0)
    return FALSE;
  /* the rows under it, counted up to two (no order needed, no recursion) */
  stack = g_ptr_array_new ();
  for (guint i = 0; i < entry->n_children; i++)
    g_ptr_array_add (stack, entry->children[i]);
  while (stack->len > 0 && found < 2)
    {
      RamoEntry *e = g_ptr_array_steal_index (stack, stack->len - 1);

      if (ramo_projection_is_visible (self, e))
        found++;
      else if (e->children)
        for (guint i = 0; i < e->n_children; i++)
          g_ptr_array_add (stack, e->children[i]);
    }
  return found > 1;
}

/**
 * ramo_projection_get_visible_rank:
 * @self: a projection
 * @entry: an entry with a row
 *
 * Where @entry's row stands among all the rows, folded or not, as pi counts for its `(N/M)`:
 * N of ramo_projection_get_n_visible().
 *
 * Returns: the position from 1, or 0 when @entry has no row or the layout is being made
 */
guint
ramo_projection_get_visible_rank (RamoProjection  *self,
                                  const RamoEntry *entry)
{
  guint rank = 0;

  g_return_val_if_fail (RAMO_IS_PROJECTION (self), 0);
  g_return_val_if_fail (entry != NULL, 0);

  if (!ramo_projection_is_visible (self, entry) || !ensure_order (self))
    return 0;
  for (guint i = 0; i < self->n_order; i++)
    {
      guint32 index = self->order[i];

      if (index < self->n_rows && self->rows[index].visible)
        rank++;
      if (index == entry->index)
        return rank;
    }
  return 0;
}

/**
 * ramo_projection_dup_node_path:
 * @self: a projection
 * @entry: an entry with a row
 *
 * The rows from the top level down to @entry's row, with their positions, so that a view can
 * expand each and select the last. Even indexes hold the #RamoProjectionNode, odd ones the
 * position (GUINT_TO_POINTER) of that row in the list that holds it.
 *
 * Returns: (transfer full) (nullable): the path, or %NULL when @entry has no row
 */
GPtrArray *
ramo_projection_dup_node_path (RamoProjection  *self,
                               const RamoEntry *entry)
{
  g_return_val_if_fail (RAMO_IS_PROJECTION (self), NULL);

  return ramo_projection_dup_node_path_tail (self, entry, 0, NULL, NULL);
}

/**
 * ramo_projection_dup_node_path_tail:
 * @self: a projection
 * @entry: an entry with a row
 * @max_levels: how many levels at most, the deepest (0 for all of them)
 * @above: (out) (transfer none) (optional) (nullable): the row whose list holds the first row of
 *   the path, %NULL when that is a top-level row
 * @depth: (out) (optional): the depth of the first row of the path (0 for a top-level row)
 *
 * The end of ramo_projection_dup_node_path(): a view that shows the rows deep in the tree
 * first need not make a row for each of the tens of thousands of levels above them.
 *
 * Returns: (transfer full) (nullable): the path as ramo_projection_dup_node_path() makes it,
 *   of the last @max_levels levels; %NULL when @entry has no row
 */
GPtrArray *
ramo_projection_dup_node_path_tail (RamoProjection      *self,
                                    const RamoEntry     *entry,
                                    guint                max_levels,
                                    RamoProjectionNode **above,
                                    guint               *depth)
{
  GPtrArray *path;
  RamoEntry *e = (RamoEntry *) entry;
  guint levels = 0;

  g_return_val_if_fail (RAMO_IS_PROJECTION (self), NULL);

  if (above)
    *above = NULL;
  if (depth)
    *depth = 0;
  if (!ramo_projection_is_visible (self, entry))
    return NULL;

  /* up from @entry, then turned around: inserting at the front would move the whole path at
   * every level (a 30,000-level comb: 0.1-0.4 s) */
  path = g_ptr_array_new ();
  for (; e && (max_levels == 0 || levels < max_levels); e = self->rows[e->index].owner, levels++)
    {
      g_ptr_array_add (path, GUINT_TO_POINTER (self->rows[e->index].position));
      g_ptr_array_add (path, _ramo_projection_get_node (self, e));
    }
  for (guint i = 0, j = path->len - 1; i < j; i++, j--)
    {
      gpointer p = path->pdata[i];

      path->pdata[i] = path->pdata[j];
      path->pdata[j] = p;
    }
  if (above && e != NULL)
    *above = _ramo_projection_get_node (self, e);
  /* the levels above, counted only when asked for */
  if (depth)
    for (; e; e = self->rows[e->index].owner)
      (*depth)++;
  return path;
}

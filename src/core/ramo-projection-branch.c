/* ramo-projection-branch.c — the tree as shown from one row down: the row and what hangs under
 * it, as a list model a view can show as its top level; and the anchor, the row a search
 * leaves in place so that a view focused on it can search within it
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

/**
 * RamoProjectionBranch:
 *
 * The rows of a #RamoProjection from one row down (its *branch*): the top level of the tree
 * shown when a view is focused on that row, as a #GListModel of #RamoProjectionNode.
 *
 * In pi's layout (spec §7) a chain of single children stays in one list, so what hangs under a
 * row is not always in the row's own nested list: a row that starts a branch (one of several
 * children, or of several roots) has its whole branch nested under it, and the branch is that
 * row alone; a row that continues a chain is followed, in its list, by the rest of the chain
 * (its descendants, laid out flat down to the next branch point), and the branch is the row
 * and the rows after it in that list. Either way the branch's rows are the projection's own
 * nodes in the projection's own lists: making one reads no entry and lays nothing out.
 *
 * A branch follows ramo_projection_update() (lines appended: the rows after it come and go as
 * they do in its list); a layout that drops the rows made before (ramo_projection_rebuild(), a
 * reload) leaves it behind: it then holds no rows, ramo_projection_branch_is_current() says so,
 * and a view makes a new one with ramo_projection_dup_branch().
 */

struct _RamoProjectionBranch
{
  GObject         parent_instance;

  RamoProjection *projection;
  GListModel     *list;       /* the list holding the row: the projection, or the node of `owner` */
  RamoEntry      *entry;
  RamoEntry      *owner;
  gulong          handler;
  guint           position;   /* of the row in `list` */
  guint           n_items;
  guint           epoch;      /* the projection's when the branch was made */
  guint           chain : 1;  /* the row continues a chain: the rows after it are its own */
};

static void ramo_projection_branch_list_model_init (GListModelInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (RamoProjectionBranch, ramo_projection_branch, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_LIST_MODEL, ramo_projection_branch_list_model_init))

/* Whether the rows the branch was made over still answer for the projection's layout. */
static gboolean
is_of_layout (RamoProjectionBranch *self)
{
  return self->handler != 0 && self->epoch == self->projection->epoch;
}

static GType
ramo_projection_branch_get_item_type (GListModel *model)
{
  return RAMO_TYPE_PROJECTION_NODE;
}

static guint
ramo_projection_branch_get_n_items (GListModel *model)
{
  return RAMO_PROJECTION_BRANCH (model)->n_items;
}

static gpointer
ramo_projection_branch_get_item (GListModel *model,
                                 guint       position)
{
  RamoProjectionBranch *self = RAMO_PROJECTION_BRANCH (model);

  if (position >= self->n_items || !is_of_layout (self))
    return NULL;
  return g_list_model_get_item (self->list, self->position + position);
}

static void
ramo_projection_branch_list_model_init (GListModelInterface *iface)
{
  iface->get_item_type = ramo_projection_branch_get_item_type;
  iface->get_n_items = ramo_projection_branch_get_n_items;
  iface->get_item = ramo_projection_branch_get_item;
}

static guint
rows_from (RamoProjectionBranch *self)
{
  guint n = g_list_model_get_n_items (self->list);

  if (self->position >= n)
    return 0;
  return self->chain ? n - self->position : 1;
}

/* Lets go of the list: the branch holds no rows any more. */
static void
leave (RamoProjectionBranch *self,
       gboolean              tell)
{
  guint n = self->n_items;

  if (self->handler != 0)
    g_clear_signal_handler (&self->handler, self->list);
  self->n_items = 0;
  if (tell && n > 0)
    g_list_model_items_changed (G_LIST_MODEL (self), 0, n, 0);
}

static void
list_items_changed_cb (RamoProjectionBranch *self,
                       guint                 position,
                       guint                 removed,
                       guint                 added,
                       GListModel           *list)
{
  const RamoRowInfo *info;
  guint n;

  /* a layout that dropped the rows: the entries may be gone (a reload) */
  if (self->epoch != self->projection->epoch)
    {
      leave (self, TRUE);
      return;
    }

  if (position > self->position)
    {
      /* after the row: its own rows when it continues a chain, else its siblings */
      if (self->chain)
        {
          self->n_items = self->n_items + added - removed;
          g_list_model_items_changed (G_LIST_MODEL (self), position - self->position, removed, added);
        }
      return;
    }
  if (!self->chain && position + removed <= self->position)
    {
      /* siblings before it: the row moves */
      self->position = self->position + added - removed;
      return;
    }

  /* the change reaches the row: where it is in the new layout (which the projection has
   * already: its lists tell their views after it is made) */
  info = self->entry->index < self->projection->n_rows ? &self->projection->rows[self->entry->index] : NULL;
  if (info == NULL || !info->visible || info->owner != self->owner || info->branch_start == self->chain)
    {
      leave (self, TRUE);
      return;
    }
  n = self->n_items;
  self->position = info->position;
  self->n_items = rows_from (self);
  g_list_model_items_changed (G_LIST_MODEL (self), 0, n, self->n_items);
}

static void
ramo_projection_branch_dispose (GObject *object)
{
  RamoProjectionBranch *self = RAMO_PROJECTION_BRANCH (object);

  if (self->list)
    leave (self, FALSE);
  g_clear_object (&self->list);
  g_clear_object (&self->projection);

  G_OBJECT_CLASS (ramo_projection_branch_parent_class)->dispose (object);
}

static void
ramo_projection_branch_class_init (RamoProjectionBranchClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = ramo_projection_branch_dispose;
}

static void
ramo_projection_branch_init (RamoProjectionBranch *self)
{
}

/**
 * ramo_projection_dup_branch:
 * @self: a projection
 * @entry: an entry with a row
 *
 * Makes the branch of @entry's row in the current layout: the row, and what hangs under it.
 * It costs no layout and reads no entry: the branch shows the projection's own nodes.
 *
 * Returns: (transfer full) (nullable): the branch, or %NULL when @entry has no row
 */
RamoProjectionBranch *
ramo_projection_dup_branch (RamoProjection  *self,
                            const RamoEntry *entry)
{
  RamoProjectionBranch *branch;
  const RamoRowInfo *info;

  g_return_val_if_fail (RAMO_IS_PROJECTION (self), NULL);

  if (!ramo_projection_is_visible (self, entry))
    return NULL;

  info = &self->rows[entry->index];
  branch = g_object_new (RAMO_TYPE_PROJECTION_BRANCH, NULL);
  branch->projection = g_object_ref (self);
  branch->entry = (RamoEntry *) entry;
  branch->owner = info->owner;
  branch->list = info->owner ? g_object_ref (G_LIST_MODEL (_ramo_projection_get_node (self, info->owner)))
                             : g_object_ref (G_LIST_MODEL (self));
  branch->position = info->position;
  branch->chain = !info->branch_start;
  branch->epoch = self->epoch;
  branch->n_items = rows_from (branch);
  branch->handler = g_signal_connect_swapped (branch->list, "items-changed", G_CALLBACK (list_items_changed_cb), branch);
  return branch;
}

/**
 * ramo_projection_branch_get_entry:
 * @self: a branch
 *
 * Returns: (transfer none): the entry whose row the branch starts at
 */
RamoEntry *
ramo_projection_branch_get_entry (RamoProjectionBranch *self)
{
  g_return_val_if_fail (RAMO_IS_PROJECTION_BRANCH (self), NULL);
  return self->entry;
}

/**
 * ramo_projection_branch_is_current:
 * @self: a branch
 *
 * Returns: whether the branch shows its row's branch in the projection's current layout;
 *   %FALSE once a layout dropped the rows it was made over, or moved or hid its row
 */
gboolean
ramo_projection_branch_is_current (RamoProjectionBranch *self)
{
  const RamoRowInfo *info;

  g_return_val_if_fail (RAMO_IS_PROJECTION_BRANCH (self), FALSE);

  if (!is_of_layout (self) || self->entry->index >= self->projection->n_rows)
    return FALSE;
  info = &self->projection->rows[self->entry->index];
  return info->visible && info->owner == self->owner && info->branch_start != self->chain &&
         info->position == self->position;
}

/* The rows from @entry's up to the one in the branch's top level: @entry's row and those that
 * hold it, that row last. Returns FALSE when @entry's row is not in the branch. */
static gboolean
rows_up_to_top (RamoProjectionBranch *self,
                const RamoEntry      *entry,
                GPtrArray            *up)
{
  RamoProjection *projection = self->projection;

  if (!ramo_projection_branch_is_current (self) || !ramo_projection_is_visible (projection, entry))
    return FALSE;
  for (RamoEntry *e = (RamoEntry *) entry; e; e = projection->rows[e->index].owner)
    {
      const RamoRowInfo *info = &projection->rows[e->index];

      if (up)
        g_ptr_array_add (up, e);
      if (info->owner == self->owner)
        return self->chain ? info->position >= self->position : e == self->entry;
    }
  return FALSE;
}

/**
 * ramo_projection_branch_contains:
 * @self: a branch
 * @entry: (nullable): an entry
 *
 * Returns: whether @entry has a row in the branch (in the time of the rows' nesting depth)
 */
gboolean
ramo_projection_branch_contains (RamoProjectionBranch *self,
                                 const RamoEntry      *entry)
{
  g_return_val_if_fail (RAMO_IS_PROJECTION_BRANCH (self), FALSE);

  return entry != NULL && rows_up_to_top (self, entry, NULL);
}

/**
 * ramo_projection_branch_dup_node_path_tail:
 * @self: a branch
 * @entry: an entry with a row in the branch
 * @max_levels: how many levels at most, the deepest (0 for all of them)
 * @above: (out) (transfer none) (optional) (nullable): the row whose list holds the first row of
 *   the path, %NULL when that is a row of the branch's top level
 * @depth: (out) (optional): the depth of the first row of the path (0 for one of the branch's
 *   top level)
 *
 * As ramo_projection_dup_node_path_tail(), from the branch's top level: a position in that
 * level is one in the branch.
 *
 * Returns: (transfer full) (nullable): the path, or %NULL when @entry has no row in the branch
 */
GPtrArray *
ramo_projection_branch_dup_node_path_tail (RamoProjectionBranch  *self,
                                           const RamoEntry       *entry,
                                           guint                  max_levels,
                                           RamoProjectionNode   **above,
                                           guint                 *depth)
{
  g_autoptr(GPtrArray) up = g_ptr_array_new ();
  GPtrArray *path;
  guint n;

  g_return_val_if_fail (RAMO_IS_PROJECTION_BRANCH (self), NULL);

  if (above)
    *above = NULL;
  if (depth)
    *depth = 0;
  if (entry == NULL || !rows_up_to_top (self, entry, up))
    return NULL;
  /* @up holds the rows from @entry's up to the branch's top level; the path is its first @n */
  n = max_levels == 0 ? up->len : MIN (max_levels, up->len);
  path = g_ptr_array_sized_new (2 * n);
  for (guint i = n; i-- > 0;)
    {
      RamoEntry *e = g_ptr_array_index (up, i);
      guint position = self->projection->rows[e->index].position;

      g_ptr_array_add (path, _ramo_projection_get_node (self->projection, e));
      g_ptr_array_add (path, GUINT_TO_POINTER (i == up->len - 1 ? position - self->position : position));
    }
  if (above && n < up->len)
    *above = _ramo_projection_get_node (self->projection, g_ptr_array_index (up, n));
  if (depth)
    *depth = up->len - n;
  return path;
}

/**
 * ramo_projection_branch_dup_node_path:
 * @self: a branch
 * @entry: an entry with a row in the branch
 *
 * As ramo_projection_dup_node_path(), from the branch's top level: the first position is one
 * in the branch.
 *
 * Returns: (transfer full) (nullable): the path, or %NULL when @entry has no row in the branch
 */
GPtrArray *
ramo_projection_branch_dup_node_path (RamoProjectionBranch *self,
                                      const RamoEntry      *entry)
{
  g_return_val_if_fail (RAMO_IS_PROJECTION_BRANCH (self), NULL);

  return ramo_projection_branch_dup_node_path_tail (self, entry, 0, NULL, NULL);
}

/**
 * ramo_projection_branch_dup_unfoldable:
 * @self: a branch
 *
 * As ramo_projection_dup_unfoldable(), for the branch's top level.
 *
 * Returns: (transfer full) (element-type guint): positions in the branch, ascending
 */
GArray *
ramo_projection_branch_dup_unfoldable (RamoProjectionBranch *self)
{
  g_autoptr(GArray) all = NULL;
  GArray *positions = g_array_new (FALSE, FALSE, sizeof (guint));

  g_return_val_if_fail (RAMO_IS_PROJECTION_BRANCH (self), positions);

  if (!is_of_layout (self))
    return positions;
  all = ramo_projection_dup_unfoldable (self->projection, self->owner ? RAMO_PROJECTION_NODE (self->list) : NULL);
  for (guint i = 0; i < all->len; i++)
    {
      guint position = g_array_index (all, guint, i);

      if (position >= self->position && position - self->position < self->n_items)
        {
          position -= self->position;
          g_array_append_val (positions, position);
        }
    }
  return positions;
}

/* ------------------------------------------------------------------------------------------ */
/* The anchor                                                                                  */

static gboolean
searching (RamoProjection *self)
{
  return _ramo_projection_is_searching (self);
}

/**
 * ramo_projection_is_anchored:
 * @self: a projection
 * @entry: an entry
 *
 * Returns: whether @entry has its row only as the anchor (the search alone would hide it)
 */
gboolean
ramo_projection_is_anchored (RamoProjection  *self,
                             const RamoEntry *entry)
{
  g_return_val_if_fail (RAMO_IS_PROJECTION (self), FALSE);

  return entry != NULL && entry == self->anchor && searching (self) &&
         ramo_projection_is_visible (self, entry) && entry->index < self->n_known &&
         self->matches[entry->index] != RAMO_MATCH_YES;
}

/**
 * ramo_projection_set_anchor:
 * @self: a projection
 * @entry: (nullable): an entry of the session, or %NULL for none
 *
 * Makes @entry the anchor: from the next layout on, a search does not hide its row (the
 * filter still may). A view focused on a branch sets its row as the anchor, so that a search
 * looks within the branch, whose rows hang under it, rather than taking the branch's row away.
 * A reload forgets the anchor (its entries are new ones).
 *
 * Returns: %TRUE when the current layout is not what the new anchor asks for: the old one
 *   has its row only as the anchor, or the search hides the new one. The caller lays the
 *   tree out again (ramo_projection_rebuild()) when it wants it shown so now.
 */
gboolean
ramo_projection_set_anchor (RamoProjection *self,
                            RamoEntry      *entry)
{
  gboolean was_needed;

  g_return_val_if_fail (RAMO_IS_PROJECTION (self), FALSE);

  if (self->anchor == entry)
    return FALSE;
  was_needed = ramo_projection_is_anchored (self, self->anchor);
  self->anchor = entry;
  return was_needed || (entry != NULL && searching (self) && !ramo_projection_is_visible (self, entry));
}

/**
 * ramo_projection_get_anchor:
 * @self: a projection
 *
 * Returns: (transfer none) (nullable): the anchor (see ramo_projection_set_anchor())
 */
RamoEntry *
ramo_projection_get_anchor (RamoProjection *self)
{
  g_return_val_if_fail (RAMO_IS_PROJECTION (self), NULL);
  return self->anchor;
}

/* ramo-session-tree-layouts.c — what has the projection lay the tree out again: a filter or
 * search change, a leaf move, lines appended
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

/* The leaf moving: when the projection says the move changes pi's layout (the branch holding
 * the leaf is listed first at every branch point, and an assistant turn with no text is shown
 * only while it is the leaf: spec §7, ramo-projection-layout.c), it is laid out again in an
 * idle, as the rows that follow the file are (ramo_projection_update()) or anew. */

static gboolean
leaf_rebuild_cb (gpointer data)
{
  RamoSessionTree *self = data;

  self->leaf_rebuild_id = 0;
  if (self->projection)
    {
      /* a filter or search change under way is shown as one first */
      ramo_projection_finish_layout (self->projection);
      /* the leaf followed appended lines: as live as they are */
      self->rebuild_live = self->leaf_rebuild_live;
      if (self->rebuild_live)
        ramo_projection_update (self->projection);
      else
        ramo_projection_rebuild (self->projection);
      self->rebuild_live = FALSE;
    }
  self->leaf_rebuild_live = FALSE;
  return G_SOURCE_REMOVE;
}

static void
projection_leaf_moved_cb (RamoSessionTree *self,
                          gboolean         changes_layout,
                          RamoProjection  *projection)
{
  g_assert (RAMO_IS_SESSION_TREE (self));

  /* The nodes already updated their markers. The layout needs redoing only when the leaf
   * changes which branch is listed first somewhere, or when it shows or hides a text-less
   * assistant turn (the projection says which). Appends rebuild at once and cancel this. */
  if (self->leaf_rebuild_id == 0 && changes_layout)
    {
      self->leaf_rebuild_live = self->keep_scroll;
      self->leaf_rebuild_id = g_idle_add_full (G_PRIORITY_DEFAULT_IDLE, leaf_rebuild_cb, self, NULL);
    }
}

/* The tree hears of the leaf from the projection, after its nodes have told their rows. */
void
_ramo_session_tree_leaf_init (RamoSessionTree *self)
{
  g_signal_group_connect_object (self->projection_signals, "leaf-moved",
                                 G_CALLBACK (projection_leaf_moved_cb), self, G_CONNECT_SWAPPED);
}

/**
 * ramo_session_tree_set_filter:
 * @self: a session tree
 * @mode: a filter mode
 *
 * Changes the projection's filter. As in pi, this unfolds every row.
 */
void
ramo_session_tree_set_filter (RamoSessionTree *self,
                              RamoFilterMode   mode)
{
  g_return_if_fail (RAMO_IS_SESSION_TREE (self));

  if (self->projection == NULL || ramo_projection_get_filter (self->projection) == mode)
    return;
  /* the rows are laid out again (maybe in steps): the change that shows them unfolds them */
  self->clear_folds = TRUE;
  ramo_projection_set_filter (self->projection, mode);
}

/**
 * ramo_session_tree_set_search:
 * @self: a session tree
 * @search: (nullable): the search text
 *
 * Changes the projection's search. As in pi, this unfolds every row.
 */
void
ramo_session_tree_set_search (RamoSessionTree *self,
                              const char      *search)
{
  g_return_if_fail (RAMO_IS_SESSION_TREE (self));

  if (self->projection == NULL || g_strcmp0 (ramo_projection_get_search (self->projection), search) == 0)
    return;
  self->clear_folds = TRUE;
  ramo_projection_set_search (self->projection, search);
}

/**
 * ramo_session_tree_forget_folds:
 * @self: a session tree
 *
 * Unfolds every row at the next rebuild.
 */
void
ramo_session_tree_forget_folds (RamoSessionTree *self)
{
  g_return_if_fail (RAMO_IS_SESSION_TREE (self));
  g_hash_table_remove_all (self->folded);
}

/**
 * ramo_session_tree_set_keep_scroll:
 * @self: a session tree
 * @keep_scroll: whether rebuilds from now on keep the view where it is
 *
 * While set, a rebuild (entries another program appended, and the leaf following them) keeps
 * the scroll position and does not scroll to the selected row, so that what the user looks at
 * does not move. Set it around ramo_session_manager_refresh().
 */
void
ramo_session_tree_set_keep_scroll (RamoSessionTree *self,
                                   gboolean         keep_scroll)
{
  g_return_if_fail (RAMO_IS_SESSION_TREE (self));

  /* a filter or search change under way is shown as one, not as lines appended */
  if (keep_scroll && self->projection)
    ramo_projection_finish_layout (self->projection);
  self->keep_scroll = !!keep_scroll;
}

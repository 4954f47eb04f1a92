/* ramo-session-tree-leaf.c
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

/* The leaf moving: the branch holding it is listed first at every branch point, and an
 * assistant turn with no text is shown only while it is the leaf (spec §7). When a move changes
 * the layout so, the projection is laid out again in an idle. */

static gboolean
leaf_rebuild_cb (gpointer data)
{
  RamoSessionTree *self = data;

  self->leaf_rebuild_id = 0;
  if (self->projection)
    {
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

/* An assistant turn with no text is shown only while it is the leaf (spec §7). */
static gboolean
shown_only_as_leaf (const RamoEntry *entry)
{
  return entry != NULL &&
         entry->type == RAMO_ENTRY_TYPE_MESSAGE &&
         entry->role == RAMO_MESSAGE_ROLE_ASSISTANT &&
         !(entry->flags & (RAMO_ENTRY_FLAG_HAS_TEXT | RAMO_ENTRY_FLAG_ABORTED | RAMO_ENTRY_FLAG_ERROR));
}

/* Whether @entry is one of several siblings (or several roots): the one holding the leaf is
 * listed first among them. */
static gboolean
has_siblings (RamoSessionManager *manager,
              const RamoEntry    *entry)
{
  if (entry->parent)
    return entry->parent->children != NULL && entry->parent->children->len > 1;
  return ramo_session_manager_get_roots (manager)->len > 1;
}

/* Walks the path of @from to the root; returns TRUE when an entry with siblings on it is not
 * in @other (the set of the other path's entries). */
static gboolean
path_leaves_set (RamoSessionManager *manager,
                 const RamoEntry    *from,
                 GHashTable         *other)
{
  guint guard = 0;

  for (const RamoEntry *e = from; e != NULL && guard <= ramo_session_manager_get_n_entries (manager); e = e->parent, guard++)
    if (!g_hash_table_contains (other, e) && has_siblings (manager, e))
      return TRUE;
  return FALSE;
}

static gboolean
leaf_move_changes_layout (RamoSessionManager *manager,
                          const RamoEntry    *old_leaf,
                          const RamoEntry    *new_leaf)
{
  g_autoptr(GHashTable) old_path = g_hash_table_new (NULL, NULL);
  g_autoptr(GHashTable) new_path = g_hash_table_new (NULL, NULL);
  guint guard = 0;

  if (shown_only_as_leaf (old_leaf) || shown_only_as_leaf (new_leaf))
    return TRUE;

  for (const RamoEntry *e = old_leaf; e != NULL && guard <= ramo_session_manager_get_n_entries (manager); e = e->parent, guard++)
    g_hash_table_add (old_path, (gpointer) e);
  guard = 0;
  for (const RamoEntry *e = new_leaf; e != NULL && guard <= ramo_session_manager_get_n_entries (manager); e = e->parent, guard++)
    g_hash_table_add (new_path, (gpointer) e);

  /* A branch entered or left changes which sibling comes first. */
  return path_leaves_set (manager, new_leaf, old_path) || path_leaves_set (manager, old_leaf, new_path);
}

static void
manager_leaf_changed_cb (RamoSessionTree    *self,
                         const char         *old_leaf_id,
                         RamoSessionManager *manager)
{
  g_assert (RAMO_IS_SESSION_TREE (self));

  /* The nodes already updated their markers. The layout needs redoing only when the leaf
   * changes which branch is listed first somewhere, or when it shows or hides a text-less
   * assistant turn. Appends rebuild at once and cancel this. */
  if (self->leaf_rebuild_id == 0 &&
      leaf_move_changes_layout (manager,
                                ramo_session_manager_get_entry (manager, old_leaf_id),
                                ramo_session_manager_get_leaf (manager)))
    {
      self->leaf_rebuild_live = self->keep_scroll;
      self->leaf_rebuild_id = g_idle_add_full (G_PRIORITY_DEFAULT_IDLE, leaf_rebuild_cb, self, NULL);
    }
}

/* The tree hears of the leaf from the manager: the projection has no signal of its own for it
 * (its nodes tell their rows), and does not lay itself out again when the leaf moves. */
void
_ramo_session_tree_leaf_init (RamoSessionTree *self)
{
  self->manager_signals = g_signal_group_new (RAMO_TYPE_SESSION_MANAGER);
  g_signal_group_connect_object (self->manager_signals, "leaf-changed",
                                 G_CALLBACK (manager_leaf_changed_cb), self, G_CONNECT_SWAPPED);
}

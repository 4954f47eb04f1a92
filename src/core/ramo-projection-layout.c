/* ramo-projection-layout.c — pi's layout of the tree: chains flat, branch starts nested
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

#include <string.h>

#include "ramo-projection-private.h"

/* The lists of spec §7 over the entries a #RamoProjection shows: the tree walked in pre-order,
 * the branch that holds the leaf first; each shown entry hung under its nearest shown
 * ancestor; a chain of single children in one list, and a row with several children nesting
 * one list of branch starts, each of which nests the rest of its branch. Also how a new layout
 * differs from the one before, for the views of the rows that stay, and the layout as text. */

typedef struct
{
  RamoEntry *entry;
  guint32    parent_pos;       /* position + 1 of its parent in the order, 0 for a root */
} WalkItem;

/* Of @children (not empty), the one to walk first, the one on the active path if any; the
 * others are pushed on @stack in reverse, so that they come off it in their order. */
static RamoEntry *
push_children_reversed (GArray     *stack,
                        RamoEntry **children,
                        guint       n_children,
                        guint32     parent_pos)
{
  RamoEntry *first = children[0];

  for (guint i = 0; i < n_children; i++)
    {
      RamoEntry *child = children[i];

      if (child->flags & RAMO_ENTRY_FLAG_ACTIVE_PATH)
        {
          first = child;
          break;
        }
    }

  for (guint i = n_children; i > 0; i--)
    {
      WalkItem item = { children[i - 1], parent_pos };

      if (item.entry != first)
        g_array_append_val (stack, item);
    }
  return first;
}

/* The pre-order walk of the tree, active branch first, which every layout follows: it depends
 * on the tree and the active path only, not on the filter or the search, and is made again
 * after entries were added or the leaf moved. A chain of single children goes without the
 * stack. */
void
_ramo_projection_ensure_order (RamoProjection *self,
                               GPtrArray      *roots,
                               guint           n,
                               RamoEntry      *leaf)
{
  g_autoptr(GArray) stack = NULL;

  if (self->order_valid && self->order_n == n && self->order_leaf == leaf)
    return;

  self->n_order = 0;
  self->order_valid = TRUE;
  self->order_n = n;
  self->order_leaf = leaf;
  if (roots->len == 0)
    return;

  stack = g_array_new (FALSE, FALSE, sizeof (WalkItem));
  {
    WalkItem item = { push_children_reversed (stack, (RamoEntry **) roots->pdata, roots->len, 0), 0 };

    g_array_append_val (stack, item);
  }
  while (stack->len > 0)
    {
      WalkItem item = g_array_index (stack, WalkItem, stack->len - 1);
      RamoEntry *entry = item.entry;
      guint32 parent_pos = item.parent_pos;

      g_array_set_size (stack, stack->len - 1);
      for (;;)
        {
          guint32 pos = self->n_order;

          if (pos == self->n_order_alloc)
            {
              self->n_order_alloc = MAX (MAX (n, 16u), self->n_order_alloc + self->n_order_alloc / 4);
              self->order = g_renew (guint32, self->order, self->n_order_alloc);
              self->order_parent = g_renew (guint32, self->order_parent, self->n_order_alloc);
            }
          self->order[pos] = entry->index;
          self->order_parent[pos] = parent_pos;
          self->n_order++;

          if (entry->n_children == 0)
            break;
          parent_pos = pos + 1;
          if (entry->n_children == 1)
            entry = entry->children[0];
          else
            entry = push_children_reversed (stack, entry->children, entry->n_children, parent_pos);
        }
    }
}

typedef struct
{
  GDestroyNotify free_func;
  gpointer       data;
} Release;

static gpointer
release_thread (gpointer data)
{
  Release *release = data;

  release->free_func (release->data);
  g_free (release);
  return NULL;
}

/* Calls @free_func on @data in a thread of its own: what a big layout leaves behind (a million
 * rows' nested lists, hundreds of thousands of rows made) takes 20-40 ms to let go of, which a
 * filter change would otherwise spend on the main loop. Only for what no other thread frees
 * meanwhile: memory, and references dropped atomically. */
void
_ramo_projection_release_in_thread (GDestroyNotify free_func,
                                    gpointer       data)
{
  Release *release = g_new (Release, 1);
  GThread *thread;

  release->free_func = free_func;
  release->data = data;
  thread = g_thread_try_new ("ramo-release", release_thread, release, NULL);
  if (thread != NULL)
    g_thread_unref (thread);
  else
    release_thread (release);
}

typedef struct
{
  RamoRowInfo *rows;
  guint        n_rows;
} RowInfos;

static void
free_row_infos_now (RamoRowInfo *rows,
                    guint        n_rows)
{
  for (guint i = 0; i < n_rows; i++)
    g_clear_pointer (&rows[i].nested, g_ptr_array_unref);
  g_free (rows);
}

static void
free_row_infos (gpointer data)
{
  RowInfos *infos = data;

  free_row_infos_now (infos->rows, infos->n_rows);
  g_free (infos);
}

/* Frees a layout's rows and the nested lists they hold (a big layout's in a thread: views
 * that still hold one of the lists hold their own reference). */
void
_ramo_projection_free_row_infos (RamoRowInfo *rows,
                                 guint        n_rows)
{
  RowInfos *infos;

  if (rows == NULL)
    return;
  if (n_rows < RAMO_PROJECTION_RELEASE_IN_THREAD)
    {
      free_row_infos_now (rows, n_rows);
      return;
    }
  infos = g_new (RowInfos, 1);
  infos->rows = rows;
  infos->n_rows = n_rows;
  _ramo_projection_release_in_thread (free_row_infos, infos);
}

/* The length of what two layouts of a list share at their start: the same entries, each
 * with rows nested under it in both or in neither (a view decides once, when it first sees a
 * row, whether it can be unfolded). */
static guint
common_prefix (const GPtrArray   *old_list,
               const RamoRowInfo *old_rows,
               guint              n_old_rows,
               const GPtrArray   *new_list,
               const RamoRowInfo *new_rows)
{
  guint n = MIN (old_list ? old_list->len : 0, new_list ? new_list->len : 0);
  guint i;

  for (i = 0; i < n; i++)
    {
      const RamoEntry *a = g_ptr_array_index (old_list, i);
      const RamoEntry *b = g_ptr_array_index (new_list, i);
      gboolean old_nested, new_nested;

      if (a != b || a->index >= n_old_rows)
        break;
      old_nested = old_rows[a->index].nested != NULL && old_rows[a->index].nested->len > 0;
      new_nested = new_rows[b->index].nested != NULL && new_rows[b->index].nested->len > 0;
      if (old_nested != new_nested)
        break;
    }
  return i;
}

/* Whether two layouts over the same entries show the same rows in the same lists. */
static gboolean
same_layout (const GPtrArray   *old_top,
             const RamoRowInfo *old_rows,
             guint              n_old_rows,
             const GPtrArray   *new_top,
             const RamoRowInfo *new_rows,
             guint              n_new_rows)
{
  if (n_old_rows != n_new_rows || old_top->len != new_top->len ||
      (new_top->len > 0 && memcmp (old_top->pdata, new_top->pdata, new_top->len * sizeof (gpointer)) != 0))
    return FALSE;

  for (guint i = 0; i < n_new_rows; i++)
    {
      const RamoRowInfo *a = &old_rows[i];
      const RamoRowInfo *b = &new_rows[i];
      guint a_len = a->nested ? a->nested->len : 0;
      guint b_len = b->nested ? b->nested->len : 0;

      if (a->visible != b->visible)
        return FALSE;
      if (!b->visible)
        continue;
      if (a->owner != b->owner || a->branch_start != b->branch_start || a_len != b_len ||
          (b_len > 0 && memcmp (a->nested->pdata, b->nested->pdata, b_len * sizeof (gpointer)) != 0))
        return FALSE;
    }
  return TRUE;
}

static int
compare_node_depth_desc (gconstpointer a,
                         gconstpointer b,
                         gpointer      user_data)
{
  const RamoProjectionNode *na = *(RamoProjectionNode * const *) a;
  const RamoProjectionNode *nb = *(RamoProjectionNode * const *) b;
  const guint32 *depths = user_data;
  guint32 da = depths[na->entry->index];
  guint32 db = depths[nb->entry->index];

  return da < db ? 1 : da > db ? -1 : 0;
}

/* Gives the rows made before the current layout their place in it, after a layout that only
 * added entries: drops those whose entry is hidden now, gives the others their new nested
 * list, and tells each view of a list that changed how it changed. Returns the length of what
 * the old and new top levels share at their start. */
guint
_ramo_projection_update_nodes (RamoProjection    *self,
                               const RamoRowInfo *old_rows,
                               guint              n_old_rows,
                               const GPtrArray   *old_top)
{
  g_autoptr(GPtrArray) alive = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(GPtrArray) stack = g_ptr_array_new ();
  g_autofree guint32 *depths = NULL;
  guint n = self->n_rows;
  RamoProjectionNode *made;

  RAMO_NODE_TABLE_FOREACH (&self->nodes, index, seen, made)
    {
      if (index >= n || !self->rows[index].visible)
        {
          _ramo_node_table_remove (&self->nodes, index);
          seen--;   /* counted among the rows left to see, which are one fewer now */
        }
      else
        g_ptr_array_add (alive, g_object_ref (made));
    }

  /* The views hear of the changes deepest list first, and each row gets its new list just
   * before its own change is told: a view that reads a row while taking in a change of the
   * list above it then finds that row as it is now, and hears nothing more of it. */
  depths = g_new0 (guint32, n);     /* depth + 1 in the new layout, 0: not known yet */
  for (guint i = 0; i < alive->len; i++)
    {
      RamoProjectionNode *node = g_ptr_array_index (alive, i);
      RamoEntry *e = node->entry;
      guint32 d;

      /* walk up to a row of known depth, then fill in the depths on the way down */
      g_ptr_array_set_size (stack, 0);
      while (e != NULL && depths[e->index] == 0)
        {
          g_ptr_array_add (stack, e);
          e = self->rows[e->index].owner;
        }
      d = e ? depths[e->index] : 0;
      while (stack->len > 0)
        {
          RamoEntry *down = g_ptr_array_steal_index (stack, stack->len - 1);

          depths[down->index] = ++d;
        }
    }
  g_ptr_array_sort_with_data (alive, compare_node_depth_desc, depths);

  self->nodes_behind = TRUE;
  for (guint i = 0; i < alive->len; i++)
    {
      RamoProjectionNode *node = g_ptr_array_index (alive, i);
      RamoRowInfo *info = &self->rows[node->entry->index];
      g_autoptr(GPtrArray) old_nested = g_steal_pointer (&node->nested);
      guint old_len = old_nested ? old_nested->len : 0;
      guint new_len = info->nested ? info->nested->len : 0;
      guint from;

      _ramo_projection_node_set_layout (node, info);
      from = common_prefix (old_nested, old_rows, n_old_rows, node->nested, self->rows);
      if (from < old_len || from < new_len)
        g_list_model_items_changed (G_LIST_MODEL (node), from, old_len - from, new_len - from);
    }
  self->nodes_behind = FALSE;

  /* Lines appended can take the active path off rows the leaf never passed (a parent line
   * that arrives, a duplicate id, a cycle cut elsewhere): the rows that stay hear of it. */
  for (guint i = 0; i < alive->len; i++)
    _ramo_projection_node_sync_path_state (g_ptr_array_index (alive, i), self->manager);

  return common_prefix (old_top, old_rows, n_old_rows, self->top, self->rows);
}

/* Whether the current layout shows the same rows in the same lists as the one before it,
 * over the same entries; if so, the rows made before get their lists in it (the same). */
gboolean
_ramo_projection_same_layout (RamoProjection    *self,
                              const RamoRowInfo *old_rows,
                              guint              n_old_rows,
                              const GPtrArray   *old_top)
{
  RamoProjectionNode *node;

  if (!same_layout (old_top, old_rows, n_old_rows, self->top, self->rows, self->n_rows))
    return FALSE;

  RAMO_NODE_TABLE_FOREACH (&self->nodes, index, seen, node)
    _ramo_projection_node_set_layout (node, &self->rows[index]);
  return TRUE;
}

/**
 * ramo_projection_dup_unfoldable:
 * @self: a projection
 * @parent: (nullable): a row of @self, or %NULL for the top level
 *
 * Finds the rows of a list that have rows nested under them, without making objects for the
 * others (a view that unfolds only these need not look at the tens of thousands of plain rows
 * of a long session). For @parent, the list is the one @parent answers for as a #GListModel.
 *
 * Returns: (transfer full) (element-type guint): positions in the list, ascending
 */
GArray *
ramo_projection_dup_unfoldable (RamoProjection     *self,
                                RamoProjectionNode *parent)
{
  GArray *positions = g_array_new (FALSE, FALSE, sizeof (guint));
  GPtrArray *list;

  g_return_val_if_fail (RAMO_IS_PROJECTION (self), positions);
  g_return_val_if_fail (parent == NULL || RAMO_IS_PROJECTION_NODE (parent), positions);

  if (parent != NULL && RAMO_PROJECTION_OF (parent) != self)
    return positions;
  list = parent ? parent->nested : self->top;
  for (guint i = 0; list != NULL && i < list->len; i++)
    {
      RamoEntry *entry = g_ptr_array_index (list, i);
      RamoProjectionNode *node = NULL;
      GPtrArray *nested;

      /* A row made before answers for the layout it was made in. Rows are made over the
       * current layout, and ramo_projection_update() gives the rows it keeps their new lists
       * before it is done: only meanwhile can a row's list differ from the layout's. */
      if (self->nodes_behind)
        node = _ramo_node_table_lookup (&self->nodes, entry);
      if (node != NULL)
        nested = node->nested;
      else
        nested = entry->index < self->n_rows ? self->rows[entry->index].nested : NULL;
      if (nested != NULL && nested->len > 0)
        g_array_append_val (positions, i);
    }
  return positions;
}

static void
append_visible (GString    *out,
                const char *text)
{
  if (ramo_text_needs_visible (text, -1, FALSE))
    {
      g_autofree char *shown = ramo_text_dup_visible (text, -1, FALSE);

      g_string_append (out, shown);
    }
  else
    g_string_append (out, text);
}

/**
 * ramo_projection_to_text:
 * @self: a projection
 *
 * The rows as text, one a line, indented two spaces a level, `├─ `/`└─ ` before branch
 * starts, `*` in the first column for the active path, `[label]` after the text, and
 * `  ← leaf` on the leaf; texts and labels made visible (ramo_text_dup_visible()), so that
 * each row is one line. Used by `ramo-session tree` without `--json`.
 *
 * Returns: (transfer full): the text
 */
char *
ramo_projection_to_text (RamoProjection *self)
{
  GString *out = g_string_new (NULL);
  g_autoptr(GArray) stack = g_array_new (FALSE, FALSE, sizeof (gpointer) * 3);
  RamoEntry *leaf = ramo_session_manager_get_leaf (self->manager);

  g_return_val_if_fail (RAMO_IS_PROJECTION (self), NULL);

  for (guint i = self->top->len; i > 0; i--)
    {
      gpointer item[3] = { g_ptr_array_index (self->top, i - 1), GUINT_TO_POINTER (0),
                           GUINT_TO_POINTER (i == self->top->len) };
      g_array_append_vals (stack, item, 1);
    }

  while (stack->len > 0)
    {
      gpointer *item = &g_array_index (stack, gpointer, (stack->len - 1) * 3);
      RamoEntry *entry = item[0];
      guint depth = GPOINTER_TO_UINT (item[1]);
      gboolean last = GPOINTER_TO_UINT (item[2]);
      RamoRowInfo *info = &self->rows[entry->index];
      const char *label = ramo_session_manager_get_label (self->manager, entry->id);

      g_array_set_size (stack, stack->len - 1);

      g_string_append_c (out, entry->flags & RAMO_ENTRY_FLAG_ACTIVE_PATH ? '*' : ' ');
      g_string_append_c (out, ' ');
      for (guint d = 0; d < depth; d++)
        g_string_append (out, "  ");
      if (info->branch_start && (info->owner != NULL || self->top->len > 1))
        g_string_append (out, last ? "└─ " : "├─ ");
      /* one row a line: a line feed in a label (or any text) must not start a row of its own */
      append_visible (out, entry->display);
      if (label)
        {
          g_string_append (out, " [");
          append_visible (out, label);
          g_string_append_c (out, ']');
        }
      if (entry == leaf)
        g_string_append (out, "  ← leaf");
      g_string_append_c (out, '\n');

      if (info->nested)
        for (guint i = info->nested->len; i > 0; i--)
          {
            gpointer child[3] = { g_ptr_array_index (info->nested, i - 1), GUINT_TO_POINTER (depth + 1),
                                  GUINT_TO_POINTER (i == info->nested->len) };
            g_array_append_vals (stack, child, 1);
          }
    }

  g_string_append_printf (out, "(%u of %u entries, filter %s)\n", self->n_visible,
                          ramo_session_manager_get_n_ids (self->manager),
                          ramo_filter_mode_to_string (self->filter));
  return g_string_free (out, FALSE);
}

/* ------------------------------------------------------------------------------------------ */
/* The leaf moving                                                                             */

/* Whether @entry is one of several siblings (or several roots): the one holding the leaf is
 * listed first among them. */
static gboolean
has_siblings (RamoSessionManager *manager,
              const RamoEntry    *entry)
{
  if (entry->parent)
    return entry->parent->n_children > 1;
  return ramo_session_manager_get_roots (manager)->len > 1;
}

gboolean
_ramo_projection_leaf_move_changes_layout (RamoSessionManager *manager,
                                           const RamoEntry    *old_leaf,
                                           const RamoEntry    *new_leaf)
{
  const RamoEntry *a = old_leaf;
  const RamoEntry *b = new_leaf;
  guint guard = 2 * ramo_session_manager_get_n_entries (manager) + 2;
  RamoDialect dialect = ramo_session_manager_get_dialect (manager);

  if (_ramo_projection_entry_shown_only_as_leaf (old_leaf, dialect) ||
      _ramo_projection_entry_shown_only_as_leaf (new_leaf, dialect))
    return TRUE;

  /* Only the entries below the deepest common ancestor are on one path and not the other: walk
   * up from the deeper of the two until they meet (an append walks one step, not the depth). */
  while (a != b && guard-- > 0)
    {
      const RamoEntry **step = (b == NULL || (a != NULL && a->depth >= b->depth)) ? &a : &b;

      if (has_siblings (manager, *step))
        return TRUE;
      *step = (*step)->parent;
    }
  return FALSE;
}

/* The rows whose markers the leaf moving from @old_leaf to @new_leaf changes: those on one
 * active path and not the other (below their deepest common ancestor), and the old and the
 * new leaf. Above the common ancestor nothing changes; an append walks one step, not the
 * depth. */
void
_ramo_projection_sync_paths (RamoProjection  *self,
                             const RamoEntry *old_leaf,
                             const RamoEntry *new_leaf)
{
  const RamoEntry *a = old_leaf;
  const RamoEntry *b = new_leaf;
  guint guard = 2 * ramo_session_manager_get_n_entries (self->manager) + 2;

  for (;;)
    {
      const RamoEntry **step;
      RamoProjectionNode *node;

      if (a == b || guard-- == 0)
        {
          /* the common ancestor: it changes only when it is one of the leaves */
          node = a ? _ramo_node_table_lookup (&self->nodes, a) : NULL;
          if (node)
            _ramo_projection_node_sync_path_state (node, self->manager);
          return;
        }
      step = (b == NULL || (a != NULL && a->depth >= b->depth)) ? &a : &b;
      node = _ramo_node_table_lookup (&self->nodes, *step);
      if (node)
        _ramo_projection_node_sync_path_state (node, self->manager);
      *step = (*step)->parent;
    }
}

/* A label line appended on the leaf needs no layout when the filter hides label lines and
 * decides nothing by labels, no search looks at them (labels are searched), and the leaf moving
 * onto it reorders nothing: no row appears, moves or goes. The target's row shows the label
 * (::label-changed notified it), the rows on the path their markers (::leaf-changed); the next
 * layout looks at the line and its target (_ramo_projection_sync_caches()). */
gboolean
_ramo_projection_label_line_keeps_layout (RamoProjection  *self,
                                          const RamoEntry *entry)
{
  return entry->type == RAMO_ENTRY_TYPE_LABEL &&
         (self->filter == RAMO_FILTER_DEFAULT || self->filter == RAMO_FILTER_NO_TOOLS ||
          self->filter == RAMO_FILTER_USER_ONLY) &&
         self->terms == NULL &&
         entry->parent != NULL && entry->children == NULL &&
         !_ramo_projection_leaf_move_changes_layout (self->manager, entry->parent, entry);
}

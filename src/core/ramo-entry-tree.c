/* ramo-entry-tree.c
 *
 * Copyright 2026 The Ramo authors
 *
 * This program is free software: you can redistribute it and/or modify it under the terms of the
 * GNU General Public License as published by the Free Software Foundation, either version 3 of
 * the License, or (at your option) any later version.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ramo-entry-tree"

#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ramo-entry-tree.h"
#include "ramo-js.h"

/*
 * The tree of a session as pi's `getTree()` makes it from the entry records: each entry hangs
 * under the entry its `parentId` names, cycles are cut, depths are counted, and the children of
 * an entry are in the order pi's sort gives them (oh-my-pi's, for its dialect). Nothing here
 * knows the file: it works on the records and their index by id, which the session manager
 * owns.
 */

/*
 * pi and oh-my-pi sort children with Array.prototype.sort() and the comparator
 * `new Date(a.timestamp).getTime() - new Date(b.timestamp).getTime()`. A NaN result (an
 * invalid or missing timestamp) counts as "equal", which makes the comparator inconsistent, so
 * the order then depends on the sorting algorithm: ramo_js_sort() is V8's (pi runs on node),
 * ramo_js_sort_jsc() JavaScriptCore's (oh-my-pi runs on Bun).
 */
static double
compare_time (gconstpointer a,
              gconstpointer b,
              gpointer      user_data)
{
  return ((const RamoEntry *) a)->time_ms - ((const RamoEntry *) b)->time_ms;
}

static int
compare_index (gconstpointer a,
               gconstpointer b)
{
  guint32 ia = (*(RamoEntry * const *) a)->index;
  guint32 ib = (*(RamoEntry * const *) b)->index;

  return ia < ib ? -1 : ia > ib;
}

/* @children sorted as the agent's Array.prototype.sort() sorts them, from the order they are in */
static void
sort_by_time (RamoEntry   **children,
              guint         n_children,
              RamoDialect   dialect)
{
  if (dialect == RAMO_DIALECT_OMP)
    ramo_js_sort_jsc ((gpointer *) children, n_children, compare_time, NULL);
  else
    ramo_js_sort ((gpointer *) children, n_children, compare_time, NULL);
}

/*
 * The children of the entries. Made for the whole tree at once (a load, a rebuild), they are
 * slices of one array, counted first: one pointer per child, where an array of its own per
 * parent cost ~80 bytes an entry. A child added after (a line appended) moves its parent's
 * children to an array of the parent's own (RamoEntry.children_owned), whose capacity is the
 * power of two at or above RamoEntry.n_children.
 */

/**
 * ramo_entry_tree_clear_children:
 * @entry: an entry
 *
 * Leaves @entry without children, freeing an array of its own.
 */
void
ramo_entry_tree_clear_children (RamoEntry *entry)
{
  if (entry->children_owned)
    g_free (entry->children);
  entry->children = NULL;
  entry->n_children = 0;
  entry->children_owned = FALSE;
}

/**
 * ramo_entry_tree_add_child:
 * @parent: an entry
 * @child: (transfer none): the entry to list last among @parent's children
 *
 * Adds @child after @parent's children (sort them with ramo_entry_tree_sort_children()).
 */
void
ramo_entry_tree_add_child (RamoEntry *parent,
                           RamoEntry *child)
{
  guint n = parent->n_children;

  if (n == 0)
    ramo_entry_tree_clear_children (parent);
  if (!parent->children_owned)
    {
      RamoEntry **own = g_new (RamoEntry *, n == 0 ? 1 : 1u << g_bit_storage (n));

      if (n > 0)
        memcpy (own, parent->children, n * sizeof *own);
      parent->children = own;
      parent->children_owned = TRUE;
    }
  else if ((n & (n - 1)) == 0)
    parent->children = g_renew (RamoEntry *, parent->children, 2 * n);   /* full */
  parent->children[parent->n_children++] = child;
}

/* Gives each of the @n entries @records a slice of a new array of children in *@pool (the
 * previous one is freed), as long as @counts says: empty, to be filled in by add_to_slice(). */
static void
slice_children (RamoEntry   **records,
                guint         n,
                const guint  *counts,
                RamoEntry  ***pool)
{
  gsize total = 0;

  for (guint i = 0; i < n; i++)
    total += counts[i];
  g_clear_pointer (pool, g_free);
  *pool = g_new (RamoEntry *, MAX (total, 1));
  total = 0;
  for (guint i = 0; i < n; i++)
    {
      ramo_entry_tree_clear_children (records[i]);
      records[i]->children = counts[i] > 0 ? *pool + total : NULL;
      total += counts[i];
    }
}

static inline void
add_to_slice (RamoEntry *parent,
              RamoEntry *child)
{
  parent->children[parent->n_children++] = child;
}

/**
 * ramo_entry_tree_sort_children:
 * @parent: an entry whose children are each listed by its own line
 * @dialect: whose sort to sort them by
 *
 * Sorts the children of @parent oldest→newest by RamoEntry.time_ms as `getTree()` does: the
 * agent builds the list in file order each time, then sorts it, in the order V8's
 * Array.prototype.sort() gives for pi (ramo_js_sort()) and JavaScriptCore's for oh-my-pi
 * (ramo_js_sort_jsc()). Where they are not in file order (sorted before, an entry added since), that order is made
 * first, so the result is the agent's whatever the comparator's NaNs make of it. (Where lines
 * share ids the agent lists a node once per line: ramo_entry_tree_build() sorts those lists.)
 */
void
ramo_entry_tree_sort_children (RamoEntry   *parent,
                               RamoDialect  dialect)
{
  RamoEntry **children = parent->children;
  guint n = parent->n_children;

  for (guint i = 1; i < n; i++)
    if (children[i - 1]->index > children[i]->index)
      {
        qsort (children, n, sizeof *children, compare_index);
        break;
      }
  sort_by_time (children, n, dialect);
}

/**
 * ramo_entry_tree_sort_all:
 * @entries: (element-type RamoEntry): every entry
 * @dialect: whose sort to sort by
 *
 * Sorts the children of every entry of @entries (ramo_entry_tree_sort_children()): after a
 * load that linked them in file order, or when the session is read by other rules.
 */
void
ramo_entry_tree_sort_all (GPtrArray   *entries,
                          RamoDialect  dialect)
{
  for (guint i = 0; i < entries->len; i++)
    {
      RamoEntry *entry = g_ptr_array_index (entries, i);

      if (entry->n_children > 1)
        ramo_entry_tree_sort_children (entry, dialect);
    }
}

/**
 * ramo_entry_tree_link_children:
 * @entries: (element-type RamoEntry): every entry, in file order, each parent before its
 *   children, each with its RamoEntry.parent set, no children listed yet, and
 *   RamoEntry.n_children counting the entries whose parent it is
 * @pool: (inout) (transfer full): the tree's array of children, freed and replaced
 * @dialect: whose sort orders the children
 *
 * Lists the children of every entry of @entries, in file order, then sorted as @dialect's
 * agent sorts them (ramo_entry_tree_sort_children()): after a load that found each parent
 * before its children and linked only the parents. One walk over the entries: an entry's
 * slice of @pool is made as it is reached, and its parent's, made before, takes it.
 */
void
ramo_entry_tree_link_children (GPtrArray    *entries,
                               RamoEntry  ***pool,
                               RamoDialect   dialect)
{
  RamoEntry **records = (RamoEntry **) entries->pdata;
  guint n = entries->len;
  g_autoptr(GArray) branch_points = g_array_new (FALSE, FALSE, sizeof (RamoEntry *));
  gsize total = 0;

  /* each entry is at most one entry's child */
  g_clear_pointer (pool, g_free);
  *pool = g_new (RamoEntry *, MAX (n, 1));
  for (guint i = 0; i < n; i++)
    {
      RamoEntry *entry = records[i];
      guint count = entry->n_children;

      ramo_entry_tree_clear_children (entry);
      if (count > 0)
        {
          entry->children = *pool + total;
          total += count;
          if (count > 1)
            g_array_append_val (branch_points, entry);
        }
      if (entry->parent != NULL)
        add_to_slice (entry->parent, entry);
    }
  g_assert (total <= n);
  for (guint i = 0; i < branch_points->len; i++)
    ramo_entry_tree_sort_children (g_array_index (branch_points, RamoEntry *, i), dialect);
}

/**
 * ramo_entry_tree_set_times:
 * @entries: (element-type RamoEntry): every entry
 * @from: the first entry whose time to set
 * @dialect: whose `Date.parse()` to read the timestamps by
 *
 * Sets RamoEntry.time_ms of the entries from @from on to the time @dialect's agent reads in
 * their timestamps. The load reads them as pi does (ramo_js_date_parse()); Bun's
 * `Date.parse()` (ramo_js_date_parse_jsc()) reads only a timestamp with a character beyond
 * ASCII otherwise, so only those are read again.
 */
void
ramo_entry_tree_set_times (GPtrArray   *entries,
                           guint        from,
                           RamoDialect  dialect)
{
  for (guint i = from; i < entries->len; i++)
    {
      RamoEntry *entry = g_ptr_array_index (entries, i);
      /* the agents' own form (RamoEntry.timestamp_iso) is ASCII */
      const guchar *p = (const guchar *) entry->timestamp_text;

      if (p == NULL)
        continue;
      while (*p != 0 && *p < 0x80)
        p++;
      if (*p == 0)
        continue;
      entry->time_ms = dialect == RAMO_DIALECT_OMP ? ramo_js_date_parse_jsc (entry->timestamp_text)
                                                   : ramo_js_date_parse (entry->timestamp_text);
    }
}

/**
 * ramo_entry_tree_resolve_parent:
 * @by_id: the entries by id
 * @entry: an entry
 *
 * The entry @entry's `parentId` names, as pi links them: none when the `parentId` is null or
 * the entry's own id; an id that names no entry flags @entry %RAMO_ENTRY_FLAG_ORPHAN.
 *
 * Returns: (transfer none) (nullable): the parent, %NULL for a root
 */
RamoEntry *
ramo_entry_tree_resolve_parent (RamoIdIndex *by_id,
                                RamoEntry   *entry)
{
  RamoEntry *parent;

  if (entry->parent_id == NULL || strcmp (entry->parent_id, entry->id) == 0)
    return NULL;
  parent = _ramo_id_index_lookup (by_id, entry->parent_id);
  if (parent == NULL)
    entry->flags |= RAMO_ENTRY_FLAG_ORPHAN;
  return parent;
}

static void
set_depths (GPtrArray *roots,
            guint      n_entries)
{
  /* each entry is pushed once */
  g_autofree RamoEntry **stack = g_new (RamoEntry *, MAX (n_entries, 1));
  guint top = 0;

  for (guint i = roots->len; i > 0; i--)
    {
      RamoEntry *root = g_ptr_array_index (roots, i - 1);

      root->depth = 0;
      stack[top++] = root;
    }

  while (top > 0)
    {
      RamoEntry *entry = stack[--top];

      for (guint i = entry->n_children; i > 0; i--)
        {
          RamoEntry *child = entry->children[i - 1];

          child->depth = entry->depth + 1;
          stack[top++] = child;
        }
    }
}

/**
 * ramo_entry_tree_mark_path:
 * @leaf: (nullable): an entry
 * @on: whether to set or clear the flag
 *
 * Sets or clears %RAMO_ENTRY_FLAG_ACTIVE_PATH on the path root→@leaf.
 */
void
ramo_entry_tree_mark_path (RamoEntry *leaf,
                           gboolean   on)
{
  for (RamoEntry *e = leaf; e; e = e->parent)
    {
      if (on)
        e->flags |= RAMO_ENTRY_FLAG_ACTIVE_PATH;
      else
        e->flags &= ~RAMO_ENTRY_FLAG_ACTIVE_PATH;
    }
}

/* Where pi's getTree() puts a line of the file: under the node its `parentId` names, or among
 * the roots (a null or own `parentId`, or one that names no entry). Unlike
 * ramo_entry_tree_resolve_parent() it flags nothing: it is asked of shadowed lines too. */
static RamoEntry *
line_placement (RamoIdIndex     *by_id,
                const RamoEntry *line)
{
  if (line->parent_id == NULL || strcmp (line->parent_id, line->id) == 0)
    return NULL;
  return _ramo_id_index_lookup (by_id, line->parent_id);
}

/**
 * ramo_entry_tree_build:
 * @entries: (element-type RamoEntry): every entry, in file order (RamoEntry.index is the position)
 * @by_id: the entries by id (the later line where two share one)
 * @roots: (element-type RamoEntry): filled with the roots
 * @cut: (element-type RamoEntry): gets the entries at which a cycle was cut for the first time
 * @pool: (inout) (transfer full): the tree's array of children (ramo_entry_tree_link_children()),
 *   freed and replaced
 * @dialect: whose sort orders the children
 *
 * Builds parents, children, roots and depths from the records, iteratively (pi's `getTree()`).
 *
 * The tree has one node per id: the record @by_id holds (the later line). A record a later
 * line with the same id shadows (%RAMO_ENTRY_FLAG_SHADOWED) is no node: no parent, no
 * children, not a root. A node hangs under the node its own `parentId` names, and the children
 * of every line with its id hang under it. pi's `getTree()` lists a node once per line of its
 * id, under the parent each line names: Ramo lists it once, at the first place pi's sorted
 * children list it under the node's own parent (for a root: the first line of its id pi lists
 * among the roots, else its own line).
 *
 * A `parentId` cycle (which would make pi loop forever) is cut at the node of the cycle whose
 * id comes first in the file: it becomes a root and is flagged %RAMO_ENTRY_FLAG_CYCLE_BROKEN;
 * an entry flagged so before (the tree is built again after lines are appended) is not added
 * to @cut again. Children are in the order of @dialect's agent (ramo_entry_tree_sort_children()).
 */
void
ramo_entry_tree_build (GPtrArray   *entries,
                       RamoIdIndex *by_id,
                       GPtrArray   *roots,
                       GPtrArray   *cut,
                       RamoEntry ***pool,
                       RamoDialect  dialect)
{
  guint n = entries->len;
  RamoEntry **records = (RamoEntry **) entries->pdata;
  g_autofree guint8 *state = g_new0 (guint8, n);
  g_autofree RamoEntry **walk = g_new (RamoEntry *, MAX (n, 1));
  g_autofree guint *n_children = g_new0 (guint, n);
  g_autofree guint *first_line = NULL;
  g_autofree guint8 *listed = NULL;
  gboolean shadowing = FALSE;

  g_ptr_array_set_size (roots, 0);

  for (guint i = 0; i < n; i++)
    {
      RamoEntry *entry = records[i];

      ramo_entry_tree_clear_children (entry);
      if (entry->flags & RAMO_ENTRY_FLAG_SHADOWED)
        {
          entry->parent = NULL;
          entry->depth = 0;
          entry->flags &= ~RAMO_ENTRY_FLAG_ACTIVE_PATH;
          shadowing = TRUE;
        }
      else
        entry->parent = ramo_entry_tree_resolve_parent (by_id, entry);
    }

  /* the line on which each node's id first appears: a cycle is cut where the file starts it */
  first_line = g_new (guint, n);
  for (guint i = 0; i < n; i++)
    first_line[i] = G_MAXUINT;
  for (guint i = 0; i < n; i++)
    {
      RamoEntry *node = shadowing ? _ramo_id_index_lookup (by_id, records[i]->id) : records[i];

      if (node != NULL && first_line[node->index] == G_MAXUINT)
        first_line[node->index] = i;
    }

  for (guint i = 0; i < n; i++)
    {
      RamoEntry *cur = records[i];
      guint walked = 0;

      if (state[i] == 2 || (cur->flags & RAMO_ENTRY_FLAG_SHADOWED))
        continue;

      /* each entry is walked once: the walk stops at the first one seen before */
      while (cur && state[cur->index] == 0)
        {
          state[cur->index] = 1;
          walk[walked++] = cur;
          cur = cur->parent;
        }

      if (cur && state[cur->index] == 1)
        {
          RamoEntry *first = cur;

          for (RamoEntry *e = cur->parent; e != cur; e = e->parent)
            if (first_line[e->index] < first_line[first->index])
              first = e;
          /* the tree is built again after lines are appended: report a cycle once */
          if (!(first->flags & RAMO_ENTRY_FLAG_CYCLE_BROKEN))
            g_ptr_array_add (cut, first);
          first->parent = NULL;
          first->flags |= RAMO_ENTRY_FLAG_CYCLE_BROKEN;
        }

      for (guint j = 0; j < walked; j++)
        state[walk[j]->index] = 2;
    }

  if (!shadowing)
    {
      /* one line per id: each entry's line is where pi lists it */
      for (guint i = 0; i < n; i++)
        if (records[i]->parent)
          n_children[records[i]->parent->index]++;

      slice_children (records, n, n_children, pool);
      for (guint i = 0; i < n; i++)
        {
          RamoEntry *entry = records[i];

          if (entry->parent == NULL)
            g_ptr_array_add (roots, entry);
          else
            add_to_slice (entry->parent, entry);
        }

      ramo_entry_tree_sort_all (entries, dialect);

      set_depths (roots, n);
      return;
    }

  /* Lines sharing ids. Each parent's children are first what pi's getTree() makes of them:
   * the node of every line that names it, in file order (a node once per line of its id, some
   * of them hanging elsewhere), sorted as pi sorts them; then each node is kept where it is
   * listed first under its own parent, and nowhere else. */
  for (guint i = 0; i < n; i++)
    {
      RamoEntry *place = line_placement (by_id, records[i]);

      if (place != NULL)
        n_children[place->index]++;
    }
  slice_children (records, n, n_children, pool);
  listed = g_new0 (guint8, n);
  for (guint i = 0; i < n; i++)
    {
      RamoEntry *line = records[i];
      RamoEntry *node = _ramo_id_index_lookup (by_id, line->id);
      RamoEntry *place = line_placement (by_id, line);

      if (node == NULL)
        continue;
      if (place != NULL)
        add_to_slice (place, node);
      /* a root where pi first lists it among the roots; a cycle cut at it, on its own line */
      if (node->parent == NULL && !listed[node->index] && (place == NULL || line == node))
        {
          listed[node->index] = 1;
          g_ptr_array_add (roots, node);
        }
    }

  for (guint i = 0; i < n; i++)
    {
      RamoEntry **children = records[i]->children;
      guint kept = 0;

      if (children == NULL)
        continue;
      /* the nodes of the lines, in file order: not by their own lines' order */
      if (records[i]->n_children > 1)
        sort_by_time (children, records[i]->n_children, dialect);
      for (guint k = 0; k < records[i]->n_children; k++)
        {
          RamoEntry *child = children[k];

          if (child->parent != records[i] || listed[child->index])
            continue;
          listed[child->index] = 1;
          children[kept++] = child;
        }
      /* a slice: what is left of it stays unused */
      records[i]->n_children = kept;
      if (kept == 0)
        records[i]->children = NULL;
    }

  set_depths (roots, n);
}

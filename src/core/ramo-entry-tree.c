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

/**
 * ramo_entry_tree_sort_children:
 * @children: (element-type RamoEntry): the children of one entry
 * @dialect: whose sort to sort them by
 *
 * Sorts @children oldest→newest by RamoEntry.time_ms as `getTree()` does: the agent builds the
 * list in file order each time, then sorts it, in the order V8's Array.prototype.sort() gives
 * for pi (ramo_js_sort()) and JavaScriptCore's for oh-my-pi (ramo_js_sort_jsc()). Where
 * @children are not in file order (sorted before, an entry added since), that order is made
 * first, so the result is the agent's whatever the comparator's NaNs make of it.
 */
void
ramo_entry_tree_sort_children (GPtrArray   *children,
                               RamoDialect  dialect)
{
  for (guint i = 1; i < children->len; i++)
    if (((RamoEntry *) children->pdata[i - 1])->index > ((RamoEntry *) children->pdata[i])->index)
      {
        g_ptr_array_sort (children, compare_index);
        break;
      }
  if (dialect == RAMO_DIALECT_OMP)
    ramo_js_sort_jsc (children->pdata, children->len, compare_time, NULL);
  else
    ramo_js_sort (children->pdata, children->len, compare_time, NULL);
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

      if (entry->children && entry->children->len > 1)
        ramo_entry_tree_sort_children (entry->children, dialect);
    }
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
      const guchar *p = (const guchar *) entry->timestamp;

      if (p == NULL)
        continue;
      while (*p != 0 && *p < 0x80)
        p++;
      if (*p == 0)
        continue;
      entry->time_ms = dialect == RAMO_DIALECT_OMP ? ramo_js_date_parse_jsc (entry->timestamp)
                                                   : ramo_js_date_parse (entry->timestamp);
    }
}

/**
 * ramo_entry_tree_resolve_parent:
 * @by_id: (element-type utf8 RamoEntry): the entries by id
 * @entry: an entry
 *
 * The entry @entry's `parentId` names, as pi links them: none when the `parentId` is null or
 * the entry's own id; an id that names no entry flags @entry %RAMO_ENTRY_FLAG_ORPHAN.
 *
 * Returns: (transfer none) (nullable): the parent, %NULL for a root
 */
RamoEntry *
ramo_entry_tree_resolve_parent (GHashTable *by_id,
                                RamoEntry  *entry)
{
  RamoEntry *parent;

  if (entry->parent_id == NULL || strcmp (entry->parent_id, entry->id) == 0)
    return NULL;
  parent = g_hash_table_lookup (by_id, entry->parent_id);
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

      if (entry->children == NULL)
        continue;
      for (guint i = entry->children->len; i > 0; i--)
        {
          RamoEntry *child = g_ptr_array_index (entry->children, i - 1);

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

/**
 * ramo_entry_tree_build:
 * @entries: (element-type RamoEntry): every entry, in file order (RamoEntry.index is the position)
 * @by_id: (element-type utf8 RamoEntry): the entries by id (the later line where two share one)
 * @roots: (element-type RamoEntry): filled with the roots, in file order
 * @cut: (element-type RamoEntry): gets the entries at which a cycle was cut for the first time
 * @dialect: whose sort orders the children
 *
 * Builds parents, children, roots and depths from the records, iteratively (pi's `getTree()`).
 * A `parentId` cycle (which would make pi loop forever) is cut at the entry of the cycle that
 * comes first in the file: it becomes a root and is flagged %RAMO_ENTRY_FLAG_CYCLE_BROKEN; an
 * entry flagged so before (the tree is built again after lines are appended) is not added to
 * @cut again. Children are in @dialect's order (ramo_entry_tree_sort_children()).
 */
void
ramo_entry_tree_build (GPtrArray   *entries,
                       GHashTable  *by_id,
                       GPtrArray   *roots,
                       GPtrArray   *cut,
                       RamoDialect  dialect)
{
  guint n = entries->len;
  RamoEntry **records = (RamoEntry **) entries->pdata;
  g_autofree guint8 *state = g_new0 (guint8, n);
  g_autofree RamoEntry **walk = g_new (RamoEntry *, MAX (n, 1));
  g_autofree guint *n_children = g_new0 (guint, n);

  g_ptr_array_set_size (roots, 0);

  for (guint i = 0; i < n; i++)
    {
      RamoEntry *entry = records[i];

      g_clear_pointer (&entry->children, g_ptr_array_unref);
      entry->parent = ramo_entry_tree_resolve_parent (by_id, entry);
    }

  for (guint i = 0; i < n; i++)
    {
      RamoEntry *cur = records[i];
      guint walked = 0;

      if (state[i] == 2)
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
            if (e->index < first->index)
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

  /* children arrays of the size they need, in one pass each */
  for (guint i = 0; i < n; i++)
    if (records[i]->parent)
      n_children[records[i]->parent->index]++;

  for (guint i = 0; i < n; i++)
    {
      RamoEntry *entry = records[i];

      if (entry->parent == NULL)
        g_ptr_array_add (roots, entry);
      else
        {
          RamoEntry *parent = entry->parent;

          if (parent->children == NULL)
            parent->children = g_ptr_array_sized_new (n_children[parent->index]);
          g_ptr_array_add (parent->children, entry);
        }
    }

  for (guint i = 0; i < n; i++)
    if (records[i]->children && records[i]->children->len > 1)
      ramo_entry_tree_sort_children (records[i]->children, dialect);

  set_depths (roots, n);
}

/* ramo-session-figures.c
 *
 * Copyright 2026 The Ramo authors
 *
 * This program is free software: you can redistribute it and/or modify it under the terms of the
 * GNU General Public License as published by the Free Software Foundation, either version 3 of
 * the License, or (at your option) any later version.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ramo-session"

#include "config.h"

#include <math.h>

#include "ramo-session-manager-private.h"

/*
 * What each part of a session cost, without reading a body again.
 *
 * Each line's usage, tool calls and tool error are found while the line is extracted (the
 * scan the load makes anyway: ramo-figures.c) and kept, for the entries that have any, in one
 * sparse array in file order, in chunks of 64 KiB (never reallocated): 32 bytes per such
 * entry, token counts as 32-bit integers (a count that is not one, rare, goes to a table of
 * its own). Nothing is kept for the others.
 *
 * The tree is cut into segments: a segment starts at a *head* (a root, or a child of an entry
 * with more than one child: a branch start) and follows single children down to an entry with
 * none or several. One walk over the tree (iterative, in pre-order) gives each entry the slot
 * of its segment (4 bytes per entry) and each head the slot of the head above it; the records
 * are added to their segments, then the segments to the heads above them, children before
 * parents: the figures of every head's subtree, in O(n); and, heads before the heads below
 * them, the figures of the path above each head (a head's parent ends the segment above). The
 * branch of any entry is its segment's head's subtree; the subtree of another entry is its
 * segment's rest, followed down, plus the heads below; its path is its segment up to the head,
 * plus the path above the head. No question walks more than one segment.
 *
 * It is computed at the end of a load, in the loading thread, and again, when asked, after
 * the entries or the tree changed.
 */

enum
{
  RECORD_HAS_USAGE   = 1 << 0,
  RECORD_TOOL_ERROR  = 1 << 1,
  RECORD_USAGE_ENTRY = 1 << 2,
  RECORD_WIDE        = 1 << 3,    /* the token counts are in @wide */
  RECORD_FLAG_BITS   = 4,
};

typedef struct
{
  guint32 index;                   /* the entry's position in the file's entries */
  guint32 bits;                    /* tool calls << RECORD_FLAG_BITS | flags */
  guint32 tokens[4];               /* input, output, cache read, cache write */
  double  cost;
} Record;

G_STATIC_ASSERT (sizeof (Record) == 32);

#define NO_SLOT G_MAXUINT32
#define CHUNK_RECORDS 2048      /* 64 KiB */

struct _RamoFiguresTable
{
  GMutex      lock;
  GPtrArray  *chunks;              /* of Record[CHUNK_RECORDS], by index: no reallocation */
  guint       n_records;
  GHashTable *wide;                /* index → double[4], token counts beyond 32-bit integers */
  gboolean    dirty;               /* the entries or the tree changed since the last compute */

  guint       n_slots;             /* entries the slots were computed for */
  guint32    *slot_of;             /* entry index → its segment's slot, NO_SLOT if not in the tree */
  GArray     *heads;               /* (element-type RamoFigures) by slot: the head's subtree */
  GPtrArray  *head_entries;        /* slot → its head (RamoEntry) */
  GArray     *head_parent;         /* (element-type guint32) slot → the slot above, or NO_SLOT */
  GArray     *above;               /* (element-type RamoFigures) by slot: the path from the root
                                    * to the head's parent */
  GHashTable *subtrees;            /* RamoEntry → RamoFigures: the subtrees of other entries
                                    * asked for (rows shown again ask again) */
  RamoFigures session;             /* every line */
  guint       session_usage_entries;
};

/* ------------------------------------------------------------------------------------------ */
/* The table                                                                                   */

RamoFiguresTable *
_ramo_figures_table_new (void)
{
  RamoFiguresTable *table = g_new0 (RamoFiguresTable, 1);

  g_mutex_init (&table->lock);
  table->chunks = g_ptr_array_new_with_free_func (g_free);
  table->dirty = TRUE;
  ramo_figures_init (&table->session);
  return table;
}

static void
clear_slots (RamoFiguresTable *table)
{
  g_clear_pointer (&table->slot_of, g_free);
  g_clear_pointer (&table->heads, g_array_unref);
  g_clear_pointer (&table->head_entries, g_ptr_array_unref);
  g_clear_pointer (&table->head_parent, g_array_unref);
  g_clear_pointer (&table->above, g_array_unref);
  g_clear_pointer (&table->subtrees, g_hash_table_unref);
  table->n_slots = 0;
}

void
_ramo_figures_table_free (RamoFiguresTable *table)
{
  if (table == NULL)
    return;
  clear_slots (table);
  g_ptr_array_unref (table->chunks);
  g_clear_pointer (&table->wide, g_hash_table_unref);
  g_mutex_clear (&table->lock);
  g_free (table);
}

void
_ramo_figures_table_changed (RamoFiguresTable *table)
{
  table->dirty = TRUE;
}

static inline gboolean
fits (double value)
{
  return value >= 0 && value <= G_MAXUINT32 && value == floor (value);
}

/* Keeps what @entry's line adds (in file order: entries are committed so). */
void
_ramo_figures_table_commit (RamoFiguresTable      *table,
                            const RamoEntry       *entry,
                            const RamoLineFigures *figures)
{
  Record record = { 0 };

  table->dirty = TRUE;
  if (!figures->has_usage && figures->tool_calls == 0 && !figures->tool_error)
    return;
  record.index = entry->index;
  record.bits = MIN (figures->tool_calls, G_MAXUINT32 >> RECORD_FLAG_BITS) << RECORD_FLAG_BITS;
  if (figures->has_usage)
    record.bits |= RECORD_HAS_USAGE;
  if (figures->tool_error)
    record.bits |= RECORD_TOOL_ERROR;
  if (figures->usage_entry)
    record.bits |= RECORD_USAGE_ENTRY;
  record.cost = figures->cost;
  if (fits (figures->input) && fits (figures->output) && fits (figures->cache_read) && fits (figures->cache_write))
    {
      record.tokens[0] = (guint32) figures->input;
      record.tokens[1] = (guint32) figures->output;
      record.tokens[2] = (guint32) figures->cache_read;
      record.tokens[3] = (guint32) figures->cache_write;
    }
  else
    {
      double *wide = g_new (double, 4);

      wide[0] = figures->input;
      wide[1] = figures->output;
      wide[2] = figures->cache_read;
      wide[3] = figures->cache_write;
      if (table->wide == NULL)
        table->wide = g_hash_table_new_full (NULL, NULL, NULL, g_free);
      g_hash_table_insert (table->wide, GUINT_TO_POINTER (entry->index), wide);
      record.bits |= RECORD_WIDE;
    }
  if (table->n_records % CHUNK_RECORDS == 0)
    g_ptr_array_add (table->chunks, g_new (Record, CHUNK_RECORDS));
  ((Record *) g_ptr_array_index (table->chunks, table->n_records / CHUNK_RECORDS))[table->n_records % CHUNK_RECORDS] = record;
  table->n_records++;
}

/* Adds a record's figures (not its entry's count or time) to @figures. */
static void
add_record (RamoFiguresTable *table,
            const Record     *record,
            RamoFigures      *figures)
{
  if (record->bits & RECORD_WIDE)
    {
      const double *wide = g_hash_table_lookup (table->wide, GUINT_TO_POINTER (record->index));

      figures->input += wide[0];
      figures->output += wide[1];
      figures->cache_read += wide[2];
      figures->cache_write += wide[3];
    }
  else
    {
      figures->input += record->tokens[0];
      figures->output += record->tokens[1];
      figures->cache_read += record->tokens[2];
      figures->cache_write += record->tokens[3];
    }
  figures->cost += record->cost;
  if (record->bits & RECORD_HAS_USAGE)
    figures->n_usages++;
  if (record->bits & RECORD_TOOL_ERROR)
    figures->tool_errors++;
  figures->tool_calls += record->bits >> RECORD_FLAG_BITS;
}

static inline const Record *
record_at (RamoFiguresTable *table,
           guint             i)
{
  return &((const Record *) g_ptr_array_index (table->chunks, i / CHUNK_RECORDS))[i % CHUNK_RECORDS];
}

static const Record *
find_record (RamoFiguresTable *table,
             guint32           index)
{
  guint lo = 0, hi = table->n_records;

  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;

      if (record_at (table, mid)->index < index)
        lo = mid + 1;
      else
        hi = mid;
    }
  return lo < table->n_records && record_at (table, lo)->index == index ? record_at (table, lo) : NULL;
}

/* Adds @entry itself to @figures. */
static void
add_entry (RamoFiguresTable *table,
           const RamoEntry  *entry,
           RamoFigures      *figures)
{
  const Record *record = find_record (table, entry->index);

  figures->n_entries++;
  _ramo_figures_add_time (figures, entry->time_ms);
  if (record)
    add_record (table, record, figures);
}

static inline gboolean
is_head (const RamoEntry *entry)
{
  return entry->parent == NULL || entry->parent->n_children != 1;
}

/* The figures of every head's subtree, and of the session: O(n), no recursion. */
static void
compute (RamoSessionManager *self,
         RamoFiguresTable   *table)
{
  GPtrArray *entries = self->entries;
  g_autoptr(GPtrArray) stack = g_ptr_array_new ();
  RamoFigures *heads;

  clear_slots (table);
  table->n_slots = entries->len;
  table->slot_of = g_new (guint32, MAX (entries->len, 1));
  memset (table->slot_of, 0xff, sizeof (guint32) * entries->len);
  table->heads = g_array_new (FALSE, FALSE, sizeof (RamoFigures));
  table->head_entries = g_ptr_array_new ();
  table->head_parent = g_array_new (FALSE, FALSE, sizeof (guint32));

  /* pre-order: a head's slot comes before those of the heads below it */
  for (guint r = self->roots->len; r > 0; r--)
    g_ptr_array_add (stack, g_ptr_array_index (self->roots, r - 1));
  while (stack->len > 0)
    {
      RamoEntry *entry = g_ptr_array_steal_index_fast (stack, stack->len - 1);
      guint32 slot;

      if (entry->index >= entries->len || table->slot_of[entry->index] != NO_SLOT)
        continue;   /* never twice, whatever the tree holds */
      if (is_head (entry))
        {
          RamoFigures zero;
          guint32 above = entry->parent ? table->slot_of[entry->parent->index] : NO_SLOT;

          ramo_figures_init (&zero);
          slot = table->heads->len;
          g_array_append_val (table->heads, zero);
          g_ptr_array_add (table->head_entries, entry);
          g_array_append_val (table->head_parent, above);
        }
      else
        slot = table->slot_of[entry->parent->index];
      table->slot_of[entry->index] = slot;
      heads = (RamoFigures *) (gpointer) table->heads->data;
      heads[slot].n_entries++;
      _ramo_figures_add_time (&heads[slot], entry->time_ms);
      if (entry->children)
        for (guint c = entry->n_children; c > 0; c--)
          g_ptr_array_add (stack, entry->children[c - 1]);
    }

  /* each segment's records, and the session's in file order (pi's order of addition) */
  heads = (RamoFigures *) (gpointer) table->heads->data;
  ramo_figures_init (&table->session);
  table->session_usage_entries = 0;
  for (guint i = 0; i < table->n_records; i++)
    {
      const Record *record = record_at (table, i);
      guint32 slot = record->index < entries->len ? table->slot_of[record->index] : NO_SLOT;

      add_record (table, record, &table->session);
      if (record->bits & RECORD_USAGE_ENTRY)
        table->session_usage_entries++;
      if (slot != NO_SLOT)
        add_record (table, record, &heads[slot]);
    }
  table->session.n_entries = entries->len;
  for (guint i = 0; i < entries->len; i++)
    _ramo_figures_add_time (&table->session, ((RamoEntry *) g_ptr_array_index (entries, i))->time_ms);

  /* the path above each head: a head's parent ends the segment above it (a segment stops at
   * an entry with several children), so it is the path above that segment's head and the
   * whole segment; heads come after the heads above them */
  table->above = g_array_sized_new (FALSE, FALSE, sizeof (RamoFigures), table->heads->len);
  g_array_set_size (table->above, table->heads->len);
  for (guint s = 0; s < table->heads->len; s++)
    {
      RamoFigures *above = &g_array_index (table->above, RamoFigures, s);
      guint32 up = g_array_index (table->head_parent, guint32, s);

      ramo_figures_init (above);
      if (up != NO_SLOT)
        {
          *above = g_array_index (table->above, RamoFigures, up);
          ramo_figures_add (above, &heads[up]);
        }
    }

  /* the segments into the heads above them, the lower first */
  for (guint s = table->heads->len; s > 1; s--)
    {
      guint32 above = g_array_index (table->head_parent, guint32, s - 1);

      if (above != NO_SLOT)
        ramo_figures_add (&heads[above], &heads[s - 1]);
    }
  table->dirty = FALSE;
}

/* Called at the end of a load, in the loading thread: the figures are ready with the tree. */
void
_ramo_session_manager_compute_figures (RamoSessionManager *self)
{
  g_mutex_lock (&self->figures->lock);
  compute (self, self->figures);
  g_mutex_unlock (&self->figures->lock);
}

/* With the lock held: the table up to date. */
static RamoFiguresTable *
lock_table (RamoSessionManager *self)
{
  RamoFiguresTable *table = self->figures;

  g_mutex_lock (&table->lock);
  if (table->dirty || table->n_slots != self->entries->len)
    compute (self, table);
  return table;
}

/* The entry @id names in the tree, with a slot, or NULL. */
static RamoEntry *
tree_entry (RamoSessionManager *self,
            RamoFiguresTable   *table,
            const char         *id)
{
  RamoEntry *entry = id ? _ramo_id_index_lookup (self->by_id, id) : NULL;

  if (entry == NULL || entry->index >= table->n_slots || table->slot_of[entry->index] == NO_SLOT)
    return NULL;
  return entry;
}

/**
 * ramo_session_manager_get_figures:
 * @self: a session manager
 * @scope: which entries to add up
 * @id: (nullable): the entry the scope is of; ignored for %RAMO_FIGURES_SESSION
 * @figures: (out caller-allocates): where to store the figures
 *
 * The tokens, cost, tool calls, tool errors and times of a set of entries (see
 * #RamoFiguresScope and #RamoFigures). The figures of every branch are computed with the tree
 * when the file is read, and again after it changes, at the first call; a subtree or a path
 * costs at most the walk along the chain of single children the entry is on.
 *
 * Returns: %TRUE, or %FALSE (and @figures those of an empty set) when @id is not an entry of
 *   the tree
 */
gboolean
ramo_session_manager_get_figures (RamoSessionManager *self,
                                  RamoFiguresScope    scope,
                                  const char         *id,
                                  RamoFigures        *figures)
{
  RamoFiguresTable *table;
  RamoFigures *heads;
  RamoEntry *entry;
  gboolean found = TRUE;

  g_return_val_if_fail (RAMO_IS_SESSION_MANAGER (self), FALSE);
  g_return_val_if_fail (figures != NULL, FALSE);
  g_return_val_if_fail (scope <= RAMO_FIGURES_SESSION, FALSE);

  ramo_figures_init (figures);
  table = lock_table (self);
  heads = (RamoFigures *) (gpointer) table->heads->data;
  entry = scope == RAMO_FIGURES_SESSION ? NULL : tree_entry (self, table, id);

  switch (scope)
    {
    case RAMO_FIGURES_SESSION:
      *figures = table->session;
      break;

    case RAMO_FIGURES_BRANCH:
      if (entry)
        *figures = heads[table->slot_of[entry->index]];
      break;

    case RAMO_FIGURES_SUBTREE:
      if (entry == NULL)
        break;
      if (g_ptr_array_index (table->head_entries, table->slot_of[entry->index]) == entry)
        {
          *figures = heads[table->slot_of[entry->index]];
          break;
        }
      if (table->subtrees && g_hash_table_contains (table->subtrees, entry))
        {
          *figures = *(RamoFigures *) g_hash_table_lookup (table->subtrees, entry);
          break;
        }
      /* down the chain to its end (its single children are no heads), then the branches below */
      for (RamoEntry *e = entry; ; e = e->children[0])
        {
          add_entry (table, e, figures);
          if (e->n_children == 0)
            break;
          if (e->n_children == 1)
            continue;
          for (guint c = 0; c < e->n_children; c++)
            {
              RamoEntry *child = e->children[c];

              ramo_figures_add (figures, &heads[table->slot_of[child->index]]);
            }
          break;
        }
      if (table->subtrees == NULL)
        table->subtrees = g_hash_table_new_full (NULL, NULL, NULL, g_free);
      g_hash_table_insert (table->subtrees, entry, g_memdup2 (figures, sizeof *figures));
      break;

    case RAMO_FIGURES_PATH:
      if (entry)
        {
          guint32 slot = table->slot_of[entry->index];
          RamoEntry *head = g_ptr_array_index (table->head_entries, slot);

          /* up to the segment's head, then the path above it */
          for (RamoEntry *e = entry; e != head; e = e->parent)
            add_entry (table, e, figures);
          add_entry (table, head, figures);
          ramo_figures_add (figures, &g_array_index (table->above, RamoFigures, slot));
        }
      break;

    default:
      break;
    }
  found = scope == RAMO_FIGURES_SESSION || entry != NULL;
  g_mutex_unlock (&table->lock);
  return found;
}

/**
 * ramo_session_manager_get_branch_start:
 * @self: a session manager
 * @id: an entry's id
 * @fork_id: (out) (optional) (nullable) (transfer none): where to store the id of the branch's
 *   fork (the start's parent), %NULL for a branch that starts at a root
 *
 * The first entry of the branch @id is on (see %RAMO_FIGURES_BRANCH): the child of its nearest
 * ancestor with more than one child on the way to it, or its root.
 *
 * Returns: (nullable) (transfer none): the id of the branch's first entry, or %NULL when @id
 *   is not an entry of the tree
 */
const char *
ramo_session_manager_get_branch_start (RamoSessionManager *self,
                                       const char         *id,
                                       const char        **fork_id)
{
  RamoFiguresTable *table;
  RamoEntry *entry, *start = NULL;

  g_return_val_if_fail (RAMO_IS_SESSION_MANAGER (self), NULL);

  if (fork_id)
    *fork_id = NULL;
  table = lock_table (self);
  entry = tree_entry (self, table, id);
  if (entry)
    start = g_ptr_array_index (table->head_entries, table->slot_of[entry->index]);
  g_mutex_unlock (&table->lock);
  if (start && fork_id && start->parent)
    *fork_id = start->parent->id;
  return start ? start->id : NULL;
}

/**
 * ramo_session_manager_dup_branch_starts:
 * @self: a session manager
 *
 * Every entry that starts a branch: the roots, and the children of entries with more than one
 * child, in the order of the tree (depth first, each entry's children in the agent's order).
 *
 * Returns: (transfer container) (element-type RamoEntry): the first entries of the branches
 */
GPtrArray *
ramo_session_manager_dup_branch_starts (RamoSessionManager *self)
{
  RamoFiguresTable *table;
  GPtrArray *starts;

  g_return_val_if_fail (RAMO_IS_SESSION_MANAGER (self), NULL);

  table = lock_table (self);
  starts = g_ptr_array_copy (table->head_entries, NULL, NULL);
  g_mutex_unlock (&table->lock);
  return starts;
}

/* For ramo_session_manager_sum_usage(): the session's usage and its counts. */
void
_ramo_session_manager_session_usage (RamoSessionManager *self,
                                     RamoFigures        *figures,
                                     guint              *n_usage_entries)
{
  RamoFiguresTable *table = lock_table (self);

  *figures = table->session;
  *n_usage_entries = table->session_usage_entries;
  g_mutex_unlock (&table->lock);
}

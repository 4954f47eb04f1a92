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
 * scan the load makes anyway) and kept, for the entries that have any, in one sparse array in
 * file order: 32 bytes per such entry, token counts as 32-bit integers (a count that is not
 * one, rare, goes to a table of its own). Nothing is kept for the others.
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

struct _RamoFiguresTable
{
  GMutex      lock;
  GArray     *records;             /* (element-type Record) by index */
  GHashTable *wide;                /* index → double[4], token counts beyond 32-bit integers */
  gboolean    dirty;               /* the entries or the tree changed since the last compute */

  guint       n_slots;             /* entries the slots were computed for */
  guint32    *slot_of;             /* entry index → its segment's slot, NO_SLOT if not in the tree */
  GArray     *heads;               /* (element-type RamoFigures) by slot: the head's subtree */
  GPtrArray  *head_entries;        /* slot → its head (RamoEntry) */
  GArray     *head_parent;         /* (element-type guint32) slot → the slot above, or NO_SLOT */
  GArray     *above;               /* (element-type RamoFigures) by slot: the path from the root
                                    * to the head's parent */
  RamoFigures session;             /* every line */
  guint       session_usage_entries;
};

/* ------------------------------------------------------------------------------------------ */
/* RamoFigures                                                                                 */

/**
 * ramo_figures_init:
 * @figures: (out caller-allocates): the figures to clear
 *
 * Sets @figures to those of an empty set: zero counts, no times.
 */
void
ramo_figures_init (RamoFigures *figures)
{
  g_return_if_fail (figures != NULL);

  memset (figures, 0, sizeof *figures);
  figures->first_ms = NAN;
  figures->last_ms = NAN;
}

static inline void
add_time (RamoFigures *figures,
          double       ms)
{
  if (isnan (ms))
    return;
  if (isnan (figures->first_ms) || ms < figures->first_ms)
    figures->first_ms = ms;
  if (isnan (figures->last_ms) || ms > figures->last_ms)
    figures->last_ms = ms;
}

/**
 * ramo_figures_add:
 * @figures: (inout): the figures to add to
 * @other: the figures of a set apart from those of @figures
 *
 * Makes @figures those of the union of both sets: counts added, the earliest and latest times
 * of either.
 */
void
ramo_figures_add (RamoFigures       *figures,
                  const RamoFigures *other)
{
  g_return_if_fail (figures != NULL);
  g_return_if_fail (other != NULL);

  figures->input += other->input;
  figures->output += other->output;
  figures->cache_read += other->cache_read;
  figures->cache_write += other->cache_write;
  figures->cost += other->cost;
  figures->n_entries += other->n_entries;
  figures->n_usages += other->n_usages;
  figures->tool_calls += other->tool_calls;
  figures->tool_errors += other->tool_errors;
  add_time (figures, other->first_ms);
  add_time (figures, other->last_ms);
}

/**
 * ramo_figures_get_tokens:
 * @figures: figures
 *
 * Returns: every token counted: input, output, cache read and cache write (pi's `total`)
 */
double
ramo_figures_get_tokens (const RamoFigures *figures)
{
  g_return_val_if_fail (figures != NULL, 0);
  return figures->input + figures->output + figures->cache_read + figures->cache_write;
}

/**
 * ramo_figures_get_wall_ms:
 * @figures: figures
 *
 * Returns: the wall time of the set: its last time less its first, in milliseconds; 0 when
 *   fewer than one entry has a valid time
 */
double
ramo_figures_get_wall_ms (const RamoFigures *figures)
{
  g_return_val_if_fail (figures != NULL, 0);
  if (isnan (figures->first_ms) || isnan (figures->last_ms))
    return 0;
  return figures->last_ms - figures->first_ms;
}

/* ------------------------------------------------------------------------------------------ */
/* One line                                                                                    */

/* A count of a usage as a number: a missing or non-numeric one is 0 here (pi would add
 * `undefined` and show NaN). Nearly every count is a plain decimal of at most 15 digits: its
 * digits as an integer divided by a power of ten up to 10^15, both exact doubles, is the
 * correctly rounded value (one IEEE division), as strtod() gives it, without its cost. */
static double
usage_number (RamoScan *scan,
              guint     node)
{
  static const double powers[] = { 1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
                                    1e12, 1e13, 1e14, 1e15 };
  const RamoScanNode *n;
  double value = 0;

  if (ramo_scan_type (scan, node) != RAMO_SCAN_NUMBER)
    return 0;
  n = ramo_scan_node (scan, node);
  if (n->end - n->start <= 17)
    {
      const char *p = scan->text + n->start, *end = scan->text + n->end;
      gboolean negative = *p == '-';
      guint64 digits = 0;
      guint n_digits = 0, n_decimals = 0;

      if (negative)
        p++;
      for (; p < end && *p >= '0' && *p <= '9'; p++, n_digits++)
        digits = digits * 10 + (guint64) (*p - '0');
      if (p < end && *p == '.')
        for (p++; p < end && *p >= '0' && *p <= '9'; p++, n_digits++, n_decimals++)
          digits = digits * 10 + (guint64) (*p - '0');
      if (p == end && n_digits <= 15)
        {
          value = (double) digits / powers[n_decimals];
          return negative ? -value : value;
        }
    }
  if (!ramo_scan_number (scan, node, &value) || isnan (value))
    return 0;
  return value;
}

/* The members named @keys (at most 8) of @object, found in one pass: @nodes[i] the node of
 * @keys[i], 0 when absent (the last of a name wins, as in JSON.parse()). */
static void
find_members (RamoScan           *scan,
              guint               object,
              const char * const *keys,
              guint               n_keys,
              guint              *nodes)
{
  guint8 lengths[8];

  g_assert (n_keys <= G_N_ELEMENTS (lengths));
  memset (nodes, 0, sizeof (guint) * n_keys);
  if (ramo_scan_type (scan, object) != RAMO_SCAN_OBJECT)
    return;
  for (guint k = 0; k < n_keys; k++)
    lengths[k] = (guint8) strlen (keys[k]);
  for (guint i = ramo_scan_node (scan, object)->first_child; i; i = ramo_scan_node (scan, i)->next)
    {
      const RamoScanNode *node = ramo_scan_node (scan, i);
      const char *name = scan->text + node->key_start + 1;
      guint len = node->key_end - node->key_start - 2;

      if (node->key_escaped)
        {
          /* keys written with escapes: the slow way, which decodes them */
          for (guint k = 0; k < n_keys; k++)
            nodes[k] = ramo_scan_member (scan, object, keys[k]);
          return;
        }
      for (guint k = 0; k < n_keys; k++)
        if (len == lengths[k] && name[0] == keys[k][0] && memcmp (name, keys[k], len) == 0)
          nodes[k] = i;
    }
}

/* Whether the content block @block has `type: "toolCall"`. */
static inline gboolean
is_tool_call (RamoScan *scan,
              guint     block)
{
  return ramo_scan_string_equal (scan, ramo_scan_member (scan, block, "type"), "toolCall");
}

enum { M_USAGE, M_CONTENT, M_IS_ERROR, M_TOOL_NAME, M_DETAILS, N_MESSAGE_KEYS };
static const char * const message_keys[N_MESSAGE_KEYS] = { "usage", "content", "isError", "toolName", "details" };
enum { U_INPUT, U_OUTPUT, U_CACHE_READ, U_CACHE_WRITE, U_COST, N_USAGE_KEYS };
static const char * const usage_keys[N_USAGE_KEYS] = { "input", "output", "cacheRead", "cacheWrite", "cost" };

/* Finds what the line in @scan (its entry object node 1, its `message` @message) adds. */
void
_ramo_line_figures_scan (RamoLineFigures *figures,
                         const RamoEntry *entry,
                         RamoScan        *scan,
                         guint            message)
{
  guint members[N_MESSAGE_KEYS] = { 0 };
  guint usage = 0;

  memset (figures, 0, sizeof *figures);
  switch ((RamoEntryType) entry->type)
    {
    case RAMO_ENTRY_TYPE_USAGE:
    case RAMO_ENTRY_TYPE_BRANCH_SUMMARY:
    case RAMO_ENTRY_TYPE_COMPACTION:
      usage = ramo_scan_member (scan, 1, "usage");
      break;
    case RAMO_ENTRY_TYPE_UNKNOWN:
      /* oh-my-pi's calls outside the conversation */
      if (g_strcmp0 (entry->type_name, "model_usage") == 0)
        usage = ramo_scan_member (scan, 1, "usage");
      break;
    case RAMO_ENTRY_TYPE_MESSAGE:
      if (entry->role != RAMO_MESSAGE_ROLE_ASSISTANT && entry->role != RAMO_MESSAGE_ROLE_TOOL_RESULT)
        return;
      find_members (scan, message, message_keys, N_MESSAGE_KEYS, members);
      usage = members[M_USAGE];
      /* pi 1.6.0 adds a tool result's own usage; oh-my-pi a `task` result's `details.usage` */
      if (entry->role == RAMO_MESSAGE_ROLE_TOOL_RESULT && ramo_scan_type (scan, usage) != RAMO_SCAN_OBJECT &&
          ramo_scan_string_equal (scan, members[M_TOOL_NAME], "task"))
        usage = ramo_scan_member (scan, members[M_DETAILS], "usage");
      break;
    case RAMO_ENTRY_TYPE_THINKING_LEVEL_CHANGE:
    case RAMO_ENTRY_TYPE_MODEL_CHANGE:
    case RAMO_ENTRY_TYPE_CUSTOM:
    case RAMO_ENTRY_TYPE_CUSTOM_MESSAGE:
    case RAMO_ENTRY_TYPE_LABEL:
    case RAMO_ENTRY_TYPE_SESSION_INFO:
    case RAMO_ENTRY_TYPE_CONTEXT_EDIT:
    default:
      return;
    }

  if (ramo_scan_type (scan, usage) == RAMO_SCAN_OBJECT)
    {
      guint counts[N_USAGE_KEYS];

      find_members (scan, usage, usage_keys, N_USAGE_KEYS, counts);
      figures->input = usage_number (scan, counts[U_INPUT]);
      figures->output = usage_number (scan, counts[U_OUTPUT]);
      figures->cache_read = usage_number (scan, counts[U_CACHE_READ]);
      figures->cache_write = usage_number (scan, counts[U_CACHE_WRITE]);
      figures->cost = usage_number (scan, ramo_scan_member (scan, counts[U_COST], "total"));
      figures->has_usage = TRUE;
      figures->usage_entry = entry->type == RAMO_ENTRY_TYPE_USAGE;
    }
  if (entry->type != RAMO_ENTRY_TYPE_MESSAGE)
    return;
  if (entry->role == RAMO_MESSAGE_ROLE_ASSISTANT)
    {
      guint content = members[M_CONTENT];

      /* pi counts the content blocks whose `type` is "toolCall" */
      if (ramo_scan_type (scan, content) == RAMO_SCAN_ARRAY)
        for (guint i = ramo_scan_node (scan, content)->first_child; i; i = ramo_scan_node (scan, i)->next)
          if (is_tool_call (scan, i))
            figures->tool_calls++;
    }
  else
    figures->tool_error = ramo_scan_type (scan, members[M_IS_ERROR]) == RAMO_SCAN_TRUE;
}

/* ------------------------------------------------------------------------------------------ */
/* The table                                                                                   */

RamoFiguresTable *
_ramo_figures_table_new (void)
{
  RamoFiguresTable *table = g_new0 (RamoFiguresTable, 1);

  g_mutex_init (&table->lock);
  table->records = g_array_new (FALSE, FALSE, sizeof (Record));
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
  table->n_slots = 0;
}

void
_ramo_figures_table_free (RamoFiguresTable *table)
{
  if (table == NULL)
    return;
  clear_slots (table);
  g_array_unref (table->records);
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
  g_array_append_val (table->records, record);
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

static const Record *
find_record (RamoFiguresTable *table,
             guint32           index)
{
  const Record *records = (const Record *) (gpointer) table->records->data;
  guint lo = 0, hi = table->records->len;

  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;

      if (records[mid].index < index)
        lo = mid + 1;
      else
        hi = mid;
    }
  return lo < table->records->len && records[lo].index == index ? &records[lo] : NULL;
}

/* Adds @entry itself to @figures. */
static void
add_entry (RamoFiguresTable *table,
           const RamoEntry  *entry,
           RamoFigures      *figures)
{
  const Record *record = find_record (table, entry->index);

  figures->n_entries++;
  add_time (figures, entry->time_ms);
  if (record)
    add_record (table, record, figures);
}

static inline gboolean
is_head (const RamoEntry *entry)
{
  return entry->parent == NULL || entry->parent->children == NULL || entry->parent->children->len != 1;
}

/* The figures of every head's subtree, and of the session: O(n), no recursion. */
static void
compute (RamoSessionManager *self,
         RamoFiguresTable   *table)
{
  GPtrArray *entries = self->entries;
  g_autoptr(GPtrArray) stack = g_ptr_array_new ();
  const Record *records = (const Record *) (gpointer) table->records->data;
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
      add_time (&heads[slot], entry->time_ms);
      if (entry->children)
        for (guint c = entry->children->len; c > 0; c--)
          g_ptr_array_add (stack, g_ptr_array_index (entry->children, c - 1));
    }

  /* each segment's records, and the session's in file order (pi's order of addition) */
  heads = (RamoFigures *) (gpointer) table->heads->data;
  ramo_figures_init (&table->session);
  table->session_usage_entries = 0;
  for (guint i = 0; i < table->records->len; i++)
    {
      guint32 slot = records[i].index < entries->len ? table->slot_of[records[i].index] : NO_SLOT;

      add_record (table, &records[i], &table->session);
      if (records[i].bits & RECORD_USAGE_ENTRY)
        table->session_usage_entries++;
      if (slot != NO_SLOT)
        add_record (table, &records[i], &heads[slot]);
    }
  table->session.n_entries = entries->len;
  for (guint i = 0; i < entries->len; i++)
    add_time (&table->session, ((RamoEntry *) g_ptr_array_index (entries, i))->time_ms);

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
  RamoEntry *entry = id ? g_hash_table_lookup (self->by_id, id) : NULL;

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
      while (entry)
        {
          guint32 slot = table->slot_of[entry->index];

          if (g_ptr_array_index (table->head_entries, slot) == entry)
            {
              ramo_figures_add (figures, &heads[slot]);
              break;
            }
          /* down the chain to its end, then the branches below it */
          add_entry (table, entry, figures);
          if (entry->children == NULL || entry->children->len == 0)
            break;
          if (entry->children->len == 1)
            {
              entry = g_ptr_array_index (entry->children, 0);
              continue;
            }
          for (guint c = 0; c < entry->children->len; c++)
            {
              RamoEntry *child = g_ptr_array_index (entry->children, c);

              ramo_figures_add (figures, &heads[table->slot_of[child->index]]);
            }
          break;
        }
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
      g_return_val_if_reached ((g_mutex_unlock (&table->lock), FALSE));
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

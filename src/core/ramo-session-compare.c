/* ramo-session-compare.c — two paths of a session from their fork, aligned step by step, with
 * what differs: texts by words, tool calls and their arguments
 *
 * Copyright 2026 The Ramo authors
 *
 * This program is free software: you can redistribute it and/or modify it under the terms of the
 * GNU General Public License as published by the Free Software Foundation, either version 3 of
 * the License, or (at your option) any later version.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ramo-session-compare"

#include "config.h"

#include <string.h>

#include "ramo-session-compare.h"

/* The most entries an alignment looks for insertions and deletions among (after what both
 * paths share at their ends); beyond, the entries are paired in order. */
#define MAX_ENTRY_EDITS 1024

G_DEFINE_QUARK (ramo-compare-error-quark, ramo_compare_error)

/**
 * ramo_compare_kind_to_string:
 * @kind: a kind of step
 *
 * Returns: `same`, `changed`, `only-left` or `only-right`
 */
const char *
ramo_compare_kind_to_string (RamoCompareKind kind)
{
  switch (kind)
    {
    case RAMO_COMPARE_SAME:
      return "same";
    case RAMO_COMPARE_CHANGED:
      return "changed";
    case RAMO_COMPARE_ONLY_LEFT:
      return "only-left";
    case RAMO_COMPARE_ONLY_RIGHT:
      return "only-right";
    default:
      g_return_val_if_reached ("same");
    }
}

static void
tool_call_pair_free (gpointer data)
{
  RamoToolCallPair *pair = data;

  g_clear_pointer (&pair->arguments_diff, g_ptr_array_unref);
  g_free (pair);
}

static void
compare_pair_free (gpointer data)
{
  RamoComparePair *pair = data;

  g_clear_pointer (&pair->text_diff, g_ptr_array_unref);
  g_clear_pointer (&pair->tool_calls, g_ptr_array_unref);
  g_free (pair);
}

static guint
content_hash (gconstpointer key)
{
  const RamoEntryContent *content = key;
  guint hash = g_str_hash (content->kind) * 31 + g_str_hash (content->text);

  hash = hash * 31 + (content->detail ? g_str_hash (content->detail) : 0);
  for (guint i = 0; i < content->tool_calls->len; i++)
    {
      RamoToolCall *call = g_ptr_array_index (content->tool_calls, i);

      hash = hash * 31 + g_str_hash (call->name) * 7 + g_str_hash (call->arguments);
    }
  return hash;
}

static gboolean
content_equal (gconstpointer a,
               gconstpointer b)
{
  return ramo_entry_content_equal (a, b);
}

static guint
kind_hash (gconstpointer key)
{
  const RamoEntryContent *content = key;

  return g_str_hash (content->kind) * 31 + content->type;
}

static gboolean
kind_equal (gconstpointer a,
            gconstpointer b)
{
  const RamoEntryContent *ca = a, *cb = b;

  return ca->type == cb->type && strcmp (ca->kind, cb->kind) == 0;
}

/* The contents path[from, from + n) as numbers: equal numbers for equal keys. */
static guint *
number_contents (GHashTable *numbers,
                 GPtrArray  *path,
                 guint       from,
                 guint       n)
{
  guint *keys = g_new (guint, MAX (n, 1));

  for (guint i = 0; i < n; i++)
    keys[i] = ramo_diff_number_of (numbers, g_ptr_array_index (path, from + i));
  return keys;
}

static void
add_pair (RamoSessionCompare *self,
          RamoCompareKind     kind,
          RamoEntryContent   *left,
          RamoEntryContent   *right)
{
  RamoComparePair *pair = g_new0 (RamoComparePair, 1);

  if (kind == RAMO_COMPARE_CHANGED && ramo_entry_content_equal (left, right))
    kind = RAMO_COMPARE_SAME;
  pair->kind = kind;
  pair->left = kind == RAMO_COMPARE_ONLY_RIGHT ? NULL : left;
  pair->right = kind == RAMO_COMPARE_ONLY_LEFT ? NULL : right;
  if (kind == RAMO_COMPARE_CHANGED)
    {
      guint n = MAX (left->tool_calls->len, right->tool_calls->len);

      pair->text_diff = ramo_text_diff (left->text, right->text, RAMO_DIFF_WORDS, &pair->granularity);
      pair->tool_calls = g_ptr_array_new_with_free_func (tool_call_pair_free);
      for (guint i = 0; i < n; i++)
        {
          RamoToolCallPair *calls = g_new0 (RamoToolCallPair, 1);

          calls->left = i < left->tool_calls->len ? g_ptr_array_index (left->tool_calls, i) : NULL;
          calls->right = i < right->tool_calls->len ? g_ptr_array_index (right->tool_calls, i) : NULL;
          if (calls->left == NULL)
            calls->kind = RAMO_COMPARE_ONLY_RIGHT;
          else if (calls->right == NULL)
            calls->kind = RAMO_COMPARE_ONLY_LEFT;
          else if (ramo_tool_call_equal (calls->left, calls->right))
            calls->kind = RAMO_COMPARE_SAME;
          else
            {
              calls->kind = RAMO_COMPARE_CHANGED;
              calls->arguments_diff = ramo_text_diff (calls->left->arguments, calls->right->arguments,
                                                      RAMO_DIFF_WORDS, NULL);
            }
          g_ptr_array_add (pair->tool_calls, calls);
        }
    }
  g_ptr_array_add (self->pairs, pair);
}

/* Entries between two that say the same: those of one kind (a user message, an assistant
 * message, a compaction…) aligned in order and paired as changed, the others on their side. */
static void
align_gap (RamoSessionCompare *self,
           guint               left,
           guint               n_left,
           guint               right,
           guint               n_right)
{
  g_autoptr(GHashTable) kinds = g_hash_table_new (kind_hash, kind_equal);
  g_autoptr(GArray) script = g_array_new (FALSE, FALSE, sizeof (RamoDiffEdit));
  g_autofree guint *kl = number_contents (kinds, self->left_path, left, n_left);
  g_autofree guint *kr = number_contents (kinds, self->right_path, right, n_right);

  if (!ramo_sequence_diff (kl, n_left, kr, n_right, MAX_ENTRY_EDITS, script))
    {
      /* too different to align: step by step */
      for (guint i = 0; i < MAX (n_left, n_right); i++)
        {
          RamoEntryContent *l = i < n_left ? g_ptr_array_index (self->left_path, left + i) : NULL;
          RamoEntryContent *r = i < n_right ? g_ptr_array_index (self->right_path, right + i) : NULL;

          if (l && r && kl[i] == kr[i])
            add_pair (self, RAMO_COMPARE_CHANGED, l, r);
          else
            {
              if (l)
                add_pair (self, RAMO_COMPARE_ONLY_LEFT, l, NULL);
              if (r)
                add_pair (self, RAMO_COMPARE_ONLY_RIGHT, NULL, r);
            }
        }
      return;
    }
  for (guint i = 0; i < script->len; i++)
    {
      RamoDiffEdit *e = &g_array_index (script, RamoDiffEdit, i);

      for (guint j = 0; j < e->length; j++)
        {
          RamoEntryContent *l = e->op != RAMO_DIFF_ADDED ? g_ptr_array_index (self->left_path, left + e->left + j) : NULL;
          RamoEntryContent *r = e->op != RAMO_DIFF_REMOVED ? g_ptr_array_index (self->right_path, right + e->right + j) : NULL;

          add_pair (self,
                    e->op == RAMO_DIFF_EQUAL ? RAMO_COMPARE_CHANGED :
                    e->op == RAMO_DIFF_REMOVED ? RAMO_COMPARE_ONLY_LEFT : RAMO_COMPARE_ONLY_RIGHT,
                    l, r);
        }
    }
}

static void
align (RamoSessionCompare *self)
{
  g_autoptr(GHashTable) contents = g_hash_table_new (content_hash, content_equal);
  g_autoptr(GArray) script = g_array_new (FALSE, FALSE, sizeof (RamoDiffEdit));
  guint n_left = self->left_path->len, n_right = self->right_path->len;
  g_autofree guint *kl = number_contents (contents, self->left_path, 0, n_left);
  g_autofree guint *kr = number_contents (contents, self->right_path, 0, n_right);
  guint gap_left = 0, gap_right = 0;

  if (!ramo_sequence_diff (kl, n_left, kr, n_right, MAX_ENTRY_EDITS, script))
    {
      align_gap (self, 0, n_left, 0, n_right);
      return;
    }
  for (guint i = 0; i < script->len; i++)
    {
      RamoDiffEdit *e = &g_array_index (script, RamoDiffEdit, i);

      if (e->op != RAMO_DIFF_EQUAL)
        continue;
      align_gap (self, gap_left, e->left - gap_left, gap_right, e->right - gap_right);
      for (guint j = 0; j < e->length; j++)
        add_pair (self, RAMO_COMPARE_SAME,
                  g_ptr_array_index (self->left_path, e->left + j),
                  g_ptr_array_index (self->right_path, e->right + j));
      gap_left = e->left + e->length;
      gap_right = e->right + e->length;
    }
  align_gap (self, gap_left, n_left - gap_left, gap_right, n_right - gap_right);
}

/* The contents of the entries from below @fork down to @entry, in that order. */
static GPtrArray *
read_path (RamoSessionManager  *manager,
           RamoEntry           *entry,
           RamoEntry           *fork,
           GError             **error)
{
  g_autoptr(GPtrArray) entries = g_ptr_array_new ();
  g_autoptr(GPtrArray) path = g_ptr_array_new_with_free_func ((GDestroyNotify) ramo_entry_content_free);

  for (RamoEntry *e = entry; e != fork; e = e->parent)
    g_ptr_array_add (entries, e);
  for (guint i = entries->len; i > 0; i--)
    {
      RamoEntryContent *content = ramo_entry_content_read (manager, g_ptr_array_index (entries, i - 1), error);

      if (content == NULL)
        return NULL;
      g_ptr_array_add (path, content);
    }
  return g_steal_pointer (&path);
}

static RamoEntry *
find_entry (RamoSessionManager  *manager,
            const char          *id,
            GError             **error)
{
  RamoEntry *entry = ramo_session_manager_get_entry (manager, id);

  if (entry == NULL)
    g_set_error (error, RAMO_SESSION_ERROR, RAMO_SESSION_ERROR_NOT_FOUND, "Entry %s not found", id);
  return entry;
}

/* The figures of the entries below @fork down to @end: the path's to @end less the path's to
 * @fork, with the times of those entries alone. */
static void
side_figures (RamoSessionManager *manager,
              RamoEntry          *end,
              RamoEntry          *fork,
              RamoFigures        *figures)
{
  RamoFigures above;
  RamoFigures times;

  ramo_figures_init (figures);
  ramo_figures_init (&above);
  if (end == fork ||
      !ramo_session_manager_get_figures (manager, RAMO_FIGURES_PATH, end->id, figures) ||
      !ramo_session_manager_get_figures (manager, RAMO_FIGURES_PATH, fork->id, &above))
    {
      ramo_figures_init (figures);
      return;
    }
  figures->input -= above.input;
  figures->output -= above.output;
  figures->cache_read -= above.cache_read;
  figures->cache_write -= above.cache_write;
  /* sums of decimals: what is left of the shared part is rounding */
  figures->cost = MAX (figures->cost - above.cost, 0.0);
  if (figures->cost < 1e-12)
    figures->cost = 0;
  figures->n_entries -= above.n_entries;
  figures->n_usages -= above.n_usages;
  figures->tool_calls -= above.tool_calls;
  figures->tool_errors -= above.tool_errors;

  ramo_figures_init (&times);
  for (RamoEntry *e = end; e && e != fork; e = e->parent)
    {
      RamoFigures one;

      ramo_figures_init (&one);
      one.first_ms = one.last_ms = e->time_ms;
      ramo_figures_add (&times, &one);
    }
  figures->first_ms = times.first_ms;
  figures->last_ms = times.last_ms;
}

/**
 * ramo_session_compare_read:
 * @manager: a session
 * @left_id: an entry's id
 * @right_id: another entry's id, or the same
 * @error: return location for a #GError, or %NULL
 *
 * The first half of ramo_session_compare(): finds the fork of @left_id and @right_id and reads
 * their paths after it from the file, without aligning them (ramo_session_compare_align() does,
 * and may do it in another thread); the steps are empty until then.
 *
 * Errors: those of ramo_session_compare().
 *
 * Returns: (transfer full): the comparison, not aligned, or %NULL with @error set
 */
RamoSessionCompare *
ramo_session_compare_read (RamoSessionManager  *manager,
                           const char          *left_id,
                           const char          *right_id,
                           GError             **error)
{
  g_autoptr(RamoSessionCompare) self = NULL;
  RamoEntry *left, *right, *a, *b;

  g_return_val_if_fail (RAMO_IS_SESSION_MANAGER (manager), NULL);
  g_return_val_if_fail (left_id != NULL && right_id != NULL, NULL);

  if ((left = find_entry (manager, left_id, error)) == NULL ||
      (right = find_entry (manager, right_id, error)) == NULL)
    return NULL;

  for (a = left, b = right; a && b && a != b;)
    {
      if (a->depth >= b->depth)
        a = a->parent;
      else
        b = b->parent;
    }
  if (a == NULL || b == NULL)
    {
      g_set_error (error, RAMO_COMPARE_ERROR, RAMO_COMPARE_ERROR_NO_COMMON_ANCESTOR,
                   "Entries %s and %s have no common ancestor: they are under different roots",
                   left_id, right_id);
      return NULL;
    }

  self = g_new0 (RamoSessionCompare, 1);
  self->left_id = g_strdup (left->id);
  self->right_id = g_strdup (right->id);
  self->fork_id = g_strdup (a->id);
  self->n_shared = a->depth + 1;
  self->pairs = g_ptr_array_new_with_free_func (compare_pair_free);
  if ((self->left_path = read_path (manager, left, a, error)) == NULL ||
      (self->right_path = read_path (manager, right, a, error)) == NULL)
    return NULL;
  side_figures (manager, left, a, &self->left_figures);
  side_figures (manager, right, a, &self->right_figures);
  return g_steal_pointer (&self);
}

/**
 * ramo_session_compare_align:
 * @compare: a comparison from ramo_session_compare_read(), not aligned yet
 *
 * Aligns the two paths @compare has read into its steps, with their word diffs: the larger
 * part of a comparison's cost. It touches only @compare (not the manager it was read from), so
 * it may run in another thread while the manager is read or written.
 */
void
ramo_session_compare_align (RamoSessionCompare *compare)
{
  g_return_if_fail (compare != NULL);
  g_return_if_fail (compare->pairs->len == 0);

  align (compare);
}

/**
 * ramo_session_compare:
 * @manager: a session manager
 * @left_id: an entry's id
 * @right_id: another entry's id (or the same)
 * @error: return location for a #GError, or %NULL
 *
 * Compares the paths root→@left_id and root→@right_id of @manager from their fork, the
 * deepest entry on both: the entries after it are read from the file and aligned (see
 * #RamoSessionCompare). When one path is the start of the other, the fork is its last entry and
 * the other's entries after it are on their side only; the same entry twice has no steps.
 *
 * Errors: %RAMO_SESSION_ERROR_NOT_FOUND when an id names no entry,
 * %RAMO_COMPARE_ERROR_NO_COMMON_ANCESTOR when the entries are under different roots, and the
 * errors of ramo_session_manager_read_entry().
 *
 * Returns: (transfer full): the comparison, or %NULL with @error set
 */
RamoSessionCompare *
ramo_session_compare (RamoSessionManager  *manager,
                      const char          *left_id,
                      const char          *right_id,
                      GError             **error)
{
  RamoSessionCompare *self = ramo_session_compare_read (manager, left_id, right_id, error);

  if (self)
    align (self);
  return self;
}

/**
 * ramo_session_compare_count:
 * @compare: a comparison
 * @kind: a kind of step
 *
 * Returns: how many steps of @compare are of @kind
 */
guint
ramo_session_compare_count (const RamoSessionCompare *compare,
                            RamoCompareKind           kind)
{
  guint n = 0;

  g_return_val_if_fail (compare != NULL, 0);

  for (guint i = 0; i < compare->pairs->len; i++)
    n += ((RamoComparePair *) g_ptr_array_index (compare->pairs, i))->kind == kind;
  return n;
}

/**
 * ramo_session_compare_free:
 * @compare: (transfer full) (nullable): a comparison
 *
 * Frees @compare.
 */
void
ramo_session_compare_free (RamoSessionCompare *compare)
{
  if (compare == NULL)
    return;
  g_free (compare->left_id);
  g_free (compare->right_id);
  g_free (compare->fork_id);
  g_clear_pointer (&compare->pairs, g_ptr_array_unref);
  g_clear_pointer (&compare->left_path, g_ptr_array_unref);
  g_clear_pointer (&compare->right_path, g_ptr_array_unref);
  g_free (compare);
}

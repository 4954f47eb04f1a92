/* ramo-projection-search.c — what the projection knows of each entry, and the search
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
#ifdef __SSE2__
#include <emmintrin.h>
#endif

#include "ramo-projection-private.h"

/* Which entries a #RamoProjection shows: the filter modes that let each entry through, worked
 * out once an entry (and again when its label changes), and whether it matches the search
 * terms, remembered from one search to the next as far as still true. The search reads each
 * entry's display text and label; ASCII terms go through an SSE2 substring search without
 * case, others through the casefolded text. */

/* The filter modes by name (pi's /tree filter names) */
static const char * const filter_names[] = {
  [RAMO_FILTER_DEFAULT] = "default",
  [RAMO_FILTER_NO_TOOLS] = "no-tools",
  [RAMO_FILTER_USER_ONLY] = "user-only",
  [RAMO_FILTER_LABELED_ONLY] = "labeled-only",
  [RAMO_FILTER_ALL] = "all",
};

/**
 * ramo_filter_mode_from_string:
 * @name: `default`, `no-tools`, `user-only`, `labeled-only` or `all`
 * @mode: (out): the mode
 *
 * Returns: %TRUE when @name is a filter mode
 */
gboolean
ramo_filter_mode_from_string (const char     *name,
                              RamoFilterMode *mode)
{
  for (guint i = 0; i < G_N_ELEMENTS (filter_names); i++)
    if (g_strcmp0 (name, filter_names[i]) == 0)
      {
        *mode = i;
        return TRUE;
      }
  return FALSE;
}

/**
 * ramo_filter_mode_to_string:
 * @mode: a filter mode
 *
 * Returns: the mode's name, as ramo_filter_mode_from_string() takes it
 */
const char *
ramo_filter_mode_to_string (RamoFilterMode mode)
{
  g_return_val_if_fail ((guint) mode < G_N_ELEMENTS (filter_names), NULL);
  return filter_names[mode];
}

/* pi's /tree (pi 1.6.0's TreeList, `filteredNodes` in
 * dist/modes/interactive/components/tree-selector.js; as 0.73.1's but for `usage`) */
static guint8
entry_kinds_pi (const RamoEntry *entry)
{
  guint8 kinds = RAMO_KIND_ALL;

  /* pi 1.6.0's tree selector hides usage entries in every filter */
  if (entry->type == RAMO_ENTRY_TYPE_USAGE)
    return 0;

  if (_ramo_projection_entry_shown_only_as_leaf (entry, RAMO_DIALECT_PI))
    kinds |= RAMO_KIND_TEXTLESS;

  if (entry->type == RAMO_ENTRY_TYPE_MESSAGE && entry->role == RAMO_MESSAGE_ROLE_USER)
    kinds |= RAMO_KIND_USER_ONLY;

  /* the default filter hides labels, custom entries and settings; "no tools" tool results too */
  switch ((RamoEntryType) entry->type)
    {
    case RAMO_ENTRY_TYPE_LABEL:
    case RAMO_ENTRY_TYPE_CUSTOM:
    case RAMO_ENTRY_TYPE_MODEL_CHANGE:
    case RAMO_ENTRY_TYPE_THINKING_LEVEL_CHANGE:
    case RAMO_ENTRY_TYPE_SESSION_INFO:
    case RAMO_ENTRY_TYPE_CONTEXT_EDIT:
    case RAMO_ENTRY_TYPE_UNKNOWN:
      break;
    case RAMO_ENTRY_TYPE_USAGE:
      g_assert_not_reached ();
    case RAMO_ENTRY_TYPE_MESSAGE:
      kinds |= RAMO_KIND_DEFAULT;
      if (entry->role != RAMO_MESSAGE_ROLE_TOOL_RESULT)
        kinds |= RAMO_KIND_NO_TOOLS;
      break;
    case RAMO_ENTRY_TYPE_COMPACTION:
    case RAMO_ENTRY_TYPE_BRANCH_SUMMARY:
    case RAMO_ENTRY_TYPE_CUSTOM_MESSAGE:
    default:
      kinds |= RAMO_KIND_DEFAULT | RAMO_KIND_NO_TOOLS;
      break;
    }
  return kinds;
}

/* oh-my-pi 18.2.3's /tree (TreeList's #applyFilter() in src/modes/components/tree-selector.ts).
 * Its default and "no tools" filters hide the settings and bookkeeping entries it names —
 * label, custom, model_change, thinking_level_change and the entry types only oh-my-pi writes
 * (RAMO_ENTRY_FLAG_OMP_ONLY on an unknown type: ramo_dialect_is_omp_entry_type()) — and show
 * everything else, session_info and the types it does not know (pi 1.6.0's usage and
 * context_edit among them) included; "user-only" shows its user requests (isUserRequestEntry():
 * user messages and RAMO_ENTRY_FLAG_USER_REQUEST); a text of dots and white space is no
 * text (RAMO_ENTRY_FLAG_OMP_NO_TEXT). "labeled-only" and "all" are pi's. */
static guint8
entry_kinds_omp (const RamoEntry *entry)
{
  guint8 kinds = RAMO_KIND_ALL;
  gboolean settings;

  if (_ramo_projection_entry_shown_only_as_leaf (entry, RAMO_DIALECT_OMP))
    kinds |= RAMO_KIND_TEXTLESS;

  if ((entry->type == RAMO_ENTRY_TYPE_MESSAGE && entry->role == RAMO_MESSAGE_ROLE_USER) ||
      (entry->flags & RAMO_ENTRY_FLAG_USER_REQUEST))
    kinds |= RAMO_KIND_USER_ONLY;

  switch ((RamoEntryType) entry->type)
    {
    case RAMO_ENTRY_TYPE_LABEL:
    case RAMO_ENTRY_TYPE_CUSTOM:
    case RAMO_ENTRY_TYPE_MODEL_CHANGE:
    case RAMO_ENTRY_TYPE_THINKING_LEVEL_CHANGE:
      settings = TRUE;
      break;
    case RAMO_ENTRY_TYPE_UNKNOWN:
      settings = (entry->flags & RAMO_ENTRY_FLAG_OMP_ONLY) != 0;
      break;
    case RAMO_ENTRY_TYPE_MESSAGE:
    case RAMO_ENTRY_TYPE_COMPACTION:
    case RAMO_ENTRY_TYPE_BRANCH_SUMMARY:
    case RAMO_ENTRY_TYPE_CUSTOM_MESSAGE:
    case RAMO_ENTRY_TYPE_SESSION_INFO:
    case RAMO_ENTRY_TYPE_CONTEXT_EDIT:
    case RAMO_ENTRY_TYPE_USAGE:
    default:
      settings = FALSE;
      break;
    }
  if (!settings)
    {
      kinds |= RAMO_KIND_DEFAULT;
      if (entry->type != RAMO_ENTRY_TYPE_MESSAGE || entry->role != RAMO_MESSAGE_ROLE_TOOL_RESULT)
        kinds |= RAMO_KIND_NO_TOOLS;
    }
  return kinds;
}

static guint8
entry_kinds_unlabeled (RamoProjection *self,
                       RamoEntry      *entry)
{
  /* a line whose id a later line repeats is no node of the tree: no filter shows it */
  if (entry->flags & RAMO_ENTRY_FLAG_SHADOWED)
    return 0;
  return self->kinds_dialect == RAMO_DIALECT_OMP ? entry_kinds_omp (entry) : entry_kinds_pi (entry);
}

static guint8
entry_kinds (RamoProjection *self,
             RamoEntry      *entry)
{
  guint8 kinds = entry_kinds_unlabeled (self, entry);

  if (kinds != 0 && ramo_session_manager_get_label (self->manager, entry->id) != NULL)
    kinds |= RAMO_KIND_LABELED;
  return kinds;
}

/* Forgets what the caches knew: the next layout looks at every entry again (after a reload). */
void
_ramo_projection_forget_caches (RamoProjection *self)
{
  g_clear_pointer (&self->kinds, g_free);
  g_clear_pointer (&self->matches, g_free);
  g_clear_pointer (&self->texts, g_free);
  g_clear_pointer (&self->text_lens, g_free);
  self->n_known = 0;
  self->n_shadowed = 0;
  self->n_cache_alloc = 0;
  g_clear_pointer (&self->order, g_free);
  g_clear_pointer (&self->order_parent, g_free);
  self->n_order = 0;
  self->n_order_alloc = 0;
  self->order_valid = FALSE;
  self->order_leaf = NULL;
  g_clear_pointer (&self->scratch, g_free);
  self->n_scratch = 0;
}

/* Brings the caches up to the session's @n entries, by the rules of the session's dialect (a
 * new dialect starts them anew). Entries keep what they are (type, role, flags, display text)
 * once indexed; only their labels change, through label lines, which are entries too: the entries a new label line names are looked at again, by id, as labels
 * go; and a record stops being a node when a later line repeats its id. */
void
_ramo_projection_sync_caches (RamoProjection *self,
                              GPtrArray      *entries,
                              guint           n)
{
  g_autoptr(GHashTable) relabeled = NULL;
  GHashTable *labels;
  gboolean by_labels;
  guint n_old = self->n_known;
  RamoDialect dialect = ramo_session_manager_get_dialect (self->manager);

  if (n < n_old || dialect != self->kinds_dialect)
    {
      /* entries never go away but through a reload; the filters follow the dialect */
      _ramo_projection_forget_caches (self);
      n_old = 0;
    }
  self->kinds_dialect = dialect;
  if (n > self->n_cache_alloc)
    {
      guint alloc = MAX (n, self->n_cache_alloc + self->n_cache_alloc / 4);

      self->kinds = g_realloc_n (self->kinds, alloc, sizeof *self->kinds);
      self->matches = g_realloc_n (self->matches, alloc, sizeof *self->matches);
      self->texts = g_realloc_n (self->texts, alloc, sizeof *self->texts);
      self->text_lens = g_realloc_n (self->text_lens, alloc, sizeof *self->text_lens);
      self->n_cache_alloc = alloc;
    }

  /* Lines appended that repeat an id shadow the older record, which stops being a node (kinds
   * 0); it is rare, and found by the count of records no id names. */
  {
    guint n_shadowed = n - ramo_session_manager_get_n_ids (self->manager);

    if (n_old > 0 && n_shadowed > self->n_shadowed)
      for (guint i = 0; i < n_old; i++)
        if ((((RamoEntry *) g_ptr_array_index (entries, i))->flags & RAMO_ENTRY_FLAG_SHADOWED) && self->kinds[i] != 0)
          {
            self->kinds[i] = 0;
            self->matches[i] = RAMO_MATCH_UNKNOWN;
          }
    self->n_shadowed = n_shadowed;
  }

  /* Many new entries (a load) take their labels from the labels, by id: the entry an id
   * names (looked up one by one); a few look theirs up. */
  labels = _ramo_session_manager_get_labels (self->manager);
  by_labels = n - n_old > g_hash_table_size (labels);
  for (guint i = n_old; i < n; i++)
    {
      RamoEntry *entry = g_ptr_array_index (entries, i);

      if (n_old > 0 && entry->type == RAMO_ENTRY_TYPE_LABEL && entry->target_id != NULL)
        {
          if (relabeled == NULL)
            relabeled = g_hash_table_new (g_str_hash, g_str_equal);
          g_hash_table_add (relabeled, (char *) entry->target_id);
        }
      if (by_labels)
        self->kinds[i] = entry_kinds_unlabeled (self, entry);
      else
        self->kinds[i] = entry_kinds (self, entry);
      self->matches[i] = RAMO_MATCH_UNKNOWN;
      self->texts[i] = entry->display;
      self->text_lens[i] = entry->display_len;
    }
  if (by_labels)
    {
      GHashTableIter iter;
      gpointer key;

      g_hash_table_iter_init (&iter, labels);
      while (g_hash_table_iter_next (&iter, &key, NULL))
        {
          RamoEntry *entry = ramo_session_manager_get_entry (self->manager, key);

          if (entry != NULL && entry->index >= n_old && entry->index < n && self->kinds[entry->index] != 0)
            self->kinds[entry->index] |= RAMO_KIND_LABELED;
        }
    }
  self->n_known = n;

  if (relabeled != NULL)
    {
      GHashTableIter iter;
      gpointer key;

      g_hash_table_iter_init (&iter, relabeled);
      while (g_hash_table_iter_next (&iter, &key, NULL))
        {
          RamoEntry *entry = ramo_session_manager_get_entry (self->manager, key);

          if (entry != NULL && entry->index < n_old)
            {
              self->kinds[entry->index] = entry_kinds (self, entry);
              self->matches[entry->index] = RAMO_MATCH_UNKNOWN;
            }
        }
    }
}

static inline guchar
ascii_lower (guchar c)
{
  return (guchar) (c - 'A') < 26 ? c | 0x20 : c;
}

static inline gboolean
matches_ascii_nocase_at (const guchar *text,
                         const guchar *needle,
                         gsize         needle_len)
{
  for (gsize k = 0; k < needle_len; k++)
    if (ascii_lower (text[k]) != needle[k])
      return FALSE;
  return TRUE;
}

/* ASCII case-insensitive substring search of @needle (lower-case ASCII, not empty) in the
 * @text_len bytes of @text; bytes >= 0x80 compare exactly, so never match.
 *
 * Candidates are the positions where the needle's first and last bytes both occur, up to
 * case: b | 0x20 folds the case of letters (and lets a few other bytes through, e.g. 0x0e
 * for '.', which the byte-by-byte check then turns down). With SSE2 that tests 16 positions
 * at a time. */
static gboolean
contains_ascii_nocase (const char *text,
                       gsize       text_len,
                       const char *needle,
                       gsize       needle_len)
{
  const guchar *t = (const guchar *) text;
  const guchar *nd = (const guchar *) needle;
  guchar first, last_byte;
  gsize last, i = 0;

  if (needle_len > text_len)
    return FALSE;
  last = needle_len - 1;
  first = nd[0] | 0x20;
  last_byte = nd[last] | 0x20;

#ifdef __SSE2__
  {
    const __m128i case_bit = _mm_set1_epi8 (0x20);
    const __m128i want_first = _mm_set1_epi8 ((char) first);
    const __m128i want_last = _mm_set1_epi8 ((char) last_byte);

    /* positions i … i + 15, reading up to i + 15 + last; the last block ends at the last
     * position (text_len - needle_len) */
    if (last + 16 <= text_len)
      {
        gsize final = text_len - last - 16;

        for (;;)
          {
            __m128i a = _mm_or_si128 (_mm_loadu_si128 ((const __m128i *) (gconstpointer) (t + i)), case_bit);
            __m128i b = _mm_or_si128 (_mm_loadu_si128 ((const __m128i *) (gconstpointer) (t + i + last)), case_bit);
            unsigned mask = (unsigned) _mm_movemask_epi8 (_mm_and_si128 (_mm_cmpeq_epi8 (a, want_first),
                                                                         _mm_cmpeq_epi8 (b, want_last)));

            for (; mask != 0; mask &= mask - 1)
              if (matches_ascii_nocase_at (t + i + (gsize) __builtin_ctz (mask), nd, needle_len))
                return TRUE;

            if (i == final)
              return FALSE;
            /* the last block may go over positions that failed already: they fail again */
            i = MIN (i + 16, final);
          }
      }
  }
#endif

  for (; i + last < text_len; i++)
    if ((t[i] | 0x20) == first && (t[i + last] | 0x20) == last_byte &&
        matches_ascii_nocase_at (t + i, nd, needle_len))
      return TRUE;
  return FALSE;
}

gboolean
_ramo_projection_contains_ascii_nocase (const char *text,
                                        gsize       text_len,
                                        const char *needle,
                                        gsize       needle_len)
{
  return contains_ascii_nocase (text, text_len, needle, needle_len);
}

/* Every term must occur in the entry's display text or its label. Terms are casefolded; for
 * ASCII terms an ASCII case-insensitive search of the text suffices (casefolding a non-ASCII
 * character almost never yields ASCII letters — the Kelvin sign and the long s are the
 * exceptions this accepts), which spares a casefolded copy of every entry. */
static gboolean
entry_matches_search (RamoProjection *self,
                      GPtrArray      *entries,
                      guint32         index)
{
  g_autofree char *folded = NULL;
  const char *display = self->texts[index];
  const char *label = NULL;

  if (self->fields != NULL && !_ramo_projection_entry_matches_fields (self, entries, index))
    return FALSE;
  if (self->terms == NULL || self->terms[0] == NULL)
    return TRUE;

  if (self->kinds[index] & RAMO_KIND_LABELED)
    label = ramo_session_manager_get_label (self->manager, ((RamoEntry *) g_ptr_array_index (entries, index))->id);

  for (guint i = 0; self->terms[i]; i++)
    {
      const char *term = self->terms[i];

      if (self->term_is_ascii[i])
        {
          gsize len = self->term_lens[i];

          if (contains_ascii_nocase (display, self->text_lens[index], term, len) ||
              (label && contains_ascii_nocase (label, strlen (label), term, len)))
            continue;
          return FALSE;
        }

      if (folded == NULL)
        {
          g_autofree char *text = label ? g_strconcat (display, " ", label, NULL) : g_strdup (display);
          folded = g_utf8_casefold (text, -1);
        }
      if (strstr (folded, term) == NULL)
        return FALSE;
    }
  return TRUE;
}

/* TRUE when an entry that matches every term of @strong surely matches every term of @weak:
 * each term of @weak is part of a term of @strong. Not across ASCII and other terms: they are
 * matched differently (ASCII terms without case, others in the casefolded text, where "ß" is
 * "ss"), so an entry can match "straßé" and not "ss". */
static gboolean
terms_imply (char * const   *strong,
             const gboolean *strong_ascii,
             char * const   *weak,
             const gboolean *weak_ascii)
{
  for (guint w = 0; weak[w]; w++)
    {
      gboolean implied = FALSE;

      for (guint s = 0; strong[s] && !implied; s++)
        implied = strong_ascii[s] == weak_ascii[w] && strstr (strong[s], weak[w]) != NULL;
      if (!implied)
        return FALSE;
    }
  return TRUE;
}

/* Keeps what the search that had @old_terms (and @old_fields) found that still holds for the
 * new terms: when they narrow it (a keystroke at the end of a term), the entries that did not
 * match still do not; when they widen it (a backspace), the entries that matched still do. */
static void
update_matches (RamoProjection *self,
                char * const   *old_terms,
                const gboolean *old_ascii,
                GPtrArray      *old_fields)
{
  gboolean narrower, wider;
  gboolean had_search = (old_terms != NULL && old_terms[0] != NULL) || old_fields != NULL;

  if (self->matches == NULL || !_ramo_projection_is_searching (self))
    return;     /* no search: the next one starts from what it finds then */

  if (!had_search)
    {
      memset (self->matches, RAMO_MATCH_UNKNOWN, self->n_known);
      return;
    }

  narrower = terms_imply (self->terms, self->term_is_ascii, old_terms, old_ascii) &&
             _ramo_query_fields_imply (self->fields, old_fields);
  wider = terms_imply (old_terms, old_ascii, self->terms, self->term_is_ascii) &&
          _ramo_query_fields_imply (old_fields, self->fields);
  if (narrower && wider)
    return;
  for (guint i = 0; i < self->n_known; i++)
    {
      guint8 m = self->matches[i];

      if (narrower)
        self->matches[i] = m == RAMO_MATCH_NO ? RAMO_MATCH_NO : RAMO_MATCH_UNKNOWN;
      else if (wider)
        self->matches[i] = m == RAMO_MATCH_YES ? RAMO_MATCH_YES : RAMO_MATCH_UNKNOWN;
      else
        self->matches[i] = RAMO_MATCH_UNKNOWN;
    }
}

/* Whether there is a search: plain terms or fields */
gboolean
_ramo_projection_is_searching (RamoProjection *self)
{
  return (self->terms != NULL && self->terms[0] != NULL) || self->fields != NULL;
}

void
_ramo_projection_free_terms (RamoProjection *self)
{
  g_clear_pointer (&self->terms, g_strfreev);
  g_clear_pointer (&self->term_is_ascii, g_free);
  g_clear_pointer (&self->term_lens, g_free);
  g_clear_pointer (&self->fields, g_ptr_array_unref);
  g_clear_error (&self->search_error);
}

/* Splits @search (nullable) into casefolded terms at white space (a quoted phrase is one),
 * the fields apart (ramo-projection-query.c), and keeps what the matches known for the old
 * terms still say of the new ones. */
void
_ramo_projection_set_terms (RamoProjection *self,
                            const char     *search)
{
  g_auto(GStrv) old_terms = NULL;
  g_autofree gboolean *old_ascii = NULL;
  g_autoptr(GPtrArray) old_fields = NULL;

  old_terms = g_steal_pointer (&self->terms);
  old_ascii = g_steal_pointer (&self->term_is_ascii);
  old_fields = g_steal_pointer (&self->fields);
  g_clear_pointer (&self->term_lens, g_free);
  g_clear_error (&self->search_error);
  if (search)
    {
      _ramo_projection_parse_search (search, &self->terms, &self->fields, &self->search_error);
      self->term_is_ascii = g_new0 (gboolean, g_strv_length (self->terms) + 1);
      self->term_lens = g_new0 (gsize, g_strv_length (self->terms) + 1);
      for (guint i = 0; self->terms[i]; i++)
        {
          gboolean ascii = TRUE;

          self->term_lens[i] = strlen (self->terms[i]);

          for (const char *c = self->terms[i]; *c; c++)
            ascii &= ((guchar) *c) < 0x80;
          self->term_is_ascii[i] = ascii;
        }
    }
  update_matches (self, old_terms, old_ascii, old_fields);
}

/* Marks the rows of @job of the entries the filter and the search let through visible, and
 * counts them. Returns whether it is done, FALSE when @job's step ran out of time (the next
 * call goes on from there).
 *
 * The entries the search has yet to look at are tested after the others, each text fetched
 * from memory a few tests ahead (the processor does not foresee which texts are next: tool
 * results show their call's text, lines appended live lie elsewhere); each answer is kept as
 * it is found. */
gboolean
_ramo_projection_find_visible (RamoProjection *self,
                               RamoLayoutJob  *job,
                               GPtrArray      *entries)
{
  gboolean searching = _ramo_projection_is_searching (self);
  guint n = job->n_rows;
  guint32 *tests = job->scratch + 4 * (gsize) n;
  RamoEntry *leaf = job->leaf;

  /* tool: and path: marks, made again only when the entries or the tool calls have grown */
  if (self->fields != NULL)
    _ramo_projection_prepare_fields (self, n);

  if (job->phase == RAMO_LAYOUT_FILTER)
    {
      for (guint i = job->next; i < n; i++)
        {
          gboolean visible = _ramo_kinds_pass_filter (self->kinds[i], self->filter, leaf != NULL && i == leaf->index);

          if (visible && searching)
            {
              if (self->matches[i] == RAMO_MATCH_UNKNOWN)
                {
                  tests[job->n_tests++] = i;
                  continue;
                }
              visible = self->matches[i] == RAMO_MATCH_YES;
            }
          job->rows[i].visible = visible;
          job->n_visible += visible;
          if (_ramo_layout_job_out_of_time (job))
            {
              job->next = i + 1;
              return FALSE;
            }
        }
      job->phase = RAMO_LAYOUT_TEST;
      job->next = 0;
    }

  for (guint k = job->next; k < job->n_tests; k++)
    {
      guint32 i = tests[k];
      gboolean visible;

      if (k + 8 < job->n_tests)
        {
          const char *ahead = self->texts[tests[k + 8]];

          __builtin_prefetch (ahead);
          __builtin_prefetch (ahead + 64);
        }
      visible = entry_matches_search (self, entries, i);
      self->matches[i] = visible ? RAMO_MATCH_YES : RAMO_MATCH_NO;
      job->rows[i].visible = visible;
      job->n_visible += visible;
      if (_ramo_layout_job_out_of_time (job))
        {
          job->next = k + 1;
          return FALSE;
        }
    }
  job->next = 0;

  /* the anchor keeps its row whatever the search, as long as the filter lets it through */
  if (searching && self->anchor != NULL && self->anchor->index < n && !job->rows[self->anchor->index].visible &&
      _ramo_kinds_pass_filter (self->kinds[self->anchor->index], self->filter, leaf == self->anchor))
    {
      job->rows[self->anchor->index].visible = TRUE;
      job->n_visible++;
    }
  return TRUE;
}

/* ramo-text-diff.c — a diff of two sequences (Myers' O(ND) algorithm, its cost bounded) and of
 * two texts by words, by lines, or as a whole
 *
 * Copyright 2026 The Ramo authors
 *
 * This program is free software: you can redistribute it and/or modify it under the terms of the
 * GNU General Public License as published by the Free Software Foundation, either version 3 of
 * the License, or (at your option) any later version.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ramo-text-diff"

#include "config.h"

#include <string.h>

#include "ramo-text-diff.h"

/* A text longer than this many tokens (once the prefix and suffix both sides share are left
 * out) is compared by lines; one with more lines than this, as a whole. Myers' algorithm costs
 * O((N + M) · D) for D edits, capped at max_edits, so this keeps one comparison within a few
 * million steps. */
#define MAX_TOKENS 20000

static void
add_edit (GArray     *script,
          RamoDiffOp  op,
          guint       left,
          guint       right,
          guint       length)
{
  RamoDiffEdit *last;

  if (length == 0)
    return;
  last = script->len ? &g_array_index (script, RamoDiffEdit, script->len - 1) : NULL;
  if (last && last->op == op)
    {
      last->length += length;
      return;
    }
  g_array_append_val (script, ((RamoDiffEdit) { op, left, right, length }));
}

/* Prepends by appending, then reversing: the walk back goes from the end to the start. */
static void
reverse_edits (GArray *edits,
               guint   from)
{
  for (guint i = from, j = edits->len ? edits->len - 1 : 0; i < j; i++, j--)
    {
      RamoDiffEdit tmp = g_array_index (edits, RamoDiffEdit, i);

      g_array_index (edits, RamoDiffEdit, i) = g_array_index (edits, RamoDiffEdit, j);
      g_array_index (edits, RamoDiffEdit, j) = tmp;
    }
}

/* Myers' greedy algorithm on a[0..n) and b[0..m), which share no first and no last item. The
 * furthest x reached on each diagonal k = -d, -d + 2, …, d after d edits is kept for every d
 * (round d starts at d (d + 1) / 2 in the trace), and the path walked back from (n, m). */
static gboolean
middle_diff (const guint *a,
             guint        n,
             const guint *b,
             guint        m,
             guint        a_offset,
             guint        b_offset,
             guint        max_edits,
             GArray      *script)
{
  g_autofree gint *v = NULL;
  g_autofree gint *trace = NULL;
  gsize trace_len = 0, trace_size = 0;
  g_autoptr(GArray) back = NULL;
  guint max = MIN (n + m, max_edits);
  gint found = -1;
  gint x, y;

  v = g_new0 (gint, 2 * (gsize) max + 3);
#define V(k) v[(k) + (gint) max + 1]
  for (gint d = 0; d <= (gint) max && found < 0; d++)
    {
      if (trace_len + d + 1 > trace_size)
        {
          trace_size = MAX (trace_size * 2, trace_len + d + 1 + 64);
          trace = g_renew (gint, trace, trace_size);
        }
      for (gint k = -d; k <= d; k += 2)
        {
          if (k == -d || (k != d && V (k - 1) < V (k + 1)))
            x = V (k + 1);
          else
            x = V (k - 1) + 1;
          y = x - k;
          while (x < (gint) n && y < (gint) m && a[x] == b[y])
            x++, y++;
          V (k) = x;
          trace[trace_len++] = x;
          if (x >= (gint) n && y >= (gint) m)
            found = d;
        }
    }
#undef V
  if (found < 0)
    return FALSE;

  back = g_array_new (FALSE, FALSE, sizeof (RamoDiffEdit));
  x = n;
  y = m;
  for (gint d = found; d > 0; d--)
    {
      gint k = x - y;
      gint prev_k, prev_x, prev_y, mid_x, mid_y;
      const gint *prev = trace + (gsize) (d - 1) * d / 2;
#define P(kk) prev[((kk) + (d - 1)) / 2]
      gboolean down = k == -d || (k != d && P (k - 1) < P (k + 1));

      prev_k = down ? k + 1 : k - 1;
      prev_x = P (prev_k);
#undef P
      prev_y = prev_x - prev_k;
      mid_x = down ? prev_x : prev_x + 1;
      mid_y = down ? prev_y + 1 : prev_y;
      if (x > mid_x)
        g_array_append_val (back, ((RamoDiffEdit) { RAMO_DIFF_EQUAL, a_offset + mid_x, b_offset + mid_y, x - mid_x }));
      if (down)
        g_array_append_val (back, ((RamoDiffEdit) { RAMO_DIFF_ADDED, a_offset + prev_x, b_offset + prev_y, 1 }));
      else
        g_array_append_val (back, ((RamoDiffEdit) { RAMO_DIFF_REMOVED, a_offset + prev_x, b_offset + prev_y, 1 }));
      x = prev_x;
      y = prev_y;
    }
  if (x > 0)
    g_array_append_val (back, ((RamoDiffEdit) { RAMO_DIFF_EQUAL, a_offset, b_offset, x }));
  reverse_edits (back, 0);
  for (guint i = 0; i < back->len; i++)
    {
      RamoDiffEdit *e = &g_array_index (back, RamoDiffEdit, i);

      add_edit (script, e->op, e->left, e->right, e->length);
    }
  return TRUE;
}

/**
 * ramo_sequence_diff:
 * @left: (array length=n_left): the left sequence's items (equal items are equal numbers)
 * @n_left: how many items @left has
 * @right: (array length=n_right): the right sequence's items
 * @n_right: how many items @right has
 * @max_edits: the most insertions and deletions to look for
 * @script: (element-type RamoDiffEdit): where the edit script goes, appended
 *
 * A shortest edit script from @left to @right (Myers' O(ND) algorithm, after the prefix and
 * suffix both share), in order: runs of equal, removed and added items. It gives up, leaving
 * @script as it was, when more than @max_edits insertions and deletions are needed, so that
 * its cost stays within O((@n_left + @n_right) · @max_edits) time and O(@max_edits²) memory.
 *
 * Returns: %TRUE with the script appended, %FALSE when it would take more than @max_edits
 */
gboolean
ramo_sequence_diff (const guint *left,
                    guint        n_left,
                    const guint *right,
                    guint        n_right,
                    guint        max_edits,
                    GArray      *script)
{
  guint prefix = 0, suffix = 0;
  guint start = script->len;

  g_return_val_if_fail (script != NULL, FALSE);

  while (prefix < n_left && prefix < n_right && left[prefix] == right[prefix])
    prefix++;
  while (suffix < n_left - prefix && suffix < n_right - prefix &&
         left[n_left - 1 - suffix] == right[n_right - 1 - suffix])
    suffix++;

  add_edit (script, RAMO_DIFF_EQUAL, 0, 0, prefix);
  if (n_left - prefix - suffix == 0)
    add_edit (script, RAMO_DIFF_ADDED, prefix, prefix, n_right - prefix - suffix);
  else if (n_right - prefix - suffix == 0)
    add_edit (script, RAMO_DIFF_REMOVED, prefix, prefix, n_left - prefix - suffix);
  else if (!middle_diff (left + prefix, n_left - prefix - suffix,
                         right + prefix, n_right - prefix - suffix,
                         prefix, prefix, max_edits, script))
    {
      g_array_set_size (script, start);
      return FALSE;
    }
  add_edit (script, RAMO_DIFF_EQUAL, n_left - suffix, n_right - suffix, suffix);
  return TRUE;
}

typedef struct
{
  const char *start;
  gsize       length;
} Token;

static guint
token_hash (gconstpointer key)
{
  const Token *token = key;
  guint hash = 5381;

  for (gsize i = 0; i < token->length; i++)
    hash = hash * 33 + (guchar) token->start[i];
  return hash;
}

static gboolean
token_equal (gconstpointer a,
             gconstpointer b)
{
  const Token *ta = a, *tb = b;

  return ta->length == tb->length && memcmp (ta->start, tb->start, ta->length) == 0;
}

static int
char_class (gunichar c)
{
  if (g_unichar_isspace (c))
    return 1;
  if (c == '_' || g_unichar_isalnum (c) || g_unichar_ismark (c))
    return 2;
  return 3;   /* each on its own */
}

/* @text cut into words, runs of white space and single other characters, or into lines (each
 * with its line feed). */
static void
tokenize (const char          *text,
          RamoDiffGranularity  granularity,
          GArray              *tokens)
{
  const char *p = text;

  while (*p)
    {
      const char *start = p;

      if (granularity == RAMO_DIFF_LINES)
        {
          const char *nl = strchr (p, '\n');

          p = nl ? nl + 1 : p + strlen (p);
        }
      else
        {
          int cls = char_class (g_utf8_get_char (p));

          p = g_utf8_next_char (p);
          if (cls != 3)
            while (*p && char_class (g_utf8_get_char (p)) == cls)
              p = g_utf8_next_char (p);
        }
      g_array_append_val (tokens, ((Token) { start, p - start }));
    }
}

/**
 * ramo_diff_number_of:
 * @numbers: (element-type gpointer guint): the keys numbered so far, hashed and compared as
 *   the table was made to
 * @key: a key; it must live as long as @numbers
 *
 * Numbers the items of two sequences for ramo_sequence_diff(): equal keys get equal numbers.
 *
 * Returns: the number of the first key equal to @key, a new one (from 1) if there is none
 */
guint
ramo_diff_number_of (GHashTable *numbers,
                     gpointer    key)
{
  gpointer number;

  if (!g_hash_table_lookup_extended (numbers, key, NULL, &number))
    {
      number = GUINT_TO_POINTER (g_hash_table_size (numbers) + 1);
      g_hash_table_insert (numbers, key, number);
    }
  return GPOINTER_TO_UINT (number);
}

/* Each token as the number of the first equal token seen. */
static guint *
number_tokens (GHashTable *numbers,
               GArray     *tokens)
{
  guint *keys = g_new (guint, MAX (tokens->len, 1));

  for (guint i = 0; i < tokens->len; i++)
    keys[i] = ramo_diff_number_of (numbers, &g_array_index (tokens, Token, i));
  return keys;
}

static void
add_span (GPtrArray  *spans,
          RamoDiffOp  op,
          const char *text,
          gsize       length)
{
  RamoDiffSpan *span;

  if (length == 0)
    return;
  span = g_new (RamoDiffSpan, 1);
  span->op = op;
  span->text = g_strndup (text, length);
  g_ptr_array_add (spans, span);
}

static gboolean
is_blank (const char *text)
{
  for (const char *p = text; *p; p = g_utf8_next_char (p))
    if (!g_unichar_isspace (g_utf8_get_char (p)))
      return FALSE;
  return TRUE;
}

static void
flush_change (GPtrArray  *spans,
              GString   **removed,
              GString   **added)
{
  if (*removed)
    add_span (spans, RAMO_DIFF_REMOVED, (*removed)->str, (*removed)->len);
  if (*added)
    add_span (spans, RAMO_DIFF_ADDED, (*added)->str, (*added)->len);
  if (*removed)
    g_string_free (g_steal_pointer (removed), TRUE);
  if (*added)
    g_string_free (g_steal_pointer (added), TRUE);
}

/* Runs of white space both sides have between two changes belong to the change (two texts
 * that differ word for word read as one removed and one added run, not as words each marked
 * with the spaces between them left out); each change is its removed run, then its added run. */
static void
tidy_spans (GPtrArray *spans)
{
  g_autoptr(GPtrArray) raw = g_ptr_array_copy (spans, NULL, NULL);
  GString *removed = NULL, *added = NULL;

  g_ptr_array_set_free_func (raw, (GDestroyNotify) ramo_diff_span_free);
  g_ptr_array_set_free_func (spans, NULL);
  g_ptr_array_set_size (spans, 0);
  g_ptr_array_set_free_func (spans, (GDestroyNotify) ramo_diff_span_free);
  for (guint i = 0; i < raw->len; i++)
    {
      RamoDiffSpan *span = g_ptr_array_index (raw, i);
      gboolean between = (removed || added) && i + 1 < raw->len &&
                         ((RamoDiffSpan *) g_ptr_array_index (raw, i + 1))->op != RAMO_DIFF_EQUAL;

      if (span->op == RAMO_DIFF_EQUAL && between && is_blank (span->text))
        {
          removed = removed ? removed : g_string_new (NULL);
          added = added ? added : g_string_new (NULL);
          g_string_append (removed, span->text);
          g_string_append (added, span->text);
        }
      else if (span->op == RAMO_DIFF_EQUAL)
        {
          flush_change (spans, &removed, &added);
          add_span (spans, RAMO_DIFF_EQUAL, span->text, strlen (span->text));
        }
      else
        {
          GString **into = span->op == RAMO_DIFF_REMOVED ? &removed : &added;

          *into = *into ? *into : g_string_new (NULL);
          g_string_append (*into, span->text);
        }
    }
  flush_change (spans, &removed, &added);
}

static gboolean
diff_tokens (const char          *left,
             const char          *right,
             RamoDiffGranularity  granularity,
             GPtrArray           *spans)
{
  g_autoptr(GArray) a = g_array_new (FALSE, FALSE, sizeof (Token));
  g_autoptr(GArray) b = g_array_new (FALSE, FALSE, sizeof (Token));
  g_autoptr(GArray) script = g_array_new (FALSE, FALSE, sizeof (RamoDiffEdit));
  g_autoptr(GHashTable) numbers = NULL;
  g_autofree guint *ka = NULL;
  g_autofree guint *kb = NULL;
  guint prefix = 0, suffix = 0;

  tokenize (left, granularity, a);
  tokenize (right, granularity, b);

  /* what both share at the start and the end does not count towards the limit */
  while (prefix < a->len && prefix < b->len &&
         token_equal (&g_array_index (a, Token, prefix), &g_array_index (b, Token, prefix)))
    prefix++;
  while (suffix < a->len - prefix && suffix < b->len - prefix &&
         token_equal (&g_array_index (a, Token, a->len - 1 - suffix),
                      &g_array_index (b, Token, b->len - 1 - suffix)))
    suffix++;
  if (a->len + b->len - 2 * (prefix + suffix) > MAX_TOKENS)
    return FALSE;

  numbers = g_hash_table_new (token_hash, token_equal);
  ka = number_tokens (numbers, a);
  kb = number_tokens (numbers, b);
  if (!ramo_sequence_diff (ka, a->len, kb, b->len, RAMO_DIFF_MAX_EDITS, script))
    return FALSE;

  for (guint i = 0; i < script->len; i++)
    {
      RamoDiffEdit *e = &g_array_index (script, RamoDiffEdit, i);
      GArray *side = e->op == RAMO_DIFF_ADDED ? b : a;
      guint first = e->op == RAMO_DIFF_ADDED ? e->right : e->left;
      Token *from = &g_array_index (side, Token, first);
      Token *to = &g_array_index (side, Token, first + e->length - 1);

      add_span (spans, e->op, from->start, to->start + to->length - from->start);
    }
  tidy_spans (spans);
  return TRUE;
}

/**
 * ramo_text_diff:
 * @left: the left (old) text, UTF-8
 * @right: the right (new) text, UTF-8
 * @granularity: the finest comparison to try: %RAMO_DIFF_WORDS or %RAMO_DIFF_LINES
 * @used: (out) (optional): what was compared in the end
 *
 * The runs of text @left and @right share, and those only one of them has. Words first (or
 * lines, as @granularity says); when that would take more than %RAMO_DIFF_MAX_EDITS
 * insertions and deletions, or the texts are very long, lines; when that is too costly still,
 * the texts as a whole (one removed run and one added run). Equal texts are one equal run; an
 * empty text has none.
 *
 * Returns: (transfer full) (element-type RamoDiffSpan): the runs, in order
 */
GPtrArray *
ramo_text_diff (const char          *left,
                const char          *right,
                RamoDiffGranularity  granularity,
                RamoDiffGranularity *used)
{
  GPtrArray *spans = g_ptr_array_new_with_free_func ((GDestroyNotify) ramo_diff_span_free);
  RamoDiffGranularity tried = granularity == RAMO_DIFF_LINES ? RAMO_DIFF_LINES : RAMO_DIFF_WORDS;

  g_return_val_if_fail (left != NULL && right != NULL, spans);

  if (strcmp (left, right) == 0)
    add_span (spans, RAMO_DIFF_EQUAL, left, strlen (left));
  else if (tried == RAMO_DIFF_WORDS && diff_tokens (left, right, RAMO_DIFF_WORDS, spans))
    tried = RAMO_DIFF_WORDS;
  else if (diff_tokens (left, right, RAMO_DIFF_LINES, spans))
    tried = RAMO_DIFF_LINES;
  else
    {
      tried = RAMO_DIFF_WHOLE;
      add_span (spans, RAMO_DIFF_REMOVED, left, strlen (left));
      add_span (spans, RAMO_DIFF_ADDED, right, strlen (right));
    }
  if (used)
    *used = tried;
  return spans;
}

/**
 * ramo_diff_span_free:
 * @span: (transfer full) (nullable): a span of ramo_text_diff()
 *
 * Frees @span.
 */
void
ramo_diff_span_free (RamoDiffSpan *span)
{
  if (span == NULL)
    return;
  g_free (span->text);
  g_free (span);
}

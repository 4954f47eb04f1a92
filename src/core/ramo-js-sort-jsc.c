/* ramo-js-sort-jsc.c
 *
 * Copyright 2026 The Ramo authors
 *
 * This program is free software: you can redistribute it and/or modify it under the terms of the
 * GNU General Public License as published by the Free Software Foundation, either version 3 of
 * the License, or (at your option) any later version.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ramo-js"

#include "config.h"

#include <string.h>

#include "ramo-js.h"
#include "ramo-js-sort-private.h"

/*
 * Array.prototype.sort() as JavaScriptCore does it (oh-my-pi runs on Bun; its order was
 * checked against Bun 1.3.14): Powersort (Munro and Wild, 2018) with TimSort's galloping merge.
 * Like V8 it calls an element "before" another only for a negative comparator result, so with
 * a consistent comparator the two agree; with NaN in pi's timestamp comparator they do not, from
 * eight elements on.
 *
 *  - fewer than 8 elements: binary insertion;
 *  - runs are found left to right: a natural run (a strictly descending one reversed) of up to
 *    8 elements is extended by binary insertion to 64 (or the rest), then by any ascending
 *    elements that follow;
 *  - each new run gets a "power", from the midpoints of it and the run before it; runs on the
 *    stack with a higher power are merged first; at the end all are merged, right to left;
 *  - a merge goes into a work array: what is already in place at either end is copied, then
 *    one at a time until one side has won min_gallop times in a row, then by galloping while
 *    a side wins 7 or more; min_gallop (7 at first, shared by all merges) falls each galloping
 *    round and rises by one on leaving.
 */

#define CUTOFF 8
#define FORCED_RUN 64
#define GALLOP 7

typedef struct {
  RamoJsComparator c;
  gpointer *a;
  gpointer *work;
  gsize n;
  gsize min_gallop;
} Sort;

/* [0, length) of @a by binary insertion, [0, sorted + 1) being in order already */
static void
insertion_sort (Sort     *s,
                gpointer *a,
                gsize     length,
                gsize     sorted)
{
  for (gsize i = sorted + 1; i < length; i++)
    {
      gpointer value = a[i];
      gsize left = 0, right = i;

      while (left < right)
        {
          gsize m = left + (right - left) / 2;

          if (!less (&s->c, value, a[m]))
            left = m + 1;
          else
            right = m;
        }
      memmove (&a[left + 1], &a[left], (i - left) * sizeof (gpointer));
      a[left] = value;
    }
}

/* the last index of the run at @begin, reversed if strictly descending */
static gsize
find_run (Sort  *s,
          gsize  begin)
{
  gpointer *a = s->a;
  gsize end = begin;

  if (end + 1 >= s->n)
    return end;

  if (less (&s->c, a[end + 1], a[end]))
    {
      for (end++; end + 1 < s->n && less (&s->c, a[end + 1], a[end]); end++)
        ;
      for (gsize i = begin, j = end; i < j; i++, j--)
        {
          gpointer t = a[i];

          a[i] = a[j];
          a[j] = t;
        }
    }
  else
    for (end++; end + 1 < s->n && !less (&s->c, a[end + 1], a[end]); end++)
      ;
  return end;
}

/* a run at @begin, made at least FORCED_RUN long when it is short; returns its last index */
static gsize
make_run (Sort  *s,
          gsize  begin)
{
  gsize end = find_run (s, begin);

  if (end - begin < CUTOFF)
    {
      gsize size = MIN (FORCED_RUN, s->n - begin);

      insertion_sort (s, &s->a[begin], size, end - begin);
      end = begin + size - 1;
    }
  while (end + 1 < s->n && !less (&s->c, s->a[end + 1], s->a[end]))
    end++;
  return end;
}

/* the power of the boundary between [left, middle) and [middle, right] */
static guint
power (gsize left,
       gsize middle,
       gsize right,
       gsize n)
{
  unsigned __int128 a = (unsigned __int128) (left * 2 + (middle - left)) << 62;
  unsigned __int128 b = (unsigned __int128) (middle * 2 + (right - middle + 1)) << 62;
  guint64 differ = (guint64) ((a / n) ^ (b / n));

  return differ == 0 ? 64 : (guint) __builtin_clzll (differ);
}

/* [begin1, end1) and [begin2, end2) of the array merged into the work array */
static void
merge (Sort  *s,
       gsize  begin1,
       gsize  end1,
       gsize  begin2,
       gsize  end2)
{
  gpointer *src = s->a, *dst = s->work;
  gsize left_length = end1 - begin1, right_length = end2 - begin2;
  gsize skip, left, right, right_end, d;

  if (left_length == 0 || right_length == 0)
    {
      memcpy (&dst[begin1], &src[begin1], (end2 - begin1) * sizeof (gpointer));
      return;
    }

  /* the start of the left run and the end of the right one are in place already */
  skip = _ramo_js_gallop_right (&s->c, src[begin2], &src[begin1], left_length, 0);
  memcpy (&dst[begin1], &src[begin1], skip * sizeof (gpointer));
  left = begin1 + skip;
  left_length -= skip;
  if (left_length == 0)
    {
      memcpy (&dst[begin2], &src[begin2], right_length * sizeof (gpointer));
      return;
    }
  skip = right_length - _ramo_js_gallop_left (&s->c, src[end1 - 1], &src[begin2], right_length,
                                              right_length - 1);
  memcpy (&dst[end2 - skip], &src[end2 - skip], skip * sizeof (gpointer));
  right_end = end2 - skip;
  right_length -= skip;
  if (right_length == 0)
    {
      memcpy (&dst[left], &src[left], left_length * sizeof (gpointer));
      return;
    }

  right = begin2;
  d = left;
  for (;;)
    {
      gsize left_wins = 0, right_wins = 0;

      /* one at a time, until one side keeps winning */
      while (left_wins < s->min_gallop && right_wins < s->min_gallop)
        {
          if (right >= right_end || left >= end1)
            goto finish;
          if (less (&s->c, src[right], src[left]))
            {
              dst[d++] = src[right++];
              right_wins++, left_wins = 0;
            }
          else
            {
              dst[d++] = src[left++];
              left_wins++, right_wins = 0;
            }
        }

      /* galloping, while it pays */
      s->min_gallop++;
      do
        {
          gsize k;

          if (s->min_gallop > 1)
            s->min_gallop--;
          if (left >= end1 || right >= right_end)
            goto finish;

          k = _ramo_js_gallop_right (&s->c, src[right], &src[left], end1 - left, 0);
          left_wins = k;
          memcpy (&dst[d], &src[left], k * sizeof (gpointer));
          d += k, left += k;
          dst[d++] = src[right++];
          if (left >= end1 || right >= right_end)
            goto finish;

          k = _ramo_js_gallop_left (&s->c, src[left], &src[right], right_end - right, 0);
          right_wins = k;
          memcpy (&dst[d], &src[right], k * sizeof (gpointer));
          d += k, right += k;
          dst[d++] = src[left++];
          if (left >= end1 || right >= right_end)
            goto finish;
        }
      while (left_wins >= GALLOP || right_wins >= GALLOP);
      s->min_gallop++;
    }

finish:
  memcpy (&dst[d], &src[left], (end1 - left) * sizeof (gpointer));
  d += end1 - left;
  memcpy (&dst[d], &src[right], (right_end - right) * sizeof (gpointer));
}

typedef struct {
  gsize begin, end;   /* end is the last index */
  guint power;
} Run;

/* the run @below (just left of @run) merged with it; @run grows to cover both */
static void
merge_into (Sort *s,
            Run  *below,
            Run  *run)
{
  merge (s, below->begin, below->end + 1, run->begin, run->end + 1);
  memcpy (&s->a[below->begin], &s->work[below->begin],
          (run->end + 1 - below->begin) * sizeof (gpointer));
  run->begin = below->begin;
}

/**
 * ramo_js_sort_jsc:
 * @items: (array length=n_items): the elements to sort, in place
 * @n_items: their number
 * @compare_func: the comparator, as for ramo_js_sort()
 * @user_data: passed to @compare_func
 *
 * Sorts @items as JavaScriptCore's `Array.prototype.sort()` does (Bun, which runs oh-my-pi),
 * with the same comparisons in the same sequence (see the top of this file), so that the order
 * is JavaScriptCore's even for a comparator that is not consistent.
 */
void
ramo_js_sort_jsc (gpointer          *items,
                  gsize              n_items,
                  RamoJsCompareFunc  compare_func,
                  gpointer           user_data)
{
  Sort s = { { compare_func, user_data }, items, NULL, n_items, GALLOP };
  g_autofree Run *stack = NULL;
  guint top = 0;
  Run run1;

  g_return_if_fail (compare_func != NULL);
  g_return_if_fail (n_items <= G_MAXINT32);

  if (n_items < CUTOFF)
    {
      if (n_items > 1)
        insertion_sort (&s, items, n_items, 0);
      return;
    }

  /* each run but the last has more than CUTOFF elements */
  stack = g_new (Run, n_items / (CUTOFF + 1) + 2);
  s.work = g_new (gpointer, n_items);

  run1.begin = 0;
  run1.end = make_run (&s, 0);
  while (run1.end + 1 < n_items)
    {
      Run run2;

      run2.begin = run1.end + 1;
      run2.end = make_run (&s, run2.begin);
      run2.power = power (run1.begin, run2.begin, run2.end, n_items);

      while (top > 0 && stack[top - 1].power > run2.power)
        merge_into (&s, &stack[--top], &run1);
      run1.power = run2.power;
      stack[top++] = run1;
      run1 = run2;
    }
  while (top > 0)
    merge_into (&s, &stack[--top], &run1);

  g_free (s.work);
}

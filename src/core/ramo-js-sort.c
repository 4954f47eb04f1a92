/* ramo-js-sort.c
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

#include <math.h>
#include <string.h>

#include "ramo-js.h"
#include "ramo-js-sort-private.h"

/*
 * Array.prototype.sort() as V8 does it: TimSort (V8's third_party/v8/builtins/array-sort.tq,
 * after CPython's listsort). With a consistent comparator any stable sort gives the same order;
 * pi's comparator is not one when a timestamp is invalid (NaN counts as "equal" to everything),
 * and then only the same sequence of comparisons gives the same order. So this follows V8 step
 * by step:
 *
 *  - the array is cut into runs: each natural run (a strictly descending one is
 *    reversed) is extended by binary insertion to the minimum run length (n itself under 64,
 *    else between 32 and 64, so that n / min_run is just below a power of two), pushed on a
 *    stack of pending runs, and the stack is merged until its lengths shrink fast enough
 *    (|Z| > |Y| + |X| and |Y| > |X| for the top three); at the end all are merged;
 *  - a merge first skips what is already in place (galloping from each end), then merges
 *    from the shorter side, one element at a time until one side has won min_gallop times in a
 *    row, then by galloping (exponential, then binary search) while the wins stay long;
 *    min_gallop starts at 7, falls while galloping pays and rises when it stops paying.
 */

#define MIN_GALLOP 7
#define MAX_PENDING 85

typedef struct {
  RamoJsComparator c;
  gpointer *a;
  gpointer *tmp;
  gsize tmp_size;
  gssize min_gallop;
  gssize run_base[MAX_PENDING];
  gssize run_length[MAX_PENDING];
  int n_runs;
} Sort;

/* SortCompare with a comparator: its number, NaN counting as 0 */
static inline double
compare (Sort          *s,
         gconstpointer  x,
         gconstpointer  y)
{
  double v = s->c.compare (x, y, s->c.user_data);

  return isnan (v) ? 0 : v;
}

static gpointer *
get_tmp (Sort  *s,
         gssize size)
{
  if ((gsize) size > s->tmp_size)
    {
      s->tmp_size = MAX ((gsize) size, 32);
      s->tmp = g_renew (gpointer, s->tmp, s->tmp_size);
    }
  return s->tmp;
}

/* [low, high) by binary insertion, [low, start) being sorted already */
static void
binary_insertion_sort (Sort  *s,
                       gssize low,
                       gssize start,
                       gssize high)
{
  gpointer *a = s->a;

  if (start == low)
    start++;
  for (; start < high; start++)
    {
      gpointer pivot = a[start];
      gssize left = low, right = start;

      while (left < right)
        {
          gssize mid = left + ((right - left) >> 1);

          if (compare (s, pivot, a[mid]) < 0)
            right = mid;
          else
            left = mid + 1;
        }
      memmove (&a[left + 1], &a[left], (start - left) * sizeof (gpointer));
      a[left] = pivot;
    }
}

/* the length of the run at @low, reversed if strictly descending */
static gssize
count_and_make_run (Sort  *s,
                    gssize low,
                    gssize high)
{
  gpointer *a = s->a;
  gssize length = 2;
  gboolean descending;
  gpointer previous;

  if (low + 1 == high)
    return 1;

  descending = compare (s, a[low + 1], a[low]) < 0;
  previous = a[low + 1];
  for (gssize i = low + 2; i < high; i++)
    {
      double order = compare (s, a[i], previous);

      if (descending ? order >= 0 : order < 0)
        break;
      previous = a[i];
      length++;
    }

  if (descending)
    for (gssize i = low, j = low + length - 1; i < j; i++, j--)
      {
        gpointer t = a[i];

        a[i] = a[j];
        a[j] = t;
      }
  return length;
}

/*
 * Where @key goes in the sorted @length elements at @base, before any equal ones; the search
 * starts at @hint. Returns k in 0..length with base[k - 1] < key <= base[k].
 */
gssize
_ramo_js_gallop_left (const RamoJsComparator *c,
                      gpointer                key,
                      gpointer               *base,
                      gssize                  length,
                      gssize                  hint)
{
  gssize last = 0, offset = 1;

  if (less (c, base[hint], key))
    {
      /* gallop right: base[hint + last] < key <= base[hint + offset] */
      gssize max = length - hint;

      while (offset < max && less (c, base[hint + offset], key))
        {
          last = offset;
          offset = (offset << 1) + 1;
        }
      offset = MIN (offset, max);
      last += hint;
      offset += hint;
    }
  else
    {
      /* gallop left: base[hint - offset] < key <= base[hint - last] */
      gssize max = hint + 1, t;

      while (offset < max && !less (c, base[hint - offset], key))
        {
          last = offset;
          offset = (offset << 1) + 1;
        }
      offset = MIN (offset, max);
      t = last;
      last = hint - offset;
      offset = hint - t;
    }

  for (last++; last < offset; )
    {
      gssize m = last + ((offset - last) >> 1);

      if (less (c, base[m], key))
        last = m + 1;
      else
        offset = m;
    }
  return offset;
}

/* as gallop_left(), but after any elements equal to @key: base[k - 1] <= key < base[k] */
gssize
_ramo_js_gallop_right (const RamoJsComparator *c,
                       gpointer                key,
                       gpointer               *base,
                       gssize                  length,
                       gssize                  hint)
{
  gssize last = 0, offset = 1;

  if (less (c, key, base[hint]))
    {
      /* gallop left: base[hint - offset] <= key < base[hint - last] */
      gssize max = hint + 1, t;

      while (offset < max && less (c, key, base[hint - offset]))
        {
          last = offset;
          offset = (offset << 1) + 1;
        }
      offset = MIN (offset, max);
      t = last;
      last = hint - offset;
      offset = hint - t;
    }
  else
    {
      /* gallop right: base[hint + last] <= key < base[hint + offset] */
      gssize max = length - hint;

      while (offset < max && !less (c, key, base[hint + offset]))
        {
          last = offset;
          offset = (offset << 1) + 1;
        }
      offset = MIN (offset, max);
      last += hint;
      offset += hint;
    }

  for (last++; last < offset; )
    {
      gssize m = last + ((offset - last) >> 1);

      if (less (c, key, base[m]))
        offset = m;
      else
        last = m + 1;
    }
  return offset;
}

/* merges the runs at @base_a and @base_b = @base_a + @length_a, from the left (length_a <= length_b) */
static void
merge_low (Sort  *s,
           gssize base_a,
           gssize length_a,
           gssize base_b,
           gssize length_b)
{
  gpointer *a = s->a;
  gpointer *tmp = get_tmp (s, length_a);
  gssize dest = base_a, cursor_tmp = 0, cursor_b = base_b;
  gssize min_gallop;

  memcpy (tmp, &a[base_a], length_a * sizeof (gpointer));
  a[dest++] = a[cursor_b++];
  if (--length_b == 0)
    goto succeed;
  if (length_a == 1)
    goto copy_b;

  min_gallop = s->min_gallop;
  for (;;)
    {
      gssize wins_a = 0, wins_b = 0;
      gboolean first;

      /* one at a time, until one side keeps winning */
      for (;;)
        {
          if (compare (s, a[cursor_b], tmp[cursor_tmp]) < 0)
            {
              a[dest++] = a[cursor_b++];
              wins_b++, length_b--, wins_a = 0;
              if (length_b == 0)
                goto succeed;
              if (wins_b >= min_gallop)
                break;
            }
          else
            {
              a[dest++] = tmp[cursor_tmp++];
              wins_a++, length_a--, wins_b = 0;
              if (length_a == 1)
                goto copy_b;
              if (wins_a >= min_gallop)
                break;
            }
        }

      /* galloping, while it pays */
      min_gallop++;
      for (first = TRUE; first || wins_a >= MIN_GALLOP || wins_b >= MIN_GALLOP; first = FALSE)
        {
          min_gallop = MAX (1, min_gallop - 1);
          s->min_gallop = min_gallop;

          wins_a = _ramo_js_gallop_right (&s->c, a[cursor_b], &tmp[cursor_tmp], length_a, 0);
          if (wins_a > 0)
            {
              memcpy (&a[dest], &tmp[cursor_tmp], wins_a * sizeof (gpointer));
              dest += wins_a, cursor_tmp += wins_a, length_a -= wins_a;
              if (length_a == 1)
                goto copy_b;
              /* possible with an inconsistent comparator */
              if (length_a == 0)
                goto succeed;
            }
          a[dest++] = a[cursor_b++];
          if (--length_b == 0)
            goto succeed;

          wins_b = _ramo_js_gallop_left (&s->c, tmp[cursor_tmp], &a[cursor_b], length_b, 0);
          if (wins_b > 0)
            {
              memmove (&a[dest], &a[cursor_b], wins_b * sizeof (gpointer));
              dest += wins_b, cursor_b += wins_b, length_b -= wins_b;
              if (length_b == 0)
                goto succeed;
            }
          a[dest++] = tmp[cursor_tmp++];
          if (--length_a == 1)
            goto copy_b;
        }
      min_gallop++;
      s->min_gallop = min_gallop;
    }

succeed:
  if (length_a > 0)
    memcpy (&a[dest], &tmp[cursor_tmp], length_a * sizeof (gpointer));
  return;

copy_b:
  /* the last element of A goes after the rest of B */
  memmove (&a[dest], &a[cursor_b], length_b * sizeof (gpointer));
  a[dest + length_b] = tmp[cursor_tmp];
}

/* merges the runs at @base_a and @base_b = @base_a + @length_a, from the right (length_a > length_b) */
static void
merge_high (Sort  *s,
            gssize base_a,
            gssize length_a,
            gssize base_b,
            gssize length_b)
{
  gpointer *a = s->a;
  gpointer *tmp = get_tmp (s, length_b);
  gssize dest = base_b + length_b - 1, cursor_tmp = length_b - 1, cursor_a = base_a + length_a - 1;
  gssize min_gallop;

  memcpy (tmp, &a[base_b], length_b * sizeof (gpointer));
  a[dest--] = a[cursor_a--];
  if (--length_a == 0)
    goto succeed;
  if (length_b == 1)
    goto copy_a;

  min_gallop = s->min_gallop;
  for (;;)
    {
      gssize wins_a = 0, wins_b = 0;
      gboolean first;

      for (;;)
        {
          if (compare (s, tmp[cursor_tmp], a[cursor_a]) < 0)
            {
              a[dest--] = a[cursor_a--];
              wins_a++, length_a--, wins_b = 0;
              if (length_a == 0)
                goto succeed;
              if (wins_a >= min_gallop)
                break;
            }
          else
            {
              a[dest--] = tmp[cursor_tmp--];
              wins_b++, length_b--, wins_a = 0;
              if (length_b == 1)
                goto copy_a;
              if (wins_b >= min_gallop)
                break;
            }
        }

      min_gallop++;
      for (first = TRUE; first || wins_a >= MIN_GALLOP || wins_b >= MIN_GALLOP; first = FALSE)
        {
          gssize k;

          min_gallop = MAX (1, min_gallop - 1);
          s->min_gallop = min_gallop;

          k = _ramo_js_gallop_right (&s->c, tmp[cursor_tmp], &a[base_a], length_a, length_a - 1);
          wins_a = length_a - k;
          if (wins_a > 0)
            {
              dest -= wins_a, cursor_a -= wins_a;
              memmove (&a[dest + 1], &a[cursor_a + 1], wins_a * sizeof (gpointer));
              length_a -= wins_a;
              if (length_a == 0)
                goto succeed;
            }
          a[dest--] = tmp[cursor_tmp--];
          if (--length_b == 1)
            goto copy_a;

          k = _ramo_js_gallop_left (&s->c, a[cursor_a], tmp, length_b, length_b - 1);
          wins_b = length_b - k;
          if (wins_b > 0)
            {
              dest -= wins_b, cursor_tmp -= wins_b;
              memcpy (&a[dest + 1], &tmp[cursor_tmp + 1], wins_b * sizeof (gpointer));
              length_b -= wins_b;
              if (length_b == 1)
                goto copy_a;
              /* possible with an inconsistent comparator */
              if (length_b == 0)
                goto succeed;
            }
          a[dest--] = a[cursor_a--];
          if (--length_a == 0)
            goto succeed;
        }
      min_gallop++;
      s->min_gallop = min_gallop;
    }

succeed:
  if (length_b > 0)
    memcpy (&a[dest - (length_b - 1)], tmp, length_b * sizeof (gpointer));
  return;

copy_a:
  /* the first element of B goes before the rest of A */
  dest -= length_a, cursor_a -= length_a;
  memmove (&a[dest + 1], &a[cursor_a + 1], length_a * sizeof (gpointer));
  a[dest] = tmp[cursor_tmp];
}

/* merges the runs @i and @i + 1 of the stack */
static void
merge_at (Sort *s,
          int   i)
{
  gpointer *a = s->a;
  gssize base_a = s->run_base[i], length_a = s->run_length[i];
  gssize base_b = s->run_base[i + 1], length_b = s->run_length[i + 1];
  gssize k;

  s->run_length[i] = length_a + length_b;
  if (i == s->n_runs - 3)
    {
      s->run_base[i + 1] = s->run_base[i + 2];
      s->run_length[i + 1] = s->run_length[i + 2];
    }
  s->n_runs--;

  /* the start of A and the end of B that are in place already */
  k = _ramo_js_gallop_right (&s->c, a[base_b], &a[base_a], length_a, 0);
  base_a += k;
  length_a -= k;
  if (length_a == 0)
    return;
  length_b = _ramo_js_gallop_left (&s->c, a[base_a + length_a - 1], &a[base_b], length_b, length_b - 1);
  if (length_b == 0)
    return;

  if (length_a <= length_b)
    merge_low (s, base_a, length_a, base_b, length_b);
  else
    merge_high (s, base_a, length_a, base_b, length_b);
}

/* whether run_length(n - 2) > run_length(n - 1) + run_length(n) */
static gboolean
invariant_holds (Sort *s,
                 int   n)
{
  if (n < 2)
    return TRUE;
  return s->run_length[n - 2] > s->run_length[n - 1] + s->run_length[n];
}

static void
merge_collapse (Sort *s)
{
  while (s->n_runs > 1)
    {
      int n = s->n_runs - 2;

      if (!invariant_holds (s, n + 1) || !invariant_holds (s, n))
        {
          if (s->run_length[n - 1] < s->run_length[n + 1])
            n--;
          merge_at (s, n);
        }
      else if (s->run_length[n] <= s->run_length[n + 1])
        merge_at (s, n);
      else
        break;
    }
}

static void
merge_force_collapse (Sort *s)
{
  while (s->n_runs > 1)
    {
      int n = s->n_runs - 2;

      if (n > 0 && s->run_length[n - 1] < s->run_length[n + 1])
        n--;
      merge_at (s, n);
    }
}

/**
 * ramo_js_sort:
 * @items: (array length=n_items): the elements to sort, in place
 * @n_items: their number
 * @compare_func: the comparator: negative when its first argument sorts first, as a JavaScript
 *   comparator's number (NaN counts as 0)
 * @user_data: passed to @compare_func
 *
 * Sorts @items as V8's `Array.prototype.sort()` does with a comparator, calling it with the
 * same arguments in the same sequence, so that the order is V8's even for a comparator that is
 * not consistent (see the top of this file).
 */
void
ramo_js_sort (gpointer          *items,
              gsize              n_items,
              RamoJsCompareFunc  compare_func,
              gpointer           user_data)
{
  Sort s = { { compare_func, user_data }, items, NULL, 0, MIN_GALLOP, { 0 }, { 0 }, 0 };
  gssize n = n_items, remaining = n, low = 0, min_run, m = n, r = 0;

  g_return_if_fail (compare_func != NULL);
  g_return_if_fail (n_items <= G_MAXINT32);

  if (n < 2)
    return;
  while (m >= 64)
    {
      r |= m & 1;
      m >>= 1;
    }
  min_run = m + r;

  while (remaining != 0)
    {
      gssize run = count_and_make_run (&s, low, low + remaining);

      if (run < min_run)
        {
          gssize forced = MIN (min_run, remaining);

          binary_insertion_sort (&s, low, low + run, low + forced);
          run = forced;
        }
      s.run_base[s.n_runs] = low;
      s.run_length[s.n_runs] = run;
      s.n_runs++;
      merge_collapse (&s);
      low += run;
      remaining -= run;
    }
  merge_force_collapse (&s);
  g_free (s.tmp);
}

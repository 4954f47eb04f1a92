/* ramo-js-sort-private.h — what the two engines' sorts share (ramo-js-sort.c, ramo-js-sort-jsc.c)
 *
 * Copyright 2026 The Ramo authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <math.h>

#include "ramo-js.h"

G_BEGIN_DECLS

typedef struct {
  RamoJsCompareFunc compare;
  gpointer user_data;
} RamoJsComparator;

/* whether @x sorts before @y: the comparator's number is negative (NaN is not) */
static inline gboolean
less (const RamoJsComparator *c,
      gconstpointer           x,
      gconstpointer           y)
{
  return c->compare (x, y, c->user_data) < 0;
}

gssize _ramo_js_gallop_left  (const RamoJsComparator *c,
                              gpointer                key,
                              gpointer               *base,
                              gssize                  length,
                              gssize                  hint);
gssize _ramo_js_gallop_right (const RamoJsComparator *c,
                              gpointer                key,
                              gpointer               *base,
                              gssize                  length,
                              gssize                  hint);

G_END_DECLS

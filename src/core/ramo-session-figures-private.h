/* ramo-session-figures-private.h — the figures the session manager keeps beside its entries
 *
 * Copyright 2026 The Ramo authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <math.h>

#include "ramo-entry.h"
#include "ramo-entry-members-private.h"
#include "ramo-figures.h"
#include "ramo-json-scan.h"

G_BEGIN_DECLS

/* What one line adds, found while it is extracted (any thread, nothing shared). */
typedef struct
{
  double  input;
  double  output;
  double  cache_read;
  double  cache_write;
  double  cost;
  guint32 tool_calls;
  guint8  has_usage : 1;
  guint8  tool_error : 1;
  guint8  usage_entry : 1;      /* a pi 1.6.0 `usage` entry */
} RamoLineFigures;

/* Makes @figures' first and last times include @ms (NaN: no time). */
static inline void
_ramo_figures_add_time (RamoFigures *figures,
                        double       ms)
{
  if (isnan (ms))
    return;
  if (isnan (figures->first_ms) || ms < figures->first_ms)
    figures->first_ms = ms;
  if (isnan (figures->last_ms) || ms > figures->last_ms)
    figures->last_ms = ms;
}

/* The side table of a session manager (ramo-session-figures.c). */
typedef struct _RamoFiguresTable RamoFiguresTable;

void              _ramo_line_figures_scan    (RamoLineFigures      *figures,
                                              const RamoEntry      *entry,
                                              RamoScan             *scan,
                                              const RamoTopMembers *top);
RamoFiguresTable *_ramo_figures_table_new    (void);
void              _ramo_figures_table_free   (RamoFiguresTable   *table);
void              _ramo_figures_table_commit (RamoFiguresTable   *table,
                                              const RamoEntry    *entry,
                                              const RamoLineFigures *figures);
void              _ramo_figures_table_changed (RamoFiguresTable  *table);

G_END_DECLS

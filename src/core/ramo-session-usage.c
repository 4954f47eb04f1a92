/* ramo-session-usage.c
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

#include "ramo-session-manager-private.h"

/* What a session cost: the usage every model call recorded, as pi 1.6.0's footer adds it up,
 * from the figures the load kept (ramo-session-figures.c): no body is read again. */

/**
 * ramo_session_manager_sum_usage:
 * @self: a session manager
 * @totals: (out caller-allocates): where to store the sums
 * @error: return location for a #GError, or %NULL
 *
 * Adds up the usage of every entry line of the file, on every branch, as pi 1.6.0's
 * `get_session_stats` does: the `usage` of assistant messages, of tool results that carry one,
 * of branch summaries and compactions, and of `usage` entries (the calls made outside the
 * conversation); oh-my-pi's `model_usage` entries and `task` results too. Token counts are
 * `input`, `output`, `cacheRead` and `cacheWrite`; the cost is `cost.total`, in the currency
 * the agent priced it in (US dollars for pi's models). Missing numbers count as 0. The sums
 * are those ramo_session_manager_get_figures() gives for %RAMO_FIGURES_SESSION, found while
 * the file was read.
 *
 * Errors: none any more; @error is kept for the callers written when the bodies were read.
 *
 * Returns: %TRUE
 */
gboolean
ramo_session_manager_sum_usage (RamoSessionManager  *self,
                                RamoUsageTotals     *totals,
                                GError             **error)
{
  RamoFigures figures;
  guint n_usage_entries = 0;

  g_return_val_if_fail (RAMO_IS_SESSION_MANAGER (self), FALSE);
  g_return_val_if_fail (totals != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  _ramo_session_manager_session_usage (self, &figures, &n_usage_entries);
  memset (totals, 0, sizeof *totals);
  totals->input = figures.input;
  totals->output = figures.output;
  totals->cache_read = figures.cache_read;
  totals->cache_write = figures.cache_write;
  totals->cost = figures.cost;
  totals->n_sources = figures.n_usages;
  totals->n_usage_entries = n_usage_entries;
  return TRUE;
}

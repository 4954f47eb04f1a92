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

/* What a session cost: the usage every model call recorded, as pi 1.6.0's footer adds it up. */

static double
usage_number (RamoScan   *scan,
              guint       object,
              const char *name)
{
  double value = 0;

  /* a missing or non-numeric count is 0 here (pi would add `undefined` and show NaN) */
  if (!ramo_scan_number (scan, ramo_scan_member (scan, object, name), &value) || value != value)
    return 0;
  return value;
}

/* The node of an entry's usage object, or 0. */
static guint
usage_node (RamoEntry *entry,
            RamoScan  *scan)
{
  switch ((RamoEntryType) entry->type)
    {
    case RAMO_ENTRY_TYPE_USAGE:
    case RAMO_ENTRY_TYPE_BRANCH_SUMMARY:
    case RAMO_ENTRY_TYPE_COMPACTION:
      return ramo_scan_member (scan, 1, "usage");
    case RAMO_ENTRY_TYPE_MESSAGE:
      return ramo_scan_member (scan, ramo_scan_member (scan, 1, "message"), "usage");
    default:
      return 0;
    }
}

/**
 * ramo_session_manager_sum_usage:
 * @self: a session manager
 * @totals: (out caller-allocates): where to store the sums
 * @error: return location for a #GError, or %NULL
 *
 * Adds up the usage of every entry of the file, on every branch, as pi 1.6.0's footer does:
 * the `usage` of assistant messages, of tool results that carry one, of branch summaries and
 * compactions, and of `usage` entries (the calls made outside the conversation). Token counts
 * are `input`, `output`, `cacheRead` and `cacheWrite`; the cost is `cost.total`, in the
 * currency the agent priced it in (US dollars for pi's models). Missing numbers count as 0.
 * Reads the entries from the file.
 *
 * Errors: those of ramo_session_manager_read_entry().
 *
 * Returns: %TRUE on success
 */
gboolean
ramo_session_manager_sum_usage (RamoSessionManager  *self,
                                RamoUsageTotals     *totals,
                                GError             **error)
{
  RamoScan scan;
  gboolean ok = TRUE;

  g_return_val_if_fail (RAMO_IS_SESSION_MANAGER (self), FALSE);
  g_return_val_if_fail (totals != NULL, FALSE);

  memset (totals, 0, sizeof *totals);
  ramo_scan_init (&scan);
  for (guint i = 0; i < self->entries->len && ok; i++)
    {
      RamoEntry *entry = g_ptr_array_index (self->entries, i);
      g_autofree char *text = NULL;
      guint usage;

      switch ((RamoEntryType) entry->type)
        {
        case RAMO_ENTRY_TYPE_MESSAGE:
          if (entry->role != RAMO_MESSAGE_ROLE_ASSISTANT && entry->role != RAMO_MESSAGE_ROLE_TOOL_RESULT)
            continue;
          break;
        case RAMO_ENTRY_TYPE_USAGE:
        case RAMO_ENTRY_TYPE_BRANCH_SUMMARY:
        case RAMO_ENTRY_TYPE_COMPACTION:
          break;
        default:
          continue;
        }
      if (!_ramo_session_manager_scan_entry (self, entry, &scan, &text, error))
        {
          ok = FALSE;
          break;
        }
      usage = usage_node (entry, &scan);
      if (ramo_scan_type (&scan, usage) != RAMO_SCAN_OBJECT)
        continue;
      totals->input += usage_number (&scan, usage, "input");
      totals->output += usage_number (&scan, usage, "output");
      totals->cache_read += usage_number (&scan, usage, "cacheRead");
      totals->cache_write += usage_number (&scan, usage, "cacheWrite");
      totals->cost += usage_number (&scan, ramo_scan_member (&scan, usage, "cost"), "total");
      totals->n_sources++;
      if (entry->type == RAMO_ENTRY_TYPE_USAGE)
        totals->n_usage_entries++;
    }
  ramo_scan_clear (&scan);
  return ok;
}

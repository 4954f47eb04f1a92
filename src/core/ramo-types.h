/* ramo-types.h
 *
 * Copyright 2026 The Ramo authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct _RamoEntry          RamoEntry;
typedef struct _RamoSessionContext RamoSessionContext;
typedef struct _RamoLoadIssue      RamoLoadIssue;

/**
 * RamoUsageTotals:
 * @input: input tokens
 * @output: output tokens
 * @cache_read: tokens read from the prompt cache
 * @cache_write: tokens written to the prompt cache
 * @cost: the cost the agent recorded (`cost.total`), in US dollars for pi's models
 * @n_sources: how many entries carried a usage
 * @n_usage_entries: how many of them were `usage` entries (pi 1.6.0)
 *
 * What the model calls of a session used, summed by ramo_session_manager_sum_usage().
 */
typedef struct
{
  double input;
  double output;
  double cache_read;
  double cache_write;
  double cost;
  guint  n_sources;
  guint  n_usage_entries;
} RamoUsageTotals;

G_END_DECLS

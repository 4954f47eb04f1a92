/* ramo-figures.c
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

#include <math.h>
#include <string.h>

#include "ramo-json.h"
#include "ramo-session-figures-private.h"

/* The figures of a set of entries (RamoFigures), and what one line adds to them, found while
 * it is extracted; the session manager keeps and sums them (ramo-session-figures.c). */

/* ------------------------------------------------------------------------------------------ */
/* RamoFigures                                                                                 */

/**
 * ramo_figures_init:
 * @figures: (out caller-allocates): the figures to clear
 *
 * Sets @figures to those of an empty set: zero counts, no times.
 */
void
ramo_figures_init (RamoFigures *figures)
{
  g_return_if_fail (figures != NULL);

  memset (figures, 0, sizeof *figures);
  figures->first_ms = NAN;
  figures->last_ms = NAN;
}


/**
 * ramo_figures_add:
 * @figures: (inout): the figures to add to
 * @other: the figures of a set apart from those of @figures
 *
 * Makes @figures those of the union of both sets: counts added, the earliest and latest times
 * of either.
 */
void
ramo_figures_add (RamoFigures       *figures,
                  const RamoFigures *other)
{
  g_return_if_fail (figures != NULL);
  g_return_if_fail (other != NULL);

  figures->input += other->input;
  figures->output += other->output;
  figures->cache_read += other->cache_read;
  figures->cache_write += other->cache_write;
  figures->cost += other->cost;
  figures->n_entries += other->n_entries;
  figures->n_usages += other->n_usages;
  figures->tool_calls += other->tool_calls;
  figures->tool_errors += other->tool_errors;
  _ramo_figures_add_time (figures, other->first_ms);
  _ramo_figures_add_time (figures, other->last_ms);
}

/**
 * ramo_figures_get_tokens:
 * @figures: figures
 *
 * Returns: every token counted: input, output, cache read and cache write (pi's `total`)
 */
double
ramo_figures_get_tokens (const RamoFigures *figures)
{
  g_return_val_if_fail (figures != NULL, 0);
  return figures->input + figures->output + figures->cache_read + figures->cache_write;
}

/**
 * ramo_figures_get_wall_ms:
 * @figures: figures
 *
 * Returns: the wall time of the set: its last time less its first, in milliseconds; 0 when
 *   fewer than one entry has a valid time
 */
double
ramo_figures_get_wall_ms (const RamoFigures *figures)
{
  g_return_val_if_fail (figures != NULL, 0);
  if (isnan (figures->first_ms) || isnan (figures->last_ms))
    return 0;
  return figures->last_ms - figures->first_ms;
}

/* ------------------------------------------------------------------------------------------ */
/* One line                                                                                    */

/* A count of a usage as a number: a missing or non-numeric one is 0 here (pi would add
 * `undefined` and show NaN). Nearly every count is a plain decimal of at most 15 digits: its
 * digits as an integer divided by a power of ten up to 10^15, both exact doubles, is the
 * correctly rounded value (one IEEE division), as strtod() gives it, without its cost. */
static double
usage_number (RamoScan *scan,
              guint     node)
{
  static const double powers[] = { 1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
                                    1e12, 1e13, 1e14, 1e15 };
  const RamoScanNode *n;
  double value = 0;

  if (ramo_scan_type (scan, node) != RAMO_SCAN_NUMBER)
    return 0;
  n = ramo_scan_node (scan, node);
  if (n->end - n->start <= 17)
    {
      const char *p = scan->text + n->start, *end = scan->text + n->end;
      gboolean negative = *p == '-';
      guint64 digits = 0;
      guint n_digits = 0, n_decimals = 0;

      if (negative)
        p++;
      for (; p < end && *p >= '0' && *p <= '9'; p++, n_digits++)
        digits = digits * 10 + (guint64) (*p - '0');
      if (p < end && *p == '.')
        for (p++; p < end && *p >= '0' && *p <= '9'; p++, n_digits++, n_decimals++)
          digits = digits * 10 + (guint64) (*p - '0');
      if (p == end && n_digits <= 15)
        {
          value = (double) digits / powers[n_decimals];
          return negative ? -value : value;
        }
    }
  if (!ramo_scan_number (scan, node, &value) || isnan (value))
    return 0;
  return value;
}

/* The counts of the usage object @usage (the last of a name wins, as in JSON.parse()), in one
 * walk: @counts[U_*] their nodes, 0 when absent */
enum { U_INPUT, U_OUTPUT, U_CACHE_READ, U_CACHE_WRITE, U_COST, N_USAGE_KEYS };

static void
find_usage_members (RamoScan *scan,
                    guint     usage,
                    guint    *counts)
{
  memset (counts, 0, sizeof (guint) * N_USAGE_KEYS);
  for (guint i = ramo_scan_node (scan, usage)->first_child; i; i = ramo_scan_node (scan, i)->next)
    {
      const RamoScanNode *node = ramo_scan_node (scan, i);
      const char *name = scan->text + node->key_start + 1;
      guint *slot = NULL;

      if (node->key_escaped)
        {
          /* keys written with escapes: the slow way, which decodes them */
          counts[U_INPUT] = ramo_scan_member (scan, usage, "input");
          counts[U_OUTPUT] = ramo_scan_member (scan, usage, "output");
          counts[U_CACHE_READ] = ramo_scan_member (scan, usage, "cacheRead");
          counts[U_CACHE_WRITE] = ramo_scan_member (scan, usage, "cacheWrite");
          counts[U_COST] = ramo_scan_member (scan, usage, "cost");
          return;
        }
      /* the names differ in length: one comparison each */
      switch (node->key_end - node->key_start - 2)
        {
        case 4:
          slot = memcmp (name, "cost", 4) == 0 ? &counts[U_COST] : NULL;
          break;
        case 5:
          slot = memcmp (name, "input", 5) == 0 ? &counts[U_INPUT] : NULL;
          break;
        case 6:
          slot = memcmp (name, "output", 6) == 0 ? &counts[U_OUTPUT] : NULL;
          break;
        case 9:
          slot = memcmp (name, "cacheRead", 9) == 0 ? &counts[U_CACHE_READ] : NULL;
          break;
        case 10:
          slot = memcmp (name, "cacheWrite", 10) == 0 ? &counts[U_CACHE_WRITE] : NULL;
          break;
        default:
          break;
        }
      if (slot)
        *slot = i;
    }
}

/* Whether the content block @block has `type: "toolCall"`. */
static inline gboolean
is_tool_call (RamoScan *scan,
              guint     block)
{
  return _ramo_scan_block_kind (scan, block) == RAMO_CONTENT_TOOL_CALL;
}

/* Finds what the line in @scan (its entry object node 1, its members @top) adds. */
void
_ramo_line_figures_scan (RamoLineFigures      *figures,
                         const RamoEntry      *entry,
                         RamoScan             *scan,
                         const RamoTopMembers *top)
{
  guint usage = 0;

  memset (figures, 0, sizeof *figures);
  switch ((RamoEntryType) entry->type)
    {
    case RAMO_ENTRY_TYPE_USAGE:
    case RAMO_ENTRY_TYPE_BRANCH_SUMMARY:
    case RAMO_ENTRY_TYPE_COMPACTION:
      usage = ramo_scan_member (scan, 1, "usage");
      break;
    case RAMO_ENTRY_TYPE_UNKNOWN:
      /* oh-my-pi's calls outside the conversation */
      if (g_strcmp0 (ramo_entry_get_type_name (entry), "model_usage") == 0)
        usage = ramo_scan_member (scan, 1, "usage");
      break;
    case RAMO_ENTRY_TYPE_MESSAGE:
      if (entry->role != RAMO_MESSAGE_ROLE_ASSISTANT && entry->role != RAMO_MESSAGE_ROLE_TOOL_RESULT)
        return;
      usage = top->usage;
      /* pi 1.6.0 adds a tool result's own usage; oh-my-pi a `task` result's `details.usage` */
      if (entry->role == RAMO_MESSAGE_ROLE_TOOL_RESULT && ramo_scan_type (scan, usage) != RAMO_SCAN_OBJECT &&
          ramo_scan_string_equal (scan, top->tool_name, "task"))
        usage = ramo_scan_member (scan, top->details, "usage");
      break;
    case RAMO_ENTRY_TYPE_THINKING_LEVEL_CHANGE:
    case RAMO_ENTRY_TYPE_MODEL_CHANGE:
    case RAMO_ENTRY_TYPE_CUSTOM:
    case RAMO_ENTRY_TYPE_CUSTOM_MESSAGE:
    case RAMO_ENTRY_TYPE_LABEL:
    case RAMO_ENTRY_TYPE_SESSION_INFO:
    case RAMO_ENTRY_TYPE_CONTEXT_EDIT:
    default:
      return;
    }

  if (ramo_scan_type (scan, usage) == RAMO_SCAN_OBJECT)
    {
      guint counts[N_USAGE_KEYS];

      find_usage_members (scan, usage, counts);
      figures->input = usage_number (scan, counts[U_INPUT]);
      figures->output = usage_number (scan, counts[U_OUTPUT]);
      figures->cache_read = usage_number (scan, counts[U_CACHE_READ]);
      figures->cache_write = usage_number (scan, counts[U_CACHE_WRITE]);
      figures->cost = usage_number (scan, ramo_scan_member (scan, counts[U_COST], "total"));
      figures->has_usage = TRUE;
      figures->usage_entry = entry->type == RAMO_ENTRY_TYPE_USAGE;
    }
  if (entry->type != RAMO_ENTRY_TYPE_MESSAGE)
    return;
  if (entry->role == RAMO_MESSAGE_ROLE_ASSISTANT)
    {
      guint content = top->content;

      /* pi counts the content blocks whose `type` is "toolCall" */
      if (ramo_scan_type (scan, content) == RAMO_SCAN_ARRAY)
        for (guint i = ramo_scan_node (scan, content)->first_child; i; i = ramo_scan_node (scan, i)->next)
          if (is_tool_call (scan, i))
            figures->tool_calls++;
    }
  else
    figures->tool_error = ramo_scan_type (scan, top->is_error) == RAMO_SCAN_TRUE;
}

/* A time in milliseconds as JSON: null when there is none. */
static void
write_time (GString *out,
            double   ms)
{
  if (isnan (ms))
    g_string_append (out, "null");
  else
    ramo_json_write_number (out, ms);
}

/**
 * ramo_figures_write_json_members:
 * @out: where to append
 * @figures: figures
 *
 * Appends the members of @figures as JSON, for between an object's braces: `entries`,
 * `tokens` (`input`, `output`, `cacheRead`, `cacheWrite`, `total`), `cost`, `usages`,
 * `toolCalls`, `toolErrors`, `firstTime` and `lastTime` (milliseconds since the epoch, null
 * when no entry has a valid time) and `wallMs`, as `ramo-session stats --json` writes them.
 */
void
ramo_figures_write_json_members (GString           *out,
                                 const RamoFigures *figures)
{
  g_string_append_printf (out, "\"entries\":%u,\"tokens\":{\"input\":", figures->n_entries);
  ramo_json_write_number (out, figures->input);
  g_string_append (out, ",\"output\":");
  ramo_json_write_number (out, figures->output);
  g_string_append (out, ",\"cacheRead\":");
  ramo_json_write_number (out, figures->cache_read);
  g_string_append (out, ",\"cacheWrite\":");
  ramo_json_write_number (out, figures->cache_write);
  g_string_append (out, ",\"total\":");
  ramo_json_write_number (out, ramo_figures_get_tokens (figures));
  g_string_append (out, "},\"cost\":");
  ramo_json_write_number (out, figures->cost);
  g_string_append_printf (out, ",\"usages\":%u,\"toolCalls\":%u,\"toolErrors\":%u,\"firstTime\":",
                          figures->n_usages, figures->tool_calls, figures->tool_errors);
  write_time (out, figures->first_ms);
  g_string_append (out, ",\"lastTime\":");
  write_time (out, figures->last_ms);
  g_string_append (out, ",\"wallMs\":");
  ramo_json_write_number (out, ramo_figures_get_wall_ms (figures));
}


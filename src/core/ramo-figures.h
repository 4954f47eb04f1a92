/* ramo-figures.h — what a part of a session cost: tokens, cost, tool calls, wall time
 *
 * Copyright 2026 The Ramo authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/**
 * RamoFigures:
 * @input: input tokens
 * @output: output tokens
 * @cache_read: tokens read from the prompt cache
 * @cache_write: tokens written to the prompt cache
 * @cost: the cost the agent recorded (`cost.total`), in US dollars for pi's models
 * @n_entries: entries in the set
 * @n_usages: entries of the set that carried a usage
 * @tool_calls: `toolCall` blocks of the assistant messages of the set
 * @tool_errors: tool results of the set with `isError: true`
 * @first_ms: the earliest entry time of the set (milliseconds since the epoch), NaN when no
 *   entry of it has a valid time
 * @last_ms: the latest, NaN likewise
 *
 * The figures of a set of entries (a subtree, a path, a branch, the whole session), as
 * ramo_session_manager_get_figures() adds them up. Usage comes from assistant messages, tool
 * results that carry one (pi's `usage`; oh-my-pi's `task` results: `details.usage`), branch
 * summaries, compactions, pi 1.6.0's `usage` entries and oh-my-pi's `model_usage` entries;
 * a missing or non-numeric count is 0.
 */
typedef struct
{
  double input;
  double output;
  double cache_read;
  double cache_write;
  double cost;
  guint  n_entries;
  guint  n_usages;
  guint  tool_calls;
  guint  tool_errors;
  double first_ms;
  double last_ms;
} RamoFigures;

/**
 * RamoFiguresScope:
 * @RAMO_FIGURES_SUBTREE: an entry and every entry below it
 * @RAMO_FIGURES_PATH: the entries from the root down to an entry, both included
 * @RAMO_FIGURES_BRANCH: the branch an entry is on: from its fork (its nearest ancestor with
 *   more than one child, left out) down through the subtree of the fork's child on the way
 *   to the entry; without a fork, the whole tree of its root
 * @RAMO_FIGURES_SESSION: every entry line of the file, as pi 1.6.0's `get_session_stats`
 *   counts them (a line whose id a later line repeats included)
 *
 * Which entries ramo_session_manager_get_figures() adds up.
 */
typedef enum
{
  RAMO_FIGURES_SUBTREE,
  RAMO_FIGURES_PATH,
  RAMO_FIGURES_BRANCH,
  RAMO_FIGURES_SESSION,
} RamoFiguresScope;

void     ramo_figures_init        (RamoFigures       *figures);
void     ramo_figures_add         (RamoFigures       *figures,
                                   const RamoFigures *other);
double   ramo_figures_get_tokens  (const RamoFigures *figures);
double   ramo_figures_get_wall_ms (const RamoFigures *figures);
void     ramo_figures_write_json_members (GString           *out,
                                          const RamoFigures *figures);

G_END_DECLS

/* ramo-figures-text.h — a session's figures as the window writes them
 *
 * Copyright 2026 The Ramo authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "ramo-figures.h"

G_BEGIN_DECLS

/**
 * RamoBadge:
 * @RAMO_BADGE_NONE: no badge
 * @RAMO_BADGE_COST: the cost
 * @RAMO_BADGE_TOKENS: every token
 * @RAMO_BADGE_TIME: the wall time
 * @RAMO_BADGE_TOOL_CALLS: the tool calls
 *
 * Which figure the badge of a row that starts a branch shows (the `branch-badge` setting).
 */
typedef enum
{
  RAMO_BADGE_NONE,
  RAMO_BADGE_COST,
  RAMO_BADGE_TOKENS,
  RAMO_BADGE_TIME,
  RAMO_BADGE_TOOL_CALLS,
} RamoBadge;

RamoBadge ramo_badge_from_string          (const char        *nick);
char     *ramo_figures_dup_tokens_text    (double             tokens);
char     *ramo_figures_dup_cost_text      (double             cost);
char     *ramo_figures_dup_wall_text      (double             ms);
char     *ramo_figures_dup_badge_text     (const RamoFigures *figures,
                                           RamoBadge          badge);
char     *ramo_figures_dup_summary        (const RamoFigures *figures);

G_END_DECLS

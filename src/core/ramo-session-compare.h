/* ramo-session-compare.h
 *
 * Copyright 2026 The Ramo authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "ramo-entry-content.h"
#include "ramo-figures.h"
#include "ramo-session-manager.h"
#include "ramo-text-diff.h"

G_BEGIN_DECLS

#define RAMO_COMPARE_ERROR (ramo_compare_error_quark ())

/**
 * RamoCompareError:
 * @RAMO_COMPARE_ERROR_NO_COMMON_ANCESTOR: the two entries are in different trees of the
 *   session (under different roots): no entry is on both paths
 *
 * Error codes of the %RAMO_COMPARE_ERROR domain.
 */
typedef enum
{
  RAMO_COMPARE_ERROR_NO_COMMON_ANCESTOR = 1,
} RamoCompareError;

/**
 * RamoCompareKind:
 * @RAMO_COMPARE_SAME: both sides say the same (ramo_entry_content_equal())
 * @RAMO_COMPARE_CHANGED: an entry of the same kind on both sides, saying something else
 * @RAMO_COMPARE_ONLY_LEFT: an entry only the left path has
 * @RAMO_COMPARE_ONLY_RIGHT: an entry only the right path has
 *
 * How the two sides of one step of a comparison differ.
 */
typedef enum
{
  RAMO_COMPARE_SAME = 1,
  RAMO_COMPARE_CHANGED,
  RAMO_COMPARE_ONLY_LEFT,
  RAMO_COMPARE_ONLY_RIGHT,
} RamoCompareKind;

/**
 * RamoToolCallPair:
 * @kind: how the two calls differ
 * @left: (nullable): the left call (borrowed from the pair's left content)
 * @right: (nullable): the right call
 * @arguments_diff: (nullable) (element-type RamoDiffSpan): for a changed call, the diff of
 *   the arguments' JSON texts
 *
 * The calls at one position of two assistant messages.
 */
typedef struct
{
  RamoCompareKind  kind;
  RamoToolCall    *left;
  RamoToolCall    *right;
  GPtrArray       *arguments_diff;
} RamoToolCallPair;

/**
 * RamoComparePair:
 * @kind: how the sides differ
 * @left: (nullable): the left entry (borrowed from #RamoSessionCompare's left path)
 * @right: (nullable): the right entry
 * @text_diff: (nullable) (element-type RamoDiffSpan): for a changed pair, the diff of the
 *   two texts by words (ramo_text_diff())
 * @granularity: what @text_diff compared in the end (words, lines, or the whole texts)
 * @tool_calls: (nullable) (element-type RamoToolCallPair): for a changed pair, its tool calls
 *   side by side
 *
 * One step of a comparison: an entry of each side, or of one side only.
 */
typedef struct
{
  RamoCompareKind      kind;
  RamoEntryContent    *left;
  RamoEntryContent    *right;
  GPtrArray           *text_diff;
  RamoDiffGranularity  granularity;
  GPtrArray           *tool_calls;
} RamoComparePair;

/**
 * RamoSessionCompare:
 * @left_id: the left entry's id
 * @right_id: the right entry's id
 * @fork_id: the deepest entry on both paths (their common ancestor; one of the two when one
 *   path is the start of the other)
 * @n_shared: how many entries the two paths share (root to @fork_id)
 * @left_path: (element-type RamoEntryContent): the left path after the fork, down to @left_id
 * @right_path: (element-type RamoEntryContent): the right path after the fork
 * @pairs: (element-type RamoComparePair): the two paths after the fork, aligned
 * @left_figures: what the left path after the fork used (tokens, cost, tool calls, its first
 *   and last times: #RamoFigures over those entries)
 * @right_figures: the same for the right path
 *
 * Two paths of a session from their fork, side by side. Entries that say the same on both
 * sides are aligned first (a shortest edit script over the entries); between them, entries of
 * the same kind are paired as changed, the rest are on one side only.
 */
typedef struct
{
  char      *left_id;
  char      *right_id;
  char      *fork_id;
  guint      n_shared;
  GPtrArray *left_path;
  GPtrArray *right_path;
  GPtrArray *pairs;
  RamoFigures left_figures;
  RamoFigures right_figures;
} RamoSessionCompare;

GQuark              ramo_compare_error_quark      (void);
RamoSessionCompare *ramo_session_compare          (RamoSessionManager        *manager,
                                                   const char                *left_id,
                                                   const char                *right_id,
                                                   GError                   **error);
RamoSessionCompare *ramo_session_compare_read     (RamoSessionManager        *manager,
                                                   const char                *left_id,
                                                   const char                *right_id,
                                                   GError                   **error);
void                ramo_session_compare_align    (RamoSessionCompare        *compare);
guint               ramo_session_compare_count    (const RamoSessionCompare  *compare,
                                                   RamoCompareKind            kind);
const char         *ramo_compare_kind_to_string   (RamoCompareKind            kind);
void                ramo_session_compare_free     (RamoSessionCompare        *compare);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (RamoSessionCompare, ramo_session_compare_free)

G_END_DECLS

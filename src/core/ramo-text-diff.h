/* ramo-text-diff.h
 *
 * Copyright 2026 The Ramo authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/**
 * RamoDiffOp:
 * @RAMO_DIFF_EQUAL: text both sides have
 * @RAMO_DIFF_REMOVED: text only the left (old) side has
 * @RAMO_DIFF_ADDED: text only the right (new) side has
 *
 * What a run of a diff is.
 */
typedef enum
{
  RAMO_DIFF_EQUAL = 1,
  RAMO_DIFF_REMOVED,
  RAMO_DIFF_ADDED,
} RamoDiffOp;

/**
 * RamoDiffGranularity:
 * @RAMO_DIFF_WORDS: the runs are words, runs of white space and single other characters
 * @RAMO_DIFF_LINES: the runs are whole lines
 * @RAMO_DIFF_WHOLE: the two texts differ as a whole (one removed run, one added run)
 *
 * What ramo_text_diff() compared in the end: it falls back from words to lines, and from
 * lines to the whole texts, when the cheaper comparison would cost too much.
 */
typedef enum
{
  RAMO_DIFF_WORDS = 1,
  RAMO_DIFF_LINES,
  RAMO_DIFF_WHOLE,
} RamoDiffGranularity;

/**
 * RamoDiffSpan:
 * @op: what the run is
 * @text: the run's text (UTF-8)
 *
 * One run of a text diff: the left text is the %RAMO_DIFF_EQUAL and %RAMO_DIFF_REMOVED runs
 * in order, the right text the %RAMO_DIFF_EQUAL and %RAMO_DIFF_ADDED runs.
 */
typedef struct
{
  RamoDiffOp  op;
  char       *text;
} RamoDiffSpan;

/**
 * RamoDiffEdit:
 * @op: what the run is
 * @left: the run's first position in the left sequence
 * @right: the run's first position in the right sequence
 * @length: how many items it spans (of the left sequence for %RAMO_DIFF_EQUAL and
 *   %RAMO_DIFF_REMOVED, of the right one for %RAMO_DIFF_ADDED)
 *
 * One run of ramo_sequence_diff()'s edit script.
 */
typedef struct
{
  RamoDiffOp op;
  guint      left;
  guint      right;
  guint      length;
} RamoDiffEdit;

#define RAMO_DIFF_MAX_EDITS 512

guint      ramo_diff_number_of     (GHashTable           *numbers,
                                    gpointer              key);
gboolean   ramo_sequence_diff      (const guint          *left,
                                    guint                 n_left,
                                    const guint          *right,
                                    guint                 n_right,
                                    guint                 max_edits,
                                    GArray               *script);
GPtrArray *ramo_text_diff          (const char           *left,
                                    const char           *right,
                                    RamoDiffGranularity   granularity,
                                    RamoDiffGranularity  *used);
void       ramo_diff_span_free     (RamoDiffSpan         *span);

G_END_DECLS

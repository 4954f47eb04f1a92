/* ramo-session-problem.h
 *
 * Copyright 2026 The Ramo authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

/**
 * RamoProblemKind:
 * @RAMO_PROBLEM_LINE: a line that was skipped or read with a repair (its message says which)
 * @RAMO_PROBLEM_DUPLICATE_ID: a line repeats the id of an earlier line; the later line is the
 *   entry (pi's index keeps the last one)
 * @RAMO_PROBLEM_ORPHAN: an entry's `parentId` names no entry; it is shown as a root
 * @RAMO_PROBLEM_CYCLE: an entry's `parentId` closes a cycle (or names the entry itself); the
 *   cycle is cut there and the entry shown as a root
 * @RAMO_PROBLEM_LABEL_TARGET: a label entry's `targetId` names no entry (or is missing), so
 *   the label shows nowhere
 * @RAMO_PROBLEM_KEPT_OFF_PATH: a compaction's `firstKeptEntryId` is not on the path from the
 *   root to the compaction (or names no entry): pi keeps none of the messages before it
 * @RAMO_PROBLEM_HEADER: the session header is missing or broken (see
 *   ramo_session_manager_get_header_problem()); the file is open read-only
 *
 * What is wrong in a session file, as ramo_session_manager_dup_problems() lists it.
 */
typedef enum
{
  RAMO_PROBLEM_LINE,
  RAMO_PROBLEM_DUPLICATE_ID,
  RAMO_PROBLEM_ORPHAN,
  RAMO_PROBLEM_CYCLE,
  RAMO_PROBLEM_LABEL_TARGET,
  RAMO_PROBLEM_KEPT_OFF_PATH,
  RAMO_PROBLEM_HEADER,
} RamoProblemKind;

typedef struct _RamoProblem RamoProblem;

/**
 * RamoProblem:
 * @kind: what is wrong
 * @line: the 1-based line the problem is on
 * @entry_id: (nullable): the id of the entry to show for it in the tree: the entry on @line,
 *   or for %RAMO_PROBLEM_DUPLICATE_ID the later line's entry that holds the id; %NULL when the
 *   line is no entry
 * @related_id: (nullable): the id the problem is about: the repeated id, the `parentId`,
 *   `targetId` or `firstKeptEntryId` that names nothing or is off the path
 * @related_line: for %RAMO_PROBLEM_DUPLICATE_ID the line of the entry that holds the id (the
 *   later one); 0 otherwise
 * @message: (nullable): for %RAMO_PROBLEM_LINE and %RAMO_PROBLEM_HEADER, what loading said of the line (English, as
 *   ramo_session_manager_get_issues() gives it); %NULL for the other kinds
 *
 * One problem of a session file. Texts for people are made from these fields by whoever
 * shows them (the window translates them, `ramo-session check` prints them).
 */
struct _RamoProblem
{
  RamoProblemKind  kind;
  guint            line;
  char            *entry_id;
  char            *related_id;
  guint            related_line;
  char            *message;
};

#define RAMO_TYPE_PROBLEM (ramo_problem_get_type ())

GType        ramo_problem_get_type (void) G_GNUC_CONST;
RamoProblem *ramo_problem_copy     (const RamoProblem *problem);
void         ramo_problem_free     (RamoProblem       *problem);

const char  *ramo_problem_kind_to_string (RamoProblemKind kind);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (RamoProblem, ramo_problem_free)

G_END_DECLS

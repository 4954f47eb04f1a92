/* ramo-session-integrity.c
 *
 * Copyright 2026 The Ramo authors
 *
 * This program is free software: you can redistribute it and/or modify it under the terms of the
 * GNU General Public License as published by the Free Software Foundation, either version 3 of
 * the License, or (at your option) any later version.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ramo-session-integrity"

#include "config.h"

#include "ramo-session-manager-private.h"

/*
 * What is wrong in a session file, for a person to go through: the lines loading skipped or
 * repaired, and what the lines make of the tree: ids on more than one line, parents that are
 * not there, cycles, labels of nothing, compactions that keep entries off their own path.
 * Nothing here changes the session; the problems are read off the records as they are now, so
 * an entry that a later line gave its parent is no orphan any more.
 */

/* ------------------------------------------------------------------------------------------ */
/* What loading skipped or repaired, line by line */

void
_ramo_load_issue_free (gpointer data)
{
  RamoLoadIssue *issue = data;

  g_free (issue->message);
  g_free (issue);
}

static void
add_issue (RamoSessionManager *self,
           RamoProblemKind     kind,
           guint               line,
           const char         *format,
           va_list             args) G_GNUC_PRINTF (4, 0);

static void
add_issue (RamoSessionManager *self,
           RamoProblemKind     kind,
           guint               line,
           const char         *format,
           va_list             args)
{
  RamoLoadIssue *issue = g_new0 (RamoLoadIssue, 1);

  issue->line = line;
  issue->kind = kind;
  issue->message = g_strdup_vprintf (format, args);
  g_ptr_array_add (self->issues, issue);
}

/* Records what loading skipped or repaired on @line (1-based; see RamoLoadIssue). */
void
_ramo_session_manager_add_issue (RamoSessionManager *self,
                                 guint               line,
                                 const char         *format,
                                 ...)
{
  va_list args;

  va_start (args, format);
  add_issue (self, RAMO_PROBLEM_LINE, line, format, args);
  va_end (args);
}

/* Records a problem of the tree that @line makes (a duplicate id, a cycle cut) as a load
 * issue of that @kind. */
void
_ramo_session_manager_add_tree_issue (RamoSessionManager *self,
                                      RamoProblemKind     kind,
                                      guint               line,
                                      const char         *format,
                                      ...)
{
  va_list args;

  va_start (args, format);
  add_issue (self, kind, line, format, args);
  va_end (args);
}

/**
 * ramo_session_manager_get_issues:
 * @self: a session manager
 *
 * Returns: (transfer none) (element-type RamoLoadIssue): what loading skipped or repaired,
 *   in line order
 */
GPtrArray *
ramo_session_manager_get_issues (RamoSessionManager *self)
{
  g_return_val_if_fail (RAMO_IS_SESSION_MANAGER (self), NULL);
  return self->issues;
}

/* ------------------------------------------------------------------------------------------ */
/* The problems of the file: its lines and its tree */

G_DEFINE_BOXED_TYPE (RamoProblem, ramo_problem, ramo_problem_copy, ramo_problem_free)

/**
 * ramo_problem_copy:
 * @problem: a problem
 *
 * Returns: (transfer full): a copy of @problem
 */
RamoProblem *
ramo_problem_copy (const RamoProblem *problem)
{
  RamoProblem *copy = g_new (RamoProblem, 1);

  *copy = *problem;
  copy->entry_id = g_strdup (problem->entry_id);
  copy->related_id = g_strdup (problem->related_id);
  copy->message = g_strdup (problem->message);
  return copy;
}

/**
 * ramo_problem_free:
 * @problem: (transfer full): a problem
 *
 * Frees @problem and its texts.
 */
void
ramo_problem_free (RamoProblem *problem)
{
  g_free (problem->entry_id);
  g_free (problem->related_id);
  g_free (problem->message);
  g_free (problem);
}

/**
 * ramo_problem_kind_to_string:
 * @kind: a kind of problem
 *
 * The name of @kind in JSON output: `line`, `duplicate-id`, `orphan`, `cycle`,
 * `label-target`, `kept-off-path`, `header`.
 *
 * Returns: (transfer none): a static string
 */
const char *
ramo_problem_kind_to_string (RamoProblemKind kind)
{
  switch (kind)
    {
    case RAMO_PROBLEM_LINE:          return "line";
    case RAMO_PROBLEM_DUPLICATE_ID:  return "duplicate-id";
    case RAMO_PROBLEM_ORPHAN:        return "orphan";
    case RAMO_PROBLEM_CYCLE:         return "cycle";
    case RAMO_PROBLEM_LABEL_TARGET:  return "label-target";
    case RAMO_PROBLEM_KEPT_OFF_PATH: return "kept-off-path";
    case RAMO_PROBLEM_HEADER:        return "header";
    default:                         g_return_val_if_reached ("line");
    }
}

static RamoProblem *
add_problem (GPtrArray       *problems,
             RamoProblemKind  kind,
             const RamoEntry *entry,
             const char      *related_id)
{
  RamoProblem *problem = g_new0 (RamoProblem, 1);

  problem->kind = kind;
  problem->line = entry->line;
  problem->entry_id = g_strdup (entry->id);
  problem->related_id = g_strdup (related_id);
  g_ptr_array_add (problems, problem);
  return problem;
}

/* The entry on @line, by halving: the records are in file order. */
static RamoEntry *
entry_on_line (GPtrArray *entries,
               guint      line)
{
  guint low = 0, high = entries->len;

  while (low < high)
    {
      guint mid = low + (high - low) / 2;
      RamoEntry *entry = g_ptr_array_index (entries, mid);

      if (entry->line == line)
        return entry;
      if (entry->line < line)
        low = mid + 1;
      else
        high = mid;
    }
  return NULL;
}

/* Whether @ancestor is on the path above @entry: the entry as many levels up as it is deeper
 * (a compaction keeps entries just above it, so this is a short walk). */
static gboolean
is_ancestor (const RamoEntry *ancestor,
             const RamoEntry *entry)
{
  const RamoEntry *e = entry;

  if (ancestor->depth >= entry->depth)
    return FALSE;
  for (guint up = entry->depth - ancestor->depth; up > 0 && e; up--)
    e = e->parent;
  return e == ancestor;
}

static int
compare_problems (gconstpointer a,
                  gconstpointer b)
{
  const RamoProblem *pa = *(RamoProblem * const *) a;
  const RamoProblem *pb = *(RamoProblem * const *) b;

  if (pa->line != pb->line)
    return pa->line < pb->line ? -1 : 1;
  return (int) pa->kind - (int) pb->kind;
}

/* Finds the problems of the entries as they are now (see ramo_session_manager_dup_problems()),
 * kept until the entries change. */
void
_ramo_session_manager_find_problems (RamoSessionManager *self)
{
  GPtrArray *problems;

  if (self->problems)
    return;
  problems = g_ptr_array_new_with_free_func ((GDestroyNotify) ramo_problem_free);

  for (guint i = 0; i < self->issues->len; i++)
    {
      RamoLoadIssue *issue = g_ptr_array_index (self->issues, i);
      RamoEntry *entry;
      RamoProblem *problem;

      /* listed below, from the records */
      if (issue->kind != RAMO_PROBLEM_LINE)
        continue;
      entry = entry_on_line (self->entries, issue->line);
      problem = g_new0 (RamoProblem, 1);
      /* the header's own issue, at the line where it is missing or broken */
      problem->kind = self->header_problem != RAMO_SESSION_HEADER_OK && issue->line == self->header_problem_line
                      ? RAMO_PROBLEM_HEADER : RAMO_PROBLEM_LINE;
      problem->line = issue->line;
      problem->entry_id = entry && !(entry->flags & RAMO_ENTRY_FLAG_SHADOWED) ? g_strdup (entry->id) : NULL;
      problem->message = g_strdup (issue->message);
      g_ptr_array_add (problems, problem);
    }

  for (guint i = 0; i < self->entries->len; i++)
    {
      RamoEntry *entry = g_ptr_array_index (self->entries, i);

      if (entry->flags & RAMO_ENTRY_FLAG_SHADOWED)
        {
          RamoEntry *holder = _ramo_id_index_lookup (self->by_id, entry->id);

          add_problem (problems, RAMO_PROBLEM_DUPLICATE_ID, entry, entry->id)->related_line =
            holder ? holder->line : 0;
          continue;
        }

      /* its own parent: pi's getTree() makes it a root, but its getBranch() never ends there */
      if (entry->parent_id != NULL && strcmp (entry->parent_id, entry->id) == 0)
        add_problem (problems, RAMO_PROBLEM_CYCLE, entry, entry->parent_id);
      else if (entry->parent == NULL && entry->parent_id != NULL)
        {
          if (entry->flags & RAMO_ENTRY_FLAG_CYCLE_BROKEN)
            add_problem (problems, RAMO_PROBLEM_CYCLE, entry, entry->parent_id);
          else if (!_ramo_id_index_contains (self->by_id, entry->parent_id))
            add_problem (problems, RAMO_PROBLEM_ORPHAN, entry, entry->parent_id);
        }

      if (entry->type == RAMO_ENTRY_TYPE_LABEL &&
          (entry->target_id == NULL || !_ramo_id_index_contains (self->by_id, entry->target_id)))
        add_problem (problems, RAMO_PROBLEM_LABEL_TARGET, entry, entry->target_id);

      if (entry->type == RAMO_ENTRY_TYPE_COMPACTION && entry->first_kept_id != NULL)
        {
          RamoEntry *kept = _ramo_id_index_lookup (self->by_id, entry->first_kept_id);

          if (kept == NULL || !is_ancestor (kept, entry))
            add_problem (problems, RAMO_PROBLEM_KEPT_OFF_PATH, entry, entry->first_kept_id);
        }
    }

  g_ptr_array_sort (problems, compare_problems);
  self->problems = problems;
}

/**
 * ramo_session_manager_dup_problems:
 * @self: a session manager
 *
 * Lists what is wrong in the session's file, in line order (see #RamoProblemKind):
 * - every line loading skipped or repaired (ramo_session_manager_get_issues()), with the
 *   entry it became, if it became one; the header's problem, if it has one, as its own kind;
 * - each line whose id a later line repeats, pointing at the entry that holds the id (pi's
 *   index keeps the later line);
 * - each entry whose `parentId` names no entry, each at which a `parentId` cycle was cut, and
 *   each that is its own parent (all shown as roots; pi 1.6.0's `getBranch()` never ends on
 *   the last two);
 * - each label entry whose `targetId` names no entry;
 * - each compaction whose `firstKeptEntryId` is not an entry on its own path from the root:
 *   pi 1.6.0's `buildSessionContext()` then keeps no message from before the compaction.
 *
 * The list is of the session as it is loaded now: found while loading, and again after lines
 * are appended or read.
 *
 * Returns: (transfer full) (element-type RamoProblem): a reference to the list of problems,
 *   which stays as it is (never change it); empty when there is none
 */
GPtrArray *
ramo_session_manager_dup_problems (RamoSessionManager *self)
{
  g_return_val_if_fail (RAMO_IS_SESSION_MANAGER (self), NULL);

  _ramo_session_manager_find_problems (self);
  return g_ptr_array_ref (self->problems);
}

/* ramo-session-check-cmd.c — `ramo-session check`
 *
 * Copyright 2026 The Ramo authors
 *
 * This program is free software: you can redistribute it and/or modify it under the terms of the
 * GNU General Public License as published by the Free Software Foundation, either version 3 of
 * the License, or (at your option) any later version.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <stdio.h>
#include <string.h>

#include "ramo-json.h"
#include "ramo-session-cli.h"

/* One problem as a line of text: `FILE:LINE: what is wrong`. */
static void
print_problem (const char        *path,
               const RamoProblem *problem)
{
  /* the session's own ids: each problem stays one line */
  const char *id = problem->entry_id ? ramo_cli_field (problem->entry_id) : "?";
  const char *related = ramo_cli_field (problem->related_id);

  g_print ("%s:%u: ", ramo_cli_field (path), problem->line);
  switch (problem->kind)
    {
    case RAMO_PROBLEM_LINE:
    case RAMO_PROBLEM_HEADER:
      g_print ("%s\n", ramo_cli_field (problem->message));
      break;
    case RAMO_PROBLEM_DUPLICATE_ID:
      g_print ("the id %s is on line %u too, the entry that holds it; this line is not shown\n",
               related, problem->related_line);
      break;
    case RAMO_PROBLEM_ORPHAN:
      g_print ("entry %s: parentId %s names no entry; it is shown as a root\n", id, related);
      break;
    case RAMO_PROBLEM_CYCLE:
      g_print ("entry %s: parentId %s closes a cycle; it is shown as a root\n", id, related);
      break;
    case RAMO_PROBLEM_LABEL_TARGET:
      if (related)
        g_print ("label %s: targetId %s names no entry; the label shows nowhere\n", id, related);
      else
        g_print ("label %s: no targetId; the label shows nowhere\n", id);
      break;
    case RAMO_PROBLEM_KEPT_OFF_PATH:
      g_print ("compaction %s: firstKeptEntryId %s is not an entry on its path; "
               "no message from before it is kept\n", id, related);
      break;
    default:
      g_assert_not_reached ();
    }
}

static void
write_string_or_null (GString    *out,
                      const char *text)
{
  if (text)
    ramo_json_write_string (out, text);
  else
    g_string_append (out, "null");
}

/* {"problems":[{"kind","line","entryId","relatedId","relatedLine","message"}]} */
static void
write_problems_json (GPtrArray *problems)
{
  g_autoptr(GString) out = g_string_new ("{\"problems\":[");

  for (guint i = 0; i < problems->len; i++)
    {
      RamoProblem *problem = g_ptr_array_index (problems, i);

      if (i > 0)
        g_string_append_c (out, ',');
      g_string_append_printf (out, "{\"kind\":\"%s\",\"line\":%u,\"entryId\":",
                              ramo_problem_kind_to_string (problem->kind), problem->line);
      write_string_or_null (out, problem->entry_id);
      g_string_append (out, ",\"relatedId\":");
      write_string_or_null (out, problem->related_id);
      if (problem->related_line > 0)
        g_string_append_printf (out, ",\"relatedLine\":%u", problem->related_line);
      g_string_append (out, ",\"message\":");
      write_string_or_null (out, problem->message);
      g_string_append_c (out, '}');
    }
  g_string_append (out, "]}\n");
  fwrite (out->str, 1, out->len, stdout);
}

/* check FILE [--json]: what is wrong in the file (ramo_session_manager_dup_problems()), one
 * line each, or as JSON; exits with RAMO_CLI_EXIT_PROBLEMS when there is anything. */
int
ramo_cli_check (int    argc,
                char **argv)
{
  g_autoptr(RamoSessionManager) manager = NULL;
  g_autoptr(GPtrArray) problems = NULL;
  const char *path = NULL;
  gboolean json = FALSE;
  int status = RAMO_CLI_EXIT_OK;

  for (int i = 0; i < argc; i++)
    {
      if (strcmp (argv[i], "--json") == 0)
        json = TRUE;
      else if (path == NULL)
        path = argv[i];
      else
        return ramo_cli_fail_usage ("check: FILE [--json]");
    }
  if (path == NULL)
    return ramo_cli_fail_usage ("check: FILE [--json]");

  /* the problems are the output here, not a note on stderr */
  manager = ramo_cli_open_session_quietly (path, &status);
  if (manager == NULL)
    return status;

  problems = ramo_session_manager_dup_problems (manager);
  if (json)
    write_problems_json (problems);
  else if (problems->len == 0)
    g_print ("%s: no problems\n", ramo_cli_field (path));
  else
    for (guint i = 0; i < problems->len; i++)
      print_problem (path, g_ptr_array_index (problems, i));

  return problems->len > 0 ? RAMO_CLI_EXIT_PROBLEMS : RAMO_CLI_EXIT_OK;
}

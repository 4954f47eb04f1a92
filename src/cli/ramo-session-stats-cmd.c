/* ramo-session-stats-cmd.c — `ramo-session stats`
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

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "ramo-json.h"
#include "ramo-session-cli.h"

#define STATS_SYNOPSIS "stats: FILE [--by-branch] [--json]"

/* A wall time as people read it: 2h 05m 09s, 4m 03s, 12s. */
static char *
format_wall (double ms)
{
  guint64 s = (guint64) (ms / 1000);

  if (s >= 3600)
    return g_strdup_printf ("%" G_GUINT64_FORMAT "h %02um %02us", s / 3600, (guint) (s / 60 % 60), (guint) (s % 60));
  if (s >= 60)
    return g_strdup_printf ("%um %02us", (guint) (s / 60), (guint) (s % 60));
  return g_strdup_printf ("%us", (guint) s);
}

static void
print_figures (const RamoFigures *figures)
{
  g_autofree char *wall = format_wall (ramo_figures_get_wall_ms (figures));

  g_print ("entries: %u\n", figures->n_entries);
  g_print ("tokens: %.0f (%.0f in, %.0f out, %.0f cache read, %.0f cache write)\n",
           ramo_figures_get_tokens (figures), figures->input, figures->output,
           figures->cache_read, figures->cache_write);
  g_print ("cost: %.4f\n", figures->cost);
  g_print ("tool calls: %u (%u error%s)\n", figures->tool_calls, figures->tool_errors,
           figures->tool_errors == 1 ? "" : "s");
  g_print ("wall time: %s\n", wall);
}

/* stats FILE [--by-branch] [--json]: the session's figures (ramo_session_manager_get_figures()),
 * and with --by-branch those of every branch: its first entry, its fork, its figures. */
int
ramo_cli_stats (int    argc,
                char **argv)
{
  g_autoptr(RamoSessionManager) manager = NULL;
  g_autoptr(GPtrArray) starts = NULL;
  g_autoptr(GString) out = NULL;
  RamoFigures session;
  const char *path = NULL;
  gboolean json = FALSE, by_branch = FALSE;
  int status = RAMO_CLI_EXIT_OK;

  for (int i = 0; i < argc; i++)
    {
      if (strcmp (argv[i], "--json") == 0)
        json = TRUE;
      else if (strcmp (argv[i], "--by-branch") == 0)
        by_branch = TRUE;
      else if (path == NULL && argv[i][0] != '-')
        path = argv[i];
      else
        return ramo_cli_fail_usage (STATS_SYNOPSIS);
    }
  if (path == NULL)
    return ramo_cli_fail_usage (STATS_SYNOPSIS);

  manager = ramo_cli_open_session (path, &status);
  if (manager == NULL)
    return status;

  ramo_session_manager_get_figures (manager, RAMO_FIGURES_SESSION, NULL, &session);
  if (by_branch)
    starts = ramo_session_manager_dup_branch_starts (manager);

  if (!json)
    {
      print_figures (&session);
      for (guint i = 0; starts && i < starts->len; i++)
        {
          RamoEntry *start = g_ptr_array_index (starts, i);
          RamoFigures figures;
          g_autofree char *wall = NULL;

          ramo_session_manager_get_figures (manager, RAMO_FIGURES_BRANCH, start->id, &figures);
          wall = format_wall (ramo_figures_get_wall_ms (&figures));
          g_print ("branch %s from %s: %u entr%s, %.0f tokens, cost %.4f, %u tool call%s (%u error%s), %s\n",
                   ramo_cli_field (start->id), start->parent ? ramo_cli_field (start->parent->id) : "(root)",
                   figures.n_entries, figures.n_entries == 1 ? "y" : "ies", ramo_figures_get_tokens (&figures),
                   figures.cost, figures.tool_calls, figures.tool_calls == 1 ? "" : "s",
                   figures.tool_errors, figures.tool_errors == 1 ? "" : "s", wall);
        }
      return RAMO_CLI_EXIT_OK;
    }

  /* {"session":{…},"branches":[{"start","fork",…}]} */
  out = g_string_new ("{\"session\":{");
  ramo_figures_write_json_members (out, &session);
  g_string_append_c (out, '}');
  if (starts)
    {
      g_string_append (out, ",\"branches\":[");
      for (guint i = 0; i < starts->len; i++)
        {
          RamoEntry *start = g_ptr_array_index (starts, i);
          RamoFigures figures;

          ramo_session_manager_get_figures (manager, RAMO_FIGURES_BRANCH, start->id, &figures);
          if (i > 0)
            g_string_append_c (out, ',');
          g_string_append (out, "{\"start\":");
          ramo_json_write_string (out, start->id);
          g_string_append (out, ",\"fork\":");
          if (start->parent)
            ramo_json_write_string (out, start->parent->id);
          else
            g_string_append (out, "null");
          g_string_append_c (out, ',');
          ramo_figures_write_json_members (out, &figures);
          g_string_append_c (out, '}');
        }
      g_string_append_c (out, ']');
    }
  g_string_append (out, "}\n");
  fwrite (out->str, 1, out->len, stdout);
  return RAMO_CLI_EXIT_OK;
}

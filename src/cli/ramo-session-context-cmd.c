/* ramo-session-context-cmd.c — `ramo-session context`: what the model sees at the leaf or at an entry
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

#include <stdio.h>
#include <string.h>

#include "ramo-session-cli.h"
#include "ramo-session-context.h"

/* context FILE [--leaf ID|root] [--json]: what the model sees at the leaf or at ID */
int
ramo_cli_context (int    argc,
                  char **argv)
{
  g_autoptr(RamoSessionManager) manager = NULL;
  g_autoptr(RamoSessionContext) context = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *json_text = NULL;
  const char *path = NULL;
  const char *leaf = NULL;
  gboolean json = FALSE;
  int status = RAMO_CLI_EXIT_OK;

  for (int i = 0; i < argc; i++)
    {
      if (strcmp (argv[i], "--json") == 0)
        json = TRUE;
      else if (strcmp (argv[i], "--leaf") == 0 && i + 1 < argc)
        leaf = argv[++i];
      else if (g_str_has_prefix (argv[i], "--leaf="))
        leaf = argv[i] + strlen ("--leaf=");
      else if (argv[i][0] == '-' && argv[i][1] != '\0')
        return ramo_cli_fail_usage ("context: unknown option");
      else if (path == NULL)
        path = argv[i];
      else
        return ramo_cli_fail_usage ("context: too many arguments");
    }
  if (path == NULL)
    return ramo_cli_fail_usage ("context: FILE is missing");

  manager = ramo_cli_open_session (path, &status);
  if (manager == NULL)
    return status;

  if (leaf == NULL)
    context = ramo_session_manager_build_session_context (manager);
  else if (strcmp (leaf, "root") == 0)
    context = ramo_session_manager_build_context_at (manager, NULL);
  else
    {
      RamoEntry *entry = ramo_session_manager_get_entry (manager, leaf);

      if (entry == NULL)
        {
          g_printerr ("ramo-session: %s: no entry has the id %s\n", path, leaf);
          return RAMO_CLI_EXIT_NO_ENTRY;
        }
      context = ramo_session_manager_build_context_at (manager, entry);
    }

  if (json)
    {
      json_text = ramo_session_context_to_json (context, &error);
      if (json_text == NULL)
        return ramo_cli_exit_for_error (error);
      /* JSON goes out as it is: it escapes control characters itself */
      fputs (json_text, stdout);
      fputc ('\n', stdout);
      return RAMO_CLI_EXIT_OK;
    }

  {
    g_autofree char *level = ramo_session_context_dup_thinking_level (context);
    g_autofree char *model = ramo_session_context_dup_model (context);
    RamoEntry *leaf_entry = ramo_session_context_get_leaf (context);

    g_print ("leaf: %s\nmodel: %s\nthinking: %s\n\n",
             leaf_entry ? ramo_cli_field (leaf_entry->id) : "(none)", model ? ramo_cli_field (model) : "(none)",
             level ? ramo_cli_field (level) : "(unset)");
    for (guint i = 0; i < ramo_session_context_get_n_messages (context); i++)
      {
        RamoEntry *entry = ramo_session_context_get_entry (context, i);

        if (ramo_session_context_get_kind (context, i) == RAMO_CONTEXT_ITEM_COMPACTION_SUMMARY)
          g_print ("[compaction summary] %s\n", ramo_cli_field (entry->display));
        else
          g_print ("%s\n", ramo_cli_field (entry->display));
      }
  }
  return RAMO_CLI_EXIT_OK;
}


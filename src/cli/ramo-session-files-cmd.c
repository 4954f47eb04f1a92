/* ramo-session-files-cmd.c — `ramo-session files`
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
#include "ramo-tool-calls.h"

#define FILES_SYNOPSIS "files: FILE [--from ID] [--json]"

/* {"from":ID|null,"files":[{"path","read","write","edit","errors"}]} */
static void
write_files_json (const char *from,
                  GArray     *files)
{
  g_autoptr(GString) out = g_string_new ("{\"from\":");

  if (from)
    ramo_json_write_string (out, from);
  else
    g_string_append (out, "null");
  g_string_append (out, ",\"files\":[");
  for (guint i = 0; i < files->len; i++)
    {
      const RamoFileTouch *touch = &g_array_index (files, RamoFileTouch, i);

      if (i > 0)
        g_string_append_c (out, ',');
      g_string_append (out, "{\"path\":");
      ramo_json_write_string (out, touch->path);
      g_string_append_printf (out, ",\"read\":%u,\"write\":%u,\"edit\":%u,\"errors\":%u}",
                              touch->n_read, touch->n_write, touch->n_edit, touch->n_errors);
    }
  g_string_append (out, "]}\n");
  fwrite (out->str, 1, out->len, stdout);
}

/* files FILE [--from ID] [--json]: the files the session's tool calls read, wrote and edited
 * (those of the subtree under ID with --from), how many calls of each kind, and how many of
 * them failed. */
int
ramo_cli_files (int    argc,
                char **argv)
{
  g_autoptr(RamoSessionManager) manager = NULL;
  g_autoptr(GArray) files = NULL;
  g_autoptr(GError) error = NULL;
  const char *path = NULL;
  const char *from = NULL;
  gboolean json = FALSE;
  int status = RAMO_CLI_EXIT_OK;

  for (int i = 0; i < argc; i++)
    {
      if (strcmp (argv[i], "--json") == 0)
        json = TRUE;
      else if (strcmp (argv[i], "--from") == 0 && i + 1 < argc && from == NULL)
        from = argv[++i];
      else if (path == NULL && argv[i][0] != '-')
        path = argv[i];
      else
        return ramo_cli_fail_usage (FILES_SYNOPSIS);
    }
  if (path == NULL)
    return ramo_cli_fail_usage (FILES_SYNOPSIS);

  manager = ramo_cli_open_session (path, &status);
  if (manager == NULL)
    return status;

  files = ramo_session_manager_dup_files (manager, from ? RAMO_FILES_SUBTREE : RAMO_FILES_SESSION, from, &error);
  if (files == NULL)
    return ramo_cli_exit_for_error (error);

  if (json)
    write_files_json (from, files);
  else
    for (guint i = 0; i < files->len; i++)
      {
        const RamoFileTouch *touch = &g_array_index (files, RamoFileTouch, i);

        g_print ("%s\tread %u\twrite %u\tedit %u", ramo_cli_field (touch->path),
                 touch->n_read, touch->n_write, touch->n_edit);
        if (touch->n_errors > 0)
          g_print ("\tfailed %u", touch->n_errors);
        g_print ("\n");
      }
  return RAMO_CLI_EXIT_OK;
}

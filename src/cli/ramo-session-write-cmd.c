/* ramo-session-write-cmd.c — `ramo-session label`, `name`, `extract` and `migrate`: the commands
 * that write a session file (or a new one) through the session manager
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

#include "ramo-session-cli.h"

/* label FILE ID [TEXT]: appends a label change (no TEXT clears the label); prints its id */
int
ramo_cli_label (int    argc,
                char **argv)
{
  g_autoptr(RamoSessionManager) manager = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *id = NULL;
  int status = RAMO_CLI_EXIT_OK;

  manager = ramo_cli_open_arguments (argc, argv, 2, 3, "label: FILE ID [TEXT]", &status);
  if (manager == NULL)
    return status;

  if (argc == 3 && !g_utf8_validate (argv[2], -1, NULL))
    return ramo_cli_fail_usage ("label: TEXT is not valid UTF-8");
  id = ramo_session_manager_append_label_change (manager, argv[1], argc == 3 ? argv[2] : NULL, &error);
  if (id == NULL)
    return ramo_cli_exit_for_error (error);
  g_print ("%s\n", id);
  return RAMO_CLI_EXIT_OK;
}

/* name FILE [TEXT]: names the session (a session_info entry, or oh-my-pi's title slot and
 * title_change entry); no TEXT clears the name; prints the entry's id */
int
ramo_cli_name (int    argc,
               char **argv)
{
  g_autoptr(RamoSessionManager) manager = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *id = NULL;
  int status = RAMO_CLI_EXIT_OK;

  manager = ramo_cli_open_arguments (argc, argv, 1, 2, "name: FILE [TEXT]", &status);
  if (manager == NULL)
    return status;

  if (argc == 2 && !g_utf8_validate (argv[1], -1, NULL))
    return ramo_cli_fail_usage ("name: TEXT is not valid UTF-8");
  id = ramo_session_manager_append_session_info (manager, argc == 2 ? argv[1] : "", &error);
  if (id == NULL)
    return ramo_cli_exit_for_error (error);
  g_print ("%s\n", id);
  return RAMO_CLI_EXIT_OK;
}

static gboolean
has_assistant_message (RamoSessionManager *manager)
{
  for (guint i = 0; i < ramo_session_manager_get_n_entries (manager); i++)
    if (ramo_session_manager_get_entry_at (manager, i)->role == RAMO_MESSAGE_ROLE_ASSISTANT)
      return TRUE;
  return FALSE;
}

/* extract FILE ID: a new session file of the path root→ID; prints its path */
int
ramo_cli_extract (int    argc,
                  char **argv)
{
  g_autoptr(RamoSessionManager) manager = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *new_path = NULL;
  int status = RAMO_CLI_EXIT_OK;

  manager = ramo_cli_open_arguments (argc, argv, 2, 2, "extract: FILE ID", &status);
  if (manager == NULL)
    return status;

  if (!ramo_session_manager_create_branched_session (manager, argv[1], &new_path, &error))
    return ramo_cli_exit_for_error (error);
  if (ramo_session_manager_get_dialect (manager) == RAMO_DIALECT_PI && !has_assistant_message (manager))
    g_printerr ("note: %s has no assistant message yet: pi 1.6.0 and oh-my-pi resume it, but pi 0.73.1 "
                "would write all of its lines again at its first reply (pi report R20)\n", new_path);
  g_print ("%s\n", new_path);
  return RAMO_CLI_EXIT_OK;
}

/* migrate FILE: rewrites a version 1 or 2 file as version 3 */
int
ramo_cli_migrate (int    argc,
                  char **argv)
{
  g_autoptr(RamoSessionManager) manager = NULL;
  g_autoptr(GError) error = NULL;
  int status = RAMO_CLI_EXIT_OK;
  guint version;

  manager = ramo_cli_open_arguments (argc, argv, 1, 1, "migrate: FILE", &status);
  if (manager == NULL)
    return status;

  version = ramo_session_manager_get_file_version (manager);
  if (!ramo_session_manager_migrate (manager, &error))
    return ramo_cli_exit_for_error (error);
  if (version < RAMO_SESSION_VERSION)
    g_print ("%s: migrated from version %u to %u\n", argv[0], version, RAMO_SESSION_VERSION);
  else
    g_print ("%s: already version %u\n", argv[0], version);
  return RAMO_CLI_EXIT_OK;
}


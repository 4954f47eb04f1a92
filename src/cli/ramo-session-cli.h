/* ramo-session-cli.h — what the subcommands of `ramo-session` share
 *
 * Copyright 2026 The Ramo authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "ramo-session-manager.h"

G_BEGIN_DECLS

/* The exit statuses (the usage text in ramo-session.c explains them) */
enum {
  RAMO_CLI_EXIT_OK = 0,
  RAMO_CLI_EXIT_USAGE = 1,
  RAMO_CLI_EXIT_BAD_FILE = 2,
  RAMO_CLI_EXIT_NO_ENTRY = 3,
  RAMO_CLI_EXIT_NO_SUMMARY = 4,
  RAMO_CLI_EXIT_NOTHING_TO_DO = 5,
  RAMO_CLI_EXIT_AGENT_ERROR = 4,      /* `continue`: the agent reported an error */
  RAMO_CLI_EXIT_NO_AGENT = 6,         /* `continue`: the agent could not be started */
  RAMO_CLI_EXIT_PROBLEMS = 7,         /* `check`: the file has problems */
  RAMO_CLI_EXIT_NO_ANCESTOR = 8,      /* `compare`, `export`: the entries are under different roots */
  RAMO_CLI_EXIT_INTERRUPTED = 130,    /* `continue`: Ctrl+C aborted the agent's run */
};

/* ramo-session.c */
const char         *ramo_cli_field           (const char   *text);
int                 ramo_cli_fail_usage      (const char   *message);
int                 ramo_cli_exit_for_error  (const GError *error);
RamoSessionManager *ramo_cli_open_session    (const char   *path,
                                              int          *status);
RamoSessionManager *ramo_cli_open_session_quietly (const char *path,
                                              int          *status);
RamoSessionManager *ramo_cli_open_arguments  (int           argc,
                                              char        **argv,
                                              int           min_args,
                                              int           max_args,
                                              const char   *synopsis,
                                              int          *status);

/* Each subcommand takes the arguments after its name and returns the exit status. */

/* ramo-session-tree-cmd.c */
int                 ramo_cli_tree            (int           argc,
                                              char        **argv);
int                 ramo_cli_info            (int           argc,
                                              char        **argv);

/* ramo-session-check-cmd.c */
int                 ramo_cli_check           (int           argc,
                                              char        **argv);

/* ramo-session-stats-cmd.c */
int                 ramo_cli_stats           (int           argc,
                                              char        **argv);

/* ramo-session-compare-cmd.c */
int                 ramo_cli_compare         (int           argc,
                                              char        **argv);
int                 ramo_cli_export          (int           argc,
                                              char        **argv);

/* ramo-session-files-cmd.c */
int                 ramo_cli_files           (int           argc,
                                              char        **argv);

/* ramo-session-context-cmd.c */
int                 ramo_cli_context         (int           argc,
                                              char        **argv);

/* ramo-session-write-cmd.c */
int                 ramo_cli_label           (int           argc,
                                              char        **argv);
int                 ramo_cli_name            (int           argc,
                                              char        **argv);
int                 ramo_cli_extract         (int           argc,
                                              char        **argv);
int                 ramo_cli_migrate         (int           argc,
                                              char        **argv);

/* ramo-session-agent-cmd.c */
int                 ramo_cli_navigate        (int           argc,
                                              char        **argv);
int                 ramo_cli_compact         (int           argc,
                                              char        **argv);

/* ramo-session-continue-cmd.c */
int                 ramo_cli_continue        (int           argc,
                                              char        **argv);

G_END_DECLS

/* ramo-session.c — the headless command over Ramo's session core: the usage, the exit
 * statuses, opening a session, the escaping of what it prints, and the choice of subcommand
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

#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ramo-session-cli.h"

static const char usage[] =
  "Usage: ramo-session COMMAND FILE [ARGS…]\n"
  "\n"
  "Commands (each takes --dialect pi|omp: read the file by pi's or oh-my-pi's rules;\n"
  "without it, by the rules of the agent the file points to):\n"
  "  tree FILE [--json] [--filter MODE] [--rows]\n"
  "                                        the session tree (MODE: default, no-tools,\n"
  "                                        user-only, labeled-only, all); --rows: the rows\n"
  "                                        of the filter as JSON, as pi's /tree holds them\n"
  "  context FILE [--leaf ID|root] [--json]\n"
  "                                        what the model sees at the leaf (or at ID)\n"
  "  label FILE ID [TEXT]                  set the label of entry ID (no TEXT clears it)\n"
  "  name FILE [TEXT]                      name the session as its agent does; prints the\n"
  "                                        entry id (no TEXT clears the name; not for omp)\n"
  "  extract FILE ID                       new session file of the path root→ID; prints its path\n"
  "  info FILE                             header, name, counts by type, leaf\n"
  "  check FILE [--json]                   what is wrong in the file: lines not read as they\n"
  "                                        are, ids on several lines, missing parents,\n"
  "                                        cycles, labels of nothing, compactions keeping\n"
  "                                        entries off their path\n"
  "  stats FILE [--by-branch] [--json]     what the session cost: tokens (input, output,\n"
  "                                        cache read and write), cost, tool calls and\n"
  "                                        errors, wall time; --by-branch: each branch too\n"
  "                                        (its first entry, its fork, its figures)\n"
  "  compare FILE ID ID [--json]           the paths to two entries from their fork, side\n"
  "                                        by side: each step the same, changed (a word\n"
  "                                        diff, tool calls and their arguments), or on one\n"
  "                                        side only\n"
  "  export FILE --leaf ID --markdown [--compare ID]\n"
  "                                        the path root→ID as Markdown (with --compare, its\n"
  "                                        comparison with the path to the other entry)\n"
  "  files FILE [--from ID] [--json]       the files the tool calls read, wrote and edited,\n"
  "                                        with how many calls of each kind; --from ID:\n"
  "                                        those of the subtree under ID (ID included)\n"
  "  migrate FILE                          rewrite a version 1/2 file as version 3 (atomically)\n"
  "  navigate FILE ID [--summarize] [--instructions TEXT] [--replace-instructions]\n"
  "           [--summary TEXT] [--label TEXT] [MODEL OPTIONS] [--json]\n"
  "                                        move the leaf to ID as pi's /tree does; with\n"
  "                                        --summarize, write an LLM summary of the branch\n"
  "                                        left; --summary TEXT supplies it instead (as a\n"
  "                                        hook would). Prints the new leaf and the editor\n"
  "                                        text. A move without summary or label is not\n"
  "                                        written to the file (pi keeps it in memory too).\n"
  "  compact FILE ID [--instructions TEXT] [--summary TEXT] [MODEL OPTIONS] [--json]\n"
  "                                        summarize the active path before ID into a\n"
  "                                        compaction entry that keeps ID and what follows\n"
  "  continue FILE [--from ID|root] [--summarize | --instructions TEXT\n"
  "           [--replace-instructions]] [--label TEXT] [--model PROVIDER/ID] MESSAGE\n"
  "                                        the agent that owns FILE (pi, or omp for oh-my-pi\n"
  "                                        files) moves to ID by its rules (a user message\n"
  "                                        puts the leaf on its parent: MESSAGE becomes its\n"
  "                                        sibling; root: the file's first entry), summarizing\n"
  "                                        the branch left if asked, and answers MESSAGE; its\n"
  "                                        reply is printed as it streams. The agent writes\n"
  "                                        the file. It is found as RAMO_PI_COMMAND or\n"
  "                                        RAMO_OMP_COMMAND (a command line), else pi or omp\n"
  "                                        on PATH; it uses its own settings, models and keys.\n"
  "\n"
  "Model options: --provider openai|anthropic, --base-url URL, --model NAME,\n"
  "  --timeout SECONDS. Unset values come from OPENAI_API_KEY, OPENAI_BASE_URL,\n"
  "  ANTHROPIC_API_KEY and pi's ~/.pi/agent files; keys are never taken from the command line.\n"
  "\n"
  "Exit status: 0 success, 1 usage error, 2 unreadable or invalid file, 3 unknown entry id,\n"
  "4 the summary failed or was cancelled (Ctrl+C) and the file is unchanged, 5 nothing to\n"
  "compact before ID (the file is unchanged). For continue: 3 unknown entry id (nothing is\n"
  "started or written), 4 the agent reported an error (printed in its words), 6 the agent\n"
  "could not be started (not installed, the session's folder gone), 130 Ctrl+C aborted the\n"
  "agent's run (the agent writes what the abort leaves; a second Ctrl+C stops it). For\n"
  "check: 7 the file has problems (listed; 0 when it has none). For compare and export:\n"
  "8 the two entries are under different roots (no common ancestor).\n";

static GPtrArray *fields;

static void
free_fields (void)
{
  g_clear_pointer (&fields, g_ptr_array_unref);
}

/* @text (nullable) as one field of one line of output: a line feed, a tab or any other
 * character that would act is shown (ramo_text_dup_visible()), so that a text from a session
 * file, or typed on the command line, cannot start a line of its own. The copy, when one is
 * needed, lives until the program exits. */
const char *
ramo_cli_field (const char *text)
{
  char *shown;

  if (text == NULL || !ramo_text_needs_visible (text, -1, FALSE))
    return text;
  if (fields == NULL)
    {
      fields = g_ptr_array_new_with_free_func (g_free);
      atexit (free_fields);
    }
  shown = ramo_text_dup_visible (text, -1, FALSE);
  g_ptr_array_add (fields, shown);
  return shown;
}

/* Prints @message (nullable) and the usage on stderr; returns the exit status for it. */
int
ramo_cli_fail_usage (const char *message)
{
  if (message)
    g_printerr ("ramo-session: %s\n", message);
  g_printerr ("%s", usage);
  return RAMO_CLI_EXIT_USAGE;
}

/* Prints @error on stderr; returns the exit status for an error of opening or writing. */
int
ramo_cli_exit_for_error (const GError *error)
{
  g_printerr ("ramo-session: %s\n", ramo_cli_field (error->message));
  if (g_error_matches (error, RAMO_SESSION_ERROR, RAMO_SESSION_ERROR_NOT_FOUND))
    return RAMO_CLI_EXIT_NO_ENTRY;
  return RAMO_CLI_EXIT_BAD_FILE;
}

#define MAX_ISSUES_SHOWN 100

/* The rules every command reads by: `--dialect pi|omp`, else what the file points to. */
static gboolean    dialect_given;
static RamoDialect dialect_option;

/* Takes `--dialect NAME` (or `--dialect=NAME`) out of @argv, wherever it is after the
 * command, except as the value of an option that takes one. */
static gboolean
take_dialect_option (int    *argc,
                     char  **argv)
{
  static const char * const valued[] = {
    "--summary", "--label", "--instructions", "--leaf", "--filter", "--provider",
    "--base-url", "--model", "--timeout", "--from", "--compare",
  };
  int out = 2;

  for (int i = 2; i < *argc; i++)
    {
      const char *name = NULL;
      gboolean is_valued = FALSE;

      if (strcmp (argv[i], "--dialect") == 0)
        {
          if (i + 1 >= *argc)
            return FALSE;
          name = argv[++i];
        }
      else if (g_str_has_prefix (argv[i], "--dialect="))
        name = argv[i] + strlen ("--dialect=");

      if (name != NULL)
        {
          if (!ramo_dialect_from_string (name, &dialect_option))
            return FALSE;
          dialect_given = TRUE;
          continue;
        }

      for (guint k = 0; k < G_N_ELEMENTS (valued); k++)
        is_valued |= strcmp (argv[i], valued[k]) == 0;
      argv[out++] = argv[i];
      if (is_valued && i + 1 < *argc)
        argv[out++] = argv[++i];
    }
  *argc = out;
  argv[out] = NULL;
  return TRUE;
}

/* Opens the session at @path, read by the rules --dialect names. Returns NULL with the exit
 * status in @status when it cannot be read. */
RamoSessionManager *
ramo_cli_open_session_quietly (const char *path,
                               int        *status)
{
  g_autoptr(GError) error = NULL;
  RamoSessionManager *manager = ramo_session_manager_open (path, &error);

  if (manager == NULL)
    {
      *status = ramo_cli_exit_for_error (error);
      return NULL;
    }
  if (dialect_given)
    ramo_session_manager_set_dialect (manager, dialect_option);
  return manager;
}

/* Opens the session at @path and prints the problems of its lines on stderr. Returns NULL
 * with the exit status in @status when it cannot be read. */
RamoSessionManager *
ramo_cli_open_session (const char *path,
                       int        *status)
{
  RamoSessionManager *manager = ramo_cli_open_session_quietly (path, status);

  if (manager == NULL)
    return NULL;

  {
    GPtrArray *issues = ramo_session_manager_get_issues (manager);

    /* A broken file can have a problem on every one of millions of lines: the first ones tell
     * what is wrong, a count tells how much (a million lines on a terminal tell nothing). */
    for (guint i = 0; i < issues->len && i < MAX_ISSUES_SHOWN; i++)
      {
        RamoLoadIssue *issue = g_ptr_array_index (issues, i);
        g_printerr ("%s:%u: %s\n", ramo_cli_field (path), issue->line, ramo_cli_field (issue->message));
      }
    if (issues->len > MAX_ISSUES_SHOWN)
      g_printerr ("%s: … and %u more problems like these (%u in all; the lines that load are used)\n",
                  ramo_cli_field (path), issues->len - MAX_ISSUES_SHOWN, issues->len);
  }
  return manager;
}

/* Opens the session named by the first of the @argc arguments of a command that takes
 * @min_args to @max_args of them (FILE and what follows it). Returns NULL after a usage error
 * (with @synopsis) or when the file cannot be read, with the exit status in @status. */
RamoSessionManager *
ramo_cli_open_arguments (int          argc,
                         char       **argv,
                         int          min_args,
                         int          max_args,
                         const char  *synopsis,
                         int         *status)
{
  if (argc < min_args || argc > max_args)
    {
      *status = ramo_cli_fail_usage (synopsis);
      return NULL;
    }
  return ramo_cli_open_session (argv[0], status);
}

/* Text from a session file is never interpreted, not even by the terminal: human-readable output
 * shows control characters (escape sequences, bells, C1 controls) and bidirectional formatting
 * characters visibly (ramo_text_dup_visible()); the fields of one line (a tree row) were made
 * visible whole, line feeds too, before. JSON output is written directly and escapes them
 * itself. */
static void
write_sanitized (FILE       *stream,
                 const char *text)
{
  if (ramo_text_needs_visible (text, -1, TRUE))
    {
      g_autofree char *shown = ramo_text_dup_visible (text, -1, TRUE);

      fputs (shown, stream);
    }
  else
    fputs (text, stream);
  fflush (stream);
}

static void
print_stdout (const char *text)
{
  write_sanitized (stdout, text);
}

static void
print_stderr (const char *text)
{
  write_sanitized (stderr, text);
}

int
main (int    argc,
      char **argv)
{
  const char *command;

  setlocale (LC_ALL, "");
  g_set_print_handler (print_stdout);
  g_set_printerr_handler (print_stderr);

  /* texts that go into the session file must be UTF-8, or the file would not be */
  for (int i = 1; i + 1 < argc; i++)
    if ((strcmp (argv[i], "--summary") == 0 || strcmp (argv[i], "--label") == 0 ||
         strcmp (argv[i], "--instructions") == 0) && !g_utf8_validate (argv[i + 1], -1, NULL))
      return ramo_cli_fail_usage ("the text after --summary, --label or --instructions is not valid UTF-8");

  if (argc < 2)
    return ramo_cli_fail_usage (NULL);

  command = argv[1];
  if (!take_dialect_option (&argc, argv))
    return ramo_cli_fail_usage ("--dialect takes pi or omp");
  if (strcmp (command, "--help") == 0 || strcmp (command, "-h") == 0 || strcmp (command, "help") == 0)
    {
      g_print ("%s", usage);
      return RAMO_CLI_EXIT_OK;
    }
  if (strcmp (command, "tree") == 0)
    return ramo_cli_tree (argc - 2, argv + 2);
  if (strcmp (command, "context") == 0)
    return ramo_cli_context (argc - 2, argv + 2);
  if (strcmp (command, "label") == 0)
    return ramo_cli_label (argc - 2, argv + 2);
  if (strcmp (command, "name") == 0)
    return ramo_cli_name (argc - 2, argv + 2);
  if (strcmp (command, "extract") == 0)
    return ramo_cli_extract (argc - 2, argv + 2);
  if (strcmp (command, "info") == 0)
    return ramo_cli_info (argc - 2, argv + 2);
  if (strcmp (command, "check") == 0)
    return ramo_cli_check (argc - 2, argv + 2);
  if (strcmp (command, "stats") == 0)
    return ramo_cli_stats (argc - 2, argv + 2);
  if (strcmp (command, "compare") == 0)
    return ramo_cli_compare (argc - 2, argv + 2);
  if (strcmp (command, "export") == 0)
    return ramo_cli_export (argc - 2, argv + 2);
  if (strcmp (command, "files") == 0)
    return ramo_cli_files (argc - 2, argv + 2);
  if (strcmp (command, "migrate") == 0)
    return ramo_cli_migrate (argc - 2, argv + 2);
  if (strcmp (command, "navigate") == 0)
    return ramo_cli_navigate (argc - 2, argv + 2);
  if (strcmp (command, "compact") == 0)
    return ramo_cli_compact (argc - 2, argv + 2);
  if (strcmp (command, "continue") == 0)
    return ramo_cli_continue (argc - 2, argv + 2);

  return ramo_cli_fail_usage ("unknown command");
}


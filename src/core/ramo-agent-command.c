/* ramo-agent-command.c — finding the agent that owns a session, and the command lines Ramo
 * starts it with
 *
 * Copyright 2026 The Ramo authors
 *
 * This program is free software: you can redistribute it and/or modify it under the terms of the
 * GNU General Public License as published by the Free Software Foundation, either version 3 of
 * the License, or (at your option) any later version.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ramo-agent"

#include "config.h"

#include <string.h>

#include "ramo-agent-command.h"
#include "ramo-json.h"

/*
 * Which program is the agent is the user's business, never a session file's: a file names its
 * agent only through what its entries look like (the dialect), and the command comes from the
 * environment (`RAMO_PI_COMMAND`, `RAMO_OMP_COMMAND`, parsed as a shell would split it, no shell
 * run), else `pi` / `omp` on `PATH`, else the command the caller was configured with. Keys are
 * never put on a command line: the agent reads its own (its `auth.json`, its environment).
 *
 * Ramo's moves and labels go through the commands of its own extension, `ramo-extension.js`,
 * which the agent loads with `-e FILE`; each takes one JSON object as its argument.
 */

G_DEFINE_QUARK (ramo-agent-error-quark, ramo_agent_error)

#define EXTENSION_NAME "ramo-extension.js"

/**
 * ramo_agent_command_get_variable:
 * @dialect: the agent
 *
 * Returns: the environment variable whose command line overrides where @dialect's agent is
 *   looked for: `RAMO_PI_COMMAND` or `RAMO_OMP_COMMAND`
 */
const char *
ramo_agent_command_get_variable (RamoDialect dialect)
{
  return dialect == RAMO_DIALECT_OMP ? "RAMO_OMP_COMMAND" : "RAMO_PI_COMMAND";
}

/**
 * ramo_agent_command_get_setting:
 * @dialect: the agent
 *
 * Returns: the key of Ramo's GSettings schema (`io.github.ramo.Ramo`) that holds the command
 *   line the user set for @dialect's agent in Preferences: `pi-command` or `omp-command`
 */
const char *
ramo_agent_command_get_setting (RamoDialect dialect)
{
  return dialect == RAMO_DIALECT_OMP ? "omp-command" : "pi-command";
}

static const char *
program_name (RamoDialect dialect)
{
  return dialect == RAMO_DIALECT_OMP ? "omp" : "pi";
}

static const char *
install_hint (RamoDialect dialect)
{
  return dialect == RAMO_DIALECT_OMP
    ? "install oh-my-pi (bun install -g @oh-my-pi/pi-coding-agent)"
    : "install pi (npm install -g @earendil-works/pi-coding-agent)";
}

/* A command line from @origin (for messages) split into its words, its program found. */
static char **
parse_command_line (RamoDialect  dialect,
                    const char  *command_line,
                    const char  *origin,
                    GError     **error)
{
  g_auto(GStrv) argv = NULL;
  g_autoptr(GError) parse_error = NULL;
  g_autofree char *program = NULL;

  if (!g_shell_parse_argv (command_line, NULL, &argv, &parse_error))
    {
      g_set_error (error, RAMO_AGENT_ERROR, RAMO_AGENT_ERROR_NOT_FOUND,
                   "%s is not a command line (%s): %s", origin, command_line, parse_error->message);
      return NULL;
    }

  if (strchr (argv[0], '/') != NULL)
    {
      if (g_file_test (argv[0], G_FILE_TEST_IS_EXECUTABLE) &&
          !g_file_test (argv[0], G_FILE_TEST_IS_DIR))
        program = g_strdup (argv[0]);
    }
  else
    program = g_find_program_in_path (argv[0]);

  if (program == NULL)
    {
      g_set_error (error, RAMO_AGENT_ERROR, RAMO_AGENT_ERROR_NOT_FOUND,
                   "%s names a program that is not there: %s (the %s agent's command)",
                   origin, argv[0], program_name (dialect));
      return NULL;
    }
  g_free (argv[0]);
  /* absolute: the agent starts in the session's folder */
  argv[0] = g_canonicalize_filename (program, NULL);
  return g_steal_pointer (&argv);
}

/**
 * ramo_agent_command_find:
 * @dialect: the agent that owns the session
 * @configured: (nullable): the command line the user set (the preferences' command), or
 *   %NULL or "" for none
 * @error: return location for a %RAMO_AGENT_ERROR_NOT_FOUND error
 *
 * Finds the command that starts @dialect's agent, the most explicit choice first: the command
 * line in ramo_agent_command_get_variable() when it is set, else @configured, else `pi`
 * (pi 1.6.0) or `omp` (oh-my-pi) on `PATH`. Command lines are split with g_shell_parse_argv(),
 * so `'/opt/node 22/bin/node' /opt/pi/cli.js` works; no shell runs them. The program must
 * exist. The command never comes from a session file.
 *
 * Returns: (transfer full) (array zero-terminated=1): the command's words, the first an
 *   absolute path or one with a slash, or %NULL with @error set
 */
char **
ramo_agent_command_find (RamoDialect   dialect,
                         const char   *configured,
                         GError      **error)
{
  const char *variable = ramo_agent_command_get_variable (dialect);
  const char *value = g_getenv (variable);
  g_autofree char *on_path = NULL;

  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (value != NULL && *value != '\0')
    return parse_command_line (dialect, value, variable, error);

  if (configured != NULL && *configured != '\0')
    return parse_command_line (dialect, configured, "the command set in Preferences", error);

  on_path = g_find_program_in_path (program_name (dialect));
  if (on_path != NULL)
    {
      char **argv = g_new0 (char *, 2);

      argv[0] = g_canonicalize_filename (on_path, NULL);
      return argv;
    }

  g_set_error (error, RAMO_AGENT_ERROR, RAMO_AGENT_ERROR_NOT_FOUND,
               "%s is not installed: %s is not on PATH; %s, or set its command in Preferences or in %s",
               dialect == RAMO_DIALECT_OMP ? "oh-my-pi" : "pi", program_name (dialect),
               install_hint (dialect), variable);
  return NULL;
}

/**
 * ramo_agent_command_find_extension:
 * @error: return location for a %RAMO_AGENT_ERROR_NO_EXTENSION error
 *
 * Finds Ramo's extension for the agents: the file named by `RAMO_AGENT_EXTENSION` when it is
 * set, else the installed `$datadir/ramo/agent/ramo-extension.js`, else the one in the source
 * tree Ramo was built from (an uninstalled build and its tests).
 *
 * Returns: (transfer full): the extension's absolute path, or %NULL with @error set
 */
char *
ramo_agent_command_find_extension (GError **error)
{
  const char *variable = g_getenv ("RAMO_AGENT_EXTENSION");
  const char *candidates[] = {
    RAMO_DATADIR G_DIR_SEPARATOR_S "agent" G_DIR_SEPARATOR_S EXTENSION_NAME,
    RAMO_SOURCE_DATADIR G_DIR_SEPARATOR_S "agent" G_DIR_SEPARATOR_S EXTENSION_NAME,
  };

  if (variable != NULL && *variable != '\0')
    {
      if (!g_file_test (variable, G_FILE_TEST_IS_REGULAR))
        {
          g_set_error (error, RAMO_AGENT_ERROR, RAMO_AGENT_ERROR_NO_EXTENSION,
                       "RAMO_AGENT_EXTENSION names no file: %s", variable);
          return NULL;
        }
      return g_canonicalize_filename (variable, NULL);
    }

  for (guint i = 0; i < G_N_ELEMENTS (candidates); i++)
    if (g_file_test (candidates[i], G_FILE_TEST_IS_REGULAR))
      return g_canonicalize_filename (candidates[i], NULL);

  g_set_error (error, RAMO_AGENT_ERROR, RAMO_AGENT_ERROR_NO_EXTENSION,
               "Ramo's extension for the agents is not installed (%s)", candidates[0]);
  return NULL;
}

/* @command, then @session_path's option and @extension_path's, in @dialect's words */
static GPtrArray *
start_argv (RamoDialect         dialect,
            const char * const *command,
            const char         *session_path,
            const char         *extension_path)
{
  GPtrArray *argv = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; command[i] != NULL; i++)
    g_ptr_array_add (argv, g_strdup (command[i]));
  /* pi 1.6.0: `--session PATH` opens that file; oh-my-pi 18.2.3 documents `--resume PATH`
   * (its --help; `--session` is an alias of it, src/cli/flag-tables.ts) */
  g_ptr_array_add (argv, g_strdup (dialect == RAMO_DIALECT_OMP ? "--resume" : "--session"));
  g_ptr_array_add (argv, g_strdup (session_path));
  g_ptr_array_add (argv, g_strdup ("-e"));
  g_ptr_array_add (argv, g_strdup (extension_path));
  return argv;
}

static char **
finish_argv (GPtrArray *argv)
{
  g_ptr_array_add (argv, NULL);
  return (char **) g_ptr_array_free (argv, FALSE);
}

/**
 * ramo_agent_command_build_rpc:
 * @dialect: the agent
 * @command: (array zero-terminated=1): its command, from ramo_agent_command_find()
 * @session_path: the session file
 * @extension_path: Ramo's extension, from ramo_agent_command_find_extension()
 *
 * The command line that runs the agent in its RPC mode on @session_path with Ramo's extension:
 * `pi --mode rpc --session FILE -e EXT`.
 *
 * Returns: (transfer full) (array zero-terminated=1): the command line
 */
char **
ramo_agent_command_build_rpc (RamoDialect         dialect,
                              const char * const *command,
                              const char         *session_path,
                              const char         *extension_path)
{
  GPtrArray *argv;

  g_return_val_if_fail (command != NULL && command[0] != NULL, NULL);
  g_return_val_if_fail (session_path != NULL, NULL);
  g_return_val_if_fail (extension_path != NULL, NULL);

  argv = start_argv (dialect, command, session_path, extension_path);
  g_ptr_array_insert (argv, g_strv_length ((char **) command), g_strdup ("--mode"));
  g_ptr_array_insert (argv, g_strv_length ((char **) command) + 1, g_strdup ("rpc"));
  return finish_argv (argv);
}

/**
 * ramo_agent_command_build_terminal:
 * @dialect: the agent
 * @command: (array zero-terminated=1): its command, from ramo_agent_command_find()
 * @session_path: the session file
 * @extension_path: Ramo's extension, from ramo_agent_command_find_extension()
 * @target_id: (nullable): the entry to start at, or %NULL to start where the agent would
 * @options: (nullable): how to move there (summary, label)
 *
 * The command line that opens @session_path in the agent's own interface, for a terminal:
 * `pi --session FILE -e EXT '/ramo-navigate {…}'`. The move is the interface's first message,
 * which the agent runs as a command once its interface is up (pi 1.6.0 `InteractiveMode.run()`
 * submits the initial message with `session.prompt()`, which runs extension commands; oh-my-pi
 * 18.2.3 does the same): an
 * extension's event handler could not move the leaf (`navigateTree()` is only a command's),
 * and a command run this way is the agent's own `/tree` move, its editor given the text of a
 * user message moved to.
 *
 * Returns: (transfer full) (array zero-terminated=1): the command line
 */
char **
ramo_agent_command_build_terminal (RamoDialect            dialect,
                                   const char * const    *command,
                                   const char            *session_path,
                                   const char            *extension_path,
                                   const char            *target_id,
                                   const RamoTreeOptions *options)
{
  GPtrArray *argv;

  g_return_val_if_fail (command != NULL && command[0] != NULL, NULL);
  g_return_val_if_fail (session_path != NULL, NULL);
  g_return_val_if_fail (extension_path != NULL, NULL);

  argv = start_argv (dialect, command, session_path, extension_path);
  if (target_id != NULL)
    g_ptr_array_add (argv, ramo_agent_command_navigate_message (NULL, target_id, options));
  return finish_argv (argv);
}

static void
member_string (GString    *out,
               const char *name,
               const char *value)
{
  if (out->len > 1)
    g_string_append_c (out, ',');
  ramo_json_write_string (out, name);
  g_string_append_c (out, ':');
  ramo_json_write_string (out, value);
}

static void
member_true (GString    *out,
             const char *name)
{
  if (out->len > 1)
    g_string_append_c (out, ',');
  ramo_json_write_string (out, name);
  g_string_append (out, ":true");
}

/**
 * ramo_agent_command_navigate_message:
 * @request: (nullable): the id Ramo's extension answers with
 * @target_id: the entry to move to
 * @options: (nullable): pi's `navigateTree()` options
 *
 * The prompt that runs Ramo's move: `/ramo-navigate` and one JSON object (`request`, `target`,
 * `summarize`, `customInstructions`, `replaceInstructions`, `label`), on one line whatever
 * the texts hold.
 *
 * Returns: (transfer full): the prompt's text
 */
char *
ramo_agent_command_navigate_message (const char            *request,
                                     const char            *target_id,
                                     const RamoTreeOptions *options)
{
  g_autoptr(GString) json = g_string_new ("{");

  g_return_val_if_fail (target_id != NULL, NULL);

  if (request != NULL)
    member_string (json, "request", request);
  member_string (json, "target", target_id);
  if (options != NULL)
    {
      if (options->summarize)
        member_true (json, "summarize");
      if (options->custom_instructions != NULL)
        member_string (json, "customInstructions", options->custom_instructions);
      if (options->replace_instructions)
        member_true (json, "replaceInstructions");
      if (options->label != NULL && *options->label != '\0')
        member_string (json, "label", options->label);
    }
  g_string_append_c (json, '}');
  return g_strconcat ("/ramo-navigate ", json->str, NULL);
}

/**
 * ramo_agent_command_label_message:
 * @request: (nullable): the id Ramo's extension answers with
 * @target_id: the entry to label
 * @label: (nullable): the label, or %NULL (or "") to clear it
 *
 * The prompt that sets a label: `/ramo-label` and one JSON object (`request`, `target`,
 * `label`).
 *
 * Returns: (transfer full): the prompt's text
 */
char *
ramo_agent_command_label_message (const char *request,
                                  const char *target_id,
                                  const char *label)
{
  g_autoptr(GString) json = g_string_new ("{");

  g_return_val_if_fail (target_id != NULL, NULL);

  if (request != NULL)
    member_string (json, "request", request);
  member_string (json, "target", target_id);
  if (label != NULL && *label != '\0')
    member_string (json, "label", label);
  g_string_append_c (json, '}');
  return g_strconcat ("/ramo-label ", json->str, NULL);
}

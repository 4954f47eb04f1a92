/* ramo-session-continue-cmd.c — `ramo-session continue`: the agent that owns the session,
 * moved to an entry and given a message, its reply printed as it streams
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

#include <glib-unix.h>

#include "ramo-agent-process.h"
#include "ramo-session-cli.h"

/*
 * Ramo writes nothing here: the agent (pi 1.6.0 or oh-my-pi, by the file's dialect) is started
 * in its RPC mode on the file, moved by its own rules (Ramo's extension calls its navigateTree),
 * given the message, and stopped once it settled. What Ramo checks first, before anything is
 * started, is that the entry exists: an unknown id leaves the file as it was.
 */

static const char synopsis[] =
  "continue FILE [--from ID|root] [--summarize | --instructions TEXT [--replace-instructions]]\n"
  "         [--label TEXT] [--model PROVIDER/ID] MESSAGE";

typedef struct
{
  GMainLoop        *loop;
  RamoAgentProcess *agent;
  GCancellable     *cancellable;      /* Ctrl+C */
  int               status;
  guint             interrupts;
  gboolean          printed;
  gboolean          at_line_start;
  char             *last_agent_error;

  const char       *from_id;
  RamoTreeOptions  *options;
  char             *provider;
  char             *model_id;
  const char       *message;
} Continue;

static void
continue_clear (Continue *run)
{
  g_clear_pointer (&run->loop, g_main_loop_unref);
  g_clear_object (&run->agent);
  g_clear_object (&run->cancellable);
  g_clear_pointer (&run->options, ramo_tree_options_free);
  g_clear_pointer (&run->last_agent_error, g_free);
  g_clear_pointer (&run->provider, g_free);
  g_clear_pointer (&run->model_id, g_free);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Continue, continue_clear)

static int
exit_for_agent_error (const GError *error)
{
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return RAMO_CLI_EXIT_INTERRUPTED;
  if (error->domain == RAMO_AGENT_ERROR &&
      (error->code == RAMO_AGENT_ERROR_NOT_FOUND || error->code == RAMO_AGENT_ERROR_NO_FOLDER ||
       error->code == RAMO_AGENT_ERROR_NO_EXTENSION))
    return RAMO_CLI_EXIT_NO_AGENT;
  return RAMO_CLI_EXIT_AGENT_ERROR;
}

static void
stop_cb (GObject      *object,
         GAsyncResult *result,
         gpointer      user_data)
{
  Continue *run = user_data;

  ramo_agent_process_stop_finish (RAMO_AGENT_PROCESS (object), result, NULL);
  g_main_loop_quit (run->loop);
}

static void
finish (Continue     *run,
        const GError *error)
{
  if (run->printed && !run->at_line_start)
    g_print ("\n");

  if (error != NULL)
    {
      if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        g_printerr ("ramo-session: aborted\n");
      else if (g_strcmp0 (error->message, run->last_agent_error) != 0)
        g_printerr ("ramo-session: %s\n", error->message);
      /* after Ctrl+C the agent's end (aborted, or stopped by a second one) is the user's */
      run->status = run->interrupts > 0 ? RAMO_CLI_EXIT_INTERRUPTED : exit_for_agent_error (error);
    }
  ramo_agent_process_stop_async (run->agent, NULL, stop_cb, run);
}

static void
prompt_cb (GObject      *object,
           GAsyncResult *result,
           gpointer      user_data)
{
  Continue *run = user_data;
  g_autoptr(GError) error = NULL;

  ramo_agent_process_prompt_finish (RAMO_AGENT_PROCESS (object), result, NULL, &error);
  finish (run, error);
}

static void
send_message (Continue *run)
{
  if (g_cancellable_is_cancelled (run->cancellable))
    {
      g_autoptr(GError) error = g_error_new_literal (G_IO_ERROR, G_IO_ERROR_CANCELLED, "aborted");

      finish (run, error);
      return;
    }
  ramo_agent_process_prompt_async (run->agent, run->message, RAMO_AGENT_BUSY_REJECT,
                                   run->cancellable, prompt_cb, run);
}

static void
navigate_cb (GObject      *object,
             GAsyncResult *result,
             gpointer      user_data)
{
  Continue *run = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(RamoTreeResult) moved = ramo_agent_process_navigate_finish (RAMO_AGENT_PROCESS (object),
                                                                       result, &error);

  if (moved == NULL)
    {
      finish (run, error);
      return;
    }
  g_debug ("the agent's leaf moved from %s to %s", moved->old_leaf_id ?: "(root)",
           moved->new_leaf_id ?: "(root)");
  send_message (run);
}

static void
move (Continue *run)
{
  if (run->from_id == NULL)
    {
      send_message (run);
      return;
    }
  ramo_agent_process_navigate_async (run->agent, run->from_id, run->options, run->cancellable,
                                     navigate_cb, run);
}

static void
set_model_cb (GObject      *object,
              GAsyncResult *result,
              gpointer      user_data)
{
  Continue *run = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonObject) model = ramo_agent_process_set_model_finish (RAMO_AGENT_PROCESS (object),
                                                                    result, &error);

  if (model == NULL)
    {
      finish (run, error);
      return;
    }
  move (run);
}

static void
start_cb (GObject      *object,
          GAsyncResult *result,
          gpointer      user_data)
{
  Continue *run = user_data;
  g_autoptr(GError) error = NULL;

  if (!ramo_agent_process_start_finish (RAMO_AGENT_PROCESS (object), result, &error))
    {
      finish (run, error);
      return;
    }
  if (g_cancellable_is_cancelled (run->cancellable))
    {
      send_message (run);   /* reports the interruption */
      return;
    }
  if (run->provider != NULL)
    ramo_agent_process_set_model_async (run->agent, run->provider, run->model_id,
                                        run->cancellable, set_model_cb, run);
  else
    move (run);
}

static void
text_delta_cb (RamoAgentProcess *agent,
               guint             content_index,
               const char       *delta,
               Continue         *run)
{
  gsize length = strlen (delta);

  if (length == 0)
    return;
  g_print ("%s", delta);
  run->printed = TRUE;
  run->at_line_start = delta[length - 1] == '\n';
}

static void
message_start_cb (RamoAgentProcess *agent,
                  JsonObject       *message,
                  Continue         *run)
{
  /* the text of each assistant turn (between tool calls) on lines of its own */
  if (run->printed && !run->at_line_start &&
      g_strcmp0 (json_object_get_string_member_with_default (message, "role", ""), "assistant") == 0)
    {
      g_print ("\n");
      run->at_line_start = TRUE;
    }
}

static void
tool_start_cb (RamoAgentProcess *agent,
               const char       *call_id,
               const char       *tool_name,
               JsonNode         *args,
               Continue         *run)
{
  g_printerr ("ramo-session: %s runs its tool %s\n",
              ramo_agent_process_get_dialect (agent) == RAMO_DIALECT_OMP ? "oh-my-pi" : "pi",
              tool_name ? tool_name : "?");
}

static void
agent_error_cb (RamoAgentProcess *agent,
                const GError     *error,
                Continue         *run)
{
  g_printerr ("ramo-session: %s\n", error->message);
  g_free (run->last_agent_error);
  run->last_agent_error = g_strdup (error->message);
}

static gboolean
sigint_cb (gpointer user_data)
{
  Continue *run = user_data;

  if (run->interrupts++ == 0)
    {
      g_printerr ("ramo-session: interrupted; aborting the agent's run\n");
      g_cancellable_cancel (run->cancellable);
    }
  else
    {
      g_printerr ("ramo-session: interrupted again; stopping the agent\n");
      run->status = RAMO_CLI_EXIT_INTERRUPTED;
      ramo_agent_process_stop_async (run->agent, NULL, stop_cb, run);
    }
  return G_SOURCE_CONTINUE;
}

/* --model PROVIDER/ID: the provider is what comes before the first slash (model ids may hold
 * slashes of their own, as OpenRouter's do). */
static gboolean
parse_model (Continue   *run,
             const char *value)
{
  const char *slash = strchr (value, '/');

  if (slash == NULL || slash == value || slash[1] == '\0')
    return FALSE;
  run->provider = g_strndup (value, slash - value);
  run->model_id = g_strdup (slash + 1);
  return TRUE;
}

static gboolean
parse_arguments (Continue    *run,
                 int          argc,
                 char       **argv,
                 const char **usage_error)
{
  const char *instructions = NULL, *label = NULL;
  gboolean summarize = FALSE, replace = FALSE;

  for (int i = 1; i < argc; i++)
    {
      const char *arg = argv[i];
      const char *value = i + 1 < argc ? argv[i + 1] : NULL;

      if (strcmp (arg, "--summarize") == 0)
        summarize = TRUE;
      else if (strcmp (arg, "--replace-instructions") == 0)
        replace = TRUE;
      else if (strcmp (arg, "--from") == 0 || strcmp (arg, "--instructions") == 0 ||
               strcmp (arg, "--label") == 0 || strcmp (arg, "--model") == 0)
        {
          if (value == NULL)
            {
              *usage_error = "an option is missing its value";
              return FALSE;
            }
          i++;
          if (strcmp (arg, "--from") == 0)
            run->from_id = value;
          else if (strcmp (arg, "--instructions") == 0)
            instructions = value;
          else if (strcmp (arg, "--label") == 0)
            label = value;
          else if (!parse_model (run, value))
            {
              *usage_error = "--model takes PROVIDER/ID (as the agent's get_available_models lists them)";
              return FALSE;
            }
        }
      else if (strcmp (arg, "--") == 0 && i + 2 == argc && run->message == NULL)
        run->message = argv[++i];
      else if (g_str_has_prefix (arg, "--"))
        {
          *usage_error = "unknown option";
          return FALSE;
        }
      else if (run->message == NULL)
        run->message = arg;
      else
        {
          *usage_error = "one MESSAGE only (quote it)";
          return FALSE;
        }
    }

  if (run->message == NULL)
    {
      *usage_error = "MESSAGE is missing";
      return FALSE;
    }
  if (!g_utf8_validate (run->message, -1, NULL))
    {
      *usage_error = "MESSAGE is not valid UTF-8";
      return FALSE;
    }
  if (summarize && instructions != NULL)
    {
      *usage_error = "--summarize and --instructions are one choice (instructions summarize too)";
      return FALSE;
    }
  if ((summarize || instructions || replace || label) && run->from_id == NULL)
    {
      *usage_error = "--summarize, --instructions and --label go with --from";
      return FALSE;
    }
  if (replace && instructions == NULL)
    {
      *usage_error = "--replace-instructions needs --instructions";
      return FALSE;
    }

  run->options = ramo_tree_options_new ();
  run->options->summarize = summarize || instructions != NULL;
  run->options->custom_instructions = g_strdup (instructions);
  run->options->replace_instructions = replace;
  run->options->label = g_strdup (label);
  return TRUE;
}

/* The entry --from names, checked against the file before the agent is started: pi would
 * answer "Entry … not found" too, but only once running. `root` is the file's first entry:
 * the agent's /tree cannot go before it (a first user message puts the leaf before it, which
 * is the root itself; pi 1.6.0's files begin with the model and thinking level instead). */
static gboolean
resolve_from (Continue           *run,
              RamoSessionManager *manager,
              const char         *path,
              int                *status)
{
  if (run->from_id == NULL)
    return TRUE;

  if (ramo_session_manager_get_file_version (manager) < 3)
    {
      g_printerr ("ramo-session: %s is a version %u session: its agent gives it new ids as it "
                  "opens it; run `ramo-session migrate %s` first\n", path,
                  ramo_session_manager_get_file_version (manager), path);
      *status = RAMO_CLI_EXIT_BAD_FILE;
      return FALSE;
    }

  if (strcmp (run->from_id, "root") == 0)
    {
      GPtrArray *roots = ramo_session_manager_get_roots (manager);
      RamoEntry *first = roots->len > 0 ? g_ptr_array_index (roots, 0) : NULL;

      for (guint i = 1; i < roots->len; i++)
        {
          RamoEntry *root = g_ptr_array_index (roots, i);

          if (root->index < first->index)
            first = root;
        }
      if (first == NULL)
        {
          g_printerr ("ramo-session: %s has no entries to go back to\n", path);
          *status = RAMO_CLI_EXIT_NO_ENTRY;
          return FALSE;
        }
      run->from_id = first->id;
      return TRUE;
    }

  if (ramo_session_manager_get_entry (manager, run->from_id) == NULL)
    {
      g_printerr ("ramo-session: no entry %s in %s\n", run->from_id, path);
      *status = RAMO_CLI_EXIT_NO_ENTRY;
      return FALSE;
    }
  return TRUE;
}

/* The command set in Ramo's Preferences for @dialect's agent (GSettings `pi-command`,
 * `omp-command`), when Ramo's schema is installed; the window uses the same. */
static char *
dup_configured_command (RamoDialect dialect)
{
  GSettingsSchemaSource *source = g_settings_schema_source_get_default ();
  g_autoptr(GSettingsSchema) schema = source ? g_settings_schema_source_lookup (source, "io.github.ramo.Ramo", TRUE) : NULL;
  g_autoptr(GSettings) settings = NULL;
  const char *key = ramo_agent_command_get_setting (dialect);

  if (schema == NULL || !g_settings_schema_has_key (schema, key))
    return NULL;
  settings = g_settings_new_full (schema, NULL, NULL);
  return g_settings_get_string (settings, key);
}

int
ramo_cli_continue (int    argc,
                   char **argv)
{
  g_auto(Continue) run = { 0 };
  g_autoptr(RamoSessionManager) manager = NULL;
  const char *usage_error = NULL;
  const char *path;
  int status = RAMO_CLI_EXIT_OK;
  guint sigint_id;

  if (argc < 2)
    return ramo_cli_fail_usage (synopsis);
  if (!parse_arguments (&run, argc, argv, &usage_error))
    {
      g_autofree char *message = g_strdup_printf ("%s\n  %s", usage_error, synopsis);

      return ramo_cli_fail_usage (message);
    }

  path = argv[0];
  manager = ramo_cli_open_session (path, &status);
  if (manager == NULL)
    return status;
  if (!resolve_from (&run, manager, path, &status))
    return status;

  run.loop = g_main_loop_new (NULL, FALSE);
  run.cancellable = g_cancellable_new ();
  run.at_line_start = TRUE;
  run.agent = ramo_agent_process_new (ramo_session_manager_get_dialect (manager), path,
                                      ramo_session_manager_get_cwd (manager));
  {
    g_autofree char *configured = dup_configured_command (ramo_session_manager_get_dialect (manager));

    ramo_agent_process_set_configured_command (run.agent, configured);
  }
  g_signal_connect (run.agent, "text-delta", G_CALLBACK (text_delta_cb), &run);
  g_signal_connect (run.agent, "message-start", G_CALLBACK (message_start_cb), &run);
  g_signal_connect (run.agent, "tool-start", G_CALLBACK (tool_start_cb), &run);
  g_signal_connect (run.agent, "agent-error", G_CALLBACK (agent_error_cb), &run);

  sigint_id = g_unix_signal_add (SIGINT, sigint_cb, &run);
  ramo_agent_process_start_async (run.agent, NULL, start_cb, &run);
  g_main_loop_run (run.loop);
  g_source_remove (sigint_id);

  return run.status;
}

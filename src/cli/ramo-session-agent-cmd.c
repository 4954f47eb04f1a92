/* ramo-session-agent-cmd.c — `ramo-session navigate` and `compact`: the operations of
 * RamoAgentSession, with a summary from the model or from the command line
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

#include "ramo-agent-session.h"
#include "ramo-hook.h"
#include "ramo-json.h"
#include "ramo-session-cli.h"

/* An operation's wait: the main loop runs until the operation's callback, and Ctrl+C cancels
 * the operation meanwhile. */
typedef struct
{
  GMainLoop    *loop;
  GAsyncResult *result;
  GCancellable *cancellable;
} Waiter;

static void
waiter_clear (Waiter *waiter)
{
  g_clear_pointer (&waiter->loop, g_main_loop_unref);
  g_clear_object (&waiter->result);
  g_clear_object (&waiter->cancellable);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Waiter, waiter_clear)

static void
waiter_done_cb (GObject      *object,
                GAsyncResult *result,
                gpointer      user_data)
{
  Waiter *waiter = user_data;

  waiter->result = g_object_ref (result);
  g_main_loop_quit (waiter->loop);
}

static gboolean
sigint_cb (gpointer user_data)
{
  g_printerr ("ramo-session: interrupted; cancelling\n");
  g_cancellable_cancel (G_CANCELLABLE (user_data));
  return G_SOURCE_CONTINUE;
}

static int
exit_for_operation_error (const GError *error)
{
  g_printerr ("ramo-session: %s\n", error->message);
  if (error->domain == RAMO_SUMMARIZER_ERROR || error->domain == RAMO_HOOK_ERROR ||
      g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return RAMO_CLI_EXIT_NO_SUMMARY;
  if (g_error_matches (error, RAMO_SESSION_ERROR, RAMO_SESSION_ERROR_NOT_FOUND))
    return RAMO_CLI_EXIT_NO_ENTRY;
  return RAMO_CLI_EXIT_BAD_FILE;
}

/* The model options shared by navigate and compact; returns FALSE on a usage error. */
static gboolean
parse_model_option (int                   argc,
                    char                **argv,
                    int                  *i,
                    RamoSummarizerConfig *config,
                    const char          **usage_error)
{
  const char *arg = argv[*i];
  const char *value = *i + 1 < argc ? argv[*i + 1] : NULL;

  if (strcmp (arg, "--provider") == 0 || strcmp (arg, "--base-url") == 0 ||
      strcmp (arg, "--model") == 0 || strcmp (arg, "--timeout") == 0)
    {
      if (value == NULL)
        {
          *usage_error = "a model option is missing its value";
          return FALSE;
        }
      (*i)++;
    }
  else
    return FALSE;

  if (strcmp (arg, "--provider") == 0)
    {
      if (strcmp (value, "openai") != 0 && strcmp (value, "anthropic") != 0)
        {
          *usage_error = "--provider must be openai or anthropic";
          return FALSE;
        }
      ramo_summarizer_config_set_provider (config, value);
    }
  else if (strcmp (arg, "--base-url") == 0)
    ramo_summarizer_config_set_base_url (config, value);
  else if (strcmp (arg, "--model") == 0)
    ramo_summarizer_config_set_model (config, value);
  else
    {
      char *end = NULL;
      double seconds = g_ascii_strtod (value, &end);

      if (end == value || *end != '\0' || !(seconds > 0))
        {
          *usage_error = "--timeout needs a positive number of seconds";
          return FALSE;
        }
      ramo_summarizer_config_set_timeout (config, seconds);
    }
  return TRUE;
}

static void
supply_tree_summary_cb (RamoAgentSession    *session,
                        RamoTreePreparation *preparation,
                        gpointer             user_data)
{
  ramo_tree_preparation_set_summary (preparation, user_data, NULL);
}

static void
supply_compaction_summary_cb (RamoAgentSession          *session,
                              RamoCompactionPreparation *preparation,
                              gpointer                   user_data)
{
  ramo_compaction_preparation_set_summary (preparation, user_data, NULL);
}

static void
json_member_string (GString    *out,
                    const char *name,
                    const char *value)
{
  if (out->len > 1)
    g_string_append_c (out, ',');
  ramo_json_write_string (out, name);
  g_string_append_c (out, ':');
  if (value)
    ramo_json_write_string (out, value);
  else
    g_string_append (out, "null");
}

static GAsyncResult *
wait_for (Waiter *waiter)
{
  guint sigint_id = g_unix_signal_add (SIGINT, sigint_cb, waiter->cancellable);

  g_main_loop_run (waiter->loop);
  g_source_remove (sigint_id);
  return waiter->result;
}

/* The command line of `navigate` and `compact`: FILE ID, --json, --instructions TEXT,
 * --summary TEXT, the model options, and for `navigate` also --summarize,
 * --replace-instructions and --label TEXT (an option whose field is NULL is unknown). */
typedef struct
{
  const char  *name;
  char       **instructions;
  char       **label;
  gboolean    *summarize;
  gboolean    *replace_instructions;
  /* out */
  const char  *path;
  const char  *id;
  const char  *summary;
  gboolean     json;
} SummaryCommand;

/* Returns FALSE after a usage error, with the exit status in @status. */
static gboolean
parse_summary_command (SummaryCommand       *command,
                       int                   argc,
                       char                **argv,
                       RamoSummarizerConfig *config,
                       int                  *status)
{
  const char *usage_error = NULL;
  g_autofree char *message = NULL;

  for (int i = 0; i < argc; i++)
    {
      if (strcmp (argv[i], "--json") == 0)
        command->json = TRUE;
      else if (command->summarize && strcmp (argv[i], "--summarize") == 0)
        *command->summarize = TRUE;
      else if (command->replace_instructions && strcmp (argv[i], "--replace-instructions") == 0)
        *command->replace_instructions = TRUE;
      else if (strcmp (argv[i], "--instructions") == 0 && i + 1 < argc)
        {
          g_free (*command->instructions);
          *command->instructions = g_strdup (argv[++i]);
        }
      else if (command->label && strcmp (argv[i], "--label") == 0 && i + 1 < argc)
        {
          g_free (*command->label);
          *command->label = g_strdup (argv[++i]);
        }
      else if (strcmp (argv[i], "--summary") == 0 && i + 1 < argc)
        command->summary = argv[++i];
      else if (parse_model_option (argc, argv, &i, config, &usage_error))
        continue;
      else if (usage_error)
        {
          *status = ramo_cli_fail_usage (usage_error);
          return FALSE;
        }
      else if (argv[i][0] == '-' && argv[i][1] != '\0')
        {
          message = g_strdup_printf ("%s: unknown option", command->name);
          break;
        }
      else if (command->path == NULL)
        command->path = argv[i];
      else if (command->id == NULL)
        command->id = argv[i];
      else
        {
          message = g_strdup_printf ("%s: too many arguments", command->name);
          break;
        }
    }
  if (message == NULL && (command->path == NULL || command->id == NULL))
    message = g_strdup_printf ("%s: FILE ID", command->name);
  if (message == NULL && command->summary != NULL && *command->summary == '\0')
    message = g_strdup_printf ("%s: --summary needs a text", command->name);
  if (message != NULL)
    {
      *status = ramo_cli_fail_usage (message);
      return FALSE;
    }
  return TRUE;
}

/* Reads the command line of navigate or compact into @command, opens the session and makes
 * the agent session over it, with the model options. Returns NULL after an error, with the
 * exit status in @status. */
static RamoAgentSession *
open_agent_session (SummaryCommand  *command,
                    int              argc,
                    char           **argv,
                    int             *status)
{
  g_autoptr(RamoSummarizerConfig) config = ramo_summarizer_config_new ();
  g_autoptr(RamoSessionManager) manager = NULL;
  RamoAgentSession *session;

  if (!parse_summary_command (command, argc, argv, config, status))
    return NULL;

  manager = ramo_cli_open_session (command->path, status);
  if (manager == NULL)
    return NULL;

  session = ramo_agent_session_new (manager);
  ramo_agent_session_set_summarizer_config (session, config);
  return session;
}

/* navigate FILE ID …: moves the leaf as pi's /tree does, with a summary of the branch left
 * when asked for */
int
ramo_cli_navigate (int    argc,
                   char **argv)
{
  g_autoptr(RamoTreeOptions) options = ramo_tree_options_new ();
  g_autoptr(RamoAgentSession) session = NULL;
  g_autoptr(RamoTreeResult) result = NULL;
  g_auto(Waiter) waiter = { g_main_loop_new (NULL, FALSE), NULL, g_cancellable_new () };
  g_autoptr(GError) error = NULL;
  SummaryCommand command = { "navigate", &options->custom_instructions, &options->label,
                             &options->summarize, &options->replace_instructions };
  int status = RAMO_CLI_EXIT_OK;

  session = open_agent_session (&command, argc, argv, &status);
  if (session == NULL)
    return status;
  if (command.summary)
    {
      /* --summary plays the part of a hook that supplies the summary */
      options->summarize = TRUE;
      g_signal_connect (session, "before-tree", G_CALLBACK (supply_tree_summary_cb),
                        (gpointer) command.summary);
    }

  ramo_agent_session_navigate_tree_async (session, command.id, options, waiter.cancellable,
                                          waiter_done_cb, &waiter);
  result = ramo_agent_session_navigate_tree_finish (session, wait_for (&waiter), &error);
  if (result == NULL)
    return exit_for_operation_error (error);

  if (command.json)
    {
      g_autoptr(GString) out = g_string_new ("{");

      json_member_string (out, "leafId", result->new_leaf_id);
      json_member_string (out, "oldLeafId", result->old_leaf_id);
      json_member_string (out, "editorText", result->editor_text);
      json_member_string (out, "summaryEntryId", result->summary_entry_id);
      json_member_string (out, "labelEntryId", result->label_entry_id);
      g_string_append_printf (out, ",\"fromHook\":%s,\"changed\":%s}\n",
                              result->from_hook ? "true" : "false", result->changed ? "true" : "false");
      fwrite (out->str, 1, out->len, stdout);
      return RAMO_CLI_EXIT_OK;
    }

  g_print ("leaf: %s\n", result->new_leaf_id ? result->new_leaf_id : "(none)");
  if (!result->changed)
    g_print ("unchanged: %s is the leaf already\n", command.id);
  if (result->summary_entry_id)
    g_print ("summary: %s\n", result->summary_entry_id);
  if (result->label_entry_id)
    g_print ("label: %s\n", result->label_entry_id);
  if (result->editor_text)
    g_print ("editor: %s\n", result->editor_text);
  return RAMO_CLI_EXIT_OK;
}

/* compact FILE ID …: summarizes the active path before ID into a compaction entry */
int
ramo_cli_compact (int    argc,
                  char **argv)
{
  g_autoptr(RamoCompactOptions) options = ramo_compact_options_new ();
  g_autoptr(RamoAgentSession) session = NULL;
  g_autoptr(RamoCompactResult) result = NULL;
  g_auto(Waiter) waiter = { g_main_loop_new (NULL, FALSE), NULL, g_cancellable_new () };
  g_autoptr(GError) error = NULL;
  SummaryCommand command = { "compact", &options->custom_instructions, NULL, NULL, NULL };
  int status = RAMO_CLI_EXIT_OK;

  session = open_agent_session (&command, argc, argv, &status);
  if (session == NULL)
    return status;
  if (command.summary)
    g_signal_connect (session, "before-compact", G_CALLBACK (supply_compaction_summary_cb),
                      (gpointer) command.summary);

  ramo_agent_session_compact_async (session, command.id, options, waiter.cancellable,
                                    waiter_done_cb, &waiter);
  result = ramo_agent_session_compact_finish (session, wait_for (&waiter), &error);
  if (result == NULL)
    {
      if (g_error_matches (error, RAMO_SESSION_ERROR, RAMO_SESSION_ERROR_NOTHING_TO_DO))
        {
          g_printerr ("ramo-session: %s; the file is unchanged\n", error->message);
          return RAMO_CLI_EXIT_NOTHING_TO_DO;
        }
      if (g_error_matches (error, RAMO_SESSION_ERROR, RAMO_SESSION_ERROR_INVALID_ARGUMENT))
        {
          g_printerr ("ramo-session: %s\n", error->message);
          return RAMO_CLI_EXIT_USAGE;
        }
      return exit_for_operation_error (error);
    }

  if (command.json)
    {
      g_autoptr(GString) out = g_string_new ("{");

      json_member_string (out, "entryId", result->entry_id);
      json_member_string (out, "firstKeptEntryId", result->first_kept_entry_id);
      g_string_append_printf (out, ",\"tokensBefore\":%" G_GINT64_FORMAT ",\"fromHook\":%s}\n",
                              result->tokens_before, result->from_hook ? "true" : "false");
      fwrite (out->str, 1, out->len, stdout);
      return RAMO_CLI_EXIT_OK;
    }

  g_print ("compaction: %s\n", result->entry_id);
  g_print ("first kept: %s\n", result->first_kept_entry_id);
  g_print ("tokens before: %" G_GINT64_FORMAT "\n", result->tokens_before);
  return RAMO_CLI_EXIT_OK;
}


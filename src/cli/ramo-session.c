/* ramo-session.c — the headless command over Ramo's session core
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
#include <string.h>

#include <glib/gi18n.h>
#include <glib-unix.h>

#include "ramo-agent-session.h"
#include "ramo-hook.h"
#include "ramo-json.h"
#include "ramo-projection.h"
#include "ramo-session-context.h"
#include "ramo-session-manager.h"

enum {
  EXIT_OK = 0,
  EXIT_USAGE = 1,
  EXIT_BAD_FILE = 2,
  EXIT_NO_ENTRY = 3,
  EXIT_NO_SUMMARY = 4,
  EXIT_NOTHING_TO_DO = 5,
};

static const char usage[] =
  "Usage: ramo-session COMMAND FILE [ARGS…]\n"
  "\n"
  "Commands:\n"
  "  tree FILE [--json] [--filter MODE]   the session tree (MODE: default, no-tools,\n"
  "                                        user-only, labeled-only, all)\n"
  "  context FILE [--leaf ID|root] [--json]\n"
  "                                        what the model sees at the leaf (or at ID)\n"
  "  label FILE ID [TEXT]                  set the label of entry ID (no TEXT clears it)\n"
  "  extract FILE ID                       new session file of the path root→ID; prints its path\n"
  "  info FILE                             header, name, counts by type, leaf\n"
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
  "\n"
  "Model options: --provider openai|anthropic, --base-url URL, --model NAME,\n"
  "  --timeout SECONDS. Unset values come from OPENAI_API_KEY, OPENAI_BASE_URL,\n"
  "  ANTHROPIC_API_KEY and pi's ~/.pi/agent files; keys are never taken from the command line.\n"
  "\n"
  "Exit status: 0 success, 1 usage error, 2 unreadable or invalid file, 3 unknown entry id,\n"
  "4 the summary failed or was cancelled (Ctrl+C) and the file is unchanged, 5 nothing to\n"
  "compact before ID (the file is unchanged).\n";

static int
fail_usage (const char *message)
{
  if (message)
    g_printerr ("ramo-session: %s\n", message);
  g_printerr ("%s", usage);
  return EXIT_USAGE;
}

static int
exit_for_error (const GError *error)
{
  g_printerr ("ramo-session: %s\n", error->message);
  if (g_error_matches (error, RAMO_SESSION_ERROR, RAMO_SESSION_ERROR_NOT_FOUND))
    return EXIT_NO_ENTRY;
  return EXIT_BAD_FILE;
}

#define MAX_ISSUES_SHOWN 100

static RamoSessionManager *
open_session (const char *path,
              int        *status)
{
  g_autoptr(GError) error = NULL;
  RamoSessionManager *manager = ramo_session_manager_open (path, &error);

  if (manager == NULL)
    {
      *status = exit_for_error (error);
      return NULL;
    }

  {
    GPtrArray *issues = ramo_session_manager_get_issues (manager);

    /* A broken file can have a problem on every one of millions of lines: the first ones tell
     * what is wrong, a count tells how much (a million lines on a terminal tell nothing). */
    for (guint i = 0; i < issues->len && i < MAX_ISSUES_SHOWN; i++)
      {
        RamoLoadIssue *issue = g_ptr_array_index (issues, i);
        g_printerr ("%s:%u: %s\n", path, issue->line, issue->message);
      }
    if (issues->len > MAX_ISSUES_SHOWN)
      g_printerr ("%s: … and %u more problems like these (%u in all; the lines that load are used)\n",
                  path, issues->len - MAX_ISSUES_SHOWN, issues->len);
  }
  return manager;
}

static void
write_tree_json (RamoSessionManager *manager)
{
  g_autoptr(GString) out = g_string_new ("{\"version\":3,\"leafId\":");
  g_autoptr(GPtrArray) stack = g_ptr_array_new ();
  GPtrArray *roots = ramo_session_manager_get_roots (manager);
  const char *leaf_id = ramo_session_manager_get_leaf_id (manager);
  gboolean first = TRUE;

  if (leaf_id)
    ramo_json_write_string (out, leaf_id);
  else
    g_string_append (out, "null");
  g_string_append (out, ",\"entries\":[");

  for (guint i = roots->len; i > 0; i--)
    g_ptr_array_add (stack, g_ptr_array_index (roots, i - 1));

  while (stack->len > 0)
    {
      RamoEntry *entry = g_ptr_array_steal_index (stack, stack->len - 1);
      const char *label = ramo_session_manager_get_label (manager, entry->id);

      if (!first)
        g_string_append_c (out, ',');
      first = FALSE;

      g_string_append (out, "{\"id\":");
      ramo_json_write_string (out, entry->id);
      g_string_append (out, ",\"parentId\":");
      if (entry->parent_id)
        ramo_json_write_string (out, entry->parent_id);
      else
        g_string_append (out, "null");
      /* pi's JSON leaves out a missing type */
      if (entry->type_name)
        {
          g_string_append (out, ",\"type\":");
          ramo_json_write_string (out, entry->type_name);
        }
      g_string_append_printf (out, ",\"depth\":%u", entry->depth);
      if (entry->type == RAMO_ENTRY_TYPE_MESSAGE && entry->role_name)
        {
          g_string_append (out, ",\"role\":");
          ramo_json_write_string (out, entry->role_name);
        }
      if (label)
        {
          g_string_append (out, ",\"label\":");
          ramo_json_write_string (out, label);
        }
      g_string_append_c (out, '}');

      if (entry->children)
        for (guint i = entry->children->len; i > 0; i--)
          g_ptr_array_add (stack, g_ptr_array_index (entry->children, i - 1));
    }

  g_string_append (out, "]}\n");
  fwrite (out->str, 1, out->len, stdout);
}

static int
cmd_tree (int    argc,
          char **argv)
{
  g_autoptr(RamoSessionManager) manager = NULL;
  g_autoptr(RamoProjection) projection = NULL;
  const char *path = NULL;
  const char *filter = "default";
  gboolean json = FALSE;
  RamoFilterMode mode;
  int status = EXIT_OK;

  for (int i = 0; i < argc; i++)
    {
      if (strcmp (argv[i], "--json") == 0)
        json = TRUE;
      else if (strcmp (argv[i], "--filter") == 0 && i + 1 < argc)
        filter = argv[++i];
      else if (g_str_has_prefix (argv[i], "--filter="))
        filter = argv[i] + strlen ("--filter=");
      else if (argv[i][0] == '-' && argv[i][1] != '\0')
        return fail_usage ("tree: unknown option");
      else if (path == NULL)
        path = argv[i];
      else
        return fail_usage ("tree: too many arguments");
    }
  if (path == NULL)
    return fail_usage ("tree: FILE is missing");
  if (!ramo_filter_mode_from_string (filter, &mode))
    return fail_usage ("tree: unknown filter mode");

  manager = open_session (path, &status);
  if (manager == NULL)
    return status;

  if (json)
    {
      write_tree_json (manager);
      return EXIT_OK;
    }

  projection = ramo_projection_new (manager);
  ramo_projection_set_filter (projection, mode);
  {
    g_autofree char *text = ramo_projection_to_text (projection);
    g_print ("%s", text);
  }
  return EXIT_OK;
}

static int
cmd_context (int    argc,
             char **argv)
{
  g_autoptr(RamoSessionManager) manager = NULL;
  g_autoptr(RamoSessionContext) context = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *json_text = NULL;
  const char *path = NULL;
  const char *leaf = NULL;
  gboolean json = FALSE;
  int status = EXIT_OK;

  for (int i = 0; i < argc; i++)
    {
      if (strcmp (argv[i], "--json") == 0)
        json = TRUE;
      else if (strcmp (argv[i], "--leaf") == 0 && i + 1 < argc)
        leaf = argv[++i];
      else if (g_str_has_prefix (argv[i], "--leaf="))
        leaf = argv[i] + strlen ("--leaf=");
      else if (argv[i][0] == '-' && argv[i][1] != '\0')
        return fail_usage ("context: unknown option");
      else if (path == NULL)
        path = argv[i];
      else
        return fail_usage ("context: too many arguments");
    }
  if (path == NULL)
    return fail_usage ("context: FILE is missing");

  manager = open_session (path, &status);
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
          return EXIT_NO_ENTRY;
        }
      context = ramo_session_manager_build_context_at (manager, entry);
    }

  if (json)
    {
      json_text = ramo_session_context_to_json (context, &error);
      if (json_text == NULL)
        return exit_for_error (error);
      /* JSON goes out as it is: it escapes control characters itself */
      fputs (json_text, stdout);
      fputc ('\n', stdout);
      return EXIT_OK;
    }

  {
    g_autofree char *level = ramo_session_context_dup_thinking_level (context);
    g_autofree char *model = ramo_session_context_dup_model (context);
    RamoEntry *leaf_entry = ramo_session_context_get_leaf (context);

    g_print ("leaf: %s\nmodel: %s\nthinking: %s\n\n",
             leaf_entry ? leaf_entry->id : "(none)", model ? model : "(none)",
             level ? level : "(unset)");
    for (guint i = 0; i < ramo_session_context_get_n_messages (context); i++)
      {
        RamoEntry *entry = ramo_session_context_get_entry (context, i);

        if (ramo_session_context_get_kind (context, i) == RAMO_CONTEXT_ITEM_COMPACTION_SUMMARY)
          g_print ("[compaction summary] %s\n", entry->display);
        else
          g_print ("%s\n", entry->display);
      }
  }
  return EXIT_OK;
}

static int
cmd_label (int    argc,
           char **argv)
{
  g_autoptr(RamoSessionManager) manager = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *id = NULL;
  int status = EXIT_OK;

  if (argc < 2 || argc > 3)
    return fail_usage ("label: FILE ID [TEXT]");

  manager = open_session (argv[0], &status);
  if (manager == NULL)
    return status;

  if (argc == 3 && !g_utf8_validate (argv[2], -1, NULL))
    return fail_usage ("label: TEXT is not valid UTF-8");
  id = ramo_session_manager_append_label_change (manager, argv[1], argc == 3 ? argv[2] : NULL, &error);
  if (id == NULL)
    return exit_for_error (error);
  g_print ("%s\n", id);
  return EXIT_OK;
}

static int
cmd_extract (int    argc,
             char **argv)
{
  g_autoptr(RamoSessionManager) manager = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *new_path = NULL;
  int status = EXIT_OK;

  if (argc != 2)
    return fail_usage ("extract: FILE ID");

  manager = open_session (argv[0], &status);
  if (manager == NULL)
    return status;

  if (!ramo_session_manager_create_branched_session (manager, argv[1], &new_path, &error))
    return exit_for_error (error);
  g_print ("%s\n", new_path);
  return EXIT_OK;
}

static int
cmd_migrate (int    argc,
             char **argv)
{
  g_autoptr(RamoSessionManager) manager = NULL;
  g_autoptr(GError) error = NULL;
  int status = EXIT_OK;
  guint version;

  if (argc != 1)
    return fail_usage ("migrate: FILE");

  manager = open_session (argv[0], &status);
  if (manager == NULL)
    return status;

  version = ramo_session_manager_get_file_version (manager);
  if (!ramo_session_manager_migrate (manager, &error))
    return exit_for_error (error);
  if (version < RAMO_SESSION_VERSION)
    g_print ("%s: migrated from version %u to %u\n", argv[0], version, RAMO_SESSION_VERSION);
  else
    g_print ("%s: already version %u\n", argv[0], version);
  return EXIT_OK;
}

static int
cmd_info (int    argc,
          char **argv)
{
  g_autoptr(RamoSessionManager) manager = NULL;
  g_autoptr(RamoProjection) projection = NULL;
  g_autoptr(RamoSessionContext) context = NULL;
  g_autoptr(GHashTable) counts = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GList) keys = NULL;
  g_autofree char *name = NULL;
  guint n, roots, branch_points = 0;
  int status = EXIT_OK;
  g_autofree char *header_text = NULL;

  if (argc != 1)
    return fail_usage ("info: FILE");

  manager = open_session (argv[0], &status);
  if (manager == NULL)
    return status;

  /* The work the window does before its first frame: the default projection and the context. */
  projection = ramo_projection_new (manager);
  context = ramo_session_manager_build_session_context (manager);

  header_text = ramo_session_manager_dup_header_json (manager);
  name = ramo_session_manager_dup_session_name (manager);
  n = ramo_session_manager_get_n_entries (manager);
  roots = ramo_session_manager_get_roots (manager)->len;

  {
    /* counted by the records' own type and role strings first (few distinct pointers), then
     * merged by name: no string is made per entry */
    g_autoptr(GHashTable) by_type = g_hash_table_new (NULL, NULL);
    g_autoptr(GHashTable) by_role = g_hash_table_new (NULL, NULL);
    GHashTableIter iter;
    gpointer name_ptr, count;

    for (guint i = 0; i < n; i++)
      {
        RamoEntry *entry = ramo_session_manager_get_entry_at (manager, i);
        gboolean by_role_name = entry->type == RAMO_ENTRY_TYPE_MESSAGE && entry->role_name;
        GHashTable *table = by_role_name ? by_role : by_type;
        const char *key = by_role_name ? entry->role_name : entry->type_name ? entry->type_name : "(no type)";

        g_hash_table_insert (table, (char *) key,
                             GUINT_TO_POINTER (GPOINTER_TO_UINT (g_hash_table_lookup (table, key)) + 1));
        if (entry->children && entry->children->len > 1)
          branch_points++;
      }

    for (guint t = 0; t < 2; t++)
      {
        g_hash_table_iter_init (&iter, t == 0 ? by_type : by_role);
        while (g_hash_table_iter_next (&iter, &name_ptr, &count))
          {
            g_autofree char *role_key = t == 1 ? g_strconcat ("message/", (char *) name_ptr, NULL) : NULL;
            const char *key = role_key ? g_intern_string (role_key) : g_intern_string (name_ptr);

            g_hash_table_insert (counts, (char *) key,
                                 GUINT_TO_POINTER (GPOINTER_TO_UINT (g_hash_table_lookup (counts, key)) +
                                                   GPOINTER_TO_UINT (count)));
          }
      }
  }

  g_print ("file: %s\n", argv[0]);
  g_print ("header: %s\n", header_text);
  g_print ("version: %u%s\n", ramo_session_manager_get_file_version (manager),
           ramo_session_manager_needs_migration (manager) ? " (migrated to 3 in memory)" : "");
  g_print ("name: %s\n", name ? name : "(none)");
  g_print ("entries: %u\n", n);
  g_print ("roots: %u\n", roots);
  g_print ("branch points: %u\n", branch_points);
  g_print ("leaf: %s\n", ramo_session_manager_get_leaf_id (manager) ?: "(none)");
  g_print ("context messages: %u\n", ramo_session_context_get_n_messages (context));
  g_print ("visible rows (default filter): %u\n", ramo_projection_get_n_visible (projection));
  g_print ("issues: %u\n", ramo_session_manager_get_issues (manager)->len);

  keys = g_hash_table_get_keys (counts);
  keys = g_list_sort (keys, (GCompareFunc) strcmp);
  for (const GList *l = keys; l; l = l->next)
    g_print ("  %s: %u\n", (const char *) l->data,
             GPOINTER_TO_UINT (g_hash_table_lookup (counts, l->data)));

  return EXIT_OK;
}

/* ------------------------------------------------------------------------------------------ */
/* navigate and compact: the operations of RamoAgentSession                                    */

typedef struct
{
  GMainLoop    *loop;
  GAsyncResult *result;
} Waiter;

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
    return EXIT_NO_SUMMARY;
  if (g_error_matches (error, RAMO_SESSION_ERROR, RAMO_SESSION_ERROR_NOT_FOUND))
    return EXIT_NO_ENTRY;
  return EXIT_BAD_FILE;
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
wait_for (Waiter       *waiter,
          GCancellable *cancellable)
{
  guint sigint_id = g_unix_signal_add (SIGINT, sigint_cb, cancellable);

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
          *status = fail_usage (usage_error);
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
      *status = fail_usage (message);
      return FALSE;
    }
  return TRUE;
}

static int
cmd_navigate (int    argc,
              char **argv)
{
  g_autoptr(RamoSessionManager) manager = NULL;
  g_autoptr(RamoAgentSession) session = NULL;
  g_autoptr(RamoSummarizerConfig) config = ramo_summarizer_config_new ();
  g_autoptr(RamoTreeOptions) options = ramo_tree_options_new ();
  g_autoptr(RamoTreeResult) result = NULL;
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GMainLoop) loop = g_main_loop_new (NULL, FALSE);
  g_autoptr(GError) error = NULL;
  Waiter waiter = { loop, NULL };
  const char *path = NULL;
  const char *target = NULL;
  const char *summary = NULL;
  gboolean json = FALSE;
  int status = EXIT_OK;

  {
    SummaryCommand command = { "navigate", &options->custom_instructions, &options->label,
                               &options->summarize, &options->replace_instructions };

    if (!parse_summary_command (&command, argc, argv, config, &status))
      return status;
    path = command.path;
    target = command.id;
    summary = command.summary;
    json = command.json;
  }

  manager = open_session (path, &status);
  if (manager == NULL)
    return status;

  session = ramo_agent_session_new (manager);
  ramo_agent_session_set_summarizer_config (session, config);
  if (summary)
    {
      /* --summary plays the part of a hook that supplies the summary */
      options->summarize = TRUE;
      g_signal_connect (session, "before-tree", G_CALLBACK (supply_tree_summary_cb), (gpointer) summary);
    }

  ramo_agent_session_navigate_tree_async (session, target, options, cancellable, waiter_done_cb, &waiter);
  result = ramo_agent_session_navigate_tree_finish (session, wait_for (&waiter, cancellable), &error);
  g_clear_object (&waiter.result);
  if (result == NULL)
    return exit_for_operation_error (error);

  if (json)
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
      return EXIT_OK;
    }

  g_print ("leaf: %s\n", result->new_leaf_id ? result->new_leaf_id : "(none)");
  if (!result->changed)
    g_print ("unchanged: %s is the leaf already\n", target);
  if (result->summary_entry_id)
    g_print ("summary: %s\n", result->summary_entry_id);
  if (result->label_entry_id)
    g_print ("label: %s\n", result->label_entry_id);
  if (result->editor_text)
    g_print ("editor: %s\n", result->editor_text);
  return EXIT_OK;
}

static int
cmd_compact (int    argc,
             char **argv)
{
  g_autoptr(RamoSessionManager) manager = NULL;
  g_autoptr(RamoAgentSession) session = NULL;
  g_autoptr(RamoSummarizerConfig) config = ramo_summarizer_config_new ();
  g_autoptr(RamoCompactOptions) options = ramo_compact_options_new ();
  g_autoptr(RamoCompactResult) result = NULL;
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GMainLoop) loop = g_main_loop_new (NULL, FALSE);
  g_autoptr(GError) error = NULL;
  Waiter waiter = { loop, NULL };
  const char *path = NULL;
  const char *kept = NULL;
  const char *summary = NULL;
  gboolean json = FALSE;
  int status = EXIT_OK;

  {
    SummaryCommand command = { "compact", &options->custom_instructions, NULL, NULL, NULL };

    if (!parse_summary_command (&command, argc, argv, config, &status))
      return status;
    path = command.path;
    kept = command.id;
    summary = command.summary;
    json = command.json;
  }

  manager = open_session (path, &status);
  if (manager == NULL)
    return status;

  session = ramo_agent_session_new (manager);
  ramo_agent_session_set_summarizer_config (session, config);
  if (summary)
    g_signal_connect (session, "before-compact", G_CALLBACK (supply_compaction_summary_cb), (gpointer) summary);

  ramo_agent_session_compact_async (session, kept, options, cancellable, waiter_done_cb, &waiter);
  result = ramo_agent_session_compact_finish (session, wait_for (&waiter, cancellable), &error);
  g_clear_object (&waiter.result);
  if (result == NULL)
    {
      if (g_error_matches (error, RAMO_SESSION_ERROR, RAMO_SESSION_ERROR_NOTHING_TO_DO))
        {
          g_printerr ("ramo-session: %s; the file is unchanged\n", error->message);
          return EXIT_NOTHING_TO_DO;
        }
      if (g_error_matches (error, RAMO_SESSION_ERROR, RAMO_SESSION_ERROR_INVALID_ARGUMENT))
        {
          g_printerr ("ramo-session: %s\n", error->message);
          return EXIT_USAGE;
        }
      return exit_for_operation_error (error);
    }

  if (json)
    {
      g_autoptr(GString) out = g_string_new ("{");

      json_member_string (out, "entryId", result->entry_id);
      json_member_string (out, "firstKeptEntryId", result->first_kept_entry_id);
      g_string_append_printf (out, ",\"tokensBefore\":%" G_GINT64_FORMAT ",\"fromHook\":%s}\n",
                              result->tokens_before, result->from_hook ? "true" : "false");
      fwrite (out->str, 1, out->len, stdout);
      return EXIT_OK;
    }

  g_print ("compaction: %s\n", result->entry_id);
  g_print ("first kept: %s\n", result->first_kept_entry_id);
  g_print ("tokens before: %" G_GINT64_FORMAT "\n", result->tokens_before);
  return EXIT_OK;
}

/* Text from a session file is never interpreted, not even by the terminal: human-readable output
 * shows control characters (escape sequences, bells, C1 controls) as U+FFFD. JSON output is
 * written directly and escapes them itself. */
static void
write_sanitized (FILE       *stream,
                 const char *text)
{
  g_autoptr(GString) out = g_string_new (NULL);

  for (const char *p = text; *p; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char_validated (p, -1);

      if (c == (gunichar) -1 || c == (gunichar) -2)
        {
          g_string_append (out, "\xEF\xBF\xBD");
          continue;
        }
      if ((c < 0x20 && c != '\n' && c != '\t') || c == 0x7F || (c >= 0x80 && c <= 0x9F))
        g_string_append (out, "\xEF\xBF\xBD");
      else
        g_string_append_unichar (out, c);
    }
  fputs (out->str, stream);
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
      return fail_usage ("the text after --summary, --label or --instructions is not valid UTF-8");

  if (argc < 2)
    return fail_usage (NULL);

  command = argv[1];
  if (strcmp (command, "--help") == 0 || strcmp (command, "-h") == 0 || strcmp (command, "help") == 0)
    {
      g_print ("%s", usage);
      return EXIT_OK;
    }
  if (strcmp (command, "tree") == 0)
    return cmd_tree (argc - 2, argv + 2);
  if (strcmp (command, "context") == 0)
    return cmd_context (argc - 2, argv + 2);
  if (strcmp (command, "label") == 0)
    return cmd_label (argc - 2, argv + 2);
  if (strcmp (command, "extract") == 0)
    return cmd_extract (argc - 2, argv + 2);
  if (strcmp (command, "info") == 0)
    return cmd_info (argc - 2, argv + 2);
  if (strcmp (command, "migrate") == 0)
    return cmd_migrate (argc - 2, argv + 2);
  if (strcmp (command, "navigate") == 0)
    return cmd_navigate (argc - 2, argv + 2);
  if (strcmp (command, "compact") == 0)
    return cmd_compact (argc - 2, argv + 2);

  return fail_usage ("unknown command");
}

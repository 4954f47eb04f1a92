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

#include "ramo-json.h"
#include "ramo-projection.h"
#include "ramo-session-context.h"
#include "ramo-session-manager.h"

enum {
  EXIT_OK = 0,
  EXIT_USAGE = 1,
  EXIT_BAD_FILE = 2,
  EXIT_NO_ENTRY = 3,
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
  "\n"
  "Exit status: 0 success, 1 usage error, 2 unreadable or invalid file, 3 unknown entry id.\n";

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

    for (guint i = 0; i < issues->len; i++)
      {
        RamoLoadIssue *issue = g_ptr_array_index (issues, i);
        g_printerr ("%s:%u: %s\n", path, issue->line, issue->message);
      }
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
      g_string_append (out, ",\"type\":");
      ramo_json_write_string (out, entry->type_name);
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
    fputs (text, stdout);
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
      g_print ("%s\n", json_text);
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
  JsonObject *header;
  guint n, roots, branch_points = 0;
  int status = EXIT_OK;
  g_autoptr(GString) header_text = g_string_new (NULL);

  if (argc != 1)
    return fail_usage ("info: FILE");

  manager = open_session (argv[0], &status);
  if (manager == NULL)
    return status;

  /* The work the window does before its first frame: the default projection and the context. */
  projection = ramo_projection_new (manager);
  context = ramo_session_manager_build_session_context (manager);

  header = ramo_session_manager_get_header (manager);
  {
    g_autoptr(JsonNode) node = json_node_init_object (json_node_alloc (), header);
    ramo_json_write (header_text, node);
  }
  name = ramo_session_manager_get_session_name (manager);
  n = ramo_session_manager_get_n_entries (manager);
  roots = ramo_session_manager_get_roots (manager)->len;

  for (guint i = 0; i < n; i++)
    {
      RamoEntry *entry = ramo_session_manager_get_entry_at (manager, i);
      g_autofree char *role_key = entry->type == RAMO_ENTRY_TYPE_MESSAGE && entry->role_name
                                  ? g_strconcat ("message/", entry->role_name, NULL) : NULL;
      const char *key = role_key ? g_intern_string (role_key) : entry->type_name;

      g_hash_table_insert (counts, (char *) key,
                           GUINT_TO_POINTER (GPOINTER_TO_UINT (g_hash_table_lookup (counts, key)) + 1));
      if (entry->children && entry->children->len > 1)
        branch_points++;
    }

  g_print ("file: %s\n", argv[0]);
  g_print ("header: %s\n", header_text->str);
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

int
main (int    argc,
      char **argv)
{
  const char *command;

  setlocale (LC_ALL, "");

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

  return fail_usage ("unknown command");
}

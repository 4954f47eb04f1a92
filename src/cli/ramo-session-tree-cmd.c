/* ramo-session-tree-cmd.c — `ramo-session tree` and `ramo-session info`: the session's tree, as text or as
 * JSON, and what it holds
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

#include "ramo-json.h"
#include "ramo-projection.h"
#include "ramo-session-cli.h"
#include "ramo-session-context.h"

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
      if (ramo_entry_get_type_name (entry))
        {
          g_string_append (out, ",\"type\":");
          ramo_json_write_string (out, ramo_entry_get_type_name (entry));
        }
      g_string_append_printf (out, ",\"depth\":%u", entry->depth);
      if (entry->type == RAMO_ENTRY_TYPE_MESSAGE && ramo_entry_get_role_name (entry))
        {
          g_string_append (out, ",\"role\":");
          ramo_json_write_string (out, ramo_entry_get_role_name (entry));
        }
      if (label)
        {
          g_string_append (out, ",\"label\":");
          ramo_json_write_string (out, label);
        }
      g_string_append_c (out, '}');

      if (entry->children)
        for (guint i = entry->n_children; i > 0; i--)
          g_ptr_array_add (stack, entry->children[i - 1]);
    }

  g_string_append (out, "]}\n");
  fwrite (out->str, 1, out->len, stdout);
}

/* One gutter of a row of pi's /tree: a vertical line at column `position` of the rows below a
 * branch start, drawn (`show`) while more siblings of that branch start follow. */
typedef struct
{
  guint    position;
  gboolean show;
} Gutter;

/* A list of rows still being written: the list, the next position in it, its depth, and how
 * many gutters its rows inherit. */
typedef struct
{
  GListModel *list;
  guint       next;
  guint       n_items;
  guint       depth;
  guint       n_gutters;
} RowsFrame;

/* The rows @projection shows under its filter, as pi 1.6.0's /tree selector (TreeList in
 * dist/modes/interactive/components/tree-selector.js) holds them after filtering, one JSON
 * object: {"filter":MODE,"rows":[{"id","indent","showConnector","isLast","gutters":[{"position",
 * "show"}]}]}. Derived from the projection's nested lists (spec §7): a row's depth is the
 * indentation drawn; pi's indent counts one more when several roots are shown (each is a child
 * of a virtual root); a branch start shows a connector and is last when it ends its list of
 * siblings, a row of a chain is its parent's only shown child (no connector, last); every branch
 * start that is not a root of several adds, for the rows below it, a gutter one column left of
 * its own indentation, drawn unless it is last. */
static void
write_rows_json (RamoProjection *projection)
{
  g_autoptr(GString) out = g_string_new ("{\"filter\":");
  g_autoptr(GArray) frames = g_array_new (FALSE, FALSE, sizeof (RowsFrame));
  g_autoptr(GArray) gutters = g_array_new (FALSE, FALSE, sizeof (Gutter));
  GListModel *top = ramo_projection_get_roots (projection);
  gboolean several_roots = FALSE;
  gboolean first = TRUE;

  ramo_json_write_string (out, ramo_filter_mode_to_string (ramo_projection_get_filter (projection)));
  g_string_append (out, ",\"rows\":[");

  if (g_list_model_get_n_items (top) > 0)
    {
      g_autoptr(RamoProjectionNode) head = g_list_model_get_item (top, 0);

      /* several shown roots are all branch starts; one root starts the top chain */
      several_roots = ramo_projection_node_get_is_branch_start (head);
    }

  {
    RowsFrame frame = { g_object_ref (top), 0, g_list_model_get_n_items (top), 0, 0 };

    g_array_append_val (frames, frame);
  }

  while (frames->len > 0)
    {
      RowsFrame *frame = &g_array_index (frames, RowsFrame, frames->len - 1);
      g_autoptr(RamoProjectionNode) node = NULL;
      gboolean branch_start, is_last;
      guint depth;

      if (frame->next >= frame->n_items)
        {
          g_object_unref (frame->list);
          g_array_set_size (frames, frames->len - 1);
          continue;
        }

      node = g_list_model_get_item (frame->list, frame->next++);
      g_array_set_size (gutters, frame->n_gutters);
      depth = frame->depth;
      branch_start = ramo_projection_node_get_is_branch_start (node);
      is_last = !branch_start || frame->next == frame->n_items;

      if (!first)
        g_string_append_c (out, ',');
      first = FALSE;
      g_string_append (out, "{\"id\":");
      ramo_json_write_string (out, ramo_projection_node_get_id (node));
      g_string_append_printf (out, ",\"indent\":%u,\"showConnector\":%s,\"isLast\":%s,\"gutters\":[",
                              depth + (several_roots ? 1 : 0), branch_start ? "true" : "false",
                              is_last ? "true" : "false");
      for (guint i = 0; i < gutters->len; i++)
        {
          const Gutter *g = &g_array_index (gutters, Gutter, i);

          g_string_append_printf (out, "%s{\"position\":%u,\"show\":%s}", i > 0 ? "," : "",
                                  g->position, g->show ? "true" : "false");
        }
      g_string_append (out, "]}");

      if (ramo_projection_node_has_children (node))
        {
          RowsFrame child = { G_LIST_MODEL (g_object_ref (node)), 0, 0, depth + 1, 0 };

          if (branch_start && !(depth == 0 && several_roots))
            {
              Gutter g = { depth > 0 ? depth - 1 : 0, !is_last };

              g_array_append_val (gutters, g);
            }
          child.n_items = g_list_model_get_n_items (child.list);
          child.n_gutters = gutters->len;
          /* @frame may move when the array grows */
          g_array_append_val (frames, child);
        }
    }

  g_string_append (out, "]}\n");
  fwrite (out->str, 1, out->len, stdout);
}

/* tree FILE [--json] [--filter MODE [--rows]]: the projection as text, or every entry as JSON,
 * or the rows of the filter as pi's /tree holds them */
int
ramo_cli_tree (int    argc,
               char **argv)
{
  g_autoptr(RamoSessionManager) manager = NULL;
  g_autoptr(RamoProjection) projection = NULL;
  const char *path = NULL;
  const char *filter = "default";
  gboolean json = FALSE;
  gboolean rows = FALSE;
  RamoFilterMode mode;
  int status = RAMO_CLI_EXIT_OK;

  for (int i = 0; i < argc; i++)
    {
      if (strcmp (argv[i], "--json") == 0)
        json = TRUE;
      else if (strcmp (argv[i], "--rows") == 0)
        rows = TRUE;
      else if (strcmp (argv[i], "--filter") == 0 && i + 1 < argc)
        filter = argv[++i];
      else if (g_str_has_prefix (argv[i], "--filter="))
        filter = argv[i] + strlen ("--filter=");
      else if (argv[i][0] == '-' && argv[i][1] != '\0')
        return ramo_cli_fail_usage ("tree: unknown option");
      else if (path == NULL)
        path = argv[i];
      else
        return ramo_cli_fail_usage ("tree: too many arguments");
    }
  if (path == NULL)
    return ramo_cli_fail_usage ("tree: FILE is missing");
  if (!ramo_filter_mode_from_string (filter, &mode))
    return ramo_cli_fail_usage ("tree: unknown filter mode");
  if (json && rows)
    return ramo_cli_fail_usage ("tree: --json and --rows do not go together");

  manager = ramo_cli_open_session (path, &status);
  if (manager == NULL)
    return status;

  if (json)
    {
      write_tree_json (manager);
      return RAMO_CLI_EXIT_OK;
    }

  projection = ramo_projection_new (manager);
  ramo_projection_set_filter (projection, mode);
  if (rows)
    {
      write_rows_json (projection);
      return RAMO_CLI_EXIT_OK;
    }
  {
    g_autofree char *text = ramo_projection_to_text (projection);
    g_print ("%s", text);
  }
  return RAMO_CLI_EXIT_OK;
}

/* info FILE: the header, the counts by type and role, the leaf; it also does the work the
 * window does before its first frame, which bench/run.py times */
static gpointer
build_context_thread (gpointer data)
{
  return ramo_session_manager_build_session_context (data);
}

/* The keys info counted last, before its table */
#define RECENT_KEYS 8

typedef struct
{
  const char *key;
  guint       count;
  gboolean    is_role;
} PointerCount;

static void
add_count (GHashTable    *table,
           gconstpointer  key,
           guint          count)
{
  g_hash_table_insert (table, (gpointer) key,
                       GUINT_TO_POINTER (GPOINTER_TO_UINT (g_hash_table_lookup (table, key)) + count));
}

/* Counts @key (a role when @is_role, a type otherwise) once: in @recent when it is there or
 * there is room (the oldest key there moves to @tables[is_role]) */
static void
count_pointer (PointerCount  *recent,
               GHashTable   **tables,
               const char    *key,
               gboolean       is_role)
{
  guint r;

  for (r = 0; r < RECENT_KEYS; r++)
    if ((recent[r].key == key && recent[r].is_role == is_role) || recent[r].key == NULL)
      break;
  if (r == RECENT_KEYS)
    {
      add_count (tables[recent[0].is_role], recent[0].key, recent[0].count);
      memmove (recent, recent + 1, (RECENT_KEYS - 1) * sizeof *recent);
      r = RECENT_KEYS - 1;
      recent[r].count = 0;
    }
  recent[r].key = key;
  recent[r].is_role = is_role;
  recent[r].count++;
}

int
ramo_cli_info (int    argc,
               char **argv)
{
  g_autoptr(RamoSessionManager) manager = NULL;
  g_autoptr(RamoProjection) projection = NULL;
  g_autoptr(RamoSessionContext) context = NULL;
  g_autoptr(GHashTable) counts = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GList) keys = NULL;
  g_autofree char *name = NULL;
  guint n, n_ids, n_repeated, roots, branch_points = 0;
  int status = RAMO_CLI_EXIT_OK;
  g_autofree char *header_text = NULL;
  RamoUsageTotals usage;

  manager = ramo_cli_open_arguments (argc, argv, 1, 1, "info: FILE", &status);
  if (manager == NULL)
    return status;

  /* The work the window does before its first frame: the default projection and the context,
   * which only read the session: made side by side. */
  {
    GThread *thread = g_thread_new ("ramo-context", build_context_thread, manager);

    projection = ramo_projection_new (manager);
    context = g_thread_join (thread);
  }

  /* a file with no header before its entries has none to show */
  header_text = ramo_session_manager_get_header (manager) ? ramo_session_manager_dup_header_json (manager) : NULL;
  name = ramo_session_manager_dup_session_name (manager);
  n = ramo_session_manager_get_n_entries (manager);
  n_ids = ramo_session_manager_get_n_ids (manager);
  n_repeated = ramo_session_manager_get_n_repeated_ids (manager);
  roots = ramo_session_manager_get_roots (manager)->len;

  {
    /* counted by the records' own type and role strings first (few distinct pointers: the
     * last ones counted are looked at before the table), then merged by name: no string is
     * made and nothing is hashed per entry */
    GHashTable *tables[2] = { g_hash_table_new (NULL, NULL), g_hash_table_new (NULL, NULL) };
    PointerCount recent[RECENT_KEYS] = { { 0 } };
    GHashTableIter iter;
    gpointer name_ptr, count;

    for (guint i = 0; i < n; i++)
      {
        RamoEntry *entry = ramo_session_manager_get_entry_at (manager, i);
        const char *role_name = ramo_entry_get_role_name (entry);
        const char *type_name = ramo_entry_get_type_name (entry);
        const char *key = role_name ? role_name : type_name ? type_name : "(no type)";

        /* one entry an id: a line a later one with its id shadows is not counted */
        if (entry->flags & RAMO_ENTRY_FLAG_SHADOWED)
          continue;
        count_pointer (recent, tables, key, role_name != NULL);
        if (entry->n_children > 1)
          branch_points++;
      }
    for (guint r = 0; r < RECENT_KEYS; r++)
      if (recent[r].key != NULL)
        add_count (tables[recent[r].is_role], recent[r].key, recent[r].count);

    for (guint t = 0; t < 2; t++)
      {
        g_hash_table_iter_init (&iter, tables[t]);
        while (g_hash_table_iter_next (&iter, &name_ptr, &count))
          {
            g_autofree char *role_key = t == 1 ? g_strconcat ("message/", (char *) name_ptr, NULL) : NULL;
            const char *key = g_intern_string (role_key ? role_key : name_ptr);

            add_count (counts, key, GPOINTER_TO_UINT (count));
          }
        g_hash_table_unref (tables[t]);
      }
  }

  g_print ("file: %s\n", ramo_cli_field (argv[0]));
  g_print ("header: %s\n", header_text ? header_text : "(none)");
  g_print ("version: %u%s\n", ramo_session_manager_get_file_version (manager),
           ramo_session_manager_needs_migration (manager) ? " (migrated to 3 in memory)" :
           ramo_session_manager_get_header_problem (manager, NULL) != RAMO_SESSION_HEADER_OK ? " (how the entries are read: no sound header)" : "");
  if (ramo_session_manager_is_read_only (manager))
    g_print ("read-only: %s\n", ramo_cli_field (ramo_session_manager_get_read_only_reason (manager)) ?: "a format version newer than Ramo knows");
  g_print ("name: %s\n", name ? ramo_cli_field (name) : "(none)");
  g_print ("dialect: %s (%s)\n", ramo_dialect_to_string (ramo_session_manager_get_dialect (manager)),
           ramo_session_manager_get_dialect_chosen (manager) ? "chosen with --dialect" : "detected from the file");
  g_print ("entries: %u\n", n_ids);
  if (n_repeated > 0)
    g_print ("repeated ids: %u (%u lines; each id is one entry, as written on its last line)\n", n_repeated, n);
  g_print ("roots: %u\n", roots);
  g_print ("branch points: %u\n", branch_points);
  g_print ("leaf: %s\n", ramo_cli_field (ramo_session_manager_get_leaf_id (manager)) ?: "(none)");
  g_print ("context messages: %u\n", ramo_session_context_get_n_messages (context));
  g_print ("visible rows (default filter): %u\n", ramo_projection_get_n_visible (projection));
  g_print ("issues: %u\n", ramo_session_manager_get_issues (manager)->len);
  if (ramo_session_manager_sum_usage (manager, &usage, NULL) && usage.n_sources > 0)
    g_print ("usage: %.0f tokens (%.0f in, %.0f out, %.0f cache read, %.0f cache write), cost %.4f"
             " (%u entries, %u of them usage entries)\n",
             usage.input + usage.output + usage.cache_read + usage.cache_write,
             usage.input, usage.output, usage.cache_read, usage.cache_write, usage.cost,
             usage.n_sources, usage.n_usage_entries);

  keys = g_hash_table_get_keys (counts);
  keys = g_list_sort (keys, (GCompareFunc) strcmp);
  for (const GList *l = keys; l; l = l->next)
    g_print ("  %s: %u\n", ramo_cli_field (l->data),
             GPOINTER_TO_UINT (g_hash_table_lookup (counts, l->data)));

  return RAMO_CLI_EXIT_OK;
}


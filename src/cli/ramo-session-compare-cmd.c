/* ramo-session-compare-cmd.c — `ramo-session compare` and `ramo-session export`
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

#include "ramo-session-cli.h"
#include "ramo-session-export.h"

static int
fail (const GError *error)
{
  if (g_error_matches (error, RAMO_COMPARE_ERROR, RAMO_COMPARE_ERROR_NO_COMMON_ANCESTOR))
    {
      g_printerr ("ramo-session: %s\n", ramo_cli_field (error->message));
      return RAMO_CLI_EXIT_NO_ANCESTOR;
    }
  return ramo_cli_exit_for_error (error);
}

/* A text of the session as one field of a line, cut at @max characters. */
static void
print_excerpt (const char *prefix,
               const char *text,
               glong       max)
{
  g_autofree char *cut = NULL;

  if (g_utf8_strlen (text, -1) > max)
    {
      g_autofree char *start = g_utf8_substring (text, 0, max);

      cut = g_strconcat (start, "…", NULL);
      text = cut;
    }
  g_print ("%s%s\n", prefix, ramo_cli_field (text));
}

/* The runs of a diff on one line: removed text as [-…-], added as {+…+}. */
static void
print_diff (const char *prefix,
            GPtrArray  *spans)
{
  g_autoptr(GString) line = g_string_new (NULL);

  for (guint i = 0; i < spans->len; i++)
    {
      RamoDiffSpan *span = g_ptr_array_index (spans, i);

      if (span->op == RAMO_DIFF_REMOVED)
        g_string_append_printf (line, "[-%s-]", span->text);
      else if (span->op == RAMO_DIFF_ADDED)
        g_string_append_printf (line, "{+%s+}", span->text);
      else
        g_string_append (line, span->text);
    }
  print_excerpt (prefix, line->str, 2000);
}

static void
print_compare (const RamoSessionCompare *compare)
{
  g_print ("left:  %s, %u entries (%u after the fork)\n", ramo_cli_field (compare->left_id),
           compare->n_shared + compare->left_path->len, compare->left_path->len);
  g_print ("right: %s, %u entries (%u after the fork)\n", ramo_cli_field (compare->right_id),
           compare->n_shared + compare->right_path->len, compare->right_path->len);
  g_print ("fork:  %s, %u entries shared\n", ramo_cli_field (compare->fork_id), compare->n_shared);
  g_print ("steps: %u same, %u changed, %u only left, %u only right\n",
           ramo_session_compare_count (compare, RAMO_COMPARE_SAME),
           ramo_session_compare_count (compare, RAMO_COMPARE_CHANGED),
           ramo_session_compare_count (compare, RAMO_COMPARE_ONLY_LEFT),
           ramo_session_compare_count (compare, RAMO_COMPARE_ONLY_RIGHT));
  for (guint i = 0; i < compare->pairs->len; i++)
    {
      RamoComparePair *pair = g_ptr_array_index (compare->pairs, i);
      RamoEntryContent *content = pair->left ? pair->left : pair->right;

      g_print ("%u. %s %s", i + 1, ramo_compare_kind_to_string (pair->kind), ramo_cli_field (content->kind));
      g_print (" %s", pair->left ? ramo_cli_field (pair->left->id) : "-");
      g_print (" %s\n", pair->right ? ramo_cli_field (pair->right->id) : "-");
      if (pair->kind == RAMO_COMPARE_CHANGED)
        {
          if (strcmp (pair->left->text, pair->right->text) != 0)
            print_diff ("   ", pair->text_diff);
          for (guint j = 0; j < pair->tool_calls->len; j++)
            {
              RamoToolCallPair *calls = g_ptr_array_index (pair->tool_calls, j);
              RamoToolCall *call = calls->left ? calls->left : calls->right;

              g_print ("   tool call %u: %s %s\n", j + 1, ramo_compare_kind_to_string (calls->kind),
                       ramo_cli_field (call->name));
              if (calls->arguments_diff)
                print_diff ("     ", calls->arguments_diff);
            }
        }
      else if (content->text[0])
        print_excerpt ("   ", content->text, 200);
    }
}

/* compare FILE ID ID [--json]: the two paths from their fork, aligned, with what differs. */
int
ramo_cli_compare (int    argc,
                  char **argv)
{
  static const char synopsis[] = "compare: FILE ID ID [--json]";
  g_autoptr(RamoSessionManager) manager = NULL;
  g_autoptr(RamoSessionCompare) compare = NULL;
  g_autoptr(GError) error = NULL;
  const char *args[3] = { NULL };
  gboolean json = FALSE;
  int n = 0;
  int status = RAMO_CLI_EXIT_OK;

  for (int i = 0; i < argc; i++)
    {
      if (strcmp (argv[i], "--json") == 0)
        json = TRUE;
      else if (n < 3)
        args[n++] = argv[i];
      else
        return ramo_cli_fail_usage (synopsis);
    }
  if (n != 3)
    return ramo_cli_fail_usage (synopsis);

  manager = ramo_cli_open_session (args[0], &status);
  if (manager == NULL)
    return status;
  compare = ramo_session_compare (manager, args[1], args[2], &error);
  if (compare == NULL)
    return fail (error);

  if (json)
    {
      g_autofree char *text = ramo_session_compare_to_json (compare);

      fputs (text, stdout);
      fputc ('\n', stdout);
    }
  else
    print_compare (compare);
  return RAMO_CLI_EXIT_OK;
}

/* export FILE --leaf ID --markdown [--compare ID]: the path root→ID as Markdown, or its
 * comparison with the path to another entry. */
int
ramo_cli_export (int    argc,
                 char **argv)
{
  static const char synopsis[] = "export: FILE --leaf ID --markdown [--compare ID]";
  g_autoptr(RamoSessionManager) manager = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  const char *path = NULL, *leaf = NULL, *other = NULL;
  gboolean markdown = FALSE;
  int status = RAMO_CLI_EXIT_OK;

  for (int i = 0; i < argc; i++)
    {
      if (strcmp (argv[i], "--markdown") == 0)
        markdown = TRUE;
      else if (strcmp (argv[i], "--leaf") == 0 && i + 1 < argc)
        leaf = argv[++i];
      else if (strcmp (argv[i], "--compare") == 0 && i + 1 < argc)
        other = argv[++i];
      else if (path == NULL && argv[i][0] != '-')
        path = argv[i];
      else
        return ramo_cli_fail_usage (synopsis);
    }
  if (path == NULL || leaf == NULL || !markdown)
    return ramo_cli_fail_usage (synopsis);

  manager = ramo_cli_open_session (path, &status);
  if (manager == NULL)
    return status;
  if (other)
    {
      g_autoptr(RamoSessionCompare) compare = ramo_session_compare (manager, leaf, other, &error);

      if (compare)
        text = ramo_session_compare_to_markdown (compare);
    }
  else
    text = ramo_session_export_path_markdown (manager, leaf, &error);
  if (text == NULL)
    return fail (error);
  /* written as it is: Markdown is the output, and its texts were made safe as Markdown */
  fputs (text, stdout);
  return RAMO_CLI_EXIT_OK;
}

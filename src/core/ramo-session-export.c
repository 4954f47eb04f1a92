/* ramo-session-export.c — a path of a session, and a comparison of two, as Markdown; a
 * comparison as JSON
 *
 * Copyright 2026 The Ramo authors
 *
 * This program is free software: you can redistribute it and/or modify it under the terms of the
 * GNU General Public License as published by the Free Software Foundation, either version 3 of
 * the License, or (at your option) any later version.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ramo-session-export"

#include "config.h"

#include <string.h>

#include "ramo-json.h"
#include "ramo-session-export.h"

/* A session's texts are data in the Markdown written here, and shown on a terminal by
 * `ramo-session export`: controls and bidirectional formatting characters are made visible
 * (ramo_text_dup_visible(); line feeds and tabs stay) in every text. A text that is Markdown (a
 * message, a summary) is written as it is, but a fence it leaves open is closed after it, so
 * that it cannot take in what follows; every other text (tool calls, results, output, thinking, JSON)
 * is in a fenced block whose fence is longer than any run of its mark inside; one-line texts
 * (names, ids, models) have their control characters made visible and Markdown's punctuation
 * escaped. */

static gsize
longest_run (const char *text,
             char        mark)
{
  gsize longest = 0, run = 0;

  for (const char *p = text; *p; p++)
    {
      run = *p == mark ? run + 1 : 0;
      longest = MAX (longest, run);
    }
  return longest;
}

/**
 * ramo_markdown_fence:
 * @text: the text a fenced block is to hold
 * @mark: the fence's character, '`' or '~'
 *
 * A fence for @text: three @mark characters, or one more than the longest run of them in
 * @text, so that no line of @text can close the block.
 *
 * Returns: (transfer full): the fence
 */
char *
ramo_markdown_fence (const char *text,
                     char        mark)
{
  gsize n = MAX (3, longest_run (text, mark) + 1);

  return g_strnfill (n, mark);
}

/* @text on one line, as Markdown text that reads as the characters it has: what marks
 * emphasis, code, links, HTML, tables and entities is escaped, and at the start of a line what
 * would start a list, a heading or a quote. */
static void
append_inline_at (GString    *out,
                  const char *text,
                  gboolean    line_start)
{
  g_autofree char *shown = ramo_text_dup_visible (text ? text : "", -1, FALSE);
  const char *p = shown;

  if (line_start)
    {
      while (g_ascii_isdigit (*p))
        g_string_append_c (out, *p++);
      if (strchr ("-+=.)", *p) && *p != '\0')
        g_string_append_c (out, '\\');
    }
  for (; *p; p++)
    {
      if (strchr ("\\`*_[]<>#|~&!", *p) && *p != '\0')
        g_string_append_c (out, '\\');
      g_string_append_c (out, *p);
    }
}

static void
append_inline (GString    *out,
               const char *text)
{
  append_inline_at (out, text, FALSE);
}

/* @text as inline code: a run of backticks longer than any inside (with a space inside each
 * end when the text would otherwise lose or merge one). */
static void
append_code (GString    *out,
             const char *text)
{
  g_autofree char *shown = ramo_text_dup_visible (text ? text : "", -1, FALSE);
  gsize n = longest_run (shown, '`') + 1;
  gsize len = strlen (shown);
  gboolean pad = len > 0 && (shown[0] == '`' || shown[len - 1] == '`' ||
                             (shown[0] == ' ' && shown[len - 1] == ' '));

  for (gsize i = 0; i < n; i++)
    g_string_append_c (out, '`');
  g_string_append_printf (out, pad ? " %s " : "%s", shown);
  for (gsize i = 0; i < n; i++)
    g_string_append_c (out, '`');
}

static void
append_fenced (GString    *out,
               const char *raw,
               const char *info)
{
  g_autofree char *text = ramo_text_dup_visible (raw, -1, TRUE);
  g_autofree char *fence = ramo_markdown_fence (text, '`');

  g_string_append_printf (out, "%s%s\n%s", fence, info ? info : "", text);
  if (text[0] && text[strlen (text) - 1] != '\n')
    g_string_append_c (out, '\n');
  g_string_append_printf (out, "%s\n\n", fence);
}

/* The fence a line opens (CommonMark: at most three spaces, then three or more '`' or '~'; a
 * backtick fence's info has no backtick), or 0. */
static gsize
fence_opened (const char *line,
              gsize       length,
              char       *mark)
{
  gsize i = 0, n = 0;

  while (i < length && i < 3 && line[i] == ' ')
    i++;
  if (i >= length || (line[i] != '`' && line[i] != '~'))
    return 0;
  *mark = line[i];
  while (i + n < length && line[i + n] == *mark)
    n++;
  if (n < 3)
    return 0;
  if (*mark == '`' && memchr (line + i + n, '`', length - i - n))
    return 0;
  return n;
}

static gboolean
fence_closes (const char *line,
              gsize       length,
              char        mark,
              gsize       opened)
{
  gsize i = 0, n = 0;

  while (i < length && i < 3 && line[i] == ' ')
    i++;
  while (i + n < length && line[i + n] == mark)
    n++;
  if (n < opened)
    return FALSE;
  for (i += n; i < length; i++)
    if (line[i] != ' ' && line[i] != '\t' && line[i] != '\r')
      return FALSE;
  return TRUE;
}

/* A Markdown text as it is, the fence it leaves open closed after it. */
static void
append_markdown (GString    *out,
                 const char *raw)
{
  g_autofree char *text = ramo_text_dup_visible (raw, -1, TRUE);
  gsize opened = 0;
  char mark = '`';

  for (const char *line = text; *line;)
    {
      const char *end = strchr (line, '\n');
      gsize length = end ? (gsize) (end - line) : strlen (line);
      char m;
      gsize n;

      if (opened == 0 && (n = fence_opened (line, length, &m)) > 0)
        opened = n, mark = m;
      else if (opened > 0 && fence_closes (line, length, mark, opened))
        opened = 0;
      line = end ? end + 1 : line + length;
    }
  g_string_append (out, text);
  if (text[0] && text[strlen (text) - 1] != '\n')
    g_string_append_c (out, '\n');
  if (opened > 0)
    {
      for (gsize i = 0; i < opened; i++)
        g_string_append_c (out, mark);
      g_string_append_c (out, '\n');
    }
  if (text[0])
    g_string_append_c (out, '\n');
}

static const char *
kind_title (const RamoEntryContent *content)
{
  static const struct { const char *kind; const char *title; } titles[] = {
    { "user", "User" }, { "assistant", "Assistant" }, { "toolResult", "Tool result" },
    { "bashExecution", "Command" }, { "custom", "Custom message" }, { "system", "System" },
    { "compaction", "Compaction" }, { "branch_summary", "Branch summary" },
    { "custom_message", "Custom message" }, { "model_change", "Model change" },
    { "thinking_level_change", "Thinking level" }, { "label", "Label" },
    { "session_info", "Session name" }, { "context_edit", "Context edit" },
    { "usage", "Usage" },
  };

  if (content->type == RAMO_ENTRY_TYPE_CUSTOM)
    return "Custom entry";
  for (guint i = 0; i < G_N_ELEMENTS (titles); i++)
    if (strcmp (content->kind, titles[i].kind) == 0)
      return titles[i].title;
  return NULL;
}

static void
append_title (GString                *out,
              const RamoEntryContent *content)
{
  const char *title = kind_title (content);

  if (title)
    g_string_append (out, title);
  else
    append_inline (out, content->kind);
  if (content->detail)
    {
      g_string_append (out, " · ");
      append_inline (out, content->detail);
    }
  if (content->is_error)
    g_string_append (out, " (error)");
}

static void
append_tool_call (GString            *out,
                  const RamoToolCall *call,
                  const char         *prefix)
{
  g_string_append_printf (out, "**%sTool call** ", prefix);
  append_code (out, call->name);
  if (call->id)
    {
      g_string_append (out, " · ");
      append_code (out, call->id);
    }
  g_string_append (out, "\n\n");
  append_fenced (out, call->arguments, "json");
}

/* What an entry says, after its heading. */
static void
append_body (GString                *out,
             const RamoEntryContent *content)
{
  switch (content->type)
    {
    case RAMO_ENTRY_TYPE_COMPACTION:
      g_string_append (out, "*Compaction: the summary the model sees in place of the entries before it.*\n\n");
      append_markdown (out, content->text);
      return;
    case RAMO_ENTRY_TYPE_BRANCH_SUMMARY:
      g_string_append (out, "*Branch summary: what was done on the branch left.*\n\n");
      append_markdown (out, content->text);
      return;
    case RAMO_ENTRY_TYPE_LABEL:
    case RAMO_ENTRY_TYPE_SESSION_INFO:
      if (content->text[0])
        {
          append_inline_at (out, content->text, TRUE);
          g_string_append (out, "\n\n");
        }
      return;
    case RAMO_ENTRY_TYPE_MODEL_CHANGE:
    case RAMO_ENTRY_TYPE_THINKING_LEVEL_CHANGE:
      return;
    case RAMO_ENTRY_TYPE_MESSAGE:
      if (content->role == RAMO_MESSAGE_ROLE_TOOL_RESULT || content->role == RAMO_MESSAGE_ROLE_BASH_EXECUTION)
        {
          append_fenced (out, content->text, "text");
          return;
        }
      if (content->thinking)
        {
          g_string_append (out, "**Thinking**\n\n");
          append_fenced (out, content->thinking, "text");
        }
      append_markdown (out, content->text);
      for (guint i = 0; i < content->tool_calls->len; i++)
        append_tool_call (out, g_ptr_array_index (content->tool_calls, i), "");
      return;
    case RAMO_ENTRY_TYPE_CUSTOM_MESSAGE:
      append_markdown (out, content->text);
      return;
    default:
      if (content->text[0])
        append_fenced (out, content->text, "json");
      return;
    }
}

static void
append_entry_line (GString                *out,
                   const RamoEntryContent *content)
{
  g_string_append (out, "Entry ");
  append_code (out, content->id);
  if (content->timestamp)
    {
      g_string_append (out, " · ");
      append_inline (out, content->timestamp);
    }
  g_string_append (out, "\n\n");
}

/**
 * ramo_session_export_path_markdown:
 * @manager: a session manager
 * @leaf_id: the entry the path ends at
 * @error: return location for a #GError, or %NULL
 *
 * The path root→@leaf_id (pi's `getBranch()`) as Markdown: a heading per entry (its role or
 * type, with the model, tool or command), its id and time, its text; thinking, tool calls,
 * results and outputs in fenced blocks; summaries and compactions marked as such. See the top
 * of this file for how the session's texts are kept from acting as Markdown.
 *
 * Errors: %RAMO_SESSION_ERROR_NOT_FOUND when @leaf_id names no entry, and those of
 * ramo_session_manager_read_entry().
 *
 * Returns: (transfer full): the Markdown text, or %NULL with @error set
 */
char *
ramo_session_export_path_markdown (RamoSessionManager  *manager,
                                   const char          *leaf_id,
                                   GError             **error)
{
  g_autoptr(GPtrArray) path = NULL;
  g_autoptr(GString) out = g_string_new ("# ");
  g_autofree char *name = NULL;

  g_return_val_if_fail (RAMO_IS_SESSION_MANAGER (manager), NULL);
  g_return_val_if_fail (leaf_id != NULL, NULL);

  if (ramo_session_manager_get_entry (manager, leaf_id) == NULL)
    {
      g_set_error (error, RAMO_SESSION_ERROR, RAMO_SESSION_ERROR_NOT_FOUND, "Entry %s not found", leaf_id);
      return NULL;
    }
  path = ramo_session_manager_dup_branch (manager, leaf_id);
  name = ramo_session_manager_dup_session_name (manager);
  if (name && name[0])
    append_inline (out, name);
  else
    {
      g_string_append (out, "Session ");
      append_inline (out, ramo_session_manager_get_session_id (manager));
    }
  g_string_append (out, "\n\nThe path from the root to entry ");
  append_code (out, leaf_id);
  g_string_append_printf (out, ": %u %s.\n\n", path->len, path->len == 1 ? "entry" : "entries");

  for (guint i = 0; i < path->len; i++)
    {
      g_autoptr(RamoEntryContent) content = ramo_entry_content_read (manager, g_ptr_array_index (path, i), error);

      if (content == NULL)
        return NULL;
      g_string_append_printf (out, "## %u. ", i + 1);
      append_title (out, content);
      g_string_append (out, "\n\n");
      append_entry_line (out, content);
      append_body (out, content);
    }
  return g_string_free (g_steal_pointer (&out), FALSE);
}

/* The runs of a diff as the lines of a `diff` block: each line once, `-`, `+` or ` `. */
static void
append_line_diff (GString    *out,
                  const char *left,
                  const char *right)
{
  g_autoptr(GPtrArray) spans = ramo_text_diff (left, right, RAMO_DIFF_LINES, NULL);
  g_autoptr(GString) block = g_string_new (NULL);

  for (guint i = 0; i < spans->len; i++)
    {
      RamoDiffSpan *span = g_ptr_array_index (spans, i);
      char sign = span->op == RAMO_DIFF_REMOVED ? '-' : span->op == RAMO_DIFF_ADDED ? '+' : ' ';
      g_auto(GStrv) lines = g_strsplit (span->text, "\n", -1);
      guint n = g_strv_length (lines);

      /* a run ending in a line feed splits into one empty piece more */
      if (n > 1 && lines[n - 1][0] == '\0')
        n--;
      for (guint j = 0; j < n; j++)
        g_string_append_printf (block, "%c %s\n", sign, lines[j]);
    }
  append_fenced (out, block->str, "diff");
}

static void
append_step_heading (GString                *out,
                     guint                   number,
                     const RamoComparePair  *pair)
{
  static const char * const kinds[] = { NULL, "Same", "Changed", "Only left", "Only right" };
  const RamoEntryContent *content = pair->left ? pair->left : pair->right;

  g_string_append_printf (out, "## %u. %s: ", number, kinds[pair->kind]);
  append_title (out, content);
  g_string_append (out, "\n\n");
  if (pair->left)
    {
      g_string_append (out, "Left ");
      append_code (out, pair->left->id);
    }
  if (pair->left && pair->right)
    g_string_append (out, ", right ");
  else if (pair->right)
    g_string_append (out, "Right ");
  if (pair->right)
    append_code (out, pair->right->id);
  g_string_append (out, "\n\n");
}

static void
append_changed (GString               *out,
                const RamoComparePair *pair)
{
  if (g_strcmp0 (pair->left->detail, pair->right->detail) != 0 || pair->left->is_error != pair->right->is_error)
    {
      g_string_append (out, "Left: ");
      append_title (out, pair->left);
      g_string_append (out, "; right: ");
      append_title (out, pair->right);
      g_string_append (out, "\n\n");
    }
  if (strcmp (pair->left->text, pair->right->text) != 0)
    append_line_diff (out, pair->left->text, pair->right->text);
  else if (pair->left->text[0])
    append_body (out, pair->left);
  for (guint i = 0; i < pair->tool_calls->len; i++)
    {
      RamoToolCallPair *calls = g_ptr_array_index (pair->tool_calls, i);

      switch (calls->kind)
        {
        case RAMO_COMPARE_SAME:
          append_tool_call (out, calls->left, "Same ");
          break;
        case RAMO_COMPARE_ONLY_LEFT:
          append_tool_call (out, calls->left, "Left only: ");
          break;
        case RAMO_COMPARE_ONLY_RIGHT:
          append_tool_call (out, calls->right, "Right only: ");
          break;
        default:
          g_string_append (out, "**Changed tool call** ");
          append_code (out, calls->left->name);
          if (strcmp (calls->left->name, calls->right->name) != 0)
            {
              g_string_append (out, " → ");
              append_code (out, calls->right->name);
            }
          g_string_append (out, "\n\n");
          append_line_diff (out, calls->left->arguments, calls->right->arguments);
          break;
        }
    }
}

/**
 * ramo_session_compare_to_markdown:
 * @compare: a comparison
 *
 * @compare as Markdown: the two entries, their fork and how many entries each path has, then a
 * section per step: what both say for a step that is the same, a line diff of the texts (a
 * `diff` block) and the tool calls side by side for a changed one, the entry for a step on one
 * side only.
 *
 * Returns: (transfer full): the Markdown text
 */
char *
ramo_session_compare_to_markdown (const RamoSessionCompare *compare)
{
  GString *out;

  g_return_val_if_fail (compare != NULL, NULL);

  out = g_string_new ("# Comparison of two branches\n\n- Left: entry ");
  append_code (out, compare->left_id);
  g_string_append_printf (out, ", %u entries (%u after the fork)\n- Right: entry ",
                          compare->n_shared + compare->left_path->len, compare->left_path->len);
  append_code (out, compare->right_id);
  g_string_append_printf (out, ", %u entries (%u after the fork)\n- Fork: entry ",
                          compare->n_shared + compare->right_path->len, compare->right_path->len);
  append_code (out, compare->fork_id);
  g_string_append_printf (out, ", the last of the %u entries both paths share\n"
                          "- Steps: %u the same, %u changed, %u only left, %u only right\n\n",
                          compare->n_shared,
                          ramo_session_compare_count (compare, RAMO_COMPARE_SAME),
                          ramo_session_compare_count (compare, RAMO_COMPARE_CHANGED),
                          ramo_session_compare_count (compare, RAMO_COMPARE_ONLY_LEFT),
                          ramo_session_compare_count (compare, RAMO_COMPARE_ONLY_RIGHT));

  for (guint i = 0; i < compare->pairs->len; i++)
    {
      RamoComparePair *pair = g_ptr_array_index (compare->pairs, i);

      append_step_heading (out, i + 1, pair);
      if (pair->kind == RAMO_COMPARE_CHANGED)
        append_changed (out, pair);
      else
        append_body (out, pair->left ? pair->left : pair->right);
    }
  return g_string_free (out, FALSE);
}

static void
write_string_or_null (GString    *out,
                      const char *text)
{
  if (text)
    ramo_json_write_string (out, text);
  else
    g_string_append (out, "null");
}

static void
write_diff (GString   *out,
            GPtrArray *spans)
{
  static const char * const ops[] = { NULL, "equal", "removed", "added" };

  g_string_append_c (out, '[');
  for (guint i = 0; i < spans->len; i++)
    {
      RamoDiffSpan *span = g_ptr_array_index (spans, i);

      g_string_append_printf (out, "%s{\"op\":\"%s\",\"text\":", i ? "," : "", ops[span->op]);
      ramo_json_write_string (out, span->text);
      g_string_append_c (out, '}');
    }
  g_string_append_c (out, ']');
}

static void
write_call (GString            *out,
            const RamoToolCall *call)
{
  if (call == NULL)
    {
      g_string_append (out, "null");
      return;
    }
  g_string_append (out, "{\"id\":");
  write_string_or_null (out, call->id);
  g_string_append (out, ",\"name\":");
  ramo_json_write_string (out, call->name);
  g_string_append (out, ",\"arguments\":");
  ramo_json_write_string (out, call->arguments);
  g_string_append_c (out, '}');
}

static void
write_ids (GString   *out,
           GPtrArray *path)
{
  g_string_append_c (out, '[');
  for (guint i = 0; i < path->len; i++)
    {
      if (i)
        g_string_append_c (out, ',');
      ramo_json_write_string (out, ((RamoEntryContent *) g_ptr_array_index (path, i))->id);
    }
  g_string_append_c (out, ']');
}

/**
 * ramo_session_compare_to_json:
 * @compare: a comparison
 *
 * @compare as one JSON object: `left`, `right`, `fork`, `shared`, `leftPath` and `rightPath`
 * (the ids after the fork), and `steps`, each with its `kind`, `entryKind`, `left` and `right`
 * ids (or null); a changed step has `granularity` (`words`, `lines`, `whole`), `diff` (runs of
 * `op` `equal`/`removed`/`added` and `text`) and `toolCalls` (`kind`, `left`, `right`: each
 * null or `{id, name, arguments}`, the arguments as JSON text, and `diff` for a changed call).
 *
 * Returns: (transfer full): the JSON text, one line
 */
char *
ramo_session_compare_to_json (const RamoSessionCompare *compare)
{
  static const char * const granularities[] = { NULL, "words", "lines", "whole" };
  GString *out;

  g_return_val_if_fail (compare != NULL, NULL);

  out = g_string_new ("{\"left\":");
  ramo_json_write_string (out, compare->left_id);
  g_string_append (out, ",\"right\":");
  ramo_json_write_string (out, compare->right_id);
  g_string_append (out, ",\"fork\":");
  ramo_json_write_string (out, compare->fork_id);
  g_string_append_printf (out, ",\"shared\":%u,\"leftPath\":", compare->n_shared);
  write_ids (out, compare->left_path);
  g_string_append (out, ",\"rightPath\":");
  write_ids (out, compare->right_path);
  /* what each path used after the fork */
  g_string_append (out, ",\"leftFigures\":{");
  ramo_figures_write_json_members (out, &compare->left_figures);
  g_string_append (out, "},\"rightFigures\":{");
  ramo_figures_write_json_members (out, &compare->right_figures);
  g_string_append (out, "},\"steps\":[");
  for (guint i = 0; i < compare->pairs->len; i++)
    {
      RamoComparePair *pair = g_ptr_array_index (compare->pairs, i);

      g_string_append_printf (out, "%s{\"kind\":\"%s\",\"entryKind\":", i ? "," : "",
                              ramo_compare_kind_to_string (pair->kind));
      ramo_json_write_string (out, (pair->left ? pair->left : pair->right)->kind);
      g_string_append (out, ",\"left\":");
      write_string_or_null (out, pair->left ? pair->left->id : NULL);
      g_string_append (out, ",\"right\":");
      write_string_or_null (out, pair->right ? pair->right->id : NULL);
      if (pair->kind == RAMO_COMPARE_CHANGED)
        {
          g_string_append_printf (out, ",\"granularity\":\"%s\",\"diff\":", granularities[pair->granularity]);
          write_diff (out, pair->text_diff);
          g_string_append (out, ",\"toolCalls\":[");
          for (guint j = 0; j < pair->tool_calls->len; j++)
            {
              RamoToolCallPair *calls = g_ptr_array_index (pair->tool_calls, j);

              g_string_append_printf (out, "%s{\"kind\":\"%s\",\"left\":", j ? "," : "",
                                      ramo_compare_kind_to_string (calls->kind));
              write_call (out, calls->left);
              g_string_append (out, ",\"right\":");
              write_call (out, calls->right);
              if (calls->arguments_diff)
                {
                  g_string_append (out, ",\"diff\":");
                  write_diff (out, calls->arguments_diff);
                }
              g_string_append_c (out, '}');
            }
          g_string_append_c (out, ']');
        }
      g_string_append_c (out, '}');
    }
  g_string_append (out, "]}");
  return g_string_free (out, FALSE);
}

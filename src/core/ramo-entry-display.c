/* ramo-entry-display.c
 *
 * Copyright 2026 The Ramo authors
 *
 * This program is free software: you can redistribute it and/or modify it under the terms of the
 * GNU General Public License as published by the Free Software Foundation, either version 3 of
 * the License, or (at your option) any later version.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ramo-display"

#include "config.h"

#include <math.h>
#include <string.h>

#include "ramo-json.h"
#include "ramo-session-manager-private.h"

/*
 * The one-line display text of an entry (spec §7, after pi's /tree selector): computed once
 * when the entry is indexed, while its JSON is at hand, so that the tree view, its filters and
 * its search never read the file. A tool result is shown as the tool call that asked for it,
 * so the calls seen so far are remembered by id.
 */

#define DISPLAY_MAX_CHARS 512

struct _RamoDisplayState
{
  GHashTable *tool_calls;   /* toolCallId → formatted call, e.g. "[read: ~/a.c]" */
  char       *home;
};

RamoDisplayState *
_ramo_display_state_new (void)
{
  RamoDisplayState *state = g_new0 (RamoDisplayState, 1);

  state->tool_calls = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  state->home = g_strdup (g_get_home_dir ());
  return state;
}

void
_ramo_display_state_free (RamoDisplayState *state)
{
  g_hash_table_unref (state->tool_calls);
  g_free (state->home);
  g_free (state);
}

static const char *
str_member (JsonObject *object,
            const char *name)
{
  JsonNode *node = object ? json_object_get_member (object, name) : NULL;

  if (node && JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) == G_TYPE_STRING)
    return json_node_get_string (node);
  return NULL;
}

/* Newlines (and other line breaks and tabs) as spaces, cut to DISPLAY_MAX_CHARS characters. */
static void
append_flat (GString    *out,
             const char *text)
{
  glong n = 0;

  for (const char *p = text; *p && n < DISPLAY_MAX_CHARS; p = g_utf8_next_char (p), n++)
    {
      gunichar c = g_utf8_get_char (p);

      if (c == '\n' || c == '\r' || c == '\t' || c == 0x2028 || c == 0x2029)
        g_string_append_c (out, ' ');
      else
        g_string_append_unichar (out, c);
    }
  if (n >= DISPLAY_MAX_CHARS && *text)
    g_string_append (out, "…");
}

/* The text of a message `content`: a string, or the text blocks joined by a space. */
static char *
content_text (JsonNode *content)
{
  GString *out;
  JsonArray *blocks;
  gboolean first = TRUE;

  if (content == NULL)
    return g_strdup ("");
  if (JSON_NODE_HOLDS_VALUE (content) && json_node_get_value_type (content) == G_TYPE_STRING)
    return g_strdup (json_node_get_string (content));
  if (!JSON_NODE_HOLDS_ARRAY (content))
    return g_strdup ("");

  out = g_string_new (NULL);
  blocks = json_node_get_array (content);
  for (guint i = 0; i < json_array_get_length (blocks); i++)
    {
      JsonNode *b = json_array_get_element (blocks, i);
      JsonObject *block = JSON_NODE_HOLDS_OBJECT (b) ? json_node_get_object (b) : NULL;
      const char *text;

      if (g_strcmp0 (str_member (block, "type"), "text") != 0)
        continue;
      text = str_member (block, "text");
      if (text == NULL)
        continue;
      if (!first)
        g_string_append_c (out, ' ');
      g_string_append (out, text);
      first = FALSE;
    }
  return g_string_free (out, FALSE);
}

static char *
shorten_path (RamoDisplayState *state,
              const char       *path)
{
  gsize home_len = state->home ? strlen (state->home) : 0;

  if (path == NULL)
    return g_strdup ("");
  if (home_len > 1 && g_str_has_prefix (path, state->home) &&
      (path[home_len] == '/' || path[home_len] == '\0'))
    return g_strconcat ("~", path + home_len, NULL);
  return g_strdup (path);
}

static char *
truncate_chars (const char *text,
                glong       max)
{
  if (g_utf8_strlen (text, -1) <= max)
    return g_strdup (text);
  {
    g_autofree char *head = g_utf8_substring (text, 0, max);
    return g_strconcat (head, "...", NULL);
  }
}

static gboolean
number_member (JsonObject *object,
               const char *name,
               double     *value)
{
  JsonNode *node = object ? json_object_get_member (object, name) : NULL;

  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node))
    return FALSE;
  if (json_node_get_value_type (node) == G_TYPE_INT64)
    *value = (double) json_node_get_int (node);
  else if (json_node_get_value_type (node) == G_TYPE_DOUBLE)
    *value = json_node_get_double (node);
  else
    return FALSE;
  return TRUE;
}

/* A tool call as the tree shows it, e.g. `[read: ~/src/a.c:10-20]`. */
static char *
format_tool_call (RamoDisplayState *state,
                  const char       *name,
                  JsonNode         *arguments)
{
  JsonObject *args = arguments && JSON_NODE_HOLDS_OBJECT (arguments) ? json_node_get_object (arguments) : NULL;
  const char *path = str_member (args, "path");
  g_autofree char *short_path = NULL;

  if (path == NULL)
    path = str_member (args, "file_path");
  short_path = shorten_path (state, path);

  if (g_strcmp0 (name, "read") == 0)
    {
      double offset, limit;
      GString *out = g_string_new ("[read: ");

      g_string_append (out, short_path);
      if (number_member (args, "offset", &offset))
        {
          if (number_member (args, "limit", &limit))
            g_string_append_printf (out, ":%.0f-%.0f", offset, offset + limit - 1);
          else
            g_string_append_printf (out, ":%.0f", offset);
        }
      else if (number_member (args, "limit", &limit))
        g_string_append_printf (out, ":1-%.0f", limit);
      g_string_append_c (out, ']');
      return g_string_free (out, FALSE);
    }
  if (g_strcmp0 (name, "write") == 0 || g_strcmp0 (name, "edit") == 0)
    return g_strdup_printf ("[%s: %s]", name, short_path);
  if (g_strcmp0 (name, "bash") == 0)
    {
      const char *command = str_member (args, "command");
      g_autoptr(GString) flat = g_string_new (NULL);
      g_autofree char *cut = NULL;

      append_flat (flat, command ? command : "");
      cut = truncate_chars (flat->str, 50);
      return g_strdup_printf ("[bash: %s]", cut);
    }
  if (g_strcmp0 (name, "grep") == 0)
    {
      const char *pattern = str_member (args, "pattern");
      g_autofree char *where = shorten_path (state, path ? path : ".");

      return g_strdup_printf ("[grep: /%s/ in %s]", pattern ? pattern : "", where);
    }
  if (g_strcmp0 (name, "find") == 0)
    {
      const char *pattern = str_member (args, "pattern");
      g_autofree char *where = shorten_path (state, path ? path : ".");

      return g_strdup_printf ("[find: %s in %s]", pattern ? pattern : "", where);
    }
  if (g_strcmp0 (name, "ls") == 0)
    {
      g_autofree char *where = shorten_path (state, path ? path : ".");
      return g_strdup_printf ("[ls: %s]", where);
    }

  {
    g_autofree char *json = arguments ? ramo_json_to_string (arguments) : g_strdup ("{}");
    g_autofree char *cut = truncate_chars (json, 40);

    return g_strdup_printf ("[%s: %s]", name ? name : "tool", cut);
  }
}

static void
remember_tool_calls (RamoDisplayState *state,
                     JsonNode         *content)
{
  JsonArray *blocks;

  if (content == NULL || !JSON_NODE_HOLDS_ARRAY (content))
    return;
  blocks = json_node_get_array (content);
  for (guint i = 0; i < json_array_get_length (blocks); i++)
    {
      JsonNode *b = json_array_get_element (blocks, i);
      JsonObject *block = JSON_NODE_HOLDS_OBJECT (b) ? json_node_get_object (b) : NULL;
      const char *id;

      if (g_strcmp0 (str_member (block, "type"), "toolCall") != 0)
        continue;
      id = str_member (block, "id");
      if (id == NULL)
        continue;
      g_hash_table_replace (state->tool_calls, g_strdup (id),
                            format_tool_call (state, str_member (block, "name"),
                                              json_object_get_member (block, "arguments")));
    }
}

static gboolean
has_visible_text (JsonNode *content)
{
  g_autofree char *text = content_text (content);

  for (const char *p = text; *p; p++)
    if (!g_ascii_isspace (*p))
      return TRUE;
  return FALSE;
}

char *
_ramo_entry_compute_display (RamoDisplayState *state,
                             RamoEntry        *entry,
                             JsonObject       *object)
{
  GString *out = g_string_new (NULL);

  switch ((RamoEntryType) entry->type)
    {
    case RAMO_ENTRY_TYPE_MESSAGE:
      {
        JsonNode *m = json_object_get_member (object, "message");
        JsonObject *message = m && JSON_NODE_HOLDS_OBJECT (m) ? json_node_get_object (m) : NULL;
        JsonNode *content = message ? json_object_get_member (message, "content") : NULL;

        switch ((RamoMessageRole) entry->role)
          {
          case RAMO_MESSAGE_ROLE_USER:
            {
              g_autofree char *text = content_text (content);
              g_string_append (out, "user: ");
              append_flat (out, text);
            }
            break;

          case RAMO_MESSAGE_ROLE_ASSISTANT:
            {
              g_autofree char *text = content_text (content);

              remember_tool_calls (state, content);
              if (has_visible_text (content))
                entry->flags |= RAMO_ENTRY_FLAG_HAS_TEXT;
              g_string_append (out, "assistant: ");
              if (entry->flags & RAMO_ENTRY_FLAG_HAS_TEXT)
                append_flat (out, text);
              else if (entry->flags & RAMO_ENTRY_FLAG_ABORTED)
                g_string_append (out, "(aborted)");
              else if (entry->flags & RAMO_ENTRY_FLAG_ERROR)
                {
                  const char *err = str_member (message, "errorMessage");
                  append_flat (out, err ? err : "(error)");
                }
              else
                g_string_append (out, "(no content)");
            }
            break;

          case RAMO_MESSAGE_ROLE_TOOL_RESULT:
            {
              const char *call_id = str_member (message, "toolCallId");
              const char *call = call_id ? g_hash_table_lookup (state->tool_calls, call_id) : NULL;

              if (call)
                g_string_append (out, call);
              else
                g_string_append_printf (out, "[%s]", str_member (message, "toolName") ?: "tool");
            }
            break;

          case RAMO_MESSAGE_ROLE_BASH_EXECUTION:
            g_string_append (out, "[bash]: ");
            append_flat (out, str_member (message, "command") ?: "");
            break;

          case RAMO_MESSAGE_ROLE_CUSTOM:
            {
              g_autofree char *text = content_text (content);
              g_string_append_printf (out, "[%s]: ", str_member (message, "customType") ?: "custom");
              append_flat (out, text);
            }
            break;

          case RAMO_MESSAGE_ROLE_NONE:
          case RAMO_MESSAGE_ROLE_OTHER:
          default:
            {
              g_autofree char *text = content_text (content);
              g_string_append_printf (out, "%s: ", entry->role_name ? entry->role_name : "message");
              append_flat (out, text);
            }
            break;
          }
      }
      break;

    case RAMO_ENTRY_TYPE_THINKING_LEVEL_CHANGE:
      g_string_append_printf (out, "[thinking: %s]", str_member (object, "thinkingLevel") ?: "?");
      break;

    case RAMO_ENTRY_TYPE_MODEL_CHANGE:
      {
        const char *model = str_member (object, "modelId");

        if (model == NULL)
          model = str_member (object, "model");
        g_string_append_printf (out, "[model: %s]", model ? model : "?");
      }
      break;

    case RAMO_ENTRY_TYPE_COMPACTION:
      {
        double tokens = 0;

        number_member (object, "tokensBefore", &tokens);
        g_string_append_printf (out, "[compaction: %.0fk tokens]", round (tokens / 1000));
      }
      break;

    case RAMO_ENTRY_TYPE_BRANCH_SUMMARY:
      g_string_append (out, "[branch summary]: ");
      append_flat (out, str_member (object, "summary") ?: "");
      break;

    case RAMO_ENTRY_TYPE_CUSTOM:
      g_string_append_printf (out, "[custom: %s]", str_member (object, "customType") ?: "?");
      break;

    case RAMO_ENTRY_TYPE_CUSTOM_MESSAGE:
      {
        g_autofree char *text = content_text (json_object_get_member (object, "content"));

        g_string_append_printf (out, "[%s]: ", str_member (object, "customType") ?: "custom");
        append_flat (out, text);
      }
      break;

    case RAMO_ENTRY_TYPE_LABEL:
      g_string_append_printf (out, "[label: %s]", entry->label_text ? entry->label_text : "(cleared)");
      break;

    case RAMO_ENTRY_TYPE_SESSION_INFO:
      g_string_append (out, "[session name: ");
      append_flat (out, str_member (object, "name") ?: "");
      g_string_append_c (out, ']');
      break;

    case RAMO_ENTRY_TYPE_UNKNOWN:
    default:
      g_string_append_printf (out, "[%s]", entry->type_name && *entry->type_name ? entry->type_name : "?");
      break;
    }

  return g_string_free (out, FALSE);
}

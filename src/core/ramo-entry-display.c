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

/* The text of a message `content` as pi's tree takes it: a string, or the text blocks
 * concatenated with no separator; cut to @max characters (0 = no limit). */
static char *
content_text (JsonNode *content,
              glong     max)
{
  GString *out;
  JsonArray *blocks;

  if (content == NULL)
    return g_strdup ("");
  if (JSON_NODE_HOLDS_VALUE (content) && json_node_get_value_type (content) == G_TYPE_STRING)
    out = g_string_new (json_node_get_string (content));
  else if (!JSON_NODE_HOLDS_ARRAY (content))
    return g_strdup ("");
  else
    {
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
          if (text)
            g_string_append (out, text);
        }
    }

  if (max > 0 && g_utf8_strlen (out->str, -1) > max)
    {
      char *cut = g_utf8_substring (out->str, 0, max);
      g_string_free (out, TRUE);
      return cut;
    }
  return g_string_free (out, FALSE);
}

/* JavaScript's String.prototype.trim() white space */
static gboolean
is_js_space (gunichar c)
{
  return (c >= 0x09 && c <= 0x0D) || c == 0x20 || c == 0xA0 || c == 0x1680 ||
         (c >= 0x2000 && c <= 0x200A) || c == 0x2028 || c == 0x2029 || c == 0x202F ||
         c == 0x205F || c == 0x3000 || c == 0xFEFF;
}

/* pi's one-line form: tabs and line ends as spaces, then trimmed. (pi keeps a lone \r; a
 * GTK label would break the line there, so Ramo turns it into a space as well.) */
static char *
norm (const char *text)
{
  const char *start = text ? text : "";
  const char *end = start + strlen (start);
  char *out, *q;

  while (*start && is_js_space (g_utf8_get_char (start)))
    start = g_utf8_next_char (start);
  while (end > start)
    {
      const char *prev = g_utf8_prev_char (end);
      if (!is_js_space (g_utf8_get_char (prev)))
        break;
      end = prev;
    }

  out = q = g_malloc (end - start + 1);
  for (const char *p = start; p < end; p++)
    {
      guchar c = (guchar) *p;

      if (c == '\n' || c == '\t' || c == '\r')
        *q++ = ' ';
      else if (c == 0xE2 && p + 2 < end && (guchar) p[1] == 0x80 && ((guchar) p[2] == 0xA8 || (guchar) p[2] == 0xA9))
        {
          *q++ = ' ';   /* U+2028, U+2029 */
          p += 2;
        }
      else
        *q++ = c;
    }
  *q = '\0';
  return out;
}

/* Appends @text in pi's one-line form, keeping at most DISPLAY_MAX_CHARS characters of it
 * (a row shows far fewer; this bounds the memory a huge message costs). */
static void
append_flat (GString    *out,
             const char *text)
{
  g_autofree char *flat = norm (text);

  if (g_utf8_strlen (flat, -1) > DISPLAY_MAX_CHARS)
    {
      g_autofree char *cut = g_utf8_substring (flat, 0, DISPLAY_MAX_CHARS);
      g_string_append (out, cut);
      g_string_append (out, "…");
    }
  else
    g_string_append (out, flat);
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

static gboolean
node_is_present (JsonObject *object,
                 const char *name)
{
  JsonNode *node = object ? json_object_get_member (object, name) : NULL;

  return node != NULL;
}

/* JavaScript's `a || b` on a string member: the member when it is a non-empty string. */
static const char *
str_or (JsonObject *object,
        const char *name,
        const char *fallback)
{
  const char *value = str_member (object, name);

  return value && value[0] ? value : fallback;
}

static char *
flat_path (RamoDisplayState *state,
           const char       *path)
{
  g_autofree char *shortened = shorten_path (state, path);

  /* pi prints path fields raw; a newline would break Ramo's one-line row */
  return g_strdelimit (g_steal_pointer (&shortened), "\n\r\t", ' ');
}

/* A tool call as the tree shows it, e.g. `[read: ~/src/a.c:10-29]`. */
static char *
format_tool_call (RamoDisplayState *state,
                  const char       *name,
                  JsonNode         *arguments)
{
  JsonObject *args = arguments && JSON_NODE_HOLDS_OBJECT (arguments) ? json_node_get_object (arguments) : NULL;
  const char *path = str_or (args, "path", str_or (args, "file_path", ""));

  if (g_strcmp0 (name, "read") == 0)
    {
      GString *out = g_string_new ("[read: ");
      g_autofree char *p = flat_path (state, path);

      g_string_append (out, p);
      if (node_is_present (args, "offset") || node_is_present (args, "limit"))
        {
          double start = 1, limit = 0, end = 0;

          if (!number_member (args, "offset", &start) || start == 0)
            start = 1;
          if (number_member (args, "limit", &limit))
            end = start + limit - 1;
          g_string_append_c (out, ':');
          ramo_json_write_number (out, start);
          if (end != 0)
            {
              g_string_append_c (out, '-');
              ramo_json_write_number (out, end);
            }
        }
      g_string_append_c (out, ']');
      return g_string_free (out, FALSE);
    }
  if (g_strcmp0 (name, "write") == 0 || g_strcmp0 (name, "edit") == 0)
    {
      g_autofree char *p = flat_path (state, path);
      return g_strdup_printf ("[%s: %s]", name, p);
    }
  if (g_strcmp0 (name, "bash") == 0)
    {
      const char *command = str_member (args, "command");
      g_autofree char *flat = norm (command ? command : "");
      g_autofree char *cut = g_utf8_strlen (flat, -1) > 50 ? g_utf8_substring (flat, 0, 50) : g_strdup (flat);
      gboolean longer = command && g_utf8_strlen (command, -1) > 50;

      return g_strdup_printf ("[bash: %s%s]", cut, longer ? "..." : "");
    }
  if (g_strcmp0 (name, "grep") == 0)
    {
      g_autofree char *where = flat_path (state, str_or (args, "path", "."));
      g_autofree char *pattern = g_strdelimit (g_strdup (str_or (args, "pattern", "")), "\n\r\t", ' ');

      return g_strdup_printf ("[grep: /%s/ in %s]", pattern, where);
    }
  if (g_strcmp0 (name, "find") == 0)
    {
      g_autofree char *where = flat_path (state, str_or (args, "path", "."));
      g_autofree char *pattern = g_strdelimit (g_strdup (str_or (args, "pattern", "")), "\n\r\t", ' ');

      return g_strdup_printf ("[find: %s in %s]", pattern, where);
    }
  if (g_strcmp0 (name, "ls") == 0)
    {
      g_autofree char *where = flat_path (state, str_or (args, "path", "."));
      return g_strdup_printf ("[ls: %s]", where);
    }

  {
    g_autofree char *json = arguments ? ramo_json_to_string (arguments) : g_strdup ("undefined");
    g_autofree char *cut = g_utf8_strlen (json, -1) > 40 ? g_utf8_substring (json, 0, 40) : g_strdup (json);

    g_strdelimit (cut, "\n\r\t", ' ');
    return g_strdup_printf ("[%s: %s%s]", name ? name : "tool", cut,
                            g_utf8_strlen (json, -1) > 40 ? "..." : "");
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
is_blank (const char *text)
{
  for (const char *p = text; *p; p = g_utf8_next_char (p))
    if (!is_js_space (g_utf8_get_char (p)))
      return FALSE;
  return TRUE;
}

/* An assistant message "has text" when a text block (or a string content) is not blank. */
static gboolean
has_visible_text (JsonNode *content)
{
  if (content == NULL)
    return FALSE;
  if (JSON_NODE_HOLDS_VALUE (content) && json_node_get_value_type (content) == G_TYPE_STRING)
    return !is_blank (json_node_get_string (content));
  if (JSON_NODE_HOLDS_ARRAY (content))
    {
      JsonArray *blocks = json_node_get_array (content);

      for (guint i = 0; i < json_array_get_length (blocks); i++)
        {
          JsonNode *b = json_array_get_element (blocks, i);
          JsonObject *block = JSON_NODE_HOLDS_OBJECT (b) ? json_node_get_object (b) : NULL;
          const char *text;

          if (g_strcmp0 (str_member (block, "type"), "text") != 0)
            continue;
          text = str_member (block, "text");
          if (text && !is_blank (text))
            return TRUE;
        }
    }
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
              g_autofree char *text = content_text (content, 200);
              g_string_append (out, "user: ");
              append_flat (out, text);
            }
            break;

          case RAMO_MESSAGE_ROLE_ASSISTANT:
            {
              const char *stop = str_member (message, "stopReason");
              const char *err = str_member (message, "errorMessage");

              remember_tool_calls (state, content);
              if (has_visible_text (content))
                entry->flags |= RAMO_ENTRY_FLAG_HAS_TEXT;
              /* pi hides a text-less turn unless it ended other than normally */
              if (stop && stop[0] && strcmp (stop, "stop") != 0 && strcmp (stop, "toolUse") != 0)
                entry->flags |= RAMO_ENTRY_FLAG_ERROR;
              g_string_append (out, "assistant: ");
              if (entry->flags & RAMO_ENTRY_FLAG_HAS_TEXT)
                {
                  g_autofree char *text = content_text (content, 200);
                  append_flat (out, text);
                }
              else if (g_strcmp0 (stop, "aborted") == 0)
                g_string_append (out, "(aborted)");
              else if (err && err[0])
                {
                  g_autofree char *flat = norm (err);
                  g_autofree char *cut = g_utf8_strlen (flat, -1) > 80 ? g_utf8_substring (flat, 0, 80) : g_strdup (flat);
                  g_string_append (out, cut);
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
                g_string_append_printf (out, "[%s]", str_or (message, "toolName", "tool"));
            }
            break;

          case RAMO_MESSAGE_ROLE_BASH_EXECUTION:
            g_string_append (out, "[bash]: ");
            append_flat (out, str_member (message, "command") ?: "");
            break;

          case RAMO_MESSAGE_ROLE_CUSTOM:
          case RAMO_MESSAGE_ROLE_NONE:
          case RAMO_MESSAGE_ROLE_OTHER:
          default:
            g_string_append_printf (out, "[%s]", entry->role_name ? entry->role_name : "message");
            break;
          }
      }
      break;

    case RAMO_ENTRY_TYPE_THINKING_LEVEL_CHANGE:
      {
        g_autofree char *level = json_object_has_member (object, "thinkingLevel")
          ? (str_member (object, "thinkingLevel") ? g_strdup (str_member (object, "thinkingLevel"))
                                                   : ramo_json_to_string (json_object_get_member (object, "thinkingLevel")))
          : g_strdup ("undefined");
        g_string_append_printf (out, "[thinking: %s]", level);
      }
      break;

    case RAMO_ENTRY_TYPE_MODEL_CHANGE:
      {
        /* oh-my-pi writes `model` ("provider/id") instead of `modelId` */
        const char *model = str_member (object, "modelId");

        if (model == NULL)
          model = str_member (object, "model");
        g_string_append_printf (out, "[model: %s]", model ? model : "undefined");
      }
      break;

    case RAMO_ENTRY_TYPE_COMPACTION:
      {
        double tokens;

        g_string_append (out, "[compaction: ");
        if (number_member (object, "tokensBefore", &tokens))
          ramo_json_write_number (out, floor (tokens / 1000 + 0.5));  /* Math.round */
        else
          g_string_append (out, "NaN");
        g_string_append (out, "k tokens]");
      }
      break;

    case RAMO_ENTRY_TYPE_BRANCH_SUMMARY:
      g_string_append (out, "[branch summary]: ");
      append_flat (out, str_member (object, "summary") ?: "");
      break;

    case RAMO_ENTRY_TYPE_CUSTOM:
      g_string_append_printf (out, "[custom: %s]", str_member (object, "customType") ?: "undefined");
      break;

    case RAMO_ENTRY_TYPE_CUSTOM_MESSAGE:
      {
        g_autofree char *text = content_text (json_object_get_member (object, "content"), 0);

        g_string_append_printf (out, "[%s]: ", str_member (object, "customType") ?: "undefined");
        append_flat (out, text);
      }
      break;

    case RAMO_ENTRY_TYPE_LABEL:
      {
        JsonNode *label = json_object_get_member (object, "label");

        if (label == NULL || JSON_NODE_HOLDS_NULL (label))
          g_string_append (out, "[label: (cleared)]");
        else
          {
            g_string_append (out, "[label: ");
            append_flat (out, str_member (object, "label") ?: "");
            g_string_append_c (out, ']');
          }
      }
      break;

    case RAMO_ENTRY_TYPE_SESSION_INFO:
      {
        const char *name = str_member (object, "name");

        g_string_append (out, "[title: ");
        if (name && name[0])
          append_flat (out, name);
        else
          g_string_append (out, "empty");
        g_string_append_c (out, ']');
      }
      break;

    case RAMO_ENTRY_TYPE_UNKNOWN:
    default:
      /* pi shows no text for types it does not know; Ramo names the type */
      g_string_append_printf (out, "[%s]", entry->type_name && *entry->type_name ? entry->type_name : "?");
      break;
    }

  return g_string_free (out, FALSE);
}

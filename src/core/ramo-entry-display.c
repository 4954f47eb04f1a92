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
#include "ramo-json-scan.h"
#include "ramo-session-manager-private.h"

/*
 * The one-line display text of an entry (spec §7, after pi's /tree selector): computed once
 * when the entry is indexed, while its JSON is at hand, so that the tree view, its filters and
 * its search never read the file. A tool result is shown as the tool call that asked for it,
 * so the calls seen so far are remembered by id.
 */

#define DISPLAY_MAX_CHARS 512

/*
 * One display state per loading thread. Tool results are shown as the call that asked for them,
 * and calls can be in another part of the file: so the state only reports what a line holds
 * (the calls an assistant message makes, the call id a tool result answers) and the session
 * manager resolves results against all calls in file order.
 */
struct _RamoDisplayState
{
  char      *home;
  GPtrArray *calls;     /* out: id, formatted call, id, formatted call, … of the last line */
  char      *call_id;   /* out: the toolCallId of the last line, when it is a tool result */
};

RamoDisplayState *
_ramo_display_state_new (void)
{
  RamoDisplayState *state = g_new0 (RamoDisplayState, 1);

  state->home = g_strdup (g_get_home_dir ());
  state->calls = g_ptr_array_new_with_free_func (g_free);
  return state;
}

void
_ramo_display_state_free (RamoDisplayState *state)
{
  g_ptr_array_unref (state->calls);
  g_free (state->call_id);
  g_free (state->home);
  g_free (state);
}

GPtrArray *
_ramo_display_state_get_calls (RamoDisplayState *state)
{
  return state->calls;
}

const char *
_ramo_display_state_get_call_id (RamoDisplayState *state)
{
  return state->call_id;
}

/* A member's string value (decoded, at most @max characters; 0 = all), or NULL. */
static char *
str_member (RamoScan   *scan,
            guint       object,
            const char *name,
            glong       max)
{
  return ramo_scan_string (scan, ramo_scan_member (scan, object, name), max);
}

/* JavaScript's `object.name || fallback` for a string member. */
static char *
str_or (RamoScan   *scan,
        guint       object,
        const char *name,
        const char *fallback)
{
  char *value = str_member (scan, object, name, 0);

  if (value && value[0])
    return value;
  g_free (value);
  return g_strdup (fallback);
}

static gboolean
number_member (RamoScan   *scan,
               guint       object,
               const char *name,
               double     *value)
{
  return ramo_scan_number (scan, ramo_scan_member (scan, object, name), value);
}

/* The text of a message `content` as pi's tree takes it: a string, or the text blocks
 * concatenated with no separator; at most @max characters (0 = no limit). */
static char *
content_text (RamoScan *scan,
              guint     content,
              glong     max)
{
  GString *out;

  if (ramo_scan_type (scan, content) == RAMO_SCAN_STRING)
    return ramo_scan_string (scan, content, max);
  if (ramo_scan_type (scan, content) != RAMO_SCAN_ARRAY)
    return g_strdup ("");

  out = g_string_new (NULL);
  for (guint b = ramo_scan_node (scan, content)->first_child; b; b = ramo_scan_node (scan, b)->next)
    {
      glong have = max && out->len ? (glong) g_utf8_strlen (out->str, out->len) : 0;
      g_autofree char *text = NULL;

      if (max && have >= max)
        break;
      if (!ramo_scan_string_equal (scan, ramo_scan_member (scan, b, "type"), "text"))
        continue;
      text = str_member (scan, b, "text", max ? max - have : 0);
      if (text)
        g_string_append (out, text);
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

  /* a character takes at least one byte: short texts need no counting */
  if (strlen (flat) > DISPLAY_MAX_CHARS && g_utf8_strlen (flat, -1) > DISPLAY_MAX_CHARS)
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

static char *
flat_path (RamoDisplayState *state,
           const char       *path)
{
  g_autofree char *shortened = shorten_path (state, path);

  /* pi prints path fields raw; a newline would break Ramo's one-line row */
  return g_strdelimit (g_steal_pointer (&shortened), "\n\r\t", ' ');
}

/* A tool call as the tree shows it, e.g. `[read: ~/src/a.c:10-29]` (pi's /tree formats). */
static char *
format_tool_call (RamoDisplayState *state,
                  RamoScan         *scan,
                  const char       *name,
                  guint             args)
{
  if (ramo_scan_type (scan, args) != RAMO_SCAN_OBJECT)
    args = 0;

  if (g_strcmp0 (name, "read") == 0 || g_strcmp0 (name, "write") == 0 || g_strcmp0 (name, "edit") == 0)
    {
      g_autofree char *file_path = str_or (scan, args, "file_path", "");
      g_autofree char *path = str_or (scan, args, "path", file_path);
      g_autofree char *p = flat_path (state, path);
      GString *out = g_string_new ("[");

      g_string_append_printf (out, "%s: %s", name, p);
      if (strcmp (name, "read") == 0 &&
          (ramo_scan_member (scan, args, "offset") || ramo_scan_member (scan, args, "limit")))
        {
          double start = 1, limit = 0, end = 0;

          if (!number_member (scan, args, "offset", &start) || start == 0)
            start = 1;
          if (number_member (scan, args, "limit", &limit))
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
  if (g_strcmp0 (name, "bash") == 0)
    {
      g_autofree char *command = str_member (scan, args, "command", 0);
      g_autofree char *flat = norm (command ? command : "");
      g_autofree char *cut = g_utf8_strlen (flat, -1) > 50 ? g_utf8_substring (flat, 0, 50) : g_strdup (flat);
      gboolean longer = command && g_utf8_strlen (command, -1) > 50;

      return g_strdup_printf ("[bash: %s%s]", cut, longer ? "..." : "");
    }
  if (g_strcmp0 (name, "grep") == 0 || g_strcmp0 (name, "find") == 0)
    {
      g_autofree char *path = str_or (scan, args, "path", ".");
      g_autofree char *where = flat_path (state, path);
      g_autofree char *pattern = str_or (scan, args, "pattern", "");

      g_strdelimit (pattern, "\n\r\t", ' ');
      if (name[0] == 'g')
        return g_strdup_printf ("[grep: /%s/ in %s]", pattern, where);
      return g_strdup_printf ("[find: %s in %s]", pattern, where);
    }
  if (g_strcmp0 (name, "ls") == 0)
    {
      g_autofree char *path = str_or (scan, args, "path", ".");
      g_autofree char *where = flat_path (state, path);

      return g_strdup_printf ("[ls: %s]", where);
    }

  {
    g_autofree char *json = args ? ramo_scan_to_json (scan, args) : g_strdup ("undefined");
    g_autofree char *cut = g_utf8_strlen (json, -1) > 40 ? g_utf8_substring (json, 0, 40) : g_strdup (json);

    g_strdelimit (cut, "\n\r\t", ' ');
    return g_strdup_printf ("[%s: %s%s]", name ? name : "undefined", cut,
                            g_utf8_strlen (json, -1) > 40 ? "..." : "");
  }
}

static void
remember_tool_calls (RamoDisplayState *state,
                     RamoScan         *scan,
                     guint             content)
{
  if (ramo_scan_type (scan, content) != RAMO_SCAN_ARRAY)
    return;

  for (guint b = ramo_scan_node (scan, content)->first_child; b; b = ramo_scan_node (scan, b)->next)
    {
      g_autofree char *id = NULL;
      g_autofree char *name = NULL;

      if (!ramo_scan_string_equal (scan, ramo_scan_member (scan, b, "type"), "toolCall"))
        continue;
      id = str_member (scan, b, "id", 0);
      if (id == NULL)
        continue;
      name = str_member (scan, b, "name", 0);
      g_ptr_array_add (state->calls, g_steal_pointer (&id));
      g_ptr_array_add (state->calls, format_tool_call (state, scan, name, ramo_scan_member (scan, b, "arguments")));
    }
}

/* An assistant message "has text" when a text block (or a string content) is not blank. */
static gboolean
has_visible_text (RamoScan *scan,
                  guint     content)
{
  if (ramo_scan_type (scan, content) == RAMO_SCAN_STRING)
    return !ramo_scan_string_blank (scan, content);
  if (ramo_scan_type (scan, content) != RAMO_SCAN_ARRAY)
    return FALSE;
  for (guint b = ramo_scan_node (scan, content)->first_child; b; b = ramo_scan_node (scan, b)->next)
    {
      guint text;

      if (!ramo_scan_string_equal (scan, ramo_scan_member (scan, b, "type"), "text"))
        continue;
      text = ramo_scan_member (scan, b, "text");
      if (ramo_scan_type (scan, text) == RAMO_SCAN_STRING && !ramo_scan_string_blank (scan, text))
        return TRUE;
    }
  return FALSE;
}

static void
append_member_flat (GString    *out,
                    RamoScan   *scan,
                    guint       object,
                    const char *name)
{
  /* at most DISPLAY_MAX_CHARS characters are kept; decode a little more for the trim */
  g_autofree char *text = str_member (scan, object, name, DISPLAY_MAX_CHARS + 64);

  append_flat (out, text ? text : "");
}

/**
 * _ramo_entry_compute_display:
 * @state: the tool calls seen so far
 * @entry: the entry, with its type, role and flags already set
 * @scan: the entry's line, scanned; the entry object is node 1
 *
 * Returns: (transfer full): the entry's one-line display text (pi's /tree formats)
 */
char *
_ramo_entry_compute_display (RamoDisplayState *state,
                             RamoEntry        *entry,
                             RamoScan         *scan)
{
  GString *out = g_string_new (NULL);
  const guint object = 1;

  g_ptr_array_set_size (state->calls, 0);
  g_clear_pointer (&state->call_id, g_free);

  switch ((RamoEntryType) entry->type)
    {
    case RAMO_ENTRY_TYPE_MESSAGE:
      {
        guint message = ramo_scan_member (scan, object, "message");
        guint content = ramo_scan_member (scan, message, "content");

        switch ((RamoMessageRole) entry->role)
          {
          case RAMO_MESSAGE_ROLE_USER:
            {
              g_autofree char *text = content_text (scan, content, 200);
              g_string_append (out, "user: ");
              append_flat (out, text);
            }
            break;

          case RAMO_MESSAGE_ROLE_ASSISTANT:
            {
              g_autofree char *stop = str_member (scan, message, "stopReason", 0);

              remember_tool_calls (state, scan, content);
              if (has_visible_text (scan, content))
                entry->flags |= RAMO_ENTRY_FLAG_HAS_TEXT;
              /* pi hides a text-less turn unless it ended other than normally */
              if (stop && stop[0] && strcmp (stop, "stop") != 0 && strcmp (stop, "toolUse") != 0)
                entry->flags |= RAMO_ENTRY_FLAG_ERROR;
              g_string_append (out, "assistant: ");
              if (entry->flags & RAMO_ENTRY_FLAG_HAS_TEXT)
                {
                  g_autofree char *text = content_text (scan, content, 200);
                  append_flat (out, text);
                }
              else if (g_strcmp0 (stop, "aborted") == 0)
                g_string_append (out, "(aborted)");
              else
                {
                  g_autofree char *err = str_member (scan, message, "errorMessage", 0);

                  if (err && err[0])
                    {
                      g_autofree char *flat = norm (err);
                      g_autofree char *cut = g_utf8_strlen (flat, -1) > 80 ? g_utf8_substring (flat, 0, 80) : g_strdup (flat);
                      g_string_append (out, cut);
                    }
                  else
                    g_string_append (out, "(no content)");
                }
            }
            break;

          case RAMO_MESSAGE_ROLE_TOOL_RESULT:
            {
              g_autofree char *tool = str_or (scan, message, "toolName", "tool");

              /* the manager replaces this with the call, when it knows it */
              state->call_id = str_member (scan, message, "toolCallId", 0);
              g_string_append_printf (out, "[%s]", tool);
            }
            break;

          case RAMO_MESSAGE_ROLE_BASH_EXECUTION:
            g_string_append (out, "[bash]: ");
            append_member_flat (out, scan, message, "command");
            break;

          case RAMO_MESSAGE_ROLE_CUSTOM:
          case RAMO_MESSAGE_ROLE_NONE:
          case RAMO_MESSAGE_ROLE_OTHER:
          default:
            g_string_append_printf (out, "[%s]", entry->role_name ? entry->role_name : "undefined");
            break;
          }
      }
      break;

    case RAMO_ENTRY_TYPE_THINKING_LEVEL_CHANGE:
      {
        guint level = ramo_scan_member (scan, object, "thinkingLevel");
        g_autofree char *text = ramo_scan_type (scan, level) == RAMO_SCAN_STRING
                                ? ramo_scan_string (scan, level, 0)
                                : level ? ramo_scan_to_json (scan, level) : g_strdup ("undefined");

        g_string_append_printf (out, "[thinking: %s]", text);
      }
      break;

    case RAMO_ENTRY_TYPE_MODEL_CHANGE:
      {
        /* oh-my-pi writes `model` ("provider/id") instead of `modelId` */
        g_autofree char *model_id = str_member (scan, object, "modelId", 0);
        g_autofree char *model = model_id ? NULL : str_member (scan, object, "model", 0);

        g_string_append_printf (out, "[model: %s]", model_id ? model_id : model ? model : "undefined");
      }
      break;

    case RAMO_ENTRY_TYPE_COMPACTION:
      {
        double tokens;

        g_string_append (out, "[compaction: ");
        if (number_member (scan, object, "tokensBefore", &tokens))
          ramo_json_write_number (out, floor (tokens / 1000 + 0.5));  /* Math.round */
        else
          g_string_append (out, "NaN");
        g_string_append (out, "k tokens]");
      }
      break;

    case RAMO_ENTRY_TYPE_BRANCH_SUMMARY:
      g_string_append (out, "[branch summary]: ");
      append_member_flat (out, scan, object, "summary");
      break;

    case RAMO_ENTRY_TYPE_CUSTOM:
      {
        g_autofree char *type = str_or (scan, object, "customType", "undefined");
        g_string_append_printf (out, "[custom: %s]", type);
      }
      break;

    case RAMO_ENTRY_TYPE_CUSTOM_MESSAGE:
      {
        g_autofree char *type = str_or (scan, object, "customType", "undefined");
        g_autofree char *text = content_text (scan, ramo_scan_member (scan, object, "content"), DISPLAY_MAX_CHARS + 64);

        g_string_append_printf (out, "[%s]: ", type);
        append_flat (out, text);
      }
      break;

    case RAMO_ENTRY_TYPE_LABEL:
      {
        guint label = ramo_scan_member (scan, object, "label");

        if (label == 0 || ramo_scan_type (scan, label) == RAMO_SCAN_NULL)
          g_string_append (out, "[label: (cleared)]");
        else
          {
            g_string_append (out, "[label: ");
            append_member_flat (out, scan, object, "label");
            g_string_append_c (out, ']');
          }
      }
      break;

    case RAMO_ENTRY_TYPE_SESSION_INFO:
      {
        g_autofree char *name = str_member (scan, object, "name", DISPLAY_MAX_CHARS);

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

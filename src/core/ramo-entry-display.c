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

#include "ramo-entry-display-private.h"
#include "ramo-js.h"
#include "ramo-json.h"
#include "ramo-json-scan.h"

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
 *
 * Everything is written into buffers the state reuses from line to line, and the results go
 * straight into the caller's string chunk: a line costs no allocation of its own.
 */
struct _RamoDisplayState
{
  char         *home;
  gsize         home_len;
  GString      *out;       /* the display text being made */
  GString      *text;      /* scratch: a message text */
  GString      *value;     /* scratch: a short value (a name, a stop reason) */
  GString      *value2;    /* scratch: another one */
  GString      *call;      /* scratch: one formatted tool call */
  GPtrArray    *calls;     /* out: id, formatted call, id, formatted call, … of the last line */
  const char   *call_id;   /* out: the toolCallId of the last line, when it is a tool result */
};

RamoDisplayState *
_ramo_display_state_new (void)
{
  RamoDisplayState *state = g_new0 (RamoDisplayState, 1);

  state->home = g_strdup (g_get_home_dir ());
  state->home_len = state->home ? strlen (state->home) : 0;
  state->out = g_string_sized_new (1024);
  state->text = g_string_sized_new (1024);
  state->value = g_string_sized_new (64);
  state->value2 = g_string_sized_new (64);
  state->call = g_string_sized_new (128);
  state->calls = g_ptr_array_new ();
  return state;
}

void
_ramo_display_state_free (RamoDisplayState *state)
{
  g_ptr_array_unref (state->calls);
  g_string_free (state->out, TRUE);
  g_string_free (state->text, TRUE);
  g_string_free (state->value, TRUE);
  g_string_free (state->value2, TRUE);
  g_string_free (state->call, TRUE);
  g_free (state->home);
  g_free (state);
}

/* The calls of the last line: id, formatted call, … (strings in the chunk given to
 * _ramo_entry_compute_display()). */
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

/* @buf set to a member's string value, decoded, at most @max characters (0 = all), and read
 * as a C string would be (up to a NUL it may hold). Returns %FALSE, with @buf empty, when the
 * member is not a string. */
static gboolean
node_str (RamoScan *scan,
          guint     node,
          glong     max,
          GString  *buf)
{
  g_string_truncate (buf, 0);
  if (!ramo_scan_append_string (scan, node, max, buf))
    return FALSE;
  /* only an escape (\u0000) can put a NUL in it */
  if (ramo_scan_node (scan, node)->escaped)
    g_string_truncate (buf, strlen (buf->str));
  return TRUE;
}

/* The same, of the member @name of @object */
static gboolean
get_str (RamoScan   *scan,
         guint       object,
         const char *name,
         glong       max,
         GString    *buf)
{
  return node_str (scan, ramo_scan_member (scan, object, name), max, buf);
}

/* JavaScript's `object.name || fallback` for a string member, into @buf. */
static const char *
get_str_or (RamoScan   *scan,
            guint       object,
            const char *name,
            const char *fallback,
            GString    *buf)
{
  if (get_str (scan, object, name, 0, buf) && buf->len > 0)
    return buf->str;
  g_string_assign (buf, fallback);
  return buf->str;
}

static gboolean
number_member (RamoScan   *scan,
               guint       object,
               const char *name,
               double     *value)
{
  return ramo_scan_number (scan, ramo_scan_member (scan, object, name), value);
}

/* @buf set to the text of a message `content` as pi's tree takes it: a string, or the text
 * blocks concatenated with no separator; at most @max characters (0 = no limit). Each piece
 * is read as a C string (up to a NUL it may hold). */
static void
content_text (RamoScan *scan,
              guint     content,
              glong     max,
              GString  *buf)
{
  glong have = 0;
  gsize counted = 0;     /* bytes of @buf counted in @have */

  g_string_truncate (buf, 0);
  if (ramo_scan_type (scan, content) == RAMO_SCAN_STRING)
    {
      ramo_scan_append_string (scan, content, max, buf);
      g_string_truncate (buf, strlen (buf->str));
      return;
    }
  if (ramo_scan_type (scan, content) != RAMO_SCAN_ARRAY)
    return;

  for (guint b = ramo_scan_node (scan, content)->first_child; b; b = ramo_scan_node (scan, b)->next)
    {
      gsize before = buf->len;

      /* counted only when another block comes: there is mostly one */
      if (max)
        {
          have += ramo_utf8_count_chars (buf->str + counted, buf->len - counted);
          counted = buf->len;
          if (have >= max)
            break;
        }
      if (_ramo_scan_block_kind (scan, b) != RAMO_CONTENT_TEXT)
        continue;
      if (!ramo_scan_append_string (scan, ramo_scan_member (scan, b, "text"), max ? max - have : 0, buf))
        continue;
      g_string_truncate (buf, before + strlen (buf->str + before));
    }
}

/* Appends pi's one-line form of @text to @out: tabs and line ends as spaces, then trimmed.
 * (pi keeps a lone \r; a GTK label would break the line there, so Ramo turns it into a space
 * as well.) */
static void
append_norm (GString    *out,
             const char *text)
{
  const char *start = text ? text : "";
  const char *end = start + strlen (start);
  const char *run;

  while (*start && ramo_js_is_white_space (g_utf8_get_char (start)))
    start = g_utf8_next_char (start);
  while (end > start)
    {
      const char *prev = g_utf8_prev_char (end);
      if (!ramo_js_is_white_space (g_utf8_get_char (prev)))
        break;
      end = prev;
    }

  run = start;
  for (const char *p = start; p < end; p++)
    {
      guchar c;

      /* straight to the next byte that may need a change (the text is NUL-terminated) */
      p += strcspn (p, "\n\t\r\xE2");
      if (p >= end)
        break;
      c = (guchar) *p;
      if (c == '\n' || c == '\t' || c == '\r')
        {
          g_string_append_len (out, run, p - run);
          g_string_append_c (out, ' ');
          run = p + 1;
        }
      else if (c == 0xE2 && p + 2 < end && (guchar) p[1] == 0x80 && ((guchar) p[2] == 0xA8 || (guchar) p[2] == 0xA9))
        {
          /* U+2028, U+2029 */
          g_string_append_len (out, run, p - run);
          g_string_append_c (out, ' ');
          p += 2;
          run = p + 1;
        }
    }
  g_string_append_len (out, run, end - run);
}

/* Cuts what was appended to @out after @from to @max characters; TRUE when it was longer. */
static gboolean
cut_chars (GString *out,
           gsize    from,
           glong    max)
{
  /* a character takes at least one byte: short texts need no counting */
  if (out->len - from > (gsize) max && ramo_utf8_count_chars (out->str + from, out->len - from) > max)
    {
      g_string_truncate (out, g_utf8_offset_to_pointer (out->str + from, max) - out->str);
      return TRUE;
    }
  return FALSE;
}

/* Appends @text in pi's one-line form, keeping at most DISPLAY_MAX_CHARS characters of it
 * (a row shows far fewer; this bounds the memory a huge message costs). */
static void
append_flat (GString    *out,
             const char *text)
{
  gsize from = out->len;

  append_norm (out, text);
  if (cut_chars (out, from, DISPLAY_MAX_CHARS))
    g_string_append (out, "…");
}

/* Appends a path as pi prints it (home as ~), on one line: pi prints path fields raw, and a
 * newline would break Ramo's one-line row. */
static void
append_flat_path (RamoDisplayState *state,
                  GString          *out,
                  const char       *path)
{
  gsize from = out->len;

  if (state->home_len > 1 && g_str_has_prefix (path, state->home) &&
      (path[state->home_len] == '/' || path[state->home_len] == '\0'))
    {
      g_string_append_c (out, '~');
      g_string_append (out, path + state->home_len);
    }
  else
    g_string_append (out, path);
  g_strdelimit (out->str + from, "\n\r\t", ' ');
}

/* A tool call as the tree shows it, e.g. `[read: ~/src/a.c:10-29]` (pi's /tree formats),
 * into @out. @name is NULL when the call has no string name. */
static void
format_tool_call (RamoDisplayState *state,
                  RamoScan         *scan,
                  const char       *name,
                  guint             args,
                  GString          *out)
{
  GString *value = state->value;
  GString *value2 = state->value2;

  g_string_truncate (out, 0);
  if (ramo_scan_type (scan, args) != RAMO_SCAN_OBJECT)
    args = 0;

  if (g_strcmp0 (name, "read") == 0 || g_strcmp0 (name, "write") == 0 || g_strcmp0 (name, "edit") == 0)
    {
      const char *path;

      if (get_str (scan, args, "path", 0, value) && value->len > 0)
        path = value->str;
      else
        path = get_str_or (scan, args, "file_path", "", value2);
      g_string_append_c (out, '[');
      g_string_append (out, name);
      g_string_append (out, ": ");
      append_flat_path (state, out, path);
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
      return;
    }
  if (g_strcmp0 (name, "bash") == 0)
    {
      gboolean have = get_str (scan, args, "command", 0, value);
      gboolean longer = have && g_utf8_strlen (value->str, value->len) > 50;

      g_string_append (out, "[bash: ");
      append_norm (out, value->str);
      cut_chars (out, strlen ("[bash: "), 50);
      g_string_append (out, longer ? "...]" : "]");
      return;
    }
  if (g_strcmp0 (name, "grep") == 0 || g_strcmp0 (name, "find") == 0)
    {
      const char *path = get_str_or (scan, args, "path", ".", value);
      const char *pattern = get_str_or (scan, args, "pattern", "", value2);

      g_strdelimit (value2->str, "\n\r\t", ' ');
      g_string_append (out, name[0] == 'g' ? "[grep: /" : "[find: ");
      g_string_append (out, pattern);
      g_string_append (out, name[0] == 'g' ? "/ in " : " in ");
      append_flat_path (state, out, path);
      g_string_append_c (out, ']');
      return;
    }
  if (g_strcmp0 (name, "ls") == 0)
    {
      const char *path = get_str_or (scan, args, "path", ".", value);

      g_string_append (out, "[ls: ");
      append_flat_path (state, out, path);
      g_string_append_c (out, ']');
      return;
    }

  {
    g_autofree char *json = args ? ramo_scan_to_json (scan, args) : g_strdup ("undefined");
    gboolean longer;
    gsize from;

    g_string_append_c (out, '[');
    g_string_append (out, name ? name : "undefined");
    g_string_append (out, ": ");
    from = out->len;
    g_string_append (out, json);
    longer = cut_chars (out, from, 40);
    g_strdelimit (out->str + from, "\n\r\t", ' ');
    g_string_append (out, longer ? "...]" : "]");
  }
}

static const char *
chunk_insert (GStringChunk *strings,
              GString      *str)
{
  return g_string_chunk_insert_len (strings, str->str, str->len);
}

static void
remember_tool_calls (RamoDisplayState *state,
                     GStringChunk     *strings,
                     RamoScan         *scan,
                     guint             content)
{
  if (ramo_scan_type (scan, content) != RAMO_SCAN_ARRAY)
    return;

  for (guint b = ramo_scan_node (scan, content)->first_child; b; b = ramo_scan_node (scan, b)->next)
    {
      const char *id;
      const char *name;

      if (_ramo_scan_block_kind (scan, b) != RAMO_CONTENT_TOOL_CALL)
        continue;
      if (!get_str (scan, b, "id", 0, state->text))
        continue;
      id = chunk_insert (strings, state->text);
      name = get_str (scan, b, "name", 0, state->text) ? state->text->str : NULL;
      format_tool_call (state, scan, name, ramo_scan_member (scan, b, "arguments"), state->call);
      g_ptr_array_add (state->calls, (char *) id);
      g_ptr_array_add (state->calls, (char *) chunk_insert (strings, state->call));
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

      if (_ramo_scan_block_kind (scan, b) != RAMO_CONTENT_TEXT)
        continue;
      text = ramo_scan_member (scan, b, "text");
      if (ramo_scan_type (scan, text) == RAMO_SCAN_STRING && !ramo_scan_string_blank (scan, text))
        return TRUE;
    }
  return FALSE;
}

static void
append_member_flat (RamoDisplayState *state,
                    RamoScan         *scan,
                    guint             object,
                    const char       *name)
{
  /* at most DISPLAY_MAX_CHARS characters are kept; decode a little more for the trim */
  get_str (scan, object, name, DISPLAY_MAX_CHARS + 64, state->text);
  append_flat (state->out, state->text->str);
}

/**
 * _ramo_entry_compute_display:
 * @state: the tool calls seen so far
 * @strings: where the display text, the calls and the call id go
 * @entry: the entry, with its type, role and flags already set
 * @scan: the entry's line, scanned; the entry object is node 1
 * @top: the line's members (_ramo_find_top_members()): its `message`, its content, its stop reason
 *
 * Returns: (transfer none): the entry's one-line display text (pi's /tree formats), in @strings
 */
const char *
_ramo_entry_compute_display (RamoDisplayState     *state,
                             GStringChunk         *strings,
                             RamoEntry            *entry,
                             RamoScan             *scan,
                             const RamoTopMembers *top)
{
  guint message = top->message;
  GString *out = state->out;
  GString *text = state->text;
  GString *value = state->value;
  const guint object = 1;

  g_string_truncate (out, 0);
  g_ptr_array_set_size (state->calls, 0);
  state->call_id = NULL;

  switch ((RamoEntryType) entry->type)
    {
    case RAMO_ENTRY_TYPE_MESSAGE:
      {
        guint content = top->content;

        switch ((RamoMessageRole) entry->role)
          {
          case RAMO_MESSAGE_ROLE_USER:
            content_text (scan, content, 200, text);
            g_string_append (out, "user: ");
            append_flat (out, text->str);
            break;

          case RAMO_MESSAGE_ROLE_ASSISTANT:
            {
              const char *stop;

              remember_tool_calls (state, strings, scan, content);
              stop = node_str (scan, top->stop_reason, 0, value) ? value->str : NULL;
              if (has_visible_text (scan, content))
                entry->flags |= RAMO_ENTRY_FLAG_HAS_TEXT;
              /* pi hides a text-less turn unless it ended other than normally */
              if (stop && stop[0] && strcmp (stop, "stop") != 0 && strcmp (stop, "toolUse") != 0)
                entry->flags |= RAMO_ENTRY_FLAG_ERROR;
              g_string_append (out, "assistant: ");
              if (entry->flags & RAMO_ENTRY_FLAG_HAS_TEXT)
                {
                  content_text (scan, content, 200, text);
                  append_flat (out, text->str);
                }
              else if (g_strcmp0 (stop, "aborted") == 0)
                g_string_append (out, "(aborted)");
              else if (get_str (scan, message, "errorMessage", 0, text) && text->len > 0)
                {
                  gsize from = out->len;

                  append_norm (out, text->str);
                  cut_chars (out, from, 80);
                }
              else
                g_string_append (out, "(no content)");
            }
            break;

          case RAMO_MESSAGE_ROLE_TOOL_RESULT:
            /* the manager replaces this with the call, when it knows it */
            if (get_str (scan, message, "toolCallId", 0, text))
              state->call_id = chunk_insert (strings, text);
            g_string_append_c (out, '[');
            g_string_append (out, get_str_or (scan, message, "toolName", "tool", value));
            g_string_append_c (out, ']');
            break;

          case RAMO_MESSAGE_ROLE_BASH_EXECUTION:
            g_string_append (out, "[bash]: ");
            append_member_flat (state, scan, message, "command");
            break;

          case RAMO_MESSAGE_ROLE_CUSTOM:
          case RAMO_MESSAGE_ROLE_NONE:
          case RAMO_MESSAGE_ROLE_OTHER:
          default:
            g_string_append_printf (out, "[%s]", ramo_entry_get_role_name (entry) != NULL
                                                 ? ramo_entry_get_role_name (entry) : "undefined");
            break;
          }
      }
      break;

    case RAMO_ENTRY_TYPE_THINKING_LEVEL_CHANGE:
      {
        guint level = ramo_scan_member (scan, object, "thinkingLevel");
        g_autofree char *level_text = ramo_scan_type (scan, level) == RAMO_SCAN_STRING
                                      ? ramo_scan_string (scan, level, 0)
                                      : level ? ramo_scan_to_json (scan, level) : g_strdup ("undefined");

        g_string_append_printf (out, "[thinking: %s]", level_text);
      }
      break;

    case RAMO_ENTRY_TYPE_MODEL_CHANGE:
      {
        /* oh-my-pi writes `model` ("provider/id") instead of `modelId` */
        gboolean have = get_str (scan, object, "modelId", 0, value) || get_str (scan, object, "model", 0, value);

        g_string_append_printf (out, "[model: %s]", have ? value->str : "undefined");
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
      append_member_flat (state, scan, object, "summary");
      break;

    case RAMO_ENTRY_TYPE_CUSTOM:
      g_string_append_printf (out, "[custom: %s]", get_str_or (scan, object, "customType", "undefined", value));
      break;

    case RAMO_ENTRY_TYPE_CUSTOM_MESSAGE:
      content_text (scan, ramo_scan_member (scan, object, "content"), DISPLAY_MAX_CHARS + 64, text);
      g_string_append_printf (out, "[%s]: ", get_str_or (scan, object, "customType", "undefined", value));
      append_flat (out, text->str);
      break;

    case RAMO_ENTRY_TYPE_LABEL:
      {
        guint label = ramo_scan_member (scan, object, "label");

        if (label == 0 || ramo_scan_type (scan, label) == RAMO_SCAN_NULL)
          g_string_append (out, "[label: (cleared)]");
        else
          {
            g_string_append (out, "[label: ");
            append_member_flat (state, scan, object, "label");
            g_string_append_c (out, ']');
          }
      }
      break;

    case RAMO_ENTRY_TYPE_SESSION_INFO:
      g_string_append (out, "[title: ");
      if (get_str (scan, object, "name", DISPLAY_MAX_CHARS, text) && text->len > 0)
        append_flat (out, text->str);
      else
        g_string_append (out, "empty");
      g_string_append_c (out, ']');
      break;

    case RAMO_ENTRY_TYPE_CONTEXT_EDIT:
      {
        guint replacement = ramo_scan_member (scan, object, "replacement");

        /* pi 1.6.0: `[context omit: ID]` or `[context replace: ID]` */
        g_string_append_printf (out, "[context %s: %s]",
                                ramo_scan_type (scan, replacement) == RAMO_SCAN_NULL ? "omit" : "replace",
                                get_str_or (scan, object, "targetId", "undefined", value));
      }
      break;

    case RAMO_ENTRY_TYPE_UNKNOWN:
    default:
      /* pi shows no text for types it does not know; Ramo names the type */
      {
        const char *type_name = ramo_entry_get_type_name (entry);

        g_string_append_printf (out, "[%s]", type_name && *type_name ? type_name : "?");
      }
      break;
    }

  return chunk_insert (strings, out);
}

/**
 * ramo_format_label_time:
 * @timestamp: (nullable): a label entry's `timestamp`, as written
 * @now: (nullable): the time to compare with, or %NULL for now
 *
 * A label's time as pi 1.6.0's tree selector shows it when label times are on
 * (`formatLabelTimestamp()`, `dist/modes/interactive/components/tree-selector.js`), in local
 * time: `HH:MM` today, `M/D HH:MM` this year, `YY/M/D HH:MM` before.
 *
 * Returns: (transfer full) (nullable): the text, or %NULL when @timestamp is not a date
 *   JavaScript reads
 */
char *
ramo_format_label_time (const char *timestamp,
                        GDateTime  *now)
{
  double ms = timestamp ? ramo_js_date_parse (timestamp) : NAN;
  g_autoptr(GDateTime) utc = NULL;
  g_autoptr(GDateTime) date = NULL;
  g_autoptr(GDateTime) current = NULL;

  if (isnan (ms))
    return NULL;
  utc = g_date_time_new_from_unix_utc ((gint64) floor (ms / 1000));
  if (utc == NULL)
    return NULL;
  date = g_date_time_to_local (utc);
  current = now ? g_date_time_to_local (now) : g_date_time_new_now_local ();
  if (g_date_time_get_year (date) == g_date_time_get_year (current) &&
      g_date_time_get_day_of_year (date) == g_date_time_get_day_of_year (current))
    return g_date_time_format (date, "%H:%M");
  if (g_date_time_get_year (date) == g_date_time_get_year (current))
    return g_strdup_printf ("%d/%d %02d:%02d", g_date_time_get_month (date), g_date_time_get_day_of_month (date),
                            g_date_time_get_hour (date), g_date_time_get_minute (date));
  return g_strdup_printf ("%02d/%d/%d %02d:%02d", g_date_time_get_year (date) % 100, g_date_time_get_month (date),
                          g_date_time_get_day_of_month (date), g_date_time_get_hour (date),
                          g_date_time_get_minute (date));
}

/* The characters that act on the text around them: the bidirectional embeddings and
 * overrides (U+202A–U+202E) and isolates (U+2066–U+2069), which reorder what follows, and the
 * line and paragraph separators (U+2028, U+2029), which break a line where they are. */
static inline gboolean
acts_on_text_around (gunichar c)
{
  return (c >= 0x2028 && c <= 0x202E) || (c >= 0x2066 && c <= 0x2069);
}

/**
 * ramo_text_needs_visible:
 * @text: UTF-8 text (invalid sequences allowed)
 * @length: its length in bytes, or -1 when nul-terminated
 * @keep_newlines: whether line feeds and tabs are the text's own (multi-line text)
 *
 * Returns: whether ramo_text_dup_visible() would change @text
 */
gboolean
ramo_text_needs_visible (const char *text,
                         gssize      length,
                         gboolean    keep_newlines)
{
  const guchar *p = (const guchar *) text, *end;

  g_return_val_if_fail (text != NULL || length == 0, FALSE);

  end = p + (length < 0 ? strlen (text) : (gsize) length);
  for (; p < end; p++)
    {
      if (*p < 0x20 && !(keep_newlines && (*p == '\n' || *p == '\t')))
        return TRUE;
      if (*p == 0x7f)
        return TRUE;
      /* C1 controls (C2 80–9F), U+2028–U+202E (E2 80 A8–AE), U+2066–U+2069 (E2 81 A6–A9) */
      if (*p == 0xc2 && p + 1 < end && p[1] >= 0x80 && p[1] <= 0x9f)
        return TRUE;
      if (*p == 0xe2 && p + 2 < end &&
          ((p[1] == 0x80 && p[2] >= 0xa8 && p[2] <= 0xae) || (p[1] == 0x81 && p[2] >= 0xa6 && p[2] <= 0xa9)))
        return TRUE;
    }
  return !g_utf8_validate (text, length, NULL);
}

/**
 * ramo_text_dup_visible:
 * @text: UTF-8 text from a session file (invalid sequences allowed)
 * @length: its length in bytes, or -1 when nul-terminated
 * @keep_newlines: whether line feeds and tabs stay (multi-line text) or are shown too
 *
 * @text with what would act instead of showing made visible, so that a session's text can
 * neither fake lines or rows of Ramo's output nor reorder what follows it. Every text from a
 * session file passes through it before a terminal or a widget shows it, outside the views of
 * an entry's own JSON:
 * - a C0 control (a line feed, a carriage return, an escape, a bell…) or DEL becomes its
 *   Unicode picture (␊ ␍ ␛ ␇ ␡);
 * - a C1 control, a line or paragraph separator (U+2028, U+2029), and a bidirectional
 *   embedding, override or isolate (U+202A–U+202E, U+2066–U+2069: "evil\u202Eexe.live" would
 *   show as "evilevil.exe"), becomes its escape: a backslash, `u` and four hex digits;
 * - a byte that is not UTF-8 becomes U+FFFD.
 *
 * Returns: (transfer full): the text as it is to be shown
 */
char *
ramo_text_dup_visible (const char *text,
                       gssize      length,
                       gboolean    keep_newlines)
{
  const char *p = text, *end;
  GString *out;

  g_return_val_if_fail (text != NULL || length == 0, NULL);

  end = text + (length < 0 ? strlen (text) : (gsize) length);
  out = g_string_sized_new (end - text + 16);
  while (p < end)
    {
      gunichar c = g_utf8_get_char_validated (p, end - p);

      if (c == (gunichar) -1 || c == (gunichar) -2)
        {
          g_string_append_unichar (out, 0xFFFD);
          p++;
          continue;
        }
      if (c < 0x20 && !(keep_newlines && (c == '\n' || c == '\t')))
        g_string_append_unichar (out, 0x2400 + c);
      else if (c == 0x7f)
        g_string_append_unichar (out, 0x2421);
      else if ((c >= 0x80 && c <= 0x9f) || acts_on_text_around (c))
        g_string_append_printf (out, "\\u%04x", c);
      else
        g_string_append_len (out, p, g_utf8_next_char (p) - p);
      p = g_utf8_next_char (p);
    }
  return g_string_free (out, FALSE);
}

/* ramo-session-scan.c
 *
 * Copyright 2026 The Ramo authors
 *
 * This program is free software: you can redistribute it and/or modify it under the terms of the
 * GNU General Public License as published by the Free Software Foundation, either version 3 of
 * the License, or (at your option) any later version.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ramo-session-index"

#include "config.h"

#include <string.h>

#include <glib/gstdio.h>
#include <json-glib/json-glib.h>

#include "ramo-json-scan.h"
#include "ramo-message.h"
#include "ramo-session-info-private.h"

/*
 * What the session browser lists about each session file, read without loading the session.
 *
 * Loading a session (ramo_session_manager_open()) validates every line and computes the display
 * text of every entry; the browser needs much less: the header (cwd, parentSession), the latest
 * `session_info` name, the first user message, and how many messages and branches there are.
 * So each line is only *peeked*: the top-level members before the first object or array value
 * hold `type`, `id` and `parentId` in every file pi writes, and a message's `role` comes first
 * in its `message` object. A line written in another key order is scanned fully instead. Only
 * the header, `session_info` lines and the first user message are parsed.
 *
 *
 * The summary's object and its accessors are in ramo-session-info.c; the listing of the
 * session folders, with the cache of summaries, in ramo-session-index.c.
 */

#define FIRST_MESSAGE_MAX_CHARS 300

/* ------------------------------------------------------------------------------------------ */
/* Peeking at a line                                                                           */

typedef struct
{
  const char *start;   /* NULL when absent; for a JSON null, start == end == NULL and is_null */
  gsize       len;
  gboolean    is_null;
  gboolean    found;
} Span;

static inline const char *
skip_ws (const char *p,
         const char *end)
{
  while (p < end && (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n'))
    p++;
  return p;
}

/* A JSON string at @p (its opening quote); returns one past the closing quote, or NULL. */
static const char *
skip_string (const char *p,
             const char *end,
             gboolean   *escaped)
{
  g_assert (*p == '"');

  for (p++; p < end; p++)
    {
      if (*p == '\\')
        {
          *escaped = TRUE;
          p++;
        }
      else if (*p == '"')
        return p + 1;
    }
  return NULL;
}

/*
 * Reads the top-level members of the object at @p up to the first member whose value is an
 * object or an array, storing the string (or null) values of @keys into @values. Returns the
 * position of that first container value and its key in @container_key, or NULL when the object
 * ends first or the text is not simple enough to peek (escapes in a wanted value or in a key).
 */
static const char *
peek_members (const char         *p,
              const char         *end,
              const char * const *keys,
              Span               *values,
              const char        **container_key,
              gsize              *container_key_len,
              gboolean           *ok)
{
  *ok = FALSE;
  p = skip_ws (p, end);
  if (p >= end || *p != '{')
    return NULL;
  p++;

  for (;;)
    {
      const char *key;
      const char *value;
      gsize key_len;
      gboolean escaped = FALSE;
      int wanted = -1;

      p = skip_ws (p, end);
      if (p < end && *p == '}')
        {
          *ok = TRUE;
          return NULL;
        }
      if (p >= end || *p != '"')
        return NULL;
      key = p + 1;
      p = skip_string (p, end, &escaped);
      if (p == NULL || escaped)
        return NULL;
      key_len = (gsize) (p - 1 - key);
      for (guint k = 0; keys[k]; k++)
        if (strlen (keys[k]) == key_len && memcmp (keys[k], key, key_len) == 0)
          wanted = (int) k;

      p = skip_ws (p, end);
      if (p >= end || *p != ':')
        return NULL;
      p = skip_ws (p + 1, end);
      if (p >= end)
        return NULL;

      value = p;
      if (*p == '"')
        {
          p = skip_string (p, end, &escaped);
          if (p == NULL || (escaped && wanted >= 0))
            return NULL;
          if (wanted >= 0)
            {
              values[wanted].start = value + 1;
              values[wanted].len = (gsize) (p - 1 - (value + 1));
              values[wanted].is_null = FALSE;
              values[wanted].found = TRUE;
            }
        }
      else if (*p == '{' || *p == '[')
        {
          *container_key = key;
          *container_key_len = key_len;
          *ok = TRUE;
          return p;
        }
      else
        {
          while (p < end && *p != ',' && *p != '}' && *p != ' ' && *p != '\t' && *p != '\r' && *p != '\n')
            p++;
          if (wanted >= 0)
            {
              values[wanted].start = NULL;
              values[wanted].len = 0;
              values[wanted].is_null = (p - value == 4 && memcmp (value, "null", 4) == 0);
              values[wanted].found = TRUE;
            }
        }

      p = skip_ws (p, end);
      if (p < end && *p == ',')
        {
          p++;
          continue;
        }
      if (p < end && *p == '}')
        {
          *ok = TRUE;
          return NULL;
        }
      return NULL;
    }
}

static gboolean
span_equal (const Span *span,
            const char *text)
{
  gsize len = strlen (text);

  return span->found && span->start != NULL && span->len == len && memcmp (span->start, text, len) == 0;
}

/* What one line says, peeked or scanned. */
typedef struct
{
  char     *type;
  char     *id;
  char     *parent_id;
  char     *role;
  gboolean  has_id;
} LineFacts;

static void
line_facts_clear (LineFacts *facts)
{
  g_clear_pointer (&facts->type, g_free);
  g_clear_pointer (&facts->id, g_free);
  g_clear_pointer (&facts->parent_id, g_free);
  g_clear_pointer (&facts->role, g_free);
  facts->has_id = FALSE;
}

static char *
span_dup (const Span *span)
{
  return span->found && span->start ? g_strndup (span->start, span->len) : NULL;
}

static gboolean
scan_line_facts (RamoScan   *scan,
                 const char *line,
                 gsize       len,
                 LineFacts  *facts)
{
  const char *error_message = NULL;
  guint message;
  guint id_node;

  if (!ramo_scan_parse (scan, line, len, &error_message) || ramo_scan_type (scan, 1) != RAMO_SCAN_OBJECT)
    return FALSE;

  facts->type = ramo_scan_string (scan, ramo_scan_member (scan, 1, "type"), 0);
  id_node = ramo_scan_member (scan, 1, "id");
  facts->id = ramo_scan_string (scan, id_node, 0);
  facts->has_id = facts->id != NULL;
  facts->parent_id = ramo_scan_string (scan, ramo_scan_member (scan, 1, "parentId"), 0);
  message = ramo_scan_member (scan, 1, "message");
  if (ramo_scan_type (scan, message) == RAMO_SCAN_OBJECT)
    facts->role = ramo_scan_string (scan, ramo_scan_member (scan, message, "role"), 0);
  return TRUE;
}

static gboolean
line_facts (RamoScan   *scan,
            const char *line,
            gsize       len,
            LineFacts  *facts)
{
  static const char * const keys[] = { "type", "id", "parentId", NULL };
  static const char * const role_keys[] = { "role", NULL };
  Span values[3] = { { 0 } };
  const char *container;
  const char *container_key = NULL;
  gsize container_key_len = 0;
  gboolean ok;

  container = peek_members (line, line + len, keys, values, &container_key, &container_key_len, &ok);
  if (!ok || !values[0].found || values[0].start == NULL)
    return scan_line_facts (scan, line, len, facts);

  /* a message whose `message` object comes before `type` or `id` is scanned fully */
  if (span_equal (&values[0], "message"))
    {
      Span role[1] = { { 0 } };
      const char *inner_key = NULL;
      gsize inner_key_len = 0;

      if (!values[1].found || container == NULL || *container != '{' ||
          container_key_len != strlen ("message") || memcmp (container_key, "message", container_key_len) != 0)
        return scan_line_facts (scan, line, len, facts);

      peek_members (container, line + len, role_keys, role, &inner_key, &inner_key_len, &ok);
      if (!ok || !role[0].found)
        return scan_line_facts (scan, line, len, facts);
      facts->role = span_dup (&role[0]);
    }
  else if (!values[1].found && container != NULL)
    return scan_line_facts (scan, line, len, facts);

  facts->type = span_dup (&values[0]);
  facts->id = span_dup (&values[1]);
  facts->has_id = facts->id != NULL;
  facts->parent_id = span_dup (&values[2]);
  return TRUE;
}

/* ------------------------------------------------------------------------------------------ */
/* Reading one file                                                                            */

/* @text on one line: runs of white space become one space, none at either end; past
 * FIRST_MESSAGE_MAX_CHARS characters it ends in "…" (the cut made in the same walk). */
static char *
normalize_text (const char *text)
{
  GString *out;
  gboolean space = FALSE;
  gsize cut = 0;              /* bytes of the first FIRST_MESSAGE_MAX_CHARS - 1 characters */
  guint n_chars = 0;

  if (text == NULL)
    return NULL;

  out = g_string_new (NULL);
  for (const char *p = text; *p; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (g_unichar_isspace (c))
        {
          space = out->len > 0;
          continue;
        }
      if (n_chars + (space ? 2 : 1) > FIRST_MESSAGE_MAX_CHARS)
        {
          /* too long: the first characters, without white space at their end, and "…" */
          g_string_truncate (out, cut);
          while (out->len > 0 && g_ascii_isspace (out->str[out->len - 1]))
            g_string_truncate (out, out->len - 1);
          g_string_append (out, "…");
          return g_string_free (out, FALSE);
        }
      if (space)
        {
          g_string_append_c (out, ' ');
          if (++n_chars == FIRST_MESSAGE_MAX_CHARS - 1)
            cut = out->len;
        }
      space = FALSE;
      g_string_append_unichar (out, c);
      if (++n_chars == FIRST_MESSAGE_MAX_CHARS - 1)
        cut = out->len;
    }

  if (out->len == 0)
    {
      g_string_free (out, TRUE);
      return NULL;
    }
  return g_string_free (out, FALSE);
}

static char *
user_message_text (const char *line,
                   gsize       len)
{
  g_autofree char *copy = g_strndup (line, len);
  g_autoptr(JsonNode) node = json_from_string (copy, NULL);
  g_autofree char *text = NULL;
  JsonObject *message;

  if (node == NULL || !JSON_NODE_HOLDS_OBJECT (node))
    return NULL;
  message = json_object_get_object_member (json_node_get_object (node), "message");
  if (message == NULL || !json_object_has_member (message, "content"))
    return NULL;
  text = ramo_content_dup_text (json_object_get_member (message, "content"), "\n", RAMO_CONTENT_FLAGS_NONE);
  return normalize_text (text);
}

static char *
session_info_name (RamoScan   *scan,
                   const char *line,
                   gsize       len)
{
  const char *error_message = NULL;
  g_autofree char *name = NULL;

  if (!ramo_scan_parse (scan, line, len, &error_message) || ramo_scan_type (scan, 1) != RAMO_SCAN_OBJECT)
    return NULL;
  name = ramo_scan_string (scan, ramo_scan_member (scan, 1, "name"), 0);
  if (name == NULL)
    return NULL;
  g_strstrip (name);
  return name[0] ? g_steal_pointer (&name) : NULL;
}

static gboolean
read_header (RamoSessionInfo *self,
             RamoScan        *scan,
             const char      *line,
             gsize            len,
             gboolean        *is_title)
{
  const char *error_message = NULL;
  g_autofree char *type = NULL;

  *is_title = FALSE;
  if (!ramo_scan_parse (scan, line, len, &error_message) || ramo_scan_type (scan, 1) != RAMO_SCAN_OBJECT)
    return FALSE;

  type = ramo_scan_string (scan, ramo_scan_member (scan, 1, "type"), 0);
  if (g_strcmp0 (type, "title") == 0)
    {
      g_free (self->title);
      self->title = ramo_scan_string (scan, ramo_scan_member (scan, 1, "title"), 0);
      *is_title = TRUE;
      return TRUE;
    }
  if (g_strcmp0 (type, "session") != 0)
    return FALSE;

  self->session_id = ramo_scan_string (scan, ramo_scan_member (scan, 1, "id"), 0);
  self->cwd = ramo_scan_string (scan, ramo_scan_member (scan, 1, "cwd"), 0);
  self->parent_session = ramo_scan_string (scan, ramo_scan_member (scan, 1, "parentSession"), 0);
  if (self->parent_session && self->parent_session[0] == '\0')
    g_clear_pointer (&self->parent_session, g_free);
  return TRUE;
}

static void
update_search_text (RamoSessionInfo *self)
{
  g_autofree char *joined = g_strjoin ("\n", self->name ? self->name : "",
                                       self->first_message ? self->first_message : "",
                                       self->title ? self->title : "", NULL);

  g_free (self->search_text);
  self->search_text = g_utf8_casefold (joined, -1);
}

static RamoSessionInfo *
scan_contents (const char  *path,
               const char  *data,
               gsize        len,
               GError     **error)
{
  g_autoptr(RamoSessionInfo) self = g_object_new (RAMO_TYPE_SESSION_INFO, NULL);
  g_autoptr(GHashTable) ids = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GHashTable) parents = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GStringChunk) chunk = g_string_chunk_new (4096);
  RamoScan scan;
  const char *p = data;
  const char *end = data + len;
  gboolean have_header = FALSE;
  guint n_entries = 0;
  guint n_without_id = 0;

  self->path = g_strdup (path);
  ramo_scan_init (&scan);

  while (p < end)
    {
      const char *nl = memchr (p, '\n', (gsize) (end - p));
      const char *line = p;
      gsize line_len = (gsize) ((nl ? nl : end) - p);
      LineFacts facts = { 0 };

      p = nl ? nl + 1 : end;
      if (line_len > 0 && line[line_len - 1] == '\r')
        line_len--;
      if (skip_ws (line, line + line_len) == line + line_len)
        continue;

      if (!have_header)
        {
          gboolean is_title;

          if (!read_header (self, &scan, line, line_len, &is_title))
            {
              ramo_scan_clear (&scan);
              g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, "%s: not a session file", path);
              return NULL;
            }
          have_header = !is_title;
          continue;
        }

      if (!line_facts (&scan, line, line_len, &facts))
        continue;   /* a line the loader would skip too */

      if (g_strcmp0 (facts.type, "session_info") == 0)
        {
          g_free (self->name);
          self->name = session_info_name (&scan, line, line_len);
        }
      else if (g_strcmp0 (facts.type, "message") == 0)
        {
          self->n_messages++;
          if (self->first_message == NULL && g_strcmp0 (facts.role, "user") == 0)
            self->first_message = user_message_text (line, line_len);
        }

      n_entries++;
      if (facts.has_id)
        {
          g_hash_table_add (ids, g_string_chunk_insert_const (chunk, facts.id));
          if (facts.parent_id)
            g_hash_table_add (parents, g_string_chunk_insert_const (chunk, facts.parent_id));
        }
      else
        n_without_id++;
      line_facts_clear (&facts);
    }

  ramo_scan_clear (&scan);

  if (!have_header)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, "%s: not a session file", path);
      return NULL;
    }

  /* Branches are the tips of the tree: entries no other entry continues. A version 1 file
   * (no ids) is one line of entries. */
  if (n_entries > 0)
    {
      GHashTableIter iter;
      gpointer id;

      g_hash_table_iter_init (&iter, ids);
      while (g_hash_table_iter_next (&iter, &id, NULL))
        if (!g_hash_table_contains (parents, id))
          self->n_branches++;
      if (n_without_id > 0 && self->n_branches == 0)
        self->n_branches = 1;
    }

  update_search_text (self);
  return g_steal_pointer (&self);
}

/**
 * ramo_session_info_scan:
 * @path: a session file
 * @error: return location for a #GError, or %NULL
 *
 * Reads what the session browser shows about @path, without loading the session.
 *
 * Returns: (transfer full): the session's summary, or %NULL if @path is not a session file
 */
RamoSessionInfo *
ramo_session_info_scan (const char  *path,
                        GError     **error)
{
  g_autoptr(GMappedFile) mapped = NULL;
  RamoSessionInfo *self;
  GStatBuf st;

  g_return_val_if_fail (path != NULL, NULL);

  if (g_stat (path, &st) != 0 || !S_ISREG (st.st_mode))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND, "%s: not a regular file", path);
      return NULL;
    }

  if (st.st_size == 0)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, "%s: empty file", path);
      return NULL;
    }

  mapped = g_mapped_file_new (path, FALSE, error);
  if (mapped == NULL)
    return NULL;

  self = scan_contents (path, g_mapped_file_get_contents (mapped), g_mapped_file_get_length (mapped), error);
  if (self)
    {
      self->size = st.st_size;
      self->modified = (gint64) st.st_mtim.tv_sec * G_USEC_PER_SEC + st.st_mtim.tv_nsec / 1000;
    }
  return self;
}

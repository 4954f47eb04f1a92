/* ramo-session-index.c
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

#include "ramo-app-util.h"
#include "ramo-json-scan.h"
#include "ramo-message.h"
#include "ramo-session-index.h"

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
 * Results are kept per path with the file's size and modification time, so that listing again
 * (a reopened browser, a file monitor event) only reads the files that changed. Nothing here
 * touches GTK: the listing runs in a worker thread.
 */

#define FIRST_MESSAGE_MAX_CHARS 300

struct _RamoSessionInfo
{
  GObject  parent_instance;

  char    *path;
  char    *session_id;
  char    *cwd;
  char    *name;
  char    *first_message;
  char    *title;
  char    *parent_session;
  char    *search_text;     /* casefolded name and first message */
  guint    n_messages;
  guint    n_branches;
  gint64   modified;        /* microseconds since the epoch */
  goffset  size;
};

G_DEFINE_FINAL_TYPE (RamoSessionInfo, ramo_session_info, G_TYPE_OBJECT)

static void
ramo_session_info_finalize (GObject *object)
{
  RamoSessionInfo *self = (RamoSessionInfo *)object;

  g_clear_pointer (&self->path, g_free);
  g_clear_pointer (&self->session_id, g_free);
  g_clear_pointer (&self->cwd, g_free);
  g_clear_pointer (&self->name, g_free);
  g_clear_pointer (&self->first_message, g_free);
  g_clear_pointer (&self->title, g_free);
  g_clear_pointer (&self->parent_session, g_free);
  g_clear_pointer (&self->search_text, g_free);

  G_OBJECT_CLASS (ramo_session_info_parent_class)->finalize (object);
}

static void
ramo_session_info_class_init (RamoSessionInfoClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = ramo_session_info_finalize;
}

static void
ramo_session_info_init (RamoSessionInfo *self)
{
}

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

static char *
normalize_text (const char *text)
{
  GString *out;
  gboolean space = FALSE;
  g_autofree char *result = NULL;

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
      if (space)
        g_string_append_c (out, ' ');
      space = FALSE;
      g_string_append_unichar (out, c);
    }

  result = g_string_free (out, FALSE);
  if (result[0] == '\0')
    return NULL;
  return ramo_ellipsize_text (result, FIRST_MESSAGE_MAX_CHARS);
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

/* ------------------------------------------------------------------------------------------ */
/* Accessors                                                                                   */

/**
 * ramo_session_info_get_path:
 * @self: a session summary
 *
 * Returns: the session file
 */
const char *
ramo_session_info_get_path (RamoSessionInfo *self)
{
  g_return_val_if_fail (RAMO_IS_SESSION_INFO (self), NULL);
  return self->path;
}

/**
 * ramo_session_info_get_session_id:
 * @self: a session summary
 *
 * Returns: (nullable): the header's `id`
 */
const char *
ramo_session_info_get_session_id (RamoSessionInfo *self)
{
  g_return_val_if_fail (RAMO_IS_SESSION_INFO (self), NULL);
  return self->session_id;
}

/**
 * ramo_session_info_get_cwd:
 * @self: a session summary
 *
 * Returns: (nullable): the header's `cwd`: the project folder the session worked in
 */
const char *
ramo_session_info_get_cwd (RamoSessionInfo *self)
{
  g_return_val_if_fail (RAMO_IS_SESSION_INFO (self), NULL);
  return self->cwd;
}

/**
 * ramo_session_info_get_name:
 * @self: a session summary
 *
 * Returns: (nullable): the name of the latest `session_info` entry
 */
const char *
ramo_session_info_get_name (RamoSessionInfo *self)
{
  g_return_val_if_fail (RAMO_IS_SESSION_INFO (self), NULL);
  return self->name;
}

/**
 * ramo_session_info_get_first_message:
 * @self: a session summary
 *
 * Returns: (nullable): the text of the first user message, on one line and shortened
 */
const char *
ramo_session_info_get_first_message (RamoSessionInfo *self)
{
  g_return_val_if_fail (RAMO_IS_SESSION_INFO (self), NULL);
  return self->first_message;
}

/**
 * ramo_session_info_get_title:
 * @self: a session summary
 *
 * Returns: (nullable): the oh-my-pi title slot's title
 */
const char *
ramo_session_info_get_title (RamoSessionInfo *self)
{
  g_return_val_if_fail (RAMO_IS_SESSION_INFO (self), NULL);
  return self->title;
}

/**
 * ramo_session_info_get_parent_session:
 * @self: a session summary
 *
 * Returns: (nullable): the header's `parentSession`: the file this session was branched from
 */
const char *
ramo_session_info_get_parent_session (RamoSessionInfo *self)
{
  g_return_val_if_fail (RAMO_IS_SESSION_INFO (self), NULL);
  return self->parent_session;
}

/**
 * ramo_session_info_get_n_messages:
 * @self: a session summary
 *
 * Returns: how many `message` entries the file has, on every branch
 */
guint
ramo_session_info_get_n_messages (RamoSessionInfo *self)
{
  g_return_val_if_fail (RAMO_IS_SESSION_INFO (self), 0);
  return self->n_messages;
}

/**
 * ramo_session_info_get_n_branches:
 * @self: a session summary
 *
 * Returns: how many branches (tips of the tree) the session has; 0 when it has no entries
 */
guint
ramo_session_info_get_n_branches (RamoSessionInfo *self)
{
  g_return_val_if_fail (RAMO_IS_SESSION_INFO (self), 0);
  return self->n_branches;
}

/**
 * ramo_session_info_get_modified:
 * @self: a session summary
 *
 * Returns: when the file last changed, in microseconds since the epoch
 */
gint64
ramo_session_info_get_modified (RamoSessionInfo *self)
{
  g_return_val_if_fail (RAMO_IS_SESSION_INFO (self), 0);
  return self->modified;
}

/**
 * ramo_session_info_get_size:
 * @self: a session summary
 *
 * Returns: the file's size in bytes when it was read
 */
goffset
ramo_session_info_get_size (RamoSessionInfo *self)
{
  g_return_val_if_fail (RAMO_IS_SESSION_INFO (self), 0);
  return self->size;
}

/**
 * ramo_session_info_matches:
 * @self: a session summary
 * @terms: (nullable) (array zero-terminated=1): casefolded search words
 *   (ramo_session_index_split_terms())
 *
 * Returns: %TRUE when every word occurs in the session's name or first message
 */
gboolean
ramo_session_info_matches (RamoSessionInfo    *self,
                           const char * const *terms)
{
  g_return_val_if_fail (RAMO_IS_SESSION_INFO (self), FALSE);

  for (guint i = 0; terms && terms[i]; i++)
    if (strstr (self->search_text, terms[i]) == NULL)
      return FALSE;
  return TRUE;
}

/**
 * ramo_session_index_split_terms:
 * @search: (nullable): what the user typed
 *
 * Returns: (transfer full) (nullable): the casefolded words of @search, %NULL when it has none
 */
char **
ramo_session_index_split_terms (const char *search)
{
  g_autofree char *folded = NULL;
  g_auto(GStrv) words = NULL;
  GPtrArray *terms;

  if (search == NULL)
    return NULL;

  folded = g_utf8_casefold (search, -1);
  words = g_strsplit_set (folded, " \t\n", -1);
  terms = g_ptr_array_new ();
  for (guint i = 0; words[i]; i++)
    if (words[i][0])
      g_ptr_array_add (terms, g_strdup (words[i]));
  if (terms->len == 0)
    {
      g_ptr_array_unref (terms);
      return NULL;
    }
  g_ptr_array_add (terms, NULL);
  return (char **) g_ptr_array_free (terms, FALSE);
}

/* ------------------------------------------------------------------------------------------ */
/* Listing the session folders                                                                  */

G_LOCK_DEFINE_STATIC (cache);
static GHashTable *cache;   /* path → RamoSessionInfo */

/**
 * ramo_session_index_forget:
 *
 * Forgets every file read so far, so that the next listing reads them all again.
 */
void
ramo_session_index_forget (void)
{
  G_LOCK (cache);
  g_clear_pointer (&cache, g_hash_table_unref);
  G_UNLOCK (cache);
}

/**
 * ramo_session_index_default_roots:
 * @extra_folders: (nullable) (array zero-terminated=1): more folders (the `session-folders` setting)
 *
 * Returns: (transfer full): `~/.pi/agent/sessions`, `~/.omp/agent/sessions` and @extra_folders,
 *   without duplicates; `~` is `$HOME`, so that tests can move it
 */
char **
ramo_session_index_default_roots (const char * const *extra_folders)
{
  const char *home = g_getenv ("HOME");
  GPtrArray *roots = g_ptr_array_new ();

  if (home == NULL || home[0] == '\0')
    home = g_get_home_dir ();

  g_ptr_array_add (roots, g_build_filename (home, ".pi", "agent", "sessions", NULL));
  g_ptr_array_add (roots, g_build_filename (home, ".omp", "agent", "sessions", NULL));
  for (guint i = 0; extra_folders && extra_folders[i]; i++)
    {
      g_autofree char *folder = NULL;
      gboolean seen = FALSE;

      if (extra_folders[i][0] == '\0')
        continue;
      if (extra_folders[i][0] == '~' && (extra_folders[i][1] == '/' || extra_folders[i][1] == '\0'))
        folder = g_build_filename (home, extra_folders[i] + 1, NULL);
      else
        folder = g_canonicalize_filename (extra_folders[i], NULL);

      for (guint j = 0; j < roots->len; j++)
        seen |= g_str_equal (g_ptr_array_index (roots, j), folder);
      if (!seen)
        g_ptr_array_add (roots, g_steal_pointer (&folder));
    }
  g_ptr_array_add (roots, NULL);
  return (char **) g_ptr_array_free (roots, FALSE);
}

static void
add_session_files (GPtrArray  *files,
                   const char *folder,
                   gboolean    descend)
{
  g_autoptr(GDir) dir = g_dir_open (folder, 0, NULL);
  const char *name;

  if (dir == NULL)
    return;

  while ((name = g_dir_read_name (dir)))
    {
      g_autofree char *path = g_build_filename (folder, name, NULL);

      if (g_str_has_suffix (name, ".jsonl"))
        {
          if (g_file_test (path, G_FILE_TEST_IS_REGULAR))
            g_ptr_array_add (files, g_steal_pointer (&path));
        }
      else if (descend && name[0] != '.' && g_file_test (path, G_FILE_TEST_IS_DIR))
        add_session_files (files, path, FALSE);
    }
}

static gint
compare_newest_first (gconstpointer a,
                      gconstpointer b)
{
  RamoSessionInfo *info_a = *(RamoSessionInfo **) a;
  RamoSessionInfo *info_b = *(RamoSessionInfo **) b;

  if (info_a->modified != info_b->modified)
    return info_a->modified > info_b->modified ? -1 : 1;
  return g_strcmp0 (info_a->path, info_b->path);
}

/* The cached summary of @path if the file is unchanged since it was read. */
static RamoSessionInfo *
lookup_cached (const char *path)
{
  RamoSessionInfo *info = NULL;
  GStatBuf st;

  if (g_stat (path, &st) != 0)
    return NULL;

  G_LOCK (cache);
  if (cache)
    info = g_hash_table_lookup (cache, path);
  if (info && (info->size != st.st_size ||
               info->modified != (gint64) st.st_mtim.tv_sec * G_USEC_PER_SEC + st.st_mtim.tv_nsec / 1000))
    info = NULL;
  if (info)
    g_object_ref (info);
  G_UNLOCK (cache);
  return info;
}

static void
store_cached (RamoSessionInfo *info)
{
  G_LOCK (cache);
  if (cache == NULL)
    cache = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, g_object_unref);
  g_hash_table_replace (cache, info->path, g_object_ref (info));
  G_UNLOCK (cache);
}

/**
 * ramo_session_index_list:
 * @roots: (array zero-terminated=1): session folders; their `*.jsonl` files and those one
 *   folder below (pi keeps one folder per working directory) are listed
 * @progress: (nullable) (scope call): called after each file
 * @progress_data: data for @progress
 * @cancellable: (nullable): a #GCancellable
 *
 * Reads the summary of every session file under @roots; files unchanged since an earlier
 * listing are not read again. Blocks: call it from a worker thread (or use
 * ramo_session_index_list_async()).
 *
 * Returns: (transfer container) (element-type RamoSessionInfo): the sessions, most recently
 *   changed first; files that are not sessions are left out
 */
GPtrArray *
ramo_session_index_list (const char * const       *roots,
                         RamoSessionIndexProgress  progress,
                         gpointer                  progress_data,
                         GCancellable             *cancellable)
{
  g_autoptr(GPtrArray) files = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
  GPtrArray *sessions = g_ptr_array_new_with_free_func (g_object_unref);

  for (guint r = 0; roots && roots[r]; r++)
    add_session_files (files, roots[r], TRUE);

  for (guint i = 0; i < files->len; i++)
    {
      const char *path = g_ptr_array_index (files, i);
      RamoSessionInfo *info;

      if (g_cancellable_is_cancelled (cancellable))
        break;
      if (!g_hash_table_add (seen, (gpointer) path))
        continue;

      info = lookup_cached (path);
      if (info == NULL)
        {
          info = ramo_session_info_scan (path, NULL);
          if (info)
            store_cached (info);
        }
      if (info)
        g_ptr_array_add (sessions, info);
      if (progress)
        progress (i + 1, files->len, progress_data);
    }

  g_ptr_array_sort (sessions, compare_newest_first);
  return sessions;
}

typedef struct
{
  char                     **roots;
  RamoSessionIndexProgress   progress;
  gpointer                   progress_data;
} ListData;

static void
list_data_free (ListData *data)
{
  g_strfreev (data->roots);
  g_free (data);
}

static void
list_thread (GTask        *task,
             gpointer      source_object,
             gpointer      task_data,
             GCancellable *cancellable)
{
  ListData *data = task_data;
  GPtrArray *sessions;

  sessions = ramo_session_index_list ((const char * const *) data->roots, data->progress, data->progress_data,
                                      cancellable);
  if (g_task_return_error_if_cancelled (task))
    g_ptr_array_unref (sessions);
  else
    g_task_return_pointer (task, sessions, (GDestroyNotify) g_ptr_array_unref);
}

/**
 * ramo_session_index_list_async:
 * @roots: (array zero-terminated=1): session folders
 * @progress: (nullable): called from the worker thread after each file
 * @progress_data: data for @progress; it must stay valid until @callback runs
 * @cancellable: (nullable): a #GCancellable
 * @callback: called on the calling thread's main context when the listing is done
 * @user_data: data for @callback
 *
 * ramo_session_index_list() in a worker thread.
 */
void
ramo_session_index_list_async (const char * const       *roots,
                               RamoSessionIndexProgress  progress,
                               gpointer                  progress_data,
                               GCancellable             *cancellable,
                               GAsyncReadyCallback       callback,
                               gpointer                  user_data)
{
  g_autoptr(GTask) task = NULL;
  ListData *data;

  task = g_task_new (NULL, cancellable, callback, user_data);
  g_task_set_source_tag (task, ramo_session_index_list_async);

  data = g_new0 (ListData, 1);
  data->roots = g_strdupv ((char **) roots);
  data->progress = progress;
  data->progress_data = progress_data;
  g_task_set_task_data (task, data, (GDestroyNotify) list_data_free);
  g_task_run_in_thread (task, list_thread);
}

/**
 * ramo_session_index_list_finish:
 * @result: the result given to the callback
 * @error: return location for a #GError, or %NULL
 *
 * Returns: (transfer container) (element-type RamoSessionInfo): the sessions, most recently
 *   changed first, or %NULL when cancelled
 */
GPtrArray *
ramo_session_index_list_finish (GAsyncResult  *result,
                                GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), NULL);
  return g_task_propagate_pointer (G_TASK (result), error);
}

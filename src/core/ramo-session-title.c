/* ramo-session-title.c — the session name: pi's `session_info` entries, oh-my-pi's title slot
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

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <glib/gstdio.h>

#include "ramo-js.h"
#include "ramo-json.h"
#include "ramo-session-manager-private.h"

/*
 * pi names a session with `session_info` entries, the latest in file order winning. oh-my-pi
 * 18.2.3 keeps the name in a title slot instead: the first line of the file, padded with spaces
 * to exactly 256 bytes with its newline (`session-title-slot.ts`), which its loader folds into
 * the header's `title` and `titleSource` (`session-loader.ts` applyTitleSlot(): a slot with an
 * empty title clears the header's). A file without a slot is named by its header's `title`.
 * `session_info` entries mean nothing to oh-my-pi, and the `title_change` entries it appends
 * on each rename are an audit trail it never reads back.
 *
 * oh-my-pi renames a session (`SessionManager.setSessionName()`) by appending a `title_change`
 * entry and then writing the new slot over the old one in place (`FileSessionStorage.
 * updateSessionTitle()`); a file without a slot it rewrites whole, with one. Ramo does the same
 * with one pwrite() of the 256 bytes at offset 0, only when the first line is such a slot; in
 * any other case it replaces the file atomically.
 */

#define TITLE_SLOT_BYTES 256

void
_ramo_title_slot_clear (RamoTitleSlot *slot)
{
  g_clear_pointer (&slot->title, g_free);
  g_clear_pointer (&slot->source, g_free);
  g_clear_pointer (&slot->updated_at, g_free);
  g_clear_pointer (&slot->bytes, g_free);
  slot->len = 0;
  slot->valid = FALSE;
}

/* Reads the object @scan parsed as oh-my-pi's parseTitleSlotObject() does: type "title", v 1,
 * a string title, updatedAt and pad, and a source that is absent, "auto" or "user". */
static gboolean
scan_slot (RamoScan      *scan,
           RamoTitleSlot *slot)
{
  guint v = ramo_scan_member (scan, 1, "v");
  guint title = ramo_scan_member (scan, 1, "title");
  guint updated_at = ramo_scan_member (scan, 1, "updatedAt");
  guint source = ramo_scan_member (scan, 1, "source");
  double version = 0;

  if (ramo_scan_type (scan, 1) != RAMO_SCAN_OBJECT ||
      !ramo_scan_string_equal (scan, ramo_scan_member (scan, 1, "type"), "title") ||
      ramo_scan_type (scan, v) != RAMO_SCAN_NUMBER || !ramo_scan_number (scan, v, &version) || version != 1 ||
      ramo_scan_type (scan, title) != RAMO_SCAN_STRING || ramo_scan_type (scan, updated_at) != RAMO_SCAN_STRING ||
      ramo_scan_type (scan, ramo_scan_member (scan, 1, "pad")) != RAMO_SCAN_STRING)
    return FALSE;
  if (source != 0 && !ramo_scan_string_equal (scan, source, "auto") && !ramo_scan_string_equal (scan, source, "user"))
    return FALSE;

  _ramo_title_slot_clear (slot);
  slot->title = ramo_scan_string (scan, title, 0);
  slot->source = source ? ramo_scan_string (scan, source, 0) : NULL;
  slot->updated_at = ramo_scan_string (scan, updated_at, 0);
  slot->valid = TRUE;
  return TRUE;
}

/* Takes @bytes (@len of them, the newline last) as the file's slot when oh-my-pi reads them as
 * one: a single line that parses as a slot. */
static gboolean
adopt_slot_bytes (RamoTitleSlot *slot,
                  const char    *bytes,
                  gsize          len)
{
  const char *error_message = NULL;
  gboolean ok;
  RamoScan scan;

  if (len == 0 || bytes[len - 1] != '\n' || memchr (bytes, '\n', len - 1) != NULL)
    return FALSE;
  ramo_scan_init (&scan);
  ok = ramo_scan_parse (&scan, bytes, len - 1, &error_message) && scan_slot (&scan, slot);
  ramo_scan_clear (&scan);
  if (ok)
    {
      slot->bytes = g_memdup2 (bytes, len);
      slot->len = len;
    }
  return ok;
}

/* The reader met a line of type "title" before the header (@scan holds it parsed; @line is its
 * text, @len bytes without the newline, at @offset). Any such line marks the file as oh-my-pi's;
 * only the file's very first line can be the slot oh-my-pi reads. */
void
_ramo_session_manager_take_title_line (RamoSessionManager *self,
                                       RamoScan           *scan,
                                       const char         *line,
                                       gsize               len,
                                       goffset             offset)
{
  g_free (self->title);
  self->title = ramo_scan_string (scan, ramo_scan_member (scan, 1, "title"), 0);
  self->has_title_slot = TRUE;

  if (offset == 0 && scan_slot (scan, &self->slot))
    {
      self->slot.bytes = g_malloc (len + 1);
      memcpy (self->slot.bytes, line, len);
      self->slot.bytes[len] = '\n';
      self->slot.len = len + 1;
    }
}

/* For tests: the title of an oh-my-pi title slot line, if the file has one. */
const char *
_ramo_session_manager_get_title (RamoSessionManager *self)
{
  g_return_val_if_fail (RAMO_IS_SESSION_MANAGER (self), NULL);
  return self->title;
}

/* The name and its source as oh-my-pi holds them once it has loaded the file: the slot's (an
 * empty title is none), else the header's `title` (as it is, "" included) and `titleSource`
 * (only "auto" or "user": oh-my-pi carries any other value into a slot it then cannot read). */
void
_ramo_session_manager_omp_title (RamoSessionManager  *self,
                                 const char         **title,
                                 const char         **source)
{
  const char *header_source;

  if (self->slot.valid)
    {
      *title = self->slot.title[0] ? self->slot.title : NULL;
      *source = self->slot.source;
      return;
    }
  *title = ramo_json_member_string (self->header, "title");
  header_source = ramo_json_member_string (self->header, "titleSource");
  *source = g_strcmp0 (header_source, "auto") == 0 || g_strcmp0 (header_source, "user") == 0 ? header_source : NULL;
}

/**
 * ramo_session_manager_dup_session_name:
 * @self: a session manager
 *
 * The session's name, as the agent of the session's dialect reads it. With pi's rules: the name
 * of the latest `session_info` entry in file order, trimmed; an empty name clears it (pi's
 * `getSessionName()`). With oh-my-pi's (`SessionManager.getSessionName()` after it opened the
 * file): the title of the slot on the file's first line, else the header's `title`;
 * `session_info` and `title_change` entries do not count.
 *
 * Returns: (transfer full) (nullable): the session name, %NULL when there is none (or it is empty)
 */
char *
ramo_session_manager_dup_session_name (RamoSessionManager *self)
{
  g_return_val_if_fail (RAMO_IS_SESSION_MANAGER (self), NULL);

  if (ramo_session_manager_get_dialect (self) == RAMO_DIALECT_OMP)
    {
      const char *title, *source;

      _ramo_session_manager_omp_title (self, &title, &source);
      return title && title[0] ? g_strdup (title) : NULL;
    }

  /* the last session_info entry, noted as the lines are read (looking for it from the end
   * took 20 ms on 1,000,000 entries that have none) */
  if (self->last_session_info != NULL)
    {
      g_autoptr(JsonObject) object = _ramo_session_manager_read_object (self, self->last_session_info, NULL);
      const char *name = object ? ramo_json_member_string (object, "name") : NULL;
      g_autofree char *trimmed = NULL;

      if (name == NULL)
        return NULL;
      trimmed = g_strstrip (g_strdup (name));
      return trimmed[0] ? g_steal_pointer (&trimmed) : NULL;
    }
  return NULL;
}

static void
append_slot_line (GString    *out,
                  const char *title,
                  const char *source,
                  const char *updated_at,
                  gsize       pad)
{
  g_string_append (out, "{\"type\":\"title\",\"v\":1,\"title\":");
  ramo_json_write_string (out, title);
  if (source)
    {
      g_string_append (out, ",\"source\":");
      ramo_json_write_string (out, source);
    }
  g_string_append (out, ",\"updatedAt\":");
  ramo_json_write_string (out, updated_at);
  g_string_append (out, ",\"pad\":\"");
  for (gsize i = 0; i < pad; i++)
    g_string_append_c (out, ' ');
  g_string_append (out, "\"}\n");
}

/* The bytes of the slot line for the first @n characters of @title, without padding. */
static gsize
slot_length (const char *title,
             glong       n,
             const char *source,
             const char *updated_at)
{
  g_autofree char *prefix = g_strndup (title, g_utf8_offset_to_pointer (title, n) - title);
  g_autoptr(GString) line = g_string_new (NULL);

  append_slot_line (line, prefix, source, updated_at, 0);
  return line->len;
}

/* Appends oh-my-pi's title slot for @title (nullable: none) from @source (nullable) at
 * @updated_at, as serializeTitleSlot() writes it: the object's members in its order, the title
 * cut to the most characters (code points) that fit, then padded with spaces in `pad` to
 * exactly 256 bytes with the newline. Errors (INVALID_ARGUMENT) when even an empty title does
 * not fit. */
gboolean
_ramo_title_slot_write (GString     *out,
                        const char  *title,
                        const char  *source,
                        const char  *updated_at,
                        GError     **error)
{
  g_autofree char *fitted = NULL;
  glong low = 0, high, best = 0;
  gsize len, start = out->len;

  title = title ? title : "";
  high = g_utf8_strlen (title, -1);
  if (slot_length (title, high, source, updated_at) <= TITLE_SLOT_BYTES)
    best = high;
  else
    while (low <= high)
      {
        glong mid = low + (high - low) / 2;

        if (slot_length (title, mid, source, updated_at) <= TITLE_SLOT_BYTES)
          {
            best = mid;
            low = mid + 1;
          }
        else
          high = mid - 1;
      }

  fitted = g_strndup (title, g_utf8_offset_to_pointer (title, best) - title);
  len = slot_length (fitted, best, source, updated_at);
  if (len > TITLE_SLOT_BYTES)
    {
      g_set_error (error, RAMO_SESSION_ERROR, RAMO_SESSION_ERROR_INVALID_ARGUMENT,
                   "the title slot's metadata does not fit in %d bytes", TITLE_SLOT_BYTES);
      return FALSE;
    }
  append_slot_line (out, fitted, source, updated_at, TITLE_SLOT_BYTES - len);
  g_assert (out->len - start == TITLE_SLOT_BYTES);
  return TRUE;
}

/* The start of a branched session as oh-my-pi's createBranchedSession() writes it: the slot
 * with the session's name, then the header (type, version, id, timestamp, cwd, title,
 * titleSource, parentSession, additionalDirectories; the absent ones left out). */
gboolean
_ramo_session_manager_write_omp_head (RamoSessionManager  *self,
                                      GString             *out,
                                      const char          *session_id,
                                      const char          *timestamp,
                                      const char          *parent_session,
                                      GError             **error)
{
  g_autoptr(JsonObject) header = json_object_new ();
  g_autoptr(JsonNode) node = NULL;
  JsonNode *dirs = self->header ? json_object_get_member (self->header, "additionalDirectories") : NULL;
  const char *title, *source;

  _ramo_session_manager_omp_title (self, &title, &source);
  if (!_ramo_title_slot_write (out, title, source, timestamp, error))
    return FALSE;

  json_object_set_string_member (header, "type", "session");
  json_object_set_int_member (header, "version", RAMO_SESSION_VERSION);
  json_object_set_string_member (header, "id", session_id);
  json_object_set_string_member (header, "timestamp", timestamp);
  json_object_set_string_member (header, "cwd", self->cwd ? self->cwd : "");
  if (title)
    json_object_set_string_member (header, "title", title);
  if (source)
    json_object_set_string_member (header, "titleSource", source);
  if (parent_session)
    json_object_set_string_member (header, "parentSession", parent_session);
  if (dirs && JSON_NODE_HOLDS_ARRAY (dirs) && json_array_get_length (json_node_get_array (dirs)) > 0)
    json_object_set_member (header, "additionalDirectories", json_node_copy (dirs));
  node = json_node_init_object (json_node_alloc (), header);
  ramo_json_write (out, node);
  g_string_append_c (out, '\n');
  return TRUE;
}

/* For ramo_session_manager_refresh(): oh-my-pi rewrites the slot in place, so the file may have
 * a new first line while its size and identity stay. Reads it again; a new slot of the same
 * length replaces the old one (and the name is notified). Returns 1 when it changed, 0 when
 * not, -1 with @error set (CHANGED) when the first line is no longer a slot of that length. */
int
_ramo_session_manager_refresh_title_slot (RamoSessionManager  *self,
                                          GError             **error)
{
  g_autofree char *buf = NULL;
  RamoTitleSlot slot = { 0 };
  gsize len = self->slot.len, done = 0;

  if (self->path == NULL || !self->slot.valid || self->read_fd < 0)
    return 0;

  buf = g_malloc (len);
  while (done < len)
    {
      ssize_t n = pread (self->read_fd, buf + done, len - done, done);

      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        break;
      done += n;
    }
  if (done == len && memcmp (buf, self->slot.bytes, len) == 0)
    return 0;
  if (done < len || !adopt_slot_bytes (&slot, buf, len))
    {
      _ramo_title_slot_clear (&slot);
      g_set_error (error, RAMO_SESSION_ERROR, RAMO_SESSION_ERROR_CHANGED,
                   "the first line of %s changed and is no longer oh-my-pi's title slot; open it again",
                   self->path);
      return -1;
    }
  _ramo_title_slot_clear (&self->slot);
  self->slot = slot;
  g_free (self->title);
  self->title = g_strdup (slot.title);
  _ramo_session_manager_notify_session_name (self);
  return 1;
}

/* oh-my-pi's SessionManager.#cleanTitle(): control characters (C0, DEL, C1) become spaces,
 * runs of spaces one, and JavaScript's trim() takes the white space at both ends. */
static char *
clean_title (const char *raw)
{
  g_autoptr(GString) out = g_string_new (NULL);
  const char *start, *end;

  for (const char *p = raw; *p; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (c <= 0x1F || (c >= 0x7F && c <= 0x9F))
        c = ' ';
      if (c == ' ' && out->len > 0 && out->str[out->len - 1] == ' ')
        continue;
      g_string_append_unichar (out, c);
    }

  start = out->str;
  end = out->str + out->len;
  while (start < end && ramo_js_is_white_space (g_utf8_get_char (start)))
    start = g_utf8_next_char (start);
  while (end > start)
    {
      const char *prev = g_utf8_prev_char (end);

      if (!ramo_js_is_white_space (g_utf8_get_char (prev)))
        break;
      end = prev;
    }
  return g_strndup (start, end - start);
}

/* Writes the slot in @slot_text (256 bytes) over the file's first line, a 256-byte slot: one
 * pwrite() at offset 0 under flock(), after checking that the file is still the one read and
 * still starts with such a slot. */
static gboolean
rewrite_slot_in_place (RamoSessionManager  *self,
                       const char          *slot_text,
                       GError             **error)
{
  char old[TITLE_SLOT_BYTES];
  RamoTitleSlot check = { 0 };
  struct stat st;
  ssize_t n = 0;
  gsize got = 0;
  int fd, errsv;

  fd = g_open (self->path, O_RDWR | O_CLOEXEC, 0);
  if (fd < 0)
    {
      errsv = errno;
      _ramo_session_set_io_error (error, g_io_error_from_errno (errsv), "cannot write %s: %s",
                                  self->path, g_strerror (errsv));
      return FALSE;
    }
  while (flock (fd, LOCK_EX) != 0 && errno == EINTR)
    ;

  if (fstat (fd, &st) == 0 && st.st_dev == self->known_dev && st.st_ino == self->known_ino)
    while (got < sizeof old)
      {
        ssize_t r = pread (fd, old + got, sizeof old - got, got);

        if (r < 0 && errno == EINTR)
          continue;
        if (r <= 0)
          break;
        got += r;
      }
  if (got < sizeof old || !adopt_slot_bytes (&check, old, sizeof old))
    {
      _ramo_title_slot_clear (&check);
      flock (fd, LOCK_UN);
      close (fd);
      g_set_error (error, RAMO_SESSION_ERROR, RAMO_SESSION_ERROR_CHANGED,
                   "%s no longer starts with oh-my-pi's title slot; the slot was not written", self->path);
      return FALSE;
    }
  _ramo_title_slot_clear (&check);

  do
    n = pwrite (fd, slot_text, TITLE_SLOT_BYTES, 0);
  while (n < 0 && errno == EINTR);
  errsv = n < 0 ? errno : ENOSPC;
  if (n > 0 && n != TITLE_SLOT_BYTES && pwrite (fd, old, n, 0) != n)
    g_warning ("could not undo a short write to the title slot of %s", self->path);
  flock (fd, LOCK_UN);
  close (fd);
  if (n != TITLE_SLOT_BYTES)
    {
      _ramo_session_set_io_error (error, g_io_error_from_errno (errsv), "cannot write the title slot of %s: %s",
                                  self->path, g_strerror (errsv));
      return FALSE;
    }
  _ramo_session_stat_file (self->path, NULL, &self->known_mtime, NULL, NULL);
  return TRUE;
}

/* Where the header line ends in @data (past its newline): the first line that parses as an
 * object of type "session", as the reader found it. */
static gsize
header_line_end (const char *data,
                 gsize       len)
{
  gsize pos = _ramo_bom_length (data, len);
  RamoScan scan;

  ramo_scan_init (&scan);
  while (pos < len)
    {
      const char *nl = memchr (data + pos, '\n', len - pos);
      gsize end = nl ? (gsize) (nl - data) : len;
      const char *error_message = NULL;

      if (ramo_scan_parse (&scan, data + pos, end - pos, &error_message) &&
          ramo_scan_string_equal (&scan, ramo_scan_member (&scan, 1, "type"), "session"))
        {
          ramo_scan_clear (&scan);
          return MIN (end + 1, len);
        }
      pos = end + 1;
    }
  ramo_scan_clear (&scan);
  return len;
}

/* The rename of a file without a 256-byte slot (or of an in-memory session), as oh-my-pi's
 * full rewrite leaves it: a new slot, the header with `title` and `titleSource` set (a member
 * it has keeps its place), every line after the header as it is, and @object last. What came
 * before the header (an old slot, blank lines) is replaced by the new slot. The file is
 * replaced atomically and read again (#RamoSessionManager::reloaded). */
static char *
replace_head (RamoSessionManager  *self,
              JsonObject          *object,
              const char          *title,
              const char          *timestamp,
              GError             **error)
{
  g_autoptr(GString) out = g_string_new (NULL);
  g_autoptr(GString) title_json = g_string_new (NULL);
  g_autoptr(JsonNode) node = NULL;
  g_autofree char *contents = NULL;
  g_autofree char *id = NULL;
  const char *data, *leaf_id, *scan_error = NULL;
  gsize len, rest;
  guint mode = 0600;
  RamoScan scan;

  if (self->path && self->file_version < RAMO_SESSION_VERSION && !_ramo_session_manager_rewrite_as_v3 (self, error))
    return NULL;
  if (ramo_session_manager_refresh (self, error) < 0)
    return NULL;

  leaf_id = ramo_session_manager_get_leaf_id (self);
  if (leaf_id)
    json_object_set_string_member (object, "parentId", leaf_id);
  else
    json_object_set_null_member (object, "parentId");
  while (_ramo_id_index_contains (self->by_id, json_object_get_string_member (object, "id")))
    {
      g_autofree char *fresh = _ramo_session_manager_new_id (self);

      json_object_set_string_member (object, "id", fresh);
    }
  id = g_strdup (json_object_get_string_member (object, "id"));

  if (self->memory)
    {
      data = self->memory->str;
      len = self->memory->len;
    }
  else
    {
      g_autoptr(GError) local_error = NULL;

      if (!_ramo_session_stat_file (self->path, NULL, NULL, &mode, error))
        return NULL;
      if (!g_file_get_contents (self->path, &contents, &len, &local_error))
        {
          _ramo_session_set_io_error (error, g_io_error_from_file_error (local_error->code), "%s", local_error->message);
          return NULL;
        }
      if ((goffset) len != self->known_size)
        {
          g_set_error (error, RAMO_SESSION_ERROR, RAMO_SESSION_ERROR_CHANGED,
                       "%s changed on disk while Ramo renamed the session; nothing was written", self->path);
          return NULL;
        }
      data = contents;
    }

  if (!_ramo_title_slot_write (out, title, "user", timestamp, error))
    return NULL;
  ramo_json_write_string (title_json, title);
  ramo_scan_init (&scan);
  if (!ramo_scan_parse (&scan, self->header_text, strlen (self->header_text), &scan_error))
    g_assert_not_reached ();   /* it parsed when the file was loaded */
  ramo_scan_write_replacing (&scan, 1, out, "title", title_json->str, "titleSource", "\"user\"", NULL);
  ramo_scan_clear (&scan);
  g_string_append_c (out, '\n');
  rest = header_line_end (data, len);
  g_string_append_len (out, data + rest, len - rest);
  if (len > rest && data[len - 1] != '\n')
    g_string_append_c (out, '\n');
  node = json_node_init_object (json_node_alloc (), object);
  ramo_json_write (out, node);
  g_string_append_c (out, '\n');

  if (self->memory)
    {
      g_string_free (self->memory, TRUE);
      self->memory = g_steal_pointer (&out);
      _ramo_session_manager_clear_state (self);
      _ramo_session_manager_init_state (self);
      if (!_ramo_session_manager_load_buffer (self, self->memory->str, self->memory->len, error))
        return NULL;
      self->known_size = self->memory->len;
    }
  else
    {
      struct stat st;

      /* the same file, unchanged, right before it is replaced; what another program appends
       * after this check is carried over to the new file */
      if (g_stat (self->path, &st) != 0 || st.st_dev != self->known_dev || st.st_ino != self->known_ino ||
          st.st_size != self->known_size)
        {
          g_set_error (error, RAMO_SESSION_ERROR, RAMO_SESSION_ERROR_CHANGED,
                       "%s changed on disk while Ramo renamed the session; nothing was written", self->path);
          return NULL;
        }
      if (!_ramo_session_replace_file (self->path, out->str, out->len, mode, error) ||
          !_ramo_session_manager_carry_over_appends (self, self->read_fd, self->known_size,
                                                     self->ends_with_newline, out->len, error))
        return NULL;
      _ramo_session_manager_clear_state (self);
      _ramo_session_manager_init_state (self);
      if (!_ramo_session_manager_load_path (self, self->path, error))
        return NULL;
    }
  _ramo_session_manager_emit_reloaded (self);
  return g_steal_pointer (&id);
}

/* ramo_session_manager_append_session_info() for oh-my-pi's rules: setSessionName(@name,
 * "user"). Returns the `title_change` entry's id. */
char *
_ramo_session_manager_set_omp_title (RamoSessionManager  *self,
                                     const char          *name,
                                     GError             **error)
{
  g_autoptr(JsonObject) object = json_object_new ();
  g_autofree char *title = NULL;
  g_autofree char *previous = NULL;
  g_autofree char *timestamp = NULL;
  const char *current, *source;

  if (!g_utf8_validate (name, -1, NULL))
    {
      g_set_error (error, RAMO_SESSION_ERROR, RAMO_SESSION_ERROR_INVALID_ARGUMENT,
                   "the session name is not valid UTF-8");
      return NULL;
    }
  title = clean_title (name);
  if (title[0] == '\0')
    {
      /* setSessionName() refuses it and writes nothing */
      g_set_error (error, RAMO_SESSION_ERROR, RAMO_SESSION_ERROR_INVALID_ARGUMENT,
                   "oh-my-pi sessions cannot have an empty name; nothing was written");
      return NULL;
    }
  if (!_ramo_session_manager_check_writable (self, error))
    return NULL;
  /* the name oh-my-pi may have given it meanwhile is the previous one */
  if (ramo_session_manager_refresh (self, error) < 0)
    return NULL;

  _ramo_session_manager_omp_title (self, &current, &source);
  previous = current && current[0] ? g_strdup (current) : NULL;

  json_object_set_string_member (object, "type", "title_change");
  _ramo_session_manager_add_base_members (self, object, ramo_session_manager_get_leaf_id (self));
  json_object_set_string_member (object, "title", title);
  json_object_set_string_member (object, "source", "user");
  if (previous)
    json_object_set_string_member (object, "previousTitle", previous);
  /* the slot's updatedAt is the entry's timestamp */
  timestamp = g_strdup (json_object_get_string_member (object, "timestamp"));

  if (self->path && self->slot.valid && self->slot.len == TITLE_SLOT_BYTES)
    {
      g_autoptr(GString) slot_text = g_string_new (NULL);
      g_autofree char *id = NULL;
      RamoEntry *entry;

      if (!_ramo_title_slot_write (slot_text, title, "user", timestamp, error))
        return NULL;
      entry = _ramo_session_manager_append_object (self, object, TRUE, error);
      if (entry == NULL)
        return NULL;
      id = g_strdup (entry->id);
      if (!rewrite_slot_in_place (self, slot_text->str, error))
        {
          g_prefix_error (error, "the title_change entry %s was written, but: ", id);
          return NULL;
        }
      _ramo_title_slot_clear (&self->slot);
      if (!adopt_slot_bytes (&self->slot, slot_text->str, slot_text->len))
        g_assert_not_reached ();
      g_free (self->title);
      self->title = g_strdup (self->slot.title);
      _ramo_session_manager_notify_session_name (self);
      return g_steal_pointer (&id);
    }
  return replace_head (self, object, title, timestamp, error);
}

/* ramo-session-migration.c
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

#ifndef _GNU_SOURCE
#define _GNU_SOURCE  /* memrchr */
#endif

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <glib/gstdio.h>

#include "ramo-json.h"
#include "ramo-session-manager-private.h"

/*
 * pi migrates a version 1 or 2 file to version 3 when it opens it; Ramo keeps the file as it is
 * and migrates each line when it reads it (the ids a v1 file lacks are made when it loads, see
 * ramo-session-lines.c): bodies (and the header's text, and the session name, which live in
 * them) are read on demand from the file, as version 3. Only before its
 * first write to an old file does Ramo rewrite it as version 3, atomically, carrying over the
 * lines another program appended meanwhile.
 */

char *
_ramo_session_manager_read_line (RamoSessionManager  *self,
                                 const RamoEntry     *entry,
                                 GError             **error)
{
  char *buf;
  gsize done = 0;

  if (self->memory)
    {
      if ((gsize) entry->offset + entry->length > self->memory->len)
        {
          g_set_error (error, RAMO_SESSION_ERROR, RAMO_SESSION_ERROR_IO, "entry out of range");
          return NULL;
        }
      return g_strndup (self->memory->str + entry->offset, entry->length);
    }

  buf = g_malloc (entry->length + 1);
  while (done < entry->length)
    {
      ssize_t n = pread (self->read_fd, buf + done, entry->length - done, entry->offset + done);

      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        {
          int errsv = errno;

          g_free (buf);
          _ramo_session_set_io_error (error, n == 0 ? G_IO_ERROR_FAILED : g_io_error_from_errno (errsv),
                                      "%s: line %u: %s", self->path, entry->line,
                                      n == 0 ? "the file is shorter than when it was read" : g_strerror (errsv));
          return NULL;
        }
      done += n;
    }
  buf[done] = '\0';
  return buf;
}

/* Reads @entry's line as a version-3 file holds it (see _ramo_session_manager_v3_line()) and
 * scans it into @scan (initialized by the caller), the object at node 1. *@text holds the line
 * the scan points into; free it after the scan. Invalid UTF-8 is replaced with U+FFFD, as when
 * loading. */
gboolean
_ramo_session_manager_scan_entry (RamoSessionManager  *self,
                                  const RamoEntry     *entry,
                                  RamoScan            *scan,
                                  char               **text,
                                  GError             **error)
{
  g_autofree char *line = _ramo_session_manager_v3_line (self, entry, error);
  const char *scan_error = NULL;

  *text = NULL;
  if (line == NULL)
    return FALSE;

  if (!ramo_scan_parse (scan, line, strlen (line), &scan_error) && scan_error == RAMO_SCAN_ERROR_UTF8)
    {
      char *repaired = g_utf8_make_valid (line, -1);

      g_free (line);
      line = repaired;
      scan_error = NULL;
      ramo_scan_parse (scan, line, strlen (line), &scan_error);
    }
  if (scan_error != NULL)
    {
      g_set_error (error, RAMO_SESSION_ERROR, RAMO_SESSION_ERROR_CHANGED,
                   "%s: line %u no longer parses: %s",
                   self->path ? self->path : "(memory)", entry->line, scan_error);
      return FALSE;
    }
  if (ramo_scan_type (scan, 1) != RAMO_SCAN_OBJECT)
    {
      g_set_error (error, RAMO_SESSION_ERROR, RAMO_SESSION_ERROR_CHANGED,
                   "%s: line %u is no longer an object", self->path ? self->path : "(memory)", entry->line);
      return FALSE;
    }
  *text = g_steal_pointer (&line);
  return TRUE;
}

/* The entry's object after migration to version 3, read with the scanner so that a line
 * json-glib cannot hold (an escaped NUL, a lone surrogate, a huge integer) still reads: see
 * ramo_scan_to_node() for what becomes of those. */
JsonObject *
_ramo_session_manager_read_object (RamoSessionManager  *self,
                                   const RamoEntry     *entry,
                                   GError             **error)
{
  g_autofree char *text = NULL;
  g_autoptr(JsonNode) node = NULL;
  RamoScan scan;

  ramo_scan_init (&scan);
  if (!_ramo_session_manager_scan_entry (self, entry, &scan, &text, error))
    {
      ramo_scan_clear (&scan);
      return NULL;
    }
  node = ramo_scan_to_node (&scan, 1);
  ramo_scan_clear (&scan);
  return json_object_ref (json_node_get_object (node));
}

/**
 * ramo_session_manager_dup_header_json:
 * @self: a session manager
 *
 * The header as `JSON.stringify()` writes it, from the line's own text: unlike
 * ramo_session_manager_get_header(), exact where json-glib cannot hold a value (an escaped
 * NUL, a lone surrogate, a huge number).
 *
 * Returns: (transfer full) (nullable): the header's JSON text; %NULL for a file read without
 *   one (see ramo_session_manager_get_header_problem())
 */
char *
ramo_session_manager_dup_header_json (RamoSessionManager *self)
{
  const char *scan_error = NULL;
  char *json;
  RamoScan scan;

  g_return_val_if_fail (RAMO_IS_SESSION_MANAGER (self), NULL);

  if (self->header_text == NULL)
    return NULL;
  ramo_scan_init (&scan);
  if (!ramo_scan_parse (&scan, self->header_text, strlen (self->header_text), &scan_error))
    g_assert_not_reached ();   /* it parsed when the file was loaded */
  json = ramo_scan_to_json (&scan, 1);
  ramo_scan_clear (&scan);
  return json;
}

/**
 * ramo_session_manager_read_entry:
 * @self: a session manager
 * @entry: an entry of @self
 * @error: return location for a #GError, or %NULL
 *
 * Reads @entry's line from the file and parses it, migrated to version 3 (ids of a v1 file,
 * `hookMessage` renamed to `custom`) as pi would hold it in memory. json-glib cannot hold every
 * JSON text: an escaped NUL or a lone surrogate in a string becomes U+FFFD (the rest of the
 * string is kept), an integer beyond 2^53 the double JavaScript reads; exact output comes from
 * the line's text instead (ramo_session_context_to_json()).
 *
 * Errors: %RAMO_SESSION_ERROR_IO when the file cannot be read, %RAMO_SESSION_ERROR_CHANGED when
 * the line no longer parses (the file was changed behind Ramo's back).
 *
 * Returns: (transfer full): the entry's JSON object as a node, or %NULL with @error set
 */
JsonNode *
ramo_session_manager_read_entry (RamoSessionManager  *self,
                                 const RamoEntry     *entry,
                                 GError             **error)
{
  JsonObject *object;
  JsonNode *node;

  g_return_val_if_fail (RAMO_IS_SESSION_MANAGER (self), NULL);
  g_return_val_if_fail (entry != NULL, NULL);

  object = _ramo_session_manager_read_object (self, entry, error);
  if (object == NULL)
    return NULL;
  node = json_node_init_object (json_node_alloc (), object);
  json_object_unref (object);
  return node;
}

/* The line of @entry as a version-3 file holds it, made by editing the line's text (never by
 * writing it anew, which would lose what json-glib cannot hold: escaped NULs, lone surrogates,
 * integers beyond 64 bits). A v1 entry gets `"id"` and `"parentId"` appended to its object as
 * pi's migration does; a v1 compaction loses `firstKeptEntryIndex` and gains
 * `firstKeptEntryId`; a legacy `hookMessage` role becomes `custom`. Other lines keep their
 * bytes. */
char *
_ramo_session_manager_v3_line (RamoSessionManager  *self,
                               const RamoEntry     *entry,
                               GError             **error)
{
  g_autofree char *raw = NULL;
  g_autofree char *repaired = NULL;
  g_autoptr(GString) out = NULL;
  g_autoptr(GString) tail = NULL;
  const char *text;
  const char *scan_error = NULL;
  gsize len, close, pos = 0;
  gsize edit_start[2] = { 0, 0 }, edit_end[2] = { 0, 0 };
  const char *edit_text[2] = { NULL, NULL };
  guint n_edits = 0, n_members = 0;
  gboolean removed = FALSE;
  RamoScan scan;

  raw = _ramo_session_manager_read_line (self, entry, error);
  if (raw == NULL || self->file_version >= 3)
    return g_steal_pointer (&raw);

  text = raw;
  len = strlen (raw);
  ramo_scan_init (&scan);
  if (!ramo_scan_parse (&scan, text, len, &scan_error) && scan_error == RAMO_SCAN_ERROR_UTF8)
    {
      /* as it was read: with replacement characters */
      repaired = g_utf8_make_valid (raw, len);
      text = repaired;
      len = strlen (repaired);
      scan_error = NULL;
      ramo_scan_parse (&scan, text, len, &scan_error);
    }
  if (scan_error != NULL || ramo_scan_type (&scan, 1) != RAMO_SCAN_OBJECT)
    {
      ramo_scan_clear (&scan);
      g_set_error (error, RAMO_SESSION_ERROR, RAMO_SESSION_ERROR_CHANGED,
                   "%s: line %u no longer parses", self->path ? self->path : "(memory)", entry->line);
      return NULL;
    }

  for (guint m = ramo_scan_node (&scan, 1)->first_child; m; m = ramo_scan_node (&scan, m)->next)
    n_members++;

  if (entry->flags & RAMO_ENTRY_FLAG_HOOK_MESSAGE)
    {
      guint role = ramo_scan_member (&scan, ramo_scan_member (&scan, 1, "message"), "role");

      if (role)
        {
          edit_start[n_edits] = ramo_scan_node (&scan, role)->start;
          edit_end[n_edits] = ramo_scan_node (&scan, role)->end;
          edit_text[n_edits] = "\"custom\"";
          n_edits++;
        }
    }

  tail = g_string_new (NULL);
  if (self->file_version < 2)
    {
      guint index = entry->type == RAMO_ENTRY_TYPE_COMPACTION
                    ? ramo_scan_member (&scan, 1, "firstKeptEntryIndex") : 0;

      if (ramo_scan_type (&scan, index) == RAMO_SCAN_NUMBER)
        {
          RamoScanNode *member = ramo_scan_node (&scan, index);
          gsize start = member->key_start, end = member->end;
          gsize back = start;

          /* the member and one comma next to it */
          while (back > 0 && g_ascii_isspace (text[back - 1]))
            back--;
          if (back > 0 && text[back - 1] == ',')
            start = back - 1;
          else
            {
              while (end < len && g_ascii_isspace (text[end]))
                end++;
              if (end < len && text[end] == ',')
                end++;
            }
          edit_start[n_edits] = start;
          edit_end[n_edits] = end;
          edit_text[n_edits] = "";
          n_edits++;
          removed = TRUE;
        }

      g_string_append (tail, "\"id\":");
      ramo_json_write_string (tail, entry->id);
      g_string_append (tail, ",\"parentId\":");
      if (entry->parent_id)
        ramo_json_write_string (tail, entry->parent_id);
      else
        g_string_append (tail, "null");
      if (removed && entry->first_kept_id)
        {
          g_string_append (tail, ",\"firstKeptEntryId\":");
          ramo_json_write_string (tail, entry->first_kept_id);
        }
    }

  close = ramo_scan_node (&scan, 1)->end - 1;   /* the object's closing brace */
  ramo_scan_clear (&scan);

  if (n_edits == 2 && edit_start[1] < edit_start[0])
    {
      gsize ts = edit_start[0], te = edit_end[0];
      const char *tt = edit_text[0];

      edit_start[0] = edit_start[1]; edit_end[0] = edit_end[1]; edit_text[0] = edit_text[1];
      edit_start[1] = ts; edit_end[1] = te; edit_text[1] = tt;
    }

  out = g_string_sized_new (len + tail->len + 16);
  for (guint e = 0; e < n_edits; e++)
    {
      g_string_append_len (out, text + pos, edit_start[e] - pos);
      g_string_append (out, edit_text[e]);
      pos = edit_end[e];
    }
  g_string_append_len (out, text + pos, close - pos);
  if (tail->len > 0)
    {
      if (n_members - (removed ? 1 : 0) > 0)
        g_string_append_c (out, ',');
      g_string_append_len (out, tail->str, tail->len);
    }
  g_string_append_len (out, text + close, len - close);
  g_strchomp (out->str);
  out->len = strlen (out->str);

  return g_string_free (g_steal_pointer (&out), FALSE);
}

/* The header line as version 3, made by editing its text as _ramo_session_manager_v3_line()
 * does: `version` set to 3 where it is, or appended as pi's migration adds it. */
static char *
v3_header_line (RamoSessionManager *self)
{
  GString *out = g_string_new (NULL);
  const char *text = self->header_text;
  const char *scan_error = NULL;
  guint version;
  RamoScan scan;

  ramo_scan_init (&scan);
  if (!ramo_scan_parse (&scan, text, strlen (text), &scan_error) || ramo_scan_type (&scan, 1) != RAMO_SCAN_OBJECT)
    g_assert_not_reached ();   /* it parsed when the file was loaded */

  version = ramo_scan_member (&scan, 1, "version");
  if (version)
    {
      RamoScanNode *n = ramo_scan_node (&scan, version);

      g_string_append_len (out, text, n->start);
      g_string_append (out, "3");
      g_string_append (out, text + n->end);
    }
  else
    {
      gsize close = ramo_scan_node (&scan, 1)->end - 1;

      g_string_append_len (out, text, close);
      g_string_append (out, ramo_scan_node (&scan, 1)->first_child ? ",\"version\":3" : "\"version\":3");
      g_string_append (out, text + close);
    }
  ramo_scan_clear (&scan);
  g_strchomp (out->str);
  out->len = strlen (out->str);
  return g_string_free (out, FALSE);
}

/* For tests: called right before the migration renames its new file over the old one. */
void (*_ramo_session_manager_before_rename_hook) (const char *path);

/* Appends @len bytes to the (new) session file under flock(); with @glue, first takes back the
 * newline the migration put after a last line that had none, when it is still the file's last
 * byte, so that the rest of that line continues it. */
static gboolean
append_carried (RamoSessionManager  *self,
                const char          *bytes,
                gsize                len,
                gboolean             glue,
                goffset              migrated_size,
                GError             **error)
{
  struct stat st;
  gsize done = 0;
  int fd = g_open (self->path, O_WRONLY | O_APPEND | O_CLOEXEC, 0);
  int errsv = 0;

  if (fd < 0)
    {
      errsv = errno;
      goto fail;
    }
  while (flock (fd, LOCK_EX) != 0 && errno == EINTR)
    ;
  if (glue && fstat (fd, &st) == 0 && st.st_size == migrated_size && st.st_size > 0)
    {
      if (ftruncate (fd, st.st_size - 1) != 0)
        g_warning ("%s: could not join a line carried over from the old file", self->path);
    }
  while (done < len)
    {
      ssize_t n = write (fd, bytes + done, len - done);

      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        {
          errsv = n < 0 ? errno : ENOSPC;
          break;
        }
      done += n;
    }
  flock (fd, LOCK_UN);
  close (fd);
  if (done == len)
    return TRUE;

fail:
  _ramo_session_set_io_error (error, g_io_error_from_errno (errsv),
                              "%s was rewritten, but %" G_GSIZE_FORMAT " bytes another program appended meanwhile "
                              "could not be carried over to it: %s; they are in no file now",
                              self->path, len, g_strerror (errsv));
  return FALSE;
}

/* pi takes no lock, so a line it appends to the old file between a rewrite's last size
 * check and its rename() lands in the old file, which the rename unlinks. @old_fd still reads
 * that file: whatever it grew by beyond @old_size is appended to the new file (under flock()),
 * whole lines as soon as they are complete. A writer that opened the old file just before the
 * rename may still be writing: the old file is watched until it stays the same twice in a row
 * (a few milliseconds apart); a last line still incomplete then is carried over as it is. */
gboolean
_ramo_session_manager_carry_over_appends (RamoSessionManager  *self,
                                          int                  old_fd,
                                          goffset              old_size,
                                          gboolean             old_ends_with_newline,
                                          goffset              migrated_size,
                                          GError             **error)
{
  goffset done = old_size;
  gboolean glue = !old_ends_with_newline;
  guint quiet = 0;

  for (guint round = 0; round < 100; round++)
    {
      g_autofree char *buf = NULL;
      struct stat st;
      gsize len, got = 0;
      const char *nl;
      gboolean last;

      if (fstat (old_fd, &st) != 0)
        return TRUE;
      last = round == 99 || quiet >= 2;
      if (st.st_size <= done)
        {
          if (last)
            return TRUE;
          quiet++;
          g_usleep (5000);
          continue;
        }
      quiet = 0;

      len = st.st_size - done;
      buf = g_malloc (len);
      while (got < len)
        {
          ssize_t n = pread (old_fd, buf + got, len - got, done + got);

          if (n < 0 && errno == EINTR)
            continue;
          if (n <= 0)
            break;
          got += n;
        }
      nl = got > 0 ? memrchr (buf, '\n', got) : NULL;
      if (nl == NULL && !last)
        {
          g_usleep (5000);   /* the line is still being written */
          continue;
        }
      if (nl != NULL && !last)
        got = (gsize) (nl - buf) + 1;
      if (got == 0)
        return TRUE;
      if (!append_carried (self, buf, got, glue, migrated_size, error))
        return FALSE;
      glue = FALSE;
      done += got;
    }
  return TRUE;
}

/* Rewrites a version 1 or 2 file as version 3, atomically, keeping its permissions. Lines
 * that do not parse and the title slot are kept as they are: nothing is dropped. */
gboolean
_ramo_session_manager_rewrite_as_v3 (RamoSessionManager  *self,
                                     GError             **error)
{
  g_autoptr(GMappedFile) mapped = NULL;
  g_autoptr(GString) out = g_string_new (NULL);
  g_autoptr(GError) local_error = NULL;
  g_autoptr(GArray) new_offsets = g_array_new (FALSE, FALSE, sizeof (goffset) * 2);
  const char *data;
  gsize len, pos = 0;
  guint next_entry = 0;
  gboolean header_done = FALSE;
  g_autofree char *new_header = NULL;
  guint mode;
  int fd;

  if (!_ramo_session_stat_file (self->path, NULL, NULL, &mode, error))
    return FALSE;

  {
    struct stat st;

    if (g_stat (self->path, &st) != 0 || st.st_dev != self->known_dev || st.st_ino != self->known_ino)
      {
        g_set_error (error, RAMO_SESSION_ERROR, RAMO_SESSION_ERROR_CHANGED,
                     "%s was replaced since Ramo read it; open it again; nothing was written", self->path);
        return FALSE;
      }
  }

  mapped = g_mapped_file_new (self->path, FALSE, &local_error);
  if (mapped == NULL)
    {
      _ramo_session_set_io_error (error, g_io_error_from_file_error (local_error->code), "%s", local_error->message);
      return FALSE;
    }
  data = g_mapped_file_get_contents (mapped);
  len = g_mapped_file_get_length (mapped);
  if ((goffset) len != self->known_size)
    {
      g_set_error (error, RAMO_SESSION_ERROR, RAMO_SESSION_ERROR_CHANGED,
                   "%s changed on disk since Ramo read it; reload it before writing", self->path);
      return FALSE;
    }

  while (pos < len)
    {
      const char *nl = memchr (data + pos, '\n', len - pos);
      gsize end = nl ? (gsize) (nl - data) : len;
      RamoEntry *entry = next_entry < self->entries->len ? g_ptr_array_index (self->entries, next_entry) : NULL;

      if (entry && (gsize) entry->offset == pos)
        {
          g_autofree char *line = _ramo_session_manager_v3_line (self, entry, error);
          goffset pair[2];

          if (line == NULL)
            return FALSE;
          pair[0] = out->len;
          pair[1] = strlen (line);
          g_array_append_vals (new_offsets, pair, 1);
          g_string_append (out, line);
          next_entry++;
        }
      else if (!header_done && !_ramo_line_is_blank (data + pos, end - pos) &&
               g_strstr_len (data + pos, end - pos, "\"session\"") != NULL &&
               (next_entry == 0))
        {
          g_autofree char *repaired = NULL;
          gsize bom = pos == 0 ? _ramo_bom_length (data, end) : 0;
          const char *line = data + pos + bom;
          gsize line_len = end - pos - bom;
          const char *scan_error = NULL;
          gboolean is_header;
          RamoScan scan;

          ramo_scan_init (&scan);
          if (!ramo_scan_parse (&scan, line, line_len, &scan_error) && scan_error == RAMO_SCAN_ERROR_UTF8)
            {
              repaired = g_utf8_make_valid (line, line_len);
              scan_error = NULL;
              ramo_scan_parse (&scan, repaired, strlen (repaired), &scan_error);
            }
          is_header = scan_error == NULL &&
                      ramo_scan_string_equal (&scan, ramo_scan_member (&scan, 1, "type"), "session");
          ramo_scan_clear (&scan);
          if (is_header)
            {
              new_header = v3_header_line (self);
              g_string_append (out, new_header);
              header_done = TRUE;
            }
          else
            g_string_append_len (out, data + pos, end - pos);
        }
      else
        g_string_append_len (out, data + pos, end - pos);

      g_string_append_c (out, '\n');
      pos = end + 1;
    }

  /* the same file, unchanged, right before it is replaced (pi does not lock: this keeps the
   * window for a line appended meanwhile as short as it can be) */
  {
    struct stat st;

    if (g_stat (self->path, &st) != 0 || st.st_dev != self->known_dev || st.st_ino != self->known_ino ||
        st.st_size != self->known_size)
      {
        g_set_error (error, RAMO_SESSION_ERROR, RAMO_SESSION_ERROR_CHANGED,
                     "%s changed on disk while Ramo migrated it; nothing was written", self->path);
        return FALSE;
      }
  }

  if (_ramo_session_manager_before_rename_hook)
    _ramo_session_manager_before_rename_hook (self->path);

  if (!_ramo_session_replace_file (self->path, out->str, out->len, mode, error))
    return FALSE;

  for (guint i = 0; i < self->entries->len && i < new_offsets->len; i++)
    {
      RamoEntry *entry = g_ptr_array_index (self->entries, i);
      goffset *pair = &g_array_index (new_offsets, goffset, i * 2);

      entry->offset = pair[0];
      entry->length = (guint32) pair[1];
      entry->flags &= ~RAMO_ENTRY_FLAG_HOOK_MESSAGE;
    }

  fd = g_open (self->path, O_RDONLY | O_CLOEXEC, 0);
  if (fd < 0)
    {
      int errsv = errno;

      _ramo_session_set_io_error (error, g_io_error_from_errno (errsv),
                                  "%s: %s", self->path, g_strerror (errsv));
      return FALSE;
    }
  {
    struct stat st;

    /* the rename made a new file: remember its identity */
    if (fstat (fd, &st) == 0)
      {
        self->known_dev = st.st_dev;
        self->known_ino = st.st_ino;
      }
  }
  /* lines another program appended to the old file after the last check go to the new one
   * (the old descriptor still reads the old file) */
  {
    gboolean carried = _ramo_session_manager_carry_over_appends (self, self->read_fd, self->known_size,
                                                                 self->ends_with_newline, out->len, error);

    close (self->read_fd);
    self->read_fd = fd;
    if (!carried)
      return FALSE;
  }
  json_object_set_int_member (self->header, "version", RAMO_SESSION_VERSION);
  if (new_header)
    {
      g_free (self->header_text);
      self->header_text = g_steal_pointer (&new_header);
    }
  g_free (self->version_text);
  self->version_text = g_strdup ("3");
  self->file_version = RAMO_SESSION_VERSION;
  self->known_size = out->len;
  self->ends_with_newline = TRUE;
  _ramo_session_stat_file (self->path, NULL, &self->known_mtime, NULL, NULL);

  return TRUE;
}

/**
 * ramo_session_manager_migrate:
 * @self: a session manager
 * @error: return location for a #GError, or %NULL
 *
 * Rewrites a version 1 or 2 file as version 3 now, atomically (temporary file in the same
 * folder, fsync, rename; permissions kept). Lines that do not parse are kept as they are.
 * Does nothing for a version 3 file.
 *
 * Errors: %RAMO_SESSION_ERROR_IO, %RAMO_SESSION_ERROR_READ_ONLY, %RAMO_SESSION_ERROR_CHANGED.
 *
 * Returns: %TRUE on success
 */
gboolean
ramo_session_manager_migrate (RamoSessionManager  *self,
                              GError             **error)
{
  g_return_val_if_fail (RAMO_IS_SESSION_MANAGER (self), FALSE);

  if (self->file_version >= RAMO_SESSION_VERSION && !self->read_only)
    return TRUE;
  if (!_ramo_session_manager_check_writable (self, error))
    return FALSE;
  if (self->path == NULL)
    {
      self->file_version = RAMO_SESSION_VERSION;
      return TRUE;
    }
  return _ramo_session_manager_rewrite_as_v3 (self, error);
}

/* ramo-session-writer.c
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
 * Writing: each write is one `write()` of one complete line to a descriptor opened with
 * `O_APPEND`, under an advisory `flock()`, after the lines another program (pi, while it runs)
 * appended since Ramo read the file were read (ramo_session_manager_refresh()). The new line is
 * then read back as every line is (ramo-session-lines.c) and hung into the tree.
 */

/* A fresh entry id as pi makes them: 8 hex digits, unique in the session. */
static char *
generate_id (RamoSessionManager *self)
{
  for (guint i = 0; i < 100; i++)
    {
      char *uuid = g_uuid_string_random ();

      uuid[8] = '\0';
      if (!_ramo_id_index_contains (self->by_id, uuid))
        return uuid;
      g_free (uuid);
    }
  return g_uuid_string_random ();
}

char *
_ramo_session_manager_new_id (RamoSessionManager *self)
{
  return generate_id (self);
}

/* The size, modification time (µs) and permissions of the regular file @path. */
gboolean
_ramo_session_stat_file (const char *path,
                         goffset    *size,
                         gint64     *mtime,
                         guint      *mode,
                         GError    **error)
{
  struct stat st;

  if (g_stat (path, &st) != 0)
    {
      int errsv = errno;

      _ramo_session_set_io_error (error, g_io_error_from_errno (errsv),
                                  "%s: %s", path, g_strerror (errsv));
      return FALSE;
    }
  if (!S_ISREG (st.st_mode))
    {
      _ramo_session_set_io_error (error, G_IO_ERROR_NOT_REGULAR_FILE,
                                  "%s: not a regular file", path);
      return FALSE;
    }
  if (size)
    *size = st.st_size;
  if (mtime)
    *mtime = (gint64) st.st_mtim.tv_sec * G_USEC_PER_SEC + st.st_mtim.tv_nsec / 1000;
  if (mode)
    *mode = st.st_mode & 07777;
  return TRUE;
}

gboolean
_ramo_session_manager_check_writable (RamoSessionManager  *self,
                                      GError             **error)
{
  if (self->read_only && self->read_only_reason)
    {
      g_set_error (error, RAMO_SESSION_ERROR, RAMO_SESSION_ERROR_READ_ONLY,
                   "%s is read-only: %s; nothing was written",
                   self->path ? self->path : "(memory)", self->read_only_reason);
      return FALSE;
    }
  if (self->read_only)
    {
      g_set_error (error, RAMO_SESSION_ERROR, RAMO_SESSION_ERROR_READ_ONLY,
                   "%s uses session format version %s, which Ramo does not know; it is read-only",
                   self->path ? self->path : "(memory)", self->version_text ? self->version_text : "?");
      return FALSE;
    }
  return TRUE;
}

typedef enum
{
  APPEND_FAILED,
  APPEND_DONE,
  APPEND_RETRY,      /* the file grew since Ramo read it: read the new lines, then try again */
} AppendStatus;

/* Appends one complete line: a single write() on an O_APPEND descriptor under flock(), with a
 * newline first if the file does not end in one. Sets the offset of the line. */
static AppendStatus
append_line (RamoSessionManager  *self,
             const char          *line,
             gsize                len,
             goffset             *offset,
             GError             **error)
{
  g_autoptr(GString) buf = g_string_sized_new (len + 2);
  gboolean needs_newline;
  struct stat st;
  ssize_t written = 0;
  int fd;

  if (self->memory)
    {
      if (self->memory->len > 0 && self->memory->str[self->memory->len - 1] != '\n')
        g_string_append_c (self->memory, '\n');
      *offset = self->memory->len;
      g_string_append_len (self->memory, line, len);
      g_string_append_c (self->memory, '\n');
      self->known_size = self->memory->len;
      return APPEND_DONE;
    }

  fd = g_open (self->path, O_WRONLY | O_APPEND | O_CLOEXEC | O_NOFOLLOW, 0);
  if (fd < 0 && errno == ELOOP)
    {
      /* a symlinked session: write through to its real target only */
      g_autofree char *target = g_file_read_link (self->path, NULL);
      g_autofree char *dir = g_path_get_dirname (self->path);
      g_autofree char *real = target ? (g_path_is_absolute (target) ? g_strdup (target)
                                                                    : g_build_filename (dir, target, NULL)) : NULL;

      fd = real ? g_open (real, O_WRONLY | O_APPEND | O_CLOEXEC, 0) : -1;
    }
  if (fd < 0)
    {
      int errsv = errno;

      _ramo_session_set_io_error (error, g_io_error_from_errno (errsv),
                                  "cannot write %s: %s; the file is unchanged", self->path, g_strerror (errsv));
      return APPEND_FAILED;
    }

  while (flock (fd, LOCK_EX) != 0 && errno == EINTR)
    ;

  if (fstat (fd, &st) != 0 || st.st_dev != self->known_dev || st.st_ino != self->known_ino ||
      st.st_size < self->known_size)
    {
      flock (fd, LOCK_UN);
      close (fd);
      g_set_error (error, RAMO_SESSION_ERROR, RAMO_SESSION_ERROR_CHANGED,
                   "%s was replaced or truncated since Ramo read it; reload it before writing; "
                   "nothing was written", self->path);
      return APPEND_FAILED;
    }
  if (st.st_size != self->known_size)
    {
      flock (fd, LOCK_UN);
      close (fd);
      return APPEND_RETRY;
    }

  needs_newline = st.st_size > 0 && !self->ends_with_newline;
  if (needs_newline)
    g_string_append_c (buf, '\n');
  g_string_append_len (buf, line, len);
  g_string_append_c (buf, '\n');

  do
    written = write (fd, buf->str, buf->len);
  while (written < 0 && errno == EINTR);

  if (written != (ssize_t) buf->len)
    {
      int errsv = written < 0 ? errno : ENOSPC;

      /* A short write leaves a torn line; take it back so the file is as it was. */
      if (written > 0)
        {
          if (ftruncate (fd, st.st_size) != 0)
            g_warning ("could not undo a short write to %s", self->path);
        }
      flock (fd, LOCK_UN);
      close (fd);
      _ramo_session_set_io_error (error, g_io_error_from_errno (errsv),
                                  "cannot write %s: %s; the file is unchanged", self->path, g_strerror (errsv));
      return APPEND_FAILED;
    }

  flock (fd, LOCK_UN);
  close (fd);

  *offset = st.st_size + (needs_newline ? 1 : 0);
  self->known_size = st.st_size + buf->len;
  self->ends_with_newline = TRUE;
  self->pending_offset = -1;   /* a torn last line is now closed by our newline */
  self->n_lines += needs_newline ? 0 : 1;
  _ramo_session_stat_file (self->path, NULL, &self->known_mtime, NULL, NULL);
  return APPEND_DONE;
}

/**
 * ramo_session_manager_refresh:
 * @self: a session manager
 * @error: return location for a #GError, or %NULL
 *
 * Reads the lines another program (pi, while it runs) appended to the file since Ramo read it
 * — only the new bytes — and adds their entries to the indexes and the tree. A last line that
 * has no newline yet waits for the next call. The leaf follows the new lines only if it was on
 * the last entry before (the user had not moved it). Emits #RamoSessionManager::entries-added.
 * When the file starts with oh-my-pi's title slot, which oh-my-pi rewrites in place when it
 * renames the session, the slot is read again too: a new one updates the name (and notifies
 * #RamoSessionManager:session-name) without the file counting as replaced.
 * Does nothing for an in-memory session.
 *
 * Errors: %RAMO_SESSION_ERROR_CHANGED when the file was replaced, truncated or deleted, or its
 * first line is no longer the title slot it was (it must be opened anew),
 * %RAMO_SESSION_ERROR_IO when it cannot be read.
 *
 * Returns: the number of entries added, or -1 with @error set
 */
int
ramo_session_manager_refresh (RamoSessionManager  *self,
                              GError             **error)
{
  g_autofree char *buf = NULL;
  struct stat st;
  goffset start;
  gsize len, done = 0, complete_len;
  const char *last_nl;
  RamoEntry *old_last;
  gboolean follow, renamed = FALSE;
  guint first_new;
  Extractor ex;

  g_return_val_if_fail (RAMO_IS_SESSION_MANAGER (self), -1);

  if (self->path == NULL)
    return 0;

  if (g_stat (self->path, &st) != 0 || st.st_dev != self->known_dev || st.st_ino != self->known_ino ||
      st.st_size < self->known_size)
    {
      g_set_error (error, RAMO_SESSION_ERROR, RAMO_SESSION_ERROR_CHANGED,
                   "%s was replaced, truncated or deleted since Ramo read it; open it again",
                   self->path);
      return -1;
    }

  /* oh-my-pi rewrites its title slot in place: a new first line, the same file */
  if (_ramo_session_manager_refresh_title_slot (self, error) < 0)
    return -1;

  start = self->pending_offset >= 0 ? self->pending_offset : self->known_size;
  if (st.st_size == self->known_size)
    return 0;

  len = st.st_size - start;
  buf = g_malloc (len + 1);
  while (done < len)
    {
      ssize_t n = pread (self->read_fd, buf + done, len - done, start + done);

      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        {
          int errsv = errno;

          _ramo_session_set_io_error (error, n == 0 ? G_IO_ERROR_FAILED : g_io_error_from_errno (errsv),
                                      "%s: %s", self->path, n == 0 ? "the file shrank while reading" : g_strerror (errsv));
          return -1;
        }
      done += n;
    }

  last_nl = memrchr (buf, '\n', len);
  if (self->pending_offset >= 0 && self->n_lines > 0)
    self->n_lines--;   /* the cut-short line was counted when it was first seen */
  self->known_size = st.st_size;
  if (last_nl == NULL)
    {
      /* still the middle of a line */
      self->pending_offset = start;
      self->ends_with_newline = FALSE;
      self->n_lines++;
      return 0;
    }
  complete_len = last_nl - buf;          /* without the last newline */
  self->pending_offset = (gsize) (last_nl - buf) + 1 < len ? start + (last_nl - buf) + 1 : -1;
  self->ends_with_newline = self->pending_offset < 0;

  old_last = self->entries->len ? g_ptr_array_index (self->entries, self->entries->len - 1) : NULL;
  follow = self->leaf == old_last;
  first_new = self->entries->len;

  ex = (Extractor) {
    .strings = self->strings,
    .display_strings = self->strings,
    .display = self->display,
    .file_version = self->file_version,
    .blocks = self->entry_blocks,
    .block_size = 64,
    .used = 64,
    .calls = g_ptr_array_new (),
    .packed = g_string_new (NULL),
  };
  ramo_scan_init (&ex.scan);

  for (gsize pos = 0; pos <= complete_len; )
    {
      const char *nl = memchr (buf + pos, '\n', complete_len - pos);
      gsize end = nl ? (gsize) (nl - buf) : complete_len;
      LineJob job = { 0 };

      job.offset = start + pos;
      job.len = end - pos;
      job.complete = TRUE;
      job.line_no = ++self->n_lines;
      _ramo_extractor_extract_line (&ex, &job, buf + pos);
      _ramo_session_manager_commit_line (self, &job, NULL, NULL);
      _ramo_line_job_clear (&job);
      g_string_truncate (ex.packed, 0);
      pos = end + 1;
    }
  if (self->pending_offset >= 0)
    self->n_lines++;
  ramo_scan_clear (&ex.scan);
  g_ptr_array_unref (ex.calls);
  g_string_free (ex.packed, TRUE);

  if (self->entries->len == first_new)
    return 0;

  ramo_entry_tree_mark_path (self->leaf, FALSE);
  _ramo_session_manager_build_tree (self);
  /* the leaf follows first, so that the listeners of ::entries-added lay out the final state */
  if (follow)
    _ramo_session_manager_set_leaf (self, _ramo_id_index_lookup (self->by_id,
                                         ((RamoEntry *) g_ptr_array_index (self->entries, self->entries->len - 1))->id));
  _ramo_session_manager_emit_entries_added (self, first_new, self->entries->len - first_new);

  /* the rows that stay hear of the labels the new lines changed */
  {
    g_autoptr(GHashTable) targets = g_hash_table_new (g_str_hash, g_str_equal);

    for (guint i = first_new; i < self->entries->len; i++)
      {
        RamoEntry *entry = g_ptr_array_index (self->entries, i);

        if (entry->type == RAMO_ENTRY_TYPE_LABEL && entry->target_id != NULL &&
            g_hash_table_add (targets, (char *) entry->target_id))
          _ramo_session_manager_emit_label_changed (self, entry->target_id,
                         g_hash_table_lookup (self->labels, entry->target_id));
        renamed |= entry->type == RAMO_ENTRY_TYPE_SESSION_INFO;
      }
  }
  if (renamed)
    _ramo_session_manager_notify_session_name (self);

  return (int) (self->entries->len - first_new);
}

/* Writes @object (a complete entry) as a line and indexes it: the leaf moves to it. When
 * another program appended lines since Ramo read the file, they are read first, and an entry
 * whose parent is the leaf hangs under the leaf as it is after them. */
RamoEntry *
_ramo_session_manager_append_object (RamoSessionManager  *self,
                                     JsonObject          *object,
                                     gboolean             parent_is_leaf,
                                     GError             **error)
{
  g_autofree char *line = NULL;
  goffset offset = 0;
  RamoEntry *entry;
  guint line_no;

  if (!_ramo_session_manager_check_writable (self, error))
    return NULL;

  if (self->path && self->file_version < RAMO_SESSION_VERSION && !_ramo_session_manager_rewrite_as_v3 (self, error))
    return NULL;

  for (guint attempt = 0; ; attempt++)
    {
      AppendStatus status;

      if (ramo_session_manager_refresh (self, error) < 0)
        return NULL;

      if (self->path != NULL && self->pending_offset >= 0 && attempt < 400)
        {
          struct stat st;

          /* The file ends in a line with no newline. If it changed in the last two seconds,
           * another program is probably still writing it: never glue a line onto it, wait.
           * An older one is torn (a crash): append_line() puts a newline first. */
          if (g_stat (self->path, &st) == 0 && g_get_real_time () / G_USEC_PER_SEC - st.st_mtime < 2)
            {
              g_usleep (5000);
              continue;
            }
        }

      if (parent_is_leaf)
        {
          const char *leaf_id = ramo_session_manager_get_leaf_id (self);

          if (leaf_id)
            json_object_set_string_member (object, "parentId", leaf_id);
          else
            json_object_set_null_member (object, "parentId");
        }
      if (_ramo_id_index_contains (self->by_id, json_object_get_string_member (object, "id")))
        {
          g_autofree char *id = generate_id (self);
          json_object_set_string_member (object, "id", id);
        }

      {
        g_autoptr(JsonNode) node = json_node_init_object (json_node_alloc (), object);

        g_free (line);
        line = ramo_json_to_string (node);
      }

      status = append_line (self, line, strlen (line), &offset, error);
      if (status == APPEND_DONE)
        break;
      if (status == APPEND_FAILED)
        return NULL;
      if (attempt >= 1000)
        {
          g_set_error (error, RAMO_SESSION_ERROR, RAMO_SESSION_ERROR_CHANGED,
                       "%s keeps changing; nothing was written", self->path);
          return NULL;
        }
    }

  line_no = self->n_lines;
  {
    Extractor ex = {
      .strings = self->strings,
      .display_strings = self->strings,
      .display = self->display,
      .file_version = RAMO_SESSION_VERSION,
      .blocks = self->entry_blocks,
      .block_size = 1,
      .used = 1,
      .calls = g_ptr_array_new (),
      .packed = g_string_new (NULL),
    };
    LineJob job = { 0 };

    ramo_scan_init (&ex.scan);
    job.offset = offset;
    job.len = strlen (line);
    job.line_no = line_no;
    job.complete = TRUE;
    _ramo_extractor_extract_line (&ex, &job, line);
    ramo_scan_clear (&ex.scan);
    if (job.entry == NULL)
      {
        /* e.g. nested too deep: the line stays in the file, skipped as a reload skips it */
        g_set_error (error, RAMO_SESSION_ERROR, RAMO_SESSION_ERROR_INVALID_ARGUMENT,
                     "%s: line %u was written but cannot be read back (%s); it stays in the file",
                     self->path ? self->path : "(memory)", line_no,
                     job.issue ? job.issue : "not an entry");
        _ramo_session_manager_commit_line (self, &job, NULL, NULL);   /* lists the issue */
        g_ptr_array_unref (ex.calls);
        g_string_free (ex.packed, TRUE);
        _ramo_line_job_clear (&job);
        return NULL;
      }
    _ramo_session_manager_commit_line (self, &job, NULL, NULL);
    g_ptr_array_unref (ex.calls);
    g_string_free (ex.packed, TRUE);
    entry = job.entry;
    _ramo_line_job_clear (&job);
  }

  entry->parent = ramo_entry_tree_resolve_parent (self->by_id, entry);
  if (entry->parent)
    {
      self->children_owned = TRUE;
      ramo_entry_tree_add_child (entry->parent, entry);
      ramo_entry_tree_sort_children (entry->parent, _ramo_session_manager_time_entries (self));
      entry->depth = entry->parent->depth + 1;
    }
  else
    {
      g_ptr_array_add (self->roots, entry);
      entry->depth = 0;
    }

  _ramo_session_manager_set_leaf (self, entry);
  _ramo_session_manager_emit_entry_appended (self, entry);
  return entry;
}

/* Adds the members every entry has (a new id, @parent_id, the time now) after those @object
 * has: pi writes them first, after `type`, except in `custom` and `custom_message` entries. */
void
_ramo_session_manager_add_base_members (RamoSessionManager *self,
                                        JsonObject         *object,
                                        const char         *parent_id)
{
  g_autofree char *id = generate_id (self);
  g_autofree char *timestamp = ramo_iso_timestamp_now ();

  json_object_set_string_member (object, "id", id);
  if (parent_id)
    json_object_set_string_member (object, "parentId", parent_id);
  else
    json_object_set_null_member (object, "parentId");
  json_object_set_string_member (object, "timestamp", timestamp);
}

/* A new entry of @type as pi begins it: type, id, parentId, timestamp. */
JsonObject *
_ramo_session_manager_base_object (RamoSessionManager *self,
                                   const char         *type,
                                   const char         *parent_id)
{
  JsonObject *object = json_object_new ();

  json_object_set_string_member (object, "type", type);
  _ramo_session_manager_add_base_members (self, object, parent_id);
  return object;
}


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

#include "ramo-js.h"
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
      if (!g_hash_table_contains (self->by_id, uuid))
        return uuid;
      g_free (uuid);
    }
  return g_uuid_string_random ();
}

gboolean
_ramo_session_manager_check_writable (RamoSessionManager  *self,
                                      GError             **error)
{
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
 * Does nothing for an in-memory session.
 *
 * Errors: %RAMO_SESSION_ERROR_CHANGED when the file was replaced, truncated or deleted (it
 * must be opened anew), %RAMO_SESSION_ERROR_IO when it cannot be read.
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
  gboolean follow;
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
      pos = end + 1;
    }
  if (self->pending_offset >= 0)
    self->n_lines++;
  ramo_scan_clear (&ex.scan);
  g_ptr_array_unref (ex.calls);

  if (self->entries->len == first_new)
    return 0;

  ramo_entry_tree_mark_path (self->leaf, FALSE);
  _ramo_session_manager_build_tree (self);
  /* the leaf follows first, so that the listeners of ::entries-added lay out the final state */
  if (follow)
    _ramo_session_manager_set_leaf (self, g_hash_table_lookup (self->by_id,
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
      }
  }

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
      if (g_hash_table_contains (self->by_id, json_object_get_string_member (object, "id")))
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
        _ramo_line_job_clear (&job);
        return NULL;
      }
    _ramo_session_manager_commit_line (self, &job, NULL, NULL);
    g_ptr_array_unref (ex.calls);
    entry = job.entry;
    _ramo_line_job_clear (&job);
  }

  entry->parent = ramo_entry_tree_resolve_parent (self->by_id, entry);
  if (entry->parent)
    {
      if (entry->parent->children == NULL)
        entry->parent->children = g_ptr_array_new ();
      g_ptr_array_add (entry->parent->children, entry);
      ramo_entry_tree_sort_children (entry->parent->children);
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
static void
add_base_members (RamoSessionManager *self,
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
  add_base_members (self, object, parent_id);
  return object;
}

static char *
finish_append (RamoSessionManager  *self,
               JsonObject          *object,
               GError             **error)
{
  RamoEntry *entry = _ramo_session_manager_append_object (self, object, TRUE, error);

  json_object_unref (object);
  return entry ? g_strdup (entry->id) : NULL;
}

/**
 * ramo_session_manager_append_message:
 * @self: a session manager
 * @message: an AgentMessage object (`role`, `content`, …)
 * @error: return location for a #GError, or %NULL
 *
 * Appends a `message` entry as a child of the leaf and moves the leaf to it.
 *
 * Errors: %RAMO_SESSION_ERROR_IO, %RAMO_SESSION_ERROR_READ_ONLY, %RAMO_SESSION_ERROR_CHANGED;
 * on these errors the file and the tree are as before. %RAMO_SESSION_ERROR_INVALID_ARGUMENT when
 * the line written cannot be read back (@message nested deeper than %RAMO_MAX_JSON_DEPTH
 * levels): the line stays in the file, listed by ramo_session_manager_get_issues() as a reload
 * would list it, and the tree and the leaf are as before.
 *
 * Returns: (transfer full): the new entry's id, or %NULL with @error set
 */
char *
ramo_session_manager_append_message (RamoSessionManager  *self,
                                     JsonNode            *message,
                                     GError             **error)
{
  JsonObject *object;

  g_return_val_if_fail (RAMO_IS_SESSION_MANAGER (self), NULL);
  g_return_val_if_fail (message != NULL, NULL);

  object = _ramo_session_manager_base_object (self, "message", ramo_session_manager_get_leaf_id (self));
  json_object_set_member (object, "message", json_node_copy (message));
  return finish_append (self, object, error);
}

/**
 * ramo_session_manager_append_thinking_level_change:
 * @self: a session manager
 * @thinking_level: the new level (`off`, `minimal`, `low`, `medium`, `high`, …)
 * @error: return location for a #GError, or %NULL
 *
 * Appends a `thinking_level_change` entry. Errors as ramo_session_manager_append_message().
 *
 * Returns: (transfer full): the new entry's id, or %NULL with @error set
 */
char *
ramo_session_manager_append_thinking_level_change (RamoSessionManager  *self,
                                                   const char          *thinking_level,
                                                   GError             **error)
{
  JsonObject *object;

  g_return_val_if_fail (RAMO_IS_SESSION_MANAGER (self), NULL);

  object = _ramo_session_manager_base_object (self, "thinking_level_change", ramo_session_manager_get_leaf_id (self));
  json_object_set_string_member (object, "thinkingLevel", thinking_level);
  return finish_append (self, object, error);
}

/**
 * ramo_session_manager_append_model_change:
 * @self: a session manager
 * @provider: the provider (`anthropic`, `openai`, …)
 * @model_id: the model id
 * @error: return location for a #GError, or %NULL
 *
 * Appends a `model_change` entry in pi's form. Errors as ramo_session_manager_append_message().
 *
 * Returns: (transfer full): the new entry's id, or %NULL with @error set
 */
char *
ramo_session_manager_append_model_change (RamoSessionManager  *self,
                                          const char          *provider,
                                          const char          *model_id,
                                          GError             **error)
{
  JsonObject *object;

  g_return_val_if_fail (RAMO_IS_SESSION_MANAGER (self), NULL);

  object = _ramo_session_manager_base_object (self, "model_change", ramo_session_manager_get_leaf_id (self));
  json_object_set_string_member (object, "provider", provider);
  json_object_set_string_member (object, "modelId", model_id);
  return finish_append (self, object, error);
}

/* how the session's agent marks an entry an extension wrote */
static const char *
from_hook_name (RamoSessionManager *self)
{
  return ramo_session_manager_get_dialect (self) == RAMO_DIALECT_OMP ? "fromExtension" : "fromHook";
}

/**
 * ramo_session_manager_append_compaction:
 * @self: a session manager
 * @summary: the summary of what came before @first_kept_entry_id
 * @first_kept_entry_id: the first entry kept in the context after the summary
 * @tokens_before: the estimated context size before compaction, in tokens
 * @details: (nullable): extra data (`{readFiles, modifiedFiles}`)
 * @from_hook: whether an extension made the summary
 * @error: return location for a #GError, or %NULL
 *
 * Appends a `compaction` entry, as the session's dialect writes it: with pi's rules it stores
 * the system prompt and tools in force at the leaf as `systemMessage` (pi 1.6.0's
 * appendCompaction()), and @from_hook is `fromHook`; with oh-my-pi's it is `fromExtension`.
 * Errors as ramo_session_manager_append_message().
 *
 * Returns: (transfer full): the new entry's id, or %NULL with @error set
 */
char *
ramo_session_manager_append_compaction (RamoSessionManager  *self,
                                        const char          *summary,
                                        const char          *first_kept_entry_id,
                                        gint64               tokens_before,
                                        JsonNode            *details,
                                        gboolean             from_hook,
                                        GError             **error)
{
  g_autoptr(JsonNode) system = NULL;
  JsonObject *object;

  g_return_val_if_fail (RAMO_IS_SESSION_MANAGER (self), NULL);

  if (!_ramo_session_manager_dup_boundary_system_message (self, &system, error))
    return NULL;

  object = _ramo_session_manager_base_object (self, "compaction", ramo_session_manager_get_leaf_id (self));
  json_object_set_string_member (object, "summary", summary);
  json_object_set_string_member (object, "firstKeptEntryId", first_kept_entry_id);
  json_object_set_int_member (object, "tokensBefore", tokens_before);
  if (details)
    json_object_set_member (object, "details", json_node_copy (details));
  if (from_hook)
    json_object_set_boolean_member (object, from_hook_name (self), TRUE);
  if (system)
    {
      /* stamped with the compaction's time */
      json_object_set_int_member (json_node_get_object (system), "timestamp",
                                  (gint64) ramo_js_date_parse (json_object_get_string_member (object, "timestamp")));
      json_object_set_member (object, "systemMessage", g_steal_pointer (&system));
    }
  return finish_append (self, object, error);
}

/**
 * ramo_session_manager_append_custom_entry:
 * @self: a session manager
 * @custom_type: the extension's identifier
 * @data: (nullable): the extension's data
 * @error: return location for a #GError, or %NULL
 *
 * Appends a `custom` entry (not part of the LLM context). Errors as
 * ramo_session_manager_append_message().
 *
 * Returns: (transfer full): the new entry's id, or %NULL with @error set
 */
char *
ramo_session_manager_append_custom_entry (RamoSessionManager  *self,
                                          const char          *custom_type,
                                          JsonNode            *data,
                                          GError             **error)
{
  JsonObject *object;

  g_return_val_if_fail (RAMO_IS_SESSION_MANAGER (self), NULL);

  /* pi writes the custom fields before the base fields for these two types */
  object = json_object_new ();
  json_object_set_string_member (object, "type", "custom");
  json_object_set_string_member (object, "customType", custom_type);
  if (data)
    json_object_set_member (object, "data", json_node_copy (data));
  add_base_members (self, object, ramo_session_manager_get_leaf_id (self));
  return finish_append (self, object, error);
}

/**
 * ramo_session_manager_append_custom_message_entry:
 * @self: a session manager
 * @custom_type: the extension's identifier
 * @content: a string or an array of text/image blocks
 * @display: whether the message is shown to the user
 * @details: (nullable): extension data not sent to the model
 * @error: return location for a #GError, or %NULL
 *
 * Appends a `custom_message` entry, which takes part in the LLM context as a user message.
 * Errors as ramo_session_manager_append_message().
 *
 * Returns: (transfer full): the new entry's id, or %NULL with @error set
 */
char *
ramo_session_manager_append_custom_message_entry (RamoSessionManager  *self,
                                                  const char          *custom_type,
                                                  JsonNode            *content,
                                                  gboolean             display,
                                                  JsonNode            *details,
                                                  GError             **error)
{
  JsonObject *object;

  g_return_val_if_fail (RAMO_IS_SESSION_MANAGER (self), NULL);
  g_return_val_if_fail (content != NULL, NULL);

  object = json_object_new ();
  json_object_set_string_member (object, "type", "custom_message");
  json_object_set_string_member (object, "customType", custom_type);
  json_object_set_member (object, "content", json_node_copy (content));
  json_object_set_boolean_member (object, "display", display);
  if (details)
    json_object_set_member (object, "details", json_node_copy (details));
  add_base_members (self, object, ramo_session_manager_get_leaf_id (self));
  return finish_append (self, object, error);
}

/**
 * ramo_session_manager_append_label_change:
 * @self: a session manager
 * @target_id: the entry to label
 * @label: (nullable): the new label, written as given; %NULL or empty clears it
 * @error: return location for a #GError, or %NULL
 *
 * Appends a `label` entry on the leaf's chain (so the leaf moves to it, as every append does)
 * and updates the label index at once (pi's `appendLabelChange()`). Like pi's, it leaves white
 * space alone: trimming what a user typed is the caller's part, as pi's tree selector trims
 * its input before it calls `appendLabelChange()` (in Ramo, ramo_window_set_label()).
 *
 * Errors: %RAMO_SESSION_ERROR_NOT_FOUND when @target_id names no entry, and those of
 * ramo_session_manager_append_message().
 *
 * Returns: (transfer full): the label entry's id, or %NULL with @error set
 */
char *
ramo_session_manager_append_label_change (RamoSessionManager  *self,
                                          const char          *target_id,
                                          const char          *label,
                                          GError             **error)
{
  JsonObject *object;
  RamoEntry *entry;
  g_autofree char *id = NULL;

  g_return_val_if_fail (RAMO_IS_SESSION_MANAGER (self), NULL);
  g_return_val_if_fail (target_id != NULL, NULL);

  if (!g_hash_table_contains (self->by_id, target_id))
    {
      g_set_error (error, RAMO_SESSION_ERROR, RAMO_SESSION_ERROR_NOT_FOUND,
                   "Entry %s not found", target_id);
      return NULL;
    }

  if (label && label[0] == '\0')
    label = NULL;

  object = _ramo_session_manager_base_object (self, "label", ramo_session_manager_get_leaf_id (self));
  json_object_set_string_member (object, "targetId", target_id);
  if (label)
    json_object_set_string_member (object, "label", label);

  entry = _ramo_session_manager_append_object (self, object, TRUE, error);
  json_object_unref (object);
  if (entry == NULL)
    return NULL;

  id = g_strdup (entry->id);
  _ramo_session_manager_emit_label_changed (self, target_id, label);
  return g_steal_pointer (&id);
}

/**
 * ramo_session_manager_append_session_info:
 * @self: a session manager
 * @name: the session's display name (trimmed; empty clears it)
 * @error: return location for a #GError, or %NULL
 *
 * Appends a `session_info` entry. Errors as ramo_session_manager_append_message().
 *
 * Returns: (transfer full): the new entry's id, or %NULL with @error set
 */
char *
ramo_session_manager_append_session_info (RamoSessionManager  *self,
                                          const char          *name,
                                          GError             **error)
{
  JsonObject *object;
  g_autofree char *trimmed = g_strstrip (g_strdup (name ? name : ""));

  g_return_val_if_fail (RAMO_IS_SESSION_MANAGER (self), NULL);

  object = _ramo_session_manager_base_object (self, "session_info", ramo_session_manager_get_leaf_id (self));
  json_object_set_string_member (object, "name", trimmed);
  return finish_append (self, object, error);
}

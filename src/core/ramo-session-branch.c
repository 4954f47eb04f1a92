/* ramo-session-branch.c
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
#include <string.h>

#include <glib/gstdio.h>

#include "ramo-json.h"
#include "ramo-session-manager-private.h"

/*
 * New sessions: a file holding only its header (pi's `SessionManager.create()`), one that lives
 * in memory (`inMemory()`), one read from bytes (for the fuzzer), and the branched session of one
 * path of the tree (`createBranchedSession()`), plus the summary that starts a branch
 * (`branchWithSummary()`).
 */

static void
write_header (GString    *out,
              const char *id,
              const char *timestamp,
              const char *cwd,
              const char *parent_session)
{
  g_autoptr(JsonBuilder) builder = json_builder_new_immutable ();
  g_autoptr(JsonNode) node = NULL;

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "type");
  json_builder_add_string_value (builder, "session");
  json_builder_set_member_name (builder, "version");
  json_builder_add_int_value (builder, RAMO_SESSION_VERSION);
  json_builder_set_member_name (builder, "id");
  json_builder_add_string_value (builder, id);
  json_builder_set_member_name (builder, "timestamp");
  json_builder_add_string_value (builder, timestamp);
  json_builder_set_member_name (builder, "cwd");
  json_builder_add_string_value (builder, cwd ? cwd : "");
  if (parent_session)
    {
      json_builder_set_member_name (builder, "parentSession");
      json_builder_add_string_value (builder, parent_session);
    }
  json_builder_end_object (builder);
  node = json_builder_get_root (builder);
  ramo_json_write (out, node);
  g_string_append_c (out, '\n');
}

static char *
session_file_name (const char *timestamp,
                   const char *session_id)
{
  g_autofree char *stamp = g_strdup (timestamp);

  g_strdelimit (stamp, ":.", '-');
  return g_strdup_printf ("%s_%s.jsonl", stamp, session_id);
}

/**
 * ramo_session_manager_new_in_memory:
 * @cwd: (nullable): the working folder recorded in the header
 *
 * Creates a session that lives only in memory (pi's `SessionManager.inMemory()`): appends
 * work, nothing is ever written to disk, and create_branched_session() returns no path.
 *
 * Returns: (transfer full): a new, empty session manager
 */
RamoSessionManager *
ramo_session_manager_new_in_memory (const char *cwd)
{
  RamoSessionManager *self = g_object_new (RAMO_TYPE_SESSION_MANAGER, NULL);
  g_autofree char *id = g_uuid_string_random ();
  g_autofree char *timestamp = ramo_iso_timestamp_now ();
  g_autoptr(GError) error = NULL;

  self->memory = g_string_new (NULL);
  write_header (self->memory, id, timestamp, cwd ? cwd : g_get_current_dir (), NULL);
  _ramo_session_manager_clear_state (self);
  _ramo_session_manager_init_state (self);
  if (!_ramo_session_manager_load_buffer (self, self->memory->str, self->memory->len, &error))
    g_critical ("in-memory header did not load: %s", error->message);
  self->known_size = self->memory->len;
  return self;
}

/* For the fuzzer and tests: a session read from bytes in memory, written nowhere. */
RamoSessionManager *
_ramo_session_manager_new_from_data (const char  *data,
                                     gsize        len,
                                     GError     **error)
{
  g_autoptr(RamoSessionManager) self = g_object_new (RAMO_TYPE_SESSION_MANAGER, NULL);

  self->memory = g_string_new_len (data, len);
  if (!_ramo_session_manager_load_buffer (self, self->memory->str, self->memory->len, error))
    return NULL;
  self->known_size = self->memory->len;
  return g_steal_pointer (&self);
}

/**
 * ramo_session_manager_create:
 * @session_dir: (type filename): the folder to create the session file in (created if missing)
 * @cwd: (nullable): the working folder recorded in the header
 * @parent_session: (nullable) (type filename): the session this one was branched from
 *
 * Creates a new session file named as pi names them (`<ISO time with : and . as ->_<id>.jsonl`)
 * holding only the header, with mode 0600 (session files hold whole conversations).
 *
 * Errors: %RAMO_SESSION_ERROR_IO when the folder or the file cannot be written.
 *
 * Returns: (transfer full): the manager of the new session, or %NULL with @error set
 */
RamoSessionManager *
ramo_session_manager_create (const char  *session_dir,
                             const char  *cwd,
                             const char  *parent_session,
                             GError     **error)
{
  g_autofree char *id = g_uuid_string_random ();
  g_autofree char *timestamp = ramo_iso_timestamp_now ();
  g_autofree char *name = session_file_name (timestamp, id);
  g_autofree char *path = g_build_filename (session_dir, name, NULL);
  g_autoptr(GString) contents = g_string_new (NULL);
  g_autoptr(RamoSessionManager) self = NULL;

  g_return_val_if_fail (session_dir != NULL, NULL);

  if (g_mkdir_with_parents (session_dir, 0700) != 0)
    {
      int errsv = errno;

      _ramo_session_set_io_error (error, g_io_error_from_errno (errsv),
                                  "%s: %s", session_dir, g_strerror (errsv));
      return NULL;
    }

  write_header (contents, id, timestamp, cwd ? cwd : g_get_current_dir (), parent_session);
  if (!_ramo_session_replace_file (path, contents->str, contents->len, 0600, error))
    return NULL;

  self = _ramo_session_manager_new_for_path (path);
  if (!_ramo_session_manager_load_path (self, self->path, error))
    return NULL;
  return g_steal_pointer (&self);
}

/**
 * ramo_session_manager_branch_with_summary:
 * @self: a session manager
 * @from_id: (nullable): the entry to continue from, %NULL for before the first entry
 * @summary: the summary of the abandoned branch
 * @details: (nullable): `{readFiles, modifiedFiles}` or other data
 * @from_hook: whether an extension or hook supplied the summary
 * @error: return location for a #GError, or %NULL
 *
 * Moves the leaf to @from_id and appends a `branch_summary` child there; with %NULL the summary
 * is a root. As the session's dialect writes it (`branchWithSummary()`): with pi's rules
 * `fromId` is the leaf that was left (pi 1.6.0; `"root"` before the first entry) and @from_hook
 * is `fromHook` (written when true); with oh-my-pi's `fromId` is @from_id (or `"root"`) and
 * @from_hook is `fromExtension`, written true or false as oh-my-pi's /tree does.
 *
 * Errors: %RAMO_SESSION_ERROR_NOT_FOUND, and those of ramo_session_manager_append_message();
 * on error the leaf has not moved.
 *
 * Returns: (transfer full): the summary entry's id, or %NULL with @error set
 */
char *
ramo_session_manager_branch_with_summary (RamoSessionManager  *self,
                                          const char          *from_id,
                                          const char          *summary,
                                          JsonNode            *details,
                                          gboolean             from_hook,
                                          GError             **error)
{
  JsonObject *object;
  const char *left;
  gboolean omp;

  g_return_val_if_fail (RAMO_IS_SESSION_MANAGER (self), NULL);
  g_return_val_if_fail (summary != NULL, NULL);

  if (from_id != NULL && !_ramo_id_index_contains (self->by_id, from_id))
    {
      g_set_error (error, RAMO_SESSION_ERROR, RAMO_SESSION_ERROR_NOT_FOUND,
                   "Entry %s not found", from_id);
      return NULL;
    }

  omp = ramo_session_manager_get_dialect (self) == RAMO_DIALECT_OMP;
  /* pi 1.6.0 records the leaf that was left; oh-my-pi (and pi 0.73.1) the branch point */
  left = omp ? from_id : ramo_session_manager_get_leaf_id (self);
  object = _ramo_session_manager_base_object (self, "branch_summary", from_id);
  json_object_set_string_member (object, "fromId", left ? left : "root");
  json_object_set_string_member (object, "summary", summary);
  if (details)
    json_object_set_member (object, "details", json_node_copy (details));
  /* oh-my-pi's navigateTree() passes fromExtension as true or false; pi writes fromHook if true */
  if (omp)
    json_object_set_boolean_member (object, "fromExtension", from_hook);
  else if (from_hook)
    json_object_set_boolean_member (object, "fromHook", TRUE);
  {
    RamoEntry *entry = _ramo_session_manager_append_object (self, object, FALSE, error);

    json_object_unref (object);
    return entry ? g_strdup (entry->id) : NULL;
  }
}

static void
write_id (GString    *out,
          const char *id)
{
  if (id)
    ramo_json_write_string (out, id);
  else
    g_string_append (out, "null");
}

/* Appends @entry's line to a branched session, chained to @parent_id (the entry kept before it,
 * %NULL for the first): the line as it is when nothing changes, else written again with
 * `parentId` (and a compaction's `firstKeptEntryId` past a dropped label) replaced. */
static gboolean
write_chained_line (RamoSessionManager  *self,
                    RamoEntry           *entry,
                    const char          *parent_id,
                    GHashTable          *label_successor,
                    GString             *out,
                    GError             **error)
{
  g_autofree char *line = NULL;
  const char *first_kept = NULL;

  if (entry->type == RAMO_ENTRY_TYPE_COMPACTION && entry->first_kept_id &&
      g_strcmp0 (entry->first_kept_id, entry->id) != 0)
    first_kept = g_hash_table_lookup (label_successor, entry->first_kept_id);

  if (g_strcmp0 (entry->parent_id, parent_id) == 0 && first_kept == NULL)
    {
      line = _ramo_session_manager_v3_line (self, entry, error);
      if (line == NULL)
        return FALSE;
      g_string_append (out, line);
    }
  else
    {
      g_autoptr(GString) parent = g_string_new (NULL);
      g_autoptr(GString) kept = g_string_new (NULL);
      RamoScan scan;

      write_id (parent, parent_id);
      if (first_kept)
        write_id (kept, first_kept);
      ramo_scan_init (&scan);
      if (!_ramo_session_manager_scan_entry (self, entry, &scan, &line, error))
        {
          ramo_scan_clear (&scan);
          return FALSE;
        }
      if (first_kept)
        ramo_scan_write_replacing (&scan, 1, out, "parentId", parent->str, "firstKeptEntryId", kept->str, NULL);
      else
        ramo_scan_write_replacing (&scan, 1, out, "parentId", parent->str, NULL);
      ramo_scan_clear (&scan);
    }
  g_string_append_c (out, '\n');
  return TRUE;
}

/**
 * ramo_session_manager_create_branched_session:
 * @self: a session manager
 * @leaf_id: the last entry of the path to keep
 * @new_path: (out) (optional) (nullable) (type filename): the new file, %NULL in memory
 * @error: return location for a #GError, or %NULL
 *
 * Makes a new session of the path root→@leaf_id (pi 1.6.0's `createBranchedSession()`): `label`
 * entries of the path are dropped, the entries kept are chained one to the next (an entry
 * whose parent was a dropped label gets the entry before it, and a compaction whose
 * `firstKeptEntryId` named a dropped label names the entry after it — pi 0.73.1 and oh-my-pi
 * 18.2.3 leave such entries orphaned), and one `label` entry per label resolved on the path is
 * appended after it; the new header has a new id and `parentSession` naming the old file.
 * With pi's rules each label keeps its label's timestamp. With oh-my-pi's (18.2.3) the file
 * starts with the 256-byte title slot holding the session's name, the header carries `title`,
 * `titleSource` and `additionalDirectories` as oh-my-pi's does, and the labels are stamped with
 * the time now. A persistent session writes the new file beside the old one (atomically, mode
 * 0600) and switches to it; an in-memory one replaces its entries.
 * #RamoSessionManager::reloaded is emitted.
 *
 * Errors: %RAMO_SESSION_ERROR_NOT_FOUND when @leaf_id names no entry, %RAMO_SESSION_ERROR_IO.
 *
 * Returns: %TRUE on success
 */
gboolean
ramo_session_manager_create_branched_session (RamoSessionManager  *self,
                                              const char          *leaf_id,
                                              char               **new_path,
                                              GError             **error)
{
  g_autoptr(GPtrArray) path = NULL;
  g_autoptr(GString) out = g_string_new (NULL);
  g_autoptr(GString) head = g_string_new (NULL);
  g_autoptr(GHashTable) on_path = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GHashTable) used_ids = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autofree char *session_id = g_uuid_string_random ();
  g_autofree char *timestamp = ramo_iso_timestamp_now ();
  g_autofree char *file_path = NULL;
  const char *last_id = NULL;
  g_autoptr(GPtrArray) label_targets = g_ptr_array_new ();
  g_autoptr(GPtrArray) pending_labels = g_ptr_array_new ();
  g_autoptr(GHashTable) label_successor = g_hash_table_new (g_str_hash, g_str_equal);
  gboolean omp;

  g_return_val_if_fail (RAMO_IS_SESSION_MANAGER (self), FALSE);

  omp = ramo_session_manager_get_dialect (self) == RAMO_DIALECT_OMP;

  if (new_path)
    *new_path = NULL;

  if (leaf_id == NULL || !_ramo_id_index_contains (self->by_id, leaf_id))
    {
      g_set_error (error, RAMO_SESSION_ERROR, RAMO_SESSION_ERROR_NOT_FOUND,
                   "Entry %s not found", leaf_id ? leaf_id : "(null)");
      return FALSE;
    }

  path = ramo_session_manager_dup_branch (self, leaf_id);

  for (guint i = 0; i < path->len; i++)
    {
      RamoEntry *entry = g_ptr_array_index (path, i);

      if (entry->type == RAMO_ENTRY_TYPE_LABEL)
        {
          g_ptr_array_add (pending_labels, (char *) entry->id);
          continue;
        }
      for (guint k = 0; k < pending_labels->len; k++)
        g_hash_table_insert (label_successor, g_ptr_array_index (pending_labels, k), (char *) entry->id);
      g_ptr_array_set_size (pending_labels, 0);

      if (!write_chained_line (self, entry, last_id, label_successor, out, error))
        return FALSE;
      g_hash_table_add (on_path, (char *) entry->id);
      g_hash_table_add (used_ids, g_strdup (entry->id));
      last_id = entry->id;
    }

  /* Labels in the order pi's Map holds them: the order their targets were first labelled
   * since they were last cleared. Our hash table has no order, so recompute it from the
   * label entries in file order (a cleared target leaves a hole; linear in the entries). */
  {
    g_autoptr(GHashTable) position = g_hash_table_new (g_str_hash, g_str_equal);

    for (guint i = 0; i < self->entries->len; i++)
      {
        RamoEntry *entry = g_ptr_array_index (self->entries, i);
        gpointer index;

        if (entry->type != RAMO_ENTRY_TYPE_LABEL || entry->target_id == NULL)
          continue;
        if (entry->label_text == NULL)
          {
            if (g_hash_table_steal_extended (position, entry->target_id, NULL, &index))
              g_ptr_array_index (label_targets, GPOINTER_TO_UINT (index)) = NULL;
          }
        else if (!g_hash_table_contains (position, entry->target_id))
          {
            g_hash_table_insert (position, (char *) entry->target_id, GUINT_TO_POINTER (label_targets->len));
            g_ptr_array_add (label_targets, (char *) entry->target_id);
          }
      }
  }

  for (guint i = 0; i < label_targets->len; i++)
    {
      const char *target = g_ptr_array_index (label_targets, i);
      const char *label = target ? g_hash_table_lookup (self->labels, target) : NULL;
      const char *label_time = target ? g_hash_table_lookup (self->label_times, target) : NULL;
      g_autoptr(JsonObject) object = json_object_new ();
      g_autoptr(JsonNode) node = NULL;
      char *id = NULL;

      if (label == NULL || !g_hash_table_contains (on_path, target))
        continue;

      for (guint attempt = 0; attempt < 100; attempt++)
        {
          id = g_uuid_string_random ();
          id[8] = '\0';
          if (!g_hash_table_contains (used_ids, id))
            break;
          g_clear_pointer (&id, g_free);
        }
      if (id == NULL)
        id = g_uuid_string_random ();

      json_object_set_string_member (object, "type", "label");
      json_object_set_string_member (object, "id", id);
      if (last_id)
        json_object_set_string_member (object, "parentId", last_id);
      else
        json_object_set_null_member (object, "parentId");
      if (omp)
        {
          /* oh-my-pi makes its labels afresh: the time now */
          g_autofree char *now = ramo_iso_timestamp_now ();

          json_object_set_string_member (object, "timestamp", now);
        }
      else if (label_time)
        json_object_set_string_member (object, "timestamp", label_time);
      json_object_set_string_member (object, "targetId", target);
      json_object_set_string_member (object, "label", label);
      node = json_node_init_object (json_node_alloc (), object);
      ramo_json_write (out, node);
      g_string_append_c (out, '\n');
      g_hash_table_add (used_ids, id);
      last_id = id;
    }

  /* the header (oh-my-pi's after its title slot); pi records no parentSession for in-memory
   * sessions, nor does oh-my-pi */
  if (omp)
    {
      if (!_ramo_session_manager_write_omp_head (self, head, session_id, timestamp, self->path, error))
        return FALSE;
    }
  else
    write_header (head, session_id, timestamp, self->cwd, self->path);
  g_string_prepend_len (out, head->str, head->len);

  if (self->path)
    {
      g_autofree char *name = session_file_name (timestamp, session_id);

      file_path = g_build_filename (self->session_dir, name, NULL);
      if (!_ramo_session_replace_file (file_path, out->str, out->len, 0600, error))
        return FALSE;

      _ramo_session_manager_clear_state (self);
      _ramo_session_manager_init_state (self);
      g_free (self->path);
      self->path = g_strdup (file_path);
      if (!_ramo_session_manager_load_path (self, self->path, error))
        return FALSE;
      if (new_path)
        *new_path = g_steal_pointer (&file_path);
    }
  else
    {
      g_string_free (self->memory, TRUE);
      self->memory = g_steal_pointer (&out);
      _ramo_session_manager_clear_state (self);
      _ramo_session_manager_init_state (self);
      if (!_ramo_session_manager_load_buffer (self, self->memory->str, self->memory->len, error))
        return FALSE;
      self->known_size = self->memory->len;
    }

  _ramo_session_manager_emit_reloaded (self);

  return TRUE;
}

/* ramo-session-manager.c
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

#include <unistd.h>

#include "ramo-session-manager-private.h"

/**
 * RamoSessionManager:
 *
 * Owns one pi session: the file (or an in-memory buffer), the compact entry records, the
 * indexes (entry by id, children by parent, labels by target, the leaf) and every write.
 *
 * It reads files as pi 0.73.1's `SessionManager` does (`dist/core/session-manager.js`): one JSON
 * object a line, malformed lines skipped (and reported here with their line number), the first
 * object the `session` header, versions 1 and 2 migrated to 3 in memory, the leaf on the last
 * entry, labels resolved in file order, children sorted oldest→newest by timestamp.
 *
 * Unlike pi it never writes a file merely because it was opened: a file that needs migration
 * is replaced atomically just before the first write to it. Each write is one `write()` of one
 * complete line to a descriptor opened with `O_APPEND`, under an advisory `flock()`.
 *
 * Entry bodies stay in the file: each record remembers its line's offset and length, and
 * ramo_session_manager_read_entry() parses a body on demand.
 */

G_DEFINE_FINAL_TYPE (RamoSessionManager, ramo_session_manager, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_LEAF_ID,
  PROP_PATH,
  PROP_DIALECT,
  PROP_SESSION_NAME,
  N_PROPS
};

enum {
  ENTRY_APPENDED,
  LEAF_CHANGED,
  LABEL_CHANGED,
  RELOADED,
  ENTRIES_ADDED,
  N_SIGNALS
};

static GParamSpec *properties [N_PROPS];
static guint signals [N_SIGNALS];

void
_ramo_session_manager_clear_state (RamoSessionManager *self)
{
  /* Entries live in blocks (see ramo-session-lines.c), their children mostly in the manager's
   * child_pool: only children added since are their own. Not every entry is visited for
   * them: on 100,000 entries that walk was a fifth of the time the manager took to free. */
  if (self->entries && self->children_owned)
    for (guint i = 0; i < self->entries->len; i++)
      ramo_entry_tree_clear_children (g_ptr_array_index (self->entries, i));
  self->children_owned = FALSE;
  g_clear_pointer (&self->entries, g_ptr_array_unref);
  self->last_session_info = NULL;
  g_clear_pointer (&self->by_id, _ramo_id_index_free);
  g_clear_pointer (&self->repeated_ids, g_hash_table_unref);
  g_clear_pointer (&self->labels, g_hash_table_unref);
  g_clear_pointer (&self->label_times, g_hash_table_unref);
  g_clear_pointer (&self->context_edits, g_hash_table_unref);
  g_clear_pointer (&self->roots, g_ptr_array_unref);
  g_clear_pointer (&self->issues, g_ptr_array_unref);
  g_clear_pointer (&self->problems, g_ptr_array_unref);
  g_clear_pointer (&self->strings, g_string_chunk_free);
  g_clear_pointer (&self->header, json_object_unref);
  g_clear_pointer (&self->header_text, g_free);
  g_clear_pointer (&self->version_text, g_free);
  g_clear_pointer (&self->read_only_reason, g_free);
  g_clear_pointer (&self->display, _ramo_display_state_free);
  g_clear_pointer (&self->figures, _ramo_figures_table_free);
  g_clear_pointer (&self->tool_index, _ramo_tool_index_free);
  g_clear_pointer (&self->chunks, g_ptr_array_unref);
  g_clear_pointer (&self->entry_blocks, g_ptr_array_unref);
  g_clear_pointer (&self->child_pool, g_free);
  g_clear_pointer (&self->session_id, g_free);
  g_clear_pointer (&self->cwd, g_free);
  g_clear_pointer (&self->title, g_free);
  self->has_title_slot = self->omp_seen = FALSE;
  _ramo_title_slot_clear (&self->slot);
  if (self->read_fd >= 0)
    {
      close (self->read_fd);
      self->read_fd = -1;
    }
  self->leaf = NULL;
}

void
_ramo_session_manager_init_state (RamoSessionManager *self)
{
  self->strings = g_string_chunk_new (64 * 1024);
  self->entries = g_ptr_array_new ();
  self->by_id = _ramo_id_index_new (self->entries);
  self->labels = g_hash_table_new (g_str_hash, g_str_equal);
  self->label_times = g_hash_table_new (g_str_hash, g_str_equal);
  self->context_edits = g_hash_table_new (g_str_hash, g_str_equal);
  self->roots = g_ptr_array_new ();
  self->issues = g_ptr_array_new_with_free_func (_ramo_load_issue_free);
  self->display = _ramo_display_state_new ();
  self->figures = _ramo_figures_table_new ();
  self->tool_index = _ramo_tool_index_new ();
  self->chunks = g_ptr_array_new_with_free_func ((GDestroyNotify) g_string_chunk_free);
  self->entry_blocks = g_ptr_array_new_with_free_func (g_free);
  self->file_version = RAMO_SESSION_VERSION;
  self->read_only = FALSE;
  _ramo_session_manager_init_header_state (self);
  self->leaf = NULL;
  /* the times are read as pi reads them */
  self->order_dialect = RAMO_DIALECT_PI;
  self->n_timed = 0;
}

static void
ramo_session_manager_finalize (GObject *object)
{
  RamoSessionManager *self = (RamoSessionManager *)object;

  _ramo_session_manager_clear_state (self);
  g_clear_pointer (&self->path, g_free);
  g_clear_pointer (&self->session_dir, g_free);
  if (self->memory)
    g_string_free (self->memory, TRUE);

  G_OBJECT_CLASS (ramo_session_manager_parent_class)->finalize (object);
}

static void
ramo_session_manager_get_property (GObject    *object,
                                   guint       prop_id,
                                   GValue     *value,
                                   GParamSpec *pspec)
{
  RamoSessionManager *self = RAMO_SESSION_MANAGER (object);

  switch (prop_id)
    {
    case PROP_LEAF_ID:
      g_value_set_string (value, ramo_session_manager_get_leaf_id (self));
      break;

    case PROP_PATH:
      g_value_set_string (value, self->path);
      break;

    case PROP_DIALECT:
      g_value_set_enum (value, ramo_session_manager_get_dialect (self));
      break;

    case PROP_SESSION_NAME:
      g_value_take_string (value, ramo_session_manager_dup_session_name (self));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ramo_session_manager_class_init (RamoSessionManagerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = ramo_session_manager_finalize;
  object_class->get_property = ramo_session_manager_get_property;

  /**
   * RamoSessionManager:leaf-id:
   *
   * The id of the current leaf, or %NULL before the first entry.
   */
  properties [PROP_LEAF_ID] =
    g_param_spec_string ("leaf-id", NULL, NULL, NULL,
                         (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));

  /**
   * RamoSessionManager:path:
   *
   * The session file, or %NULL for an in-memory session. Changes when a branched session
   * replaces the current one.
   */
  properties [PROP_PATH] =
    g_param_spec_string ("path", NULL, NULL, NULL,
                         (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));

  /**
   * RamoSessionManager:dialect:
   *
   * The agent whose rules the session is read and written by (see ramo_session_manager_get_dialect()).
   */
  properties [PROP_DIALECT] =
    g_param_spec_enum ("dialect", NULL, NULL, RAMO_TYPE_DIALECT, RAMO_DIALECT_PI,
                       (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * RamoSessionManager:session-name:
   *
   * The session's name (ramo_session_manager_dup_session_name()). Notified when it may have
   * changed: a name set through the manager, a `session_info` entry read or written, the title
   * slot oh-my-pi rewrote in place (seen by ramo_session_manager_refresh()), a reload or a
   * change of dialect.
   */
  properties [PROP_SESSION_NAME] =
    g_param_spec_string ("session-name", NULL, NULL, NULL,
                         (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * RamoSessionManager::entry-appended:
   * @self: the session manager
   * @entry: (type gpointer): the new #RamoEntry, owned by @self
   *
   * Emitted after an entry was written and indexed (the leaf has already moved to it).
   */
  signals [ENTRY_APPENDED] =
    g_signal_new ("entry-appended",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_POINTER);

  /**
   * RamoSessionManager::leaf-changed:
   * @self: the session manager
   * @old_leaf_id: (nullable): the previous leaf id
   *
   * Emitted whenever the leaf moves: by an append, branch(), reset_leaf() or a reload.
   */
  signals [LEAF_CHANGED] =
    g_signal_new ("leaf-changed",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_STRING);

  /**
   * RamoSessionManager::label-changed:
   * @self: the session manager
   * @target_id: the entry whose label changed
   * @label: (nullable): the new label, %NULL when cleared
   */
  signals [LABEL_CHANGED] =
    g_signal_new ("label-changed",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 2, G_TYPE_STRING, G_TYPE_STRING);

  /**
   * RamoSessionManager::reloaded:
   * @self: the session manager
   *
   * Emitted when every entry was replaced: after create_branched_session() switched to the
   * new session. Entry pointers held from before are no longer valid.
   */
  /**
   * RamoSessionManager::entries-added:
   * @self: the session manager
   * @position: the index (file order) of the first new entry
   * @n_added: how many entries another program appended
   *
   * Emitted by ramo_session_manager_refresh() after it read lines another program (pi)
   * appended to the file. The tree is up to date; the leaf has followed the new lines if it
   * was on the last entry before. #RamoSessionManager::label-changed follows for each entry
   * whose label the new lines set or cleared.
   */
  signals [ENTRIES_ADDED] =
    g_signal_new ("entries-added",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 2, G_TYPE_UINT, G_TYPE_UINT);

  signals [RELOADED] =
    g_signal_new ("reloaded",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 0);
}

static void
ramo_session_manager_init (RamoSessionManager *self)
{
  self->read_fd = -1;
  self->pending_offset = -1;
  _ramo_session_manager_init_state (self);
}

/* ------------------------------------------------------------------------------------------ */
/* The manager's own internals                                                                 */

/* A manager for the session file @path, with nothing read yet. */
RamoSessionManager *
_ramo_session_manager_new_for_path (const char *path)
{
  RamoSessionManager *self = g_object_new (RAMO_TYPE_SESSION_MANAGER, NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);

  self->path = g_file_get_path (file);
  self->session_dir = g_path_get_dirname (self->path);
  return self;
}

/* Builds the tree from the records (ramo_entry_tree_build()), reports the cycles it cut and
 * marks the path to the leaf. */
void
_ramo_session_manager_build_tree (RamoSessionManager *self)
{
  g_autoptr(GPtrArray) cut = g_ptr_array_new ();

  g_clear_pointer (&self->problems, g_ptr_array_unref);
  _ramo_figures_table_changed (self->figures);
  /* a leaf whose id a later line took (lines appended) is that line: pi's leaf is an id */
  if (self->leaf != NULL && (self->leaf->flags & RAMO_ENTRY_FLAG_SHADOWED))
    self->leaf = _ramo_id_index_lookup (self->by_id, self->leaf->id);
  ramo_entry_tree_build (self->entries, self->by_id, self->roots, cut, &self->child_pool,
                         _ramo_session_manager_order_dialect (self));
  for (guint i = 0; i < cut->len; i++)
    {
      RamoEntry *first = g_ptr_array_index (cut, i);

      _ramo_session_manager_add_tree_issue (self, RAMO_PROBLEM_CYCLE, first->line,
                                            "parentId %s closes a cycle; the entry is shown as a root",
                                            first->parent_id);
    }
  ramo_entry_tree_mark_path (self->leaf, TRUE);
}

void
_ramo_session_manager_emit_entry_appended (RamoSessionManager *self,
                                           RamoEntry          *entry)
{
  g_signal_emit (self, signals [ENTRY_APPENDED], 0, entry);
}

void
_ramo_session_manager_emit_entries_added (RamoSessionManager *self,
                                          guint               position,
                                          guint               n_added)
{
  _ramo_session_manager_update_dialect (self);
  g_signal_emit (self, signals [ENTRIES_ADDED], 0, position, n_added);
}

void
_ramo_session_manager_emit_label_changed (RamoSessionManager *self,
                                          const char         *target_id,
                                          const char         *label)
{
  g_signal_emit (self, signals [LABEL_CHANGED], 0, target_id, label);
}

/* After every entry was replaced (a branched session): path, leaf and ::reloaded. */
void
_ramo_session_manager_emit_reloaded (RamoSessionManager *self)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties [PROP_PATH]);
  g_object_notify_by_pspec (G_OBJECT (self), properties [PROP_LEAF_ID]);
  _ramo_session_manager_update_dialect (self);
  _ramo_session_manager_notify_session_name (self);
  g_signal_emit (self, signals [RELOADED], 0);
}

void
_ramo_session_manager_notify_session_name (RamoSessionManager *self)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties [PROP_SESSION_NAME]);
}

/* ------------------------------------------------------------------------------------------ */
/* Accessors                                                                                   */

/**
 * ramo_session_manager_get_path:
 * @self: a session manager
 *
 * Returns: (nullable) (type filename): the session file, %NULL for an in-memory session
 */
const char *
ramo_session_manager_get_path (RamoSessionManager *self)
{
  g_return_val_if_fail (RAMO_IS_SESSION_MANAGER (self), NULL);
  return self->path;
}

/* For tests: whether the session is backed by a file. */
gboolean
_ramo_session_manager_is_persisted (RamoSessionManager *self)
{
  g_return_val_if_fail (RAMO_IS_SESSION_MANAGER (self), FALSE);
  return self->path != NULL;
}

/**
 * ramo_session_manager_is_read_only:
 * @self: a session manager
 *
 * Returns: %TRUE when writes are refused (the file's format version is newer than Ramo's, or
 *   its header is missing or broken: ramo_session_manager_get_header_problem())
 */
gboolean
ramo_session_manager_is_read_only (RamoSessionManager *self)
{
  g_return_val_if_fail (RAMO_IS_SESSION_MANAGER (self), FALSE);
  return self->read_only;
}

/**
 * ramo_session_manager_get_file_version:
 * @self: a session manager
 *
 * Returns: the format version the file was written in (1 when the header has none)
 */
guint
ramo_session_manager_get_file_version (RamoSessionManager *self)
{
  g_return_val_if_fail (RAMO_IS_SESSION_MANAGER (self), 0);
  return self->file_version;
}

/**
 * ramo_session_manager_needs_migration:
 * @self: a session manager
 *
 * Returns: %TRUE when the file is older than version 3 and will be rewritten (atomically)
 *   before Ramo's first write to it (never for a read-only session)
 */
gboolean
ramo_session_manager_needs_migration (RamoSessionManager *self)
{
  g_return_val_if_fail (RAMO_IS_SESSION_MANAGER (self), FALSE);
  return self->file_version < RAMO_SESSION_VERSION && !self->read_only;
}

/**
 * ramo_session_manager_get_header:
 * @self: a session manager
 *
 * The header object as read (unknown fields kept; `version` as in the file).
 *
 * Returns: (transfer none) (nullable): the header, %NULL when the file has none before its
 *   entries (ramo_session_manager_get_header_problem())
 */
JsonObject *
ramo_session_manager_get_header (RamoSessionManager *self)
{
  g_return_val_if_fail (RAMO_IS_SESSION_MANAGER (self), NULL);
  return self->header;
}

/**
 * ramo_session_manager_get_session_id:
 * @self: a session manager
 *
 * Returns: (nullable): the header's `id`, %NULL when the header is missing or has none
 */
const char *
ramo_session_manager_get_session_id (RamoSessionManager *self)
{
  g_return_val_if_fail (RAMO_IS_SESSION_MANAGER (self), NULL);
  return self->session_id;
}

/**
 * ramo_session_manager_get_cwd:
 * @self: a session manager
 *
 * Returns: (nullable) (type filename): the header's `cwd`
 */
const char *
ramo_session_manager_get_cwd (RamoSessionManager *self)
{
  g_return_val_if_fail (RAMO_IS_SESSION_MANAGER (self), NULL);
  return self->cwd;
}

/**
 * ramo_session_manager_get_n_entries:
 * @self: a session manager
 *
 * Returns: the number of entry lines (the header and title slot excluded), those whose id a
 *   later line repeats included (no nodes: ramo_session_manager_get_n_ids() counts the nodes)
 */
guint
ramo_session_manager_get_n_entries (RamoSessionManager *self)
{
  g_return_val_if_fail (RAMO_IS_SESSION_MANAGER (self), 0);
  return self->entries->len;
}

/* The entries in file order, for the projection's loops over all of them (owned by @self;
 * replaced by a reload). */
GPtrArray *
_ramo_session_manager_get_entries (RamoSessionManager *self)
{
  return self->entries;
}

/* The labels: target id → label (owned by @self). */
GHashTable *
_ramo_session_manager_get_labels (RamoSessionManager *self)
{
  return self->labels;
}

/**
 * ramo_session_manager_get_entry_at:
 * @self: a session manager
 * @index: a position in file order, below ramo_session_manager_get_n_entries()
 *
 * Returns: (transfer none): the entry
 */
RamoEntry *
ramo_session_manager_get_entry_at (RamoSessionManager *self,
                                   guint               index)
{
  g_return_val_if_fail (RAMO_IS_SESSION_MANAGER (self), NULL);
  g_return_val_if_fail (index < self->entries->len, NULL);
  return g_ptr_array_index (self->entries, index);
}

/**
 * ramo_session_manager_get_entry:
 * @self: a session manager
 * @id: an entry id
 *
 * Returns: (transfer none) (nullable): the entry with that id (the later line where two share it)
 */
RamoEntry *
ramo_session_manager_get_entry (RamoSessionManager *self,
                                const char         *id)
{
  g_return_val_if_fail (RAMO_IS_SESSION_MANAGER (self), NULL);
  return id ? _ramo_id_index_lookup (self->by_id, id) : NULL;
}

/**
 * ramo_session_manager_get_leaf_id:
 * @self: a session manager
 *
 * Returns: (nullable): the current leaf's id; %NULL before the first entry or after reset_leaf()
 */
const char *
ramo_session_manager_get_leaf_id (RamoSessionManager *self)
{
  g_return_val_if_fail (RAMO_IS_SESSION_MANAGER (self), NULL);
  return self->leaf ? self->leaf->id : NULL;
}

/**
 * ramo_session_manager_get_leaf:
 * @self: a session manager
 *
 * Returns: (transfer none) (nullable): the current leaf entry
 */
RamoEntry *
ramo_session_manager_get_leaf (RamoSessionManager *self)
{
  g_return_val_if_fail (RAMO_IS_SESSION_MANAGER (self), NULL);
  return self->leaf;
}

/**
 * ramo_session_manager_dup_branch:
 * @self: a session manager
 * @from_id: (nullable): the entry to end at; %NULL for the leaf
 *
 * The path root→@from_id (pi's `getBranch()`); empty when the id is unknown or the leaf is null.
 *
 * Returns: (transfer container) (element-type RamoEntry): the entries of the path, root first
 */
GPtrArray *
ramo_session_manager_dup_branch (RamoSessionManager *self,
                                 const char         *from_id)
{
  GPtrArray *path;
  RamoEntry *entry;

  g_return_val_if_fail (RAMO_IS_SESSION_MANAGER (self), NULL);

  entry = from_id ? _ramo_id_index_lookup (self->by_id, from_id) : self->leaf;
  /* sized by the entry's depth: a path of hundreds of thousands of entries is never copied
   * as it grows */
  path = g_ptr_array_sized_new (entry ? entry->depth + 1 : 0);
  for (RamoEntry *e = entry; e; e = e->parent)
    g_ptr_array_add (path, e);
  for (guint i = 0, j = path->len ? path->len - 1 : 0; i < j; i++, j--)
    {
      gpointer tmp = path->pdata[i];
      path->pdata[i] = path->pdata[j];
      path->pdata[j] = tmp;
    }
  return path;
}

/**
 * ramo_session_manager_get_roots:
 * @self: a session manager
 *
 * The roots of the tree in file order (pi's `getTree()`): entries whose `parentId` is null, is
 * their own id, or names no entry; and an entry at which a `parentId` cycle was cut.
 *
 * Returns: (transfer none) (element-type RamoEntry): the roots
 */
GPtrArray *
ramo_session_manager_get_roots (RamoSessionManager *self)
{
  g_return_val_if_fail (RAMO_IS_SESSION_MANAGER (self), NULL);
  return self->roots;
}

/* For tests: (transfer container) the children of the entry @parent_id (its RamoEntry.children,
 * in the order of the dialect's agent), or NULL for none. */
GPtrArray *
_ramo_session_manager_get_children (RamoSessionManager *self,
                                    const char         *parent_id)
{
  RamoEntry *parent;
  GPtrArray *children;

  g_return_val_if_fail (RAMO_IS_SESSION_MANAGER (self), NULL);

  parent = ramo_session_manager_get_entry (self, parent_id);
  if (parent == NULL || parent->n_children == 0)
    return NULL;
  children = g_ptr_array_sized_new (parent->n_children);
  for (guint i = 0; i < parent->n_children; i++)
    g_ptr_array_add (children, parent->children[i]);
  return children;
}

/**
 * ramo_session_manager_get_label:
 * @self: a session manager
 * @id: an entry id
 *
 * Returns: (nullable): the entry's current label (the last `label` entry for it in file order)
 */
const char *
ramo_session_manager_get_label (RamoSessionManager *self,
                                const char         *id)
{
  g_return_val_if_fail (RAMO_IS_SESSION_MANAGER (self), NULL);
  return id ? g_hash_table_lookup (self->labels, id) : NULL;
}

/**
 * ramo_session_manager_get_label_time:
 * @self: a session manager
 * @id: an entry id
 *
 * Returns: (nullable): the `timestamp` of the `label` entry that set the entry's current label,
 *   as written (pi 1.6.0's tree selector shows it, `labelTimestampsById`), or %NULL
 */
const char *
ramo_session_manager_get_label_time (RamoSessionManager *self,
                                     const char         *id)
{
  g_return_val_if_fail (RAMO_IS_SESSION_MANAGER (self), NULL);
  return id ? g_hash_table_lookup (self->label_times, id) : NULL;
}

/**
 * ramo_session_manager_is_on_active_path:
 * @self: a session manager
 * @entry: an entry of @self
 *
 * Returns: %TRUE when @entry is on the path root→leaf
 */
gboolean
ramo_session_manager_is_on_active_path (RamoSessionManager *self,
                                        const RamoEntry    *entry)
{
  g_return_val_if_fail (RAMO_IS_SESSION_MANAGER (self), FALSE);
  return (entry->flags & RAMO_ENTRY_FLAG_ACTIVE_PATH) != 0;
}

void
_ramo_session_manager_set_leaf (RamoSessionManager *self,
                                RamoEntry          *leaf)
{
  g_autofree char *old_id = NULL;

  if (self->leaf == leaf)
    return;
  old_id = g_strdup (self->leaf ? self->leaf->id : NULL);
  if (leaf != NULL && self->leaf != NULL && leaf->parent == self->leaf)
    {
      /* an append: the path only grows by the new entry (O(1), not O(depth)) */
      leaf->flags |= RAMO_ENTRY_FLAG_ACTIVE_PATH;
      self->leaf = leaf;
    }
  else
    {
      ramo_entry_tree_mark_path (self->leaf, FALSE);
      self->leaf = leaf;
      ramo_entry_tree_mark_path (self->leaf, TRUE);
    }
  g_object_notify_by_pspec (G_OBJECT (self), properties [PROP_LEAF_ID]);
  g_signal_emit (self, signals [LEAF_CHANGED], 0, old_id);
}


/**
 * ramo_session_manager_branch:
 * @self: a session manager
 * @entry_id: the entry to continue from
 * @error: return location for a #GError, or %NULL
 *
 * Moves the leaf to @entry_id; nothing is written (pi's `branch()`). The next append becomes a
 * child of that entry. Use ramo_session_manager_reset_leaf() to move before the first entry.
 *
 * Errors: %RAMO_SESSION_ERROR_NOT_FOUND when no entry has that id.
 *
 * Returns: %TRUE on success
 */
gboolean
ramo_session_manager_branch (RamoSessionManager  *self,
                             const char          *entry_id,
                             GError             **error)
{
  RamoEntry *entry;

  g_return_val_if_fail (RAMO_IS_SESSION_MANAGER (self), FALSE);

  if (entry_id == NULL)
    {
      g_set_error (error, RAMO_SESSION_ERROR, RAMO_SESSION_ERROR_INVALID_ARGUMENT,
                   "branch() needs an entry id; use reset_leaf() to move before the first entry");
      return FALSE;
    }

  entry = _ramo_id_index_lookup (self->by_id, entry_id);
  if (entry == NULL)
    {
      g_set_error (error, RAMO_SESSION_ERROR, RAMO_SESSION_ERROR_NOT_FOUND,
                   "Entry %s not found", entry_id);
      return FALSE;
    }

  _ramo_session_manager_set_leaf (self, entry);
  return TRUE;
}

/**
 * ramo_session_manager_reset_leaf:
 * @self: a session manager
 *
 * Sets the leaf to null: the next append creates a new root (pi's `resetLeaf()`).
 */
void
ramo_session_manager_reset_leaf (RamoSessionManager *self)
{
  g_return_if_fail (RAMO_IS_SESSION_MANAGER (self));
  _ramo_session_manager_set_leaf (self, NULL);
}

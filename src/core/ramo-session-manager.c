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

#ifndef _GNU_SOURCE
#define _GNU_SOURCE  /* memrchr */
#endif

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <string.h>
#include <sys/file.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <glib/gstdio.h>

#include "ramo-json.h"
#include "ramo-json-scan.h"
#include "ramo-session-context.h"
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

struct _RamoSessionManager
{
  GObject           parent_instance;

  char             *path;              /* NULL for in-memory sessions */
  char             *session_dir;
  GString          *memory;            /* the "file" of an in-memory session */
  int               read_fd;

  JsonObject       *header;
  char             *header_text;       /* the header line as read (UTF-8 repaired) */
  char             *version_text;      /* the header's `version` as JSON text, or NULL */
  char             *session_id;
  char             *cwd;
  char             *title;             /* oh-my-pi title slot, if any */
  guint             file_version;
  gboolean          read_only;

  GStringChunk     *strings;
  GPtrArray        *entries;           /* (element-type RamoEntry) file order, owned */
  GHashTable       *by_id;             /* id → RamoEntry, the later line wins */
  GHashTable       *labels;            /* target id → label (chunk string) */
  GHashTable       *label_times;       /* target id → timestamp of the label entry */
  GPtrArray        *roots;
  GPtrArray        *issues;            /* (element-type RamoLoadIssue) */
  GHashTable       *tool_calls;        /* toolCallId → formatted call, for tool results */
  GPtrArray        *chunks;            /* string chunks of the loading threads */
  GPtrArray        *entry_blocks;      /* the memory of the entries, in blocks */
  RamoDisplayState *display;           /* for appends */
  RamoEntry        *leaf;

  /* What Ramo knows of the file, to notice changes made behind its back. */
  goffset           known_size;        /* bytes of the file Ramo has accounted for */
  gint64            known_mtime;
  dev_t             known_dev;         /* the file's identity, to notice a replacement */
  ino_t             known_ino;
  goffset           pending_offset;    /* an incomplete last line still being written, or -1 */
  guint             n_lines;
  RamoLoadProgressFunc progress;        /* while loading in a thread */
  gpointer          progress_data;
  GCancellable     *load_cancellable;
  gboolean          ends_with_newline;
  gboolean          linking;           /* loading: commit links entries into the tree … */
  gboolean          links_in_order;    /* … and every parent came before its child, once */
};

G_DEFINE_FINAL_TYPE (RamoSessionManager, ramo_session_manager, G_TYPE_OBJECT)

G_DEFINE_QUARK (ramo-session-error-quark, ramo_session_error)

enum {
  PROP_0,
  PROP_LEAF_ID,
  PROP_PATH,
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

static const char * const type_names[] = {
  [RAMO_ENTRY_TYPE_UNKNOWN] = NULL,
  [RAMO_ENTRY_TYPE_MESSAGE] = "message",
  [RAMO_ENTRY_TYPE_THINKING_LEVEL_CHANGE] = "thinking_level_change",
  [RAMO_ENTRY_TYPE_MODEL_CHANGE] = "model_change",
  [RAMO_ENTRY_TYPE_COMPACTION] = "compaction",
  [RAMO_ENTRY_TYPE_BRANCH_SUMMARY] = "branch_summary",
  [RAMO_ENTRY_TYPE_CUSTOM] = "custom",
  [RAMO_ENTRY_TYPE_CUSTOM_MESSAGE] = "custom_message",
  [RAMO_ENTRY_TYPE_LABEL] = "label",
  [RAMO_ENTRY_TYPE_SESSION_INFO] = "session_info",
};

/**
 * ramo_entry_type_to_string:
 * @type: an entry type
 *
 * Returns: (nullable): the `type` string pi writes for @type, %NULL for unknown types
 */
const char *
ramo_entry_type_to_string (RamoEntryType type)
{
  if ((guint) type >= G_N_ELEMENTS (type_names))
    return NULL;
  return type_names[type];
}

static RamoMessageRole
role_from_string (const char *role)
{
  if (role == NULL)
    return RAMO_MESSAGE_ROLE_OTHER;
  if (strcmp (role, "user") == 0)
    return RAMO_MESSAGE_ROLE_USER;
  if (strcmp (role, "assistant") == 0)
    return RAMO_MESSAGE_ROLE_ASSISTANT;
  if (strcmp (role, "toolResult") == 0)
    return RAMO_MESSAGE_ROLE_TOOL_RESULT;
  if (strcmp (role, "bashExecution") == 0)
    return RAMO_MESSAGE_ROLE_BASH_EXECUTION;
  if (strcmp (role, "custom") == 0 || strcmp (role, "hookMessage") == 0)
    return RAMO_MESSAGE_ROLE_CUSTOM;
  return RAMO_MESSAGE_ROLE_OTHER;
}

static void
load_issue_free (gpointer data)
{
  RamoLoadIssue *issue = data;

  g_free (issue->message);
  g_free (issue);
}

static void
add_issue (RamoSessionManager *self,
           guint               line,
           const char         *format,
           ...) G_GNUC_PRINTF (3, 4);

static void
add_issue (RamoSessionManager *self,
           guint               line,
           const char         *format,
           ...)
{
  RamoLoadIssue *issue = g_new0 (RamoLoadIssue, 1);
  va_list args;

  va_start (args, format);
  issue->line = line;
  issue->message = g_strdup_vprintf (format, args);
  va_end (args);
  g_ptr_array_add (self->issues, issue);
}

/* Entries live in blocks (see alloc_entry()); only their children arrays are their own. */
static void
entry_free (gpointer data)
{
  RamoEntry *entry = data;

  g_clear_pointer (&entry->children, g_ptr_array_unref);
}

static void
clear_state (RamoSessionManager *self)
{
  g_clear_pointer (&self->entries, g_ptr_array_unref);
  g_clear_pointer (&self->by_id, g_hash_table_unref);
  g_clear_pointer (&self->labels, g_hash_table_unref);
  g_clear_pointer (&self->label_times, g_hash_table_unref);
  g_clear_pointer (&self->roots, g_ptr_array_unref);
  g_clear_pointer (&self->issues, g_ptr_array_unref);
  g_clear_pointer (&self->strings, g_string_chunk_free);
  g_clear_pointer (&self->header, json_object_unref);
  g_clear_pointer (&self->header_text, g_free);
  g_clear_pointer (&self->version_text, g_free);
  g_clear_pointer (&self->display, _ramo_display_state_free);
  g_clear_pointer (&self->tool_calls, g_hash_table_unref);
  g_clear_pointer (&self->chunks, g_ptr_array_unref);
  g_clear_pointer (&self->entry_blocks, g_ptr_array_unref);
  g_clear_pointer (&self->session_id, g_free);
  g_clear_pointer (&self->cwd, g_free);
  g_clear_pointer (&self->title, g_free);
  if (self->read_fd >= 0)
    {
      close (self->read_fd);
      self->read_fd = -1;
    }
  self->leaf = NULL;
}

static void
init_state (RamoSessionManager *self)
{
  self->strings = g_string_chunk_new (64 * 1024);
  self->entries = g_ptr_array_new_with_free_func (entry_free);
  self->by_id = g_hash_table_new (g_str_hash, g_str_equal);
  self->labels = g_hash_table_new (g_str_hash, g_str_equal);
  self->label_times = g_hash_table_new (g_str_hash, g_str_equal);
  self->roots = g_ptr_array_new ();
  self->issues = g_ptr_array_new_with_free_func (load_issue_free);
  self->display = _ramo_display_state_new ();
  self->tool_calls = g_hash_table_new (g_str_hash, g_str_equal);
  self->chunks = g_ptr_array_new_with_free_func ((GDestroyNotify) g_string_chunk_free);
  self->entry_blocks = g_ptr_array_new_with_free_func (g_free);
  self->file_version = RAMO_SESSION_VERSION;
  self->read_only = FALSE;
  self->leaf = NULL;
}

static void
ramo_session_manager_finalize (GObject *object)
{
  RamoSessionManager *self = (RamoSessionManager *)object;

  clear_state (self);
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
  init_state (self);
}

/* ------------------------------------------------------------------------------------------ */
/* Small helpers                                                                               */

static const char *
chunk_const (GStringChunk *strings,
             const char   *str)
{
  return str ? g_string_chunk_insert_const (strings, str) : NULL;
}

static const char *
chunk (GStringChunk *strings,
       const char   *str)
{
  return str ? g_string_chunk_insert (strings, str) : NULL;
}

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

/* The id the v1→v2 migration gives the entry on @line: derived from the session id and the
 * line, so that the same file always migrates to the same ids. Collisions are checked against
 * every id assigned so far and resolved by hashing again with a counter. */
static char *
derived_id (RamoSessionManager *self,
            guint               line)
{
  for (guint attempt = 0; ; attempt++)
    {
      g_autofree char *seed = g_strdup_printf ("ramo-v1:%s:%u:%u",
                                               self->session_id ? self->session_id : "",
                                               line, attempt);
      char *hash = g_compute_checksum_for_string (G_CHECKSUM_SHA256, seed, -1);

      hash[8] = '\0';
      if (!g_hash_table_contains (self->by_id, hash))
        return hash;
      g_free (hash);
    }
}

/* ------------------------------------------------------------------------------------------ */
/* Children ordering                                                                           */

/*
 * pi sorts children with Array.prototype.sort() and the comparator
 * `new Date(a.timestamp).getTime() - new Date(b.timestamp).getTime()`. A NaN result (an
 * invalid or missing timestamp) counts as "equal", which makes the comparator inconsistent, so
 * the order then depends on the sorting algorithm. To give the same order as pi for those files
 * too, this follows V8's TimSort: the first run is found (a strictly descending one reversed),
 * the rest is placed by binary insertion (arrays under 64 elements never get further), and
 * longer arrays are cut into runs of the same minimum length that are merged stably.
 */
static int
compare_time (const RamoEntry *a,
              const RamoEntry *b)
{
  double d = a->time_ms - b->time_ms;

  if (isnan (d) || d == 0)
    return 0;
  return d < 0 ? -1 : 1;
}

static guint
count_and_make_run (RamoEntry **a,
                    guint       low,
                    guint       high)
{
  guint run = 2;
  gboolean descending;

  if (low + 1 == high)
    return 1;

  descending = compare_time (a[low + 1], a[low]) < 0;
  for (guint i = low + 2; i < high; i++)
    {
      int order = compare_time (a[i], a[i - 1]);

      if (descending ? order >= 0 : order < 0)
        break;
      run++;
    }

  if (descending)
    for (guint i = low, j = low + run - 1; i < j; i++, j--)
      {
        RamoEntry *tmp = a[i];
        a[i] = a[j];
        a[j] = tmp;
      }

  return run;
}

static void
binary_insertion_sort (RamoEntry **a,
                       guint       low,
                       guint       start,
                       guint       high)
{
  if (start == low)
    start++;

  for (; start < high; start++)
    {
      RamoEntry *pivot = a[start];
      guint left = low;
      guint right = start;

      while (left < right)
        {
          guint mid = left + ((right - left) >> 1);

          if (compare_time (pivot, a[mid]) < 0)
            right = mid;
          else
            left = mid + 1;
        }
      memmove (&a[left + 1], &a[left], (start - left) * sizeof (RamoEntry *));
      a[left] = pivot;
    }
}

static void
merge_runs (RamoEntry **a,
            RamoEntry **tmp,
            guint       low,
            guint       mid,
            guint       high)
{
  guint i = low, j = mid, k = 0;

  while (i < mid && j < high)
    tmp[k++] = compare_time (a[j], a[i]) < 0 ? a[j++] : a[i++];
  while (i < mid)
    tmp[k++] = a[i++];
  while (j < high)
    tmp[k++] = a[j++];
  memcpy (&a[low], tmp, k * sizeof (RamoEntry *));
}

static void
sort_children (GPtrArray *children)
{
  RamoEntry **a = (RamoEntry **) children->pdata;
  guint n = children->len;
  guint min_run, r = 0, m = n;
  g_autoptr(GArray) runs = NULL;
  g_autofree RamoEntry **tmp = NULL;

  if (n < 2)
    return;

  while (m >= 64)
    {
      r |= m & 1;
      m >>= 1;
    }
  min_run = m + r;

  runs = g_array_new (FALSE, FALSE, sizeof (guint));
  for (guint low = 0; low < n; )
    {
      guint remaining = n - low;
      guint run = count_and_make_run (a, low, n);

      if (run < min_run)
        {
          guint forced = MIN (min_run, remaining);

          binary_insertion_sort (a, low, low + run, low + forced);
          run = forced;
        }
      g_array_append_val (runs, low);
      low += run;
    }

  if (runs->len == 1)
    return;

  tmp = g_new (RamoEntry *, n);
  while (runs->len > 1)
    {
      g_autoptr(GArray) merged = g_array_new (FALSE, FALSE, sizeof (guint));

      for (guint i = 0; i < runs->len; i += 2)
        {
          guint low = g_array_index (runs, guint, i);

          if (i + 1 < runs->len)
            {
              guint mid = g_array_index (runs, guint, i + 1);
              guint high = i + 2 < runs->len ? g_array_index (runs, guint, i + 2) : n;

              merge_runs (a, tmp, low, mid, high);
            }
          g_array_append_val (merged, low);
        }
      g_array_set_size (runs, 0);
      g_array_append_vals (runs, merged->data, merged->len);
    }
}

/* ------------------------------------------------------------------------------------------ */
/* Indexing                                                                                    */

static void
set_label (RamoSessionManager *self,
           const char         *target_id,
           const char         *label,
           const char         *timestamp)
{
  if (target_id == NULL)
    return;
  if (label != NULL && label[0] != '\0')
    {
      g_hash_table_insert (self->labels, (char *) chunk_const (self->strings, target_id), (char *) chunk (self->strings, label));
      if (timestamp)
        g_hash_table_insert (self->label_times, (char *) chunk_const (self->strings, target_id), (char *) timestamp);
      else
        g_hash_table_remove (self->label_times, target_id);
    }
  else
    {
      g_hash_table_remove (self->labels, target_id);
      g_hash_table_remove (self->label_times, target_id);
    }
}

/* A string value copied into @strings: straight from the line when it has no escapes. */
static const char *
scan_chunk (GStringChunk       *strings,
            RamoScan           *scan,
            guint               node,
            gboolean            intern)
{
  RamoScanNode *n;
  g_autofree char *value = NULL;

  if (ramo_scan_type (scan, node) != RAMO_SCAN_STRING)
    return NULL;
  n = ramo_scan_node (scan, node);
  if (!n->escaped && !intern)
    return g_string_chunk_insert_len (strings, scan->text + n->start + 1, n->end - n->start - 2);
  value = ramo_scan_string (scan, node, 0);
  return intern ? chunk_const (strings, value) : chunk (strings, value);
}

static const char *
scan_json_chunk (GStringChunk       *strings,
                 RamoScan           *scan,
                 guint               node)
{
  g_autofree char *json = NULL;
  RamoScanNode *n;

  if (node == 0)
    return NULL;

  /* a string without escapes is its own JSON.stringify() form */
  n = ramo_scan_node (scan, node);
  if (n->type == RAMO_SCAN_STRING && !n->escaped)
    return g_string_chunk_insert_len (strings, scan->text + n->start, n->end - n->start);

  json = ramo_scan_to_json (scan, node);
  return chunk_const (strings, json);
}

/* The members every entry line has, found in one walk over the entry object (node 1). */
typedef struct
{
  guint type;
  guint id;
  guint parent_id;
  guint timestamp;
  guint message;
} TopMembers;

static void
find_top_members (RamoScan   *scan,
                  TopMembers *top)
{
  memset (top, 0, sizeof *top);
  for (guint i = ramo_scan_node (scan, 1)->first_child; i; i = ramo_scan_node (scan, i)->next)
    {
      const RamoScanNode *node = ramo_scan_node (scan, i);
      const char *name = scan->text + node->key_start + 1;
      guint *slot = NULL;

      if (node->key_escaped)
        {
          /* keys written with escapes: the slow way, which decodes them */
          top->type = ramo_scan_member (scan, 1, "type");
          top->id = ramo_scan_member (scan, 1, "id");
          top->parent_id = ramo_scan_member (scan, 1, "parentId");
          top->timestamp = ramo_scan_member (scan, 1, "timestamp");
          top->message = ramo_scan_member (scan, 1, "message");
          return;
        }

      /* the last one wins, as in JSON.parse() */
      switch (node->key_end - node->key_start - 2)
        {
        case 2:
          slot = memcmp (name, "id", 2) == 0 ? &top->id : NULL;
          break;
        case 4:
          slot = memcmp (name, "type", 4) == 0 ? &top->type : NULL;
          break;
        case 7:
          slot = memcmp (name, "message", 7) == 0 ? &top->message : NULL;
          break;
        case 8:
          slot = memcmp (name, "parentId", 8) == 0 ? &top->parent_id : NULL;
          break;
        case 9:
          slot = memcmp (name, "timestamp", 9) == 0 ? &top->timestamp : NULL;
          break;
        default:
          break;
        }
      if (slot)
        *slot = i;
    }
}

/* Fills the fields of @entry from its scanned line (the entry object is node 1). */
static void
fill_entry (GStringChunk       *strings,
            RamoEntry          *entry,
            RamoScan           *scan,
            const TopMembers   *top,
            guint               file_version)
{
  const guint object = 1;
  guint type_node = top->type;
  guint timestamp = top->timestamp;
  const char *type = NULL;

  /* the known types need no copy */
  entry->type = RAMO_ENTRY_TYPE_UNKNOWN;
  for (guint i = 1; i < G_N_ELEMENTS (type_names); i++)
    if (ramo_scan_string_equal (scan, type_node, type_names[i]))
      {
        entry->type = i;
        type = type_names[i];
        break;
      }
  if (type == NULL)
    type = scan_chunk (strings, scan, type_node, TRUE);
  entry->type_name = type;   /* NULL when the line has no string "type" */

  if (ramo_scan_type (scan, timestamp) == RAMO_SCAN_STRING)
    {
      entry->timestamp = scan_chunk (strings, scan, timestamp, FALSE);
      entry->time_ms = ramo_js_date_parse (entry->timestamp);
    }
  else
    {
      double v;

      /* what `new Date(value).getTime()` gives for other values */
      switch (ramo_scan_type (scan, timestamp))
        {
        case RAMO_SCAN_NUMBER:
          ramo_scan_number (scan, timestamp, &v);
          entry->time_ms = isfinite (v) && fabs (v) <= 8.64e15 ? trunc (v) : NAN;
          break;
        case RAMO_SCAN_NULL:
        case RAMO_SCAN_FALSE:
          entry->time_ms = 0;
          break;
        case RAMO_SCAN_TRUE:
          entry->time_ms = 1;
          break;
        case RAMO_SCAN_NONE:
        case RAMO_SCAN_STRING:
        case RAMO_SCAN_ARRAY:
        case RAMO_SCAN_OBJECT:
        default:
          entry->time_ms = NAN;
        }
    }

  switch ((RamoEntryType) entry->type)
    {
    case RAMO_ENTRY_TYPE_MESSAGE:
      {
        static const char * const roles[] = { "user", "assistant", "toolResult", "bashExecution", "custom" };
        guint message = top->message;
        guint role_node = ramo_scan_member (scan, message, "role");
        const char *role = NULL;

        for (guint i = 0; i < G_N_ELEMENTS (roles); i++)
          if (ramo_scan_string_equal (scan, role_node, roles[i]))
            role = roles[i];
        /* the v2→v3 migration renames the legacy role; a v3 file keeps what it says */
        if (role == NULL && file_version < 3 && ramo_scan_string_equal (scan, role_node, "hookMessage"))
          {
            entry->flags |= RAMO_ENTRY_FLAG_HOOK_MESSAGE;
            role = "custom";
          }
        if (role == NULL)
          role = scan_chunk (strings, scan, role_node, TRUE);

        entry->role = role_from_string (role);
        entry->role_name = role;

        if (entry->role == RAMO_MESSAGE_ROLE_ASSISTANT)
          {
            guint stop = ramo_scan_member (scan, message, "stopReason");

            entry->aux1 = scan_json_chunk (strings, scan, ramo_scan_member (scan, message, "provider"));
            entry->aux2 = scan_json_chunk (strings, scan, ramo_scan_member (scan, message, "model"));
            if (ramo_scan_string_equal (scan, stop, "aborted"))
              entry->flags |= RAMO_ENTRY_FLAG_ABORTED;
            else if (ramo_scan_string_equal (scan, stop, "error"))
              entry->flags |= RAMO_ENTRY_FLAG_ERROR;
          }
      }
      break;

    case RAMO_ENTRY_TYPE_THINKING_LEVEL_CHANGE:
      entry->aux1 = scan_json_chunk (strings, scan, ramo_scan_member (scan, object, "thinkingLevel"));
      break;

    case RAMO_ENTRY_TYPE_MODEL_CHANGE:
      {
        guint provider = ramo_scan_member (scan, object, "provider");
        guint model_id = ramo_scan_member (scan, object, "modelId");
        guint model = ramo_scan_member (scan, object, "model");

        /* oh-my-pi writes `model: "provider/id"` instead of provider + modelId */
        if (provider == 0 && model_id == 0 && ramo_scan_type (scan, model) == RAMO_SCAN_STRING)
          {
            g_autofree char *text = ramo_scan_string (scan, model, 0);
            const char *slash = strchr (text, '/');
            g_autoptr(GString) p = g_string_new (NULL);
            g_autoptr(GString) m = g_string_new (NULL);

            if (slash)
              {
                g_autofree char *head = g_strndup (text, slash - text);

                ramo_json_write_string (p, head);
                ramo_json_write_string (m, slash + 1);
                entry->aux1 = chunk_const (strings, p->str);
              }
            else
              ramo_json_write_string (m, text);
            entry->aux2 = chunk_const (strings, m->str);
          }
        else
          {
            entry->aux1 = scan_json_chunk (strings, scan, provider);
            entry->aux2 = scan_json_chunk (strings, scan, model_id);
          }
      }
      break;

    case RAMO_ENTRY_TYPE_COMPACTION:
      entry->first_kept_id = scan_chunk (strings, scan, ramo_scan_member (scan, object, "firstKeptEntryId"), FALSE);
      break;

    case RAMO_ENTRY_TYPE_LABEL:
      {
        guint label = ramo_scan_member (scan, object, "label");

        entry->target_id = scan_chunk (strings, scan, ramo_scan_member (scan, object, "targetId"), FALSE);
        /* pi sets the label when the value is truthy; only strings make sense here */
        if (ramo_scan_truthy (scan, label))
          {
            if (ramo_scan_type (scan, label) == RAMO_SCAN_STRING)
              entry->label_text = scan_chunk (strings, scan, label, FALSE);
            else
              {
                g_autofree char *text = ramo_scan_to_json (scan, label);
                entry->label_text = chunk (strings, text);
              }
          }
      }
      break;

    case RAMO_ENTRY_TYPE_UNKNOWN:
      if (type && strcmp (type, "mode_change") == 0)
        {
          guint mode_node = ramo_scan_member (scan, object, "mode");
          /* `mode ?? "none"`: null counts as absent */
          g_autofree char *mode = ramo_scan_type (scan, mode_node) == RAMO_SCAN_NULL
                                  ? NULL : ramo_scan_to_json (scan, mode_node);
          g_autofree char *data = ramo_scan_to_json (scan, ramo_scan_member (scan, object, "data"));

          entry->aux1 = chunk (strings, mode);
          entry->aux2 = chunk (strings, data);
        }
      else if (type && strcmp (type, "ttsr_injection") == 0)
        {
          guint rules = ramo_scan_member (scan, object, "injectedRules");
          g_autofree char *json = NULL;

          /* `injectedRules ?? rules ?? ruleNames`: null counts as absent */
          if (ramo_scan_type (scan, rules) == RAMO_SCAN_NULL || rules == 0)
            rules = ramo_scan_member (scan, object, "rules");
          if (ramo_scan_type (scan, rules) == RAMO_SCAN_NULL || rules == 0)
            rules = ramo_scan_member (scan, object, "ruleNames");
          json = ramo_scan_to_json (scan, rules);
          entry->aux1 = chunk (strings, json);
        }
      break;

    case RAMO_ENTRY_TYPE_BRANCH_SUMMARY:
    case RAMO_ENTRY_TYPE_CUSTOM:
    case RAMO_ENTRY_TYPE_CUSTOM_MESSAGE:
    case RAMO_ENTRY_TYPE_SESSION_INFO:
    default:
      break;
    }
}

/* ------------------------------------------------------------------------------------------ */
/* Reading lines: extraction (parallel) and commit (in file order)                            */

/*
 * Loading runs in two steps per block of the file. Extraction — checking UTF-8, scanning the
 * JSON, making the entry record and its display text — touches nothing shared, so the lines of
 * a large block are split between two threads, each with its own string chunk. Commit then
 * walks the lines in file order and does what depends on order: line numbers, issues, ids of
 * v1 files, duplicate ids, labels, tool results resolved against the calls before them, and
 * the links to parents (see LoadTask for how the two steps overlap).
 */

typedef struct
{
  GStringChunk     *strings;
  GStringChunk     *display_strings;   /* display texts and tool calls, kept together */
  RamoDisplayState *display;
  RamoScan          scan;
  guint             file_version;
  GPtrArray        *blocks;            /* of RamoEntry[block_size] */
  guint             block_size;
  guint             used;              /* in the last block */
  GPtrArray        *calls;             /* where the tool calls of its lines go: id, call, … (in strings) */
} Extractor;

/* Records are allocated in blocks: one allocation for a thousand entries, and no lock shared
 * between the loading threads. */
static RamoEntry *
alloc_entry (Extractor *ex)
{
  if (ex->blocks->len == 0 || ex->used == ex->block_size)
    {
      g_ptr_array_add (ex->blocks, g_new0 (RamoEntry, ex->block_size));
      ex->used = 0;
    }
  return &((RamoEntry *) g_ptr_array_index (ex->blocks, ex->blocks->len - 1))[ex->used++];
}

typedef struct
{
  goffset    offset;
  gsize      len;
  guint      line_no;
  RamoEntry *entry;              /* NULL when the line is skipped */
  char      *issue;              /* why the line was skipped or repaired */
  char      *parent_issue;       /* a parentId that is not a string */
  GPtrArray *calls;              /* assistant: the extractor's calls, of which this line's are */
  guint      calls_start;        /* … the @n_calls from here: id, formatted call, … */
  guint      n_calls;
  const char *call_id;           /* tool result: the call it answers (in the extractor's strings) */
  double     first_kept_index;   /* v1 compaction, or -1 */
  guint8     complete : 1;
  guint8     skipped : 1;
  guint8     second_header : 1;
  guint8     id_missing : 1;
  guint8     parsed : 1;         /* the line is a JSON object (v1 index counting) */
} LineJob;

static void
extractor_init (Extractor *ex,
                guint      file_version)
{
  ex->strings = g_string_chunk_new (256 * 1024);
  ex->display_strings = g_string_chunk_new (256 * 1024);
  ex->display = _ramo_display_state_new ();
  ex->file_version = file_version;
  ex->blocks = g_ptr_array_new_with_free_func (g_free);
  ex->block_size = 1024;
  ex->used = 0;
  ex->calls = NULL;
  ramo_scan_init (&ex->scan);
}

/* Frees the extractor's scratch state and hands its strings (which entries point into) to the
 * manager. */
static void
extractor_finish (Extractor          *ex,
                  RamoSessionManager *self)
{
  if (self)
    {
      g_ptr_array_add (self->chunks, g_steal_pointer (&ex->strings));
      g_ptr_array_add (self->chunks, g_steal_pointer (&ex->display_strings));
      while (ex->blocks->len > 0)
        g_ptr_array_add (self->entry_blocks, g_ptr_array_steal_index (ex->blocks, 0));
    }
  g_clear_pointer (&ex->strings, g_string_chunk_free);
  g_clear_pointer (&ex->display_strings, g_string_chunk_free);
  g_clear_pointer (&ex->blocks, g_ptr_array_unref);
  g_clear_pointer (&ex->display, _ramo_display_state_free);
  ramo_scan_clear (&ex->scan);
}

static void
line_job_clear (LineJob *job)
{
  g_clear_pointer (&job->issue, g_free);
  g_clear_pointer (&job->parent_issue, g_free);
}

static gboolean
is_blank (const char *line,
          gsize       len)
{
  for (gsize i = 0; i < len; i++)
    if (line[i] != ' ' && line[i] != '\t' && line[i] != '\r' && line[i] != '\f' && line[i] != '\v')
      return FALSE;
  return TRUE;
}

/* Scans @line into @ex->scan; on failure records why in @job and returns FALSE. */
static gboolean
scan_line (Extractor  *ex,
           LineJob    *job,
           const char *line,
           char      **repaired)
{
  const char *text = line;
  gsize len = job->len;
  const char *scan_error = NULL;

  /* A raw NUL byte is a control character JSON does not allow: pi skips the line too. */
  if (memchr (line, '\0', len) != NULL)
    {
      job->issue = g_strdup ("line contains a NUL byte; skipped");
      return FALSE;
    }

  /* The scanner checks UTF-8 inside strings (JSON allows none outside them). pi reads the
   * file as UTF-8 with replacement characters; so does Ramo, line by line. */
  if (!ramo_scan_parse (&ex->scan, text, len, &scan_error) && scan_error == RAMO_SCAN_ERROR_UTF8)
    {
      *repaired = g_utf8_make_valid (line, len);
      text = *repaired;
      len = strlen (*repaired);
      job->issue = g_strdup ("invalid UTF-8 replaced with U+FFFD");
      scan_error = NULL;
      ramo_scan_parse (&ex->scan, text, len, &scan_error);
    }

  if (scan_error != NULL)
    {
      g_free (job->issue);
      if (!job->complete)
        job->issue = g_strdup_printf ("last line is cut short (%s); skipped", scan_error);
      else
        job->issue = g_strdup_printf ("malformed JSON (%s); skipped", scan_error);
      return FALSE;
    }

  if (ramo_scan_type (&ex->scan, 1) != RAMO_SCAN_OBJECT)
    {
      g_free (job->issue);
      job->issue = g_strdup ("not a JSON object; skipped");
      return FALSE;
    }

  /* json-glib, which reads bodies later, recurses once per level: deeper lines are refused */
  if (ex->scan.max_depth > RAMO_MAX_JSON_DEPTH)
    {
      g_free (job->issue);
      job->issue = g_strdup_printf ("nested more than %u levels deep; skipped", RAMO_MAX_JSON_DEPTH);
      return FALSE;
    }

  return TRUE;
}

/* Step one for a line after the header: no shared state is touched. */
static void
extract_line (Extractor  *ex,
              LineJob    *job,
              const char *line)
{
  g_autofree char *repaired = NULL;
  RamoScan *scan = &ex->scan;
  RamoEntry *entry;
  GPtrArray *calls;
  TopMembers top;
  double index;

  job->first_kept_index = -1;

  if (is_blank (line, job->len))
    {
      job->skipped = TRUE;
      return;
    }

  if (!scan_line (ex, job, line, &repaired))
    {
      job->skipped = TRUE;
      return;
    }
  job->parsed = TRUE;

  find_top_members (scan, &top);
  if (ramo_scan_string_equal (scan, top.type, "session"))
    {
      job->second_header = TRUE;
      job->skipped = TRUE;
      return;
    }

  entry = alloc_entry (ex);
  entry->offset = job->offset;
  entry->length = (guint32) MIN (job->len, G_MAXUINT32);
  fill_entry (ex->strings, entry, scan, &top, ex->file_version);

  if (ex->file_version >= 2)
    {
      guint id_node = top.id;
      guint parent_node = top.parent_id;

      if (ramo_scan_type (scan, id_node) == RAMO_SCAN_STRING)
        entry->id = scan_chunk (ex->strings, scan, id_node, FALSE);
      else
        job->id_missing = TRUE;

      if (ramo_scan_type (scan, parent_node) == RAMO_SCAN_STRING)
        entry->parent_id = scan_chunk (ex->strings, scan, parent_node, FALSE);
      else if (parent_node && ramo_scan_type (scan, parent_node) != RAMO_SCAN_NULL)
        {
          g_autofree char *text = ramo_scan_to_json (scan, parent_node);

          entry->parent_id = chunk (ex->strings, text);
          job->parent_issue = g_strdup_printf ("parentId %s is not a string; the entry is shown as a root", text);
        }
    }
  else if (entry->type == RAMO_ENTRY_TYPE_COMPACTION &&
           ramo_scan_number (scan, ramo_scan_member (scan, 1, "firstKeptEntryIndex"), &index))
    job->first_kept_index = index >= 0 && index == floor (index) ? index : G_MAXDOUBLE;

  entry->display = _ramo_entry_compute_display (ex->display, ex->display_strings, entry, scan, top.message);

  calls = _ramo_display_state_get_calls (ex->display);
  if (calls->len > 0)
    {
      job->calls = ex->calls;
      job->calls_start = ex->calls->len;
      job->n_calls = calls->len;
      g_ptr_array_extend (ex->calls, calls, NULL, NULL);
    }
  job->call_id = _ramo_display_state_get_call_id (ex->display);

  job->entry = entry;
}

/* Step two, in file order. */
static void
commit_line (RamoSessionManager *self,
             LineJob            *job,
             GPtrArray          *parsed,
             GArray             *first_kept)
{
  RamoEntry *entry = job->entry;
  RamoEntry *previous;

  if (job->issue)
    add_issue (self, job->line_no, "%s", job->issue);
  if (job->second_header)
    add_issue (self, job->line_no, "a second session header; ignored");
  if (parsed && job->parsed && entry == NULL)
    g_ptr_array_add (parsed, NULL);
  if (entry == NULL)
    return;

  entry->line = job->line_no;
  entry->index = self->entries->len;

  if (self->file_version < 2)
    {
      g_autofree char *id = derived_id (self, job->line_no);

      entry->id = chunk (self->strings, id);
      entry->flags |= RAMO_ENTRY_FLAG_SYNTHETIC_ID;
      entry->parent_id = self->entries->len > 0
        ? ((RamoEntry *) g_ptr_array_index (self->entries, self->entries->len - 1))->id
        : NULL;
      if (parsed)
        g_ptr_array_add (parsed, entry);
      if (job->first_kept_index >= 0)
        {
          guint pair[2] = { entry->index, job->first_kept_index < G_MAXUINT ? (guint) job->first_kept_index : G_MAXUINT };
          g_array_append_vals (first_kept, pair, 1);
        }
    }
  else if (job->id_missing)
    {
      g_autofree char *id = derived_id (self, job->line_no);

      entry->id = chunk (self->strings, id);
      entry->flags |= RAMO_ENTRY_FLAG_SYNTHETIC_ID;
      add_issue (self, job->line_no, "entry has no string id; shown with the id %s", id);
    }
  if (job->parent_issue)
    add_issue (self, job->line_no, "%s", job->parent_issue);

  /* a tool result shows the call that asked for it (the latest call with that id so far) */
  for (guint i = 0; i + 1 < job->n_calls; i += 2)
    g_hash_table_insert (self->tool_calls,
                         g_ptr_array_index (job->calls, job->calls_start + i),
                         g_ptr_array_index (job->calls, job->calls_start + i + 1));
  if (job->call_id)
    {
      const char *call = g_hash_table_lookup (self->tool_calls, job->call_id);

      if (call)
        entry->display = call;
    }

  previous = g_hash_table_lookup (self->by_id, entry->id);
  if (previous != NULL)
    {
      previous->flags |= RAMO_ENTRY_FLAG_SHADOWED;
      add_issue (self, job->line_no, "duplicate id %s (also on line %u); the later entry wins",
                 entry->id, previous->line);
    }
  g_hash_table_insert (self->by_id, (char *) entry->id, entry);
  g_ptr_array_add (self->entries, entry);

  /* While loading, the tree grows with the file: pi writes a parent before its children.
   * A duplicate id, or a parent that is not there (yet), leaves it to build_tree(). */
  if (self->linking && self->links_in_order)
    {
      if (previous != NULL)
        self->links_in_order = FALSE;
      else if (entry->parent_id == NULL || strcmp (entry->parent_id, entry->id) == 0)
        g_ptr_array_add (self->roots, entry);
      else
        {
          /* mostly the line before: no need to ask the index */
          RamoEntry *before = self->entries->len > 1 ? g_ptr_array_index (self->entries, self->entries->len - 2) : NULL;
          RamoEntry *parent = before && strcmp (before->id, entry->parent_id) == 0
                              ? before : g_hash_table_lookup (self->by_id, entry->parent_id);

          if (parent == NULL)
            self->links_in_order = FALSE;
          else
            {
              entry->parent = parent;
              entry->depth = parent->depth + 1;
              if (parent->children == NULL)
                parent->children = g_ptr_array_sized_new (1);
              g_ptr_array_add (parent->children, entry);
            }
        }
    }

  if (entry->type == RAMO_ENTRY_TYPE_LABEL)
    set_label (self, entry->target_id, entry->label_text, entry->timestamp);
}

static RamoEntry *
resolve_parent (RamoSessionManager *self,
                RamoEntry          *entry)
{
  RamoEntry *parent;

  if (entry->parent_id == NULL || strcmp (entry->parent_id, entry->id) == 0)
    return NULL;
  parent = g_hash_table_lookup (self->by_id, entry->parent_id);
  if (parent == NULL)
    entry->flags |= RAMO_ENTRY_FLAG_ORPHAN;
  return parent;
}

static void
set_depths (GPtrArray *roots,
            guint      n_entries)
{
  /* each entry is pushed once */
  g_autofree RamoEntry **stack = g_new (RamoEntry *, MAX (n_entries, 1));
  guint top = 0;

  for (guint i = roots->len; i > 0; i--)
    {
      RamoEntry *root = g_ptr_array_index (roots, i - 1);

      root->depth = 0;
      stack[top++] = root;
    }

  while (top > 0)
    {
      RamoEntry *entry = stack[--top];

      if (entry->children == NULL)
        continue;
      for (guint i = entry->children->len; i > 0; i--)
        {
          RamoEntry *child = g_ptr_array_index (entry->children, i - 1);

          child->depth = entry->depth + 1;
          stack[top++] = child;
        }
    }
}

static void
mark_active_path (RamoSessionManager *self,
                  gboolean            on)
{
  for (RamoEntry *e = self->leaf; e; e = e->parent)
    {
      if (on)
        e->flags |= RAMO_ENTRY_FLAG_ACTIVE_PATH;
      else
        e->flags &= ~RAMO_ENTRY_FLAG_ACTIVE_PATH;
    }
}

/* Builds parents, children, roots and depths from the records, iteratively. A parentId
 * cycle (which would make pi loop forever) is cut at the entry of the cycle that comes first
 * in the file: it becomes a root and is flagged. */
static void
build_tree (RamoSessionManager *self)
{
  guint n = self->entries->len;
  RamoEntry **entries = (RamoEntry **) self->entries->pdata;
  g_autofree guint8 *state = g_new0 (guint8, n);
  g_autofree RamoEntry **walk = g_new (RamoEntry *, MAX (n, 1));
  g_autofree guint *n_children = g_new0 (guint, n);

  g_ptr_array_set_size (self->roots, 0);

  for (guint i = 0; i < n; i++)
    {
      RamoEntry *entry = entries[i];

      g_clear_pointer (&entry->children, g_ptr_array_unref);
      entry->parent = resolve_parent (self, entry);
    }

  for (guint i = 0; i < n; i++)
    {
      RamoEntry *cur = entries[i];
      guint walked = 0;

      if (state[i] == 2)
        continue;

      /* each entry is walked once: the walk stops at the first one seen before */
      while (cur && state[cur->index] == 0)
        {
          state[cur->index] = 1;
          walk[walked++] = cur;
          cur = cur->parent;
        }

      if (cur && state[cur->index] == 1)
        {
          RamoEntry *first = cur;

          for (RamoEntry *e = cur->parent; e != cur; e = e->parent)
            if (e->index < first->index)
              first = e;
          /* the tree is built again after lines are appended: report a cycle once */
          if (!(first->flags & RAMO_ENTRY_FLAG_CYCLE_BROKEN))
            add_issue (self, first->line, "parentId %s closes a cycle; the entry is shown as a root",
                       first->parent_id);
          first->parent = NULL;
          first->flags |= RAMO_ENTRY_FLAG_CYCLE_BROKEN;
        }

      for (guint j = 0; j < walked; j++)
        state[walk[j]->index] = 2;
    }

  /* children arrays of the size they need, in one pass each */
  for (guint i = 0; i < n; i++)
    if (entries[i]->parent)
      n_children[entries[i]->parent->index]++;

  for (guint i = 0; i < n; i++)
    {
      RamoEntry *entry = entries[i];

      if (entry->parent == NULL)
        g_ptr_array_add (self->roots, entry);
      else
        {
          RamoEntry *parent = entry->parent;

          if (parent->children == NULL)
            parent->children = g_ptr_array_sized_new (n_children[parent->index]);
          g_ptr_array_add (parent->children, entry);
        }
    }

  for (guint i = 0; i < n; i++)
    if (entries[i]->children && entries[i]->children->len > 1)
      sort_children (entries[i]->children);

  set_depths (self->roots, n);
  mark_active_path (self, TRUE);
}

/* ------------------------------------------------------------------------------------------ */
/* Loading                                                                                     */

/* JavaScript's white space and line terminators, as String.prototype.trim() and Number()
 * skip them */
static gboolean
is_js_white_space (gunichar c)
{
  return (c >= 0x09 && c <= 0x0D) || c == 0x20 || c == 0xA0 || c == 0x1680 ||
         (c >= 0x2000 && c <= 0x200A) || c == 0x2028 || c == 0x2029 || c == 0x202F ||
         c == 0x205F || c == 0x3000 || c == 0xFEFF;
}

/* JavaScript's Number(string) (StringToNumber): white space trimmed, empty is 0, `0x`/`0o`/
 * `0b` integers, `Infinity` with an optional sign, decimal literals; anything else NaN. */
static double
js_string_to_number (const char *text)
{
  g_autofree char *trimmed = NULL;
  const char *start = text, *end = text + strlen (text);
  const char *p;
  gsize len;
  char *stop = NULL;
  double value;

  while (*start && is_js_white_space (g_utf8_get_char (start)))
    start = g_utf8_next_char (start);
  while (end > start)
    {
      const char *prev = g_utf8_find_prev_char (start, end);

      if (prev == NULL || !is_js_white_space (g_utf8_get_char (prev)))
        break;
      end = prev;
    }
  len = end - start;
  if (len == 0)
    return 0;
  trimmed = g_strndup (start, len);
  p = trimmed;

  if (len > 2 && p[0] == '0' && strchr ("xXoObB", p[1]))
    {
      int base = (p[1] == 'x' || p[1] == 'X') ? 16 : (p[1] == 'o' || p[1] == 'O') ? 8 : 2;

      value = 0;
      for (p += 2; *p; p++)
        {
          int digit = g_ascii_xdigit_value (*p);

          if (digit < 0 || digit >= base)
            return NAN;
          value = value * base + digit;
        }
      return value;
    }

  if (strcmp (p, "Infinity") == 0 || strcmp (p, "+Infinity") == 0)
    return INFINITY;
  if (strcmp (p, "-Infinity") == 0)
    return -INFINITY;

  /* StrDecimalLiteral: [+-] (digits [. digits?] | . digits) [e [+-] digits] */
  {
    const char *q = p;
    gboolean digits = FALSE;

    if (*q == '+' || *q == '-')
      q++;
    while (g_ascii_isdigit (*q))
      q++, digits = TRUE;
    if (*q == '.')
      {
        q++;
        while (g_ascii_isdigit (*q))
          q++, digits = TRUE;
      }
    if (!digits)
      return NAN;
    if (*q == 'e' || *q == 'E')
      {
        q++;
        if (*q == '+' || *q == '-')
          q++;
        if (!g_ascii_isdigit (*q))
          return NAN;
        while (g_ascii_isdigit (*q))
          q++;
      }
    if (*q != '\0')
      return NAN;
  }
  value = g_ascii_strtod (p, &stop);
  return value;
}

/* What pi's `header.version ?? 1` gives when it is compared with numbers (`version >= 3`,
 * `version < 2`): a missing or null version is 1, anything else goes through JavaScript's
 * ToNumber(ToPrimitive()) — "2" is 2, true is 1, [] is 0, [2] is 2, "nan", {} and [1,2] are NaN. */
static double
header_version_number (RamoScan *scan,
                       guint     node)
{
  double v;

  for (;;)
    {
      switch (ramo_scan_type (scan, node))
        {
        case RAMO_SCAN_NONE:
        case RAMO_SCAN_NULL:
          return 1;
        case RAMO_SCAN_NUMBER:
          ramo_scan_number (scan, node, &v);
          return v;
        case RAMO_SCAN_TRUE:
          return 1;
        case RAMO_SCAN_FALSE:
          return 0;
        case RAMO_SCAN_STRING:
          {
            g_autofree char *text = ramo_scan_string (scan, node, 0);
            return js_string_to_number (text);
          }
        case RAMO_SCAN_OBJECT:
          return NAN;   /* "[object Object]" */
        case RAMO_SCAN_ARRAY:
          {
            guint first = ramo_scan_node (scan, node)->first_child;

            /* the array's join(","): empty is "", one element is its own text, more have a comma */
            if (first == 0)
              return 0;
            if (ramo_scan_node (scan, first)->next != 0)
              return NAN;
            switch (ramo_scan_type (scan, first))
              {
              case RAMO_SCAN_NULL:
                return 0;                    /* null joins as "" */
              case RAMO_SCAN_TRUE:
              case RAMO_SCAN_FALSE:
                return NAN;                  /* "true", "false" */
              case RAMO_SCAN_NONE:
              case RAMO_SCAN_NUMBER:
              case RAMO_SCAN_STRING:
              case RAMO_SCAN_ARRAY:
              case RAMO_SCAN_OBJECT:
              default:
                node = first;                /* a number or string reads back as itself */
                continue;
              }
          }
        default:
          return NAN;
        }
    }
}

/*
 * The lines of a block are extracted by tasks (two for a large block: the lines before and
 * after its byte midpoint), which the calling thread and one worker thread take from a queue
 * in file order; the calling thread commits a block once its tasks are done. Blocks are
 * pipelined: while the calling thread commits block k, the worker already extracts block k+1.
 */
typedef struct _LoadBlock LoadBlock;

typedef struct
{
  LoadBlock  *block;
  const char *data;          /* its first line */
  gsize       len;
  goffset     offset;        /* the file offset of @data */
  gboolean    at_eof;        /* the last line may lack its newline */
  GArray     *jobs;          /* (element-type LineJob) its lines, extracted */
  GPtrArray  *calls;         /* the tool calls of its lines (see LineJob) */
} LoadTask;

struct _LoadBlock
{
  LoadTask    tasks[2];
  guint       n_tasks;
  guint       n_done;        /* under LoadState.lock */
  goffset     end;           /* the file offset after the block, for progress */
};

typedef struct
{
  Extractor   ex[2];           /* [0] the calling thread's, [1] the worker's */
  gboolean    have_header;
  GPtrArray  *parsed;          /* v1 only: every parsed line (header = 0) → entry or NULL */
  GArray     *first_kept;      /* v1 only: pairs (entry index, firstKeptEntryIndex) */
  guint       line_no;
  goffset     pending_offset;  /* a cut-short last line, to read again when it is complete */
  LoadBlock   blocks[2];       /* at most two in flight: one being committed, the next one */
  GThread    *worker;
  GMutex      lock;
  GCond       cond;            /* a task queued, a task done, or quit */
  GQueue      queue;           /* (element-type LoadTask) not started yet */
  gboolean    quit;
} LoadState;

/* Handles a line before the session header: an oh-my-pi title slot, or the header. */
static gboolean
load_header_line (RamoSessionManager *self,
                  LoadState          *state,
                  LineJob            *job,
                  const char         *line,
                  GError            **error)
{
  g_autofree char *repaired = NULL;
  g_autoptr(JsonNode) root = NULL;
  RamoScan *scan = &state->ex[0].scan;
  JsonObject *object;
  guint type_node;

  if (is_blank (line, job->len))
    return TRUE;

  if (!scan_line (&state->ex[0], job, line, &repaired))
    {
      add_issue (self, job->line_no, "%s", job->issue);
      return TRUE;
    }
  g_clear_pointer (&job->issue, g_free);

  type_node = ramo_scan_member (scan, 1, "type");
  if (ramo_scan_string_equal (scan, type_node, "title"))
    {
      g_free (self->title);
      self->title = ramo_scan_string (scan, ramo_scan_member (scan, 1, "title"), 0);
      return TRUE;
    }
  if (!ramo_scan_string_equal (scan, type_node, "session"))
    {
      g_set_error (error, RAMO_SESSION_ERROR, RAMO_SESSION_ERROR_INVALID_FILE,
                   "line %u: the first line is not a session header (type \"session\")", job->line_no);
      return FALSE;
    }
  if (ramo_scan_type (scan, ramo_scan_member (scan, 1, "id")) != RAMO_SCAN_STRING)
    {
      g_set_error (error, RAMO_SESSION_ERROR, RAMO_SESSION_ERROR_INVALID_FILE,
                   "line %u: the session header has no string \"id\"", job->line_no);
      return FALSE;
    }

  /* the header is kept whole, unknown fields included; read with the scanner, which holds
   * what json-glib cannot (an escaped NUL, a lone surrogate) */
  root = ramo_scan_to_node (scan, 1);
  object = json_node_get_object (root);

  state->have_header = TRUE;
  self->header = json_object_ref (object);
  self->header_text = repaired ? g_strdup (repaired) : g_strndup (line, job->len);
  self->session_id = g_strdup (ramo_json_member_string (object, "id"));
  self->cwd = g_strdup (ramo_json_member_string (object, "cwd"));

  {
    guint version_node = ramo_scan_member (scan, 1, "version");
    double version = header_version_number (scan, version_node);

    /* as written in the file, for the messages */
    if (version_node)
      self->version_text = g_strndup (scan->text + ramo_scan_node (scan, version_node)->start,
                                      ramo_scan_node (scan, version_node)->end - ramo_scan_node (scan, version_node)->start);
    /* pi migrates when `version < 2` or `version < 3` and leaves a file alone when
     * `version >= 3`; a version that is not a number (NaN) is none of these, so pi reads the
     * entries as they are — as version 3 */
    if (isnan (version))
      {
        self->file_version = RAMO_SESSION_VERSION;
        self->read_only = TRUE;
        add_issue (self, job->line_no, "session format version %s is not a number; read as version %u "
                   "(as pi reads it) and opened read-only", self->version_text, RAMO_SESSION_VERSION);
      }
    else if (version > RAMO_SESSION_VERSION)
      {
        self->file_version = version >= 1000 ? 1000 : (guint) ceil (version);
        self->read_only = TRUE;
        add_issue (self, job->line_no, "session format version %s is newer than Ramo knows (%u); opened read-only",
                   self->version_text, RAMO_SESSION_VERSION);
      }
    else if (version >= 3)
      self->file_version = 3;
    else if (version >= 2)
      self->file_version = 2;
    else
      self->file_version = 1;
  }
  if (self->file_version < 2)
    {
      state->parsed = g_ptr_array_new ();
      state->first_kept = g_array_new (FALSE, FALSE, sizeof (guint) * 2);
      g_ptr_array_add (state->parsed, NULL);
    }
  state->ex[0].file_version = self->file_version;
  state->ex[1].file_version = self->file_version;
  return TRUE;
}

/* Extracts the lines of @task with @ex (the extractor of the thread running it). */
static void
run_task (Extractor *ex,
          LoadTask  *task)
{
  gsize pos = 0;

  ex->calls = task->calls;
  while (pos < task->len)
    {
      const char *nl = memchr (task->data + pos, '\n', task->len - pos);
      gsize end = nl ? (gsize) (nl - task->data) : task->len;
      LineJob job = { 0 };

      job.offset = task->offset + pos;
      job.len = end - pos;
      job.complete = nl != NULL || !task->at_eof;
      g_array_append_val (task->jobs, job);
      extract_line (ex, &g_array_index (task->jobs, LineJob, task->jobs->len - 1), task->data + pos);
      pos = end + 1;
    }
  ex->calls = NULL;
}

static gpointer
load_worker (gpointer data)
{
  LoadState *state = data;

  g_mutex_lock (&state->lock);
  for (;;)
    {
      LoadTask *task = g_queue_pop_head (&state->queue);

      if (task == NULL)
        {
          if (state->quit)
            break;
          g_cond_wait (&state->cond, &state->lock);
          continue;
        }
      g_mutex_unlock (&state->lock);
      run_task (&state->ex[1], task);
      g_mutex_lock (&state->lock);
      task->block->n_done++;
      g_cond_broadcast (&state->cond);
    }
  g_mutex_unlock (&state->lock);
  return NULL;
}

/* Queues the lines of one block: @data holds whole lines (the last one may lack its newline
 * only at the end of the file, when @at_eof). @base_offset is the file offset of @data. The
 * lines before the session header are handled at once. @data must stay unchanged until
 * finish_block() returns. */
static gboolean
load_block (RamoSessionManager *self,
            LoadState          *state,
            LoadBlock          *block,
            const char         *data,
            gsize               len,
            goffset             base_offset,
            gboolean            at_eof,
            GError            **error)
{
  gsize pos = 0;
  gsize split;

  g_assert (block->n_tasks == 0);
  block->n_done = 0;
  block->end = base_offset + len;

  while (pos < len && !state->have_header)
    {
      const char *nl = memchr (data + pos, '\n', len - pos);
      gsize end = nl ? (gsize) (nl - data) : len;
      LineJob job = { 0 };
      gboolean ok;

      job.offset = base_offset + pos;
      job.len = end - pos;
      job.line_no = ++state->line_no;
      job.complete = nl != NULL || !at_eof;
      ok = load_header_line (self, state, &job, data + pos, error);
      line_job_clear (&job);
      if (!ok)
        return FALSE;
      pos = end + 1;
    }

  if (pos >= len)
    return TRUE;

  /* Two tasks for a block worth it: the second takes the lines after the byte midpoint. */
  split = len;
  if (len - pos > 512 * 1024 && g_get_num_processors () > 1)
    {
      const char *nl = memchr (data + pos + (len - pos) / 2, '\n', len - pos - (len - pos) / 2);

      if (nl != NULL && (gsize) (nl - data) + 1 < len)
        split = (gsize) (nl - data) + 1;
    }

  for (guint i = 0; i < 2; i++)
    {
      LoadTask *task = &block->tasks[i];
      gsize from = i == 0 ? pos : split;
      gsize to = i == 0 ? split : len;

      if (from >= to)
        break;
      task->block = block;
      task->data = data + from;
      task->len = to - from;
      task->offset = base_offset + from;
      task->at_eof = at_eof && to == len;
      if (task->jobs == NULL)
        {
          task->jobs = g_array_new (FALSE, FALSE, sizeof (LineJob));
          task->calls = g_ptr_array_new ();
        }
      block->n_tasks++;
    }

  if (block->n_tasks > 1 && state->worker == NULL)
    state->worker = g_thread_new ("ramo-load", load_worker, state);

  g_mutex_lock (&state->lock);
  for (guint i = 0; i < block->n_tasks; i++)
    g_queue_push_tail (&state->queue, &block->tasks[i]);
  g_cond_broadcast (&state->cond);
  g_mutex_unlock (&state->lock);
  return TRUE;
}

/* Helps with the queued tasks until those of @block are done, then commits its lines in file
 * order. */
static void
finish_block (RamoSessionManager *self,
              LoadState          *state,
              LoadBlock          *block)
{
  g_mutex_lock (&state->lock);
  while (block->n_done < block->n_tasks)
    {
      LoadTask *task = g_queue_pop_head (&state->queue);

      if (task == NULL)
        {
          g_cond_wait (&state->cond, &state->lock);
          continue;
        }
      g_mutex_unlock (&state->lock);
      run_task (&state->ex[0], task);
      g_mutex_lock (&state->lock);
      task->block->n_done++;
      g_cond_broadcast (&state->cond);
    }
  g_mutex_unlock (&state->lock);

  for (guint t = 0; t < block->n_tasks; t++)
    {
      LoadTask *task = &block->tasks[t];
      LineJob *jobs = (LineJob *) (gpointer) task->jobs->data;

      for (guint i = 0; i < task->jobs->len; i++)
        {
          jobs[i].line_no = ++state->line_no;
          /* a last line cut short may be one another program is still writing */
          if (!jobs[i].complete && jobs[i].entry == NULL && jobs[i].issue != NULL)
            state->pending_offset = jobs[i].offset;
          commit_line (self, &jobs[i], state->parsed, state->first_kept);
          line_job_clear (&jobs[i]);
        }
      g_array_set_size (task->jobs, 0);
      g_ptr_array_set_size (task->calls, 0);
    }
  block->n_tasks = 0;
}

static void
load_state_init (LoadState *state)
{
  memset (state, 0, sizeof *state);
  extractor_init (&state->ex[0], RAMO_SESSION_VERSION);
  extractor_init (&state->ex[1], RAMO_SESSION_VERSION);
  state->pending_offset = -1;
  g_mutex_init (&state->lock);
  g_cond_init (&state->cond);
  g_queue_init (&state->queue);
}

/* After the last block: checks the header, resolves v1 compactions, builds the tree. */
static gboolean
load_state_finish (RamoSessionManager *self,
                   LoadState          *state,
                   gboolean            ok,
                   gsize               total_len,
                   gboolean            last_byte_is_newline,
                   GError            **error)
{
  /* every block was finished: the worker only waits */
  if (state->worker)
    {
      g_mutex_lock (&state->lock);
      state->quit = TRUE;
      g_cond_broadcast (&state->cond);
      g_mutex_unlock (&state->lock);
      g_thread_join (g_steal_pointer (&state->worker));
    }
  g_mutex_clear (&state->lock);
  g_cond_clear (&state->cond);
  for (guint b = 0; b < G_N_ELEMENTS (state->blocks); b++)
    for (guint t = 0; t < G_N_ELEMENTS (state->blocks[b].tasks); t++)
      {
        g_clear_pointer (&state->blocks[b].tasks[t].jobs, g_array_unref);
        g_clear_pointer (&state->blocks[b].tasks[t].calls, g_ptr_array_unref);
      }

  extractor_finish (&state->ex[0], self);
  extractor_finish (&state->ex[1], self);

  if (ok && !state->have_header)
    {
      g_set_error (error, RAMO_SESSION_ERROR, RAMO_SESSION_ERROR_INVALID_FILE,
                   total_len == 0 ? "the file is empty" : "the file has no session header");
      ok = FALSE;
    }

  if (ok && state->first_kept)
    {
      /* v1 compactions point at their first kept entry by its index among the parsed lines */
      for (guint i = 0; i < state->first_kept->len; i++)
        {
          guint *pair = &g_array_index (state->first_kept, guint, i * 2);
          RamoEntry *compaction = g_ptr_array_index (self->entries, pair[0]);
          RamoEntry *target = pair[1] < state->parsed->len ? g_ptr_array_index (state->parsed, pair[1]) : NULL;

          compaction->first_kept_id = target ? target->id : NULL;
        }
    }

  g_clear_pointer (&state->parsed, g_ptr_array_unref);
  g_clear_pointer (&state->first_kept, g_array_unref);

  self->linking = FALSE;
  if (!ok)
    return FALSE;

  self->ends_with_newline = total_len == 0 || last_byte_is_newline;
  self->pending_offset = state->pending_offset;
  self->n_lines = state->line_no;
  self->leaf = self->entries->len > 0
    ? g_hash_table_lookup (self->by_id, ((RamoEntry *) g_ptr_array_index (self->entries, self->entries->len - 1))->id)
    : NULL;

  if (self->links_in_order)
    {
      /* the tree is there (no cycle can be, each parent came first): children in pi's order */
      for (guint i = 0; i < self->entries->len; i++)
        {
          RamoEntry *entry = g_ptr_array_index (self->entries, i);

          if (entry->children && entry->children->len > 1)
            sort_children (entry->children);
        }
      mark_active_path (self, TRUE);
    }
  else
    build_tree (self);
  self->linking = FALSE;
  return TRUE;
}

/* pi trims the whole text before splitting, which drops a byte order mark */
static gsize
bom_length (const char *data,
            gsize       len)
{
  return len >= 3 && memcmp (data, "\xEF\xBB\xBF", 3) == 0 ? 3 : 0;
}

static gboolean
load_buffer (RamoSessionManager *self,
             const char         *data,
             gsize               len,
             GError            **error)
{
  LoadState state;
  gsize start = bom_length (data, len);
  gboolean ok;

  load_state_init (&state);
  self->linking = self->links_in_order = TRUE;
  ok = load_block (self, &state, &state.blocks[0], data + start, len - start, start, TRUE, error);
  if (ok)
    finish_block (self, &state, &state.blocks[0]);
  return load_state_finish (self, &state, ok, len, len > 0 && data[len - 1] == '\n', error);
}

static gboolean
stat_file (const char *path,
           goffset    *size,
           gint64     *mtime,
           guint      *mode,
           GError    **error)
{
  struct stat st;

  if (g_stat (path, &st) != 0)
    {
      int errsv = errno;

      g_set_error (error, RAMO_SESSION_ERROR, RAMO_SESSION_ERROR_IO,
                   "%s: %s", path, g_strerror (errsv));
      return FALSE;
    }
  if (!S_ISREG (st.st_mode))
    {
      g_set_error (error, RAMO_SESSION_ERROR, RAMO_SESSION_ERROR_IO,
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

#define READ_BLOCK_SIZE (8 * 1024 * 1024)

/* Read buffers in 2 MiB pages where the kernel allows them on request: copying a block into
 * them and scanning it then takes a TLB entry per 2 MiB rather than per 4 KiB. */
#define HUGE_PAGE_SIZE (2 * 1024 * 1024)

static char *
block_alloc (gsize size)
{
  char *buf = g_aligned_alloc (1, size, HUGE_PAGE_SIZE);

#ifdef MADV_HUGEPAGE
  madvise (buf, size, MADV_HUGEPAGE);
#endif
  return buf;
}

static char *
block_realloc (char  *buf,
               gsize  have,
               gsize  size)
{
  char *bigger = block_alloc (size);

  memcpy (bigger, buf, have);
  g_aligned_free (buf);
  return bigger;
}

/* Reads the file in blocks of whole lines, so that memory holds two blocks at a time rather
 * than the whole file: the one being read and the one being extracted. A line longer than a
 * block grows the buffer. */
static gboolean
load_path (RamoSessionManager *self,
           const char         *path,
           GError            **error)
{
  char *bufs[2] = { NULL, NULL };
  gsize caps[2] = { READ_BLOCK_SIZE, READ_BLOCK_SIZE };
  guint cur = 0;              /* the buffer being read into */
  LoadBlock *in_flight = NULL; /* queued, in the other buffer, not finished yet */
  char *buf;
  gsize cap = READ_BLOCK_SIZE;
  gsize have = 0;
  goffset base = 0;          /* file offset of buf[0] */
  gboolean first = TRUE;
  gboolean ok = TRUE;
  gboolean eof = FALSE;
  char last = '\n';
  goffset total_size = 0;
  LoadState state;
  int fd;

  /* O_NONBLOCK: opening a FIFO must not wait for a writer; only regular files are read */
  fd = g_open (path, O_RDONLY | O_CLOEXEC | O_NONBLOCK, 0);
  if (fd < 0)
    {
      int errsv = errno;

      g_set_error (error, RAMO_SESSION_ERROR, RAMO_SESSION_ERROR_IO,
                   "%s: %s", path, g_strerror (errsv));
      return FALSE;
    }
  {
    struct stat st;

    if (fstat (fd, &st) != 0 || !S_ISREG (st.st_mode))
      {
        close (fd);
        g_set_error (error, RAMO_SESSION_ERROR, RAMO_SESSION_ERROR_IO,
                     "%s: not a regular file", path);
        return FALSE;
      }
    fcntl (fd, F_SETFL, fcntl (fd, F_GETFL) & ~O_NONBLOCK);
  }

  if (!stat_file (path, &total_size, &self->known_mtime, NULL, error))
    {
      close (fd);
      return FALSE;
    }

  buf = bufs[0] = block_alloc (cap);
  load_state_init (&state);
  self->linking = self->links_in_order = TRUE;

  while (ok && !eof)
    {
      ssize_t n;
      const char *nl;
      gsize usable;
      gsize skip = 0;

      if (have == cap)
        {
          cap = caps[cur] = cap * 2;
          buf = bufs[cur] = block_realloc (buf, have, cap);
        }

      n = read (fd, buf + have, cap - have);
      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0)
        {
          int errsv = errno;

          g_set_error (error, RAMO_SESSION_ERROR, RAMO_SESSION_ERROR_IO,
                       "%s: %s", path, g_strerror (errsv));
          ok = FALSE;
          break;
        }
      if (n == 0)
        eof = TRUE;
      have += n;
      if (have > 0)
        last = buf[have - 1];

      if (first && (have >= 3 || eof))
        {
          skip = bom_length (buf, have);
          first = FALSE;
        }
      else if (first)
        continue;

      /* whole lines only, except at the end of the file */
      if (eof)
        usable = have;
      else
        {
          nl = have > skip ? memrchr (buf + skip, '\n', have - skip) : NULL;
          if (nl == NULL)
            {
              if (skip)
                {
                  memmove (buf, buf + skip, have - skip);
                  have -= skip;
                  base += skip;
                }
              continue;
            }
          usable = (gsize) (nl - buf) + 1;
        }

      {
        LoadBlock *block = &state.blocks[cur];

        if (usable > skip)
          {
            gsize block_len = usable - skip;

            /* a block's final newline ends its last line: drop it so no empty line is counted */
            if (!eof && buf[usable - 1] == '\n')
              block_len--;
            ok = load_block (self, &state, block, buf + skip, block_len, base + skip, eof, error);
            block->end = base + usable;
          }

        /* the block before, in the other buffer, is committed while this one is extracted */
        if (in_flight)
          {
            finish_block (self, &state, in_flight);
            if (self->progress)
              self->progress (in_flight->end, total_size, self->progress_data);
            in_flight = NULL;
          }
        if (!ok)
          break;
        if (block->n_tasks > 0)
          in_flight = block;
        else if (self->progress)
          self->progress (base + usable, total_size, self->progress_data);
      }

      if (self->load_cancellable && g_cancellable_set_error_if_cancelled (self->load_cancellable, error))
        {
          ok = FALSE;
          break;
        }

      if (in_flight)
        {
          /* the rest, the start of a line, goes to the other buffer: this one is being read */
          guint other = 1 - cur;

          if (bufs[other] == NULL || caps[other] < cap)
            {
              g_aligned_free (bufs[other]);
              caps[other] = cap;
              bufs[other] = block_alloc (cap);
            }
          memcpy (bufs[other], buf + usable, have - usable);
          cur = other;
          buf = bufs[cur];
          cap = caps[cur];
        }
      else
        memmove (buf, buf + usable, have - usable);
      base += usable;
      have -= usable;
    }

  if (in_flight)
    {
      finish_block (self, &state, in_flight);
      if (ok && self->progress)
        self->progress (in_flight->end, total_size, self->progress_data);
    }
  g_aligned_free (bufs[0]);
  g_aligned_free (bufs[1]);

  self->known_size = base + have;
  ok = load_state_finish (self, &state, ok, self->known_size, last == '\n', error);
  if (!ok)
    {
      close (fd);
      g_prefix_error (error, "%s: ", path);
      return FALSE;
    }

  {
    struct stat st;

    if (fstat (fd, &st) == 0)
      {
        self->known_dev = st.st_dev;
        self->known_ino = st.st_ino;
      }
  }
  self->read_fd = fd;
  return TRUE;
}

/**
 * ramo_session_manager_open:
 * @path: (type filename): a session file
 * @error: return location for a #GError, or %NULL
 *
 * Opens a pi session file: reads the header (an oh-my-pi title slot before it is tolerated),
 * indexes every entry line, and migrates versions 1 and 2 to 3 in memory. The file is not
 * changed. Lines that cannot be read are skipped and listed by
 * ramo_session_manager_get_issues() with their line numbers; the rest loads.
 *
 * Errors: %RAMO_SESSION_ERROR_IO when the file cannot be read,
 * %RAMO_SESSION_ERROR_INVALID_FILE when it is empty or does not start with a session header.
 *
 * Returns: (transfer full): a new session manager, or %NULL with @error set
 */
RamoSessionManager *
ramo_session_manager_open (const char  *path,
                           GError     **error)
{
  g_autoptr(RamoSessionManager) self = NULL;
  g_autoptr(GFile) file = NULL;

  g_return_val_if_fail (path != NULL, NULL);

  file = g_file_new_for_path (path);
  self = g_object_new (RAMO_TYPE_SESSION_MANAGER, NULL);
  self->path = g_file_get_path (file);
  self->session_dir = g_path_get_dirname (self->path);

  if (!load_path (self, self->path, error))
    return NULL;

  return g_steal_pointer (&self);
}

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

/* Writes @contents to @path through a temporary file in the same folder, fsync and rename,
 * so that a crash leaves either no file / the old file, or the whole new one. */
static gboolean
replace_file (const char *path,
              const char *contents,
              gsize       length,
              guint       mode,
              GError    **error)
{
  g_autoptr(GError) local_error = NULL;

  if (!g_file_set_contents_full (path, contents, length,
                                 G_FILE_SET_CONTENTS_CONSISTENT | G_FILE_SET_CONTENTS_DURABLE,
                                 mode, &local_error))
    {
      g_set_error (error, RAMO_SESSION_ERROR, RAMO_SESSION_ERROR_IO, "%s", local_error->message);
      return FALSE;
    }
  return TRUE;
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
  clear_state (self);
  init_state (self);
  if (!load_buffer (self, self->memory->str, self->memory->len, &error))
    g_critical ("in-memory header did not load: %s", error->message);
  self->known_size = self->memory->len;
  return self;
}

typedef struct
{
  char                 *path;
  RamoLoadProgressFunc  progress;
  gpointer              progress_data;
} OpenData;

static void
open_data_free (gpointer data)
{
  OpenData *od = data;

  g_free (od->path);
  g_free (od);
}

static void
open_thread (GTask        *task,
             gpointer      source_object,
             gpointer      task_data,
             GCancellable *cancellable)
{
  OpenData *od = task_data;
  g_autoptr(RamoSessionManager) self = NULL;
  g_autoptr(GFile) file = g_file_new_for_path (od->path);
  GError *error = NULL;

  self = g_object_new (RAMO_TYPE_SESSION_MANAGER, NULL);
  self->path = g_file_get_path (file);
  self->session_dir = g_path_get_dirname (self->path);
  self->progress = od->progress;
  self->progress_data = od->progress_data;
  self->load_cancellable = cancellable;

  if (!load_path (self, self->path, &error))
    {
      g_task_return_error (task, error);
      return;
    }
  self->progress = NULL;
  self->progress_data = NULL;
  self->load_cancellable = NULL;
  g_task_return_pointer (task, g_steal_pointer (&self), g_object_unref);
}

/**
 * ramo_session_manager_open_async:
 * @path: (type filename): a session file
 * @progress: (nullable) (scope call): called from the loading thread after each block with the
 *   bytes read so far and the file's size; keep it cheap and thread-safe
 * @progress_data: data for @progress
 * @cancellable: (nullable): cancels the load between blocks
 * @callback: called in the thread-default main context of the caller when done
 * @user_data: data for @callback
 *
 * Opens a session as ramo_session_manager_open() does, in a worker thread, so that a window
 * stays responsive while a large file loads.
 */
void
ramo_session_manager_open_async (const char           *path,
                                 RamoLoadProgressFunc  progress,
                                 gpointer              progress_data,
                                 GCancellable         *cancellable,
                                 GAsyncReadyCallback   callback,
                                 gpointer              user_data)
{
  g_autoptr(GTask) task = NULL;
  OpenData *od;

  g_return_if_fail (path != NULL);

  task = g_task_new (NULL, cancellable, callback, user_data);
  g_task_set_source_tag (task, ramo_session_manager_open_async);
  od = g_new0 (OpenData, 1);
  od->path = g_strdup (path);
  od->progress = progress;
  od->progress_data = progress_data;
  g_task_set_task_data (task, od, open_data_free);
  g_task_run_in_thread (task, open_thread);
}

/**
 * ramo_session_manager_open_finish:
 * @result: the result given to the callback
 * @error: return location for a #GError, or %NULL
 *
 * Errors: those of ramo_session_manager_open(), and %G_IO_ERROR_CANCELLED.
 *
 * Returns: (transfer full): the session manager, or %NULL with @error set
 */
RamoSessionManager *
ramo_session_manager_open_finish (GAsyncResult  *result,
                                  GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), NULL);
  return g_task_propagate_pointer (G_TASK (result), error);
}

/* For the fuzzer and tests: a session read from bytes in memory, written nowhere. */
RamoSessionManager *
_ramo_session_manager_new_from_data (const char  *data,
                                     gsize        len,
                                     GError     **error)
{
  g_autoptr(RamoSessionManager) self = g_object_new (RAMO_TYPE_SESSION_MANAGER, NULL);

  self->memory = g_string_new_len (data, len);
  if (!load_buffer (self, self->memory->str, self->memory->len, error))
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

  g_return_val_if_fail (session_dir != NULL, NULL);

  if (g_mkdir_with_parents (session_dir, 0700) != 0)
    {
      int errsv = errno;

      g_set_error (error, RAMO_SESSION_ERROR, RAMO_SESSION_ERROR_IO,
                   "%s: %s", session_dir, g_strerror (errsv));
      return NULL;
    }

  write_header (contents, id, timestamp, cwd ? cwd : g_get_current_dir (), parent_session);
  if (!replace_file (path, contents->str, contents->len, 0600, error))
    return NULL;

  return ramo_session_manager_open (path, error);
}

/* ------------------------------------------------------------------------------------------ */
/* Reading bodies                                                                              */

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
          g_set_error (error, RAMO_SESSION_ERROR, RAMO_SESSION_ERROR_IO,
                       "%s: line %u: %s", self->path, entry->line,
                       n == 0 ? "the file is shorter than when it was read" : g_strerror (errsv));
          return NULL;
        }
      done += n;
    }
  buf[done] = '\0';
  return buf;
}

static char *v3_line (RamoSessionManager  *self,
                      const RamoEntry     *entry,
                      GError             **error);

/* Reads @entry's line as a version-3 file holds it (see v3_line()) and scans it into @scan
 * (initialized by the caller), the object at node 1. *@text holds the line the scan points
 * into; free it after the scan. Invalid UTF-8 is replaced with U+FFFD, as when loading. */
gboolean
_ramo_session_manager_scan_entry (RamoSessionManager  *self,
                                  const RamoEntry     *entry,
                                  RamoScan            *scan,
                                  char               **text,
                                  GError             **error)
{
  g_autofree char *line = v3_line (self, entry, error);
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
static char *
v3_line (RamoSessionManager  *self,
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

/* The header line as version 3, made by editing its text as v3_line() does: `version` set to 3
 * where it is, or appended as pi's migration adds it. */
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

/**
 * ramo_session_manager_is_persisted:
 * @self: a session manager
 *
 * Returns: %TRUE when the session is backed by a file
 */
gboolean
ramo_session_manager_is_persisted (RamoSessionManager *self)
{
  g_return_val_if_fail (RAMO_IS_SESSION_MANAGER (self), FALSE);
  return self->path != NULL;
}

/**
 * ramo_session_manager_is_read_only:
 * @self: a session manager
 *
 * Returns: %TRUE when writes are refused (the file's format version is newer than Ramo's)
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
 *   before Ramo's first write to it
 */
gboolean
ramo_session_manager_needs_migration (RamoSessionManager *self)
{
  g_return_val_if_fail (RAMO_IS_SESSION_MANAGER (self), FALSE);
  return self->file_version < RAMO_SESSION_VERSION;
}

/**
 * ramo_session_manager_get_header:
 * @self: a session manager
 *
 * The header object as read (unknown fields kept; `version` as in the file).
 *
 * Returns: (transfer none): the header
 */
JsonObject *
ramo_session_manager_get_header (RamoSessionManager *self)
{
  g_return_val_if_fail (RAMO_IS_SESSION_MANAGER (self), NULL);
  return self->header;
}

/**
 * ramo_session_manager_dup_header_json:
 * @self: a session manager
 *
 * The header as `JSON.stringify()` writes it, from the line's own text: unlike
 * ramo_session_manager_get_header(), exact where json-glib cannot hold a value (an escaped
 * NUL, a lone surrogate, a huge number).
 *
 * Returns: (transfer full): the header's JSON text
 */
char *
ramo_session_manager_dup_header_json (RamoSessionManager *self)
{
  const char *scan_error = NULL;
  char *json;
  RamoScan scan;

  g_return_val_if_fail (RAMO_IS_SESSION_MANAGER (self), NULL);

  ramo_scan_init (&scan);
  if (!ramo_scan_parse (&scan, self->header_text, strlen (self->header_text), &scan_error))
    g_assert_not_reached ();   /* it parsed when the file was loaded */
  json = ramo_scan_to_json (&scan, 1);
  ramo_scan_clear (&scan);
  return json;
}

/**
 * ramo_session_manager_get_session_id:
 * @self: a session manager
 *
 * Returns: the header's `id`
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
 * ramo_session_manager_get_title:
 * @self: a session manager
 *
 * Returns: (nullable): the title of an oh-my-pi title slot line, if the file has one
 */
const char *
ramo_session_manager_get_title (RamoSessionManager *self)
{
  g_return_val_if_fail (RAMO_IS_SESSION_MANAGER (self), NULL);
  return self->title;
}

/**
 * ramo_session_manager_dup_session_name:
 * @self: a session manager
 *
 * The name of the latest `session_info` entry in file order, trimmed; an empty name clears it
 * (pi's `getSessionName()`). The name is read from the file.
 *
 * Returns: (transfer full) (nullable): the session name
 */
char *
ramo_session_manager_dup_session_name (RamoSessionManager *self)
{
  g_return_val_if_fail (RAMO_IS_SESSION_MANAGER (self), NULL);

  for (guint i = self->entries->len; i > 0; i--)
    {
      RamoEntry *entry = g_ptr_array_index (self->entries, i - 1);
      g_autoptr(JsonObject) object = NULL;
      const char *name;
      g_autofree char *trimmed = NULL;

      if (entry->type != RAMO_ENTRY_TYPE_SESSION_INFO)
        continue;
      object = _ramo_session_manager_read_object (self, entry, NULL);
      if (object == NULL)
        return NULL;
      name = ramo_json_member_string (object, "name");
      if (name == NULL)
        return NULL;
      trimmed = g_strstrip (g_strdup (name));
      return trimmed[0] ? g_steal_pointer (&trimmed) : NULL;
    }
  return NULL;
}

/**
 * ramo_session_manager_get_issues:
 * @self: a session manager
 *
 * Returns: (transfer none) (element-type RamoLoadIssue): what loading skipped or repaired,
 *   in line order
 */
GPtrArray *
ramo_session_manager_get_issues (RamoSessionManager *self)
{
  g_return_val_if_fail (RAMO_IS_SESSION_MANAGER (self), NULL);
  return self->issues;
}

/**
 * ramo_session_manager_get_n_entries:
 * @self: a session manager
 *
 * Returns: the number of entry lines (the header and title slot excluded)
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
  return id ? g_hash_table_lookup (self->by_id, id) : NULL;
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

  entry = from_id ? g_hash_table_lookup (self->by_id, from_id) : self->leaf;
  path = g_ptr_array_new ();
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

/**
 * ramo_session_manager_get_children:
 * @self: a session manager
 * @parent_id: an entry id
 *
 * The children of an entry, oldest→newest by timestamp (stable for equal times; pi's order also
 * where timestamps are missing or invalid).
 *
 * Returns: (transfer none) (nullable) (element-type RamoEntry): the children, %NULL if none
 */
GPtrArray *
ramo_session_manager_get_children (RamoSessionManager *self,
                                   const char         *parent_id)
{
  RamoEntry *parent;

  g_return_val_if_fail (RAMO_IS_SESSION_MANAGER (self), NULL);

  parent = ramo_session_manager_get_entry (self, parent_id);
  return parent ? parent->children : NULL;
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

/* ------------------------------------------------------------------------------------------ */
/* Writing                                                                                     */

static void
set_leaf (RamoSessionManager *self,
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
      mark_active_path (self, FALSE);
      self->leaf = leaf;
      mark_active_path (self, TRUE);
    }
  g_object_notify_by_pspec (G_OBJECT (self), properties [PROP_LEAF_ID]);
  g_signal_emit (self, signals [LEAF_CHANGED], 0, old_id);
}

static gboolean
check_writable (RamoSessionManager  *self,
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
  g_set_error (error, RAMO_SESSION_ERROR, RAMO_SESSION_ERROR_IO,
               "%s was migrated, but %" G_GSIZE_FORMAT " bytes another program appended meanwhile "
               "could not be carried over to it: %s; they are in no file now",
               self->path, len, g_strerror (errsv));
  return FALSE;
}

/* pi takes no lock, so a line it appends to the old file between the migration's last size
 * check and its rename() lands in the old file, which the rename unlinks. @old_fd still reads
 * that file: whatever it grew by beyond @old_size is appended to the new file (under flock()),
 * whole lines as soon as they are complete. A writer that opened the old file just before the
 * rename may still be writing: the old file is watched until it stays the same twice in a row
 * (a few milliseconds apart); a last line still incomplete then is carried over as it is. */
static gboolean
carry_over_appends (RamoSessionManager  *self,
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
static gboolean
rewrite_as_v3 (RamoSessionManager  *self,
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

  if (!stat_file (self->path, NULL, NULL, &mode, error))
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
      g_set_error (error, RAMO_SESSION_ERROR, RAMO_SESSION_ERROR_IO, "%s", local_error->message);
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
          g_autofree char *line = v3_line (self, entry, error);
          goffset pair[2];

          if (line == NULL)
            return FALSE;
          pair[0] = out->len;
          pair[1] = strlen (line);
          g_array_append_vals (new_offsets, pair, 1);
          g_string_append (out, line);
          next_entry++;
        }
      else if (!header_done && !is_blank (data + pos, end - pos) &&
               g_strstr_len (data + pos, end - pos, "\"session\"") != NULL &&
               (next_entry == 0))
        {
          g_autofree char *repaired = NULL;
          gsize bom = pos == 0 ? bom_length (data, end) : 0;
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

  if (!replace_file (self->path, out->str, out->len, mode, error))
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

      g_set_error (error, RAMO_SESSION_ERROR, RAMO_SESSION_ERROR_IO,
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
    gboolean carried = carry_over_appends (self, self->read_fd, self->known_size,
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
  stat_file (self->path, NULL, &self->known_mtime, NULL, NULL);

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

      g_set_error (error, RAMO_SESSION_ERROR, RAMO_SESSION_ERROR_IO,
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
      g_set_error (error, RAMO_SESSION_ERROR, RAMO_SESSION_ERROR_IO,
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
  stat_file (self->path, NULL, &self->known_mtime, NULL, NULL);
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

          g_set_error (error, RAMO_SESSION_ERROR, RAMO_SESSION_ERROR_IO,
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
      extract_line (&ex, &job, buf + pos);
      commit_line (self, &job, NULL, NULL);
      line_job_clear (&job);
      pos = end + 1;
    }
  if (self->pending_offset >= 0)
    self->n_lines++;
  ramo_scan_clear (&ex.scan);
  g_ptr_array_unref (ex.calls);

  if (self->entries->len == first_new)
    return 0;

  mark_active_path (self, FALSE);
  build_tree (self);
  /* the leaf follows first, so that the listeners of ::entries-added lay out the final state */
  if (follow)
    set_leaf (self, g_hash_table_lookup (self->by_id,
                                         ((RamoEntry *) g_ptr_array_index (self->entries, self->entries->len - 1))->id));
  g_signal_emit (self, signals [ENTRIES_ADDED], 0, first_new, self->entries->len - first_new);

  /* the rows that stay hear of the labels the new lines changed */
  {
    g_autoptr(GHashTable) targets = g_hash_table_new (g_str_hash, g_str_equal);

    for (guint i = first_new; i < self->entries->len; i++)
      {
        RamoEntry *entry = g_ptr_array_index (self->entries, i);

        if (entry->type == RAMO_ENTRY_TYPE_LABEL && entry->target_id != NULL &&
            g_hash_table_add (targets, (char *) entry->target_id))
          g_signal_emit (self, signals [LABEL_CHANGED], 0, entry->target_id,
                         g_hash_table_lookup (self->labels, entry->target_id));
      }
  }

  return (int) (self->entries->len - first_new);
}

/* Writes @object (a complete entry) as a line and indexes it: the leaf moves to it. When
 * another program appended lines since Ramo read the file, they are read first, and an entry
 * whose parent is the leaf hangs under the leaf as it is after them. */
static RamoEntry *
append_object (RamoSessionManager  *self,
               JsonObject          *object,
               gboolean             parent_is_leaf,
               GError             **error)
{
  g_autofree char *line = NULL;
  goffset offset = 0;
  RamoEntry *entry;
  guint line_no;

  if (!check_writable (self, error))
    return NULL;

  if (self->path && self->file_version < RAMO_SESSION_VERSION && !rewrite_as_v3 (self, error))
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
    extract_line (&ex, &job, line);
    ramo_scan_clear (&ex.scan);
    if (job.entry == NULL)
      g_error ("Ramo wrote a line it cannot read back: %s", job.issue);
    commit_line (self, &job, NULL, NULL);
    g_ptr_array_unref (ex.calls);
    entry = job.entry;
    line_job_clear (&job);
  }

  entry->parent = resolve_parent (self, entry);
  if (entry->parent)
    {
      if (entry->parent->children == NULL)
        entry->parent->children = g_ptr_array_new ();
      g_ptr_array_add (entry->parent->children, entry);
      sort_children (entry->parent->children);
      entry->depth = entry->parent->depth + 1;
    }
  else
    {
      g_ptr_array_add (self->roots, entry);
      entry->depth = 0;
    }

  set_leaf (self, entry);
  g_signal_emit (self, signals [ENTRY_APPENDED], 0, entry);
  return entry;
}

static JsonObject *
base_object (RamoSessionManager *self,
             const char         *type,
             const char         *parent_id)
{
  JsonObject *object = json_object_new ();
  g_autofree char *id = generate_id (self);
  g_autofree char *timestamp = ramo_iso_timestamp_now ();

  json_object_set_string_member (object, "type", type);
  json_object_set_string_member (object, "id", id);
  if (parent_id)
    json_object_set_string_member (object, "parentId", parent_id);
  else
    json_object_set_null_member (object, "parentId");
  json_object_set_string_member (object, "timestamp", timestamp);
  return object;
}

static char *
finish_append (RamoSessionManager  *self,
               JsonObject          *object,
               GError             **error)
{
  RamoEntry *entry = append_object (self, object, TRUE, error);

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
 * on error the file and the tree are as before.
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

  object = base_object (self, "message", ramo_session_manager_get_leaf_id (self));
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

  object = base_object (self, "thinking_level_change", ramo_session_manager_get_leaf_id (self));
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

  object = base_object (self, "model_change", ramo_session_manager_get_leaf_id (self));
  json_object_set_string_member (object, "provider", provider);
  json_object_set_string_member (object, "modelId", model_id);
  return finish_append (self, object, error);
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
 * Appends a `compaction` entry. Errors as ramo_session_manager_append_message().
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
  JsonObject *object;

  g_return_val_if_fail (RAMO_IS_SESSION_MANAGER (self), NULL);

  object = base_object (self, "compaction", ramo_session_manager_get_leaf_id (self));
  json_object_set_string_member (object, "summary", summary);
  json_object_set_string_member (object, "firstKeptEntryId", first_kept_entry_id);
  json_object_set_int_member (object, "tokensBefore", tokens_before);
  if (details)
    json_object_set_member (object, "details", json_node_copy (details));
  if (from_hook)
    json_object_set_boolean_member (object, "fromHook", TRUE);
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
  JsonObject *object = json_object_new ();
  g_autofree char *id = NULL;
  g_autofree char *timestamp = ramo_iso_timestamp_now ();
  const char *leaf_id;

  g_return_val_if_fail (RAMO_IS_SESSION_MANAGER (self), NULL);

  /* pi writes the custom fields before the base fields for these two types */
  id = generate_id (self);
  leaf_id = ramo_session_manager_get_leaf_id (self);
  json_object_set_string_member (object, "type", "custom");
  json_object_set_string_member (object, "customType", custom_type);
  if (data)
    json_object_set_member (object, "data", json_node_copy (data));
  json_object_set_string_member (object, "id", id);
  if (leaf_id)
    json_object_set_string_member (object, "parentId", leaf_id);
  else
    json_object_set_null_member (object, "parentId");
  json_object_set_string_member (object, "timestamp", timestamp);
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
  JsonObject *object = json_object_new ();
  g_autofree char *id = NULL;
  g_autofree char *timestamp = ramo_iso_timestamp_now ();
  const char *leaf_id;

  g_return_val_if_fail (RAMO_IS_SESSION_MANAGER (self), NULL);
  g_return_val_if_fail (content != NULL, NULL);

  id = generate_id (self);
  leaf_id = ramo_session_manager_get_leaf_id (self);
  json_object_set_string_member (object, "type", "custom_message");
  json_object_set_string_member (object, "customType", custom_type);
  json_object_set_member (object, "content", json_node_copy (content));
  json_object_set_boolean_member (object, "display", display);
  if (details)
    json_object_set_member (object, "details", json_node_copy (details));
  json_object_set_string_member (object, "id", id);
  if (leaf_id)
    json_object_set_string_member (object, "parentId", leaf_id);
  else
    json_object_set_null_member (object, "parentId");
  json_object_set_string_member (object, "timestamp", timestamp);
  return finish_append (self, object, error);
}

/**
 * ramo_session_manager_append_label_change:
 * @self: a session manager
 * @target_id: the entry to label
 * @label: (nullable): the new label; %NULL or empty clears it
 * @error: return location for a #GError, or %NULL
 *
 * Appends a `label` entry on the leaf's chain (so the leaf moves to it, as every append does)
 * and updates the label index at once (pi's `appendLabelChange()`).
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

  object = base_object (self, "label", ramo_session_manager_get_leaf_id (self));
  json_object_set_string_member (object, "targetId", target_id);
  if (label)
    json_object_set_string_member (object, "label", label);

  entry = append_object (self, object, TRUE, error);
  json_object_unref (object);
  if (entry == NULL)
    return NULL;

  id = g_strdup (entry->id);
  g_signal_emit (self, signals [LABEL_CHANGED], 0, target_id, label);
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

  object = base_object (self, "session_info", ramo_session_manager_get_leaf_id (self));
  json_object_set_string_member (object, "name", trimmed);
  return finish_append (self, object, error);
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

  entry = g_hash_table_lookup (self->by_id, entry_id);
  if (entry == NULL)
    {
      g_set_error (error, RAMO_SESSION_ERROR, RAMO_SESSION_ERROR_NOT_FOUND,
                   "Entry %s not found", entry_id);
      return FALSE;
    }

  set_leaf (self, entry);
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
  set_leaf (self, NULL);
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
 * is a root and records `fromId: "root"` (pi's `branchWithSummary()`).
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

  g_return_val_if_fail (RAMO_IS_SESSION_MANAGER (self), NULL);
  g_return_val_if_fail (summary != NULL, NULL);

  if (from_id != NULL && !g_hash_table_contains (self->by_id, from_id))
    {
      g_set_error (error, RAMO_SESSION_ERROR, RAMO_SESSION_ERROR_NOT_FOUND,
                   "Entry %s not found", from_id);
      return NULL;
    }

  object = base_object (self, "branch_summary", from_id);
  json_object_set_string_member (object, "fromId", from_id ? from_id : "root");
  json_object_set_string_member (object, "summary", summary);
  if (details)
    json_object_set_member (object, "details", json_node_copy (details));
  if (from_hook)
    json_object_set_boolean_member (object, "fromHook", TRUE);
  {
    RamoEntry *entry = append_object (self, object, FALSE, error);

    json_object_unref (object);
    return entry ? g_strdup (entry->id) : NULL;
  }
}

/**
 * ramo_session_manager_create_branched_session:
 * @self: a session manager
 * @leaf_id: the last entry of the path to keep
 * @new_path: (out) (optional) (nullable) (type filename): the new file, %NULL in memory
 * @error: return location for a #GError, or %NULL
 *
 * Makes a new session of the path root→@leaf_id (pi's `createBranchedSession()`): `label`
 * entries of the path are dropped and one `label` entry per label resolved on the path is
 * appended after it, each keeping its label's timestamp; the new header has a new id and
 * `parentSession` naming the old file. A persistent session writes the new file beside the old
 * one (atomically, mode 0600) and switches to it; an in-memory one replaces its entries.
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
  g_autoptr(GHashTable) on_path = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GHashTable) used_ids = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autofree char *session_id = g_uuid_string_random ();
  g_autofree char *timestamp = ramo_iso_timestamp_now ();
  g_autofree char *file_path = NULL;
  const char *last_id = NULL;
  g_autoptr(GPtrArray) label_targets = g_ptr_array_new ();

  g_return_val_if_fail (RAMO_IS_SESSION_MANAGER (self), FALSE);

  if (new_path)
    *new_path = NULL;

  if (leaf_id == NULL || !g_hash_table_contains (self->by_id, leaf_id))
    {
      g_set_error (error, RAMO_SESSION_ERROR, RAMO_SESSION_ERROR_NOT_FOUND,
                   "Entry %s not found", leaf_id ? leaf_id : "(null)");
      return FALSE;
    }

  path = ramo_session_manager_dup_branch (self, leaf_id);

  write_header (out, session_id, timestamp, self->cwd, self->path);

  for (guint i = 0; i < path->len; i++)
    {
      RamoEntry *entry = g_ptr_array_index (path, i);
      g_autofree char *line = NULL;

      if (entry->type == RAMO_ENTRY_TYPE_LABEL)
        continue;
      line = v3_line (self, entry, error);
      if (line == NULL)
        return FALSE;
      g_string_append (out, line);
      g_string_append_c (out, '\n');
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
      if (label_time)
        json_object_set_string_member (object, "timestamp", label_time);
      json_object_set_string_member (object, "targetId", target);
      json_object_set_string_member (object, "label", label);
      node = json_node_init_object (json_node_alloc (), object);
      ramo_json_write (out, node);
      g_string_append_c (out, '\n');
      g_hash_table_add (used_ids, id);
      last_id = id;
    }

  if (self->path)
    {
      g_autofree char *name = session_file_name (timestamp, session_id);

      file_path = g_build_filename (self->session_dir, name, NULL);
      if (!replace_file (file_path, out->str, out->len, 0600, error))
        return FALSE;

      clear_state (self);
      init_state (self);
      g_free (self->path);
      self->path = g_strdup (file_path);
      if (!load_path (self, self->path, error))
        return FALSE;
      if (new_path)
        *new_path = g_steal_pointer (&file_path);
    }
  else
    {
      /* pi records no parentSession for in-memory sessions */
      g_autoptr(GString) memory = g_string_new (NULL);
      const char *nl = strchr (out->str, '\n');

      write_header (memory, session_id, timestamp, self->cwd, NULL);
      g_string_append (memory, nl + 1);
      g_string_free (self->memory, TRUE);
      self->memory = g_steal_pointer (&memory);
      clear_state (self);
      init_state (self);
      if (!load_buffer (self, self->memory->str, self->memory->len, error))
        return FALSE;
      self->known_size = self->memory->len;
    }

  g_object_notify_by_pspec (G_OBJECT (self), properties [PROP_PATH]);
  g_object_notify_by_pspec (G_OBJECT (self), properties [PROP_LEAF_ID]);
  g_signal_emit (self, signals [RELOADED], 0);

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
  if (!check_writable (self, error))
    return FALSE;
  if (self->path == NULL)
    {
      self->file_version = RAMO_SESSION_VERSION;
      return TRUE;
    }
  return rewrite_as_v3 (self, error);
}

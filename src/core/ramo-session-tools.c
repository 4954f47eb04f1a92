/* ramo-session-tools.c — the tool calls of a session, and the files they touched
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

#include <string.h>

#include "ramo-session-manager-private.h"
#include "ramo-tool-calls-private.h"

/*
 * While a file loads, each line's tool calls are noted as it is extracted (any thread: the
 * names and paths packed in one string per line that has calls), and indexed when the line is
 * committed (file order): every name and path once (interned), a small record for each entry
 * with tool calls or a tool result, and a call's result (whether it is an error) when the
 * result's line comes. Bodies are never read again: the files an entry's branch or subtree
 * touched come from the records.
 *
 * The paths are those the calls name: `arguments.path`, else `arguments.file_path`, a string
 * that is not empty; `read`, `write` and `edit` read, write and edit it (pi 1.6.0's
 * extractFileOpsFromMessage(), `dist/core/compaction/utils.js`, oh-my-pi's in
 * `pi-agent-core/src/compaction/utils.ts`); any other tool's path (grep, find, ls) is only
 * named. pi 1.6.0 also records the calls a tool made while it ran on its result
 * (`nestedCalls.calls`): they are that result's calls. oh-my-pi's rules, for its files: no
 * nested calls; a path naming a `scheme://` resource is no file; a `read` path's selector
 * (`src/a.ts:50-200`, `:raw`, `:conflicts`, …) is cut off (stripReadSelector()).
 */

enum
{
  RESULT_NONE,
  RESULT_OK,
  RESULT_ERROR,
};

typedef struct
{
  guint32 name;       /* interned; 0 when the call has no string name */
  guint32 path;       /* interned; 0 when it names none */
  guint8  access;     /* RamoToolAccess */
  guint8  result;     /* RESULT_* */
  const char *display; /* the call as a tool result answering it shows it, if it has an id */
} ToolCall;

typedef struct
{
  guint32 entry;      /* entry index */
  guint32 first;      /* its calls: calls[first … first + n) */
  guint32 n;
  guint32 answers;    /* a tool result: the call it answers + 1, or 0 */
} ToolRecord;

struct _RamoToolIndex
{
  GArray       *records;      /* (element-type ToolRecord) by entry index */
  GArray       *record_of;    /* (element-type guint32) an entry index's record + 1, or 0 */
  GArray       *calls;        /* (element-type ToolCall) */
  GHashTable   *by_call_id;   /* toolCallId → its latest call + 1 */
  GHashTable   *interned;     /* string → its number */
  GPtrArray    *strings;      /* number → string (0 is "") */
  GStringChunk *chunk;
};

RamoToolIndex *
_ramo_tool_index_new (void)
{
  RamoToolIndex *index = g_new0 (RamoToolIndex, 1);

  index->records = g_array_new (FALSE, FALSE, sizeof (ToolRecord));
  index->record_of = g_array_new (FALSE, TRUE, sizeof (guint32));
  index->calls = g_array_new (FALSE, FALSE, sizeof (ToolCall));
  index->by_call_id = g_hash_table_new (g_str_hash, g_str_equal);
  index->interned = g_hash_table_new (g_str_hash, g_str_equal);
  index->strings = g_ptr_array_new ();
  index->chunk = g_string_chunk_new (16 * 1024);
  g_ptr_array_add (index->strings, (char *) "");
  return index;
}

void
_ramo_tool_index_free (RamoToolIndex *index)
{
  g_array_unref (index->records);
  g_array_unref (index->record_of);
  g_array_unref (index->calls);
  g_hash_table_unref (index->by_call_id);
  g_hash_table_unref (index->interned);
  g_ptr_array_unref (index->strings);
  g_string_chunk_free (index->chunk);
  g_free (index);
}

static guint32
intern (RamoToolIndex *index,
        const char    *text)
{
  gpointer number;
  char *copy;

  if (text[0] == '\0')
    return 0;
  if (g_hash_table_lookup_extended (index->interned, text, NULL, &number))
    return GPOINTER_TO_UINT (number);
  copy = g_string_chunk_insert (index->chunk, text);
  g_hash_table_insert (index->interned, copy, GUINT_TO_POINTER (index->strings->len));
  g_ptr_array_add (index->strings, copy);
  return index->strings->len - 1;
}

/* A string member, decoded and read as a C string (up to a NUL an escape may put in it), into
 * @out; FALSE when it is not a string. */
static gboolean
append_str (RamoScan   *scan,
            guint       object,
            const char *name,
            GString    *out)
{
  gsize from = out->len;

  if (!ramo_scan_append_string (scan, ramo_scan_member (scan, object, name), 0, out))
    return FALSE;
  g_string_truncate (out, from + strlen (out->str + from));
  return TRUE;
}

static RamoToolAccess
access_of (const char *name)
{
  if (strcmp (name, "read") == 0)
    return RAMO_TOOL_ACCESS_READ;
  if (strcmp (name, "write") == 0)
    return RAMO_TOOL_ACCESS_WRITE;
  if (strcmp (name, "edit") == 0)
    return RAMO_TOOL_ACCESS_EDIT;
  return RAMO_TOOL_ACCESS_NONE;
}

/* Appends one call to @out: a byte ('0' + access, upper bit 0x40 when it has a string id, as
 * the display state counts ids), its name, NUL, its path, NUL. */
static void
pack_call (RamoScan *scan,
           guint     call,
           gboolean  has_id,
           GString  *out)
{
  guint args = ramo_scan_member (scan, call, "arguments");
  gsize flag_at = out->len;
  gsize name_at;
  gsize path_at;

  g_string_append_c (out, '0');
  name_at = out->len;
  append_str (scan, call, "name", out);
  g_string_append_c (out, '\0');
  path_at = out->len;
  if (ramo_scan_type (scan, args) == RAMO_SCAN_OBJECT &&
      (!append_str (scan, args, "path", out) || out->len == path_at))
    {
      g_string_truncate (out, path_at);
      append_str (scan, args, "file_path", out);
    }
  g_string_append_c (out, '\0');
  out->str[flag_at] = (char) (('0' + (out->len > path_at + 1 ? access_of (out->str + name_at) : RAMO_TOOL_ACCESS_NONE)) |
                              (has_id ? 0x40 : 0));
}

/**
 * _ramo_tool_calls_extract:
 * @scan: the entry's line, scanned
 * @entry: its record (type and role set)
 * @top: its members (_ramo_find_top_members())
 * @out: where the packed calls go
 *
 * What the line's tool calls name, for _ramo_tool_index_commit(): an assistant message's
 * `toolCall` blocks; a tool result's `isError` and the calls recorded on it. They are appended
 * to @out, a NUL after them, so that the lines of a block share one buffer: the thread that
 * extracts them allocates, and the thread that commits them frees nothing (a free of memory
 * from another thread's malloc arena takes that arena's lock, which the extracting thread
 * then waits for).
 *
 * Returns: whether anything was appended (%FALSE when the line has no tool call)
 */
gboolean
_ramo_tool_calls_extract (RamoScan             *scan,
                          RamoEntry            *entry,
                          const RamoTopMembers *top,
                          GString              *out)
{
  guint message = top->message;
  gsize start = out->len;
  guint content;

  if (entry->type != RAMO_ENTRY_TYPE_MESSAGE)
    return FALSE;

  if (entry->role == RAMO_MESSAGE_ROLE_TOOL_RESULT)
    {
      guint nested = ramo_scan_member (scan, ramo_scan_member (scan, message, "nestedCalls"), "calls");

      g_string_append_c (out, ramo_scan_truthy (scan, ramo_scan_member (scan, message, "isError")) ? 'E' : 'R');
      if (ramo_scan_type (scan, nested) == RAMO_SCAN_ARRAY)
        for (guint c = ramo_scan_node (scan, nested)->first_child; c; c = ramo_scan_node (scan, c)->next)
          if (ramo_scan_type (scan, c) == RAMO_SCAN_OBJECT)
            pack_call (scan, c, FALSE, out);
      g_string_append_c (out, '\0');
      return TRUE;
    }
  if (entry->role != RAMO_MESSAGE_ROLE_ASSISTANT)
    return FALSE;

  content = top->content;
  if (ramo_scan_type (scan, content) != RAMO_SCAN_ARRAY)
    return FALSE;
  for (guint b = ramo_scan_node (scan, content)->first_child; b; b = ramo_scan_node (scan, b)->next)
    {
      if (_ramo_scan_block_kind (scan, b) != RAMO_CONTENT_TOOL_CALL)
        continue;
      if (out->len == start)
        g_string_append_c (out, 'A');
      pack_call (scan, b, ramo_scan_type (scan, ramo_scan_member (scan, b, "id")) == RAMO_SCAN_STRING, out);
    }
  if (out->len == start)
    return FALSE;
  g_string_append_c (out, '\0');
  return TRUE;
}

const char *
_ramo_tool_index_commit (RamoToolIndex *index,
                         RamoEntry     *entry,
                         const char    *packed,
                         gpointer      *call_ids,
                         guint          n_call_ids,
                         const char    *call_id)
{
  ToolRecord record = { entry->index, index->calls->len, 0, 0 };
  const char *answered = NULL;
  guint k = 0;

  if (packed == NULL)
    return NULL;

  if (packed[0] != 'A' && call_id != NULL)
    {
      guint answers = GPOINTER_TO_UINT (g_hash_table_lookup (index->by_call_id, call_id));

      if (answers > 0)
        {
          ToolCall *call = &g_array_index (index->calls, ToolCall, answers - 1);

          call->result = packed[0] == 'E' ? RESULT_ERROR : RESULT_OK;
          answered = call->display;
          record.answers = answers;
        }
    }

  for (const char *p = packed + 1; *p; )
    {
      ToolCall call = { 0 };
      const char *name = p + 1;
      const char *path = name + strlen (name) + 1;

      call.access = (*p & 0x0f);
      call.name = intern (index, name);
      call.path = intern (index, path);
      if ((*p & 0x40) && k < n_call_ids)
        {
          call.display = call_ids[2 * k + 1];
          g_hash_table_insert (index->by_call_id, call_ids[2 * k], GUINT_TO_POINTER (index->calls->len + 1));
          k++;
        }
      g_array_append_val (index->calls, call);
      record.n++;
      p = path + strlen (path) + 1;
    }
  if (record.n > 0 || record.answers > 0)
    {
      /* records come in file order: an entry's is found in one look (the path of an entry
       * deep in a long session is walked entry by entry: ramo_session_manager_dup_files()) */
      if (index->record_of->len <= entry->index)
        g_array_set_size (index->record_of, entry->index + 1);
      g_array_index (index->record_of, guint32, entry->index) = index->records->len + 1;
      g_array_append_val (index->records, record);
    }
  return answered;
}

guint
_ramo_tool_index_get_n_records (RamoToolIndex *index)
{
  return index->records->len;
}

/* Sets marks[e] for each entry e < @n_marks with a call whose name or path @match takes, and
 * for each tool result answering such a call. @match sees each string once. */
void
_ramo_tool_index_mark (RamoToolIndex      *index,
                       RamoToolMatchField  field,
                       RamoToolStringMatch match,
                       gpointer            data,
                       guint8             *marks,
                       guint               n_marks)
{
  g_autofree guint8 *ok = g_new0 (guint8, index->strings->len);
  const ToolCall *calls = (const ToolCall *) (gconstpointer) index->calls->data;

  for (guint s = 1; s < index->strings->len; s++)
    ok[s] = match (g_ptr_array_index (index->strings, s), data);

  for (guint r = 0; r < index->records->len; r++)
    {
      const ToolRecord *record = &g_array_index (index->records, ToolRecord, r);
      gboolean hit = FALSE;

      if (record->entry >= n_marks)
        break;
      for (guint c = record->first; c < record->first + record->n && !hit; c++)
        hit = ok[field == RAMO_TOOL_MATCH_NAME ? calls[c].name : calls[c].path];
      if (!hit && record->answers > 0)
        hit = ok[field == RAMO_TOOL_MATCH_NAME ? calls[record->answers - 1].name : calls[record->answers - 1].path];
      if (hit)
        marks[record->entry] = 1;
    }
}

static const ToolRecord *
find_record (RamoToolIndex *index,
             guint32        entry)
{
  guint32 r = entry < index->record_of->len ? g_array_index (index->record_of, guint32, entry) : 0;

  return r ? &g_array_index (index->records, ToolRecord, r - 1) : NULL;
}

/**
 * ramo_session_manager_get_n_tool_calls:
 * @self: a session manager
 * @entry: one of its entries
 *
 * Returns: how many tool calls @entry makes: an assistant message's `toolCall` blocks, the
 *   calls pi 1.6.0 recorded on a tool result (`nestedCalls`); 0 for any other entry
 */
guint
ramo_session_manager_get_n_tool_calls (RamoSessionManager *self,
                                       RamoEntry          *entry)
{
  const ToolRecord *record;

  g_return_val_if_fail (RAMO_IS_SESSION_MANAGER (self), 0);
  g_return_val_if_fail (entry != NULL, 0);

  record = find_record (self->tool_index, entry->index);
  return record ? record->n : 0;
}

/**
 * ramo_session_manager_get_tool_call:
 * @self: a session manager
 * @entry: one of its entries
 * @i: a call of it, below ramo_session_manager_get_n_tool_calls()
 * @path: (out) (optional) (nullable) (transfer none): the path the call names, or %NULL
 * @access: (out) (optional): what the call does to it
 * @is_error: (out) (optional): 1 when the call's result is an error, 0 when it is not, -1
 *   when no result answers it (yet)
 *
 * Returns: (transfer none): the call's tool name (empty when it has none)
 */
const char *
ramo_session_manager_get_tool_call (RamoSessionManager *self,
                                    RamoEntry          *entry,
                                    guint               i,
                                    const char        **path,
                                    RamoToolAccess     *access,
                                    int                *is_error)
{
  const ToolRecord *record;
  const ToolCall *call;

  g_return_val_if_fail (RAMO_IS_SESSION_MANAGER (self), NULL);
  g_return_val_if_fail (entry != NULL, NULL);

  record = find_record (self->tool_index, entry->index);
  g_return_val_if_fail (record != NULL && i < record->n, NULL);
  call = &g_array_index (self->tool_index->calls, ToolCall, record->first + i);
  if (path)
    *path = call->path ? g_ptr_array_index (self->tool_index->strings, call->path) : NULL;
  if (access)
    *access = call->access;
  if (is_error)
    *is_error = call->result == RESULT_NONE ? -1 : call->result == RESULT_ERROR;
  return g_ptr_array_index (self->tool_index->strings, call->name);
}

/* oh-my-pi's selector grammar (pi-agent-core/src/compaction/utils.ts, splitReadSelector()) */
#define RANGE_CHUNK "L?\\d+(?:(?:[-+]|\\.\\.)L?\\d+|-|\\.\\.)?"
#define RANGE_LIST RANGE_CHUNK "(?:," RANGE_CHUNK ")*"

static GRegex *
omp_regex (guint which)
{
  static gsize regexes[4];
  static const char * const patterns[4] = {
    "^(?:" RANGE_LIST "|raw|conflicts)$",   /* a selector */
    "^" RANGE_LIST "$",                      /* a range */
    "^raw$",
    "[a-z][a-z0-9+.-]*://",                  /* a resource, not a file */
  };

  if (g_once_init_enter (&regexes[which]))
    g_once_init_leave (&regexes[which], (gsize) g_regex_new (patterns[which], G_REGEX_CASELESS, 0, NULL));
  return (GRegex *) regexes[which];
}

static gboolean
omp_matches (guint       which,
             const char *text)
{
  return g_regex_match (omp_regex (which), text, 0, NULL);
}

/* oh-my-pi's stripReadSelector(): @path without a trailing selector */
static char *
omp_strip_read_selector (const char *path)
{
  const char *colon = strrchr (path, ':');
  const char *inner = NULL;
  g_autofree char *base = NULL;

  if (colon == NULL || colon == path || !omp_matches (0, colon + 1))
    return g_strdup (path);
  base = g_strndup (path, colon - path);
  inner = strrchr (base, ':');
  if (inner != NULL && inner != base)
    {
      gboolean inner_raw = omp_matches (2, inner + 1), inner_range = omp_matches (1, inner + 1);
      gboolean outer_raw = omp_matches (2, colon + 1), outer_range = omp_matches (1, colon + 1);

      if ((inner_raw && outer_range) || (inner_range && outer_raw))
        return g_strndup (base, inner - base);
    }
  return g_steal_pointer (&base);
}

/* The file each path number stands for under oh-my-pi's rules, for reads (@read) and for
 * writes and edits (@changed): 0 for a resource. New numbers are interned for cut paths. */
static void
omp_files (RamoToolIndex *index,
           guint32      **read,
           guint32      **changed)
{
  guint n = index->strings->len;

  *read = g_new0 (guint32, n);
  *changed = g_new0 (guint32, n);
  for (guint s = 1; s < n; s++)
    {
      const char *path = g_ptr_array_index (index->strings, s);
      g_autofree char *cut = NULL;

      if (omp_matches (3, path))
        continue;
      (*changed)[s] = s;
      cut = omp_strip_read_selector (path);
      if (!omp_matches (3, cut))
        (*read)[s] = intern (index, cut);
    }
}

/* Marks @entry and the entries below it in @in (by entry index). Iterative: trees nest deep. */
static void
mark_subtree (RamoEntry *entry,
              guint8    *in)
{
  g_autoptr(GPtrArray) stack = NULL;

  stack = g_ptr_array_new ();
  g_ptr_array_add (stack, entry);
  while (stack->len > 0)
    {
      RamoEntry *e = g_ptr_array_steal_index_fast (stack, stack->len - 1);

      in[e->index] = 1;
      if (e->children)
        for (guint i = 0; i < e->n_children; i++)
          g_ptr_array_add (stack, e->children[i]);
    }
}

/* Whether the calls of @record count among the files touched: not those of a line whose id a
 * later line repeats, nor, by oh-my-pi's rules, those recorded on a tool result. */
static gboolean
record_counts (RamoSessionManager *self,
               const ToolRecord   *record,
               gboolean            omp)
{
  RamoEntry *entry = g_ptr_array_index (self->entries, record->entry);

  if (entry->flags & RAMO_ENTRY_FLAG_SHADOWED)
    return FALSE;
  /* oh-my-pi counts no calls recorded on a tool result */
  return !(omp && entry->role == RAMO_MESSAGE_ROLE_TOOL_RESULT);
}

/* The number of the file @call reads, writes or edits, by the dialect's rules (oh-my-pi's:
 * @omp_read and @omp_changed from omp_files()), or 0 when it touches none. */
static guint32
call_file (const ToolCall *call,
           gboolean        omp,
           const guint32  *omp_read,
           const guint32  *omp_changed)
{
  if (call->path == 0 || call->access == RAMO_TOOL_ACCESS_NONE)
    return 0;
  if (omp)
    return call->access == RAMO_TOOL_ACCESS_READ ? omp_read[call->path] : omp_changed[call->path];
  return call->path;
}

/* Counts the calls of @record in @files (@slot: a path's number → its position in @files + 1). */
static void
add_record (RamoSessionManager *self,
            RamoToolIndex      *index,
            const ToolRecord   *record,
            gboolean            omp,
            const guint32      *omp_read,
            const guint32      *omp_changed,
            guint32            *slot,
            GArray             *files)
{
  if (!record_counts (self, record, omp))
    return;
  for (guint c = record->first; c < record->first + record->n; c++)
    {
      const ToolCall *call = &g_array_index (index->calls, ToolCall, c);
      guint32 path = call_file (call, omp, omp_read, omp_changed);
      RamoFileTouch *touch;

      if (path == 0)
        continue;
      if (slot[path] == 0)
        {
          RamoFileTouch fresh = { g_ptr_array_index (index->strings, path), 0, 0, 0, 0 };

          g_array_append_val (files, fresh);
          slot[path] = files->len;
        }
      touch = &g_array_index (files, RamoFileTouch, slot[path] - 1);
      touch->n_read += call->access == RAMO_TOOL_ACCESS_READ;
      touch->n_write += call->access == RAMO_TOOL_ACCESS_WRITE;
      touch->n_edit += call->access == RAMO_TOOL_ACCESS_EDIT;
      touch->n_errors += call->result == RESULT_ERROR;
    }
}

static int
compare_touch (gconstpointer a,
               gconstpointer b)
{
  return strcmp (((const RamoFileTouch *) a)->path, ((const RamoFileTouch *) b)->path);
}

/**
 * ramo_session_manager_dup_files:
 * @self: a session manager
 * @scope: which entries
 * @id: (nullable): the entry @scope starts from (%NULL for %RAMO_FILES_SESSION)
 * @error: %RAMO_SESSION_ERROR_NOT_FOUND when no entry has @id
 *
 * The files the tool calls of some entries read, wrote or edited (calls of other tools that
 * name a path do not count), each once, with how many calls of each kind name it, by the
 * rules of the session's dialect (see ramo-session-tools.c). Lines whose
 * id a later line repeats are no entries of the tree and do not count.
 *
 * Returns: (transfer container) (element-type RamoFileTouch): the files, sorted by path
 *   (byte order), or %NULL with @error set
 */
GArray *
ramo_session_manager_dup_files (RamoSessionManager *self,
                                RamoFilesScope      scope,
                                const char         *id,
                                GError            **error)
{
  RamoToolIndex *index;
  g_autofree guint8 *in = NULL;
  g_autofree guint32 *slot = NULL;   /* path number → position in the result + 1 */
  g_autofree guint32 *omp_read = NULL;
  g_autofree guint32 *omp_changed = NULL;
  gboolean omp;
  GArray *files;
  RamoEntry *path_entry = NULL;

  g_return_val_if_fail (RAMO_IS_SESSION_MANAGER (self), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  index = self->tool_index;
  if (scope != RAMO_FILES_SESSION)
    {
      RamoEntry *entry = id ? ramo_session_manager_get_entry (self, id) : NULL;

      if (entry == NULL)
        {
          g_set_error (error, RAMO_SESSION_ERROR, RAMO_SESSION_ERROR_NOT_FOUND, "no entry with id %s", id ? id : "(null)");
          return NULL;
        }
      if (scope == RAMO_FILES_PATH)
        path_entry = entry;
      else
        {
          in = g_new0 (guint8, self->entries->len);
          mark_subtree (entry, in);
        }
    }

  omp = ramo_session_manager_get_dialect (self) == RAMO_DIALECT_OMP;
  if (omp)
    omp_files (index, &omp_read, &omp_changed);
  files = g_array_new (FALSE, TRUE, sizeof (RamoFileTouch));
  slot = g_new0 (guint32, index->strings->len);
  if (path_entry != NULL)
    {
      /* the path: its entries' records, each found in O(log n), not every record read */
      for (RamoEntry *e = path_entry; e; e = e->parent)
        {
          const ToolRecord *record = find_record (index, e->index);

          if (record != NULL)
            add_record (self, index, record, omp, omp_read, omp_changed, slot, files);
        }
    }
  else
    for (guint r = 0; r < index->records->len; r++)
      {
        const ToolRecord *record = &g_array_index (index->records, ToolRecord, r);

        if (in == NULL || in[record->entry])
          add_record (self, index, record, omp, omp_read, omp_changed, slot, files);
      }
  g_array_sort (files, compare_touch);
  return files;
}

/**
 * ramo_session_manager_dup_entries_touching:
 * @self: a session manager
 * @path: a path as the tool calls name it
 *
 * The entries whose `read`, `write` or `edit` calls name the file @path, as
 * ramo_session_manager_dup_files() lists it (the assistant messages that make them, and tool
 * results whose recorded calls do), in file order.
 *
 * Returns: (transfer container) (element-type RamoEntry): the entries
 */
GPtrArray *
ramo_session_manager_dup_entries_touching (RamoSessionManager *self,
                                           const char         *path)
{
  RamoToolIndex *index;
  GPtrArray *entries;
  g_autofree guint32 *omp_read = NULL;
  g_autofree guint32 *omp_changed = NULL;
  gboolean omp;
  guint number;

  g_return_val_if_fail (RAMO_IS_SESSION_MANAGER (self), NULL);
  g_return_val_if_fail (path != NULL, NULL);

  index = self->tool_index;
  entries = g_ptr_array_new ();
  omp = ramo_session_manager_get_dialect (self) == RAMO_DIALECT_OMP;
  if (omp)
    omp_files (index, &omp_read, &omp_changed);
  number = path[0] ? GPOINTER_TO_UINT (g_hash_table_lookup (index->interned, path)) : 0;
  if (number == 0)
    return entries;
  for (guint r = 0; r < index->records->len; r++)
    {
      const ToolRecord *record = &g_array_index (index->records, ToolRecord, r);

      if (!record_counts (self, record, omp))
        continue;
      for (guint c = record->first; c < record->first + record->n; c++)
        if (call_file (&g_array_index (index->calls, ToolCall, c), omp, omp_read, omp_changed) == number)
          {
            g_ptr_array_add (entries, g_ptr_array_index (self->entries, record->entry));
            break;
          }
    }
  return entries;
}

/* ramo-session-lines.c
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

#include <math.h>
#include <string.h>

#include "ramo-dialect.h"
#include "ramo-entry-omp-private.h"
#include "ramo-js.h"
#include "ramo-json.h"
#include "ramo-session-manager-private.h"

/*
 * From a line to an entry record, in two steps (see ramo-session-reader.c for how a file's lines
 * are spread over two threads). Extraction — checking UTF-8, scanning the JSON, making the entry
 * record and its display text — touches nothing shared: each thread has its own Extractor, with
 * its own string chunks. Commit then takes the records in file order and does what depends on
 * order: line numbers, issues, ids of v1 files, duplicate ids, labels, tool results resolved
 * against the calls before them, and the links to parents while a file loads in order.
 */

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
      if (!_ramo_id_index_contains (self->by_id, hash))
        return hash;
      g_free (hash);
    }
}

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
      g_hash_table_insert (self->labels, (char *) _ramo_chunk_const (self->strings, target_id), (char *) _ramo_chunk (self->strings, label));
      if (timestamp)
        g_hash_table_insert (self->label_times, (char *) _ramo_chunk_const (self->strings, target_id), (char *) timestamp);
      else
        g_hash_table_remove (self->label_times, target_id);
    }
  else
    {
      g_hash_table_remove (self->labels, target_id);
      g_hash_table_remove (self->label_times, target_id);
    }
}

/* Records are allocated in blocks: one allocation for a thousand entries, and no lock shared
 * between the loading threads. Zeroed by writing, not by calloc(): a block is fresh pages
 * from mmap(), which calloc() leaves to the kernel, and a record's first access reads it, so
 * each page was mapped to the zero page and then faulted again by the first write, with a TLB
 * flush on the other thread's core. */
static RamoEntry *
alloc_entry (Extractor *ex)
{
  if (ex->blocks->len == 0 || ex->used == ex->block_size)
    {
      RamoEntry *block = g_new (RamoEntry, ex->block_size);

      memset (block, 0, ex->block_size * sizeof (RamoEntry));
      g_ptr_array_add (ex->blocks, block);
      ex->used = 0;
    }
  return &((RamoEntry *) g_ptr_array_index (ex->blocks, ex->blocks->len - 1))[ex->used++];
}


void
_ramo_extractor_init (Extractor *ex,
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
  ex->packed = NULL;
  ramo_scan_init (&ex->scan);
}

/* Frees the extractor's scratch state and hands its strings (which entries point into) to the
 * manager. */
void
_ramo_extractor_finish (Extractor          *ex,
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

void
_ramo_line_job_clear (LineJob *job)
{
  g_clear_pointer (&job->issue, g_free);
  g_clear_pointer (&job->parent_issue, g_free);
}


/* Scans @line into @ex->scan; on failure records why in @job and returns FALSE. */
gboolean
_ramo_extractor_scan_line (Extractor  *ex,
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

  return TRUE;
}

/* Step one for a line after the header: no shared state is touched. */
void
_ramo_extractor_extract_line (Extractor  *ex,
                              LineJob    *job,
                              const char *line)
{
  g_autofree char *repaired = NULL;
  RamoScan *scan = &ex->scan;
  RamoEntry *entry;
  RamoEntry *before;
  GPtrArray *calls;
  RamoTopMembers top;
  double index;

  job->first_kept_index = -1;

  if (_ramo_line_is_blank (line, job->len))
    {
      job->skipped = TRUE;
      return;
    }

  if (!_ramo_extractor_scan_line (ex, job, line, &repaired))
    {
      job->skipped = TRUE;
      return;
    }
  job->parsed = TRUE;

  _ramo_find_top_members (scan, &top);
  if (ramo_scan_string_equal (scan, top.type, "session"))
    {
      job->second_header = TRUE;
      job->skipped = TRUE;
      return;
    }

  entry = alloc_entry (ex);
  before = ex->used > 1 ? entry - 1 : NULL;   /* the entry this extractor made before, if any */
  entry->offset = job->offset;
  entry->length = (guint32) MIN (job->len, G_MAXUINT32);
  _ramo_entry_fill_fields (ex->strings, entry, scan, &top, ex->file_version);
  _ramo_line_figures_scan (&job->figures, entry, scan, &top);

  if (ex->file_version >= 2)
    {
      guint id_node = top.id;
      guint parent_node = top.parent_id;

      if (ramo_scan_type (scan, id_node) == RAMO_SCAN_STRING)
        {
          entry->id = _ramo_scan_chunk (ex->strings, scan, id_node, FALSE);
          job->id_hash = _ramo_id_index_hash (entry->id);
          job->id_hashed = TRUE;
        }
      else
        job->id_missing = TRUE;

      /* mostly the id of the line before, which this extractor stored just before: kept once */
      if (ramo_scan_type (scan, parent_node) == RAMO_SCAN_STRING)
        entry->parent_id = before != NULL && before->id != NULL &&
                           ramo_scan_string_equal (scan, parent_node, before->id)
                           ? before->id : _ramo_scan_chunk (ex->strings, scan, parent_node, FALSE);
      else if (parent_node && ramo_scan_type (scan, parent_node) != RAMO_SCAN_NULL)
        {
          g_autofree char *text = ramo_scan_to_json (scan, parent_node);

          entry->parent_id = _ramo_chunk (ex->strings, text);
          job->parent_issue = g_strdup_printf ("parentId %s is not a string; the entry is shown as a root", text);
        }
    }
  else if (entry->type == RAMO_ENTRY_TYPE_COMPACTION &&
           ramo_scan_number (scan, ramo_scan_member (scan, 1, "firstKeptEntryIndex"), &index))
    job->first_kept_index = index >= 0 && index == floor (index) ? index : G_MAXDOUBLE;

  entry->display = _ramo_entry_compute_display (ex->display, ex->display_strings, entry, scan, &top);
  entry->display_len = (guint32) strlen (entry->display);

  calls = _ramo_display_state_get_calls (ex->display);
  if (calls->len > 0)
    {
      job->calls = ex->calls;
      job->calls_start = ex->calls->len;
      job->n_calls = calls->len;
      g_ptr_array_extend (ex->calls, calls, NULL, NULL);
    }
  job->call_id = _ramo_display_state_get_call_id (ex->display);
  job->packed = ex->packed;
  job->packed_at = ex->packed->len;
  job->has_packed = _ramo_tool_calls_extract (scan, entry, &top, ex->packed);

  job->entry = entry;
}

/* Step two, in file order. */
void
_ramo_session_manager_commit_line (RamoSessionManager *self,
                                   LineJob            *job,
                                   GPtrArray          *parsed,
                                   GArray             *first_kept)
{
  RamoEntry *entry = job->entry;
  RamoEntry *previous;
  const char *answered;

  /* the problems found are those of the lines before */
  g_clear_pointer (&self->problems, g_ptr_array_unref);
  if (job->issue)
    _ramo_session_manager_add_issue (self, job->line_no, "%s", job->issue);
  if (job->second_header)
    _ramo_session_manager_add_issue (self, job->line_no, "a second session header; ignored");
  if (parsed && job->parsed && entry == NULL)
    g_ptr_array_add (parsed, NULL);
  if (entry == NULL)
    return;

  entry->line = job->line_no;
  entry->index = self->entries->len;

  if (self->file_version < 2)
    {
      g_autofree char *id = derived_id (self, job->line_no);

      entry->id = _ramo_chunk (self->strings, id);
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

      entry->id = _ramo_chunk (self->strings, id);
      entry->flags |= RAMO_ENTRY_FLAG_SYNTHETIC_ID;
      _ramo_session_manager_add_issue (self, job->line_no, "entry has no string id; shown with the id %s", id);
    }
  if (job->parent_issue)
    _ramo_session_manager_add_issue (self, job->line_no, "%s", job->parent_issue);

  /* a tool result shows the call that asked for it (the latest call with that id so far) */
  answered = _ramo_tool_index_commit (self->tool_index, entry,
                                      job->has_packed ? job->packed->str + job->packed_at : NULL,
                                      job->n_calls ? &g_ptr_array_index (job->calls, job->calls_start) : NULL,
                                      job->n_calls / 2, job->call_id);
  if (answered != NULL)
    {
      entry->display = answered;
      entry->display_len = (guint32) strlen (answered);
    }

  previous = _ramo_id_index_insert_hashed (self->by_id, entry,
                                          job->id_hashed && !(entry->flags & RAMO_ENTRY_FLAG_SYNTHETIC_ID)
                                          ? job->id_hash : _ramo_id_index_hash (entry->id));
  if (previous != NULL)
    {
      previous->flags |= RAMO_ENTRY_FLAG_SHADOWED;
      if (self->repeated_ids == NULL)
        self->repeated_ids = g_hash_table_new (g_str_hash, g_str_equal);
      g_hash_table_add (self->repeated_ids, (char *) entry->id);
      _ramo_session_manager_add_tree_issue (self, RAMO_PROBLEM_DUPLICATE_ID, job->line_no,
                                            "duplicate id %s (also on line %u); one entry, as written on its last line",
                                            entry->id, previous->line);
    }
  g_ptr_array_add (self->entries, entry);
  _ramo_figures_table_commit (self->figures, entry, &job->figures);
  if (entry->type == RAMO_ENTRY_TYPE_SESSION_INFO)
    self->last_session_info = entry;

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
          RamoEntry *parent = before && (before->id == entry->parent_id || strcmp (before->id, entry->parent_id) == 0)
                              ? before : _ramo_id_index_lookup (self->by_id, entry->parent_id);

          if (parent == NULL)
            self->links_in_order = FALSE;
          else
            {
              /* counted: the children are listed at the end (ramo_entry_tree_link_children()) */
              entry->parent = parent;
              entry->depth = parent->depth + 1;
              parent->n_children++;
            }
        }
    }

  if (entry->type == RAMO_ENTRY_TYPE_LABEL)
    set_label (self, entry->target_id, entry->label_text, entry->timestamp_text);   /* kept for labels */
  if (entry->flags & RAMO_ENTRY_FLAG_OMP_ONLY)
    self->omp_seen = TRUE;
  if (entry->type == RAMO_ENTRY_TYPE_CONTEXT_EDIT && entry->target_id)
    g_hash_table_insert (self->context_edits, (char *) entry->target_id, entry);
}

/**
 * ramo_session_manager_get_n_ids:
 * @self: a session manager
 *
 * The number of entries of the session as pi counts them (`getEntryCount()`, the size of its
 * index by id): the nodes of the tree, one per id however many lines repeat it.
 *
 * Returns: the number of distinct entry ids
 */
guint
ramo_session_manager_get_n_ids (RamoSessionManager *self)
{
  g_return_val_if_fail (RAMO_IS_SESSION_MANAGER (self), 0);
  return _ramo_id_index_size (self->by_id);
}

/**
 * ramo_session_manager_get_n_repeated_ids:
 * @self: a session manager
 *
 * How many ids are on more than one line of the file (pi's deferred first write can write the
 * header and the first entries twice). Each is one entry, as its last line has it.
 *
 * Returns: the number of ids on more than one line
 */
guint
ramo_session_manager_get_n_repeated_ids (RamoSessionManager *self)
{
  g_return_val_if_fail (RAMO_IS_SESSION_MANAGER (self), 0);
  return self->repeated_ids ? g_hash_table_size (self->repeated_ids) : 0;
}

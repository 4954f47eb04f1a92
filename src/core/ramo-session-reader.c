/* ramo-session-reader.c
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
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <glib/gstdio.h>

#include "ramo-session-manager-private.h"

/*
 * Reading a whole session: the lines before the header (ramo-session-header.c), then the entry lines in blocks, extracted on two threads and committed in file
 * order (ramo-session-lines.c), and at the end the tree (ramo-entry-tree.c). The loader object
 * (ramo-session-loader.c) runs this in a thread for a window, with progress.
 */

/*
 * The lines of a block are extracted by tasks (one for each 256 KiB of it, up to eight),
 * which the calling thread and one worker thread take from a queue in file order; the calling
 * thread commits a block once its tasks are done. Blocks are pipelined: while the calling
 * thread commits block k and reads block k+1, the worker extracts block k. With two tasks a
 * block, the calling thread took one of block k while it waited for block k-1, and the worker,
 * done with the other, waited for block k+1 as long as the commit and the read took: on
 * 100,000 entries it ran 40% less than the calling thread. Smaller tasks keep it busy.
 */
/* A block of the file read at a time: one 2 MiB page. Two are held (one read, one extracted);
 * 8 MiB blocks took the same time on the 100,000-entry bench session and 12 MB more peak memory
 * (ramo-session info: 0.15 s either way, 74.9 MB against 62.5 MB). */
#define READ_BLOCK_SIZE (2 * 1024 * 1024)
#define TASK_BYTES (256 * 1024)
#define TASKS_PER_BLOCK 8

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
  GString    *packed;        /* what they name (see LineJob) */
} LoadTask;

struct _LoadBlock
{
  LoadTask    tasks[TASKS_PER_BLOCK];
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
  gboolean    ids_reserved;    /* reserve_ids() ran */
  gboolean    several_cores;   /* worth a worker thread */
} LoadState;

/* Handles a line before the entries (ramo-session-header.c). Returns whether the line was
 * taken: a file with no header has its first entry read as one, with the other entries. */
static gboolean
load_header_line (RamoSessionManager *self,
                  LoadState          *state,
                  LineJob            *job,
                  const char         *line,
                  const char         *rest,
                  gsize               rest_len)
{
  RamoHeaderLine what = _ramo_session_manager_read_header_line (self, &state->ex[0], job, line, rest, rest_len);

  if (what == RAMO_HEADER_LINE_BEFORE)
    return TRUE;

  state->have_header = TRUE;
  if (self->file_version < 2)
    {
      /* v1 indexes count the parsed lines, the header first when there is one */
      state->parsed = g_ptr_array_new ();
      state->first_kept = g_array_new (FALSE, FALSE, sizeof (guint) * 2);
      if (what == RAMO_HEADER_LINE_HEADER)
        g_ptr_array_add (state->parsed, NULL);
    }
  state->ex[0].file_version = self->file_version;
  state->ex[1].file_version = self->file_version;
  return what == RAMO_HEADER_LINE_HEADER;
}

/* Extracts the lines of @task with @ex (the extractor of the thread running it). */
static void
run_task (Extractor *ex,
          LoadTask  *task)
{
  gsize pos = 0;

  ex->calls = task->calls;
  ex->packed = task->packed;
  while (pos < task->len)
    {
      const char *nl = memchr (task->data + pos, '\n', task->len - pos);
      gsize end = nl ? (gsize) (nl - task->data) : task->len;
      LineJob job = { 0 };

      job.offset = task->offset + pos;
      job.len = end - pos;
      job.complete = nl != NULL || !task->at_eof;
      g_array_append_val (task->jobs, job);
      _ramo_extractor_extract_line (ex, &g_array_index (task->jobs, LineJob, task->jobs->len - 1), task->data + pos);
      pos = end + 1;
    }
  ex->calls = NULL;
  ex->packed = NULL;
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
  gsize from;
  guint n_tasks;

  g_assert (block->n_tasks == 0);
  block->n_done = 0;
  block->end = base_offset + len;

  while (pos < len && !state->have_header)
    {
      const char *nl = memchr (data + pos, '\n', len - pos);
      gsize end = nl ? (gsize) (nl - data) : len;
      LineJob job = { 0 };
      gboolean taken;

      job.offset = base_offset + pos;
      job.len = end - pos;
      job.line_no = ++state->line_no;
      job.complete = nl != NULL || !at_eof;
      taken = load_header_line (self, state, &job, data + pos,
                                data + MIN (end + 1, len), len - MIN (end + 1, len));
      _ramo_line_job_clear (&job);
      if (!taken)
        {
          /* the first entry of a file with no header: read with the others */
          state->line_no--;
          break;
        }
      pos = end + 1;
    }

  if (pos >= len)
    return TRUE;

  /* A task for each TASK_BYTES, each ending at the end of the line its share ends in */
  n_tasks = state->several_cores ? (guint) CLAMP ((len - pos) / TASK_BYTES, 1, TASKS_PER_BLOCK) : 1;
  from = pos;
  for (guint i = 0; i < n_tasks && from < len; i++)
    {
      LoadTask *task = &block->tasks[i];
      gsize to = len;

      if (i + 1 < n_tasks)
        {
          gsize at = MAX (pos + (len - pos) / n_tasks * (i + 1), from);
          const char *nl = memchr (data + at, '\n', len - at);

          if (nl != NULL)
            to = (gsize) (nl - data) + 1;
        }
      task->block = block;
      task->data = data + from;
      task->len = to - from;
      task->offset = base_offset + from;
      task->at_eof = at_eof && to == len;
      if (task->jobs == NULL)
        {
          task->jobs = g_array_new (FALSE, FALSE, sizeof (LineJob));
          task->calls = g_ptr_array_new ();
          task->packed = g_string_sized_new (16 * 1024);
        }
      block->n_tasks++;
      from = to;
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

/* How many lines ahead of the one committed the slot of its id in the index by id is asked
 * for (_ramo_id_index_prefetch()) */
#define ID_PREFETCH_DISTANCE 8

/* Room in the index by id for the lines the file holds, as many as its first block's share
 * of the file foretells: on 100,000 entries, growing it all the way rehashed every id about
 * twice, a twentieth of the thread that commits. Only from a block of at least half the read
 * size, and for at most one id per 128 bytes of the file (no entry pi writes is much shorter)
 * and RESERVE_MAX_IDS (32 MiB of slots): a file can be mostly a hole (a sparse file whose
 * size is 10 GiB of zeros after two lines, which would have asked for a gigabyte). Past what is
 * reserved, the index grows as the ids come. */
#define RESERVE_MAX_IDS (3u << 20)

static void
reserve_ids (RamoSessionManager *self,
             LoadBlock          *block,
             goffset             total_size)
{
  goffset start = block->tasks[0].offset;
  guint64 lines = 0, expected;

  for (guint t = 0; t < block->n_tasks; t++)
    lines += block->tasks[t].jobs->len;
  if (lines == 0 || block->end - start < READ_BLOCK_SIZE / 2 || total_size <= block->end)
    return;
  expected = lines * (guint64) (total_size - start) / (guint64) (block->end - start);
  expected = MIN (expected, (guint64) total_size / 128);
  _ramo_id_index_reserve (self->by_id, (guint) MIN (expected, RESERVE_MAX_IDS));
}

/* Helps with the queued tasks until those of @block are done, then commits its lines in file
 * order. */
static void
finish_block (RamoSessionManager *self,
              LoadState          *state,
              LoadBlock          *block,
              goffset             total_size)
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

  if (!state->ids_reserved && total_size > 0 && block->n_tasks > 0)
    {
      state->ids_reserved = TRUE;
      reserve_ids (self, block, total_size);
    }

  for (guint t = 0; t < block->n_tasks; t++)
    {
      LoadTask *task = &block->tasks[t];
      LineJob *jobs = (LineJob *) (gpointer) task->jobs->data;

      for (guint i = 0; i < task->jobs->len; i++)
        {
          if (i + ID_PREFETCH_DISTANCE < task->jobs->len && jobs[i + ID_PREFETCH_DISTANCE].id_hashed)
            _ramo_id_index_prefetch (self->by_id, jobs[i + ID_PREFETCH_DISTANCE].id_hash);
          jobs[i].line_no = ++state->line_no;
          /* a last line cut short may be one another program is still writing */
          if (!jobs[i].complete && jobs[i].entry == NULL && jobs[i].issue != NULL)
            state->pending_offset = jobs[i].offset;
          /* in a file with no header before its entries, a header among them is not a second one */
          if (jobs[i].second_header && self->header == NULL)
            {
              jobs[i].second_header = FALSE;
              _ramo_session_manager_late_header (self, jobs[i].line_no);
            }
          _ramo_session_manager_commit_line (self, &jobs[i], state->parsed, state->first_kept);
          _ramo_line_job_clear (&jobs[i]);
        }
      g_array_set_size (task->jobs, 0);
      g_ptr_array_set_size (task->calls, 0);
      g_string_truncate (task->packed, 0);
    }
  block->n_tasks = 0;
}

static void
load_state_init (LoadState *state)
{
  memset (state, 0, sizeof *state);
  _ramo_extractor_init (&state->ex[0], RAMO_SESSION_VERSION);
  _ramo_extractor_init (&state->ex[1], RAMO_SESSION_VERSION);
  state->pending_offset = -1;
  state->several_cores = g_get_num_processors () > 1;
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
        if (state->blocks[b].tasks[t].packed)
          g_string_free (g_steal_pointer (&state->blocks[b].tasks[t].packed), TRUE);
      }

  _ramo_extractor_finish (&state->ex[0], self);
  _ramo_extractor_finish (&state->ex[1], self);

  if (ok && !state->have_header)
    {
      /* nothing to show: no header and no line that is a JSON object */
      g_set_error (error, RAMO_SESSION_ERROR, RAMO_SESSION_ERROR_INVALID_FILE,
                   total_len == 0 ? "the file is empty"
                   : state->line_no == 0 ? "the file holds no line"
                   : "the file has no session header and no entry that can be read");
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
    ? _ramo_id_index_lookup (self->by_id, ((RamoEntry *) g_ptr_array_index (self->entries, self->entries->len - 1))->id)
    : NULL;

  if (self->links_in_order)
    {
      /* the tree is there (no cycle can be, each parent came first): its children listed, in
       * the agent's order */
      ramo_entry_tree_link_children (self->entries, &self->child_pool,
                                     _ramo_session_manager_order_dialect (self));
      ramo_entry_tree_mark_path (self->leaf, TRUE);
    }
  else
    _ramo_session_manager_build_tree (self);
  self->linking = FALSE;
  _ramo_session_manager_update_dialect (self);
  /* found here, in the loading thread: a million entries take tens of milliseconds */
  _ramo_session_manager_find_problems (self);
  /* and the figures of every branch, ready with the tree */
  _ramo_session_manager_compute_figures (self);
  return TRUE;
}

gboolean
_ramo_session_manager_load_buffer (RamoSessionManager *self,
                                   const char         *data,
                                   gsize               len,
                                   GError            **error)
{
  LoadState state;
  gsize start = _ramo_bom_length (data, len);
  gboolean ok;

  load_state_init (&state);
  self->linking = self->links_in_order = TRUE;
  ok = load_block (self, &state, &state.blocks[0], data + start, len - start, start, TRUE, error);
  if (ok)
    finish_block (self, &state, &state.blocks[0], 0);
  return load_state_finish (self, &state, ok, len, len > 0 && data[len - 1] == '\n', error);
}

/* The longest line held whole: longer ones are skipped (and listed). pi cannot read them either:
 * V8's strings hold at most 2^29 - 24 code units, and pi reads the whole file as one. */
#define RAMO_MAX_LINE_BYTES (256u * 1024 * 1024)

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

/* The rest of a line longer than %RAMO_MAX_LINE_BYTES (@too_long), or of one longer than a
 * block that holds NUL bytes, read past without keeping it (holes of a sparse file, which hold
 * no line end, jumped over); @buf (@cap bytes) then holds what
 * follows its line end, @have bytes from file offset *@base. The line is counted, and listed as
 * an issue. */
static gboolean
skip_long_line (RamoSessionManager  *self,
                int                  fd,
                char                *buf,
                gsize                cap,
                gboolean             too_long,
                LoadState           *state,
                goffset             *base,
                gsize               *have,
                gboolean            *eof,
                char                *last,
                const char          *path,
                GError             **error)
{
  guint line_no = ++state->line_no;
  goffset start = *base;

  *have = 0;
  for (;;)
    {
      off_t pos = lseek (fd, 0, SEEK_CUR), data;
      const char *nl;
      ssize_t n;

      /* a hole reads as zero bytes, never a line end */
      data = pos >= 0 ? lseek (fd, pos, SEEK_DATA) : -1;
      if (data < 0 && errno == ENXIO)
        {
          *eof = TRUE;
          *base = lseek (fd, 0, SEEK_END);
          break;
        }
      if (data < 0)
        lseek (fd, pos, SEEK_SET);

      n = read (fd, buf, cap);
      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0)
        {
          int errsv = errno;

          _ramo_session_set_io_error (error, g_io_error_from_errno (errsv), "%s: %s", path, g_strerror (errsv));
          return FALSE;
        }
      if (n == 0)
        {
          *eof = TRUE;
          *base = lseek (fd, 0, SEEK_CUR);
          break;
        }
      *last = buf[n - 1];
      nl = memchr (buf, '\n', n);
      if (nl != NULL)
        {
          gsize rest = (gsize) n - (gsize) (nl + 1 - buf);

          memmove (buf, nl + 1, rest);
          *have = rest;
          *base = lseek (fd, 0, SEEK_CUR) - (off_t) rest;
          break;
        }
    }

  if (too_long)
    _ramo_session_manager_add_issue (self, line_no, "longer than %u MiB (%" G_GINT64_FORMAT " bytes); skipped",
                                     RAMO_MAX_LINE_BYTES >> 20, (gint64) (*base - start - (*have > 0 || !*eof ? 1 : 0)));
  else
    _ramo_session_manager_add_issue (self, line_no, "not JSON: NUL bytes in a line of %" G_GINT64_FORMAT " bytes; skipped",
                                     (gint64) (*base - start - (*have > 0 || !*eof ? 1 : 0)));
  return TRUE;
}

/* Reads the file in blocks of whole lines, so that memory holds two blocks at a time rather
 * than the whole file: the one being read and the one being extracted. A line longer than a
 * block grows the buffer, up to %RAMO_MAX_LINE_BYTES. */
gboolean
_ramo_session_manager_load_path (RamoSessionManager *self,
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

      _ramo_session_set_io_error (error, g_io_error_from_errno (errsv),
                                  "%s: %s", path, g_strerror (errsv));
      return FALSE;
    }
  {
    struct stat st;

    if (fstat (fd, &st) != 0)
      {
        int errsv = errno;

        close (fd);
        _ramo_session_set_io_error (error, g_io_error_from_errno (errsv),
                                    "%s: %s", path, g_strerror (errsv));
        return FALSE;
      }
    if (!S_ISREG (st.st_mode))
      {
        close (fd);
        _ramo_session_set_io_error (error, G_IO_ERROR_NOT_REGULAR_FILE,
                                    "%s: not a regular file", path);
        return FALSE;
      }
    fcntl (fd, F_SETFL, fcntl (fd, F_GETFL) & ~O_NONBLOCK);
  }

  if (!_ramo_session_stat_file (path, &total_size, &self->known_mtime, NULL, error))
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

      if (have == cap && (cap >= RAMO_MAX_LINE_BYTES || memchr (buf, '\0', have) != NULL))
        {
          /* one line as long as the buffer may grow, or a line longer than a block that holds a
           * NUL byte (no JSON text does: a file of zeros, a sparse file's holes): skipped, never
           * held whole (pi cannot read a file with a line this long either) */
          if (in_flight)
            {
              finish_block (self, &state, in_flight, total_size);
              in_flight = NULL;
            }
          ok = skip_long_line (self, fd, buf, cap, cap >= RAMO_MAX_LINE_BYTES, &state, &base, &have, &eof,
                               &last, path, error);
          first = FALSE;
          if (!ok || eof)
            break;
          continue;
        }
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

          _ramo_session_set_io_error (error, g_io_error_from_errno (errsv),
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
          skip = _ramo_bom_length (buf, have);
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
            finish_block (self, &state, in_flight, total_size);
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
      finish_block (self, &state, in_flight, total_size);
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


/* ramo-projection-steps.c — where a layout is made: at once, in steps (the rows of pi's layout
 * by entry index, made apart from the ones the views read until they are complete), or, for a
 * projection nothing shows yet, in a worker thread
 *
 * Copyright 2026 The Ramo authors
 *
 * This program is free software: you can redistribute it and/or modify it under the terms of the
 * GNU General Public License as published by the Free Software Foundation, either version 3 of
 * the License, or (at your option) any later version.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ramo-projection"

#include "config.h"

#include "ramo-projection-private.h"

/* A filter change or a search keystroke lays the whole session out again: on 1,000,000
 * entries, 20-100 ms of main thread, more than a frame. A projection told to lay out in steps
 * (ramo_projection_set_layout_in_steps()) makes such a layout over main-loop turns, each at
 * most RAMO_PROJECTION_STEP_USEC long, while the views go on reading the layout before it; the
 * rows, the search's answers and the nearest shown ancestors are made by entry index, so each
 * pass can stop after any entry and go on from there. Anything that changes the session while
 * a layout is under way first finishes it at once (the label, leaf and entry handlers of
 * ramo-projection.c), or drops it when it is superseded (a new filter or search, a reload).
 *
 * The search's answers are kept per entry as they are found, so a keystroke that supersedes a
 * layout half made keeps the tests it made (see _ramo_projection_set_terms()). */

/* The layout's work arrays for @n entries: four lists of @n for the shown tree, @n for the
 * entries the search is to test (_ramo_projection_find_visible()), then one by position in the
 * walk. */
static guint32 *
ensure_scratch (RamoProjection *self,
                guint           n)
{
  if (self->scratch == NULL || self->n_scratch < 5 * (gsize) n + self->n_order)
    {
      g_free (self->scratch);
      /* never NULL, even for a session with no entries: the layout offsets into it */
      self->n_scratch = MAX (5 * (gsize) n + self->n_order, 1);
      self->scratch = g_new (guint32, self->n_scratch);
    }
  return self->scratch;
}

/* Makes a layout of the first @n entries, with @leaf as the leaf, to run with
 * _ramo_projection_run_job(). The projection's caches and walk must be current. */
RamoLayoutJob *
_ramo_layout_job_new (RamoProjection *self,
                      guint           n,
                      RamoEntry      *leaf,
                      gboolean        incremental,
                      gboolean        keep_if_same)
{
  RamoLayoutJob *job = g_new0 (RamoLayoutJob, 1);

  job->rows = g_new0 (RamoRowInfo, n);
  job->n_rows = n;
  job->top = g_ptr_array_new ();
  job->leaf = leaf;
  job->incremental = !!incremental;
  job->keep_if_same = !!keep_if_same;
  job->phase = RAMO_LAYOUT_FILTER;
  job->scratch = ensure_scratch (self, n);
  job->vis_roots = g_array_new (FALSE, FALSE, sizeof (guint32));
  job->work = g_array_new (FALSE, FALSE, sizeof (guint32));
  job->clock_every = self->clock_every;
  job->countdown = job->clock_every;
  return job;
}

/* Frees @job and the rows it holds (those of a layout given up). */
void
_ramo_layout_job_free (RamoLayoutJob *job)
{
  if (job == NULL)
    return;
  _ramo_projection_free_row_infos (job->rows, job->n_rows);
  g_clear_pointer (&job->top, g_ptr_array_unref);
  g_array_unref (job->vis_roots);
  g_array_unref (job->work);
  g_free (job);
}

static inline void
append_row (RamoLayoutJob *job,
            GPtrArray     *list,
            GPtrArray     *entries,
            guint32        index,
            RamoEntry     *owner,
            gboolean       branch_start)
{
  RamoRowInfo *info = &job->rows[index];

  info->owner = owner;
  info->position = list->len;
  info->branch_start = branch_start;
  g_ptr_array_add (list, g_ptr_array_index (entries, index));
}

/* The shown tree as linked lists by entry index (index + 1; 0 ends a list), set for the
 * shown entries only */
#define VFIRST(job) ((job)->scratch)
#define VLAST(job)  ((job)->scratch + (job)->n_rows)
#define VNEXT(job)  ((job)->scratch + 2 * (gsize) (job)->n_rows)
#define VCOUNT(job) ((job)->scratch + 3 * (gsize) (job)->n_rows)
/* by position in the walk, the nearest shown entry at or above, + 1 */
#define NEAREST(job) ((job)->scratch + 5 * (gsize) (job)->n_rows)

/* Hangs each shown entry under its nearest shown ancestor (its parent's nearest shown entry),
 * in the walk's order. */
static gboolean
walk (RamoProjection *self,
      RamoLayoutJob  *job)
{
  guint32 *vfirst = VFIRST (job), *vlast = VLAST (job), *vnext = VNEXT (job);
  guint32 *vcount = VCOUNT (job), *nearest = NEAREST (job);

  for (guint j = job->next; j < self->n_order; j++)
    {
      guint32 e = self->order[j];
      guint32 parent_pos = self->order_parent[j];
      guint32 ancestor = parent_pos ? nearest[parent_pos - 1] : 0;

      if (job->rows[e].visible)
        {
          vfirst[e] = vlast[e] = vnext[e] = vcount[e] = 0;
          if (ancestor == 0)
            g_array_append_val (job->vis_roots, e);
          else
            {
              guint32 a = ancestor - 1;

              if (vlast[a])
                vnext[vlast[a] - 1] = e + 1;
              else
                vfirst[a] = e + 1;
              vlast[a] = e + 1;
              vcount[a]++;
            }
          nearest[j] = e + 1;
        }
      else
        nearest[j] = ancestor;

      if (_ramo_layout_job_out_of_time (job))
        {
          job->next = j + 1;
          return FALSE;
        }
    }
  job->next = 0;
  return TRUE;
}

/* Goes on with the chain being appended to job->list: an entry and its single shown
 * children, one after the other, down to an end or a branch point, which goes on the work
 * list for its nested list to be made. */
static gboolean
continue_chain (RamoLayoutJob *job,
                GPtrArray     *entries)
{
  const guint32 *vfirst = VFIRST (job), *vcount = VCOUNT (job);
  guint32 cur = job->chain - 1;

  for (;;)
    {
      append_row (job, job->list, entries, cur, job->owner, FALSE);
      if (vcount[cur] != 1)
        {
          if (vcount[cur] > 1)
            g_array_append_val (job->work, cur);
          job->chain = 0;
          return TRUE;
        }
      cur = vfirst[cur] - 1;
      if (_ramo_layout_job_out_of_time (job))
        {
          job->chain = cur + 1;
          return FALSE;
        }
    }
}

/* Goes on with the branch starts being appended to job->list: the shown children of its
 * owner, each to nest the rest of its branch. */
static gboolean
continue_children (RamoLayoutJob *job,
                   GPtrArray     *entries)
{
  const guint32 *vnext = VNEXT (job), *vcount = VCOUNT (job);

  while (job->child)
    {
      guint32 start = job->child - 1;

      append_row (job, job->list, entries, start, job->owner, TRUE);
      if (vcount[start])
        g_array_append_val (job->work, start);
      job->child = vnext[start];
      if (job->child && _ramo_layout_job_out_of_time (job))
        return FALSE;
    }
  return TRUE;
}

/* The top level: one root's chain, or every shown root as a branch start. */
static gboolean
lay_out_roots (RamoLayoutJob *job,
               GPtrArray     *entries)
{
  const guint32 *vcount = VCOUNT (job);

  if (job->vis_roots->len == 1)
    {
      if (job->chain == 0 && job->list == NULL)
        {
          job->list = job->top;
          job->owner = NULL;
          job->chain = g_array_index (job->vis_roots, guint32, 0) + 1;
        }
      if (job->chain && !continue_chain (job, entries))
        return FALSE;
      job->list = NULL;
      return TRUE;
    }

  for (guint i = job->next; i < job->vis_roots->len; i++)
    {
      guint32 root = g_array_index (job->vis_roots, guint32, i);

      append_row (job, job->top, entries, root, NULL, TRUE);
      if (vcount[root])
        g_array_append_val (job->work, root);
      if (i + 1 < job->vis_roots->len && _ramo_layout_job_out_of_time (job))
        {
          job->next = i + 1;
          return FALSE;
        }
    }
  job->next = 0;
  return TRUE;
}

/* The nested lists: a row with several shown children nests them as branch starts; a branch
 * start nests the chain that continues it. */
static gboolean
lay_out_nested (RamoLayoutJob *job,
                GPtrArray     *entries)
{
  const guint32 *vfirst = VFIRST (job), *vcount = VCOUNT (job);

  for (;;)
    {
      guint32 o;
      RamoRowInfo *info;

      if (job->chain && !continue_chain (job, entries))
        return FALSE;
      if (job->child && !continue_children (job, entries))
        return FALSE;
      if (job->work->len == 0)
        return TRUE;

      o = g_array_index (job->work, guint32, job->work->len - 1);
      g_array_set_size (job->work, job->work->len - 1);
      info = &job->rows[o];
      info->nested = g_ptr_array_new ();
      job->list = info->nested;
      job->owner = g_ptr_array_index (entries, o);
      if (vcount[o] > 1 || !info->branch_start)
        job->child = vfirst[o];
      else
        job->chain = vfirst[o];
    }
}

/* Makes @job's layout, until it is complete or @deadline (monotonic µs; G_MAXINT64 for no
 * limit) has passed. Returns whether it is complete. */
gboolean
_ramo_projection_run_job (RamoProjection *self,
                          RamoLayoutJob  *job,
                          gint64          deadline)
{
  GPtrArray *entries = _ramo_session_manager_get_entries (self->manager);

  job->deadline = deadline;
  for (;;)
    {
      gboolean done = FALSE;

      switch (job->phase)
        {
        case RAMO_LAYOUT_FILTER:
        case RAMO_LAYOUT_TEST:
          done = _ramo_projection_find_visible (self, job, entries);
          if (done)
            job->phase = RAMO_LAYOUT_WALK;
          break;
        case RAMO_LAYOUT_WALK:
          done = walk (self, job);
          if (done)
            job->phase = RAMO_LAYOUT_ROOTS;
          break;
        case RAMO_LAYOUT_ROOTS:
          done = lay_out_roots (job, entries);
          if (done)
            job->phase = RAMO_LAYOUT_NEST;
          break;
        case RAMO_LAYOUT_NEST:
          done = lay_out_nested (job, entries);
          if (done)
            job->phase = RAMO_LAYOUT_DONE;
          break;
        case RAMO_LAYOUT_DONE:
          return TRUE;
        default:
          g_assert_not_reached ();
        }
      if (!done)
        return FALSE;
    }
}

static gboolean
step_cb (gpointer data)
{
  RamoProjection *self = data;
  RamoLayoutJob *job = self->job;

  if (!_ramo_projection_run_job (self, job, g_get_monotonic_time () + self->step_usec))
    return G_SOURCE_CONTINUE;
  self->job_source = 0;
  self->job = NULL;
  _ramo_projection_install_layout (self, job);
  return G_SOURCE_REMOVE;
}

/* Goes on with @job, which has not finished its first step, in the turns that follow. */
void
_ramo_projection_start_job (RamoProjection *self,
                            RamoLayoutJob  *job)
{
  g_assert (self->job == NULL);

  self->job = job;
  job->in_steps = TRUE;
  /* below redrawing and resizing, so that the frames the old layout shows are not held up */
  self->job_source = g_idle_add_full (G_PRIORITY_DEFAULT_IDLE, step_cb, self, NULL);
  g_source_set_static_name (g_main_context_find_source_by_id (NULL, self->job_source),
                            "[ramo] layout step");
  g_object_notify (G_OBJECT (self), "laying-out");
}

/* Gives up the layout under way, if any: what it was to show is superseded. */
void
_ramo_projection_drop_job (RamoProjection *self)
{
  if (self->job == NULL)
    return;
  g_clear_handle_id (&self->job_source, g_source_remove);
  _ramo_layout_job_free (g_steal_pointer (&self->job));
  g_object_notify (G_OBJECT (self), "laying-out");
}

/* Makes each step of a layout in steps @usec long, looking at the clock every @clock_every
 * entries or rows (tests: many steps on a small session). */
void
_ramo_projection_set_step_size (RamoProjection *self,
                                gint64          usec,
                                guint           clock_every)
{
  g_return_if_fail (clock_every > 0);

  self->step_usec = usec;
  self->clock_every = clock_every;
}

/**
 * ramo_projection_set_layout_in_steps:
 * @self: a projection
 * @in_steps: whether to lay out in steps
 *
 * When @in_steps is %TRUE, a filter or search change whose layout takes longer than
 * a step (8 ms of the calling thread) goes on in the main loop's idle turns, one step each, instead of
 * holding the loop until it is done. Meanwhile the projection and its rows stay the layout
 * before the change (as the views show it), ramo_projection_get_filter() and
 * ramo_projection_get_search() already say the new ones, and
 * #RamoProjection:laying-out is %TRUE; when it is complete, the projection emits what
 * ramo_projection_set_filter() would have. A change that comes meanwhile supersedes the
 * layout under way; a label, a leaf move or an entry appended finishes it first. Only for a
 * projection used from the thread of the default main context.
 */
void
ramo_projection_set_layout_in_steps (RamoProjection *self,
                                     gboolean        in_steps)
{
  g_return_if_fail (RAMO_IS_PROJECTION (self));

  self->layout_in_steps = !!in_steps;
  if (!in_steps)
    ramo_projection_finish_layout (self);
}

/**
 * ramo_projection_is_laying_out:
 * @self: a projection
 *
 * Returns: whether a layout in steps is under way (see ramo_projection_set_layout_in_steps())
 */
gboolean
ramo_projection_is_laying_out (RamoProjection *self)
{
  g_return_val_if_fail (RAMO_IS_PROJECTION (self), FALSE);
  return self->job != NULL;
}

/**
 * ramo_projection_finish_layout:
 * @self: a projection
 *
 * Makes the rest of a layout under way at once (see ramo_projection_set_layout_in_steps()),
 * for a caller that needs the new rows now. Does nothing when none is under way.
 */
void
ramo_projection_finish_layout (RamoProjection *self)
{
  RamoLayoutJob *job;

  g_return_if_fail (RAMO_IS_PROJECTION (self));

  if (self->job == NULL)
    return;
  job = g_steal_pointer (&self->job);
  g_clear_handle_id (&self->job_source, g_source_remove);
  _ramo_projection_run_job (self, job, G_MAXINT64);
  _ramo_projection_install_layout (self, job);
}

/* A projection made in a worker thread                                                        */

typedef struct
{
  RamoSessionManager *manager;
  RamoFilterMode      filter;
  char               *search;
} NewData;

static void
new_data_free (NewData *data)
{
  g_clear_object (&data->manager);
  g_free (data->search);
  g_free (data);
}

static void
new_thread (GTask        *task,
            gpointer      source_object,
            gpointer      task_data,
            GCancellable *cancellable)
{
  NewData *data = task_data;
  RamoProjection *projection = ramo_projection_new (data->manager);

  ramo_projection_set_filter (projection, data->filter);
  ramo_projection_set_search (projection, data->search);
  g_task_return_pointer (task, projection, g_object_unref);
}

/**
 * ramo_projection_new_async:
 * @manager: the session to project; nothing else may use it until @callback runs (a session
 *   just loaded, that no view shows yet)
 * @filter: the filter to lay out with
 * @search: (nullable): the search, as ramo_projection_set_search() takes it
 * @cancellable: (nullable): gives the projection up
 * @callback: called in the caller's main context once the projection is laid out
 * @user_data: data for @callback
 *
 * Makes the projection of @manager with @filter and @search in a worker thread: the first
 * layout of a big session (10-20 ms for 100,000 entries) stays off the main loop.
 */
void
ramo_projection_new_async (RamoSessionManager  *manager,
                           RamoFilterMode       filter,
                           const char          *search,
                           GCancellable        *cancellable,
                           GAsyncReadyCallback  callback,
                           gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  NewData *data;

  g_return_if_fail (RAMO_IS_SESSION_MANAGER (manager));

  task = g_task_new (NULL, cancellable, callback, user_data);
  data = g_new0 (NewData, 1);
  data->manager = g_object_ref (manager);
  data->filter = filter;
  data->search = g_strdup (search);
  g_task_set_task_data (task, data, (GDestroyNotify) new_data_free);
  g_task_set_source_tag (task, ramo_projection_new_async);
  g_task_run_in_thread (task, new_thread);
}

/**
 * ramo_projection_new_finish:
 * @result: the result given to the callback of ramo_projection_new_async()
 * @error: return location for a #GError, or %NULL
 *
 * Errors: %G_IO_ERROR_CANCELLED when the cancellable was cancelled, even if the projection was
 * made by then.
 *
 * Returns: (transfer full): the projection, or %NULL with @error set
 */
RamoProjection *
ramo_projection_new_finish (GAsyncResult  *result,
                            GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), NULL);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == ramo_projection_new_async, NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}

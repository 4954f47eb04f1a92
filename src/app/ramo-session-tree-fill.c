/* ramo-session-tree-fill.c
 *
 * Copyright 2026 The Ramo authors
 *
 * This program is free software: you can redistribute it and/or modify it under the terms of the
 * GNU General Public License as published by the Free Software Foundation, either version 3 of
 * the License, or (at your option) any later version.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ramo-session-tree"

#include "config.h"

#include "ramo-list-slice.h"
#include "ramo-session-tree-private.h"

/* Filling the tree list model. A filter or search change gives the view a new model holding
 * at first only the rows its first frame shows, around the row it selects (build_around(),
 * over slices of the projection's lists); after that frame, the slices grow whole and the
 * rest is unfolded a few milliseconds at a time (_ramo_session_tree_unfold_rest()). See
 * docs/ARCHITECTURE.md, "The tree view". */

/* The tree list model asks for its lists while it is made, and again whenever a row is
 * unfolded after: a build is what its create function is given, for as long as the model lives;
 * only while build_around() makes the model does it hold anything. */
typedef struct
{
  gboolean    making;
  GHashTable *runs;      /* GListModel (the projection, or a node) → Run */
  GHashTable *folded;    /* (borrowed) ids of the rows the user folded */
  GPtrArray  *partial;   /* (element-type RamoListSlice) lists not whole */
  GPtrArray  *to_fold;   /* (element-type RamoProjectionNode) folded rows it unfolded */
} Build;

static GListModel *
create_child_model_cb (gpointer item,
                       gpointer user_data)
{
  RamoProjectionNode *node = item;
  Build *building = user_data;
  RamoListSlice *slice;
  Run *run;

  if (!RAMO_IS_PROJECTION_NODE (node) || !ramo_projection_node_has_children (node))
    return NULL;
  if (building == NULL || !building->making)
    return g_object_ref (G_LIST_MODEL (node));

  /* the model unfolds every row that gets a list now: those to stay folded are folded again
   * after (with nothing in them, that costs nothing) */
  run = g_hash_table_lookup (building->runs, node);
  if (run)
    slice = ramo_list_slice_new (G_LIST_MODEL (node), run->first, run->last - run->first + 1);
  else
    slice = ramo_list_slice_new (G_LIST_MODEL (node), 0, 0);
  if (run == NULL && g_hash_table_contains (building->folded, ramo_projection_node_get_id (node)))
    g_ptr_array_add (building->to_fold, g_object_ref (node));
  else if (!ramo_list_slice_is_whole (slice))
    g_ptr_array_add (building->partial, g_object_ref (slice));
  return G_LIST_MODEL (slice);
}

/* Makes @list (one of the lists of @self's model) hold the row at @position of the
 * projection's list it shows, growing it when it is a slice that does not. */
static void
take_in_position (RamoSessionTree *self,
                  GListModel      *list,
                  guint            position)
{
  RamoListSlice *slice = RAMO_IS_LIST_SLICE (list) ? RAMO_LIST_SLICE (list) : NULL;
  gboolean was = self->unfolding;

  if (slice == NULL || ramo_list_slice_is_whole (slice))
    return;
  if (position >= ramo_list_slice_get_start (slice) &&
      position - ramo_list_slice_get_start (slice) < g_list_model_get_n_items (list))
    return;
  self->unfolding = TRUE;
  ramo_list_slice_grow (slice, 0);
  self->unfolding = was;
}

/* The row at @position of the projection's list under @row (the top list if @row is NULL), in
 * @model, whose lists may be slices of the projection's (see build_around()). Returns NULL
 * when @row is folded or there is no such row. */
static RamoTreeRow *
child_row_at (RamoSessionTree  *self,
              RamoTreeModel    *model,
              RamoTreeRow      *row,
              guint             position)
{
  GListModel *list = row ? ramo_tree_row_get_children (row) : ramo_tree_model_get_model (model);
  guint start;

  if (list == NULL)
    return NULL;
  take_in_position (self, list, position);
  start = RAMO_IS_LIST_SLICE (list) ? ramo_list_slice_get_start (RAMO_LIST_SLICE (list)) : 0;
  if (position < start)
    return NULL;
  return row ? ramo_tree_row_get_child_row (row, position - start)
             : ramo_tree_model_get_child_row (model, position - start);
}

/* Unfolds every row that has rows nested under it, except those the user folded, down the
 * whole tree; rows unfolded already are left as they are (their lists are still searched:
 * lines appended in place can add unfoldable rows anywhere). Only unfoldable rows are
 * looked at: a RamoTreeModel that unfolds by itself (autoexpand) asks for every row of a
 * 70,000-row list, and the projection makes an object for each. */
static void
unfold_from (RamoSessionTree *self,
             RamoProjection  *projection,
             GHashTable      *folded,
             GPtrArray       *stack,
             gint64           deadline)
{
  g_assert (RAMO_IS_SESSION_TREE (self));

  self->unfolding = TRUE;
  while (stack->len > 0 && (deadline == 0 || g_get_monotonic_time () < deadline))
    {
      g_autoptr(RamoTreeRow) row = g_ptr_array_steal_index (stack, stack->len - 1);
      g_autoptr(RamoProjectionNode) node = ramo_tree_row_get_item (row);
      g_autoptr(GArray) positions = NULL;

      if (node == NULL || (folded && g_hash_table_contains (folded, ramo_projection_node_get_id (node))))
        continue;
      if (!ramo_tree_row_get_expanded (row))
        ramo_tree_row_set_expanded (row, TRUE);
      if (!ramo_tree_row_get_expanded (row))
        continue;

      positions = ramo_projection_dup_unfoldable (projection, node);
      for (guint i = positions->len; i > 0; i--)
        {
          RamoTreeRow *child = child_row_at (self, NULL, row, g_array_index (positions, guint, i - 1));

          if (child)
            g_ptr_array_add (stack, child);
        }
    }
  self->unfolding = FALSE;
}

/* The top rows of @model that have rows nested under them, as a stack for unfold_from() (the
 * first row on top). */
static GPtrArray *
top_rows_to_unfold (RamoSessionTree  *self,
                    RamoProjection   *projection,
                    RamoTreeModel    *model)
{
  GPtrArray *stack = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(GArray) top = _ramo_session_tree_dup_top_unfoldable (self, projection);

  for (guint i = top->len; i > 0; i--)
    {
      RamoTreeRow *row = child_row_at (self, model, NULL, g_array_index (top, guint, i - 1));

      if (row)
        g_ptr_array_add (stack, row);
    }
  return stack;
}

void
_ramo_session_tree_unfold_rows (RamoSessionTree  *self,
             RamoProjection   *projection,
             RamoTreeModel    *model,
             GHashTable       *folded)
{
  g_autoptr(GPtrArray) stack = top_rows_to_unfold (self, projection, model);

  g_assert (RAMO_IS_SESSION_TREE (self));

  unfold_from (self, projection, folded, stack, 0);
}

/* A row the user unfolds shows its rows as they were: unfolded, but for those the user folded
 * (the model itself makes the rows under it folded). The first few milliseconds of it come
 * before the next frame; the rest (a branch can hold every row of the session) after it, a
 * few milliseconds at a time, below the frame clock's priority. */
#define UNFOLD_BELOW_BUDGET_USEC 6000

static gboolean
unfold_below_cb (gpointer data)
{
  RamoSessionTree *self = data;

  if (self->to_unfold != NULL && self->tree_model != NULL)
    unfold_from (self, self->projection, self->folded, self->to_unfold,
                 g_get_monotonic_time () + UNFOLD_BELOW_BUDGET_USEC);
  if (self->to_unfold != NULL && self->to_unfold->len > 0 && self->tree_model != NULL)
    {
      if (g_source_get_priority (g_main_current_source ()) == G_PRIORITY_HIGH_IDLE)
        {
          self->unfold_id = g_idle_add_full (G_PRIORITY_LOW + 5, unfold_below_cb, self, NULL);
          return G_SOURCE_REMOVE;
        }
      return G_SOURCE_CONTINUE;
    }
  self->unfold_id = 0;
  g_clear_pointer (&self->to_unfold, g_ptr_array_unref);
  return G_SOURCE_REMOVE;
}

/* Called while the tree list model tells its views of the change: the rows below are
 * unfolded just after, once every view has taken in this one. */
void
_ramo_session_tree_unfold_below (RamoSessionTree *self,
              RamoTreeRow  *row)
{
  if (self->unfolding)
    return;
  if (self->to_unfold == NULL)
    self->to_unfold = g_ptr_array_new_with_free_func (g_object_unref);
  g_ptr_array_add (self->to_unfold, g_object_ref (row));
  if (self->unfold_id == 0)
    self->unfold_id = g_idle_add_full (G_PRIORITY_HIGH_IDLE, unfold_below_cb, self, NULL);
}

/* The rows a filter or search change shows come in two steps: those in view at once (see
 * build_around()), the rest after the frame that shows them, a few milliseconds at a time, at
 * a priority below everything else the tree does: first the lists the model holds a part of
 * grow whole, then the rows they brought are unfolded.
 * The tree model inserts every row of a list it unfolds (RamoTreeModel does that in time that
 * does not grow with depth; GTK 4.8's took 20-40 ms for a 70,000-row session nesting 430 levels
 * deep, and minutes for 30,000 levels). Rows added above the view leave the rows in view where
 * they are (RamoListView keeps them). */
#define UNFOLD_REST_BUDGET_USEC 6000
#define GROW_STEP 4096

/* Grows the lists of the model that are not whole yet, @step rows at a time (0: at once),
 * until @deadline (0: until all are whole). Returns whether some are not whole still. */
static gboolean
grow_partial (RamoSessionTree *self,
              guint            step,
              gint64           deadline)
{
  gboolean was = self->unfolding;

  self->unfolding = TRUE;
  while (self->partial != NULL && self->partial->len > 0 &&
         (deadline == 0 || g_get_monotonic_time () < deadline))
    {
      if (ramo_list_slice_grow (g_ptr_array_index (self->partial, self->partial->len - 1), step))
        g_ptr_array_remove_index (self->partial, self->partial->len - 1);
    }
  self->unfolding = was;
  return self->partial != NULL && self->partial->len > 0;
}

static gboolean
unfold_rest_cb (gpointer data)
{
  RamoSessionTree *self = data;
  gint64 deadline = g_get_monotonic_time () + UNFOLD_REST_BUDGET_USEC;

  if (self->tree_model == NULL)
    goto done;

  if (_ramo_session_tree_grow_up (self, deadline) || grow_partial (self, GROW_STEP, deadline))
    return G_SOURCE_CONTINUE;

  if (self->to_unfold_rest == NULL)
    self->to_unfold_rest = top_rows_to_unfold (self, self->projection, self->tree_model);
  unfold_from (self, self->projection, self->folded, self->to_unfold_rest, deadline);
  if (self->to_unfold_rest->len > 0)
    return G_SOURCE_CONTINUE;

done:
  self->unfold_rest_id = 0;
  g_clear_pointer (&self->to_unfold_rest, g_ptr_array_unref);
  g_clear_pointer (&self->partial, g_ptr_array_unref);
  return G_SOURCE_REMOVE;
}

/* A frame clock disposed of (its window unrealized) has dropped its handlers already; a
 * window that stops drawing meanwhile does not keep the rest from being unfolded. */
static void
stop_waiting_for_paint (RamoSessionTree *self)
{
  g_clear_handle_id (&self->unfold_rest_timeout_id, g_source_remove);
  if (self->unfold_rest_clock && self->unfold_rest_paint_id &&
      g_signal_handler_is_connected (self->unfold_rest_clock, self->unfold_rest_paint_id))
    g_signal_handler_disconnect (self->unfold_rest_clock, self->unfold_rest_paint_id);
  self->unfold_rest_paint_id = 0;
  g_clear_object (&self->unfold_rest_clock);
}

void
_ramo_session_tree_cancel_fill (RamoSessionTree *self)
{
  g_clear_handle_id (&self->unfold_rest_id, g_source_remove);
  g_clear_pointer (&self->to_unfold_rest, g_ptr_array_unref);
  g_clear_pointer (&self->partial, g_ptr_array_unref);
  g_clear_object (&self->grow_up_node);
  g_clear_pointer (&self->grown_up, g_ptr_array_unref);
  stop_waiting_for_paint (self);
}

static void
start_unfold_rest (RamoSessionTree *self)
{
  stop_waiting_for_paint (self);
  /* below the frame clock's priority (GDK_PRIORITY_REDRAW): frames go first; and below
   * after_layout_cb() and free_replaced_cb() (G_PRIORITY_LOW), which it would hold back */
  if (self->unfold_rest_id == 0)
    self->unfold_rest_id = g_idle_add_full (G_PRIORITY_LOW + 5, unfold_rest_cb, self, NULL);
}

gboolean
_ramo_session_tree_rest_pending (RamoSessionTree *self)
{
  return self->partial != NULL || self->grow_up_node != NULL || self->to_unfold_rest != NULL || self->unfold_rest_id != 0 ||
         self->unfold_rest_paint_id != 0 || self->unfold_rest_timeout_id != 0 ||
         self->unfold_id != 0;
}

/* Does at once what the rest pass still has to do: every row is in the model then. */
void
_ramo_session_tree_finish_rest (RamoSessionTree *self)
{
  if (!_ramo_session_tree_rest_pending (self))
    return;
  if (self->unfold_id != 0)
    {
      g_autoptr(GPtrArray) stack = g_steal_pointer (&self->to_unfold);

      g_clear_handle_id (&self->unfold_id, g_source_remove);
      if (stack != NULL && self->tree_model != NULL)
        unfold_from (self, self->projection, self->folded, stack, 0);
    }
  if (self->tree_model != NULL)
    {
      _ramo_session_tree_grow_up (self, 0);
      grow_partial (self, 0, 0);
    }
  _ramo_session_tree_cancel_fill (self);
  if (self->tree_model != NULL)
    _ramo_session_tree_unfold_rows (self, self->projection, self->tree_model, self->folded);
}

static void
unfold_rest_after_paint_cb (RamoSessionTree *self,
                            GdkFrameClock   *clock)
{
  start_unfold_rest (self);
}

static gboolean
unfold_rest_timeout_cb (gpointer data)
{
  RamoSessionTree *self = data;

  self->unfold_rest_timeout_id = 0;
  start_unfold_rest (self);
  return G_SOURCE_REMOVE;
}

/* Unfolds the rest of the model's rows (but those the user folded) once the next frame is
 * drawn (at once when there is no frame to wait for), a few milliseconds at a time. */
void
_ramo_session_tree_unfold_rest (RamoSessionTree *self)
{
  GdkFrameClock *clock = gtk_widget_get_mapped (GTK_WIDGET (self)) ? gtk_widget_get_frame_clock (GTK_WIDGET (self)) : NULL;

  g_clear_pointer (&self->to_unfold_rest, g_ptr_array_unref);
  if (clock == NULL)
    start_unfold_rest (self);
  else if (self->unfold_rest_paint_id == 0 && self->unfold_rest_id == 0)
    {
      self->unfold_rest_clock = g_object_ref (clock);
      self->unfold_rest_paint_id = g_signal_connect_swapped (clock, "after-paint",
                                                             G_CALLBACK (unfold_rest_after_paint_cb), self);
      self->unfold_rest_timeout_id = g_timeout_add (200, unfold_rest_timeout_cb, self);
    }
}

/* A position in a list of the projection as one in @list, the list of the model that shows
 * it (grown when it is a slice that does not hold it): see row_of_path(). */
static guint
place_in_list (GListModel *list,
               guint       position,
               gpointer    user_data)
{
  RamoSessionTree *self = user_data;
  guint start;

  take_in_position (self, list, position);
  start = RAMO_IS_LIST_SLICE (list) ? ramo_list_slice_get_start (RAMO_LIST_SLICE (list)) : 0;
  return position < start ? G_MAXUINT : position - start;
}

/* The row of @path's last entry in @model, when every row above it is unfolded; NULL
 * otherwise. No row object is made for the rows on the way. @path starts at @level: the
 * model's top list holds that level's row. */
static RamoTreeRow *
row_of_path_from (RamoSessionTree  *self,
                  RamoTreeModel    *model,
                  GPtrArray        *path,
                  guint             level)
{
  g_autofree guint *positions = g_new (guint, path->len / 2 + 1);
  guint n = 0;

  for (guint i = 2 * level; i + 1 < path->len; i += 2)
    positions[n++] = GPOINTER_TO_UINT (g_ptr_array_index (path, i + 1));
  if (n == 0)
    return NULL;
  return ramo_tree_model_get_row_at_path (model, positions, n, place_in_list, self);
}

static RamoTreeRow *
row_of_path (RamoSessionTree  *self,
             RamoTreeModel    *model,
             GPtrArray        *path)
{
  return row_of_path_from (self, model, path, 0);
}

/* Makes a tree list model that holds, of the projection's current layout, the rows shown
 * @around rows above and below @target's row (and the rows above them in the tree), as they
 * are shown once every row is unfolded but those the user folded; nothing else. The model
 * unfolds the rows as it is made (autoexpand), without working out a position for each as
 * unfolding them one by one does. @partial gets the model's lists that are not whole (to grow
 * after the first frame: see _ramo_session_tree_unfold_rest()), @position the position of
 * @target's row. Returns NULL when @target has no row. */
static RamoTreeModel    *
build_around (RamoSessionTree  *self,
              RamoEntry        *target,
              guint             around,
              GPtrArray       **partial,
              guint            *position)
{
  g_autoptr(GPtrArray) path = NULL;
  g_autoptr(RamoTreeRow) row = NULL;
  RamoProjectionNode *above = NULL;
  GListModel *first, *top_list;
  RamoListSlice *top;
  RamoTreeModel    *model;
  Build *build;
  Run *run;
  guint depth = 0, min_level = 0, levels;
  gboolean too_short = TRUE;
  gboolean whole_path = g_hash_table_size (self->folded) > 0;

  g_assert (RAMO_IS_SESSION_TREE (self));

  build = g_new0 (Build, 1);
  /* Only the end of the path to the row, as deep as the rows in view reach: the rows above
   * them come after the frame (_ramo_session_tree_grow_up()). A deep tree has tens of
   * thousands of levels, each a row and a list to make. (With rows the user folded, the whole
   * path: they may be anywhere above.) */
  for (levels = whole_path ? 0 : 2 * around + 8; too_short; levels *= 8)
    {
      g_clear_pointer (&path, g_ptr_array_unref);
      g_clear_pointer (&build->runs, g_hash_table_unref);
      path = _ramo_session_tree_dup_path_tail (self, target, levels, &above, &depth);
      if (path == NULL)
        {
          g_free (build);
          return NULL;
        }
      first = above ? G_LIST_MODEL (above) : _ramo_session_tree_top_list (self, self->projection);
      build->runs = _ramo_session_tree_runs_around (first, path, self->folded, around, &min_level, &too_short);
      too_short = too_short && above != NULL;
      if (levels == 0)
        break;
    }

  /* the rows above the one chosen come unfolded */
  for (guint i = 0; i + 2 < path->len; i += 2)
    g_hash_table_remove (self->folded, ramo_projection_node_get_id (g_ptr_array_index (path, i)));

  build->folded = self->folded;
  build->partial = g_ptr_array_new_with_free_func (g_object_unref);
  build->to_fold = g_ptr_array_new_with_free_func (g_object_unref);

  /* the model starts at the shallowest list the rows reach (at the top for rows folded) */
  if (whole_path)
    min_level = 0;
  top_list = _ramo_session_tree_path_list (first, path, min_level);
  run = g_hash_table_lookup (build->runs, top_list);
  g_assert (run != NULL);
  top = ramo_list_slice_new (top_list, run->first, run->last - run->first + 1);
  if (!ramo_list_slice_is_whole (top))
    g_ptr_array_add (build->partial, g_object_ref (top));
  g_clear_object (&self->grow_up_node);
  if (top_list != _ramo_session_tree_top_list (self, self->projection))
    self->grow_up_node = g_object_ref (RAMO_PROJECTION_NODE (top_list));

  build->making = TRUE;
  model = ramo_tree_model_new_at_depth (G_LIST_MODEL (top), depth + min_level, TRUE, create_child_model_cb, build, g_free);
  build->making = FALSE;
  ramo_tree_model_set_autoexpand (model, FALSE);

  /* rows the user folded, unfolded with nothing in them: folded again */
  self->unfolding = TRUE;
  for (guint i = 0; i < build->to_fold->len; i++)
    {
      RamoEntry *entry = ramo_projection_node_get_entry (g_ptr_array_index (build->to_fold, i));
      g_autoptr(GPtrArray) folded_path = _ramo_session_tree_dup_path (self, self->projection, entry);
      g_autoptr(RamoTreeRow) folded_row = folded_path ? row_of_path (self, model, folded_path) : NULL;

      if (folded_row)
        ramo_tree_row_set_expanded (folded_row, FALSE);
    }
  self->unfolding = FALSE;

  row = row_of_path_from (self, model, path, min_level);
  *position = row ? ramo_tree_row_get_position (row) : GTK_INVALID_LIST_POSITION;
  *partial = g_steal_pointer (&build->partial);
  g_clear_pointer (&build->to_fold, g_ptr_array_unref);
  g_clear_pointer (&build->runs, g_hash_table_unref);
  build->folded = NULL;
  return model;
}

/* A tree list model over @projection that holds no row yet: _ramo_session_tree_prepare_some()
 * makes them. */
RamoTreeModel *
_ramo_session_tree_start_tree_model (RamoProjection *projection)
{
  GListModel *top = G_LIST_MODEL (ramo_list_slice_new (G_LIST_MODEL (projection), 0, 0));

  return ramo_tree_model_new (top, FALSE, create_child_model_cb, NULL, NULL);
}

/* Makes more of the model made ahead (ramo_session_tree_prepare()), until @deadline (0: all of
 * it): its top list grows GROW_STEP rows at a time, then its rows are unfolded, one list at a
 * time. No view holds the model yet, so nothing is told of it. Returns whether it is whole. */
gboolean
_ramo_session_tree_prepare_some (RamoSessionTree *self,
                                 gint64           deadline)
{
  RamoListSlice *top;
  gboolean was = self->unfolding;

  if (!self->preparing || self->prepared_model == NULL)
    return TRUE;
  top = RAMO_LIST_SLICE (ramo_tree_model_get_model (self->prepared_model));
  self->unfolding = TRUE;
  while (!ramo_list_slice_grow (top, GROW_STEP))
    if (deadline != 0 && g_get_monotonic_time () >= deadline)
      {
        self->unfolding = was;
        return FALSE;
      }
  self->unfolding = was;
  if (self->prepare_stack == NULL)
    self->prepare_stack = top_rows_to_unfold (self, self->prepared_projection, self->prepared_model);
  unfold_from (self, self->prepared_projection, NULL, self->prepare_stack, deadline);
  self->unfolding = was;
  if (self->prepare_stack->len > 0)
    return FALSE;
  g_clear_pointer (&self->prepare_stack, g_ptr_array_unref);
  self->preparing = FALSE;
  return TRUE;
}

/* Makes a tree list model over the projection's current layout, every row unfolded but those
 * the user folded (before any view sees it: one change instead of one per unfolded row). */
RamoTreeModel    *
_ramo_session_tree_new_tree_model (RamoSessionTree *self,
                RamoProjection  *projection,
                GHashTable      *folded,
                gboolean         unfold)
{
  GListModel *top = G_LIST_MODEL (ramo_list_slice_new (_ramo_session_tree_top_list (self, projection), 0, G_MAXUINT));
  RamoTreeModel    *model = ramo_tree_model_new (top, FALSE, create_child_model_cb, NULL, NULL);

  if (unfold)
    _ramo_session_tree_unfold_rows (self, projection, model, folded);
  return model;
}

static gboolean
free_replaced_cb (gpointer data)
{
  RamoSessionTree *self = data;

  self->free_replaced_id = 0;
  /* their rows are freed a few milliseconds at a time (700,000 rows take 200-300 ms) */
  for (guint i = 0; self->replaced_models != NULL && i < self->replaced_models->len; i++)
    ramo_tree_model_clear (g_ptr_array_index (self->replaced_models, i));
  g_clear_pointer (&self->replaced_models, g_ptr_array_unref);
  return G_SOURCE_REMOVE;
}

/* Frees @model (a replaced tree list model) after the next frame. */
static void
free_replaced (RamoSessionTree  *self,
               RamoTreeModel    *model)
{
  ramo_list_slice_detach (RAMO_LIST_SLICE (ramo_tree_model_get_model (model)));
  if (self->replaced_models == NULL)
    self->replaced_models = g_ptr_array_new_with_free_func (g_object_unref);
  g_ptr_array_add (self->replaced_models, model);
  if (self->free_replaced_id == 0)
    self->free_replaced_id = g_idle_add_full (G_PRIORITY_LOW, free_replaced_cb, self, NULL);
}

/* Puts a tree list model over the projection's new layout in place of the old one: the list
 * view takes it as one change of all the rows, and binds the list items it has to new rows.
 *
 * The old rows must never be bound again: the old tree list model would ask the projection,
 * which has its new layout already, for rows it has not made yet (and after a reload their
 * entries are gone). This runs before the old tree list model hears of the new layout; its top
 * list is detached from the projection then, so it never does (see RamoListSlice). */
void
_ramo_session_tree_swap_models (RamoSessionTree *self)
{
  g_autoptr(GPtrArray) partial = NULL;
  gpointer added[1];
  guint position = GTK_INVALID_LIST_POSITION;
  guint selected;
  RamoEntry *target;
  int offset;

  g_assert (RAMO_IS_SESSION_TREE (self));
  g_assert (self->selection != NULL);

  /* the selected row stays where it is in the view, or comes to the middle */
  selected = gtk_single_selection_get_selected (self->selection);
  if (selected == GTK_INVALID_LIST_POSITION || !ramo_list_view_get_row_offset (self->list_view, selected, &offset))
    offset = -1;

  free_replaced (self, g_object_ref (self->tree_model));
  _ramo_session_tree_forget_model (self);

  /* the rows that will be in view now, the others after the frame; the last row stands in
   * when nothing of the wanted entry's ancestry is shown (_ramo_session_tree_find_entry_row()):
   * every row is needed to know which it is */
  target = ramo_projection_nearest_visible (self->projection, _ramo_session_tree_wanted_entry (self));
  if (target != NULL && self->prepared_projection != self->projection)
    self->tree_model = build_around (self, target, ramo_list_view_get_n_rows_in_view (self->list_view) + 4,
                                     &partial, &position);
  if (self->tree_model != NULL)
    {
      g_signal_connect_object (self->tree_model, "items-changed",
                               G_CALLBACK (_ramo_session_tree_tree_items_changed_cb), self, G_CONNECT_SWAPPED);
      self->partial = g_steal_pointer (&partial);
      _ramo_session_tree_unfold_rest (self);
    }
  else
    {
      _ramo_session_tree_make_tree_model (self, TRUE);
      position = _ramo_session_tree_find_wanted_row (self);
    }

  /* GtkSingleSelection (GTK 4.8) looks for its selected item among all the rows added in
   * place of it: seconds for 70,000 new rows, each made on demand. Nothing is selected then. */
  gtk_single_selection_set_selected (self->selection, GTK_INVALID_LIST_POSITION);
  added[0] = self->tree_model;
  g_list_store_splice (self->tree_models, 0, g_list_model_get_n_items (G_LIST_MODEL (self->tree_models)), added, 1);
  _ramo_session_tree_select_wanted_row (self, position);
  if (position != GTK_INVALID_LIST_POSITION)
    ramo_list_view_scroll_to_offset (self->list_view, position, offset);
  self->models_fresh = TRUE;
}

/* Finds the row of @entry, or of its nearest visible ancestor, unfolding the rows above it.
 * Returns its position in the tree list model, or GTK_INVALID_LIST_POSITION. */
guint
_ramo_session_tree_find_entry_row (RamoSessionTree *self,
                RamoEntry       *entry)
{
  g_autoptr(GPtrArray) path = NULL;
  g_autoptr(RamoTreeRow) row = NULL;
  RamoEntry *target;

  g_assert (RAMO_IS_SESSION_TREE (self));

  if (self->projection == NULL)
    return GTK_INVALID_LIST_POSITION;
  /* the way from the top */
  _ramo_session_tree_grow_up (self, 0);

  target = ramo_projection_nearest_visible (self->projection, entry);
  if (target == NULL && self->branch == NULL)
    {
      guint n_items;

      /* pi: nothing of the chosen entry's ancestry is shown → the last row, once every row
       * is there */
      _ramo_session_tree_finish_rest (self);
      n_items = g_list_model_get_n_items (G_LIST_MODEL (self->tree_model));
      return n_items == 0 ? GTK_INVALID_LIST_POSITION : n_items - 1;
    }

  path = target ? _ramo_session_tree_dup_path (self, self->projection, target) : NULL;
  if (path == NULL)
    return GTK_INVALID_LIST_POSITION;

  /* every row above it unfolded already: found without a row object for each */
  row = row_of_path (self, self->tree_model, path);
  if (row != NULL)
    {
      for (guint i = 0; i + 2 < path->len && g_hash_table_size (self->folded) > 0; i += 2)
        g_hash_table_remove (self->folded, ramo_projection_node_get_id (g_ptr_array_index (path, i)));
      return ramo_tree_row_get_position (row);
    }

  for (guint i = 0; i + 1 < path->len; i += 2)
    {
      RamoTreeRow *child;

      if (row != NULL)
        {
          if (!ramo_tree_row_get_expanded (row))
            {
              ramo_tree_row_set_expanded (row, TRUE);
              /* the rest of the branch the user had folded comes back as it was */
              _ramo_session_tree_unfold_below (self, row);
            }
          g_hash_table_remove (self->folded,
                               ramo_projection_node_get_id (g_ptr_array_index (path, i - 2)));
        }
      child = child_row_at (self, self->tree_model, row, GPOINTER_TO_UINT (g_ptr_array_index (path, i + 1)));
      g_clear_object (&row);
      row = child;
      if (row == NULL)
        return GTK_INVALID_LIST_POSITION;
    }

  if (row == NULL)
    return GTK_INVALID_LIST_POSITION;
  return ramo_tree_row_get_position (row);
}

/**
 * ramo_session_tree_is_filling:
 * @self: a session tree
 *
 * After a filter or search change, the projection may lay the rows out over a few main-loop
 * turns (ramo_projection_set_layout_in_steps()), the rows before shown meanwhile; then the
 * model holds the rows in view at first; the others are put in (and unfolded) after the frame
 * that shows them, a few milliseconds at a time.
 *
 * Returns: whether rows are still to be laid out or put in the model
 */
gboolean
ramo_session_tree_is_filling (RamoSessionTree *self)
{
  g_return_val_if_fail (RAMO_IS_SESSION_TREE (self), FALSE);
  return (self->projection != NULL && ramo_projection_is_laying_out (self->projection)) ||
         _ramo_session_tree_rest_pending (self);
}

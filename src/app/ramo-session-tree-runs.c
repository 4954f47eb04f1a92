/* ramo-session-tree-runs.c
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

/* What a new tree list model holds at first (see build_around() in ramo-session-tree-fill.c):
 * the runs of rows of each of the projection's lists that the first frame shows around the
 * row it selects, found by walking the lists in the order the rows are shown once every row
 * is unfolded, without making a row of the tree list model; and the rows above those, which
 * come after the frame. */

/* A place in the rows shown once every row is unfolded (but those the user folded): a list of
 * the projection, and a position in it. */
typedef struct
{
  GListModel *list;      /* the projection, or a node */
  guint       position;
  guint       n_items;
} Place;

/* The row at @place (transfer none: the projection keeps its nodes). */
static RamoProjectionNode *
place_node (const Place *place)
{
  RamoProjectionNode *node = g_list_model_get_item (place->list, place->position);

  g_object_unref (node);
  return node;
}

static gboolean
shows_unfolded (RamoProjectionNode *node,
                GHashTable         *folded)
{
  return ramo_projection_node_has_children (node) &&
         !g_hash_table_contains (folded, ramo_projection_node_get_id (node));
}

static void
touch (GHashTable  *runs,
       const Place *place)
{
  Run *run = g_hash_table_lookup (runs, place->list);

  if (run == NULL)
    {
      run = g_new (Run, 1);
      run->first = run->last = place->position;
      g_hash_table_insert (runs, place->list, run);
    }
  run->first = MIN (run->first, place->position);
  run->last = MAX (run->last, place->position);
}

static void
push_place (GArray     *stack,
            GHashTable *runs,
            GListModel *list,
            guint       position)
{
  Place place = { list, position, g_list_model_get_n_items (list) };

  g_array_append_val (stack, place);
  touch (runs, &place);
}

/* The list of @path's level @level: @first (the top list, or the row above the path) for the
 * first one. */
GListModel *
_ramo_session_tree_path_list (GListModel *first,
                              GPtrArray  *path,
                              guint       level)
{
  return level == 0 ? first : G_LIST_MODEL (g_ptr_array_index (path, 2 * (level - 1)));
}

/* The places from @first (the list holding @path's first row: see
 * ramo_projection_dup_node_path_tail()) down to @path's last row, each touched. */
static GArray *
stack_of_path (GListModel *first,
               GPtrArray  *path,
               GHashTable *runs)
{
  GArray *stack = g_array_new (FALSE, FALSE, sizeof (Place));

  for (guint i = 0; i + 1 < path->len; i += 2)
    push_place (stack, runs, _ramo_session_tree_path_list (first, path, i / 2), GPOINTER_TO_UINT (g_ptr_array_index (path, i + 1)));
  return stack;
}

/* The runs of rows of each list that show @around rows before and after the last row of
 * @path, once every row is unfolded but those in @folded: the rows read on the way (the
 * ancestors of each) are touched too. @path may be the end of the path from the top
 * (@first holds its first row); *@min_level is the shallowest level of it the rows reach, and
 * *@too_short says whether they reach above it. */
GHashTable *
_ramo_session_tree_runs_around (GListModel *first,
                                GPtrArray  *path,
                                GHashTable *folded,
                                guint       around,
                                guint      *min_level,
                                gboolean   *too_short)
{
  GHashTable *runs = g_hash_table_new_full (NULL, NULL, NULL, g_free);
  g_autoptr(GArray) back = stack_of_path (first, path, runs);
  g_autoptr(GArray) ahead = stack_of_path (first, path, runs);

  *min_level = back->len - 1;
  *too_short = FALSE;

  /* the rows before: the one before in the same list, or the last row under it (all the way
   * down); before the first row of a list comes the row that holds it */
  for (guint i = 0; i < around && back->len > 0; i++)
    {
      Place *top = &g_array_index (back, Place, back->len - 1);

      if (top->position == 0)
        {
          g_array_set_size (back, back->len - 1);
          /* the row before is the one that holds the list */
          if (back->len == 0)
            *too_short = TRUE;
          else
            *min_level = MIN (*min_level, back->len - 1);
          continue;
        }
      top->position--;
      touch (runs, top);
      for (RamoProjectionNode *node = place_node (top); shows_unfolded (node, folded);)
        {
          push_place (back, runs, G_LIST_MODEL (node), g_list_model_get_n_items (G_LIST_MODEL (node)) - 1);
          top = &g_array_index (back, Place, back->len - 1);
          node = place_node (top);
        }
    }

  /* the rows after: the first row under it, or the next one in the same list (or in the
   * list of the row that holds it, and so up) */
  for (guint i = 0; i < around && ahead->len > 0; i++)
    {
      Place *top = &g_array_index (ahead, Place, ahead->len - 1);
      RamoProjectionNode *node = place_node (top);

      if (shows_unfolded (node, folded))
        {
          push_place (ahead, runs, G_LIST_MODEL (node), 0);
          continue;
        }
      while (top->position + 1 >= top->n_items)
        {
          g_array_set_size (ahead, ahead->len - 1);
          if (ahead->len == 0)
            {
              /* the rows after are after the row that holds the list */
              *too_short = TRUE;
              return runs;
            }
          *min_level = MIN (*min_level, ahead->len - 1);
          top = &g_array_index (ahead, Place, ahead->len - 1);
        }
      top->position++;
      touch (runs, top);
    }
  return runs;
}

/* A model made around a row deep in the tree starts at the shallowest list its first frame
 * shows (build_around()); the rows above come after that frame, one level at a time, until
 * @deadline (0: all of them): each is put above the top rows, over a slice of its own list
 * holding only that row (the rest of it is grown later, as every slice is: grow_partial()).
 * Until then the model's top list is that of @grow_up_node, and anything that looks for a row
 * from the top has the rest made at once (_ramo_session_tree_finish_grow_up()). Returns
 * whether rows are still to come. */
gboolean
_ramo_session_tree_grow_up (RamoSessionTree *self,
                            gint64           deadline)
{
  gboolean was = self->unfolding;

  self->unfolding = TRUE;
  while (self->grow_up_node != NULL && self->tree_model != NULL &&
         (deadline == 0 || g_get_monotonic_time () < deadline))
    {
      RamoProjectionNode *above = NULL;
      g_autoptr(GPtrArray) step = _ramo_session_tree_dup_path_tail (self, ramo_projection_node_get_entry (self->grow_up_node),
                                                                    1, &above, NULL);
      GListModel *list = above ? G_LIST_MODEL (above) : _ramo_session_tree_top_list (self, self->projection);
      RamoListSlice *slice;

      /* (a model never sees a layout its rows are not in: the tree makes a new one first) */
      if (step == NULL || g_ptr_array_index (step, 0) != self->grow_up_node)
        {
          g_warn_if_reached ();
          g_clear_object (&self->grow_up_node);
          break;
        }
      slice = ramo_list_slice_new (list, GPOINTER_TO_UINT (g_ptr_array_index (step, 1)), 1);
      if (!ramo_list_slice_is_whole (slice))
        {
          if (self->grown_up == NULL)
            self->grown_up = g_ptr_array_new_with_free_func (g_object_unref);
          g_ptr_array_add (self->grown_up, g_object_ref (slice));
        }
      ramo_tree_model_grow_up (self->tree_model, G_LIST_MODEL (slice));
      g_set_object (&self->grow_up_node, above);
    }
  self->unfolding = was;
  if (self->tree_model == NULL)
    g_clear_object (&self->grow_up_node);
  if (self->grow_up_node == NULL && self->grown_up != NULL)
    {
      /* the slices grow the deepest first (grow_partial() takes the last): a slice taking in
       * rows after a deep row finds the end of the rows under it from the top down */
      g_autoptr(GPtrArray) grown_up = g_steal_pointer (&self->grown_up);
      GPtrArray *partial = g_ptr_array_new_with_free_func (g_object_unref);

      for (guint i = grown_up->len; i > 0; i--)
        g_ptr_array_add (partial, g_object_ref (g_ptr_array_index (grown_up, i - 1)));
      for (guint i = 0; self->partial != NULL && i < self->partial->len; i++)
        g_ptr_array_add (partial, g_object_ref (g_ptr_array_index (self->partial, i)));
      g_clear_pointer (&self->partial, g_ptr_array_unref);
      self->partial = partial;
    }
  return self->grow_up_node != NULL;
}

/* Makes the rows above the model's top rows now (see _ramo_session_tree_grow_up()). */
void
_ramo_session_tree_finish_grow_up (RamoSessionTree *self)
{
  _ramo_session_tree_grow_up (self, 0);
}

/* ramo-session-tree.c
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

#include <adwaita.h>
#include <glib/gi18n.h>

#include "ramo-app-util.h"
#include "ramo-list-slice.h"
#include "ramo-list-view.h"
#include "ramo-session-row.h"
#include "ramo-session-tree.h"
#include "ramo-tree-expander.h"

/**
 * RamoSessionTree:
 *
 * The session tree view. It is the one place that assembles projection → GtkTreeListModel →
 * GtkSingleSelection → #RamoListView, and the only code that touches GtkTreeListRow.
 *
 * The projection rebuilds its whole layout when the filter, the search or the entries change;
 * the tree then keeps the selection on the entry the user chose (or its nearest visible
 * ancestor), keeps folded rows folded unless the filter or the search changed (as pi clears
 * folds then), and keeps the keyboard focus in the list. Unlike pi, the entry the user chose
 * is remembered while an ancestor stands in for it: turning a filter off again (or clearing
 * the search) returns to that entry rather than staying on the ancestor. It also rebuilds the projection after
 * the leaf moves, so that the branch holding the leaf is listed first (spec §7).
 *
 * Activating a row runs `win.navigate` with the entry id; the row menu and Shift+L use the
 * other window actions, so the keyboard, the mouse and scripts share one code path.
 */

struct _RamoSessionTree
{
  GtkWidget           parent_instance;

  RamoProjection     *projection;
  GtkTreeListModel   *tree_model;
  GListStore         *tree_models;     /* (element-type GListModel) under the view */
  GtkSingleSelection *selection;
  GSignalGroup       *projection_signals;
  GSignalGroup       *manager_signals;

  char               *selected_id;     /* the entry of the selected row */
  char               *wanted_id;       /* the entry the user chose; may be hidden now */
  GHashTable         *folded;          /* entry ids of rows the user folded */
  char               *pending_edit_id;

  guint               leaf_rebuild_id;
  guint               after_layout_id;
  guint               after_layout_tries;
  guint               select_after_fold;

  guint               in_rebuild : 1;
  guint               clear_folds : 1;
  guint               had_focus : 1;
  guint               want_scroll : 1;
  guint               want_focus : 1;
  guint               keep_scroll : 1;
  guint               leaf_rebuild_live : 1;
  guint               rebuild_live : 1;
  guint               focus_if_visible : 1;
  guint               unfolding : 1;
  guint               models_fresh : 1;
  guint               unfold_id;
  GPtrArray          *to_unfold;     /* (element-type GtkTreeListRow) rows the user unfolded */
  guint               unfold_rest_id;
  gulong              unfold_rest_paint_id;  /* after-paint on the frame clock */
  guint               unfold_rest_timeout_id;
  GdkFrameClock      *unfold_rest_clock;
  GPtrArray          *to_unfold_rest; /* (element-type GtkTreeListRow) see unfold_rest() */
  GPtrArray          *partial;        /* (element-type RamoListSlice) lists of the model to grow */
  RamoProjection     *prepared_projection;  /* ramo_session_tree_prepare() */
  GtkTreeListModel   *prepared_model;
  gulong              prepared_handler;  /* items-changed on the prepared projection */
  gulong              items_handler;     /* items-changed on the projection */
  GPtrArray          *replaced_models;   /* (element-type GtkTreeListModel) to free */
  guint               free_replaced_id;

  GtkStack           *stack;
  RamoListView       *list_view;
  GtkPopover         *menu_popover;
};

G_DEFINE_FINAL_TYPE (RamoSessionTree, ramo_session_tree, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_PROJECTION,
  PROP_SELECTED_ID,
  N_PROPS
};

static GParamSpec *properties [N_PROPS];

static void cancel_unfold_rest (RamoSessionTree *self);
static void queue_after_layout (RamoSessionTree *self,
                                gboolean         scroll,
                                gboolean         focus);
static void unfold_below       (RamoSessionTree *self,
                                GtkTreeListRow  *row);

/* What build_around() puts in a new tree list model: of each list it touches, the run of rows
 * from the first to the last touched; of the other lists it unfolds, none yet. */
typedef struct
{
  guint first;
  guint last;
} Run;

typedef struct
{
  GHashTable *runs;      /* GListModel (the projection, or a node) → Run */
  GHashTable *folded;    /* (borrowed) ids of the rows the user folded */
  GPtrArray  *partial;   /* (element-type RamoListSlice) lists not whole */
  GPtrArray  *to_fold;   /* (element-type RamoProjectionNode) folded rows it unfolded */
} Build;

/* The build under way: the tree list model asks for its lists while it is made, with nothing
 * to tell which build it is for. Set only while build_around() makes the model. */
static Build *building;

static GListModel *
create_child_model_cb (gpointer item,
                       gpointer user_data)
{
  RamoProjectionNode *node = item;
  RamoListSlice *slice;
  Run *run;

  if (!RAMO_IS_PROJECTION_NODE (node) || !ramo_projection_node_has_children (node))
    return NULL;
  if (building == NULL)
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
static GtkTreeListRow *
child_row_at (RamoSessionTree  *self,
              GtkTreeListModel *model,
              GtkTreeListRow   *row,
              guint             position)
{
  GListModel *list = row ? gtk_tree_list_row_get_children (row) : gtk_tree_list_model_get_model (model);
  guint start;

  if (list == NULL)
    return NULL;
  take_in_position (self, list, position);
  start = RAMO_IS_LIST_SLICE (list) ? ramo_list_slice_get_start (RAMO_LIST_SLICE (list)) : 0;
  if (position < start)
    return NULL;
  return row ? gtk_tree_list_row_get_child_row (row, position - start)
             : gtk_tree_list_model_get_child_row (model, position - start);
}

static GtkTreeListRow *
get_row (RamoSessionTree *self,
         guint            position)
{
  return gtk_tree_list_model_get_row (self->tree_model, position);
}

static RamoProjectionNode *
row_get_node (GtkTreeListRow *row)
{
  /* transfer full */
  return GTK_IS_TREE_LIST_ROW (row) ? gtk_tree_list_row_get_item (row) : NULL;
}

static void
set_selected_id (RamoSessionTree *self,
                 const char      *id)
{
  g_assert (RAMO_IS_SESSION_TREE (self));

  if (g_strcmp0 (self->selected_id, id) == 0)
    return;

  g_free (self->selected_id);
  self->selected_id = g_strdup (id);
  g_object_notify_by_pspec (G_OBJECT (self), properties [PROP_SELECTED_ID]);
}

static void
update_empty_state (RamoSessionTree *self)
{
  gboolean empty;

  g_assert (RAMO_IS_SESSION_TREE (self));

  empty = self->projection == NULL || g_list_model_get_n_items (G_LIST_MODEL (self->projection)) == 0;
  gtk_stack_set_visible_child_name (self->stack, empty ? "empty" : "list");
}

static void
selection_changed_cb (RamoSessionTree    *self,
                      GParamSpec         *pspec,
                      GtkSingleSelection *selection)
{
  GtkTreeListRow *row;
  g_autoptr(RamoProjectionNode) node = NULL;

  g_assert (RAMO_IS_SESSION_TREE (self));

  /* During a rebuild the rows belong to a layout that is going away. */
  if (self->in_rebuild)
    return;

  row = gtk_single_selection_get_selected_item (selection);
  node = row_get_node (row);
  if (node == NULL)
    return;

  /* The same row, moved by rows folded, unfolded or appended above it: not a choice. (When
   * it stands in for a hidden entry, that entry stays the one wanted.) */
  if (g_strcmp0 (ramo_projection_node_get_id (node), self->selected_id) == 0)
    return;

  g_free (self->wanted_id);
  self->wanted_id = g_strdup (ramo_projection_node_get_id (node));
  set_selected_id (self, self->wanted_id);
}

static void
tree_items_changed_cb (RamoSessionTree *self,
                       guint            position,
                       guint            removed,
                       guint            added,
                       GListModel      *model)
{
  g_autoptr(GtkTreeListRow) row = NULL;
  g_autoptr(RamoProjectionNode) node = NULL;

  g_assert (RAMO_IS_SESSION_TREE (self));

  /* A row folding or unfolding changes the rows just below it; remember which rows the user
   * folded so that they stay folded across rebuilds. */
  if (self->in_rebuild || self->unfolding || position == 0 || (removed == 0) == (added == 0))
    return;

  row = get_row (self, position - 1);
  if (row == NULL || !gtk_tree_list_row_is_expandable (row))
    return;
  node = row_get_node (row);
  if (node == NULL)
    return;

  if (gtk_tree_list_row_get_expanded (row))
    {
      g_hash_table_remove (self->folded, ramo_projection_node_get_id (node));
      unfold_below (self, row);
    }
  else
    {
      guint selected = self->selection ? gtk_single_selection_get_selected (self->selection) : GTK_INVALID_LIST_POSITION;

      g_hash_table_add (self->folded, g_strdup (ramo_projection_node_get_id (node)));

      /* Folding away the selected row selects the folded one. This runs before the selection
       * model sees the change (the old position is still current); select once it has. */
      if (selected != GTK_INVALID_LIST_POSITION && selected >= position && selected < position + removed)
        self->select_after_fold = position - 1;
    }
}

static void
selection_items_changed_cb (RamoSessionTree *self,
                            guint            position,
                            guint            removed,
                            guint            added,
                            GListModel      *model)
{
  guint target = self->select_after_fold;

  g_assert (RAMO_IS_SESSION_TREE (self));

  self->select_after_fold = GTK_INVALID_LIST_POSITION;
  if (target != GTK_INVALID_LIST_POSITION && target < g_list_model_get_n_items (model))
    gtk_single_selection_set_selected (self->selection, target);
}

static gboolean
focus_is_inside (GtkWidget *widget)
{
  GtkRoot *root = gtk_widget_get_root (widget);
  GtkWidget *focus = root ? gtk_root_get_focus (root) : NULL;

  return focus != NULL && (focus == widget || gtk_widget_is_ancestor (focus, widget));
}

/* GtkTreeListModel (GTK 4.8) handles its root list being replaced in one items-changed by
 * removing and inserting row after row: seconds for 70,000 top-level rows (pi's long chains
 * are flat). New models over the new layout cost far less, so a rebuild the user asked for gets
 * a new tree list model (see swap_models()). A live update keeps the models: only through
 * them does the list view keep its scroll position. */
static void
forget_tree_model (RamoSessionTree *self)
{
  g_assert (RAMO_IS_SESSION_TREE (self));

  /* rows waiting to be unfolded belong to this model */
  g_clear_handle_id (&self->unfold_id, g_source_remove);
  g_clear_pointer (&self->to_unfold, g_ptr_array_unref);
  cancel_unfold_rest (self);
  if (self->tree_model)
    g_signal_handlers_disconnect_by_data (self->tree_model, self);
  g_clear_object (&self->tree_model);
}

static void
drop_models (RamoSessionTree *self)
{
  g_assert (RAMO_IS_SESSION_TREE (self));

  forget_tree_model (self);
  ramo_list_view_set_model (self->list_view, NULL);
  if (self->selection)
    g_signal_handlers_disconnect_by_data (self->selection, self);
  g_clear_object (&self->selection);
  g_clear_object (&self->tree_models);
}

/* Unfolds every row that has rows nested under it, except those the user folded, down the
 * whole tree; rows unfolded already are left as they are (their lists are still searched:
 * lines appended in place can add unfoldable rows anywhere). Only unfoldable rows are
 * looked at: a GtkTreeListModel that unfolds by itself (autoexpand) asks for every row of a
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
      g_autoptr(GtkTreeListRow) row = g_ptr_array_steal_index (stack, stack->len - 1);
      g_autoptr(RamoProjectionNode) node = gtk_tree_list_row_get_item (row);
      g_autoptr(GArray) positions = NULL;

      if (node == NULL || (folded && g_hash_table_contains (folded, ramo_projection_node_get_id (node))))
        continue;
      if (!gtk_tree_list_row_get_expanded (row))
        gtk_tree_list_row_set_expanded (row, TRUE);
      if (!gtk_tree_list_row_get_expanded (row))
        continue;

      positions = ramo_projection_dup_unfoldable (projection, node);
      for (guint i = positions->len; i > 0; i--)
        {
          GtkTreeListRow *child = child_row_at (self, NULL, row, g_array_index (positions, guint, i - 1));

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
                    GtkTreeListModel *model)
{
  GPtrArray *stack = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(GArray) top = ramo_projection_dup_unfoldable (projection, NULL);

  for (guint i = top->len; i > 0; i--)
    {
      GtkTreeListRow *row = child_row_at (self, model, NULL, g_array_index (top, guint, i - 1));

      if (row)
        g_ptr_array_add (stack, row);
    }
  return stack;
}

static void
unfold_rows (RamoSessionTree  *self,
             RamoProjection   *projection,
             GtkTreeListModel *model,
             GHashTable       *folded)
{
  g_autoptr(GPtrArray) stack = top_rows_to_unfold (self, projection, model);

  g_assert (RAMO_IS_SESSION_TREE (self));

  unfold_from (self, projection, folded, stack, 0);
}

/* A row the user unfolds shows its rows as they were: unfolded, but for those the user folded
 * (the model itself makes the rows under it folded). */
static gboolean
unfold_below_cb (gpointer data)
{
  RamoSessionTree *self = data;
  g_autoptr(GPtrArray) stack = g_steal_pointer (&self->to_unfold);

  self->unfold_id = 0;
  if (stack && self->tree_model)
    unfold_from (self, self->projection, self->folded, stack, 0);
  return G_SOURCE_REMOVE;
}

/* Called while the tree list model tells its views of the change: the rows below are
 * unfolded just after, once every view has taken in this one. */
static void
unfold_below (RamoSessionTree *self,
              GtkTreeListRow  *row)
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
 * GTK 4.8's tree list model inserts every row of a list it unfolds and works out the row's
 * position on each unfold: 20-40 ms for a 70,000-row session nesting 430 levels deep. Rows
 * added above the view leave the rows in view where they are (RamoListView keeps them). */
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

  if (grow_partial (self, GROW_STEP, deadline))
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

static void
cancel_unfold_rest (RamoSessionTree *self)
{
  g_clear_handle_id (&self->unfold_rest_id, g_source_remove);
  g_clear_pointer (&self->to_unfold_rest, g_ptr_array_unref);
  g_clear_pointer (&self->partial, g_ptr_array_unref);
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

static gboolean
rest_pending (RamoSessionTree *self)
{
  return self->partial != NULL || self->to_unfold_rest != NULL || self->unfold_rest_id != 0 ||
         self->unfold_rest_paint_id != 0 || self->unfold_rest_timeout_id != 0;
}

/* Does at once what the rest pass still has to do: every row is in the model then. */
static void
finish_rest (RamoSessionTree *self)
{
  if (!rest_pending (self))
    return;
  if (self->tree_model != NULL)
    grow_partial (self, 0, 0);
  cancel_unfold_rest (self);
  if (self->tree_model != NULL)
    unfold_rows (self, self->projection, self->tree_model, self->folded);
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
 * drawn (at once when there is no frame to wait for). */
static void
unfold_rest (RamoSessionTree *self)
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

/* The places from the top list down to @path's last row (see ramo_projection_dup_node_path()),
 * each touched. */
static GArray *
stack_of_path (RamoProjection *projection,
               GPtrArray      *path,
               GHashTable     *runs)
{
  GArray *stack = g_array_new (FALSE, FALSE, sizeof (Place));

  for (guint i = 0; i + 1 < path->len; i += 2)
    push_place (stack, runs, i == 0 ? G_LIST_MODEL (projection) : G_LIST_MODEL (g_ptr_array_index (path, i - 2)),
                GPOINTER_TO_UINT (g_ptr_array_index (path, i + 1)));
  return stack;
}

/* The runs of rows of each list that show @around rows before and after the last row of
 * @path, once every row is unfolded but those in @folded: the rows read on the way (the
 * ancestors of each) are touched too. */
static GHashTable *
runs_around (RamoProjection *projection,
             GPtrArray      *path,
             GHashTable     *folded,
             guint           around)
{
  GHashTable *runs = g_hash_table_new_full (NULL, NULL, NULL, g_free);
  g_autoptr(GArray) back = stack_of_path (projection, path, runs);
  g_autoptr(GArray) ahead = stack_of_path (projection, path, runs);

  /* the rows before: the one before in the same list, or the last row under it (all the way
   * down); before the first row of a list comes the row that holds it */
  for (guint i = 0; i < around && back->len > 0; i++)
    {
      Place *top = &g_array_index (back, Place, back->len - 1);

      if (top->position == 0)
        {
          g_array_set_size (back, back->len - 1);
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
            return runs;
          top = &g_array_index (ahead, Place, ahead->len - 1);
        }
      top->position++;
      touch (runs, top);
    }
  return runs;
}

/* The row of @path's last entry in @model (made by build_around()). */
static GtkTreeListRow *
row_of_path (RamoSessionTree  *self,
             GtkTreeListModel *model,
             GPtrArray        *path)
{
  g_autoptr(GtkTreeListRow) row = NULL;

  for (guint i = 0; i + 1 < path->len; i += 2)
    {
      GtkTreeListRow *child = child_row_at (self, model, row, GPOINTER_TO_UINT (g_ptr_array_index (path, i + 1)));

      g_clear_object (&row);
      row = child;
      if (row == NULL)
        return NULL;
    }
  return g_steal_pointer (&row);
}

/* Makes a tree list model that holds, of the projection's current layout, the rows shown
 * @around rows above and below @target's row (and the rows above them in the tree), as they
 * are shown once every row is unfolded but those the user folded; nothing else. The model
 * unfolds the rows as it is made (autoexpand), without working out a position for each as
 * unfolding them one by one does. @partial gets the model's lists that are not whole (to grow
 * after the first frame: see unfold_rest()), @position the position of @target's row.
 * Returns NULL when @target has no row. */
static GtkTreeListModel *
build_around (RamoSessionTree  *self,
              RamoEntry        *target,
              guint             around,
              GPtrArray       **partial,
              guint            *position)
{
  g_autoptr(GPtrArray) path = ramo_projection_dup_node_path (self->projection, target);
  g_autoptr(GtkTreeListRow) row = NULL;
  RamoListSlice *top;
  GtkTreeListModel *model;
  Build build;
  Run *run;

  g_assert (RAMO_IS_SESSION_TREE (self));
  g_assert (building == NULL);

  if (path == NULL)
    return NULL;

  /* the rows above the one chosen come unfolded */
  for (guint i = 0; i + 2 < path->len; i += 2)
    g_hash_table_remove (self->folded, ramo_projection_node_get_id (g_ptr_array_index (path, i)));

  build.runs = runs_around (self->projection, path, self->folded, around);
  build.folded = self->folded;
  build.partial = g_ptr_array_new_with_free_func (g_object_unref);
  build.to_fold = g_ptr_array_new_with_free_func (g_object_unref);

  run = g_hash_table_lookup (build.runs, self->projection);
  g_assert (run != NULL);
  top = ramo_list_slice_new (G_LIST_MODEL (self->projection), run->first, run->last - run->first + 1);
  if (!ramo_list_slice_is_whole (top))
    g_ptr_array_add (build.partial, g_object_ref (top));

  building = &build;
  model = gtk_tree_list_model_new (G_LIST_MODEL (top), FALSE, TRUE, create_child_model_cb, NULL, NULL);
  building = NULL;
  gtk_tree_list_model_set_autoexpand (model, FALSE);

  /* rows the user folded, unfolded with nothing in them: folded again */
  self->unfolding = TRUE;
  for (guint i = 0; i < build.to_fold->len; i++)
    {
      RamoEntry *entry = ramo_projection_node_get_entry (g_ptr_array_index (build.to_fold, i));
      g_autoptr(GPtrArray) folded_path = ramo_projection_dup_node_path (self->projection, entry);
      g_autoptr(GtkTreeListRow) folded_row = folded_path ? row_of_path (self, model, folded_path) : NULL;

      if (folded_row)
        gtk_tree_list_row_set_expanded (folded_row, FALSE);
    }
  self->unfolding = FALSE;

  row = row_of_path (self, model, path);
  *position = row ? gtk_tree_list_row_get_position (row) : GTK_INVALID_LIST_POSITION;
  *partial = g_steal_pointer (&build.partial);
  g_ptr_array_unref (build.to_fold);
  g_hash_table_unref (build.runs);
  return model;
}

static guint find_wanted_row   (RamoSessionTree *self);
static RamoEntry *wanted_entry (RamoSessionTree *self);
static void  select_wanted_row (RamoSessionTree *self,
                                guint            position);

/* Makes a tree list model over the projection's current layout, every row unfolded but those
 * the user folded (before any view sees it: one change instead of one per unfolded row). */
static GtkTreeListModel *
new_tree_model (RamoSessionTree *self,
                RamoProjection  *projection,
                GHashTable      *folded,
                gboolean         unfold)
{
  GListModel *top = G_LIST_MODEL (ramo_list_slice_new (G_LIST_MODEL (projection), 0, G_MAXUINT));
  GtkTreeListModel *model = gtk_tree_list_model_new (top, FALSE, FALSE, create_child_model_cb, NULL, NULL);

  if (unfold)
    unfold_rows (self, projection, model, folded);
  return model;
}

static void
drop_prepared (RamoSessionTree *self)
{
  if (self->prepared_projection)
    g_clear_signal_handler (&self->prepared_handler, self->prepared_projection);
  g_clear_object (&self->prepared_projection);
  g_clear_object (&self->prepared_model);
}

static void
make_tree_model (RamoSessionTree *self,
                 gboolean         unfold)
{
  g_assert (RAMO_IS_SESSION_TREE (self));
  g_assert (self->projection != NULL);
  g_assert (self->tree_model == NULL);

  /* made ahead by ramo_session_tree_prepare() over the same layout (a new projection: no
   * folds yet); one made for a projection still to come is kept */
  if (self->prepared_projection == self->projection)
    {
      if (self->prepared_model != NULL && g_hash_table_size (self->folded) == 0)
        self->tree_model = g_steal_pointer (&self->prepared_model);
      drop_prepared (self);
    }
  if (self->tree_model == NULL)
    self->tree_model = new_tree_model (self, self->projection, self->folded, unfold);
  g_signal_connect_object (self->tree_model, "items-changed",
                           G_CALLBACK (tree_items_changed_cb), self, G_CONNECT_SWAPPED);
}

/* Makes the models the list view shows: the tree list model inside a flattening list (which
 * lets swap_models() put a new one in place under the same selection), and the selection. */
static void
build_models (RamoSessionTree *self)
{
  g_assert (RAMO_IS_SESSION_TREE (self));
  g_assert (self->selection == NULL);

  make_tree_model (self, TRUE);
  self->tree_models = g_list_store_new (G_TYPE_LIST_MODEL);
  g_list_store_append (self->tree_models, self->tree_model);

  self->selection = gtk_single_selection_new (G_LIST_MODEL (gtk_flatten_list_model_new (g_object_ref (G_LIST_MODEL (self->tree_models)))));
  gtk_single_selection_set_autoselect (self->selection, FALSE);
  gtk_single_selection_set_can_unselect (self->selection, TRUE);
  g_signal_connect_object (self->selection, "notify::selected",
                           G_CALLBACK (selection_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->selection, "items-changed",
                           G_CALLBACK (selection_items_changed_cb), self, G_CONNECT_SWAPPED);

  ramo_list_view_set_model (self->list_view, GTK_SELECTION_MODEL (self->selection));
}

static gboolean
free_replaced_cb (gpointer data)
{
  RamoSessionTree *self = data;

  self->free_replaced_id = 0;
  g_clear_pointer (&self->replaced_models, g_ptr_array_unref);
  return G_SOURCE_REMOVE;
}

/* Frees @model (a replaced tree list model) after the next frame. */
static void
free_replaced (RamoSessionTree  *self,
               GtkTreeListModel *model)
{
  ramo_list_slice_detach (RAMO_LIST_SLICE (gtk_tree_list_model_get_model (model)));
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
static void
swap_models (RamoSessionTree *self)
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
  forget_tree_model (self);

  /* the rows that will be in view now, the others after the frame; the last row stands in
   * when nothing of the wanted entry's ancestry is shown (find_entry_row()): every row is
   * needed to know which it is */
  target = ramo_projection_nearest_visible (self->projection, wanted_entry (self));
  if (target != NULL && self->prepared_projection != self->projection)
    self->tree_model = build_around (self, target, ramo_list_view_get_n_rows_in_view (self->list_view) + 4,
                                     &partial, &position);
  if (self->tree_model != NULL)
    {
      g_signal_connect_object (self->tree_model, "items-changed",
                               G_CALLBACK (tree_items_changed_cb), self, G_CONNECT_SWAPPED);
      self->partial = g_steal_pointer (&partial);
      unfold_rest (self);
    }
  else
    {
      make_tree_model (self, TRUE);
      position = find_wanted_row (self);
    }

  /* GtkSingleSelection (GTK 4.8) looks for its selected item among all the rows added in
   * place of it: seconds for 70,000 new rows, each made on demand. Nothing is selected then. */
  gtk_single_selection_set_selected (self->selection, GTK_INVALID_LIST_POSITION);
  added[0] = self->tree_model;
  g_list_store_splice (self->tree_models, 0, g_list_model_get_n_items (G_LIST_MODEL (self->tree_models)), added, 1);
  select_wanted_row (self, position);
  if (position != GTK_INVALID_LIST_POSITION)
    ramo_list_view_scroll_to_offset (self->list_view, position, offset);
  self->models_fresh = TRUE;
}

static void
projection_items_changed_cb (RamoSessionTree *self,
                             guint            position,
                             guint            removed,
                             guint            added,
                             GListModel      *model)
{
  g_assert (RAMO_IS_SESSION_TREE (self));

  /* a projection made ahead and not set yet: its model is not worth updating */
  if (model != G_LIST_MODEL (self->projection))
    {
      g_assert (model == G_LIST_MODEL (self->prepared_projection));
      drop_prepared (self);
      return;
    }

  /* Connected before the tree list model sees the change: the whole layout is about to be
   * replaced, and the old rows must not be read any more (after a reload their entries are
   * gone). RamoProjection::rebuilt follows. */
  self->in_rebuild = TRUE;
  self->had_focus = focus_is_inside (GTK_WIDGET (self->list_view));

  /* The old tree list model must not see the change: a new one takes its place now. */
  if (!(self->keep_scroll || self->rebuild_live))
    {
      if (self->clear_folds)
        g_hash_table_remove_all (self->folded);
      self->clear_folds = FALSE;
      swap_models (self);
    }
}

/* Finds the row of @entry, or of its nearest visible ancestor, unfolding the rows above it.
 * Returns its position in the tree list model, or GTK_INVALID_LIST_POSITION. */
static guint
find_entry_row (RamoSessionTree *self,
                RamoEntry       *entry)
{
  g_autoptr(GPtrArray) path = NULL;
  g_autoptr(GtkTreeListRow) row = NULL;
  RamoEntry *target;

  g_assert (RAMO_IS_SESSION_TREE (self));

  if (self->projection == NULL)
    return GTK_INVALID_LIST_POSITION;

  target = ramo_projection_nearest_visible (self->projection, entry);
  if (target == NULL)
    {
      guint n_items;

      /* pi: nothing of the chosen entry's ancestry is shown → the last row, once every row
       * is there */
      finish_rest (self);
      n_items = g_list_model_get_n_items (G_LIST_MODEL (self->tree_model));
      return n_items == 0 ? GTK_INVALID_LIST_POSITION : n_items - 1;
    }

  path = ramo_projection_dup_node_path (self->projection, target);
  if (path == NULL)
    return GTK_INVALID_LIST_POSITION;

  for (guint i = 0; i + 1 < path->len; i += 2)
    {
      GtkTreeListRow *child;

      if (row != NULL)
        {
          if (!gtk_tree_list_row_get_expanded (row))
            {
              gtk_tree_list_row_set_expanded (row, TRUE);
              /* the rest of the branch the user had folded comes back as it was */
              unfold_below (self, row);
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
  return gtk_tree_list_row_get_position (row);
}

/* The entry whose row to select after a rebuild: the entry the user chose; at first, the
 * leaf. */
static RamoEntry *
wanted_entry (RamoSessionTree *self)
{
  RamoSessionManager *manager = ramo_projection_get_manager (self->projection);
  RamoEntry *entry = NULL;

  if (self->wanted_id)
    entry = ramo_session_manager_get_entry (manager, self->wanted_id);
  if (entry == NULL)
    entry = ramo_session_manager_get_leaf (manager);
  return entry;
}

/* The row to select after a rebuild: that of the wanted entry, or of its nearest visible
 * ancestor. Returns its position in the tree list model, or GTK_INVALID_LIST_POSITION. */
static guint
find_wanted_row (RamoSessionTree *self)
{
  g_assert (RAMO_IS_SESSION_TREE (self));

  return find_entry_row (self, wanted_entry (self));
}

/* Selects the row at @position (from find_wanted_row()). */
static void
select_wanted_row (RamoSessionTree *self,
                   guint            position)
{
  g_autoptr(RamoProjectionNode) node = NULL;

  g_assert (RAMO_IS_SESSION_TREE (self));

  if (position == GTK_INVALID_LIST_POSITION)
    {
      /* Keep the wanted entry: it comes back when the rows do. */
      set_selected_id (self, NULL);
      return;
    }

  gtk_single_selection_set_selected (self->selection, position);
  node = row_get_node (gtk_single_selection_get_selected_item (self->selection));
  if (self->wanted_id == NULL && node)
    self->wanted_id = g_strdup (ramo_projection_node_get_id (node));
  set_selected_id (self, node ? ramo_projection_node_get_id (node) : NULL);
}

static RamoSessionRow *find_row_in (GtkWidget *widget);

/* Rows are rebound when the models are made anew; kept models keep their row widgets, which
 * must show the current search terms. */
static void
refresh_highlights (RamoSessionTree *self)
{
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self->list_view));
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      RamoSessionRow *row = find_row_in (child);

      if (row)
        ramo_session_row_refresh_highlight (row);
    }
}

static void
restore_selection (RamoSessionTree *self)
{
  select_wanted_row (self, find_wanted_row (self));
}

static void
projection_rebuilt_cb (RamoSessionTree *self,
                       RamoProjection  *projection)
{
  g_assert (RAMO_IS_SESSION_TREE (self));

  g_clear_handle_id (&self->leaf_rebuild_id, g_source_remove);

  self->in_rebuild = TRUE;
  if (self->clear_folds)
    g_hash_table_remove_all (self->folded);
  self->clear_folds = FALSE;
  /* ramo_session_tree_set_projection() made the models before connecting to the projection */
  g_assert (self->selection != NULL);
  if (self->models_fresh)
    {
      /* swap_models() made them over this layout and selected the row */
      self->models_fresh = FALSE;
    }
  else
    {
      /* the models were kept (lines appended, or a search that left the same rows): unfold
       * the rows that came with them, and mark the search terms anew */
      unfold_rows (self, self->projection, self->tree_model, self->folded);
      restore_selection (self);
      refresh_highlights (self);
    }
  /* the old rows held the keyboard focus: keep it in the list until the selected row takes
   * it (after_layout_cb) */
  if (self->had_focus && !focus_is_inside (GTK_WIDGET (self->list_view)))
    gtk_widget_grab_focus (GTK_WIDGET (self->list_view));
  self->in_rebuild = FALSE;

  update_empty_state (self);

  /* Lines another program appended leave the view where it was; anything the user did (a
   * filter, a search, a label, a navigation) shows the selected row. */
  queue_after_layout (self, !(self->keep_scroll || self->rebuild_live), self->had_focus);
  self->had_focus = FALSE;
}

static gboolean
leaf_rebuild_cb (gpointer data)
{
  RamoSessionTree *self = data;

  self->leaf_rebuild_id = 0;
  if (self->projection)
    {
      /* the leaf followed appended lines: as live as they are */
      self->rebuild_live = self->leaf_rebuild_live;
      if (self->rebuild_live)
        ramo_projection_update (self->projection);
      else
        ramo_projection_rebuild (self->projection);
      self->rebuild_live = FALSE;
    }
  self->leaf_rebuild_live = FALSE;
  return G_SOURCE_REMOVE;
}

/* An assistant turn with no text is shown only while it is the leaf (spec §7). */
static gboolean
shown_only_as_leaf (const RamoEntry *entry)
{
  return entry != NULL &&
         entry->type == RAMO_ENTRY_TYPE_MESSAGE &&
         entry->role == RAMO_MESSAGE_ROLE_ASSISTANT &&
         !(entry->flags & (RAMO_ENTRY_FLAG_HAS_TEXT | RAMO_ENTRY_FLAG_ABORTED | RAMO_ENTRY_FLAG_ERROR));
}

/* Whether @entry is one of several siblings (or several roots): the one holding the leaf is
 * listed first among them. */
static gboolean
has_siblings (RamoSessionManager *manager,
              const RamoEntry    *entry)
{
  if (entry->parent)
    return entry->parent->children != NULL && entry->parent->children->len > 1;
  return ramo_session_manager_get_roots (manager)->len > 1;
}

/* Walks the path of @from to the root; returns TRUE when an entry with siblings on it is not
 * in @other (the set of the other path's entries). */
static gboolean
path_leaves_set (RamoSessionManager *manager,
                 const RamoEntry    *from,
                 GHashTable         *other)
{
  guint guard = 0;

  for (const RamoEntry *e = from; e != NULL && guard <= ramo_session_manager_get_n_entries (manager); e = e->parent, guard++)
    if (!g_hash_table_contains (other, e) && has_siblings (manager, e))
      return TRUE;
  return FALSE;
}

static gboolean
leaf_move_changes_layout (RamoSessionManager *manager,
                          const RamoEntry    *old_leaf,
                          const RamoEntry    *new_leaf)
{
  g_autoptr(GHashTable) old_path = g_hash_table_new (NULL, NULL);
  g_autoptr(GHashTable) new_path = g_hash_table_new (NULL, NULL);
  guint guard = 0;

  if (shown_only_as_leaf (old_leaf) || shown_only_as_leaf (new_leaf))
    return TRUE;

  for (const RamoEntry *e = old_leaf; e != NULL && guard <= ramo_session_manager_get_n_entries (manager); e = e->parent, guard++)
    g_hash_table_add (old_path, (gpointer) e);
  guard = 0;
  for (const RamoEntry *e = new_leaf; e != NULL && guard <= ramo_session_manager_get_n_entries (manager); e = e->parent, guard++)
    g_hash_table_add (new_path, (gpointer) e);

  /* A branch entered or left changes which sibling comes first. */
  return path_leaves_set (manager, new_leaf, old_path) || path_leaves_set (manager, old_leaf, new_path);
}

static void
manager_leaf_changed_cb (RamoSessionTree    *self,
                         const char         *old_leaf_id,
                         RamoSessionManager *manager)
{
  g_assert (RAMO_IS_SESSION_TREE (self));

  /* The nodes already updated their markers. The layout needs redoing only when the leaf
   * changes which branch is listed first somewhere, or when it shows or hides a text-less
   * assistant turn. Appends rebuild at once and cancel this. */
  if (self->leaf_rebuild_id == 0 &&
      leaf_move_changes_layout (manager,
                                ramo_session_manager_get_entry (manager, old_leaf_id),
                                ramo_session_manager_get_leaf (manager)))
    {
      self->leaf_rebuild_live = self->keep_scroll;
      self->leaf_rebuild_id = g_idle_add_full (G_PRIORITY_DEFAULT_IDLE, leaf_rebuild_cb, self, NULL);
    }
}

static void
manager_reloaded_cb (RamoSessionTree    *self,
                     RamoSessionManager *manager)
{
  g_assert (RAMO_IS_SESSION_TREE (self));

  /* A branched session keeps the ids of its path; a selection there is still meaningful. */
  if (self->wanted_id && ramo_session_manager_get_entry (manager, self->wanted_id) == NULL)
    g_clear_pointer (&self->wanted_id, g_free);
}

/* ------------------------------------------------------------------------------------------ */
/* Finding row widgets                                                                         */

static RamoSessionRow *
find_row_in (GtkWidget *widget)
{
  if (RAMO_IS_SESSION_ROW (widget))
    return RAMO_SESSION_ROW (widget);

  for (GtkWidget *child = gtk_widget_get_first_child (widget);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      RamoSessionRow *row = find_row_in (child);

      if (row)
        return row;
    }
  return NULL;
}

/* The list view's own child (its row container) holding @widget. */
static GtkWidget *
list_item_widget_of (RamoSessionTree *self,
                     GtkWidget       *widget)
{
  for (GtkWidget *w = widget; w; w = gtk_widget_get_parent (w))
    if (gtk_widget_get_parent (w) == GTK_WIDGET (self->list_view))
      return w;
  return NULL;
}

/**
 * ramo_session_tree_find_row:
 * @self: a session tree
 * @id: an entry id
 *
 * Returns: (transfer none) (nullable): the row widget showing @id, if it is realized now
 */
RamoSessionRow *
ramo_session_tree_find_row (RamoSessionTree *self,
                            const char      *id)
{
  g_return_val_if_fail (RAMO_IS_SESSION_TREE (self), NULL);

  if (id == NULL)
    return NULL;

  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self->list_view));
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      RamoSessionRow *row;
      RamoProjectionNode *node;

      if (!gtk_widget_get_child_visible (child))
        continue;
      row = find_row_in (child);
      node = row ? ramo_session_row_get_node (row) : NULL;
      if (node && g_strcmp0 (ramo_projection_node_get_id (node), id) == 0)
        return row;
    }
  return NULL;
}

static gboolean
after_layout_cb (gpointer data)
{
  RamoSessionTree *self = data;
  guint position;
  gboolean done = TRUE;

  self->after_layout_id = 0;

  position = gtk_single_selection_get_selected (self->selection);
  if (position == GTK_INVALID_LIST_POSITION)
    goto finish;

  if (self->want_scroll)
    ramo_list_view_scroll_to (self->list_view, position);

  if (self->want_focus || self->pending_edit_id)
    {
      RamoSessionRow *row = ramo_session_tree_find_row (self, self->selected_id);

      if (row == NULL)
        done = FALSE;
      else if (self->pending_edit_id && g_strcmp0 (self->pending_edit_id, self->selected_id) == 0)
        {
          GtkWidget *item = list_item_widget_of (self, GTK_WIDGET (row));

          if (item)
            gtk_widget_grab_focus (item);
          ramo_session_row_start_editing (row);
        }
      else
        {
          GtkWidget *item = list_item_widget_of (self, GTK_WIDGET (row));
          graphene_rect_t bounds;

          /* After a live update, focusing a row scrolled out of view would scroll to it. */
          if (self->focus_if_visible &&
              (item == NULL ||
               !gtk_widget_compute_bounds (item, GTK_WIDGET (self->list_view), &bounds) ||
               bounds.origin.y < 0 ||
               bounds.origin.y + bounds.size.height > gtk_widget_get_height (GTK_WIDGET (self->list_view))))
            ;
          else if (item)
            gtk_widget_grab_focus (item);
          else
            gtk_widget_grab_focus (GTK_WIDGET (self->list_view));
        }
    }

finish:
  if (!done && ++self->after_layout_tries < 5)
    {
      /* The row appears once the list has been laid out with the new scroll position. */
      self->want_scroll = FALSE;
      self->after_layout_id = g_timeout_add (30, after_layout_cb, self);
      return G_SOURCE_REMOVE;
    }

  self->focus_if_visible = FALSE;

  self->want_scroll = FALSE;
  self->want_focus = FALSE;
  self->after_layout_tries = 0;
  g_clear_pointer (&self->pending_edit_id, g_free);
  return G_SOURCE_REMOVE;
}

static void
queue_after_layout (RamoSessionTree *self,
                    gboolean         scroll,
                    gboolean         focus)
{
  g_assert (RAMO_IS_SESSION_TREE (self));

  /* Only a live update asks for no scrolling; it does not take the view to the selection
   * then, not even through the focus (see after_layout_cb). */
  if (scroll)
    self->focus_if_visible = FALSE;
  else if (self->after_layout_id == 0)
    self->focus_if_visible = TRUE;
  self->want_scroll |= scroll;
  self->want_focus |= focus;
  self->after_layout_tries = 0;
  if (self->after_layout_id == 0)
    {
      /* after the list has been allocated with its new rows */
      self->after_layout_id = g_idle_add_full (G_PRIORITY_LOW, after_layout_cb, self, NULL);
    }
}

/* ------------------------------------------------------------------------------------------ */
/* Input                                                                                       */

static void
list_view_activate_cb (RamoSessionTree *self,
                       guint            position,
                       RamoListView    *list_view)
{
  g_autoptr(GtkTreeListRow) row = NULL;
  g_autoptr(RamoProjectionNode) node = NULL;

  g_assert (RAMO_IS_SESSION_TREE (self));

  row = get_row (self, position);
  node = row_get_node (row);
  if (node == NULL)
    return;

  gtk_widget_activate_action (GTK_WIDGET (self), "win.navigate", "s", ramo_projection_node_get_id (node));
}

static GMenuModel *
build_row_menu (RamoSessionTree    *self,
                RamoProjectionNode *node)
{
  g_autoptr(GMenu) menu = g_menu_new ();
  g_autoptr(GMenu) go = g_menu_new ();
  g_autoptr(GMenu) label = g_menu_new ();
  g_autoptr(GMenu) copy = g_menu_new ();
  const char *id = ramo_projection_node_get_id (node);
  RamoEntry *entry = ramo_projection_node_get_entry (node);
  g_autoptr(GMenuItem) item = NULL;

  item = g_menu_item_new (_("_Go Here"), NULL);
  g_menu_item_set_action_and_target_value (item, "win.navigate", g_variant_new_string (id));
  g_menu_item_set_attribute (item, "accel", "s", "Return");
  g_menu_append_item (go, item);
  g_clear_object (&item);

  if (ramo_entry_is_user_message (entry))
    {
      item = g_menu_item_new (_("_Branch to New Session…"), NULL);
      g_menu_item_set_action_and_target_value (item, "win.branch", g_variant_new_string (id));
      g_menu_append_item (go, item);
      g_clear_object (&item);
    }

  item = g_menu_item_new (_("Edit _Label…"), NULL);
  g_menu_item_set_action_and_target_value (item, "win.edit-label", g_variant_new_string (id));
  g_menu_item_set_attribute (item, "accel", "s", "<Shift>l");
  g_menu_append_item (label, item);
  g_clear_object (&item);

  if (ramo_projection_node_get_label (node) != NULL)
    {
      item = g_menu_item_new (_("_Remove Label"), NULL);
      g_menu_item_set_action_and_target_value (item, "win.set-label", g_variant_new ("(ss)", id, ""));
      g_menu_append_item (label, item);
      g_clear_object (&item);
    }

  item = g_menu_item_new (_("_Copy Text"), NULL);
  g_menu_item_set_action_and_target_value (item, "win.copy-entry", g_variant_new_string (id));
  g_menu_append_item (copy, item);
  g_clear_object (&item);

  item = g_menu_item_new (_("Copy Entry _ID"), NULL);
  g_menu_item_set_action_and_target_value (item, "win.copy-id", g_variant_new_string (id));
  g_menu_append_item (copy, item);
  g_clear_object (&item);

  g_menu_append_section (menu, NULL, G_MENU_MODEL (go));
  g_menu_append_section (menu, NULL, G_MENU_MODEL (label));
  g_menu_append_section (menu, NULL, G_MENU_MODEL (copy));
  return G_MENU_MODEL (g_steal_pointer (&menu));
}

static void
popup_menu_at (RamoSessionTree *self,
               RamoSessionRow  *row,
               double           x,
               double           y)
{
  g_autoptr(GMenuModel) model = NULL;
  RamoProjectionNode *node;
  GdkRectangle rect = { (int) x, (int) y, 1, 1 };

  g_assert (RAMO_IS_SESSION_TREE (self));

  node = ramo_session_row_get_node (row);
  if (node == NULL)
    return;

  model = build_row_menu (self, node);
  gtk_popover_menu_set_menu_model (GTK_POPOVER_MENU (self->menu_popover), model);
  gtk_popover_set_pointing_to (self->menu_popover, &rect);
  gtk_popover_popup (self->menu_popover);
}

static RamoSessionRow *
row_at (RamoSessionTree *self,
        double           x,
        double           y)
{
  GtkWidget *picked = gtk_widget_pick (GTK_WIDGET (self->list_view), x, y, GTK_PICK_DEFAULT);
  GtkWidget *item = picked ? list_item_widget_of (self, picked) : NULL;

  return item ? find_row_in (item) : NULL;
}

static void
secondary_pressed_cb (RamoSessionTree *self,
                      int              n_press,
                      double           x,
                      double           y,
                      GtkGestureClick *gesture)
{
  RamoSessionRow *row;
  double tx, ty;

  g_assert (RAMO_IS_SESSION_TREE (self));

  row = row_at (self, x, y);
  if (row == NULL)
    return;

  gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
  gtk_widget_activate_action (GTK_WIDGET (row), "listitem.select", "(bb)", FALSE, FALSE);

  if (!gtk_widget_translate_coordinates (GTK_WIDGET (self->list_view), GTK_WIDGET (self), x, y, &tx, &ty))
    tx = x, ty = y;
  popup_menu_at (self, row, tx, ty);
}

/**
 * ramo_session_tree_popup_menu:
 * @self: a session tree
 *
 * Shows the row menu of the selected row (the Menu key, Shift+F10).
 *
 * Returns: %TRUE when the menu is shown
 */
gboolean
ramo_session_tree_popup_menu (RamoSessionTree *self)
{
  RamoSessionRow *row;
  graphene_rect_t bounds;

  g_return_val_if_fail (RAMO_IS_SESSION_TREE (self), FALSE);

  row = ramo_session_tree_find_row (self, self->selected_id);
  if (row == NULL)
    return FALSE;
  if (!gtk_widget_compute_bounds (GTK_WIDGET (row), GTK_WIDGET (self), &bounds))
    return FALSE;
  popup_menu_at (self, row, bounds.origin.x + 24, bounds.origin.y + bounds.size.height);
  return TRUE;
}

/**
 * ramo_session_tree_get_menu:
 * @self: a session tree
 *
 * Returns: (transfer none): the row menu's popover
 */
GtkPopover *
ramo_session_tree_get_menu (RamoSessionTree *self)
{
  g_return_val_if_fail (RAMO_IS_SESSION_TREE (self), NULL);
  return self->menu_popover;
}

static GtkTreeListRow *
selected_row (RamoSessionTree *self)
{
  gpointer item = self->selection ? gtk_single_selection_get_selected_item (self->selection) : NULL;

  return GTK_IS_TREE_LIST_ROW (item) ? item : NULL;
}

static void
focus_position (RamoSessionTree *self,
                guint            position)
{
  gtk_single_selection_set_selected (self->selection, position);
  queue_after_layout (self, TRUE, TRUE);
}

/* Whether @keyval moves the cursor to an end of the list, a page away, or past an end of the
 * rows in the model. */
static gboolean
moves_far (RamoSessionTree *self,
           guint            keyval)
{
  guint selected = gtk_single_selection_get_selected (self->selection);
  guint n_items = g_list_model_get_n_items (G_LIST_MODEL (self->selection));

  switch (keyval)
    {
    case GDK_KEY_Home: case GDK_KEY_KP_Home:
    case GDK_KEY_End: case GDK_KEY_KP_End:
    case GDK_KEY_Page_Up: case GDK_KEY_KP_Page_Up:
    case GDK_KEY_Page_Down: case GDK_KEY_KP_Page_Down:
      return TRUE;
    case GDK_KEY_Up: case GDK_KEY_KP_Up:
      return selected == 0;
    case GDK_KEY_Down: case GDK_KEY_KP_Down:
      return selected == GTK_INVALID_LIST_POSITION || selected + 1 >= n_items;
    default:
      return FALSE;
    }
}

static gboolean
list_key_pressed_cb (RamoSessionTree       *self,
                     guint                  keyval,
                     guint                  keycode,
                     GdkModifierType        state,
                     GtkEventControllerKey *controller)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  GtkWidget *focus = root ? gtk_root_get_focus (root) : NULL;
  GdkModifierType mods = state & gtk_accelerator_get_default_mod_mask ();
  GtkTreeListRow *row;

  g_assert (RAMO_IS_SESSION_TREE (self));

  /* Keys typed into the inline label editor are its own. */
  if (focus && (GTK_IS_EDITABLE (focus) || GTK_IS_TEXT (focus)))
    return GDK_EVENT_PROPAGATE;

  /* the list's ends, and a page away, are where they will be once every row is in the model */
  if (rest_pending (self) && moves_far (self, keyval))
    finish_rest (self);

  row = selected_row (self);

  switch (keyval)
    {
    case GDK_KEY_L:
    case GDK_KEY_l:
      if (mods == GDK_SHIFT_MASK && self->selected_id)
        {
          ramo_session_tree_edit_label (self, self->selected_id);
          return GDK_EVENT_STOP;
        }
      break;

    case GDK_KEY_Left:
    case GDK_KEY_KP_Left:
      if (mods != 0 || row == NULL)
        break;
      if (gtk_tree_list_row_is_expandable (row) && gtk_tree_list_row_get_expanded (row))
        gtk_tree_list_row_set_expanded (row, FALSE);
      else
        {
          g_autoptr(GtkTreeListRow) parent = gtk_tree_list_row_get_parent (row);

          if (parent)
            focus_position (self, gtk_tree_list_row_get_position (parent));
        }
      return GDK_EVENT_STOP;

    case GDK_KEY_Right:
    case GDK_KEY_KP_Right:
      if (mods != 0 || row == NULL)
        break;
      if (gtk_tree_list_row_is_expandable (row))
        {
          if (!gtk_tree_list_row_get_expanded (row))
            gtk_tree_list_row_set_expanded (row, TRUE);
          else
            focus_position (self, gtk_tree_list_row_get_position (row) + 1);
        }
      return GDK_EVENT_STOP;

    case GDK_KEY_plus:
    case GDK_KEY_KP_Add:
    case GDK_KEY_asterisk:
    case GDK_KEY_KP_Multiply:
    case GDK_KEY_minus:
    case GDK_KEY_KP_Subtract:
    case GDK_KEY_slash:
    case GDK_KEY_KP_Divide:
      /* the expander's keys, for the selected row (the focus is on the row, above it) */
      if ((mods & ~GDK_SHIFT_MASK) != 0 || row == NULL || !gtk_tree_list_row_is_expandable (row))
        break;
      gtk_tree_list_row_set_expanded (row, keyval == GDK_KEY_plus || keyval == GDK_KEY_KP_Add ||
                                           keyval == GDK_KEY_asterisk || keyval == GDK_KEY_KP_Multiply);
      return GDK_EVENT_STOP;

    case GDK_KEY_Menu:
      ramo_session_tree_popup_menu (self);
      return GDK_EVENT_STOP;

    case GDK_KEY_F10:
      if (mods == GDK_SHIFT_MASK)
        {
          ramo_session_tree_popup_menu (self);
          return GDK_EVENT_STOP;
        }
      break;

    default:
      break;
    }

  return GDK_EVENT_PROPAGATE;
}

/* ------------------------------------------------------------------------------------------ */
/* GObject                                                                                     */

static void
ramo_session_tree_size_allocate (GtkWidget *widget,
                                 int        width,
                                 int        height,
                                 int        baseline)
{
  RamoSessionTree *self = RAMO_SESSION_TREE (widget);

  GTK_WIDGET_CLASS (ramo_session_tree_parent_class)->size_allocate (widget, width, height, baseline);

  if (gtk_widget_get_visible (GTK_WIDGET (self->menu_popover)))
    gtk_popover_present (self->menu_popover);
}

static void
ramo_session_tree_map (GtkWidget *widget)
{
  RamoSessionTree *self = RAMO_SESSION_TREE (widget);

  GTK_WIDGET_CLASS (ramo_session_tree_parent_class)->map (widget);

  /* Show the selection (the leaf at first) once the list has a size. */
  queue_after_layout (self, TRUE, FALSE);
}

static void
ramo_session_tree_dispose (GObject *object)
{
  RamoSessionTree *self = (RamoSessionTree *)object;

  g_clear_handle_id (&self->leaf_rebuild_id, g_source_remove);
  g_clear_handle_id (&self->after_layout_id, g_source_remove);
  g_clear_handle_id (&self->unfold_id, g_source_remove);
  g_clear_pointer (&self->to_unfold, g_ptr_array_unref);
  cancel_unfold_rest (self);
  drop_prepared (self);
  g_clear_handle_id (&self->free_replaced_id, g_source_remove);
  g_clear_pointer (&self->replaced_models, g_ptr_array_unref);

  if (self->projection_signals)
    g_signal_group_set_target (self->projection_signals, NULL);
  if (self->manager_signals)
    g_signal_group_set_target (self->manager_signals, NULL);

  if (self->menu_popover)
    {
      gtk_widget_unparent (GTK_WIDGET (self->menu_popover));
      self->menu_popover = NULL;
    }

  gtk_widget_dispose_template (GTK_WIDGET (self), RAMO_TYPE_SESSION_TREE);

  g_clear_object (&self->selection);
  g_clear_object (&self->tree_model);
  g_clear_object (&self->tree_models);
  if (self->projection)
    g_clear_signal_handler (&self->items_handler, self->projection);
  g_clear_object (&self->projection);
  g_clear_object (&self->projection_signals);
  g_clear_object (&self->manager_signals);

  G_OBJECT_CLASS (ramo_session_tree_parent_class)->dispose (object);
}

static void
ramo_session_tree_finalize (GObject *object)
{
  RamoSessionTree *self = (RamoSessionTree *)object;

  g_clear_pointer (&self->selected_id, g_free);
  g_clear_pointer (&self->wanted_id, g_free);
  g_clear_pointer (&self->pending_edit_id, g_free);
  g_clear_pointer (&self->folded, g_hash_table_unref);

  G_OBJECT_CLASS (ramo_session_tree_parent_class)->finalize (object);
}

static void
ramo_session_tree_get_property (GObject    *object,
                                guint       prop_id,
                                GValue     *value,
                                GParamSpec *pspec)
{
  RamoSessionTree *self = RAMO_SESSION_TREE (object);

  switch (prop_id)
    {
    case PROP_PROJECTION:
      g_value_set_object (value, self->projection);
      break;

    case PROP_SELECTED_ID:
      g_value_set_string (value, self->selected_id);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ramo_session_tree_set_property (GObject      *object,
                                guint         prop_id,
                                const GValue *value,
                                GParamSpec   *pspec)
{
  RamoSessionTree *self = RAMO_SESSION_TREE (object);

  switch (prop_id)
    {
    case PROP_PROJECTION:
      ramo_session_tree_set_projection (self, g_value_get_object (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ramo_session_tree_class_init (RamoSessionTreeClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = ramo_session_tree_dispose;
  object_class->finalize = ramo_session_tree_finalize;
  object_class->get_property = ramo_session_tree_get_property;
  object_class->set_property = ramo_session_tree_set_property;

  widget_class->size_allocate = ramo_session_tree_size_allocate;
  widget_class->map = ramo_session_tree_map;

  /**
   * RamoSessionTree:projection:
   *
   * The projection shown.
   */
  properties [PROP_PROJECTION] =
    g_param_spec_object ("projection", NULL, NULL,
                         RAMO_TYPE_PROJECTION,
                         (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * RamoSessionTree:selected-id:
   *
   * The id of the entry whose row is selected, or %NULL.
   */
  properties [PROP_SELECTED_ID] =
    g_param_spec_string ("selected-id", NULL, NULL, NULL,
                         (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);

  g_type_ensure (RAMO_TYPE_LIST_VIEW);
  g_type_ensure (RAMO_TYPE_SESSION_ROW);
  g_type_ensure (RAMO_TYPE_TREE_EXPANDER);
  g_type_ensure (RAMO_TYPE_PROJECTION_NODE);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "sessiontree");
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/ramo/Ramo/ui/ramo-session-tree.ui");
  gtk_widget_class_bind_template_child (widget_class, RamoSessionTree, stack);
  gtk_widget_class_bind_template_child (widget_class, RamoSessionTree, list_view);
  gtk_widget_class_bind_template_callback (widget_class, list_view_activate_cb);
}

/* The widget of each list item: an expander holding the row. */
static GtkWidget *
new_row_widget (gpointer user_data)
{
  GtkWidget *expander = ramo_tree_expander_new ();

  ramo_tree_expander_set_child (RAMO_TREE_EXPANDER (expander), g_object_new (RAMO_TYPE_SESSION_ROW, NULL));
  return expander;
}

/**
 * ramo_session_tree_make_rows_ahead:
 * @self: a session tree
 *
 * Makes now the row widgets the list view needs when the next projection is set (as many as
 * rows fit in its height). A window loading a session calls it in a main-loop turn of its own.
 */
void
ramo_session_tree_make_rows_ahead (RamoSessionTree *self)
{
  int height;

  g_return_if_fail (RAMO_IS_SESSION_TREE (self));

  /* rows are at least 28 pixels high (style.css); two more on either side are kept */
  height = gtk_widget_get_height (GTK_WIDGET (self));
  if (height <= 0)
    height = 900;
  ramo_list_view_make_list_items (self->list_view, (guint) (height / 28 + 6));
}

/* A row shown unfolded with nothing in it yet (see build_around()) that the user folds hides
 * no rows, and the tree list model tells no view of it (tree_items_changed_cb() does not hear
 * of it): the fold is remembered here, or the rest pass would unfold the row again. */
static void
row_expanded_cb (RamoSessionTree *self,
                 GParamSpec      *pspec,
                 GtkTreeListRow  *row)
{
  g_autoptr(RamoProjectionNode) node = NULL;

  if (self->in_rebuild || self->unfolding || gtk_tree_list_row_get_expanded (row))
    return;
  node = gtk_tree_list_row_get_item (row);
  if (node != NULL)
    g_hash_table_add (self->folded, g_strdup (ramo_projection_node_get_id (node)));
}

static void
list_view_bind_cb (RamoSessionTree *self,
                   GtkWidget       *child,
                   GObject         *item,
                   RamoListView    *list_view)
{
  RamoTreeExpander *expander = RAMO_TREE_EXPANDER (child);
  GtkTreeListRow *row = GTK_IS_TREE_LIST_ROW (item) ? GTK_TREE_LIST_ROW (item) : NULL;
  g_autoptr(RamoProjectionNode) node = row ? gtk_tree_list_row_get_item (row) : NULL;

  ramo_tree_expander_set_list_row (expander, row);
  ramo_session_row_set_node (RAMO_SESSION_ROW (ramo_tree_expander_get_child (expander)), node);
  if (row)
    g_signal_connect_object (row, "notify::expanded", G_CALLBACK (row_expanded_cb), self, G_CONNECT_SWAPPED);
}

static void
list_view_unbind_cb (RamoSessionTree *self,
                     GtkWidget       *child,
                     RamoListView    *list_view)
{
  RamoTreeExpander *expander = RAMO_TREE_EXPANDER (child);
  GtkTreeListRow *row = ramo_tree_expander_get_list_row (expander);

  if (row)
    g_signal_handlers_disconnect_by_func (row, row_expanded_cb, self);

  ramo_session_row_set_node (RAMO_SESSION_ROW (ramo_tree_expander_get_child (expander)), NULL);
  ramo_tree_expander_set_list_row (expander, NULL);
}

static void
ramo_session_tree_init (RamoSessionTree *self)
{
  GtkEventController *controller;
  GtkGesture *gesture;

  gtk_widget_init_template (GTK_WIDGET (self));

  ramo_list_view_set_setup_func (self->list_view, new_row_widget, NULL);
  g_signal_connect_object (self->list_view, "bind", G_CALLBACK (list_view_bind_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->list_view, "unbind", G_CALLBACK (list_view_unbind_cb), self, G_CONNECT_SWAPPED);

  self->folded = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->select_after_fold = GTK_INVALID_LIST_POSITION;

  self->projection_signals = g_signal_group_new (RAMO_TYPE_PROJECTION);
  g_signal_group_connect_object (self->projection_signals, "rebuilt",
                                 G_CALLBACK (projection_rebuilt_cb), self, G_CONNECT_SWAPPED);

  self->manager_signals = g_signal_group_new (RAMO_TYPE_SESSION_MANAGER);
  g_signal_group_connect_object (self->manager_signals, "leaf-changed",
                                 G_CALLBACK (manager_leaf_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_group_connect_object (self->manager_signals, "reloaded",
                                 G_CALLBACK (manager_reloaded_cb), self, G_CONNECT_SWAPPED);

  controller = gtk_event_controller_key_new ();
  gtk_event_controller_set_propagation_phase (controller, GTK_PHASE_CAPTURE);
  g_signal_connect_object (controller, "key-pressed", G_CALLBACK (list_key_pressed_cb), self, G_CONNECT_SWAPPED);
  gtk_widget_add_controller (GTK_WIDGET (self->list_view), controller);

  gesture = gtk_gesture_click_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (gesture), GDK_BUTTON_SECONDARY);
  g_signal_connect_object (gesture, "pressed", G_CALLBACK (secondary_pressed_cb), self, G_CONNECT_SWAPPED);
  gtk_widget_add_controller (GTK_WIDGET (self->list_view), GTK_EVENT_CONTROLLER (gesture));

  self->menu_popover = GTK_POPOVER (gtk_popover_menu_new_from_model (NULL));
  gtk_popover_set_has_arrow (self->menu_popover, FALSE);
  gtk_widget_set_halign (GTK_WIDGET (self->menu_popover), GTK_ALIGN_START);
  gtk_widget_set_parent (GTK_WIDGET (self->menu_popover), GTK_WIDGET (self));

  gtk_accessible_update_property (GTK_ACCESSIBLE (self->list_view),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Session tree"),
                                  -1);
  update_empty_state (self);
}

/**
 * ramo_session_tree_get_projection:
 * @self: a session tree
 *
 * Returns: (transfer none) (nullable): the projection shown
 */
RamoProjection *
ramo_session_tree_get_projection (RamoSessionTree *self)
{
  g_return_val_if_fail (RAMO_IS_SESSION_TREE (self), NULL);
  return self->projection;
}

/**
 * ramo_session_tree_set_projection:
 * @self: a session tree
 * @projection: (nullable): the projection to show
 *
 * Shows @projection and selects the leaf (or its nearest visible ancestor).
 */
void
ramo_session_tree_set_projection (RamoSessionTree *self,
                                  RamoProjection  *projection)
{
  g_return_if_fail (RAMO_IS_SESSION_TREE (self));
  g_return_if_fail (!projection || RAMO_IS_PROJECTION (projection));

  if (self->projection == projection)
    return;

  g_clear_handle_id (&self->leaf_rebuild_id, g_source_remove);
  drop_models (self);
  if (self->projection)
    g_clear_signal_handler (&self->items_handler, self->projection);
  g_signal_group_set_target (self->projection_signals, NULL);
  g_signal_group_set_target (self->manager_signals, NULL);
  g_hash_table_remove_all (self->folded);
  g_clear_pointer (&self->wanted_id, g_free);
  set_selected_id (self, NULL);

  g_set_object (&self->projection, projection);

  if (projection)
    {
      /* Our handler must see a rebuild before the tree list model does: the handler of a
       * model made ahead was connected before it. */
      if (self->prepared_projection == projection && self->prepared_model != NULL)
        {
          self->items_handler = self->prepared_handler;
          self->prepared_handler = 0;
        }
      else
        self->items_handler = g_signal_connect_swapped (projection, "items-changed",
                                                        G_CALLBACK (projection_items_changed_cb), self);
      g_signal_group_set_target (self->projection_signals, projection);
      g_signal_group_set_target (self->manager_signals, ramo_projection_get_manager (projection));

      self->in_rebuild = TRUE;
      build_models (self);
      restore_selection (self);
      self->in_rebuild = FALSE;
      /* a model made ahead for another projection is of no use now */
      drop_prepared (self);
      queue_after_layout (self, TRUE, FALSE);
    }

  update_empty_state (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties [PROP_PROJECTION]);
}


/**
 * ramo_session_tree_prepare:
 * @self: a session tree
 * @projection: the projection ramo_session_tree_set_projection() will be given next
 *
 * Makes the tree list model of @projection now, every row unfolded: on a 100,000-entry
 * session that is about 40 ms, which a caller that loads a session can spend in a main-loop
 * turn of its own, apart from the turn that shows it.
 * ramo_session_tree_set_projection() uses it if @projection was not rebuilt meanwhile (a
 * rebuild drops it), and makes its own otherwise; so calling this is never needed for
 * correctness.
 */
void
ramo_session_tree_prepare (RamoSessionTree *self,
                           RamoProjection  *projection)
{
  g_return_if_fail (RAMO_IS_SESSION_TREE (self));
  g_return_if_fail (RAMO_IS_PROJECTION (projection));

  drop_prepared (self);
  if (projection == self->projection)
    return;

  self->prepared_projection = g_object_ref (projection);
  /* before the model connects its own: a rebuild drops the model before it is taken in, and
   * once the projection is set the handler stays first (projection_items_changed_cb()) */
  self->prepared_handler = g_signal_connect_swapped (projection, "items-changed",
                                                     G_CALLBACK (projection_items_changed_cb), self);
  self->prepared_model = new_tree_model (self, projection, NULL, TRUE);
}

/**
 * ramo_session_tree_unprepare:
 * @self: a session tree
 * @projection: a projection given to ramo_session_tree_prepare()
 *
 * Frees what was made ahead for @projection, a session that will not be shown after all (its
 * load was cancelled or superseded): its tree list model, unless one was made for another
 * projection since. (Row widgets made ahead stay: the list view uses them for any session.)
 */
void
ramo_session_tree_unprepare (RamoSessionTree *self,
                             RamoProjection  *projection)
{
  g_return_if_fail (RAMO_IS_SESSION_TREE (self));
  g_return_if_fail (RAMO_IS_PROJECTION (projection));

  if (self->prepared_projection == projection)
    drop_prepared (self);
}

/**
 * ramo_session_tree_get_selected_id:
 * @self: a session tree
 *
 * Returns: (nullable): the id of the selected entry
 */
const char *
ramo_session_tree_get_selected_id (RamoSessionTree *self)
{
  g_return_val_if_fail (RAMO_IS_SESSION_TREE (self), NULL);
  return self->selected_id;
}

/**
 * ramo_session_tree_get_selected_entry:
 * @self: a session tree
 *
 * Returns: (transfer none) (nullable): the selected entry
 */
RamoEntry *
ramo_session_tree_get_selected_entry (RamoSessionTree *self)
{
  g_return_val_if_fail (RAMO_IS_SESSION_TREE (self), NULL);

  if (self->projection == NULL || self->selected_id == NULL)
    return NULL;
  return ramo_session_manager_get_entry (ramo_projection_get_manager (self->projection), self->selected_id);
}

/**
 * ramo_session_tree_select_entry:
 * @self: a session tree
 * @id: an entry id
 *
 * Selects the row of @id, or of its nearest visible ancestor, unfolding the rows above it,
 * and scrolls it into view.
 *
 * Returns: %TRUE when @id itself is now selected
 */
gboolean
ramo_session_tree_select_entry (RamoSessionTree *self,
                                const char      *id)
{
  RamoEntry *entry;
  guint position;

  g_return_val_if_fail (RAMO_IS_SESSION_TREE (self), FALSE);
  g_return_val_if_fail (id != NULL, FALSE);

  if (self->projection == NULL)
    return FALSE;

  entry = ramo_session_manager_get_entry (ramo_projection_get_manager (self->projection), id);
  if (entry == NULL)
    return FALSE;

  g_free (self->wanted_id);
  self->wanted_id = g_strdup (id);

  self->in_rebuild = TRUE;
  position = find_entry_row (self, entry);
  if (position != GTK_INVALID_LIST_POSITION)
    gtk_single_selection_set_selected (self->selection, position);
  self->in_rebuild = FALSE;
  if (position == GTK_INVALID_LIST_POSITION)
    return FALSE;

  {
    g_autoptr(RamoProjectionNode) node = row_get_node (gtk_single_selection_get_selected_item (self->selection));

    set_selected_id (self, node ? ramo_projection_node_get_id (node) : NULL);
  }
  queue_after_layout (self, TRUE, FALSE);
  return g_strcmp0 (self->selected_id, id) == 0;
}

/**
 * ramo_session_tree_get_search_terms:
 * @self: a session tree
 *
 * Returns: (nullable) (array zero-terminated=1): the casefolded search terms to highlight
 */
const char * const *
ramo_session_tree_get_search_terms (RamoSessionTree *self)
{
  g_return_val_if_fail (RAMO_IS_SESSION_TREE (self), NULL);

  if (self->projection == NULL)
    return NULL;
  return ramo_projection_get_search_terms (self->projection);
}

/**
 * ramo_session_tree_get_shown_leaf:
 * @self: a session tree
 *
 * Returns: (transfer none) (nullable): the leaf, or its nearest ancestor that has a row when
 *   the filter or the search hides it
 */
RamoEntry *
ramo_session_tree_get_shown_leaf (RamoSessionTree *self)
{
  g_return_val_if_fail (RAMO_IS_SESSION_TREE (self), NULL);

  if (self->projection == NULL)
    return NULL;
  return ramo_projection_nearest_visible (self->projection,
                                          ramo_session_manager_get_leaf (ramo_projection_get_manager (self->projection)));
}

/**
 * ramo_session_tree_edit_label:
 * @self: a session tree
 * @id: an entry id
 *
 * Selects the row of @id and starts editing its label inline (as Shift+L does).
 *
 * Returns: %FALSE when the entry has no row in the current filter
 */
gboolean
ramo_session_tree_edit_label (RamoSessionTree *self,
                              const char      *id)
{
  RamoSessionRow *row;

  g_return_val_if_fail (RAMO_IS_SESSION_TREE (self), FALSE);
  g_return_val_if_fail (id != NULL, FALSE);

  if (g_strcmp0 (self->selected_id, id) != 0 && !ramo_session_tree_select_entry (self, id))
    return FALSE;

  row = ramo_session_tree_find_row (self, id);
  if (row != NULL)
    {
      GtkWidget *item = list_item_widget_of (self, GTK_WIDGET (row));

      if (item)
        gtk_widget_grab_focus (item);
      ramo_session_row_start_editing (row);
      return TRUE;
    }

  /* Not realized yet: scroll to it and edit once it is. */
  g_free (self->pending_edit_id);
  self->pending_edit_id = g_strdup (id);
  queue_after_layout (self, TRUE, TRUE);
  return TRUE;
}

/**
 * ramo_session_tree_focus:
 * @self: a session tree
 *
 * Moves the keyboard focus to the selected row.
 */
void
ramo_session_tree_focus (RamoSessionTree *self)
{
  g_return_if_fail (RAMO_IS_SESSION_TREE (self));

  gtk_widget_grab_focus (GTK_WIDGET (self->list_view));
  queue_after_layout (self, TRUE, TRUE);
}

/**
 * ramo_session_tree_set_filter:
 * @self: a session tree
 * @mode: a filter mode
 *
 * Changes the projection's filter. As in pi, this unfolds every row.
 */
void
ramo_session_tree_set_filter (RamoSessionTree *self,
                              RamoFilterMode   mode)
{
  g_return_if_fail (RAMO_IS_SESSION_TREE (self));

  if (self->projection == NULL || ramo_projection_get_filter (self->projection) == mode)
    return;
  self->clear_folds = TRUE;
  ramo_projection_set_filter (self->projection, mode);
  self->clear_folds = FALSE;
}

/**
 * ramo_session_tree_set_search:
 * @self: a session tree
 * @search: (nullable): the search text
 *
 * Changes the projection's search. As in pi, this unfolds every row.
 */
void
ramo_session_tree_set_search (RamoSessionTree *self,
                              const char      *search)
{
  g_return_if_fail (RAMO_IS_SESSION_TREE (self));

  if (self->projection == NULL || g_strcmp0 (ramo_projection_get_search (self->projection), search) == 0)
    return;
  self->clear_folds = TRUE;
  ramo_projection_set_search (self->projection, search);
  self->clear_folds = FALSE;
}

/**
 * ramo_session_tree_forget_folds:
 * @self: a session tree
 *
 * Unfolds every row at the next rebuild.
 */
void
ramo_session_tree_forget_folds (RamoSessionTree *self)
{
  g_return_if_fail (RAMO_IS_SESSION_TREE (self));
  g_hash_table_remove_all (self->folded);
}

/**
 * ramo_session_tree_set_keep_scroll:
 * @self: a session tree
 * @keep_scroll: whether rebuilds from now on keep the view where it is
 *
 * While set, a rebuild (entries another program appended, and the leaf following them) keeps
 * the scroll position and does not scroll to the selected row, so that what the user looks at
 * does not move. Set it around ramo_session_manager_refresh().
 */
void
ramo_session_tree_set_keep_scroll (RamoSessionTree *self,
                                   gboolean         keep_scroll)
{
  g_return_if_fail (RAMO_IS_SESSION_TREE (self));
  self->keep_scroll = !!keep_scroll;
}

/**
 * ramo_session_tree_get_model:
 * @self: a session tree
 *
 * Returns: (transfer none) (nullable): the tree list model over the projection
 */
GtkTreeListModel *
ramo_session_tree_get_model (RamoSessionTree *self)
{
  g_return_val_if_fail (RAMO_IS_SESSION_TREE (self), NULL);
  return self->tree_model;
}

/**
 * ramo_session_tree_get_selection:
 * @self: a session tree
 *
 * Returns: (transfer none) (nullable): the selection model
 */
GtkSingleSelection *
ramo_session_tree_get_selection (RamoSessionTree *self)
{
  g_return_val_if_fail (RAMO_IS_SESSION_TREE (self), NULL);
  return self->selection;
}

/**
 * ramo_session_tree_get_list_view:
 * @self: a session tree
 *
 * Returns: (transfer none): the list view
 */
RamoListView *
ramo_session_tree_get_list_view (RamoSessionTree *self)
{
  g_return_val_if_fail (RAMO_IS_SESSION_TREE (self), NULL);
  return self->list_view;
}

/**
 * ramo_session_tree_is_filling:
 * @self: a session tree
 *
 * After a filter or search change, the model holds the rows in view at first; the others are
 * put in (and unfolded) after the frame that shows them, a few milliseconds at a time.
 *
 * Returns: whether rows are still to be put in the model
 */
gboolean
ramo_session_tree_is_filling (RamoSessionTree *self)
{
  g_return_val_if_fail (RAMO_IS_SESSION_TREE (self), FALSE);
  return rest_pending (self);
}

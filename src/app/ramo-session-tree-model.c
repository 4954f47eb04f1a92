/* ramo-session-tree-model.c
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

#include "ramo-session-row.h"
#include "ramo-session-tree-private.h"
#include "ramo-tree-expander.h"

/* The models under the list view, a model made ahead for a session still loading, and the
 * row widgets: each an expander holding a RamoSessionRow, bound to a row of the model. */

/* RamoTreeModel (GTK 4.8) handles its root list being replaced in one items-changed by
 * removing and inserting row after row: seconds for 70,000 top-level rows (pi's long chains
 * are flat). New models over the new layout cost far less, so a rebuild the user asked for gets
 * a new tree list model (see _ramo_session_tree_swap_models()). A live update keeps the
 * models: only through them does the list view keep its scroll position. */
void
_ramo_session_tree_forget_model (RamoSessionTree *self)
{
  g_assert (RAMO_IS_SESSION_TREE (self));

  /* rows waiting to be unfolded belong to this model */
  g_clear_handle_id (&self->unfold_id, g_source_remove);
  g_clear_pointer (&self->to_unfold, g_ptr_array_unref);
  _ramo_session_tree_cancel_fill (self);
  if (self->tree_model)
    g_signal_handlers_disconnect_by_data (self->tree_model, self);
  g_clear_object (&self->tree_model);
}

void
_ramo_session_tree_drop_models (RamoSessionTree *self)
{
  g_assert (RAMO_IS_SESSION_TREE (self));

  _ramo_session_tree_forget_model (self);
  ramo_list_view_set_model (self->list_view, NULL);
  if (self->selection)
    g_signal_handlers_disconnect_by_data (self->selection, self);
  g_clear_object (&self->selection);
  g_clear_object (&self->tree_models);
}

void
_ramo_session_tree_drop_prepared (RamoSessionTree *self)
{
  if (self->prepared_projection)
    g_clear_signal_handler (&self->prepared_handler, self->prepared_projection);
  g_clear_object (&self->prepared_projection);
  g_clear_object (&self->prepared_model);
  g_clear_pointer (&self->prepare_stack, g_ptr_array_unref);
  self->preparing = FALSE;
}

void
_ramo_session_tree_make_tree_model (RamoSessionTree *self,
                 gboolean         unfold)
{
  g_assert (RAMO_IS_SESSION_TREE (self));
  g_assert (self->projection != NULL);
  g_assert (self->tree_model == NULL);

  /* made ahead by ramo_session_tree_prepare() over the same layout (a new projection: no
   * folds yet); one made for a projection still to come is kept */
  if (self->prepared_projection == self->projection)
    {
      /* what ramo_session_tree_prepare_step() did not make yet is made now */
      if (self->prepared_model != NULL && g_hash_table_size (self->folded) == 0 &&
          _ramo_session_tree_prepare_some (self, 0))
        self->tree_model = g_steal_pointer (&self->prepared_model);
      _ramo_session_tree_drop_prepared (self);
    }
  if (self->tree_model == NULL)
    self->tree_model = _ramo_session_tree_new_tree_model (self, self->projection, self->folded, unfold);
  g_signal_connect_object (self->tree_model, "items-changed",
                           G_CALLBACK (_ramo_session_tree_tree_items_changed_cb), self, G_CONNECT_SWAPPED);
}

/* The model chain, assembled in one place: the projection (the top list) → a RamoTreeModel
 * over slices of its lists → a GtkFlattenListModel of a GListStore holding that one model
 * (which lets _ramo_session_tree_swap_models() put a new one in its place under the same
 * selection) → a GtkSingleSelection → the RamoListView. */
void
_ramo_session_tree_build_models (RamoSessionTree *self)
{
  g_assert (RAMO_IS_SESSION_TREE (self));
  g_assert (self->selection == NULL);

  _ramo_session_tree_make_tree_model (self, TRUE);
  self->tree_models = g_list_store_new (G_TYPE_LIST_MODEL);
  g_list_store_append (self->tree_models, self->tree_model);

  self->selection = gtk_single_selection_new (G_LIST_MODEL (gtk_flatten_list_model_new (g_object_ref (G_LIST_MODEL (self->tree_models)))));
  gtk_single_selection_set_autoselect (self->selection, FALSE);
  gtk_single_selection_set_can_unselect (self->selection, TRUE);
  g_signal_connect_object (self->selection, "notify::selected",
                           G_CALLBACK (_ramo_session_tree_selection_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->selection, "items-changed",
                           G_CALLBACK (_ramo_session_tree_selection_items_changed_cb), self, G_CONNECT_SWAPPED);

  ramo_list_view_set_model (self->list_view, GTK_SELECTION_MODEL (self->selection));
}

/* Rows are rebound when the models are made anew; kept models keep their row widgets, which
 * must show the current search terms. */
void
_ramo_session_tree_refresh_rows (RamoSessionTree *self)
{
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self->list_view));
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      RamoSessionRow *row = _ramo_session_tree_find_row_in (child);

      if (row)
        {
          ramo_session_row_set_search_terms (row, ramo_session_tree_get_search_terms (self));
          ramo_session_row_set_show_label_time (row, self->show_label_times);
          ramo_session_row_set_badge (row, self->branch_badge,
                                      self->projection ? ramo_projection_get_manager (self->projection) : NULL);
          ramo_session_row_refresh_badge (row);
          ramo_session_row_refresh_highlight (row);
        }
    }
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
 * no rows, and the tree list model tells no view of it (the tree's items-changed handler does
 * not hear of it): the fold is remembered here, or the rest pass would unfold the row again. */
static void
row_expanded_cb (RamoSessionTree *self,
                 GParamSpec      *pspec,
                 RamoTreeRow  *row)
{
  g_autoptr(RamoProjectionNode) node = NULL;

  /* a row that left the model (one under a row folded) says it is folded: not a fold */
  if (self->in_rebuild || self->unfolding || ramo_tree_row_get_expanded (row) ||
      !ramo_tree_row_is_expandable (row))
    return;
  node = ramo_tree_row_get_item (row);
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
  RamoTreeRow *row = RAMO_IS_TREE_ROW (item) ? RAMO_TREE_ROW (item) : NULL;
  g_autoptr(RamoProjectionNode) node = row ? ramo_tree_row_get_item (row) : NULL;
  RamoSessionRow *session_row = RAMO_SESSION_ROW (ramo_tree_expander_get_child (expander));

  ramo_tree_expander_set_list_row (expander, row);
  /* the terms first: the node marks them as it is shown */
  ramo_session_row_set_search_terms (session_row, ramo_session_tree_get_search_terms (self));
  ramo_session_row_set_show_label_time (session_row, self->show_label_times);
  ramo_session_row_set_node (session_row, node);
  ramo_session_row_set_badge (session_row, self->branch_badge,
                              self->projection ? ramo_projection_get_manager (self->projection) : NULL);
  if (row)
    g_signal_connect_object (row, "notify::expanded", G_CALLBACK (row_expanded_cb), self, G_CONNECT_SWAPPED);
  /* what a screen reader reads for the list item: the row's text and where it is (the leaf,
   * the active path); the list item had no name */
  if (gtk_widget_get_parent (child))
    gtk_accessible_update_relation (GTK_ACCESSIBLE (gtk_widget_get_parent (child)),
                                    GTK_ACCESSIBLE_RELATION_LABELLED_BY, session_row, NULL,
                                    GTK_ACCESSIBLE_RELATION_DESCRIBED_BY, session_row, NULL,
                                    -1);
}

static void
list_view_unbind_cb (RamoSessionTree *self,
                     GtkWidget       *child,
                     RamoListView    *list_view)
{
  RamoTreeExpander *expander = RAMO_TREE_EXPANDER (child);
  RamoTreeRow *row = ramo_tree_expander_get_list_row (expander);

  if (row)
    g_signal_handlers_disconnect_by_func (row, row_expanded_cb, self);

  ramo_session_row_set_node (RAMO_SESSION_ROW (ramo_tree_expander_get_child (expander)), NULL);
  ramo_tree_expander_set_list_row (expander, NULL);
}

/**
 * ramo_session_tree_prepare:
 * @self: a session tree
 * @projection: the projection ramo_session_tree_set_projection() will be given next
 *
 * Starts making the tree list model of @projection, every row unfolded: on a 100,000-entry
 * session that is about 40 ms, on 1,000,000 entries half a second, which a caller that loads
 * a session can spend a few milliseconds at a time (ramo_session_tree_prepare_step()), apart
 * from the turn that shows it. ramo_session_tree_set_projection() uses it if @projection was
 * not rebuilt meanwhile (a rebuild drops it), making then what is left of it, and makes its
 * own otherwise; so calling this is never needed for correctness.
 */
void
ramo_session_tree_prepare (RamoSessionTree *self,
                           RamoProjection  *projection)
{
  g_return_if_fail (RAMO_IS_SESSION_TREE (self));
  g_return_if_fail (RAMO_IS_PROJECTION (projection));

  _ramo_session_tree_drop_prepared (self);
  if (projection == self->projection)
    return;

  self->prepared_projection = g_object_ref (projection);
  /* before the model connects its own: a rebuild drops the model before it is taken in, and
   * once the projection is set the handler stays first: see
   * _ramo_session_tree_projection_items_changed_cb()) */
  self->prepared_handler = g_signal_connect_swapped (projection, "items-changed",
                                                     G_CALLBACK (_ramo_session_tree_projection_items_changed_cb), self);
  /* the top list grows from nothing: ramo_session_tree_prepare_step() */
  self->prepared_model = _ramo_session_tree_start_tree_model (projection);
  self->preparing = TRUE;
}

/**
 * ramo_session_tree_prepare_step:
 * @self: a session tree
 * @budget_usec: for how long to work at most, in microseconds (a little more: rows are made a
 *   list at a time)
 *
 * Makes more of the tree list model ramo_session_tree_prepare() started.
 *
 * Returns: whether some of it is still to make (%FALSE when nothing was prepared or it was
 *   dropped since)
 */
gboolean
ramo_session_tree_prepare_step (RamoSessionTree *self,
                                guint            budget_usec)
{
  g_return_val_if_fail (RAMO_IS_SESSION_TREE (self), FALSE);

  return !_ramo_session_tree_prepare_some (self, g_get_monotonic_time () + MAX (budget_usec, 1));
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
    _ramo_session_tree_drop_prepared (self);
}

void
_ramo_session_tree_rows_init (RamoSessionTree *self)
{
  ramo_list_view_set_setup_func (self->list_view, new_row_widget, NULL);
  g_signal_connect_object (self->list_view, "bind", G_CALLBACK (list_view_bind_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->list_view, "unbind", G_CALLBACK (list_view_unbind_cb), self, G_CONNECT_SWAPPED);
}

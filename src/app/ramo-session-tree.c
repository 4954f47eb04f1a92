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

#include "ramo-list-view.h"
#include "ramo-session-row.h"
#include "ramo-session-tree-private.h"
#include "ramo-tree-expander.h"

/**
 * RamoSessionTree:
 *
 * The session tree view. It is the one place that assembles projection → RamoTreeModel →
 * GtkSingleSelection → #RamoListView (_ramo_session_tree_build_models(), in
 * ramo-session-tree-model.c), and the only code that touches RamoTreeRow. It listens to the
 * projection, and to the session only for the leaf moving (ramo-session-tree-layouts.c).
 *
 * The projection rebuilds its whole layout when the filter, the search or the entries change;
 * the tree then keeps the selection on the entry the user chose (or its nearest visible
 * ancestor), keeps folded rows folded unless the filter or the search changed (as pi clears
 * folds then), and keeps the keyboard focus in the list. Unlike pi, the entry the user chose
 * is remembered while an ancestor stands in for it: turning a filter off again (or clearing
 * the search) returns to that entry rather than staying on the ancestor. It also rebuilds the
 * projection after the leaf moves, so that the branch holding the leaf is listed first (spec §7).
 *
 * Activating a row runs `win.navigate` with the entry id; the row menu and Shift+L use the
 * other window actions, so the keyboard, the mouse and scripts share one code path.
 */

G_DEFINE_FINAL_TYPE (RamoSessionTree, ramo_session_tree, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_PROJECTION,
  PROP_SELECTED_ID,
  PROP_SCROLLED_OFF_ID,
  PROP_FOCUS_ID,
  N_PROPS
};

static GParamSpec *properties [N_PROPS];

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

void
_ramo_session_tree_notify_scrolled_off (RamoSessionTree *self)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties [PROP_SCROLLED_OFF_ID]);
}

static void
update_empty_state (RamoSessionTree *self)
{
  g_assert (RAMO_IS_SESSION_TREE (self));

  gtk_stack_set_visible_child_name (self->stack, _ramo_session_tree_empty_page (self));
}

void
_ramo_session_tree_notify_focus_id (RamoSessionTree *self)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties [PROP_FOCUS_ID]);
}

void
_ramo_session_tree_selection_changed_cb (RamoSessionTree    *self,
                      GParamSpec         *pspec,
                      GtkSingleSelection *selection)
{
  RamoTreeRow *row;
  g_autoptr(RamoProjectionNode) node = NULL;

  g_assert (RAMO_IS_SESSION_TREE (self));

  /* During a rebuild the rows belong to a layout that is going away. */
  if (self->in_rebuild)
    return;

  row = gtk_single_selection_get_selected_item (selection);
  node = _ramo_session_tree_row_get_node (row);
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

gboolean
_ramo_session_tree_focus_is_inside (GtkWidget *widget)
{
  GtkRoot *root = gtk_widget_get_root (widget);
  GtkWidget *focus = root ? gtk_root_get_focus (root) : NULL;

  return focus != NULL && (focus == widget || gtk_widget_is_ancestor (focus, widget));
}

void
_ramo_session_tree_projection_items_changed_cb (RamoSessionTree *self,
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
      _ramo_session_tree_drop_prepared (self);
      return;
    }

  /* Connected before the tree list model sees the change: the whole layout is about to be
   * replaced, and the old rows must not be read any more (after a reload their entries are
   * gone). RamoProjection::rebuilt follows. */
  self->in_rebuild = TRUE;
  self->had_focus = _ramo_session_tree_focus_is_inside (GTK_WIDGET (self->list_view));

  /* The old tree list model must not see the change: a new one takes its place now. */
  if (!(self->keep_scroll || self->rebuild_live))
    {
      if (self->clear_folds)
        g_hash_table_remove_all (self->folded);
      self->clear_folds = FALSE;
      _ramo_session_tree_focus_follow_layout (self);
      _ramo_session_tree_swap_models (self);
    }
  else
    /* the model kept hears of the change from the top: the rows above its top ones first */
    _ramo_session_tree_finish_grow_up (self);
}

/* The entry whose row to select after a rebuild: the entry the user chose; at first, the
 * leaf. */
RamoEntry *
_ramo_session_tree_wanted_entry (RamoSessionTree *self)
{
  RamoSessionManager *manager = ramo_projection_get_manager (self->projection);
  RamoEntry *entry = NULL;

  if (self->wanted_id)
    entry = ramo_session_manager_get_entry (manager, self->wanted_id);
  if (entry == NULL)
    entry = ramo_session_manager_get_leaf (manager);
  return _ramo_session_tree_focus_stand_in (self, entry);
}

/* The row to select after a rebuild: that of the wanted entry, or of its nearest visible
 * ancestor. Returns its position in the tree list model, or GTK_INVALID_LIST_POSITION. */
guint
_ramo_session_tree_find_wanted_row (RamoSessionTree *self)
{
  g_assert (RAMO_IS_SESSION_TREE (self));

  return _ramo_session_tree_find_entry_row (self, _ramo_session_tree_wanted_entry (self));
}

/* Selects the row at @position (from _ramo_session_tree_find_wanted_row()). */
void
_ramo_session_tree_select_wanted_row (RamoSessionTree *self,
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
  node = _ramo_session_tree_row_get_node (gtk_single_selection_get_selected_item (self->selection));
  if (self->wanted_id == NULL && node)
    self->wanted_id = g_strdup (ramo_projection_node_get_id (node));
  set_selected_id (self, node ? ramo_projection_node_get_id (node) : NULL);
}

static void
restore_selection (RamoSessionTree *self)
{
  _ramo_session_tree_select_wanted_row (self, _ramo_session_tree_find_wanted_row (self));
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
  _ramo_session_tree_focus_keep_models (self);
  if (self->models_fresh)
    {
      /* _ramo_session_tree_swap_models() made them over this layout and selected the row */
      self->models_fresh = FALSE;
    }
  else
    {
      /* the models were kept (lines appended, or a filter or search that left the same rows):
       * unfold the rows that came with them (those the user folded, after a filter or search
       * change, a few milliseconds at a time after the frame), and mark the search terms anew */
      _ramo_session_tree_finish_grow_up (self);
      if (self->keep_scroll || self->rebuild_live)
        _ramo_session_tree_unfold_rows (self, self->projection, self->tree_model, self->folded);
      else
        _ramo_session_tree_unfold_rest (self);
      restore_selection (self);
      _ramo_session_tree_refresh_rows (self);
    }
  /* the old rows held the keyboard focus: keep it in the list until the selected row takes
   * it (after_layout_cb) */
  if (self->had_focus && !_ramo_session_tree_focus_is_inside (GTK_WIDGET (self->list_view)))
    gtk_widget_grab_focus (GTK_WIDGET (self->list_view));
  self->in_rebuild = FALSE;

  update_empty_state (self);
  _ramo_session_tree_focus_rebuilt (self);

  /* Lines another program appended leave the view where it was; anything the user did (a
   * filter, a search, a label, a navigation) shows the selected row. */
  _ramo_session_tree_queue_after_layout (self, !(self->keep_scroll || self->rebuild_live), self->had_focus);
  self->had_focus = FALSE;

  /* Entries go only when the session is reloaded (the projection is laid out again then): the
   * entry chosen is forgotten once its row is chosen anew. A branched session keeps the ids of
   * its path; a selection there is still meaningful. */
  if (self->wanted_id &&
      ramo_session_manager_get_entry (ramo_projection_get_manager (projection), self->wanted_id) == NULL)
    g_clear_pointer (&self->wanted_id, g_free);
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
  _ramo_session_tree_queue_after_layout (self, TRUE, FALSE);
}

static void
ramo_session_tree_dispose (GObject *object)
{
  RamoSessionTree *self = (RamoSessionTree *)object;

  g_clear_handle_id (&self->leaf_rebuild_id, g_source_remove);
  g_clear_handle_id (&self->after_layout_id, g_source_remove);
  g_clear_handle_id (&self->unfold_id, g_source_remove);
  g_clear_pointer (&self->to_unfold, g_ptr_array_unref);
  _ramo_session_tree_cancel_fill (self);
  _ramo_session_tree_drop_prepared (self);
  g_clear_handle_id (&self->free_replaced_id, g_source_remove);
  g_clear_pointer (&self->replaced_models, g_ptr_array_unref);

  if (self->projection_signals)
    g_signal_group_set_target (self->projection_signals, NULL);

  _ramo_session_tree_focus_dispose (self);
  g_clear_weak_pointer (&self->menu_row);
  g_clear_pointer (&self->menu_other_id, g_free);
  if (self->menu_popover)
    {
      gtk_widget_unparent (GTK_WIDGET (self->menu_popover));
      self->menu_popover = NULL;
    }

  gtk_widget_dispose_template (GTK_WIDGET (self), RAMO_TYPE_SESSION_TREE);
  /* the template's box, which holds the focus bar and the stack */
  g_clear_pointer (&self->content, gtk_widget_unparent);

  g_clear_object (&self->selection);
  g_clear_object (&self->tree_model);
  g_clear_object (&self->tree_models);
  if (self->projection)
    g_clear_signal_handler (&self->items_handler, self->projection);
  g_clear_object (&self->projection);
  g_clear_object (&self->projection_signals);

  G_OBJECT_CLASS (ramo_session_tree_parent_class)->dispose (object);
}

static void
ramo_session_tree_finalize (GObject *object)
{
  RamoSessionTree *self = (RamoSessionTree *)object;

  g_clear_pointer (&self->selected_id, g_free);
  g_clear_pointer (&self->scrolled_off_id, g_free);
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

    case PROP_SCROLLED_OFF_ID:
      g_value_set_string (value, self->scrolled_off_id);
      break;

    case PROP_FOCUS_ID:
      g_value_set_string (value, ramo_session_tree_get_focus_id (self));
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

  /**
   * RamoSessionTree:scrolled-off-id: (attributes org.gtk.Property.get=ramo_session_tree_get_scrolled_off_id)
   *
   * The id of the entry the shallowest rows in view hang from: it and the rows above it are
   * scrolled off to the left. %NULL when those rows are top rows.
   */
  properties [PROP_SCROLLED_OFF_ID] =
    g_param_spec_string ("scrolled-off-id", NULL, NULL, NULL,
                         (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * RamoSessionTree:focus-id:
   *
   * The entry whose branch alone the tree shows (ramo_session_tree_focus_branch()), or %NULL
   * when it shows the whole session.
   */
  properties [PROP_FOCUS_ID] =
    g_param_spec_string ("focus-id", NULL, NULL, NULL,
                         (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);

  g_type_ensure (RAMO_TYPE_LIST_VIEW);
  g_type_ensure (RAMO_TYPE_SESSION_ROW);
  g_type_ensure (RAMO_TYPE_TREE_EXPANDER);
  g_type_ensure (RAMO_TYPE_PROJECTION_NODE);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "sessiontree");
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/ramo/Ramo/ui/ramo-session-tree.ui");
  gtk_widget_class_bind_template_child (widget_class, RamoSessionTree, content);
  gtk_widget_class_bind_template_child (widget_class, RamoSessionTree, stack);
  gtk_widget_class_bind_template_child (widget_class, RamoSessionTree, list_view);

  _ramo_session_tree_input_class_init (widget_class);
  _ramo_session_tree_focus_class_init (widget_class);
}

static void
ramo_session_tree_init (RamoSessionTree *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  _ramo_session_tree_rows_init (self);
  _ramo_session_tree_guides_init (self);

  self->folded = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->select_after_fold = GTK_INVALID_LIST_POSITION;

  self->projection_signals = g_signal_group_new (RAMO_TYPE_PROJECTION);
  g_signal_group_connect_object (self->projection_signals, "rebuilt",
                                 G_CALLBACK (projection_rebuilt_cb), self, G_CONNECT_SWAPPED);

  _ramo_session_tree_leaf_init (self);
  _ramo_session_tree_focus_init (self);

  _ramo_session_tree_input_init (self);

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
  /* nothing of a focus is carried over to another session */
  _ramo_session_tree_focus_clear (self);
  _ramo_session_tree_drop_models (self);
  if (self->projection)
    g_clear_signal_handler (&self->items_handler, self->projection);
  g_signal_group_set_target (self->projection_signals, NULL);
  g_hash_table_remove_all (self->folded);
  g_clear_pointer (&self->wanted_id, g_free);
  set_selected_id (self, NULL);

  g_set_object (&self->projection, projection);

  if (projection)
    {
      /* a filter or search change on a big session is laid out a few milliseconds a turn,
       * the rows before it shown meanwhile */
      ramo_projection_set_layout_in_steps (projection, TRUE);
      /* Our handler must see a rebuild before the tree list model does: the handler of a
       * model made ahead was connected before it. */
      if (self->prepared_projection == projection && self->prepared_model != NULL)
        {
          self->items_handler = self->prepared_handler;
          self->prepared_handler = 0;
        }
      else
        self->items_handler = g_signal_connect_swapped (projection, "items-changed",
                                                        G_CALLBACK (_ramo_session_tree_projection_items_changed_cb), self);
      g_signal_group_set_target (self->projection_signals, projection);

      self->in_rebuild = TRUE;
      _ramo_session_tree_build_models (self);
      restore_selection (self);
      self->in_rebuild = FALSE;
      /* a model made ahead for another projection is of no use now */
      _ramo_session_tree_drop_prepared (self);
      _ramo_session_tree_queue_after_layout (self, TRUE, FALSE);
    }

  update_empty_state (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties [PROP_PROJECTION]);
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
 * and scrolls it into view. While the tree is focused on a branch, an entry outside it is not
 * selected, and nothing changes.
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
  /* the row is looked for in the layout of the filter and search set last */
  ramo_projection_finish_layout (self->projection);
  /* outside the branch focused on, nothing changes (the focus stays: see
   * ramo_session_tree_focus_branch()) */
  if (!_ramo_session_tree_focus_contains (self, ramo_projection_nearest_visible (self->projection, entry)))
    return FALSE;

  g_free (self->wanted_id);
  self->wanted_id = g_strdup (id);

  self->in_rebuild = TRUE;
  position = _ramo_session_tree_find_entry_row (self, entry);
  if (position != GTK_INVALID_LIST_POSITION)
    gtk_single_selection_set_selected (self->selection, position);
  self->in_rebuild = FALSE;
  if (position == GTK_INVALID_LIST_POSITION)
    return FALSE;

  {
    g_autoptr(RamoProjectionNode) node = _ramo_session_tree_row_get_node (gtk_single_selection_get_selected_item (self->selection));

    set_selected_id (self, node ? ramo_projection_node_get_id (node) : NULL);
  }
  _ramo_session_tree_queue_after_layout (self, TRUE, FALSE);
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
 * ramo_session_tree_get_model:
 * @self: a session tree
 *
 * Returns: (transfer none) (nullable): the tree list model over the projection
 */
RamoTreeModel    *
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

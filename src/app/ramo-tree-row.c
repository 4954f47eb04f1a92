/* ramo-tree-row.c — a row of a RamoTreeModel
 *
 * Copyright 2026 The Ramo authors
 *
 * This program is free software: you can redistribute it and/or modify it under the terms of the
 * GNU General Public License as published by the Free Software Foundation, either version 3 of
 * the License, or (at your option) any later version.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ramo-tree-model"

#include "config.h"

#include "ramo-tree-model-private.h"

/* A row answers for its node while it is in the model, and as GtkTreeListRow does after. */

G_DEFINE_FINAL_TYPE (RamoTreeRow, ramo_tree_row, G_TYPE_OBJECT)

enum {
  ROW_PROP_0,
  ROW_PROP_DEPTH,
  ROW_PROP_EXPANDABLE,
  ROW_PROP_EXPANDED,
  ROW_PROP_ITEM,
  N_ROW_PROPS
};

static GParamSpec *row_properties [N_ROW_PROPS];

/* The row's node while the row is in the model (a node taken out waits to be freed) */
static RamoTreeNode *
live_node (RamoTreeRow *self)
{
  return self->node != NULL && !_ramo_tree_node_is_dead (self->node) ? self->node : NULL;
}

RamoTreeRow *
_ramo_tree_node_get_row (RamoTreeNode *node)
{
  if (node->row != NULL)
    return g_object_ref (node->row);
  node->row = g_object_new (RAMO_TYPE_TREE_ROW, NULL);
  node->row->node = node;
  node->row->item = g_object_ref (node->item);
  return node->row;
}

/* The row leaves the model: it answers as a removed GtkTreeListRow does. */
void
_ramo_tree_row_destroy (RamoTreeRow *row)
{
  g_object_freeze_notify (G_OBJECT (row));
  g_object_notify_by_pspec (G_OBJECT (row), row_properties [ROW_PROP_DEPTH]);
  g_object_notify_by_pspec (G_OBJECT (row), row_properties [ROW_PROP_EXPANDABLE]);
  g_object_notify_by_pspec (G_OBJECT (row), row_properties [ROW_PROP_EXPANDED]);
  row->node = NULL;
  g_object_thaw_notify (G_OBJECT (row));
}

static void
ramo_tree_row_dispose (GObject *object)
{
  RamoTreeRow *self = RAMO_TREE_ROW (object);

  if (self->node != NULL)
    self->node->row = NULL;
  self->node = NULL;
  g_clear_object (&self->item);

  G_OBJECT_CLASS (ramo_tree_row_parent_class)->dispose (object);
}

static void
ramo_tree_row_get_property (GObject    *object,
                            guint       prop_id,
                            GValue     *value,
                            GParamSpec *pspec)
{
  RamoTreeRow *self = RAMO_TREE_ROW (object);

  switch (prop_id)
    {
    case ROW_PROP_DEPTH:
      g_value_set_uint (value, ramo_tree_row_get_depth (self));
      break;

    case ROW_PROP_EXPANDABLE:
      g_value_set_boolean (value, ramo_tree_row_is_expandable (self));
      break;

    case ROW_PROP_EXPANDED:
      g_value_set_boolean (value, ramo_tree_row_get_expanded (self));
      break;

    case ROW_PROP_ITEM:
      g_value_set_object (value, self->item);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ramo_tree_row_set_property (GObject      *object,
                            guint         prop_id,
                            const GValue *value,
                            GParamSpec   *pspec)
{
  RamoTreeRow *self = RAMO_TREE_ROW (object);

  switch (prop_id)
    {
    case ROW_PROP_EXPANDED:
      ramo_tree_row_set_expanded (self, g_value_get_boolean (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ramo_tree_row_class_init (RamoTreeRowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = ramo_tree_row_dispose;
  object_class->get_property = ramo_tree_row_get_property;
  object_class->set_property = ramo_tree_row_set_property;

  /**
   * RamoTreeRow:depth:
   *
   * The number of rows above this one in the tree (0 for a top row; 0 once it left its model).
   */
  row_properties [ROW_PROP_DEPTH] =
    g_param_spec_uint ("depth", NULL, NULL, 0, G_MAXUINT, 0, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);

  /**
   * RamoTreeRow:expandable:
   *
   * Whether the row can have rows under it.
   */
  row_properties [ROW_PROP_EXPANDABLE] =
    g_param_spec_boolean ("expandable", NULL, NULL, FALSE, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);

  /**
   * RamoTreeRow:expanded:
   *
   * Whether the row is unfolded.
   */
  row_properties [ROW_PROP_EXPANDED] =
    g_param_spec_boolean ("expanded", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  /**
   * RamoTreeRow:item:
   *
   * The item the row shows.
   */
  row_properties [ROW_PROP_ITEM] =
    g_param_spec_object ("item", NULL, NULL, G_TYPE_OBJECT, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);

  g_object_class_install_properties (object_class, N_ROW_PROPS, row_properties);
}

static void
ramo_tree_row_init (RamoTreeRow *self)
{
}

/**
 * ramo_tree_row_get_item:
 * @self: a row
 *
 * Returns: (transfer full) (type GObject): the item the row shows
 */
gpointer
ramo_tree_row_get_item (RamoTreeRow *self)
{
  g_return_val_if_fail (RAMO_IS_TREE_ROW (self), NULL);
  return self->item ? g_object_ref (self->item) : NULL;
}

/**
 * ramo_tree_row_get_position:
 * @self: a row
 *
 * Returns: the row's position in its model now (0 once it left it)
 */
guint
ramo_tree_row_get_position (RamoTreeRow *self)
{
  g_return_val_if_fail (RAMO_IS_TREE_ROW (self), 0);
  return live_node (self) ? _ramo_tree_iter_position (self->node->iter) : 0;
}

/**
 * ramo_tree_row_get_depth:
 * @self: a row
 *
 * Returns: the number of rows above @self in the tree: 0 for a top row, and once it left its
 *   model
 */
guint
ramo_tree_row_get_depth (RamoTreeRow *self)
{
  g_return_val_if_fail (RAMO_IS_TREE_ROW (self), 0);
  return live_node (self) ? self->node->depth : 0;
}

/**
 * ramo_tree_row_is_expandable:
 * @self: a row
 *
 * Returns: whether @self can have rows under it (asks the create function the first time)
 */
gboolean
ramo_tree_row_is_expandable (RamoTreeRow *self)
{
  GListModel *model;
  RamoTreeNode *node;

  g_return_val_if_fail (RAMO_IS_TREE_ROW (self), FALSE);

  node = live_node (self);
  if (node == NULL || node->empty)
    return FALSE;
  if (node->model != NULL)
    return TRUE;
  model = node->list->create_func (node->item, node->list->user_data);
  if (model == NULL)
    {
      node->empty = TRUE;
      return FALSE;
    }
  g_object_unref (model);
  return TRUE;
}

/**
 * ramo_tree_row_get_expanded:
 * @self: a row
 *
 * Returns: whether @self is unfolded
 */
gboolean
ramo_tree_row_get_expanded (RamoTreeRow *self)
{
  g_return_val_if_fail (RAMO_IS_TREE_ROW (self), FALSE);
  return live_node (self) != NULL && self->node->model != NULL;
}

/**
 * ramo_tree_row_set_expanded:
 * @self: a row
 * @expanded: whether to unfold it
 *
 * Unfolds @self (the rows of its list come after it, and with autoexpand the rows under
 * them) or folds it (every row under it goes). Does nothing to a row that cannot unfold.
 */
void
ramo_tree_row_set_expanded (RamoTreeRow *self,
                            gboolean     expanded)
{
  RamoTreeModel *list;
  RamoTreeNode *node;
  guint n;

  g_return_if_fail (RAMO_IS_TREE_ROW (self));

  node = live_node (self);
  if (node == NULL || (node->model != NULL) == (expanded != FALSE))
    return;
  list = node->list;

  if (expanded)
    {
      if (!_ramo_tree_model_open_node (list, node))
        return;
      n = _ramo_tree_model_populate (list, node, 0, g_list_model_get_n_items (node->model), g_sequence_iter_next (node->iter));
      if (n > 0)
        g_list_model_items_changed (G_LIST_MODEL (list), _ramo_tree_iter_position (node->iter) + 1, 0, n);
    }
  else
    {
      n = _ramo_tree_model_collapse (list, node);
      if (n > 0)
        g_list_model_items_changed (G_LIST_MODEL (list), _ramo_tree_iter_position (node->iter) + 1, n, 0);
    }
  g_object_notify_by_pspec (G_OBJECT (self), row_properties [ROW_PROP_EXPANDED]);
}

/**
 * ramo_tree_row_get_children:
 * @self: a row
 *
 * Returns: (transfer none) (nullable): the list of the rows under @self, while it is unfolded
 */
GListModel *
ramo_tree_row_get_children (RamoTreeRow *self)
{
  g_return_val_if_fail (RAMO_IS_TREE_ROW (self), NULL);
  return live_node (self) ? self->node->model : NULL;
}

/**
 * ramo_tree_row_get_parent:
 * @self: a row
 *
 * Returns: (transfer full) (nullable): the row @self is under, %NULL for a top row
 */
RamoTreeRow *
ramo_tree_row_get_parent (RamoTreeRow *self)
{
  g_return_val_if_fail (RAMO_IS_TREE_ROW (self), NULL);

  if (live_node (self) == NULL || self->node->parent->is_root)
    return NULL;
  return _ramo_tree_node_get_row (self->node->parent);
}

/**
 * ramo_tree_row_get_child_row:
 * @self: a row
 * @position: a position in @self's list
 *
 * Returns: (transfer full) (nullable): the row of the item at @position of @self's list, %NULL
 *   when @self is folded or there is no such item
 */
RamoTreeRow *
ramo_tree_row_get_child_row (RamoTreeRow *self,
                             guint        position)
{
  g_return_val_if_fail (RAMO_IS_TREE_ROW (self), NULL);

  if (live_node (self) == NULL || self->node->children == NULL || position >= self->node->children->len)
    return NULL;
  return _ramo_tree_node_get_row (g_ptr_array_index (self->node->children, position));
}

/* Whether @node is the last row of its list */
static gboolean
node_is_last (RamoTreeNode *node)
{
  GListModel *model = node->parent->model;
  guint n = model ? g_list_model_get_n_items (model) : 0;
  gpointer last;
  gboolean is_last;

  if (n == 0)
    return TRUE;
  last = g_list_model_get_item (model, n - 1);
  is_last = last == node->item;
  g_clear_object (&last);
  return is_last;
}

/**
 * ramo_tree_row_get_guides:
 * @self: a row
 * @from_depth: the depth of the first column of indentation drawn
 * @is_sibling: (scope call): tells which rows hang from their parent as one of its siblings
 *   (the others continue a chain, with no connector)
 * @user_data: the data for @is_sibling
 * @guides: (out caller-allocates) (array length=n_guides): where to write a #RamoTreeGuide for
 *   each column of the row's indentation from @from_depth: column `i` is under the rows of
 *   depth `@from_depth + i`, and shows the row of depth `@from_depth + i + 1` on the way to
 *   @self (the last column is @self's own connector)
 * @n_guides: the length of @guides
 *
 * Works out the guides that draw who is whose child and sibling, as pi's `├ └ │` do, by
 * walking up from @self to the depth @from_depth + 1 (only the columns drawn: the cost grows
 * with the indentation shown, not with the depth). No row object is made on the way.
 *
 * Returns: the number of columns written: the row's depth less @from_depth (0 for a row at
 *   or above @from_depth, or one that left its model), at most @n_guides
 */
guint
ramo_tree_row_get_guides (RamoTreeRow            *self,
                          guint                   from_depth,
                          RamoTreeRowSiblingFunc  is_sibling,
                          gpointer                user_data,
                          guint8                 *guides,
                          guint                   n_guides)
{
  RamoTreeNode *node;
  guint n;

  g_return_val_if_fail (RAMO_IS_TREE_ROW (self), 0);
  g_return_val_if_fail (is_sibling != NULL, 0);
  g_return_val_if_fail (guides != NULL || n_guides == 0, 0);

  node = live_node (self);
  if (node == NULL || node->depth <= from_depth)
    return 0;
  n = MIN (node->depth - from_depth, n_guides);

  /* the columns past @n_guides are not asked for: start as far up as they end */
  for (guint depth = node->depth; depth > from_depth + n; depth--)
    node = node->parent;
  for (guint i = n; i > 0; i--, node = node->parent)
    {
      gboolean own = i == n && node == self->node;

      if (!is_sibling (node->item, user_data))
        guides[i - 1] = RAMO_TREE_GUIDE_NONE;
      else if (node_is_last (node))
        guides[i - 1] = own ? RAMO_TREE_GUIDE_CORNER : RAMO_TREE_GUIDE_NONE;
      else
        guides[i - 1] = own ? RAMO_TREE_GUIDE_TEE : RAMO_TREE_GUIDE_LINE;
    }
  return n;
}

/* ramo-tree-model.c — a tree as a flat list whose costs do not grow with depth
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

/*
 * RamoTreeModel is what GTK 4.8's GtkTreeListModel is to the session tree — a GListModel of
 * rows (RamoTreeRow), each unfolded row followed by the rows of the list its create function
 * gives, kept current as those lists change — with the same API and the same items-changed,
 * but none of its costs per level of depth. GtkTreeListModel keeps a balanced tree per
 * unfolded row and works out a row's position by walking up every level, and marks every level
 * above a row it unfolds: pi's layout nests one level deeper at every branch point, so on a
 * session where every entry is a branch point (30,000 levels) opening the tree took 31 s and
 * unfolding every row 87 s. Here the rows are one sequence in the order shown (a GSequence:
 * position, insertion and removal in O(log n)), each row knows its depth and its parent, and an
 * unfolded row keeps its child rows in an array: no operation walks the levels above a row.
 * Nothing recurses: the deepest tree unfolds with a loop.
 */


static void ramo_tree_model_list_model_init (GListModelInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (RamoTreeModel, ramo_tree_model, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_LIST_MODEL, ramo_tree_model_list_model_init))

enum {
  PROP_0,
  PROP_AUTOEXPAND,
  N_PROPS
};

static GParamSpec *properties [N_PROPS];

static void child_items_changed_cb (GListModel   *model,
                                    guint         position,
                                    guint         removed,
                                    guint         added,
                                    RamoTreeNode *node);

/* ------------------------------------------------------------------------------------------ */
/* Nodes                                                                                       */

/* Forgets the list under @node (not its children's nodes: see free_range()). */
static void
node_close (RamoTreeNode *node)
{
  if (node->model != NULL)
    {
      g_signal_handlers_disconnect_by_func (node->model, child_items_changed_cb, node);
      g_clear_object (&node->model);
    }
  g_clear_pointer (&node->children, g_ptr_array_unref);
}

static void
node_free (RamoTreeNode *node)
{
  if (node->row != NULL)
    _ramo_tree_row_destroy (node->row);
  node_close (node);
  g_clear_object (&node->item);
  g_free (node);
}

/* The place just after the last row under @node (after @node itself if it has none). */
static GSequenceIter *
node_end (RamoTreeModel *self,
          RamoTreeNode  *node)
{
  RamoTreeNode *last = node;

  if (node->is_root)
    return g_sequence_get_end_iter (self->rows);
  while (last->children != NULL && last->children->len > 0)
    last = g_ptr_array_index (last->children, last->children->len - 1);
  return g_sequence_iter_next (last->iter);
}

/* Asks the create function for @node's list and takes it in (no rows made yet). Returns
 * whether @node is unfolded now. */
gboolean
_ramo_tree_model_open_node (RamoTreeModel *self,
                            RamoTreeNode  *node)
{
  GListModel *model;

  if (node->empty || node->model != NULL)
    return FALSE;
  model = self->create_func (node->item, self->user_data);
  if (model == NULL)
    {
      node->empty = TRUE;
      return FALSE;
    }
  node->model = model;
  node->children = g_ptr_array_new ();
  g_signal_connect (model, "items-changed", G_CALLBACK (child_items_changed_cb), node);
  return TRUE;
}

typedef struct
{
  RamoTreeNode *parent;
  guint         next;
  guint         end;
} Frame;

/* Makes the rows of items @position to @position + @n_items of @parent's list, each placed
 * before @before, and with autoexpand the rows under them, all the way down (in a loop, not
 * recursion: trees are tens of thousands of levels deep). Returns the number of rows made. */
guint
_ramo_tree_model_populate (RamoTreeModel *self,
                           RamoTreeNode  *parent,
                           guint          position,
                           guint          n_items,
                           GSequenceIter *before)
{
  g_autoptr(GArray) stack = g_array_new (FALSE, FALSE, sizeof (Frame));
  Frame first = { parent, position, position + n_items };
  guint made = 0;

  g_array_append_val (stack, first);
  while (stack->len > 0)
    {
      Frame *frame = &g_array_index (stack, Frame, stack->len - 1);
      RamoTreeNode *node;
      guint i;

      if (frame->next >= frame->end)
        {
          g_array_set_size (stack, stack->len - 1);
          continue;
        }
      i = frame->next++;
      node = g_new0 (RamoTreeNode, 1);
      node->list = self;
      node->parent = frame->parent;
      /* (the root node's depth is that of the top rows) */
      node->depth = frame->parent->is_root ? frame->parent->depth : frame->parent->depth + 1;
      node->item = g_list_model_get_item (frame->parent->model, i);
      g_ptr_array_insert (frame->parent->children, (int) i, node);
      node->iter = g_sequence_insert_before (before, node);
      made++;
      if (self->autoexpand && _ramo_tree_model_open_node (self, node))
        {
          Frame child = { node, 0, g_list_model_get_n_items (node->model) };

          g_array_append_val (stack, child);
        }
    }
  return made;
}

/* Rows taken out are freed a few milliseconds at a time after, below every other idle: a
 * fold or a model replaced can take out every row of the session (700,000 of them, 200-300 ms
 * to free at once, 100 ms even to visit). Taking rows out only moves them to another
 * sequence; from then on their row objects answer as rows that left the model, and their
 * lists are not followed (see child_items_changed_cb()); the row objects are told when the
 * node is freed. */
#define FREE_DEAD_BUDGET_USEC 4000
#define FREE_DEAD_STEP 1024

static gboolean
free_dead_cb (gpointer data)
{
  RamoTreeModel *self = data;
  gint64 deadline = g_get_monotonic_time () + FREE_DEAD_BUDGET_USEC;

  while (g_sequence_get_length (self->dead) > 0)
    {
      GSequenceIter *begin = g_sequence_get_begin_iter (self->dead);
      GSequenceIter *end = g_sequence_get_iter_at_pos (self->dead, FREE_DEAD_STEP);

      for (GSequenceIter *iter = begin; iter != end; iter = g_sequence_iter_next (iter))
        node_free (g_sequence_get (iter));
      g_sequence_remove_range (begin, end);
      if (g_get_monotonic_time () >= deadline)
        return G_SOURCE_CONTINUE;
    }
  self->free_dead_id = 0;
  return G_SOURCE_REMOVE;
}

/* Takes the rows from @begin up to @end out of the model (in O(log n)); they are freed later. */
static void
free_range (RamoTreeModel *self,
            GSequenceIter *begin,
            GSequenceIter *end)
{
  if (begin == end)
    return;
  g_sequence_move_range (g_sequence_get_end_iter (self->dead), begin, end);
  /* the source keeps the model (and so its dead rows) until they are freed */
  if (self->free_dead_id == 0)
    self->free_dead_id = g_idle_add_full (G_PRIORITY_LOW + 10, free_dead_cb, g_object_ref (self), g_object_unref);
}

/* The rows under @node out of the model; @node folded. Returns how many rows went. */
guint
_ramo_tree_model_collapse (RamoTreeModel *self,
                           RamoTreeNode  *node)
{
  GSequenceIter *begin = g_sequence_iter_next (node->iter);
  GSequenceIter *end = node_end (self, node);
  guint n = _ramo_tree_iter_position (end) - _ramo_tree_iter_position (begin);

  free_range (self, begin, end);
  node_close (node);
  return n;
}

static void
child_items_changed_cb (GListModel   *model,
                        guint         position,
                        guint         removed,
                        guint         added,
                        RamoTreeNode *node)
{
  RamoTreeModel *self = node->list;
  guint n_old;
  guint tree_position;
  guint tree_removed = 0;
  guint tree_added;
  GSequenceIter *before;

  /* a row taken out follows its list no more */
  if (_ramo_tree_node_is_dead (node))
    return;
  n_old = node->children->len;
  g_assert (position + removed <= n_old);

  if (position < n_old)
    tree_position = _ramo_tree_iter_position (((RamoTreeNode *) g_ptr_array_index (node->children, position))->iter);
  else
    tree_position = _ramo_tree_iter_position (node_end (self, node));

  if (removed > 0)
    {
      GSequenceIter *begin = ((RamoTreeNode *) g_ptr_array_index (node->children, position))->iter;
      GSequenceIter *end = position + removed < n_old
                           ? ((RamoTreeNode *) g_ptr_array_index (node->children, position + removed))->iter
                           : node_end (self, node);

      tree_removed = _ramo_tree_iter_position (end) - tree_position;
      free_range (self, begin, end);
      g_ptr_array_remove_range (node->children, position, removed);
    }

  before = position < node->children->len
           ? ((RamoTreeNode *) g_ptr_array_index (node->children, position))->iter
           : node_end (self, node);
  tree_added = _ramo_tree_model_populate (self, node, position, added, before);

  if (tree_removed > 0 || tree_added > 0)
    g_list_model_items_changed (G_LIST_MODEL (self), tree_position, tree_removed, tree_added);
}

/* ------------------------------------------------------------------------------------------ */
/* The model                                                                                   */

static GType
ramo_tree_model_get_item_type (GListModel *list)
{
  return RAMO_TYPE_TREE_ROW;
}

static guint
ramo_tree_model_get_n_items (GListModel *list)
{
  RamoTreeModel *self = RAMO_TREE_MODEL (list);

  return (guint) g_sequence_get_length (self->rows);
}

static gpointer
ramo_tree_model_get_item (GListModel *list,
                          guint       position)
{
  return ramo_tree_model_get_row (RAMO_TREE_MODEL (list), position);
}

static void
ramo_tree_model_list_model_init (GListModelInterface *iface)
{
  iface->get_item_type = ramo_tree_model_get_item_type;
  iface->get_n_items = ramo_tree_model_get_n_items;
  iface->get_item = ramo_tree_model_get_item;
}

static void
ramo_tree_model_finalize (GObject *object)
{
  RamoTreeModel *self = RAMO_TREE_MODEL (object);

  /* (the source freeing dead rows holds the model: it is gone, or the main context is) */
  self->free_dead_id = 0;
  for (GSequence *rows = self->rows; rows != NULL; rows = rows == self->rows ? self->dead : NULL)
    for (GSequenceIter *iter = g_sequence_get_begin_iter (rows); !g_sequence_iter_is_end (iter);
         iter = g_sequence_iter_next (iter))
      node_free (g_sequence_get (iter));
  g_clear_pointer (&self->rows, g_sequence_free);
  g_clear_pointer (&self->dead, g_sequence_free);
  node_close (&self->root);
  if (self->user_destroy)
    self->user_destroy (self->user_data);

  G_OBJECT_CLASS (ramo_tree_model_parent_class)->finalize (object);
}

static void
ramo_tree_model_get_property (GObject    *object,
                              guint       prop_id,
                              GValue     *value,
                              GParamSpec *pspec)
{
  RamoTreeModel *self = RAMO_TREE_MODEL (object);

  switch (prop_id)
    {
    case PROP_AUTOEXPAND:
      g_value_set_boolean (value, self->autoexpand);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ramo_tree_model_set_property (GObject      *object,
                              guint         prop_id,
                              const GValue *value,
                              GParamSpec   *pspec)
{
  RamoTreeModel *self = RAMO_TREE_MODEL (object);

  switch (prop_id)
    {
    case PROP_AUTOEXPAND:
      ramo_tree_model_set_autoexpand (self, g_value_get_boolean (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ramo_tree_model_class_init (RamoTreeModelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = ramo_tree_model_finalize;
  object_class->get_property = ramo_tree_model_get_property;
  object_class->set_property = ramo_tree_model_set_property;

  /**
   * RamoTreeModel:autoexpand:
   *
   * Whether rows that come into the model come unfolded, all the way down.
   */
  properties [PROP_AUTOEXPAND] =
    g_param_spec_boolean ("autoexpand", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
ramo_tree_model_init (RamoTreeModel *self)
{
  self->rows = g_sequence_new (NULL);
  self->dead = g_sequence_new (NULL);
  self->root.is_root = TRUE;
  self->root.list = self;
}

/**
 * ramo_tree_model_new:
 * @root: (transfer full): the top rows' items
 * @autoexpand: whether rows come unfolded
 * @create_func: (scope notified): gives the list of the rows under an item
 * @user_data: data for @create_func
 * @user_destroy: frees @user_data when the model is freed
 *
 * Makes a model of the rows of the tree whose top list is @root, as GtkTreeListModel does
 * (not passing items through): with @autoexpand, every row is unfolded as the model is made.
 *
 * Returns: (transfer full): the model
 */
RamoTreeModel *
ramo_tree_model_new (GListModel                   *root,
                     gboolean                      autoexpand,
                     RamoTreeModelCreateModelFunc  create_func,
                     gpointer                      user_data,
                     GDestroyNotify                user_destroy)
{
  return ramo_tree_model_new_at_depth (root, 0, autoexpand, create_func, user_data, user_destroy);
}

/**
 * ramo_tree_model_new_at_depth:
 * @root: (transfer full): the top rows' items
 * @depth: the depth of the top rows: how many rows ramo_tree_model_grow_up() will put above
 *   them
 * @autoexpand: whether rows come unfolded
 * @create_func: (scope notified): gives the list of the rows under an item
 * @user_data: data for @create_func
 * @user_destroy: frees @user_data when the model is freed
 *
 * As ramo_tree_model_new(), for a part of a tree whose rows above are still to come: a view
 * can show the rows deep in a tree before the tens of thousands of rows above them are made.
 *
 * Returns: (transfer full): the model
 */
RamoTreeModel *
ramo_tree_model_new_at_depth (GListModel                   *root,
                              guint                         depth,
                              gboolean                      autoexpand,
                              RamoTreeModelCreateModelFunc  create_func,
                              gpointer                      user_data,
                              GDestroyNotify                user_destroy)
{
  RamoTreeModel *self;

  g_return_val_if_fail (G_IS_LIST_MODEL (root), NULL);
  g_return_val_if_fail (create_func != NULL, NULL);

  self = g_object_new (RAMO_TYPE_TREE_MODEL, NULL);
  self->root.depth = depth;
  self->autoexpand = autoexpand != FALSE;
  self->create_func = create_func;
  self->user_data = user_data;
  self->user_destroy = user_destroy;
  self->root.model = root;
  self->root.children = g_ptr_array_new ();
  g_signal_connect (root, "items-changed", G_CALLBACK (child_items_changed_cb), &self->root);
  _ramo_tree_model_populate (self, &self->root, 0, g_list_model_get_n_items (root), g_sequence_get_end_iter (self->rows));
  return self;
}

/**
 * ramo_tree_model_clear:
 * @self: a tree model
 *
 * Takes every row out of @self (one items-changed) and stops following its lists: a model
 * replaced in its views is cleared before it is let go, so that its rows are freed a few
 * milliseconds at a time rather than all at once.
 */
void
ramo_tree_model_clear (RamoTreeModel *self)
{
  guint n;

  g_return_if_fail (RAMO_IS_TREE_MODEL (self));

  n = (guint) g_sequence_get_length (self->rows);
  free_range (self, g_sequence_get_begin_iter (self->rows), g_sequence_get_end_iter (self->rows));
  if (self->root.model != NULL)
    g_signal_handlers_disconnect_by_func (self->root.model, child_items_changed_cb, &self->root);
  if (self->root.children != NULL)
    g_ptr_array_set_size (self->root.children, 0);
  if (n > 0)
    g_list_model_items_changed (G_LIST_MODEL (self), 0, n, 0);
}

/**
 * ramo_tree_model_get_model:
 * @self: a tree model
 *
 * Returns: (transfer none): the top list given to ramo_tree_model_new()
 */
GListModel *
ramo_tree_model_get_model (RamoTreeModel *self)
{
  g_return_val_if_fail (RAMO_IS_TREE_MODEL (self), NULL);
  return self->root.model;
}

/**
 * ramo_tree_model_set_autoexpand:
 * @self: a tree model
 * @autoexpand: whether rows that come into the model from now on come unfolded
 */
void
ramo_tree_model_set_autoexpand (RamoTreeModel *self,
                                gboolean       autoexpand)
{
  g_return_if_fail (RAMO_IS_TREE_MODEL (self));

  autoexpand = autoexpand != FALSE;
  if (self->autoexpand == (guint) autoexpand)
    return;
  self->autoexpand = autoexpand;
  g_object_notify_by_pspec (G_OBJECT (self), properties [PROP_AUTOEXPAND]);
}

/**
 * ramo_tree_model_get_autoexpand:
 * @self: a tree model
 *
 * Returns: whether rows come unfolded
 */
gboolean
ramo_tree_model_get_autoexpand (RamoTreeModel *self)
{
  g_return_val_if_fail (RAMO_IS_TREE_MODEL (self), FALSE);
  return self->autoexpand;
}

/**
 * ramo_tree_model_get_row:
 * @self: a tree model
 * @position: a position in @self
 *
 * Returns: (transfer full) (nullable): the row at @position, the same object for as long as the
 *   row is in the model; %NULL past the end
 */
RamoTreeRow *
ramo_tree_model_get_row (RamoTreeModel *self,
                         guint          position)
{
  GSequenceIter *iter;

  g_return_val_if_fail (RAMO_IS_TREE_MODEL (self), NULL);

  iter = g_sequence_get_iter_at_pos (self->rows, (int) MIN (position, (guint) G_MAXINT));
  if (g_sequence_iter_is_end (iter))
    return NULL;
  return _ramo_tree_node_get_row (g_sequence_get (iter));
}

/**
 * ramo_tree_model_get_child_row:
 * @self: a tree model
 * @position: a position in the top list
 *
 * Returns: (transfer full) (nullable): the row of the top list's item at @position
 */
RamoTreeRow *
ramo_tree_model_get_child_row (RamoTreeModel *self,
                               guint          position)
{
  g_return_val_if_fail (RAMO_IS_TREE_MODEL (self), NULL);

  if (position >= self->root.children->len)
    return NULL;
  return _ramo_tree_node_get_row (g_ptr_array_index (self->root.children, position));
}

/**
 * ramo_tree_model_get_row_at_path:
 * @self: a tree model
 * @positions: (array length=n_positions): a position in the top list, then one in the list
 *   under that row, and so on down
 * @n_positions: how many levels @positions has (at least one)
 * @place_func: (scope call) (nullable): makes each position one in the list the model holds
 *   (which may grow it); %NULL takes them as they are
 * @user_data: data for @place_func
 *
 * Follows @positions down the unfolded rows without making a row object for any of the rows
 * on the way (a path can be tens of thousands of levels deep).
 *
 * Returns: (transfer full) (nullable): the row at the end of the path, or %NULL when a row on
 *   the way is folded or a position has no row
 */
RamoTreeRow *
ramo_tree_model_get_row_at_path (RamoTreeModel          *self,
                                 const guint            *positions,
                                 guint                   n_positions,
                                 RamoTreeModelPlaceFunc  place_func,
                                 gpointer                user_data)
{
  RamoTreeNode *node;

  g_return_val_if_fail (RAMO_IS_TREE_MODEL (self), NULL);
  g_return_val_if_fail (positions != NULL && n_positions > 0, NULL);

  node = &self->root;
  for (guint i = 0; i < n_positions; i++)
    {
      guint position;

      if (node->model == NULL || node->children == NULL || (!node->is_root && _ramo_tree_node_is_dead (node)))
        return NULL;
      /* (the function may grow the list: the children are read after it) */
      position = place_func ? place_func (node->model, positions[i], user_data) : positions[i];
      if (node->children == NULL || position >= node->children->len)
        return NULL;
      node = g_ptr_array_index (node->children, position);
    }
  return _ramo_tree_node_get_row (node);
}

/**
 * ramo_tree_model_get_top_depth:
 * @self: a tree model
 *
 * Returns: the depth of the top rows (see ramo_tree_model_new_at_depth())
 */
guint
ramo_tree_model_get_top_depth (RamoTreeModel *self)
{
  g_return_val_if_fail (RAMO_IS_TREE_MODEL (self), 0);
  return self->root.depth;
}

/**
 * ramo_tree_model_grow_up:
 * @self: a tree model whose top rows are deeper than 0
 * @root: (transfer full): a list of one item, the item whose list is @self's top list
 *
 * Puts the row of @root's item above the top rows, unfolded: the top list becomes its list
 * (the create function is not asked for it), and @root the top list. Tells of one row added
 * at position 0. @root may grow after (its other items come as rows before and after).
 */
void
ramo_tree_model_grow_up (RamoTreeModel *self,
                         GListModel    *root)
{
  RamoTreeNode *node;

  g_return_if_fail (RAMO_IS_TREE_MODEL (self));
  g_return_if_fail (G_IS_LIST_MODEL (root));
  g_return_if_fail (self->root.depth > 0);
  g_return_if_fail (g_list_model_get_n_items (root) == 1);

  node = g_new0 (RamoTreeNode, 1);
  node->list = self;
  node->parent = &self->root;
  node->depth = self->root.depth - 1;
  node->item = g_list_model_get_item (root, 0);

  /* the top list and its rows go under the new row */
  g_signal_handlers_disconnect_by_func (self->root.model, child_items_changed_cb, &self->root);
  node->model = g_steal_pointer (&self->root.model);
  node->children = g_steal_pointer (&self->root.children);
  for (guint i = 0; i < node->children->len; i++)
    ((RamoTreeNode *) g_ptr_array_index (node->children, i))->parent = node;
  g_signal_connect (node->model, "items-changed", G_CALLBACK (child_items_changed_cb), node);
  node->iter = g_sequence_prepend (self->rows, node);

  self->root.model = root;
  self->root.children = g_ptr_array_new ();
  g_ptr_array_add (self->root.children, node);
  self->root.depth--;
  g_signal_connect (root, "items-changed", G_CALLBACK (child_items_changed_cb), &self->root);
  g_list_model_items_changed (G_LIST_MODEL (self), 0, 0, 1);
}

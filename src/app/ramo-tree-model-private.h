/* ramo-tree-model-private.h — what RamoTreeModel (ramo-tree-model.c) and its rows
 * (ramo-tree-row.c) share: the nodes of the rows
 *
 * Copyright 2026 The Ramo authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "ramo-tree-model.h"

G_BEGIN_DECLS

typedef struct _Node RamoTreeNode;

struct _Node
{
  gpointer       item;        /* (owned) */
  GListModel    *model;       /* (owned) the rows under this one, while it is unfolded */
  GPtrArray     *children;    /* (element-type RamoTreeNode) their nodes, while it is unfolded */
  RamoTreeNode          *parent;      /* the root node for the top rows */
  GSequenceIter *iter;        /* its place among the rows; NULL for the root node */
  RamoTreeRow   *row;         /* (not owned) the row object, once asked for */
  RamoTreeModel *list;
  guint          depth;       /* the root node's: that of the top rows */
  guint          empty : 1;   /* the create function gave no list */
  guint          is_root : 1;
};

struct _RamoTreeModel
{
  GObject                       parent_instance;

  RamoTreeNode                  root;
  GSequence                    *rows;        /* (element-type RamoTreeNode) in the order shown */
  GSequence                    *dead;        /* (element-type RamoTreeNode) taken out, to free */
  guint                         free_dead_id;
  RamoTreeModelCreateModelFunc  create_func;
  gpointer                      user_data;
  GDestroyNotify                user_destroy;
  guint                         autoexpand : 1;
};

struct _RamoTreeRow
{
  GObject       parent_instance;

  RamoTreeNode *node;           /* NULL once the row left its model */
  gpointer      item;           /* (owned) */
};

static inline guint
_ramo_tree_iter_position (GSequenceIter *iter)
{
  return (guint) g_sequence_iter_get_position (iter);
}

/* Whether @node's row was taken out of the model (its node waits to be freed) */
static inline gboolean
_ramo_tree_node_is_dead (RamoTreeNode *node)
{
  return !node->is_root && g_sequence_iter_get_sequence (node->iter) != node->list->rows;
}

/* ramo-tree-model.c */
gboolean     _ramo_tree_model_open_node (RamoTreeModel *self,
                                         RamoTreeNode  *node);
guint        _ramo_tree_model_populate  (RamoTreeModel *self,
                                         RamoTreeNode  *parent,
                                         guint          position,
                                         guint          n_items,
                                         GSequenceIter *before);
guint        _ramo_tree_model_collapse  (RamoTreeModel *self,
                                         RamoTreeNode  *node);

/* ramo-tree-row.c */
RamoTreeRow *_ramo_tree_node_get_row    (RamoTreeNode  *node);
void         _ramo_tree_row_destroy     (RamoTreeRow   *row);

G_END_DECLS

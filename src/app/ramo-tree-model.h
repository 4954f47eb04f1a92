/* ramo-tree-model.h
 *
 * Copyright 2026 The Ramo authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

#define RAMO_TYPE_TREE_ROW (ramo_tree_row_get_type ())
G_DECLARE_FINAL_TYPE (RamoTreeRow, ramo_tree_row, RAMO, TREE_ROW, GObject)

#define RAMO_TYPE_TREE_MODEL (ramo_tree_model_get_type ())
G_DECLARE_FINAL_TYPE (RamoTreeModel, ramo_tree_model, RAMO, TREE_MODEL, GObject)

/**
 * RamoTreeModelCreateModelFunc:
 * @item: (type GObject): the item of a row
 * @user_data: the data given to ramo_tree_model_new()
 *
 * Returns: (nullable) (transfer full): the list of the rows under @item's row, or %NULL if it
 *   can have none
 */
typedef GListModel * (* RamoTreeModelCreateModelFunc) (gpointer item,
                                                       gpointer user_data);

/**
 * RamoTreeModelPlaceFunc:
 * @list: the list of the rows under a row (or the top list), as the create function gave it
 * @position: a position the caller means in that list
 * @user_data: the data given to ramo_tree_model_get_row_at_path()
 *
 * Returns: the position in @list of the row meant, or %G_MAXUINT for none
 */
typedef guint (* RamoTreeModelPlaceFunc) (GListModel *list,
                                          guint       position,
                                          gpointer    user_data);

/**
 * RamoTreeGuide:
 * @RAMO_TREE_GUIDE_NONE: nothing in this column
 * @RAMO_TREE_GUIDE_LINE: a row above has a sibling below: its line goes through (│)
 * @RAMO_TREE_GUIDE_TEE: the row itself, with a sibling below it (├)
 * @RAMO_TREE_GUIDE_CORNER: the row itself, the last of its siblings (└)
 *
 * What one column of a row's indentation shows of the tree's structure.
 */
typedef enum
{
  RAMO_TREE_GUIDE_NONE,
  RAMO_TREE_GUIDE_LINE,
  RAMO_TREE_GUIDE_TEE,
  RAMO_TREE_GUIDE_CORNER,
} RamoTreeGuide;

/**
 * RamoTreeRowSiblingFunc:
 * @item: (type GObject): the item of a row
 * @user_data: the data given to ramo_tree_row_get_guides()
 *
 * Returns: whether @item's row is one of a list of siblings drawn with connectors, rather
 *   than the next row of a chain
 */
typedef gboolean (* RamoTreeRowSiblingFunc) (gpointer item,
                                             gpointer user_data);

RamoTreeModel *ramo_tree_model_new            (GListModel                   *root,
                                               gboolean                      autoexpand,
                                               RamoTreeModelCreateModelFunc  create_func,
                                               gpointer                      user_data,
                                               GDestroyNotify                user_destroy);
RamoTreeModel *ramo_tree_model_new_at_depth   (GListModel                   *root,
                                               guint                         depth,
                                               gboolean                      autoexpand,
                                               RamoTreeModelCreateModelFunc  create_func,
                                               gpointer                      user_data,
                                               GDestroyNotify                user_destroy);
guint          ramo_tree_model_get_top_depth  (RamoTreeModel                *self);
void           ramo_tree_model_grow_up        (RamoTreeModel                *self,
                                               GListModel                   *root);
GListModel    *ramo_tree_model_get_model      (RamoTreeModel                *self);
void           ramo_tree_model_clear          (RamoTreeModel                *self);
void           ramo_tree_model_set_autoexpand (RamoTreeModel                *self,
                                               gboolean                      autoexpand);
gboolean       ramo_tree_model_get_autoexpand (RamoTreeModel                *self);
RamoTreeRow   *ramo_tree_model_get_row        (RamoTreeModel                *self,
                                               guint                         position);
RamoTreeRow   *ramo_tree_model_get_child_row  (RamoTreeModel                *self,
                                               guint                         position);
RamoTreeRow   *ramo_tree_model_get_row_at_path (RamoTreeModel               *self,
                                                const guint                 *positions,
                                                guint                        n_positions,
                                                RamoTreeModelPlaceFunc       place_func,
                                                gpointer                     user_data);

gpointer       ramo_tree_row_get_item         (RamoTreeRow                  *self);
guint          ramo_tree_row_get_position     (RamoTreeRow                  *self);
guint          ramo_tree_row_get_depth        (RamoTreeRow                  *self);
gboolean       ramo_tree_row_is_expandable    (RamoTreeRow                  *self);
gboolean       ramo_tree_row_get_expanded     (RamoTreeRow                  *self);
void           ramo_tree_row_set_expanded     (RamoTreeRow                  *self,
                                               gboolean                      expanded);
GListModel    *ramo_tree_row_get_children     (RamoTreeRow                  *self);
RamoTreeRow   *ramo_tree_row_get_parent       (RamoTreeRow                  *self);
RamoTreeRow   *ramo_tree_row_get_child_row    (RamoTreeRow                  *self,
                                               guint                         position);
guint          ramo_tree_row_get_guides       (RamoTreeRow                  *self,
                                               guint                         from_depth,
                                               RamoTreeRowSiblingFunc        is_sibling,
                                               gpointer                      user_data,
                                               guint8                       *guides,
                                               guint                         n_guides);

G_END_DECLS

/* ramo-tree-expander.h
 *
 * Copyright 2026 The Ramo authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "ramo-tree-model.h"

G_BEGIN_DECLS

/* Or-ed with a #RamoTreeGuide: the column stands for several levels (see
 * ramo_tree_expander_set_guides()) */
#define RAMO_TREE_EXPANDER_GUIDE_GAP 0x80

#define RAMO_TYPE_TREE_EXPANDER (ramo_tree_expander_get_type ())

G_DECLARE_FINAL_TYPE (RamoTreeExpander, ramo_tree_expander, RAMO, TREE_EXPANDER, GtkWidget)

GtkWidget      *ramo_tree_expander_new          (void);
RamoTreeRow *ramo_tree_expander_get_list_row (RamoTreeExpander *self);
void            ramo_tree_expander_set_list_row (RamoTreeExpander *self,
                                                 RamoTreeRow      *list_row);
gpointer        ramo_tree_expander_get_item     (RamoTreeExpander *self);
GtkWidget      *ramo_tree_expander_get_child    (RamoTreeExpander *self);
void            ramo_tree_expander_set_child    (RamoTreeExpander *self,
                                                 GtkWidget        *child);

void            ramo_tree_expander_set_guides   (RamoTreeExpander *self,
                                                 const guint8     *guides,
                                                 guint             n_columns,
                                                 guint             span,
                                                 gboolean          children_guide);
guint           ramo_tree_expander_get_n_columns (RamoTreeExpander *self);
const guint8   *ramo_tree_expander_get_guides   (RamoTreeExpander *self);
int             ramo_tree_expander_get_indent   (RamoTreeExpander *self);

G_END_DECLS

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

/* Rows deeper than this keep this level's indentation (their real depth is still told to
 * assistive technologies). */
#define RAMO_TREE_EXPANDER_MAX_INDENT_LEVELS 16

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

G_END_DECLS

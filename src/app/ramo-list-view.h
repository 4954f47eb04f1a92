/* ramo-list-view.h
 *
 * Copyright 2026 The Ramo authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define RAMO_TYPE_LIST_VIEW (ramo_list_view_get_type ())

G_DECLARE_FINAL_TYPE (RamoListView, ramo_list_view, RAMO, LIST_VIEW, GtkWidget)

/**
 * RamoListViewSetupFunc:
 * @user_data: the data given to ramo_list_view_set_setup_func()
 *
 * Makes the widget a list item shows, bound to an item later by #RamoListView::bind.
 *
 * Returns: (transfer floating): a new widget
 */
typedef GtkWidget *(*RamoListViewSetupFunc) (gpointer user_data);

GtkWidget         *ramo_list_view_new              (void);
void               ramo_list_view_set_setup_func   (RamoListView          *self,
                                                    RamoListViewSetupFunc  func,
                                                    gpointer               user_data);
GtkSelectionModel *ramo_list_view_get_model        (RamoListView          *self);
void               ramo_list_view_set_model        (RamoListView          *self,
                                                    GtkSelectionModel     *model);
void               ramo_list_view_scroll_to        (RamoListView          *self,
                                                    guint                  position);
gboolean           ramo_list_view_get_row_offset   (RamoListView          *self,
                                                    guint                  position,
                                                    int                   *offset);
void               ramo_list_view_scroll_to_offset (RamoListView          *self,
                                                    guint                  position,
                                                    int                    offset);
guint              ramo_list_view_get_position     (RamoListView          *self,
                                                    GtkWidget             *list_item);
GtkWidget         *ramo_list_view_get_list_item    (RamoListView          *self,
                                                    guint                  position);
guint              ramo_list_view_get_n_list_items (RamoListView          *self);
guint              ramo_list_view_get_n_rows_in_view (RamoListView        *self);
void               ramo_list_view_make_list_items  (RamoListView          *self,
                                                    guint                  n_list_items);
void               ramo_list_view_get_rows_in_view (RamoListView          *self,
                                                    guint                 *start,
                                                    guint                 *end);
void               ramo_list_view_foreach_list_item (RamoListView         *self,
                                                    GFunc                  func,
                                                    gpointer               user_data);

G_END_DECLS

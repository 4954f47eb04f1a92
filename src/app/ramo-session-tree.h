/* ramo-session-tree.h
 *
 * Copyright 2026 The Ramo authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "ramo-list-view.h"
#include "ramo-projection.h"
#include "ramo-session-row.h"
#include "ramo-tree-model.h"

G_BEGIN_DECLS

#define RAMO_TYPE_SESSION_TREE (ramo_session_tree_get_type ())

G_DECLARE_FINAL_TYPE (RamoSessionTree, ramo_session_tree, RAMO, SESSION_TREE, GtkWidget)

RamoProjection     *ramo_session_tree_get_projection   (RamoSessionTree *self);
void                ramo_session_tree_set_projection   (RamoSessionTree *self,
                                                        RamoProjection  *projection);
void                ramo_session_tree_prepare          (RamoSessionTree *self,
                                                        RamoProjection  *projection);
void                ramo_session_tree_make_rows_ahead  (RamoSessionTree *self);
gboolean            ramo_session_tree_prepare_step     (RamoSessionTree *self,
                                                        guint            budget_usec);
void                ramo_session_tree_unprepare        (RamoSessionTree *self,
                                                        RamoProjection  *projection);
const char         *ramo_session_tree_get_selected_id  (RamoSessionTree *self);
const char         *ramo_session_tree_get_scrolled_off_id (RamoSessionTree *self);
gboolean            ramo_session_tree_selected_in_view (RamoSessionTree *self);
RamoEntry          *ramo_session_tree_get_selected_entry (RamoSessionTree *self);
gboolean            ramo_session_tree_select_entry     (RamoSessionTree *self,
                                                        const char      *id);
const char * const *ramo_session_tree_get_search_terms (RamoSessionTree *self);
RamoEntry          *ramo_session_tree_get_shown_leaf   (RamoSessionTree *self);
gboolean            ramo_session_tree_edit_label       (RamoSessionTree *self,
                                                        const char      *id);
gboolean            ramo_session_tree_move             (RamoSessionTree *self,
                                                        guint            move);
void                ramo_session_tree_set_show_label_times (RamoSessionTree *self,
                                                        gboolean         show);
gboolean            ramo_session_tree_get_show_label_times (RamoSessionTree *self);
void                ramo_session_tree_set_branch_badge     (RamoSessionTree *self,
                                                            RamoBadge        badge);
RamoBadge           ramo_session_tree_get_branch_badge     (RamoSessionTree *self);
void                ramo_session_tree_refresh_badges       (RamoSessionTree *self);
void                ramo_session_tree_focus            (RamoSessionTree *self);
gboolean            ramo_session_tree_popup_menu       (RamoSessionTree *self);
GtkPopover         *ramo_session_tree_get_menu         (RamoSessionTree *self);
void                ramo_session_tree_set_filter       (RamoSessionTree *self,
                                                        RamoFilterMode   mode);
void                ramo_session_tree_set_search       (RamoSessionTree *self,
                                                        const char      *search);
void                ramo_session_tree_forget_folds     (RamoSessionTree *self);
void                ramo_session_tree_set_keep_scroll  (RamoSessionTree *self,
                                                        gboolean         keep_scroll);
RamoTreeModel   *ramo_session_tree_get_model        (RamoSessionTree *self);
GtkSingleSelection *ramo_session_tree_get_selection    (RamoSessionTree *self);
RamoListView       *ramo_session_tree_get_list_view    (RamoSessionTree *self);
gboolean            ramo_session_tree_is_filling       (RamoSessionTree *self);
RamoSessionRow     *ramo_session_tree_find_row         (RamoSessionTree *self,
                                                        const char      *id);
gboolean            ramo_session_tree_focus_branch     (RamoSessionTree *self,
                                                        const char      *id);
gboolean            ramo_session_tree_focus_back       (RamoSessionTree *self);
gboolean            ramo_session_tree_show_whole_session (RamoSessionTree *self);
const char         *ramo_session_tree_get_focus_id     (RamoSessionTree *self);
guint               ramo_session_tree_get_focus_depth  (RamoSessionTree *self);
gboolean            ramo_session_tree_get_leaf_outside_focus (RamoSessionTree *self);
gboolean            ramo_session_tree_shows_entry      (RamoSessionTree *self,
                                                        const char      *id);

G_END_DECLS

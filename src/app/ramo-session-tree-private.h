/* ramo-session-tree-private.h
 *
 * Copyright 2026 The Ramo authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "ramo-session-tree.h"

G_BEGIN_DECLS

/* RamoSessionTree is one class split by concern:
 *   ramo-session-tree.c        the widget, its public API, the selection across rebuilds
 *   ramo-session-tree-model.c  the model chain (projection → RamoTreeModel → flatten →
 *                              selection → RamoListView) and the row widgets bound to it
 *   ramo-session-tree-fill.c   the filling: a new model around the selected row, its slices
 *                              grown and its rows unfolded after the frame
 *   ramo-session-tree-input.c  folds, keys, the row menu, and focus and scrolling after layout
 *   ramo-session-tree-layouts.c  the layouts a filter or search change, a leaf move or lines
 *                              appended ask of the projection
 *   ramo-session-tree-focus.c  the tree shown from one row down (focus on a branch), its bar */
struct _RamoSessionTree
{
  GtkWidget           parent_instance;

  RamoProjection     *projection;
  RamoTreeModel   *tree_model;
  GListStore         *tree_models;     /* (element-type GListModel) under the view */
  GtkSingleSelection *selection;
  GSignalGroup       *projection_signals;

  char               *selected_id;     /* the entry of the selected row */
  char               *wanted_id;       /* the entry the user chose; may be hidden now */
  GHashTable         *folded;          /* entry ids of rows the user folded */
  char               *pending_edit_id;
  char               *scrolled_off_id; /* see ramo_session_tree_get_scrolled_off_id() */

  guint               leaf_rebuild_id;
  guint               after_layout_id;
  guint               after_layout_tries;
  guint               select_after_fold;

  guint               in_rebuild : 1;
  guint               show_label_times : 1;  /* pi's Shift+T */
  guint               branch_badge : 3;      /* RamoBadge: what branch rows show */
  guint               clear_folds : 1;
  guint               had_focus : 1;
  guint               want_scroll : 1;
  guint               want_focus : 1;
  guint               keep_scroll : 1;
  guint               leaf_rebuild_live : 1;
  guint               rebuild_live : 1;
  guint               focus_if_visible : 1;
  guint               unfolding : 1;
  guint               models_fresh : 1;
  guint               unfold_id;
  GPtrArray          *to_unfold;     /* (element-type RamoTreeRow) rows the user unfolded */
  guint               unfold_rest_id;
  gulong              unfold_rest_paint_id;  /* after-paint on the frame clock */
  guint               unfold_rest_timeout_id;
  GdkFrameClock      *unfold_rest_clock;
  GPtrArray          *to_unfold_rest; /* (element-type RamoTreeRow) see unfold_rest() */
  GPtrArray          *partial;        /* (element-type RamoListSlice) lists of the model to grow */
  RamoProjectionNode *grow_up_node;   /* the row whose list is the model's top list, while the
                                       * rows above it are still to come
                                       * (_ramo_session_tree_grow_up()) */
  GPtrArray          *grown_up;       /* (element-type RamoListSlice) the lists of the rows put
                                       * above, to grow after */
  RamoProjection     *prepared_projection;  /* ramo_session_tree_prepare() */
  RamoTreeModel   *prepared_model;
  GPtrArray          *prepare_stack;     /* (element-type RamoTreeRow) its rows to unfold */
  guint               preparing : 1;     /* prepared_model is not made whole yet */
  gulong              prepared_handler;  /* items-changed on the prepared projection */
  gulong              items_handler;     /* items-changed on the projection */
  GPtrArray          *replaced_models;   /* (element-type RamoTreeModel) to free */
  guint               free_replaced_id;

  /* focus on a branch (ramo-session-tree-focus.c) */
  GPtrArray          *focus_ids;       /* (element-type utf8) the rows focused on, outermost first */
  RamoProjectionBranch *branch;        /* what the last of them shows, the model's top list */
  guint               focus_lost : 1;  /* its row went (a filter hides it): say so after the layout */
  guint               leaf_outside : 1;
  guint               focus_notify : 1;  /* the focus changed during a layout: notify after it */
  GtkRevealer        *focus_revealer;
  GtkLabel           *focus_label;
  GtkLabel           *focus_note;
  GtkButton          *focus_back_button;
  AdwStatusPage      *branch_empty_page;

  GtkWidget          *content;
  GtkStack           *stack;
  RamoListView       *list_view;
  GtkPopover         *menu_popover;
  RamoSessionRow     *menu_row;        /* weak: the row the menu is open on */
  char               *menu_other_id;   /* the entry selected before a right click moved the
                                        * selection to the menu's row: Compare With Selected */
};

static inline RamoProjectionNode *
_ramo_session_tree_row_get_node (RamoTreeRow *row)
{
  /* transfer full */
  return RAMO_IS_TREE_ROW (row) ? ramo_tree_row_get_item (row) : NULL;
}

/* ramo-session-tree.c */
gboolean          _ramo_session_tree_focus_is_inside            (GtkWidget        *widget);
void              _ramo_session_tree_selection_changed_cb       (RamoSessionTree    *self,
                                                                 GParamSpec         *pspec,
                                                                 GtkSingleSelection *selection);
void              _ramo_session_tree_projection_items_changed_cb (RamoSessionTree *self,
                                                                 guint            position,
                                                                 guint            removed,
                                                                 guint            added,
                                                                 GListModel      *model);
RamoEntry        *_ramo_session_tree_wanted_entry               (RamoSessionTree  *self);
guint             _ramo_session_tree_find_wanted_row            (RamoSessionTree  *self);
void              _ramo_session_tree_select_wanted_row          (RamoSessionTree  *self,
                                                                 guint             position);
void              _ramo_session_tree_notify_focus_id            (RamoSessionTree  *self);

void              _ramo_session_tree_notify_scrolled_off        (RamoSessionTree  *self);

/* ramo-session-tree-guides.c */
void              _ramo_session_tree_guides_init                (RamoSessionTree  *self);
void              _ramo_session_tree_update_guides              (RamoSessionTree  *self);

/* ramo-session-tree-model.c */
void              _ramo_session_tree_rows_init                  (RamoSessionTree  *self);
void              _ramo_session_tree_build_models               (RamoSessionTree  *self);
void              _ramo_session_tree_make_tree_model            (RamoSessionTree  *self,
                                                                 gboolean          unfold);
void              _ramo_session_tree_forget_model               (RamoSessionTree  *self);
void              _ramo_session_tree_drop_models                (RamoSessionTree  *self);
void              _ramo_session_tree_drop_prepared              (RamoSessionTree  *self);
void              _ramo_session_tree_refresh_rows               (RamoSessionTree  *self);

/* ramo-session-tree-runs.c */
/* What build_around() puts in a new tree list model: of each list it touches, the run of rows
 * from the first to the last touched; of the other lists it unfolds, none yet. */
typedef struct
{
  guint first;
  guint last;
} Run;

GListModel       *_ramo_session_tree_path_list                  (GListModel       *first,
                                                                 GPtrArray        *path,
                                                                 guint             level);
GHashTable       *_ramo_session_tree_runs_around                (GListModel       *first,
                                                                 GPtrArray        *path,
                                                                 GHashTable       *folded,
                                                                 guint             around,
                                                                 guint            *min_level,
                                                                 gboolean         *too_short);
gboolean          _ramo_session_tree_grow_up                    (RamoSessionTree  *self,
                                                                 gint64            deadline);
void              _ramo_session_tree_finish_grow_up             (RamoSessionTree  *self);

/* ramo-session-tree-fill.c */
RamoTreeModel    *_ramo_session_tree_new_tree_model             (RamoSessionTree  *self,
                                                                 RamoProjection   *projection,
                                                                 GHashTable       *folded,
                                                                 gboolean          unfold);
void              _ramo_session_tree_swap_models                (RamoSessionTree  *self);
void              _ramo_session_tree_unfold_rows                (RamoSessionTree  *self,
                                                                 RamoProjection   *projection,
                                                                 RamoTreeModel    *model,
                                                                 GHashTable       *folded);
void              _ramo_session_tree_unfold_below               (RamoSessionTree  *self,
                                                                 RamoTreeRow      *row);
void              _ramo_session_tree_unfold_rest                (RamoSessionTree  *self);
RamoTreeModel    *_ramo_session_tree_start_tree_model           (RamoProjection   *projection);
gboolean          _ramo_session_tree_prepare_some               (RamoSessionTree  *self,
                                                                 gint64            deadline);
gboolean          _ramo_session_tree_rest_pending               (RamoSessionTree  *self);
void              _ramo_session_tree_finish_rest                (RamoSessionTree  *self);
void              _ramo_session_tree_cancel_fill                (RamoSessionTree  *self);
guint             _ramo_session_tree_find_entry_row             (RamoSessionTree  *self,
                                                                 RamoEntry        *entry);

/* ramo-session-tree-input.c */
void              _ramo_session_tree_input_class_init           (GtkWidgetClass   *widget_class);
void              _ramo_session_tree_input_init                 (RamoSessionTree  *self);
void              _ramo_session_tree_keys_init                  (RamoSessionTree  *self);
RamoTreeRow      *_ramo_session_tree_selected_row               (RamoSessionTree  *self);
gboolean          _ramo_session_tree_keys_for_rows              (RamoSessionTree  *self);
void              _ramo_session_tree_add_shortcut               (GtkShortcutController *controller,
                                                                 guint            keyval,
                                                                 GdkModifierType  modifiers,
                                                                 GtkShortcutFunc  func,
                                                                 RamoSessionTree *self,
                                                                 GVariant        *args);
void              _ramo_session_tree_tree_items_changed_cb      (RamoSessionTree  *self,
                                                                 guint             position,
                                                                 guint             removed,
                                                                 guint             added,
                                                                 GListModel       *model);
void              _ramo_session_tree_selection_items_changed_cb (RamoSessionTree  *self,
                                                                 guint             position,
                                                                 guint             removed,
                                                                 guint             added,
                                                                 GListModel       *model);
RamoSessionRow   *_ramo_session_tree_find_row_in                (GtkWidget        *widget);
void              _ramo_session_tree_queue_after_layout         (RamoSessionTree  *self,
                                                                 gboolean          scroll,
                                                                 gboolean          focus);

/* ramo-session-tree-layouts.c */
void              _ramo_session_tree_leaf_init                  (RamoSessionTree  *self);

/* ramo-session-tree-focus.c */
void              _ramo_session_tree_focus_class_init           (GtkWidgetClass   *widget_class);
void              _ramo_session_tree_focus_init                 (RamoSessionTree  *self);
void              _ramo_session_tree_focus_dispose              (RamoSessionTree  *self);
void              _ramo_session_tree_focus_clear                (RamoSessionTree  *self);
void              _ramo_session_tree_focus_follow_layout        (RamoSessionTree  *self);
void              _ramo_session_tree_focus_rebuilt              (RamoSessionTree  *self);
void              _ramo_session_tree_focus_keep_models          (RamoSessionTree  *self);
RamoEntry        *_ramo_session_tree_focus_stand_in             (RamoSessionTree  *self,
                                                                 RamoEntry        *entry);
gboolean          _ramo_session_tree_focus_contains             (RamoSessionTree  *self,
                                                                 RamoEntry        *entry);
const char       *_ramo_session_tree_empty_page                 (RamoSessionTree  *self);
GListModel       *_ramo_session_tree_top_list                   (RamoSessionTree  *self,
                                                                 RamoProjection   *projection);
GPtrArray        *_ramo_session_tree_dup_path                   (RamoSessionTree  *self,
                                                                 RamoProjection   *projection,
                                                                 RamoEntry        *entry);
GPtrArray        *_ramo_session_tree_dup_path_tail              (RamoSessionTree  *self,
                                                                 RamoEntry        *entry,
                                                                 guint             max_levels,
                                                                 RamoProjectionNode **above,
                                                                 guint            *depth);
GArray           *_ramo_session_tree_dup_top_unfoldable         (RamoSessionTree  *self,
                                                                 RamoProjection   *projection);

G_END_DECLS

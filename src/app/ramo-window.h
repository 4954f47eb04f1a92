/* ramo-window.h
 *
 * Copyright 2026 The Ramo authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "ramo-agent-process.h"
#include "ramo-agent-session.h"
#include "ramo-compare-window.h"
#include "ramo-composer.h"
#include "ramo-path-bar.h"
#include "ramo-problems-window.h"
#include "ramo-context-view.h"
#include "ramo-entry-view.h"
#include "ramo-projection.h"
#include "ramo-session-manager.h"
#include "ramo-session-tree.h"

G_BEGIN_DECLS

#define RAMO_TYPE_WINDOW (ramo_window_get_type ())

G_DECLARE_FINAL_TYPE (RamoWindow, ramo_window, RAMO, WINDOW, AdwApplicationWindow)

/**
 * RamoWindowOpenFlags:
 * @RAMO_WINDOW_OPEN_NONE: show the file
 * @RAMO_WINDOW_OPEN_RELOAD: the file is the one shown, read again: the selected entry is
 *   selected again, a failure replaces the session shown by the error page, and success says
 *   "Session reloaded"; a read ahead (ramo-preloads.c) is not taken
 *
 * How ramo_window_open() shows a file.
 */
typedef enum
{
  RAMO_WINDOW_OPEN_NONE   = 0,
  RAMO_WINDOW_OPEN_RELOAD = 1 << 0,
} RamoWindowOpenFlags;

RamoWindow         *ramo_window_new                       (GtkApplication     *application);
void                ramo_window_open                      (RamoWindow         *self,
                                                           GFile              *file,
                                                           RamoWindowOpenFlags flags,
                                                           GCancellable       *cancellable,
                                                           GAsyncReadyCallback callback,
                                                           gpointer            user_data);
gboolean            ramo_window_open_finish               (RamoWindow         *self,
                                                           GAsyncResult       *result,
                                                           GError            **error);
gboolean            ramo_window_open_file                 (RamoWindow         *self,
                                                           GFile              *file,
                                                           GError            **error);
void                ramo_window_set_manager               (RamoWindow         *self,
                                                           RamoSessionManager *manager);
RamoSessionManager *ramo_window_get_manager               (RamoWindow         *self);
RamoProjection     *ramo_window_get_projection            (RamoWindow         *self);
RamoSessionTree    *ramo_window_get_tree                  (RamoWindow         *self);
RamoContextView    *ramo_window_get_context_view          (RamoWindow         *self);
RamoEntryView      *ramo_window_get_entry_view            (RamoWindow         *self);
GtkDropDown        *ramo_window_get_filter_dropdown       (RamoWindow         *self);
GtkEditable        *ramo_window_get_search_entry          (RamoWindow         *self);
const char         *ramo_window_get_count_text            (RamoWindow         *self);
const char         *ramo_window_get_position_text         (RamoWindow         *self);
RamoPathBar        *ramo_window_get_path_bar              (RamoWindow         *self);
const char         *ramo_window_get_subtitle              (RamoWindow         *self);
const char         *ramo_window_get_detail_page           (RamoWindow         *self);
char               *ramo_window_dup_composer_text         (RamoWindow         *self);
void                ramo_window_set_composer_text         (RamoWindow         *self,
                                                           const char         *text);
const char         *ramo_window_get_double_escape_action  (RamoWindow         *self);
void                ramo_window_set_double_escape_action  (RamoWindow         *self,
                                                           const char         *action);
const char         *ramo_window_get_issues_text           (RamoWindow         *self);
RamoProblemsWindow *ramo_window_get_problems_window       (RamoWindow         *self);
RamoCompareWindow  *ramo_window_get_compare_window        (RamoWindow         *self);
gboolean            ramo_window_is_comparing              (RamoWindow         *self);
gboolean            ramo_window_get_read_only_shown       (RamoWindow         *self);
const char         *ramo_window_get_read_only_text        (RamoWindow         *self);
const char         *ramo_window_get_last_toast            (RamoWindow         *self);
void                ramo_window_add_toast                 (RamoWindow         *self,
                                                           AdwToast           *toast);
void                ramo_window_show_toast                (RamoWindow         *self,
                                                           const char         *message);
void                ramo_window_activate_entry            (RamoWindow         *self,
                                                           const char         *id);
gboolean            ramo_window_navigate                  (RamoWindow         *self,
                                                           const char         *id,
                                                           const RamoTreeOptions *options,
                                                           GError            **error);
RamoAgentSession   *ramo_window_get_agent_session         (RamoWindow         *self);
gboolean            ramo_window_is_busy                   (RamoWindow         *self);
gboolean            ramo_window_send                      (RamoWindow         *self);
void                ramo_window_stop_agent                (RamoWindow         *self);
RamoComposer       *ramo_window_get_composer              (RamoWindow         *self);
RamoAgentProcess   *ramo_window_get_agent_process         (RamoWindow         *self);
gboolean            ramo_window_open_in_terminal          (RamoWindow         *self,
                                                           GError            **error);
void                ramo_window_cancel_operation          (RamoWindow         *self);
AdwMessageDialog   *ramo_window_get_summary_dialog        (RamoWindow         *self);
gboolean            ramo_window_get_summary_progress_shown (RamoWindow        *self);
const char         *ramo_window_get_remembered_summary_choice (RamoWindow     *self);
void                ramo_window_set_remembered_summary_choice (RamoWindow     *self,
                                                           const char         *choice);
RamoSummarizerConfig *ramo_window_dup_settings_config     (RamoWindow         *self);
void                ramo_window_set_branch_badge      (RamoWindow         *self,
                                                       const char         *badge);
void                ramo_window_set_default_filter        (RamoWindow         *self,
                                                           RamoFilterMode      mode);
void                ramo_window_load_file                 (RamoWindow         *self,
                                                           GFile              *file);
gboolean            ramo_window_is_loading                (RamoWindow         *self);
gboolean            ramo_window_refresh                   (RamoWindow         *self);
gboolean            ramo_window_get_changed_on_disk       (RamoWindow         *self);
void                ramo_window_reload                    (RamoWindow         *self);
gboolean            ramo_window_set_label                 (RamoWindow         *self,
                                                           const char         *id,
                                                           const char         *label,
                                                           GError            **error);
gboolean            ramo_window_branch                    (RamoWindow         *self,
                                                           const char         *id,
                                                           GError            **error);
void                ramo_window_run_branch_command        (RamoWindow         *self);
void                ramo_window_begin_branch_in_tree      (RamoWindow         *self);
void                ramo_window_end_branch_in_tree        (RamoWindow         *self);
gboolean            ramo_window_get_branching_in_tree     (RamoWindow         *self);
const char         *ramo_window_get_branch_target         (RamoWindow         *self);
void                ramo_window_run_tree_command          (RamoWindow         *self);
void                ramo_window_composer_escape           (RamoWindow         *self);

G_END_DECLS

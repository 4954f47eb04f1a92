/* ramo-window-private.h
 *
 * Copyright 2026 The Ramo authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "ramo-agent-process.h"
#include "ramo-composer.h"
#include "ramo-path-bar.h"
#include "ramo-preloads.h"
#include "ramo-window.h"

G_BEGIN_DECLS

/* How quickly a second Escape in the composer must follow the first (pi: 500 ms). */
#define RAMO_DOUBLE_ESCAPE_USEC (500 * G_TIME_SPAN_MILLISECOND)

struct _RamoWindow
{
  AdwApplicationWindow  parent_instance;

  RamoSessionManager   *manager;
  RamoProjection       *projection;
  GSignalGroup         *manager_signals;
  GSignalGroup         *projection_signals;
  char                 *double_escape_action;
  char                 *count_text;
  char                 *issues_text;
  GPtrArray            *problems;          /* (element-type RamoProblem) (nullable) */
  RamoProblemsWindow   *problems_window;   /* (nullable) (unowned): while open */
  RamoCompareWindow    *compare_window;    /* (nullable) (unowned): while open */
  guint                 problems_update_id; /* the update after lines another program appended */
  char                 *last_toast;
  gint64                last_escape_time;

  /* navigation through the agent session, summaries (ramo-window-summary.c) */
  RamoAgentSession     *agent;
  GSignalGroup         *agent_signals;
  GSettings            *settings;            /* NULL when the schema is not installed */
  char                 *remembered_summary_choice;   /* without the schema */
  GCancellable         *navigate_cancellable;
  AdwMessageDialog     *summary_dialog;      /* weak */
  gboolean              summarizing;

  /* the session's agent, driven from the composer (ramo-window-agent.c) */
  RamoAgentProcess     *agent_process;       /* NULL until Send or Start; one per session */
  GCancellable         *agent_cancellable;   /* the start and the send under way */
  char                 *agent_session_path;  /* the file the agent has open */
  GSignalGroup         *agent_manager_signals;
  char                 *agent_leaf_id;       /* where the agent's leaf is, as far as Ramo knows */
  gboolean              agent_leaf_known;
  char                 *agent_followed_id;   /* the entry the selection followed to, or NULL */
  char                 *agent_pending_text;  /* sent, not yet taken by the agent */
  char                 *agent_pending_move;  /* a move with a summary waiting for the start */
  RamoTreeOptions      *agent_pending_move_options;
  gboolean              agent_sending;       /* a start, a move or a prompt is under way */
  gboolean              agent_user_seen;     /* the agent took the message (its user message began) */
  GPtrArray            *agent_models;        /* JsonObject*, the agent's models, as listed */
  gulong                agent_handlers[16];
  char                 *agent_branch_text;   /* for the editor, once the branched session shows */
  GHashTable           *composer_drafts;     /* session path → the user's text left there */
  char                 *composer_session_path;

  /* the Branch command made in the tree (ramo-window-branch.c) */
  gboolean              branching;
  GtkInfoBar           *branch_bar;
  GtkLabel             *branch_label;
  GtkButton            *branch_button;

  /* labels (ramo-window-actions.c) */
  AdwToast             *label_undo_toast;    /* the last "Label cleared — Undo" */

  /* loading (ramo-window-load.c) */
  RamoFilterMode        default_filter;      /* what another session starts with */
  GCancellable         *load_cancellable;
  gpointer              load;                /* LoadOp *, while a file loads */
  guint                 load_page_id;
  RamoPreloads         *preloads;            /* the application's reads ahead, or NULL */

  /* following the file (ramo-window-live.c) */
  GFileMonitor         *monitor;
  char                 *monitored_path;
  guint                 refresh_id;
  gboolean              changed_on_disk;

  /* the panes (ramo-window-panes.c) */
  guint                 panes_update_id;

  /* template children */
  AdwToastOverlay      *toast_overlay;
  AdwWindowTitle       *window_title;
  GtkMenuButton        *dialect_button;
  GtkDropDown          *filter_dropdown;
  GtkSearchEntry       *search_entry;
  GtkLabel             *count_label;
  GtkLabel             *position_label;
  GtkInfoBar           *issues_bar;
  GtkLabel             *issues_label;
  GtkInfoBar           *read_only_bar;
  GtkLabel             *read_only_label;
  GtkInfoBar           *changed_bar;
  GtkInfoBar           *summary_bar;
  GtkLabel             *summary_label;
  GtkSpinner           *summary_spinner;
  GtkStack             *main_stack;
  AdwStatusPage        *error_page;
  AdwStatusPage        *loading_page;
  GtkProgressBar       *loading_progress;
  AdwLeaflet           *leaflet;             /* the panes (ramo-window-panes.c) */
  GtkWidget            *tree_pane;
  GtkWidget            *detail_pane;
  GtkStackSwitcher     *detail_switcher;
  GtkButton            *back_button;
  GtkButton            *details_button;
  RamoPathBar          *path_bar;
  guint                 path_bar_idle_id;    /* the path bar redone after the rows in view changed */
  guint                 position_idle_id;    /* the (N/M) and the path bar redone after the selection,
                                              * the layout or the session changed */
  RamoSessionTree      *tree;
  GtkStack             *detail_stack;
  RamoContextView      *context_view;
  RamoEntryView        *entry_view;
  RamoComposer         *composer_widget;
  GtkTextView          *composer;            /* the composer's editor */
};

/* ramo-window.c */
void     _ramo_window_show_error          (RamoWindow         *self,
                                           const char         *what,
                                           const GError       *error);
void     _ramo_window_reveal_session_page (RamoWindow         *self);
gboolean _ramo_window_focus_within        (RamoWindow         *self,
                                           GtkWidget          *widget);

/* ramo-window-session.c */
void     _ramo_window_session_init        (RamoWindow         *self);
void     _ramo_window_flush_position      (RamoWindow         *self);
void     _ramo_window_get_view_settings   (RamoWindow         *self,
                                           RamoFilterMode     *filter,
                                           char              **search);
void     _ramo_window_set_manager_full    (RamoWindow         *self,
                                           RamoSessionManager *manager,
                                           RamoProjection     *prepared);
char    *_ramo_window_dup_header_problem_text (RamoSessionManager *manager);

/* ramo-window-actions.c */
void     _ramo_window_class_actions_init  (GtkWidgetClass     *widget_class);
void     _ramo_window_actions_init        (RamoWindow         *self);

/* ramo-window-search.c */
void     _ramo_window_search_init         (RamoWindow         *self);
void     _ramo_window_search_changed      (RamoWindow         *self);
void     _ramo_window_search_activate     (RamoWindow         *self);
void     _ramo_window_actions_update      (RamoWindow         *self);
void     _ramo_window_actions_dispose     (RamoWindow         *self);
void     _ramo_window_sync_filter         (RamoWindow         *self);
/* for the tests: the last "Label cleared" notification, and clicking its Undo */
AdwToast *_ramo_window_get_label_undo_toast (RamoWindow       *self);
gboolean _ramo_window_activate_label_undo (RamoWindow         *self);

/* ramo-window-load.c */
void     _ramo_window_class_load_init     (GtkWidgetClass     *widget_class);
void     _ramo_window_load_dispose        (RamoWindow         *self);
void     _ramo_window_set_preloads        (RamoWindow         *self,
                                           RamoPreloads       *preloads);

/* ramo-window-live.c */
void     _ramo_window_live_init           (RamoWindow         *self);
void     _ramo_window_live_dispose        (RamoWindow         *self);
void     _ramo_window_live_set_manager    (RamoWindow         *self,
                                           RamoSessionManager *manager);

/* ramo-window-summary.c */
const char *_ramo_window_busy_message     (RamoWindow         *self);
void     _ramo_window_summary_init        (RamoWindow         *self);
void     _ramo_window_summary_dispose     (RamoWindow         *self);
void     _ramo_window_summary_set_manager (RamoWindow         *self,
                                           RamoSessionManager *manager);
char    *_ramo_window_dup_setting         (RamoWindow         *self,
                                           const char         *key);
void     _ramo_window_navigate_with       (RamoWindow         *self,
                                           const char         *id,
                                           gboolean            summarize,
                                           const char         *instructions,
                                           gboolean            replace);

/* ramo-window-branch.c */
void     _ramo_window_class_branch_init   (GtkWidgetClass     *widget_class);
void     _ramo_window_branch_init         (RamoWindow         *self);
gboolean _ramo_window_branch_activate     (RamoWindow         *self,
                                           const char         *id);

/* ramo-window-focus.c */
void     _ramo_window_focus_init          (RamoWindow         *self);

/* ramo-window-compare.c */
void     _ramo_window_compare_init        (RamoWindow         *self);
void     _ramo_window_compare_dispose     (RamoWindow         *self);

/* ramo-window-dialect.c */
void     _ramo_window_dialect_init        (RamoWindow         *self);
void     _ramo_window_dialect_update      (RamoWindow         *self);

/* ramo-window-agent.c */
void     _ramo_window_agent_init          (RamoWindow         *self);
void     _ramo_window_agent_dispose       (RamoWindow         *self);
void     _ramo_window_agent_set_manager   (RamoWindow         *self,
                                           RamoSessionManager *manager);
gboolean _ramo_window_agent_is_attached   (RamoWindow         *self);
gboolean _ramo_window_agent_navigate      (RamoWindow         *self,
                                           const char         *id,
                                           const RamoTreeOptions *options);
gboolean _ramo_window_agent_set_label     (RamoWindow         *self,
                                           const char         *id,
                                           const char         *label);
gboolean _ramo_window_agent_branch        (RamoWindow         *self,
                                           const char         *id);
void     _ramo_window_offer_composer_text (RamoWindow         *self,
                                           const char         *text);
void     _ramo_window_agent_class_init    (GtkWidgetClass     *widget_class);
void     _ramo_window_agent_moves_init    (RamoWindow         *self);
/* ramo-window-agent.c, for ramo-window-agent-moves.c */
void     _ramo_window_agent_show_error    (RamoWindow         *self,
                                           const char         *what,
                                           const GError       *error);
void     _ramo_window_agent_set_leaf      (RamoWindow         *self,
                                           const char         *leaf_id);
void     _ramo_window_agent_read_writes   (RamoWindow         *self);
void     _ramo_window_agent_update        (RamoWindow         *self);
void     _ramo_window_agent_detach        (RamoWindow         *self);
gboolean _ramo_window_agent_detach_full   (RamoWindow         *self,
                                           GAsyncReadyCallback stopped,
                                           gpointer            user_data);
const char *_ramo_window_agent_name       (RamoWindow         *self);
const char *_ramo_window_agent_move_target (RamoWindow        *self);
void     _ramo_window_agent_begin_prompt  (RamoWindow         *self);
void     _ramo_window_agent_end_send      (RamoWindow         *self,
                                           const char         *what,
                                           const GError       *error);
void     _ramo_window_agent_connect       (RamoWindow         *self,
                                           RamoAgentProcess   *agent);
/* ramo-window-agent-start.c */
void     _ramo_window_agent_start         (RamoWindow         *self);
char    *_ramo_window_agent_dup_configured_command (RamoWindow *self,
                                           RamoDialect         dialect);
gboolean _ramo_window_agent_check_startable (RamoWindow       *self);
gboolean _ramo_window_agent_start_and_navigate (RamoWindow    *self,
                                           const char         *id,
                                           const RamoTreeOptions *options);
void     _ramo_window_agent_model_chosen_cb (RamoWindow       *self,
                                           guint               index,
                                           RamoComposer       *composer);
void     _ramo_window_agent_thinking_chosen_cb (RamoWindow    *self,
                                           const char         *level,
                                           RamoComposer       *composer);

/* ramo-window-panes.c */
void     _ramo_window_problems_init       (RamoWindow         *self);
void     _ramo_window_problems_dispose    (RamoWindow         *self);
void     _ramo_window_problems_update     (RamoWindow         *self);
void     _ramo_window_problems_queue_update (RamoWindow       *self);
gboolean _ramo_window_show_entry          (RamoWindow         *self,
                                           const char         *id);

void     _ramo_window_panes_init          (RamoWindow         *self);
void     _ramo_window_panes_dispose       (RamoWindow         *self);

/* ramo-window-dnd.c */
void     _ramo_window_dnd_init            (RamoWindow         *self);
gboolean _ramo_window_drop                (RamoWindow         *self,
                                           const GValue       *value);

/* ramo-window-bench.c (RAMO_BENCH_STARTUP=1) */
void     _ramo_window_bench_begin         (RamoWindow         *self);
void     _ramo_window_bench_loaded        (RamoWindow         *self);

G_END_DECLS

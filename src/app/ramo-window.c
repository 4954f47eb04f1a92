/* ramo-window.c
 *
 * Copyright 2026 The Ramo authors
 *
 * This program is free software: you can redistribute it and/or modify it under the terms of the
 * GNU General Public License as published by the Free Software Foundation, either version 3 of
 * the License, or (at your option) any later version.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ramo-window"

#include "config.h"

#include <string.h>

#include <glib/gi18n.h>

#include "ramo-accessible.h"
#include "ramo-window-private.h"

/**
 * RamoWindow:
 *
 * A window showing one session: the tree (left) with its search, filter and count above it,
 * the context of the current leaf or the selected entry (right; in a narrow window one of the
 * two at a time, see ramo-window-panes.c), and the editor (the composer) at the bottom. What
 * the user does goes through the window's actions (ramo-window-actions.c), which scripts can
 * call too.
 */

G_DEFINE_FINAL_TYPE (RamoWindow, ramo_window, ADW_TYPE_APPLICATION_WINDOW)

enum {
  PROP_0,
  PROP_MANAGER,
  PROP_DOUBLE_ESCAPE_ACTION,
  PROP_REMEMBERED_SUMMARY_CHOICE,
  N_PROPS
};

static GParamSpec *properties [N_PROPS];

/* ------------------------------------------------------------------------------------------ */
/* Header bar and composer                                                                     */

static void
filter_selected_cb (RamoWindow  *self,
                    GParamSpec  *pspec,
                    GtkDropDown *dropdown)
{
  guint selected = gtk_drop_down_get_selected (dropdown);

  g_assert (RAMO_IS_WINDOW (self));

  if (selected > RAMO_FILTER_ALL)
    return;
  ramo_session_tree_set_filter (self->tree, (RamoFilterMode) selected);
  _ramo_window_sync_filter (self);
}

static void
search_changed_cb (RamoWindow     *self,
                   GtkSearchEntry *entry)
{
  const char *text = gtk_editable_get_text (GTK_EDITABLE (entry));

  g_assert (RAMO_IS_WINDOW (self));

  ramo_session_tree_set_search (self->tree, text[0] ? text : NULL);
  _ramo_window_search_changed (self);
}

static void
search_stop_cb (RamoWindow     *self,
                GtkSearchEntry *entry)
{
  g_assert (RAMO_IS_WINDOW (self));

  gtk_editable_set_text (GTK_EDITABLE (entry), "");
  ramo_session_tree_focus (self->tree);
}

static void
search_activate_cb (RamoWindow     *self,
                    GtkSearchEntry *entry)
{
  g_assert (RAMO_IS_WINDOW (self));
  _ramo_window_search_activate (self);
}

static void
issues_response_cb (RamoWindow *self,
                    int         response,
                    GtkInfoBar *bar)
{
  if (response == GTK_RESPONSE_CLOSE)
    gtk_info_bar_set_revealed (bar, FALSE);
}

/**
 * ramo_window_composer_escape:
 * @self: a window
 *
 * Handles Escape in the editor: a second Escape within 500 ms runs the double-Escape action
 * (#RamoWindow:double-escape-action).
 */
void
ramo_window_composer_escape (RamoWindow *self)
{
  gint64 now = g_get_monotonic_time ();

  g_return_if_fail (RAMO_IS_WINDOW (self));

  if (self->last_escape_time != 0 && now - self->last_escape_time <= RAMO_DOUBLE_ESCAPE_USEC)
    {
      self->last_escape_time = 0;
      if (g_strcmp0 (self->double_escape_action, "tree") == 0)
        ramo_window_run_tree_command (self);
      else if (g_strcmp0 (self->double_escape_action, "branch") == 0)
        ramo_window_run_branch_command (self);
      return;
    }
  self->last_escape_time = now;
}

/* ------------------------------------------------------------------------------------------ */

/**
 * ramo_window_add_toast:
 * @self: a window
 * @toast: (transfer full): a notification
 *
 * Shows @toast over the window's content. Every notification of the window goes through here
 * (ramo_window_get_last_toast() returns the title of the last one).
 */
void
ramo_window_add_toast (RamoWindow *self,
                       AdwToast   *toast)
{
  g_return_if_fail (RAMO_IS_WINDOW (self));
  g_return_if_fail (ADW_IS_TOAST (toast));

  g_free (self->last_toast);
  self->last_toast = g_strdup (adw_toast_get_title (toast));
  adw_toast_overlay_add_toast (self->toast_overlay, toast);
}

/**
 * ramo_window_show_toast:
 * @self: a window
 * @message: what to say
 *
 * Shows @message as a notification for six seconds.
 */
void
ramo_window_show_toast (RamoWindow *self,
                        const char *message)
{
  AdwToast *toast;

  g_return_if_fail (RAMO_IS_WINDOW (self));
  g_return_if_fail (message != NULL);

  toast = adw_toast_new (message);
  adw_toast_set_timeout (toast, 6);
  ramo_window_add_toast (self, toast);
}

/* @what says what failed, e.g. "Could not save the label". */
void
_ramo_window_show_error (RamoWindow   *self,
                         const char   *what,
                         const GError *error)
{
  g_autofree char *message = NULL;

  g_assert (RAMO_IS_WINDOW (self));

  if (g_error_matches (error, RAMO_SESSION_ERROR, RAMO_SESSION_ERROR_READ_ONLY))
    message = g_strdup_printf (_("%s: the session is read-only. The file is unchanged."), what);
  else if (g_error_matches (error, RAMO_SESSION_ERROR, RAMO_SESSION_ERROR_CHANGED))
    message = g_strdup_printf (_("%s: another program changed the file; open it again first. The file is unchanged."), what);
  else if (error && error->domain == RAMO_SESSION_ERROR && error->code == RAMO_SESSION_ERROR_IO)
    message = g_strdup_printf (_("%s: %s. The file is unchanged."), what, error->message);
  else
    message = g_strdup_printf (_("%s: %s"), what, error ? error->message : _("unknown error"));

  g_debug ("%s", message);
  ramo_window_show_toast (self, message);
}

static void
ramo_window_dispose (GObject *object)
{
  RamoWindow *self = (RamoWindow *)object;

  if (self->manager_signals)
    g_signal_group_set_target (self->manager_signals, NULL);
  if (self->projection_signals)
    g_signal_group_set_target (self->projection_signals, NULL);

  _ramo_window_agent_dispose (self);
  _ramo_window_summary_dispose (self);
  _ramo_window_load_dispose (self);
  _ramo_window_live_dispose (self);
  _ramo_window_actions_dispose (self);
  _ramo_window_compare_dispose (self);
  _ramo_window_panes_dispose (self);
  _ramo_window_problems_dispose (self);
  g_clear_handle_id (&self->path_bar_idle_id, g_source_remove);
  g_clear_handle_id (&self->position_idle_id, g_source_remove);

  gtk_widget_dispose_template (GTK_WIDGET (self), RAMO_TYPE_WINDOW);

  g_clear_object (&self->manager_signals);
  g_clear_object (&self->projection_signals);
  g_clear_object (&self->projection);
  g_clear_object (&self->manager);

  G_OBJECT_CLASS (ramo_window_parent_class)->dispose (object);
}

static void
ramo_window_finalize (GObject *object)
{
  RamoWindow *self = (RamoWindow *)object;

  g_clear_pointer (&self->double_escape_action, g_free);
  g_clear_pointer (&self->count_text, g_free);
  g_clear_pointer (&self->issues_text, g_free);
  g_clear_pointer (&self->last_toast, g_free);

  G_OBJECT_CLASS (ramo_window_parent_class)->finalize (object);
}

static void
ramo_window_get_property (GObject    *object,
                          guint       prop_id,
                          GValue     *value,
                          GParamSpec *pspec)
{
  RamoWindow *self = RAMO_WINDOW (object);

  switch (prop_id)
    {
    case PROP_MANAGER:
      g_value_set_object (value, ramo_window_get_manager (self));
      break;

    case PROP_DOUBLE_ESCAPE_ACTION:
      g_value_set_string (value, ramo_window_get_double_escape_action (self));
      break;

    case PROP_REMEMBERED_SUMMARY_CHOICE:
      g_value_set_string (value, ramo_window_get_remembered_summary_choice (self));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ramo_window_set_property (GObject      *object,
                          guint         prop_id,
                          const GValue *value,
                          GParamSpec   *pspec)
{
  RamoWindow *self = RAMO_WINDOW (object);

  switch (prop_id)
    {
    case PROP_MANAGER:
      ramo_window_set_manager (self, g_value_get_object (value));
      break;

    case PROP_DOUBLE_ESCAPE_ACTION:
      ramo_window_set_double_escape_action (self, g_value_get_string (value));
      break;

    case PROP_REMEMBERED_SUMMARY_CHOICE:
      ramo_window_set_remembered_summary_choice (self, g_value_get_string (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ramo_window_class_init (RamoWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = ramo_window_dispose;
  object_class->finalize = ramo_window_finalize;
  object_class->get_property = ramo_window_get_property;
  object_class->set_property = ramo_window_set_property;

  /**
   * RamoWindow:manager:
   *
   * The session shown, or %NULL.
   */
  properties [PROP_MANAGER] =
    g_param_spec_object ("manager", NULL, NULL,
                         RAMO_TYPE_SESSION_MANAGER,
                         (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * RamoWindow:double-escape-action:
   *
   * What pressing Escape twice in the editor does, and how the Branch command behaves (pi's
   * `doubleEscapeAction`): `tree` focuses the tree, and makes Branch a choice in the tree
   * (its "Branch from here" bar); `branch` opens the user-message picker; `none` does
   * nothing (Branch opens the picker).
   */
  properties [PROP_DOUBLE_ESCAPE_ACTION] =
    g_param_spec_string ("double-escape-action", NULL, NULL, "tree",
                         (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * RamoWindow:remembered-summary-choice:
   *
   * The answer to "Summarize the branch you leave?" used without asking: `none`,
   * `summarize`, or "" to ask. Stored in GSettings (`remembered-summary-choice`) when Ramo's
   * schema is installed, else only in the window.
   */
  properties [PROP_REMEMBERED_SUMMARY_CHOICE] =
    g_param_spec_string ("remembered-summary-choice", NULL, NULL, "",
                         (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);

  ramo_accessible_init ();
  g_type_ensure (RAMO_TYPE_SESSION_TREE);
  g_type_ensure (RAMO_TYPE_CONTEXT_VIEW);
  g_type_ensure (RAMO_TYPE_ENTRY_VIEW);
  g_type_ensure (RAMO_TYPE_COMPOSER);
  g_type_ensure (RAMO_TYPE_PATH_BAR);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/ramo/Ramo/ui/ramo-window.ui");
  gtk_widget_class_bind_template_child (widget_class, RamoWindow, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, RamoWindow, window_title);
  gtk_widget_class_bind_template_child (widget_class, RamoWindow, dialect_button);
  gtk_widget_class_bind_template_child (widget_class, RamoWindow, filter_dropdown);
  gtk_widget_class_bind_template_child (widget_class, RamoWindow, search_entry);
  gtk_widget_class_bind_template_child (widget_class, RamoWindow, count_label);
  gtk_widget_class_bind_template_child (widget_class, RamoWindow, position_label);
  gtk_widget_class_bind_template_child (widget_class, RamoWindow, issues_bar);
  gtk_widget_class_bind_template_child (widget_class, RamoWindow, issues_label);
  gtk_widget_class_bind_template_child (widget_class, RamoWindow, read_only_bar);
  gtk_widget_class_bind_template_child (widget_class, RamoWindow, read_only_label);
  gtk_widget_class_bind_template_child (widget_class, RamoWindow, changed_bar);
  gtk_widget_class_bind_template_child (widget_class, RamoWindow, summary_bar);
  gtk_widget_class_bind_template_child (widget_class, RamoWindow, summary_label);
  gtk_widget_class_bind_template_child (widget_class, RamoWindow, summary_spinner);
  gtk_widget_class_bind_template_child (widget_class, RamoWindow, main_stack);
  gtk_widget_class_bind_template_child (widget_class, RamoWindow, error_page);
  gtk_widget_class_bind_template_child (widget_class, RamoWindow, loading_page);
  gtk_widget_class_bind_template_child (widget_class, RamoWindow, loading_progress);
  gtk_widget_class_bind_template_child (widget_class, RamoWindow, leaflet);
  gtk_widget_class_bind_template_child (widget_class, RamoWindow, tree_pane);
  gtk_widget_class_bind_template_child (widget_class, RamoWindow, detail_pane);
  gtk_widget_class_bind_template_child (widget_class, RamoWindow, detail_switcher);
  gtk_widget_class_bind_template_child (widget_class, RamoWindow, back_button);
  gtk_widget_class_bind_template_child (widget_class, RamoWindow, details_button);
  gtk_widget_class_bind_template_child (widget_class, RamoWindow, path_bar);
  gtk_widget_class_bind_template_child (widget_class, RamoWindow, tree);
  gtk_widget_class_bind_template_child (widget_class, RamoWindow, detail_stack);
  gtk_widget_class_bind_template_child (widget_class, RamoWindow, context_view);
  gtk_widget_class_bind_template_child (widget_class, RamoWindow, entry_view);
  gtk_widget_class_bind_template_child (widget_class, RamoWindow, composer_widget);
  gtk_widget_class_bind_template_callback (widget_class, filter_selected_cb);
  gtk_widget_class_bind_template_callback (widget_class, search_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, search_stop_cb);
  gtk_widget_class_bind_template_callback (widget_class, search_activate_cb);
  gtk_widget_class_bind_template_callback (widget_class, issues_response_cb);
  _ramo_window_class_load_init (widget_class);
  _ramo_window_class_branch_init (widget_class);
  _ramo_window_class_actions_init (widget_class);
}

/* Whether the keyboard focus is in @widget or one of its children. */
gboolean
_ramo_window_focus_within (RamoWindow *self,
                           GtkWidget  *widget)
{
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (self));

  return focus != NULL && (focus == widget || gtk_widget_is_ancestor (focus, widget));
}

/* The session page (the tree and the entry pane, most of the window's widgets) is hidden
 * until the window's first frame: GTK styles every visible widget when a window is first
 * shown, 45-80 ms with this page, which was the longest wait of a launch. It is styled in a
 * frame of its own after that, while the session loads; a session shown sooner shows it then. */
void
_ramo_window_reveal_session_page (RamoWindow *self)
{
  gtk_widget_set_visible (GTK_WIDGET (self->leaflet), TRUE);
}

static void
first_frame_cb (GdkFrameClock *clock,
                RamoWindow    *self)
{
  g_signal_handlers_disconnect_by_func (clock, first_frame_cb, self);
  _ramo_window_reveal_session_page (self);
}

static void
realize_cb (RamoWindow *self)
{
  g_signal_connect_object (gtk_widget_get_frame_clock (GTK_WIDGET (self)), "after-paint",
                           G_CALLBACK (first_frame_cb), self, 0);
}

static void
ramo_window_init (RamoWindow *self)
{
  static gsize icons_added;
  /* GtkApplication adds the resource icons itself (as ".../icons/"); tests run windows without
   * one. Adding the folder again would make GTK drop the icon theme it has read in a thread
   * since the application started, and read it again on the main thread when the window is
   * first shown (20 ms). */
  if (g_once_init_enter (&icons_added))
    {
      GdkDisplay *display = gdk_display_get_default ();

      if (display)
        {
          GtkIconTheme *theme = gtk_icon_theme_get_for_display (display);
          g_auto(GStrv) paths = gtk_icon_theme_get_resource_path (theme);
          gboolean known = FALSE;

          for (guint i = 0; paths && paths[i]; i++)
            known |= g_str_has_prefix (paths[i], "/io/github/ramo/Ramo/icons") &&
                     strlen (paths[i]) <= strlen ("/io/github/ramo/Ramo/icons/");
          if (!known)
            gtk_icon_theme_add_resource_path (theme, "/io/github/ramo/Ramo/icons");
        }
      g_once_init_leave (&icons_added, 1);
    }

  gtk_widget_init_template (GTK_WIDGET (self));
  ramo_accessible_fix_buttons (GTK_WIDGET (self));

  self->double_escape_action = g_strdup ("tree");

  self->composer = ramo_composer_get_text_view (self->composer_widget);
  /* as in pi, typing in the tree searches */
  gtk_search_entry_set_key_capture_widget (self->search_entry, GTK_WIDGET (self->tree));

  _ramo_window_session_init (self);
  _ramo_window_summary_init (self);
  _ramo_window_live_init (self);
  _ramo_window_dnd_init (self);
  _ramo_window_actions_init (self);
  _ramo_window_search_init (self);
  _ramo_window_dialect_init (self);
  _ramo_window_agent_init (self);
  _ramo_window_branch_init (self);
  _ramo_window_panes_init (self);
  _ramo_window_focus_init (self);
  _ramo_window_problems_init (self);
  _ramo_window_compare_init (self);

  gtk_stack_set_visible_child_name (self->main_stack, "empty");

  gtk_widget_set_visible (GTK_WIDGET (self->leaflet), FALSE);
  g_signal_connect (self, "realize", G_CALLBACK (realize_cb), NULL);
}

/**
 * ramo_window_new:
 * @application: (nullable): the application
 *
 * Returns: (transfer none): a new window with no session (GTK owns windows; destroy it with
 * gtk_window_destroy())
 */
RamoWindow *
ramo_window_new (GtkApplication *application)
{
  return g_object_new (RAMO_TYPE_WINDOW,
                       "application", application,
                       NULL);
}

/**
 * ramo_window_get_manager:
 * @self: a window
 *
 * Returns: (transfer none) (nullable): the session shown
 */
RamoSessionManager *
ramo_window_get_manager (RamoWindow *self)
{
  g_return_val_if_fail (RAMO_IS_WINDOW (self), NULL);
  return self->manager;
}

/**
 * ramo_window_get_projection:
 * @self: a window
 *
 * Returns: (transfer none) (nullable): the projection the tree shows
 */
RamoProjection *
ramo_window_get_projection (RamoWindow *self)
{
  g_return_val_if_fail (RAMO_IS_WINDOW (self), NULL);
  return self->projection;
}

/**
 * ramo_window_get_tree:
 * @self: a window
 *
 * Returns: (transfer none): the tree view
 */
RamoSessionTree *
ramo_window_get_tree (RamoWindow *self)
{
  g_return_val_if_fail (RAMO_IS_WINDOW (self), NULL);
  return self->tree;
}

/**
 * ramo_window_get_context_view:
 * @self: a window
 *
 * Returns: (transfer none): the context pane
 */
RamoContextView *
ramo_window_get_context_view (RamoWindow *self)
{
  g_return_val_if_fail (RAMO_IS_WINDOW (self), NULL);
  return self->context_view;
}

/**
 * ramo_window_get_entry_view:
 * @self: a window
 *
 * Returns: (transfer none): the entry pane
 */
RamoEntryView *
ramo_window_get_entry_view (RamoWindow *self)
{
  g_return_val_if_fail (RAMO_IS_WINDOW (self), NULL);
  return self->entry_view;
}

/**
 * ramo_window_get_filter_dropdown:
 * @self: a window
 *
 * Returns: (transfer none): the filter drop-down above the tree
 */
GtkDropDown *
ramo_window_get_filter_dropdown (RamoWindow *self)
{
  g_return_val_if_fail (RAMO_IS_WINDOW (self), NULL);
  return self->filter_dropdown;
}

/**
 * ramo_window_get_search_entry:
 * @self: a window
 *
 * Returns: (transfer none): the search entry above the tree
 */
GtkEditable *
ramo_window_get_search_entry (RamoWindow *self)
{
  g_return_val_if_fail (RAMO_IS_WINDOW (self), NULL);
  return GTK_EDITABLE (self->search_entry);
}

/**
 * ramo_window_get_count_text:
 * @self: a window
 *
 * Returns: the count shown above the tree, "N of M entries"
 */
const char *
ramo_window_get_count_text (RamoWindow *self)
{
  g_return_val_if_fail (RAMO_IS_WINDOW (self), NULL);
  return self->count_text;
}

/**
 * ramo_window_get_position_text:
 * @self: a window
 *
 * Returns: where the selected row stands among the rows shown, as pi's tree says it
 *   ("(5/13)"), or "" without a selection
 */
const char *
ramo_window_get_position_text (RamoWindow *self)
{
  g_return_val_if_fail (RAMO_IS_WINDOW (self), NULL);
  _ramo_window_flush_position (self);
  return gtk_label_get_text (self->position_label);
}

/**
 * ramo_window_get_path_bar:
 * @self: a window
 *
 * Returns: (transfer none): the bar of branch points above the tree, brought up to date
 */
RamoPathBar *
ramo_window_get_path_bar (RamoWindow *self)
{
  g_return_val_if_fail (RAMO_IS_WINDOW (self), NULL);
  _ramo_window_flush_position (self);
  return self->path_bar;
}

/**
 * ramo_window_get_subtitle:
 * @self: a window
 *
 * Returns: (nullable): the subtitle of the header bar: the session's folder
 */
const char *
ramo_window_get_subtitle (RamoWindow *self)
{
  g_return_val_if_fail (RAMO_IS_WINDOW (self), NULL);
  return adw_window_title_get_subtitle (self->window_title);
}

/**
 * ramo_window_get_detail_page:
 * @self: a window
 *
 * Returns: `context` or `entry`: what the right pane shows
 */
const char *
ramo_window_get_detail_page (RamoWindow *self)
{
  g_return_val_if_fail (RAMO_IS_WINDOW (self), NULL);
  return gtk_stack_get_visible_child_name (self->detail_stack);
}

/**
 * ramo_window_dup_composer_text:
 * @self: a window
 *
 * Returns: (transfer full): the editor's text
 */
char *
ramo_window_dup_composer_text (RamoWindow *self)
{
  g_return_val_if_fail (RAMO_IS_WINDOW (self), NULL);
  return ramo_composer_dup_text (self->composer_widget);
}

/**
 * ramo_window_set_composer_text:
 * @self: a window
 * @text: (nullable): the new editor text
 *
 * Replaces the editor's text, whatever it held (the window's own moves ask first, see
 * _ramo_window_offer_composer_text()).
 */
void
ramo_window_set_composer_text (RamoWindow *self,
                               const char *text)
{
  g_return_if_fail (RAMO_IS_WINDOW (self));
  ramo_composer_set_text (self->composer_widget, text);
}

/**
 * ramo_window_get_double_escape_action:
 * @self: a window
 *
 * Returns: the double-Escape action: `tree`, `branch` or `none`
 */
const char *
ramo_window_get_double_escape_action (RamoWindow *self)
{
  g_return_val_if_fail (RAMO_IS_WINDOW (self), NULL);
  return self->double_escape_action;
}

/**
 * ramo_window_set_double_escape_action:
 * @self: a window
 * @action: (nullable): `tree`, `branch` or `none`; %NULL means `tree`
 */
void
ramo_window_set_double_escape_action (RamoWindow *self,
                                      const char *action)
{
  g_return_if_fail (RAMO_IS_WINDOW (self));

  if (action == NULL)
    action = "tree";
  if (g_strcmp0 (self->double_escape_action, action) == 0)
    return;

  g_free (self->double_escape_action);
  self->double_escape_action = g_strdup (action);
  g_object_notify_by_pspec (G_OBJECT (self), properties [PROP_DOUBLE_ESCAPE_ACTION]);
}

/**
 * ramo_window_get_issues_text:
 * @self: a window
 *
 * Returns: (nullable): the text of the load-problems banner, %NULL when it is hidden
 */
const char *
ramo_window_get_issues_text (RamoWindow *self)
{
  g_return_val_if_fail (RAMO_IS_WINDOW (self), NULL);
  return self->issues_text;
}

/**
 * ramo_window_get_read_only_shown:
 * @self: a window
 *
 * Returns: %TRUE when the read-only banner is shown
 */
gboolean
ramo_window_get_read_only_shown (RamoWindow *self)
{
  g_return_val_if_fail (RAMO_IS_WINDOW (self), FALSE);
  return gtk_info_bar_get_revealed (self->read_only_bar);
}

/**
 * ramo_window_get_read_only_text:
 * @self: a window
 *
 * Returns: (nullable): what the read-only banner says, %NULL when it is hidden
 */
const char *
ramo_window_get_read_only_text (RamoWindow *self)
{
  g_return_val_if_fail (RAMO_IS_WINDOW (self), NULL);
  if (!gtk_info_bar_get_revealed (self->read_only_bar))
    return NULL;
  return gtk_label_get_text (self->read_only_label);
}

/**
 * ramo_window_get_last_toast:
 * @self: a window
 *
 * Returns: (nullable): the text of the last notification shown
 */
const char *
ramo_window_get_last_toast (RamoWindow *self)
{
  g_return_val_if_fail (RAMO_IS_WINDOW (self), NULL);
  return self->last_toast;
}

/* ramo-window-session.c — the session shown: tree, panes, title, count and banners
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

#include <glib/gi18n.h>

#include "ramo-app-util.h"
#include "ramo-window-private.h"

/*
 * What the window shows of its session (ramo_window_set_manager()): the tree with the
 * window's filter and search, the context of the leaf or the entry selected, the title and
 * folder in the header bar, the count of entries, and the banners for lines that could not
 * be read and for a read-only file; kept up to date as the session changes.
 */

#define TITLE_MAX_CHARS 60

static void
update_title (RamoWindow *self)
{
  g_autofree char *name = NULL;
  g_autofree char *title = NULL;
  g_autofree char *subtitle = NULL;

  g_assert (RAMO_IS_WINDOW (self));

  if (self->manager == NULL)
    {
      adw_window_title_set_title (self->window_title, "Ramo");
      adw_window_title_set_subtitle (self->window_title, NULL);
      gtk_window_set_title (GTK_WINDOW (self), "Ramo");
      return;
    }

  name = ramo_session_manager_dup_session_name (self->manager);
  if (name == NULL || name[0] == '\0')
    {
      g_free (name);
      name = ramo_session_first_user_text (self->manager);
    }
  if ((name == NULL || name[0] == '\0') && ramo_session_manager_get_path (self->manager))
    {
      g_free (name);
      name = g_path_get_basename (ramo_session_manager_get_path (self->manager));
    }
  if (name == NULL || name[0] == '\0')
    {
      g_free (name);
      name = g_strdup (_("New Session"));
    }

  {
    g_autofree char *cut = ramo_ellipsize_text (name, TITLE_MAX_CHARS);
    g_autofree char *path = ramo_tilde_path (ramo_session_manager_get_cwd (self->manager));

    /* a session's own texts, shown as they are (no control or bidi character acting) */
    title = ramo_text_shown (cut);
    subtitle = path ? ramo_text_shown (path) : NULL;
  }

  adw_window_title_set_title (self->window_title, title);
  adw_window_title_set_subtitle (self->window_title, subtitle);
  gtk_window_set_title (GTK_WINDOW (self), title);
}


/**
 * _ramo_window_dup_header_problem_text:
 * @manager: a session whose header is missing or broken
 *
 * What the read-only banner says of it: what is wrong, how its entries are read, what is
 * not done.
 *
 * Returns: (transfer full): the text
 */
char *
_ramo_window_dup_header_problem_text (RamoSessionManager *manager)
{
  guint line = 0;
  RamoSessionHeaderProblem problem = ramo_session_manager_get_header_problem (manager, &line);
  guint version = ramo_session_manager_get_file_version (manager);
  g_autofree char *what = NULL;
  g_autofree char *how = NULL;

  switch (problem)
    {
    case RAMO_SESSION_HEADER_MISSING:
      what = g_strdup_printf (_("This file has no session header: it starts with entries (line %u)."), line);
      break;
    case RAMO_SESSION_HEADER_DAMAGED:
      what = g_strdup_printf (_("This file’s session header (line %u) is damaged: it is not valid JSON, perhaps cut short."), line);
      break;
    case RAMO_SESSION_HEADER_NOT_JSON:
      what = g_strdup_printf (_("This file has no session header: line %u, where it belongs, is not JSON."), line);
      break;
    case RAMO_SESSION_HEADER_WRONG_TYPE:
      what = g_strdup_printf (_("This file has no session header: the first line that is JSON (line %u) is not of the type “session”."), line);
      break;
    case RAMO_SESSION_HEADER_NO_ID:
      what = g_strdup_printf (_("This file’s session header (line %u) has no session id."), line);
      break;
    case RAMO_SESSION_HEADER_LATE:
      what = g_strdup_printf (_("This file’s session header is on line %u, after entries: it belongs on the first line."), line);
      break;
    case RAMO_SESSION_HEADER_OK:
    default:
      g_return_val_if_reached (NULL);
    }

  if (problem == RAMO_SESSION_HEADER_NO_ID)
    how = g_strdup_printf (_("Its entries are read as format version %u, as the header says."), version);
  else if (version >= 3)
    how = g_strdup (_("Its entries are read as format version 3 (they have ids)."));
  else
    how = g_strdup (_("Its entries are read as format version 1 (they have no ids: Ramo numbers them by line)."));

  /* TRANSLATORS: the first %s says what is wrong with the file's header, the second how its entries are read */
  return g_strdup_printf (_("%s %s It is open read-only: nothing is written to the file (no labels, names or summaries), "
                            "and the agent is not started on it."), what, how);
}

static void
update_banners (RamoWindow *self)
{
  g_assert (RAMO_IS_WINDOW (self));

  _ramo_window_problems_update (self);

  if (self->manager && ramo_session_manager_get_header_problem (self->manager, NULL) != RAMO_SESSION_HEADER_OK)
    {
      g_autofree char *text = _ramo_window_dup_header_problem_text (self->manager);

      gtk_label_set_text (self->read_only_label, text);
      gtk_info_bar_set_message_type (self->read_only_bar, GTK_MESSAGE_WARNING);
      gtk_info_bar_set_revealed (self->read_only_bar, TRUE);
    }
  else if (self->manager && ramo_session_manager_is_read_only (self->manager))
    {
      g_autofree char *text =
        g_strdup_printf (_("This session uses format version %u, newer than Ramo knows. "
                           "It is open read-only: labels and navigation are not saved to the file."),
                         ramo_session_manager_get_file_version (self->manager));

      gtk_label_set_text (self->read_only_label, text);
      gtk_info_bar_set_message_type (self->read_only_bar, GTK_MESSAGE_INFO);
      gtk_info_bar_set_revealed (self->read_only_bar, TRUE);
    }
  else
    gtk_info_bar_set_revealed (self->read_only_bar, FALSE);
}

/* The path bar: the way to the selection when it is in view, or else to the rows in view,
 * with the rows scrolled off to the left dimmed. */
static void
update_path_bar (RamoWindow *self)
{
  RamoEntry *selected = NULL, *scrolled_off = NULL;
  const char *off_id = ramo_session_tree_get_scrolled_off_id (self->tree);

  if (self->projection != NULL)
    {
      selected = ramo_session_tree_get_selected_entry (self->tree);
      if (off_id != NULL)
        scrolled_off = ramo_session_manager_get_entry (self->manager, off_id);
      if (scrolled_off != NULL && !ramo_session_tree_selected_in_view (self->tree))
        selected = NULL;
    }
  ramo_path_bar_set_path (self->path_bar, self->projection, selected, scrolled_off);
}

static gboolean
update_path_bar_cb (gpointer data)
{
  RamoWindow *self = data;

  self->path_bar_idle_id = 0;
  update_path_bar (self);
  return G_SOURCE_REMOVE;
}

/* The rows in view change while the list is allocated, after the path bar was: it changes
 * for the next frame (changed now, it would be drawn without an allocation). */
static void
scrolled_off_changed_cb (RamoWindow      *self,
                         GParamSpec      *pspec,
                         RamoSessionTree *tree)
{
  if (self->path_bar_idle_id == 0)
    self->path_bar_idle_id = g_idle_add_full (G_PRIORITY_HIGH_IDLE, update_path_bar_cb, self, NULL);
}

static gboolean
update_position_cb (gpointer data)
{
  RamoWindow *self = data;
  RamoEntry *entry = self->projection ? ramo_session_tree_get_selected_entry (self->tree) : NULL;
  guint rank = entry ? ramo_projection_get_visible_rank (self->projection, entry) : 0;
  g_autofree char *text = NULL;

  self->position_idle_id = 0;
  if (rank > 0)
    text = g_strdup_printf ("(%u/%u)", rank, ramo_projection_get_n_visible (self->projection));
  gtk_label_set_text (self->position_label, text ? text : "");
  g_clear_handle_id (&self->path_bar_idle_id, g_source_remove);
  update_path_bar (self);
  return G_SOURCE_REMOVE;
}

/* pi's (N/M): where the selected row stands among the rows shown, folded or not; and the
 * path bar of the branch points on the way to it. Both in an idle before the next frame: a
 * turn that changes the selection, the layout and the count asks for them several times, and
 * on 1,000,000 entries the rank counts the rows (3 ms) and the path bar makes its crumbs
 * (5 ms). */
static void
update_position (RamoWindow *self)
{
  if (self->position_idle_id == 0)
    self->position_idle_id = g_idle_add_full (G_PRIORITY_HIGH_IDLE, update_position_cb, self, NULL);
}

/* Brings the position and the path bar up to date now, if they wait for their idle. */
void
_ramo_window_flush_position (RamoWindow *self)
{
  if (self->position_idle_id == 0)
    return;
  g_clear_handle_id (&self->position_idle_id, g_source_remove);
  update_position_cb (self);
}

static void
path_bar_activated_cb (RamoWindow  *self,
                       const char  *id,
                       RamoPathBar *path_bar)
{
  /* a crumb above the branch the tree is focused on: the whole session again, there */
  _ramo_window_show_entry (self, id);
}

static void
update_count (RamoWindow *self)
{
  guint visible = 0;
  guint total = 0;

  g_assert (RAMO_IS_WINDOW (self));

  if (self->projection)
    {
      visible = ramo_projection_get_n_visible (self->projection);
      total = ramo_projection_get_n_total (self->projection);
    }

  g_free (self->count_text);
  /* Translators: how many entries the tree shows, of how many the session has */
  self->count_text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u of %u entry", "%u of %u entries", total),
                                      visible, total);
  gtk_label_set_text (self->count_label, self->count_text);
  update_position (self);
}

static void
update_entry_view (RamoWindow *self)
{
  g_assert (RAMO_IS_WINDOW (self));

  ramo_entry_view_set_entry (self->entry_view, self->manager, ramo_session_tree_get_selected_id (self->tree));
}

static void
tree_selected_id_cb (RamoWindow      *self,
                     GParamSpec      *pspec,
                     RamoSessionTree *tree)
{
  g_assert (RAMO_IS_WINDOW (self));

  update_entry_view (self);
  update_position (self);
  /* Looking at a row shows that entry; navigating shows the context again. */
  if (ramo_session_tree_get_selected_id (tree) != NULL &&
      _ramo_window_focus_within (self, GTK_WIDGET (self->tree)))
    gtk_stack_set_visible_child_name (self->detail_stack, "entry");
}

static void
manager_reloaded_cb (RamoWindow         *self,
                     RamoSessionManager *manager)
{
  g_assert (RAMO_IS_WINDOW (self));

  update_title (self);
  update_banners (self);
  update_count (self);
  update_entry_view (self);
  _ramo_window_actions_update (self);
}

static void
manager_entry_appended_cb (RamoWindow         *self,
                           gpointer            entry,
                           RamoSessionManager *manager)
{
  g_assert (RAMO_IS_WINDOW (self));

  update_title (self);
  update_count (self);
  update_entry_view (self);
  ramo_session_tree_refresh_badges (self->tree);
}

static void
manager_session_name_cb (RamoWindow         *self,
                         GParamSpec         *pspec,
                         RamoSessionManager *manager)
{
  g_assert (RAMO_IS_WINDOW (self));

  /* e.g. oh-my-pi rewrote its title slot in place: no entry was added */
  update_title (self);
}

static void
manager_entries_added_cb (RamoWindow         *self,
                          guint               position,
                          guint               n_added,
                          RamoSessionManager *manager)
{
  g_assert (RAMO_IS_WINDOW (self));

  /* another program (pi) appended lines; the projection rebuilt itself already */
  update_title (self);
  update_count (self);
  update_entry_view (self);
  ramo_session_tree_refresh_badges (self->tree);
  /* what they make of the file's problems (a repeated id, a broken line, a missing parent), a
   * moment later */
  _ramo_window_problems_queue_update (self);
}

/**
 * ramo_window_set_branch_badge:
 * @self: a window
 * @badge: (nullable): what the rows that start a branch show of it (the `branch-badge`
 *   setting): `none`, `cost`, `tokens`, `time` or `tool-calls`
 *
 * Chooses the badge of the branch rows of the tree.
 */
void
ramo_window_set_branch_badge (RamoWindow *self,
                              const char *badge)
{
  g_return_if_fail (RAMO_IS_WINDOW (self));
  ramo_session_tree_set_branch_badge (self->tree, ramo_badge_from_string (badge));
}

/**
 * ramo_window_set_manager:
 * @self: a window
 * @manager: (nullable): the session to show
 *
 * Shows @manager: its tree with the current filter and search, the context of its leaf,
 * and its title, folder and load problems.
 */
void
ramo_window_set_manager (RamoWindow         *self,
                         RamoSessionManager *manager)
{
  g_return_if_fail (RAMO_IS_WINDOW (self));
  g_return_if_fail (!manager || RAMO_IS_SESSION_MANAGER (manager));

  _ramo_window_set_manager_full (self, manager, NULL);
}

/* The window's filter and search (applied to a projection made elsewhere, they change
 * nothing if they were the same). */
void
_ramo_window_get_view_settings (RamoWindow      *self,
                                RamoFilterMode  *filter,
                                char           **search)
{
  guint selected = gtk_drop_down_get_selected (self->filter_dropdown);
  const char *text = gtk_editable_get_text (GTK_EDITABLE (self->search_entry));

  *filter = selected <= RAMO_FILTER_ALL ? (RamoFilterMode) selected : RAMO_FILTER_DEFAULT;
  *search = text[0] ? g_strdup (text) : NULL;
}

/* ramo_window_set_manager() with @prepared, a projection of @manager made ahead (in a worker
 * thread, by the loading code), or %NULL to make one here. */
void
_ramo_window_set_manager_full (RamoWindow         *self,
                               RamoSessionManager *manager,
                               RamoProjection     *prepared)
{
  g_autoptr(RamoProjection) projection = NULL;

  g_assert (RAMO_IS_WINDOW (self));
  g_assert (!prepared || ramo_projection_get_manager (prepared) == manager);

  if (self->manager == manager)
    return;

  if (manager)
    {
      g_autofree char *search = NULL;
      RamoFilterMode filter;

      _ramo_window_get_view_settings (self, &filter, &search);
      projection = prepared ? g_object_ref (prepared) : ramo_projection_new (manager);
      ramo_projection_set_filter (projection, filter);
      ramo_projection_set_search (projection, search);
    }

  g_signal_group_set_target (self->manager_signals, manager);
  g_signal_group_set_target (self->projection_signals, projection);
  g_set_object (&self->manager, manager);
  g_set_object (&self->projection, projection);
  _ramo_window_summary_set_manager (self, manager);
  _ramo_window_live_set_manager (self, manager);
  _ramo_window_agent_set_manager (self, manager);

  ramo_session_tree_set_projection (self->tree, projection);
  ramo_context_view_set_manager (self->context_view, manager);
  update_entry_view (self);
  update_title (self);
  update_banners (self);
  update_count (self);
  _ramo_window_actions_update (self);
  _ramo_window_dialect_update (self);

  if (manager)
    _ramo_window_reveal_session_page (self);
  gtk_stack_set_visible_child_name (self->main_stack, manager ? "session" : "empty");
  gtk_stack_set_visible_child_name (self->detail_stack, "context");
  if (manager)
    ramo_session_tree_focus (self->tree);

  g_object_notify (G_OBJECT (self), "manager");
}

void
_ramo_window_session_init (RamoWindow *self)
{
  self->manager_signals = g_signal_group_new (RAMO_TYPE_SESSION_MANAGER);
  g_signal_group_connect_object (self->manager_signals, "reloaded",
                                 G_CALLBACK (manager_reloaded_cb), self, G_CONNECT_SWAPPED);
  g_signal_group_connect_object (self->manager_signals, "entry-appended",
                                 G_CALLBACK (manager_entry_appended_cb), self, G_CONNECT_SWAPPED);
  g_signal_group_connect_object (self->manager_signals, "entries-added",
                                 G_CALLBACK (manager_entries_added_cb), self, G_CONNECT_SWAPPED);
  g_signal_group_connect_object (self->manager_signals, "notify::session-name",
                                 G_CALLBACK (manager_session_name_cb), self, G_CONNECT_SWAPPED);

  self->projection_signals = g_signal_group_new (RAMO_TYPE_PROJECTION);
  g_signal_group_connect_object (self->projection_signals, "rebuilt",
                                 G_CALLBACK (update_count), self, G_CONNECT_SWAPPED);

  g_signal_connect_object (self->tree, "notify::selected-id",
                           G_CALLBACK (tree_selected_id_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->tree, "notify::scrolled-off-id",
                           G_CALLBACK (scrolled_off_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->path_bar, "entry-activated",
                           G_CALLBACK (path_bar_activated_cb), self, G_CONNECT_SWAPPED);

  update_count (self);
}

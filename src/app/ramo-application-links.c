/* ramo-application-links.c
 *
 * Copyright 2026 The Ramo authors
 *
 * This program is free software: you can redistribute it and/or modify it under the terms of the
 * GNU General Public License as published by the Free Software Foundation, either version 3 of
 * the License, or (at your option) any later version.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ramo-application"

#include "config.h"

#include <glib/gi18n.h>

#include "ramo-application-private.h"
#include "ramo-window-private.h"

/*
 * A session's relatives, one click away from its window: the application adds these actions
 * to each window it makes (ramo_application_new_window()):
 *
 *   win.open-parent-session   the session its header's `parentSession` names (pi's /branch
 *                             writes it), in a window of its own
 *   win.branched-sessions     the sessions whose `parentSession` is this one, in a session
 *                             browser limited to them
 *
 * They keep no state of their own: whether they are enabled is worked out again from the
 * window's session whenever it changes (a new manager, or a reload: a branch can switch the
 * session to another file without changing the manager).
 */

/* The `parentSession` of the window's session, made absolute; NULL when it has none. */
char *
_ramo_application_dup_parent_session (RamoWindow *window)
{
  RamoSessionManager *manager;
  JsonObject *header;
  const char *parent;

  g_return_val_if_fail (RAMO_IS_WINDOW (window), NULL);

  manager = ramo_window_get_manager (window);
  header = manager ? ramo_session_manager_get_header (manager) : NULL;
  if (header == NULL || !json_object_has_member (header, "parentSession"))
    return NULL;
  if (!JSON_NODE_HOLDS_VALUE (json_object_get_member (header, "parentSession")) ||
      json_node_get_value_type (json_object_get_member (header, "parentSession")) != G_TYPE_STRING)
    return NULL;

  parent = json_object_get_string_member (header, "parentSession");
  if (parent == NULL || parent[0] == '\0')
    return NULL;

  /* pi writes absolute paths; a relative one is taken from the session's own folder */
  if (!g_path_is_absolute (parent) && ramo_session_manager_get_path (manager))
    {
      g_autofree char *dir = g_path_get_dirname (ramo_session_manager_get_path (manager));

      return g_canonicalize_filename (parent, dir);
    }
  return g_strdup (parent);
}

static void
set_enabled (RamoWindow *window,
             const char *name,
             gboolean    enabled)
{
  GAction *action = g_action_map_lookup_action (G_ACTION_MAP (window), name);

  if (action)
    g_simple_action_set_enabled (G_SIMPLE_ACTION (action), enabled);
}

static void
update_actions (RamoWindow *window)
{
  g_autofree char *parent = _ramo_application_dup_parent_session (window);
  RamoSessionManager *manager = ramo_window_get_manager (window);

  set_enabled (window, "open-parent-session", parent != NULL);
  set_enabled (window, "branched-sessions", manager != NULL && ramo_session_manager_get_path (manager) != NULL);
}

static void
manager_changed_cb (RamoWindow *window)
{
  RamoSessionManager *manager = ramo_window_get_manager (window);

  /* the connection lasts as long as the manager or the window */
  if (manager &&
      g_signal_handler_find (manager, G_SIGNAL_MATCH_FUNC | G_SIGNAL_MATCH_DATA, 0, 0, NULL,
                             update_actions, window) == 0)
    g_signal_connect_object (manager, "reloaded", G_CALLBACK (update_actions), window, G_CONNECT_SWAPPED);
  update_actions (window);
}

static void
open_parent_action (GSimpleAction *action,
                    GVariant      *param,
                    gpointer       user_data)
{
  RamoWindow *window = user_data;
  g_autofree char *parent = _ramo_application_dup_parent_session (window);
  GtkApplication *app = gtk_window_get_application (GTK_WINDOW (window));
  g_autoptr(GError) error = NULL;

  if (parent == NULL || !RAMO_IS_APPLICATION (app))
    return;

  if (!g_file_test (parent, G_FILE_TEST_IS_REGULAR))
    {
      g_autofree char *message = g_strdup_printf (_("The parent session %s no longer exists"), parent);

      ramo_window_show_toast (window, message);
      return;
    }

  if (ramo_application_open_session (RAMO_APPLICATION (app), NULL, parent, &error) == NULL || error)
    ramo_window_show_toast (window, error ? error->message : _("Could not open the parent session"));
}

static void
branched_sessions_action (GSimpleAction *action,
                          GVariant      *param,
                          gpointer       user_data)
{
  RamoWindow *window = user_data;
  RamoSessionManager *manager = ramo_window_get_manager (window);
  GtkApplication *app = gtk_window_get_application (GTK_WINDOW (window));
  RamoSessionBrowser *browser;

  if (manager == NULL || ramo_session_manager_get_path (manager) == NULL || !RAMO_IS_APPLICATION (app))
    return;

  /* the chosen session opens in a window of its own, not in this one */
  browser = _ramo_application_new_browser (RAMO_APPLICATION (app), NULL, ramo_session_manager_get_path (manager));
  gtk_window_set_transient_for (GTK_WINDOW (browser), GTK_WINDOW (window));
  gtk_window_set_destroy_with_parent (GTK_WINDOW (browser), TRUE);
  gtk_window_present (GTK_WINDOW (browser));
}

static const GActionEntry link_actions[] = {
  { .name = "open-parent-session", .activate = open_parent_action },
  { .name = "branched-sessions", .activate = branched_sessions_action },
};

/* Adds win.open-parent-session and win.branched-sessions to @window, enabled when its session
 * has a parent, or a file. */
void
_ramo_application_links_attach (RamoApplication *self,
                                RamoWindow      *window)
{
  g_assert (RAMO_IS_APPLICATION (self));
  g_assert (RAMO_IS_WINDOW (window));

  g_action_map_add_action_entries (G_ACTION_MAP (window), link_actions, G_N_ELEMENTS (link_actions), window);
  g_signal_connect (window, "notify::manager", G_CALLBACK (manager_changed_cb), NULL);
  manager_changed_cb (window);
}

/* ramo-session-links.c
 *
 * Copyright 2026 The Ramo authors
 *
 * This program is free software: you can redistribute it and/or modify it under the terms of the
 * GNU General Public License as published by the Free Software Foundation, either version 3 of
 * the License, or (at your option) any later version.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ramo-session-links"

#include "config.h"

#include <glib/gi18n.h>

#include "ramo-app-actions.h"
#include "ramo-session-browser.h"
#include "ramo-session-links.h"

/*
 * A session's relatives, one click away from its window:
 *
 *   win.open-parent-session   the session its header's `parentSession` names (pi's /branch
 *                             writes it), in a window of its own
 *   win.branched-sessions     the sessions whose `parentSession` is this one, in a session
 *                             browser limited to them
 */

/**
 * ramo_session_links_dup_parent_session:
 * @window: a window
 *
 * Returns: (transfer full) (nullable): the `parentSession` of the window's session, made
 *   absolute, or %NULL when it has none
 */
char *
ramo_session_links_dup_parent_session (RamoWindow *window)
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
update_actions (RamoWindow *window)
{
  GSignalGroup *signals = g_object_get_data (G_OBJECT (window), "ramo-session-links");
  g_autofree char *parent = ramo_session_links_dup_parent_session (window);
  RamoSessionManager *manager = ramo_window_get_manager (window);
  GAction *action;

  if (signals)
    g_signal_group_set_target (signals, manager);

  action = g_action_map_lookup_action (G_ACTION_MAP (window), "open-parent-session");
  if (action)
    g_simple_action_set_enabled (G_SIMPLE_ACTION (action), parent != NULL);

  action = g_action_map_lookup_action (G_ACTION_MAP (window), "branched-sessions");
  if (action)
    g_simple_action_set_enabled (G_SIMPLE_ACTION (action),
                                 manager != NULL && ramo_session_manager_get_path (manager) != NULL);
}

static void
open_parent_action (GSimpleAction *action,
                    GVariant      *param,
                    gpointer       user_data)
{
  RamoWindow *window = user_data;
  g_autofree char *parent = ramo_session_links_dup_parent_session (window);
  GtkApplication *app = gtk_window_get_application (GTK_WINDOW (window));
  g_autoptr(GError) error = NULL;

  if (parent == NULL || app == NULL)
    return;

  if (!g_file_test (parent, G_FILE_TEST_IS_REGULAR))
    {
      g_autofree char *message = g_strdup_printf (_("The parent session %s no longer exists"), parent);

      ramo_app_show_toast (GTK_WINDOW (window), message);
      return;
    }

  if (ramo_app_open_session (app, NULL, parent, &error) == NULL || error)
    ramo_app_show_toast (GTK_WINDOW (window), error ? error->message : _("Could not open the parent session"));
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

  if (manager == NULL || ramo_session_manager_get_path (manager) == NULL)
    return;

  browser = ramo_session_browser_new (app);
  ramo_session_browser_set_parent_session (browser, ramo_session_manager_get_path (manager));
  gtk_window_set_transient_for (GTK_WINDOW (browser), GTK_WINDOW (window));
  gtk_window_set_destroy_with_parent (GTK_WINDOW (browser), TRUE);
  gtk_window_present (GTK_WINDOW (browser));
}

static const GActionEntry link_actions[] = {
  { .name = "open-parent-session", .activate = open_parent_action },
  { .name = "branched-sessions", .activate = branched_sessions_action },
};

/**
 * ramo_session_links_attach:
 * @window: a window
 *
 * Adds `win.open-parent-session` and `win.branched-sessions` to @window, enabled when its
 * session has a parent, or a file.
 */
void
ramo_session_links_attach (RamoWindow *window)
{
  GSignalGroup *signals;

  g_return_if_fail (RAMO_IS_WINDOW (window));

  g_action_map_add_action_entries (G_ACTION_MAP (window), link_actions, G_N_ELEMENTS (link_actions), window);

  /* a branch can switch the session to another file without changing the manager */
  signals = g_signal_group_new (RAMO_TYPE_SESSION_MANAGER);
  g_signal_group_connect_object (signals, "reloaded", G_CALLBACK (update_actions), window, G_CONNECT_SWAPPED);
  g_object_set_data_full (G_OBJECT (window), "ramo-session-links", signals, g_object_unref);
  g_signal_connect (window, "notify::manager", G_CALLBACK (update_actions), NULL);
  update_actions (window);
}

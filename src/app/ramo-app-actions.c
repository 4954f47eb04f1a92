/* ramo-app-actions.c
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

#include <stdlib.h>

#include <glib/gi18n.h>

#include "ramo-app-actions.h"
#include "ramo-preferences-window.h"
#include "ramo-session-browser.h"
#include "ramo-session-links.h"
#include "ramo-settings.h"

/*
 * The application's actions, which GApplication also exports on D-Bus (org.gtk.Actions and
 * org.freedesktop.Application at /io/github/ramo/Ramo), so scripts can drive a running Ramo:
 *
 *   app.navigate(ss)        (session path, entry id): go to the entry, as win.navigate
 *   app.set-label((sss))    (session path, entry id, label): set or ("") clear a label
 *   app.branch((ss))        (session path, user message id): branch to a new session
 *   app.browse-sessions     the session browser (Ctrl+O), for the active window
 *   app.preferences         the preferences (Ctrl+,)
 *
 * The session actions act on the window that shows that file, opening one if none does, and
 * then run the window's own action, so that errors show up there as they would for a click.
 *
 *   gapplication action io.github.ramo.Ramo set-label "('/path/s.jsonl', 'a1b2c3d4', 'done')"
 */

static char *
real_path (const char *path)
{
  char *real = realpath (path, NULL);

  if (real)
    {
      char *copy = g_strdup (real);

      free (real);
      return copy;
    }
  return g_canonicalize_filename (path, NULL);
}

/**
 * ramo_app_show_toast:
 * @window: a window with a toast overlay (a #RamoWindow)
 * @message: what to say
 *
 * Shows @message as a notification in @window.
 */
void
ramo_app_show_toast (GtkWindow  *window,
                     const char *message)
{
  g_return_if_fail (GTK_IS_WINDOW (window));
  g_return_if_fail (message != NULL);

  if (RAMO_IS_WINDOW (window))
    ramo_window_show_toast (RAMO_WINDOW (window), message);
  else
    g_message ("%s", message);
}

/**
 * ramo_app_find_window:
 * @app: the application
 * @path: a session file
 *
 * Returns: (transfer none) (nullable): a window showing @path
 */
RamoWindow *
ramo_app_find_window (GtkApplication *app,
                      const char     *path)
{
  g_autofree char *wanted = NULL;

  g_return_val_if_fail (GTK_IS_APPLICATION (app), NULL);
  g_return_val_if_fail (path != NULL, NULL);

  wanted = real_path (path);
  for (GList *l = gtk_application_get_windows (app); l; l = l->next)
    {
      RamoSessionManager *manager;
      g_autofree char *shown = NULL;

      if (!RAMO_IS_WINDOW (l->data))
        continue;
      manager = ramo_window_get_manager (l->data);
      if (manager == NULL || ramo_session_manager_get_path (manager) == NULL)
        continue;
      shown = real_path (ramo_session_manager_get_path (manager));
      if (g_str_equal (shown, wanted))
        return l->data;
    }
  return NULL;
}

/**
 * ramo_app_setup_window:
 * @window: a new window of the application
 *
 * What every window of the application gets beyond the window itself: the settings (double
 * Escape, default filter, size) and the parent and branched-session actions.
 */
void
ramo_app_setup_window (RamoWindow *window)
{
  g_return_if_fail (RAMO_IS_WINDOW (window));

  ramo_app_settings_attach_window (window);
  ramo_session_links_attach (window);
}

/**
 * ramo_app_open_session:
 * @app: the application
 * @target: (nullable): the window to show the session in
 * @path: a session file
 * @error: return location for a #GError, or %NULL
 *
 * Shows @path: in @target if given; else in the window that already shows it, or in a new
 * window. A new window shows a file it cannot open as an error page (and @error is set).
 *
 * Returns: (transfer none) (nullable): the window, presented; %NULL when @target could not
 *   open @path (it keeps its session)
 */
RamoWindow *
ramo_app_open_session (GtkApplication  *app,
                       RamoWindow      *target,
                       const char      *path,
                       GError         **error)
{
  g_autoptr(GFile) file = NULL;
  RamoWindow *window;

  g_return_val_if_fail (GTK_IS_APPLICATION (app), NULL);
  g_return_val_if_fail (!target || RAMO_IS_WINDOW (target), NULL);
  g_return_val_if_fail (path != NULL, NULL);

  file = g_file_new_for_path (path);

  if (target)
    {
      if (!ramo_window_open_file (target, file, error))
        return NULL;
      gtk_window_present (GTK_WINDOW (target));
      return target;
    }

  window = ramo_app_find_window (app, path);
  if (window == NULL)
    {
      window = ramo_window_new (app);
      ramo_app_setup_window (window);
      ramo_window_open_file (window, file, error);
    }
  gtk_window_present (GTK_WINDOW (window));
  return window;
}

/**
 * ramo_app_show_browser:
 * @app: the application
 * @target: (nullable): the window to open the chosen session in
 *
 * Shows the session browser (one per target: a second call presents the first).
 *
 * Returns: (transfer none): the browser
 */
GtkWindow *
ramo_app_show_browser (GtkApplication *app,
                       RamoWindow     *target)
{
  RamoSessionBrowser *browser = NULL;

  g_return_val_if_fail (GTK_IS_APPLICATION (app), NULL);

  for (GList *l = gtk_application_get_windows (app); l; l = l->next)
    if (RAMO_IS_SESSION_BROWSER (l->data) &&
        ramo_session_browser_get_parent_session (l->data) == NULL &&
        ramo_session_browser_get_target (l->data) == target)
      {
        browser = l->data;
        ramo_session_browser_reload (browser);
        break;
      }

  if (browser == NULL)
    {
      browser = ramo_session_browser_new (app);
      ramo_session_browser_set_target (browser, target);
      if (target)
        {
          gtk_window_set_transient_for (GTK_WINDOW (browser), GTK_WINDOW (target));
          gtk_window_set_destroy_with_parent (GTK_WINDOW (browser), TRUE);
        }
    }

  gtk_window_present (GTK_WINDOW (browser));
  return GTK_WINDOW (browser);
}

/**
 * ramo_app_show_preferences:
 * @app: the application
 *
 * Returns: (transfer none): the preferences window, presented
 */
GtkWindow *
ramo_app_show_preferences (GtkApplication *app)
{
  GtkWindow *parent = gtk_application_get_active_window (app);
  GtkWindow *preferences = NULL;

  for (GList *l = gtk_application_get_windows (app); l; l = l->next)
    if (RAMO_IS_PREFERENCES_WINDOW (l->data))
      preferences = l->data;

  if (preferences == NULL)
    {
      preferences = GTK_WINDOW (ramo_preferences_window_new ());
      gtk_window_set_application (preferences, app);
    }
  if (parent && parent != preferences)
    gtk_window_set_transient_for (preferences, parent);
  gtk_window_present (preferences);
  return preferences;
}

/* ------------------------------------------------------------------------------------------ */
/* Actions                                                                                     */

static void
forward (GtkApplication *app,
         const char     *path,
         const char     *action,
         GVariant       *param)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GVariant) owned = g_variant_ref_sink (param);
  RamoWindow *window;

  window = ramo_app_open_session (app, NULL, path, &error);
  if (error)
    {
      g_warning ("%s: %s", path, error->message);
      return;
    }
  if (window == NULL)
    return;
  g_action_group_activate_action (G_ACTION_GROUP (window), action, owned);
}

static void
navigate_action (GSimpleAction *action,
                 GVariant      *param,
                 gpointer       user_data)
{
  const char *path;
  const char *id;

  g_variant_get (param, "(&s&s)", &path, &id);
  forward (user_data, path, "navigate", g_variant_new_string (id));
}

static void
set_label_action (GSimpleAction *action,
                  GVariant      *param,
                  gpointer       user_data)
{
  const char *path;
  const char *id;
  const char *label;

  g_variant_get (param, "(&s&s&s)", &path, &id, &label);
  forward (user_data, path, "set-label", g_variant_new ("(ss)", id, label));
}

static void
branch_action (GSimpleAction *action,
               GVariant      *param,
               gpointer       user_data)
{
  const char *path;
  const char *id;

  g_variant_get (param, "(&s&s)", &path, &id);
  forward (user_data, path, "branch", g_variant_new_string (id));
}

static void
browse_sessions_action (GSimpleAction *action,
                        GVariant      *param,
                        gpointer       user_data)
{
  GtkApplication *app = user_data;
  GtkWindow *active = gtk_application_get_active_window (app);

  if (RAMO_IS_SESSION_BROWSER (active))
    {
      gtk_window_present (active);
      return;
    }
  ramo_app_show_browser (app, RAMO_IS_WINDOW (active) ? RAMO_WINDOW (active) : NULL);
}

static void
preferences_action (GSimpleAction *action,
                    GVariant      *param,
                    gpointer       user_data)
{
  ramo_app_show_preferences (user_data);
}

static const GActionEntry app_actions[] = {
  { .name = "navigate", .activate = navigate_action, .parameter_type = "(ss)" },
  { .name = "set-label", .activate = set_label_action, .parameter_type = "(sss)" },
  { .name = "branch", .activate = branch_action, .parameter_type = "(ss)" },
  { .name = "browse-sessions", .activate = browse_sessions_action },
  { .name = "preferences", .activate = preferences_action },
};

/**
 * ramo_app_actions_init:
 * @app: the application, in its startup
 *
 * Adds the application actions above and their shortcuts.
 */
void
ramo_app_actions_init (GtkApplication *app)
{
  static const char *browse_accels[] = { "<Control>o", NULL };
  static const char *preferences_accels[] = { "<Control>comma", NULL };

  g_return_if_fail (GTK_IS_APPLICATION (app));

  g_action_map_add_action_entries (G_ACTION_MAP (app), app_actions, G_N_ELEMENTS (app_actions), app);
  gtk_application_set_accels_for_action (app, "app.browse-sessions", browse_accels);
  gtk_application_set_accels_for_action (app, "app.preferences", preferences_accels);
}

/* ramo-application-actions.c
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

/* ------------------------------------------------------------------------------------------ */
/* Actions                                                                                     */

static void
forward (RamoApplication *app,
         const char      *path,
         const char      *action,
         GVariant        *param)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GVariant) owned = g_variant_ref_sink (param);
  RamoWindow *window;

  window = ramo_application_open_session (app, NULL, path, &error);
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
  RamoApplication *app = user_data;
  GtkWindow *active = gtk_application_get_active_window (GTK_APPLICATION (app));

  if (RAMO_IS_SESSION_BROWSER (active))
    {
      gtk_window_present (active);
      return;
    }
  ramo_application_show_browser (app, RAMO_IS_WINDOW (active) ? RAMO_WINDOW (active) : NULL);
}

static void
preferences_action (GSimpleAction *action,
                    GVariant      *param,
                    gpointer       user_data)
{
  ramo_application_show_preferences (user_data);
}

static void
about_action (GSimpleAction *action,
              GVariant      *param,
              gpointer       user_data)
{
  GtkApplication *app = user_data;
  const char *developers[] = { _("The Ramo authors"), NULL };

  adw_show_about_window (gtk_application_get_active_window (app),
                         "application-name", "Ramo",
                         "application-icon", RAMO_APP_ID,
                         "version", PACKAGE_VERSION,
                         "comments", _("See, search, label and navigate the tree of a pi coding-agent session"),
                         "developers", developers,
                         "license-type", GTK_LICENSE_GPL_3_0,
                         NULL);
}

static void
quit_action (GSimpleAction *action,
             GVariant      *param,
             gpointer       user_data)
{
  g_application_quit (G_APPLICATION (user_data));
}

static const GActionEntry app_actions[] = {
  { .name = "about", .activate = about_action },
  { .name = "quit", .activate = quit_action },
  { .name = "navigate", .activate = navigate_action, .parameter_type = "(ss)" },
  { .name = "set-label", .activate = set_label_action, .parameter_type = "(sss)" },
  { .name = "branch", .activate = branch_action, .parameter_type = "(ss)" },
  { .name = "browse-sessions", .activate = browse_sessions_action },
  { .name = "preferences", .activate = preferences_action },
};

/* The shortcuts of the application's and of every window's actions (those of the session
 * browser are its own key bindings, in ramo-session-browser.c). */
static const struct {
  const char *action;
  const char *accels[3];
} accels[] = {
  { "app.quit", { "<Control>q", NULL } },
  { "app.browse-sessions", { "<Control>o", NULL } },
  { "app.preferences", { "<Control>comma", NULL } },
  { "window.close", { "<Control>w", NULL } },
  { "win.open", { "<Control><Shift>o", NULL } },
  { "win.search", { "<Control>f", NULL } },
  { "win.next-match", { "<Control>g", NULL } },
  { "win.previous-match", { "<Control><Shift>g", NULL } },
  { "win.toggle-user-only", { "<Control>u", NULL } },
  { "win.toggle-all", { "<Control><Shift>a", NULL } },
  { "win.tree", { "<Control>t", NULL } },
  { "win.branch-command", { "<Control>b", NULL } },
  { "win.show-pane('entry')", { "<Alt>Return", "<Alt>KP_Enter", NULL } },
  { "win.focus-selected", { "<Control><Shift>Return", "<Control><Shift>KP_Enter", NULL } },
  { "win.show-whole-session", { "<Alt>Home", NULL } },
};

/* Adds the application actions above and their shortcuts (in its startup). */
void
_ramo_application_actions_init (RamoApplication *self)
{
  g_assert (RAMO_IS_APPLICATION (self));

  g_action_map_add_action_entries (G_ACTION_MAP (self), app_actions, G_N_ELEMENTS (app_actions), self);
  for (guint i = 0; i < G_N_ELEMENTS (accels); i++)
    gtk_application_set_accels_for_action (GTK_APPLICATION (self), accels[i].action, accels[i].accels);
}

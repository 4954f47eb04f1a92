/* ramo-application.c
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

#include <string.h>

#include <epoxy/gl.h>
#include <glib/gi18n.h>

#include "ramo-app-actions.h"
#include "ramo-application.h"
#include "ramo-window.h"

/**
 * RamoApplication:
 *
 * `ramo FILE…` opens each session in its own window; `ramo` alone shows the session browser
 * (ramo-session-browser.c). Its actions, also on D-Bus, are in ramo-app-actions.c.
 */

struct _RamoApplication
{
  AdwApplication parent_instance;
};

G_DEFINE_FINAL_TYPE (RamoApplication, ramo_application, ADW_TYPE_APPLICATION)

static const struct {
  const char *action;
  const char *accels[3];
} accels[] = {
  { "app.quit", { "<Control>q", NULL } },
  { "window.close", { "<Control>w", NULL } },
  { "win.open", { "<Control><Shift>o", NULL } },
  { "win.search", { "<Control>f", NULL } },
  { "win.toggle-user-only", { "<Control>u", NULL } },
  { "win.toggle-all", { "<Control><Shift>a", NULL } },
  { "win.tree", { "<Control>t", NULL } },
  { "win.branch-command", { "<Control>b", NULL } },
};

/**
 * ramo_application_find_latest_session:
 * @roots: (array zero-terminated=1): session folders, like `~/.pi/agent/sessions`
 *
 * Returns: (transfer full) (nullable): the most recently modified `*.jsonl` one level below
 *   any of @roots (pi keeps one folder per working directory)
 */
char *
ramo_application_find_latest_session (const char * const *roots)
{
  g_autofree char *best = NULL;
  guint64 best_time = 0;

  for (guint r = 0; roots && roots[r]; r++)
    {
      g_autoptr(GDir) dir = g_dir_open (roots[r], 0, NULL);
      const char *project;

      if (dir == NULL)
        continue;

      while ((project = g_dir_read_name (dir)))
        {
          g_autofree char *project_path = g_build_filename (roots[r], project, NULL);
          g_autoptr(GDir) sessions = g_dir_open (project_path, 0, NULL);
          const char *name;

          if (sessions == NULL)
            continue;

          while ((name = g_dir_read_name (sessions)))
            {
              g_autofree char *path = NULL;
              g_autoptr(GFile) file = NULL;
              g_autoptr(GFileInfo) info = NULL;
              guint64 time;

              if (!g_str_has_suffix (name, ".jsonl"))
                continue;
              path = g_build_filename (project_path, name, NULL);
              file = g_file_new_for_path (path);
              info = g_file_query_info (file, G_FILE_ATTRIBUTE_TIME_MODIFIED "," G_FILE_ATTRIBUTE_STANDARD_TYPE,
                                        G_FILE_QUERY_INFO_NONE, NULL, NULL);
              if (info == NULL || g_file_info_get_file_type (info) != G_FILE_TYPE_REGULAR)
                continue;
              time = g_file_info_get_attribute_uint64 (info, G_FILE_ATTRIBUTE_TIME_MODIFIED);
              if (best == NULL || time > best_time)
                {
                  g_free (best);
                  best = g_steal_pointer (&path);
                  best_time = time;
                }
            }
        }
    }

  return g_steal_pointer (&best);
}

/* The bundled example, copied to the cache folder so that labels can be written to it. */
static char *
find_example (void)
{
  const char *candidates[] = { RAMO_DATADIR "/examples/example.jsonl",
                               RAMO_SOURCE_DATADIR "/examples/example.jsonl" };

  for (guint i = 0; i < G_N_ELEMENTS (candidates); i++)
    {
      g_autofree char *cache_dir = NULL;
      g_autofree char *copy = NULL;
      g_autoptr(GFile) source = NULL;
      g_autoptr(GFile) target = NULL;

      if (!g_file_test (candidates[i], G_FILE_TEST_IS_REGULAR))
        continue;

      cache_dir = g_build_filename (g_get_user_cache_dir (), "ramo", NULL);
      copy = g_build_filename (cache_dir, "example.jsonl", NULL);
      if (g_file_test (copy, G_FILE_TEST_IS_REGULAR))
        return g_steal_pointer (&copy);

      source = g_file_new_for_path (candidates[i]);
      target = g_file_new_for_path (copy);
      if (g_mkdir_with_parents (cache_dir, 0700) == 0 &&
          g_file_copy (source, target, G_FILE_COPY_NONE, NULL, NULL, NULL, NULL))
        return g_steal_pointer (&copy);

      /* read the original; writes will fail with a message */
      return g_strdup (candidates[i]);
    }
  return NULL;
}

/**
 * ramo_application_find_default_session:
 *
 * Returns: (transfer full) (nullable): the session `ramo` opens without arguments
 */
char *
ramo_application_find_default_session (void)
{
  g_autofree char *pi = g_build_filename (g_get_home_dir (), ".pi", "agent", "sessions", NULL);
  g_autofree char *omp = g_build_filename (g_get_home_dir (), ".omp", "agent", "sessions", NULL);
  const char *roots[] = { pi, omp, NULL };
  char *latest = ramo_application_find_latest_session (roots);

  if (latest)
    return latest;
  return find_example ();
}

static RamoWindow *
new_window (RamoApplication *self,
            GFile           *file)
{
  RamoWindow *window = ramo_window_new (GTK_APPLICATION (self));

  ramo_app_setup_window (window);
  /* read in a worker thread, with a progress page for big files; a failure is shown in the
   * window */
  if (file)
    ramo_window_load_file (window, file);
  return window;
}

static void
ramo_application_activate (GApplication *app)
{
  RamoApplication *self = RAMO_APPLICATION (app);
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (app));

  if (window == NULL)
    window = ramo_app_show_browser (GTK_APPLICATION (self), NULL);
  gtk_window_present (window);
}

static void
ramo_application_open (GApplication  *app,
                       GFile        **files,
                       int            n_files,
                       const char    *hint)
{
  RamoApplication *self = RAMO_APPLICATION (app);

  for (int i = 0; i < n_files; i++)
    gtk_window_present (GTK_WINDOW (new_window (self, files[i])));
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
};

/* Where OpenGL is only a software rasterizer (llvmpipe, softpipe: no GPU, a virtual display,
 * a remote session), GTK 4.8's OpenGL renderer draws every frame on the CPU, compiling its
 * shaders at startup; its cairo renderer does the same work far faster there. On the
 * benchmark session, scrolling a page per frame ran at 14 frames per second with the first
 * and 54 with the second. The user's own GSK_RENDERER always wins. */
static void
choose_renderer (void)
{
  static const char * const software[] = { "llvmpipe", "softpipe", "Software Rasterizer", "SWR" };
  GdkDisplay *display = gdk_display_get_default ();
  g_autoptr(GdkGLContext) context = NULL;
  const char *renderer;

  if (display == NULL || g_getenv ("GSK_RENDERER") != NULL)
    return;

  context = gdk_display_create_gl_context (display, NULL);
  if (context == NULL || !gdk_gl_context_realize (context, NULL))
    return;
  gdk_gl_context_make_current (context);
  renderer = (const char *) glGetString (GL_RENDERER);
  for (guint i = 0; renderer != NULL && i < G_N_ELEMENTS (software); i++)
    if (strstr (renderer, software[i]) != NULL)
      {
        g_debug ("OpenGL is %s, a software rasterizer: drawing with cairo", renderer);
        g_setenv ("GSK_RENDERER", "cairo", TRUE);
        break;
      }
  gdk_gl_context_clear_current ();
}

static void
ramo_application_startup (GApplication *app)
{
  G_APPLICATION_CLASS (ramo_application_parent_class)->startup (app);

  choose_renderer ();

  g_action_map_add_action_entries (G_ACTION_MAP (app), app_actions, G_N_ELEMENTS (app_actions), app);
  for (guint i = 0; i < G_N_ELEMENTS (accels); i++)
    gtk_application_set_accels_for_action (GTK_APPLICATION (app), accels[i].action, accels[i].accels);
  ramo_app_actions_init (GTK_APPLICATION (app));

  gtk_window_set_default_icon_name (RAMO_APP_ID);
}

static void
ramo_application_class_init (RamoApplicationClass *klass)
{
  GApplicationClass *app_class = G_APPLICATION_CLASS (klass);

  app_class->activate = ramo_application_activate;
  app_class->open = ramo_application_open;
  app_class->startup = ramo_application_startup;
}

static void
ramo_application_init (RamoApplication *self)
{
}

/**
 * ramo_application_new:
 *
 * Returns: (transfer full): the application
 */
RamoApplication *
ramo_application_new (void)
{
  return g_object_new (RAMO_TYPE_APPLICATION,
                       "application-id", RAMO_APP_ID,
                       "flags", G_APPLICATION_HANDLES_OPEN,
                       "resource-base-path", "/io/github/ramo/Ramo",
                       NULL);
}

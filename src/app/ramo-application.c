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

#include <stdlib.h>
#include <string.h>

#ifdef __GLIBC__
#include <malloc.h>
#endif

#include <epoxy/gl.h>

#include "ramo-accessible.h"
#include "ramo-application-private.h"
#include "ramo-preferences-window.h"
#include "ramo-settings.h"
#include "ramo-window-private.h"

/**
 * RamoApplication:
 *
 * `ramo FILE…` opens each session in its own window; `ramo` alone shows the session browser
 * (ramo-session-browser.c). The application owns Ramo's settings, the index of the session
 * folders and the files read ahead while it starts (ramo-preloads.c), and is the one that opens
 * a session in a window: the browser asks for it through its #RamoSessionBrowser::open-session
 * signal. Its actions, also on D-Bus, are in
 * ramo-application-actions.c; the actions it adds to each window for the session's relatives in
 * ramo-application-links.c.
 */

G_DEFINE_FINAL_TYPE (RamoApplication, ramo_application, ADW_TYPE_APPLICATION)

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

/* ------------------------------------------------------------------------------------------ */
/* Windows                                                                                     */

static gboolean
window_close_request_cb (GtkWindow *window,
                         GSettings *settings)
{
  int width = 0;
  int height = 0;

  gtk_window_get_default_size (window, &width, &height);
  g_settings_delay (settings);
  if (width > 0 && height > 0 && !gtk_window_is_maximized (window))
    {
      g_settings_set_int (settings, "window-width", width);
      g_settings_set_int (settings, "window-height", height);
    }
  g_settings_set_boolean (settings, "window-maximized", gtk_window_is_maximized (window));
  g_settings_apply (settings);
  return FALSE;
}

/* The badges of the branch rows follow the setting in every window. */
static void
branch_badge_changed_cb (RamoWindow *window,
                         const char *key,
                         GSettings  *settings)
{
  g_autofree char *badge = g_settings_get_string (settings, key);

  ramo_window_set_branch_badge (window, badge);
}

/* What every window of the application follows in the settings: its double-Escape action
 * and its branch badges (kept in sync), the filter it opens with, and its size (read now, saved when it closes). */
static void
apply_settings (RamoApplication *self,
                RamoWindow      *window)
{
  g_autofree char *filter = NULL;
  RamoFilterMode mode;

  if (self->settings == NULL)
    return;

  g_settings_bind (self->settings, "double-escape-action", window, "double-escape-action", G_SETTINGS_BIND_GET);
  branch_badge_changed_cb (window, "branch-badge", self->settings);
  g_signal_connect_object (self->settings, "changed::branch-badge", G_CALLBACK (branch_badge_changed_cb),
                           window, G_CONNECT_SWAPPED);

  filter = g_settings_get_string (self->settings, "default-filter");
  if (ramo_filter_mode_from_string (filter, &mode))
    ramo_window_set_default_filter (window, mode);

  gtk_window_set_default_size (GTK_WINDOW (window),
                               g_settings_get_int (self->settings, "window-width"),
                               g_settings_get_int (self->settings, "window-height"));
  if (g_settings_get_boolean (self->settings, "window-maximized"))
    gtk_window_maximize (GTK_WINDOW (window));
  g_signal_connect_object (window, "close-request", G_CALLBACK (window_close_request_cb), self->settings, 0);
}

/**
 * ramo_application_new_window:
 * @self: the application
 *
 * A window of the application, with what every one gets beyond the window itself: the
 * settings (double Escape, default filter, size), the parent and branched-session actions, and
 * the files read ahead (the window takes the one it opens).
 *
 * Returns: (transfer none): a new window, not shown yet
 */
RamoWindow *
ramo_application_new_window (RamoApplication *self)
{
  RamoWindow *window;

  g_return_val_if_fail (RAMO_IS_APPLICATION (self), NULL);

  window = ramo_window_new (GTK_APPLICATION (self));
  _ramo_window_set_preloads (window, self->preloads);
  apply_settings (self, window);
  _ramo_application_links_attach (self, window);
  return window;
}

/**
 * ramo_application_find_window:
 * @self: the application
 * @path: a session file
 *
 * Returns: (transfer none) (nullable): a window showing @path
 */
RamoWindow *
ramo_application_find_window (RamoApplication *self,
                              const char      *path)
{
  g_autofree char *wanted = NULL;

  g_return_val_if_fail (RAMO_IS_APPLICATION (self), NULL);
  g_return_val_if_fail (path != NULL, NULL);

  wanted = real_path (path);
  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (self)); l; l = l->next)
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
 * ramo_application_open_session:
 * @self: the application
 * @target: (nullable): the window to show the session in
 * @path: a session file
 * @error: return location for a #GError (#RAMO_SESSION_ERROR), or %NULL
 *
 * Shows @path: in @target if given; else in the window that already shows it, or in a new
 * window. A new window shows a file it cannot open as an error page (and @error is set).
 *
 * Returns: (transfer none) (nullable): the window, presented; %NULL when @target could not
 *   open @path (it keeps its session)
 */
RamoWindow *
ramo_application_open_session (RamoApplication  *self,
                               RamoWindow       *target,
                               const char       *path,
                               GError          **error)
{
  g_autoptr(GFile) file = NULL;
  RamoWindow *window;

  g_return_val_if_fail (RAMO_IS_APPLICATION (self), NULL);
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

  window = ramo_application_find_window (self, path);
  if (window == NULL)
    {
      window = ramo_application_new_window (self);
      ramo_window_open_file (window, file, error);
    }
  gtk_window_present (GTK_WINDOW (window));
  return window;
}

/* ------------------------------------------------------------------------------------------ */
/* The browser and the preferences                                                             */

/* The browser's choice: the session goes to its target window, or to a window of its own. */
static gboolean
browser_open_session_cb (RamoSessionBrowser  *browser,
                         const char          *path,
                         GError             **error,
                         RamoApplication     *self)
{
  return ramo_application_open_session (self, ramo_session_browser_get_target (browser), path, error) != NULL;
}

RamoSessionBrowser *
_ramo_application_new_browser (RamoApplication *self,
                               RamoWindow      *target,
                               const char      *parent_session)
{
  RamoSessionBrowser *browser;

  browser = ramo_session_browser_new (GTK_APPLICATION (self), self->index, self->settings);
  g_signal_connect_object (browser, "open-session", G_CALLBACK (browser_open_session_cb), self, 0);
  ramo_session_browser_set_target (browser, target);
  if (parent_session)
    ramo_session_browser_set_parent_session (browser, parent_session);
  if (target)
    {
      gtk_window_set_transient_for (GTK_WINDOW (browser), GTK_WINDOW (target));
      gtk_window_set_destroy_with_parent (GTK_WINDOW (browser), TRUE);
    }
  return browser;
}

/**
 * ramo_application_show_browser:
 * @self: the application
 * @target: (nullable): the window to open the chosen session in
 *
 * Shows the session browser (one per target: a second call presents the first).
 *
 * Returns: (transfer none): the browser
 */
GtkWindow *
ramo_application_show_browser (RamoApplication *self,
                               RamoWindow      *target)
{
  RamoSessionBrowser *browser = NULL;

  g_return_val_if_fail (RAMO_IS_APPLICATION (self), NULL);

  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (self)); l; l = l->next)
    if (RAMO_IS_SESSION_BROWSER (l->data) &&
        ramo_session_browser_get_parent_session (l->data) == NULL &&
        ramo_session_browser_get_target (l->data) == target)
      {
        browser = l->data;
        ramo_session_browser_reload (browser);
        break;
      }

  if (browser == NULL)
    browser = _ramo_application_new_browser (self, target, NULL);

  gtk_window_present (GTK_WINDOW (browser));
  return GTK_WINDOW (browser);
}

/**
 * ramo_application_show_preferences:
 * @self: the application
 *
 * Returns: (transfer none): the preferences window, presented
 */
GtkWindow *
ramo_application_show_preferences (RamoApplication *self)
{
  GtkWindow *parent;
  GtkWindow *preferences = NULL;

  g_return_val_if_fail (RAMO_IS_APPLICATION (self), NULL);

  parent = gtk_application_get_active_window (GTK_APPLICATION (self));
  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (self)); l; l = l->next)
    if (RAMO_IS_PREFERENCES_WINDOW (l->data))
      preferences = l->data;

  if (preferences == NULL)
    {
      preferences = GTK_WINDOW (ramo_preferences_window_new (self->settings));
      gtk_window_set_application (preferences, GTK_APPLICATION (self));
    }
  if (parent && parent != preferences)
    gtk_window_set_transient_for (preferences, parent);
  gtk_window_present (preferences);
  return preferences;
}

/* ------------------------------------------------------------------------------------------ */
/* GApplication                                                                                */

static void
ramo_application_activate (GApplication *app)
{
  RamoApplication *self = RAMO_APPLICATION (app);
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (app));

  if (window == NULL)
    window = ramo_application_show_browser (self, NULL);
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
    {
      RamoWindow *window = ramo_application_new_window (self);

      /* read in a worker thread, with a progress page for big files; a failure is shown in
       * the window */
      ramo_window_load_file (window, files[i]);
      gtk_window_present (GTK_WINDOW (window));
    }
}

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
  RamoApplication *self = RAMO_APPLICATION (app);

  G_APPLICATION_CLASS (ramo_application_parent_class)->startup (app);

  choose_renderer ();
  ramo_accessible_init ();

  self->settings = ramo_settings_new ();
  if (self->settings == NULL)
    g_warning ("The GSettings schema %s is not installed; preferences are not kept", RAMO_APP_ID);
  self->index = ramo_session_index_new ();

  _ramo_application_actions_init (self);
  gtk_window_set_default_icon_name (RAMO_APP_ID);
}

/* The reads ahead nobody took (the files went to a window of their own, or the windows are
 * gone) are given up. */
static void
ramo_application_shutdown (GApplication *app)
{
  RamoApplication *self = RAMO_APPLICATION (app);

  ramo_preloads_clear (self->preloads);

  G_APPLICATION_CLASS (ramo_application_parent_class)->shutdown (app);
}

static void
ramo_application_dispose (GObject *object)
{
  RamoApplication *self = (RamoApplication *)object;

  /* also when the files went to a Ramo already running: this one never started up */
  if (self->preloads)
    ramo_preloads_clear (self->preloads);
  g_clear_object (&self->preloads);
  g_clear_object (&self->settings);
  g_clear_object (&self->index);

  G_OBJECT_CLASS (ramo_application_parent_class)->dispose (object);
}

static void
ramo_application_class_init (RamoApplicationClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GApplicationClass *app_class = G_APPLICATION_CLASS (klass);

  object_class->dispose = ramo_application_dispose;

  app_class->activate = ramo_application_activate;
  app_class->open = ramo_application_open;
  app_class->startup = ramo_application_startup;
  app_class->shutdown = ramo_application_shutdown;
}

static void
ramo_application_init (RamoApplication *self)
{
  self->preloads = ramo_preloads_new ();
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

/**
 * ramo_application_read_ahead:
 * @self: the application
 * @file: a session file named on the command line
 *
 * Starts reading @file now, in the core's worker thread, before the application runs: the
 * window that opens it takes that read over (ramo-preloads.c). Reading a big session takes
 * about as long as starting GTK and building the window, so the two overlap. Does nothing for
 * a file that is not a local regular file. A read no window takes is given up when the
 * application ends.
 */
void
ramo_application_read_ahead (RamoApplication *self,
                             GFile           *file)
{
  g_return_if_fail (RAMO_IS_APPLICATION (self));
  g_return_if_fail (G_IS_FILE (file));

  ramo_preloads_start (self->preloads, file);
}

/**
 * ramo_application_tune_allocator:
 *
 * Sets up the C allocator for the window, once, before anything is allocated in earnest:
 * with glibc, no "fastbins". A window that lets go of hundreds of thousands of rows a few
 * milliseconds at a time fills glibc's fastbins with their small blocks, and the next large
 * allocation merges every one of them in one call (malloc_consolidate()): on a million-entry
 * session that held the main loop 45-70 ms after filter and search changes (window benchmark,
 * perf); without fastbins freed blocks are merged as they are freed, and the longest gaps
 * were 33 ms at open, 40 ms for filters, 44 ms for searches. ramo-session, which frees little
 * until it ends, keeps glibc's defaults. Does nothing with another C library.
 */
void
ramo_application_tune_allocator (void)
{
#ifdef __GLIBC__
  mallopt (M_MXFAST, 0);
#endif
}

/**
 * ramo_application_get_settings:
 * @self: the application
 *
 * Returns: (transfer none) (nullable): Ramo's settings, %NULL when the schema is installed
 *   nowhere (callers use the defaults then) or before the application started up
 */
GSettings *
ramo_application_get_settings (RamoApplication *self)
{
  g_return_val_if_fail (RAMO_IS_APPLICATION (self), NULL);
  return self->settings;
}

/* The index of the session folders (for tests: ramo_session_index_forget()). */
RamoSessionIndex *
_ramo_application_get_session_index (RamoApplication *self)
{
  g_return_val_if_fail (RAMO_IS_APPLICATION (self), NULL);
  return self->index;
}

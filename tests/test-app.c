/* test-app.c
 *
 * Copyright 2026 The Ramo authors
 *
 * This program is free software: you can redistribute it and/or modify it under the terms of the
 * GNU General Public License as published by the Free Software Foundation, either version 3 of
 * the License, or (at your option) any later version.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <stdlib.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif

#include <string.h>

#include <adwaita.h>
#include <glib/gstdio.h>
#include <utime.h>

#include "ramo-application-private.h"
#include "ramo-application.h"
#include "ramo-preferences-window.h"
#include "ramo-session-browser.h"
#include "ramo-session-index.h"
#include "ramo-settings.h"
#include "ramo-test-util.h"
#include "ramo-window-private.h"

/*
 * The application around the window (issue 7), in one RamoApplication registered on the
 * session bus as io.github.ramo.Ramo: settings and the windows that follow them, the
 * preferences, the session browser over a $HOME made here, parent and branched sessions, the
 * Undo of a cleared label, and the application actions over D-Bus, including a second `ramo
 * FILE` and `gapplication action` run as the user would.
 */

static RamoApplication *app;
static char *ramo_binary;

/* ------------------------------------------------------------------------------------------ */
/* Helpers                                                                                     */

typedef gboolean (*Condition) (gpointer data);

/* Spins until @condition holds, at most @ms milliseconds. */
static gboolean
spin_until (Condition condition,
            gpointer  data,
            guint     ms)
{
  gint64 end = g_get_monotonic_time () + ms * G_TIME_SPAN_MILLISECOND;

  while (!condition (data))
    {
      if (g_get_monotonic_time () > end)
        return FALSE;
      g_main_context_iteration (NULL, FALSE);
      g_usleep (2000);
    }
  return TRUE;
}

static gboolean
browser_loaded (gpointer data)
{
  return !ramo_session_browser_is_loading (data);
}

typedef struct
{
  RamoSessionBrowser *browser;
  guint               n;
} Count;

static gboolean
browser_has (gpointer data)
{
  Count *count = data;

  return ramo_session_browser_get_sessions (count->browser)->len == count->n;
}

static char *
write_session (const char *dir,
               const char *name,
               const char *cwd,
               const char *parent_session,
               const char *session_name,
               const char *first_message,
               guint       n_turns,
               gboolean    branched,
               gint64      mtime_sec)
{
  g_autofree char *path = g_build_filename (dir, name, NULL);
  GString *text = g_string_new (NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *contents = NULL;
  g_autofree char *parent_json = NULL;
  g_autoptr(JsonNode) cwd_node = json_node_init_string (json_node_alloc (), cwd);
  g_autofree char *cwd_json = json_to_string (cwd_node, FALSE);
  guint id = 1;

  if (parent_session)
    {
      g_autoptr(JsonNode) node = json_node_init_string (json_node_alloc (), parent_session);
      g_autofree char *json = json_to_string (node, FALSE);

      parent_json = g_strdup_printf (",\"parentSession\":%s", json);
    }
  g_string_append_printf (text, "{\"type\":\"session\",\"version\":3,\"id\":\"%s\",\"timestamp\":\"2026-01-05T10:00:00.000Z\","
                          "\"cwd\":%s%s}\n", name, cwd_json, parent_json ? parent_json : "");
  if (session_name)
    {
      g_string_append_printf (text, "{\"type\":\"session_info\",\"id\":\"%08x\",\"parentId\":null,"
                              "\"timestamp\":\"2026-01-05T10:00:01.000Z\",\"name\":\"%s\"}\n", id, session_name);
      id++;
    }
  for (guint i = 0; i < n_turns; i++)
    {
      g_autofree char *parent = id > 1 ? g_strdup_printf ("\"%08x\"", id - 1) : g_strdup ("null");

      g_string_append_printf (text, "{\"type\":\"message\",\"id\":\"%08x\",\"parentId\":%s,\"timestamp\":\"2026-01-05T10:00:02.000Z\","
                              "\"message\":{\"role\":\"user\",\"content\":[{\"type\":\"text\",\"text\":\"%s %u\"}],\"timestamp\":1}}\n",
                              id, parent, first_message, i);
      id++;
      g_string_append_printf (text, "{\"type\":\"message\",\"id\":\"%08x\",\"parentId\":\"%08x\",\"timestamp\":\"2026-01-05T10:00:03.000Z\","
                              "\"message\":{\"role\":\"assistant\",\"content\":[{\"type\":\"text\",\"text\":\"answer %u\"}],"
                              "\"provider\":\"x\",\"model\":\"y\",\"stopReason\":\"stop\",\"timestamp\":2}}\n",
                              id, id - 1, i);
      id++;
    }
  if (branched && id > 2)
    g_string_append_printf (text, "{\"type\":\"message\",\"id\":\"%08x\",\"parentId\":\"%08x\",\"timestamp\":\"2026-01-05T10:00:04.000Z\","
                            "\"message\":{\"role\":\"user\",\"content\":\"another way\",\"timestamp\":3}}\n",
                            id, session_name ? 2u : 1u);

  contents = g_string_free (text, FALSE);
  g_file_set_contents (path, contents, -1, &error);
  g_assert_no_error (error);

  if (mtime_sec > 0)
    {
      struct utimbuf times = { mtime_sec, mtime_sec };

      g_assert_cmpint (g_utime (path, &times), ==, 0);
    }
  return g_steal_pointer (&path);
}

static char *
make_home (void)
{
  char *home = ramo_test_tmpdir ();

  g_setenv ("HOME", home, TRUE);
  return home;
}

static char *
project_dir (const char *home,
             const char *agent,
             const char *project)
{
  char *dir = g_build_filename (home, agent, "agent", "sessions", project, NULL);

  g_assert_cmpint (g_mkdir_with_parents (dir, 0700), ==, 0);
  return dir;
}

static void
destroy_all_windows (void)
{
  GList *windows = g_list_copy (gtk_application_get_windows (GTK_APPLICATION (app)));

  for (GList *l = windows; l; l = l->next)
    gtk_window_destroy (l->data);
  g_list_free (windows);
  ramo_test_spin (20);
}

static JsonObject *
last_line (const char *path)
{
  g_autofree char *contents = ramo_test_read_file (path, NULL);
  g_auto(GStrv) lines = g_strsplit (contents, "\n", -1);
  guint n = g_strv_length (lines);
  g_autoptr(JsonNode) node = NULL;

  g_assert_cmpuint (n, >=, 2);
  node = json_from_string (lines[n - 2], NULL);
  g_assert_nonnull (node);
  return json_object_ref (json_node_get_object (node));
}

static guint
count_lines (const char *path)
{
  g_autofree char *contents = ramo_test_read_file (path, NULL);
  guint n = 0;

  for (const char *p = contents; *p; p++)
    n += *p == '\n';
  return n;
}

/* ------------------------------------------------------------------------------------------ */
/* Settings                                                                                    */

static void
test_settings_window (void)
{
  GSettings *settings = ramo_application_get_settings (app);
  RamoWindow *window;

  g_assert_nonnull (settings);
  g_settings_set_string (settings, "default-filter", "user-only");
  g_settings_set_string (settings, "double-escape-action", "branch");

  window = ramo_application_new_window (app);
  g_assert_cmpuint (gtk_drop_down_get_selected (ramo_window_get_filter_dropdown (window)), ==, RAMO_FILTER_USER_ONLY);
  g_assert_cmpstr (ramo_window_get_double_escape_action (window), ==, "branch");

  /* the double-Escape action follows the setting live */
  g_settings_set_string (settings, "double-escape-action", "tree");
  g_assert_cmpstr (ramo_window_get_double_escape_action (window), ==, "tree");

  /* the branch badges show the cost unless set otherwise, and follow the setting live */
  g_assert_cmpint (ramo_session_tree_get_branch_badge (ramo_window_get_tree (window)), ==, RAMO_BADGE_COST);
  g_settings_set_string (settings, "branch-badge", "tokens");
  g_assert_cmpint (ramo_session_tree_get_branch_badge (ramo_window_get_tree (window)), ==, RAMO_BADGE_TOKENS);
  g_settings_set_string (settings, "branch-badge", "none");
  g_assert_cmpint (ramo_session_tree_get_branch_badge (ramo_window_get_tree (window)), ==, RAMO_BADGE_NONE);
  g_settings_reset (settings, "branch-badge");

  /* parent and branched-session actions exist, disabled without a session */
  g_assert_true (g_action_group_has_action (G_ACTION_GROUP (window), "open-parent-session"));
  g_assert_false (g_action_group_get_action_enabled (G_ACTION_GROUP (window), "open-parent-session"));
  g_assert_false (g_action_group_get_action_enabled (G_ACTION_GROUP (window), "branched-sessions"));

  gtk_window_destroy (GTK_WINDOW (window));
  g_settings_reset (settings, "default-filter");
  g_settings_reset (settings, "double-escape-action");
  ramo_test_spin (10);
}

static void
test_settings_summary_config (void)
{
  GSettings *settings = ramo_application_get_settings (app);
  g_autoptr(RamoSummarizerConfig) config = NULL;
  g_autoptr(RamoSummarizerConfig) automatic = NULL;
  g_autofree char *instructions = NULL;

  automatic = ramo_settings_dup_summary_config (ramo_application_get_settings (app));
  g_assert_null (ramo_summarizer_config_get_provider (automatic));
  g_assert_null (ramo_summarizer_config_get_model (automatic));
  g_assert_null (ramo_settings_dup_summary_instructions (ramo_application_get_settings (app)));

  g_settings_set_string (settings, "summary-provider", "openai");
  g_settings_set_string (settings, "summary-base-url", "http://127.0.0.1:11434/v1");
  g_settings_set_string (settings, "summary-model", " llama3 ");
  g_settings_set_string (settings, "summary-instructions", "Be brief.");

  config = ramo_settings_dup_summary_config (ramo_application_get_settings (app));
  g_assert_cmpstr (ramo_summarizer_config_get_provider (config), ==, "openai");
  g_assert_cmpint (ramo_summarizer_config_get_api (config), ==, RAMO_SUMMARIZER_API_OPENAI_CHAT);
  g_assert_cmpstr (ramo_summarizer_config_get_base_url (config), ==, "http://127.0.0.1:11434/v1");
  g_assert_cmpstr (ramo_summarizer_config_get_model (config), ==, "llama3");
  instructions = ramo_settings_dup_summary_instructions (ramo_application_get_settings (app));
  g_assert_cmpstr (instructions, ==, "Be brief.");

  /* no key is ever kept in GSettings */
  {
    g_autoptr(GSettingsSchema) schema = NULL;

    g_object_get (settings, "settings-schema", &schema, NULL);
    g_assert_false (g_settings_schema_has_key (schema, "summary-api-key"));
    g_assert_false (g_settings_schema_has_key (schema, "api-key"));
  }

  g_settings_reset (settings, "summary-provider");
  g_settings_reset (settings, "summary-base-url");
  g_settings_reset (settings, "summary-model");
  g_settings_reset (settings, "summary-instructions");
}

static void
test_settings_roots (void)
{
  GSettings *settings = ramo_application_get_settings (app);
  g_autofree char *home = make_home ();
  const char *extra[] = { "/srv/sessions", "~/more", NULL };
  g_auto(GStrv) roots = NULL;
  g_autofree char *pi = g_build_filename (home, ".pi", "agent", "sessions", NULL);
  g_autofree char *omp = g_build_filename (home, ".omp", "agent", "sessions", NULL);
  g_autofree char *more = g_build_filename (home, "more", NULL);

  g_settings_set_strv (settings, "session-folders", extra);
  roots = ramo_settings_dup_session_roots (ramo_application_get_settings (app));
  g_assert_cmpuint (g_strv_length (roots), ==, 4);
  g_assert_cmpstr (roots[0], ==, pi);
  g_assert_cmpstr (roots[1], ==, omp);
  g_assert_cmpstr (roots[2], ==, "/srv/sessions");
  g_assert_cmpstr (roots[3], ==, more);
  g_settings_reset (settings, "session-folders");
}

static gboolean
keyring_answered (gpointer data)
{
  RamoPreferencesWindow *preferences = data;
  GtkWidget *key_row = ramo_preferences_window_get_row (preferences, "api-key");

  return ramo_preferences_window_get_keyring_message (preferences) != NULL || gtk_widget_get_sensitive (key_row);
}

static void
test_preferences (void)
{
  GSettings *settings = ramo_application_get_settings (app);
  RamoPreferencesWindow *preferences = RAMO_PREFERENCES_WINDOW (ramo_application_show_preferences (app));
  g_autofree char *filter = NULL;
  g_autofree char *escape = NULL;
  g_autofree char *choice = NULL;
  g_autofree char *model = NULL;
  g_autofree char *command = NULL;
  g_auto(GStrv) folders = NULL;
  GtkWidget *key_row;

  g_assert_true (RAMO_IS_PREFERENCES_WINDOW (preferences));
  /* a second call presents the same window */
  g_assert_true (ramo_application_show_preferences (app) == GTK_WINDOW (preferences));

  adw_combo_row_set_selected (ADW_COMBO_ROW (ramo_preferences_window_get_row (preferences, "filter")), 3);
  filter = g_settings_get_string (settings, "default-filter");
  g_assert_cmpstr (filter, ==, "labeled-only");

  adw_combo_row_set_selected (ADW_COMBO_ROW (ramo_preferences_window_get_row (preferences, "escape")), 1);
  escape = g_settings_get_string (settings, "double-escape-action");
  g_assert_cmpstr (escape, ==, "branch");

  adw_combo_row_set_selected (ADW_COMBO_ROW (ramo_preferences_window_get_row (preferences, "badge")), 4);
  {
    g_autofree char *badge = g_settings_get_string (settings, "branch-badge");

    g_assert_cmpstr (badge, ==, "tool-calls");
    g_settings_reset (settings, "branch-badge");
  }

  adw_combo_row_set_selected (ADW_COMBO_ROW (ramo_preferences_window_get_row (preferences, "choice")), 2);
  choice = g_settings_get_string (settings, "remembered-summary-choice");
  g_assert_cmpstr (choice, ==, "summarize");

  gtk_editable_set_text (GTK_EDITABLE (ramo_preferences_window_get_row (preferences, "model")), "gpt-4o-mini");
  model = g_settings_get_string (settings, "summary-model");
  g_assert_cmpstr (model, ==, "gpt-4o-mini");

  gtk_editable_set_text (GTK_EDITABLE (ramo_preferences_window_get_row (preferences, "pi-command")), "/opt/pi/bin/pi --flag");
  command = g_settings_get_string (settings, "pi-command");
  g_assert_cmpstr (command, ==, "/opt/pi/bin/pi --flag");
  g_clear_pointer (&command, g_free);
  gtk_editable_set_text (GTK_EDITABLE (ramo_preferences_window_get_row (preferences, "omp-command")), "omp");
  command = g_settings_get_string (settings, "omp-command");
  g_assert_cmpstr (command, ==, "omp");
  g_settings_reset (settings, "pi-command");
  g_settings_reset (settings, "omp-command");

  /* the setting drives the row too */
  g_settings_set_string (settings, "summary-provider", "anthropic");
  g_assert_cmpuint (adw_combo_row_get_selected (ADW_COMBO_ROW (ramo_preferences_window_get_row (preferences, "provider"))), ==, 2);

  /* the key row is for one provider: the keyring answers, or its absence is explained */
  key_row = ramo_preferences_window_get_row (preferences, "api-key");
  g_assert_true (spin_until (keyring_answered, preferences, 10000));
  if (ramo_preferences_window_get_keyring_message (preferences))
    {
      g_test_message ("no keyring: %s", ramo_preferences_window_get_keyring_message (preferences));
      g_assert_nonnull (strstr (ramo_preferences_window_get_keyring_message (preferences), "ANTHROPIC_API_KEY"));
      g_assert_false (gtk_widget_get_sensitive (key_row));
    }

  ramo_preferences_window_add_folder (preferences, "/srv/a");
  ramo_preferences_window_add_folder (preferences, "/srv/a");
  folders = g_settings_get_strv (settings, "session-folders");
  g_assert_cmpuint (g_strv_length (folders), ==, 1);
  g_assert_cmpstr (folders[0], ==, "/srv/a");

  gtk_window_destroy (GTK_WINDOW (preferences));
  ramo_test_spin (10);
  g_settings_reset (settings, "default-filter");
  g_settings_reset (settings, "double-escape-action");
  g_settings_reset (settings, "remembered-summary-choice");
  g_settings_reset (settings, "summary-model");
  g_settings_reset (settings, "summary-provider");
  g_settings_reset (settings, "session-folders");
}

/* ------------------------------------------------------------------------------------------ */
/* Session browser                                                                             */

static char *
items_text (RamoSessionBrowser *browser)
{
  GListModel *items = ramo_session_browser_get_items (browser);
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < g_list_model_get_n_items (items); i++)
    {
      g_autoptr(GObject) item = g_list_model_get_item (items, i);
      g_autofree char *text = ramo_session_browser_describe_item (item);
      char *comma = NULL;

      /* the row texts without the time, which depends on today */
      if (RAMO_IS_SESSION_INFO (item))
        comma = strrchr (text, ',');
      if (comma)
        *comma = '\0';
      g_string_append_printf (out, "%s%s", i ? "|" : "", text);
    }
  return g_string_free (out, FALSE);
}

static void
test_browser (void)
{
  g_autofree char *home = make_home ();
  g_autofree char *weather = project_dir (home, ".pi", "--home-u-weather--");
  g_autofree char *parser = project_dir (home, ".omp", "--home-u-parser--");
  g_autofree char *a = write_session (weather, "a.jsonl", "/home/u/weather", NULL, "Cache the API", "add a cache", 2, TRUE, 1767000000);
  g_autofree char *b = write_session (weather, "b.jsonl", "/home/u/weather", a, NULL, "retry on timeout", 1, FALSE, 1767000300);
  g_autofree char *c = write_session (parser, "c.jsonl", "/home/u/parser", NULL, NULL, "parse dates", 3, FALSE, 1767000100);
  g_autofree char *text = NULL;
  RamoSessionBrowser *browser;
  RamoWindow *window;
  GtkWindow *shown;

  g_assert_nonnull (c);
  g_file_set_contents (g_build_filename (weather, "notes.jsonl", NULL), "not a session\n", -1, NULL);

  shown = ramo_application_show_browser (app, NULL);
  browser = RAMO_SESSION_BROWSER (shown);
  g_assert_true (spin_until (browser_loaded, browser, 10000));
  g_assert_cmpstr (ramo_session_browser_get_page (browser), ==, "list");

  /* grouped by project, newest first; each with its name or first message and its counts */
  text = items_text (browser);
  g_test_message ("%s", text);
  {
    GListModel *items = ramo_session_browser_get_items (browser);
    g_autoptr(GObject) first = g_list_model_get_item (items, 0);
    g_autoptr(GObject) second = g_list_model_get_item (items, 1);
    g_autoptr(GObject) third = g_list_model_get_item (items, 2);
    g_autoptr(GObject) fourth = g_list_model_get_item (items, 3);
    g_autoptr(GObject) fifth = g_list_model_get_item (items, 4);
    g_autofree char *d1 = ramo_session_browser_describe_item (first);
    g_autofree char *d3 = ramo_session_browser_describe_item (third);

    g_assert_cmpuint (g_list_model_get_n_items (items), ==, 5);
    g_assert_true (g_str_has_prefix (d1, "Project /home/u/weather, 2 sessions"));
    g_assert_cmpstr (ramo_session_info_get_path (RAMO_SESSION_INFO (second)), ==, b);
    g_assert_cmpstr (ramo_session_info_get_path (RAMO_SESSION_INFO (third)), ==, a);
    g_assert_true (g_str_has_prefix (d3, "Cache the API, add a cache 0, 5 messages · 2 branches, "));
    g_assert_cmpuint (ramo_session_info_get_n_messages (RAMO_SESSION_INFO (third)), ==, 5);
    g_assert_cmpuint (ramo_session_info_get_n_branches (RAMO_SESSION_INFO (third)), ==, 2);
    g_assert_cmpstr (ramo_session_info_get_parent_session (RAMO_SESSION_INFO (second)), ==, a);
    g_assert_true (RAMO_IS_SESSION_INFO (fifth));
    g_assert_false (RAMO_IS_SESSION_INFO (fourth));
    g_assert_cmpstr (ramo_session_info_get_first_message (RAMO_SESSION_INFO (fifth)), ==, "parse dates 0");
    g_assert_cmpuint (ramo_session_info_get_n_messages (RAMO_SESSION_INFO (fifth)), ==, 6);
    g_assert_cmpuint (ramo_session_info_get_n_branches (RAMO_SESSION_INFO (fifth)), ==, 1);
  }

  /* search names and first messages */
  gtk_editable_set_text (ramo_session_browser_get_search_entry (browser), "CACHE api");
  ramo_test_spin (300);
  g_assert_cmpuint (g_list_model_get_n_items (ramo_session_browser_get_items (browser)), ==, 2);
  gtk_editable_set_text (ramo_session_browser_get_search_entry (browser), "dates");
  ramo_test_spin (300);
  g_assert_cmpuint (g_list_model_get_n_items (ramo_session_browser_get_items (browser)), ==, 2);
  gtk_editable_set_text (ramo_session_browser_get_search_entry (browser), "nothing like this");
  ramo_test_spin (300);
  g_assert_cmpstr (ramo_session_browser_get_page (browser), ==, "no-results");
  gtk_editable_set_text (ramo_session_browser_get_search_entry (browser), "");
  ramo_test_spin (300);
  g_assert_cmpuint (g_list_model_get_n_items (ramo_session_browser_get_items (browser)), ==, 5);

  /* a session written while the browser is open shows up (file monitor), in a new project */
  {
    g_autofree char *fresh_dir = project_dir (home, ".pi", "--home-u-new--");
    g_autofree char *d = write_session (fresh_dir, "d.jsonl", "/home/u/new", NULL, "Fresh one", "hello", 1, FALSE, 0);
    Count count = { browser, 4 };

    g_assert_true (spin_until (browser_has, &count, 10000));
    {
      g_autoptr(GObject) first = g_list_model_get_item (ramo_session_browser_get_items (browser), 1);

      g_assert_cmpstr (ramo_session_info_get_path (RAMO_SESSION_INFO (first)), ==, d);
    }
  }

  /* choosing a session opens it in a window and closes the browser */
  g_object_ref (browser);
  g_assert_true (ramo_session_browser_open (browser, a));
  window = ramo_application_find_window (app, a);
  g_assert_nonnull (window);
  g_assert_cmpstr (ramo_session_manager_get_path (ramo_window_get_manager (window)), ==, a);
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (browser)));
  g_object_unref (browser);

  /* Branched Sessions: only b names a as its parent */
  g_assert_true (g_action_group_get_action_enabled (G_ACTION_GROUP (window), "branched-sessions"));
  g_assert_false (g_action_group_get_action_enabled (G_ACTION_GROUP (window), "open-parent-session"));
  g_action_group_activate_action (G_ACTION_GROUP (window), "branched-sessions", NULL);
  browser = NULL;
  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (app)); l; l = l->next)
    if (RAMO_IS_SESSION_BROWSER (l->data))
      browser = l->data;
  g_assert_nonnull (browser);
  g_assert_cmpstr (ramo_session_browser_get_parent_session (browser), ==, a);
  g_assert_true (spin_until (browser_loaded, browser, 10000));
  g_assert_cmpuint (ramo_session_browser_get_sessions (browser)->len, ==, 1);
  g_assert_cmpstr (ramo_session_info_get_path (g_ptr_array_index (ramo_session_browser_get_sessions (browser), 0)), ==, b);

  /* ... and from b, its parent is one click */
  g_assert_true (ramo_session_browser_open (browser, b));
  window = ramo_application_find_window (app, b);
  g_assert_nonnull (window);
  g_assert_true (g_action_group_get_action_enabled (G_ACTION_GROUP (window), "open-parent-session"));
  {
    g_autofree char *parent = _ramo_application_dup_parent_session (window);

    g_assert_cmpstr (parent, ==, a);
  }
  destroy_all_windows ();
  g_assert_null (ramo_application_find_window (app, a));
  window = ramo_application_open_session (app, NULL, b, NULL);
  g_action_group_activate_action (G_ACTION_GROUP (window), "open-parent-session", NULL);
  g_assert_nonnull (ramo_application_find_window (app, a));
  g_assert_true (ramo_application_find_window (app, a) != window);

  destroy_all_windows ();
}

static void
test_browser_empty (void)
{
  g_autofree char *home = make_home ();
  RamoSessionBrowser *browser = RAMO_SESSION_BROWSER (ramo_application_show_browser (app, NULL));

  g_assert_true (spin_until (browser_loaded, browser, 10000));
  g_assert_cmpstr (ramo_session_browser_get_page (browser), ==, "empty");

  /* pi makes its session folder: the browser sees it */
  {
    g_autofree char *dir = project_dir (home, ".pi", "--p--");
    g_autofree char *path = NULL;
    Count count = { browser, 1 };

    ramo_test_spin (1000);   /* let the reload for the new folders watch them */
    path = write_session (dir, "s.jsonl", "/p", NULL, NULL, "first", 1, FALSE, 0);
    g_assert_true (spin_until (browser_has, &count, 10000));
    g_assert_cmpstr (ramo_session_browser_get_page (browser), ==, "list");
  }
  destroy_all_windows ();
}

/* 2,000 sessions: the listing runs in a worker thread and must stay quick */
static void
test_browser_many (void)
{
  g_autofree char *home = make_home ();
  RamoSessionBrowser *browser;
  gint64 cold;
  guint n = 2000;

  for (guint i = 0; i < n; i++)
    {
      g_autofree char *project = g_strdup_printf ("--p%02u--", i % 50);
      g_autofree char *dir = project_dir (home, ".pi", project);
      g_autofree char *name = g_strdup_printf ("s%04u.jsonl", i);
      g_autofree char *cwd = g_strdup_printf ("/work/p%02u", i % 50);
      g_autofree char *path = write_session (dir, name, cwd, NULL, i % 3 ? NULL : "named", "task", 3 + i % 7, i % 5 == 0,
                                             1767000000 + i);

      g_assert_nonnull (path);
    }

  ramo_session_index_forget (_ramo_application_get_session_index (app));
  browser = RAMO_SESSION_BROWSER (ramo_application_show_browser (app, NULL));
  g_assert_true (ramo_session_browser_is_loading (browser));
  g_assert_true (spin_until (browser_loaded, browser, 60000));
  cold = ramo_session_browser_get_load_time (browser);
  g_assert_cmpuint (ramo_session_browser_get_sessions (browser)->len, ==, n);
  g_assert_cmpuint (g_list_model_get_n_items (ramo_session_browser_get_items (browser)), ==, n + 50);

  ramo_session_browser_reload (browser);
  g_assert_true (spin_until (browser_loaded, browser, 60000));
  g_test_message ("2,000 sessions: first listing %.3f s, again (unchanged files) %.3f s",
                  cold / (double) G_USEC_PER_SEC,
                  ramo_session_browser_get_load_time (browser) / (double) G_USEC_PER_SEC);
  g_printerr ("# 2,000 sessions listed in %.3f s (again: %.3f s)\n", cold / (double) G_USEC_PER_SEC,
              ramo_session_browser_get_load_time (browser) / (double) G_USEC_PER_SEC);
  if (g_getenv ("RAMO_UNDER_VALGRIND") == NULL)
    g_assert_cmpint (cold, <, 10 * G_USEC_PER_SEC);

  destroy_all_windows ();
}

/* The summaries agree with the loader on real files. */
static void
test_index_matches_loader (void)
{
  const char *dir = g_getenv ("RAMO_FIXTURES_DIR");
  g_autofree char *example = g_build_filename (g_getenv ("RAMO_SOURCE_DIR"), "data", "examples", "example.jsonl", NULL);
  const char *names[] = { "large-session.jsonl", "before-compaction.jsonl" };
  g_autoptr(GPtrArray) paths = g_ptr_array_new_with_free_func (g_free);

  g_ptr_array_add (paths, g_strdup (example));
  for (guint i = 0; dir && i < G_N_ELEMENTS (names); i++)
    {
      char *path = g_build_filename (dir, names[i], NULL);

      if (g_file_test (path, G_FILE_TEST_IS_REGULAR))
        g_ptr_array_add (paths, path);
      else
        g_free (path);
    }

  for (guint i = 0; i < paths->len; i++)
    {
      const char *path = g_ptr_array_index (paths, i);
      g_autoptr(GError) error = NULL;
      g_autoptr(RamoSessionInfo) info = ramo_session_info_scan (path, &error);
      g_autoptr(RamoSessionManager) manager = ramo_session_manager_open (path, &error);
      g_autofree char *name = NULL;
      guint messages = 0;
      guint leaves = 0;

      g_assert_no_error (error);
      for (guint j = 0; j < ramo_session_manager_get_n_entries (manager); j++)
        {
          RamoEntry *entry = ramo_session_manager_get_entry_at (manager, j);

          messages += entry->type == RAMO_ENTRY_TYPE_MESSAGE;
          leaves += (entry->n_children == 0);
        }
      name = ramo_session_manager_dup_session_name (manager);
      g_assert_cmpuint (ramo_session_info_get_n_messages (info), ==, messages);
      g_assert_cmpuint (ramo_session_info_get_n_branches (info), ==, leaves);
      g_assert_cmpstr (ramo_session_info_get_name (info), ==, name);
      g_assert_cmpstr (ramo_session_info_get_cwd (info), ==, ramo_session_manager_get_cwd (manager));
    }
}

/* ------------------------------------------------------------------------------------------ */
/* Undo a cleared label                                                                        */

static void
test_label_undo (void)
{
  g_autofree char *home = make_home ();
  g_autofree char *dir = project_dir (home, ".pi", "--x--");
  g_autofree char *path = write_session (dir, "u.jsonl", "/x", NULL, NULL, "label me", 2, FALSE, 0);
  RamoWindow *window = ramo_application_open_session (app, NULL, path, NULL);
  RamoSessionManager *manager = ramo_window_get_manager (window);
  g_autoptr(JsonObject) cleared = NULL;
  g_autoptr(JsonObject) restored = NULL;
  guint lines;

  g_assert_nonnull (manager);
  g_action_group_activate_action (G_ACTION_GROUP (window), "set-label", g_variant_new ("(ss)", "00000001", "keep"));
  g_assert_cmpstr (ramo_session_manager_get_label (manager, "00000001"), ==, "keep");
  g_assert_null (_ramo_window_get_label_undo_toast (window));   /* setting a label offers nothing */

  g_action_group_activate_action (G_ACTION_GROUP (window), "set-label", g_variant_new ("(ss)", "00000001", ""));
  g_assert_null (ramo_session_manager_get_label (manager, "00000001"));
  g_assert_nonnull (_ramo_window_get_label_undo_toast (window));
  g_assert_cmpstr (adw_toast_get_title (_ramo_window_get_label_undo_toast (window)), ==, "Label cleared");
  g_assert_cmpstr (adw_toast_get_button_label (_ramo_window_get_label_undo_toast (window)), ==, "_Undo");
  cleared = last_line (path);
  g_assert_cmpstr (json_object_get_string_member (cleared, "type"), ==, "label");
  g_assert_false (json_object_has_member (cleared, "label") &&
                  json_object_get_string_member (cleared, "label") != NULL);
  lines = count_lines (path);

  g_assert_true (_ramo_window_activate_label_undo (window));
  g_assert_cmpstr (ramo_session_manager_get_label (manager, "00000001"), ==, "keep");
  g_assert_cmpuint (count_lines (path), ==, lines + 1);
  restored = last_line (path);
  g_assert_cmpstr (json_object_get_string_member (restored, "type"), ==, "label");
  g_assert_cmpstr (json_object_get_string_member (restored, "targetId"), ==, "00000001");
  g_assert_cmpstr (json_object_get_string_member (restored, "label"), ==, "keep");
  g_assert_false (_ramo_window_activate_label_undo (window));   /* once */

  destroy_all_windows ();
}

/* ------------------------------------------------------------------------------------------ */
/* D-Bus                                                                                       */

typedef struct
{
  const char *path;
  guint       lines;
} Grown;

static gboolean
file_grew (gpointer data)
{
  Grown *grown = data;

  return count_lines (grown->path) > grown->lines;
}

static void
call_done_cb (GObject      *object,
              GAsyncResult *result,
              gpointer      user_data)
{
  g_autoptr(GVariant) reply = NULL;
  GError **error = user_data;

  reply = g_dbus_connection_call_finish (G_DBUS_CONNECTION (object), result, error);
  if (*error == NULL)
    *error = g_error_new_literal (G_IO_ERROR, G_IO_ERROR_EXISTS, "done");   /* a marker */
}

static gboolean
error_set (gpointer data)
{
  return *(GError **) data != NULL;
}

/* Calls org.gtk.Actions.Activate on the application's object path from another connection,
 * as `gapplication action` or a script would. */
static void
activate_over_dbus (const char *action,
                    GVariant   *param)
{
  g_autoptr(GDBusConnection) connection = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *address = NULL;
  GVariantBuilder params;
  GError *result = NULL;

  address = g_dbus_address_get_for_bus_sync (G_BUS_TYPE_SESSION, NULL, &error);
  g_assert_no_error (error);
  connection = g_dbus_connection_new_for_address_sync (address, G_DBUS_CONNECTION_FLAGS_AUTHENTICATION_CLIENT |
                                                       G_DBUS_CONNECTION_FLAGS_MESSAGE_BUS_CONNECTION,
                                                       NULL, NULL, &error);
  g_assert_no_error (error);

  g_variant_builder_init (&params, G_VARIANT_TYPE ("av"));
  g_variant_builder_add (&params, "v", param);
  g_dbus_connection_call (connection, RAMO_APP_ID, "/io/github/ramo/Ramo", "org.gtk.Actions", "Activate",
                          g_variant_new ("(sava{sv})", action, &params, NULL),
                          NULL, G_DBUS_CALL_FLAGS_NONE, 10000, NULL, call_done_cb, &result);
  g_assert_true (spin_until (error_set, &result, 15000));
  g_assert_error (result, G_IO_ERROR, G_IO_ERROR_EXISTS);
  g_clear_error (&result);
}

static gboolean
window_for_path (gpointer data)
{
  return ramo_application_find_window (app, data) != NULL;
}

typedef struct
{
  gboolean done;
  int      status;
} Child;

static void
child_watch_cb (GPid     pid,
                int      status,
                gpointer data)
{
  Child *child = data;

  child->status = status;
  child->done = TRUE;
  g_spawn_close_pid (pid);
}

static gboolean
child_done (gpointer data)
{
  return ((Child *) data)->done;
}

/* Runs @argv without blocking this main loop (the program talks to us over D-Bus). */
static void
run_program (const char * const *argv)
{
  g_autoptr(GError) error = NULL;
  Child child = { FALSE, -1 };
  GPid pid;

  g_spawn_async (NULL, (char **) argv, NULL, G_SPAWN_DO_NOT_REAP_CHILD | G_SPAWN_SEARCH_PATH,
                 NULL, NULL, &pid, &error);
  g_assert_no_error (error);
  g_child_watch_add (pid, child_watch_cb, &child);
  g_assert_true (spin_until (child_done, &child, 30000));
  g_assert_true (g_spawn_check_wait_status (child.status, NULL));
}

static void
test_dbus_actions (void)
{
  g_autofree char *home = make_home ();
  g_autofree char *dir = project_dir (home, ".pi", "--d--");
  g_autofree char *path = write_session (dir, "d.jsonl", "/d", NULL, NULL, "drive me", 2, FALSE, 0);
  g_autofree char *other = write_session (dir, "o.jsonl", "/d", NULL, NULL, "second instance", 1, FALSE, 0);
  g_autoptr(JsonObject) line = NULL;
  RamoWindow *window;
  Grown grown = { path, 0 };

  if (g_application_get_dbus_connection (G_APPLICATION (app)) == NULL)
    {
      g_test_skip ("no session bus");
      return;
    }

  /* app.set-label through org.gtk.Actions opens the file in a window and labels the entry */
  grown.lines = count_lines (path);
  activate_over_dbus ("set-label", g_variant_new ("(sss)", path, "00000003", "from D-Bus"));
  g_assert_true (spin_until (file_grew, &grown, 10000));
  line = last_line (path);
  g_assert_cmpstr (json_object_get_string_member (line, "type"), ==, "label");
  g_assert_cmpstr (json_object_get_string_member (line, "targetId"), ==, "00000003");
  g_assert_cmpstr (json_object_get_string_member (line, "label"), ==, "from D-Bus");
  window = ramo_application_find_window (app, path);
  g_assert_nonnull (window);
  g_assert_cmpstr (ramo_session_manager_get_label (ramo_window_get_manager (window), "00000003"), ==, "from D-Bus");

  /* app.navigate goes to the entry in that same window (a user message: the leaf moves to its
   * parent and its text goes to the editor) */
  g_settings_set_string (ramo_application_get_settings (app), "remembered-summary-choice", "none");   /* no summary dialog */
  activate_over_dbus ("navigate", g_variant_new ("(ss)", path, "00000003"));
  g_assert_cmpstr (ramo_session_manager_get_leaf_id (ramo_window_get_manager (window)), ==, "00000002");
  {
    g_autofree char *composer = ramo_window_dup_composer_text (window);

    g_assert_cmpstr (composer, ==, "drive me 1");
  }
  g_assert_true (ramo_application_find_window (app, path) == window);

  /* the command line the README documents */
  {
    g_autofree char *param = g_strdup_printf ("('%s', '00000001', 'via gapplication')", path);
    const char *argv[] = { "gapplication", "action", RAMO_APP_ID, "set-label", param, NULL };
    g_autoptr(JsonObject) label = NULL;

    grown.lines = count_lines (path);
    run_program (argv);
    g_assert_true (spin_until (file_grew, &grown, 10000));
    label = last_line (path);
    g_assert_cmpstr (json_object_get_string_member (label, "targetId"), ==, "00000001");
    g_assert_cmpstr (json_object_get_string_member (label, "label"), ==, "via gapplication");
  }

  /* app.branch: a new session file next to the old one, whose header names the old one */
  activate_over_dbus ("branch", g_variant_new ("(ss)", path, "00000003"));
  {
    RamoSessionManager *manager = ramo_window_get_manager (window);
    JsonObject *header = ramo_session_manager_get_header (manager);

    g_assert_cmpstr (json_object_get_string_member (header, "parentSession"), ==, path);
    g_assert_true (g_action_group_get_action_enabled (G_ACTION_GROUP (window), "open-parent-session"));
  }

  /* a second `ramo FILE` opens a window in this first instance */
  if (ramo_binary && g_file_test (ramo_binary, G_FILE_TEST_IS_EXECUTABLE))
    {
      const char *argv[] = { ramo_binary, other, NULL };

      run_program (argv);
      g_assert_true (spin_until (window_for_path, other, 10000));
    }

  destroy_all_windows ();
  g_settings_reset (ramo_application_get_settings (app), "remembered-summary-choice");
}

#ifdef __GLIBC__
/* the window's allocator keeps no fastbins: small blocks freed in bulk are not merged all at
 * once by the next large allocation */
static void
test_allocator (void)
{
  gpointer blocks[4096];
  size_t before;

  ramo_application_tune_allocator ();
  for (guint i = 0; i < G_N_ELEMENTS (blocks); i++)
    blocks[i] = malloc (32 + (i % 4) * 16);
  /* (what other threads freed into fastbins before is still there; it can only shrink) */
  before = mallinfo2 ().fsmblks;
  for (guint i = 0; i < G_N_ELEMENTS (blocks); i += 2)
    free (blocks[i]);
  g_assert_cmpuint (mallinfo2 ().fsmblks, <=, before);
  for (guint i = 1; i < G_N_ELEMENTS (blocks); i += 2)
    free (blocks[i]);
}
#endif

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GError) error = NULL;
  int status;

  g_test_init (&argc, &argv, NULL);

  if (!gtk_init_check ())
    {
      g_printerr ("no display: skipping the application tests\n");
      return 77;
    }

  /* the tests use the real schema (GSETTINGS_SCHEMA_DIR) with the memory backend */
  g_setenv ("GSETTINGS_BACKEND", "memory", TRUE);
  g_setenv ("LANGUAGE", "C", TRUE);
  ramo_binary = g_build_filename (g_getenv ("G_TEST_BUILDDIR"), "..", "src", "app", "ramo", NULL);

  app = ramo_application_new ();
  g_application_register (G_APPLICATION (app), NULL, &error);
  g_assert_no_error (error);
  g_assert_false (g_application_get_is_remote (G_APPLICATION (app)));
  g_application_hold (G_APPLICATION (app));

#ifdef __GLIBC__
  g_test_add_func ("/ui/app/allocator", test_allocator);
#endif
  g_test_add_func ("/ui/app/settings/window", test_settings_window);
  g_test_add_func ("/ui/app/settings/summary-config", test_settings_summary_config);
  g_test_add_func ("/ui/app/settings/roots", test_settings_roots);
  g_test_add_func ("/ui/app/preferences", test_preferences);
  g_test_add_func ("/ui/app/browser/list", test_browser);
  g_test_add_func ("/ui/app/browser/empty", test_browser_empty);
  g_test_add_func ("/ui/app/browser/2000-sessions", test_browser_many);
  g_test_add_func ("/ui/app/browser/index-matches-loader", test_index_matches_loader);
  g_test_add_func ("/ui/app/label-undo", test_label_undo);
  g_test_add_func ("/ui/app/dbus-actions", test_dbus_actions);

  status = g_test_run ();
  g_application_release (G_APPLICATION (app));
  g_clear_object (&app);
  g_free (ramo_binary);
  return status;
}

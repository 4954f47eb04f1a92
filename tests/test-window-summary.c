/* test-window-summary.c — going to another entry from the window, with branch summaries
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

#include <string.h>

#include <adwaita.h>
#include <glib/gstdio.h>

#include "ramo-window.h"
#include "ramo-test-util.h"
#include "test-llm-server.h"

/*
 * A session with two branches; the leaf is e4 (the last line):
 *
 *   e1 user: Start
 *   e2 assistant: Plan
 *     ├ e3 user: Try A → e4 assistant: A done   (leaf)
 *     └ e5 user: Try B → e6 assistant: B done
 *
 * Going to e6 leaves e3 and e4 behind. The summarizer talks to an in-process OpenAI-compatible
 * server (test-llm-server.h); the model comes from a pi settings.json in a scratch folder and
 * the server from OPENAI_BASE_URL, so the window's own configuration path is the one tested.
 */
static const char fixture[] =
  "{\"type\":\"session\",\"version\":3,\"id\":\"5e550000-0000-4000-8000-000000000001\",\"timestamp\":\"2026-01-05T10:00:00.000Z\",\"cwd\":\"/tmp/proj\"}\n"
  "{\"type\":\"message\",\"id\":\"e0000001\",\"parentId\":null,\"timestamp\":\"2026-01-05T10:00:01.000Z\",\"message\":{\"role\":\"user\",\"content\":\"Start\",\"timestamp\":1}}\n"
  "{\"type\":\"message\",\"id\":\"e0000002\",\"parentId\":\"e0000001\",\"timestamp\":\"2026-01-05T10:00:02.000Z\",\"message\":{\"role\":\"assistant\",\"provider\":\"openai\",\"model\":\"m\",\"content\":[{\"type\":\"text\",\"text\":\"Plan\"}],\"stopReason\":\"stop\",\"timestamp\":2}}\n"
  "{\"type\":\"message\",\"id\":\"e0000005\",\"parentId\":\"e0000002\",\"timestamp\":\"2026-01-05T10:00:03.000Z\",\"message\":{\"role\":\"user\",\"content\":\"Try B\",\"timestamp\":3}}\n"
  "{\"type\":\"message\",\"id\":\"e0000006\",\"parentId\":\"e0000005\",\"timestamp\":\"2026-01-05T10:00:04.000Z\",\"message\":{\"role\":\"assistant\",\"provider\":\"openai\",\"model\":\"m\",\"content\":[{\"type\":\"text\",\"text\":\"B done\"}],\"stopReason\":\"stop\",\"timestamp\":4}}\n"
  "{\"type\":\"message\",\"id\":\"e0000003\",\"parentId\":\"e0000002\",\"timestamp\":\"2026-01-05T10:00:05.000Z\",\"message\":{\"role\":\"user\",\"content\":\"Try A\",\"timestamp\":5}}\n"
  "{\"type\":\"message\",\"id\":\"e0000004\",\"parentId\":\"e0000003\",\"timestamp\":\"2026-01-05T10:00:06.000Z\",\"message\":{\"role\":\"assistant\",\"provider\":\"openai\",\"model\":\"m\",\"content\":[{\"type\":\"text\",\"text\":\"A done\"}],\"stopReason\":\"stop\",\"timestamp\":6}}\n";

#define N_LINES 7

typedef struct
{
  LlmServer  *ls;
  char       *path;
  RamoWindow *window;
} Fixture;

/* Spins until the window's navigation (and its summary) is over, at most @seconds. */
static void
wait_idle (Fixture *f,
           double   seconds)
{
  gint64 deadline = g_get_monotonic_time () + (gint64) (seconds * G_USEC_PER_SEC);

  while (ramo_window_is_busy (f->window))
    {
      g_assert_cmpint (g_get_monotonic_time (), <, deadline);
      g_main_context_iteration (NULL, FALSE);
      g_usleep (1000);
    }
  ramo_test_spin (50);
}

static guint
count_lines (const char *path)
{
  g_autofree char *contents = ramo_test_read_file (path, NULL);

  return ramo_test_count_lines (contents);
}

static JsonObject *
last_line (const char *path)
{
  g_autofree char *contents = ramo_test_read_file (path, NULL);
  g_auto(GStrv) lines = g_strsplit (contents, "\n", -1);
  guint n = g_strv_length (lines);
  g_autoptr(JsonNode) node = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_cmpuint (n, >=, 2);
  node = json_from_string (lines[n - 2], &error);
  g_assert_no_error (error);
  return json_object_ref (json_node_get_object (node));
}

static const char *
leaf_id (Fixture *f)
{
  return ramo_session_manager_get_leaf_id (ramo_window_get_manager (f->window));
}

static void
write_pi_settings (const char *json)
{
  g_autofree char *path = g_build_filename (g_getenv ("PI_CODING_AGENT_DIR"), "settings.json", NULL);
  g_autoptr(GError) error = NULL;

  g_file_set_contents (path, json, -1, &error);
  g_assert_no_error (error);
}

static void
fixture_set_up (Fixture       *f,
                gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GFile) file = NULL;
  g_autofree char *base = NULL;

  llm_isolate_environment ();
  f->ls = llm_server_new ();
  f->ls->reply_text = (g_free (f->ls->reply_text), g_strdup ("Tried A; it worked until the parser broke."));
  base = g_strdup_printf ("%s/v1", f->ls->base_url);
  g_setenv ("OPENAI_BASE_URL", base, TRUE);
  g_setenv ("OPENAI_API_KEY", "sk-test-key", TRUE);
  write_pi_settings ("{\"defaultProvider\": \"openai\", \"defaultModel\": \"test-model\"}");

  f->path = ramo_test_write_file ("session.jsonl", fixture, -1);
  f->window = g_object_ref (ramo_window_new (NULL));
  gtk_window_set_default_size (GTK_WINDOW (f->window), 1000, 700);
  file = g_file_new_for_path (f->path);
  g_assert_true (ramo_window_open_file (f->window, file, &error));
  g_assert_no_error (error);
  /* ask every time, whatever another test remembered */
  ramo_window_set_remembered_summary_choice (f->window, NULL);
  gtk_window_present (GTK_WINDOW (f->window));
  ramo_test_spin (200);
  g_assert_cmpstr (leaf_id (f), ==, "e0000004");
}

static void
fixture_tear_down (Fixture       *f,
                   gconstpointer  data)
{
  AdwMessageDialog *dialog = ramo_window_get_summary_dialog (f->window);

  if (dialog)
    gtk_window_destroy (GTK_WINDOW (dialog));
  gtk_window_destroy (GTK_WINDOW (f->window));
  g_clear_object (&f->window);
  ramo_test_spin (20);
  llm_server_free (f->ls);
  g_clear_pointer (&f->path, g_free);
}

/* Activates @id as Enter on its row does and returns the dialog that asks. */
static AdwMessageDialog *
activate_and_ask (Fixture    *f,
                  const char *id)
{
  AdwMessageDialog *dialog;

  g_action_group_activate_action (G_ACTION_GROUP (f->window), "navigate", g_variant_new_string (id));
  ramo_test_spin (50);
  dialog = ramo_window_get_summary_dialog (f->window);
  g_assert_nonnull (dialog);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (dialog)));
  return dialog;
}

static GtkWidget *
find_widget (GtkWidget *root,
             GType      type)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (root, type))
    return root;
  for (GtkWidget *child = gtk_widget_get_first_child (root); child; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_widget (child, type);

      if (found)
        return found;
    }
  return NULL;
}

/* ------------------------------------------------------------------------------------------ */

static void
test_summarize (Fixture       *f,
                gconstpointer  data)
{
  RamoSessionTree *tree = ramo_window_get_tree (f->window);
  g_autoptr(JsonObject) line = NULL;
  AdwMessageDialog *dialog;
  const char *summary_id;

  f->ls->delay_ms = 300;
  dialog = activate_and_ask (f, "e0000006");
  g_assert_true (adw_message_dialog_has_response (dialog, "none"));
  g_assert_true (adw_message_dialog_has_response (dialog, "custom"));
  g_assert_true (adw_message_dialog_get_response_enabled (dialog, "summarize"));
  g_assert_cmpstr (adw_message_dialog_get_default_response (dialog), ==, "summarize");
  g_assert_true (strstr (adw_message_dialog_get_body (dialog), "leaves 2 entries") != NULL);

  adw_message_dialog_response (dialog, "summarize");
  ramo_test_spin (100);
  g_assert_null (ramo_window_get_summary_dialog (f->window));

  /* while the server thinks: the progress bar, and nothing written yet */
  g_assert_true (ramo_window_is_busy (f->window));
  g_assert_true (ramo_window_get_summary_progress_shown (f->window));
  g_assert_false (g_action_group_get_action_enabled (G_ACTION_GROUP (f->window), "set-label"));
  g_assert_cmpuint (count_lines (f->path), ==, N_LINES);
  g_assert_cmpstr (leaf_id (f), ==, "e0000004");

  wait_idle (f, 10);
  g_assert_false (ramo_window_get_summary_progress_shown (f->window));
  g_assert_cmpuint (f->ls->n_requests, ==, 1);
  g_assert_true (strstr (f->ls->last_body, "\"test-model\"") != NULL);
  g_assert_cmpstr (f->ls->last_authorization, ==, "Bearer sk-test-key");

  /* exactly one line more: the summary, hanging off the new position */
  g_assert_cmpuint (count_lines (f->path), ==, N_LINES + 1);
  line = last_line (f->path);
  g_assert_cmpstr (json_object_get_string_member (line, "type"), ==, "branch_summary");
  g_assert_cmpstr (json_object_get_string_member (line, "parentId"), ==, "e0000006");
  /* pi 1.6.0 records the leaf that was left */
  g_assert_cmpstr (json_object_get_string_member (line, "fromId"), ==, "e0000004");
  g_assert_true (g_str_has_prefix (json_object_get_string_member (line, "summary"),
                                   "Tried A; it worked until the parser broke."));

  /* the new row is the leaf, and selected */
  summary_id = json_object_get_string_member (line, "id");
  g_assert_cmpstr (leaf_id (f), ==, summary_id);
  g_assert_cmpstr (ramo_session_tree_get_selected_id (tree), ==, summary_id);
  g_assert_nonnull (ramo_session_tree_find_row (tree, summary_id));
  g_assert_cmpstr (ramo_window_get_last_toast (f->window), ==, "Summary added at the new position");
  g_assert_true (g_action_group_get_action_enabled (G_ACTION_GROUP (f->window), "set-label"));
}

static void
test_no_summary (Fixture       *f,
                 gconstpointer  data)
{
  AdwMessageDialog *dialog = activate_and_ask (f, "e0000005");
  g_autofree char *text = NULL;

  adw_message_dialog_response (dialog, "none");
  wait_idle (f, 5);
  g_assert_cmpuint (f->ls->n_requests, ==, 0);
  g_assert_cmpuint (count_lines (f->path), ==, N_LINES);
  /* a user message: the leaf on its parent, its text in the editor */
  g_assert_cmpstr (leaf_id (f), ==, "e0000002");
  text = ramo_window_dup_composer_text (f->window);
  g_assert_cmpstr (text, ==, "Try B");
  /* not remembered: the next time asks again (going up leaves e2 behind) */
  g_assert_cmpstr (ramo_window_get_remembered_summary_choice (f->window), ==, "");
  activate_and_ask (f, "e0000001");
}

static void
test_cancel_dialog (Fixture       *f,
                    gconstpointer  data)
{
  AdwMessageDialog *dialog = activate_and_ask (f, "e0000006");

  /* closing the dialog (Escape) is "cancel": nothing happens */
  gtk_window_close (GTK_WINDOW (dialog));
  ramo_test_spin (100);
  g_assert_null (ramo_window_get_summary_dialog (f->window));
  g_assert_false (ramo_window_is_busy (f->window));
  g_assert_cmpstr (leaf_id (f), ==, "e0000004");
  g_assert_cmpuint (count_lines (f->path), ==, N_LINES);
}

static void
test_server_error (Fixture       *f,
                   gconstpointer  data)
{
  g_autofree char *before = ramo_test_read_file (f->path, NULL);
  g_autofree char *after = NULL;
  AdwMessageDialog *dialog;
  const char *toast;

  llm_server_fail (f->ls, 500, "the model is overloaded");
  dialog = activate_and_ask (f, "e0000006");
  adw_message_dialog_response (dialog, "summarize");
  wait_idle (f, 10);

  g_assert_cmpuint (f->ls->n_requests, ==, 1);
  after = ramo_test_read_file (f->path, NULL);
  g_assert_cmpstr (after, ==, before);
  g_assert_cmpstr (leaf_id (f), ==, "e0000004");
  toast = ramo_window_get_last_toast (f->window);
  g_assert_nonnull (toast);
  g_assert_true (g_str_has_prefix (toast, "Could not summarize the branch: "));
  g_assert_true (strstr (toast, "HTTP 500") != NULL);
  g_assert_true (strstr (toast, "the model is overloaded") != NULL);
  g_assert_true (strstr (toast, "Nothing was changed.") != NULL);
  g_assert_false (ramo_window_get_summary_progress_shown (f->window));
}

static void
test_cancel_summary (Fixture       *f,
                     gconstpointer  data)
{
  g_autofree char *before = ramo_test_read_file (f->path, NULL);
  g_autofree char *after = NULL;
  AdwMessageDialog *dialog;

  f->ls->delay_ms = 20000;
  dialog = activate_and_ask (f, "e0000006");
  adw_message_dialog_response (dialog, "summarize");
  ramo_test_spin (300);
  g_assert_true (ramo_window_is_busy (f->window));
  g_assert_cmpuint (f->ls->n_requests, ==, 1);
  g_assert_true (g_action_group_get_action_enabled (G_ACTION_GROUP (f->window), "cancel-operation"));

  /* the Cancel button and Escape both run this */
  g_action_group_activate_action (G_ACTION_GROUP (f->window), "cancel-operation", NULL);
  wait_idle (f, 5);

  after = ramo_test_read_file (f->path, NULL);
  g_assert_cmpstr (after, ==, before);
  g_assert_cmpstr (leaf_id (f), ==, "e0000004");
  g_assert_cmpstr (ramo_window_get_last_toast (f->window), ==, "Summary cancelled. Nothing was changed.");
  g_assert_false (ramo_window_get_summary_progress_shown (f->window));
}

static void
test_custom_instructions (Fixture       *f,
                          gconstpointer  data)
{
  AdwMessageDialog *dialog = activate_and_ask (f, "e0000006");
  GtkTextView *view;
  g_autoptr(JsonObject) line = NULL;

  adw_message_dialog_response (dialog, "custom");
  ramo_test_spin (50);
  dialog = ramo_window_get_summary_dialog (f->window);
  g_assert_nonnull (dialog);
  g_assert_cmpstr (adw_message_dialog_get_heading (dialog), ==, "Custom Instructions");
  view = GTK_TEXT_VIEW (find_widget (adw_message_dialog_get_extra_child (dialog), GTK_TYPE_TEXT_VIEW));
  g_assert_nonnull (view);
  gtk_text_buffer_set_text (gtk_text_view_get_buffer (view), "Focus on the parser bug.", -1);
  adw_message_dialog_response (dialog, "summarize");
  wait_idle (f, 10);

  g_assert_cmpuint (f->ls->n_requests, ==, 1);
  g_assert_true (strstr (f->ls->last_body, "Focus on the parser bug.") != NULL);
  line = last_line (f->path);
  g_assert_cmpstr (json_object_get_string_member (line, "type"), ==, "branch_summary");
}

static void
test_remember (Fixture       *f,
               gconstpointer  data)
{
  AdwMessageDialog *dialog = activate_and_ask (f, "e0000006");
  GtkCheckButton *remember;

  remember = GTK_CHECK_BUTTON (find_widget (adw_message_dialog_get_extra_child (dialog), GTK_TYPE_CHECK_BUTTON));
  g_assert_nonnull (remember);
  gtk_check_button_set_active (remember, TRUE);
  adw_message_dialog_response (dialog, "none");
  wait_idle (f, 5);
  g_assert_cmpstr (leaf_id (f), ==, "e0000006");
  g_assert_cmpstr (ramo_window_get_remembered_summary_choice (f->window), ==, "none");

  /* no dialog any more */
  g_action_group_activate_action (G_ACTION_GROUP (f->window), "navigate", g_variant_new_string ("e0000004"));
  ramo_test_spin (50);
  g_assert_null (ramo_window_get_summary_dialog (f->window));
  wait_idle (f, 5);
  g_assert_cmpstr (leaf_id (f), ==, "e0000004");

  /* "summarize" remembered: straight to the summary */
  ramo_window_set_remembered_summary_choice (f->window, "summarize");
  g_action_group_activate_action (G_ACTION_GROUP (f->window), "navigate", g_variant_new_string ("e0000006"));
  ramo_test_spin (50);
  g_assert_null (ramo_window_get_summary_dialog (f->window));
  wait_idle (f, 10);
  g_assert_cmpuint (f->ls->n_requests, ==, 1);
  g_assert_cmpuint (count_lines (f->path), ==, N_LINES + 1);
}

static void
test_nothing_left_behind (Fixture       *f,
                          gconstpointer  data)
{
  /* from e4 to its ancestor's other child: asks; to the leaf's own descendant: cannot happen
   * here, so go up first without a summary */
  ramo_window_set_remembered_summary_choice (f->window, "none");
  g_action_group_activate_action (G_ACTION_GROUP (f->window), "navigate", g_variant_new_string ("e0000002"));
  wait_idle (f, 5);
  g_assert_cmpstr (leaf_id (f), ==, "e0000002");
  ramo_window_set_remembered_summary_choice (f->window, NULL);

  /* the leaf is on the way to e6: nothing to summarize, no question */
  g_action_group_activate_action (G_ACTION_GROUP (f->window), "navigate", g_variant_new_string ("e0000006"));
  ramo_test_spin (50);
  g_assert_null (ramo_window_get_summary_dialog (f->window));
  wait_idle (f, 5);
  g_assert_cmpstr (leaf_id (f), ==, "e0000006");

  /* the leaf itself: nothing */
  g_action_group_activate_action (G_ACTION_GROUP (f->window), "navigate", g_variant_new_string ("e0000006"));
  ramo_test_spin (50);
  g_assert_null (ramo_window_get_summary_dialog (f->window));
  g_assert_cmpstr (ramo_window_get_last_toast (f->window), ==, "Already at this entry");
}

static void
test_no_model (Fixture       *f,
               gconstpointer  data)
{
  AdwMessageDialog *dialog;

  g_unsetenv ("OPENAI_BASE_URL");
  g_unsetenv ("OPENAI_API_KEY");
  write_pi_settings ("{}");

  dialog = activate_and_ask (f, "e0000006");
  g_assert_false (adw_message_dialog_get_response_enabled (dialog, "summarize"));
  g_assert_false (adw_message_dialog_get_response_enabled (dialog, "custom"));
  g_assert_true (adw_message_dialog_get_response_enabled (dialog, "none"));
  g_assert_cmpstr (adw_message_dialog_get_default_response (dialog), ==, "none");

  /* a script asking for a summary anyway: refused at once, nothing changes */
  adw_message_dialog_response (dialog, "cancel");
  g_action_group_activate_action (G_ACTION_GROUP (f->window), "navigate-to",
                                  g_variant_new ("(sss)", "e0000006", "summarize", ""));
  wait_idle (f, 5);
  g_assert_cmpstr (leaf_id (f), ==, "e0000004");
  g_assert_cmpuint (f->ls->n_requests, ==, 0);
  g_assert_true (strstr (ramo_window_get_last_toast (f->window), "No model is configured") != NULL);
}

static void
test_branch_follows_manager (Fixture       *f,
                             gconstpointer  data)
{
  RamoAgentSession *agent = ramo_window_get_agent_session (f->window);
  RamoSessionManager *manager;
  g_autoptr(GError) error = NULL;

  g_assert_nonnull (agent);
  g_assert_true (ramo_agent_session_get_manager (agent) == ramo_window_get_manager (f->window));

  /* a first message: a new session file; the window follows the agent session's manager */
  g_assert_true (ramo_window_branch (f->window, "e0000001", &error));
  g_assert_no_error (error);
  manager = ramo_window_get_manager (f->window);
  g_assert_cmpstr (ramo_session_manager_get_path (manager), !=, f->path);
  g_assert_cmpuint (ramo_session_manager_get_n_entries (manager), ==, 0);
  g_assert_true (ramo_window_get_agent_session (f->window) == agent);
  g_assert_true (ramo_agent_session_get_manager (agent) == manager);
  g_unlink (ramo_session_manager_get_path (manager));
}

/* ------------------------------------------------------------------------------------------ */
/* With Ramo's GSettings schema (compiled into a scratch folder, in a child process)           */

static void
test_settings_child (void)
{
  Fixture fx = { 0 };
  Fixture *f = &fx;
  g_autoptr(GSettings) settings = NULL;
  g_autofree char *remembered = NULL;
  g_autofree char *base = NULL;
  AdwMessageDialog *dialog;
  GtkCheckButton *remember;

  if (!g_test_subprocess ())
    {
      g_test_skip ("run by /ui/window-summary/settings in a process of its own");
      return;
    }

  fixture_set_up (f, NULL);
  settings = g_settings_new ("io.github.ramo.Ramo");

  /* the model and the server from Ramo's settings, not from pi's */
  write_pi_settings ("{}");
  g_unsetenv ("OPENAI_BASE_URL");
  base = g_strdup_printf ("%s/v1", f->ls->base_url);
  g_settings_set_string (settings, "summary-provider", "openai");
  g_settings_set_string (settings, "summary-base-url", base);
  g_settings_set_string (settings, "summary-model", "model-from-gsettings");
  g_settings_set_string (settings, "summary-instructions", "Keep the file names.");

  dialog = activate_and_ask (f, "e0000006");
  remember = GTK_CHECK_BUTTON (find_widget (adw_message_dialog_get_extra_child (dialog), GTK_TYPE_CHECK_BUTTON));
  gtk_check_button_set_active (remember, TRUE);
  adw_message_dialog_response (dialog, "summarize");
  wait_idle (f, 10);

  g_assert_cmpuint (f->ls->n_requests, ==, 1);
  g_assert_true (strstr (f->ls->last_body, "\"model-from-gsettings\"") != NULL);
  g_assert_true (strstr (f->ls->last_body, "Keep the file names.") != NULL);
  remembered = g_settings_get_string (settings, "remembered-summary-choice");
  g_assert_cmpstr (remembered, ==, "summarize");
  g_assert_cmpstr (ramo_window_get_remembered_summary_choice (f->window), ==, "summarize");

  fixture_tear_down (f, NULL);
}

static void
test_settings (void)
{
  const char *source_dir = g_getenv ("RAMO_SOURCE_DIR");
  g_autofree char *schema = g_build_filename (source_dir ? source_dir : "..", "data",
                                              "io.github.ramo.Ramo.gschema.xml", NULL);
  g_autofree char *dir = NULL;
  g_autofree char *copy = NULL;
  g_autofree char *contents = NULL;
  g_autofree char *compiler = g_find_program_in_path ("glib-compile-schemas");
  const char *argv[] = { compiler, NULL, NULL };
  int status = 0;
  g_autoptr(GError) error = NULL;

  if (compiler == NULL || !g_file_test (schema, G_FILE_TEST_IS_REGULAR))
    {
      g_test_skip ("no schema or no glib-compile-schemas");
      return;
    }

  dir = ramo_test_tmpdir ();
  copy = g_build_filename (dir, "io.github.ramo.Ramo.gschema.xml", NULL);
  contents = ramo_test_read_file (schema, NULL);
  g_file_set_contents (copy, contents, -1, &error);
  g_assert_no_error (error);
  argv[1] = dir;
  g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, NULL, NULL, &status, &error);
  g_assert_no_error (error);
  g_assert_true (g_spawn_check_wait_status (status, NULL));

  g_setenv ("GSETTINGS_SCHEMA_DIR", dir, TRUE);
  g_setenv ("GSETTINGS_BACKEND", "memory", TRUE);
  g_test_trap_subprocess ("/ui/window-summary/settings/child", 60 * G_USEC_PER_SEC, G_TEST_SUBPROCESS_INHERIT_STDERR);
  g_unsetenv ("GSETTINGS_SCHEMA_DIR");
  g_test_trap_assert_passed ();
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  (void) llm_wait_for;   /* shared helper this file does not need */

  if (!gtk_init_check ())
    {
      g_printerr ("no display: skipping the window tests\n");
      return 77;
    }
  adw_init ();

#define ADD(path, func) \
  g_test_add ("/ui/window-summary/" path, Fixture, NULL, fixture_set_up, func, fixture_tear_down)

  ADD ("summarize", test_summarize);
  ADD ("no-summary", test_no_summary);
  ADD ("cancel-dialog", test_cancel_dialog);
  ADD ("server-error", test_server_error);
  ADD ("cancel-summary", test_cancel_summary);
  ADD ("custom-instructions", test_custom_instructions);
  ADD ("remember", test_remember);
  ADD ("nothing-left-behind", test_nothing_left_behind);
  ADD ("no-model", test_no_model);
  ADD ("branch-follows-manager", test_branch_follows_manager);

#undef ADD

  g_test_add_func ("/ui/window-summary/settings", test_settings);
  g_test_add_func ("/ui/window-summary/settings/child", test_settings_child);

  return g_test_run ();
}

/* test-window-agent.c — continuing the conversation from the window: the real pi 1.6.0 driven
 * from the composer
 *
 * Copyright 2026 The Ramo authors
 *
 * This program is free software: you can redistribute it and/or modify it under the terms of the
 * GNU General Public License as published by the Free Software Foundation, either version 3 of
 * the License, or (at your option) any later version.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every test opens a copy of a session pi wrote itself (two questions, two answers) in a
 * window, types into the composer as a user does and presses Send (`win.send`); pi 1.6.0 runs in
 * its RPC mode against the loopback LLM of test-agent-util.h. What is checked is what pi wrote
 * (parents, the request the model received), what the window shows (the streamed reply, the
 * leaf, the tree) and what it says when something fails.
 */

#include "config.h"

#include <string.h>

#include <adwaita.h>
#include <glib/gstdio.h>
#include <signal.h>
#include <stdlib.h>
#include <unistd.h>

#include "ramo-window.h"
#include "ramo-window-private.h"
#include "test-agent-util.h"

typedef struct
{
  char       *path;
  RamoWindow *window;
} Fixture;

typedef gboolean (*Condition) (Fixture *f, gconstpointer data);

/* Runs the main loop until @condition holds; fails after @seconds. */
static void
wait_until (Fixture       *f,
            Condition      condition,
            gconstpointer  data,
            double         seconds,
            const char    *what)
{
  gint64 deadline = g_get_monotonic_time () + (gint64) (seconds * G_USEC_PER_SEC);

  while (!condition (f, data))
    {
      if (g_get_monotonic_time () > deadline)
        g_error ("timed out waiting for %s", what);
      g_main_context_iteration (NULL, FALSE);
      g_usleep (1000);
    }
}

static gboolean
is_idle (Fixture       *f,
         gconstpointer  data)
{
  RamoAgentProcess *agent = ramo_window_get_agent_process (f->window);

  return !ramo_window_is_busy (f->window) && agent != NULL &&
         ramo_agent_process_get_state (agent) == RAMO_AGENT_PROCESS_IDLE;
}

static gboolean
is_streaming (Fixture       *f,
              gconstpointer  data)
{
  return agent_env.llm->holding &&
         strstr (ramo_composer_get_reply_text (ramo_window_get_composer (f->window)), data) != NULL;
}

static gboolean
has_error (Fixture       *f,
           gconstpointer  data)
{
  return ramo_composer_get_error_text (ramo_window_get_composer (f->window))[0] != '\0' &&
         !ramo_window_is_busy (f->window);
}

static gboolean
leaf_is (Fixture       *f,
         gconstpointer  data)
{
  return g_strcmp0 (ramo_session_manager_get_leaf_id (ramo_window_get_manager (f->window)), data) == 0;
}

static gboolean
file_exists (Fixture       *f,
             gconstpointer  data)
{
  return g_file_test (data, G_FILE_TEST_EXISTS);
}

static void
fixture_set_up (Fixture       *f,
                gconstpointer  data)
{
  g_autoptr(GFile) file = NULL;
  g_autoptr(GError) error = NULL;

  f->path = agent_test_copy_base ();
  f->window = g_object_ref (ramo_window_new (NULL));
  gtk_window_set_default_size (GTK_WINDOW (f->window), 1000, 700);
  file = g_file_new_for_path (f->path);
  g_assert_true (ramo_window_open_file (f->window, file, &error));
  g_assert_no_error (error);
  ramo_window_set_remembered_summary_choice (f->window, "none");
  gtk_window_present (GTK_WINDOW (f->window));
  ramo_test_spin (100);
  /* pi's file ends with the last answer; oh-my-pi's with the `session_exit` it wrote closing */
  if (ramo_session_manager_get_dialect (ramo_window_get_manager (f->window)) == RAMO_DIALECT_PI)
    g_assert_cmpstr (ramo_session_manager_get_leaf_id (ramo_window_get_manager (f->window)), ==, base_session.answer2);
}

static void
fixture_tear_down (Fixture       *f,
                   gconstpointer  data)
{
  gtk_window_destroy (GTK_WINDOW (f->window));
  g_clear_object (&f->window);
  ramo_test_spin (50);
  fake_llm_reset (agent_env.llm);
  g_clear_pointer (&f->path, g_free);
}

/* Types @text at the end of the editor, as the user would. */
static void
type (Fixture    *f,
      const char *text)
{
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (ramo_composer_get_text_view (ramo_window_get_composer (f->window)));
  GtkTextIter end;

  gtk_text_buffer_get_end_iter (buffer, &end);
  gtk_text_buffer_insert_interactive (buffer, &end, text, -1, TRUE);
}

static void
activate (Fixture    *f,
          const char *name,
          GVariant   *param)
{
  g_assert_true (g_action_group_get_action_enabled (G_ACTION_GROUP (f->window), name));
  g_action_group_activate_action (G_ACTION_GROUP (f->window), name, param);
}

static void
send_and_wait (Fixture    *f,
               const char *what)
{
  activate (f, "send", NULL);
  wait_until (f, is_idle, NULL, 60, what);
  ramo_test_spin (50);
}

/* Send from the leaf: pi is started, writes the message under the leaf and the reply under
 * it; the reply streamed into the composer, and the window's leaf and selection follow. */
static void
test_send (Fixture       *f,
           gconstpointer  data)
{
  g_autoptr(GPtrArray) entries = NULL;
  g_autofree char *editor = NULL;
  g_autofree char *request = NULL;
  g_autofree char *answer_id = NULL;
  JsonObject *user, *answer;
  RamoComposer *composer = ramo_window_get_composer (f->window);

  g_assert_null (ramo_window_get_agent_process (f->window));
  fake_llm_reply (agent_env.llm, -1, "Third ", "answer.", NULL);
  type (f, "Third question");
  send_and_wait (f, "the reply");

  editor = ramo_window_dup_composer_text (f->window);
  g_assert_cmpstr (editor, ==, "");
  g_assert_cmpstr (ramo_composer_get_reply_text (composer), ==, "Third answer.");
  g_assert_true (ramo_composer_get_reply_shown (composer));
  g_assert_cmpstr (ramo_composer_get_error_text (composer), ==, "");

  entries = agent_test_read_entries (f->path);
  user = agent_test_last_message (entries, "user", 0);
  answer = agent_test_last_message (entries, "assistant", 0);
  agent_test_assert_text (user, "Third question");
  agent_test_assert_text (answer, "Third answer.");
  g_assert_cmpstr (agent_test_parent (user), ==, base_session.answer2);
  g_assert_cmpstr (agent_test_parent (answer), ==, json_object_get_string_member (user, "id"));

  /* the model saw the whole path */
  request = fake_request_text (fake_llm_request (agent_env.llm, 0));
  g_assert_nonnull (strstr (request, "First question"));
  g_assert_nonnull (strstr (request, "Second answer."));
  g_assert_nonnull (strstr (request, "Third question"));

  /* the window read what pi wrote: the new entries in the tree, the leaf and selection on them */
  wait_until (f, leaf_is, json_object_get_string_member (answer, "id"), 10, "the leaf to follow pi");
  g_assert_cmpstr (ramo_session_tree_get_selected_id (ramo_window_get_tree (f->window)), ==,
                   json_object_get_string_member (answer, "id"));
  g_assert_nonnull (ramo_session_tree_find_row (ramo_window_get_tree (f->window), json_object_get_string_member (answer, "id")));

  /* the agent stays attached: the next Send goes on from the new leaf */
  answer_id = g_strdup (json_object_get_string_member (answer, "id"));
  fake_llm_reply (agent_env.llm, -1, "Fourth answer.", NULL);
  type (f, "Fourth question");
  send_and_wait (f, "the second reply");
  g_clear_pointer (&entries, g_ptr_array_unref);
  entries = agent_test_read_entries (f->path);
  g_assert_cmpstr (agent_test_parent (agent_test_last_message (entries, "user", 0)), ==, answer_id);
}

/* Going to a user message (before the agent runs) puts its text into the editor and the leaf on
 * its parent; the edited text, sent, becomes the message's sibling, as in pi's /tree. */
static void
test_from_user_message (Fixture       *f,
                        gconstpointer  data)
{
  g_autoptr(GPtrArray) entries = NULL;
  g_autofree char *editor = NULL;
  g_autofree char *request = NULL;
  JsonObject *user;

  activate (f, "navigate", g_variant_new_string (base_session.user2));
  ramo_test_spin (50);
  g_assert_cmpstr (ramo_session_manager_get_leaf_id (ramo_window_get_manager (f->window)), ==, base_session.answer1);
  editor = ramo_window_dup_composer_text (f->window);
  g_assert_cmpstr (editor, ==, "Second question");

  type (f, ", asked again");
  fake_llm_reply (agent_env.llm, -1, "Another second answer.", NULL);
  send_and_wait (f, "the reply");

  entries = agent_test_read_entries (f->path);
  user = agent_test_last_message (entries, "user", 0);
  agent_test_assert_text (user, "Second question, asked again");
  g_assert_cmpstr (agent_test_parent (user), ==, base_session.answer1);
  request = fake_request_text (fake_llm_request (agent_env.llm, 0));
  g_assert_null (strstr (request, "Second answer."));
  g_assert_nonnull (strstr (request, "First answer."));
}

/* The editor keeps what the user typed: going to a user message then only offers its text. */
static void
test_keeps_typed_text (Fixture       *f,
                       gconstpointer  data)
{
  g_autofree char *editor = NULL;

  type (f, "my own draft");
  activate (f, "navigate", g_variant_new_string (base_session.user2));
  ramo_test_spin (50);
  g_assert_cmpstr (ramo_session_manager_get_leaf_id (ramo_window_get_manager (f->window)), ==, base_session.answer1);
  editor = ramo_window_dup_composer_text (f->window);
  g_assert_cmpstr (editor, ==, "my own draft");
  g_assert_cmpstr (ramo_window_get_last_toast (f->window), ==, "Your text is kept in the editor");

  /* text Ramo put there and the user left alone is replaced by the next move */
  ramo_window_set_composer_text (f->window, NULL);
  activate (f, "navigate", g_variant_new_string (base_session.user2));
  ramo_test_spin (50);
  g_clear_pointer (&editor, g_free);
  editor = ramo_window_dup_composer_text (f->window);
  g_assert_cmpstr (editor, ==, "Second question");
  activate (f, "navigate", g_variant_new_string (base_session.user1));
  ramo_test_spin (50);
  g_clear_pointer (&editor, g_free);
  editor = ramo_window_dup_composer_text (f->window);
  g_assert_cmpstr (editor, ==, "First question");
}

/* Stop aborts the reply mid-stream: what streamed was shown, pi records the turn as aborted,
 * the file stays whole and the agent takes the next message. Send steers while it answers. */
static void
test_stop_and_steer (Fixture       *f,
                     gconstpointer  data)
{
  g_autoptr(GPtrArray) entries = NULL;
  g_autofree char *request = NULL;
  RamoComposer *composer = ramo_window_get_composer (f->window);
  JsonObject *answer;

  fake_llm_reply (agent_env.llm, 1, "Once upon", " a time", NULL);
  type (f, "Tell me a long story");
  activate (f, "send", NULL);
  wait_until (f, is_streaming, "Once upon", 60, "the first piece of the reply");
  g_assert_true (g_action_group_get_action_enabled (G_ACTION_GROUP (f->window), "stop"));

  activate (f, "stop", NULL);
  wait_until (f, is_idle, NULL, 30, "the run to end");
  fake_llm_release (agent_env.llm);
  ramo_test_spin (50);

  entries = agent_test_read_entries (f->path);
  answer = agent_test_last_message (entries, "assistant", 0);
  g_assert_cmpstr (json_object_get_string_member (json_object_get_object_member (answer, "message"), "stopReason"), ==, "aborted");
  g_assert_cmpstr (ramo_composer_get_reply_text (composer), ==, "Once upon");

  /* while it answers, Send steers: the message reaches the model before the run ends */
  fake_llm_reset (agent_env.llm);
  fake_llm_reply (agent_env.llm, 1, "Working", " on it.", NULL);
  fake_llm_reply (agent_env.llm, -1, "Steered.", NULL);
  type (f, "Start over");
  activate (f, "send", NULL);
  wait_until (f, is_streaming, "Working", 60, "the reply to start");
  g_action_group_activate_action (G_ACTION_GROUP (f->window), "busy-send", g_variant_new_string ("steer"));
  type (f, "Make it short");
  activate (f, "send", NULL);
  ramo_test_spin (300);
  fake_llm_release (agent_env.llm);
  wait_until (f, is_idle, NULL, 60, "the steered run to end");
  ramo_test_spin (50);

  g_clear_pointer (&entries, g_ptr_array_unref);
  entries = agent_test_read_entries (f->path);
  agent_test_assert_text (agent_test_last_message (entries, "user", 0), "Make it short");
  agent_test_assert_text (agent_test_last_message (entries, "assistant", 0), "Steered.");
  request = fake_request_text (fake_llm_request (agent_env.llm, 1));
  g_assert_nonnull (strstr (request, "Make it short"));
}

/* The provider's refusal is shown in the agent's words; the file stays whole. */
static void
test_agent_error (Fixture       *f,
                  gconstpointer  data)
{
  g_autoptr(GPtrArray) entries = NULL;
  const char *shown;

  fake_llm_fail (agent_env.llm, 401, "Incorrect API key provided: not-a-r***key");
  type (f, "Hello?");
  activate (f, "send", NULL);
  wait_until (f, has_error, NULL, 60, "the error");
  shown = ramo_composer_get_error_text (ramo_window_get_composer (f->window));
  g_assert_nonnull (strstr (shown, "Incorrect API key provided"));
  entries = agent_test_read_entries (f->path);
  g_assert_cmpuint (entries->len, >, 5);
}

/* Kills (SIGKILL) the test's child processes: the agent (its command line is no help: pi sets
 * its process title). Returns how many. */
static guint
kill_agent (void)
{
  g_autoptr(GDir) proc = g_dir_open ("/proc", 0, NULL);
  const char *name;
  guint n = 0;

  while (proc && (name = g_dir_read_name (proc)))
    {
      g_autofree char *stat_path = g_build_filename ("/proc", name, "stat", NULL);
      g_autofree char *stat = NULL;
      const char *after_name;

      if (!g_ascii_isdigit (name[0]) || !g_file_get_contents (stat_path, &stat, NULL, NULL))
        continue;
      /* pid (comm) state ppid … */
      after_name = strrchr (stat, ')');
      if (after_name && atoi (after_name + 4) == getpid () && kill (atoi (name), SIGKILL) == 0)
        n++;
    }
  return n;
}

/* The agent crashes mid-reply: the window says so with the agent's last words and a way
 * forward (Restart), the file stays whole, and the next Send starts the agent again. A
 * follow-up sent during a run waits for the run's end. */
static void
test_crash_and_follow_up (Fixture       *f,
                          gconstpointer  data)
{
  g_autoptr(GPtrArray) entries = NULL;
  g_autofree char *request = NULL;
  const char *shown;

  fake_llm_reply (agent_env.llm, 1, "Half", " an answer", NULL);
  type (f, "Crash, please");
  activate (f, "send", NULL);
  wait_until (f, is_streaming, "Half", 60, "the reply to start");
  g_assert_cmpuint (kill_agent (), ==, 1);
  wait_until (f, has_error, NULL, 30, "the crash to be reported");
  fake_llm_release (agent_env.llm);
  shown = ramo_composer_get_error_text (ramo_window_get_composer (f->window));
  g_assert_nonnull (strstr (shown, "pi stopped"));
  g_assert_null (ramo_window_get_agent_process (f->window));
  entries = agent_test_read_entries (f->path);      /* every line whole */
  agent_test_assert_text (agent_test_last_message (entries, "user", 0), "Crash, please");

  /* Send starts it again; a follow-up sent meanwhile comes after the run */
  fake_llm_reset (agent_env.llm);
  fake_llm_reply (agent_env.llm, 1, "Back", " again.", NULL);
  fake_llm_reply (agent_env.llm, -1, "And the follow-up.", NULL);
  type (f, "Are you back?");
  activate (f, "send", NULL);
  wait_until (f, is_streaming, "Back", 60, "the restarted agent's reply");
  g_action_group_activate_action (G_ACTION_GROUP (f->window), "busy-send", g_variant_new_string ("follow-up"));
  ramo_test_spin (50);
  type (f, "One more thing");
  activate (f, "send", NULL);
  ramo_test_spin (300);
  fake_llm_release (agent_env.llm);
  wait_until (f, is_idle, NULL, 60, "the run with its follow-up");
  ramo_test_spin (50);
  g_clear_pointer (&entries, g_ptr_array_unref);
  entries = agent_test_read_entries (f->path);
  agent_test_assert_text (agent_test_last_message (entries, "assistant", 1), "Back again.");
  agent_test_assert_text (agent_test_last_message (entries, "user", 0), "One more thing");
  agent_test_assert_text (agent_test_last_message (entries, "assistant", 0), "And the follow-up.");
  request = fake_request_text (fake_llm_request (agent_env.llm, 1));
  g_assert_nonnull (strstr (request, "Back again."));
}

/* An agent that is not installed: the error names it and the way forward, the text typed comes
 * back, and the file is not touched. */
static void
test_not_installed (Fixture       *f,
                    gconstpointer  data)
{
  g_autofree char *before = ramo_test_read_file (f->path, NULL);
  g_autofree char *after = NULL;
  g_autofree char *editor = NULL;
  g_autofree char *missing = g_build_filename (agent_env.root, "no such pi", NULL);
  g_autofree char *quoted = g_shell_quote (missing);
  const char *shown;

  g_setenv ("RAMO_PI_COMMAND", quoted, TRUE);
  type (f, "Is anyone there?");
  activate (f, "send", NULL);
  wait_until (f, has_error, NULL, 30, "the error");
  g_setenv ("RAMO_PI_COMMAND", agent_env.pi_command, TRUE);

  shown = ramo_composer_get_error_text (ramo_window_get_composer (f->window));
  g_assert_nonnull (strstr (shown, "RAMO_PI_COMMAND"));
  g_assert_nonnull (strstr (shown, missing));
  editor = ramo_window_dup_composer_text (f->window);
  g_assert_cmpstr (editor, ==, "Is anyone there?");
  g_assert_null (ramo_window_get_agent_process (f->window));
  after = ramo_test_read_file (f->path, NULL);
  g_assert_cmpstr (after, ==, before);
}

/* The command set in Preferences starts the agent when the environment names none, before
 * PATH. */
static void
test_preferences_command (Fixture       *f,
                          gconstpointer  data)
{
  g_autoptr(GSettings) settings = g_settings_new ("io.github.ramo.Ramo");
  g_autoptr(GPtrArray) entries = NULL;
  g_autofree char *old_path = g_strdup (g_getenv ("PATH"));

  g_unsetenv ("RAMO_PI_COMMAND");
  g_setenv ("PATH", "/nonexistent", TRUE);
  g_settings_set_string (settings, "pi-command", agent_env.pi_command);
  fake_llm_reply (agent_env.llm, -1, "Configured.", NULL);
  type (f, "Through Preferences");
  send_and_wait (f, "the reply");
  g_settings_reset (settings, "pi-command");
  g_setenv ("PATH", old_path, TRUE);
  g_setenv ("RAMO_PI_COMMAND", agent_env.pi_command, TRUE);

  entries = agent_test_read_entries (f->path);
  agent_test_assert_text (agent_test_last_message (entries, "assistant", 0), "Configured.");
  /* pi came from the preferences' command: its node, its cli.js (PATH held no pi) */
  g_assert_true (g_str_has_suffix (ramo_agent_process_get_argv (ramo_window_get_agent_process (f->window))[1], "cli.js"));
}

static void
start_agent (Fixture *f)
{
  activate (f, "agent-start", NULL);
  wait_until (f, is_idle, NULL, 60, "pi to start");
}

static gboolean
has_models (Fixture       *f,
            gconstpointer  data)
{
  return ramo_composer_get_model_index (ramo_window_get_composer (f->window)) >= 0;
}

/* The model list is pi's own; the one picked is the one pi answers with next. */
static void
test_models (Fixture       *f,
             gconstpointer  data)
{
  RamoComposer *composer = ramo_window_get_composer (f->window);
  GtkDropDown *dropdown = NULL;
  GListModel *names;
  g_autoptr(JsonObject) state = NULL;
  AgentWait wait = { 0 };
  JsonObject *request;

  start_agent (f);
  wait_until (f, has_models, NULL, 30, "the model list");
  for (GtkWidget *w = gtk_widget_get_first_child (GTK_WIDGET (composer)); w && !dropdown; )
    {
      /* depth-first search for the dropdown named Model */
      GtkWidget *next = gtk_widget_get_first_child (w);

      if (GTK_IS_DROP_DOWN (w) && gtk_drop_down_get_enable_search (GTK_DROP_DOWN (w)))
        dropdown = GTK_DROP_DOWN (w);
      while (next == NULL && w != GTK_WIDGET (composer))
        {
          next = gtk_widget_get_next_sibling (w);
          if (next == NULL)
            w = gtk_widget_get_parent (w);
        }
      w = next;
    }
  g_assert_nonnull (dropdown);
  names = gtk_drop_down_get_model (dropdown);
  g_assert_cmpuint (g_list_model_get_n_items (names), ==, 2);
  g_assert_cmpstr (gtk_string_list_get_string (GTK_STRING_LIST (names), 0), ==, "Fake model (ramo-test)");
  g_assert_cmpstr (gtk_string_list_get_string (GTK_STRING_LIST (names), 1), ==, "Other model (ramo-test)");
  g_assert_cmpint (ramo_composer_get_model_index (composer), ==, 0);

  gtk_drop_down_set_selected (dropdown, 1);
  ramo_test_spin (300);
  ramo_agent_process_query_state_async (ramo_window_get_agent_process (f->window), NULL, agent_wait_cb, &wait);
  state = ramo_agent_process_query_state_finish (ramo_window_get_agent_process (f->window), agent_wait (&wait, "the state"), NULL);
  g_object_unref (wait.result);
  g_assert_cmpstr (json_object_get_string_member (json_object_get_object_member (state, "model"), "id"), ==, "other-model");

  fake_llm_reply (agent_env.llm, -1, "From the other model.", NULL);
  type (f, "Which model?");
  send_and_wait (f, "the reply");
  request = fake_llm_request (agent_env.llm, 0);
  g_assert_cmpstr (json_object_get_string_member (request, "model"), ==, "other-model");
}

/* While pi is attached it is the only writer: a label from the window is pi's (pi's own
 * entries hold it), and a move with a summary is summarized by pi with its model. */
static void
test_agent_writes (Fixture       *f,
                   gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) entries = NULL;
  g_autoptr(JsonNode) pi_entries = NULL;
  g_autoptr(RamoTreeOptions) options = ramo_tree_options_new ();
  g_autofree char *listed = NULL;
  g_autofree char *request = NULL;
  AgentWait wait = { 0 };
  JsonObject *label = NULL, *summary = NULL;

  start_agent (f);
  g_assert_true (ramo_window_set_label (f->window, base_session.user1, "  via pi ", &error));
  g_assert_no_error (error);
  ramo_test_spin (1500);
  g_assert_cmpstr (ramo_session_manager_get_label (ramo_window_get_manager (f->window), base_session.user1), ==, "via pi");

  /* pi knows the label: it wrote it (Ramo writing behind its back would not reach its memory) */
  ramo_agent_process_call_async (ramo_window_get_agent_process (f->window), "get_entries", NULL, NULL, agent_wait_cb, &wait);
  pi_entries = ramo_agent_process_call_finish (ramo_window_get_agent_process (f->window), agent_wait (&wait, "pi's entries"), &error);
  g_object_unref (wait.result);
  g_assert_no_error (error);
  listed = json_to_string (pi_entries, FALSE);
  g_assert_nonnull (strstr (listed, "\"label\":\"via pi\""));

  /* clearing it offers Undo, and both go through pi */
  g_assert_true (ramo_window_set_label (f->window, base_session.user1, "", &error));
  g_assert_no_error (error);
  ramo_test_spin (1000);
  g_assert_null (ramo_session_manager_get_label (ramo_window_get_manager (f->window), base_session.user1));
  g_assert_cmpstr (ramo_window_get_last_toast (f->window), ==, "Label cleared");
  g_assert_true (_ramo_window_activate_label_undo (f->window));
  ramo_test_spin (1000);
  g_assert_cmpstr (ramo_session_manager_get_label (ramo_window_get_manager (f->window), base_session.user1), ==, "via pi");

  /* a move with a summary: pi's summarizer, pi's model */
  fake_llm_reply (agent_env.llm, -1, "The user asked a second question; it was answered.", NULL);
  options->summarize = TRUE;
  g_assert_true (ramo_window_navigate (f->window, base_session.answer1, options, &error));
  g_assert_no_error (error);
  wait_until (f, is_idle, NULL, 60, "the summary");
  ramo_test_spin (300);

  entries = agent_test_read_entries (f->path);
  for (guint i = 0; i < entries->len; i++)
    {
      JsonObject *entry = g_ptr_array_index (entries, i);
      const char *type_name = json_object_get_string_member (entry, "type");

      if (g_strcmp0 (type_name, "label") == 0)
        label = entry;
      else if (g_strcmp0 (type_name, "branch_summary") == 0)
        summary = entry;
    }
  g_assert_nonnull (label);
  g_assert_cmpstr (json_object_get_string_member (label, "targetId"), ==, base_session.user1);
  g_assert_nonnull (summary);
  g_assert_cmpstr (agent_test_parent (summary), ==, base_session.answer1);
  g_assert_nonnull (strstr (json_object_get_string_member (summary, "summary"), "The user asked a second question"));
  request = fake_request_text (fake_llm_request (agent_env.llm, 0));
  g_assert_nonnull (strstr (request, "Second question"));
  wait_until (f, leaf_is, json_object_get_string_member (summary, "id"), 10, "the leaf on the summary");
}

/* A move with a summary, pi not running yet: pi is started for it and writes the summary with
 * its own summarizer and model (Ramo's own summarizer is only for when no agent can run). */
static void
test_summary_starts_agent (Fixture       *f,
                           gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) entries = NULL;
  g_autoptr(RamoTreeOptions) options = ramo_tree_options_new ();
  JsonObject *summary = NULL;

  g_assert_null (ramo_window_get_agent_process (f->window));
  fake_llm_reply (agent_env.llm, -1, "Summary by pi.", NULL);
  options->summarize = TRUE;
  g_assert_true (ramo_window_navigate (f->window, base_session.answer1, options, &error));
  g_assert_no_error (error);
  wait_until (f, is_idle, NULL, 60, "pi to start and summarize");
  ramo_test_spin (300);

  entries = agent_test_read_entries (f->path);
  for (guint i = 0; i < entries->len; i++)
    if (g_strcmp0 (json_object_get_string_member (g_ptr_array_index (entries, i), "type"), "branch_summary") == 0)
      summary = g_ptr_array_index (entries, i);
  g_assert_nonnull (summary);
  g_assert_true (g_str_has_suffix (json_object_get_string_member (summary, "summary"), "Summary by pi."));
  g_assert_nonnull (ramo_window_get_agent_process (f->window));    /* pi wrote it, and stays */
  g_assert_cmpstr (agent_test_parent (summary), ==, base_session.answer1);
  g_assert_true (fake_llm_has_requests (agent_env.llm, 1));
  wait_until (f, leaf_is, json_object_get_string_member (summary, "id"), 10, "the leaf on pi's summary");
}

/* Branch while pi is attached: pi writes the new session and switches to it; the window
 * follows, with pi still attached, and the message's text in the editor. */
static void
test_branch (Fixture       *f,
             gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) entries = NULL;
  g_autofree char *editor = NULL;
  const char *new_path;

  start_agent (f);
  g_assert_true (ramo_window_branch (f->window, base_session.user2, &error));
  g_assert_no_error (error);
  wait_until (f, is_idle, NULL, 60, "the branch");
  ramo_test_spin (500);

  new_path = ramo_session_manager_get_path (ramo_window_get_manager (f->window));
  g_assert_cmpstr (new_path, !=, f->path);
  entries = agent_test_read_entries (new_path);
  g_assert_nonnull (agent_test_find (entries, base_session.answer1));
  g_assert_null (agent_test_find (entries, base_session.user2));
  editor = ramo_window_dup_composer_text (f->window);
  g_assert_cmpstr (editor, ==, "Second question");
  g_assert_nonnull (ramo_window_get_agent_process (f->window));

  /* Send goes on in the new session */
  fake_llm_reply (agent_env.llm, -1, "In the branch.", NULL);
  send_and_wait (f, "the reply in the branch");
  g_clear_pointer (&entries, g_ptr_array_unref);
  entries = agent_test_read_entries (new_path);
  agent_test_assert_text (agent_test_last_message (entries, "assistant", 0), "In the branch.");
  g_assert_cmpstr (agent_test_parent (agent_test_last_message (entries, "user", 0)), ==, base_session.answer1);
}

/* Open in Terminal runs pi's own interface on the file, at the selected entry, in the
 * session's folder, in the terminal RAMO_TERMINAL names, once the pi attached to the window
 * has let go of the file. */
static void
test_open_in_terminal (Fixture       *f,
                       gconstpointer  data)
{
  g_autofree char *dir = ramo_test_tmpdir ();
  g_autofree char *script = g_build_filename (dir, "terminal", NULL);
  g_autofree char *record = g_build_filename (dir, "argv", NULL);
  g_autofree char *contents = NULL;
  g_autofree char *terminal = NULL;
  g_autofree char *body = g_strdup_printf ("#!/bin/sh\npwd > '%s.tmp'\nfor a in \"$@\"; do printf '%%s\\n' \"$a\"; done >> '%s.tmp'\nmv '%s.tmp' '%s'\n",
                                           record, record, record, record);
  g_auto(GStrv) lines = NULL;
  g_autofree char *navigate = NULL;

  agent_test_write (dir, "terminal", body);
  g_chmod (script, 0755);
  terminal = g_strdup_printf ("'%s' --", script);
  g_setenv ("RAMO_TERMINAL", terminal, TRUE);

  /* pi attached to the window lets go of the file first: one writer */
  start_agent (f);
  g_assert_true (ramo_session_tree_select_entry (ramo_window_get_tree (f->window), base_session.answer1));
  activate (f, "open-in-terminal", NULL);
  g_assert_null (ramo_window_get_agent_process (f->window));
  wait_until (f, file_exists, record, 10, "the terminal to start");
  g_unsetenv ("RAMO_TERMINAL");

  contents = ramo_test_read_file (record, NULL);
  lines = g_strsplit (contents, "\n", -1);
  g_assert_cmpstr (lines[0], ==, agent_env.project);
  g_assert_cmpstr (lines[1], ==, "--");
  g_assert_true (g_strv_contains ((const char * const *) lines, "--session"));
  g_assert_true (g_strv_contains ((const char * const *) lines, f->path));
  navigate = g_strdup_printf ("/ramo-navigate {\"target\":\"%s\"}", base_session.answer1);
  g_assert_true (g_strv_contains ((const char * const *) lines, navigate));
}

/* oh-my-pi 18.2.3 in the window: Send from the leaf and from a user message, Stop; its RPC has
 * no thinking-level list (docs/agents-today.md). */
static void
test_omp (Fixture       *f,
          gconstpointer  data)
{
  g_autoptr(GPtrArray) entries = NULL;
  RamoComposer *composer = ramo_window_get_composer (f->window);
  JsonObject *user, *answer;

  g_assert_cmpint (ramo_session_manager_get_dialect (ramo_window_get_manager (f->window)), ==, RAMO_DIALECT_OMP);
  fake_llm_reply (agent_env.llm, -1, "Third ", "answer.", NULL);
  type (f, "Third question");
  send_and_wait (f, "oh-my-pi's reply");
  g_assert_cmpstr (ramo_composer_get_reply_text (composer), ==, "Third answer.");
  entries = agent_test_read_entries (f->path);
  user = agent_test_last_message (entries, "user", 0);
  answer = agent_test_last_message (entries, "assistant", 0);
  agent_test_assert_text (user, "Third question");
  agent_test_assert_text (answer, "Third answer.");
  g_assert_cmpstr (agent_test_parent (answer), ==, json_object_get_string_member (user, "id"));
  wait_until (f, leaf_is, json_object_get_string_member (answer, "id"), 10, "the leaf to follow oh-my-pi");

  /* from a user message, while attached: oh-my-pi moves itself, the reply is a sibling */
  activate (f, "navigate", g_variant_new_string (base_session.user2));
  wait_until (f, is_idle, NULL, 30, "oh-my-pi's move");
  wait_until (f, leaf_is, base_session.answer1, 10, "the leaf on the message's parent");
  fake_llm_reply (agent_env.llm, -1, "Another second answer.", NULL);
  send_and_wait (f, "the reply from the user message");
  g_clear_pointer (&entries, g_ptr_array_unref);
  entries = agent_test_read_entries (f->path);
  user = agent_test_last_message (entries, "user", 0);
  agent_test_assert_text (user, "Second question");
  g_assert_cmpstr (agent_test_parent (user), ==, base_session.answer1);

  /* Stop mid-stream */
  fake_llm_reply (agent_env.llm, 1, "Once upon", " a time", NULL);
  type (f, "Tell me a long story");
  activate (f, "send", NULL);
  wait_until (f, is_streaming, "Once upon", 60, "the first piece");
  activate (f, "stop", NULL);
  wait_until (f, is_idle, NULL, 30, "the run to end");
  fake_llm_release (agent_env.llm);
  ramo_test_spin (100);
  g_clear_pointer (&entries, g_ptr_array_unref);
  entries = agent_test_read_entries (f->path);
  answer = agent_test_last_message (entries, "assistant", 0);
  g_assert_cmpstr (json_object_get_string_member (json_object_get_object_member (answer, "message"), "stopReason"), ==, "aborted");
}

/* A session whose folder is gone: Send says so (the text stays in the editor, nothing starts),
 * and the way forward, Open in Terminal, runs the agent's interface from the home folder, where
 * the agent itself asks whether to continue or fork. */
static void
test_folder_gone (Fixture       *f,
                  gconstpointer  data)
{
  g_autofree char *contents = ramo_test_read_file (f->path, NULL);
  g_autofree char *quoted = g_strdup_printf ("\"cwd\":\"%s\"", agent_env.project);
  g_autoptr(GString) moved = g_string_new (contents);
  g_autofree char *dir = ramo_test_tmpdir ();
  g_autofree char *path = g_build_filename (dir, "gone.jsonl", NULL);
  g_autofree char *record = g_build_filename (dir, "argv", NULL);
  g_autofree char *body = g_strdup_printf ("#!/bin/sh\npwd > '%s.tmp'\nmv '%s.tmp' '%s'\n", record, record, record);
  g_autofree char *script = g_build_filename (dir, "terminal", NULL);
  g_autofree char *editor = NULL;
  g_autofree char *where = NULL;
  g_autoptr(GFile) file = NULL;
  g_autoptr(GError) error = NULL;
  const char *shown;

  g_assert_nonnull (strstr (contents, quoted));
  g_string_replace (moved, quoted, "\"cwd\":\"/nonexistent/project\"", 1);
  g_file_set_contents (path, moved->str, -1, &error);
  g_assert_no_error (error);
  file = g_file_new_for_path (path);
  g_assert_true (ramo_window_open_file (f->window, file, &error));
  g_assert_no_error (error);
  ramo_test_spin (100);

  type (f, "Still there?");
  activate (f, "send", NULL);
  ramo_test_spin (50);
  shown = ramo_composer_get_error_text (ramo_window_get_composer (f->window));
  g_assert_nonnull (strstr (shown, "/nonexistent/project"));
  editor = ramo_window_dup_composer_text (f->window);
  g_assert_cmpstr (editor, ==, "Still there?");
  g_assert_null (ramo_window_get_agent_process (f->window));

  agent_test_write (dir, "terminal", body);
  g_chmod (script, 0755);
  g_setenv ("RAMO_TERMINAL", script, TRUE);
  activate (f, "open-in-terminal", NULL);
  wait_until (f, file_exists, record, 10, "the terminal to start");
  g_unsetenv ("RAMO_TERMINAL");
  where = ramo_test_read_file (record, NULL);
  g_strchomp (where);
  g_assert_cmpstr (where, ==, g_get_home_dir ());
}

int
main (int    argc,
      char **argv)
{
  gboolean omp = argc > 1 && g_strcmp0 (argv[argc - 1], "--omp") == 0;

  if (omp)
    argc--;
  g_test_init (&argc, &argv, NULL);
  gtk_disable_setlocale ();
  if (omp ? !agent_test_setup_omp () : !agent_test_setup ())
    {
      g_test_skip ("the agent is not installed (tests/compat/install-agents.sh)");
      return g_test_run ();
    }
  gtk_init ();
  adw_init ();
  agent_test_make_base_session_for (omp ? RAMO_DIALECT_OMP : RAMO_DIALECT_PI);

#define ADD(path, func) g_test_add (path, Fixture, NULL, fixture_set_up, func, fixture_tear_down)
  if (omp)
    {
      ADD ("/window/agent/omp", test_omp);
      return g_test_run ();
    }
  ADD ("/window/agent/send", test_send);
  ADD ("/window/agent/from-user-message", test_from_user_message);
  ADD ("/window/agent/keeps-typed-text", test_keeps_typed_text);
  ADD ("/window/agent/stop-and-steer", test_stop_and_steer);
  ADD ("/window/agent/agent-error", test_agent_error);
  ADD ("/window/agent/crash-and-follow-up", test_crash_and_follow_up);
  ADD ("/window/agent/not-installed", test_not_installed);
  ADD ("/window/agent/preferences-command", test_preferences_command);
  ADD ("/window/agent/models", test_models);
  ADD ("/window/agent/agent-writes", test_agent_writes);
  ADD ("/window/agent/summary-starts-agent", test_summary_starts_agent);
  ADD ("/window/agent/branch", test_branch);
  ADD ("/window/agent/open-in-terminal", test_open_in_terminal);
  ADD ("/window/agent/folder-gone", test_folder_gone);
#undef ADD

  return g_test_run ();
}

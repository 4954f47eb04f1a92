/* test-agent-omp.c — RamoAgentProcess and `ramo-session continue` driving the real oh-my-pi
 * 18.2.3 over its RPC mode
 *
 * Copyright 2026 The Ramo authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * oh-my-pi runs for real on its bun (tests/compat/install-agents.sh) against the loopback LLM of
 * test-agent-util.h, configured through its own models.yml and config.yml. What its RPC mode
 * does differently from pi's is in docs/agents-today.md ("Driving the agents"). Skipped (77)
 * when oh-my-pi is not installed.
 */

#include "config.h"

#include "test-agent-util.h"

static void
text_delta_cb (RamoAgentProcess *agent,
               guint             index,
               const char       *delta,
               GString          *text)
{
  g_string_append (text, delta);
}

static void
cancel_cb (RamoAgentProcess *agent,
           guint             index,
           const char       *delta,
           GCancellable     *cancellable)
{
  g_cancellable_cancel (cancellable);
}

/* A prompt streams and waits for the run's end; the message follows the file's last entry
 * (oh-my-pi resumes there: the `session_exit` entry it wrote as it last closed). */
static void
test_prompt_streams (void)
{
  g_autofree char *path = NULL;
  g_autoptr(RamoAgentProcess) agent = agent_test_start_on_copy (RAMO_DIALECT_OMP, &path);
  g_autoptr(GString) text = g_string_new (NULL);
  g_autoptr(GPtrArray) before = agent_test_read_entries (path);
  g_autoptr(GPtrArray) entries = NULL;
  g_autofree char *answer = NULL;
  g_auto(GStrv) sent = NULL;
  JsonObject *user;
  guint n;

  g_signal_connect (agent, "text-delta", G_CALLBACK (text_delta_cb), text);
  fake_llm_reply (agent_env.llm, -1, "Hel", "lo from ", "omp.", NULL);
  agent_test_prompt (agent, "Third question");
  g_assert_cmpstr (text->str, ==, "Hello from omp.");
  g_assert_cmpint (ramo_agent_process_get_state (agent), ==, RAMO_AGENT_PROCESS_IDLE);

  entries = agent_test_read_entries (path);
  user = agent_test_last_message (entries, "user", 0);
  answer = agent_test_text (agent_test_last_message (entries, "assistant", 0));
  agent_test_assert_text (user, "Third question");
  g_assert_cmpstr (agent_test_parent (user), ==,
                   json_object_get_string_member (g_ptr_array_index (before, before->len - 1), "id"));
  g_assert_cmpstr (answer, ==, "Hello from omp.");

  sent = fake_request_messages (fake_llm_request (agent_env.llm, 0));
  n = g_strv_length (sent);
  g_assert_cmpuint (n, >=, 5);
  g_assert_cmpstr (sent[n - 1], ==, "user: Third question");
  g_assert_cmpstr (sent[n - 2], ==, "assistant: Second answer.");

  agent_test_stop (agent);
  fake_llm_reset (agent_env.llm);
}

static void
test_navigate (void)
{
  g_autofree char *path = NULL;
  g_autoptr(RamoAgentProcess) agent = agent_test_start_on_copy (RAMO_DIALECT_OMP, &path);
  g_autoptr(RamoTreeResult) moved = NULL;
  g_autoptr(GPtrArray) entries = NULL;
  g_autoptr(GError) error = NULL;

  moved = agent_test_navigate (agent, base_session.user1, NULL, &error);
  g_assert_no_error (error);
  entries = agent_test_read_entries (path);
  g_assert_cmpstr (moved->new_leaf_id, ==, agent_test_parent (agent_test_find (entries, base_session.user1)));
  g_clear_pointer (&entries, g_ptr_array_unref);

  fake_llm_reply (agent_env.llm, -1, "Again.", NULL);
  agent_test_prompt (agent, "First, again");
  entries = agent_test_read_entries (path);
  g_assert_cmpstr (agent_test_parent (agent_test_last_message (entries, "user", 0)), ==,
                   agent_test_parent (agent_test_find (entries, base_session.user1)));

  g_clear_pointer (&moved, ramo_tree_result_free);
  moved = agent_test_navigate (agent, "no-such-entry", NULL, &error);
  g_assert_error (error, RAMO_AGENT_ERROR, RAMO_AGENT_ERROR_REPORTED);
  g_assert_nonnull (strstr (error->message, "no-such-entry"));
  g_clear_error (&error);

  /* its extensions' moves take no summary instructions */
  {
    g_autoptr(RamoTreeOptions) options = ramo_tree_options_new ();

    options->summarize = TRUE;
    options->custom_instructions = g_strdup ("Be brief");
    g_assert_null (agent_test_navigate (agent, base_session.answer1, options, &error));
    g_assert_error (error, RAMO_AGENT_ERROR, RAMO_AGENT_ERROR_UNSUPPORTED);
  }

  agent_test_stop (agent);
  fake_llm_reset (agent_env.llm);
}

/* oh-my-pi's summarizer writes the branch summary (its `fromId` is the branch point); the
 * label, which its extensions' moves drop, is set on that summary by Ramo's extension. */
static void
test_navigate_with_summary_and_label (void)
{
  g_autofree char *path = NULL;
  g_autoptr(RamoAgentProcess) agent = agent_test_start_on_copy (RAMO_DIALECT_OMP, &path);
  g_autoptr(RamoTreeOptions) options = ramo_tree_options_new ();
  g_autoptr(RamoTreeResult) moved = NULL;
  g_autoptr(GPtrArray) entries = NULL;
  g_autoptr(GError) error = NULL;
  JsonObject *summary, *label;

  options->summarize = TRUE;
  options->label = g_strdup ("after \"the\" summary");
  fake_llm_reply (agent_env.llm, -1, "They asked ", "twice.", NULL);
  moved = agent_test_navigate (agent, base_session.answer1, options, &error);
  g_assert_no_error (error);
  g_assert_nonnull (moved->summary_entry_id);
  g_assert_nonnull (moved->label_entry_id);

  entries = agent_test_read_entries (path);
  summary = agent_test_find (entries, moved->summary_entry_id);
  g_assert_cmpstr (json_object_get_string_member (summary, "type"), ==, "branch_summary");
  g_assert_cmpstr (agent_test_parent (summary), ==, base_session.answer1);
  g_assert_true (g_str_has_suffix (json_object_get_string_member (summary, "summary"), "They asked twice."));
  label = agent_test_find (entries, moved->label_entry_id);
  g_assert_cmpstr (json_object_get_string_member (label, "targetId"), ==, moved->summary_entry_id);
  g_assert_cmpstr (json_object_get_string_member (label, "label"), ==, "after \"the\" summary");

  agent_test_stop (agent);
  fake_llm_reset (agent_env.llm);
}

static void
test_label (void)
{
  g_autofree char *path = NULL;
  g_autoptr(RamoAgentProcess) agent = agent_test_start_on_copy (RAMO_DIALECT_OMP, &path);
  AgentWait wait = { 0 };
  g_autoptr(GError) error = NULL;
  g_autofree char *entry_id = NULL;
  g_autoptr(GPtrArray) entries = NULL;
  JsonObject *label;

  ramo_agent_process_set_label_async (agent, base_session.user2, "a 'label'", NULL, agent_wait_cb, &wait);
  g_assert_true (ramo_agent_process_set_label_finish (agent, agent_wait (&wait, "a label"), &entry_id, &error));
  g_clear_object (&wait.result);
  wait.done = FALSE;
  g_assert_no_error (error);

  ramo_agent_process_set_label_async (agent, "no-such-entry", "x", NULL, agent_wait_cb, &wait);
  g_assert_false (ramo_agent_process_set_label_finish (agent, agent_wait (&wait, "a label"), NULL, &error));
  g_clear_object (&wait.result);
  g_assert_error (error, RAMO_AGENT_ERROR, RAMO_AGENT_ERROR_REPORTED);
  g_assert_cmpstr (error->message, ==, "Entry no-such-entry not found");

  entries = agent_test_read_entries (path);
  label = agent_test_find (entries, entry_id);
  g_assert_cmpstr (json_object_get_string_member (label, "targetId"), ==, base_session.user2);
  g_assert_cmpstr (json_object_get_string_member (label, "label"), ==, "a 'label'");

  agent_test_stop (agent);
}

static void
test_abort_and_error (void)
{
  g_autofree char *path = NULL;
  g_autoptr(RamoAgentProcess) agent = agent_test_start_on_copy (RAMO_DIALECT_OMP, &path);
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GPtrArray) entries = NULL;
  g_autoptr(GError) error = NULL;
  AgentWait wait = { 0 };
  gulong handler;
  JsonObject *answer;

  handler = g_signal_connect (agent, "text-delta", G_CALLBACK (cancel_cb), cancellable);
  fake_llm_reply (agent_env.llm, 1, "Partial", " never sent", NULL);
  ramo_agent_process_prompt_async (agent, "A long story", RAMO_AGENT_BUSY_REJECT, cancellable,
                                   agent_wait_cb, &wait);
  g_assert_false (ramo_agent_process_prompt_finish (agent, agent_wait (&wait, "the aborted prompt"), NULL, &error));
  g_clear_object (&wait.result);
  wait.done = FALSE;
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_clear_error (&error);
  g_signal_handler_disconnect (agent, handler);
  g_assert_cmpint (ramo_agent_process_get_state (agent), ==, RAMO_AGENT_PROCESS_IDLE);
  entries = agent_test_read_entries (path);
  answer = agent_test_last_message (entries, "assistant", 0);
  g_assert_cmpstr (json_object_get_string_member (json_object_get_object_member (answer, "message"), "stopReason"), ==, "aborted");
  fake_llm_release (agent_env.llm);

  fake_llm_fail (agent_env.llm, 401, "Invalid API key for the test");
  ramo_agent_process_prompt_async (agent, "Hello?", RAMO_AGENT_BUSY_REJECT, NULL, agent_wait_cb, &wait);
  g_assert_false (ramo_agent_process_prompt_finish (agent, agent_wait (&wait, "the failing prompt"), NULL, &error));
  g_clear_object (&wait.result);
  g_assert_error (error, RAMO_AGENT_ERROR, RAMO_AGENT_ERROR_REPORTED);
  g_assert_nonnull (strstr (error->message, "Invalid API key for the test"));

  agent_test_stop (agent);
  fake_llm_reset (agent_env.llm);
}

/* `ramo-session continue` picks oh-my-pi for a file oh-my-pi wrote (its dialect). The LLM
 * answers in this process, so the command runs without blocking the main loop. */
static void
test_continue (void)
{
  g_autofree char *path = agent_test_copy_base ();
  g_autoptr(GSubprocess) process = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) entries = NULL;
  g_autofree char *out = NULL;
  AgentWait wait = { 0 };

  if (g_getenv ("RAMO_SESSION_EXE") == NULL)
    {
      g_test_skip ("RAMO_SESSION_EXE is not set");
      return;
    }
  fake_llm_reply (agent_env.llm, -1, "From ", "oh-my-pi.", NULL);
  process = g_subprocess_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE, &error, g_getenv ("RAMO_SESSION_EXE"),
                              "continue", path, "--from", base_session.answer1, "Other question", NULL);
  g_assert_no_error (error);
  g_subprocess_communicate_utf8_async (process, NULL, NULL, agent_wait_cb, &wait);
  g_assert_true (g_subprocess_communicate_utf8_finish (process, agent_wait (&wait, "ramo-session"),
                                                       &out, NULL, &error));
  g_object_unref (wait.result);
  g_assert_no_error (error);
  g_subprocess_wait (process, NULL, NULL);
  g_assert_cmpint (g_subprocess_get_exit_status (process), ==, 0);
  g_assert_cmpstr (out, ==, "From oh-my-pi.\n");
  entries = agent_test_read_entries (path);
  g_assert_cmpstr (agent_test_parent (agent_test_last_message (entries, "user", 0)), ==, base_session.answer1);
  fake_llm_reset (agent_env.llm);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  if (!agent_test_setup_omp ())
    {
      g_printerr ("oh-my-pi 18.2.3 is not installed (tests/compat/install-agents.sh): skipped\n");
      return 77;
    }
  agent_test_make_base_session_for (RAMO_DIALECT_OMP);

  g_test_add_func ("/agent/omp/prompt-streams", test_prompt_streams);
  g_test_add_func ("/agent/omp/navigate", test_navigate);
  g_test_add_func ("/agent/omp/navigate-with-summary-and-label", test_navigate_with_summary_and_label);
  g_test_add_func ("/agent/omp/label", test_label);
  g_test_add_func ("/agent/omp/abort-and-error", test_abort_and_error);
  g_test_add_func ("/agent/omp/continue", test_continue);

  return g_test_run ();
}

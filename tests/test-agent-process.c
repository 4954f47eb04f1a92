/* test-agent-process.c — RamoAgentProcess driving the real pi 1.6.0 over its RPC mode
 *
 * Copyright 2026 The Ramo authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * pi runs for real (tests/compat/install-agents.sh installs it) against the loopback LLM of
 * test-agent-util.h; every check reads what pi wrote into the session file and what the LLM
 * was sent. The program is skipped (77) when pi is not installed.
 */

#define _GNU_SOURCE   /* posix_openpt() */

#include "config.h"

#include <fcntl.h>
#include <stdlib.h>
#include <unistd.h>

#include <gio/gunixinputstream.h>

#include "test-agent-util.h"

/* ---------------------------------------------------------------------------------------- */
/* what a run streams                                                                        */

typedef struct
{
  GString  *text;
  guint     n_deltas;
  guint     n_started;
  guint     n_settled;
  gboolean  aborted;
  guint     n_errors;
  char     *last_error;
  char    **follow_up;
  GCancellable *cancel_on_delta;
  gboolean  release_on_queue;
} Recorder;

static void
text_delta_cb (RamoAgentProcess *agent,
               guint             index,
               const char       *delta,
               Recorder         *recorder)
{
  g_string_append (recorder->text, delta);
  recorder->n_deltas++;
  if (recorder->cancel_on_delta != NULL)
    g_cancellable_cancel (recorder->cancel_on_delta);
}

static void
agent_start_cb (RamoAgentProcess *agent,
                Recorder         *recorder)
{
  recorder->n_started++;
  g_assert_cmpint (ramo_agent_process_get_state (agent), ==, RAMO_AGENT_PROCESS_BUSY);
}

static void
agent_settled_cb (RamoAgentProcess *agent,
                  gboolean          aborted,
                  Recorder         *recorder)
{
  recorder->n_settled++;
  recorder->aborted = aborted;
}

static void
agent_error_cb (RamoAgentProcess *agent,
                const GError     *error,
                Recorder         *recorder)
{
  g_assert_error (error, RAMO_AGENT_ERROR, RAMO_AGENT_ERROR_REPORTED);
  recorder->n_errors++;
  g_free (recorder->last_error);
  recorder->last_error = g_strdup (error->message);
}

static void
queue_changed_cb (RamoAgentProcess *agent,
                  char            **steering,
                  char            **follow_up,
                  Recorder         *recorder)
{
  g_strfreev (recorder->follow_up);
  recorder->follow_up = g_strdupv (follow_up);
  if (recorder->release_on_queue && g_strv_length (follow_up) > 0)
    {
      recorder->release_on_queue = FALSE;
      fake_llm_release (agent_env.llm);
    }
}

static void
recorder_connect (Recorder         *recorder,
                  RamoAgentProcess *agent)
{
  recorder->text = g_string_new (NULL);
  g_signal_connect (agent, "text-delta", G_CALLBACK (text_delta_cb), recorder);
  g_signal_connect (agent, "agent-start", G_CALLBACK (agent_start_cb), recorder);
  g_signal_connect (agent, "agent-settled", G_CALLBACK (agent_settled_cb), recorder);
  g_signal_connect (agent, "agent-error", G_CALLBACK (agent_error_cb), recorder);
  g_signal_connect (agent, "queue-changed", G_CALLBACK (queue_changed_cb), recorder);
}

static void
recorder_clear (Recorder *recorder)
{
  g_string_free (recorder->text, TRUE);
  g_free (recorder->last_error);
  g_strfreev (recorder->follow_up);
}

/* ---------------------------------------------------------------------------------------- */

static void
test_start_and_state (void)
{
  g_autofree char *path = NULL;
  g_autoptr(RamoAgentProcess) agent = agent_test_start_on_copy (RAMO_DIALECT_PI, &path);
  g_autofree char *extension = ramo_agent_command_find_extension (NULL);
  const char * const *argv = ramo_agent_process_get_argv (agent);
  AgentWait wait = { 0 };
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonObject) state = NULL;
  g_autoptr(JsonArray) models = NULL;
  g_autoptr(JsonObject) model = NULL;
  g_autofree char *canonical = g_canonicalize_filename (path, NULL);
  guint n;

  g_assert_cmpint (ramo_agent_process_get_state (agent), ==, RAMO_AGENT_PROCESS_IDLE);
  /* pi's command line: the command, then --mode rpc --session FILE -e EXT */
  n = g_strv_length ((char **) argv);
  g_assert_cmpuint (n, ==, 8);
  g_assert_cmpstr (argv[2], ==, "--mode");
  g_assert_cmpstr (argv[3], ==, "rpc");
  g_assert_cmpstr (argv[4], ==, "--session");
  g_assert_cmpstr (argv[5], ==, canonical);
  g_assert_cmpstr (argv[6], ==, "-e");
  g_assert_cmpstr (argv[7], ==, extension);
  g_assert_true (g_str_has_suffix (extension, "/agent/ramo-extension.js"));

  ramo_agent_process_query_state_async (agent, NULL, agent_wait_cb, &wait);
  state = ramo_agent_process_query_state_finish (agent, agent_wait (&wait, "get_state"), &error);
  g_clear_object (&wait.result);
  wait.done = FALSE;
  g_assert_no_error (error);
  g_assert_cmpstr (json_object_get_string_member (state, "sessionFile"), ==, canonical);
  g_assert_cmpstr (json_object_get_string_member (json_object_get_object_member (state, "model"), "provider"), ==, "ramo-test");
  g_assert_cmpstr (json_object_get_string_member (json_object_get_object_member (state, "model"), "id"), ==, "fake-model");
  g_assert_false (json_object_get_boolean_member (state, "isStreaming"));

  ramo_agent_process_get_available_models_async (agent, NULL, agent_wait_cb, &wait);
  models = ramo_agent_process_get_available_models_finish (agent, agent_wait (&wait, "models"), &error);
  g_clear_object (&wait.result);
  wait.done = FALSE;
  g_assert_no_error (error);
  g_assert_cmpuint (json_array_get_length (models), ==, 2);

  ramo_agent_process_set_model_async (agent, "ramo-test", "other-model", NULL, agent_wait_cb, &wait);
  model = ramo_agent_process_set_model_finish (agent, agent_wait (&wait, "set_model"), &error);
  g_clear_object (&wait.result);
  wait.done = FALSE;
  g_assert_no_error (error);
  g_assert_cmpstr (json_object_get_string_member (model, "id"), ==, "other-model");

  /* the agent's own words for a model it does not have */
  ramo_agent_process_set_model_async (agent, "ramo-test", "no-such-model", NULL, agent_wait_cb, &wait);
  g_assert_null (ramo_agent_process_set_model_finish (agent, agent_wait (&wait, "set_model"), &error));
  g_clear_object (&wait.result);
  wait.done = FALSE;
  g_assert_error (error, RAMO_AGENT_ERROR, RAMO_AGENT_ERROR_REPORTED);
  g_assert_cmpstr (error->message, ==, "Model not found: ramo-test/no-such-model");
  g_clear_error (&error);

  ramo_agent_process_set_thinking_level_async (agent, "off", NULL, agent_wait_cb, &wait);
  g_assert_true (ramo_agent_process_set_thinking_level_finish (agent, agent_wait (&wait, "thinking"), &error));
  g_clear_object (&wait.result);
  g_assert_no_error (error);

  agent_test_stop (agent);

  /* pi recorded the model change in the session (its rule, not Ramo's) */
  {
    g_autoptr(GPtrArray) entries = agent_test_read_entries (path);
    JsonObject *last = g_ptr_array_index (entries, entries->len - 1);
    gboolean found = FALSE;

    for (guint i = 0; i < entries->len; i++)
      {
        JsonObject *entry = g_ptr_array_index (entries, i);

        found |= g_strcmp0 (json_object_get_string_member (entry, "type"), "model_change") == 0 &&
                 g_strcmp0 (json_object_get_string_member_with_default (entry, "modelId", ""), "other-model") == 0;
      }
    g_assert_true (found);
    g_assert_nonnull (last);
  }
}

static void
test_prompt_streams (void)
{
  g_autofree char *path = NULL;
  g_autoptr(RamoAgentProcess) agent = agent_test_start_on_copy (RAMO_DIALECT_PI, &path);
  Recorder recorder = { 0 };
  g_autoptr(GPtrArray) entries = NULL;
  g_auto(GStrv) sent = NULL;
  JsonObject *user, *answer;
  g_autofree char *answer_text = NULL;
  RamoAgentDisposition disposition = RAMO_AGENT_DISPOSITION_QUEUED;
  AgentWait wait = { 0 };
  g_autoptr(GError) error = NULL;

  recorder_connect (&recorder, agent);
  fake_llm_reply (agent_env.llm, -1, "Hel", "lo, ", "wor", "ld \"quoted\"\n", "é ✓", NULL);
  ramo_agent_process_prompt_async (agent, "Third question, with \"quotes\"\nand a newline",
                                   RAMO_AGENT_BUSY_REJECT, NULL, agent_wait_cb, &wait);
  g_assert_true (ramo_agent_process_prompt_finish (agent, agent_wait (&wait, "the prompt"),
                                                   &disposition, &error));
  g_object_unref (wait.result);
  g_assert_no_error (error);
  g_assert_cmpint (disposition, ==, RAMO_AGENT_DISPOSITION_STARTED);

  /* the deltas in order, one per piece, and the run once */
  g_assert_cmpstr (recorder.text->str, ==, "Hello, world \"quoted\"\né ✓");
  g_assert_cmpuint (recorder.n_deltas, ==, 5);
  g_assert_cmpuint (recorder.n_started, ==, 1);
  g_assert_cmpuint (recorder.n_settled, ==, 1);
  g_assert_false (recorder.aborted);
  g_assert_cmpuint (recorder.n_errors, ==, 0);
  g_assert_cmpint (ramo_agent_process_get_state (agent), ==, RAMO_AGENT_PROCESS_IDLE);

  /* what pi wrote: the message after the leaf (the second answer), the reply after it */
  entries = agent_test_read_entries (path);
  user = agent_test_last_message (entries, "user", 0);
  answer = agent_test_last_message (entries, "assistant", 0);
  answer_text = agent_test_text (answer);
  g_assert_cmpstr (agent_test_parent (user), ==, base_session.answer2);
  g_assert_cmpstr (agent_test_parent (answer), ==, json_object_get_string_member (user, "id"));
  g_assert_cmpstr (answer_text, ==, "Hello, world \"quoted\"\né ✓");

  /* what the model was sent: the whole path and the new message, streamed */
  g_assert_cmpuint (agent_env.llm->requests->len, ==, 1);
  g_assert_true (json_object_get_boolean_member (fake_llm_request (agent_env.llm, 0), "stream"));
  g_assert_cmpstr (json_object_get_string_member (fake_llm_request (agent_env.llm, 0), "model"), ==, "fake-model");
  sent = fake_request_messages (fake_llm_request (agent_env.llm, 0));
  g_assert_cmpuint (g_strv_length (sent), ==, 5);
  g_assert_cmpstr (sent[0], ==, "user: First question");
  g_assert_cmpstr (sent[1], ==, "assistant: First answer.");
  g_assert_cmpstr (sent[2], ==, "user: Second question");
  g_assert_cmpstr (sent[3], ==, "assistant: Second answer.");
  g_assert_cmpstr (sent[4], ==, "user: Third question, with \"quotes\"\nand a newline");

  agent_test_stop (agent);
  recorder_clear (&recorder);
  fake_llm_reset (agent_env.llm);
}

/* From a user message the leaf goes to its parent: the next message is its sibling. */
static void
test_navigate_user_message (void)
{
  g_autofree char *path = NULL;
  g_autoptr(RamoAgentProcess) agent = agent_test_start_on_copy (RAMO_DIALECT_PI, &path);
  g_autofree char *before = ramo_test_read_file (path, NULL);
  g_autofree char *after = NULL;
  g_autoptr(RamoTreeResult) moved = NULL;
  g_autoptr(GPtrArray) entries = NULL;
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) sent = NULL;
  JsonObject *user;

  moved = agent_test_navigate (agent, base_session.user1, NULL, &error);
  g_assert_no_error (error);
  entries = agent_test_read_entries (path);
  g_assert_cmpstr (moved->old_leaf_id, ==, base_session.answer2);
  g_assert_cmpstr (moved->new_leaf_id, ==, agent_test_parent (agent_test_find (entries, base_session.user1)));
  g_assert_true (moved->changed);
  g_assert_null (moved->summary_entry_id);
  g_assert_null (moved->label_entry_id);
  /* a move without summary or label is the agent's alone: nothing written */
  after = ramo_test_read_file (path, NULL);
  g_assert_cmpstr (after, ==, before);
  g_clear_pointer (&entries, g_ptr_array_unref);

  fake_llm_reply (agent_env.llm, -1, "Another first answer.", NULL);
  agent_test_prompt (agent, "First question, again");
  entries = agent_test_read_entries (path);
  user = agent_test_last_message (entries, "user", 0);
  g_assert_cmpstr (agent_test_parent (user), ==,
                   agent_test_parent (agent_test_find (entries, base_session.user1)));
  g_assert_cmpstr (json_object_get_string_member (user, "id"), !=, base_session.user1);

  /* the model saw none of the branch left */
  sent = fake_request_messages (fake_llm_request (agent_env.llm, 0));
  g_assert_cmpuint (g_strv_length (sent), ==, 1);
  g_assert_cmpstr (sent[0], ==, "user: First question, again");

  agent_test_stop (agent);
  fake_llm_reset (agent_env.llm);
}

/* From an assistant message the leaf is that message: the next message is its child. */
static void
test_navigate_assistant_message (void)
{
  g_autofree char *path = NULL;
  g_autoptr(RamoAgentProcess) agent = agent_test_start_on_copy (RAMO_DIALECT_PI, &path);
  g_autoptr(RamoTreeResult) moved = NULL;
  g_autoptr(GPtrArray) entries = NULL;
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) sent = NULL;

  moved = agent_test_navigate (agent, base_session.answer1, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (moved->new_leaf_id, ==, base_session.answer1);

  fake_llm_reply (agent_env.llm, -1, "A second answer, again.", NULL);
  agent_test_prompt (agent, "Another second question");
  entries = agent_test_read_entries (path);
  g_assert_cmpstr (agent_test_parent (agent_test_last_message (entries, "user", 0)), ==, base_session.answer1);

  sent = fake_request_messages (fake_llm_request (agent_env.llm, 0));
  g_assert_cmpuint (g_strv_length (sent), ==, 3);
  g_assert_cmpstr (sent[1], ==, "assistant: First answer.");
  g_assert_cmpstr (sent[2], ==, "user: Another second question");

  /* the agent's words for an entry it does not have */
  g_clear_pointer (&moved, ramo_tree_result_free);
  moved = agent_test_navigate (agent, "no-such-entry", NULL, &error);
  g_assert_null (moved);
  g_assert_error (error, RAMO_AGENT_ERROR, RAMO_AGENT_ERROR_REPORTED);
  g_assert_cmpstr (error->message, ==, "Entry no-such-entry not found");

  agent_test_stop (agent);
  fake_llm_reset (agent_env.llm);
}

/* With a summary, pi's summarizer asks the model (with the instructions) and writes the
 * branch summary at the new leaf; the next message follows it. */
static void
test_navigate_with_summary (void)
{
  g_autofree char *path = NULL;
  g_autoptr(RamoAgentProcess) agent = agent_test_start_on_copy (RAMO_DIALECT_PI, &path);
  g_autoptr(RamoTreeOptions) options = ramo_tree_options_new ();
  g_autoptr(RamoTreeResult) moved = NULL;
  g_autoptr(GPtrArray) entries = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *summary_request = NULL;
  g_autofree char *joined = NULL;
  g_auto(GStrv) sent = NULL;
  JsonObject *summary, *label;
  const char *label_text = "a \"label\" with spaces";

  options->summarize = TRUE;
  options->custom_instructions = g_strdup ("Mention the \"weather\" twice.\nThen stop.");
  options->label = g_strdup (label_text);
  fake_llm_reply (agent_env.llm, -1, "They asked ", "two questions.", NULL);
  moved = agent_test_navigate (agent, base_session.answer1, options, &error);
  g_assert_no_error (error);
  g_assert_nonnull (moved->summary_entry_id);
  g_assert_nonnull (moved->label_entry_id);

  /* the summarizer's request carried the instructions and the branch left */
  g_assert_cmpuint (agent_env.llm->requests->len, ==, 1);
  summary_request = fake_request_text (fake_llm_request (agent_env.llm, 0));
  g_assert_nonnull (strstr (summary_request, "Mention the \"weather\" twice.\nThen stop."));
  g_assert_nonnull (strstr (summary_request, "Second question"));

  entries = agent_test_read_entries (path);
  summary = agent_test_find (entries, moved->summary_entry_id);
  g_assert_cmpstr (json_object_get_string_member (summary, "type"), ==, "branch_summary");
  g_assert_cmpstr (agent_test_parent (summary), ==, base_session.answer1);
  g_assert_true (g_str_has_suffix (json_object_get_string_member (summary, "summary"), "They asked two questions."));
  g_assert_cmpstr (json_object_get_string_member (summary, "fromId"), ==, base_session.answer2);
  label = agent_test_find (entries, moved->label_entry_id);
  g_assert_cmpstr (json_object_get_string_member (label, "targetId"), ==, moved->summary_entry_id);
  g_assert_cmpstr (json_object_get_string_member (label, "label"), ==, label_text);

  fake_llm_reply (agent_env.llm, -1, "After the summary.", NULL);
  agent_test_prompt (agent, "Go on");
  g_clear_pointer (&entries, g_ptr_array_unref);
  entries = agent_test_read_entries (path);
  g_assert_cmpstr (agent_test_parent (agent_test_last_message (entries, "user", 0)), ==, moved->new_leaf_id);
  sent = fake_request_messages (fake_llm_request (agent_env.llm, 1));
  joined = g_strjoinv ("\n", sent);
  g_assert_nonnull (strstr (joined, "They asked two questions."));

  agent_test_stop (agent);
  fake_llm_reset (agent_env.llm);
}

static void
test_label (void)
{
  g_autofree char *path = NULL;
  g_autoptr(RamoAgentProcess) agent = agent_test_start_on_copy (RAMO_DIALECT_PI, &path);
  const char *text = "it's \"done\" { } \\ /ramo-label";
  AgentWait wait = { 0 };
  g_autoptr(GError) error = NULL;
  g_autofree char *entry_id = NULL;
  g_autofree char *cleared_id = NULL;
  g_autoptr(GPtrArray) entries = NULL;
  JsonObject *label;

  ramo_agent_process_set_label_async (agent, base_session.user2, text, NULL, agent_wait_cb, &wait);
  g_assert_true (ramo_agent_process_set_label_finish (agent, agent_wait (&wait, "a label"), &entry_id, &error));
  g_clear_object (&wait.result);
  wait.done = FALSE;
  g_assert_no_error (error);

  ramo_agent_process_set_label_async (agent, base_session.user2, NULL, NULL, agent_wait_cb, &wait);
  g_assert_true (ramo_agent_process_set_label_finish (agent, agent_wait (&wait, "a label"), &cleared_id, &error));
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
  g_assert_cmpstr (json_object_get_string_member (label, "type"), ==, "label");
  g_assert_cmpstr (json_object_get_string_member (label, "targetId"), ==, base_session.user2);
  g_assert_cmpstr (json_object_get_string_member (label, "label"), ==, text);
  label = agent_test_find (entries, cleared_id);
  g_assert_cmpstr (json_object_get_string_member (label, "targetId"), ==, base_session.user2);
  g_assert_false (json_object_has_member (label, "label"));

  agent_test_stop (agent);
}

/* Cancelling the prompt mid-stream aborts the run: pi writes the aborted turn, the file stays
 * whole, the agent goes on. */
static void
test_abort_mid_stream (void)
{
  g_autofree char *path = NULL;
  g_autoptr(RamoAgentProcess) agent = agent_test_start_on_copy (RAMO_DIALECT_PI, &path);
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  Recorder recorder = { 0 };
  AgentWait wait = { 0 };
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) entries = NULL;
  JsonObject *answer;

  recorder_connect (&recorder, agent);
  recorder.cancel_on_delta = cancellable;
  fake_llm_reply (agent_env.llm, 1, "Partial", " never sent", NULL);
  ramo_agent_process_prompt_async (agent, "Tell me a long story", RAMO_AGENT_BUSY_REJECT,
                                   cancellable, agent_wait_cb, &wait);
  g_assert_false (ramo_agent_process_prompt_finish (agent, agent_wait (&wait, "the aborted prompt"), NULL, &error));
  g_clear_object (&wait.result);
  wait.done = FALSE;
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_clear_error (&error);
  g_assert_cmpstr (recorder.text->str, ==, "Partial");
  g_assert_true (recorder.aborted);
  g_assert_cmpint (ramo_agent_process_get_state (agent), ==, RAMO_AGENT_PROCESS_IDLE);
  /* pi hung up on the stream it aborted (the server sees it as it writes the rest) */
  fake_llm_release (agent_env.llm);
  agent_test_wait_flag (&agent_env.llm->closed, 10, "pi to close the aborted stream");
  g_assert_cmpuint (agent_env.llm->n_closed, ==, 1);

  entries = agent_test_read_entries (path);
  answer = agent_test_last_message (entries, "assistant", 0);
  g_assert_cmpstr (json_object_get_string_member (json_object_get_object_member (answer, "message"), "stopReason"), ==, "aborted");
  agent_test_assert_text (agent_test_last_message (entries, "user", 0), "Tell me a long story");

  /* still usable */
  recorder.cancel_on_delta = NULL;
  fake_llm_reply (agent_env.llm, -1, "Short one.", NULL);
  agent_test_prompt (agent, "A short one then");
  agent_test_stop (agent);
  recorder_clear (&recorder);
  fake_llm_reset (agent_env.llm);
}

/* A follow-up sent during the run is queued and answered in the same run. */
static void
test_follow_up (void)
{
  g_autofree char *path = NULL;
  g_autoptr(RamoAgentProcess) agent = agent_test_start_on_copy (RAMO_DIALECT_PI, &path);
  Recorder recorder = { 0 };
  AgentWait wait = { 0 }, queued = { 0 };
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) entries = NULL;
  RamoAgentDisposition disposition = RAMO_AGENT_DISPOSITION_STARTED;
  JsonObject *follow_up;

  recorder_connect (&recorder, agent);
  recorder.release_on_queue = TRUE;
  fake_llm_reply (agent_env.llm, 1, "First part", ", second part.", NULL);
  fake_llm_reply (agent_env.llm, -1, "About the follow-up.", NULL);
  ramo_agent_process_prompt_async (agent, "Start", RAMO_AGENT_BUSY_REJECT, NULL, agent_wait_cb, &wait);
  agent_test_wait_flag (&agent_env.llm->holding, 30, "the reply to hold");
  g_assert_true (ramo_agent_process_is_busy (agent));

  ramo_agent_process_follow_up_async (agent, "And then?", NULL, agent_wait_cb, &queued);
  g_assert_true (ramo_agent_process_queue_finish (agent, agent_wait (&queued, "the follow-up"), &disposition, &error));
  g_object_unref (queued.result);
  g_assert_no_error (error);
  g_assert_cmpint (disposition, ==, RAMO_AGENT_DISPOSITION_QUEUED);

  g_assert_true (ramo_agent_process_prompt_finish (agent, agent_wait (&wait, "the run"), NULL, &error));
  g_object_unref (wait.result);
  g_assert_no_error (error);
  g_assert_cmpuint (recorder.n_settled, ==, 1);
  g_assert_cmpstr (recorder.text->str, ==, "First part, second part.About the follow-up.");
  g_assert_cmpuint (g_strv_length (recorder.follow_up), ==, 0);

  entries = agent_test_read_entries (path);
  follow_up = agent_test_last_message (entries, "user", 0);
  agent_test_assert_text (follow_up, "And then?");
  g_assert_cmpstr (agent_test_parent (follow_up), ==,
                   json_object_get_string_member (agent_test_last_message (entries, "assistant", 1), "id"));

  agent_test_stop (agent);
  recorder_clear (&recorder);
  fake_llm_reset (agent_env.llm);
}

/* The provider's refusal ends the prompt with the agent's words. */
static void
test_agent_error (void)
{
  g_autofree char *path = NULL;
  g_autoptr(RamoAgentProcess) agent = agent_test_start_on_copy (RAMO_DIALECT_PI, &path);
  Recorder recorder = { 0 };
  AgentWait wait = { 0 };
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) entries = NULL;
  JsonObject *answer;

  recorder_connect (&recorder, agent);
  fake_llm_fail (agent_env.llm, 401, "Invalid API key for the test");
  ramo_agent_process_prompt_async (agent, "Hello?", RAMO_AGENT_BUSY_REJECT, NULL, agent_wait_cb, &wait);
  g_assert_false (ramo_agent_process_prompt_finish (agent, agent_wait (&wait, "the failing prompt"), NULL, &error));
  g_clear_object (&wait.result);
  wait.done = FALSE;
  g_assert_error (error, RAMO_AGENT_ERROR, RAMO_AGENT_ERROR_REPORTED);
  g_assert_nonnull (strstr (error->message, "401"));
  g_assert_nonnull (strstr (error->message, "Invalid API key for the test"));
  g_assert_cmpuint (recorder.n_errors, ==, 1);
  g_assert_cmpstr (recorder.last_error, ==, error->message);

  /* pi wrote the failed turn with that message */
  entries = agent_test_read_entries (path);
  answer = agent_test_last_message (entries, "assistant", 0);
  g_assert_cmpstr (json_object_get_string_member (json_object_get_object_member (answer, "message"), "errorMessage"), ==, error->message);
  g_clear_error (&error);

  /* a 500 the same way (retries are off in the settings) */
  fake_llm_fail (agent_env.llm, 500, "The server broke");
  ramo_agent_process_prompt_async (agent, "Again?", RAMO_AGENT_BUSY_REJECT, NULL, agent_wait_cb, &wait);
  g_assert_false (ramo_agent_process_prompt_finish (agent, agent_wait (&wait, "the failing prompt"), NULL, &error));
  g_clear_object (&wait.result);
  g_assert_error (error, RAMO_AGENT_ERROR, RAMO_AGENT_ERROR_REPORTED);
  g_assert_nonnull (strstr (error->message, "500"));
  g_assert_nonnull (strstr (error->message, "The server broke"));

  agent_test_stop (agent);
  recorder_clear (&recorder);
  fake_llm_reset (agent_env.llm);
}

static GError *
start_error (RamoAgentProcess *agent)
{
  AgentWait wait = { 0 };
  GError *error = NULL;

  ramo_agent_process_start_async (agent, NULL, agent_wait_cb, &wait);
  g_assert_false (ramo_agent_process_start_finish (agent, agent_wait (&wait, "a failed start"), &error));
  g_object_unref (wait.result);
  g_assert_nonnull (error);
  return error;
}

static void
test_not_installed (void)
{
  g_autofree char *path = agent_test_copy_base ();
  g_autofree char *before = ramo_test_read_file (path, NULL);
  g_autofree char *after = NULL;
  g_autofree char *old_path = g_strdup (g_getenv ("PATH"));
  g_autofree char *missing = g_build_filename (agent_env.root, "no such folder", "pi", NULL);
  g_autofree char *command = g_shell_quote (missing);

  /* not on PATH and no RAMO_PI_COMMAND */
  {
    g_autoptr(RamoAgentProcess) agent = ramo_agent_process_new (RAMO_DIALECT_PI, path, agent_env.project);
    g_autoptr(GError) error = NULL;

    g_unsetenv ("RAMO_PI_COMMAND");
    g_setenv ("PATH", "/nonexistent", TRUE);
    error = start_error (agent);
    g_assert_error (error, RAMO_AGENT_ERROR, RAMO_AGENT_ERROR_NOT_FOUND);
    g_assert_nonnull (strstr (error->message, "pi is not installed"));
    g_assert_nonnull (strstr (error->message, "RAMO_PI_COMMAND"));
    g_assert_cmpint (ramo_agent_process_get_state (agent), ==, RAMO_AGENT_PROCESS_NEW);
  }

  /* the preferences' command is used then, and must exist too */
  {
    g_autoptr(RamoAgentProcess) agent = ramo_agent_process_new (RAMO_DIALECT_PI, path, agent_env.project);
    g_autoptr(GError) error = NULL;

    ramo_agent_process_set_configured_command (agent, command);
    error = start_error (agent);
    g_assert_error (error, RAMO_AGENT_ERROR, RAMO_AGENT_ERROR_NOT_FOUND);
    g_assert_nonnull (strstr (error->message, missing));
  }

  /* RAMO_PI_COMMAND naming nothing */
  {
    g_autoptr(RamoAgentProcess) agent = ramo_agent_process_new (RAMO_DIALECT_PI, path, agent_env.project);
    g_autoptr(GError) error = NULL;

    g_setenv ("RAMO_PI_COMMAND", command, TRUE);
    error = start_error (agent);
    g_assert_error (error, RAMO_AGENT_ERROR, RAMO_AGENT_ERROR_NOT_FOUND);
    g_assert_nonnull (strstr (error->message, "RAMO_PI_COMMAND"));
  }

  /* the preferences' command comes before PATH: with `pi` on PATH, a missing configured
   * program is still what is reported */
  {
    g_autoptr(RamoAgentProcess) agent = ramo_agent_process_new (RAMO_DIALECT_PI, path, agent_env.project);
    g_autoptr(GError) error = NULL;

    g_unsetenv ("RAMO_PI_COMMAND");
    g_setenv ("PATH", agent_env.pi_bin_dir, TRUE);
    ramo_agent_process_set_configured_command (agent, command);
    error = start_error (agent);
    g_assert_error (error, RAMO_AGENT_ERROR, RAMO_AGENT_ERROR_NOT_FOUND);
    g_assert_nonnull (strstr (error->message, missing));
    g_assert_nonnull (strstr (error->message, "Preferences"));
  }

  /* `pi` on PATH (beside its node 22) */
  {
    g_autoptr(RamoAgentProcess) agent = ramo_agent_process_new (RAMO_DIALECT_PI, path, agent_env.project);
    g_autofree char *pi = g_build_filename (agent_env.pi_bin_dir, "pi", NULL);

    g_unsetenv ("RAMO_PI_COMMAND");
    g_setenv ("PATH", agent_env.pi_bin_dir, TRUE);
    agent_test_start (agent);
    g_assert_cmpstr (ramo_agent_process_get_argv (agent)[0], ==, pi);
    agent_test_stop (agent);
  }

  g_setenv ("PATH", old_path, TRUE);
  g_setenv ("RAMO_PI_COMMAND", agent_env.pi_command, TRUE);
  after = ramo_test_read_file (path, NULL);
  g_assert_cmpstr (after, ==, before);
}

static void
exited_cb (RamoAgentProcess *agent,
           const GError     *error,
           gboolean         *exited)
{
  g_assert_error (error, RAMO_AGENT_ERROR, RAMO_AGENT_ERROR_EXITED);
  *exited = TRUE;
}

/* An agent that dies at start: the error carries its status and its last words. */
static void
test_agent_exits (void)
{
  g_autofree char *path = agent_test_copy_base ();
  g_autoptr(RamoAgentProcess) agent = ramo_agent_process_new (RAMO_DIALECT_PI, path, agent_env.project);
  g_autoptr(GError) error = NULL;
  gboolean exited = FALSE;

  g_setenv ("RAMO_PI_COMMAND", "sh -c 'echo \"pi: cannot start: no \\\"node\\\"\" >&2; exit 3' pi", TRUE);
  g_signal_connect (agent, "exited", G_CALLBACK (exited_cb), &exited);
  error = start_error (agent);
  g_setenv ("RAMO_PI_COMMAND", agent_env.pi_command, TRUE);
  g_assert_error (error, RAMO_AGENT_ERROR, RAMO_AGENT_ERROR_EXITED);
  g_assert_cmpstr (error->message, ==, "pi exited with status 3: pi: cannot start: no \"node\"");
  g_assert_true (exited);
  g_assert_cmpint (ramo_agent_process_get_state (agent), ==, RAMO_AGENT_PROCESS_EXITED);
  g_clear_error (&error);

  /* a command on an agent that exited */
  {
    AgentWait wait = { 0 };

    ramo_agent_process_prompt_async (agent, "x", RAMO_AGENT_BUSY_REJECT, NULL, agent_wait_cb, &wait);
    g_assert_false (ramo_agent_process_prompt_finish (agent, agent_wait (&wait, "a refused prompt"), NULL, &error));
    g_object_unref (wait.result);
    g_assert_error (error, RAMO_AGENT_ERROR, RAMO_AGENT_ERROR_NOT_RUNNING);
  }
}

static void
test_no_folder (void)
{
  g_autofree char *path = agent_test_copy_base ();
  g_autofree char *gone = g_build_filename (agent_env.root, "gone", NULL);
  g_autoptr(RamoAgentProcess) agent = ramo_agent_process_new (RAMO_DIALECT_PI, path, gone);
  g_autoptr(GError) error = start_error (agent);

  g_assert_error (error, RAMO_AGENT_ERROR, RAMO_AGENT_ERROR_NO_FOLDER);
  g_assert_nonnull (strstr (error->message, gone));
}

/* An extension without Ramo's commands: Ramo would send its moves to the model as prompts. */
static void
test_no_extension (void)
{
  g_autofree char *path = agent_test_copy_base ();
  g_autofree char *dir = ramo_test_tmpdir ();
  g_autofree char *other = g_build_filename (dir, "other.js", NULL);
  g_autoptr(GError) error = NULL;

  agent_test_write (dir, "other.js", "export default function (pi) {}\n");
  {
    g_autoptr(RamoAgentProcess) agent = ramo_agent_process_new (RAMO_DIALECT_PI, path, agent_env.project);

    ramo_agent_process_set_extension_path (agent, other);
    error = start_error (agent);
    g_assert_error (error, RAMO_AGENT_ERROR, RAMO_AGENT_ERROR_NO_EXTENSION);
    g_clear_error (&error);
  }

  g_setenv ("RAMO_AGENT_EXTENSION", "/nonexistent/ramo-extension.js", TRUE);
  g_assert_null (ramo_agent_command_find_extension (&error));
  g_assert_error (error, RAMO_AGENT_ERROR, RAMO_AGENT_ERROR_NO_EXTENSION);
  g_clear_error (&error);
  g_setenv ("RAMO_AGENT_EXTENSION", other, TRUE);
  {
    g_autofree char *found = ramo_agent_command_find_extension (&error);

    g_assert_no_error (error);
    g_assert_cmpstr (found, ==, other);
  }
  g_unsetenv ("RAMO_AGENT_EXTENSION");
}

static void
drain_cb (GObject      *source,
          GAsyncResult *result,
          gpointer      user_data)
{
  g_autoptr(GBytes) bytes = g_input_stream_read_bytes_finish (G_INPUT_STREAM (source), result, NULL);

  if (bytes != NULL && g_bytes_get_size (bytes) > 0)
    g_input_stream_read_bytes_async (G_INPUT_STREAM (source), 4096, G_PRIORITY_DEFAULT, NULL,
                                     drain_cb, NULL);
}

static gboolean
label_written_cb (gpointer user_data)
{
  const char *path = user_data;
  g_autofree char *contents = NULL;

  g_file_get_contents (path, &contents, NULL, NULL);
  return contents != NULL && strstr (contents, "\"type\":\"label\"") != NULL;
}

/* "Open in Terminal": pi's own interface started by ramo_agent_command_build_terminal() moves
 * at once (here with a label, which shows in the file where the leaf went). */
static void
test_terminal_start (void)
{
  g_autofree char *path = agent_test_copy_base ();
  g_autofree char *extension = ramo_agent_command_find_extension (NULL);
  g_autoptr(RamoTreeOptions) options = ramo_tree_options_new ();
  g_auto(GStrv) command = ramo_agent_command_find (RAMO_DIALECT_PI, NULL, NULL);
  g_auto(GStrv) argv = NULL;
  g_autoptr(GSubprocessLauncher) launcher = NULL;
  g_autoptr(GSubprocess) pi = NULL;
  g_autoptr(GInputStream) terminal = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) entries = NULL;
  gint64 deadline = g_get_monotonic_time () + 60 * G_USEC_PER_SEC;
  guint tick = g_timeout_add (50, agent_test_tick_cb, NULL);
  JsonObject *label = NULL;
  int master, slave;

  options->label = g_strdup ("opened \"here\"");
  argv = ramo_agent_command_build_terminal (RAMO_DIALECT_PI, (const char * const *) command, path,
                                            extension, base_session.user1, options);

  /* a terminal of its own */
  master = posix_openpt (O_RDWR | O_NOCTTY);
  g_assert_cmpint (master, >=, 0);
  g_assert_cmpint (grantpt (master), ==, 0);
  g_assert_cmpint (unlockpt (master), ==, 0);
  slave = open (ptsname (master), O_RDWR | O_NOCTTY);
  g_assert_cmpint (slave, >=, 0);

  launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_NONE);
  g_subprocess_launcher_set_cwd (launcher, agent_env.project);
  g_subprocess_launcher_setenv (launcher, "TERM", "xterm-256color", TRUE);
  g_subprocess_launcher_setenv (launcher, "COLUMNS", "100", TRUE);
  g_subprocess_launcher_setenv (launcher, "LINES", "30", TRUE);
  g_subprocess_launcher_take_stdin_fd (launcher, dup (slave));
  g_subprocess_launcher_take_stdout_fd (launcher, dup (slave));
  g_subprocess_launcher_take_stderr_fd (launcher, slave);
  pi = g_subprocess_launcher_spawnv (launcher, (const char * const *) argv, &error);
  g_assert_no_error (error);
  terminal = g_unix_input_stream_new (master, TRUE);
  g_input_stream_read_bytes_async (terminal, 4096, G_PRIORITY_DEFAULT, NULL, drain_cb, NULL);

  while (!label_written_cb (path))
    {
      g_main_context_iteration (NULL, TRUE);
      if (g_get_monotonic_time () > deadline)
        g_error ("timed out waiting for pi's interface to move");
    }
  g_source_remove (tick);
  g_subprocess_force_exit (pi);
  g_subprocess_wait (pi, NULL, NULL);

  entries = agent_test_read_entries (path);
  for (guint i = 0; i < entries->len; i++)
    if (g_strcmp0 (json_object_get_string_member (g_ptr_array_index (entries, i), "type"), "label") == 0)
      label = g_ptr_array_index (entries, i);
  g_assert_nonnull (label);
  g_assert_cmpstr (json_object_get_string_member (label, "targetId"), ==, base_session.user1);
  g_assert_cmpstr (json_object_get_string_member (label, "label"), ==, "opened \"here\"");
  /* written at the new leaf: the user message's parent */
  g_assert_cmpstr (agent_test_parent (label), ==,
                   agent_test_parent (agent_test_find (entries, base_session.user1)));
}

/* The command lines and the extension's argument, without an agent */
static void
test_command_lines (void)
{
  g_autoptr(RamoTreeOptions) options = ramo_tree_options_new ();
  const char *command[] = { "/opt/node 22/bin/node", "/opt/pi/cli.js", NULL };
  g_auto(GStrv) rpc = NULL;
  g_auto(GStrv) terminal = NULL;
  g_auto(GStrv) omp = NULL;
  g_autofree char *message = NULL;
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;
  JsonObject *argument;

  options->summarize = TRUE;
  options->custom_instructions = g_strdup ("say \"hi\"\n\tand {bye}");
  options->label = g_strdup ("my label");
  message = ramo_agent_command_navigate_message ("ramo-3", "id with \"quotes\"", options);
  g_assert_true (g_str_has_prefix (message, "/ramo-navigate {"));
  g_assert_null (strchr (message, '\n'));
  json_parser_load_from_data (parser, message + strlen ("/ramo-navigate "), -1, &error);
  g_assert_no_error (error);
  argument = json_node_get_object (json_parser_get_root (parser));
  g_assert_cmpstr (json_object_get_string_member (argument, "request"), ==, "ramo-3");
  g_assert_cmpstr (json_object_get_string_member (argument, "target"), ==, "id with \"quotes\"");
  g_assert_true (json_object_get_boolean_member (argument, "summarize"));
  g_assert_cmpstr (json_object_get_string_member (argument, "customInstructions"), ==, "say \"hi\"\n\tand {bye}");
  g_assert_false (json_object_has_member (argument, "replaceInstructions"));
  g_assert_cmpstr (json_object_get_string_member (argument, "label"), ==, "my label");

  rpc = ramo_agent_command_build_rpc (RAMO_DIALECT_PI, command, "/s/a b.jsonl", "/e/x.js");
  g_assert_cmpuint (g_strv_length (rpc), ==, 8);
  g_assert_cmpstr (rpc[0], ==, "/opt/node 22/bin/node");
  g_assert_cmpstr (rpc[2], ==, "--mode");
  g_assert_cmpstr (rpc[4], ==, "--session");
  g_assert_cmpstr (rpc[5], ==, "/s/a b.jsonl");
  omp = ramo_agent_command_build_rpc (RAMO_DIALECT_OMP, command, "/s/a.jsonl", "/e/x.js");
  g_assert_cmpstr (omp[4], ==, "--resume");

  terminal = ramo_agent_command_build_terminal (RAMO_DIALECT_PI, command, "/s/a.jsonl", "/e/x.js",
                                                "abc", NULL);
  g_assert_cmpuint (g_strv_length (terminal), ==, 7);
  g_assert_cmpstr (terminal[2], ==, "--session");
  g_assert_cmpstr (terminal[6], ==, "/ramo-navigate {\"target\":\"abc\"}");

  /* a command line from the environment, split as a shell would (no shell runs) */
  {
    g_autofree char *dir = ramo_test_tmpdir ();
    g_autofree char *program = g_build_filename (dir, "my pi", NULL);
    g_autofree char *quoted = g_shell_quote (program);
    g_autofree char *line = g_strdup_printf ("%s --flag 'two words'", quoted);
    g_auto(GStrv) found = NULL;

    agent_test_write (dir, "my pi", "#!/bin/sh\n");
    g_chmod (program, 0755);
    g_setenv ("RAMO_OMP_COMMAND", line, TRUE);
    found = ramo_agent_command_find (RAMO_DIALECT_OMP, NULL, &error);
    g_unsetenv ("RAMO_OMP_COMMAND");
    g_assert_no_error (error);
    g_assert_cmpuint (g_strv_length (found), ==, 3);
    g_assert_cmpstr (found[0], ==, program);
    g_assert_cmpstr (found[2], ==, "two words");

    g_setenv ("RAMO_OMP_COMMAND", "'unterminated", TRUE);
    g_assert_null (ramo_agent_command_find (RAMO_DIALECT_OMP, NULL, &error));
    g_unsetenv ("RAMO_OMP_COMMAND");
    g_assert_error (error, RAMO_AGENT_ERROR, RAMO_AGENT_ERROR_NOT_FOUND);
  }
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/agent/command/lines", test_command_lines);
  if (!agent_test_setup ())
    {
      g_printerr ("pi 1.6.0 is not installed (tests/compat/install-agents.sh): skipped\n");
      return 77;
    }
  agent_test_make_base_session ();

  g_test_add_func ("/agent/process/start-and-state", test_start_and_state);
  g_test_add_func ("/agent/process/prompt-streams", test_prompt_streams);
  g_test_add_func ("/agent/process/navigate-user-message", test_navigate_user_message);
  g_test_add_func ("/agent/process/navigate-assistant-message", test_navigate_assistant_message);
  g_test_add_func ("/agent/process/navigate-with-summary", test_navigate_with_summary);
  g_test_add_func ("/agent/process/label", test_label);
  g_test_add_func ("/agent/process/abort-mid-stream", test_abort_mid_stream);
  g_test_add_func ("/agent/process/follow-up", test_follow_up);
  g_test_add_func ("/agent/process/agent-error", test_agent_error);
  g_test_add_func ("/agent/process/not-installed", test_not_installed);
  g_test_add_func ("/agent/process/agent-exits", test_agent_exits);
  g_test_add_func ("/agent/process/no-folder", test_no_folder);
  g_test_add_func ("/agent/process/no-extension", test_no_extension);
  g_test_add_func ("/agent/process/terminal-start", test_terminal_start);

  return g_test_run ();
}

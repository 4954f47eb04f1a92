/* test-agent-continue.c — `ramo-session continue` with the real pi 1.6.0
 *
 * Copyright 2026 The Ramo authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Runs the built ramo-session (RAMO_SESSION_EXE) on copies of a session pi wrote, against the
 * loopback LLM of test-agent-util.h: the exit statuses, what it prints as the reply streams,
 * and the entries pi wrote. Skipped (77) when pi is not installed.
 */

#include "config.h"

#include <signal.h>

#include "test-agent-util.h"

typedef struct
{
  GSubprocess *process;
  GString     *out;
  GString     *err;
  gboolean     out_done;
  gboolean     err_done;
  gboolean     exited;
  gboolean     all_done;
} Cli;

static void cli_read (Cli *cli, GInputStream *stream, GString *text, gboolean *done);

typedef struct
{
  Cli      *cli;
  GString  *text;
  gboolean *done;
} CliRead;

static void
cli_check_done (Cli *cli)
{
  cli->all_done = cli->out_done && cli->err_done && cli->exited;
}

static void
cli_read_cb (GObject      *source,
             GAsyncResult *result,
             gpointer      user_data)
{
  CliRead *read = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) bytes = g_input_stream_read_bytes_finish (G_INPUT_STREAM (source), result, &error);

  g_assert_no_error (error);
  if (g_bytes_get_size (bytes) == 0)
    {
      *read->done = TRUE;
      cli_check_done (read->cli);
    }
  else
    {
      g_string_append_len (read->text, g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes));
      cli_read (read->cli, G_INPUT_STREAM (source), read->text, read->done);
    }
  g_free (read);
}

static void
cli_read (Cli          *cli,
          GInputStream *stream,
          GString      *text,
          gboolean     *done)
{
  CliRead *read = g_new0 (CliRead, 1);

  read->cli = cli;
  read->text = text;
  read->done = done;
  g_input_stream_read_bytes_async (stream, 4096, G_PRIORITY_DEFAULT, NULL, cli_read_cb, read);
}

static void
cli_wait_cb (GObject      *source,
             GAsyncResult *result,
             gpointer      user_data)
{
  Cli *cli = user_data;

  g_assert_true (g_subprocess_wait_finish (G_SUBPROCESS (source), result, NULL));
  cli->exited = TRUE;
  cli_check_done (cli);
}

/* Starts `ramo-session continue ARGS…` with the variables in @env ("NAME=value", or "NAME" to
 * unset it) changed. */
static Cli *
cli_start (const char * const *env,
           const char         *first,
           ...)
{
  g_autoptr(GSubprocessLauncher) launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE |
                                                                       G_SUBPROCESS_FLAGS_STDERR_PIPE);
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  Cli *cli = g_new0 (Cli, 1);
  va_list args;

  g_ptr_array_add (argv, (char *) g_getenv ("RAMO_SESSION_EXE"));
  g_ptr_array_add (argv, "continue");
  va_start (args, first);
  for (const char *arg = first; arg != NULL; arg = va_arg (args, const char *))
    g_ptr_array_add (argv, (char *) arg);
  va_end (args);
  g_ptr_array_add (argv, NULL);

  for (guint i = 0; env != NULL && env[i] != NULL; i++)
    {
      const char *equals = strchr (env[i], '=');

      if (equals == NULL)
        g_subprocess_launcher_unsetenv (launcher, env[i]);
      else
        {
          g_autofree char *name = g_strndup (env[i], equals - env[i]);

          g_subprocess_launcher_setenv (launcher, name, equals + 1, TRUE);
        }
    }
  g_subprocess_launcher_setenv (launcher, "G_MESSAGES_DEBUG", "", TRUE);

  cli->process = g_subprocess_launcher_spawnv (launcher, (const char * const *) argv->pdata, &error);
  g_assert_no_error (error);
  cli->out = g_string_new (NULL);
  cli->err = g_string_new (NULL);
  cli_read (cli, g_subprocess_get_stdout_pipe (cli->process), cli->out, &cli->out_done);
  cli_read (cli, g_subprocess_get_stderr_pipe (cli->process), cli->err, &cli->err_done);
  g_subprocess_wait_async (cli->process, NULL, cli_wait_cb, cli);
  return cli;
}

/* Waits for the command's end; returns its exit status. */
static int
cli_finish (Cli *cli)
{
  agent_test_wait_flag (&cli->all_done, 60, "ramo-session to exit");
  g_assert_true (g_subprocess_get_if_exited (cli->process));
  return g_subprocess_get_exit_status (cli->process);
}

static void
cli_free (Cli *cli)
{
  g_object_unref (cli->process);
  g_string_free (cli->out, TRUE);
  g_string_free (cli->err, TRUE);
  g_free (cli);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Cli, cli_free)

/* Waits until the command printed @text on stdout. */
static void
cli_wait_output (Cli        *cli,
                 const char *text)
{
  gint64 deadline = g_get_monotonic_time () + 60 * G_USEC_PER_SEC;

  while (strstr (cli->out->str, text) == NULL)
    {
      g_assert_false (cli->out_done);
      g_main_context_iteration (NULL, TRUE);
      if (g_get_monotonic_time () > deadline)
        g_error ("timed out waiting for ramo-session to print %s", text);
    }
}

static int
run_continue (Cli **out,
              const char * const *env,
              const char *path,
              const char *a,
              const char *b,
              const char *c,
              const char *d)
{
  *out = cli_start (env, path, a, b, c, d, NULL);
  return cli_finish (*out);
}

/* ---------------------------------------------------------------------------------------- */

/* The reply is printed as it streams: its first piece is out while the rest is held back. */
static void
test_streams (void)
{
  g_autofree char *path = agent_test_copy_base ();
  g_autoptr(Cli) cli = NULL;
  g_autoptr(GPtrArray) entries = NULL;
  JsonObject *user;

  fake_llm_reply (agent_env.llm, 1, "Hel", "lo, ", "world.", NULL);
  cli = cli_start (NULL, path, "Third question", NULL);
  cli_wait_output (cli, "Hel");
  g_assert_true (agent_env.llm->holding);
  g_assert_cmpstr (cli->out->str, ==, "Hel");
  fake_llm_release (agent_env.llm);
  g_assert_cmpint (cli_finish (cli), ==, 0);
  g_assert_cmpstr (cli->out->str, ==, "Hello, world.\n");
  g_assert_cmpstr (cli->err->str, ==, "");

  entries = agent_test_read_entries (path);
  user = agent_test_last_message (entries, "user", 0);
  agent_test_assert_text (user, "Third question");
  g_assert_cmpstr (agent_test_parent (user), ==, base_session.answer2);
  fake_llm_reset (agent_env.llm);
}

static void
test_from_user (void)
{
  g_autofree char *path = agent_test_copy_base ();
  g_autoptr(Cli) cli = NULL;
  g_autoptr(GPtrArray) entries = NULL;
  g_auto(GStrv) sent = NULL;

  fake_llm_reply (agent_env.llm, -1, "Again.", NULL);
  g_assert_cmpint (run_continue (&cli, NULL, path, "--from", base_session.user1, "First, rephrased", NULL), ==, 0);
  g_assert_cmpstr (cli->out->str, ==, "Again.\n");
  entries = agent_test_read_entries (path);
  /* a sibling of the message moved to */
  g_assert_cmpstr (agent_test_parent (agent_test_last_message (entries, "user", 0)), ==,
                   agent_test_parent (agent_test_find (entries, base_session.user1)));
  sent = fake_request_messages (fake_llm_request (agent_env.llm, 0));
  g_assert_cmpuint (g_strv_length (sent), ==, 1);
  g_assert_cmpstr (sent[0], ==, "user: First, rephrased");
  fake_llm_reset (agent_env.llm);
}

static void
test_from_assistant (void)
{
  g_autofree char *path = agent_test_copy_base ();
  g_autoptr(Cli) cli = NULL;
  g_autoptr(GPtrArray) entries = NULL;
  g_auto(GStrv) sent = NULL;

  fake_llm_reply (agent_env.llm, -1, "Other second.", NULL);
  g_assert_cmpint (run_continue (&cli, NULL, path, "--from", base_session.answer1, "Other question", NULL), ==, 0);
  entries = agent_test_read_entries (path);
  /* a child of the reply moved to */
  g_assert_cmpstr (agent_test_parent (agent_test_last_message (entries, "user", 0)), ==, base_session.answer1);
  sent = fake_request_messages (fake_llm_request (agent_env.llm, 0));
  g_assert_cmpuint (g_strv_length (sent), ==, 3);
  g_assert_cmpstr (sent[0], ==, "user: First question");
  g_assert_cmpstr (sent[2], ==, "user: Other question");
  fake_llm_reset (agent_env.llm);
}

/* `root` is the file's first entry (pi 1.6.0's model change): the conversation starts over. */
static void
test_from_root (void)
{
  g_autofree char *path = agent_test_copy_base ();
  g_autoptr(Cli) cli = NULL;
  g_autoptr(GPtrArray) entries = NULL;
  g_auto(GStrv) sent = NULL;
  JsonObject *entry;
  const char *first_id;

  fake_llm_reply (agent_env.llm, -1, "From scratch.", NULL);
  g_assert_cmpint (run_continue (&cli, NULL, path, "--from", "root", "Start over", NULL), ==, 0);
  entries = agent_test_read_entries (path);
  first_id = json_object_get_string_member (g_ptr_array_index (entries, 1), "id");
  /* up from the new message, past the system prompt pi records, to the first entry */
  entry = agent_test_last_message (entries, "user", 0);
  entry = agent_test_find (entries, agent_test_parent (entry));
  while (g_strcmp0 (agent_test_role (entry), "system") == 0)
    entry = agent_test_find (entries, agent_test_parent (entry));
  g_assert_cmpstr (json_object_get_string_member (entry, "id"), ==, first_id);
  sent = fake_request_messages (fake_llm_request (agent_env.llm, 0));
  g_assert_cmpuint (g_strv_length (sent), ==, 1);
  fake_llm_reset (agent_env.llm);
}

/* --summarize: pi's summarizer writes the branch summary (the LLM's text); only the reply to
 * the message is printed. */
static void
test_summarize (void)
{
  g_autofree char *path = agent_test_copy_base ();
  g_autoptr(Cli) cli = NULL;
  g_autoptr(GPtrArray) entries = NULL;
  JsonObject *summary = NULL;

  fake_llm_reply (agent_env.llm, -1, "The user asked ", "two things.", NULL);
  fake_llm_reply (agent_env.llm, -1, "Fresh reply.", NULL);
  g_assert_cmpint (run_continue (&cli, NULL, path, "--from", base_session.user1, "--summarize", "Anew"), ==, 0);
  g_assert_cmpstr (cli->out->str, ==, "Fresh reply.\n");

  entries = agent_test_read_entries (path);
  for (guint i = 0; i < entries->len; i++)
    if (g_strcmp0 (json_object_get_string_member (g_ptr_array_index (entries, i), "type"), "branch_summary") == 0)
      summary = g_ptr_array_index (entries, i);
  g_assert_nonnull (summary);
  g_assert_true (g_str_has_suffix (json_object_get_string_member (summary, "summary"), "The user asked two things."));
  g_assert_cmpstr (agent_test_parent (summary), ==, agent_test_parent (agent_test_find (entries, base_session.user1)));
  g_assert_cmpstr (json_object_get_string_member (summary, "fromId"), ==, base_session.answer2);
  /* the new message follows the summary (past pi's system prompt entry, if it wrote one) */
  {
    JsonObject *entry = agent_test_find (entries, agent_test_parent (agent_test_last_message (entries, "user", 0)));

    while (g_strcmp0 (agent_test_role (entry), "system") == 0)
      entry = agent_test_find (entries, agent_test_parent (entry));
    g_assert_true (entry == summary);
  }
  g_assert_cmpuint (agent_env.llm->requests->len, ==, 2);
  fake_llm_reset (agent_env.llm);
}

static void
test_instructions_and_model (void)
{
  g_autofree char *path = agent_test_copy_base ();
  g_autoptr(Cli) cli = NULL;
  g_autofree char *summary_request = NULL;

  fake_llm_reply (agent_env.llm, -1, "Summary.", NULL);
  fake_llm_reply (agent_env.llm, -1, "Reply.", NULL);
  cli = cli_start (NULL, path, "--model", "ramo-test/other-model", "--from", base_session.answer1,
                   "--instructions", "Keep \"only\" the numbers", "Next", NULL);
  g_assert_cmpint (cli_finish (cli), ==, 0);
  g_assert_cmpuint (agent_env.llm->requests->len, ==, 2);
  summary_request = fake_request_text (fake_llm_request (agent_env.llm, 0));
  g_assert_nonnull (strstr (summary_request, "Keep \"only\" the numbers"));
  g_assert_cmpstr (json_object_get_string_member (fake_llm_request (agent_env.llm, 0), "model"), ==, "other-model");
  g_assert_cmpstr (json_object_get_string_member (fake_llm_request (agent_env.llm, 1), "model"), ==, "other-model");
  fake_llm_reset (agent_env.llm);

  /* a model the agent does not have: its words, exit 4 */
  {
    g_autoptr(Cli) bad = NULL;

    g_assert_cmpint (run_continue (&bad, NULL, path, "--model", "ramo-test/none", "Next", NULL), ==, 4);
    g_assert_nonnull (strstr (bad->err->str, "Model not found: ramo-test/none"));
  }
}

/* An unknown id: exit 3, nothing started, nothing written. */
static void
test_unknown_id (void)
{
  g_autofree char *path = agent_test_copy_base ();
  g_autofree char *before = ramo_test_read_file (path, NULL);
  g_autofree char *after = NULL;
  g_autoptr(Cli) cli = NULL;

  g_assert_cmpint (run_continue (&cli, NULL, path, "--from", "no-such-entry", "Hello", NULL), ==, 3);
  g_assert_nonnull (strstr (cli->err->str, "no-such-entry"));
  g_assert_cmpstr (cli->out->str, ==, "");
  after = ramo_test_read_file (path, NULL);
  g_assert_cmpstr (after, ==, before);
  g_assert_cmpuint (agent_env.llm->requests->len, ==, 0);
}

static void
test_agent_error (void)
{
  g_autofree char *path = agent_test_copy_base ();
  g_autoptr(Cli) cli = NULL;

  fake_llm_fail (agent_env.llm, 401, "Invalid API key for the test");
  g_assert_cmpint (run_continue (&cli, NULL, path, "Hello", NULL, NULL, NULL), ==, 4);
  g_assert_nonnull (strstr (cli->err->str, "401"));
  g_assert_nonnull (strstr (cli->err->str, "Invalid API key for the test"));
  /* said once */
  g_assert_null (strstr (strstr (cli->err->str, "Invalid API key for the test") + 1,
                         "Invalid API key for the test"));
  fake_llm_reset (agent_env.llm);
}

/* Ctrl+C mid-stream aborts the agent's run: exit 130, the file whole, the turn aborted. */
static void
test_interrupt (void)
{
  g_autofree char *path = agent_test_copy_base ();
  g_autoptr(Cli) cli = NULL;
  g_autoptr(GPtrArray) entries = NULL;
  JsonObject *answer;

  fake_llm_reply (agent_env.llm, 1, "Par", "tial.", NULL);
  cli = cli_start (NULL, path, "A long story", NULL);
  cli_wait_output (cli, "Par");
  g_subprocess_send_signal (cli->process, SIGINT);
  g_assert_cmpint (cli_finish (cli), ==, 130);
  g_assert_cmpstr (cli->out->str, ==, "Par\n");
  g_assert_nonnull (strstr (cli->err->str, "aborted"));

  entries = agent_test_read_entries (path);
  answer = agent_test_last_message (entries, "assistant", 0);
  g_assert_cmpstr (json_object_get_string_member (json_object_get_object_member (answer, "message"), "stopReason"), ==, "aborted");
  fake_llm_reset (agent_env.llm);
}

static void
test_not_installed (void)
{
  g_autofree char *path = agent_test_copy_base ();
  g_autofree char *before = ramo_test_read_file (path, NULL);
  g_autofree char *after = NULL;
  const char *env[] = { "RAMO_PI_COMMAND", "PATH=/nonexistent", NULL };
  g_autoptr(Cli) cli = NULL;

  g_assert_cmpint (run_continue (&cli, env, path, "Hello", NULL, NULL, NULL), ==, 6);
  g_assert_nonnull (strstr (cli->err->str, "pi is not installed"));
  after = ramo_test_read_file (path, NULL);
  g_assert_cmpstr (after, ==, before);
}

static void
test_folder_gone (void)
{
  g_autofree char *path = agent_test_copy_base ();
  g_autofree char *contents = ramo_test_read_file (path, NULL);
  g_autofree char *quoted = NULL;
  g_autofree char *gone = g_build_filename (agent_env.root, "gone", NULL);
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(JsonGenerator) generator = json_generator_new ();
  g_autoptr(GString) moved = g_string_new (NULL);
  g_autoptr(Cli) cli = NULL;
  g_auto(GStrv) lines = g_strsplit (contents, "\n", 2);
  JsonObject *header;

  /* the header's cwd names a folder that is no more */
  g_assert_true (json_parser_load_from_data (parser, lines[0], -1, NULL));
  header = json_node_get_object (json_parser_get_root (parser));
  json_object_set_string_member (header, "cwd", gone);
  json_generator_set_root (generator, json_parser_get_root (parser));
  quoted = json_generator_to_data (generator, NULL);
  g_string_append_printf (moved, "%s\n%s", quoted, lines[1]);
  g_assert_true (g_file_set_contents (path, moved->str, -1, NULL));

  g_assert_cmpint (run_continue (&cli, NULL, path, "Hello", NULL, NULL, NULL), ==, 6);
  g_assert_nonnull (strstr (cli->err->str, gone));
}

static void
test_usage (void)
{
  g_autofree char *path = agent_test_copy_base ();
  g_autoptr(Cli) cli = NULL;
  g_autoptr(Cli) cli2 = NULL;

  g_assert_cmpint (run_continue (&cli, NULL, path, "--summarize", "Hello", NULL, NULL), ==, 1);
  g_assert_cmpint (run_continue (&cli2, NULL, path, "--from", base_session.user1, "--model", "nomodel"), ==, 1);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  if (g_getenv ("RAMO_SESSION_EXE") == NULL || !agent_test_setup ())
    {
      g_printerr ("pi 1.6.0 (tests/compat/install-agents.sh) or RAMO_SESSION_EXE missing: skipped\n");
      return 77;
    }
  agent_test_make_base_session ();

  g_test_add_func ("/agent/continue/streams", test_streams);
  g_test_add_func ("/agent/continue/from-user", test_from_user);
  g_test_add_func ("/agent/continue/from-assistant", test_from_assistant);
  g_test_add_func ("/agent/continue/from-root", test_from_root);
  g_test_add_func ("/agent/continue/summarize", test_summarize);
  g_test_add_func ("/agent/continue/instructions-and-model", test_instructions_and_model);
  g_test_add_func ("/agent/continue/unknown-id", test_unknown_id);
  g_test_add_func ("/agent/continue/agent-error", test_agent_error);
  g_test_add_func ("/agent/continue/interrupt", test_interrupt);
  g_test_add_func ("/agent/continue/not-installed", test_not_installed);
  g_test_add_func ("/agent/continue/folder-gone", test_folder_gone);
  g_test_add_func ("/agent/continue/usage", test_usage);

  return g_test_run ();
}

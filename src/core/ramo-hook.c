/* ramo-hook.c — run an executable hook: JSON in on stdin, JSON out on stdout
 *
 * Copyright 2026 The Ramo authors
 *
 * This program is free software: you can redistribute it and/or modify it under the terms of the
 * GNU General Public License as published by the Free Software Foundation, either version 3 of
 * the License, or (at your option) any later version.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ramo-hook"

#include "config.h"

#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <unistd.h>

#include <glib/gstdio.h>

#include "ramo-hook.h"
#include "ramo-json.h"

/*
 * An executable hook lets people who do not write C take part in a navigation or compaction:
 * Ramo starts the configured command, writes one JSON document to its stdin and reads one JSON
 * object from its stdout. Anything that goes wrong — the command cannot start, exits with a
 * non-zero status, prints something that is not a JSON object, runs past its time limit — is an
 * error, and the caller then abandons the operation as a whole.
 *
 * The hook runs in its own process group so that a timeout or a cancellation can kill it along
 * with anything it started (a shell script's `sleep`, say), and with the API keys removed from
 * its environment: a hook never needs them, and might log its environment.
 */

G_DEFINE_QUARK (ramo-hook-error-quark, ramo_hook_error)

#define STDERR_EXCERPT_BYTES 300

typedef struct
{
  GSubprocess  *process;
  GCancellable *run_cancellable;
  GCancellable *caller_cancellable;
  gulong        cancelled_id;
  guint         timeout_id;
  double        timeout;
  gboolean      timed_out;
  char         *program;
} HookRun;

static void
kill_process (HookRun *run)
{
  const char *identifier;

  if (run->process == NULL)
    return;
  identifier = g_subprocess_get_identifier (run->process);
  if (identifier != NULL)
    {
      pid_t pid = (pid_t) atoi (identifier);

      /* the whole group first: the hook's own children keep its stdout open */
      if (pid > 0)
        kill (-pid, SIGKILL);
      g_subprocess_force_exit (run->process);
    }
}

static void
hook_run_free (gpointer data)
{
  HookRun *run = data;

  g_clear_handle_id (&run->timeout_id, g_source_remove);
  if (run->caller_cancellable && run->cancelled_id)
    g_cancellable_disconnect (run->caller_cancellable, run->cancelled_id);
  g_clear_object (&run->caller_cancellable);
  g_clear_object (&run->run_cancellable);
  g_clear_object (&run->process);
  g_free (run->program);
  g_free (run);
}

/* A temporary file holding @text, already unlinked, positioned at its start. */
static int
input_file (GString  *text,
            GError  **error)
{
  g_autofree char *path = NULL;
  gsize done = 0;
  int fd;

  fd = g_file_open_tmp ("ramo-hook-XXXXXX.json", &path, error);
  if (fd < 0)
    return -1;
  g_unlink (path);

  while (done < text->len)
    {
      gssize n = write (fd, text->str + done, text->len - done);

      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0)
        {
          int errsv = errno;

          g_set_error_literal (error, G_FILE_ERROR, g_file_error_from_errno (errsv), g_strerror (errsv));
          close (fd);
          return -1;
        }
      done += (gsize) n;
    }
  if (lseek (fd, 0, SEEK_SET) != 0)
    {
      int errsv = errno;

      g_set_error_literal (error, G_FILE_ERROR, g_file_error_from_errno (errsv), g_strerror (errsv));
      close (fd);
      return -1;
    }
  return fd;
}

static void
child_setup (gpointer user_data)
{
  setpgid (0, 0);
}

/**
 * ramo_hook_is_scrubbed_variable:
 * @name: an environment variable's name
 *
 * Whether Ramo removes this variable from a hook's environment: `OPENAI_API_KEY`,
 * `ANTHROPIC_API_KEY` and every other `…_API_KEY`.
 *
 * Returns: %TRUE when the hook does not get the variable
 */
gboolean
ramo_hook_is_scrubbed_variable (const char *name)
{
  g_return_val_if_fail (name != NULL, FALSE);

  return strcmp (name, "OPENAI_API_KEY") == 0 ||
         strcmp (name, "ANTHROPIC_API_KEY") == 0 ||
         g_str_has_suffix (name, "_API_KEY");
}

static void
caller_cancelled_cb (GCancellable *cancellable,
                     gpointer      user_data)
{
  g_cancellable_cancel (G_CANCELLABLE (user_data));
}

static gboolean
hook_timeout_cb (gpointer user_data)
{
  HookRun *run = user_data;

  run->timeout_id = 0;
  run->timed_out = TRUE;
  kill_process (run);
  g_cancellable_cancel (run->run_cancellable);
  return G_SOURCE_REMOVE;
}

static char *
stderr_excerpt (GBytes *bytes)
{
  gsize size = 0;
  const char *data = bytes ? g_bytes_get_data (bytes, &size) : NULL;
  g_autofree char *text = NULL;

  if (data == NULL || size == 0)
    return NULL;
  /* the end says most about why a program stopped */
  if (size > STDERR_EXCERPT_BYTES)
    {
      data += size - STDERR_EXCERPT_BYTES;
      size = STDERR_EXCERPT_BYTES;
    }
  text = g_utf8_make_valid (data, size);
  for (char *p = text; *p; p++)
    if ((guchar) *p < 0x20)
      *p = ' ';
  g_strstrip (text);
  return *text ? g_steal_pointer (&text) : NULL;
}

static void
communicate_cb (GObject      *object,
                GAsyncResult *result,
                gpointer      user_data)
{
  GSubprocess *process = G_SUBPROCESS (object);
  g_autoptr(GTask) task = user_data;
  HookRun *run = g_task_get_task_data (task);
  g_autoptr(GBytes) out = NULL;
  g_autoptr(GBytes) err = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autofree char *excerpt = NULL;
  JsonNode *root;
  gsize size = 0;
  const char *data;

  if (!g_subprocess_communicate_finish (process, result, &out, &err, &error))
    {
      g_clear_handle_id (&run->timeout_id, g_source_remove);
      kill_process (run);
      if (run->timed_out)
        g_task_return_new_error (task, RAMO_HOOK_ERROR, RAMO_HOOK_ERROR_TIMEOUT,
                                 "The hook %s did not answer within %g s and was stopped",
                                 run->program, run->timeout);
      else if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_CANCELLED,
                                 "The hook %s was stopped: the operation was cancelled", run->program);
      else
        g_task_return_new_error (task, RAMO_HOOK_ERROR, RAMO_HOOK_ERROR_FAILED,
                                 "The hook %s failed: %s", run->program, error->message);
      return;
    }
  g_clear_handle_id (&run->timeout_id, g_source_remove);

  excerpt = stderr_excerpt (err);

  if (g_subprocess_get_if_signaled (process))
    {
      g_task_return_new_error (task, RAMO_HOOK_ERROR, RAMO_HOOK_ERROR_FAILED,
                               "The hook %s was killed by signal %d%s%s", run->program,
                               g_subprocess_get_term_sig (process),
                               excerpt ? ": " : "", excerpt ? excerpt : "");
      return;
    }
  if (!g_subprocess_get_successful (process))
    {
      g_task_return_new_error (task, RAMO_HOOK_ERROR, RAMO_HOOK_ERROR_FAILED,
                               "The hook %s exited with status %d%s%s", run->program,
                               g_subprocess_get_exit_status (process),
                               excerpt ? ": " : "", excerpt ? excerpt : "");
      return;
    }

  data = out ? g_bytes_get_data (out, &size) : NULL;
  if (data == NULL || size == 0 ||
      !json_parser_load_from_data (parser, data, size, &error) ||
      (root = json_parser_get_root (parser)) == NULL || !JSON_NODE_HOLDS_OBJECT (root))
    {
      g_task_return_new_error (task, RAMO_HOOK_ERROR, RAMO_HOOK_ERROR_BAD_OUTPUT,
                               "The hook %s did not print one JSON object (print {} for no opinion)%s%s",
                               run->program, error ? ": " : "", error ? error->message : "");
      return;
    }

  g_task_return_pointer (task, json_object_ref (json_node_get_object (root)),
                         (GDestroyNotify) json_object_unref);
}

/**
 * ramo_hook_run_async:
 * @argv: (array zero-terminated=1): the command and its arguments (looked up in `PATH`)
 * @input: the JSON document written to the hook's stdin (followed by a newline)
 * @timeout_seconds: the time limit in seconds; 0 or less for %RAMO_HOOK_DEFAULT_TIMEOUT
 * @cancellable: (nullable): a #GCancellable; cancelling kills the hook
 * @callback: called when the hook has answered or failed
 * @user_data: data for @callback
 *
 * Runs a hook: starts @argv in its own process group, with the API-key variables removed from
 * its environment (ramo_hook_is_scrubbed_variable()), @input on its stdin (an unlinked
 * temporary file, so the hook need not read it) and its stdout and stderr read in full. The hook must
 * exit with status 0 and print one JSON object. On timeout or cancellation its process group
 * is killed.
 */
void
ramo_hook_run_async (const char * const  *argv,
                     JsonNode            *input,
                     double               timeout_seconds,
                     GCancellable        *cancellable,
                     GAsyncReadyCallback  callback,
                     gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  g_autoptr(GSubprocessLauncher) launcher = NULL;
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) env = NULL;
  g_autoptr(GString) text = NULL;
  HookRun *run;
  int stdin_fd;

  g_return_if_fail (argv != NULL && argv[0] != NULL);
  g_return_if_fail (input != NULL);
  g_return_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable));

  task = g_task_new (NULL, cancellable, callback, user_data);
  g_task_set_source_tag (task, ramo_hook_run_async);
  g_task_set_check_cancellable (task, FALSE);

  run = g_new0 (HookRun, 1);
  run->program = g_path_get_basename (argv[0]);
  run->timeout = timeout_seconds > 0 ? timeout_seconds : RAMO_HOOK_DEFAULT_TIMEOUT;
  run->run_cancellable = g_cancellable_new ();
  g_task_set_task_data (task, run, hook_run_free);

  if (g_cancellable_is_cancelled (cancellable))
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_CANCELLED,
                               "The hook %s was not started: the operation was cancelled", run->program);
      return;
    }

  /* The input goes through an unlinked temporary file rather than a pipe: a hook may exit
   * without reading it (which would make writing a pipe fail with EPIPE and lose its answer),
   * and the file, holding part of a conversation, disappears with the last descriptor. */
  text = g_string_new (NULL);
  ramo_json_write (text, input);
  g_string_append_c (text, '\n');
  stdin_fd = input_file (text, &error);
  if (stdin_fd < 0)
    {
      g_task_return_new_error (task, RAMO_HOOK_ERROR, RAMO_HOOK_ERROR_SPAWN,
                               "The hook %s could not be given its input: %s", run->program, error->message);
      return;
    }

  launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE |
                                        G_SUBPROCESS_FLAGS_STDERR_PIPE);
  g_subprocess_launcher_take_stdin_fd (launcher, stdin_fd);
  env = g_get_environ ();
  for (guint i = 0; env[i]; i++)
    {
      g_autofree char *name = g_strndup (env[i], strcspn (env[i], "="));

      if (ramo_hook_is_scrubbed_variable (name))
        g_subprocess_launcher_unsetenv (launcher, name);
    }
  g_subprocess_launcher_set_child_setup (launcher, child_setup, NULL, NULL);

  run->process = g_subprocess_launcher_spawnv (launcher, argv, &error);
  if (run->process == NULL)
    {
      g_task_return_new_error (task, RAMO_HOOK_ERROR, RAMO_HOOK_ERROR_SPAWN,
                               "The hook %s could not be started: %s", run->program, error->message);
      return;
    }

  if (cancellable)
    {
      run->caller_cancellable = g_object_ref (cancellable);
      run->cancelled_id = g_cancellable_connect (cancellable, G_CALLBACK (caller_cancelled_cb),
                                                 run->run_cancellable, NULL);
    }
  run->timeout_id = g_timeout_add_full (G_PRIORITY_DEFAULT,
                                        (guint) MIN (run->timeout * 1000.0, (double) G_MAXUINT),
                                        hook_timeout_cb, run, NULL);

  g_subprocess_communicate_async (run->process, NULL, run->run_cancellable,
                                  communicate_cb, g_steal_pointer (&task));
}

/**
 * ramo_hook_run_finish:
 * @result: the #GAsyncResult passed to the callback
 * @error: return location for a #GError, or %NULL
 *
 * Errors: %RAMO_HOOK_ERROR, %G_IO_ERROR_CANCELLED.
 *
 * Returns: (transfer full): the hook's answer, or %NULL with @error set
 */
JsonObject *
ramo_hook_run_finish (GAsyncResult  *result,
                      GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), NULL);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == ramo_hook_run_async, NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}

/* ------------------------------------------------------------------------------------------ */
/* Reading answers                                                                             */

/**
 * ramo_hook_answer_boolean:
 * @answer: a hook's (or handler's) answer object
 * @member: the member to read
 * @present: (out): whether the member is there
 * @value: (out): its value; left alone when absent
 * @error: return location for a #GError, or %NULL
 *
 * Errors: %RAMO_HOOK_ERROR_BAD_OUTPUT when the member is not a boolean.
 *
 * Returns: %TRUE unless the member has the wrong type
 */
gboolean
ramo_hook_answer_boolean (JsonObject  *answer,
                          const char  *member,
                          gboolean    *present,
                          gboolean    *value,
                          GError     **error)
{
  JsonNode *node;

  g_return_val_if_fail (answer != NULL, FALSE);
  g_return_val_if_fail (member != NULL, FALSE);

  node = json_object_get_member (answer, member);
  *present = node != NULL;
  if (node == NULL)
    return TRUE;
  if (!JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_BOOLEAN)
    {
      g_set_error (error, RAMO_HOOK_ERROR, RAMO_HOOK_ERROR_BAD_OUTPUT,
                   "The hook's answer has a \"%s\" that is not true or false", member);
      return FALSE;
    }
  *value = json_node_get_boolean (node);
  return TRUE;
}

/**
 * ramo_hook_answer_string:
 * @answer: a hook's answer object
 * @member: the member to read
 * @present: (out): whether the member is there
 * @value: (out) (transfer full) (nullable): its value, %NULL for JSON null or ""; left alone
 *   when absent
 * @error: return location for a #GError, or %NULL
 *
 * Errors: %RAMO_HOOK_ERROR_BAD_OUTPUT when the member is neither a string nor null.
 *
 * Returns: %TRUE unless the member has the wrong type
 */
gboolean
ramo_hook_answer_string (JsonObject  *answer,
                         const char  *member,
                         gboolean    *present,
                         char       **value,
                         GError     **error)
{
  JsonNode *node;

  g_return_val_if_fail (answer != NULL, FALSE);
  g_return_val_if_fail (member != NULL, FALSE);

  node = json_object_get_member (answer, member);
  *present = node != NULL;
  if (node == NULL)
    return TRUE;
  if (JSON_NODE_HOLDS_NULL (node))
    {
      *value = NULL;
      return TRUE;
    }
  if (!JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_STRING)
    {
      g_set_error (error, RAMO_HOOK_ERROR, RAMO_HOOK_ERROR_BAD_OUTPUT,
                   "The hook's answer has a \"%s\" that is not a string", member);
      return FALSE;
    }
  *value = *json_node_get_string (node) ? g_strdup (json_node_get_string (node)) : NULL;
  return TRUE;
}

static gboolean
read_summary_object (JsonObject  *object,
                     const char  *where,
                     char       **summary,
                     JsonNode   **details,
                     GError     **error)
{
  JsonNode *text = json_object_get_member (object, "summary");
  JsonNode *extra = json_object_get_member (object, "details");

  if (text == NULL || !JSON_NODE_HOLDS_VALUE (text) || json_node_get_value_type (text) != G_TYPE_STRING ||
      *json_node_get_string (text) == '\0')
    {
      g_set_error (error, RAMO_HOOK_ERROR, RAMO_HOOK_ERROR_BAD_OUTPUT,
                   "The hook's answer has a \"%s\" without a non-empty \"summary\" string", where);
      return FALSE;
    }
  *summary = g_strdup (json_node_get_string (text));
  *details = extra && !JSON_NODE_HOLDS_NULL (extra) ? json_node_copy (extra) : NULL;
  return TRUE;
}

/**
 * ramo_hook_answer_summary:
 * @answer: a hook's answer object
 * @wrapper_member: (nullable): another member that may hold `{summary, details}` (pi's
 *   `compaction` answer), or %NULL
 * @summary: (out) (transfer full) (nullable): the summary, %NULL when the answer has none
 * @details: (out) (transfer full) (nullable): its details, %NULL when absent
 * @error: return location for a #GError, or %NULL
 *
 * Reads a supplied summary in any of the forms a hook may use: `{"summary": "…", "details":
 * {…}}`, pi's `{"summary": {"summary": "…", "details": {…}}}`, or
 * `{"<wrapper_member>": {"summary": "…", "details": {…}}}`. An empty summary is an error.
 *
 * Errors: %RAMO_HOOK_ERROR_BAD_OUTPUT.
 *
 * Returns: %TRUE unless the summary is malformed
 */
gboolean
ramo_hook_answer_summary (JsonObject  *answer,
                          const char  *wrapper_member,
                          char       **summary,
                          JsonNode   **details,
                          GError     **error)
{
  JsonNode *node;

  g_return_val_if_fail (answer != NULL, FALSE);

  *summary = NULL;
  *details = NULL;

  node = json_object_get_member (answer, "summary");
  if (node != NULL && !JSON_NODE_HOLDS_NULL (node))
    {
      JsonNode *extra = json_object_get_member (answer, "details");

      if (JSON_NODE_HOLDS_OBJECT (node))
        return read_summary_object (json_node_get_object (node), "summary", summary, details, error);
      if (!JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_STRING ||
          *json_node_get_string (node) == '\0')
        {
          g_set_error (error, RAMO_HOOK_ERROR, RAMO_HOOK_ERROR_BAD_OUTPUT,
                       "The hook's answer has a \"summary\" that is not a non-empty string");
          return FALSE;
        }
      *summary = g_strdup (json_node_get_string (node));
      *details = extra && !JSON_NODE_HOLDS_NULL (extra) ? json_node_copy (extra) : NULL;
      return TRUE;
    }

  node = wrapper_member ? json_object_get_member (answer, wrapper_member) : NULL;
  if (node != NULL && !JSON_NODE_HOLDS_NULL (node))
    {
      if (!JSON_NODE_HOLDS_OBJECT (node))
        {
          g_set_error (error, RAMO_HOOK_ERROR, RAMO_HOOK_ERROR_BAD_OUTPUT,
                       "The hook's answer has a \"%s\" that is not an object", wrapper_member);
          return FALSE;
        }
      return read_summary_object (json_node_get_object (node), wrapper_member, summary, details, error);
    }

  return TRUE;
}

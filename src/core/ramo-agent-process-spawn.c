/* ramo-agent-process-spawn.c — starting the agent's process, stopping it, and its end
 *
 * Copyright 2026 The Ramo authors
 *
 * This program is free software: you can redistribute it and/or modify it under the terms of the
 * GNU General Public License as published by the Free Software Foundation, either version 3 of
 * the License, or (at your option) any later version.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ramo-agent"

#include "config.h"

#include <signal.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "ramo-agent-process-private.h"

/* How long an agent whose input was closed may take to exit before it is sent SIGTERM, and
 * then SIGKILL; and how long its output may stay open after it exited (a child it started may
 * hold the pipe). */
#define STOP_GRACE_MS     5000
#define TERM_GRACE_MS     3000
#define OUTPUT_GRACE_MS   1000

#define agent_name _ramo_agent_process_get_agent_name

static char *
describe_exit (RamoAgentProcess *self)
{
  g_autoptr(GString) message = g_string_new (NULL);
  g_autofree char *tail = ramo_agent_process_dup_stderr_tail (self);

  if (WIFEXITED (self->wait_status))
    g_string_printf (message, "%s exited with status %d", agent_name (self),
                     WEXITSTATUS (self->wait_status));
  else if (WIFSIGNALED (self->wait_status))
    g_string_printf (message, "%s was killed by signal %d (%s)", agent_name (self),
                     WTERMSIG (self->wait_status), g_strsignal (WTERMSIG (self->wait_status)));
  else
    g_string_printf (message, "%s exited", agent_name (self));

  if (tail != NULL && *tail != '\0')
    g_string_append_printf (message, ": %s", tail);
  return g_string_free (g_steal_pointer (&message), FALSE);
}

static void
complete_stops (RamoAgentProcess *self)
{
  g_autoptr(GPtrArray) tasks = g_steal_pointer (&self->stop_tasks);

  self->stop_tasks = g_ptr_array_new_with_free_func (g_object_unref);
  for (guint i = 0; i < tasks->len; i++)
    g_task_return_boolean (g_ptr_array_index (tasks, i), TRUE);
}

/* Called as the process's output ends and as it exits: once both happened (or its output
 * stayed open too long after the exit), the process is over. */
void
_ramo_agent_process_check_exit (RamoAgentProcess *self)
{
  g_autoptr(GError) error = NULL;
  gboolean stopped;

  g_assert (RAMO_IS_AGENT_PROCESS (self));

  if (self->exit_reported || !self->wait_done || !self->stdout_done)
    return;

  self->exit_reported = TRUE;
  g_clear_handle_id (&self->stop_timeout_id, g_source_remove);
  stopped = self->state == RAMO_AGENT_PROCESS_STOPPING;

  if (stopped)
    g_set_error (&error, RAMO_AGENT_ERROR, RAMO_AGENT_ERROR_NOT_RUNNING,
                 "%s was stopped", agent_name (self));
  else
    {
      g_autofree char *message = describe_exit (self);

      g_set_error_literal (&error, RAMO_AGENT_ERROR, RAMO_AGENT_ERROR_EXITED, message);
    }

  g_object_ref (self);
  _ramo_agent_process_fail_all (self, error);
  _ramo_agent_process_set_state (self, RAMO_AGENT_PROCESS_EXITED);
  g_signal_emit (self, _ramo_agent_process_signals [SIGNAL_EXITED], 0, stopped ? NULL : error);
  complete_stops (self);
  g_object_unref (self);
}

static gboolean
output_grace_cb (gpointer user_data)
{
  RamoAgentProcess *self = user_data;

  self->stop_timeout_id = 0;
  self->stdout_done = TRUE;
  _ramo_agent_process_check_exit (self);
  return G_SOURCE_REMOVE;
}

static void
wait_cb (GObject      *object,
         GAsyncResult *result,
         gpointer      user_data)
{
  GSubprocess *subprocess = G_SUBPROCESS (object);
  g_autoptr(GError) error = NULL;
  RamoAgentProcess *self;

  if (!g_subprocess_wait_finish (subprocess, result, &error) &&
      g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;   /* disposed: @user_data is gone */

  self = RAMO_AGENT_PROCESS (user_data);
  self->wait_done = TRUE;
  self->wait_status = g_subprocess_get_status (subprocess);
  g_debug ("%s exited (wait status %d)", agent_name (self), self->wait_status);

  if (!self->stdout_done)
    {
      g_clear_handle_id (&self->stop_timeout_id, g_source_remove);
      self->stop_timeout_id = g_timeout_add (OUTPUT_GRACE_MS, output_grace_cb, self);
    }
  _ramo_agent_process_check_exit (self);
}

static void
child_setup (gpointer user_data)
{
  /* a group of its own: the terminal's Ctrl+C is Ramo's to handle (it aborts the run) */
  setpgid (0, 0);
}

static void
commands_cb (GObject      *object,
             GAsyncResult *result,
             gpointer      user_data)
{
  RamoAgentProcess *self = RAMO_AGENT_PROCESS (object);
  g_autoptr(GTask) task = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) data = ramo_agent_process_call_finish (self, result, &error);
  gboolean navigate = FALSE, label = FALSE;
  JsonArray *commands = NULL;

  if (data == NULL)
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }

  if (JSON_NODE_HOLDS_OBJECT (data))
    {
      JsonObject *object_data = json_node_get_object (data);

      if (json_object_has_member (object_data, "commands") &&
          JSON_NODE_HOLDS_ARRAY (json_object_get_member (object_data, "commands")))
        commands = json_object_get_array_member (object_data, "commands");
    }

  for (guint i = 0; commands != NULL && i < json_array_get_length (commands); i++)
    {
      JsonNode *node = json_array_get_element (commands, i);
      const char *name;

      if (!JSON_NODE_HOLDS_OBJECT (node))
        continue;
      name = json_object_get_string_member_with_default (json_node_get_object (node), "name", "");
      navigate |= strcmp (name, "ramo-navigate") == 0;
      label |= strcmp (name, "ramo-label") == 0;
    }

  if (!navigate || !label)
    {
      g_autofree char *tail = ramo_agent_process_dup_stderr_tail (self);

      /* without them Ramo's commands would reach the model as prompts */
      g_task_return_new_error (task, RAMO_AGENT_ERROR, RAMO_AGENT_ERROR_NO_EXTENSION,
                               "%s did not load Ramo's extension (%s)%s%s", agent_name (self),
                               self->extension_path, tail && *tail ? ": " : "", tail ? tail : "");
      ramo_agent_process_stop_async (self, NULL, NULL, NULL);
      return;
    }

  _ramo_agent_process_set_state (self, RAMO_AGENT_PROCESS_IDLE);
  g_task_return_boolean (task, TRUE);
}

/**
 * ramo_agent_process_start_async:
 * @self: a #RamoAgentProcess that was not started yet
 * @cancellable: (nullable): a #GCancellable
 * @callback: called once the agent answers (or could not be started)
 * @user_data: data for @callback
 *
 * Finds the agent (ramo_agent_command_find(), with the command given to
 * ramo_agent_process_set_configured_command()) and Ramo's extension, starts the agent in its RPC
 * mode on the session file in the session's folder, and asks it for its commands: the start
 * completes once the agent answered and has Ramo's extension loaded.
 */
void
ramo_agent_process_start_async (RamoAgentProcess    *self,
                                GCancellable        *cancellable,
                                GAsyncReadyCallback  callback,
                                gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GSubprocessLauncher) launcher = NULL;
  g_auto(GStrv) command = NULL;
  g_autofree char *session_path = NULL;

  g_return_if_fail (RAMO_IS_AGENT_PROCESS (self));
  g_return_if_fail (!cancellable || G_IS_CANCELLABLE (cancellable));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, ramo_agent_process_start_async);

  if (self->state != RAMO_AGENT_PROCESS_NEW)
    {
      g_task_return_new_error (task, RAMO_AGENT_ERROR, RAMO_AGENT_ERROR_NOT_RUNNING,
                               "%s was started already", agent_name (self));
      return;
    }

  command = ramo_agent_command_find (self->dialect, self->configured_command, &error);
  if (command == NULL)
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }
  if (self->extension_path == NULL)
    self->extension_path = ramo_agent_command_find_extension (&error);
  if (self->extension_path == NULL)
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }
  if (self->cwd != NULL && !g_file_test (self->cwd, G_FILE_TEST_IS_DIR))
    {
      g_task_return_new_error (task, RAMO_AGENT_ERROR, RAMO_AGENT_ERROR_NO_FOLDER,
                               "the session's folder is gone: %s (%s runs in it)",
                               self->cwd, agent_name (self));
      return;
    }

  session_path = g_canonicalize_filename (self->session_path, NULL);
  self->argv = ramo_agent_command_build_rpc (self->dialect, (const char * const *) command,
                                             session_path, self->extension_path);

  launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDIN_PIPE |
                                        G_SUBPROCESS_FLAGS_STDOUT_PIPE |
                                        G_SUBPROCESS_FLAGS_STDERR_PIPE);
  if (self->cwd != NULL)
    g_subprocess_launcher_set_cwd (launcher, self->cwd);
  g_subprocess_launcher_set_child_setup (launcher, child_setup, NULL, NULL);

  self->subprocess = g_subprocess_launcher_spawnv (launcher, (const char * const *) self->argv,
                                                   &error);
  if (self->subprocess == NULL)
    {
      g_task_return_new_error (task, RAMO_AGENT_ERROR, RAMO_AGENT_ERROR_NOT_FOUND,
                               "could not start %s (%s): %s", agent_name (self), self->argv[0],
                               error->message);
      return;
    }

  _ramo_agent_process_set_state (self, RAMO_AGENT_PROCESS_STARTING);
  _ramo_agent_process_start_io (self);
  g_subprocess_wait_async (self->subprocess, self->io_cancellable, wait_cb, self);

  /* oh-my-pi 18.2.3 has no `get_commands`; its `get_available_commands` lists the
   * extensions' commands the same way (omp:src/modes/rpc/rpc-mode.ts) */
  ramo_agent_process_call_async (self,
                                 self->dialect == RAMO_DIALECT_OMP ? "get_available_commands" : "get_commands",
                                 NULL, NULL, commands_cb, g_steal_pointer (&task));
}

/**
 * ramo_agent_process_start_finish:
 * @self: a #RamoAgentProcess
 * @result: the result given to the callback
 * @error: return location for a %RAMO_AGENT_ERROR (%RAMO_AGENT_ERROR_NOT_FOUND,
 *   %RAMO_AGENT_ERROR_NO_EXTENSION, %RAMO_AGENT_ERROR_NO_FOLDER, %RAMO_AGENT_ERROR_EXITED with
 *   the agent's stderr)
 *
 * Returns: %TRUE once the agent runs and answers
 */
gboolean
ramo_agent_process_start_finish (RamoAgentProcess  *self,
                                 GAsyncResult      *result,
                                 GError           **error)
{
  g_return_val_if_fail (RAMO_IS_AGENT_PROCESS (self), FALSE);
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}

static gboolean
stop_timeout_cb (gpointer user_data)
{
  RamoAgentProcess *self = user_data;

  self->stop_timeout_id = 0;
  if (self->subprocess == NULL || self->wait_done)
    return G_SOURCE_REMOVE;

  if (self->stop_step++ == 0)
    {
      g_debug ("%s did not exit after its input closed; sending SIGTERM", agent_name (self));
      g_subprocess_send_signal (self->subprocess, SIGTERM);
      self->stop_timeout_id = g_timeout_add (TERM_GRACE_MS, stop_timeout_cb, self);
    }
  else
    {
      g_debug ("%s did not exit after SIGTERM; killing it", agent_name (self));
      g_subprocess_force_exit (self->subprocess);
    }
  return G_SOURCE_REMOVE;
}

/**
 * ramo_agent_process_stop_async:
 * @self: a #RamoAgentProcess
 * @cancellable: (nullable): a #GCancellable
 * @callback: (nullable): called once the agent has exited
 * @user_data: data for @callback
 *
 * Ends the agent the way its documentation asks (pi's `docs/rpc.md`, "Shutdown"): closes its
 * input once the commands sent are written, lets it finish what it was doing and exit; an
 * agent still running after 5 seconds is sent `SIGTERM`, 3 seconds later `SIGKILL`. Commands
 * still waiting fail with %RAMO_AGENT_ERROR_NOT_RUNNING. Stopping an agent that was never
 * started or has exited completes at once.
 */
void
ramo_agent_process_stop_async (RamoAgentProcess    *self,
                               GCancellable        *cancellable,
                               GAsyncReadyCallback  callback,
                               gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;

  g_return_if_fail (RAMO_IS_AGENT_PROCESS (self));
  g_return_if_fail (!cancellable || G_IS_CANCELLABLE (cancellable));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, ramo_agent_process_stop_async);

  if (self->state == RAMO_AGENT_PROCESS_NEW || self->state == RAMO_AGENT_PROCESS_EXITED)
    {
      g_task_return_boolean (task, TRUE);
      return;
    }

  g_ptr_array_add (self->stop_tasks, g_steal_pointer (&task));
  if (self->state == RAMO_AGENT_PROCESS_STOPPING)
    return;

  _ramo_agent_process_set_state (self, RAMO_AGENT_PROCESS_STOPPING);
  _ramo_agent_process_close_input (self);
  if (!self->wait_done)
    {
      g_clear_handle_id (&self->stop_timeout_id, g_source_remove);
      self->stop_step = 0;
      self->stop_timeout_id = g_timeout_add (STOP_GRACE_MS, stop_timeout_cb, self);
    }
}

/**
 * ramo_agent_process_stop_finish:
 * @self: a #RamoAgentProcess
 * @result: the result given to the callback
 * @error: return location for a #GError
 *
 * Returns: %TRUE once the agent has exited
 */
gboolean
ramo_agent_process_stop_finish (RamoAgentProcess  *self,
                                GAsyncResult      *result,
                                GError           **error)
{
  g_return_val_if_fail (RAMO_IS_AGENT_PROCESS (self), FALSE);
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}

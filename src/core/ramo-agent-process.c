/* ramo-agent-process.c — the agent that owns a session, run in its RPC mode and driven by Ramo:
 * the object, its properties and signals
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

#include "ramo-agent-process-private.h"

/**
 * RamoAgentProcess:
 *
 * The agent that owns a session file — pi 1.6.0 (`pi --mode rpc --session FILE`) or oh-my-pi
 * (`omp --mode rpc --resume FILE`) — run as a child process and driven over its RPC mode, with
 * Ramo's extension loaded (`-e ramo-extension.js`) for the moves and labels the RPC lacks.
 * While it runs the agent is the session's only writer: it writes every entry, by its own rules,
 * with its own model, keys and summarizer; Ramo reads the file as it grows.
 *
 * The agent runs in the session's folder with Ramo's environment (its `PI_CODING_AGENT_DIR`,
 * its keys), in a process group of its own (a Ctrl+C in Ramo's terminal reaches Ramo, which
 * asks the agent to abort, and not the agent). Its stdout carries JSON lines only (responses,
 * events, extension UI requests), read without blocking the main loop; its stderr is kept for
 * the messages of errors and given out line by line as #RamoAgentProcess::diagnostic.
 *
 * Commands are `_async`/`_finish` pairs; each sends one JSON line with an id and completes with
 * the response to that id. ramo_agent_process_prompt_async() completes once the run it started
 * has settled (the agent's `agent_settled`), with the agent's own words when the model's turn
 * ended in an error; what the run streams meanwhile arrives as signals.
 *
 * The object stays usable after the process ended (#RamoAgentProcess:state
 * %RAMO_AGENT_PROCESS_EXITED); every command then fails with %RAMO_AGENT_ERROR_NOT_RUNNING.
 * Writing to the pipe of an agent that died must not kill Ramo, so the first instance makes
 * the process ignore `SIGPIPE` if nothing handles it (the write then fails with `EPIPE`).
 */

enum {
  PROP_0,
  PROP_DIALECT,
  PROP_SESSION_PATH,
  PROP_CWD,
  PROP_STATE,
  N_PROPS
};

static GParamSpec *properties [N_PROPS];
guint _ramo_agent_process_signals [N_SIGNALS];

G_DEFINE_FINAL_TYPE (RamoAgentProcess, ramo_agent_process, G_TYPE_OBJECT)

G_DEFINE_ENUM_TYPE (RamoAgentProcessState, ramo_agent_process_state,
                    G_DEFINE_ENUM_VALUE (RAMO_AGENT_PROCESS_NEW, "new"),
                    G_DEFINE_ENUM_VALUE (RAMO_AGENT_PROCESS_STARTING, "starting"),
                    G_DEFINE_ENUM_VALUE (RAMO_AGENT_PROCESS_IDLE, "idle"),
                    G_DEFINE_ENUM_VALUE (RAMO_AGENT_PROCESS_BUSY, "busy"),
                    G_DEFINE_ENUM_VALUE (RAMO_AGENT_PROCESS_STOPPING, "stopping"),
                    G_DEFINE_ENUM_VALUE (RAMO_AGENT_PROCESS_EXITED, "exited"))

/* the agent's name in messages */
const char *
_ramo_agent_process_get_agent_name (RamoAgentProcess *self)
{
  return self->dialect == RAMO_DIALECT_OMP ? "oh-my-pi" : "pi";
}

#define agent_name _ramo_agent_process_get_agent_name

void
_ramo_agent_process_set_state (RamoAgentProcess      *self,
                               RamoAgentProcessState  state)
{
  g_assert (RAMO_IS_AGENT_PROCESS (self));

  if (self->state == state)
    return;
  /* the end is final, and stopping is left only for it */
  if (self->state == RAMO_AGENT_PROCESS_EXITED ||
      (self->state == RAMO_AGENT_PROCESS_STOPPING && state != RAMO_AGENT_PROCESS_EXITED))
    return;
  self->state = state;
  g_object_notify_by_pspec (G_OBJECT (self), properties [PROP_STATE]);
}

gboolean
_ramo_agent_process_check_running (RamoAgentProcess  *self,
                                   GError           **error)
{
  g_assert (RAMO_IS_AGENT_PROCESS (self));

  switch (self->state)
    {
    case RAMO_AGENT_PROCESS_STARTING:
    case RAMO_AGENT_PROCESS_IDLE:
    case RAMO_AGENT_PROCESS_BUSY:
      return TRUE;
    case RAMO_AGENT_PROCESS_NEW:
      g_set_error (error, RAMO_AGENT_ERROR, RAMO_AGENT_ERROR_NOT_RUNNING,
                   "%s has not been started", agent_name (self));
      return FALSE;
    case RAMO_AGENT_PROCESS_STOPPING:
    case RAMO_AGENT_PROCESS_EXITED:
    default:
      g_set_error (error, RAMO_AGENT_ERROR, RAMO_AGENT_ERROR_NOT_RUNNING,
                   "%s is not running any more", agent_name (self));
      return FALSE;
    }
}

/**
 * ramo_agent_process_new:
 * @dialect: the agent that owns the session (ramo_session_manager_get_dialect())
 * @session_path: the session file
 * @cwd: (nullable): the folder to run the agent in: the session's (its header's `cwd`), or
 *   %NULL for Ramo's own
 *
 * Returns: (transfer full): a new #RamoAgentProcess, not started
 */
RamoAgentProcess *
ramo_agent_process_new (RamoDialect  dialect,
                        const char  *session_path,
                        const char  *cwd)
{
  g_return_val_if_fail (session_path != NULL, NULL);

  return g_object_new (RAMO_TYPE_AGENT_PROCESS,
                       "dialect", dialect,
                       "session-path", session_path,
                       "cwd", cwd,
                       NULL);
}

/**
 * ramo_agent_process_get_dialect:
 * @self: a #RamoAgentProcess
 *
 * Returns: the agent driven
 */
RamoDialect
ramo_agent_process_get_dialect (RamoAgentProcess *self)
{
  g_return_val_if_fail (RAMO_IS_AGENT_PROCESS (self), RAMO_DIALECT_PI);

  return self->dialect;
}

/**
 * ramo_agent_process_get_session_path:
 * @self: a #RamoAgentProcess
 *
 * Returns: the session file the agent runs on
 */
const char *
ramo_agent_process_get_session_path (RamoAgentProcess *self)
{
  g_return_val_if_fail (RAMO_IS_AGENT_PROCESS (self), NULL);

  return self->session_path;
}

/**
 * ramo_agent_process_get_cwd:
 * @self: a #RamoAgentProcess
 *
 * Returns: (nullable): the folder the agent runs in
 */
const char *
ramo_agent_process_get_cwd (RamoAgentProcess *self)
{
  g_return_val_if_fail (RAMO_IS_AGENT_PROCESS (self), NULL);

  return self->cwd;
}

/**
 * ramo_agent_process_get_state:
 * @self: a #RamoAgentProcess
 *
 * Returns: where the process is in its life (#RamoAgentProcess:state)
 */
RamoAgentProcessState
ramo_agent_process_get_state (RamoAgentProcess *self)
{
  g_return_val_if_fail (RAMO_IS_AGENT_PROCESS (self), RAMO_AGENT_PROCESS_NEW);

  return self->state;
}

/**
 * ramo_agent_process_is_busy:
 * @self: a #RamoAgentProcess
 *
 * Returns: whether a run of the model is under way (then a prompt must steer or follow up)
 */
gboolean
ramo_agent_process_is_busy (RamoAgentProcess *self)
{
  g_return_val_if_fail (RAMO_IS_AGENT_PROCESS (self), FALSE);

  return self->state == RAMO_AGENT_PROCESS_BUSY;
}

/**
 * ramo_agent_process_get_argv:
 * @self: a #RamoAgentProcess
 *
 * Returns: (nullable) (array zero-terminated=1): the command line the agent was started with
 */
const char * const *
ramo_agent_process_get_argv (RamoAgentProcess *self)
{
  g_return_val_if_fail (RAMO_IS_AGENT_PROCESS (self), NULL);

  return (const char * const *) self->argv;
}

/**
 * ramo_agent_process_set_configured_command:
 * @self: a #RamoAgentProcess not started yet
 * @command_line: (nullable): the agent's command line as the user set it in Preferences, or
 *   %NULL for none; it comes before `PATH`, and the environment's command before it
 *   (ramo_agent_command_find())
 */
void
ramo_agent_process_set_configured_command (RamoAgentProcess *self,
                                         const char       *command_line)
{
  g_return_if_fail (RAMO_IS_AGENT_PROCESS (self));

  g_free (self->configured_command);
  self->configured_command = g_strdup (command_line);
}

/**
 * ramo_agent_process_set_extension_path:
 * @self: a #RamoAgentProcess not started yet
 * @path: (nullable): Ramo's extension to load, or %NULL to look for it
 *   (ramo_agent_command_find_extension())
 */
void
ramo_agent_process_set_extension_path (RamoAgentProcess *self,
                                       const char       *path)
{
  g_return_if_fail (RAMO_IS_AGENT_PROCESS (self));

  g_free (self->extension_path);
  self->extension_path = path ? g_canonicalize_filename (path, NULL) : NULL;
}

/**
 * ramo_agent_process_dup_stderr_tail:
 * @self: a #RamoAgentProcess
 *
 * Returns: (transfer full): the last lines the agent wrote on stderr (at most a few kilobytes,
 *   white space at the ends removed), or %NULL if none
 */
char *
ramo_agent_process_dup_stderr_tail (RamoAgentProcess *self)
{
  g_return_val_if_fail (RAMO_IS_AGENT_PROCESS (self), NULL);

  if (self->stderr_tail->len == 0)
    return NULL;
  return g_strstrip (g_strdup (self->stderr_tail->str));
}

static void
ramo_agent_process_dispose (GObject *object)
{
  RamoAgentProcess *self = RAMO_AGENT_PROCESS (object);

  g_cancellable_cancel (self->io_cancellable);
  g_clear_handle_id (&self->stop_timeout_id, g_source_remove);
  if (self->subprocess != NULL && !self->wait_done)
    {
      /* nobody waits for it any more: ask it to end as `stop` would, but at once */
      if (self->stdin_pipe != NULL)
        g_output_stream_close (self->stdin_pipe, NULL, NULL);
      g_subprocess_send_signal (self->subprocess, SIGTERM);
    }
  g_clear_object (&self->stdout_reader);
  g_clear_object (&self->stderr_reader);
  g_clear_object (&self->stdin_pipe);
  g_clear_object (&self->subprocess);
  g_queue_clear_full (&self->writes, (GDestroyNotify) g_bytes_unref);
  if (self->requests != NULL)
    g_hash_table_remove_all (self->requests);
  if (self->run_waiters != NULL)
    g_ptr_array_set_size (self->run_waiters, 0);

  G_OBJECT_CLASS (ramo_agent_process_parent_class)->dispose (object);
}

static void
ramo_agent_process_finalize (GObject *object)
{
  RamoAgentProcess *self = RAMO_AGENT_PROCESS (object);

  g_clear_object (&self->io_cancellable);
  g_clear_pointer (&self->requests, g_hash_table_unref);
  g_clear_pointer (&self->run_waiters, g_ptr_array_unref);
  g_clear_pointer (&self->stop_tasks, g_ptr_array_unref);
  g_clear_error (&self->run_error);
  g_clear_error (&self->last_run_error);
  g_string_free (self->stderr_tail, TRUE);
  g_free (self->session_path);
  g_free (self->cwd);
  g_free (self->configured_command);
  g_free (self->extension_path);
  g_strfreev (self->argv);

  G_OBJECT_CLASS (ramo_agent_process_parent_class)->finalize (object);
}

static void
ramo_agent_process_get_property (GObject    *object,
                                 guint       prop_id,
                                 GValue     *value,
                                 GParamSpec *pspec)
{
  RamoAgentProcess *self = RAMO_AGENT_PROCESS (object);

  switch (prop_id)
    {
    case PROP_DIALECT:
      g_value_set_enum (value, ramo_agent_process_get_dialect (self));
      break;
    case PROP_SESSION_PATH:
      g_value_set_string (value, ramo_agent_process_get_session_path (self));
      break;
    case PROP_CWD:
      g_value_set_string (value, ramo_agent_process_get_cwd (self));
      break;
    case PROP_STATE:
      g_value_set_enum (value, ramo_agent_process_get_state (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ramo_agent_process_set_property (GObject      *object,
                                 guint         prop_id,
                                 const GValue *value,
                                 GParamSpec   *pspec)
{
  RamoAgentProcess *self = RAMO_AGENT_PROCESS (object);

  switch (prop_id)
    {
    case PROP_DIALECT:
      self->dialect = g_value_get_enum (value);
      break;
    case PROP_SESSION_PATH:
      self->session_path = g_value_dup_string (value);
      break;
    case PROP_CWD:
      self->cwd = g_value_dup_string (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ignore_sigpipe (void)
{
  struct sigaction action;

  if (sigaction (SIGPIPE, NULL, &action) == 0 && action.sa_handler == SIG_DFL &&
      !(action.sa_flags & SA_SIGINFO))
    signal (SIGPIPE, SIG_IGN);
}

static void
ramo_agent_process_class_init (RamoAgentProcessClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GType type = G_TYPE_FROM_CLASS (klass);

  object_class->dispose = ramo_agent_process_dispose;
  object_class->finalize = ramo_agent_process_finalize;
  object_class->get_property = ramo_agent_process_get_property;
  object_class->set_property = ramo_agent_process_set_property;

  ignore_sigpipe ();

  /**
   * RamoAgentProcess:dialect:
   *
   * The agent driven: pi 1.6.0 or oh-my-pi.
   */
  properties [PROP_DIALECT] =
    g_param_spec_enum ("dialect", NULL, NULL, RAMO_TYPE_DIALECT, RAMO_DIALECT_PI,
                       G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);

  /**
   * RamoAgentProcess:session-path:
   *
   * The session file the agent runs on.
   */
  properties [PROP_SESSION_PATH] =
    g_param_spec_string ("session-path", NULL, NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);

  /**
   * RamoAgentProcess:cwd:
   *
   * The folder the agent runs in (the session's), or %NULL for Ramo's.
   */
  properties [PROP_CWD] =
    g_param_spec_string ("cwd", NULL, NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);

  /**
   * RamoAgentProcess:state:
   *
   * Where the process is in its life; %RAMO_AGENT_PROCESS_BUSY during a run.
   */
  properties [PROP_STATE] =
    g_param_spec_enum ("state", NULL, NULL, RAMO_TYPE_AGENT_PROCESS_STATE, RAMO_AGENT_PROCESS_NEW,
                       G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);

  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * RamoAgentProcess::event:
   * @self: the agent process
   * @event: the event as the agent wrote it (its `type` is the signal's detail)
   *
   * Every event the agent streams (pi's `docs/json.md`: `agent_start`, `message_update`,
   * `tool_execution_end`, `queue_update`, `compaction_start`, `auto_retry_start`,
   * `session_info_changed`, …), before the signal made for it. Connect to `event::TYPE` for
   * one type.
   */
  _ramo_agent_process_signals [SIGNAL_EVENT] =
    g_signal_new ("event", type, G_SIGNAL_RUN_LAST | G_SIGNAL_DETAILED, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, JSON_TYPE_OBJECT);

  /**
   * RamoAgentProcess::agent-start:
   * @self: the agent process
   *
   * A run of the agent started (`agent_start`).
   */
  _ramo_agent_process_signals [SIGNAL_AGENT_START] =
    g_signal_new ("agent-start", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 0);

  /**
   * RamoAgentProcess::agent-end:
   * @self: the agent process
   * @will_retry: whether the agent goes on to retry
   *
   * One low-level run ended (`agent_end`); retries, compaction or queued messages may follow.
   */
  _ramo_agent_process_signals [SIGNAL_AGENT_END] =
    g_signal_new ("agent-end", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_BOOLEAN);

  /**
   * RamoAgentProcess::agent-settled:
   * @self: the agent process
   * @aborted: whether the run ended because it was aborted
   *
   * The agent will not go on by itself (`agent_settled`): the run is over and the process idle.
   */
  _ramo_agent_process_signals [SIGNAL_AGENT_SETTLED] =
    g_signal_new ("agent-settled", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_BOOLEAN);

  /**
   * RamoAgentProcess::turn-start:
   * @self: the agent process
   *
   * One assistant turn (a response and its tool calls) started.
   */
  _ramo_agent_process_signals [SIGNAL_TURN_START] =
    g_signal_new ("turn-start", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 0);

  /**
   * RamoAgentProcess::turn-end:
   * @self: the agent process
   * @message: the turn's assistant message
   *
   * One assistant turn ended.
   */
  _ramo_agent_process_signals [SIGNAL_TURN_END] =
    g_signal_new ("turn-end", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, JSON_TYPE_OBJECT);

  /**
   * RamoAgentProcess::message-start:
   * @self: the agent process
   * @message: the message so far (an assistant message starts with no content)
   *
   * A message started: the user's, the system prompt (pi 1.6.0), the assistant's, a tool
   * result.
   */
  _ramo_agent_process_signals [SIGNAL_MESSAGE_START] =
    g_signal_new ("message-start", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, JSON_TYPE_OBJECT);

  /**
   * RamoAgentProcess::message-end:
   * @self: the agent process
   * @message: the complete message, as the agent writes it into the session
   *
   * A message is complete. An assistant message's `stopReason` tells how it ended
   * (`"stop"`, `"toolUse"`, `"error"` with `errorMessage`, `"aborted"`).
   */
  _ramo_agent_process_signals [SIGNAL_MESSAGE_END] =
    g_signal_new ("message-end", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, JSON_TYPE_OBJECT);

  /**
   * RamoAgentProcess::text-delta:
   * @self: the agent process
   * @content_index: the content block the text belongs to
   * @delta: the text to append
   *
   * Text of the assistant's reply as it streams (`message_update` `text_delta`).
   */
  _ramo_agent_process_signals [SIGNAL_TEXT_DELTA] =
    g_signal_new ("text-delta", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 2, G_TYPE_UINT, G_TYPE_STRING);

  /**
   * RamoAgentProcess::thinking-delta:
   * @self: the agent process
   * @content_index: the content block the text belongs to
   * @delta: the thinking text to append
   *
   * The model's thinking as it streams (`thinking_delta`).
   */
  _ramo_agent_process_signals [SIGNAL_THINKING_DELTA] =
    g_signal_new ("thinking-delta", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 2, G_TYPE_UINT, G_TYPE_STRING);

  /**
   * RamoAgentProcess::tool-start:
   * @self: the agent process
   * @call_id: the tool call's id
   * @tool_name: the tool
   * @args: (nullable): its arguments
   *
   * The agent started running a tool (`tool_execution_start`).
   */
  _ramo_agent_process_signals [SIGNAL_TOOL_START] =
    g_signal_new ("tool-start", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 3, G_TYPE_STRING, G_TYPE_STRING, JSON_TYPE_NODE);

  /**
   * RamoAgentProcess::tool-update:
   * @self: the agent process
   * @call_id: the tool call's id
   * @tool_name: the tool
   * @partial_result: (nullable): the tool's latest partial result
   *
   * A running tool reported progress (`tool_execution_update`).
   */
  _ramo_agent_process_signals [SIGNAL_TOOL_UPDATE] =
    g_signal_new ("tool-update", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 3, G_TYPE_STRING, G_TYPE_STRING, JSON_TYPE_NODE);

  /**
   * RamoAgentProcess::tool-end:
   * @self: the agent process
   * @call_id: the tool call's id
   * @tool_name: the tool
   * @result: (nullable): its result
   * @is_error: whether the tool failed
   *
   * A tool finished (`tool_execution_end`).
   */
  _ramo_agent_process_signals [SIGNAL_TOOL_END] =
    g_signal_new ("tool-end", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 4, G_TYPE_STRING, G_TYPE_STRING, JSON_TYPE_NODE, G_TYPE_BOOLEAN);

  /**
   * RamoAgentProcess::queue-changed:
   * @self: the agent process
   * @steering: the steering messages waiting
   * @follow_up: the follow-up messages waiting
   *
   * The agent's queue of messages sent during the run changed (`queue_update`).
   */
  _ramo_agent_process_signals [SIGNAL_QUEUE_CHANGED] =
    g_signal_new ("queue-changed", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 2, G_TYPE_STRV, G_TYPE_STRV);

  /**
   * RamoAgentProcess::agent-error:
   * @self: the agent process
   * @error: a %RAMO_AGENT_ERROR_REPORTED error in the agent's words
   *
   * The agent reported an error as it happened: an assistant turn that ended in an error (no
   * key, the provider's refusal), a retry that gave up, a failed compaction, an error of an
   * extension. The run's own error also ends the prompt that started it.
   */
  _ramo_agent_process_signals [SIGNAL_AGENT_ERROR] =
    g_signal_new ("agent-error", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_ERROR);

  /**
   * RamoAgentProcess::ui-request:
   * @self: the agent process
   * @id: the request's id, for ramo_agent_process_reply_ui()
   * @method: what is asked: `select`, `confirm`, `input`, `editor` (which wait for a reply),
   *   `notify`, `setStatus`, `setWidget`, `setTitle`, `set_editor_text` (which do not)
   * @request: the request as the agent wrote it (pi's `docs/rpc-extension-ui.md`)
   *
   * An extension asked for the user interface. A dialog no handler takes (returning %TRUE, and
   * replying later) is answered "cancelled" at once, so that the agent never waits on it.
   * The answers of Ramo's own extension are not emitted.
   *
   * Returns: %TRUE if the handler takes the request
   */
  _ramo_agent_process_signals [SIGNAL_UI_REQUEST] =
    g_signal_new ("ui-request", type, G_SIGNAL_RUN_LAST, 0, g_signal_accumulator_true_handled,
                  NULL, NULL, G_TYPE_BOOLEAN, 3, G_TYPE_STRING, G_TYPE_STRING, JSON_TYPE_OBJECT);

  /**
   * RamoAgentProcess::diagnostic:
   * @self: the agent process
   * @line: a line the agent wrote on stderr
   *
   * The agent's diagnostics (never protocol data).
   */
  _ramo_agent_process_signals [SIGNAL_DIAGNOSTIC] =
    g_signal_new ("diagnostic", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_STRING);

  /**
   * RamoAgentProcess::exited:
   * @self: the agent process
   * @error: (nullable): why, when Ramo did not stop it: a %RAMO_AGENT_ERROR_EXITED error with
   *   the exit status and the agent's last words on stderr
   *
   * The agent's process ended; commands still waiting have failed.
   */
  _ramo_agent_process_signals [SIGNAL_EXITED] =
    g_signal_new ("exited", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_ERROR);
}

static void
ramo_agent_process_init (RamoAgentProcess *self)
{
  self->io_cancellable = g_cancellable_new ();
  self->stderr_tail = g_string_new (NULL);
  self->requests = g_hash_table_new_full (g_str_hash, g_str_equal, NULL,
                                          _ramo_agent_process_request_free);
  self->run_waiters = g_ptr_array_new_with_free_func (g_object_unref);
  self->stop_tasks = g_ptr_array_new_with_free_func (g_object_unref);
  g_queue_init (&self->writes);
}

/* ramo-agent-process.h — the agent that owns a session, run in its RPC mode and driven by Ramo
 *
 * Copyright 2026 The Ramo authors
 *
 * This program is free software: you can redistribute it and/or modify it under the terms of the
 * GNU General Public License as published by the Free Software Foundation, either version 3 of
 * the License, or (at your option) any later version.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>
#include <json-glib/json-glib.h>

#include "ramo-agent-command.h"
#include "ramo-agent-session.h"
#include "ramo-dialect.h"

G_BEGIN_DECLS

/**
 * RamoAgentProcessState:
 * @RAMO_AGENT_PROCESS_NEW: not started yet
 * @RAMO_AGENT_PROCESS_STARTING: started, Ramo is waiting for the agent's first answers
 * @RAMO_AGENT_PROCESS_IDLE: running, no run of the model under way
 * @RAMO_AGENT_PROCESS_BUSY: a run is under way: from the agent's `agent_start` to its
 *   `agent_settled` (retries, compaction and queued messages included)
 * @RAMO_AGENT_PROCESS_STOPPING: Ramo closed the agent's input and waits for it to exit
 * @RAMO_AGENT_PROCESS_EXITED: the agent's process has ended
 *
 * Where a #RamoAgentProcess is in its life.
 */
typedef enum
{
  RAMO_AGENT_PROCESS_NEW,
  RAMO_AGENT_PROCESS_STARTING,
  RAMO_AGENT_PROCESS_IDLE,
  RAMO_AGENT_PROCESS_BUSY,
  RAMO_AGENT_PROCESS_STOPPING,
  RAMO_AGENT_PROCESS_EXITED,
} RamoAgentProcessState;

/**
 * RamoAgentDisposition:
 * @RAMO_AGENT_DISPOSITION_STARTED: the message started a run
 * @RAMO_AGENT_DISPOSITION_QUEUED: the agent queued it (a steer or follow-up during a run)
 * @RAMO_AGENT_DISPOSITION_HANDLED: an extension command or input handler consumed it
 *
 * What the agent did with a message (pi's `disposition` in the `prompt`, `steer` and
 * `follow_up` responses).
 */
typedef enum
{
  RAMO_AGENT_DISPOSITION_STARTED,
  RAMO_AGENT_DISPOSITION_QUEUED,
  RAMO_AGENT_DISPOSITION_HANDLED,
} RamoAgentDisposition;

/**
 * RamoAgentBusyBehavior:
 * @RAMO_AGENT_BUSY_REJECT: a prompt sent during a run is an error (the agent's)
 * @RAMO_AGENT_BUSY_STEER: deliver it after the current turn's tool calls, before the next call
 *   of the model (pi's `streamingBehavior: "steer"`)
 * @RAMO_AGENT_BUSY_FOLLOW_UP: deliver it once the run would end (`"followUp"`)
 *
 * What ramo_agent_process_prompt_async() asks the agent to do with a message that arrives
 * while a run is under way.
 */
typedef enum
{
  RAMO_AGENT_BUSY_REJECT,
  RAMO_AGENT_BUSY_STEER,
  RAMO_AGENT_BUSY_FOLLOW_UP,
} RamoAgentBusyBehavior;

#define RAMO_TYPE_AGENT_PROCESS_STATE (ramo_agent_process_state_get_type ())
#define RAMO_TYPE_AGENT_PROCESS (ramo_agent_process_get_type ())

G_DECLARE_FINAL_TYPE (RamoAgentProcess, ramo_agent_process, RAMO, AGENT_PROCESS, GObject)

GType                 ramo_agent_process_state_get_type       (void) G_GNUC_CONST;

RamoAgentProcess     *ramo_agent_process_new                  (RamoDialect            dialect,
                                                               const char            *session_path,
                                                               const char            *cwd);
RamoDialect           ramo_agent_process_get_dialect          (RamoAgentProcess      *self);
const char           *ramo_agent_process_get_session_path     (RamoAgentProcess      *self);
const char           *ramo_agent_process_get_cwd              (RamoAgentProcess      *self);
RamoAgentProcessState ramo_agent_process_get_state            (RamoAgentProcess      *self);
gboolean              ramo_agent_process_is_busy              (RamoAgentProcess      *self);
const char * const   *ramo_agent_process_get_argv             (RamoAgentProcess      *self);
void                  ramo_agent_process_set_configured_command (RamoAgentProcess    *self,
                                                                 const char          *command_line);
void                  ramo_agent_process_set_extension_path   (RamoAgentProcess      *self,
                                                               const char            *path);
char                 *ramo_agent_process_dup_stderr_tail      (RamoAgentProcess      *self);

void                  ramo_agent_process_start_async          (RamoAgentProcess      *self,
                                                               GCancellable          *cancellable,
                                                               GAsyncReadyCallback    callback,
                                                               gpointer               user_data);
gboolean              ramo_agent_process_start_finish         (RamoAgentProcess      *self,
                                                               GAsyncResult          *result,
                                                               GError               **error);
void                  ramo_agent_process_stop_async           (RamoAgentProcess      *self,
                                                               GCancellable          *cancellable,
                                                               GAsyncReadyCallback    callback,
                                                               gpointer               user_data);
gboolean              ramo_agent_process_stop_finish          (RamoAgentProcess      *self,
                                                               GAsyncResult          *result,
                                                               GError               **error);

void                  ramo_agent_process_call_async           (RamoAgentProcess      *self,
                                                               const char            *type,
                                                               JsonObject            *params,
                                                               GCancellable          *cancellable,
                                                               GAsyncReadyCallback    callback,
                                                               gpointer               user_data);
JsonNode             *ramo_agent_process_call_finish          (RamoAgentProcess      *self,
                                                               GAsyncResult          *result,
                                                               GError               **error);

void                  ramo_agent_process_prompt_async         (RamoAgentProcess      *self,
                                                               const char            *message,
                                                               RamoAgentBusyBehavior  when_busy,
                                                               GCancellable          *cancellable,
                                                               GAsyncReadyCallback    callback,
                                                               gpointer               user_data);
gboolean              ramo_agent_process_prompt_finish        (RamoAgentProcess      *self,
                                                               GAsyncResult          *result,
                                                               RamoAgentDisposition  *disposition,
                                                               GError               **error);
void                  ramo_agent_process_steer_async          (RamoAgentProcess      *self,
                                                               const char            *message,
                                                               GCancellable          *cancellable,
                                                               GAsyncReadyCallback    callback,
                                                               gpointer               user_data);
void                  ramo_agent_process_follow_up_async      (RamoAgentProcess      *self,
                                                               const char            *message,
                                                               GCancellable          *cancellable,
                                                               GAsyncReadyCallback    callback,
                                                               gpointer               user_data);
gboolean              ramo_agent_process_queue_finish         (RamoAgentProcess      *self,
                                                               GAsyncResult          *result,
                                                               RamoAgentDisposition  *disposition,
                                                               GError               **error);
void                  ramo_agent_process_abort_async          (RamoAgentProcess      *self,
                                                               GCancellable          *cancellable,
                                                               GAsyncReadyCallback    callback,
                                                               gpointer               user_data);
gboolean              ramo_agent_process_abort_finish         (RamoAgentProcess      *self,
                                                               GAsyncResult          *result,
                                                               GError               **error);

void                  ramo_agent_process_query_state_async    (RamoAgentProcess      *self,
                                                               GCancellable          *cancellable,
                                                               GAsyncReadyCallback    callback,
                                                               gpointer               user_data);
JsonObject           *ramo_agent_process_query_state_finish   (RamoAgentProcess      *self,
                                                               GAsyncResult          *result,
                                                               GError               **error);
void                  ramo_agent_process_get_available_models_async (RamoAgentProcess *self,
                                                               GCancellable          *cancellable,
                                                               GAsyncReadyCallback    callback,
                                                               gpointer               user_data);
JsonArray            *ramo_agent_process_get_available_models_finish (RamoAgentProcess *self,
                                                               GAsyncResult          *result,
                                                               GError               **error);
void                  ramo_agent_process_set_model_async      (RamoAgentProcess      *self,
                                                               const char            *provider,
                                                               const char            *model_id,
                                                               GCancellable          *cancellable,
                                                               GAsyncReadyCallback    callback,
                                                               gpointer               user_data);
JsonObject           *ramo_agent_process_set_model_finish     (RamoAgentProcess      *self,
                                                               GAsyncResult          *result,
                                                               GError               **error);
void                  ramo_agent_process_set_thinking_level_async (RamoAgentProcess  *self,
                                                               const char            *level,
                                                               GCancellable          *cancellable,
                                                               GAsyncReadyCallback    callback,
                                                               gpointer               user_data);
gboolean              ramo_agent_process_set_thinking_level_finish (RamoAgentProcess *self,
                                                               GAsyncResult          *result,
                                                               GError               **error);

void                  ramo_agent_process_navigate_async       (RamoAgentProcess      *self,
                                                               const char            *target_id,
                                                               const RamoTreeOptions *options,
                                                               GCancellable          *cancellable,
                                                               GAsyncReadyCallback    callback,
                                                               gpointer               user_data);
RamoTreeResult       *ramo_agent_process_navigate_finish      (RamoAgentProcess      *self,
                                                               GAsyncResult          *result,
                                                               GError               **error);
void                  ramo_agent_process_set_label_async      (RamoAgentProcess      *self,
                                                               const char            *target_id,
                                                               const char            *label,
                                                               GCancellable          *cancellable,
                                                               GAsyncReadyCallback    callback,
                                                               gpointer               user_data);
gboolean              ramo_agent_process_set_label_finish     (RamoAgentProcess      *self,
                                                               GAsyncResult          *result,
                                                               char                 **entry_id,
                                                               GError               **error);

void                  ramo_agent_process_reply_ui             (RamoAgentProcess      *self,
                                                               const char            *request_id,
                                                               JsonObject            *reply);

G_END_DECLS

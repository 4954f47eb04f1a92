/* ramo-agent-process-private.h — what the agent process's files share
 *
 * Copyright 2026 The Ramo authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 *   ramo-agent-process.c           the instance, its properties and signals
 *   ramo-agent-process-spawn.c     starting the process, stopping it, its end
 *   ramo-agent-process-io.c        JSON lines both ways, requests and their responses, the
 *                                  answers of Ramo's extension, extension UI requests
 *   ramo-agent-process-events.c    the agent's events as signals, the run under way
 *   ramo-agent-process-commands.c  the commands (prompt, steer, abort, state, models, thinking)
 *   ramo-agent-process-moves.c     the moves and labels, through Ramo's extension
 */

#pragma once

#include "ramo-agent-process.h"

G_BEGIN_DECLS

typedef enum
{
  REQUEST_CALL,        /* completes with the response's data */
  REQUEST_PROMPT,      /* completes with the disposition, a started run once it settles */
  REQUEST_QUEUE,       /* steer / follow_up: completes with the disposition */
  REQUEST_NAVIGATE,    /* Ramo's extension: completes with its answer */
  REQUEST_LABEL,
} RequestKind;

typedef struct
{
  char        *id;
  char        *command;       /* its `type` */
  RequestKind  kind;
  GTask       *task;          /* owned until completed */
  JsonObject  *answer;        /* Ramo's extension's answer, when it came before the response */
  gboolean     responded;     /* oh-my-pi: accepted, its outcome still to come */
  gboolean     busy_at_send;  /* sent during a run */
  guint        settled_at_send;
  GCancellable *cancellable;
  gulong       cancelled_id;
} RamoAgentRequest;

struct _RamoAgentProcess
{
  GObject                parent_instance;

  RamoDialect            dialect;
  char                  *session_path;
  char                  *cwd;
  char                  *configured_command;
  char                  *extension_path;
  char                 **argv;

  RamoAgentProcessState  state;

  GSubprocess           *subprocess;
  GDataInputStream      *stdout_reader;
  GDataInputStream      *stderr_reader;
  GOutputStream         *stdin_pipe;
  GCancellable          *io_cancellable;     /* cancelled in dispose: I/O callbacks then leave */
  GQueue                 writes;             /* GBytes*, one line each */
  gboolean               writing;
  gboolean               close_input;        /* close stdin once the writes are out */
  gboolean               stdout_done;
  gboolean               wait_done;
  gboolean               exit_reported;
  int                    wait_status;
  GString               *stderr_tail;

  guint64                next_request;
  GHashTable            *requests;           /* id → RamoAgentRequest* */

  /* the run under way, and the prompts waiting for it to settle */
  GPtrArray             *run_waiters;        /* GTask* */
  GError                *run_error;
  GError                *last_run_error;
  gboolean               last_run_aborted;
  gboolean               run_aborted;        /* oh-my-pi: the run's last turn was aborted */
  guint                  n_settled;

  GPtrArray             *stop_tasks;         /* GTask* */
  guint                  stop_timeout_id;
  guint                  stop_step;
};

enum {
  SIGNAL_EVENT,
  SIGNAL_AGENT_START,
  SIGNAL_AGENT_END,
  SIGNAL_AGENT_SETTLED,
  SIGNAL_TURN_START,
  SIGNAL_TURN_END,
  SIGNAL_MESSAGE_START,
  SIGNAL_MESSAGE_END,
  SIGNAL_TEXT_DELTA,
  SIGNAL_THINKING_DELTA,
  SIGNAL_TOOL_START,
  SIGNAL_TOOL_UPDATE,
  SIGNAL_TOOL_END,
  SIGNAL_QUEUE_CHANGED,
  SIGNAL_AGENT_ERROR,
  SIGNAL_UI_REQUEST,
  SIGNAL_DIAGNOSTIC,
  SIGNAL_EXITED,
  N_SIGNALS
};

extern guint _ramo_agent_process_signals [N_SIGNALS];

/* ramo-agent-process.c */
const char       *_ramo_agent_process_get_agent_name  (RamoAgentProcess *self);
void              _ramo_agent_process_set_state       (RamoAgentProcess *self,
                                                       RamoAgentProcessState state);
GTask            *_ramo_agent_process_start_task      (RamoAgentProcess    *self,
                                                       GCancellable        *cancellable,
                                                       GAsyncReadyCallback  callback,
                                                       gpointer             user_data,
                                                       gpointer             source_tag);
gboolean          _ramo_agent_process_check_running   (RamoAgentProcess *self,
                                                       GError          **error);

/* ramo-agent-process-spawn.c */
void              _ramo_agent_process_check_exit      (RamoAgentProcess *self);

/* ramo-agent-process-io.c */
void              _ramo_agent_process_start_io        (RamoAgentProcess *self);
void              _ramo_agent_process_close_input     (RamoAgentProcess *self);
RamoAgentRequest *_ramo_agent_process_send            (RamoAgentProcess *self,
                                                       const char       *id,
                                                       const char       *type,
                                                       JsonObject       *params,
                                                       RequestKind       kind,
                                                       GTask            *task);
char             *_ramo_agent_process_next_id         (RamoAgentProcess *self);
void              _ramo_agent_process_send_abort      (RamoAgentProcess *self);
void              _ramo_agent_process_fail_all        (RamoAgentProcess *self,
                                                       const GError     *error);
void              _ramo_agent_process_request_free    (gpointer          data);
void              _ramo_agent_process_adopt_prompts   (RamoAgentProcess *self);

/* ramo-agent-process-events.c */
void              _ramo_agent_process_handle_event    (RamoAgentProcess *self,
                                                       const char       *type,
                                                       JsonObject       *event);
void              _ramo_agent_process_wait_for_run    (RamoAgentProcess *self,
                                                       GTask            *task,
                                                       guint             settled_at_send);
void              _ramo_agent_process_report_error    (RamoAgentProcess *self,
                                                       const char       *message);

/* ramo-agent-process-commands.c */
gboolean          _ramo_agent_process_parse_disposition  (const char           *name,
                                                          RamoAgentDisposition *disposition);
void              _ramo_agent_process_abort_on_cancel    (RamoAgentProcess *self,
                                                          GTask            *task);

/* ramo-agent-process-moves.c */
void              _ramo_agent_process_complete_extension (RamoAgentProcess *self,
                                                          RamoAgentRequest *request,
                                                          JsonObject       *answer);

G_END_DECLS

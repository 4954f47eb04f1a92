/* ramo-agent-session-private.h — what the agent session's files share
 *
 * Copyright 2026 The Ramo authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "ramo-agent-session.h"

G_BEGIN_DECLS

struct _RamoAgentSession
{
  GObject               parent_instance;

  RamoSessionManager   *manager;
  RamoSessionContext   *context;
  RamoSummarizer       *summarizer;
  RamoSummarizerConfig *summarizer_config;
  RamoSummarizerConfig *settings_config;
  char                **hook_argv;
  double                hook_timeout;

  /* the running operation */
  GCancellable         *op_cancellable;
  gboolean              busy;
};

enum {
  SIGNAL_BEFORE_TREE,
  SIGNAL_TREE,
  SIGNAL_BEFORE_BRANCH,
  SIGNAL_BRANCH,
  SIGNAL_BEFORE_COMPACT,
  SIGNAL_COMPACTING,
  SIGNAL_COMPACT,
  N_SIGNALS
};

extern guint _ramo_agent_session_signals [N_SIGNALS];

/* ramo-agent-session.c: the running operation, the session and the summary helpers */
gboolean   _ramo_agent_session_begin_operation    (RamoAgentSession      *self,
                                                    GCancellable          *cancellable,
                                                    GCancellable         **op_cancellable,
                                                    GError               **error);
void       _ramo_agent_session_end_operation      (RamoAgentSession      *self);
void       _ramo_agent_session_rebuild_context    (RamoAgentSession      *self);
void       _ramo_agent_session_set_manager        (RamoAgentSession      *self,
                                                    RamoSessionManager    *manager);
GPtrArray *_ramo_agent_session_read_entries       (RamoSessionManager    *manager,
                                                    GPtrArray             *entries,
                                                    GError               **error);
gboolean   _ramo_agent_session_has_hooks          (RamoAgentSession      *self,
                                                    guint                  signal);
void       _ramo_agent_session_set_no_model_error (GError               **error,
                                                    RamoSummarizerConfig  *config);
void       _ramo_agent_session_run_hook           (RamoAgentSession      *self,
                                                    const char            *type,
                                                    JsonNode              *preparation,
                                                    GCancellable          *cancellable,
                                                    GAsyncReadyCallback    callback,
                                                    GTask                 *task);

G_END_DECLS

/* ramo-agent-session.h — tree navigation, branching and compaction over a session
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

#include "ramo-compaction-preparation.h"
#include "ramo-session-context.h"
#include "ramo-session-manager.h"
#include "ramo-summarizer.h"
#include "ramo-tree-preparation.h"

G_BEGIN_DECLS

/**
 * RamoTreeOptions:
 * @summarize: summarize the branch being left
 * @custom_instructions: (nullable): instructions for the summarizer
 * @replace_instructions: use @custom_instructions instead of the default instructions
 * @label: (nullable): a label to set after navigating (on the summary entry when one is
 *   made, else on the selected entry)
 *
 * Options of ramo_agent_session_navigate_tree_async(), pi's `navigateTree()` options.
 * The strings are owned by the struct and freed by ramo_tree_options_free().
 */
typedef struct _RamoTreeOptions
{
  gboolean  summarize;
  char     *custom_instructions;
  gboolean  replace_instructions;
  char     *label;
} RamoTreeOptions;

/**
 * RamoTreeResult:
 * @changed: %FALSE when the selected entry was the leaf already (nothing happened)
 * @new_leaf_id: (nullable): the leaf afterwards (%NULL = before the first entry)
 * @old_leaf_id: (nullable): the leaf before
 * @editor_text: (nullable): the selected user or custom message's text, for the editor
 * @summary_entry_id: (nullable): the `branch_summary` entry that was written
 * @label_entry_id: (nullable): the `label` entry that was written
 * @from_hook: whether a handler or hook supplied the summary
 *
 * What a navigation did.
 */
typedef struct _RamoTreeResult
{
  gboolean  changed;
  char     *new_leaf_id;
  char     *old_leaf_id;
  char     *editor_text;
  char     *summary_entry_id;
  char     *label_entry_id;
  gboolean  from_hook;
} RamoTreeResult;

/**
 * RamoCompactOptions:
 * @custom_instructions: (nullable): instructions for the summarizer
 *
 * Options of ramo_agent_session_compact_async().
 */
typedef struct _RamoCompactOptions
{
  char *custom_instructions;
} RamoCompactOptions;

/**
 * RamoCompactResult:
 * @entry_id: the `compaction` entry that was written
 * @summary: its summary
 * @first_kept_entry_id: the entry kept from
 * @tokens_before: the estimated context size before compacting, in tokens
 * @details: (nullable): its details (`{readFiles, modifiedFiles}` from the built-in summarizer)
 * @from_hook: whether a handler or hook supplied the summary
 *
 * What a compaction did.
 */
typedef struct _RamoCompactResult
{
  char     *entry_id;
  char     *summary;
  char     *first_kept_entry_id;
  gint64    tokens_before;
  JsonNode *details;
  gboolean  from_hook;
} RamoCompactResult;

#define RAMO_TYPE_TREE_OPTIONS (ramo_tree_options_get_type ())
#define RAMO_TYPE_TREE_RESULT (ramo_tree_result_get_type ())
#define RAMO_TYPE_COMPACT_OPTIONS (ramo_compact_options_get_type ())
#define RAMO_TYPE_COMPACT_RESULT (ramo_compact_result_get_type ())
#define RAMO_TYPE_AGENT_SESSION (ramo_agent_session_get_type ())

G_DECLARE_FINAL_TYPE (RamoAgentSession, ramo_agent_session, RAMO, AGENT_SESSION, GObject)

GType                 ramo_tree_options_get_type               (void) G_GNUC_CONST;
RamoTreeOptions      *ramo_tree_options_new                    (void);
RamoTreeOptions      *ramo_tree_options_copy                   (const RamoTreeOptions *options);
void                  ramo_tree_options_free                   (RamoTreeOptions       *options);
GType                 ramo_tree_result_get_type                (void) G_GNUC_CONST;
RamoTreeResult       *ramo_tree_result_copy                    (const RamoTreeResult  *result);
void                  ramo_tree_result_free                    (RamoTreeResult        *result);
GType                 ramo_compact_options_get_type            (void) G_GNUC_CONST;
RamoCompactOptions   *ramo_compact_options_new                 (void);
RamoCompactOptions   *ramo_compact_options_copy                (const RamoCompactOptions *options);
void                  ramo_compact_options_free                (RamoCompactOptions    *options);
GType                 ramo_compact_result_get_type             (void) G_GNUC_CONST;
RamoCompactResult    *ramo_compact_result_copy                 (const RamoCompactResult *result);
void                  ramo_compact_result_free                 (RamoCompactResult     *result);

RamoAgentSession     *ramo_agent_session_new                   (RamoSessionManager    *manager);
RamoSessionManager   *ramo_agent_session_get_manager           (RamoAgentSession      *self);
RamoSessionContext   *ramo_agent_session_get_context           (RamoAgentSession      *self);
RamoSummarizer       *ramo_agent_session_get_summarizer        (RamoAgentSession      *self);
void                  ramo_agent_session_set_summarizer        (RamoAgentSession      *self,
                                                                RamoSummarizer        *summarizer);
RamoSummarizerConfig *ramo_agent_session_get_summarizer_config (RamoAgentSession      *self);
void                  ramo_agent_session_set_summarizer_config (RamoAgentSession      *self,
                                                                RamoSummarizerConfig  *config);
RamoSummarizerConfig *ramo_agent_session_get_settings_config   (RamoAgentSession      *self);
void                  ramo_agent_session_set_settings_config   (RamoAgentSession      *self,
                                                                RamoSummarizerConfig  *config);
const char * const   *ramo_agent_session_get_hook_argv         (RamoAgentSession      *self);
void                  ramo_agent_session_set_hook_argv         (RamoAgentSession      *self,
                                                                const char * const    *argv);
double                ramo_agent_session_get_hook_timeout      (RamoAgentSession      *self);
void                  ramo_agent_session_set_hook_timeout      (RamoAgentSession      *self,
                                                                double                 seconds);
gboolean              ramo_agent_session_is_busy               (RamoAgentSession      *self);
void                  ramo_agent_session_cancel                (RamoAgentSession      *self);

void                  ramo_agent_session_navigate_tree_async   (RamoAgentSession      *self,
                                                                const char            *target_id,
                                                                const RamoTreeOptions *options,
                                                                GCancellable          *cancellable,
                                                                GAsyncReadyCallback    callback,
                                                                gpointer               user_data);
RamoTreeResult       *ramo_agent_session_navigate_tree_finish  (RamoAgentSession      *self,
                                                                GAsyncResult          *result,
                                                                GError               **error);
void                  ramo_agent_session_compact_async         (RamoAgentSession      *self,
                                                                const char            *kept_entry_id,
                                                                const RamoCompactOptions *options,
                                                                GCancellable          *cancellable,
                                                                GAsyncReadyCallback    callback,
                                                                gpointer               user_data);
RamoCompactResult    *ramo_agent_session_compact_finish        (RamoAgentSession      *self,
                                                                GAsyncResult          *result,
                                                                GError               **error);
gboolean              ramo_agent_session_branch                (RamoAgentSession      *self,
                                                                const char            *entry_id,
                                                                char                 **editor_text,
                                                                char                 **new_path,
                                                                RamoSessionManager   **new_manager,
                                                                GError               **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (RamoTreeOptions, ramo_tree_options_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (RamoTreeResult, ramo_tree_result_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (RamoCompactOptions, ramo_compact_options_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (RamoCompactResult, ramo_compact_result_free)

G_END_DECLS

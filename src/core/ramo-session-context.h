/* ramo-session-context.h
 *
 * Copyright 2026 The Ramo authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <json-glib/json-glib.h>

#include "ramo-session-manager.h"

G_BEGIN_DECLS

/**
 * RamoContextItemKind:
 * @RAMO_CONTEXT_ITEM_MESSAGE: a `message` entry's message
 * @RAMO_CONTEXT_ITEM_CUSTOM_MESSAGE: a `custom_message` entry, as `{role:"custom", …}`
 * @RAMO_CONTEXT_ITEM_BRANCH_SUMMARY: a `branch_summary` entry, as `{role:"branchSummary", …}`
 * @RAMO_CONTEXT_ITEM_COMPACTION_SUMMARY: the last compaction on the path, as `{role:"compactionSummary", …}`
 * @RAMO_CONTEXT_ITEM_COMPACTION_SYSTEM_MESSAGE: the system prompt and tools a compaction stored
 *   (pi 1.6.0's `systemMessage`), before its summary
 * @RAMO_CONTEXT_ITEM_CONTEXT_NOTES: oh-my-pi 18.2.3: the latest context-notes revision on the
 *   path (a `custom` entry of type `experimental_context_notes`), first in the context as a
 *   hidden `{role:"custom", customType:"experimental_context_notes", display:false, …}` message
 */
typedef enum
{
  RAMO_CONTEXT_ITEM_MESSAGE,
  RAMO_CONTEXT_ITEM_CUSTOM_MESSAGE,
  RAMO_CONTEXT_ITEM_BRANCH_SUMMARY,
  RAMO_CONTEXT_ITEM_COMPACTION_SUMMARY,
  RAMO_CONTEXT_ITEM_COMPACTION_SYSTEM_MESSAGE,
  RAMO_CONTEXT_ITEM_CONTEXT_NOTES,
} RamoContextItemKind;

#define RAMO_TYPE_SESSION_CONTEXT (ramo_session_context_get_type ())

GType               ramo_session_context_get_type          (void) G_GNUC_CONST;
RamoSessionContext *ramo_session_context_ref               (RamoSessionContext  *self);
void                ramo_session_context_unref             (RamoSessionContext  *self);
RamoEntry          *ramo_session_context_get_leaf          (RamoSessionContext  *self);
char               *ramo_session_context_dup_thinking_level (RamoSessionContext *self);
char               *ramo_session_context_dup_model         (RamoSessionContext  *self);
guint               ramo_session_context_get_n_messages    (RamoSessionContext  *self);
RamoContextItemKind ramo_session_context_get_kind          (RamoSessionContext  *self,
                                                            guint                position);
RamoEntry          *ramo_session_context_get_entry         (RamoSessionContext  *self,
                                                            guint                position);
RamoEntry          *ramo_session_context_get_edit          (RamoSessionContext  *self,
                                                            guint                position);
RamoEntry          *ramo_session_manager_get_context_edit  (RamoSessionManager  *self,
                                                            const char          *id);
JsonNode           *ramo_session_context_dup_message       (RamoSessionContext  *self,
                                                            guint                position,
                                                            GError             **error);
JsonNode           *ramo_session_context_dup_system_message (RamoSessionContext *self,
                                                            GError             **error);
char               *ramo_session_context_to_json           (RamoSessionContext  *self,
                                                            GError             **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (RamoSessionContext, ramo_session_context_unref)

G_END_DECLS

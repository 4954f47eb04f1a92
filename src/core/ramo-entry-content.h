/* ramo-entry-content.h
 *
 * Copyright 2026 The Ramo authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "ramo-session-manager.h"

G_BEGIN_DECLS

/**
 * RamoToolCall:
 * @id: (nullable): the call's `id`
 * @name: the tool's `name` ("" when missing)
 * @arguments: its `arguments` as `JSON.stringify()` writes them (`{}` when missing)
 *
 * One tool call of an assistant message.
 */
typedef struct
{
  char *id;
  char *name;
  char *arguments;
} RamoToolCall;

/**
 * RamoEntryContent:
 * @id: the entry's id
 * @timestamp: (nullable): its `timestamp` as written
 * @type: the entry's type
 * @role: its message role, %RAMO_MESSAGE_ROLE_NONE when not a message
 * @kind: what it is, as the file names it: the message's role (`user`, `assistant`,
 *   `toolResult`, …) or the entry's type (`compaction`, `branch_summary`, …)
 * @detail: (nullable): one line more: an assistant's model, a tool result's tool, a command,
 *   a custom type, a model or thinking level chosen, the target of a label
 * @text: the entry's text: a message's text blocks (images as `[image]`), a summary, a label,
 *   a name; for entries without one, their members but the id, parent, time and type as JSON;
 *   never %NULL
 * @thinking: (nullable): an assistant's thinking blocks
 * @tool_calls: (element-type RamoToolCall): an assistant's tool calls, in order
 * @is_error: a tool result marked `isError`, an assistant message that stopped on an error or
 *   was aborted, a command that exited with a status other than 0
 *
 * What Ramo compares and exports of one entry, read from its body.
 */
typedef struct
{
  char            *id;
  char            *timestamp;
  RamoEntryType    type;
  RamoMessageRole  role;
  char            *kind;
  char            *detail;
  char            *text;
  char            *thinking;
  GPtrArray       *tool_calls;
  gboolean         is_error;
} RamoEntryContent;

RamoEntryContent *ramo_entry_content_new         (const RamoEntry          *entry,
                                                  JsonObject               *body);
RamoEntryContent *ramo_entry_content_read        (RamoSessionManager       *manager,
                                                  const RamoEntry          *entry,
                                                  GError                  **error);
gboolean          ramo_entry_content_equal       (const RamoEntryContent   *a,
                                                  const RamoEntryContent   *b);
gboolean          ramo_tool_call_equal           (const RamoToolCall       *a,
                                                  const RamoToolCall       *b);
void              ramo_entry_content_free        (RamoEntryContent         *content);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (RamoEntryContent, ramo_entry_content_free)

G_END_DECLS

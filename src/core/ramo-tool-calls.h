/* ramo-tool-calls.h — the files a session's tool calls touched
 *
 * Copyright 2026 The Ramo authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "ramo-session-manager.h"

G_BEGIN_DECLS

/**
 * RamoToolAccess:
 * @RAMO_TOOL_ACCESS_NONE: the call names a path but neither reads nor changes it (`grep`,
 *   `find`, `ls`, …)
 * @RAMO_TOOL_ACCESS_READ: a `read` call
 * @RAMO_TOOL_ACCESS_WRITE: a `write` call
 * @RAMO_TOOL_ACCESS_EDIT: an `edit` call
 *
 * What a tool call does to the path it names, by the tool's name (pi's and oh-my-pi's
 * `read`, `write` and `edit` tools, as their compactions count files).
 */
typedef enum
{
  RAMO_TOOL_ACCESS_NONE,
  RAMO_TOOL_ACCESS_READ,
  RAMO_TOOL_ACCESS_WRITE,
  RAMO_TOOL_ACCESS_EDIT,
} RamoToolAccess;

/**
 * RamoFilesScope:
 * @RAMO_FILES_SESSION: every entry of the session
 * @RAMO_FILES_SUBTREE: an entry and every entry below it
 * @RAMO_FILES_PATH: the entries from the root to an entry (its branch as the agent sees it)
 *
 * Which entries ramo_session_manager_dup_files() looks at.
 */
typedef enum
{
  RAMO_FILES_SESSION,
  RAMO_FILES_SUBTREE,
  RAMO_FILES_PATH,
} RamoFilesScope;

/**
 * RamoFileTouch:
 * @path: the path as the tool calls name it (owned by the session manager)
 * @n_read: `read` calls that name it
 * @n_write: `write` calls
 * @n_edit: `edit` calls
 * @n_errors: of those calls, the ones whose tool result is an error (`isError`)
 *
 * One file the tool calls of some entries read, wrote or edited.
 */
typedef struct
{
  const char *path;
  guint       n_read;
  guint       n_write;
  guint       n_edit;
  guint       n_errors;
} RamoFileTouch;

GArray    *ramo_session_manager_dup_files            (RamoSessionManager *self,
                                                      RamoFilesScope      scope,
                                                      const char         *id,
                                                      GError            **error);
GPtrArray *ramo_session_manager_dup_entries_touching (RamoSessionManager *self,
                                                      const char         *path);
guint      ramo_session_manager_get_n_tool_calls     (RamoSessionManager *self,
                                                      RamoEntry          *entry);
const char *ramo_session_manager_get_tool_call       (RamoSessionManager *self,
                                                      RamoEntry          *entry,
                                                      guint               i,
                                                      const char        **path,
                                                      RamoToolAccess     *access,
                                                      int                *is_error);

G_END_DECLS

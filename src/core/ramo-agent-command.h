/* ramo-agent-command.h — finding the agent that owns a session, and the command lines Ramo
 * starts it with
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

#include "ramo-agent-session.h"
#include "ramo-dialect.h"

G_BEGIN_DECLS

#define RAMO_AGENT_ERROR (ramo_agent_error_quark ())

/**
 * RamoAgentError:
 * @RAMO_AGENT_ERROR_NOT_FOUND: the agent's command was not found or could not be started
 *   (not installed, not on `PATH`, a `RAMO_PI_COMMAND` that names nothing)
 * @RAMO_AGENT_ERROR_NO_EXTENSION: Ramo's extension (`ramo-extension.js`) was not found, or
 *   the agent did not load it
 * @RAMO_AGENT_ERROR_NO_FOLDER: the session's working folder (its header's `cwd`) is gone;
 *   the agent runs in it and refuses a session whose folder does not exist
 * @RAMO_AGENT_ERROR_EXITED: the agent's process ended while Ramo was waiting for it; the
 *   message ends with what it wrote on stderr last
 * @RAMO_AGENT_ERROR_REPORTED: the agent reported an error: the message is the agent's own
 *   words (a failed command, a provider error in the reply, a failed summary)
 * @RAMO_AGENT_ERROR_PROTOCOL: the agent wrote something Ramo cannot read as its RPC protocol
 * @RAMO_AGENT_ERROR_UNSUPPORTED: this agent cannot do what was asked (the message says what)
 * @RAMO_AGENT_ERROR_NOT_RUNNING: the agent is not running (not started yet, or stopped)
 *
 * Errors of driving an agent over its RPC mode (#RamoAgentProcess). A run the caller aborted
 * ends with %G_IO_ERROR_CANCELLED instead.
 */
typedef enum
{
  RAMO_AGENT_ERROR_NOT_FOUND = 1,
  RAMO_AGENT_ERROR_NO_EXTENSION,
  RAMO_AGENT_ERROR_NO_FOLDER,
  RAMO_AGENT_ERROR_EXITED,
  RAMO_AGENT_ERROR_REPORTED,
  RAMO_AGENT_ERROR_PROTOCOL,
  RAMO_AGENT_ERROR_UNSUPPORTED,
  RAMO_AGENT_ERROR_NOT_RUNNING,
} RamoAgentError;

/**
 * RAMO_AGENT_EXTENSION_RESULT_PREFIX:
 *
 * How a notification of Ramo's extension that answers a command begins (a JSON object follows).
 */
#define RAMO_AGENT_EXTENSION_RESULT_PREFIX "ramo-extension-result "

GQuark       ramo_agent_error_quark                 (void);

const char  *ramo_agent_command_get_variable        (RamoDialect            dialect);
const char  *ramo_agent_command_get_setting         (RamoDialect            dialect);
char       **ramo_agent_command_find                (RamoDialect            dialect,
                                                     const char            *configured,
                                                     GError               **error);
char        *ramo_agent_command_find_extension      (GError               **error);
char       **ramo_agent_command_build_rpc           (RamoDialect            dialect,
                                                     const char * const    *command,
                                                     const char            *session_path,
                                                     const char            *extension_path);
char       **ramo_agent_command_build_terminal      (RamoDialect            dialect,
                                                     const char * const    *command,
                                                     const char            *session_path,
                                                     const char            *extension_path,
                                                     const char            *target_id,
                                                     const RamoTreeOptions *options);
char        *ramo_agent_command_navigate_message    (const char            *request,
                                                     const char            *target_id,
                                                     const RamoTreeOptions *options);
char        *ramo_agent_command_label_message       (const char            *request,
                                                     const char            *target_id,
                                                     const char            *label);

G_END_DECLS

/* ramo-hook.h — run an executable hook: JSON in on stdin, JSON out on stdout
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

G_BEGIN_DECLS

#define RAMO_HOOK_ERROR (ramo_hook_error_quark ())

/**
 * RamoHookError:
 * @RAMO_HOOK_ERROR_SPAWN: the hook could not be started
 * @RAMO_HOOK_ERROR_FAILED: the hook exited with a non-zero status or was killed
 * @RAMO_HOOK_ERROR_BAD_OUTPUT: the hook's output is not one JSON object
 * @RAMO_HOOK_ERROR_TIMEOUT: the hook did not finish in time (it was killed)
 *
 * Error codes of the %RAMO_HOOK_ERROR domain. A cancelled run fails with
 * %G_IO_ERROR_CANCELLED instead (the hook is killed).
 */
typedef enum
{
  RAMO_HOOK_ERROR_SPAWN = 1,
  RAMO_HOOK_ERROR_FAILED,
  RAMO_HOOK_ERROR_BAD_OUTPUT,
  RAMO_HOOK_ERROR_TIMEOUT,
} RamoHookError;

#define RAMO_HOOK_DEFAULT_TIMEOUT 30.0

GQuark      ramo_hook_error_quark       (void);
gboolean    ramo_hook_is_scrubbed_variable (const char           *name);
void        ramo_hook_run_async         (const char * const   *argv,
                                         JsonNode             *input,
                                         double                timeout_seconds,
                                         GCancellable         *cancellable,
                                         GAsyncReadyCallback   callback,
                                         gpointer              user_data);
JsonObject *ramo_hook_run_finish        (GAsyncResult         *result,
                                         GError              **error);

gboolean    ramo_hook_answer_boolean    (JsonObject           *answer,
                                         const char           *member,
                                         gboolean             *present,
                                         gboolean             *value,
                                         GError              **error);
gboolean    ramo_hook_answer_string     (JsonObject           *answer,
                                         const char           *member,
                                         gboolean             *present,
                                         char                **value,
                                         GError              **error);
gboolean    ramo_hook_answer_summary    (JsonObject           *answer,
                                         const char           *wrapper_member,
                                         char                **summary,
                                         JsonNode            **details,
                                         GError              **error);

G_END_DECLS

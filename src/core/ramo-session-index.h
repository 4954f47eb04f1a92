/* ramo-session-index.h
 *
 * Copyright 2026 The Ramo authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "ramo-session-info.h"

G_BEGIN_DECLS

#define RAMO_TYPE_SESSION_INDEX (ramo_session_index_get_type ())

G_DECLARE_FINAL_TYPE (RamoSessionIndex, ramo_session_index, RAMO, SESSION_INDEX, GObject)

/**
 * RamoSessionIndexProgress:
 * @done: files read so far
 * @total: files found
 * @user_data: the data given with the function
 *
 * Reports listing progress, from the listing thread.
 */
typedef void (*RamoSessionIndexProgress) (guint    done,
                                          guint    total,
                                          gpointer user_data);

RamoSessionIndex *ramo_session_index_new               (void);
char            **ramo_session_index_default_roots     (const char * const       *extra_folders);
char             *ramo_session_index_find_latest       (const char * const       *roots);
GPtrArray        *ramo_session_index_list              (RamoSessionIndex         *self,
                                                        const char * const       *roots,
                                                        char                   ***folders,
                                                        RamoSessionIndexProgress  progress,
                                                        gpointer                  progress_data,
                                                        GCancellable             *cancellable);
void              ramo_session_index_list_async        (RamoSessionIndex         *self,
                                                        const char * const       *roots,
                                                        RamoSessionIndexProgress  progress,
                                                        gpointer                  progress_data,
                                                        GCancellable             *cancellable,
                                                        GAsyncReadyCallback       callback,
                                                        gpointer                  user_data);
GPtrArray        *ramo_session_index_list_finish       (RamoSessionIndex         *self,
                                                        GAsyncResult             *result,
                                                        char                   ***folders,
                                                        GError                  **error);
void              ramo_session_index_forget            (RamoSessionIndex         *self);

G_END_DECLS

/* ramo-session-loader.h
 *
 * Copyright 2026 The Ramo authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "ramo-session-manager.h"

G_BEGIN_DECLS

#define RAMO_TYPE_SESSION_LOADER (ramo_session_loader_get_type ())

G_DECLARE_FINAL_TYPE (RamoSessionLoader, ramo_session_loader, RAMO, SESSION_LOADER, GObject)

RamoSessionLoader  *ramo_session_loader_new             (const char          *path);
const char         *ramo_session_loader_get_path        (RamoSessionLoader   *self);
gint64              ramo_session_loader_get_bytes_read  (RamoSessionLoader   *self);
gint64              ramo_session_loader_get_total_bytes (RamoSessionLoader   *self);
double              ramo_session_loader_get_fraction    (RamoSessionLoader   *self);
void                ramo_session_loader_start           (RamoSessionLoader   *self,
                                                         GCancellable        *cancellable);
RamoSessionManager *ramo_session_loader_load            (RamoSessionLoader   *self,
                                                         GCancellable        *cancellable,
                                                         GError             **error);
void                ramo_session_loader_load_async      (RamoSessionLoader   *self,
                                                         GCancellable        *cancellable,
                                                         GAsyncReadyCallback  callback,
                                                         gpointer             user_data);
RamoSessionManager *ramo_session_loader_load_finish     (RamoSessionLoader   *self,
                                                         GAsyncResult        *result,
                                                         GError             **error);

G_END_DECLS

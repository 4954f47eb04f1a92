/* ramo-session-info.h
 *
 * Copyright 2026 The Ramo authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

#define RAMO_TYPE_SESSION_INFO (ramo_session_info_get_type ())

G_DECLARE_FINAL_TYPE (RamoSessionInfo, ramo_session_info, RAMO, SESSION_INFO, GObject)

RamoSessionInfo *ramo_session_info_scan                (const char          *path,
                                                        GError             **error);
const char      *ramo_session_info_get_path            (RamoSessionInfo     *self);
const char      *ramo_session_info_get_session_id      (RamoSessionInfo     *self);
const char      *ramo_session_info_get_cwd             (RamoSessionInfo     *self);
const char      *ramo_session_info_get_name            (RamoSessionInfo     *self);
const char      *ramo_session_info_get_first_message   (RamoSessionInfo     *self);
const char      *ramo_session_info_get_title           (RamoSessionInfo     *self);
const char      *ramo_session_info_get_parent_session  (RamoSessionInfo     *self);
guint            ramo_session_info_get_n_messages      (RamoSessionInfo     *self);
guint            ramo_session_info_get_n_branches      (RamoSessionInfo     *self);
gint64           ramo_session_info_get_modified        (RamoSessionInfo     *self);
goffset          ramo_session_info_get_size            (RamoSessionInfo     *self);
gboolean         ramo_session_info_matches             (RamoSessionInfo     *self,
                                                        const char * const  *terms);
char           **ramo_session_info_split_terms         (const char          *search);

G_END_DECLS

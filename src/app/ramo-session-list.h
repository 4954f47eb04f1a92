/* ramo-session-list.h
 *
 * Copyright 2026 The Ramo authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "ramo-session-index.h"

G_BEGIN_DECLS

#define RAMO_TYPE_SESSION_LIST (ramo_session_list_get_type ())

G_DECLARE_FINAL_TYPE (RamoSessionList, ramo_session_list, RAMO, SESSION_LIST, GObject)

RamoSessionList *ramo_session_list_new                 (RamoSessionIndex   *index,
                                                        GSettings          *settings);
void             ramo_session_list_reload              (RamoSessionList    *self);
void             ramo_session_list_set_parent_session  (RamoSessionList    *self,
                                                        const char         *path);
const char      *ramo_session_list_get_parent_session  (RamoSessionList    *self);
void             ramo_session_list_set_roots           (RamoSessionList    *self,
                                                        const char * const *roots);
char           **ramo_session_list_dup_roots           (RamoSessionList    *self);
void             ramo_session_list_set_search          (RamoSessionList    *self,
                                                        const char         *search);
gboolean         ramo_session_list_get_loaded          (RamoSessionList    *self);
gboolean         ramo_session_list_is_loading          (RamoSessionList    *self);
void             ramo_session_list_get_progress        (RamoSessionList    *self,
                                                        guint              *done,
                                                        guint              *total);
GPtrArray       *ramo_session_list_get_sessions        (RamoSessionList    *self);
gint64           ramo_session_list_get_load_time       (RamoSessionList    *self);

G_END_DECLS

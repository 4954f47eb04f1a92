/* ramo-session-browser.h
 *
 * Copyright 2026 The Ramo authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "ramo-session-index.h"
#include "ramo-window.h"

G_BEGIN_DECLS

#define RAMO_TYPE_SESSION_BROWSER (ramo_session_browser_get_type ())

G_DECLARE_FINAL_TYPE (RamoSessionBrowser, ramo_session_browser, RAMO, SESSION_BROWSER, AdwApplicationWindow)

RamoSessionBrowser *ramo_session_browser_new                (GtkApplication     *application,
                                                             RamoSessionIndex   *index,
                                                             GSettings          *settings);
void                ramo_session_browser_set_target         (RamoSessionBrowser *self,
                                                             RamoWindow         *target);
RamoWindow         *ramo_session_browser_get_target         (RamoSessionBrowser *self);
void                ramo_session_browser_set_parent_session (RamoSessionBrowser *self,
                                                             const char         *path);
const char         *ramo_session_browser_get_parent_session (RamoSessionBrowser *self);
void                ramo_session_browser_set_roots          (RamoSessionBrowser *self,
                                                             const char * const *roots);
void                ramo_session_browser_reload             (RamoSessionBrowser *self);
gboolean            ramo_session_browser_is_loading         (RamoSessionBrowser *self);
GListModel         *ramo_session_browser_get_items          (RamoSessionBrowser *self);
GPtrArray          *ramo_session_browser_get_sessions       (RamoSessionBrowser *self);
GtkEditable        *ramo_session_browser_get_search_entry   (RamoSessionBrowser *self);
GtkListView        *ramo_session_browser_get_list_view      (RamoSessionBrowser *self);
const char         *ramo_session_browser_get_page           (RamoSessionBrowser *self);
gint64              ramo_session_browser_get_load_time      (RamoSessionBrowser *self);
gboolean            ramo_session_browser_open               (RamoSessionBrowser *self,
                                                             const char         *path);

char               *ramo_session_browser_describe_item      (gpointer            item);

G_END_DECLS


/* ramo-session-browser-row.h
 *
 * Copyright 2026 The Ramo authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define RAMO_TYPE_SESSION_BROWSER_ROW (ramo_session_browser_row_get_type ())

G_DECLARE_FINAL_TYPE (RamoSessionBrowserRow, ramo_session_browser_row, RAMO, SESSION_BROWSER_ROW, GtkWidget)

void  ramo_session_browser_row_set_item  (RamoSessionBrowserRow *self,
                                          GObject               *item);
char *ramo_session_browser_row_describe  (gpointer               item);

G_END_DECLS

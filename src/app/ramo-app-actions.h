/* ramo-app-actions.h
 *
 * Copyright 2026 The Ramo authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "ramo-window.h"

G_BEGIN_DECLS

void        ramo_app_actions_init       (GtkApplication  *app);
void        ramo_app_setup_window       (RamoWindow      *window);
RamoWindow *ramo_app_find_window        (GtkApplication  *app,
                                         const char      *path);
RamoWindow *ramo_app_open_session       (GtkApplication  *app,
                                         RamoWindow      *target,
                                         const char      *path,
                                         GError         **error);
GtkWindow  *ramo_app_show_browser       (GtkApplication  *app,
                                         RamoWindow      *target);
GtkWindow  *ramo_app_show_preferences   (GtkApplication  *app);
void        ramo_app_show_toast         (GtkWindow       *window,
                                         const char      *message);

G_END_DECLS

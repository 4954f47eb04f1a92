/* ramo-preferences-window.h
 *
 * Copyright 2026 The Ramo authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define RAMO_TYPE_PREFERENCES_WINDOW (ramo_preferences_window_get_type ())

G_DECLARE_FINAL_TYPE (RamoPreferencesWindow, ramo_preferences_window, RAMO, PREFERENCES_WINDOW, AdwPreferencesWindow)

RamoPreferencesWindow *ramo_preferences_window_new                 (GSettings             *settings);
void                   ramo_preferences_window_add_folder          (RamoPreferencesWindow *self,
                                                                    const char            *path);
const char            *ramo_preferences_window_get_keyring_message (RamoPreferencesWindow *self);
GtkWidget             *ramo_preferences_window_get_row             (RamoPreferencesWindow *self,
                                                                    const char            *name);

G_END_DECLS

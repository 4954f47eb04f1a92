/* ramo-application.h
 *
 * Copyright 2026 The Ramo authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "ramo-window.h"

G_BEGIN_DECLS

#define RAMO_TYPE_APPLICATION (ramo_application_get_type ())

G_DECLARE_FINAL_TYPE (RamoApplication, ramo_application, RAMO, APPLICATION, AdwApplication)

RamoApplication *ramo_application_new                (void);
void             ramo_application_tune_allocator     (void);
void             ramo_application_read_ahead         (RamoApplication  *self,
                                                      GFile            *file);
GSettings       *ramo_application_get_settings       (RamoApplication  *self);
RamoWindow      *ramo_application_new_window         (RamoApplication  *self);
RamoWindow      *ramo_application_find_window        (RamoApplication  *self,
                                                      const char       *path);
RamoWindow      *ramo_application_open_session       (RamoApplication  *self,
                                                      RamoWindow       *target,
                                                      const char       *path,
                                                      GError          **error);
GtkWindow       *ramo_application_show_browser       (RamoApplication  *self,
                                                      RamoWindow       *target);
GtkWindow       *ramo_application_show_preferences   (RamoApplication  *self);

G_END_DECLS

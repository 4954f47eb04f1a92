/* ramo-application.h
 *
 * Copyright 2026 The Ramo authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define RAMO_TYPE_APPLICATION (ramo_application_get_type ())

G_DECLARE_FINAL_TYPE (RamoApplication, ramo_application, RAMO, APPLICATION, AdwApplication)

RamoApplication *ramo_application_new                   (void);
char            *ramo_application_find_latest_session   (const char * const *roots);
char            *ramo_application_find_default_session  (void);

G_END_DECLS

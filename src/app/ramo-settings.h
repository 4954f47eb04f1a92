/* ramo-settings.h
 *
 * Copyright 2026 The Ramo authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "ramo-summarizer-config.h"
#include "ramo-window.h"

G_BEGIN_DECLS

GSettings            *ramo_app_get_settings               (void);
RamoSummarizerConfig *ramo_app_dup_summary_config         (void);
char                 *ramo_app_dup_summary_instructions   (void);
char                **ramo_app_dup_session_roots          (void);
void                  ramo_app_settings_attach_window     (RamoWindow *window);

G_END_DECLS

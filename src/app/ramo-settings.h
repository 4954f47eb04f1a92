/* ramo-settings.h
 *
 * Copyright 2026 The Ramo authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "ramo-summarizer-config.h"

G_BEGIN_DECLS

GSettings            *ramo_settings_new                       (void);
RamoSummarizerConfig *ramo_settings_dup_summary_config        (GSettings *settings);
char                 *ramo_settings_dup_summary_instructions  (GSettings *settings);
char                **ramo_settings_dup_session_roots         (GSettings *settings);

G_END_DECLS

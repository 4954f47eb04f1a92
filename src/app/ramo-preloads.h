/* ramo-preloads.h
 *
 * Copyright 2026 The Ramo authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "ramo-session-loader.h"

G_BEGIN_DECLS

#define RAMO_TYPE_PRELOADS (ramo_preloads_get_type ())

G_DECLARE_FINAL_TYPE (RamoPreloads, ramo_preloads, RAMO, PRELOADS, GObject)

RamoPreloads      *ramo_preloads_new        (void);
void               ramo_preloads_start      (RamoPreloads *self,
                                             GFile        *file);
RamoSessionLoader *ramo_preloads_take       (RamoPreloads *self,
                                             const char   *path);
gboolean           ramo_preloads_is_pending (RamoPreloads *self,
                                             const char   *path);
void               ramo_preloads_clear      (RamoPreloads *self);

G_END_DECLS

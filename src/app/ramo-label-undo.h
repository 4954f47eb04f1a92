/* ramo-label-undo.h
 *
 * Copyright 2026 The Ramo authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "ramo-window.h"

G_BEGIN_DECLS

char     *ramo_label_undo_append        (RamoWindow  *window,
                                         const char  *id,
                                         const char  *label,
                                         GError     **error);
AdwToast *ramo_label_undo_get_toast     (RamoWindow  *window);
gboolean  ramo_label_undo_activate      (RamoWindow  *window);

G_END_DECLS

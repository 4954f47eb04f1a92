/* ramo-path-bar.h — the branch points from the top of the tree to the selected entry
 *
 * Copyright 2026 The Ramo authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "ramo-projection.h"

G_BEGIN_DECLS

/* How many branch points the bar shows at the most (the nearest to the selection). */
#define RAMO_PATH_BAR_MAX_CRUMBS 12

#define RAMO_TYPE_PATH_BAR (ramo_path_bar_get_type ())

G_DECLARE_FINAL_TYPE (RamoPathBar, ramo_path_bar, RAMO, PATH_BAR, GtkWidget)

GtkWidget *ramo_path_bar_new      (void);
void       ramo_path_bar_set_path (RamoPathBar     *self,
                                   RamoProjection  *projection,
                                   const RamoEntry *selected,
                                   const RamoEntry *scrolled_off);
GPtrArray *ramo_path_bar_get_ids  (RamoPathBar     *self);
guint      ramo_path_bar_get_n_scrolled_off (RamoPathBar *self);
void       ramo_path_bar_activate (RamoPathBar     *self,
                                   guint            index);
const char *ramo_path_bar_get_crumb_tooltip (GtkWidget *button);

G_END_DECLS

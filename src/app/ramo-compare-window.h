/* ramo-compare-window.h
 *
 * Copyright 2026 The Ramo authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "ramo-list-view.h"
#include "ramo-session-compare.h"

G_BEGIN_DECLS

#define RAMO_TYPE_COMPARE_WINDOW (ramo_compare_window_get_type ())

G_DECLARE_FINAL_TYPE (RamoCompareWindow, ramo_compare_window, RAMO, COMPARE_WINDOW, AdwWindow)

RamoCompareWindow        *ramo_compare_window_new           (GtkWindow           *parent);
void                      ramo_compare_window_set_compare   (RamoCompareWindow   *self,
                                                             RamoSessionCompare  *compare,
                                                             const char          *file_name);
const RamoSessionCompare *ramo_compare_window_get_compare   (RamoCompareWindow   *self);
RamoListView             *ramo_compare_window_get_list_view (RamoCompareWindow   *self);
GtkWidget                *ramo_compare_window_get_detail    (RamoCompareWindow   *self);
char                     *ramo_compare_window_dup_figures   (RamoCompareWindow   *self,
                                                             gboolean             right);
char                     *ramo_compare_window_dup_header    (RamoCompareWindow   *self,
                                                             gboolean             right);
char                     *ramo_compare_step_dup_markup      (const RamoComparePair *pair,
                                                             gboolean             right);
char                     *ramo_compare_step_dup_line_markup (const RamoComparePair *pair,
                                                             gboolean             right);
char                     *ramo_compare_step_dup_title       (const RamoComparePair *pair);
gboolean                  ramo_compare_window_export_to     (RamoCompareWindow   *self,
                                                             GFile               *file,
                                                             GError             **error);

G_END_DECLS

/* ramo-list-slice.h
 *
 * Copyright 2026 The Ramo authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

#define RAMO_TYPE_LIST_SLICE (ramo_list_slice_get_type ())

G_DECLARE_FINAL_TYPE (RamoListSlice, ramo_list_slice, RAMO, LIST_SLICE, GObject)

RamoListSlice *ramo_list_slice_new      (GListModel    *model,
                                         guint          start,
                                         guint          n_items);
GListModel    *ramo_list_slice_get_model (RamoListSlice *self);
guint          ramo_list_slice_get_start (RamoListSlice *self);
gboolean       ramo_list_slice_is_whole  (RamoListSlice *self);
gboolean       ramo_list_slice_grow      (RamoListSlice *self,
                                          guint          max_items);
void           ramo_list_slice_detach    (RamoListSlice *self);

G_END_DECLS

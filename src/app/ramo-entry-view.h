/* ramo-entry-view.h
 *
 * Copyright 2026 The Ramo authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "ramo-files-list.h"
#include "ramo-session-manager.h"

G_BEGIN_DECLS

#define RAMO_TYPE_ENTRY_VIEW (ramo_entry_view_get_type ())

G_DECLARE_FINAL_TYPE (RamoEntryView, ramo_entry_view, RAMO, ENTRY_VIEW, GtkWidget)

void        ramo_entry_view_set_entry    (RamoEntryView      *self,
                                          RamoSessionManager *manager,
                                          const char         *id);
const char *ramo_entry_view_get_entry_id (RamoEntryView      *self);
char       *ramo_entry_view_dup_text     (RamoEntryView      *self);
const char *ramo_entry_view_get_title    (RamoEntryView      *self);
const char *ramo_entry_view_get_figures_text (RamoEntryView  *self);
RamoFilesList *ramo_entry_view_get_files_list (RamoEntryView *self);

G_END_DECLS

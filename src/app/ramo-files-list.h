/* ramo-files-list.h
 *
 * Copyright 2026 The Ramo authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "ramo-session-manager.h"

G_BEGIN_DECLS

#define RAMO_TYPE_FILES_LIST (ramo_files_list_get_type ())

G_DECLARE_FINAL_TYPE (RamoFilesList, ramo_files_list, RAMO, FILES_LIST, GtkWidget)

void   ramo_files_list_set_entry   (RamoFilesList      *self,
                                    RamoSessionManager *manager,
                                    const char         *id);
void   ramo_files_list_set_subtree (RamoFilesList      *self,
                                    gboolean            subtree);
guint  ramo_files_list_get_n_files (RamoFilesList      *self);

G_END_DECLS

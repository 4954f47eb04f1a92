/* ramo-session-row.h
 *
 * Copyright 2026 The Ramo authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "ramo-figures-text.h"
#include "ramo-projection.h"

G_BEGIN_DECLS

#define RAMO_TYPE_SESSION_ROW (ramo_session_row_get_type ())

G_DECLARE_FINAL_TYPE (RamoSessionRow, ramo_session_row, RAMO, SESSION_ROW, GtkWidget)

RamoProjectionNode *ramo_session_row_get_node          (RamoSessionRow     *self);
void                ramo_session_row_set_node          (RamoSessionRow     *self,
                                                        RamoProjectionNode *node);
void                ramo_session_row_start_editing     (RamoSessionRow     *self);
void                ramo_session_row_stop_editing      (RamoSessionRow     *self,
                                                        gboolean            commit);
gboolean            ramo_session_row_get_editing       (RamoSessionRow     *self);
GtkInscription     *ramo_session_row_get_text_label    (RamoSessionRow     *self);
GtkLabel           *ramo_session_row_get_pill          (RamoSessionRow     *self);
GtkEditable        *ramo_session_row_get_label_entry   (RamoSessionRow     *self);
void                ramo_session_row_refresh_highlight (RamoSessionRow     *self);
void                ramo_session_row_set_search_terms  (RamoSessionRow     *self,
                                                        const char * const *terms);

void            ramo_session_row_set_show_label_time (RamoSessionRow *self,
                                                      gboolean        show);
const char     *ramo_session_row_get_label_time_text (RamoSessionRow *self);

void            ramo_session_row_set_badge           (RamoSessionRow     *self,
                                                      RamoBadge           badge,
                                                      RamoSessionManager *manager);
void            ramo_session_row_refresh_badge       (RamoSessionRow     *self);
const char     *ramo_session_row_get_badge_text      (RamoSessionRow     *self);
char           *ramo_session_row_dup_badge_tooltip   (RamoSessionRow     *self);

G_END_DECLS

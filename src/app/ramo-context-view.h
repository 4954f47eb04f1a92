/* ramo-context-view.h
 *
 * Copyright 2026 The Ramo authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "ramo-session-manager.h"

G_BEGIN_DECLS

#define RAMO_TYPE_CONTEXT_VIEW (ramo_context_view_get_type ())

G_DECLARE_FINAL_TYPE (RamoContextView, ramo_context_view, RAMO, CONTEXT_VIEW, GtkWidget)

RamoSessionManager *ramo_context_view_get_manager    (RamoContextView    *self);
void                ramo_context_view_set_manager    (RamoContextView    *self,
                                                      RamoSessionManager *manager);
void                ramo_context_view_refresh        (RamoContextView    *self);
void                ramo_context_view_show_earlier   (RamoContextView    *self);
guint               ramo_context_view_get_n_messages (RamoContextView    *self);
guint               ramo_context_view_get_n_shown    (RamoContextView    *self);
const char         *ramo_context_view_get_summary    (RamoContextView    *self);
void                _ramo_context_view_set_build_budget (RamoContextView *self,
                                                         gint64           budget);

G_END_DECLS

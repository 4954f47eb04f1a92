/* ramo-problems-window.h
 *
 * Copyright 2026 The Ramo authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "ramo-session-problem.h"

G_BEGIN_DECLS

#define RAMO_TYPE_PROBLEMS_WINDOW (ramo_problems_window_get_type ())

G_DECLARE_FINAL_TYPE (RamoProblemsWindow, ramo_problems_window, RAMO, PROBLEMS_WINDOW, AdwWindow)

RamoProblemsWindow *ramo_problems_window_new          (GtkWindow          *parent);
void                ramo_problems_window_set_problems (RamoProblemsWindow *self,
                                                       const char         *file_name,
                                                       GPtrArray          *problems);
GListModel         *ramo_problems_window_get_model    (RamoProblemsWindow *self);
GtkListView        *ramo_problems_window_get_list_view (RamoProblemsWindow *self);
char               *ramo_problem_dup_title            (const RamoProblem  *problem);
char               *ramo_problem_dup_description      (const RamoProblem  *problem);

G_END_DECLS

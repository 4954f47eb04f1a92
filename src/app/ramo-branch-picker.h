/* ramo-branch-picker.h
 *
 * Copyright 2026 The Ramo authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "ramo-session-manager.h"

G_BEGIN_DECLS

#define RAMO_TYPE_BRANCH_PICKER (ramo_branch_picker_get_type ())

G_DECLARE_FINAL_TYPE (RamoBranchPicker, ramo_branch_picker, RAMO, BRANCH_PICKER, AdwWindow)

RamoBranchPicker *ramo_branch_picker_new        (GtkWindow          *parent,
                                                 RamoSessionManager *manager);
GListModel       *ramo_branch_picker_get_model  (RamoBranchPicker   *self);
void              ramo_branch_picker_set_search (RamoBranchPicker   *self,
                                                 const char         *text);
void              ramo_branch_picker_choose     (RamoBranchPicker   *self,
                                                 guint               position);

G_END_DECLS

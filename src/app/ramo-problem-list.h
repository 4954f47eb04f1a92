/* ramo-problem-list.h
 *
 * Copyright 2026 The Ramo authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "ramo-session-problem.h"

G_BEGIN_DECLS

#define RAMO_TYPE_PROBLEM_ITEM (ramo_problem_item_get_type ())

G_DECLARE_FINAL_TYPE (RamoProblemItem, ramo_problem_item, RAMO, PROBLEM_ITEM, GObject)

const RamoProblem *ramo_problem_item_get_problem (RamoProblemItem *self);

#define RAMO_TYPE_PROBLEM_LIST (ramo_problem_list_get_type ())

G_DECLARE_FINAL_TYPE (RamoProblemList, ramo_problem_list, RAMO, PROBLEM_LIST, GObject)

RamoProblemList   *ramo_problem_list_new         (GPtrArray       *problems);

G_END_DECLS

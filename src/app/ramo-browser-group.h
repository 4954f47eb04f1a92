/* ramo-browser-group.h
 *
 * Copyright 2026 The Ramo authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

#define RAMO_TYPE_BROWSER_GROUP (ramo_browser_group_get_type ())

G_DECLARE_FINAL_TYPE (RamoBrowserGroup, ramo_browser_group, RAMO, BROWSER_GROUP, GObject)

RamoBrowserGroup *ramo_browser_group_new             (const char       *cwd,
                                                      guint             n_sessions);
const char       *ramo_browser_group_get_cwd         (RamoBrowserGroup *self);
guint             ramo_browser_group_get_n_sessions  (RamoBrowserGroup *self);
gboolean          ramo_browser_group_equal           (RamoBrowserGroup *self,
                                                      RamoBrowserGroup *other);

G_END_DECLS

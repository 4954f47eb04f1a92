/* ramo-accessible.h
 *
 * Copyright 2026 The Ramo authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

void ramo_accessible_init        (void);
void ramo_accessible_fix_buttons (GtkWidget *widget);

G_END_DECLS

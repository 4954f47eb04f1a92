/* ramo-session-links.h
 *
 * Copyright 2026 The Ramo authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "ramo-window.h"

G_BEGIN_DECLS

void        ramo_session_links_attach             (RamoWindow *window);
char       *ramo_session_links_dup_parent_session (RamoWindow *window);

G_END_DECLS

/* ramo-types.h
 *
 * Copyright 2026 The Ramo authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct _RamoEntry          RamoEntry;
typedef struct _RamoSessionContext RamoSessionContext;
typedef struct _RamoLoadIssue      RamoLoadIssue;

G_END_DECLS

/* ramo-entry-omp-private.h
 *
 * Copyright 2026 The Ramo authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "ramo-entry.h"
#include "ramo-entry-members-private.h"
#include "ramo-json-scan.h"

G_BEGIN_DECLS

/* The text written for a value oh-my-pi leaves undefined, where ids are compared as JSON texts
 * (a tool call without `id` pairs with a result without `toolCallId`, as in a JavaScript Set). */
#define RAMO_OMP_UNDEFINED "undefined"

/* ramo-session-lines-omp.c */
void  _ramo_entry_fill_omp (GStringChunk         *strings,
                            RamoEntry            *entry,
                            RamoScan             *scan,
                            const RamoTopMembers *top);
void  _ramo_omp_append_id  (RamoScan     *scan,
                            guint         node,
                            GString      *out);

G_END_DECLS

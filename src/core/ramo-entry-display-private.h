/* ramo-entry-display-private.h — pi's `/tree` display text, for the session manager's lines
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

/* What the display text of a tool result needs from the lines before it: the tool calls seen
 * so far. One per extracting thread, and one for appends. */
typedef struct _RamoDisplayState RamoDisplayState;

RamoDisplayState *_ramo_display_state_new         (void);
void              _ramo_display_state_free        (RamoDisplayState *state);
GPtrArray        *_ramo_display_state_get_calls   (RamoDisplayState *state);
const char       *_ramo_display_state_get_call_id (RamoDisplayState *state);
const char       *_ramo_entry_compute_display     (RamoDisplayState     *state,
                                                   GStringChunk         *strings,
                                                   RamoEntry            *entry,
                                                   RamoScan             *scan,
                                                   const RamoTopMembers *top);

G_END_DECLS

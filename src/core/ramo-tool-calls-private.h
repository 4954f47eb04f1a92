/* ramo-tool-calls-private.h — the tool-call index the session manager keeps
 *
 * Copyright 2026 The Ramo authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "ramo-entry.h"
#include "ramo-entry-members-private.h"
#include "ramo-json-scan.h"
#include "ramo-tool-calls.h"

G_BEGIN_DECLS

typedef struct _RamoToolIndex RamoToolIndex;

RamoToolIndex *_ramo_tool_index_new     (void);
void           _ramo_tool_index_free    (RamoToolIndex *index);

/* Extraction (any thread): what the line's tool calls name, packed, appended to @out with a
 * NUL after it. Returns FALSE (nothing appended) when the line has none. */
gboolean       _ramo_tool_calls_extract (RamoScan             *scan,
                                         RamoEntry            *entry,
                                         const RamoTopMembers *top,
                                         GString              *out);
/* Commit (file order): @packed what _ramo_tool_calls_extract() appended; @call_ids the ids of the
 * line's calls that have one, in order (id, formatted call, … as the display state gives them,
 * strings that live as long as the entries); @call_id the call a tool result answers.
 * Returns the formatted call of the latest call with the id @call_id, the display text of a
 * tool result (spec §7), or NULL. */
const char    *_ramo_tool_index_commit  (RamoToolIndex *index,
                                         RamoEntry     *entry,
                                         const char    *packed,
                                         gpointer      *call_ids,
                                         guint          n_call_ids,
                                         const char    *call_id);

/* For the search: what to match, by the name of the call's tool or by its path */
typedef enum
{
  RAMO_TOOL_MATCH_NAME,
  RAMO_TOOL_MATCH_PATH,
} RamoToolMatchField;

typedef gboolean (*RamoToolStringMatch) (const char *text,
                                         gpointer    data);

guint          _ramo_tool_index_get_n_records (RamoToolIndex *index);
void           _ramo_tool_index_mark    (RamoToolIndex      *index,
                                         RamoToolMatchField  field,
                                         RamoToolStringMatch match,
                                         gpointer            data,
                                         guint8             *marks,
                                         guint               n_marks);

G_END_DECLS

/* ramo-entry-members-private.h — the members of an entry line that every step of its
 * extraction reads (ramo-session-lines.c and the fields, figures, display text, tool calls and
 * oh-my-pi's flags it fills), found once in one walk over each object
 *
 * Copyright 2026 The Ramo authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "ramo-json-scan.h"
#include "ramo-message.h"

G_BEGIN_DECLS

/* Node numbers of the scan of one line, 0 for a member the line lacks (the last of a name,
 * as in JSON.parse()) */
typedef struct
{
  /* of the entry object (node 1) */
  guint type;
  guint id;
  guint parent_id;
  guint timestamp;
  guint message;
  /* of `message`, when it is an object */
  guint role;
  guint content;
  guint stop_reason;
  guint usage;
  guint is_error;
  guint tool_name;
  guint details;
} RamoTopMembers;

/* ramo-entry-fields.c */
void _ramo_find_top_members (RamoScan       *scan,
                             RamoTopMembers *top);

/* What a content block is, by its `type` (RamoContentKind: RAMO_CONTENT_TEXT for a `text`
 * block, …, RAMO_CONTENT_OTHER for any other type, none, or a @block that is not an object),
 * looked up once and kept in the block's node: every step of a line's extraction asks. */
guint8 _ramo_scan_block_kind (RamoScan *scan,
                              guint     block);

G_END_DECLS

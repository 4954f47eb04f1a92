/* ramo-dialect.h
 *
 * Copyright 2026 The Ramo authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

/**
 * RamoDialect:
 * @RAMO_DIALECT_PI: the rules of pi 1.6.0 (`@earendil-works/pi-coding-agent`), which read files
 *   without 1.6 entries exactly as pi 0.73.1 does
 * @RAMO_DIALECT_OMP: the rules of oh-my-pi 18.2.3 (`@oh-my-pi/pi-coding-agent`)
 *
 * The agent whose rules a session file is read and written by. Both write version-3 JSONL and
 * agree on the tree but for one thing; they differ in how the context is rebuilt, in some entry
 * types and in how a few entries are written.
 *
 * The one thing: both sort an entry's children with `Array.prototype.sort()` by
 * `new Date(timestamp)`, but pi runs on node (V8) and oh-my-pi on Bun (JavaScriptCore). The
 * orders agree while all the timestamps are valid; with 8 or more children some of which have
 * an invalid timestamp, or a timestamp with non-ASCII white space, they differ
 * (ramo_js_sort_jsc() and ramo_js_date_parse_jsc() give oh-my-pi's). Ramo orders children as
 * the dialect's agent does, and sorts them again when the dialect changes.
 */
typedef enum
{
  RAMO_DIALECT_PI,
  RAMO_DIALECT_OMP,
} RamoDialect;

#define RAMO_TYPE_DIALECT (ramo_dialect_get_type ())

GType        ramo_dialect_get_type            (void) G_GNUC_CONST;
const char  *ramo_dialect_to_string           (RamoDialect  dialect);
gboolean     ramo_dialect_from_string         (const char  *name,
                                               RamoDialect *dialect);
const char  *ramo_dialect_get_agent_name      (RamoDialect  dialect);
gboolean     ramo_dialect_is_omp_entry_type   (const char  *type);
gboolean     ramo_dialect_path_is_omp         (const char  *path);

G_END_DECLS

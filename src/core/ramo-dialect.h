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
 * agree on the tree; they differ in how the context is rebuilt, in some entry types and in
 * how a few entries are written.
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

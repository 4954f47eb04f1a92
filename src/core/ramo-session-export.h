/* ramo-session-export.h
 *
 * Copyright 2026 The Ramo authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "ramo-session-compare.h"

G_BEGIN_DECLS

char *ramo_session_export_path_markdown  (RamoSessionManager        *manager,
                                          const char                *leaf_id,
                                          GError                   **error);
char *ramo_session_compare_to_markdown   (const RamoSessionCompare  *compare);
char *ramo_session_compare_to_json       (const RamoSessionCompare  *compare);
char *ramo_markdown_fence                (const char                *text,
                                          char                       mark);

G_END_DECLS

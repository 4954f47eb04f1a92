/* ramo-js-date-private.h — what Date.parse's parser gives (ramo-js-date-parser.c) to
 * ramo-js-date.c, which makes a time of it
 *
 * Copyright 2026 The Ramo authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* month 1–12; the offset only when the text names a zone */
typedef struct {
  int year, month, day, hour, minute, second, millisecond;
  gboolean has_offset;
  int offset_seconds;
} RamoJsFields;

gboolean _ramo_js_date_parse_fields (const char   *text,
                                     gboolean      jsc,
                                     RamoJsFields *out);

G_END_DECLS

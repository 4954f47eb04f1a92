/* ramo-json.h
 *
 * Copyright 2026 The Ramo authors
 *
 * This program is free software: you can redistribute it and/or modify it under the terms of the
 * GNU General Public License as published by the Free Software Foundation, either version 3 of
 * the License, or (at your option) any later version.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <json-glib/json-glib.h>

G_BEGIN_DECLS

void     ramo_json_write          (GString    *out,
                                   JsonNode   *node);
char    *ramo_json_to_string      (JsonNode   *node);
void     ramo_json_write_escaped_char (GString  *out,
                                       gunichar  c);
void     ramo_json_write_string   (GString    *out,
                                   const char *str);
void     ramo_json_write_number   (GString    *out,
                                   double      value);
const char *ramo_json_member_string (JsonObject *object,
                                     const char *name);
char    *ramo_iso_timestamp_now   (void);

G_END_DECLS

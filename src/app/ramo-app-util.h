/* ramo-app-util.h
 *
 * Copyright 2026 The Ramo authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <json-glib/json-glib.h>
#include <pango/pango.h>

#include "ramo-session-manager.h"

G_BEGIN_DECLS

char          *ramo_format_timestamp            (const char          *iso8601);
char          *ramo_tilde_path                  (const char          *path);
char          *ramo_text_shown                  (const char          *text);
char          *ramo_ellipsize_text              (const char          *text,
                                                 guint                max_chars);
char          *ramo_entry_dup_message_text      (RamoSessionManager  *manager,
                                                 const RamoEntry     *entry,
                                                 GError             **error);
gboolean       ramo_entry_is_user_message       (const RamoEntry     *entry);
gsize          ramo_base64_decoded_size         (const char          *data);
PangoAttrList *ramo_highlight_attributes        (const char          *text,
                                                 const char * const  *terms);
char          *ramo_session_first_user_text     (RamoSessionManager  *manager);
char          *ramo_pretty_json                 (JsonNode            *node);
void           ramo_json_elide_images           (JsonNode            *node);

G_END_DECLS

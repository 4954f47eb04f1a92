/* ramo-core-private.h — small helpers the core's objects share
 *
 * Copyright 2026 The Ramo authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <json-glib/json-glib.h>

G_BEGIN_DECLS

/* Sets the optional text at @field to @text, taking "" as none (a handler, a setting or a
 * command line clears a value with either). Returns TRUE when the value changed, for the
 * caller to notify. (g_set_str() needs GLib 2.76.) */
static inline gboolean
_ramo_set_optional_string (char       **field,
                            const char  *text)
{
  if (text && !*text)
    text = NULL;
  if (g_strcmp0 (*field, text) == 0)
    return FALSE;
  g_free (*field);
  *field = g_strdup (text);
  return TRUE;
}

/* A summary supplied by a hook to a navigation or compaction preparation: its text (as
 * _ramo_set_optional_string()) and the details
 * stored with it, kept only with a text. Returns TRUE when the text changed. */
static inline gboolean
_ramo_preparation_set_summary (char       **summary,
                               JsonNode   **details,
                               const char  *text,
                               JsonNode    *new_details)
{
  g_clear_pointer (details, json_node_unref);
  if (text && *text && new_details)
    *details = json_node_copy (new_details);
  return _ramo_set_optional_string (summary, text);
}

G_END_DECLS

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

G_END_DECLS

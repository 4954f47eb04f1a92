/* ramo-projection-private.h — the projection's internals that tests reach
 *
 * Copyright 2026 The Ramo authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The search's matcher for ASCII terms: whether @needle (lower-case ASCII, at least one byte)
 * occurs in the @text_len bytes of @text, ASCII letters compared without case, every other
 * byte exactly. */
gboolean _ramo_projection_contains_ascii_nocase (const char *text,
                                                 gsize       text_len,
                                                 const char *needle,
                                                 gsize       needle_len);

G_END_DECLS

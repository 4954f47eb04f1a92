/* ramo-markdown-save.h
 *
 * Copyright 2026 The Ramo authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

gboolean ramo_write_text_file (GFile       *file,
                               const char  *text,
                               GError     **error);
void     ramo_save_markdown   (GtkWindow   *parent,
                               const char  *title,
                               const char  *suggested_name,
                               char        *text);

G_END_DECLS

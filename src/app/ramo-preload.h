/* ramo-preload.h
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

#include <gio/gio.h>

G_BEGIN_DECLS

void     ramo_preload_start       (GFile               *file);
gboolean ramo_preload_claim       (const char          *path,
                                   gint                *permille,
                                   GCancellable        *cancellable,
                                   GAsyncReadyCallback  callback,
                                   gpointer             user_data);
gboolean ramo_preload_is_pending  (const char          *path);
void     ramo_preload_clear       (void);

G_END_DECLS

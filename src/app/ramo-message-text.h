/* ramo-message-text.h
 *
 * Copyright 2026 The Ramo authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <json-glib/json-glib.h>

G_BEGIN_DECLS

char *ramo_image_block_dup_caption      (JsonObject *block);
char *ramo_bash_execution_dup_command   (JsonObject *message);

G_END_DECLS

/* ramo-message-text.c
 *
 * Copyright 2026 The Ramo authors
 *
 * This program is free software: you can redistribute it and/or modify it under the terms of the
 * GNU General Public License as published by the Free Software Foundation, either version 3 of
 * the License, or (at your option) any later version.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ramo-message-text"

#include "config.h"

#include <glib/gi18n.h>

#include "ramo-app-util.h"
#include "ramo-json.h"
#include "ramo-message-text.h"

/*
 * The short texts that both the context pane (RamoContextMessage) and the entry pane
 * (RamoEntryView) show for parts of a message, so that the two say the same thing.
 */

/**
 * ramo_image_block_dup_caption:
 * @block: (nullable): an `image` content block
 *
 * Describes an image without its data: its `mimeType` and the size its base64 `data` decodes
 * to, e.g. "Image · image/png · 1234 bytes".
 *
 * Returns: (transfer full): the caption
 */
char *
ramo_image_block_dup_caption (JsonObject *block)
{
  const char *mime = ramo_json_member_string (block, "mimeType");
  gsize size = ramo_base64_decoded_size (ramo_json_member_string (block, "data"));

  return g_strdup_printf (_("Image · %s · %" G_GSIZE_FORMAT " bytes"),
                          mime ? mime : _("unknown type"), size);
}

/**
 * ramo_bash_execution_dup_command:
 * @message: (nullable): a `bashExecution` message (pi's `!command`)
 *
 * Returns: (transfer full): its `command` as typed at a shell prompt, "$ command"
 */
char *
ramo_bash_execution_dup_command (JsonObject *message)
{
  const char *command = ramo_json_member_string (message, "command");

  return g_strdup_printf ("$ %s", command ? command : "");
}

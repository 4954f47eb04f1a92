/* ramo-message.h
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

/**
 * RamoContentKind:
 * @RAMO_CONTENT_TEXT: a `text` block, or a content that is a plain string
 * @RAMO_CONTENT_THINKING: a `thinking` block
 * @RAMO_CONTENT_TOOL_CALL: a `toolCall` block
 * @RAMO_CONTENT_IMAGE: an `image` block
 * @RAMO_CONTENT_OTHER: a block of any other (or no) `type`
 *
 * What one block of a message's `content` is.
 */
typedef enum
{
  RAMO_CONTENT_TEXT = 1,
  RAMO_CONTENT_THINKING,
  RAMO_CONTENT_TOOL_CALL,
  RAMO_CONTENT_IMAGE,
  RAMO_CONTENT_OTHER,
} RamoContentKind;

/**
 * RamoContentFlags:
 * @RAMO_CONTENT_FLAGS_NONE: text blocks only
 * @RAMO_CONTENT_MARK_IMAGES: an image block reads as `[image]`
 *
 * How ramo_content_dup_text() renders a content.
 */
typedef enum
{
  RAMO_CONTENT_FLAGS_NONE = 0,
  RAMO_CONTENT_MARK_IMAGES = 1 << 0,
} RamoContentFlags;

/**
 * RamoContentIter:
 * @kind: what the current block is
 * @node: the current block's node (the content itself for a string content)
 * @block: (nullable): the current block's object, %NULL for a string content
 * @text: (nullable): for a text block its `text`, for a thinking block its `thinking`, for a
 *   string content the string; %NULL when that member is missing or not a string
 *
 * Walks the blocks of a message's `content` (a string, or an array of block objects; elements
 * that are not objects are passed over). Fill it with ramo_content_iter_init(), then call
 * ramo_content_iter_next() until it returns %FALSE; the fields describe the current block.
 * It borrows @content, which must outlive it.
 */
typedef struct
{
  RamoContentKind  kind;
  JsonNode        *node;
  JsonObject      *block;
  const char      *text;

  /*< private >*/
  JsonNode        *content;
  guint            position;
} RamoContentIter;

void      ramo_content_iter_init  (RamoContentIter   *iter,
                                   JsonNode          *content);
gboolean  ramo_content_iter_next  (RamoContentIter   *iter);
gboolean  ramo_content_is_text_or_blocks (JsonNode   *content);
char     *ramo_content_dup_text   (JsonNode          *content,
                                   const char        *separator,
                                   RamoContentFlags   flags);
char     *ramo_message_dup_editor_text (JsonObject   *entry);

G_END_DECLS

/* ramo-message.c
 *
 * Copyright 2026 The Ramo authors
 *
 * This program is free software: you can redistribute it and/or modify it under the terms of the
 * GNU General Public License as published by the Free Software Foundation, either version 3 of
 * the License, or (at your option) any later version.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ramo-message"

#include "config.h"

#include "ramo-json.h"
#include "ramo-message.h"

/* The one walker over a message's `content`: every room that reads blocks (the summarizer's
 * transcript, the navigation's editor text, the context and entry panes, the session index)
 * goes through it. The load hot path classifies blocks over the scanner's spans instead
 * (ramo-entry-display.c), without building JSON nodes. */

static gboolean
is_string (JsonNode *node)
{
  return node != NULL && JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) == G_TYPE_STRING;
}

/**
 * ramo_content_iter_init:
 * @iter: (out caller-allocates): the iterator to fill
 * @content: (nullable): a message's `content`: a string or an array of blocks
 *
 * Prepares @iter to walk @content; anything else than a string or an array walks as empty.
 */
void
ramo_content_iter_init (RamoContentIter *iter,
                        JsonNode        *content)
{
  g_return_if_fail (iter != NULL);

  *iter = (RamoContentIter) { 0 };
  iter->content = content;
}

/**
 * ramo_content_iter_next:
 * @iter: an iterator filled by ramo_content_iter_init()
 *
 * Moves to the next block and describes it in @iter's public fields.
 *
 * Returns: %TRUE if there is a block, %FALSE at the end
 */
gboolean
ramo_content_iter_next (RamoContentIter *iter)
{
  JsonArray *blocks;

  g_return_val_if_fail (iter != NULL, FALSE);

  if (iter->content == NULL)
    return FALSE;

  if (is_string (iter->content))
    {
      if (iter->position++ > 0)
        return FALSE;
      iter->kind = RAMO_CONTENT_TEXT;
      iter->node = iter->content;
      iter->block = NULL;
      iter->text = json_node_get_string (iter->content);
      return TRUE;
    }

  if (!JSON_NODE_HOLDS_ARRAY (iter->content))
    return FALSE;

  blocks = json_node_get_array (iter->content);
  while (iter->position < json_array_get_length (blocks))
    {
      JsonNode *node = json_array_get_element (blocks, iter->position++);
      const char *type;

      if (!JSON_NODE_HOLDS_OBJECT (node))
        continue;

      iter->node = node;
      iter->block = json_node_get_object (node);
      iter->text = NULL;
      type = ramo_json_member_string (iter->block, "type");
      if (g_strcmp0 (type, "text") == 0)
        {
          iter->kind = RAMO_CONTENT_TEXT;
          iter->text = ramo_json_member_string (iter->block, "text");
        }
      else if (g_strcmp0 (type, "thinking") == 0)
        {
          iter->kind = RAMO_CONTENT_THINKING;
          iter->text = ramo_json_member_string (iter->block, "thinking");
        }
      else if (g_strcmp0 (type, "toolCall") == 0)
        iter->kind = RAMO_CONTENT_TOOL_CALL;
      else if (g_strcmp0 (type, "image") == 0)
        iter->kind = RAMO_CONTENT_IMAGE;
      else
        iter->kind = RAMO_CONTENT_OTHER;
      return TRUE;
    }

  return FALSE;
}

/**
 * ramo_content_is_text_or_blocks:
 * @content: (nullable): a message's `content`
 *
 * Returns: %TRUE if @content is a string or an array, the two shapes the agents write
 */
gboolean
ramo_content_is_text_or_blocks (JsonNode *content)
{
  return content != NULL && (is_string (content) || JSON_NODE_HOLDS_ARRAY (content));
}

/**
 * ramo_content_dup_text:
 * @content: (nullable): a message's `content`: a string or an array of blocks
 * @separator: what goes between two pieces, e.g. "\n"
 * @flags: whether images read as `[image]`
 *
 * The text of @content: the string itself, or the `text` of its text blocks (and a placeholder
 * for each image with %RAMO_CONTENT_MARK_IMAGES) joined with @separator. Text blocks without a
 * string `text` are passed over, as JavaScript's `join` passes over `undefined`.
 *
 * Returns: (transfer full): the text, "" when there is none
 */
char *
ramo_content_dup_text (JsonNode         *content,
                       const char       *separator,
                       RamoContentFlags  flags)
{
  GString *out;
  RamoContentIter iter;
  gboolean first = TRUE;

  g_return_val_if_fail (separator != NULL, NULL);

  out = g_string_new (NULL);
  ramo_content_iter_init (&iter, content);
  while (ramo_content_iter_next (&iter))
    {
      const char *piece = NULL;

      if (iter.kind == RAMO_CONTENT_TEXT)
        piece = iter.text;
      else if (iter.kind == RAMO_CONTENT_IMAGE && (flags & RAMO_CONTENT_MARK_IMAGES))
        piece = "[image]";
      if (piece == NULL)
        continue;
      if (!first)
        g_string_append (out, separator);
      g_string_append (out, piece);
      first = FALSE;
    }

  return g_string_free (out, FALSE);
}

/**
 * ramo_message_dup_editor_text:
 * @entry: (nullable): an entry's JSON object: a `message` (its `message.content` is read) or a
 *   `custom_message` (its `content`)
 *
 * The text that navigating to @entry puts into the editor: its text blocks joined with nothing
 * between them, as pi's `AgentSession.navigateTree()` does (`_extractUserMessageText`, and the
 * same filter for a `custom_message`; pi 0.73.1 and 1.6.0).
 *
 * Returns: (transfer full): the text, "" for any other entry or when there is none
 */
char *
ramo_message_dup_editor_text (JsonObject *entry)
{
  const char *type = ramo_json_member_string (entry, "type");
  JsonNode *content = NULL;

  if (g_strcmp0 (type, "custom_message") == 0)
    content = json_object_get_member (entry, "content");
  else if (g_strcmp0 (type, "message") == 0)
    {
      JsonNode *message = json_object_get_member (entry, "message");

      if (message != NULL && JSON_NODE_HOLDS_OBJECT (message))
        content = json_object_get_member (json_node_get_object (message), "content");
    }

  return ramo_content_dup_text (content, "", RAMO_CONTENT_FLAGS_NONE);
}

/* ramo-entry-content.c — what a comparison and an export read of one entry: its kind, its
 * text, its thinking and tool calls, from the entry's body
 *
 * Copyright 2026 The Ramo authors
 *
 * This program is free software: you can redistribute it and/or modify it under the terms of the
 * GNU General Public License as published by the Free Software Foundation, either version 3 of
 * the License, or (at your option) any later version.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ramo-entry-content"

#include "config.h"

#include <string.h>

#include "ramo-entry-content.h"
#include "ramo-json.h"
#include "ramo-message.h"

static void
tool_call_free (gpointer data)
{
  RamoToolCall *call = data;

  g_free (call->id);
  g_free (call->name);
  g_free (call->arguments);
  g_free (call);
}

static const char *
member_string (JsonObject *object,
               const char *name)
{
  return object ? ramo_json_member_string (object, name) : NULL;
}

static char *
dup_member_json (JsonObject *object,
                 const char *name)
{
  JsonNode *node = object ? json_object_get_member (object, name) : NULL;

  return node ? ramo_json_to_string (node) : NULL;
}

/* The members of @body but those every entry has, as JSON: what an entry without a text of
 * its own holds. */
static char *
dup_members_json (JsonObject *body)
{
  g_autoptr(JsonNode) node = json_node_new (JSON_NODE_OBJECT);
  g_autoptr(JsonObject) rest = json_object_new ();
  JsonObjectIter iter;
  const char *name;
  JsonNode *value;

  json_object_iter_init (&iter, body);
  while (json_object_iter_next (&iter, &name, &value))
    if (strcmp (name, "id") != 0 && strcmp (name, "parentId") != 0 &&
        strcmp (name, "timestamp") != 0 && strcmp (name, "type") != 0)
      json_object_set_member (rest, name, json_node_copy (value));
  if (json_object_get_size (rest) == 0)
    return g_strdup ("");
  json_node_set_object (node, rest);
  return ramo_json_to_string (node);
}

static void
read_assistant (RamoEntryContent *content,
                JsonObject       *message)
{
  RamoContentIter iter;
  g_autoptr(GString) text = g_string_new (NULL);
  g_autoptr(GString) thinking = g_string_new (NULL);
  const char *stop = member_string (message, "stopReason");

  ramo_content_iter_init (&iter, json_object_get_member (message, "content"));
  while (ramo_content_iter_next (&iter))
    {
      GString *into = NULL;

      if (iter.kind == RAMO_CONTENT_TEXT && iter.text)
        into = text;
      else if (iter.kind == RAMO_CONTENT_THINKING && iter.text)
        into = thinking;
      else if (iter.kind == RAMO_CONTENT_IMAGE)
        {
          if (text->len)
            g_string_append_c (text, '\n');
          g_string_append (text, "[image]");
        }
      else if (iter.kind == RAMO_CONTENT_TOOL_CALL && iter.block)
        {
          RamoToolCall *call = g_new0 (RamoToolCall, 1);
          const char *name = member_string (iter.block, "name");

          call->id = g_strdup (member_string (iter.block, "id"));
          call->name = g_strdup (name ? name : "");
          call->arguments = dup_member_json (iter.block, "arguments");
          if (call->arguments == NULL)
            call->arguments = g_strdup ("{}");
          g_ptr_array_add (content->tool_calls, call);
        }
      if (into)
        {
          if (into->len)
            g_string_append_c (into, '\n');
          g_string_append (into, iter.text);
        }
    }
  content->text = g_strdup (text->str);
  if (thinking->len)
    content->thinking = g_strdup (thinking->str);
  content->detail = g_strdup (member_string (message, "model"));
  content->is_error = g_strcmp0 (stop, "error") == 0 || g_strcmp0 (stop, "aborted") == 0;
}

static void
read_message (RamoEntryContent *content,
              JsonObject       *message)
{
  JsonNode *body = message ? json_object_get_member (message, "content") : NULL;
  const char *role = member_string (message, "role");

  content->kind = g_strdup (role ? role : "message");
  if (message == NULL)
    return;
  switch (content->role)
    {
    case RAMO_MESSAGE_ROLE_ASSISTANT:
      read_assistant (content, message);
      return;
    case RAMO_MESSAGE_ROLE_TOOL_RESULT:
      content->detail = g_strdup (member_string (message, "toolName"));
      {
        JsonNode *flag = json_object_get_member (message, "isError");

        content->is_error = flag && JSON_NODE_HOLDS_VALUE (flag) &&
                            json_node_get_value_type (flag) == G_TYPE_BOOLEAN &&
                            json_node_get_boolean (flag);
      }
      break;
    case RAMO_MESSAGE_ROLE_BASH_EXECUTION:
      {
        JsonNode *code = json_object_get_member (message, "exitCode");

        content->detail = g_strdup (member_string (message, "command"));
        content->text = g_strdup (member_string (message, "output"));
        content->is_error = code && JSON_NODE_HOLDS_VALUE (code) &&
                            (json_node_get_value_type (code) == G_TYPE_INT64 ||
                             json_node_get_value_type (code) == G_TYPE_DOUBLE) &&
                            json_node_get_double (code) != 0;
        return;
      }
    case RAMO_MESSAGE_ROLE_CUSTOM:
      content->detail = g_strdup (member_string (message, "customType"));
      break;
    default:
      break;
    }
  content->text = ramo_content_dup_text (body, "\n", RAMO_CONTENT_MARK_IMAGES);
}

/**
 * ramo_entry_content_new:
 * @entry: an entry
 * @body: @entry's JSON object (ramo_session_manager_read_entry())
 *
 * Reads what a comparison and an export show of @entry from its body.
 *
 * Returns: (transfer full): the entry's content
 */
RamoEntryContent *
ramo_entry_content_new (const RamoEntry *entry,
                        JsonObject      *body)
{
  RamoEntryContent *content;

  g_return_val_if_fail (entry != NULL && body != NULL, NULL);

  content = g_new0 (RamoEntryContent, 1);
  content->id = g_strdup (entry->id);
  content->timestamp = ramo_entry_dup_timestamp (entry);
  content->type = entry->type;
  content->role = entry->role;
  content->tool_calls = g_ptr_array_new_with_free_func (tool_call_free);

  switch (entry->type)
    {
    case RAMO_ENTRY_TYPE_MESSAGE:
      {
        JsonNode *message = json_object_get_member (body, "message");

        read_message (content, message && JSON_NODE_HOLDS_OBJECT (message) ? json_node_get_object (message) : NULL);
        break;
      }
    case RAMO_ENTRY_TYPE_COMPACTION:
    case RAMO_ENTRY_TYPE_BRANCH_SUMMARY:
      content->text = g_strdup (member_string (body, "summary"));
      break;
    case RAMO_ENTRY_TYPE_CUSTOM_MESSAGE:
      content->detail = g_strdup (member_string (body, "customType"));
      content->text = ramo_content_dup_text (json_object_get_member (body, "content"), "\n",
                                             RAMO_CONTENT_MARK_IMAGES);
      break;
    case RAMO_ENTRY_TYPE_MODEL_CHANGE:
      {
        const char *provider = member_string (body, "provider");
        const char *model = member_string (body, "modelId");

        if (provider && model)
          content->detail = g_strdup_printf ("%s/%s", provider, model);
        else
          content->detail = g_strdup (model ? model : member_string (body, "model"));
        content->text = g_strdup ("");
        break;
      }
    case RAMO_ENTRY_TYPE_THINKING_LEVEL_CHANGE:
      content->detail = g_strdup (member_string (body, "thinkingLevel"));
      content->text = g_strdup ("");
      break;
    case RAMO_ENTRY_TYPE_LABEL:
      content->detail = g_strdup (member_string (body, "targetId"));
      content->text = g_strdup (member_string (body, "label"));
      break;
    case RAMO_ENTRY_TYPE_SESSION_INFO:
      content->text = g_strdup (member_string (body, "name"));
      break;
    case RAMO_ENTRY_TYPE_CUSTOM:
      content->detail = g_strdup (member_string (body, "customType"));
      content->text = dup_member_json (body, "data");
      break;
    default:
      content->text = dup_members_json (body);
      break;
    }
  if (content->kind == NULL)
    content->kind = g_strdup (ramo_entry_get_type_name (entry) != NULL ? ramo_entry_get_type_name (entry)
                                                                       : "entry");
  if (content->text == NULL)
    content->text = g_strdup ("");
  return content;
}

/**
 * ramo_entry_content_read:
 * @manager: a session manager
 * @entry: an entry of @manager
 * @error: return location for a #GError, or %NULL
 *
 * Reads @entry's body from the file and what a comparison and an export show of it.
 *
 * Returns: (transfer full): the entry's content, or %NULL with @error set as
 *   ramo_session_manager_read_entry() sets it
 */
RamoEntryContent *
ramo_entry_content_read (RamoSessionManager  *manager,
                         const RamoEntry     *entry,
                         GError             **error)
{
  g_autoptr(JsonNode) body = NULL;

  g_return_val_if_fail (RAMO_IS_SESSION_MANAGER (manager), NULL);

  body = ramo_session_manager_read_entry (manager, entry, error);
  if (body == NULL)
    return NULL;
  return ramo_entry_content_new (entry, json_node_get_object (body));
}

/**
 * ramo_tool_call_equal:
 * @a: a tool call
 * @b: another
 *
 * Whether two calls call the same tool with the same arguments (their ids, which every call
 * has its own of, are not compared).
 *
 * Returns: %TRUE when they are the same call
 */
gboolean
ramo_tool_call_equal (const RamoToolCall *a,
                      const RamoToolCall *b)
{
  return strcmp (a->name, b->name) == 0 && strcmp (a->arguments, b->arguments) == 0;
}

/**
 * ramo_entry_content_equal:
 * @a: an entry's content
 * @b: another's
 *
 * Whether two entries say the same: their kind, detail, text and error, and their tool calls
 * (ramo_tool_call_equal()). Ids, times and thinking are not compared: the same message sent
 * again is the same.
 *
 * Returns: %TRUE when they are the same
 */
gboolean
ramo_entry_content_equal (const RamoEntryContent *a,
                          const RamoEntryContent *b)
{
  if (a->type != b->type || strcmp (a->kind, b->kind) != 0 ||
      g_strcmp0 (a->detail, b->detail) != 0 || strcmp (a->text, b->text) != 0 ||
      a->is_error != b->is_error || a->tool_calls->len != b->tool_calls->len)
    return FALSE;
  for (guint i = 0; i < a->tool_calls->len; i++)
    if (!ramo_tool_call_equal (g_ptr_array_index (a->tool_calls, i), g_ptr_array_index (b->tool_calls, i)))
      return FALSE;
  return TRUE;
}

/**
 * ramo_entry_content_free:
 * @content: (transfer full) (nullable): an entry's content
 *
 * Frees @content.
 */
void
ramo_entry_content_free (RamoEntryContent *content)
{
  if (content == NULL)
    return;
  g_free (content->id);
  g_free (content->timestamp);
  g_free (content->kind);
  g_free (content->detail);
  g_free (content->text);
  g_free (content->thinking);
  g_clear_pointer (&content->tool_calls, g_ptr_array_unref);
  g_free (content);
}

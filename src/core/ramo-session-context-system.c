/* ramo-session-context-system.c
 *
 * Copyright 2026 The Ramo authors
 *
 * This program is free software: you can redistribute it and/or modify it under the terms of the
 * GNU General Public License as published by the Free Software Foundation, either version 3 of
 * the License, or (at your option) any later version.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ramo-context"

#include "config.h"

#include "ramo-json.h"
#include "ramo-session-context-private.h"
#include "ramo-session-manager-private.h"

/* pi 1.6.0's system messages, replayed into one: the prompt and the tools in force at a point
 * of the conversation (pi-ai's getCurrentSystemMessage(), which a compaction stores). */

/* An ordered map of names to JSON values, as JavaScript's Map: a name set again keeps its
 * place, a deleted one goes and comes back last. */
typedef struct
{
  GPtrArray  *names;    /* (element-type utf8) in order */
  GHashTable *values;   /* name → JsonNode */
} OrderedMap;

static void
ordered_map_init (OrderedMap *map)
{
  map->names = g_ptr_array_new_with_free_func (g_free);
  map->values = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, (GDestroyNotify) json_node_unref);
}

static void
ordered_map_clear (OrderedMap *map)
{
  g_hash_table_unref (map->values);
  g_ptr_array_unref (map->names);
}

static void
ordered_map_delete (OrderedMap *map,
                    const char *name)
{
  for (guint i = 0; i < map->names->len; i++)
    if (g_str_equal (g_ptr_array_index (map->names, i), name))
      {
        g_hash_table_remove (map->values, name);
        g_ptr_array_remove_index (map->names, i);
        return;
      }
}

static void
ordered_map_set (OrderedMap *map,
                 const char *name,
                 JsonNode   *value)
{
  char *key;

  if (!g_hash_table_contains (map->values, name))
    g_ptr_array_add (map->names, g_strdup (name));
  for (guint i = 0; i < map->names->len; i++)
    if (g_str_equal (g_ptr_array_index (map->names, i), name))
      {
        key = g_ptr_array_index (map->names, i);
        g_hash_table_replace (map->values, key, json_node_copy (value));
        return;
      }
}

/* pi-ai's contentText(): a string, or the text blocks joined by new lines */
static char *
content_text (JsonNode *content)
{
  GString *out = g_string_new (NULL);

  if (content && JSON_NODE_HOLDS_VALUE (content) && json_node_get_value_type (content) == G_TYPE_STRING)
    g_string_append (out, json_node_get_string (content));
  else if (content && JSON_NODE_HOLDS_ARRAY (content))
    {
      JsonArray *blocks = json_node_get_array (content);
      gboolean first = TRUE;

      for (guint i = 0; i < json_array_get_length (blocks); i++)
        {
          JsonNode *block = json_array_get_element (blocks, i);
          JsonObject *object = JSON_NODE_HOLDS_OBJECT (block) ? json_node_get_object (block) : NULL;

          if (g_strcmp0 (ramo_json_member_string (object, "type"), "text") != 0)
            continue;
          if (!first)
            g_string_append_c (out, '\n');
          first = FALSE;
          g_string_append (out, ramo_json_member_string (object, "text") ?: "");
        }
    }
  return g_string_free (out, FALSE);
}

static void
tools_apply (OrderedMap *tools,
             JsonObject *message,
             const char *member,
             gboolean    add)
{
  JsonNode *list = json_object_get_member (message, member);

  if (list == NULL || !JSON_NODE_HOLDS_ARRAY (list))
    return;
  for (guint i = 0; i < json_array_get_length (json_node_get_array (list)); i++)
    {
      JsonNode *tool = json_array_get_element (json_node_get_array (list), i);
      const char *name = JSON_NODE_HOLDS_OBJECT (tool) ? ramo_json_member_string (json_node_get_object (tool), "name") : NULL;

      if (name == NULL)
        continue;
      if (add)
        ordered_map_set (tools, name, tool);
      else
        ordered_map_delete (tools, name);
    }
}

/**
 * ramo_session_context_dup_system_message:
 * @self: a context
 * @error: return location for a #GError, or %NULL
 *
 * Replays the context's system messages into one, as pi 1.6.0 does (pi-ai's
 * `getCurrentSystemMessage()`): `{role:"system", content, sections?, toolsAdded?, timestamp}`
 * where `content` joins every non-empty content with a blank line, `sections` are patched by
 * name (`null` removes one), tools are added and removed by name, and `timestamp` is the first
 * system message's.
 *
 * Errors: those of ramo_session_context_dup_message().
 *
 * Returns: (transfer full) (nullable): the system message, or %NULL (without @error) when the
 *   context has no system message with a timestamp and no tools
 */
JsonNode *
ramo_session_context_dup_system_message (RamoSessionContext  *self,
                                         GError             **error)
{
  g_autoptr(GPtrArray) content = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(JsonNode) timestamp = NULL;
  g_autoptr(JsonObject) result = NULL;
  OrderedMap sections;
  OrderedMap tools;
  gboolean failed = FALSE;

  g_return_val_if_fail (self != NULL, NULL);

  ordered_map_init (&sections);
  ordered_map_init (&tools);
  for (guint i = 0; i < self->items->len && !failed; i++)
    {
      g_autoptr(JsonNode) node = NULL;
      JsonObject *message;
      JsonNode *patch;
      char *text;

      node = ramo_session_context_dup_message (self, i, error);
      if (node == NULL)
        {
          failed = error != NULL && *error != NULL;
          continue;
        }
      message = JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
      if (g_strcmp0 (ramo_json_member_string (message, "role"), "system") != 0)
        continue;

      /* `timestamp ??= message.timestamp` */
      if ((timestamp == NULL || JSON_NODE_HOLDS_NULL (timestamp)) && json_object_has_member (message, "timestamp"))
        {
          g_clear_pointer (&timestamp, json_node_unref);
          timestamp = json_node_copy (json_object_get_member (message, "timestamp"));
        }
      text = content_text (json_object_get_member (message, "content"));
      if (*text)
        g_ptr_array_add (content, text);
      else
        g_free (text);

      patch = json_object_get_member (message, "sections");
      if (patch && JSON_NODE_HOLDS_OBJECT (patch))
        {
          g_autoptr(GList) names = json_object_get_members (json_node_get_object (patch));

          for (GList *l = names; l; l = l->next)
            {
              JsonNode *value = json_object_get_member (json_node_get_object (patch), l->data);

              if (JSON_NODE_HOLDS_NULL (value))
                ordered_map_delete (&sections, l->data);
              else
                ordered_map_set (&sections, l->data, value);
            }
        }
      tools_apply (&tools, message, "toolsRemoved", FALSE);
      tools_apply (&tools, message, "toolsAdded", TRUE);
    }

  if (!failed && (timestamp != NULL || tools.names->len > 0))
    {
      g_autofree char *joined = NULL;

      g_ptr_array_add (content, NULL);
      joined = g_strjoinv ("\n\n", (char **) content->pdata);
      result = json_object_new ();
      json_object_set_string_member (result, "role", "system");
      json_object_set_string_member (result, "content", joined);
      if (sections.names->len > 0)
        {
          JsonObject *object = json_object_new ();

          for (guint i = 0; i < sections.names->len; i++)
            {
              const char *name = g_ptr_array_index (sections.names, i);

              json_object_set_member (object, name, json_node_copy (g_hash_table_lookup (sections.values, name)));
            }
          json_object_set_object_member (result, "sections", object);
        }
      if (tools.names->len > 0)
        {
          JsonArray *array = json_array_new ();

          for (guint i = 0; i < tools.names->len; i++)
            json_array_add_element (array, json_node_copy (g_hash_table_lookup (tools.values, g_ptr_array_index (tools.names, i))));
          json_object_set_array_member (result, "toolsAdded", array);
        }
      if (timestamp && !JSON_NODE_HOLDS_NULL (timestamp))
        json_object_set_member (result, "timestamp", g_steal_pointer (&timestamp));
      else
        json_object_set_int_member (result, "timestamp", 0);
    }
  ordered_map_clear (&sections);
  ordered_map_clear (&tools);

  if (failed || result == NULL)
    return NULL;
  return json_node_init_object (json_node_alloc (), result);
}

/* What a compaction appended now stores as `systemMessage`: with pi's rules the system message
 * replayed at the leaf (pi 1.6.0's appendCompaction()), with oh-my-pi's none. */
gboolean
_ramo_session_manager_dup_boundary_system_message (RamoSessionManager  *self,
                                                   JsonNode           **system,
                                                   GError             **error)
{
  g_autoptr(RamoSessionContext) context = NULL;
  GError *local_error = NULL;

  *system = NULL;
  if (ramo_session_manager_get_dialect (self) != RAMO_DIALECT_PI)
    return TRUE;
  context = ramo_session_manager_build_session_context (self);
  *system = ramo_session_context_dup_system_message (context, &local_error);
  if (local_error)
    {
      g_propagate_error (error, local_error);
      return FALSE;
    }
  return TRUE;
}

/* ramo-session-context.c
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

#include <math.h>
#include <string.h>

#include "ramo-js.h"
#include "ramo-json.h"
#include "ramo-session-context.h"
#include "ramo-session-manager-private.h"

/**
 * RamoSessionContext:
 *
 * What the model would be sent for one leaf (spec §4, pi's `buildSessionContext()`): the
 * messages on the path root→leaf (after the last compaction: its summary, the kept messages,
 * then the rest), the thinking level, the model, and oh-my-pi's mode and injected TTSR rules.
 *
 * Building it reads nothing from the file: it holds the entries, and a message's JSON is read
 * on demand with ramo_session_context_dup_message().
 */

typedef struct
{
  RamoContextItemKind  kind;
  RamoEntry           *entry;
} Item;

struct _RamoSessionContext
{
  gatomicrefcount     ref_count;
  RamoSessionManager *manager;
  RamoEntry          *leaf;
  GArray             *items;
  const char         *thinking_level;   /* JSON text; NULL = undefined */
  gboolean            has_model;
  const char         *provider;         /* JSON text; NULL = undefined */
  const char         *model_id;         /* JSON text; NULL = undefined */
  const char         *mode;             /* JSON text */
  const char         *mode_data;        /* JSON text or NULL */
  GPtrArray          *rules;            /* JSON texts of rule arrays */
};

G_DEFINE_BOXED_TYPE (RamoSessionContext, ramo_session_context,
                     ramo_session_context_ref, ramo_session_context_unref)

RamoSessionContext *
ramo_session_context_ref (RamoSessionContext *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_atomic_ref_count_inc (&self->ref_count);
  return self;
}

void
ramo_session_context_unref (RamoSessionContext *self)
{
  g_return_if_fail (self != NULL);

  if (g_atomic_ref_count_dec (&self->ref_count))
    {
      g_clear_object (&self->manager);
      g_array_unref (self->items);
      g_ptr_array_unref (self->rules);
      g_free (self);
    }
}

static void
add_item (RamoSessionContext *self,
          RamoEntry          *entry)
{
  Item item = { 0, entry };

  switch ((RamoEntryType) entry->type)
    {
    case RAMO_ENTRY_TYPE_MESSAGE:
      item.kind = RAMO_CONTEXT_ITEM_MESSAGE;
      break;
    case RAMO_ENTRY_TYPE_CUSTOM_MESSAGE:
      item.kind = RAMO_CONTEXT_ITEM_CUSTOM_MESSAGE;
      break;
    case RAMO_ENTRY_TYPE_BRANCH_SUMMARY:
      /* only a branch summary with a truthy summary becomes a message; known at read time */
      item.kind = RAMO_CONTEXT_ITEM_BRANCH_SUMMARY;
      break;
    default:
      return;
    }
  g_array_append_val (self->items, item);
}

/**
 * ramo_session_manager_build_context_at:
 * @self: a session manager
 * @leaf: (nullable): the entry to build the context for; %NULL for "before the first entry"
 *
 * Builds the context for @leaf as pi's `buildSessionContext()` does (spec §4). With %NULL the
 * context has no messages, thinking level `off` and no model.
 *
 * Returns: (transfer full): the context
 */
RamoSessionContext *
ramo_session_manager_build_context_at (RamoSessionManager *self,
                                       const RamoEntry    *leaf)
{
  RamoSessionContext *ctx;
  g_autoptr(GPtrArray) path = NULL;
  RamoEntry *compaction = NULL;
  guint compaction_index = 0;

  g_return_val_if_fail (RAMO_IS_SESSION_MANAGER (self), NULL);

  ctx = g_new0 (RamoSessionContext, 1);
  g_atomic_ref_count_init (&ctx->ref_count);
  ctx->manager = g_object_ref (self);
  ctx->leaf = (RamoEntry *) leaf;
  ctx->items = g_array_new (FALSE, FALSE, sizeof (Item));
  ctx->rules = g_ptr_array_new ();
  ctx->thinking_level = "\"off\"";
  ctx->mode = "\"none\"";

  if (leaf == NULL)
    return ctx;

  path = ramo_session_manager_dup_branch (self, leaf->id);
  /* get_branch() looks the id up; with duplicate ids the record asked for may be shadowed */
  if (path->len == 0 || g_ptr_array_index (path, path->len - 1) != leaf)
    {
      g_ptr_array_set_size (path, 0);
      for (const RamoEntry *e = leaf; e; e = e->parent)
        g_ptr_array_insert (path, 0, (gpointer) e);
    }

  for (guint i = 0; i < path->len; i++)
    {
      RamoEntry *entry = g_ptr_array_index (path, i);

      switch ((RamoEntryType) entry->type)
        {
        case RAMO_ENTRY_TYPE_THINKING_LEVEL_CHANGE:
          ctx->thinking_level = entry->aux1;
          break;
        case RAMO_ENTRY_TYPE_MODEL_CHANGE:
          ctx->has_model = TRUE;
          ctx->provider = entry->aux1;
          ctx->model_id = entry->aux2;
          break;
        case RAMO_ENTRY_TYPE_MESSAGE:
          if (entry->role == RAMO_MESSAGE_ROLE_ASSISTANT)
            {
              ctx->has_model = TRUE;
              ctx->provider = entry->aux1;
              ctx->model_id = entry->aux2;
            }
          break;
        case RAMO_ENTRY_TYPE_COMPACTION:
          compaction = entry;
          compaction_index = i;
          break;
        case RAMO_ENTRY_TYPE_UNKNOWN:
          if (g_strcmp0 (entry->type_name, "mode_change") == 0)
            {
              ctx->mode = entry->aux1 ? entry->aux1 : "\"none\"";
              ctx->mode_data = entry->aux2;
            }
          else if (g_strcmp0 (entry->type_name, "ttsr_injection") == 0 && entry->aux1)
            g_ptr_array_add (ctx->rules, (gpointer) entry->aux1);
          break;
        default:
          break;
        }
    }

  if (compaction)
    {
      Item item = { RAMO_CONTEXT_ITEM_COMPACTION_SUMMARY, compaction };
      gboolean found_first_kept = FALSE;

      g_array_append_val (ctx->items, item);
      for (guint i = 0; i < compaction_index; i++)
        {
          RamoEntry *entry = g_ptr_array_index (path, i);

          if (compaction->first_kept_id && strcmp (entry->id, compaction->first_kept_id) == 0)
            found_first_kept = TRUE;
          if (found_first_kept)
            add_item (ctx, entry);
        }
      for (guint i = compaction_index + 1; i < path->len; i++)
        add_item (ctx, g_ptr_array_index (path, i));
    }
  else
    {
      for (guint i = 0; i < path->len; i++)
        add_item (ctx, g_ptr_array_index (path, i));
    }

  return ctx;
}

/**
 * ramo_session_manager_build_session_context:
 * @self: a session manager
 *
 * Builds the context for the current leaf; see ramo_session_manager_build_context_at().
 *
 * Returns: (transfer full): the context
 */
RamoSessionContext *
ramo_session_manager_build_session_context (RamoSessionManager *self)
{
  return ramo_session_manager_build_context_at (self, ramo_session_manager_get_leaf (self));
}

/**
 * ramo_session_context_get_leaf:
 * @self: a context
 *
 * Returns: (transfer none) (nullable): the leaf the context was built for
 */
RamoEntry *
ramo_session_context_get_leaf (RamoSessionContext *self)
{
  return self->leaf;
}

static char *
dup_json_string (const char *json)
{
  g_autoptr(JsonNode) node = json ? json_from_string (json, NULL) : NULL;

  if (node == NULL)
    return NULL;
  if (JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) == G_TYPE_STRING)
    return g_strdup (json_node_get_string (node));
  return g_strdup (json);
}

/**
 * ramo_session_context_dup_thinking_level:
 * @self: a context
 *
 * Returns: (transfer full) (nullable): the thinking level (`off` unless a change sets it)
 */
char *
ramo_session_context_dup_thinking_level (RamoSessionContext *self)
{
  return dup_json_string (self->thinking_level);
}

/**
 * ramo_session_context_dup_model:
 * @self: a context
 *
 * Returns: (transfer full) (nullable): the model as `provider/modelId`, or %NULL when none is set
 */
char *
ramo_session_context_dup_model (RamoSessionContext *self)
{
  g_autofree char *provider = dup_json_string (self->provider);
  g_autofree char *model_id = dup_json_string (self->model_id);

  if (!self->has_model || (provider == NULL && model_id == NULL))
    return NULL;
  if (provider == NULL)
    return g_steal_pointer (&model_id);
  return g_strdup_printf ("%s/%s", provider, model_id ? model_id : "?");
}

/**
 * ramo_session_context_get_n_messages:
 * @self: a context
 *
 * The number of items. A branch summary whose summary is empty still counts here, but
 * ramo_session_context_dup_message() returns %NULL for it without an error (pi skips it).
 *
 * Returns: the number of context items
 */
guint
ramo_session_context_get_n_messages (RamoSessionContext *self)
{
  return self->items->len;
}

/**
 * ramo_session_context_get_kind:
 * @self: a context
 * @position: an item position
 *
 * Returns: what kind of item is at @position
 */
RamoContextItemKind
ramo_session_context_get_kind (RamoSessionContext *self,
                               guint               position)
{
  g_return_val_if_fail (position < self->items->len, 0);
  return g_array_index (self->items, Item, position).kind;
}

/**
 * ramo_session_context_get_entry:
 * @self: a context
 * @position: an item position
 *
 * Returns: (transfer none): the entry the item at @position comes from
 */
RamoEntry *
ramo_session_context_get_entry (RamoSessionContext *self,
                                guint               position)
{
  g_return_val_if_fail (position < self->items->len, NULL);
  return g_array_index (self->items, Item, position).entry;
}

static JsonNode *
copy_member (JsonObject *object,
             const char *name)
{
  JsonNode *node = json_object_get_member (object, name);

  return node ? json_node_copy (node) : NULL;
}

static void
set_if (JsonObject *object,
        const char *name,
        JsonNode   *node)
{
  if (node)
    json_object_set_member (object, name, node);
}

static JsonNode *
time_node (JsonObject *object)
{
  double t = ramo_js_date_from_node (json_object_get_member (object, "timestamp"));
  JsonNode *node = json_node_alloc ();

  if (isnan (t))
    return json_node_init_null (node);
  return json_node_init_int (node, (gint64) t);
}

static gboolean
node_truthy (JsonNode *node)
{
  if (node == NULL || JSON_NODE_HOLDS_NULL (node))
    return FALSE;
  if (!JSON_NODE_HOLDS_VALUE (node))
    return TRUE;
  switch (json_node_get_value_type (node))
    {
    case G_TYPE_STRING:
      return json_node_get_string (node)[0] != '\0';
    case G_TYPE_INT64:
      return json_node_get_int (node) != 0;
    case G_TYPE_DOUBLE:
      return json_node_get_double (node) != 0 && !isnan (json_node_get_double (node));
    case G_TYPE_BOOLEAN:
      return json_node_get_boolean (node);
    default:
      return FALSE;
    }
}

/**
 * ramo_session_context_dup_message:
 * @self: a context
 * @position: an item position
 * @error: return location for a #GError, or %NULL
 *
 * Reads the item's entry from the file and returns the message pi puts into the context for
 * it: a `message` entry's `message` (the legacy `hookMessage` role renamed), and for the other
 * kinds `{role:"custom", customType, content, display, details, timestamp}`,
 * `{role:"branchSummary", summary, fromId, timestamp}` or
 * `{role:"compactionSummary", summary, tokensBefore, timestamp}`, timestamps in milliseconds.
 * Members pi would leave undefined are absent.
 *
 * Errors: those of ramo_session_manager_read_entry().
 *
 * Returns: (transfer full) (nullable): the message; %NULL without error for a branch summary
 *   with an empty summary (not part of the context)
 */
JsonNode *
ramo_session_context_dup_message (RamoSessionContext  *self,
                                  guint                position,
                                  GError             **error)
{
  Item *item;
  g_autoptr(JsonNode) node = NULL;
  JsonObject *object;
  JsonObject *message;

  g_return_val_if_fail (position < self->items->len, NULL);

  item = &g_array_index (self->items, Item, position);
  node = ramo_session_manager_read_entry (self->manager, item->entry, error);
  if (node == NULL)
    return NULL;
  object = json_node_get_object (node);

  switch (item->kind)
    {
    case RAMO_CONTEXT_ITEM_MESSAGE:
      {
        JsonNode *m = json_object_get_member (object, "message");
        return m ? json_node_copy (m) : json_node_init_null (json_node_alloc ());
      }

    case RAMO_CONTEXT_ITEM_CUSTOM_MESSAGE:
      message = json_object_new ();
      json_object_set_string_member (message, "role", "custom");
      set_if (message, "customType", copy_member (object, "customType"));
      set_if (message, "content", copy_member (object, "content"));
      set_if (message, "display", copy_member (object, "display"));
      set_if (message, "details", copy_member (object, "details"));
      json_object_set_member (message, "timestamp", time_node (object));
      break;

    case RAMO_CONTEXT_ITEM_BRANCH_SUMMARY:
      if (!node_truthy (json_object_get_member (object, "summary")))
        return NULL;
      message = json_object_new ();
      json_object_set_string_member (message, "role", "branchSummary");
      set_if (message, "summary", copy_member (object, "summary"));
      set_if (message, "fromId", copy_member (object, "fromId"));
      json_object_set_member (message, "timestamp", time_node (object));
      break;

    case RAMO_CONTEXT_ITEM_COMPACTION_SUMMARY:
      message = json_object_new ();
      json_object_set_string_member (message, "role", "compactionSummary");
      set_if (message, "summary", copy_member (object, "summary"));
      set_if (message, "tokensBefore", copy_member (object, "tokensBefore"));
      json_object_set_member (message, "timestamp", time_node (object));
      break;

    default:
      g_assert_not_reached ();
    }

  {
    JsonNode *result = json_node_init_object (json_node_alloc (), message);

    json_object_unref (message);   /* the node holds its own reference */
    return result;
  }
}

/* Appends `,"name":value` (value from the line's text) when the member is present: a missing
 * member is `undefined` to pi, which JSON.stringify() leaves out. */
static void
write_member (GString    *out,
              RamoScan   *scan,
              const char *name)
{
  guint node = ramo_scan_member (scan, 1, name);

  if (node == 0)
    return;
  g_string_append_printf (out, ",\"%s\":", name);
  ramo_scan_write (scan, node, out);
}

/* Appends the message of item @position as JSON.stringify() writes pi's message, from the
 * entry's own text; sets *@skipped for a branch summary pi leaves out. */
static gboolean
write_message (RamoSessionContext  *self,
               guint                position,
               GString             *out,
               gboolean            *skipped,
               GError             **error)
{
  Item *item = &g_array_index (self->items, Item, position);
  g_autofree char *text = NULL;
  RamoScan scan;

  *skipped = FALSE;
  ramo_scan_init (&scan);
  if (!_ramo_session_manager_scan_entry (self->manager, item->entry, &scan, &text, error))
    {
      ramo_scan_clear (&scan);
      return FALSE;
    }

  switch (item->kind)
    {
    case RAMO_CONTEXT_ITEM_MESSAGE:
      /* an absent message is `undefined` in the array: JSON.stringify() writes null */
      ramo_scan_write (&scan, ramo_scan_member (&scan, 1, "message"), out);
      break;

    case RAMO_CONTEXT_ITEM_CUSTOM_MESSAGE:
      g_string_append (out, "{\"role\":\"custom\"");
      write_member (out, &scan, "customType");
      write_member (out, &scan, "content");
      write_member (out, &scan, "display");
      write_member (out, &scan, "details");
      g_string_append (out, ",\"timestamp\":");
      ramo_json_write_number (out, item->entry->time_ms);
      g_string_append_c (out, '}');
      break;

    case RAMO_CONTEXT_ITEM_BRANCH_SUMMARY:
      if (!ramo_scan_truthy (&scan, ramo_scan_member (&scan, 1, "summary")))
        {
          *skipped = TRUE;
          break;
        }
      g_string_append (out, "{\"role\":\"branchSummary\"");
      write_member (out, &scan, "summary");
      write_member (out, &scan, "fromId");
      g_string_append (out, ",\"timestamp\":");
      ramo_json_write_number (out, item->entry->time_ms);
      g_string_append_c (out, '}');
      break;

    case RAMO_CONTEXT_ITEM_COMPACTION_SUMMARY:
      g_string_append (out, "{\"role\":\"compactionSummary\"");
      write_member (out, &scan, "summary");
      write_member (out, &scan, "tokensBefore");
      g_string_append (out, ",\"timestamp\":");
      ramo_json_write_number (out, item->entry->time_ms);
      g_string_append_c (out, '}');
      break;

    default:
      g_assert_not_reached ();
    }

  ramo_scan_clear (&scan);
  return TRUE;
}

/**
 * ramo_session_context_to_json:
 * @self: a context
 * @error: return location for a #GError, or %NULL
 *
 * The context as one JSON object, written as JSON.stringify() writes it:
 * `{"leafId","thinkingLevel","model","messages","mode","injectedTtsrRules"}` where `model` is
 * `null` or `{provider, modelId}` and `messages` hold what ramo_session_context_dup_message()
 * describes. Every value comes from the file's own text (never through a json-glib tree), so
 * what json-glib cannot hold is written exactly as pi writes it: an escaped NUL, a lone
 * surrogate, an integer beyond 64 bits (as the double JavaScript reads), 1e400 (`null`).
 * This is what `ramo-session context --json` prints.
 *
 * Errors: those of ramo_session_manager_read_entry().
 *
 * Returns: (transfer full): the JSON text, or %NULL with @error set
 */
char *
ramo_session_context_to_json (RamoSessionContext  *self,
                              GError             **error)
{
  g_autoptr(GString) out = g_string_new ("{\"leafId\":");

  if (self->leaf)
    ramo_json_write_string (out, self->leaf->id);
  else
    g_string_append (out, "null");

  if (self->thinking_level)
    g_string_append_printf (out, ",\"thinkingLevel\":%s", self->thinking_level);

  g_string_append (out, ",\"model\":");
  if (!self->has_model)
    g_string_append (out, "null");
  else
    {
      gboolean comma = FALSE;

      g_string_append_c (out, '{');
      if (self->provider)
        {
          g_string_append_printf (out, "\"provider\":%s", self->provider);
          comma = TRUE;
        }
      if (self->model_id)
        g_string_append_printf (out, "%s\"modelId\":%s", comma ? "," : "", self->model_id);
      g_string_append_c (out, '}');
    }

  g_string_append (out, ",\"messages\":[");
  for (guint i = 0, n = 0; i < self->items->len; i++)
    {
      gsize mark = out->len;
      gboolean skipped = FALSE;

      if (n > 0)
        g_string_append_c (out, ',');
      if (!write_message (self, i, out, &skipped, error))
        return NULL;
      if (skipped)
        g_string_truncate (out, mark);
      else
        n++;
    }
  g_string_append (out, "]");

  g_string_append_printf (out, ",\"mode\":%s", self->mode);
  if (self->mode_data)
    g_string_append_printf (out, ",\"modeData\":%s", self->mode_data);

  /* each rule list is an array as ramo_scan_write() wrote it: its elements are the text
   * between the brackets */
  g_string_append (out, ",\"injectedTtsrRules\":[");
  for (guint i = 0, n = 0; i < self->rules->len; i++)
    {
      const char *rules = g_ptr_array_index (self->rules, i);
      gsize len = strlen (rules);

      if (len <= 2 || rules[0] != '[')
        continue;
      if (n++ > 0)
        g_string_append_c (out, ',');
      g_string_append_len (out, rules + 1, len - 2);
    }
  g_string_append (out, "]}");

  return g_string_free (g_steal_pointer (&out), FALSE);
}

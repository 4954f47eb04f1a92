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
#include "ramo-session-context-private.h"
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
      if (self->omp_free)
        self->omp_free (self->omp);
      g_array_unref (self->items);
      g_ptr_array_unref (self->rules);
      g_free (self);
    }
}

void
_ramo_session_context_add_item (RamoSessionContext  *self,
                                RamoContextItemKind  kind,
                                RamoEntry           *entry)
{
  RamoContextItem item = { kind, entry, NULL, 0 };

  g_array_append_val (self->items, item);
}

/* The item an entry of the context entries gives (pi 1.6.0's sessionEntryToContextMessages());
 * a compaction is handled by the caller. */
static void
add_entry_item (RamoSessionContext *self,
                RamoEntry          *entry,
                RamoEntry          *edit)
{
  RamoContextItemKind kind;

  switch ((RamoEntryType) entry->type)
    {
    case RAMO_ENTRY_TYPE_MESSAGE:
      kind = RAMO_CONTEXT_ITEM_MESSAGE;
      break;
    case RAMO_ENTRY_TYPE_CUSTOM_MESSAGE:
      kind = RAMO_CONTEXT_ITEM_CUSTOM_MESSAGE;
      break;
    case RAMO_ENTRY_TYPE_BRANCH_SUMMARY:
      /* only a branch summary with a truthy summary becomes a message; known at read time */
      kind = RAMO_CONTEXT_ITEM_BRANCH_SUMMARY;
      break;
    default:
      return;
    }
  /* a `null` replacement takes the entry out of the context */
  if (edit && (edit->flags & RAMO_ENTRY_FLAG_EDIT_REMOVES))
    return;
  _ramo_session_context_add_item (self, kind, entry);
  g_array_index (self->items, RamoContextItem, self->items->len - 1).edit = edit;
}

static gboolean
is_system_message (const RamoEntry *entry)
{
  return entry->type == RAMO_ENTRY_TYPE_MESSAGE && entry->role == RAMO_MESSAGE_ROLE_SYSTEM;
}

/* pi 1.6.0's buildContextEntries() and buildSessionProjection(): after the latest compaction
 * on the path, the context entries are the compaction, the kept entries before it (system
 * messages dropped) and everything after it; the latest `context_edit` of a target among them
 * changes what the target contributes. */
static void
build_pi (RamoSessionContext *ctx,
          GPtrArray          *path,
          RamoEntry          *compaction,
          guint               compaction_index)
{
  g_autoptr(GPtrArray) entries = g_ptr_array_new ();
  g_autoptr(GHashTable) edits = g_hash_table_new (g_str_hash, g_str_equal);

  if (compaction)
    {
      gboolean found_first_kept = FALSE;

      g_ptr_array_add (entries, compaction);
      for (guint i = 0; i < compaction_index; i++)
        {
          RamoEntry *entry = g_ptr_array_index (path, i);

          if (compaction->first_kept_id && strcmp (entry->id, compaction->first_kept_id) == 0)
            found_first_kept = TRUE;
          if (found_first_kept && !is_system_message (entry))
            g_ptr_array_add (entries, entry);
        }
      for (guint i = compaction_index + 1; i < path->len; i++)
        g_ptr_array_add (entries, g_ptr_array_index (path, i));
    }
  else
    g_ptr_array_extend (entries, path, NULL, NULL);

  for (guint i = 0; i < entries->len; i++)
    {
      RamoEntry *entry = g_ptr_array_index (entries, i);

      if (entry->type == RAMO_ENTRY_TYPE_CONTEXT_EDIT && entry->target_id &&
          !(entry->flags & RAMO_ENTRY_FLAG_EDIT_INVALID))
        g_hash_table_insert (edits, (char *) entry->target_id, entry);
    }

  for (guint i = 0; i < entries->len; i++)
    {
      RamoEntry *entry = g_ptr_array_index (entries, i);
      RamoEntry *edit = g_hash_table_size (edits) > 0 ? g_hash_table_lookup (edits, entry->id) : NULL;

      if (entry->type != RAMO_ENTRY_TYPE_COMPACTION)
        add_entry_item (ctx, entry, edit);
      /* an older compaction kept inside the range of the newest contributes nothing */
      else if (i == 0 && !(edit && (edit->flags & RAMO_ENTRY_FLAG_EDIT_REMOVES)))
        {
          /* the stored system prompt first, when there is one */
          if (entry->flags & RAMO_ENTRY_FLAG_SYSTEM_MESSAGE)
            _ramo_session_context_add_item (ctx, RAMO_CONTEXT_ITEM_COMPACTION_SYSTEM_MESSAGE, entry);
          _ramo_session_context_add_item (ctx, RAMO_CONTEXT_ITEM_COMPACTION_SUMMARY, entry);
        }
    }
}

/**
 * ramo_session_manager_build_context_at:
 * @self: a session manager
 * @leaf: (nullable): the entry to build the context for; %NULL for "before the first entry"
 *
 * Builds the context for @leaf by the rules of the session's dialect (spec §4): pi 1.6.0's
 * `buildSessionContext()` (context edits, system messages; on files without 1.6 entries the
 * same as pi 0.73.1) or oh-my-pi 18.2.3's. With %NULL the context has no messages, thinking
 * level `off` and no model.
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
  ctx->dialect = ramo_session_manager_get_dialect (self);
  ctx->leaf = (RamoEntry *) leaf;
  ctx->items = g_array_new (FALSE, FALSE, sizeof (RamoContextItem));
  ctx->rules = g_ptr_array_new ();
  ctx->thinking_level = "\"off\"";
  ctx->mode = "\"none\"";

  if (leaf == NULL)
    {
      if (ctx->dialect == RAMO_DIALECT_OMP)
        _ramo_session_context_build_omp (ctx, NULL);
      return ctx;
    }

  path = ramo_session_manager_dup_branch (self, leaf->id);
  /* get_branch() looks the id up; with duplicate ids the record asked for may be shadowed */
  if (path->len == 0 || g_ptr_array_index (path, path->len - 1) != leaf)
    {
      g_ptr_array_set_size (path, 0);
      for (const RamoEntry *e = leaf; e; e = e->parent)
        g_ptr_array_insert (path, 0, (gpointer) e);
    }

  if (ctx->dialect == RAMO_DIALECT_OMP)
    {
      _ramo_session_context_build_omp (ctx, path);
      return ctx;
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
          /* spec §4: the mode and TTSR rules of the path, for files of either agent */
          if (g_strcmp0 (ramo_entry_get_type_name (entry), "mode_change") == 0)
            {
              ctx->mode = entry->aux1 ? entry->aux1 : "\"none\"";
              ctx->mode_data = entry->aux2;
            }
          else if (g_strcmp0 (ramo_entry_get_type_name (entry), "ttsr_injection") == 0 && entry->aux1)
            g_ptr_array_add (ctx->rules, (gpointer) entry->aux1);
          break;
        default:
          break;
        }
    }

  build_pi (ctx, path, compaction, compaction_index);
  return ctx;
}

/**
 * ramo_session_manager_get_context_edit:
 * @self: a session manager
 * @id: an entry id
 *
 * The latest `context_edit` that targets @id, in file order and on any branch (pi 1.6.0). A
 * context applies only the edits on its own path; this tells the window which entries some
 * branch edits.
 *
 * Returns: (transfer none) (nullable): the edit entry, or %NULL when none targets @id
 */
RamoEntry *
ramo_session_manager_get_context_edit (RamoSessionManager *self,
                                       const char         *id)
{
  g_return_val_if_fail (RAMO_IS_SESSION_MANAGER (self), NULL);
  return id && g_hash_table_size (self->context_edits) > 0 ? g_hash_table_lookup (self->context_edits, id) : NULL;
}

/**
 * ramo_session_context_get_edit:
 * @self: a context
 * @position: an item position
 *
 * Returns: (transfer none) (nullable): the `context_edit` whose replacement the item at
 *   @position shows (pi 1.6.0), or %NULL when it is shown as written
 */
RamoEntry *
ramo_session_context_get_edit (RamoSessionContext *self,
                               guint               position)
{
  g_return_val_if_fail (position < self->items->len, NULL);
  return g_array_index (self->items, RamoContextItem, position).edit;
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
  return g_array_index (self->items, RamoContextItem, position).kind;
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
  return g_array_index (self->items, RamoContextItem, position).entry;
}

/* Appends `,"name":value` (value from the line's text) when the member is present: a missing
 * member is `undefined` to the agent, which JSON.stringify() leaves out. */
void
_ramo_context_write_member (GString    *out,
                            RamoScan   *scan,
                            const char *name)
{
  guint node = ramo_scan_member (scan, 1, name);

  if (node == 0)
    return;
  g_string_append_printf (out, ",\"%s\":", name);
  ramo_scan_write (scan, node, out);
}

static guint
item_line (RamoSessionContext *self,
           guint               position)
{
  return g_array_index (self->items, RamoContextItem, position).entry->line;
}

/* `{ ...message, content }` (%NULL content: left out) */
static void
write_with_content (RamoScan   *scan,
                    guint       node,
                    const char *content,
                    GString    *out)
{
  ramo_scan_write_replacing (scan, node, out, "content", content, NULL);
}

static gboolean
role_is_editable (const char *role)
{
  return g_strcmp0 (role, "user") == 0 || g_strcmp0 (role, "assistant") == 0 ||
         g_strcmp0 (role, "toolResult") == 0 || g_strcmp0 (role, "custom") == 0;
}

/* pi 1.6.0's projectContextEntry(): the content the item's context edit puts in a message of
 * @role. Sets *@replaced when it applies, with *@content the JSON text or %NULL for none (a
 * replacement without `content`). */
static gboolean
edit_content (RamoSessionContext  *self,
              RamoContextItem     *item,
              const char          *role,
              gboolean            *replaced,
              char               **content,
              GError             **error)
{
  g_autofree char *text = NULL;
  RamoScan scan;
  guint replacement;
  guint node;

  *replaced = FALSE;
  *content = NULL;
  if (item->edit == NULL || !role_is_editable (role))
    return TRUE;

  ramo_scan_init (&scan);
  if (!_ramo_session_manager_scan_entry (self->manager, item->edit, &scan, &text, error))
    {
      ramo_scan_clear (&scan);
      return FALSE;
    }
  replacement = ramo_scan_member (&scan, 1, "replacement");
  node = ramo_scan_type (&scan, replacement) == RAMO_SCAN_OBJECT ? ramo_scan_member (&scan, replacement, "content") : 0;
  *replaced = TRUE;
  if (node != 0)
    {
      GString *json = g_string_new (NULL);
      gboolean as_block = ramo_scan_type (&scan, node) == RAMO_SCAN_STRING &&
                          (strcmp (role, "assistant") == 0 || strcmp (role, "toolResult") == 0);

      /* a string becomes one text block for assistant messages and tool results */
      if (as_block)
        g_string_append (json, "[{\"type\":\"text\",\"text\":");
      ramo_scan_write (&scan, node, json);
      if (as_block)
        g_string_append (json, "}]");
      *content = g_string_free (json, FALSE);
    }
  ramo_scan_clear (&scan);
  return TRUE;
}

/* Appends the message of a pi item (pi 1.6.0's sessionEntryToContextMessages() and
 * projectContextEntry()) from the entry's own text; sets *@skipped for an item pi leaves out. */
gboolean
_ramo_session_context_write_pi (RamoSessionContext  *self,
                                RamoContextItem     *item,
                                RamoScan            *scan,
                                GString             *out,
                                gboolean            *skipped,
                                GError             **error)
{
  g_autofree char *content = NULL;
  g_autofree char *role = NULL;
  gboolean replaced = FALSE;

  switch (item->kind)
    {
    case RAMO_CONTEXT_ITEM_MESSAGE:
      {
        guint message = ramo_scan_member (scan, 1, "message");
        guint content_node;

        /* an absent message is `undefined` in the array: JSON.stringify() writes null */
        if (ramo_scan_type (scan, message) != RAMO_SCAN_OBJECT)
          {
            ramo_scan_write (scan, message, out);
            break;
          }
        role = ramo_scan_string (scan, ramo_scan_member (scan, message, "role"), 0);
        if (!edit_content (self, item, role, &replaced, &content, error))
          return FALSE;
        content_node = ramo_scan_member (scan, message, "content");
        if (!replaced && (content_node == 0 || ramo_scan_type (scan, content_node) == RAMO_SCAN_NULL))
          {
            /* null or missing content reads as "" for system messages and [] for the others */
            if (g_strcmp0 (role, "system") == 0)
              content = g_strdup ("\"\"");
            else if (g_strcmp0 (role, "user") == 0 || g_strcmp0 (role, "assistant") == 0 ||
                     g_strcmp0 (role, "toolResult") == 0)
              content = g_strdup ("[]");
            replaced = content != NULL;
          }
        if (replaced)
          write_with_content (scan, message, content, out);
        else
          ramo_scan_write (scan, message, out);
      }
      break;

    case RAMO_CONTEXT_ITEM_CUSTOM_MESSAGE:
      {
        guint content_node = ramo_scan_member (scan, 1, "content");

        if (!edit_content (self, item, "custom", &replaced, &content, error))
          return FALSE;
        g_string_append (out, "{\"role\":\"custom\"");
        _ramo_context_write_member (out, scan, "customType");
        /* `content ?? []` */
        if (replaced)
          {
            if (content)
              g_string_append_printf (out, ",\"content\":%s", content);
          }
        else if (content_node == 0 || ramo_scan_type (scan, content_node) == RAMO_SCAN_NULL)
          g_string_append (out, ",\"content\":[]");
        else
          _ramo_context_write_member (out, scan, "content");
        _ramo_context_write_member (out, scan, "display");
        _ramo_context_write_member (out, scan, "details");
        g_string_append (out, ",\"timestamp\":");
        ramo_json_write_number (out, item->entry->time_ms);
        g_string_append_c (out, '}');
      }
      break;

    case RAMO_CONTEXT_ITEM_BRANCH_SUMMARY:
      if (!ramo_scan_truthy (scan, ramo_scan_member (scan, 1, "summary")))
        {
          *skipped = TRUE;
          break;
        }
      g_string_append (out, "{\"role\":\"branchSummary\"");
      _ramo_context_write_member (out, scan, "summary");
      _ramo_context_write_member (out, scan, "fromId");
      g_string_append (out, ",\"timestamp\":");
      ramo_json_write_number (out, item->entry->time_ms);
      g_string_append_c (out, '}');
      break;

    case RAMO_CONTEXT_ITEM_COMPACTION_SYSTEM_MESSAGE:
      {
        guint system = ramo_scan_member (scan, 1, "systemMessage");

        if (!ramo_scan_truthy (scan, system))
          *skipped = TRUE;
        else
          ramo_scan_write (scan, system, out);
      }
      break;

    case RAMO_CONTEXT_ITEM_COMPACTION_SUMMARY:
      g_string_append (out, "{\"role\":\"compactionSummary\"");
      _ramo_context_write_member (out, scan, "summary");
      _ramo_context_write_member (out, scan, "tokensBefore");
      g_string_append (out, ",\"timestamp\":");
      ramo_json_write_number (out, item->entry->time_ms);
      g_string_append_c (out, '}');
      break;

    default:
      g_assert_not_reached ();
    }
  return TRUE;
}

/* Appends the message of item @position as the session's agent writes it; sets *@skipped for
 * an item the agent leaves out. */
static gboolean
write_message (RamoSessionContext  *self,
               guint                position,
               GString             *out,
               gboolean            *skipped,
               GError             **error)
{
  RamoContextItem *item = &g_array_index (self->items, RamoContextItem, position);
  g_autofree char *text = NULL;
  RamoScan scan;
  gboolean ok;

  *skipped = FALSE;
  ramo_scan_init (&scan);
  if (!_ramo_session_manager_scan_entry (self->manager, item->entry, &scan, &text, error))
    {
      ramo_scan_clear (&scan);
      return FALSE;
    }
  if (self->dialect == RAMO_DIALECT_OMP)
    ok = _ramo_session_context_write_omp (self, item, &scan, out, skipped, error);
  else
    ok = _ramo_session_context_write_pi (self, item, &scan, out, skipped, error);
  ramo_scan_clear (&scan);
  return ok;
}

/**
 * ramo_session_context_dup_message:
 * @self: a context
 * @position: an item position
 * @error: return location for a #GError, or %NULL
 *
 * Reads the item's entry from the file and returns the message the agent puts into the
 * context for it: a `message` entry's `message` (the legacy `hookMessage` role renamed; with
 * pi 1.6.0's rules null content read as `""` or `[]` and a context edit applied), and for the
 * other kinds `{role:"custom", customType, content, display, details, timestamp}`,
 * `{role:"branchSummary", summary, fromId, timestamp}`, a compaction's stored `systemMessage`
 * or `{role:"compactionSummary", summary, tokensBefore, timestamp}`, timestamps in
 * milliseconds; oh-my-pi's rules add their own members. Members the agent would leave
 * undefined are absent. It is the message ramo_session_context_to_json() writes, as a
 * json-glib tree (see ramo_scan_to_node() for what such a tree cannot hold).
 *
 * Errors: those of ramo_session_manager_read_entry().
 *
 * Returns: (transfer full) (nullable): the message; %NULL without error for an item the agent
 *   leaves out (a branch summary with an empty summary, a compaction without system message)
 */
JsonNode *
ramo_session_context_dup_message (RamoSessionContext  *self,
                                  guint                position,
                                  GError             **error)
{
  g_autoptr(GString) out = g_string_new (NULL);
  gboolean skipped = FALSE;
  JsonNode *node = NULL;
  RamoScan scan;

  g_return_val_if_fail (position < self->items->len, NULL);

  if (!write_message (self, position, out, &skipped, error) || skipped)
    return NULL;
  ramo_scan_init (&scan);
  if (ramo_scan_parse (&scan, out->str, out->len, NULL))
    node = ramo_scan_to_node (&scan, 1);
  ramo_scan_clear (&scan);
  if (node == NULL)
    g_set_error (error, RAMO_SESSION_ERROR, RAMO_SESSION_ERROR_CHANGED,
                 "line %u: the context message does not read back", item_line (self, position));
  return node;
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
 * With oh-my-pi's rules `mode` is absent when the latest `mode_change` has none, and oh-my-pi's
 * own members follow: `models` (per role), `configuredThinkingLevel` and `serviceTier` (each
 * absent when undefined).
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

  /* oh-my-pi leaves an undefined mode out */
  if (self->mode)
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
  g_string_append_c (out, ']');
  if (self->dialect == RAMO_DIALECT_OMP)
    _ramo_session_context_write_omp_settings (self, out);
  g_string_append_c (out, '}');

  return g_string_free (g_steal_pointer (&out), FALSE);
}

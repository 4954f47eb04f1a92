/* ramo-session-append.c
 *
 * Copyright 2026 The Ramo authors
 *
 * This program is free software: you can redistribute it and/or modify it under the terms of the
 * GNU General Public License as published by the Free Software Foundation, either version 3 of
 * the License, or (at your option) any later version.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ramo-session"

#include "config.h"

#include "ramo-js.h"
#include "ramo-json.h"
#include "ramo-session-manager-private.h"

/*
 * The entries Ramo appends (messages, model and thinking changes, compactions, custom entries,
 * labels, the session name), each as the agent of the session's dialect writes it: the same
 * members in the same order, so that the agent reads them back as its own. Each is written by
 * _ramo_session_manager_append_object() (ramo-session-writer.c).
 */

static char *
finish_append (RamoSessionManager  *self,
               JsonObject          *object,
               GError             **error)
{
  RamoEntry *entry = _ramo_session_manager_append_object (self, object, TRUE, error);

  json_object_unref (object);
  return entry ? g_strdup (entry->id) : NULL;
}

/**
 * ramo_session_manager_append_message:
 * @self: a session manager
 * @message: an AgentMessage object (`role`, `content`, …)
 * @error: return location for a #GError, or %NULL
 *
 * Appends a `message` entry as a child of the leaf and moves the leaf to it.
 *
 * Errors: %RAMO_SESSION_ERROR_IO, %RAMO_SESSION_ERROR_READ_ONLY, %RAMO_SESSION_ERROR_CHANGED;
 * on these errors the file and the tree are as before. %RAMO_SESSION_ERROR_INVALID_ARGUMENT when
 * the line written cannot be read back as every line is read: the line stays in the file, listed by ramo_session_manager_get_issues() as a reload
 * would list it, and the tree and the leaf are as before.
 *
 * Returns: (transfer full): the new entry's id, or %NULL with @error set
 */
char *
ramo_session_manager_append_message (RamoSessionManager  *self,
                                     JsonNode            *message,
                                     GError             **error)
{
  JsonObject *object;

  g_return_val_if_fail (RAMO_IS_SESSION_MANAGER (self), NULL);
  g_return_val_if_fail (message != NULL, NULL);

  object = _ramo_session_manager_base_object (self, "message", ramo_session_manager_get_leaf_id (self));
  json_object_set_member (object, "message", json_node_copy (message));
  return finish_append (self, object, error);
}

static gboolean
is_omp (RamoSessionManager *self)
{
  return ramo_session_manager_get_dialect (self) == RAMO_DIALECT_OMP;
}

/**
 * ramo_session_manager_append_thinking_level_change:
 * @self: a session manager
 * @thinking_level: the new level (`off`, `minimal`, `low`, `medium`, `high`, …)
 * @error: return location for a #GError, or %NULL
 *
 * Appends a `thinking_level_change` entry; with oh-my-pi's rules also `configured`, the level
 * the user chose, which for an explicit choice is the same (oh-my-pi 18.2.3's
 * appendThinkingLevelChange() from setThinkingLevel()). Errors as
 * ramo_session_manager_append_message().
 *
 * Returns: (transfer full): the new entry's id, or %NULL with @error set
 */
char *
ramo_session_manager_append_thinking_level_change (RamoSessionManager  *self,
                                                   const char          *thinking_level,
                                                   GError             **error)
{
  JsonObject *object;

  g_return_val_if_fail (RAMO_IS_SESSION_MANAGER (self), NULL);

  object = _ramo_session_manager_base_object (self, "thinking_level_change", ramo_session_manager_get_leaf_id (self));
  json_object_set_string_member (object, "thinkingLevel", thinking_level);
  if (is_omp (self))
    json_object_set_string_member (object, "configured", thinking_level);
  return finish_append (self, object, error);
}

/**
 * ramo_session_manager_append_model_change:
 * @self: a session manager
 * @provider: the provider (`anthropic`, `openai`, …)
 * @model_id: the model id
 * @error: return location for a #GError, or %NULL
 *
 * Appends a `model_change` entry in the form of the session's dialect: pi's `provider` and
 * `modelId`; oh-my-pi's `model` as `provider/id` and `resolvedModelIsFallback` false (18.2.3's
 * appendModelChange() for the default role). Errors as ramo_session_manager_append_message().
 *
 * Returns: (transfer full): the new entry's id, or %NULL with @error set
 */
char *
ramo_session_manager_append_model_change (RamoSessionManager  *self,
                                          const char          *provider,
                                          const char          *model_id,
                                          GError             **error)
{
  JsonObject *object;

  g_return_val_if_fail (RAMO_IS_SESSION_MANAGER (self), NULL);

  object = _ramo_session_manager_base_object (self, "model_change", ramo_session_manager_get_leaf_id (self));
  if (is_omp (self))
    {
      g_autofree char *model = g_strdup_printf ("%s/%s", provider, model_id);

      json_object_set_string_member (object, "model", model);
      json_object_set_boolean_member (object, "resolvedModelIsFallback", FALSE);
    }
  else
    {
      json_object_set_string_member (object, "provider", provider);
      json_object_set_string_member (object, "modelId", model_id);
    }
  return finish_append (self, object, error);
}

/**
 * ramo_session_manager_append_compaction:
 * @self: a session manager
 * @summary: the summary of what came before @first_kept_entry_id
 * @first_kept_entry_id: the first entry kept in the context after the summary
 * @tokens_before: the estimated context size before compaction, in tokens
 * @details: (nullable): extra data (`{readFiles, modifiedFiles}`)
 * @from_hook: whether an extension made the summary
 * @error: return location for a #GError, or %NULL
 *
 * Appends a `compaction` entry, as the session's dialect writes it: with pi's rules it stores
 * the system prompt and tools in force at the leaf as `systemMessage` (pi 1.6.0's
 * appendCompaction()), and @from_hook is `fromHook` (written when true). With oh-my-pi's
 * (18.2.3's compaction in `session-maintenance.ts`): `method` is `"soft"` (a summary written by
 * a model in place) unless an extension made it, `details` follows, then `fromExtension` as
 * true or false; what oh-my-pi also writes and Ramo does not have (`shortSummary`,
 * `tokensAfter`, `preserveData`) is left out, as JSON.stringify() leaves out what is undefined.
 * Errors as ramo_session_manager_append_message().
 *
 * Returns: (transfer full): the new entry's id, or %NULL with @error set
 */
char *
ramo_session_manager_append_compaction (RamoSessionManager  *self,
                                        const char          *summary,
                                        const char          *first_kept_entry_id,
                                        gint64               tokens_before,
                                        JsonNode            *details,
                                        gboolean             from_hook,
                                        GError             **error)
{
  g_autoptr(JsonNode) system = NULL;
  JsonObject *object;

  g_return_val_if_fail (RAMO_IS_SESSION_MANAGER (self), NULL);

  if (!_ramo_session_manager_dup_boundary_system_message (self, &system, error))
    return NULL;

  object = _ramo_session_manager_base_object (self, "compaction", ramo_session_manager_get_leaf_id (self));
  json_object_set_string_member (object, "summary", summary);
  json_object_set_string_member (object, "firstKeptEntryId", first_kept_entry_id);
  json_object_set_int_member (object, "tokensBefore", tokens_before);
  if (is_omp (self) && !from_hook)
    json_object_set_string_member (object, "method", "soft");
  if (details)
    json_object_set_member (object, "details", json_node_copy (details));
  if (is_omp (self))
    json_object_set_boolean_member (object, "fromExtension", from_hook);
  else if (from_hook)
    json_object_set_boolean_member (object, "fromHook", TRUE);
  if (system)
    {
      /* stamped with the compaction's time */
      json_object_set_int_member (json_node_get_object (system), "timestamp",
                                  (gint64) ramo_js_date_parse (json_object_get_string_member (object, "timestamp")));
      json_object_set_member (object, "systemMessage", g_steal_pointer (&system));
    }
  return finish_append (self, object, error);
}

/**
 * ramo_session_manager_append_custom_entry:
 * @self: a session manager
 * @custom_type: the extension's identifier
 * @data: (nullable): the extension's data
 * @error: return location for a #GError, or %NULL
 *
 * Appends a `custom` entry (not part of the LLM context). Errors as
 * ramo_session_manager_append_message().
 *
 * Returns: (transfer full): the new entry's id, or %NULL with @error set
 */
char *
ramo_session_manager_append_custom_entry (RamoSessionManager  *self,
                                          const char          *custom_type,
                                          JsonNode            *data,
                                          GError             **error)
{
  JsonObject *object;

  g_return_val_if_fail (RAMO_IS_SESSION_MANAGER (self), NULL);

  /* pi writes the custom fields before the base fields for these two types */
  object = json_object_new ();
  json_object_set_string_member (object, "type", "custom");
  json_object_set_string_member (object, "customType", custom_type);
  if (data)
    json_object_set_member (object, "data", json_node_copy (data));
  _ramo_session_manager_add_base_members (self, object, ramo_session_manager_get_leaf_id (self));
  return finish_append (self, object, error);
}

/**
 * ramo_session_manager_append_custom_message_entry:
 * @self: a session manager
 * @custom_type: the extension's identifier
 * @content: a string or an array of text/image blocks
 * @display: whether the message is shown to the user
 * @details: (nullable): extension data not sent to the model
 * @error: return location for a #GError, or %NULL
 *
 * Appends a `custom_message` entry, which takes part in the LLM context as a user message.
 * Errors as ramo_session_manager_append_message().
 *
 * Returns: (transfer full): the new entry's id, or %NULL with @error set
 */
char *
ramo_session_manager_append_custom_message_entry (RamoSessionManager  *self,
                                                  const char          *custom_type,
                                                  JsonNode            *content,
                                                  gboolean             display,
                                                  JsonNode            *details,
                                                  GError             **error)
{
  JsonObject *object;

  g_return_val_if_fail (RAMO_IS_SESSION_MANAGER (self), NULL);
  g_return_val_if_fail (content != NULL, NULL);

  object = json_object_new ();
  json_object_set_string_member (object, "type", "custom_message");
  json_object_set_string_member (object, "customType", custom_type);
  json_object_set_member (object, "content", json_node_copy (content));
  json_object_set_boolean_member (object, "display", display);
  if (details)
    json_object_set_member (object, "details", json_node_copy (details));
  _ramo_session_manager_add_base_members (self, object, ramo_session_manager_get_leaf_id (self));
  return finish_append (self, object, error);
}

/**
 * ramo_session_manager_append_label_change:
 * @self: a session manager
 * @target_id: the entry to label
 * @label: (nullable): the new label, written as given; %NULL or empty clears it
 * @error: return location for a #GError, or %NULL
 *
 * Appends a `label` entry on the leaf's chain (so the leaf moves to it, as every append does)
 * and updates the label index at once (pi's `appendLabelChange()`). Like pi's, it leaves white
 * space alone: trimming what a user typed is the caller's part, as pi's tree selector trims
 * its input before it calls `appendLabelChange()` (in Ramo, ramo_window_set_label()).
 *
 * Errors: %RAMO_SESSION_ERROR_NOT_FOUND when @target_id names no entry, and those of
 * ramo_session_manager_append_message().
 *
 * Returns: (transfer full): the label entry's id, or %NULL with @error set
 */
char *
ramo_session_manager_append_label_change (RamoSessionManager  *self,
                                          const char          *target_id,
                                          const char          *label,
                                          GError             **error)
{
  JsonObject *object;
  RamoEntry *entry;
  g_autofree char *id = NULL;

  g_return_val_if_fail (RAMO_IS_SESSION_MANAGER (self), NULL);
  g_return_val_if_fail (target_id != NULL, NULL);

  if (!_ramo_id_index_contains (self->by_id, target_id))
    {
      g_set_error (error, RAMO_SESSION_ERROR, RAMO_SESSION_ERROR_NOT_FOUND,
                   "Entry %s not found", target_id);
      return NULL;
    }

  if (label && label[0] == '\0')
    label = NULL;

  object = _ramo_session_manager_base_object (self, "label", ramo_session_manager_get_leaf_id (self));
  json_object_set_string_member (object, "targetId", target_id);
  if (label)
    json_object_set_string_member (object, "label", label);

  entry = _ramo_session_manager_append_object (self, object, TRUE, error);
  json_object_unref (object);
  if (entry == NULL)
    return NULL;

  id = g_strdup (entry->id);
  _ramo_session_manager_emit_label_changed (self, target_id, label);
  return g_steal_pointer (&id);
}

/**
 * ramo_session_manager_append_session_info:
 * @self: a session manager
 * @name: the session's display name (trimmed; empty clears it)
 * @error: return location for a #GError, or %NULL
 *
 * Names the session as the agent of its dialect does. With pi's rules: appends a
 * `session_info` entry. With oh-my-pi's (18.2.3's `setSessionName(name, "user")`): cleans the
 * name (control characters become spaces, runs of spaces one, white space trimmed), appends a
 * `title_change` entry (`title`, `source: "user"`, `previousTitle` when there was a name), then
 * writes the new title slot: over the old one in place (one pwrite() of its 256 bytes) when the
 * file starts with one, else by replacing the file atomically with one that starts with the
 * slot and whose header carries `title` and `titleSource` (the session is then read again and
 * #RamoSessionManager::reloaded emitted). #RamoSessionManager:session-name is notified.
 *
 * Errors: those of ramo_session_manager_append_message(); with oh-my-pi's rules also
 * %RAMO_SESSION_ERROR_INVALID_ARGUMENT for a name that is empty once cleaned (oh-my-pi keeps
 * no empty name; nothing is written).
 *
 * Returns: (transfer full): the new entry's id, or %NULL with @error set
 */
char *
ramo_session_manager_append_session_info (RamoSessionManager  *self,
                                          const char          *name,
                                          GError             **error)
{
  JsonObject *object;
  g_autofree char *trimmed = g_strstrip (g_strdup (name ? name : ""));
  char *id;

  g_return_val_if_fail (RAMO_IS_SESSION_MANAGER (self), NULL);

  if (is_omp (self))
    return _ramo_session_manager_set_omp_title (self, name ? name : "", error);

  object = _ramo_session_manager_base_object (self, "session_info", ramo_session_manager_get_leaf_id (self));
  json_object_set_string_member (object, "name", trimmed);
  id = finish_append (self, object, error);
  if (id)
    _ramo_session_manager_notify_session_name (self);
  return id;
}

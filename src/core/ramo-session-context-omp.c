/* ramo-session-context-omp.c
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

#include "ramo-entry-omp-private.h"
#include "ramo-json.h"
#include "ramo-session-context-private.h"
#include "ramo-session-manager-private.h"

/*
 * The context of an oh-my-pi session, by oh-my-pi 18.2.3's rules (src/session/session-context.ts,
 * buildSessionContext(), without its `transcript` options). What differs from pi:
 *
 * - settings: the thinking level of the latest change (a null level reads "off"), its
 *   `configured` selector, the service tier (coerced per model family), models per role (a
 *   `model_change` sets `models[role ?? "default"]`; assistant messages set `models.default`
 *   until an explicit default change), the TTSR rules once each in first-seen order, the mode
 *   and its data as the latest `mode_change` has them;
 * - where the messages start: after the latest `reset_boundary`, unless a compaction comes
 *   later; a compaction gives its summary (with shortSummary, tokensAfter, method, warning and
 *   the provider's replay payload), then its kept range (none with an OpenAI remote
 *   compaction, whose replacement history stands for it, but what follows
 *   `providerReplayThroughEntryId`), then what follows; a notes-backed rollover keeps the
 *   latest user request before the kept range;
 * - what each entry gives: assistant turns with `retryRecovery`, and error turns without
 *   output, give nothing; custom messages are normalized and carry their attribution;
 *   `prewalk-plan` and `vibe-mode-context` custom messages give nothing;
 * - afterwards: the latest context-notes revision comes first, as a hidden custom message;
 *   tool calls without a result in the context are taken out (with the turn's redacted
 *   thinking, signatures cleared; a turn left empty goes); aborted and error turns go with
 *   the tool results of their calls, unless an `interrupted-thinking` message follows.
 *
 * The decisions are made here from the entries' flags (ramo-session-lines-omp.c), with the
 * settings' own rules in ramo-session-context-omp-settings.c; the messages are written from the
 * entries' text by ramo-session-context-omp-write.c.
 */

static void
omp_context_free (gpointer data)
{
  RamoOmpContext *omp = data;

  g_clear_pointer (&omp->paired, g_hash_table_unref);
  g_free (omp->service_tier);
  g_free (omp->models);
  g_free (omp->provider);
  g_free (omp->model_id);
  g_free (omp->rules);
  g_free (omp);
}

static gboolean
is_undefined_or_null (const char *json)
{
  return json == NULL || strcmp (json, "null") == 0;
}

/* ------------------------------------------------------------------------------------------ */
/* The messages                                                                                */

static gboolean
is_type (const RamoEntry *entry,
         const char      *type_name)
{
  return entry->type == RAMO_ENTRY_TYPE_UNKNOWN && g_strcmp0 (ramo_entry_get_type_name (entry), type_name) == 0;
}

/* appendMessage(): what an entry gives */
static void
append_entry (RamoSessionContext *self,
              RamoEntry          *entry)
{
  switch ((RamoEntryType) entry->type)
    {
    case RAMO_ENTRY_TYPE_MESSAGE:
      if (entry->role == RAMO_MESSAGE_ROLE_ASSISTANT &&
          (entry->flags & (RAMO_ENTRY_FLAG_RETRY_RECOVERY | RAMO_ENTRY_FLAG_EMPTY_ERROR_TURN)))
        return;
      _ramo_session_context_add_item (self, RAMO_CONTEXT_ITEM_MESSAGE, entry);
      break;
    case RAMO_ENTRY_TYPE_CUSTOM_MESSAGE:
      if (entry->flags & (RAMO_ENTRY_FLAG_NOT_REPLAYED | RAMO_ENTRY_FLAG_UNSENDABLE))
        return;
      _ramo_session_context_add_item (self, RAMO_CONTEXT_ITEM_CUSTOM_MESSAGE, entry);
      break;
    case RAMO_ENTRY_TYPE_BRANCH_SUMMARY:
      if (!(entry->flags & RAMO_ENTRY_FLAG_EMPTY_SUMMARY))
        _ramo_session_context_add_item (self, RAMO_CONTEXT_ITEM_BRANCH_SUMMARY, entry);
      break;
    case RAMO_ENTRY_TYPE_UNKNOWN:
    case RAMO_ENTRY_TYPE_THINKING_LEVEL_CHANGE:
    case RAMO_ENTRY_TYPE_MODEL_CHANGE:
    case RAMO_ENTRY_TYPE_COMPACTION:
    case RAMO_ENTRY_TYPE_CUSTOM:
    case RAMO_ENTRY_TYPE_LABEL:
    case RAMO_ENTRY_TYPE_SESSION_INFO:
    case RAMO_ENTRY_TYPE_CONTEXT_EDIT:
    case RAMO_ENTRY_TYPE_USAGE:
    default:
      break;
    }
}

static void
append_range (RamoSessionContext *self,
              GPtrArray          *path,
              gint                from,
              gint                to)
{
  for (gint i = MAX (from, 0); i < to && i < (gint) path->len; i++)
    append_entry (self, g_ptr_array_index (path, i));
}

/* `path.findIndex(entry => entry.id === id)`, among the first @limit entries */
static gint
find_index (GPtrArray  *path,
            const char *id,
            gint        limit)
{
  if (id == NULL)
    return -1;
  for (gint i = 0; i < limit && i < (gint) path->len; i++)
    if (strcmp (((RamoEntry *) g_ptr_array_index (path, i))->id, id) == 0)
      return i;
  return -1;
}

static void
append_compaction (RamoSessionContext *self,
                   GPtrArray          *path,
                   RamoEntry          *compaction,
                   gint                compaction_index,
                   gint                reset_index)
{
  gint first_kept = find_index (path, compaction->first_kept_id, G_MAXINT);
  RamoContextItem *summary;

  _ramo_session_context_add_item (self, RAMO_CONTEXT_ITEM_COMPACTION_SUMMARY, compaction);
  summary = &g_array_index (self->items, RamoContextItem, self->items->len - 1);

  /* a summary the model wrote natively is dated just before the first entry it keeps */
  if (compaction->flags & RAMO_ENTRY_FLAG_NATIVE_COMPACTION)
    {
      RamoEntry *retained = NULL;

      if (first_kept >= 0 && first_kept < compaction_index)
        retained = g_ptr_array_index (path, first_kept);
      else if (compaction_index + 1 < (gint) path->len)
        retained = g_ptr_array_index (path, compaction_index + 1);
      if (retained && isfinite (retained->time_ms))
        {
          summary->omp_flags |= RAMO_OMP_ITEM_TIME;
          summary->omp_time = retained->time_ms - 1;
        }
    }

  /* a notes-backed rollover keeps the latest user request before the kept range */
  if (compaction->flags & RAMO_ENTRY_FLAG_CONTEXT_ROLLOVER)
    for (gint i = compaction_index - 1; i > reset_index; i--)
      {
        RamoEntry *entry = g_ptr_array_index (path, i);

        if (!(entry->flags & RAMO_ENTRY_FLAG_USER_REQUEST))
          continue;
        if (i < first_kept)
          append_entry (self, entry);
        break;
      }

  if (!(compaction->flags & RAMO_ENTRY_FLAG_REMOTE_COMPACTION))
    {
      gint kept = find_index (path, compaction->first_kept_id, compaction_index);

      if (kept >= 0)
        append_range (self, path, kept, compaction_index);
    }
  else if (compaction->aux1 && compaction->aux1[0])
    {
      /* the provider's replacement history stands for the kept range up to this entry */
      gint through = find_index (path, compaction->aux1, G_MAXINT);

      if (through >= 0 && through < compaction_index)
        append_range (self, path, through + 1, compaction_index);
    }

  append_range (self, path, compaction_index + 1, path->len);
}

static RamoContextItem *
item_at (RamoSessionContext *self,
         guint               i)
{
  return &g_array_index (self->items, RamoContextItem, i);
}

static gboolean
item_has_role (RamoContextItem *item,
               RamoMessageRole  role)
{
  return item->kind == RAMO_CONTEXT_ITEM_MESSAGE && item->entry->role == role;
}

/* Counts the tool-call ids of an assistant entry (aux3: ids, one per line) that are not in
 * @in (all with %NULL), and adds those that are to @collect. */
static guint
count_ids (const RamoEntry *entry,
           GHashTable      *in,
           GString         *buf,
           GHashTable      *collect)
{
  guint n = 0;

  for (const char *p = entry->aux3; p && *p; )
    {
      const char *end = strchr (p, '\n');
      gsize len = end ? (gsize) (end - p) : strlen (p);

      g_string_truncate (buf, 0);
      g_string_append_len (buf, p, len);
      if (in == NULL || !g_hash_table_contains (in, buf->str))
        n++;
      else if (collect)
        g_hash_table_add (collect, g_strdup (buf->str));
      p = end ? end + 1 : p + len;
    }
  return n;
}

static guint
n_ids (const RamoEntry *entry)
{
  guint n = 0;

  if (entry->aux3 == NULL)
    return 0;
  n = 1;
  for (const char *p = entry->aux3; *p; p++)
    n += *p == '\n';
  return n;
}

static const char *
result_id (const RamoEntry *entry)
{
  return entry->aux1 ? entry->aux1 : RAMO_OMP_UNDEFINED;
}

/* Takes the items marked in @removed out, keeping the order of the others. */
static void
compact_items (RamoSessionContext *self,
               const gboolean     *removed)
{
  guint kept = 0;

  for (guint i = 0; i < self->items->len; i++)
    if (!removed[i])
      {
        if (kept != i)
          *item_at (self, kept) = *item_at (self, i);
        kept++;
      }
  g_array_set_size (self->items, kept);
}

/* Tool calls without a result anywhere in the context are stripped; a turn left with nothing
 * goes. */
static void
strip_dangling_calls (RamoSessionContext *self,
                      RamoOmpContext     *omp)
{
  g_autoptr(GString) buf = g_string_new (NULL);
  g_autofree gboolean *removed = g_new0 (gboolean, self->items->len + 1);
  gboolean any = FALSE;

  omp->paired = g_hash_table_new (g_str_hash, g_str_equal);
  for (guint i = 0; i < self->items->len; i++)
    if (item_has_role (item_at (self, i), RAMO_MESSAGE_ROLE_TOOL_RESULT))
      g_hash_table_add (omp->paired, (char *) result_id (item_at (self, i)->entry));

  for (guint i = 0; i < self->items->len; i++)
    {
      RamoContextItem *item = item_at (self, i);
      guint dangling;

      if (!item_has_role (item, RAMO_MESSAGE_ROLE_ASSISTANT) || item->entry->aux3 == NULL)
        continue;
      dangling = count_ids (item->entry, omp->paired, buf, NULL);
      if (dangling == 0)
        continue;
      if ((item->entry->flags & RAMO_ENTRY_FLAG_ONLY_TOOL_CALLS) && dangling == n_ids (item->entry))
        removed[i] = any = TRUE;
      else
        item->omp_flags |= RAMO_OMP_ITEM_STRIP;
    }
  if (any)
    compact_items (self, removed);
}

static gboolean
is_interrupted_thinking (RamoContextItem *item)
{
  return (item->kind == RAMO_CONTEXT_ITEM_CUSTOM_MESSAGE || item_has_role (item, RAMO_MESSAGE_ROLE_CUSTOM)) &&
         (item->entry->flags & RAMO_ENTRY_FLAG_INTERRUPTED_THINKING);
}

/* Aborted and error turns leave, with the results of their (remaining) tool calls that come
 * after them, unless the interrupted-thinking note follows. From the last turn to the first,
 * as oh-my-pi goes, so that "follows" means what is left after the later turns went. */
static void
drop_failed_turns (RamoSessionContext *self,
                   RamoOmpContext     *omp)
{
  g_autoptr(GString) buf = g_string_new (NULL);
  g_autoptr(GHashTable) results = NULL;   /* toolCallId → GArray of result positions */
  g_autoptr(GHashTable) dropped = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autofree gboolean *removed = g_new0 (gboolean, self->items->len + 1);
  gboolean any = FALSE;

  for (guint i = self->items->len; i-- > 0; )
    {
      RamoContextItem *item = item_at (self, i);
      GHashTableIter iter;
      gpointer id;
      guint next = i + 1;

      if (!item_has_role (item, RAMO_MESSAGE_ROLE_ASSISTANT) ||
          !(item->entry->flags & (RAMO_ENTRY_FLAG_ABORTED | RAMO_ENTRY_FLAG_STOP_ERROR)))
        continue;
      while (next < self->items->len && removed[next])
        next++;
      if (next < self->items->len && is_interrupted_thinking (item_at (self, next)))
        continue;
      removed[i] = any = TRUE;
      if (item->entry->aux3 == NULL)
        continue;

      /* the calls left after stripping are those with results */
      g_hash_table_remove_all (dropped);
      count_ids (item->entry, omp->paired, buf, dropped);
      if (g_hash_table_size (dropped) > 0 && results == NULL)
        {
          results = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, (GDestroyNotify) g_array_unref);
          for (guint j = 0; j < self->items->len; j++)
            if (item_has_role (item_at (self, j), RAMO_MESSAGE_ROLE_TOOL_RESULT))
              {
                const char *key = result_id (item_at (self, j)->entry);
                GArray *at = g_hash_table_lookup (results, key);

                if (at == NULL)
                  g_hash_table_insert (results, (char *) key, at = g_array_new (FALSE, FALSE, sizeof (guint)));
                g_array_append_val (at, j);
              }
        }
      g_hash_table_iter_init (&iter, dropped);
      while (g_hash_table_iter_next (&iter, &id, NULL))
        {
          GArray *at = g_hash_table_lookup (results, id);

          for (guint k = 0; at && k < at->len; k++)
            if (g_array_index (at, guint, k) > i)
              removed[g_array_index (at, guint, k)] = TRUE;
        }
    }
  if (any)
    compact_items (self, removed);
}

/* context-notes.ts getContextNotes(): the latest valid revision after the latest reset */
static RamoEntry *
context_notes (GPtrArray *path)
{
  for (guint i = path->len; i-- > 0; )
    {
      RamoEntry *entry = g_ptr_array_index (path, i);

      if (is_type (entry, "reset_boundary"))
        return NULL;
      if (entry->type == RAMO_ENTRY_TYPE_CUSTOM && (entry->flags & RAMO_ENTRY_FLAG_CONTEXT_NOTES))
        return (entry->flags & RAMO_ENTRY_FLAG_NOTES_EMPTY) ? NULL : entry;
    }
  return NULL;
}

/* ------------------------------------------------------------------------------------------ */

void
_ramo_session_context_build_omp (RamoSessionContext *self,
                                 GPtrArray          *path)
{
  RamoOmpContext *omp = g_new0 (RamoOmpContext, 1);
  g_autoptr(GArray) models = _ramo_omp_models_new ();
  g_autoptr(GHashTable) seen_rules = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GString) rules = g_string_new ("[");
  RamoEntry *compaction = NULL;
  RamoEntry *tier = NULL;
  RamoEntry *notes;
  gboolean explicit_default = FALSE;
  gint compaction_index = -1;
  gint reset_index = -1;

  self->omp = omp;
  self->omp_free = omp_context_free;

  for (guint i = 0; path && i < path->len; i++)
    {
      RamoEntry *entry = g_ptr_array_index (path, i);

      switch ((RamoEntryType) entry->type)
        {
        case RAMO_ENTRY_TYPE_THINKING_LEVEL_CHANGE:
          {
            const char *level = is_undefined_or_null (entry->aux1) ? NULL : entry->aux1;

            /* `thinkingLevel ?? "off"`, `configured ?? thinkingLevel ?? undefined` */
            self->thinking_level = level ? level : "\"off\"";
            omp->configured = is_undefined_or_null (entry->aux2) ? level : entry->aux2;
          }
          break;
        case RAMO_ENTRY_TYPE_MODEL_CHANGE:
          _ramo_omp_models_add_change (models, entry, &explicit_default);
          break;
        case RAMO_ENTRY_TYPE_MESSAGE:
          /* before an explicit default, the model of the latest assistant message */
          if (entry->role == RAMO_MESSAGE_ROLE_ASSISTANT && !explicit_default)
            _ramo_omp_models_add_assistant (models, entry);
          break;
        case RAMO_ENTRY_TYPE_COMPACTION:
          compaction = entry;
          break;
        case RAMO_ENTRY_TYPE_UNKNOWN:
          if (is_type (entry, "ttsr_injection"))
            {
              if (!(entry->flags & RAMO_ENTRY_FLAG_RULES_FALLBACK))
                _ramo_omp_add_rules (entry->aux1, seen_rules, rules);
            }
          else if (is_type (entry, "mode_change"))
            {
              /* `mode = entry.mode`: undefined leaves it out */
              self->mode = entry->aux1 ? entry->aux1 : (entry->flags & RAMO_ENTRY_FLAG_MODE_NULL) ? "null" : NULL;
              self->mode_data = entry->aux2;
            }
          else if (is_type (entry, "service_tier_change"))
            tier = entry;
          else if (is_type (entry, "reset_boundary"))
            reset_index = i;
          break;
        case RAMO_ENTRY_TYPE_BRANCH_SUMMARY:
        case RAMO_ENTRY_TYPE_CUSTOM:
        case RAMO_ENTRY_TYPE_CUSTOM_MESSAGE:
        case RAMO_ENTRY_TYPE_LABEL:
        case RAMO_ENTRY_TYPE_SESSION_INFO:
        case RAMO_ENTRY_TYPE_CONTEXT_EDIT:
        case RAMO_ENTRY_TYPE_USAGE:
        default:
          break;
        }
    }

  _ramo_omp_models_finish (self, omp, models);
  omp->service_tier = tier ? _ramo_omp_coerce_service_tier (tier->aux1) : NULL;
  g_string_append_c (rules, ']');
  omp->rules = g_string_free (g_steal_pointer (&rules), FALSE);
  g_ptr_array_add (self->rules, omp->rules);
  if (path == NULL)
    {
      omp->paired = g_hash_table_new (g_str_hash, g_str_equal);
      return;
    }

  if (compaction)
    {
      /* the first compaction on the path with that id */
      for (guint i = 0; i < path->len && compaction_index < 0; i++)
        {
          RamoEntry *entry = g_ptr_array_index (path, i);

          if (entry->type == RAMO_ENTRY_TYPE_COMPACTION && strcmp (entry->id, compaction->id) == 0)
            compaction_index = i;
        }
    }

  if (reset_index >= 0 && reset_index > compaction_index)
    append_range (self, path, reset_index + 1, path->len);
  else if (compaction)
    append_compaction (self, path, compaction, compaction_index, reset_index);
  else
    append_range (self, path, 0, path->len);

  notes = context_notes (path);
  if (notes)
    {
      RamoContextItem item = { RAMO_CONTEXT_ITEM_CONTEXT_NOTES, notes, NULL, 0, 0 };

      g_array_prepend_val (self->items, item);
    }

  strip_dangling_calls (self, omp);
  drop_failed_turns (self, omp);
}

gboolean
_ramo_session_context_write_omp (RamoSessionContext  *self,
                                 RamoContextItem     *item,
                                 RamoScan            *scan,
                                 GString             *out,
                                 gboolean            *skipped,
                                 GError             **error)
{
  *skipped = FALSE;
  return _ramo_omp_write_item (self, item, scan, out, error);
}

/* Appends oh-my-pi's own members to the context's JSON: models, configuredThinkingLevel and
 * serviceTier (the last two left out when undefined). */
void
_ramo_session_context_write_omp_settings (RamoSessionContext *self,
                                          GString            *out)
{
  RamoOmpContext *omp = self->omp;

  if (omp == NULL)
    return;
  g_string_append_printf (out, ",\"models\":%s", omp->models);
  if (omp->configured)
    g_string_append_printf (out, ",\"configuredThinkingLevel\":%s", omp->configured);
  if (omp->service_tier)
    g_string_append_printf (out, ",\"serviceTier\":%s", omp->service_tier);
}

/* ramo-session-lines-omp.c
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

#include <string.h>

#include "ramo-entry-omp-private.h"
#include "ramo-js.h"
#include "ramo-session-manager-private.h"

/*
 * What oh-my-pi 18.2.3's context rebuild (src/session/session-context.ts, buildSessionContext())
 * asks of an entry, taken while the line is scanned anyway, so that building a context reads
 * nothing from the file: flags (see #RamoEntryFlags) and a few small strings (aux1, aux2, aux3
 * of #RamoEntry). Done for every file, whatever its dialect: a window may switch the rules.
 */

/* Appends the id at @node as the text ids are compared by: its JSON text (a string without
 * escapes is its own), or RAMO_OMP_UNDEFINED when there is none. */
void
_ramo_omp_append_id (RamoScan *scan,
                     guint     node,
                     GString  *out)
{
  RamoScanNode *n;

  if (node == 0)
    {
      g_string_append (out, RAMO_OMP_UNDEFINED);
      return;
    }
  n = ramo_scan_node (scan, node);
  if (n->type == RAMO_SCAN_STRING && !n->escaped)
    g_string_append_len (out, scan->text + n->start, n->end - n->start);
  else
    ramo_scan_write (scan, node, out);
}

/* `isRecord()`: a non-null object that is not an array */
static gboolean
is_record (RamoScan *scan,
           guint     node)
{
  return ramo_scan_type (scan, node) == RAMO_SCAN_OBJECT;
}

static gboolean
is_nonempty_string (RamoScan *scan,
                    guint     node)
{
  return ramo_scan_type (scan, node) == RAMO_SCAN_STRING &&
         ramo_scan_node (scan, node)->end - ramo_scan_node (scan, node)->start > 2;
}

/* Whether member @m of an object has the key @key, escapes decoded. */
static gboolean
key_is (RamoScan   *scan,
        guint       m,
        const char *key)
{
  RamoScanNode *n = ramo_scan_node (scan, m);
  gsize len = strlen (key);
  RamoScan one;
  gboolean equal;

  if (!n->key_escaped)
    return n->key_end - n->key_start - 2 == len && memcmp (scan->text + n->key_start + 1, key, len) == 0;
  /* a key with escapes is a JSON string of its own */
  ramo_scan_init (&one);
  equal = ramo_scan_parse (&one, scan->text + n->key_start, n->key_end - n->key_start, NULL) &&
          ramo_scan_string_equal (&one, 1, key);
  ramo_scan_clear (&one);
  return equal;
}

/* A JavaScript string's trim() is empty: for a string node; other values count as output
 * (oh-my-pi would stop on them). */
static gboolean
blank (RamoScan *scan,
       guint     node)
{
  return ramo_scan_type (scan, node) == RAMO_SCAN_STRING && ramo_scan_string_blank (scan, node);
}

/* One content block for isEmptyErrorTurn(): whether it counts as output. */
static gboolean
block_has_output (RamoScan *scan,
                  guint     block,
                  guint     type,
                  gboolean  copilot)
{
  if (ramo_scan_string_equal (scan, type, "text"))
    return !blank (scan, ramo_scan_member (scan, block, "text"));
  if (ramo_scan_string_equal (scan, type, "thinking"))
    {
      guint signature = ramo_scan_member (scan, block, "thinkingSignature");

      if (!blank (scan, ramo_scan_member (scan, block, "thinking")))
        return TRUE;
      /* `thinkingSignature?.trim()`: absent and null are no output; the Copilot clean-up on
       * load has taken every signature away */
      if (copilot || signature == 0 || ramo_scan_type (scan, signature) == RAMO_SCAN_NULL)
        return FALSE;
      return !blank (scan, signature);
    }
  if (ramo_scan_string_equal (scan, type, "redactedThinking"))
    return !blank (scan, ramo_scan_member (scan, block, "data"));
  if (ramo_scan_string_equal (scan, type, "fallback"))
    return FALSE;
  /* tool calls, and any other kind of block */
  return TRUE;
}

/* Whether oh-my-pi's canonicalizeMessage() (18.2.3, `src/utils/thinking-display.ts`) turns the
 * @len bytes of @text into nothing: once JavaScript's trim() has taken the white space off both
 * ends, only '.', '…', space, tab, LF and CR may be left. Other white space counts only at the
 * ends, which trim() takes: between two dots it is text. */
static gboolean
omp_canonical_text_empty (const char *text,
                          gsize       len)
{
  const char *end = text + len;
  gboolean dot_seen = FALSE;
  gboolean gap = FALSE;

  for (const char *p = text; p < end; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (c == '.' || c == 0x2026)
        {
          if (gap)
            return FALSE;
          dot_seen = TRUE;
        }
      else if (c == ' ' || c == '\t' || c == '\n' || c == '\r')
        continue;
      else if (ramo_js_is_white_space (c))
        gap = dot_seen;
      else
        return FALSE;
    }
  return TRUE;
}

static gboolean
omp_scan_text_empty (RamoScan *scan,
                     guint     node)
{
  RamoScanNode *n = ramo_scan_node (scan, node);
  g_autoptr(GString) decoded = NULL;

  if (!n->escaped)
    return omp_canonical_text_empty (scan->text + n->start + 1, n->end - n->start - 2);
  /* (a GString: the text may hold a \u0000) */
  decoded = g_string_new (NULL);
  ramo_scan_append_string (scan, node, 0, decoded);
  return omp_canonical_text_empty (decoded->str, decoded->len);
}

/* Whether an assistant message's @content holds no text oh-my-pi's /tree counts (its
 * TreeList's #hasTextContent(): a string content, or the `text` of a `text` block, that
 * canonicalizeMessage() leaves non-empty). Only strings count, as for pi (see
 * has_visible_text() in ramo-entry-display.c). */
static gboolean
omp_has_no_text (RamoScan *scan,
                 guint     content)
{
  if (ramo_scan_type (scan, content) == RAMO_SCAN_STRING)
    return omp_scan_text_empty (scan, content);
  if (ramo_scan_type (scan, content) != RAMO_SCAN_ARRAY)
    return TRUE;
  for (guint b = ramo_scan_node (scan, content)->first_child; b; b = ramo_scan_node (scan, b)->next)
    {
      guint text;

      if (_ramo_scan_block_kind (scan, b) != RAMO_CONTENT_TEXT)
        continue;
      text = ramo_scan_member (scan, b, "text");
      if (ramo_scan_type (scan, text) == RAMO_SCAN_STRING && !omp_scan_text_empty (scan, text))
        return FALSE;
    }
  return TRUE;
}

static void
fill_assistant (GStringChunk         *strings,
                RamoEntry            *entry,
                RamoScan             *scan,
                const RamoTopMembers *top)
{
  guint message = top->message;
  guint content = top->content;
  gboolean stop_error = ramo_scan_string_equal (scan, top->stop_reason, "error");
  gboolean only_calls = TRUE;
  gboolean output = FALSE;
  gboolean copilot = FALSE;
  guint n_calls = 0;
  g_autoptr(GString) ids = NULL;

  /* oh-my-pi's /tree counts no text in dots and white space */
  if (omp_has_no_text (scan, content))
    entry->flags |= RAMO_ENTRY_FLAG_OMP_NO_TEXT;
  if (stop_error)
    entry->flags |= RAMO_ENTRY_FLAG_STOP_ERROR;
  if (ramo_scan_truthy (scan, ramo_scan_member (scan, message, "retryRecovery")))
    entry->flags |= RAMO_ENTRY_FLAG_RETRY_RECOVERY;

  /* sanitizeRehydratedOpenAIResponsesAssistantMessage(), run when oh-my-pi loads a file */
  if (entry->aux1 && strcmp (entry->aux1, "\"github-copilot\"") == 0)
    {
      guint payload = ramo_scan_member (scan, message, "providerPayload");

      copilot = ramo_scan_string_equal (scan, ramo_scan_member (scan, payload, "type"), "openaiResponsesHistory");
      if (copilot)
        entry->flags |= RAMO_ENTRY_FLAG_COPILOT_REPLAY;
    }

  if (ramo_scan_type (scan, content) != RAMO_SCAN_ARRAY)
    return;

  for (guint b = ramo_scan_node (scan, content)->first_child; b; b = ramo_scan_node (scan, b)->next)
    {
      guint type = ramo_scan_member (scan, b, "type");

      if (ramo_scan_string_equal (scan, type, "toolCall"))
        {
          if (ids == NULL)
            ids = g_string_new (NULL);
          else
            g_string_append_c (ids, '\n');
          _ramo_omp_append_id (scan, ramo_scan_member (scan, b, "id"), ids);
          n_calls++;
          output = TRUE;
        }
      else
        {
          if (!ramo_scan_string_equal (scan, type, "redactedThinking"))
            only_calls = FALSE;
          if (stop_error && !output)
            output = block_has_output (scan, b, type, copilot);
        }
    }

  if (stop_error && !output)
    entry->flags |= RAMO_ENTRY_FLAG_EMPTY_ERROR_TURN;
  if (n_calls > 0)
    {
      entry->aux3 = g_string_chunk_insert_len (strings, ids->str, ids->len);
      if (only_calls)
        entry->flags |= RAMO_ENTRY_FLAG_ONLY_TOOL_CALLS;
    }
}

/* isUserTurnInitiator(): a skill prompt or a collab prompt, by the user */
static gboolean
starts_user_turn (RamoScan *scan,
                  guint     custom_type,
                  guint     attribution)
{
  return (ramo_scan_string_equal (scan, custom_type, "skill-prompt") ||
          ramo_scan_string_equal (scan, custom_type, "collab-prompt")) &&
         ramo_scan_string_equal (scan, attribution, "user");
}

/* context-notes.ts: `{version: 1, text}` and nothing else, the text at most 16 KiB of UTF-8 */
static void
fill_context_notes (RamoEntry *entry,
                    RamoScan  *scan)
{
  guint data = ramo_scan_member (scan, 1, "data");
  guint version = ramo_scan_member (scan, data, "version");
  guint text = ramo_scan_member (scan, data, "text");
  g_autofree char *decoded = NULL;
  double v;

  if (!is_record (scan, data) || !ramo_scan_number (scan, version, &v) || v != 1 ||
      ramo_scan_type (scan, text) != RAMO_SCAN_STRING)
    return;
  /* Object.keys() of what JSON.parse() made: a repeated key counts once */
  for (guint m = ramo_scan_node (scan, data)->first_child; m; m = ramo_scan_node (scan, m)->next)
    if (!key_is (scan, m, "version") && !key_is (scan, m, "text"))
      return;
  /* a lone surrogate decodes to U+FFFD, three bytes, as Buffer.byteLength() counts it */
  decoded = ramo_scan_string (scan, text, 0);
  if (strlen (decoded) > 16384)
    return;
  entry->flags |= RAMO_ENTRY_FLAG_CONTEXT_NOTES;
  if (decoded[0] == '\0')
    entry->flags |= RAMO_ENTRY_FLAG_NOTES_EMPTY;
}

static void
fill_compaction (GStringChunk *strings,
                 RamoEntry    *entry,
                 RamoScan     *scan)
{
  guint preserve = ramo_scan_member (scan, 1, "preserveData");
  guint details = ramo_scan_member (scan, 1, "details");
  guint through = ramo_scan_member (scan, 1, "providerReplayThroughEntryId");

  if (is_record (scan, preserve))
    {
      guint remote = ramo_scan_member (scan, preserve, "openaiRemoteCompaction");
      guint native = ramo_scan_member (scan, preserve, "anthropicCompaction");

      /* getOpenAiRemoteCompactionPayload(): a provider and a history of records */
      if (is_record (scan, remote) && is_nonempty_string (scan, ramo_scan_member (scan, remote, "provider")))
        {
          guint history = ramo_scan_member (scan, remote, "replacementHistory");
          gboolean valid = ramo_scan_type (scan, history) == RAMO_SCAN_ARRAY;

          for (guint i = valid ? ramo_scan_node (scan, history)->first_child : 0; i; i = ramo_scan_node (scan, i)->next)
            if (!is_record (scan, i))
              valid = FALSE;
          if (valid)
            entry->flags |= RAMO_ENTRY_FLAG_REMOTE_COMPACTION;
        }
      /* getPreservedAnthropicCompactionData(): a provider and a summary */
      if (is_record (scan, native) && is_nonempty_string (scan, ramo_scan_member (scan, native, "provider")) &&
          is_nonempty_string (scan, ramo_scan_member (scan, native, "content")))
        entry->flags |= RAMO_ENTRY_FLAG_NATIVE_COMPACTION;
    }
  if (is_record (scan, details) &&
      ramo_scan_string_equal (scan, ramo_scan_member (scan, details, "kind"), "experimental-context-rollover"))
    entry->flags |= RAMO_ENTRY_FLAG_CONTEXT_ROLLOVER;
  if (ramo_scan_type (scan, through) == RAMO_SCAN_STRING)
    {
      g_autofree char *id = ramo_scan_string (scan, through, 0);

      entry->aux1 = _ramo_chunk (strings, id);
    }
}

/**
 * _ramo_entry_fill_omp:
 * @strings: where the entry's strings go
 * @entry: an entry whose pi fields are filled in
 * @scan: its line, scanned (the entry object is node 1)
 * @top: its members (_ramo_find_top_members())
 *
 * Adds what oh-my-pi 18.2.3's buildSessionContext() needs of the entry.
 */
void
_ramo_entry_fill_omp (GStringChunk         *strings,
                      RamoEntry            *entry,
                      RamoScan             *scan,
                      const RamoTopMembers *top)
{
  const guint object = 1;
  guint message = top->message;

  switch ((RamoEntryType) entry->type)
    {
    case RAMO_ENTRY_TYPE_MESSAGE:
      switch ((RamoMessageRole) entry->role)
        {
        case RAMO_MESSAGE_ROLE_ASSISTANT:
          fill_assistant (strings, entry, scan, top);
          break;
        case RAMO_MESSAGE_ROLE_TOOL_RESULT:
          {
            guint id = ramo_scan_member (scan, message, "toolCallId");

            entry->aux1 = id ? _ramo_scan_json_chunk (strings, scan, id) : NULL;
          }
          break;
        case RAMO_MESSAGE_ROLE_USER:
          entry->flags |= RAMO_ENTRY_FLAG_USER_REQUEST;
          break;
        case RAMO_MESSAGE_ROLE_CUSTOM:
          {
            guint custom_type = ramo_scan_member (scan, message, "customType");

            /* a `hookMessage` of a version-3 file keeps its role */
            if (g_strcmp0 (ramo_entry_get_role_name (entry), "custom") != 0)
              break;
            if (ramo_scan_string_equal (scan, custom_type, "interrupted-thinking"))
              entry->flags |= RAMO_ENTRY_FLAG_INTERRUPTED_THINKING;
            if (starts_user_turn (scan, custom_type, ramo_scan_member (scan, message, "attribution")))
              entry->flags |= RAMO_ENTRY_FLAG_USER_REQUEST;
          }
          break;
        case RAMO_MESSAGE_ROLE_NONE:
        case RAMO_MESSAGE_ROLE_BASH_EXECUTION:
        case RAMO_MESSAGE_ROLE_OTHER:
        case RAMO_MESSAGE_ROLE_SYSTEM:
        default:
          break;
        }
      break;

    case RAMO_ENTRY_TYPE_CUSTOM_MESSAGE:
      {
        guint custom_type = ramo_scan_member (scan, object, "customType");
        RamoScanType content = ramo_scan_type (scan, ramo_scan_member (scan, object, "content"));

        if (content != RAMO_SCAN_STRING && content != RAMO_SCAN_ARRAY)
          entry->flags |= RAMO_ENTRY_FLAG_UNSENDABLE;
        if (ramo_scan_string_equal (scan, custom_type, "prewalk-plan") ||
            ramo_scan_string_equal (scan, custom_type, "vibe-mode-context"))
          entry->flags |= RAMO_ENTRY_FLAG_NOT_REPLAYED;
        if (ramo_scan_string_equal (scan, custom_type, "interrupted-thinking"))
          entry->flags |= RAMO_ENTRY_FLAG_INTERRUPTED_THINKING;
        if (!(entry->flags & RAMO_ENTRY_FLAG_UNSENDABLE) &&
            starts_user_turn (scan, custom_type, ramo_scan_member (scan, object, "attribution")))
          entry->flags |= RAMO_ENTRY_FLAG_USER_REQUEST;
      }
      break;

    case RAMO_ENTRY_TYPE_CUSTOM:
      if (ramo_scan_string_equal (scan, ramo_scan_member (scan, object, "customType"), "experimental_context_notes"))
        fill_context_notes (entry, scan);
      break;

    case RAMO_ENTRY_TYPE_BRANCH_SUMMARY:
      if (!ramo_scan_truthy (scan, ramo_scan_member (scan, object, "summary")))
        entry->flags |= RAMO_ENTRY_FLAG_EMPTY_SUMMARY;
      break;

    case RAMO_ENTRY_TYPE_COMPACTION:
      fill_compaction (strings, entry, scan);
      break;

    case RAMO_ENTRY_TYPE_MODEL_CHANGE:
      {
        guint model = ramo_scan_member (scan, object, "model");
        guint role = ramo_scan_member (scan, object, "role");

        /* `if (entry.model)`, and `role ?? "default"` */
        if (ramo_scan_truthy (scan, model))
          {
            g_autoptr(GString) pair = g_string_new ("[");

            ramo_scan_write (scan, model, pair);
            g_string_append_c (pair, ',');
            ramo_scan_write (scan, role, pair);
            g_string_append_c (pair, ']');
            entry->aux3 = g_string_chunk_insert_len (strings, pair->str, pair->len);
          }
      }
      break;

    case RAMO_ENTRY_TYPE_THINKING_LEVEL_CHANGE:
      entry->aux2 = _ramo_scan_json_chunk_const (strings, scan, ramo_scan_member (scan, object, "configured"));
      break;

    case RAMO_ENTRY_TYPE_UNKNOWN:
      if (ramo_entry_get_type_name (entry) == NULL)
        break;
      if (strcmp (ramo_entry_get_type_name (entry), "mode_change") == 0)
        {
          if (ramo_scan_type (scan, ramo_scan_member (scan, object, "mode")) == RAMO_SCAN_NULL)
            entry->flags |= RAMO_ENTRY_FLAG_MODE_NULL;
        }
      else if (strcmp (ramo_entry_get_type_name (entry), "ttsr_injection") == 0)
        {
          RamoScanType rules = ramo_scan_type (scan, ramo_scan_member (scan, object, "injectedRules"));

          if (rules == RAMO_SCAN_NONE || rules == RAMO_SCAN_NULL)
            entry->flags |= RAMO_ENTRY_FLAG_RULES_FALLBACK;
        }
      else if (strcmp (ramo_entry_get_type_name (entry), "service_tier_change") == 0)
        entry->aux1 = _ramo_scan_json_chunk_const (strings, scan, ramo_scan_member (scan, object, "serviceTier"));
      break;

    case RAMO_ENTRY_TYPE_LABEL:
    case RAMO_ENTRY_TYPE_SESSION_INFO:
    case RAMO_ENTRY_TYPE_CONTEXT_EDIT:
    case RAMO_ENTRY_TYPE_USAGE:
    default:
      break;
    }
}

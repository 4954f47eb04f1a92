/* ramo-entry-fields.c
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

#include <math.h>
#include <string.h>

#include "ramo-dialect.h"
#include "ramo-entry-omp-private.h"
#include "ramo-js.h"
#include "ramo-json.h"
#include "ramo-session-manager-private.h"

/*
 * The fields of an entry record, read from its scanned line (the first step of
 * ramo-session-lines.c): its type, role, timestamp, the ids it names and the few values the
 * tree and the context need, each string stored once in the extractor's chunk.
 */

/* A name and its length, worked out by the compiler */
typedef struct
{
  const char *name;
  guint8      len;
} Name;

#define NAME(literal) { literal, sizeof (literal) - 1 }

static const Name type_names[] = {
  [RAMO_ENTRY_TYPE_UNKNOWN] = { NULL, 0 },
  [RAMO_ENTRY_TYPE_MESSAGE] = NAME ("message"),
  [RAMO_ENTRY_TYPE_THINKING_LEVEL_CHANGE] = NAME ("thinking_level_change"),
  [RAMO_ENTRY_TYPE_MODEL_CHANGE] = NAME ("model_change"),
  [RAMO_ENTRY_TYPE_COMPACTION] = NAME ("compaction"),
  [RAMO_ENTRY_TYPE_BRANCH_SUMMARY] = NAME ("branch_summary"),
  [RAMO_ENTRY_TYPE_CUSTOM] = NAME ("custom"),
  [RAMO_ENTRY_TYPE_CUSTOM_MESSAGE] = NAME ("custom_message"),
  [RAMO_ENTRY_TYPE_LABEL] = NAME ("label"),
  [RAMO_ENTRY_TYPE_SESSION_INFO] = NAME ("session_info"),
  [RAMO_ENTRY_TYPE_CONTEXT_EDIT] = NAME ("context_edit"),
  [RAMO_ENTRY_TYPE_USAGE] = NAME ("usage"),
};

/* The roles pi knows, and what each is */
static const Name role_names[] = {
  NAME ("user"), NAME ("assistant"), NAME ("toolResult"), NAME ("bashExecution"), NAME ("custom"),
  NAME ("system"),
};
static const RamoMessageRole role_values[G_N_ELEMENTS (role_names)] = {
  RAMO_MESSAGE_ROLE_USER, RAMO_MESSAGE_ROLE_ASSISTANT, RAMO_MESSAGE_ROLE_TOOL_RESULT,
  RAMO_MESSAGE_ROLE_BASH_EXECUTION, RAMO_MESSAGE_ROLE_CUSTOM, RAMO_MESSAGE_ROLE_SYSTEM,
};

/* Which of @names the string @node is, or -1 (for any other value too). Every line asks it of
 * its type and a message of its role: the bytes are compared where the lengths are the same. */
static int
name_index (RamoScan   *scan,
            guint       node,
            const Name *names,
            guint       n_names)
{
  const RamoScanNode *n;
  const char *text;
  gsize len;

  if (ramo_scan_type (scan, node) != RAMO_SCAN_STRING)
    return -1;
  n = ramo_scan_node (scan, node);
  if (n->escaped)
    {
      /* written with escapes: the slow way, which decodes them */
      for (guint i = 0; i < n_names; i++)
        if (names[i].name && ramo_scan_string_equal_len (scan, node, names[i].name, names[i].len))
          return (int) i;
      return -1;
    }
  text = scan->text + n->start + 1;
  len = n->end - n->start - 2;
  for (guint i = 0; i < n_names; i++)
    if (names[i].len == len && names[i].name && memcmp (text, names[i].name, len) == 0)
      return (int) i;
  return -1;
}

/**
 * ramo_entry_type_to_string:
 * @type: an entry type
 *
 * Returns: (nullable): the `type` string pi writes for @type, %NULL for unknown types
 */
const char *
ramo_entry_type_to_string (RamoEntryType type)
{
  if ((guint) type >= G_N_ELEMENTS (type_names))
    return NULL;
  return type_names[type].name;
}

/**
 * ramo_entry_get_timestamp:
 * @entry: an entry
 * @buffer: (out caller-allocates): %RAMO_ENTRY_TIMESTAMP_SIZE bytes, which may be used
 *
 * The entry's `timestamp` as the file has it. A timestamp in the form pi and oh-my-pi write
 * (`new Date().toISOString()`) is not kept: it is written from RamoEntry.time_ms into @buffer.
 *
 * Returns: (transfer none) (nullable): the timestamp, valid as long as @entry and @buffer;
 *   %NULL when the line has none or a value that is not a string
 */
const char *
ramo_entry_get_timestamp (const RamoEntry *entry,
                          char             buffer[RAMO_ENTRY_TIMESTAMP_SIZE])
{
  G_STATIC_ASSERT (RAMO_ENTRY_TIMESTAMP_SIZE >= RAMO_JS_ISO_STRING_SIZE);

  if (entry->timestamp_iso && ramo_js_date_to_iso_string (entry->time_ms, buffer))
    return buffer;
  return entry->timestamp_text;
}

/**
 * ramo_entry_dup_timestamp:
 * @entry: an entry
 *
 * As ramo_entry_get_timestamp().
 *
 * Returns: (transfer full) (nullable): the entry's `timestamp` as the file has it, %NULL when
 *   the line has none or a value that is not a string
 */
char *
ramo_entry_dup_timestamp (const RamoEntry *entry)
{
  char buffer[RAMO_ENTRY_TIMESTAMP_SIZE];

  return g_strdup (ramo_entry_get_timestamp (entry, buffer));
}

/* A string value copied into @strings: straight from the line when it has no escapes. */
const char *
_ramo_scan_chunk (GStringChunk *strings,
                  RamoScan     *scan,
                  guint         node,
                  gboolean      intern)
{
  RamoScanNode *n;
  g_autofree char *value = NULL;

  if (ramo_scan_type (scan, node) != RAMO_SCAN_STRING)
    return NULL;
  n = ramo_scan_node (scan, node);
  if (!n->escaped && !intern)
    return g_string_chunk_insert_len (strings, scan->text + n->start + 1, n->end - n->start - 2);
  value = ramo_scan_string (scan, node, 0);
  return intern ? _ramo_chunk_const (strings, value) : _ramo_chunk (strings, value);
}

/* The JSON text of a value (as JSON.stringify() writes it) in @strings, or %NULL for none;
 * @intern: once per chunk for a value many lines repeat (a provider, a model). */
static const char *
scan_json_chunk (GStringChunk *strings,
                 RamoScan     *scan,
                 guint         node,
                 gboolean      intern)
{
  g_autofree char *json = NULL;
  RamoScanNode *n;

  if (node == 0)
    return NULL;

  /* a string without escapes is its own JSON.stringify() form */
  n = ramo_scan_node (scan, node);
  if (n->type == RAMO_SCAN_STRING && !n->escaped)
    {
      gsize len = n->end - n->start;
      char small[128];

      if (!intern)
        return g_string_chunk_insert_len (strings, scan->text + n->start, len);
      if (len < sizeof small)
        {
          memcpy (small, scan->text + n->start, len);
          small[len] = 0;
          return g_string_chunk_insert_const (strings, small);
        }
      json = g_strndup (scan->text + n->start, len);
    }
  else
    json = ramo_scan_to_json (scan, node);
  return intern ? _ramo_chunk_const (strings, json) : _ramo_chunk (strings, json);
}

/* The JSON text of a value (as JSON.stringify() writes it) in @strings, or %NULL for none. */
const char *
_ramo_scan_json_chunk (GStringChunk *strings,
                       RamoScan     *scan,
                       guint         node)
{
  return scan_json_chunk (strings, scan, node, FALSE);
}

/* The same, stored once in @strings: for values many lines repeat (a provider, a model, a
 * thinking level). */
const char *
_ramo_scan_json_chunk_const (GStringChunk *strings,
                             RamoScan     *scan,
                             guint         node)
{
  return scan_json_chunk (strings, scan, node, TRUE);
}

/* The members of a message every step of the extraction reads, in one walk */
static void
find_message_members (RamoScan       *scan,
                      RamoTopMembers *top)
{
  if (ramo_scan_type (scan, top->message) != RAMO_SCAN_OBJECT)
    return;
  for (guint i = ramo_scan_node (scan, top->message)->first_child; i; i = ramo_scan_node (scan, i)->next)
    {
      const RamoScanNode *node = ramo_scan_node (scan, i);
      const char *name = scan->text + node->key_start + 1;
      guint *slot = NULL;

      if (node->key_escaped)
        {
          /* keys written with escapes: the slow way, which decodes them */
          top->role = ramo_scan_member (scan, top->message, "role");
          top->content = ramo_scan_member (scan, top->message, "content");
          top->stop_reason = ramo_scan_member (scan, top->message, "stopReason");
          top->usage = ramo_scan_member (scan, top->message, "usage");
          top->is_error = ramo_scan_member (scan, top->message, "isError");
          top->tool_name = ramo_scan_member (scan, top->message, "toolName");
          top->details = ramo_scan_member (scan, top->message, "details");
          return;
        }
      /* the last one wins, as in JSON.parse() */
      switch (node->key_end - node->key_start - 2)
        {
        case 4:
          slot = memcmp (name, "role", 4) == 0 ? &top->role : NULL;
          break;
        case 5:
          slot = memcmp (name, "usage", 5) == 0 ? &top->usage : NULL;
          break;
        case 7:
          slot = memcmp (name, "content", 7) == 0 ? &top->content
                 : memcmp (name, "isError", 7) == 0 ? &top->is_error
                 : memcmp (name, "details", 7) == 0 ? &top->details : NULL;
          break;
        case 8:
          slot = memcmp (name, "toolName", 8) == 0 ? &top->tool_name : NULL;
          break;
        case 10:
          slot = memcmp (name, "stopReason", 10) == 0 ? &top->stop_reason : NULL;
          break;
        default:
          break;
        }
      if (slot)
        *slot = i;
    }
}

guint8
_ramo_scan_block_kind (RamoScan *scan,
                       guint     block)
{
  static const struct { const char *name; RamoContentKind kind; } kinds[] = {
    { "text", RAMO_CONTENT_TEXT },
    { "toolCall", RAMO_CONTENT_TOOL_CALL },
    { "thinking", RAMO_CONTENT_THINKING },
    { "image", RAMO_CONTENT_IMAGE },
  };
  RamoScanNode *node;
  guint type;

  if (ramo_scan_type (scan, block) != RAMO_SCAN_OBJECT)
    return RAMO_CONTENT_OTHER;
  node = &scan->nodes[block];
  if (node->tag != 0)
    return node->tag;
  node->tag = RAMO_CONTENT_OTHER;
  type = ramo_scan_member (scan, block, "type");
  for (guint k = 0; k < G_N_ELEMENTS (kinds); k++)
    if (ramo_scan_string_equal (scan, type, kinds[k].name))
      {
        node->tag = (guint8) kinds[k].kind;
        break;
      }
  return node->tag;
}

/* The members every entry line has, found in one walk over the entry object (node 1), and
 * those of its message in one walk over it. */
void
_ramo_find_top_members (RamoScan       *scan,
                        RamoTopMembers *top)
{
  memset (top, 0, sizeof *top);
  for (guint i = ramo_scan_node (scan, 1)->first_child; i; i = ramo_scan_node (scan, i)->next)
    {
      const RamoScanNode *node = ramo_scan_node (scan, i);
      const char *name = scan->text + node->key_start + 1;
      guint *slot = NULL;

      if (node->key_escaped)
        {
          /* keys written with escapes: the slow way, which decodes them */
          top->type = ramo_scan_member (scan, 1, "type");
          top->id = ramo_scan_member (scan, 1, "id");
          top->parent_id = ramo_scan_member (scan, 1, "parentId");
          top->timestamp = ramo_scan_member (scan, 1, "timestamp");
          top->message = ramo_scan_member (scan, 1, "message");
          find_message_members (scan, top);
          return;
        }

      /* the last one wins, as in JSON.parse() */
      switch (node->key_end - node->key_start - 2)
        {
        case 2:
          slot = memcmp (name, "id", 2) == 0 ? &top->id : NULL;
          break;
        case 4:
          slot = memcmp (name, "type", 4) == 0 ? &top->type : NULL;
          break;
        case 7:
          slot = memcmp (name, "message", 7) == 0 ? &top->message : NULL;
          break;
        case 8:
          slot = memcmp (name, "parentId", 8) == 0 ? &top->parent_id : NULL;
          break;
        case 9:
          slot = memcmp (name, "timestamp", 9) == 0 ? &top->timestamp : NULL;
          break;
        default:
          break;
        }
      if (slot)
        *slot = i;
    }
  find_message_members (scan, top);
}

/* Fills the fields of @entry from its scanned line (the entry object is node 1). */
void
_ramo_entry_fill_fields (GStringChunk         *strings,
                         RamoEntry            *entry,
                         RamoScan             *scan,
                         const RamoTopMembers *top,
                         guint                 file_version)
{
  const guint object = 1;
  guint type_node = top->type;
  guint timestamp = top->timestamp;
  const char *type = NULL;

  /* the known types need no copy */
  entry->type = RAMO_ENTRY_TYPE_UNKNOWN;
  {
    int i = name_index (scan, type_node, type_names, G_N_ELEMENTS (type_names));

    if (i > 0)
      {
        entry->type = (guint16) i;
        type = type_names[i].name;
      }
  }
  if (type == NULL)
    type = _ramo_scan_chunk (strings, scan, type_node, TRUE);
  if (entry->type == RAMO_ENTRY_TYPE_UNKNOWN)
    entry->name = type;   /* NULL when the line has no string "type" */

  if (ramo_scan_type (scan, timestamp) == RAMO_SCAN_STRING)
    {
      const RamoScanNode *n = ramo_scan_node (scan, timestamp);
      gsize len = n->end - n->start - 2;
      gboolean parsed = FALSE;

      /* The agents' own form (toISOString()) is not stored: it is written again from the time
       * when asked for (ramo_entry_get_timestamp()), ~25 bytes an entry spared. A label's
       * is kept: the labels' times point to it. */
      if (!n->escaped && entry->type != RAMO_ENTRY_TYPE_LABEL &&
          ramo_js_date_parse_iso_string (scan->text + n->start + 1, len, &entry->time_ms))
        {
          /* nearly every line: no parse and no text written to compare with */
          parsed = TRUE;
          entry->timestamp_iso = TRUE;
        }
      else if (!n->escaped && len == RAMO_JS_ISO_STRING_SIZE - 1 && entry->type != RAMO_ENTRY_TYPE_LABEL)
        {
          char text[RAMO_JS_ISO_STRING_SIZE];
          char iso[RAMO_JS_ISO_STRING_SIZE];

          memcpy (text, scan->text + n->start + 1, len);
          text[len] = '\0';
          entry->time_ms = ramo_js_date_parse (text);
          parsed = TRUE;
          entry->timestamp_iso = ramo_js_date_to_iso_string (entry->time_ms, iso) &&
                                 memcmp (iso, text, len) == 0;
        }
      if (!entry->timestamp_iso)
        {
          /* the same text when it was read above: parsed once */
          entry->timestamp_text = _ramo_scan_chunk (strings, scan, timestamp, FALSE);
          if (!parsed)
            entry->time_ms = ramo_js_date_parse (entry->timestamp_text);
        }
    }
  else
    {
      double v;

      /* what `new Date(value).getTime()` gives for other values */
      switch (ramo_scan_type (scan, timestamp))
        {
        case RAMO_SCAN_NUMBER:
          ramo_scan_number (scan, timestamp, &v);
          entry->time_ms = isfinite (v) && fabs (v) <= 8.64e15 ? trunc (v) : NAN;
          break;
        case RAMO_SCAN_NULL:
        case RAMO_SCAN_FALSE:
          entry->time_ms = 0;
          break;
        case RAMO_SCAN_TRUE:
          entry->time_ms = 1;
          break;
        case RAMO_SCAN_NONE:
        case RAMO_SCAN_STRING:
        case RAMO_SCAN_ARRAY:
        case RAMO_SCAN_OBJECT:
        default:
          entry->time_ms = NAN;
        }
    }

  switch ((RamoEntryType) entry->type)
    {
    case RAMO_ENTRY_TYPE_MESSAGE:
      {
        guint message = top->message;
        guint role_node = top->role;
        int known = name_index (scan, role_node, role_names, G_N_ELEMENTS (role_names));
        const char *role = known >= 0 ? role_names[known].name : NULL;

        entry->role = known >= 0 ? role_values[known] : RAMO_MESSAGE_ROLE_OTHER;
        /* the legacy role is a custom message; the v2→v3 migration renames it, a v3 file
         * keeps what it says */
        if (role == NULL && ramo_scan_string_equal (scan, role_node, "hookMessage"))
          {
            entry->role = RAMO_MESSAGE_ROLE_CUSTOM;
            if (file_version < 3)
              {
                entry->flags |= RAMO_ENTRY_FLAG_HOOK_MESSAGE;
                role = "custom";
              }
          }
        if (role == NULL)
          role = _ramo_scan_chunk (strings, scan, role_node, TRUE);
        entry->name = role;

        if (entry->role == RAMO_MESSAGE_ROLE_ASSISTANT)
          {
            guint stop = top->stop_reason;

            entry->aux1 = _ramo_scan_json_chunk_const (strings, scan, ramo_scan_member (scan, message, "provider"));
            entry->aux2 = _ramo_scan_json_chunk_const (strings, scan, ramo_scan_member (scan, message, "model"));
            if (ramo_scan_string_equal (scan, stop, "aborted"))
              entry->flags |= RAMO_ENTRY_FLAG_ABORTED;
            else if (ramo_scan_string_equal (scan, stop, "error"))
              entry->flags |= RAMO_ENTRY_FLAG_ERROR;
          }
      }
      break;

    case RAMO_ENTRY_TYPE_THINKING_LEVEL_CHANGE:
      entry->aux1 = _ramo_scan_json_chunk_const (strings, scan, ramo_scan_member (scan, object, "thinkingLevel"));
      break;

    case RAMO_ENTRY_TYPE_MODEL_CHANGE:
      {
        guint provider = ramo_scan_member (scan, object, "provider");
        guint model_id = ramo_scan_member (scan, object, "modelId");
        guint model = ramo_scan_member (scan, object, "model");

        /* oh-my-pi writes `model: "provider/id"` instead of provider + modelId */
        if (provider == 0 && model_id == 0 && ramo_scan_type (scan, model) == RAMO_SCAN_STRING)
          {
            g_autofree char *text = ramo_scan_string (scan, model, 0);
            const char *slash = strchr (text, '/');
            g_autoptr(GString) p = g_string_new (NULL);
            g_autoptr(GString) m = g_string_new (NULL);

            if (slash)
              {
                g_autofree char *head = g_strndup (text, slash - text);

                ramo_json_write_string (p, head);
                ramo_json_write_string (m, slash + 1);
                entry->aux1 = _ramo_chunk_const (strings, p->str);
              }
            else
              ramo_json_write_string (m, text);
            entry->aux2 = _ramo_chunk_const (strings, m->str);
          }
        else
          {
            entry->aux1 = _ramo_scan_json_chunk_const (strings, scan, provider);
            entry->aux2 = _ramo_scan_json_chunk_const (strings, scan, model_id);
          }
        if (provider == 0 && model_id == 0 && model != 0)
          entry->flags |= RAMO_ENTRY_FLAG_OMP_ONLY;
      }
      break;

    case RAMO_ENTRY_TYPE_CONTEXT_EDIT:
      {
        guint replacement = ramo_scan_member (scan, object, "replacement");

        entry->target_id = _ramo_scan_chunk (strings, scan, ramo_scan_member (scan, object, "targetId"), FALSE);
        if (replacement == 0)
          entry->flags |= RAMO_ENTRY_FLAG_EDIT_INVALID;
        else if (ramo_scan_type (scan, replacement) == RAMO_SCAN_NULL)
          entry->flags |= RAMO_ENTRY_FLAG_EDIT_REMOVES;
      }
      break;

    case RAMO_ENTRY_TYPE_COMPACTION:
      entry->first_kept_id = _ramo_scan_chunk (strings, scan, ramo_scan_member (scan, object, "firstKeptEntryId"), FALSE);
      if (ramo_scan_truthy (scan, ramo_scan_member (scan, object, "systemMessage")))
        entry->flags |= RAMO_ENTRY_FLAG_SYSTEM_MESSAGE;
      break;

    case RAMO_ENTRY_TYPE_LABEL:
      {
        guint label = ramo_scan_member (scan, object, "label");

        entry->target_id = _ramo_scan_chunk (strings, scan, ramo_scan_member (scan, object, "targetId"), FALSE);
        /* pi sets the label when the value is truthy; only strings make sense here */
        if (ramo_scan_truthy (scan, label))
          {
            if (ramo_scan_type (scan, label) == RAMO_SCAN_STRING)
              entry->label_text = _ramo_scan_chunk (strings, scan, label, FALSE);
            else
              {
                g_autofree char *text = ramo_scan_to_json (scan, label);
                entry->label_text = _ramo_chunk (strings, text);
              }
          }
      }
      break;

    case RAMO_ENTRY_TYPE_UNKNOWN:
      if (ramo_dialect_is_omp_entry_type (type))
        entry->flags |= RAMO_ENTRY_FLAG_OMP_ONLY;
      if (type && strcmp (type, "mode_change") == 0)
        {
          guint mode_node = ramo_scan_member (scan, object, "mode");
          /* `mode ?? "none"`: null counts as absent */
          g_autofree char *mode = ramo_scan_type (scan, mode_node) == RAMO_SCAN_NULL
                                  ? NULL : ramo_scan_to_json (scan, mode_node);
          g_autofree char *data = ramo_scan_to_json (scan, ramo_scan_member (scan, object, "data"));

          entry->aux1 = _ramo_chunk (strings, mode);
          entry->aux2 = _ramo_chunk (strings, data);
        }
      else if (type && strcmp (type, "ttsr_injection") == 0)
        {
          guint rules = ramo_scan_member (scan, object, "injectedRules");
          g_autofree char *json = NULL;

          /* `injectedRules ?? rules ?? ruleNames`: null counts as absent */
          if (ramo_scan_type (scan, rules) == RAMO_SCAN_NULL || rules == 0)
            rules = ramo_scan_member (scan, object, "rules");
          if (ramo_scan_type (scan, rules) == RAMO_SCAN_NULL || rules == 0)
            rules = ramo_scan_member (scan, object, "ruleNames");
          json = ramo_scan_to_json (scan, rules);
          entry->aux1 = _ramo_chunk (strings, json);
        }
      break;

    case RAMO_ENTRY_TYPE_BRANCH_SUMMARY:
    case RAMO_ENTRY_TYPE_CUSTOM:
    case RAMO_ENTRY_TYPE_SESSION_INFO:
    case RAMO_ENTRY_TYPE_USAGE:
    default:
      break;
    }

  /* what oh-my-pi's context rules need beyond pi's */
  _ramo_entry_fill_omp (strings, entry, scan, top);
}

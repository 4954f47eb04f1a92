/* ramo-entry.h
 *
 * Copyright 2026 The Ramo authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <json-glib/json-glib.h>

#include "ramo-types.h"

G_BEGIN_DECLS

/**
 * RamoEntryType:
 * @RAMO_ENTRY_TYPE_UNKNOWN: a type Ramo does not know (kept byte for byte, shown in "all")
 * @RAMO_ENTRY_TYPE_MESSAGE: `message`
 * @RAMO_ENTRY_TYPE_THINKING_LEVEL_CHANGE: `thinking_level_change`
 * @RAMO_ENTRY_TYPE_MODEL_CHANGE: `model_change`
 * @RAMO_ENTRY_TYPE_COMPACTION: `compaction`
 * @RAMO_ENTRY_TYPE_BRANCH_SUMMARY: `branch_summary`
 * @RAMO_ENTRY_TYPE_CUSTOM: `custom`
 * @RAMO_ENTRY_TYPE_CUSTOM_MESSAGE: `custom_message`
 * @RAMO_ENTRY_TYPE_LABEL: `label`
 * @RAMO_ENTRY_TYPE_SESSION_INFO: `session_info`
 * @RAMO_ENTRY_TYPE_CONTEXT_EDIT: `context_edit` (pi 1.6.0): replaces or removes what an earlier
 *   entry contributes to the context of the branch it is on
 * @RAMO_ENTRY_TYPE_USAGE: `usage` (pi 1.6.0): tokens and cost spent outside the conversation;
 *   never part of the context, hidden from every tree filter
 *
 * The entry types of pi's session format (spec §1).
 */
typedef enum
{
  RAMO_ENTRY_TYPE_UNKNOWN,
  RAMO_ENTRY_TYPE_MESSAGE,
  RAMO_ENTRY_TYPE_THINKING_LEVEL_CHANGE,
  RAMO_ENTRY_TYPE_MODEL_CHANGE,
  RAMO_ENTRY_TYPE_COMPACTION,
  RAMO_ENTRY_TYPE_BRANCH_SUMMARY,
  RAMO_ENTRY_TYPE_CUSTOM,
  RAMO_ENTRY_TYPE_CUSTOM_MESSAGE,
  RAMO_ENTRY_TYPE_LABEL,
  RAMO_ENTRY_TYPE_SESSION_INFO,
  RAMO_ENTRY_TYPE_CONTEXT_EDIT,
  RAMO_ENTRY_TYPE_USAGE,
} RamoEntryType;

/**
 * RamoMessageRole:
 * @RAMO_MESSAGE_ROLE_NONE: not a message entry
 * @RAMO_MESSAGE_ROLE_USER: `user`
 * @RAMO_MESSAGE_ROLE_ASSISTANT: `assistant`
 * @RAMO_MESSAGE_ROLE_TOOL_RESULT: `toolResult`
 * @RAMO_MESSAGE_ROLE_BASH_EXECUTION: `bashExecution`
 * @RAMO_MESSAGE_ROLE_CUSTOM: `custom` (and the legacy `hookMessage`, renamed by the v2→v3 migration)
 * @RAMO_MESSAGE_ROLE_OTHER: any other role
 * @RAMO_MESSAGE_ROLE_SYSTEM: `system` (pi 1.6.0): the system prompt and tools, patched on the way
 */
typedef enum
{
  RAMO_MESSAGE_ROLE_NONE,
  RAMO_MESSAGE_ROLE_USER,
  RAMO_MESSAGE_ROLE_ASSISTANT,
  RAMO_MESSAGE_ROLE_TOOL_RESULT,
  RAMO_MESSAGE_ROLE_BASH_EXECUTION,
  RAMO_MESSAGE_ROLE_CUSTOM,
  RAMO_MESSAGE_ROLE_OTHER,
  RAMO_MESSAGE_ROLE_SYSTEM,
} RamoMessageRole;

/**
 * RamoEntryFlags:
 * @RAMO_ENTRY_FLAG_NONE: nothing special
 * @RAMO_ENTRY_FLAG_CYCLE_BROKEN: its `parentId` closed a cycle; Ramo shows it as a root
 * @RAMO_ENTRY_FLAG_SHADOWED: a later line has the same id and wins the id index (as in pi)
 * @RAMO_ENTRY_FLAG_SYNTHETIC_ID: its id was made by Ramo (v1 migration, or a missing id)
 * @RAMO_ENTRY_FLAG_HAS_TEXT: an assistant message with visible text
 * @RAMO_ENTRY_FLAG_ABORTED: an assistant message that was aborted
 * @RAMO_ENTRY_FLAG_ERROR: an assistant message that ended in an error
 * @RAMO_ENTRY_FLAG_ORPHAN: its parent does not exist; it is shown as a root
 * @RAMO_ENTRY_FLAG_HOOK_MESSAGE: a legacy `hookMessage` renamed to `custom` in memory
 * @RAMO_ENTRY_FLAG_OMP_ONLY: an entry only oh-my-pi writes (its type, or a `model_change` with
 *   `model: "provider/id"`): the file is oh-my-pi's
 * @RAMO_ENTRY_FLAG_EDIT_REMOVES: a `context_edit` whose `replacement` is `null`: its target
 *   leaves the context
 * @RAMO_ENTRY_FLAG_EDIT_INVALID: a `context_edit` without a `replacement` (pi 1.6.0 cannot build
 *   a context with it); Ramo ignores it
 * @RAMO_ENTRY_FLAG_SYSTEM_MESSAGE: a compaction that stored the system prompt at its boundary
 *   (pi 1.6.0's `systemMessage`)
 * @RAMO_ENTRY_FLAG_STOP_ERROR: an assistant message whose `stopReason` is `"error"`
 *   (%RAMO_ENTRY_FLAG_ERROR also marks other unusual stops)
 * @RAMO_ENTRY_FLAG_RETRY_RECOVERY: an assistant message with a truthy `retryRecovery`
 *   (oh-my-pi leaves it out of the context)
 * @RAMO_ENTRY_FLAG_EMPTY_ERROR_TURN: an assistant message that ended in an error without any
 *   output: blank text, thinking and redacted thinking only (oh-my-pi's isEmptyErrorTurn())
 * @RAMO_ENTRY_FLAG_ONLY_TOOL_CALLS: an assistant message whose content blocks are all tool
 *   calls or redacted thinking: nothing is left of it when its calls have no results
 * @RAMO_ENTRY_FLAG_COPILOT_REPLAY: an assistant message from `github-copilot` with an
 *   `openaiResponsesHistory` payload, which oh-my-pi strips of its replay data when loading
 * @RAMO_ENTRY_FLAG_NOT_REPLAYED: a `custom_message` of type `prewalk-plan` or
 *   `vibe-mode-context`, which oh-my-pi never puts into the context
 * @RAMO_ENTRY_FLAG_UNSENDABLE: a `custom_message` whose content is neither a string nor an
 *   array (oh-my-pi drops it)
 * @RAMO_ENTRY_FLAG_INTERRUPTED_THINKING: a custom message (entry or `message`) of type
 *   `interrupted-thinking`
 * @RAMO_ENTRY_FLAG_USER_REQUEST: a user message, or a custom message that starts a user turn
 *   (oh-my-pi's isUserRequestEntry(): a `skill-prompt` or `collab-prompt` by the user)
 * @RAMO_ENTRY_FLAG_CONTEXT_NOTES: a `custom` entry holding a valid oh-my-pi context-notes
 *   revision (`experimental_context_notes`, `{version: 1, text}`, at most 16 KiB)
 * @RAMO_ENTRY_FLAG_NOTES_EMPTY: such a revision with an empty text (it clears the notes)
 * @RAMO_ENTRY_FLAG_EMPTY_SUMMARY: a `branch_summary` whose `summary` is falsy: no message
 * @RAMO_ENTRY_FLAG_REMOTE_COMPACTION: a compaction with a valid
 *   `preserveData.openaiRemoteCompaction`, whose replacement history stands for the kept range
 * @RAMO_ENTRY_FLAG_NATIVE_COMPACTION: a compaction with a valid
 *   `preserveData.anthropicCompaction`
 * @RAMO_ENTRY_FLAG_CONTEXT_ROLLOVER: a compaction whose `details.kind` is
 *   `experimental-context-rollover`
 * @RAMO_ENTRY_FLAG_MODE_NULL: a `mode_change` whose `mode` is `null` (aux1 is %NULL for null
 *   and for a missing mode)
 * @RAMO_ENTRY_FLAG_RULES_FALLBACK: a `ttsr_injection` without a non-null `injectedRules`: aux1
 *   holds `rules` or `ruleNames`, if any
 * @RAMO_ENTRY_FLAG_OMP_NO_TEXT: an assistant message with no text oh-my-pi's /tree counts: every
 *   text is empty, or only dots, "…" and white space once oh-my-pi 18.2.3's canonicalizeMessage()
 *   has trimmed it (`src/utils/thinking-display.ts`); oh-my-pi hides it as pi hides one without
 *   text (see %RAMO_ENTRY_FLAG_HAS_TEXT)
 */
typedef enum
{
  RAMO_ENTRY_FLAG_NONE          = 0,
  RAMO_ENTRY_FLAG_CYCLE_BROKEN  = 1 << 0,
  RAMO_ENTRY_FLAG_SHADOWED      = 1 << 1,
  RAMO_ENTRY_FLAG_SYNTHETIC_ID  = 1 << 2,
  RAMO_ENTRY_FLAG_HAS_TEXT      = 1 << 3,
  RAMO_ENTRY_FLAG_ABORTED       = 1 << 4,
  RAMO_ENTRY_FLAG_ERROR         = 1 << 5,
  RAMO_ENTRY_FLAG_ORPHAN        = 1 << 6,
  RAMO_ENTRY_FLAG_HOOK_MESSAGE  = 1 << 7,
  RAMO_ENTRY_FLAG_OMP_ONLY      = 1 << 8,
  RAMO_ENTRY_FLAG_EDIT_REMOVES  = 1 << 9,
  RAMO_ENTRY_FLAG_EDIT_INVALID  = 1 << 10,
  RAMO_ENTRY_FLAG_SYSTEM_MESSAGE = 1 << 11,
  RAMO_ENTRY_FLAG_STOP_ERROR    = 1 << 12,
  RAMO_ENTRY_FLAG_RETRY_RECOVERY = 1 << 13,
  RAMO_ENTRY_FLAG_EMPTY_ERROR_TURN = 1 << 14,
  /* 1 << 15 is taken by ramo-entry-tree.h (RAMO_ENTRY_FLAG_ACTIVE_PATH) */
  RAMO_ENTRY_FLAG_ONLY_TOOL_CALLS = 1 << 16,
  RAMO_ENTRY_FLAG_COPILOT_REPLAY = 1 << 17,
  RAMO_ENTRY_FLAG_NOT_REPLAYED  = 1 << 18,
  RAMO_ENTRY_FLAG_UNSENDABLE    = 1 << 19,
  RAMO_ENTRY_FLAG_INTERRUPTED_THINKING = 1 << 20,
  RAMO_ENTRY_FLAG_USER_REQUEST  = 1 << 21,
  RAMO_ENTRY_FLAG_CONTEXT_NOTES = 1 << 22,
  RAMO_ENTRY_FLAG_NOTES_EMPTY   = 1 << 23,
  RAMO_ENTRY_FLAG_EMPTY_SUMMARY = 1 << 24,
  RAMO_ENTRY_FLAG_REMOTE_COMPACTION = 1 << 25,
  RAMO_ENTRY_FLAG_NATIVE_COMPACTION = 1 << 26,
  RAMO_ENTRY_FLAG_CONTEXT_ROLLOVER = 1 << 27,
  RAMO_ENTRY_FLAG_MODE_NULL     = 1 << 28,
  RAMO_ENTRY_FLAG_RULES_FALLBACK = 1 << 29,
  RAMO_ENTRY_FLAG_OMP_NO_TEXT   = 1 << 30,
} RamoEntryFlags;

/**
 * RamoEntry:
 *
 * The compact record Ramo keeps for every entry line of a session. The body stays in the
 * file and is read on demand with ramo_session_manager_read_entry(). All fields are owned by
 * the #RamoSessionManager and stay valid until it reloads; read them, never change them.
 */
struct _RamoEntry
{
  const char     *id;
  const char     *parent_id;       /* as written (NULL for null or absent) */
  const char     *name;            /* an unknown type's `type` as written (NULL if not a
                                    * string), a message's role after migration (NULL if not a
                                    * string): read them with ramo_entry_get_type_name() and
                                    * ramo_entry_get_role_name() */
  const char     *timestamp_text;  /* as written, NULL if not a string or if timestamp_iso:
                                    * read it with ramo_entry_get_timestamp() */
  const char     *target_id;       /* label, context_edit: `targetId` */
  const char     *label_text;      /* label entries: the `label` they set, NULL to clear */
  const char     *first_kept_id;   /* compaction: `firstKeptEntryId` */
  const char     *display;         /* one-line display text of spec §7 */
  const char     *aux1;            /* JSON text: thinkingLevel / provider / mode / rules /
                                    * toolResult `toolCallId` / serviceTier /
                                    * compaction `providerReplayThroughEntryId` (plain string) */
  const char     *aux2;            /* JSON text: modelId / model / mode data /
                                    * thinking_level_change `configured` */
  const char     *aux3;            /* oh-my-pi: an assistant message's tool-call ids (JSON
                                    * texts, one per line, `undefined` for a missing id);
                                    * model_change `[model, role]` (JSON, null for absent) */
  RamoEntry      *parent;          /* resolved tree parent, NULL for roots */
  RamoEntry     **children;        /* (array length=n_children) sorted oldest→newest, or NULL:
                                    * a slice of the tree's one array of children, or the
                                    * entry's own (children_owned) once one is added after */
  double          time_ms;         /* `new Date(timestamp).getTime()` as the dialect's agent
                                    * reads it, NaN if invalid */
  goffset         offset;          /* first byte of the line */
  guint32         length;          /* bytes of the line, without its line end */
  guint32         line;            /* 1-based line number in the file */
  guint32         index;           /* position among the entries, file order */
  guint32         depth;           /* depth in the tree, roots 0 */
  guint16         type;            /* RamoEntryType */
  guint16         role;            /* RamoMessageRole */
  guint32         flags;           /* RamoEntryFlags */
  guint32         n_children : 30;
  guint32         children_owned : 1;
  guint32         timestamp_iso : 1;   /* the timestamp is time_ms as toISOString() writes it */
  guint32         display_len;     /* bytes of @display, without its NUL */
};

/* room for any timestamp ramo_entry_get_timestamp() writes */
#define RAMO_ENTRY_TIMESTAMP_SIZE 25

const char *ramo_entry_type_to_string (RamoEntryType type);
/**
 * ramo_entry_get_type_name:
 * @entry: an entry
 *
 * Returns: (nullable): the entry's `type` as written, %NULL when the line has no string type
 */
static inline const char *
ramo_entry_get_type_name (const RamoEntry *entry)
{
  return entry->type == RAMO_ENTRY_TYPE_UNKNOWN ? entry->name : ramo_entry_type_to_string (entry->type);
}

/**
 * ramo_entry_get_role_name:
 * @entry: an entry
 *
 * Returns: (nullable): a message's role after migration (a legacy `hookMessage` is `custom`),
 *   %NULL for other entries and for a role that is not a string
 */
static inline const char *
ramo_entry_get_role_name (const RamoEntry *entry)
{
  return entry->type == RAMO_ENTRY_TYPE_MESSAGE ? entry->name : NULL;
}

const char *ramo_entry_get_timestamp  (const RamoEntry *entry,
                                       char             buffer[RAMO_ENTRY_TIMESTAMP_SIZE]);
char       *ramo_entry_dup_timestamp  (const RamoEntry *entry);
char       *ramo_format_label_time    (const char   *timestamp,
                                       GDateTime    *now);
gboolean    ramo_text_needs_visible   (const char   *text,
                                       gssize        length,
                                       gboolean      keep_newlines);
char       *ramo_text_dup_visible     (const char   *text,
                                       gssize        length,
                                       gboolean      keep_newlines);

G_END_DECLS

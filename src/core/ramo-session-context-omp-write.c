/* ramo-session-context-omp-write.c
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

#include <string.h>

#include "ramo-entry-omp-private.h"
#include "ramo-js.h"
#include "ramo-json.h"
#include "ramo-session-context-private.h"

/*
 * The messages of an oh-my-pi context (see ramo-session-context-omp.c), written from each
 * entry's own text with the scanner's writer, as JSON.stringify() writes what oh-my-pi 18.2.3's
 * buildSessionContext() returns: members oh-my-pi leaves undefined are absent.
 */

/* ------------------------------------------------------------------------------------------ */
/* Messages                                                                                    */

static gboolean
key_equal (const RamoScan     *scan,
           const RamoScanNode *member,
           const char         *quoted)
{
  gsize len = strlen (quoted);

  return member->key_end - member->key_start == len && memcmp (scan->text + member->key_start, quoted, len) == 0;
}

/* Appends the object at @node (of a scan whose keys are plain and unique) without the member
 * named @quoted_key. */
static void
write_without (RamoScan   *scan,
               guint       node,
               const char *quoted_key,
               GString    *out)
{
  gboolean first = TRUE;

  g_string_append_c (out, '{');
  for (guint m = ramo_scan_node (scan, node)->first_child; m; m = ramo_scan_node (scan, m)->next)
    {
      RamoScanNode *member = ramo_scan_node (scan, m);

      if (key_equal (scan, member, quoted_key))
        continue;
      if (!first)
        g_string_append_c (out, ',');
      first = FALSE;
      g_string_append_len (out, scan->text + member->key_start, member->end - member->key_start);
    }
  g_string_append_c (out, '}');
}

/* The content of an assistant message on its way into the context: oh-my-pi's Copilot
 * clean-up on load (@copilot: every thinking signature goes) and the stripping of tool calls
 * without a result (@paired set: those calls and every redacted thinking block go, truthy
 * signatures are cleared). */
static void
write_content (RamoScan   *scan,
               guint       content,
               gboolean    copilot,
               GHashTable *paired,
               GString    *out)
{
  g_autoptr(GString) id = g_string_new (NULL);
  gboolean first = TRUE;

  g_string_append_c (out, '[');
  for (guint b = ramo_scan_node (scan, content)->first_child; b; b = ramo_scan_node (scan, b)->next)
    {
      guint type = ramo_scan_member (scan, b, "type");
      gboolean drop_signature = FALSE;

      if (paired && ramo_scan_string_equal (scan, type, "toolCall"))
        {
          g_string_truncate (id, 0);
          _ramo_omp_append_id (scan, ramo_scan_member (scan, b, "id"), id);
          if (!g_hash_table_contains (paired, id->str))
            continue;
        }
      else if (paired && ramo_scan_string_equal (scan, type, "redactedThinking"))
        continue;
      else if (ramo_scan_string_equal (scan, type, "thinking"))
        {
          guint signature = ramo_scan_member (scan, b, "thinkingSignature");

          drop_signature = signature != 0 && (copilot || ramo_scan_truthy (scan, signature));
        }

      if (!first)
        g_string_append_c (out, ',');
      first = FALSE;
      if (drop_signature)
        write_without (scan, b, "\"thinkingSignature\"", out);
      else
        ramo_scan_write (scan, b, out);
    }
  g_string_append_c (out, ']');
}

static void
write_message (RamoSessionContext *self,
               RamoContextItem    *item,
               RamoScan           *scan,
               GString            *out)
{
  RamoOmpContext *omp = self->omp;
  guint message = ramo_scan_member (scan, 1, "message");
  gboolean copilot = (item->entry->flags & RAMO_ENTRY_FLAG_COPILOT_REPLAY) != 0;
  gboolean strip = (item->omp_flags & RAMO_OMP_ITEM_STRIP) != 0;
  g_autoptr(GString) plain = NULL;
  gboolean first = TRUE;
  RamoScan w;

  /* an absent message is `undefined` in the array: JSON.stringify() writes null */
  if (ramo_scan_type (scan, message) != RAMO_SCAN_OBJECT || (!copilot && !strip))
    {
      ramo_scan_write (scan, message, out);
      return;
    }

  /* written once as JSON.stringify() writes it, the keys are plain and each appears once */
  plain = g_string_new (NULL);
  ramo_scan_write (scan, message, plain);
  ramo_scan_init (&w);
  if (!ramo_scan_parse (&w, plain->str, plain->len, NULL))
    {
      g_string_append_len (out, plain->str, plain->len);
      ramo_scan_clear (&w);
      return;
    }
  g_string_append_c (out, '{');
  for (guint m = ramo_scan_node (&w, 1)->first_child; m; m = ramo_scan_node (&w, m)->next)
    {
      RamoScanNode *member = ramo_scan_node (&w, m);

      if (copilot && key_equal (&w, member, "\"providerPayload\""))
        continue;
      if (!first)
        g_string_append_c (out, ',');
      first = FALSE;
      if (key_equal (&w, member, "\"content\"") && member->type == RAMO_SCAN_ARRAY)
        {
          g_string_append (out, "\"content\":");
          write_content (&w, m, copilot, strip ? omp->paired : NULL, out);
        }
      else
        g_string_append_len (out, plain->str + member->key_start, member->end - member->key_start);
    }
  g_string_append_c (out, '}');
  ramo_scan_clear (&w);
}

static void
write_timestamp (RamoContextItem *item,
                 GString         *out)
{
  g_string_append (out, ",\"timestamp\":");
  ramo_json_write_number (out, (item->omp_flags & RAMO_OMP_ITEM_TIME) ? item->omp_time : item->entry->time_ms);
  g_string_append_c (out, '}');
}

static void
write_member_value (GString    *out,
                    const char *name,
                    RamoScan   *scan,
                    guint       node)
{
  if (node == 0)
    return;
  g_string_append_printf (out, ",\"%s\":", name);
  ramo_scan_write (scan, node, out);
}

/* customMessageEntryMessage(): the payload normalized (a type, a boolean `display`), the
 * attribution `user` or `agent` when the entry has one */
static void
write_custom_message (RamoContextItem *item,
                      RamoScan        *scan,
                      GString         *out)
{
  guint custom_type = ramo_scan_member (scan, 1, "customType");
  guint display = ramo_scan_member (scan, 1, "display");
  guint attribution = ramo_scan_member (scan, 1, "attribution");

  g_string_append (out, "{\"role\":\"custom\",\"customType\":");
  if (ramo_scan_type (scan, custom_type) == RAMO_SCAN_STRING && ramo_scan_truthy (scan, custom_type))
    ramo_scan_write (scan, custom_type, out);
  else
    g_string_append (out, "\"custom-message\"");
  write_member_value (out, "content", scan, ramo_scan_member (scan, 1, "content"));
  g_string_append (out, ",\"display\":");
  if (ramo_scan_type (scan, display) == RAMO_SCAN_TRUE || ramo_scan_type (scan, display) == RAMO_SCAN_FALSE)
    ramo_scan_write (scan, display, out);
  else
    g_string_append (out, "false");
  write_member_value (out, "details", scan, ramo_scan_member (scan, 1, "details"));
  if (attribution != 0)
    g_string_append_printf (out, ",\"attribution\":\"%s\"",
                            ramo_scan_string_equal (scan, attribution, "user") ? "user" : "agent");
  write_timestamp (item, out);
}

/* The provider's replay payload of a compaction: OpenAI's replacement history, else Anthropic's
 * native summary (the flags say which is valid). */
static void
write_provider_payload (RamoEntry *compaction,
                        RamoScan  *scan,
                        GString   *out)
{
  guint preserve = ramo_scan_member (scan, 1, "preserveData");

  if (compaction->flags & RAMO_ENTRY_FLAG_REMOTE_COMPACTION)
    {
      guint remote = ramo_scan_member (scan, preserve, "openaiRemoteCompaction");

      g_string_append (out, ",\"providerPayload\":{\"type\":\"openaiResponsesHistory\"");
      write_member_value (out, "provider", scan, ramo_scan_member (scan, remote, "provider"));
      write_member_value (out, "items", scan, ramo_scan_member (scan, remote, "replacementHistory"));
      g_string_append_c (out, '}');
    }
  else if (compaction->flags & RAMO_ENTRY_FLAG_NATIVE_COMPACTION)
    {
      guint native = ramo_scan_member (scan, preserve, "anthropicCompaction");
      static const char * const optional[] = { "encryptedContent", "filesText" };

      g_string_append (out, ",\"providerPayload\":{\"type\":\"anthropicCompaction\"");
      write_member_value (out, "provider", scan, ramo_scan_member (scan, native, "provider"));
      write_member_value (out, "content", scan, ramo_scan_member (scan, native, "content"));
      for (guint i = 0; i < G_N_ELEMENTS (optional); i++)
        {
          guint node = ramo_scan_member (scan, native, optional[i]);

          if (ramo_scan_type (scan, node) == RAMO_SCAN_STRING && ramo_scan_truthy (scan, node))
            write_member_value (out, optional[i], scan, node);
        }
      g_string_append_c (out, '}');
    }
}

static void
write_compaction_summary (RamoContextItem *item,
                          RamoScan        *scan,
                          GString         *out)
{
  g_string_append (out, "{\"role\":\"compactionSummary\"");
  write_member_value (out, "summary", scan, ramo_scan_member (scan, 1, "summary"));
  write_member_value (out, "shortSummary", scan, ramo_scan_member (scan, 1, "shortSummary"));
  write_member_value (out, "tokensBefore", scan, ramo_scan_member (scan, 1, "tokensBefore"));
  write_member_value (out, "tokensAfter", scan, ramo_scan_member (scan, 1, "tokensAfter"));
  write_member_value (out, "method", scan, ramo_scan_member (scan, 1, "method"));
  write_provider_payload (item->entry, scan, out);
  write_member_value (out, "warning", scan, ramo_scan_member (scan, 1, "warning"));
  write_timestamp (item, out);
}

static void
write_context_notes (RamoContextItem *item,
                     RamoScan        *scan,
                     GString         *out)
{
  g_autofree char *text = ramo_scan_string (scan, ramo_scan_member (scan, ramo_scan_member (scan, 1, "data"), "text"), 0);
  g_autofree char *content = _ramo_omp_render_context_notes (text ? text : "");

  g_string_append (out, "{\"role\":\"custom\",\"customType\":\"experimental_context_notes\",\"content\":");
  ramo_json_write_string (out, content);
  g_string_append (out, ",\"display\":false");
  write_timestamp (item, out);
}

/* Appends the message of an oh-my-pi item. */
gboolean
_ramo_omp_write_item (RamoSessionContext  *self,
                      RamoContextItem     *item,
                      RamoScan            *scan,
                      GString             *out,
                      GError             **error)
{
  gboolean skipped = FALSE;

  switch (item->kind)
    {
    case RAMO_CONTEXT_ITEM_MESSAGE:
      write_message (self, item, scan, out);
      return TRUE;
    case RAMO_CONTEXT_ITEM_CUSTOM_MESSAGE:
      write_custom_message (item, scan, out);
      return TRUE;
    case RAMO_CONTEXT_ITEM_COMPACTION_SUMMARY:
      write_compaction_summary (item, scan, out);
      return TRUE;
    case RAMO_CONTEXT_ITEM_CONTEXT_NOTES:
      write_context_notes (item, scan, out);
      return TRUE;
    case RAMO_CONTEXT_ITEM_BRANCH_SUMMARY:
      /* as pi writes it; an empty summary was left out when building */
      return _ramo_session_context_write_pi (self, item, scan, out, &skipped, error);
    case RAMO_CONTEXT_ITEM_COMPACTION_SYSTEM_MESSAGE:
    default:
      g_assert_not_reached ();
    }
  return FALSE;
}

/* ------------------------------------------------------------------------------------------ */
/* The context-notes message                                                                   */

/* oh-my-pi renders the notes into a prompt of its own (src/prompts/system/context-notes.md),
 * which Ramo does not copy: it reads it from an oh-my-pi installation when it finds one
 * ($RAMO_OMP_PACKAGE_DIR, then the usual global folders of Bun and npm, then the compat
 * tests' ${RAMO_AGENTS_DIR:-~/.cache/ramo-agents}/omp), and otherwise puts the notes between
 * the prompt's tags only. */
static const char *
context_notes_template (void)
{
  static gsize done = 0;
  static char *template = NULL;

  if (g_once_init_enter (&done))
    {
      const char *package = "@oh-my-pi/pi-coding-agent";
      const char *file = "src/prompts/system/context-notes.md";
      const char *agents = g_getenv ("RAMO_AGENTS_DIR");
      g_autofree char *agents_dir = agents && agents[0] ? g_strdup (agents)
                                    : g_build_filename (g_get_user_cache_dir (), "ramo-agents", NULL);
      g_autoptr(GPtrArray) dirs = g_ptr_array_new_with_free_func (g_free);
      const char *env = g_getenv ("RAMO_OMP_PACKAGE_DIR");

      if (env && env[0])
        g_ptr_array_add (dirs, g_strdup (env));
      g_ptr_array_add (dirs, g_build_filename (g_get_home_dir (), ".bun", "install", "global", "node_modules", package, NULL));
      g_ptr_array_add (dirs, g_build_filename ("/usr/local/lib/node_modules", package, NULL));
      g_ptr_array_add (dirs, g_build_filename ("/usr/lib/node_modules", package, NULL));
      g_ptr_array_add (dirs, g_build_filename (agents_dir, "omp", "node_modules", package, NULL));
      for (guint i = 0; i < dirs->len && template == NULL; i++)
        {
          g_autofree char *path = g_build_filename (g_ptr_array_index (dirs, i), file, NULL);
          char *text = NULL;

          if (g_file_get_contents (path, &text, NULL, NULL) && strstr (text, "{{notes}}") && g_utf8_validate (text, -1, NULL))
            template = text;
          else
            g_free (text);
        }
      if (template == NULL)
        template = g_strdup ("<experimental-context-notes>\n{{notes}}\n</experimental-context-notes>\n");
      g_once_init_leave (&done, 1);
    }
  return template;
}

/**
 * _ramo_omp_render_context_notes:
 * @notes: the text of a context-notes revision
 *
 * The content oh-my-pi gives the hidden context-notes message (context-notes.ts
 * renderContextNotes()): the notes in its prompt, as its prompt renderer formats the result,
 * trimmed.
 *
 * Returns: (transfer full): the content
 */
char *
_ramo_omp_render_context_notes (const char *notes)
{
  const char *template = context_notes_template ();
  g_autoptr(GString) rendered = g_string_new (NULL);
  char *formatted;
  const char *p;

  for (p = template; ; )
    {
      const char *slot = strstr (p, "{{notes}}");

      if (slot == NULL)
        break;
      g_string_append_len (rendered, p, slot - p);
      g_string_append (rendered, notes);
      p = slot + strlen ("{{notes}}");
    }
  g_string_append (rendered, p);

  formatted = _ramo_omp_format_prompt (rendered->str);
  {
    /* String.prototype.trim() */
    const char *start = formatted;
    const char *end = formatted + strlen (formatted);
    char *trimmed;

    while (start < end && ramo_js_is_white_space (g_utf8_get_char (start)))
      start = g_utf8_next_char (start);
    while (end > start)
      {
        const char *last = g_utf8_find_prev_char (start, end);

        if (last == NULL || !ramo_js_is_white_space (g_utf8_get_char (last)))
          break;
        end = last;
      }
    trimmed = g_strndup (start, end - start);
    g_free (formatted);
    return trimmed;
  }
}

/* JavaScript's white space, from @p on (at most @len bytes): the bytes it takes */
static gsize
leading_white_space (const char *p,
                     gsize       len)
{
  const char *q = p;

  while ((gsize) (q - p) < len && ramo_js_is_white_space (g_utf8_get_char (q)))
    q = g_utf8_next_char (q);
  return q - p;
}

static gsize
trimmed_end (const char *p,
             gsize       len)
{
  while (len > 0)
    {
      const char *last = g_utf8_find_prev_char (p, p + len);

      if (last == NULL)
        last = p;
      if (!ramo_js_is_white_space (g_utf8_get_char (last)))
        break;
      len = last - p;
    }
  return len;
}

static gboolean
is_blank (const char *p,
          gsize       len)
{
  return leading_white_space (p, len) == len;
}

/* `</name>` with a name of a-z, `_` and `-` */
static gboolean
is_closing_tag (const char *p,
                gsize       len)
{
  if (len < 4 || p[0] != '<' || p[1] != '/' || p[len - 1] != '>')
    return FALSE;
  for (gsize i = 2; i < len - 1; i++)
    if (!((p[i] >= 'a' && p[i] <= 'z') || p[i] == '-' || p[i] == '_'))
      return FALSE;
  return TRUE;
}

/* A table separator row: `|`, then one or more of `-`, `:`, `|` and white space, then `|` */
static gboolean
is_table_separator (const char *p,
                    gsize       len)
{
  if (len < 3 || p[0] != '|' || p[len - 1] != '|')
    return FALSE;
  for (const char *q = p + 1; q < p + len - 1; q = g_utf8_next_char (q))
    if (*q != '-' && *q != ':' && *q != '|' && !ramo_js_is_white_space (g_utf8_get_char (q)))
      return FALSE;
  return TRUE;
}

/* A table row: `|`, anything but a line terminator, `|` */
static gboolean
is_table_row (const char *p,
              gsize       len)
{
  if (len < 2 || p[0] != '|' || p[len - 1] != '|')
    return FALSE;
  for (const char *q = p + 1; q < p + len - 1; q = g_utf8_next_char (q))
    {
      gunichar c = g_utf8_get_char (q);

      if (c == '\n' || c == '\r' || c == 0x2028 || c == 0x2029)
        return FALSE;
    }
  return TRUE;
}

/* A table row with each cell trimmed, or a separator row with each cell `---`, `:---`,
 * `---:` or `:---:` (empty cells dropped) */
static void
append_table (const char *p,
              gsize       len,
              gboolean    separator,
              GString    *out)
{
  const char *end = p + len;
  gboolean first = TRUE;

  if (separator)
    g_string_append_c (out, '|');
  for (const char *cell = p; cell <= end; )
    {
      const char *bar = memchr (cell, '|', end - cell);
      const char *cell_end = bar ? bar : end;
      gsize lead = leading_white_space (cell, cell_end - cell);
      const char *t = cell + lead;
      gsize tlen = trimmed_end (t, cell_end - t);

      if (!separator)
        {
          if (!first)
            g_string_append_c (out, '|');
          g_string_append_len (out, t, tlen);
          first = FALSE;
        }
      else if (tlen > 0)
        {
          gboolean left = t[0] == ':', right = t[tlen - 1] == ':';

          if (!first)
            g_string_append_c (out, '|');
          g_string_append (out, left && right ? ":---:" : left ? ":---" : right ? "---:" : "---");
          first = FALSE;
        }
      if (bar == NULL)
        break;
      cell = bar + 1;
    }
  if (separator)
    g_string_append_c (out, '|');
}

/**
 * _ramo_omp_format_prompt:
 * @text: a rendered prompt (UTF-8)
 *
 * What oh-my-pi's prompt renderer does to a rendered prompt (pi-utils `prompt.format()`,
 * post-render, no symbol replacement): trailing white space goes from every line; outside
 * fenced code blocks, table rows lose the padding of their cells, a run of blank lines goes
 * entirely where two or more follow each other (one blank line between text stays), blank
 * lines at the start and before a closing tag line go, and so do those at the end.
 *
 * Returns: (transfer full): the formatted text
 */
char *
_ramo_omp_format_prompt (const char *text)
{
  g_auto(GStrv) lines = g_strsplit (text, "\n", -1);
  g_autoptr(GPtrArray) result = g_ptr_array_new_with_free_func (g_free);
  guint n_lines = g_strv_length (lines);
  gboolean in_code = FALSE;
  GString *out;

  for (guint i = 0; i < n_lines; i++)
    {
      const char *raw = lines[i];
      gsize len = trimmed_end (raw, strlen (raw));
      gsize s = 0;
      gboolean closing = FALSE;
      GString *line;

      while (s < len && (raw[s] == ' ' || raw[s] == '\t'))
        s++;
      if (s < len && (guchar) raw[s] >= 0x80)
        s = leading_white_space (raw, len);

      line = g_string_new_len (raw, len);
      if (s + 3 <= len && (g_str_has_prefix (raw + s, "```") || g_str_has_prefix (raw + s, "~~~")))
        {
          in_code = !in_code;
          g_ptr_array_add (result, g_string_free (line, FALSE));
          continue;
        }
      if (in_code)
        {
          g_ptr_array_add (result, g_string_free (line, FALSE));
          continue;
        }

      if (s < len && raw[s] == '<')
        closing = is_closing_tag (raw + s, len - s);
      else if (s < len && raw[s] == '|')
        {
          gboolean separator = is_table_separator (raw + s, len - s);

          if (separator || is_table_row (raw + s, len - s))
            {
              g_string_truncate (line, s);
              append_table (raw + s, len - s, separator, line);
            }
        }

      if (line->len == 0)
        {
          const char *next = i + 1 < n_lines ? lines[i + 1] : NULL;

          if (next == NULL || is_blank (next, strlen (next)))
            {
              /* two or more blank lines: all of them go, and those before */
              while (result->len > 0 && ((char *) g_ptr_array_index (result, result->len - 1))[0] == '\0')
                g_ptr_array_set_size (result, result->len - 1);
              while (i + 1 < n_lines && is_blank (lines[i + 1], strlen (lines[i + 1])))
                i++;
              g_string_free (line, TRUE);
              continue;
            }
          if (result->len == 0 || ((char *) g_ptr_array_index (result, result->len - 1))[0] == '\0')
            {
              g_string_free (line, TRUE);
              continue;
            }
        }

      if (closing)
        while (result->len > 0 && ((char *) g_ptr_array_index (result, result->len - 1))[0] == '\0')
          g_ptr_array_set_size (result, result->len - 1);
      g_ptr_array_add (result, g_string_free (line, FALSE));
    }

  while (result->len > 0 && ((char *) g_ptr_array_index (result, result->len - 1))[0] == '\0')
    g_ptr_array_set_size (result, result->len - 1);

  out = g_string_new (NULL);
  for (guint i = 0; i < result->len; i++)
    {
      if (i > 0)
        g_string_append_c (out, '\n');
      g_string_append (out, g_ptr_array_index (result, i));
    }
  return g_string_free (out, FALSE);
}

/* ramo-app-util.c
 *
 * Copyright 2026 The Ramo authors
 *
 * This program is free software: you can redistribute it and/or modify it under the terms of the
 * GNU General Public License as published by the Free Software Foundation, either version 3 of
 * the License, or (at your option) any later version.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ramo-app"

#include "config.h"

#include <string.h>

#include <glib/gi18n.h>

#include "ramo-app-util.h"
#include "ramo-message.h"

/*
 * Small text helpers shared by the window's widgets. Nothing here interprets file text as
 * markup: highlights are Pango attributes over byte ranges of the plain text.
 */

/**
 * ramo_format_timestamp:
 * @iso8601: (nullable): a timestamp as written in a session file
 *
 * Returns: (transfer full) (nullable): the time in the local time zone, or %NULL when
 *   @iso8601 is not a valid ISO 8601 time
 */
char *
ramo_format_timestamp (const char *iso8601)
{
  g_autoptr(GDateTime) utc = NULL;
  g_autoptr(GDateTime) local = NULL;

  if (iso8601 == NULL)
    return NULL;

  utc = g_date_time_new_from_iso8601 (iso8601, NULL);
  if (utc == NULL)
    return NULL;
  local = g_date_time_to_local (utc);

  /* Translators: the time of an entry in the local time zone; see g_date_time_format() */
  return g_date_time_format (local, _("%Y-%m-%d %H:%M:%S"));
}

/**
 * ramo_tilde_path:
 * @path: (nullable): a path
 *
 * Returns: (transfer full) (nullable): @path with the home folder shown as `~`
 */
char *
ramo_tilde_path (const char *path)
{
  const char *home = g_get_home_dir ();
  gsize len;

  if (path == NULL)
    return NULL;
  if (home == NULL || home[0] == '\0' || g_str_equal (home, "/"))
    return g_strdup (path);

  len = strlen (home);
  if (strncmp (path, home, len) == 0 && (path[len] == '\0' || path[len] == '/'))
    return g_strconcat ("~", path + len, NULL);
  return g_strdup (path);
}

/**
 * ramo_ellipsize_text:
 * @text: UTF-8 text
 * @max_chars: the most characters to keep, counting the ellipsis
 *
 * Returns: (transfer full): @text, cut with "…" when it has more than @max_chars characters
 */
char *
ramo_ellipsize_text (const char *text,
                     guint       max_chars)
{
  g_autofree char *head = NULL;

  g_return_val_if_fail (text != NULL, NULL);

  if (max_chars == 0 || (guint) g_utf8_strlen (text, -1) <= max_chars)
    return g_strdup (text);

  head = g_utf8_substring (text, 0, max_chars - 1);
  g_strchomp (head);
  return g_strconcat (head, "…", NULL);
}

/**
 * ramo_entry_is_user_message:
 * @entry: an entry
 *
 * Returns: %TRUE for a `message` entry whose role is `user`
 */
gboolean
ramo_entry_is_user_message (const RamoEntry *entry)
{
  return entry != NULL &&
         entry->type == RAMO_ENTRY_TYPE_MESSAGE &&
         entry->role == RAMO_MESSAGE_ROLE_USER;
}

/**
 * ramo_entry_dup_message_text:
 * @manager: the session
 * @entry: a `message` or `custom_message` entry
 * @error: return location for a #GError, or %NULL
 *
 * Reads @entry and returns the text of its content, one text block per line: what "Copy Text"
 * copies. (Navigating puts pi's editor text into the composer instead, the blocks joined with
 * nothing between them: ramo_message_dup_editor_text().)
 *
 * Returns: (transfer full): the text, or %NULL with @error set (a %RAMO_SESSION_ERROR from
 *   ramo_session_manager_read_entry())
 */
char *
ramo_entry_dup_message_text (RamoSessionManager  *manager,
                             const RamoEntry     *entry,
                             GError             **error)
{
  g_autoptr(JsonNode) node = NULL;
  JsonObject *object;
  JsonNode *message;

  g_return_val_if_fail (RAMO_IS_SESSION_MANAGER (manager), NULL);
  g_return_val_if_fail (entry != NULL, NULL);

  node = ramo_session_manager_read_entry (manager, entry, error);
  if (node == NULL)
    return NULL;
  if (!JSON_NODE_HOLDS_OBJECT (node))
    return g_strdup ("");

  object = json_node_get_object (node);
  if (entry->type == RAMO_ENTRY_TYPE_CUSTOM_MESSAGE)
    return ramo_content_dup_text (json_object_get_member (object, "content"), "\n", RAMO_CONTENT_FLAGS_NONE);

  message = json_object_get_member (object, "message");
  if (message == NULL || !JSON_NODE_HOLDS_OBJECT (message))
    return g_strdup ("");
  return ramo_content_dup_text (json_object_get_member (json_node_get_object (message), "content"),
                                "\n", RAMO_CONTENT_FLAGS_NONE);
}

/**
 * ramo_base64_decoded_size:
 * @data: (nullable): base64 text
 *
 * Returns: how many bytes @data decodes to, computed from its length
 */
gsize
ramo_base64_decoded_size (const char *data)
{
  gsize chars = 0;

  if (data == NULL)
    return 0;

  /* Four characters make three bytes; padding (`=`) and line breaks carry no data, so
   * "QQ==" is 1 byte, "QUI=" 2 and "QUJD" 3. */
  for (const char *p = data; *p; p++)
    if (*p != '=' && !g_ascii_isspace (*p))
      chars++;
  return (chars * 3) / 4;
}

/**
 * ramo_highlight_attributes:
 * @text: plain text, as shown in a label
 * @terms: (nullable) (array zero-terminated=1): casefolded search terms
 *
 * Marks every case-insensitive occurrence of each term in @text with a translucent background
 * and bold weight, as byte ranges of @text, so that a label can show the matches without any
 * markup being parsed.
 *
 * Returns: (transfer full) (nullable): the attributes, or %NULL when nothing matches
 */
PangoAttrList *
ramo_highlight_attributes (const char         *text,
                           const char * const *terms)
{
  g_autoptr(GString) folded = NULL;
  g_autoptr(GArray) starts = NULL;
  g_autoptr(GArray) ends = NULL;
  PangoAttrList *attrs = NULL;

  if (text == NULL || terms == NULL || terms[0] == NULL || !g_utf8_validate (text, -1, NULL))
    return NULL;

  /* Casefold character by character, remembering for each folded byte which bytes of the
   * original character it came from: a folded match maps back to whole characters. */
  folded = g_string_new (NULL);
  starts = g_array_new (FALSE, FALSE, sizeof (guint));
  ends = g_array_new (FALSE, FALSE, sizeof (guint));
  for (const char *p = text; *p; p = g_utf8_next_char (p))
    {
      const char *next = g_utf8_next_char (p);
      g_autofree char *f = NULL;
      guint start = p - text;
      guint end = next - text;

      if ((guchar) *p < 0x80)
        {
          /* ASCII folds to itself in lower case: no allocation (rows are highlighted by the
           * hundred on every keystroke) */
          g_array_append_val (starts, start);
          g_array_append_val (ends, end);
          g_string_append_c (folded, g_ascii_tolower (*p));
          continue;
        }
      f = g_utf8_casefold (p, next - p);

      for (gsize i = 0; f[i]; i++)
        {
          g_array_append_val (starts, start);
          g_array_append_val (ends, end);
        }
      g_string_append (folded, f);
    }

  for (guint t = 0; terms[t]; t++)
    {
      gsize len = strlen (terms[t]);
      const char *from = folded->str;
      const char *hit;

      if (len == 0)
        continue;

      while ((hit = strstr (from, terms[t])) != NULL)
        {
          gsize pos = hit - folded->str;
          guint start = g_array_index (starts, guint, pos);
          guint end = g_array_index (ends, guint, pos + len - 1);
          PangoAttribute *attr;

          if (attrs == NULL)
            attrs = pango_attr_list_new ();

          attr = pango_attr_background_new (0xf6f6, 0xd3d3, 0x2d2d);
          attr->start_index = start;
          attr->end_index = end;
          pango_attr_list_insert (attrs, attr);

          attr = pango_attr_background_alpha_new (0x7000);
          attr->start_index = start;
          attr->end_index = end;
          pango_attr_list_insert (attrs, attr);

          attr = pango_attr_weight_new (PANGO_WEIGHT_BOLD);
          attr->start_index = start;
          attr->end_index = end;
          pango_attr_list_insert (attrs, attr);

          from = hit + len;
        }
    }

  return attrs;
}

/**
 * ramo_session_first_user_text:
 * @manager: a session
 *
 * Returns: (transfer full) (nullable): the one-line text of the first user message in the file
 */
char *
ramo_session_first_user_text (RamoSessionManager *manager)
{
  guint n = ramo_session_manager_get_n_entries (manager);

  for (guint i = 0; i < n; i++)
    {
      RamoEntry *entry = ramo_session_manager_get_entry_at (manager, i);
      const char *text;

      if (!ramo_entry_is_user_message (entry) || entry->display == NULL ||
          (entry->flags & RAMO_ENTRY_FLAG_SHADOWED))
        continue;
      text = entry->display;
      if (g_str_has_prefix (text, "user: "))
        text += strlen ("user: ");
      if (*text == '\0')
        continue;
      return g_strdup (text);
    }
  return NULL;
}

/**
 * ramo_pretty_json:
 * @node: a JSON value
 *
 * Returns: (transfer full): @node as indented JSON text
 */
char *
ramo_pretty_json (JsonNode *node)
{
  g_autoptr(JsonGenerator) generator = json_generator_new ();

  json_generator_set_pretty (generator, TRUE);
  json_generator_set_indent (generator, 2);
  json_generator_set_root (generator, node);
  return json_generator_to_data (generator, NULL);
}

/**
 * ramo_json_elide_images:
 * @node: a JSON value, changed in place
 *
 * Replaces the base64 `data` of every image block under @node with a short note of its size,
 * so that a message with screenshots stays readable as text.
 */
void
ramo_json_elide_images (JsonNode *node)
{
  if (node == NULL)
    return;

  if (JSON_NODE_HOLDS_ARRAY (node))
    {
      JsonArray *array = json_node_get_array (node);

      for (guint i = 0; i < json_array_get_length (array); i++)
        ramo_json_elide_images (json_array_get_element (array, i));
    }
  else if (JSON_NODE_HOLDS_OBJECT (node))
    {
      JsonObject *object = json_node_get_object (node);
      const char *type = json_object_get_string_member_with_default (object, "type", NULL);
      g_autoptr(GList) members = json_object_get_members (object);

      if (g_strcmp0 (type, "image") == 0 && json_object_has_member (object, "data"))
        {
          JsonNode *data = json_object_get_member (object, "data");

          if (JSON_NODE_HOLDS_VALUE (data) && json_node_get_value_type (data) == G_TYPE_STRING)
            {
              gsize size = ramo_base64_decoded_size (json_node_get_string (data));
              g_autofree char *note = g_strdup_printf (_("(%" G_GSIZE_FORMAT " bytes of base64 image data)"), size);

              json_object_set_string_member (object, "data", note);
            }
        }

      for (GList *l = members; l; l = l->next)
        ramo_json_elide_images (json_object_get_member (object, l->data));
    }
}

/* Whether @c is of a script written right to left (Hebrew, Arabic, Syriac, Thaana, N'Ko,
 * Samaritan, Mandaic and their presentation forms, and the historic scripts of the SMP's RTL
 * blocks). */
static gboolean
is_rtl_char (gunichar c)
{
  return (c >= 0x0590 && c <= 0x08FF) || (c >= 0xFB1D && c <= 0xFDFF) || (c >= 0xFE70 && c <= 0xFEFF) ||
         (c >= 0x10800 && c <= 0x10FFF) || (c >= 0x1E800 && c <= 0x1EFFF);
}

/**
 * ramo_text_shown:
 * @text: (nullable): one line of text from a session file (an entry's text, a label, a name)
 *
 * @text as a widget shows it: its control and bidirectional formatting characters made
 * visible (ramo_text_dup_visible(), line feeds too), and, when it holds right-to-left text,
 * set apart as a bidirectional isolate (U+2068 … U+2069), so that it cannot reorder what a
 * label shows around it.
 *
 * Returns: (transfer full): the text to show ("" for %NULL)
 */
char *
ramo_text_shown (const char *text)
{
  g_autofree char *visible = NULL;
  const char *shown;

  if (text == NULL)
    return g_strdup ("");
  if (ramo_text_needs_visible (text, -1, FALSE))
    visible = ramo_text_dup_visible (text, -1, FALSE);
  shown = visible ? visible : text;
  for (const char *p = shown; *p; p = g_utf8_next_char (p))
    if ((guchar) *p >= 0xD6 && is_rtl_char (g_utf8_get_char (p)))
      return g_strconcat ("\xE2\x81\xA8", shown, "\xE2\x81\xA9", NULL);
  return visible ? g_steal_pointer (&visible) : g_strdup (text);
}

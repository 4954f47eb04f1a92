/* ramo-json.c
 *
 * Copyright 2026 The Ramo authors
 *
 * This program is free software: you can redistribute it and/or modify it under the terms of the
 * GNU General Public License as published by the Free Software Foundation, either version 3 of
 * the License, or (at your option) any later version.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ramo-json"

#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ramo-json.h"

/*
 * pi writes its session files with JavaScript's JSON.stringify(), and reads them with
 * JSON.parse() and `new Date(timestamp)`. Everything Ramo writes into a session file, and every
 * JSON dump that is compared with pi's, goes through the writer below so that it is the text pi
 * itself would have produced for the same value: compact, keys in JavaScript's property order,
 * numbers in ECMAScript's shortest round-trip form, strings escaped as JSON.stringify does.
 */

/**
 * ramo_json_member_string:
 * @object: (nullable): an object
 * @name: a member name
 *
 * Reads a member that pi's format says is a string, without trusting the file: a missing
 * member, a %NULL @object or a value of another type (number, null, object…) all give %NULL.
 *
 * Returns: (transfer none) (nullable): the member's string, owned by @object
 */
const char *
ramo_json_member_string (JsonObject *object,
                         const char *name)
{
  JsonNode *node = object ? json_object_get_member (object, name) : NULL;

  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_STRING)
    return NULL;
  return json_node_get_string (node);
}

/**
 * ramo_json_write_escaped_char:
 * @out: where to append
 * @c: a code point, or one half of a surrogate pair standing alone
 *
 * Appends @c as JSON.stringify writes it inside a string: `\"`, `\\`, the short escapes
 * (`\b \f \n \r \t`), `\u00XX` for the other control characters and `\udXXX` for a
 * lone surrogate (ES2019 well-formed JSON.stringify); any other character as UTF-8.
 */
void
ramo_json_write_escaped_char (GString  *out,
                              gunichar  c)
{
  switch (c)
    {
    case '"':  g_string_append (out, "\\\""); break;
    case '\\': g_string_append (out, "\\\\"); break;
    case '\b': g_string_append (out, "\\b"); break;
    case '\f': g_string_append (out, "\\f"); break;
    case '\n': g_string_append (out, "\\n"); break;
    case '\r': g_string_append (out, "\\r"); break;
    case '\t': g_string_append (out, "\\t"); break;
    default:
      if (c < 0x20 || (c >= 0xD800 && c <= 0xDFFF))
        g_string_append_printf (out, "\\u%04x", c);
      else if (c < 0x80)
        g_string_append_c (out, (char) c);
      else
        g_string_append_unichar (out, c);
    }
}

void
ramo_json_write_string (GString    *out,
                        const char *str)
{
  const guchar *p;

  g_string_append_c (out, '"');
  for (p = (const guchar *) str; *p; p++)
    {
      /* bytes of UTF-8 sequences pass as they are: only ASCII needs escapes */
      if (*p < 0x80)
        ramo_json_write_escaped_char (out, *p);
      else
        g_string_append_c (out, *p);
    }
  g_string_append_c (out, '"');
}

/* ECMAScript Number::toString (radix 10), ES2023 §6.1.6.1.20 */
void
ramo_json_write_number (GString *out,
                        double   value)
{
  char buf[64];
  char digits[32];
  int k = 0;
  int n;
  int exponent;
  const char *p;

  if (!isfinite (value))
    {
      g_string_append (out, "null");
      return;
    }

  if (value == 0)
    {
      g_string_append_c (out, '0');
      return;
    }

  if (value < 0)
    {
      g_string_append_c (out, '-');
      value = -value;
    }

  /* Shortest digit string that reads back as the same double. */
  for (int precision = 1; precision <= 17; precision++)
    {
      char format[16];

      g_snprintf (format, sizeof format, "%%.%de", precision - 1);
      g_ascii_formatd (buf, sizeof buf, format, value);
      if (g_ascii_strtod (buf, NULL) == value)
        break;
    }

  for (p = buf; *p && *p != 'e'; p++)
    if (g_ascii_isdigit (*p))
      digits[k++] = *p;
  digits[k] = '\0';
  exponent = *p == 'e' ? atoi (p + 1) : 0;
  while (k > 1 && digits[k - 1] == '0')
    digits[--k] = '\0';

  n = exponent + 1;

  if (k <= n && n <= 21)
    {
      g_string_append (out, digits);
      for (int i = 0; i < n - k; i++)
        g_string_append_c (out, '0');
    }
  else if (0 < n && n <= 21)
    {
      g_string_append_len (out, digits, n);
      g_string_append_c (out, '.');
      g_string_append (out, digits + n);
    }
  else if (-6 < n && n <= 0)
    {
      g_string_append (out, "0.");
      for (int i = 0; i < -n; i++)
        g_string_append_c (out, '0');
      g_string_append (out, digits);
    }
  else
    {
      g_string_append_c (out, digits[0]);
      if (k > 1)
        {
          g_string_append_c (out, '.');
          g_string_append (out, digits + 1);
        }
      g_string_append_printf (out, "e%c%d", n - 1 >= 0 ? '+' : '-', ABS (n - 1));
    }
}

/* An "array index" key (canonical decimal below 2^32-1) comes first in a JavaScript object's
 * property order, ascending; every other key keeps its insertion order. */
static gboolean
is_array_index (const char *key,
                guint32    *index)
{
  guint64 v = 0;

  if (key[0] == '\0' || (key[0] == '0' && key[1] != '\0'))
    return FALSE;
  for (const char *p = key; *p; p++)
    {
      if (!g_ascii_isdigit (*p))
        return FALSE;
      v = v * 10 + (guint64) (*p - '0');
      if (v >= G_MAXUINT32)
        return FALSE;
    }
  *index = (guint32) v;
  return TRUE;
}

static int
compare_index_keys (gconstpointer a,
                    gconstpointer b)
{
  guint32 ia = 0, ib = 0;

  is_array_index (*(const char * const *) a, &ia);
  is_array_index (*(const char * const *) b, &ib);
  return ia < ib ? -1 : ia > ib;
}

static void
write_object (GString    *out,
              JsonObject *object)
{
  g_autoptr(GPtrArray) keys = g_ptr_array_new ();
  g_autoptr(GList) members = json_object_get_members (object);
  guint n_index_keys = 0;
  gboolean first = TRUE;

  for (const GList *l = members; l; l = l->next)
    {
      guint32 index;

      if (is_array_index (l->data, &index))
        {
          g_ptr_array_insert (keys, n_index_keys, l->data);
          n_index_keys++;
        }
      else
        g_ptr_array_add (keys, l->data);
    }
  if (n_index_keys > 1)
    qsort (keys->pdata, n_index_keys, sizeof (gpointer), compare_index_keys);

  g_string_append_c (out, '{');
  for (guint i = 0; i < keys->len; i++)
    {
      const char *key = g_ptr_array_index (keys, i);

      if (!first)
        g_string_append_c (out, ',');
      first = FALSE;
      ramo_json_write_string (out, key);
      g_string_append_c (out, ':');
      ramo_json_write (out, json_object_get_member (object, key));
    }
  g_string_append_c (out, '}');
}

/**
 * ramo_json_write:
 * @out: the string to append to
 * @node: (nullable): the value to write; %NULL writes `null`
 *
 * Appends @node to @out as JavaScript's `JSON.stringify()` would write it (no spaces, keys in
 * JavaScript property order, numbers in their shortest round-trip form). Deeply nested values are
 * written with an explicit stack, never recursion on the C stack beyond the nesting of @node's
 * containers, which json-glib already limits when parsing.
 */
void
ramo_json_write (GString  *out,
                 JsonNode *node)
{
  if (node == NULL)
    {
      g_string_append (out, "null");
      return;
    }

  switch (json_node_get_node_type (node))
    {
    case JSON_NODE_NULL:
      g_string_append (out, "null");
      break;

    case JSON_NODE_OBJECT:
      write_object (out, json_node_get_object (node));
      break;

    case JSON_NODE_ARRAY:
      {
        JsonArray *array = json_node_get_array (node);
        guint len = json_array_get_length (array);

        g_string_append_c (out, '[');
        for (guint i = 0; i < len; i++)
          {
            if (i > 0)
              g_string_append_c (out, ',');
            ramo_json_write (out, json_array_get_element (array, i));
          }
        g_string_append_c (out, ']');
      }
      break;

    case JSON_NODE_VALUE:
      switch (json_node_get_value_type (node))
        {
        case G_TYPE_STRING:
          ramo_json_write_string (out, json_node_get_string (node));
          break;
        case G_TYPE_INT64:
          g_string_append_printf (out, "%" G_GINT64_FORMAT, json_node_get_int (node));
          break;
        case G_TYPE_DOUBLE:
          ramo_json_write_number (out, json_node_get_double (node));
          break;
        case G_TYPE_BOOLEAN:
          g_string_append (out, json_node_get_boolean (node) ? "true" : "false");
          break;
        default:
          g_string_append (out, "null");
        }
      break;

    default:
      g_string_append (out, "null");
    }
}

/**
 * ramo_json_to_string:
 * @node: (nullable): a JSON value
 *
 * Returns: (transfer full): @node as `JSON.stringify()` writes it
 */
char *
ramo_json_to_string (JsonNode *node)
{
  GString *out = g_string_new (NULL);

  ramo_json_write (out, node);
  return g_string_free (out, FALSE);
}

/**
 * ramo_iso_timestamp_now:
 *
 * The current time as JavaScript's `new Date().toISOString()` writes it, the form pi uses for
 * every entry's `timestamp`: `YYYY-MM-DDTHH:MM:SS.mmmZ`.
 *
 * Returns: (transfer full): the timestamp
 */
char *
ramo_iso_timestamp_now (void)
{
  gint64 now = g_get_real_time ();
  g_autoptr(GDateTime) dt = g_date_time_new_from_unix_utc (now / G_USEC_PER_SEC);
  g_autofree char *base = g_date_time_format (dt, "%Y-%m-%dT%H:%M:%S");

  return g_strdup_printf ("%s.%03dZ", base, (int) ((now % G_USEC_PER_SEC) / 1000));
}

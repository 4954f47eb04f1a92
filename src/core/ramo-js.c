/* ramo-js.c
 *
 * Copyright 2026 The Ramo authors
 *
 * This program is free software: you can redistribute it and/or modify it under the terms of the
 * GNU General Public License as published by the Free Software Foundation, either version 3 of
 * the License, or (at your option) any later version.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ramo-js"

#include "config.h"

#include <math.h>
#include <string.h>

#include "ramo-js.h"

/*
 * pi is a JavaScript program: where its behaviour on a session file depends on a rule of the
 * language rather than of the format, Ramo follows the rule here, in one place: white space as
 * trim() sees it, Number() of a string, Date.parse() of a timestamp (children are sorted by
 * it; the parser itself is in ramo-js-date.c), and strings as UTF-16 (their length, and the
 * order sort() gives them).
 */

/**
 * ramo_js_string_to_number:
 * @text: UTF-8 text
 *
 * JavaScript's `Number(string)` (StringToNumber): white space trimmed (ramo_js_is_white_space()),
 * empty is 0, `0x`/`0o`/`0b` integers, `Infinity` with an optional sign, decimal literals.
 *
 * Returns: the number, NaN for anything else
 */
double
ramo_js_string_to_number (const char *text)
{
  g_autofree char *trimmed = NULL;
  const char *start = text, *end = text + strlen (text);
  const char *p;
  gsize len;
  char *stop = NULL;
  double value;

  while (*start && ramo_js_is_white_space (g_utf8_get_char (start)))
    start = g_utf8_next_char (start);
  while (end > start)
    {
      const char *prev = g_utf8_find_prev_char (start, end);

      if (prev == NULL || !ramo_js_is_white_space (g_utf8_get_char (prev)))
        break;
      end = prev;
    }
  len = end - start;
  if (len == 0)
    return 0;
  trimmed = g_strndup (start, len);
  p = trimmed;

  if (len > 2 && p[0] == '0' && strchr ("xXoObB", p[1]))
    {
      int base = (p[1] == 'x' || p[1] == 'X') ? 16 : (p[1] == 'o' || p[1] == 'O') ? 8 : 2;

      value = 0;
      for (p += 2; *p; p++)
        {
          int digit = g_ascii_xdigit_value (*p);

          if (digit < 0 || digit >= base)
            return NAN;
          value = value * base + digit;
        }
      return value;
    }

  if (strcmp (p, "Infinity") == 0 || strcmp (p, "+Infinity") == 0)
    return INFINITY;
  if (strcmp (p, "-Infinity") == 0)
    return -INFINITY;

  /* StrDecimalLiteral: [+-] (digits [. digits?] | . digits) [e [+-] digits] */
  {
    const char *q = p;
    gboolean digits = FALSE;

    if (*q == '+' || *q == '-')
      q++;
    while (g_ascii_isdigit (*q))
      q++, digits = TRUE;
    if (*q == '.')
      {
        q++;
        while (g_ascii_isdigit (*q))
          q++, digits = TRUE;
      }
    if (!digits)
      return NAN;
    if (*q == 'e' || *q == 'E')
      {
        q++;
        if (*q == '+' || *q == '-')
          q++;
        if (!g_ascii_isdigit (*q))
          return NAN;
        while (g_ascii_isdigit (*q))
          q++;
      }
    if (*q != '\0')
      return NAN;
  }
  value = g_ascii_strtod (p, &stop);
  return value;
}


/**
 * ramo_js_date_from_node:
 * @node: (nullable): the `timestamp` member of an entry
 *
 * What `new Date(value).getTime()` gives for @node: a string is parsed with
 * ramo_js_date_parse(), a number is taken as milliseconds, `null` is 0, a boolean 0 or 1;
 * anything else (missing, object, array) is NaN.
 *
 * Returns: milliseconds since the Unix epoch, or NaN
 */
double
ramo_js_date_from_node (JsonNode *node)
{
  if (node == NULL)
    return NAN;

  switch (json_node_get_node_type (node))
    {
    case JSON_NODE_NULL:
      return 0;
    case JSON_NODE_VALUE:
      switch (json_node_get_value_type (node))
        {
        case G_TYPE_STRING:
          return ramo_js_date_parse (json_node_get_string (node));
        case G_TYPE_INT64:
          {
            double v = (double) json_node_get_int (node);
            return fabs (v) <= 8.64e15 ? v : NAN;
          }
        case G_TYPE_DOUBLE:
          {
            double v = json_node_get_double (node);
            return isfinite (v) && fabs (v) <= 8.64e15 ? trunc (v) : NAN;
          }
        case G_TYPE_BOOLEAN:
          return json_node_get_boolean (node) ? 1 : 0;
        default:
          return NAN;
        }
    default:
      return NAN;
    }
}

/**
 * ramo_js_utf16_length:
 * @text: UTF-8 text
 *
 * The length JavaScript gives @text: UTF-16 code units (characters beyond U+FFFF count 2).
 *
 * Returns: the length
 */
gsize
ramo_js_utf16_length (const char *text)
{
  gsize n = 0;

  g_return_val_if_fail (text != NULL, 0);

  for (const char *p = text; *p; p = g_utf8_next_char (p))
    n += g_utf8_get_char (p) >= 0x10000 ? 2 : 1;
  return n;
}

/**
 * ramo_js_utf16_compare:
 * @a: UTF-8 text
 * @b: UTF-8 text
 *
 * Compares as JavaScript's default Array.prototype.sort() and `<` do: by UTF-16 code units,
 * so that a character beyond U+FFFF sorts before U+E000–U+FFFF.
 *
 * Returns: a negative number, 0 or a positive number as @a sorts before, with or after @b
 */
int
ramo_js_utf16_compare (const char *a,
                       const char *b)
{
  while (*a && *b)
    {
      gunichar ca = g_utf8_get_char (a);
      gunichar cb = g_utf8_get_char (b);

      if (ca != cb)
        {
          /* A character beyond U+FFFF starts with a high surrogate (0xD800–0xDBFF). */
          guint ua = ca >= 0x10000 ? 0xD800 + ((ca - 0x10000) >> 10) : ca;
          guint ub = cb >= 0x10000 ? 0xD800 + ((cb - 0x10000) >> 10) : cb;

          if (ua != ub)
            return ua < ub ? -1 : 1;
          /* Same high surrogate: compare the low ones. */
          return (ca & 0x3FF) < (cb & 0x3FF) ? -1 : 1;
        }
      a = g_utf8_next_char (a);
      b = g_utf8_next_char (b);
    }
  return *a ? 1 : (*b ? -1 : 0);
}

/* ramo-json-scan-edit.c
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

#include <stdarg.h>
#include <string.h>

#include "ramo-json-scan.h"

/* An object written with some members replaced, as JavaScript's `{ ...object, key: value }`
 * gives it: what the agents write when they change one field of an entry or a message. */

typedef struct
{
  const char *key;     /* as written in JSON, with its quotes */
  gsize       key_len;
  const char *value;   /* JSON text, or NULL to leave the member out */
  gboolean    seen;
} Replacement;

/**
 * ramo_scan_write_replacing:
 * @scan: a parsed scan
 * @node: an object node
 * @out: the string to append to
 * @...: pairs of a member name (plain ASCII, no characters JSON escapes) and its new value as
 *   JSON text (%NULL to take the member out), ended by %NULL
 *
 * Appends the object at @node as ramo_scan_write() does, with the named members replaced:
 * a member the object has keeps its place, one it lacks comes last, in the order given (the
 * place JavaScript's object spread gives them). A value that is not an object is written
 * unchanged.
 */
void
ramo_scan_write_replacing (RamoScan *scan,
                           guint     node,
                           GString  *out,
                           ...)
{
  g_autoptr(GString) plain = g_string_new (NULL);
  g_autoptr(GArray) replacements = g_array_new (FALSE, TRUE, sizeof (Replacement));
  g_autoptr(GPtrArray) quoted = g_ptr_array_new_with_free_func (g_free);
  RamoScan written;
  gboolean first = TRUE;
  const char *key;
  va_list args;

  va_start (args, out);
  while ((key = va_arg (args, const char *)) != NULL)
    {
      Replacement r = { 0 };
      char *q = g_strdup_printf ("\"%s\"", key);

      g_ptr_array_add (quoted, q);
      r.key = q;
      r.key_len = strlen (q);
      r.value = va_arg (args, const char *);
      g_array_append_val (replacements, r);
    }
  va_end (args);

  /* written once by ramo_scan_write(), the keys are plain and each appears once */
  ramo_scan_write (scan, node, plain);
  ramo_scan_init (&written);
  if (!ramo_scan_parse (&written, plain->str, plain->len, NULL) ||
      ramo_scan_type (&written, 1) != RAMO_SCAN_OBJECT)
    {
      g_string_append_len (out, plain->str, plain->len);
      ramo_scan_clear (&written);
      return;
    }

  g_string_append_c (out, '{');
  for (guint m = ramo_scan_node (&written, 1)->first_child; m != 0; m = ramo_scan_node (&written, m)->next)
    {
      RamoScanNode *member = ramo_scan_node (&written, m);
      gsize key_len = member->key_end - member->key_start;
      Replacement *match = NULL;

      for (guint i = 0; i < replacements->len && match == NULL; i++)
        {
          Replacement *r = &g_array_index (replacements, Replacement, i);

          if (r->key_len == key_len && memcmp (plain->str + member->key_start, r->key, key_len) == 0)
            match = r;
        }
      if (match)
        {
          match->seen = TRUE;
          if (match->value == NULL)
            continue;
        }
      if (!first)
        g_string_append_c (out, ',');
      first = FALSE;
      g_string_append_len (out, plain->str + member->key_start, key_len);
      g_string_append_c (out, ':');
      if (match)
        g_string_append (out, match->value);
      else
        g_string_append_len (out, plain->str + member->start, member->end - member->start);
    }
  for (guint i = 0; i < replacements->len; i++)
    {
      Replacement *r = &g_array_index (replacements, Replacement, i);

      if (r->seen || r->value == NULL)
        continue;
      g_string_append_printf (out, "%s%s:%s", first ? "" : ",", r->key, r->value);
      first = FALSE;
    }
  g_string_append_c (out, '}');
  ramo_scan_clear (&written);
}

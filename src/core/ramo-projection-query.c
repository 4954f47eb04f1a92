/* ramo-projection-query.c — the search's fields: role:, tool:, path:, label:, before:,
 * after:, /regex/ and "quoted phrases"
 *
 * Copyright 2026 The Ramo authors
 *
 * This program is free software: you can redistribute it and/or modify it under the terms of the
 * GNU General Public License as published by the Free Software Foundation, either version 3 of
 * the License, or (at your option) any later version.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ramo-projection"

#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ramo-js.h"
#include "ramo-projection-private.h"

/*
 * A search is words separated by white space, all of which an entry must match. A word that
 * is none of the forms below is a plain term, matched as it always was (ramo-projection-search.c);
 * "a phrase" in double quotes is one plain term with its spaces. The fields:
 *   role:NAME     the message's role (tool = toolResult, bash = bashExecution), or the entry's type
 *   tool:NAME     entries calling the tool NAME, and the tool results of those calls
 *   path:TEXT     entries whose tool calls name a path containing TEXT, and their results
 *   label:TEXT    entries whose label contains TEXT
 *   before:DATE   entries written before DATE (YYYY-MM-DD, YYYY-MM, YYYY: the local midnight
 *                 that starts it; else a time as JavaScript's Date.parse() reads it)
 *   after:DATE    entries written at or after it
 *   /REGEX/       entries whose display text the regular expression matches, without case
 * A field's value may be quoted (path:"my file.c"); a field with no value yet constrains
 * nothing, so that typing one does not empty the tree. Text is compared without case. A word
 * that cannot be read (a regular expression that does not compile, a date that is none) is
 * left out of the search and named by ramo_projection_get_search_error().
 *
 * tool: and path: read the session manager's tool-call index (ramo-session-tools.c): a mark
 * per entry, made again when the index has grown, so each entry's test is one byte.
 */

G_DEFINE_QUARK (ramo-search-error-quark, ramo_search_error)

static const char * const field_names[] = {
  [RAMO_QUERY_ROLE] = "role",
  [RAMO_QUERY_TOOL] = "tool",
  [RAMO_QUERY_PATH] = "path",
  [RAMO_QUERY_LABEL] = "label",
  [RAMO_QUERY_BEFORE] = "before",
  [RAMO_QUERY_AFTER] = "after",
};

void
_ramo_query_field_free (gpointer data)
{
  RamoQueryField *field = data;

  g_free (field->value);
  g_clear_pointer (&field->regex, g_regex_unref);
  g_free (field->marks);
  g_free (field);
}

static gboolean
is_ascii (const char *text)
{
  for (const char *c = text; *c; c++)
    if ((guchar) *c >= 0x80)
      return FALSE;
  return TRUE;
}

/* The end of a word starting at @p: white space, or a quote's end when @quoted */
static const char *
word_end (const char *p,
          gboolean    quoted)
{
  if (quoted)
    {
      const char *close = strchr (p, '"');

      return close ? close : p + strlen (p);
    }
  return p + strcspn (p, " \t\n\r");
}

/* A time for before:/after:, or NaN: YYYY, YYYY-MM or YYYY-MM-DD is the local midnight that
 * starts that year, month or day; anything else a time as JavaScript's Date.parse() reads it */
static double
parse_time (const char *value)
{
  static const char form[] = "dddd-dd-dd";
  gsize len = strlen (value);
  gboolean local = len == 4 || len == 7 || len == 10;

  for (guint i = 0; local && i < len; i++)
    local = form[i] == 'd' ? g_ascii_isdigit (value[i]) : value[i] == form[i];
  if (local)
    {
      g_autoptr(GDateTime) day = g_date_time_new_local (atoi (value), len > 4 ? atoi (value + 5) : 1,
                                                         len > 7 ? atoi (value + 8) : 1, 0, 0, 0);

      return day ? (double) g_date_time_to_unix (day) * 1000 : NAN;
    }
  return ramo_js_date_parse (value);
}

static RamoQueryField *
make_field (RamoQueryKind kind,
            const char   *value,
            gsize         len,
            GError      **error)
{
  g_autofree char *raw = g_strndup (value, len);
  RamoQueryField *field = g_new0 (RamoQueryField, 1);

  field->kind = kind;
  field->value = g_utf8_casefold (raw, -1);
  field->len = strlen (field->value);
  field->ascii = is_ascii (field->value);
  if (kind == RAMO_QUERY_BEFORE || kind == RAMO_QUERY_AFTER)
    {
      field->time = parse_time (raw);
      if (isnan (field->time))
        {
          g_set_error (error, RAMO_SEARCH_ERROR, RAMO_SEARCH_ERROR_BAD_DATE, "%s", raw);
          _ramo_query_field_free (field);
          return NULL;
        }
    }
  else if (kind == RAMO_QUERY_REGEX)
    {
      GError *regex_error = NULL;

      g_free (field->value);
      field->value = g_strdup (raw);   /* the pattern as written: its escapes have case */
      field->regex = g_regex_new (raw, G_REGEX_CASELESS | G_REGEX_OPTIMIZE, 0, &regex_error);
      if (field->regex == NULL)
        {
          g_set_error (error, RAMO_SEARCH_ERROR, RAMO_SEARCH_ERROR_BAD_REGEX, "%s", regex_error->message);
          g_error_free (regex_error);
          _ramo_query_field_free (field);
          return NULL;
        }
    }
  return field;
}

/**
 * _ramo_projection_parse_search:
 * @search: the search text
 * @plain: (out): its plain terms, casefolded (a #GStrv)
 * @fields: (out): its fields (element-type RamoQueryField), or %NULL when it has none
 * @error: the first word that cannot be read (%RAMO_SEARCH_ERROR), or %NULL
 */
void
_ramo_projection_parse_search (const char  *search,
                               GStrv       *plain,
                               GPtrArray  **fields,
                               GError     **error)
{
  g_autoptr(GPtrArray) terms = g_ptr_array_new ();
  const char *p = search;

  *fields = NULL;
  while (*p)
    {
      const char *end;
      const char *colon;
      RamoQueryField *field = NULL;
      GError *local = NULL;

      p += strspn (p, " \t\n\r");
      if (*p == '\0')
        break;

      if (*p == '"')
        {
          end = word_end (p + 1, TRUE);
          if (end > p + 1)
            {
              g_autofree char *phrase = g_strndup (p + 1, end - p - 1);

              g_ptr_array_add (terms, g_utf8_casefold (phrase, -1));
            }
          p = *end ? end + 1 : end;
          continue;
        }

      /* /regex/: to the first unescaped slash that ends a word */
      if (*p == '/')
        {
          const char *q = p + 1;

          for (; *q; q++)
            {
              if (*q == '\\' && q[1])
                q++;
              else if (*q == '/' && (q[1] == '\0' || strchr (" \t\n\r", q[1])))
                break;
            }
          if (*q == '/' && q > p + 1)
            {
              field = make_field (RAMO_QUERY_REGEX, p + 1, q - p - 1, &local);
              p = q + 1;
              goto add;
            }
        }

      end = word_end (p, FALSE);
      colon = memchr (p, ':', end - p);
      if (colon)
        for (guint k = 0; k < G_N_ELEMENTS (field_names); k++)
          if ((gsize) (colon - p) == strlen (field_names[k]) &&
              g_ascii_strncasecmp (p, field_names[k], colon - p) == 0)
            {
              const char *value = colon + 1;

              if (*value == '"')
                {
                  value++;
                  end = word_end (value, TRUE);
                }
              if (end > value)
                field = make_field (k, value, end - value, &local);
              p = *end == '"' ? end + 1 : end;
              goto add;
            }

      {
        g_autofree char *word = g_strndup (p, end - p);

        g_ptr_array_add (terms, g_utf8_casefold (word, -1));
        p = end;
        continue;
      }

    add:
      if (local)
        {
          if (error && *error == NULL)
            g_propagate_error (error, local);
          else
            g_error_free (local);
        }
      if (field)
        {
          if (*fields == NULL)
            *fields = g_ptr_array_new_with_free_func (_ramo_query_field_free);
          g_ptr_array_add (*fields, field);
        }
    }
  g_ptr_array_add (terms, NULL);
  *plain = (GStrv) g_ptr_array_free (g_steal_pointer (&terms), FALSE);
}

/* TRUE when an entry that matches @strong surely matches @weak */
static gboolean
field_implies (const RamoQueryField *strong,
               const RamoQueryField *weak)
{
  if (strong->kind != weak->kind)
    return FALSE;
  switch (weak->kind)
    {
    case RAMO_QUERY_PATH:
    case RAMO_QUERY_LABEL:
      return strong->ascii == weak->ascii && strstr (strong->value, weak->value) != NULL;
    case RAMO_QUERY_BEFORE:
      return strong->time <= weak->time;
    case RAMO_QUERY_AFTER:
      return strong->time >= weak->time;
    case RAMO_QUERY_ROLE:
    case RAMO_QUERY_TOOL:
    case RAMO_QUERY_REGEX:
    default:
      return strcmp (strong->value, weak->value) == 0;
    }
}

/* TRUE when every field of @weak is implied by one of @strong (either may be NULL: none) */
gboolean
_ramo_query_fields_imply (GPtrArray *strong,
                          GPtrArray *weak)
{
  for (guint w = 0; weak && w < weak->len; w++)
    {
      gboolean implied = FALSE;

      for (guint s = 0; strong && s < strong->len && !implied; s++)
        implied = field_implies (g_ptr_array_index (strong, s), g_ptr_array_index (weak, w));
      if (!implied)
        return FALSE;
    }
  return TRUE;
}

static gboolean
contains (const RamoQueryField *field,
          const char           *text)
{
  g_autofree char *folded = NULL;

  if (field->ascii)
    return _ramo_projection_contains_ascii_nocase (text, strlen (text), field->value, field->len);
  folded = g_utf8_casefold (text, -1);
  return strstr (folded, field->value) != NULL;
}

static gboolean
name_matches (const char *name,
              gpointer    data)
{
  const RamoQueryField *field = data;
  g_autofree char *folded = g_utf8_casefold (name, -1);

  return strcmp (folded, field->value) == 0;
}

static gboolean
path_matches (const char *path,
              gpointer    data)
{
  return contains (data, path);
}

/* Brings the marks of the tool: and path: fields up to the @n entries and the index as it is */
void
_ramo_projection_prepare_fields (RamoProjection *self,
                                 guint           n)
{
  RamoToolIndex *index = self->manager->tool_index;
  guint n_records = _ramo_tool_index_get_n_records (index);

  for (guint i = 0; self->fields && i < self->fields->len; i++)
    {
      RamoQueryField *field = g_ptr_array_index (self->fields, i);
      gboolean by_name = field->kind == RAMO_QUERY_TOOL;

      if (!by_name && field->kind != RAMO_QUERY_PATH)
        continue;
      if (field->marks && field->n_marks >= n && field->marks_records == n_records)
        continue;
      g_free (field->marks);
      field->marks = g_new0 (guint8, MAX (n, 1));
      field->n_marks = n;
      field->marks_records = n_records;
      _ramo_tool_index_mark (index, by_name ? RAMO_TOOL_MATCH_NAME : RAMO_TOOL_MATCH_PATH,
                             by_name ? name_matches : path_matches, field, field->marks, n);
    }
}

static gboolean
role_matches (const RamoQueryField *field,
              const RamoEntry      *entry)
{
  const char *value = field->value;

  if (entry->type == RAMO_ENTRY_TYPE_MESSAGE)
    {
      if (entry->role == RAMO_MESSAGE_ROLE_TOOL_RESULT && strcmp (value, "tool") == 0)
        return TRUE;
      if (entry->role == RAMO_MESSAGE_ROLE_BASH_EXECUTION && strcmp (value, "bash") == 0)
        return TRUE;
      return ramo_entry_get_role_name (entry) && g_ascii_strcasecmp (ramo_entry_get_role_name (entry), value) == 0;
    }
  return ramo_entry_get_type_name (entry) != NULL &&
         g_ascii_strcasecmp (ramo_entry_get_type_name (entry), value) == 0;
}

/* Whether the entry at @index matches every field (the cheap tests first) */
gboolean
_ramo_projection_entry_matches_fields (RamoProjection *self,
                                       GPtrArray      *entries,
                                       guint32         index)
{
  RamoEntry *entry = g_ptr_array_index (entries, index);

  for (guint i = 0; i < self->fields->len; i++)
    {
      const RamoQueryField *field = g_ptr_array_index (self->fields, i);
      gboolean hit;

      switch (field->kind)
        {
        case RAMO_QUERY_ROLE:
          hit = role_matches (field, entry);
          break;
        case RAMO_QUERY_TOOL:
        case RAMO_QUERY_PATH:
          hit = index < field->n_marks && field->marks[index];
          break;
        case RAMO_QUERY_BEFORE:
          hit = !isnan (entry->time_ms) && entry->time_ms < field->time;
          break;
        case RAMO_QUERY_AFTER:
          hit = !isnan (entry->time_ms) && entry->time_ms >= field->time;
          break;
        case RAMO_QUERY_LABEL:
        case RAMO_QUERY_REGEX:
        default:
          hit = TRUE;   /* below */
          break;
        }
      if (!hit)
        return FALSE;
    }
  for (guint i = 0; i < self->fields->len; i++)
    {
      const RamoQueryField *field = g_ptr_array_index (self->fields, i);

      if (field->kind == RAMO_QUERY_LABEL)
        {
          const char *label = (self->kinds[index] & RAMO_KIND_LABELED)
                              ? ramo_session_manager_get_label (self->manager, entry->id) : NULL;

          if (label == NULL || !contains (field, label))
            return FALSE;
        }
      else if (field->kind == RAMO_QUERY_REGEX &&
               !g_regex_match_full (field->regex, self->texts[index], self->text_lens[index], 0, 0, NULL, NULL))
        return FALSE;
    }
  return TRUE;
}

/**
 * ramo_projection_get_search_error:
 * @self: a projection
 *
 * What could not be read in the search (#RAMO_SEARCH_ERROR: a regular expression, with the
 * compiler's message; a date, with the text given). The word is left out of the search; the
 * rest applies.
 *
 * Returns: (nullable) (transfer none): the error, or %NULL when the whole search was read
 */
const GError *
ramo_projection_get_search_error (RamoProjection *self)
{
  g_return_val_if_fail (RAMO_IS_PROJECTION (self), NULL);
  return self->search_error;
}

/**
 * ramo_projection_find_match:
 * @self: a projection
 * @from: (nullable): the entry to start after (or before), %NULL to start at an end
 * @forward: %TRUE for the next match, %FALSE for the previous one
 *
 * The next (or previous) entry the search found, in the order the tree shows its rows once
 * every row is unfolded (pre-order, the leaf's branch first), wrapping around at the ends.
 * The rows shown only for their place (the anchor a search keeps) are no matches. A layout
 * under way (ramo_projection_set_layout_in_steps()) is finished first.
 *
 * Returns: (nullable) (transfer none): the entry, or %NULL without a search or a match
 */
RamoEntry *
ramo_projection_find_match (RamoProjection  *self,
                            const RamoEntry *from,
                            gboolean         forward)
{
  GPtrArray *entries;
  guint n, start = 0;

  g_return_val_if_fail (RAMO_IS_PROJECTION (self), NULL);

  ramo_projection_finish_layout (self);
  if (!_ramo_projection_is_searching (self) || !self->order_valid || self->n_visible == 0)
    return NULL;
  n = MIN (self->n_order, self->n_rows);
  if (n == 0)
    return NULL;
  entries = _ramo_session_manager_get_entries (self->manager);
  if (from != NULL)
    for (guint p = 0; p < n; p++)
      if (self->order[p] == from->index)
        {
          start = p;
          break;
        }
  for (guint step = 1; step <= n; step++)
    {
      guint p = from == NULL ? (forward ? step - 1 : n - step)
                             : (forward ? (start + step) % n : (start + n - step % n) % n);
      guint32 i = self->order[p];

      if (i < self->n_rows && self->rows[i].visible && self->matches[i] == RAMO_MATCH_YES)
        return g_ptr_array_index (entries, i);
    }
  return NULL;
}

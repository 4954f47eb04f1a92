/* ramo-session-header.c
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

#include "ramo-js.h"
#include "ramo-json.h"
#include "ramo-session-manager-private.h"

/*
 * The lines before a session's entries: an oh-my-pi title slot, the header and its version.
 * The reader (ramo-session-reader.c) hands them here one at a time, on its calling thread.
 */

/* What pi's `header.version ?? 1` gives when it is compared with numbers (`version >= 3`,
 * `version < 2`): a missing or null version is 1, anything else goes through JavaScript's
 * ToNumber(ToPrimitive()) — "2" is 2, true is 1, [] is 0, [2] is 2, "nan", {} and [1,2] are NaN. */
static double
header_version_number (RamoScan *scan,
                       guint     node)
{
  double v;

  for (;;)
    {
      switch (ramo_scan_type (scan, node))
        {
        case RAMO_SCAN_NONE:
        case RAMO_SCAN_NULL:
          return 1;
        case RAMO_SCAN_NUMBER:
          ramo_scan_number (scan, node, &v);
          return v;
        case RAMO_SCAN_TRUE:
          return 1;
        case RAMO_SCAN_FALSE:
          return 0;
        case RAMO_SCAN_STRING:
          {
            g_autofree char *text = ramo_scan_string (scan, node, 0);
            return ramo_js_string_to_number (text);
          }
        case RAMO_SCAN_OBJECT:
          return NAN;   /* "[object Object]" */
        case RAMO_SCAN_ARRAY:
          {
            guint first = ramo_scan_node (scan, node)->first_child;

            /* the array's join(","): empty is "", one element is its own text, more have a comma */
            if (first == 0)
              return 0;
            if (ramo_scan_node (scan, first)->next != 0)
              return NAN;
            switch (ramo_scan_type (scan, first))
              {
              case RAMO_SCAN_NULL:
                return 0;                    /* null joins as "" */
              case RAMO_SCAN_TRUE:
              case RAMO_SCAN_FALSE:
                return NAN;                  /* "true", "false" */
              case RAMO_SCAN_NONE:
              case RAMO_SCAN_NUMBER:
              case RAMO_SCAN_STRING:
              case RAMO_SCAN_ARRAY:
              case RAMO_SCAN_OBJECT:
              default:
                node = first;                /* a number or string reads back as itself */
                continue;
              }
          }
        default:
          return NAN;
        }
    }
}


/* The header's `version`, as pi compares it, sets the rules the entries are read by. */
static void
read_version (RamoSessionManager *self,
              RamoScan           *scan,
              guint               line_no)
{
  guint version_node = ramo_scan_member (scan, 1, "version");
  double version = header_version_number (scan, version_node);

  /* as written in the file, for the messages */
  if (version_node)
    self->version_text = g_strndup (scan->text + ramo_scan_node (scan, version_node)->start,
                                    ramo_scan_node (scan, version_node)->end - ramo_scan_node (scan, version_node)->start);
  /* pi migrates when `version < 2` or `version < 3` and leaves a file alone when
   * `version >= 3`; a version that is not a number (NaN) is none of these, so pi reads the
   * entries as they are — as version 3 */
  if (isnan (version))
    {
      self->file_version = RAMO_SESSION_VERSION;
      self->read_only = TRUE;
      _ramo_session_manager_add_issue (self, line_no, "session format version %s is not a number; read as version %u "
                 "(as pi reads it) and opened read-only", self->version_text, RAMO_SESSION_VERSION);
    }
  else if (version > RAMO_SESSION_VERSION)
    {
      self->file_version = version >= 1000 ? 1000 : (guint) ceil (version);
      self->read_only = TRUE;
      _ramo_session_manager_add_issue (self, line_no, "session format version %s is newer than Ramo knows (%u); opened read-only",
                 self->version_text, RAMO_SESSION_VERSION);
    }
  else if (version >= 3)
    self->file_version = 3;
  else if (version >= 2)
    self->file_version = 2;
  else
    self->file_version = 1;
}

/* What is wrong with the header, in words: the issue listed at @self->header_problem_line,
 * and why a write is refused. */
static char *
describe_problem (RamoSessionManager *self,
                  const char         *type_json)
{
  g_autofree char *what = NULL;
  g_autofree char *how = NULL;
  guint line = self->header_problem_line;

  switch (self->header_problem)
    {
    case RAMO_SESSION_HEADER_MISSING:
      what = g_strdup_printf ("no session header: the file starts with entries (line %u)", line);
      break;
    case RAMO_SESSION_HEADER_DAMAGED:
      what = g_strdup_printf ("the session header (line %u) is damaged: it is not JSON", line);
      break;
    case RAMO_SESSION_HEADER_NOT_JSON:
      what = g_strdup_printf ("no session header: line %u, where it belongs, is not JSON", line);
      break;
    case RAMO_SESSION_HEADER_WRONG_TYPE:
      what = type_json
        ? g_strdup_printf ("no session header: the first object (line %u) has the type %s, not \"session\"", line, type_json)
        : g_strdup_printf ("no session header: the first object (line %u) has no type", line);
      break;
    case RAMO_SESSION_HEADER_NO_ID:
      what = g_strdup_printf ("the session header (line %u) has no string \"id\"", line);
      break;
    case RAMO_SESSION_HEADER_LATE:
      what = g_strdup_printf ("the session header is on line %u, after the entries it should come before", line);
      break;
    case RAMO_SESSION_HEADER_OK:
    default:
      g_assert_not_reached ();
    }

  if (self->header_problem == RAMO_SESSION_HEADER_NO_ID)
    how = g_strdup_printf ("the entries are read as version %u, the header's", self->file_version);
  else if (self->file_version >= 3)
    how = g_strdup ("the entries are read as version 3 (they have ids)");
  else
    how = g_strdup ("the entries are read as version 1 (they have no ids: ids are made from line numbers)");

  /* pi 1.6.0 and oh-my-pi refuse such a file; pi 0.73 replaces it with an empty session */
  return g_strdup_printf ("%s; %s", what, how);
}

static void
set_problem (RamoSessionManager       *self,
             RamoSessionHeaderProblem  problem,
             guint                     line,
             const char               *type_json)
{
  RamoLoadIssue *issue;

  self->header_problem = problem;
  self->header_problem_line = line;
  self->read_only = TRUE;
  g_free (self->read_only_reason);
  self->read_only_reason = describe_problem (self, type_json);

  /* listed where the entries start (a header found later rewrites what is listed there) */
  if (problem != RAMO_SESSION_HEADER_LATE)
    {
      self->header_issue = self->issues->len;
      _ramo_session_manager_add_issue (self, line, "%s; opened read-only", self->read_only_reason);
    }
  else
    {
      issue = g_ptr_array_index (self->issues, self->header_issue);
      g_free (issue->message);
      issue->message = g_strdup_printf ("%s; opened read-only", self->read_only_reason);
    }
}

/**
 * _ramo_session_manager_late_header:
 * @self: a session manager loading a file with no header before its entries
 * @line_no: the line of a `session` line among the entries
 *
 * A header after entries: pi reads the first line it parses as the header, so this one is
 * none; it names what is wrong, and is listed as a line skipped.
 */
void
_ramo_session_manager_late_header (RamoSessionManager *self,
                                   guint               line_no)
{
  g_assert (self->header == NULL);

  _ramo_session_manager_add_issue (self, line_no, "a session header after entries; not read as the header, and skipped");
  if (self->header_problem != RAMO_SESSION_HEADER_LATE)
    set_problem (self, RAMO_SESSION_HEADER_LATE, line_no, NULL);
}

static gboolean
is_known_type (RamoScan *scan,
               guint     type_node)
{
  const char *name;

  for (guint i = 1; (name = ramo_entry_type_to_string (i)) != NULL; i++)
    if (ramo_scan_string_equal (scan, type_node, name))
      return TRUE;
  return FALSE;
}

/* Whether the first JSON object among the lines of @rest (of a block) has a string `id` or a
 * `parentId`: the lines after an object that is neither an entry nor a header. Looks at the
 * first 64 lines at most; none is %FALSE. */
static gboolean
next_object_has_id (const char *rest,
                    gsize       rest_len)
{
  RamoScan scan;
  gboolean found = FALSE, has_id = FALSE;
  gsize pos = 0;

  ramo_scan_init (&scan);
  for (guint n = 0; n < 64 && pos < rest_len && !found; n++)
    {
      const char *nl = memchr (rest + pos, '\n', rest_len - pos);
      gsize end = nl ? (gsize) (nl - rest) : rest_len;
      const char *scan_error = NULL;

      if (ramo_scan_parse (&scan, rest + pos, end - pos, &scan_error) && ramo_scan_type (&scan, 1) == RAMO_SCAN_OBJECT)
        {
          found = TRUE;
          has_id = ramo_scan_type (&scan, ramo_scan_member (&scan, 1, "id")) == RAMO_SCAN_STRING ||
                   ramo_scan_member (&scan, 1, "parentId") != 0;
        }
      pos = end + 1;
    }
  ramo_scan_clear (&scan);
  return has_id;
}

/* A JSON object where the header belongs that is not one: the entries start here, with no
 * header. They are read as pi would read them after a header with no version (version 1)
 * when they have no ids, and as version 3 when they have them: the first entry tells, or
 * when this object is no entry (no id, no parentId, a type pi does not write), the next. */
static void
start_without_header (RamoSessionManager *self,
                      RamoScan           *scan,
                      guint               line_no,
                      const char         *rest,
                      gsize               rest_len)
{
  guint type_node = ramo_scan_member (scan, 1, "type");
  gboolean has_id = ramo_scan_type (scan, ramo_scan_member (scan, 1, "id")) == RAMO_SCAN_STRING;
  gboolean has_parent = ramo_scan_member (scan, 1, "parentId") != 0;
  gboolean known = is_known_type (scan, type_node);
  g_autofree char *type_json = type_node ? ramo_scan_to_json (scan, type_node) : NULL;
  RamoSessionHeaderProblem problem;

  if (has_id || has_parent)
    self->file_version = 3;
  else if (known)
    self->file_version = 1;
  else
    self->file_version = next_object_has_id (rest, rest_len) ? 3 : 1;

  if (self->first_bad_line > 0)
    {
      line_no = self->first_bad_line;
      problem = self->first_bad_is_header ? RAMO_SESSION_HEADER_DAMAGED : RAMO_SESSION_HEADER_NOT_JSON;
    }
  else if (has_parent || known)
    problem = RAMO_SESSION_HEADER_MISSING;   /* an entry: a type pi writes, or a place in a tree */
  else
    problem = RAMO_SESSION_HEADER_WRONG_TYPE;
  set_problem (self, problem, line_no, type_json);
}

/* A line before the session header: blank, not JSON (listed), an oh-my-pi title slot, the
 * header, or the first entry of a file with no header, read with @ex's scanner. @rest
 * (@rest_len bytes) are the lines after it in its block. */
RamoHeaderLine
_ramo_session_manager_read_header_line (RamoSessionManager *self,
                                        Extractor          *ex,
                                        LineJob            *job,
                                        const char         *line,
                                        const char         *rest,
                                        gsize               rest_len)
{
  g_autofree char *repaired = NULL;
  g_autoptr(JsonNode) root = NULL;
  RamoScan *scan = &ex->scan;
  JsonObject *object;
  guint type_node;
  gboolean has_id;

  if (_ramo_line_is_blank (line, job->len))
    return RAMO_HEADER_LINE_BEFORE;

  if (!_ramo_extractor_scan_line (ex, job, line, &repaired))
    {
      _ramo_session_manager_add_issue (self, job->line_no, "%s", job->issue);
      if (self->first_bad_line == 0)
        {
          /* a header cut short or damaged still names its type */
          self->first_bad_line = job->line_no;
          self->first_bad_is_header = g_strstr_len (line, MIN (job->len, 4096), "\"session\"") != NULL;
        }
      return RAMO_HEADER_LINE_BEFORE;
    }
  g_clear_pointer (&job->issue, g_free);

  type_node = ramo_scan_member (scan, 1, "type");
  if (ramo_scan_string_equal (scan, type_node, "title"))
    {
      _ramo_session_manager_take_title_line (self, scan, line, job->len, job->offset);
      return RAMO_HEADER_LINE_BEFORE;
    }
  if (!ramo_scan_string_equal (scan, type_node, "session"))
    {
      start_without_header (self, scan, job->line_no, rest, rest_len);
      return RAMO_HEADER_LINE_ENTRY;
    }
  has_id = ramo_scan_type (scan, ramo_scan_member (scan, 1, "id")) == RAMO_SCAN_STRING;

  /* the header is kept whole, unknown fields included; read with the scanner, which holds
   * what json-glib cannot (an escaped NUL, a lone surrogate) */
  root = ramo_scan_to_node (scan, 1);
  object = json_node_get_object (root);

  self->header = json_object_ref (object);
  self->header_text = repaired ? g_strdup (repaired) : g_strndup (line, job->len);
  self->session_id = has_id ? g_strdup (ramo_json_member_string (object, "id")) : NULL;
  self->cwd = g_strdup (ramo_json_member_string (object, "cwd"));
  read_version (self, scan, job->line_no);

  /* a header with no id is the header still (its version and folder are read), but pi and
   * oh-my-pi refuse the file */
  if (!has_id)
    set_problem (self, RAMO_SESSION_HEADER_NO_ID, job->line_no, NULL);
  return RAMO_HEADER_LINE_HEADER;
}

/* What a load finds of the header, before it starts. */
void
_ramo_session_manager_init_header_state (RamoSessionManager *self)
{
  self->header_problem = RAMO_SESSION_HEADER_OK;
  self->header_problem_line = 0;
  self->header_issue = 0;
  self->first_bad_line = 0;
  self->first_bad_is_header = FALSE;
}

/**
 * ramo_session_manager_get_read_only_reason:
 * @self: a session manager
 *
 * Why writes are refused, in words, when the header is missing or broken (the text listed
 * among the load issues at the header's line).
 *
 * Returns: (nullable): the reason, or %NULL when the header is sound
 */
const char *
ramo_session_manager_get_read_only_reason (RamoSessionManager *self)
{
  g_return_val_if_fail (RAMO_IS_SESSION_MANAGER (self), NULL);
  return self->read_only_reason;
}

/**
 * ramo_session_manager_get_header_problem:
 * @self: a session manager
 * @line: (out) (optional): the line the problem is on: the header's, the line where it
 *   belongs, or the first entry's
 *
 * What is wrong with the file's header. A session with a problem is read-only: its entries
 * are read (as version 3 when the first one has an id, else as version 1; a header with no
 * id gives its version), and nothing is written to the file.
 *
 * Returns: the problem, %RAMO_SESSION_HEADER_OK when there is none
 */
RamoSessionHeaderProblem
ramo_session_manager_get_header_problem (RamoSessionManager *self,
                                         guint              *line)
{
  g_return_val_if_fail (RAMO_IS_SESSION_MANAGER (self), RAMO_SESSION_HEADER_OK);
  if (line)
    *line = self->header_problem_line;
  return self->header_problem;
}

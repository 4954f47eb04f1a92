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


/* A line before the session header: blank, not JSON (listed), an oh-my-pi title slot, or the
 * header, read with @ex's scanner. Sets *@is_header when it was the header. */
gboolean
_ramo_session_manager_read_header_line (RamoSessionManager *self,
                                        Extractor          *ex,
                                        LineJob            *job,
                                        const char         *line,
                                        gboolean           *is_header,
                                        GError            **error)
{
  g_autofree char *repaired = NULL;
  g_autoptr(JsonNode) root = NULL;
  RamoScan *scan = &ex->scan;
  JsonObject *object;
  guint type_node;

  if (_ramo_line_is_blank (line, job->len))
    return TRUE;

  if (!_ramo_extractor_scan_line (ex, job, line, &repaired))
    {
      _ramo_session_manager_add_issue (self, job->line_no, "%s", job->issue);
      return TRUE;
    }
  g_clear_pointer (&job->issue, g_free);

  type_node = ramo_scan_member (scan, 1, "type");
  if (ramo_scan_string_equal (scan, type_node, "title"))
    {
      _ramo_session_manager_take_title_line (self, scan, line, job->len, job->offset);
      return TRUE;
    }
  if (!ramo_scan_string_equal (scan, type_node, "session"))
    {
      g_set_error (error, RAMO_SESSION_ERROR, RAMO_SESSION_ERROR_INVALID_FILE,
                   "line %u: the first line is not a session header (type \"session\")", job->line_no);
      return FALSE;
    }
  if (ramo_scan_type (scan, ramo_scan_member (scan, 1, "id")) != RAMO_SCAN_STRING)
    {
      g_set_error (error, RAMO_SESSION_ERROR, RAMO_SESSION_ERROR_INVALID_FILE,
                   "line %u: the session header has no string \"id\"", job->line_no);
      return FALSE;
    }

  /* the header is kept whole, unknown fields included; read with the scanner, which holds
   * what json-glib cannot (an escaped NUL, a lone surrogate) */
  root = ramo_scan_to_node (scan, 1);
  object = json_node_get_object (root);

  *is_header = TRUE;
  self->header = json_object_ref (object);
  self->header_text = repaired ? g_strdup (repaired) : g_strndup (line, job->len);
  self->session_id = g_strdup (ramo_json_member_string (object, "id"));
  self->cwd = g_strdup (ramo_json_member_string (object, "cwd"));

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
        _ramo_session_manager_add_issue (self, job->line_no, "session format version %s is not a number; read as version %u "
                   "(as pi reads it) and opened read-only", self->version_text, RAMO_SESSION_VERSION);
      }
    else if (version > RAMO_SESSION_VERSION)
      {
        self->file_version = version >= 1000 ? 1000 : (guint) ceil (version);
        self->read_only = TRUE;
        _ramo_session_manager_add_issue (self, job->line_no, "session format version %s is newer than Ramo knows (%u); opened read-only",
                   self->version_text, RAMO_SESSION_VERSION);
      }
    else if (version >= 3)
      self->file_version = 3;
    else if (version >= 2)
      self->file_version = 2;
    else
      self->file_version = 1;
  }
  return TRUE;
}

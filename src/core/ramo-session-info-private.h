/* ramo-session-info-private.h
 *
 * Copyright 2026 The Ramo authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "ramo-session-info.h"

G_BEGIN_DECLS

/* What a session file's summary holds; ramo-session-scan.c fills it in. */
struct _RamoSessionInfo
{
  GObject  parent_instance;

  char    *path;
  char    *session_id;
  char    *cwd;
  char    *name;
  char    *first_message;
  char    *title;
  char    *parent_session;
  char    *search_text;     /* casefolded name and first message */
  guint    n_messages;
  guint    n_branches;
  gint64   modified;        /* microseconds since the epoch */
  goffset  size;
};

G_END_DECLS

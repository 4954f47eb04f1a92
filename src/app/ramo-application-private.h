/* ramo-application-private.h
 *
 * Copyright 2026 The Ramo authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "ramo-application.h"
#include "ramo-preloads.h"
#include "ramo-session-browser.h"
#include "ramo-session-index.h"

G_BEGIN_DECLS

struct _RamoApplication
{
  AdwApplication    parent_instance;

  GSettings        *settings;   /* NULL when the schema is installed nowhere */
  RamoSessionIndex *index;      /* the session folders, read once for every browser */
  RamoPreloads     *preloads;   /* the files named on the command line, read ahead */
};

/* ramo-application-actions.c: app.about, app.quit and the actions also on D-Bus */
void                _ramo_application_actions_init       (RamoApplication *self);

/* ramo-application-links.c: win.open-parent-session and win.branched-sessions */
void                _ramo_application_links_attach       (RamoApplication *self,
                                                          RamoWindow      *window);
char               *_ramo_application_dup_parent_session (RamoWindow      *window);

RamoSessionBrowser *_ramo_application_new_browser        (RamoApplication *self,
                                                          RamoWindow      *target,
                                                          const char      *parent_session);
RamoSessionIndex   *_ramo_application_get_session_index  (RamoApplication *self);

G_END_DECLS

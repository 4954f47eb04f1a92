/* ramo-session-manager-private.h
 *
 * Copyright 2026 The Ramo authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "ramo-json-scan.h"
#include "ramo-session-manager.h"

G_BEGIN_DECLS

/* A private flag bit: the entry is on the root→leaf path. */
#define RAMO_ENTRY_FLAG_ACTIVE_PATH (1u << 15)

RamoSessionManager *_ramo_session_manager_new_from_data (const char *data,
                                                        gsize       len,
                                                        GError    **error);

GPtrArray  *_ramo_session_manager_get_entries (RamoSessionManager *self);
GHashTable *_ramo_session_manager_get_labels  (RamoSessionManager *self);

char      *_ramo_session_manager_read_line   (RamoSessionManager *self,
                                              const RamoEntry    *entry,
                                              GError            **error);
JsonObject *_ramo_session_manager_read_object (RamoSessionManager *self,
                                              const RamoEntry    *entry,
                                              GError            **error);
gboolean   _ramo_session_manager_scan_entry  (RamoSessionManager *self,
                                              const RamoEntry    *entry,
                                              RamoScan           *scan,
                                              char              **text,
                                              GError            **error);

/* for tests: called right before a migration renames its new file over the old one */
extern void (*_ramo_session_manager_before_rename_hook) (const char *path);

/* ramo-entry-display.c */
typedef struct _RamoDisplayState RamoDisplayState;
RamoDisplayState *_ramo_display_state_new     (void);
void              _ramo_display_state_free    (RamoDisplayState *state);
GPtrArray        *_ramo_display_state_get_calls (RamoDisplayState *state);
const char       *_ramo_display_state_get_call_id (RamoDisplayState *state);
const char       *_ramo_entry_compute_display (RamoDisplayState *state,
                                              GStringChunk     *strings,
                                              RamoEntry        *entry,
                                              RamoScan         *scan,
                                              guint             message);

G_END_DECLS

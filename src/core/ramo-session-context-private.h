/* ramo-session-context-private.h
 *
 * Copyright 2026 The Ramo authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "ramo-json-scan.h"
#include "ramo-session-context.h"

G_BEGIN_DECLS

/* One context item: the entry it comes from and how it is projected. */
typedef struct
{
  RamoContextItemKind  kind;
  RamoEntry           *entry;
  RamoEntry           *edit;        /* pi 1.6.0: the `context_edit` whose replacement applies */
  guint                omp_flags;   /* oh-my-pi: how the message is changed on the way */
} RamoContextItem;

struct _RamoSessionContext
{
  gatomicrefcount     ref_count;
  RamoSessionManager *manager;
  RamoDialect         dialect;
  RamoEntry          *leaf;
  GArray             *items;            /* (element-type RamoContextItem) */
  const char         *thinking_level;   /* JSON text; NULL = undefined */
  gboolean            has_model;
  const char         *provider;         /* JSON text; NULL = undefined */
  const char         *model_id;         /* JSON text; NULL = undefined */
  const char         *mode;             /* JSON text */
  const char         *mode_data;        /* JSON text or NULL */
  GPtrArray          *rules;            /* JSON texts of rule arrays */
  gpointer            omp;              /* oh-my-pi's settings, or NULL */
  GDestroyNotify      omp_free;
};

/* ramo-session-context.c */
void     _ramo_session_context_add_item      (RamoSessionContext *self,
                                              RamoContextItemKind kind,
                                              RamoEntry          *entry);
gboolean _ramo_session_context_write_pi      (RamoSessionContext *self,
                                              RamoContextItem    *item,
                                              RamoScan           *scan,
                                              GString            *out,
                                              gboolean           *skipped,
                                              GError            **error);
void     _ramo_context_write_member          (GString            *out,
                                              RamoScan           *scan,
                                              const char         *name);

/* ramo-session-context-omp.c: oh-my-pi 18.2.3's `buildSessionContext()` */
void     _ramo_session_context_build_omp     (RamoSessionContext *self,
                                              GPtrArray          *path);
gboolean _ramo_session_context_write_omp     (RamoSessionContext *self,
                                              RamoContextItem    *item,
                                              RamoScan           *scan,
                                              GString            *out,
                                              gboolean           *skipped,
                                              GError            **error);
void     _ramo_session_context_write_omp_settings (RamoSessionContext *self,
                                                   GString            *out);

G_END_DECLS

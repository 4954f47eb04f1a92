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
  guint                omp_flags;   /* oh-my-pi: how the message is changed on the way
                                     * (RamoOmpItemFlags, ramo-session-context-omp.c) */
  double               omp_time;    /* oh-my-pi: the timestamp it is given, with
                                     * RAMO_OMP_ITEM_TIME */
} RamoContextItem;

/* oh-my-pi: how an item's message is changed on the way (RamoContextItem.omp_flags) */
typedef enum
{
  /* tool calls without a result in the context are taken out, with the turn's redacted
   * thinking, and thinking signatures are cleared */
  RAMO_OMP_ITEM_STRIP = 1 << 0,
  /* omp_time is the message's timestamp */
  RAMO_OMP_ITEM_TIME  = 1 << 1,
} RamoOmpItemFlags;

/* oh-my-pi: what its context holds beyond pi's (RamoSessionContext.omp) */
typedef struct
{
  GHashTable *paired;        /* JSON texts of the `toolCallId`s of the context's tool results */
  const char *configured;    /* configuredThinkingLevel, JSON text or NULL */
  char       *service_tier;  /* serviceTier, JSON text or NULL */
  char       *models;        /* models, a JSON object */
  char       *provider;      /* models.default split at its first "/", JSON texts */
  char       *model_id;
  char       *rules;         /* the TTSR rules, one JSON array */
} RamoOmpContext;

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

/* ramo-session-context-omp-settings.c */
GArray  *_ramo_omp_models_new                (void);
void     _ramo_omp_models_add_change         (GArray             *models,
                                              RamoEntry          *entry,
                                              gboolean           *explicit_default);
void     _ramo_omp_models_add_assistant      (GArray             *models,
                                              RamoEntry          *entry);
void     _ramo_omp_models_finish             (RamoSessionContext *self,
                                              RamoOmpContext     *omp,
                                              GArray             *models);
char    *_ramo_omp_coerce_service_tier       (const char         *json);
void     _ramo_omp_add_rules                 (const char         *json,
                                              GHashTable         *seen,
                                              GString            *rules);

/* ramo-session-context-omp-write.c */
gboolean _ramo_omp_write_item                (RamoSessionContext *self,
                                              RamoContextItem    *item,
                                              RamoScan           *scan,
                                              GString            *out,
                                              GError            **error);
char    *_ramo_omp_render_context_notes      (const char         *notes);
char    *_ramo_omp_format_prompt             (const char         *text);

G_END_DECLS

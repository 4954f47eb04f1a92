/* ramo-id-index.h — the entries of a session by id
 *
 * Copyright 2026 The Ramo authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "ramo-entry.h"

G_BEGIN_DECLS

typedef struct _RamoIdIndex RamoIdIndex;

RamoIdIndex *_ramo_id_index_new      (GPtrArray   *entries);
void         _ramo_id_index_free     (RamoIdIndex *self);
guint        _ramo_id_index_size     (RamoIdIndex *self);
RamoEntry   *_ramo_id_index_lookup   (RamoIdIndex *self,
                                      const char  *id);
RamoEntry   *_ramo_id_index_insert   (RamoIdIndex *self,
                                      RamoEntry   *entry);
guint        _ramo_id_index_capacity (RamoIdIndex *self);
void         _ramo_id_index_reserve  (RamoIdIndex *self,
                                      guint        n);
guint32      _ramo_id_index_hash     (const char  *id);
void         _ramo_id_index_prefetch (RamoIdIndex *self,
                                      guint32      hash);
RamoEntry   *_ramo_id_index_insert_hashed (RamoIdIndex *self,
                                           RamoEntry   *entry,
                                           guint32      hash);

static inline gboolean
_ramo_id_index_contains (RamoIdIndex *self,
                         const char  *id)
{
  return _ramo_id_index_lookup (self, id) != NULL;
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (RamoIdIndex, _ramo_id_index_free)

G_END_DECLS

/* ramo-entry-tree.h — parents, cycles, depths and the agents' child order over the entry records
 *
 * Copyright 2026 The Ramo authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "ramo-dialect.h"
#include "ramo-entry.h"
#include "ramo-id-index.h"

G_BEGIN_DECLS

/* A private flag bit: the entry is on the root→leaf path. */
#define RAMO_ENTRY_FLAG_ACTIVE_PATH (1u << 15)

void       ramo_entry_tree_build           (GPtrArray   *entries,
                                            RamoIdIndex *by_id,
                                            GPtrArray   *roots,
                                            GPtrArray   *cut,
                                            RamoEntry ***pool,
                                            RamoDialect  dialect);
RamoEntry *ramo_entry_tree_resolve_parent  (RamoIdIndex *by_id,
                                            RamoEntry   *entry);
void       ramo_entry_tree_link_children   (GPtrArray   *entries,
                                            RamoEntry ***pool,
                                            RamoDialect  dialect);
void       ramo_entry_tree_add_child       (RamoEntry   *parent,
                                            RamoEntry   *child);
void       ramo_entry_tree_clear_children  (RamoEntry   *entry);
void       ramo_entry_tree_sort_children   (RamoEntry   *parent,
                                            RamoDialect  dialect);
void       ramo_entry_tree_sort_all        (GPtrArray   *entries,
                                            RamoDialect  dialect);
void       ramo_entry_tree_set_times       (GPtrArray   *entries,
                                            guint        from,
                                            RamoDialect  dialect);
void       ramo_entry_tree_mark_path       (RamoEntry  *leaf,
                                            gboolean    on);

G_END_DECLS

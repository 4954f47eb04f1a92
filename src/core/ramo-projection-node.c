/* ramo-projection-node.c — a row of the projection, and the list model of the rows under it
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

#include <string.h>

#include "ramo-projection-private.h"
#include "ramo-session-context.h"

/**
 * RamoProjectionNode:
 *
 * A row of a #RamoProjection: the entry it shows, and a #GListModel of the rows nested under
 * it (spec §7). A node answers for the layout it was made in, or the one
 * ramo_projection_update() last gave it; it reads its projection through a shared link that
 * the projection clears when it goes away, after which the node has no rows and no parent.
 */

static void ramo_projection_node_list_model_init (GListModelInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (RamoProjectionNode, ramo_projection_node, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_LIST_MODEL, ramo_projection_node_list_model_init))

enum {
  PROP_0,
  PROP_ID,
  PROP_TEXT,
  PROP_LABEL,
  PROP_KIND,
  PROP_TIMESTAMP,
  PROP_IS_LEAF,
  PROP_ON_ACTIVE_PATH,
  PROP_IS_BRANCH_START,
  N_PROPS
};

static GParamSpec *properties [N_PROPS];

static GType
ramo_projection_node_get_item_type (GListModel *model)
{
  return RAMO_TYPE_PROJECTION_NODE;
}

static guint
ramo_projection_node_get_n_items (GListModel *model)
{
  RamoProjectionNode *self = RAMO_PROJECTION_NODE (model);

  return self->nested ? self->nested->len : 0;
}

static gpointer
ramo_projection_node_get_item (GListModel *model,
                               guint       position)
{
  RamoProjectionNode *self = RAMO_PROJECTION_NODE (model);
  RamoProjection *projection = RAMO_PROJECTION_OF (self);

  if (self->nested == NULL || position >= self->nested->len || projection == NULL)
    return NULL;
  return g_object_ref (_ramo_projection_get_node (projection, g_ptr_array_index (self->nested, position)));
}

static void
ramo_projection_node_list_model_init (GListModelInterface *iface)
{
  iface->get_item_type = ramo_projection_node_get_item_type;
  iface->get_n_items = ramo_projection_node_get_n_items;
  iface->get_item = ramo_projection_node_get_item;
}

static void
ramo_projection_node_finalize (GObject *object)
{
  RamoProjectionNode *self = (RamoProjectionNode *)object;

  g_clear_pointer (&self->link, _ramo_projection_link_unref);
  g_clear_pointer (&self->nested, g_ptr_array_unref);

  G_OBJECT_CLASS (ramo_projection_node_parent_class)->finalize (object);
}

static void
ramo_projection_node_get_property (GObject    *object,
                                   guint       prop_id,
                                   GValue     *value,
                                   GParamSpec *pspec)
{
  RamoProjectionNode *self = RAMO_PROJECTION_NODE (object);

  switch (prop_id)
    {
    case PROP_ID:
      g_value_set_string (value, ramo_projection_node_get_id (self));
      break;
    case PROP_TEXT:
      g_value_set_string (value, ramo_projection_node_get_text (self));
      break;
    case PROP_LABEL:
      g_value_set_string (value, ramo_projection_node_get_label (self));
      break;
    case PROP_KIND:
      g_value_set_string (value, ramo_projection_node_get_kind (self));
      break;
    case PROP_TIMESTAMP:
      g_value_take_string (value, ramo_projection_node_dup_timestamp (self));
      break;
    case PROP_IS_LEAF:
      g_value_set_boolean (value, ramo_projection_node_get_is_leaf (self));
      break;
    case PROP_ON_ACTIVE_PATH:
      g_value_set_boolean (value, ramo_projection_node_get_on_active_path (self));
      break;
    case PROP_IS_BRANCH_START:
      g_value_set_boolean (value, ramo_projection_node_get_is_branch_start (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ramo_projection_node_class_init (RamoProjectionNodeClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = ramo_projection_node_finalize;
  object_class->get_property = ramo_projection_node_get_property;

  properties [PROP_ID] =
    g_param_spec_string ("id", NULL, NULL, NULL, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties [PROP_TEXT] =
    g_param_spec_string ("text", NULL, NULL, NULL, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties [PROP_LABEL] =
    g_param_spec_string ("label", NULL, NULL, NULL, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties [PROP_KIND] =
    g_param_spec_string ("kind", NULL, NULL, NULL, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties [PROP_TIMESTAMP] =
    g_param_spec_string ("timestamp", NULL, NULL, NULL, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties [PROP_IS_LEAF] =
    g_param_spec_boolean ("is-leaf", NULL, NULL, FALSE, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties [PROP_ON_ACTIVE_PATH] =
    g_param_spec_boolean ("on-active-path", NULL, NULL, FALSE, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties [PROP_IS_BRANCH_START] =
    g_param_spec_boolean ("is-branch-start", NULL, NULL, FALSE, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
ramo_projection_node_init (RamoProjectionNode *self)
{
}

/**
 * ramo_projection_node_get_entry:
 * @self: a node
 *
 * Returns: (transfer none): the entry this row shows
 */
RamoEntry *
ramo_projection_node_get_entry (RamoProjectionNode *self)
{
  g_return_val_if_fail (RAMO_IS_PROJECTION_NODE (self), NULL);
  return self->entry;
}

/**
 * ramo_projection_node_get_parent:
 * @self: a node
 *
 * Returns: (transfer none) (nullable): the row this one is nested under, %NULL at top level
 */
RamoProjectionNode *
ramo_projection_node_get_parent (RamoProjectionNode *self)
{
  g_return_val_if_fail (RAMO_IS_PROJECTION_NODE (self), NULL);
  if (self->owner == NULL || RAMO_PROJECTION_OF (self) == NULL)
    return NULL;
  return _ramo_projection_get_node (RAMO_PROJECTION_OF (self), self->owner);
}

/**
 * ramo_projection_node_get_id:
 * @self: a node
 *
 * Returns: the entry's id
 */
const char *
ramo_projection_node_get_id (RamoProjectionNode *self)
{
  g_return_val_if_fail (RAMO_IS_PROJECTION_NODE (self), NULL);
  return self->entry->id;
}

/**
 * ramo_projection_node_get_text:
 * @self: a node
 *
 * Returns: the entry's one-line display text (spec §7); plain text, never markup
 */
const char *
ramo_projection_node_get_text (RamoProjectionNode *self)
{
  g_return_val_if_fail (RAMO_IS_PROJECTION_NODE (self), NULL);
  return self->entry->display;
}

/**
 * ramo_projection_node_get_label:
 * @self: a node
 *
 * Returns: (nullable): the entry's current label
 */
const char *
ramo_projection_node_get_label (RamoProjectionNode *self)
{
  g_return_val_if_fail (RAMO_IS_PROJECTION_NODE (self), NULL);
  if (RAMO_PROJECTION_OF (self) == NULL)
    return NULL;
  return ramo_session_manager_get_label (RAMO_PROJECTION_OF (self)->manager, self->entry->id);
}

/**
 * ramo_projection_node_get_label_time:
 * @self: a node
 *
 * Returns: (nullable): the `timestamp` of the label entry that set the entry's label
 *   (ramo_session_manager_get_label_time())
 */
const char *
ramo_projection_node_get_label_time (RamoProjectionNode *self)
{
  g_return_val_if_fail (RAMO_IS_PROJECTION_NODE (self), NULL);
  if (RAMO_PROJECTION_OF (self) == NULL)
    return NULL;
  return ramo_session_manager_get_label_time (RAMO_PROJECTION_OF (self)->manager, self->entry->id);
}

/**
 * ramo_projection_node_get_context_edit:
 * @self: a node
 *
 * Returns: (transfer none) (nullable): the latest `context_edit` of the entry on any branch
 *   (see ramo_session_manager_get_context_edit())
 */
RamoEntry *
ramo_projection_node_get_context_edit (RamoProjectionNode *self)
{
  g_return_val_if_fail (RAMO_IS_PROJECTION_NODE (self), NULL);
  if (RAMO_PROJECTION_OF (self) == NULL)
    return NULL;
  return ramo_session_manager_get_context_edit (RAMO_PROJECTION_OF (self)->manager, self->entry->id);
}

/**
 * ramo_projection_node_get_kind:
 * @self: a node
 *
 * The style of the row: `user`, `assistant`, `tool`, `bash`, `summary`, `compaction`, `custom`,
 * `settings` (model, thinking level, label, session name) or `other`.
 *
 * Returns: the kind
 */
const char *
ramo_projection_node_get_kind (RamoProjectionNode *self)
{
  RamoEntry *entry;

  g_return_val_if_fail (RAMO_IS_PROJECTION_NODE (self), NULL);

  entry = self->entry;
  switch ((RamoEntryType) entry->type)
    {
    case RAMO_ENTRY_TYPE_MESSAGE:
      switch ((RamoMessageRole) entry->role)
        {
        case RAMO_MESSAGE_ROLE_USER: return "user";
        case RAMO_MESSAGE_ROLE_ASSISTANT: return "assistant";
        case RAMO_MESSAGE_ROLE_TOOL_RESULT: return "tool";
        case RAMO_MESSAGE_ROLE_BASH_EXECUTION: return "bash";
        case RAMO_MESSAGE_ROLE_CUSTOM: return "custom";
        case RAMO_MESSAGE_ROLE_NONE:
        case RAMO_MESSAGE_ROLE_OTHER:
        default: return "other";
        }
    case RAMO_ENTRY_TYPE_BRANCH_SUMMARY: return "summary";
    case RAMO_ENTRY_TYPE_COMPACTION: return "compaction";
    case RAMO_ENTRY_TYPE_CUSTOM:
    case RAMO_ENTRY_TYPE_CUSTOM_MESSAGE: return "custom";
    case RAMO_ENTRY_TYPE_MODEL_CHANGE:
    case RAMO_ENTRY_TYPE_THINKING_LEVEL_CHANGE:
    case RAMO_ENTRY_TYPE_LABEL:
    case RAMO_ENTRY_TYPE_SESSION_INFO: return "settings";
    case RAMO_ENTRY_TYPE_UNKNOWN:
    default: return "other";
    }
}

/**
 * ramo_projection_node_dup_timestamp:
 * @self: a node
 *
 * Returns: (transfer full) (nullable): the entry's timestamp as written in the file
 *   (ramo_entry_dup_timestamp())
 */
char *
ramo_projection_node_dup_timestamp (RamoProjectionNode *self)
{
  g_return_val_if_fail (RAMO_IS_PROJECTION_NODE (self), NULL);
  return ramo_entry_dup_timestamp (self->entry);
}

/**
 * ramo_projection_node_get_is_leaf:
 * @self: a node
 *
 * Returns: %TRUE when the entry is the session's current leaf
 */
gboolean
ramo_projection_node_get_is_leaf (RamoProjectionNode *self)
{
  g_return_val_if_fail (RAMO_IS_PROJECTION_NODE (self), FALSE);
  return RAMO_PROJECTION_OF (self) && ramo_session_manager_get_leaf (RAMO_PROJECTION_OF (self)->manager) == self->entry;
}

/**
 * ramo_projection_node_get_on_active_path:
 * @self: a node
 *
 * Returns: %TRUE when the entry is on the path root→leaf
 */
gboolean
ramo_projection_node_get_on_active_path (RamoProjectionNode *self)
{
  g_return_val_if_fail (RAMO_IS_PROJECTION_NODE (self), FALSE);
  return (self->entry->flags & RAMO_ENTRY_FLAG_ACTIVE_PATH) != 0;
}

/**
 * ramo_projection_node_get_is_branch_start:
 * @self: a node
 *
 * Returns: %TRUE when the row starts a branch (one of several children, or one of several roots)
 */
gboolean
ramo_projection_node_get_is_branch_start (RamoProjectionNode *self)
{
  g_return_val_if_fail (RAMO_IS_PROJECTION_NODE (self), FALSE);
  return RAMO_PROJECTION_OF (self) && self->entry->index < RAMO_PROJECTION_OF (self)->n_rows &&
         RAMO_PROJECTION_OF (self)->rows[self->entry->index].branch_start;
}

/**
 * ramo_projection_node_has_children:
 * @self: a node
 *
 * Returns: %TRUE when rows are nested under this one (it can be folded)
 */
gboolean
ramo_projection_node_has_children (RamoProjectionNode *self)
{
  g_return_val_if_fail (RAMO_IS_PROJECTION_NODE (self), FALSE);
  return self->nested != NULL && self->nested->len > 0;
}

/* Gives @node its place in the current layout: the row whose list holds it, and its own list. */
void
_ramo_projection_node_set_layout (RamoProjectionNode *node,
                                  const RamoRowInfo  *info)
{
  node->owner = info->owner;
  g_clear_pointer (&node->nested, g_ptr_array_unref);
  node->nested = info->nested ? g_ptr_array_ref (info->nested) : NULL;
}

/* The row of @entry, which must have one in the current layout: made the first time asked for,
 * and kept until the layout changes. */
RamoProjectionNode *
_ramo_projection_get_node (RamoProjection *self,
                           RamoEntry      *entry)
{
  RamoProjectionNode *node = _ramo_node_table_lookup (&self->nodes, entry);

  if (node == NULL)
    {
      RamoRowInfo *info = &self->rows[entry->index];

      node = g_object_new (RAMO_TYPE_PROJECTION_NODE, NULL);
      node->link = _ramo_projection_link_ref (self->link);
      node->entry = entry;
      _ramo_projection_node_set_layout (node, info);
      node->on_path = (entry->flags & RAMO_ENTRY_FLAG_ACTIVE_PATH) != 0;
      node->is_leaf = ramo_session_manager_get_leaf (self->manager) == entry;
      _ramo_node_table_insert (&self->nodes, entry, node);
    }
  return node;
}

/* Takes @node (its reference) as @entry's row; the page of its slot is made if it was not. */
void
_ramo_node_table_insert (RamoNodeTable      *table,
                         const RamoEntry    *entry,
                         RamoProjectionNode *node)
{
  guint page = entry->index >> RAMO_NODE_PAGE_BITS;
  RamoProjectionNode **slot;

  if (page >= table->n_pages)
    {
      guint n = MAX (page + 1, table->n_pages * 2);

      table->pages = g_renew (RamoProjectionNode **, table->pages, n);
      memset (table->pages + table->n_pages, 0, (n - table->n_pages) * sizeof *table->pages);
      table->n_pages = n;
    }
  if (table->pages[page] == NULL)
    table->pages[page] = g_new0 (RamoProjectionNode *, RAMO_NODE_PAGE_SIZE);
  slot = _ramo_node_table_slot (table, entry->index);
  if (*slot != NULL)
    g_object_unref (*slot);
  else
    table->n_nodes++;
  *slot = node;
}

/* Drops the row at @index, if any. */
void
_ramo_node_table_remove (RamoNodeTable *table,
                         guint          index)
{
  RamoProjectionNode **slot = _ramo_node_table_slot (table, index);

  if (slot == NULL || *slot == NULL)
    return;
  g_clear_object (slot);
  table->n_nodes--;
}

/* Drops every row; the table keeps its pages. */
void
_ramo_node_table_clear (RamoNodeTable *table)
{
  RamoProjectionNode *node;

  RAMO_NODE_TABLE_FOREACH (table, i, seen, node)
    {
      *_ramo_node_table_slot (table, i) = NULL;
      g_object_unref (node);
    }
  table->n_nodes = 0;
}

/* Drops every row and lets go of the pages. */
void
_ramo_node_table_release (RamoNodeTable *table)
{
  _ramo_node_table_clear (table);
  for (guint p = 0; p < table->n_pages; p++)
    g_free (table->pages[p]);
  g_clear_pointer (&table->pages, g_free);
  table->n_pages = 0;
}

/* Moves the rows to a new table (for _ramo_node_table_free(), in any thread: a row holds only
 * memory and references dropped atomically), leaving @table empty. */
RamoNodeTable *
_ramo_node_table_steal (RamoNodeTable *table)
{
  RamoNodeTable *stolen = g_new (RamoNodeTable, 1);

  *stolen = *table;
  memset (table, 0, sizeof *table);
  return stolen;
}

void
_ramo_node_table_free (RamoNodeTable *table)
{
  _ramo_node_table_release (table);
  g_free (table);
}

/* Tells the views of a row that it joined or left the active path, or became or stopped
 * being the leaf, since they last heard. */
void
_ramo_projection_node_sync_path_state (RamoProjectionNode *node,
                                       RamoSessionManager *manager)
{
  gboolean on_path = (node->entry->flags & RAMO_ENTRY_FLAG_ACTIVE_PATH) != 0;
  gboolean is_leaf = ramo_session_manager_get_leaf (manager) == node->entry;

  if (node->on_path == on_path && node->is_leaf == is_leaf)
    return;
  node->on_path = on_path;
  node->is_leaf = is_leaf;
  g_object_notify_by_pspec (G_OBJECT (node), properties [PROP_ON_ACTIVE_PATH]);
  g_object_notify_by_pspec (G_OBJECT (node), properties [PROP_IS_LEAF]);
}


/* Tells the views of a row that its entry's label changed. */
void
_ramo_projection_node_notify_label (RamoProjectionNode *node)
{
  g_object_notify_by_pspec (G_OBJECT (node), properties [PROP_LABEL]);
}

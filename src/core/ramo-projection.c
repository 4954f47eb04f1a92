/* ramo-projection.c
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
#ifdef __SSE2__
#include <emmintrin.h>
#endif

#include "ramo-projection.h"
#include "ramo-projection-private.h"
#include "ramo-session-manager-private.h"

/**
 * RamoProjection:
 *
 * The session tree as the tree view shows it (spec §7, the layout of pi's /tree): the entries
 * the filter and the search let through, each hung under its nearest visible ancestor, laid out
 * so that a chain of single children stays in one list, and a node with several children gets
 * one nested list of branch starts, each of which nests the rest of its branch. The branch that
 * holds the leaf comes first, at every branch point and among several roots.
 *
 * The projection is a #GListModel of its top-level rows; each row is a #RamoProjectionNode, a
 * #GListModel of the rows nested under it — ready for a `GtkTreeListModel`, without knowing GTK.
 * Changing the filter or the search rebuilds the layout from the session's indexes (no file
 * access) and emits #GListModel::items-changed for the whole top level.
 */

/* The nodes' link to their projection: one shared, reference-counted cell that the projection
 * clears when it goes away. (A weak pointer per node costs time quadratic in the number of
 * nodes when they are released together.) */
typedef struct
{
  gatomicrefcount  ref_count;
  RamoProjection  *projection;
} ProjectionLink;

static ProjectionLink *
projection_link_ref (ProjectionLink *link)
{
  g_atomic_ref_count_inc (&link->ref_count);
  return link;
}

static void
projection_link_unref (ProjectionLink *link)
{
  if (g_atomic_ref_count_dec (&link->ref_count))
    g_free (link);
}

typedef struct
{
  GPtrArray *nested;           /* (element-type RamoEntry) rows nested under this one, or NULL */
  RamoEntry *owner;            /* the row whose nested list holds this one, NULL at top level */
  guint      position;         /* position in that list */
  guint8     visible : 1;
  guint8     branch_start : 1;
} RowInfo;

struct _RamoProjection
{
  GObject             parent_instance;

  RamoSessionManager *manager;
  RamoFilterMode      filter;
  char               *search;
  GStrv               terms;       /* casefolded */
  gboolean           *term_is_ascii;
  gsize              *term_lens;

  RowInfo            *rows;        /* by entry index */
  guint               n_rows;

  /* What the layouts remember between them, by entry index (see sync_caches()) */
  guint8             *kinds;       /* KIND_* */
  guint8             *matches;     /* MATCH_*: whether the entry matches `terms` */
  const char        **texts;       /* the entry's display text, and its length: the search */
  guint32            *text_lens;   /* reads these, not the entries */
  guint               n_known;     /* entries looked at so far */
  guint               n_cache_alloc;
  guint32            *order;       /* the tree's entries (by index) in pre-order, active branch first */
  guint32            *order_parent;/* the position + 1 in `order` of each one's parent, 0 for a root */
  guint               n_order;
  guint               n_order_alloc;
  gboolean            order_valid; /* for order_n entries and order_leaf */
  guint               order_n;
  RamoEntry          *order_leaf;
  guint32            *scratch;     /* the layout's work arrays, kept to spare page faults */
  gsize               n_scratch;
  GPtrArray          *top;         /* (element-type RamoEntry) */
  GHashTable         *nodes;       /* RamoEntry → RamoProjectionNode (strong) */
  guint               nodes_behind : 1;  /* some rows made before still answer for an older layout */
  guint               keep_if_same : 1;  /* the next rebuild keeps the rows if the layout is the same */
  ProjectionLink     *link;
  guint               n_visible;
  guint               generation;
};

#define PROJECTION_OF(node) ((node)->link ? (node)->link->projection : NULL)

struct _RamoProjectionNode
{
  GObject         parent_instance;

  ProjectionLink *link;
  RamoEntry      *entry;
  RamoEntry      *owner;
  GPtrArray      *nested;          /* snapshot of the layout when the node was made */
  guint           on_path : 1;     /* the path state its views last heard of */
  guint           is_leaf : 1;
};

static void ramo_projection_list_model_init (GListModelInterface *iface);
static void ramo_projection_node_list_model_init (GListModelInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (RamoProjection, ramo_projection, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_LIST_MODEL, ramo_projection_list_model_init))
G_DEFINE_FINAL_TYPE_WITH_CODE (RamoProjectionNode, ramo_projection_node, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_LIST_MODEL, ramo_projection_node_list_model_init))

enum {
  PROP_0,
  PROP_FILTER,
  PROP_SEARCH,
  PROP_N_VISIBLE,
  N_PROPS
};

enum {
  NODE_PROP_0,
  NODE_PROP_ID,
  NODE_PROP_TEXT,
  NODE_PROP_LABEL,
  NODE_PROP_KIND,
  NODE_PROP_TIMESTAMP,
  NODE_PROP_IS_LEAF,
  NODE_PROP_ON_ACTIVE_PATH,
  NODE_PROP_IS_BRANCH_START,
  NODE_N_PROPS
};

enum {
  REBUILT,
  N_SIGNALS
};

static GParamSpec *properties [N_PROPS];
static GParamSpec *node_properties [NODE_N_PROPS];
static guint signals [N_SIGNALS];

static const char * const filter_names[] = {
  [RAMO_FILTER_DEFAULT] = "default",
  [RAMO_FILTER_NO_TOOLS] = "no-tools",
  [RAMO_FILTER_USER_ONLY] = "user-only",
  [RAMO_FILTER_LABELED_ONLY] = "labeled-only",
  [RAMO_FILTER_ALL] = "all",
};

/**
 * ramo_filter_mode_from_string:
 * @name: `default`, `no-tools`, `user-only`, `labeled-only` or `all`
 * @mode: (out): the mode
 *
 * Returns: %TRUE when @name is a filter mode
 */
gboolean
ramo_filter_mode_from_string (const char     *name,
                              RamoFilterMode *mode)
{
  for (guint i = 0; i < G_N_ELEMENTS (filter_names); i++)
    if (g_strcmp0 (name, filter_names[i]) == 0)
      {
        *mode = i;
        return TRUE;
      }
  return FALSE;
}

/**
 * ramo_filter_mode_to_string:
 * @mode: a filter mode
 *
 * Returns: the mode's name, as ramo_filter_mode_from_string() takes it
 */
const char *
ramo_filter_mode_to_string (RamoFilterMode mode)
{
  g_return_val_if_fail ((guint) mode < G_N_ELEMENTS (filter_names), NULL);
  return filter_names[mode];
}

/* ------------------------------------------------------------------------------------------ */
/* Nodes                                                                                       */

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

static RamoProjectionNode *get_node (RamoProjection *self,
                                     RamoEntry      *entry);
static void rebuild_layout (RamoProjection *self,
                            gboolean        incremental);

static gpointer
ramo_projection_node_get_item (GListModel *model,
                               guint       position)
{
  RamoProjectionNode *self = RAMO_PROJECTION_NODE (model);

  if (self->nested == NULL || position >= self->nested->len || PROJECTION_OF (self) == NULL)
    return NULL;
  return g_object_ref (get_node (PROJECTION_OF (self), g_ptr_array_index (self->nested, position)));
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

  g_clear_pointer (&self->link, projection_link_unref);
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
    case NODE_PROP_ID:
      g_value_set_string (value, ramo_projection_node_get_id (self));
      break;
    case NODE_PROP_TEXT:
      g_value_set_string (value, ramo_projection_node_get_text (self));
      break;
    case NODE_PROP_LABEL:
      g_value_set_string (value, ramo_projection_node_get_label (self));
      break;
    case NODE_PROP_KIND:
      g_value_set_string (value, ramo_projection_node_get_kind (self));
      break;
    case NODE_PROP_TIMESTAMP:
      g_value_set_string (value, ramo_projection_node_get_timestamp (self));
      break;
    case NODE_PROP_IS_LEAF:
      g_value_set_boolean (value, ramo_projection_node_get_is_leaf (self));
      break;
    case NODE_PROP_ON_ACTIVE_PATH:
      g_value_set_boolean (value, ramo_projection_node_get_on_active_path (self));
      break;
    case NODE_PROP_IS_BRANCH_START:
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

  node_properties [NODE_PROP_ID] =
    g_param_spec_string ("id", NULL, NULL, NULL, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  node_properties [NODE_PROP_TEXT] =
    g_param_spec_string ("text", NULL, NULL, NULL, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  node_properties [NODE_PROP_LABEL] =
    g_param_spec_string ("label", NULL, NULL, NULL, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  node_properties [NODE_PROP_KIND] =
    g_param_spec_string ("kind", NULL, NULL, NULL, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  node_properties [NODE_PROP_TIMESTAMP] =
    g_param_spec_string ("timestamp", NULL, NULL, NULL, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  node_properties [NODE_PROP_IS_LEAF] =
    g_param_spec_boolean ("is-leaf", NULL, NULL, FALSE, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  node_properties [NODE_PROP_ON_ACTIVE_PATH] =
    g_param_spec_boolean ("on-active-path", NULL, NULL, FALSE, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  node_properties [NODE_PROP_IS_BRANCH_START] =
    g_param_spec_boolean ("is-branch-start", NULL, NULL, FALSE, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);

  g_object_class_install_properties (object_class, NODE_N_PROPS, node_properties);
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
  if (self->owner == NULL || PROJECTION_OF (self) == NULL)
    return NULL;
  return get_node (PROJECTION_OF (self), self->owner);
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
  if (PROJECTION_OF (self) == NULL)
    return NULL;
  return ramo_session_manager_get_label (PROJECTION_OF (self)->manager, self->entry->id);
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
 * ramo_projection_node_get_timestamp:
 * @self: a node
 *
 * Returns: (nullable): the entry's timestamp as written in the file
 */
const char *
ramo_projection_node_get_timestamp (RamoProjectionNode *self)
{
  g_return_val_if_fail (RAMO_IS_PROJECTION_NODE (self), NULL);
  return self->entry->timestamp;
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
  return PROJECTION_OF (self) && ramo_session_manager_get_leaf (PROJECTION_OF (self)->manager) == self->entry;
}

/**
 * ramo_projection_node_get_shows_leaf:
 * @self: a node
 *
 * Whether the row is the one that shows where the leaf is: the leaf's own row, or, when the
 * filter or the search hides the leaf, the row of its nearest ancestor that has one.
 *
 * Returns: %TRUE when the entry is ramo_projection_nearest_visible() of the leaf
 */
gboolean
ramo_projection_node_get_shows_leaf (RamoProjectionNode *self)
{
  RamoProjection *projection;

  g_return_val_if_fail (RAMO_IS_PROJECTION_NODE (self), FALSE);
  projection = PROJECTION_OF (self);
  return projection != NULL &&
         ramo_projection_nearest_visible (projection, ramo_session_manager_get_leaf (projection->manager)) == self->entry;
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
  return PROJECTION_OF (self) && self->entry->index < PROJECTION_OF (self)->n_rows &&
         PROJECTION_OF (self)->rows[self->entry->index].branch_start;
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

/**
 * ramo_projection_dup_unfoldable:
 * @self: a projection
 * @parent: (nullable): a row of @self, or %NULL for the top level
 *
 * Finds the rows of a list that have rows nested under them, without making objects for the
 * others (a view that unfolds only these need not look at the tens of thousands of plain rows
 * of a long session). For @parent, the list is the one @parent answers for as a #GListModel.
 *
 * Returns: (transfer full) (element-type guint): positions in the list, ascending
 */
GArray *
ramo_projection_dup_unfoldable (RamoProjection     *self,
                                RamoProjectionNode *parent)
{
  GArray *positions = g_array_new (FALSE, FALSE, sizeof (guint));
  GPtrArray *list;

  g_return_val_if_fail (RAMO_IS_PROJECTION (self), positions);
  g_return_val_if_fail (parent == NULL || RAMO_IS_PROJECTION_NODE (parent), positions);

  if (parent != NULL && PROJECTION_OF (parent) != self)
    return positions;
  list = parent ? parent->nested : self->top;
  for (guint i = 0; list != NULL && i < list->len; i++)
    {
      RamoEntry *entry = g_ptr_array_index (list, i);
      RamoProjectionNode *node = NULL;
      GPtrArray *nested;

      /* A row made before answers for the layout it was made in. Rows are made over the
       * current layout, and ramo_projection_update() gives the rows it keeps their new lists
       * before it is done: only meanwhile can a row's list differ from the layout's. */
      if (self->nodes_behind)
        node = g_hash_table_lookup (self->nodes, entry);
      if (node != NULL)
        nested = node->nested;
      else
        nested = entry->index < self->n_rows ? self->rows[entry->index].nested : NULL;
      if (nested != NULL && nested->len > 0)
        g_array_append_val (positions, i);
    }
  return positions;
}

/* Gives @node its place in the current layout: the row whose list holds it, and its own list. */
static void
node_set_layout (RamoProjectionNode *node,
                 const RowInfo      *info)
{
  node->owner = info->owner;
  g_clear_pointer (&node->nested, g_ptr_array_unref);
  node->nested = info->nested ? g_ptr_array_ref (info->nested) : NULL;
}

static RamoProjectionNode *
get_node (RamoProjection *self,
          RamoEntry      *entry)
{
  RamoProjectionNode *node = g_hash_table_lookup (self->nodes, entry);

  if (node == NULL)
    {
      RowInfo *info = &self->rows[entry->index];

      node = g_object_new (RAMO_TYPE_PROJECTION_NODE, NULL);
      node->link = projection_link_ref (self->link);
      node->entry = entry;
      node_set_layout (node, info);
      node->on_path = (entry->flags & RAMO_ENTRY_FLAG_ACTIVE_PATH) != 0;
      node->is_leaf = ramo_session_manager_get_leaf (self->manager) == entry;
      g_hash_table_insert (self->nodes, entry, node);
    }
  return node;
}

/* Tells the views of a row that it joined or left the active path, or became or stopped
 * being the leaf, since they last heard. */
static void
sync_path_state (RamoProjection     *self,
                 RamoProjectionNode *node)
{
  gboolean on_path = (node->entry->flags & RAMO_ENTRY_FLAG_ACTIVE_PATH) != 0;
  gboolean is_leaf = ramo_session_manager_get_leaf (self->manager) == node->entry;

  if (node->on_path == on_path && node->is_leaf == is_leaf)
    return;
  node->on_path = on_path;
  node->is_leaf = is_leaf;
  g_object_notify_by_pspec (G_OBJECT (node), node_properties [NODE_PROP_ON_ACTIVE_PATH]);
  g_object_notify_by_pspec (G_OBJECT (node), node_properties [NODE_PROP_IS_LEAF]);
}

/* ------------------------------------------------------------------------------------------ */
/* The projection                                                                              */

static GType
ramo_projection_get_item_type (GListModel *model)
{
  return RAMO_TYPE_PROJECTION_NODE;
}

static guint
ramo_projection_get_n_items (GListModel *model)
{
  RamoProjection *self = RAMO_PROJECTION (model);

  return self->top ? self->top->len : 0;
}

static gpointer
ramo_projection_get_item (GListModel *model,
                          guint       position)
{
  RamoProjection *self = RAMO_PROJECTION (model);

  if (self->top == NULL || position >= self->top->len)
    return NULL;
  return g_object_ref (get_node (self, g_ptr_array_index (self->top, position)));
}

static void
ramo_projection_list_model_init (GListModelInterface *iface)
{
  iface->get_item_type = ramo_projection_get_item_type;
  iface->get_n_items = ramo_projection_get_n_items;
  iface->get_item = ramo_projection_get_item;
}

static void
free_row_infos (RowInfo *rows,
                guint    n_rows)
{
  for (guint i = 0; i < n_rows; i++)
    g_clear_pointer (&rows[i].nested, g_ptr_array_unref);
  g_free (rows);
}

static void
free_rows (RamoProjection *self)
{
  free_row_infos (g_steal_pointer (&self->rows), self->n_rows);
  self->n_rows = 0;
  g_clear_pointer (&self->top, g_ptr_array_unref);
}

/* What the filter modes need to know of an entry, one bit each: the modes that let it through
 * (1 << RamoFilterMode), and whether it is an assistant turn with no text of its own, which pi
 * hides in every mode unless it ended abnormally or is the leaf. KIND_LABELED follows the
 * labels (see sync_caches()). */
enum
{
  KIND_DEFAULT   = 1 << RAMO_FILTER_DEFAULT,
  KIND_NO_TOOLS  = 1 << RAMO_FILTER_NO_TOOLS,
  KIND_USER_ONLY = 1 << RAMO_FILTER_USER_ONLY,
  KIND_LABELED   = 1 << RAMO_FILTER_LABELED_ONLY,
  KIND_ALL       = 1 << RAMO_FILTER_ALL,
  KIND_TEXTLESS  = 1 << 5,
};

static guint8
entry_kinds_unlabeled (RamoEntry *entry)
{
  guint8 kinds = KIND_ALL;

  if (entry->type == RAMO_ENTRY_TYPE_MESSAGE && entry->role == RAMO_MESSAGE_ROLE_ASSISTANT &&
      !(entry->flags & (RAMO_ENTRY_FLAG_HAS_TEXT | RAMO_ENTRY_FLAG_ABORTED | RAMO_ENTRY_FLAG_ERROR)))
    kinds |= KIND_TEXTLESS;

  if (entry->type == RAMO_ENTRY_TYPE_MESSAGE && entry->role == RAMO_MESSAGE_ROLE_USER)
    kinds |= KIND_USER_ONLY;

  /* the default filter hides labels, custom entries and settings; "no tools" tool results too */
  switch ((RamoEntryType) entry->type)
    {
    case RAMO_ENTRY_TYPE_LABEL:
    case RAMO_ENTRY_TYPE_CUSTOM:
    case RAMO_ENTRY_TYPE_MODEL_CHANGE:
    case RAMO_ENTRY_TYPE_THINKING_LEVEL_CHANGE:
    case RAMO_ENTRY_TYPE_SESSION_INFO:
    case RAMO_ENTRY_TYPE_UNKNOWN:
      break;
    case RAMO_ENTRY_TYPE_MESSAGE:
      kinds |= KIND_DEFAULT;
      if (entry->role != RAMO_MESSAGE_ROLE_TOOL_RESULT)
        kinds |= KIND_NO_TOOLS;
      break;
    case RAMO_ENTRY_TYPE_COMPACTION:
    case RAMO_ENTRY_TYPE_BRANCH_SUMMARY:
    case RAMO_ENTRY_TYPE_CUSTOM_MESSAGE:
    default:
      kinds |= KIND_DEFAULT | KIND_NO_TOOLS;
      break;
    }
  return kinds;
}

static guint8
entry_kinds (RamoProjection *self,
             RamoEntry      *entry)
{
  guint8 kinds = entry_kinds_unlabeled (entry);

  if (ramo_session_manager_get_label (self->manager, entry->id) != NULL)
    kinds |= KIND_LABELED;
  return kinds;
}

static inline gboolean
kinds_pass_filter (guint8         kinds,
                   RamoFilterMode filter,
                   gboolean       is_leaf)
{
  return (kinds & (1u << filter)) != 0 && (!(kinds & KIND_TEXTLESS) || is_leaf);
}

/* Whether an entry matches the search terms, as far as known: the layouts test the entries
 * the filter lets through when they find MATCH_UNKNOWN, and a change of the search keeps what
 * it can (see update_matches()). */
enum
{
  MATCH_NO,
  MATCH_YES,
  MATCH_UNKNOWN,
};

static void
forget_caches (RamoProjection *self)
{
  g_clear_pointer (&self->kinds, g_free);
  g_clear_pointer (&self->matches, g_free);
  g_clear_pointer (&self->texts, g_free);
  g_clear_pointer (&self->text_lens, g_free);
  self->n_known = 0;
  self->n_cache_alloc = 0;
  g_clear_pointer (&self->order, g_free);
  g_clear_pointer (&self->order_parent, g_free);
  self->n_order = 0;
  self->n_order_alloc = 0;
  self->order_valid = FALSE;
  self->order_leaf = NULL;
  g_clear_pointer (&self->scratch, g_free);
  self->n_scratch = 0;
}

/* Brings the caches up to the session's @n entries. Entries keep what they are (type, role,
 * flags, display text) once indexed; only their labels change, through label lines, which
 * are entries too: the entries a new label line names are looked at again, by id, as labels
 * go (an entry that a later line with the same id shadows shares its label). */
static void
sync_caches (RamoProjection *self,
             GPtrArray      *entries,
             guint           n)
{
  g_autoptr(GHashTable) relabeled = NULL;
  GHashTable *labels;
  gboolean by_labels;
  guint n_old = self->n_known;

  if (n < n_old)
    {
      /* entries never go away but through a reload */
      forget_caches (self);
      n_old = 0;
    }
  if (n > self->n_cache_alloc)
    {
      guint alloc = MAX (n, self->n_cache_alloc + self->n_cache_alloc / 4);

      self->kinds = g_realloc_n (self->kinds, alloc, sizeof *self->kinds);
      self->matches = g_realloc_n (self->matches, alloc, sizeof *self->matches);
      self->texts = g_realloc_n (self->texts, alloc, sizeof *self->texts);
      self->text_lens = g_realloc_n (self->text_lens, alloc, sizeof *self->text_lens);
      self->n_cache_alloc = alloc;
    }

  /* Many new entries (a load) take their labels from the labels, by id: the entry an id
   * names, and those it shadows (looked up one by one); a few look theirs up. */
  labels = _ramo_session_manager_get_labels (self->manager);
  by_labels = n - n_old > g_hash_table_size (labels);
  for (guint i = n_old; i < n; i++)
    {
      RamoEntry *entry = g_ptr_array_index (entries, i);

      if (n_old > 0 && entry->type == RAMO_ENTRY_TYPE_LABEL && entry->target_id != NULL)
        {
          if (relabeled == NULL)
            relabeled = g_hash_table_new (g_str_hash, g_str_equal);
          g_hash_table_add (relabeled, (char *) entry->target_id);
        }
      if (by_labels && !(entry->flags & RAMO_ENTRY_FLAG_SHADOWED))
        self->kinds[i] = entry_kinds_unlabeled (entry);
      else
        self->kinds[i] = entry_kinds (self, entry);
      self->matches[i] = MATCH_UNKNOWN;
      self->texts[i] = entry->display;
      self->text_lens[i] = strlen (entry->display);
    }
  if (by_labels)
    {
      GHashTableIter iter;
      gpointer key;

      g_hash_table_iter_init (&iter, labels);
      while (g_hash_table_iter_next (&iter, &key, NULL))
        {
          RamoEntry *entry = ramo_session_manager_get_entry (self->manager, key);

          if (entry != NULL && entry->index >= n_old && entry->index < n)
            self->kinds[entry->index] |= KIND_LABELED;
        }
    }
  self->n_known = n;

  if (relabeled != NULL)
    {
      GHashTableIter iter;
      gpointer key;

      g_hash_table_iter_init (&iter, relabeled);
      while (g_hash_table_iter_next (&iter, &key, NULL))
        {
          RamoEntry *entry = ramo_session_manager_get_entry (self->manager, key);

          if (entry != NULL && entry->index < n_old)
            {
              self->kinds[entry->index] = entry_kinds (self, entry);
              self->matches[entry->index] = MATCH_UNKNOWN;
            }
        }
      for (guint i = 0; i < n_old; i++)
        {
          RamoEntry *entry = g_ptr_array_index (entries, i);

          if ((entry->flags & RAMO_ENTRY_FLAG_SHADOWED) && entry->id != NULL &&
              g_hash_table_contains (relabeled, entry->id))
            {
              self->kinds[i] = entry_kinds (self, entry);
              self->matches[i] = MATCH_UNKNOWN;
            }
        }
    }
}

static inline guchar
ascii_lower (guchar c)
{
  return (guchar) (c - 'A') < 26 ? c | 0x20 : c;
}

static inline gboolean
matches_ascii_nocase_at (const guchar *text,
                         const guchar *needle,
                         gsize         needle_len)
{
  for (gsize k = 0; k < needle_len; k++)
    if (ascii_lower (text[k]) != needle[k])
      return FALSE;
  return TRUE;
}

/* ASCII case-insensitive substring search of @needle (lower-case ASCII, not empty) in the
 * @text_len bytes of @text; bytes >= 0x80 compare exactly, so never match.
 *
 * Candidates are the positions where the needle's first and last bytes both occur, up to
 * case: b | 0x20 folds the case of letters (and lets a few other bytes through, e.g. 0x0e
 * for '.', which the byte-by-byte check then turns down). With SSE2 that tests 16 positions
 * at a time. */
static gboolean
contains_ascii_nocase (const char *text,
                       gsize       text_len,
                       const char *needle,
                       gsize       needle_len)
{
  const guchar *t = (const guchar *) text;
  const guchar *nd = (const guchar *) needle;
  guchar first, last_byte;
  gsize last, i = 0;

  if (needle_len > text_len)
    return FALSE;
  last = needle_len - 1;
  first = nd[0] | 0x20;
  last_byte = nd[last] | 0x20;

#ifdef __SSE2__
  {
    const __m128i case_bit = _mm_set1_epi8 (0x20);
    const __m128i want_first = _mm_set1_epi8 ((char) first);
    const __m128i want_last = _mm_set1_epi8 ((char) last_byte);

    /* positions i … i + 15, reading up to i + 15 + last; the last block ends at the last
     * position (text_len - needle_len) */
    if (last + 16 <= text_len)
      {
        gsize final = text_len - last - 16;

        for (;;)
          {
            __m128i a = _mm_or_si128 (_mm_loadu_si128 ((const __m128i *) (gconstpointer) (t + i)), case_bit);
            __m128i b = _mm_or_si128 (_mm_loadu_si128 ((const __m128i *) (gconstpointer) (t + i + last)), case_bit);
            unsigned mask = (unsigned) _mm_movemask_epi8 (_mm_and_si128 (_mm_cmpeq_epi8 (a, want_first),
                                                                         _mm_cmpeq_epi8 (b, want_last)));

            for (; mask != 0; mask &= mask - 1)
              if (matches_ascii_nocase_at (t + i + (gsize) __builtin_ctz (mask), nd, needle_len))
                return TRUE;

            if (i == final)
              return FALSE;
            /* the last block may go over positions that failed already: they fail again */
            i = MIN (i + 16, final);
          }
      }
  }
#endif

  for (; i + last < text_len; i++)
    if ((t[i] | 0x20) == first && (t[i + last] | 0x20) == last_byte &&
        matches_ascii_nocase_at (t + i, nd, needle_len))
      return TRUE;
  return FALSE;
}

gboolean
_ramo_projection_contains_ascii_nocase (const char *text,
                                        gsize       text_len,
                                        const char *needle,
                                        gsize       needle_len)
{
  return contains_ascii_nocase (text, text_len, needle, needle_len);
}

/* Every term must occur in the entry's display text or its label. Terms are casefolded; for
 * ASCII terms an ASCII case-insensitive search of the text suffices (casefolding a non-ASCII
 * character almost never yields ASCII letters — the Kelvin sign and the long s are the
 * exceptions this accepts), which spares a casefolded copy of every entry. */
static gboolean
entry_matches_search (RamoProjection *self,
                      GPtrArray      *entries,
                      guint32         index)
{
  g_autofree char *folded = NULL;
  const char *display = self->texts[index];
  const char *label = NULL;

  if (self->terms == NULL || self->terms[0] == NULL)
    return TRUE;

  if (self->kinds[index] & KIND_LABELED)
    label = ramo_session_manager_get_label (self->manager, ((RamoEntry *) g_ptr_array_index (entries, index))->id);

  for (guint i = 0; self->terms[i]; i++)
    {
      const char *term = self->terms[i];

      if (self->term_is_ascii[i])
        {
          gsize len = self->term_lens[i];

          if (contains_ascii_nocase (display, self->text_lens[index], term, len) ||
              (label && contains_ascii_nocase (label, strlen (label), term, len)))
            continue;
          return FALSE;
        }

      if (folded == NULL)
        {
          g_autofree char *text = label ? g_strconcat (display, " ", label, NULL) : g_strdup (display);
          folded = g_utf8_casefold (text, -1);
        }
      if (strstr (folded, term) == NULL)
        return FALSE;
    }
  return TRUE;
}

typedef struct
{
  RamoEntry *entry;
  guint32    parent_pos;       /* position + 1 of its parent in the order, 0 for a root */
} WalkItem;

/* Of @children (not empty), the one to walk first, the one on the active path if any; the
 * others are pushed on @stack in reverse, so that they come off it in their order. */
static RamoEntry *
push_children_reversed (GArray    *stack,
                        GPtrArray *children,
                        guint32    parent_pos)
{
  RamoEntry *first = g_ptr_array_index (children, 0);

  for (guint i = 0; i < children->len; i++)
    {
      RamoEntry *child = g_ptr_array_index (children, i);

      if (child->flags & RAMO_ENTRY_FLAG_ACTIVE_PATH)
        {
          first = child;
          break;
        }
    }

  for (guint i = children->len; i > 0; i--)
    {
      WalkItem item = { g_ptr_array_index (children, i - 1), parent_pos };

      if (item.entry != first)
        g_array_append_val (stack, item);
    }
  return first;
}

/* The pre-order walk of the tree, active branch first, which every layout follows: it depends
 * on the tree and the active path only, not on the filter or the search, and is made again
 * after entries were added or the leaf moved. A chain of single children goes without the
 * stack. */
static void
ensure_order (RamoProjection *self,
              GPtrArray      *roots,
              guint           n,
              RamoEntry      *leaf)
{
  g_autoptr(GArray) stack = NULL;

  if (self->order_valid && self->order_n == n && self->order_leaf == leaf)
    return;

  self->n_order = 0;
  self->order_valid = TRUE;
  self->order_n = n;
  self->order_leaf = leaf;
  if (roots->len == 0)
    return;

  stack = g_array_new (FALSE, FALSE, sizeof (WalkItem));
  {
    WalkItem item = { push_children_reversed (stack, roots, 0), 0 };

    g_array_append_val (stack, item);
  }
  while (stack->len > 0)
    {
      WalkItem item = g_array_index (stack, WalkItem, stack->len - 1);
      RamoEntry *entry = item.entry;
      guint32 parent_pos = item.parent_pos;

      g_array_set_size (stack, stack->len - 1);
      for (;;)
        {
          guint32 pos = self->n_order;
          GPtrArray *children = entry->children;

          if (pos == self->n_order_alloc)
            {
              self->n_order_alloc = MAX (MAX (n, 16u), self->n_order_alloc + self->n_order_alloc / 4);
              self->order = g_renew (guint32, self->order, self->n_order_alloc);
              self->order_parent = g_renew (guint32, self->order_parent, self->n_order_alloc);
            }
          self->order[pos] = entry->index;
          self->order_parent[pos] = parent_pos;
          self->n_order++;

          if (children == NULL || children->len == 0)
            break;
          parent_pos = pos + 1;
          if (children->len == 1)
            entry = g_ptr_array_index (children, 0);
          else
            entry = push_children_reversed (stack, children, parent_pos);
        }
    }
}

static inline void
append_row (RamoProjection *self,
            GPtrArray      *list,
            GPtrArray      *entries,
            guint32         index,
            RamoEntry      *owner,
            gboolean        branch_start)
{
  RowInfo *info = &self->rows[index];

  info->owner = owner;
  info->position = list->len;
  info->branch_start = branch_start;
  g_ptr_array_add (list, g_ptr_array_index (entries, index));
}

/**
 * ramo_projection_rebuild:
 * @self: a projection
 *
 * Recomputes the layout from the session's indexes: which entries pass the filter and the
 * search, which visible ancestor each hangs under, and the lists of spec §7. Emits
 * #GListModel::items-changed over the whole top level and #RamoProjection::rebuilt. Rows made
 * before keep answering for the layout they were made in.
 */
void
ramo_projection_rebuild (RamoProjection *self)
{
  g_return_if_fail (RAMO_IS_PROJECTION (self));

  rebuild_layout (self, FALSE);
}

/**
 * ramo_projection_update:
 * @self: a projection
 *
 * Recomputes the layout as ramo_projection_rebuild() does, but keeps the rows that stay: the
 * top level, and the nested list of every row made before, each emit
 * #GListModel::items-changed only over the part that follows what they share with their old
 * layout (lines appended at the end of the branch being written change only its last rows).
 * Rows keep their identity, so a view over the projection keeps its scroll position,
 * selection and folds. Emits #RamoProjection::rebuilt at the end.
 *
 * Entries must only have been added since the last layout (use ramo_projection_rebuild()
 * after a reload).
 */
void
ramo_projection_update (RamoProjection *self)
{
  g_return_if_fail (RAMO_IS_PROJECTION (self));

  rebuild_layout (self, TRUE);
}

/* The length of what two layouts of a list share at their start: the same entries, each
 * with rows nested under it in both or in neither (a view decides once, when it first sees a
 * row, whether it can be unfolded). */
static guint
common_prefix (const GPtrArray *old_list,
               const RowInfo   *old_rows,
               guint            n_old_rows,
               const GPtrArray *new_list,
               const RowInfo   *new_rows)
{
  guint n = MIN (old_list ? old_list->len : 0, new_list ? new_list->len : 0);
  guint i;

  for (i = 0; i < n; i++)
    {
      const RamoEntry *a = g_ptr_array_index (old_list, i);
      const RamoEntry *b = g_ptr_array_index (new_list, i);
      gboolean old_nested, new_nested;

      if (a != b || a->index >= n_old_rows)
        break;
      old_nested = old_rows[a->index].nested != NULL && old_rows[a->index].nested->len > 0;
      new_nested = new_rows[b->index].nested != NULL && new_rows[b->index].nested->len > 0;
      if (old_nested != new_nested)
        break;
    }
  return i;
}

/* Whether two layouts over the same entries show the same rows in the same lists. */
static gboolean
same_layout (const GPtrArray *old_top,
             const RowInfo   *old_rows,
             guint            n_old_rows,
             const GPtrArray *new_top,
             const RowInfo   *new_rows,
             guint            n_new_rows)
{
  if (n_old_rows != n_new_rows || old_top->len != new_top->len ||
      (new_top->len > 0 && memcmp (old_top->pdata, new_top->pdata, new_top->len * sizeof (gpointer)) != 0))
    return FALSE;

  for (guint i = 0; i < n_new_rows; i++)
    {
      const RowInfo *a = &old_rows[i];
      const RowInfo *b = &new_rows[i];
      guint a_len = a->nested ? a->nested->len : 0;
      guint b_len = b->nested ? b->nested->len : 0;

      if (a->visible != b->visible)
        return FALSE;
      if (!b->visible)
        continue;
      if (a->owner != b->owner || a->branch_start != b->branch_start || a_len != b_len ||
          (b_len > 0 && memcmp (a->nested->pdata, b->nested->pdata, b_len * sizeof (gpointer)) != 0))
        return FALSE;
    }
  return TRUE;
}

static int
compare_node_depth_desc (gconstpointer a,
                         gconstpointer b,
                         gpointer      user_data)
{
  const RamoProjectionNode *na = *(RamoProjectionNode * const *) a;
  const RamoProjectionNode *nb = *(RamoProjectionNode * const *) b;
  const guint32 *depths = user_data;
  guint32 da = depths[na->entry->index];
  guint32 db = depths[nb->entry->index];

  return da < db ? 1 : da > db ? -1 : 0;
}

static void
rebuild_layout (RamoProjection *self,
                gboolean        incremental)
{
  GPtrArray *roots = ramo_session_manager_get_roots (self->manager);
  GPtrArray *entries = _ramo_session_manager_get_entries (self->manager);
  guint n = entries->len;
  gboolean searching = self->terms != NULL && self->terms[0] != NULL;
  guint old_n = self->top ? self->top->len : 0;
  /* the visible tree as linked lists by entry index (index + 1; 0 ends a list), set for the
   * visible entries only; and by position in the walk, the nearest visible entry at or above */
  guint32 *vfirst, *vlast, *vnext, *vcount, *nearest;
  guint32 *tests;              /* entries the search is to look at */
  guint n_tests = 0;
  g_autoptr(GArray) vis_roots = g_array_new (FALSE, FALSE, sizeof (guint32));
  g_autoptr(GArray) work = g_array_new (FALSE, FALSE, sizeof (guint32));
  guint old_visible = self->n_visible;
  RamoEntry *leaf;
  RowInfo *old_rows = NULL;
  guint n_old_rows = 0;
  g_autoptr(GPtrArray) old_top = NULL;
  guint top_from = 0;
  /* asked for by set_filter() and set_search() for this layout only, not for one a handler
   * of its signals may start */
  gboolean keep_if_same = !incremental && self->keep_if_same && self->rows != NULL;
  gboolean unchanged = FALSE;

  self->keep_if_same = FALSE;
  leaf = ramo_session_manager_get_leaf (self->manager);
  if ((incremental || keep_if_same) && self->rows != NULL)
    {
      /* keep the old layout until the lists are compared */
      old_rows = g_steal_pointer (&self->rows);
      n_old_rows = self->n_rows;
      old_top = g_steal_pointer (&self->top);
      self->n_rows = 0;
    }
  else
    {
      incremental = FALSE;
      g_hash_table_remove_all (self->nodes);
      free_rows (self);
    }
  self->generation++;
  self->rows = g_new0 (RowInfo, n);
  self->n_rows = n;
  self->top = g_ptr_array_new ();
  self->n_visible = 0;

  sync_caches (self, entries, n);
  ensure_order (self, roots, n, leaf);
  if (self->scratch == NULL || self->n_scratch < 5 * (gsize) n + self->n_order)
    {
      g_free (self->scratch);
      /* never NULL, even for a session with no entries: the layout offsets into it */
      self->n_scratch = MAX (5 * (gsize) n + self->n_order, 1);
      self->scratch = g_new (guint32, self->n_scratch);
    }
  tests = self->scratch + 4 * (gsize) n;

  /* Which entries the filter and the search let through. The entries the search has yet to
   * look at are tested after the others, each text fetched from memory a few tests ahead (the
   * processor does not foresee which texts are next: tool results show their call's text,
   * lines appended live lie elsewhere). */
  for (guint i = 0; i < n; i++)
    {
      gboolean visible = kinds_pass_filter (self->kinds[i], self->filter, leaf != NULL && i == leaf->index);

      if (visible && searching)
        {
          if (self->matches[i] == MATCH_UNKNOWN)
            {
              tests[n_tests++] = i;
              continue;
            }
          visible = self->matches[i] == MATCH_YES;
        }
      self->rows[i].visible = visible;
      self->n_visible += visible;
    }
  for (guint k = 0; k < n_tests; k++)
    {
      guint32 i = tests[k];
      gboolean visible;

      if (k + 8 < n_tests)
        {
          const char *ahead = self->texts[tests[k + 8]];

          __builtin_prefetch (ahead);
          __builtin_prefetch (ahead + 64);
        }
      visible = entry_matches_search (self, entries, i);
      self->matches[i] = visible ? MATCH_YES : MATCH_NO;
      self->rows[i].visible = visible;
      self->n_visible += visible;
    }

  /* The walk, with each entry's nearest visible ancestor (its parent's nearest visible entry) */
  vfirst = self->scratch;
  vlast = vfirst + n;
  vnext = vlast + n;
  vcount = vnext + n;
  nearest = tests + n;

  for (guint j = 0; j < self->n_order; j++)
    {
      guint32 e = self->order[j];
      guint32 parent_pos = self->order_parent[j];
      guint32 ancestor = parent_pos ? nearest[parent_pos - 1] : 0;

      if (self->rows[e].visible)
        {
          vfirst[e] = vlast[e] = vnext[e] = vcount[e] = 0;
          if (ancestor == 0)
            g_array_append_val (vis_roots, e);
          else
            {
              guint32 a = ancestor - 1;

              if (vlast[a])
                vnext[vlast[a] - 1] = e + 1;
              else
                vfirst[a] = e + 1;
              vlast[a] = e + 1;
              vcount[a]++;
            }
          nearest[j] = e + 1;
        }
      else
        nearest[j] = ancestor;
    }

  /* Layout, by entry index (the entries themselves are not read). The work list holds entries
   * whose nested list is still to be made: a row with several visible children nests them as
   * branch starts; a branch start nests the chain that continues it. A chain follows single
   * children and stops at a branch point or an end. */
  if (vis_roots->len == 1)
    {
      guint32 cur = g_array_index (vis_roots, guint32, 0);

      for (;;)
        {
          append_row (self, self->top, entries, cur, NULL, FALSE);
          if (vcount[cur] == 1)
            cur = vfirst[cur] - 1;
          else
            {
              if (vcount[cur] > 1)
                g_array_append_val (work, cur);
              break;
            }
        }
    }
  else
    {
      for (guint i = 0; i < vis_roots->len; i++)
        {
          guint32 root = g_array_index (vis_roots, guint32, i);

          append_row (self, self->top, entries, root, NULL, TRUE);
          if (vcount[root])
            g_array_append_val (work, root);
        }
    }

  while (work->len > 0)
    {
      guint32 o = g_array_index (work, guint32, work->len - 1);
      RamoEntry *owner = g_ptr_array_index (entries, o);
      RowInfo *info = &self->rows[o];
      GPtrArray *list = g_ptr_array_new ();

      g_array_set_size (work, work->len - 1);
      info->nested = list;

      if (vcount[o] > 1 || !info->branch_start)
        {
          for (guint32 k = vfirst[o]; k; k = vnext[k - 1])
            {
              guint32 start = k - 1;

              append_row (self, list, entries, start, owner, TRUE);
              if (vcount[start])
                g_array_append_val (work, start);
            }
        }
      else
        {
          guint32 cur = vfirst[o] - 1;

          for (;;)
            {
              append_row (self, list, entries, cur, owner, FALSE);
              if (vcount[cur] == 1)
                cur = vfirst[cur] - 1;
              else
                {
                  if (vcount[cur] > 1)
                    g_array_append_val (work, cur);
                  break;
                }
            }
        }
    }

  if (incremental)
    {
      g_autoptr(GPtrArray) alive = g_ptr_array_new_with_free_func (g_object_unref);
      g_autoptr(GPtrArray) stack = g_ptr_array_new ();
      g_autofree guint32 *depths = NULL;
      GHashTableIter iter;
      gpointer key, value;

      /* The rows made before: drop those whose entry is hidden now, give the others their new
       * nested list, and tell each view of a list that changed how it changed. */
      g_hash_table_iter_init (&iter, self->nodes);
      while (g_hash_table_iter_next (&iter, &key, &value))
        {
          RamoEntry *entry = key;

          if (entry->index >= n || !self->rows[entry->index].visible)
            g_hash_table_iter_remove (&iter);
          else
            g_ptr_array_add (alive, g_object_ref (value));
        }

      /* The views hear of the changes deepest list first, and each row gets its new list just
       * before its own change is told: a view that reads a row while taking in a change of
       * the list above it then finds that row as it is now, and hears nothing more of it. */
      depths = g_new0 (guint32, n);     /* depth + 1 in the new layout, 0: not known yet */
      for (guint i = 0; i < alive->len; i++)
        {
          RamoProjectionNode *node = g_ptr_array_index (alive, i);
          RamoEntry *e = node->entry;
          guint32 d;

          /* walk up to a row of known depth, then fill in the depths on the way down */
          g_ptr_array_set_size (stack, 0);
          while (e != NULL && depths[e->index] == 0)
            {
              g_ptr_array_add (stack, e);
              e = self->rows[e->index].owner;
            }
          d = e ? depths[e->index] : 0;
          while (stack->len > 0)
            {
              RamoEntry *down = g_ptr_array_steal_index (stack, stack->len - 1);

              depths[down->index] = ++d;
            }
        }
      g_ptr_array_sort_with_data (alive, compare_node_depth_desc, depths);

      self->nodes_behind = TRUE;
      for (guint i = 0; i < alive->len; i++)
        {
          RamoProjectionNode *node = g_ptr_array_index (alive, i);
          RowInfo *info = &self->rows[node->entry->index];
          g_autoptr(GPtrArray) old_nested = g_steal_pointer (&node->nested);
          guint old_len = old_nested ? old_nested->len : 0;
          guint new_len = info->nested ? info->nested->len : 0;
          guint from;

          node_set_layout (node, info);
          from = common_prefix (old_nested, old_rows, n_old_rows, node->nested, self->rows);
          if (from < old_len || from < new_len)
            g_list_model_items_changed (G_LIST_MODEL (node), from, old_len - from, new_len - from);
        }
      self->nodes_behind = FALSE;

      /* Lines appended can take the active path off rows the leaf never passed (a parent line
       * that arrives, a duplicate id, a cycle cut elsewhere): the rows that stay hear of it. */
      for (guint i = 0; i < alive->len; i++)
        sync_path_state (self, g_ptr_array_index (alive, i));

      top_from = common_prefix (old_top, old_rows, n_old_rows, self->top, self->rows);
    }

  if (keep_if_same)
    {
      /* A filter or a search that leaves the same rows (typing on often does) keeps the rows
       * made and tells the views nothing: they give each row its new list, the same. */
      unchanged = same_layout (old_top, old_rows, n_old_rows, self->top, self->rows, n);
      if (unchanged)
        {
          GHashTableIter iter;
          gpointer value;

          g_hash_table_iter_init (&iter, self->nodes);
          while (g_hash_table_iter_next (&iter, NULL, &value))
            {
              RamoProjectionNode *node = value;

              node_set_layout (node, &self->rows[node->entry->index]);
            }
        }
      else
        g_hash_table_remove_all (self->nodes);
    }
  /* the old layout, kept to compare the new one with */
  free_row_infos (old_rows, n_old_rows);

  if (!unchanged && (!incremental || top_from < old_n || top_from < self->top->len))
    g_list_model_items_changed (G_LIST_MODEL (self), top_from, old_n - top_from, self->top->len - top_from);
  if (old_visible != self->n_visible)
    g_object_notify_by_pspec (G_OBJECT (self), properties [PROP_N_VISIBLE]);
  g_signal_emit (self, signals [REBUILT], 0);
}

static void
on_label_changed_cb (RamoProjection     *self,
                     const char         *target_id,
                     const char         *label,
                     RamoSessionManager *manager)
{
  RamoEntry *entry = ramo_session_manager_get_entry (manager, target_id);
  RamoProjectionNode *node = entry ? g_hash_table_lookup (self->nodes, entry) : NULL;
  g_autoptr(GPtrArray) shadowed = g_ptr_array_new_with_free_func (g_object_unref);
  GHashTableIter iter;
  gpointer key, value;

  /* when the label changes which rows are shown, the label line's entry-appended or
   * entries-added lays them out again; a row that stays must show the new label */
  if (node)
    g_object_notify_by_pspec (G_OBJECT (node), node_properties [NODE_PROP_LABEL]);

  /* labels go by id: an entry a later line with the same id shadows shows it too */
  g_hash_table_iter_init (&iter, self->nodes);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      RamoEntry *other = key;

      if ((other->flags & RAMO_ENTRY_FLAG_SHADOWED) && other != entry && strcmp (other->id, target_id) == 0)
        g_ptr_array_add (shadowed, g_object_ref (value));
    }
  for (guint i = 0; i < shadowed->len; i++)
    g_object_notify_by_pspec (g_ptr_array_index (shadowed, i), node_properties [NODE_PROP_LABEL]);
}

static void
notify_path (RamoProjection *self,
             RamoEntry      *from)
{
  for (RamoEntry *e = from; e; e = e->parent)
    {
      RamoProjectionNode *node = g_hash_table_lookup (self->nodes, e);

      if (node)
        sync_path_state (self, node);
    }
}

static void
on_leaf_changed_cb (RamoProjection     *self,
                    const char         *old_leaf_id,
                    RamoSessionManager *manager)
{
  /* the active path changed: the next layout walks the tree again */
  self->order_valid = FALSE;
  notify_path (self, ramo_session_manager_get_entry (manager, old_leaf_id));
  notify_path (self, ramo_session_manager_get_leaf (manager));
}

static void
on_entry_appended_cb (RamoProjection     *self,
                      RamoEntry          *entry,
                      RamoSessionManager *manager)
{
  ramo_projection_rebuild (self);
}

static void
on_reloaded_cb (RamoProjection     *self,
                RamoSessionManager *manager)
{
  forget_caches (self);
  ramo_projection_rebuild (self);
}

static void
on_entries_added_cb (RamoProjection     *self,
                     guint               position,
                     guint               n_added,
                     RamoSessionManager *manager)
{
  /* lines another program appended: the rows that stay stay */
  ramo_projection_update (self);
}

static void
ramo_projection_dispose (GObject *object)
{
  RamoProjection *self = (RamoProjection *)object;

  if (self->nodes)
    g_hash_table_remove_all (self->nodes);
  if (self->link)
    {
      self->link->projection = NULL;
      g_clear_pointer (&self->link, projection_link_unref);
    }

  G_OBJECT_CLASS (ramo_projection_parent_class)->dispose (object);
}

static void
ramo_projection_finalize (GObject *object)
{
  RamoProjection *self = (RamoProjection *)object;

  free_rows (self);
  forget_caches (self);
  g_clear_pointer (&self->nodes, g_hash_table_unref);
  g_clear_pointer (&self->search, g_free);
  g_clear_pointer (&self->terms, g_strfreev);
  g_clear_pointer (&self->term_is_ascii, g_free);
  g_clear_pointer (&self->term_lens, g_free);
  g_clear_object (&self->manager);

  G_OBJECT_CLASS (ramo_projection_parent_class)->finalize (object);
}

static void
ramo_projection_get_property (GObject    *object,
                              guint       prop_id,
                              GValue     *value,
                              GParamSpec *pspec)
{
  RamoProjection *self = RAMO_PROJECTION (object);

  switch (prop_id)
    {
    case PROP_FILTER:
      g_value_set_string (value, ramo_filter_mode_to_string (self->filter));
      break;
    case PROP_SEARCH:
      g_value_set_string (value, self->search);
      break;
    case PROP_N_VISIBLE:
      g_value_set_uint (value, self->n_visible);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ramo_projection_set_property (GObject      *object,
                              guint         prop_id,
                              const GValue *value,
                              GParamSpec   *pspec)
{
  RamoProjection *self = RAMO_PROJECTION (object);

  switch (prop_id)
    {
    case PROP_FILTER:
      {
        RamoFilterMode mode;

        if (ramo_filter_mode_from_string (g_value_get_string (value), &mode))
          ramo_projection_set_filter (self, mode);
      }
      break;
    case PROP_SEARCH:
      ramo_projection_set_search (self, g_value_get_string (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ramo_projection_class_init (RamoProjectionClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = ramo_projection_dispose;
  object_class->finalize = ramo_projection_finalize;
  object_class->get_property = ramo_projection_get_property;
  object_class->set_property = ramo_projection_set_property;

  /**
   * RamoProjection:filter:
   *
   * The filter mode by name (`default`, `no-tools`, `user-only`, `labeled-only`, `all`).
   */
  properties [PROP_FILTER] =
    g_param_spec_string ("filter", NULL, NULL, "default",
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  /**
   * RamoProjection:search:
   *
   * The search text: whitespace-separated terms that must all occur (case-insensitively) in an
   * entry's display text or label.
   */
  properties [PROP_SEARCH] =
    g_param_spec_string ("search", NULL, NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  /**
   * RamoProjection:n-visible:
   *
   * How many entries the filter and the search let through.
   */
  properties [PROP_N_VISIBLE] =
    g_param_spec_uint ("n-visible", NULL, NULL, 0, G_MAXUINT, 0,
                       G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);

  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * RamoProjection::rebuilt:
   * @self: the projection
   *
   * Emitted after the layout was recomputed (filter, search, appended entries, reload).
   */
  signals [REBUILT] =
    g_signal_new ("rebuilt",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 0);
}

static void
ramo_projection_init (RamoProjection *self)
{
  self->link = g_new0 (ProjectionLink, 1);
  g_atomic_ref_count_init (&self->link->ref_count);
  self->link->projection = self;
  self->nodes = g_hash_table_new_full (NULL, NULL, NULL, g_object_unref);
}

/**
 * ramo_projection_new:
 * @manager: the session to project
 *
 * Creates the projection of @manager with the default filter and no search, and keeps it up
 * to date as entries are appended, labels change and the leaf moves.
 *
 * Returns: (transfer full): a new projection
 */
RamoProjection *
ramo_projection_new (RamoSessionManager *manager)
{
  RamoProjection *self;

  g_return_val_if_fail (RAMO_IS_SESSION_MANAGER (manager), NULL);

  self = g_object_new (RAMO_TYPE_PROJECTION, NULL);
  self->manager = g_object_ref (manager);
  g_signal_connect_object (manager, "label-changed", G_CALLBACK (on_label_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (manager, "leaf-changed", G_CALLBACK (on_leaf_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (manager, "entry-appended", G_CALLBACK (on_entry_appended_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (manager, "reloaded", G_CALLBACK (on_reloaded_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (manager, "entries-added", G_CALLBACK (on_entries_added_cb), self, G_CONNECT_SWAPPED);
  ramo_projection_rebuild (self);
  return self;
}

/**
 * ramo_projection_get_manager:
 * @self: a projection
 *
 * Returns: (transfer none): the session
 */
RamoSessionManager *
ramo_projection_get_manager (RamoProjection *self)
{
  g_return_val_if_fail (RAMO_IS_PROJECTION (self), NULL);
  return self->manager;
}

/**
 * ramo_projection_get_roots:
 * @self: a projection
 *
 * Returns: (transfer none): the top-level rows, a #GListModel of #RamoProjectionNode (@self)
 */
GListModel *
ramo_projection_get_roots (RamoProjection *self)
{
  g_return_val_if_fail (RAMO_IS_PROJECTION (self), NULL);
  return G_LIST_MODEL (self);
}

/**
 * ramo_projection_set_filter:
 * @self: a projection
 * @mode: the filter mode
 *
 * Changes the filter and rebuilds the layout. If the layout comes out the same (the same
 * rows in the same lists), the rows made stay and only #RamoProjection::rebuilt is emitted;
 * otherwise as ramo_projection_rebuild().
 */
void
ramo_projection_set_filter (RamoProjection *self,
                            RamoFilterMode  mode)
{
  g_return_if_fail (RAMO_IS_PROJECTION (self));

  if (self->filter == mode)
    return;
  self->filter = mode;
  self->keep_if_same = TRUE;
  ramo_projection_rebuild (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties [PROP_FILTER]);
}

/**
 * ramo_projection_get_filter:
 * @self: a projection
 *
 * Returns: the filter mode
 */
RamoFilterMode
ramo_projection_get_filter (RamoProjection *self)
{
  g_return_val_if_fail (RAMO_IS_PROJECTION (self), RAMO_FILTER_DEFAULT);
  return self->filter;
}

/* TRUE when an entry that matches every term of @strong surely matches every term of @weak:
 * each term of @weak is part of a term of @strong. Not across ASCII and other terms: they are
 * matched differently (ASCII terms without case, others in the casefolded text, where "ß" is
 * "ss"), so an entry can match "straßé" and not "ss". */
static gboolean
terms_imply (char * const   *strong,
             const gboolean *strong_ascii,
             char * const   *weak,
             const gboolean *weak_ascii)
{
  for (guint w = 0; weak[w]; w++)
    {
      gboolean implied = FALSE;

      for (guint s = 0; strong[s] && !implied; s++)
        implied = strong_ascii[s] == weak_ascii[w] && strstr (strong[s], weak[w]) != NULL;
      if (!implied)
        return FALSE;
    }
  return TRUE;
}

/* Keeps what the search that had @old_terms found that still holds for the new terms: when
 * they narrow it (a keystroke at the end of a term), the entries that did not match still do
 * not; when they widen it (a backspace), the entries that matched still do. */
static void
update_matches (RamoProjection *self,
                char * const   *old_terms,
                const gboolean *old_ascii)
{
  gboolean narrower, wider;

  if (self->matches == NULL || self->terms == NULL || self->terms[0] == NULL)
    return;     /* no search: the next one starts from what it finds then */

  if (old_terms == NULL || old_terms[0] == NULL)
    {
      memset (self->matches, MATCH_UNKNOWN, self->n_known);
      return;
    }

  narrower = terms_imply (self->terms, self->term_is_ascii, old_terms, old_ascii);
  wider = terms_imply (old_terms, old_ascii, self->terms, self->term_is_ascii);
  if (narrower && wider)
    return;
  for (guint i = 0; i < self->n_known; i++)
    {
      guint8 m = self->matches[i];

      if (narrower)
        self->matches[i] = m == MATCH_NO ? MATCH_NO : MATCH_UNKNOWN;
      else if (wider)
        self->matches[i] = m == MATCH_YES ? MATCH_YES : MATCH_UNKNOWN;
      else
        self->matches[i] = MATCH_UNKNOWN;
    }
}

/**
 * ramo_projection_set_search:
 * @self: a projection
 * @search: (nullable): whitespace-separated terms; %NULL or blank shows everything the filter does
 *
 * Changes the search and rebuilds the layout. If the layout comes out the same (typing on
 * often leaves the same rows), the rows made stay and only #RamoProjection::rebuilt is
 * emitted; otherwise as ramo_projection_rebuild().
 */
void
ramo_projection_set_search (RamoProjection *self,
                            const char     *search)
{
  g_autofree char *folded = NULL;
  g_auto(GStrv) old_terms = NULL;
  g_autofree gboolean *old_ascii = NULL;

  g_return_if_fail (RAMO_IS_PROJECTION (self));

  if (g_strcmp0 (self->search, search) == 0)
    return;

  g_free (self->search);
  self->search = g_strdup (search);
  old_terms = g_steal_pointer (&self->terms);
  old_ascii = g_steal_pointer (&self->term_is_ascii);
  g_clear_pointer (&self->term_lens, g_free);
  if (search)
    {
      g_autoptr(GPtrArray) terms = g_ptr_array_new_with_free_func (g_free);
      g_auto(GStrv) parts = NULL;

      folded = g_utf8_casefold (search, -1);
      parts = g_strsplit_set (folded, " \t\n\r", -1);
      for (guint i = 0; parts[i]; i++)
        if (parts[i][0] != '\0')
          g_ptr_array_add (terms, g_strdup (parts[i]));
      g_ptr_array_add (terms, NULL);
      self->terms = (GStrv) g_ptr_array_free (g_steal_pointer (&terms), FALSE);
      self->term_is_ascii = g_new0 (gboolean, g_strv_length (self->terms) + 1);
      self->term_lens = g_new0 (gsize, g_strv_length (self->terms) + 1);
      for (guint i = 0; self->terms[i]; i++)
        {
          gboolean ascii = TRUE;

          self->term_lens[i] = strlen (self->terms[i]);

          for (const char *c = self->terms[i]; *c; c++)
            ascii &= ((guchar) *c) < 0x80;
          self->term_is_ascii[i] = ascii;
        }
    }
  update_matches (self, old_terms, old_ascii);

  self->keep_if_same = TRUE;
  ramo_projection_rebuild (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties [PROP_SEARCH]);
}

/**
 * ramo_projection_get_search:
 * @self: a projection
 *
 * Returns: (nullable): the search text
 */
const char *
ramo_projection_get_search (RamoProjection *self)
{
  g_return_val_if_fail (RAMO_IS_PROJECTION (self), NULL);
  return self->search;
}

/**
 * ramo_projection_get_search_terms:
 * @self: a projection
 *
 * Returns: (nullable) (array zero-terminated=1): the casefolded search terms
 */
const char * const *
ramo_projection_get_search_terms (RamoProjection *self)
{
  g_return_val_if_fail (RAMO_IS_PROJECTION (self), NULL);
  return (const char * const *) self->terms;
}

/**
 * ramo_projection_get_n_visible:
 * @self: a projection
 *
 * Returns: how many entries are shown
 */
guint
ramo_projection_get_n_visible (RamoProjection *self)
{
  g_return_val_if_fail (RAMO_IS_PROJECTION (self), 0);
  return self->n_visible;
}

/**
 * ramo_projection_get_n_total:
 * @self: a projection
 *
 * Returns: how many entries the session has
 */
guint
ramo_projection_get_n_total (RamoProjection *self)
{
  g_return_val_if_fail (RAMO_IS_PROJECTION (self), 0);
  return ramo_session_manager_get_n_entries (self->manager);
}

/**
 * ramo_projection_is_visible:
 * @self: a projection
 * @entry: an entry of the session
 *
 * Returns: %TRUE when @entry has a row
 */
gboolean
ramo_projection_is_visible (RamoProjection  *self,
                            const RamoEntry *entry)
{
  g_return_val_if_fail (RAMO_IS_PROJECTION (self), FALSE);
  return entry && entry->index < self->n_rows && self->rows[entry->index].visible;
}

/**
 * ramo_projection_nearest_visible:
 * @self: a projection
 * @entry: (nullable): an entry of the session
 *
 * Returns: (transfer none) (nullable): @entry if it has a row, else its nearest ancestor that
 *   has one, else %NULL
 */
RamoEntry *
ramo_projection_nearest_visible (RamoProjection  *self,
                                 const RamoEntry *entry)
{
  g_return_val_if_fail (RAMO_IS_PROJECTION (self), NULL);

  for (const RamoEntry *e = entry; e; e = e->parent)
    if (ramo_projection_is_visible (self, e))
      return (RamoEntry *) e;
  return NULL;
}

/**
 * ramo_projection_dup_node_path:
 * @self: a projection
 * @entry: an entry with a row
 *
 * The rows from the top level down to @entry's row, with their positions, so that a view can
 * expand each and select the last. Even indexes hold the #RamoProjectionNode, odd ones the
 * position (GUINT_TO_POINTER) of that row in the list that holds it.
 *
 * Returns: (transfer full) (nullable): the path, or %NULL when @entry has no row
 */
GPtrArray *
ramo_projection_dup_node_path (RamoProjection  *self,
                               const RamoEntry *entry)
{
  GPtrArray *path;

  g_return_val_if_fail (RAMO_IS_PROJECTION (self), NULL);

  if (!ramo_projection_is_visible (self, entry))
    return NULL;

  path = g_ptr_array_new ();
  for (RamoEntry *e = (RamoEntry *) entry; e; e = self->rows[e->index].owner)
    {
      g_ptr_array_insert (path, 0, GUINT_TO_POINTER (self->rows[e->index].position));
      g_ptr_array_insert (path, 0, get_node (self, e));
    }
  return path;
}

/**
 * ramo_projection_to_text:
 * @self: a projection
 *
 * The rows as text, one a line, indented two spaces a level, `├─ `/`└─ ` before branch
 * starts, `*` in the first column for the active path, `[label]` after the text, and
 * `  ← leaf` on the leaf. Used by `ramo-session tree` without `--json`.
 *
 * Returns: (transfer full): the text
 */
char *
ramo_projection_to_text (RamoProjection *self)
{
  GString *out = g_string_new (NULL);
  g_autoptr(GArray) stack = g_array_new (FALSE, FALSE, sizeof (gpointer) * 3);
  RamoEntry *leaf = ramo_session_manager_get_leaf (self->manager);

  g_return_val_if_fail (RAMO_IS_PROJECTION (self), NULL);

  for (guint i = self->top->len; i > 0; i--)
    {
      gpointer item[3] = { g_ptr_array_index (self->top, i - 1), GUINT_TO_POINTER (0),
                           GUINT_TO_POINTER (i == self->top->len) };
      g_array_append_vals (stack, item, 1);
    }

  while (stack->len > 0)
    {
      gpointer *item = &g_array_index (stack, gpointer, (stack->len - 1) * 3);
      RamoEntry *entry = item[0];
      guint depth = GPOINTER_TO_UINT (item[1]);
      gboolean last = GPOINTER_TO_UINT (item[2]);
      RowInfo *info = &self->rows[entry->index];
      const char *label = ramo_session_manager_get_label (self->manager, entry->id);

      g_array_set_size (stack, stack->len - 1);

      g_string_append_c (out, entry->flags & RAMO_ENTRY_FLAG_ACTIVE_PATH ? '*' : ' ');
      g_string_append_c (out, ' ');
      for (guint d = 0; d < depth; d++)
        g_string_append (out, "  ");
      if (info->branch_start && (info->owner != NULL || self->top->len > 1))
        g_string_append (out, last ? "└─ " : "├─ ");
      g_string_append (out, entry->display);
      if (label)
        g_string_append_printf (out, " [%s]", label);
      if (entry == leaf)
        g_string_append (out, "  ← leaf");
      g_string_append_c (out, '\n');

      if (info->nested)
        for (guint i = info->nested->len; i > 0; i--)
          {
            gpointer child[3] = { g_ptr_array_index (info->nested, i - 1), GUINT_TO_POINTER (depth + 1),
                                  GUINT_TO_POINTER (i == info->nested->len) };
            g_array_append_vals (stack, child, 1);
          }
    }

  g_string_append_printf (out, "(%u of %u entries, filter %s)\n", self->n_visible,
                          ramo_session_manager_get_n_entries (self->manager),
                          ramo_filter_mode_to_string (self->filter));
  return g_string_free (out, FALSE);
}

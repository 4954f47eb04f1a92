/* ramo-test-mirror.h — a view of a projection as GTK keeps one, for tests without GTK
 *
 * Copyright 2026 The Ramo authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A Mirror follows a RamoProjection the way GtkTreeListModel and the rows of the window do,
 * with every row unfolded: it reads each list once and learns of changes only through
 * items-changed; it decides when it first sees a row whether it can be unfolded; and, like
 * RamoSessionRow, it reads a row's label and path state when it first sees the row and again
 * only on notify::label, notify::is-leaf and notify::on-active-path. A test compares what it
 * holds with a fresh layout: any change the projection failed to tell shows.
 */

#pragma once

#include "ramo-projection.h"

typedef struct _Mirror Mirror;
struct _Mirror
{
  GListModel         *model;      /* the list under this row (NULL: not unfoldable) */
  RamoProjectionNode *node;       /* the row (NULL for the top) */
  GPtrArray          *children;   /* (element-type Mirror) */
  gulong              handler;
  gulong              notify_handler;
  char               *label;
  gboolean            is_leaf;
  gboolean            on_path;
  guint              *n_changed;  /* (nullable) rows replaced, counted over all lists */
};

static inline void mirror_free (Mirror *mirror);
static inline Mirror *mirror_new (GListModel         *model,
                                  RamoProjectionNode *node,
                                  guint              *n_changed);

static inline Mirror *
mirror_for_node (RamoProjectionNode *node,
                 guint              *n_changed)
{
  return mirror_new (ramo_projection_node_has_children (node) ? G_LIST_MODEL (node) : NULL, node, n_changed);
}

static inline void
mirror_items_changed_cb (GListModel *model,
                         guint       position,
                         guint       removed,
                         guint       added,
                         Mirror     *mirror)
{
  g_assert_cmpuint (position + removed, <=, mirror->children->len);
  g_ptr_array_remove_range (mirror->children, position, removed);
  for (guint i = 0; i < added; i++)
    {
      g_autoptr(RamoProjectionNode) node = g_list_model_get_item (model, position + i);

      g_assert_nonnull (node);
      g_ptr_array_insert (mirror->children, position + i, mirror_for_node (node, mirror->n_changed));
    }
  g_assert_cmpuint (mirror->children->len, ==, g_list_model_get_n_items (model));
  if (mirror->n_changed)
    *mirror->n_changed += removed + added;
}

static inline void
mirror_read_props (Mirror     *mirror,
                   const char *name)
{
  if (name == NULL || g_str_equal (name, "label"))
    {
      g_free (mirror->label);
      mirror->label = g_strdup (ramo_projection_node_get_label (mirror->node));
    }
  if (name == NULL || g_str_equal (name, "is-leaf") || g_str_equal (name, "on-active-path"))
    {
      mirror->is_leaf = ramo_projection_node_get_is_leaf (mirror->node);
      mirror->on_path = ramo_projection_node_get_on_active_path (mirror->node);
    }
}

static inline void
mirror_notify_cb (RamoProjectionNode *node,
                  GParamSpec         *pspec,
                  Mirror             *mirror)
{
  mirror_read_props (mirror, pspec->name);
}

/* @model: the list to follow (for the top, ramo_projection_get_roots()); @node: the row it
 * belongs to, NULL for the top; @n_changed: (nullable): counts the rows replaced */
static inline Mirror *
mirror_new (GListModel         *model,
            RamoProjectionNode *node,
            guint              *n_changed)
{
  Mirror *mirror = g_new0 (Mirror, 1);

  mirror->n_changed = n_changed;
  mirror->children = g_ptr_array_new_with_free_func ((GDestroyNotify) mirror_free);
  if (node)
    {
      mirror->node = g_object_ref (node);
      mirror_read_props (mirror, NULL);
      mirror->notify_handler = g_signal_connect (node, "notify", G_CALLBACK (mirror_notify_cb), mirror);
    }
  if (model)
    {
      mirror->model = g_object_ref (model);
      mirror->handler = g_signal_connect (model, "items-changed", G_CALLBACK (mirror_items_changed_cb), mirror);
      for (guint i = 0; i < g_list_model_get_n_items (model); i++)
        {
          g_autoptr(RamoProjectionNode) child = g_list_model_get_item (model, i);

          g_ptr_array_add (mirror->children, mirror_for_node (child, n_changed));
        }
    }
  return mirror;
}

static inline void
mirror_free (Mirror *mirror)
{
  if (mirror->model)
    {
      g_signal_handler_disconnect (mirror->model, mirror->handler);
      g_object_unref (mirror->model);
    }
  if (mirror->node)
    {
      g_signal_handler_disconnect (mirror->node, mirror->notify_handler);
      g_object_unref (mirror->node);
    }
  g_ptr_array_unref (mirror->children);
  g_free (mirror->label);
  g_free (mirror);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Mirror, mirror_free)

/* ramo-projection.c — the session tree as the tree view shows it: the object, its filter and
 * search, its rebuilds and updates, and what it hears from the session (the layout is in
 * ramo-projection-layout.c, the search and the per-entry caches in ramo-projection-search.c,
 * the rows in ramo-projection-node.c)
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

/**
 * RamoProjection:
 *
 * The session tree as the tree view shows it (spec §7, the layout of pi's /tree): the entries
 * the filter and the search let through, each hung under its nearest visible ancestor, laid out
 * so that a chain of single children stays in one list, and a node with several children gets
 * one nested list of branch starts, each of which nests the rest of its branch. The branch that
 * holds the leaf comes first, at every branch point and among several roots. Which entries
 * each filter lets through follows the session's dialect (ramo_session_manager_get_dialect()):
 * pi 1.6.0's /tree, or oh-my-pi 18.2.3's; the layout is Ramo's for both (oh-my-pi keeps the
 * indentation of the whole tree after filtering, which a nested list cannot show).
 *
 * The projection is a #GListModel of its top-level rows; each row is a #RamoProjectionNode, a
 * #GListModel of the rows nested under it — ready for a `GtkTreeListModel`, without knowing GTK.
 * Changing the filter or the search rebuilds the layout from the session's indexes (no file
 * access) and emits #GListModel::items-changed for the whole top level.
 */

static void ramo_projection_list_model_init (GListModelInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (RamoProjection, ramo_projection, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_LIST_MODEL, ramo_projection_list_model_init))

enum {
  PROP_0,
  PROP_FILTER,
  PROP_SEARCH,
  PROP_N_VISIBLE,
  PROP_LAYING_OUT,
  N_PROPS
};

enum {
  REBUILT,
  LEAF_MOVED,
  N_SIGNALS
};

static GParamSpec *properties [N_PROPS];
static guint signals [N_SIGNALS];

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
  return g_object_ref (_ramo_projection_get_node (self, g_ptr_array_index (self->top, position)));
}

static void
ramo_projection_list_model_init (GListModelInterface *iface)
{
  iface->get_item_type = ramo_projection_get_item_type;
  iface->get_n_items = ramo_projection_get_n_items;
  iface->get_item = ramo_projection_get_item;
}

/* Lets go of the rows made for the layout before (a view may still hold them). */
static void
forget_nodes (RamoProjection *self)
{
  /* the rows made before answer for this layout no more (see RamoProjectionBranch) */
  self->epoch++;
  if (self->nodes.n_nodes < RAMO_PROJECTION_RELEASE_IN_THREAD)
    {
      _ramo_node_table_clear (&self->nodes);
      return;
    }
  /* rows a view still holds stay; one no view holds is finalized in that thread (a node holds
   * only memory and references dropped atomically) */
  _ramo_projection_release_in_thread ((GDestroyNotify) _ramo_node_table_free,
                                      _ramo_node_table_steal (&self->nodes));
}

static void
free_rows (RamoProjection *self)
{
  _ramo_projection_free_row_infos (g_steal_pointer (&self->rows), self->n_rows);
  self->n_rows = 0;
  g_clear_pointer (&self->top, g_ptr_array_unref);
}

/* Lays the session out again: brings the caches up to date and makes the layout, at once or,
 * for a filter or search change of a projection that lays out in steps, starting with one
 * step (see ramo-projection-steps.c). */
static void
rebuild_layout (RamoProjection *self,
                gboolean        incremental)
{
  GPtrArray *roots = ramo_session_manager_get_roots (self->manager);
  GPtrArray *entries = _ramo_session_manager_get_entries (self->manager);
  guint n = entries->len;
  RamoEntry *leaf = ramo_session_manager_get_leaf (self->manager);
  /* asked for by set_filter() and set_search() for this layout only, not for one a handler
   * of its signals may start */
  gboolean keep_if_same = !incremental && self->keep_if_same && self->rows != NULL;
  gboolean in_steps = keep_if_same && self->layout_in_steps;
  RamoLayoutJob *job;

  self->keep_if_same = FALSE;
  /* a layout under way is superseded (callers that need it finish it first) */
  _ramo_projection_drop_job (self);

  _ramo_projection_sync_caches (self, entries, n);
  _ramo_projection_ensure_order (self, roots, n, leaf);
  job = _ramo_layout_job_new (self, n, leaf, incremental && self->rows != NULL, keep_if_same);
  if (_ramo_projection_run_job (self, job, in_steps ? g_get_monotonic_time () + self->step_usec : G_MAXINT64))
    {
      _ramo_projection_install_layout (self, job);
      /* The layout's work arrays (20 bytes an entry) are kept for the next change only where
       * changes come one after another (a window lays out in steps); a projection laid out at
       * once, as ramo-session's, lets them go (unless a handler started a layout meanwhile). */
      if (!self->layout_in_steps && self->job == NULL)
        {
          g_clear_pointer (&self->scratch, g_free);
          self->n_scratch = 0;
        }
    }
  else
    _ramo_projection_start_job (self, job);
}

/* Makes @job's complete layout the projection's (and frees @job), then tells the views how
 * the lists changed (see ramo_projection_rebuild() and ramo_projection_update()). */
void
_ramo_projection_install_layout (RamoProjection *self,
                                 RamoLayoutJob  *job)
{
  gboolean was_laying_out = job->in_steps;
  guint old_n = self->top ? self->top->len : 0;
  guint old_visible = self->n_visible;
  RamoRowInfo *old_rows = NULL;
  guint n_old_rows = 0;
  g_autoptr(GPtrArray) old_top = NULL;
  guint top_from = 0;
  gboolean incremental = job->incremental;
  gboolean keep_if_same = job->keep_if_same;
  gboolean unchanged = FALSE;

  g_assert (job->phase == RAMO_LAYOUT_DONE);
  g_assert (self->job == NULL);

  if (incremental || keep_if_same)
    {
      /* keep the old layout until the lists are compared */
      old_rows = g_steal_pointer (&self->rows);
      n_old_rows = self->n_rows;
      old_top = g_steal_pointer (&self->top);
    }
  else
    {
      forget_nodes (self);
      free_rows (self);
    }
  self->generation++;
  self->rows = g_steal_pointer (&job->rows);
  self->n_rows = job->n_rows;
  self->top = g_steal_pointer (&job->top);
  self->n_visible = job->n_visible;
  _ramo_layout_job_free (job);

  if (incremental)
    top_from = _ramo_projection_update_nodes (self, old_rows, n_old_rows, old_top);

  /* A filter or a search that leaves the same rows (typing on often does) keeps the rows made
   * and tells the views nothing: they give each row its new list, the same. */
  if (keep_if_same)
    {
      unchanged = _ramo_projection_same_layout (self, old_rows, n_old_rows, old_top);
      if (!unchanged)
        forget_nodes (self);
    }
  /* the old layout, kept to compare the new one with */
  _ramo_projection_free_row_infos (old_rows, n_old_rows);

  if (!unchanged && (!incremental || top_from < old_n || top_from < self->top->len))
    g_list_model_items_changed (G_LIST_MODEL (self), top_from, old_n - top_from, self->top->len - top_from);
  if (old_visible != self->n_visible)
    g_object_notify_by_pspec (G_OBJECT (self), properties [PROP_N_VISIBLE]);
  if (was_laying_out)
    g_object_notify_by_pspec (G_OBJECT (self), properties [PROP_LAYING_OUT]);
  g_signal_emit (self, signals [REBUILT], 0);
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

  /* the rows that stay are those of the layout under way */
  ramo_projection_finish_layout (self);
  rebuild_layout (self, TRUE);
}

static void
on_label_changed_cb (RamoProjection     *self,
                     const char         *target_id,
                     const char         *label,
                     RamoSessionManager *manager)
{
  RamoEntry *entry = ramo_session_manager_get_entry (manager, target_id);
  RamoProjectionNode *node;

  /* what follows changes the layout from the one under way */
  ramo_projection_finish_layout (self);
  node = entry ? _ramo_node_table_lookup (&self->nodes, entry) : NULL;

  /* when the label changes which rows are shown, the label line's entry-appended or
   * entries-added lays them out again; a row that stays must show the new label (one row an
   * id: a line another with its id shadows has none) */
  if (node)
    _ramo_projection_node_notify_label (node);
}

static void
on_leaf_changed_cb (RamoProjection     *self,
                    const char         *old_leaf_id,
                    RamoSessionManager *manager)
{
  RamoEntry *old_leaf = ramo_session_manager_get_entry (manager, old_leaf_id);
  RamoEntry *new_leaf = ramo_session_manager_get_leaf (manager);

  ramo_projection_finish_layout (self);
  /* the active path changed: the next layout walks the tree again */
  self->order_valid = FALSE;
  _ramo_projection_sync_paths (self, old_leaf, new_leaf);
  g_signal_emit (self, signals [LEAF_MOVED], 0,
                 _ramo_projection_leaf_move_changes_layout (manager, old_leaf, new_leaf));
}

static void
on_entry_appended_cb (RamoProjection     *self,
                      RamoEntry          *entry,
                      RamoSessionManager *manager)
{
  ramo_projection_finish_layout (self);
  if (_ramo_projection_label_line_keeps_layout (self, entry))
    return;
  ramo_projection_rebuild (self);
}

/* The session is read by other rules: oh-my-pi's /tree shows other rows than pi's. The
 * layout is made anew, as after a reload (which can be what changed the dialect: the entries
 * may be new ones already, and ::reloaded comes next). */
static void
on_dialect_changed_cb (RamoProjection     *self,
                       GParamSpec         *pspec,
                       RamoSessionManager *manager)
{
  if (self->kinds_dialect == ramo_session_manager_get_dialect (manager))
    return;
  /* the layout under way read the caches of the other rules */
  _ramo_projection_drop_job (self);
  _ramo_projection_forget_caches (self);
  ramo_projection_rebuild (self);
}

static void
on_reloaded_cb (RamoProjection     *self,
                RamoSessionManager *manager)
{
  /* the entries are new ones: the anchor was one of the old, and so were the rows of a
   * layout under way */
  _ramo_projection_drop_job (self);
  self->anchor = NULL;
  _ramo_projection_forget_caches (self);
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

  _ramo_projection_drop_job (self);
  _ramo_node_table_clear (&self->nodes);
  self->epoch++;
  if (self->link)
    {
      self->link->projection = NULL;
      g_clear_pointer (&self->link, _ramo_projection_link_unref);
    }

  G_OBJECT_CLASS (ramo_projection_parent_class)->dispose (object);
}

static void
ramo_projection_finalize (GObject *object)
{
  RamoProjection *self = (RamoProjection *)object;

  free_rows (self);
  _ramo_projection_forget_caches (self);
  _ramo_node_table_release (&self->nodes);
  g_clear_pointer (&self->search, g_free);
  _ramo_projection_free_terms (self);
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
    case PROP_LAYING_OUT:
      g_value_set_boolean (value, self->job != NULL);
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

  /**
   * RamoProjection:laying-out:
   *
   * Whether a layout in steps is under way: the rows are still those before the last filter
   * or search change (see ramo_projection_set_layout_in_steps()).
   */
  properties [PROP_LAYING_OUT] =
    g_param_spec_boolean ("laying-out", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

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

  /**
   * RamoProjection::leaf-moved:
   * @self: the projection
   * @changes_layout: whether the move changes pi's layout (a branch entered or left at a
   *   branch point, or an assistant turn with no text shown or hidden); the projection does
   *   not lay itself out again for it: its views choose when
   *
   * The session's leaf moved; the rows on the old and the new active path have updated their
   * markers already.
   */
  signals [LEAF_MOVED] =
    g_signal_new ("leaf-moved",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_BOOLEAN);
}

static void
ramo_projection_init (RamoProjection *self)
{
  self->link = g_new0 (RamoProjectionLink, 1);
  g_atomic_ref_count_init (&self->link->ref_count);
  self->link->projection = self;
  self->step_usec = RAMO_PROJECTION_STEP_USEC;
  self->clock_every = RAMO_LAYOUT_CLOCK_EVERY;
}

/**
 * ramo_projection_new:
 * @manager: the session to project
 *
 * Creates the projection of @manager with the default filter and no search, and keeps it up
 * to date as entries are appended, labels change, the leaf moves and the session's dialect
 * changes (the filters are those of the dialect's agent: pi's or oh-my-pi's /tree).
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
  g_signal_connect_object (manager, "notify::dialect", G_CALLBACK (on_dialect_changed_cb), self, G_CONNECT_SWAPPED);
  self->kinds_dialect = ramo_session_manager_get_dialect (manager);
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
  g_return_if_fail (RAMO_IS_PROJECTION (self));

  if (g_strcmp0 (self->search, search) == 0)
    return;

  g_free (self->search);
  self->search = g_strdup (search);
  _ramo_projection_set_terms (self, search);

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
 * Returns: how many entries the session has: one per id (ramo_session_manager_get_n_ids())
 */
guint
ramo_projection_get_n_total (RamoProjection *self)
{
  g_return_val_if_fail (RAMO_IS_PROJECTION (self), 0);
  return ramo_session_manager_get_n_ids (self->manager);
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
 * ramo_projection_node_get_shows_leaf:
 * @self: a node
 *
 * Whether the row is the one that shows where the leaf is: the leaf's own row, or, when the
 * filter or the search hides the leaf, the row of its nearest ancestor that has one. It lives
 * with ramo_projection_nearest_visible(), whose answer it is; the node file calls nothing of
 * the projection's.
 *
 * Returns: %TRUE when the entry is ramo_projection_nearest_visible() of the leaf
 */
gboolean
ramo_projection_node_get_shows_leaf (RamoProjectionNode *self)
{
  RamoProjection *projection;

  g_return_val_if_fail (RAMO_IS_PROJECTION_NODE (self), FALSE);
  projection = RAMO_PROJECTION_OF (self);
  return projection != NULL &&
         ramo_projection_nearest_visible (projection, ramo_session_manager_get_leaf (projection->manager)) == self->entry;
}


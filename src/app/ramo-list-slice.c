/* ramo-list-slice.c
 *
 * Copyright 2026 The Ramo authors
 *
 * This program is free software: you can redistribute it and/or modify it under the terms of the
 * GNU General Public License as published by the Free Software Foundation, either version 3 of
 * the License, or (at your option) any later version.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ramo-list-slice"

#include "config.h"

#include "ramo-list-slice.h"

/**
 * RamoListSlice:
 *
 * A list model that shows a run of consecutive items of another, and grows to show them all.
 *
 * The session tree gives GTK's tree list model slices of the projection's lists: after a filter
 * or search change, only the rows near the selected row are put in the model before the first
 * frame, and the slices grow to whole lists after it (GTK 4.8 inserts every row of a list it
 * unfolds, and works out the row's position on each unfold).
 *
 * Changes of the underlying model are passed on: all of them once the slice is whole; before,
 * those that reach into the slice, which then shows the run of items from the first one it
 * held or changed to the last one (so the items changed are shown).
 *
 * A slice can be detached: it then holds nothing of the model and tells nothing more, and its
 * items are %NULL (a replaced tree list model must not hear of a new layout; see
 * RamoSessionTree).
 */

struct _RamoListSlice
{
  GObject     parent_instance;

  GListModel *model;     /* (nullable) NULL once detached */
  GType       item_type;
  gulong      handler;
  guint       start;     /* the first item shown, a position in @model */
  guint       n_items;   /* items shown */
  guint       n_model;   /* items in @model, as last heard */
};

static void ramo_list_slice_list_model_init (GListModelInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (RamoListSlice, ramo_list_slice, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_LIST_MODEL, ramo_list_slice_list_model_init))

static GType
ramo_list_slice_get_item_type (GListModel *list)
{
  return RAMO_LIST_SLICE (list)->item_type;
}

static guint
ramo_list_slice_get_n_items (GListModel *list)
{
  return RAMO_LIST_SLICE (list)->n_items;
}

static gpointer
ramo_list_slice_get_item (GListModel *list,
                          guint       position)
{
  RamoListSlice *self = RAMO_LIST_SLICE (list);

  if (self->model == NULL || position >= self->n_items)
    return NULL;
  return g_list_model_get_item (self->model, self->start + position);
}

static void
ramo_list_slice_list_model_init (GListModelInterface *iface)
{
  iface->get_item_type = ramo_list_slice_get_item_type;
  iface->get_n_items = ramo_list_slice_get_n_items;
  iface->get_item = ramo_list_slice_get_item;
}

static void
ramo_list_slice_dispose (GObject *object)
{
  ramo_list_slice_detach (RAMO_LIST_SLICE (object));
  G_OBJECT_CLASS (ramo_list_slice_parent_class)->dispose (object);
}

static void
ramo_list_slice_class_init (RamoListSliceClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = ramo_list_slice_dispose;
}

static void
ramo_list_slice_init (RamoListSlice *self)
{
  self->item_type = G_TYPE_OBJECT;
}

static void
model_items_changed_cb (RamoListSlice *self,
                        guint          position,
                        guint          removed,
                        guint          added,
                        GListModel    *model)
{
  guint end = self->start + self->n_items;
  gboolean whole = ramo_list_slice_is_whole (self);
  guint new_start, new_end, old_n_items, prefix, suffix;

  self->n_model = self->n_model - removed + added;

  if (whole)
    {
      self->n_items = self->n_model;
      g_list_model_items_changed (G_LIST_MODEL (self), position, removed, added);
      return;
    }

  /* after the slice (or just after it): nothing shown moves */
  if (position >= end)
    return;
  /* before it (or just before it): the items shown move */
  if (position + removed <= self->start)
    {
      self->start = self->start + added - removed;
      return;
    }

  /* into it: the slice takes in the items changed; the items it showed before and after them
   * stay (a view keeps what it made of them) */
  prefix = position > self->start ? position - self->start : 0;
  suffix = position + removed < end ? end - (position + removed) : 0;
  new_start = MIN (self->start, position);
  new_end = MAX (end, position + removed) + added - removed;
  old_n_items = self->n_items;
  self->start = new_start;
  self->n_items = new_end - new_start;
  g_list_model_items_changed (G_LIST_MODEL (self), prefix,
                              old_n_items - prefix - suffix, self->n_items - prefix - suffix);
}

/**
 * ramo_list_slice_new:
 * @model: the list model to show a part of
 * @start: the position in @model of the first item shown
 * @n_items: how many items are shown (clamped to those @model has from @start)
 *
 * Returns: (transfer full): a slice showing items @start to @start + @n_items - 1 of @model
 */
RamoListSlice *
ramo_list_slice_new (GListModel *model,
                     guint       start,
                     guint       n_items)
{
  RamoListSlice *self;

  g_return_val_if_fail (G_IS_LIST_MODEL (model), NULL);

  self = g_object_new (RAMO_TYPE_LIST_SLICE, NULL);
  self->model = g_object_ref (model);
  self->item_type = g_list_model_get_item_type (model);
  self->n_model = g_list_model_get_n_items (model);
  self->start = MIN (start, self->n_model);
  self->n_items = MIN (n_items, self->n_model - self->start);
  self->handler = g_signal_connect_swapped (model, "items-changed", G_CALLBACK (model_items_changed_cb), self);
  return self;
}

/**
 * ramo_list_slice_get_model:
 * @self: a slice
 *
 * Returns: (transfer none) (nullable): the model it shows a part of, %NULL once detached
 */
GListModel *
ramo_list_slice_get_model (RamoListSlice *self)
{
  g_return_val_if_fail (RAMO_IS_LIST_SLICE (self), NULL);

  return self->model;
}

/**
 * ramo_list_slice_get_start:
 * @self: a slice
 *
 * Returns: the position in the model of the slice's first item (0 once whole)
 */
guint
ramo_list_slice_get_start (RamoListSlice *self)
{
  g_return_val_if_fail (RAMO_IS_LIST_SLICE (self), 0);

  return self->start;
}

/**
 * ramo_list_slice_is_whole:
 * @self: a slice
 *
 * Returns: whether it shows every item of its model (a detached slice is whole: it will not
 *   grow)
 */
gboolean
ramo_list_slice_is_whole (RamoListSlice *self)
{
  g_return_val_if_fail (RAMO_IS_LIST_SLICE (self), TRUE);

  return self->model == NULL || (self->start == 0 && self->n_items == self->n_model);
}

/**
 * ramo_list_slice_grow:
 * @self: a slice
 * @max_items: how many items it may take in at most, 0 for all
 *
 * Shows more of the model: first the items before the slice, then those after it (one
 * #GListModel::items-changed for each run taken in).
 *
 * Returns: %TRUE when the slice is whole now
 */
gboolean
ramo_list_slice_grow (RamoListSlice *self,
                      guint          max_items)
{
  guint n;

  g_return_val_if_fail (RAMO_IS_LIST_SLICE (self), TRUE);

  if (ramo_list_slice_is_whole (self))
    return TRUE;
  if (max_items == 0)
    max_items = G_MAXUINT;

  n = MIN (self->start, max_items);
  if (n > 0)
    {
      self->start -= n;
      self->n_items += n;
      max_items -= n;
      g_list_model_items_changed (G_LIST_MODEL (self), 0, 0, n);
    }

  n = MIN (self->n_model - (self->start + self->n_items), max_items);
  if (n > 0)
    {
      guint position = self->n_items;

      self->n_items += n;
      g_list_model_items_changed (G_LIST_MODEL (self), position, 0, n);
    }

  return ramo_list_slice_is_whole (self);
}

/**
 * ramo_list_slice_detach:
 * @self: a slice
 *
 * Lets go of the model: the slice keeps its number of items, but they are %NULL, and it hears
 * of no more changes.
 */
void
ramo_list_slice_detach (RamoListSlice *self)
{
  g_return_if_fail (RAMO_IS_LIST_SLICE (self));

  if (self->model)
    g_clear_signal_handler (&self->handler, self->model);
  g_clear_object (&self->model);
}

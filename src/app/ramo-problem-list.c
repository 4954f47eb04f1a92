/* ramo-problem-list.c
 *
 * Copyright 2026 The Ramo authors
 *
 * This program is free software: you can redistribute it and/or modify it under the terms of the
 * GNU General Public License as published by the Free Software Foundation, either version 3 of
 * the License, or (at your option) any later version.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ramo-problem-list"

#include "config.h"

#include "ramo-problem-list.h"

/*
 * A session's problems as a list model. A broken file can have a problem on each of a million
 * lines, so the items are made when the list view asks for one (the rows in view), each
 * holding the array it points into.
 */

struct _RamoProblemItem
{
  GObject    parent_instance;
  GPtrArray *problems;
  guint      index;
};

G_DEFINE_FINAL_TYPE (RamoProblemItem, ramo_problem_item, G_TYPE_OBJECT)

static void
ramo_problem_item_finalize (GObject *object)
{
  RamoProblemItem *self = RAMO_PROBLEM_ITEM (object);

  g_clear_pointer (&self->problems, g_ptr_array_unref);
  G_OBJECT_CLASS (ramo_problem_item_parent_class)->finalize (object);
}

static void
ramo_problem_item_class_init (RamoProblemItemClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = ramo_problem_item_finalize;
}

static void
ramo_problem_item_init (RamoProblemItem *self)
{
}

/**
 * ramo_problem_item_get_problem:
 * @self: an item of a #RamoProblemList
 *
 * Returns: (transfer none): the problem, valid as long as @self is
 */
const RamoProblem *
ramo_problem_item_get_problem (RamoProblemItem *self)
{
  g_return_val_if_fail (RAMO_IS_PROBLEM_ITEM (self), NULL);
  return g_ptr_array_index (self->problems, self->index);
}

struct _RamoProblemList
{
  GObject    parent_instance;
  GPtrArray *problems;
};

static GType
ramo_problem_list_get_item_type (GListModel *model)
{
  return RAMO_TYPE_PROBLEM_ITEM;
}

static guint
ramo_problem_list_get_n_items (GListModel *model)
{
  return RAMO_PROBLEM_LIST (model)->problems->len;
}

static gpointer
ramo_problem_list_get_item (GListModel *model,
                            guint       position)
{
  RamoProblemList *self = RAMO_PROBLEM_LIST (model);
  RamoProblemItem *item;

  if (position >= self->problems->len)
    return NULL;
  item = g_object_new (RAMO_TYPE_PROBLEM_ITEM, NULL);
  item->problems = g_ptr_array_ref (self->problems);
  item->index = position;
  return item;
}

static void
ramo_problem_list_model_init (GListModelInterface *iface)
{
  iface->get_item_type = ramo_problem_list_get_item_type;
  iface->get_n_items = ramo_problem_list_get_n_items;
  iface->get_item = ramo_problem_list_get_item;
}

G_DEFINE_FINAL_TYPE_WITH_CODE (RamoProblemList, ramo_problem_list, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_LIST_MODEL, ramo_problem_list_model_init))

static void
ramo_problem_list_finalize (GObject *object)
{
  RamoProblemList *self = RAMO_PROBLEM_LIST (object);

  g_clear_pointer (&self->problems, g_ptr_array_unref);
  G_OBJECT_CLASS (ramo_problem_list_parent_class)->finalize (object);
}

static void
ramo_problem_list_class_init (RamoProblemListClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = ramo_problem_list_finalize;
}

static void
ramo_problem_list_init (RamoProblemList *self)
{
}

/**
 * ramo_problem_list_new:
 * @problems: (element-type RamoProblem): problems, as ramo_session_manager_dup_problems()
 *   gives them; the list holds a reference and never changes them
 *
 * Returns: (transfer full): a list model of #RamoProblemItem, one per problem
 */
RamoProblemList *
ramo_problem_list_new (GPtrArray *problems)
{
  RamoProblemList *self = g_object_new (RAMO_TYPE_PROBLEM_LIST, NULL);

  g_return_val_if_fail (problems != NULL, self);
  self->problems = g_ptr_array_ref (problems);
  return self;
}

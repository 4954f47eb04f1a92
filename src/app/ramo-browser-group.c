/* ramo-browser-group.c
 *
 * Copyright 2026 The Ramo authors
 *
 * This program is free software: you can redistribute it and/or modify it under the terms of the
 * GNU General Public License as published by the Free Software Foundation, either version 3 of
 * the License, or (at your option) any later version.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ramo-session-browser"

#include "config.h"

#include "ramo-browser-group.h"

/**
 * RamoBrowserGroup:
 *
 * A project in the session browser's list: the folder its sessions worked in (their header's
 * `cwd`) and how many of them are shown. GTK 4.8 list views have no section headers, so the list
 * is flat: a group item before the sessions of each project (ramo-session-list.c).
 */

struct _RamoBrowserGroup
{
  GObject  parent_instance;

  char    *cwd;
  guint    n_sessions;
};

G_DEFINE_FINAL_TYPE (RamoBrowserGroup, ramo_browser_group, G_TYPE_OBJECT)

static void
ramo_browser_group_finalize (GObject *object)
{
  g_free (RAMO_BROWSER_GROUP (object)->cwd);
  G_OBJECT_CLASS (ramo_browser_group_parent_class)->finalize (object);
}

static void
ramo_browser_group_class_init (RamoBrowserGroupClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = ramo_browser_group_finalize;
}

static void
ramo_browser_group_init (RamoBrowserGroup *self)
{
}

/**
 * ramo_browser_group_new:
 * @cwd: (nullable): the project folder; %NULL when the sessions do not say
 * @n_sessions: how many sessions follow it
 *
 * Returns: (transfer full): a new group
 */
RamoBrowserGroup *
ramo_browser_group_new (const char *cwd,
                        guint       n_sessions)
{
  RamoBrowserGroup *self = g_object_new (RAMO_TYPE_BROWSER_GROUP, NULL);

  self->cwd = g_strdup (cwd);
  self->n_sessions = n_sessions;
  return self;
}

/**
 * ramo_browser_group_get_cwd:
 * @self: a group
 *
 * Returns: (nullable): the project folder
 */
const char *
ramo_browser_group_get_cwd (RamoBrowserGroup *self)
{
  g_return_val_if_fail (RAMO_IS_BROWSER_GROUP (self), NULL);
  return self->cwd;
}

/**
 * ramo_browser_group_get_n_sessions:
 * @self: a group
 *
 * Returns: how many sessions follow the group in the list
 */
guint
ramo_browser_group_get_n_sessions (RamoBrowserGroup *self)
{
  g_return_val_if_fail (RAMO_IS_BROWSER_GROUP (self), 0);
  return self->n_sessions;
}

/**
 * ramo_browser_group_equal:
 * @self: a group
 * @other: another group
 *
 * Returns: %TRUE when both would show the same (folder and count), so that a list being
 *   rebuilt can keep the item it has
 */
gboolean
ramo_browser_group_equal (RamoBrowserGroup *self,
                          RamoBrowserGroup *other)
{
  g_return_val_if_fail (RAMO_IS_BROWSER_GROUP (self), FALSE);
  g_return_val_if_fail (RAMO_IS_BROWSER_GROUP (other), FALSE);

  return g_strcmp0 (self->cwd, other->cwd) == 0 && self->n_sessions == other->n_sessions;
}

/* ramo-session-dialect.c
 *
 * Copyright 2026 The Ramo authors
 *
 * This program is free software: you can redistribute it and/or modify it under the terms of the
 * GNU General Public License as published by the Free Software Foundation, either version 3 of
 * the License, or (at your option) any later version.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ramo-session"

#include "config.h"

#include "ramo-entry-tree.h"
#include "ramo-session-manager-private.h"

/* The session manager's dialect: which agent's rules the file is read by. Detected from the
 * file as it loads and grows; a choice made with ramo_session_manager_set_dialect() wins. */

/**
 * ramo_session_manager_get_detected_dialect:
 * @self: a session manager
 *
 * The dialect the file itself points to: oh-my-pi when it starts with oh-my-pi's title slot,
 * holds an entry only oh-my-pi writes (see ramo_dialect_is_omp_entry_type(), and a
 * `model_change` with `model: "provider/id"`), or lives under `~/.omp/`; pi otherwise.
 *
 * Returns: the detected dialect
 */
RamoDialect
ramo_session_manager_get_detected_dialect (RamoSessionManager *self)
{
  g_return_val_if_fail (RAMO_IS_SESSION_MANAGER (self), RAMO_DIALECT_PI);

  if (self->has_title_slot || self->omp_seen || ramo_dialect_path_is_omp (self->path))
    return RAMO_DIALECT_OMP;
  return RAMO_DIALECT_PI;
}

/**
 * ramo_session_manager_get_dialect:
 * @self: a session manager
 *
 * The rules the session is read and written by: the one chosen with
 * ramo_session_manager_set_dialect(), else the detected one. It can change while a followed
 * file grows (an oh-my-pi entry arrives); #RamoSessionManager:dialect is notified then.
 *
 * Returns: the dialect in use
 */
RamoDialect
ramo_session_manager_get_dialect (RamoSessionManager *self)
{
  g_return_val_if_fail (RAMO_IS_SESSION_MANAGER (self), RAMO_DIALECT_PI);
  return self->dialect;
}

/**
 * ramo_session_manager_get_dialect_chosen:
 * @self: a session manager
 *
 * Returns: %TRUE when the dialect was chosen with ramo_session_manager_set_dialect() rather
 *   than detected
 */
gboolean
ramo_session_manager_get_dialect_chosen (RamoSessionManager *self)
{
  g_return_val_if_fail (RAMO_IS_SESSION_MANAGER (self), FALSE);
  return self->dialect_chosen;
}

/*
 * The children of an entry are in the order of the dialect's agent: pi's sort and Date.parse
 * are V8's, oh-my-pi's Bun's (ramo-entry-tree.c). The entries' times and the children are
 * kept by self->order_dialect; the load reads the times as pi does, so the entries from
 * self->n_timed on have pi's times until ordered.
 */

/* Before the children of a new entry are sorted: the times of the entries read since, made
 * by the order's rules. Returns them. */
RamoDialect
_ramo_session_manager_time_entries (RamoSessionManager *self)
{
  if (self->order_dialect != RAMO_DIALECT_PI)
    ramo_entry_tree_set_times (self->entries, self->n_timed, self->order_dialect);
  self->n_timed = self->entries->len;
  return self->order_dialect;
}

/* Before the whole tree is sorted (a load, lines read from the file): the rules to sort by,
 * those the dialect will be once _ramo_session_manager_update_dialect() has run, and the
 * times made by them. */
RamoDialect
_ramo_session_manager_order_dialect (RamoSessionManager *self)
{
  RamoDialect dialect = self->dialect_chosen ? self->dialect
                                             : ramo_session_manager_get_detected_dialect (self);

  if (dialect != self->order_dialect)
    {
      /* the times of pi's rules are the ones the load made */
      if (self->n_timed > 0 || dialect == RAMO_DIALECT_OMP)
        ramo_entry_tree_set_times (self->entries, 0, dialect);
      _ramo_figures_table_changed (self->figures);
      self->order_dialect = dialect;
      self->n_timed = self->entries->len;
    }
  return _ramo_session_manager_time_entries (self);
}

static void
set_effective (RamoSessionManager *self,
               RamoDialect         dialect)
{
  if (self->dialect == dialect)
    return;
  self->dialect = dialect;
  if (self->order_dialect != dialect)
    {
      /* the children in the order of the new rules, before anyone hears of them */
      ramo_entry_tree_set_times (self->entries, 0, dialect);
      _ramo_figures_table_changed (self->figures);
      self->order_dialect = dialect;
      self->n_timed = self->entries->len;
      if (self->repeated_ids != NULL)
        {
          /* lines share ids: the agent sorts a node once per line, the tree is made again */
          ramo_entry_tree_mark_path (self->leaf, FALSE);
          _ramo_session_manager_build_tree (self);
        }
      else
        ramo_entry_tree_sort_all (self->entries, dialect);
    }
  g_object_notify (G_OBJECT (self), "dialect");
  /* pi and oh-my-pi take the name from different places */
  _ramo_session_manager_notify_session_name (self);
}

/**
 * ramo_session_manager_set_dialect:
 * @self: a session manager
 * @dialect: the rules to read and write the session by
 *
 * Chooses the dialect, overriding detection (for this manager, across reloads). Contexts built
 * afterwards follow the new rules; those built before keep theirs.
 */
void
ramo_session_manager_set_dialect (RamoSessionManager *self,
                                  RamoDialect         dialect)
{
  g_return_if_fail (RAMO_IS_SESSION_MANAGER (self));
  g_return_if_fail (dialect == RAMO_DIALECT_PI || dialect == RAMO_DIALECT_OMP);

  self->dialect_chosen = TRUE;
  set_effective (self, dialect);
}

/**
 * ramo_session_manager_unset_dialect:
 * @self: a session manager
 *
 * Goes back to the detected dialect after ramo_session_manager_set_dialect().
 */
void
ramo_session_manager_unset_dialect (RamoSessionManager *self)
{
  g_return_if_fail (RAMO_IS_SESSION_MANAGER (self));

  self->dialect_chosen = FALSE;
  set_effective (self, ramo_session_manager_get_detected_dialect (self));
}

/* After a load, an append read from the file, or a reload. */
void
_ramo_session_manager_update_dialect (RamoSessionManager *self)
{
  if (!self->dialect_chosen)
    set_effective (self, ramo_session_manager_get_detected_dialect (self));
}

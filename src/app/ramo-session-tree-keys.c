/* ramo-session-tree-keys.c — keys that move through the tree's structure, and pi's tree keys
 *
 * Copyright 2026 The Ramo authors
 *
 * This program is free software: you can redistribute it and/or modify it under the terms of the
 * GNU General Public License as published by the Free Software Foundation, either version 3 of
 * the License, or (at your option) any later version.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ramo-session-tree"

#include "config.h"

#include "ramo-session-tree-private.h"

/*
 * In the tree, whatever is folded (rows unfold to show the entry moved to):
 *   Alt+Up          the row it hangs under (its parent, as shown)
 *   Alt+Down        the first row that hangs under it
 *   Ctrl+Up/Down    its previous / next sibling
 *   Ctrl+Left, Alt+Left    pi's app.tree.foldOrUp: fold the row, or go to the start of its
 *                          segment (the chain since the last branch point), or the previous one
 *   Ctrl+Right, Alt+Right  pi's app.tree.unfoldOrDown: unfold the row, or go to the next
 *                          segment start down the first branch, or the branch's end
 * and pi 1.6.0's filter keys (docs/keybindings.md) that GNOME's do not claim in a list: Ctrl+D
 * the default filter, Ctrl+T no tools, Ctrl+L labeled only, Ctrl+A all (each but Ctrl+D a
 * toggle back to the default), and Shift+T, label times. Ctrl+U is the window's (user only);
 * Ctrl+O stays "Open".
 */

typedef enum
{
  MOVE_PARENT,
  MOVE_FIRST_CHILD,
  MOVE_PREVIOUS_SIBLING,
  MOVE_NEXT_SIBLING,
  MOVE_SEGMENT_UP,
  MOVE_SEGMENT_DOWN,
} Move;

/* The start of @entry's segment: the first entry after the branch point above it (or the top
 * of the tree), as shown. */
static RamoEntry *
segment_start (RamoProjection *projection,
               RamoEntry      *entry)
{
  for (;;)
    {
      RamoEntry *parent = ramo_projection_get_visible_parent (projection, entry);

      if (parent == NULL || ramo_projection_is_branch_point (projection, parent))
        return entry;
      entry = parent;
    }
}

static RamoEntry *
sibling (RamoProjection *projection,
         RamoEntry      *entry,
         int             direction)
{
  g_autoptr(GPtrArray) siblings = ramo_projection_dup_visible_children (projection,
                                    ramo_projection_get_visible_parent (projection, entry));
  guint i;

  if (!g_ptr_array_find (siblings, entry, &i))
    return NULL;
  if (direction < 0)
    return i > 0 ? g_ptr_array_index (siblings, i - 1) : NULL;
  return i + 1 < siblings->len ? g_ptr_array_index (siblings, i + 1) : NULL;
}

static RamoEntry *
first_child (RamoProjection *projection,
             RamoEntry      *entry)
{
  g_autoptr(GPtrArray) children = ramo_projection_dup_visible_children (projection, entry);

  return children->len > 0 ? g_ptr_array_index (children, 0) : NULL;
}

/* Where @move goes from @entry, or NULL when it goes nowhere. */
static RamoEntry *
move_target (RamoProjection *projection,
             RamoEntry      *entry,
             Move            move)
{
  switch (move)
    {
    case MOVE_PARENT:
      return ramo_projection_get_visible_parent (projection, entry);

    case MOVE_FIRST_CHILD:
      return first_child (projection, entry);

    case MOVE_PREVIOUS_SIBLING:
      return sibling (projection, entry, -1);

    case MOVE_NEXT_SIBLING:
      return sibling (projection, entry, +1);

    case MOVE_SEGMENT_UP:
      {
        RamoEntry *start = segment_start (projection, entry);
        RamoEntry *parent;

        if (start != entry)
          return start;
        /* at a segment's start already: the start of the one above */
        parent = ramo_projection_get_visible_parent (projection, entry);
        return parent ? segment_start (projection, parent) : NULL;
      }

    case MOVE_SEGMENT_DOWN:
      {
        RamoEntry *e = entry;

        /* down the first branch to where the next segment starts, or to the branch's end */
        for (;;)
          {
            g_autoptr(GPtrArray) children = ramo_projection_dup_visible_children (projection, e);

            if (children->len == 0)
              return e != entry ? e : NULL;
            if (children->len > 1)
              return g_ptr_array_index (children, 0);
            e = g_ptr_array_index (children, 0);
          }
      }

    default:
      g_assert_not_reached ();
    }
}

/**
 * ramo_session_tree_move:
 * @self: a session tree
 * @move: 0 the parent, 1 the first child, 2 the previous sibling, 3 the next sibling, 4 the
 *   start of the segment (or of the one above), 5 the start of the next segment (or the end of
 *   the branch)
 *
 * Selects the entry @move leads to from the selected one, in the tree as shown (a row hangs
 * under its nearest shown ancestor), unfolding rows to show it.
 *
 * Returns: %TRUE when the selection moved
 */
gboolean
ramo_session_tree_move (RamoSessionTree *self,
                        guint            move)
{
  RamoEntry *entry, *target;

  g_return_val_if_fail (RAMO_IS_SESSION_TREE (self), FALSE);
  g_return_val_if_fail (move <= MOVE_SEGMENT_DOWN, FALSE);

  entry = ramo_session_tree_get_selected_entry (self);
  if (entry == NULL)
    return FALSE;
  target = move_target (self->projection, entry, move);
  if (target == NULL || !ramo_session_tree_select_entry (self, target->id))
    return FALSE;
  _ramo_session_tree_queue_after_layout (self, TRUE, TRUE);
  return TRUE;
}

static gboolean
move_shortcut (GtkWidget *widget,
               GVariant  *args,
               gpointer   user_data)
{
  RamoSessionTree *self = RAMO_SESSION_TREE (user_data);
  Move move = g_variant_get_uint32 (args);
  RamoTreeRow *row;

  if (!_ramo_session_tree_keys_for_rows (self) || self->projection == NULL)
    return FALSE;

  /* pi: fold or unfold first, move after */
  row = _ramo_session_tree_selected_row (self);
  if (row && ramo_tree_row_is_expandable (row))
    {
      gboolean expanded = ramo_tree_row_get_expanded (row);

      if (move == MOVE_SEGMENT_UP && expanded)
        {
          ramo_tree_row_set_expanded (row, FALSE);
          return TRUE;
        }
      if (move == MOVE_SEGMENT_DOWN && !expanded)
        {
          ramo_tree_row_set_expanded (row, TRUE);
          return TRUE;
        }
    }
  ramo_session_tree_move (self, move);
  return TRUE;
}

static gboolean
filter_shortcut (GtkWidget *widget,
                 GVariant  *args,
                 gpointer   user_data)
{
  RamoSessionTree *self = RAMO_SESSION_TREE (user_data);
  RamoFilterMode mode = g_variant_get_uint32 (args);

  if (!_ramo_session_tree_keys_for_rows (self) || self->projection == NULL)
    return FALSE;
  /* pi's toggles: the mode again goes back to the default */
  if (mode != RAMO_FILTER_DEFAULT && ramo_projection_get_filter (self->projection) == mode)
    mode = RAMO_FILTER_DEFAULT;
  gtk_widget_activate_action (GTK_WIDGET (self), "win.filter", "s", ramo_filter_mode_to_string (mode));
  return TRUE;
}

/**
 * ramo_session_tree_set_show_label_times:
 * @self: a session tree
 * @show: whether labels show when they were set (pi 1.6.0's Shift+T in its tree: `HH:MM`
 *   today, `M/D HH:MM` this year, `YY/M/D HH:MM` before)
 */
void
ramo_session_tree_set_show_label_times (RamoSessionTree *self,
                                        gboolean         show)
{
  g_return_if_fail (RAMO_IS_SESSION_TREE (self));

  self->show_label_times = !!show;
  _ramo_session_tree_refresh_rows (self);
}

/**
 * ramo_session_tree_get_show_label_times:
 * @self: a session tree
 *
 * Returns: whether labels show when they were set
 */
gboolean
ramo_session_tree_get_show_label_times (RamoSessionTree *self)
{
  g_return_val_if_fail (RAMO_IS_SESSION_TREE (self), FALSE);
  return self->show_label_times;
}

static gboolean
label_times_shortcut (GtkWidget *widget,
                      GVariant  *args,
                      gpointer   user_data)
{
  RamoSessionTree *self = RAMO_SESSION_TREE (user_data);

  if (!_ramo_session_tree_keys_for_rows (self))
    return FALSE;
  ramo_session_tree_set_show_label_times (self, !self->show_label_times);
  return TRUE;
}

/* A shortcut whose callback gets @arg as a uint32 */
static void
add (GtkShortcutController *controller,
     guint                  keyval,
     GdkModifierType        modifiers,
     GtkShortcutFunc        func,
     RamoSessionTree       *self,
     guint                  arg)
{
  _ramo_session_tree_add_shortcut (controller, keyval, modifiers, func, self, g_variant_new_uint32 (arg));
}

void
_ramo_session_tree_keys_init (RamoSessionTree *self)
{
  GtkShortcutController *controller = GTK_SHORTCUT_CONTROLLER (gtk_shortcut_controller_new ());

  gtk_event_controller_set_propagation_phase (GTK_EVENT_CONTROLLER (controller), GTK_PHASE_CAPTURE);
  add (controller, GDK_KEY_Up, GDK_ALT_MASK, move_shortcut, self, MOVE_PARENT);
  add (controller, GDK_KEY_Down, GDK_ALT_MASK, move_shortcut, self, MOVE_FIRST_CHILD);
  add (controller, GDK_KEY_Up, GDK_CONTROL_MASK, move_shortcut, self, MOVE_PREVIOUS_SIBLING);
  add (controller, GDK_KEY_Down, GDK_CONTROL_MASK, move_shortcut, self, MOVE_NEXT_SIBLING);
  add (controller, GDK_KEY_Left, GDK_CONTROL_MASK, move_shortcut, self, MOVE_SEGMENT_UP);
  add (controller, GDK_KEY_Left, GDK_ALT_MASK, move_shortcut, self, MOVE_SEGMENT_UP);
  add (controller, GDK_KEY_Right, GDK_CONTROL_MASK, move_shortcut, self, MOVE_SEGMENT_DOWN);
  add (controller, GDK_KEY_Right, GDK_ALT_MASK, move_shortcut, self, MOVE_SEGMENT_DOWN);
  add (controller, GDK_KEY_d, GDK_CONTROL_MASK, filter_shortcut, self, RAMO_FILTER_DEFAULT);
  add (controller, GDK_KEY_t, GDK_CONTROL_MASK, filter_shortcut, self, RAMO_FILTER_NO_TOOLS);
  add (controller, GDK_KEY_l, GDK_CONTROL_MASK, filter_shortcut, self, RAMO_FILTER_LABELED_ONLY);
  add (controller, GDK_KEY_a, GDK_CONTROL_MASK, filter_shortcut, self, RAMO_FILTER_ALL);
  add (controller, GDK_KEY_T, GDK_SHIFT_MASK, label_times_shortcut, self, 0);
  gtk_widget_add_controller (GTK_WIDGET (self->list_view), GTK_EVENT_CONTROLLER (controller));
}

/**
 * ramo_session_tree_set_branch_badge:
 * @self: a session tree
 * @badge: what the rows that start a branch show of it, %RAMO_BADGE_NONE for nothing
 *
 * Chooses the figure of the badge at the end of each branch row (the figures of the row's
 * entry and everything below it: ramo_session_manager_get_figures()).
 */
void
ramo_session_tree_set_branch_badge (RamoSessionTree *self,
                                    RamoBadge        badge)
{
  g_return_if_fail (RAMO_IS_SESSION_TREE (self));

  if (self->branch_badge == (guint) badge)
    return;
  self->branch_badge = badge;
  _ramo_session_tree_refresh_rows (self);
}

/**
 * ramo_session_tree_get_branch_badge:
 * @self: a session tree
 *
 * Returns: what the rows that start a branch show of it
 */
RamoBadge
ramo_session_tree_get_branch_badge (RamoSessionTree *self)
{
  g_return_val_if_fail (RAMO_IS_SESSION_TREE (self), RAMO_BADGE_NONE);
  return self->branch_badge;
}

/**
 * ramo_session_tree_refresh_badges:
 * @self: a session tree
 *
 * Shows the figures of the branch rows in view again: entries were added to the session.
 */
void
ramo_session_tree_refresh_badges (RamoSessionTree *self)
{
  g_return_if_fail (RAMO_IS_SESSION_TREE (self));
  _ramo_session_tree_refresh_rows (self);
}

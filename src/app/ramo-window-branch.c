/* ramo-window-branch.c — the Branch command made in the tree: "Branch from here"
 *
 * Copyright 2026 The Ramo authors
 *
 * This program is free software: you can redistribute it and/or modify it under the terms of the
 * GNU General Public License as published by the Free Software Foundation, either version 3 of
 * the License, or (at your option) any later version.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ramo-window"

#include "config.h"

#include <string.h>

#include <glib/gi18n.h>

#include "ramo-app-util.h"
#include "ramo-window-private.h"

/*
 * With pi's `doubleEscapeAction = tree` the Branch command (the header button, Ctrl+B, the
 * menu's "Branch…") picks the message in the tree itself (spec §7): a bar above the tree names
 * the user message to branch from — the selected row's, or the nearest one above it — with
 * Cancel and Branch buttons. Moving the selection moves the choice; Enter or a double click on
 * a user message branches from it, the Branch button from the one the bar names, Escape in the
 * tree or Cancel gives up. Either way the command ends in a branch or a cancel, never in a
 * focused tree and nothing else.
 */

#define TEXT_MAX_CHARS 80

/* The user message at or above @entry, or NULL. */
static RamoEntry *
user_message_at_or_above (RamoEntry *entry)
{
  for (RamoEntry *e = entry; e; e = e->parent)
    if (ramo_entry_is_user_message (e))
      return e;
  return NULL;
}

/* The message's text as the bar shows it (without pi's "user: "). */
static char *
dup_message_text (RamoEntry *entry)
{
  const char *text = entry->display ? entry->display : "";

  if (g_str_has_prefix (text, "user: "))
    text += strlen ("user: ");
  if (*text == '\0')
    return g_strdup (_("(empty message)"));
  return ramo_ellipsize_text (text, TEXT_MAX_CHARS);
}

/* The user message the Branch button of the bar branches from: the selected row's entry. */
static RamoEntry *
branch_target (RamoWindow *self)
{
  RamoEntry *selected;

  if (!self->branching || self->manager == NULL)
    return NULL;
  selected = ramo_session_tree_get_selected_entry (self->tree);
  return selected && ramo_entry_is_user_message (selected) ? selected : NULL;
}

static void
update_bar (RamoWindow *self)
{
  RamoEntry *target;

  g_assert (RAMO_IS_WINDOW (self));

  if (!self->branching)
    return;

  target = branch_target (self);
  if (target)
    {
      g_autofree char *text = dup_message_text (target);
      g_autofree char *message = g_strdup_printf (_("Branch to a new session from “%s”"), text);

      gtk_label_set_text (self->branch_label, message);
    }
  else
    gtk_label_set_text (self->branch_label, _("Select the user message to branch from"));
  gtk_widget_set_sensitive (GTK_WIDGET (self->branch_button), target != NULL);
}

static void
tree_selected_id_cb (RamoWindow      *self,
                     GParamSpec      *pspec,
                     RamoSessionTree *tree)
{
  update_bar (self);
}

static void
manager_cb (RamoWindow *self,
            GParamSpec *pspec,
            gpointer    data)
{
  /* a new session (the branch made, another file): the choice was in the old one */
  ramo_window_end_branch_in_tree (self);
}

/**
 * ramo_window_begin_branch_in_tree:
 * @self: a window
 *
 * Starts picking the message to branch from in the tree: selects the user message at or above
 * the selected entry (at first the leaf), shows the "Branch from here" bar and focuses the
 * tree. Without a user message in the session it says so and picks nothing.
 */
void
ramo_window_begin_branch_in_tree (RamoWindow *self)
{
  RamoEntry *target;

  g_return_if_fail (RAMO_IS_WINDOW (self));

  if (self->manager == NULL)
    return;

  target = user_message_at_or_above (ramo_session_tree_get_selected_entry (self->tree));
  if (target == NULL)
    target = user_message_at_or_above (ramo_session_manager_get_leaf (self->manager));
  if (target == NULL)
    {
      ramo_window_show_toast (self, _("This session has no user message to branch from"));
      return;
    }

  self->branching = TRUE;
  ramo_session_tree_select_entry (self->tree, target->id);
  update_bar (self);
  gtk_info_bar_set_revealed (self->branch_bar, TRUE);
  ramo_session_tree_focus (self->tree);
}

/**
 * ramo_window_end_branch_in_tree:
 * @self: a window
 *
 * Hides the "Branch from here" bar without branching.
 */
void
ramo_window_end_branch_in_tree (RamoWindow *self)
{
  g_return_if_fail (RAMO_IS_WINDOW (self));

  if (!self->branching)
    return;
  self->branching = FALSE;
  gtk_info_bar_set_revealed (self->branch_bar, FALSE);
}

/**
 * ramo_window_get_branch_target:
 * @self: a window
 *
 * Returns: (nullable): while the "Branch from here" bar is shown, the user message its Branch
 *   button branches from; %NULL when the bar is hidden or the selected row is not a user message
 */
const char *
ramo_window_get_branch_target (RamoWindow *self)
{
  RamoEntry *target;

  g_return_val_if_fail (RAMO_IS_WINDOW (self), NULL);

  target = branch_target (self);
  return target ? target->id : NULL;
}

/**
 * ramo_window_get_branching_in_tree:
 * @self: a window
 *
 * Returns: whether the "Branch from here" bar is shown
 */
gboolean
ramo_window_get_branching_in_tree (RamoWindow *self)
{
  g_return_val_if_fail (RAMO_IS_WINDOW (self), FALSE);
  return self->branching;
}

static void
branch_from (RamoWindow *self,
             const char *id)
{
  g_autofree char *target = g_strdup (id);

  /* the bar goes first: a branch that fails says why in a notification */
  ramo_window_end_branch_in_tree (self);
  g_action_group_activate_action (G_ACTION_GROUP (self), "branch", g_variant_new_string (target));
}

/* Activating a row (Enter, a double click) while the bar is shown: a user message is the
 * choice. Returns TRUE when the activation was for the bar. */
gboolean
_ramo_window_branch_activate (RamoWindow *self,
                              const char *id)
{
  RamoEntry *entry;

  g_assert (RAMO_IS_WINDOW (self));

  if (!self->branching)
    return FALSE;

  entry = self->manager ? ramo_session_manager_get_entry (self->manager, id) : NULL;
  if (entry == NULL || !ramo_entry_is_user_message (entry))
    ramo_window_show_toast (self, _("Only a user message can start a new session; choose one, or press Escape"));
  else
    branch_from (self, id);
  return TRUE;
}

static void
branch_clicked_cb (RamoWindow *self,
                   GtkButton  *button)
{
  RamoEntry *target = branch_target (self);

  g_assert (RAMO_IS_WINDOW (self));

  if (target)
    branch_from (self, target->id);
}

static void
branch_cancel_clicked_cb (RamoWindow *self,
                          GtkButton  *button)
{
  g_assert (RAMO_IS_WINDOW (self));

  ramo_window_end_branch_in_tree (self);
  ramo_session_tree_focus (self->tree);
}

void
_ramo_window_class_branch_init (GtkWidgetClass *widget_class)
{
  gtk_widget_class_bind_template_child (widget_class, RamoWindow, branch_bar);
  gtk_widget_class_bind_template_child (widget_class, RamoWindow, branch_label);
  gtk_widget_class_bind_template_child (widget_class, RamoWindow, branch_button);
  gtk_widget_class_bind_template_callback (widget_class, branch_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, branch_cancel_clicked_cb);
}

void
_ramo_window_branch_init (RamoWindow *self)
{
  g_signal_connect_object (self->tree, "notify::selected-id",
                           G_CALLBACK (tree_selected_id_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect (self, "notify::manager", G_CALLBACK (manager_cb), NULL);
}

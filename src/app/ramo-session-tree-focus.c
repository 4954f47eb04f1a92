/* ramo-session-tree-focus.c — focus on a branch: the tree shown from one row down, the way
 * back, and the bar above the rows that says so
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

#include <glib/gi18n.h>

#include "ramo-app-util.h"
#include "ramo-session-tree-private.h"

/*
 * Focused on a row, the tree's top level is that row's branch (RamoProjectionBranch): the row,
 * and what hangs under it as pi lays it out — its nested rows and, when it continues a chain,
 * the rest of the chain after it. The model chain stays the same (a RamoTreeModel over slices
 * of the projection's lists, filled rows in view first): only its top list is the branch rather
 * than the projection, so focusing and going back cost the tree what a filter change costs,
 * and the projection nothing.
 *
 * Focus nests: focusing on a row of a focused branch goes one level in, and the way back goes
 * one level at a time (Escape in the tree, the bar's Back button) or to the whole session at
 * once (Show Whole Session, Alt+Home). Going back selects the row that was focused on and
 * scrolls it into view.
 *
 * The filter and the search apply within the branch. Its row is the projection's anchor
 * (ramo_projection_set_anchor()): a search never hides it, so the rows that match hang under
 * it, and when none does the tree says so ("No Matches in This Branch") and offers the whole
 * session. A filter that hides the row ends the focus (RamoSessionTree::focus-lost); so do a
 * reload and another session, quietly: nothing is carried over. The leaf moving out of the
 * branch (the agent writing elsewhere) keeps the focus, and the bar says where the leaf is.
 */

enum {
  SIGNAL_FOCUS_LOST,
  N_SIGNALS
};

static guint signals [N_SIGNALS];

#define BAR_TEXT_CHARS 80
#define BACK_TEXT_CHARS 40

static RamoEntry *
entry_of (RamoSessionTree *self,
          const char      *id)
{
  if (self->projection == NULL || id == NULL)
    return NULL;
  return ramo_session_manager_get_entry (ramo_projection_get_manager (self->projection), id);
}

static const char *
focus_id_at (RamoSessionTree *self,
             guint            level)
{
  return level < self->focus_ids->len ? g_ptr_array_index (self->focus_ids, level) : NULL;
}

GListModel *
_ramo_session_tree_top_list (RamoSessionTree *self,
                             RamoProjection  *projection)
{
  if (self->branch != NULL && projection == self->projection)
    return G_LIST_MODEL (self->branch);
  return G_LIST_MODEL (projection);
}

GPtrArray *
_ramo_session_tree_dup_path (RamoSessionTree *self,
                             RamoProjection  *projection,
                             RamoEntry       *entry)
{
  if (self->branch != NULL && projection == self->projection)
    return ramo_projection_branch_dup_node_path (self->branch, entry);
  return ramo_projection_dup_node_path (projection, entry);
}

/* As ramo_projection_dup_node_path_tail(), from the tree's top level (the branch's, focused). */
GPtrArray *
_ramo_session_tree_dup_path_tail (RamoSessionTree     *self,
                                  RamoEntry           *entry,
                                  guint                max_levels,
                                  RamoProjectionNode **above,
                                  guint               *depth)
{
  if (self->branch != NULL)
    return ramo_projection_branch_dup_node_path_tail (self->branch, entry, max_levels, above, depth);
  return ramo_projection_dup_node_path_tail (self->projection, entry, max_levels, above, depth);
}

GArray *
_ramo_session_tree_dup_top_unfoldable (RamoSessionTree *self,
                                       RamoProjection  *projection)
{
  if (self->branch != NULL && projection == self->projection)
    return ramo_projection_branch_dup_unfoldable (self->branch);
  return ramo_projection_dup_unfoldable (projection, NULL);
}

/* Whether @entry's row is in the tree shown (always, when not focused). */
gboolean
_ramo_session_tree_focus_contains (RamoSessionTree *self,
                                   RamoEntry       *entry)
{
  return self->branch == NULL || ramo_projection_branch_contains (self->branch, entry);
}

/* The page of the tree's stack: the rows, or why there are none. */
const char *
_ramo_session_tree_empty_page (RamoSessionTree *self)
{
  g_autoptr(RamoProjectionNode) node = NULL;
  RamoEntry *entry;
  guint elsewhere;

  if (self->projection == NULL || g_list_model_get_n_items (G_LIST_MODEL (self->projection)) == 0)
    return "empty";
  if (self->branch == NULL || g_list_model_get_n_items (G_LIST_MODEL (self->branch)) != 1)
    return "list";

  /* the branch's row alone, there only as the anchor of a search that finds nothing in it */
  entry = ramo_projection_branch_get_entry (self->branch);
  node = g_list_model_get_item (G_LIST_MODEL (self->branch), 0);
  if (!ramo_projection_is_anchored (self->projection, entry) || (node && ramo_projection_node_has_children (node)))
    return "list";

  elsewhere = ramo_projection_get_n_visible (self->projection) - 1;
  if (elsewhere > 0)
    {
      g_autofree char *text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                            "%u entry matches elsewhere in the session",
                                                            "%u entries match elsewhere in the session",
                                                            elsewhere),
                                               elsewhere);

      adw_status_page_set_description (self->branch_empty_page, text);
    }
  else
    adw_status_page_set_description (self->branch_empty_page, _("Nothing in the session matches either"));
  return "branch-empty";
}

static void
update_actions (RamoSessionTree *self)
{
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "tree.focus-back", self->focus_ids->len > 0);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "tree.show-whole-session", self->focus_ids->len > 0);
}

/* The bar above the rows: the branch shown, where the leaf is, the way back. */
static void
update_bar (RamoSessionTree *self)
{
  RamoEntry *entry = self->branch ? ramo_projection_branch_get_entry (self->branch) : NULL;
  g_autofree char *text = NULL;
  g_autofree char *title = NULL;
  RamoEntry *leaf;
  gboolean nested;

  if (entry == NULL)
    {
      self->leaf_outside = FALSE;
      gtk_revealer_set_reveal_child (self->focus_revealer, FALSE);
      return;
    }

  text = ramo_ellipsize_text (entry->display ? entry->display : entry->id, BAR_TEXT_CHARS);
  /* Translators: above the tree when it shows one branch only; %s is the text of its first entry */
  title = g_strdup_printf (_("Focused on “%s”"), text);
  gtk_label_set_text (self->focus_label, title);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->focus_label), entry->display);

  /* the leaf's row (or that of its nearest shown ancestor) */
  leaf = ramo_session_tree_get_shown_leaf (self);
  self->leaf_outside = leaf == NULL || !ramo_projection_branch_contains (self->branch, leaf);
  /* said either way, so that the bar keeps its height (the rows never move under it) */
  gtk_label_set_text (self->focus_note, self->leaf_outside ? _("The leaf is outside this branch")
                                                           : _("The leaf is in this branch"));

  nested = self->focus_ids->len > 1;
  gtk_widget_set_visible (GTK_WIDGET (self->focus_back_button), nested);
  if (nested)
    {
      RamoEntry *outer = entry_of (self, focus_id_at (self, self->focus_ids->len - 2));
      g_autofree char *outer_text = ramo_ellipsize_text (outer && outer->display ? outer->display : "", BACK_TEXT_CHARS);
      /* Translators: the tooltip of the button that goes back to the branch focused on before */
      g_autofree char *tooltip = g_strdup_printf (_("Back to “%s” (Escape)"), outer_text);

      gtk_widget_set_tooltip_text (GTK_WIDGET (self->focus_back_button), tooltip);
    }
  gtk_revealer_set_reveal_child (self->focus_revealer, TRUE);
}

/* Makes @entry the projection's anchor; returns whether the projection was laid out again for
 * it (its handlers then made the models). */
static gboolean
set_anchor (RamoSessionTree *self,
            RamoEntry       *entry)
{
  if (!ramo_projection_set_anchor (self->projection, entry))
    return FALSE;
  ramo_projection_rebuild (self->projection);
  return TRUE;
}

/* Shows the tree from the current branch (the whole session without one), the wanted row
 * selected and in view. */
static void
show_focus (RamoSessionTree *self,
            gboolean         had_focus)
{
  RamoEntry *anchor = self->branch ? ramo_projection_branch_get_entry (self->branch) : NULL;

  update_actions (self);
  if (!set_anchor (self, anchor))
    {
      self->in_rebuild = TRUE;
      _ramo_session_tree_swap_models (self);
      /* no RamoProjection::rebuilt follows to take the models in */
      self->models_fresh = FALSE;
      self->in_rebuild = FALSE;
      gtk_stack_set_visible_child_name (self->stack, _ramo_session_tree_empty_page (self));
    }
  update_bar (self);
  if (had_focus && !_ramo_session_tree_focus_is_inside (GTK_WIDGET (self->list_view)))
    gtk_widget_grab_focus (GTK_WIDGET (self->list_view));
  _ramo_session_tree_queue_after_layout (self, TRUE, had_focus);
  _ramo_session_tree_notify_focus_id (self);
}

/**
 * ramo_session_tree_focus_branch:
 * @self: a session tree
 * @id: an entry with a row
 *
 * Shows only the branch of @id's row: the row as the top row, and what hangs under it as it
 * is laid out in the whole tree. Within a focused branch this goes one level in; for a row
 * outside it, the branch replaces the focus. The row is selected and scrolled into view.
 *
 * Returns: %FALSE when @id has no row (unknown, or hidden by the filter or the search)
 */
gboolean
ramo_session_tree_focus_branch (RamoSessionTree *self,
                                const char      *id)
{
  RamoEntry *entry;
  gboolean had_focus;

  g_return_val_if_fail (RAMO_IS_SESSION_TREE (self), FALSE);
  g_return_val_if_fail (id != NULL, FALSE);

  entry = entry_of (self, id);
  if (entry == NULL || !ramo_projection_is_visible (self->projection, entry) || self->selection == NULL)
    return FALSE;
  if (self->branch != NULL && ramo_projection_branch_get_entry (self->branch) == entry)
    return ramo_session_tree_select_entry (self, id);

  if (self->branch != NULL && !ramo_projection_branch_contains (self->branch, entry))
    g_ptr_array_set_size (self->focus_ids, 0);
  g_clear_object (&self->branch);
  self->branch = ramo_projection_dup_branch (self->projection, entry);
  g_ptr_array_add (self->focus_ids, g_strdup (id));

  /* the row comes unfolded, and selected */
  g_hash_table_remove (self->folded, id);
  g_free (self->wanted_id);
  self->wanted_id = g_strdup (id);

  had_focus = _ramo_session_tree_focus_is_inside (GTK_WIDGET (self->list_view));
  show_focus (self, had_focus);
  return TRUE;
}

/* Goes back @levels levels (G_MAXUINT: to the whole session), to the branch of an outer row
 * that still has one, and selects the row that was focused on. */
static gboolean
go_back (RamoSessionTree *self,
         guint            levels)
{
  g_autofree char *left = NULL;
  gboolean had_focus;

  if (self->focus_ids->len == 0)
    return FALSE;

  left = g_strdup (focus_id_at (self, self->focus_ids->len - 1));
  g_ptr_array_set_size (self->focus_ids, levels >= self->focus_ids->len ? 0 : self->focus_ids->len - levels);
  g_clear_object (&self->branch);
  while (self->focus_ids->len > 0)
    {
      RamoEntry *outer = entry_of (self, focus_id_at (self, self->focus_ids->len - 1));

      self->branch = outer ? ramo_projection_dup_branch (self->projection, outer) : NULL;
      if (self->branch != NULL)
        break;
      g_ptr_array_set_size (self->focus_ids, self->focus_ids->len - 1);
    }

  g_free (self->wanted_id);
  self->wanted_id = g_steal_pointer (&left);

  had_focus = _ramo_session_tree_focus_is_inside (GTK_WIDGET (self->list_view)) ||
              _ramo_session_tree_focus_is_inside (GTK_WIDGET (self->focus_revealer));
  show_focus (self, had_focus);
  return TRUE;
}

/**
 * ramo_session_tree_focus_back:
 * @self: a session tree
 *
 * Goes back one level of focus: to the branch focused on before, or to the whole session.
 * The row that was focused on is selected and scrolled into view.
 *
 * Returns: %FALSE when the tree was not focused on a branch
 */
gboolean
ramo_session_tree_focus_back (RamoSessionTree *self)
{
  g_return_val_if_fail (RAMO_IS_SESSION_TREE (self), FALSE);
  return go_back (self, 1);
}

/**
 * ramo_session_tree_show_whole_session:
 * @self: a session tree
 *
 * Ends the focus, every level of it: the whole tree again, the row focused on last selected
 * and scrolled into view.
 *
 * Returns: %FALSE when the tree was not focused on a branch
 */
gboolean
ramo_session_tree_show_whole_session (RamoSessionTree *self)
{
  g_return_val_if_fail (RAMO_IS_SESSION_TREE (self), FALSE);
  return go_back (self, G_MAXUINT);
}

/**
 * ramo_session_tree_get_focus_id:
 * @self: a session tree
 *
 * Returns: (nullable): the entry whose branch the tree shows, %NULL for the whole session
 */
const char *
ramo_session_tree_get_focus_id (RamoSessionTree *self)
{
  g_return_val_if_fail (RAMO_IS_SESSION_TREE (self), NULL);
  return self->focus_ids->len > 0 ? focus_id_at (self, self->focus_ids->len - 1) : NULL;
}

/**
 * ramo_session_tree_get_focus_depth:
 * @self: a session tree
 *
 * Returns: how many levels of focus the tree is in (0: the whole session)
 */
guint
ramo_session_tree_get_focus_depth (RamoSessionTree *self)
{
  g_return_val_if_fail (RAMO_IS_SESSION_TREE (self), 0);
  return self->focus_ids->len;
}

/**
 * ramo_session_tree_get_leaf_outside_focus:
 * @self: a session tree
 *
 * Returns: whether the tree is focused on a branch that does not hold the leaf's row (the bar
 *   above the rows says so)
 */
gboolean
ramo_session_tree_get_leaf_outside_focus (RamoSessionTree *self)
{
  g_return_val_if_fail (RAMO_IS_SESSION_TREE (self), FALSE);
  return self->branch != NULL && self->leaf_outside;
}

/**
 * ramo_session_tree_shows_entry:
 * @self: a session tree
 * @id: an entry id
 *
 * Returns: whether @id has a row in the tree shown (the filter and the search let it through,
 *   and it is in the branch focused on, if any)
 */
gboolean
ramo_session_tree_shows_entry (RamoSessionTree *self,
                               const char      *id)
{
  RamoEntry *entry;

  g_return_val_if_fail (RAMO_IS_SESSION_TREE (self), FALSE);

  entry = entry_of (self, id);
  return entry != NULL && ramo_projection_is_visible (self->projection, entry) &&
         _ramo_session_tree_focus_contains (self, entry);
}

/* Ends the focus without laying anything out: the tree leaves its projection. */
void
_ramo_session_tree_focus_clear (RamoSessionTree *self)
{
  gboolean was_focused;

  if (self->focus_ids == NULL)
    return;
  was_focused = self->focus_ids->len > 0;
  /* the tree leaves this projection: its layout is none of the tree's business any more */
  if (self->projection != NULL && self->branch != NULL)
    ramo_projection_set_anchor (self->projection, NULL);
  g_ptr_array_set_size (self->focus_ids, 0);
  g_clear_object (&self->branch);
  self->focus_lost = FALSE;
  update_bar (self);
  update_actions (self);
  if (was_focused)
    _ramo_session_tree_notify_focus_id (self);
}

/* The projection has a new layout (its rows made before are gone): the branch of the focused
 * row in it, or no focus when the row went. Called before the tree makes its new models. */
void
_ramo_session_tree_focus_follow_layout (RamoSessionTree *self)
{
  RamoEntry *entry;

  if (self->focus_ids->len == 0)
    return;

  g_clear_object (&self->branch);
  entry = entry_of (self, focus_id_at (self, self->focus_ids->len - 1));
  /* a reload forgets the anchor (its entries are new): the focus ends with it, quietly (the
   * window says the session was reloaded) */
  if (entry != NULL && ramo_projection_get_anchor (self->projection) == entry)
    {
      self->branch = ramo_projection_dup_branch (self->projection, entry);
      /* a filter hides the row: say so once the tree is laid out */
      self->focus_lost = self->branch == NULL;
    }
  if (self->branch == NULL)
    {
      /* the row has none now: the anchor does nothing, no layout is needed without it */
      ramo_projection_set_anchor (self->projection, NULL);
      g_ptr_array_set_size (self->focus_ids, 0);
      self->focus_notify = TRUE;
    }
}

/* Kept models (lines appended, a search that left the same rows) whose branch lost its row's
 * place: new ones over the new place, or over the whole session when the row went. */
void
_ramo_session_tree_focus_keep_models (RamoSessionTree *self)
{
  if (self->models_fresh || self->focus_ids->len == 0 ||
      (self->branch != NULL && ramo_projection_branch_is_current (self->branch)))
    return;
  _ramo_session_tree_focus_follow_layout (self);
  _ramo_session_tree_swap_models (self);
}

/* The entry to select in the tree shown: @entry, or the focused row for an entry outside the
 * branch. */
RamoEntry *
_ramo_session_tree_focus_stand_in (RamoSessionTree *self,
                                   RamoEntry       *entry)
{
  if (!_ramo_session_tree_focus_contains (self, ramo_projection_nearest_visible (self->projection, entry)))
    return ramo_projection_branch_get_entry (self->branch);
  return entry;
}

/* After each layout: the bar, and what became of the focus. */
void
_ramo_session_tree_focus_rebuilt (RamoSessionTree *self)
{
  update_bar (self);
  update_actions (self);
  if (self->focus_notify)
    {
      self->focus_notify = FALSE;
      _ramo_session_tree_notify_focus_id (self);
    }
  if (self->focus_lost)
    {
      self->focus_lost = FALSE;
      g_signal_emit (self, signals [SIGNAL_FOCUS_LOST], 0);
    }
}

static void
projection_leaf_moved_cb (RamoSessionTree *self,
                          gboolean         changes_layout,
                          RamoProjection  *projection)
{
  if (self->branch != NULL)
    update_bar (self);
}

static void
focus_back_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  ramo_session_tree_focus_back (RAMO_SESSION_TREE (widget));
}

static void
show_whole_session_action (GtkWidget  *widget,
                           const char *action_name,
                           GVariant   *parameter)
{
  ramo_session_tree_show_whole_session (RAMO_SESSION_TREE (widget));
}

void
_ramo_session_tree_focus_class_init (GtkWidgetClass *widget_class)
{
  /**
   * RamoSessionTree::focus-lost:
   * @self: the session tree
   *
   * The row the tree was focused on has no row any more (a filter hides it): the tree shows
   * the whole session again. (A reload or another session ends the focus without it.)
   */
  signals [SIGNAL_FOCUS_LOST] =
    g_signal_new ("focus-lost", G_TYPE_FROM_CLASS (widget_class), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                  NULL, G_TYPE_NONE, 0);

  gtk_widget_class_install_action (widget_class, "tree.focus-back", NULL, focus_back_action);
  gtk_widget_class_install_action (widget_class, "tree.show-whole-session", NULL, show_whole_session_action);

  gtk_widget_class_bind_template_child (widget_class, RamoSessionTree, focus_revealer);
  gtk_widget_class_bind_template_child (widget_class, RamoSessionTree, focus_label);
  gtk_widget_class_bind_template_child (widget_class, RamoSessionTree, focus_note);
  gtk_widget_class_bind_template_child (widget_class, RamoSessionTree, focus_back_button);
  gtk_widget_class_bind_template_child (widget_class, RamoSessionTree, branch_empty_page);
}

void
_ramo_session_tree_focus_init (RamoSessionTree *self)
{
  self->focus_ids = g_ptr_array_new_with_free_func (g_free);
  g_signal_group_connect_object (self->projection_signals, "leaf-moved",
                                 G_CALLBACK (projection_leaf_moved_cb), self, G_CONNECT_SWAPPED);
  update_actions (self);
}

void
_ramo_session_tree_focus_dispose (RamoSessionTree *self)
{
  g_clear_object (&self->branch);
  g_clear_pointer (&self->focus_ids, g_ptr_array_unref);
}

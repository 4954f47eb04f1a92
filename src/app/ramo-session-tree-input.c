/* ramo-session-tree-input.c
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
#include "ramo-session-row.h"
#include "ramo-session-tree-private.h"

/* What the user does in the tree: folding and unfolding rows (remembered across rebuilds),
 * the keys of a tree, the row menu, and the focus and scrolling that follow a change once the
 * list has been laid out. */

static RamoTreeRow *
get_row (RamoSessionTree *self,
         guint            position)
{
  return ramo_tree_model_get_row (self->tree_model, position);
}

void
_ramo_session_tree_tree_items_changed_cb (RamoSessionTree *self,
                       guint            position,
                       guint            removed,
                       guint            added,
                       GListModel      *model)
{
  g_autoptr(RamoTreeRow) row = NULL;
  g_autoptr(RamoProjectionNode) node = NULL;

  g_assert (RAMO_IS_SESSION_TREE (self));

  /* A row folding or unfolding changes the rows just below it; remember which rows the user
   * folded so that they stay folded across rebuilds. */
  if (self->in_rebuild || self->unfolding || position == 0 || (removed == 0) == (added == 0))
    return;

  row = get_row (self, position - 1);
  if (row == NULL || !ramo_tree_row_is_expandable (row))
    return;
  node = _ramo_session_tree_row_get_node (row);
  if (node == NULL)
    return;

  if (ramo_tree_row_get_expanded (row))
    {
      g_hash_table_remove (self->folded, ramo_projection_node_get_id (node));
      _ramo_session_tree_unfold_below (self, row);
    }
  else
    {
      guint selected = self->selection ? gtk_single_selection_get_selected (self->selection) : GTK_INVALID_LIST_POSITION;

      g_hash_table_add (self->folded, g_strdup (ramo_projection_node_get_id (node)));

      /* Folding away the selected row selects the folded one. This runs before the selection
       * model sees the change (the old position is still current); select once it has. */
      if (selected != GTK_INVALID_LIST_POSITION && selected >= position && selected < position + removed)
        self->select_after_fold = position - 1;
    }
}

void
_ramo_session_tree_selection_items_changed_cb (RamoSessionTree *self,
                            guint            position,
                            guint            removed,
                            guint            added,
                            GListModel      *model)
{
  guint target = self->select_after_fold;

  g_assert (RAMO_IS_SESSION_TREE (self));

  self->select_after_fold = GTK_INVALID_LIST_POSITION;
  if (target != GTK_INVALID_LIST_POSITION && target < g_list_model_get_n_items (model))
    gtk_single_selection_set_selected (self->selection, target);
}

/* ------------------------------------------------------------------------------------------ */
/* Finding row widgets                                                                         */

RamoSessionRow *
_ramo_session_tree_find_row_in (GtkWidget *widget)
{
  if (RAMO_IS_SESSION_ROW (widget))
    return RAMO_SESSION_ROW (widget);

  for (GtkWidget *child = gtk_widget_get_first_child (widget);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      RamoSessionRow *row = _ramo_session_tree_find_row_in (child);

      if (row)
        return row;
    }
  return NULL;
}

/* The list view's own child (its row container) holding @widget. */
static GtkWidget *
list_item_widget_of (RamoSessionTree *self,
                     GtkWidget       *widget)
{
  for (GtkWidget *w = widget; w; w = gtk_widget_get_parent (w))
    if (gtk_widget_get_parent (w) == GTK_WIDGET (self->list_view))
      return w;
  return NULL;
}

/**
 * ramo_session_tree_find_row:
 * @self: a session tree
 * @id: an entry id
 *
 * Returns: (transfer none) (nullable): the row widget showing @id, if it is realized now
 */
RamoSessionRow *
ramo_session_tree_find_row (RamoSessionTree *self,
                            const char      *id)
{
  g_return_val_if_fail (RAMO_IS_SESSION_TREE (self), NULL);

  if (id == NULL)
    return NULL;

  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self->list_view));
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      RamoSessionRow *row;
      RamoProjectionNode *node;

      if (!gtk_widget_get_child_visible (child))
        continue;
      row = _ramo_session_tree_find_row_in (child);
      node = row ? ramo_session_row_get_node (row) : NULL;
      if (node && g_strcmp0 (ramo_projection_node_get_id (node), id) == 0)
        return row;
    }
  return NULL;
}

static gboolean
after_layout_cb (gpointer data)
{
  RamoSessionTree *self = data;
  guint position;
  gboolean done = TRUE;

  self->after_layout_id = 0;

  position = gtk_single_selection_get_selected (self->selection);
  if (position == GTK_INVALID_LIST_POSITION)
    goto finish;

  if (self->want_scroll)
    ramo_list_view_scroll_to (self->list_view, position);

  if (self->want_focus || self->pending_edit_id)
    {
      RamoSessionRow *row = ramo_session_tree_find_row (self, self->selected_id);

      if (row == NULL)
        done = FALSE;
      else if (self->pending_edit_id && g_strcmp0 (self->pending_edit_id, self->selected_id) == 0)
        {
          GtkWidget *item = list_item_widget_of (self, GTK_WIDGET (row));

          if (item)
            gtk_widget_grab_focus (item);
          ramo_session_row_start_editing (row);
        }
      else
        {
          GtkWidget *item = list_item_widget_of (self, GTK_WIDGET (row));
          graphene_rect_t bounds;

          /* After a live update, focusing a row scrolled out of view would scroll to it. */
          if (self->focus_if_visible &&
              (item == NULL ||
               !gtk_widget_compute_bounds (item, GTK_WIDGET (self->list_view), &bounds) ||
               bounds.origin.y < 0 ||
               bounds.origin.y + bounds.size.height > gtk_widget_get_height (GTK_WIDGET (self->list_view))))
            ;
          else if (item)
            gtk_widget_grab_focus (item);
          else
            gtk_widget_grab_focus (GTK_WIDGET (self->list_view));
        }
    }

finish:
  if (!done && ++self->after_layout_tries < 5)
    {
      /* The row appears once the list has been laid out with the new scroll position. */
      self->want_scroll = FALSE;
      self->after_layout_id = g_timeout_add (30, after_layout_cb, self);
      return G_SOURCE_REMOVE;
    }

  self->focus_if_visible = FALSE;

  self->want_scroll = FALSE;
  self->want_focus = FALSE;
  self->after_layout_tries = 0;
  g_clear_pointer (&self->pending_edit_id, g_free);
  return G_SOURCE_REMOVE;
}

void
_ramo_session_tree_queue_after_layout (RamoSessionTree *self,
                    gboolean         scroll,
                    gboolean         focus)
{
  g_assert (RAMO_IS_SESSION_TREE (self));

  /* Only a live update asks for no scrolling; it does not take the view to the selection
   * then, not even through the focus (see after_layout_cb). */
  if (scroll)
    self->focus_if_visible = FALSE;
  else if (self->after_layout_id == 0)
    self->focus_if_visible = TRUE;
  self->want_scroll |= scroll;
  self->want_focus |= focus;
  self->after_layout_tries = 0;
  if (self->after_layout_id == 0)
    {
      /* after the list has been allocated with its new rows */
      self->after_layout_id = g_idle_add_full (G_PRIORITY_LOW, after_layout_cb, self, NULL);
    }
}

/* ------------------------------------------------------------------------------------------ */
/* Input                                                                                       */

static void
list_view_activate_cb (RamoSessionTree *self,
                       guint            position,
                       RamoListView    *list_view)
{
  g_autoptr(RamoTreeRow) row = NULL;
  g_autoptr(RamoProjectionNode) node = NULL;

  g_assert (RAMO_IS_SESSION_TREE (self));

  row = get_row (self, position);
  node = _ramo_session_tree_row_get_node (row);
  if (node == NULL)
    return;

  gtk_widget_activate_action (GTK_WIDGET (self), "win.navigate", "s", ramo_projection_node_get_id (node));
}

static GMenuModel *
build_row_menu (RamoSessionTree    *self,
                RamoProjectionNode *node)
{
  g_autoptr(GMenu) menu = g_menu_new ();
  g_autoptr(GMenu) go = g_menu_new ();
  g_autoptr(GMenu) label = g_menu_new ();
  g_autoptr(GMenu) copy = g_menu_new ();
  g_autoptr(GMenu) compare = g_menu_new ();
  const char *id = ramo_projection_node_get_id (node);
  const char *leaf_id = ramo_session_manager_get_leaf_id (ramo_projection_get_manager (self->projection));
  RamoEntry *entry = ramo_projection_node_get_entry (node);
  g_autoptr(GMenuItem) item = NULL;

  item = g_menu_item_new (_("_Go Here"), NULL);
  g_menu_item_set_action_and_target_value (item, "win.navigate", g_variant_new_string (id));
  g_menu_item_set_attribute (item, "accel", "s", "Return");
  g_menu_append_item (go, item);
  g_clear_object (&item);

  if (ramo_entry_is_user_message (entry))
    {
      item = g_menu_item_new (_("_Branch to New Session…"), NULL);
      g_menu_item_set_action_and_target_value (item, "win.branch", g_variant_new_string (id));
      g_menu_append_item (go, item);
      g_clear_object (&item);
    }

  /* the tree from this row down (ramo-session-tree-focus.c), and the way back */
  if (g_strcmp0 (ramo_session_tree_get_focus_id (self), id) != 0)
    {
      item = g_menu_item_new (_("_Focus on This Branch"), NULL);
      g_menu_item_set_action_and_target_value (item, "win.focus-branch", g_variant_new_string (id));
      g_menu_item_set_attribute (item, "accel", "s", "<Control><Shift>Return");
      g_menu_append_item (go, item);
      g_clear_object (&item);
    }
  if (ramo_session_tree_get_focus_id (self) != NULL)
    {
      item = g_menu_item_new (_("Show _Whole Session"), "win.show-whole-session");
      g_menu_item_set_attribute (item, "accel", "s", "<Alt>Home");
      g_menu_append_item (go, item);
      g_clear_object (&item);
    }

  item = g_menu_item_new (_("Edit _Label…"), NULL);
  g_menu_item_set_action_and_target_value (item, "win.edit-label", g_variant_new_string (id));
  g_menu_item_set_attribute (item, "accel", "s", "<Shift>l");
  g_menu_append_item (label, item);
  g_clear_object (&item);

  if (ramo_projection_node_get_label (node) != NULL)
    {
      item = g_menu_item_new (_("_Remove Label"), NULL);
      g_menu_item_set_action_and_target_value (item, "win.set-label", g_variant_new ("(ss)", id, ""));
      g_menu_append_item (label, item);
      g_clear_object (&item);
    }

  item = g_menu_item_new (_("_Copy Text"), NULL);
  g_menu_item_set_action_and_target_value (item, "win.copy-entry", g_variant_new_string (id));
  g_menu_append_item (copy, item);
  g_clear_object (&item);

  item = g_menu_item_new (_("Copy Entry _ID"), NULL);
  g_menu_item_set_action_and_target_value (item, "win.copy-id", g_variant_new_string (id));
  g_menu_append_item (copy, item);
  g_clear_object (&item);

  /* the two paths from their fork (ramo-window-compare.c); Ctrl+click on a row does the same */
  if (self->menu_other_id && g_strcmp0 (self->menu_other_id, id) != 0)
    {
      item = g_menu_item_new (_("Co_mpare With Selected"), NULL);
      g_menu_item_set_action_and_target_value (item, "win.compare", g_variant_new ("(ss)", self->menu_other_id, id));
      g_menu_append_item (compare, item);
      g_clear_object (&item);
    }
  if (leaf_id && g_strcmp0 (leaf_id, id) != 0)
    {
      item = g_menu_item_new (_("Compare With _Leaf"), NULL);
      g_menu_item_set_action_and_target_value (item, "win.compare", g_variant_new ("(ss)", leaf_id, id));
      g_menu_append_item (compare, item);
      g_clear_object (&item);
    }
  item = g_menu_item_new (_("_Export Path as Markdown…"), NULL);
  g_menu_item_set_action_and_target_value (item, "win.export-path", g_variant_new_string (id));
  g_menu_append_item (compare, item);
  g_clear_object (&item);

  g_menu_append_section (menu, NULL, G_MENU_MODEL (go));
  g_menu_append_section (menu, NULL, G_MENU_MODEL (label));
  g_menu_append_section (menu, NULL, G_MENU_MODEL (compare));
  g_menu_append_section (menu, NULL, G_MENU_MODEL (copy));
  return G_MENU_MODEL (g_steal_pointer (&menu));
}

/* The row's tooltip comes back once its menu is gone. */
static void
menu_closed_cb (RamoSessionTree *self,
                GtkPopover      *popover)
{
  g_assert (RAMO_IS_SESSION_TREE (self));

  if (self->menu_row)
    gtk_widget_set_has_tooltip (GTK_WIDGET (self->menu_row), TRUE);
  g_clear_weak_pointer (&self->menu_row);
}

static void
popup_menu_at (RamoSessionTree *self,
               RamoSessionRow  *row,
               double           x,
               double           y)
{
  g_autoptr(GMenuModel) model = NULL;
  RamoProjectionNode *node;
  GdkRectangle rect = { (int) x, (int) y, 1, 1 };

  g_assert (RAMO_IS_SESSION_TREE (self));

  node = ramo_session_row_get_node (row);
  if (node == NULL)
    return;

  model = build_row_menu (self, node);
  gtk_popover_menu_set_menu_model (GTK_POPOVER_MENU (self->menu_popover), model);
  gtk_popover_set_pointing_to (self->menu_popover, &rect);

  /* The row's tooltip, shown where the pointer is, would cover the menu opening there: it is
   * hidden (asked again, the row has none) until the menu closes. */
  menu_closed_cb (self, self->menu_popover);
  g_set_weak_pointer (&self->menu_row, row);
  gtk_widget_set_has_tooltip (GTK_WIDGET (row), FALSE);
  gtk_widget_trigger_tooltip_query (GTK_WIDGET (row));

  gtk_popover_popup (self->menu_popover);
}

static RamoSessionRow *
row_at (RamoSessionTree *self,
        double           x,
        double           y)
{
  GtkWidget *picked = gtk_widget_pick (GTK_WIDGET (self->list_view), x, y, GTK_PICK_DEFAULT);
  GtkWidget *item = picked ? list_item_widget_of (self, picked) : NULL;

  return item ? _ramo_session_tree_find_row_in (item) : NULL;
}

static void
secondary_pressed_cb (RamoSessionTree *self,
                      int              n_press,
                      double           x,
                      double           y,
                      GtkGestureClick *gesture)
{
  RamoSessionRow *row;
  double tx, ty;

  g_assert (RAMO_IS_SESSION_TREE (self));

  row = row_at (self, x, y);
  if (row == NULL)
    return;

  gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
  g_free (self->menu_other_id);
  self->menu_other_id = g_strdup (self->selected_id);
  gtk_widget_activate_action (GTK_WIDGET (row), "listitem.select", "(bb)", FALSE, FALSE);

  if (!gtk_widget_translate_coordinates (GTK_WIDGET (self->list_view), GTK_WIDGET (self), x, y, &tx, &ty))
    tx = x, ty = y;
  popup_menu_at (self, row, tx, ty);
}

/* Ctrl+click on a row other than the selected one compares the two paths; the selection
 * stays. */
static void
primary_pressed_cb (RamoSessionTree *self,
                    int              n_press,
                    double           x,
                    double           y,
                    GtkGestureClick *gesture)
{
  GdkModifierType state = gtk_event_controller_get_current_event_state (GTK_EVENT_CONTROLLER (gesture));
  RamoProjectionNode *node;
  RamoSessionRow *row;

  g_assert (RAMO_IS_SESSION_TREE (self));

  if (!(state & GDK_CONTROL_MASK) || n_press != 1 || self->selected_id == NULL ||
      (row = row_at (self, x, y)) == NULL || (node = ramo_session_row_get_node (row)) == NULL ||
      g_strcmp0 (ramo_projection_node_get_id (node), self->selected_id) == 0)
    return;
  gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
  gtk_widget_activate_action (GTK_WIDGET (self), "win.compare", "(ss)", self->selected_id,
                              ramo_projection_node_get_id (node));
}

/**
 * ramo_session_tree_popup_menu:
 * @self: a session tree
 *
 * Shows the row menu of the selected row (the Menu key, Shift+F10).
 *
 * Returns: %TRUE when the menu is shown
 */
gboolean
ramo_session_tree_popup_menu (RamoSessionTree *self)
{
  RamoSessionRow *row;
  graphene_rect_t bounds;

  g_return_val_if_fail (RAMO_IS_SESSION_TREE (self), FALSE);

  row = ramo_session_tree_find_row (self, self->selected_id);
  if (row == NULL)
    return FALSE;
  g_clear_pointer (&self->menu_other_id, g_free);
  if (!gtk_widget_compute_bounds (GTK_WIDGET (row), GTK_WIDGET (self), &bounds))
    return FALSE;
  popup_menu_at (self, row, bounds.origin.x + 24, bounds.origin.y + bounds.size.height);
  return TRUE;
}

/**
 * ramo_session_tree_get_menu:
 * @self: a session tree
 *
 * Returns: (transfer none): the row menu's popover
 */
GtkPopover *
ramo_session_tree_get_menu (RamoSessionTree *self)
{
  g_return_val_if_fail (RAMO_IS_SESSION_TREE (self), NULL);
  return self->menu_popover;
}

RamoTreeRow *
_ramo_session_tree_selected_row (RamoSessionTree *self)
{
  gpointer item = self->selection ? gtk_single_selection_get_selected_item (self->selection) : NULL;

  return RAMO_IS_TREE_ROW (item) ? item : NULL;
}

static void
focus_position (RamoSessionTree *self,
                guint            position)
{
  gtk_single_selection_set_selected (self->selection, position);
  _ramo_session_tree_queue_after_layout (self, TRUE, TRUE);
}

/* Whether @keyval moves the cursor to an end of the list, a page away, or past an end of the
 * rows in the model. */
static gboolean
moves_far (RamoSessionTree *self,
           guint            keyval)
{
  guint selected = gtk_single_selection_get_selected (self->selection);
  guint n_items = g_list_model_get_n_items (G_LIST_MODEL (self->selection));

  switch (keyval)
    {
    case GDK_KEY_Home: case GDK_KEY_KP_Home:
    case GDK_KEY_End: case GDK_KEY_KP_End:
    case GDK_KEY_Page_Up: case GDK_KEY_KP_Page_Up:
    case GDK_KEY_Page_Down: case GDK_KEY_KP_Page_Down:
      return TRUE;
    case GDK_KEY_Up: case GDK_KEY_KP_Up:
      return selected == 0;
    case GDK_KEY_Down: case GDK_KEY_KP_Down:
      return selected == GTK_INVALID_LIST_POSITION || selected + 1 >= n_items;
    default:
      return FALSE;
    }
}

/* Whether a key on the list is for the tree's rows: keys typed into the inline label editor
 * are its own. */
gboolean
_ramo_session_tree_keys_for_rows (RamoSessionTree *self)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  GtkWidget *focus = root ? gtk_root_get_focus (root) : NULL;

  return !(focus && (GTK_IS_EDITABLE (focus) || GTK_IS_TEXT (focus)));
}

/* Before the list view moves its cursor: the list's ends, and a page away, are where they will
 * be once every row is in the model. */
static gboolean
list_key_pressed_cb (RamoSessionTree       *self,
                     guint                  keyval,
                     guint                  keycode,
                     GdkModifierType        state,
                     GtkEventControllerKey *controller)
{
  g_assert (RAMO_IS_SESSION_TREE (self));

  if (_ramo_session_tree_keys_for_rows (self) && _ramo_session_tree_rest_pending (self) && moves_far (self, keyval))
    _ramo_session_tree_finish_rest (self);
  return GDK_EVENT_PROPAGATE;
}

/* Shift+L */
static gboolean
edit_label_shortcut (GtkWidget *widget,
                     GVariant  *args,
                     gpointer   user_data)
{
  RamoSessionTree *self = RAMO_SESSION_TREE (user_data);

  if (!_ramo_session_tree_keys_for_rows (self) || self->selected_id == NULL)
    return FALSE;
  ramo_session_tree_edit_label (self, self->selected_id);
  return TRUE;
}

/* Left (@args FALSE) folds the selected row, or selects the row it is nested under; Right
 * (TRUE) unfolds it, or selects the first row nested under it. */
static gboolean
arrow_shortcut (GtkWidget *widget,
                GVariant  *args,
                gpointer   user_data)
{
  RamoSessionTree *self = RAMO_SESSION_TREE (user_data);
  RamoTreeRow *row = _ramo_session_tree_keys_for_rows (self) ? _ramo_session_tree_selected_row (self) : NULL;
  gboolean expandable;

  if (row == NULL)
    return FALSE;
  expandable = ramo_tree_row_is_expandable (row);
  if (g_variant_get_boolean (args))
    {
      if (expandable && !ramo_tree_row_get_expanded (row))
        ramo_tree_row_set_expanded (row, TRUE);
      else if (expandable)
        focus_position (self, ramo_tree_row_get_position (row) + 1);
    }
  else if (expandable && ramo_tree_row_get_expanded (row))
    ramo_tree_row_set_expanded (row, FALSE);
  else
    {
      g_autoptr(RamoTreeRow) parent = NULL;

      /* (the rows above the top ones may be still to come) */
      _ramo_session_tree_finish_grow_up (self);
      parent = ramo_tree_row_get_parent (row);
      if (parent)
        focus_position (self, ramo_tree_row_get_position (parent));
    }
  return TRUE;
}

/* The expander's keys (+ * unfold, - / fold), for the selected row: the focus is on the row,
 * above the expander. */
static gboolean
expand_shortcut (GtkWidget *widget,
                 GVariant  *args,
                 gpointer   user_data)
{
  RamoSessionTree *self = RAMO_SESSION_TREE (user_data);
  RamoTreeRow *row = _ramo_session_tree_keys_for_rows (self) ? _ramo_session_tree_selected_row (self) : NULL;

  if (row == NULL || !ramo_tree_row_is_expandable (row))
    return FALSE;
  ramo_tree_row_set_expanded (row, g_variant_get_boolean (args));
  return TRUE;
}

/* Menu, Shift+F10 */
static gboolean
menu_shortcut (GtkWidget *widget,
               GVariant  *args,
               gpointer   user_data)
{
  RamoSessionTree *self = RAMO_SESSION_TREE (user_data);

  if (!_ramo_session_tree_keys_for_rows (self))
    return FALSE;
  ramo_session_tree_popup_menu (self);
  return TRUE;
}

/**
 * ramo_session_tree_edit_label:
 * @self: a session tree
 * @id: an entry id
 *
 * Selects the row of @id and starts editing its label inline (as Shift+L does).
 *
 * Returns: %FALSE when the entry has no row in the current filter
 */
gboolean
ramo_session_tree_edit_label (RamoSessionTree *self,
                              const char      *id)
{
  RamoSessionRow *row;

  g_return_val_if_fail (RAMO_IS_SESSION_TREE (self), FALSE);
  g_return_val_if_fail (id != NULL, FALSE);

  if (g_strcmp0 (self->selected_id, id) != 0 && !ramo_session_tree_select_entry (self, id))
    return FALSE;

  row = ramo_session_tree_find_row (self, id);
  if (row != NULL)
    {
      GtkWidget *item = list_item_widget_of (self, GTK_WIDGET (row));

      if (item)
        gtk_widget_grab_focus (item);
      ramo_session_row_start_editing (row);
      return TRUE;
    }

  /* Not realized yet: scroll to it and edit once it is. */
  g_free (self->pending_edit_id);
  self->pending_edit_id = g_strdup (id);
  _ramo_session_tree_queue_after_layout (self, TRUE, TRUE);
  return TRUE;
}

/**
 * ramo_session_tree_focus:
 * @self: a session tree
 *
 * Moves the keyboard focus to the selected row.
 */
void
ramo_session_tree_focus (RamoSessionTree *self)
{
  g_return_if_fail (RAMO_IS_SESSION_TREE (self));

  gtk_widget_grab_focus (GTK_WIDGET (self->list_view));
  _ramo_session_tree_queue_after_layout (self, TRUE, TRUE);
}

void
_ramo_session_tree_input_class_init (GtkWidgetClass *widget_class)
{
  gtk_widget_class_bind_template_callback (widget_class, list_view_activate_cb);
}

/* Adds the shortcut @keyval with @modifiers to @controller: @func gets @self and @args. */
void
_ramo_session_tree_add_shortcut (GtkShortcutController *controller,
                                 guint                  keyval,
                                 GdkModifierType        modifiers,
                                 GtkShortcutFunc        func,
                                 RamoSessionTree       *self,
                                 GVariant              *args)
{
  GtkShortcut *shortcut = gtk_shortcut_new (gtk_keyval_trigger_new (keyval, modifiers),
                                            gtk_callback_action_new (func, self, NULL));

  if (args)
    gtk_shortcut_set_arguments (shortcut, args);
  gtk_shortcut_controller_add_shortcut (controller, shortcut);
}

/* The keys of a tree, for the selected row (the list view's own move the cursor). They are
 * the list view's, seen before it and its rows see them: the window makes the tree the search
 * entry's key capture widget, whose handler on the tree would take the keys that type text
 * (+ - * / Shift+L) before the tree's own class shortcuts. */
static void
add_shortcuts (RamoSessionTree *self)
{
  static const struct {
    guint    keyval;
    gboolean expand;
  } expander_keys[] = {
    { GDK_KEY_plus, TRUE }, { GDK_KEY_KP_Add, TRUE }, { GDK_KEY_asterisk, TRUE }, { GDK_KEY_KP_Multiply, TRUE },
    { GDK_KEY_minus, FALSE }, { GDK_KEY_KP_Subtract, FALSE }, { GDK_KEY_slash, FALSE }, { GDK_KEY_KP_Divide, FALSE },
  };
  GtkShortcutController *controller = GTK_SHORTCUT_CONTROLLER (gtk_shortcut_controller_new ());

  gtk_event_controller_set_propagation_phase (GTK_EVENT_CONTROLLER (controller), GTK_PHASE_CAPTURE);
  _ramo_session_tree_add_shortcut (controller, GDK_KEY_l, GDK_SHIFT_MASK, edit_label_shortcut, self, NULL);
  _ramo_session_tree_add_shortcut (controller, GDK_KEY_Left, 0, arrow_shortcut, self, g_variant_new_boolean (FALSE));
  _ramo_session_tree_add_shortcut (controller, GDK_KEY_KP_Left, 0, arrow_shortcut, self, g_variant_new_boolean (FALSE));
  _ramo_session_tree_add_shortcut (controller, GDK_KEY_Right, 0, arrow_shortcut, self, g_variant_new_boolean (TRUE));
  _ramo_session_tree_add_shortcut (controller, GDK_KEY_KP_Right, 0, arrow_shortcut, self, g_variant_new_boolean (TRUE));
  for (guint i = 0; i < G_N_ELEMENTS (expander_keys); i++)
    {
      _ramo_session_tree_add_shortcut (controller, expander_keys[i].keyval, 0, expand_shortcut, self,
                    g_variant_new_boolean (expander_keys[i].expand));
      _ramo_session_tree_add_shortcut (controller, expander_keys[i].keyval, GDK_SHIFT_MASK, expand_shortcut, self,
                    g_variant_new_boolean (expander_keys[i].expand));
    }
  _ramo_session_tree_add_shortcut (controller, GDK_KEY_Menu, 0, menu_shortcut, self, NULL);
  _ramo_session_tree_add_shortcut (controller, GDK_KEY_F10, GDK_SHIFT_MASK, menu_shortcut, self, NULL);
  gtk_widget_add_controller (GTK_WIDGET (self->list_view), GTK_EVENT_CONTROLLER (controller));
}

void
_ramo_session_tree_input_init (RamoSessionTree *self)
{
  GtkEventController *controller;
  GtkGesture *gesture;

  controller = gtk_event_controller_key_new ();
  gtk_event_controller_set_propagation_phase (controller, GTK_PHASE_CAPTURE);
  g_signal_connect_object (controller, "key-pressed", G_CALLBACK (list_key_pressed_cb), self, G_CONNECT_SWAPPED);
  gtk_widget_add_controller (GTK_WIDGET (self->list_view), controller);
  add_shortcuts (self);
  _ramo_session_tree_keys_init (self);

  gesture = gtk_gesture_click_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (gesture), GDK_BUTTON_SECONDARY);
  g_signal_connect_object (gesture, "pressed", G_CALLBACK (secondary_pressed_cb), self, G_CONNECT_SWAPPED);
  gtk_widget_add_controller (GTK_WIDGET (self->list_view), GTK_EVENT_CONTROLLER (gesture));

  gesture = gtk_gesture_click_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (gesture), GDK_BUTTON_PRIMARY);
  gtk_event_controller_set_propagation_phase (GTK_EVENT_CONTROLLER (gesture), GTK_PHASE_CAPTURE);
  g_signal_connect_object (gesture, "pressed", G_CALLBACK (primary_pressed_cb), self, G_CONNECT_SWAPPED);
  gtk_widget_add_controller (GTK_WIDGET (self->list_view), GTK_EVENT_CONTROLLER (gesture));

  self->menu_popover = GTK_POPOVER (gtk_popover_menu_new_from_model (NULL));
  gtk_popover_set_has_arrow (self->menu_popover, FALSE);
  gtk_widget_set_halign (GTK_WIDGET (self->menu_popover), GTK_ALIGN_START);
  gtk_widget_set_parent (GTK_WIDGET (self->menu_popover), GTK_WIDGET (self));
  g_signal_connect_object (self->menu_popover, "closed", G_CALLBACK (menu_closed_cb), self, G_CONNECT_SWAPPED);
}

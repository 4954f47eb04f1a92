/* ramo-list-view.c
 *
 * Copyright 2026 The Ramo authors
 *
 * This program is free software: you can redistribute it and/or modify it under the terms of the
 * GNU General Public License as published by the Free Software Foundation, either version 3 of
 * the License, or (at your option) any later version.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ramo-list-view"

#include "config.h"

#include "ramo-list-view.h"

/**
 * RamoListView:
 *
 * A list view over a #GtkSelectionModel whose rows all have the same height, that makes list
 * items only for the rows in view.
 *
 * GTK 4.8's #GtkListView keeps list items for 200 rows around its scroll position whatever
 * the height of the view, and binds, styles, measures and draws all of them whenever the
 * rows change: on a 100,000-entry session that was 60-70 ms of every filter change. Session
 * tree rows are one line each, so this view takes the height of its tallest list item for
 * every row, and keeps list items for the rows in view (about 30), plus two on either side
 * and the one with the keyboard focus. The rest of the list is only a scroll range.
 *
 * It behaves as #GtkListView does for a single selection: a click selects a row and gives it
 * the keyboard focus, a double click or Enter activates it, the arrow keys, Page Up, Page Down,
 * Home and End move the focus and the selection (the actions `list.move-cursor` and
 * `list.activate-cursor`). Rows added or removed above the view leave the rows in view where
 * they are. Each list
 * item (CSS name `row`, accessible role list item) holds the widget the setup function made;
 * #RamoListView::bind and #RamoListView::unbind give it its item. List items offer the action
 * `listitem.select` (`(bb)`), as GTK's do.
 */

#define EXTRA_ROWS 2

#define RAMO_TYPE_LIST_VIEW_ROW (ramo_list_view_row_get_type ())
G_DECLARE_FINAL_TYPE (RamoListViewRow, ramo_list_view_row, RAMO, LIST_VIEW_ROW, GtkWidget)

struct _RamoListViewRow
{
  GtkWidget  parent_instance;

  GtkWidget *child;
  GObject   *item;       /* (nullable) the item bound */
  guint      position;   /* valid while item is set */
};

G_DEFINE_FINAL_TYPE (RamoListViewRow, ramo_list_view_row, GTK_TYPE_WIDGET)

struct _RamoListView
{
  GtkWidget              parent_instance;

  GtkSelectionModel     *model;
  GtkAdjustment         *hadjustment;
  GtkAdjustment         *vadjustment;
  guint                  hscroll_policy : 1;
  guint                  vscroll_policy : 1;
  guint                  in_allocate : 1;
  guint                  laid_out : 1;  /* allocated in this frame, not yet painted */
  gulong                 after_paint_id;

  RamoListViewSetupFunc  setup_func;
  gpointer               setup_data;

  GPtrArray             *bound;       /* (element-type RamoListViewRow) in position order */
  GPtrArray             *spare;       /* (element-type RamoListViewRow) bound to nothing */
  guint                  cursor;      /* the row with (or last with) the keyboard focus */
  guint                  scroll_to;   /* a row to show once there is a size */
  int                    row_height;  /* 0 until a list item has been measured */
  gint64                 allocated_height; /* of all the rows, at the last allocation */
  guint                  n_items;
  guint                  update_id;   /* tick callback of queue_update() */
  guint                  told_start;  /* the rows in view at the last rows-in-view-changed */
  guint                  told_end;
};

enum {
  PROP_0,
  PROP_MODEL,
  N_PROPS,
  PROP_HADJUSTMENT = N_PROPS,
  PROP_VADJUSTMENT,
  PROP_HSCROLL_POLICY,
  PROP_VSCROLL_POLICY,
};

enum {
  ACTIVATE,
  BIND,
  UNBIND,
  ROWS_IN_VIEW_CHANGED,
  N_SIGNALS
};

static GParamSpec *properties [N_PROPS];
static guint signals [N_SIGNALS];

G_DEFINE_FINAL_TYPE_WITH_CODE (RamoListView, ramo_list_view, GTK_TYPE_WIDGET,
                               G_IMPLEMENT_INTERFACE (GTK_TYPE_SCROLLABLE, NULL))

static void select_position (RamoListView *self,
                             guint         position,
                             gboolean      focus);

/* ------------------------------------------------------------------------------------------ */
/* List items                                                                                  */

static RamoListView *
row_get_view (RamoListViewRow *row)
{
  GtkWidget *parent = gtk_widget_get_parent (GTK_WIDGET (row));

  return RAMO_IS_LIST_VIEW (parent) ? RAMO_LIST_VIEW (parent) : NULL;
}

static void
row_select_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  RamoListViewRow *row = RAMO_LIST_VIEW_ROW (widget);
  RamoListView *view = row_get_view (row);

  if (view && row->item)
    select_position (view, row->position, FALSE);
}

static void
ramo_list_view_row_dispose (GObject *object)
{
  RamoListViewRow *self = RAMO_LIST_VIEW_ROW (object);

  g_clear_pointer (&self->child, gtk_widget_unparent);
  g_clear_object (&self->item);

  G_OBJECT_CLASS (ramo_list_view_row_parent_class)->dispose (object);
}

static void
ramo_list_view_row_class_init (RamoListViewRowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = ramo_list_view_row_dispose;

  gtk_widget_class_install_action (widget_class, "listitem.select", "(bb)", row_select_action);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "row");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_LIST_ITEM);
}

static void
ramo_list_view_row_init (RamoListViewRow *self)
{
  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
  gtk_widget_add_css_class (GTK_WIDGET (self), "activatable");
}

/* ------------------------------------------------------------------------------------------ */
/* Binding list items to rows                                                                  */

static void
row_set_selected (RamoListViewRow *row,
                  gboolean         selected)
{
  if (selected)
    gtk_widget_set_state_flags (GTK_WIDGET (row), GTK_STATE_FLAG_SELECTED, FALSE);
  else
    gtk_widget_unset_state_flags (GTK_WIDGET (row), GTK_STATE_FLAG_SELECTED);
  gtk_accessible_update_state (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_STATE_SELECTED, selected, -1);
}

static RamoListViewRow *
new_row (RamoListView *self)
{
  RamoListViewRow *row = g_object_new (RAMO_TYPE_LIST_VIEW_ROW, NULL);

  if (self->setup_func)
    {
      row->child = self->setup_func (self->setup_data);
      gtk_widget_set_parent (row->child, GTK_WIDGET (row));
    }
  gtk_widget_set_parent (GTK_WIDGET (row), GTK_WIDGET (self));
  return row;
}

static RamoListViewRow *
take_row (RamoListView *self)
{
  if (self->spare->len > 0)
    return g_ptr_array_steal_index (self->spare, self->spare->len - 1);
  return new_row (self);
}

static void
bind_row (RamoListView    *self,
          RamoListViewRow *row,
          guint            position)
{
  g_assert (row->item == NULL);

  row->position = position;
  row->item = g_list_model_get_item (G_LIST_MODEL (self->model), position);
  gtk_widget_set_child_visible (GTK_WIDGET (row), TRUE);
  gtk_accessible_reset_state (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_STATE_HIDDEN);
  row_set_selected (row, gtk_selection_model_is_selected (self->model, position));
  g_signal_emit (self, signals[BIND], 0, row->child, row->item);
}

static void
release_row (RamoListView    *self,
             RamoListViewRow *row)
{
  if (row->item != NULL)
    {
      g_signal_emit (self, signals[UNBIND], 0, row->child);
      g_clear_object (&row->item);
    }
  /* out of the way, and of what assistive technologies read */
  gtk_widget_set_child_visible (GTK_WIDGET (row), FALSE);
  gtk_accessible_update_state (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_STATE_HIDDEN, TRUE, -1);
  g_ptr_array_add (self->spare, row);
}

static void
release_all (RamoListView *self)
{
  while (self->bound->len > 0)
    release_row (self, g_ptr_array_steal_index (self->bound, self->bound->len - 1));
}

static int
get_row_height (RamoListView *self)
{
  return MAX (self->row_height, 1);
}

static int
get_view_height (RamoListView *self)
{
  return gtk_widget_get_height (GTK_WIDGET (self));
}

/* The rows a view @height pixels high shows at the scroll position now: from @start, up to
 * (not including) @end. */
static void
get_rows_in_view (RamoListView *self,
                  int           height,
                  guint        *start,
                  guint        *end)
{
  int rh = get_row_height (self);
  double value = gtk_adjustment_get_value (self->vadjustment);

  *start = (guint) MAX (0.0, floor (value / rh));
  *end = MIN (self->n_items, (guint) MAX (0.0, ceil ((value + height) / rh)));
}

/* Emits rows-in-view-changed with the rows in view now. */
static void
tell_rows_in_view (RamoListView *self)
{
  ramo_list_view_get_rows_in_view (self, &self->told_start, &self->told_end);
  g_signal_emit (self, signals[ROWS_IN_VIEW_CHANGED], 0);
}

static gboolean update_row_height (RamoListView *self,
                                   int           width);
static void     queue_layout      (RamoListView *self);

/* Makes the list items bound to the rows in view (and the cursor's) those of the scroll
 * position now, keeping the list items of rows still there. */
static void
update_rows (RamoListView *self)
{
  g_autoptr(GPtrArray) slots = NULL;
  RamoListViewRow *cursor_row = NULL;
  GtkWidget *previous = NULL;
  int width = gtk_widget_get_width (GTK_WIDGET (self));
  guint start, end;

  if (self->model == NULL || self->n_items == 0)
    {
      release_all (self);
      return;
    }
  if (self->row_height == 0)
    {
      /* one list item to learn the height from */
      RamoListViewRow *row = take_row (self);
      int min, nat;

      bind_row (self, row, 0);
      gtk_widget_measure (GTK_WIDGET (row), GTK_ORIENTATION_VERTICAL, width > 0 ? width : -1,
                          &min, &nat, NULL, NULL);
      release_row (self, row);
      self->row_height = MAX (1, MAX (min, nat));
    }

  /* not shown yet: as many rows as a tall window shows */
  get_rows_in_view (self, get_view_height (self) > 0 ? get_view_height (self) : 1200, &start, &end);
  start = start > EXTRA_ROWS ? start - EXTRA_ROWS : 0;
  end = MIN (self->n_items, end + EXTRA_ROWS);
  if (start >= end)
    start = end > 0 ? end - 1 : 0;

  slots = g_ptr_array_new ();
  g_ptr_array_set_size (slots, end - start);

  /* list items of rows still in view keep their rows */
  for (guint i = 0; i < self->bound->len; i++)
    {
      RamoListViewRow *row = g_ptr_array_index (self->bound, i);

      if (row->item != NULL && row->position >= start && row->position < end &&
          g_ptr_array_index (slots, row->position - start) == NULL)
        g_ptr_array_index (slots, row->position - start) = row;
      else if (row->item != NULL && row->position == self->cursor && cursor_row == NULL)
        cursor_row = row;      /* out of view, but it has (or may get back) the focus */
      else
        release_row (self, row);
    }
  g_ptr_array_set_size (self->bound, 0);

  for (guint i = 0; i < slots->len; i++)
    {
      RamoListViewRow *row = g_ptr_array_index (slots, i);

      if (row == NULL)
        {
          row = take_row (self);
          bind_row (self, row, start + i);
          g_ptr_array_index (slots, i) = row;
        }
    }

  if (cursor_row && cursor_row->position < start)
    g_ptr_array_add (self->bound, cursor_row);
  g_ptr_array_extend (self->bound, slots, NULL, NULL);
  if (cursor_row && cursor_row->position >= end)
    g_ptr_array_add (self->bound, cursor_row);

  /* children in the order of their rows: the focus chain and assistive technologies read
   * them in that order */
  for (guint i = 0; i < self->bound->len; i++)
    {
      GtkWidget *widget = g_ptr_array_index (self->bound, i);

      if (gtk_widget_get_prev_sibling (widget) != previous)
        gtk_widget_insert_after (widget, GTK_WIDGET (self), previous);
      previous = widget;
    }
  /* a taller kind of row: every row takes its height (learnt here, not while allocating: the
   * scroll range must not change then, see queue_layout()) */
  if (update_row_height (self, width > 0 ? width : -1))
    gtk_widget_queue_resize (GTK_WIDGET (self));

  tell_rows_in_view (self);
}

static RamoListViewRow *
find_bound (RamoListView *self,
            guint         position)
{
  for (guint i = 0; i < self->bound->len; i++)
    {
      RamoListViewRow *row = g_ptr_array_index (self->bound, i);

      if (row->item != NULL && row->position == position)
        return row;
    }
  return NULL;
}

/* Whether the list items bound now are about those update_rows() would bind. */
static gboolean
rows_cover_view (RamoListView *self)
{
  guint start, end, n = 0;

  if (self->model == NULL || self->n_items == 0)
    return self->bound->len == 0;
  if (self->row_height == 0)
    return FALSE;

  get_rows_in_view (self, get_view_height (self), &start, &end);
  for (guint i = 0; i < self->bound->len; i++)
    {
      RamoListViewRow *row = g_ptr_array_index (self->bound, i);

      n += row->item != NULL && row->position >= start && row->position < end;
    }
  /* all rows in view, and no more list items than update_rows() keeps */
  return n >= end - MIN (start, end) &&
         self->bound->len <= end - MIN (start, end) + 2 * EXTRA_ROWS + 1;
}

static gboolean
update_tick_cb (GtkWidget     *widget,
                GdkFrameClock *frame_clock,
                gpointer       user_data)
{
  RamoListView *self = RAMO_LIST_VIEW (widget);

  self->update_id = 0;
  update_rows (self);
  queue_layout (self);
  return G_SOURCE_REMOVE;
}

/* Asks for a new allocation. When the height of all the rows changed (and so the scroll
 * range), the scrolled window must allocate the list in its own allocation, and its scrollbar
 * after it: a scrollbar that changes while GTK 4.8 only allocates the list again leaves the
 * widgets above it marked for an allocation that never comes, and later changes of the list
 * are never laid out. A new height is also what the scrolled window decides its scrollbar from
 * (ramo_list_view_measure()). */
static void
queue_layout (RamoListView *self)
{
  if ((gint64) self->n_items * self->row_height != self->allocated_height)
    gtk_widget_queue_resize (GTK_WIDGET (self));
  else
    gtk_widget_queue_allocate (GTK_WIDGET (self));
}

/* Whether changes of the rows must wait for the next frame: from the list's allocation to the
 * end of the frame. While the widgets above it are still being allocated, a list that asks to
 * be allocated again is forgotten: GTK 4.8 clears the request on the way up once their
 * allocation ends, and the list is painted without one. The scrolled window sets the scroll
 * position (its value, when the page grows) after it has allocated the list. */
static gboolean
changes_wait (RamoListView *self)
{
  return self->in_allocate || self->laid_out;
}

static void
after_paint_cb (GdkFrameClock *clock,
                RamoListView  *self)
{
  self->laid_out = FALSE;
}

/* Binds the list items before the next layout: binding changes their size, which must not
 * happen while they are allocated. Several changes in one frame are taken in at once. */
static void
queue_update (RamoListView *self)
{
  if (self->update_id == 0)
    self->update_id = gtk_widget_add_tick_callback (GTK_WIDGET (self), update_tick_cb, NULL, NULL);
  /* while allocating, the tick callback asks for the next allocation itself */
  if (!changes_wait (self))
    queue_layout (self);
}

/* ------------------------------------------------------------------------------------------ */
/* Scrolling                                                                                   */

/* Binds the list items to the rows at the scroll position now, and asks for a layout; in the
 * frame's layout, the next frame does (see changes_wait()); while allocated, the allocation
 * places them itself. */
static void
rows_follow_scroll (RamoListView *self)
{
  if (self->in_allocate)
    return;
  if (self->laid_out)
    {
      queue_update (self);
      return;
    }
  update_rows (self);
  queue_layout (self);
}

static void
adjustment_value_changed_cb (RamoListView  *self,
                             GtkAdjustment *adjustment)
{
  rows_follow_scroll (self);
}

static void
set_adjustment (RamoListView   *self,
                GtkAdjustment **slot,
                GtkAdjustment  *adjustment)
{
  if (adjustment == NULL)
    adjustment = gtk_adjustment_new (0, 0, 0, 0, 0, 0);
  if (*slot == adjustment)
    return;
  if (*slot)
    g_signal_handlers_disconnect_by_data (*slot, self);
  g_clear_object (slot);
  *slot = g_object_ref_sink (adjustment);
  g_signal_connect_object (adjustment, "value-changed", G_CALLBACK (adjustment_value_changed_cb),
                           self, G_CONNECT_SWAPPED);
  queue_layout (self);
}

/* Sets the scroll value (clamped), with the scroll range of the rows there are now: a range
 * left for the next allocation to set would clamp a value beyond the old one. The caller
 * updates the rows. */
static void
set_scroll (RamoListView *self,
            double        value)
{
  int height = get_view_height (self);
  double upper = (double) self->n_items * get_row_height (self);
  gboolean was = self->in_allocate;

  self->in_allocate = TRUE;
  gtk_adjustment_configure (self->vadjustment, CLAMP (value, 0.0, MAX (upper - height, 0.0)), 0,
                            MAX (upper, height), get_row_height (self), height * 0.9, height);
  self->in_allocate = was;
}

/* Scrolls so that @position is in view, as little as needed. */
static void
show_position (RamoListView *self,
               guint         position)
{
  int rh = get_row_height (self);
  double value, top, bottom;

  if (self->row_height == 0 || get_view_height (self) <= 0)
    {
      self->scroll_to = position;
      queue_update (self);
      return;
    }

  value = gtk_adjustment_get_value (self->vadjustment);
  top = (double) position * rh;
  bottom = top + rh;
  if (top < value)
    value = top;
  else if (bottom > value + get_view_height (self))
    value = bottom - get_view_height (self);
  else
    return;

  set_scroll (self, value);
  rows_follow_scroll (self);
}

/* ------------------------------------------------------------------------------------------ */
/* The model                                                                                   */

static void
model_items_changed_cb (RamoListView *self,
                        guint         position,
                        guint         removed,
                        guint         added,
                        GListModel   *model)
{
  int rh = get_row_height (self);
  double value = gtk_adjustment_get_value (self->vadjustment);
  guint top = (guint) (value / rh);

  self->n_items = g_list_model_get_n_items (model);

  for (guint i = self->bound->len; i > 0; i--)
    {
      RamoListViewRow *row = g_ptr_array_index (self->bound, i - 1);

      if (row->item == NULL || row->position < position)
        continue;
      if (row->position >= position + removed)
        row->position = row->position + added - removed;
      else
        release_row (self, g_ptr_array_steal_index (self->bound, i - 1));
    }

  /* the cursor stays where its row was when the row goes, as in GtkListView */
  if (self->cursor != GTK_INVALID_LIST_POSITION && self->cursor >= position)
    {
      if (self->cursor >= position + removed)
        self->cursor = self->cursor + added - removed;
      else if (self->n_items > 0)
        self->cursor = MIN (position, self->n_items - 1);
      else
        self->cursor = GTK_INVALID_LIST_POSITION;
    }
  if (self->scroll_to != GTK_INVALID_LIST_POSITION && self->scroll_to >= position)
    self->scroll_to = self->scroll_to >= position + removed ? self->scroll_to + added - removed : GTK_INVALID_LIST_POSITION;

  /* rows added or removed above the view leave the rows in view where they are; of a removal
   * that reaches into the view, the rows above it go (the range is set otherwise at the next
   * allocation: not on each of the thousands of changes unfolding rows makes) */
  if (position + removed <= top && added != removed)
    set_scroll (self, value + ((double) added - (double) removed) * rh);
  else if (position < top && position + removed > top)
    set_scroll (self, value - (double) (top - position) * rh);

  queue_update (self);
}

static void
model_selection_changed_cb (RamoListView      *self,
                            guint              position,
                            guint              n_items,
                            GtkSelectionModel *model)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  GtkWidget *focus = root ? gtk_root_get_focus (root) : NULL;

  /* a row selected from code while the list has the keyboard focus: the cursor keys go on
   * from it */
  if (focus && (focus == GTK_WIDGET (self) || gtk_widget_is_ancestor (focus, GTK_WIDGET (self))))
    {
      g_autoptr(GtkBitset) selected = gtk_selection_model_get_selection_in_range (model, position, n_items);

      if (!gtk_bitset_is_empty (selected))
        self->cursor = gtk_bitset_get_minimum (selected);
    }

  for (guint i = 0; i < self->bound->len; i++)
    {
      RamoListViewRow *row = g_ptr_array_index (self->bound, i);

      if (row->item != NULL && row->position >= position && row->position - position < n_items)
        row_set_selected (row, gtk_selection_model_is_selected (model, row->position));
    }
}

static void
select_position (RamoListView *self,
                 guint         position,
                 gboolean      focus)
{
  RamoListViewRow *row;

  if (self->model == NULL || position >= self->n_items)
    return;

  gtk_selection_model_select_item (self->model, position, TRUE);
  self->cursor = position;
  if (!focus)
    return;

  show_position (self, position);
  update_rows (self);
  row = find_bound (self, position);
  if (row)
    gtk_widget_grab_focus (GTK_WIDGET (row));
}

/* ------------------------------------------------------------------------------------------ */
/* Input                                                                                       */

static RamoListViewRow *
row_at (RamoListView *self,
        double        x,
        double        y)
{
  GtkWidget *picked = gtk_widget_pick (GTK_WIDGET (self), x, y, GTK_PICK_DEFAULT);

  for (GtkWidget *w = picked; w != NULL && w != GTK_WIDGET (self); w = gtk_widget_get_parent (w))
    if (RAMO_IS_LIST_VIEW_ROW (w))
      return RAMO_LIST_VIEW_ROW (w)->item ? RAMO_LIST_VIEW_ROW (w) : NULL;
  return NULL;
}

static void
click_pressed_cb (RamoListView    *self,
                  int              n_press,
                  double           x,
                  double           y,
                  GtkGestureClick *gesture)
{
  RamoListViewRow *row = row_at (self, x, y);
  GtkWidget *picked;

  if (row == NULL)
    return;

  /* a click into a text field of the row is the field's */
  picked = gtk_widget_pick (GTK_WIDGET (self), x, y, GTK_PICK_DEFAULT);
  if (picked && (GTK_IS_TEXT (picked) || gtk_widget_get_ancestor (picked, GTK_TYPE_EDITABLE) != NULL))
    return;

  select_position (self, row->position, FALSE);
  if (gtk_widget_get_focus_child (GTK_WIDGET (self)) != GTK_WIDGET (row) || !gtk_widget_has_focus (GTK_WIDGET (row)))
    gtk_widget_grab_focus (GTK_WIDGET (row));
  if (n_press == 2)
    g_signal_emit (self, signals[ACTIVATE], 0, row->position);
}

static void
move_cursor_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  RamoListView *self = RAMO_LIST_VIEW (widget);
  int step;
  gint64 target;
  guint page;

  if (self->model == NULL || self->n_items == 0)
    return;

  g_variant_get (parameter, "i", &step);
  page = MAX (1, get_view_height (self) / get_row_height (self));
  if (self->cursor == GTK_INVALID_LIST_POSITION)
    {
      g_autoptr(GtkBitset) selected = gtk_selection_model_get_selection (self->model);

      if (!gtk_bitset_is_empty (selected))
        self->cursor = gtk_bitset_get_minimum (selected);
    }
  if (self->cursor == GTK_INVALID_LIST_POSITION)
    target = 0;
  else if (step == G_MININT)
    target = 0;
  else if (step == G_MAXINT)
    target = self->n_items - 1;
  else if (step == -2 || step == 2)
    target = (gint64) self->cursor + (step < 0 ? -1 : 1) * (gint64) page;
  else
    target = (gint64) self->cursor + step;

  select_position (self, (guint) CLAMP (target, 0, (gint64) self->n_items - 1), TRUE);
}

static void
activate_cursor_action (GtkWidget  *widget,
                        const char *action_name,
                        GVariant   *parameter)
{
  RamoListView *self = RAMO_LIST_VIEW (widget);

  if (self->cursor == GTK_INVALID_LIST_POSITION || self->cursor >= self->n_items)
    return;
  g_signal_emit (self, signals[ACTIVATE], 0, self->cursor);
}

/* ------------------------------------------------------------------------------------------ */
/* GtkWidget                                                                                   */

static void
ramo_list_view_measure (GtkWidget      *widget,
                        GtkOrientation  orientation,
                        int             for_size,
                        int            *minimum,
                        int            *natural,
                        int            *minimum_baseline,
                        int            *natural_baseline)
{
  RamoListView *self = RAMO_LIST_VIEW (widget);

  *minimum = *natural = 0;
  if (orientation == GTK_ORIENTATION_VERTICAL)
    {
      /* as high as the rows, at least and at most: a scrolled window guesses from the
       * minimum height (its default scroll policy) whether to show its scrollbar */
      *minimum = *natural = (int) MIN ((gint64) self->n_items * self->row_height, G_MAXINT / 2);
      return;
    }

  for (guint i = 0; i < self->bound->len; i++)
    {
      int min, nat;

      gtk_widget_measure (g_ptr_array_index (self->bound, i), orientation, -1, &min, &nat, NULL, NULL);
      *minimum = MAX (*minimum, min);
      *natural = MAX (*natural, nat);
    }
}

/* The height of every row: that of the tallest list item seen, which only grows (until the
 * style changes), so that the rows do not move when another kind of row scrolls into view. */
static gboolean
update_row_height (RamoListView *self,
                   int           width)
{
  int height = self->row_height;

  for (guint i = 0; i < self->bound->len; i++)
    {
      int min, nat;

      gtk_widget_measure (g_ptr_array_index (self->bound, i), GTK_ORIENTATION_VERTICAL, width,
                          &min, &nat, NULL, NULL);
      height = MAX (height, MAX (min, nat));
    }
  if (height == self->row_height)
    return FALSE;
  self->row_height = height;
  return TRUE;
}

static void
configure_adjustments (RamoListView *self,
                       int           width)
{
  set_scroll (self, gtk_adjustment_get_value (self->vadjustment));
  gtk_adjustment_configure (self->hadjustment, 0, 0, width, width * 0.1, width * 0.9, width);
}

static void
ramo_list_view_size_allocate (GtkWidget *widget,
                              int        width,
                              int        height,
                              int        baseline)
{
  RamoListView *self = RAMO_LIST_VIEW (widget);
  double value;
  int rh;

  /* Only places the list items bound: binding one changes its size, which must not happen
   * while it is allocated (queue_update() binds before the next layout). */
  self->in_allocate = TRUE;
  self->laid_out = TRUE;

  self->allocated_height = (gint64) self->n_items * self->row_height;
  configure_adjustments (self, width);
  if (self->scroll_to != GTK_INVALID_LIST_POSITION && self->row_height > 0)
    {
      guint position = self->scroll_to;

      self->scroll_to = GTK_INVALID_LIST_POSITION;
      show_position (self, position);
    }
  if (!rows_cover_view (self))
    queue_update (self);
  else
    {
      guint start, end;

      /* the view took another height, or the scroll position another value, with the same
       * list items: those who place rows by the rows in view do it before they are allocated */
      ramo_list_view_get_rows_in_view (self, &start, &end);
      if (start != self->told_start || end != self->told_end)
        tell_rows_in_view (self);
    }

  rh = get_row_height (self);
  value = gtk_adjustment_get_value (self->vadjustment);
  for (guint i = 0; i < self->bound->len; i++)
    {
      RamoListViewRow *row = g_ptr_array_index (self->bound, i);
      double y = (double) row->position * rh - value;
      GtkAllocation allocation = { 0, 0, width, rh };

      /* the row with the focus may be far out of view */
      allocation.y = (int) floor (CLAMP (y, -(double) rh - 1000, (double) height + 1000));
      gtk_widget_size_allocate (GTK_WIDGET (row), &allocation, -1);
    }

  self->in_allocate = FALSE;
}

static void
ramo_list_view_realize (GtkWidget *widget)
{
  RamoListView *self = RAMO_LIST_VIEW (widget);

  GTK_WIDGET_CLASS (ramo_list_view_parent_class)->realize (widget);
  self->after_paint_id = g_signal_connect (gtk_widget_get_frame_clock (widget), "after-paint",
                                           G_CALLBACK (after_paint_cb), self);
}

static void
ramo_list_view_unrealize (GtkWidget *widget)
{
  RamoListView *self = RAMO_LIST_VIEW (widget);

  g_clear_signal_handler (&self->after_paint_id, gtk_widget_get_frame_clock (widget));
  self->laid_out = FALSE;
  GTK_WIDGET_CLASS (ramo_list_view_parent_class)->unrealize (widget);
}

static void
ramo_list_view_system_setting_changed (GtkWidget        *widget,
                                       GtkSystemSetting  setting)
{
  RamoListView *self = RAMO_LIST_VIEW (widget);

  GTK_WIDGET_CLASS (ramo_list_view_parent_class)->system_setting_changed (widget, setting);

  /* a font or its scale changed: the rows' height is learnt anew (a taller style is seen
   * when the rows are measured, see update_row_height()) */
  if (setting == GTK_SYSTEM_SETTING_DPI || setting == GTK_SYSTEM_SETTING_FONT_NAME ||
      setting == GTK_SYSTEM_SETTING_FONT_CONFIG)
    {
      self->row_height = 0;
      queue_update (self);
      gtk_widget_queue_resize (widget);
    }
}

static gboolean
ramo_list_view_grab_focus (GtkWidget *widget)
{
  RamoListView *self = RAMO_LIST_VIEW (widget);
  RamoListViewRow *row = NULL;

  /* no row had the focus yet: the selected one takes it */
  if (self->cursor == GTK_INVALID_LIST_POSITION && self->model)
    {
      g_autoptr(GtkBitset) selected = gtk_selection_model_get_selection (self->model);

      if (!gtk_bitset_is_empty (selected))
        self->cursor = gtk_bitset_get_minimum (selected);
    }
  if (self->cursor != GTK_INVALID_LIST_POSITION)
    row = find_bound (self, self->cursor);
  if (row)
    return gtk_widget_grab_focus (GTK_WIDGET (row));
  return GTK_WIDGET_CLASS (ramo_list_view_parent_class)->grab_focus (widget);
}

static gboolean
ramo_list_view_focus (GtkWidget        *widget,
                      GtkDirectionType  direction)
{
  RamoListView *self = RAMO_LIST_VIEW (widget);
  GtkWidget *focus_child = gtk_widget_get_focus_child (widget);
  RamoListViewRow *row = NULL;

  /* inside a row: its own widgets first, then out of the list (the arrow keys move between
   * rows through their key bindings) */
  if (focus_child != NULL)
    return gtk_widget_child_focus (focus_child, direction);

  if (gtk_widget_has_focus (widget))
    return FALSE;

  /* coming in: to the row with the cursor (shown), else the first in view */
  if (self->cursor != GTK_INVALID_LIST_POSITION)
    {
      show_position (self, self->cursor);
      row = find_bound (self, self->cursor);
    }
  for (guint i = 0; row == NULL && i < self->bound->len; i++)
    {
      RamoListViewRow *r = g_ptr_array_index (self->bound, i);
      double y = (double) r->position * get_row_height (self) -
                 gtk_adjustment_get_value (self->vadjustment);

      if (r->item != NULL && y >= 0)
        row = r;
    }
  if (row)
    return gtk_widget_grab_focus (GTK_WIDGET (row));
  return gtk_widget_grab_focus (widget);
}

static void
ramo_list_view_set_focus_child (GtkWidget *widget,
                                GtkWidget *child)
{
  RamoListView *self = RAMO_LIST_VIEW (widget);

  GTK_WIDGET_CLASS (ramo_list_view_parent_class)->set_focus_child (widget, child);

  if (child && RAMO_IS_LIST_VIEW_ROW (child) && RAMO_LIST_VIEW_ROW (child)->item)
    self->cursor = RAMO_LIST_VIEW_ROW (child)->position;
}

/* ------------------------------------------------------------------------------------------ */
/* GObject                                                                                     */

static void
ramo_list_view_dispose (GObject *object)
{
  RamoListView *self = RAMO_LIST_VIEW (object);
  GtkWidget *child;

  ramo_list_view_set_model (self, NULL);
  if (self->update_id)
    gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->update_id);
  self->update_id = 0;
  g_clear_pointer (&self->bound, g_ptr_array_unref);
  g_clear_pointer (&self->spare, g_ptr_array_unref);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
  if (self->hadjustment)
    g_signal_handlers_disconnect_by_data (self->hadjustment, self);
  if (self->vadjustment)
    g_signal_handlers_disconnect_by_data (self->vadjustment, self);
  g_clear_object (&self->hadjustment);
  g_clear_object (&self->vadjustment);

  G_OBJECT_CLASS (ramo_list_view_parent_class)->dispose (object);
}

static void
ramo_list_view_get_property (GObject    *object,
                             guint       prop_id,
                             GValue     *value,
                             GParamSpec *pspec)
{
  RamoListView *self = RAMO_LIST_VIEW (object);

  switch (prop_id)
    {
    case PROP_MODEL:
      g_value_set_object (value, self->model);
      break;

    case PROP_HADJUSTMENT:
      g_value_set_object (value, self->hadjustment);
      break;

    case PROP_VADJUSTMENT:
      g_value_set_object (value, self->vadjustment);
      break;

    case PROP_HSCROLL_POLICY:
      g_value_set_enum (value, self->hscroll_policy);
      break;

    case PROP_VSCROLL_POLICY:
      g_value_set_enum (value, self->vscroll_policy);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ramo_list_view_set_property (GObject      *object,
                             guint         prop_id,
                             const GValue *value,
                             GParamSpec   *pspec)
{
  RamoListView *self = RAMO_LIST_VIEW (object);

  switch (prop_id)
    {
    case PROP_MODEL:
      ramo_list_view_set_model (self, g_value_get_object (value));
      break;

    case PROP_HADJUSTMENT:
      set_adjustment (self, &self->hadjustment, g_value_get_object (value));
      break;

    case PROP_VADJUSTMENT:
      set_adjustment (self, &self->vadjustment, g_value_get_object (value));
      break;

    case PROP_HSCROLL_POLICY:
      self->hscroll_policy = g_value_get_enum (value);
      gtk_widget_queue_resize (GTK_WIDGET (self));
      break;

    case PROP_VSCROLL_POLICY:
      self->vscroll_policy = g_value_get_enum (value);
      gtk_widget_queue_resize (GTK_WIDGET (self));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
add_move_binding (GtkWidgetClass  *widget_class,
                  guint            keyval,
                  int              step)
{
  /* one selected row: Shift and Ctrl (GtkListView's extend and move-only) move it as well */
  gtk_widget_class_add_binding_action (widget_class, keyval, 0, "list.move-cursor", "i", step);
  gtk_widget_class_add_binding_action (widget_class, keyval, GDK_SHIFT_MASK, "list.move-cursor", "i", step);
  gtk_widget_class_add_binding_action (widget_class, keyval, GDK_CONTROL_MASK, "list.move-cursor", "i", step);
}

static void
ramo_list_view_class_init (RamoListViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = ramo_list_view_dispose;
  object_class->get_property = ramo_list_view_get_property;
  object_class->set_property = ramo_list_view_set_property;

  widget_class->measure = ramo_list_view_measure;
  widget_class->size_allocate = ramo_list_view_size_allocate;
  widget_class->realize = ramo_list_view_realize;
  widget_class->unrealize = ramo_list_view_unrealize;
  widget_class->system_setting_changed = ramo_list_view_system_setting_changed;
  widget_class->grab_focus = ramo_list_view_grab_focus;
  widget_class->focus = ramo_list_view_focus;
  widget_class->set_focus_child = ramo_list_view_set_focus_child;

  /**
   * RamoListView:model:
   *
   * The rows shown, and which of them is selected.
   */
  properties [PROP_MODEL] =
    g_param_spec_object ("model", NULL, NULL,
                         GTK_TYPE_SELECTION_MODEL,
                         (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);
  g_object_class_override_property (object_class, PROP_HADJUSTMENT, "hadjustment");
  g_object_class_override_property (object_class, PROP_VADJUSTMENT, "vadjustment");
  g_object_class_override_property (object_class, PROP_HSCROLL_POLICY, "hscroll-policy");
  g_object_class_override_property (object_class, PROP_VSCROLL_POLICY, "vscroll-policy");

  /**
   * RamoListView::activate:
   * @self: the list view
   * @position: the position of the row activated
   *
   * A row was activated: double-clicked, or Enter pressed on it.
   */
  signals [ACTIVATE] =
    g_signal_new ("activate", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_UINT);

  /**
   * RamoListView::bind:
   * @self: the list view
   * @child: the widget the setup function made
   * @item: (type GObject): the item of the row it now shows
   *
   * A list item now shows the row of @item.
   */
  signals [BIND] =
    g_signal_new ("bind", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 2, GTK_TYPE_WIDGET, G_TYPE_OBJECT);

  /**
   * RamoListView::unbind:
   * @self: the list view
   * @child: the widget the setup function made
   *
   * A list item no longer shows the row it was bound to.
   */
  signals [UNBIND] =
    g_signal_new ("unbind", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, GTK_TYPE_WIDGET);

  /**
   * RamoListView::rows-in-view-changed:
   * @self: the list view
   *
   * The list items were bound again to the rows at the scroll position now (after a scroll,
   * a change of the model or a new size), or the rows in view are others with the same list
   * items (ramo_list_view_get_rows_in_view()). Emitted before the list items are allocated
   * (at times from within the list's own allocation), so a handler can change how they lay
   * themselves out in this frame; it must not change the model or the list's size.
   */
  signals [ROWS_IN_VIEW_CHANGED] =
    g_signal_new ("rows-in-view-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 0);

  /* the cursor (the row with the focus) moves by 1 or -1 rows, by a page (2 or -2), or to the
   * first (G_MININT) or the last row (G_MAXINT), and the selection with it */
  gtk_widget_class_install_action (widget_class, "list.move-cursor", "i", move_cursor_action);
  gtk_widget_class_install_action (widget_class, "list.activate-cursor", NULL, activate_cursor_action);
  add_move_binding (widget_class, GDK_KEY_Up, -1);
  add_move_binding (widget_class, GDK_KEY_KP_Up, -1);
  add_move_binding (widget_class, GDK_KEY_Down, 1);
  add_move_binding (widget_class, GDK_KEY_KP_Down, 1);
  add_move_binding (widget_class, GDK_KEY_Page_Up, -2);
  add_move_binding (widget_class, GDK_KEY_KP_Page_Up, -2);
  add_move_binding (widget_class, GDK_KEY_Page_Down, 2);
  add_move_binding (widget_class, GDK_KEY_KP_Page_Down, 2);
  add_move_binding (widget_class, GDK_KEY_Home, G_MININT);
  add_move_binding (widget_class, GDK_KEY_KP_Home, G_MININT);
  add_move_binding (widget_class, GDK_KEY_End, G_MAXINT);
  add_move_binding (widget_class, GDK_KEY_KP_End, G_MAXINT);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Return, 0, "list.activate-cursor", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_ISO_Enter, 0, "list.activate-cursor", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_Enter, 0, "list.activate-cursor", NULL);

  gtk_widget_class_set_css_name (widget_class, "listview");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_LIST);
}

static void
ramo_list_view_init (RamoListView *self)
{
  GtkGesture *gesture;

  self->bound = g_ptr_array_new ();
  self->spare = g_ptr_array_new ();
  self->cursor = GTK_INVALID_LIST_POSITION;
  self->scroll_to = GTK_INVALID_LIST_POSITION;

  set_adjustment (self, &self->hadjustment, NULL);
  set_adjustment (self, &self->vadjustment, NULL);

  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
  gtk_widget_set_overflow (GTK_WIDGET (self), GTK_OVERFLOW_HIDDEN);

  gesture = gtk_gesture_click_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (gesture), GDK_BUTTON_PRIMARY);
  g_signal_connect_object (gesture, "pressed", G_CALLBACK (click_pressed_cb), self, G_CONNECT_SWAPPED);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (gesture));
}

/* ------------------------------------------------------------------------------------------ */
/* API                                                                                         */

/**
 * ramo_list_view_new:
 *
 * Returns: (transfer floating): a new list view with no model
 */
GtkWidget *
ramo_list_view_new (void)
{
  return g_object_new (RAMO_TYPE_LIST_VIEW, NULL);
}

/**
 * ramo_list_view_set_setup_func:
 * @self: a list view
 * @func: (scope notified) (nullable): makes the widget of a list item
 * @user_data: (closure func): data for @func; it must outlive @self
 *
 * Sets how the widget inside each list item is made. Call it before the first model is set.
 */
void
ramo_list_view_set_setup_func (RamoListView          *self,
                               RamoListViewSetupFunc  func,
                               gpointer               user_data)
{
  g_return_if_fail (RAMO_IS_LIST_VIEW (self));

  self->setup_func = func;
  self->setup_data = user_data;
}

/**
 * ramo_list_view_get_model:
 * @self: a list view
 *
 * Returns: (transfer none) (nullable): the model shown
 */
GtkSelectionModel *
ramo_list_view_get_model (RamoListView *self)
{
  g_return_val_if_fail (RAMO_IS_LIST_VIEW (self), NULL);
  return self->model;
}

/**
 * ramo_list_view_set_model:
 * @self: a list view
 * @model: (nullable): the rows to show, and which is selected
 *
 * Shows @model. The list items are kept, to be bound to the new rows.
 */
void
ramo_list_view_set_model (RamoListView      *self,
                          GtkSelectionModel *model)
{
  g_return_if_fail (RAMO_IS_LIST_VIEW (self));
  g_return_if_fail (model == NULL || GTK_IS_SELECTION_MODEL (model));

  if (self->model == model)
    return;

  if (self->model)
    g_signal_handlers_disconnect_by_data (self->model, self);
  release_all (self);
  g_set_object (&self->model, model);
  self->n_items = model ? g_list_model_get_n_items (G_LIST_MODEL (model)) : 0;
  self->cursor = GTK_INVALID_LIST_POSITION;
  self->scroll_to = GTK_INVALID_LIST_POSITION;
  if (model)
    {
      g_signal_connect_object (model, "items-changed", G_CALLBACK (model_items_changed_cb),
                               self, G_CONNECT_SWAPPED);
      g_signal_connect_object (model, "selection-changed", G_CALLBACK (model_selection_changed_cb),
                               self, G_CONNECT_SWAPPED);
    }
  if (self->vadjustment)
    gtk_adjustment_set_value (self->vadjustment, 0);
  queue_update (self);
  gtk_widget_queue_resize (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties [PROP_MODEL]);
}

/**
 * ramo_list_view_scroll_to:
 * @self: a list view
 * @position: a row's position in the model
 *
 * Scrolls as little as needed to show the row at @position; if the view has no size yet, once
 * it has one.
 */
void
ramo_list_view_scroll_to (RamoListView *self,
                          guint         position)
{
  g_return_if_fail (RAMO_IS_LIST_VIEW (self));

  if (position >= self->n_items)
    return;
  show_position (self, position);
}

/**
 * ramo_list_view_get_row_offset:
 * @self: a list view
 * @position: the position of a row in the model
 * @offset: (out): how far below the top of the view the row's top is, in pixels
 *
 * Tells where a row is shown.
 *
 * Returns: %TRUE when the row is wholly in view (@offset is set only then)
 */
gboolean
ramo_list_view_get_row_offset (RamoListView *self,
                               guint         position,
                               int          *offset)
{
  double top;

  g_return_val_if_fail (RAMO_IS_LIST_VIEW (self), FALSE);
  g_return_val_if_fail (offset != NULL, FALSE);

  if (position >= self->n_items || self->row_height == 0 || get_view_height (self) <= 0)
    return FALSE;
  top = (double) position * self->row_height - gtk_adjustment_get_value (self->vadjustment);
  if (top < 0 || top + self->row_height > get_view_height (self))
    return FALSE;
  *offset = (int) round (top);
  return TRUE;
}

/**
 * ramo_list_view_scroll_to_offset:
 * @self: a list view
 * @position: the position of a row in the model
 * @offset: how far below the top of the view to show the row's top, in pixels; -1 for the
 *   middle of the view
 *
 * Scrolls so that the row at @position is shown @offset pixels below the top of the view, or
 * as near as the ends of the list let it be. Before the list has a size, it only makes sure
 * the row will be in view (as ramo_list_view_scroll_to()).
 */
void
ramo_list_view_scroll_to_offset (RamoListView *self,
                                 guint         position,
                                 int           offset)
{
  int height;

  g_return_if_fail (RAMO_IS_LIST_VIEW (self));
  g_return_if_fail (offset >= -1);

  if (position >= self->n_items)
    return;
  height = get_view_height (self);
  if (self->row_height == 0 || height <= 0)
    {
      show_position (self, position);
      return;
    }

  if (offset == -1)
    offset = (height - self->row_height) / 2;
  offset = CLAMP (offset, 0, MAX (height - self->row_height, 0));
  set_scroll (self, (double) position * self->row_height - offset);
  rows_follow_scroll (self);
}

/**
 * ramo_list_view_get_position:
 * @self: a list view
 * @list_item: one of @self's list items (a child of @self)
 *
 * Returns: the position of the row @list_item shows, or %GTK_INVALID_LIST_POSITION when it is
 *   bound to none
 */
guint
ramo_list_view_get_position (RamoListView *self,
                             GtkWidget    *list_item)
{
  g_return_val_if_fail (RAMO_IS_LIST_VIEW (self), GTK_INVALID_LIST_POSITION);

  if (!RAMO_IS_LIST_VIEW_ROW (list_item) || RAMO_LIST_VIEW_ROW (list_item)->item == NULL)
    return GTK_INVALID_LIST_POSITION;
  return RAMO_LIST_VIEW_ROW (list_item)->position;
}

/**
 * ramo_list_view_get_list_item:
 * @self: a list view
 * @position: a row's position
 *
 * Returns: (transfer none) (nullable): the list item showing the row at @position, if there
 *   is one now
 */
GtkWidget *
ramo_list_view_get_list_item (RamoListView *self,
                              guint         position)
{
  g_return_val_if_fail (RAMO_IS_LIST_VIEW (self), NULL);
  return (GtkWidget *) find_bound (self, position);
}

/**
 * ramo_list_view_get_n_list_items:
 * @self: a list view
 *
 * Returns: how many list items are bound to rows now
 */
guint
ramo_list_view_get_n_list_items (RamoListView *self)
{
  g_return_val_if_fail (RAMO_IS_LIST_VIEW (self), 0);
  return self->bound->len;
}

/**
 * ramo_list_view_get_n_rows_in_view:
 * @self: a list view
 *
 * Returns: how many rows the view shows at a time (a row partly in view counted), or a tall
 *   window's worth before it has a size
 */
guint
ramo_list_view_get_n_rows_in_view (RamoListView *self)
{
  int height;

  g_return_val_if_fail (RAMO_IS_LIST_VIEW (self), 0);

  height = get_view_height (self);
  if (height <= 0)
    height = 1200;
  /* rows are at least 20 pixels high in any theme seen */
  return (guint) (height / (self->row_height > 0 ? self->row_height : 20) + 2);
}

/**
 * ramo_list_view_make_list_items:
 * @self: a list view
 * @n_list_items: how many list items to have
 *
 * Makes list items now, to be bound later, until @self has @n_list_items of them: a caller
 * that is about to show many rows can spend the time in a main-loop turn of its own.
 */
void
ramo_list_view_make_list_items (RamoListView *self,
                                guint         n_list_items)
{
  g_return_if_fail (RAMO_IS_LIST_VIEW (self));

  while (self->bound->len + self->spare->len < n_list_items)
    {
      RamoListViewRow *row = new_row (self);

      gtk_widget_set_child_visible (GTK_WIDGET (row), FALSE);
      gtk_accessible_update_state (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_STATE_HIDDEN, TRUE, -1);
      g_ptr_array_add (self->spare, row);
    }
}

/**
 * ramo_list_view_get_rows_in_view:
 * @self: a list view
 * @start: (out): the first row in view, partly or wholly
 * @end: (out): the row after the last one in view
 *
 * The rows the view shows at the scroll position now (@start = @end when it shows none, or
 * has no size yet).
 */
void
ramo_list_view_get_rows_in_view (RamoListView *self,
                                 guint        *start,
                                 guint        *end)
{
  g_return_if_fail (RAMO_IS_LIST_VIEW (self));
  g_return_if_fail (start != NULL && end != NULL);

  *start = *end = 0;
  if (self->model == NULL || self->n_items == 0 || self->row_height == 0 || get_view_height (self) <= 0)
    return;
  get_rows_in_view (self, get_view_height (self), start, end);
  *start = MIN (*start, *end);
}

/**
 * ramo_list_view_foreach_list_item:
 * @self: a list view
 * @func: (scope call): called with each bound list item's widget (the one the setup function
 *   made) and @user_data
 * @user_data: data for @func
 *
 * Calls @func for each list item bound to a row now, in the order of their rows; @func must
 * not change the model.
 */
void
ramo_list_view_foreach_list_item (RamoListView *self,
                                  GFunc         func,
                                  gpointer      user_data)
{
  g_return_if_fail (RAMO_IS_LIST_VIEW (self));
  g_return_if_fail (func != NULL);

  for (guint i = 0; i < self->bound->len; i++)
    {
      RamoListViewRow *row = g_ptr_array_index (self->bound, i);

      if (row->item != NULL && row->child != NULL)
        func (row->child, user_data);
    }
}

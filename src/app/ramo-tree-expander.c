/* ramo-tree-expander.c
 *
 * Copyright 2026 The Ramo authors
 *
 * This program is free software: you can redistribute it and/or modify it under the terms of the
 * GNU General Public License as published by the Free Software Foundation, either version 3 of
 * the License, or (at your option) any later version.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ramo-tree-expander"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "ramo-tree-expander.h"

#define INDENT_PX 16
#define MIN_INDENT_PX 8
#define ARROW_SPACING_PX 4
/* how much of a row's width its text keeps, at the least, when the indentation shrinks */
#define TEXT_SHARE 0.4

/**
 * RamoTreeExpander:
 *
 * The expander of one row of the session tree: the row's indentation, the disclosure arrow
 * that folds and unfolds it, and the row's own widget.
 *
 * It does the job of `GtkTreeExpander` for a tree that can be hundreds of levels deep (every
 * branch point of a pi session nests its branches one level deeper). GTK 4.8's expander makes
 * one indentation widget per level each time a row widget is bound to another row: on a
 * 100,000-entry session that was most of the time a filter change took. This one indents by
 * placing the arrow, so binding a row costs the same at any depth.
 *
 * The indentation is not the row's depth but its column, which the tree decides for the rows
 * in view (ramo_tree_expander_set_guides()): counted from the shallowest row in view, so that
 * structure stays readable hundreds of levels down, with guides drawn in each column — pi's
 * `│`, `├` and `└` — and a column's width shrinking (down to a floor) when the rows in view
 * span more columns than the width holds. The real depth is still given to assistive
 * technologies.
 *
 * Like `GtkTreeExpander`, it offers the actions `listitem.expand`, `listitem.collapse` and
 * `listitem.toggle-expand`, bound to +, −, * and /.
 */

struct _RamoTreeExpander
{
  GtkWidget       parent_instance;

  RamoTreeRow *list_row;
  GtkWidget      *arrow;
  GtkWidget      *child;
  int             indent;          /* pixels before the arrow, at the last allocation */
  int             step;            /* pixels per column, at the last allocation */
  guint           n_columns;       /* columns of indentation */
  guint           span;            /* the most columns a row in view has */
  guint8         *guides;          /* (array length=n_columns) a RamoTreeGuide per column,
                                    * RAMO_TREE_EXPANDER_GUIDE_GAP where levels are left out */
  guint           children_guide : 1; /* rows that hang from this one as siblings follow it */
  gulong          expanded_id;
  gulong          expandable_id;
};

G_DEFINE_FINAL_TYPE (RamoTreeExpander, ramo_tree_expander, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_LIST_ROW,
  PROP_ITEM,
  PROP_CHILD,
  N_PROPS
};

static GParamSpec *properties [N_PROPS];

static void
update_arrow (RamoTreeExpander *self)
{
  gboolean expandable = self->list_row && ramo_tree_row_is_expandable (self->list_row);
  gboolean expanded = expandable && ramo_tree_row_get_expanded (self->list_row);
  const char *icon = NULL;

  if (expandable)
    {
      if (expanded)
        icon = "pan-down-symbolic";
      else if (gtk_widget_get_direction (GTK_WIDGET (self)) == GTK_TEXT_DIR_RTL)
        icon = "pan-start-symbolic";
      else
        icon = "pan-end-symbolic";
    }
  if (g_strcmp0 (icon, gtk_image_get_icon_name (GTK_IMAGE (self->arrow))) != 0)
    gtk_image_set_from_icon_name (GTK_IMAGE (self->arrow), icon);

  if (expandable)
    gtk_accessible_update_state (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_STATE_EXPANDED, expanded, -1);
  else
    gtk_accessible_reset_state (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_STATE_EXPANDED);
}

/* The indentation is placed, not measured (see ramo_tree_expander_measure()): a row bound to
 * a row of another depth is only allocated again, not measured again. */
static void
update_depth (RamoTreeExpander *self)
{
  guint depth = self->list_row ? ramo_tree_row_get_depth (self->list_row) : 0;

  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LEVEL, (int) depth + 1, -1);
}

/* The width of a column, for a row @width pixels wide with an arrow @arrow wide: full, unless
 * the rows in view span more columns than the row's share for indentation holds. */
static int
column_step (RamoTreeExpander *self,
             int               width,
             int               arrow)
{
  int room = width - arrow - (int) (width * TEXT_SHARE);

  if (self->span == 0 || room >= (int) self->span * INDENT_PX)
    return INDENT_PX;
  return CLAMP (room / (int) self->span, MIN_INDENT_PX, INDENT_PX);
}

/* A row that asks for a new size has the whole window measured again, and binding a row to
 * another one of another depth did (a margin). The row's
 * size leaves the indentation out: it takes from the width the row is given beyond its
 * minimum (rows are as wide as the list), so it never changes what the row asks for. */
static void
ramo_tree_expander_measure (GtkWidget      *widget,
                            GtkOrientation  orientation,
                            int             for_size,
                            int            *minimum,
                            int            *natural,
                            int            *minimum_baseline,
                            int            *natural_baseline)
{
  RamoTreeExpander *self = RAMO_TREE_EXPANDER (widget);
  int arrow_min, arrow_nat, child_min = 0, child_nat = 0;

  gtk_widget_measure (self->arrow, orientation, -1, &arrow_min, &arrow_nat, NULL, NULL);
  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      if (self->child)
        gtk_widget_measure (self->child, orientation, -1, &child_min, &child_nat, NULL, NULL);
      *minimum = arrow_min + child_min;
      *natural = arrow_nat + child_nat;
    }
  else
    {
      if (self->child)
        gtk_widget_measure (self->child, orientation, for_size < 0 ? -1 : MAX (for_size - arrow_min, 0),
                            &child_min, &child_nat, NULL, NULL);
      *minimum = MAX (arrow_min, child_min);
      *natural = MAX (arrow_nat, child_nat);
    }
}

static void
ramo_tree_expander_size_allocate (GtkWidget *widget,
                                  int        width,
                                  int        height,
                                  int        baseline)
{
  RamoTreeExpander *self = RAMO_TREE_EXPANDER (widget);
  gboolean rtl = gtk_widget_get_direction (widget) == GTK_TEXT_DIR_RTL;
  int arrow_min, arrow_nat, arrow_height, child_min = 0, indent, x;

  gtk_widget_measure (self->arrow, GTK_ORIENTATION_HORIZONTAL, -1, &arrow_min, &arrow_nat, NULL, NULL);
  gtk_widget_measure (self->arrow, GTK_ORIENTATION_VERTICAL, arrow_nat, NULL, &arrow_height, NULL, NULL);
  arrow_height = MIN (arrow_height, height);
  if (self->child)
    gtk_widget_measure (self->child, GTK_ORIENTATION_HORIZONTAL, -1, &child_min, NULL, NULL, NULL);

  /* the indentation gives way first when the row is narrow */
  self->step = column_step (self, width, arrow_nat);
  indent = CLAMP (width - arrow_nat - child_min, 0, (int) self->n_columns * self->step);
  self->indent = indent;
  x = indent;
  gtk_widget_size_allocate (self->arrow,
                            &(GtkAllocation) { rtl ? width - x - arrow_nat : x, (height - arrow_height) / 2,
                                               arrow_nat, arrow_height },
                            -1);
  x += arrow_nat;
  if (self->child)
    gtk_widget_size_allocate (self->child,
                              &(GtkAllocation) { rtl ? 0 : x, 0, MAX (width - x, child_min), height },
                              -1);
}

static void
append_box (GtkSnapshot     *snapshot,
            const GdkRGBA   *color,
            gboolean         rtl,
            int              width,
            int              x,
            int              y,
            int              w,
            int              h)
{
  if (w <= 0 || h <= 0)
    return;
  gtk_snapshot_append_color (snapshot, color,
                             &GRAPHENE_RECT_INIT (rtl ? width - x - w : x, y, w, h));
}

/* The guides: in column i, under the arrows of the rows i columns in, a line down where a row
 * above has a sibling below, and the row's own connector to its arrow. */
static void
snapshot_guides (RamoTreeExpander *self,
                 GtkSnapshot      *snapshot)
{
  GtkWidget *widget = GTK_WIDGET (self);
  gboolean rtl = gtk_widget_get_direction (widget) == GTK_TEXT_DIR_RTL;
  int width = gtk_widget_get_width (widget), height = gtk_widget_get_height (widget);
  int step = self->step > 0 ? self->step : INDENT_PX;
  int offset = MIN (INDENT_PX / 2, step - 3), mid = height / 2;
  int n = step > 0 ? MIN ((int) self->n_columns, self->indent / step) : 0;
  gboolean expandable = self->list_row && ramo_tree_row_is_expandable (self->list_row);
  GdkRGBA color;

  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  gtk_style_context_get_color (gtk_widget_get_style_context (widget), &color);
  G_GNUC_END_IGNORE_DEPRECATIONS
  color.alpha *= 0.3f;

  for (int i = 0; i < n; i++)
    {
      guint8 guide = self->guides[i] & ~RAMO_TREE_EXPANDER_GUIDE_GAP;
      int x = i * step + offset;

      if (self->guides[i] & RAMO_TREE_EXPANDER_GUIDE_GAP && guide != RAMO_TREE_GUIDE_NONE)
        {
          /* levels left out here: the line is dotted */
          for (int y = 0; y < (guide == RAMO_TREE_GUIDE_CORNER ? mid : height); y += 4)
            append_box (snapshot, &color, rtl, width, x, y, 1, 2);
        }
      else if (guide == RAMO_TREE_GUIDE_LINE || guide == RAMO_TREE_GUIDE_TEE)
        append_box (snapshot, &color, rtl, width, x, 0, 1, height);
      else if (guide == RAMO_TREE_GUIDE_CORNER)
        append_box (snapshot, &color, rtl, width, x, 0, 1, mid + 1);

      if (guide == RAMO_TREE_GUIDE_TEE || guide == RAMO_TREE_GUIDE_CORNER)
        {
          /* to the arrow, or into its empty place when the row has none */
          int end = (i + 1) * step + (expandable ? 1 : INDENT_PX - 4);

          append_box (snapshot, &color, rtl, width, x + 1, mid, end - x - 1, 1);
        }
    }

  /* from below the arrow down to the first of the siblings hanging from this row */
  if (self->children_guide && expandable && ramo_tree_row_get_expanded (self->list_row))
    append_box (snapshot, &color, rtl, width, self->indent + offset, mid + 7, 1, height - mid - 7);
}

static void
ramo_tree_expander_snapshot (GtkWidget   *widget,
                             GtkSnapshot *snapshot)
{
  RamoTreeExpander *self = RAMO_TREE_EXPANDER (widget);

  snapshot_guides (self, snapshot);
  gtk_widget_snapshot_child (widget, self->arrow, snapshot);
  if (self->child)
    gtk_widget_snapshot_child (widget, self->child, snapshot);
}

static void
list_row_notify_cb (RamoTreeExpander *self,
                    GParamSpec       *pspec,
                    RamoTreeRow      *list_row)
{
  update_arrow (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* Asked only when the pointer rests on the arrow (setting a tooltip text on every bind would
 * ask the display server where the pointer is, every time). */
static gboolean
arrow_query_tooltip_cb (RamoTreeExpander *self,
                        int               x,
                        int               y,
                        gboolean          keyboard_mode,
                        GtkTooltip       *tooltip,
                        GtkWidget        *arrow)
{
  if (self->list_row == NULL || !ramo_tree_row_is_expandable (self->list_row))
    return FALSE;
  gtk_tooltip_set_text (tooltip, ramo_tree_row_get_expanded (self->list_row) ? _("Fold") : _("Unfold"));
  return TRUE;
}

static void
set_expanded (RamoTreeExpander *self,
              gboolean          expanded)
{
  if (self->list_row && ramo_tree_row_is_expandable (self->list_row))
    ramo_tree_row_set_expanded (self->list_row, expanded);
}

static void
expand_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  set_expanded (RAMO_TREE_EXPANDER (widget), TRUE);
}

static void
collapse_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  set_expanded (RAMO_TREE_EXPANDER (widget), FALSE);
}

static void
toggle_expand_action (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *parameter)
{
  RamoTreeExpander *self = RAMO_TREE_EXPANDER (widget);

  if (self->list_row)
    set_expanded (self, !ramo_tree_row_get_expanded (self->list_row));
}

static void
arrow_pressed_cb (RamoTreeExpander *self,
                  int               n_press,
                  double            x,
                  double            y,
                  GtkGestureClick  *gesture)
{
  if (self->list_row == NULL || !ramo_tree_row_is_expandable (self->list_row))
    return;

  /* the arrow folds; it does not also select or activate the row */
  gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
  if (n_press == 1)
    gtk_widget_activate_action (GTK_WIDGET (self), "listitem.toggle-expand", NULL);
}

static void
ramo_tree_expander_dispose (GObject *object)
{
  RamoTreeExpander *self = (RamoTreeExpander *)object;

  ramo_tree_expander_set_list_row (self, NULL);
  g_clear_pointer (&self->arrow, gtk_widget_unparent);
  g_clear_pointer (&self->child, gtk_widget_unparent);
  g_clear_pointer (&self->guides, g_free);
  self->n_columns = 0;

  G_OBJECT_CLASS (ramo_tree_expander_parent_class)->dispose (object);
}

static void
ramo_tree_expander_get_property (GObject    *object,
                                 guint       prop_id,
                                 GValue     *value,
                                 GParamSpec *pspec)
{
  RamoTreeExpander *self = RAMO_TREE_EXPANDER (object);

  switch (prop_id)
    {
    case PROP_LIST_ROW:
      g_value_set_object (value, self->list_row);
      break;

    case PROP_ITEM:
      g_value_take_object (value, ramo_tree_expander_get_item (self));
      break;

    case PROP_CHILD:
      g_value_set_object (value, self->child);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ramo_tree_expander_set_property (GObject      *object,
                                 guint         prop_id,
                                 const GValue *value,
                                 GParamSpec   *pspec)
{
  RamoTreeExpander *self = RAMO_TREE_EXPANDER (object);

  switch (prop_id)
    {
    case PROP_LIST_ROW:
      ramo_tree_expander_set_list_row (self, g_value_get_object (value));
      break;

    case PROP_CHILD:
      ramo_tree_expander_set_child (self, g_value_get_object (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ramo_tree_expander_class_init (RamoTreeExpanderClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = ramo_tree_expander_dispose;
  object_class->get_property = ramo_tree_expander_get_property;
  object_class->set_property = ramo_tree_expander_set_property;

  widget_class->measure = ramo_tree_expander_measure;
  widget_class->size_allocate = ramo_tree_expander_size_allocate;
  widget_class->snapshot = ramo_tree_expander_snapshot;

  /**
   * RamoTreeExpander:list-row: (attributes org.gtk.Property.get=ramo_tree_expander_get_list_row org.gtk.Property.set=ramo_tree_expander_set_list_row)
   *
   * The row of the `RamoTreeModel` this expander shows, or %NULL.
   */
  properties [PROP_LIST_ROW] =
    g_param_spec_object ("list-row", NULL, NULL,
                         RAMO_TYPE_TREE_ROW,
                         (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * RamoTreeExpander:item: (attributes org.gtk.Property.get=ramo_tree_expander_get_item)
   *
   * The item of the row (for the session tree, a #RamoProjectionNode), or %NULL.
   */
  properties [PROP_ITEM] =
    g_param_spec_object ("item", NULL, NULL,
                         G_TYPE_OBJECT,
                         (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));

  /**
   * RamoTreeExpander:child: (attributes org.gtk.Property.get=ramo_tree_expander_get_child org.gtk.Property.set=ramo_tree_expander_set_child)
   *
   * The widget of the row, after the arrow.
   */
  properties [PROP_CHILD] =
    g_param_spec_object ("child", NULL, NULL,
                         GTK_TYPE_WIDGET,
                         (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_install_action (widget_class, "listitem.expand", NULL, expand_action);
  gtk_widget_class_install_action (widget_class, "listitem.collapse", NULL, collapse_action);
  gtk_widget_class_install_action (widget_class, "listitem.toggle-expand", NULL, toggle_expand_action);

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_plus, 0, "listitem.expand", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_Add, 0, "listitem.expand", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_asterisk, 0, "listitem.expand", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_Multiply, 0, "listitem.expand", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_minus, 0, "listitem.collapse", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_Subtract, 0, "listitem.collapse", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_slash, 0, "listitem.collapse", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_Divide, 0, "listitem.collapse", NULL);

  gtk_widget_class_set_css_name (widget_class, "treeexpander");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
ramo_tree_expander_init (RamoTreeExpander *self)
{
  GtkGesture *click;

  self->arrow = gtk_image_new ();
  gtk_widget_set_size_request (self->arrow, INDENT_PX, INDENT_PX);
  /* the space the theme's treeexpander puts between its children (border-spacing, which only
   * GTK's own layouts read) */
  gtk_widget_set_margin_end (self->arrow, ARROW_SPACING_PX);
  gtk_widget_set_valign (self->arrow, GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (self->arrow, "expander");
  gtk_widget_set_parent (self->arrow, GTK_WIDGET (self));
  gtk_widget_set_has_tooltip (self->arrow, TRUE);
  g_signal_connect_object (self->arrow, "query-tooltip", G_CALLBACK (arrow_query_tooltip_cb), self, G_CONNECT_SWAPPED);

  click = gtk_gesture_click_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (click), GDK_BUTTON_PRIMARY);
  g_signal_connect_object (click, "pressed", G_CALLBACK (arrow_pressed_cb), self, G_CONNECT_SWAPPED);
  gtk_widget_add_controller (self->arrow, GTK_EVENT_CONTROLLER (click));
}

/**
 * ramo_tree_expander_new:
 *
 * Returns: (transfer floating): a new expander with no row and no child
 */
GtkWidget *
ramo_tree_expander_new (void)
{
  return g_object_new (RAMO_TYPE_TREE_EXPANDER, NULL);
}

/**
 * ramo_tree_expander_get_list_row:
 * @self: an expander
 *
 * Returns: (transfer none) (nullable): the row shown
 */
RamoTreeRow *
ramo_tree_expander_get_list_row (RamoTreeExpander *self)
{
  g_return_val_if_fail (RAMO_IS_TREE_EXPANDER (self), NULL);
  return self->list_row;
}

/**
 * ramo_tree_expander_set_list_row:
 * @self: an expander
 * @list_row: (nullable): the row to show
 *
 * Shows @list_row: its depth as indentation and its fold state on the arrow, kept current.
 */
void
ramo_tree_expander_set_list_row (RamoTreeExpander *self,
                                 RamoTreeRow      *list_row)
{
  g_return_if_fail (RAMO_IS_TREE_EXPANDER (self));
  g_return_if_fail (list_row == NULL || RAMO_IS_TREE_ROW (list_row));

  if (self->list_row == list_row)
    return;

  if (self->list_row)
    {
      g_clear_signal_handler (&self->expanded_id, self->list_row);
      g_clear_signal_handler (&self->expandable_id, self->list_row);
    }
  g_set_object (&self->list_row, list_row);
  if (list_row)
    {
      self->expanded_id = g_signal_connect_object (list_row, "notify::expanded",
                                                   G_CALLBACK (list_row_notify_cb), self, G_CONNECT_SWAPPED);
      self->expandable_id = g_signal_connect_object (list_row, "notify::expandable",
                                                     G_CALLBACK (list_row_notify_cb), self, G_CONNECT_SWAPPED);
    }

  update_depth (self);
  update_arrow (self);

  g_object_notify_by_pspec (G_OBJECT (self), properties [PROP_LIST_ROW]);
  g_object_notify_by_pspec (G_OBJECT (self), properties [PROP_ITEM]);
}

/**
 * ramo_tree_expander_get_item:
 * @self: an expander
 *
 * Returns: (transfer full) (nullable): the item of the row shown
 */
gpointer
ramo_tree_expander_get_item (RamoTreeExpander *self)
{
  g_return_val_if_fail (RAMO_IS_TREE_EXPANDER (self), NULL);
  return self->list_row ? ramo_tree_row_get_item (self->list_row) : NULL;
}

/**
 * ramo_tree_expander_get_child:
 * @self: an expander
 *
 * Returns: (transfer none) (nullable): the row's widget
 */
GtkWidget *
ramo_tree_expander_get_child (RamoTreeExpander *self)
{
  g_return_val_if_fail (RAMO_IS_TREE_EXPANDER (self), NULL);
  return self->child;
}

/**
 * ramo_tree_expander_set_child:
 * @self: an expander
 * @child: (nullable) (transfer none): the row's widget
 *
 * Puts @child after the arrow, replacing the previous one.
 */
void
ramo_tree_expander_set_child (RamoTreeExpander *self,
                              GtkWidget        *child)
{
  g_return_if_fail (RAMO_IS_TREE_EXPANDER (self));
  g_return_if_fail (child == NULL || GTK_IS_WIDGET (child));

  if (self->child == child)
    return;

  g_clear_pointer (&self->child, gtk_widget_unparent);
  if (child)
    {
      self->child = child;
      gtk_widget_set_parent (child, GTK_WIDGET (self));
    }
  g_object_notify_by_pspec (G_OBJECT (self), properties [PROP_CHILD]);
}

/**
 * ramo_tree_expander_set_guides:
 * @self: an expander
 * @guides: (nullable) (array length=n_columns): a #RamoTreeGuide for each column of the row's
 *   indentation, first to last, each or-ed with %RAMO_TREE_EXPANDER_GUIDE_GAP where the
 *   column stands for more than one level (levels no row in view has are left out)
 * @n_columns: how many columns the row is indented by
 * @span: the most columns a row in view is indented by: when they do not fit in the row's
 *   share for indentation, every column is narrower (down to a floor)
 * @children_guide: whether rows that hang from this one as siblings follow it (a line goes
 *   down from under its arrow)
 *
 * Sets the row's indentation and the guides drawn in it, which the tree works out for the
 * rows in view (ramo_tree_row_get_guides()). Asks for an allocation and a redraw only when
 * something changed.
 */
void
ramo_tree_expander_set_guides (RamoTreeExpander *self,
                               const guint8     *guides,
                               guint             n_columns,
                               guint             span,
                               gboolean          children_guide)
{
  gboolean changed;

  g_return_if_fail (RAMO_IS_TREE_EXPANDER (self));
  g_return_if_fail (guides != NULL || n_columns == 0);

  changed = n_columns != self->n_columns || span != self->span ||
            (children_guide != FALSE) != self->children_guide;
  if (!changed && n_columns > 0 && memcmp (guides, self->guides, n_columns) != 0)
    {
      memcpy (self->guides, guides, n_columns);
      gtk_widget_queue_draw (GTK_WIDGET (self));
      return;
    }
  if (!changed)
    return;

  if (n_columns != self->n_columns)
    {
      g_free (self->guides);
      self->guides = n_columns > 0 ? g_malloc (n_columns) : NULL;
    }
  if (n_columns > 0)
    memcpy (self->guides, guides, n_columns);
  self->n_columns = n_columns;
  self->span = span;
  self->children_guide = children_guide != FALSE;
  gtk_widget_queue_allocate (GTK_WIDGET (self));
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/**
 * ramo_tree_expander_get_n_columns:
 * @self: an expander
 *
 * Returns: how many columns the row is indented by (see ramo_tree_expander_set_guides())
 */
guint
ramo_tree_expander_get_n_columns (RamoTreeExpander *self)
{
  g_return_val_if_fail (RAMO_IS_TREE_EXPANDER (self), 0);
  return self->n_columns;
}

/**
 * ramo_tree_expander_get_guides:
 * @self: an expander
 *
 * Returns: (transfer none) (nullable) (array length=n_columns): the guides drawn, as given
 *   to ramo_tree_expander_set_guides(), one per column
 */
const guint8 *
ramo_tree_expander_get_guides (RamoTreeExpander *self)
{
  g_return_val_if_fail (RAMO_IS_TREE_EXPANDER (self), NULL);
  return self->guides;
}

/**
 * ramo_tree_expander_get_indent:
 * @self: an expander
 *
 * Returns: the pixels before the arrow at the last allocation
 */
int
ramo_tree_expander_get_indent (RamoTreeExpander *self)
{
  g_return_val_if_fail (RAMO_IS_TREE_EXPANDER (self), 0);
  return self->indent;
}

/* ramo-path-bar.c
 *
 * Copyright 2026 The Ramo authors
 *
 * This program is free software: you can redistribute it and/or modify it under the terms of the
 * GNU General Public License as published by the Free Software Foundation, either version 3 of
 * the License, or (at your option) any later version.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ramo-path-bar"

#include "config.h"

#include <glib/gi18n.h>

#include "ramo-path-bar.h"
#include "ramo-app-util.h"

/**
 * RamoPathBar:
 *
 * The way from the top of the tree to the selected entry, by its branch points: one button
 * for the start of the top segment, one for each branch point on the way (where the path took
 * one of several branches), and the selected entry, each a click away
 * (#RamoPathBar::entry-activated). On a path with more branch points than
 * %RAMO_PATH_BAR_MAX_CRUMBS, the first button ("…") goes to the one before those shown.
 *
 * The tree indents the rows in view from the shallowest of them, so the rows they hang from
 * are scrolled off to the left: the row they hang from always has a button, dimmed as are the
 * few branch points above it (after a "…" of their own when there are more), and when the
 * selection is not in view the bar shows the way to that row instead.
 */

#define MAX_TEXT_CHARS 28
/* how many buttons of rows scrolled off to the left the bar shows (the nearest) */
#define MAX_SCROLLED_OFF_CRUMBS 3

struct _RamoPathBar
{
  GtkWidget      parent_instance;

  GtkWidget     *scroller;
  GtkWidget     *box;
  GPtrArray     *ids;          /* the entries of the buttons, in order */
  guint          n_scrolled_off; /* how many of the first buttons are dimmed */
  guint          scroll_idle;
};

G_DEFINE_FINAL_TYPE (RamoPathBar, ramo_path_bar, GTK_TYPE_WIDGET)

enum {
  SIGNAL_ENTRY_ACTIVATED,
  N_SIGNALS
};

static guint signals [N_SIGNALS];

static void
crumb_clicked_cb (GtkButton   *button,
                  RamoPathBar *self)
{
  const char *id = g_object_get_data (G_OBJECT (button), "ramo-entry-id");

  if (id)
    g_signal_emit (self, signals [SIGNAL_ENTRY_ACTIVATED], 0, id);
}

/* The entry's display text, cut to a crumb. */
static char *
crumb_text (const RamoEntry *entry)
{
  g_autofree char *text = ramo_text_shown (entry->display ? entry->display : entry->id);
  glong n = g_utf8_strlen (text, -1);
  g_autofree char *cut = NULL;

  if (n <= MAX_TEXT_CHARS)
    return g_steal_pointer (&text);
  cut = g_utf8_substring (text, 0, MAX_TEXT_CHARS - 1);
  return g_strconcat (cut, "…", NULL);
}

/* A crumb's tooltip, made when asked for: gtk_widget_set_tooltip_text() asks the display where
 * the pointer is, 0.2-0.3 ms a button, and the bar is made again for every selection change. */
static gboolean
crumb_query_tooltip_cb (GtkWidget  *button,
                        int         x,
                        int         y,
                        gboolean    keyboard,
                        GtkTooltip *tooltip,
                        gpointer    data)
{
  const char *text = ramo_path_bar_get_crumb_tooltip (button);

  if (text == NULL)
    return FALSE;
  gtk_tooltip_set_text (tooltip, text);
  return TRUE;
}

static void
add_crumb (RamoPathBar     *self,
           const RamoEntry *entry,
           const char      *text,
           gboolean         current,
           gboolean         scrolled_off)
{
  g_autofree char *shown = text ? g_strdup (text) : crumb_text (entry);
  GtkWidget *button = gtk_button_new_with_label (shown);
  GtkWidget *label = gtk_button_get_child (GTK_BUTTON (button));
  g_autofree char *whole = ramo_text_shown (entry->display ? entry->display : entry->id);

  if (gtk_widget_get_first_child (self->box))
    {
      GtkWidget *separator = gtk_label_new ("›");

      gtk_widget_add_css_class (separator, "dim-label");
      gtk_box_append (GTK_BOX (self->box), separator);
    }
  if (GTK_IS_LABEL (label))
    gtk_label_set_single_line_mode (GTK_LABEL (label), TRUE);
  gtk_widget_add_css_class (button, "flat");
  if (current)
    gtk_widget_add_css_class (button, "current");
  if (scrolled_off)
    {
      g_autofree char *tip = NULL;

      /* Translators: the tooltip of a path bar button whose row the tree's indentation left
       * out, to the left of the rows in view; %s is the entry's text */
      tip = g_strdup_printf (_("Scrolled off to the left: %s"), whole);
      gtk_widget_add_css_class (button, "scrolled-off");
      self->n_scrolled_off++;
      g_object_set_data_full (G_OBJECT (button), "ramo-tooltip", g_steal_pointer (&tip), g_free);
      gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                      _("Scrolled off to the left"), -1);
    }
  else
    g_object_set_data_full (G_OBJECT (button), "ramo-tooltip", g_strdup (whole), g_free);
  gtk_widget_set_has_tooltip (button, TRUE);
  g_signal_connect (button, "query-tooltip", G_CALLBACK (crumb_query_tooltip_cb), NULL);
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, whole, -1);
  g_object_set_data_full (G_OBJECT (button), "ramo-entry-id", g_strdup (entry->id), g_free);
  g_signal_connect (button, "clicked", G_CALLBACK (crumb_clicked_cb), self);
  gtk_box_append (GTK_BOX (self->box), button);
  g_ptr_array_add (self->ids, g_strdup (entry->id));
}

static gboolean
scroll_to_end_cb (gpointer data)
{
  RamoPathBar *self = data;
  GtkAdjustment *adjustment = gtk_scrolled_window_get_hadjustment (GTK_SCROLLED_WINDOW (self->scroller));

  self->scroll_idle = 0;
  gtk_adjustment_set_value (adjustment, gtk_adjustment_get_upper (adjustment));
  return G_SOURCE_REMOVE;
}

/**
 * ramo_path_bar_set_path:
 * @self: a path bar
 * @projection: (nullable): the tree as shown
 * @selected: (nullable): the selected entry (with a row), when it is in view
 * @scrolled_off: (nullable): the entry the shallowest rows in view hang from (see
 *   ramo_session_tree_get_scrolled_off_id()): it and the rows above it are scrolled off to the
 *   left
 *
 * Shows the way to @selected, or without one to @scrolled_off: the start of the top segment,
 * the branch points on the way, and the entry itself; nothing without either. The buttons of
 * @scrolled_off and the rows above it are dimmed. The bar keeps its height either way, so
 * that the tree below does not move.
 */
void
ramo_path_bar_set_path (RamoPathBar     *self,
                        RamoProjection  *projection,
                        const RamoEntry *selected,
                        const RamoEntry *scrolled_off)
{
  g_autoptr(GPtrArray) near = g_ptr_array_new ();  /* branch points below @scrolled_off */
  g_autoptr(GPtrArray) far = g_ptr_array_new ();   /* @scrolled_off and branch points above */
  const RamoEntry *end, *top;
  RamoEntry *more_near = NULL, *more_far = NULL;
  GtkWidget *child;

  g_return_if_fail (RAMO_IS_PATH_BAR (self));

  while ((child = gtk_widget_get_first_child (self->box)))
    gtk_box_remove (GTK_BOX (self->box), child);
  g_ptr_array_set_size (self->ids, 0);
  self->n_scrolled_off = 0;
  if (projection == NULL)
    return;
  if (selected != NULL && !ramo_projection_is_visible (projection, selected))
    selected = NULL;
  if (scrolled_off != NULL && !ramo_projection_is_visible (projection, scrolled_off))
    scrolled_off = NULL;
  end = top = selected ? selected : scrolled_off;
  if (end == NULL)
    return;

  /* up from the end: the branch points, the nearest first, at most as many as shown, then on
   * (without buttons) up to @scrolled_off */
  if (end != scrolled_off)
    {
      RamoEntry *e = ramo_projection_get_visible_parent (projection, end);

      for (; e; e = ramo_projection_get_visible_parent (projection, e))
        {
          top = e;
          if (e == scrolled_off)
            break;
          if (!ramo_projection_is_branch_point (projection, e))
            continue;
          if (near->len < RAMO_PATH_BAR_MAX_CRUMBS)
            g_ptr_array_add (near, e);
          else if (more_near == NULL)
            {
              more_near = e;
              /* without rows scrolled off, the rest is the "…" button's */
              if (scrolled_off == NULL)
                break;
            }
        }
      /* @scrolled_off is not above the end: nothing of the way is scrolled off */
      if (e == NULL)
        scrolled_off = NULL;
    }

  /* from @scrolled_off up: it, and a few branch points above it, dimmed */
  if (scrolled_off != NULL)
    {
      if (scrolled_off != end)
        g_ptr_array_add (far, (gpointer) scrolled_off);
      for (RamoEntry *e = ramo_projection_get_visible_parent (projection, scrolled_off); e;
           e = ramo_projection_get_visible_parent (projection, e))
        {
          top = e;
          if (!ramo_projection_is_branch_point (projection, e))
            continue;
          if (far->len < (end == scrolled_off ? RAMO_PATH_BAR_MAX_CRUMBS : MAX_SCROLLED_OFF_CRUMBS))
            g_ptr_array_add (far, e);
          else
            {
              more_far = e;
              break;
            }
        }
    }

  if (scrolled_off != NULL)
    {
      /* Translators: a button of the path bar that stands for the branch points it leaves out
       * (it goes to the nearest of them) */
      if (more_far)
        add_crumb (self, more_far, C_("path bar", "…"), FALSE, TRUE);
      else if (top != end && (far->len == 0 || g_ptr_array_index (far, far->len - 1) != top))
        add_crumb (self, top, NULL, FALSE, TRUE);
      for (guint i = far->len; i-- > 0;)
        add_crumb (self, g_ptr_array_index (far, i), NULL, FALSE, TRUE);
      if (more_near)
        add_crumb (self, more_near, C_("path bar", "…"), FALSE, FALSE);
    }
  else if (more_near)
    {
      add_crumb (self, more_near, C_("path bar", "…"), FALSE, FALSE);
    }
  else if (top != end && (near->len == 0 || g_ptr_array_index (near, near->len - 1) != top))
    add_crumb (self, top, NULL, FALSE, FALSE);
  for (guint i = near->len; i-- > 0;)
    add_crumb (self, g_ptr_array_index (near, i), NULL, FALSE, FALSE);
  add_crumb (self, end, NULL, end == selected, end == scrolled_off);

  if (self->scroll_idle == 0)
    self->scroll_idle = g_idle_add (scroll_to_end_cb, self);
}

/**
 * ramo_path_bar_get_ids:
 * @self: a path bar
 *
 * Returns: (transfer none) (element-type utf8): the entries of the buttons, in order (the
 *   first one is the "…" button's entry when there is one)
 */
GPtrArray *
ramo_path_bar_get_ids (RamoPathBar *self)
{
  g_return_val_if_fail (RAMO_IS_PATH_BAR (self), NULL);
  return self->ids;
}

/**
 * ramo_path_bar_get_n_scrolled_off:
 * @self: a path bar
 *
 * Returns: how many of the buttons, from the first, are those of rows scrolled off to the
 *   left (dimmed)
 */
guint
ramo_path_bar_get_n_scrolled_off (RamoPathBar *self)
{
  g_return_val_if_fail (RAMO_IS_PATH_BAR (self), 0);
  return self->n_scrolled_off;
}

/**
 * ramo_path_bar_activate:
 * @self: a path bar
 * @index: a button, from 0
 *
 * Clicks the button, as the user would.
 */
void
ramo_path_bar_activate (RamoPathBar *self,
                        guint        index)
{
  g_return_if_fail (RAMO_IS_PATH_BAR (self));
  g_return_if_fail (index < self->ids->len);

  g_signal_emit (self, signals [SIGNAL_ENTRY_ACTIVATED], 0, g_ptr_array_index (self->ids, index));
}

static void
ramo_path_bar_dispose (GObject *object)
{
  RamoPathBar *self = RAMO_PATH_BAR (object);

  g_clear_handle_id (&self->scroll_idle, g_source_remove);
  g_clear_pointer (&self->scroller, gtk_widget_unparent);

  G_OBJECT_CLASS (ramo_path_bar_parent_class)->dispose (object);
}

static void
ramo_path_bar_finalize (GObject *object)
{
  RamoPathBar *self = RAMO_PATH_BAR (object);

  g_ptr_array_unref (self->ids);

  G_OBJECT_CLASS (ramo_path_bar_parent_class)->finalize (object);
}

static void
ramo_path_bar_class_init (RamoPathBarClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = ramo_path_bar_dispose;
  object_class->finalize = ramo_path_bar_finalize;

  /**
   * RamoPathBar::entry-activated:
   * @self: the path bar
   * @id: the entry of the button clicked
   */
  signals [SIGNAL_ENTRY_ACTIVATED] =
    g_signal_new ("entry-activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                  NULL, G_TYPE_NONE, 1, G_TYPE_STRING);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "pathbar");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
ramo_path_bar_init (RamoPathBar *self)
{
  self->ids = g_ptr_array_new_with_free_func (g_free);
  self->box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 2);
  self->scroller = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (self->scroller), GTK_POLICY_EXTERNAL, GTK_POLICY_NEVER);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (self->scroller), self->box);
  gtk_widget_set_parent (self->scroller, GTK_WIDGET (self));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Path to the selected entry"), -1);
}

/**
 * ramo_path_bar_new:
 *
 * Returns: (transfer floating): a new, empty path bar
 */
GtkWidget *
ramo_path_bar_new (void)
{
  return g_object_new (RAMO_TYPE_PATH_BAR, NULL);
}

/**
 * ramo_path_bar_get_crumb_tooltip:
 * @button: a button of a path bar
 *
 * The text @button's tooltip shows when the pointer rests on it: the entry's whole text, and
 * for an entry scrolled off to the left, that it is.
 *
 * Returns: (transfer none) (nullable): the text, or %NULL when @button is no crumb
 */
const char *
ramo_path_bar_get_crumb_tooltip (GtkWidget *button)
{
  g_return_val_if_fail (GTK_IS_WIDGET (button), NULL);
  return g_object_get_data (G_OBJECT (button), "ramo-tooltip");
}

/* ramo-session-row.c
 *
 * Copyright 2026 The Ramo authors
 *
 * This program is free software: you can redistribute it and/or modify it under the terms of the
 * GNU General Public License as published by the Free Software Foundation, either version 3 of
 * the License, or (at your option) any later version.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ramo-session-row"

#include "config.h"

#include <glib/gi18n.h>

#include "ramo-app-util.h"
#include "ramo-session-row-private.h"

/**
 * RamoSessionRow:
 *
 * One row of the session tree: a marker for the leaf and the active path, the entry's label as
 * a pill (editable inline), and the entry's one-line text. File text is always shown as plain
 * text; search matches are highlighted with Pango attributes, never with markup.
 *
 * The row reads only its node, and the search terms whoever binds it sets
 * (ramo_session_row_set_search_terms()). It reports what the user wants through window actions
 * (`win.set-label`), so the same code path serves the keyboard, the mouse and scripts.
 */

G_DEFINE_FINAL_TYPE (RamoSessionRow, ramo_session_row, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_NODE,
  N_PROPS
};

static GParamSpec *properties [N_PROPS];

static void pill_pressed_cb (RamoSessionRow  *self,
                             int              n_press,
                             double           x,
                             double           y,
                             GtkGestureClick *gesture);

/* The pill is made the first time this row shows a label: few entries have one, and rows are
 * made by the hundred. */
void
_ramo_session_row_ensure_pill (RamoSessionRow *self)
{
  GtkGesture *gesture;

  if (self->pill != NULL)
    return;

  self->pill = GTK_LABEL (gtk_label_new (NULL));
  gtk_widget_set_visible (GTK_WIDGET (self->pill), FALSE);
  gtk_widget_set_valign (GTK_WIDGET (self->pill), GTK_ALIGN_CENTER);
  gtk_label_set_ellipsize (self->pill, PANGO_ELLIPSIZE_END);
  gtk_label_set_max_width_chars (self->pill, 28);
  gtk_label_set_single_line_mode (self->pill, TRUE);
  gtk_label_set_use_markup (self->pill, FALSE);
  gtk_widget_add_css_class (GTK_WIDGET (self->pill), "pill");
  gtk_widget_insert_after (GTK_WIDGET (self->pill), GTK_WIDGET (self), self->bar);

  gesture = gtk_gesture_click_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (gesture), GDK_BUTTON_PRIMARY);
  g_signal_connect_object (gesture, "pressed", G_CALLBACK (pill_pressed_cb), self, G_CONNECT_SWAPPED);
  gtk_widget_add_controller (GTK_WIDGET (self->pill), GTK_EVENT_CONTROLLER (gesture));
}

/* The row's accessible name, which its list item is labelled by: its text, after its label
 * as pi writes it ("[plan] user: …"). */
static void
update_accessible_name (RamoSessionRow *self)
{
  const char *label = self->node ? ramo_projection_node_get_label (self->node) : NULL;
  const char *text = gtk_inscription_get_text (self->text_label);
  g_autofree char *name = label ? g_strdup_printf ("[%s] %s", label, text ? text : "") : NULL;

  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  name ? name : (text ? text : ""),
                                  -1);
}

/* pi 1.6.0's label time (Shift+T in its tree), after the pill, dimmed. */
static void
update_label_time (RamoSessionRow *self,
                   const char     *label)
{
  g_autofree char *time = NULL;

  if (label && self->show_label_time && !self->editing)
    time = ramo_format_label_time (ramo_projection_node_get_label_time (self->node), NULL);
  if (time == NULL && self->label_time == NULL)
    return;
  if (self->label_time == NULL)
    {
      self->label_time = GTK_LABEL (gtk_label_new (NULL));
      gtk_label_set_single_line_mode (self->label_time, TRUE);
      gtk_widget_add_css_class (GTK_WIDGET (self->label_time), "dim-label");
      gtk_widget_add_css_class (GTK_WIDGET (self->label_time), "label-time");
      gtk_widget_add_css_class (GTK_WIDGET (self->label_time), "numeric");
      gtk_widget_insert_after (GTK_WIDGET (self->label_time), GTK_WIDGET (self), GTK_WIDGET (self->pill));
    }
  gtk_label_set_text (self->label_time, time ? time : "");
  gtk_widget_set_visible (GTK_WIDGET (self->label_time), time != NULL);
}

/**
 * ramo_session_row_set_show_label_time:
 * @self: a row
 * @show: whether a label shows when it was set, as pi 1.6.0's tree does with label times on
 */
void
ramo_session_row_set_show_label_time (RamoSessionRow *self,
                                      gboolean        show)
{
  g_return_if_fail (RAMO_IS_SESSION_ROW (self));

  if (self->show_label_time == !!show)
    return;
  self->show_label_time = !!show;
  _ramo_session_row_update_label (self);
}

/**
 * ramo_session_row_get_label_time_text:
 * @self: a row
 *
 * Returns: the label time the row shows, or "" when it shows none
 */
const char *
ramo_session_row_get_label_time_text (RamoSessionRow *self)
{
  g_return_val_if_fail (RAMO_IS_SESSION_ROW (self), NULL);
  return self->label_time && gtk_widget_get_visible (GTK_WIDGET (self->label_time))
         ? gtk_label_get_text (self->label_time) : "";
}

void
_ramo_session_row_update_label (RamoSessionRow *self)
{
  const char *label;

  g_assert (RAMO_IS_SESSION_ROW (self));

  label = self->node ? ramo_projection_node_get_label (self->node) : NULL;
  if (label != NULL || self->pill != NULL)
    {
      g_autofree char *shown = ramo_text_shown (label);

      _ramo_session_row_ensure_pill (self);
      if (g_strcmp0 (gtk_label_get_text (self->pill), shown) != 0)
        gtk_label_set_text (self->pill, shown);
      gtk_widget_set_visible (GTK_WIDGET (self->pill), label != NULL && !self->editing);
    }
  update_label_time (self, label);
  update_accessible_name (self);
  ramo_session_row_refresh_highlight (self);
}

/* An entry a context edit targets (pi 1.6.0) shows it: what the model sees of it differs from
 * what the file says, on the branches the edit is on. */
static void
update_context_edit (RamoSessionRow *self)
{
  RamoEntry *edit = self->node ? ramo_projection_node_get_context_edit (self->node) : NULL;
  gboolean removes = edit && (edit->flags & RAMO_ENTRY_FLAG_EDIT_REMOVES);

  if (edit == NULL && self->edit_image == NULL)
    return;
  if (self->edit_image == NULL)
    {
      self->edit_image = GTK_IMAGE (gtk_image_new ());
      gtk_widget_add_css_class (GTK_WIDGET (self->edit_image), "context-edit");
      gtk_widget_set_valign (GTK_WIDGET (self->edit_image), GTK_ALIGN_CENTER);
      gtk_widget_insert_after (GTK_WIDGET (self->edit_image), GTK_WIDGET (self), self->bar);
    }
  gtk_widget_set_visible (GTK_WIDGET (self->edit_image), edit != NULL);
  if (edit == NULL)
    return;
  gtk_image_set_from_icon_name (self->edit_image, removes ? "view-conceal-symbolic" : "document-edit-symbolic");
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->edit_image), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  removes ? _("Left out of the model’s context") : _("Edited for the model"), -1);
}

typedef enum {
  MARKER_NONE,
  MARKER_ACTIVE,
  MARKER_LEAF,
  MARKER_LEAF_BELOW,
} Marker;

static void
update_path (RamoSessionRow *self)
{
  Marker marker = MARKER_NONE;

  g_assert (RAMO_IS_SESSION_ROW (self));

  if (self->node)
    {
      if (ramo_projection_node_get_is_leaf (self->node))
        marker = MARKER_LEAF;
      else if (ramo_projection_node_get_on_active_path (self->node))
        {
          /* When the filter hides the leaf, its nearest shown ancestor stands in for it. */
          if (ramo_projection_node_get_shows_leaf (self->node))
            marker = MARKER_LEAF_BELOW;
          else
            marker = MARKER_ACTIVE;
        }
    }

  /* Rows are rebound often (every rebuild); touch the widgets only on a change. */
  if (marker == self->marker)
    return;
  self->marker = marker;

  switch (marker)
    {
    case MARKER_LEAF:
    case MARKER_LEAF_BELOW:
      gtk_image_set_from_icon_name (self->marker_image, "ramo-leaf-symbolic");
      gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                      GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                      marker == MARKER_LEAF ? _("leaf, on the active path")
                                                            : _("on the active path, the hidden leaf is below"),
                                      -1);
      break;

    case MARKER_ACTIVE:
      gtk_image_set_from_icon_name (self->marker_image, "ramo-dot-symbolic");
      gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                      GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, _("on the active path"),
                                      -1);
      break;

    case MARKER_NONE:
    default:
      gtk_image_clear (self->marker_image);
      gtk_accessible_reset_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION);
      break;
    }

  if (marker == MARKER_LEAF)
    gtk_widget_add_css_class (GTK_WIDGET (self), "leaf");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self), "leaf");

  if (marker == MARKER_LEAF_BELOW)
    gtk_widget_add_css_class (GTK_WIDGET (self), "leaf-below");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self), "leaf-below");

  if (marker != MARKER_NONE)
    gtk_widget_add_css_class (GTK_WIDGET (self), "active-path");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self), "active-path");
}

/* The tooltip is made when asked for, not on every bind. */
static gboolean
query_tooltip_cb (RamoSessionRow *self,
                  int             x,
                  int             y,
                  gboolean        keyboard,
                  GtkTooltip     *tooltip,
                  GtkWidget      *widget)
{
  g_autofree char *time = NULL;
  g_autofree char *timestamp = NULL;
  GString *text;

  g_assert (RAMO_IS_SESSION_ROW (self));

  if (self->node == NULL || self->editing)
    return FALSE;

  text = g_string_new (NULL);
  timestamp = ramo_projection_node_dup_timestamp (self->node);
  time = ramo_format_timestamp (timestamp);
  if (time)
    g_string_append (text, time);
  switch ((Marker) self->marker)
    {
    case MARKER_LEAF:
      g_string_append_printf (text, "%s%s", text->len ? "\n" : "", _("Current leaf"));
      break;
    case MARKER_LEAF_BELOW:
      g_string_append_printf (text, "%s%s", text->len ? "\n" : "",
                              _("The current leaf is below this entry, hidden by the filter"));
      break;
    case MARKER_ACTIVE:
      g_string_append_printf (text, "%s%s", text->len ? "\n" : "", _("On the path to the current leaf"));
      break;
    case MARKER_NONE:
    default:
      break;
    }
  if (ramo_projection_node_get_label (self->node))
    g_string_append_printf (text, "%s%s", text->len ? "\n" : "", _("Double-click the label to edit it"));
  {
    RamoEntry *edit = ramo_projection_node_get_context_edit (self->node);

    if (edit)
      {
        g_string_append (text, text->len ? "\n" : "");
        g_string_append_printf (text, (edit->flags & RAMO_ENTRY_FLAG_EDIT_REMOVES)
                                      ? _("Context edit %s leaves this entry out of what the model sees on its branch")
                                      : _("Context edit %s changes what the model sees of this entry on its branch"),
                                edit->id);
      }
  }
  g_string_append_printf (text, "%s", text->len ? "\n" : "");
  g_string_append_printf (text, _("Entry %s"), ramo_projection_node_get_id (self->node));

  gtk_tooltip_set_text (tooltip, text->str);
  g_string_free (text, TRUE);
  return TRUE;
}

/* A row shows one line, and no window is wide enough for more than a few hundred characters
 * of it: longer texts are cut (the entry pane shows all of it). The text is a GtkInscription,
 * which (unlike GtkLabel) does not lay out its whole text to measure itself: the list view
 * measures every row it shows on every change. */
#define MAX_ROW_CHARS 300

/* Whether @text (up to @end) can be shown as it is: no control or bidirectional formatting
 * character (see ramo_text_shown()), and nothing beyond U+057F that could be right to left. */
static gboolean
shows_as_is (const char *text,
             const char *end)
{
  for (const guchar *p = (const guchar *) text; p < (const guchar *) end; p++)
    if (*p < 0x20 || *p == 0x7f || *p == 0xc2 || *p >= 0xd6)
      return FALSE;
  return TRUE;
}

static void
set_text (RamoSessionRow *self,
          const char     *text)
{
  const char *end = text;
  glong n;

  for (n = 0; n < MAX_ROW_CHARS && *end; n++)
    end = g_utf8_next_char (end);

  if (*end == '\0' && shows_as_is (text, end))
    gtk_inscription_set_text (self->text_label, text);
  else
    {
      g_autofree char *part = g_strndup (text, end - text);
      g_autofree char *shown = shows_as_is (text, end) ? g_steal_pointer (&part) : ramo_text_shown (part);
      g_autofree char *cut = *end ? g_strconcat (shown, "…", NULL) : g_steal_pointer (&shown);

      gtk_inscription_set_text (self->text_label, cut);
    }
  /* what a screen reader reads for the row */
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->text_label),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, gtk_inscription_get_text (self->text_label),
                                  -1);
}

static void
update_all (RamoSessionRow *self)
{
  const char *kind_class = NULL;

  g_assert (RAMO_IS_SESSION_ROW (self));

  if (self->node)
    {
      g_autofree char *kind = g_strconcat ("kind-", ramo_projection_node_get_kind (self->node), NULL);

      kind_class = g_intern_string (kind);
      set_text (self, ramo_projection_node_get_text (self->node));
    }
  else
    set_text (self, "");

  if (self->kind_class != kind_class)
    {
      if (self->kind_class)
        gtk_widget_remove_css_class (GTK_WIDGET (self), self->kind_class);
      if (kind_class)
        gtk_widget_add_css_class (GTK_WIDGET (self), kind_class);
      self->kind_class = kind_class;
    }

  update_path (self);
  _ramo_session_row_update_label (self);
  update_context_edit (self);
}

static const char * const *
search_terms (RamoSessionRow *self)
{
  return self->node ? (const char * const *) self->search_terms : NULL;
}

/* Marks the terms in the text. */
static void
apply_highlight (RamoSessionRow *self)
{
  const char * const *terms = search_terms (self);
  g_autoptr(PangoAttrList) attrs = NULL;

  self->highlight_stale = FALSE;
  if (terms)
    attrs = ramo_highlight_attributes (gtk_inscription_get_text (self->text_label), terms);
  /* setting attributes makes GTK 4.8 redo the text's layout attributes, even to none again */
  if (attrs == NULL && !self->highlighted)
    return;
  gtk_inscription_set_attributes (self->text_label, attrs);
  self->highlighted = attrs != NULL;
}

/**
 * ramo_session_row_refresh_highlight:
 * @self: a row
 *
 * Marks the current search terms in the row's label now, and in its text the next time the
 * row is drawn: setting attributes costs GTK 4.8 a tenth of a millisecond, and of the ~200
 * rows a list view rebinds on each keystroke only those in view are drawn. (The label can
 * change the row's size, so it cannot wait for the drawing; few rows have one.)
 */
void
ramo_session_row_refresh_highlight (RamoSessionRow *self)
{
  const char * const *terms;
  g_autoptr(PangoAttrList) attrs = NULL;

  g_return_if_fail (RAMO_IS_SESSION_ROW (self));

  terms = search_terms (self);
  if (self->pill && terms && gtk_widget_get_visible (GTK_WIDGET (self->pill)))
    attrs = ramo_highlight_attributes (gtk_label_get_text (self->pill), terms);
  if (self->pill && (attrs != NULL || gtk_label_get_attributes (self->pill) != NULL))
    gtk_label_set_attributes (self->pill, attrs);

  self->highlight_stale = TRUE;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/**
 * ramo_session_row_set_search_terms:
 * @self: a row
 * @terms: (nullable) (array zero-terminated=1): the casefolded search terms to mark
 *
 * Sets the terms the row marks in its text and its label (the projection's
 * ramo_projection_get_search_terms()); the row copies them. Marks them anew when they differ
 * from the ones it had.
 */
void
ramo_session_row_set_search_terms (RamoSessionRow     *self,
                                   const char * const *terms)
{
  g_return_if_fail (RAMO_IS_SESSION_ROW (self));

  /* no terms and none at all mark the same: nothing */
  if (terms != NULL && terms[0] == NULL)
    terms = NULL;
  if (terms == NULL || self->search_terms == NULL
      ? (gpointer) terms == (gpointer) self->search_terms
      : g_strv_equal (terms, (const char * const *) self->search_terms))
    return;
  g_strfreev (self->search_terms);
  self->search_terms = g_strdupv ((char **) terms);
  if (self->node != NULL)
    ramo_session_row_refresh_highlight (self);
}

static void
ramo_session_row_snapshot (GtkWidget   *widget,
                           GtkSnapshot *snapshot)
{
  RamoSessionRow *self = RAMO_SESSION_ROW (widget);

  /* before the children are drawn: they draw the attributes set now */
  if (self->highlight_stale)
    apply_highlight (self);
  GTK_WIDGET_CLASS (ramo_session_row_parent_class)->snapshot (widget, snapshot);
}

static void
pill_pressed_cb (RamoSessionRow  *self,
                 int              n_press,
                 double           x,
                 double           y,
                 GtkGestureClick *gesture)
{
  g_assert (RAMO_IS_SESSION_ROW (self));

  if (n_press == 2)
    {
      /* Claiming the sequence keeps the list from activating (navigating to) the row. */
      gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
      ramo_session_row_start_editing (self);
    }
}

/* The inscription's style follows the row's: its classes never change, and state flags,
 * classes of the row and themes reach the row too. */
static void
ramo_session_row_css_changed (GtkWidget         *widget,
                              GtkCssStyleChange *change)
{
  RAMO_SESSION_ROW (widget)->text_box = -1;
  GTK_WIDGET_CLASS (ramo_session_row_parent_class)->css_changed (widget, change);
}

static void
disconnect_node (RamoSessionRow *self)
{
  for (guint i = 0; i < G_N_ELEMENTS (self->node_handlers); i++)
    if (self->node_handlers[i])
      {
        g_signal_handler_disconnect (self->node, self->node_handlers[i]);
        self->node_handlers[i] = 0;
      }
}

static void
ramo_session_row_dispose (GObject *object)
{
  RamoSessionRow *self = (RamoSessionRow *)object;

  disconnect_node (self);
  g_clear_object (&self->node);
  g_clear_pointer (&self->search_terms, g_strfreev);

  if (self->label_entry)
    {
      gtk_widget_unparent (GTK_WIDGET (self->label_entry));
      self->label_entry = NULL;
    }
  if (self->marker_image)
    gtk_widget_unparent (GTK_WIDGET (self->marker_image));
  g_clear_pointer (&self->bar, gtk_widget_unparent);
  if (self->pill)
    gtk_widget_unparent (GTK_WIDGET (self->pill));
  if (self->label_time)
    gtk_widget_unparent (GTK_WIDGET (self->label_time));
  self->label_time = NULL;
  if (self->edit_image)
    gtk_widget_unparent (GTK_WIDGET (self->edit_image));
  self->edit_image = NULL;
  if (self->text_label)
    gtk_widget_unparent (GTK_WIDGET (self->text_label));
  _ramo_session_row_dispose_badge (self);
  self->marker_image = NULL;
  self->pill = NULL;
  self->text_label = NULL;

  G_OBJECT_CLASS (ramo_session_row_parent_class)->dispose (object);
}

static void
ramo_session_row_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  RamoSessionRow *self = RAMO_SESSION_ROW (object);

  switch (prop_id)
    {
    case PROP_NODE:
      g_value_set_object (value, ramo_session_row_get_node (self));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ramo_session_row_set_property (GObject      *object,
                               guint         prop_id,
                               const GValue *value,
                               GParamSpec   *pspec)
{
  RamoSessionRow *self = RAMO_SESSION_ROW (object);

  switch (prop_id)
    {
    case PROP_NODE:
      ramo_session_row_set_node (self, g_value_get_object (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ramo_session_row_class_init (RamoSessionRowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = ramo_session_row_dispose;
  object_class->get_property = ramo_session_row_get_property;
  object_class->set_property = ramo_session_row_set_property;

  /**
   * RamoSessionRow:node:
   *
   * The projection row this widget shows.
   */
  properties [PROP_NODE] =
    g_param_spec_object ("node", NULL, NULL,
                         RAMO_TYPE_PROJECTION_NODE,
                         (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);

  widget_class->measure = _ramo_session_row_measure;
  widget_class->size_allocate = _ramo_session_row_size_allocate;
  widget_class->snapshot = ramo_session_row_snapshot;
  widget_class->css_changed = ramo_session_row_css_changed;

  gtk_widget_class_set_css_name (widget_class, "sessionrow");
}

static void
ramo_session_row_init (RamoSessionRow *self)
{
  self->text_box = -1;

  /* Made in code, not from a template: building rows from XML was a third of a filter change
   * when GTK 4.8's list view still made up to 200 new rows for each. */
  gtk_widget_set_hexpand (GTK_WIDGET (self), TRUE);

  self->marker_image = GTK_IMAGE (gtk_image_new ());
  gtk_image_set_pixel_size (self->marker_image, 12);
  gtk_widget_set_valign (GTK_WIDGET (self->marker_image), GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (GTK_WIDGET (self->marker_image), "marker");
  gtk_widget_set_parent (GTK_WIDGET (self->marker_image), GTK_WIDGET (self));

  /* The kind's colour bar is a child of its own, at the same place in every row whatever
   * comes after it (a label pill, the context-edit mark): drawn as the text's border, it moved
   * right of a pill, and a labelled entry looked nested under its own child. */
  self->bar = g_object_new (GTK_TYPE_SEPARATOR,
                            "orientation", GTK_ORIENTATION_VERTICAL,
                            "accessible-role", GTK_ACCESSIBLE_ROLE_PRESENTATION,
                            NULL);
  gtk_widget_add_css_class (self->bar, "kind-bar");
  gtk_widget_set_parent (self->bar, GTK_WIDGET (self));

  self->text_label = GTK_INSCRIPTION (gtk_inscription_new (NULL));
  gtk_widget_set_hexpand (GTK_WIDGET (self->text_label), TRUE);
  gtk_inscription_set_xalign (self->text_label, 0);
  gtk_inscription_set_yalign (self->text_label, 0.5);
  gtk_inscription_set_text_overflow (self->text_label, GTK_INSCRIPTION_OVERFLOW_ELLIPSIZE_END);
  /* sized by the row from metrics kept per font (see ramo_session_row_measure()) */
  gtk_inscription_set_min_chars (self->text_label, 0);
  gtk_inscription_set_nat_chars (self->text_label, 0);
  gtk_inscription_set_min_lines (self->text_label, 0);
  gtk_inscription_set_nat_lines (self->text_label, 0);
  gtk_widget_add_css_class (GTK_WIDGET (self->text_label), "entry-text");
  gtk_widget_set_parent (GTK_WIDGET (self->text_label), GTK_WIDGET (self));

  gtk_widget_set_has_tooltip (GTK_WIDGET (self), TRUE);
  g_signal_connect_object (self, "query-tooltip", G_CALLBACK (query_tooltip_cb), self, G_CONNECT_SWAPPED);

}

/**
 * ramo_session_row_get_node:
 * @self: a row
 *
 * Returns: (transfer none) (nullable): the row's node
 */
RamoProjectionNode *
ramo_session_row_get_node (RamoSessionRow *self)
{
  g_return_val_if_fail (RAMO_IS_SESSION_ROW (self), NULL);
  return self->node;
}

/**
 * ramo_session_row_set_node:
 * @self: a row
 * @node: (nullable): the node to show
 *
 * Shows @node. A label edit in progress is cancelled first (the list reuses rows).
 */
void
ramo_session_row_set_node (RamoSessionRow     *self,
                           RamoProjectionNode *node)
{
  g_return_if_fail (RAMO_IS_SESSION_ROW (self));
  g_return_if_fail (!node || RAMO_IS_PROJECTION_NODE (node));

  if (self->node == node)
    return;

  if (self->editing)
    {
      /* Never touch the old node here: after a reload its entry is gone. */
      self->editing = FALSE;
      if (self->label_entry)
        gtk_widget_set_visible (GTK_WIDGET (self->label_entry), FALSE);
    }

  /* Plain handlers rather than a GSignalGroup: rows are rebound by the hundred on every filter
   * change, and the row holds a reference on its node while connected. */
  disconnect_node (self);
  g_set_object (&self->node, node);
  if (node)
    {
      self->node_handlers[0] = g_signal_connect_swapped (node, "notify::label", G_CALLBACK (_ramo_session_row_update_label), self);
      self->node_handlers[1] = g_signal_connect_swapped (node, "notify::is-leaf", G_CALLBACK (update_path), self);
      self->node_handlers[2] = g_signal_connect_swapped (node, "notify::on-active-path", G_CALLBACK (update_path), self);
      update_all (self);
      _ramo_session_row_update_badge (self);
    }
  /* an unbound row is not shown: it keeps its widgets as they are until it is bound again */
  g_object_notify_by_pspec (G_OBJECT (self), properties [PROP_NODE]);
}

/**
 * ramo_session_row_get_text_label:
 * @self: a row
 *
 * Returns: (transfer none): the inscription showing the entry's text (cut after 300 characters),
 *   with the current search terms marked
 */
GtkInscription *
ramo_session_row_get_text_label (RamoSessionRow *self)
{
  g_return_val_if_fail (RAMO_IS_SESSION_ROW (self), NULL);
  if (self->highlight_stale)
    apply_highlight (self);
  return self->text_label;
}

/**
 * ramo_session_row_get_pill:
 * @self: a row
 *
 * Returns: (transfer none): the label showing the entry's label, with the current search terms
 *   marked
 */
GtkLabel *
ramo_session_row_get_pill (RamoSessionRow *self)
{
  g_return_val_if_fail (RAMO_IS_SESSION_ROW (self), NULL);
  _ramo_session_row_ensure_pill (self);
  return self->pill;
}

/**
 * ramo_session_row_get_label_entry:
 * @self: a row
 *
 * Returns: (transfer none) (nullable): the entry used to edit the label, once editing started
 */
GtkEditable *
ramo_session_row_get_label_entry (RamoSessionRow *self)
{
  g_return_val_if_fail (RAMO_IS_SESSION_ROW (self), NULL);
  return self->label_entry ? GTK_EDITABLE (self->label_entry) : NULL;
}


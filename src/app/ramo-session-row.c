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
#include <pango/pangocairo.h>

#include "ramo-app-util.h"
#include "ramo-list-view.h"
#include "ramo-session-row.h"

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

struct _RamoSessionRow
{
  GtkWidget           parent_instance;

  RamoProjectionNode *node;
  gulong              node_handlers[3];
  char              **search_terms;
  guint               highlighted : 1;  /* the text has highlight attributes */
  guint               highlight_stale : 1;
  const char         *kind_class;     /* interned */
  guint               marker : 2;     /* Marker */
  guint               editing : 1;
  int                 text_box;       /* text_box_width(), -1: to be measured */

  GtkImage           *marker_image;
  GtkLabel           *pill;
  GtkEntry           *label_entry;
  GtkInscription     *text_label;
};

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
static void
ensure_pill (RamoSessionRow *self)
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
  gtk_widget_insert_after (GTK_WIDGET (self->pill), GTK_WIDGET (self), GTK_WIDGET (self->marker_image));

  gesture = gtk_gesture_click_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (gesture), GDK_BUTTON_PRIMARY);
  g_signal_connect_object (gesture, "pressed", G_CALLBACK (pill_pressed_cb), self, G_CONNECT_SWAPPED);
  gtk_widget_add_controller (GTK_WIDGET (self->pill), GTK_EVENT_CONTROLLER (gesture));
}

static void
update_label (RamoSessionRow *self)
{
  const char *label;

  g_assert (RAMO_IS_SESSION_ROW (self));

  label = self->node ? ramo_projection_node_get_label (self->node) : NULL;
  if (label != NULL || self->pill != NULL)
    {
      ensure_pill (self);
      if (g_strcmp0 (gtk_label_get_text (self->pill), label ? label : "") != 0)
        gtk_label_set_text (self->pill, label ? label : "");
      gtk_widget_set_visible (GTK_WIDGET (self->pill), label != NULL && !self->editing);
    }
  ramo_session_row_refresh_highlight (self);
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
  GString *text;

  g_assert (RAMO_IS_SESSION_ROW (self));

  if (self->node == NULL || self->editing)
    return FALSE;

  text = g_string_new (NULL);
  time = ramo_format_timestamp (ramo_projection_node_get_timestamp (self->node));
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

static void
set_text (RamoSessionRow *self,
          const char     *text)
{
  const char *end = text;
  glong n;

  for (n = 0; n < MAX_ROW_CHARS && *end; n++)
    end = g_utf8_next_char (end);

  if (*end == '\0')
    gtk_inscription_set_text (self->text_label, text);
  else
    {
      g_autofree char *cut = g_strdup_printf ("%.*s…", (int) (end - text), text);

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
  update_label (self);
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
focus_list_item (RamoSessionRow *self)
{
  /* The focusable row of the list view is our ancestor whose parent is the view. */
  for (GtkWidget *w = GTK_WIDGET (self); w; w = gtk_widget_get_parent (w))
    {
      GtkWidget *parent = gtk_widget_get_parent (w);

      if (parent && RAMO_IS_LIST_VIEW (parent))
        {
          gtk_widget_grab_focus (w);
          return;
        }
    }
}

static void label_entry_activate_cb    (RamoSessionRow          *self,
                                        GtkEntry                *entry);
static gboolean label_entry_key_pressed_cb (RamoSessionRow        *self,
                                            guint                  keyval,
                                            guint                  keycode,
                                            GdkModifierType        state,
                                            GtkEventControllerKey *controller);
static void label_entry_focus_leave_cb (RamoSessionRow          *self,
                                        GtkEventControllerFocus *controller);

/* The entry is made the first time this row edits a label: rows are made by the hundred on
 * every rebuild, and an entry is the heaviest part of a row. */
static void
ensure_label_entry (RamoSessionRow *self)
{
  GtkEventController *controller;

  if (self->label_entry != NULL)
    return;

  self->label_entry = GTK_ENTRY (gtk_entry_new ());
  gtk_editable_set_width_chars (GTK_EDITABLE (self->label_entry), 20);
  gtk_entry_set_placeholder_text (self->label_entry, _("Label (empty clears)"));
  gtk_widget_set_valign (GTK_WIDGET (self->label_entry), GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (GTK_WIDGET (self->label_entry), "label-entry");
  gtk_widget_set_visible (GTK_WIDGET (self->label_entry), FALSE);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->label_entry),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Entry label"),
                                  -1);
  g_signal_connect_object (self->label_entry, "activate",
                           G_CALLBACK (label_entry_activate_cb), self, G_CONNECT_SWAPPED);

  controller = gtk_event_controller_key_new ();
  g_signal_connect_object (controller, "key-pressed",
                           G_CALLBACK (label_entry_key_pressed_cb), self, G_CONNECT_SWAPPED);
  gtk_widget_add_controller (GTK_WIDGET (self->label_entry), controller);

  controller = gtk_event_controller_focus_new ();
  g_signal_connect_object (controller, "leave",
                           G_CALLBACK (label_entry_focus_leave_cb), self, G_CONNECT_SWAPPED);
  gtk_widget_add_controller (GTK_WIDGET (self->label_entry), controller);

  ensure_pill (self);
  gtk_widget_insert_after (GTK_WIDGET (self->label_entry), GTK_WIDGET (self), GTK_WIDGET (self->pill));
}

/**
 * ramo_session_row_start_editing:
 * @self: a row
 *
 * Replaces the label pill by an entry holding the current label and focuses it. Enter saves
 * (an empty text clears the label), Escape or leaving the entry cancels.
 */
void
ramo_session_row_start_editing (RamoSessionRow *self)
{
  const char *label;

  g_return_if_fail (RAMO_IS_SESSION_ROW (self));

  if (self->node == NULL || self->editing)
    return;

  ensure_label_entry (self);
  self->editing = TRUE;
  label = ramo_projection_node_get_label (self->node);
  gtk_editable_set_text (GTK_EDITABLE (self->label_entry), label ? label : "");
  gtk_widget_set_visible (GTK_WIDGET (self->pill), FALSE);
  gtk_widget_set_visible (GTK_WIDGET (self->label_entry), TRUE);
  gtk_widget_grab_focus (GTK_WIDGET (self->label_entry));
  gtk_editable_select_region (GTK_EDITABLE (self->label_entry), 0, -1);
}

/**
 * ramo_session_row_stop_editing:
 * @self: a row
 * @commit: whether to save the edited label
 *
 * Ends inline editing. With @commit the trimmed text is saved through the `win.set-label`
 * action when it differs from the current label.
 */
void
ramo_session_row_stop_editing (RamoSessionRow *self,
                               gboolean        commit)
{
  g_autoptr(RamoSessionRow) hold = NULL;
  g_autofree char *text = NULL;
  g_autofree char *id = NULL;
  const char *old_label;

  g_return_if_fail (RAMO_IS_SESSION_ROW (self));

  if (!self->editing)
    return;

  hold = g_object_ref (self);
  self->editing = FALSE;
  text = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->label_entry))));

  /* Move the focus back to the row before hiding the focused entry. */
  focus_list_item (self);
  gtk_widget_set_visible (GTK_WIDGET (self->label_entry), FALSE);
  update_label (self);

  if (!commit || self->node == NULL)
    return;

  old_label = ramo_projection_node_get_label (self->node);
  if (g_strcmp0 (old_label ? old_label : "", text) == 0)
    return;

  id = g_strdup (ramo_projection_node_get_id (self->node));
  gtk_widget_activate_action (GTK_WIDGET (self), "win.set-label", "(ss)", id, text);
}

/**
 * ramo_session_row_get_editing:
 * @self: a row
 *
 * Returns: %TRUE while the label is being edited
 */
gboolean
ramo_session_row_get_editing (RamoSessionRow *self)
{
  g_return_val_if_fail (RAMO_IS_SESSION_ROW (self), FALSE);
  return self->editing;
}

static void
label_entry_activate_cb (RamoSessionRow *self,
                         GtkEntry       *entry)
{
  g_assert (RAMO_IS_SESSION_ROW (self));
  ramo_session_row_stop_editing (self, TRUE);
}

static gboolean
label_entry_key_pressed_cb (RamoSessionRow        *self,
                            guint                  keyval,
                            guint                  keycode,
                            GdkModifierType        state,
                            GtkEventControllerKey *controller)
{
  g_assert (RAMO_IS_SESSION_ROW (self));

  if (keyval == GDK_KEY_Escape)
    {
      ramo_session_row_stop_editing (self, FALSE);
      return GDK_EVENT_STOP;
    }
  return GDK_EVENT_PROPAGATE;
}

static void
label_entry_focus_leave_cb (RamoSessionRow          *self,
                            GtkEventControllerFocus *controller)
{
  g_assert (RAMO_IS_SESSION_ROW (self));
  ramo_session_row_stop_editing (self, FALSE);
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

/* ------------------------------------------------------------------------------------------ */
/* Size and layout                                                                             */

/* The list view measures the rows it shows whenever their content changes (every filter
 * change rebinds them). The text's GtkInscription measures itself from
 * Pango's font metrics, which Pango computes anew on every call, shaping a sample text: about
 * a tenth of a millisecond per row, half of a row's measuring. Its size depends only on its
 * font, so the row sizes it from metrics kept per font (the inscription is told to ask for
 * nothing but its CSS box) and lays its children out itself. */
#define SPACING   6
#define NAT_CHARS 40

typedef struct
{
  int    line_height;     /* pixels */
  int    char_width;      /* Pango units */
  double resolution;
  gulong options_hash;
} TextMetrics;

static const TextMetrics *
text_metrics (RamoSessionRow *self)
{
  static GHashTable *cache;   /* PangoFontDescription → TextMetrics */
  PangoContext *context = gtk_widget_get_pango_context (GTK_WIDGET (self->text_label));
  const PangoFontDescription *font = pango_context_get_font_description (context);
  const cairo_font_options_t *options = pango_cairo_context_get_font_options (context);
  double resolution = pango_cairo_context_get_resolution (context);
  gulong options_hash = options ? cairo_font_options_hash (options) : 0;
  TextMetrics *metrics;

  if (cache == NULL)
    cache = g_hash_table_new_full ((GHashFunc) pango_font_description_hash,
                                   (GEqualFunc) pango_font_description_equal,
                                   (GDestroyNotify) pango_font_description_free, g_free);

  metrics = g_hash_table_lookup (cache, font);
  if (metrics == NULL || metrics->resolution != resolution || metrics->options_hash != options_hash)
    {
      PangoFontMetrics *pango_metrics = pango_context_get_metrics (context, font, NULL);

      metrics = g_new0 (TextMetrics, 1);
      metrics->line_height = PANGO_PIXELS_CEIL (pango_font_metrics_get_ascent (pango_metrics) +
                                                pango_font_metrics_get_descent (pango_metrics));
      metrics->char_width = pango_font_metrics_get_approximate_char_width (pango_metrics);
      metrics->resolution = resolution;
      metrics->options_hash = options_hash;
      pango_font_metrics_unref (pango_metrics);
      g_hash_table_replace (cache, pango_font_description_copy (font), metrics);
    }
  return metrics;
}

/* The width of the inscription's CSS box: GtkInscription measures its width from font metrics
 * even when asked for no characters. */
static int
text_box_width (RamoSessionRow *self)
{
  /* kept until the style changes: the style queries cost more than the rest of measuring */
  if (self->text_box < 0)
    {
      GtkStyleContext *style = gtk_widget_get_style_context (GTK_WIDGET (self->text_label));
      GtkBorder margin, border, padding;

      gtk_style_context_get_margin (style, &margin);
      gtk_style_context_get_border (style, &border);
      gtk_style_context_get_padding (style, &padding);
      self->text_box = margin.left + margin.right + border.left + border.right + padding.left + padding.right;
    }
  return self->text_box;
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

static gboolean
child_shown (GtkWidget *child)
{
  return child != NULL && gtk_widget_get_visible (child);
}

static void
ramo_session_row_measure (GtkWidget      *widget,
                          GtkOrientation  orientation,
                          int             for_size,
                          int            *minimum,
                          int            *natural,
                          int            *minimum_baseline,
                          int            *natural_baseline)
{
  RamoSessionRow *self = RAMO_SESSION_ROW (widget);
  const TextMetrics *metrics = text_metrics (self);
  GtkWidget *children[] = {
    GTK_WIDGET (self->marker_image), GTK_WIDGET (self->pill), GTK_WIDGET (self->label_entry),
  };
  int text_min, text_nat;

  /* the inscription asks only for its CSS box: its text comes on top */
  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      *minimum = text_box_width (self);
      *natural = *minimum + PANGO_PIXELS_CEIL (NAT_CHARS * metrics->char_width);
      for (guint i = 0; i < G_N_ELEMENTS (children); i++)
        if (child_shown (children[i]))
          {
            int child_min, child_nat;

            gtk_widget_measure (children[i], orientation, -1, &child_min, &child_nat, NULL, NULL);
            *minimum += child_min + SPACING;
            *natural += child_nat + SPACING;
          }
    }
  else
    {
      gtk_widget_measure (GTK_WIDGET (self->text_label), orientation, -1, &text_min, &text_nat, NULL, NULL);
      *minimum = text_min + metrics->line_height;
      *natural = text_nat + metrics->line_height;
      for (guint i = 0; i < G_N_ELEMENTS (children); i++)
        if (child_shown (children[i]))
          {
            int child_min, child_nat;

            gtk_widget_measure (children[i], orientation, -1, &child_min, &child_nat, NULL, NULL);
            *minimum = MAX (*minimum, child_min);
            *natural = MAX (*natural, child_nat);
          }
    }
}

/* Places @child at @x, centred vertically at its natural height (at most @height). */
static int
allocate_child (GtkWidget *child,
                int        x,
                int        width,
                int        height,
                int        row_width,
                gboolean   rtl)
{
  int child_min, child_nat;

  gtk_widget_measure (child, GTK_ORIENTATION_VERTICAL, width, &child_min, &child_nat, NULL, NULL);
  child_nat = MIN (child_nat, height);
  gtk_widget_size_allocate (child,
                            &(GtkAllocation) { rtl ? row_width - x - width : x, (height - child_nat) / 2,
                                               width, child_nat },
                            -1);
  return x + width + SPACING;
}

static void
ramo_session_row_size_allocate (GtkWidget *widget,
                                int        width,
                                int        height,
                                int        baseline)
{
  RamoSessionRow *self = RAMO_SESSION_ROW (widget);
  gboolean rtl = gtk_widget_get_direction (widget) == GTK_TEXT_DIR_RTL;
  GtkWidget *children[] = {
    GTK_WIDGET (self->marker_image), GTK_WIDGET (self->pill), GTK_WIDGET (self->label_entry),
  };
  int x = 0;
  int text_min = text_box_width (self);

  for (guint i = 0; i < G_N_ELEMENTS (children); i++)
    if (child_shown (children[i]))
      {
        int child_min, child_nat;

        gtk_widget_measure (children[i], GTK_ORIENTATION_HORIZONTAL, -1, &child_min, &child_nat, NULL, NULL);
        /* what the text must keep, and what the children still to come need */
        child_nat = MIN (child_nat, width - x - text_min);
        x = allocate_child (children[i], x, MAX (child_min, child_nat), height, width, rtl);
      }
  gtk_widget_size_allocate (GTK_WIDGET (self->text_label),
                            &(GtkAllocation) { rtl ? 0 : x, 0, MAX (width - x, text_min), height },
                            -1);
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
  if (self->pill)
    gtk_widget_unparent (GTK_WIDGET (self->pill));
  if (self->text_label)
    gtk_widget_unparent (GTK_WIDGET (self->text_label));
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

  widget_class->measure = ramo_session_row_measure;
  widget_class->size_allocate = ramo_session_row_size_allocate;
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
      self->node_handlers[0] = g_signal_connect_swapped (node, "notify::label", G_CALLBACK (update_label), self);
      self->node_handlers[1] = g_signal_connect_swapped (node, "notify::is-leaf", G_CALLBACK (update_path), self);
      self->node_handlers[2] = g_signal_connect_swapped (node, "notify::on-active-path", G_CALLBACK (update_path), self);
      update_all (self);
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
  ensure_pill (self);
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

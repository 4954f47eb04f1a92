/* ramo-session-row-layout.c
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

#include <pango/pangocairo.h>

#include "ramo-session-row-private.h"

/* How the row is measured and laid out. */

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

/* The metrics of @widget's font. */
static const TextMetrics *
text_metrics (GtkWidget *widget)
{
  static GHashTable *cache;   /* PangoFontDescription → TextMetrics */
  PangoContext *context = gtk_widget_get_pango_context (widget);
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

/* The height of the inscription's CSS box (see text_box_width()). */
static int
text_box_height (RamoSessionRow *self)
{
  int min, nat;

  gtk_widget_measure (GTK_WIDGET (self->text_label), GTK_ORIENTATION_VERTICAL, -1, &min, &nat, NULL, NULL);
  return min;
}

static gboolean
child_shown (GtkWidget *child)
{
  return child != NULL && gtk_widget_get_visible (child);
}

/* The children before the text, left to right: the marker, the kind's colour bar (at the same
 * place in every row, so that the bars show the nesting), then what only some rows have. */
#define N_CHILDREN 6

static void
get_children (RamoSessionRow *self,
              GtkWidget      *children[N_CHILDREN])
{
  children[0] = GTK_WIDGET (self->marker_image);
  children[1] = self->bar;
  children[2] = GTK_WIDGET (self->edit_image);
  children[3] = GTK_WIDGET (self->pill);
  children[4] = GTK_WIDGET (self->label_time);
  children[5] = GTK_WIDGET (self->label_entry);
}

void
_ramo_session_row_measure (GtkWidget      *widget,
                           GtkOrientation  orientation,
                           int             for_size,
                           int            *minimum,
                           int            *natural,
                           int            *minimum_baseline,
                           int            *natural_baseline)
{
  RamoSessionRow *self = RAMO_SESSION_ROW (widget);
  GtkWidget *children[N_CHILDREN];
  int text_min, text_nat;

  get_children (self, children);

  /* the inscription asks only for its CSS box: its text comes on top */
  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      const TextMetrics *metrics = text_metrics (GTK_WIDGET (self->text_label));

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
      if (child_shown (GTK_WIDGET (self->badge_label)))
        {
          int child_min, child_nat;

          gtk_widget_measure (GTK_WIDGET (self->badge_label), orientation, -1, &child_min, &child_nat, NULL, NULL);
          *natural += child_nat + SPACING;
        }
    }
  else
    {
      /* Every row is as high as a line of the row's own font (and its CSS minimum): not of the
       * text's, whose font depends on the kind (monospace for tools, bold for the leaf), nor of
       * a pill or the label editor, which are centred in it. Rows of all kinds are of one
       * height, so the list's rows line up and the text sits on the marker's line. */
      gtk_widget_measure (GTK_WIDGET (self->text_label), orientation, -1, &text_min, &text_nat, NULL, NULL);
      *minimum = text_min + text_metrics (widget)->line_height;
      *natural = text_nat + text_metrics (widget)->line_height;
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

void
_ramo_session_row_size_allocate (GtkWidget *widget,
                                 int        width,
                                 int        height,
                                 int        baseline)
{
  RamoSessionRow *self = RAMO_SESSION_ROW (widget);
  gboolean rtl = gtk_widget_get_direction (widget) == GTK_TEXT_DIR_RTL;
  GtkWidget *children[N_CHILDREN];
  int x = 0;
  int text_min = text_box_width (self);
  int avail = width;     /* what the badge leaves */
  int start = 0;         /* where the rest begins in a right-to-left row: after the badge */

  /* the badge at the end of the row, as wide as it asks while the text keeps its minimum */
  if (child_shown (GTK_WIDGET (self->badge_label)))
    {
      int badge_min, badge_nat;

      gtk_widget_measure (GTK_WIDGET (self->badge_label), GTK_ORIENTATION_HORIZONTAL, -1,
                          &badge_min, &badge_nat, NULL, NULL);
      badge_nat = MAX (0, MIN (badge_nat, width - text_min - SPACING));
      allocate_child (GTK_WIDGET (self->badge_label), width - badge_nat, badge_nat, height, width, rtl);
      avail = width - badge_nat - SPACING;
      start = rtl ? badge_nat + SPACING : 0;
    }

  get_children (self, children);
  for (guint i = 0; i < G_N_ELEMENTS (children); i++)
    if (child_shown (children[i]))
      {
        int child_min, child_nat;

        gtk_widget_measure (children[i], GTK_ORIENTATION_HORIZONTAL, -1, &child_min, &child_nat, NULL, NULL);
        /* what the text must keep, and what the children still to come need */
        child_nat = MIN (child_nat, avail - x - text_min);
        if (children[i] == self->bar)
          {
            /* the bar is as high as the row, as the rows' bars join up */
            gtk_widget_size_allocate (children[i],
                                      &(GtkAllocation) { rtl ? width - x - child_min : x, 0, child_min, height },
                                      -1);
            x += child_min + SPACING;
          }
        else
          x = allocate_child (children[i], x, MAX (child_min, child_nat), height, width, rtl);
      }
  /* The text is given one line, centred: GtkInscription ellipsizes to the height it is given,
   * and lays a long text out on as many lines as fit in it, which it then centres as a whole,
   * so that the first (and only line shown) sat above the marker. */
  {
    int text_height = MIN (height, text_box_height (self) + text_metrics (GTK_WIDGET (self->text_label))->line_height);

    gtk_widget_size_allocate (GTK_WIDGET (self->text_label),
                              &(GtkAllocation) { rtl ? start : x, (height - text_height) / 2,
                                                 MAX (avail - x, text_min), text_height },
                              -1);
  }
}

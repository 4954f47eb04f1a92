/* ramo-session-row-private.h
 *
 * Copyright 2026 The Ramo authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "ramo-figures-text.h"
#include "ramo-session-row.h"

G_BEGIN_DECLS

/* RamoSessionRow is split by concern: ramo-session-row.c (the widget, what it shows of its
 * node, the search marks), ramo-session-row-edit.c (the inline label editor) and
 * ramo-session-row-layout.c (measuring and placing its children from font metrics) and
 * ramo-session-row-badge.c (the figures of the branch a row starts, at its end). */
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
  guint               show_label_time : 1;
  int                 text_box;       /* text_box_width(), -1: to be measured */

  GtkImage           *marker_image;
  GtkWidget          *bar;            /* the kind's colour bar, before the pill and the text */
  GtkLabel           *pill;
  GtkLabel           *label_time;     /* made for the first label time shown */
  GtkImage           *edit_image;     /* made for the first entry a context edit targets */
  GtkEntry           *label_entry;
  GtkInscription     *text_label;
  GtkLabel           *badge_label;    /* made for the first badge shown */
  RamoSessionManager *badge_manager;  /* the session the badge's figures come from */
  RamoBadge           badge;
};

/* ramo-session-row.c */
void _ramo_session_row_ensure_pill     (RamoSessionRow *self);
void _ramo_session_row_update_label    (RamoSessionRow *self);

/* ramo-session-row-badge.c */
void _ramo_session_row_update_badge    (RamoSessionRow *self);
void _ramo_session_row_dispose_badge   (RamoSessionRow *self);

/* ramo-session-row-layout.c */
void _ramo_session_row_measure         (GtkWidget      *widget,
                                        GtkOrientation  orientation,
                                        int             for_size,
                                        int            *minimum,
                                        int            *natural,
                                        int            *minimum_baseline,
                                        int            *natural_baseline);
void _ramo_session_row_size_allocate   (GtkWidget      *widget,
                                        int             width,
                                        int             height,
                                        int             baseline);

G_END_DECLS

/* ramo-window-private.h
 *
 * Copyright 2026 The Ramo authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "ramo-window.h"

G_BEGIN_DECLS

/* How quickly a second Escape in the composer must follow the first (pi: 500 ms). */
#define RAMO_DOUBLE_ESCAPE_USEC (500 * G_TIME_SPAN_MILLISECOND)

struct _RamoWindow
{
  AdwApplicationWindow  parent_instance;

  RamoSessionManager   *manager;
  RamoProjection       *projection;
  GSignalGroup         *manager_signals;
  GSignalGroup         *projection_signals;
  char                 *double_escape_action;
  char                 *count_text;
  char                 *issues_text;
  char                 *last_toast;
  gint64                last_escape_time;

  /* template children */
  AdwToastOverlay      *toast_overlay;
  AdwWindowTitle       *window_title;
  GtkDropDown          *filter_dropdown;
  GtkSearchEntry       *search_entry;
  GtkLabel             *count_label;
  GtkInfoBar           *issues_bar;
  GtkLabel             *issues_label;
  GtkInfoBar           *read_only_bar;
  GtkLabel             *read_only_label;
  GtkStack             *main_stack;
  AdwStatusPage        *error_page;
  GtkPaned             *paned;
  RamoSessionTree      *tree;
  GtkStack             *detail_stack;
  RamoContextView      *context_view;
  RamoEntryView        *entry_view;
  GtkTextView          *composer;
  GtkWidget            *composer_placeholder;
};

void _ramo_window_actions_init       (RamoWindow      *self);
void _ramo_window_actions_update     (RamoWindow      *self);
void _ramo_window_show_toast         (RamoWindow      *self,
                                      const char      *message);
void _ramo_window_show_error         (RamoWindow      *self,
                                      const char      *what,
                                      const GError    *error);
void _ramo_window_sync_filter        (RamoWindow      *self);

G_END_DECLS

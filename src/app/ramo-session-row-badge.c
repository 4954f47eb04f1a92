/* ramo-session-row-badge.c
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

#include "ramo-session-row-private.h"

/* The badge at the end of a row that starts a branch: one figure (the `branch-badge` setting)
 * of the row's entry and everything below it, from the figures the session computed with its
 * tree (ramo_session_manager_get_figures()); the whole line of figures is its tooltip, made
 * when asked for: gtk_widget_set_tooltip_text() on every bind asked the X server where the
 * pointer is, a round trip for each row a scroll brought into view. */

/* The figures of the row's subtree, when it shows a badge. */
static gboolean
get_badge_figures (RamoSessionRow *self,
                   RamoFigures    *figures)
{
  return self->badge != RAMO_BADGE_NONE && self->badge_manager && self->node &&
         ramo_projection_node_get_is_branch_start (self->node) &&
         ramo_session_manager_get_figures (self->badge_manager, RAMO_FIGURES_SUBTREE,
                                           ramo_projection_node_get_id (self->node), figures);
}

static gboolean
badge_query_tooltip_cb (RamoSessionRow *self,
                        int             x,
                        int             y,
                        gboolean        keyboard,
                        GtkTooltip     *tooltip,
                        GtkWidget      *widget)
{
  g_autofree char *summary = ramo_session_row_dup_badge_tooltip (self);

  if (summary == NULL)
    return FALSE;
  gtk_tooltip_set_text (tooltip, summary);
  return TRUE;
}

void
_ramo_session_row_update_badge (RamoSessionRow *self)
{
  g_autofree char *text = NULL;
  RamoFigures figures;

  if (get_badge_figures (self, &figures))
    text = ramo_figures_dup_badge_text (&figures, self->badge);
  if (text == NULL && self->badge_label == NULL)
    return;
  if (self->badge_label == NULL)
    {
      self->badge_label = GTK_LABEL (gtk_label_new (NULL));
      gtk_label_set_single_line_mode (self->badge_label, TRUE);
      gtk_widget_add_css_class (GTK_WIDGET (self->badge_label), "branch-badge");
      gtk_widget_add_css_class (GTK_WIDGET (self->badge_label), "dim-label");
      gtk_widget_add_css_class (GTK_WIDGET (self->badge_label), "caption");
      gtk_widget_add_css_class (GTK_WIDGET (self->badge_label), "numeric");
      gtk_widget_set_has_tooltip (GTK_WIDGET (self->badge_label), TRUE);
      g_signal_connect_object (self->badge_label, "query-tooltip",
                               G_CALLBACK (badge_query_tooltip_cb), self, G_CONNECT_SWAPPED);
      gtk_widget_set_parent (GTK_WIDGET (self->badge_label), GTK_WIDGET (self));
    }
  gtk_label_set_text (self->badge_label, text ? text : "");
  gtk_widget_set_visible (GTK_WIDGET (self->badge_label), text != NULL);
}

void
_ramo_session_row_dispose_badge (RamoSessionRow *self)
{
  if (self->badge_label)
    gtk_widget_unparent (GTK_WIDGET (self->badge_label));
  self->badge_label = NULL;
  g_clear_object (&self->badge_manager);
}

/**
 * ramo_session_row_set_badge:
 * @self: a row
 * @badge: the figure the badge shows, %RAMO_BADGE_NONE for none
 * @manager: (nullable): the session the row's node is of
 *
 * Chooses what the row shows when it starts a branch: one figure of its entry's subtree.
 */
void
ramo_session_row_set_badge (RamoSessionRow     *self,
                            RamoBadge           badge,
                            RamoSessionManager *manager)
{
  g_return_if_fail (RAMO_IS_SESSION_ROW (self));
  g_return_if_fail (!manager || RAMO_IS_SESSION_MANAGER (manager));

  if (self->badge == badge && self->badge_manager == manager)
    return;
  self->badge = badge;
  g_set_object (&self->badge_manager, manager);
  _ramo_session_row_update_badge (self);
}

/**
 * ramo_session_row_refresh_badge:
 * @self: a row
 *
 * Shows the figures again, after entries were added to the session.
 */
void
ramo_session_row_refresh_badge (RamoSessionRow *self)
{
  g_return_if_fail (RAMO_IS_SESSION_ROW (self));
  _ramo_session_row_update_badge (self);
}

/**
 * ramo_session_row_get_badge_text:
 * @self: a row
 *
 * Returns: the badge's text, "" when no badge is shown
 */
const char *
ramo_session_row_get_badge_text (RamoSessionRow *self)
{
  g_return_val_if_fail (RAMO_IS_SESSION_ROW (self), "");
  return self->badge_label && gtk_widget_get_visible (GTK_WIDGET (self->badge_label))
         ? gtk_label_get_text (self->badge_label) : "";
}

/**
 * ramo_session_row_dup_badge_tooltip:
 * @self: a row
 *
 * What the badge's tooltip says when the pointer rests on it: every figure of the subtree
 * (made then, not when the row is bound).
 *
 * Returns: (transfer full) (nullable): the tooltip's text, %NULL when no badge is shown
 */
char *
ramo_session_row_dup_badge_tooltip (RamoSessionRow *self)
{
  RamoFigures figures;

  g_return_val_if_fail (RAMO_IS_SESSION_ROW (self), NULL);
  if (self->badge_label == NULL || !gtk_widget_get_visible (GTK_WIDGET (self->badge_label)) ||
      !get_badge_figures (self, &figures))
    return NULL;
  return ramo_figures_dup_summary (&figures);
}

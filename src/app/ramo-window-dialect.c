/* ramo-window-dialect.c
 *
 * Copyright 2026 The Ramo authors
 *
 * This program is free software: you can redistribute it and/or modify it under the terms of the
 * GNU General Public License as published by the Free Software Foundation, either version 3 of
 * the License, or (at your option) any later version.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ramo-window"

#include "config.h"

#include <glib/gi18n.h>

#include "ramo-window-private.h"

/* Which agent's rules the window reads the session by: a button beside the entry count names
 * them, and its menu lets the user choose the other agent's (win.dialect). */

static const char *
agent_label (RamoDialect dialect)
{
  return dialect == RAMO_DIALECT_OMP ? _("oh-my-pi") : _("pi");
}

static GMenuModel *
dialect_menu (RamoDialect detected)
{
  g_autoptr(GMenu) menu = g_menu_new ();
  g_autoptr(GMenu) section = g_menu_new ();
  static const RamoDialect dialects[] = { RAMO_DIALECT_PI, RAMO_DIALECT_OMP };

  for (guint i = 0; i < G_N_ELEMENTS (dialects); i++)
    {
      g_autofree char *label = NULL;
      g_autoptr(GMenuItem) item = NULL;

      /* Translators: the rules of an agent, e.g. "pi 1.6 Rules (Detected)" */
      if (dialects[i] == RAMO_DIALECT_OMP)
        label = g_strdup (dialects[i] == detected ? _("oh-my-pi 18 Rules (Detected)") : _("oh-my-pi 18 Rules"));
      else
        label = g_strdup (dialects[i] == detected ? _("pi 1.6 Rules (Detected)") : _("pi 1.6 Rules"));
      item = g_menu_item_new (label, NULL);
      g_menu_item_set_action_and_target_value (item, "win.dialect",
                                               g_variant_new_string (ramo_dialect_to_string (dialects[i])));
      g_menu_append_item (section, item);
    }
  g_menu_append_section (menu, _("Read the Session by"), G_MENU_MODEL (section));
  return G_MENU_MODEL (g_steal_pointer (&menu));
}

/* Shows the dialect of the window's session: the button's label, tooltip and menu, and the
 * state of win.dialect. */
void
_ramo_window_dialect_update (RamoWindow *self)
{
  GAction *action = g_action_map_lookup_action (G_ACTION_MAP (self), "dialect");
  RamoDialect dialect, detected;
  g_autofree char *tooltip = NULL;
  g_autoptr(GMenuModel) menu = NULL;

  gtk_widget_set_visible (GTK_WIDGET (self->dialect_button), self->manager != NULL);
  if (action)
    g_simple_action_set_enabled (G_SIMPLE_ACTION (action), self->manager != NULL);
  if (self->manager == NULL)
    return;

  dialect = ramo_session_manager_get_dialect (self->manager);
  detected = ramo_session_manager_get_detected_dialect (self->manager);
  gtk_menu_button_set_label (self->dialect_button, agent_label (dialect));
  if (ramo_session_manager_get_dialect_chosen (self->manager) && dialect != detected)
    /* Translators: %s is an agent, "pi" or "oh-my-pi" */
    tooltip = g_strdup_printf (_("Read by %s’s rules, as you chose; the file points to %s’s"),
                               agent_label (dialect), agent_label (detected));
  else
    tooltip = g_strdup_printf (_("Read by %s’s rules, the agent the file points to"), agent_label (dialect));
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->dialect_button), tooltip);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->dialect_button),
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, tooltip, -1);
  menu = dialect_menu (detected);
  gtk_menu_button_set_menu_model (self->dialect_button, menu);
  if (action)
    g_simple_action_set_state (G_SIMPLE_ACTION (action),
                               g_variant_new_string (ramo_dialect_to_string (dialect)));
}

static void
dialect_change_state (GSimpleAction *action,
                      GVariant      *state,
                      gpointer       user_data)
{
  RamoWindow *self = user_data;
  RamoDialect dialect;

  if (self->manager == NULL || !ramo_dialect_from_string (g_variant_get_string (state, NULL), &dialect))
    return;
  /* choosing the detected rules goes back to following the file */
  if (dialect == ramo_session_manager_get_detected_dialect (self->manager))
    ramo_session_manager_unset_dialect (self->manager);
  else
    ramo_session_manager_set_dialect (self->manager, dialect);
  _ramo_window_dialect_update (self);
}

static const GActionEntry dialect_actions[] = {
  { .name = "dialect", .parameter_type = "s", .state = "'pi'", .change_state = dialect_change_state },
};

void
_ramo_window_dialect_init (RamoWindow *self)
{
  g_action_map_add_action_entries (G_ACTION_MAP (self), dialect_actions, G_N_ELEMENTS (dialect_actions), self);
  g_signal_group_connect_object (self->manager_signals, "notify::dialect",
                                 G_CALLBACK (_ramo_window_dialect_update), self, G_CONNECT_SWAPPED);
  _ramo_window_dialect_update (self);
}

/* ramo-accessible.c — what a screen reader reads, where GTK 4.8 gets it wrong
 *
 * Copyright 2026 The Ramo authors
 *
 * This program is free software: you can redistribute it and/or modify it under the terms of the
 * GNU General Public License as published by the Free Software Foundation, either version 3 of
 * the License, or (at your option) any later version.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ramo-accessible"

#include "config.h"

#include <string.h>

#include "ramo-accessible.h"

/*
 * Workaround for GTK 4.8: a button with a mnemonic ("_Open Session…") gets its label text, with
 * the underscore, as its accessible label property, and is labelled by its label child as well,
 * so a screen reader read "_Open Session… Open Session…"; a check button is named by that
 * property alone ("_Remember my choice"). Later GTK names both by their label text. Here the
 * buttons lose that property and the check buttons get their text without the underscore:
 * those of a window when it is made (ramo_accessible_fix_buttons(); hidden ones are read too),
 * and every one of the program as it is shown (libadwaita's dialog responses, a toast's button).
 */

/* @label without its mnemonic marks ("_Remember my choice" → "Remember my choice"). */
static char *
strip_mnemonic (const char *label)
{
  GString *out = g_string_sized_new (strlen (label));

  for (const char *p = label; *p; p++)
    {
      if (*p == '_')
        {
          if (p[1] != '_')
            continue;
          p++;
        }
      g_string_append_c (out, *p);
    }
  return g_string_free (out, FALSE);
}

static void
fix_button (GtkWidget *widget)
{
  if (GTK_IS_BUTTON (widget) && gtk_button_get_use_underline (GTK_BUTTON (widget)) &&
      gtk_button_get_label (GTK_BUTTON (widget)) != NULL)
    {
      /* its label child names it already (the mnemonic's labelled-by relation) */
      gtk_accessible_reset_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_LABEL);
    }
  else if (GTK_IS_CHECK_BUTTON (widget) && gtk_check_button_get_use_underline (GTK_CHECK_BUTTON (widget)) &&
           gtk_check_button_get_label (GTK_CHECK_BUTTON (widget)) != NULL)
    {
      /* named by that property alone: without the underscore */
      g_autofree char *text = strip_mnemonic (gtk_check_button_get_label (GTK_CHECK_BUTTON (widget)));

      gtk_accessible_update_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_LABEL, text, -1);
    }
}

static gboolean
map_hook (GSignalInvocationHint *hint,
          guint                  n_params,
          const GValue          *params,
          gpointer               data)
{
  GObject *object = g_value_get_object (&params[0]);

  if (GTK_IS_WIDGET (object))
    fix_button (GTK_WIDGET (object));
  return TRUE;   /* stay connected */
}

/**
 * ramo_accessible_fix_buttons:
 * @widget: a widget
 *
 * Corrects the accessible names of the buttons with a mnemonic in @widget and its descendants,
 * shown or not (see the top of this file).
 */
void
ramo_accessible_fix_buttons (GtkWidget *widget)
{
  g_return_if_fail (GTK_IS_WIDGET (widget));

  fix_button (widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    ramo_accessible_fix_buttons (child);
}

/**
 * ramo_accessible_init:
 *
 * Puts Ramo's corrections to what GTK tells assistive technologies in place, for every widget
 * of the program from now on. Calling it again does nothing.
 */
void
ramo_accessible_init (void)
{
  static gsize done;

  if (g_once_init_enter (&done))
    {
      /* the signal exists once the class does (kept for the program's life) */
      g_type_class_ref (GTK_TYPE_WIDGET);
      g_signal_add_emission_hook (g_signal_lookup ("map", GTK_TYPE_WIDGET), 0, map_hook, NULL, NULL);
      g_once_init_leave (&done, 1);
    }
}

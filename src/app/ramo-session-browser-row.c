/* ramo-session-browser-row.c
 *
 * Copyright 2026 The Ramo authors
 *
 * This program is free software: you can redistribute it and/or modify it under the terms of the
 * GNU General Public License as published by the Free Software Foundation, either version 3 of
 * the License, or (at your option) any later version.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ramo-session-browser"

#include "config.h"

#include <glib/gi18n.h>

#include "ramo-app-util.h"
#include "ramo-browser-group.h"
#include "ramo-session-browser-row.h"
#include "ramo-session-info.h"

/**
 * RamoSessionBrowserRow:
 *
 * A row of the session browser (its layout is in ramo-session-browser-row.ui): a project's
 * header for a #RamoBrowserGroup, or a session's title, first message, counts and time for a
 * #RamoSessionInfo. It reads only its item.
 */

struct _RamoSessionBrowserRow
{
  GtkWidget  parent_instance;

  GObject   *item;

  /* template children */
  GtkWidget *header;
  GtkLabel  *group_title;
  GtkLabel  *group_count;
  GtkWidget *session;
  GtkLabel  *title;
  GtkLabel  *subtitle;
  GtkLabel  *counts;
  GtkLabel  *modified;
};

enum {
  PROP_0,
  PROP_ITEM,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (RamoSessionBrowserRow, ramo_session_browser_row, GTK_TYPE_WIDGET)

/* ------------------------------------------------------------------------------------------ */
/* Texts                                                                                       */

static char *
format_modified (gint64 usec)
{
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  g_autoptr(GDateTime) when = g_date_time_new_from_unix_local (usec / G_USEC_PER_SEC);
  g_autoptr(GDateTime) today = NULL;
  GTimeSpan ago;

  if (when == NULL)
    return g_strdup ("");

  today = g_date_time_new_local (g_date_time_get_year (now), g_date_time_get_month (now),
                                 g_date_time_get_day_of_month (now), 0, 0, 0);
  ago = g_date_time_difference (today, when);

  if (ago <= 0)
    /* Translators: when a session changed today; see g_date_time_format() */
    return g_date_time_format (when, _("%H:%M"));
  if (ago <= G_TIME_SPAN_DAY)
    /* Translators: when a session changed yesterday; see g_date_time_format() */
    return g_date_time_format (when, _("Yesterday %H:%M"));
  if (ago <= 6 * G_TIME_SPAN_DAY)
    /* Translators: when a session changed in the last week: the weekday; see g_date_time_format() */
    return g_date_time_format (when, _("%A %H:%M"));
  if (g_date_time_get_year (when) == g_date_time_get_year (now))
    /* Translators: when a session changed this year; see g_date_time_format() */
    return g_date_time_format (when, _("%e %B"));
  /* Translators: when a session changed before this year; see g_date_time_format() */
  return g_date_time_format (when, _("%e %B %Y"));
}

static char *
session_title (RamoSessionInfo *info)
{
  const char *text = ramo_session_info_get_name (info);

  if (text == NULL)
    text = ramo_session_info_get_title (info);
  if (text == NULL)
    text = ramo_session_info_get_first_message (info);
  if (text)
    return g_strdup (text);
  return g_path_get_basename (ramo_session_info_get_path (info));
}

static char *
session_subtitle (RamoSessionInfo *info)
{
  /* under a name, the first message says what the session was about */
  if (ramo_session_info_get_name (info) || ramo_session_info_get_title (info))
    return g_strdup (ramo_session_info_get_first_message (info));
  return NULL;
}

static char *
session_counts (RamoSessionInfo *info)
{
  guint messages = ramo_session_info_get_n_messages (info);
  guint branches = ramo_session_info_get_n_branches (info);
  g_autofree char *messages_text = NULL;
  g_autofree char *branches_text = NULL;

  messages_text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u message", "%u messages", messages), messages);
  if (branches <= 1)
    return g_steal_pointer (&messages_text);
  branches_text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u branch", "%u branches", branches), branches);
  /* Translators: a session's counts, e.g. "12 messages · 3 branches" */
  return g_strdup_printf (_("%s · %s"), messages_text, branches_text);
}

static char *
group_title (RamoBrowserGroup *group)
{
  if (ramo_browser_group_get_cwd (group) == NULL || ramo_browser_group_get_cwd (group)[0] == '\0')
    return g_strdup (_("Unknown folder"));
  return ramo_tilde_path (ramo_browser_group_get_cwd (group));
}

static char *
group_count (RamoBrowserGroup *group)
{
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u session", "%u sessions", ramo_browser_group_get_n_sessions (group)),
                          ramo_browser_group_get_n_sessions (group));
}

/**
 * ramo_session_browser_row_describe:
 * @item: a #RamoSessionInfo or a #RamoBrowserGroup
 *
 * What the row of @item says, on one line (its accessible name).
 *
 * Returns: (transfer full): the text
 */
char *
ramo_session_browser_row_describe (gpointer item)
{
  if (RAMO_IS_SESSION_INFO (item))
    {
      g_autofree char *title = session_title (item);
      g_autofree char *subtitle = session_subtitle (item);
      g_autofree char *counts = session_counts (item);
      g_autofree char *modified = format_modified (ramo_session_info_get_modified (item));

      if (subtitle)
        return g_strdup_printf ("%s, %s, %s, %s", title, subtitle, counts, g_strstrip (modified));
      return g_strdup_printf ("%s, %s, %s", title, counts, g_strstrip (modified));
    }
  if (RAMO_IS_BROWSER_GROUP (item))
    {
      g_autofree char *title = group_title (item);
      g_autofree char *count = group_count (item);

      /* Translators: a project folder in the session browser, and how many sessions it has */
      return g_strdup_printf (_("Project %s, %s"), title, count);
    }
  return g_strdup ("");
}

/* ------------------------------------------------------------------------------------------ */
/* The row                                                                                     */

static void
update (RamoSessionBrowserRow *self)
{
  gpointer item = self->item;
  g_autofree char *description = ramo_session_browser_row_describe (item);

  gtk_widget_set_visible (self->header, RAMO_IS_BROWSER_GROUP (item));
  gtk_widget_set_visible (self->session, RAMO_IS_SESSION_INFO (item));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL, description, -1);

  if (RAMO_IS_BROWSER_GROUP (item))
    {
      g_autofree char *title_text = group_title (item);
      g_autofree char *count_text = group_count (item);

      gtk_label_set_text (self->group_title, title_text);
      gtk_widget_set_tooltip_text (GTK_WIDGET (self->group_title), ramo_browser_group_get_cwd (item));
      gtk_label_set_text (self->group_count, count_text);
    }
  else if (RAMO_IS_SESSION_INFO (item))
    {
      g_autofree char *title_text = session_title (item);
      g_autofree char *subtitle_text = session_subtitle (item);
      g_autofree char *counts_text = session_counts (item);
      g_autofree char *modified = format_modified (ramo_session_info_get_modified (item));

      g_autofree char *title_shown = ramo_text_shown (title_text);
      g_autofree char *subtitle_shown = ramo_text_shown (subtitle_text);

      gtk_label_set_text (self->title, title_shown);
      gtk_label_set_text (self->subtitle, subtitle_shown);
      gtk_widget_set_visible (GTK_WIDGET (self->subtitle), subtitle_text != NULL);
      gtk_label_set_text (self->counts, counts_text);
      gtk_label_set_text (self->modified, g_strstrip (modified));
      gtk_widget_set_tooltip_text (self->session, ramo_session_info_get_path (item));
    }
}

/**
 * ramo_session_browser_row_set_item:
 * @self: a row
 * @item: (nullable): a #RamoSessionInfo or a #RamoBrowserGroup
 */
void
ramo_session_browser_row_set_item (RamoSessionBrowserRow *self,
                                   GObject               *item)
{
  g_return_if_fail (RAMO_IS_SESSION_BROWSER_ROW (self));
  g_return_if_fail (!item || G_IS_OBJECT (item));

  if (g_set_object (&self->item, item))
    {
      update (self);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ITEM]);
    }
}

static void
ramo_session_browser_row_dispose (GObject *object)
{
  RamoSessionBrowserRow *self = (RamoSessionBrowserRow *)object;

  gtk_widget_dispose_template (GTK_WIDGET (self), RAMO_TYPE_SESSION_BROWSER_ROW);
  g_clear_object (&self->item);

  G_OBJECT_CLASS (ramo_session_browser_row_parent_class)->dispose (object);
}

static void
ramo_session_browser_row_get_property (GObject    *object,
                                       guint       prop_id,
                                       GValue     *value,
                                       GParamSpec *pspec)
{
  RamoSessionBrowserRow *self = RAMO_SESSION_BROWSER_ROW (object);

  switch (prop_id)
    {
    case PROP_ITEM:
      g_value_set_object (value, self->item);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ramo_session_browser_row_set_property (GObject      *object,
                                       guint         prop_id,
                                       const GValue *value,
                                       GParamSpec   *pspec)
{
  RamoSessionBrowserRow *self = RAMO_SESSION_BROWSER_ROW (object);

  switch (prop_id)
    {
    case PROP_ITEM:
      ramo_session_browser_row_set_item (self, g_value_get_object (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ramo_session_browser_row_class_init (RamoSessionBrowserRowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = ramo_session_browser_row_dispose;
  object_class->get_property = ramo_session_browser_row_get_property;
  object_class->set_property = ramo_session_browser_row_set_property;

  /**
   * RamoSessionBrowserRow:item:
   *
   * What the row shows: a #RamoSessionInfo or a #RamoBrowserGroup.
   */
  properties[PROP_ITEM] =
    g_param_spec_object ("item", NULL, NULL, G_TYPE_OBJECT,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/ramo/Ramo/ui/ramo-session-browser-row.ui");
  gtk_widget_class_bind_template_child (widget_class, RamoSessionBrowserRow, header);
  gtk_widget_class_bind_template_child (widget_class, RamoSessionBrowserRow, group_title);
  gtk_widget_class_bind_template_child (widget_class, RamoSessionBrowserRow, group_count);
  gtk_widget_class_bind_template_child (widget_class, RamoSessionBrowserRow, session);
  gtk_widget_class_bind_template_child (widget_class, RamoSessionBrowserRow, title);
  gtk_widget_class_bind_template_child (widget_class, RamoSessionBrowserRow, subtitle);
  gtk_widget_class_bind_template_child (widget_class, RamoSessionBrowserRow, counts);
  gtk_widget_class_bind_template_child (widget_class, RamoSessionBrowserRow, modified);
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
ramo_session_browser_row_init (RamoSessionBrowserRow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

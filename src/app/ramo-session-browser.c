/* ramo-session-browser.c
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

#include <stdlib.h>

#include <glib/gi18n.h>

#include "ramo-app-actions.h"
#include "ramo-app-util.h"
#include "ramo-application.h"
#include "ramo-session-browser.h"
#include "ramo-session-index.h"
#include "ramo-settings.h"

/**
 * RamoSessionBrowser:
 *
 * The start screen, and what Ctrl+O shows: every session under pi's and oh-my-pi's session
 * folders (and the `session-folders` setting), grouped by the project folder the session worked
 * in (its header's `cwd`), the most recently changed first, with a search over names and first
 * messages. The folders are listed in a worker thread (ramo-session-index.c) and watched, so
 * sessions written while the browser is open show up.
 *
 * With a parent session set, it lists only the sessions branched from that one ("Branched
 * Sessions" in a window's menu). Choosing a session opens it in the target window, or in a
 * window of its own, and closes the browser.
 *
 * GTK 4.8 list views have no section headers, so the list is flat: a #RamoBrowserGroup item
 * before the sessions of each project.
 */

#define RELOAD_DELAY_MS    300
#define PROGRESS_POLL_MS   100

/* ------------------------------------------------------------------------------------------ */
/* Group items                                                                                 */

#define RAMO_TYPE_BROWSER_GROUP (ramo_browser_group_get_type ())
G_DECLARE_FINAL_TYPE (RamoBrowserGroup, ramo_browser_group, RAMO, BROWSER_GROUP, GObject)

struct _RamoBrowserGroup
{
  GObject  parent_instance;
  char    *cwd;
  guint    n_sessions;
};

G_DEFINE_FINAL_TYPE (RamoBrowserGroup, ramo_browser_group, G_TYPE_OBJECT)

static void
ramo_browser_group_finalize (GObject *object)
{
  g_free (RAMO_BROWSER_GROUP (object)->cwd);
  G_OBJECT_CLASS (ramo_browser_group_parent_class)->finalize (object);
}

static void
ramo_browser_group_class_init (RamoBrowserGroupClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = ramo_browser_group_finalize;
}

static void
ramo_browser_group_init (RamoBrowserGroup *self)
{
}

static RamoBrowserGroup *
ramo_browser_group_new (const char *cwd,
                        guint       n_sessions)
{
  RamoBrowserGroup *self = g_object_new (RAMO_TYPE_BROWSER_GROUP, NULL);

  self->cwd = g_strdup (cwd);
  self->n_sessions = n_sessions;
  return self;
}

/* ------------------------------------------------------------------------------------------ */

typedef struct
{
  GWeakRef browser;
  int      done;
  int      total;
} Load;

struct _RamoSessionBrowser
{
  AdwApplicationWindow  parent_instance;

  RamoWindow           *target;           /* weak */
  char                 *parent_session;
  char                **roots;            /* NULL: from the settings at each reload */
  GPtrArray            *sessions;         /* (element-type RamoSessionInfo) newest first */
  GListStore           *items;            /* groups and sessions, as shown */
  GtkSingleSelection   *selection;
  GCancellable         *cancellable;
  Load                 *load;             /* the listing under way, or NULL */
  GPtrArray            *monitors;
  guint                 reload_id;
  guint                 progress_id;
  gint64                load_started;
  gint64                load_time;
  gboolean              loaded;

  /* template children */
  AdwWindowTitle       *window_title;
  GtkSearchEntry       *search_entry;
  GtkProgressBar       *progress_bar;
  GtkStack             *stack;
  GtkListView          *list_view;
  AdwStatusPage        *loading_page;
  AdwStatusPage        *empty_page;
  GtkWidget            *empty_buttons;
  GtkSpinner           *spinner;
};

G_DEFINE_FINAL_TYPE (RamoSessionBrowser, ramo_session_browser, ADW_TYPE_APPLICATION_WINDOW)

static void rebuild_items    (RamoSessionBrowser *self);
static void update_monitors  (RamoSessionBrowser *self);

/* ------------------------------------------------------------------------------------------ */
/* Texts                                                                                       */

static gboolean
same_file (const char *a,
           const char *b)
{
  g_autofree char *real_a = NULL;
  g_autofree char *real_b = NULL;

  if (a == NULL || b == NULL)
    return FALSE;
  if (g_str_equal (a, b))
    return TRUE;

  real_a = realpath (a, NULL);
  real_b = realpath (b, NULL);
  if (real_a && real_b)
    return g_str_equal (real_a, real_b);

  g_free (real_a);
  g_free (real_b);
  real_a = g_canonicalize_filename (a, NULL);
  real_b = g_canonicalize_filename (b, NULL);
  return g_str_equal (real_a, real_b);
}

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
  if (group->cwd == NULL || group->cwd[0] == '\0')
    return g_strdup (_("Unknown folder"));
  return ramo_tilde_path (group->cwd);
}

static char *
group_count (RamoBrowserGroup *group)
{
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u session", "%u sessions", group->n_sessions),
                          group->n_sessions);
}

/**
 * ramo_session_browser_describe_item:
 * @item: an item of ramo_session_browser_get_items()
 *
 * What the row of @item says, on one line (its accessible name).
 *
 * Returns: (transfer full): the text
 */
char *
ramo_session_browser_describe_item (gpointer item)
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
/* Rows                                                                                        */

static GtkWidget *
new_label (const char *css_class,
           gboolean    dim)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  gtk_label_set_single_line_mode (GTK_LABEL (label), TRUE);
  if (css_class)
    gtk_widget_add_css_class (label, css_class);
  if (dim)
    gtk_widget_add_css_class (label, "dim-label");
  return label;
}

static void
setup_item_cb (GtkSignalListItemFactory *factory,
               GtkListItem              *list_item,
               RamoSessionBrowser       *self)
{
  GtkWidget *row = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *header = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
  GtkWidget *session = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  GtkWidget *texts = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  GtkWidget *icon = g_object_new (GTK_TYPE_IMAGE, "icon-name", "folder-symbolic",
                                  "accessible-role", GTK_ACCESSIBLE_ROLE_PRESENTATION, NULL);

  gtk_widget_add_css_class (header, "project-header");
  gtk_box_append (GTK_BOX (header), icon);
  gtk_box_append (GTK_BOX (header), new_label ("heading", FALSE));
  gtk_widget_set_hexpand (gtk_widget_get_last_child (header), TRUE);
  gtk_label_set_ellipsize (GTK_LABEL (gtk_widget_get_last_child (header)), PANGO_ELLIPSIZE_START);
  gtk_box_append (GTK_BOX (header), new_label ("caption", TRUE));

  gtk_widget_add_css_class (session, "session-row");
  gtk_widget_set_hexpand (texts, TRUE);
  gtk_box_append (GTK_BOX (texts), new_label ("session-title", FALSE));
  gtk_box_append (GTK_BOX (texts), new_label (NULL, TRUE));
  gtk_box_append (GTK_BOX (texts), new_label ("caption", TRUE));
  gtk_box_append (GTK_BOX (session), texts);
  gtk_box_append (GTK_BOX (session), new_label ("caption", TRUE));
  gtk_widget_set_valign (gtk_widget_get_last_child (session), GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (gtk_widget_get_last_child (session), "numeric");

  gtk_box_append (GTK_BOX (row), header);
  gtk_box_append (GTK_BOX (row), session);
  gtk_list_item_set_child (list_item, row);
}

static void
bind_item_cb (GtkSignalListItemFactory *factory,
              GtkListItem              *list_item,
              RamoSessionBrowser       *self)
{
  GtkWidget *row = gtk_list_item_get_child (list_item);
  GtkWidget *header = gtk_widget_get_first_child (row);
  GtkWidget *session = gtk_widget_get_last_child (row);
  gpointer item = gtk_list_item_get_item (list_item);
  g_autofree char *description = ramo_session_browser_describe_item (item);

  gtk_widget_set_visible (header, RAMO_IS_BROWSER_GROUP (item));
  gtk_widget_set_visible (session, RAMO_IS_SESSION_INFO (item));
  gtk_list_item_set_selectable (list_item, RAMO_IS_SESSION_INFO (item));
  gtk_list_item_set_activatable (list_item, RAMO_IS_SESSION_INFO (item));
  gtk_accessible_update_property (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_PROPERTY_LABEL, description, -1);

  if (RAMO_IS_BROWSER_GROUP (item))
    {
      GtkWidget *title = gtk_widget_get_next_sibling (gtk_widget_get_first_child (header));
      g_autofree char *title_text = group_title (item);
      g_autofree char *count_text = group_count (item);

      gtk_label_set_text (GTK_LABEL (title), title_text);
      gtk_widget_set_tooltip_text (title, RAMO_BROWSER_GROUP (item)->cwd);
      gtk_label_set_text (GTK_LABEL (gtk_widget_get_last_child (header)), count_text);
    }
  else if (RAMO_IS_SESSION_INFO (item))
    {
      GtkWidget *texts = gtk_widget_get_first_child (session);
      GtkWidget *title = gtk_widget_get_first_child (texts);
      GtkWidget *subtitle = gtk_widget_get_next_sibling (title);
      GtkWidget *counts = gtk_widget_get_last_child (texts);
      g_autofree char *title_text = session_title (item);
      g_autofree char *subtitle_text = session_subtitle (item);
      g_autofree char *counts_text = session_counts (item);
      g_autofree char *modified = format_modified (ramo_session_info_get_modified (item));

      gtk_label_set_text (GTK_LABEL (title), title_text);
      gtk_label_set_text (GTK_LABEL (subtitle), subtitle_text ? subtitle_text : "");
      gtk_widget_set_visible (subtitle, subtitle_text != NULL);
      gtk_label_set_text (GTK_LABEL (counts), counts_text);
      gtk_label_set_text (GTK_LABEL (gtk_widget_get_last_child (session)), g_strstrip (modified));
      gtk_widget_set_tooltip_text (session, ramo_session_info_get_path (item));
    }
}

/* ------------------------------------------------------------------------------------------ */
/* The list                                                                                    */

static gboolean
same_item (gpointer a,
           gpointer b)
{
  if (a == b)
    return TRUE;
  if (RAMO_IS_BROWSER_GROUP (a) && RAMO_IS_BROWSER_GROUP (b))
    return g_strcmp0 (RAMO_BROWSER_GROUP (a)->cwd, RAMO_BROWSER_GROUP (b)->cwd) == 0 &&
           RAMO_BROWSER_GROUP (a)->n_sessions == RAMO_BROWSER_GROUP (b)->n_sessions;
  return FALSE;
}

/* Replaces the items by @items, changing only the range that differs, so that a session that
 * pi appends to does not make the whole list jump. */
static void
splice_items (RamoSessionBrowser *self,
              GPtrArray          *items)
{
  guint n_old = g_list_model_get_n_items (G_LIST_MODEL (self->items));
  guint n_new = items->len;
  guint prefix = 0;
  guint suffix = 0;

  while (prefix < n_old && prefix < n_new)
    {
      g_autoptr(GObject) old = g_list_model_get_item (G_LIST_MODEL (self->items), prefix);

      if (!same_item (old, g_ptr_array_index (items, prefix)))
        break;
      prefix++;
    }
  while (suffix < n_old - prefix && suffix < n_new - prefix)
    {
      g_autoptr(GObject) old = g_list_model_get_item (G_LIST_MODEL (self->items), n_old - 1 - suffix);

      if (!same_item (old, g_ptr_array_index (items, n_new - 1 - suffix)))
        break;
      suffix++;
    }

  if (prefix == n_old && prefix == n_new)
    return;
  g_list_store_splice (self->items, prefix, n_old - prefix - suffix,
                       items->pdata + prefix, n_new - prefix - suffix);
}

static void
update_page (RamoSessionBrowser *self)
{
  const char *page;
  guint n_items = g_list_model_get_n_items (G_LIST_MODEL (self->items));

  if (!self->loaded)
    page = "loading";
  else if (self->sessions->len == 0)
    page = "empty";
  else if (n_items == 0)
    page = "no-results";
  else
    page = "list";

  gtk_stack_set_visible_child_name (self->stack, page);
  gtk_spinner_set_spinning (self->spinner, g_str_equal (page, "loading"));
}

static void
rebuild_items (RamoSessionBrowser *self)
{
  g_auto(GStrv) terms = ramo_session_index_split_terms (gtk_editable_get_text (GTK_EDITABLE (self->search_entry)));
  g_autoptr(GHashTable) groups = g_hash_table_new_full (g_str_hash, g_str_equal, NULL,
                                                         (GDestroyNotify) g_ptr_array_unref);
  g_autoptr(GPtrArray) order = g_ptr_array_new ();
  g_autoptr(GPtrArray) items = g_ptr_array_new_with_free_func (g_object_unref);

  g_assert (RAMO_IS_SESSION_BROWSER (self));

  /* sessions come newest first, so groups are made in the order of their newest session */
  for (guint i = 0; i < self->sessions->len; i++)
    {
      RamoSessionInfo *info = g_ptr_array_index (self->sessions, i);
      const char *cwd = ramo_session_info_get_cwd (info);
      GPtrArray *group;

      if (cwd == NULL)
        cwd = "";
      if (!ramo_session_info_matches (info, (const char * const *) terms))
        continue;

      group = g_hash_table_lookup (groups, cwd);
      if (group == NULL)
        {
          group = g_ptr_array_new ();
          g_hash_table_insert (groups, (gpointer) cwd, group);
          g_ptr_array_add (order, (gpointer) cwd);
        }
      g_ptr_array_add (group, info);
    }

  for (guint i = 0; i < order->len; i++)
    {
      const char *cwd = g_ptr_array_index (order, i);
      GPtrArray *group = g_hash_table_lookup (groups, cwd);

      g_ptr_array_add (items, ramo_browser_group_new (cwd[0] ? cwd : NULL, group->len));
      for (guint j = 0; j < group->len; j++)
        g_ptr_array_add (items, g_object_ref (g_ptr_array_index (group, j)));
    }

  splice_items (self, items);
  update_page (self);
}

static void
update_title (RamoSessionBrowser *self)
{
  g_autofree char *subtitle = NULL;

  if (self->parent_session)
    {
      g_autofree char *name = g_path_get_basename (self->parent_session);

      adw_window_title_set_title (self->window_title, _("Branched Sessions"));
      gtk_window_set_title (GTK_WINDOW (self), _("Branched Sessions"));
      /* Translators: the subtitle of the list of sessions branched from the session %s */
      subtitle = g_strdup_printf (_("from %s"), name);
    }
  else
    {
      adw_window_title_set_title (self->window_title, _("Sessions"));
      gtk_window_set_title (GTK_WINDOW (self), _("Sessions"));
      if (self->loaded)
        subtitle = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u session", "%u sessions", self->sessions->len),
                                    self->sessions->len);
    }
  adw_window_title_set_subtitle (self->window_title, subtitle);
}

static void
update_empty_page (RamoSessionBrowser *self)
{
  if (self->parent_session)
    {
      adw_status_page_set_title (self->empty_page, _("No Branched Sessions"));
      adw_status_page_set_description (self->empty_page,
                                       _("No session in the session folders was branched from this one."));
      gtk_widget_set_visible (self->empty_buttons, FALSE);
    }
  else
    {
      adw_status_page_set_title (self->empty_page, _("No Sessions Yet"));
      adw_status_page_set_description (self->empty_page,
                                       _("Sessions of pi (~/.pi/agent/sessions) and oh-my-pi (~/.omp/agent/sessions) "
                                         "appear here as soon as they are written."));
      gtk_widget_set_visible (self->empty_buttons, TRUE);
    }
}

/* ------------------------------------------------------------------------------------------ */
/* Listing                                                                                     */

static void
load_free (Load *load)
{
  g_weak_ref_clear (&load->browser);
  g_free (load);
}

static void
progress_cb (guint    done,
             guint    total,
             gpointer user_data)
{
  Load *load = user_data;

  g_atomic_int_set (&load->total, (int) total);
  g_atomic_int_set (&load->done, (int) done);
}

static gboolean
progress_poll_cb (gpointer user_data)
{
  RamoSessionBrowser *self = user_data;
  g_autofree char *text = NULL;
  int done;
  int total;

  if (self->load == NULL)
    {
      self->progress_id = 0;
      gtk_widget_set_visible (GTK_WIDGET (self->progress_bar), FALSE);
      return G_SOURCE_REMOVE;
    }

  done = g_atomic_int_get (&self->load->done);
  total = g_atomic_int_get (&self->load->total);
  if (total > 0)
    {
      text = g_strdup_printf (_("Reading %d of %d sessions…"), done, total);
      gtk_progress_bar_set_fraction (self->progress_bar, (double) done / total);
      gtk_progress_bar_set_text (self->progress_bar, text);
      adw_status_page_set_description (self->loading_page, text);
      gtk_widget_set_visible (GTK_WIDGET (self->progress_bar), TRUE);
    }
  return G_SOURCE_CONTINUE;
}

static void
list_cb (GObject      *object,
         GAsyncResult *result,
         gpointer      user_data)
{
  Load *load = user_data;
  g_autoptr(RamoSessionBrowser) self = g_weak_ref_get (&load->browser);
  g_autoptr(GPtrArray) sessions = NULL;
  g_autoptr(GError) error = NULL;

  sessions = ramo_session_index_list_finish (result, &error);
  if (self == NULL || self->load != load)
    {
      load_free (load);
      return;
    }
  self->load = NULL;
  load_free (load);

  if (sessions == NULL)
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        g_warning ("Could not list the sessions: %s", error->message);
      return;
    }

  if (self->parent_session)
    {
      for (guint i = sessions->len; i > 0; i--)
        if (!same_file (ramo_session_info_get_parent_session (g_ptr_array_index (sessions, i - 1)),
                        self->parent_session))
          g_ptr_array_remove_index (sessions, i - 1);
    }

  g_clear_pointer (&self->sessions, g_ptr_array_unref);
  self->sessions = g_steal_pointer (&sessions);
  self->load_time = g_get_monotonic_time () - self->load_started;
  self->loaded = TRUE;
  g_debug ("Listed %u sessions in %.3f s", self->sessions->len, self->load_time / (double) G_USEC_PER_SEC);

  gtk_widget_set_visible (GTK_WIDGET (self->progress_bar), FALSE);
  update_title (self);
  rebuild_items (self);
  update_monitors (self);
}

static char **
current_roots (RamoSessionBrowser *self)
{
  if (self->roots)
    return g_strdupv (self->roots);
  return ramo_app_dup_session_roots ();
}

/**
 * ramo_session_browser_reload:
 * @self: a session browser
 *
 * Lists the session folders again (in a worker thread); unchanged files are not read again.
 */
void
ramo_session_browser_reload (RamoSessionBrowser *self)
{
  g_auto(GStrv) roots = NULL;
  Load *load;

  g_return_if_fail (RAMO_IS_SESSION_BROWSER (self));

  g_clear_handle_id (&self->reload_id, g_source_remove);
  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  self->cancellable = g_cancellable_new ();

  load = g_new0 (Load, 1);
  g_weak_ref_init (&load->browser, self);
  self->load = load;
  self->load_started = g_get_monotonic_time ();

  roots = current_roots (self);
  ramo_session_index_list_async ((const char * const *) roots, progress_cb, load, self->cancellable, list_cb, load);

  if (self->progress_id == 0)
    self->progress_id = g_timeout_add (PROGRESS_POLL_MS, progress_poll_cb, self);
  update_page (self);
}

static gboolean
reload_timeout_cb (gpointer user_data)
{
  RamoSessionBrowser *self = user_data;

  self->reload_id = 0;
  ramo_session_browser_reload (self);
  return G_SOURCE_REMOVE;
}

static void
queue_reload (RamoSessionBrowser *self)
{
  g_clear_handle_id (&self->reload_id, g_source_remove);
  self->reload_id = g_timeout_add (RELOAD_DELAY_MS, reload_timeout_cb, self);
}

static void
monitor_changed_cb (RamoSessionBrowser *self,
                    GFile              *file,
                    GFile              *other,
                    GFileMonitorEvent   event,
                    GFileMonitor       *monitor)
{
  g_autofree char *name = g_file_get_basename (file);

  g_assert (RAMO_IS_SESSION_BROWSER (self));

  switch (event)
    {
    case G_FILE_MONITOR_EVENT_CHANGED:
    case G_FILE_MONITOR_EVENT_CHANGES_DONE_HINT:
    case G_FILE_MONITOR_EVENT_ATTRIBUTE_CHANGED:
      if (g_str_has_suffix (name, ".jsonl"))
        queue_reload (self);
      break;

    case G_FILE_MONITOR_EVENT_CREATED:
    case G_FILE_MONITOR_EVENT_DELETED:
    case G_FILE_MONITOR_EVENT_MOVED_IN:
    case G_FILE_MONITOR_EVENT_MOVED_OUT:
    case G_FILE_MONITOR_EVENT_RENAMED:
    case G_FILE_MONITOR_EVENT_MOVED:
      /* a session file, or a folder: a new project, or a session folder coming into being
       * (pi makes ~/.pi/agent/sessions/--cwd--/ at once, seen here as ".pi") */
      queue_reload (self);
      break;

    case G_FILE_MONITOR_EVENT_PRE_UNMOUNT:
    case G_FILE_MONITOR_EVENT_UNMOUNTED:
    default:
      break;
    }
}

static void
watch_folder (RamoSessionBrowser *self,
              const char         *path)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GFileMonitor) monitor = NULL;

  monitor = g_file_monitor_directory (file, G_FILE_MONITOR_WATCH_MOVES, NULL, NULL);
  if (monitor == NULL)
    return;
  g_file_monitor_set_rate_limit (monitor, RELOAD_DELAY_MS);
  g_signal_connect_object (monitor, "changed", G_CALLBACK (monitor_changed_cb), self, G_CONNECT_SWAPPED);
  g_ptr_array_add (self->monitors, g_steal_pointer (&monitor));
}

/* Watches every session folder and its project folders; a session folder that does not exist
 * yet is watched through its nearest existing parent, so that it is seen when pi makes it. */
static void
update_monitors (RamoSessionBrowser *self)
{
  g_auto(GStrv) roots = current_roots (self);

  g_ptr_array_set_size (self->monitors, 0);

  for (guint r = 0; roots[r]; r++)
    {
      g_autoptr(GDir) dir = NULL;
      const char *name;

      if (!g_file_test (roots[r], G_FILE_TEST_IS_DIR))
        {
          g_autofree char *parent = g_path_get_dirname (roots[r]);

          while (!g_file_test (parent, G_FILE_TEST_IS_DIR) && !g_str_equal (parent, "/"))
            {
              char *up = g_path_get_dirname (parent);

              g_free (parent);
              parent = up;
            }
          if (!g_str_equal (parent, "/"))
            watch_folder (self, parent);
          continue;
        }

      watch_folder (self, roots[r]);
      dir = g_dir_open (roots[r], 0, NULL);
      while (dir && (name = g_dir_read_name (dir)))
        {
          g_autofree char *path = g_build_filename (roots[r], name, NULL);

          if (name[0] != '.' && g_file_test (path, G_FILE_TEST_IS_DIR))
            watch_folder (self, path);
        }
    }
}

/* ------------------------------------------------------------------------------------------ */
/* Opening                                                                                     */

/**
 * ramo_session_browser_open:
 * @self: a session browser
 * @path: a session file
 *
 * Opens @path in the browser's target window, or in a window of its own, and closes the
 * browser.
 *
 * Returns: %TRUE when a window shows the session
 */
gboolean
ramo_session_browser_open (RamoSessionBrowser *self,
                           const char         *path)
{
  GtkApplication *app;
  g_autoptr(GError) error = NULL;
  RamoWindow *window;

  g_return_val_if_fail (RAMO_IS_SESSION_BROWSER (self), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  app = gtk_window_get_application (GTK_WINDOW (self));
  if (app == NULL)
    return FALSE;

  window = ramo_app_open_session (app, self->target, path, &error);
  if (error)
    g_message ("%s", error->message);
  if (window == NULL)
    return FALSE;

  gtk_window_destroy (GTK_WINDOW (self));
  return error == NULL;
}

static void
list_activate_cb (RamoSessionBrowser *self,
                  guint               position,
                  GtkListView        *list_view)
{
  g_autoptr(GObject) item = g_list_model_get_item (G_LIST_MODEL (self->items), position);

  g_assert (RAMO_IS_SESSION_BROWSER (self));

  if (RAMO_IS_SESSION_INFO (item))
    ramo_session_browser_open (self, ramo_session_info_get_path (RAMO_SESSION_INFO (item)));
}

static void
search_changed_cb (RamoSessionBrowser *self,
                   GtkSearchEntry     *entry)
{
  g_assert (RAMO_IS_SESSION_BROWSER (self));
  if (self->loaded)
    rebuild_items (self);
}

/* Enter in the search opens the first session found. */
static void
search_activate_cb (RamoSessionBrowser *self,
                    GtkSearchEntry     *entry)
{
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->items));

  g_assert (RAMO_IS_SESSION_BROWSER (self));

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(GObject) item = g_list_model_get_item (G_LIST_MODEL (self->items), i);

      if (RAMO_IS_SESSION_INFO (item))
        {
          ramo_session_browser_open (self, ramo_session_info_get_path (RAMO_SESSION_INFO (item)));
          return;
        }
    }
}

static void
search_stop_cb (RamoSessionBrowser *self,
                GtkSearchEntry     *entry)
{
  g_assert (RAMO_IS_SESSION_BROWSER (self));

  if (gtk_editable_get_text (GTK_EDITABLE (entry))[0] != '\0')
    gtk_editable_set_text (GTK_EDITABLE (entry), "");
  else if (self->target || self->parent_session)
    gtk_window_close (GTK_WINDOW (self));
}

static gboolean
search_key_pressed_cb (RamoSessionBrowser    *self,
                       guint                  keyval,
                       guint                  keycode,
                       GdkModifierType        state,
                       GtkEventControllerKey *controller)
{
  if (keyval == GDK_KEY_Down || keyval == GDK_KEY_KP_Down)
    {
      guint n = g_list_model_get_n_items (G_LIST_MODEL (self->items));

      for (guint i = 0; i < n; i++)
        {
          g_autoptr(GObject) item = g_list_model_get_item (G_LIST_MODEL (self->items), i);

          if (RAMO_IS_SESSION_INFO (item))
            {
              gtk_selection_model_select_item (GTK_SELECTION_MODEL (self->selection), i, TRUE);
              break;
            }
        }
      gtk_widget_child_focus (GTK_WIDGET (self->list_view), GTK_DIR_TAB_FORWARD);
      return GDK_EVENT_STOP;
    }
  return GDK_EVENT_PROPAGATE;
}

static gboolean
window_key_pressed_cb (RamoSessionBrowser    *self,
                       guint                  keyval,
                       guint                  keycode,
                       GdkModifierType        state,
                       GtkEventControllerKey *controller)
{
  /* Escape closes a browser opened from a window, as it would a dialog; the start screen stays */
  if (keyval == GDK_KEY_Escape && (state & gtk_accelerator_get_default_mod_mask ()) == 0 &&
      gtk_editable_get_text (GTK_EDITABLE (self->search_entry))[0] == '\0' &&
      (self->target || self->parent_session))
    {
      gtk_window_close (GTK_WINDOW (self));
      return GDK_EVENT_STOP;
    }
  return GDK_EVENT_PROPAGATE;
}

static void
open_response_cb (RamoSessionBrowser   *self,
                  int                   response,
                  GtkFileChooserNative *native)
{
  g_autoptr(GFile) file = NULL;
  g_autofree char *path = NULL;

  if (response == GTK_RESPONSE_ACCEPT)
    file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (native));
  gtk_native_dialog_destroy (GTK_NATIVE_DIALOG (native));
  g_object_unref (native);

  if (file && (path = g_file_get_path (file)))
    ramo_session_browser_open (self, path);
}

static void
open_file_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *param)
{
  RamoSessionBrowser *self = RAMO_SESSION_BROWSER (widget);
  GtkFileChooserNative *native;
  g_autoptr(GtkFileFilter) sessions = gtk_file_filter_new ();
  g_autoptr(GtkFileFilter) all = gtk_file_filter_new ();
  g_auto(GStrv) roots = current_roots (self);

  native = gtk_file_chooser_native_new (_("Open a Session"), GTK_WINDOW (self),
                                        GTK_FILE_CHOOSER_ACTION_OPEN, _("_Open"), _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (native), TRUE);

  gtk_file_filter_set_name (sessions, _("pi sessions (*.jsonl)"));
  gtk_file_filter_add_pattern (sessions, "*.jsonl");
  gtk_file_filter_add_mime_type (sessions, "application/x-ramo-session");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (native), sessions);
  gtk_file_filter_set_name (all, _("All files"));
  gtk_file_filter_add_pattern (all, "*");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (native), all);

  for (guint r = 0; roots[r]; r++)
    if (g_file_test (roots[r], G_FILE_TEST_IS_DIR))
      {
        g_autoptr(GFile) folder = g_file_new_for_path (roots[r]);

        gtk_file_chooser_set_current_folder (GTK_FILE_CHOOSER (native), folder, NULL);
        break;
      }

  g_signal_connect_object (native, "response", G_CALLBACK (open_response_cb), self, G_CONNECT_SWAPPED);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (native));
}

static void
open_example_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *param)
{
  RamoSessionBrowser *self = RAMO_SESSION_BROWSER (widget);
  g_autofree char *path = ramo_application_find_default_session ();

  if (path)
    ramo_session_browser_open (self, path);
}

static void
reload_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *param)
{
  ramo_session_browser_reload (RAMO_SESSION_BROWSER (widget));
}

static void
search_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *param)
{
  RamoSessionBrowser *self = RAMO_SESSION_BROWSER (widget);

  gtk_widget_grab_focus (GTK_WIDGET (self->search_entry));
}

/* ------------------------------------------------------------------------------------------ */
/* GObject                                                                                     */

static void
settings_changed_cb (RamoSessionBrowser *self,
                     const char         *key,
                     GSettings          *settings)
{
  if (self->roots == NULL)
    ramo_session_browser_reload (self);
}

static void
ensure_css (void)
{
  static gsize done;

  if (g_once_init_enter (&done))
    {
      GdkDisplay *display = gdk_display_get_default ();

      if (display)
        {
          g_autoptr(GtkCssProvider) provider = gtk_css_provider_new ();

          gtk_css_provider_load_from_resource (provider, "/io/github/ramo/Ramo/ui/ramo-session-browser.css");
          gtk_style_context_add_provider_for_display (display, GTK_STYLE_PROVIDER (provider),
                                                      GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
        }
      g_once_init_leave (&done, 1);
    }
}

static void
ramo_session_browser_dispose (GObject *object)
{
  RamoSessionBrowser *self = (RamoSessionBrowser *)object;

  g_cancellable_cancel (self->cancellable);
  self->load = NULL;   /* freed by its callback */
  g_clear_handle_id (&self->reload_id, g_source_remove);
  g_clear_handle_id (&self->progress_id, g_source_remove);
  if (self->monitors)
    g_ptr_array_set_size (self->monitors, 0);

  gtk_widget_dispose_template (GTK_WIDGET (self), RAMO_TYPE_SESSION_BROWSER);

  g_clear_weak_pointer (&self->target);
  g_clear_object (&self->cancellable);
  g_clear_object (&self->selection);
  g_clear_object (&self->items);

  G_OBJECT_CLASS (ramo_session_browser_parent_class)->dispose (object);
}

static void
ramo_session_browser_finalize (GObject *object)
{
  RamoSessionBrowser *self = (RamoSessionBrowser *)object;

  g_clear_pointer (&self->parent_session, g_free);
  g_clear_pointer (&self->roots, g_strfreev);
  g_clear_pointer (&self->sessions, g_ptr_array_unref);
  g_clear_pointer (&self->monitors, g_ptr_array_unref);

  G_OBJECT_CLASS (ramo_session_browser_parent_class)->finalize (object);
}

static void
ramo_session_browser_class_init (RamoSessionBrowserClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = ramo_session_browser_dispose;
  object_class->finalize = ramo_session_browser_finalize;

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/ramo/Ramo/ui/ramo-session-browser.ui");
  gtk_widget_class_bind_template_child (widget_class, RamoSessionBrowser, window_title);
  gtk_widget_class_bind_template_child (widget_class, RamoSessionBrowser, search_entry);
  gtk_widget_class_bind_template_child (widget_class, RamoSessionBrowser, progress_bar);
  gtk_widget_class_bind_template_child (widget_class, RamoSessionBrowser, stack);
  gtk_widget_class_bind_template_child (widget_class, RamoSessionBrowser, list_view);
  gtk_widget_class_bind_template_child (widget_class, RamoSessionBrowser, loading_page);
  gtk_widget_class_bind_template_child (widget_class, RamoSessionBrowser, empty_page);
  gtk_widget_class_bind_template_child (widget_class, RamoSessionBrowser, empty_buttons);
  gtk_widget_class_bind_template_child (widget_class, RamoSessionBrowser, spinner);
  gtk_widget_class_bind_template_callback (widget_class, list_activate_cb);
  gtk_widget_class_bind_template_callback (widget_class, search_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, search_activate_cb);
  gtk_widget_class_bind_template_callback (widget_class, search_stop_cb);

  gtk_widget_class_install_action (widget_class, "browser.open-file", NULL, open_file_action);
  gtk_widget_class_install_action (widget_class, "browser.open-example", NULL, open_example_action);
  gtk_widget_class_install_action (widget_class, "browser.reload", NULL, reload_action);
  gtk_widget_class_install_action (widget_class, "browser.search", NULL, search_action);

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_F5, 0, "browser.reload", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_r, GDK_CONTROL_MASK, "browser.reload", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_f, GDK_CONTROL_MASK, "browser.search", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_o, GDK_CONTROL_MASK | GDK_SHIFT_MASK,
                                       "browser.open-file", NULL);
}

static void
ramo_session_browser_init (RamoSessionBrowser *self)
{
  g_autoptr(GtkListItemFactory) factory = NULL;
  GtkEventController *controller;
  GSettings *settings;

  ensure_css ();
  gtk_widget_init_template (GTK_WIDGET (self));

  self->sessions = g_ptr_array_new_with_free_func (g_object_unref);
  self->monitors = g_ptr_array_new_with_free_func (g_object_unref);
  self->items = g_list_store_new (G_TYPE_OBJECT);
  self->selection = gtk_single_selection_new (g_object_ref (G_LIST_MODEL (self->items)));
  gtk_single_selection_set_autoselect (self->selection, FALSE);
  gtk_single_selection_set_can_unselect (self->selection, TRUE);

  factory = gtk_signal_list_item_factory_new ();
  g_signal_connect_object (factory, "setup", G_CALLBACK (setup_item_cb), self, 0);
  g_signal_connect_object (factory, "bind", G_CALLBACK (bind_item_cb), self, 0);
  gtk_list_view_set_factory (self->list_view, factory);
  gtk_list_view_set_model (self->list_view, GTK_SELECTION_MODEL (self->selection));

  gtk_search_entry_set_key_capture_widget (self->search_entry, GTK_WIDGET (self));
  controller = gtk_event_controller_key_new ();
  g_signal_connect_object (controller, "key-pressed", G_CALLBACK (search_key_pressed_cb), self, G_CONNECT_SWAPPED);
  gtk_widget_add_controller (GTK_WIDGET (self->search_entry), controller);

  controller = gtk_event_controller_key_new ();
  gtk_event_controller_set_propagation_phase (controller, GTK_PHASE_BUBBLE);
  g_signal_connect_object (controller, "key-pressed", G_CALLBACK (window_key_pressed_cb), self, G_CONNECT_SWAPPED);
  gtk_widget_add_controller (GTK_WIDGET (self), controller);

  settings = ramo_app_get_settings ();
  if (settings)
    g_signal_connect_object (settings, "changed::session-folders", G_CALLBACK (settings_changed_cb), self,
                             G_CONNECT_SWAPPED);

  update_title (self);
  update_empty_page (self);
  update_page (self);
  gtk_widget_grab_focus (GTK_WIDGET (self->search_entry));
}

/**
 * ramo_session_browser_new:
 * @application: (nullable): the application
 *
 * A browser of the session folders; it starts listing them at once.
 *
 * Returns: (transfer none): a new browser window
 */
RamoSessionBrowser *
ramo_session_browser_new (GtkApplication *application)
{
  RamoSessionBrowser *self = g_object_new (RAMO_TYPE_SESSION_BROWSER, "application", application, NULL);

  ramo_session_browser_reload (self);
  return self;
}

/**
 * ramo_session_browser_set_target:
 * @self: a session browser
 * @target: (nullable): the window to open the chosen session in; %NULL opens a new window
 */
void
ramo_session_browser_set_target (RamoSessionBrowser *self,
                                 RamoWindow         *target)
{
  g_return_if_fail (RAMO_IS_SESSION_BROWSER (self));
  g_return_if_fail (!target || RAMO_IS_WINDOW (target));

  g_set_weak_pointer (&self->target, target);
}

/**
 * ramo_session_browser_get_target:
 * @self: a session browser
 *
 * Returns: (transfer none) (nullable): the window the chosen session opens in
 */
RamoWindow *
ramo_session_browser_get_target (RamoSessionBrowser *self)
{
  g_return_val_if_fail (RAMO_IS_SESSION_BROWSER (self), NULL);
  return self->target;
}

/**
 * ramo_session_browser_set_parent_session:
 * @self: a session browser
 * @path: (nullable): a session file: list only the sessions branched from it
 */
void
ramo_session_browser_set_parent_session (RamoSessionBrowser *self,
                                         const char         *path)
{
  g_return_if_fail (RAMO_IS_SESSION_BROWSER (self));

  if (g_strcmp0 (self->parent_session, path) == 0)
    return;
  g_free (self->parent_session);
  self->parent_session = g_strdup (path);
  update_title (self);
  update_empty_page (self);
  ramo_session_browser_reload (self);
}

/**
 * ramo_session_browser_get_parent_session:
 * @self: a session browser
 *
 * Returns: (nullable): the session whose branched sessions are listed
 */
const char *
ramo_session_browser_get_parent_session (RamoSessionBrowser *self)
{
  g_return_val_if_fail (RAMO_IS_SESSION_BROWSER (self), NULL);
  return self->parent_session;
}

/**
 * ramo_session_browser_set_roots:
 * @self: a session browser
 * @roots: (nullable) (array zero-terminated=1): the folders to list; %NULL for those of the
 *   settings (ramo_app_dup_session_roots())
 */
void
ramo_session_browser_set_roots (RamoSessionBrowser *self,
                                const char * const *roots)
{
  g_return_if_fail (RAMO_IS_SESSION_BROWSER (self));

  g_strfreev (self->roots);
  self->roots = g_strdupv ((char **) roots);
  ramo_session_browser_reload (self);
}

/**
 * ramo_session_browser_is_loading:
 * @self: a session browser
 *
 * Returns: %TRUE while the folders are being listed
 */
gboolean
ramo_session_browser_is_loading (RamoSessionBrowser *self)
{
  g_return_val_if_fail (RAMO_IS_SESSION_BROWSER (self), FALSE);
  return self->load != NULL || self->reload_id != 0;
}

/**
 * ramo_session_browser_get_items:
 * @self: a session browser
 *
 * Returns: (transfer none): what the list shows: a #RamoBrowserGroup for each project, followed
 *   by its #RamoSessionInfo items
 */
GListModel *
ramo_session_browser_get_items (RamoSessionBrowser *self)
{
  g_return_val_if_fail (RAMO_IS_SESSION_BROWSER (self), NULL);
  return G_LIST_MODEL (self->items);
}

/**
 * ramo_session_browser_get_sessions:
 * @self: a session browser
 *
 * Returns: (transfer none) (element-type RamoSessionInfo): every session listed, newest first,
 *   whatever the search
 */
GPtrArray *
ramo_session_browser_get_sessions (RamoSessionBrowser *self)
{
  g_return_val_if_fail (RAMO_IS_SESSION_BROWSER (self), NULL);
  return self->sessions;
}

/**
 * ramo_session_browser_get_search_entry:
 * @self: a session browser
 *
 * Returns: (transfer none): the search entry
 */
GtkEditable *
ramo_session_browser_get_search_entry (RamoSessionBrowser *self)
{
  g_return_val_if_fail (RAMO_IS_SESSION_BROWSER (self), NULL);
  return GTK_EDITABLE (self->search_entry);
}

/**
 * ramo_session_browser_get_list_view:
 * @self: a session browser
 *
 * Returns: (transfer none): the list
 */
GtkListView *
ramo_session_browser_get_list_view (RamoSessionBrowser *self)
{
  g_return_val_if_fail (RAMO_IS_SESSION_BROWSER (self), NULL);
  return self->list_view;
}

/**
 * ramo_session_browser_get_page:
 * @self: a session browser
 *
 * Returns: what the browser shows: `loading`, `empty`, `no-results` or `list`
 */
const char *
ramo_session_browser_get_page (RamoSessionBrowser *self)
{
  g_return_val_if_fail (RAMO_IS_SESSION_BROWSER (self), NULL);
  return gtk_stack_get_visible_child_name (self->stack);
}

/**
 * ramo_session_browser_get_load_time:
 * @self: a session browser
 *
 * Returns: how long the last listing took, in microseconds
 */
gint64
ramo_session_browser_get_load_time (RamoSessionBrowser *self)
{
  g_return_val_if_fail (RAMO_IS_SESSION_BROWSER (self), 0);
  return self->load_time;
}

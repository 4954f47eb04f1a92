/* ramo-files-list.c
 *
 * Copyright 2026 The Ramo authors
 *
 * This program is free software: you can redistribute it and/or modify it under the terms of the
 * GNU General Public License as published by the Free Software Foundation, either version 3 of
 * the License, or (at your option) any later version.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ramo-files-list"

#include "config.h"

#include <string.h>

#include <glib/gi18n.h>

#include "ramo-app-util.h"
#include "ramo-files-list.h"
#include "ramo-tool-calls.h"

/**
 * RamoFilesList:
 *
 * The files the tool calls of an entry's branch read, wrote and edited: those of the path from
 * the root to the entry, or of the subtree below it. Each file is a button that shows the
 * entries that touched it in the tree (`win.search-path`: the search `path:"FILE"`). The list
 * comes from the session manager's index of tool calls; no body is read.
 */

/* at most this many files are listed (the rest are counted) */
#define MAX_FILES 200

struct _RamoFilesList
{
  GtkWidget           parent_instance;

  RamoSessionManager *manager;
  char               *id;

  GtkWidget          *box;
  GtkWidget          *title;
  GtkToggleButton    *path_button;
  GtkToggleButton    *subtree_button;
  GtkWidget          *list;
  GtkWidget          *empty;
  GArray             *shown;       /* (element-type RamoFileTouch) the files the buttons show,
                                    * their paths owned by shown_manager */
  RamoSessionManager *shown_manager;
  guint               reload_id;   /* the list made again in an idle after the entry changed */
  guint               stale : 1;   /* the entry changed while the pane holding the list was hidden */
  guint               watching_parent : 1;
};

G_DEFINE_FINAL_TYPE (RamoFilesList, ramo_files_list, GTK_TYPE_WIDGET)

static void
append_count (GString    *out,
              const char *format,
              guint       n)
{
  if (n == 0)
    return;
  if (out->len)
    g_string_append (out, " · ");
  g_string_append_printf (out, format, n);
}

/* How many calls of each kind named the file of @touch, for people. */
static GString *
counts_text (const RamoFileTouch *touch)
{
  GString *counts = g_string_new (NULL);

  /* Translators: how many read, write and edit calls named a file, and how many of them
   * failed, in the list of files touched */
  append_count (counts, _("read %u"), touch->n_read);
  append_count (counts, _("written %u"), touch->n_write);
  append_count (counts, _("edited %u"), touch->n_edit);
  append_count (counts, _("failed %u"), touch->n_errors);
  return counts;
}

/* A file button's tooltip, made when asked for: gtk_widget_set_tooltip_text() asks the display
 * where the pointer is, 0.2-0.3 ms a button, and a list has up to 200 of them. */
static gboolean
file_query_tooltip_cb (GtkWidget  *button,
                       int         x,
                       int         y,
                       gboolean    keyboard,
                       GtkTooltip *tooltip,
                       GtkLabel   *name)
{
  g_autofree char *text = NULL;

  /* Translators: the tooltip of a file in the list of files touched */
  text = g_strdup_printf (_("Show the entries that touched %s"), gtk_label_get_text (name));
  gtk_tooltip_set_text (tooltip, text);
  return TRUE;
}

static GtkWidget *
file_button (const RamoFileTouch *touch)
{
  g_autofree char *shown = ramo_text_shown (touch->path);
  g_autoptr(GString) counts = counts_text (touch);
  GtkWidget *button = gtk_button_new ();
  GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  GtkWidget *name = gtk_label_new (shown);
  GtkWidget *count;

  gtk_label_set_xalign (GTK_LABEL (name), 0);
  gtk_label_set_ellipsize (GTK_LABEL (name), PANGO_ELLIPSIZE_START);
  gtk_widget_set_hexpand (name, TRUE);
  count = gtk_label_new (counts->str);
  gtk_widget_add_css_class (count, "dim-label");
  gtk_widget_add_css_class (count, "caption");
  gtk_box_append (GTK_BOX (row), name);
  gtk_box_append (GTK_BOX (row), count);
  gtk_button_set_child (GTK_BUTTON (button), row);
  gtk_widget_add_css_class (button, "flat");
  gtk_widget_set_has_tooltip (button, TRUE);
  g_signal_connect (button, "query-tooltip", G_CALLBACK (file_query_tooltip_cb), name);
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, shown,
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, counts->str, -1);
  gtk_actionable_set_action_name (GTK_ACTIONABLE (button), "win.search-path");
  gtk_actionable_set_action_target (GTK_ACTIONABLE (button), "s", touch->path);
  g_object_set_data (G_OBJECT (button), "ramo-counts", count);
  return button;
}

/* The counts of @button (made by file_button()) set to those of @touch, for the same file. */
static void
update_button (GtkWidget           *button,
               const RamoFileTouch *touch)
{
  g_autoptr(GString) counts = counts_text (touch);

  gtk_label_set_text (GTK_LABEL (g_object_get_data (G_OBJECT (button), "ramo-counts")), counts->str);
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, counts->str, -1);
}

/* The line shown when no file was touched. */
static void
update_empty (RamoFilesList  *self,
              RamoFilesScope  scope,
              GArray         *files)
{
  gtk_label_set_text (GTK_LABEL (self->empty),
                      scope == RAMO_FILES_SUBTREE ? _("No tool call below this entry names a file")
                                                  : _("No tool call up to this entry names a file"));
  gtk_widget_set_visible (self->empty, files->len == 0);
}

/* Whether @a and @b list the same files (their counts may differ). */
static gboolean
same_files (GArray *a,
            GArray *b)
{
  if (a == NULL || b == NULL || a->len != b->len)
    return FALSE;
  for (guint i = 0; i < a->len; i++)
    if (strcmp (g_array_index (a, RamoFileTouch, i).path, g_array_index (b, RamoFileTouch, i).path) != 0)
      return FALSE;
  return TRUE;
}

static gboolean
same_counts (const RamoFileTouch *x,
             const RamoFileTouch *y)
{
  return x->n_read == y->n_read && x->n_write == y->n_write && x->n_edit == y->n_edit &&
         x->n_errors == y->n_errors;
}

static void
forget_shown (RamoFilesList *self)
{
  g_clear_pointer (&self->shown, g_array_unref);
  g_clear_object (&self->shown_manager);
}

static void
reload (RamoFilesList *self)
{
  g_autoptr(GArray) files = NULL;
  GtkWidget *child;
  RamoFilesScope scope = gtk_toggle_button_get_active (self->subtree_button) ? RAMO_FILES_SUBTREE : RAMO_FILES_PATH;

  if (self->manager && self->id)
    files = ramo_session_manager_dup_files (self->manager, scope, self->id, NULL);
  gtk_widget_set_visible (GTK_WIDGET (self), files != NULL);

  /* The next row's path mostly touched the same files (a selection moved by a filter, a row
   * further down the branch): the buttons stay, their counts brought up to date, rather than
   * up to 200 buttons let go of and made again in the turn that found the files. */
  if (files != NULL && same_files (files, self->shown))
    {
      GtkWidget *button = gtk_widget_get_first_child (self->list);

      for (guint i = 0; i < files->len && i < MAX_FILES && button; i++, button = gtk_widget_get_next_sibling (button))
        if (!same_counts (&g_array_index (files, RamoFileTouch, i), &g_array_index (self->shown, RamoFileTouch, i)))
          update_button (button, &g_array_index (files, RamoFileTouch, i));
      g_array_unref (self->shown);
      self->shown = g_array_ref (files);
      g_set_object (&self->shown_manager, self->manager);
      update_empty (self, scope, files);
      return;
    }

  while ((child = gtk_widget_get_first_child (self->list)) != NULL)
    gtk_box_remove (GTK_BOX (self->list), child);
  forget_shown (self);
  if (files == NULL)
    return;
  self->shown = g_array_ref (files);
  self->shown_manager = g_object_ref (self->manager);

  for (guint i = 0; i < files->len && i < MAX_FILES; i++)
    gtk_box_append (GTK_BOX (self->list), file_button (&g_array_index (files, RamoFileTouch, i)));
  if (files->len > MAX_FILES)
    {
      g_autofree char *more = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "and %u more file", "and %u more files",
                                                            files->len - MAX_FILES), files->len - MAX_FILES);
      GtkWidget *label = gtk_label_new (more);

      gtk_widget_add_css_class (label, "dim-label");
      gtk_box_append (GTK_BOX (self->list), label);
    }
  update_empty (self, scope, files);
}

static gboolean
reload_cb (gpointer data)
{
  RamoFilesList *self = data;
  GtkWidget *parent = gtk_widget_get_parent (GTK_WIDGET (self));

  self->reload_id = 0;
  /* the list follows the path from the root, which on a long session is most of it (50 ms
   * on 1,000,000 entries): not made for a pane nobody sees */
  if (parent != NULL && !gtk_widget_get_mapped (parent))
    {
      self->stale = TRUE;
      return G_SOURCE_REMOVE;
    }
  self->stale = FALSE;
  reload (self);
  return G_SOURCE_REMOVE;
}

static void
parent_map_cb (RamoFilesList *self,
               GtkWidget     *parent)
{
  if (self->stale && self->reload_id == 0)
    self->reload_id = g_idle_add_full (G_PRIORITY_LOW, reload_cb, self, NULL);
}

static void
scope_toggled_cb (RamoFilesList   *self,
                  GtkToggleButton *button)
{
  if (gtk_toggle_button_get_active (button))
    reload (self);
}

static void
ramo_files_list_dispose (GObject *object)
{
  RamoFilesList *self = RAMO_FILES_LIST (object);

  g_clear_handle_id (&self->reload_id, g_source_remove);
  g_clear_pointer (&self->box, gtk_widget_unparent);
  forget_shown (self);
  g_clear_object (&self->manager);
  G_OBJECT_CLASS (ramo_files_list_parent_class)->dispose (object);
}

static void
ramo_files_list_finalize (GObject *object)
{
  RamoFilesList *self = RAMO_FILES_LIST (object);

  g_free (self->id);
  G_OBJECT_CLASS (ramo_files_list_parent_class)->finalize (object);
}

static void
ramo_files_list_class_init (RamoFilesListClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = ramo_files_list_dispose;
  object_class->finalize = ramo_files_list_finalize;
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "fileslist");
}

static void
ramo_files_list_init (RamoFilesList *self)
{
  GtkWidget *header = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  GtkWidget *scopes = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);
  GtkWidget *scroller = gtk_scrolled_window_new ();

  self->box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  gtk_widget_set_margin_start (self->box, 18);
  gtk_widget_set_margin_end (self->box, 12);
  gtk_widget_set_margin_top (self->box, 6);
  gtk_widget_set_margin_bottom (self->box, 6);
  gtk_widget_set_parent (self->box, GTK_WIDGET (self));

  self->title = gtk_label_new (_("Files Touched"));
  gtk_widget_add_css_class (self->title, "heading");
  gtk_label_set_xalign (GTK_LABEL (self->title), 0);
  gtk_widget_set_hexpand (self->title, TRUE);

  /* Translators: the files touched on the path from the root to the selected entry */
  self->path_button = GTK_TOGGLE_BUTTON (gtk_toggle_button_new_with_label (_("Up to Here")));
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->path_button), _("The files of the entries from the first one to this one"));
  /* Translators: the files touched in the subtree below the selected entry */
  self->subtree_button = GTK_TOGGLE_BUTTON (gtk_toggle_button_new_with_label (_("Below")));
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->subtree_button), _("The files of this entry and of every branch below it"));
  gtk_toggle_button_set_group (self->subtree_button, self->path_button);
  gtk_toggle_button_set_active (self->path_button, TRUE);
  g_signal_connect_object (self->path_button, "toggled", G_CALLBACK (scope_toggled_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->subtree_button, "toggled", G_CALLBACK (scope_toggled_cb), self, G_CONNECT_SWAPPED);
  gtk_widget_add_css_class (scopes, "linked");
  gtk_box_append (GTK_BOX (scopes), GTK_WIDGET (self->path_button));
  gtk_box_append (GTK_BOX (scopes), GTK_WIDGET (self->subtree_button));

  gtk_box_append (GTK_BOX (header), self->title);
  gtk_box_append (GTK_BOX (header), scopes);
  gtk_box_append (GTK_BOX (self->box), header);

  self->list = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->list), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Files Touched"), -1);
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_propagate_natural_height (GTK_SCROLLED_WINDOW (scroller), TRUE);
  gtk_scrolled_window_set_max_content_height (GTK_SCROLLED_WINDOW (scroller), 180);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), self->list);
  gtk_box_append (GTK_BOX (self->box), scroller);

  self->empty = gtk_label_new (NULL);
  gtk_widget_add_css_class (self->empty, "dim-label");
  gtk_label_set_xalign (GTK_LABEL (self->empty), 0);
  gtk_label_set_wrap (GTK_LABEL (self->empty), TRUE);
  gtk_box_append (GTK_BOX (self->box), self->empty);
  gtk_widget_set_visible (GTK_WIDGET (self), FALSE);
}

/**
 * ramo_files_list_set_entry:
 * @self: a files list
 * @manager: (nullable): the session
 * @id: (nullable): the entry whose branch to list
 *
 * Lists the files of @id's branch (or subtree, as chosen), or hides the list, in a
 * low-priority idle: a selection that moves row after row (a key held down) makes the list
 * once it stops, and the turn that shows a session does not wait for it; while the pane that
 * holds the list is hidden, when it shows again.
 */
void
ramo_files_list_set_entry (RamoFilesList      *self,
                           RamoSessionManager *manager,
                           const char         *id)
{
  char *copy;

  g_return_if_fail (RAMO_IS_FILES_LIST (self));

  g_set_object (&self->manager, manager);
  copy = g_strdup (id);
  g_free (self->id);
  self->id = copy;
  if (!self->watching_parent && gtk_widget_get_parent (GTK_WIDGET (self)) != NULL)
    {
      g_signal_connect_object (gtk_widget_get_parent (GTK_WIDGET (self)), "map",
                               G_CALLBACK (parent_map_cb), self, G_CONNECT_SWAPPED);
      self->watching_parent = TRUE;
    }
  if (self->reload_id == 0)
    self->reload_id = g_idle_add_full (G_PRIORITY_LOW, reload_cb, self, NULL);
}

/**
 * ramo_files_list_set_subtree:
 * @self: a files list
 * @subtree: %TRUE for the files of the subtree below the entry, %FALSE for those up to it
 */
void
ramo_files_list_set_subtree (RamoFilesList *self,
                             gboolean       subtree)
{
  g_return_if_fail (RAMO_IS_FILES_LIST (self));

  gtk_toggle_button_set_active (subtree ? self->subtree_button : self->path_button, TRUE);
}

/**
 * ramo_files_list_get_n_files:
 * @self: a files list
 *
 * Returns: how many file buttons the list shows (made now if the entry changed since)
 */
guint
ramo_files_list_get_n_files (RamoFilesList *self)
{
  guint n = 0;

  g_return_val_if_fail (RAMO_IS_FILES_LIST (self), 0);

  if (self->reload_id != 0 || self->stale)
    {
      g_clear_handle_id (&self->reload_id, g_source_remove);
      self->stale = FALSE;
      reload (self);
    }
  for (GtkWidget *child = gtk_widget_get_first_child (self->list); child; child = gtk_widget_get_next_sibling (child))
    n += GTK_IS_BUTTON (child);
  return n;
}

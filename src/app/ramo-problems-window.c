/* ramo-problems-window.c
 *
 * Copyright 2026 The Ramo authors
 *
 * This program is free software: you can redistribute it and/or modify it under the terms of the
 * GNU General Public License as published by the Free Software Foundation, either version 3 of
 * the License, or (at your option) any later version.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ramo-problems-window"

#include "config.h"

#include <glib/gi18n.h>

#include "ramo-app-util.h"
#include "ramo-problem-list.h"
#include "ramo-problems-window.h"

/*
 * The integrity view: what is wrong in the session file, one row a problem, in line order. A
 * row whose problem has an entry shows it in the session's window when activated (a click, or
 * Enter); the window stays open beside it, so the problems can be gone through one by one.
 */

struct _RamoProblemsWindow
{
  AdwWindow        parent_instance;

  AdwWindowTitle  *window_title;
  GtkLabel        *summary_label;
  GtkListView     *list_view;

  RamoProblemList *model;
};

G_DEFINE_FINAL_TYPE (RamoProblemsWindow, ramo_problems_window, ADW_TYPE_WINDOW)

enum {
  ENTRY_ACTIVATED,
  N_SIGNALS
};

static guint signals [N_SIGNALS];

/**
 * ramo_problem_dup_title:
 * @problem: a problem
 *
 * Returns: (transfer full): what kind of problem it is, in a few words, translated
 */
char *
ramo_problem_dup_title (const RamoProblem *problem)
{
  switch (problem->kind)
    {
    case RAMO_PROBLEM_LINE:          return g_strdup (_("Line not read as it is"));
    case RAMO_PROBLEM_HEADER:        return g_strdup (_("Session header missing or broken"));
    case RAMO_PROBLEM_DUPLICATE_ID:  return g_strdup (_("Id on more than one line"));
    case RAMO_PROBLEM_ORPHAN:        return g_strdup (_("Missing parent"));
    case RAMO_PROBLEM_CYCLE:         return g_strdup (_("Parents in a cycle"));
    case RAMO_PROBLEM_LABEL_TARGET:  return g_strdup (_("Label of a missing entry"));
    case RAMO_PROBLEM_KEPT_OFF_PATH: return g_strdup (_("Compaction keeps an entry off its path"));
    default:                         g_return_val_if_reached (g_strdup (""));
    }
}

/**
 * ramo_problem_dup_description:
 * @problem: a problem
 *
 * Returns: (transfer full): what is wrong and what Ramo made of it, translated; the session's
 *   own texts (ids, loading's message) shown as they are (ramo_text_shown())
 */
char *
ramo_problem_dup_description (const RamoProblem *problem)
{
  g_autofree char *id = ramo_text_shown (problem->entry_id ? problem->entry_id : "");
  g_autofree char *related = ramo_text_shown (problem->related_id ? problem->related_id : "");

  switch (problem->kind)
    {
    case RAMO_PROBLEM_LINE:
    case RAMO_PROBLEM_HEADER:
      return ramo_text_shown (problem->message ? problem->message : "");
    case RAMO_PROBLEM_DUPLICATE_ID:
      /* Translators: %s is an entry id, %u a line number */
      return g_strdup_printf (_("The id %s is on line %u too. That later line is the entry shown; this one is not."),
                              related, problem->related_line);
    case RAMO_PROBLEM_ORPHAN:
      return g_strdup_printf (_("Entry %s names %s as its parent, which is no entry of this file. It is shown as a root."),
                              id, related);
    case RAMO_PROBLEM_CYCLE:
      return g_strdup_printf (_("Entry %s names %s as its parent, which closes a cycle of parents. The cycle is cut here: the entry is shown as a root."),
                              id, related);
    case RAMO_PROBLEM_LABEL_TARGET:
      if (problem->related_id == NULL)
        return g_strdup_printf (_("Label entry %s names no entry to label. The label shows nowhere."), id);
      return g_strdup_printf (_("Label entry %s labels %s, which is no entry of this file. The label shows nowhere."),
                              id, related);
    case RAMO_PROBLEM_KEPT_OFF_PATH:
      return g_strdup_printf (_("Compaction %s keeps the entries from %s on, which is not on the path to it. "
                                "The model sees no message from before this compaction."),
                              id, related);
    default:
      g_return_val_if_reached (g_strdup (""));
    }
}

static void
setup_row_cb (GtkSignalListItemFactory *factory,
              GtkListItem              *list_item,
              gpointer                  user_data)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  GtkWidget *top = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  GtkWidget *title = gtk_label_new (NULL);
  GtkWidget *line = gtk_label_new (NULL);
  GtkWidget *description = gtk_label_new (NULL);

  gtk_widget_set_margin_top (box, 6);
  gtk_widget_set_margin_bottom (box, 6);
  gtk_label_set_xalign (GTK_LABEL (title), 0);
  gtk_widget_set_hexpand (title, TRUE);
  gtk_label_set_ellipsize (GTK_LABEL (title), PANGO_ELLIPSIZE_END);
  gtk_widget_add_css_class (title, "heading");
  gtk_widget_add_css_class (line, "dim-label");
  gtk_widget_add_css_class (line, "numeric");
  gtk_label_set_xalign (GTK_LABEL (description), 0);
  gtk_label_set_wrap (GTK_LABEL (description), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (description), PANGO_WRAP_WORD_CHAR);
  gtk_box_append (GTK_BOX (top), title);
  gtk_box_append (GTK_BOX (top), line);
  gtk_box_append (GTK_BOX (box), top);
  gtk_box_append (GTK_BOX (box), description);
  gtk_list_item_set_child (list_item, box);
}

static void
bind_row_cb (GtkSignalListItemFactory *factory,
             GtkListItem              *list_item,
             gpointer                  user_data)
{
  RamoProblemItem *item = gtk_list_item_get_item (list_item);
  const RamoProblem *problem = ramo_problem_item_get_problem (item);
  GtkWidget *box = gtk_list_item_get_child (list_item);
  GtkWidget *top = gtk_widget_get_first_child (box);
  GtkWidget *title = gtk_widget_get_first_child (top);
  GtkWidget *line = gtk_widget_get_next_sibling (title);
  GtkWidget *description = gtk_widget_get_next_sibling (top);
  g_autofree char *title_text = ramo_problem_dup_title (problem);
  g_autofree char *description_text = ramo_problem_dup_description (problem);
  /* Translators: the line of the session file a problem is on */
  g_autofree char *line_text = g_strdup_printf (_("Line %u"), problem->line);

  gtk_label_set_text (GTK_LABEL (title), title_text);
  gtk_label_set_text (GTK_LABEL (line), line_text);
  gtk_label_set_text (GTK_LABEL (description), description_text);
  /* a line that became no entry has no row to go to */
  gtk_list_item_set_activatable (list_item, problem->entry_id != NULL);
  gtk_widget_set_tooltip_text (box, problem->entry_id ? _("Show this entry in the tree") : NULL);
}

static void
list_view_activate_cb (RamoProblemsWindow *self,
                       guint               position,
                       GtkListView        *list_view)
{
  g_autoptr(RamoProblemItem) item = g_list_model_get_item (G_LIST_MODEL (self->model), position);
  const RamoProblem *problem = item ? ramo_problem_item_get_problem (item) : NULL;

  if (problem && problem->entry_id)
    g_signal_emit (self, signals [ENTRY_ACTIVATED], 0, problem->entry_id);
}

static void
ramo_problems_window_dispose (GObject *object)
{
  RamoProblemsWindow *self = RAMO_PROBLEMS_WINDOW (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), RAMO_TYPE_PROBLEMS_WINDOW);
  g_clear_object (&self->model);
  G_OBJECT_CLASS (ramo_problems_window_parent_class)->dispose (object);
}

static void
ramo_problems_window_class_init (RamoProblemsWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = ramo_problems_window_dispose;

  /**
   * RamoProblemsWindow::entry-activated:
   * @self: the window
   * @id: the id of the entry to show
   *
   * A row was activated whose problem has an entry: the session's window shows it.
   */
  signals [ENTRY_ACTIVATED] =
    g_signal_new ("entry-activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/ramo/Ramo/ui/ramo-problems-window.ui");
  gtk_widget_class_bind_template_child (widget_class, RamoProblemsWindow, window_title);
  gtk_widget_class_bind_template_child (widget_class, RamoProblemsWindow, summary_label);
  gtk_widget_class_bind_template_child (widget_class, RamoProblemsWindow, list_view);
  gtk_widget_class_bind_template_callback (widget_class, list_view_activate_cb);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
ramo_problems_window_init (RamoProblemsWindow *self)
{
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();

  gtk_widget_init_template (GTK_WIDGET (self));
  g_signal_connect (factory, "setup", G_CALLBACK (setup_row_cb), NULL);
  g_signal_connect (factory, "bind", G_CALLBACK (bind_row_cb), NULL);
  gtk_list_view_set_factory (self->list_view, factory);
  g_object_unref (factory);
}

/**
 * ramo_problems_window_new:
 * @parent: (nullable): the session's window, which it stays on top of
 *
 * Returns: (transfer full): a new problems window, without problems yet
 */
RamoProblemsWindow *
ramo_problems_window_new (GtkWindow *parent)
{
  return g_object_new (RAMO_TYPE_PROBLEMS_WINDOW,
                       "transient-for", parent,
                       "modal", FALSE,
                       "destroy-with-parent", TRUE,
                       NULL);
}

/**
 * ramo_problems_window_set_problems:
 * @self: a problems window
 * @file_name: (nullable): the session file's name, for the subtitle
 * @problems: (element-type RamoProblem): the problems, as
 *   ramo_session_manager_dup_problems() gives them; the window holds a reference
 *
 * Shows @problems, in their order.
 */
void
ramo_problems_window_set_problems (RamoProblemsWindow *self,
                                   const char         *file_name,
                                   GPtrArray          *problems)
{
  g_autoptr(GtkSelectionModel) selection = NULL;
  g_autofree char *shown_name = file_name ? ramo_text_shown (file_name) : NULL;
  g_autofree char *summary = NULL;

  g_return_if_fail (RAMO_IS_PROBLEMS_WINDOW (self));
  g_return_if_fail (problems != NULL);

  g_clear_object (&self->model);
  self->model = ramo_problem_list_new (problems);
  selection = GTK_SELECTION_MODEL (gtk_single_selection_new (g_object_ref (G_LIST_MODEL (self->model))));
  gtk_single_selection_set_autoselect (GTK_SINGLE_SELECTION (selection), FALSE);
  gtk_list_view_set_model (self->list_view, selection);
  adw_window_title_set_subtitle (self->window_title, shown_name ? shown_name : "");

  if (problems->len == 0)
    summary = g_strdup (_("Nothing is wrong in this file."));
  else
    summary = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                            "%u problem. Choose it to show its entry in the session's tree.",
                                            "%u problems. Choose one to show its entry in the session's tree.",
                                            problems->len),
                               problems->len);
  gtk_label_set_text (self->summary_label, summary);
}

/**
 * ramo_problems_window_get_model:
 * @self: a problems window
 *
 * Returns: (transfer none) (nullable): the problems shown, a list of #RamoProblemItem
 */
GListModel *
ramo_problems_window_get_model (RamoProblemsWindow *self)
{
  g_return_val_if_fail (RAMO_IS_PROBLEMS_WINDOW (self), NULL);
  return self->model ? G_LIST_MODEL (self->model) : NULL;
}

/**
 * ramo_problems_window_get_list_view:
 * @self: a problems window
 *
 * Returns: (transfer none): the list of problems
 */
GtkListView *
ramo_problems_window_get_list_view (RamoProblemsWindow *self)
{
  g_return_val_if_fail (RAMO_IS_PROBLEMS_WINDOW (self), NULL);
  return self->list_view;
}

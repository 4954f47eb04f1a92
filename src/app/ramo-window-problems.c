/* ramo-window-problems.c — what is wrong in the session's file, told and listed
 *
 * Copyright 2026 The Ramo authors
 *
 * This program is free software: you can redistribute it and/or modify it under the terms of the
 * GNU General Public License as published by the Free Software Foundation, either version 3 of
 * the License, or (at your option) any later version.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>

#include "ramo-app-util.h"
#include "ramo-problems-window.h"
#include "ramo-window-private.h"

/*
 * The bar above the tree says what loading could not read as it is and what the lines make of
 * the tree (ids on several lines, missing parents, cycles, labels of nothing, compactions
 * keeping entries off their path); "Show Problems" (`win.show-problems`) opens the integrity
 * view, where each problem is a click away from its row (`win.show-entry`).
 */

#define MAX_LISTED_ISSUES 8

/* Appends "\n" and the count @n in @format (made for @n by ngettext), when there are any. */
static void
append_count (GString    *text,
              guint       n,
              const char *format)
{
  if (n == 0)
    return;
  g_string_append_c (text, '\n');
  g_string_append_printf (text, format, n);
}

/* The bar's text: the lines not read as they are (the first of them listed), then a count of
 * each problem of the tree. */
static char *
describe_problems (GPtrArray *problems)
{
  GString *text = g_string_new (NULL);
  guint counts[RAMO_PROBLEM_HEADER + 1] = { 0 };
  guint listed = 0;
  guint n;

  for (guint i = 0; i < problems->len; i++)
    counts[((RamoProblem *) g_ptr_array_index (problems, i))->kind]++;
  /* the header's line is told of with the others (the read-only bar says what it means) */
  counts[RAMO_PROBLEM_LINE] += counts[RAMO_PROBLEM_HEADER];

  if (counts[RAMO_PROBLEM_LINE] > 0)
    {
      g_string_append_printf (text,
                              g_dngettext (GETTEXT_PACKAGE,
                                           "%u line of this file could not be read as it is; the rest of the session loaded:",
                                           "%u lines of this file could not be read as they are; the rest of the session loaded:",
                                           counts[RAMO_PROBLEM_LINE]),
                              counts[RAMO_PROBLEM_LINE]);
      for (guint i = 0; i < problems->len && listed < MAX_LISTED_ISSUES; i++)
        {
          RamoProblem *problem = g_ptr_array_index (problems, i);
          g_autofree char *message = NULL;

          if (problem->kind != RAMO_PROBLEM_LINE && problem->kind != RAMO_PROBLEM_HEADER)
            continue;
          message = ramo_text_shown (problem->message);
          g_string_append_c (text, '\n');
          g_string_append_printf (text, _("line %u: %s"), problem->line, message);
          listed++;
        }
      if (counts[RAMO_PROBLEM_LINE] > listed)
        {
          guint more = counts[RAMO_PROBLEM_LINE] - listed;

          g_string_append_c (text, '\n');
          g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE, "… and %u more", "… and %u more", more), more);
        }
    }
  else
    g_string_append (text, _("The lines of this file make a tree with problems; every entry loaded:"));

  n = counts[RAMO_PROBLEM_DUPLICATE_ID];
  append_count (text, n, g_dngettext (GETTEXT_PACKAGE, "%u line repeats the id of a later line: each id is shown once, as its last line has it",
                                                      "%u lines repeat the id of a later line: each id is shown once, as its last line has it", n));
  n = counts[RAMO_PROBLEM_ORPHAN];
  append_count (text, n, g_dngettext (GETTEXT_PACKAGE, "%u entry names a parent that is not in the file: shown as a root",
                                                      "%u entries name a parent that is not in the file: shown as roots", n));
  n = counts[RAMO_PROBLEM_CYCLE];
  append_count (text, n, g_dngettext (GETTEXT_PACKAGE, "%u cycle of parents, cut: its entry is shown as a root",
                                                      "%u cycles of parents, cut: their entries are shown as roots", n));
  n = counts[RAMO_PROBLEM_LABEL_TARGET];
  append_count (text, n, g_dngettext (GETTEXT_PACKAGE, "%u label names an entry that is not in the file",
                                                      "%u labels name entries that are not in the file", n));
  n = counts[RAMO_PROBLEM_KEPT_OFF_PATH];
  append_count (text, n, g_dngettext (GETTEXT_PACKAGE, "%u compaction keeps entries that are not on its path: the model sees nothing from before it",
                                                      "%u compactions keep entries that are not on their path: the model sees nothing from before them", n));
  return g_string_free (text, FALSE);
}

/**
 * _ramo_window_problems_update:
 * @self: a window
 *
 * Reads the problems of the session shown again: the bar above the tree, `win.show-problems`
 * and the problems window, if open.
 */
void
_ramo_window_problems_update (RamoWindow *self)
{
  GAction *action;

  g_assert (RAMO_IS_WINDOW (self));

  g_clear_pointer (&self->issues_text, g_free);
  g_clear_pointer (&self->problems, g_ptr_array_unref);
  g_clear_handle_id (&self->problems_update_id, g_source_remove);

  if (self->manager)
    self->problems = ramo_session_manager_dup_problems (self->manager);

  if (self->problems && self->problems->len > 0)
    {
      self->issues_text = describe_problems (self->problems);
      gtk_label_set_text (self->issues_label, self->issues_text);
      gtk_info_bar_set_revealed (self->issues_bar, TRUE);
    }
  else
    gtk_info_bar_set_revealed (self->issues_bar, FALSE);

  action = g_action_map_lookup_action (G_ACTION_MAP (self), "show-problems");
  g_simple_action_set_enabled (G_SIMPLE_ACTION (action), self->problems && self->problems->len > 0);

  if (self->problems_window)
    {
      if (self->problems && self->problems->len > 0)
        {
          g_autofree char *name = g_path_get_basename (ramo_session_manager_get_path (self->manager));

          ramo_problems_window_set_problems (self->problems_window, name, self->problems);
        }
      else
        gtk_window_destroy (GTK_WINDOW (self->problems_window));
    }
}

static gboolean
problems_update_cb (gpointer user_data)
{
  RamoWindow *self = user_data;

  self->problems_update_id = 0;
  _ramo_window_problems_update (self);
  return G_SOURCE_REMOVE;
}

/**
 * _ramo_window_problems_queue_update:
 * @self: a window
 *
 * Reads the problems again a moment after lines another program appended (while following
 * the file, at most once a second: finding them takes a pass over every entry).
 */
void
_ramo_window_problems_queue_update (RamoWindow *self)
{
  g_assert (RAMO_IS_WINDOW (self));

  if (self->problems_update_id == 0)
    self->problems_update_id = g_timeout_add_seconds (1, problems_update_cb, self);
}

/**
 * _ramo_window_show_entry:
 * @self: a window
 * @id: an entry id of the session shown
 *
 * Selects @id's row and focuses the tree: out of a branch focused on, if @id is outside it,
 * and with the "all" filter and no search, if they hide it.
 *
 * Returns: %TRUE when @id's own row is selected
 */
gboolean
_ramo_window_show_entry (RamoWindow *self,
                         const char *id)
{
  gboolean shown;

  g_assert (RAMO_IS_WINDOW (self));

  if (self->manager == NULL || ramo_session_manager_get_entry (self->manager, id) == NULL)
    return FALSE;

  if (ramo_session_tree_get_focus_id (self->tree) != NULL && !ramo_session_tree_shows_entry (self->tree, id))
    ramo_session_tree_show_whole_session (self->tree);
  shown = ramo_session_tree_select_entry (self->tree, id);
  if (!shown)
    {
      /* hidden by the filter or the search: the row asked for is wanted after they change */
      gtk_editable_set_text (GTK_EDITABLE (self->search_entry), "");
      gtk_drop_down_set_selected (self->filter_dropdown, RAMO_FILTER_ALL);
      shown = ramo_session_tree_select_entry (self->tree, id);
    }
  ramo_session_tree_focus (self->tree);
  return shown;
}

static void
problem_entry_activated_cb (RamoWindow         *self,
                            const char         *id,
                            RamoProblemsWindow *problems_window)
{
  _ramo_window_show_entry (self, id);
}

static void
problems_window_destroyed_cb (gpointer  data,
                              GObject  *where_the_object_was)
{
  RamoWindow *self = data;

  self->problems_window = NULL;
}

static void
show_problems_action (GSimpleAction *action,
                      GVariant      *parameter,
                      gpointer       user_data)
{
  RamoWindow *self = user_data;

  if (self->problems == NULL || self->problems->len == 0)
    return;

  if (self->problems_window == NULL)
    {
      g_autofree char *name = g_path_get_basename (ramo_session_manager_get_path (self->manager));

      self->problems_window = ramo_problems_window_new (GTK_WINDOW (self));
      g_object_weak_ref (G_OBJECT (self->problems_window), problems_window_destroyed_cb, self);
      g_signal_connect_object (self->problems_window, "entry-activated",
                               G_CALLBACK (problem_entry_activated_cb), self, G_CONNECT_SWAPPED);
      ramo_problems_window_set_problems (self->problems_window, name, self->problems);
    }
  gtk_window_present (GTK_WINDOW (self->problems_window));
}

static void
show_entry_action (GSimpleAction *action,
                   GVariant      *parameter,
                   gpointer       user_data)
{
  _ramo_window_show_entry (user_data, g_variant_get_string (parameter, NULL));
}

static const GActionEntry problems_actions[] = {
  { .name = "show-problems", .activate = show_problems_action },
  { .name = "show-entry", .activate = show_entry_action, .parameter_type = "s" },
};

void
_ramo_window_problems_init (RamoWindow *self)
{
  g_action_map_add_action_entries (G_ACTION_MAP (self), problems_actions, G_N_ELEMENTS (problems_actions), self);
  g_simple_action_set_enabled (G_SIMPLE_ACTION (g_action_map_lookup_action (G_ACTION_MAP (self), "show-problems")), FALSE);
}

void
_ramo_window_problems_dispose (RamoWindow *self)
{
  g_clear_handle_id (&self->problems_update_id, g_source_remove);
  if (self->problems_window)
    {
      g_object_weak_unref (G_OBJECT (self->problems_window), problems_window_destroyed_cb, self);
      gtk_window_destroy (GTK_WINDOW (self->problems_window));
      self->problems_window = NULL;
    }
  g_clear_pointer (&self->problems, g_ptr_array_unref);
}

/**
 * ramo_window_get_problems_window:
 * @self: a window
 *
 * Returns: (transfer none) (nullable): the problems window, while it is open
 */
RamoProblemsWindow *
ramo_window_get_problems_window (RamoWindow *self)
{
  g_return_val_if_fail (RAMO_IS_WINDOW (self), NULL);
  return self->problems_window;
}

/* ramo-compare-window.c — two paths of a session side by side from their fork: one list, a row
 * per step with the start of the left and the right entry in two columns (so both scroll
 * together), the selected step in full below with the words removed and added marked
 *
 * Copyright 2026 The Ramo authors
 *
 * This program is free software: you can redistribute it and/or modify it under the terms of the
 * GNU General Public License as published by the Free Software Foundation, either version 3 of
 * the License, or (at your option) any later version.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ramo-compare-window"

#include "config.h"

#include <glib/gi18n.h>

#include "ramo-compare-window.h"
#include "ramo-figures-text.h"
#include "ramo-markdown-save.h"
#include "ramo-session-export.h"

/* What a side shows of a long text: the rest is in the export. */
#define MAX_SHOWN_CHARS 6000

/* What a step's row shows of each side: one line, the start of its text. */
#define MAX_LINE_CHARS 200

/* Colours that read on the light and the dark style alike, and marks that do not need colour:
 * removed text struck through, added text underlined. */
#define REMOVED_SPAN "<span background=\"#c01c28\" foreground=\"#ffffff\" strikethrough=\"true\">"
#define ADDED_SPAN "<span background=\"#26a269\" foreground=\"#ffffff\" underline=\"single\">"

struct _RamoCompareWindow
{
  AdwWindow           parent_instance;

  RamoSessionCompare *compare;         /* (nullable) until the first comparison */
  char               *file_name;

  AdwWindowTitle     *window_title;
  GtkLabel           *fork_label;
  GtkLabel           *left_label;
  GtkLabel           *right_label;
  GtkLabel           *left_figures_label;
  GtkLabel           *right_figures_label;
  RamoListView       *list_view;
  GtkWidget          *detail;
  GtkLabel           *detail_title;
  GtkLabel           *detail_left;
  GtkLabel           *detail_right;

  GtkStringList      *steps;           /* the list's items: the steps' numbers */
  GtkSingleSelection *selection;       /* over steps: the step the detail shows */
};

G_DEFINE_FINAL_TYPE (RamoCompareWindow, ramo_compare_window, ADW_TYPE_WINDOW)

/* @text made visible (controls as their pictures; line feeds and tabs kept if @lines, else
 * spaces) and escaped for markup, at most @budget characters of it, which it uses up. */
static void
append_text (GString    *out,
             const char *text,
             glong      *budget,
             gboolean    lines)
{
  g_autofree char *shown = NULL;
  g_autofree char *escaped = NULL;
  glong length = g_utf8_strlen (text, -1);

  if (*budget <= 0)
    return;
  if (length > *budget)
    {
      g_autofree char *cut = g_utf8_substring (text, 0, *budget);

      shown = ramo_text_dup_visible (cut, -1, TRUE);
      if (!lines)
        g_strdelimit (shown, "\n\t", ' ');
      *budget = 0;
      escaped = g_markup_escape_text (shown, -1);
      g_string_append (out, escaped);
      g_string_append (out, "…");
      return;
    }
  *budget -= length;
  shown = ramo_text_dup_visible (text, -1, TRUE);
  if (!lines)
    g_strdelimit (shown, "\n\t", ' ');
  escaped = g_markup_escape_text (shown, -1);
  g_string_append (out, escaped);
}

/* The runs of @spans one side has, the ones only it has marked. */
static void
append_spans (GString   *out,
              GPtrArray *spans,
              gboolean   right,
              glong     *budget,
              gboolean   lines)
{
  RamoDiffOp own = right ? RAMO_DIFF_ADDED : RAMO_DIFF_REMOVED;

  for (guint i = 0; i < spans->len; i++)
    {
      RamoDiffSpan *span = g_ptr_array_index (spans, i);

      if (*budget <= 0)
        return;
      if (span->op == RAMO_DIFF_EQUAL)
        append_text (out, span->text, budget, lines);
      else if (span->op == own)
        {
          g_string_append (out, right ? ADDED_SPAN : REMOVED_SPAN);
          append_text (out, span->text, budget, lines);
          g_string_append (out, "</span>");
        }
    }
}

static void
append_call (GString            *out,
             const RamoToolCall *call,
             GPtrArray          *diff,
             gboolean            right,
             gboolean            alone)
{
  glong budget = MAX_SHOWN_CHARS;
  g_autofree char *name = g_markup_escape_text (call->name, -1);

  g_string_append (out, "\n<tt>");
  if (alone)
    g_string_append (out, right ? ADDED_SPAN : REMOVED_SPAN);
  g_string_append_printf (out, "<b>%s</b> ", name);
  if (diff)
    append_spans (out, diff, right, &budget, TRUE);
  else
    append_text (out, call->arguments, &budget, TRUE);
  if (alone)
    g_string_append (out, "</span>");
  g_string_append (out, "</tt>");
}

/**
 * ramo_compare_step_dup_markup:
 * @pair: a step of a comparison
 * @right: which side
 *
 * What a side of @pair shows, as Pango markup (the session's texts escaped, controls as their
 * pictures): the entry's model, tool or command and its id, its text (the words only this side
 * has marked, for a changed step), its tool calls; "" for a side without an entry.
 *
 * Returns: (transfer full): the markup
 */
char *
ramo_compare_step_dup_markup (const RamoComparePair *pair,
                              gboolean               right)
{
  const RamoEntryContent *content = right ? pair->right : pair->left;
  g_autoptr(GString) out = g_string_new (NULL);
  g_autofree char *id = NULL;
  glong budget = MAX_SHOWN_CHARS;

  if (content == NULL)
    return g_strdup ("");

  id = g_markup_escape_text (content->id, -1);
  g_string_append_printf (out, "<small>%s", id);
  if (content->detail)
    {
      g_autofree char *detail = ramo_text_dup_visible (content->detail, -1, FALSE);
      g_autofree char *escaped = g_markup_escape_text (detail, -1);

      g_string_append_printf (out, " · %s", escaped);
    }
  if (content->is_error)
    g_string_append_printf (out, " · %s", _("error"));
  g_string_append (out, "</small>");
  if (content->text[0])
    {
      g_string_append_c (out, '\n');
      if (pair->kind == RAMO_COMPARE_CHANGED && pair->text_diff)
        append_spans (out, pair->text_diff, right, &budget, TRUE);
      else
        append_text (out, content->text, &budget, TRUE);
    }
  if (pair->kind == RAMO_COMPARE_CHANGED && pair->tool_calls)
    for (guint i = 0; i < pair->tool_calls->len; i++)
      {
        RamoToolCallPair *calls = g_ptr_array_index (pair->tool_calls, i);
        RamoToolCall *call = right ? calls->right : calls->left;

        if (call)
          append_call (out, call, calls->arguments_diff, right,
                       calls->kind == RAMO_COMPARE_ONLY_LEFT || calls->kind == RAMO_COMPARE_ONLY_RIGHT);
      }
  else
    for (guint i = 0; i < content->tool_calls->len; i++)
      append_call (out, g_ptr_array_index (content->tool_calls, i), NULL, right, FALSE);
  return g_string_free (g_steal_pointer (&out), FALSE);
}

static const char *
kind_title (const RamoEntryContent *content)
{
  if (content->type == RAMO_ENTRY_TYPE_MESSAGE)
    switch (content->role)
      {
      case RAMO_MESSAGE_ROLE_USER: return _("User");
      case RAMO_MESSAGE_ROLE_ASSISTANT: return _("Assistant");
      case RAMO_MESSAGE_ROLE_TOOL_RESULT: return _("Tool result");
      case RAMO_MESSAGE_ROLE_BASH_EXECUTION: return _("Command");
      case RAMO_MESSAGE_ROLE_CUSTOM: return _("Custom message");
      case RAMO_MESSAGE_ROLE_SYSTEM: return _("System");
      default: return content->kind;
      }
  switch (content->type)
    {
    case RAMO_ENTRY_TYPE_COMPACTION: return _("Compaction");
    case RAMO_ENTRY_TYPE_BRANCH_SUMMARY: return _("Branch summary");
    case RAMO_ENTRY_TYPE_CUSTOM_MESSAGE: return _("Custom message");
    case RAMO_ENTRY_TYPE_MODEL_CHANGE: return _("Model change");
    case RAMO_ENTRY_TYPE_THINKING_LEVEL_CHANGE: return _("Thinking level");
    case RAMO_ENTRY_TYPE_LABEL: return _("Label");
    case RAMO_ENTRY_TYPE_SESSION_INFO: return _("Session name");
    case RAMO_ENTRY_TYPE_CUSTOM: return _("Custom entry");
    default: return content->kind;
    }
}

/**
 * ramo_compare_step_dup_title:
 * @pair: a step of a comparison
 *
 * Returns: (transfer full): the step's heading: how the sides differ and what the entry is,
 *   e.g. "Changed: Assistant"
 */
char *
ramo_compare_step_dup_title (const RamoComparePair *pair)
{
  const RamoEntryContent *content = pair->left ? pair->left : pair->right;
  g_autofree char *kind = ramo_text_dup_visible (kind_title (content), -1, FALSE);

  switch (pair->kind)
    {
    case RAMO_COMPARE_SAME:
      /* TRANSLATORS: a step of a comparison of two branches; %s is what the entry is ("User") */
      return g_strdup_printf (_("Same: %s"), kind);
    case RAMO_COMPARE_CHANGED:
      return g_strdup_printf (_("Changed: %s"), kind);
    case RAMO_COMPARE_ONLY_LEFT:
      return g_strdup_printf (_("Only left: %s"), kind);
    default:
      return g_strdup_printf (_("Only right: %s"), kind);
    }
}

/**
 * ramo_compare_step_dup_line_markup:
 * @pair: a step of a comparison
 * @right: which side
 *
 * What a side of @pair shows in the step's row, as Pango markup on one line (line feeds and
 * tabs as spaces, other controls as their pictures): the start of the entry's text, the words only this side has marked for a
 * changed step, or, for an entry without text, its first tool call; "" for a side without an
 * entry. ramo_compare_step_dup_markup() has all of it.
 *
 * Returns: (transfer full): the markup
 */
char *
ramo_compare_step_dup_line_markup (const RamoComparePair *pair,
                                   gboolean               right)
{
  const RamoEntryContent *content = right ? pair->right : pair->left;
  g_autoptr(GString) out = g_string_new (NULL);
  glong budget = MAX_LINE_CHARS;

  if (content == NULL)
    return g_strdup ("");
  if (content->text[0])
    {
      if (pair->kind == RAMO_COMPARE_CHANGED && pair->text_diff)
        append_spans (out, pair->text_diff, right, &budget, FALSE);
      else
        append_text (out, content->text, &budget, FALSE);
    }
  else if (content->tool_calls->len > 0)
    {
      const RamoToolCall *call = g_ptr_array_index (content->tool_calls, 0);
      RamoToolCallPair *calls = NULL;
      g_autofree char *name = g_markup_escape_text (call->name, -1);

      if (pair->kind == RAMO_COMPARE_CHANGED && pair->tool_calls && pair->tool_calls->len > 0)
        {
          calls = g_ptr_array_index (pair->tool_calls, 0);
          if ((right ? calls->right : calls->left) != call)
            calls = NULL;
        }
      g_string_append_printf (out, "<tt><b>%s</b> ", name);
      if (calls && calls->arguments_diff)
        append_spans (out, calls->arguments_diff, right, &budget, FALSE);
      else
        append_text (out, call->arguments, &budget, FALSE);
      g_string_append (out, "</tt>");
    }
  else if (content->detail)
    append_text (out, content->detail, &budget, FALSE);
  return g_string_free (g_steal_pointer (&out), FALSE);
}

/* A row of the list: the step's number and heading, then each side on one line, so that every
 * row has the height of one (RamoListView makes only the rows in view). */
static GtkWidget *
setup_row (gpointer data)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  GtkWidget *title = gtk_label_new (NULL);
  GtkWidget *sides = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);

  gtk_widget_set_margin_top (box, 3);
  gtk_widget_set_margin_bottom (box, 3);
  gtk_widget_set_margin_start (box, 6);
  gtk_widget_set_margin_end (box, 6);
  gtk_label_set_xalign (GTK_LABEL (title), 0);
  gtk_label_set_single_line_mode (GTK_LABEL (title), TRUE);
  gtk_label_set_ellipsize (GTK_LABEL (title), PANGO_ELLIPSIZE_END);
  gtk_label_set_width_chars (GTK_LABEL (title), 24);
  gtk_label_set_max_width_chars (GTK_LABEL (title), 24);
  gtk_widget_add_css_class (title, "heading");
  gtk_box_set_homogeneous (GTK_BOX (sides), TRUE);
  gtk_widget_set_hexpand (sides, TRUE);
  for (guint i = 0; i < 2; i++)
    {
      GtkWidget *side = gtk_label_new (NULL);

      gtk_label_set_xalign (GTK_LABEL (side), 0);
      gtk_label_set_single_line_mode (GTK_LABEL (side), TRUE);
      gtk_label_set_ellipsize (GTK_LABEL (side), PANGO_ELLIPSIZE_END);
      gtk_label_set_width_chars (GTK_LABEL (side), 10);
      gtk_widget_set_hexpand (side, TRUE);
      gtk_box_append (GTK_BOX (sides), side);
    }
  gtk_box_append (GTK_BOX (box), title);
  gtk_box_append (GTK_BOX (box), sides);
  return box;
}

static void
bind_row_cb (RamoCompareWindow *self,
             GtkWidget         *box,
             GObject           *item,
             RamoListView      *list_view)
{
  GtkWidget *title = gtk_widget_get_first_child (box);
  GtkWidget *left = gtk_widget_get_first_child (gtk_widget_get_last_child (box));
  GtkWidget *right = gtk_widget_get_next_sibling (left);
  guint position = (guint) g_ascii_strtoull (gtk_string_object_get_string (GTK_STRING_OBJECT (item)), NULL, 10) - 1;
  RamoComparePair *pair;
  g_autofree char *heading = NULL;
  g_autofree char *numbered = NULL;
  g_autofree char *left_markup = NULL;
  g_autofree char *right_markup = NULL;

  if (self->compare == NULL || position >= self->compare->pairs->len)
    return;
  pair = g_ptr_array_index (self->compare->pairs, position);
  heading = ramo_compare_step_dup_title (pair);
  numbered = g_strdup_printf ("%u. %s", position + 1, heading);
  left_markup = ramo_compare_step_dup_line_markup (pair, FALSE);
  right_markup = ramo_compare_step_dup_line_markup (pair, TRUE);
  gtk_label_set_text (GTK_LABEL (title), numbered);
  gtk_label_set_markup (GTK_LABEL (left), left_markup);
  gtk_label_set_markup (GTK_LABEL (right), right_markup);
}

/* The detail below the list: the selected step in full. */
static void
show_selected (RamoCompareWindow *self)
{
  guint position = gtk_single_selection_get_selected (self->selection);
  RamoComparePair *pair;
  g_autofree char *heading = NULL;
  g_autofree char *numbered = NULL;
  g_autofree char *left = NULL;
  g_autofree char *right = NULL;

  if (self->compare == NULL || position >= self->compare->pairs->len)
    {
      gtk_widget_set_visible (self->detail, FALSE);
      return;
    }
  pair = g_ptr_array_index (self->compare->pairs, position);
  heading = ramo_compare_step_dup_title (pair);
  numbered = g_strdup_printf ("%u. %s", position + 1, heading);
  left = ramo_compare_step_dup_markup (pair, FALSE);
  right = ramo_compare_step_dup_markup (pair, TRUE);
  gtk_label_set_text (self->detail_title, numbered);
  gtk_label_set_markup (self->detail_left, left);
  gtk_label_set_markup (self->detail_right, right);
  gtk_widget_set_visible (self->detail, TRUE);
}

/**
 * ramo_compare_window_dup_header:
 * @self: a comparison window
 * @right: which side
 *
 * Returns: (transfer full): the heading of a side: its entry and how many entries its path has,
 *   and how many of them after the fork
 */
char *
ramo_compare_window_dup_header (RamoCompareWindow *self,
                                gboolean           right)
{
  const RamoSessionCompare *compare;
  g_autofree char *id = NULL;
  guint after;

  g_return_val_if_fail (RAMO_IS_COMPARE_WINDOW (self), NULL);
  g_return_val_if_fail (self->compare != NULL, NULL);

  compare = self->compare;
  id = ramo_text_dup_visible (right ? compare->right_id : compare->left_id, -1, FALSE);
  after = (right ? compare->right_path : compare->left_path)->len;
  return g_strdup_printf (right ? g_dngettext (NULL, "Right: %s, %u entry (%u after the fork)",
                                               "Right: %s, %u entries (%u after the fork)",
                                               compare->n_shared + after)
                                : g_dngettext (NULL, "Left: %s, %u entry (%u after the fork)",
                                               "Left: %s, %u entries (%u after the fork)",
                                               compare->n_shared + after),
                          id, compare->n_shared + after, after);
}

/**
 * ramo_compare_window_dup_figures:
 * @self: a comparison window
 * @right: which side
 *
 * Returns: (transfer full): what a side's path used after the fork, in one line: cost,
 *   tokens, tool calls, wall time, entries, the tokens by kind (ramo_figures_dup_summary())
 */
char *
ramo_compare_window_dup_figures (RamoCompareWindow *self,
                                 gboolean           right)
{
  g_return_val_if_fail (RAMO_IS_COMPARE_WINDOW (self), NULL);
  g_return_val_if_fail (self->compare != NULL, NULL);

  return ramo_figures_dup_summary (right ? &self->compare->right_figures : &self->compare->left_figures);
}

static void
export_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  RamoCompareWindow *self = RAMO_COMPARE_WINDOW (widget);
  g_autofree char *name = NULL;

  if (self->compare == NULL)
    return;
  name = g_strdup_printf ("comparison-%.8s-%.8s.md", self->compare->left_id, self->compare->right_id);

  ramo_save_markdown (GTK_WINDOW (self), _("Export Comparison as Markdown"), name,
                      ramo_session_compare_to_markdown (self->compare));
}

/**
 * ramo_compare_window_export_to:
 * @self: a comparison window
 * @file: where to write
 * @error: return location for a #GError, or %NULL
 *
 * Writes the comparison as Markdown (ramo_session_compare_to_markdown()) to @file, atomically:
 * what Export Comparison as Markdown… writes where the user chooses.
 *
 * Returns: %TRUE when written
 */
gboolean
ramo_compare_window_export_to (RamoCompareWindow  *self,
                               GFile              *file,
                               GError            **error)
{
  g_autofree char *text = NULL;

  g_return_val_if_fail (RAMO_IS_COMPARE_WINDOW (self), FALSE);
  g_return_val_if_fail (self->compare != NULL, FALSE);

  text = ramo_session_compare_to_markdown (self->compare);
  return ramo_write_text_file (file, text, error);
}


static void
ramo_compare_window_dispose (GObject *object)
{
  RamoCompareWindow *self = RAMO_COMPARE_WINDOW (object);

  g_clear_object (&self->selection);
  g_clear_object (&self->steps);
  gtk_widget_dispose_template (GTK_WIDGET (self), RAMO_TYPE_COMPARE_WINDOW);
  G_OBJECT_CLASS (ramo_compare_window_parent_class)->dispose (object);
}

static void
ramo_compare_window_finalize (GObject *object)
{
  RamoCompareWindow *self = RAMO_COMPARE_WINDOW (object);

  g_clear_pointer (&self->compare, ramo_session_compare_free);
  g_free (self->file_name);
  G_OBJECT_CLASS (ramo_compare_window_parent_class)->finalize (object);
}

static void
ramo_compare_window_class_init (RamoCompareWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = ramo_compare_window_dispose;
  object_class->finalize = ramo_compare_window_finalize;

  g_type_ensure (RAMO_TYPE_LIST_VIEW);
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/ramo/Ramo/ui/ramo-compare-window.ui");
  gtk_widget_class_bind_template_child (widget_class, RamoCompareWindow, window_title);
  gtk_widget_class_bind_template_child (widget_class, RamoCompareWindow, fork_label);
  gtk_widget_class_bind_template_child (widget_class, RamoCompareWindow, left_label);
  gtk_widget_class_bind_template_child (widget_class, RamoCompareWindow, right_label);
  gtk_widget_class_bind_template_child (widget_class, RamoCompareWindow, left_figures_label);
  gtk_widget_class_bind_template_child (widget_class, RamoCompareWindow, right_figures_label);
  gtk_widget_class_bind_template_child (widget_class, RamoCompareWindow, list_view);
  gtk_widget_class_bind_template_child (widget_class, RamoCompareWindow, detail);
  gtk_widget_class_bind_template_child (widget_class, RamoCompareWindow, detail_title);
  gtk_widget_class_bind_template_child (widget_class, RamoCompareWindow, detail_left);
  gtk_widget_class_bind_template_child (widget_class, RamoCompareWindow, detail_right);
  gtk_widget_class_install_action (widget_class, "compare.export", NULL, export_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_s, GDK_CONTROL_MASK, "compare.export", NULL);
}

static void
ramo_compare_window_init (RamoCompareWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->steps = gtk_string_list_new (NULL);
  self->selection = gtk_single_selection_new (g_object_ref (G_LIST_MODEL (self->steps)));
  gtk_single_selection_set_autoselect (self->selection, TRUE);
  g_signal_connect_object (self->selection, "notify::selected", G_CALLBACK (show_selected), self, G_CONNECT_SWAPPED);
  ramo_list_view_set_setup_func (self->list_view, setup_row, self);
  g_signal_connect_object (self->list_view, "bind", G_CALLBACK (bind_row_cb), self, G_CONNECT_SWAPPED);
  ramo_list_view_set_model (self->list_view, GTK_SELECTION_MODEL (self->selection));
}

/**
 * ramo_compare_window_new:
 * @parent: (nullable): the session's window, which it stays on top of
 *
 * A window for comparisons (ramo_compare_window_set_compare()): closing it hides it, so that
 * the next comparison shows in it without making a window again.
 *
 * Returns: (transfer full): a new window showing no comparison yet
 */
RamoCompareWindow *
ramo_compare_window_new (GtkWindow *parent)
{
  return g_object_new (RAMO_TYPE_COMPARE_WINDOW,
                       "transient-for", parent,
                       "modal", FALSE,
                       "destroy-with-parent", TRUE,
                       "hide-on-close", TRUE,
                       NULL);
}

/**
 * ramo_compare_window_set_compare:
 * @self: a comparison window
 * @compare: (transfer full): the comparison to show
 * @file_name: (nullable): the session file's name, for the subtitle
 *
 * Shows @compare in place of the comparison shown before: its headers, a row per step (made
 * only for the rows in view), the first step selected and in full below the list.
 */
void
ramo_compare_window_set_compare (RamoCompareWindow  *self,
                                 RamoSessionCompare *compare,
                                 const char         *file_name)
{
  g_autoptr(GPtrArray) numbers = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *left = NULL;
  g_autofree char *right = NULL;
  g_autofree char *fork = NULL;
  g_autofree char *fork_id = NULL;
  g_autofree char *shown_name = NULL;

  g_return_if_fail (RAMO_IS_COMPARE_WINDOW (self));
  g_return_if_fail (compare != NULL);

  /* the rows of the comparison before go first: they read their steps from it */
  gtk_string_list_splice (self->steps, 0, g_list_model_get_n_items (G_LIST_MODEL (self->steps)), NULL);
  g_clear_pointer (&self->compare, ramo_session_compare_free);
  g_free (self->file_name);
  self->compare = compare;
  self->file_name = g_strdup (file_name);
  shown_name = file_name ? ramo_text_dup_visible (file_name, -1, FALSE) : NULL;
  adw_window_title_set_subtitle (self->window_title, shown_name ? shown_name : "");

  left = ramo_compare_window_dup_header (self, FALSE);
  right = ramo_compare_window_dup_header (self, TRUE);
  gtk_label_set_text (self->left_label, left);
  gtk_label_set_text (self->right_label, right);
  {
    g_autofree char *left_figures = ramo_compare_window_dup_figures (self, FALSE);
    g_autofree char *right_figures = ramo_compare_window_dup_figures (self, TRUE);

    gtk_label_set_text (self->left_figures_label, left_figures);
    gtk_label_set_text (self->right_figures_label, right_figures);
  }
  fork_id = ramo_text_dup_visible (compare->fork_id, -1, FALSE);
  /* TRANSLATORS: the entry two compared paths share last, how many they share, and how their
   * steps after it differ */
  fork = g_strdup_printf (_("Fork at %s (%u shared) · %u same, %u changed, %u only left, %u only right"),
                          fork_id, compare->n_shared,
                          ramo_session_compare_count (compare, RAMO_COMPARE_SAME),
                          ramo_session_compare_count (compare, RAMO_COMPARE_CHANGED),
                          ramo_session_compare_count (compare, RAMO_COMPARE_ONLY_LEFT),
                          ramo_session_compare_count (compare, RAMO_COMPARE_ONLY_RIGHT));
  gtk_label_set_text (self->fork_label, fork);

  /* the list's items are the steps' numbers: a row reads its step from the comparison */
  for (guint i = 0; i < compare->pairs->len; i++)
    g_ptr_array_add (numbers, g_strdup_printf ("%u", i + 1));
  g_ptr_array_add (numbers, NULL);
  gtk_string_list_splice (self->steps, 0, 0, (const char * const *) numbers->pdata);
  gtk_single_selection_set_selected (self->selection, compare->pairs->len ? 0 : GTK_INVALID_LIST_POSITION);
  show_selected (self);
  ramo_list_view_scroll_to (self->list_view, 0);
}

/**
 * ramo_compare_window_get_compare:
 * @self: a comparison window
 *
 * Returns: (transfer none) (nullable): the comparison it shows
 */
const RamoSessionCompare *
ramo_compare_window_get_compare (RamoCompareWindow *self)
{
  g_return_val_if_fail (RAMO_IS_COMPARE_WINDOW (self), NULL);
  return self->compare;
}

/**
 * ramo_compare_window_get_list_view:
 * @self: a comparison window
 *
 * Returns: (transfer none): the list of its steps (its model a #GtkSingleSelection: the step
 *   selected is the one the detail shows)
 */
RamoListView *
ramo_compare_window_get_list_view (RamoCompareWindow *self)
{
  g_return_val_if_fail (RAMO_IS_COMPARE_WINDOW (self), NULL);
  return self->list_view;
}

/**
 * ramo_compare_window_get_detail:
 * @self: a comparison window
 *
 * Returns: (transfer none): the area below the list that shows the selected step in full
 */
GtkWidget *
ramo_compare_window_get_detail (RamoCompareWindow *self)
{
  g_return_val_if_fail (RAMO_IS_COMPARE_WINDOW (self), NULL);
  return self->detail;
}

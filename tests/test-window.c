/* test-window.c
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

#include <string.h>

#include <adwaita.h>
#include <glib/gstdio.h>

#include "ramo-branch-picker.h"
#include "ramo-context-message.h"
#include "ramo-session-row.h"
#include "ramo-tree-expander.h"
#include "ramo-window.h"
#include "ramo-window-private.h"
#include "ramo-test-util.h"
#include "test-window-util.h"

/*
 * The window on a small branching session written here (so that the test depends on no other
 * file). The tree it must show, with the default filter (hidden: the tool-only assistant turn
 * e4, the label e15, the model change e11 and the custom entry e16):
 *
 *   e1  user: Plan the <b>&amp; parser
 *   e2  assistant: Here is a plan.
 *     ├ e7  [branch summary]: Tried A; it failed.      ← holds the leaf, so listed first
 *     │   e8 user: Approach B, e9 assistant: B done, e10 [note]: remember B,
 *     │   e12 [compaction: 12k tokens], e13 user: go on, e14 assistant: going (leaf)
 *     ├ e3  user: Approach A  [plan-a]
 *     │   e5 [read: /etc/hosts], e6 assistant: A done
 *     └ e17 user: Approach C
 */
static const char fixture[] =
  "{\"type\":\"session\",\"version\":3,\"id\":\"0c0ffee0-0000-4000-8000-000000000001\",\"timestamp\":\"2026-01-05T10:00:00.000Z\",\"cwd\":\"/tmp/proj\"}\n"
  "{\"type\":\"message\",\"id\":\"e0000001\",\"parentId\":null,\"timestamp\":\"2026-01-05T10:00:01.000Z\",\"message\":{\"role\":\"user\",\"content\":\"Plan the <b>&amp; parser\",\"timestamp\":1}}\n"
  "{\"type\":\"message\",\"id\":\"e0000002\",\"parentId\":\"e0000001\",\"timestamp\":\"2026-01-05T10:00:02.000Z\",\"message\":{\"role\":\"assistant\",\"provider\":\"anthropic\",\"model\":\"claude-x\",\"content\":[{\"type\":\"text\",\"text\":\"Here is a plan.\"}],\"stopReason\":\"stop\",\"timestamp\":2}}\n"
  "{\"type\":\"message\",\"id\":\"e0000003\",\"parentId\":\"e0000002\",\"timestamp\":\"2026-01-05T10:00:03.000Z\",\"message\":{\"role\":\"user\",\"content\":[{\"type\":\"text\",\"text\":\"Approach A\"}],\"timestamp\":3}}\n"
  "{\"type\":\"message\",\"id\":\"e0000004\",\"parentId\":\"e0000003\",\"timestamp\":\"2026-01-05T10:00:04.000Z\",\"message\":{\"role\":\"assistant\",\"provider\":\"anthropic\",\"model\":\"claude-x\",\"content\":[{\"type\":\"toolCall\",\"id\":\"call_1\",\"name\":\"read\",\"arguments\":{\"path\":\"/etc/hosts\"}}],\"stopReason\":\"toolUse\",\"timestamp\":4}}\n"
  "{\"type\":\"message\",\"id\":\"e0000005\",\"parentId\":\"e0000004\",\"timestamp\":\"2026-01-05T10:00:05.000Z\",\"message\":{\"role\":\"toolResult\",\"toolCallId\":\"call_1\",\"toolName\":\"read\",\"content\":[{\"type\":\"text\",\"text\":\"127.0.0.1 localhost\"}],\"isError\":false,\"timestamp\":5}}\n"
  "{\"type\":\"message\",\"id\":\"e0000006\",\"parentId\":\"e0000005\",\"timestamp\":\"2026-01-05T10:00:06.000Z\",\"message\":{\"role\":\"assistant\",\"provider\":\"anthropic\",\"model\":\"claude-x\",\"content\":[{\"type\":\"text\",\"text\":\"A done\"}],\"stopReason\":\"stop\",\"timestamp\":6}}\n"
  "{\"type\":\"label\",\"id\":\"e0000015\",\"parentId\":\"e0000006\",\"timestamp\":\"2026-01-05T10:00:07.000Z\",\"targetId\":\"e0000003\",\"label\":\"plan-a\"}\n"
  "{\"type\":\"branch_summary\",\"id\":\"e0000007\",\"parentId\":\"e0000002\",\"timestamp\":\"2026-01-05T10:00:08.000Z\",\"fromId\":\"e0000006\",\"summary\":\"Tried A; it failed.\"}\n"
  "{\"type\":\"message\",\"id\":\"e0000008\",\"parentId\":\"e0000007\",\"timestamp\":\"2026-01-05T10:00:09.000Z\",\"message\":{\"role\":\"user\",\"content\":\"Approach B\",\"timestamp\":9}}\n"
  "{\"type\":\"message\",\"id\":\"e0000009\",\"parentId\":\"e0000008\",\"timestamp\":\"2026-01-05T10:00:10.000Z\",\"message\":{\"role\":\"assistant\",\"provider\":\"anthropic\",\"model\":\"claude-x\",\"content\":[{\"type\":\"thinking\",\"thinking\":\"Let me think.\"},{\"type\":\"text\",\"text\":\"B done\"}],\"stopReason\":\"stop\",\"timestamp\":10}}\n"
  "{\"type\":\"custom_message\",\"id\":\"e0000010\",\"parentId\":\"e0000009\",\"timestamp\":\"2026-01-05T10:00:11.000Z\",\"customType\":\"note\",\"content\":\"remember B\",\"display\":true}\n"
  "{\"type\":\"model_change\",\"id\":\"e0000011\",\"parentId\":\"e0000010\",\"timestamp\":\"2026-01-05T10:00:12.000Z\",\"provider\":\"anthropic\",\"modelId\":\"claude-x\"}\n"
  "{\"type\":\"custom\",\"id\":\"e0000016\",\"parentId\":\"e0000011\",\"timestamp\":\"2026-01-05T10:00:13.000Z\",\"customType\":\"state\",\"data\":{\"n\":1}}\n"
  "{\"type\":\"compaction\",\"id\":\"e0000012\",\"parentId\":\"e0000016\",\"timestamp\":\"2026-01-05T10:00:14.000Z\",\"summary\":\"Summary of the work so far\",\"firstKeptEntryId\":\"e0000008\",\"tokensBefore\":12000}\n"
  "{\"type\":\"message\",\"id\":\"e0000017\",\"parentId\":\"e0000002\",\"timestamp\":\"2026-01-05T10:00:15.000Z\",\"message\":{\"role\":\"user\",\"content\":\"Approach C\",\"timestamp\":15}}\n"
  "{\"type\":\"message\",\"id\":\"e0000013\",\"parentId\":\"e0000012\",\"timestamp\":\"2026-01-05T10:00:16.000Z\",\"message\":{\"role\":\"user\",\"content\":\"go on\",\"timestamp\":16}}\n"
  "{\"type\":\"message\",\"id\":\"e0000014\",\"parentId\":\"e0000013\",\"timestamp\":\"2026-01-05T10:00:17.000Z\",\"message\":{\"role\":\"assistant\",\"provider\":\"anthropic\",\"model\":\"claude-x\",\"content\":[{\"type\":\"text\",\"text\":\"going\"}],\"stopReason\":\"stop\",\"timestamp\":17}}\n";

#define N_ENTRIES 17

static const char default_rows[] =
  "0:user: Plan the <b>&amp; parser|"
  "0:assistant: Here is a plan.|"
  "1:[branch summary]: Tried A; it failed.|"
  "2:user: Approach B|"
  "2:assistant: B done|"
  "2:[note]: remember B|"
  "2:[compaction: 12k tokens]|"
  "2:user: go on|"
  "2:assistant: going|"
  "1:user: Approach A [plan-a]|"
  "2:[read: /etc/hosts]|"
  "2:assistant: A done|"
  "1:user: Approach C";

typedef struct
{
  char       *dir;
  char       *path;
  RamoWindow *window;
} Fixture;

/* ------------------------------------------------------------------------------------------ */
/* Helpers                                                                                     */

static char *
read_file (const char *path)
{
  g_autoptr(GError) error = NULL;
  char *contents = NULL;

  g_file_get_contents (path, &contents, NULL, &error);
  g_assert_no_error (error);
  return contents;
}

static guint
count_lines (const char *path)
{
  g_autofree char *contents = read_file (path);
  guint n = 0;

  for (const char *p = contents; *p; p++)
    n += *p == '\n';
  return n;
}

static JsonObject *
last_line (const char *path)
{
  g_autofree char *contents = read_file (path);
  g_auto(GStrv) lines = g_strsplit (contents, "\n", -1);
  guint n = g_strv_length (lines);
  g_autoptr(JsonNode) node = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_cmpuint (n, >=, 2);
  g_assert_cmpstr (lines[n - 1], ==, "");   /* ends with a line end */
  node = json_from_string (lines[n - 2], &error);
  g_assert_no_error (error);
  g_assert_true (JSON_NODE_HOLDS_OBJECT (node));
  return json_object_ref (json_node_get_object (node));
}

static RamoSessionTree *
tree_of (Fixture *f)
{
  return ramo_window_get_tree (f->window);
}

/* "depth:text [label]" of every row of the tree, joined with "|". */
static char *
rows_text (Fixture *f)
{
  RamoTreeModel    *model = ramo_session_tree_get_model (tree_of (f));
  GString *out = g_string_new (NULL);
  guint n = g_list_model_get_n_items (G_LIST_MODEL (model));

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(RamoTreeRow) row = g_list_model_get_item (G_LIST_MODEL (model), i);
      g_autoptr(RamoProjectionNode) node = ramo_tree_row_get_item (row);
      const char *label = ramo_projection_node_get_label (node);

      if (i > 0)
        g_string_append_c (out, '|');
      g_string_append_printf (out, "%u:%s", ramo_tree_row_get_depth (row), ramo_projection_node_get_text (node));
      if (label)
        g_string_append_printf (out, " [%s]", label);
    }
  return g_string_free (out, FALSE);
}

static guint
n_rows (Fixture *f)
{
  return g_list_model_get_n_items (G_LIST_MODEL (ramo_session_tree_get_model (tree_of (f))));
}

static guint
position_of (Fixture    *f,
             const char *id)
{
  RamoTreeModel    *model = ramo_session_tree_get_model (tree_of (f));
  guint n = g_list_model_get_n_items (G_LIST_MODEL (model));

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(RamoTreeRow) row = g_list_model_get_item (G_LIST_MODEL (model), i);
      g_autoptr(RamoProjectionNode) node = ramo_tree_row_get_item (row);

      if (g_strcmp0 (ramo_projection_node_get_id (node), id) == 0)
        return i;
    }
  return GTK_INVALID_LIST_POSITION;
}

static const char *
leaf_id (Fixture *f)
{
  return ramo_session_manager_get_leaf_id (ramo_window_get_manager (f->window));
}

static char *
composer_text (Fixture *f)
{
  return ramo_window_dup_composer_text (f->window);
}

static RamoSessionRow *
wait_for_row (Fixture    *f,
              const char *id)
{
  return window_test_wait_for_row (tree_of (f), id);
}

static void
set_search (Fixture    *f,
            const char *text)
{
  gtk_editable_set_text (ramo_window_get_search_entry (f->window), text);
  /* GtkSearchEntry reports changes after a short delay */
  ramo_test_spin (400);
}

/* Types @more at the end of the search (gtk_editable_set_text() first empties the entry, and
 * GtkSearchEntry reports an empty text at once). */
static void
type_search (Fixture    *f,
             const char *more)
{
  GtkEditable *entry = ramo_window_get_search_entry (f->window);
  int position = -1;

  gtk_editable_insert_text (entry, more, -1, &position);
  ramo_test_spin (400);
}

static void
set_filter (Fixture       *f,
            RamoFilterMode mode)
{
  gtk_drop_down_set_selected (ramo_window_get_filter_dropdown (f->window), mode);
  ramo_test_spin (50);
}

static void
activate (Fixture    *f,
          const char *action,
          GVariant   *param)
{
  window_test_activate (f->window, action, param);
}

static void
open_window (Fixture    *f,
             const char *contents)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GFile) file = NULL;

  f->dir = g_dir_make_tmp ("ramo-test-window-XXXXXX", &error);
  g_assert_no_error (error);
  f->path = g_build_filename (f->dir, "session.jsonl", NULL);
  g_file_set_contents (f->path, contents, -1, &error);
  g_assert_no_error (error);

  f->window = g_object_ref (ramo_window_new (NULL));
  gtk_window_set_default_size (GTK_WINDOW (f->window), 1200, 800);
  file = g_file_new_for_path (f->path);
  g_assert_true (ramo_window_open_file (f->window, file, &error));
  g_assert_no_error (error);

  gtk_window_present (GTK_WINDOW (f->window));
  ramo_test_spin (300);
}

static void
fixture_set_up (Fixture       *f,
                gconstpointer  data)
{
  open_window (f, data ? data : fixture);
}

static void
fixture_tear_down (Fixture       *f,
                   gconstpointer  data)
{
  g_autoptr(GDir) dir = NULL;
  const char *name;

  gtk_window_destroy (GTK_WINDOW (f->window));
  g_clear_object (&f->window);
  ramo_test_spin (20);

  dir = g_dir_open (f->dir, 0, NULL);
  while (dir && (name = g_dir_read_name (dir)))
    {
      g_autofree char *path = g_build_filename (f->dir, name, NULL);
      g_unlink (path);
    }
  g_rmdir (f->dir);
  g_clear_pointer (&f->dir, g_free);
  g_clear_pointer (&f->path, g_free);
}

/* ------------------------------------------------------------------------------------------ */
/* Tests                                                                                       */

static void
test_rows (Fixture       *f,
           gconstpointer  data)
{
  g_autofree char *rows = rows_text (f);
  RamoSessionRow *row;
  RamoProjectionNode *node;

  g_assert_cmpstr (rows, ==, default_rows);
  g_assert_cmpstr (ramo_window_get_count_text (f->window), ==, "13 of 17 entries");
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (f->window)), ==, "Plan the <b>&amp; parser");
  g_assert_cmpstr (ramo_window_get_subtitle (f->window), ==, "/tmp/proj");
  g_assert_null (ramo_window_get_issues_text (f->window));
  g_assert_false (ramo_window_get_read_only_shown (f->window));

  /* the leaf is selected at first, and marked */
  g_assert_cmpstr (ramo_session_tree_get_selected_id (tree_of (f)), ==, "e0000014");
  g_assert_cmpuint (gtk_single_selection_get_selected (ramo_session_tree_get_selection (tree_of (f))), ==, 8);
  row = wait_for_row (f, "e0000014");
  node = ramo_session_row_get_node (row);
  g_assert_true (ramo_projection_node_get_is_leaf (node));
  g_assert_true (gtk_widget_has_css_class (GTK_WIDGET (row), "leaf"));
  g_assert_true (gtk_widget_has_css_class (GTK_WIDGET (row), "kind-assistant"));
  g_assert_true (gtk_widget_has_css_class (GTK_WIDGET (row), "active-path"));

  /* an entry off the active path */
  row = wait_for_row (f, "e0000017");
  g_assert_false (gtk_widget_has_css_class (GTK_WIDGET (row), "active-path"));
  g_assert_false (gtk_widget_has_css_class (GTK_WIDGET (row), "leaf"));
  g_assert_true (gtk_widget_has_css_class (GTK_WIDGET (row), "kind-user"));

  /* the label pill */
  row = wait_for_row (f, "e0000003");
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (ramo_session_row_get_pill (row))));
  g_assert_cmpstr (gtk_label_get_text (ramo_session_row_get_pill (row)), ==, "plan-a");
  row = wait_for_row (f, "e0000012");
  g_assert_true (gtk_widget_has_css_class (GTK_WIDGET (row), "kind-compaction"));
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (ramo_session_row_get_pill (row))));
}

/* The bounds of @child in @row's coordinates. */
static graphene_rect_t
bounds_in (GtkWidget *child,
           GtkWidget *row)
{
  graphene_rect_t bounds;

  g_assert_true (gtk_widget_compute_bounds (child, row, &bounds));
  return bounds;
}

/* The row lays its children out itself: marker, pill, text, left to right (right to left in
 * a right-to-left locale), inside the row, the text as tall as the row's content and as wide
 * as what is left. */
static void
check_row_layout (RamoSessionRow *row,
                  gboolean        rtl)
{
  GtkWidget *widget = GTK_WIDGET (row);
  GtkWidget *marker = gtk_widget_get_first_child (widget);
  GtkWidget *pill = GTK_WIDGET (ramo_session_row_get_pill (row));
  GtkWidget *text = GTK_WIDGET (ramo_session_row_get_text_label (row));
  graphene_rect_t m = bounds_in (marker, widget);
  graphene_rect_t p = bounds_in (pill, widget);
  graphene_rect_t t = bounds_in (text, widget);
  int width = gtk_widget_get_width (widget);
  int height = gtk_widget_get_height (widget);
  int pill_min, pill_nat;

  g_assert_true (gtk_widget_get_visible (pill));
  g_assert_cmpint (height, >=, 10);
  gtk_widget_measure (pill, GTK_ORIENTATION_HORIZONTAL, -1, &pill_min, &pill_nat, NULL, NULL);
  g_assert_cmpfloat (p.size.width, ==, pill_nat);   /* room enough: the pill's natural width */
  for (guint i = 0; i < 3; i++)
    {
      const graphene_rect_t *r = i == 0 ? &m : i == 1 ? &p : &t;

      g_assert_cmpfloat (r->origin.x, >=, 0);
      g_assert_cmpfloat (r->origin.x + r->size.width, <=, width);
      g_assert_cmpfloat (r->origin.y, >=, 0);
      g_assert_cmpfloat (r->origin.y + r->size.height, <=, height);
    }
  /* centred vertically */
  g_assert_cmpfloat (ABS ((p.origin.y + p.size.height / 2) - height / 2.0), <=, 1);
  g_assert_cmpfloat (t.size.height, ==, height);
  if (!rtl)
    {
      g_assert_cmpfloat (m.origin.x + m.size.width, <=, p.origin.x);
      g_assert_cmpfloat (p.origin.x + p.size.width, <=, t.origin.x);
      g_assert_cmpfloat (t.origin.x + t.size.width, ==, width);
    }
  else
    {
      g_assert_cmpfloat (m.origin.x, >=, p.origin.x + p.size.width);
      g_assert_cmpfloat (p.origin.x, >=, t.origin.x + t.size.width);
      g_assert_cmpfloat (t.origin.x, ==, 0);
    }
}

/* @row, at depth 1 in its expander: one level of indentation (16 px), the arrow (16 px), the
 * theme's 4 px between the arrow and the row, mirrored right to left. */
static void
check_indentation (RamoSessionRow *row,
                   gboolean        rtl)
{
  GtkWidget *expander = gtk_widget_get_parent (GTK_WIDGET (row));
  GtkWidget *arrow = gtk_widget_get_first_child (expander);
  float width = gtk_widget_get_width (expander);
  graphene_rect_t a, r;

  g_assert_true (RAMO_IS_TREE_EXPANDER (expander));
  g_assert_true (gtk_widget_compute_bounds (arrow, expander, &a));
  g_assert_true (gtk_widget_compute_bounds (GTK_WIDGET (row), expander, &r));
  g_assert_cmpfloat (a.size.width, ==, 16);
  if (!rtl)
    {
      g_assert_cmpfloat (a.origin.x, ==, 16);
      g_assert_cmpfloat (r.origin.x, ==, 36);
      g_assert_cmpfloat (r.origin.x + r.size.width, ==, width);
    }
  else
    {
      g_assert_cmpfloat (a.origin.x + a.size.width, ==, width - 16);
      g_assert_cmpfloat (r.origin.x + r.size.width, ==, width - 36);
      g_assert_cmpfloat (r.origin.x, ==, 0);
    }
}

static void
test_row_layout (Fixture       *f,
                 gconstpointer  data)
{
  RamoSessionRow *row = wait_for_row (f, "e0000003");

  check_row_layout (row, FALSE);
  check_indentation (row, FALSE);

  gtk_widget_set_default_direction (GTK_TEXT_DIR_RTL);
  gtk_widget_set_direction (GTK_WIDGET (row), GTK_TEXT_DIR_RTL);
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (row)); child; child = gtk_widget_get_next_sibling (child))
    gtk_widget_set_direction (child, GTK_TEXT_DIR_RTL);
  gtk_widget_set_direction (gtk_widget_get_parent (GTK_WIDGET (row)), GTK_TEXT_DIR_RTL);
  gtk_widget_set_direction (gtk_widget_get_first_child (gtk_widget_get_parent (GTK_WIDGET (row))), GTK_TEXT_DIR_RTL);
  ramo_test_spin (100);
  check_row_layout (row, TRUE);
  check_indentation (row, TRUE);
  gtk_widget_set_default_direction (GTK_TEXT_DIR_LTR);
}

static void
test_text_is_not_markup (Fixture       *f,
                         gconstpointer  data)
{
  RamoSessionRow *row = wait_for_row (f, "e0000001");
  GtkInscription *text = ramo_session_row_get_text_label (row);

  /* the text as it is, never read as markup (an inscription takes markup only through
   * gtk_inscription_set_markup, and gives no attributes when none were set) */
  g_assert_cmpstr (gtk_inscription_get_text (text), ==, "user: Plan the <b>&amp; parser");
  g_assert_null (gtk_inscription_get_attributes (text));
}

static void
test_filters (Fixture       *f,
              gconstpointer  data)
{
  g_autofree char *rows = NULL;

  set_filter (f, RAMO_FILTER_NO_TOOLS);
  g_assert_cmpuint (n_rows (f), ==, 12);
  g_assert_cmpstr (ramo_window_get_count_text (f->window), ==, "12 of 17 entries");
  g_assert_cmpuint (position_of (f, "e0000005"), ==, GTK_INVALID_LIST_POSITION);

  /* user messages re-attach to their nearest shown ancestor */
  set_filter (f, RAMO_FILTER_USER_ONLY);
  rows = rows_text (f);
  g_assert_cmpstr (rows, ==,
                   "0:user: Plan the <b>&amp; parser|"
                   "1:user: Approach B|"
                   "2:user: go on|"
                   "1:user: Approach A [plan-a]|"
                   "1:user: Approach C");
  g_assert_cmpstr (ramo_window_get_count_text (f->window), ==, "5 of 17 entries");
  /* the selection moved from the hidden leaf to its nearest shown ancestor */
  g_assert_cmpstr (ramo_session_tree_get_selected_id (tree_of (f)), ==, "e0000013");

  set_filter (f, RAMO_FILTER_LABELED_ONLY);
  g_clear_pointer (&rows, g_free);
  rows = rows_text (f);
  g_assert_cmpstr (rows, ==, "0:user: Approach A [plan-a]");
  g_assert_cmpstr (ramo_window_get_count_text (f->window), ==, "1 of 17 entries");

  /* everything but the tool-only assistant turn, which is not the leaf */
  set_filter (f, RAMO_FILTER_ALL);
  g_assert_cmpuint (n_rows (f), ==, 16);
  g_assert_cmpstr (ramo_window_get_count_text (f->window), ==, "16 of 17 entries");
  g_assert_cmpuint (position_of (f, "e0000004"), ==, GTK_INVALID_LIST_POSITION);
  g_assert_cmpuint (position_of (f, "e0000015"), !=, GTK_INVALID_LIST_POSITION);

  /* back to the default: the chosen entry (the leaf) is selected again */
  set_filter (f, RAMO_FILTER_DEFAULT);
  g_clear_pointer (&rows, g_free);
  rows = rows_text (f);
  g_assert_cmpstr (rows, ==, default_rows);
  g_assert_cmpstr (ramo_session_tree_get_selected_id (tree_of (f)), ==, "e0000014");

  /* Ctrl+U and Ctrl+Shift+A toggle through the same actions */
  activate (f, "toggle-user-only", NULL);
  g_assert_cmpuint (n_rows (f), ==, 5);
  g_assert_cmpuint (gtk_drop_down_get_selected (ramo_window_get_filter_dropdown (f->window)), ==, RAMO_FILTER_USER_ONLY);
  activate (f, "toggle-user-only", NULL);
  g_assert_cmpuint (n_rows (f), ==, 13);
  activate (f, "toggle-all", NULL);
  g_assert_cmpuint (n_rows (f), ==, 16);
  activate (f, "toggle-all", NULL);
  g_assert_cmpuint (n_rows (f), ==, 13);
  activate (f, "filter", g_variant_new_string ("labeled-only"));
  g_assert_cmpuint (n_rows (f), ==, 1);
  g_assert_cmpuint (gtk_drop_down_get_selected (ramo_window_get_filter_dropdown (f->window)), ==, RAMO_FILTER_LABELED_ONLY);
}

static void
count_changes_cb (guint *n_changed)
{
  (*n_changed)++;
}

/* A tree list model made ahead (ramo_session_tree_prepare()) serves only the layout it was made
 * for: every row unfolded at once, as in a model made when the projection is set. Row widgets
 * made ahead (ramo_session_tree_make_rows_ahead()) are used as any. */
static void
test_prepare (Fixture       *f,
              gconstpointer  data)
{
  RamoSessionTree *tree = tree_of (f);
  RamoSessionManager *manager = ramo_window_get_manager (f->window);
  g_autoptr(RamoProjection) same = ramo_projection_new (manager);
  g_autoptr(RamoProjection) changed = ramo_projection_new (manager);
  g_autoptr(RamoProjection) other = ramo_projection_new (manager);
  g_autofree char *rows = NULL;

  /* made ahead, set unchanged; the row widgets made ahead show the rows */
  ramo_session_tree_prepare (tree, same);
  ramo_session_tree_make_rows_ahead (tree);
  ramo_session_tree_set_projection (tree, same);
  rows = rows_text (f);
  g_assert_cmpstr (rows, ==, default_rows);
  ramo_test_spin (50);
  {
    RamoSessionRow *row = ramo_session_tree_find_row (tree, "e0000008");

    g_assert_nonnull (row);
    g_assert_cmpstr (gtk_inscription_get_text (ramo_session_row_get_text_label (row)), ==, "user: Approach B");
  }
  /* the model made ahead never hears of a new layout: the tree replaces it first */
  {
    guint n_changed = 0;

    g_signal_connect_swapped (ramo_session_tree_get_model (tree), "items-changed",
                              G_CALLBACK (count_changes_cb), &n_changed);
    ramo_projection_set_search (same, "approach");
    g_assert_cmpuint (n_changed, ==, 0);
    g_assert_cmpuint (n_rows (f), ==, 3);
    ramo_projection_set_search (same, NULL);
  }

  /* made ahead, then the projection was rebuilt: the rows of the new layout, all unfolded */
  ramo_session_tree_prepare (tree, changed);
  ramo_projection_set_filter (changed, RAMO_FILTER_ALL);
  ramo_session_tree_set_projection (tree, changed);
  g_assert_cmpuint (n_rows (f), ==, 16);
  ramo_test_spin (50);
  g_assert_cmpuint (n_rows (f), ==, 16);

  /* made ahead for a session that is not shown after all: nothing of it is kept */
  {
    RamoProjection *dropped = ramo_projection_new (manager);

    g_object_add_weak_pointer (G_OBJECT (dropped), (gpointer *) &dropped);
    ramo_session_tree_prepare (tree, dropped);
    ramo_session_tree_make_rows_ahead (tree);
    ramo_session_tree_unprepare (tree, dropped);
    g_object_unref (dropped);
    g_assert_null (dropped);
  }

  /* made ahead for another projection than the one set */
  ramo_session_tree_prepare (tree, same);
  ramo_session_tree_set_projection (tree, other);
  ramo_test_spin (50);
  g_clear_pointer (&rows, g_free);
  rows = rows_text (f);
  g_assert_cmpstr (rows, ==, default_rows);

  /* made a step at a time, then set: the rows as made at once */
  {
    g_autoptr(RamoProjection) stepped = ramo_projection_new (manager);
    g_autoptr(RamoProjection) rebuilt = ramo_projection_new (manager);

    ramo_session_tree_prepare (tree, stepped);
    while (ramo_session_tree_prepare_step (tree, 1000))
      ;
    g_assert_false (ramo_session_tree_prepare_step (tree, 1000));
    ramo_session_tree_set_projection (tree, stepped);
    g_clear_pointer (&rows, g_free);
    rows = rows_text (f);
    g_assert_cmpstr (rows, ==, default_rows);

    /* laid out again while it is made: dropped, nothing more to make; what is set is made anew */
    ramo_session_tree_prepare (tree, rebuilt);
    ramo_projection_set_filter (rebuilt, RAMO_FILTER_ALL);
    g_assert_false (ramo_session_tree_prepare_step (tree, 1000));
    ramo_session_tree_set_projection (tree, rebuilt);
    g_assert_cmpuint (n_rows (f), ==, 16);
  }
}

/* The byte ranges @attrs marks with a background, as "start-end …" (static string). */
static const char *
background_ranges (PangoAttrList *attrs)
{
  static char text[256];
  g_autoptr(PangoAttrIterator) iter = NULL;
  GString *out = g_string_new (NULL);

  if (attrs == NULL)
    return "";
  iter = pango_attr_list_get_iterator (attrs);
  do
    {
      PangoAttribute *bg = pango_attr_iterator_get (iter, PANGO_ATTR_BACKGROUND);

      if (bg)
        g_string_append_printf (out, "%s%u-%u", out->len ? " " : "", bg->start_index, bg->end_index);
    }
  while (pango_attr_iterator_next (iter));
  g_strlcpy (text, out->str, sizeof text);
  g_string_free (out, TRUE);
  return text;
}

static void
test_search (Fixture       *f,
             gconstpointer  data)
{
  g_autofree char *rows = NULL;
  g_autoptr(PangoAttrIterator) iter = NULL;
  RamoSessionRow *row;
  PangoAttrList *attrs;
  guint n_highlights = 0;

  set_search (f, "APPROACH");
  rows = rows_text (f);
  /* only matching entries; with no shown ancestor each is a root */
  g_assert_cmpstr (rows, ==, "0:user: Approach B|0:user: Approach A [plan-a]|0:user: Approach C");
  g_assert_cmpstr (ramo_window_get_count_text (f->window), ==, "3 of 17 entries");
  g_assert_cmpstr (ramo_session_tree_get_selected_id (tree_of (f)), ==, "e0000008");

  /* the match is marked with attributes over its bytes, not with markup; every row in view
   * gets them when it is drawn, with a label or without (the inscription is the row's last
   * child) */
  for (guint k = 0; k < 3; k++)
    {
      const char *ids[] = { "e0000008", "e0000003", "e0000017" };
      GtkWidget *text;

      row = wait_for_row (f, ids[k]);
      text = gtk_widget_get_last_child (GTK_WIDGET (row));
      g_assert_true (GTK_IS_INSCRIPTION (text));
      for (guint i = 0; i < 100 && gtk_inscription_get_attributes (GTK_INSCRIPTION (text)) == NULL; i++)
        ramo_test_spin (10);
      g_assert_nonnull (gtk_inscription_get_attributes (GTK_INSCRIPTION (text)));
    }
  row = wait_for_row (f, "e0000008");
  g_assert_cmpstr (gtk_inscription_get_text (ramo_session_row_get_text_label (row)), ==, "user: Approach B");
  attrs = gtk_inscription_get_attributes (ramo_session_row_get_text_label (row));
  g_assert_nonnull (attrs);
  iter = pango_attr_list_get_iterator (attrs);
  do
    {
      PangoAttribute *bg = pango_attr_iterator_get (iter, PANGO_ATTR_BACKGROUND);

      if (bg)
        {
          g_assert_cmpuint (bg->start_index, ==, 6);
          g_assert_cmpuint (bg->end_index, ==, 14);
          n_highlights++;
        }
    }
  while (pango_attr_iterator_next (iter));
  g_assert_cmpuint (n_highlights, ==, 1);

  /* every term must match; the label counts */
  set_search (f, "approach plan-a");
  g_clear_pointer (&rows, g_free);
  rows = rows_text (f);
  g_assert_cmpstr (rows, ==, "0:user: Approach A [plan-a]");
  g_assert_cmpstr (ramo_window_get_count_text (f->window), ==, "1 of 17 entries");
  row = wait_for_row (f, "e0000003");
  g_assert_nonnull (gtk_label_get_attributes (ramo_session_row_get_pill (row)));
  g_assert_cmpstr (background_ranges (gtk_label_get_attributes (ramo_session_row_get_pill (row))), ==, "0-6");

  /* a term that leaves the same rows keeps the row widgets as they are, but their marks follow
   * the new terms */
  set_search (f, "approach pla");
  row = wait_for_row (f, "e0000003");
  type_search (f, "n");
  g_assert_cmpstr (gtk_editable_get_text (ramo_window_get_search_entry (f->window)), ==, "approach plan");
  g_clear_pointer (&rows, g_free);
  rows = rows_text (f);
  g_assert_cmpstr (rows, ==, "0:user: Approach A [plan-a]");
  g_assert_true (wait_for_row (f, "e0000003") == row);
  g_assert_cmpstr (background_ranges (gtk_label_get_attributes (ramo_session_row_get_pill (row))), ==, "0-4");

  /* markup-looking text is searched as text */
  set_search (f, "<b>&amp;");
  g_assert_cmpstr (ramo_window_get_count_text (f->window), ==, "1 of 17 entries");

  set_search (f, "nothing-matches-this");
  g_assert_cmpuint (n_rows (f), ==, 0);
  g_assert_cmpstr (ramo_window_get_count_text (f->window), ==, "0 of 17 entries");

  /* the selection comes back to the entry chosen before (the leaf) */
  set_search (f, "");
  g_clear_pointer (&rows, g_free);
  rows = rows_text (f);
  g_assert_cmpstr (rows, ==, default_rows);
  g_assert_cmpstr (ramo_session_tree_get_selected_id (tree_of (f)), ==, "e0000014");

  /* a row the user selects while searching stays selected afterwards */
  set_search (f, "approach");
  g_assert_true (ramo_session_tree_select_entry (tree_of (f), "e0000017"));
  set_search (f, "");
  g_assert_cmpstr (ramo_session_tree_get_selected_id (tree_of (f)), ==, "e0000017");
}

static void
test_edit_label (Fixture       *f,
                 gconstpointer  data)
{
  g_autoptr(JsonObject) object = NULL;
  g_autofree char *before = read_file (f->path);
  g_autofree char *rows = NULL;
  RamoSessionRow *row;

  /* Shift+L on the selected row: the same call */
  g_assert_true (ramo_session_tree_edit_label (tree_of (f), "e0000009"));
  ramo_test_spin (50);
  row = wait_for_row (f, "e0000009");
  g_assert_true (ramo_session_row_get_editing (row));
  g_assert_cmpstr (gtk_editable_get_text (ramo_session_row_get_label_entry (row)), ==, "");

  /* Enter saves the trimmed text */
  gtk_editable_set_text (ramo_session_row_get_label_entry (row), "  check <point>  ");
  g_signal_emit_by_name (ramo_session_row_get_label_entry (row), "activate");
  ramo_test_spin (150);

  g_assert_cmpuint (count_lines (f->path), ==, 1 + N_ENTRIES + 1);
  {
    g_autofree char *after = read_file (f->path);

    /* appended: every byte before is unchanged */
    g_assert_true (g_str_has_prefix (after, before));
  }
  object = last_line (f->path);
  g_assert_cmpstr (json_object_get_string_member (object, "type"), ==, "label");
  g_assert_cmpstr (json_object_get_string_member (object, "targetId"), ==, "e0000009");
  g_assert_cmpstr (json_object_get_string_member (object, "label"), ==, "check <point>");
  /* appended on the leaf's chain; the leaf moves onto it */
  g_assert_cmpstr (json_object_get_string_member (object, "parentId"), ==, "e0000014");
  g_assert_cmpstr (leaf_id (f), ==, json_object_get_string_member (object, "id"));

  /* the tree shows it at once and keeps the selection */
  rows = rows_text (f);
  g_assert_true (strstr (rows, "2:assistant: B done [check <point>]|") != NULL);
  g_assert_cmpstr (ramo_session_tree_get_selected_id (tree_of (f)), ==, "e0000009");
  g_assert_cmpstr (ramo_window_get_count_text (f->window), ==, "13 of 18 entries");
  row = wait_for_row (f, "e0000009");
  g_assert_false (ramo_session_row_get_editing (row));
  g_assert_cmpstr (gtk_label_get_text (ramo_session_row_get_pill (row)), ==, "check <point>");
  g_assert_false (gtk_label_get_use_markup (ramo_session_row_get_pill (row)));

  /* Escape cancels: nothing is written */
  g_assert_true (ramo_session_tree_edit_label (tree_of (f), "e0000009"));
  row = wait_for_row (f, "e0000009");
  g_assert_true (ramo_session_row_get_editing (row));
  g_assert_cmpstr (gtk_editable_get_text (ramo_session_row_get_label_entry (row)), ==, "check <point>");
  gtk_editable_set_text (ramo_session_row_get_label_entry (row), "other");
  ramo_session_row_stop_editing (row, FALSE);
  ramo_test_spin (50);
  g_assert_cmpuint (count_lines (f->path), ==, 1 + N_ENTRIES + 1);

  /* an empty text clears the label */
  g_assert_true (ramo_session_tree_edit_label (tree_of (f), "e0000009"));
  row = wait_for_row (f, "e0000009");
  gtk_editable_set_text (ramo_session_row_get_label_entry (row), "   ");
  g_signal_emit_by_name (ramo_session_row_get_label_entry (row), "activate");
  ramo_test_spin (150);
  g_assert_cmpuint (count_lines (f->path), ==, 1 + N_ENTRIES + 2);
  g_clear_pointer (&object, json_object_unref);
  object = last_line (f->path);
  g_assert_cmpstr (json_object_get_string_member (object, "type"), ==, "label");
  g_assert_cmpstr (json_object_get_string_member (object, "targetId"), ==, "e0000009");
  g_assert_false (json_object_has_member (object, "label"));
  g_clear_pointer (&rows, g_free);
  rows = rows_text (f);
  g_assert_true (strstr (rows, "2:assistant: B done|") != NULL);

  /* the action scripts use */
  activate (f, "set-label", g_variant_new ("(ss)", "e0000017", "third"));
  g_assert_cmpuint (count_lines (f->path), ==, 1 + N_ENTRIES + 3);
  g_clear_pointer (&rows, g_free);
  rows = rows_text (f);
  g_assert_true (g_str_has_suffix (rows, "1:user: Approach C [third]"));
}

static void
test_label_read_only (Fixture       *f,
                      gconstpointer  data)
{
  g_autofree char *before = read_file (f->path);
  g_autofree char *after = NULL;

  g_assert_true (ramo_window_get_read_only_shown (f->window));
  activate (f, "set-label", g_variant_new ("(ss)", "a0000001", "nope"));
  after = read_file (f->path);
  g_assert_cmpstr (after, ==, before);
  g_assert_nonnull (ramo_window_get_last_toast (f->window));
  g_assert_true (strstr (ramo_window_get_last_toast (f->window), "read-only") != NULL);
  g_assert_true (strstr (ramo_window_get_last_toast (f->window), "The file is unchanged") != NULL);
}

static void
test_navigate (Fixture       *f,
               gconstpointer  data)
{
  g_autofree char *before = read_file (f->path);
  g_autofree char *after = NULL;
  g_autofree char *text = NULL;
  g_autofree char *rows = NULL;
  RamoSessionRow *row;
  guint position;
  g_autoptr(GObject) first_row = NULL;
  g_autoptr(GObject) first_row_after = NULL;

  /* no summary dialog: these navigations leave branches behind without a summary */
  ramo_window_set_remembered_summary_choice (f->window, "none");

  /* moving along one branch keeps the layout (no rebuild: the same row objects) */
  first_row = g_list_model_get_item (G_LIST_MODEL (ramo_session_tree_get_model (tree_of (f))), 0);
  activate (f, "navigate", g_variant_new_string ("e0000013"));
  g_assert_cmpstr (leaf_id (f), ==, "e0000012");
  first_row_after = g_list_model_get_item (G_LIST_MODEL (ramo_session_tree_get_model (tree_of (f))), 0);
  g_assert_true (first_row == first_row_after);
  text = composer_text (f);
  g_assert_cmpstr (text, ==, "go on");
  g_clear_pointer (&text, g_free);

  /* a user message: the leaf goes to its parent, its text to the editor */
  activate (f, "navigate", g_variant_new_string ("e0000008"));
  g_assert_cmpstr (leaf_id (f), ==, "e0000007");
  text = composer_text (f);
  g_assert_cmpstr (text, ==, "Approach B");
  g_assert_cmpstr (ramo_window_get_detail_page (f->window), ==, "context");
  row = wait_for_row (f, "e0000007");
  g_assert_true (gtk_widget_has_css_class (GTK_WIDGET (row), "leaf"));
  row = wait_for_row (f, "e0000014");
  g_assert_false (gtk_widget_has_css_class (GTK_WIDGET (row), "leaf"));
  g_assert_false (gtk_widget_has_css_class (GTK_WIDGET (row), "active-path"));

  /* any other entry becomes the leaf; the branch holding it is listed first */
  activate (f, "navigate", g_variant_new_string ("e0000006"));
  g_assert_cmpstr (leaf_id (f), ==, "e0000006");
  rows = rows_text (f);
  g_assert_cmpstr (rows, ==,
                   "0:user: Plan the <b>&amp; parser|"
                   "0:assistant: Here is a plan.|"
                   "1:user: Approach A [plan-a]|"
                   "2:[read: /etc/hosts]|"
                   "2:assistant: A done|"
                   "1:[branch summary]: Tried A; it failed.|"
                   "2:user: Approach B|"
                   "2:assistant: B done|"
                   "2:[note]: remember B|"
                   "2:[compaction: 12k tokens]|"
                   "2:user: go on|"
                   "2:assistant: going|"
                   "1:user: Approach C");

  /* the leaf itself: nothing happens */
  activate (f, "navigate", g_variant_new_string ("e0000006"));
  g_assert_cmpstr (leaf_id (f), ==, "e0000006");
  g_assert_cmpstr (ramo_window_get_last_toast (f->window), ==, "Already at this entry");

  /* Enter on a row (the list view's activation) */
  position = position_of (f, "e0000017");
  gtk_single_selection_set_selected (ramo_session_tree_get_selection (tree_of (f)), position);
  g_signal_emit_by_name (ramo_session_tree_get_list_view (tree_of (f)), "activate", position);
  ramo_test_spin (150);
  g_assert_cmpstr (leaf_id (f), ==, "e0000002");
  g_clear_pointer (&text, g_free);
  text = composer_text (f);
  g_assert_cmpstr (text, ==, "Approach C");
  g_assert_cmpstr (ramo_session_tree_get_selected_id (tree_of (f)), ==, "e0000017");

  /* a first message: the leaf goes before the first entry */
  activate (f, "navigate", g_variant_new_string ("e0000001"));
  g_assert_null (leaf_id (f));
  g_clear_pointer (&text, g_free);
  text = composer_text (f);
  g_assert_cmpstr (text, ==, "Plan the <b>&amp; parser");

  /* a custom message behaves like a user message */
  activate (f, "navigate", g_variant_new_string ("e0000010"));
  g_assert_cmpstr (leaf_id (f), ==, "e0000009");
  g_clear_pointer (&text, g_free);
  text = composer_text (f);
  g_assert_cmpstr (text, ==, "remember B");

  /* navigation writes nothing */
  after = read_file (f->path);
  g_assert_cmpstr (after, ==, before);
}

/* an oh-my-pi file (it starts with the title slot) that holds a pi 1.6.0 context edit */
static const char dialect_fixture[] =
  "{\"type\":\"title\",\"v\":1,\"title\":\"Weather\",\"updatedAt\":\"2026-11-30T10:00:00.000Z\",\"pad\":\"\"}\n"
  "{\"type\":\"session\",\"version\":3,\"id\":\"d1\",\"timestamp\":\"2026-11-30T10:00:00.000Z\",\"cwd\":\"/tmp\"}\n"
  "{\"type\":\"message\",\"id\":\"u1\",\"parentId\":null,\"timestamp\":\"2026-11-30T10:00:01.000Z\","
  "\"message\":{\"role\":\"user\",\"content\":\"Fetch the forecast\",\"timestamp\":1}}\n"
  "{\"type\":\"message\",\"id\":\"a1\",\"parentId\":\"u1\",\"timestamp\":\"2026-11-30T10:00:02.000Z\","
  "\"message\":{\"role\":\"assistant\",\"content\":[{\"type\":\"text\",\"text\":\"A long answer\"}],"
  "\"provider\":\"p\",\"model\":\"m\",\"stopReason\":\"stop\",\"timestamp\":2}}\n"
  "{\"type\":\"context_edit\",\"id\":\"x1\",\"parentId\":\"a1\",\"timestamp\":\"2026-11-30T10:00:03.000Z\","
  "\"targetId\":\"a1\",\"replacement\":{\"content\":[{\"type\":\"text\",\"text\":\"Short\"}]}}\n"
  "{\"type\":\"message\",\"id\":\"u2\",\"parentId\":\"x1\",\"timestamp\":\"2026-11-30T10:00:04.000Z\","
  "\"message\":{\"role\":\"user\",\"content\":\"Thanks\",\"timestamp\":4}}\n";

static gboolean
find_label (GtkWidget  *widget,
            const char *text)
{
  if (GTK_IS_LABEL (widget) && g_strcmp0 (gtk_label_get_text (GTK_LABEL (widget)), text) == 0 &&
      gtk_widget_get_visible (widget))
    return TRUE;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    if (find_label (child, text))
      return TRUE;
  return FALSE;
}

static void
test_dialect (Fixture       *f,
              gconstpointer  data)
{
  RamoWindow *window = f->window;
  RamoContextView *context = ramo_window_get_context_view (window);
  RamoSessionManager *manager = ramo_window_get_manager (window);
  g_autoptr(GVariant) state = NULL;

  for (guint i = 0; i < 500 && ramo_context_view_get_n_messages (context) == 0; i++)
    ramo_test_spin (10);

  /* the title slot makes it oh-my-pi's: the button says so, and its rules know no context edit */
  g_assert_cmpint (ramo_session_manager_get_dialect (manager), ==, RAMO_DIALECT_OMP);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (window->dialect_button)));
  g_assert_cmpstr (gtk_menu_button_get_label (window->dialect_button), ==, "oh-my-pi");
  state = g_action_group_get_action_state (G_ACTION_GROUP (window), "dialect");
  g_assert_cmpstr (g_variant_get_string (state, NULL), ==, "omp");
  g_assert_cmpuint (ramo_context_view_get_n_messages (context), ==, 3);
  g_assert_false (find_label (GTK_WIDGET (context), "Edited"));

  /* read by pi's rules: the assistant message is shown edited */
  activate (f, "dialect", g_variant_new_string ("pi"));
  ramo_test_spin (200);
  g_assert_cmpint (ramo_session_manager_get_dialect (manager), ==, RAMO_DIALECT_PI);
  g_assert_true (ramo_session_manager_get_dialect_chosen (manager));
  g_assert_cmpstr (gtk_menu_button_get_label (window->dialect_button), ==, "pi");
  g_assert_cmpuint (ramo_context_view_get_n_messages (context), ==, 3);
  g_assert_true (find_label (GTK_WIDGET (context), "Edited"));
  g_assert_true (find_label (GTK_WIDGET (context), "Short"));

  /* choosing the detected rules goes back to following the file */
  activate (f, "dialect", g_variant_new_string ("omp"));
  ramo_test_spin (200);
  g_assert_false (ramo_session_manager_get_dialect_chosen (manager));
  g_assert_cmpint (ramo_session_manager_get_dialect (manager), ==, RAMO_DIALECT_OMP);
  g_assert_false (find_label (GTK_WIDGET (context), "Edited"));
}

/* the message widgets under @widget */
static guint
count_context_messages (GtkWidget *widget)
{
  guint n = RAMO_IS_CONTEXT_MESSAGE (widget);

  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    n += count_context_messages (child);
  return n;
}

static void
test_context (Fixture       *f,
              gconstpointer  data)
{
  RamoContextView *context = ramo_window_get_context_view (f->window);

  /* the context is built after the tree's first frame */
  for (guint i = 0; i < 500 && ramo_context_view_get_n_messages (context) == 0; i++)
    ramo_test_spin (10);

  /* compaction summary, the kept messages e8 e9 e10, then e13 e14 */
  g_assert_cmpuint (ramo_context_view_get_n_messages (context), ==, 6);
  g_assert_cmpuint (ramo_context_view_get_n_shown (context), ==, 6);
  g_assert_cmpstr (ramo_context_view_get_summary (context), ==,
                   "Model anthropic/claude-x · thinking off · 6 messages");

  ramo_window_set_remembered_summary_choice (f->window, "none");
  activate (f, "navigate", g_variant_new_string ("e0000006"));
  ramo_test_spin (200);
  /* e1 e2 e3 e4 e5 e6 */
  g_assert_cmpuint (ramo_context_view_get_n_messages (context), ==, 6);

  activate (f, "navigate", g_variant_new_string ("e0000003"));
  ramo_test_spin (200);
  /* e1 e2 */
  g_assert_cmpuint (ramo_context_view_get_n_messages (context), ==, 2);
  g_assert_cmpstr (ramo_context_view_get_summary (context), ==,
                   "Model anthropic/claude-x · thinking off · 2 messages");
  g_assert_cmpuint (count_context_messages (GTK_WIDGET (context)), ==, 2);

  /* One widget a frame: the four new messages of e1 … e6 (e1 e2 are kept) come one at a time,
   * the newest in the same turn as the context. */
  _ramo_context_view_set_build_budget (context, 0);
  g_action_group_activate_action (G_ACTION_GROUP (f->window), "navigate", g_variant_new_string ("e0000006"));
  for (guint i = 0; i < 5000 && ramo_context_view_get_n_messages (context) != 6; i++)
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpuint (ramo_context_view_get_n_messages (context), ==, 6);
  g_assert_cmpuint (ramo_context_view_get_n_shown (context), ==, 3);
  g_assert_cmpuint (count_context_messages (GTK_WIDGET (context)), ==, 3);
  g_assert_true (find_label (GTK_WIDGET (context), "A done"));   /* e6's, the newest */
  {
    guint last = 3;

    for (guint i = 0; i < 500 && ramo_context_view_get_n_shown (context) < 6; i++)
      {
        guint shown;

        g_main_context_iteration (NULL, TRUE);
        shown = ramo_context_view_get_n_shown (context);
        g_assert_cmpuint (shown, <=, last + 1);
        last = shown;
      }
  }
  g_assert_cmpuint (ramo_context_view_get_n_shown (context), ==, 6);
  g_assert_cmpuint (count_context_messages (GTK_WIDGET (context)), ==, 6);
}

static void
test_entry_view (Fixture       *f,
                 gconstpointer  data)
{
  RamoEntryView *view = ramo_window_get_entry_view (f->window);
  g_autofree char *text = NULL;

  g_assert_true (ramo_session_tree_select_entry (tree_of (f), "e0000005"));
  ramo_test_spin (50);
  g_assert_cmpstr (ramo_entry_view_get_entry_id (view), ==, "e0000005");
  g_assert_cmpstr (ramo_entry_view_get_title (view), ==, "Tool Result");
  text = ramo_entry_view_dup_text (view);
  g_assert_cmpstr (text, ==, "127.0.0.1 localhost");

  g_assert_true (ramo_session_tree_select_entry (tree_of (f), "e0000009"));
  ramo_test_spin (50);
  g_clear_pointer (&text, g_free);
  text = ramo_entry_view_dup_text (view);
  g_assert_cmpstr (text, ==, "Thinking:\nLet me think.\n\nB done");

  /* a hidden entry selects its nearest shown ancestor */
  g_assert_false (ramo_session_tree_select_entry (tree_of (f), "e0000004"));
  g_assert_cmpstr (ramo_session_tree_get_selected_id (tree_of (f)), ==, "e0000003");
}

static void
test_folds (Fixture       *f,
            gconstpointer  data)
{
  RamoTreeModel    *model = ramo_session_tree_get_model (tree_of (f));
  g_autoptr(RamoTreeRow) row = NULL;

  /* fold the branch holding the leaf: its six rows go */
  row = ramo_tree_model_get_row (model, position_of (f, "e0000007"));
  g_assert_true (ramo_tree_row_is_expandable (row));
  ramo_tree_row_set_expanded (row, FALSE);
  ramo_test_spin (20);
  g_assert_cmpuint (n_rows (f), ==, 7);

  /* a rebuild (the label appended moves the leaf) keeps it folded */
  activate (f, "set-label", g_variant_new ("(ss)", "e0000017", "c"));
  g_assert_cmpuint (n_rows (f), ==, 7);

  /* a filter change unfolds everything, as in pi */
  set_filter (f, RAMO_FILTER_NO_TOOLS);
  set_filter (f, RAMO_FILTER_DEFAULT);
  g_assert_cmpuint (n_rows (f), ==, 13);

  /* folding a row with branches under it, then unfolding it, shows all of them again (the
   * model alone would bring back only the rows right under it, folded) */
  g_clear_object (&row);
  model = ramo_session_tree_get_model (tree_of (f));
  row = ramo_tree_model_get_row (model, 1);
  g_assert_true (ramo_tree_row_is_expandable (row));
  ramo_tree_row_set_expanded (row, FALSE);
  ramo_test_spin (20);
  g_assert_cmpuint (n_rows (f), ==, 2);
  ramo_tree_row_set_expanded (row, TRUE);
  /* the rows below it are still to come (a few milliseconds at a time): the tree says so */
  g_assert_true (ramo_session_tree_is_filling (tree_of (f)));
  while (ramo_session_tree_is_filling (tree_of (f)))
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpuint (n_rows (f), ==, 13);

  /* selecting an entry inside a folded branch unfolds the way to it, and the rest of that
   * branch comes back as it was (Approach A's rows too) */
  ramo_tree_row_set_expanded (row, FALSE);
  ramo_test_spin (20);
  g_assert_cmpuint (n_rows (f), ==, 2);
  g_assert_true (ramo_session_tree_select_entry (tree_of (f), "e0000013"));
  ramo_test_spin (50);
  g_assert_cmpuint (n_rows (f), ==, 13);
  g_assert_cmpstr (ramo_session_tree_get_selected_id (tree_of (f)), ==, "e0000013");

  /* a search that leaves the same rows keeps the model, and unfolds what the user folded (as
   * every search does) after its frame, a few milliseconds at a time: the tree says so */
  ramo_session_tree_set_search (tree_of (f), "e");
  ramo_test_spin (50);
  while (ramo_session_tree_is_filling (tree_of (f)))
    g_main_context_iteration (NULL, TRUE);
  {
    guint all = n_rows (f);

    g_clear_object (&row);
    model = ramo_session_tree_get_model (tree_of (f));
    row = ramo_tree_model_get_row (model, position_of (f, "e0000007"));
    g_assert_true (ramo_tree_row_is_expandable (row));
    ramo_tree_row_set_expanded (row, FALSE);
    ramo_test_spin (20);
    g_assert_cmpuint (n_rows (f), <, all);
    /* the same terms: the same layout */
    ramo_session_tree_set_search (tree_of (f), "e ");
    g_assert_true (ramo_session_tree_get_model (tree_of (f)) == model);
    g_assert_true (ramo_session_tree_is_filling (tree_of (f)));
    while (ramo_session_tree_is_filling (tree_of (f)))
      g_main_context_iteration (NULL, TRUE);
    g_assert_cmpuint (n_rows (f), ==, all);
    g_assert_true (ramo_tree_row_get_expanded (row));
  }
}

static void
open_path (Fixture    *f,
           const char *path)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;

  g_assert_true (ramo_window_open_file (f->window, file, &error));
  g_assert_no_error (error);
  ramo_test_spin (100);
  g_assert_cmpstr (ramo_session_manager_get_path (ramo_window_get_manager (f->window)), ==, path);
}

/* The editor's text stays with its session: another session opened in the window starts with
 * its own (nothing carries over), and the draft comes back with its session (nothing lost). */
static void
test_drafts (Fixture       *f,
             gconstpointer  data)
{
  g_autofree char *other = g_build_filename (f->dir, "other.jsonl", NULL);
  g_autofree char *text = NULL;
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (ramo_composer_get_text_view (ramo_window_get_composer (f->window)));
  g_autofree char *first = g_strdup (f->path);
  GtkTextIter end;

  g_assert_true (g_file_set_contents (other, fixture, -1, NULL));
  gtk_text_buffer_get_end_iter (buffer, &end);
  gtk_text_buffer_insert_interactive (buffer, &end, "my draft", -1, TRUE);

  open_path (f, other);
  text = ramo_window_dup_composer_text (f->window);
  g_assert_cmpstr (text, ==, "");
  g_clear_pointer (&text, g_free);

  /* text Ramo put there (going to a user message) does not follow either */
  activate (f, "navigate", g_variant_new_string ("e0000008"));
  text = ramo_window_dup_composer_text (f->window);
  g_assert_cmpstr (text, ==, "Approach B");
  g_clear_pointer (&text, g_free);

  open_path (f, first);
  text = ramo_window_dup_composer_text (f->window);
  g_assert_cmpstr (text, ==, "my draft");
  g_clear_pointer (&text, g_free);
  open_path (f, other);
  text = ramo_window_dup_composer_text (f->window);
  g_assert_cmpstr (text, ==, "");
}

/* Label times (pi's Shift+T): the time of the label entry, in local time, after the pill. */
static void
test_label_times (Fixture       *f,
                  gconstpointer  data)
{
  RamoSessionRow *row = wait_for_row (f, "e0000003");
  g_autoptr(GDateTime) utc = g_date_time_new_from_iso8601 ("2026-01-05T10:00:07.000Z", NULL);
  g_autoptr(GDateTime) local = g_date_time_to_local (utc);
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *expected = NULL;

  if (g_date_time_get_year (now) == g_date_time_get_year (local))
    expected = g_strdup_printf ("%d/%d %02d:%02d", g_date_time_get_month (local), g_date_time_get_day_of_month (local),
                                g_date_time_get_hour (local), g_date_time_get_minute (local));
  else
    expected = g_strdup_printf ("%02d/%d/%d %02d:%02d", g_date_time_get_year (local) % 100, g_date_time_get_month (local),
                                g_date_time_get_day_of_month (local), g_date_time_get_hour (local),
                                g_date_time_get_minute (local));

  g_assert_cmpstr (ramo_session_row_get_label_time_text (row), ==, "");
  ramo_session_tree_set_show_label_times (tree_of (f), TRUE);
  g_assert_cmpstr (ramo_session_row_get_label_time_text (row), ==, expected);
  /* rows without a label show none */
  g_assert_cmpstr (ramo_session_row_get_label_time_text (wait_for_row (f, "e0000002")), ==, "");
  ramo_session_tree_set_show_label_times (tree_of (f), FALSE);
  g_assert_cmpstr (ramo_session_row_get_label_time_text (row), ==, "");
}

/* A comb: every entry of the chain a branch point. The path bar shows the last twelve, after a
 * "…" that goes to the one before them, and before those the row the rows in view hang from
 * (scrolled off to the left) with the two branch points above it, dimmed, after a "…" of their
 * own. */
static void
test_path_bar_deep (Fixture       *f,
                    gconstpointer  data)
{
  g_autoptr(GString) text = g_string_new ("{\"type\":\"session\",\"version\":3,\"id\":\"c0000000-0000-4000-8000-000000000001\",\"timestamp\":\"2026-01-05T10:00:00.000Z\",\"cwd\":\"/tmp/proj\"}\n");
  g_autofree char *path = g_build_filename (f->dir, "comb.jsonl", NULL);
  const char *off_id;
  GPtrArray *ids;
  guint off;

  for (guint i = 1; i <= 40; i++)
    {
      g_autofree char *parent = i > 1 ? g_strdup_printf ("\"c%07u\"", i - 1) : g_strdup ("null");

      g_string_append_printf (text, "{\"type\":\"message\",\"id\":\"c%07u\",\"parentId\":%s,\"timestamp\":\"2026-01-05T10:%02u:00.000Z\",\"message\":{\"role\":\"user\",\"content\":\"step %u\",\"timestamp\":%u}}\n",
                              i, parent, i, i, i);
      if (i < 40)
        g_string_append_printf (text, "{\"type\":\"message\",\"id\":\"s%07u\",\"parentId\":\"c%07u\",\"timestamp\":\"2026-01-05T10:%02u:30.000Z\",\"message\":{\"role\":\"user\",\"content\":\"side %u\",\"timestamp\":%u}}\n",
                                i, i, i, i, i);
    }
  g_assert_true (g_file_set_contents (path, text->str, -1, NULL));
  open_path (f, path);
  g_assert_true (ramo_session_tree_select_entry (tree_of (f), "c0000040"));
  ramo_test_spin (20);

  ids = ramo_path_bar_get_ids (ramo_window_get_path_bar (f->window));
  off_id = ramo_session_tree_get_scrolled_off_id (tree_of (f));
  /* the rows in view hang from a row above the last twelve branch points */
  g_assert_nonnull (off_id);
  off = (guint) g_ascii_strtoull (off_id + 1, NULL, 10);
  g_assert_cmpuint (off, >, 4);
  g_assert_cmpuint (off, <, 27);
  /* "…", the three branch points from the one they hang from up, dimmed; "…", the last twelve */
  g_assert_cmpuint (ids->len, ==, 1 + 3 + 1 + RAMO_PATH_BAR_MAX_CRUMBS + 1);
  for (guint i = 0; i < 4; i++)
    {
      g_autofree char *id = g_strdup_printf ("c%07u", off - 3 + i);

      g_assert_cmpstr (g_ptr_array_index (ids, i), ==, id);
    }
  g_assert_cmpuint (ramo_path_bar_get_n_scrolled_off (ramo_window_get_path_bar (f->window)), ==, 4);
  g_assert_cmpstr (g_ptr_array_index (ids, 4), ==, "c0000027");
  g_assert_cmpstr (g_ptr_array_index (ids, 5), ==, "c0000028");
  g_assert_cmpstr (g_ptr_array_index (ids, 16), ==, "c0000039");
  g_assert_cmpstr (g_ptr_array_index (ids, 17), ==, "c0000040");
  ramo_path_bar_activate (ramo_window_get_path_bar (f->window), 4);
  g_assert_cmpstr (ramo_session_tree_get_selected_id (tree_of (f)), ==, "c0000027");
}

/* The structure keys: parent, first child, siblings in the order listed, segment starts and
 * ends (pi's Ctrl+Left/Right), whatever is folded. */
static void
test_structure_keys (Fixture       *f,
                     gconstpointer  data)
{
  RamoSessionTree *tree = tree_of (f);
  RamoTreeModel    *model = ramo_session_tree_get_model (tree);
  g_autoptr(RamoTreeRow) row = NULL;

#define AT(id) g_assert_cmpstr (ramo_session_tree_get_selected_id (tree), ==, id)
  g_assert_true (ramo_session_tree_select_entry (tree, "e0000009"));
  ramo_test_spin (20);
  g_assert_cmpstr (ramo_window_get_position_text (f->window), ==, "(5/13)");   /* pi's (N/M) */
  /* the path bar: the top, the branch point on the way, the selection; a click goes there */
  {
    GPtrArray *ids = ramo_path_bar_get_ids (ramo_window_get_path_bar (f->window));

    g_assert_cmpuint (ids->len, ==, 3);
    g_assert_cmpstr (g_ptr_array_index (ids, 0), ==, "e0000001");
    g_assert_cmpstr (g_ptr_array_index (ids, 1), ==, "e0000002");
    g_assert_cmpstr (g_ptr_array_index (ids, 2), ==, "e0000009");
    ramo_path_bar_activate (ramo_window_get_path_bar (f->window), 1);
    AT ("e0000002");
    g_assert_true (ramo_session_tree_select_entry (tree, "e0000009"));
  }
  g_assert_true (ramo_session_tree_move (tree, 0));        /* parent */
  AT ("e0000008");
  g_assert_true (ramo_session_tree_move (tree, 0));
  AT ("e0000007");
  g_assert_true (ramo_session_tree_move (tree, 3));        /* next sibling, as listed */
  AT ("e0000003");
  g_assert_true (ramo_session_tree_move (tree, 3));
  AT ("e0000017");
  g_assert_false (ramo_session_tree_move (tree, 3));       /* the last one */
  AT ("e0000017");
  g_assert_true (ramo_session_tree_move (tree, 2));        /* previous sibling */
  AT ("e0000003");
  g_assert_true (ramo_session_tree_move (tree, 1));        /* first child: past the hidden turn */
  AT ("e0000005");
  g_assert_true (ramo_session_tree_move (tree, 5));        /* down to the branch's end */
  AT ("e0000006");
  g_assert_true (ramo_session_tree_move (tree, 4));        /* up to its segment's start */
  AT ("e0000003");
  g_assert_true (ramo_session_tree_move (tree, 4));        /* and to the one above */
  AT ("e0000001");
  g_assert_true (ramo_session_tree_move (tree, 5));        /* down: the next segment start */
  AT ("e0000007");

  /* a folded branch unfolds to show where the key went */
  g_assert_true (ramo_session_tree_select_entry (tree, "e0000002"));
  row = ramo_tree_model_get_row (model, position_of (f, "e0000002"));
  ramo_tree_row_set_expanded (row, FALSE);
  ramo_test_spin (20);
  g_assert_cmpuint (n_rows (f), ==, 2);
  g_assert_true (ramo_session_tree_move (tree, 1));
  AT ("e0000007");
  ramo_test_spin (20);
  g_assert_cmpuint (n_rows (f), >, 2);
  g_assert_cmpstr (ramo_window_get_position_text (f->window), ==, "(3/13)");
#undef AT
}

static void
test_branch (Fixture       *f,
             gconstpointer  data)
{
  RamoSessionManager *manager;
  g_autofree char *old_path = g_strdup (f->path);
  g_autofree char *text = NULL;
  JsonObject *header;

  activate (f, "branch", g_variant_new_string ("e0000008"));
  manager = ramo_window_get_manager (f->window);
  g_assert_cmpstr (ramo_session_manager_get_path (manager), !=, old_path);
  g_assert_true (g_str_has_prefix (ramo_session_manager_get_path (manager), f->dir));
  /* the path up to the message's parent */
  g_assert_cmpuint (ramo_session_manager_get_n_entries (manager), ==, 3);
  g_assert_cmpstr (ramo_session_manager_get_leaf_id (manager), ==, "e0000007");
  header = ramo_session_manager_get_header (manager);
  g_assert_cmpstr (json_object_get_string_member (header, "parentSession"), ==, old_path);
  text = composer_text (f);
  g_assert_cmpstr (text, ==, "Approach B");
  g_assert_cmpuint (n_rows (f), ==, 3);
  g_assert_cmpstr (ramo_window_get_count_text (f->window), ==, "3 of 3 entries");

  /* a first message: a new empty session */
  g_free (old_path);
  old_path = g_strdup (ramo_session_manager_get_path (manager));
  activate (f, "branch", g_variant_new_string ("e0000001"));
  manager = ramo_window_get_manager (f->window);
  g_assert_cmpuint (ramo_session_manager_get_n_entries (manager), ==, 0);
  header = ramo_session_manager_get_header (manager);
  g_assert_cmpstr (json_object_get_string_member (header, "parentSession"), ==, old_path);
  g_clear_pointer (&text, g_free);
  text = composer_text (f);
  g_assert_cmpstr (text, ==, "Plan the <b>&amp; parser");
  g_assert_cmpstr (ramo_window_get_count_text (f->window), ==, "0 of 0 entries");
}

static RamoBranchPicker *
find_picker (void)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GObject) window = g_list_model_get_item (toplevels, i);

      if (RAMO_IS_BRANCH_PICKER (window))
        return RAMO_BRANCH_PICKER (window);
    }
  return NULL;
}

static gboolean
tree_has_focus (Fixture *f)
{
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (f->window));

  return focus && gtk_widget_is_ancestor (focus, GTK_WIDGET (tree_of (f)));
}

static void
test_branch_command (Fixture       *f,
                     gconstpointer  data)
{
  RamoBranchPicker *picker;
  GListModel *model;
  g_autofree char *text = NULL;

  /* double-escape-action "tree": Branch uses the tree */
  g_assert_cmpstr (ramo_window_get_double_escape_action (f->window), ==, "tree");
  gtk_widget_grab_focus (GTK_WIDGET (ramo_window_get_search_entry (f->window)));
  ramo_test_spin (20);
  g_assert_false (tree_has_focus (f));
  activate (f, "branch-command", NULL);
  g_assert_null (find_picker ());
  g_assert_true (tree_has_focus (f));

  /* Escape twice in the editor runs the same */
  gtk_widget_grab_focus (GTK_WIDGET (ramo_window_get_search_entry (f->window)));
  ramo_test_spin (20);
  ramo_window_composer_escape (f->window);
  ramo_test_spin (20);
  g_assert_false (tree_has_focus (f));
  ramo_window_composer_escape (f->window);
  ramo_test_spin (150);
  g_assert_true (tree_has_focus (f));

  /* "branch": the picker of user messages, newest first */
  ramo_window_set_double_escape_action (f->window, "branch");
  activate (f, "branch-command", NULL);
  picker = find_picker ();
  g_assert_nonnull (picker);
  model = ramo_branch_picker_get_model (picker);
  g_assert_cmpuint (g_list_model_get_n_items (model), ==, 5);
  {
    const char *expected[] = { "e0000013", "e0000017", "e0000008", "e0000003", "e0000001" };

    for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
      {
        g_autoptr(GObject) item = g_list_model_get_item (model, i);
        g_autofree char *id = NULL;

        g_object_get (item, "id", &id, NULL);
        g_assert_cmpstr (id, ==, expected[i]);
      }
  }
  ramo_branch_picker_set_search (picker, "APPROACH");
  g_assert_cmpuint (g_list_model_get_n_items (model), ==, 3);
  ramo_branch_picker_choose (picker, 0);   /* "Approach C", child of e2 */
  ramo_test_spin (150);
  g_assert_null (find_picker ());
  g_assert_cmpuint (ramo_session_manager_get_n_entries (ramo_window_get_manager (f->window)), ==, 2);
  text = composer_text (f);
  g_assert_cmpstr (text, ==, "Approach C");
}

static gboolean
menu_has_action (GMenuModel *model,
                 const char *action,
                 const char *target)
{
  for (int i = 0; i < g_menu_model_get_n_items (model); i++)
    {
      g_autoptr(GMenuModel) section = g_menu_model_get_item_link (model, i, G_MENU_LINK_SECTION);
      g_autofree char *name = NULL;
      g_autoptr(GVariant) value = NULL;

      if (section && menu_has_action (section, action, target))
        return TRUE;
      if (!g_menu_model_get_item_attribute (model, i, G_MENU_ATTRIBUTE_ACTION, "s", &name))
        continue;
      value = g_menu_model_get_item_attribute_value (model, i, G_MENU_ATTRIBUTE_TARGET, G_VARIANT_TYPE_STRING);
      if (g_strcmp0 (name, action) == 0 && value && g_strcmp0 (g_variant_get_string (value, NULL), target) == 0)
        return TRUE;
    }
  return FALSE;
}

static void
test_row_menu (Fixture       *f,
               gconstpointer  data)
{
  GtkPopover *popover = ramo_session_tree_get_menu (tree_of (f));
  GMenuModel *model;
  RamoSessionRow *row;

  /* a user message: go here, branch, edit label */
  g_assert_true (ramo_session_tree_select_entry (tree_of (f), "e0000008"));
  wait_for_row (f, "e0000008");
  g_assert_true (ramo_session_tree_popup_menu (tree_of (f)));
  ramo_test_spin (50);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (popover)));
  model = gtk_popover_menu_get_menu_model (GTK_POPOVER_MENU (popover));
  g_assert_true (menu_has_action (model, "win.navigate", "e0000008"));
  g_assert_true (menu_has_action (model, "win.branch", "e0000008"));
  g_assert_true (menu_has_action (model, "win.edit-label", "e0000008"));
  gtk_popover_popdown (popover);
  ramo_test_spin (50);

  /* not a user message: no branching */
  g_assert_true (ramo_session_tree_select_entry (tree_of (f), "e0000009"));
  wait_for_row (f, "e0000009");
  g_assert_true (ramo_session_tree_popup_menu (tree_of (f)));
  ramo_test_spin (50);
  model = gtk_popover_menu_get_menu_model (GTK_POPOVER_MENU (popover));
  g_assert_true (menu_has_action (model, "win.navigate", "e0000009"));
  g_assert_false (menu_has_action (model, "win.branch", "e0000009"));
  gtk_popover_popdown (popover);
  ramo_test_spin (50);

  /* "Edit Label…" opens the inline editor on that row */
  activate (f, "edit-label", g_variant_new_string ("e0000017"));
  row = wait_for_row (f, "e0000017");
  g_assert_true (ramo_session_row_get_editing (row));
  g_assert_cmpstr (ramo_session_tree_get_selected_id (tree_of (f)), ==, "e0000017");
  ramo_session_row_stop_editing (row, FALSE);
}

static const char bad_lines[] =
  "{\"type\":\"session\",\"version\":3,\"id\":\"x\",\"timestamp\":\"2026-01-05T10:00:00.000Z\",\"cwd\":\"/tmp\"}\n"
  "{\"type\":\"message\",\"id\":\"a0000001\",\"parentId\":null,\"timestamp\":\"2026-01-05T10:00:01.000Z\",\"message\":{\"role\":\"user\",\"content\":\"hello\"}}\n"
  "this is not JSON\n"
  "{\"type\":\"message\",\"id\":\"a0000002\",\"parentId\":\"a0000001\",\"timestamp\":\"2026-01-05T10:00:02.000Z\",\"message\":{\"role\":\"assistant\",\"content\":[{\"type\":\"text\",\"text\":\"hi\"}]}}\n";

static void
test_issues (Fixture       *f,
             gconstpointer  data)
{
  const char *issues = ramo_window_get_issues_text (f->window);

  g_assert_nonnull (issues);
  g_assert_true (g_str_has_prefix (issues, "1 line of this file could not be read"));
  g_assert_true (strstr (issues, "\nline 3: ") != NULL);
  g_assert_cmpuint (n_rows (f), ==, 2);
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (f->window)), ==, "hello");
}

/* pi's first write twice (R4): the header and the first three entries again, then the rest.
 * Five ids on eight lines: pi's index by id has five entries (getEntryCount()). */
static const char first_write_twice[] =
  "{\"type\":\"session\",\"version\":3,\"id\":\"x\",\"timestamp\":\"2026-01-05T10:00:00.000Z\",\"cwd\":\"/tmp\"}\n"
  "{\"type\":\"model_change\",\"id\":\"a0000001\",\"parentId\":null,\"timestamp\":\"2026-01-05T10:00:01.000Z\",\"provider\":\"p\",\"modelId\":\"m\"}\n"
  "{\"type\":\"message\",\"id\":\"a0000002\",\"parentId\":\"a0000001\",\"timestamp\":\"2026-01-05T10:00:02.000Z\",\"message\":{\"role\":\"user\",\"content\":\"hello\"}}\n"
  "{\"type\":\"message\",\"id\":\"a0000003\",\"parentId\":\"a0000002\",\"timestamp\":\"2026-01-05T10:00:03.000Z\",\"message\":{\"role\":\"assistant\",\"content\":[{\"type\":\"text\",\"text\":\"hi\"}]}}\n"
  "{\"type\":\"session\",\"version\":3,\"id\":\"x\",\"timestamp\":\"2026-01-05T10:00:00.000Z\",\"cwd\":\"/tmp\"}\n"
  "{\"type\":\"model_change\",\"id\":\"a0000001\",\"parentId\":null,\"timestamp\":\"2026-01-05T10:00:01.000Z\",\"provider\":\"p\",\"modelId\":\"m\"}\n"
  "{\"type\":\"message\",\"id\":\"a0000002\",\"parentId\":\"a0000001\",\"timestamp\":\"2026-01-05T10:00:02.000Z\",\"message\":{\"role\":\"user\",\"content\":\"hello\"}}\n"
  "{\"type\":\"message\",\"id\":\"a0000003\",\"parentId\":\"a0000002\",\"timestamp\":\"2026-01-05T10:00:03.000Z\",\"message\":{\"role\":\"assistant\",\"content\":[{\"type\":\"text\",\"text\":\"hi\"}]}}\n"
  "{\"type\":\"message\",\"id\":\"a0000004\",\"parentId\":\"a0000003\",\"timestamp\":\"2026-01-05T10:00:04.000Z\",\"message\":{\"role\":\"user\",\"content\":\"more\"}}\n"
  "{\"type\":\"message\",\"id\":\"a0000005\",\"parentId\":\"a0000004\",\"timestamp\":\"2026-01-05T10:00:05.000Z\",\"message\":{\"role\":\"assistant\",\"content\":[{\"type\":\"text\",\"text\":\"done\"}]}}\n";

/* One row per id, and the window says why the file has more lines than rows. */
static void
test_repeated_ids (Fixture       *f,
                   gconstpointer  data)
{
  const char *issues = ramo_window_get_issues_text (f->window);
  g_autofree char *rows = NULL;

  g_assert_nonnull (issues);
  /* the second header, a line not read; then the three lines whose ids come again */
  g_assert_cmpstr (issues, ==,
                   "1 line of this file could not be read as it is; the rest of the session loaded:\n"
                   "line 5: a second session header; ignored\n"
                   "3 lines repeat the id of a later line: each id is shown once, as its last line has it");

  /* the default filter hides the model change: four rows, each once */
  g_assert_cmpuint (n_rows (f), ==, 4);
  rows = rows_text (f);
  g_assert_cmpstr (rows, ==, "0:user: hello|0:assistant: hi|0:user: more|0:assistant: done");
  g_assert_cmpstr (ramo_window_get_count_text (f->window), ==, "4 of 5 entries");

  set_filter (f, RAMO_FILTER_ALL);
  g_assert_cmpuint (n_rows (f), ==, 5);
  g_assert_cmpstr (ramo_window_get_count_text (f->window), ==, "5 of 5 entries");
  g_assert_cmpstr (leaf_id (f), ==, "a0000005");
}

static const char newer_version[] =
  "{\"type\":\"session\",\"version\":4,\"id\":\"x\",\"timestamp\":\"2026-01-05T10:00:00.000Z\",\"cwd\":\"/tmp\"}\n"
  "{\"type\":\"message\",\"id\":\"a0000001\",\"parentId\":null,\"timestamp\":\"2026-01-05T10:00:01.000Z\",\"message\":{\"role\":\"user\",\"content\":\"hello\"}}\n";

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  if (!gtk_init_check ())
    {
      g_printerr ("no display: skipping the window tests\n");
      return 77;
    }
  adw_init ();

#define ADD(path, func, data) \
  g_test_add ("/ui/window/" path, Fixture, data, fixture_set_up, func, fixture_tear_down)

  ADD ("rows", test_rows, NULL);
  ADD ("row-layout", test_row_layout, NULL);
  ADD ("text-is-not-markup", test_text_is_not_markup, NULL);
  ADD ("filters", test_filters, NULL);
  ADD ("search", test_search, NULL);
  ADD ("prepare", test_prepare, NULL);
  ADD ("edit-label", test_edit_label, NULL);
  ADD ("label-read-only", test_label_read_only, newer_version);
  ADD ("navigate", test_navigate, NULL);
  ADD ("context", test_context, NULL);
  ADD ("dialect", test_dialect, dialect_fixture);
  ADD ("entry-view", test_entry_view, NULL);
  ADD ("folds", test_folds, NULL);
  ADD ("structure-keys", test_structure_keys, NULL);
  ADD ("drafts", test_drafts, NULL);
  ADD ("path-bar-deep", test_path_bar_deep, NULL);
  ADD ("label-times", test_label_times, NULL);
  ADD ("row-menu", test_row_menu, NULL);
  ADD ("branch", test_branch, NULL);
  ADD ("branch-command", test_branch_command, NULL);
  ADD ("issues", test_issues, bad_lines);
  ADD ("repeated-ids", test_repeated_ids, first_write_twice);

#undef ADD

  return g_test_run ();
}

/* test-window-controls.c — the window's controls do what they say (issue 18)
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

#include <math.h>
#include <string.h>

#include <adwaita.h>
#include <glib/gstdio.h>

#include "ramo-branch-picker.h"
#include "ramo-session-row.h"
#include "ramo-window.h"
#include "ramo-window-private.h"
#include "ramo-test-util.h"
#include "test-window-util.h"

/*
 * The window driven through GTK as a user would: the Branch command, the row menu, the
 * summary dialog, the session opened after another, the rows as they are drawn. The session
 * (the same shape as test-window.c's):
 *
 *   e1  user: Plan the parser
 *   e2  assistant: Here is a plan.
 *     ├ e7  [branch summary]: Tried A; it failed.      ← holds the leaf, so listed first
 *     │   e8 user: Approach B, e9 assistant: B done, e13 user: go on, e14 assistant: going (leaf)
 *     ├ e3  user: Approach A  [plan-a]
 *     │   e5 [read: /etc/hosts], e6 assistant: A done
 *     └ e17 user: Approach C
 */
static const char fixture[] =
  "{\"type\":\"session\",\"version\":3,\"id\":\"0c0ffee0-0000-4000-8000-000000000018\",\"timestamp\":\"2026-01-05T10:00:00.000Z\",\"cwd\":\"/tmp/proj\"}\n"
  "{\"type\":\"message\",\"id\":\"e0000001\",\"parentId\":null,\"timestamp\":\"2026-01-05T10:00:01.000Z\",\"message\":{\"role\":\"user\",\"content\":\"Plan the parser\",\"timestamp\":1}}\n"
  "{\"type\":\"message\",\"id\":\"e0000002\",\"parentId\":\"e0000001\",\"timestamp\":\"2026-01-05T10:00:02.000Z\",\"message\":{\"role\":\"assistant\",\"provider\":\"anthropic\",\"model\":\"claude-x\",\"content\":[{\"type\":\"text\",\"text\":\"Here is a plan.\"}],\"stopReason\":\"stop\",\"timestamp\":2}}\n"
  "{\"type\":\"message\",\"id\":\"e0000003\",\"parentId\":\"e0000002\",\"timestamp\":\"2026-01-05T10:00:03.000Z\",\"message\":{\"role\":\"user\",\"content\":[{\"type\":\"text\",\"text\":\"Approach A\"}],\"timestamp\":3}}\n"
  "{\"type\":\"message\",\"id\":\"e0000004\",\"parentId\":\"e0000003\",\"timestamp\":\"2026-01-05T10:00:04.000Z\",\"message\":{\"role\":\"assistant\",\"provider\":\"anthropic\",\"model\":\"claude-x\",\"content\":[{\"type\":\"toolCall\",\"id\":\"call_1\",\"name\":\"read\",\"arguments\":{\"path\":\"/etc/hosts\"}}],\"stopReason\":\"toolUse\",\"timestamp\":4}}\n"
  "{\"type\":\"message\",\"id\":\"e0000005\",\"parentId\":\"e0000004\",\"timestamp\":\"2026-01-05T10:00:05.000Z\",\"message\":{\"role\":\"toolResult\",\"toolCallId\":\"call_1\",\"toolName\":\"read\",\"content\":[{\"type\":\"text\",\"text\":\"127.0.0.1 localhost\"}],\"isError\":false,\"timestamp\":5}}\n"
  "{\"type\":\"message\",\"id\":\"e0000006\",\"parentId\":\"e0000005\",\"timestamp\":\"2026-01-05T10:00:06.000Z\",\"message\":{\"role\":\"assistant\",\"provider\":\"anthropic\",\"model\":\"claude-x\",\"content\":[{\"type\":\"text\",\"text\":\"A done\"}],\"stopReason\":\"stop\",\"timestamp\":6}}\n"
  "{\"type\":\"label\",\"id\":\"e0000015\",\"parentId\":\"e0000006\",\"timestamp\":\"2026-01-05T10:00:07.000Z\",\"targetId\":\"e0000003\",\"label\":\"plan-a\"}\n"
  "{\"type\":\"branch_summary\",\"id\":\"e0000007\",\"parentId\":\"e0000002\",\"timestamp\":\"2026-01-05T10:00:08.000Z\",\"fromId\":\"e0000006\",\"summary\":\"Tried A; it failed.\"}\n"
  "{\"type\":\"message\",\"id\":\"e0000008\",\"parentId\":\"e0000007\",\"timestamp\":\"2026-01-05T10:00:09.000Z\",\"message\":{\"role\":\"user\",\"content\":\"Approach B\",\"timestamp\":9}}\n"
  "{\"type\":\"message\",\"id\":\"e0000009\",\"parentId\":\"e0000008\",\"timestamp\":\"2026-01-05T10:00:10.000Z\",\"message\":{\"role\":\"assistant\",\"provider\":\"anthropic\",\"model\":\"claude-x\",\"content\":[{\"type\":\"text\",\"text\":\"B done\"}],\"stopReason\":\"stop\",\"timestamp\":10}}\n"
  "{\"type\":\"message\",\"id\":\"e0000017\",\"parentId\":\"e0000002\",\"timestamp\":\"2026-01-05T10:00:15.000Z\",\"message\":{\"role\":\"user\",\"content\":\"Approach C\",\"timestamp\":15}}\n"
  "{\"type\":\"message\",\"id\":\"e0000013\",\"parentId\":\"e0000009\",\"timestamp\":\"2026-01-05T10:00:16.000Z\",\"message\":{\"role\":\"user\",\"content\":\"go on\",\"timestamp\":16}}\n"
  "{\"type\":\"message\",\"id\":\"e0000014\",\"parentId\":\"e0000013\",\"timestamp\":\"2026-01-05T10:00:17.000Z\",\"message\":{\"role\":\"assistant\",\"provider\":\"anthropic\",\"model\":\"claude-x\",\"content\":[{\"type\":\"text\",\"text\":\"going\"}],\"stopReason\":\"stop\",\"timestamp\":17}}\n";

#define N_LINES 14   /* the header and 13 entries */

typedef struct
{
  char       *path;
  RamoWindow *window;
} Fixture;

/* ------------------------------------------------------------------------------------------ */
/* Helpers                                                                                     */

static RamoSessionTree *
tree_of (Fixture *f)
{
  return ramo_window_get_tree (f->window);
}

static guint
count_file_lines (Fixture *f)
{
  g_autofree char *contents = ramo_test_read_file (f->path, NULL);

  return ramo_test_count_lines (contents);
}

/* Lets the idle work of the last action run (a layout after the leaf moved, the focus). */
static void
settle (guint ms)
{
  window_test_settle (ms);
}

static void
activate (Fixture    *f,
          const char *action,
          GVariant   *param)
{
  window_test_activate (f->window, action, param);
}

static RamoSessionRow *
wait_for_row (Fixture    *f,
              const char *id)
{
  return window_test_wait_for_row (tree_of (f), id);
}

static gboolean
focus_in (GtkWidget *root,
          GtkWidget *widget)
{
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (root));

  return focus && (focus == widget || gtk_widget_is_ancestor (focus, widget));
}

static void
open_window (Fixture    *f,
             const char *contents)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GFile) file = NULL;

  f->path = ramo_test_write_file ("session.jsonl", contents, -1);
  f->window = g_object_ref (ramo_window_new (NULL));
  /* the settings (in memory) outlive a test's window: ask each time */
  ramo_window_set_remembered_summary_choice (f->window, "");
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
  if (g_strcmp0 (data, "example") == 0)
    {
      g_autofree char *path = ramo_test_copy_example ();
      g_autofree char *contents = ramo_test_read_file (path, NULL);

      open_window (f, contents);
    }
  else
    open_window (f, data ? data : fixture);
}

static void
fixture_tear_down (Fixture       *f,
                   gconstpointer  data)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  /* dialogs and pickers left open */
  for (guint i = g_list_model_get_n_items (toplevels); i > 0; i--)
    {
      g_autoptr(GtkWindow) window = g_list_model_get_item (toplevels, i - 1);

      if (window != GTK_WINDOW (f->window))
        gtk_window_destroy (window);
    }
  gtk_window_destroy (GTK_WINDOW (f->window));
  g_clear_object (&f->window);
  ramo_test_spin (20);
  g_clear_pointer (&f->path, g_free);
}

/* ------------------------------------------------------------------------------------------ */
/* The row menu                                                                                */

static gboolean
is_model_button_labelled (GtkWidget     *widget,
                          gconstpointer  data)
{
  g_autofree char *text = NULL;

  if (g_strcmp0 (G_OBJECT_TYPE_NAME (widget), "GtkModelButton") != 0)
    return FALSE;
  g_object_get (widget, "text", &text, NULL);
  return g_strcmp0 (text, data) == 0;
}

static gboolean
is_button_labelled (GtkWidget     *widget,
                    gconstpointer  data)
{
  return GTK_IS_BUTTON (widget) && g_strcmp0 (gtk_button_get_label (GTK_BUTTON (widget)), data) == 0;
}

static gboolean
is_search_entry (GtkWidget     *widget,
                 gconstpointer  data)
{
  return GTK_IS_SEARCH_ENTRY (widget);
}

static gboolean
is_double_escape_shortcut (GtkWidget     *widget,
                           gconstpointer  data)
{
  g_autofree char *title = NULL;

  if (!GTK_IS_SHORTCUTS_SHORTCUT (widget))
    return FALSE;
  g_object_get (widget, "title", &title, NULL);
  return title && strstr (title, "double-Escape") != NULL;
}

/* Opens the row menu of @id (as the Menu key does) and clicks its item @text. */
static void
run_row_menu_item (Fixture    *f,
                   const char *id,
                   const char *text)
{
  GtkPopover *popover = ramo_session_tree_get_menu (tree_of (f));
  GtkWidget *item;

  g_assert_true (ramo_session_tree_select_entry (tree_of (f), id));
  wait_for_row (f, id);
  ramo_session_tree_focus (tree_of (f));
  settle (100);
  g_assert_true (ramo_session_tree_popup_menu (tree_of (f)));
  settle (100);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (popover)));
  item = find_widget (GTK_WIDGET (popover), is_model_button_labelled, text);
  g_assert_nonnull (item);
  /* what a click on it does: the menu closes, then runs the item's action */
  gtk_widget_activate (item);
  /* the menu's grab ends and the window has the keyboard again */
  settle (300);
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (popover)));
}

/* "Edit Label…" in a row's menu opens the inline editor and keeps it open, also on an entry
 * without a label (there is no pill to double-click). */
static void
test_menu_edit_label (Fixture       *f,
                      gconstpointer  data)
{
  g_autofree char *contents = NULL;
  RamoSessionRow *row;
  GtkEditable *entry;

  run_row_menu_item (f, "e0000009", "Edit Label…");
  row = wait_for_row (f, "e0000009");
  g_assert_true (ramo_session_row_get_editing (row));
  entry = ramo_session_row_get_label_entry (row);
  g_assert_nonnull (entry);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (entry)));
  g_assert_true (focus_in (GTK_WIDGET (f->window), GTK_WIDGET (entry)));
  g_assert_cmpstr (gtk_editable_get_text (entry), ==, "");

  /* typed and saved with Enter */
  gtk_editable_set_text (entry, "from the menu");
  g_signal_emit_by_name (entry, "activate");
  settle (150);
  g_assert_cmpuint (count_file_lines (f), ==, N_LINES + 1);
  contents = ramo_test_read_file (f->path, NULL);
  g_assert_nonnull (strstr (contents, "\"targetId\":\"e0000009\",\"label\":\"from the menu\""));
  g_assert_false (ramo_session_row_get_editing (wait_for_row (f, "e0000009")));

  /* an entry with a label: the editor holds it */
  run_row_menu_item (f, "e0000003", "Edit Label…");
  row = wait_for_row (f, "e0000003");
  g_assert_true (ramo_session_row_get_editing (row));
  g_assert_cmpstr (gtk_editable_get_text (ramo_session_row_get_label_entry (row)), ==, "plan-a");

  /* the editor still ends when the focus goes elsewhere in the window */
  gtk_widget_grab_focus (GTK_WIDGET (ramo_window_get_search_entry (f->window)));
  settle (50);
  g_assert_false (ramo_session_row_get_editing (row));
  g_assert_cmpuint (count_file_lines (f), ==, N_LINES + 1);
}

/* ------------------------------------------------------------------------------------------ */
/* The Branch command                                                                          */

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

static const char *
bar_text (Fixture *f)
{
  return gtk_label_get_text (f->window->branch_label);
}

/* With double-escape-action `tree` (the default), Branch is chosen in the tree, in a visible
 * "Branch from here" step, and ends in a branch or a cancel. */
static void
test_branch_in_tree (Fixture       *f,
                     gconstpointer  data)
{
  RamoSessionManager *manager = ramo_window_get_manager (f->window);
  g_autofree char *text = NULL;

  g_assert_cmpstr (ramo_window_get_double_escape_action (f->window), ==, "tree");
  gtk_widget_grab_focus (GTK_WIDGET (ramo_window_get_search_entry (f->window)));
  settle (20);

  /* the command: the bar names the user message above the leaf, the tree has the focus */
  activate (f, "branch-command", NULL);
  g_assert_null (find_picker ());
  g_assert_true (ramo_window_get_branching_in_tree (f->window));
  g_assert_true (gtk_info_bar_get_revealed (f->window->branch_bar));
  g_assert_cmpstr (ramo_window_get_branch_target (f->window), ==, "e0000013");
  g_assert_cmpstr (ramo_session_tree_get_selected_id (tree_of (f)), ==, "e0000013");
  g_assert_nonnull (strstr (bar_text (f), "“go on”"));
  g_assert_true (gtk_widget_get_sensitive (GTK_WIDGET (f->window->branch_button)));
  g_assert_true (focus_in (GTK_WIDGET (f->window), GTK_WIDGET (tree_of (f))));

  /* the selection is the choice; only a user message can be it */
  g_assert_true (ramo_session_tree_select_entry (tree_of (f), "e0000009"));
  settle (20);
  g_assert_null (ramo_window_get_branch_target (f->window));
  g_assert_false (gtk_widget_get_sensitive (GTK_WIDGET (f->window->branch_button)));
  g_assert_null (strstr (bar_text (f), "go on"));
  /* activating a row that is not a user message does not go there */
  activate (f, "navigate", g_variant_new_string ("e0000009"));
  g_assert_true (ramo_window_get_branching_in_tree (f->window));
  g_assert_cmpstr (ramo_session_manager_get_leaf_id (manager), ==, "e0000014");
  g_assert_cmpuint (count_file_lines (f), ==, N_LINES);

  /* Cancel: nothing happens */
  g_signal_emit_by_name (find_widget (GTK_WIDGET (f->window->branch_bar), is_button_labelled, "_Cancel"), "clicked");
  settle (50);
  g_assert_false (ramo_window_get_branching_in_tree (f->window));
  g_assert_false (gtk_info_bar_get_revealed (f->window->branch_bar));
  g_assert_true (ramo_window_get_manager (f->window) == manager);
  g_assert_cmpuint (count_file_lines (f), ==, N_LINES);
  /* and activating a row navigates again */
  ramo_window_set_remembered_summary_choice (f->window, "none");
  activate (f, "navigate", g_variant_new_string ("e0000009"));
  g_assert_cmpstr (ramo_session_manager_get_leaf_id (manager), ==, "e0000009");

  /* the bar's Branch button branches from the message it names */
  activate (f, "branch-command", NULL);
  g_assert_cmpstr (ramo_window_get_branch_target (f->window), ==, "e0000008");
  g_assert_true (ramo_session_tree_select_entry (tree_of (f), "e0000017"));
  settle (20);
  g_assert_cmpstr (ramo_window_get_branch_target (f->window), ==, "e0000017");
  g_assert_nonnull (strstr (bar_text (f), "“Approach C”"));
  g_signal_emit_by_name (f->window->branch_button, "clicked");
  settle (150);
  g_assert_false (ramo_window_get_branching_in_tree (f->window));
  manager = ramo_window_get_manager (f->window);
  g_assert_cmpstr (ramo_session_manager_get_path (manager), !=, f->path);
  g_assert_cmpuint (ramo_session_manager_get_n_entries (manager), ==, 2);
  text = ramo_window_dup_composer_text (f->window);
  g_assert_cmpstr (text, ==, "Approach C");

  /* Enter (or a double click) on a user message in the tree branches from it */
  activate (f, "branch-command", NULL);
  g_assert_cmpstr (ramo_window_get_branch_target (f->window), ==, "e0000001");
  activate (f, "navigate", g_variant_new_string ("e0000001"));
  g_assert_false (ramo_window_get_branching_in_tree (f->window));
  g_assert_true (ramo_window_get_manager (f->window) != manager);
  g_assert_cmpuint (ramo_session_manager_get_n_entries (ramo_window_get_manager (f->window)), ==, 0);
}

/* With double-escape-action `branch`, the picker of user messages; it closes on Escape. */
static void
test_branch_picker (Fixture       *f,
                    gconstpointer  data)
{
  RamoBranchPicker *picker;

  ramo_window_set_double_escape_action (f->window, "branch");
  activate (f, "branch-command", NULL);
  g_assert_false (ramo_window_get_branching_in_tree (f->window));
  picker = find_picker ();
  g_assert_nonnull (picker);
  g_assert_cmpuint (g_list_model_get_n_items (ramo_branch_picker_get_model (picker)), ==, 5);

  /* Escape in its search entry (where the focus is) closes it */
  g_signal_emit_by_name (find_widget (GTK_WIDGET (picker), is_search_entry, NULL), "stop-search");
  settle (50);
  g_assert_null (find_picker ());
  g_assert_cmpuint (count_file_lines (f), ==, N_LINES);
}

/* ------------------------------------------------------------------------------------------ */
/* The summary question                                                                        */

static AdwMessageDialog *
wait_for_dialog (Fixture *f)
{
  for (guint tries = 0; tries < 50 && ramo_window_get_summary_dialog (f->window) == NULL; tries++)
    ramo_test_spin (20);
  g_assert_nonnull (ramo_window_get_summary_dialog (f->window));
  settle (100);
  return ramo_window_get_summary_dialog (f->window);
}

static gboolean
is_check_button (GtkWidget     *widget,
                 gconstpointer  data)
{
  return GTK_IS_CHECK_BUTTON (widget);
}

/* The keyboard focus starts on the default response, so Enter gives it ("Remember my choice"
 * had it, and Enter ticked it). */
static void
test_summary_dialog_enter (Fixture       *f,
                           gconstpointer  data)
{
  AdwMessageDialog *dialog;
  GtkWidget *focus;
  GtkWidget *remember;

  activate (f, "navigate", g_variant_new_string ("e0000017"));
  dialog = wait_for_dialog (f);
  g_assert_cmpstr (adw_message_dialog_get_heading (dialog), ==, "Summarize the Branch You Leave?");
  remember = find_widget (GTK_WIDGET (dialog), is_check_button, NULL);
  g_assert_nonnull (remember);
  focus = gtk_root_get_focus (GTK_ROOT (dialog));
  g_assert_nonnull (focus);
  g_assert_true (focus != remember && !gtk_widget_is_ancestor (focus, remember));
  g_assert_true (focus == gtk_window_get_default_widget (GTK_WINDOW (dialog)));
  /* no model in this test: the default is "No Summary" */
  g_assert_cmpstr (adw_message_dialog_get_default_response (dialog), ==, "none");
  g_assert_true (GTK_IS_BUTTON (focus));
  g_assert_cmpstr (gtk_button_get_label (GTK_BUTTON (focus)), ==, "_No Summary");

  /* Enter on it: that answer, and nothing remembered */
  g_signal_emit_by_name (focus, "clicked");
  settle (150);
  g_assert_null (ramo_window_get_summary_dialog (f->window));
  g_assert_cmpstr (ramo_session_manager_get_leaf_id (ramo_window_get_manager (f->window)), ==, "e0000002");
  g_assert_cmpstr (ramo_window_get_remembered_summary_choice (f->window), ==, "");
  g_assert_cmpuint (count_file_lines (f), ==, N_LINES);
}

/* The leaf on a label: leaving it behind leaves no message. Ramo says there is nothing to
 * summarize and offers to go without; a remembered "Summarize" goes without one. Nothing is
 * ever sent to a model for it. */
static void
test_nothing_to_summarize (Fixture       *f,
                           gconstpointer  data)
{
  RamoSessionManager *manager = ramo_window_get_manager (f->window);
  g_autofree char *contents = NULL;
  g_autoptr(GError) error = NULL;
  AdwMessageDialog *dialog;

  g_assert_true (ramo_window_set_label (f->window, "e0000014", "here", &error));
  g_assert_no_error (error);
  g_assert_cmpstr (ramo_session_manager_get_leaf_id (manager), !=, "e0000014");

  activate (f, "navigate", g_variant_new_string ("e0000014"));
  dialog = wait_for_dialog (f);
  g_assert_cmpstr (adw_message_dialog_get_heading (dialog), ==, "Nothing to Summarize");
  g_assert_nonnull (strstr (adw_message_dialog_get_body (dialog), "nothing to summarize"));
  g_assert_false (adw_message_dialog_has_response (dialog, "summarize"));
  g_assert_false (adw_message_dialog_has_response (dialog, "custom"));
  g_assert_true (adw_message_dialog_has_response (dialog, "none"));
  g_assert_cmpstr (adw_message_dialog_get_default_response (dialog), ==, "none");
  g_assert_true (gtk_root_get_focus (GTK_ROOT (dialog)) == gtk_window_get_default_widget (GTK_WINDOW (dialog)));
  adw_message_dialog_response (dialog, "none");
  settle (150);
  g_assert_cmpstr (ramo_session_manager_get_leaf_id (manager), ==, "e0000014");
  g_assert_cmpuint (count_file_lines (f), ==, N_LINES + 1);

  /* "Summarize" remembered: it goes there without a summary, and says why */
  g_assert_true (ramo_window_set_label (f->window, "e0000014", "again", &error));
  ramo_window_set_remembered_summary_choice (f->window, "summarize");
  activate (f, "navigate", g_variant_new_string ("e0000014"));
  g_assert_null (ramo_window_get_summary_dialog (f->window));
  g_assert_false (ramo_window_is_busy (f->window));
  g_assert_cmpstr (ramo_session_manager_get_leaf_id (manager), ==, "e0000014");
  g_assert_nonnull (strstr (ramo_window_get_last_toast (f->window), "Nothing to summarize"));
  g_assert_cmpuint (count_file_lines (f), ==, N_LINES + 2);
  contents = ramo_test_read_file (f->path, NULL);
  g_assert_null (strstr (contents, "No content to summarize"));
}

/* ------------------------------------------------------------------------------------------ */
/* The next session                                                                            */

static const char other_session[] =
  "{\"type\":\"session\",\"version\":3,\"id\":\"0c0ffee0-0000-4000-8000-000000000019\",\"timestamp\":\"2026-01-06T10:00:00.000Z\",\"cwd\":\"/tmp/other\"}\n"
  "{\"type\":\"message\",\"id\":\"f0000001\",\"parentId\":null,\"timestamp\":\"2026-01-06T10:00:01.000Z\",\"message\":{\"role\":\"user\",\"content\":\"Another topic\",\"timestamp\":1}}\n"
  "{\"type\":\"message\",\"id\":\"f0000002\",\"parentId\":\"f0000001\",\"timestamp\":\"2026-01-06T10:00:02.000Z\",\"message\":{\"role\":\"assistant\",\"content\":[{\"type\":\"text\",\"text\":\"Sure.\"}],\"stopReason\":\"stop\",\"timestamp\":2}}\n";

static void
set_search (Fixture    *f,
            const char *text)
{
  gtk_editable_set_text (ramo_window_get_search_entry (f->window), text);
  /* GtkSearchEntry reports changes after a short delay */
  ramo_test_spin (400);
}

static void
open_in_window (Fixture    *f,
                const char *path)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;

  g_assert_true (ramo_window_open_file (f->window, file, &error));
  g_assert_no_error (error);
  settle (100);
}

static const char *
filter_state (Fixture *f)
{
  g_autoptr(GVariant) state = g_action_group_get_action_state (G_ACTION_GROUP (f->window), "filter");
  static char name[32];

  g_strlcpy (name, g_variant_get_string (state, NULL), sizeof name);
  return name;
}

/* The search and the filter belong to the session they were chosen for: the next session
 * opened in the window starts with neither ("0 of 420 entries"); the same file again keeps them. */
static void
test_view_not_carried_over (Fixture       *f,
                            gconstpointer  data)
{
  g_autofree char *other = ramo_test_write_file ("other.jsonl", other_session, -1);
  GtkDropDown *dropdown = ramo_window_get_filter_dropdown (f->window);

  set_search (f, "approach");
  gtk_drop_down_set_selected (dropdown, RAMO_FILTER_USER_ONLY);
  settle (50);
  g_assert_cmpstr (ramo_window_get_count_text (f->window), ==, "3 of 13 entries");
  g_assert_cmpstr (filter_state (f), ==, "user-only");

  /* a reload, or the same file again: they stay */
  ramo_window_reload (f->window);
  for (guint i = 0; i < 100 && ramo_window_is_loading (f->window); i++)
    ramo_test_spin (20);
  settle (100);
  g_assert_cmpstr (ramo_window_get_count_text (f->window), ==, "3 of 13 entries");
  open_in_window (f, f->path);
  g_assert_cmpstr (ramo_window_get_count_text (f->window), ==, "3 of 13 entries");
  g_assert_cmpstr (gtk_editable_get_text (ramo_window_get_search_entry (f->window)), ==, "approach");

  /* another file: all of it, with the default filter */
  open_in_window (f, other);
  g_assert_cmpstr (ramo_session_manager_get_path (ramo_window_get_manager (f->window)), ==, other);
  g_assert_cmpstr (ramo_window_get_count_text (f->window), ==, "2 of 2 entries");
  g_assert_cmpstr (gtk_editable_get_text (ramo_window_get_search_entry (f->window)), ==, "");
  g_assert_cmpuint (gtk_drop_down_get_selected (dropdown), ==, RAMO_FILTER_DEFAULT);
  g_assert_cmpstr (filter_state (f), ==, "default");
  g_assert_cmpint (ramo_projection_get_filter (ramo_window_get_projection (f->window)), ==, RAMO_FILTER_DEFAULT);
  g_assert_null (ramo_projection_get_search (ramo_window_get_projection (f->window)));
  settle (400);   /* a late search-changed changes nothing */
  g_assert_cmpstr (ramo_window_get_count_text (f->window), ==, "2 of 2 entries");

  /* a search that matches nothing in one session, then the other */
  set_search (f, "nothing-matches-this");
  g_assert_cmpstr (ramo_window_get_count_text (f->window), ==, "0 of 2 entries");
  open_in_window (f, f->path);
  g_assert_cmpstr (ramo_window_get_count_text (f->window), ==, "11 of 13 entries");
  g_assert_cmpstr (gtk_editable_get_text (ramo_window_get_search_entry (f->window)), ==, "");

  /* the filter it starts with is the window's default (the `default-filter` setting) */
  ramo_window_set_default_filter (f->window, RAMO_FILTER_USER_ONLY);
  g_assert_cmpstr (ramo_window_get_count_text (f->window), ==, "5 of 13 entries");
  gtk_drop_down_set_selected (dropdown, RAMO_FILTER_ALL);
  settle (50);
  open_in_window (f, other);
  g_assert_cmpuint (gtk_drop_down_get_selected (dropdown), ==, RAMO_FILTER_USER_ONLY);
  g_assert_cmpstr (ramo_window_get_count_text (f->window), ==, "1 of 2 entries");
}

/* ------------------------------------------------------------------------------------------ */
/* The rows as they are drawn                                                                  */

/* @widget as it is drawn on screen (on white), in its own coordinates. */
static cairo_surface_t *
draw_widget (GtkWidget *widget)
{
  g_autoptr(GdkPaintable) paintable = gtk_widget_paintable_new (widget);
  GtkSnapshot *snapshot = gtk_snapshot_new ();
  int width = gtk_widget_get_width (widget);
  int height = gtk_widget_get_height (widget);
  g_autoptr(GskRenderNode) node = NULL;
  cairo_surface_t *surface;
  cairo_t *cr;

  g_assert_cmpint (width, >, 0);
  g_assert_cmpint (height, >, 0);
  gdk_paintable_snapshot (paintable, snapshot, width, height);
  node = gtk_snapshot_free_to_node (snapshot);
  surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, width, height);
  cr = cairo_create (surface);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_paint (cr);
  if (node)
    gsk_render_node_draw (node, cr);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  return surface;
}

static void
pixel_at (cairo_surface_t *surface,
          int              x,
          int              y,
          int              rgb[3])
{
  const guint32 *row = (const guint32 *) (cairo_image_surface_get_data (surface) +
                                          y * cairo_image_surface_get_stride (surface));
  guint32 pixel = row[x];

  rgb[0] = (pixel >> 16) & 0xff;
  rgb[1] = (pixel >> 8) & 0xff;
  rgb[2] = pixel & 0xff;
}

static graphene_rect_t
bounds_in (GtkWidget *child,
           GtkWidget *ancestor)
{
  graphene_rect_t bounds;

  g_assert_true (gtk_widget_compute_bounds (child, ancestor, &bounds));
  return bounds;
}

/* The middle of the text's ink in @row, less the middle of the row's marker (pixels). The ink
 * is looked for from a little into the text (past the padding, and any bar before it). */
static double
text_offset_from_marker (RamoSessionRow *row)
{
  GtkWidget *widget = GTK_WIDGET (row);
  graphene_rect_t text = bounds_in (GTK_WIDGET (ramo_session_row_get_text_label (row)), widget);
  graphene_rect_t marker = bounds_in (gtk_widget_get_first_child (widget), widget);
  cairo_surface_t *surface = draw_widget (widget);
  int top = -1, bottom = -1;

  for (int y = 0; y < gtk_widget_get_height (widget); y++)
    for (int x = (int) text.origin.x + 12; x < MIN ((int) (text.origin.x + text.size.width), gtk_widget_get_width (widget)); x++)
      {
        int rgb[3];

        pixel_at (surface, x, y, rgb);
        if (rgb[0] + rgb[1] + rgb[2] < 3 * 120)
          {
            if (top < 0)
              top = y;
            bottom = y;
            break;
          }
      }
  cairo_surface_destroy (surface);
  g_assert_cmpint (top, >=, 0);
  return (top + bottom + 1) / 2.0 - (marker.origin.y + marker.size.height / 2);
}

/* The colour bar is at the same place in every row, before the label pill: a labelled parent
 * is drawn left of its children. */
static void
test_row_bar_before_label (Fixture       *f,
                           gconstpointer  data)
{
  GtkWidget *view = GTK_WIDGET (ramo_session_tree_get_list_view (tree_of (f)));
  const char *pairs[][2] = {
    { "a1000006", "c3000001" },   /* [plan] assistant: There is one request site… → [branch summary] */
    { "d4000006", "e5000003" },   /* [json cache works] assistant: Added a JSON cache… → [test-runner] */
  };

  for (guint i = 0; i < G_N_ELEMENTS (pairs); i++)
    {
      RamoSessionRow *parent = wait_for_row (f, pairs[i][0]);
      RamoSessionRow *child = wait_for_row (f, pairs[i][1]);
      RamoSessionRow *rows[] = { parent, child };
      graphene_rect_t bars[2];

      g_assert_nonnull (ramo_projection_node_get_label (ramo_session_row_get_node (parent)));
      for (guint r = 0; r < 2; r++)
        {
          GtkWidget *widget = GTK_WIDGET (rows[r]);
          GtkWidget *marker = gtk_widget_get_first_child (widget);
          GtkWidget *bar = NULL;
          graphene_rect_t m, b, t;

          for (GtkWidget *c = marker; c; c = gtk_widget_get_next_sibling (c))
            if (gtk_widget_has_css_class (c, "kind-bar"))
              bar = c;
          g_assert_nonnull (bar);
          m = bounds_in (marker, widget);
          b = bounds_in (bar, widget);
          t = bounds_in (GTK_WIDGET (ramo_session_row_get_text_label (rows[r])), widget);
          /* marker, bar, (pill,) text; the bar as high as the row */
          g_assert_cmpfloat (m.origin.x + m.size.width, <=, b.origin.x);
          g_assert_cmpfloat (b.origin.x + b.size.width, <=, t.origin.x);
          g_assert_cmpfloat (b.size.height, ==, gtk_widget_get_height (widget));
          if (r == 0)
            {
              graphene_rect_t p = bounds_in (GTK_WIDGET (ramo_session_row_get_pill (rows[r])), widget);

              g_assert_cmpfloat (b.origin.x + b.size.width, <=, p.origin.x);
              g_assert_cmpfloat (p.origin.x + p.size.width, <=, t.origin.x);
            }
          bars[r] = bounds_in (bar, view);
        }
      /* the child's bar one level in from its parent's */
      g_assert_cmpfloat (bars[0].origin.x, <, bars[1].origin.x);
    }
}

/* Rows of every kind are of one height, whatever their font (monospace tools, the bold leaf),
 * a pill or the label editor; larger text too. */
static void
test_row_heights (Fixture       *f,
                  gconstpointer  data)
{
  g_autoptr(GtkCssProvider) css = gtk_css_provider_new ();
  const char *ids[] = {
    "a1000001", "a1000002", "a1000003", "a1000006", "c3000001", "e5000003", "e5000009",
    "e5000013", "e5000014", "d4000006",
  };
  int height = -1;

  /* text at a size where the kinds' fonts differ from the CSS minimum height */
  gtk_css_provider_load_from_data (css, "sessionrow { font-size: 20pt; }", -1);
  gtk_style_context_add_provider_for_display (gdk_display_get_default (), GTK_STYLE_PROVIDER (css),
                                              GTK_STYLE_PROVIDER_PRIORITY_USER);
  settle (200);
  ramo_session_tree_edit_label (tree_of (f), "a1000002");
  settle (200);
  g_assert_true (ramo_session_row_get_editing (wait_for_row (f, "a1000002")));

  for (guint i = 0; i < G_N_ELEMENTS (ids); i++)
    {
      RamoSessionRow *row = wait_for_row (f, ids[i]);
      int min, nat;

      gtk_widget_measure (GTK_WIDGET (row), GTK_ORIENTATION_VERTICAL, -1, &min, &nat, NULL, NULL);
      g_test_message ("%s (%s): %d", ids[i], ramo_projection_node_get_kind (ramo_session_row_get_node (row)), nat);
      if (height < 0)
        height = nat;
      g_assert_cmpint (nat, ==, height);
      g_assert_cmpint (min, ==, height);
    }
  g_assert_cmpint (height, >, 28);
  gtk_style_context_remove_provider_for_display (gdk_display_get_default (), GTK_STYLE_PROVIDER (css));
}

/* The text is centred on the marker's line: a long text (ellipsized) as a short one. */
static void
test_row_text_centred (Fixture       *f,
                       gconstpointer  data)
{
  /* "user: Our weather CLI calls the forecast API on every run…", then a short one */
  double long_offset = text_offset_from_marker (wait_for_row (f, "a1000001"));
  double short_offset = text_offset_from_marker (wait_for_row (f, "b2000001"));

  g_test_message ("text below the marker's middle: long %.1f, short %.1f", long_offset, short_offset);
  g_assert_cmpfloat (ABS (long_offset - short_offset), <=, 1.0);
  g_assert_cmpfloat (ABS (long_offset), <=, 2.5);
}

/* The selected row differs clearly from the active path's band. */
static void
test_row_selected_colour (Fixture       *f,
                          gconstpointer  data)
{
  GtkWidget *view = GTK_WIDGET (ramo_session_tree_get_list_view (tree_of (f)));
  RamoSessionRow *selected, *band;
  cairo_surface_t *surface;
  graphene_rect_t s, b;
  int rgb_s[3], rgb_b[3];
  double distance;

  g_assert_true (ramo_session_tree_select_entry (tree_of (f), "a1000002"));
  settle (100);
  selected = wait_for_row (f, "a1000002");
  band = wait_for_row (f, "a1000006");
  g_assert_true (gtk_widget_has_css_class (GTK_WIDGET (selected), "active-path"));
  g_assert_true (gtk_widget_has_css_class (GTK_WIDGET (band), "active-path"));

  s = bounds_in (GTK_WIDGET (selected), view);
  b = bounds_in (GTK_WIDGET (band), view);
  surface = draw_widget (view);
  /* in the rows, right of their text (both are cut short on this window) and of the scrollbar */
  pixel_at (surface, (int) (s.origin.x + s.size.width) - 2, (int) (s.origin.y + s.size.height / 2), rgb_s);
  pixel_at (surface, (int) (b.origin.x + b.size.width) - 2, (int) (b.origin.y + b.size.height / 2), rgb_b);
  cairo_surface_destroy (surface);
  distance = sqrt ((rgb_s[0] - rgb_b[0]) * (rgb_s[0] - rgb_b[0]) + (rgb_s[1] - rgb_b[1]) * (rgb_s[1] - rgb_b[1]) +
                   (rgb_s[2] - rgb_b[2]) * (rgb_s[2] - rgb_b[2]));
  g_test_message ("selected %d,%d,%d, band %d,%d,%d: %.0f apart", rgb_s[0], rgb_s[1], rgb_s[2],
                  rgb_b[0], rgb_b[1], rgb_b[2], distance);
  g_assert_cmpfloat (distance, >=, 50);
}

/* A row's tooltip never covers its own menu. */
static void
test_row_tooltip_menu (Fixture       *f,
                       gconstpointer  data)
{
  GtkPopover *popover = ramo_session_tree_get_menu (tree_of (f));
  RamoSessionRow *row;

  g_assert_true (ramo_session_tree_select_entry (tree_of (f), "e0000009"));
  row = wait_for_row (f, "e0000009");
  g_assert_true (gtk_widget_get_has_tooltip (GTK_WIDGET (row)));
  g_assert_true (ramo_session_tree_popup_menu (tree_of (f)));
  settle (100);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (popover)));
  g_assert_false (gtk_widget_get_has_tooltip (GTK_WIDGET (row)));
  gtk_popover_popdown (popover);
  settle (100);
  g_assert_true (gtk_widget_get_has_tooltip (GTK_WIDGET (row)));
}

/* A user message and a shell command with control characters: tab, carriage return, escape
 * sequences, a bell, a C1 control (U+0085), DEL. */
static const char controls_session[] =
  "{\"type\":\"session\",\"version\":3,\"id\":\"0c0ffee0-0000-4000-8000-000000000020\",\"timestamp\":\"2026-01-06T10:00:00.000Z\",\"cwd\":\"/tmp/ctl\"}\n"
  "{\"type\":\"message\",\"id\":\"g0000001\",\"parentId\":null,\"timestamp\":\"2026-01-06T10:00:01.000Z\",\"message\":{\"role\":\"user\",\"content\":\"red\\r\\u001b[31mtext\\u0007 next\\u0085line\\u007f\",\"timestamp\":1}}\n"
  "{\"type\":\"message\",\"id\":\"g0000002\",\"parentId\":\"g0000001\",\"timestamp\":\"2026-01-06T10:00:02.000Z\",\"message\":{\"role\":\"bashExecution\",\"command\":\"printf 'a\\\\tb' \\u001b[0m\",\"output\":\"\",\"exitCode\":0,\"timestamp\":2}}\n";

static gboolean
has_control (const char *text)
{
  for (const char *p = text; *p; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (c < 0x20 || (c >= 0x7f && c <= 0x9f))
        return TRUE;
    }
  return FALSE;
}

/* Control characters have no glyph and were drawn as boxes: rows show them as visible
 * symbols; the file and the entry's text are unchanged. */
static void
test_row_control_characters (Fixture       *f,
                             gconstpointer  data)
{
  RamoSessionRow *row = wait_for_row (f, "g0000001");
  const char *text = gtk_inscription_get_text (ramo_session_row_get_text_label (row));
  RamoEntry *entry = ramo_session_manager_get_entry (ramo_window_get_manager (f->window), "g0000001");

  g_test_message ("shown: %s", text);
  g_assert_true (has_control (entry->display));
  g_assert_false (has_control (text));
  g_assert_cmpstr (text, ==, "user: red ␛[31mtext␇ next\\u0085line␡");

  row = wait_for_row (f, "g0000002");
  text = gtk_inscription_get_text (ramo_session_row_get_text_label (row));
  g_test_message ("shown: %s", text);
  g_assert_false (has_control (text));
  g_assert_nonnull (strstr (text, "␛[0m"));

  /* the search still finds, and marks, the words around them */
  set_search (f, "next");
  row = wait_for_row (f, "g0000001");
  g_assert_nonnull (gtk_inscription_get_attributes (ramo_session_row_get_text_label (row)));
}

/* ------------------------------------------------------------------------------------------ */
/* What a screen reader reads                                                                  */

static void
check_mnemonic_buttons (GtkWidget *widget,
                        guint     *n_checked)
{
  gboolean mnemonic = (GTK_IS_BUTTON (widget) && gtk_button_get_use_underline (GTK_BUTTON (widget)) &&
                       gtk_button_get_label (GTK_BUTTON (widget))) ||
                      (GTK_IS_CHECK_BUTTON (widget) && gtk_check_button_get_use_underline (GTK_CHECK_BUTTON (widget)) &&
                       gtk_check_button_get_label (GTK_CHECK_BUTTON (widget)));

  if (mnemonic && GTK_IS_BUTTON (widget))
    {
      /* named by its label child ("Reload"), not by its raw text as well ("_Reload Reload") */
      if (gtk_test_accessible_has_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_LABEL))
        g_error ("the button “%s” has its raw text as its accessible label", gtk_button_get_label (GTK_BUTTON (widget)));
      g_assert_true (gtk_test_accessible_has_relation (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_RELATION_LABELLED_BY));
      (*n_checked)++;
    }
  else if (mnemonic)
    {
      /* named by the property alone: without the underscore */
      g_autofree char *text = g_strdup (gtk_check_button_get_label (GTK_CHECK_BUTTON (widget)));
      char *mark = strchr (text, '_');

      g_assert_nonnull (mark);
      memmove (mark, mark + 1, strlen (mark));
      gtk_test_accessible_assert_property (widget, GTK_ACCESSIBLE_PROPERTY_LABEL, text);
      (*n_checked)++;
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    check_mnemonic_buttons (child, n_checked);
}

/* Buttons with a mnemonic are named once, without the underscore ("_Open Session… Open
 * Session…" was read); the tree's rows are named by their text. */
static void
test_accessible_names (Fixture       *f,
                       gconstpointer  data)
{
  RamoSessionRow *row = wait_for_row (f, "e0000003");
  GtkWidget *item = gtk_widget_get_parent (gtk_widget_get_parent (GTK_WIDGET (row)));
  AdwMessageDialog *dialog;
  guint n = 0;

  /* the window's, shown or hidden (the info bars' buttons, the empty and error pages') */
  check_mnemonic_buttons (GTK_WIDGET (f->window), &n);
  g_assert_cmpuint (n, >=, 6);

  /* a dialog's responses and its check button, made by libadwaita */
  activate (f, "navigate", g_variant_new_string ("e0000017"));
  dialog = wait_for_dialog (f);
  n = 0;
  check_mnemonic_buttons (GTK_WIDGET (dialog), &n);
  g_assert_cmpuint (n, >=, 4);
  adw_message_dialog_response (dialog, "cancel");
  settle (50);

  /* a row: its list item (what has the focus) is named by the row, the label first as pi
   * shows it, and described by it (the leaf, the active path) */
  g_assert_cmpint (gtk_accessible_get_accessible_role (GTK_ACCESSIBLE (item)), ==, GTK_ACCESSIBLE_ROLE_LIST_ITEM);
  gtk_test_accessible_assert_property (row, GTK_ACCESSIBLE_PROPERTY_LABEL, "[plan-a] user: Approach A");
  gtk_test_accessible_assert_relation (item, GTK_ACCESSIBLE_RELATION_LABELLED_BY, row, NULL);
  gtk_test_accessible_assert_relation (item, GTK_ACCESSIBLE_RELATION_DESCRIBED_BY, row, NULL);
  row = wait_for_row (f, "e0000014");
  gtk_test_accessible_assert_property (row, GTK_ACCESSIBLE_PROPERTY_LABEL, "assistant: going");
  gtk_test_accessible_assert_property (row, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, "leaf, on the active path");
}

/* ------------------------------------------------------------------------------------------ */
/* The shortcuts window                                                                        */

static void
collect_labels (GtkWidget *widget,
                GString   *out)
{
  if (GTK_IS_LABEL (widget) && gtk_widget_get_visible (widget))
    g_string_append_printf (out, "[%s%s]", gtk_label_get_text (GTK_LABEL (widget)),
                            gtk_widget_has_css_class (widget, "keycap") ? "*" : "");
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    collect_labels (child, out);
}

/* Escape pressed twice is shown as two keys pressed one after the other, not as "Escape or
 * Escape" (the "/" between alternatives). */
static void
test_shortcuts_double_escape (Fixture       *f,
                              gconstpointer  data)
{
  g_autoptr(GtkBuilder) builder = gtk_builder_new_from_resource ("/io/github/ramo/Ramo/gtk/help-overlay.ui");
  GtkWindow *overlay = GTK_WINDOW (gtk_builder_get_object (builder, "help_overlay"));
  GtkShortcutLabel *keys = NULL;
  GString *shown = g_string_new (NULL);
  g_autofree char *text = NULL;

  g_assert_nonnull (overlay);
  for (GtkWidget *w = find_widget (GTK_WIDGET (overlay), is_double_escape_shortcut, NULL); w && keys == NULL;
       w = gtk_widget_get_first_child (w))
    for (GtkWidget *c = w; c && keys == NULL; c = gtk_widget_get_next_sibling (c))
      if (GTK_IS_SHORTCUT_LABEL (c))
        keys = GTK_SHORTCUT_LABEL (c);
  g_assert_nonnull (keys);
  collect_labels (GTK_WIDGET (keys), shown);
  text = g_string_free (shown, FALSE);
  g_test_message ("double Escape is shown as %s", text);
  g_assert_null (strstr (text, "[/]"));
  g_assert_nonnull (strstr (text, "[Escape*]"));
  g_assert_true (strstr (text, "[Escape*]") != g_strrstr (text, "[Escape*]"));   /* the key twice */
  gtk_window_destroy (overlay);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  /* no model for summaries: not from the environment, nor from pi's settings */
  g_unsetenv ("OPENAI_API_KEY");
  g_unsetenv ("ANTHROPIC_API_KEY");
  g_setenv ("HOME", ramo_test_tmpdir (), TRUE);

  if (!gtk_init_check ())
    {
      g_printerr ("no display: skipping the window tests\n");
      return 77;
    }
  adw_init ();
  {
    /* what the application loads for its windows (AdwApplication's style.css) */
    g_autoptr(GtkCssProvider) css = gtk_css_provider_new ();

    gtk_css_provider_load_from_resource (css, "/io/github/ramo/Ramo/style.css");
    gtk_style_context_add_provider_for_display (gdk_display_get_default (), GTK_STYLE_PROVIDER (css),
                                                GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
  }

#define ADD(path, func, data) \
  g_test_add ("/ui/window-controls/" path, Fixture, data, fixture_set_up, func, fixture_tear_down)

  ADD ("menu-edit-label", test_menu_edit_label, NULL);
  ADD ("branch-in-tree", test_branch_in_tree, NULL);
  ADD ("branch-picker", test_branch_picker, NULL);
  ADD ("summary-dialog-enter", test_summary_dialog_enter, NULL);
  ADD ("nothing-to-summarize", test_nothing_to_summarize, NULL);
  ADD ("view-not-carried-over", test_view_not_carried_over, NULL);
  ADD ("row-bar-before-label", test_row_bar_before_label, "example");
  ADD ("row-heights", test_row_heights, "example");
  ADD ("row-text-centred", test_row_text_centred, "example");
  ADD ("row-selected-colour", test_row_selected_colour, "example");
  ADD ("row-tooltip-menu", test_row_tooltip_menu, NULL);
  ADD ("row-control-characters", test_row_control_characters, controls_session);
  ADD ("shortcuts-double-escape", test_shortcuts_double_escape, NULL);
  ADD ("accessible-names", test_accessible_names, NULL);

#undef ADD

  return g_test_run ();
}

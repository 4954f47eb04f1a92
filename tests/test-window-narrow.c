/* test-window-narrow.c — the window at any width: one pane at a time when narrow, and a title
 * that is not cut while there is room for it (issue 18)
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

#include "ramo-window.h"
#include "ramo-window-private.h"
#include "ramo-test-util.h"
#include "test-window-util.h"

/*
 * The bundled example session in a window resized as a user would: wide (the tree and the
 * detail pane side by side), narrow (one at a time, with a way to the other and back), wide
 * again (nothing lost). And the header bar's title, read from the AdwWindowTitle's own label:
 * whole at the usual widths, with a name as long as Ramo shows (60 characters), and cut only
 * once the buttons that can give way have.
 */

#define WIDE   1200
#define NARROW 600
#define LONG_NAME "Weather CLI: cache the API responses, retry when they fail"

typedef struct
{
  char       *path;
  RamoWindow *window;
  const char *title;
} Fixture;

/* Resizes the window as the user's window manager would, and lets it lay out again (and the
 * leaflet finish its fold or unfold). */
static void
resize (Fixture *f,
        int      width)
{
  GtkWidget *window = GTK_WIDGET (f->window);

  gtk_window_set_default_size (GTK_WINDOW (f->window), width, 700);
  /* (Xvfb without a window manager makes a wide window 10 px narrower than asked) */
  for (guint tries = 0; tries < 100 && ABS (gtk_widget_get_width (window) - width) > 10; tries++)
    ramo_test_spin (20);
  window_test_settle (400);
  g_assert_cmpint (ABS (gtk_widget_get_width (window) - width), <=, 10);
}

static void
open_window (Fixture    *f,
             const char *contents)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GFile) file = NULL;

  f->path = ramo_test_write_file ("session.jsonl", contents, -1);
  f->window = g_object_ref (ramo_window_new (NULL));
  gtk_window_set_default_size (GTK_WINDOW (f->window), WIDE, 700);
  file = g_file_new_for_path (f->path);
  g_assert_true (ramo_window_open_file (f->window, file, &error));
  g_assert_no_error (error);
  gtk_window_present (GTK_WINDOW (f->window));
  ramo_test_spin (300);
  window_test_settle (100);
}

static void
fixture_set_up (Fixture       *f,
                gconstpointer  data)
{
  g_autofree char *example = ramo_test_copy_example ();
  g_autofree char *contents = ramo_test_read_file (example, NULL);

  if (g_strcmp0 (data, "long-name") == 0)
    {
      g_auto(GStrv) parts = g_strsplit (contents, "\"name\":\"Weather CLI: cache API responses\"",
                                        2);

      g_assert_cmpuint (g_strv_length (parts), ==, 2);
      g_free (contents);
      contents = g_strconcat (parts[0], "\"name\":\"" LONG_NAME "\"", parts[1], NULL);
      f->title = LONG_NAME;
    }
  else
    f->title = "Weather CLI: cache API responses";
  open_window (f, contents);
}

static void
fixture_tear_down (Fixture       *f,
                   gconstpointer  data)
{
  gtk_window_destroy (GTK_WINDOW (f->window));
  g_clear_object (&f->window);
  ramo_test_spin (20);
  g_clear_pointer (&f->path, g_free);
}

/* ------------------------------------------------------------------------------------------ */
/* Helpers                                                                                     */

static gboolean
focus_in (Fixture   *f,
          GtkWidget *widget)
{
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (f->window));

  return focus && (focus == widget || gtk_widget_is_ancestor (focus, widget));
}

static gboolean
folded (Fixture *f)
{
  return adw_leaflet_get_folded (f->window->leaflet);
}

static GtkWidget *
shown_pane (Fixture *f)
{
  return adw_leaflet_get_visible_child (f->window->leaflet);
}

static gboolean
shown (GtkWidget *widget)
{
  return gtk_widget_get_visible (widget) && gtk_widget_get_mapped (widget);
}

/* Both panes side by side, and no button to go from one to the other. */
static void
assert_side_by_side (Fixture *f)
{
  g_assert_false (folded (f));
  g_assert_true (shown (f->window->tree_pane));
  g_assert_true (shown (f->window->detail_pane));
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (f->window->back_button)));
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (f->window->details_button)));
}

/* Lets the leaflet's slide from one pane to the other end (the one left is hidden then). */
static void
wait_for_slide (Fixture *f)
{
  AdwLeaflet *leaflet = f->window->leaflet;

  for (guint tries = 0; tries < 100 && adw_leaflet_get_child_transition_running (leaflet); tries++)
    ramo_test_spin (20);
  g_assert_false (adw_leaflet_get_child_transition_running (f->window->leaflet));
  window_test_settle (50);
}

/* One pane, @pane, and in the header bar the way to the other. */
static void
assert_one_pane (Fixture   *f,
                 GtkWidget *pane)
{
  gboolean tree = pane == f->window->tree_pane;

  wait_for_slide (f);

  g_assert_true (folded (f));
  g_assert_true (shown_pane (f) == pane);
  g_assert_true (shown (f->window->tree_pane) == tree);
  g_assert_true (shown (f->window->detail_pane) == !tree);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (f->window->back_button)) == !tree);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (f->window->details_button)) == tree);
}

static void
click (GtkButton *button)
{
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (button)));
  g_assert_true (gtk_widget_is_sensitive (GTK_WIDGET (button)));
  gtk_widget_activate (GTK_WIDGET (button));
  window_test_settle (400);
}

/* The tree focused on the row of @id. */
static void
select_in_tree (Fixture    *f,
                const char *id)
{
  RamoSessionTree *tree = ramo_window_get_tree (f->window);

  g_assert_true (ramo_session_tree_select_entry (tree, id));
  ramo_session_tree_focus (tree);
  window_test_settle (200);
  g_assert_cmpstr (ramo_session_tree_get_selected_id (tree), ==, id);
  g_assert_true (focus_in (f, GTK_WIDGET (tree)));
}

static GtkAdjustment *
tree_vadjustment (Fixture *f)
{
  RamoListView *list = ramo_session_tree_get_list_view (ramo_window_get_tree (f->window));

  return gtk_scrollable_get_vadjustment (GTK_SCROLLABLE (list));
}

/* ------------------------------------------------------------------------------------------ */
/* One pane at a time                                                                          */

/* Narrowed, the window shows the tree alone; widened, both panes again, with the selection,
 * the tree's scroll position and the composer's text as they were. */
static void
test_fold_unfold (Fixture       *f,
                  gconstpointer  data)
{
  RamoSessionTree *tree = ramo_window_get_tree (f->window);
  GtkAdjustment *adj = tree_vadjustment (f);
  int min_width;
  double scrolled;

  assert_side_by_side (f);
  select_in_tree (f, "b2000003");
  ramo_window_set_composer_text (f->window, "a draft of mine");
  resize (f, 700);     /* shorter: the tree scrolls */
  scrolled = MIN (gtk_adjustment_get_upper (adj) - gtk_adjustment_get_page_size (adj), 60);
  g_assert_cmpfloat (scrolled, >, 0);
  gtk_adjustment_set_value (adj, scrolled);
  window_test_settle (100);

  resize (f, NARROW);
  assert_one_pane (f, f->window->tree_pane);
  g_assert_true (focus_in (f, GTK_WIDGET (tree)));
  /* one pane fits the narrowest window, the detail pane as well as the tree */
  gtk_widget_measure (adw_application_window_get_content (ADW_APPLICATION_WINDOW (f->window)),
                      GTK_ORIENTATION_HORIZONTAL, -1, &min_width, NULL, NULL, NULL);
  g_assert_cmpint (min_width, <=, 400);

  resize (f, 1300);
  assert_side_by_side (f);
  g_assert_cmpstr (ramo_session_tree_get_selected_id (tree), ==, "b2000003");
  g_assert_cmpfloat (gtk_adjustment_get_value (adj), ==, scrolled);
  {
    g_autofree char *text = ramo_window_dup_composer_text (f->window);

    g_assert_cmpstr (text, ==, "a draft of mine");
  }
}

/* Side by side at 820 px, one at a time at 790 px, and the tree alone fills a window of 400 px,
 * the narrowest. */
static void
test_threshold (Fixture       *f,
                gconstpointer  data)
{
  resize (f, 820);
  assert_side_by_side (f);
  resize (f, 790);
  assert_one_pane (f, f->window->tree_pane);
  resize (f, 400);
  assert_one_pane (f, f->window->tree_pane);
  g_assert_cmpint (gtk_widget_get_width (f->window->tree_pane), ==, 400);
}

/* Folded: the header bar's button shows the selected entry, its back button the tree again,
 * the focus going with them (a keyboard user lands in the pane shown). */
static void
test_details_and_back (Fixture       *f,
                       gconstpointer  data)
{
  RamoSessionTree *tree = ramo_window_get_tree (f->window);

  resize (f, NARROW);
  select_in_tree (f, "b2000003");
  assert_one_pane (f, f->window->tree_pane);

  click (f->window->details_button);
  assert_one_pane (f, f->window->detail_pane);
  g_assert_cmpstr (ramo_window_get_detail_page (f->window), ==, "entry");
  g_assert_cmpstr (ramo_entry_view_get_entry_id (ramo_window_get_entry_view (f->window)), ==,
                   "b2000003");
  g_assert_true (focus_in (f, f->window->detail_pane));

  click (f->window->back_button);
  assert_one_pane (f, f->window->tree_pane);
  g_assert_true (focus_in (f, GTK_WIDGET (tree)));
  g_assert_cmpstr (ramo_session_tree_get_selected_id (tree), ==, "b2000003");

  /* the context, by the action (as a script or a key would) */
  window_test_activate (f->window, "show-pane", g_variant_new_string ("context"));
  assert_one_pane (f, f->window->detail_pane);
  g_assert_cmpstr (ramo_window_get_detail_page (f->window), ==, "context");
  g_assert_true (focus_in (f, f->window->detail_pane));

  /* libadwaita's own way back (Alt+Left, the mouse's back button, a swipe) */
  g_assert_true (adw_leaflet_navigate (f->window->leaflet, ADW_NAVIGATION_DIRECTION_BACK));
  window_test_settle (400);
  assert_one_pane (f, f->window->tree_pane);
  g_assert_true (focus_in (f, GTK_WIDGET (tree)));
}

/* Folded on the detail pane, what puts the focus in the tree shows the tree: Ctrl+F, Ctrl+T,
 * Ctrl+B. */
static void
test_focus_shows_pane (Fixture       *f,
                       gconstpointer  data)
{
  resize (f, NARROW);
  window_test_activate (f->window, "show-pane", g_variant_new_string ("entry"));
  assert_one_pane (f, f->window->detail_pane);

  window_test_activate (f->window, "search", NULL);
  window_test_settle (300);
  assert_one_pane (f, f->window->tree_pane);
  g_assert_true (focus_in (f, GTK_WIDGET (ramo_window_get_search_entry (f->window))));

  window_test_activate (f->window, "show-pane", g_variant_new_string ("entry"));
  assert_one_pane (f, f->window->detail_pane);
  window_test_activate (f->window, "tree", NULL);
  window_test_settle (300);
  assert_one_pane (f, f->window->tree_pane);
  g_assert_true (focus_in (f, GTK_WIDGET (ramo_window_get_tree (f->window))));

  /* Branch, chosen in the tree */
  window_test_activate (f->window, "show-pane", g_variant_new_string ("entry"));
  assert_one_pane (f, f->window->detail_pane);
  window_test_activate (f->window, "branch-command", NULL);
  window_test_settle (300);
  g_assert_true (ramo_window_get_branching_in_tree (f->window));
  assert_one_pane (f, f->window->tree_pane);
  ramo_window_end_branch_in_tree (f->window);
}

/* The pane left when the window narrows is the one the user was in. */
static void
test_fold_keeps_pane (Fixture       *f,
                      gconstpointer  data)
{
  resize (f, NARROW);
  window_test_activate (f->window, "show-pane", g_variant_new_string ("entry"));
  assert_one_pane (f, f->window->detail_pane);

  resize (f, WIDE);
  assert_side_by_side (f);
  g_assert_true (focus_in (f, f->window->detail_pane));
  resize (f, NARROW);
  assert_one_pane (f, f->window->detail_pane);

  resize (f, WIDE);
  ramo_session_tree_focus (ramo_window_get_tree (f->window));
  window_test_settle (200);
  resize (f, NARROW);
  assert_one_pane (f, f->window->tree_pane);
}

/* ------------------------------------------------------------------------------------------ */
/* The title                                                                                   */

static gboolean
is_title_label (GtkWidget     *widget,
                gconstpointer  data)
{
  return GTK_IS_LABEL (widget) && gtk_widget_has_css_class (widget, "title");
}

static gboolean
is_header_bar (GtkWidget     *widget,
               gconstpointer  data)
{
  return ADW_IS_HEADER_BAR (widget);
}

static void
collect_squeezers (GtkWidget *widget,
                   GPtrArray *squeezers)
{
  if (ADW_IS_SQUEEZER (widget))
    g_ptr_array_add (squeezers, widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_squeezers (child, squeezers);
}

/* Whether the header bar's title, as drawn, is cut short. */
static gboolean
title_is_cut (Fixture *f)
{
  GtkLabel *label = GTK_LABEL (find_widget (GTK_WIDGET (f->window->window_title), is_title_label, NULL));

  g_assert_nonnull (label);
  g_assert_cmpstr (gtk_label_get_text (label), ==, f->title);
  return pango_layout_is_ellipsized (gtk_label_get_layout (label));
}

/* The session's name shows whole in the header bar at 1400, 1000 and 800 px, and where it is
 * cut (a narrower window), the buttons that can give way (Open, Branch: both in the menu)
 * have given way first. */
static void
test_title (Fixture       *f,
            gconstpointer  data)
{
  static const int whole[] = { 1400, 1000, 800 };
  g_autoptr(GPtrArray) squeezers = g_ptr_array_new ();
  gboolean cut_once = FALSE;

  for (guint i = 0; i < G_N_ELEMENTS (whole); i++)
    {
      resize (f, whole[i]);
      g_assert_false (title_is_cut (f));
    }

  collect_squeezers (find_widget (GTK_WIDGET (f->window), is_header_bar, NULL), squeezers);
  g_assert_cmpuint (squeezers->len, ==, 2);
  for (int width = 760; width >= 400; width -= 40)
    {
      resize (f, width);
      if (!title_is_cut (f))
        continue;
      cut_once = TRUE;
      for (guint i = 0; i < squeezers->len; i++)
        g_assert_null (adw_squeezer_get_visible_child (g_ptr_array_index (squeezers, i)));
    }
  /* the narrowest window cannot hold this name beside the window's buttons */
  g_assert_true (cut_once);
}

/* GTK 4.8 warns when a widget in a leaflet's sliding page is drawn in the frame its page stops
 * being allocated ("Trying to snapshot GtkStack without a current allocation"); the frame after
 * draws it whole. That one warning is not a failure here; every other one still is. */
static gboolean
fatal_log_cb (const char     *log_domain,
              GLogLevelFlags  log_level,
              const char     *message,
              gpointer        user_data)
{
  return !(g_strcmp0 (log_domain, "Gtk") == 0 && message != NULL &&
           g_str_has_prefix (message, "Trying to snapshot ") && strstr (message, "without a current allocation") != NULL);
}

int
main (int   argc,
      char *argv[])
{
  if (!window_test_init (&argc, &argv))
    return 77;
  g_test_log_set_fatal_handler (fatal_log_cb, NULL);
  {
    /* what the application loads for its windows (AdwApplication's style.css) */
    g_autoptr(GtkCssProvider) css = gtk_css_provider_new ();

    gtk_css_provider_load_from_resource (css, "/io/github/ramo/Ramo/style.css");
    gtk_style_context_add_provider_for_display (gdk_display_get_default (),
                                                GTK_STYLE_PROVIDER (css),
                                                GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
  }

#define ADD(path, func, data) \
  g_test_add ("/ui/window-narrow/" path, Fixture, data, fixture_set_up, func, fixture_tear_down)

  ADD ("fold-unfold", test_fold_unfold, NULL);
  ADD ("threshold", test_threshold, NULL);
  ADD ("details-and-back", test_details_and_back, NULL);
  ADD ("focus-shows-pane", test_focus_shows_pane, NULL);
  ADD ("fold-keeps-pane", test_fold_keeps_pane, NULL);
  ADD ("title", test_title, NULL);
  ADD ("title-long-name", test_title, "long-name");

#undef ADD

  return g_test_run ();
}

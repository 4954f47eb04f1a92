/* test-list-view.c — RamoListView over a plain list: which rows get list items, scrolling,
 * changes above the view, selection, the cursor keys' actions and activation.
 *
 * Copyright 2026 The Ramo authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>

#include <adwaita.h>

#include "ramo-list-view.h"
#include "ramo-test-util.h"

#define N_ROWS 10000

typedef struct
{
  GtkWindow          *window;
  GtkScrolledWindow  *scrolled;
  RamoListView       *view;
  GtkStringList      *list;
  GtkSingleSelection *selection;
  guint               n_bound;
  guint               n_activated;
  guint               activated;
} Fixture;

static GtkWidget *
setup_label (gpointer user_data)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_widget_set_size_request (label, -1, 24);
  return label;
}

static void
bind_cb (RamoListView *view,
         GtkWidget    *child,
         GObject      *item,
         Fixture      *f)
{
  f->n_bound++;
  gtk_label_set_text (GTK_LABEL (child), gtk_string_object_get_string (GTK_STRING_OBJECT (item)));
}

static void
unbind_cb (RamoListView *view,
           GtkWidget    *child,
           Fixture      *f)
{
  gtk_label_set_text (GTK_LABEL (child), "");
}

static void
activate_cb (RamoListView *view,
             guint         position,
             Fixture      *f)
{
  f->n_activated++;
  f->activated = position;
}

static void
after_paint_cb (GdkFrameClock *clock,
                guint         *n_frames)
{
  (*n_frames)++;
}

/* Waits until the view has drawn @n frames since now (its rows are laid out by then): on a
 * slow machine (valgrind) that takes much longer than on a fast one. */
static void
wait_frames (Fixture *f,
             guint    n)
{
  GdkFrameClock *clock;
  gint64 start = g_get_monotonic_time ();
  guint n_frames = 0;
  gulong handler;

  while (!gtk_widget_get_mapped (GTK_WIDGET (f->view)) || gtk_widget_get_height (GTK_WIDGET (f->view)) == 0)
    {
      g_assert_cmpint (g_get_monotonic_time () - start, <, 60 * G_USEC_PER_SEC);
      g_main_context_iteration (NULL, TRUE);
    }
  clock = gtk_widget_get_frame_clock (GTK_WIDGET (f->view));
  handler = g_signal_connect (clock, "after-paint", G_CALLBACK (after_paint_cb), &n_frames);
  while (n_frames < n)
    {
      g_assert_cmpint (g_get_monotonic_time () - start, <, 60 * G_USEC_PER_SEC);
      gtk_widget_queue_draw (GTK_WIDGET (f->view));
      g_main_context_iteration (NULL, TRUE);
    }
  g_signal_handler_disconnect (clock, handler);
}

static void
fixture_set_up (Fixture       *f,
                gconstpointer  data)
{
  f->list = gtk_string_list_new (NULL);
  for (guint i = 0; i < N_ROWS; i++)
    {
      g_autofree char *text = g_strdup_printf ("row %u", i);

      gtk_string_list_append (f->list, text);
    }
  f->selection = gtk_single_selection_new (G_LIST_MODEL (g_object_ref (f->list)));
  gtk_single_selection_set_autoselect (f->selection, FALSE);
  gtk_single_selection_set_can_unselect (f->selection, TRUE);
  gtk_single_selection_set_selected (f->selection, GTK_INVALID_LIST_POSITION);

  f->view = RAMO_LIST_VIEW (ramo_list_view_new ());
  ramo_list_view_set_setup_func (f->view, setup_label, f);
  g_signal_connect (f->view, "bind", G_CALLBACK (bind_cb), f);
  g_signal_connect (f->view, "unbind", G_CALLBACK (unbind_cb), f);
  g_signal_connect (f->view, "activate", G_CALLBACK (activate_cb), f);
  ramo_list_view_set_model (f->view, GTK_SELECTION_MODEL (f->selection));

  f->scrolled = GTK_SCROLLED_WINDOW (gtk_scrolled_window_new ());
  gtk_scrolled_window_set_policy (f->scrolled, GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_child (f->scrolled, GTK_WIDGET (f->view));

  f->window = GTK_WINDOW (gtk_window_new ());
  gtk_window_set_default_size (f->window, 300, 400);
  gtk_window_set_child (f->window, GTK_WIDGET (f->scrolled));
  gtk_window_present (f->window);
  wait_frames (f, 3);
}

static void
fixture_tear_down (Fixture       *f,
                   gconstpointer  data)
{
  gtk_window_destroy (f->window);
  g_clear_object (&f->selection);
  g_clear_object (&f->list);
  ramo_test_spin (20);
}

static GtkAdjustment *
vadjustment (Fixture *f)
{
  return gtk_scrollable_get_vadjustment (GTK_SCROLLABLE (f->view));
}

static double
row_height (Fixture *f)
{
  return gtk_adjustment_get_step_increment (vadjustment (f));
}

static const char *
text_of (GtkWidget *list_item)
{
  return gtk_label_get_text (GTK_LABEL (gtk_widget_get_first_child (list_item)));
}

/* The first row wholly in view. */
static guint
top_row (Fixture *f)
{
  return (guint) ceil (gtk_adjustment_get_value (vadjustment (f)) / row_height (f));
}

/* Every row in view has a list item that shows it where it belongs; list items bound to no
 * row are not shown; and there are list items for few more rows than are in view. */
static void
check_rows (Fixture *f)
{
  double value = gtk_adjustment_get_value (vadjustment (f));
  int height = gtk_widget_get_height (GTK_WIDGET (f->view));
  double rh = row_height (f);
  guint n_items = g_list_model_get_n_items (G_LIST_MODEL (f->selection));
  guint first = (guint) floor (value / rh);
  guint end = MIN (n_items, (guint) ceil ((value + height) / rh));
  guint n_bound = 0;

  g_assert_cmpfloat (rh, >=, 24);
  g_assert_cmpint (height, >, 0);

  for (guint i = first; i < end; i++)
    {
      GtkWidget *item = ramo_list_view_get_list_item (f->view, i);
      g_autoptr(GtkStringObject) string = g_list_model_get_item (G_LIST_MODEL (f->selection), i);
      graphene_rect_t bounds;

      g_assert_nonnull (item);
      g_assert_cmpstr (text_of (item), ==, gtk_string_object_get_string (string));
      g_assert_true (gtk_widget_compute_bounds (item, GTK_WIDGET (f->view), &bounds));
      g_assert_cmpfloat (fabs (bounds.origin.y - (i * rh - value)), <, 1.0);
      g_assert_cmpfloat (bounds.size.height, ==, rh);
    }

  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (f->view));
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      guint position = ramo_list_view_get_position (f->view, child);

      if (position == GTK_INVALID_LIST_POSITION)
        {
          g_assert_false (gtk_widget_get_child_visible (child));
          g_assert_cmpstr (text_of (child), ==, "");
          continue;
        }
      n_bound++;
      g_assert_cmpuint (position, <, n_items);
      {
        g_autoptr(GtkStringObject) string = g_list_model_get_item (G_LIST_MODEL (f->selection), position);

        g_assert_cmpstr (text_of (child), ==, gtk_string_object_get_string (string));
      }
    }
  g_assert_cmpuint (n_bound, ==, ramo_list_view_get_n_list_items (f->view));
  /* two more on either side, and the row with the focus */
  g_assert_cmpuint (n_bound, <=, end - first + 2 * 2 + 1);
}

static void
test_rows_in_view (Fixture       *f,
                   gconstpointer  data)
{
  check_rows (f);
  g_assert_cmpfloat (gtk_adjustment_get_upper (vadjustment (f)), ==, N_ROWS * row_height (f));

  /* scrolling binds the rows that come into view, not those it passes */
  f->n_bound = 0;
  gtk_adjustment_set_value (vadjustment (f), 4000 * row_height (f) + 5);
  wait_frames (f, 3);
  check_rows (f);
  g_assert_cmpuint (f->n_bound, <=, ramo_list_view_get_n_list_items (f->view));

  /* a small step rebinds only the rows that come into view */
  f->n_bound = 0;
  gtk_adjustment_set_value (vadjustment (f), 4001 * row_height (f) + 5);
  wait_frames (f, 3);
  check_rows (f);
  g_assert_cmpuint (f->n_bound, ==, 1);

  /* a smaller window keeps fewer list items bound */
  gtk_window_set_default_size (f->window, 300, 200);
  wait_frames (f, 3);
  check_rows (f);
}

static void
test_scroll_to (Fixture       *f,
                gconstpointer  data)
{
  double rh;
  int height;

  /* below the view: the row ends up at the bottom */
  ramo_list_view_scroll_to (f->view, 5000);
  wait_frames (f, 3);
  check_rows (f);
  rh = row_height (f);
  height = gtk_widget_get_height (GTK_WIDGET (f->view));
  g_assert_cmpfloat (gtk_adjustment_get_value (vadjustment (f)), ==, 5001 * rh - height);

  /* in view: nothing moves */
  ramo_list_view_scroll_to (f->view, 4999);
  wait_frames (f, 3);
  g_assert_cmpfloat (gtk_adjustment_get_value (vadjustment (f)), ==, 5001 * rh - height);

  /* above the view: at the top */
  ramo_list_view_scroll_to (f->view, 100);
  wait_frames (f, 3);
  g_assert_cmpfloat (gtk_adjustment_get_value (vadjustment (f)), ==, 100 * rh);
  check_rows (f);

  /* the last row */
  ramo_list_view_scroll_to (f->view, N_ROWS - 1);
  wait_frames (f, 3);
  g_assert_cmpfloat (gtk_adjustment_get_value (vadjustment (f)), ==, N_ROWS * rh - height);
  check_rows (f);
}

static void
test_changes_above (Fixture       *f,
                    gconstpointer  data)
{
  const char *added[] = { "new a", "new b", "new c", NULL };
  guint top;

  gtk_adjustment_set_value (vadjustment (f), 3000 * row_height (f));
  wait_frames (f, 3);
  top = top_row (f);
  g_assert_cmpuint (top, ==, 3000);

  /* rows added above the view: the same rows stay in view, where they were */
  gtk_string_list_splice (f->list, 10, 0, added);
  wait_frames (f, 3);
  g_assert_cmpuint (top_row (f), ==, 3003);
  g_assert_cmpstr (text_of (ramo_list_view_get_list_item (f->view, 3003)), ==, "row 3000");
  check_rows (f);

  /* and removed */
  gtk_string_list_splice (f->list, 0, 5, NULL);
  wait_frames (f, 3);
  g_assert_cmpuint (top_row (f), ==, 2998);
  g_assert_cmpstr (text_of (ramo_list_view_get_list_item (f->view, 2998)), ==, "row 3000");
  check_rows (f);

  /* at the end of the list too (the scroll range grows first) */
  ramo_list_view_scroll_to (f->view, g_list_model_get_n_items (G_LIST_MODEL (f->list)) - 1);
  wait_frames (f, 3);
  top = top_row (f);
  {
    g_autofree char *top_text = g_strdup (text_of (ramo_list_view_get_list_item (f->view, top)));

    gtk_string_list_splice (f->list, 10, 0, added);
    wait_frames (f, 3);
    g_assert_cmpuint (top_row (f), ==, top + 3);
    g_assert_cmpstr (text_of (ramo_list_view_get_list_item (f->view, top + 3)), ==, top_text);
    check_rows (f);

    /* and removed again */
    gtk_string_list_splice (f->list, 10, 3, NULL);
    wait_frames (f, 3);
    g_assert_cmpuint (top_row (f), ==, top);
    g_assert_cmpstr (text_of (ramo_list_view_get_list_item (f->view, top)), ==, top_text);
  }
  gtk_adjustment_set_value (vadjustment (f), 2998 * row_height (f));
  wait_frames (f, 3);

  /* rows removed in view: their list items show the rows that take their places */
  g_assert_cmpstr (text_of (ramo_list_view_get_list_item (f->view, 2998)), ==, "row 3000");
  gtk_string_list_splice (f->list, 3000, 4, NULL);
  wait_frames (f, 3);
  g_assert_cmpstr (text_of (ramo_list_view_get_list_item (f->view, 3000)), ==, "row 3006");
  check_rows (f);

  /* every row gone */
  gtk_string_list_splice (f->list, 0, g_list_model_get_n_items (G_LIST_MODEL (f->list)), NULL);
  wait_frames (f, 3);
  g_assert_cmpuint (ramo_list_view_get_n_list_items (f->view), ==, 0);
}

static void
test_select_and_keys (Fixture       *f,
                      gconstpointer  data)
{
  GtkWidget *item;
  GtkWidget *other;
  GtkWidget *focus;

  /* what a right click on a row does */
  item = ramo_list_view_get_list_item (f->view, 3);
  other = ramo_list_view_get_list_item (f->view, 4);
  g_assert_true (gtk_widget_activate_action (item, "listitem.select", "(bb)", FALSE, FALSE));
  g_assert_cmpuint (gtk_single_selection_get_selected (f->selection), ==, 3);
  g_assert_true (gtk_widget_get_state_flags (item) & GTK_STATE_FLAG_SELECTED);
  g_assert_false (gtk_widget_get_state_flags (other) & GTK_STATE_FLAG_SELECTED);

  /* the selection set from outside shows too (the list has no focus: the cursor stays) */
  gtk_root_set_focus (GTK_ROOT (f->window), NULL);
  gtk_single_selection_set_selected (f->selection, 4);
  g_assert_false (gtk_widget_get_state_flags (item) & GTK_STATE_FLAG_SELECTED);
  g_assert_true (gtk_widget_get_state_flags (other) & GTK_STATE_FLAG_SELECTED);

  /* the keyboard: the focus goes to the row last chosen in the view (as in GtkListView), and
   * moves with the cursor keys, the selection with it */
  gtk_root_set_focus (GTK_ROOT (f->window), NULL);
  gtk_widget_grab_focus (GTK_WIDGET (f->view));
  focus = gtk_root_get_focus (GTK_ROOT (f->window));
  g_assert_true (focus == ramo_list_view_get_list_item (f->view, 3));

  /* a row selected from code while the list has the focus: the keys go on from it */
  gtk_single_selection_set_selected (f->selection, 6);
  g_assert_true (gtk_widget_activate_action (focus, "list.move-cursor", "i", 2));
  g_assert_cmpuint (gtk_single_selection_get_selected (f->selection), ==, 6 + (guint) (gtk_widget_get_height (GTK_WIDGET (f->view)) / row_height (f)));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->view), "list.move-cursor", "i", G_MININT));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->view), "list.move-cursor", "i", 1));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->view), "list.move-cursor", "i", 1));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->view), "list.move-cursor", "i", -1));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->view), "list.move-cursor", "i", 4));
  g_assert_cmpuint (gtk_single_selection_get_selected (f->selection), ==, 5);
  g_assert_true (gtk_root_get_focus (GTK_ROOT (f->window)) == ramo_list_view_get_list_item (f->view, 5));

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->view), "list.move-cursor", "i", G_MAXINT));
  wait_frames (f, 3);
  g_assert_cmpuint (gtk_single_selection_get_selected (f->selection), ==, N_ROWS - 1);
  g_assert_true (gtk_root_get_focus (GTK_ROOT (f->window)) == ramo_list_view_get_list_item (f->view, N_ROWS - 1));
  check_rows (f);

  /* a page up moves by the rows in view */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->view), "list.move-cursor", "i", -2));
  wait_frames (f, 3);
  g_assert_cmpuint (gtk_single_selection_get_selected (f->selection), ==,
                    N_ROWS - 1 - (guint) (gtk_widget_get_height (GTK_WIDGET (f->view)) / row_height (f)));

  /* the row with the focus keeps its list item while it is scrolled out of view */
  item = gtk_root_get_focus (GTK_ROOT (f->window));
  gtk_adjustment_set_value (vadjustment (f), 0);
  wait_frames (f, 3);
  g_assert_true (gtk_root_get_focus (GTK_ROOT (f->window)) == item);
  g_assert_cmpuint (ramo_list_view_get_position (f->view, item), ==, gtk_single_selection_get_selected (f->selection));
  check_rows (f);

  /* Enter activates the row with the focus */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->view), "list.activate-cursor", NULL));
  g_assert_cmpuint (f->n_activated, ==, 1);
  g_assert_cmpuint (f->activated, ==, gtk_single_selection_get_selected (f->selection));

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->view), "list.move-cursor", "i", G_MININT));
  wait_frames (f, 3);
  g_assert_cmpuint (gtk_single_selection_get_selected (f->selection), ==, 0);
  g_assert_cmpfloat (gtk_adjustment_get_value (vadjustment (f)), ==, 0);
}

static void
test_grow_and_scroll (Fixture       *f,
                      gconstpointer  data)
{
  g_autofree char **strings = g_new0 (char *, N_ROWS + 1);
  guint n;

  /* a short list, shown */
  gtk_string_list_splice (f->list, 10, N_ROWS - 10, NULL);
  wait_frames (f, 3);
  g_assert_cmpfloat (gtk_adjustment_get_upper (vadjustment (f)), ==, gtk_adjustment_get_page_size (vadjustment (f)));

  /* grown at once, and scrolled to a row far below what the old range reached */
  for (guint i = 0; i < N_ROWS - 10; i++)
    strings[i] = g_strdup_printf ("more %u", i);
  gtk_string_list_splice (f->list, 10, 0, (const char * const *) strings);
  for (guint i = 0; strings[i]; i++)
    g_free (strings[i]);
  n = g_list_model_get_n_items (G_LIST_MODEL (f->list));
  g_assert_cmpuint (n, ==, N_ROWS);
  ramo_list_view_scroll_to (f->view, 5000);
  /* at once, not after the next allocation */
  g_assert_nonnull (ramo_list_view_get_list_item (f->view, 5000));
  wait_frames (f, 3);
  check_rows (f);
  g_assert_cmpfloat (gtk_adjustment_get_value (vadjustment (f)), ==,
                     5001 * row_height (f) - gtk_widget_get_height (GTK_WIDGET (f->view)));
}

static void
test_removed_around (Fixture       *f,
                     gconstpointer  data)
{
  GtkWidget *focus;

  /* the focused row goes: the cursor stays where it was, and Down goes on from there */
  g_assert_true (gtk_widget_activate_action (ramo_list_view_get_list_item (f->view, 3), "listitem.select", "(bb)", FALSE, FALSE));
  gtk_widget_grab_focus (ramo_list_view_get_list_item (f->view, 3));
  gtk_string_list_splice (f->list, 2, 3, NULL);
  wait_frames (f, 3);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->view), "list.move-cursor", "i", 1));
  g_assert_cmpuint (gtk_single_selection_get_selected (f->selection), ==, 3);
  g_assert_cmpstr (text_of (gtk_root_get_focus (GTK_ROOT (f->window))), ==, "row 6");

  /* a removal from above the view into it: the rows above it go, the view shows what follows */
  gtk_adjustment_set_value (vadjustment (f), 3000 * row_height (f));
  wait_frames (f, 3);
  g_assert_cmpstr (text_of (ramo_list_view_get_list_item (f->view, 3000)), ==, "row 3003");
  gtk_string_list_splice (f->list, 2990, 20, NULL);
  wait_frames (f, 3);
  g_assert_cmpuint (top_row (f), ==, 2990);
  g_assert_cmpstr (text_of (ramo_list_view_get_list_item (f->view, 2990)), ==, "row 3013");
  check_rows (f);

  /* coming back with Tab to a focused row scrolled out of view shows it */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->view), "list.move-cursor", "i", G_MAXINT));
  wait_frames (f, 3);
  gtk_adjustment_set_value (vadjustment (f), 0);
  wait_frames (f, 3);
  gtk_root_set_focus (GTK_ROOT (f->window), NULL);
  g_assert_true (gtk_widget_child_focus (GTK_WIDGET (f->view), GTK_DIR_TAB_FORWARD));
  wait_frames (f, 3);
  focus = gtk_root_get_focus (GTK_ROOT (f->window));
  g_assert_cmpuint (ramo_list_view_get_position (f->view, focus), ==, g_list_model_get_n_items (G_LIST_MODEL (f->list)) - 1);
  check_rows (f);
  g_assert_cmpfloat (gtk_adjustment_get_value (vadjustment (f)), >, 0);
}

static void
test_freed (void)
{
  GtkWidget *view = g_object_ref_sink (ramo_list_view_new ());
  GtkAdjustment *adjustment = gtk_scrollable_get_vadjustment (GTK_SCROLLABLE (view));

  g_object_add_weak_pointer (G_OBJECT (adjustment), (gpointer *) &adjustment);
  g_object_unref (view);
  g_assert_null (adjustment);
}

static void
test_accessible (Fixture       *f,
                 gconstpointer  data)
{
  g_assert_cmpint (gtk_accessible_get_accessible_role (GTK_ACCESSIBLE (f->view)), ==, GTK_ACCESSIBLE_ROLE_LIST);
  g_assert_cmpint (gtk_accessible_get_accessible_role (GTK_ACCESSIBLE (ramo_list_view_get_list_item (f->view, 0))),
                   ==, GTK_ACCESSIBLE_ROLE_LIST_ITEM);
  g_assert_cmpstr (gtk_widget_get_css_name (GTK_WIDGET (f->view)), ==, "listview");
  g_assert_cmpstr (gtk_widget_get_css_name (ramo_list_view_get_list_item (f->view, 0)), ==, "row");
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  if (!gtk_init_check ())
    {
      g_printerr ("no display: skipping the list view tests\n");
      return 77;
    }
  adw_init ();

#define ADD(path, func) \
  g_test_add ("/ui/list-view/" path, Fixture, NULL, fixture_set_up, func, fixture_tear_down)

  ADD ("rows-in-view", test_rows_in_view);
  ADD ("scroll-to", test_scroll_to);
  ADD ("changes-above", test_changes_above);
  ADD ("select-and-keys", test_select_and_keys);
  ADD ("accessible", test_accessible);
  ADD ("grow-and-scroll", test_grow_and_scroll);
  ADD ("removed-around", test_removed_around);
  g_test_add_func ("/ui/list-view/freed", test_freed);

  return g_test_run ();
}

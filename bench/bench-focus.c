/* bench-focus.c — how long Focus on This Branch and its way back take in the window
 *
 * Copyright 2026 The Ramo authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 *   xvfb-run -a -s "-screen 0 1400x900x24" bench/bench-focus FILE [ID …]
 *
 * Opens FILE in a window (1280×820), waits until every row is in the tree, then for each ID
 * (by default: the first row, whose branch is the whole session; the branch start halfway down
 * the leaf's path; the start of the leaf's segment) selects its row, focuses on its branch and
 * goes back to the whole session, as the row menu's Focus on This Branch and Show Whole Session
 * do (the selection is not timed: selecting a row costs what it costs without a focus). For each step it prints the
 * time to the next frame (and the main thread's CPU time until then, which other processes on
 * the machine do not stretch), the time until every row is in the model, the longest main-loop gap
 * meanwhile (a 1 ms timeout that comes late), and the rows in the model; with
 * BENCH_FOCUS_FILTER=1, then a filter change and back with the same row selected, to compare.
 * Not part of the tests.
 */

#include "config.h"

#include <stdio.h>
#include <time.h>

#include <adwaita.h>

#include "ramo-window.h"

typedef struct
{
  gint64   last_tick;
  gint64   max_gap;
  gboolean painted;
} Probe;

/* Microseconds of CPU time the main thread has used: unlike wall time, it does not grow when
 * other processes take the machine's cores. */
static gint64
thread_cpu_time (void)
{
  struct timespec now;

  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &now);
  return (gint64) now.tv_sec * G_USEC_PER_SEC + now.tv_nsec / 1000;
}

static gboolean
tick_cb (gpointer data)
{
  Probe *probe = data;
  gint64 now = g_get_monotonic_time ();

  probe->max_gap = MAX (probe->max_gap, now - probe->last_tick);
  probe->last_tick = now;
  return G_SOURCE_CONTINUE;
}

static void
after_paint_cb (GdkFrameClock *clock,
                Probe         *probe)
{
  probe->painted = TRUE;
}

static void
spin_until_idle (RamoWindow *window)
{
  RamoSessionTree *tree = ramo_window_get_tree (window);

  while (ramo_window_is_loading (window) || ramo_session_tree_is_filling (tree) || g_main_context_pending (NULL))
    g_main_context_iteration (NULL, TRUE);
}

/* Runs @action(@param) on @window and reports it as @what. */
static void
measure (RamoWindow *window,
         const char *what,
         const char *action,
         GVariant   *param)
{
  RamoSessionTree *tree = ramo_window_get_tree (window);
  GdkFrameClock *clock = gtk_widget_get_frame_clock (GTK_WIDGET (window));
  Probe probe = { 0, 0, FALSE };
  gint64 start, frame = 0, filled, cpu_start, cpu_frame;
  gulong paint_id;
  guint tick_id;

  spin_until_idle (window);
  paint_id = g_signal_connect (clock, "after-paint", G_CALLBACK (after_paint_cb), &probe);
  tick_id = g_timeout_add (1, tick_cb, &probe);

  cpu_start = thread_cpu_time ();
  start = probe.last_tick = g_get_monotonic_time ();
  g_action_group_activate_action (G_ACTION_GROUP (window), action, param);
  /* what the action did in its own main-loop turn counts as a gap */
  tick_cb (&probe);
  while (!probe.painted)
    g_main_context_iteration (NULL, TRUE);
  frame = g_get_monotonic_time ();
  cpu_frame = thread_cpu_time ();
  while (ramo_session_tree_is_filling (tree))
    g_main_context_iteration (NULL, TRUE);
  filled = g_get_monotonic_time ();

  g_source_remove (tick_id);
  g_signal_handler_disconnect (clock, paint_id);
  printf ("%-30s next frame %6.1f ms (CPU %5.1f), every row %7.1f ms, longest gap %6.1f ms, %u rows\n", what,
          (frame - start) / 1000.0, (cpu_frame - cpu_start) / 1000.0, (filled - start) / 1000.0, probe.max_gap / 1000.0,
          g_list_model_get_n_items (G_LIST_MODEL (ramo_session_tree_get_model (tree))));
  fflush (stdout);
}

/* The rows to focus on when none is named: the top row, the branch start halfway down the
 * leaf's path, the start of the leaf's segment. */
static GPtrArray *
default_targets (RamoWindow *window)
{
  RamoProjection *projection = ramo_window_get_projection (window);
  RamoSessionManager *manager = ramo_window_get_manager (window);
  GPtrArray *ids = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) starts = g_ptr_array_new ();
  g_autoptr(RamoProjectionNode) first = g_list_model_get_item (ramo_projection_get_roots (projection), 0);
  RamoEntry *leaf = ramo_projection_nearest_visible (projection, ramo_session_manager_get_leaf (manager));

  g_ptr_array_add (ids, g_strdup (ramo_projection_node_get_id (first)));
  /* the branch starts on the leaf's path, the nearest first */
  for (RamoEntry *e = leaf; e; e = ramo_projection_get_visible_parent (projection, e))
    {
      RamoEntry *parent = ramo_projection_get_visible_parent (projection, e);

      if (parent && ramo_projection_is_branch_point (projection, parent))
        g_ptr_array_add (starts, e);
    }
  if (starts->len > 0)
    {
      g_ptr_array_add (ids, g_strdup (((RamoEntry *) g_ptr_array_index (starts, starts->len / 2))->id));
      g_ptr_array_add (ids, g_strdup (((RamoEntry *) g_ptr_array_index (starts, 0))->id));
    }
  return ids;
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GFile) file = NULL;
  g_autoptr(GPtrArray) ids = NULL;
  RamoWindow *window;
  gint64 start;

  if (argc < 2)
    {
      fprintf (stderr, "usage: bench-focus FILE [ID …]\n");
      return 1;
    }
  /* what Ramo chooses on a software rasterizer (ramo-application.c) */
  g_setenv ("GSK_RENDERER", "cairo", FALSE);
  g_setenv ("GSETTINGS_BACKEND", "memory", FALSE);
  gtk_init ();
  adw_init ();
  {
    g_autoptr(GtkCssProvider) css = gtk_css_provider_new ();

    gtk_css_provider_load_from_resource (css, "/io/github/ramo/Ramo/style.css");
    gtk_style_context_add_provider_for_display (gdk_display_get_default (), GTK_STYLE_PROVIDER (css),
                                                GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
  }

  window = ramo_window_new (NULL);
  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 820);
  gtk_window_present (GTK_WINDOW (window));
  file = g_file_new_for_path (argv[1]);
  start = g_get_monotonic_time ();
  if (!ramo_window_open_file (window, file, &error))
    {
      fprintf (stderr, "%s: %s\n", argv[1], error->message);
      return 2;
    }
  spin_until_idle (window);
  printf ("%s: %u entries, %u rows shown, every row in %.0f ms\n", argv[1],
          ramo_session_manager_get_n_entries (ramo_window_get_manager (window)),
          g_list_model_get_n_items (G_LIST_MODEL (ramo_session_tree_get_model (ramo_window_get_tree (window)))),
          (g_get_monotonic_time () - start) / 1000.0);

  if (argc > 2)
    {
      ids = g_ptr_array_new_with_free_func (g_free);
      for (int i = 2; i < argc; i++)
        g_ptr_array_add (ids, g_strdup (argv[i]));
    }
  else
    ids = default_targets (window);

  for (guint i = 0; i < ids->len; i++)
    {
      const char *id = g_ptr_array_index (ids, i);
      g_autofree char *what = g_strdup_printf ("focus on %s", id);

      /* as a person does: the row selected first (a right click selects it), then focused on */
      ramo_session_tree_select_entry (ramo_window_get_tree (window), id);
      measure (window, what, "focus-branch", g_variant_new_string (id));
      measure (window, "  back to the whole session", "show-whole-session", NULL);
    }

  if (g_getenv ("BENCH_FOCUS_FILTER"))
    {
      /* for comparison: a filter change with the same row selected */
      measure (window, "filter no-tools", "filter", g_variant_new_string ("no-tools"));
      measure (window, "filter default", "filter", g_variant_new_string ("default"));
    }

  gtk_window_destroy (GTK_WINDOW (window));
  return 0;
}

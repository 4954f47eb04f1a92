/* bench-compare-window.c — how long the comparison window takes to show two paths
 *
 * Copyright 2026 The Ramo authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 *   bench/bench-compare 1000 1 --keep /tmp/compare.jsonl
 *   xvfb-run -a -s "-screen 0 1400x900x24" bench/bench-compare-window /tmp/compare.jsonl L999 R999 [RUNS]
 *
 * Opens FILE in a window, then RUNS times (default 5) activates `win.compare` on the two ids,
 * as the row menu's Compare With Selected does, and prints the time from the activation to the
 * comparison window's first frame (the comparison itself, the window, the rows in view laid out
 * and drawn), to every step in its list, the longest main-loop gap meanwhile, and the median of
 * the first. Not part of the tests.
 */

#include "config.h"

#include <stdlib.h>

#include <adwaita.h>

#include "ramo-window.h"

static void
after_paint_cb (GdkFrameClock *clock,
                gpointer       data)
{
  *(gboolean *) data = TRUE;
}

typedef struct
{
  gint64 last;
  gint64 max_gap;
} Gaps;

static gboolean
tick_cb (gpointer data)
{
  Gaps *gaps = data;
  gint64 now = g_get_monotonic_time ();

  gaps->max_gap = MAX (gaps->max_gap, now - gaps->last);
  gaps->last = now;
  return G_SOURCE_CONTINUE;
}

static int
compare_gint64 (gconstpointer a,
                gconstpointer b)
{
  gint64 x = *(const gint64 *) a, y = *(const gint64 *) b;

  return x < y ? -1 : x > y;
}

int
main (int    argc,
      char **argv)
{
  g_autoptr(GFile) file = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) times = g_array_new (FALSE, FALSE, sizeof (gint64));
  guint runs = argc > 4 ? (guint) atoi (argv[4]) : 5;
  RamoWindow *window;

  if (argc < 4)
    {
      g_printerr ("usage: bench-compare-window FILE LEFT_ID RIGHT_ID [RUNS]\n");
      return 1;
    }
  gtk_init ();
  adw_init ();
  window = ramo_window_new (NULL);
  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 820);
  file = g_file_new_for_path (argv[1]);
  if (!ramo_window_open_file (window, file, &error))
    {
      g_printerr ("%s\n", error->message);
      return 1;
    }
  gtk_window_present (GTK_WINDOW (window));
  for (gint64 end = g_get_monotonic_time () + 2 * G_USEC_PER_SEC; g_get_monotonic_time () < end;)
    g_main_context_iteration (NULL, FALSE);

  for (guint r = 0; r < runs; r++)
    {
      gboolean painted = FALSE;
      gint64 start = g_get_monotonic_time ();
      RamoCompareWindow *compare;
      GdkFrameClock *clock;
      gulong id;

      g_action_group_activate_action (G_ACTION_GROUP (window), "compare", g_variant_new ("(ss)", argv[2], argv[3]));
      compare = ramo_window_get_compare_window (window);
      if (compare == NULL)
        {
          g_printerr ("no comparison window\n");
          return 1;
        }
      while (gtk_widget_get_frame_clock (GTK_WIDGET (compare)) == NULL)
        g_main_context_iteration (NULL, TRUE);
      clock = gtk_widget_get_frame_clock (GTK_WIDGET (compare));
      id = g_signal_connect (clock, "after-paint", G_CALLBACK (after_paint_cb), &painted);
      while (!painted)
        g_main_context_iteration (NULL, TRUE);
      g_signal_handler_disconnect (clock, id);
      {
        gint64 frame = g_get_monotonic_time () - start;
        Gaps gaps = { g_get_monotonic_time (), 0 };
        guint tick = g_timeout_add (1, tick_cb, &gaps);

        while (ramo_compare_window_is_filling (compare))
          g_main_context_iteration (NULL, TRUE);
        g_source_remove (tick);
        g_array_append_val (times, frame);
        g_print ("run %u: %.1f ms to the first frame, %.1f ms to every step (%u), longest main-loop gap after the frame %.1f ms\n",
                 r + 1, frame / 1000.0, (g_get_monotonic_time () - start) / 1000.0,
                 ramo_compare_window_get_compare (compare)->pairs->len, gaps.max_gap / 1000.0);
      }
      gtk_window_destroy (GTK_WINDOW (compare));
      for (gint64 end = g_get_monotonic_time () + 300000; g_get_monotonic_time () < end;)
        g_main_context_iteration (NULL, FALSE);
    }
  g_array_sort (times, compare_gint64);
  g_print ("median %.1f ms\n", g_array_index (times, gint64, times->len / 2) / 1000.0);
  return 0;
}

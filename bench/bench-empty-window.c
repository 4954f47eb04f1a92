/* bench-empty-window.c
 *
 * Copyright 2026 The Ramo authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* GTK's own floor for Ramo's first frame: an empty libadwaita window (a header bar with a
 * title, an empty status page, the size Ramo opens at by default), timed as Ramo's window times itself
 * with RAMO_BENCH_STARTUP=1, from the process's start (the kernel's, 10 ms ticks) to the
 * frame clock's first "after-paint". Run it under a display (bench/run.py --window runs it
 * under xvfb-run); it prints one line and quits:
 *
 *   bench-empty-window: process start to the first frame: 96 ms (10 ms ticks)
 */

#include <adwaita.h>
#include <time.h>
#include <unistd.h>

/* Milliseconds since the kernel started this process (field 22 of /proc/self/stat, in clock
 * ticks since boot), or -1. */
static double
ms_since_start (void)
{
  g_autofree char *stat = NULL;
  g_auto(GStrv) fields = NULL;
  struct timespec now;
  const char *tail;
  long hz = sysconf (_SC_CLK_TCK);
  double started;

  if (!g_file_get_contents ("/proc/self/stat", &stat, NULL, NULL) || hz <= 0
      || (tail = strrchr (stat, ')')) == NULL)
    return -1;
  /* after the command: state is field 3, start time field 22 */
  fields = g_strsplit (tail + 2, " ", 0);
  if (g_strv_length (fields) < 20)
    return -1;
  started = g_ascii_strtod (fields[19], NULL) * 1000.0 / hz;
  clock_gettime (CLOCK_BOOTTIME, &now);
  return now.tv_sec * 1000.0 + now.tv_nsec / 1e6 - started;
}

static void
after_paint_cb (GdkFrameClock *clock,
                GApplication  *app)
{
  g_signal_handlers_disconnect_by_func (clock, after_paint_cb, app);
  g_print ("bench-empty-window: process start to the first frame: %.0f ms (10 ms ticks)\n", ms_since_start ());
  g_application_quit (app);
}

static void
map_cb (GtkWidget    *window,
        GApplication *app)
{
  g_signal_connect (gtk_widget_get_frame_clock (window), "after-paint", G_CALLBACK (after_paint_cb), app);
}

static void
activate_cb (GApplication *app)
{
  GtkWidget *window = adw_application_window_new (GTK_APPLICATION (app));
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *header = adw_header_bar_new ();
  GtkWidget *page = adw_status_page_new ();

  adw_header_bar_set_title_widget (ADW_HEADER_BAR (header), adw_window_title_new ("Ramo", NULL));
  adw_status_page_set_title (ADW_STATUS_PAGE (page), "No Session Open");
  gtk_widget_set_vexpand (page, TRUE);
  gtk_box_append (GTK_BOX (box), header);
  gtk_box_append (GTK_BOX (box), page);
  adw_application_window_set_content (ADW_APPLICATION_WINDOW (window), box);
  gtk_window_set_default_size (GTK_WINDOW (window), 1200, 780);
  g_signal_connect (window, "map", G_CALLBACK (map_cb), app);
  gtk_window_present (GTK_WINDOW (window));
}

int
main (int    argc,
      char **argv)
{
  g_autoptr(AdwApplication) app = adw_application_new ("io.github.ramo.EmptyWindowBench", G_APPLICATION_NON_UNIQUE);

  g_signal_connect (app, "activate", G_CALLBACK (activate_cb), NULL);
  return g_application_run (G_APPLICATION (app), argc, argv);
}

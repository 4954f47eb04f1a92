/* ramo-window-bench.c — the startup benchmark (RAMO_BENCH_STARTUP=1)
 *
 * Copyright 2026 The Ramo authors
 *
 * This program is free software: you can redistribute it and/or modify it under the terms of the
 * GNU General Public License as published by the Free Software Foundation, either version 3 of
 * the License, or (at your option) any later version.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ramo-window"

#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "ramo-window-private.h"

/*
 * With RAMO_BENCH_STARTUP=1 the first file opened reports on stderr the time from process
 * start to the first frame that shows its tree, and the longest main-loop stall while
 * loading; then the time from a filter or search change to the frame that shows its rows, and until every
 * row is unfolded (rows away from the view are unfolded after that frame); then it folds the
 * first row that has rows under it and unfolds it again (which unfolds every row below it); then
 * it scrolls from the top and reports the frame rate, prints a summary (the longest main-loop
 * gap of each kind of step, the peak resident memory) and Ramo quits. ramo-window-load.c calls
 * _ramo_window_bench_begin() when a load starts and _ramo_window_bench_loaded() once the
 * session is shown; without the variable they do nothing.
 *
 * With RAMO_BENCH_GAPS=1 as well, every main-loop gap over %BENCH_GAP_PRINTED_US is printed
 * with its start and end on the monotonic clock (g_get_monotonic_time(), µs), and the step it
 * fell in, "idle" included: `perf record -k CLOCK_MONOTONIC` samples can be matched to it.
 */

#define BENCH_GAP_PRINTED_US 20000

typedef enum
{
  BENCH_LOADING,      /* until the first frame that shows the tree */
  BENCH_IDLE,         /* between two measurements */
  BENCH_CHANGED,      /* a filter or search changed: until the frame that shows its rows */
  BENCH_UNFOLDING,    /* then until every row is unfolded */
} BenchState;

static const char * const state_names[] = { "loading", "idle", "changed", "unfolding" };
G_STATIC_ASSERT (G_N_ELEMENTS (state_names) == BENCH_UNFOLDING + 1);

/* What a step is, for the summary: the longest main-loop gap of each kind */
typedef enum
{
  KIND_OPEN,
  KIND_FILTER,
  KIND_SEARCH,
  KIND_FOLD,
  KIND_UNFOLD,
  N_KINDS
} BenchKind;

static const char * const kind_names[N_KINDS] = { "open", "filter", "search", "fold", "unfold" };

/* A step that has not unfolded every row after this long is reported as such */
#define STEP_GIVE_UP_USEC (120 * G_USEC_PER_SEC)

typedef struct
{
  RamoWindow *window;        /* not owned: the benchmark ends with the window */
  BenchState  state;
  gint64      load_start;
  gint64      first_frame;   /* the window's first frame, 0 before */
  gint64      last_tick;
  gint64      max_gap;
  gint64      max_gap_before_frame;
  gint64      change_start;
  gint64      change_cpu_start;
  gint64      step_gap;      /* the longest gap of the current step, before and after its frame */
  gint64      kind_gap[N_KINDS];
  gint64      first_tree_frame;
  BenchKind   kind;
  const char *what;
  guint       gap_id;
  guint       step;
  gboolean    loaded;
  gboolean    print_gaps;    /* RAMO_BENCH_GAPS */
} Bench;

static Bench *bench;

/* Microseconds from the start of this process to now (the kernel counts in clock ticks). */
static gint64
since_process_start (void)
{
  g_autofree char *stat = NULL;
  struct timespec now;
  const char *p;
  unsigned long long start_ticks = 0;
  long hz = sysconf (_SC_CLK_TCK);

  if (!g_file_get_contents ("/proc/self/stat", &stat, NULL, NULL) || hz <= 0)
    return -1;
  /* the command may hold spaces and parentheses: fields resume after the last ')' */
  p = strrchr (stat, ')');
  if (p == NULL || sscanf (p + 2, "%*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %*u %*u %*d %*d %*d %*d %*d %*d %llu",
                           &start_ticks) != 1)
    return -1;
  clock_gettime (CLOCK_BOOTTIME, &now);
  return (gint64) now.tv_sec * G_USEC_PER_SEC + now.tv_nsec / 1000 - (gint64) (start_ticks * G_USEC_PER_SEC / hz);
}

/* Microseconds of CPU time this thread (the main loop's) has used: unlike wall time, it does
 * not grow when other processes take the machine's cores. */
static gint64
thread_cpu_time (void)
{
  struct timespec now;

  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &now);
  return (gint64) now.tv_sec * G_USEC_PER_SEC + now.tv_nsec / 1000;
}

/* A 1 ms timeout: the time between two of its calls beyond that is time the main loop was
 * busy with something else. */
static gboolean
bench_gap_cb (gpointer data)
{
  gint64 now = g_get_monotonic_time ();

  /* a gap that began before the window's first frame was drawn is the window's first showing */
  if (bench->state == BENCH_LOADING && (bench->first_frame == 0 || bench->last_tick < bench->first_frame))
    bench->max_gap_before_frame = MAX (bench->max_gap_before_frame, now - bench->last_tick);
  else if (bench->last_tick && now - bench->last_tick > bench->max_gap)
    bench->max_gap = now - bench->last_tick;
  if (bench->last_tick && bench->state != BENCH_IDLE && now - bench->last_tick > bench->step_gap)
    bench->step_gap = now - bench->last_tick;
  if (bench->print_gaps && bench->last_tick && now - bench->last_tick > BENCH_GAP_PRINTED_US)
    g_printerr ("ramo-bench: gap %.1f ms from %" G_GINT64_FORMAT " to %" G_GINT64_FORMAT
                " µs (%s)\n", (now - bench->last_tick) / 1000.0, bench->last_tick, now,
                state_names[bench->state]);
  bench->last_tick = now;
  return G_SOURCE_CONTINUE;
}

static void
bench_first_frame_cb (GdkFrameClock *clock,
                      RamoWindow    *self)
{
  if (bench != NULL && bench->window == self && bench->first_frame == 0)
    bench->first_frame = g_get_monotonic_time ();
  g_signal_handlers_disconnect_by_func (clock, bench_first_frame_cb, self);
}

static void
bench_realize_cb (RamoWindow *self)
{
  g_signal_connect_object (gtk_widget_get_frame_clock (GTK_WIDGET (self)), "after-paint",
                           G_CALLBACK (bench_first_frame_cb), self, 0);
}

static const struct {
  const char *what;
  BenchKind   kind;
  int         filter;
  const char *search;
} bench_steps[] = {
  { "filter no-tools", KIND_FILTER, RAMO_FILTER_NO_TOOLS, NULL },
  { "filter user-only", KIND_FILTER, RAMO_FILTER_USER_ONLY, NULL },
  { "filter labeled-only", KIND_FILTER, RAMO_FILTER_LABELED_ONLY, NULL },
  { "filter all", KIND_FILTER, RAMO_FILTER_ALL, NULL },
  { "filter default", KIND_FILTER, RAMO_FILTER_DEFAULT, NULL },
  { "search \"r\"", KIND_SEARCH, -1, "r" },
  { "search \"re\"", KIND_SEARCH, -1, "re" },
  { "search \"rea\"", KIND_SEARCH, -1, "rea" },
  { "search \"read\"", KIND_SEARCH, -1, "read" },
  { "search \"read s\"", KIND_SEARCH, -1, "read s" },
  { "search cleared", KIND_SEARCH, -1, "" },
  { "fold the first row with rows under it", KIND_FOLD, -1, NULL },
  { "unfold it again (every row below it)", KIND_UNFOLD, -1, NULL },
};

/* The first row of the model that has rows under it, unfolded (transfer full), or NULL */
static RamoTreeRow *
first_unfolded_row (RamoTreeModel    *model,
                    gboolean          expanded)
{
  guint n = g_list_model_get_n_items (G_LIST_MODEL (model));

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(RamoTreeRow) row = ramo_tree_model_get_row (model, i);

      if (row && ramo_tree_row_is_expandable (row) && ramo_tree_row_get_expanded (row) == expanded)
        return g_steal_pointer (&row);
      /* the first expandable row holds every row after it when it is unfolded */
      if (row && ramo_tree_row_is_expandable (row))
        return NULL;
    }
  return NULL;
}

/* Kilobytes of the process's peak (VmHWM) or current (VmRSS) resident memory */
static long
resident_kb (const char *field)
{
  g_autofree char *status = NULL;
  const char *p;

  if (!g_file_get_contents ("/proc/self/status", &status, NULL, NULL) || (p = strstr (status, field)) == NULL)
    return -1;
  return strtol (p + strlen (field) + 1, NULL, 10);
}

/* Scrolling: one page further on every frame (a fast fling), from the top, for up to 600
 * frames; the frame clock's timings give the frame rate. */
#define SCROLL_FRAMES 600

static gboolean bench_change_cb (gpointer data);

typedef struct
{
  GArray *frame_times;       /* gint64, µs */
} BenchScroll;

static BenchScroll scroll;

static int
compare_gint64 (gconstpointer a,
                gconstpointer b)
{
  gint64 x = *(const gint64 *) a, y = *(const gint64 *) b;

  return x < y ? -1 : x > y;
}

static gboolean
bench_scroll_tick_cb (GtkWidget     *widget,
                      GdkFrameClock *clock,
                      gpointer       data)
{
  RamoWindow *self = data;
  GtkAdjustment *adjustment = gtk_scrollable_get_vadjustment (GTK_SCROLLABLE (widget));
  double value = gtk_adjustment_get_value (adjustment);
  double page = gtk_adjustment_get_page_size (adjustment);
  double upper = gtk_adjustment_get_upper (adjustment);
  gint64 now = gdk_frame_clock_get_frame_time (clock);

  g_array_append_val (scroll.frame_times, now);
  if (scroll.frame_times->len <= SCROLL_FRAMES && value + page < upper)
    {
      gtk_adjustment_set_value (adjustment, value + page);
      return G_SOURCE_CONTINUE;
    }

  {
    guint n = scroll.frame_times->len - 1;
    g_autoptr(GArray) gaps = g_array_sized_new (FALSE, FALSE, sizeof (gint64), n);
    gint64 total = g_array_index (scroll.frame_times, gint64, n) - g_array_index (scroll.frame_times, gint64, 0);
    guint widgets = 0;
    guint slow = 0;

    for (guint i = 1; i <= n; i++)
      {
        gint64 gap = g_array_index (scroll.frame_times, gint64, i) - g_array_index (scroll.frame_times, gint64, i - 1);

        g_array_append_val (gaps, gap);
        slow += gap > 25000;
      }
    g_array_sort (gaps, compare_gint64);
    for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
      widgets++;
    if (n > 0)
      g_printerr ("ramo-bench: scroll: %u frames of one page (%.0f px) each, %.0f of %.0f px, "
                  "%.1f frames per second; frame intervals median %.1f ms, 95%% %.1f ms, "
                  "worst %.1f ms, %u over 25 ms; %u row widgets in the list\n",
                  n, page, value + page, upper, n * 1e6 / MAX (total, 1),
                  g_array_index (gaps, gint64, n / 2) / 1000.0,
                  g_array_index (gaps, gint64, MIN (n - 1, n * 95 / 100)) / 1000.0,
                  g_array_index (gaps, gint64, n - 1) / 1000.0, slow, widgets);
  }
  g_clear_pointer (&scroll.frame_times, g_array_unref);
  bench->step++;
  g_timeout_add (300, bench_change_cb, self);
  return G_SOURCE_REMOVE;
}

static gboolean
bench_change_cb (gpointer data)
{
  RamoWindow *self = data;
  guint i = bench->step;

  if (i == G_N_ELEMENTS (bench_steps))
    {
      RamoListView *list = ramo_session_tree_get_list_view (self->tree);
      GtkAdjustment *adjustment = gtk_scrollable_get_vadjustment (GTK_SCROLLABLE (list));

      gtk_adjustment_set_value (adjustment, 0);
      scroll.frame_times = g_array_new (FALSE, FALSE, sizeof (gint64));
      gtk_widget_add_tick_callback (GTK_WIDGET (list), bench_scroll_tick_cb, self, NULL);
      return G_SOURCE_REMOVE;
    }

  if (i > G_N_ELEMENTS (bench_steps))
    {
      GtkApplication *app = gtk_window_get_application (GTK_WINDOW (self));

      g_clear_handle_id (&bench->gap_id, g_source_remove);
      g_printerr ("ramo-bench: summary: %u entries, first frame with the tree %.1f ms after the window asked for its file;"
                  " longest main-loop gap", ramo_session_manager_get_n_entries (self->manager),
                  (bench->first_tree_frame - bench->load_start) / 1000.0);
      for (guint k = 0; k < N_KINDS; k++)
        g_printerr (" %s %.1f ms%s", kind_names[k], bench->kind_gap[k] / 1000.0, k + 1 < N_KINDS ? "," : ";");
      g_printerr (" peak RSS %ld MiB (now %ld MiB)\n", resident_kb ("VmHWM:") / 1024, resident_kb ("VmRSS:") / 1024);
      if (app)
        g_application_quit (G_APPLICATION (app));
      else
        gtk_window_destroy (GTK_WINDOW (self));
      return G_SOURCE_REMOVE;
    }

  bench->what = bench_steps[i].what;
  bench->kind = bench_steps[i].kind;
  bench->state = BENCH_CHANGED;
  bench->max_gap = 0;
  bench->step_gap = 0;
  bench->last_tick = g_get_monotonic_time ();
  bench->change_start = g_get_monotonic_time ();
  bench->change_cpu_start = thread_cpu_time ();
  if (bench_steps[i].filter >= 0)
    gtk_drop_down_set_selected (self->filter_dropdown, bench_steps[i].filter);
  else if (bench->kind == KIND_FOLD || bench->kind == KIND_UNFOLD)
    {
      /* what a click on the row's fold arrow does */
      g_autoptr(RamoTreeRow) row = first_unfolded_row (ramo_session_tree_get_model (self->tree),
                                                          bench->kind == KIND_UNFOLD ? FALSE : TRUE);

      if (row == NULL)
        {
          g_printerr ("ramo-bench: %s: no such row\n", bench->what);
          bench->state = BENCH_IDLE;
          bench->step++;
          g_timeout_add (300, bench_change_cb, self);
          return G_SOURCE_REMOVE;
        }
      ramo_tree_row_set_expanded (row, bench->kind == KIND_UNFOLD);
    }
  else
    /* what the search entry does once its typing delay has passed (not counted) */
    ramo_session_tree_set_search (self->tree, bench_steps[i].search[0] ? bench_steps[i].search : NULL);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  return G_SOURCE_REMOVE;
}

static void
bench_after_paint_cb (GdkFrameClock *clock,
                      RamoWindow    *self)
{
  RamoListView *list = ramo_session_tree_get_list_view (self->tree);
  RamoTreeModel    *model = ramo_session_tree_get_model (self->tree);
  gint64 now = g_get_monotonic_time ();

  if (bench == NULL || bench->window != self || !bench->loaded)
    return;

  switch (bench->state)
    {
    case BENCH_LOADING:
      if (model == NULL || !gtk_widget_get_mapped (GTK_WIDGET (list)) ||
          g_list_model_get_n_items (G_LIST_MODEL (model)) == 0 ||
          gtk_widget_get_first_child (GTK_WIDGET (list)) == NULL)
        return;
      g_printerr ("ramo-bench: %u entries, %u rows\n", ramo_session_manager_get_n_entries (self->manager),
                  g_list_model_get_n_items (G_LIST_MODEL (model)));
      g_printerr ("ramo-bench: process start to the first frame with the tree: %.0f ms (10 ms ticks)\n",
                  since_process_start () / 1000.0);
      g_printerr ("ramo-bench: from the window asking for its file (read ahead when named on the command line) to the first frame with the tree: %.1f ms\n",
                  (now - bench->load_start) / 1000.0);
      g_printerr ("ramo-bench: the window's first frame %.1f ms after it asked for its file; longest main-loop gap before it (GTK styling and showing the window) %.1f ms\n",
                  bench->first_frame ? (bench->first_frame - bench->load_start) / 1000.0 : -1.0,
                  bench->max_gap_before_frame / 1000.0);
      g_printerr ("ramo-bench: longest main-loop gap from the window's first frame to the first frame with the tree: %.1f ms\n", bench->max_gap / 1000.0);
      g_printerr ("ramo-bench: resident memory with the tree shown %ld MiB (peak %ld MiB)\n",
                  resident_kb ("VmRSS:") / 1024, resident_kb ("VmHWM:") / 1024);
      bench->first_tree_frame = now;
      bench->kind_gap[KIND_OPEN] = MAX (bench->max_gap, bench->max_gap_before_frame);
      /* then until every row is in the model, as after a change */
      bench->what = "open";
      bench->kind = KIND_OPEN;
      bench->change_start = bench->load_start;
      bench->max_gap = 0;
      bench->step_gap = bench->kind_gap[KIND_OPEN];
      bench->state = BENCH_UNFOLDING;
      return;

    case BENCH_CHANGED:
      /* a layout in steps: the frames meanwhile show the rows before the change */
      if (ramo_projection_is_laying_out (self->projection) && now - bench->change_start < STEP_GIVE_UP_USEC)
        {
          gtk_widget_queue_draw (GTK_WIDGET (self));
          return;
        }
      g_printerr ("ramo-bench: %s: %.1f ms to the frame with its rows (main thread busy %.1f ms), %u rows (longest main-loop gap %.1f ms)\n",
                  bench->what, (now - bench->change_start) / 1000.0,
                  (thread_cpu_time () - bench->change_cpu_start) / 1000.0,
                  ramo_projection_get_n_visible (self->projection), bench->max_gap / 1000.0);
      bench->max_gap = 0;
      bench->state = BENCH_UNFOLDING;
      G_GNUC_FALLTHROUGH;

    case BENCH_UNFOLDING:
      /* the rows away from the view are unfolded after the first frame (a fold leaves rows
       * folded: it is done with its frame) */
      if (bench->kind != KIND_FOLD &&
          g_list_model_get_n_items (G_LIST_MODEL (model)) < ramo_projection_get_n_visible (self->projection) &&
          now - bench->change_start < STEP_GIVE_UP_USEC)
        {
          /* a frame more to look again, whether or not the rows being added draw one */
          gtk_widget_queue_draw (GTK_WIDGET (self));
          return;
        }
      if (bench->kind != KIND_FOLD)
        g_printerr ("ramo-bench: %s: %s (%u of %u rows) %.1f ms after the change (longest main-loop gap after the first frame %.1f ms)\n",
                    bench->what,
                    g_list_model_get_n_items (G_LIST_MODEL (model)) < ramo_projection_get_n_visible (self->projection)
                      ? "GAVE UP, rows still to unfold," : "every row unfolded",
                    g_list_model_get_n_items (G_LIST_MODEL (model)), ramo_projection_get_n_visible (self->projection),
                    (now - bench->change_start) / 1000.0, bench->max_gap / 1000.0);
      bench->kind_gap[bench->kind] = MAX (bench->kind_gap[bench->kind], bench->step_gap);
      if (bench->kind != KIND_OPEN)
        bench->step++;
      break;

    case BENCH_IDLE:
    default:
      return;
    }

  /* let things settle before the next change */
  bench->state = BENCH_IDLE;
  g_timeout_add (300, bench_change_cb, self);
}

void
_ramo_window_bench_begin (RamoWindow *self)
{
  if (bench != NULL || g_strcmp0 (g_getenv ("RAMO_BENCH_STARTUP"), "1") != 0)
    return;

  bench = g_new0 (Bench, 1);
  bench->window = self;
  bench->state = BENCH_LOADING;
  bench->print_gaps = g_strcmp0 (g_getenv ("RAMO_BENCH_GAPS"), "1") == 0;
  bench->load_start = g_get_monotonic_time ();
  bench->last_tick = bench->load_start;
  bench->gap_id = g_timeout_add_full (G_PRIORITY_HIGH, 1, bench_gap_cb, NULL, NULL);
  if (gtk_widget_get_realized (GTK_WIDGET (self)))
    bench_realize_cb (self);
  else
    g_signal_connect_after (self, "realize", G_CALLBACK (bench_realize_cb), NULL);
}

void
_ramo_window_bench_loaded (RamoWindow *self)
{
  GdkFrameClock *clock;

  if (bench == NULL || bench->window != self || bench->loaded)
    return;
  bench->loaded = TRUE;

  if (!gtk_widget_get_realized (GTK_WIDGET (self)))
    gtk_widget_realize (GTK_WIDGET (self));
  clock = gtk_widget_get_frame_clock (GTK_WIDGET (self));
  g_signal_connect_object (clock, "after-paint", G_CALLBACK (bench_after_paint_cb), self, 0);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

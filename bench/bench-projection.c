/* bench-projection.c — how long the tree view's projection takes to lay a big session out again
 * after a filter change or a search keystroke
 *
 *   bench-projection FILE [N] [SEARCH]
 *
 * Opens FILE (read only; nothing is written), makes a #RamoProjection (timed once: the first
 * layout) and times, N times each (default 21), ramo_projection_set_filter() from the default
 * filter to each mode and back, and ramo_projection_set_search() for the keystrokes of typing
 * "read s" (or SEARCH, fields and all: each of its prefixes at a character's end) and clearing
 * it, in that order, as a user would. Prints the median and the slowest
 * call in milliseconds, and how many entries each leaves visible.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <stdlib.h>

#include "ramo-projection.h"
#include "ramo-session-manager.h"

static int
compare_gint64 (gconstpointer a,
                gconstpointer b)
{
  gint64 x = *(const gint64 *) a, y = *(const gint64 *) b;

  return x < y ? -1 : x > y;
}

typedef struct
{
  const char *name;
  GArray     *times;
  guint       n_visible;
} Row;

static void
print_row (Row *row)
{
  g_array_sort (row->times, compare_gint64);
  g_print ("%-24s %9.2f %9.2f %9u\n", row->name,
           g_array_index (row->times, gint64, row->times->len / 2) / 1000.0,
           g_array_index (row->times, gint64, row->times->len - 1) / 1000.0,
           row->n_visible);
  g_array_unref (row->times);
}

int
main (int   argc,
      char *argv[])
{
  const char *search = argc > 3 ? argv[3] : "read s";
  g_autoptr(GPtrArray) typed = g_ptr_array_new_with_free_func (g_free);
  const char * const *keystrokes;
  guint n_keystrokes;
  g_autoptr(GError) error = NULL;
  g_autoptr(RamoSessionManager) manager = NULL;
  g_autoptr(RamoProjection) projection = NULL;
  Row filters[RAMO_FILTER_ALL + 1];
  Row *searches;
  guint n = argc > 2 ? (guint) atoi (argv[2]) : 21;
  gint64 first_layout;

  if (argc < 2 || n == 0)
    {
      g_printerr ("usage: bench-projection FILE [N] [SEARCH]\n");
      return 1;
    }
  for (const char *c = search; *c; c = g_utf8_next_char (c))
    g_ptr_array_add (typed, g_strndup (search, g_utf8_next_char (c) - search));
  g_ptr_array_add (typed, g_strdup (""));
  keystrokes = (const char * const *) typed->pdata;
  n_keystrokes = typed->len;
  searches = g_new0 (Row, n_keystrokes);

  manager = ramo_session_manager_open (argv[1], &error);
  if (manager == NULL)
    {
      g_printerr ("%s\n", error->message);
      return 2;
    }
  {
    gint64 start = g_get_monotonic_time ();

    projection = ramo_projection_new (manager);
    first_layout = g_get_monotonic_time () - start;
  }

  for (guint m = 0; m <= RAMO_FILTER_ALL; m++)
    {
      filters[m].name = ramo_filter_mode_to_string (m);
      filters[m].times = g_array_new (FALSE, FALSE, sizeof (gint64));
    }
  for (guint k = 0; k < n_keystrokes; k++)
    {
      searches[k].name = keystrokes[k][0] ? keystrokes[k] : "(cleared)";
      searches[k].times = g_array_new (FALSE, FALSE, sizeof (gint64));
    }

  for (guint i = 0; i < n; i++)
    {
      /* each mode from the default filter; the default itself from "all" */
      for (guint m = 0; m <= RAMO_FILTER_ALL; m++)
        {
          gint64 start, took;

          ramo_projection_set_filter (projection, m == RAMO_FILTER_DEFAULT ? RAMO_FILTER_ALL : RAMO_FILTER_DEFAULT);
          start = g_get_monotonic_time ();
          ramo_projection_set_filter (projection, m);
          took = g_get_monotonic_time () - start;
          g_array_append_val (filters[m].times, took);
          filters[m].n_visible = ramo_projection_get_n_visible (projection);
        }
      ramo_projection_set_filter (projection, RAMO_FILTER_DEFAULT);

      for (guint k = 0; k < n_keystrokes; k++)
        {
          gint64 start = g_get_monotonic_time ();
          gint64 took;

          ramo_projection_set_search (projection, keystrokes[k]);
          took = g_get_monotonic_time () - start;
          g_array_append_val (searches[k].times, took);
          searches[k].n_visible = ramo_projection_get_n_visible (projection);
        }
    }

  g_print ("%u entries, %u runs each; first layout (ramo_projection_new) %.2f ms\n",
           ramo_session_manager_get_n_entries (manager), n, first_layout / 1000.0);
  g_print ("%-24s %9s %9s %9s\n", "change", "median ms", "max ms", "visible");
  for (guint m = 0; m <= RAMO_FILTER_ALL; m++)
    {
      g_autofree char *name = g_strdup_printf ("filter %s", filters[m].name);

      filters[m].name = name;
      print_row (&filters[m]);
    }
  for (guint k = 0; k < n_keystrokes; k++)
    {
      g_autofree char *name = g_strdup_printf ("search \"%s\"", keystrokes[k]);

      searches[k].name = keystrokes[k][0] ? name : "search cleared";
      print_row (&searches[k]);
    }
  g_free (searches);
  return 0;
}

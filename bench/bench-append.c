/* bench-append.c — how long one append takes on a big session (no fsync; Ramo does not fsync
 * appends, as pi does not)
 *
 *   bench-append FILE [N] [--projection]
 *
 * Copies nothing: run it on a copy. Appends N (default 200) label entries, alternating set and
 * clear on the first entry, and prints the median and the slowest append in microseconds.
 * With --projection, a projection (the default filter, as the window starts) follows the
 * session, and each time includes its answer to the label line.
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

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GError) error = NULL;
  g_autoptr(RamoSessionManager) manager = NULL;
  g_autoptr(RamoProjection) projection = NULL;
  g_autoptr(GArray) times = g_array_new (FALSE, FALSE, sizeof (gint64));
  const char *target;
  guint n = argc > 2 ? (guint) atoi (argv[2]) : 200;

  if (argc < 2)
    {
      g_printerr ("usage: bench-append FILE [N] [--projection]\n");
      return 1;
    }

  manager = ramo_session_manager_open (argv[1], &error);
  if (manager == NULL)
    {
      g_printerr ("%s\n", error->message);
      return 2;
    }
  target = ramo_session_manager_get_entry_at (manager, 0)->id;
  if (argc > 3 && g_strcmp0 (argv[3], "--projection") == 0)
    projection = ramo_projection_new (manager);

  for (guint i = 0; i < n; i++)
    {
      gint64 start = g_get_monotonic_time ();
      g_autofree char *id = ramo_session_manager_append_label_change (manager, target, i % 2 ? NULL : "bench", &error);
      gint64 took = g_get_monotonic_time () - start;

      if (id == NULL)
        {
          g_printerr ("%s\n", error->message);
          return 2;
        }
      g_array_append_val (times, took);
    }

  g_array_sort (times, compare_gint64);
  g_print ("%sentries %u appends %u median %" G_GINT64_FORMAT " us max %" G_GINT64_FORMAT " us\n",
           projection ? "with a projection: " : "", ramo_session_manager_get_n_entries (manager), n,
           g_array_index (times, gint64, n / 2), g_array_index (times, gint64, n - 1));
  return 0;
}

/* bench-figures.c — what the figures of every branch cost on a big session
 *
 *   bench-figures FILE [N]
 *
 * Opens FILE N times (default 5) and prints the median time of the open (the figures of every
 * branch are computed in it), of computing them once more (as after lines appended live), and
 * of the figures of the first root's subtree, of the leaf's path and of the leaf's branch, in
 * milliseconds, with the session's branch count.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <stdlib.h>

#include "ramo-session-manager-private.h"

static int
compare_double (gconstpointer a,
                gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return x < y ? -1 : x > y;
}

static double
median (GArray *times)
{
  g_array_sort (times, compare_double);
  return g_array_index (times, double, times->len / 2);
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GArray) open_ms = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) compute_ms = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) query_ms = g_array_new (FALSE, FALSE, sizeof (double));
  guint n = argc > 2 ? (guint) atoi (argv[2]) : 5;
  guint n_branches = 0;

  if (argc < 2)
    {
      g_printerr ("usage: bench-figures FILE [N]\n");
      return 1;
    }
  for (guint i = 0; i < MAX (n, 1); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(RamoSessionManager) manager = NULL;
      g_autoptr(GPtrArray) starts = NULL;
      gint64 start = g_get_monotonic_time ();
      RamoFigures figures;
      double ms;
      RamoEntry *root;

      manager = ramo_session_manager_open (argv[1], &error);
      if (manager == NULL)
        {
          g_printerr ("%s\n", error->message);
          return 1;
        }
      ms = (g_get_monotonic_time () - start) / 1000.0;
      g_array_append_val (open_ms, ms);

      start = g_get_monotonic_time ();
      _ramo_session_manager_compute_figures (manager);
      ms = (g_get_monotonic_time () - start) / 1000.0;
      g_array_append_val (compute_ms, ms);

      root = g_ptr_array_index (ramo_session_manager_get_roots (manager), 0);
      start = g_get_monotonic_time ();
      ramo_session_manager_get_figures (manager, RAMO_FIGURES_SUBTREE, root->id, &figures);
      ramo_session_manager_get_figures (manager, RAMO_FIGURES_PATH, ramo_session_manager_get_leaf_id (manager), &figures);
      ramo_session_manager_get_figures (manager, RAMO_FIGURES_BRANCH, ramo_session_manager_get_leaf_id (manager), &figures);
      ms = (g_get_monotonic_time () - start) / 1000.0;
      g_array_append_val (query_ms, ms);

      starts = ramo_session_manager_dup_branch_starts (manager);
      n_branches = starts->len;
    }
  g_print ("open %.1f ms, figures computed again %.1f ms, subtree + path + branch %.2f ms, %u branches\n",
           median (open_ms), median (compute_ms), median (query_ms), n_branches);
  return 0;
}

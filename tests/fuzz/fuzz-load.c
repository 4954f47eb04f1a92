/* fuzz-load.c — libFuzzer target: any bytes as a session file
 *
 * Copyright 2026 The Ramo authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Loads the input as a session, then does what the window does with it: the default and "all"
 * projections with a search, the text dump, the file's problems, the context at the leaf and at
 * every root as JSON, and one label written (to memory). Built and run by tests/fuzz/run-fuzz.sh.
 */

#include "ramo-projection.h"
#include "ramo-session-context.h"
#include "ramo-session-manager-private.h"

int LLVMFuzzerTestOneInput (const guint8 *data, size_t size);

int
LLVMFuzzerTestOneInput (const guint8 *data,
                        size_t        size)
{
  g_autoptr(RamoSessionManager) manager = NULL;
  g_autoptr(RamoProjection) projection = NULL;
  g_autoptr(RamoSessionContext) context = NULL;
  g_autofree char *text = NULL;
  g_autofree char *json = NULL;
  g_autoptr(GPtrArray) problems = NULL;
  GPtrArray *roots;

  manager = _ramo_session_manager_new_from_data ((const char *) data, size, NULL);
  if (manager == NULL)
    return 0;

  projection = ramo_projection_new (manager);
  text = ramo_projection_to_text (projection);
  ramo_projection_set_filter (projection, RAMO_FILTER_ALL);
  ramo_projection_set_search (projection, "a e");
  g_clear_pointer (&text, g_free);
  text = ramo_projection_to_text (projection);

  /* what the bar above the tree and the integrity view list */
  problems = ramo_session_manager_dup_problems (manager);

  context = ramo_session_manager_build_session_context (manager);
  json = ramo_session_context_to_json (context, NULL);

  roots = ramo_session_manager_get_roots (manager);
  for (guint i = 0; i < roots->len && i < 8; i++)
    {
      g_autoptr(RamoSessionContext) at_root =
        ramo_session_manager_build_context_at (manager, g_ptr_array_index (roots, i));
      g_autofree char *root_json = ramo_session_context_to_json (at_root, NULL);
    }

  if (ramo_session_manager_get_n_entries (manager) > 0)
    {
      RamoEntry *first = ramo_session_manager_get_entry_at (manager, 0);
      g_autofree char *id = ramo_session_manager_append_label_change (manager, first->id, "fuzz", NULL);
    }

  return 0;
}

/* ramo-test-projection.h — a projection's rows as text, for the projection tests
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "ramo-projection.h"

/* Appends the rows of @model to @out as nested ids: "*" before a branch start, a row's
 * nested rows in parentheses after it. */
static inline void
ramo_test_describe_rows (GListModel *model,
                         GString    *out)
{
  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    {
      g_autoptr(RamoProjectionNode) node = g_list_model_get_item (model, i);

      if (out->len && out->str[out->len - 1] != '(')
        g_string_append_c (out, ' ');
      if (ramo_projection_node_get_is_branch_start (node))
        g_string_append_c (out, '*');
      g_string_append (out, ramo_projection_node_get_id (node));
      if (ramo_projection_node_has_children (node))
        {
          g_string_append_c (out, '(');
          ramo_test_describe_rows (G_LIST_MODEL (node), out);
          g_string_append_c (out, ')');
        }
    }
}

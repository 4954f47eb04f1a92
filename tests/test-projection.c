/* test-projection.c — the tree view's layout, filters and search (spec §7), without GTK
 *
 * Copyright 2026 The Ramo authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "ramo-projection.h"
#include "ramo-session-manager.h"
#include "ramo-test-mirror.h"
#include "ramo-test-util.h"

/* The rows as "id" for plain rows and "id(" … ")" around nested ones, "*" on branch starts. */
static void
describe (GListModel *model,
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
          describe (G_LIST_MODEL (node), out);
          g_string_append_c (out, ')');
        }
    }
}

static char *
layout (RamoProjection *projection)
{
  GString *out = g_string_new (NULL);

  describe (ramo_projection_get_roots (projection), out);
  return g_string_free (out, FALSE);
}

static RamoSessionManager *
open_example (void)
{
  g_autofree char *path = ramo_test_copy_example ();
  g_autoptr(GError) error = NULL;
  RamoSessionManager *manager = ramo_session_manager_open (path, &error);

  g_assert_no_error (error);
  return manager;
}

static void
test_default_layout (void)
{
  g_autoptr(RamoSessionManager) manager = open_example ();
  g_autoptr(RamoProjection) projection = ramo_projection_new (manager);
  g_autofree char *text = layout (projection);

  /* the branch holding the leaf first at each branch point; tool-only assistant turns,
   * labels, custom entries and settings hidden; hidden entries never break the structure */
  g_assert_cmpstr (text, ==,
    "a1000001 a1000002 a1000003 a1000005 a1000006("
      "*c3000001(d4000001 d4000003 d4000005 d4000006("
        "*e5000003(e5000005 e5000007 e5000008 e5000009 e5000010 e5000012 e5000013 e5000014) "
        "*f6000001(f6000002))) "
      "*b2000001(b2000002 b2000003 b2000004 b2000005))");
  g_assert_cmpuint (ramo_projection_get_n_visible (projection), ==, 26);
  g_assert_cmpuint (ramo_projection_get_n_total (projection), ==, 37);
}

static void
test_user_only (void)
{
  g_autoptr(RamoSessionManager) manager = open_example ();
  g_autoptr(RamoProjection) projection = ramo_projection_new (manager);
  g_autofree char *text = NULL;

  ramo_projection_set_filter (projection, RAMO_FILTER_USER_ONLY);
  text = layout (projection);
  g_assert_cmpstr (text, ==,
    "a1000001(*d4000001(*e5000005(e5000010) *f6000001) *b2000001(b2000005))");
  g_assert_cmpuint (ramo_projection_get_n_visible (projection), ==, 7);
}

static void
test_other_filters (void)
{
  g_autoptr(RamoSessionManager) manager = open_example ();
  g_autoptr(RamoProjection) projection = ramo_projection_new (manager);
  g_autofree char *labeled = NULL;

  ramo_projection_set_filter (projection, RAMO_FILTER_NO_TOOLS);
  /* 26 minus the 7 tool results */
  g_assert_cmpuint (ramo_projection_get_n_visible (projection), ==, 19);

  ramo_projection_set_filter (projection, RAMO_FILTER_LABELED_ONLY);
  labeled = layout (projection);
  g_assert_cmpstr (labeled, ==, "a1000006 d4000006");

  ramo_projection_set_filter (projection, RAMO_FILTER_ALL);
  /* everything but the 5 text-less assistant turns that are not the leaf */
  g_assert_cmpuint (ramo_projection_get_n_visible (projection), ==, 32);
}

static void
test_search (void)
{
  g_autoptr(RamoSessionManager) manager = open_example ();
  g_autoptr(RamoProjection) projection = ramo_projection_new (manager);
  g_autofree char *text = NULL;

  ramo_projection_set_search (projection, "  JSON   cache ");
  text = layout (projection);
  g_assert_cmpstr (text, ==, "a1000006 d4000001 d4000006");

  /* the label counts as text */
  ramo_projection_set_search (projection, "works");
  g_assert_cmpuint (ramo_projection_get_n_visible (projection), ==, 1);
  ramo_projection_set_search (projection, "<B>");
  g_assert_cmpuint (ramo_projection_get_n_visible (projection), ==, 1);
  ramo_projection_set_search (projection, "");
  g_assert_cmpuint (ramo_projection_get_n_visible (projection), ==, 26);
}

static void
test_nearest_visible (void)
{
  g_autoptr(RamoSessionManager) manager = open_example ();
  g_autoptr(RamoProjection) projection = ramo_projection_new (manager);
  g_autoptr(GPtrArray) path = NULL;

  g_assert_cmpstr (ramo_projection_nearest_visible (projection, ramo_session_manager_get_entry (manager, "e5000001"))->id, ==, "d4000006");
  g_assert_cmpstr (ramo_projection_nearest_visible (projection, ramo_session_manager_get_entry (manager, "d4000002"))->id, ==, "d4000001");
  g_assert_cmpstr (ramo_projection_nearest_visible (projection, ramo_session_manager_get_entry (manager, "a1000003"))->id, ==, "a1000003");

  /* a1000006 (top, 4) → c3000001 (0) → d4000006 (3) → e5000003 (0) → e5000014 (7) */
  path = ramo_projection_get_node_path (projection, ramo_session_manager_get_entry (manager, "e5000014"));
  g_assert_cmpuint (path->len, ==, 10);
  g_assert_cmpstr (ramo_projection_node_get_id (g_ptr_array_index (path, 0)), ==, "a1000006");
  g_assert_cmpuint (GPOINTER_TO_UINT (g_ptr_array_index (path, 1)), ==, 4);
  g_assert_cmpuint (GPOINTER_TO_UINT (g_ptr_array_index (path, 5)), ==, 3);
  g_assert_cmpuint (GPOINTER_TO_UINT (g_ptr_array_index (path, 9)), ==, 7);
  g_assert_true (ramo_projection_node_get_is_leaf (g_ptr_array_index (path, 8)));
}

static void
test_linear_is_flat (void)
{
  g_autoptr(GString) text = g_string_new ("{\"type\":\"session\",\"version\":3,\"id\":\"s\",\"timestamp\":\"2026-01-01T00:00:00.000Z\",\"cwd\":\"/w\"}\n");
  g_autofree char *path = NULL;
  g_autoptr(RamoSessionManager) manager = NULL;
  g_autoptr(RamoProjection) projection = NULL;
  GListModel *roots;

  for (guint i = 0; i < 1000; i++)
    {
      g_autofree char *parent = i ? g_strdup_printf ("\"m%u\"", i - 1) : g_strdup ("null");

      g_string_append_printf (text, "{\"type\":\"message\",\"id\":\"m%u\",\"parentId\":%s,\"timestamp\":\"2026-01-01T00:00:01.000Z\","
                              "\"message\":{\"role\":\"%s\",\"content\":\"turn %u\"}}\n",
                              i, parent, i % 2 ? "assistant" : "user", i);
    }
  path = ramo_test_write_file ("linear.jsonl", text->str, text->len);
  manager = ramo_session_manager_open (path, NULL);
  projection = ramo_projection_new (manager);
  roots = ramo_projection_get_roots (projection);
  g_assert_cmpuint (g_list_model_get_n_items (roots), ==, 1000);
  for (guint i = 0; i < 1000; i++)
    {
      g_autoptr(RamoProjectionNode) node = g_list_model_get_item (roots, i);
      g_assert_false (ramo_projection_node_has_children (node));
    }
}

static void
test_several_roots (void)
{
  g_autoptr(RamoSessionManager) manager = ramo_session_manager_new_in_memory ("/w");
  g_autoptr(RamoProjection) projection = ramo_projection_new (manager);
  g_autoptr(JsonNode) user = json_from_string ("{\"role\":\"user\",\"content\":\"u\"}", NULL);
  g_autoptr(JsonNode) assistant = json_from_string ("{\"role\":\"assistant\",\"content\":[{\"type\":\"text\",\"text\":\"a\"}]}", NULL);
  g_autofree char *r1 = ramo_session_manager_append_message (manager, user, NULL);
  g_autofree char *a1 = ramo_session_manager_append_message (manager, assistant, NULL);
  g_autofree char *r2 = NULL;
  g_autofree char *a2 = NULL;
  g_autofree char *text = NULL;
  g_autofree char *expected = NULL;

  ramo_session_manager_reset_leaf (manager);
  r2 = ramo_session_manager_append_message (manager, user, NULL);
  a2 = ramo_session_manager_append_message (manager, assistant, NULL);

  /* the root holding the leaf first; each root a branch start nesting its chain */
  text = layout (projection);
  expected = g_strdup_printf ("*%s(%s) *%s(%s)", r2, a2, r1, a1);
  g_assert_cmpstr (text, ==, expected);
}

static void
test_follows_changes (void)
{
  g_autoptr(RamoSessionManager) manager = open_example ();
  g_autoptr(RamoProjection) projection = ramo_projection_new (manager);
  g_autoptr(GError) error = NULL;
  g_autofree char *id = NULL;

  ramo_projection_set_filter (projection, RAMO_FILTER_LABELED_ONLY);
  id = ramo_session_manager_append_label_change (manager, "a1000001", "start", &error);
  g_assert_no_error (error);
  g_assert_cmpuint (ramo_projection_get_n_visible (projection), ==, 3);
  g_assert_cmpuint (ramo_projection_get_n_total (projection), ==, 38);
}

/* The unfoldable rows of each list, found without making the others, are the rows that have
 * rows nested under them. */
static void
check_unfoldable (RamoProjection     *projection,
                  GListModel         *list,
                  RamoProjectionNode *parent)
{
  g_autoptr(GArray) positions = ramo_projection_get_unfoldable (projection, parent);
  guint next = 0;

  for (guint i = 0; i < g_list_model_get_n_items (list); i++)
    {
      g_autoptr(RamoProjectionNode) node = g_list_model_get_item (list, i);

      if (ramo_projection_node_has_children (node))
        {
          g_assert_cmpuint (next, <, positions->len);
          g_assert_cmpuint (g_array_index (positions, guint, next), ==, i);
          next++;
          check_unfoldable (projection, G_LIST_MODEL (node), node);
        }
    }
  g_assert_cmpuint (next, ==, positions->len);
}

static void
test_unfoldable (void)
{
  g_autoptr(RamoSessionManager) manager = open_example ();
  g_autoptr(RamoProjection) projection = ramo_projection_new (manager);
  g_autoptr(GArray) top = ramo_projection_get_unfoldable (projection, NULL);

  g_assert_cmpuint (top->len, >, 0);
  for (RamoFilterMode mode = RAMO_FILTER_DEFAULT; mode <= RAMO_FILTER_ALL; mode++)
    {
      ramo_projection_set_filter (projection, mode);
      check_unfoldable (projection, ramo_projection_get_roots (projection), NULL);
    }
}

static void
describe_mirror (Mirror  *mirror,
                 GString *out)
{
  for (guint i = 0; i < mirror->children->len; i++)
    {
      Mirror *child = g_ptr_array_index (mirror->children, i);

      if (out->len && out->str[out->len - 1] != '(')
        g_string_append_c (out, ' ');
      if (ramo_projection_node_get_is_branch_start (child->node))
        g_string_append_c (out, '*');
      g_string_append (out, ramo_projection_node_get_id (child->node));
      if (child->model)
        {
          g_string_append_c (out, '(');
          describe_mirror (child, out);
          g_string_append_c (out, ')');
        }
    }
}

static void
assert_mirror_is_fresh_layout (Mirror             *mirror,
                               RamoSessionManager *manager)
{
  g_autoptr(RamoProjection) fresh = ramo_projection_new (manager);
  g_autofree char *expected = layout (fresh);
  GString *out = g_string_new (NULL);

  describe_mirror (mirror, out);
  g_assert_cmpstr (out->str, ==, expected);
  g_string_free (out, TRUE);
}

/* Lines another program appends reach the view as small changes: the rows that stay are kept,
 * and the view ends up exactly as a fresh layout of the file. */
static void
test_update_keeps_rows (void)
{
  g_autofree char *path = ramo_test_copy_example ();
  g_autoptr(GError) error = NULL;
  g_autoptr(RamoSessionManager) manager = ramo_session_manager_open (path, &error);
  g_autoptr(RamoSessionManager) writer = ramo_session_manager_open (path, &error);
  g_autoptr(RamoProjection) projection = ramo_projection_new (manager);
  g_autoptr(JsonNode) user = json_from_string ("{\"role\":\"user\",\"content\":\"more\"}", NULL);
  g_autoptr(JsonNode) tool_call = json_from_string ("{\"role\":\"assistant\",\"content\":[{\"type\":\"toolCall\",\"id\":\"c1\",\"name\":\"ls\",\"arguments\":{\"path\":\".\"}}]}", NULL);
  g_autoptr(JsonNode) result = json_from_string ("{\"role\":\"toolResult\",\"toolCallId\":\"c1\",\"toolName\":\"ls\",\"content\":[{\"type\":\"text\",\"text\":\"a b\"}]}", NULL);
  g_autoptr(JsonNode) answer = json_from_string ("{\"role\":\"assistant\",\"content\":[{\"type\":\"text\",\"text\":\"done\"}]}", NULL);
  g_autoptr(Mirror) mirror = NULL;
  g_autoptr(RamoProjectionNode) first = NULL;
  RamoEntry *leaf;
  guint n_changed = 0;
  guint n_rows;
  char *id;

  g_assert_no_error (error);
  mirror = mirror_new (ramo_projection_get_roots (projection), NULL, &n_changed);
  assert_mirror_is_fresh_layout (mirror, manager);
  first = g_list_model_get_item (ramo_projection_get_roots (projection), 0);
  n_rows = g_list_model_get_n_items (ramo_projection_get_roots (projection));

  /* 1. at the leaf: a user message, a text-less tool call (shown only as the leaf), its result,
   *    an answer — one line at a time, as pi writes them */
  leaf = ramo_session_manager_get_leaf (writer);
  g_assert_nonnull (leaf);
  g_assert_true (ramo_session_manager_branch (writer, leaf->id, &error));
  g_assert_no_error (error);
  for (guint i = 0; i < 4; i++)
    {
      JsonNode *message = i == 0 ? user : i == 1 ? tool_call : i == 2 ? result : answer;

      n_changed = 0;
      id = ramo_session_manager_append_message (writer, message, &error);
      g_assert_no_error (error);
      g_free (id);
      g_assert_cmpint (ramo_session_manager_refresh (manager, &error), ==, 1);
      g_assert_no_error (error);
      assert_mirror_is_fresh_layout (mirror, manager);
      /* one or two rows at the end, never the whole list */
      g_assert_cmpuint (n_changed, <=, 3);
    }
  /* the rows made before are the same objects */
  {
    g_autoptr(RamoProjectionNode) again = g_list_model_get_item (ramo_projection_get_roots (projection), 0);

    g_assert_true (again == first);
    g_assert_cmpuint (g_list_model_get_n_items (ramo_projection_get_roots (projection)), ==, n_rows);
  }

  /* 2. a new branch in the middle of the first chain (pi after /tree): the chain splits there */
  {
    g_autoptr(RamoProjectionNode) third = g_list_model_get_item (ramo_projection_get_roots (projection), 2);

    g_assert_true (ramo_session_manager_branch (writer, ramo_projection_node_get_id (third), &error));
    g_assert_no_error (error);
    id = ramo_session_manager_append_message (writer, user, &error);
    g_assert_no_error (error);
    g_free (id);
    g_assert_cmpint (ramo_session_manager_refresh (manager, &error), ==, 1);
    assert_mirror_is_fresh_layout (mirror, manager);
  }

  /* 3. several lines at once (an answer, a label, a user message in another branch) */
  id = ramo_session_manager_append_message (writer, answer, &error);
  g_free (id);
  id = ramo_session_manager_append_label_change (writer, ramo_projection_node_get_id (first), "start", &error);
  g_assert_no_error (error);
  g_free (id);
  g_assert_true (ramo_session_manager_branch (writer, leaf->id, &error));
  id = ramo_session_manager_append_message (writer, user, &error);
  g_free (id);
  g_assert_cmpint (ramo_session_manager_refresh (manager, &error), ==, 3);
  assert_mirror_is_fresh_layout (mirror, manager);

  /* 4. the same under a filter and a search */
  ramo_projection_set_filter (projection, RAMO_FILTER_NO_TOOLS);
  ramo_projection_set_search (projection, "more");
  g_clear_pointer (&mirror, mirror_free);
  mirror = mirror_new (ramo_projection_get_roots (projection), NULL, &n_changed);
  id = ramo_session_manager_append_message (writer, user, &error);
  g_free (id);
  id = ramo_session_manager_append_message (writer, tool_call, &error);
  g_free (id);
  g_assert_cmpint (ramo_session_manager_refresh (manager, &error), ==, 2);
  {
    g_autoptr(RamoProjection) fresh = ramo_projection_new (manager);
    g_autofree char *expected = NULL;
    GString *out = g_string_new (NULL);

    ramo_projection_set_filter (fresh, RAMO_FILTER_NO_TOOLS);
    ramo_projection_set_search (fresh, "more");
    expected = layout (fresh);
    describe_mirror (mirror, out);
    g_assert_cmpstr (out->str, ==, expected);
    g_string_free (out, TRUE);
  }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/Core/Projection/default-layout", test_default_layout);
  g_test_add_func ("/Core/Projection/user-only", test_user_only);
  g_test_add_func ("/Core/Projection/other-filters", test_other_filters);
  g_test_add_func ("/Core/Projection/search", test_search);
  g_test_add_func ("/Core/Projection/nearest-visible", test_nearest_visible);
  g_test_add_func ("/Core/Projection/linear-is-flat", test_linear_is_flat);
  g_test_add_func ("/Core/Projection/several-roots", test_several_roots);
  g_test_add_func ("/Core/Projection/follows-changes", test_follows_changes);
  g_test_add_func ("/Core/Projection/update-keeps-rows", test_update_keeps_rows);
  g_test_add_func ("/Core/Projection/unfoldable", test_unfoldable);
  return g_test_run ();
}

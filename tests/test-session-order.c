/* test-session-order.c — the children of an entry in the order of the dialect's agent
 *
 * Copyright 2026 The Ramo authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* pi and oh-my-pi sort the children of an entry alike, by `new Date(timestamp)`, but pi runs
 * on node (V8) and oh-my-pi on Bun (JavaScriptCore), whose sorts and Date.parse differ where
 * timestamps are invalid or hold white space beyond ASCII. The expected orders are computed by
 * node and by Bun themselves (tests/compat/child-order.mjs, the comparator of both agents'
 * getTree()), never worked out by hand. run-compat-omp.sh and run-compat-pi16.sh compare the
 * agents' own getTree() on larger files. */

#include <stdio.h>

#include "ramo-entry-tree.h"
#include "ramo-projection.h"
#include "ramo-session-manager.h"
#include "ramo-test-util.h"
#include "test-js-util.h"

#define ROOT_ID "k0000000"

/* timestamps that tell the agents apart: invalid ones, equal ones, and forms Bun reads
 * otherwise (U+00A0 and U+3000 are white space to V8 only) */
static char *
random_timestamp (GRand *rand)
{
  int minute = g_rand_int_range (rand, 0, 6);

  switch (g_rand_int_range (rand, 0, 9))
    {
    case 0:
      return g_strdup ("\"garbage\"");
    case 1:
      return g_strdup ("null");
    case 2:
      return NULL;   /* no timestamp */
    case 3:
      return g_strdup_printf ("\"Mar\u00a01 2026 07:0%d:00 UTC\"", minute);
    case 4:
      return g_strdup_printf ("\"1 Mar 2026\u30000%d:00 GMT\"", 7 + minute % 3);
    case 5:
      return g_strdup_printf ("%" G_GINT64_FORMAT, (gint64) 1772348400000 + minute * 60000);
    default:
      return g_strdup_printf ("\"2026-03-01T07:0%d:00.000Z\"", minute);
    }
}

static void
add_child (GString    *out,
           GRand      *rand,
           const char *id,
           const char *parent_id)
{
  g_autofree char *timestamp = random_timestamp (rand);

  g_string_append_printf (out, "{\"type\":\"message\",\"id\":\"%s\",\"parentId\":\"%s\",", id, parent_id);
  if (timestamp)
    g_string_append_printf (out, "\"timestamp\":%s,", timestamp);
  g_string_append_printf (out, "\"message\":{\"role\":\"user\",\"content\":\"%s\",\"timestamp\":1772348400000}}\n", id);
}

/* A session: a root with @n children, the 6th of which has 40 of its own; ids k0000001… */
static char *
write_session (GRand *rand,
               guint  n)
{
  g_autoptr(GString) out = g_string_new (NULL);
  char id[16];

  g_string_append (out, "{\"type\":\"session\",\"version\":3,\"id\":\"0199b000-0000-7000-8000-000000000019\","
                        "\"timestamp\":\"2026-03-01T06:00:00.000Z\",\"cwd\":\"/tmp\"}\n");
  g_string_append (out, "{\"type\":\"message\",\"id\":\"" ROOT_ID "\",\"parentId\":null,"
                        "\"timestamp\":\"2026-03-01T06:00:00.000Z\",\"message\":{\"role\":\"user\","
                        "\"content\":\"" ROOT_ID "\",\"timestamp\":1772348400000}}\n");
  for (guint i = 1; i <= n; i++)
    {
      g_snprintf (id, sizeof id, "k%07u", i);
      add_child (out, rand, id, ROOT_ID);
    }
  for (guint i = 1; i <= 40; i++)
    {
      g_snprintf (id, sizeof id, "g%07u", i);
      add_child (out, rand, id, "k0000006");
    }
  return ramo_test_write_file ("order.jsonl", out->str, out->len);
}

/* appends children of the root to @path as another program would (in place), ids
 * @prefix0000001…, then @extra_line */
static void
append_children (const char *path,
                 GRand      *rand,
                 char        prefix,
                 guint       n,
                 const char *extra_line)
{
  g_autoptr(GString) out = g_string_new (NULL);
  FILE *file;

  for (guint i = 1; i <= n; i++)
    {
      char id[16];

      g_snprintf (id, sizeof id, "%c%07u", prefix, i);
      add_child (out, rand, id, ROOT_ID);
    }
  if (extra_line)
    g_string_append (out, extra_line);
  file = g_fopen (path, "a");
  g_assert_nonnull (file);
  g_assert_cmpuint (fwrite (out->str, 1, out->len, file), ==, out->len);
  g_assert_cmpint (fclose (file), ==, 0);
}

/* parent id → child ids, as the engine's getTree() orders them; NULL (the test skipped) when
 * the engine is not installed */
static JsonObject *
agent_orders (TestJsEngine  engine,
              const char   *path)
{
  g_autofree char *program = test_js_find (engine);
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  g_autoptr(JsonNode) input = NULL;
  g_autoptr(JsonNode) result = NULL;

  if (program == NULL)
    return NULL;
  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "file");
  json_builder_add_string_value (builder, path);
  json_builder_end_object (builder);
  input = json_builder_get_root (builder);
  result = test_js_run (program, "child-order.mjs", input, NULL);
  return json_object_ref (json_node_get_object (result));
}

static char *
join_ids (RamoEntry * const *entries,
          guint              n_entries)
{
  g_autoptr(GString) out = g_string_new (NULL);

  for (guint i = 0; i < n_entries; i++)
    g_string_append_printf (out, "%s%s", i ? " " : "", entries[i]->id);
  return g_string_free (g_steal_pointer (&out), FALSE);
}

static char *
join_order (JsonObject *orders,
            const char *parent_id)
{
  JsonArray *ids = json_object_get_array_member (orders, parent_id);
  g_autoptr(GString) out = g_string_new (NULL);

  for (guint i = 0; i < json_array_get_length (ids); i++)
    g_string_append_printf (out, "%s%s", i ? " " : "", json_array_get_string_element (ids, i));
  return g_string_free (g_steal_pointer (&out), FALSE);
}

/* every entry with two children or more has them in the agent's order */
static void
assert_orders (RamoSessionManager *manager,
               JsonObject         *orders)
{
  g_autoptr(GList) parents = json_object_get_members (orders);

  g_assert_cmpuint (g_list_length (parents), ==, 2);
  for (GList *l = parents; l; l = l->next)
    {
      RamoEntry *parent = ramo_session_manager_get_entry (manager, l->data);
      g_autofree char *want = join_order (orders, l->data);
      g_autofree char *got = NULL;

      g_assert_nonnull (parent);
      g_assert_nonnull (parent->children);
      got = join_ids (parent->children, parent->n_children);
      g_assert_cmpstr (got, ==, want);
    }
}

/* The rows the projection lists under the root but the one on the active path (which Ramo
 * lists first), by their texts: @orders' order of the root's children without it. */
static void
assert_rows (RamoProjection *projection,
             JsonObject     *orders)
{
  RamoSessionManager *manager = ramo_projection_get_manager (projection);
  g_autofree char *text = ramo_projection_to_text (projection);
  g_auto(GStrv) lines = g_strsplit (text, "\n", -1);
  JsonArray *ids = json_object_get_array_member (orders, ROOT_ID);
  g_autoptr(GString) want = g_string_new (NULL);
  g_autoptr(GString) got = g_string_new (NULL);

  for (guint i = 0; i < json_array_get_length (ids); i++)
    {
      RamoEntry *entry = ramo_session_manager_get_entry (manager, json_array_get_string_element (ids, i));

      /* a row shows "user: " and the text, the id but for the entry Ramo appended */
      g_assert_true (g_str_has_prefix (entry->display, "user: "));
      if (!ramo_session_manager_is_on_active_path (manager, entry))
        g_string_append_printf (want, " %s", entry->display + strlen ("user: "));
    }
  /* the root's children: one level down, each a branch start */
  for (guint i = 0; lines[i]; i++)
    if (g_str_has_prefix (lines[i], "    ├─ user: ") || g_str_has_prefix (lines[i], "    └─ user: "))
      {
        g_autofree char *id = g_strndup (lines[i] + strlen ("    ├─ user: "), 8);

        g_string_append_printf (got, " %s", id);
      }
  g_assert_cmpstr (got->str, ==, want->str);
}

static void
dialect_notified_cb (RamoSessionManager  *manager,
                     GParamSpec          *pspec,
                     char               **seen)
{
  RamoEntry *root = ramo_session_manager_get_entry (manager, ROOT_ID);

  /* what a listener finds: the children in the new order already */
  g_free (*seen);
  *seen = join_ids (root->children, root->n_children);
}

/*
 * A loaded pi session read by oh-my-pi's rules, and back: the children re-sorted each time,
 * before the listeners of the change hear of it, the projection's rows with them; an entry
 * Ramo appends and lines another program appends take the place the dialect's agent gives them.
 */
static void
test_switch (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (1919);
  g_autofree char *path = write_session (rand, 150);
  g_autoptr(JsonObject) node = agent_orders (TEST_JS_NODE, path);
  g_autoptr(JsonObject) bun = agent_orders (TEST_JS_BUN, path);
  g_autoptr(GError) error = NULL;
  g_autoptr(RamoSessionManager) manager = NULL;
  g_autoptr(RamoProjection) projection = NULL;
  g_autoptr(JsonNode) message = NULL;
  g_autofree char *seen = NULL;
  g_autofree char *node_root = NULL;
  g_autofree char *bun_root = NULL;
  g_autofree char *appended = NULL;

  if (node == NULL || bun == NULL)
    {
      g_test_skip (node == NULL ? "node is not installed" : "Bun is not installed");
      return;
    }
  /* the file tells the agents apart, or the test could not fail */
  node_root = join_order (node, ROOT_ID);
  bun_root = join_order (bun, ROOT_ID);
  g_assert_cmpstr (node_root, !=, bun_root);

  manager = ramo_session_manager_open (path, &error);
  g_assert_no_error (error);
  g_assert_cmpint (ramo_session_manager_get_dialect (manager), ==, RAMO_DIALECT_PI);
  assert_orders (manager, node);
  projection = ramo_projection_new (manager);
  assert_rows (projection, node);

  g_signal_connect (manager, "notify::dialect", G_CALLBACK (dialect_notified_cb), &seen);
  ramo_session_manager_set_dialect (manager, RAMO_DIALECT_OMP);
  assert_orders (manager, bun);
  g_assert_cmpstr (seen, ==, bun_root);
  assert_rows (projection, bun);

  /* Ramo appends a child of the root */
  g_assert_true (ramo_session_manager_branch (manager, ROOT_ID, &error));
  message = json_from_string ("{\"role\":\"user\",\"content\":\"n0000001\",\"timestamp\":1772348400000}", &error);
  g_assert_no_error (error);
  appended = ramo_session_manager_append_message (manager, message, &error);
  g_assert_no_error (error);
  g_clear_pointer (&bun, json_object_unref);
  bun = agent_orders (TEST_JS_BUN, path);
  assert_orders (manager, bun);

  /* another program appends children of the root */
  append_children (path, rand, 'x', 30, NULL);
  g_assert_cmpint (ramo_session_manager_refresh (manager, &error), ==, 30);
  g_assert_no_error (error);
  g_clear_pointer (&bun, json_object_unref);
  bun = agent_orders (TEST_JS_BUN, path);
  assert_orders (manager, bun);
  assert_rows (projection, bun);

  /* back to the rules the file points to */
  ramo_session_manager_unset_dialect (manager);
  g_assert_cmpint (ramo_session_manager_get_dialect (manager), ==, RAMO_DIALECT_PI);
  g_clear_pointer (&node, json_object_unref);
  node = agent_orders (TEST_JS_NODE, path);
  assert_orders (manager, node);
  assert_rows (projection, node);
  g_free (node_root);
  node_root = join_order (node, ROOT_ID);
  g_assert_cmpstr (seen, ==, node_root);
}

/*
 * The dialect detected: a file that becomes oh-my-pi's as another program appends to it is
 * re-sorted by oh-my-pi's rules; opened again, it is sorted so at once; read by pi's rules
 * as chosen, pi's order comes back.
 */
static void
test_detected (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (2026);
  g_autofree char *path = write_session (rand, 120);
  g_autoptr(JsonObject) node = agent_orders (TEST_JS_NODE, path);
  g_autoptr(JsonObject) bun = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(RamoSessionManager) manager = NULL;
  g_autoptr(RamoSessionManager) again = NULL;
  g_autofree char *bun_program = test_js_find (TEST_JS_BUN);
  /* an entry only oh-my-pi writes */
  const char *mode_change = "{\"type\":\"mode_change\",\"id\":\"m0000001\",\"parentId\":\"g0000040\","
                            "\"timestamp\":\"2026-03-01T08:00:00.000Z\",\"mode\":\"plan\"}\n";

  if (node == NULL || bun_program == NULL)
    {
      g_test_skip (node == NULL ? "node is not installed" : "Bun is not installed");
      return;
    }

  manager = ramo_session_manager_open (path, &error);
  g_assert_no_error (error);
  g_assert_cmpint (ramo_session_manager_get_dialect (manager), ==, RAMO_DIALECT_PI);
  assert_orders (manager, node);

  append_children (path, rand, 'y', 20, mode_change);
  g_assert_cmpint (ramo_session_manager_refresh (manager, &error), ==, 21);
  g_assert_no_error (error);
  g_assert_cmpint (ramo_session_manager_get_dialect (manager), ==, RAMO_DIALECT_OMP);
  bun = agent_orders (TEST_JS_BUN, path);
  g_clear_pointer (&node, json_object_unref);
  node = agent_orders (TEST_JS_NODE, path);
  {
    g_autofree char *a = join_order (node, ROOT_ID);
    g_autofree char *b = join_order (bun, ROOT_ID);

    g_assert_cmpstr (a, !=, b);
  }
  assert_orders (manager, bun);

  again = ramo_session_manager_open (path, &error);
  g_assert_no_error (error);
  g_assert_cmpint (ramo_session_manager_get_dialect (again), ==, RAMO_DIALECT_OMP);
  assert_orders (again, bun);
  ramo_session_manager_set_dialect (again, RAMO_DIALECT_PI);
  assert_orders (again, node);
}

/*
 * Lines sharing ids: the agents list the node (the later line) once per line, in the list of
 * the parent each line names, and sort those lists; Ramo keeps it once, where its own parent's
 * list has it first. A change of dialect makes those lists again, by the other agent's rules.
 */
static void
test_repeated_ids (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (4242);
  g_autofree char *path = write_session (rand, 100);
  g_autoptr(JsonObject) node = NULL;
  g_autoptr(JsonObject) bun = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(RamoSessionManager) manager = NULL;
  g_autofree char *node_root = NULL;
  g_autofree char *bun_root = NULL;
  /* two ids again under the root, one moved under another child, one again in place */
  const char *again =
    "{\"type\":\"message\",\"id\":\"k0000010\",\"parentId\":\"" ROOT_ID "\",\"timestamp\":\"garbage\","
    "\"message\":{\"role\":\"user\",\"content\":\"k0000010\",\"timestamp\":1772348400000}}\n"
    "{\"type\":\"message\",\"id\":\"k0000020\",\"parentId\":\"" ROOT_ID "\",\"timestamp\":\"2026-03-01T07:02:00.000Z\","
    "\"message\":{\"role\":\"user\",\"content\":\"k0000020\",\"timestamp\":1772348400000}}\n"
    "{\"type\":\"message\",\"id\":\"k0000030\",\"parentId\":\"k0000040\",\"timestamp\":\"Mar\u00a01 2026 07:01:00 UTC\","
    "\"message\":{\"role\":\"user\",\"content\":\"k0000030\",\"timestamp\":1772348400000}}\n";

  append_children (path, rand, 'z', 8, again);
  node = agent_orders (TEST_JS_NODE, path);
  bun = agent_orders (TEST_JS_BUN, path);
  if (node == NULL || bun == NULL)
    {
      g_test_skip (node == NULL ? "node is not installed" : "Bun is not installed");
      return;
    }
  node_root = join_order (node, ROOT_ID);
  bun_root = join_order (bun, ROOT_ID);
  g_assert_cmpstr (node_root, !=, bun_root);

  manager = ramo_session_manager_open (path, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (ramo_session_manager_get_n_repeated_ids (manager), ==, 3);
  assert_orders (manager, node);
  ramo_session_manager_set_dialect (manager, RAMO_DIALECT_OMP);
  assert_orders (manager, bun);
  ramo_session_manager_set_dialect (manager, RAMO_DIALECT_PI);
  assert_orders (manager, node);
}

/* The children a load lists are slices of the tree's one array; a child added after moves its
 * parent's to an array of its own, which grows; a rebuild lists them all in one array again. */
static void
test_children_storage (void)
{
  enum { N_KIDS = 100, N_LISTED = 3 };
  g_autofree RamoEntry *records = g_new0 (RamoEntry, N_KIDS + 1);
  g_autoptr(GPtrArray) entries = g_ptr_array_new ();
  RamoEntry *parent = &records[0];
  RamoEntry **pool = NULL;
  RamoEntry **slice;

  for (guint i = 0; i <= N_LISTED; i++)
    {
      records[i].index = i;
      g_ptr_array_add (entries, &records[i]);
    }
  for (guint i = 1; i <= N_KIDS; i++)
    {
      records[i].index = i;
      records[i].time_ms = N_KIDS - i;   /* the newest first in the file: the sort reverses them */
      records[i].parent = parent;
    }
  parent->n_children = N_LISTED;         /* as a load counts them */
  ramo_entry_tree_link_children (entries, &pool, RAMO_DIALECT_PI);
  g_assert_cmpuint (parent->n_children, ==, N_LISTED);
  g_assert_false (parent->children_owned);
  g_assert_true (parent->children == pool);
  for (guint i = 0; i < N_LISTED; i++)
    g_assert_true (parent->children[i] == &records[N_LISTED - i]);
  g_assert_null (records[1].children);
  slice = parent->children;

  for (guint i = N_LISTED + 1; i <= N_KIDS; i++)
    {
      ramo_entry_tree_add_child (parent, &records[i]);
      g_assert_true (parent->children_owned);
      g_assert_cmpuint (parent->n_children, ==, i);
      g_assert_true (parent->children[i - 1] == &records[i]);
    }
  g_assert_true (parent->children != slice);
  for (guint i = 0; i < N_LISTED; i++)
    g_assert_true (parent->children[i] == &records[N_LISTED - i]);
  ramo_entry_tree_sort_children (parent, RAMO_DIALECT_PI);
  for (guint i = 0; i < N_KIDS; i++)
    g_assert_true (parent->children[i] == &records[N_KIDS - i]);

  /* every kid listed once more, from the start: back in the one array */
  for (guint i = N_LISTED + 1; i <= N_KIDS; i++)
    g_ptr_array_add (entries, &records[i]);
  ramo_entry_tree_clear_children (parent);
  g_assert_null (parent->children);
  g_assert_cmpuint (parent->n_children, ==, 0);
  parent->n_children = N_KIDS;
  ramo_entry_tree_link_children (entries, &pool, RAMO_DIALECT_PI);
  g_assert_false (parent->children_owned);
  g_assert_true (parent->children == pool);
  for (guint i = 0; i < N_KIDS; i++)
    g_assert_true (parent->children[i] == &records[N_KIDS - i]);
  g_free (pool);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/session/order/switch", test_switch);
  g_test_add_func ("/session/order/detected", test_detected);
  g_test_add_func ("/session/order/repeated-ids", test_repeated_ids);
  g_test_add_func ("/session/order/children-storage", test_children_storage);

  return g_test_run ();
}

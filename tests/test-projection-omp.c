/* test-projection-omp.c — the tree view's rows by oh-my-pi's rules (dialect omp, spec §9)
 *
 * Copyright 2026 The Ramo authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* Which rows each filter shows, and in which order, when a session is read by oh-my-pi
 * 18.2.3's rules, and how the projection follows a change of dialect. The expected rows were
 * printed by the agents' own code, never worked out by hand:
 *   oh-my-pi: ~/.cache/ramo-agents/omp/node_modules/.bin/bun tests/compat/omp-dump.ts rows FILE
 *     (its TreeList, src/modes/components/tree-selector.ts)
 *   pi 1.6.0: ~/.cache/ramo-agents/pi16/node_modules/.bin/node tests/compat/pi16-dump.mjs rows FILE
 * run-compat-omp.sh checks the same on every file it reads. Only the row order is checked
 * here, not oh-my-pi's geometry: Ramo keeps its own nested layout for both dialects. */

#include "ramo-projection.h"
#include "ramo-projection-private.h"
#include "ramo-session-manager.h"
#include "ramo-test-util.h"

#define RULES_CASE "tree-filter-omp-rules.jsonl"

/* tree-filter-omp-rules.jsonl by oh-my-pi 18.2.3 (omp-dump.ts rows) */
static const char * const omp_rules_rows[] = {
  [RAMO_FILTER_DEFAULT] =
    "u0000001 f0000001 g0000001 e0000001 i0000001 y0000001 c0000001 c0000002 c0000003 c0000004 "
    "c0000005 c0000006 c0000007 c0000008 c0000009 c0000010 c0000011 m0000001 m0000002 m0000003 "
    "m0000004 a0000004 a0000005 a0000008 a0000009 a0000013 a0000015 s0000002 b0000001 b0000002 "
    "b0000003 u0000003 z0000001 u0000002 r0000001",
  [RAMO_FILTER_NO_TOOLS] =
    "u0000001 f0000001 g0000001 e0000001 i0000001 y0000001 c0000001 c0000002 c0000003 c0000004 "
    "c0000005 c0000006 c0000007 c0000008 c0000009 c0000010 c0000011 m0000001 m0000002 m0000003 "
    "m0000004 a0000004 a0000005 a0000008 a0000009 a0000013 a0000015 s0000002 b0000001 b0000002 "
    "b0000003 u0000003 z0000001 u0000002",
  [RAMO_FILTER_USER_ONLY] =
    "u0000001 c0000001 c0000005 c0000008 m0000001 m0000002 u0000003 u0000002",
  [RAMO_FILTER_LABELED_ONLY] =
    "g0000001 i0000001",
  [RAMO_FILTER_ALL] =
    "u0000001 f0000001 g0000001 e0000001 i0000001 y0000001 c0000001 c0000002 c0000003 c0000004 "
    "c0000005 c0000006 c0000007 c0000008 c0000009 c0000010 c0000011 m0000001 m0000002 m0000003 "
    "m0000004 a0000004 a0000005 a0000008 a0000009 a0000013 a0000015 s0000002 b0000001 b0000002 "
    "b0000003 u0000003 z0000001 l0000001 l0000002 u0000002 r0000001",
};

/* the same file by pi 1.6.0 (pi16-dump.mjs rows) */
static const char * const pi_rules_rows[] = {
  [RAMO_FILTER_DEFAULT] =
    "u0000001 c0000001 c0000002 c0000003 c0000004 c0000005 c0000006 c0000007 c0000008 c0000009 "
    "c0000010 c0000011 m0000001 m0000002 m0000003 m0000004 a0000001 a0000002 a0000003 a0000004 "
    "a0000005 a0000006 a0000007 a0000008 a0000009 a0000011 a0000012 a0000013 a0000015 s0000001 "
    "s0000002 b0000001 b0000002 b0000003 u0000003 z0000001 u0000002 d0000001 r0000001 d0000002",
  [RAMO_FILTER_NO_TOOLS] =
    "u0000001 c0000001 c0000002 c0000003 c0000004 c0000005 c0000006 c0000007 c0000008 c0000009 "
    "c0000010 c0000011 m0000001 m0000002 m0000003 m0000004 a0000001 a0000002 a0000003 a0000004 "
    "a0000005 a0000006 a0000007 a0000008 a0000009 a0000011 a0000012 a0000013 a0000015 s0000001 "
    "s0000002 b0000001 b0000002 b0000003 u0000003 z0000001 u0000002 d0000001 d0000002",
  [RAMO_FILTER_USER_ONLY] =
    "u0000001 u0000003 u0000002",
  [RAMO_FILTER_LABELED_ONLY] =
    "i0000001",
  [RAMO_FILTER_ALL] =
    "u0000001 f0000001 e0000001 i0000001 y0000001 c0000001 c0000002 c0000003 c0000004 c0000005 "
    "c0000006 c0000007 c0000008 c0000009 c0000010 c0000011 m0000001 m0000002 m0000003 m0000004 "
    "a0000001 a0000002 a0000003 a0000004 a0000005 a0000006 a0000007 a0000008 a0000009 a0000011 "
    "a0000012 a0000013 a0000015 s0000001 s0000002 b0000001 b0000002 b0000003 u0000003 z0000001 "
    "l0000001 l0000002 u0000002 d0000001 r0000001 d0000002",
};

/* The rows in the order a view shows them with every row unfolded: pre-order over the
 * nested lists, as `ramo-session tree --rows` lists them. */
static void
append_rows (GListModel *model,
             GString    *out)
{
  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    {
      g_autoptr(RamoProjectionNode) node = g_list_model_get_item (model, i);

      if (out->len)
        g_string_append_c (out, ' ');
      g_string_append (out, ramo_projection_node_get_id (node));
      append_rows (G_LIST_MODEL (node), out);
    }
}

static char *
rows (RamoProjection *projection)
{
  GString *out = g_string_new (NULL);

  append_rows (ramo_projection_get_roots (projection), out);
  return g_string_free (out, FALSE);
}

static guint
count_words (const char *text)
{
  g_auto(GStrv) words = g_strsplit (text, " ", -1);

  return text[0] ? g_strv_length (words) : 0;
}

static void
check_rows (RamoProjection     *projection,
            const char * const *expected)
{
  for (RamoFilterMode mode = RAMO_FILTER_DEFAULT; mode <= RAMO_FILTER_ALL; mode++)
    {
      g_autofree char *text = NULL;

      ramo_projection_set_filter (projection, mode);
      text = rows (projection);
      g_test_message ("filter %s", ramo_filter_mode_to_string (mode));
      g_assert_cmpstr (text, ==, expected[mode]);
      g_assert_cmpuint (ramo_projection_get_n_visible (projection), ==, count_words (expected[mode]));
    }
}

static RamoSessionManager *
open_case (const char *name)
{
  g_autofree char *src = g_build_filename (g_getenv ("RAMO_SOURCE_DIR") ? g_getenv ("RAMO_SOURCE_DIR") : "..",
                                           "tests", "compat", "cases", "omp", name, NULL);
  g_autofree char *contents = NULL;
  g_autofree char *path = NULL;
  g_autoptr(GError) error = NULL;
  RamoSessionManager *manager;
  gsize len;

  contents = ramo_test_read_file (src, &len);
  path = ramo_test_write_file (name, contents, len);
  manager = ramo_session_manager_open (path, &error);
  g_assert_no_error (error);
  return manager;
}

static void
count_cb (gpointer  object,
          guint    *count)
{
  (*count)++;
}

/* The file starts with oh-my-pi's title slot: its rows are oh-my-pi's in every filter. The
 * file isolates its /tree rules: settings entries it hides (label, custom), types it does not
 * know (usage, context_edit, others, none) and session_info shown; user requests (skill and
 * collab prompts attributed to the user, as custom_message entries with string or array
 * content, or as custom messages whatever their content); texts of dots, "…" and white space
 * (JSON-escaped or not; white space other than space, tab, LF, CR counts as text between
 * dots); a dots-only leaf shown. */
static void
test_rules_omp (void)
{
  g_autoptr(RamoSessionManager) manager = open_case (RULES_CASE);
  g_autoptr(RamoProjection) projection = ramo_projection_new (manager);

  g_assert_cmpint (ramo_session_manager_get_dialect (manager), ==, RAMO_DIALECT_OMP);
  check_rows (projection, omp_rules_rows);
}

/* Choosing the other agent's rules lays the rows out again, and back. */
static void
test_rules_switch (void)
{
  g_autoptr(RamoSessionManager) manager = open_case (RULES_CASE);
  g_autoptr(RamoProjection) projection = ramo_projection_new (manager);
  g_autofree char *text = NULL;
  guint rebuilt = 0;

  ramo_projection_set_filter (projection, RAMO_FILTER_USER_ONLY);
  g_signal_connect (projection, "rebuilt", G_CALLBACK (count_cb), &rebuilt);

  ramo_session_manager_set_dialect (manager, RAMO_DIALECT_PI);
  g_assert_cmpuint (rebuilt, ==, 1);
  text = rows (projection);
  g_assert_cmpstr (text, ==, pi_rules_rows[RAMO_FILTER_USER_ONLY]);
  check_rows (projection, pi_rules_rows);

  ramo_projection_set_filter (projection, RAMO_FILTER_DEFAULT);
  rebuilt = 0;
  ramo_session_manager_unset_dialect (manager);
  g_assert_cmpuint (rebuilt, ==, 1);
  g_clear_pointer (&text, g_free);
  text = rows (projection);
  g_assert_cmpstr (text, ==, omp_rules_rows[RAMO_FILTER_DEFAULT]);

  /* the same dialect again changes nothing */
  rebuilt = 0;
  ramo_session_manager_set_dialect (manager, RAMO_DIALECT_OMP);
  g_assert_cmpuint (rebuilt, ==, 0);
  check_rows (projection, omp_rules_rows);
}

/* A projection made after the choice reads by it from the start. */
static void
test_rules_pi_chosen (void)
{
  g_autoptr(RamoSessionManager) manager = open_case (RULES_CASE);
  g_autoptr(RamoProjection) projection = NULL;

  ramo_session_manager_set_dialect (manager, RAMO_DIALECT_PI);
  projection = ramo_projection_new (manager);
  check_rows (projection, pi_rules_rows);
}

/* The example (a pi file) read by oh-my-pi's rules: its session_info root shows
 * (oh-my-pi 18.2.3: 27 rows by default, the session_info first; 7 user-only; 32 in "all").
 * Ramo's layout stays its own: every row hangs under the root. */
static void
test_example_omp (void)
{
  g_autofree char *path = ramo_test_copy_example ();
  g_autoptr(GError) error = NULL;
  g_autoptr(RamoSessionManager) manager = ramo_session_manager_open (path, &error);
  g_autoptr(RamoProjection) projection = NULL;
  g_autofree char *text = NULL;
  g_autoptr(RamoProjectionNode) top = NULL;

  g_assert_no_error (error);
  projection = ramo_projection_new (manager);
  g_assert_cmpint (ramo_session_manager_get_dialect (manager), ==, RAMO_DIALECT_PI);
  g_assert_cmpuint (ramo_projection_get_n_visible (projection), ==, 26);

  ramo_session_manager_set_dialect (manager, RAMO_DIALECT_OMP);
  text = rows (projection);
  g_assert_cmpstr (text, ==,
    "5e1f0a01 a1000001 a1000002 a1000003 a1000005 a1000006 c3000001 d4000001 d4000003 d4000005 "
    "d4000006 e5000003 e5000005 e5000007 e5000008 e5000009 e5000010 e5000012 e5000013 e5000014 "
    "f6000001 f6000002 b2000001 b2000002 b2000003 b2000004 b2000005");
  /* the chain from the root to the first branch point stays one list: one row more than pi's */
  g_assert_cmpuint (g_list_model_get_n_items (ramo_projection_get_roots (projection)), ==, 6);
  top = g_list_model_get_item (ramo_projection_get_roots (projection), 0);
  g_assert_cmpstr (ramo_projection_node_get_id (top), ==, "5e1f0a01");

  ramo_projection_set_filter (projection, RAMO_FILTER_USER_ONLY);
  g_assert_cmpuint (ramo_projection_get_n_visible (projection), ==, 7);
  ramo_projection_set_filter (projection, RAMO_FILTER_ALL);
  g_assert_cmpuint (ramo_projection_get_n_visible (projection), ==, 32);
}

static void
append_raw (const char *path,
            const char *text)
{
  FILE *f = fopen (path, "a");

  g_assert_nonnull (f);
  fputs (text, f);
  fclose (f);
}

#define HEADER "{\"type\":\"session\",\"version\":3,\"id\":\"s-omp-live\",\"timestamp\":\"2026-11-22T09:00:00.000Z\",\"cwd\":\"/tmp\"}\n"

/* A followed pi file that an oh-my-pi entry arrives in is read by oh-my-pi's rules from then
 * on: the rows follow (the dots-only turn, no longer the leaf, goes; session_info comes;
 * mode_change is hidden). oh-my-pi 18.2.3 on the grown file: "u1 i1" by default. */
static void
test_detected_while_following (void)
{
  g_autofree char *path = ramo_test_write_file ("live.jsonl",
    HEADER
    "{\"type\":\"message\",\"id\":\"u1\",\"parentId\":null,\"timestamp\":\"2026-11-22T09:00:01.000Z\","
    "\"message\":{\"role\":\"user\",\"content\":\"Go\",\"timestamp\":1}}\n"
    "{\"type\":\"session_info\",\"id\":\"i1\",\"parentId\":\"u1\",\"timestamp\":\"2026-11-22T09:00:02.000Z\",\"name\":\"n\"}\n"
    "{\"type\":\"message\",\"id\":\"a1\",\"parentId\":\"i1\",\"timestamp\":\"2026-11-22T09:00:03.000Z\","
    "\"message\":{\"role\":\"assistant\",\"content\":[{\"type\":\"text\",\"text\":\"\\u2026\"}],\"stopReason\":\"stop\",\"timestamp\":2}}\n",
    -1);
  g_autoptr(GError) error = NULL;
  g_autoptr(RamoSessionManager) manager = ramo_session_manager_open (path, &error);
  g_autoptr(RamoProjection) projection = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;

  g_assert_no_error (error);
  projection = ramo_projection_new (manager);
  g_assert_cmpint (ramo_session_manager_get_dialect (manager), ==, RAMO_DIALECT_PI);
  before = rows (projection);
  g_assert_cmpstr (before, ==, "u1 a1");

  append_raw (path, "{\"type\":\"mode_change\",\"id\":\"o1\",\"parentId\":\"a1\",\"timestamp\":\"2026-11-22T09:00:04.000Z\",\"mode\":\"plan\"}\n");
  g_assert_cmpint (ramo_session_manager_refresh (manager, &error), ==, 1);
  g_assert_no_error (error);
  g_assert_cmpint (ramo_session_manager_get_dialect (manager), ==, RAMO_DIALECT_OMP);
  after = rows (projection);
  g_assert_cmpstr (after, ==, "u1 i1");
}

/* A branched session replaces every entry, and can change the dialect on the way (the entry
 * that made the file oh-my-pi's is left behind): the rows are those of the new dialect.
 * oh-my-pi 18.2.3 shows "u1 i1 u2" on both files, pi 1.6.0 "u1 a1 u2" on the new one. */
static void
test_branched_session (void)
{
  g_autofree char *path = ramo_test_write_file ("branch.jsonl",
    HEADER
    "{\"type\":\"message\",\"id\":\"u1\",\"parentId\":null,\"timestamp\":\"2026-11-22T09:00:01.000Z\","
    "\"message\":{\"role\":\"user\",\"content\":\"Go\",\"timestamp\":1}}\n"
    "{\"type\":\"mode_change\",\"id\":\"o1\",\"parentId\":\"u1\",\"timestamp\":\"2026-11-22T09:00:02.000Z\",\"mode\":\"plan\"}\n"
    "{\"type\":\"session_info\",\"id\":\"i1\",\"parentId\":\"u1\",\"timestamp\":\"2026-11-22T09:00:03.000Z\",\"name\":\"n\"}\n"
    "{\"type\":\"message\",\"id\":\"a1\",\"parentId\":\"i1\",\"timestamp\":\"2026-11-22T09:00:04.000Z\","
    "\"message\":{\"role\":\"assistant\",\"content\":[{\"type\":\"text\",\"text\":\"\\u2026\"}],\"stopReason\":\"stop\",\"timestamp\":2}}\n"
    "{\"type\":\"message\",\"id\":\"u2\",\"parentId\":\"a1\",\"timestamp\":\"2026-11-22T09:00:05.000Z\","
    "\"message\":{\"role\":\"user\",\"content\":\"More\",\"timestamp\":3}}\n",
    -1);
  g_autoptr(GError) error = NULL;
  g_autoptr(RamoSessionManager) manager = ramo_session_manager_open (path, &error);
  g_autoptr(RamoProjection) projection = NULL;
  g_autofree char *new_path = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;

  g_assert_no_error (error);
  projection = ramo_projection_new (manager);
  g_assert_cmpint (ramo_session_manager_get_dialect (manager), ==, RAMO_DIALECT_OMP);
  before = rows (projection);
  g_assert_cmpstr (before, ==, "u1 i1 u2");

  g_assert_true (ramo_session_manager_create_branched_session (manager, "u2", &new_path, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (ramo_session_manager_get_path (manager), ==, new_path);
  after = rows (projection);
  /* (whether Ramo writes oh-my-pi's title slot into the new file decides its dialect) */
  if (ramo_session_manager_get_dialect (manager) == RAMO_DIALECT_PI)
    g_assert_cmpstr (after, ==, "u1 a1 u2");
  else
    g_assert_cmpstr (after, ==, "u1 i1 u2");
  g_assert_cmpuint (ramo_projection_get_n_total (projection), ==, 4);
}

static void
leaf_moved_cb (RamoProjection *projection,
               gboolean        changes_layout,
               int            *result)
{
  *result = changes_layout;
}

/* Leaving a leaf whose text is only "…" shows or hides it by oh-my-pi's rules (it has text by
 * pi's): the views are told the layout changes only then. */
static void
test_leaf_moved (void)
{
  g_autoptr(RamoSessionManager) manager = open_case (RULES_CASE);
  g_autoptr(RamoProjection) projection = ramo_projection_new (manager);
  g_autoptr(GError) error = NULL;
  int changes = -1;

  g_signal_connect (projection, "leaf-moved", G_CALLBACK (leaf_moved_cb), &changes);
  g_assert_cmpstr (ramo_session_manager_get_leaf_id (manager), ==, "z0000001");

  g_assert_true (ramo_session_manager_branch (manager, "u0000003", &error));
  g_assert_no_error (error);
  g_assert_cmpint (changes, ==, TRUE);
  ramo_projection_rebuild (projection);
  g_assert_false (ramo_projection_is_visible (projection, ramo_session_manager_get_entry (manager, "z0000001")));

  ramo_session_manager_set_dialect (manager, RAMO_DIALECT_PI);
  g_assert_true (ramo_session_manager_branch (manager, "z0000001", &error));
  g_assert_cmpint (changes, ==, FALSE);
  g_assert_true (ramo_session_manager_branch (manager, "u0000003", &error));
  g_assert_cmpint (changes, ==, FALSE);
  g_assert_true (ramo_projection_is_visible (projection, ramo_session_manager_get_entry (manager, "z0000001")));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/Core/ProjectionOmp/rules", test_rules_omp);
  g_test_add_func ("/Core/ProjectionOmp/rules-switch", test_rules_switch);
  g_test_add_func ("/Core/ProjectionOmp/rules-pi-chosen", test_rules_pi_chosen);
  g_test_add_func ("/Core/ProjectionOmp/example", test_example_omp);
  g_test_add_func ("/Core/ProjectionOmp/detected-while-following", test_detected_while_following);
  g_test_add_func ("/Core/ProjectionOmp/branched-session", test_branched_session);
  g_test_add_func ("/Core/ProjectionOmp/leaf-moved", test_leaf_moved);

  return g_test_run ();
}

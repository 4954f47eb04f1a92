/* test-projection-steps.c — a layout made in steps is the layout made at once
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <string.h>

#include <glib/gstdio.h>

#include "ramo-projection-private.h"
#include "ramo-session-manager.h"
#include "ramo-test-projection.h"
#include "ramo-test-util.h"

/* A session of @n entries in a random tree (seeded): users, assistants with text, assistants
 * with only a tool call, tool results, and a label now and then; the leaf is the last line. */
static char *
write_session (const char *name,
               guint       n,
               guint32     seed)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (seed);
  g_autoptr(GString) out = g_string_new (NULL);
  static const char * const words[] = { "read", "build", "test", "fix", "parse", "tree", "leaf", "branch" };

  g_string_append (out, "{\"type\":\"session\",\"version\":3,\"id\":\"steps\",\"timestamp\":\"2026-01-01T00:00:00.000Z\",\"cwd\":\"/w\"}\n");
  for (guint i = 0; i < n; i++)
    {
      guint parent = i == 0 ? 0 : g_rand_int_range (rand, 0, 100) < 80 ? i - 1 : (guint) g_rand_int_range (rand, 0, i);
      const char *word = words[g_rand_int_range (rand, 0, G_N_ELEMENTS (words))];
      guint kind = g_rand_int_range (rand, 0, 100);

      g_string_append_printf (out, "{\"id\":\"e%u\",", i);
      if (i == 0)
        g_string_append (out, "\"parentId\":null,");
      else
        g_string_append_printf (out, "\"parentId\":\"e%u\",", parent);
      g_string_append_printf (out, "\"timestamp\":\"2026-01-01T%02u:%02u:%02u.000Z\",", i / 3600 % 24, i / 60 % 60, i % 60);
      if (kind < 3 && i > 0)
        g_string_append_printf (out, "\"type\":\"label\",\"targetId\":\"e%u\",\"label\":\"%s %u\"}\n",
                                (guint) g_rand_int_range (rand, 0, i), word, i);
      else if (kind < 35)
        g_string_append_printf (out, "\"type\":\"message\",\"message\":{\"role\":\"user\",\"content\":\"%s %u\"}}\n", word, i);
      else if (kind < 65)
        g_string_append_printf (out, "\"type\":\"message\",\"message\":{\"role\":\"assistant\",\"content\":"
                                "[{\"type\":\"text\",\"text\":\"%s done %u\"}],\"stopReason\":\"stop\"}}\n", word, i);
      else if (kind < 80)
        g_string_append_printf (out, "\"type\":\"message\",\"message\":{\"role\":\"assistant\",\"content\":"
                                "[{\"type\":\"toolCall\",\"id\":\"c%u\",\"name\":\"bash\",\"arguments\":{\"command\":\"%s\"}}],"
                                "\"stopReason\":\"toolUse\"}}\n", i, word);
      else
        g_string_append_printf (out, "\"type\":\"message\",\"message\":{\"role\":\"toolResult\",\"toolCallId\":\"c%u\","
                                "\"toolName\":\"bash\",\"content\":[{\"type\":\"text\",\"text\":\"%s output\"}],\"isError\":false}}\n",
                                i, word);
    }
  return ramo_test_write_file (name, out->str, out->len);
}

/* The rows as nested ids, and how many */
static char *
rows (RamoProjection *projection)
{
  GString *out = g_string_new (NULL);

  ramo_test_describe_rows (ramo_projection_get_roots (projection), out);
  g_string_append_printf (out, "\n%u visible\n", ramo_projection_get_n_visible (projection));
  return g_string_free (out, FALSE);
}

/* The rows, and the projection's text (rows, depths, markers, filter) */
static char *
layout (RamoProjection *projection)
{
  g_autofree char *text = ramo_projection_to_text (projection);
  g_autofree char *ids = rows (projection);

  return g_strconcat (ids, text, NULL);
}

/* Layouts are long: on a difference, say where it starts */
#define assert_same(a, b) G_STMT_START {                                                    \
  const char *a_ = (a), *b_ = (b);                                                          \
  gsize i_ = 0;                                                                             \
  while (a_[i_] && a_[i_] == b_[i_])                                                        \
    i_++;                                                                                   \
  if (a_[i_] != b_[i_])                                                                     \
    {                                                                                       \
      g_autofree char *at_a_ = g_strndup (a_ + (i_ > 40 ? i_ - 40 : 0), 120);               \
      g_autofree char *at_b_ = g_strndup (b_ + (i_ > 40 ? i_ - 40 : 0), 120);               \
      g_test_message ("differ at byte %" G_GSIZE_FORMAT ":\n%s\n%s", i_, at_a_, at_b_);  \
      g_assert_cmpstr (at_a_, ==, at_b_);                                                   \
    }                                                                                       \
} G_STMT_END

/* What a projection made at once shows with @projection's filter and search */
static char *
layout_at_once (RamoProjection *projection)
{
  g_autoptr(RamoProjection) fresh = ramo_projection_new (ramo_projection_get_manager (projection));

  ramo_projection_set_filter (fresh, ramo_projection_get_filter (projection));
  ramo_projection_set_search (fresh, ramo_projection_get_search (projection));
  g_assert_false (ramo_projection_is_laying_out (fresh));
  return layout (fresh);
}

static void
count_cb (gpointer  instance,
          guint    *count)
{
  (*count)++;
}

static void
count_notify_cb (GObject    *object,
                 GParamSpec *pspec,
                 guint      *count)
{
  (*count)++;
}

typedef struct
{
  RamoSessionManager *manager;
  RamoProjection     *projection;
  char               *path;
  guint               n_rebuilt;
  guint               n_laying_out;
} Fixture;

static void
fixture_set_up (Fixture       *f,
                gconstpointer  data)
{
  g_autoptr(GError) error = NULL;

  f->path = write_session ("steps.jsonl", 20000, 7);
  f->manager = ramo_session_manager_open (f->path, &error);
  g_assert_no_error (error);
  f->projection = ramo_projection_new (f->manager);
  ramo_projection_set_layout_in_steps (f->projection, TRUE);
  /* a step stops at the first look at the clock: each takes RAMO_LAYOUT_CLOCK_EVERY entries */
  _ramo_projection_set_step_size (f->projection, 0, RAMO_LAYOUT_CLOCK_EVERY);
  g_signal_connect (f->projection, "rebuilt", G_CALLBACK (count_cb), &f->n_rebuilt);
  g_signal_connect (f->projection, "notify::laying-out", G_CALLBACK (count_notify_cb), &f->n_laying_out);
}

static void
fixture_tear_down (Fixture       *f,
                   gconstpointer  data)
{
  g_clear_object (&f->projection);
  g_clear_object (&f->manager);
  g_free (f->path);
  ramo_test_remove_dirs ();
}

/* Runs the main loop until the layout under way is complete; returns the steps it took */
static guint
run_steps (RamoProjection *projection)
{
  guint steps = 0;

  while (ramo_projection_is_laying_out (projection))
    {
      g_main_context_iteration (NULL, TRUE);
      steps++;
      g_assert_cmpuint (steps, <, 100000);
    }
  return steps;
}

/* Each change: the rows stay the old layout until the last step, then are the layout a
 * projection made at once shows, told with one ::rebuilt. */
static void
test_steps_equal_at_once (Fixture       *f,
                          gconstpointer  data)
{
  static const struct { int filter; const char *search; } changes[] = {
    { RAMO_FILTER_ALL, NULL }, { RAMO_FILTER_NO_TOOLS, NULL }, { RAMO_FILTER_USER_ONLY, NULL },
    { RAMO_FILTER_LABELED_ONLY, NULL }, { RAMO_FILTER_DEFAULT, NULL },
    { -1, "r" }, { -1, "re" }, { -1, "rea" }, { -1, "read 1" }, { -1, "read" }, { -1, "" },
    { RAMO_FILTER_ALL, "done" }, { RAMO_FILTER_DEFAULT, "output" }, { -1, NULL },
  };
  guint total_steps = 0;

  for (guint c = 0; c < G_N_ELEMENTS (changes); c++)
    {
      g_autofree char *before = rows (f->projection);
      g_autofree char *during = NULL;
      g_autofree char *after = NULL;
      g_autofree char *expected = NULL;
      guint rebuilt = f->n_rebuilt;

      if (changes[c].filter >= 0)
        ramo_projection_set_filter (f->projection, changes[c].filter);
      if (changes[c].filter < 0 || changes[c].search)
        ramo_projection_set_search (f->projection, changes[c].search);

      if (ramo_projection_is_laying_out (f->projection))
        {
          /* the views read the layout before the change meanwhile */
          during = rows (f->projection);
          assert_same (during, before);
          g_assert_cmpuint (f->n_rebuilt, ==, rebuilt);
          total_steps += run_steps (f->projection);
        }
      g_assert_cmpuint (f->n_rebuilt, ==, rebuilt + 1);
      after = layout (f->projection);
      expected = layout_at_once (f->projection);
      assert_same (after, expected);
    }
  /* the layouts did go in steps: 20,000 entries are several steps of 2,048 each */
  g_assert_cmpuint (total_steps, >=, 5 * G_N_ELEMENTS (changes));
  g_assert_cmpuint (f->n_laying_out, >=, 2);
}

/* A keystroke while a layout is under way supersedes it: one ::rebuilt, the last search's. */
static void
test_superseded (Fixture       *f,
                 gconstpointer  data)
{
  g_autofree char *after = NULL;
  g_autofree char *expected = NULL;

  ramo_projection_set_search (f->projection, "r");
  g_assert_true (ramo_projection_is_laying_out (f->projection));
  g_main_context_iteration (NULL, TRUE);
  g_assert_true (ramo_projection_is_laying_out (f->projection));
  ramo_projection_set_search (f->projection, "rea");
  g_main_context_iteration (NULL, TRUE);
  ramo_projection_set_filter (f->projection, RAMO_FILTER_ALL);
  g_assert_true (ramo_projection_is_laying_out (f->projection));
  run_steps (f->projection);
  g_assert_cmpuint (f->n_rebuilt, ==, 1);
  after = layout (f->projection);
  expected = layout_at_once (f->projection);
  assert_same (after, expected);
  g_assert_cmpstr (ramo_projection_get_search (f->projection), ==, "rea");
}

/* A label, a leaf move, lines appended by another program, a reload while a layout is under
 * way: the layout is finished (or, for a reload, dropped) first, and what follows is what a
 * projection made at once shows. */
static void
test_changes_meanwhile (Fixture       *f,
                        gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GFile) file = g_file_new_for_path (f->path);
  g_autoptr(GFileOutputStream) stream = NULL;
  g_autofree char *label_id = NULL;
  g_autofree char *new_path = NULL;
  static const char appended[] =
    "{\"id\":\"x1\",\"parentId\":\"e5\",\"timestamp\":\"2026-01-02T00:00:00.000Z\",\"type\":\"message\","
    "\"message\":{\"role\":\"user\",\"content\":\"read appended\"}}\n";

  /* a label */
  ramo_projection_set_search (f->projection, "read");
  g_assert_true (ramo_projection_is_laying_out (f->projection));
  label_id = ramo_session_manager_append_label_change (f->manager, "e10", "read me", &error);
  g_assert_no_error (error);
  run_steps (f->projection);
  {
    g_autofree char *after = layout (f->projection);
    g_autofree char *expected = layout_at_once (f->projection);

    assert_same (after, expected);
  }

  /* the leaf moved */
  ramo_projection_set_filter (f->projection, RAMO_FILTER_ALL);
  g_assert_true (ramo_projection_is_laying_out (f->projection));
  ramo_session_manager_branch (f->manager, "e100", &error);
  g_assert_no_error (error);
  run_steps (f->projection);
  while (g_main_context_iteration (NULL, FALSE))
    ;
  ramo_projection_rebuild (f->projection);
  {
    g_autofree char *after = layout (f->projection);
    g_autofree char *expected = layout_at_once (f->projection);

    assert_same (after, expected);
  }

  /* lines another program appended */
  ramo_projection_set_search (f->projection, "appended");
  g_assert_true (ramo_projection_is_laying_out (f->projection));
  stream = g_file_append_to (file, G_FILE_CREATE_NONE, NULL, &error);
  g_assert_no_error (error);
  g_output_stream_write_all (G_OUTPUT_STREAM (stream), appended, strlen (appended), NULL, NULL, &error);
  g_assert_no_error (error);
  g_output_stream_close (G_OUTPUT_STREAM (stream), NULL, &error);
  g_assert_no_error (error);
  ramo_session_manager_refresh (f->manager, &error);
  g_assert_no_error (error);
  g_assert_false (ramo_projection_is_laying_out (f->projection));
  {
    g_autofree char *after = layout (f->projection);
    g_autofree char *expected = layout_at_once (f->projection);

    assert_same (after, expected);
    g_assert_nonnull (strstr (after, "x1"));
  }

  /* a reload (here: the session switched to a branched one) drops the layout under way:
   * its entries are gone */
  ramo_projection_set_search (f->projection, "tree");
  g_assert_true (ramo_projection_is_laying_out (f->projection));
  g_assert_true (ramo_session_manager_create_branched_session (f->manager, "e19990", &new_path, &error));
  g_assert_no_error (error);
  g_assert_false (ramo_projection_is_laying_out (f->projection));
  {
    g_autofree char *after = layout (f->projection);
    g_autofree char *expected = layout_at_once (f->projection);

    assert_same (after, expected);
  }
  g_unlink (new_path);
}

/* finish_layout() makes the rest at once; a projection let go of meanwhile leaves no step
 * behind to run on freed memory. */
static void
test_finish_and_dispose (Fixture       *f,
                         gconstpointer  data)
{
  g_autofree char *after = NULL;
  g_autofree char *expected = NULL;

  ramo_projection_set_filter (f->projection, RAMO_FILTER_USER_ONLY);
  g_assert_true (ramo_projection_is_laying_out (f->projection));
  ramo_projection_finish_layout (f->projection);
  g_assert_false (ramo_projection_is_laying_out (f->projection));
  g_assert_cmpuint (f->n_rebuilt, ==, 1);
  after = layout (f->projection);
  expected = layout_at_once (f->projection);
  assert_same (after, expected);

  /* turned off with a layout under way: it is finished */
  ramo_projection_set_search (f->projection, "fix");
  g_assert_true (ramo_projection_is_laying_out (f->projection));
  ramo_projection_set_layout_in_steps (f->projection, FALSE);
  g_assert_false (ramo_projection_is_laying_out (f->projection));
  g_assert_cmpuint (f->n_rebuilt, ==, 2);
  ramo_projection_set_layout_in_steps (f->projection, TRUE);

  ramo_projection_set_search (f->projection, "build");
  g_assert_true (ramo_projection_is_laying_out (f->projection));
  g_clear_object (&f->projection);
  for (guint i = 0; i < 100; i++)
    g_main_context_iteration (NULL, FALSE);
}

/* Without steps, nothing is left for the main loop: the layout is there when the call returns */
static void
test_at_once_by_default (void)
{
  g_autofree char *path = write_session ("once.jsonl", 20000, 3);
  g_autoptr(GError) error = NULL;
  g_autoptr(RamoSessionManager) manager = ramo_session_manager_open (path, &error);
  g_autoptr(RamoProjection) projection = NULL;

  g_assert_no_error (error);
  projection = ramo_projection_new (manager);
  _ramo_projection_set_step_size (projection, 0, RAMO_LAYOUT_CLOCK_EVERY);
  ramo_projection_set_search (projection, "read");
  g_assert_false (ramo_projection_is_laying_out (projection));
  g_assert_cmpuint (ramo_projection_get_n_visible (projection), >, 0);
  ramo_test_remove_dirs ();
}

/* The rows made, by entry index, in pages: rows far apart, pages never made between them, a
 * removal while walking, and the walk in the order of the entries. */
static void
test_node_table (void)
{
  static const guint indexes[] = { 20000, 5, RAMO_NODE_PAGE_SIZE, RAMO_NODE_PAGE_SIZE - 1, 0, 6 * RAMO_NODE_PAGE_SIZE + 7 };
  static const guint in_order[] = { 0, 5, RAMO_NODE_PAGE_SIZE - 1, RAMO_NODE_PAGE_SIZE, 20000, 6 * RAMO_NODE_PAGE_SIZE + 7 };
  g_autofree RamoEntry *entries = g_new0 (RamoEntry, 7 * RAMO_NODE_PAGE_SIZE);
  RamoNodeTable table = { 0 };
  RamoProjectionNode *node;
  guint n_seen = 0;

  for (guint i = 0; i < 7 * RAMO_NODE_PAGE_SIZE; i++)
    entries[i].index = i;
  for (guint i = 0; i < G_N_ELEMENTS (indexes); i++)
    {
      node = g_object_new (RAMO_TYPE_PROJECTION_NODE, NULL);
      node->entry = &entries[indexes[i]];
      _ramo_node_table_insert (&table, node->entry, node);
    }
  g_assert_cmpuint (table.n_nodes, ==, G_N_ELEMENTS (indexes));
  /* pages 2, 3 and 5 of the table were never needed (20,000 is on page 4) */
  g_assert_cmpuint (20000 / RAMO_NODE_PAGE_SIZE, ==, 4);
  g_assert_null (table.pages[2]);
  g_assert_null (table.pages[3]);
  g_assert_nonnull (table.pages[4]);
  g_assert_null (table.pages[5]);
  g_assert_true (_ramo_node_table_lookup (&table, &entries[RAMO_NODE_PAGE_SIZE])->entry == &entries[RAMO_NODE_PAGE_SIZE]);
  g_assert_null (_ramo_node_table_lookup (&table, &entries[6]));
  g_assert_null (_ramo_node_table_lookup (&table, &entries[2 * RAMO_NODE_PAGE_SIZE + 1]));

  /* a new row for an entry takes the old one's place */
  node = g_object_new (RAMO_TYPE_PROJECTION_NODE, NULL);
  node->entry = &entries[5];
  _ramo_node_table_insert (&table, node->entry, node);
  g_assert_cmpuint (table.n_nodes, ==, G_N_ELEMENTS (indexes));
  g_assert_true (_ramo_node_table_lookup (&table, &entries[5]) == node);

  RAMO_NODE_TABLE_FOREACH (&table, index, seen, node)
    {
      g_assert_cmpuint (n_seen, <, G_N_ELEMENTS (in_order));
      g_assert_cmpuint (index, ==, in_order[n_seen]);
      g_assert_true (node->entry == &entries[index]);
      n_seen++;
      if (index == RAMO_NODE_PAGE_SIZE - 1)
        {
          _ramo_node_table_remove (&table, index);
          seen--;
        }
    }
  g_assert_cmpuint (n_seen, ==, G_N_ELEMENTS (in_order));
  g_assert_cmpuint (table.n_nodes, ==, G_N_ELEMENTS (indexes) - 1);
  g_assert_null (_ramo_node_table_lookup (&table, &entries[RAMO_NODE_PAGE_SIZE - 1]));
  _ramo_node_table_remove (&table, 2 * RAMO_NODE_PAGE_SIZE);   /* no page: nothing to do */
  _ramo_node_table_remove (&table, 10 * RAMO_NODE_PAGE_SIZE);
  g_assert_cmpuint (table.n_nodes, ==, G_N_ELEMENTS (indexes) - 1);

  _ramo_node_table_clear (&table);
  g_assert_cmpuint (table.n_nodes, ==, 0);
  g_assert_null (_ramo_node_table_lookup (&table, &entries[20000]));
  _ramo_node_table_release (&table);
  g_assert_null (table.pages);
  g_assert_cmpuint (table.n_pages, ==, 0);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add ("/Core/ProjectionSteps/equal-at-once", Fixture, NULL, fixture_set_up, test_steps_equal_at_once, fixture_tear_down);
  g_test_add ("/Core/ProjectionSteps/superseded", Fixture, NULL, fixture_set_up, test_superseded, fixture_tear_down);
  g_test_add ("/Core/ProjectionSteps/changes-meanwhile", Fixture, NULL, fixture_set_up, test_changes_meanwhile, fixture_tear_down);
  g_test_add ("/Core/ProjectionSteps/finish-and-dispose", Fixture, NULL, fixture_set_up, test_finish_and_dispose, fixture_tear_down);
  g_test_add_func ("/Core/ProjectionSteps/at-once-by-default", test_at_once_by_default);
  g_test_add_func ("/Core/ProjectionSteps/node-table", test_node_table);
  return g_test_run ();
}

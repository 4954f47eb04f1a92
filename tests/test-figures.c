/* test-figures.c — the figures of subtrees, paths, branches and sessions
 *
 * Copyright 2026 The Ramo authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Seeded random sessions are written as JSONL from a model this test keeps (each entry's
 * parent, usage, tool calls, tool error and time); the figures Ramo gives for every entry
 * (subtree, path, branch) and for the session are checked against sums made over that model
 * by brute force, also after lines are appended to the file and read with refresh (a new
 * fork included). A 100,000-entry chain checks that nothing recurses.
 */

#include <math.h>

#include "ramo-session-manager.h"
#include "ramo-test-util.h"

#define BASE_MS 1777629600000.0   /* 2026-05-01T10:00:00.000Z */

typedef struct
{
  int    parent;                  /* index, -1 for a root */
  double input, output, cache_read, cache_write, cost;
  gboolean has_usage;
  guint  tool_calls;
  gboolean tool_error;
  double time_ms;                 /* NaN: no valid timestamp */
} Model;

static void
model_add (RamoFigures *f,
           const Model *m)
{
  f->n_entries++;
  f->input += m->input;
  f->output += m->output;
  f->cache_read += m->cache_read;
  f->cache_write += m->cache_write;
  f->cost += m->cost;
  f->n_usages += m->has_usage ? 1 : 0;
  f->tool_calls += m->tool_calls;
  f->tool_errors += m->tool_error ? 1 : 0;
  if (!isnan (m->time_ms))
    {
      if (isnan (f->first_ms) || m->time_ms < f->first_ms)
        f->first_ms = m->time_ms;
      if (isnan (f->last_ms) || m->time_ms > f->last_ms)
        f->last_ms = m->time_ms;
    }
}

static void
assert_same (const RamoFigures *got,
             const RamoFigures *want,
             const char        *what)
{
  if (g_test_verbose ())
    g_test_message ("%s: %u entries", what, want->n_entries);
  g_assert_cmpuint (got->n_entries, ==, want->n_entries);
  g_assert_cmpfloat (got->input, ==, want->input);
  g_assert_cmpfloat (got->output, ==, want->output);
  g_assert_cmpfloat (got->cache_read, ==, want->cache_read);
  g_assert_cmpfloat (got->cache_write, ==, want->cache_write);
  g_assert_cmpfloat_with_epsilon (got->cost, want->cost, 1e-9 * MAX (1, fabs (want->cost)));
  g_assert_cmpuint (got->n_usages, ==, want->n_usages);
  g_assert_cmpuint (got->tool_calls, ==, want->tool_calls);
  g_assert_cmpuint (got->tool_errors, ==, want->tool_errors);
  g_assert_true (isnan (got->first_ms) == isnan (want->first_ms));
  if (!isnan (want->first_ms))
    {
      g_assert_cmpfloat (got->first_ms, ==, want->first_ms);
      g_assert_cmpfloat (got->last_ms, ==, want->last_ms);
    }
}

static char *
id_of (guint i)
{
  return g_strdup_printf ("e%06x", i);
}

/* One line for @m (entry @i), of a kind chosen by @rand. */
static void
write_line (GString *out,
            GArray  *models,
            guint    i,
            GRand   *rand)
{
  Model *m = &g_array_index (models, Model, i);
  g_autofree char *id = id_of (i);
  g_autofree char *parent = m->parent >= 0 ? id_of (m->parent) : NULL;
  g_autofree char *time = NULL;
  g_autofree char *usage = NULL;
  guint kind = g_rand_int_range (rand, 0, 10);

  if (g_rand_int_range (rand, 0, 20) == 0)
    {
      m->time_ms = NAN;
      time = g_strdup ("\"not a time\"");
    }
  else
    {
      int seconds = g_rand_int_range (rand, 0, 100000);

      m->time_ms = BASE_MS + seconds * 1000.0;
      time = g_strdup_printf ("\"2026-05-%02dT%02d:%02d:%02d.000Z\"",
                              1 + (36000 + seconds) / 86400, (36000 + seconds) / 3600 % 24,
                              seconds / 60 % 60, seconds % 60);
    }

  g_string_append_printf (out, "{\"type\":\"%s\",\"id\":\"%s\",\"parentId\":%s%s%s,\"timestamp\":%s",
                          kind == 6 ? "usage" : kind == 7 ? "compaction" : kind == 8 ? "model_usage"
                          : kind == 9 ? "branch_summary" : "message",
                          id, parent ? "\"" : "", parent ? parent : "null", parent ? "\"" : "", time);

  /* a usage for most kinds; now and then counts that are not 32-bit integers */
  if (kind != 0 && kind != 3 && g_rand_int_range (rand, 0, 6) != 0)
    {
      m->has_usage = TRUE;
      m->input = g_rand_int_range (rand, 0, 90000);
      m->output = g_rand_int_range (rand, 0, 4000);
      m->cache_read = g_rand_int_range (rand, 0, 3) == 0 ? 0 : g_rand_int_range (rand, 0, 50000);
      m->cache_write = g_rand_int_range (rand, 0, 2000);
      if (g_rand_int_range (rand, 0, 25) == 0)
        m->input += 0.5;
      if (g_rand_int_range (rand, 0, 25) == 0)
        m->output = 6e9;
      m->cost = g_rand_int_range (rand, 0, 100000) / 1000.0;
      usage = g_strdup_printf ("{\"input\":%.1f,\"output\":%.0f,\"cacheRead\":%.0f,\"cacheWrite\":%.0f,"
                               "\"totalTokens\":0,\"cost\":{\"input\":0,\"total\":%.3f}}",
                               m->input, m->output, m->cache_read, m->cache_write, m->cost);
    }

  switch (kind)
    {
    case 0:
      g_string_append (out, ",\"message\":{\"role\":\"user\",\"content\":\"a question\"}}\n");
      break;
    case 1:
    case 2:
    case 4:
      {
        m->tool_calls = g_rand_int_range (rand, 0, 4);
        g_string_append (out, ",\"message\":{\"role\":\"assistant\",\"content\":[{\"type\":\"text\",\"text\":\"ok\"}");
        for (guint c = 0; c < m->tool_calls; c++)
          g_string_append_printf (out, ",{\"type\":\"toolCall\",\"id\":\"c%u_%u\",\"name\":\"read\",\"arguments\":{}}", i, c);
        g_string_append_printf (out, "],\"stopReason\":\"stop\"%s%s}}\n", usage ? ",\"usage\":" : "", usage ? usage : "");
      }
      break;
    case 3:
      m->tool_error = g_rand_boolean (rand);
      g_string_append_printf (out, ",\"message\":{\"role\":\"toolResult\",\"toolCallId\":\"x\",\"toolName\":\"read\","
                              "\"content\":[],\"isError\":%s}}\n", m->tool_error ? "true" : "false");
      break;
    case 5:
      /* a tool result that carries a usage (pi counts it) */
      g_string_append_printf (out, ",\"message\":{\"role\":\"toolResult\",\"toolCallId\":\"x\",\"toolName\":\"bash\","
                              "\"content\":[],\"isError\":false%s%s}}\n", usage ? ",\"usage\":" : "", usage ? usage : "");
      break;
    case 7:
      g_string_append_printf (out, ",\"summary\":\"s\",\"firstKeptEntryId\":\"%s\",\"tokensBefore\":1%s%s}\n",
                              id, usage ? ",\"usage\":" : "", usage ? usage : "");
      break;
    default:
      g_string_append_printf (out, "%s%s}\n", usage ? ",\"usage\":" : "", usage ? usage : "");
      break;
    }
}

/* Appends @n entries to @models and their lines to @out: each under the one before, or now
 * and then under an earlier one (a fork) or none (a root). */
static void
grow (GArray  *models,
      GString *out,
      guint    n,
      GRand   *rand)
{
  for (guint k = 0; k < n; k++)
    {
      guint i = models->len;
      Model m = { 0 };
      int r = g_rand_int_range (rand, 0, 100);

      if (i == 0 || r < 2)
        m.parent = -1;
      else if (r < 15)
        m.parent = g_rand_int_range (rand, 0, i);
      else
        m.parent = i - 1;
      g_array_append_val (models, m);
      write_line (out, models, i, rand);
    }
}

/* Every figure Ramo gives for @models' entries, against sums over the model. */
static void
check_all (RamoSessionManager *manager,
           GArray             *models)
{
  guint n = models->len;
  const Model *ms = (const Model *) (gpointer) models->data;
  g_autofree RamoFigures *subtree = g_new (RamoFigures, n);
  g_autofree guint *n_children = g_new0 (guint, n);
  RamoFigures session, got;

  ramo_figures_init (&session);
  for (guint i = 0; i < n; i++)
    {
      ramo_figures_init (&subtree[i]);
      model_add (&session, &ms[i]);
      if (ms[i].parent >= 0)
        n_children[ms[i].parent]++;
    }
  /* each entry into the subtree of itself and of every ancestor */
  for (guint i = 0; i < n; i++)
    for (int a = i; a >= 0; a = ms[a].parent)
      model_add (&subtree[a], &ms[i]);

  g_assert_true (ramo_session_manager_get_figures (manager, RAMO_FIGURES_SESSION, NULL, &got));
  assert_same (&got, &session, "session");

  for (guint i = 0; i < n; i++)
    {
      g_autofree char *id = id_of (i);
      g_autofree char *want_start = NULL;
      RamoFigures path;
      const char *fork = NULL, *start;
      int s = i;

      g_assert_true (ramo_session_manager_get_figures (manager, RAMO_FIGURES_SUBTREE, id, &got));
      assert_same (&got, &subtree[i], "subtree");
      /* asked again (a row shown again): the same */
      g_assert_true (ramo_session_manager_get_figures (manager, RAMO_FIGURES_SUBTREE, id, &got));
      assert_same (&got, &subtree[i], "subtree again");

      ramo_figures_init (&path);
      for (int a = i; a >= 0; a = ms[a].parent)
        model_add (&path, &ms[a]);
      g_assert_true (ramo_session_manager_get_figures (manager, RAMO_FIGURES_PATH, id, &got));
      assert_same (&got, &path, "path");

      /* up while the parent has this one child */
      while (ms[s].parent >= 0 && n_children[ms[s].parent] == 1)
        s = ms[s].parent;
      g_assert_true (ramo_session_manager_get_figures (manager, RAMO_FIGURES_BRANCH, id, &got));
      assert_same (&got, &subtree[s], "branch");
      want_start = id_of (s);
      start = ramo_session_manager_get_branch_start (manager, id, &fork);
      g_assert_cmpstr (start, ==, want_start);
      if (ms[s].parent < 0)
        g_assert_null (fork);
      else
        {
          g_autofree char *want_fork = id_of (ms[s].parent);

          g_assert_cmpstr (fork, ==, want_fork);
        }
    }

  {
    g_autoptr(GPtrArray) starts = ramo_session_manager_dup_branch_starts (manager);
    guint want = 0;

    for (guint i = 0; i < n; i++)
      if (ms[i].parent < 0 || n_children[ms[i].parent] > 1)
        want++;
    g_assert_cmpuint (starts->len, ==, want);
  }
  g_assert_false (ramo_session_manager_get_figures (manager, RAMO_FIGURES_SUBTREE, "no-such-id", &got));
  g_assert_cmpuint (got.n_entries, ==, 0);
}

static const char header[] =
  "{\"type\":\"session\",\"version\":3,\"id\":\"f16e0000-0000-4000-8000-000000000001\","
  "\"timestamp\":\"2026-05-01T10:00:00.000Z\",\"cwd\":\"/tmp\"}\n";

static void
test_random (void)
{
  for (guint32 seed = 1; seed <= 12; seed++)
    {
      g_autoptr(GRand) rand = g_rand_new_with_seed (seed);
      g_autoptr(GArray) models = g_array_new (FALSE, FALSE, sizeof (Model));
      g_autoptr(GString) text = g_string_new (header);
      g_autoptr(GString) more = g_string_new (NULL);
      g_autoptr(RamoSessionManager) manager = NULL;
      g_autoptr(GError) error = NULL;
      g_autofree char *path = NULL;
      FILE *file;

      grow (models, text, 50 + seed * 25, rand);
      path = ramo_test_write_file ("figures.jsonl", text->str, text->len);
      manager = ramo_session_manager_open (path, &error);
      g_assert_no_error (error);
      check_all (manager, models);

      /* lines another program appends: a chain going on, a new fork, a new root */
      grow (models, more, 30, rand);
      {
        Model m = { 0 };
        guint i = models->len;

        m.parent = g_array_index (models, Model, 1).parent < 0 ? 1 : 0;
        g_array_append_val (models, m);
        write_line (more, models, i, rand);
        m.parent = -1;
        g_array_append_val (models, m);
        write_line (more, models, i + 1, rand);
      }
      file = fopen (path, "a");
      g_assert_nonnull (file);
      g_assert_cmpuint (fwrite (more->str, 1, more->len, file), ==, more->len);
      fclose (file);
      g_assert_cmpint (ramo_session_manager_refresh (manager, &error), >, 0);
      g_assert_no_error (error);
      check_all (manager, models);
    }
}

/* A chain of 100,000 entries: no recursion, the figures at both ends. */
static void
test_deep (void)
{
  const guint n = 100000;
  g_autoptr(GString) text = g_string_new (header);
  g_autoptr(RamoSessionManager) manager = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *path = NULL;
  g_autofree char *last = id_of (n - 1);
  g_autofree char *middle = id_of (n / 2);
  RamoFigures got;

  for (guint i = 0; i < n; i++)
    {
      g_autofree char *id = id_of (i);
      g_autofree char *parent = i > 0 ? id_of (i - 1) : NULL;

      g_string_append_printf (text, "{\"type\":\"message\",\"id\":\"%s\",\"parentId\":%s%s%s,"
                              "\"timestamp\":\"2026-05-01T10:00:00.000Z\",\"message\":{\"role\":\"assistant\","
                              "\"content\":[{\"type\":\"toolCall\",\"id\":\"c\",\"name\":\"read\",\"arguments\":{}}],"
                              "\"usage\":{\"input\":2,\"output\":1,\"cacheRead\":0,\"cacheWrite\":0,\"cost\":{\"total\":0.5}}}}\n",
                              id, parent ? "\"" : "", parent ? parent : "null", parent ? "\"" : "");
    }
  path = ramo_test_write_file ("deep.jsonl", text->str, text->len);
  manager = ramo_session_manager_open (path, &error);
  g_assert_no_error (error);

  g_assert_true (ramo_session_manager_get_figures (manager, RAMO_FIGURES_SUBTREE, "e000000", &got));
  g_assert_cmpuint (got.n_entries, ==, n);
  g_assert_cmpfloat (got.input, ==, 2.0 * n);
  g_assert_cmpuint (got.tool_calls, ==, n);
  g_assert_true (ramo_session_manager_get_figures (manager, RAMO_FIGURES_SUBTREE, middle, &got));
  g_assert_cmpuint (got.n_entries, ==, n - n / 2);
  g_assert_true (ramo_session_manager_get_figures (manager, RAMO_FIGURES_PATH, last, &got));
  g_assert_cmpuint (got.n_entries, ==, n);
  g_assert_cmpfloat (got.cost, ==, 0.5 * n);
  g_assert_cmpfloat (ramo_figures_get_wall_ms (&got), ==, 0);
  g_assert_true (ramo_session_manager_get_figures (manager, RAMO_FIGURES_BRANCH, last, &got));
  g_assert_cmpuint (got.n_entries, ==, n);
  g_assert_cmpfloat (ramo_figures_get_tokens (&got), ==, 3.0 * n);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/figures/random", test_random);
  g_test_add_func ("/figures/deep", test_deep);
  return g_test_run ();
}

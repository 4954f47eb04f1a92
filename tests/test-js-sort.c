/* test-js-sort.c — Array.prototype.sort() as V8 does it, with inconsistent comparators too
 *
 * Copyright 2026 The Ramo authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <math.h>

#include "ramo-js.h"
#include "test-js-util.h"

typedef struct {
  guint index;
  double time;
} Item;

static double
compare_time (gconstpointer a,
              gconstpointer b,
              gpointer      user_data)
{
  guint *calls = user_data;

  (*calls)++;
  return ((const Item *) a)->time - ((const Item *) b)->time;
}

/* a list of times: runs up and down, equal times, and NaN (an invalid timestamp) mixed in */
static GArray *
make_list (GRand *rand,
           guint  n)
{
  GArray *times = g_array_sized_new (FALSE, FALSE, sizeof (double), n);
  int nan_percent = g_rand_int_range (rand, 0, 4) * 15;
  int distinct = g_rand_boolean (rand) ? 5 : 100000;
  int shape = g_rand_int_range (rand, 0, 4);
  double t = 0;

  for (guint i = 0; i < n; i++)
    {
      double value;

      switch (shape)
        {
        case 0:
          value = g_rand_int_range (rand, 0, distinct);
          break;
        case 1:
          /* mostly ascending, as children written one after the other */
          t += g_rand_int_range (rand, 0, 4) == 0 ? -g_rand_int_range (rand, 0, 50)
                                                  : g_rand_int_range (rand, 0, 3);
          value = t;
          break;
        case 2:
          /* ascending and descending stretches */
          if (g_rand_int_range (rand, 0, 40) == 0)
            t = g_rand_int_range (rand, 0, 1000);
          t += (i / 37) % 2 ? -1 : 1;
          value = t;
          break;
        default:
          value = (i * 7919) % MIN ((guint) distinct, n);
          break;
        }
      if (g_rand_int_range (rand, 0, 100) < nan_percent)
        value = NAN;
      g_array_append_val (times, value);
    }
  return times;
}

static JsonNode *
lists_to_json (GPtrArray *lists)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();

  json_builder_begin_array (builder);
  for (guint i = 0; i < lists->len; i++)
    {
      GArray *times = lists->pdata[i];

      json_builder_begin_array (builder);
      for (guint j = 0; j < times->len; j++)
        {
          double v = g_array_index (times, double, j);

          if (isnan (v))
            json_builder_add_null_value (builder);
          else
            json_builder_add_double_value (builder, v);
        }
      json_builder_end_array (builder);
    }
  json_builder_end_array (builder);
  return json_builder_get_root (builder);
}

/*
 * Lists of 2 to 2000 times, with NaN among them, sorted by node's V8 or by Bun's
 * JavaScriptCore (tests/compat/js-sort.mjs) and by ramo_js_sort() or ramo_js_sort_jsc(): the
 * orders must be the same.
 */
static void
test_engine (gconstpointer data)
{
  TestJsEngine engine = GPOINTER_TO_INT (data);
  g_autofree char *program = test_js_find (engine);
  g_autoptr(JsonNode) input = NULL;
  g_autoptr(GRand) rand = g_rand_new_with_seed (1919);
  g_autoptr(GPtrArray) lists = g_ptr_array_new_with_free_func ((GDestroyNotify) g_array_unref);
  g_autoptr(JsonNode) result = NULL;
  JsonArray *orders;
  guint mismatches = 0, calls = 0;

  if (program == NULL)
    {
      g_test_skip (engine == TEST_JS_NODE ? "node is not installed" : "Bun is not installed");
      return;
    }

  for (guint n = 2; n < 80; n++)
    for (int k = 0; k < 6; k++)
      g_ptr_array_add (lists, make_list (rand, n));
  for (int k = 0; k < 300; k++)
    g_ptr_array_add (lists, make_list (rand, g_rand_int_range (rand, 64, 2001)));

  input = lists_to_json (lists);
  result = test_js_run (program, "js-sort.mjs", input, NULL);
  orders = json_node_get_array (result);
  g_assert_cmpuint (json_array_get_length (orders), ==, lists->len);

  for (guint i = 0; i < lists->len; i++)
    {
      GArray *times = lists->pdata[i];
      JsonArray *order = json_array_get_array_element (orders, i);
      g_autofree Item *items = g_new (Item, times->len);
      g_autofree gpointer *sorted = g_new (gpointer, times->len);

      for (guint j = 0; j < times->len; j++)
        {
          items[j].index = j;
          items[j].time = g_array_index (times, double, j);
          sorted[j] = &items[j];
        }
      if (engine == TEST_JS_NODE)
        ramo_js_sort (sorted, times->len, compare_time, &calls);
      else
        ramo_js_sort_jsc (sorted, times->len, compare_time, &calls);

      for (guint j = 0; j < times->len; j++)
        if (((Item *) sorted[j])->index != (guint) json_array_get_int_element (order, j))
          {
            if (mismatches++ < 10)
              g_printerr ("list %u (%u items): first difference at %u\n", i, times->len, j);
            break;
          }
    }
  g_assert_cmpuint (mismatches, ==, 0);
  g_assert_cmpuint (calls, >, 0);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_data_func ("/js/sort/node", GINT_TO_POINTER (TEST_JS_NODE), test_engine);
  g_test_add_data_func ("/js/sort/bun", GINT_TO_POINTER (TEST_JS_BUN), test_engine);

  return g_test_run ();
}

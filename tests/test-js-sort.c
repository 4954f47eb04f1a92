/* test-js-sort.c — Array.prototype.sort() as V8 does it, with inconsistent comparators too
 *
 * Copyright 2026 The Ramo authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <math.h>
#include <unistd.h>

#include <glib/gstdio.h>
#include <json-glib/json-glib.h>

#include "ramo-js.h"

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

/* the node that runs pi: $RAMO_NODE (run-compat-pi16.sh's node 22), else the one on the PATH */
static char *
find_node (void)
{
  const char *node = g_getenv ("RAMO_NODE");

  if (node != NULL && *node != '\0')
    return g_strdup (node);
  return g_find_program_in_path ("node");
}

static JsonNode *
run_node (GPtrArray *lists)
{
  g_autofree char *node = find_node ();
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  g_autoptr(JsonNode) root = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *path = NULL;
  g_autofree char *json = NULL;
  g_autofree char *script = NULL;
  g_autofree char *out = NULL;
  const char *argv[4];
  int fd, status;
  JsonNode *result;

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
  root = json_builder_get_root (builder);
  json = json_to_string (root, FALSE);

  fd = g_file_open_tmp ("ramo-sort-XXXXXX.json", &path, &error);
  g_assert_no_error (error);
  close (fd);
  g_file_set_contents (path, json, -1, &error);
  g_assert_no_error (error);

  script = g_build_filename (g_getenv ("RAMO_SOURCE_DIR") ? g_getenv ("RAMO_SOURCE_DIR") : ".",
                             "tests", "compat", "js-sort.mjs", NULL);
  argv[0] = node, argv[1] = script, argv[2] = path, argv[3] = NULL;
  g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, &out, NULL, &status,
                &error);
  g_unlink (path);
  g_assert_no_error (error);
  g_spawn_check_wait_status (status, &error);
  g_assert_no_error (error);
  result = json_from_string (out, &error);
  g_assert_no_error (error);
  return result;
}

/*
 * Lists of 2 to 2000 times, with NaN among them, sorted by node's V8
 * (tests/compat/js-sort.mjs) and by ramo_js_sort(): the orders must be the same.
 */
static void
test_node (void)
{
  g_autofree char *node = find_node ();
  g_autoptr(GRand) rand = g_rand_new_with_seed (1919);
  g_autoptr(GPtrArray) lists = g_ptr_array_new_with_free_func ((GDestroyNotify) g_array_unref);
  g_autoptr(JsonNode) result = NULL;
  JsonArray *orders;
  guint mismatches = 0, calls = 0;

  if (node == NULL)
    {
      g_test_skip ("node is not installed");
      return;
    }

  for (guint n = 2; n < 80; n++)
    for (int k = 0; k < 6; k++)
      g_ptr_array_add (lists, make_list (rand, n));
  for (int k = 0; k < 300; k++)
    g_ptr_array_add (lists, make_list (rand, g_rand_int_range (rand, 64, 2001)));

  result = run_node (lists);
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
      ramo_js_sort (sorted, times->len, compare_time, &calls);

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

  g_test_add_func ("/js/sort/node", test_node);

  return g_test_run ();
}

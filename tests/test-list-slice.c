/* test-list-slice.c: RamoListSlice, a run of another list's items that grows to all of them
 *
 * Copyright 2026 The Ramo authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <gtk/gtk.h>

#include "ramo-list-slice.h"

/* What a view of the slice knows: the items it was told of, kept up to date by the slice's
 * items-changed alone. */
typedef struct
{
  GPtrArray *items;    /* (element-type utf8) */
  guint      n_changes;
  guint      last[3];  /* the last change: position, removed, added */
} Mirror;

static char *
item_string (GListModel *list,
             guint       position)
{
  g_autoptr(GtkStringObject) item = g_list_model_get_item (list, position);

  return item ? g_strdup (gtk_string_object_get_string (item)) : NULL;
}

static void
mirror_changed_cb (GListModel *list,
                   guint       position,
                   guint       removed,
                   guint       added,
                   Mirror     *mirror)
{
  g_assert_cmpuint (position + removed, <=, mirror->items->len);
  g_ptr_array_remove_range (mirror->items, position, removed);
  for (guint i = 0; i < added; i++)
    g_ptr_array_insert (mirror->items, position + i, item_string (list, position + i));
  g_assert_cmpuint (mirror->items->len, ==, g_list_model_get_n_items (list));
  mirror->n_changes++;
  mirror->last[0] = position;
  mirror->last[1] = removed;
  mirror->last[2] = added;
}

static void
mirror_init (Mirror        *mirror,
             RamoListSlice *slice)
{
  mirror->items = g_ptr_array_new_with_free_func (g_free);
  mirror->n_changes = 0;
  for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (slice)); i++)
    g_ptr_array_add (mirror->items, item_string (G_LIST_MODEL (slice), i));
  g_signal_connect (slice, "items-changed", G_CALLBACK (mirror_changed_cb), mirror);
}

/* The slice shows the model's items from its start on, and its views know just those. */
static void
check_slice (RamoListSlice *slice,
             Mirror        *mirror)
{
  GListModel *model = ramo_list_slice_get_model (slice);
  guint start = ramo_list_slice_get_start (slice);
  guint n_items = g_list_model_get_n_items (G_LIST_MODEL (slice));

  g_assert_cmpuint (start + n_items, <=, g_list_model_get_n_items (model));
  g_assert_cmpuint (mirror->items->len, ==, n_items);
  for (guint i = 0; i < n_items; i++)
    {
      g_autofree char *shown = item_string (G_LIST_MODEL (slice), i);
      g_autofree char *there = item_string (model, start + i);

      g_assert_cmpstr (shown, ==, there);
      g_assert_cmpstr (g_ptr_array_index (mirror->items, i), ==, shown);
    }
  g_assert_null (g_list_model_get_item (G_LIST_MODEL (slice), n_items));
  g_assert_cmpint (ramo_list_slice_is_whole (slice), ==, start == 0 && n_items == g_list_model_get_n_items (model));
}

static GtkStringList *
numbers (guint n)
{
  GtkStringList *list = gtk_string_list_new (NULL);

  for (guint i = 0; i < n; i++)
    {
      g_autofree char *s = g_strdup_printf ("%u", i);

      gtk_string_list_append (list, s);
    }
  return list;
}

static void
test_grow (void)
{
  g_autoptr(GtkStringList) list = numbers (10);
  g_autoptr(RamoListSlice) slice = ramo_list_slice_new (G_LIST_MODEL (list), 3, 4);
  Mirror mirror;

  mirror_init (&mirror, slice);
  g_assert_true (g_list_model_get_item_type (G_LIST_MODEL (slice)) == g_list_model_get_item_type (G_LIST_MODEL (list)));
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (slice)), ==, 4);
  g_assert_cmpuint (ramo_list_slice_get_start (slice), ==, 3);
  check_slice (slice, &mirror);

  /* the items before come first */
  g_assert_false (ramo_list_slice_grow (slice, 2));
  g_assert_cmpuint (mirror.n_changes, ==, 1);
  g_assert_cmpuint (ramo_list_slice_get_start (slice), ==, 1);
  check_slice (slice, &mirror);

  /* then those after: one change for each run */
  g_assert_true (ramo_list_slice_grow (slice, 0));
  g_assert_cmpuint (mirror.n_changes, ==, 3);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (slice)), ==, 10);
  check_slice (slice, &mirror);

  /* whole: nothing more to grow */
  g_assert_true (ramo_list_slice_grow (slice, 0));
  g_assert_cmpuint (mirror.n_changes, ==, 3);

  /* past the end, and too long: clamped */
  {
    g_autoptr(RamoListSlice) past = ramo_list_slice_new (G_LIST_MODEL (list), 20, 5);
    g_autoptr(RamoListSlice) tail = ramo_list_slice_new (G_LIST_MODEL (list), 7, G_MAXUINT);

    g_assert_cmpuint (ramo_list_slice_get_start (past), ==, 10);
    g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (past)), ==, 0);
    g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (tail)), ==, 3);
  }
  g_ptr_array_unref (mirror.items);
}

static void
test_changes (void)
{
  g_autoptr(GtkStringList) list = numbers (10);
  g_autoptr(RamoListSlice) slice = ramo_list_slice_new (G_LIST_MODEL (list), 4, 3);
  const char *const two[] = { "a", "b", NULL };
  Mirror mirror;

  mirror_init (&mirror, slice);

  /* after it: not shown, nothing said */
  gtk_string_list_splice (list, 8, 1, two);
  g_assert_cmpuint (mirror.n_changes, ==, 0);
  check_slice (slice, &mirror);

  /* just after it (an insertion where it ends): not shown either */
  gtk_string_list_splice (list, 7, 0, two);
  g_assert_cmpuint (mirror.n_changes, ==, 0);
  check_slice (slice, &mirror);

  /* before it: the same items, further down */
  gtk_string_list_splice (list, 0, 1, two);
  g_assert_cmpuint (mirror.n_changes, ==, 0);
  g_assert_cmpuint (ramo_list_slice_get_start (slice), ==, 5);
  check_slice (slice, &mirror);

  /* into it, from before it: the slice takes in what changed; the items after stay */
  gtk_string_list_splice (list, 3, 3, two);
  g_assert_cmpuint (mirror.n_changes, ==, 1);
  g_assert_cmpuint (ramo_list_slice_get_start (slice), ==, 3);
  g_assert_cmpuint (mirror.last[0], ==, 0);
  g_assert_cmpuint (mirror.last[1], ==, 1);
  g_assert_cmpuint (mirror.last[2], ==, 2);
  check_slice (slice, &mirror);

  /* inside it: only the items changed are told of */
  gtk_string_list_splice (list, 4, 1, two);
  g_assert_cmpuint (mirror.n_changes, ==, 2);
  g_assert_cmpuint (mirror.last[0], ==, 1);
  g_assert_cmpuint (mirror.last[1], ==, 1);
  g_assert_cmpuint (mirror.last[2], ==, 2);
  check_slice (slice, &mirror);

  /* whole: every change passed on as it is */
  ramo_list_slice_grow (slice, 0);
  mirror.n_changes = 0;
  gtk_string_list_splice (list, 0, 2, two);
  gtk_string_list_append (list, "z");
  g_assert_cmpuint (mirror.n_changes, ==, 2);
  g_assert_true (ramo_list_slice_is_whole (slice));
  check_slice (slice, &mirror);

  g_ptr_array_unref (mirror.items);
}

static void
test_detach (void)
{
  g_autoptr(GtkStringList) list = numbers (10);
  g_autoptr(RamoListSlice) slice = ramo_list_slice_new (G_LIST_MODEL (list), 2, 5);
  Mirror mirror;

  mirror_init (&mirror, slice);
  ramo_list_slice_detach (slice);
  g_assert_null (ramo_list_slice_get_model (slice));
  g_assert_true (ramo_list_slice_is_whole (slice));

  /* it keeps its size, but holds nothing and hears nothing */
  gtk_string_list_splice (list, 0, 10, NULL);
  g_assert_cmpuint (mirror.n_changes, ==, 0);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (slice)), ==, 5);
  g_assert_null (g_list_model_get_item (G_LIST_MODEL (slice), 0));
  g_assert_true (ramo_list_slice_grow (slice, 0));
  g_assert_cmpuint (mirror.n_changes, ==, 0);
  g_assert_true (g_list_model_get_item_type (G_LIST_MODEL (slice)) == g_list_model_get_item_type (G_LIST_MODEL (list)));

  g_ptr_array_unref (mirror.items);
}

/* Random changes of the model and random growth: after each, the slice holds a run of the
 * model's items, its views know exactly those, and it grows to the whole model. */
static void
test_random (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (g_test_rand_int ());
  guint counter = 1000;

  for (guint round = 0; round < 200; round++)
    {
      guint n = g_rand_int_range (rand, 0, 30);
      g_autoptr(GtkStringList) list = numbers (n);
      guint start = g_rand_int_range (rand, 0, n + 1);
      g_autoptr(RamoListSlice) slice = ramo_list_slice_new (G_LIST_MODEL (list), start,
                                                            g_rand_int_range (rand, 0, n - start + 1));
      Mirror mirror;

      mirror_init (&mirror, slice);
      check_slice (slice, &mirror);
      for (guint step = 0; step < 40; step++)
        {
          guint n_items = g_list_model_get_n_items (G_LIST_MODEL (list));

          if (g_rand_int_range (rand, 0, 5) == 0)
            ramo_list_slice_grow (slice, g_rand_int_range (rand, 0, 6));
          else
            {
              guint position = g_rand_int_range (rand, 0, n_items + 1);
              guint removed = g_rand_int_range (rand, 0, MIN (n_items - position, 4) + 1);
              guint added = g_rand_int_range (rand, 0, 4);
              g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
              g_auto(GStrv) strings = NULL;

              for (guint i = 0; i < added; i++)
                {
                  g_autofree char *s = g_strdup_printf ("%u", counter++);

                  g_strv_builder_add (builder, s);
                }
              strings = g_strv_builder_end (builder);
              gtk_string_list_splice (list, position, removed, (const char * const *) strings);
            }
          check_slice (slice, &mirror);
        }
      g_assert_true (ramo_list_slice_grow (slice, 0));
      check_slice (slice, &mirror);
      g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (slice)), ==, g_list_model_get_n_items (G_LIST_MODEL (list)));
      g_ptr_array_unref (mirror.items);
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/ui/list-slice/grow", test_grow);
  g_test_add_func ("/ui/list-slice/changes", test_changes);
  g_test_add_func ("/ui/list-slice/detach", test_detach);
  g_test_add_func ("/ui/list-slice/random", test_random);

  return g_test_run ();
}

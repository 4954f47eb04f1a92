/* test-window-guides.c — the tree's guides and indentation against pi 1.6.0's own /tree rows
 *
 *   test-window-guides SESSION PI_ROWS [SESSION PI_ROWS…]
 *
 * PI_ROWS is what `pi16-dump.mjs rows SESSION default` prints: the rows pi 1.6.0's /tree
 * selector holds, each with its indent, connector, last-sibling flag and gutters (the `│` lines
 * of the branch starts above it). tests/compat/check-guides.sh makes them with the real pi and
 * runs this.
 *
 * For every session, the window is scrolled to several places (top, quarters, bottom, the
 * deepest row), and every row in view is checked:
 * - its indentation is its column among the depths of the rows in view (the shallowest rows
 *   in the first column with their connector, the levels above scrolled off to the left);
 * - each column's guide is pi's: its own connector (├ when more siblings follow, └ for the last,
 *   nothing for a row that continues a chain), and in the columns before, a line where pi draws
 *   a gutter; dotted where the column stands for levels no row in view has;
 * - the tree's scrolled-off entry is the row the shallowest rows in view hang from (in pi's
 *   rows: the nearest row above with one less indent), and the path bar dims its buttons.
 *
 * Copyright 2026 The Ramo authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <adwaita.h>
#include <json-glib/json-glib.h>

#include "ramo-list-view.h"
#include "ramo-path-bar.h"
#include "ramo-session-row.h"
#include "ramo-session-tree.h"
#include "ramo-tree-expander.h"
#include "ramo-window.h"
#include "test-window-util.h"

typedef struct
{
  char     *id;
  guint     indent;
  gboolean  connector;
  gboolean  last;
  GArray   *shown_gutters;   /* (element-type guint) positions of the gutters drawn */
} PiRow;

typedef struct
{
  const char *session;
  const char *rows;
} Case;

static void
pi_row_free (gpointer data)
{
  PiRow *row = data;

  g_free (row->id);
  g_array_unref (row->shown_gutters);
  g_free (row);
}

/* pi's rows, in its order */
static GPtrArray *
read_pi_rows (const char *path)
{
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;
  GPtrArray *rows = g_ptr_array_new_with_free_func (pi_row_free);
  JsonArray *array;

  json_parser_load_from_file (parser, path, &error);
  g_assert_no_error (error);
  array = json_object_get_array_member (json_node_get_object (json_parser_get_root (parser)), "rows");
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      JsonObject *o = json_array_get_object_element (array, i);
      JsonArray *gutters = json_object_get_array_member (o, "gutters");
      PiRow *row = g_new0 (PiRow, 1);

      row->id = g_strdup (json_object_get_string_member (o, "id"));
      row->indent = (guint) json_object_get_int_member (o, "indent");
      row->connector = json_object_get_boolean_member (o, "showConnector");
      row->last = json_object_get_boolean_member (o, "isLast");
      row->shown_gutters = g_array_new (FALSE, FALSE, sizeof (guint));
      for (guint g = 0; g < json_array_get_length (gutters); g++)
        {
          JsonObject *gutter = json_array_get_object_element (gutters, g);

          if (json_object_get_boolean_member (gutter, "show"))
            {
              guint position = (guint) json_object_get_int_member (gutter, "position");

              g_array_append_val (row->shown_gutters, position);
            }
        }
      g_ptr_array_add (rows, row);
    }
  return rows;
}

static gboolean
has_gutter (const PiRow *row,
            guint        position)
{
  for (guint i = 0; i < row->shown_gutters->len; i++)
    if (g_array_index (row->shown_gutters, guint, i) == position)
      return TRUE;
  return FALSE;
}

static int
compare_uint (gconstpointer a,
              gconstpointer b)
{
  guint x = *(const guint *) a, y = *(const guint *) b;

  return x < y ? -1 : x > y;
}

static RamoTreeExpander *
expander_at (RamoListView *list_view,
             guint         position)
{
  GtkWidget *item = ramo_list_view_get_list_item (list_view, position);

  g_assert_nonnull (item);
  return RAMO_TREE_EXPANDER (gtk_widget_get_first_child (item));
}

static const char *
id_of (RamoTreeExpander *expander)
{
  RamoSessionRow *row = RAMO_SESSION_ROW (ramo_tree_expander_get_child (expander));
  RamoProjectionNode *node = ramo_session_row_get_node (row);

  g_assert_nonnull (node);
  return ramo_projection_node_get_id (node);
}

/* pi's row at @position, where @expander shows the window's; the same entry when the ids are
 * the file's (@pi_index is empty for a version-1 file, whose ids each reader makes on load) */
static PiRow *
pi_row_at (GPtrArray        *pi_rows,
           GHashTable       *pi_index,
           RamoTreeExpander *expander,
           guint             position)
{
  PiRow *row;

  g_assert_cmpuint (position, <, pi_rows->len);
  row = g_ptr_array_index (pi_rows, position);
  if (g_hash_table_size (pi_index) > 0)
    g_assert_cmpstr (row->id, ==, id_of (expander));
  return row;
}

/* Checks the rows in view now against pi's; returns how many it checked. */
static guint
check_view (RamoWindow *window,
            GPtrArray  *pi_rows,
            GHashTable *pi_index,
            guint       root_shift)
{
  RamoSessionTree *tree = ramo_window_get_tree (window);
  RamoListView *list_view = ramo_session_tree_get_list_view (tree);
  g_autoptr(GArray) depths = g_array_new (FALSE, FALSE, sizeof (guint));
  guint start, end, shallowest, first_shallowest = G_MAXUINT;
  const char *expected_off = NULL;

  ramo_list_view_get_rows_in_view (list_view, &start, &end);
  g_assert_cmpuint (start, <, end);

  /* the depths of the rows in view, by pi's indent */
  for (guint p = start; p < end; p++)
    {
      PiRow *row = pi_row_at (pi_rows, pi_index, expander_at (list_view, p), p);
      guint depth;

      depth = row->indent - root_shift;
      g_assert_cmpuint (depth, ==, ramo_tree_row_get_depth (ramo_tree_expander_get_list_row (expander_at (list_view, p))));
      g_array_append_val (depths, depth);
    }
  g_array_sort (depths, compare_uint);
  for (guint i = depths->len - 1; i > 0; i--)
    if (g_array_index (depths, guint, i) == g_array_index (depths, guint, i - 1))
      g_array_remove_index (depths, i);
  shallowest = g_array_index (depths, guint, 0);
  if (shallowest > 0)
    {
      guint above = shallowest - 1;

      g_array_prepend_val (depths, above);
    }

  for (guint p = start; p < end; p++)
    {
      RamoTreeExpander *expander = expander_at (list_view, p);
      PiRow *row = pi_row_at (pi_rows, pi_index, expander, p);
      guint depth = row->indent - root_shift, column = 0;
      const guint8 *guides = ramo_tree_expander_get_guides (expander);

      while (column < depths->len && g_array_index (depths, guint, column) < depth)
        column++;
      if (depth == shallowest && first_shallowest == G_MAXUINT)
        first_shallowest = p;
      g_assert_cmpuint (ramo_tree_expander_get_n_columns (expander), ==, column);

      for (guint i = 0; i < column; i++)
        {
          guint to = g_array_index (depths, guint, i + 1), from = g_array_index (depths, guint, i);
          guint8 expected;

          if (to == depth)
            expected = !row->connector ? RAMO_TREE_GUIDE_NONE
                       : row->last ? RAMO_TREE_GUIDE_CORNER : RAMO_TREE_GUIDE_TEE;
          else
            /* pi's gutter of the branch start at depth `to`, one column left of its indent */
            expected = has_gutter (row, to - 1) ? RAMO_TREE_GUIDE_LINE : RAMO_TREE_GUIDE_NONE;
          if (to != from + 1 && expected != RAMO_TREE_GUIDE_NONE)
            expected |= RAMO_TREE_EXPANDER_GUIDE_GAP;
          if ((guides[i] & ~RAMO_TREE_EXPANDER_GUIDE_GAP) == RAMO_TREE_GUIDE_NONE)
            g_assert_cmpuint (guides[i] & ~RAMO_TREE_EXPANDER_GUIDE_GAP, ==, expected & ~RAMO_TREE_EXPANDER_GUIDE_GAP);
          else
            g_assert_cmpuint (guides[i], ==, expected);
        }
    }

  /* the row the shallowest rows hang from: in pi's rows, the nearest above with one less indent */
  if (shallowest > 0)
    {
      for (guint k = first_shallowest; k-- > 0;)
        {
          PiRow *above = g_ptr_array_index (pi_rows, k);

          if (above->indent + 1 == shallowest + root_shift)
            {
              /* its id in the window (a version-1 file's ids are made on load) */
              g_autoptr(RamoTreeRow) row = g_list_model_get_item (G_LIST_MODEL (ramo_list_view_get_model (list_view)), k);
              g_autoptr(RamoProjectionNode) node = ramo_tree_row_get_item (row);

              expected_off = g_hash_table_size (pi_index) > 0 ? above->id : NULL;
              if (expected_off == NULL)
                expected_off = ramo_projection_node_get_id (node);
              break;
            }
        }
      g_assert_nonnull (expected_off);
    }
  g_assert_cmpstr (ramo_session_tree_get_scrolled_off_id (tree), ==, expected_off);

  /* the path bar: the way to the view dims the rows scrolled off, the last one included */
  if (expected_off != NULL && !ramo_session_tree_selected_in_view (tree))
    {
      RamoPathBar *bar = RAMO_PATH_BAR (ramo_window_get_path_bar (window));
      GPtrArray *ids = ramo_path_bar_get_ids (bar);

      g_assert_cmpuint (ids->len, >, 0);
      g_assert_cmpstr (g_ptr_array_index (ids, ids->len - 1), ==, expected_off);
      g_assert_cmpuint (ramo_path_bar_get_n_scrolled_off (bar), ==, ids->len);
    }
  return end - start;
}

static void
scroll_and_check (RamoWindow *window,
                  guint       position,
                  GPtrArray  *pi_rows,
                  GHashTable *pi_index,
                  guint       root_shift,
                  guint      *n_checked)
{
  RamoListView *list_view = ramo_session_tree_get_list_view (ramo_window_get_tree (window));

  ramo_list_view_scroll_to_offset (list_view, position, 0);
  window_test_settle (100);
  *n_checked += check_view (window, pi_rows, pi_index, root_shift);
}

static void
test_guides (gconstpointer data)
{
  const Case *c = data;
  g_autoptr(GPtrArray) pi_rows = read_pi_rows (c->rows);
  g_autoptr(GHashTable) pi_index = g_hash_table_new (g_str_hash, g_str_equal);
  g_autofree char *contents = NULL;
  g_autofree char *path = NULL;
  g_autoptr(GFile) file = NULL;
  g_autoptr(GError) error = NULL;
  RamoWindow *window;
  RamoListView *list_view;
  guint n_rows, root_shift = 0, deepest = 0, n_checked = 0;
  gsize length;

  for (guint i = 0; i < pi_rows->len; i++)
    {
      PiRow *row = g_ptr_array_index (pi_rows, i);

      g_hash_table_insert (pi_index, row->id, row);
      if (((PiRow *) g_ptr_array_index (pi_rows, deepest))->indent < row->indent)
        deepest = i;
    }
  /* several roots: pi's indent counts one more than the indentation drawn (its gutters' positions
   * do not) */
  if (pi_rows->len > 0 && ((PiRow *) g_ptr_array_index (pi_rows, 0))->indent == 1 &&
      ((PiRow *) g_ptr_array_index (pi_rows, 0))->connector)
    root_shift = 1;

  g_assert_true (g_file_get_contents (c->session, &contents, &length, NULL));
  path = ramo_test_write_file ("session.jsonl", contents, (gssize) length);
  window = ramo_window_new (NULL);
  gtk_window_set_default_size (GTK_WINDOW (window), 1000, 700);
  file = g_file_new_for_path (path);
  g_assert_true (ramo_window_open_file (window, file, &error));
  g_assert_no_error (error);
  gtk_window_present (GTK_WINDOW (window));
  window_test_settle (500);
  for (guint tries = 0; tries < 300 && ramo_session_tree_is_filling (ramo_window_get_tree (window)); tries++)
    ramo_test_spin (20);

  list_view = ramo_session_tree_get_list_view (ramo_window_get_tree (window));
  n_rows = g_list_model_get_n_items (G_LIST_MODEL (ramo_list_view_get_model (list_view)));
  /* the window's rows are pi's, in pi's order */
  g_assert_cmpuint (n_rows, ==, pi_rows->len);
  if (n_rows > 0)
    {
      g_autoptr(RamoTreeRow) first = g_list_model_get_item (G_LIST_MODEL (ramo_list_view_get_model (list_view)), 0);
      g_autoptr(RamoProjectionNode) node = ramo_tree_row_get_item (first);

      if (!g_hash_table_contains (pi_index, ramo_projection_node_get_id (node)))
        {
          g_test_message ("%s: ids made on load (a version-1 file): rows compared by position", c->session);
          g_hash_table_remove_all (pi_index);
        }
    }

  scroll_and_check (window, 0, pi_rows, pi_index, root_shift, &n_checked);
  for (guint k = 1; k <= 3; k++)
    scroll_and_check (window, n_rows * k / 4, pi_rows, pi_index, root_shift, &n_checked);
  scroll_and_check (window, n_rows > 10 ? n_rows - 10 : 0, pi_rows, pi_index, root_shift, &n_checked);
  scroll_and_check (window, deepest > 5 ? deepest - 5 : 0, pi_rows, pi_index, root_shift, &n_checked);
  g_test_message ("%s: %u rows checked in 6 views, deepest indent %u", c->session, n_checked,
                  pi_rows->len ? ((PiRow *) g_ptr_array_index (pi_rows, deepest))->indent : 0);

  gtk_window_destroy (GTK_WINDOW (window));
  window_test_settle (20);
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GPtrArray) cases = g_ptr_array_new_with_free_func (g_free);

  if (!window_test_init (&argc, &argv))
    return 77;
  {
    /* what the application loads for its windows (AdwApplication's style.css) */
    g_autoptr(GtkCssProvider) css = gtk_css_provider_new ();

    gtk_css_provider_load_from_resource (css, "/io/github/ramo/Ramo/style.css");
    gtk_style_context_add_provider_for_display (gdk_display_get_default (), GTK_STYLE_PROVIDER (css),
                                                GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
  }
  if (argc < 3 || argc % 2 != 1)
    {
      g_printerr ("usage: %s SESSION PI_ROWS [SESSION PI_ROWS…]\n", argv[0]);
      return 2;
    }
  for (int i = 1; i + 1 < argc; i += 2)
    {
      Case *c = g_new0 (Case, 1);
      g_autofree char *base = g_path_get_basename (argv[i]);
      g_autofree char *name = g_strdup_printf ("/ui/window/guides/%s", base);

      c->session = argv[i];
      c->rows = argv[i + 1];
      g_ptr_array_add (cases, c);
      g_test_add_data_func (name, c, test_guides);
    }
  return g_test_run ();
}

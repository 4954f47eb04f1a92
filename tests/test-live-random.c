/* test-live-random.c — hostile lines appended to a live session, step by step
 *
 * Copyright 2026 The Ramo authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Another program appends lines to a session Ramo has open: orphans whose parent comes later,
 * duplicate ids, parentId cycles, self-parented entries, labels on old entries, text-less tool
 * calls, compactions, branch summaries, lines cut in two, lines that never parse. After every
 * ramo_session_manager_refresh() the rows a view over the projection holds — a view that
 * reads each list once and hears of changes only through items-changed and property
 * notifications, as GtkTreeListModel and the row widgets do — must be exactly the rows of a
 * fresh layout of the file as it is then, in every filter mode and with a search.
 */

#include <fcntl.h>
#include <unistd.h>

#include "ramo-projection.h"
#include "ramo-session-manager.h"
#include "ramo-test-mirror.h"
#include "ramo-test-util.h"

#define HEADER "{\"type\":\"session\",\"version\":3,\"id\":\"s-1\",\"timestamp\":\"2026-01-01T00:00:00.000Z\",\"cwd\":\"/w\"}\n"
#define SEARCH "foo"

/* ------------------------------------------------------------------------------------------ */
/* A view (ramo-test-mirror.h): every row read once, unfolded everywhere; what a row widget
 * shows (label, leaf, active path) is read when the row is made and again only when the node
 * notifies it. */

/* One row a line: depth, branch start, active path, id@line, label, leaf. */
static void
describe_row (GString    *out,
              guint       depth,
              gboolean    branch_start,
              gboolean    on_path,
              RamoEntry  *entry,
              const char *label,
              gboolean    is_leaf)
{
  g_string_append_c (out, on_path ? '*' : ' ');
  for (guint d = 0; d < depth; d++)
    g_string_append (out, "  ");
  if (branch_start)
    g_string_append (out, "+ ");
  g_string_append_printf (out, "%s@%u", entry->id, entry->line);
  if (label)
    g_string_append_printf (out, " [%s]", label);
  if (is_leaf)
    g_string_append (out, " <leaf");
  g_string_append_c (out, '\n');
}

static void
describe_mirror (Mirror  *mirror,
                 guint    depth,
                 GString *out)
{
  for (guint i = 0; i < mirror->children->len; i++)
    {
      Mirror *child = g_ptr_array_index (mirror->children, i);

      describe_row (out, depth, ramo_projection_node_get_is_branch_start (child->node), child->on_path,
                    ramo_projection_node_get_entry (child->node), child->label, child->is_leaf);
      if (child->model)
        describe_mirror (child, depth + 1, out);
    }
}

static void
describe_list (GListModel *model,
               guint       depth,
               GString    *out)
{
  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    {
      g_autoptr(RamoProjectionNode) node = g_list_model_get_item (model, i);

      describe_row (out, depth, ramo_projection_node_get_is_branch_start (node),
                    ramo_projection_node_get_on_active_path (node), ramo_projection_node_get_entry (node),
                    ramo_projection_node_get_label (node), ramo_projection_node_get_is_leaf (node));
      if (ramo_projection_node_has_children (node))
        describe_list (G_LIST_MODEL (node), depth + 1, out);
    }
}

static char *
fresh_layout (RamoSessionManager *manager,
              RamoFilterMode      mode,
              const char         *search)
{
  g_autoptr(RamoProjection) fresh = ramo_projection_new (manager);
  GString *out = g_string_new (NULL);

  ramo_projection_set_filter (fresh, mode);
  ramo_projection_set_search (fresh, search);
  describe_list (ramo_projection_get_roots (fresh), 0, out);
  g_string_append_printf (out, "(%u visible)\n", ramo_projection_get_n_visible (fresh));
  return g_string_free (out, FALSE);
}

/* ------------------------------------------------------------------------------------------ */
/* The live session: a file, the manager that follows it, and one projection and view per
 * filter mode, with and without a search. */

#define N_VIEWS ((RAMO_FILTER_ALL + 1) * 2)

typedef struct
{
  char               *path;
  int                 fd;
  RamoSessionManager *manager;
  RamoProjection     *projections[N_VIEWS];
  Mirror             *mirrors[N_VIEWS];
  guint               n_steps;
} Live;

static void
live_open (Live       *live,
           const char *initial)
{
  g_autoptr(GError) error = NULL;

  memset (live, 0, sizeof *live);
  live->path = ramo_test_write_file ("live.jsonl", initial ? initial : HEADER, -1);
  live->fd = open (live->path, O_WRONLY | O_APPEND);
  g_assert_cmpint (live->fd, >=, 0);
  live->manager = ramo_session_manager_open (live->path, &error);
  g_assert_no_error (error);
  for (guint v = 0; v < N_VIEWS; v++)
    {
      live->projections[v] = ramo_projection_new (live->manager);
      ramo_projection_set_filter (live->projections[v], v / 2);
      if (v % 2)
        ramo_projection_set_search (live->projections[v], SEARCH);
      live->mirrors[v] = mirror_new (ramo_projection_get_roots (live->projections[v]), NULL, NULL);
    }
}

static void
live_close (Live *live)
{
  for (guint v = 0; v < N_VIEWS; v++)
    {
      mirror_free (live->mirrors[v]);
      g_object_unref (live->projections[v]);
    }
  g_object_unref (live->manager);
  close (live->fd);
  g_free (live->path);
}

static void
live_write (Live       *live,
            const char *text,
            gsize       len)
{
  g_assert_cmpint (write (live->fd, text, len), ==, (gssize) len);
}

/* The first line where the view and the fresh layout differ, with a few lines around it. */
static void
report_difference (Live       *live,
                   guint       view,
                   const char *seen,
                   const char *expected)
{
  g_auto(GStrv) a = g_strsplit (seen, "\n", -1);
  g_auto(GStrv) b = g_strsplit (expected, "\n", -1);
  guint i;

  for (i = 0; a[i] && b[i] && strcmp (a[i], b[i]) == 0; i++)
    ;
  g_test_message ("%s, step %u, filter %s%s: rows differ from line %u", live->path, live->n_steps,
                  ramo_filter_mode_to_string (view / 2), view % 2 ? ", search" : "", i + 1);
  for (guint j = i > 3 ? i - 3 : 0; j < i + 4; j++)
    {
      if (j < g_strv_length (a))
        g_test_message ("  view : %s", a[j]);
      if (j < g_strv_length (b))
        g_test_message ("  fresh: %s", b[j]);
    }
}

/* Reads what was appended, then checks every view against a fresh layout of the same manager
 * and of the file opened anew (when the file ends with a whole line). */
static void
live_step (Live    *live,
           gboolean file_is_whole)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(RamoSessionManager) reopened = NULL;

  live->n_steps++;
  g_assert_cmpint (ramo_session_manager_refresh (live->manager, &error), >=, 0);
  g_assert_no_error (error);

  if (file_is_whole)
    {
      reopened = ramo_session_manager_open (live->path, &error);
      g_assert_no_error (error);
      g_assert_cmpuint (ramo_session_manager_get_n_entries (reopened), ==,
                        ramo_session_manager_get_n_entries (live->manager));
      g_assert_cmpstr (ramo_session_manager_get_leaf_id (reopened), ==,
                       ramo_session_manager_get_leaf_id (live->manager));
    }

  for (guint v = 0; v < N_VIEWS; v++)
    {
      const char *search = v % 2 ? SEARCH : NULL;
      g_autofree char *expected = fresh_layout (live->manager, v / 2, search);
      g_autofree char *from_file = reopened ? fresh_layout (reopened, v / 2, search) : NULL;
      GString *seen = g_string_new (NULL);
      g_autofree char *seen_text = NULL;

      describe_mirror (live->mirrors[v], 0, seen);
      g_string_append_printf (seen, "(%u visible)\n", ramo_projection_get_n_visible (live->projections[v]));
      seen_text = g_string_free (seen, FALSE);
      if (g_strcmp0 (seen_text, expected) != 0)
        report_difference (live, v, seen_text, expected);
      g_assert_true (g_str_equal (seen_text, expected));
      if (from_file && !g_str_equal (expected, from_file))
        report_difference (live, v, expected, from_file);
      g_assert_true (from_file == NULL || g_str_equal (expected, from_file));
    }
}

/* ------------------------------------------------------------------------------------------ */
/* Lines */

typedef enum
{
  KIND_USER,
  KIND_ASSISTANT,
  KIND_TOOL_CALL,
  KIND_TOOL_RESULT,
  KIND_LABEL,
  KIND_LABEL_CLEAR,
  KIND_COMPACTION,
  KIND_BRANCH_SUMMARY,
  KIND_CUSTOM,
  KIND_MODEL,
  KIND_ABORTED,
  N_KINDS
} Kind;

static char *
entry_line (Kind        kind,
            const char *id,
            const char *parent,     /* NULL: null */
            guint       second,
            const char *arg)        /* label target / tool call id / text word */
{
  g_autofree char *parent_json = parent ? g_strdup_printf ("\"%s\"", parent) : g_strdup ("null");
  g_autofree char *base = g_strdup_printf ("\"id\":\"%s\",\"parentId\":%s,\"timestamp\":\"2026-01-01T%02u:%02u:%02u.000Z\"",
                                           id, parent_json, second / 3600 % 24, second / 60 % 60, second % 60);

  switch (kind)
    {
    case KIND_USER:
      return g_strdup_printf ("{\"type\":\"message\",%s,\"message\":{\"role\":\"user\",\"content\":\"user %s %s\"}}\n",
                              base, id, arg ? arg : "");
    case KIND_ASSISTANT:
      return g_strdup_printf ("{\"type\":\"message\",%s,\"message\":{\"role\":\"assistant\",\"content\":"
                              "[{\"type\":\"text\",\"text\":\"answer %s %s\"}]}}\n", base, id, arg ? arg : "");
    case KIND_TOOL_CALL:
      return g_strdup_printf ("{\"type\":\"message\",%s,\"message\":{\"role\":\"assistant\",\"content\":"
                              "[{\"type\":\"toolCall\",\"id\":\"call-%s\",\"name\":\"ls\",\"arguments\":{\"path\":\"%s\"}}]}}\n",
                              base, arg, id);
    case KIND_TOOL_RESULT:
      return g_strdup_printf ("{\"type\":\"message\",%s,\"message\":{\"role\":\"toolResult\",\"toolCallId\":\"call-%s\","
                              "\"toolName\":\"ls\",\"content\":[{\"type\":\"text\",\"text\":\"a b\"}]}}\n", base, arg);
    case KIND_LABEL:
      return g_strdup_printf ("{\"type\":\"label\",%s,\"targetId\":\"%s\",\"label\":\"lab-%s foo\"}\n", base, arg, id);
    case KIND_LABEL_CLEAR:
      return g_strdup_printf ("{\"type\":\"label\",%s,\"targetId\":\"%s\"}\n", base, arg);
    case KIND_COMPACTION:
      return g_strdup_printf ("{\"type\":\"compaction\",%s,\"summary\":\"sum foo\",\"firstKeptEntryId\":\"%s\",\"tokensBefore\":12000}\n",
                              base, arg ? arg : id);
    case KIND_BRANCH_SUMMARY:
      return g_strdup_printf ("{\"type\":\"branch_summary\",%s,\"fromId\":\"%s\",\"summary\":\"left %s\"}\n",
                              base, arg ? arg : "root", id);
    case KIND_CUSTOM:
      return g_strdup_printf ("{\"type\":\"custom\",%s,\"customType\":\"ext\",\"data\":{\"x\":1}}\n", base);
    case KIND_MODEL:
      return g_strdup_printf ("{\"type\":\"model_change\",%s,\"provider\":\"p\",\"modelId\":\"foo-%s\"}\n", base, id);
    case KIND_ABORTED:
      return g_strdup_printf ("{\"type\":\"message\",%s,\"message\":{\"role\":\"assistant\",\"content\":[],\"stopReason\":\"aborted\"}}\n",
                              base);
    case N_KINDS:
    default:
      g_assert_not_reached ();
    }
}

/* ------------------------------------------------------------------------------------------ */
/* A random writer that misbehaves */

typedef struct
{
  GRand     *rand;
  GPtrArray *ids;        /* ids written so far */
  GPtrArray *future;     /* ids used as parents before any line has them */
  GPtrArray *calls;      /* tool calls written, not yet answered */
  char      *last;       /* the last id written (pi's leaf) */
  guint      next_id;
  guint      second;
} Writer;

static void
writer_init (Writer *w,
             guint32 seed)
{
  memset (w, 0, sizeof *w);
  w->rand = g_rand_new_with_seed (seed);
  w->ids = g_ptr_array_new_with_free_func (g_free);
  w->future = g_ptr_array_new_with_free_func (g_free);
  w->calls = g_ptr_array_new_with_free_func (g_free);
}

static void
writer_clear (Writer *w)
{
  g_rand_free (w->rand);
  g_ptr_array_unref (w->ids);
  g_ptr_array_unref (w->future);
  g_ptr_array_unref (w->calls);
  g_free (w->last);
}

static const char *
random_id (Writer *w)
{
  if (w->ids->len == 0)
    return NULL;
  return g_ptr_array_index (w->ids, g_rand_int_range (w->rand, 0, w->ids->len));
}

/* One hostile line. */
static char *
writer_line (Writer *w)
{
  g_autofree char *id = NULL;
  const char *parent = w->last;
  const char *arg = NULL;
  g_autofree char *arg_owned = NULL;
  Kind kind;
  int r = g_rand_int_range (w->rand, 0, 100);
  char *line;

  /* the id */
  if (r < 4 && w->ids->len > 0)
    id = g_strdup (random_id (w));                    /* a duplicate: the later wins */
  else if (r < 14 && w->future->len > 0)
    id = g_ptr_array_steal_index (w->future, g_rand_int_range (w->rand, 0, w->future->len));  /* a parent arrives */
  else
    id = g_strdup_printf ("e%05u", w->next_id++);

  /* the parent */
  r = g_rand_int_range (w->rand, 0, 100);
  if (r < 15)
    parent = random_id (w);                           /* a branch from anywhere */
  else if (r < 20)
    {
      char *future = g_strdup_printf ("f%05u", w->next_id++);   /* an orphan, for now */

      g_ptr_array_add (w->future, future);
      parent = future;
    }
  else if (r < 23)
    parent = NULL;                                    /* a new root */
  else if (r < 25)
    parent = id;                                      /* its own parent */

  /* the kind */
  r = g_rand_int_range (w->rand, 0, 100);
  if (r < 25)
    kind = KIND_USER;
  else if (r < 40)
    kind = KIND_ASSISTANT;
  else if (r < 52)
    kind = KIND_TOOL_CALL;
  else if (r < 64)
    kind = w->calls->len ? KIND_TOOL_RESULT : KIND_USER;
  else if (r < 72)
    kind = w->ids->len ? KIND_LABEL : KIND_USER;
  else if (r < 76)
    kind = w->ids->len ? KIND_LABEL_CLEAR : KIND_USER;
  else if (r < 80)
    kind = KIND_COMPACTION;
  else if (r < 85)
    kind = KIND_BRANCH_SUMMARY;
  else if (r < 90)
    kind = KIND_CUSTOM;
  else if (r < 95)
    kind = KIND_MODEL;
  else
    kind = KIND_ABORTED;

  switch (kind)
    {
    case KIND_USER:
    case KIND_ASSISTANT:
      arg = g_rand_boolean (w->rand) ? "foo" : "bar";
      break;
    case KIND_TOOL_CALL:
      g_ptr_array_add (w->calls, g_strdup (id));
      arg = id;
      break;
    case KIND_TOOL_RESULT:
      arg_owned = g_ptr_array_steal_index (w->calls, g_rand_int_range (w->rand, 0, w->calls->len));
      arg = arg_owned;
      break;
    case KIND_LABEL:
    case KIND_LABEL_CLEAR:
    case KIND_COMPACTION:
      arg = random_id (w);
      break;
    case KIND_BRANCH_SUMMARY:
      arg = g_rand_boolean (w->rand) ? random_id (w) : NULL;
      break;
    case KIND_CUSTOM:
    case KIND_MODEL:
    case KIND_ABORTED:
    case N_KINDS:
    default:
      break;
    }
  if ((kind == KIND_LABEL || kind == KIND_LABEL_CLEAR) && arg == NULL)
    kind = KIND_USER;

  w->second += g_rand_int_range (w->rand, 0, 3) == 0 ? 0 : 1;
  line = entry_line (kind, id, parent, g_rand_int_range (w->rand, 0, 8) == 0 ? w->second / 2 : w->second, arg);
  g_ptr_array_add (w->ids, g_strdup (id));
  g_free (w->last);
  w->last = g_steal_pointer (&id);
  return line;
}

static void
run_random (guint32 seed,
            guint   n_steps)
{
  Writer w;
  Live live;
  g_autoptr(GString) pending = g_string_new (NULL);

  writer_init (&w, seed);
  live_open (&live, NULL);

  for (guint step = 0; step < n_steps; step++)
    {
      guint n_lines = g_rand_int_range (w.rand, 0, 100) < 10 ? g_rand_int_range (w.rand, 20, 200)
                                                              : g_rand_int_range (w.rand, 1, 5);
      int r;

      for (guint i = 0; i < n_lines; i++)
        {
          g_autofree char *line = NULL;

          if (g_rand_int_range (w.rand, 0, 100) < 2)
            line = g_strdup ("{\"type\":\"message\",\"id\":\"broken\" this never parses\n");
          else
            line = writer_line (&w);
          g_string_append (pending, line);
        }

      /* sometimes the last line is cut in two, the rest arriving in a later step */
      r = g_rand_int_range (w.rand, 0, 100);
      if (r < 15 && pending->len > 2)
        {
          const char *last_line = pending->str;

          for (const char *p = pending->str; p < pending->str + pending->len - 1; p++)
            if (*p == '\n')
              last_line = p + 1;
          {
            gsize cut = (last_line - pending->str) + g_rand_int_range (w.rand, 1, pending->str + pending->len - last_line - 1);

            live_write (&live, pending->str, cut);
            g_string_erase (pending, 0, cut);
          }
          live_step (&live, FALSE);
        }
      else
        {
          live_write (&live, pending->str, pending->len);
          g_string_truncate (pending, 0);
          live_step (&live, TRUE);
        }
    }

  live_close (&live);
  writer_clear (&w);
}

#define USER(id, parent) \
  "{\"type\":\"message\",\"id\":\"" id "\",\"parentId\":" parent ",\"timestamp\":\"2026-01-01T00:00:01.000Z\"," \
  "\"message\":{\"role\":\"user\",\"content\":\"user " id "\"}}\n"
#define LABEL(id, parent, target, label) \
  "{\"type\":\"label\",\"id\":\"" id "\",\"parentId\":" parent ",\"timestamp\":\"2026-01-01T00:00:02.000Z\"," \
  "\"targetId\":\"" target "\",\"label\":\"" label "\"}\n"

static void
live_append (Live       *live,
             const char *text)
{
  live_write (live, text, strlen (text));
  live_step (live, TRUE);
}

/* pi labels an entry whose row stays where it is: the row shows the label */
static void
test_label_on_kept_row (void)
{
  Live live;

  live_open (&live, HEADER USER ("a", "null") USER ("b", "\"a\""));
  live_append (&live, LABEL ("l1", "\"b\"", "a", "first"));
  /* and a new label on a labelled row that stays */
  live_append (&live, LABEL ("l2", "\"l1\"", "a", "second foo"));
  live_close (&live);
}

#define CUSTOM(id, parent) \
  "{\"type\":\"custom\",\"id\":\"" id "\",\"parentId\":" parent ",\"timestamp\":\"2026-01-01T00:00:03.000Z\"," \
  "\"customType\":\"ext\",\"data\":{}}\n"

/* a label on an id that a later (hidden) line in the same batch takes over: the id is one
 * node, the later line's, so the older row goes (and the label with it, hidden) */
static void
test_label_on_shadowed_row (void)
{
  Live live;

  live_open (&live, HEADER USER ("a", "null") USER ("b", "\"a\"") USER ("c", "\"a\""));
  live_append (&live, LABEL ("l1", "\"c\"", "b", "first") CUSTOM ("b", "\"l1\""));
  live_close (&live);
}

#define ASSISTANT(id, parent) \
  "{\"type\":\"message\",\"id\":\"" id "\",\"parentId\":" parent ",\"timestamp\":\"2026-01-01T00:00:04.000Z\"," \
  "\"message\":{\"role\":\"assistant\",\"content\":[{\"type\":\"text\",\"text\":\"answer " id "\"}]}}\n"

/* a duplicate id closes a cycle, cut at the old leaf: the rows above it, which stay, are no
 * longer on the active path (in user-only they are all the rows there are) */
static void
test_path_moves_off_kept_rows (void)
{
  Live live;

  live_open (&live, HEADER USER ("a", "null") USER ("b", "\"a\"") ASSISTANT ("x", "\"b\"") ASSISTANT ("y", "\"x\""));
  /* y → x' (the winner of x) → y: cut at x', whose id the file has first */
  live_append (&live, ASSISTANT ("x", "\"y\""));
  live_close (&live);
}

/* a chain of 10,000 entries, branched near the top while the leaf jumps between branches */
static void
test_deep_chain (void)
{
  g_autoptr(GString) text = g_string_new (HEADER);
  const guint n = g_getenv ("RAMO_UNDER_VALGRIND") ? 1000 : 10000;
  Live live;

  for (guint i = 0; i < n; i++)
    {
      g_autofree char *id = g_strdup_printf ("d%05u", i);
      g_autofree char *parent = i ? g_strdup_printf ("d%05u", i - 1) : NULL;
      g_autofree char *line = entry_line (i % 2 ? KIND_ASSISTANT : KIND_USER, id, parent, i, i % 3 ? "bar" : "foo");

      g_string_append (text, line);
    }
  live_open (&live, text->str);

  /* a branch at the third entry takes the leaf: the long chain nests under it */
  live_append (&live, USER ("x1", "\"d00002\"") ASSISTANT ("x2", "\"x1\""));
  /* back at the end of the long chain, with a label near the top */
  live_append (&live, USER ("x3", "\"d09999\"") LABEL ("x4", "\"x3\"", "d00001", "top foo"));
  /* an orphan whose parent (a new root) arrives a step later, and a second branch at the top */
  live_append (&live, USER ("x5", "\"p\""));
  live_append (&live, USER ("p", "null") USER ("x6", "\"d00000\""));
  /* a duplicate of an entry near the top hangs the rest of the chain under the leaf's branch */
  live_append (&live, ASSISTANT ("d00003", "\"x6\""));
  live_close (&live);
}

static void
test_random (gconstpointer data)
{
  guint32 first = GPOINTER_TO_UINT (data);
  guint n_seeds = g_test_slow () ? 200 : 20;

  /* memcheck runs the code some 50 times slower: a few seeds find the invalid accesses */
  if (g_getenv ("RAMO_UNDER_VALGRIND") != NULL && !g_test_slow ())
    n_seeds = 2;

  for (guint32 seed = first; seed < first + n_seeds; seed++)
    {
      g_test_message ("seed %u", seed);
      run_random (seed, 40);
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/Core/LiveRandom/label-on-kept-row", test_label_on_kept_row);
  g_test_add_func ("/Core/LiveRandom/label-on-shadowed-row", test_label_on_shadowed_row);
  g_test_add_func ("/Core/LiveRandom/path-moves-off-kept-rows", test_path_moves_off_kept_rows);
  g_test_add_func ("/Core/LiveRandom/deep-chain", test_deep_chain);
  g_test_add_data_func ("/Core/LiveRandom/random", GUINT_TO_POINTER (1), test_random);
  return g_test_run ();
}

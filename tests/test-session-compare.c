/* test-session-compare.c — two paths of a session compared from their fork, the diffs, and
 * the Markdown exports, on sessions whose differences are known
 *
 * Copyright 2026 The Ramo authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "ramo-session-export.h"
#include "ramo-test-compare.h"
#include "ramo-test-util.h"

/* Two attempts after the user's first message: the first assistant message differs by one
 * word and its tool call by its arguments, the result and the answer are the same, the right
 * one goes on with a user message; a root of its own (x1); and below a2 entries whose texts
 * try to break out of Markdown. */

/* checked by hand: each entry once, in path order; the fence in h1 closed after it, h2 in a
 * fence of five backticks, the label's "- " not a list */
static const char expected_markdown[] =
  "# Session sess-1\n"
  "\n"
  "The path from the root to entry `l1`: 8 entries.\n"
  "\n"
  "## 1. User\n"
  "\n"
  "Entry `u1` \u00b7 2026-03-01T10:00:01.000Z\n"
  "\n"
  "List the files\n"
  "\n"
  "## 2. Assistant \u00b7 m1\n"
  "\n"
  "Entry `a1` \u00b7 2026-03-01T10:00:02.000Z\n"
  "\n"
  "I will list the files in the current folder.\n"
  "\n"
  "**Tool call** `bash` \u00b7 `c1`\n"
  "\n"
  "```json\n"
  "{\"command\":\"ls -l\"}\n"
  "```\n"
  "\n"
  "## 3. Tool result \u00b7 bash\n"
  "\n"
  "Entry `r1` \u00b7 2026-03-01T10:00:03.000Z\n"
  "\n"
  "```text\n"
  "a.txt\n"
  "b.txt\n"
  "```\n"
  "\n"
  "## 4. Assistant \u00b7 m1\n"
  "\n"
  "Entry `a2` \u00b7 2026-03-01T10:00:04.000Z\n"
  "\n"
  "There are two files: a.txt and b.txt.\n"
  "\n"
  "## 5. User\n"
  "\n"
  "Entry `h1` \u00b7 2026-03-01T10:03:00.000Z\n"
  "\n"
  "Look:\n"
  "```sh\n"
  "rm -rf /\n"
  "## Assistant\n"
  "```\n"
  "\n"
  "## 6. Tool result \u00b7 read\\`\\* (error)\n"
  "\n"
  "Entry `h2` \u00b7 2026-03-01T10:03:01.000Z\n"
  "\n"
  "`````text\n"
  "a ```` run\n"
  "```\n"
  "end\n"
  "`````\n"
  "\n"
  "## 7. Compaction\n"
  "\n"
  "Entry `k1` \u00b7 2026-03-01T10:03:02.000Z\n"
  "\n"
  "*Compaction: the summary the model sees in place of the entries before it.*\n"
  "\n"
  "Listed *files*.\n"
  "\n"
  "## 8. Label \u00b7 u1\n"
  "\n"
  "Entry `l1` \u00b7 2026-03-01T10:03:03.000Z\n"
  "\n"
  "\\- start\n"
  "\n";

static RamoSessionManager *
open_session (void)
{
  g_autofree char *path = ramo_test_write_file ("compare.jsonl", session_text, -1);
  g_autoptr(GError) error = NULL;
  RamoSessionManager *manager = ramo_session_manager_open (path, &error);

  g_assert_no_error (error);
  return manager;
}

static RamoComparePair *
pair_at (RamoSessionCompare *compare,
         guint               i)
{
  return g_ptr_array_index (compare->pairs, i);
}

static void
assert_spans (GPtrArray          *spans,
              const char * const *expected)
{
  guint n = 0;

  for (; expected[n * 2]; n++)
    {
      RamoDiffSpan *span;
      const char *op = expected[n * 2];

      g_assert_cmpuint (n, <, spans->len);
      span = g_ptr_array_index (spans, n);
      g_assert_cmpint (span->op, ==, op[0] == '=' ? RAMO_DIFF_EQUAL : op[0] == '-' ? RAMO_DIFF_REMOVED : RAMO_DIFF_ADDED);
      g_assert_cmpstr (span->text, ==, expected[n * 2 + 1]);
    }
  g_assert_cmpuint (spans->len, ==, n);
}

static void
test_compare_branches (void)
{
  g_autoptr(RamoSessionManager) manager = open_session ();
  g_autoptr(GError) error = NULL;
  g_autoptr(RamoSessionCompare) compare = ramo_session_compare (manager, "a2", "u3", &error);
  static const char * const text[] = { "=", "I will list the ", "+", "hidden ", "=", "files in the current folder.", NULL };
  static const char * const args[] = { "=", "{\"command\":\"ls -", "-", "l", "+", "la", "=", "\"}", NULL };
  RamoToolCallPair *calls;

  g_assert_no_error (error);
  g_assert_cmpstr (compare->fork_id, ==, "u1");
  g_assert_cmpuint (compare->n_shared, ==, 1);
  g_assert_cmpuint (compare->left_path->len, ==, 3);
  g_assert_cmpuint (compare->right_path->len, ==, 4);
  g_assert_cmpuint (compare->pairs->len, ==, 4);

  g_assert_cmpint (pair_at (compare, 0)->kind, ==, RAMO_COMPARE_CHANGED);
  g_assert_cmpstr (pair_at (compare, 0)->left->id, ==, "a1");
  g_assert_cmpstr (pair_at (compare, 0)->right->id, ==, "a1b");
  g_assert_cmpint (pair_at (compare, 0)->granularity, ==, RAMO_DIFF_WORDS);
  assert_spans (pair_at (compare, 0)->text_diff, text);
  g_assert_cmpuint (pair_at (compare, 0)->tool_calls->len, ==, 1);
  calls = g_ptr_array_index (pair_at (compare, 0)->tool_calls, 0);
  g_assert_cmpint (calls->kind, ==, RAMO_COMPARE_CHANGED);
  g_assert_cmpstr (calls->left->name, ==, "bash");
  g_assert_cmpstr (calls->right->arguments, ==, "{\"command\":\"ls -la\"}");
  assert_spans (calls->arguments_diff, args);

  /* the same result and answer, with other ids and times */
  g_assert_cmpint (pair_at (compare, 1)->kind, ==, RAMO_COMPARE_SAME);
  g_assert_cmpstr (pair_at (compare, 1)->left->id, ==, "r1");
  g_assert_cmpstr (pair_at (compare, 1)->right->id, ==, "r1b");
  g_assert_cmpint (pair_at (compare, 2)->kind, ==, RAMO_COMPARE_SAME);
  g_assert_cmpint (pair_at (compare, 3)->kind, ==, RAMO_COMPARE_ONLY_RIGHT);
  g_assert_null (pair_at (compare, 3)->left);
  g_assert_cmpstr (pair_at (compare, 3)->right->id, ==, "u3");
  g_assert_cmpuint (ramo_session_compare_count (compare, RAMO_COMPARE_SAME), ==, 2);
}

static void
test_compare_prefix (void)
{
  g_autoptr(RamoSessionManager) manager = open_session ();
  g_autoptr(GError) error = NULL;
  g_autoptr(RamoSessionCompare) compare = ramo_session_compare (manager, "a2b", "u1", &error);

  g_assert_no_error (error);
  /* u1 is on a2b's path: the fork is u1, a2b's entries after it are on the left only */
  g_assert_cmpstr (compare->fork_id, ==, "u1");
  g_assert_cmpuint (compare->right_path->len, ==, 0);
  g_assert_cmpuint (compare->pairs->len, ==, 3);
  for (guint i = 0; i < 3; i++)
    {
      g_assert_cmpint (pair_at (compare, i)->kind, ==, RAMO_COMPARE_ONLY_LEFT);
      g_assert_null (pair_at (compare, i)->right);
    }
  g_assert_cmpstr (pair_at (compare, 0)->left->id, ==, "a1b");
  g_assert_cmpstr (pair_at (compare, 2)->left->id, ==, "a2b");
}

static void
test_compare_same_entry (void)
{
  g_autoptr(RamoSessionManager) manager = open_session ();
  g_autoptr(GError) error = NULL;
  g_autoptr(RamoSessionCompare) compare = ramo_session_compare (manager, "r1", "r1", &error);

  g_assert_no_error (error);
  g_assert_cmpstr (compare->fork_id, ==, "r1");
  g_assert_cmpuint (compare->n_shared, ==, 3);
  g_assert_cmpuint (compare->pairs->len, ==, 0);
}

static void
test_compare_errors (void)
{
  g_autoptr(RamoSessionManager) manager = open_session ();
  g_autoptr(GError) error = NULL;
  RamoSessionCompare *compare = ramo_session_compare (manager, "a2", "x1", &error);

  g_assert_null (compare);
  g_assert_error (error, RAMO_COMPARE_ERROR, RAMO_COMPARE_ERROR_NO_COMMON_ANCESTOR);
  g_assert_nonnull (strstr (error->message, "a2"));
  g_assert_nonnull (strstr (error->message, "x1"));
  g_clear_error (&error);

  compare = ramo_session_compare (manager, "a2", "nothing", &error);
  g_assert_null (compare);
  g_assert_error (error, RAMO_SESSION_ERROR, RAMO_SESSION_ERROR_NOT_FOUND);
}

/* The longest common subsequence by dynamic programming, for the edit count to compare. */
static guint
lcs_length (const guint *a,
            guint        n,
            const guint *b,
            guint        m)
{
  g_autofree guint *row = g_new0 (guint, (m + 1) * 2);

  for (guint i = 1; i <= n; i++)
    {
      guint *cur = row + (i % 2) * (m + 1), *prev = row + ((i - 1) % 2) * (m + 1);

      for (guint j = 1; j <= m; j++)
        cur[j] = a[i - 1] == b[j - 1] ? prev[j - 1] + 1 : MAX (prev[j], cur[j - 1]);
    }
  return row[(n % 2) * (m + 1) + m];
}

static void
test_sequence_diff_random (void)
{
  GRand *rand = g_rand_new_with_seed (2020);

  for (guint round = 0; round < 500; round++)
    {
      guint n = g_rand_int_range (rand, 0, 60), m = g_rand_int_range (rand, 0, 60);
      guint alphabet = g_rand_int_range (rand, 1, 6);
      g_autofree guint *a = g_new (guint, n + 1);
      g_autofree guint *b = g_new (guint, m + 1);
      g_autoptr(GArray) script = g_array_new (FALSE, FALSE, sizeof (RamoDiffEdit));
      guint edits = 0, x = 0, y = 0;

      for (guint i = 0; i < n; i++)
        a[i] = g_rand_int_range (rand, 0, alphabet);
      for (guint i = 0; i < m; i++)
        b[i] = g_rand_int_range (rand, 0, alphabet);
      g_assert_true (ramo_sequence_diff (a, n, b, m, 200, script));
      /* the script walks both sequences whole, equal runs equal, and is a shortest one */
      for (guint i = 0; i < script->len; i++)
        {
          RamoDiffEdit *e = &g_array_index (script, RamoDiffEdit, i);

          g_assert_cmpuint (e->left, ==, x);
          g_assert_cmpuint (e->right, ==, y);
          if (e->op == RAMO_DIFF_EQUAL)
            {
              for (guint k = 0; k < e->length; k++)
                g_assert_cmpuint (a[x + k], ==, b[y + k]);
              x += e->length, y += e->length;
            }
          else if (e->op == RAMO_DIFF_REMOVED)
            x += e->length, edits += e->length;
          else
            y += e->length, edits += e->length;
        }
      g_assert_cmpuint (x, ==, n);
      g_assert_cmpuint (y, ==, m);
      g_assert_cmpuint (edits, ==, n + m - 2 * lcs_length (a, n, b, m));
    }
  g_rand_free (rand);
}

static char *
join_spans (GPtrArray  *spans,
            RamoDiffOp  skip)
{
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < spans->len; i++)
    {
      RamoDiffSpan *span = g_ptr_array_index (spans, i);

      if (span->op != skip)
        g_string_append (out, span->text);
    }
  return g_string_free (out, FALSE);
}

static void
test_text_diff_bounded (void)
{
  g_autoptr(GString) left = g_string_new (NULL);
  g_autoptr(GString) right = g_string_new (NULL);
  g_autoptr(GPtrArray) spans = NULL;
  g_autofree char *l = NULL;
  g_autofree char *r = NULL;
  RamoDiffGranularity used;
  gint64 start;

  /* 40,000 words that all differ, on 2,000 lines of which every other one is shared */
  for (guint i = 0; i < 2000; i++)
    {
      for (guint j = 0; j < 10; j++)
        g_string_append_printf (left, "l%u.%u ", i, j);
      g_string_append_printf (left, "\n");
      for (guint j = 0; j < 10; j++)
        g_string_append_printf (right, "%s%u.%u ", i % 2 ? "l" : "r", i, j);
      g_string_append_printf (right, "\n");
    }
  start = g_get_monotonic_time ();
  spans = ramo_text_diff (left->str, right->str, RAMO_DIFF_WORDS, &used);
  g_assert_cmpint (used, !=, RAMO_DIFF_WORDS);
  l = join_spans (spans, RAMO_DIFF_ADDED);
  r = join_spans (spans, RAMO_DIFF_REMOVED);
  g_assert_cmpstr (l, ==, left->str);
  g_assert_cmpstr (r, ==, right->str);
  g_test_message ("40,000 differing words: %s, %.1f ms", used == RAMO_DIFF_LINES ? "lines" : "whole",
                  (g_get_monotonic_time () - start) / 1000.0);

  /* words that all differ: one removed run and one added run, the spaces between them in both */
  {
    static const char * const whole[] = { "=", "Now ", "-", "read the file", "+", "write a test", "=", ".", NULL };

    g_clear_pointer (&spans, g_ptr_array_unref);
    spans = ramo_text_diff ("Now read the file.", "Now write a test.", RAMO_DIFF_WORDS, &used);
    g_assert_cmpint (used, ==, RAMO_DIFF_WORDS);
    assert_spans (spans, whole);
  }

  g_clear_pointer (&spans, g_ptr_array_unref);
  spans = ramo_text_diff ("same text", "same text", RAMO_DIFF_WORDS, &used);
  g_assert_cmpuint (spans->len, ==, 1);
  g_assert_cmpint (((RamoDiffSpan *) g_ptr_array_index (spans, 0))->op, ==, RAMO_DIFF_EQUAL);
}

static void
test_export_path (void)
{
  g_autoptr(RamoSessionManager) manager = open_session ();
  g_autoptr(GError) error = NULL;
  g_autofree char *markdown = ramo_session_export_path_markdown (manager, "l1", &error);

  g_assert_no_error (error);
  g_assert_cmpstr (markdown, ==, expected_markdown);
  g_assert_null (ramo_session_export_path_markdown (manager, "nothing", &error));
  g_assert_error (error, RAMO_SESSION_ERROR, RAMO_SESSION_ERROR_NOT_FOUND);
}

static void
test_export_compare (void)
{
  g_autoptr(RamoSessionManager) manager = open_session ();
  g_autoptr(GError) error = NULL;
  g_autoptr(RamoSessionCompare) compare = ramo_session_compare (manager, "a2", "u3", &error);
  g_autofree char *markdown = NULL;

  g_assert_no_error (error);
  markdown = ramo_session_compare_to_markdown (compare);
  g_assert_cmpstr (markdown, ==, expected_comparison);
}

static gpointer
align_thread (gpointer data)
{
  ramo_session_compare_align (data);
  return NULL;
}

/* The two halves the window runs on two threads: the paths read, nothing aligned; then,
 * with the manager gone, aligned in another thread into the same comparison. */
static void
test_compare_read_then_align (void)
{
  RamoSessionManager *manager = open_session ();
  g_autoptr(GError) error = NULL;
  g_autoptr(RamoSessionCompare) compare = ramo_session_compare_read (manager, "a2", "u3", &error);
  g_autofree char *markdown = NULL;

  g_assert_no_error (error);
  g_assert_cmpuint (compare->left_path->len, ==, 3);
  g_assert_cmpuint (compare->right_path->len, ==, 4);
  g_assert_cmpuint (compare->pairs->len, ==, 0);
  g_object_unref (manager);
  g_thread_join (g_thread_new ("align", align_thread, compare));
  g_assert_cmpuint (compare->pairs->len, ==, 4);
  markdown = ramo_session_compare_to_markdown (compare);
  g_assert_cmpstr (markdown, ==, expected_comparison);
}

static void
test_markdown_fence (void)
{
  g_autofree char *three = ramo_markdown_fence ("no backticks", '`');
  g_autofree char *six = ramo_markdown_fence ("a ````` b ``", '`');

  g_assert_cmpstr (three, ==, "```");
  g_assert_cmpstr (six, ==, "``````");
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/compare/branches", test_compare_branches);
  g_test_add_func ("/compare/prefix", test_compare_prefix);
  g_test_add_func ("/compare/same-entry", test_compare_same_entry);
  g_test_add_func ("/compare/errors", test_compare_errors);
  g_test_add_func ("/compare/read-then-align", test_compare_read_then_align);
  g_test_add_func ("/compare/sequence-diff-random", test_sequence_diff_random);
  g_test_add_func ("/compare/text-diff-bounded", test_text_diff_bounded);
  g_test_add_func ("/export/path", test_export_path);
  g_test_add_func ("/export/compare", test_export_compare);
  g_test_add_func ("/export/fence", test_markdown_fence);
  return g_test_run ();
}

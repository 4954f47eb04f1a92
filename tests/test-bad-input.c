/* test-bad-input.c — files that are broken, odd or hostile: clear errors, nothing lost
 *
 * Copyright 2026 The Ramo authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <fcntl.h>
#include <signal.h>
#include <unistd.h>

#include <glib/gstdio.h>
#include <sys/stat.h>
#include <sys/resource.h>

#include "ramo-projection.h"
#include "ramo-session-context.h"
#include "ramo-session-manager-private.h"
#include "ramo-test-util.h"

#define HEADER "{\"type\":\"session\",\"version\":3,\"id\":\"s-1\",\"timestamp\":\"2026-01-01T00:00:00.000Z\",\"cwd\":\"/w\"}\n"
#define MSG(id, parent, text) \
  "{\"type\":\"message\",\"id\":\"" id "\",\"parentId\":" parent ",\"timestamp\":\"2026-01-01T00:00:01.000Z\"," \
  "\"message\":{\"role\":\"user\",\"content\":\"" text "\"}}\n"

/* Opens @text from a file and checks that opening changed nothing on disk. */
static RamoSessionManager *
open_bytes (const char  *text,
            gssize       len,
            GError     **error,
            char       **path_out)
{
  g_autofree char *path = ramo_test_write_file ("s.jsonl", text, len);
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  gsize before_len, after_len;
  RamoSessionManager *manager;

  before = ramo_test_read_file (path, &before_len);
  manager = ramo_session_manager_open (path, error);
  after = ramo_test_read_file (path, &after_len);
  g_assert_cmpmem (before, before_len, after, after_len);
  if (path_out)
    *path_out = g_steal_pointer (&path);
  return manager;
}

static void
test_empty (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(RamoSessionManager) manager = open_bytes ("", 0, &error, NULL);

  g_assert_null (manager);
  g_assert_error (error, RAMO_SESSION_ERROR, RAMO_SESSION_ERROR_INVALID_FILE);
  g_assert_nonnull (strstr (error->message, "empty"));
}

static void
test_header_only (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(RamoSessionManager) manager = open_bytes (HEADER, -1, &error, NULL);
  g_autoptr(RamoSessionContext) context = NULL;

  g_assert_no_error (error);
  g_assert_cmpuint (ramo_session_manager_get_n_entries (manager), ==, 0);
  g_assert_null (ramo_session_manager_get_leaf_id (manager));
  context = ramo_session_manager_build_session_context (manager);
  g_assert_cmpuint (ramo_session_context_get_n_messages (context), ==, 0);
}

#define TITLE "{\"type\":\"title\",\"v\":1,\"title\":\"Fixing the parser\",\"updatedAt\":\"2026-01-01T00:00:00Z\",\"pad\":\"      \"}\n"
#define V1_MSG(text) \
  "{\"type\":\"message\",\"timestamp\":\"2026-01-01T00:00:01.000Z\",\"message\":{\"role\":\"user\",\"content\":\"" text "\"}}\n"

/* Every write a window or a script can ask for, refused with the file byte for byte as it was. */
static void
assert_no_write (RamoSessionManager *manager,
                 const char         *path)
{
  g_autofree char *before = ramo_test_read_file (path, NULL);
  g_autofree char *after = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) message = json_from_string ("{\"role\":\"user\",\"content\":\"more\"}", NULL);
  RamoEntry *first = ramo_session_manager_get_entry_at (manager, 0);
  char *id;

  g_assert_true (ramo_session_manager_is_read_only (manager));
  g_assert_false (ramo_session_manager_needs_migration (manager));

  id = ramo_session_manager_append_label_change (manager, first->id, "x", &error);
  g_assert_null (id);
  g_assert_error (error, RAMO_SESSION_ERROR, RAMO_SESSION_ERROR_READ_ONLY);
  g_assert_nonnull (strstr (error->message, ramo_session_manager_get_read_only_reason (manager)));
  g_clear_error (&error);
  g_assert_false (ramo_session_manager_migrate (manager, &error));
  g_assert_error (error, RAMO_SESSION_ERROR, RAMO_SESSION_ERROR_READ_ONLY);
  g_clear_error (&error);
  g_assert_null (ramo_session_manager_append_session_info (manager, "a name", &error));
  g_assert_error (error, RAMO_SESSION_ERROR, RAMO_SESSION_ERROR_READ_ONLY);
  g_clear_error (&error);
  g_assert_null (ramo_session_manager_append_message (manager, message, &error));
  g_assert_error (error, RAMO_SESSION_ERROR, RAMO_SESSION_ERROR_READ_ONLY);
  g_clear_error (&error);
  /* a move with a summary writes a branch_summary; a move without one writes nothing */
  g_assert_null (ramo_session_manager_branch_with_summary (manager, first->id, "summary", NULL, FALSE, &error));
  g_assert_error (error, RAMO_SESSION_ERROR, RAMO_SESSION_ERROR_READ_ONLY);
  g_clear_error (&error);
  g_assert_true (ramo_session_manager_branch (manager, first->id, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (ramo_session_manager_get_leaf_id (manager), ==, first->id);

  after = ramo_test_read_file (path, NULL);
  g_assert_cmpstr (after, ==, before);
}

/* A file whose first JSON line is not a header with a string id: pi 1.6.0 and oh-my-pi refuse
 * it; Ramo shows its entries, read-only, and says what is wrong with the header. */
static void
test_broken_headers (void)
{
  static const struct {
    const char *name;
    const char *text;
    RamoSessionHeaderProblem problem;
    guint line;                 /* where the problem is named */
    guint n_entries;
    guint version;              /* the rules the entries are read by */
    const char *leaf;           /* NULL: made from the line number (version 1) */
    const char *reason;         /* in the reason */
  } cases[] = {
    { "missing", MSG ("a", "null", "hi") MSG ("b", "\"a\"", "yo"),
      RAMO_SESSION_HEADER_MISSING, 1, 2, 3, "b", "starts with entries (line 1)" },
    { "cut short", "{\"type\":\"session\",\"version\":3,\"id\":\"s-1\",\"time\n" MSG ("a", "null", "hi") MSG ("b", "\"a\"", "yo"),
      RAMO_SESSION_HEADER_DAMAGED, 1, 2, 3, "b", "header (line 1) is damaged" },
    { "not json", "garbage\n" MSG ("a", "null", "hi") MSG ("b", "\"a\"", "yo"),
      RAMO_SESSION_HEADER_NOT_JSON, 1, 2, 3, "b", "line 1, where it belongs, is not JSON" },
    { "wrong type", "{\"type\":\"sesion\",\"version\":3,\"id\":\"s-1\",\"cwd\":\"/w\"}\n" MSG ("a", "null", "hi") MSG ("b", "\"a\"", "yo"),
      RAMO_SESSION_HEADER_WRONG_TYPE, 1, 3, 3, "b", "has the type \"sesion\"" },
    { "no type", "{\"version\":3,\"id\":\"s-1\",\"cwd\":\"/w\"}\n" MSG ("a", "null", "hi"),
      RAMO_SESSION_HEADER_WRONG_TYPE, 1, 2, 3, "a", "(line 1) has no type" },
    { "no entry first", "{\"foo\":1}\n" MSG ("a", "null", "hi") MSG ("b", "\"a\"", "yo"),
      RAMO_SESSION_HEADER_WRONG_TYPE, 1, 3, 3, "b", "(line 1) has no type" },
    { "no entry first, v1", "{\"foo\":1}\n" V1_MSG ("one") V1_MSG ("two"),
      RAMO_SESSION_HEADER_WRONG_TYPE, 1, 3, 1, NULL, "read as version 1" },
    { "no id", "{\"type\":\"session\",\"version\":3,\"cwd\":\"/w\"}\n" MSG ("a", "null", "hi") MSG ("b", "\"a\"", "yo"),
      RAMO_SESSION_HEADER_NO_ID, 1, 2, 3, "b", "has no string \"id\"" },
    { "number id", "{\"type\":\"session\",\"version\":2,\"id\":42}\n" MSG ("a", "null", "hi"),
      RAMO_SESSION_HEADER_NO_ID, 1, 1, 2, "a", "read as version 2, the header's" },
    { "late", MSG ("a", "null", "hi") HEADER MSG ("b", "\"a\"", "yo"),
      RAMO_SESSION_HEADER_LATE, 2, 2, 3, "b", "header is on line 2, after the entries" },
    { "entries only, v1", V1_MSG ("one") V1_MSG ("two") V1_MSG ("three"),
      RAMO_SESSION_HEADER_MISSING, 1, 3, 1, NULL, "read as version 1" },
    { "title slot, no header", TITLE MSG ("a", "null", "hi"),
      RAMO_SESSION_HEADER_MISSING, 2, 1, 3, "a", "(line 2)" },
    { "blank lines first", "\n \n" MSG ("a", "null", "hi"),
      RAMO_SESSION_HEADER_MISSING, 3, 1, 3, "a", "(line 3)" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autofree char *path = NULL;
      g_autoptr(RamoSessionManager) manager = NULL;
      GPtrArray *issues;
      RamoLoadIssue *issue = NULL;
      guint line = 0;

      g_test_message ("%s", cases[i].name);
      manager = open_bytes (cases[i].text, -1, &error, &path);
      g_assert_no_error (error);
      g_assert_nonnull (manager);
      g_assert_cmpint (ramo_session_manager_get_header_problem (manager, &line), ==, cases[i].problem);
      g_assert_cmpuint (line, ==, cases[i].line);
      g_assert_cmpuint (ramo_session_manager_get_n_entries (manager), ==, cases[i].n_entries);
      g_assert_cmpuint (ramo_session_manager_get_file_version (manager), ==, cases[i].version);
      g_assert_nonnull (strstr (ramo_session_manager_get_read_only_reason (manager), cases[i].reason));
      if (cases[i].leaf)
        g_assert_cmpstr (ramo_session_manager_get_leaf_id (manager), ==, cases[i].leaf);
      else
        {
          /* version 1: one chain in file order, ids made up */
          RamoEntry *last = ramo_session_manager_get_leaf (manager);

          g_assert_cmpuint (last->line, ==, cases[i].n_entries);
          g_assert_true (last->flags & RAMO_ENTRY_FLAG_SYNTHETIC_ID);
          g_assert_cmpstr (last->parent_id, ==, ramo_session_manager_get_entry_at (manager, cases[i].n_entries - 2)->id);
        }
      /* the problem is listed at its line */
      issues = ramo_session_manager_get_issues (manager);
      for (guint k = 0; k < issues->len && issue == NULL; k++)
        if (strstr (((RamoLoadIssue *) g_ptr_array_index (issues, k))->message, "read-only"))
          issue = g_ptr_array_index (issues, k);
      g_assert_nonnull (issue);
      g_assert_nonnull (strstr (issue->message, cases[i].reason));
      /* (a header after entries: where the entries start) */
      g_assert_cmpuint (issue->line, ==, cases[i].problem == RAMO_SESSION_HEADER_LATE ? 1 : cases[i].line);
      if (cases[i].problem == RAMO_SESSION_HEADER_NO_ID)
        g_assert_nonnull (ramo_session_manager_get_header (manager));
      else
        g_assert_null (ramo_session_manager_get_header (manager));

      assert_no_write (manager, path);
    }
}

/* The entries of a file with no header are those of the same file with one (whose reading
 * compat checks against pi), ids, parents and leaf alike. */
static void
test_no_header_reads_as_with_header (void)
{
  const char *entries =
    MSG ("a", "null", "hi")
    MSG ("b", "\"a\"", "yo")
    MSG ("c", "\"a\"", "other")
    "{\"type\":\"label\",\"id\":\"l\",\"parentId\":\"c\",\"timestamp\":\"2026-01-01T00:00:02.000Z\",\"targetId\":\"b\",\"label\":\"mark\"}\n";
  g_autofree char *with = g_strconcat (HEADER, entries, NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(RamoSessionManager) headerless = open_bytes (entries, -1, &error, NULL);
  g_autoptr(RamoSessionManager) sound = NULL;

  g_assert_no_error (error);
  sound = open_bytes (with, -1, &error, NULL);
  g_assert_no_error (error);
  g_assert_false (ramo_session_manager_is_read_only (sound));
  g_assert_true (ramo_session_manager_is_read_only (headerless));
  g_assert_cmpuint (ramo_session_manager_get_n_entries (headerless), ==, ramo_session_manager_get_n_entries (sound));
  for (guint i = 0; i < ramo_session_manager_get_n_entries (sound); i++)
    {
      RamoEntry *x = ramo_session_manager_get_entry_at (headerless, i);
      RamoEntry *y = ramo_session_manager_get_entry_at (sound, i);

      g_assert_cmpstr (x->id, ==, y->id);
      g_assert_cmpstr (x->parent_id, ==, y->parent_id);
      g_assert_cmpuint (x->line + 1, ==, y->line);
    }
  g_assert_cmpstr (ramo_session_manager_get_leaf_id (headerless), ==, ramo_session_manager_get_leaf_id (sound));
  g_assert_cmpstr (ramo_session_manager_get_label (headerless, "b"), ==, "mark");
}

/* Nothing to show: a clear error, the file untouched. */
static void
test_no_entries (void)
{
  static const struct { const char *text; gsize len; const char *message; } cases[] = {
    { "", 0, "empty" },
    { "\n\n  \n", 5, "no session header and no entry" },
    { "\0\0\0\0\0\0\0\0\n\0\0\0", 12, "no session header and no entry" },
    { "\x01\x02\xff\xfe binary\n\x7f" "ELF\n", 15, "no session header and no entry" },
    { "42\n\"text\"\n[1,2]\n", 16, "no session header and no entry" },
    { TITLE, sizeof TITLE - 1, "no session header and no entry" },
    { "\xEF\xBB\xBF", 3, "holds no line" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(RamoSessionManager) manager = open_bytes (cases[i].text, cases[i].len, &error, NULL);

      g_assert_null (manager);
      g_assert_error (error, RAMO_SESSION_ERROR, RAMO_SESSION_ERROR_INVALID_FILE);
      g_assert_nonnull (strstr (error->message, cases[i].message));
    }
}

static void
test_title_slot (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(RamoSessionManager) manager = open_bytes (
    "{\"type\":\"title\",\"v\":1,\"title\":\"Fixing the parser\",\"updatedAt\":\"2026-01-01T00:00:00Z\",\"pad\":\"      \"}\n"
    HEADER MSG ("a", "null", "hi"), -1, &error, NULL);

  g_assert_no_error (error);
  g_assert_cmpstr (_ramo_session_manager_get_title (manager), ==, "Fixing the parser");
  g_assert_cmpuint (ramo_session_manager_get_n_entries (manager), ==, 1);
  g_assert_cmpuint (ramo_session_manager_get_entry (manager, "a")->line, ==, 3);
}

static void
test_broken_lines (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(RamoSessionManager) manager = open_bytes (
    HEADER
    MSG ("a", "null", "one")
    "{\"type\":\"message\",\"id\":\"b\",\"parentId\":\"a\",\"mess\n"
    "42\n"
    "\r\n"
    MSG ("c", "\"a\"", "three")
    "{\"type\":\"message\",\"id\":\"d\",\"parentId\":\"c\",\"timestamp\":\"2026-01-01T00:00:0",
    -1, &error, NULL);
  GPtrArray *issues;

  g_assert_no_error (error);
  g_assert_cmpuint (ramo_session_manager_get_n_entries (manager), ==, 2);
  g_assert_cmpstr (ramo_session_manager_get_leaf_id (manager), ==, "c");
  issues = ramo_session_manager_get_issues (manager);
  g_assert_cmpuint (issues->len, ==, 3);
  g_assert_cmpuint (((RamoLoadIssue *) g_ptr_array_index (issues, 0))->line, ==, 3);
  g_assert_cmpuint (((RamoLoadIssue *) g_ptr_array_index (issues, 1))->line, ==, 4);
  g_assert_cmpuint (((RamoLoadIssue *) g_ptr_array_index (issues, 2))->line, ==, 7);
  g_assert_nonnull (strstr (((RamoLoadIssue *) g_ptr_array_index (issues, 2))->message, "cut short"));
}

static void
test_crlf_and_bom (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(RamoSessionManager) manager = open_bytes (
    "\xEF\xBB\xBF{\"type\":\"session\",\"version\":3,\"id\":\"s\",\"timestamp\":\"2026-01-01T00:00:00.000Z\",\"cwd\":\"/w\"}\r\n"
    "{\"type\":\"message\",\"id\":\"a\",\"parentId\":null,\"timestamp\":\"2026-01-01T00:00:01.000Z\",\"message\":{\"role\":\"user\",\"content\":\"x\"}}\r\n",
    -1, &error, NULL);

  g_assert_no_error (error);
  g_assert_cmpuint (ramo_session_manager_get_n_entries (manager), ==, 1);
  g_assert_cmpuint (ramo_session_manager_get_issues (manager)->len, ==, 0);
}

static void
test_invalid_utf8_and_nul (void)
{
  static const char text[] =
    HEADER
    "{\"type\":\"message\",\"id\":\"a\",\"parentId\":null,\"timestamp\":\"2026-01-01T00:00:01.000Z\","
    "\"message\":{\"role\":\"user\",\"content\":\"caf\xE9 ok\"}}\n"
    "{\"type\":\"message\",\"id\":\"b\",\"parentId\":\"a\",\"timestamp\":\"2026-01-01T00:00:01.000Z\","
    "\"message\":{\"role\":\"user\",\"content\":\"nul\0here\"}}\n";
  g_autoptr(GError) error = NULL;
  g_autoptr(RamoSessionManager) manager = open_bytes (text, sizeof text - 1, &error, NULL);

  g_assert_no_error (error);
  g_assert_cmpuint (ramo_session_manager_get_n_entries (manager), ==, 1);
  g_assert_cmpstr (ramo_session_manager_get_entry (manager, "a")->display, ==, "user: caf\xEF\xBF\xBD ok");
  g_assert_cmpuint (ramo_session_manager_get_issues (manager)->len, ==, 2);
}

static void
test_huge_line (void)
{
  g_autoptr(GString) text = g_string_new (HEADER);
  g_autoptr(GError) error = NULL;
  g_autoptr(RamoSessionManager) manager = NULL;
  g_autoptr(RamoSessionContext) context = NULL;
  g_autoptr(JsonNode) message = NULL;
  RamoEntry *entry;

  g_string_append (text, "{\"type\":\"message\",\"id\":\"big\",\"parentId\":null,\"timestamp\":\"2026-01-01T00:00:01.000Z\","
                         "\"message\":{\"role\":\"user\",\"content\":\"");
  for (guint i = 0; i < 20 * 1024 * 1024 / 16; i++)
    g_string_append (text, "0123456789abcde ");
  g_string_append (text, "\"}}\n" MSG ("after", "\"big\"", "still here"));

  manager = open_bytes (text->str, text->len, &error, NULL);
  g_assert_no_error (error);
  g_assert_cmpuint (ramo_session_manager_get_n_entries (manager), ==, 2);
  entry = ramo_session_manager_get_entry (manager, "big");
  g_assert_cmpuint (entry->length, >, 20 * 1024 * 1024);
  g_assert_cmpuint (g_utf8_strlen (entry->display, -1), <=, 6 + 200 + 1);
  context = ramo_session_manager_build_session_context (manager);
  message = ramo_session_context_dup_message (context, 0, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (strlen (json_object_get_string_member (json_node_get_object (message), "content")), ==, 20 * 1024 * 1024);
}

#define MSGT(id, parent, time, text) \
  "{\"type\":\"message\",\"id\":\"" id "\",\"parentId\":" parent ",\"timestamp\":\"2026-01-01T00:00:0" time ".000Z\"," \
  "\"message\":{\"role\":\"user\",\"content\":\"" text "\"}}\n"

/* The ids of @entries, space-separated. */
static char *
ids_of (GPtrArray *entries)
{
  GString *out = g_string_new (NULL);

  for (guint i = 0; entries && i < entries->len; i++)
    g_string_append_printf (out, "%s%s", i ? " " : "", ((RamoEntry *) g_ptr_array_index (entries, i))->id);
  return g_string_free (out, FALSE);
}

/* The tree in pre-order, a row "depth:id" per node. */
static char *
tree_of (RamoSessionManager *manager)
{
  GString *out = g_string_new (NULL);
  g_autoptr(GPtrArray) stack = g_ptr_array_new ();
  GPtrArray *roots = ramo_session_manager_get_roots (manager);

  for (guint i = roots->len; i > 0; i--)
    g_ptr_array_add (stack, g_ptr_array_index (roots, i - 1));
  while (stack->len > 0)
    {
      RamoEntry *e = g_ptr_array_steal_index (stack, stack->len - 1);

      g_string_append_printf (out, "%s%u:%s", out->len ? " " : "", e->depth, e->id);
      for (guint i = e->n_children; i > 0; i--)
        g_ptr_array_add (stack, e->children[i - 1]);
    }
  return g_string_free (out, FALSE);
}

static void
assert_tree (RamoSessionManager *manager,
             const char         *expected)
{
  g_autofree char *tree = tree_of (manager);

  g_assert_cmpstr (tree, ==, expected);
}

static void
assert_ids (GPtrArray  *entries,
            const char *expected)
{
  g_autofree char *ids = ids_of (entries);

  g_assert_cmpstr (ids, ==, expected);
}

static void
assert_children (RamoSessionManager *manager,
                 const char         *parent_id,
                 const char         *expected)
{
  g_autoptr(GPtrArray) children = _ramo_session_manager_get_children (manager, parent_id);

  assert_ids (children, expected);
}

/* One node per id: the later line, under the parent it names; the children of either line
 * under it; a line another repeats is no node. */
static void
test_duplicate_ids (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(RamoSessionManager) manager = open_bytes (
    HEADER MSG ("a", "null", "root") MSG ("x", "\"a\"", "first x") MSG ("z", "\"x\"", "z")
    MSG ("x", "\"a\"", "second x") MSG ("y", "\"x\"", "under x"),
    -1, &error, NULL);
  RamoEntry *x = ramo_session_manager_get_entry (manager, "x");
  RamoEntry *first = ramo_session_manager_get_entry_at (manager, 1);
  g_autoptr(RamoProjection) projection = NULL;
  g_autoptr(GPtrArray) branch = NULL;

  g_assert_no_error (error);
  g_assert_cmpstr (x->display, ==, "user: second x");
  g_assert_true (first->flags & RAMO_ENTRY_FLAG_SHADOWED);
  g_assert_null (first->parent);
  g_assert_null (first->children);
  assert_children (manager, "a", "x");
  assert_children (manager, "x", "z y");
  assert_tree (manager, "0:a 1:x 2:z 2:y");
  g_assert_cmpuint (ramo_session_manager_get_n_entries (manager), ==, 5);
  g_assert_cmpuint (ramo_session_manager_get_n_ids (manager), ==, 4);
  g_assert_cmpuint (ramo_session_manager_get_n_repeated_ids (manager), ==, 1);
  g_assert_cmpuint (ramo_session_manager_get_issues (manager)->len, ==, 1);
  branch = ramo_session_manager_dup_branch (manager, NULL);
  assert_ids (branch, "a x y");

  projection = ramo_projection_new (manager);
  g_assert_cmpuint (ramo_projection_get_n_visible (projection), ==, 4);
  g_assert_cmpuint (ramo_projection_get_n_total (projection), ==, 4);
  g_assert_false (ramo_projection_is_visible (projection, first));
  ramo_projection_set_filter (projection, RAMO_FILTER_ALL);
  g_assert_cmpuint (ramo_projection_get_n_visible (projection), ==, 4);
  ramo_projection_set_search (projection, "first");
  g_assert_cmpuint (ramo_projection_get_n_visible (projection), ==, 0);
}

/* pi's deferred first write (R4): the header and the first entries twice, then the rest. */
static void
test_duplicate_first_flush (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(RamoSessionManager) manager = open_bytes (
    HEADER MSG ("a", "null", "hello") MSG ("b", "\"a\"", "hi")
    HEADER MSG ("a", "null", "hello") MSG ("b", "\"a\"", "hi") MSG ("c", "\"b\"", "more") MSG ("d", "\"c\"", "end"),
    -1, &error, NULL);
  g_autoptr(RamoProjection) projection = NULL;
  g_autoptr(GPtrArray) branch = NULL;
  g_autoptr(RamoSessionContext) context = NULL;
  g_autofree char *text = NULL;

  g_assert_no_error (error);
  g_assert_cmpuint (ramo_session_manager_get_n_entries (manager), ==, 6);
  g_assert_cmpuint (ramo_session_manager_get_n_ids (manager), ==, 4);
  g_assert_cmpuint (ramo_session_manager_get_n_repeated_ids (manager), ==, 2);
  g_assert_cmpuint (ramo_session_manager_get_roots (manager)->len, ==, 1);
  assert_tree (manager, "0:a 1:b 2:c 3:d");
  branch = ramo_session_manager_dup_branch (manager, NULL);
  assert_ids (branch, "a b c d");
  g_assert_true (g_ptr_array_index (branch, 0) == ramo_session_manager_get_entry_at (manager, 2));
  context = ramo_session_manager_build_session_context (manager);
  g_assert_cmpuint (ramo_session_context_get_n_messages (context), ==, 4);

  projection = ramo_projection_new (manager);
  g_assert_cmpuint (ramo_projection_get_n_visible (projection), ==, 4);
  g_assert_cmpuint (g_list_model_get_n_items (ramo_projection_get_roots (projection)), ==, 4);
  text = ramo_projection_to_text (projection);
  g_assert_cmpuint (ramo_test_count_lines (text), ==, 5);
  g_assert_true (g_str_has_suffix (text, "(4 of 4 entries, filter default)\n"));
}

/* The same id under two parents: the node hangs where its later line says, with the children
 * of both lines; among siblings it is where pi's sorted list has it first. */
static void
test_duplicate_moves (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(RamoSessionManager) manager = open_bytes (
    HEADER MSGT ("p", "null", "0", "root") MSGT ("b", "\"p\"", "1", "b") MSGT ("c", "\"p\"", "2", "c")
    MSGT ("x", "\"b\"", "3", "x under b") MSGT ("y", "\"x\"", "4", "y")
    MSGT ("x", "\"c\"", "3", "x under c") MSGT ("w", "\"x\"", "5", "w")
    /* s sorts by its later line's time: after t, whatever the order of its lines */
    MSGT ("s", "\"p\"", "1", "s early") MSGT ("t", "\"p\"", "6", "t") MSGT ("s", "\"p\"", "7", "s late"),
    -1, &error, NULL);
  RamoEntry *x = ramo_session_manager_get_entry (manager, "x");

  g_assert_no_error (error);
  g_assert_cmpstr (x->display, ==, "user: x under c");
  g_assert_null (_ramo_session_manager_get_children (manager, "b"));
  assert_children (manager, "c", "x");
  assert_children (manager, "x", "y w");
  assert_children (manager, "p", "b c t s");
  assert_tree (manager, "0:p 1:b 1:c 2:x 3:y 3:w 1:t 1:s");
  g_assert_cmpuint (ramo_session_manager_get_entry (manager, "y")->depth, ==, 3);
}

/* A repeated id that closes a cycle is cut where the file first has the id; the leaf repeated
 * is the later line. */
static void
test_duplicate_cycle_and_leaf (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(RamoSessionManager) cycle = open_bytes (
    HEADER MSG ("a", "null", "first a") MSG ("b", "\"a\"", "b") MSG ("a", "\"b\"", "second a"),
    -1, &error, NULL);
  g_autoptr(RamoSessionManager) leaf = NULL;
  g_autoptr(GPtrArray) branch = NULL;
  RamoEntry *a;

  g_assert_no_error (error);
  a = ramo_session_manager_get_entry (cycle, "a");
  g_assert_true (a->flags & RAMO_ENTRY_FLAG_CYCLE_BROKEN);
  assert_tree (cycle, "0:a 1:b");
  g_assert_true (ramo_session_manager_get_leaf (cycle) == a);
  branch = ramo_session_manager_dup_branch (cycle, "b");
  assert_ids (branch, "a b");
  g_clear_pointer (&branch, g_ptr_array_unref);

  leaf = open_bytes (HEADER MSG ("a", "null", "a") MSG ("b", "\"a\"", "b") MSG ("c", "\"b\"", "c")
                     MSG ("b", "\"a\"", "b again"), -1, &error, NULL);
  g_assert_no_error (error);
  g_assert_cmpstr (ramo_session_manager_get_leaf_id (leaf), ==, "b");
  g_assert_cmpstr (ramo_session_manager_get_leaf (leaf)->display, ==, "user: b again");
  assert_tree (leaf, "0:a 1:b 2:c");
  branch = ramo_session_manager_dup_branch (leaf, NULL);
  assert_ids (branch, "a b");
}

static void
append_text (const char *path,
             const char *text)
{
  FILE *f = fopen (path, "a");

  g_assert_nonnull (f);
  g_assert_cmpint (fputs (text, f), >=, 0);
  g_assert_cmpint (fclose (f), ==, 0);
}

/* A line appended later that repeats an id: the older record stops being a node, the leaf on
 * it moves to the new one, the projection and its counts follow. */
static void
test_duplicate_appended (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = NULL;
  g_autoptr(RamoSessionManager) manager = open_bytes (
    HEADER MSG ("a", "null", "a") MSG ("b", "\"a\"", "b") MSG ("c", "\"a\"", "c"), -1, &error, &path);
  g_autoptr(RamoProjection) projection = NULL;
  g_autoptr(RamoProjection) fresh = NULL;
  g_autoptr(GError) append_error = NULL;
  RamoEntry *old_b;
  g_autofree char *text = NULL;
  g_autofree char *fresh_text = NULL;

  g_assert_no_error (error);
  projection = ramo_projection_new (manager);
  g_assert_cmpuint (ramo_projection_get_n_visible (projection), ==, 3);
  old_b = ramo_session_manager_get_entry (manager, "b");
  g_assert_true (ramo_projection_is_visible (projection, old_b));

  append_text (path, MSG ("b", "\"c\"", "b moved") MSG ("d", "\"b\"", "d"));
  g_assert_cmpint (ramo_session_manager_refresh (manager, &append_error), ==, 2);
  g_assert_no_error (append_error);

  g_assert_true (old_b->flags & RAMO_ENTRY_FLAG_SHADOWED);
  g_assert_false (ramo_projection_is_visible (projection, old_b));
  assert_tree (manager, "0:a 1:c 2:b 3:d");
  g_assert_cmpuint (ramo_projection_get_n_visible (projection), ==, 4);
  g_assert_cmpuint (ramo_projection_get_n_total (projection), ==, 4);
  text = ramo_projection_to_text (projection);
  fresh = ramo_projection_new (manager);
  fresh_text = ramo_projection_to_text (fresh);
  g_assert_cmpstr (text, ==, fresh_text);
}

static void
test_cycle (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(RamoSessionManager) manager = open_bytes (
    HEADER MSG ("r", "null", "root") MSG ("a", "\"b\"", "A") MSG ("b", "\"a\"", "B") MSG ("c", "\"b\"", "C"),
    -1, &error, NULL);
  g_autoptr(GPtrArray) branch = NULL;
  g_autoptr(RamoSessionContext) context = NULL;
  g_autoptr(RamoProjection) projection = NULL;
  GPtrArray *roots;

  g_assert_no_error (error);
  roots = ramo_session_manager_get_roots (manager);
  g_assert_cmpuint (roots->len, ==, 2);
  g_assert_cmpstr (((RamoEntry *) g_ptr_array_index (roots, 1))->id, ==, "a");
  g_assert_true (ramo_session_manager_get_entry (manager, "a")->flags & RAMO_ENTRY_FLAG_CYCLE_BROKEN);
  branch = ramo_session_manager_dup_branch (manager, "c");
  g_assert_cmpuint (branch->len, ==, 3);
  context = ramo_session_manager_build_session_context (manager);
  g_assert_cmpuint (ramo_session_context_get_n_messages (context), ==, 3);
  projection = ramo_projection_new (manager);
  g_assert_cmpuint (ramo_projection_get_n_visible (projection), ==, 4);
}

static void
test_deep_chain (void)
{
  g_autoptr(GString) text = g_string_new (HEADER);
  g_autoptr(GError) error = NULL;
  g_autoptr(RamoSessionManager) manager = NULL;
  g_autoptr(RamoProjection) projection = NULL;
  g_autofree char *dump = NULL;

  for (guint i = 0; i < 100000; i++)
    {
      if (i == 0)
        g_string_append (text, MSG ("e0", "null", "m"));
      else
        g_string_append_printf (text, "{\"type\":\"message\",\"id\":\"e%u\",\"parentId\":\"e%u\",\"timestamp\":"
                                "\"2026-01-01T00:00:01.000Z\",\"message\":{\"role\":\"user\",\"content\":\"m\"}}\n", i, i - 1);
    }
  manager = open_bytes (text->str, text->len, &error, NULL);
  g_assert_no_error (error);
  g_assert_cmpuint (ramo_session_manager_get_entry (manager, "e99999")->depth, ==, 99999);
  projection = ramo_projection_new (manager);
  g_assert_cmpuint (g_list_model_get_n_items (ramo_projection_get_roots (projection)), ==, 100000);
  dump = ramo_projection_to_text (projection);
  g_assert_cmpuint (ramo_test_count_lines (dump), ==, 100001);
}

static void
test_label_on_missing_target (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(RamoSessionManager) manager = open_bytes (
    HEADER MSG ("a", "null", "root")
    "{\"type\":\"label\",\"id\":\"l\",\"parentId\":\"a\",\"timestamp\":\"2026-01-01T00:00:02.000Z\",\"targetId\":\"ghost\",\"label\":\"boo\"}\n"
    "{\"type\":\"compaction\",\"id\":\"k\",\"parentId\":\"l\",\"timestamp\":\"2026-01-01T00:00:03.000Z\",\"summary\":\"s\",\"firstKeptEntryId\":\"nowhere\",\"tokensBefore\":1}\n",
    -1, &error, NULL);
  g_autoptr(RamoSessionContext) context = NULL;
  g_autoptr(RamoProjection) projection = NULL;

  g_assert_no_error (error);
  g_assert_null (ramo_session_manager_get_entry (manager, "ghost"));
  projection = ramo_projection_new (manager);
  ramo_projection_set_filter (projection, RAMO_FILTER_LABELED_ONLY);
  g_assert_cmpuint (ramo_projection_get_n_visible (projection), ==, 0);
  /* a compaction whose first kept entry does not exist keeps only its summary */
  context = ramo_session_manager_build_session_context (manager);
  g_assert_cmpuint (ramo_session_context_get_n_messages (context), ==, 1);
}

static void
test_future_version (void)
{
  g_autofree char *path = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(RamoSessionManager) manager = open_bytes (
    "{\"type\":\"session\",\"version\":4,\"id\":\"s\",\"timestamp\":\"2026-01-01T00:00:00.000Z\",\"cwd\":\"/w\"}\n"
    MSG ("a", "null", "hi"), -1, &error, &path);
  g_autofree char *before = ramo_test_read_file (path, NULL);
  g_autofree char *after = NULL;

  g_assert_no_error (error);
  g_assert_true (ramo_session_manager_is_read_only (manager));
  g_assert_null (ramo_session_manager_append_label_change (manager, "a", "x", &error));
  g_assert_error (error, RAMO_SESSION_ERROR, RAMO_SESSION_ERROR_READ_ONLY);
  after = ramo_test_read_file (path, NULL);
  g_assert_cmpstr (before, ==, after);
}

static void
assert_write_fails_cleanly (RamoSessionManager *manager,
                            const char         *path,
                            const char         *before,
                            gint                code)
{
  g_autoptr(GError) error = NULL;
  const char *leaf = ramo_session_manager_get_leaf_id (manager);
  g_autofree char *leaf_before = g_strdup (leaf);
  guint n = ramo_session_manager_get_n_entries (manager);
  g_autofree char *id = ramo_session_manager_append_label_change (manager, "a", "x", &error);

  g_assert_null (id);
  g_assert_error (error, RAMO_SESSION_ERROR, code);
  g_assert_nonnull (strstr (error->message, path));
  g_assert_cmpuint (ramo_session_manager_get_n_entries (manager), ==, n);
  g_assert_cmpstr (ramo_session_manager_get_leaf_id (manager), ==, leaf_before);
  g_assert_null (ramo_session_manager_get_label (manager, "a"));
  if (before)
    {
      g_autofree char *after = ramo_test_read_file (path, NULL);
      g_assert_cmpstr (before, ==, after);
    }
}

static void
test_unwritable (void)
{
  g_autofree char *path = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(RamoSessionManager) manager = open_bytes (HEADER MSG ("a", "null", "hi"), -1, &error, &path);
  g_autofree char *before = ramo_test_read_file (path, NULL);
  g_autoptr(RamoSessionContext) context = NULL;
  struct rlimit old_limit, limit;

  g_assert_no_error (error);

  /* CI runs as root, so file modes would not stop a write: limit the file size instead
   * (as a full disk would), then replace the file by a folder. */
  signal (SIGXFSZ, SIG_IGN);
  getrlimit (RLIMIT_FSIZE, &old_limit);
  limit = old_limit;
  limit.rlim_cur = strlen (before);
  setrlimit (RLIMIT_FSIZE, &limit);
  assert_write_fails_cleanly (manager, path, before, RAMO_SESSION_ERROR_IO);
  setrlimit (RLIMIT_FSIZE, &old_limit);

  /* another program replaced the file (as pi's migration does): Ramo refuses to write */
  {
    g_autofree char *grown = g_strconcat (before, MSG ("z", "\"a\"", "from pi"), NULL);
    g_file_set_contents (path, grown, -1, NULL);
    assert_write_fails_cleanly (manager, path, grown, RAMO_SESSION_ERROR_CHANGED);
  }

  g_assert_cmpint (g_unlink (path), ==, 0);
  g_assert_cmpint (g_mkdir (path, 0700), ==, 0);
  assert_write_fails_cleanly (manager, path, NULL, RAMO_SESSION_ERROR_CHANGED);

  /* viewing still works from what was read */
  context = ramo_session_manager_build_session_context (manager);
  g_assert_cmpuint (ramo_session_context_get_n_messages (context), ==, 1);
  g_rmdir (path);
}

static void
test_odd_fields (void)
{
  /* ids and parentIds that are not strings, unknown types and fields */
  g_autoptr(GError) error = NULL;
  g_autoptr(RamoSessionManager) manager = open_bytes (
    HEADER MSG ("a", "null", "root")
    "{\"type\":\"message\",\"id\":7,\"parentId\":\"a\",\"timestamp\":\"2026-01-01T00:00:02.000Z\",\"message\":{\"role\":\"user\",\"content\":\"numeric id\"}}\n"
    "{\"type\":\"message\",\"id\":\"n\",\"parentId\":12,\"timestamp\":\"2026-01-01T00:00:03.000Z\",\"message\":{\"role\":\"user\",\"content\":\"numeric parent\"}}\n"
    "{\"type\":\"archive\",\"id\":\"u\",\"parentId\":\"a\",\"timestamp\":\"2026-01-01T00:00:04.000Z\",\"whatever\":[1,2,{\"x\":null}]}\n",
    -1, &error, NULL);
  g_autoptr(RamoProjection) projection = NULL;

  g_assert_no_error (error);
  g_assert_cmpuint (ramo_session_manager_get_n_entries (manager), ==, 4);
  g_assert_true (ramo_session_manager_get_entry_at (manager, 1)->flags & RAMO_ENTRY_FLAG_SYNTHETIC_ID);
  g_assert_null (ramo_session_manager_get_entry (manager, "n")->parent);
  g_assert_cmpstr (ramo_entry_get_type_name (ramo_session_manager_get_entry (manager, "u")), ==, "archive");
  projection = ramo_projection_new (manager);
  g_assert_false (ramo_projection_is_visible (projection, ramo_session_manager_get_entry (manager, "u")));
  ramo_projection_set_filter (projection, RAMO_FILTER_ALL);
  g_assert_true (ramo_projection_is_visible (projection, ramo_session_manager_get_entry (manager, "u")));
}

static void
test_fifo_and_deep (void)
{
  g_autofree char *dir = ramo_test_tmpdir ();
  g_autofree char *fifo = g_build_filename (dir, "fifo.jsonl", NULL);
  g_autoptr(GString) deep = g_string_new (HEADER);
  g_autoptr(GError) error = NULL;
  g_autoptr(RamoSessionManager) none = NULL;
  g_autoptr(RamoSessionManager) manager = NULL;

  /* a FIFO is refused at once instead of waiting for a writer */
  g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);
  none = ramo_session_manager_open (fifo, &error);
  g_assert_null (none);
  g_assert_error (error, RAMO_SESSION_ERROR, RAMO_SESSION_ERROR_IO);
  g_clear_error (&error);

  /* a line nested 100,000 levels deep is read as pi's JSON.parse reads it, never recursed into */
  g_string_append (deep, "{\"type\":\"custom\",\"id\":\"d\",\"parentId\":null,\"data\":");
  for (guint i = 0; i < 100000; i++)
    g_string_append_c (deep, '[');
  for (guint i = 0; i < 100000; i++)
    g_string_append_c (deep, ']');
  g_string_append (deep, "}\n" MSG ("a", "null", "after"));
  g_string_append (deep, MSG ("b", "\"d\"", "child of the deep one"));
  manager = open_bytes (deep->str, deep->len, &error, NULL);
  g_assert_no_error (error);
  g_assert_nonnull (ramo_session_manager_get_entry (manager, "d"));
  g_assert_nonnull (ramo_session_manager_get_entry (manager, "a"));
  /* its child is not orphaned */
  g_assert_cmpstr (ramo_session_manager_get_entry (manager, "b")->parent_id, ==, "d");
  g_assert_cmpuint (ramo_session_manager_get_issues (manager)->len, ==, 0);
  {
    /* its body as a json-glib tree: made, and freed, without recursing 100,000 levels */
    g_autoptr(JsonNode) body = ramo_session_manager_read_entry (manager, ramo_session_manager_get_entry (manager, "d"), &error);

    g_assert_no_error (error);
    g_assert_true (JSON_NODE_HOLDS_ARRAY (json_object_get_member (json_node_get_object (body), "data")));
  }
}

/* Bodies json-glib cannot hold: the window still reads them (U+FFFD where a C string cannot
 * hold the text, nothing cut short), and context --json writes them exactly as pi does. */
static void
test_escaped_bodies (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(RamoSessionManager) manager = open_bytes (
    HEADER
    "{\"type\":\"message\",\"id\":\"a\",\"parentId\":null,\"timestamp\":\"2026-01-01T00:00:01.000Z\","
    "\"message\":{\"role\":\"user\",\"content\":\"x\\u0000y\\ud800z\\\"\",\"n\":12345678901234567890,\"m\":1e400}}\n"
    "{\"type\":\"message\",\"id\":\"b\",\"parentId\":\"a\",\"timestamp\":\"2026-01-01T00:00:02.000Z\","
    "\"message\":{\"role\":\"assistant\",\"content\":[{\"type\":\"text\",\"text\":\"\\udc00\\\"\"}],"
    "\"provider\":\"p\\u0000q\",\"model\":\"m\\ud800\",\"stopReason\":\"stop\"}}\n",
    -1, &error, NULL);
  g_autoptr(RamoSessionContext) context = NULL;
  g_autoptr(JsonNode) node = NULL;
  g_autoptr(JsonNode) message = NULL;
  g_autofree char *json = NULL;
  JsonObject *body;

  g_assert_no_error (error);
  g_assert_cmpuint (ramo_session_manager_get_n_entries (manager), ==, 2);

  node = ramo_session_manager_read_entry (manager, ramo_session_manager_get_entry (manager, "a"), &error);
  g_assert_no_error (error);
  body = json_object_get_object_member (json_node_get_object (node), "message");
  g_assert_cmpstr (json_object_get_string_member (body, "content"), ==,
                   "x\xEF\xBF\xBDy\xEF\xBF\xBDz\"");
  g_assert_cmpfloat (json_object_get_double_member (body, "n"), ==, 12345678901234567890.0);

  context = ramo_session_manager_build_session_context (manager);
  message = ramo_session_context_dup_message (context, 1, &error);
  g_assert_no_error (error);
  g_assert_nonnull (message);

  json = ramo_session_context_to_json (context, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (json, ==,
                   "{\"leafId\":\"b\",\"thinkingLevel\":\"off\",\"model\":{\"provider\":\"p\\u0000q\",\"modelId\":\"m\\ud800\"},"
                   "\"messages\":[{\"role\":\"user\",\"content\":\"x\\u0000y\\ud800z\\\"\",\"n\":12345678901234567000,\"m\":null},"
                   "{\"role\":\"assistant\",\"content\":[{\"type\":\"text\",\"text\":\"\\udc00\\\"\"}],"
                   "\"provider\":\"p\\u0000q\",\"model\":\"m\\ud800\",\"stopReason\":\"stop\"}],"
                   "\"mode\":\"none\",\"injectedTtsrRules\":[]}");
}

/* Every version value pi compares as `version >= 3`, `version < 2`, `version < 3` (JavaScript
 * ToNumber): read as pi reads it; no float→int conversion of NaN or of huge values (this ran
 * under UBSan); a version that is not a number or is newer opens read-only with a warning. */
static void
test_odd_versions (void)
{
  static const struct { const char *version; guint file_version; gboolean read_only; } cases[] = {
    { "\"nan\"", 3, TRUE },
    { "\"NaN\"", 3, TRUE },
    { "\"3abc\"", 3, TRUE },
    { "\"inf\"", 3, TRUE },
    { "{}", 3, TRUE },
    { "[1,2]", 3, TRUE },
    { "[true]", 3, TRUE },
    { "1e400", 1000, TRUE },
    { "\"Infinity\"", 1000, TRUE },
    { "4294967296", 1000, TRUE },
    { "3.5", 4, TRUE },
    { "-1e400", 1, FALSE },
    { "-5", 1, FALSE },
    { "1.5", 1, FALSE },
    { "2.5", 2, FALSE },
    { "\"2\"", 2, FALSE },
    { "\" 2\\n\"", 2, FALSE },
    { "\"0x2\"", 2, FALSE },
    { "\"\"", 1, FALSE },
    { "null", 1, FALSE },
    { "true", 1, FALSE },
    { "false", 1, FALSE },
    { "[]", 1, FALSE },
    { "[2]", 2, FALSE },
    { "[[\"3\"]]", 3, FALSE },
    { "\"3\"", 3, FALSE },
    { "3.0", 3, FALSE },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *text = g_strdup_printf (
        "{\"type\":\"session\",\"version\":%s,\"id\":\"s\",\"timestamp\":\"2026-01-01T00:00:00.000Z\",\"cwd\":\"/w\"}\n"
        MSG ("a", "null", "hi")
        "{\"type\":\"message\",\"id\":\"b\",\"parentId\":\"a\",\"timestamp\":\"2026-01-01T00:00:02.000Z\","
        "\"message\":{\"role\":\"hookMessage\",\"customType\":\"h\",\"content\":\"x\",\"display\":true}}\n",
        cases[i].version);
      g_autoptr(GError) error = NULL;
      g_autoptr(RamoSessionManager) manager = open_bytes (text, -1, &error, NULL);
      GPtrArray *issues;

      g_test_message ("version %s", cases[i].version);
      g_assert_no_error (error);
      g_assert_cmpuint (ramo_session_manager_get_file_version (manager), ==, cases[i].file_version);
      g_assert_cmpint (ramo_session_manager_is_read_only (manager), ==, cases[i].read_only);
      issues = ramo_session_manager_get_issues (manager);
      if (cases[i].read_only)
        {
          RamoLoadIssue *issue = g_ptr_array_index (issues, 0);
          g_autofree char *id = NULL;

          g_assert_cmpuint (issue->line, ==, 1);
          g_assert_nonnull (strstr (issue->message, cases[i].version));
          g_assert_nonnull (strstr (issue->message, "read-only"));
          id = ramo_session_manager_append_label_change (manager, "a", "x", &error);
          g_assert_null (id);
          g_assert_error (error, RAMO_SESSION_ERROR, RAMO_SESSION_ERROR_READ_ONLY);
          g_assert_nonnull (strstr (error->message, cases[i].version));
        }
      else
        g_assert_cmpuint (issues->len, ==, 0);

      /* ids as written, except for a v1 file, whose ids the migration makes */
      g_assert_cmpint (ramo_session_manager_get_entry (manager, "a") != NULL, ==, cases[i].file_version >= 2);
      /* pi renames hookMessage only when it runs the v2→v3 migration */
      g_assert_cmpstr (ramo_entry_get_role_name (ramo_session_manager_get_entry_at (manager, 1)), ==,
                       cases[i].file_version < 3 ? "custom" : "hookMessage");
      /* a custom message either way (pi's context reads it as one) */
      g_assert_cmpint (ramo_session_manager_get_entry_at (manager, 1)->role, ==, RAMO_MESSAGE_ROLE_CUSTOM);
    }

  {
    /* a type and a role written with escapes are the same names */
    static const char escaped[] =
      "{\"type\":\"session\",\"version\":3,\"id\":\"s\",\"timestamp\":\"2026-01-01T00:00:00.000Z\",\"cwd\":\"/w\"}\n"
      "{\"type\":\"m\\u0065ssage\",\"id\":\"a\",\"parentId\":null,\"timestamp\":\"2026-01-01T00:00:01.000Z\","
      "\"message\":{\"role\":\"\\u0075ser\",\"content\":\"hi\"}}\n";
    g_autoptr(GError) error = NULL;
    g_autoptr(RamoSessionManager) manager = open_bytes (escaped, -1, &error, NULL);
    RamoEntry *entry;

    g_assert_no_error (error);
    entry = ramo_session_manager_get_entry (manager, "a");
    g_assert_cmpint (entry->type, ==, RAMO_ENTRY_TYPE_MESSAGE);
    g_assert_cmpint (entry->role, ==, RAMO_MESSAGE_ROLE_USER);
    g_assert_cmpstr (ramo_entry_get_role_name (entry), ==, "user");
  }
}


/* A full first block of lines, then a 10 GiB hole: the room made in the index by id from the
 * first block's share of the file is capped (32 MiB of slots), and the lines after the hole are
 * read. */
static void
test_sparse_after_block (void)
{
  g_autofree char *dir = ramo_test_tmpdir ();
  g_autofree char *path = g_build_filename (dir, "sparse-block.jsonl", NULL);
  g_autoptr(GString) text = g_string_new (HEADER MSG ("m0", "null", "first"));
  static const char after[] = "\n" MSG ("z", "\"m1\"", "after the zeros");
  g_autoptr(RamoSessionManager) manager = NULL;
  g_autoptr(GError) error = NULL;
  guint n = 1;
  int fd;

  /* 3 MiB of lines: the first block is full */
  while (text->len < 3 * 1024 * 1024)
    {
      g_autofree char *id = g_strdup_printf ("m%u", n);
      g_autofree char *parent = g_strdup_printf ("\"m%u\"", n - 1);

      g_string_append_printf (text, "{\"type\":\"message\",\"id\":\"%s\",\"parentId\":%s,"
                              "\"timestamp\":\"2026-01-01T00:00:01.000Z\",\"message\":{\"role\":\"user\","
                              "\"content\":\"line\"}}\n", id, parent);
      n++;
    }
  fd = g_open (path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
  g_assert_cmpint (fd, >=, 0);
  g_assert_cmpint (write (fd, text->str, text->len), ==, (gssize) text->len);
  g_assert_cmpint (lseek (fd, (off_t) 10 << 30, SEEK_CUR), >, 0);
  g_assert_cmpint (write (fd, after, strlen (after)), ==, (gssize) strlen (after));
  close (fd);

  manager = ramo_session_manager_open (path, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (ramo_session_manager_get_n_entries (manager), ==, n + 1);
  g_assert_nonnull (ramo_session_manager_get_entry (manager, "z"));
  g_assert_cmpuint (_ramo_id_index_capacity (manager->by_id), <=, 4u << 20);
}

/* A 10 GiB file of almost only zero bytes (a sparse file: holes hold no line end): the line of
 * zeros is skipped without being held, in a bounded time and memory, and what follows it is
 * read; a file of only zeros is refused with a clear error. */
static void
test_sparse_zeros (void)
{
  g_autofree char *dir = ramo_test_tmpdir ();
  g_autofree char *path = g_build_filename (dir, "sparse.jsonl", NULL);
  g_autofree char *zeros = g_build_filename (dir, "zeros.jsonl", NULL);
  static const char before[] = HEADER MSG ("a", "null", "before");
  static const char after[] = "\n" MSG ("b", "\"a\"", "after the zeros");
  g_autoptr(RamoSessionManager) manager = NULL;
  g_autoptr(RamoSessionManager) none = NULL;
  g_autoptr(GError) error = NULL;
  RamoLoadIssue *issue;
  int fd;

  fd = g_open (path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
  g_assert_cmpint (fd, >=, 0);
  g_assert_cmpint (write (fd, before, strlen (before)), ==, (gssize) strlen (before));
  g_assert_cmpint (lseek (fd, (off_t) 10 << 30, SEEK_CUR), >, 0);
  g_assert_cmpint (write (fd, after, strlen (after)), ==, (gssize) strlen (after));
  close (fd);

  manager = ramo_session_manager_open (path, &error);
  g_assert_no_error (error);
  g_assert_nonnull (ramo_session_manager_get_entry (manager, "a"));
  g_assert_nonnull (ramo_session_manager_get_entry (manager, "b"));
  /* the file's size foretells nothing of its ids: no room made for 10 GiB of them */
  g_assert_cmpuint (_ramo_id_index_capacity (manager->by_id), <=, 1024);
  g_assert_cmpstr (ramo_session_manager_get_leaf_id (manager), ==, "b");
  g_assert_cmpuint (ramo_session_manager_get_issues (manager)->len, ==, 1);
  issue = g_ptr_array_index (ramo_session_manager_get_issues (manager), 0);
  g_assert_cmpuint (issue->line, ==, 3);
  g_assert_nonnull (strstr (issue->message, "NUL"));
  g_assert_cmpuint (ramo_session_manager_get_entry (manager, "b")->line, ==, 4);

  /* zeros only: no header, said so */
  fd = g_open (zeros, O_WRONLY | O_CREAT | O_TRUNC, 0600);
  g_assert_cmpint (fd, >=, 0);
  g_assert_cmpint (ftruncate (fd, (off_t) 10 << 30), ==, 0);
  close (fd);
  none = ramo_session_manager_open (zeros, &error);
  g_assert_null (none);
  g_assert_nonnull (error);
  g_assert_nonnull (strstr (error->message, "header"));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/Core/BadInput/empty", test_empty);
  g_test_add_func ("/Core/BadInput/header-only", test_header_only);
  g_test_add_func ("/Core/BadInput/broken-headers", test_broken_headers);
  g_test_add_func ("/Core/BadInput/no-header-reads-as-with-header", test_no_header_reads_as_with_header);
  g_test_add_func ("/Core/BadInput/no-entries", test_no_entries);
  g_test_add_func ("/Core/BadInput/title-slot", test_title_slot);
  g_test_add_func ("/Core/BadInput/broken-lines", test_broken_lines);
  g_test_add_func ("/Core/BadInput/crlf-and-bom", test_crlf_and_bom);
  g_test_add_func ("/Core/BadInput/invalid-utf8-and-nul", test_invalid_utf8_and_nul);
  g_test_add_func ("/Core/BadInput/huge-line", test_huge_line);
  g_test_add_func ("/Core/BadInput/duplicate-ids", test_duplicate_ids);
  g_test_add_func ("/Core/BadInput/duplicate-first-flush", test_duplicate_first_flush);
  g_test_add_func ("/Core/BadInput/duplicate-moves", test_duplicate_moves);
  g_test_add_func ("/Core/BadInput/duplicate-cycle-and-leaf", test_duplicate_cycle_and_leaf);
  g_test_add_func ("/Core/BadInput/duplicate-appended", test_duplicate_appended);
  g_test_add_func ("/Core/BadInput/cycle", test_cycle);
  g_test_add_func ("/Core/BadInput/deep-chain", test_deep_chain);
  g_test_add_func ("/Core/BadInput/label-on-missing-target", test_label_on_missing_target);
  g_test_add_func ("/Core/BadInput/future-version", test_future_version);
  g_test_add_func ("/Core/BadInput/unwritable", test_unwritable);
  g_test_add_func ("/Core/BadInput/odd-fields", test_odd_fields);
  g_test_add_func ("/Core/BadInput/fifo-and-deep", test_fifo_and_deep);
  g_test_add_func ("/Core/BadInput/escaped-bodies", test_escaped_bodies);
  g_test_add_func ("/Core/BadInput/odd-versions", test_odd_versions);
  g_test_add_func ("/Core/BadInput/sparse-after-block", test_sparse_after_block);
  g_test_add_func ("/Core/BadInput/sparse-zeros", test_sparse_zeros);
  return g_test_run ();
}

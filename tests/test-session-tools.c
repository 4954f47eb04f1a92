/* test-session-tools.c — the tool-call index (files touched) and the search's fields, without GTK
 *
 * Copyright 2026 The Ramo authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "ramo-projection.h"
#include "ramo-session-manager.h"
#include "ramo-tool-calls.h"
#include "ramo-test-util.h"

#include "ramo-test-tools-session.h"

static RamoSessionManager *
open_text (const char *text,
           char      **path_out)
{
  g_autofree char *path = ramo_test_write_file ("tools.jsonl", text, -1);
  g_autoptr(GError) error = NULL;
  RamoSessionManager *manager = ramo_session_manager_open (path, &error);

  g_assert_no_error (error);
  if (path_out)
    *path_out = g_steal_pointer (&path);
  return manager;
}

/* "path:RWE!errors" for each file, in order */
static char *
describe_files (RamoSessionManager *manager,
                RamoFilesScope      scope,
                const char         *id)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) files = ramo_session_manager_dup_files (manager, scope, id, &error);
  GString *out = g_string_new (NULL);

  g_assert_no_error (error);
  for (guint i = 0; i < files->len; i++)
    {
      const RamoFileTouch *touch = &g_array_index (files, RamoFileTouch, i);

      g_string_append_printf (out, "%s%s:%u%u%u!%u", i ? " " : "", touch->path,
                              touch->n_read, touch->n_write, touch->n_edit, touch->n_errors);
    }
  return g_string_free (out, FALSE);
}

static void
test_files (void)
{
  g_autoptr(RamoSessionManager) manager = open_text (session, NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) none = NULL;
  g_autofree char *whole = describe_files (manager, RAMO_FILES_SESSION, NULL);
  g_autofree char *first = describe_files (manager, RAMO_FILES_SUBTREE, "u2");
  g_autofree char *second = describe_files (manager, RAMO_FILES_SUBTREE, "u3");
  g_autofree char *path = describe_files (manager, RAMO_FILES_PATH, "r2");
  g_autofree char *all_below = describe_files (manager, RAMO_FILES_SUBTREE, "u1");

  /* src/a.c: read by c1, edited by c3 (failed), read by the nested call of r4; the grep's
   * folder and the empty path are no files */
  g_assert_cmpstr (whole, ==, "docs/b.md:010!0 src/a.c:201!1 src/c.c:100!0");
  g_assert_cmpstr (all_below, ==, whole);
  g_assert_cmpstr (first, ==, "docs/b.md:010!0 src/a.c:001!1");
  g_assert_cmpstr (second, ==, "src/a.c:100!0 src/c.c:100!0");
  g_assert_cmpstr (path, ==, "src/a.c:100!0");

  none = ramo_session_manager_dup_files (manager, RAMO_FILES_SUBTREE, "nothing", &error);
  g_assert_error (error, RAMO_SESSION_ERROR, RAMO_SESSION_ERROR_NOT_FOUND);
  g_assert_null (none);
}

static char *
ids_of (GPtrArray *entries)
{
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < entries->len; i++)
    g_string_append_printf (out, "%s%s", i ? " " : "", ((RamoEntry *) g_ptr_array_index (entries, i))->id);
  return g_string_free (out, FALSE);
}

static void
test_calls (void)
{
  g_autoptr(RamoSessionManager) manager = open_text (session, NULL);
  RamoEntry *a1 = ramo_session_manager_get_entry (manager, "a1");
  RamoEntry *a3 = ramo_session_manager_get_entry (manager, "a3");
  g_autoptr(GPtrArray) touching = ramo_session_manager_dup_entries_touching (manager, "src/a.c");
  g_autoptr(GPtrArray) nothing = ramo_session_manager_dup_entries_touching (manager, "src/");
  g_autofree char *ids = ids_of (touching);
  const char *path = NULL;
  RamoToolAccess access;
  int is_error;

  g_assert_cmpstr (ids, ==, "a1 a2 r4");
  g_assert_cmpuint (nothing->len, ==, 0);

  g_assert_cmpuint (ramo_session_manager_get_n_tool_calls (manager, a1), ==, 2);
  g_assert_cmpstr (ramo_session_manager_get_tool_call (manager, a1, 0, &path, &access, &is_error), ==, "read");
  g_assert_cmpstr (path, ==, "src/a.c");
  g_assert_cmpint (access, ==, RAMO_TOOL_ACCESS_READ);
  g_assert_cmpint (is_error, ==, 0);
  g_assert_cmpstr (ramo_session_manager_get_tool_call (manager, a1, 1, &path, &access, &is_error), ==, "bash");
  g_assert_null (path);
  g_assert_cmpint (is_error, ==, 1);

  g_assert_cmpuint (ramo_session_manager_get_n_tool_calls (manager, a3), ==, 3);
  g_assert_cmpstr (ramo_session_manager_get_tool_call (manager, a3, 0, &path, &access, &is_error), ==, "read");
  g_assert_cmpstr (path, ==, "src/c.c");
  g_assert_cmpint (is_error, ==, -1);
  g_assert_cmpstr (ramo_session_manager_get_tool_call (manager, a3, 1, &path, &access, &is_error), ==, "grep");
  g_assert_cmpstr (path, ==, "src/");
  g_assert_cmpint (access, ==, RAMO_TOOL_ACCESS_NONE);
  g_assert_cmpint (is_error, ==, 0);
  g_assert_cmpuint (ramo_session_manager_get_n_tool_calls (manager, ramo_session_manager_get_entry (manager, "u1")), ==, 0);
}

static void
append (const char *path,
        const char *text)
{
  FILE *f = fopen (path, "a");

  g_assert_nonnull (f);
  fputs (text, f);
  fclose (f);
}

/* Lines appended live: their calls indexed, a result coming later marks its call */
static void
test_files_live (void)
{
  g_autofree char *path = NULL;
  g_autoptr(RamoSessionManager) manager = open_text (session, &path);
  g_autoptr(RamoProjection) projection = ramo_projection_new (manager);
  g_autoptr(GError) error = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_autofree char *answered = NULL;

  ramo_projection_set_search (projection, "path:new.c");
  g_assert_cmpuint (ramo_projection_get_n_visible (projection), ==, 0);

  append (path, CALLS ("a4", "r4", "4", "more", CALL ("c8", "write", "{\"path\":\"src/new.c\"}")));
  g_assert_cmpint (ramo_session_manager_refresh (manager, &error), ==, 1);
  g_assert_no_error (error);
  before = describe_files (manager, RAMO_FILES_SUBTREE, "a4");
  g_assert_cmpstr (before, ==, "src/new.c:010!0");
  ramo_projection_update (projection);
  g_assert_true (ramo_projection_is_visible (projection, ramo_session_manager_get_entry (manager, "a4")));

  append (path, RESULT ("r5", "a4", "4", "c8", "write", "true", ""));
  g_assert_cmpint (ramo_session_manager_refresh (manager, &error), ==, 1);
  answered = describe_files (manager, RAMO_FILES_SUBTREE, "a4");
  g_assert_cmpstr (answered, ==, "src/new.c:010!1");
  ramo_projection_update (projection);
  g_assert_true (ramo_projection_is_visible (projection, ramo_session_manager_get_entry (manager, "r5")));
  after = describe_files (manager, RAMO_FILES_PATH, "r5");
  g_assert_cmpstr (after, ==, "src/a.c:100!0 src/c.c:100!0 src/new.c:010!1");
}

/* The ids of the entries the search shows, in file order */
static char *
visible (RamoSessionManager *manager,
         RamoProjection     *projection)
{
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < ramo_session_manager_get_n_entries (manager); i++)
    {
      RamoEntry *entry = ramo_session_manager_get_entry_at (manager, i);

      if (ramo_projection_is_visible (projection, entry))
        g_string_append_printf (out, "%s%s", out->len ? " " : "", entry->id);
    }
  return g_string_free (out, FALSE);
}

static void
check_search (RamoSessionManager *manager,
              RamoProjection     *typing,
              const char         *search,
              const char         *expected)
{
  g_autoptr(RamoProjection) fresh = ramo_projection_new (manager);
  g_autofree char *got = NULL;
  g_autofree char *got_fresh = NULL;

  /* typed one character at a time (the caches kept from keystroke to keystroke), and at once */
  for (gsize i = 1; i <= strlen (search); i++)
    {
      g_autofree char *prefix = g_strndup (search, i);

      ramo_projection_set_search (typing, prefix);
    }
  ramo_projection_set_filter (fresh, ramo_projection_get_filter (typing));
  ramo_projection_set_search (fresh, search);
  got = visible (manager, typing);
  got_fresh = visible (manager, fresh);
  g_assert_cmpstr (got, ==, expected);
  g_assert_cmpstr (got_fresh, ==, expected);
  g_assert_null (ramo_projection_get_search_error (fresh));
}

static void
test_fields (void)
{
  g_autoptr(RamoSessionManager) manager = open_text (session, NULL);
  g_autoptr(RamoProjection) projection = ramo_projection_new (manager);

  ramo_projection_set_filter (projection, RAMO_FILTER_ALL);
  check_search (manager, projection, "role:user", "u1 u2 u3");
  check_search (manager, projection, "role:tool", "r1 r2 r3 r4");
  check_search (manager, projection, "role:label", "l1");
  check_search (manager, projection, "tool:bash", "a1 r2");
  check_search (manager, projection, "tool:READ", "a1 r1 a3 r4");
  check_search (manager, projection, "path:src/a", "a1 r1 a2 r3 r4");
  check_search (manager, projection, "path:src/", "a1 r1 a2 r3 a3 r4");
  check_search (manager, projection, "path:\"docs/b\"", "a2");
  check_search (manager, projection, "label:attempt", "a2");
  check_search (manager, projection, "label:nothing", "");
  check_search (manager, projection, "after:2026-03-02", "u2 a2 r3 l1 u3 a3 r4");
  check_search (manager, projection, "after:2026-03-02 before:2026-03-03", "u2 a2 r3 l1");
  check_search (manager, projection, "before:2026-03-02T10:00:01.500Z", "u1 a1 r1 r2 u2 a2");
  check_search (manager, projection, "/^user: .*(edit it|way)$/", "u2 u3");
  check_search (manager, projection, "role:user \"another way\"", "u3");
  check_search (manager, projection, "role:assistant path:src/ ing", "a1 a2 a3");
  check_search (manager, projection, "tool:edit role:tool", "r3");
  /* a field with no value yet asks nothing */
  check_search (manager, projection, "path: role:assistant", "a1 a2 a3");
  /* plain terms as always: "role" is text here */
  check_search (manager, projection, "window", "u1");
}

static void
test_field_errors (void)
{
  g_autoptr(RamoSessionManager) manager = open_text (session, NULL);
  g_autoptr(RamoProjection) projection = ramo_projection_new (manager);
  const GError *error;
  g_autofree char *shown = NULL;

  ramo_projection_set_filter (projection, RAMO_FILTER_ALL);
  ramo_projection_set_search (projection, "role:user /fix(/");
  error = ramo_projection_get_search_error (projection);
  g_assert_nonnull (error);
  g_assert_true (g_error_matches (error, RAMO_SEARCH_ERROR, RAMO_SEARCH_ERROR_BAD_REGEX));
  /* the word left out, the rest applies */
  shown = visible (manager, projection);
  g_assert_cmpstr (shown, ==, "u1 u2 u3");

  ramo_projection_set_search (projection, "before:someday");
  error = ramo_projection_get_search_error (projection);
  g_assert_true (g_error_matches (error, RAMO_SEARCH_ERROR, RAMO_SEARCH_ERROR_BAD_DATE));
  g_assert_cmpstr (error->message, ==, "someday");

  ramo_projection_set_search (projection, "role:user");
  g_assert_null (ramo_projection_get_search_error (projection));
}

int
main (int   argc,
      char *argv[])
{
  /* before:/after: dates are local: the test's are UTC */
  g_setenv ("TZ", "UTC", TRUE);
  tzset ();
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/session-tools/files", test_files);
  g_test_add_func ("/session-tools/calls", test_calls);
  g_test_add_func ("/session-tools/files-live", test_files_live);
  g_test_add_func ("/session-tools/search-fields", test_fields);
  g_test_add_func ("/session-tools/search-errors", test_field_errors);
  return g_test_run ();
}

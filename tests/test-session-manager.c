/* test-session-manager.c — RamoSessionManager: reading, indexes, appends, branching, migration
 *
 * Copyright 2026 The Ramo authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <sys/stat.h>
#include <time.h>
#include <utime.h>

#include "ramo-json.h"
#include "ramo-session-context.h"
#include "ramo-session-manager-private.h"
#include "ramo-test-util.h"

#define HEADER "{\"type\":\"session\",\"version\":3,\"id\":\"s-1\",\"timestamp\":\"2026-01-01T00:00:00.000Z\",\"cwd\":\"/w\"}\n"
#define MSG(id, parent, ts, role, text) \
  "{\"type\":\"message\",\"id\":\"" id "\",\"parentId\":" parent ",\"timestamp\":\"" ts "\"," \
  "\"message\":{\"role\":\"" role "\",\"content\":\"" text "\"}}\n"

static RamoSessionManager *
open_text (const char  *text,
           char       **path_out)
{
  g_autofree char *path = ramo_test_write_file ("s.jsonl", text, -1);
  g_autoptr(GError) error = NULL;
  RamoSessionManager *manager = ramo_session_manager_open (path, &error);

  g_assert_no_error (error);
  g_assert_nonnull (manager);
  if (path_out)
    *path_out = g_steal_pointer (&path);
  return manager;
}

static char *
ids_of (GPtrArray *entries)
{
  GString *out = g_string_new (NULL);

  for (guint i = 0; entries && i < entries->len; i++)
    {
      if (i)
        g_string_append_c (out, ' ');
      g_string_append (out, ((RamoEntry *) g_ptr_array_index (entries, i))->id);
    }
  return g_string_free (out, FALSE);
}

static char *
children_ids (RamoSessionManager *manager,
              const char         *parent_id)
{
  g_autoptr(GPtrArray) children = _ramo_session_manager_get_children (manager, parent_id);

  return ids_of (children);
}

static void
test_example (void)
{
  g_autofree char *path = ramo_test_copy_example ();
  g_autoptr(GError) error = NULL;
  g_autoptr(RamoSessionManager) manager = ramo_session_manager_open (path, &error);
  g_autofree char *name = NULL;
  g_autofree char *kids = NULL;
  g_autoptr(GPtrArray) branch = NULL;
  g_autofree char *branch_ids = NULL;

  g_assert_no_error (error);
  g_assert_cmpuint (ramo_session_manager_get_n_entries (manager), ==, 37);
  g_assert_cmpstr (ramo_session_manager_get_leaf_id (manager), ==, "e5000014");
  name = ramo_session_manager_dup_session_name (manager);
  g_assert_cmpstr (name, ==, "Weather CLI: cache API responses");
  g_assert_cmpstr (ramo_session_manager_get_cwd (manager), ==, "/home/user/projects/weather-cli");
  g_assert_cmpuint (ramo_session_manager_get_issues (manager)->len, ==, 0);
  g_assert_cmpuint (ramo_session_manager_get_roots (manager)->len, ==, 1);

  /* children oldest→newest by timestamp */
  kids = children_ids (manager, "a1000006");
  g_assert_cmpstr (kids, ==, "b2000001 c3000001");
  g_clear_pointer (&kids, g_free);
  kids = children_ids (manager, "e5000002");
  g_assert_cmpstr (kids, ==, "f6000001 e5000003");

  g_assert_cmpstr (ramo_session_manager_get_label (manager, "a1000006"), ==, "plan");
  g_assert_cmpstr (ramo_session_manager_get_label (manager, "d4000006"), ==, "json cache works");
  g_assert_null (ramo_session_manager_get_label (manager, "a1000001"));

  branch = ramo_session_manager_dup_branch (manager, "f6000002");
  branch_ids = ids_of (branch);
  g_assert_cmpstr (branch_ids, ==,
                   "5e1f0a01 5e1f0a02 5e1f0a03 a1000001 a1000002 a1000003 a1000004 a1000005 a1000006 "
                   "c3000001 d4000001 d4000002 d4000003 d4000004 d4000005 d4000006 e5000001 e5000002 "
                   "f6000001 f6000002");
  g_assert_cmpuint (ramo_session_manager_get_entry (manager, "f6000002")->depth, ==, 19);
}

static void
test_context (void)
{
  g_autofree char *path = ramo_test_copy_example ();
  g_autoptr(RamoSessionManager) manager = ramo_session_manager_open (path, NULL);
  g_autoptr(RamoSessionContext) context = ramo_session_manager_build_session_context (manager);
  g_autoptr(RamoSessionContext) at_branch = NULL;
  g_autoptr(RamoSessionContext) empty = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) summary = NULL;
  g_autofree char *level = NULL;
  g_autofree char *model = NULL;
  g_autofree char *json = NULL;
  static const RamoContextItemKind expected_kinds[] = {
    RAMO_CONTEXT_ITEM_COMPACTION_SUMMARY, RAMO_CONTEXT_ITEM_MESSAGE, RAMO_CONTEXT_ITEM_MESSAGE,
    RAMO_CONTEXT_ITEM_MESSAGE, RAMO_CONTEXT_ITEM_MESSAGE, RAMO_CONTEXT_ITEM_MESSAGE,
    RAMO_CONTEXT_ITEM_MESSAGE, RAMO_CONTEXT_ITEM_MESSAGE, RAMO_CONTEXT_ITEM_MESSAGE,
    RAMO_CONTEXT_ITEM_MESSAGE,
  };

  /* compaction on the path: its summary, the kept entries from e5000005, then the rest */
  g_assert_cmpuint (ramo_session_context_get_n_messages (context), ==, G_N_ELEMENTS (expected_kinds));
  for (guint i = 0; i < G_N_ELEMENTS (expected_kinds); i++)
    g_assert_cmpint (ramo_session_context_get_kind (context, i), ==, expected_kinds[i]);
  g_assert_cmpstr (ramo_session_context_get_entry (context, 1)->id, ==, "e5000005");
  g_assert_cmpstr (ramo_session_context_get_entry (context, 5)->id, ==, "e5000010");

  level = ramo_session_context_dup_thinking_level (context);
  model = ramo_session_context_dup_model (context);
  g_assert_cmpstr (level, ==, "medium");
  g_assert_cmpstr (model, ==, "anthropic/claude-sonnet-4-5");

  summary = ramo_session_context_dup_message (context, 0, &error);
  g_assert_no_error (error);
  json = ramo_json_to_string (summary);
  g_assert_true (g_str_has_prefix (json, "{\"role\":\"compactionSummary\",\"summary\":\"## Goal"));
  g_assert_true (g_str_has_suffix (json, ",\"tokensBefore\":18420,\"timestamp\":1793611071504}"));

  /* on the aborted branch: a branch summary and no compaction; the custom message is elsewhere */
  at_branch = ramo_session_manager_build_context_at (manager, ramo_session_manager_get_entry (manager, "f6000002"));
  g_assert_cmpuint (ramo_session_context_get_n_messages (at_branch), ==, 15);
  g_assert_cmpint (ramo_session_context_get_kind (at_branch, 6), ==, RAMO_CONTEXT_ITEM_BRANCH_SUMMARY);

  empty = ramo_session_manager_build_context_at (manager, NULL);
  g_assert_cmpuint (ramo_session_context_get_n_messages (empty), ==, 0);
  g_clear_pointer (&json, g_free);
  json = ramo_session_context_to_json (empty, &error);
  g_assert_cmpstr (json, ==, "{\"leafId\":null,\"thinkingLevel\":\"off\",\"model\":null,\"messages\":[],"
                             "\"mode\":\"none\",\"injectedTtsrRules\":[]}");
}

static void
test_children_order (void)
{
  /* equal timestamps keep file order; the roots are in file order; an orphan and a
   * self-parented entry are roots */
  g_autoptr(RamoSessionManager) manager = open_text (
    HEADER
    MSG ("r", "null", "2026-01-01T00:00:01.000Z", "user", "root")
    MSG ("c3", "\"r\"", "2026-01-01T00:00:05.000Z", "user", "late")
    MSG ("c1", "\"r\"", "2026-01-01T00:00:02.000Z", "user", "same 1")
    MSG ("c2", "\"r\"", "2026-01-01T00:00:02.000Z", "user", "same 2")
    MSG ("o", "\"missing\"", "2026-01-01T00:00:03.000Z", "user", "orphan")
    MSG ("s", "\"s\"", "2026-01-01T00:00:04.000Z", "user", "self"),
    NULL);
  g_autofree char *kids = children_ids (manager, "r");
  g_autofree char *roots = ids_of (ramo_session_manager_get_roots (manager));

  g_assert_cmpstr (kids, ==, "c1 c2 c3");
  g_assert_cmpstr (roots, ==, "r o s");
  g_assert_cmpstr (ramo_session_manager_get_leaf_id (manager), ==, "s");
  g_assert_true (ramo_session_manager_get_entry (manager, "o")->flags & RAMO_ENTRY_FLAG_ORPHAN);
}

static void
count_cb (gpointer instance,
          gpointer arg1,
          gpointer data)
{
  (*(guint *) data)++;
}

static void
count2_cb (gpointer instance,
           gpointer arg1,
           gpointer arg2,
           gpointer data)
{
  (*(guint *) data)++;
}

static void
test_appends (void)
{
  g_autofree char *path = NULL;
  g_autoptr(RamoSessionManager) manager = open_text (HEADER MSG ("r", "null", "2026-01-01T00:00:01.000Z", "user", "hi"), &path);
  g_autoptr(GError) error = NULL;
  g_autofree char *before = ramo_test_read_file (path, NULL);
  g_autofree char *after = NULL;
  g_autofree char *label_id = NULL;
  g_autofree char *clear_id = NULL;
  g_autofree char *summary_id = NULL;
  g_autoptr(JsonNode) message = json_from_string ("{\"role\":\"assistant\",\"content\":[{\"type\":\"text\",\"text\":\"hello\"}]}", NULL);
  g_autofree char *msg_id = NULL;
  guint appended = 0, leaf_moves = 0, labels = 0;
  RamoEntry *entry;

  g_signal_connect (manager, "entry-appended", G_CALLBACK (count_cb), &appended);
  g_signal_connect (manager, "leaf-changed", G_CALLBACK (count_cb), &leaf_moves);
  g_signal_connect (manager, "label-changed", G_CALLBACK (count2_cb), &labels);

  label_id = ramo_session_manager_append_label_change (manager, "r", "start", &error);
  g_assert_no_error (error);
  g_assert_true (g_regex_match_simple ("^[0-9a-f]{8}$", label_id, 0, 0));
  g_assert_cmpstr (ramo_session_manager_get_label (manager, "r"), ==, "start");
  g_assert_cmpstr (ramo_session_manager_get_leaf_id (manager), ==, label_id);

  after = ramo_test_read_file (path, NULL);
  g_assert_true (g_str_has_prefix (after, before));
  g_assert_cmpuint (ramo_test_count_lines (after), ==, ramo_test_count_lines (before) + 1);
  g_assert_nonnull (strstr (after + strlen (before), "\"type\":\"label\""));
  g_assert_nonnull (strstr (after + strlen (before), "\"parentId\":\"r\""));
  g_assert_nonnull (strstr (after + strlen (before), "\"targetId\":\"r\",\"label\":\"start\"}\n"));

  clear_id = ramo_session_manager_append_label_change (manager, "r", "", &error);
  g_assert_no_error (error);
  g_assert_null (ramo_session_manager_get_label (manager, "r"));

  g_assert_null (ramo_session_manager_append_label_change (manager, "nope", "x", &error));
  g_assert_error (error, RAMO_SESSION_ERROR, RAMO_SESSION_ERROR_NOT_FOUND);
  g_clear_error (&error);

  msg_id = ramo_session_manager_append_message (manager, message, &error);
  g_assert_no_error (error);
  entry = ramo_session_manager_get_entry (manager, msg_id);
  g_assert_cmpstr (entry->parent_id, ==, clear_id);
  g_assert_cmpstr (entry->display, ==, "assistant: hello");

  /* branch_with_summary(NULL) makes a root; by pi 1.6.0's rules it records the leaf it left
   * as fromId (pi 1.6.0 branchWithSummary(): `fromId = this.leafId ?? "root"`) */
  {
    g_autofree char *left = g_strdup (ramo_session_manager_get_leaf_id (manager));

    g_assert_nonnull (left);
    summary_id = ramo_session_manager_branch_with_summary (manager, NULL, "went back", NULL, FALSE, &error);
    g_assert_no_error (error);
    entry = ramo_session_manager_get_entry (manager, summary_id);
    g_assert_null (entry->parent);
    g_assert_cmpuint (ramo_session_manager_get_roots (manager)->len, ==, 2);
    {
      g_autoptr(JsonNode) node = ramo_session_manager_read_entry (manager, entry, &error);
      g_assert_no_error (error);
      g_assert_cmpstr (json_object_get_string_member (json_node_get_object (node), "fromId"), ==, left);
    }
  }

  /* oh-my-pi 18.2.3 records the branch point ("root" for none) and writes fromExtension */
  ramo_session_manager_set_dialect (manager, RAMO_DIALECT_OMP);
  g_free (summary_id);
  summary_id = ramo_session_manager_branch_with_summary (manager, NULL, "went back again", NULL, TRUE, &error);
  g_assert_no_error (error);
  entry = ramo_session_manager_get_entry (manager, summary_id);
  {
    g_autoptr(JsonNode) node = ramo_session_manager_read_entry (manager, entry, &error);
    JsonObject *object;

    g_assert_no_error (error);
    object = json_node_get_object (node);
    g_assert_cmpstr (json_object_get_string_member (object, "fromId"), ==, "root");
    g_assert_true (json_object_get_boolean_member (object, "fromExtension"));
    g_assert_false (json_object_has_member (object, "fromHook"));
  }
  ramo_session_manager_set_dialect (manager, RAMO_DIALECT_PI);

  g_assert_false (ramo_session_manager_branch (manager, NULL, &error));
  g_assert_error (error, RAMO_SESSION_ERROR, RAMO_SESSION_ERROR_INVALID_ARGUMENT);
  g_clear_error (&error);
  g_assert_false (ramo_session_manager_branch (manager, "nope", &error));
  g_assert_error (error, RAMO_SESSION_ERROR, RAMO_SESSION_ERROR_NOT_FOUND);
  g_clear_error (&error);
  g_assert_true (ramo_session_manager_branch (manager, "r", &error));
  g_assert_cmpstr (ramo_session_manager_get_leaf_id (manager), ==, "r");
  ramo_session_manager_reset_leaf (manager);
  g_assert_null (ramo_session_manager_get_leaf_id (manager));

  g_assert_cmpuint (appended, ==, 5);
  g_assert_cmpuint (labels, ==, 2);
  g_assert_cmpuint (leaf_moves, ==, 7);

  /* what was written reads back the same */
  {
    g_autoptr(RamoSessionManager) again = ramo_session_manager_open (path, &error);

    g_assert_no_error (error);
    g_assert_cmpuint (ramo_session_manager_get_n_entries (again), ==, 6);
    g_assert_null (ramo_session_manager_get_label (again, "r"));
    g_assert_cmpstr (ramo_session_manager_get_leaf_id (again), ==, summary_id);
  }
}

static void
test_torn_last_line (void)
{
  /* a file that does not end in a newline gets one before the new line */
  g_autofree char *path = NULL;
  g_autoptr(RamoSessionManager) manager = open_text (HEADER "{\"type\":\"message\",\"id\":\"r\",\"parentId\":null,"
                                                     "\"timestamp\":\"2026-01-01T00:00:01.000Z\",\"message\":{\"role\":\"user\",\"content\":\"x\"}}",
                                                     &path);
  g_autoptr(GError) error = NULL;
  g_autofree char *id = NULL;
  g_autofree char *text = NULL;
  g_auto(GStrv) lines = NULL;
  struct utimbuf old = { time (NULL) - 60, time (NULL) - 60 };

  /* torn a minute ago: nobody is still writing that line */
  g_assert_cmpint (utime (path, &old), ==, 0);
  id = ramo_session_manager_append_label_change (manager, "r", "x", &error);

  g_assert_no_error (error);
  text = ramo_test_read_file (path, NULL);
  lines = g_strsplit (text, "\n", -1);
  g_assert_cmpuint (g_strv_length (lines), ==, 4);
  g_assert_true (g_str_has_suffix (lines[1], "}}"));
  g_assert_true (g_str_has_prefix (lines[2], "{\"type\":\"label\""));
  g_assert_cmpstr (lines[3], ==, "");
}

static void
test_branched_session (void)
{
  g_autofree char *path = ramo_test_copy_example ();
  g_autoptr(GError) error = NULL;
  g_autoptr(RamoSessionManager) manager = ramo_session_manager_open (path, &error);
  g_autofree char *new_path = NULL;
  g_autofree char *dir = g_path_get_dirname (path);
  g_autofree char *new_dir = NULL;
  g_autofree char *contents = NULL;
  g_auto(GStrv) lines = NULL;
  struct stat st;
  guint n_labels = 0;

  g_assert_true (ramo_session_manager_create_branched_session (manager, "e5000008", &new_path, &error));
  g_assert_no_error (error);
  g_assert_nonnull (new_path);
  new_dir = g_path_get_dirname (new_path);
  g_assert_cmpstr (new_dir, ==, dir);
  g_assert_cmpstr (ramo_session_manager_get_path (manager), ==, new_path);
  g_assert_cmpint (g_stat (new_path, &st), ==, 0);
  g_assert_cmpint (st.st_mode & 0777, ==, 0600);

  g_assert_cmpstr (json_object_get_string_member (ramo_session_manager_get_header (manager), "parentSession"), ==, path);
  /* the path root→e5000008 (24 entries) without its 2 label entries, then 2 rebuilt labels */
  g_assert_cmpuint (ramo_session_manager_get_n_entries (manager), ==, 22 + 2);
  g_assert_cmpstr (ramo_session_manager_get_label (manager, "a1000006"), ==, "plan");
  g_assert_cmpstr (ramo_session_manager_get_label (manager, "d4000006"), ==, "json cache works");
  g_assert_null (ramo_session_manager_get_entry (manager, "f6000001"));

  contents = ramo_test_read_file (new_path, NULL);
  lines = g_strsplit (contents, "\n", -1);
  for (guint i = 0; lines[i]; i++)
    if (strstr (lines[i], "\"type\":\"label\""))
      {
        n_labels++;
        g_assert_cmpuint (i, >=, 23); /* after the header and the path */
      }
  g_assert_cmpuint (n_labels, ==, 2);
  /* the labels keep the time they were set */
  g_assert_nonnull (strstr (contents, "\"timestamp\":\"2026-11-02T09:16:40.134Z\",\"targetId\":\"a1000006\",\"label\":\"plan\""));

  g_assert_false (ramo_session_manager_create_branched_session (manager, "nope", &new_path, &error));
  g_assert_error (error, RAMO_SESSION_ERROR, RAMO_SESSION_ERROR_NOT_FOUND);
}

static void
test_in_memory (void)
{
  g_autoptr(RamoSessionManager) manager = ramo_session_manager_new_in_memory ("/tmp");
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) message = json_from_string ("{\"role\":\"user\",\"content\":\"one\"}", NULL);
  g_autofree char *first = ramo_session_manager_append_message (manager, message, &error);
  g_autofree char *second = ramo_session_manager_append_message (manager, message, &error);
  g_autofree char *label = ramo_session_manager_append_label_change (manager, first, "keep", &error);
  /* a label set and cleared leaves nothing to rebuild (and must not trip the rebuild) */
  g_autofree char *set = ramo_session_manager_append_label_change (manager, second, "gone", &error);
  g_autofree char *cleared = ramo_session_manager_append_label_change (manager, second, NULL, &error);
  char *new_path = (char *) "untouched";

  g_assert_no_error (error);
  /* each append gives the new entry's id */
  g_assert_nonnull (label);
  g_assert_nonnull (set);
  g_assert_nonnull (cleared);
  g_assert_false (_ramo_session_manager_is_persisted (manager));
  g_assert_null (ramo_session_manager_get_path (manager));
  g_assert_true (ramo_session_manager_create_branched_session (manager, first, &new_path, &error));
  g_assert_no_error (error);
  g_assert_null (new_path);
  g_assert_cmpuint (ramo_session_manager_get_n_entries (manager), ==, 2);
  g_assert_cmpstr (ramo_session_manager_get_label (manager, first), ==, "keep");
  g_assert_null (ramo_session_manager_get_entry (manager, second));
  g_assert_false (json_object_has_member (ramo_session_manager_get_header (manager), "parentSession"));
}

static void
test_create (void)
{
  g_autofree char *dir = ramo_test_tmpdir ();
  g_autofree char *sessions = g_build_filename (dir, "sessions", "--w--", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(RamoSessionManager) manager = ramo_session_manager_create (sessions, "/w", "/old.jsonl", &error);
  g_autofree char *base = NULL;
  struct stat st;

  g_assert_no_error (error);
  base = g_path_get_basename (ramo_session_manager_get_path (manager));
  g_assert_true (g_regex_match_simple ("^\\d{4}-\\d\\d-\\d\\dT\\d\\d-\\d\\d-\\d\\d-\\d{3}Z_[0-9a-f-]{36}\\.jsonl$", base, 0, 0));
  g_assert_cmpint (g_stat (ramo_session_manager_get_path (manager), &st), ==, 0);
  g_assert_cmpint (st.st_mode & 0777, ==, 0600);
  g_assert_cmpuint (ramo_session_manager_get_n_entries (manager), ==, 0);
  g_assert_null (ramo_session_manager_get_leaf_id (manager));
  g_assert_cmpstr (json_object_get_string_member (ramo_session_manager_get_header (manager), "parentSession"), ==, "/old.jsonl");
  g_assert_cmpint (json_object_get_int_member (ramo_session_manager_get_header (manager), "version"), ==, 3);
}

#define V1_TEXT \
  "{\"type\":\"session\",\"id\":\"v1-session\",\"timestamp\":\"2025-01-01T00:00:00.000Z\",\"cwd\":\"/p\"}\n" \
  "{\"type\":\"message\",\"timestamp\":\"2025-01-01T00:00:01.000Z\",\"message\":{\"role\":\"user\",\"content\":\"a\"}}\n" \
  "{\"type\":\"message\",\"timestamp\":\"2025-01-01T00:00:02.000Z\",\"message\":{\"role\":\"hookMessage\",\"customType\":\"h\",\"content\":\"b\"}}\n" \
  "this line is broken\n" \
  "{\"type\":\"message\",\"timestamp\":\"2025-01-01T00:00:03.000Z\",\"message\":{\"role\":\"user\",\"content\":\"c\"}}\n" \
  "{\"type\":\"compaction\",\"timestamp\":\"2025-01-01T00:00:04.000Z\",\"summary\":\"S\",\"firstKeptEntryIndex\":3,\"tokensBefore\":5}\n" \
  "{\"type\":\"message\",\"timestamp\":\"2025-01-01T00:00:05.000Z\",\"message\":{\"role\":\"user\",\"content\":\"d\"}}\n"

static void
test_migration_v1 (void)
{
  g_autofree char *path = NULL;
  g_autoptr(RamoSessionManager) manager = open_text (V1_TEXT, &path);
  g_autoptr(RamoSessionManager) again = NULL;
  g_autoptr(RamoSessionManager) migrated = NULL;
  g_autoptr(RamoSessionContext) context = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *contents = NULL;
  g_autofree char *json = NULL;
  g_autofree char *ids1 = NULL;
  g_autofree char *ids2 = NULL;
  g_autofree char *ids3 = NULL;
  g_autoptr(GPtrArray) b1 = NULL;
  g_autoptr(GPtrArray) b2 = NULL;
  g_autoptr(GPtrArray) b3 = NULL;
  struct stat st;

  g_assert_cmpuint (ramo_session_manager_get_file_version (manager), ==, 1);
  g_assert_true (ramo_session_manager_needs_migration (manager));
  g_assert_cmpuint (ramo_session_manager_get_n_entries (manager), ==, 5);
  g_assert_cmpuint (ramo_session_manager_get_issues (manager)->len, ==, 1);
  g_assert_cmpuint (((RamoLoadIssue *) g_ptr_array_index (ramo_session_manager_get_issues (manager), 0))->line, ==, 4);
  g_assert_cmpstr (ramo_entry_get_role_name (ramo_session_manager_get_entry_at (manager, 1)), ==, "custom");

  /* a linear chain; firstKeptEntryIndex 3 counts parsed lines (header 0): the entry "c" */
  context = ramo_session_manager_build_session_context (manager);
  json = ramo_session_context_to_json (context, &error);
  g_assert_no_error (error);
  g_assert_nonnull (strstr (json, "\"messages\":[{\"role\":\"compactionSummary\",\"summary\":\"S\",\"tokensBefore\":5,"
                                  "\"timestamp\":1735689604000},{\"role\":\"user\",\"content\":\"c\"},{\"role\":\"user\",\"content\":\"d\"}]"));

  /* viewing never writes; ids are the same on every open */
  contents = ramo_test_read_file (path, NULL);
  g_assert_cmpstr (contents, ==, V1_TEXT);
  again = ramo_session_manager_open (path, &error);
  b1 = ramo_session_manager_dup_branch (manager, NULL);
  b2 = ramo_session_manager_dup_branch (again, NULL);
  ids1 = ids_of (b1);
  ids2 = ids_of (b2);
  g_assert_cmpstr (ids1, ==, ids2);

  /* the first write migrates the file atomically, keeping its mode and the broken line */
  g_chmod (path, 0640);
  g_clear_pointer (&contents, g_free);
  {
    g_autofree char *id = ramo_session_manager_append_label_change (manager, ramo_session_manager_get_entry_at (manager, 0)->id, "first", &error);
    g_assert_no_error (error);
    g_assert_nonnull (id);
  }
  contents = ramo_test_read_file (path, NULL);
  g_assert_true (g_str_has_prefix (contents, "{\"type\":\"session\",\"id\":\"v1-session\",\"timestamp\":\"2025-01-01T00:00:00.000Z\",\"cwd\":\"/p\",\"version\":3}\n"));
  g_assert_nonnull (strstr (contents, "\nthis line is broken\n"));
  g_assert_nonnull (strstr (contents, "\"role\":\"custom\""));
  g_assert_null (strstr (contents, "firstKeptEntryIndex"));
  g_assert_cmpint (g_stat (path, &st), ==, 0);
  g_assert_cmpint (st.st_mode & 0777, ==, 0640);

  migrated = ramo_session_manager_open (path, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (ramo_session_manager_get_file_version (migrated), ==, 3);
  b3 = ramo_session_manager_dup_branch (migrated, ramo_session_manager_get_entry_at (migrated, 4)->id);
  ids3 = ids_of (b3);
  g_assert_cmpstr (ids3, ==, ids1);
  g_assert_cmpstr (ramo_session_manager_get_label (migrated, ramo_session_manager_get_entry_at (manager, 0)->id), ==, "first");
}

/* Every entry of @manager knows how long its display text is. */
static void
assert_display_lengths (RamoSessionManager *manager)
{
  for (guint i = 0; i < ramo_session_manager_get_n_entries (manager); i++)
    {
      RamoEntry *entry = ramo_session_manager_get_entry_at (manager, i);

      g_assert_nonnull (entry->display);
      g_assert_cmpuint (entry->display_len, ==, strlen (entry->display));
    }
}

/* RamoEntry.display_len, for each way a display text is made: read with the file, a tool
 * result's taken from the call it answers, lines another program appended (read on refresh),
 * and an entry Ramo appends. */
static void
test_display_lengths (void)
{
  static const char *lines =
    "{\"type\":\"session\",\"version\":3,\"id\":\"d1000000-0000-4000-8000-000000000001\","
    "\"timestamp\":\"2026-03-01T10:00:00.000Z\",\"cwd\":\"/tmp\"}\n"
    "{\"type\":\"message\",\"id\":\"u1\",\"parentId\":null,\"timestamp\":\"2026-03-01T10:00:01.000Z\","
    "\"message\":{\"role\":\"user\",\"content\":\"r\u00e9sum\u00e9 \u2603\\n\\tsecond line\",\"timestamp\":1}}\n"
    "{\"type\":\"message\",\"id\":\"a1\",\"parentId\":\"u1\",\"timestamp\":\"2026-03-01T10:00:02.000Z\","
    "\"message\":{\"role\":\"assistant\",\"content\":[{\"type\":\"text\",\"text\":\"reading\"},"
    "{\"type\":\"toolCall\",\"id\":\"c1\",\"name\":\"read\",\"arguments\":{\"path\":\"src/\u00fc.c\"}}],"
    "\"timestamp\":2}}\n"
    "{\"type\":\"message\",\"id\":\"t1\",\"parentId\":\"a1\",\"timestamp\":\"2026-03-01T10:00:03.000Z\","
    "\"message\":{\"role\":\"toolResult\",\"toolCallId\":\"c1\",\"toolName\":\"read\","
    "\"content\":[{\"type\":\"text\",\"text\":\"int x;\"}],\"isError\":false,\"timestamp\":3}}\n";
  static const char *appended =
    "{\"type\":\"label\",\"id\":\"l1\",\"parentId\":\"t1\",\"timestamp\":\"2026-03-01T10:00:04.000Z\","
    "\"targetId\":\"u1\",\"label\":\"\u00e9t\u00e9\"}\n"
    "{\"type\":\"message\",\"id\":\"t2\",\"parentId\":\"l1\",\"timestamp\":\"2026-03-01T10:00:05.000Z\","
    "\"message\":{\"role\":\"toolResult\",\"toolCallId\":\"c1\",\"toolName\":\"read\","
    "\"content\":[],\"isError\":true,\"timestamp\":5}}\n";
  g_autofree char *path = ramo_test_write_file ("display-lengths.jsonl", lines, -1);
  g_autoptr(RamoSessionManager) manager = NULL;
  g_autoptr(JsonNode) message = json_from_string ("{\"role\":\"assistant\",\"content\":"
                                                  "[{\"type\":\"text\",\"text\":\"na\u00efve \u2192 done\"}],"
                                                  "\"timestamp\":6}", NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *id = NULL;
  RamoEntry *entry;

  manager = ramo_session_manager_open (path, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (ramo_session_manager_get_n_entries (manager), ==, 3);
  assert_display_lengths (manager);
  /* the tool result shows its call, not a text of its own */
  entry = ramo_session_manager_get_entry (manager, "t1");
  g_assert_cmpstr (entry->display, ==, "[read: src/\u00fc.c]");

  {
    g_autoptr(GFile) file = g_file_new_for_path (path);
    g_autoptr(GFileOutputStream) out = g_file_append_to (file, G_FILE_CREATE_NONE, NULL, &error);

    g_assert_no_error (error);
    g_assert_true (g_output_stream_write_all (G_OUTPUT_STREAM (out), appended, strlen (appended),
                                              NULL, NULL, &error));
    g_assert_no_error (error);
    g_assert_true (g_output_stream_close (G_OUTPUT_STREAM (out), NULL, &error));
  }
  g_assert_cmpint (ramo_session_manager_refresh (manager, &error), ==, 2);
  g_assert_no_error (error);
  assert_display_lengths (manager);

  id = ramo_session_manager_append_message (manager, message, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (ramo_session_manager_get_n_entries (manager), ==, 6);
  assert_display_lengths (manager);
}

static void
test_real_fixtures (void)
{
  static const struct { const char *name; guint entries; guint context; } fixtures[] = {
    /* entry counts: the file's lines minus the header; context sizes from pi 0.73.1 */
    { "before-compaction.jsonl", 1002, 446 },
    { "large-session.jsonl", 1018, 914 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (fixtures); i++)
    {
      g_autofree char *path = ramo_test_copy_fixture (fixtures[i].name);
      g_autoptr(RamoSessionManager) manager = NULL;
      g_autoptr(RamoSessionManager) again = NULL;
      g_autoptr(RamoSessionContext) context = NULL;
      g_autoptr(GError) error = NULL;
      g_autofree char *before = NULL;
      g_autofree char *after = NULL;

      if (path == NULL)
        {
          g_test_skip ("../shared/fixtures/real is absent");
          return;
        }
      before = ramo_test_read_file (path, NULL);
      manager = ramo_session_manager_open (path, &error);
      g_assert_no_error (error);
      g_assert_cmpuint (ramo_session_manager_get_file_version (manager), ==, 1);
      g_assert_cmpuint (ramo_session_manager_get_n_entries (manager), ==, fixtures[i].entries);
      assert_display_lengths (manager);
      context = ramo_session_manager_build_session_context (manager);
      g_assert_cmpuint (ramo_session_context_get_n_messages (context), ==, fixtures[i].context);

      /* deterministic migration ids */
      again = ramo_session_manager_open (path, &error);
      g_assert_cmpstr (ramo_session_manager_get_leaf_id (manager), ==, ramo_session_manager_get_leaf_id (again));
      after = ramo_test_read_file (path, NULL);
      g_assert_cmpstr (before, ==, after);
    }
}

static void
progress_cb (goffset  done,
             goffset  total,
             gpointer data)
{
  goffset *last = data;

  g_assert_cmpint (done, >=, *last);
  g_assert_cmpint (done, <=, total);
  *last = done;
}

static void
opened_cb (GObject      *source,
           GAsyncResult *result,
           gpointer      data)
{
  GAsyncResult **out = data;

  *out = g_object_ref (result);
}

static void
test_open_async (void)
{
  g_autofree char *path = ramo_test_copy_example ();
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GAsyncResult) cancelled_result = NULL;
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(RamoSessionManager) manager = NULL;
  g_autoptr(RamoSessionManager) none = NULL;
  g_autoptr(GError) error = NULL;
  goffset last = 0;
  gsize size;
  g_autofree char *contents = ramo_test_read_file (path, &size);   /* for its size */

  ramo_session_manager_open_async (path, progress_cb, &last, NULL, opened_cb, &result);
  while (result == NULL)
    g_main_context_iteration (NULL, TRUE);
  manager = ramo_session_manager_open_finish (result, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (ramo_session_manager_get_n_entries (manager), ==, 37);
  g_assert_cmpstr (ramo_session_manager_get_leaf_id (manager), ==, "e5000014");
  g_assert_nonnull (contents);
  g_assert_cmpint (last, ==, (goffset) size);

  g_cancellable_cancel (cancellable);
  ramo_session_manager_open_async (path, NULL, NULL, cancellable, opened_cb, &cancelled_result);
  while (cancelled_result == NULL)
    g_main_context_iteration (NULL, TRUE);
  none = ramo_session_manager_open_finish (cancelled_result, &error);
  g_assert_null (none);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
}

static void
test_migration_keeps_bytes (void)
{
  /* what json-glib cannot hold survives the migration: only the role changes */
  static const char text[] =
    "{\"type\":\"session\",\"version\":2,\"id\":\"s2\",\"timestamp\":\"2025-01-01T00:00:00.000Z\",\"cwd\":\"/p\"}\n"
    "{\"type\":\"message\",\"id\":\"00000001\",\"parentId\":null,\"timestamp\":\"2025-01-01T00:00:01.000Z\","
    "\"message\":{\"role\":\"hookMessage\",\"content\":\"a\\u0000b \\ud800\",\"details\":{\"n\":123456789012345678901234567890}}}\n";
  g_autofree char *path = NULL;
  g_autoptr(RamoSessionManager) manager = open_text (text, &path);
  g_autoptr(GError) error = NULL;
  g_autofree char *after = NULL;

  g_assert_true (ramo_session_manager_migrate (manager, &error));
  g_assert_no_error (error);
  after = ramo_test_read_file (path, NULL);
  g_assert_nonnull (strstr (after, "\"message\":{\"role\":\"custom\",\"content\":\"a\\u0000b \\ud800\","
                                   "\"details\":{\"n\":123456789012345678901234567890}}}\n"));
}

/* Each timestamp reads back as the file has it, whether Ramo kept its text or writes it again
 * from the time (the agents' own toISOString() form, for every entry but a label). */
static void
test_timestamps_as_written (void)
{
  static const struct {
    const char *id, *written;
    gboolean iso;
  } cases[] = {
    { "t1", "2026-01-01T00:00:00.000Z", TRUE },
    { "t2", "2026-01-01T00:00:00Z", FALSE },
    { "t3", "2026-01-01T00:00:00.000+00:00", FALSE },
    { "t4", "2026-01-01T24:00:00.000Z", FALSE },
    { "t5", "2026-02-30T10:00:00.000Z", FALSE },
    { "t6", "0000-01-01T00:00:00.000Z", TRUE },
    { "t7", "9999-12-31T23:59:59.999Z", TRUE },
    { "t8", "2026-1-01T00:00:00.000Z", FALSE },
    { "t9", "2026-01-01t00:00:00.000z", FALSE },
  };
  g_autoptr(GString) text = g_string_new (HEADER);
  g_autoptr(RamoSessionManager) manager = NULL;
  const char *parent = "null";
  RamoEntry *label, *number;

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_string_append_printf (text, "{\"type\":\"message\",\"id\":\"%s\",\"parentId\":%s,"
                              "\"timestamp\":\"%s\",\"message\":{\"role\":\"user\",\"content\":\"x\"}}\n",
                              cases[i].id, parent, cases[i].written);
      parent = i == 0 ? "\"t1\"" : parent;
    }
  g_string_append (text, "{\"type\":\"label\",\"id\":\"l1\",\"parentId\":\"t9\","
                         "\"timestamp\":\"2026-01-02T00:00:00.000Z\",\"targetId\":\"t1\",\"label\":\"x\"}\n");
  g_string_append (text, "{\"type\":\"message\",\"id\":\"n1\",\"parentId\":\"l1\","
                         "\"timestamp\":1767225600000,\"message\":{\"role\":\"user\",\"content\":\"x\"}}\n");
  manager = open_text (text->str, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      RamoEntry *entry = ramo_session_manager_get_entry (manager, cases[i].id);
      g_autofree char *read = NULL;

      g_assert_nonnull (entry);
      read = ramo_entry_dup_timestamp (entry);
      g_assert_cmpstr (read, ==, cases[i].written);
      g_assert_cmpint (entry->timestamp_iso, ==, cases[i].iso);
      g_assert_true ((entry->timestamp_text == NULL) == cases[i].iso);
    }
  /* a label's text is kept (the labels' times point to it) */
  label = ramo_session_manager_get_entry (manager, "l1");
  g_assert_false (label->timestamp_iso);
  g_assert_cmpstr (label->timestamp_text, ==, "2026-01-02T00:00:00.000Z");
  /* a number is no timestamp to show */
  number = ramo_session_manager_get_entry (manager, "n1");
  g_assert_null (ramo_entry_dup_timestamp (number));
  g_assert_cmpfloat (number->time_ms, ==, 1767225600000.0);
}

/* The index by id against a GHashTable: ids added in turn, some again (the later wins), each
 * looked up after every growth, and ids never added missed. With @data, as a load adds them:
 * room made for a third of them at first, each hash worked out beforehand and its slot
 * prefetched a few ids ahead. */
static void
test_id_index (gconstpointer data)
{
  gboolean as_loaded = GPOINTER_TO_INT (data);
  enum { N = 20000 };
  g_autofree RamoEntry *records = g_new0 (RamoEntry, N);
  g_autoptr(GPtrArray) entries = g_ptr_array_new ();
  g_autoptr(GHashTable) expected = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GStringChunk) strings = g_string_chunk_new (4096);
  g_autoptr(RamoIdIndex) index = _ramo_id_index_new (entries);
  g_autoptr(GRand) rand = g_rand_new_with_seed (8);

  if (as_loaded)
    _ramo_id_index_reserve (index, N / 3);
  for (guint i = 0; i < N; i++)
    {
      /* one id in five is one seen before */
      guint n = i % 5 == 4 ? (guint) g_rand_int_range (rand, 0, (gint32) i) : i;
      g_autofree char *id = g_strdup_printf ("%08x", n * 2654435761u);
      RamoEntry *before = g_hash_table_lookup (expected, id);

      records[i].id = g_string_chunk_insert_const (strings, id);
      records[i].index = i;
      if (as_loaded)
        {
          g_autofree char *ahead = g_strdup_printf ("%08x", (i + 8) * 2654435761u);

          _ramo_id_index_prefetch (index, _ramo_id_index_hash (ahead));
          g_assert_true (_ramo_id_index_insert_hashed (index, &records[i], _ramo_id_index_hash (records[i].id)) == before);
        }
      else
        g_assert_true (_ramo_id_index_insert (index, &records[i]) == before);
      g_ptr_array_add (entries, &records[i]);
      g_hash_table_insert (expected, (char *) records[i].id, &records[i]);
      g_assert_cmpuint (_ramo_id_index_size (index), ==, g_hash_table_size (expected));
      if ((i & (i - 1)) == 0)
        {
          GHashTableIter iter;
          gpointer key, value;

          g_hash_table_iter_init (&iter, expected);
          while (g_hash_table_iter_next (&iter, &key, &value))
            g_assert_true (_ramo_id_index_lookup (index, key) == value);
        }
    }
  for (guint i = 0; i < N; i++)
    {
      g_autofree char *absent = g_strdup_printf ("x%07u", i);

      g_assert_null (_ramo_id_index_lookup (index, absent));
      g_assert_true (_ramo_id_index_lookup (index, records[i].id) == g_hash_table_lookup (expected, records[i].id));
    }
  g_assert_null (_ramo_id_index_lookup (index, NULL));
  g_assert_false (_ramo_id_index_contains (index, ""));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/Core/SessionManager/example", test_example);
  g_test_add_data_func ("/Core/SessionManager/id-index", GINT_TO_POINTER (FALSE), test_id_index);
  g_test_add_data_func ("/Core/SessionManager/id-index-as-loaded", GINT_TO_POINTER (TRUE), test_id_index);
  g_test_add_func ("/Core/SessionManager/timestamps-as-written", test_timestamps_as_written);
  g_test_add_func ("/Core/SessionManager/context", test_context);
  g_test_add_func ("/Core/SessionManager/children-order", test_children_order);
  g_test_add_func ("/Core/SessionManager/appends", test_appends);
  g_test_add_func ("/Core/SessionManager/torn-last-line", test_torn_last_line);
  g_test_add_func ("/Core/SessionManager/branched-session", test_branched_session);
  g_test_add_func ("/Core/SessionManager/in-memory", test_in_memory);
  g_test_add_func ("/Core/SessionManager/create", test_create);
  g_test_add_func ("/Core/SessionManager/migration-v1", test_migration_v1);
  g_test_add_func ("/Core/SessionManager/real-fixtures", test_real_fixtures);
  g_test_add_func ("/Core/SessionManager/display-lengths", test_display_lengths);
  g_test_add_func ("/Core/SessionManager/open-async", test_open_async);
  g_test_add_func ("/Core/SessionManager/migration-keeps-bytes", test_migration_keeps_bytes);
  return g_test_run ();
}

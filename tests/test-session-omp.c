/* test-session-omp.c — oh-my-pi 18.2.3's files as Ramo writes and names them: the title slot,
 * the session name, branched files, the entries Ramo appends, and following a slot oh-my-pi
 * rewrites in place
 *
 * Copyright 2026 The Ramo authors
 *
 * This program is free software: you can redistribute it and/or modify it under the terms of the
 * GNU General Public License as published by the Free Software Foundation, either version 3 of
 * the License, or (at your option) any later version.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "ramo-json.h"
#include "ramo-session-manager-private.h"
#include "ramo-test-util.h"

/* Computed by oh-my-pi 18.2.3 itself: the output of tests/test-session-omp.ts, run with the bun
 * of tests/compat/install-agents.sh (see its header). OMP_FILE_* are the sessions (made with
 * JSON.stringify and oh-my-pi's serializeTitleSlot(), as oh-my-pi writes them); OMP_NAME_* what
 * its getSessionName() reads in them; OMP_RENAMED_* each file after setSessionName("  New\tname  ",
 * "user"); OMP_BRANCHED_A what createBranchedSession("a2") writes for A; OMP_APPEND_* the line
 * an append to A adds; OMP_SLOT_* serializeTitleSlot() of a few titles. The ids and times
 * oh-my-pi made afresh are replaced by Ramo's before comparing. */

#define OMP_FILE_A \
  "{\"type\":\"title\",\"v\":1,\"title\":\"Parser work\",\"source\":\"user\",\"updatedAt\":\"2026-11-20T10:00:05.000Z\",\"pad\":\"                                                                                                                                                   \"}\n" \
  "{\"type\":\"session\",\"version\":3,\"id\":\"sess-a\",\"timestamp\":\"2026-11-20T10:00:00.000Z\",\"cwd\":\"/tmp\",\"additionalDirectories\":[\"/srv/lib\"]}\n" \
  "{\"type\":\"message\",\"id\":\"u1\",\"parentId\":null,\"timestamp\":\"2026-11-20T10:00:01.000Z\",\"message\":{\"role\":\"user\",\"content\":\"Plan the parser\",\"timestamp\":1}}\n" \
  "{\"type\":\"message\",\"id\":\"a1\",\"parentId\":\"u1\",\"timestamp\":\"2026-11-20T10:00:02.000Z\",\"message\":{\"role\":\"assistant\",\"content\":[{\"type\":\"text\",\"text\":\"Tokenizer first.\"}],\"api\":\"anthropic-messages\",\"provider\":\"anthropic\",\"model\":\"claude-sonnet-4-5\",\"usage\":{\"input\":100,\"output\":20,\"cacheRead\":0,\"cacheWrite\":0,\"totalTokens\":120,\"cost\":{\"input\":0,\"output\":0,\"cacheRead\":0,\"cacheWrite\":0,\"total\":0}},\"stopReason\":\"stop\",\"timestamp\":2}}\n" \
  "{\"type\":\"label\",\"id\":\"l1\",\"parentId\":\"a1\",\"timestamp\":\"2026-11-20T10:00:03.000Z\",\"targetId\":\"u1\",\"label\":\"start\"}\n" \
  "{\"type\":\"session_info\",\"id\":\"s1\",\"parentId\":\"l1\",\"timestamp\":\"2026-11-20T10:00:04.000Z\",\"name\":\"pi's name\"}\n" \
  "{\"type\":\"title_change\",\"id\":\"t1\",\"parentId\":\"s1\",\"timestamp\":\"2026-11-20T10:00:05.000Z\",\"title\":\"Parser work\",\"source\":\"user\"}\n" \
  "{\"type\":\"message\",\"id\":\"u2\",\"parentId\":\"t1\",\"timestamp\":\"2026-11-20T10:00:06.000Z\",\"message\":{\"role\":\"user\",\"content\":\"Now the grammar\",\"timestamp\":6}}\n" \
  "{\"type\":\"message\",\"id\":\"a2\",\"parentId\":\"u2\",\"timestamp\":\"2026-11-20T10:00:07.000Z\",\"message\":{\"role\":\"assistant\",\"content\":[{\"type\":\"text\",\"text\":\"value := object | array.\"}],\"api\":\"anthropic-messages\",\"provider\":\"anthropic\",\"model\":\"claude-sonnet-4-5\",\"usage\":{\"input\":100,\"output\":20,\"cacheRead\":0,\"cacheWrite\":0,\"totalTokens\":120,\"cost\":{\"input\":0,\"output\":0,\"cacheRead\":0,\"cacheWrite\":0,\"total\":0}},\"stopReason\":\"stop\",\"timestamp\":7}}\n" \
  "{\"type\":\"label\",\"id\":\"l2\",\"parentId\":\"a2\",\"timestamp\":\"2026-11-20T10:00:08.000Z\",\"targetId\":\"a2\",\"label\":\"grammar\"}\n"
#define OMP_FILE_B \
  "{\"type\":\"session\",\"version\":3,\"id\":\"sess-b\",\"timestamp\":\"2026-11-20T10:00:00.000Z\",\"cwd\":\"/tmp\",\"title\":\"Header name\",\"titleSource\":\"auto\"}\n" \
  "{\"type\":\"message\",\"id\":\"u1\",\"parentId\":null,\"timestamp\":\"2026-11-20T10:00:01.000Z\",\"message\":{\"role\":\"user\",\"content\":\"Hello\",\"timestamp\":1}}\n" \
  "{\"type\":\"message\",\"id\":\"a1\",\"parentId\":\"u1\",\"timestamp\":\"2026-11-20T10:00:02.000Z\",\"message\":{\"role\":\"assistant\",\"content\":[{\"type\":\"text\",\"text\":\"Hi.\"}],\"api\":\"anthropic-messages\",\"provider\":\"anthropic\",\"model\":\"claude-sonnet-4-5\",\"usage\":{\"input\":100,\"output\":20,\"cacheRead\":0,\"cacheWrite\":0,\"totalTokens\":120,\"cost\":{\"input\":0,\"output\":0,\"cacheRead\":0,\"cacheWrite\":0,\"total\":0}},\"stopReason\":\"stop\",\"timestamp\":2}}\n" \
  "{\"type\":\"title_change\",\"id\":\"t1\",\"parentId\":\"a1\",\"timestamp\":\"2026-11-20T10:00:03.000Z\",\"title\":\"Changed name\",\"source\":\"auto\"}\n"
#define OMP_FILE_C \
  "{\"type\":\"title\",\"v\":1,\"title\":\"\",\"updatedAt\":\"2026-11-20T10:00:01.000Z\",\"pad\":\"                                                                                                                                                                              \"}\n" \
  "{\"type\":\"session\",\"version\":3,\"id\":\"sess-c\",\"timestamp\":\"2026-11-20T10:00:00.000Z\",\"cwd\":\"/tmp\",\"title\":\"Header name\"}\n" \
  "{\"type\":\"message\",\"id\":\"u1\",\"parentId\":null,\"timestamp\":\"2026-11-20T10:00:01.000Z\",\"message\":{\"role\":\"user\",\"content\":\"Hello\",\"timestamp\":1}}\n"
#define OMP_NAME_A \
  "Parser work"
#define OMP_NAME_B \
  "Header name"
#define OMP_NAME_C NULL
#define OMP_RENAMED_A \
  "{\"type\":\"title\",\"v\":1,\"title\":\"New name\",\"source\":\"user\",\"updatedAt\":\"2026-12-02T00:18:21.204Z\",\"pad\":\"                                                                                                                                                      \"}\n" \
  "{\"type\":\"session\",\"version\":3,\"id\":\"sess-a\",\"timestamp\":\"2026-11-20T10:00:00.000Z\",\"cwd\":\"/tmp\",\"additionalDirectories\":[\"/srv/lib\"]}\n" \
  "{\"type\":\"message\",\"id\":\"u1\",\"parentId\":null,\"timestamp\":\"2026-11-20T10:00:01.000Z\",\"message\":{\"role\":\"user\",\"content\":\"Plan the parser\",\"timestamp\":1}}\n" \
  "{\"type\":\"message\",\"id\":\"a1\",\"parentId\":\"u1\",\"timestamp\":\"2026-11-20T10:00:02.000Z\",\"message\":{\"role\":\"assistant\",\"content\":[{\"type\":\"text\",\"text\":\"Tokenizer first.\"}],\"api\":\"anthropic-messages\",\"provider\":\"anthropic\",\"model\":\"claude-sonnet-4-5\",\"usage\":{\"input\":100,\"output\":20,\"cacheRead\":0,\"cacheWrite\":0,\"totalTokens\":120,\"cost\":{\"input\":0,\"output\":0,\"cacheRead\":0,\"cacheWrite\":0,\"total\":0}},\"stopReason\":\"stop\",\"timestamp\":2}}\n" \
  "{\"type\":\"label\",\"id\":\"l1\",\"parentId\":\"a1\",\"timestamp\":\"2026-11-20T10:00:03.000Z\",\"targetId\":\"u1\",\"label\":\"start\"}\n" \
  "{\"type\":\"session_info\",\"id\":\"s1\",\"parentId\":\"l1\",\"timestamp\":\"2026-11-20T10:00:04.000Z\",\"name\":\"pi's name\"}\n" \
  "{\"type\":\"title_change\",\"id\":\"t1\",\"parentId\":\"s1\",\"timestamp\":\"2026-11-20T10:00:05.000Z\",\"title\":\"Parser work\",\"source\":\"user\"}\n" \
  "{\"type\":\"message\",\"id\":\"u2\",\"parentId\":\"t1\",\"timestamp\":\"2026-11-20T10:00:06.000Z\",\"message\":{\"role\":\"user\",\"content\":\"Now the grammar\",\"timestamp\":6}}\n" \
  "{\"type\":\"message\",\"id\":\"a2\",\"parentId\":\"u2\",\"timestamp\":\"2026-11-20T10:00:07.000Z\",\"message\":{\"role\":\"assistant\",\"content\":[{\"type\":\"text\",\"text\":\"value := object | array.\"}],\"api\":\"anthropic-messages\",\"provider\":\"anthropic\",\"model\":\"claude-sonnet-4-5\",\"usage\":{\"input\":100,\"output\":20,\"cacheRead\":0,\"cacheWrite\":0,\"totalTokens\":120,\"cost\":{\"input\":0,\"output\":0,\"cacheRead\":0,\"cacheWrite\":0,\"total\":0}},\"stopReason\":\"stop\",\"timestamp\":7}}\n" \
  "{\"type\":\"label\",\"id\":\"l2\",\"parentId\":\"a2\",\"timestamp\":\"2026-11-20T10:00:08.000Z\",\"targetId\":\"a2\",\"label\":\"grammar\"}\n" \
  "{\"type\":\"title_change\",\"id\":\"10fbf9a0\",\"parentId\":\"l2\",\"timestamp\":\"2026-12-02T00:18:21.204Z\",\"title\":\"New name\",\"source\":\"user\",\"previousTitle\":\"Parser work\"}\n"
#define OMP_RENAMED_B \
  "{\"type\":\"title\",\"v\":1,\"title\":\"New name\",\"source\":\"user\",\"updatedAt\":\"2026-12-02T00:18:21.222Z\",\"pad\":\"                                                                                                                                                      \"}\n" \
  "{\"type\":\"session\",\"version\":3,\"id\":\"sess-b\",\"timestamp\":\"2026-11-20T10:00:00.000Z\",\"cwd\":\"/tmp\",\"title\":\"New name\",\"titleSource\":\"user\"}\n" \
  "{\"type\":\"message\",\"id\":\"u1\",\"parentId\":null,\"timestamp\":\"2026-11-20T10:00:01.000Z\",\"message\":{\"role\":\"user\",\"content\":\"Hello\",\"timestamp\":1}}\n" \
  "{\"type\":\"message\",\"id\":\"a1\",\"parentId\":\"u1\",\"timestamp\":\"2026-11-20T10:00:02.000Z\",\"message\":{\"role\":\"assistant\",\"content\":[{\"type\":\"text\",\"text\":\"Hi.\"}],\"api\":\"anthropic-messages\",\"provider\":\"anthropic\",\"model\":\"claude-sonnet-4-5\",\"usage\":{\"input\":100,\"output\":20,\"cacheRead\":0,\"cacheWrite\":0,\"totalTokens\":120,\"cost\":{\"input\":0,\"output\":0,\"cacheRead\":0,\"cacheWrite\":0,\"total\":0}},\"stopReason\":\"stop\",\"timestamp\":2}}\n" \
  "{\"type\":\"title_change\",\"id\":\"t1\",\"parentId\":\"a1\",\"timestamp\":\"2026-11-20T10:00:03.000Z\",\"title\":\"Changed name\",\"source\":\"auto\"}\n" \
  "{\"type\":\"title_change\",\"id\":\"973017c0\",\"parentId\":\"t1\",\"timestamp\":\"2026-12-02T00:18:21.222Z\",\"title\":\"New name\",\"source\":\"user\",\"previousTitle\":\"Header name\"}\n"
#define OMP_BRANCHED_A \
  "{\"type\":\"title\",\"v\":1,\"title\":\"Parser work\",\"source\":\"user\",\"updatedAt\":\"2026-12-02T00:18:21.231Z\",\"pad\":\"                                                                                                                                                   \"}\n" \
  "{\"type\":\"session\",\"version\":3,\"id\":\"01a2341d-d9af-7000-b8f0-754b7f3bf95d\",\"timestamp\":\"2026-12-02T00:18:21.231Z\",\"cwd\":\"/tmp\",\"title\":\"Parser work\",\"titleSource\":\"user\",\"parentSession\":\"/tmp/test-session-omp-edmgmX/f6/session.jsonl\",\"additionalDirectories\":[\"/srv/lib\"]}\n" \
  "{\"type\":\"message\",\"id\":\"u1\",\"parentId\":null,\"timestamp\":\"2026-11-20T10:00:01.000Z\",\"message\":{\"role\":\"user\",\"content\":\"Plan the parser\",\"timestamp\":1}}\n" \
  "{\"type\":\"message\",\"id\":\"a1\",\"parentId\":\"u1\",\"timestamp\":\"2026-11-20T10:00:02.000Z\",\"message\":{\"role\":\"assistant\",\"content\":[{\"type\":\"text\",\"text\":\"Tokenizer first.\"}],\"api\":\"anthropic-messages\",\"provider\":\"anthropic\",\"model\":\"claude-sonnet-4-5\",\"usage\":{\"input\":100,\"output\":20,\"cacheRead\":0,\"cacheWrite\":0,\"totalTokens\":120,\"cost\":{\"input\":0,\"output\":0,\"cacheRead\":0,\"cacheWrite\":0,\"total\":0}},\"stopReason\":\"stop\",\"timestamp\":2}}\n" \
  "{\"type\":\"session_info\",\"id\":\"s1\",\"parentId\":\"l1\",\"timestamp\":\"2026-11-20T10:00:04.000Z\",\"name\":\"pi's name\"}\n" \
  "{\"type\":\"title_change\",\"id\":\"t1\",\"parentId\":\"s1\",\"timestamp\":\"2026-11-20T10:00:05.000Z\",\"title\":\"Parser work\",\"source\":\"user\"}\n" \
  "{\"type\":\"message\",\"id\":\"u2\",\"parentId\":\"t1\",\"timestamp\":\"2026-11-20T10:00:06.000Z\",\"message\":{\"role\":\"user\",\"content\":\"Now the grammar\",\"timestamp\":6}}\n" \
  "{\"type\":\"message\",\"id\":\"a2\",\"parentId\":\"u2\",\"timestamp\":\"2026-11-20T10:00:07.000Z\",\"message\":{\"role\":\"assistant\",\"content\":[{\"type\":\"text\",\"text\":\"value := object | array.\"}],\"api\":\"anthropic-messages\",\"provider\":\"anthropic\",\"model\":\"claude-sonnet-4-5\",\"usage\":{\"input\":100,\"output\":20,\"cacheRead\":0,\"cacheWrite\":0,\"totalTokens\":120,\"cost\":{\"input\":0,\"output\":0,\"cacheRead\":0,\"cacheWrite\":0,\"total\":0}},\"stopReason\":\"stop\",\"timestamp\":7}}\n" \
  "{\"type\":\"label\",\"id\":\"e3961823\",\"parentId\":\"a2\",\"timestamp\":\"2026-12-02T00:18:21.231Z\",\"targetId\":\"u1\",\"label\":\"start\"}\n" \
  "{\"type\":\"label\",\"id\":\"6413b076\",\"parentId\":\"e3961823\",\"timestamp\":\"2026-12-02T00:18:21.231Z\",\"targetId\":\"a2\",\"label\":\"grammar\"}\n"
#define OMP_APPEND_LABEL \
  "{\"type\":\"label\",\"id\":\"7556c454\",\"parentId\":\"l2\",\"timestamp\":\"2026-12-02T00:18:21.243Z\",\"targetId\":\"u2\",\"label\":\"mark\"}"
#define OMP_APPEND_LABEL_CLEAR \
  "{\"type\":\"label\",\"id\":\"3c696e1e\",\"parentId\":\"l2\",\"timestamp\":\"2026-12-02T00:18:21.246Z\",\"targetId\":\"a2\"}"
#define OMP_APPEND_COMPACTION \
  "{\"type\":\"compaction\",\"id\":\"f1172ef4\",\"parentId\":\"l2\",\"timestamp\":\"2026-12-02T00:18:21.248Z\",\"summary\":\"sum\",\"firstKeptEntryId\":\"u2\",\"tokensBefore\":100,\"method\":\"soft\",\"fromExtension\":false}"
#define OMP_APPEND_COMPACTION_HOOK \
  "{\"type\":\"compaction\",\"id\":\"57c814a6\",\"parentId\":\"l2\",\"timestamp\":\"2026-12-02T00:18:21.260Z\",\"summary\":\"sum\",\"firstKeptEntryId\":\"u2\",\"tokensBefore\":100,\"fromExtension\":true}"
#define OMP_APPEND_BRANCH_SUMMARY \
  "{\"type\":\"branch_summary\",\"id\":\"645b8197\",\"parentId\":\"a1\",\"timestamp\":\"2026-12-02T00:18:21.266Z\",\"fromId\":\"a1\",\"summary\":\"left\",\"fromExtension\":false}"
#define OMP_APPEND_BRANCH_SUMMARY_HOOK \
  "{\"type\":\"branch_summary\",\"id\":\"ab83f9e4\",\"parentId\":null,\"timestamp\":\"2026-12-02T00:18:21.268Z\",\"fromId\":\"root\",\"summary\":\"left\",\"fromExtension\":true}"
#define OMP_APPEND_THINKING \
  "{\"type\":\"thinking_level_change\",\"id\":\"84b0ac90\",\"parentId\":\"l2\",\"timestamp\":\"2026-12-02T00:18:21.270Z\",\"thinkingLevel\":\"high\",\"configured\":\"high\"}"
#define OMP_APPEND_MODEL \
  "{\"type\":\"model_change\",\"id\":\"5d85e329\",\"parentId\":\"l2\",\"timestamp\":\"2026-12-02T00:18:21.273Z\",\"model\":\"anthropic/claude-opus-4-1\",\"resolvedModelIsFallback\":false}"
#define OMP_SLOT_PLAIN \
  "{\"type\":\"title\",\"v\":1,\"title\":\"Parser work\",\"source\":\"user\",\"updatedAt\":\"2026-11-20T10:00:05.000Z\",\"pad\":\"                                                                                                                                                   \"}\n"
#define OMP_SLOT_NONE \
  "{\"type\":\"title\",\"v\":1,\"title\":\"\",\"updatedAt\":\"2026-11-20T10:00:05.000Z\",\"pad\":\"                                                                                                                                                                              \"}\n"
#define OMP_SLOT_ESCAPES \
  "{\"type\":\"title\",\"v\":1,\"title\":\"a \\\"q\\\" \\\\ \\t \303\251 \360\235\204\236 \\u0001\",\"source\":\"auto\",\"updatedAt\":\"2026-11-20T10:00:05.000Z\",\"pad\":\"                                                                                                                                  \"}\n"
#define OMP_SLOT_LONG \
  "{\"type\":\"title\",\"v\":1,\"title\":\"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\",\"source\":\"user\",\"updatedAt\":\"2026-11-20T10:00:05.000Z\",\"pad\":\"\"}\n"
#define OMP_SLOT_LONG_UTF8 \
  "{\"type\":\"title\",\"v\":1,\"title\":\"\303\251\303\251\303\251\303\251\303\251\303\251\303\251\303\251\303\251\303\251\303\251\303\251\303\251\303\251\303\251\303\251\303\251\303\251\303\251\303\251\303\251\303\251\303\251\303\251\303\251\303\251\303\251\303\251\303\251\303\251\303\251\303\251\303\251\303\251\303\251\303\251\303\251\303\251\303\251\303\251\303\251\303\251\303\251\303\251\303\251\303\251\303\251\303\251\303\251\303\251\303\251\303\251\303\251\303\251\303\251\303\251\303\251\303\251\303\251\303\251\303\251\303\251\303\251\303\251\303\251\303\251\303\251\303\251\303\251\303\251\303\251\303\251\303\251\303\251\303\251\303\251\303\251\303\251\303\251\",\"source\":\"user\",\"updatedAt\":\"2026-11-20T10:00:05.000Z\",\"pad\":\"\"}\n"
#define OMP_SLOT_LONG_EMOJI \
  "{\"type\":\"title\",\"v\":1,\"title\":\"ab\360\237\230\200\360\237\230\200\360\237\230\200\360\237\230\200\360\237\230\200\360\237\230\200\360\237\230\200\360\237\230\200\360\237\230\200\360\237\230\200\360\237\230\200\360\237\230\200\360\237\230\200\360\237\230\200\360\237\230\200\360\237\230\200\360\237\230\200\360\237\230\200\360\237\230\200\360\237\230\200\360\237\230\200\360\237\230\200\360\237\230\200\360\237\230\200\360\237\230\200\360\237\230\200\360\237\230\200\360\237\230\200\360\237\230\200\360\237\230\200\360\237\230\200\360\237\230\200\360\237\230\200\360\237\230\200\360\237\230\200\360\237\230\200\360\237\230\200\360\237\230\200\360\237\230\200\360\237\230\200\360\237\230\200\360\237\230\200\360\237\230\200\",\"updatedAt\":\"2026-11-20T10:00:05.000Z\",\"pad\":\"\"}\n"
#define OMP_SLOT_LONG_ESCAPED \
  "{\"type\":\"title\",\"v\":1,\"title\":\"\\u0001\\u0001\\u0001\\u0001\\u0001\\u0001\\u0001\\u0001\\u0001\\u0001\\u0001\\u0001\\u0001\\u0001\\u0001\\u0001\\u0001\\u0001\\u0001\\u0001\\u0001\\u0001\\u0001\\u0001\\u0001\\u0001\",\"source\":\"user\",\"updatedAt\":\"2026-11-20T10:00:05.000Z\",\"pad\":\"  \"}\n"

/* Helpers */

static RamoSessionManager *
open_text (const char  *text,
           char       **path_out)
{
  g_autofree char *path = ramo_test_write_file ("session.jsonl", text, -1);
  g_autoptr(GError) error = NULL;
  RamoSessionManager *manager = ramo_session_manager_open (path, &error);

  g_assert_no_error (error);
  g_assert_nonnull (manager);
  if (path_out)
    *path_out = g_steal_pointer (&path);
  return manager;
}

/* The lines of @text, without their newlines. */
static GStrv
lines_of (const char *text)
{
  g_auto(GStrv) parts = g_strsplit (text, "\n", -1);
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();

  for (guint i = 0; parts[i]; i++)
    if (parts[i][0] != '\0')
      g_strv_builder_add (builder, parts[i]);
  return g_strv_builder_end (builder);
}

static JsonObject *
parse_object (const char *line)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) node = json_from_string (line, &error);

  g_assert_no_error (error);
  g_assert_true (JSON_NODE_HOLDS_OBJECT (node));
  return json_object_ref (json_node_get_object (node));
}

static char *
object_to_string (JsonObject *object)
{
  g_autoptr(JsonNode) node = json_node_init_object (json_node_alloc (), object);

  return ramo_json_to_string (node);
}

/* Asserts that @ramo_line is @omp_line (members, their order and values) once the members
 * named in @take (NULL-terminated) hold Ramo's values: the ids and times each makes afresh. */
static void
assert_line_like (const char         *ramo_line,
                  const char         *omp_line,
                  const char * const *take)
{
  g_autoptr(JsonObject) ramo = parse_object (ramo_line);
  g_autoptr(JsonObject) omp = parse_object (omp_line);
  g_autofree char *expected = NULL;
  g_autofree char *got = NULL;

  for (guint i = 0; take && take[i]; i++)
    {
      JsonNode *value = json_object_get_member (ramo, take[i]);

      g_assert_nonnull (value);
      json_object_set_member (omp, take[i], json_node_copy (value));
    }
  expected = object_to_string (omp);
  got = object_to_string (ramo);
  g_assert_cmpstr (got, ==, expected);
}

static char *
read_text (const char *path)
{
  return ramo_test_read_file (path, NULL);
}

static void
count_notify (GObject    *object,
              GParamSpec *pspec,
              guint      *count)
{
  (*count)++;
}

static void
count_signal (guint *count)
{
  (*count)++;
}

/* Slots */

static void
assert_slot (const char *title,
             const char *source,
             const char *expected)
{
  g_autoptr(GString) out = g_string_new (NULL);
  g_autoptr(GError) error = NULL;

  g_assert_true (_ramo_title_slot_write (out, title, source, "2026-11-20T10:00:05.000Z", &error));
  g_assert_no_error (error);
  g_assert_cmpuint (out->len, ==, 256);
  g_assert_cmpstr (out->str, ==, expected);
}

static void
test_slot_write (void)
{
  g_autofree char *x300 = g_strnfill (300, 'x');
  g_autoptr(GString) e150 = g_string_new (NULL);
  g_autoptr(GString) emoji = g_string_new ("ab");
  g_autoptr(GString) ctl = g_string_new (NULL);

  for (guint i = 0; i < 150; i++)
    g_string_append (e150, "\303\251");
  for (guint i = 0; i < 60; i++)
    g_string_append (emoji, "\360\237\230\200");
  for (guint i = 0; i < 40; i++)
    g_string_append_c (ctl, '\001');

  assert_slot ("Parser work", "user", OMP_SLOT_PLAIN);
  assert_slot (NULL, NULL, OMP_SLOT_NONE);
  assert_slot ("a \"q\" \\ \t \303\251 \360\235\204\236 \001", "auto", OMP_SLOT_ESCAPES);
  /* cut to the most characters that fit, never inside one */
  assert_slot (x300, "user", OMP_SLOT_LONG);
  assert_slot (e150->str, "user", OMP_SLOT_LONG_UTF8);
  assert_slot (emoji->str, NULL, OMP_SLOT_LONG_EMOJI);
  assert_slot (ctl->str, "user", OMP_SLOT_LONG_ESCAPED);
}

/* Names */

static void
assert_name (RamoSessionManager *manager,
             const char         *expected)
{
  g_autofree char *name = ramo_session_manager_dup_session_name (manager);

  g_assert_cmpstr (name, ==, expected);
}

static void
test_name (void)
{
  g_autoptr(RamoSessionManager) a = open_text (OMP_FILE_A, NULL);
  g_autoptr(RamoSessionManager) b = open_text (OMP_FILE_B, NULL);
  g_autoptr(RamoSessionManager) c = open_text (OMP_FILE_C, NULL);
  guint notified = 0;

  /* each is oh-my-pi's: by its slot (A, C) or its title_change entry (B) */
  g_assert_cmpint (ramo_session_manager_get_dialect (a), ==, RAMO_DIALECT_OMP);
  g_assert_cmpint (ramo_session_manager_get_dialect (b), ==, RAMO_DIALECT_OMP);
  g_assert_cmpint (ramo_session_manager_get_dialect (c), ==, RAMO_DIALECT_OMP);

  /* the slot wins over session_info and title_change (A), the header's title counts only
   * without a slot (B), and a slot's empty title clears the header's (C) */
  assert_name (a, OMP_NAME_A);
  assert_name (b, OMP_NAME_B);
  assert_name (c, OMP_NAME_C);

  /* by pi's rules (pi 1.6.0's getSessionName()) A is named by its session_info */
  g_signal_connect (a, "notify::session-name", G_CALLBACK (count_notify), &notified);
  ramo_session_manager_set_dialect (a, RAMO_DIALECT_PI);
  assert_name (a, "pi's name");
  g_assert_cmpuint (notified, ==, 1);
}

/* Renames */

static void
test_rename_in_place (void)
{
  g_autofree char *path = NULL;
  g_autoptr(RamoSessionManager) manager = open_text (OMP_FILE_A, &path);
  g_autoptr(RamoSessionManager) again = NULL;
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) omp = lines_of (OMP_RENAMED_A);
  g_autoptr(JsonObject) omp_last = parse_object (omp[g_strv_length (omp) - 1]);
  g_autoptr(JsonObject) ramo_last = NULL;
  g_autoptr(GString) expected = g_string_new (OMP_RENAMED_A);
  g_autofree char *id = NULL;
  g_autofree char *contents = NULL;
  g_auto(GStrv) lines = NULL;
  struct stat before, after;
  guint notified = 0;

  g_assert_cmpint (g_stat (path, &before), ==, 0);
  g_signal_connect (manager, "notify::session-name", G_CALLBACK (count_notify), &notified);

  id = ramo_session_manager_append_session_info (manager, "  New\tname  ", &error);
  g_assert_no_error (error);
  g_assert_nonnull (id);

  /* the slot written over the old one, the title_change appended: byte for byte what oh-my-pi
   * writes, its new entry's id and time aside */
  contents = read_text (path);
  lines = lines_of (contents);
  ramo_last = parse_object (lines[g_strv_length (lines) - 1]);
  g_assert_cmpstr (json_object_get_string_member (ramo_last, "id"), ==, id);
  g_string_replace (expected, json_object_get_string_member (omp_last, "id"), id, 0);
  g_string_replace (expected, json_object_get_string_member (omp_last, "timestamp"),
                    json_object_get_string_member (ramo_last, "timestamp"), 0);
  g_assert_cmpstr (contents, ==, expected->str);

  /* in place: the same file */
  g_assert_cmpint (g_stat (path, &after), ==, 0);
  g_assert_cmpuint (after.st_ino, ==, before.st_ino);

  assert_name (manager, "New name");
  g_assert_cmpuint (notified, >=, 1);
  g_assert_cmpstr (ramo_session_manager_get_leaf_id (manager), ==, id);
  g_assert_cmpint (ramo_session_manager_refresh (manager, &error), ==, 0);
  g_assert_no_error (error);

  again = ramo_session_manager_open (path, &error);
  g_assert_no_error (error);
  assert_name (again, "New name");
}

static void
test_rename_replace (void)
{
  g_autofree char *path = NULL;
  g_autoptr(RamoSessionManager) manager = open_text (OMP_FILE_B, &path);
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) omp = lines_of (OMP_RENAMED_B);
  g_autoptr(JsonObject) omp_last = parse_object (omp[g_strv_length (omp) - 1]);
  g_autoptr(JsonObject) ramo_last = NULL;
  g_autoptr(GString) expected = g_string_new (OMP_RENAMED_B);
  g_autofree char *id = NULL;
  g_autofree char *contents = NULL;
  g_autofree char *unchanged = NULL;
  g_auto(GStrv) lines = NULL;
  guint notified = 0, reloaded = 0;

  /* oh-my-pi keeps no empty name: nothing is written */
  g_assert_null (ramo_session_manager_append_session_info (manager, " \t ", &error));
  g_assert_error (error, RAMO_SESSION_ERROR, RAMO_SESSION_ERROR_INVALID_ARGUMENT);
  g_clear_error (&error);
  unchanged = read_text (path);
  g_assert_cmpstr (unchanged, ==, OMP_FILE_B);

  g_signal_connect (manager, "notify::session-name", G_CALLBACK (count_notify), &notified);
  g_signal_connect_swapped (manager, "reloaded", G_CALLBACK (count_signal), &reloaded);
  id = ramo_session_manager_append_session_info (manager, "  New\tname  ", &error);
  g_assert_no_error (error);
  g_assert_nonnull (id);

  /* a file without a slot is rewritten with one, the header naming the session */
  contents = read_text (path);
  lines = lines_of (contents);
  ramo_last = parse_object (lines[g_strv_length (lines) - 1]);
  g_string_replace (expected, json_object_get_string_member (omp_last, "id"), id, 0);
  g_string_replace (expected, json_object_get_string_member (omp_last, "timestamp"),
                    json_object_get_string_member (ramo_last, "timestamp"), 0);
  g_assert_cmpstr (contents, ==, expected->str);

  g_assert_cmpuint (reloaded, ==, 1);
  g_assert_cmpuint (notified, >=, 1);
  assert_name (manager, "New name");
  g_assert_cmpstr (ramo_session_manager_get_leaf_id (manager), ==, id);

  /* the second rename finds the slot the first one wrote: in place now */
  g_free (id);
  id = ramo_session_manager_append_session_info (manager, "Third", &error);
  g_assert_no_error (error);
  g_assert_cmpuint (reloaded, ==, 1);
  assert_name (manager, "Third");
}

/* Branched files */

static void
test_branched (void)
{
  static const char * const label_fresh[] = { "id", "timestamp", NULL };
  g_autofree char *path = NULL;
  g_autoptr(RamoSessionManager) manager = open_text (OMP_FILE_A, &path);
  g_autoptr(RamoSessionManager) again = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *new_path = NULL;
  g_autofree char *contents = NULL;
  g_auto(GStrv) ramo = NULL;
  g_auto(GStrv) omp = lines_of (OMP_BRANCHED_A);
  g_autoptr(JsonObject) header = NULL;
  g_autoptr(JsonObject) slot = NULL;
  g_autofree char *previous = NULL;

  g_assert_true (ramo_session_manager_create_branched_session (manager, "a2", &new_path, &error));
  g_assert_no_error (error);
  contents = read_text (new_path);
  ramo = lines_of (contents);
  g_assert_cmpuint (g_strv_length (ramo), ==, g_strv_length (omp));

  /* the slot: 256 bytes with the newline, stamped with the header's time */
  g_assert_cmpuint (strlen (ramo[0]) + 1, ==, 256);
  slot = parse_object (ramo[0]);
  header = parse_object (ramo[1]);
  g_assert_cmpstr (json_object_get_string_member (slot, "updatedAt"), ==,
                   json_object_get_string_member (header, "timestamp"));
  {
    static const char * const take[] = { "updatedAt", "pad", NULL };

    assert_line_like (ramo[0], omp[0], take);
  }
  /* the header: oh-my-pi's members in its order (title, titleSource, parentSession,
   * additionalDirectories), a new id and time */
  {
    static const char * const take[] = { "id", "timestamp", "parentSession", NULL };

    assert_line_like (ramo[1], omp[1], take);
    g_assert_cmpstr (json_object_get_string_member (header, "parentSession"), ==, path);
  }

  /* the entries as oh-my-pi keeps them, each chained to the one before (oh-my-pi leaves s1
   * pointing at the label l1 it dropped: Ramo re-chains it, deliberately), then the labels
   * made afresh with the time now, as oh-my-pi makes them */
  for (guint i = 2; ramo[i]; i++)
    {
      g_autoptr(JsonObject) ramo_entry = parse_object (ramo[i]);
      g_autoptr(JsonObject) omp_entry = parse_object (omp[i]);
      g_autofree char *omp_line = NULL;
      const char *type = json_object_get_string_member (omp_entry, "type");

      if (g_strcmp0 (type, "label") == 0)
        {
          json_object_set_string_member (omp_entry, "id", json_object_get_string_member (ramo_entry, "id"));
          g_assert_cmpstr (json_object_get_string_member (ramo_entry, "timestamp"), >=,
                           json_object_get_string_member (header, "timestamp"));
        }
      if (previous)
        json_object_set_string_member (omp_entry, "parentId", previous);
      else
        json_object_set_null_member (omp_entry, "parentId");
      omp_line = object_to_string (omp_entry);
      assert_line_like (ramo[i], omp_line, g_strcmp0 (type, "label") == 0 ? label_fresh : NULL);
      g_free (previous);
      previous = g_strdup (json_object_get_string_member (ramo_entry, "id"));
    }

  assert_name (manager, "Parser work");
  g_assert_cmpuint (ramo_session_manager_get_roots (manager)->len, ==, 1);
  again = ramo_session_manager_open (new_path, &error);
  g_assert_no_error (error);
  g_assert_cmpint (ramo_session_manager_get_dialect (again), ==, RAMO_DIALECT_OMP);
  assert_name (again, "Parser work");
}

/* Appends */

typedef char *(*AppendFunc) (RamoSessionManager *manager, GError **error);

static char *append_label (RamoSessionManager *m, GError **e) { return ramo_session_manager_append_label_change (m, "u2", "mark", e); }
static char *append_label_clear (RamoSessionManager *m, GError **e) { return ramo_session_manager_append_label_change (m, "a2", NULL, e); }
static char *append_compaction (RamoSessionManager *m, GError **e) { return ramo_session_manager_append_compaction (m, "sum", "u2", 100, NULL, FALSE, e); }
static char *append_compaction_hook (RamoSessionManager *m, GError **e) { return ramo_session_manager_append_compaction (m, "sum", "u2", 100, NULL, TRUE, e); }
static char *append_summary (RamoSessionManager *m, GError **e) { return ramo_session_manager_branch_with_summary (m, "a1", "left", NULL, FALSE, e); }
static char *append_summary_hook (RamoSessionManager *m, GError **e) { return ramo_session_manager_branch_with_summary (m, NULL, "left", NULL, TRUE, e); }
static char *append_thinking (RamoSessionManager *m, GError **e) { return ramo_session_manager_append_thinking_level_change (m, "high", e); }
static char *append_model (RamoSessionManager *m, GError **e) { return ramo_session_manager_append_model_change (m, "anthropic", "claude-opus-4-1", e); }

static void
test_appends (void)
{
  static const char * const fresh[] = { "id", "timestamp", NULL };
  static const struct { AppendFunc append; const char *omp; } cases[] = {
    { append_label, OMP_APPEND_LABEL },
    { append_label_clear, OMP_APPEND_LABEL_CLEAR },
    { append_compaction, OMP_APPEND_COMPACTION },
    { append_compaction_hook, OMP_APPEND_COMPACTION_HOOK },
    { append_summary, OMP_APPEND_BRANCH_SUMMARY },
    { append_summary_hook, OMP_APPEND_BRANCH_SUMMARY_HOOK },
    { append_thinking, OMP_APPEND_THINKING },
    { append_model, OMP_APPEND_MODEL },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *path = NULL;
      g_autoptr(RamoSessionManager) manager = open_text (OMP_FILE_A, &path);
      g_autoptr(GError) error = NULL;
      g_autofree char *id = cases[i].append (manager, &error);
      g_autofree char *contents = NULL;
      g_auto(GStrv) lines = NULL;

      g_assert_no_error (error);
      g_assert_nonnull (id);
      contents = read_text (path);
      g_assert_true (g_str_has_prefix (contents, OMP_FILE_A));
      lines = lines_of (contents);
      assert_line_like (lines[g_strv_length (lines) - 1], cases[i].omp, fresh);
    }
}

/* Following oh-my-pi as it renames */

static void
write_at (const char *path,
          const char *bytes,
          gsize       len,
          gboolean    append)
{
  int fd = g_open (path, append ? O_WRONLY | O_APPEND : O_RDWR, 0);

  g_assert_cmpint (fd, >=, 0);
  if (append)
    g_assert_cmpint (write (fd, bytes, len), ==, (gssize) len);
  else
    g_assert_cmpint (pwrite (fd, bytes, len, 0), ==, (gssize) len);
  close (fd);
}

static void
test_follow_slot (void)
{
  g_autofree char *path = NULL;
  g_autoptr(RamoSessionManager) manager = open_text (OMP_FILE_A, &path);
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) renamed = lines_of (OMP_RENAMED_A);
  g_autofree char *title_change = g_strconcat (renamed[g_strv_length (renamed) - 1], "\n", NULL);
  g_autofree char *property = NULL;
  guint notified = 0, reloaded = 0;

  g_signal_connect (manager, "notify::session-name", G_CALLBACK (count_notify), &notified);
  g_signal_connect_swapped (manager, "reloaded", G_CALLBACK (count_signal), &reloaded);

  /* oh-my-pi renames: it appends its title_change, then writes the slot at offset 0 */
  write_at (path, title_change, strlen (title_change), TRUE);
  write_at (path, OMP_RENAMED_A, 256, FALSE);
  g_assert_cmpint (ramo_session_manager_refresh (manager, &error), ==, 1);
  g_assert_no_error (error);
  assert_name (manager, "New name");
  g_object_get (manager, "session-name", &property, NULL);
  g_assert_cmpstr (property, ==, "New name");
  g_assert_cmpuint (notified, ==, 1);

  /* the slot alone rewritten: the same size, nothing added, the name follows */
  write_at (path, OMP_SLOT_PLAIN, 256, FALSE);
  g_assert_cmpint (ramo_session_manager_refresh (manager, &error), ==, 0);
  g_assert_no_error (error);
  assert_name (manager, "Parser work");
  g_assert_cmpuint (notified, ==, 2);
  g_assert_cmpuint (reloaded, ==, 0);

  /* nothing changed: no notification */
  g_assert_cmpint (ramo_session_manager_refresh (manager, &error), ==, 0);
  g_assert_cmpuint (notified, ==, 2);

  /* a first line that is no longer a slot: the file was changed behind Ramo's back */
  write_at (path, "X", 1, FALSE);
  g_assert_cmpint (ramo_session_manager_refresh (manager, &error), ==, -1);
  g_assert_error (error, RAMO_SESSION_ERROR, RAMO_SESSION_ERROR_CHANGED);
  assert_name (manager, "Parser work");
}

/* pi's files keep pi's session_info, and the name is notified */
static void
test_pi_name (void)
{
  g_autoptr(RamoSessionManager) manager = open_text (
    "{\"type\":\"session\",\"version\":3,\"id\":\"p\",\"timestamp\":\"2026-11-20T10:00:00.000Z\",\"cwd\":\"/tmp\"}\n", NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *id = NULL;
  guint notified = 0;

  g_signal_connect (manager, "notify::session-name", G_CALLBACK (count_notify), &notified);
  id = ramo_session_manager_append_session_info (manager, " pi name ", &error);
  g_assert_no_error (error);
  g_assert_cmpint (ramo_session_manager_get_entry (manager, id)->type, ==, RAMO_ENTRY_TYPE_SESSION_INFO);
  assert_name (manager, "pi name");
  g_assert_cmpuint (notified, ==, 1);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/session-omp/slot-write", test_slot_write);
  g_test_add_func ("/session-omp/name", test_name);
  g_test_add_func ("/session-omp/rename-in-place", test_rename_in_place);
  g_test_add_func ("/session-omp/rename-replace", test_rename_replace);
  g_test_add_func ("/session-omp/branched", test_branched);
  g_test_add_func ("/session-omp/appends", test_appends);
  g_test_add_func ("/session-omp/follow-slot", test_follow_slot);
  g_test_add_func ("/session-omp/pi-name", test_pi_name);

  return g_test_run ();
}

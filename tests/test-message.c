/* test-message.c
 *
 * Copyright 2026 The Ramo authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "ramo-message.h"

static JsonNode *
parse (const char *json)
{
  g_autoptr(GError) error = NULL;
  JsonNode *node = json_from_string (json, &error);

  g_assert_no_error (error);
  return node;
}

static void
test_iter_kinds (void)
{
  g_autoptr(JsonNode) content =
    parse ("[{\"type\":\"text\",\"text\":\"a\"}, 7, {\"type\":\"thinking\",\"thinking\":\"t\"},"
           " {\"type\":\"toolCall\",\"name\":\"bash\"}, {\"type\":\"image\"}, {\"type\":\"x\"},"
           " {\"type\":\"text\"}, {\"text\":\"no type\"}]");
  const RamoContentKind expected[] = { RAMO_CONTENT_TEXT, RAMO_CONTENT_THINKING, RAMO_CONTENT_TOOL_CALL,
                                       RAMO_CONTENT_IMAGE, RAMO_CONTENT_OTHER, RAMO_CONTENT_TEXT,
                                       RAMO_CONTENT_OTHER };
  const char *texts[] = { "a", "t", NULL, NULL, NULL, NULL, NULL };
  RamoContentIter iter;
  guint n = 0;

  ramo_content_iter_init (&iter, content);
  while (ramo_content_iter_next (&iter))
    {
      g_assert_cmpuint (n, <, G_N_ELEMENTS (expected));
      g_assert_cmpint (iter.kind, ==, expected[n]);
      g_assert_cmpstr (iter.text, ==, texts[n]);
      g_assert_nonnull (iter.block);
      n++;
    }
  g_assert_cmpuint (n, ==, G_N_ELEMENTS (expected));
  g_assert_false (ramo_content_iter_next (&iter));
}

static void
test_iter_shapes (void)
{
  g_autoptr(JsonNode) string = parse ("\"plain\"");
  g_autoptr(JsonNode) number = parse ("3");
  g_autoptr(JsonNode) object = parse ("{\"type\":\"text\",\"text\":\"x\"}");
  RamoContentIter iter;

  ramo_content_iter_init (&iter, string);
  g_assert_true (ramo_content_iter_next (&iter));
  g_assert_cmpint (iter.kind, ==, RAMO_CONTENT_TEXT);
  g_assert_cmpstr (iter.text, ==, "plain");
  g_assert_null (iter.block);
  g_assert_false (ramo_content_iter_next (&iter));

  ramo_content_iter_init (&iter, number);
  g_assert_false (ramo_content_iter_next (&iter));
  ramo_content_iter_init (&iter, object);
  g_assert_false (ramo_content_iter_next (&iter));
  ramo_content_iter_init (&iter, NULL);
  g_assert_false (ramo_content_iter_next (&iter));

  g_assert_true (ramo_content_is_text_or_blocks (string));
  g_assert_false (ramo_content_is_text_or_blocks (number));
  g_assert_false (ramo_content_is_text_or_blocks (object));
  g_assert_false (ramo_content_is_text_or_blocks (NULL));
}

static void
test_dup_text (void)
{
  g_autoptr(JsonNode) content =
    parse ("[{\"type\":\"text\",\"text\":\"one\"}, {\"type\":\"image\",\"data\":\"QQ==\"},"
           " {\"type\":\"text\"}, {\"type\":\"thinking\",\"thinking\":\"hidden\"}, {\"type\":\"text\",\"text\":\"two\"}]");
  g_autoptr(JsonNode) string = parse ("\"s\"");
  g_autofree char *plain = ramo_content_dup_text (content, "\n", RAMO_CONTENT_FLAGS_NONE);
  g_autofree char *marked = ramo_content_dup_text (content, " | ", RAMO_CONTENT_MARK_IMAGES);
  g_autofree char *from_string = ramo_content_dup_text (string, "\n", RAMO_CONTENT_MARK_IMAGES);
  g_autofree char *none = ramo_content_dup_text (NULL, "\n", RAMO_CONTENT_FLAGS_NONE);

  g_assert_cmpstr (plain, ==, "one\ntwo");
  g_assert_cmpstr (marked, ==, "one | [image] | two");
  g_assert_cmpstr (from_string, ==, "s");
  g_assert_cmpstr (none, ==, "");
}

/* pi's navigateTree: `content.filter (c => c.type === "text").map (c => c.text).join ("")` */
static void
test_editor_text (void)
{
  g_autoptr(JsonNode) user =
    parse ("{\"type\":\"message\",\"message\":{\"role\":\"user\",\"content\":"
           "[{\"type\":\"text\",\"text\":\"fix \"},{\"type\":\"image\"},{\"type\":\"text\",\"text\":\"it\"}]}}");
  g_autoptr(JsonNode) custom =
    parse ("{\"type\":\"custom_message\",\"content\":\"from an extension\"}");
  g_autoptr(JsonNode) other = parse ("{\"type\":\"compaction\",\"summary\":\"s\"}");
  g_autofree char *a = ramo_message_dup_editor_text (json_node_get_object (user));
  g_autofree char *b = ramo_message_dup_editor_text (json_node_get_object (custom));
  g_autofree char *c = ramo_message_dup_editor_text (json_node_get_object (other));

  g_assert_cmpstr (a, ==, "fix it");
  g_assert_cmpstr (b, ==, "from an extension");
  g_assert_cmpstr (c, ==, "");
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/Core/Message/iter-kinds", test_iter_kinds);
  g_test_add_func ("/Core/Message/iter-shapes", test_iter_shapes);
  g_test_add_func ("/Core/Message/dup-text", test_dup_text);
  g_test_add_func ("/Core/Message/editor-text", test_editor_text);

  return g_test_run ();
}

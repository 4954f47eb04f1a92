/* test-json.c — the JSON.stringify-compatible writer and JavaScript date parsing
 *
 * Copyright 2026 The Ramo authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <math.h>

#include "ramo-js.h"
#include "ramo-json.h"
#include "ramo-json-scan.h"
#include "ramo-entry-members-private.h"

static void
check_number (double      value,
              const char *expected)
{
  g_autoptr(GString) out = g_string_new (NULL);

  ramo_json_write_number (out, value);
  g_assert_cmpstr (out->str, ==, expected);
}

static void
test_numbers (void)
{
  /* the values JavaScript's String(n) gives */
  check_number (0, "0");
  check_number (-0.0, "0");
  check_number (1, "1");
  check_number (-42, "-42");
  check_number (0.1, "0.1");
  check_number (0.1 + 0.2, "0.30000000000000004");
  check_number (1.5, "1.5");
  check_number (123456789012, "123456789012");
  check_number (1e21, "1e+21");
  check_number (1e20, "100000000000000000000");
  check_number (1.5e-7, "1.5e-7");
  check_number (0.000001, "0.000001");
  check_number (1.7976931348623157e308, "1.7976931348623157e+308");
  check_number (5e-324, "5e-324");
  check_number (NAN, "null");
  check_number (INFINITY, "null");
}

static void
test_roundtrip (void)
{
  /* key order (integer-like keys first, ascending), escapes, nesting */
  static const char *input =
    "{\"b\":1,\"2\":\"two\",\"a\":[1,2.5,true,null,{\"x\":\"\\u0001\\t\\\"q\\\"\\\\/\"}],\"1\":\"é€😀\"}";
  static const char *expected =
    "{\"1\":\"é€😀\",\"2\":\"two\",\"b\":1,\"a\":[1,2.5,true,null,{\"x\":\"\\u0001\\t\\\"q\\\"\\\\/\"}]}";
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) node = json_from_string (input, &error);
  g_autofree char *text = NULL;

  g_assert_no_error (error);
  text = ramo_json_to_string (node);
  g_assert_cmpstr (text, ==, expected);
}

static void
test_dates (void)
{
  /* Date.parse() values, computed with node */
  g_assert_cmpfloat (ramo_js_date_parse ("2026-11-02T09:14:03.120Z"), ==, 1793610843120.0);
  g_assert_cmpfloat (ramo_js_date_parse ("1970-01-01T00:00:00.000Z"), ==, 0.0);
  g_assert_cmpfloat (ramo_js_date_parse ("2024-02-29T12:00:00+02:00"), ==, 1709200800000.0);
  g_assert_cmpfloat (ramo_js_date_parse ("2024-02-29"), ==, 1709164800000.0);
  g_assert_cmpfloat (ramo_js_date_parse ("2024-02-29T12:00:00.123456Z"), ==, 1709208000123.0);
  g_assert_cmpfloat (ramo_js_date_parse ("+002024-01-01T00:00:00Z"), ==, 1704067200000.0);
  /* forms V8 accepts outside the ISO format (local time; these tests run in UTC) */
  if (g_strcmp0 (g_getenv ("TZ"), NULL) == 0 || g_strcmp0 (g_getenv ("TZ"), "UTC") == 0)
    {
      g_autoptr(GTimeZone) local = g_time_zone_new_local ();

      if (g_time_zone_get_offset (local, 0) == 0)
        {
          g_assert_cmpfloat (ramo_js_date_parse ("2024-01-01 10:00:00"), ==, 1704103200000.0);
          g_assert_cmpfloat (ramo_js_date_parse ("2024-1-1"), ==, 1704067200000.0);
        }
    }
  g_assert_cmpfloat (ramo_js_date_parse ("2024-01-01 10:00:00Z"), ==, 1704103200000.0);
  g_assert_cmpfloat (ramo_js_date_parse ("2024-01-01T10:00:00+0200"), ==, 1704096000000.0);
  g_assert_cmpfloat (ramo_js_date_parse ("2024-01-01T24:00:00Z"), ==, 1704153600000.0);
  g_assert_cmpfloat (ramo_js_date_parse ("2024-02-30T00:00:00Z"), ==, 1709251200000.0);
  g_assert_true (isnan (ramo_js_date_parse ("2024-01-01T10:00:00 +02:00")));
  g_assert_true (isnan (ramo_js_date_parse ("  2024-01-01T00:00:00Z")));
  g_assert_true (isnan (ramo_js_date_parse ("20240101")));
  g_assert_true (isnan (ramo_js_date_parse ("not a date")));
  g_assert_true (isnan (ramo_js_date_parse ("2024-13-01T00:00:00Z")));
  g_assert_true (isnan (ramo_js_date_parse ("")));
  g_assert_true (isnan (ramo_js_date_parse (NULL)));
}

static void
test_timestamp_now (void)
{
  g_autofree char *now = ramo_iso_timestamp_now ();

  g_assert_true (g_regex_match_simple ("^\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{3}Z$", now, 0, 0));
  g_assert_false (isnan (ramo_js_date_parse (now)));
}


static void
test_scan_grammar (void)
{
  /* JSON.parse() accepts exactly these (checked with node) */
  static const struct { const char *text; gboolean valid; } cases[] = {
    { "{}", TRUE }, { "[]", TRUE }, { " {\"a\":1} ", TRUE }, { "{\"a\":1,}", FALSE },
    { "[1,]", FALSE }, { "{\"a\":01}", FALSE }, { "{\"a\":-0.5e+3}", TRUE }, { "{\"a\":.5}", FALSE },
    { "{\"a\":1.}", FALSE }, { "{\"a\":\"\\x\"}", FALSE }, { "{\"a\":\"\\u12\"}", FALSE },
    { "{\"a\":\"\\u00e9\"}", TRUE }, { "{\"a\":\"tab\there\"}", FALSE }, { "{\"a\":tru}", FALSE },
    { "{\"a\":true}{}", FALSE }, { "{\"a\" 1}", FALSE }, { "{a:1}", FALSE }, { "\"str\"", TRUE },
    { "-", FALSE }, { "{\"a\":[1,[2,[3]]],\"b\":{\"c\":null}}", TRUE }, { "{\"a\":\"\\ud83d\\ude00\"}", TRUE },
    { "{\"a\":1e5}", TRUE }, { "{\"a\":-}", FALSE }, { "\t{\"a\":\r\n1}\r", TRUE }, { "", FALSE },
  };
  RamoScan scan;

  ramo_scan_init (&scan);
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      const char *error = NULL;
      gboolean valid = ramo_scan_parse (&scan, cases[i].text, strlen (cases[i].text), &error);

      if (valid != cases[i].valid)
        g_error ("case %u (%s): expected %s", i, cases[i].text, cases[i].valid ? "valid" : "invalid");
    }
  ramo_scan_clear (&scan);
}

static void
test_scan_values (void)
{
  static const char *text =
    "{\"type\":\"message\",\"n\":-1.5e2,\"s\":\"a\\\"b\\u00e9\\ud83d\\ude00\\n\",\"k\\u0065y\":true,"
    "\"dup\":1,\"dup\":2,\"nul\":\"x\\u0000y\",\"a\\u0000b\":3,\"blank\":\" \\t\\u00a0\",\"deep\":[[[[[[{\"x\":[]}]]]]]],\"obj\":{\"b\":1,\"a\":[0.1]}}";
  RamoScan scan;
  const char *error = NULL;
  double v = 0;
  g_autofree char *s = NULL;
  g_autofree char *cut = NULL;
  g_autofree char *json = NULL;

  ramo_scan_init (&scan);
  g_assert_true (ramo_scan_parse (&scan, text, strlen (text), &error));
  g_assert_true (ramo_scan_string_equal (&scan, ramo_scan_member (&scan, 1, "type"), "message"));
  g_assert_true (ramo_scan_number (&scan, ramo_scan_member (&scan, 1, "n"), &v));
  g_assert_cmpfloat (v, ==, -150);
  s = ramo_scan_string (&scan, ramo_scan_member (&scan, 1, "s"), 0);
  g_assert_cmpstr (s, ==, "a\"b\xC3\xA9\xF0\x9F\x98\x80\n");
  cut = ramo_scan_string (&scan, ramo_scan_member (&scan, 1, "s"), 4);
  g_assert_cmpstr (cut, ==, "a\"b\xC3\xA9");
  g_assert_cmpint (ramo_scan_type (&scan, ramo_scan_member (&scan, 1, "key")), ==, RAMO_SCAN_TRUE);
  g_assert_true (ramo_scan_number (&scan, ramo_scan_member (&scan, 1, "dup"), &v));
  g_assert_cmpfloat (v, ==, 2);
  g_assert_true (ramo_scan_string_blank (&scan, ramo_scan_member (&scan, 1, "blank")));
  g_assert_false (ramo_scan_string_blank (&scan, ramo_scan_member (&scan, 1, "s")));
  g_assert_cmpuint (ramo_scan_member (&scan, 1, "missing"), ==, 0);
  /* an escaped NUL is no end of the string: "x\u0000y" is not "x", "a\u0000b" not "a" */
  g_assert_false (ramo_scan_string_equal (&scan, ramo_scan_member (&scan, 1, "nul"), "x"));
  g_assert_cmpuint (ramo_scan_member (&scan, 1, "a"), ==, 0);
  /* the lengths given are the names' */
  g_assert_cmpuint (ramo_scan_member_len (&scan, 1, "dupe", 3), ==, ramo_scan_member (&scan, 1, "dup"));
  g_assert_cmpuint (ramo_scan_member_len (&scan, 1, "a\0b", 3), ==, 0);
  g_assert_true (ramo_scan_string_equal_len (&scan, ramo_scan_member (&scan, 1, "type"), "messages", 7));
  g_assert_false (ramo_scan_string_equal_len (&scan, ramo_scan_member (&scan, 1, "type"), "message", 6));
  json = ramo_scan_to_json (&scan, ramo_scan_member (&scan, 1, "obj"));
  g_assert_cmpstr (json, ==, "{\"b\":1,\"a\":[0.1]}");
  ramo_scan_clear (&scan);
}

static void
test_scan_deep (void)
{
  /* nesting far beyond any C stack: the scanner keeps its own */
  g_autoptr(GString) text = g_string_new (NULL);
  RamoScan scan;
  const char *error = NULL;

  for (guint i = 0; i < 1000000; i++)
    g_string_append_c (text, '[');
  for (guint i = 0; i < 1000000; i++)
    g_string_append_c (text, ']');
  ramo_scan_init (&scan);
  g_assert_true (ramo_scan_parse (&scan, text->str, text->len, &error));
  g_string_truncate (text, text->len - 1);
  g_assert_false (ramo_scan_parse (&scan, text->str, text->len, &error));
  ramo_scan_clear (&scan);
}

/* ramo_scan_write() is JSON.stringify(JSON.parse(text)): every case was checked with node */
static void
test_scan_write (void)
{
  static const struct { const char *in, *out; } cases[] = {
    { "\"a\\u0000b\"", "\"a\\u0000b\"" },
    { "\"\\ud800x\\udbff\"", "\"\\ud800x\\udbff\"" },
    { "\"\\udc00\\ud800\"", "\"\\udc00\\ud800\"" },
    { "\"\\ud83d\\ude00\"", "\"\xF0\x9F\x98\x80\"" },
    { "\"\\u0001\\u001F\\b\\f\\n\\r\\t\\u007f\\u2028\"", "\"\\u0001\\u001f\\b\\f\\n\\r\\t\x7F\xE2\x80\xA8\"" },
    { "\"\\/\\\"\\\\\\u0041\\u0022\\u005C\"", "\"/\\\"\\\\A\\\"\\\\\"" },
    { "12345678901234567890", "12345678901234567000" },
    { "123456789012345678901234567890", "1.2345678901234568e+29" },
    { "1e21", "1e+21" },
    { "1E400", "null" },
    { "-1e400", "null" },
    { "-0", "0" },
    { "-0.0e5", "0" },
    { "1e-7", "1e-7" },
    { "0.000001", "0.000001" },
    { "5e-324", "5e-324" },
    { "1e-400", "0" },
    { "9007199254740993", "9007199254740992" },
    { "123e-2", "1.23" },
    { " [ 1 , { } , [ ] , \"x\" , true , false , null ] ", "[1,{},[],\"x\",true,false,null]" },
    { "{\"b\":1,\"2\":2,\"a\":3,\"1\":4,\"b\":5,\"4294967295\":6,\"4294967294\":7,\"01\":8}",
      "{\"1\":4,\"2\":2,\"4294967294\":7,\"b\":5,\"a\":3,\"4294967295\":6,\"01\":8}" },
    { "{\"\\u0000\":1,\"\\u0000\":2,\"\\ud800\":3,\"\\u0061\":4,\"a\":5}", "{\"\\u0000\":2,\"\\ud800\":3,\"a\":5}" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *json = NULL;
      const char *error = NULL;
      RamoScan scan;

      ramo_scan_init (&scan);
      g_assert_true (ramo_scan_parse (&scan, cases[i].in, strlen (cases[i].in), &error));
      json = ramo_scan_to_json (&scan, 1);
      g_assert_cmpstr (json, ==, cases[i].out);
      ramo_scan_clear (&scan);
    }

  /* an object with many members (the hashed path for repeated keys) */
  {
    g_autoptr(GString) in = g_string_new ("{");
    g_autoptr(GString) want = g_string_new ("{");
    g_autofree char *json = NULL;
    const char *error = NULL;
    RamoScan scan;

    for (guint i = 0; i < 40; i++)
      {
        g_string_append_printf (in, "%s\"k%u\":%u", i ? "," : "", i, i);
        g_string_append_printf (want, "%s\"k%u\":%u", i ? "," : "", i, i == 7 ? 100 : i);
      }
    g_string_append (in, ",\"k7\":100}");
    g_string_append_c (want, '}');
    ramo_scan_init (&scan);
    g_assert_true (ramo_scan_parse (&scan, in->str, in->len, &error));
    json = ramo_scan_to_json (&scan, 1);
    g_assert_cmpstr (json, ==, want->str);
    ramo_scan_clear (&scan);
  }
}

/* ramo_scan_to_node(): what json-glib can hold, nothing cut short or wrapped */
static void
test_scan_to_node (void)
{
  const char *in = "{\"s\":\"a\\u0000b\\ud800c\",\"big\":12345678901234567890,\"int\":42,"
                   "\"inf\":1e400,\"k\\u0000\":[1,{\"x\":null}],\"k\":1,\"k\":2}";
  g_autoptr(JsonNode) node = NULL;
  const char *error = NULL;
  JsonObject *object;
  RamoScan scan;

  ramo_scan_init (&scan);
  g_assert_true (ramo_scan_parse (&scan, in, strlen (in), &error));
  node = ramo_scan_to_node (&scan, 1);
  ramo_scan_clear (&scan);

  object = json_node_get_object (node);
  g_assert_cmpstr (json_object_get_string_member (object, "s"), ==, "a\xEF\xBF\xBD" "b\xEF\xBF\xBD" "c");
  g_assert_cmpfloat (json_object_get_double_member (object, "big"), ==, 12345678901234567890.0);
  g_assert_cmpint (json_object_get_int_member (object, "int"), ==, 42);
  g_assert_true (isinf (json_object_get_double_member (object, "inf")));
  g_assert_true (json_object_has_member (object, "k\xEF\xBF\xBD"));
  g_assert_cmpint (json_object_get_int_member (object, "k"), ==, 2);
  g_assert_cmpuint (json_object_get_size (object), ==, 6);
}

/* ramo_utf8_count_chars() against g_utf8_strlen(): texts of every length up to 40 bytes
 * around the eight-byte steps, of one- to four-byte characters */
static void
test_count_chars (void)
{
  static const char * const pieces[] = { "a", "é", "€", "𝄞", "\x7f", "ÿ" };
  g_autoptr(GRand) rand = g_rand_new_with_seed (5);

  for (guint round = 0; round < 2000; round++)
    {
      g_autoptr(GString) text = g_string_new (NULL);
      guint n = (guint) g_rand_int_range (rand, 0, 24);

      for (guint i = 0; i < n; i++)
        g_string_append (text, pieces[g_rand_int_range (rand, 0, G_N_ELEMENTS (pieces))]);
      for (gsize len = 0; len <= text->len; len++)
        if (g_utf8_validate_len (text->str, len, NULL))
          g_assert_cmpint (ramo_utf8_count_chars (text->str, len), ==, g_utf8_strlen (text->str, (gssize) len));
    }
}

/* A content block's kind, by its `type` as JSON.parse() reads it (escapes decoded, the last of
 * a name winning), kept in its node until the next parse. */
static void
test_block_kind (void)
{
  static const char line[] =
    "[{\"type\":\"text\",\"text\":\"a\"},{\"type\":\"toolCall\",\"id\":\"c\"},"
    "{\"type\":\"thinking\"},{\"type\":\"image\"},{\"type\":\"t\\u0065xt\"},"
    "{\"type\":\"toolCall\",\"type\":\"text\"},{\"t\\u0079pe\":\"image\"},{\"type\":3},{},"
    "{\"type\":\"Text\"},\"text\",[{\"type\":\"text\"}]]";
  static const guint8 want[] = {
    RAMO_CONTENT_TEXT, RAMO_CONTENT_TOOL_CALL, RAMO_CONTENT_THINKING, RAMO_CONTENT_IMAGE,
    RAMO_CONTENT_TEXT, RAMO_CONTENT_TEXT, RAMO_CONTENT_IMAGE, RAMO_CONTENT_OTHER,
    RAMO_CONTENT_OTHER, RAMO_CONTENT_OTHER, RAMO_CONTENT_OTHER, RAMO_CONTENT_OTHER,
  };
  /* the same nodes, other types: what the first line's blocks were is forgotten */
  static const char again[] =
    "[{\"type\":\"image\",\"text\":\"a\"},{\"type\":\"text\",\"id\":\"c\"}]";
  RamoScan scan;
  const char *error = NULL;
  guint i = 0, first;

  ramo_scan_init (&scan);
  g_assert_true (ramo_scan_parse (&scan, line, strlen (line), &error));
  for (guint pass = 0; pass < 2; pass++)
    {
      i = 0;
      for (guint b = ramo_scan_node (&scan, 1)->first_child; b;
           b = ramo_scan_node (&scan, b)->next, i++)
        {
          g_assert_cmpuint (i, <, G_N_ELEMENTS (want));
          g_assert_cmpuint (_ramo_scan_block_kind (&scan, b), ==, want[i]);
        }
      g_assert_cmpuint (i, ==, G_N_ELEMENTS (want));
    }

  g_assert_true (ramo_scan_parse (&scan, again, strlen (again), &error));
  first = ramo_scan_node (&scan, 1)->first_child;
  g_assert_cmpuint (_ramo_scan_block_kind (&scan, first), ==, RAMO_CONTENT_IMAGE);
  g_assert_cmpuint (_ramo_scan_block_kind (&scan, ramo_scan_node (&scan, first)->next), ==,
                    RAMO_CONTENT_TEXT);
  ramo_scan_clear (&scan);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/Core/Json/numbers", test_numbers);
  g_test_add_func ("/Core/Json/roundtrip", test_roundtrip);
  g_test_add_func ("/Core/Json/dates", test_dates);
  g_test_add_func ("/Core/Json/timestamp-now", test_timestamp_now);
  g_test_add_func ("/Core/Json/scan-grammar", test_scan_grammar);
  g_test_add_func ("/Core/Json/scan-values", test_scan_values);
  g_test_add_func ("/Core/Json/scan-deep", test_scan_deep);
  g_test_add_func ("/Core/Json/scan-write", test_scan_write);
  g_test_add_func ("/Core/Json/scan-to-node", test_scan_to_node);
  g_test_add_func ("/Core/Json/count-chars", test_count_chars);
  g_test_add_func ("/Core/Json/block-kind", test_block_kind);
  return g_test_run ();
}

/* test-json.c — the JSON.stringify-compatible writer and JavaScript date parsing
 *
 * Copyright 2026 The Ramo authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <math.h>

#include "ramo-json.h"

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

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/Core/Json/numbers", test_numbers);
  g_test_add_func ("/Core/Json/roundtrip", test_roundtrip);
  g_test_add_func ("/Core/Json/dates", test_dates);
  g_test_add_func ("/Core/Json/timestamp-now", test_timestamp_now);
  return g_test_run ();
}

/* test-js-date.c — Date.parse() as V8 does it: the ISO format and V8's legacy forms
 *
 * Copyright 2026 The Ramo authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <math.h>
#include <string.h>

#include "ramo-js.h"
#include "test-js-util.h"

/*
 * The values below were computed by node 20 (V8 11.3) with TZ=UTC:
 *   TZ=UTC node -e 'for (const s of [...]) console.log(JSON.stringify(s), Date.parse(s))'
 * (Bun 1.3.14, which runs oh-my-pi, gives the same for each). NAN is JavaScript's NaN.
 */
static const struct {
  const char *text;
  double expected;
} node_table[] = {
    { "Sun Mar 01 2026 07:00:00 GMT+0000", 1772348400000.0 },
    { "Sun Mar 01 2026 07:00:00 GMT+0100 (Central European Standard Time)", 1772344800000.0 },
    { "Mar 1, 2026 07:00:00", 1772348400000.0 },
    { "1 March 2026", 1772323200000.0 },
    { "2026/03/01 07:00", 1772348400000.0 },
    { "12", 1007164800000.0 },
    { "Sun, 01 Mar 2026 07:00:00 GMT", 1772348400000.0 },
    { "2026-03-01 07:00:00", 1772348400000.0 },
    { "2026-03-01 07:00:00Z", 1772348400000.0 },
    { "2026-3-1", 1772323200000.0 },
    { "March 1", 983404800000.0 },
    { "Mar\302\2401 2026", 1772323200000.0 },
    { "3/1/26 7:00 PM", 1772391600000.0 },
    { "12:00 am 1/1/2000", 946684800000.0 },
    { "1/1/2000 12:30 pm", 946729800000.0 },
    { "Jan 1 2000 00:00 GMT+1193047:00", 946682896000.0 },
    { "Jan 1 2000 10:00 UTC+2", 946713600000.0 },
    { "Jan 1 2000 10:00 -0530", 946740600000.0 },
    { "Jan 1 2000 10:00 EST", 946738800000.0 },
    { "Jan 1 2000 10:00 PDT", 946746000000.0 },
    { "1 2 3", 1041465600000.0 },
    { "2000 1 2", 946771200000.0 },
    { "Feb 30 2026", 1772409600000.0 },
    { "Jan 32 2026", NAN },
    { "2026-02-30", 1772409600000.0 },
    { "2026-03-01T07:00:00.5Z", 1772348400500.0 },
    { "2026-03-01T07:00:00,5Z", NAN },
    { "Tue Mar 01 2026", 1772323200000.0 },
    { "foo 1 2 2026", 1767312000000.0 },
    { "foo1 2 2026", NAN },
    { "2026 Mar 1 10:00:00.123", 1772359200123.0 },
    { "10:00:00. 1 1 2000", NAN },
    { "1 1 2000 10::", 946720800000.0 },
    { "1 1 2000 10:00:00:00", 946720800000.0 },
    { "99 1 1", 915148800000.0 },
    { "50-1-1", -631152000000.0 },
    { "49/1/1", 2493072000000.0 },
    { "1/1/1000000000", NAN },
    { "275760-09-13", 8640000000000000.0 },
    { "Sat Sep 13 275760 00:00:00 UTC", 8640000000000000.0 },
    { "+275760-09-13T00:00:00Z", 8640000000000000.0 },
    { "+275760-09-13T00:00:00.001Z", NAN },
    { "-271821-04-20T00:00:00Z", -8640000000000000.0 },
    { "-271821-04-19T23:00:00-01:00", -8640000000000000.0 },
    { "(Mar) 1 2026", NAN },
    { "1 (Mar 2026", 978307200000.0 },
    { "1 Mar 2026)", NAN },
    { "2026-03-01T07:00", 1772348400000.0 },
    { "2026-03-01t07:00z", 1772348400000.0 },
    { "Mar 1 2026 24:00", 1772409600000.0 },
    { "Mar 1 2026 24:01", NAN },
    { "Mar 1 2026 13:00 pm", NAN },
    { "Thursday, January 1, 1970", 0.0 },
    { "1970-01-01T00:00:00.000+00:00 ", NAN },
    { "  1 1 2000", 946684800000.0 },
    { "1.1.2000", 946684800000.0 },
    { "1-1-2000", 946684800000.0 },
    { "-1 1 2000", 946684800000.0 },
    { "2000 +1", NAN },
    { "Z 1 1 2000", 946684800000.0 },
};

static void
check (const char *text,
       double      expected,
       double      got)
{
  if (isnan (expected) ? !isnan (got) : got != expected)
    g_error ("Date.parse(\"%s\"): expected %.17g, got %.17g", text, expected, got);
}

static void
test_table (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (node_table); i++)
    check (node_table[i].text, node_table[i].expected, ramo_js_date_parse (node_table[i].text));
}

/* pieces of timestamps: words V8 knows and words it does not, numbers, punctuation */
static const char * const pieces[] = {
  "Jan", "January", "feb", "MAR", "March", "Apr", "may", "June", "Jul", "Aug", "Sept",
  "Oct", "nov", "December", "Sun", "Mon", "Tuesday", "thu", "Fri", "sat",
  "GMT", "gmt", "UTC", "UT", "Z", "z", "T", "t", "am", "PM", "a.m.", "EST", "EDT", "CST",
  "CDT", "MST", "MDT", "PST", "PDT", "CET", "foo", "x", "utcx", "gmt1", "marzo", "Ja",
  "\303\251", "\302\240", "\360\237\230\200", "d\303\251c", "\342\200\257", "\342\200\200",
  "\343\200\200", "\357\273\277", "\341\232\200", "\342\200\250", "\302\205",
  ":", "::", "-", "+", ".", ",", "/", ")", "(", "(GMT)", "((a)b)", "(x", " ", "  ", "\t",
  "\n", "@", "_", "[", "'", "\"", "#",
};

static void
append_number (GString *s,
               GRand   *rand)
{
  static const int lengths[] = { 1, 1, 2, 2, 2, 2, 3, 4, 4, 4, 5, 6, 6, 7, 9, 10, 12 };
  int length = lengths[g_rand_int_range (rand, 0, G_N_ELEMENTS (lengths))];

  for (int i = 0; i < length; i++)
    {
      /* small leading digits, so that many values are plausible fields */
      int digit = i == 0 && g_rand_boolean (rand) ? g_rand_int_range (rand, 0, 3)
                                                  : g_rand_int_range (rand, 0, 10);

      g_string_append_c (s, '0' + digit);
    }
}

static int
field (GRand *rand,
       int    low,
       int    high)
{
  /* mostly in range, sometimes just out of it */
  if (g_rand_int_range (rand, 0, 8) == 0)
    return g_rand_boolean (rand) ? high + g_rand_int_range (rand, 1, 3) : MAX (0, low - 1);
  return g_rand_int_range (rand, low, high + 1);
}

static void
append_template (GString *s,
                 GRand   *rand)
{
  static const char * const months[] = {
    "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
  };
  static const char * const days[] = { "Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat" };
  static const char * const zones[] = { "Z", "+01:00", "-05:30", "+0200", "+14:00", "-24:00", "" };
  int year = g_rand_boolean (rand) ? g_rand_int_range (rand, 1960, 2040) : field (rand, 0, 9999);
  int month = field (rand, 1, 12), day = field (rand, 1, 31);
  int hour = field (rand, 0, 24), minute = field (rand, 0, 59), second = field (rand, 0, 59);
  const char *mname = months[(month + 11) % 12];
  const char *dname = days[g_rand_int_range (rand, 0, 7)];

  switch (g_rand_int_range (rand, 0, 14))
    {
    case 0:
      g_string_append_printf (s, "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ", year, month, day, hour,
                              minute, second, g_rand_int_range (rand, 0, 1000));
      break;
    case 1:
      g_string_append_printf (s, "%04d-%02d-%02d%c%02d:%02d%s", year, month, day,
                              " Tt"[g_rand_int_range (rand, 0, 3)], hour, minute,
                              zones[g_rand_int_range (rand, 0, G_N_ELEMENTS (zones))]);
      break;
    case 2:
      g_string_append_printf (s, "%s %s %02d %04d %02d:%02d:%02d GMT%+05d (Some Zone)", dname,
                              mname, day, year, hour, minute, second,
                              g_rand_int_range (rand, -1200, 1400));
      break;
    case 3:
      g_string_append_printf (s, "%s, %02d %s %04d %02d:%02d:%02d GMT", dname, day, mname,
                              year, hour, minute, second);
      break;
    case 4:
      g_string_append_printf (s, "%s %d, %d %02d:%02d:%02d", mname, day, year, hour, minute,
                              second);
      break;
    case 5:
      g_string_append_printf (s, "%d %s %d", day, mname, year);
      break;
    case 6:
      g_string_append_printf (s, "%d/%02d/%02d %02d:%02d", year, month, day, hour, minute);
      break;
    case 7:
      g_string_append_printf (s, "%d/%d/%d %d:%02d %s", month, day, year % 100, hour % 13, minute,
                              g_rand_boolean (rand) ? "PM" : "am");
      break;
    case 8:
      g_string_append_printf (s, "%d", g_rand_int_range (rand, 0, 100000));
      break;
    case 9:
      g_string_append_printf (s, "%+07d-%02d-%02dT%02d:%02d:%02d%s",
                              g_rand_int_range (rand, -300000, 300000), month, day, hour, minute,
                              second, zones[g_rand_int_range (rand, 0, G_N_ELEMENTS (zones))]);
      break;
    case 10:
      g_string_append_printf (s, "%04d-%d-%d %d:%d:%d", year, month, day, hour, minute, second);
      break;
    case 11:
      g_string_append_printf (s, "%s %d %d %d:%02d %s%+d", mname, day, year, hour, minute,
                              g_rand_boolean (rand) ? "UTC" : "GMT",
                              g_rand_int_range (rand, -14, 15));
      break;
    case 12:
      /* local times near the changes of summer time in Europe and North America */
      g_string_append_printf (s, "%04d-%02d-%02dT%02d:%02d:00",
                              g_rand_int_range (rand, 1990, 2030),
                              g_rand_boolean (rand) ? 3 : (g_rand_boolean (rand) ? 10 : 11),
                              g_rand_int_range (rand, 1, 32), g_rand_int_range (rand, 0, 4),
                              g_rand_int_range (rand, 0, 60));
      break;
    default:
      g_string_append_printf (s, "%04d-%02d-%02d", year, month, day);
      break;
    }
}

static char *
make_string (GRand *rand)
{
  GString *s = g_string_new (NULL);
  int kind = g_rand_int_range (rand, 0, 10);

  if (kind < 4)
    append_template (s, rand);
  else
    {
      int n = g_rand_int_range (rand, 1, 9);

      for (int i = 0; i < n; i++)
        {
          if (g_rand_int_range (rand, 0, 5) < 2)
            append_number (s, rand);
          else
            g_string_append (s, pieces[g_rand_int_range (rand, 0, G_N_ELEMENTS (pieces))]);
        }
    }

  /* some templates get one character changed */
  if (kind < 2 && s->len > 0)
    {
      static const char edits[] = "0123456789 :-+.,/()TZtzapm";
      gsize at = g_rand_int_range (rand, 0, s->len);
      char c = edits[g_rand_int_range (rand, 0, sizeof edits - 1)];

      if ((s->str[at] & 0x80) == 0)
        {
          if (g_rand_boolean (rand))
            s->str[at] = c;
          else
            g_string_insert_c (s, at, c);
        }
    }
  return g_string_free (s, FALSE);
}

typedef struct {
  TestJsEngine engine;
  const char *zone;
} Case;

/* Runs tests/compat/@script under @engine on @texts (a JSON array of them) in time zone @zone:
 * its answer, one element a text (g_test_skip() and NULL without the engine) */
static JsonNode *
run_on_texts (TestJsEngine  engine,
              const char   *script,
              GPtrArray    *texts,
              const char   *zone)
{
  g_autofree char *program = test_js_find (engine);
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  g_autoptr(JsonNode) root = NULL;
  JsonNode *result;

  if (program == NULL)
    {
      g_test_skip (engine == TEST_JS_NODE ? "node is not installed" : "Bun is not installed");
      return NULL;
    }
  json_builder_begin_array (builder);
  for (guint i = 0; i < texts->len; i++)
    json_builder_add_string_value (builder, texts->pdata[i]);
  json_builder_end_array (builder);
  root = json_builder_get_root (builder);
  result = test_js_run (program, script, root, zone);
  g_assert_cmpuint (json_array_get_length (json_node_get_array (result)), ==, texts->len);
  return result;
}

/*
 * The differential test: thousands of strings from a generator with a fixed seed, parsed by
 * node's or Bun's Date.parse() (tests/compat/date-parse.mjs) in several time zones and by
 * ramo_js_date_parse() or ramo_js_date_parse_jsc().
 */
static void
test_engine (gconstpointer data)
{
  const Case *c = data;
  const char *zone = c->zone;
  g_autoptr(GRand) rand = g_rand_new_with_seed (19);
  g_autoptr(GPtrArray) texts = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(JsonNode) result = NULL;
  JsonArray *values;
  guint mismatches = 0;

  for (guint i = 0; i < 6000; i++)
    g_ptr_array_add (texts, make_string (rand));
  /* every half hour of the nights summer time starts or ends, in some years */
  for (int year = 1995; year <= 2030; year += 5)
    for (int month = 3; month <= 11; month++)
      for (int day = 1; day <= 31; day++)
        for (int minutes = 0; minutes < 4 * 60; minutes += 30)
          {
            if (month > 4 && month < 10)
              continue;
            /* the half hours in the ISO form, the hours in a legacy one */
            if (minutes % 60)
              g_ptr_array_add (texts, g_strdup_printf ("%04d-%02d-%02dT%02d:30", year, month, day, minutes / 60));
            else
              g_ptr_array_add (texts, g_strdup_printf ("%d/%d/%d %d:00", month, day, year, minutes / 60));
          }
  result = run_on_texts (c->engine, "date-parse.mjs", texts, zone);
  if (result == NULL)
    return;
  values = json_node_get_array (result);

  g_setenv ("TZ", zone, TRUE);
  for (guint i = 0; i < texts->len; i++)
    {
      JsonNode *value = json_array_get_element (values, i);
      double expected = JSON_NODE_HOLDS_NULL (value) ? NAN : json_node_get_double (value);
      double got = c->engine == TEST_JS_NODE ? ramo_js_date_parse (texts->pdata[i])
                                             : ramo_js_date_parse_jsc (texts->pdata[i]);

      if (isnan (expected) ? !isnan (got) : got != expected)
        {
          if (mismatches++ < 30)
            {
              g_autofree char *shown = g_strescape (texts->pdata[i], NULL);

              g_printerr ("TZ=%s Date.parse(\"%s\"): %s %.17g, Ramo %.17g\n", zone, shown,
                          c->engine == TEST_JS_NODE ? "node" : "Bun", expected, got);
            }
        }
    }
  g_setenv ("TZ", "UTC", TRUE);
  g_assert_cmpuint (mismatches, ==, 0);
}

/*
 * ramo_js_date_to_iso_string() against node's `new Date(ms).toISOString()`: the edges of its
 * years (0 to 9999, beyond which JavaScript writes six-digit years and Ramo declines), leap
 * days, the epoch, and thousands of random times, whole and fractional.
 */
static void
test_iso_string (void)
{
  static const double edges[] = {
    0, -1, 1, 86399999, 86400000, -86400000, -86400001,
    951782400000, 951868800000, 4107542400000,         /* 2000-02-29, 03-01; 2100-03-01 */
    -62167219200000.0, -62167219200001.0,              /* 0000-01-01T00:00:00.000Z and before */
    253402300799999.0, 253402300800000.0,              /* 9999-12-31T23:59:59.999Z and after */
    1.5, -0.5, 8.64e15, -8.64e15,
  };
  g_autofree char *program = test_js_find (TEST_JS_NODE);
  g_autoptr(GRand) rand = g_rand_new_with_seed (25);
  g_autoptr(GArray) times = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  g_autoptr(JsonNode) root = NULL;
  g_autoptr(JsonNode) result = NULL;
  JsonArray *values;

  if (program == NULL)
    {
      g_test_skip ("node is not installed");
      return;
    }
  g_array_append_vals (times, edges, G_N_ELEMENTS (edges));
  for (guint i = 0; i < 5000; i++)
    {
      double ms = floor (g_rand_double_range (rand, -6.3e13, 2.6e14));

      g_array_append_val (times, ms);
    }
  json_builder_begin_array (builder);
  for (guint i = 0; i < times->len; i++)
    json_builder_add_double_value (builder, g_array_index (times, double, i));
  json_builder_end_array (builder);
  root = json_builder_get_root (builder);
  result = test_js_run (program, "date-iso.mjs", root, "UTC");
  values = json_node_get_array (result);
  g_assert_cmpuint (json_array_get_length (values), ==, times->len);

  for (guint i = 0; i < times->len; i++)
    {
      double ms = g_array_index (times, double, i);
      const char *expected = json_array_get_string_element (values, i);
      char got[RAMO_JS_ISO_STRING_SIZE];
      gboolean written = ramo_js_date_to_iso_string (ms, got);

      /* the four-digit years only, and never a fraction of a millisecond Date would drop */
      if (expected == NULL || strlen (expected) != RAMO_JS_ISO_STRING_SIZE - 1 || ms != floor (ms))
        {
          if (written)
            g_error ("%.17g: node %s, Ramo wrote %s", ms, expected ? expected : "(invalid)", got);
          continue;
        }
      if (!written)
        g_error ("%.17g: node %s, Ramo wrote nothing", ms, expected);
      g_assert_cmpstr (got, ==, expected);
    }
}

/* A text of the length of toISOString()'s form, its fields anywhere in and around their
 * ranges, now and then a byte out of place */
static char *
make_iso_like (GRand *rand)
{
  static const int years[] = { 0, 1, 4, 100, 1600, 1900, 1969, 1970, 2000, 2024, 2025, 2100, 9999 };
  static const char odd[] = " z+-:.T0Z9a\x7f";
  int year = g_rand_boolean (rand) ? years[g_rand_int_range (rand, 0, G_N_ELEMENTS (years))]
                                   : g_rand_int_range (rand, 0, 10000);
  int month = g_rand_int_range (rand, 0, 10) ? g_rand_int_range (rand, 1, 13) : g_rand_int_range (rand, 0, 100);
  int day = g_rand_int_range (rand, 0, 4) ? g_rand_int_range (rand, 1, 29) : g_rand_int_range (rand, 0, 33);
  int hour = g_rand_int_range (rand, 0, 10) ? g_rand_int_range (rand, 0, 24) : g_rand_int_range (rand, 0, 100);
  int minute = g_rand_int_range (rand, 0, 10) ? g_rand_int_range (rand, 0, 60) : g_rand_int_range (rand, 0, 100);
  int second = g_rand_int_range (rand, 0, 10) ? g_rand_int_range (rand, 0, 60) : g_rand_int_range (rand, 0, 100);
  char *text = g_strdup_printf ("%04d-%02d-%02dT%02d:%02d:%02d.%03dZ", year, month, day, hour, minute,
                                second, g_rand_int_range (rand, 0, 1000));

  if (g_rand_int_range (rand, 0, 8) == 0)
    text[g_rand_int_range (rand, 0, 24)] = odd[g_rand_int_range (rand, 0, sizeof odd - 1)];
  return text;
}

/*
 * ramo_js_date_parse_iso_string() against node's or Bun's Date.parse() and toISOString()
 * (tests/compat/date-iso-parse.mjs): it takes a text exactly when the engine writes the time it
 * parses back as that text, and gives that time.
 */
static void
test_iso_form (gconstpointer data)
{
  TestJsEngine engine = GPOINTER_TO_INT (data);
  g_autoptr(GRand) rand = g_rand_new_with_seed (24);
  g_autoptr(GPtrArray) texts = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(JsonNode) result = NULL;
  JsonArray *values;
  guint taken = 0;

  for (guint i = 0; i < 20000; i++)
    g_ptr_array_add (texts, make_iso_like (rand));
  result = run_on_texts (engine, "date-iso-parse.mjs", texts, "Europe/Rome");
  if (result == NULL)
    return;
  values = json_node_get_array (result);

  for (guint i = 0; i < texts->len; i++)
    {
      JsonArray *pair = json_array_get_array_element (values, i);
      gboolean same = json_array_get_boolean_element (pair, 1);
      double time = NAN;
      gboolean ok = ramo_js_date_parse_iso_string (texts->pdata[i], strlen (texts->pdata[i]), &time);

      if (ok != same)
        g_error ("%s: the engine writes it back: %d, Ramo takes it: %d", (char *) texts->pdata[i], same, ok);
      if (ok)
        {
          g_assert_cmpfloat (time, ==, json_array_get_double_element (pair, 0));
          taken++;
        }
    }
  /* most are in the form, many not */
  g_assert_cmpuint (taken, >, texts->len / 4);
  g_assert_cmpuint (taken, <, texts->len * 9 / 10);
}

int
main (int   argc,
      char *argv[])
{
  static const char * const zones[] = { "UTC", "Europe/Rome", "America/New_York", "Asia/Kolkata" };

  /* the table holds UTC values; local time is the zone of TZ */
  g_setenv ("TZ", "UTC", TRUE);
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/js/date/table", test_table);
  g_test_add_func ("/js/date/node/iso-string", test_iso_string);
  g_test_add_data_func ("/js/date/node/iso-form", GINT_TO_POINTER (TEST_JS_NODE), test_iso_form);
  g_test_add_data_func ("/js/date/bun/iso-form", GINT_TO_POINTER (TEST_JS_BUN), test_iso_form);
  for (int engine = TEST_JS_NODE; engine <= TEST_JS_BUN; engine++)
    for (guint i = 0; i < G_N_ELEMENTS (zones); i++)
      {
        Case *c = g_new (Case, 1);
        g_autofree char *zone = g_strdelimit (g_strdup (zones[i]), "/", '-');
        g_autofree char *name = g_strdup_printf ("/js/date/%s/%s",
                                                 engine == TEST_JS_NODE ? "node" : "bun", zone);

        c->engine = engine;
        c->zone = zones[i];
        g_test_add_data_func_full (name, c, test_engine, g_free);
      }

  return g_test_run ();
}

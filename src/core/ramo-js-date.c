/* ramo-js-date.c
 *
 * Copyright 2026 The Ramo authors
 *
 * This program is free software: you can redistribute it and/or modify it under the terms of the
 * GNU General Public License as published by the Free Software Foundation, either version 3 of
 * the License, or (at your option) any later version.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ramo-js"

#include "config.h"

#include <math.h>
#include <string.h>

#include "ramo-js.h"
#include "ramo-js-date-private.h"

/*
 * Date.parse() as V8 does it: the fields are read by ramo-js-date-parser.c (V8's tokens and
 * rules), then made a time as V8's ParseDateTimeString makes it: MakeDay and MakeTime, the
 * offset taken away, or the local time zone's offset (as ICU gives it); out of range is NaN.
 */

/* days from 1970-01-01 to the first of @month (1-based) of @year, proleptic Gregorian */
static double
days_from_civil (gint64 y,
                 int    m)
{
  gint64 era, yoe, doy, doe;

  y -= m <= 2;
  era = (y >= 0 ? y : y - 399) / 400;
  yoe = y - era * 400;
  doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5;
  doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
  return (double) (era * 146097 + doe - 719468);
}

static int
offset_at (GTimeZone *tz,
           double     utc_ms)
{
  /*
   * GLib knows a zone's rules up to the year 2998, ICU (V8's source) for ever: beyond 2900 the
   * time is moved back by whole 400-year cycles, after which the calendar repeats exactly.
   */
  const double cycle = 146097 * 86400000.0;
  const double limit = days_from_civil (2900, 1) * 86400000.0;
  gint64 seconds;

  if (utc_ms > limit)
    utc_ms -= ceil ((utc_ms - limit) / cycle) * cycle;
  seconds = (gint64) floor (utc_ms / 1000.0);

  return g_time_zone_get_offset (tz, g_time_zone_find_interval (tz, G_TIME_TYPE_UNIVERSAL,
                                                                seconds));
}

/*
 * Local time to UTC as V8 asks ICU for it: where the local time is skipped (a spring-forward
 * gap) or repeated (fall back), the offset in force before the change is used.
 */
static double
local_to_utc (double local_ms)
{
  g_autoptr(GTimeZone) tz = g_time_zone_new_local ();
  int before = offset_at (tz, local_ms - 86400000.0 * 2);
  int after = offset_at (tz, local_ms + 86400000.0 * 2);
  gboolean before_fits, after_fits;

  if (before == after)
    {
      int offset = offset_at (tz, local_ms - before * 1000.0);

      return local_ms - offset * 1000.0;
    }
  before_fits = offset_at (tz, local_ms - before * 1000.0) == before;
  after_fits = offset_at (tz, local_ms - after * 1000.0) == after;
  if (after_fits && !before_fits)
    return local_ms - after * 1000.0;
  return local_ms - before * 1000.0;
}

/* the digits at @p, @n of them, or -1 */
static inline int
digits (const char *p,
        int         n)
{
  int v = 0;

  for (int i = 0; i < n; i++)
    {
      if (!g_ascii_isdigit (p[i]))
        return -1;
      v = v * 10 + (p[i] - '0');
    }
  return v;
}

/*
 * The form pi and oh-my-pi write, `YYYY-MM-DDTHH:mm:ss.sssZ` with every field in its range, read
 * at once (the load reads one per line); anything else goes through the parser, which gives
 * the same for this form.
 */
static gboolean
parse_common (const char   *text,
              RamoJsFields *f)
{
  if (strlen (text) != 24 || text[4] != '-' || text[7] != '-' || text[10] != 'T' ||
      text[13] != ':' || text[16] != ':' || text[19] != '.' || text[23] != 'Z')
    return FALSE;
  f->year = digits (text, 4);
  f->month = digits (text + 5, 2);
  f->day = digits (text + 8, 2);
  f->hour = digits (text + 11, 2);
  f->minute = digits (text + 14, 2);
  f->second = digits (text + 17, 2);
  f->millisecond = digits (text + 20, 3);
  f->has_offset = TRUE;
  f->offset_seconds = 0;
  return f->year >= 0 && f->month >= 1 && f->month <= 12 && f->day >= 1 && f->day <= 31 &&
         f->hour >= 0 && f->hour <= 23 && f->minute >= 0 && f->minute <= 59 &&
         f->second >= 0 && f->second <= 59 && f->millisecond >= 0;
}

static double
date_parse (const char *text,
            gboolean    jsc)
{
  RamoJsFields f = { 0 };
  double days, t;

  if (text == NULL)
    return NAN;
  if (!parse_common (text, &f) && !_ramo_js_date_parse_fields (text, jsc, &f))
    return NAN;

  /* MakeDay: years beyond a million are no date */
  if (f.year < -1000000 || f.year > 1000000)
    return NAN;
  days = days_from_civil (f.year, f.month) + f.day - 1;
  t = days * 86400000.0 + f.hour * 3600000.0 + f.minute * 60000.0 + f.second * 1000.0 +
      f.millisecond;

  if (f.has_offset)
    t -= f.offset_seconds * 1000.0;
  else
    {
      /* a local time a month beyond the range can't become a valid one */
      if (fabs (t) > 8.64e15 + 30 * 86400000.0)
        return NAN;
      t = local_to_utc (t);
    }

  if (fabs (t) > 8.64e15)
    return NAN;
  return t;
}

/**
 * ramo_js_date_parse:
 * @text: (nullable): a timestamp as found in a session file
 *
 * Parses @text as V8's `Date.parse()` does: the ECMAScript date-time string format (a date
 * alone is UTC, a date and time without an offset local time), and V8's legacy forms, such as
 * those of `Date.prototype.toString()` ("Sun Mar 01 2026 07:00:00 GMT+0000"), `toUTCString()`
 * ("Sun, 01 Mar 2026 07:00:00 GMT"), "Mar 1, 2026", "2026/03/01 07:00" or
 * "2026-03-01 07:00:00" (local time unless a zone is named). pi sorts the children of an entry
 * by this value.
 *
 * Returns: milliseconds since the Unix epoch, or NaN where JavaScript would give an invalid date
 */
double
ramo_js_date_parse (const char *text)
{
  return date_parse (text, FALSE);
}

/**
 * ramo_js_date_parse_jsc:
 * @text: (nullable): a timestamp as found in a session file
 *
 * Parses @text as Bun's `Date.parse()` does (oh-my-pi runs on Bun): V8's parser, as
 * ramo_js_date_parse(), except that white space beyond ASCII other than U+202F belongs to words.
 *
 * Returns: milliseconds since the Unix epoch, or NaN where Bun would give an invalid date
 */
double
ramo_js_date_parse_jsc (const char *text)
{
  return date_parse (text, TRUE);
}

static inline char *
put_digits (char *out,
            int   value,
            int   n_digits)
{
  for (int i = n_digits - 1; i >= 0; i--)
    {
      out[i] = (char) ('0' + value % 10);
      value /= 10;
    }
  return out + n_digits;
}

/**
 * ramo_js_date_to_iso_string:
 * @time_ms: milliseconds since the Unix epoch
 * @out: (out caller-allocates): %RAMO_JS_ISO_STRING_SIZE bytes
 *
 * Writes @time_ms as JavaScript's `Date.prototype.toISOString()` does for the years 0 to 9999
 * ("2026-03-01T07:00:00.000Z", %RAMO_JS_ISO_STRING_SIZE - 1 characters), the form pi and
 * oh-my-pi write every timestamp in.
 *
 * Returns: %FALSE, writing nothing, for an invalid time or one outside those years
 */
gboolean
ramo_js_date_to_iso_string (double time_ms,
                            char   out[RAMO_JS_ISO_STRING_SIZE])
{
  gint64 ms, days, z, era, doe, yoe, doy, mp;
  int year, month, day, rest;

  /* 0000-01-01T00:00:00.000Z to 9999-12-31T23:59:59.999Z */
  if (!(time_ms >= -62167219200000.0 && time_ms <= 253402300799999.0) || time_ms != trunc (time_ms))
    return FALSE;
  ms = (gint64) time_ms;
  days = ms >= 0 ? ms / 86400000 : -((-ms + 86400000 - 1) / 86400000);
  rest = (int) (ms - days * 86400000);

  /* the civil date of a day number (days_from_civil() the other way) */
  z = days + 719468;
  era = (z >= 0 ? z : z - 146096) / 146097;
  doe = z - era * 146097;
  yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
  doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
  mp = (5 * doy + 2) / 153;
  day = (int) (doy - (153 * mp + 2) / 5 + 1);
  month = (int) (mp < 10 ? mp + 3 : mp - 9);
  year = (int) (yoe + era * 400 + (month <= 2));

  out = put_digits (out, year, 4);
  *out++ = '-';
  out = put_digits (out, month, 2);
  *out++ = '-';
  out = put_digits (out, day, 2);
  *out++ = 'T';
  out = put_digits (out, rest / 3600000, 2);
  *out++ = ':';
  out = put_digits (out, rest / 60000 % 60, 2);
  *out++ = ':';
  out = put_digits (out, rest / 1000 % 60, 2);
  *out++ = '.';
  out = put_digits (out, rest % 1000, 3);
  *out++ = 'Z';
  *out = '\0';
  return TRUE;
}

/* The number written in @n decimal digits at @text, or -1 when one is not a digit */
static inline int
get_digits (const char *text,
            int         n)
{
  int value = 0;

  for (int i = 0; i < n; i++)
    {
      if (text[i] < '0' || text[i] > '9')
        return -1;
      value = value * 10 + (text[i] - '0');
    }
  return value;
}

/**
 * ramo_js_date_parse_iso_string:
 * @text: (array length=len): a timestamp, not necessarily nul-terminated
 * @len: its length in bytes
 * @time_ms: (out): where the time goes
 *
 * Recognises the one form pi and oh-my-pi write, without the general parser: @text is what
 * `Date.prototype.toISOString()` writes for some time of the years 0 to 9999
 * ("2026-03-01T07:00:00.000Z": the fields in their ranges, the day in its month). `Date.parse()`
 * of such a text is that time in V8 and in JavaScriptCore alike, in any time zone.
 *
 * Returns: %TRUE with *@time_ms set when @text has that form; %FALSE otherwise, setting
 *   nothing (the text may still be a date: ask ramo_js_date_parse())
 */
gboolean
ramo_js_date_parse_iso_string (const char *text,
                               gsize       len,
                               double     *time_ms)
{
  static const guint8 month_days[12] = { 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31 };
  int year, month, day, hour, minute, second, ms;
  gboolean leap;

  if (len != RAMO_JS_ISO_STRING_SIZE - 1 || text[4] != '-' || text[7] != '-' || text[10] != 'T' ||
      text[13] != ':' || text[16] != ':' || text[19] != '.' || text[23] != 'Z')
    return FALSE;
  year = get_digits (text, 4);
  month = get_digits (text + 5, 2);
  day = get_digits (text + 8, 2);
  hour = get_digits (text + 11, 2);
  minute = get_digits (text + 14, 2);
  second = get_digits (text + 17, 2);
  ms = get_digits (text + 20, 3);
  if (year < 0 || month < 1 || month > 12 || day < 1 || hour < 0 || hour > 23 ||
      minute < 0 || minute > 59 || second < 0 || second > 59 || ms < 0)
    return FALSE;
  leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0);
  if (day > month_days[month - 1] + (month == 2 && leap))
    return FALSE;
  *time_ms = (days_from_civil (year, month) + (day - 1)) * 86400000.0 +
             hour * 3600000.0 + minute * 60000.0 + second * 1000.0 + ms;
  return TRUE;
}

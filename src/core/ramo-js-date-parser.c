/* ramo-js-date-parser.c
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

#include <string.h>

#include "ramo-js.h"
#include "ramo-js-date-private.h"

/*
 * Date.parse() as V8 does it (node runs pi; Bun, which runs oh-my-pi, carries a port of the
 * same parser). A string is read as a list of tokens. The ECMAScript date-time format is tried
 * first; where the text leaves it before a `T`, the tokens left are read by V8's "legacy"
 * rules, which accept what Date.prototype.toString(), toUTCString() and many hand-written forms
 * give:
 *
 *  - a number followed by `:` is a time field (hour, then minute, then second), `::` adds a zero
 *    second, a number followed by `.` after hour and minute is the second and the next number
 *    its fraction; a number the time expects next finishes it (it must then be followed by the
 *    end, white space, `Z` or a sign);
 *  - any other number is a date field: up to three, with a `-` after each skipped;
 *  - a word is looked up by its first three letters, lower case: a month name (longer words
 *    too: "March"), `am`/`pm` after a time, a zone name (`UT`, `UTC`, `GMT`, `Z`, and the US
 *    `EST`/`EDT`/`CST`/`CDT`/`MST`/`MDT`/`PST`/`PDT`) once a number was read; any other word is
 *    allowed only before the first number, and not directly followed by one;
 *  - a sign after a time or a UTC zone starts an offset: `hh`, `hhmm`, or `hh:` and minutes;
 *  - text in parentheses and other punctuation is ignored; a sign or `)` after a number is not.
 *
 * The date fields are then ordered: month-day-year unless the first can't be a day (then
 * year-month-day); with a month name, day-year unless the first can't be a day. Missing date
 * fields are 1 (so "March 1" is in 2001), missing time fields 0; outside the ISO format years
 * 0–49 are 2000–2049 and 50–99 are 1950–1999. A number keeps its first 9 significant digits.
 * Without a zone the result is local time, as JavaScript's Date does.
 *
 * The text is read as bytes: any byte from 'A' up (letters, and every byte of a non-ASCII
 * character) belongs to a word, as any UTF-16 unit from 'A' up does in V8, except for the
 * characters of ECMAScript's white space; that gives the same tokens. A NUL ends the text in
 * both.
 */

#define NONE G_MAXINT
#define MAX_DIGITS 9

typedef enum {
  TOKEN_INVALID,
  TOKEN_UNKNOWN,
  TOKEN_WHITE_SPACE,
  TOKEN_NUMBER,
  TOKEN_SYMBOL,
  TOKEN_END,
  TOKEN_WORD,
} TokenKind;

typedef enum {
  WORD_OTHER,
  WORD_MONTH,
  WORD_ZONE,
  WORD_TIME_SEPARATOR,
  WORD_AM_PM,
} WordKind;

typedef struct {
  TokenKind kind;
  WordKind word;
  int length;
  int value;
} Token;

typedef struct {
  const guchar *p;
  Token next;
  gboolean jsc;   /* Bun's port of the parser: see white_space_length() */
} Scanner;

typedef struct {
  int comp[3];
  int n;
  int named_month;
  gboolean iso;
} Day;

typedef struct {
  int comp[4];
  int n;
  int hour_offset;
} Time;

typedef struct {
  int sign;
  int hour;
  int minute;
} Zone;

static const struct {
  char prefix[3];
  WordKind kind;
  int value;
} keywords[] = {
  { "jan", WORD_MONTH, 1 }, { "feb", WORD_MONTH, 2 }, { "mar", WORD_MONTH, 3 },
  { "apr", WORD_MONTH, 4 }, { "may", WORD_MONTH, 5 }, { "jun", WORD_MONTH, 6 },
  { "jul", WORD_MONTH, 7 }, { "aug", WORD_MONTH, 8 }, { "sep", WORD_MONTH, 9 },
  { "oct", WORD_MONTH, 10 }, { "nov", WORD_MONTH, 11 }, { "dec", WORD_MONTH, 12 },
  { "am", WORD_AM_PM, 0 }, { "pm", WORD_AM_PM, 12 },
  { "ut", WORD_ZONE, 0 }, { "utc", WORD_ZONE, 0 }, { "z", WORD_ZONE, 0 }, { "gmt", WORD_ZONE, 0 },
  { "cdt", WORD_ZONE, -5 }, { "cst", WORD_ZONE, -6 }, { "edt", WORD_ZONE, -4 },
  { "est", WORD_ZONE, -5 }, { "mdt", WORD_ZONE, -6 }, { "mst", WORD_ZONE, -7 },
  { "pdt", WORD_ZONE, -7 }, { "pst", WORD_ZONE, -8 },
  { "t", WORD_TIME_SEPARATOR, 0 },
};

static inline gboolean
between (int x,
         int low,
         int high)
{
  return (unsigned) x - (unsigned) low <= (unsigned) high - (unsigned) low;
}

static inline gboolean is_minute (int x) { return between (x, 0, 59); }
static inline gboolean is_hour (int x) { return between (x, 0, 23); }
static inline gboolean is_month (int x) { return between (x, 1, 12); }
static inline gboolean is_day (int x) { return between (x, 1, 31); }

static Token
make_token (TokenKind kind,
            int       length,
            int       value)
{
  Token token = { kind, WORD_OTHER, length, value };

  return token;
}

/*
 * The length of the white space character at @p, 0 if there is none. A word stops at the
 * characters ECMAScript calls white space (but not at U+2028 and U+2029, which it calls line
 * terminators). In Bun's port (JavaScriptCore) the only one beyond ASCII is U+202F; the others
 * belong to words there (checked against Bun 1.3.14).
 */
static gsize
white_space_length (const Scanner *s,
                    const guchar  *p)
{
  gunichar c;

  if (*p < 0x80)
    return *p == 0x09 || *p == 0x0B || *p == 0x0C || *p == ' ';
  c = g_utf8_get_char_validated ((const char *) p, -1);
  if (c == 0x202F ||
      (!s->jsc && (c == 0xA0 || c == 0x1680 || (c >= 0x2000 && c <= 0x200A) || c == 0x205F ||
                   c == 0x3000 || c == 0xFEFF)))
    return g_utf8_next_char (p) - (const char *) p;
  return 0;
}

static Token
scan_word (Scanner *s)
{
  guchar prefix[3] = { 0, 0, 0 };
  int length = 0;
  Token token;

  while (*s->p >= 'A' && white_space_length (s, s->p) == 0)
    {
      if (length < 3)
        prefix[length] = *s->p | 0x20;
      s->p++, length++;
    }

  token = make_token (TOKEN_WORD, length, 0);
  for (guint i = 0; i < G_N_ELEMENTS (keywords); i++)
    {
      if (memcmp (prefix, keywords[i].prefix, 3) != 0)
        continue;
      /* a word longer than its keyword counts only for a month */
      if (length <= 3 || keywords[i].kind == WORD_MONTH)
        {
          token.word = keywords[i].kind;
          token.value = keywords[i].value;
        }
      break;
    }
  return token;
}

static Token
scan (Scanner *s)
{
  const guchar *start = s->p;
  guchar c = *s->p;

  if (c == '\0')
    return make_token (TOKEN_END, 0, -1);

  if (g_ascii_isdigit (c))
    {
      int value = 0;

      /* leading zeros are skipped before the significant digits are counted */
      while (*s->p == '0')
        s->p++;
      for (int i = 0; g_ascii_isdigit (*s->p); i++, s->p++)
        if (i < MAX_DIGITS)
          value = value * 10 + (*s->p - '0');
      return make_token (TOKEN_NUMBER, s->p - start, value);
    }

  if (c == ':' || c == '-' || c == '+' || c == '.' || c == ')')
    {
      s->p++;
      return make_token (TOKEN_SYMBOL, 1, c);
    }

  if (c >= 'A' && white_space_length (s, s->p) == 0)
    return scan_word (s);

  /* white space, or a line terminator */
  if (white_space_length (s, s->p) > 0 || c == '\n' || c == '\r')
    {
      s->p += MAX (white_space_length (s, s->p), 1);
      return make_token (TOKEN_WHITE_SPACE, 1, -1);
    }

  if (c == '(')
    {
      int depth = 0;

      do
        {
          if (*s->p == ')')
            depth--;
          else if (*s->p == '(')
            depth++;
          s->p++;
        }
      while (depth > 0 && *s->p != '\0');
      return make_token (TOKEN_UNKNOWN, 1, -1);
    }

  s->p++;
  return make_token (TOKEN_UNKNOWN, 1, -1);
}

static Token
next (Scanner *s)
{
  Token token = s->next;

  s->next = scan (s);
  return token;
}

static gboolean
is_symbol (Token token,
           char  symbol)
{
  return token.kind == TOKEN_SYMBOL && token.value == symbol;
}

static gboolean
is_sign (Token token)
{
  return is_symbol (token, '+') || is_symbol (token, '-');
}

static gboolean
is_number (Token token,
           int   length)
{
  return token.kind == TOKEN_NUMBER && token.length == length;
}

static gboolean
is_z (Token token)
{
  return token.kind == TOKEN_WORD && token.word == WORD_ZONE && token.length == 1;
}

static gboolean
skip_symbol (Scanner *s,
             char     symbol)
{
  if (!is_symbol (s->next, symbol))
    return FALSE;
  s->next = scan (s);
  return TRUE;
}

/* the first three significant digits of a fraction, from its value and its length */
static int
read_milliseconds (Token token)
{
  int number = token.value;
  int length = MIN (token.length, MAX_DIGITS);

  if (length == 1)
    return number * 100;
  if (length == 2)
    return number * 10;
  for (; length > 3; length--)
    number /= 10;
  return number;
}

static gboolean
day_add (Day *day,
         int  n)
{
  if (day->n >= 3)
    return FALSE;
  day->comp[day->n++] = n;
  return TRUE;
}

static gboolean
time_add (Time *time,
          int   n)
{
  if (time->n >= 4)
    return FALSE;
  time->comp[time->n++] = n;
  return TRUE;
}

static gboolean
time_add_final (Time *time,
                int   n)
{
  if (!time_add (time, n))
    return FALSE;
  while (time->n < 4)
    time->comp[time->n++] = 0;
  return TRUE;
}

static gboolean
time_expects (const Time *time,
              int         n)
{
  return (time->n == 1 && is_minute (n)) || (time->n == 2 && is_minute (n)) ||
         (time->n == 3 && between (n, 0, 999));
}

static void
zone_set (Zone *zone,
          int   hours)
{
  zone->sign = hours < 0 ? -1 : 1;
  zone->hour = hours * zone->sign;
  zone->minute = 0;
}

static gboolean
zone_expects (const Zone *zone,
              int         n)
{
  return zone->hour != NONE && zone->minute == NONE && is_minute (n);
}

/*
 * The ECMAScript format: [±YY]YYYY[-MM[-DD]][THH:mm[:ss[.s…]][Z|±hh:mm|±hhmm]]. Returns the
 * token the legacy rules go on from, TOKEN_END when the text was read whole, TOKEN_INVALID
 * when it can be no date (a bad time after the `T`).
 */
static Token
parse_iso (Scanner *s,
           Day     *day,
           Time    *time,
           Zone    *zone)
{
  gboolean hour_24;

  if (is_sign (s->next))
    {
      Token sign = next (s);
      int year;

      if (!is_number (s->next, 6))
        return sign;
      year = next (s).value;
      if (sign.value == '-' && year == 0)
        return sign;
      day_add (day, sign.value == '-' ? -year : year);
    }
  else if (is_number (s->next, 4))
    day_add (day, next (s).value);
  else
    return next (s);

  if (skip_symbol (s, '-'))
    {
      if (!is_number (s->next, 2) || !is_month (s->next.value))
        return next (s);
      day_add (day, next (s).value);
      if (skip_symbol (s, '-'))
        {
          if (!is_number (s->next, 2) || !is_day (s->next.value))
            return next (s);
          day_add (day, next (s).value);
        }
    }

  if (!(s->next.kind == TOKEN_WORD && s->next.word == WORD_TIME_SEPARATOR))
    {
      if (s->next.kind != TOKEN_END)
        return next (s);
    }
  else
    {
      Token invalid = make_token (TOKEN_INVALID, 0, -1);

      next (s);
      if (!is_number (s->next, 2) || !between (s->next.value, 0, 24))
        return invalid;
      hour_24 = s->next.value == 24;
      time_add (time, next (s).value);
      if (!skip_symbol (s, ':'))
        return invalid;
      if (!is_number (s->next, 2) || !is_minute (s->next.value) || (hour_24 && s->next.value > 0))
        return invalid;
      time_add (time, next (s).value);
      if (skip_symbol (s, ':'))
        {
          if (!is_number (s->next, 2) || !is_minute (s->next.value) ||
              (hour_24 && s->next.value > 0))
            return invalid;
          time_add (time, next (s).value);
          if (skip_symbol (s, '.'))
            {
              if (s->next.kind != TOKEN_NUMBER || (hour_24 && s->next.value > 0))
                return invalid;
              time_add (time, read_milliseconds (next (s)));
            }
        }

      if (is_z (s->next))
        {
          next (s);
          zone_set (zone, 0);
        }
      else if (is_sign (s->next))
        {
          zone->sign = next (s).value == '+' ? 1 : -1;
          if (is_number (s->next, 4))
            {
              int hhmm = next (s).value;

              if (!is_hour (hhmm / 100) || !is_minute (hhmm % 100))
                return invalid;
              zone->hour = hhmm / 100;
              zone->minute = hhmm % 100;
            }
          else
            {
              if (!is_number (s->next, 2) || !is_hour (s->next.value))
                return invalid;
              zone->hour = next (s).value;
              if (!skip_symbol (s, ':'))
                return invalid;
              if (!is_number (s->next, 2) || !is_minute (s->next.value))
                return invalid;
              zone->minute = next (s).value;
            }
        }
      if (s->next.kind != TOKEN_END)
        return invalid;
    }

  /* a date alone is UTC, a date and time without an offset local time */
  if (zone->hour == NONE && time->n == 0)
    zone_set (zone, 0);
  day->iso = TRUE;
  return make_token (TOKEN_END, 0, -1);
}

/* one number of the legacy form; FALSE where the text can be no date */
static gboolean
legacy_number (Scanner *s,
               Token    token,
               Day     *day,
               Time    *time,
               Zone    *zone)
{
  int n = token.value;

  if (skip_symbol (s, ':'))
    {
      if (skip_symbol (s, ':'))
        {
          if (time->n != 0)
            return FALSE;
          time_add (time, n);
          time_add (time, 0);
        }
      else
        {
          if (!time_add (time, n))
            return FALSE;
          if (is_symbol (s->next, '.'))
            next (s);
        }
    }
  else if (skip_symbol (s, '.') && time_expects (time, n))
    {
      time_add (time, n);
      if (s->next.kind != TOKEN_NUMBER)
        return FALSE;
      time_add_final (time, read_milliseconds (next (s)));
    }
  else if (zone_expects (zone, n))
    zone->minute = n;
  else if (time_expects (time, n))
    {
      Token peek;

      time_add_final (time, n);
      peek = s->next;
      if (peek.kind != TOKEN_END && peek.kind != TOKEN_WHITE_SPACE && !is_z (peek) &&
          !is_sign (peek))
        return FALSE;
    }
  else
    {
      if (!day_add (day, n))
        return FALSE;
      skip_symbol (s, '-');
    }
  return TRUE;
}

/* a sign starting an offset: `hh`, `hhmm` or `hh:` and the minutes later */
static gboolean
legacy_offset (Scanner *s,
               Token    sign,
               Zone    *zone)
{
  int n = 0, length = 0;

  zone->sign = sign.value == '-' ? -1 : 1;
  if (s->next.kind == TOKEN_NUMBER)
    {
      Token number = next (s);

      length = number.length;
      n = number.value;
    }

  if (is_symbol (s->next, ':'))
    {
      zone->hour = n;
      zone->minute = NONE;
    }
  else if (length == 1 || length == 2)
    {
      zone->hour = n;
      zone->minute = 0;
    }
  else if (length == 3 || length == 4)
    {
      zone->hour = n / 100;
      zone->minute = n % 100;
    }
  else
    return FALSE;
  return TRUE;
}


static gboolean
write_fields (Day          *d,
              Time         *t,
              Zone         *z,
              RamoJsFields *out)
{
  int year = 0, month, day;

  if (d->n < 1)
    return FALSE;
  /* V8 fills the missing fields first, so "three fields" is always true below */
  while (d->n < 3)
    d->comp[d->n++] = 1;

  if (d->named_month == NONE)
    {
      if (d->iso || !is_day (d->comp[0]))
        year = d->comp[0], month = d->comp[1], day = d->comp[2];
      else
        month = d->comp[0], day = d->comp[1], year = d->comp[2];
    }
  else
    {
      month = d->named_month;
      if (!is_day (d->comp[0]))
        year = d->comp[0], day = d->comp[1];
      else
        day = d->comp[0], year = d->comp[1];
    }

  if (!d->iso)
    {
      if (between (year, 0, 49))
        year += 2000;
      else if (between (year, 50, 99))
        year += 1900;
    }
  if (!is_month (month) || !is_day (day))
    return FALSE;

  while (t->n < 4)
    t->comp[t->n++] = 0;
  if (t->hour_offset != NONE)
    {
      if (!between (t->comp[0], 0, 12))
        return FALSE;
      t->comp[0] = t->comp[0] % 12 + t->hour_offset;
    }
  if (!is_hour (t->comp[0]) || !is_minute (t->comp[1]) || !is_minute (t->comp[2]) ||
      !between (t->comp[3], 0, 999))
    {
      /* hour 24 only as the midnight ending a day */
      if (t->comp[0] != 24 || t->comp[1] != 0 || t->comp[2] != 0 || t->comp[3] != 0)
        return FALSE;
    }

  out->year = year;
  out->month = month;
  out->day = day;
  out->hour = t->comp[0];
  out->minute = t->comp[1];
  out->second = t->comp[2];
  out->millisecond = t->comp[3];
  out->has_offset = z->sign != NONE;
  if (out->has_offset)
    {
      /* 32-bit unsigned arithmetic, and the bound of a small integer, as V8 */
      guint32 seconds = (guint32) (z->hour == NONE ? 0 : z->hour) * 3600u +
                        (guint32) (z->minute == NONE ? 0 : z->minute) * 60u;

      if (seconds > G_MAXINT32)
        return FALSE;
      out->offset_seconds = z->sign < 0 ? -(int) seconds : (int) seconds;
    }
  return TRUE;
}

/*
 * The fields of @text as V8's parser reads them (Bun's variant when @jsc), FALSE where it is no
 * date.
 */
gboolean
_ramo_js_date_parse_fields (const char   *text,
                            gboolean      jsc,
                            RamoJsFields *out)
{
  Scanner s = { (const guchar *) text, { 0 }, jsc };
  Day day = { { 0 }, 0, NONE, FALSE };
  Time time = { { 0 }, 0, NONE };
  Zone zone = { NONE, NONE, NONE };
  Token token;
  gboolean has_number;

  s.next = scan (&s);
  token = parse_iso (&s, &day, &time, &zone);
  if (token.kind == TOKEN_INVALID)
    return FALSE;
  has_number = day.n > 0;

  for (; token.kind != TOKEN_END; token = next (&s))
    {
      if (token.kind == TOKEN_NUMBER)
        {
          has_number = TRUE;
          if (!legacy_number (&s, token, &day, &time, &zone))
            return FALSE;
        }
      else if (token.kind == TOKEN_WORD)
        {
          if (token.word == WORD_AM_PM && time.n != 0)
            time.hour_offset = token.value;
          else if (token.word == WORD_MONTH)
            {
              day.named_month = token.value;
              skip_symbol (&s, '-');
            }
          else if (token.word == WORD_ZONE && has_number)
            zone_set (&zone, token.value);
          else if (has_number || s.next.kind == TOKEN_NUMBER)
            /* other words only before the first number, and apart from it */
            return FALSE;
        }
      else if (is_sign (token) && ((zone.hour == 0 && zone.minute == 0) || time.n != 0))
        {
          has_number = TRUE;
          if (!legacy_offset (&s, token, &zone))
            return FALSE;
        }
      else if ((is_sign (token) || is_symbol (token, ')')) && has_number)
        return FALSE;
    }

  return write_fields (&day, &time, &zone, out);
}

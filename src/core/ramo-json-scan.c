/* ramo-json-scan.c
 *
 * Copyright 2026 The Ramo authors
 *
 * This program is free software: you can redistribute it and/or modify it under the terms of the
 * GNU General Public License as published by the Free Software Foundation, either version 3 of
 * the License, or (at your option) any later version.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ramo-json-scan"

#include "config.h"

#include <math.h>
#include <string.h>

#ifdef __SSE2__
#include <emmintrin.h>
#endif

#include <json-glib/json-glib.h>

#include "ramo-js.h"
#include "ramo-json.h"
#include "ramo-json-scan.h"

/*
 * The loader's JSON scanner. Indexing a session needs only a few members of each line (type,
 * ids, timestamp, role, the start of the text), yet json-glib builds a whole tree for every line,
 * every object with its own hash table: 2.0 s for a 91 MB, 100,000-entry session on the
 * reference machine, five times the time budget of the whole load. This scanner validates a
 * line with the grammar JavaScript's JSON.parse() accepts (so it rejects exactly the lines pi
 * skips) and records every value's byte span in one flat array — no allocation per value, no
 * copy of a string until one is asked for. Everything else (reading a body on demand, building
 * contexts, writing) still goes through json-glib.
 *
 * Containers are walked with an explicit stack: a line nested a million levels deep costs
 * memory, never C stack.
 */

const char RAMO_SCAN_ERROR_UTF8[] = "invalid UTF-8 in a string";

typedef struct
{
  guint32 node;
  guint32 last;
} Frame;

void
ramo_scan_init (RamoScan *scan)
{
  memset (scan, 0, sizeof *scan);
  scan->nodes_size = 256;
  scan->nodes = g_new (RamoScanNode, scan->nodes_size);
  scan->stack_size = 32;
  scan->stack = g_new (Frame, scan->stack_size);
}

void
ramo_scan_clear (RamoScan *scan)
{
  g_clear_pointer (&scan->nodes, g_free);
  g_clear_pointer (&scan->stack, g_free);
  scan->n_nodes = scan->nodes_size = scan->stack_size = 0;
}

static inline gboolean
is_ws (char c)
{
  return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

static inline gboolean
is_hex (char c)
{
  return g_ascii_isxdigit (c);
}

/* The position of the first byte in [p, len) that is a quote, a backslash, a control
 * character or not ASCII; len when there is none. Strings are most of a session's bytes. */
static inline gsize
skip_plain (const char *t,
            gsize       len,
            gsize       p)
{
#ifdef __SSE2__
  const __m128i quote = _mm_set1_epi8 ('"');
  const __m128i backslash = _mm_set1_epi8 ('\\');
  const __m128i space = _mm_set1_epi8 (0x20);

  while (p + 16 <= len)
    {
      __m128i v = _mm_loadu_si128 ((const __m128i *) (gconstpointer) (t + p));
      /* signed: bytes >= 0x80 are negative, so one comparison finds them and the controls */
      __m128i special = _mm_or_si128 (_mm_or_si128 (_mm_cmpeq_epi8 (v, quote), _mm_cmpeq_epi8 (v, backslash)),
                                      _mm_cmplt_epi8 (v, space));
      int mask = _mm_movemask_epi8 (special);

      if (mask != 0)
        return p + (gsize) __builtin_ctz ((unsigned) mask);
      p += 16;
    }
#else
  /* eight bytes at a time while none is a quote, a backslash or a control character */
  while (p + 8 <= len)
    {
      guint64 v, quote, backslash, control;

      memcpy (&v, t + p, 8);
      quote = v ^ 0x2222222222222222ULL;
      backslash = v ^ 0x5C5C5C5C5C5C5C5CULL;
      quote = (quote - 0x0101010101010101ULL) & ~quote;
      backslash = (backslash - 0x0101010101010101ULL) & ~backslash;
      control = (v - 0x2020202020202020ULL) & ~v;
      /* the high bit of a byte set: not ASCII, check its UTF-8 below */
      if (((quote | backslash | control | v) & 0x8080808080808080ULL) != 0)
        break;
      p += 8;
    }
#endif
  while (p < len)
    {
      guchar c = (guchar) t[p];

      if (c == '"' || c == '\\' || c < 0x20 || c >= 0x80)
        break;
      p++;
    }
  return p;
}

/* Scans a string starting at its opening quote at @pos; returns the position after the
 * closing one, or 0 with @error set. */
G_ALWAYS_INLINE static inline gsize
scan_string (const char  *t,
             gsize        len,
             gsize        pos,
             guint8      *escaped,
             const char **error)
{
  gsize p = pos + 1;

  *escaped = 0;
  for (;;)
    {
      guchar c;

      p = skip_plain (t, len, p);
      if (p >= len)
        {
          *error = "unterminated string";
          return 0;
        }
      c = (guchar) t[p];
      if (c == '"')
        break;
      if (c == '\\')
        {
          *escaped = 1;
          if (p + 1 >= len)
            {
              *error = "unterminated string";
              return 0;
            }
          switch (t[p + 1])
            {
            case '"': case '\\': case '/': case 'b': case 'f': case 'n': case 'r': case 't':
              p += 2;
              break;
            case 'u':
              if (p + 5 >= len || !is_hex (t[p + 2]) || !is_hex (t[p + 3]) || !is_hex (t[p + 4]) || !is_hex (t[p + 5]))
                {
                  *error = "bad \\u escape";
                  return 0;
                }
              p += 6;
              break;
            default:
              *error = "bad escape in string";
              return 0;
            }
        }
      else if (c < 0x20)
        {
          *error = "control character in string";
          return 0;
        }
      else
        {
          /* one multi-byte character, validated */
          gsize n = (c & 0xE0) == 0xC0 ? 2 : (c & 0xF0) == 0xE0 ? 3 : (c & 0xF8) == 0xF0 ? 4 : 0;

          if (n == 0 || n > len - p || !g_utf8_validate_len (t + p, n, NULL))
            {
              *error = RAMO_SCAN_ERROR_UTF8;
              return 0;
            }
          p += n;
        }
    }
  return p + 1;
}

static gboolean
scan_number (const char  *t,
             gsize        len,
             gsize       *pos,
             const char **error)
{
  gsize p = *pos;

  if (p < len && t[p] == '-')
    p++;
  if (p >= len || !g_ascii_isdigit (t[p]))
    goto bad;
  if (t[p] == '0')
    p++;
  else
    while (p < len && g_ascii_isdigit (t[p]))
      p++;
  if (p < len && t[p] == '.')
    {
      p++;
      if (p >= len || !g_ascii_isdigit (t[p]))
        goto bad;
      while (p < len && g_ascii_isdigit (t[p]))
        p++;
    }
  if (p < len && (t[p] == 'e' || t[p] == 'E'))
    {
      p++;
      if (p < len && (t[p] == '+' || t[p] == '-'))
        p++;
      if (p >= len || !g_ascii_isdigit (t[p]))
        goto bad;
      while (p < len && g_ascii_isdigit (t[p]))
        p++;
    }
  *pos = p;
  return TRUE;

bad:
  *error = "bad number";
  return FALSE;
}

/* The position of the first byte at or after @pos that is not white space. */
static inline gsize
skip_ws (const char *t,
         gsize       len,
         gsize       pos)
{
  /* pi writes none: one comparison for the usual case */
  while (pos < len && (guchar) t[pos] <= ' ' && is_ws (t[pos]))
    pos++;
  return pos;
}

/* Reads `"key" :` at @pos (after whitespace); returns the position after the colon, or 0 with
 * @error set. */
static inline gsize
scan_key (const char  *t,
          gsize        len,
          gsize        pos,
          guint32     *key_start,
          guint32     *key_end,
          guint8      *key_escaped,
          const char **error)
{
  pos = skip_ws (t, len, pos);
  if (pos >= len || t[pos] != '"')
    {
      *error = "expected a member name";
      return 0;
    }
  *key_start = (guint32) pos;
  pos = scan_string (t, len, pos, key_escaped, error);
  if (pos == 0)
    return 0;
  *key_end = (guint32) pos;
  pos = skip_ws (t, len, pos);
  if (pos >= len || t[pos] != ':')
    {
      *error = "expected ':'";
      return 0;
    }
  return pos + 1;
}

static G_NO_INLINE void
grow_nodes (RamoScan *scan)
{
  scan->nodes_size *= 2;
  scan->nodes = g_renew (RamoScanNode, scan->nodes, scan->nodes_size);
}

static G_NO_INLINE void
grow_stack (RamoScan *scan)
{
  scan->stack_size *= 2;
  scan->stack = g_renew (Frame, scan->stack, scan->stack_size);
}

/**
 * ramo_scan_parse:
 * @scan: a scan
 * @text: one line (need not be NUL-terminated)
 * @len: its length in bytes; at most 4 GiB
 * @error_message: (out): a static description of the first error
 *
 * Checks that @text is exactly one JSON value, as JSON.parse() would, and records the spans
 * of all its values. @text must stay alive while @scan is used.
 *
 * Returns: %TRUE when @text is valid JSON
 */
gboolean
ramo_scan_parse (RamoScan    *scan,
                 const char  *text,
                 gsize        len,
                 const char **error_message)
{
  const char *t = text;
  gsize pos = 0;
  guint depth = 0;            /* open containers, on scan->stack */
  gboolean need_value = TRUE;
  guint32 key_start = 0, key_end = 0;
  guint8 key_escaped = 0;
  const char *error = NULL;

  scan->text = text;
  scan->len = len;
  scan->n_nodes = 1;
  scan->max_depth = 0;

  if (len >= G_MAXUINT32)
    {
      *error_message = "line longer than 4 GiB";
      return FALSE;
    }

  for (;;)
    {
      if (need_value)
        {
          RamoScanNode *node;
          guint32 index = scan->n_nodes;
          char c;

          pos = skip_ws (t, len, pos);
          if (pos >= len)
            {
              error = "unexpected end of line";
              goto fail;
            }
          if (G_UNLIKELY (index == G_MAXUINT32))
            {
              error = "too many values";
              goto fail;
            }
          if (G_UNLIKELY (index == scan->nodes_size))
            grow_nodes (scan);
          node = &scan->nodes[index];
          scan->n_nodes = index + 1;

          node->start = (guint32) pos;
          node->key_start = key_start;
          node->key_end = key_end;
          node->key_escaped = key_escaped;
          node->next = 0;
          node->first_child = 0;
          node->escaped = 0;
          node->tag = 0;
          key_start = key_end = 0;
          key_escaped = 0;

          c = t[pos];
          switch (c)
            {
            case '{':
            case '[':
              node->type = c == '{' ? RAMO_SCAN_OBJECT : RAMO_SCAN_ARRAY;
              pos++;
              break;
            case '"':
              node->type = RAMO_SCAN_STRING;
              pos = scan_string (t, len, pos, &node->escaped, &error);
              if (pos == 0)
                goto fail;
              break;
            case 't':
              if (len - pos < 4 || memcmp (t + pos, "true", 4) != 0)
                goto unexpected;
              node->type = RAMO_SCAN_TRUE;
              pos += 4;
              break;
            case 'f':
              if (len - pos < 5 || memcmp (t + pos, "false", 5) != 0)
                goto unexpected;
              node->type = RAMO_SCAN_FALSE;
              pos += 5;
              break;
            case 'n':
              if (len - pos < 4 || memcmp (t + pos, "null", 4) != 0)
                goto unexpected;
              node->type = RAMO_SCAN_NULL;
              pos += 4;
              break;
            default:
              if (c == '-' || g_ascii_isdigit (c))
                {
                  node->type = RAMO_SCAN_NUMBER;
                  if (!scan_number (t, len, &pos, &error))
                    goto fail;
                  break;
                }
              goto unexpected;
            }
          node->end = (guint32) pos;

          if (depth > 0)
            {
              Frame *frame = &((Frame *) scan->stack)[depth - 1];

              if (frame->last)
                scan->nodes[frame->last].next = index;
              else
                scan->nodes[frame->node].first_child = index;
              frame->last = index;
            }

          if (node->type == RAMO_SCAN_OBJECT || node->type == RAMO_SCAN_ARRAY)
            {
              gboolean is_object = node->type == RAMO_SCAN_OBJECT;
              char close = is_object ? '}' : ']';
              Frame *frame;

              if (G_UNLIKELY (depth == scan->stack_size))
                grow_stack (scan);
              frame = &((Frame *) scan->stack)[depth++];
              frame->node = index;
              frame->last = 0;
              if (depth > scan->max_depth)
                scan->max_depth = depth;
              pos = skip_ws (t, len, pos);
              if (pos < len && t[pos] == close)
                {
                  pos++;
                  scan->nodes[index].end = (guint32) pos;
                  depth--;
                  need_value = FALSE;
                  continue;
                }
              if (is_object)
                {
                  pos = scan_key (t, len, pos, &key_start, &key_end, &key_escaped, &error);
                  if (pos == 0)
                    goto fail;
                }
              continue;
            }

          need_value = FALSE;
          continue;
        }

      /* after a value */
      pos = skip_ws (t, len, pos);
      if (depth == 0)
        {
          if (pos != len)
            {
              error = "unexpected text after the value";
              goto fail;
            }
          break;
        }

      {
        Frame *frame = &((Frame *) scan->stack)[depth - 1];
        RamoScanNode *container = &scan->nodes[frame->node];
        gboolean is_object = container->type == RAMO_SCAN_OBJECT;

        if (pos >= len)
          {
            error = "unexpected end of line";
            goto fail;
          }
        if (t[pos] == ',')
          {
            pos++;
            if (is_object)
              {
                pos = scan_key (t, len, pos, &key_start, &key_end, &key_escaped, &error);
                if (pos == 0)
                  goto fail;
              }
            need_value = TRUE;
          }
        else if (t[pos] == (is_object ? '}' : ']'))
          {
            pos++;
            container->end = (guint32) pos;
            depth--;
          }
        else
          {
            error = is_object ? "expected ',' or '}'" : "expected ',' or ']'";
            goto fail;
          }
      }
    }

  return TRUE;

unexpected:
  error = "unexpected character";
fail:
  *error_message = error;
  return FALSE;
}

static void
append_code_point (GString  *out,
                   gunichar  c)
{
  /* A lone surrogate has no UTF-8 form, and a C string cannot hold U+0000: both become U+FFFD
   * (where pi's window shows a replacement character too) instead of cutting the text short.
   * ramo_scan_write() keeps them exactly. */
  if ((c >= 0xD800 && c <= 0xDFFF) || c == 0)
    c = 0xFFFD;
  g_string_append_unichar (out, c);
}

static guint
hex4 (const char *p)
{
  return (g_ascii_xdigit_value (p[0]) << 12) | (g_ascii_xdigit_value (p[1]) << 8) |
         (g_ascii_xdigit_value (p[2]) << 4) | g_ascii_xdigit_value (p[3]);
}

/* Decodes the \uXXXX escape at *@p, and the low half after it when it starts a surrogate
 * pair (JSON.parse joins them; a half standing alone stays as it is); moves *@p past them. */
static guint
decode_u_escape (const char **p,
                 const char  *stop)
{
  const char *q = *p;
  guint c = hex4 (q + 2);

  q += 6;
  if (c >= 0xD800 && c <= 0xDBFF && q + 6 <= stop && q[0] == '\\' && q[1] == 'u')
    {
      guint low = hex4 (q + 2);

      if (low >= 0xDC00 && low <= 0xDFFF)
        {
          c = 0x10000 + ((c - 0xD800) << 10) + (low - 0xDC00);
          q += 6;
        }
    }
  *p = q;
  return c;
}

/* Decodes the JSON string spanning [start, end) (quotes included) into @out, at most
 * @max_chars characters (0 = all). */
static void
decode_string (const char *t,
               guint32     start,
               guint32     end,
               glong       max_chars,
               GString    *out)
{
  const char *p = t + start + 1;
  const char *stop = t + end - 1;
  glong n = 0;

  while (p < stop && (max_chars == 0 || n < max_chars))
    {
      if (*p != '\\')
        {
          const char *run = p;

          if (max_chars == 0)
            {
              const char *bs = memchr (p, '\\', stop - p);

              p = bs ? bs : stop;
            }
          else
            {
              /* count characters by their first bytes: a character takes at least one byte,
               * so the next (max_chars - n) bytes never hold more characters than are left */
              gsize room = MIN ((gsize) (stop - p), (gsize) (max_chars - n));
              const char *bs = memchr (p, '\\', room);
              const char *run_end = bs ? bs : p + room;

              n += ramo_utf8_count_chars (p, run_end - p);
              p = run_end;
              /* the last character whole: stop before the (max+1)-th */
              if (n == max_chars)
                while (p < stop && ((guchar) *p & 0xC0) == 0x80)
                  p++;
            }
          g_string_append_len (out, run, p - run);
          continue;
        }

      switch (p[1])
        {
        case 'b': g_string_append_c (out, '\b'); p += 2; break;
        case 'f': g_string_append_c (out, '\f'); p += 2; break;
        case 'n': g_string_append_c (out, '\n'); p += 2; break;
        case 'r': g_string_append_c (out, '\r'); p += 2; break;
        case 't': g_string_append_c (out, '\t'); p += 2; break;
        case 'u':
          append_code_point (out, decode_u_escape (&p, stop));
          break;
        default:
          g_string_append_c (out, p[1]);
          p += 2;
        }
      n++;
    }
}

/**
 * ramo_scan_member_len:
 * @scan: a parsed scan
 * @object: an object node
 * @key: (array length=key_len): the member name, UTF-8, not nul-terminated
 * @key_len: its length in bytes
 *
 * What ramo_scan_member() does, for a name of known length (that inline function passes
 * strlen() of its literal, which the compiler works out).
 *
 * Returns: the node of the member named @key (the last one, as JSON.parse keeps), or 0
 */
guint
ramo_scan_member_len (RamoScan   *scan,
                      guint       object,
                      const char *key,
                      gsize       key_len)
{
  const RamoScanNode *nodes = scan->nodes;
  guint found = 0;

  if (ramo_scan_type (scan, object) != RAMO_SCAN_OBJECT)
    return 0;

  for (guint i = nodes[object].first_child; i; i = nodes[i].next)
    {
      const RamoScanNode *node = &nodes[i];

      if (G_LIKELY (!node->key_escaped))
        {
          const char *name = scan->text + node->key_start + 1;

          /* the length and the first byte rule out nearly every other member */
          if (node->key_end - node->key_start - 2 == key_len &&
              (key_len == 0 || (name[0] == key[0] && memcmp (name, key, key_len) == 0)))
            found = i;
        }
      else
        {
          g_autoptr(GString) decoded = g_string_new (NULL);

          decode_string (scan->text, node->key_start, node->key_end, 0, decoded);
          if (decoded->len == key_len && memcmp (decoded->str, key, key_len) == 0)
            found = i;
        }
    }
  return found;
}

/**
 * ramo_scan_append_string:
 * @scan: a parsed scan
 * @node: a node
 * @max_chars: the most characters to decode, 0 for all
 * @out: where to append the decoded string
 *
 * Like ramo_scan_string(), without an allocation of its own.
 *
 * Returns: %TRUE when @node is a string (and was appended)
 */
gboolean
ramo_scan_append_string (RamoScan *scan,
                         guint     node,
                         glong     max_chars,
                         GString  *out)
{
  RamoScanNode *n;

  if (ramo_scan_type (scan, node) != RAMO_SCAN_STRING)
    return FALSE;
  n = ramo_scan_node (scan, node);
  if (!n->escaped && max_chars == 0)
    g_string_append_len (out, scan->text + n->start + 1, n->end - n->start - 2);
  else
    decode_string (scan->text, n->start, n->end, max_chars, out);
  return TRUE;
}

/**
 * ramo_scan_string:
 * @scan: a parsed scan
 * @node: a node
 * @max_chars: the most characters to decode, 0 for all
 *
 * Returns: (transfer full) (nullable): the decoded string, %NULL if @node is not a string
 */
char *
ramo_scan_string (RamoScan *scan,
                  guint     node,
                  glong     max_chars)
{
  RamoScanNode *n;
  GString *out;

  if (ramo_scan_type (scan, node) != RAMO_SCAN_STRING)
    return NULL;
  n = ramo_scan_node (scan, node);
  out = g_string_sized_new (MIN (n->end - n->start, max_chars ? (guint32) max_chars * 4 : G_MAXUINT32));
  decode_string (scan->text, n->start, n->end, max_chars, out);
  return g_string_free (out, FALSE);
}

/**
 * ramo_scan_string_equal_len:
 * @scan: a parsed scan
 * @node: a node
 * @value: (array length=len): a string, UTF-8, not nul-terminated
 * @len: its length in bytes
 *
 * What ramo_scan_string_equal() does, for a string of known length.
 *
 * Returns: %TRUE when @node is a string equal to @value
 */
gboolean
ramo_scan_string_equal_len (RamoScan   *scan,
                            guint       node,
                            const char *value,
                            gsize       len)
{
  RamoScanNode *n;

  if (ramo_scan_type (scan, node) != RAMO_SCAN_STRING)
    return FALSE;
  n = ramo_scan_node (scan, node);
  if (!n->escaped)
    return n->end - n->start - 2 == len && memcmp (scan->text + n->start + 1, value, len) == 0;
  {
    g_autoptr(GString) decoded = g_string_new (NULL);

    decode_string (scan->text, n->start, n->end, 0, decoded);
    return decoded->len == len && memcmp (decoded->str, value, len) == 0;
  }
}

/**
 * ramo_scan_string_blank:
 * @scan: a parsed scan
 * @node: a string node
 *
 * Returns: %TRUE when the string is empty or white space only (JavaScript's trim())
 */
gboolean
ramo_scan_string_blank (RamoScan *scan,
                        guint     node)
{
  RamoScanNode *n;
  const char *p, *stop;

  if (ramo_scan_type (scan, node) != RAMO_SCAN_STRING)
    return TRUE;
  n = ramo_scan_node (scan, node);
  p = scan->text + n->start + 1;
  stop = scan->text + n->end - 1;
  while (p < stop)
    {
      gunichar c;

      if (*p == '\\')
        {
          switch (p[1])
            {
            case 'f': case 'n': case 'r': case 't':
              p += 2;
              continue;
            case 'u':
              c = hex4 (p + 2);
              p += 6;
              break;
            default:
              return FALSE;
            }
        }
      else
        {
          c = g_utf8_get_char (p);
          p = g_utf8_next_char (p);
        }
      if (!ramo_js_is_white_space (c))
        return FALSE;
    }
  return TRUE;
}

/**
 * ramo_scan_number:
 * @scan: a parsed scan
 * @node: a node
 * @value: (out): the number
 *
 * Returns: %TRUE when @node is a number
 */
gboolean
ramo_scan_number (RamoScan *scan,
                  guint     node,
                  double   *value)
{
  RamoScanNode *n;
  char buf[64];
  gsize len;

  if (ramo_scan_type (scan, node) != RAMO_SCAN_NUMBER)
    return FALSE;
  n = ramo_scan_node (scan, node);
  len = n->end - n->start;
  if (len < sizeof buf)
    {
      memcpy (buf, scan->text + n->start, len);
      buf[len] = '\0';
      *value = g_ascii_strtod (buf, NULL);
    }
  else
    {
      g_autofree char *copy = g_strndup (scan->text + n->start, len);
      *value = g_ascii_strtod (copy, NULL);
    }
  return TRUE;
}

/**
 * ramo_scan_truthy:
 * @scan: a parsed scan
 * @node: a node, or 0 for an absent member
 *
 * Returns: JavaScript's truthiness of the value
 */
gboolean
ramo_scan_truthy (RamoScan *scan,
                  guint     node)
{
  double v;

  switch (ramo_scan_type (scan, node))
    {
    case RAMO_SCAN_TRUE:
    case RAMO_SCAN_ARRAY:
    case RAMO_SCAN_OBJECT:
      return TRUE;
    case RAMO_SCAN_STRING:
      return ramo_scan_node (scan, node)->end - ramo_scan_node (scan, node)->start > 2;
    case RAMO_SCAN_NUMBER:
      return ramo_scan_number (scan, node, &v) && v != 0 && !isnan (v);
    case RAMO_SCAN_NONE:
    case RAMO_SCAN_NULL:
    case RAMO_SCAN_FALSE:
    default:
      return FALSE;
    }
}

/* ------------------------------------------------------------------------------------------ */
/* Writing a scanned value back: exactly, or as a json-glib tree                               */

/* Appends the JSON string spanning [start, end) (quotes included) as JSON.stringify() writes
 * the string JSON.parse() makes of it: `"`, `\` and the control characters escaped (the short
 * forms where there are some, else `\u00xx`), a lone surrogate as `\udxxx`, everything else as
 * UTF-8. Never loses a code unit: an escaped NUL stays `\u0000`. */
static void
write_string_span (GString    *out,
                   const char *t,
                   guint32     start,
                   guint32     end)
{
  const char *p = t + start + 1;
  const char *stop = t + end - 1;

  g_string_append_c (out, '"');
  while (p < stop)
    {
      const char *bs = memchr (p, '\\', stop - p);
      guint c;

      /* raw bytes of a valid string need no escape: no quote, backslash or control in them */
      if (bs == NULL)
        bs = stop;
      g_string_append_len (out, p, bs - p);
      p = bs;
      if (p >= stop)
        break;

      switch (p[1])
        {
        case 'u':
          c = decode_u_escape (&p, stop);
          break;
        case 'b': c = '\b'; p += 2; break;
        case 'f': c = '\f'; p += 2; break;
        case 'n': c = '\n'; p += 2; break;
        case 'r': c = '\r'; p += 2; break;
        case 't': c = '\t'; p += 2; break;
        default:  c = (guchar) p[1]; p += 2; break;   /* \" \\ \/ */
        }

      ramo_json_write_escaped_char (out, c);
    }
  g_string_append_c (out, '"');
}

/* A canonical key (as written by write_string_span()) that is an "array index": JavaScript
 * puts those first, in ascending order. */
static gboolean
key_is_index (const char *key,
              gsize       len,
              guint32    *index)
{
  guint64 v = 0;

  /* the quotes, then digits only, no leading zero */
  if (len < 3 || (key[1] == '0' && len > 3))
    return FALSE;
  for (gsize i = 1; i + 1 < len; i++)
    {
      if (!g_ascii_isdigit (key[i]))
        return FALSE;
      v = v * 10 + (guint64) (key[i] - '0');
      if (v >= G_MAXUINT32)
        return FALSE;
    }
  *index = (guint32) v;
  return TRUE;
}

typedef struct
{
  guint32 key_offset;   /* in the frame's key text */
  guint32 key_len;
  guint32 index;        /* array index keys: their value */
  guint32 value;        /* the value node (the last one for a repeated key) */
  gboolean is_index;
} Member;

typedef struct
{
  guint    container;
  guint    next;        /* arrays: the next element node */
  GArray  *members;     /* objects: (element-type Member), in output order */
  GString *keys;
  guint    position;    /* objects: the next member to write */
  gboolean first;
} WriteFrame;

static int
compare_members (gconstpointer a,
                 gconstpointer b)
{
  const Member *ma = a, *mb = b;

  return ma->index < mb->index ? -1 : ma->index > mb->index;
}

/* The members of @object in JSON.stringify()'s order: array-index keys ascending, then the
 * others in the order they first appear; a repeated key keeps its first place and its last
 * value, as JSON.parse() leaves it. */
static void
collect_members (RamoScan   *scan,
                 guint       object,
                 WriteFrame *frame)
{
  g_autoptr(GHashTable) seen = NULL;
  guint n_index = 0;

  frame->members = g_array_new (FALSE, FALSE, sizeof (Member));
  frame->keys = g_string_new (NULL);

  for (guint i = ramo_scan_node (scan, object)->first_child; i; i = ramo_scan_node (scan, i)->next)
    {
      RamoScanNode *n = ramo_scan_node (scan, i);
      Member member = { 0 };
      const char *key;
      gpointer found;

      member.key_offset = (guint32) frame->keys->len;
      if (n->key_escaped)
        write_string_span (frame->keys, scan->text, n->key_start, n->key_end);
      else
        g_string_append_len (frame->keys, scan->text + n->key_start, n->key_end - n->key_start);
      member.key_len = (guint32) (frame->keys->len - member.key_offset);
      member.value = i;
      key = frame->keys->str + member.key_offset;

      /* a repeated key: linear for small objects, hashed for large ones */
      if (seen == NULL && frame->members->len >= 16)
        {
          seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
          for (guint j = 0; j < frame->members->len; j++)
            {
              Member *m = &g_array_index (frame->members, Member, j);
              g_hash_table_insert (seen, g_strndup (frame->keys->str + m->key_offset, m->key_len),
                                   GUINT_TO_POINTER (j + 1));
            }
        }
      found = NULL;
      if (seen)
        found = g_hash_table_lookup (seen, key);   /* key text ends where the buffer does */
      else
        for (guint j = 0; j < frame->members->len; j++)
          {
            Member *m = &g_array_index (frame->members, Member, j);

            if (m->key_len == member.key_len &&
                memcmp (frame->keys->str + m->key_offset, key, member.key_len) == 0)
              {
                found = GUINT_TO_POINTER (j + 1);
                break;
              }
          }
      if (found)
        {
          g_array_index (frame->members, Member, GPOINTER_TO_UINT (found) - 1).value = i;
          g_string_truncate (frame->keys, member.key_offset);
          continue;
        }

      member.is_index = key_is_index (key, member.key_len, &member.index);
      if (member.is_index)
        n_index++;
      g_array_append_val (frame->members, member);
      if (seen)
        g_hash_table_insert (seen, g_strndup (key, member.key_len), GUINT_TO_POINTER (frame->members->len));
    }

  if (n_index > 0)
    {
      /* index keys first, ascending; the rest keep their order */
      g_autoptr(GArray) ordered = g_array_sized_new (FALSE, FALSE, sizeof (Member), frame->members->len);

      for (guint j = 0; j < frame->members->len; j++)
        if (g_array_index (frame->members, Member, j).is_index)
          g_array_append_val (ordered, g_array_index (frame->members, Member, j));
      g_array_sort (ordered, compare_members);
      for (guint j = 0; j < frame->members->len; j++)
        if (!g_array_index (frame->members, Member, j).is_index)
          g_array_append_val (ordered, g_array_index (frame->members, Member, j));
      g_array_unref (frame->members);
      frame->members = g_steal_pointer (&ordered);
    }
}

static void
write_frame_clear (WriteFrame *frame)
{
  g_clear_pointer (&frame->members, g_array_unref);
  if (frame->keys)
    g_string_free (g_steal_pointer (&frame->keys), TRUE);
}

/* Writes a scalar node, or opens a container: returns TRUE when @node is one. */
static gboolean
write_value (RamoScan *scan,
             guint     node,
             GString  *out,
             GArray   *stack)
{
  RamoScanNode *n = ramo_scan_node (scan, node);
  double v = 0;

  switch ((RamoScanType) n->type)
    {
    case RAMO_SCAN_STRING:
      if (n->escaped)
        write_string_span (out, scan->text, n->start, n->end);
      else
        g_string_append_len (out, scan->text + n->start, n->end - n->start);
      return FALSE;
    case RAMO_SCAN_NUMBER:
      ramo_scan_number (scan, node, &v);
      ramo_json_write_number (out, v);
      return FALSE;
    case RAMO_SCAN_NULL:
      g_string_append (out, "null");
      return FALSE;
    case RAMO_SCAN_TRUE:
      g_string_append (out, "true");
      return FALSE;
    case RAMO_SCAN_FALSE:
      g_string_append (out, "false");
      return FALSE;
    case RAMO_SCAN_ARRAY:
    case RAMO_SCAN_OBJECT:
      {
        WriteFrame frame = { node, n->first_child, NULL, NULL, 0, TRUE };

        if (n->type == RAMO_SCAN_OBJECT)
          collect_members (scan, node, &frame);
        g_string_append_c (out, n->type == RAMO_SCAN_OBJECT ? '{' : '[');
        g_array_append_val (stack, frame);
      }
      return TRUE;
    case RAMO_SCAN_NONE:
    default:
      g_string_append (out, "null");
      return FALSE;
    }
}

/**
 * ramo_scan_write:
 * @scan: a parsed scan
 * @node: a node
 * @out: the string to append to
 *
 * Appends the value at @node exactly as JavaScript's `JSON.stringify(JSON.parse(text))` writes
 * it, from the line's own text: strings keep every code unit (an escaped NUL stays `\u0000`, a
 * lone surrogate `\udxxx`), numbers are read as doubles and written as JavaScript prints them
 * (`1e21`, `12345678901234567000`, `null` for one too large for a double), object keys in
 * JavaScript's property order (a repeated key keeps its first place and its last value). No
 * json-glib tree is built, so nothing it cannot represent is lost; containers are walked with
 * an explicit stack, never recursion.
 */
void
ramo_scan_write (RamoScan *scan,
                 guint     node,
                 GString  *out)
{
  g_autoptr(GArray) stack = NULL;

  g_return_if_fail (scan != NULL && out != NULL);

  if (node == 0)
    {
      g_string_append (out, "null");
      return;
    }

  stack = g_array_new (FALSE, FALSE, sizeof (WriteFrame));
  if (!write_value (scan, node, out, stack))
    return;

  while (stack->len > 0)
    {
      WriteFrame *frame = &g_array_index (stack, WriteFrame, stack->len - 1);
      guint child;

      if (frame->members)
        {
          Member *member;

          if (frame->position >= frame->members->len)
            {
              g_string_append_c (out, '}');
              write_frame_clear (frame);
              g_array_set_size (stack, stack->len - 1);
              continue;
            }
          member = &g_array_index (frame->members, Member, frame->position++);
          if (!frame->first)
            g_string_append_c (out, ',');
          frame->first = FALSE;
          g_string_append_len (out, frame->keys->str + member->key_offset, member->key_len);
          g_string_append_c (out, ':');
          child = member->value;
        }
      else
        {
          if (frame->next == 0)
            {
              g_string_append_c (out, ']');
              g_array_set_size (stack, stack->len - 1);
              continue;
            }
          child = frame->next;
          frame->next = ramo_scan_node (scan, child)->next;
          if (!frame->first)
            g_string_append_c (out, ',');
          frame->first = FALSE;
        }
      /* may grow the stack: @frame is not used after this */
      write_value (scan, child, out, stack);
    }
}

static JsonNode *
scalar_node (RamoScan *scan,
             guint     node)
{
  RamoScanNode *n = ramo_scan_node (scan, node);
  JsonNode *result = json_node_alloc ();

  switch ((RamoScanType) n->type)
    {
    case RAMO_SCAN_STRING:
      {
        g_autofree char *s = ramo_scan_string (scan, node, 0);
        return json_node_init_string (result, s);
      }
    case RAMO_SCAN_NUMBER:
      {
        double v = 0;
        const char *p = scan->text + n->start;
        gsize len = n->end - n->start;

        ramo_scan_number (scan, node, &v);
        /* an integer JavaScript holds exactly stays an integer; any other number is the
         * double JavaScript reads (a huge integer rounded, 1e400 infinite), never wrapped */
        if (memchr (p, '.', len) == NULL && memchr (p, 'e', len) == NULL &&
            memchr (p, 'E', len) == NULL && fabs (v) <= 9007199254740992.0)
          return json_node_init_int (result, (gint64) v);
        return json_node_init_double (result, v);
      }
    case RAMO_SCAN_TRUE:
    case RAMO_SCAN_FALSE:
      return json_node_init_boolean (result, n->type == RAMO_SCAN_TRUE);
    case RAMO_SCAN_NULL:
    case RAMO_SCAN_NONE:
    case RAMO_SCAN_ARRAY:
    case RAMO_SCAN_OBJECT:
    default:
      return json_node_init_null (result);
    }
}

/**
 * ramo_scan_to_node:
 * @scan: a parsed scan
 * @node: a node, not 0
 *
 * Builds a json-glib tree of the value at @node, for code that reads values (the window, the
 * summarizer). json-glib holds strings as C strings, so an escaped NUL and a lone surrogate
 * become U+FFFD there (the text is never cut short); an integer beyond 2^53 becomes the double
 * JavaScript reads. A repeated key keeps its last value. Containers nested deeper than
 * %RAMO_MAX_JSON_DEPTH levels become strings holding their JSON text (json-glib frees and
 * writes a tree recursively, one stack frame a level). Use ramo_scan_write() for output that
 * must be exact.
 *
 * Returns: (transfer full): the value
 */
JsonNode *
ramo_scan_to_node (RamoScan *scan,
                   guint     node)
{
  typedef struct { JsonNode *container; guint next; } Frame2;
  g_autoptr(GArray) stack = NULL;
  JsonNode *root;

  g_return_val_if_fail (scan != NULL && node != 0, NULL);

  if (ramo_scan_type (scan, node) != RAMO_SCAN_ARRAY && ramo_scan_type (scan, node) != RAMO_SCAN_OBJECT)
    return scalar_node (scan, node);

  stack = g_array_new (FALSE, FALSE, sizeof (Frame2));
  root = json_node_alloc ();
  if (ramo_scan_type (scan, node) == RAMO_SCAN_OBJECT)
    json_node_take_object (json_node_init (root, JSON_NODE_OBJECT), json_object_new ());
  else
    json_node_take_array (json_node_init (root, JSON_NODE_ARRAY), json_array_new ());
  {
    Frame2 frame = { root, ramo_scan_node (scan, node)->first_child };
    g_array_append_val (stack, frame);
  }

  while (stack->len > 0)
    {
      Frame2 *frame = &g_array_index (stack, Frame2, stack->len - 1);
      JsonNode *container = frame->container;
      guint child = frame->next;
      RamoScanNode *n;
      JsonNode *value;

      if (child == 0)
        {
          g_array_set_size (stack, stack->len - 1);
          continue;
        }
      n = ramo_scan_node (scan, child);
      frame->next = n->next;

      if ((n->type == RAMO_SCAN_OBJECT || n->type == RAMO_SCAN_ARRAY) && stack->len >= RAMO_MAX_JSON_DEPTH)
        {
          /* deeper than json-glib's own walks (free, write) recurse safely: the rest of the
           * value as its JSON text */
          g_autoptr(GString) text = g_string_new (NULL);

          ramo_scan_write (scan, child, text);
          value = json_node_init_string (json_node_alloc (), text->str);
        }
      else if (n->type == RAMO_SCAN_OBJECT || n->type == RAMO_SCAN_ARRAY)
        {
          Frame2 inner;

          value = json_node_alloc ();
          if (n->type == RAMO_SCAN_OBJECT)
            json_node_take_object (json_node_init (value, JSON_NODE_OBJECT), json_object_new ());
          else
            json_node_take_array (json_node_init (value, JSON_NODE_ARRAY), json_array_new ());
          inner.container = value;
          inner.next = n->first_child;
          g_array_append_val (stack, inner);   /* @frame is not used after this */
        }
      else
        value = scalar_node (scan, child);

      if (JSON_NODE_HOLDS_OBJECT (container))
        {
          g_autoptr(GString) key = g_string_new (NULL);

          decode_string (scan->text, n->key_start, n->key_end, 0, key);
          json_object_set_member (json_node_get_object (container), key->str, value);
        }
      else
        json_array_add_element (json_node_get_array (container), value);
    }

  return root;
}

/**
 * ramo_scan_to_json:
 * @scan: a parsed scan
 * @node: a node
 *
 * Returns: (transfer full) (nullable): the value as JSON.stringify(JSON.parse(…)) writes it
 *   (see ramo_scan_write()), %NULL for 0
 */
char *
ramo_scan_to_json (RamoScan *scan,
                   guint     node)
{
  GString *out;

  if (node == 0)
    return NULL;

  out = g_string_new (NULL);
  ramo_scan_write (scan, node, out);
  return g_string_free (out, FALSE);
}

/* ramo-json-scan.h
 *
 * Copyright 2026 The Ramo authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <string.h>

#include <glib.h>
#include <json-glib/json-glib.h>

G_BEGIN_DECLS

typedef enum
{
  RAMO_SCAN_NONE,
  RAMO_SCAN_NULL,
  RAMO_SCAN_FALSE,
  RAMO_SCAN_TRUE,
  RAMO_SCAN_NUMBER,
  RAMO_SCAN_STRING,
  RAMO_SCAN_ARRAY,
  RAMO_SCAN_OBJECT,
} RamoScanType;

/* How deep a json-glib tree of a line goes (ramo_scan_to_node()): deeper values are kept as
 * their JSON text, since json-glib recurses once per level. The scanner itself reads any depth,
 * as JSON.parse does. */
#define RAMO_MAX_JSON_DEPTH 1000

typedef struct
{
  guint32 start;          /* first byte of the value (a string's opening quote) */
  guint32 end;            /* one past its last byte */
  guint32 key_start;      /* object members: the key's opening quote */
  guint32 key_end;        /* one past the key's closing quote */
  guint32 next;           /* next sibling, 0 for none */
  guint32 first_child;    /* containers: first element or member, 0 for none */
  guint8  type;           /* RamoScanType */
  guint8  escaped;        /* a string value with backslash escapes */
  guint8  key_escaped;    /* a key with backslash escapes */
  guint8  tag;            /* 0 after the parse: a byte where a reader of the scan may keep what
                           * it found of the node (_ramo_scan_block_kind()) */
} RamoScanNode;

typedef struct
{
  const char   *text;
  gsize         len;
  RamoScanNode *nodes;      /* node 0 is unused, the root is 1 */
  guint         n_nodes;
  guint         nodes_size; /* allocated */
  gpointer      stack;      /* scratch: open containers while parsing */
  guint         stack_size; /* allocated */
  guint         max_depth;  /* the deepest nesting of the last line parsed */
} RamoScan;

/* the error ramo_scan_parse() gives for invalid UTF-8 inside a string (compare the pointer) */
extern const char RAMO_SCAN_ERROR_UTF8[];

void      ramo_scan_init         (RamoScan    *scan);
void      ramo_scan_clear        (RamoScan    *scan);
gboolean  ramo_scan_parse        (RamoScan    *scan,
                                  const char  *text,
                                  gsize        len,
                                  const char **error_message);

static inline RamoScanNode *
ramo_scan_node (RamoScan *scan,
                guint     index)
{
  return &scan->nodes[index];
}

static inline RamoScanType
ramo_scan_type (RamoScan *scan,
                guint     index)
{
  return index ? (RamoScanType) ramo_scan_node (scan, index)->type : RAMO_SCAN_NONE;
}

/* The characters in @len bytes of valid UTF-8: the bytes that are not continuation bytes
 * (10xxxxxx), counted eight at a time. */
static inline glong
ramo_utf8_count_chars (const char *text,
                       gsize       len)
{
  glong n = (glong) len;
  gsize i = 0;

  for (; i + 8 <= len; i += 8)
    {
      guint64 v;

      memcpy (&v, text + i, 8);
      /* one in the low bit of each byte that continues a character, added up by the multiply
       * (__builtin_popcountll() is a call to __popcountdi2() without -mpopcnt) */
      v = (v & ~(v << 1) & 0x8080808080808080ULL) >> 7;
      n -= (glong) ((v * 0x0101010101010101ULL) >> 56);
    }
  for (; i < len; i++)
    n -= ((guchar) text[i] & 0xC0) == 0x80;
  return n;
}

guint     ramo_scan_member_len   (RamoScan    *scan,
                                  guint        object,
                                  const char  *key,
                                  gsize        key_len);

/**
 * ramo_scan_member:
 * @scan: a parsed scan
 * @object: an object node (any other node, or 0, has no members)
 * @key: the member name, nul-terminated UTF-8
 *
 * Inline, so that the length of a literal @key is worked out by the compiler: the load looks
 * up several members of every line.
 *
 * Returns: the node of the member named @key (the last one, as JSON.parse keeps), or 0
 */
static inline guint
ramo_scan_member (RamoScan   *scan,
                  guint       object,
                  const char *key)
{
  return ramo_scan_member_len (scan, object, key, strlen (key));
}

char     *ramo_scan_string       (RamoScan    *scan,
                                  guint        node,
                                  glong        max_chars);
gboolean  ramo_scan_append_string (RamoScan   *scan,
                                   guint       node,
                                   glong       max_chars,
                                   GString    *out);
gboolean  ramo_scan_string_equal_len (RamoScan  *scan,
                                      guint      node,
                                      const char *value,
                                      gsize      len);

/**
 * ramo_scan_string_equal:
 * @scan: a parsed scan
 * @node: a node
 * @value: a nul-terminated UTF-8 string
 *
 * Inline for the same reason as ramo_scan_member().
 *
 * Returns: %TRUE when @node is a string equal to @value
 */
static inline gboolean
ramo_scan_string_equal (RamoScan   *scan,
                        guint       node,
                        const char *value)
{
  return ramo_scan_string_equal_len (scan, node, value, strlen (value));
}

gboolean  ramo_scan_string_blank (RamoScan    *scan,
                                  guint        node);
gboolean  ramo_scan_number       (RamoScan    *scan,
                                  guint        node,
                                  double      *value);
gboolean  ramo_scan_truthy       (RamoScan    *scan,
                                  guint        node);
char     *ramo_scan_to_json      (RamoScan    *scan,
                                  guint        node);
void      ramo_scan_write        (RamoScan    *scan,
                                  guint        node,
                                  GString     *out);
void      ramo_scan_write_replacing (RamoScan  *scan,
                                     guint      node,
                                     GString   *out,
                                     ...) G_GNUC_NULL_TERMINATED;
JsonNode *ramo_scan_to_node      (RamoScan    *scan,
                                  guint        node);

G_END_DECLS

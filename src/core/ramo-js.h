/* ramo-js.h — JavaScript's rules where pi's behaviour depends on them
 *
 * Copyright 2026 The Ramo authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <json-glib/json-glib.h>

G_BEGIN_DECLS

/**
 * ramo_js_is_white_space:
 * @c: a character
 *
 * JavaScript's white space and line terminators (WhiteSpace and LineTerminator of ECMA-262),
 * the characters String.prototype.trim() strips and Number() skips around a number.
 *
 * Returns: %TRUE when @c is one of them
 */
static inline gboolean
ramo_js_is_white_space (gunichar c)
{
  return (c >= 0x09 && c <= 0x0D) || c == 0x20 || c == 0xA0 || c == 0x1680 ||
         (c >= 0x2000 && c <= 0x200A) || c == 0x2028 || c == 0x2029 || c == 0x202F ||
         c == 0x205F || c == 0x3000 || c == 0xFEFF;
}

/**
 * RamoJsCompareFunc:
 * @a: an element
 * @b: another element
 * @user_data: the data given to ramo_js_sort()
 *
 * A JavaScript sort comparator.
 *
 * Returns: negative when @a sorts before @b, positive after, 0 or NaN for "equal"
 */
typedef double (*RamoJsCompareFunc) (gconstpointer a,
                                     gconstpointer b,
                                     gpointer      user_data);

/* the bytes of a `Date.prototype.toISOString()` text, its NUL included */
#define RAMO_JS_ISO_STRING_SIZE 25

double ramo_js_string_to_number (const char *text);
double ramo_js_date_parse       (const char *text);
double ramo_js_date_parse_jsc   (const char *text);
double ramo_js_date_from_node   (JsonNode   *node);
gboolean ramo_js_date_to_iso_string (double  time_ms,
                                     char    out[RAMO_JS_ISO_STRING_SIZE]);
gboolean ramo_js_date_parse_iso_string (const char *text,
                                        gsize       len,
                                        double     *time_ms);
gsize  ramo_js_utf16_length     (const char *text);
int    ramo_js_utf16_compare    (const char *a,
                                 const char *b);
void   ramo_js_sort             (gpointer          *items,
                                 gsize              n_items,
                                 RamoJsCompareFunc  compare_func,
                                 gpointer           user_data);
void   ramo_js_sort_jsc         (gpointer          *items,
                                 gsize              n_items,
                                 RamoJsCompareFunc  compare_func,
                                 gpointer           user_data);

G_END_DECLS

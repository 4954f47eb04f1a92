/* test-projection.c — the tree view's layout, filters and search (spec §7), without GTK
 *
 * Copyright 2026 The Ramo authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <glib/gstdio.h>

#include "ramo-projection.h"
#include "ramo-projection-private.h"
#include "ramo-session-manager.h"
#include "ramo-test-mirror.h"
#include "ramo-test-projection.h"
#include "ramo-test-util.h"

/* The rows as "id" for plain rows and "id(" … ")" around nested ones, "*" on branch starts. */
static char *
layout (RamoProjection *projection)
{
  GString *out = g_string_new (NULL);

  ramo_test_describe_rows (ramo_projection_get_roots (projection), out);
  return g_string_free (out, FALSE);
}

static RamoSessionManager *
open_example (void)
{
  g_autofree char *path = ramo_test_copy_example ();
  g_autoptr(GError) error = NULL;
  RamoSessionManager *manager = ramo_session_manager_open (path, &error);

  g_assert_no_error (error);
  return manager;
}

static void
test_default_layout (void)
{
  g_autoptr(RamoSessionManager) manager = open_example ();
  g_autoptr(RamoProjection) projection = ramo_projection_new (manager);
  g_autofree char *text = layout (projection);

  /* the branch holding the leaf first at each branch point; tool-only assistant turns,
   * labels, custom entries and settings hidden; hidden entries never break the structure */
  g_assert_cmpstr (text, ==,
    "a1000001 a1000002 a1000003 a1000005 a1000006("
      "*c3000001(d4000001 d4000003 d4000005 d4000006("
        "*e5000003(e5000005 e5000007 e5000008 e5000009 e5000010 e5000012 e5000013 e5000014) "
        "*f6000001(f6000002))) "
      "*b2000001(b2000002 b2000003 b2000004 b2000005))");
  g_assert_cmpuint (ramo_projection_get_n_visible (projection), ==, 26);
  g_assert_cmpuint (ramo_projection_get_n_total (projection), ==, 37);
}

static void
test_user_only (void)
{
  g_autoptr(RamoSessionManager) manager = open_example ();
  g_autoptr(RamoProjection) projection = ramo_projection_new (manager);
  g_autofree char *text = NULL;

  ramo_projection_set_filter (projection, RAMO_FILTER_USER_ONLY);
  text = layout (projection);
  g_assert_cmpstr (text, ==,
    "a1000001(*d4000001(*e5000005(e5000010) *f6000001) *b2000001(b2000005))");
  g_assert_cmpuint (ramo_projection_get_n_visible (projection), ==, 7);
}

static void
test_other_filters (void)
{
  g_autoptr(RamoSessionManager) manager = open_example ();
  g_autoptr(RamoProjection) projection = ramo_projection_new (manager);
  g_autofree char *labeled = NULL;

  ramo_projection_set_filter (projection, RAMO_FILTER_NO_TOOLS);
  /* 26 minus the 7 tool results */
  g_assert_cmpuint (ramo_projection_get_n_visible (projection), ==, 19);

  ramo_projection_set_filter (projection, RAMO_FILTER_LABELED_ONLY);
  labeled = layout (projection);
  g_assert_cmpstr (labeled, ==, "a1000006 d4000006");

  ramo_projection_set_filter (projection, RAMO_FILTER_ALL);
  /* everything but the 5 text-less assistant turns that are not the leaf */
  g_assert_cmpuint (ramo_projection_get_n_visible (projection), ==, 32);
}

static void
test_search (void)
{
  g_autoptr(RamoSessionManager) manager = open_example ();
  g_autoptr(RamoProjection) projection = ramo_projection_new (manager);
  g_autofree char *text = NULL;

  ramo_projection_set_search (projection, "  JSON   cache ");
  text = layout (projection);
  g_assert_cmpstr (text, ==, "a1000006 d4000001 d4000006");

  /* the label counts as text */
  ramo_projection_set_search (projection, "works");
  g_assert_cmpuint (ramo_projection_get_n_visible (projection), ==, 1);
  ramo_projection_set_search (projection, "<B>");
  g_assert_cmpuint (ramo_projection_get_n_visible (projection), ==, 1);
  ramo_projection_set_search (projection, "");
  g_assert_cmpuint (ramo_projection_get_n_visible (projection), ==, 26);
}

/* ------------------------------------------------------------------------------------------ */
/* The search's matching, against plain reference implementations of its documented rules */

/* ASCII case-insensitive substring search, one position at a time */
static gboolean
naive_contains_ascii_nocase (const char *text,
                             gsize       text_len,
                             const char *needle)
{
  gsize n = strlen (needle);

  for (gsize i = 0; i + n <= text_len; i++)
    {
      gsize k;

      for (k = 0; k < n && g_ascii_tolower (text[i + k]) == needle[k]; k++)
        ;
      if (k == n)
        return TRUE;
    }
  return FALSE;
}

static void
assert_contains (const char *text,
                 gssize      text_len,
                 const char *needle,
                 gboolean    expected)
{
  gsize len = text_len < 0 ? strlen (text) : (gsize) text_len;

  if (naive_contains_ascii_nocase (text, len, needle) != expected)
    g_error ("reference: \"%s\" (%zu bytes) in \"%s\"", needle, len, text);
  if (_ramo_projection_contains_ascii_nocase (text, len, needle, strlen (needle)) != expected)
    g_error ("matcher: \"%s\" in \"%.*s\" (%zu bytes) should be %s", needle, (int) len, text, len,
             expected ? "found" : "not found");
}

static void
test_search_matcher (void)
{
  g_autoptr(GString) text = g_string_new (NULL);

  /* overlapping prefixes: the search goes on after a partial match */
  assert_contains ("aaab", -1, "aab", TRUE);
  assert_contains ("aab", -1, "aab", TRUE);
  assert_contains ("aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaab", -1, "aaab", TRUE);
  assert_contains ("aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", -1, "aaab", FALSE);
  assert_contains ("abababababababababababababababababac", -1, "ababac", TRUE);
  /* empty and short texts */
  assert_contains ("", -1, "a", FALSE);
  assert_contains ("a", 0, "a", FALSE);
  assert_contains ("a", -1, "a", TRUE);
  assert_contains ("aa", -1, "aab", FALSE);
  /* case */
  assert_contains ("ReAd", -1, "read", TRUE);
  assert_contains ("xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxREAD S", -1, "read s", TRUE);
  assert_contains ("Z", -1, "z", TRUE);
  assert_contains ("@", -1, "`", FALSE);    /* 0x40 | 0x20 == 0x60, but '@' is no letter */
  assert_contains ("[{", -1, "{[", FALSE);
  assert_contains ("x\x0e" "y", -1, ".y", FALSE);
  assert_contains ("x.Y", -1, ".y", TRUE);
  /* bytes >= 0x80 never match an ASCII byte, with or without the case bit */
  assert_contains ("\xc3\x81\xc3\xa1\xe1\xc1\x81\xa1", -1, "a", FALSE);
  assert_contains ("caf\xc3\xa9 \xe2\x84\xaa" "elvin", -1, "kelvin", FALSE);
  assert_contains ("caf\xc3\xa9 \xe2\x84\xaa" "elvin Kelvin", -1, "kelvin", TRUE);
  assert_contains ("\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9tail", -1, "tail", TRUE);
  /* the text's length is the limit, not its NUL */
  assert_contains ("xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxread", 33, "read", FALSE);
  assert_contains ("xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxread", 34, "read", TRUE);

  /* the needle at every position of texts of every length around the 16-byte blocks, as the
   * last bytes too */
  for (guint len = 1; len <= 70; len++)
    for (guint n = 1; n <= MIN (len, 7u); n++)
      for (guint at = 0; at + n <= len; at++)
        {
          char needle[8] = { 0 };

          memcpy (needle, "abcdefg", n);
          g_string_truncate (text, 0);
          for (guint i = 0; i < len; i++)
            g_string_append_c (text, i >= at && i < at + n ? "AbCdEfG"[i - at] : 'x');
          assert_contains (text->str, -1, needle, TRUE);
          /* and cut one byte short of its end */
          if (at + n == len)
            assert_contains (text->str, len - 1, needle, FALSE);
        }

  /* random texts over a small alphabet, so that partial matches abound */
  for (guint round = 0; round < 20000; round++)
    {
      static const char * const alphabet[] = { "a", "A", "b", "B", "r", "R", ".", "\x0e", "@", "`",
                                               "[", "{", " ", "\xc3\xa1", "\xc3\x81", "\xe1" };
      static const char needle_bytes[] = "abr.@`[{ ";
      char needle[8];
      guint len = g_test_rand_int_range (0, 80);
      guint n = g_test_rand_int_range (1, 7);

      g_string_truncate (text, 0);
      for (guint i = 0; i < len; i++)
        g_string_append (text, alphabet[g_test_rand_int_range (0, G_N_ELEMENTS (alphabet))]);
      for (guint i = 0; i < n; i++)
        needle[i] = needle_bytes[g_test_rand_int_range (0, sizeof needle_bytes - 1)];
      needle[n] = '\0';
      assert_contains (text->str, -1, needle,
                       naive_contains_ascii_nocase (text->str, text->len, needle));
    }
}

/* The search's rules written out plainly: every whitespace-separated term of the casefolded
 * search occurs in the entry's display text or its label — ASCII case-insensitively for an
 * ASCII term, in the casefolded text and label for any other. */
static gboolean
naive_entry_matches (RamoSessionManager *manager,
                     RamoEntry          *entry,
                     const char         *search)
{
  g_autofree char *folded_search = g_utf8_casefold (search ? search : "", -1);
  g_auto(GStrv) terms = g_strsplit_set (folded_search, " \t\n\r", -1);
  const char *label = ramo_session_manager_get_label (manager, entry->id);

  for (guint i = 0; terms[i]; i++)
    {
      const char *term = terms[i];
      gboolean ascii = TRUE;

      if (term[0] == '\0')
        continue;
      for (const char *c = term; *c; c++)
        ascii &= (guchar) *c < 0x80;
      if (ascii)
        {
          if (!naive_contains_ascii_nocase (entry->display, strlen (entry->display), term) &&
              !(label && naive_contains_ascii_nocase (label, strlen (label), term)))
            return FALSE;
        }
      else
        {
          g_autofree char *text = g_strconcat (entry->display, label ? " " : NULL, label, NULL);
          g_autofree char *folded = g_utf8_casefold (text, -1);

          if (strstr (folded, term) == NULL)
            return FALSE;
        }
    }
  return TRUE;
}

/* @projection shows what the filter shows and the reference search lets through, laid out as
 * a fresh projection with the same filter and search lays it out. */
static void
assert_search_is_reference (RamoProjection *projection)
{
  RamoSessionManager *manager = ramo_projection_get_manager (projection);
  RamoFilterMode filter = ramo_projection_get_filter (projection);
  const char *search = ramo_projection_get_search (projection);
  g_autoptr(RamoProjection) unsearched = ramo_projection_new (manager);
  g_autoptr(RamoProjection) fresh = ramo_projection_new (manager);
  g_autofree char *text = layout (projection);
  g_autofree char *expected = NULL;
  guint n_expected = 0;

  ramo_projection_set_filter (unsearched, filter);
  ramo_projection_set_filter (fresh, filter);
  ramo_projection_set_search (fresh, search);
  for (guint i = 0; i < ramo_session_manager_get_n_entries (manager); i++)
    {
      RamoEntry *entry = ramo_session_manager_get_entry_at (manager, i);
      gboolean visible = ramo_projection_is_visible (unsearched, entry) &&
                         naive_entry_matches (manager, entry, search);

      if (ramo_projection_is_visible (projection, entry) != visible)
        g_error ("search \"%s\", filter %s: \"%s\" should be %s", search, ramo_filter_mode_to_string (filter),
                 entry->display, visible ? "shown" : "hidden");
      n_expected += visible;
    }
  g_assert_cmpuint (ramo_projection_get_n_visible (projection), ==, n_expected);
  expected = layout (fresh);
  g_assert_cmpstr (text, ==, expected);
}

static char *
append_user (RamoSessionManager *manager,
             const char         *text)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  g_autoptr(JsonNode) message = NULL;
  g_autoptr(GError) error = NULL;
  char *id;

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "role");
  json_builder_add_string_value (builder, "user");
  json_builder_set_member_name (builder, "content");
  json_builder_add_string_value (builder, text);
  json_builder_end_object (builder);
  message = json_builder_get_root (builder);
  id = ramo_session_manager_append_message (manager, message, &error);
  g_assert_no_error (error);
  return id;
}

static RamoSessionManager *
new_search_session (void)
{
  static const char * const texts[] = {
    "aaab", "xAAB", "", "a", "needle at the very end: READ", "read", "Re", "caf\xc3\xa9 Stra\xc3\x9f\x65",
    "CAF\xc3\x89", "KELVIN \xe2\x84\xaa", "x\xc3\xa1\xc3\x81y", "@`[{", "read something longer than thirty-two bytes",
    "something longer than thirty-two bytes, then: rEaD S", "Stra\xc3\x9f\xc3\xa9",
  };
  RamoSessionManager *manager = ramo_session_manager_new_in_memory ("/w");
  g_autoptr(GError) error = NULL;
  g_autofree char *labeled = NULL;
  g_autofree char *label_id = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (texts); i++)
    {
      char *id = append_user (manager, texts[i]);

      if (i == 3)
        labeled = id;
      else
        g_free (id);
    }
  label_id = ramo_session_manager_append_label_change (manager, labeled, "Zebra Crossing \xc3\x89t\xc3\xa9", &error);
  g_assert_no_error (error);
  return manager;
}

static void
test_search_reference (void)
{
  static const char * const searches[] = {
    "aab", "AAB", "a", "read", "READ", "read s", "s read", "\xc3\xa9", "caf\xc3\xa9", "CAF\xc3\x89", "strasse",
    "stra\xc3\x9f\x65", "ss", "k", "\xe2\x84\xaa", "zebra", "ZEBRA cross", "\xc3\xa9t\xc3\xa9", "user", "@",
    "`", "{", "[", "zzz", " ", "",
  };
  g_autoptr(RamoSessionManager) manager = new_search_session ();
  g_autoptr(RamoProjection) projection = ramo_projection_new (manager);

  for (RamoFilterMode mode = RAMO_FILTER_DEFAULT; mode <= RAMO_FILTER_ALL; mode++)
    {
      ramo_projection_set_filter (projection, mode);
      for (guint i = 0; i < G_N_ELEMENTS (searches); i++)
        {
          ramo_projection_set_search (projection, searches[i]);
          assert_search_is_reference (projection);
        }
    }
  /* the label is searched: only the labeled entry has "zebra" */
  ramo_projection_set_filter (projection, RAMO_FILTER_DEFAULT);
  ramo_projection_set_search (projection, "zebra");
  g_assert_cmpuint (ramo_projection_get_n_visible (projection), ==, 1);
}

/* Typing and deleting, one keystroke at a time: the projection keeps what the previous search
 * found where it still holds, and must show what a fresh one would. */
static void
test_search_narrowing (void)
{
  static const char * const sequences[][12] = {
    { "r", "re", "rea", "read", "read s", "read ", "read", "rea", "re", "r", "", NULL },
    { "re", "rea", "r", NULL },
    /* "Straße" casefolds to "strasse" but has no ASCII "ss": "ssé" is no narrower than "ss",
     * nor "ss" wider than "ssé" */
    { "ss", "ss\xc3\xa9", "ss", "s", "ss\xc3\xa9", "s\xc3\xa9", "\xc3\xa9", NULL },
    { "a", "aa", "aab", "aab x", "aab", "x aab", "AAB", NULL },
    { "read s", "s read", "s", "s zebra", "zebra", "zebra s", NULL },
    { "caf\xc3\xa9", "caf\xc3\xa9 c", "caf", "caf\xc3\xa9", NULL },
  };
  g_autoptr(RamoSessionManager) manager = new_search_session ();
  g_autoptr(RamoProjection) projection = ramo_projection_new (manager);

  for (RamoFilterMode mode = RAMO_FILTER_DEFAULT; mode <= RAMO_FILTER_ALL; mode++)
    {
      ramo_projection_set_filter (projection, mode);
      for (guint s = 0; s < G_N_ELEMENTS (sequences); s++)
        for (guint k = 0; sequences[s][k]; k++)
          {
            ramo_projection_set_search (projection, sequences[s][k]);
            assert_search_is_reference (projection);
          }
    }

  /* a filter change between keystrokes: the search is known only where the filter let it look */
  ramo_projection_set_filter (projection, RAMO_FILTER_USER_ONLY);
  ramo_projection_set_search (projection, "r");
  ramo_projection_set_filter (projection, RAMO_FILTER_ALL);
  assert_search_is_reference (projection);
  ramo_projection_set_search (projection, "re");
  assert_search_is_reference (projection);
  ramo_projection_set_filter (projection, RAMO_FILTER_DEFAULT);
  ramo_projection_set_search (projection, "r");
  assert_search_is_reference (projection);
}

static void
count_cb (gpointer  instance,
          guint    *count)
{
  (*count)++;
}

static void
count_leaf_moves_cb (RamoProjection *projection,
                     gboolean        changes_layout,
                     guint          *count)
{
  (*count)++;
}

static void
count_notify_cb (GObject    *object,
                 GParamSpec *pspec,
                 guint      *count)
{
  (*count)++;
}

static void
count_items_cb (GListModel *model,
                guint       position,
                guint       removed,
                guint       added,
                guint      *count)
{
  (*count)++;
}

/* The layout of @projection against that of a projection made anew over the same session with
 * the same filter: what a label line left in place is what a full layout would give. */
static void
assert_layout_is_fresh (RamoProjection *projection)
{
  g_autoptr(RamoProjection) fresh = ramo_projection_new (ramo_projection_get_manager (projection));
  g_autofree char *text = NULL;
  g_autofree char *fresh_text = NULL;
  g_autofree char *lines = NULL;
  g_autofree char *fresh_lines = NULL;

  ramo_projection_set_filter (fresh, ramo_projection_get_filter (projection));
  text = layout (projection);
  fresh_text = layout (fresh);
  g_assert_cmpstr (text, ==, fresh_text);
  lines = ramo_projection_to_text (projection);
  fresh_lines = ramo_projection_to_text (fresh);
  g_assert_cmpstr (lines, ==, fresh_lines);
}

/* A label line under a filter that hides label lines changes one row: the projection lays
 * nothing out again, the target's node notifies its label, and the layout is a full one's. */
static void
test_label_in_place (void)
{
  g_autoptr(RamoSessionManager) manager = open_example ();
  g_autoptr(RamoProjection) projection = ramo_projection_new (manager);
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) path = NULL;
  RamoEntry *target = ramo_session_manager_get_entry (manager, "a1000002");
  RamoProjectionNode *node;
  guint rebuilt = 0, items = 0, notified = 0, leaf_moves = 0;
  char *id;

  g_assert_nonnull (target);
  path = ramo_projection_dup_node_path (projection, target);
  g_assert_nonnull (path);
  node = g_ptr_array_index (path, path->len - 2);
  g_assert_true (ramo_projection_node_get_entry (node) == target);

  g_signal_connect (projection, "rebuilt", G_CALLBACK (count_cb), &rebuilt);
  g_signal_connect (projection, "leaf-moved", G_CALLBACK (count_leaf_moves_cb), &leaf_moves);
  g_signal_connect (projection, "items-changed", G_CALLBACK (count_items_cb), &items);
  g_signal_connect (node, "notify::label", G_CALLBACK (count_notify_cb), &notified);

  id = ramo_session_manager_append_label_change (manager, target->id, "checkpoint", &error);
  g_assert_no_error (error);
  g_free (id);
  g_assert_cmpuint (rebuilt, ==, 0);
  g_assert_cmpuint (items, ==, 0);
  g_assert_cmpuint (notified, ==, 1);
  g_assert_cmpuint (leaf_moves, ==, 1);
  g_assert_cmpstr (ramo_projection_node_get_label (node), ==, "checkpoint");
  assert_layout_is_fresh (projection);

  /* "labeled only" decides by labels: the next label line lays the rows out again */
  ramo_projection_set_filter (projection, RAMO_FILTER_LABELED_ONLY);
  assert_layout_is_fresh (projection);
  rebuilt = 0;
  id = ramo_session_manager_append_label_change (manager, "a1000003", "second", &error);
  g_assert_no_error (error);
  g_free (id);
  g_assert_cmpuint (rebuilt, >, 0);
  assert_layout_is_fresh (projection);
  g_assert_true (ramo_projection_is_visible (projection, ramo_session_manager_get_entry (manager, "a1000003")));

  /* and back: the default filter, then a label cleared in place */
  ramo_projection_set_filter (projection, RAMO_FILTER_DEFAULT);
  rebuilt = 0;
  id = ramo_session_manager_append_label_change (manager, target->id, NULL, &error);
  g_assert_no_error (error);
  g_free (id);
  g_assert_cmpuint (rebuilt, ==, 0);
  g_clear_pointer (&path, g_ptr_array_unref);
  path = ramo_projection_dup_node_path (projection, target);
  g_assert_nonnull (path);
  g_assert_null (ramo_projection_node_get_label (g_ptr_array_index (path, path->len - 2)));
  assert_layout_is_fresh (projection);
}

static void
new_async_cb (GObject      *source,
              GAsyncResult *result,
              gpointer      user_data)
{
  GAsyncResult **out = user_data;

  *out = g_object_ref (result);
}

/* The projection made in a worker thread is the one made here, with its filter and search; a
 * cancelled one is an error. */
static void
test_new_async (void)
{
  g_autoptr(RamoSessionManager) manager = open_example ();
  g_autoptr(RamoProjection) expected = ramo_projection_new (manager);
  g_autoptr(RamoProjection) projection = NULL;
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *expected_text = NULL;
  g_autofree char *text = NULL;

  ramo_projection_set_filter (expected, RAMO_FILTER_NO_TOOLS);
  ramo_projection_set_search (expected, "read");
  expected_text = ramo_projection_to_text (expected);

  ramo_projection_new_async (manager, RAMO_FILTER_NO_TOOLS, "read", NULL, new_async_cb, &result);
  while (result == NULL)
    g_main_context_iteration (NULL, TRUE);
  projection = ramo_projection_new_finish (result, &error);
  g_assert_no_error (error);
  g_assert_cmpint (ramo_projection_get_filter (projection), ==, RAMO_FILTER_NO_TOOLS);
  g_assert_cmpstr (ramo_projection_get_search (projection), ==, "read");
  text = ramo_projection_to_text (projection);
  g_assert_cmpstr (text, ==, expected_text);

  g_clear_object (&result);
  g_cancellable_cancel (cancellable);
  ramo_projection_new_async (manager, RAMO_FILTER_DEFAULT, NULL, cancellable, new_async_cb, &result);
  while (result == NULL)
    g_main_context_iteration (NULL, TRUE);
  g_assert_null (ramo_projection_new_finish (result, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
}

/* A label set or cleared between keystrokes changes what the entry matches. */
static void
test_search_narrowing_labels (void)
{
  g_autoptr(RamoSessionManager) manager = new_search_session ();
  g_autoptr(RamoProjection) projection = ramo_projection_new (manager);
  RamoEntry *target = ramo_session_manager_get_entry_at (manager, 1);     /* "xAAB" */
  g_autoptr(GError) error = NULL;
  char *id;

  ramo_projection_set_search (projection, "zeb");
  assert_search_is_reference (projection);
  g_assert_false (ramo_projection_is_visible (projection, target));

  id = ramo_session_manager_append_label_change (manager, target->id, "zebu", &error);
  g_assert_no_error (error);
  g_free (id);
  assert_search_is_reference (projection);
  g_assert_true (ramo_projection_is_visible (projection, target));

  ramo_projection_set_search (projection, "zebu");
  assert_search_is_reference (projection);
  g_assert_true (ramo_projection_is_visible (projection, target));

  /* cleared, then a narrower keystroke */
  id = ramo_session_manager_append_label_change (manager, target->id, NULL, &error);
  g_assert_no_error (error);
  g_free (id);
  ramo_projection_set_search (projection, "zebu ");
  assert_search_is_reference (projection);
  g_assert_false (ramo_projection_is_visible (projection, target));

  /* a wider keystroke after a new label: the entry that did not match may now */
  ramo_projection_set_search (projection, "xaab zebu");
  assert_search_is_reference (projection);
  id = ramo_session_manager_append_label_change (manager, target->id, "Zebu", &error);
  g_assert_no_error (error);
  g_free (id);
  ramo_projection_set_search (projection, "zebu");
  assert_search_is_reference (projection);
  g_assert_true (ramo_projection_is_visible (projection, target));

  /* and the labeled-only filter follows */
  ramo_projection_set_filter (projection, RAMO_FILTER_LABELED_ONLY);
  ramo_projection_set_search (projection, "");
  assert_search_is_reference (projection);
  g_assert_true (ramo_projection_is_visible (projection, target));
}

/* Labels go by id, and an id is one row however many lines repeat it: the later line's (here
 * m1's second line, under m2, whose parent m1 closes a cycle cut at m1, the first in the file). */
static void
test_search_labels_shadowed (void)
{
  static const char text[] =
    "{\"type\":\"session\",\"version\":3,\"id\":\"s\",\"timestamp\":\"2026-01-01T00:00:00.000Z\",\"cwd\":\"/w\"}\n"
    "{\"type\":\"message\",\"id\":\"m1\",\"parentId\":null,\"timestamp\":\"2026-01-01T00:00:01.000Z\",\"message\":{\"role\":\"user\",\"content\":\"one\"}}\n"
    "{\"type\":\"message\",\"id\":\"m2\",\"parentId\":\"m1\",\"timestamp\":\"2026-01-01T00:00:02.000Z\",\"message\":{\"role\":\"user\",\"content\":\"two\"}}\n"
    "{\"type\":\"message\",\"id\":\"m1\",\"parentId\":\"m2\",\"timestamp\":\"2026-01-01T00:00:03.000Z\",\"message\":{\"role\":\"user\",\"content\":\"three\"}}\n";
  g_autofree char *path = ramo_test_write_file ("shadowed.jsonl", text, -1);
  g_autoptr(GError) error = NULL;
  g_autoptr(RamoSessionManager) manager = ramo_session_manager_open (path, &error);
  g_autoptr(RamoProjection) projection = NULL;
  g_autoptr(RamoProjection) labeled = NULL;
  char *id;

  g_assert_no_error (error);
  projection = ramo_projection_new (manager);
  labeled = ramo_projection_new (manager);
  ramo_projection_set_filter (labeled, RAMO_FILTER_LABELED_ONLY);
  ramo_projection_set_search (projection, "star");
  g_assert_cmpuint (ramo_projection_get_n_visible (projection), ==, 0);
  g_assert_cmpuint (ramo_projection_get_n_visible (labeled), ==, 0);

  id = ramo_session_manager_append_label_change (manager, "m1", "starred", &error);
  g_assert_no_error (error);
  g_free (id);
  assert_search_is_reference (projection);
  g_assert_cmpuint (ramo_projection_get_n_visible (projection), ==, 1);
  g_assert_cmpuint (ramo_projection_get_n_visible (labeled), ==, 1);
  g_assert_true (ramo_projection_is_visible (labeled, ramo_session_manager_get_entry (manager, "m1")));
  g_assert_cmpstr (ramo_session_manager_get_entry (manager, "m1")->display, ==, "user: three");
  g_assert_false (ramo_projection_is_visible (labeled, ramo_session_manager_get_entry_at (manager, 0)));
  ramo_projection_set_search (projection, "starr");
  assert_search_is_reference (projection);
  g_assert_cmpuint (ramo_projection_get_n_visible (projection), ==, 1);

  /* a projection made now finds the labels as it first looks at the entries */
  {
    g_autoptr(RamoProjection) fresh = ramo_projection_new (manager);

    ramo_projection_set_filter (fresh, RAMO_FILTER_LABELED_ONLY);
    g_assert_cmpuint (ramo_projection_get_n_visible (fresh), ==, 1);
    ramo_projection_set_filter (fresh, RAMO_FILTER_DEFAULT);
    ramo_projection_set_search (fresh, "starred");
    g_assert_cmpuint (ramo_projection_get_n_visible (fresh), ==, 1);
    g_assert_cmpuint (ramo_projection_get_n_total (fresh), ==, 3);
  }
}

/* Entries appended between keystrokes are tested when they appear. */
static void
test_search_narrowing_appends (void)
{
  g_autoptr(RamoSessionManager) manager = new_search_session ();
  g_autoptr(RamoProjection) projection = ramo_projection_new (manager);
  char *id;

  ramo_projection_set_search (projection, "re");
  assert_search_is_reference (projection);
  id = append_user (manager, "a new READ");
  g_free (id);
  id = append_user (manager, "unrelated");
  g_free (id);
  assert_search_is_reference (projection);
  ramo_projection_set_search (projection, "rea");
  assert_search_is_reference (projection);
  id = append_user (manager, "REAL");
  g_free (id);
  id = append_user (manager, "ready");
  g_free (id);
  assert_search_is_reference (projection);
  ramo_projection_set_search (projection, "read");
  assert_search_is_reference (projection);
  id = append_user (manager, "re");
  g_free (id);
  ramo_projection_set_search (projection, "r");
  assert_search_is_reference (projection);
  ramo_projection_set_search (projection, "re");
  assert_search_is_reference (projection);
}

/* The layouts follow the tree's walk, which changes with the tree and the active path: lines
 * appended where the leaf is not (it stays), then a leaf moved back and forth. */
static void
test_walk_follows_changes (void)
{
  g_autofree char *path = ramo_test_copy_example ();
  g_autoptr(GError) error = NULL;
  g_autoptr(RamoSessionManager) manager = ramo_session_manager_open (path, &error);
  g_autoptr(RamoSessionManager) writer = ramo_session_manager_open (path, &error);
  g_autoptr(RamoProjection) projection = ramo_projection_new (manager);
  g_autoptr(JsonNode) user = json_from_string ("{\"role\":\"user\",\"content\":\"elsewhere\"}", NULL);
  RamoEntry *leaf = ramo_session_manager_get_leaf (manager);
  RamoEntry *first = ramo_session_manager_get_entry_at (manager, 0);
  RamoEntry *moved;
  char *id;

  g_assert_no_error (error);
  /* the leaf moves back: the writer's leaf stays at the end of the file */
  g_assert_true (ramo_session_manager_branch (manager, first->id, &error));
  g_assert_no_error (error);
  ramo_projection_set_filter (projection, RAMO_FILTER_ALL);
  assert_search_is_reference (projection);
  moved = ramo_session_manager_get_leaf (manager);
  g_assert_true (moved == first);

  /* lines written after the writer's leaf: Ramo's leaf was not on the last entry, so it stays */
  id = ramo_session_manager_append_message (writer, user, &error);
  g_assert_no_error (error);
  g_free (id);
  g_assert_cmpint (ramo_session_manager_refresh (manager, &error), ==, 1);
  g_assert_no_error (error);
  g_assert_true (ramo_session_manager_get_leaf (manager) == moved);
  assert_search_is_reference (projection);
  ramo_projection_set_search (projection, "elsewhere");
  assert_search_is_reference (projection);
  g_assert_cmpuint (ramo_projection_get_n_visible (projection), ==, 1);

  /* back and forth between layouts */
  ramo_projection_set_search (projection, NULL);
  g_assert_true (ramo_session_manager_branch (manager, leaf->id, &error));
  ramo_projection_set_filter (projection, RAMO_FILTER_DEFAULT);
  assert_search_is_reference (projection);
  g_assert_true (ramo_session_manager_branch (manager, first->id, &error));
  g_assert_true (ramo_session_manager_branch (manager, leaf->id, &error));
  ramo_projection_set_filter (projection, RAMO_FILTER_NO_TOOLS);
  assert_search_is_reference (projection);
  g_assert_true (ramo_session_manager_branch (manager, first->id, &error));
  ramo_projection_set_filter (projection, RAMO_FILTER_ALL);
  assert_search_is_reference (projection);
}

static void
test_nearest_visible (void)
{
  g_autoptr(RamoSessionManager) manager = open_example ();
  g_autoptr(RamoProjection) projection = ramo_projection_new (manager);
  g_autoptr(GPtrArray) path = NULL;

  g_assert_cmpstr (ramo_projection_nearest_visible (projection, ramo_session_manager_get_entry (manager, "e5000001"))->id, ==, "d4000006");
  g_assert_cmpstr (ramo_projection_nearest_visible (projection, ramo_session_manager_get_entry (manager, "d4000002"))->id, ==, "d4000001");
  g_assert_cmpstr (ramo_projection_nearest_visible (projection, ramo_session_manager_get_entry (manager, "a1000003"))->id, ==, "a1000003");

  /* a1000006 (top, 4) → c3000001 (0) → d4000006 (3) → e5000003 (0) → e5000014 (7) */
  path = ramo_projection_dup_node_path (projection, ramo_session_manager_get_entry (manager, "e5000014"));
  g_assert_cmpuint (path->len, ==, 10);
  g_assert_cmpstr (ramo_projection_node_get_id (g_ptr_array_index (path, 0)), ==, "a1000006");
  g_assert_cmpuint (GPOINTER_TO_UINT (g_ptr_array_index (path, 1)), ==, 4);
  g_assert_cmpuint (GPOINTER_TO_UINT (g_ptr_array_index (path, 5)), ==, 3);
  g_assert_cmpuint (GPOINTER_TO_UINT (g_ptr_array_index (path, 9)), ==, 7);
  g_assert_true (ramo_projection_node_get_is_leaf (g_ptr_array_index (path, 8)));
}

/* The rows in the order they are listed, every row unfolded: the oracle of the walk below. */
static void
flatten (GListModel *model,
         GPtrArray  *out)
{
  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    {
      g_autoptr(RamoProjectionNode) node = g_list_model_get_item (model, i);

      g_ptr_array_add (out, ramo_projection_node_get_entry (node));
      if (ramo_projection_node_has_children (node))
        flatten (G_LIST_MODEL (node), out);
    }
}

/* Parents, children, siblings, branch points and ranks, in every filter, against the rows
 * themselves: a row's children are the shown entries whose nearest shown ancestor it is, in the
 * order they are listed. */
static void
test_walk_structure (void)
{
  g_autoptr(RamoSessionManager) manager = open_example ();
  g_autoptr(RamoProjection) projection = ramo_projection_new (manager);
  guint n_branch_points = 0;

  for (RamoFilterMode mode = RAMO_FILTER_DEFAULT; mode <= RAMO_FILTER_ALL; mode++)
    {
      g_autoptr(GPtrArray) rows = g_ptr_array_new ();

      ramo_projection_set_filter (projection, mode);
      flatten (ramo_projection_get_roots (projection), rows);
      g_assert_cmpuint (rows->len, ==, ramo_projection_get_n_visible (projection));

      for (guint i = 0; i < rows->len; i++)
        {
          RamoEntry *entry = g_ptr_array_index (rows, i);
          RamoEntry *parent = NULL;
          g_autoptr(GPtrArray) children = ramo_projection_dup_visible_children (projection, entry);
          g_autoptr(GPtrArray) expected = g_ptr_array_new ();

          g_assert_cmpuint (ramo_projection_get_visible_rank (projection, entry), ==, i + 1);
          for (RamoEntry *e = entry->parent; e && parent == NULL; e = e->parent)
            if (g_ptr_array_find (rows, e, NULL))
              parent = e;
          g_assert_true (ramo_projection_get_visible_parent (projection, entry) == parent);

          /* the rows listed after it whose nearest shown ancestor it is */
          for (guint j = i + 1; j < rows->len; j++)
            {
              RamoEntry *other = g_ptr_array_index (rows, j);
              RamoEntry *up = NULL;

              for (RamoEntry *e = other->parent; e && up == NULL; e = e->parent)
                if (g_ptr_array_find (rows, e, NULL))
                  up = e;
              if (up == entry)
                g_ptr_array_add (expected, other);
            }
          g_assert_cmpuint (children->len, ==, expected->len);
          for (guint k = 0; k < expected->len; k++)
            g_assert_true (g_ptr_array_index (children, k) == g_ptr_array_index (expected, k));
          g_assert_cmpint (ramo_projection_is_branch_point (projection, entry), ==, expected->len > 1);
          n_branch_points += expected->len > 1;
        }
    }
  g_assert_cmpuint (n_branch_points, >, 5);

  /* the top level, and an entry without a row */
  {
    g_autoptr(GPtrArray) top = ramo_projection_dup_visible_children (projection, NULL);

    g_assert_cmpuint (top->len, >=, 1);
    ramo_projection_set_filter (projection, RAMO_FILTER_USER_ONLY);
    g_assert_cmpuint (ramo_projection_get_visible_rank (projection, ramo_session_manager_get_entry (manager, "d4000002")), ==, 0);
  }
}

/* pi 1.6.0's label times: HH:MM today, M/D HH:MM this year, YY/M/D HH:MM before, local time */
static void
test_label_time_format (void)
{
  g_autoptr(GDateTime) now = g_date_time_new_local (2026, 12, 1, 15, 4, 0);
  struct { int y, mo, d, h, mi; const char *expected; } cases[] = {
    { 2026, 12, 1, 9, 5, "09:05" },
    { 2026, 3, 7, 23, 59, "3/7 23:59" },
    { 2025, 11, 30, 0, 1, "25/11/30 00:01" },
    { 2009, 1, 2, 12, 0, "09/1/2 12:00" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GDateTime) local = g_date_time_new_local (cases[i].y, cases[i].mo, cases[i].d, cases[i].h, cases[i].mi, 0);
      g_autoptr(GDateTime) utc = g_date_time_to_utc (local);
      g_autofree char *iso = g_date_time_format (utc, "%Y-%m-%dT%H:%M:%S.000Z");
      g_autofree char *shown = ramo_format_label_time (iso, now);

      g_assert_cmpstr (shown, ==, cases[i].expected);
    }
  g_assert_null (ramo_format_label_time ("not a date", now));
  g_assert_null (ramo_format_label_time (NULL, now));
}

static void
test_linear_is_flat (void)
{
  g_autoptr(GString) text = g_string_new ("{\"type\":\"session\",\"version\":3,\"id\":\"s\",\"timestamp\":\"2026-01-01T00:00:00.000Z\",\"cwd\":\"/w\"}\n");
  g_autofree char *path = NULL;
  g_autoptr(RamoSessionManager) manager = NULL;
  g_autoptr(RamoProjection) projection = NULL;
  GListModel *roots;

  for (guint i = 0; i < 1000; i++)
    {
      g_autofree char *parent = i ? g_strdup_printf ("\"m%u\"", i - 1) : g_strdup ("null");

      g_string_append_printf (text, "{\"type\":\"message\",\"id\":\"m%u\",\"parentId\":%s,\"timestamp\":\"2026-01-01T00:00:01.000Z\","
                              "\"message\":{\"role\":\"%s\",\"content\":\"turn %u\"}}\n",
                              i, parent, i % 2 ? "assistant" : "user", i);
    }
  path = ramo_test_write_file ("linear.jsonl", text->str, text->len);
  manager = ramo_session_manager_open (path, NULL);
  projection = ramo_projection_new (manager);
  roots = ramo_projection_get_roots (projection);
  g_assert_cmpuint (g_list_model_get_n_items (roots), ==, 1000);
  for (guint i = 0; i < 1000; i++)
    {
      g_autoptr(RamoProjectionNode) node = g_list_model_get_item (roots, i);
      g_assert_false (ramo_projection_node_has_children (node));
    }
}

static void
test_several_roots (void)
{
  g_autoptr(RamoSessionManager) manager = ramo_session_manager_new_in_memory ("/w");
  g_autoptr(RamoProjection) projection = ramo_projection_new (manager);
  g_autoptr(JsonNode) user = json_from_string ("{\"role\":\"user\",\"content\":\"u\"}", NULL);
  g_autoptr(JsonNode) assistant = json_from_string ("{\"role\":\"assistant\",\"content\":[{\"type\":\"text\",\"text\":\"a\"}]}", NULL);
  g_autofree char *r1 = ramo_session_manager_append_message (manager, user, NULL);
  g_autofree char *a1 = ramo_session_manager_append_message (manager, assistant, NULL);
  g_autofree char *r2 = NULL;
  g_autofree char *a2 = NULL;
  g_autofree char *text = NULL;
  g_autofree char *expected = NULL;

  ramo_session_manager_reset_leaf (manager);
  r2 = ramo_session_manager_append_message (manager, user, NULL);
  a2 = ramo_session_manager_append_message (manager, assistant, NULL);

  /* the root holding the leaf first; each root a branch start nesting its chain */
  text = layout (projection);
  expected = g_strdup_printf ("*%s(%s) *%s(%s)", r2, a2, r1, a1);
  g_assert_cmpstr (text, ==, expected);
}

static void
test_follows_changes (void)
{
  g_autoptr(RamoSessionManager) manager = open_example ();
  g_autoptr(RamoProjection) projection = ramo_projection_new (manager);
  g_autoptr(GError) error = NULL;
  g_autofree char *id = NULL;

  ramo_projection_set_filter (projection, RAMO_FILTER_LABELED_ONLY);
  id = ramo_session_manager_append_label_change (manager, "a1000001", "start", &error);
  g_assert_no_error (error);
  g_assert_cmpuint (ramo_projection_get_n_visible (projection), ==, 3);
  g_assert_cmpuint (ramo_projection_get_n_total (projection), ==, 38);
}

/* The unfoldable rows of each list, found without making the others, are the rows that have
 * rows nested under them. */
static void
check_unfoldable (RamoProjection     *projection,
                  GListModel         *list,
                  RamoProjectionNode *parent)
{
  g_autoptr(GArray) positions = ramo_projection_dup_unfoldable (projection, parent);
  guint next = 0;

  for (guint i = 0; i < g_list_model_get_n_items (list); i++)
    {
      g_autoptr(RamoProjectionNode) node = g_list_model_get_item (list, i);

      if (ramo_projection_node_has_children (node))
        {
          g_assert_cmpuint (next, <, positions->len);
          g_assert_cmpuint (g_array_index (positions, guint, next), ==, i);
          next++;
          check_unfoldable (projection, G_LIST_MODEL (node), node);
        }
    }
  g_assert_cmpuint (next, ==, positions->len);
}

static void
test_unfoldable (void)
{
  g_autoptr(RamoSessionManager) manager = open_example ();
  g_autoptr(RamoProjection) projection = ramo_projection_new (manager);
  g_autoptr(GArray) top = ramo_projection_dup_unfoldable (projection, NULL);

  g_assert_cmpuint (top->len, >, 0);
  for (RamoFilterMode mode = RAMO_FILTER_DEFAULT; mode <= RAMO_FILTER_ALL; mode++)
    {
      ramo_projection_set_filter (projection, mode);
      check_unfoldable (projection, ramo_projection_get_roots (projection), NULL);
    }
}

static void
describe_mirror (Mirror  *mirror,
                 GString *out)
{
  for (guint i = 0; i < mirror->children->len; i++)
    {
      Mirror *child = g_ptr_array_index (mirror->children, i);

      if (out->len && out->str[out->len - 1] != '(')
        g_string_append_c (out, ' ');
      if (ramo_projection_node_get_is_branch_start (child->node))
        g_string_append_c (out, '*');
      g_string_append (out, ramo_projection_node_get_id (child->node));
      if (child->model)
        {
          g_string_append_c (out, '(');
          describe_mirror (child, out);
          g_string_append_c (out, ')');
        }
    }
}

static void
assert_mirror_is_fresh_layout (Mirror             *mirror,
                               RamoSessionManager *manager)
{
  g_autoptr(RamoProjection) fresh = ramo_projection_new (manager);
  g_autofree char *expected = layout (fresh);
  GString *out = g_string_new (NULL);

  describe_mirror (mirror, out);
  g_assert_cmpstr (out->str, ==, expected);
  g_string_free (out, TRUE);
}

/* Lines another program appends reach the view as small changes: the rows that stay are kept,
 * and the view ends up exactly as a fresh layout of the file. */
static void
test_update_keeps_rows (void)
{
  g_autofree char *path = ramo_test_copy_example ();
  g_autoptr(GError) error = NULL;
  g_autoptr(RamoSessionManager) manager = ramo_session_manager_open (path, &error);
  g_autoptr(RamoSessionManager) writer = ramo_session_manager_open (path, &error);
  g_autoptr(RamoProjection) projection = ramo_projection_new (manager);
  g_autoptr(JsonNode) user = json_from_string ("{\"role\":\"user\",\"content\":\"more\"}", NULL);
  g_autoptr(JsonNode) tool_call = json_from_string ("{\"role\":\"assistant\",\"content\":[{\"type\":\"toolCall\",\"id\":\"c1\",\"name\":\"ls\",\"arguments\":{\"path\":\".\"}}]}", NULL);
  g_autoptr(JsonNode) result = json_from_string ("{\"role\":\"toolResult\",\"toolCallId\":\"c1\",\"toolName\":\"ls\",\"content\":[{\"type\":\"text\",\"text\":\"a b\"}]}", NULL);
  g_autoptr(JsonNode) answer = json_from_string ("{\"role\":\"assistant\",\"content\":[{\"type\":\"text\",\"text\":\"done\"}]}", NULL);
  g_autoptr(Mirror) mirror = NULL;
  g_autoptr(RamoProjectionNode) first = NULL;
  RamoEntry *leaf;
  guint n_changed = 0;
  guint n_rows;
  char *id;

  g_assert_no_error (error);
  mirror = mirror_new (ramo_projection_get_roots (projection), NULL, &n_changed);
  assert_mirror_is_fresh_layout (mirror, manager);
  first = g_list_model_get_item (ramo_projection_get_roots (projection), 0);
  n_rows = g_list_model_get_n_items (ramo_projection_get_roots (projection));

  /* 1. at the leaf: a user message, a text-less tool call (shown only as the leaf), its result,
   *    an answer — one line at a time, as pi writes them */
  leaf = ramo_session_manager_get_leaf (writer);
  g_assert_nonnull (leaf);
  g_assert_true (ramo_session_manager_branch (writer, leaf->id, &error));
  g_assert_no_error (error);
  for (guint i = 0; i < 4; i++)
    {
      JsonNode *message = i == 0 ? user : i == 1 ? tool_call : i == 2 ? result : answer;

      n_changed = 0;
      id = ramo_session_manager_append_message (writer, message, &error);
      g_assert_no_error (error);
      g_free (id);
      g_assert_cmpint (ramo_session_manager_refresh (manager, &error), ==, 1);
      g_assert_no_error (error);
      assert_mirror_is_fresh_layout (mirror, manager);
      /* one or two rows at the end, never the whole list */
      g_assert_cmpuint (n_changed, <=, 3);
    }
  /* the rows made before are the same objects */
  {
    g_autoptr(RamoProjectionNode) again = g_list_model_get_item (ramo_projection_get_roots (projection), 0);

    g_assert_true (again == first);
    g_assert_cmpuint (g_list_model_get_n_items (ramo_projection_get_roots (projection)), ==, n_rows);
  }

  /* 2. a new branch in the middle of the first chain (pi after /tree): the chain splits there */
  {
    g_autoptr(RamoProjectionNode) third = g_list_model_get_item (ramo_projection_get_roots (projection), 2);

    g_assert_true (ramo_session_manager_branch (writer, ramo_projection_node_get_id (third), &error));
    g_assert_no_error (error);
    id = ramo_session_manager_append_message (writer, user, &error);
    g_assert_no_error (error);
    g_free (id);
    g_assert_cmpint (ramo_session_manager_refresh (manager, &error), ==, 1);
    assert_mirror_is_fresh_layout (mirror, manager);
  }

  /* 3. several lines at once (an answer, a label, a user message in another branch) */
  id = ramo_session_manager_append_message (writer, answer, &error);
  g_free (id);
  id = ramo_session_manager_append_label_change (writer, ramo_projection_node_get_id (first), "start", &error);
  g_assert_no_error (error);
  g_free (id);
  g_assert_true (ramo_session_manager_branch (writer, leaf->id, &error));
  id = ramo_session_manager_append_message (writer, user, &error);
  g_free (id);
  g_assert_cmpint (ramo_session_manager_refresh (manager, &error), ==, 3);
  assert_mirror_is_fresh_layout (mirror, manager);

  /* 4. the same under a filter and a search */
  ramo_projection_set_filter (projection, RAMO_FILTER_NO_TOOLS);
  ramo_projection_set_search (projection, "more");
  g_clear_pointer (&mirror, mirror_free);
  mirror = mirror_new (ramo_projection_get_roots (projection), NULL, &n_changed);
  id = ramo_session_manager_append_message (writer, user, &error);
  g_free (id);
  id = ramo_session_manager_append_message (writer, tool_call, &error);
  g_free (id);
  g_assert_cmpint (ramo_session_manager_refresh (manager, &error), ==, 2);
  {
    g_autoptr(RamoProjection) fresh = ramo_projection_new (manager);
    g_autofree char *expected = NULL;
    GString *out = g_string_new (NULL);

    ramo_projection_set_filter (fresh, RAMO_FILTER_NO_TOOLS);
    ramo_projection_set_search (fresh, "more");
    expected = layout (fresh);
    describe_mirror (mirror, out);
    g_assert_cmpstr (out->str, ==, expected);
    g_string_free (out, TRUE);
  }
}

/* The layout of @manager under @filter and @search, from a fresh projection. */
static char *
fresh_layout (RamoSessionManager *manager,
              RamoFilterMode      filter,
              const char         *search)
{
  g_autoptr(RamoProjection) fresh = ramo_projection_new (manager);

  ramo_projection_set_filter (fresh, filter);
  ramo_projection_set_search (fresh, search);
  return layout (fresh);
}

/* A filter or search that leaves the same rows keeps the rows made and tells the views
 * nothing but RamoProjection::rebuilt; one that changes them tells them all. */
static void
test_same_layout_kept (void)
{
  g_autoptr(RamoSessionManager) manager = open_example ();
  g_autoptr(RamoProjection) projection = ramo_projection_new (manager);
  g_autoptr(RamoProjectionNode) first = NULL;
  g_autoptr(Mirror) mirror = NULL;
  g_autofree char *narrow = fresh_layout (manager, RAMO_FILTER_DEFAULT, "json cache");
  g_autofree char *narrower = fresh_layout (manager, RAMO_FILTER_DEFAULT, "json cache weath");
  g_autofree char *no_tools = fresh_layout (manager, RAMO_FILTER_NO_TOOLS, "json cache weath");
  g_autofree char *wide = fresh_layout (manager, RAMO_FILTER_NO_TOOLS, "weather");
  guint n_changed = 0;
  guint n_rebuilt = 0;
  GString *out;

  /* what this test needs of the example, computed by fresh projections */
  g_assert_cmpstr (narrow, ==, narrower);
  g_assert_cmpstr (narrower, ==, no_tools);
  g_assert_cmpstr (no_tools, !=, wide);

  ramo_projection_set_search (projection, "json cache");
  mirror = mirror_new (ramo_projection_get_roots (projection), NULL, &n_changed);
  first = g_list_model_get_item (ramo_projection_get_roots (projection), 0);
  g_signal_connect (projection, "rebuilt", G_CALLBACK (count_cb), &n_rebuilt);

  /* a term that keeps the same rows, then a filter that does too */
  ramo_projection_set_search (projection, "json cache weath");
  ramo_projection_set_filter (projection, RAMO_FILTER_NO_TOOLS);
  g_assert_cmpuint (n_changed, ==, 0);
  g_assert_cmpuint (n_rebuilt, ==, 2);
  {
    g_autoptr(RamoProjectionNode) again = g_list_model_get_item (ramo_projection_get_roots (projection), 0);

    g_assert_true (again == first);
  }
  out = g_string_new (NULL);
  describe_mirror (mirror, out);
  g_assert_cmpstr (out->str, ==, no_tools);
  g_string_free (out, TRUE);
  {
    g_autofree char *now = layout (projection);

    g_assert_cmpstr (now, ==, no_tools);
  }

  /* a wider search: the views hear of it */
  ramo_projection_set_search (projection, "weather");
  g_assert_cmpuint (n_changed, >, 0);
  g_assert_cmpuint (n_rebuilt, ==, 3);
  out = g_string_new (NULL);
  describe_mirror (mirror, out);
  g_assert_cmpstr (out->str, ==, wide);
  g_string_free (out, TRUE);
}

/* ------------------------------------------------------------------------------------------ */
/* A row's branch                                                                              */

/* The rows of the tree shown from @entry down, in the order they are listed, found with the
 * walk alone: @entry, then each row's children (ramo_projection_dup_visible_children()). */
static GPtrArray *
walk_from (RamoProjection *projection,
           RamoEntry      *entry)
{
  GPtrArray *rows = g_ptr_array_new ();
  g_autoptr(GPtrArray) stack = g_ptr_array_new ();

  g_ptr_array_add (stack, entry);
  while (stack->len > 0)
    {
      RamoEntry *e = g_ptr_array_steal_index (stack, stack->len - 1);
      g_autoptr(GPtrArray) children = ramo_projection_dup_visible_children (projection, e);

      g_ptr_array_add (rows, e);
      for (guint i = children->len; i-- > 0;)
        g_ptr_array_add (stack, g_ptr_array_index (children, i));
    }
  return rows;
}

static void
flatten_mirror (Mirror    *mirror,
                GPtrArray *out)
{
  for (guint i = 0; i < mirror->children->len; i++)
    {
      Mirror *child = g_ptr_array_index (mirror->children, i);

      g_ptr_array_add (out, ramo_projection_node_get_entry (child->node));
      flatten_mirror (child, out);
    }
}

static void
assert_same_rows (GPtrArray *rows,
                  GPtrArray *expected)
{
  g_assert_cmpuint (rows->len, ==, expected->len);
  for (guint i = 0; i < rows->len; i++)
    if (g_ptr_array_index (rows, i) != g_ptr_array_index (expected, i))
      g_error ("row %u: %s, the walk has %s", i, ((RamoEntry *) g_ptr_array_index (rows, i))->id,
               ((RamoEntry *) g_ptr_array_index (expected, i))->id);
}

/* What @branch holds, and how it answers for each entry, against the walk from its row. */
static void
assert_branch_is_walk (RamoProjection       *projection,
                       RamoProjectionBranch *branch)
{
  RamoSessionManager *manager = ramo_projection_get_manager (projection);
  RamoEntry *entry = ramo_projection_branch_get_entry (branch);
  g_autoptr(GPtrArray) expected = walk_from (projection, entry);
  g_autoptr(GPtrArray) rows = g_ptr_array_new ();

  g_assert_true (ramo_projection_branch_is_current (branch));
  flatten (G_LIST_MODEL (branch), rows);
  assert_same_rows (rows, expected);

  for (guint i = 0; i < ramo_session_manager_get_n_entries (manager); i++)
    {
      RamoEntry *e = ramo_session_manager_get_entry_at (manager, i);
      gboolean inside = g_ptr_array_find (expected, e, NULL);
      g_autoptr(GPtrArray) path = ramo_projection_branch_dup_node_path (branch, e);
      GListModel *list = G_LIST_MODEL (branch);

      g_assert_cmpint (ramo_projection_branch_contains (branch, e), ==, inside);
      g_assert_cmpint (path != NULL, ==, inside);
      /* the path leads from the branch's top to the row */
      for (guint k = 0; path && k + 1 < path->len; k += 2)
        {
          g_autoptr(RamoProjectionNode) node = g_list_model_get_item (list, GPOINTER_TO_UINT (g_ptr_array_index (path, k + 1)));

          g_assert_true (node == g_ptr_array_index (path, k));
          list = G_LIST_MODEL (node);
        }
      if (path)
        g_assert_true (ramo_projection_node_get_entry (g_ptr_array_index (path, path->len - 2)) == e);
    }

  /* the rows that can be unfolded */
  {
    g_autoptr(GArray) unfoldable = ramo_projection_branch_dup_unfoldable (branch);
    guint k = 0;

    for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (branch)); i++)
      {
        g_autoptr(RamoProjectionNode) node = g_list_model_get_item (G_LIST_MODEL (branch), i);

        if (ramo_projection_node_has_children (node))
          g_assert_cmpuint (g_array_index (unfoldable, guint, k++), ==, i);
      }
    g_assert_cmpuint (k, ==, unfoldable->len);
  }
}

/* Every row's branch, in every filter: the row and what hangs under it, the walk's rows; a
 * row continuing a chain has the rest of the chain in its top level, a branch start itself
 * alone. */
static void
test_branch_is_walk (void)
{
  g_autoptr(RamoSessionManager) manager = open_example ();
  g_autoptr(RamoProjection) projection = ramo_projection_new (manager);
  guint n_chains = 0, n_starts = 0;

  for (RamoFilterMode mode = RAMO_FILTER_DEFAULT; mode <= RAMO_FILTER_ALL; mode++)
    {
      g_autoptr(GPtrArray) rows = g_ptr_array_new ();

      ramo_projection_set_filter (projection, mode);
      flatten (ramo_projection_get_roots (projection), rows);
      for (guint i = 0; i < rows->len; i++)
        {
          g_autoptr(RamoProjectionBranch) branch = ramo_projection_dup_branch (projection, g_ptr_array_index (rows, i));
          g_autoptr(RamoProjectionNode) first = g_list_model_get_item (G_LIST_MODEL (branch), 0);

          g_assert_true (ramo_projection_node_get_entry (first) == g_ptr_array_index (rows, i));
          assert_branch_is_walk (projection, branch);
          if (ramo_projection_node_get_is_branch_start (first))
            {
              g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (branch)), ==, 1);
              n_starts++;
            }
          else if (g_list_model_get_n_items (G_LIST_MODEL (branch)) > 1)
            n_chains++;
        }
    }
  g_assert_cmpuint (n_chains, >, 5);
  g_assert_cmpuint (n_starts, >, 5);

  /* no row, no branch */
  ramo_projection_set_filter (projection, RAMO_FILTER_USER_ONLY);
  g_assert_null (ramo_projection_dup_branch (projection, ramo_session_manager_get_entry (manager, "d4000002")));
}

/* A branch follows lines appended (the rows after its row come as they do in its list), and
 * is left behind by a layout that drops the rows it shows. */
static void
test_branch_follows_changes (void)
{
  g_autofree char *path = ramo_test_copy_example ();
  g_autoptr(GError) error = NULL;
  g_autoptr(RamoSessionManager) manager = ramo_session_manager_open (path, &error);
  g_autoptr(RamoSessionManager) writer = ramo_session_manager_open (path, &error);
  g_autoptr(RamoProjection) projection = ramo_projection_new (manager);
  g_autoptr(JsonNode) user = json_from_string ("{\"role\":\"user\",\"content\":\"more\"}", NULL);
  g_autoptr(RamoProjectionBranch) chain = NULL;
  g_autoptr(RamoProjectionBranch) start = NULL;
  g_autoptr(Mirror) chain_mirror = NULL;
  g_autoptr(Mirror) start_mirror = NULL;
  g_autoptr(GPtrArray) rows = g_ptr_array_new ();
  RamoEntry *leaf;
  char *id;

  g_assert_no_error (error);
  flatten (ramo_projection_get_roots (projection), rows);
  /* the third row of the top chain, and the branch start that holds the leaf */
  chain = ramo_projection_dup_branch (projection, g_ptr_array_index (rows, 2));
  leaf = ramo_session_manager_get_leaf (manager);
  for (RamoEntry *e = leaf; e; e = e->parent)
    if (ramo_projection_is_visible (projection, e) && e->parent && e->parent->n_children > 1)
      {
        start = ramo_projection_dup_branch (projection, e);
        break;
      }
  g_assert_nonnull (start);
  chain_mirror = mirror_new (G_LIST_MODEL (chain), NULL, NULL);
  start_mirror = mirror_new (G_LIST_MODEL (start), NULL, NULL);

  /* lines at the leaf, and a new branch under the branch start's row */
  g_assert_true (ramo_session_manager_branch (writer, leaf->id, &error));
  for (guint i = 0; i < 3; i++)
    {
      if (i == 2)
        g_assert_true (ramo_session_manager_branch (writer, ramo_projection_branch_get_entry (start)->id, &error));
      id = ramo_session_manager_append_message (writer, user, &error);
      g_assert_no_error (error);
      g_free (id);
      g_assert_cmpint (ramo_session_manager_refresh (manager, &error), ==, 1);

      for (guint k = 0; k < 2; k++)
        {
          RamoProjectionBranch *branch = k == 0 ? chain : start;
          g_autoptr(GPtrArray) mirrored = g_ptr_array_new ();
          g_autoptr(GPtrArray) expected = walk_from (projection, ramo_projection_branch_get_entry (branch));

          assert_branch_is_walk (projection, branch);
          flatten_mirror (k == 0 ? chain_mirror : start_mirror, mirrored);
          assert_same_rows (mirrored, expected);
        }
    }

  /* lines at the end of the chain the chain branch is in: its top level grows */
  {
    g_autoptr(GPtrArray) top = g_ptr_array_new ();
    guint n_before = g_list_model_get_n_items (G_LIST_MODEL (chain));

    g_assert_true (ramo_session_manager_branch (writer, ramo_projection_branch_get_entry (chain)->id, &error));
    for (guint i = 0; i < 2; i++)
      {
        id = ramo_session_manager_append_message (writer, user, &error);
        g_assert_no_error (error);
        g_free (id);
      }
    g_assert_cmpint (ramo_session_manager_refresh (manager, &error), ==, 2);
    /* the chain splits at its row: the row now nests its branches */
    assert_branch_is_walk (projection, chain);
    flatten_mirror (chain_mirror, top);
    {
      g_autoptr(GPtrArray) expected = walk_from (projection, ramo_projection_branch_get_entry (chain));

      assert_same_rows (top, expected);
    }
    g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (chain)), ==, 1);
    g_assert_cmpuint (n_before, >, 1);
  }

  /* a layout that drops the rows (another filter): the branch is left behind, empty */
  ramo_projection_set_filter (projection, RAMO_FILTER_ALL);
  g_assert_false (ramo_projection_branch_is_current (chain));
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (chain)), ==, 0);
  g_assert_cmpuint (chain_mirror->children->len, ==, 0);
  g_assert_false (ramo_projection_branch_contains (chain, ramo_projection_branch_get_entry (chain)));
}

/* A chain branch over the top list of a linear session: lines appended at its end are its own
 * rows, told as they come. */
static void
test_branch_chain_grows (void)
{
  static const char header[] =
    "{\"type\":\"session\",\"version\":3,\"id\":\"0c0ffee0-0000-4000-8000-0000000000b1\",\"timestamp\":\"2026-01-05T10:00:00.000Z\",\"cwd\":\"/tmp\"}\n";
  g_autofree char *path = ramo_test_write_file ("linear.jsonl", header, -1);
  g_autoptr(GError) error = NULL;
  g_autoptr(RamoSessionManager) writer = ramo_session_manager_open (path, &error);
  g_autoptr(RamoSessionManager) manager = NULL;
  g_autoptr(RamoProjection) projection = NULL;
  g_autoptr(RamoProjectionBranch) branch = NULL;
  g_autoptr(Mirror) mirror = NULL;
  g_autoptr(JsonNode) user = json_from_string ("{\"role\":\"user\",\"content\":\"next\"}", NULL);
  g_autoptr(RamoProjectionNode) second = NULL;
  guint n_changed = 0;

  g_assert_no_error (error);
  for (guint i = 0; i < 4; i++)
    g_free (ramo_session_manager_append_message (writer, user, &error));
  manager = ramo_session_manager_open (path, &error);
  g_assert_no_error (error);
  projection = ramo_projection_new (manager);
  second = g_list_model_get_item (ramo_projection_get_roots (projection), 1);
  branch = ramo_projection_dup_branch (projection, ramo_projection_node_get_entry (second));
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (branch)), ==, 3);
  mirror = mirror_new (G_LIST_MODEL (branch), NULL, &n_changed);

  for (guint i = 0; i < 3; i++)
    {
      g_autoptr(GPtrArray) rows = g_ptr_array_new ();
      g_autoptr(GPtrArray) expected = NULL;

      n_changed = 0;
      g_free (ramo_session_manager_append_message (writer, user, &error));
      g_assert_no_error (error);
      g_assert_cmpint (ramo_session_manager_refresh (manager, &error), ==, 1);
      assert_branch_is_walk (projection, branch);
      g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (branch)), ==, 4 + i);
      /* one row more at the end, told alone */
      g_assert_cmpuint (n_changed, <=, 2);
      flatten_mirror (mirror, rows);
      expected = walk_from (projection, ramo_projection_node_get_entry (second));
      assert_same_rows (rows, expected);
    }
}

/* The anchor keeps its row under a search, so that the rows matching under it hang under it;
 * the filter may still hide it; a reload forgets it. */
static void
test_anchor (void)
{
  g_autoptr(RamoSessionManager) manager = open_example ();
  g_autoptr(RamoProjection) projection = ramo_projection_new (manager);
  g_autoptr(RamoProjectionBranch) branch = NULL;
  g_autoptr(GPtrArray) rows = g_ptr_array_new ();
  RamoEntry *anchor, *tool = NULL;

  flatten (ramo_projection_get_roots (projection), rows);
  anchor = g_ptr_array_index (rows, 1);         /* "assistant: Let me see how requests are made first." */
  for (guint i = 0; i < rows->len && tool == NULL; i++)
    if (g_str_has_prefix (((RamoEntry *) g_ptr_array_index (rows, i))->display, "[read:"))
      tool = g_ptr_array_index (rows, i);
  g_assert_nonnull (tool);

  /* while shown, setting it changes nothing */
  g_assert_false (ramo_projection_set_anchor (projection, anchor));
  g_assert_true (ramo_projection_get_anchor (projection) == anchor);
  g_assert_false (ramo_projection_is_anchored (projection, anchor));

  /* a search it does not match: its row stays, the matches under it hang under it */
  ramo_projection_set_search (projection, "cache");
  g_assert_true (ramo_projection_is_visible (projection, anchor));
  g_assert_true (ramo_projection_is_anchored (projection, anchor));
  branch = ramo_projection_dup_branch (projection, anchor);
  assert_branch_is_walk (projection, branch);
  {
    g_autoptr(GPtrArray) found = g_ptr_array_new ();

    flatten (G_LIST_MODEL (branch), found);
    g_assert_cmpuint (found->len, >, 3);
  }
  g_clear_object (&branch);

  /* nothing matches: the anchor alone */
  ramo_projection_set_search (projection, "zzzz-nothing");
  g_assert_cmpuint (ramo_projection_get_n_visible (projection), ==, 1);
  branch = ramo_projection_dup_branch (projection, anchor);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (branch)), ==, 1);
  g_clear_object (&branch);

  /* without it, the search hides it: setting none says the layout is to be redone */
  g_assert_true (ramo_projection_set_anchor (projection, NULL));
  ramo_projection_rebuild (projection);
  g_assert_false (ramo_projection_is_visible (projection, anchor));
  g_assert_cmpuint (ramo_projection_get_n_visible (projection), ==, 0);
  /* and an anchor the search hides asks for a layout */
  g_assert_true (ramo_projection_set_anchor (projection, anchor));
  ramo_projection_rebuild (projection);
  g_assert_true (ramo_projection_is_visible (projection, anchor));

  /* the filter still hides a tool result made the anchor */
  ramo_projection_set_anchor (projection, tool);
  ramo_projection_set_filter (projection, RAMO_FILTER_USER_ONLY);
  g_assert_false (ramo_projection_is_visible (projection, tool));

  /* a reload (here: the session switched to a branched one) forgets it */
  {
    g_autoptr(GError) error = NULL;
    g_autofree char *new_path = NULL;

    g_assert_true (ramo_session_manager_create_branched_session (manager, anchor->id, &new_path, &error));
    g_assert_no_error (error);
    g_assert_null (ramo_projection_get_anchor (projection));
    g_unlink (new_path);
  }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/Core/Projection/default-layout", test_default_layout);
  g_test_add_func ("/Core/Projection/user-only", test_user_only);
  g_test_add_func ("/Core/Projection/other-filters", test_other_filters);
  g_test_add_func ("/Core/Projection/search", test_search);
  g_test_add_func ("/Core/Projection/search-matcher", test_search_matcher);
  g_test_add_func ("/Core/Projection/search-reference", test_search_reference);
  g_test_add_func ("/Core/Projection/search-narrowing", test_search_narrowing);
  g_test_add_func ("/Core/Projection/search-narrowing-labels", test_search_narrowing_labels);
  g_test_add_func ("/Core/Projection/search-labels-shadowed", test_search_labels_shadowed);
  g_test_add_func ("/Core/Projection/search-narrowing-appends", test_search_narrowing_appends);
  g_test_add_func ("/Core/Projection/walk-follows-changes", test_walk_follows_changes);
  g_test_add_func ("/Core/Projection/nearest-visible", test_nearest_visible);
  g_test_add_func ("/Core/Projection/walk-structure", test_walk_structure);
  g_test_add_func ("/Core/Projection/label-time-format", test_label_time_format);
  g_test_add_func ("/Core/Projection/linear-is-flat", test_linear_is_flat);
  g_test_add_func ("/Core/Projection/several-roots", test_several_roots);
  g_test_add_func ("/Core/Projection/follows-changes", test_follows_changes);
  g_test_add_func ("/Core/Projection/update-keeps-rows", test_update_keeps_rows);
  g_test_add_func ("/Core/Projection/unfoldable", test_unfoldable);
  g_test_add_func ("/Core/Projection/same-layout-kept", test_same_layout_kept);
  g_test_add_func ("/Core/Projection/label-in-place", test_label_in_place);
  g_test_add_func ("/Core/Projection/new-async", test_new_async);
  g_test_add_func ("/Core/Projection/branch-is-walk", test_branch_is_walk);
  g_test_add_func ("/Core/Projection/branch-follows-changes", test_branch_follows_changes);
  g_test_add_func ("/Core/Projection/branch-chain-grows", test_branch_chain_grows);
  g_test_add_func ("/Core/Projection/anchor", test_anchor);
  return g_test_run ();
}

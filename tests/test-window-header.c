/* test-window-header.c — a session whose header is missing or broken, in the window
 *
 * Its entries are shown, the read-only banner says what is wrong with the header and how the
 * entries are read, and nothing the window offers writes to the file: a label is refused with
 * a toast, no agent is started on it.
 *
 * Copyright 2026 The Ramo authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <adwaita.h>

#include "ramo-composer.h"
#include "ramo-session-row.h"
#include "ramo-session-tree.h"
#include "ramo-window.h"
#include "test-window-util.h"

#define MSG(id, parent, text) \
  "{\"type\":\"message\",\"id\":\"" id "\",\"parentId\":" parent ",\"timestamp\":\"2026-01-05T10:00:01.000Z\"," \
  "\"message\":{\"role\":\"user\",\"content\":\"" text "\",\"timestamp\":1}}\n"

static const struct {
  const char *name;
  const char *text;
  const char *first_id;     /* NULL: version 1, ids made up */
  const char *banner[2];    /* in the banner */
} cases[] = {
  { "missing", MSG ("a0000001", "null", "first question") MSG ("a0000002", "\"a0000001\"", "second question"),
    "a0000001", { "no session header: it starts with entries (line 1)", "read as format version 3" } },
  { "cut-short", "{\"type\":\"session\",\"version\":3,\"id\":\"s-1\",\"timest\n"
    MSG ("a0000001", "null", "first question") MSG ("a0000002", "\"a0000001\"", "second question"),
    "a0000001", { "header (line 1) is damaged", "read as format version 3" } },
  { "late", MSG ("a0000001", "null", "first question")
    "{\"type\":\"session\",\"version\":3,\"id\":\"s-1\",\"timestamp\":\"2026-01-05T10:00:00.000Z\",\"cwd\":\"/tmp\"}\n"
    MSG ("a0000002", "\"a0000001\"", "second question"),
    "a0000001", { "header is on line 2, after entries", "read as format version 3" } },
  { "no-id", "{\"type\":\"session\",\"version\":3,\"timestamp\":\"2026-01-05T10:00:00.000Z\",\"cwd\":\"/tmp\"}\n"
    MSG ("a0000001", "null", "first question") MSG ("a0000002", "\"a0000001\"", "second question"),
    "a0000001", { "header (line 1) has no session id", "read as format version 3, as the header says" } },
  { "version-1", "{\"type\":\"message\",\"timestamp\":\"2026-01-05T10:00:01.000Z\",\"message\":{\"role\":\"user\",\"content\":\"first question\"}}\n"
    "{\"type\":\"message\",\"timestamp\":\"2026-01-05T10:00:02.000Z\",\"message\":{\"role\":\"user\",\"content\":\"second question\"}}\n",
    NULL, { "starts with entries (line 1)", "read as format version 1" } },
};

static void
test_header (gconstpointer data)
{
  guint i = GPOINTER_TO_UINT (data);
  g_autofree char *path = ramo_test_write_file ("broken-header.jsonl", cases[i].text, -1);
  g_autofree char *before = ramo_test_read_file (path, NULL);
  g_autofree char *after = NULL;
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  RamoWindow *window = ramo_window_new (NULL);
  RamoSessionTree *tree = ramo_window_get_tree (window);
  RamoSessionManager *manager;
  RamoSessionRow *row;
  const char *banner;
  const char *first_id;

  gtk_window_set_default_size (GTK_WINDOW (window), 1000, 700);
  g_assert_true (ramo_window_open_file (window, file, &error));
  g_assert_no_error (error);
  gtk_window_present (GTK_WINDOW (window));
  window_test_settle (300);

  manager = ramo_window_get_manager (window);
  g_assert_nonnull (manager);
  g_assert_cmpuint (ramo_session_manager_get_n_entries (manager), ==, 2);
  first_id = cases[i].first_id ? cases[i].first_id : ramo_session_manager_get_entry_at (manager, 0)->id;

  /* both entries are rows, with their texts */
  row = window_test_wait_for_row (tree, first_id);
  g_assert_nonnull (strstr (gtk_inscription_get_text (ramo_session_row_get_text_label (row)), "first question"));
  row = window_test_wait_for_row (tree, ramo_session_manager_get_entry_at (manager, 1)->id);
  g_assert_nonnull (strstr (gtk_inscription_get_text (ramo_session_row_get_text_label (row)), "second question"));

  /* the banner names the problem, the rules the entries are read by, and that nothing is written */
  g_assert_true (ramo_window_get_read_only_shown (window));
  banner = ramo_window_get_read_only_text (window);
  g_assert_nonnull (banner);
  g_test_message ("banner: %s", banner);
  g_assert_nonnull (strstr (banner, cases[i].banner[0]));
  g_assert_nonnull (strstr (banner, cases[i].banner[1]));
  g_assert_nonnull (strstr (banner, "open read-only"));

  /* a label is refused, with the reason */
  window_test_activate (window, "set-label", g_variant_new ("(ss)", first_id, "mine"));
  g_assert_nonnull (ramo_window_get_last_toast (window));
  g_assert_nonnull (strstr (ramo_window_get_last_toast (window), "read-only"));
  g_assert_nonnull (strstr (ramo_window_get_last_toast (window), "The file is unchanged"));
  g_assert_null (ramo_session_manager_get_label (manager, first_id));

  /* going to an entry moves the leaf in memory only */
  g_assert_true (ramo_session_tree_select_entry (tree, first_id));
  window_test_activate (window, "navigate", g_variant_new_string (first_id));

  /* no agent on it: not in a terminal, not from the composer (even with its folder there) */
  g_assert_false (g_action_group_get_action_enabled (G_ACTION_GROUP (window), "open-in-terminal"));
  ramo_composer_set_text (ramo_window_get_composer (window), "go on");
  g_assert_false (ramo_window_send (window));
  g_assert_nonnull (ramo_composer_get_error_text (ramo_window_get_composer (window)));
  g_assert_nonnull (strstr (ramo_composer_get_error_text (ramo_window_get_composer (window)), "no sound session header"));
  g_assert_null (ramo_window_get_agent_process (window));

  after = ramo_test_read_file (path, NULL);
  g_assert_cmpstr (after, ==, before);

  gtk_window_destroy (GTK_WINDOW (window));
  window_test_settle (20);
}

/* The banner of a sound file stays hidden, and that of a newer version says so. */
static void
test_sound_header (void)
{
  g_autofree char *path = ramo_test_write_file ("sound.jsonl",
    "{\"type\":\"session\",\"version\":3,\"id\":\"s-1\",\"timestamp\":\"2026-01-05T10:00:00.000Z\",\"cwd\":\"/tmp\"}\n"
    MSG ("a0000001", "null", "first question"), -1);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  RamoWindow *window = ramo_window_new (NULL);

  g_assert_true (ramo_window_open_file (window, file, &error));
  g_assert_no_error (error);
  gtk_window_present (GTK_WINDOW (window));
  window_test_settle (300);
  g_assert_false (ramo_window_get_read_only_shown (window));
  g_assert_null (ramo_window_get_read_only_text (window));
  gtk_window_destroy (GTK_WINDOW (window));
  window_test_settle (20);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_setenv ("HOME", ramo_test_tmpdir (), TRUE);
  if (!gtk_init_check ())
    {
      g_printerr ("no display: skipping the window tests\n");
      return 77;
    }
  adw_init ();

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *name = g_strdup_printf ("/ui/header/%s", cases[i].name);

      g_test_add_data_func (name, GUINT_TO_POINTER (i), test_header);
    }
  g_test_add_func ("/ui/header/sound", test_sound_header);
  return g_test_run ();
}

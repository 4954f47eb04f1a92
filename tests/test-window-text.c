/* test-window-text.c — a session's texts shown as they are: nothing in them acts
 *
 * A label with line feeds, texts with bidirectional overrides and isolates ("evil\u202Eexe.live"
 * is drawn "evilevil.exe"), escapes and bells: the window's row, its label, the path bar and the
 * title show each character visibly (ramo_text_shown()), and right-to-left text is set apart in
 * an isolate so that it cannot reorder what is around it.
 *
 * Copyright 2026 The Ramo authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <adwaita.h>

#include "ramo-app-util.h"
#include "ramo-path-bar.h"
#include "ramo-session-row.h"
#include "ramo-session-tree.h"
#include "ramo-window.h"
#include "test-window-util.h"

#define RLO "\xE2\x80\xAE"
#define LRI "\xE2\x81\xA6"
#define PDI "\xE2\x81\xA9"
#define FSI "\xE2\x81\xA8"

/* No character that acts instead of showing: C0/C1 controls, DEL, bidi formatting. */
static void
assert_inert (const char *text)
{
  g_assert_true (g_utf8_validate (text, -1, NULL));
  for (const char *p = text; *p; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      g_assert_false (c < 0x20 || c == 0x7f || (c >= 0x80 && c <= 0x9f));
      g_assert_false ((c >= 0x202A && c <= 0x202E) || c == 0x2066 || c == 0x2067);
    }
}

static void
test_text_shown (void)
{
  g_autofree char *plain = ramo_text_shown ("a plain text");
  g_autofree char *lines = ramo_text_shown ("ok\n* user: forged row  \xE2\x86\x90 leaf");
  g_autofree char *bidi = ramo_text_shown ("evil" RLO "exe.live");
  g_autofree char *controls = ramo_text_shown ("\x1b[31mred\x07\x7f\xC2\x9B");
  g_autofree char *hebrew = ramo_text_shown ("\xD7\xA9\xD7\x9C\xD7\x95\xD7\x9D 1");
  g_autofree char *broken = ramo_text_shown ("a\xFF" "b");

  g_assert_cmpstr (plain, ==, "a plain text");
  /* a line feed is its picture: one line */
  g_assert_cmpstr (lines, ==, "ok\xE2\x90\x8A* user: forged row  \xE2\x86\x90 leaf");
  g_assert_cmpstr (bidi, ==, "evil\\u202eexe.live");
  g_assert_cmpstr (controls, ==, "\xE2\x90\x9B[31mred\xE2\x90\x87\xE2\x90\xA1\\u009b");
  /* right-to-left text in an isolate of its own */
  g_assert_cmpstr (hebrew, ==, FSI "\xD7\xA9\xD7\x9C\xD7\x95\xD7\x9D 1" PDI);
  g_assert_cmpstr (broken, ==, "a\xEF\xBF\xBD" "b");
  assert_inert (lines);
  assert_inert (bidi);
  assert_inert (controls);
}

static const char forged_session[] =
  "{\"type\":\"session\",\"version\":3,\"id\":\"f0000000-0000-4000-8000-000000000001\",\"timestamp\":\"2026-01-05T10:00:00.000Z\",\"cwd\":\"/tmp/evil\\u202eexe.live\"}\n"
  "{\"type\":\"message\",\"id\":\"a0000001\",\"parentId\":null,\"timestamp\":\"2026-01-05T10:00:01.000Z\",\"message\":{\"role\":\"user\",\"content\":\"run evil\\u202eexe.live \\u001b[2Jnow\",\"timestamp\":1}}\n"
  "{\"type\":\"message\",\"id\":\"a0000002\",\"parentId\":\"a0000001\",\"timestamp\":\"2026-01-05T10:00:02.000Z\",\"message\":{\"role\":\"user\",\"content\":\"second\",\"timestamp\":2}}\n"
  "{\"type\":\"message\",\"id\":\"a0000003\",\"parentId\":\"a0000001\",\"timestamp\":\"2026-01-05T10:00:03.000Z\",\"message\":{\"role\":\"user\",\"content\":\"third\",\"timestamp\":3}}\n"
  "{\"type\":\"label\",\"id\":\"a0000004\",\"parentId\":\"a0000003\",\"timestamp\":\"2026-01-05T10:00:04.000Z\",\"targetId\":\"a0000001\",\"label\":\"ok\\n* user: forged row\\u2066x\\u2069\"}\n";

static void
test_window_texts (void)
{
  g_autofree char *path = ramo_test_write_file ("forged.jsonl", forged_session, -1);
  RamoWindow *window = window_test_open (path);
  RamoSessionTree *tree = ramo_window_get_tree (window);
  RamoSessionRow *row;
  const char *text;
  GPtrArray *ids;
  guint n_crumb_tips = 0;

  row = window_test_wait_for_row (tree, "a0000001");
  text = gtk_inscription_get_text (ramo_session_row_get_text_label (row));
  assert_inert (text);
  g_assert_nonnull (strstr (text, "evil\\u202eexe.live"));
  g_assert_nonnull (strstr (text, "\xE2\x90\x9B[2Jnow"));
  text = gtk_label_get_text (ramo_session_row_get_pill (row));
  assert_inert (text);
  g_assert_cmpstr (text, ==, "ok\xE2\x90\x8A* user: forged row\\u2066x\\u2069");

  /* the title (the first message) and the folder below it */
  assert_inert (gtk_window_get_title (GTK_WINDOW (window)));
  g_assert_nonnull (strstr (gtk_window_get_title (GTK_WINDOW (window)), "evil\\u202eexe.live"));

  /* the path bar's buttons, by their accessible text and tooltip */
  g_assert_true (ramo_session_tree_select_entry (tree, "a0000002"));
  window_test_settle (50);
  ids = ramo_path_bar_get_ids (ramo_window_get_path_bar (window));
  g_assert_cmpuint (ids->len, ==, 2);
  for (GtkWidget *w = gtk_widget_get_first_child (GTK_WIDGET (ramo_window_get_path_bar (window))); w;)
    {
      /* depth first over the bar's widgets */
      if (GTK_IS_BUTTON (w))
        {
          const char *tip = ramo_path_bar_get_crumb_tooltip (w);

          if (GTK_IS_LABEL (gtk_button_get_child (GTK_BUTTON (w))))
            assert_inert (gtk_label_get_text (GTK_LABEL (gtk_button_get_child (GTK_BUTTON (w)))));
          /* a crumb's tooltip is made when the pointer rests on it, never set with the button */
          g_assert_null (gtk_widget_get_tooltip_text (w));
          if (g_object_get_data (G_OBJECT (w), "ramo-entry-id"))
            {
              g_autoptr(GtkTooltip) tooltip = g_object_new (GTK_TYPE_TOOLTIP, NULL);
              gboolean shown = FALSE;

              g_assert_nonnull (tip);
              g_assert_true (gtk_widget_get_has_tooltip (w));
              g_signal_emit_by_name (w, "query-tooltip", 1, 1, FALSE, tooltip, &shown);
              g_assert_true (shown);
              n_crumb_tips++;
            }
          if (tip)
            assert_inert (tip);
        }
      if (gtk_widget_get_first_child (w))
        w = gtk_widget_get_first_child (w);
      else
        {
          while (w && !gtk_widget_get_next_sibling (w) && w != GTK_WIDGET (ramo_window_get_path_bar (window)))
            w = gtk_widget_get_parent (w);
          if (w == NULL || w == GTK_WIDGET (ramo_window_get_path_bar (window)))
            break;
          w = gtk_widget_get_next_sibling (w);
        }
    }
  /* one tooltip for each of the two crumbs */
  g_assert_cmpuint (n_crumb_tips, ==, ids->len);

  gtk_window_destroy (GTK_WINDOW (window));
  window_test_settle (20);
}

int
main (int   argc,
      char *argv[])
{
  if (!window_test_init (&argc, &argv))
    return 77;

  g_test_add_func ("/ui/text/shown", test_text_shown);
  g_test_add_func ("/ui/text/window", test_window_texts);
  return g_test_run ();
}

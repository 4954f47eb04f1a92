/* bench-compare.c — how long a comparison of two 1,000-entry paths takes
 *
 *   bench-compare [N_ENTRIES] [RUNS] [--keep PATH]
 *
 * Writes a session (in a temporary folder) whose two branches start at the same user message
 * and run N_ENTRIES entries each (default 1,000): turns of a user message, an assistant message
 * with a text of about 60 words and a tool call, and its result. A third of the turns are the
 * same on both sides, a third differ by a few words and an argument, a third are other texts
 * altogether. Then times ramo_session_compare() between the two leaves RUNS times (default
 * 11): reading the 2 × N_ENTRIES bodies from the file, the alignment and every word diff. Also
 * times the comparison as JSON and as Markdown. Prints the median and the slowest run in
 * milliseconds. With --keep PATH, the session is written to PATH and left there (for
 * bench-compare-window: its two leaves are L<N-1> and R<N-1>).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <stdlib.h>
#include <glib/gstdio.h>

#include "ramo-session-export.h"
#include "ramo-json.h"

static int
compare_gint64 (gconstpointer a,
                gconstpointer b)
{
  gint64 x = *(const gint64 *) a, y = *(const gint64 *) b;

  return x < y ? -1 : x > y;
}

static const char * const words[] = {
  "the", "file", "reads", "a", "function", "returns", "value", "test", "passes", "build",
  "error", "line", "change", "branch", "tree", "session", "entry", "model", "tool", "call",
};

static void
append_words (GString *out,
              GRand   *rand,
              guint    n)
{
  for (guint i = 0; i < n; i++)
    g_string_append_printf (out, "%s%s", i ? " " : "", words[g_rand_int_range (rand, 0, G_N_ELEMENTS (words))]);
}

static void
append_line (GString    *out,
             const char *id,
             const char *parent,
             const char *type_and_body)
{
  g_string_append_printf (out, "{\"type\":\"message\",\"id\":\"%s\",\"parentId\":\"%s\","
                          "\"timestamp\":\"2026-03-01T10:00:00.000Z\",%s}\n", id, parent, type_and_body);
}

/* One side: n entries below "fork", ids prefixed with @side; turn t's text from seed t (the
 * same on both sides), t + @side_seed (another), or seed t with a few words changed. */
static void
write_side (GString *out,
            char     side,
            guint    n)
{
  g_autofree char *parent = g_strdup ("fork");

  for (guint i = 0; i < n; i++)
    {
      guint turn = i / 3;
      guint kind = turn % 3;   /* 0 same, 1 a few words changed, 2 another text */
      GRand *rand = g_rand_new_with_seed (kind == 2 && side == 'R' ? 100000 + turn : turn);
      g_autoptr(GString) text = g_string_new (NULL);
      g_autoptr(GString) body = g_string_new (NULL);
      g_autofree char *id = g_strdup_printf ("%c%u", side, i);

      append_words (text, rand, 60);
      if (kind == 1 && side == 'R')
        {
          g_string_append (text, " and then more");
          text->str[3] = 'X';
        }
      switch (i % 3)
        {
        case 0:
          g_string_append (body, "\"message\":{\"role\":\"user\",\"content\":");
          ramo_json_write_string (body, text->str);
          g_string_append (body, ",\"timestamp\":1}");
          break;
        case 1:
          g_string_append (body, "\"message\":{\"role\":\"assistant\",\"content\":[{\"type\":\"text\",\"text\":");
          ramo_json_write_string (body, text->str);
          g_string_append_printf (body, "},{\"type\":\"toolCall\",\"id\":\"c%c%u\",\"name\":\"bash\","
                                  "\"arguments\":{\"command\":\"grep -n %s src\"}}],\"model\":\"m\","
                                  "\"stopReason\":\"toolUse\",\"timestamp\":1}",
                                  side, i, kind == 1 && side == 'R' ? "other" : words[turn % G_N_ELEMENTS (words)]);
          break;
        default:
          g_string_append_printf (body, "\"message\":{\"role\":\"toolResult\",\"toolCallId\":\"c%c%u\","
                                  "\"toolName\":\"bash\",\"content\":[{\"type\":\"text\",\"text\":", side, i - 1);
          ramo_json_write_string (body, text->str);
          g_string_append (body, "}],\"isError\":false,\"timestamp\":1}");
          break;
        }
      append_line (out, id, parent, body->str);
      g_free (parent);
      parent = g_steal_pointer (&id);
      g_rand_free (rand);
    }
}

static void
report (const char *name,
        GArray     *times)
{
  g_array_sort (times, compare_gint64);
  g_print ("%-28s median %8.2f ms   slowest %8.2f ms\n", name,
           g_array_index (times, gint64, times->len / 2) / 1000.0,
           g_array_index (times, gint64, times->len - 1) / 1000.0);
}

int
main (int    argc,
      char **argv)
{
  const char *keep = argc > 4 && g_str_equal (argv[3], "--keep") ? argv[4] : NULL;
  guint n = argc > 1 ? (guint) atoi (argv[1]) : 1000;
  guint runs = argc > 2 ? (guint) atoi (argv[2]) : 11;
  g_autoptr(GString) out = g_string_new ("{\"type\":\"session\",\"version\":3,\"id\":\"bench\","
                                         "\"timestamp\":\"2026-03-01T10:00:00.000Z\",\"cwd\":\"/tmp\"}\n");
  g_autoptr(GError) error = NULL;
  g_autoptr(RamoSessionManager) manager = NULL;
  g_autoptr(GArray) times = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_autoptr(GArray) json_times = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_autoptr(GArray) markdown_times = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_autofree char *dir = g_dir_make_tmp ("ramo-bench-compare-XXXXXX", &error);
  g_autofree char *path = NULL;
  g_autofree char *left = g_strdup_printf ("L%u", n - 1);
  g_autofree char *right = g_strdup_printf ("R%u", n - 1);

  g_assert_no_error (error);
  g_string_append (out, "{\"type\":\"message\",\"id\":\"fork\",\"parentId\":null,\"timestamp\":"
                   "\"2026-03-01T10:00:00.000Z\",\"message\":{\"role\":\"user\",\"content\":\"start\",\"timestamp\":1}}\n");
  write_side (out, 'L', n);
  write_side (out, 'R', n);
  path = keep ? g_strdup (keep) : g_build_filename (dir, "bench.jsonl", NULL);
  g_file_set_contents (path, out->str, out->len, &error);
  g_assert_no_error (error);
  manager = ramo_session_manager_open (path, &error);
  g_assert_no_error (error);
  g_print ("session: 2 x %u entries after the fork, %.1f MB\n", n, out->len / 1e6);

  for (guint r = 0; r < runs; r++)
    {
      gint64 start = g_get_monotonic_time ();
      g_autoptr(RamoSessionCompare) compare = ramo_session_compare (manager, left, right, &error);
      gint64 compared = g_get_monotonic_time ();
      g_autofree char *json = NULL;
      g_autofree char *markdown = NULL;
      gint64 written;

      g_assert_no_error (error);
      json = ramo_session_compare_to_json (compare);
      written = g_get_monotonic_time ();
      markdown = ramo_session_compare_to_markdown (compare);
      g_array_append_val (times, ((gint64) { compared - start }));
      g_array_append_val (json_times, ((gint64) { written - compared }));
      g_array_append_val (markdown_times, ((gint64) { g_get_monotonic_time () - written }));
      if (r == 0)
        g_print ("steps: %u (%u same, %u changed, %u only left, %u only right)\n", compare->pairs->len,
                 ramo_session_compare_count (compare, RAMO_COMPARE_SAME),
                 ramo_session_compare_count (compare, RAMO_COMPARE_CHANGED),
                 ramo_session_compare_count (compare, RAMO_COMPARE_ONLY_LEFT),
                 ramo_session_compare_count (compare, RAMO_COMPARE_ONLY_RIGHT));
    }
  report ("ramo_session_compare()", times);
  report ("as JSON", json_times);
  report ("as Markdown", markdown_times);
  if (keep == NULL)
    g_unlink (path);
  g_rmdir (dir);
  return 0;
}

/* test-session-context-omp.c — the context of oh-my-pi files, by oh-my-pi 18.2.3's rules
 *
 * Copyright 2026 The Ramo authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every expected value here is what oh-my-pi 18.2.3 itself gives for the same file: its
 * buildSessionContext() run by tests/compat/omp-dump.ts (`context FILE --all [--leaf ID]`)
 * on these sessions written out, and its prompt renderer (pi-utils prompt.ts render() and
 * format()) for the formatting tests, with the test's own prompt. The members oh-my-pi
 * prints in another order at the top level are compared one by one.
 */

#include "ramo-session-context-private.h"
#include "ramo-session-manager-private.h"
#include "ramo-test-util.h"

#define HEADER "{\"type\":\"session\",\"version\":3,\"id\":\"s-1\",\"timestamp\":\"2026-01-01T00:00:00.000Z\",\"cwd\":\"/w\"}\n"
#define TS(sec) "\"timestamp\":\"2026-01-01T00:00:" sec ".000Z\""
#define ENTRY(type, id, parent, sec, rest) \
  "{\"type\":\"" type "\",\"id\":\"" id "\",\"parentId\":" parent "," TS (sec) rest "}\n"
#define MSG(id, parent, sec, message) ENTRY ("message", id, parent, sec, ",\"message\":" message)
#define USER(id, parent, sec, text) MSG (id, parent, sec, "{\"role\":\"user\",\"content\":\"" text "\"}")
#define ASST(id, parent, sec, content, rest) \
  MSG (id, parent, sec, "{\"role\":\"assistant\",\"content\":" content rest "}")
#define CLAUDE ",\"provider\":\"anthropic\",\"model\":\"claude\""
#define RESULT(id, parent, sec, call) \
  MSG (id, parent, sec, "{\"role\":\"toolResult\",\"toolCallId\":\"" call "\",\"content\":[{\"type\":\"text\",\"text\":\"ok\"}]}")
#define TEXT(t) "{\"type\":\"text\",\"text\":\"" t "\"}"
#define CALL(id) "{\"type\":\"toolCall\",\"id\":\"" id "\",\"name\":\"bash\",\"arguments\":{}}"

static RamoSessionManager *
open_omp (const char *text)
{
  g_autofree char *path = ramo_test_write_file ("s.jsonl", text, -1);
  g_autoptr(GError) error = NULL;
  RamoSessionManager *manager = ramo_session_manager_open (path, &error);

  g_assert_no_error (error);
  ramo_session_manager_set_dialect (manager, RAMO_DIALECT_OMP);
  return manager;
}

static RamoSessionContext *
context_at (RamoSessionManager *manager,
            const char         *leaf)
{
  if (leaf == NULL)
    return ramo_session_manager_build_session_context (manager);
  g_assert_nonnull (ramo_session_manager_get_entry (manager, leaf));
  return ramo_session_manager_build_context_at (manager, ramo_session_manager_get_entry (manager, leaf));
}

/* The ids of the entries the context's messages come from, space-separated. */
static char *
item_ids (RamoSessionContext *context)
{
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < ramo_session_context_get_n_messages (context); i++)
    g_string_append_printf (out, "%s%s", i ? " " : "", ramo_session_context_get_entry (context, i)->id);
  return g_string_free (out, FALSE);
}

static char *
to_json (RamoSessionContext *context)
{
  g_autoptr(GError) error = NULL;
  char *json = ramo_session_context_to_json (context, &error);

  g_assert_no_error (error);
  return json;
}

/* The message at @position as the window gets it, written back as JSON text. */
static char *
message_json (RamoSessionContext *context,
              guint               position)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) node = ramo_session_context_dup_message (context, position, &error);

  g_assert_no_error (error);
  g_assert_nonnull (node);
  return json_to_string (node, FALSE);
}

#define assert_json_has(json, part) \
  G_STMT_START { \
    if (strstr ((json), (part)) == NULL) \
      g_error ("%s: expected %s in %s", G_STRLOC, (part), (json)); \
  } G_STMT_END

#define assert_json_lacks(json, part) \
  G_STMT_START { \
    if (strstr ((json), (part)) != NULL) \
      g_error ("%s: did not expect %s in %s", G_STRLOC, (part), (json)); \
  } G_STMT_END

/* Aborted and error turns leave with their tool results, unless the interrupted-thinking note
 * follows; an empty error turn and a `retryRecovery` turn are never appended. */
static const char FAILED[] =
  HEADER
  USER ("u1", "null", "01", "a")
  ASST ("a1", "\"u1\"", "02", "[" TEXT ("run") "," CALL ("c1") "]", CLAUDE ",\"stopReason\":\"aborted\"")
  RESULT ("r1", "\"a1\"", "03", "c1")
  USER ("u2", "\"r1\"", "04", "b")
  ASST ("a2", "\"u2\"", "05", "[{\"type\":\"thinking\",\"thinking\":\"hm\"}]", CLAUDE ",\"stopReason\":\"aborted\"")
  ENTRY ("custom_message", "c2", "\"a2\"", "06", ",\"customType\":\"interrupted-thinking\",\"content\":\"cut\",\"display\":false")
  USER ("u3", "\"c2\"", "07", "c")
  ASST ("a3", "\"u3\"", "08", "[" TEXT ("half") "]", CLAUDE ",\"stopReason\":\"error\"")
  ASST ("a4", "\"a3\"", "09", "[" TEXT ("  ") "]", CLAUDE ",\"stopReason\":\"error\"")
  ASST ("a5", "\"a4\"", "10", "[" TEXT ("again") "]", CLAUDE ",\"stopReason\":\"stop\",\"retryRecovery\":true")
  USER ("u4", "\"a5\"", "11", "d")
  ASST ("a6", "\"u4\"", "12", "[" TEXT ("done") "]", CLAUDE ",\"stopReason\":\"stop\"");

static void
test_failed_turns (void)
{
  g_autoptr(RamoSessionManager) manager = open_omp (FAILED);
  g_autoptr(RamoSessionContext) leaf = context_at (manager, NULL);
  g_autoptr(RamoSessionContext) at_a2 = context_at (manager, "a2");
  g_autoptr(RamoSessionContext) at_c2 = context_at (manager, "c2");
  g_autofree char *ids = item_ids (leaf);
  g_autofree char *ids_a2 = item_ids (at_a2);
  g_autofree char *ids_c2 = item_ids (at_c2);
  g_autofree char *json = to_json (leaf);

  /* oh-my-pi: user a, user b, the aborted thinking turn, its interrupted-thinking note, user c,
   * user d, assistant done */
  g_assert_cmpstr (ids, ==, "u1 u2 a2 c2 u3 u4 a6");
  /* at a2 the aborted turn ends the path: no note follows, so it goes */
  g_assert_cmpstr (ids_a2, ==, "u1 u2");
  g_assert_cmpstr (ids_c2, ==, "u1 u2 a2 c2");
  g_assert_cmpstr (json, ==,
                   "{\"leafId\":\"a6\",\"thinkingLevel\":\"off\",\"model\":{\"provider\":\"anthropic\",\"modelId\":\"claude\"},"
                   "\"messages\":[{\"role\":\"user\",\"content\":\"a\"},{\"role\":\"user\",\"content\":\"b\"},"
                   "{\"role\":\"assistant\",\"content\":[{\"type\":\"thinking\",\"thinking\":\"hm\"}],\"provider\":\"anthropic\","
                   "\"model\":\"claude\",\"stopReason\":\"aborted\"},{\"role\":\"custom\",\"customType\":\"interrupted-thinking\","
                   "\"content\":\"cut\",\"display\":false,\"timestamp\":1767225606000},{\"role\":\"user\",\"content\":\"c\"},"
                   "{\"role\":\"user\",\"content\":\"d\"},{\"role\":\"assistant\",\"content\":[{\"type\":\"text\",\"text\":\"done\"}],"
                   "\"provider\":\"anthropic\",\"model\":\"claude\",\"stopReason\":\"stop\"}],\"mode\":\"none\","
                   "\"injectedTtsrRules\":[],\"models\":{\"default\":\"anthropic/claude\"}}");
}

/* Tool calls without a result on the path go, with the turn's redacted thinking and its
 * thinking signatures; a turn left with nothing goes. */
static const char DANGLING[] =
  HEADER
  USER ("u1", "null", "01", "a")
  ASST ("a1", "\"u1\"", "02",
        "[{\"type\":\"thinking\",\"thinking\":\"t\",\"thinkingSignature\":\"s\"},{\"type\":\"redactedThinking\",\"data\":\"r\"},"
        CALL ("c1") "," CALL ("c2") "," TEXT ("x") "]", CLAUDE ",\"stopReason\":\"toolUse\"")
  RESULT ("r1", "\"a1\"", "03", "c1")
  USER ("u2", "\"r1\"", "04", "b")
  ASST ("a2", "\"u2\"", "05", "[{\"type\":\"redactedThinking\",\"data\":\"r\"}," CALL ("c3") "]", CLAUDE ",\"stopReason\":\"toolUse\"");

static void
test_dangling_tool_calls (void)
{
  g_autoptr(RamoSessionManager) manager = open_omp (DANGLING);
  g_autoptr(RamoSessionContext) context = context_at (manager, "a2");
  g_autofree char *ids = item_ids (context);
  g_autofree char *a1 = NULL;

  g_assert_cmpstr (ids, ==, "u1 a1 r1 u2");
  a1 = message_json (context, 1);
  g_assert_cmpstr (a1, ==,
                   "{\"role\":\"assistant\",\"content\":[{\"type\":\"thinking\",\"thinking\":\"t\"},"
                   "{\"type\":\"toolCall\",\"id\":\"c1\",\"name\":\"bash\",\"arguments\":{}},{\"type\":\"text\",\"text\":\"x\"}],"
                   "\"provider\":\"anthropic\",\"model\":\"claude\",\"stopReason\":\"toolUse\"}");
}

/* The context starts after the latest reset boundary, unless a compaction comes later. */
static const char RESET[] =
  HEADER
  USER ("u1", "null", "01", "a")
  ASST ("a1", "\"u1\"", "02", "[" TEXT ("x") "]", CLAUDE ",\"stopReason\":\"stop\"")
  ENTRY ("reset_boundary", "x1", "\"a1\"", "03", "")
  USER ("u2", "\"x1\"", "04", "b")
  ASST ("a2", "\"u2\"", "05", "[" TEXT ("y") "]", CLAUDE ",\"stopReason\":\"stop\"")
  ENTRY ("compaction", "k1", "\"a2\"", "06", ",\"summary\":\"S\",\"firstKeptEntryId\":\"u2\",\"tokensBefore\":10")
  USER ("u3", "\"k1\"", "07", "c");

static void
test_reset_boundary (void)
{
  g_autoptr(RamoSessionManager) manager = open_omp (RESET);
  g_autoptr(RamoSessionContext) at_a2 = context_at (manager, "a2");
  g_autoptr(RamoSessionContext) at_u3 = context_at (manager, "u3");
  g_autofree char *ids_a2 = item_ids (at_a2);
  g_autofree char *ids_u3 = item_ids (at_u3);
  g_autofree char *summary = message_json (at_u3, 0);

  g_assert_cmpstr (ids_a2, ==, "u2 a2");
  g_assert_cmpstr (ids_u3, ==, "k1 u2 a2 u3");
  g_assert_cmpstr (summary, ==, "{\"role\":\"compactionSummary\",\"summary\":\"S\",\"tokensBefore\":10,\"timestamp\":1767225606000}");
}

/* Custom messages are normalized and carry their attribution; `prewalk-plan` and
 * `vibe-mode-context` are never replayed; unsendable content leaves the message out. */
static const char CUSTOM[] =
  HEADER
  USER ("u1", "null", "01", "a")
  ENTRY ("custom_message", "c1", "\"u1\"", "02",
         ",\"customType\":\"skill-prompt\",\"content\":\"skill\",\"display\":true,\"details\":{\"n\":1},\"attribution\":\"user\"")
  ENTRY ("custom_message", "c2", "\"c1\"", "03", ",\"customType\":\"prewalk-plan\",\"content\":\"plan\",\"display\":true")
  ENTRY ("custom_message", "c3", "\"c2\"", "04", ",\"customType\":\"vibe-mode-context\",\"content\":\"vibe\",\"display\":false")
  ENTRY ("custom_message", "c4", "\"c3\"", "05", ",\"content\":\"plain\",\"display\":\"yes\",\"attribution\":null")
  ENTRY ("custom_message", "c5", "\"c4\"", "06", ",\"customType\":\"x\",\"content\":{\"a\":1},\"display\":true");

static void
test_custom_messages (void)
{
  g_autoptr(RamoSessionManager) manager = open_omp (CUSTOM);
  g_autoptr(RamoSessionContext) context = context_at (manager, NULL);
  g_autofree char *ids = item_ids (context);
  g_autofree char *json = to_json (context);

  g_assert_cmpstr (ids, ==, "u1 c1 c4");
  assert_json_has (json, "{\"role\":\"custom\",\"customType\":\"skill-prompt\",\"content\":\"skill\",\"display\":true,"
                         "\"details\":{\"n\":1},\"attribution\":\"user\",\"timestamp\":1767225602000}");
  assert_json_has (json, "{\"role\":\"custom\",\"customType\":\"custom-message\",\"content\":\"plain\",\"display\":false,"
                         "\"attribution\":\"agent\",\"timestamp\":1767225605000}");
}

/* The latest context-notes revision becomes a hidden custom message first, its text in the
 * prompt (here the test's own, see main()) as oh-my-pi's renderer formats it; a reset boundary
 * hides the notes before it. */
static const char NOTES[] =
  HEADER
  ENTRY ("custom", "n0", "null", "01", ",\"customType\":\"experimental_context_notes\",\"data\":{\"version\":1,\"text\":\"old\"}")
  USER ("u1", "\"n0\"", "02", "a")
  ENTRY ("custom", "n1", "\"u1\"", "03",
         ",\"customType\":\"experimental_context_notes\",\"data\":{\"version\":1,\"text\":\"- a  \\n\\n\\n| x |  y |\\nz\"}")
  ASST ("a1", "\"n1\"", "04", "[" TEXT ("ok") "]", CLAUDE ",\"stopReason\":\"stop\"")
  ENTRY ("reset_boundary", "x1", "\"a1\"", "05", "")
  USER ("u2", "\"x1\"", "06", "b");

static void
test_context_notes (void)
{
  g_autoptr(RamoSessionManager) manager = open_omp (NOTES);
  g_autoptr(RamoSessionContext) at_a1 = context_at (manager, "a1");
  g_autoptr(RamoSessionContext) at_u2 = context_at (manager, "u2");
  g_autofree char *ids_a1 = item_ids (at_a1);
  g_autofree char *ids_u2 = item_ids (at_u2);
  g_autofree char *notes = message_json (at_a1, 0);

  g_assert_cmpstr (ids_a1, ==, "n1 u1 a1");
  g_assert_cmpint (ramo_session_context_get_kind (at_a1, 0), ==, RAMO_CONTEXT_ITEM_CONTEXT_NOTES);
  /* prompt.render() of the test prompt with these notes, trimmed */
  g_assert_cmpstr (notes, ==,
                   "{\"role\":\"custom\",\"customType\":\"experimental_context_notes\","
                   "\"content\":\"<ramo-test-notes>\\nNotes kept for this branch:\\n- a\\n|x|y|\\nz\\n</ramo-test-notes>\","
                   "\"display\":false,\"timestamp\":1767225603000}");
  g_assert_cmpstr (ids_u2, ==, "u2");
}

/* Compaction summaries carry shortSummary, tokensAfter, method, the provider's payload and the
 * warning; a native (Anthropic) summary is dated just before the first entry it keeps; an
 * OpenAI remote compaction drops the kept range. */
static const char COMPACTION[] =
  HEADER
  USER ("u1", "null", "01", "a")
  ASST ("a1", "\"u1\"", "02", "[" TEXT ("x") "]", CLAUDE ",\"stopReason\":\"stop\"")
  USER ("u2", "\"a1\"", "03", "b")
  ASST ("a2", "\"u2\"", "04", "[" TEXT ("y") "]", CLAUDE ",\"stopReason\":\"stop\"")
  ENTRY ("compaction", "k1", "\"a2\"", "05",
         ",\"summary\":\"S1\",\"shortSummary\":\"s1\",\"firstKeptEntryId\":\"u2\",\"tokensBefore\":100,\"tokensAfter\":20,"
         "\"method\":\"remote\",\"warning\":\"w\",\"preserveData\":{\"anthropicCompaction\":{\"provider\":\"anthropic\","
         "\"content\":\"native\",\"filesText\":\"f\"}}")
  USER ("u3", "\"k1\"", "06", "c")
  ENTRY ("compaction", "k2", "\"u3\"", "07",
         ",\"summary\":\"S2\",\"firstKeptEntryId\":\"u3\",\"tokensBefore\":200,"
         "\"preserveData\":{\"openaiRemoteCompaction\":{\"provider\":\"openai\",\"replacementHistory\":[{\"role\":\"user\"}]}}")
  USER ("u4", "\"k2\"", "08", "d");

static void
test_compaction (void)
{
  g_autoptr(RamoSessionManager) manager = open_omp (COMPACTION);
  g_autoptr(RamoSessionContext) at_u3 = context_at (manager, "u3");
  g_autoptr(RamoSessionContext) at_u4 = context_at (manager, "u4");
  g_autofree char *ids_u3 = item_ids (at_u3);
  g_autofree char *ids_u4 = item_ids (at_u4);
  g_autofree char *native = message_json (at_u3, 0);
  g_autofree char *remote = message_json (at_u4, 0);

  g_assert_cmpstr (ids_u3, ==, "k1 u2 a2 u3");
  /* 1767225602999: u2's time less one millisecond */
  g_assert_cmpstr (native, ==,
                   "{\"role\":\"compactionSummary\",\"summary\":\"S1\",\"shortSummary\":\"s1\",\"tokensBefore\":100,"
                   "\"tokensAfter\":20,\"method\":\"remote\",\"providerPayload\":{\"type\":\"anthropicCompaction\","
                   "\"provider\":\"anthropic\",\"content\":\"native\",\"filesText\":\"f\"},\"warning\":\"w\","
                   "\"timestamp\":1767225602999}");
  g_assert_cmpstr (ids_u4, ==, "k2 u4");
  g_assert_cmpstr (remote, ==,
                   "{\"role\":\"compactionSummary\",\"summary\":\"S2\",\"tokensBefore\":200,\"providerPayload\":"
                   "{\"type\":\"openaiResponsesHistory\",\"provider\":\"openai\",\"items\":[{\"role\":\"user\"}]},"
                   "\"timestamp\":1767225607000}");
}

/* Models per role (an explicit default stops assistant messages from changing it), the
 * thinking level (null reads "off") and its configured selector, the service tier, TTSR rules
 * once each in first-seen order, the mode. */
static const char SETTINGS[] =
  HEADER
  USER ("u1", "null", "01", "a")
  ASST ("a1", "\"u1\"", "02", "[" TEXT ("x") "]", ",\"provider\":\"openai\",\"model\":\"gpt-5\",\"stopReason\":\"stop\"")
  ENTRY ("model_change", "m1", "\"a1\"", "03", ",\"model\":\"anthropic/haiku\",\"role\":\"smol\"")
  ENTRY ("thinking_level_change", "t1", "\"m1\"", "04", ",\"thinkingLevel\":\"high\",\"configured\":\"auto\"")
  ENTRY ("service_tier_change", "s1", "\"t1\"", "05", ",\"serviceTier\":\"claude-only\"")
  ENTRY ("ttsr_injection", "r1", "\"s1\"", "06", ",\"injectedRules\":[\"b\",\"a\"]")
  ENTRY ("mode_change", "d1", "\"r1\"", "07", ",\"mode\":\"plan\",\"data\":{\"f\":\"p.md\"}")
  ENTRY ("model_change", "m2", "\"d1\"", "08", ",\"model\":\"google/gemini\"")
  ASST ("a2", "\"m2\"", "09", "[" TEXT ("y") "]", ",\"provider\":\"openai\",\"model\":\"gpt-4o\",\"stopReason\":\"stop\"")
  ENTRY ("ttsr_injection", "r2", "\"a2\"", "10", ",\"injectedRules\":[\"a\",\"c\"]")
  ENTRY ("thinking_level_change", "t2", "\"r2\"", "11", ",\"thinkingLevel\":null");

static void
test_settings (void)
{
  g_autoptr(RamoSessionManager) manager = open_omp (SETTINGS);
  g_autoptr(RamoSessionContext) leaf = context_at (manager, NULL);
  g_autoptr(RamoSessionContext) at_a1 = context_at (manager, "a1");
  g_autoptr(RamoSessionContext) at_d1 = context_at (manager, "d1");
  g_autofree char *json = to_json (leaf);
  g_autofree char *json_a1 = to_json (at_a1);
  g_autofree char *json_d1 = to_json (at_d1);
  g_autofree char *model = ramo_session_context_dup_model (leaf);
  g_autofree char *level = ramo_session_context_dup_thinking_level (leaf);

  g_assert_cmpstr (model, ==, "google/gemini");
  g_assert_cmpstr (level, ==, "off");
  assert_json_has (json, "\"thinkingLevel\":\"off\",\"model\":{\"provider\":\"google\",\"modelId\":\"gemini\"}");
  assert_json_has (json, "\"mode\":\"plan\",\"modeData\":{\"f\":\"p.md\"},\"injectedTtsrRules\":[\"b\",\"a\",\"c\"],"
                         "\"models\":{\"default\":\"google/gemini\",\"smol\":\"anthropic/haiku\"},"
                         "\"serviceTier\":{\"anthropic\":\"priority\"}}");
  /* a null level and no selector: configuredThinkingLevel is undefined */
  assert_json_lacks (json, "configuredThinkingLevel");

  assert_json_has (json_a1, "\"model\":{\"provider\":\"openai\",\"modelId\":\"gpt-5\"}");
  assert_json_has (json_a1, "\"models\":{\"default\":\"openai/gpt-5\"}}");

  assert_json_has (json_d1, "\"thinkingLevel\":\"high\"");
  assert_json_has (json_d1, "\"models\":{\"default\":\"openai/gpt-5\",\"smol\":\"anthropic/haiku\"},"
                            "\"configuredThinkingLevel\":\"auto\",\"serviceTier\":{\"anthropic\":\"priority\"}}");
}

/* What oh-my-pi's prompt renderer does to a rendered prompt: prompt.format(text,
 * {renderPhase: "post-render"}) for each input. */
static void
test_format_prompt (void)
{
  static const char * const cases[][2] = {
    { "a  \n\n\nb", "a\nb" },
    { "\n\na\n\nb\n", "a\n\nb" },
    { "x\n\n</tag>\n", "x\n</tag>" },
    { "| a | b |\n|:-- | --: | :-: | - |\n  | c |d  |", "|a|b|\n|:---|---:|:---:|---|\n  |c|d|" },
    { "```\n  keep   \n\n\n```\nafter \t", "```\n  keep\n\n\n```\nafter" },
    { "\u00a0\u00a0lead\n\u3000\n\ntail\u2003", "\u00a0\u00a0lead\ntail" },
    { "<open>\n\n  </close_me>\n|||\n|x", "<open>\n  </close_me>\n||\n|x" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *formatted = _ramo_omp_format_prompt (cases[i][0]);

      g_assert_cmpstr (formatted, ==, cases[i][1]);
    }
}

int
main (int    argc,
      char **argv)
{
  g_autofree char *package = NULL;
  g_autofree char *prompts = NULL;
  g_autofree char *template = NULL;
  int status;

  g_test_init (&argc, &argv, NULL);

  /* a prompt of the test's own for the context notes, in the place Ramo looks for
   * oh-my-pi's (read once, so before any test) */
  package = ramo_test_tmpdir ();
  prompts = g_build_filename (package, "src", "prompts", "system", NULL);
  g_assert_cmpint (g_mkdir_with_parents (prompts, 0700), ==, 0);
  template = g_build_filename (prompts, "context-notes.md", NULL);
  g_assert_true (g_file_set_contents (template,
                                      "<ramo-test-notes>\nNotes kept for this branch:\n\n\n{{notes}}\n\n</ramo-test-notes>\n",
                                      -1, NULL));
  g_setenv ("RAMO_OMP_PACKAGE_DIR", package, TRUE);

  g_test_add_func ("/omp-context/failed-turns", test_failed_turns);
  g_test_add_func ("/omp-context/dangling-tool-calls", test_dangling_tool_calls);
  g_test_add_func ("/omp-context/reset-boundary", test_reset_boundary);
  g_test_add_func ("/omp-context/custom-messages", test_custom_messages);
  g_test_add_func ("/omp-context/context-notes", test_context_notes);
  g_test_add_func ("/omp-context/compaction", test_compaction);
  g_test_add_func ("/omp-context/settings", test_settings);
  g_test_add_func ("/omp-context/format-prompt", test_format_prompt);
  status = g_test_run ();
  ramo_test_remove_dirs ();
  return status;
}

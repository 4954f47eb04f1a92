/* test-summarizer.c — RamoSummarizer: transcript, prompt, file lists, configuration, HTTP
 *
 * Copyright 2026 The Ramo authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "ramo-json.h"
#include "ramo-summarizer.h"
#include "ramo-test-util.h"
#include "test-llm-server.h"

#define KEY "sk-test-0123456789abcdefSECRET"

static JsonNode *
parse (const char *json)
{
  g_autoptr(GError) error = NULL;
  JsonNode *node = json_from_string (json, &error);

  g_assert_no_error (error);
  g_assert_nonnull (node);
  return node;
}

static GPtrArray *
parse_entries (const char * const *lines)
{
  GPtrArray *entries = g_ptr_array_new_with_free_func ((GDestroyNotify) json_node_unref);

  for (guint i = 0; lines[i]; i++)
    g_ptr_array_add (entries, parse (lines[i]));
  return entries;
}

static char *
to_json (JsonNode *node)
{
  return ramo_json_to_string (node);
}

/* ------------------------------------------------------------------------------------------ */

static const char * const conversation[] = {
  "{\"type\":\"message\",\"id\":\"u1\",\"parentId\":null,\"message\":{\"role\":\"user\",\"content\":\"Fix the bug in main.c\"}}",
  "{\"type\":\"label\",\"id\":\"l1\",\"parentId\":\"u1\",\"targetId\":\"u1\",\"label\":\"start\"}",
  "{\"type\":\"message\",\"id\":\"a1\",\"parentId\":\"l1\",\"message\":{\"role\":\"assistant\",\"content\":["
    "{\"type\":\"thinking\",\"thinking\":\"Look first.\"},"
    "{\"type\":\"text\",\"text\":\"Reading it.\"},"
    "{\"type\":\"toolCall\",\"id\":\"c1\",\"name\":\"read\",\"arguments\":{\"path\":\"src/main.c\",\"limit\":20}}]}}",
  "{\"type\":\"message\",\"id\":\"t1\",\"parentId\":\"a1\",\"message\":{\"role\":\"toolResult\",\"toolCallId\":\"c1\","
    "\"toolName\":\"read\",\"content\":[{\"type\":\"text\",\"text\":\"int main\"},{\"type\":\"text\",\"text\":\"{}\"}]}}",
  "{\"type\":\"message\",\"id\":\"b1\",\"parentId\":\"t1\",\"message\":{\"role\":\"bashExecution\",\"command\":\"make\","
    "\"output\":\"error: x\",\"exitCode\":2,\"cancelled\":false,\"truncated\":false}}",
  "{\"type\":\"message\",\"id\":\"b2\",\"parentId\":\"b1\",\"message\":{\"role\":\"bashExecution\",\"command\":\"secret\","
    "\"output\":\"\",\"exitCode\":0,\"excludeFromContext\":true}}",
  "{\"type\":\"custom_message\",\"id\":\"m1\",\"parentId\":\"b2\",\"customType\":\"ci\",\"content\":\"CI is red\",\"display\":true}",
  "{\"type\":\"model_change\",\"id\":\"mc\",\"parentId\":\"m1\",\"provider\":\"x\",\"modelId\":\"y\"}",
  "{\"type\":\"branch_summary\",\"id\":\"s1\",\"parentId\":\"mc\",\"fromId\":\"mc\",\"summary\":\"Tried Y.\"}",
  "{\"type\":\"message\",\"id\":\"a2\",\"parentId\":\"s1\",\"message\":{\"role\":\"assistant\",\"content\":[],\"stopReason\":\"aborted\"}}",
  "{\"type\":\"message\",\"id\":\"a3\",\"parentId\":\"a2\",\"message\":{\"role\":\"assistant\",\"content\":[],"
    "\"stopReason\":\"error\",\"errorMessage\":\"overloaded\"}}",
  NULL
};

static const char expected_transcript[] =
  "User: Fix the bug in main.c\n"
  "\n"
  "Assistant (thinking): Look first.\n"
  "Assistant: Reading it.\n"
  "Assistant calls tool: read {\"path\":\"src/main.c\",\"limit\":20}\n"
  "\n"
  "Tool result (read): int main\n{}\n"
  "\n"
  "User ran the shell command: make\nOutput: error: x\n(Exit code 2.)\n"
  "\n"
  "Extension message (ci): CI is red\n"
  "\n"
  "Summary of a branch explored earlier: Tried Y.\n"
  "\n"
  "(The user interrupted the assistant.)\n"
  "\n"
  "Assistant stopped with an error: overloaded";

static void
test_transcript (void)
{
  g_autoptr(GPtrArray) entries = parse_entries (conversation);
  g_autofree char *transcript = NULL;
  guint omitted = 99;

  transcript = ramo_summarizer_build_transcript (entries, 0, &omitted);
  g_assert_cmpstr (transcript, ==, expected_transcript);
  g_assert_cmpuint (omitted, ==, 0);
}

/* pi 1.6.0's prepareBranchEntries(): the latest context edit of a target wins; null hides the
 * entry; a string replacement becomes a text block for an assistant message */
static void
test_transcript_context_edits (void)
{
  const char *lines[] = {
    "{\"type\":\"message\",\"id\":\"u1\",\"message\":{\"role\":\"user\",\"content\":\"my password is hunter2\"}}",
    "{\"type\":\"message\",\"id\":\"a1\",\"message\":{\"role\":\"assistant\",\"content\":[{\"type\":\"text\",\"text\":\"A long answer\"}]}}",
    "{\"type\":\"custom_message\",\"id\":\"c1\",\"customType\":\"ci\",\"content\":\"CI is red\"}",
    "{\"type\":\"context_edit\",\"id\":\"e1\",\"targetId\":\"a1\",\"replacement\":{\"content\":\"first edit\"}}",
    "{\"type\":\"context_edit\",\"id\":\"e2\",\"targetId\":\"u1\",\"replacement\":null}",
    "{\"type\":\"context_edit\",\"id\":\"e3\",\"targetId\":\"a1\",\"replacement\":{\"content\":\"Short answer\"}}",
    "{\"type\":\"context_edit\",\"id\":\"e4\",\"targetId\":\"c1\",\"replacement\":{\"content\":[{\"type\":\"text\",\"text\":\"CI is green\"}]}}",
    NULL
  };
  g_autoptr(GPtrArray) entries = parse_entries (lines);
  g_autofree char *transcript = ramo_summarizer_build_transcript (entries, 0, NULL);

  g_assert_cmpstr (transcript, ==, "Assistant: Short answer\n\nExtension message (ci): CI is green");
}

static void
test_transcript_tool_result_shortened (void)
{
  g_autofree char *long_text = g_strnfill (1600, 'x');
  g_autofree char *line = g_strdup_printf ("{\"type\":\"message\",\"id\":\"t\",\"message\":{\"role\":\"toolResult\","
                                           "\"toolName\":\"bash\",\"isError\":true,\"content\":\"%s\"}}", long_text);
  const char *lines[] = { line, NULL };
  g_autoptr(GPtrArray) entries = parse_entries (lines);
  g_autofree char *transcript = ramo_summarizer_build_transcript (entries, 0, NULL);
  g_autofree char *head = g_strnfill (1500, 'x');
  g_autofree char *expected = g_strdup_printf ("Tool error (bash): %s\n[… 100 more characters left out]", head);

  g_assert_cmpstr (transcript, ==, expected);
}

static void
test_transcript_budget (void)
{
  /* three blocks of exactly 100 characters = 25 tokens each; a separator costs 1 token */
  g_autofree char *a = g_strnfill (94, 'a');
  g_autofree char *b = g_strnfill (94, 'b');
  g_autofree char *c = g_strnfill (94, 'c');
  g_autofree char *la = g_strdup_printf ("{\"type\":\"message\",\"message\":{\"role\":\"user\",\"content\":\"%s\"}}", a);
  g_autofree char *lb = g_strdup_printf ("{\"type\":\"message\",\"message\":{\"role\":\"user\",\"content\":\"%s\"}}", b);
  g_autofree char *lc = g_strdup_printf ("{\"type\":\"message\",\"message\":{\"role\":\"user\",\"content\":\"%s\"}}", c);
  const char *lines[] = { la, lb, lc, NULL };
  g_autoptr(GPtrArray) entries = parse_entries (lines);
  g_autofree char *all = g_strdup_printf ("User: %s\n\nUser: %s\n\nUser: %s", a, b, c);
  g_autofree char *two = g_strdup_printf ("(1 older message is left out to keep this short.)\n\nUser: %s\n\nUser: %s", b, c);
  g_autofree char *one = g_strdup_printf ("(2 older messages are left out to keep this short.)\n\nUser: %s", c);
  g_autofree char *tail = g_strdup_printf ("(2 older messages are left out to keep this short.)\n\n[…] %s",
                                           c + 94 - 40);
  g_autofree char *t = NULL;
  guint omitted;

  t = ramo_summarizer_build_transcript (entries, 77, &omitted);
  g_assert_cmpstr (t, ==, all);
  g_assert_cmpuint (omitted, ==, 0);
  g_clear_pointer (&t, g_free);

  t = ramo_summarizer_build_transcript (entries, 76, &omitted);
  g_assert_cmpstr (t, ==, two);
  g_assert_cmpuint (omitted, ==, 1);
  g_clear_pointer (&t, g_free);

  t = ramo_summarizer_build_transcript (entries, 51, &omitted);
  g_assert_cmpstr (t, ==, two);
  g_clear_pointer (&t, g_free);

  t = ramo_summarizer_build_transcript (entries, 50, &omitted);
  g_assert_cmpstr (t, ==, one);
  g_assert_cmpuint (omitted, ==, 2);
  g_clear_pointer (&t, g_free);

  /* 10 tokens: only the last 40 characters of the newest block */
  t = ramo_summarizer_build_transcript (entries, 10, &omitted);
  g_assert_cmpstr (t, ==, tail);
  g_assert_cmpuint (omitted, ==, 2);
}

static void
test_file_details (void)
{
  const char *lines[] = {
    "{\"type\":\"message\",\"message\":{\"role\":\"assistant\",\"content\":["
      "{\"type\":\"toolCall\",\"name\":\"read\",\"arguments\":{\"path\":\"/b/zeta.c\"}},"
      "{\"type\":\"toolCall\",\"name\":\"read\",\"arguments\":{\"path\":\"/a/alpha.c\"}},"
      "{\"type\":\"toolCall\",\"name\":\"read\",\"arguments\":{\"path\":\"/a/alpha.c\"}},"
      "{\"type\":\"toolCall\",\"name\":\"read\",\"arguments\":{\"path\":\"/c/both.c\"}},"
      "{\"type\":\"toolCall\",\"name\":\"ls\",\"arguments\":{\"path\":\"/not/counted\"}},"
      "{\"type\":\"toolCall\",\"name\":\"Write\",\"arguments\":{\"file_path\":\"/c/new.c\"}}]}}",
    "{\"type\":\"message\",\"message\":{\"role\":\"user\",\"content\":[{\"type\":\"toolCall\",\"name\":\"read\","
      "\"arguments\":{\"path\":\"/user/not/counted\"}}]}}",
    "{\"type\":\"message\",\"message\":{\"role\":\"assistant\",\"content\":["
      "{\"type\":\"toolCall\",\"name\":\"edit\",\"arguments\":{\"path\":\"/c/both.c\",\"oldText\":\"a\"}},"
      "{\"type\":\"toolCall\",\"name\":\"edit\",\"arguments\":{\"path\":\"Zed.c\"}}]}}",
    "{\"type\":\"branch_summary\",\"summary\":\"s\",\"details\":{\"readFiles\":[\"/from/summary.c\"],"
      "\"modifiedFiles\":[\"/from/summary-mod.c\"]}}",
    "{\"type\":\"branch_summary\",\"summary\":\"s\",\"fromHook\":true,\"details\":{\"readFiles\":[\"/hook/ignored.c\"]}}",
    NULL
  };
  g_autoptr(GPtrArray) entries = parse_entries (lines);
  g_autoptr(JsonNode) previous = parse ("{\"readFiles\":[\"/prev/read.c\"],\"modifiedFiles\":[\"/a/alpha.c\"]}");
  g_autoptr(JsonNode) details = ramo_summarizer_collect_file_details (entries, previous);
  g_autofree char *json = to_json (details);
  g_autofree char *with_lists = NULL;

  /* "/a/alpha.c" was read, but the previous summary modified it: modified only. '/' (0x2F) sorts
   * before 'Z' (0x5A), so "Zed.c" comes last, as in JavaScript. */
  g_assert_cmpstr (json, ==,
                   "{\"readFiles\":[\"/b/zeta.c\",\"/from/summary.c\",\"/prev/read.c\"],"
                   "\"modifiedFiles\":[\"/a/alpha.c\",\"/c/both.c\",\"/c/new.c\",\"/from/summary-mod.c\",\"Zed.c\"]}");

  with_lists = ramo_summarizer_append_file_lists ("Summary.", details);
  g_assert_cmpstr (with_lists, ==,
                   "Summary.\n\n<read-files>\n/b/zeta.c\n/from/summary.c\n/prev/read.c\n</read-files>"
                   "\n\n<modified-files>\n/a/alpha.c\n/c/both.c\n/c/new.c\n/from/summary-mod.c\nZed.c\n</modified-files>");
}

static void
test_file_details_empty (void)
{
  g_autoptr(GPtrArray) entries = g_ptr_array_new ();
  g_autoptr(JsonNode) details = ramo_summarizer_collect_file_details (entries, NULL);
  g_autofree char *json = to_json (details);
  g_autofree char *text = ramo_summarizer_append_file_lists ("S", details);

  g_assert_cmpstr (json, ==, "{\"readFiles\":[],\"modifiedFiles\":[]}");
  g_assert_cmpstr (text, ==, "S");
}

static void
test_sort_utf16 (void)
{
  /* U+FF5E (one UTF-16 unit 0xFF5E) sorts after U+1F600 (surrogates 0xD83D…) in JavaScript,
   * although its code point is smaller */
  const char *lines[] = {
    "{\"type\":\"message\",\"message\":{\"role\":\"assistant\",\"content\":["
      "{\"type\":\"toolCall\",\"name\":\"read\",\"arguments\":{\"path\":\"\xef\xbd\x9e\"}},"
      "{\"type\":\"toolCall\",\"name\":\"read\",\"arguments\":{\"path\":\"\xf0\x9f\x98\x80\"}},"
      "{\"type\":\"toolCall\",\"name\":\"read\",\"arguments\":{\"path\":\"a\"}}]}}",
    NULL
  };
  g_autoptr(GPtrArray) entries = parse_entries (lines);
  g_autoptr(JsonNode) details = ramo_summarizer_collect_file_details (entries, NULL);
  g_autofree char *json = to_json (details);

  g_assert_cmpstr (json, ==, "{\"readFiles\":[\"a\",\"\xf0\x9f\x98\x80\",\"\xef\xbd\x9e\"],\"modifiedFiles\":[]}");
}

static void
test_prompt (void)
{
  g_autofree char *p = NULL;

  p = ramo_summarizer_build_prompt (RAMO_SUMMARY_KIND_BRANCH, "T", NULL, NULL, FALSE);
  g_assert_true (g_str_has_prefix (p, "<transcript>\nT\n</transcript>\n\nThe transcript above is a branch"));
  g_assert_null (strstr (p, "The user adds"));
  g_assert_null (strstr (p, "<previous-summary>"));
  g_clear_pointer (&p, g_free);

  p = ramo_summarizer_build_prompt (RAMO_SUMMARY_KIND_BRANCH, "T", NULL, "Focus on tests", FALSE);
  g_assert_true (g_str_has_prefix (p, "<transcript>\nT\n</transcript>\n\nThe transcript above is a branch"));
  g_assert_true (g_str_has_suffix (p, "\n\nThe user adds: Focus on tests"));
  g_clear_pointer (&p, g_free);

  p = ramo_summarizer_build_prompt (RAMO_SUMMARY_KIND_BRANCH, "T", NULL, "Only list files.", TRUE);
  g_assert_cmpstr (p, ==, "<transcript>\nT\n</transcript>\n\nOnly list files.");
  g_clear_pointer (&p, g_free);

  /* replacing with nothing keeps the default */
  p = ramo_summarizer_build_prompt (RAMO_SUMMARY_KIND_BRANCH, "T", NULL, "", TRUE);
  g_assert_true (g_str_has_prefix (p, "<transcript>\nT\n</transcript>\n\nThe transcript above is a branch"));
  g_clear_pointer (&p, g_free);

  p = ramo_summarizer_build_prompt (RAMO_SUMMARY_KIND_COMPACTION, "T", "Old summary.", NULL, FALSE);
  g_assert_true (g_str_has_prefix (p, "<transcript>\nT\n</transcript>\n\n<previous-summary>\nOld summary.\n"
                                      "</previous-summary>\n\nThe transcript above is the older part"));
  g_assert_nonnull (strstr (p, "Merge both into one updated summary"));
}

static void
test_estimate_tokens (void)
{
  struct { const char *json; gint64 tokens; } cases[] = {
    { "{\"role\":\"user\",\"content\":\"abcde\"}", 2 },
    { "{\"role\":\"user\",\"content\":[{\"type\":\"text\",\"text\":\"abcd\"},{\"type\":\"image\",\"data\":\"x\"}]}", 1 },
    { "{\"role\":\"toolResult\",\"content\":[{\"type\":\"image\",\"data\":\"x\"}]}", 1200 },
    /* "😀" is 2 UTF-16 units: 2 + 3 = 5 → 2 tokens */
    { "{\"role\":\"user\",\"content\":\"\xf0\x9f\x98\x80" "abc\"}", 2 },
    /* text 2 + thinking 3 + "read" 4 + {"path":"a"} 12 = 21 → 6 */
    { "{\"role\":\"assistant\",\"content\":[{\"type\":\"text\",\"text\":\"hi\"},{\"type\":\"thinking\",\"thinking\":\"hmm\"},"
      "{\"type\":\"toolCall\",\"name\":\"read\",\"arguments\":{\"path\":\"a\"}}]}", 6 },
    { "{\"role\":\"bashExecution\",\"command\":\"ls\",\"output\":\"abcdefg\"}", 3 },
    { "{\"role\":\"branchSummary\",\"summary\":\"12345678\"}", 2 },
    { "{\"role\":\"compactionSummary\",\"summary\":\"123456789\"}", 3 },
    { "{\"role\":\"custom\",\"content\":\"abc\"}", 1 },
    { "{\"role\":\"whatever\",\"content\":\"abc\"}", 0 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(JsonNode) node = parse (cases[i].json);

      g_assert_cmpint (ramo_summarizer_estimate_tokens (node), ==, cases[i].tokens);
    }
}

static void
test_redact (void)
{
  g_autofree char *a = ramo_summarizer_redact ("Incorrect API key provided: " KEY ".", KEY);
  g_autofree char *b = ramo_summarizer_redact ("key sk-test-0123456789ab… is wrong", KEY);
  g_autofree char *c = ramo_summarizer_redact ("nothing secret here", KEY);
  g_autofree char *d = ramo_summarizer_redact ("short abc key abc", "abc");
  g_autofree char *e = ramo_summarizer_redact ("no key", NULL);

  g_assert_cmpstr (a, ==, "Incorrect API key provided: [redacted].");
  g_assert_cmpstr (b, ==, "key [redacted]… is wrong");
  g_assert_cmpstr (c, ==, "nothing secret here");
  g_assert_cmpstr (d, ==, "short [redacted] key [redacted]");
  g_assert_cmpstr (e, ==, "no key");
}

/* ------------------------------------------------------------------------------------------ */
/* Configuration                                                                               */

static char *
pi_dir_with (const char *settings,
             const char *auth,
             const char *models)
{
  g_autofree char *dir = ramo_test_tmpdir ();

  if (settings)
    {
      g_autofree char *path = g_build_filename (dir, "settings.json", NULL);
      g_assert_true (g_file_set_contents (path, settings, -1, NULL));
    }
  if (auth)
    {
      g_autofree char *path = g_build_filename (dir, "auth.json", NULL);
      g_assert_true (g_file_set_contents (path, auth, -1, NULL));
    }
  if (models)
    {
      g_autofree char *path = g_build_filename (dir, "models.json", NULL);
      g_assert_true (g_file_set_contents (path, models, -1, NULL));
    }
  return g_steal_pointer (&dir);
}

static void
test_config_resolution (void)
{
  g_autofree char *saved_dir = g_strdup (g_getenv ("PI_CODING_AGENT_DIR"));
  g_autofree char *pi = pi_dir_with ("{\"defaultProvider\":\"anthropic\",\"defaultModel\":\"claude-test\"}",
                                     "{\"anthropic\":{\"type\":\"api_key\",\"key\":\"sk-ant-from-auth\"},"
                                     "\"openai\":{\"type\":\"api_key\",\"key\":\"!echo from-command\"}}",
                                     NULL);
  g_autoptr(RamoSummarizerConfig) explicit_config = ramo_summarizer_config_new ();
  g_autoptr(RamoSummarizerConfig) c = NULL;

  g_setenv ("PI_CODING_AGENT_DIR", pi, TRUE);

  /* pi's files alone: provider, model and key */
  c = ramo_summarizer_config_resolve (NULL, NULL);
  g_assert_cmpstr (ramo_summarizer_config_get_provider (c), ==, "anthropic");
  g_assert_cmpstr (ramo_summarizer_config_get_model (c), ==, "claude-test");
  g_assert_cmpstr (ramo_summarizer_config_get_api_key (c), ==, "sk-ant-from-auth");
  g_assert_cmpint (ramo_summarizer_config_get_api (c), ==, RAMO_SUMMARIZER_API_ANTHROPIC_MESSAGES);
  g_assert_null (ramo_summarizer_config_get_base_url (c));
  g_assert_cmpuint (ramo_summarizer_config_get_token_budget (c), ==, RAMO_SUMMARIZER_DEFAULT_TOKEN_BUDGET);
  g_assert_cmpfloat (ramo_summarizer_config_get_timeout (c), ==, RAMO_SUMMARIZER_DEFAULT_TIMEOUT);
  g_clear_object (&c);

  /* the environment beats pi's files */
  g_setenv ("ANTHROPIC_API_KEY", "sk-ant-from-env", TRUE);
  g_setenv ("ANTHROPIC_BASE_URL", "http://127.0.0.1:9/anthropic", TRUE);
  c = ramo_summarizer_config_resolve (NULL, NULL);
  g_assert_cmpstr (ramo_summarizer_config_get_api_key (c), ==, "sk-ant-from-env");
  g_assert_cmpstr (ramo_summarizer_config_get_base_url (c), ==, "http://127.0.0.1:9/anthropic");
  g_clear_object (&c);

  /* explicit values beat both; pi's model belongs to another provider and is not taken; the
   * openai key in auth.json is a shell command and is never used; the anthropic key is not
   * sent to openai */
  ramo_summarizer_config_set_provider (explicit_config, "openai");
  ramo_summarizer_config_set_timeout (explicit_config, 2.5);
  c = ramo_summarizer_config_resolve (explicit_config, NULL);
  g_assert_cmpstr (ramo_summarizer_config_get_provider (c), ==, "openai");
  g_assert_null (ramo_summarizer_config_get_model (c));
  g_assert_false (ramo_summarizer_config_has_model (c));
  g_assert_null (ramo_summarizer_config_get_api_key (c));
  g_assert_cmpint (ramo_summarizer_config_get_api (c), ==, RAMO_SUMMARIZER_API_OPENAI_CHAT);
  g_assert_cmpfloat (ramo_summarizer_config_get_timeout (c), ==, 2.5);
  g_clear_object (&c);

  g_setenv ("OPENAI_API_KEY", "sk-openai-env", TRUE);
  ramo_summarizer_config_set_model (explicit_config, "gpt-test");
  c = ramo_summarizer_config_resolve (explicit_config, NULL);
  g_assert_cmpstr (ramo_summarizer_config_get_api_key (c), ==, "sk-openai-env");
  g_assert_cmpstr (ramo_summarizer_config_get_model (c), ==, "gpt-test");
  g_clear_object (&c);

  g_unsetenv ("OPENAI_API_KEY");
  g_unsetenv ("ANTHROPIC_API_KEY");
  g_unsetenv ("ANTHROPIC_BASE_URL");
  g_setenv ("PI_CODING_AGENT_DIR", saved_dir, TRUE);
}

static void
test_config_settings_layer (void)
{
  g_autoptr(RamoSummarizerConfig) explicit_config = ramo_summarizer_config_new ();
  g_autoptr(RamoSummarizerConfig) settings = ramo_summarizer_config_new ();
  g_autoptr(RamoSummarizerConfig) c = NULL;

  ramo_summarizer_config_set_model (explicit_config, "explicit-model");
  ramo_summarizer_config_set_provider (settings, "anthropic");
  ramo_summarizer_config_set_model (settings, "settings-model");
  ramo_summarizer_config_set_api_key (settings, "sk-from-keyring");
  ramo_summarizer_config_set_token_budget (settings, 1234);
  g_setenv ("ANTHROPIC_API_KEY", "sk-ant-env", TRUE);

  c = ramo_summarizer_config_resolve (explicit_config, settings);
  g_assert_cmpstr (ramo_summarizer_config_get_provider (c), ==, "anthropic");
  g_assert_cmpstr (ramo_summarizer_config_get_model (c), ==, "explicit-model");
  g_assert_cmpstr (ramo_summarizer_config_get_api_key (c), ==, "sk-from-keyring");
  g_assert_cmpuint (ramo_summarizer_config_get_token_budget (c), ==, 1234);
  g_clear_object (&c);

  /* a stored key for another provider is not used */
  ramo_summarizer_config_set_provider (explicit_config, "openai");
  c = ramo_summarizer_config_resolve (explicit_config, settings);
  g_assert_cmpstr (ramo_summarizer_config_get_provider (c), ==, "openai");
  g_assert_null (ramo_summarizer_config_get_api_key (c));
  g_assert_cmpuint (ramo_summarizer_config_get_token_budget (c), ==, 1234);

  g_unsetenv ("ANTHROPIC_API_KEY");
}

static void
test_config_environment_and_models (void)
{
  g_autofree char *saved_dir = g_strdup (g_getenv ("PI_CODING_AGENT_DIR"));
  g_autofree char *pi = pi_dir_with ("{\"defaultProvider\":\"local\",\"defaultModel\":\"qwen\"}", NULL,
                                     "{\"providers\":{\"local\":{\"baseUrl\":\"http://127.0.0.1:9/v1\","
                                     "\"api\":\"openai-completions\",\"apiKey\":\"LOCAL_KEY_VAR\"}}}");
  g_autoptr(RamoSummarizerConfig) c = NULL;
  g_autofree char *described = NULL;

  g_setenv ("PI_CODING_AGENT_DIR", pi, TRUE);
  g_setenv ("LOCAL_KEY_VAR", "sk-local-from-var", TRUE);

  /* a custom provider of models.json, its key named by an environment variable */
  c = ramo_summarizer_config_resolve (NULL, NULL);
  g_assert_cmpstr (ramo_summarizer_config_get_provider (c), ==, "local");
  g_assert_cmpstr (ramo_summarizer_config_get_model (c), ==, "qwen");
  g_assert_cmpstr (ramo_summarizer_config_get_base_url (c), ==, "http://127.0.0.1:9/v1");
  g_assert_cmpstr (ramo_summarizer_config_get_api_key (c), ==, "sk-local-from-var");
  g_assert_cmpint (ramo_summarizer_config_get_api (c), ==, RAMO_SUMMARIZER_API_OPENAI_CHAT);
  described = ramo_summarizer_config_describe (c);
  g_assert_cmpstr (described, ==, "local qwen via http://127.0.0.1:9/v1 (with a key)");
  g_assert_null (strstr (described, "sk-local"));
  g_clear_object (&c);

  /* OPENAI_BASE_URL chooses openai over pi's default provider */
  g_setenv ("OPENAI_BASE_URL", "http://127.0.0.1:9/compat", TRUE);
  c = ramo_summarizer_config_resolve (NULL, NULL);
  g_assert_cmpstr (ramo_summarizer_config_get_provider (c), ==, "openai");
  g_assert_cmpstr (ramo_summarizer_config_get_base_url (c), ==, "http://127.0.0.1:9/compat");
  g_assert_null (ramo_summarizer_config_get_model (c));
  g_clear_object (&c);
  g_unsetenv ("OPENAI_BASE_URL");

  /* no pi files at all: a lone key chooses the provider, but there is no model */
  g_setenv ("PI_CODING_AGENT_DIR", saved_dir, TRUE);
  g_setenv ("ANTHROPIC_API_KEY", "sk-ant", TRUE);
  c = ramo_summarizer_config_resolve (NULL, NULL);
  g_assert_cmpstr (ramo_summarizer_config_get_provider (c), ==, "anthropic");
  g_assert_false (ramo_summarizer_config_has_model (c));
  g_clear_object (&c);
  g_unsetenv ("ANTHROPIC_API_KEY");
  g_unsetenv ("LOCAL_KEY_VAR");
}

/* ------------------------------------------------------------------------------------------ */
/* HTTP                                                                                        */

typedef struct
{
  gboolean  done;
  char     *summary;
  JsonNode *details;
  GError   *error;
} Outcome;

static void
outcome_clear (Outcome *o)
{
  g_clear_pointer (&o->summary, g_free);
  g_clear_pointer (&o->details, json_node_unref);
  g_clear_error (&o->error);
  o->done = FALSE;
}

static void
summarize_cb (GObject      *object,
              GAsyncResult *result,
              gpointer      user_data)
{
  Outcome *o = user_data;

  o->summary = ramo_summarizer_summarize_finish (RAMO_SUMMARIZER (object), result, &o->details, &o->error);
  o->done = TRUE;
}

static RamoSummarizerConfig *
server_config (LlmServer  *ls,
               const char *provider)
{
  RamoSummarizerConfig *config = ramo_summarizer_config_new ();
  g_autofree char *base = strcmp (provider, "openai") == 0
                          ? g_strconcat (ls->base_url, "/v1", NULL) : g_strdup (ls->base_url);

  ramo_summarizer_config_set_provider (config, provider);
  ramo_summarizer_config_set_base_url (config, base);
  ramo_summarizer_config_set_model (config, "test-model");
  ramo_summarizer_config_set_api_key (config, KEY);
  ramo_summarizer_config_set_max_output_tokens (config, 777);
  ramo_summarizer_config_set_timeout (config, 10);
  return config;
}

static void
run_summary (RamoSummarizerConfig *config,
             GPtrArray            *entries,
             GCancellable         *cancellable,
             Outcome              *o)
{
  g_autoptr(RamoSummarizer) summarizer = ramo_summarizer_new (NULL);

  outcome_clear (o);
  ramo_summarizer_summarize_async (summarizer, config, RAMO_SUMMARY_KIND_BRANCH, entries, NULL, NULL,
                                   "Mind the tests", FALSE, cancellable, summarize_cb, o);
  llm_wait_for (&o->done, 20);
}

static void
test_http_openai (void)
{
  LlmServer *ls = llm_server_new ();
  g_autoptr(RamoSummarizerConfig) config = server_config (ls, "openai");
  g_autoptr(GPtrArray) entries = parse_entries (conversation);
  g_autoptr(JsonNode) body = NULL;
  g_autofree char *transcript = ramo_summarizer_build_transcript (entries, 0, NULL);
  g_autofree char *prompt = ramo_summarizer_build_prompt (RAMO_SUMMARY_KIND_BRANCH, transcript, NULL,
                                                          "Mind the tests", FALSE);
  g_autofree char *details = NULL;
  JsonObject *object;
  JsonArray *messages;
  Outcome o = { 0 };

  g_free (ls->reply_text);
  ls->reply_text = g_strdup ("  ## Goal\nFix main.c  \n");
  run_summary (config, entries, NULL, &o);
  g_assert_no_error (o.error);
  g_assert_cmpstr (o.summary, ==, "## Goal\nFix main.c\n\n<read-files>\nsrc/main.c\n</read-files>");
  details = to_json (o.details);
  g_assert_cmpstr (details, ==, "{\"readFiles\":[\"src/main.c\"],\"modifiedFiles\":[]}");

  g_assert_cmpuint (ls->n_requests, ==, 1);
  g_assert_cmpstr (ls->last_path, ==, "/v1/chat/completions");
  g_assert_cmpstr (ls->last_authorization, ==, "Bearer " KEY);
  g_assert_null (ls->last_api_key);

  body = parse (ls->last_body);
  object = json_node_get_object (body);
  g_assert_cmpstr (json_object_get_string_member (object, "model"), ==, "test-model");
  g_assert_cmpint (json_object_get_int_member (object, "max_tokens"), ==, 777);
  g_assert_false (json_object_has_member (object, "max_completion_tokens"));
  g_assert_false (json_object_get_boolean_member (object, "stream"));
  messages = json_object_get_array_member (object, "messages");
  g_assert_cmpuint (json_array_get_length (messages), ==, 2);
  g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (messages, 0), "role"), ==, "system");
  g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (messages, 0), "content"), ==,
                   ramo_summarizer_get_system_prompt ());
  g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (messages, 1), "role"), ==, "user");
  g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (messages, 1), "content"), ==, prompt);
  g_assert_nonnull (strstr (prompt, "User: Fix the bug in main.c"));
  g_assert_nonnull (strstr (prompt, "The user adds: Mind the tests"));

  outcome_clear (&o);
  llm_server_free (ls);
}

static void
test_http_anthropic (void)
{
  LlmServer *ls = llm_server_new ();
  g_autoptr(RamoSummarizerConfig) config = server_config (ls, "anthropic");
  g_autoptr(GPtrArray) entries = parse_entries (conversation);
  g_autoptr(JsonNode) body = NULL;
  JsonObject *object;
  JsonArray *messages;
  Outcome o = { 0 };

  g_free (ls->reply_text);
  ls->reply_text = g_strdup ("First block\nSecond block");
  run_summary (config, entries, NULL, &o);
  g_assert_no_error (o.error);
  g_assert_cmpstr (o.summary, ==, "First block\nSecond block\n\n<read-files>\nsrc/main.c\n</read-files>");

  g_assert_cmpstr (ls->last_path, ==, "/v1/messages");
  g_assert_cmpstr (ls->last_api_key, ==, KEY);
  g_assert_cmpstr (ls->last_version, ==, "2023-06-01");
  g_assert_null (ls->last_authorization);

  body = parse (ls->last_body);
  object = json_node_get_object (body);
  g_assert_cmpstr (json_object_get_string_member (object, "model"), ==, "test-model");
  g_assert_cmpint (json_object_get_int_member (object, "max_tokens"), ==, 777);
  g_assert_cmpstr (json_object_get_string_member (object, "system"), ==, ramo_summarizer_get_system_prompt ());
  messages = json_object_get_array_member (object, "messages");
  g_assert_cmpuint (json_array_get_length (messages), ==, 1);
  g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (messages, 0), "role"), ==, "user");

  /* a base URL given with /v1 (and a trailing slash) reaches the same endpoint */
  {
    g_autofree char *base = g_strconcat (ls->base_url, "/v1/", NULL);

    ramo_summarizer_config_set_base_url (config, base);
    run_summary (config, entries, NULL, &o);
    g_assert_no_error (o.error);
    g_assert_cmpstr (ls->last_path, ==, "/v1/messages");
    g_assert_cmpuint (ls->n_requests, ==, 2);
  }

  outcome_clear (&o);
  llm_server_free (ls);
}

static void
check_failure (const char *provider,
               LlmMode     mode,
               guint       status,
               const char *server_message,
               int         code,
               const char *expected_message)
{
  LlmServer *ls = llm_server_new ();
  g_autoptr(RamoSummarizerConfig) config = server_config (ls, provider);
  g_autoptr(GPtrArray) entries = parse_entries (conversation);
  Outcome o = { 0 };

  if (mode == LLM_FAIL)
    llm_server_fail (ls, status, server_message);
  else
    ls->mode = mode;
  run_summary (config, entries, NULL, &o);
  g_assert_null (o.summary);
  g_assert_null (o.details);
  g_assert_error (o.error, RAMO_SUMMARIZER_ERROR, code);
  g_assert_cmpstr (o.error->message, ==, expected_message);
  g_assert_null (strstr (o.error->message, KEY));
  g_assert_null (strstr (o.error->message, "SECRET"));
  outcome_clear (&o);
  llm_server_free (ls);
}

static void
test_http_failures (void)
{
  check_failure ("openai", LLM_FAIL, 401, "Incorrect API key provided: " KEY,
                 RAMO_SUMMARIZER_ERROR_UNAUTHORIZED,
                 "The summary request to 127.0.0.1 failed: HTTP 401: "
                 "Incorrect API key provided: [redacted]");
  check_failure ("anthropic", LLM_FAIL, 429, "Number of request tokens has exceeded your rate limit",
                 RAMO_SUMMARIZER_ERROR_RATE_LIMITED,
                 "The summary request to 127.0.0.1 failed: HTTP 429: "
                 "Number of request tokens has exceeded your rate limit");
  check_failure ("openai", LLM_FAIL, 500, "The server had an error while processing your request",
                 RAMO_SUMMARIZER_ERROR_SERVER,
                 "The summary request to 127.0.0.1 failed: HTTP 500: "
                 "The server had an error while processing your request");
  check_failure ("anthropic", LLM_FAIL, 529, "Overloaded",
                 RAMO_SUMMARIZER_ERROR_SERVER,
                 "The summary request to 127.0.0.1 failed: HTTP 529: Overloaded");
  check_failure ("openai", LLM_FAIL, 400, "max_tokens is too large",
                 RAMO_SUMMARIZER_ERROR_HTTP,
                 "The summary request to 127.0.0.1 failed: HTTP 400: max_tokens is too large");
  check_failure ("openai", LLM_GARBAGE, 0, NULL, RAMO_SUMMARIZER_ERROR_BAD_RESPONSE,
                 "The summary request to 127.0.0.1 got an answer that is not a JSON object");
  check_failure ("anthropic", LLM_WRONG_SHAPE, 0, NULL, RAMO_SUMMARIZER_ERROR_BAD_RESPONSE,
                 "The summary request to 127.0.0.1 got an answer without the expected fields");
  check_failure ("openai", LLM_WRONG_SHAPE, 0, NULL, RAMO_SUMMARIZER_ERROR_BAD_RESPONSE,
                 "The summary request to 127.0.0.1 got an answer without the expected fields");
  check_failure ("openai", LLM_EMPTY_BODY, 0, NULL, RAMO_SUMMARIZER_ERROR_EMPTY_RESPONSE,
                 "The summary request to 127.0.0.1 got an empty answer");
  check_failure ("openai", LLM_EMPTY_TEXT, 0, NULL, RAMO_SUMMARIZER_ERROR_EMPTY_RESPONSE,
                 "The model at 127.0.0.1 returned no summary text");
  check_failure ("anthropic", LLM_EMPTY_TEXT, 0, NULL, RAMO_SUMMARIZER_ERROR_EMPTY_RESPONSE,
                 "The model at 127.0.0.1 returned no summary text");
}

static void
test_http_no_model (void)
{
  LlmServer *ls = llm_server_new ();
  g_autoptr(RamoSummarizerConfig) config = server_config (ls, "openai");
  g_autoptr(GPtrArray) entries = parse_entries (conversation);
  Outcome o = { 0 };

  ramo_summarizer_config_set_model (config, NULL);
  run_summary (config, entries, NULL, &o);
  g_assert_error (o.error, RAMO_SUMMARIZER_ERROR, RAMO_SUMMARIZER_ERROR_NO_MODEL);
  g_assert_cmpuint (ls->n_requests, ==, 0);
  outcome_clear (&o);
  llm_server_free (ls);
}

static void
test_http_timeout (void)
{
  LlmServer *ls = llm_server_new ();
  g_autoptr(RamoSummarizerConfig) config = server_config (ls, "openai");
  g_autoptr(GPtrArray) entries = parse_entries (conversation);
  Outcome o = { 0 };
  gint64 start;

  ls->delay_ms = 5000;
  ramo_summarizer_config_set_timeout (config, 0.3);
  start = g_get_monotonic_time ();
  run_summary (config, entries, NULL, &o);
  g_assert_error (o.error, RAMO_SUMMARIZER_ERROR, RAMO_SUMMARIZER_ERROR_TIMEOUT);
  g_assert_cmpstr (o.error->message, ==, "The summary request to 127.0.0.1 timed out after 0.3 s");
  g_assert_cmpint (g_get_monotonic_time () - start, <, 3 * G_USEC_PER_SEC);
  g_assert_cmpuint (ls->n_requests, ==, 1);
  outcome_clear (&o);
  llm_server_free (ls);
}

static gboolean
cancel_when_requested_cb (gpointer data)
{
  GCancellable *cancellable = data;

  g_cancellable_cancel (cancellable);
  return G_SOURCE_REMOVE;
}

static void
test_http_cancel (void)
{
  LlmServer *ls = llm_server_new ();
  g_autoptr(RamoSummarizerConfig) config = server_config (ls, "anthropic");
  g_autoptr(GPtrArray) entries = parse_entries (conversation);
  g_autoptr(RamoSummarizer) summarizer = ramo_summarizer_new (NULL);
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  Outcome o = { 0 };
  gint64 start = g_get_monotonic_time ();

  ls->delay_ms = 5000;
  ramo_summarizer_summarize_async (summarizer, config, RAMO_SUMMARY_KIND_BRANCH, entries, NULL, NULL,
                                   NULL, FALSE, cancellable, summarize_cb, &o);
  /* cancel once the server holds the request */
  while (ls->n_requests == 0)
    g_main_context_iteration (NULL, TRUE);
  g_idle_add (cancel_when_requested_cb, cancellable);
  llm_wait_for (&o.done, 10);
  g_assert_error (o.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_cmpint (g_get_monotonic_time () - start, <, 3 * G_USEC_PER_SEC);
  outcome_clear (&o);
  llm_server_free (ls);
}

static void
test_http_connection_refused (void)
{
  g_autoptr(RamoSummarizerConfig) config = ramo_summarizer_config_new ();
  g_autoptr(GPtrArray) entries = parse_entries (conversation);
  g_autoptr(GSocketListener) listener = g_socket_listener_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *base = NULL;
  guint16 port;
  Outcome o = { 0 };

  /* a port that was free a moment ago */
  port = g_socket_listener_add_any_inet_port (listener, NULL, &error);
  g_assert_no_error (error);
  g_socket_listener_close (listener);
  base = g_strdup_printf ("http://127.0.0.1:%u/v1", port);

  ramo_summarizer_config_set_provider (config, "openai");
  ramo_summarizer_config_set_base_url (config, base);
  ramo_summarizer_config_set_model (config, "m");
  ramo_summarizer_config_set_api_key (config, KEY);
  run_summary (config, entries, NULL, &o);
  g_assert_error (o.error, RAMO_SUMMARIZER_ERROR, RAMO_SUMMARIZER_ERROR_NETWORK);
  g_assert_true (g_str_has_prefix (o.error->message, "The summary request to 127.0.0.1 failed: "));
  g_assert_null (strstr (o.error->message, KEY));
  outcome_clear (&o);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  llm_isolate_environment ();

  g_test_add_func ("/Summarizer/transcript", test_transcript);
  g_test_add_func ("/Summarizer/transcript/tool-result-shortened", test_transcript_tool_result_shortened);
  g_test_add_func ("/Summarizer/transcript/context-edits", test_transcript_context_edits);
  g_test_add_func ("/Summarizer/transcript/budget", test_transcript_budget);
  g_test_add_func ("/Summarizer/details", test_file_details);
  g_test_add_func ("/Summarizer/details/empty", test_file_details_empty);
  g_test_add_func ("/Summarizer/details/utf16-order", test_sort_utf16);
  g_test_add_func ("/Summarizer/prompt", test_prompt);
  g_test_add_func ("/Summarizer/estimate-tokens", test_estimate_tokens);
  g_test_add_func ("/Summarizer/redact", test_redact);
  g_test_add_func ("/Summarizer/config/resolution", test_config_resolution);
  g_test_add_func ("/Summarizer/config/settings-layer", test_config_settings_layer);
  g_test_add_func ("/Summarizer/config/environment-and-models", test_config_environment_and_models);
  g_test_add_func ("/Summarizer/http/openai", test_http_openai);
  g_test_add_func ("/Summarizer/http/anthropic", test_http_anthropic);
  g_test_add_func ("/Summarizer/http/failures", test_http_failures);
  g_test_add_func ("/Summarizer/http/no-model", test_http_no_model);
  g_test_add_func ("/Summarizer/http/timeout", test_http_timeout);
  g_test_add_func ("/Summarizer/http/cancel", test_http_cancel);
  g_test_add_func ("/Summarizer/http/connection-refused", test_http_connection_refused);

  return g_test_run ();
}

/* test-agent-session.c — RamoAgentSession: /tree navigation with summaries, /branch, compaction,
 * hooks, and the `ramo-session navigate|compact` commands
 *
 * Copyright 2026 The Ramo authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <signal.h>
#include <stdlib.h>
#include <sys/stat.h>

#include "ramo-agent-session.h"
#include "ramo-hook.h"
#include "ramo-json.h"
#include "ramo-test-util.h"
#include "test-llm-server.h"

#define KEY "sk-test-0123456789abcdefSECRET"
#define API_PY "/home/user/projects/weather-cli/src/weather/api.py"
#define CACHE_PY "/home/user/projects/weather-cli/src/weather/cache.py"
#define B5_TEXT "Hmm, that pulls in a lot for a CLI that runs for half a second. Let's go back."

/* The example's leaf is e5000014. Selecting b2000005 (a user message on the abandoned SQLite
 * branch) leaves everything below a1000006 on the current path. */
static const char *abandoned_for_b2[] = {
  "c3000001", "d4000001", "d4000002", "d4000003", "d4000004", "d4000005", "d4000006",
  "e5000001", "e5000002", "e5000003", "e5000004", "e5000005", "e5000006", "e5000007",
  "e5000008", "e5000009", "e5000010", "e5000011", "e5000012", "e5000013", "e5000014", NULL
};

typedef struct
{
  char               *path;
  char               *original;
  gsize               original_len;
  RamoSessionManager *manager;
  RamoAgentSession   *session;
  LlmServer          *server;
} Fixture;

static void
fixture_open (Fixture    *fx,
              const char *path)
{
  g_autoptr(GError) error = NULL;

  fx->path = g_strdup (path);
  fx->original = ramo_test_read_file (path, &fx->original_len);
  fx->manager = ramo_session_manager_open (path, &error);
  g_assert_no_error (error);
  fx->session = ramo_agent_session_new (fx->manager);
  fx->server = llm_server_new ();
}

static void
fixture_setup (Fixture       *fx,
               gconstpointer  data)
{
  g_autofree char *path = ramo_test_copy_example ();

  fixture_open (fx, path);
}

static void
fixture_teardown (Fixture       *fx,
                  gconstpointer  data)
{
  g_clear_object (&fx->session);
  g_clear_object (&fx->manager);
  llm_server_free (fx->server);
  g_free (fx->path);
  g_free (fx->original);
}

/* Points the agent session at the test server (OpenAI format unless told otherwise). */
static void
use_server (Fixture    *fx,
            const char *provider)
{
  g_autoptr(RamoSummarizerConfig) config = ramo_summarizer_config_new ();
  g_autofree char *base = strcmp (provider, "openai") == 0
                          ? g_strconcat (fx->server->base_url, "/v1", NULL) : g_strdup (fx->server->base_url);

  ramo_summarizer_config_set_provider (config, provider);
  ramo_summarizer_config_set_base_url (config, base);
  ramo_summarizer_config_set_model (config, "test-model");
  ramo_summarizer_config_set_api_key (config, KEY);
  ramo_summarizer_config_set_timeout (config, 10);
  ramo_agent_session_set_summarizer_config (fx->session, config);
}

static void
assert_file_unchanged (Fixture *fx)
{
  gsize len;
  g_autofree char *now = ramo_test_read_file (fx->path, &len);

  g_assert_cmpuint (len, ==, fx->original_len);
  g_assert_true (memcmp (now, fx->original, len) == 0);
}

/* The lines the file gained since the fixture was opened, parsed. */
static GPtrArray *
new_lines (Fixture *fx)
{
  g_autofree char *now = ramo_test_read_file (fx->path, NULL);
  GPtrArray *lines = g_ptr_array_new_with_free_func ((GDestroyNotify) json_node_unref);
  g_auto(GStrv) split = NULL;

  g_assert_true (g_str_has_prefix (now, fx->original));
  split = g_strsplit (now + fx->original_len, "\n", -1);
  for (guint i = 0; split[i]; i++)
    {
      g_autoptr(GError) error = NULL;

      if (*split[i] == '\0')
        continue;
      g_ptr_array_add (lines, json_from_string (split[i], &error));
      g_assert_no_error (error);
    }
  return lines;
}

static JsonObject *
line_object (GPtrArray *lines,
             guint      i)
{
  return json_node_get_object (g_ptr_array_index (lines, i));
}

static char *
json_text (JsonNode *node)
{
  return ramo_json_to_string (node);
}

typedef struct
{
  gboolean        done;
  RamoTreeResult *result;
  GError         *error;
} NavOutcome;

static void
navigate_cb (GObject      *object,
             GAsyncResult *res,
             gpointer      user_data)
{
  NavOutcome *o = user_data;

  o->result = ramo_agent_session_navigate_tree_finish (RAMO_AGENT_SESSION (object), res, &o->error);
  o->done = TRUE;
}

static RamoTreeResult *
navigate (RamoAgentSession       *session,
          const char             *target,
          const RamoTreeOptions  *options,
          GCancellable           *cancellable,
          GError                **error)
{
  NavOutcome o = { 0 };

  ramo_agent_session_navigate_tree_async (session, target, options, cancellable, navigate_cb, &o);
  llm_wait_for (&o.done, 20);
  if (o.error)
    g_propagate_error (error, o.error);
  return o.result;
}

static RamoTreeOptions *
summarize_options (const char *instructions)
{
  RamoTreeOptions *options = ramo_tree_options_new ();

  options->summarize = TRUE;
  options->custom_instructions = g_strdup (instructions);
  return options;
}

typedef struct
{
  guint                n_before;
  guint                n_tree;
  RamoTreePreparation *preparation;
  char                *new_leaf_id;
  char                *old_leaf_id;
  char                *summary_entry_id;
  gboolean             from_hook;
  /* what the before-tree handler does */
  gboolean             cancel;
  const char          *summary;
  const char          *details_json;
  const char          *label;
} TreeWatch;

static void
before_tree_cb (RamoAgentSession    *session,
                RamoTreePreparation *prep,
                TreeWatch           *w)
{
  w->n_before++;
  g_set_object (&w->preparation, prep);
  if (w->cancel)
    ramo_tree_preparation_cancel (prep);
  if (w->summary)
    {
      g_autoptr(JsonNode) details = w->details_json ? json_from_string (w->details_json, NULL) : NULL;

      ramo_tree_preparation_set_summary (prep, w->summary, details);
    }
  if (w->label)
    ramo_tree_preparation_set_label (prep, w->label);
}

static void
tree_cb (RamoAgentSession *session,
         const char       *new_leaf_id,
         const char       *old_leaf_id,
         const char       *summary_entry_id,
         gboolean          from_hook,
         TreeWatch        *w)
{
  w->n_tree++;
  g_free (w->new_leaf_id);
  w->new_leaf_id = g_strdup (new_leaf_id);
  g_free (w->old_leaf_id);
  w->old_leaf_id = g_strdup (old_leaf_id);
  g_free (w->summary_entry_id);
  w->summary_entry_id = g_strdup (summary_entry_id);
  w->from_hook = from_hook;
}

static void
watch_tree (Fixture   *fx,
            TreeWatch *w)
{
  g_signal_connect (fx->session, "before-tree", G_CALLBACK (before_tree_cb), w);
  g_signal_connect (fx->session, "tree", G_CALLBACK (tree_cb), w);
}

static void
tree_watch_clear (TreeWatch *w)
{
  g_clear_object (&w->preparation);
  g_clear_pointer (&w->new_leaf_id, g_free);
  g_clear_pointer (&w->old_leaf_id, g_free);
  g_clear_pointer (&w->summary_entry_id, g_free);
}

static char *
joined_ids (char **ids)
{
  return g_strjoinv (" ", ids);
}

/* ------------------------------------------------------------------------------------------ */
/* Navigation without a summary                                                                */

static void
test_navigate_noop (Fixture       *fx,
                    gconstpointer  data)
{
  TreeWatch w = { 0 };
  g_autoptr(RamoTreeResult) result = NULL;
  g_autoptr(RamoTreeOptions) options = summarize_options (NULL);
  g_autoptr(GError) error = NULL;

  watch_tree (fx, &w);
  /* even asking for a summary without a model is fine: nothing happens at all */
  result = navigate (fx->session, "e5000014", options, NULL, &error);
  g_assert_no_error (error);
  g_assert_false (result->changed);
  g_assert_cmpstr (result->new_leaf_id, ==, "e5000014");
  g_assert_null (result->editor_text);
  g_assert_null (result->summary_entry_id);
  g_assert_cmpuint (w.n_before, ==, 0);
  g_assert_cmpuint (w.n_tree, ==, 0);
  g_assert_cmpstr (ramo_session_manager_get_leaf_id (fx->manager), ==, "e5000014");
  assert_file_unchanged (fx);
  tree_watch_clear (&w);
}

static void
test_navigate_unknown (Fixture       *fx,
                       gconstpointer  data)
{
  g_autoptr(RamoTreeResult) result = NULL;
  g_autoptr(GError) error = NULL;

  result = navigate (fx->session, "nope0000", NULL, NULL, &error);
  g_assert_error (error, RAMO_SESSION_ERROR, RAMO_SESSION_ERROR_NOT_FOUND);
  g_assert_null (result);
  g_assert_cmpstr (ramo_session_manager_get_leaf_id (fx->manager), ==, "e5000014");
  g_assert_false (ramo_agent_session_is_busy (fx->session));
}

static void
test_navigate_user_message (Fixture       *fx,
                            gconstpointer  data)
{
  TreeWatch w = { 0 };
  g_autoptr(RamoTreeResult) result = NULL;
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) ids = NULL;
  g_autofree char *ids_text = NULL;
  g_autofree char *expected_ids = g_strjoinv (" ", (char **) abandoned_for_b2);
  RamoSessionContext *context;

  watch_tree (fx, &w);
  result = navigate (fx->session, "b2000005", NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (result->changed);
  g_assert_cmpstr (result->new_leaf_id, ==, "b2000004");
  g_assert_cmpstr (result->old_leaf_id, ==, "e5000014");
  g_assert_cmpstr (result->editor_text, ==, B5_TEXT);
  g_assert_null (result->summary_entry_id);
  g_assert_false (result->from_hook);
  g_assert_cmpstr (ramo_session_manager_get_leaf_id (fx->manager), ==, "b2000004");

  /* the preparation the handlers saw */
  g_assert_cmpuint (w.n_before, ==, 1);
  g_assert_cmpstr (ramo_tree_preparation_get_target_id (w.preparation), ==, "b2000005");
  g_assert_cmpstr (ramo_tree_preparation_get_old_leaf_id (w.preparation), ==, "e5000014");
  g_assert_cmpstr (ramo_tree_preparation_get_common_ancestor_id (w.preparation), ==, "a1000006");
  g_assert_false (ramo_tree_preparation_get_user_wants_summary (w.preparation));
  g_assert_nonnull (ramo_tree_preparation_get_cancellable (w.preparation));
  ids = ramo_tree_preparation_dup_entry_ids (w.preparation);
  ids_text = joined_ids (ids);
  g_assert_cmpstr (ids_text, ==, expected_ids);

  g_assert_cmpuint (w.n_tree, ==, 1);
  g_assert_cmpstr (w.new_leaf_id, ==, "b2000004");
  g_assert_cmpstr (w.old_leaf_id, ==, "e5000014");
  g_assert_null (w.summary_entry_id);
  g_assert_false (w.from_hook);

  /* the context was rebuilt at the new leaf: the SQLite branch, 10 messages */
  context = ramo_agent_session_get_context (fx->session);
  g_assert_cmpstr (ramo_session_context_get_leaf (context)->id, ==, "b2000004");
  g_assert_cmpuint (ramo_session_context_get_n_messages (context), ==, 10);

  /* a leaf move alone writes nothing (pi keeps it in memory) */
  assert_file_unchanged (fx);
  tree_watch_clear (&w);
}

static void
test_navigate_other_entries (Fixture       *fx,
                             gconstpointer  data)
{
  g_autoptr(RamoTreeResult) r1 = NULL;
  g_autoptr(RamoTreeResult) r2 = NULL;
  g_autoptr(RamoTreeResult) r3 = NULL;
  g_autoptr(GError) error = NULL;

  /* an assistant message: the leaf goes onto it, nothing for the editor */
  r1 = navigate (fx->session, "b2000004", NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (r1->new_leaf_id, ==, "b2000004");
  g_assert_null (r1->editor_text);

  /* a custom_message: the leaf goes onto its parent and its text to the editor */
  r2 = navigate (fx->session, "e5000003", NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (r2->new_leaf_id, ==, "e5000002");
  g_assert_cmpstr (r2->old_leaf_id, ==, "b2000004");
  g_assert_cmpstr (r2->editor_text, ==, "pytest: 14 passed, 0 failed (tests/test_api.py)");

  /* a label entry is "anything else" */
  r3 = navigate (fx->session, "e5000001", NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (r3->new_leaf_id, ==, "e5000001");
  g_assert_null (r3->editor_text);

  assert_file_unchanged (fx);
}

/* ------------------------------------------------------------------------------------------ */
/* Summaries                                                                                   */

static void
test_navigate_handler_summary (Fixture       *fx,
                               gconstpointer  data)
{
  TreeWatch w = { .summary = "Handler summary", .details_json = "{\"note\":1}" };
  g_autoptr(RamoTreeOptions) options = summarize_options (NULL);
  g_autoptr(RamoTreeResult) result = NULL;
  g_autoptr(GPtrArray) lines = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *details = NULL;
  JsonObject *entry;

  watch_tree (fx, &w);
  result = navigate (fx->session, "b2000005", options, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (fx->server->n_requests, ==, 0);

  lines = new_lines (fx);
  g_assert_cmpuint (lines->len, ==, 1);
  entry = line_object (lines, 0);
  g_assert_cmpstr (json_object_get_string_member (entry, "type"), ==, "branch_summary");
  g_assert_cmpstr (json_object_get_string_member (entry, "parentId"), ==, "b2000004");
  /* pi 1.6.0 records the leaf that was left (the example's leaf) */
  g_assert_cmpstr (json_object_get_string_member (entry, "fromId"), ==, "e5000014");
  g_assert_cmpstr (json_object_get_string_member (entry, "summary"), ==, "Handler summary");
  g_assert_true (json_object_get_boolean_member (entry, "fromHook"));
  details = json_text (json_object_get_member (entry, "details"));
  g_assert_cmpstr (details, ==, "{\"note\":1}");

  g_assert_cmpstr (result->summary_entry_id, ==, json_object_get_string_member (entry, "id"));
  g_assert_cmpstr (result->new_leaf_id, ==, result->summary_entry_id);
  g_assert_cmpstr (result->editor_text, ==, B5_TEXT);
  g_assert_true (result->from_hook);
  g_assert_cmpstr (w.summary_entry_id, ==, result->summary_entry_id);
  g_assert_true (w.from_hook);
  g_assert_cmpstr (ramo_session_manager_get_leaf_id (fx->manager), ==, result->summary_entry_id);
  tree_watch_clear (&w);
}

static void
test_navigate_handler_summary_ignored_without_request (Fixture       *fx,
                                                       gconstpointer  data)
{
  TreeWatch w = { .summary = "Unwanted" };
  g_autoptr(RamoTreeResult) result = NULL;
  g_autoptr(GError) error = NULL;

  /* as in pi, a supplied summary is used only when the user asked for one */
  watch_tree (fx, &w);
  result = navigate (fx->session, "b2000004", NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_null (result->summary_entry_id);
  g_assert_cmpstr (result->new_leaf_id, ==, "b2000004");
  assert_file_unchanged (fx);
  tree_watch_clear (&w);
}

static void
test_navigate_llm_summary (Fixture       *fx,
                           gconstpointer  data)
{
  g_autoptr(RamoTreeOptions) options = summarize_options ("Focus on the cache");
  g_autoptr(RamoTreeResult) result = NULL;
  g_autoptr(GPtrArray) lines = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) body = NULL;
  g_autofree char *details = NULL;
  const char *prompt;
  JsonObject *entry;

  use_server (fx, "anthropic");
  g_free (fx->server->reply_text);
  fx->server->reply_text = g_strdup ("## Goal\nA JSON cache.");

  result = navigate (fx->session, "b2000005", options, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (fx->server->n_requests, ==, 1);
  g_assert_cmpstr (fx->server->last_path, ==, "/v1/messages");
  g_assert_cmpstr (fx->server->last_api_key, ==, KEY);

  /* what was asked: the abandoned branch as a transcript, oldest first, and the instructions */
  body = json_from_string (fx->server->last_body, NULL);
  prompt = json_object_get_string_member (json_array_get_object_element (
             json_object_get_array_member (json_node_get_object (body), "messages"), 0), "content");
  g_assert_true (g_str_has_prefix (prompt, "<transcript>\nSummary of a branch explored earlier: Tried an SQLite cache"));
  g_assert_nonnull (strstr (prompt, "User: Let's keep it simple: JSON files in ~/.cache/weather-cli"));
  g_assert_nonnull (strstr (prompt, "Assistant calls tool: edit {\"path\":\"" API_PY "\",\"oldText\":\"def forecast(city):\""));
  g_assert_nonnull (strstr (prompt, "Summary of the conversation before this point: ## Goal\nCache forecast API"));
  g_assert_nonnull (strstr (prompt, "User ran the shell command: weather --no-cache rome"));
  g_assert_null (strstr (prompt, "Use SQLite for the cache."));       /* b2000001: not abandoned */
  g_assert_null (strstr (prompt, "json cache works"));                /* labels are not conversation */
  g_assert_true (g_str_has_suffix (prompt, "\n\nThe user adds: Focus on the cache"));

  lines = new_lines (fx);
  g_assert_cmpuint (lines->len, ==, 1);
  entry = line_object (lines, 0);
  g_assert_cmpstr (json_object_get_string_member (entry, "type"), ==, "branch_summary");
  g_assert_cmpstr (json_object_get_string_member (entry, "parentId"), ==, "b2000004");
  g_assert_cmpstr (json_object_get_string_member (entry, "summary"), ==,
                   "## Goal\nA JSON cache.\n\n<modified-files>\n" API_PY "\n" CACHE_PY "\n</modified-files>");
  /* edit calls on api.py, the earlier branch summary's files; api.py was read but modified */
  details = json_text (json_object_get_member (entry, "details"));
  g_assert_cmpstr (details, ==, "{\"readFiles\":[],\"modifiedFiles\":[\"" API_PY "\",\"" CACHE_PY "\"]}");
  g_assert_false (json_object_has_member (entry, "fromHook"));
  g_assert_false (result->from_hook);
  g_assert_cmpstr (result->summary_entry_id, ==, json_object_get_string_member (entry, "id"));
}

/* The leaf on a label: leaving it behind leaves no message. As pi 1.6.0's
 * generateBranchSummary(), nothing is sent and the summary says there was nothing. */
static void
test_navigate_nothing_to_summarize (Fixture       *fx,
                                    gconstpointer  data)
{
  g_autoptr(RamoTreeOptions) options = summarize_options (NULL);
  g_autoptr(RamoTreeResult) result = NULL;
  g_autoptr(GPtrArray) lines = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *old_leaf = g_strdup (ramo_session_manager_get_leaf_id (fx->manager));
  g_autofree char *label_id = NULL;
  g_autofree char *details = NULL;
  JsonObject *entry;

  use_server (fx, "openai");
  label_id = ramo_session_manager_append_label_change (fx->manager, old_leaf, "here", &error);
  g_assert_no_error (error);
  g_assert_cmpstr (ramo_session_manager_get_leaf_id (fx->manager), ==, label_id);

  result = navigate (fx->session, old_leaf, options, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (fx->server->n_requests, ==, 0);

  lines = new_lines (fx);
  g_assert_cmpuint (lines->len, ==, 2);
  entry = line_object (lines, 1);
  g_assert_cmpstr (json_object_get_string_member (entry, "type"), ==, "branch_summary");
  g_assert_cmpstr (json_object_get_string_member (entry, "parentId"), ==, old_leaf);
  g_assert_cmpstr (json_object_get_string_member (entry, "fromId"), ==, label_id);
  g_assert_cmpstr (json_object_get_string_member (entry, "summary"), ==, "No content to summarize");
  details = json_text (json_object_get_member (entry, "details"));
  g_assert_cmpstr (details, ==, "{\"readFiles\":[],\"modifiedFiles\":[]}");
  g_assert_cmpstr (result->summary_entry_id, ==, json_object_get_string_member (entry, "id"));
}

static void
test_navigate_labels (Fixture       *fx,
                      gconstpointer  data)
{
  g_autoptr(RamoTreeOptions) options = summarize_options (NULL);
  g_autoptr(RamoTreeOptions) plain = ramo_tree_options_new ();
  g_autoptr(RamoTreeResult) r1 = NULL;
  g_autoptr(RamoTreeResult) r2 = NULL;
  g_autoptr(GPtrArray) lines = NULL;
  g_autoptr(GError) error = NULL;
  TreeWatch w = { 0 };

  use_server (fx, "openai");
  watch_tree (fx, &w);

  /* with a summary, the label goes on the summary entry (and the leaf onto the label) */
  options->label = g_strdup ("checkpoint");
  r1 = navigate (fx->session, "b2000005", options, NULL, &error);
  g_assert_no_error (error);
  lines = new_lines (fx);
  g_assert_cmpuint (lines->len, ==, 2);
  g_assert_cmpstr (json_object_get_string_member (line_object (lines, 1), "type"), ==, "label");
  g_assert_cmpstr (json_object_get_string_member (line_object (lines, 1), "targetId"), ==, r1->summary_entry_id);
  g_assert_cmpstr (json_object_get_string_member (line_object (lines, 1), "parentId"), ==, r1->summary_entry_id);
  g_assert_cmpstr (json_object_get_string_member (line_object (lines, 1), "label"), ==, "checkpoint");
  g_assert_cmpstr (r1->label_entry_id, ==, json_object_get_string_member (line_object (lines, 1), "id"));
  g_assert_cmpstr (r1->new_leaf_id, ==, r1->label_entry_id);
  g_assert_cmpstr (w.new_leaf_id, ==, r1->label_entry_id);
  g_assert_cmpstr (ramo_session_manager_get_label (fx->manager, r1->summary_entry_id), ==, "checkpoint");
  g_clear_pointer (&lines, g_ptr_array_unref);

  /* without a summary, on the selected entry; a handler may change it */
  w.label = "renamed";
  plain->label = g_strdup ("original");
  r2 = navigate (fx->session, "d4000001", plain, NULL, &error);
  g_assert_no_error (error);
  lines = new_lines (fx);
  g_assert_cmpuint (lines->len, ==, 3);
  g_assert_cmpstr (json_object_get_string_member (line_object (lines, 2), "targetId"), ==, "d4000001");
  g_assert_cmpstr (json_object_get_string_member (line_object (lines, 2), "parentId"), ==, "c3000001");
  g_assert_cmpstr (json_object_get_string_member (line_object (lines, 2), "label"), ==, "renamed");
  g_assert_cmpstr (r2->editor_text, ==, "Let's keep it simple: JSON files in ~/.cache/weather-cli with a 10 minute TTL.");
  g_assert_cmpstr (r2->new_leaf_id, ==, r2->label_entry_id);
  g_assert_null (r2->summary_entry_id);
  tree_watch_clear (&w);
}

static void
test_navigate_root_user (void)
{
  const char *text =
    "{\"type\":\"session\",\"version\":3,\"id\":\"s-root\",\"timestamp\":\"2026-01-01T00:00:00.000Z\",\"cwd\":\"/w\"}\n"
    "{\"type\":\"message\",\"id\":\"r1\",\"parentId\":null,\"timestamp\":\"2026-01-01T00:00:01.000Z\","
    "\"message\":{\"role\":\"user\",\"content\":[{\"type\":\"text\",\"text\":\"Root \"},{\"type\":\"image\",\"data\":\"x\"},"
    "{\"type\":\"text\",\"text\":\"question\"}]}}\n"
    "{\"type\":\"message\",\"id\":\"r2\",\"parentId\":\"r1\",\"timestamp\":\"2026-01-01T00:00:02.000Z\","
    "\"message\":{\"role\":\"assistant\",\"content\":[{\"type\":\"text\",\"text\":\"Answer\"}]}}\n";
  g_autofree char *path = ramo_test_write_file ("root.jsonl", text, -1);
  Fixture fx = { 0 };
  TreeWatch w = { .summary = "Left the first answer" };
  g_autoptr(RamoTreeOptions) options = summarize_options (NULL);
  g_autoptr(RamoTreeResult) plain = NULL;
  g_autoptr(RamoTreeResult) result = NULL;
  g_autoptr(GPtrArray) lines = NULL;
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) ids = NULL;
  JsonObject *entry;

  fixture_open (&fx, path);

  /* without a summary: the leaf goes before the first entry */
  plain = navigate (fx.session, "r1", NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_null (plain->new_leaf_id);
  g_assert_cmpstr (plain->editor_text, ==, "Root question");
  g_assert_null (ramo_session_manager_get_leaf_id (fx.manager));
  assert_file_unchanged (&fx);

  /* back to r2, then to r1 again with a summary: it becomes a root recording the leaf it
   * left, r2 (pi 1.6.0: `fromId = this.leafId ?? "root"`) */
  g_assert_true (ramo_session_manager_branch (fx.manager, "r2", NULL));
  watch_tree (&fx, &w);
  result = navigate (fx.session, "r1", options, NULL, &error);
  g_assert_no_error (error);
  ids = ramo_tree_preparation_dup_entry_ids (w.preparation);
  g_assert_cmpuint (g_strv_length (ids), ==, 1);
  g_assert_cmpstr (ids[0], ==, "r2");
  g_assert_cmpstr (ramo_tree_preparation_get_common_ancestor_id (w.preparation), ==, "r1");
  lines = new_lines (&fx);
  g_assert_cmpuint (lines->len, ==, 1);
  entry = line_object (lines, 0);
  g_assert_true (json_node_is_null (json_object_get_member (entry, "parentId")));
  g_assert_cmpstr (json_object_get_string_member (entry, "fromId"), ==, "r2");
  g_assert_cmpstr (result->new_leaf_id, ==, json_object_get_string_member (entry, "id"));
  g_assert_cmpstr (result->editor_text, ==, "Root question");

  tree_watch_clear (&w);
  fixture_teardown (&fx, NULL);
}

/* ------------------------------------------------------------------------------------------ */
/* Failures: the leaf stays, the file gains nothing                                            */

static void
check_navigation_fails (Fixture      *fx,
                        GCancellable *cancellable,
                        GQuark        domain,
                        int           code)
{
  g_autoptr(RamoTreeOptions) options = summarize_options (NULL);
  g_autoptr(RamoTreeResult) result = NULL;
  g_autoptr(GError) error = NULL;

  result = navigate (fx->session, "b2000005", options, cancellable, &error);
  g_assert_null (result);
  g_assert_error (error, domain, code);
  g_assert_null (strstr (error->message, KEY));
  g_assert_cmpstr (ramo_session_manager_get_leaf_id (fx->manager), ==, "e5000014");
  g_assert_cmpstr (ramo_session_context_get_leaf (ramo_agent_session_get_context (fx->session))->id, ==, "e5000014");
  g_assert_false (ramo_agent_session_is_busy (fx->session));
  assert_file_unchanged (fx);
}

static void
test_fail_no_model (Fixture       *fx,
                    gconstpointer  data)
{
  TreeWatch w = { 0 };

  /* without any handler or hook the navigation fails at once, before before-tree */
  check_navigation_fails (fx, NULL, RAMO_SUMMARIZER_ERROR, RAMO_SUMMARIZER_ERROR_NO_MODEL);
  g_assert_cmpuint (fx->server->n_requests, ==, 0);

  /* with a handler that supplies nothing, it still fails before any request */
  watch_tree (fx, &w);
  check_navigation_fails (fx, NULL, RAMO_SUMMARIZER_ERROR, RAMO_SUMMARIZER_ERROR_NO_MODEL);
  g_assert_cmpuint (w.n_before, ==, 1);
  g_assert_cmpuint (w.n_tree, ==, 0);
  g_assert_cmpuint (fx->server->n_requests, ==, 0);
  tree_watch_clear (&w);
}

static void
test_fail_http (Fixture       *fx,
                gconstpointer  data)
{
  use_server (fx, "openai");

  llm_server_fail (fx->server, 401, "Incorrect API key provided: " KEY);
  check_navigation_fails (fx, NULL, RAMO_SUMMARIZER_ERROR, RAMO_SUMMARIZER_ERROR_UNAUTHORIZED);
  llm_server_fail (fx->server, 429, "Rate limit reached");
  check_navigation_fails (fx, NULL, RAMO_SUMMARIZER_ERROR, RAMO_SUMMARIZER_ERROR_RATE_LIMITED);
  llm_server_fail (fx->server, 503, "Service unavailable");
  check_navigation_fails (fx, NULL, RAMO_SUMMARIZER_ERROR, RAMO_SUMMARIZER_ERROR_SERVER);
  fx->server->mode = LLM_GARBAGE;
  check_navigation_fails (fx, NULL, RAMO_SUMMARIZER_ERROR, RAMO_SUMMARIZER_ERROR_BAD_RESPONSE);
  fx->server->mode = LLM_EMPTY_TEXT;
  check_navigation_fails (fx, NULL, RAMO_SUMMARIZER_ERROR, RAMO_SUMMARIZER_ERROR_EMPTY_RESPONSE);
  fx->server->mode = LLM_EMPTY_BODY;
  check_navigation_fails (fx, NULL, RAMO_SUMMARIZER_ERROR, RAMO_SUMMARIZER_ERROR_EMPTY_RESPONSE);
  g_assert_cmpuint (fx->server->n_requests, ==, 6);
}

static void
test_fail_timeout (Fixture       *fx,
                   gconstpointer  data)
{
  gint64 start = g_get_monotonic_time ();

  use_server (fx, "openai");
  ramo_summarizer_config_set_timeout (ramo_agent_session_get_summarizer_config (fx->session), 0.3);
  fx->server->delay_ms = 5000;
  check_navigation_fails (fx, NULL, RAMO_SUMMARIZER_ERROR, RAMO_SUMMARIZER_ERROR_TIMEOUT);
  g_assert_cmpint (g_get_monotonic_time () - start, <, 3 * G_USEC_PER_SEC);
}

static gboolean
cancel_cb (gpointer data)
{
  g_cancellable_cancel (data);
  return G_SOURCE_REMOVE;
}

static gboolean
cancel_when_server_holds_request_cb (gpointer data)
{
  Fixture *fx = data;

  if (fx->server->n_requests == 0)
    return G_SOURCE_CONTINUE;
  ramo_agent_session_cancel (fx->session);
  return G_SOURCE_REMOVE;
}

static void
test_fail_cancel (Fixture       *fx,
                  gconstpointer  data)
{
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  GSource *source;

  use_server (fx, "anthropic");
  fx->server->delay_ms = 5000;

  /* cancelled through the caller's cancellable while the server holds the request */
  source = g_timeout_source_new (200);
  g_source_set_callback (source, cancel_cb, cancellable, NULL);
  g_source_attach (source, NULL);
  g_source_unref (source);
  check_navigation_fails (fx, cancellable, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_cmpuint (fx->server->n_requests, ==, 1);

  /* and through ramo_agent_session_cancel() (Escape) */
  fx->server->n_requests = 0;
  g_timeout_add (10, cancel_when_server_holds_request_cb, fx);
  check_navigation_fails (fx, NULL, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_cmpuint (fx->server->n_requests, ==, 1);
}

static void
test_fail_handler_cancels (Fixture       *fx,
                           gconstpointer  data)
{
  TreeWatch w = { .cancel = TRUE, .summary = "ignored" };

  use_server (fx, "openai");
  watch_tree (fx, &w);
  check_navigation_fails (fx, NULL, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_cmpuint (w.n_tree, ==, 0);
  g_assert_cmpuint (fx->server->n_requests, ==, 0);
  tree_watch_clear (&w);
}

static void
test_busy (Fixture       *fx,
           gconstpointer  data)
{
  g_autoptr(RamoTreeOptions) options = summarize_options (NULL);
  g_autoptr(RamoTreeResult) second = NULL;
  g_autoptr(GError) error = NULL;
  NavOutcome first = { 0 };

  use_server (fx, "openai");
  fx->server->delay_ms = 5000;
  ramo_agent_session_navigate_tree_async (fx->session, "b2000005", options, NULL, navigate_cb, &first);
  g_assert_true (ramo_agent_session_is_busy (fx->session));

  second = navigate (fx->session, "b2000004", NULL, NULL, &error);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_PENDING);
  g_assert_true (ramo_agent_session_is_busy (fx->session));

  ramo_agent_session_cancel (fx->session);
  llm_wait_for (&first.done, 10);
  g_assert_error (first.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_false (ramo_agent_session_is_busy (fx->session));
  g_clear_error (&first.error);
  assert_file_unchanged (fx);
}

/* ------------------------------------------------------------------------------------------ */
/* The executable hook                                                                         */

static char *
write_hook (const char *body)
{
  g_autofree char *dir = ramo_test_tmpdir ();
  g_autofree char *script = g_strdup_printf ("#!/bin/sh\nHERE=$(dirname \"$0\")\n%s\n", body);
  char *path = g_build_filename (dir, "hook.sh", NULL);

  g_assert_true (g_file_set_contents (path, script, -1, NULL));
  g_assert_cmpint (g_chmod (path, 0755), ==, 0);
  return path;
}

static void
use_hook (Fixture    *fx,
          const char *hook_path)
{
  const char *argv[] = { hook_path, NULL };

  ramo_agent_session_set_hook_argv (fx->session, argv);
}

static char *
hook_file (const char *hook_path,
           const char *name)
{
  g_autofree char *dir = g_path_get_dirname (hook_path);
  g_autofree char *path = g_build_filename (dir, name, NULL);

  return ramo_test_read_file (path, NULL);
}

static void
test_hook_summary (Fixture       *fx,
                   gconstpointer  data)
{
  g_autofree char *hook = write_hook ("cat > \"$HERE/stdin.json\"\n"
                                      "printf '%s\\n' '{\"summary\":\"From hook\",\"details\":{\"k\":\"v\"}}'");
  g_autoptr(RamoTreeOptions) options = summarize_options ("be brief");
  g_autoptr(RamoTreeResult) result = NULL;
  g_autoptr(GPtrArray) lines = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) input = NULL;
  g_autofree char *stdin_text = NULL;
  g_autofree char *details = NULL;
  JsonObject *root, *prep;
  JsonArray *entries;

  use_server (fx, "openai");
  use_hook (fx, hook);
  options->label = g_strdup ("lbl");
  result = navigate (fx->session, "b2000005", options, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (result->from_hook);
  g_assert_cmpuint (fx->server->n_requests, ==, 0);

  lines = new_lines (fx);
  g_assert_cmpuint (lines->len, ==, 2);
  g_assert_cmpstr (json_object_get_string_member (line_object (lines, 0), "summary"), ==, "From hook");
  g_assert_true (json_object_get_boolean_member (line_object (lines, 0), "fromHook"));
  details = json_text (json_object_get_member (line_object (lines, 0), "details"));
  g_assert_cmpstr (details, ==, "{\"k\":\"v\"}");

  /* what the hook was given */
  stdin_text = hook_file (hook, "stdin.json");
  input = json_from_string (stdin_text, &error);
  g_assert_no_error (error);
  root = json_node_get_object (input);
  g_assert_cmpstr (json_object_get_string_member (root, "type"), ==, "session_before_tree");
  g_assert_cmpstr (json_object_get_string_member (root, "sessionFile"), ==, fx->path);
  prep = json_object_get_object_member (root, "preparation");
  g_assert_cmpstr (json_object_get_string_member (prep, "targetId"), ==, "b2000005");
  g_assert_cmpstr (json_object_get_string_member (prep, "oldLeafId"), ==, "e5000014");
  g_assert_cmpstr (json_object_get_string_member (prep, "commonAncestorId"), ==, "a1000006");
  g_assert_true (json_object_get_boolean_member (prep, "userWantsSummary"));
  g_assert_cmpstr (json_object_get_string_member (prep, "customInstructions"), ==, "be brief");
  g_assert_cmpstr (json_object_get_string_member (prep, "label"), ==, "lbl");
  entries = json_object_get_array_member (prep, "entriesToSummarize");
  g_assert_cmpuint (json_array_get_length (entries), ==, g_strv_length ((char **) abandoned_for_b2));
  for (guint i = 0; abandoned_for_b2[i]; i++)
    g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (entries, i), "id"), ==,
                     abandoned_for_b2[i]);
  /* whole entries, as in the file */
  g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (entries, 0), "summary"), ==,
                   "Tried an SQLite cache in src/weather/cache.py (cache.sqlite3 under ~/.cache/weather-cli). "
                   "Rejected: too heavy for a short-lived CLI.");
}

static void
test_hook_no_opinion_and_overrides (Fixture       *fx,
                                    gconstpointer  data)
{
  g_autofree char *hook = write_hook ("cat > /dev/null\n"
                                      "printf '%s' '{\"customInstructions\":\"Hook focus\",\"label\":\"from-hook\"}'");
  g_autoptr(RamoTreeOptions) options = summarize_options ("user focus");
  g_autoptr(RamoTreeResult) result = NULL;
  g_autoptr(GPtrArray) lines = NULL;
  g_autoptr(GError) error = NULL;

  use_server (fx, "openai");
  use_hook (fx, hook);
  result = navigate (fx->session, "b2000004", options, NULL, &error);
  g_assert_no_error (error);
  g_assert_false (result->from_hook);
  g_assert_cmpuint (fx->server->n_requests, ==, 1);
  g_assert_nonnull (strstr (fx->server->last_body, "The user adds: Hook focus"));
  g_assert_null (strstr (fx->server->last_body, "user focus"));
  lines = new_lines (fx);
  g_assert_cmpuint (lines->len, ==, 2);
  g_assert_cmpstr (json_object_get_string_member (line_object (lines, 1), "label"), ==, "from-hook");
}

static void
check_hook_fails (Fixture    *fx,
                  const char *body,
                  GQuark      domain,
                  int         code,
                  const char *message_part)
{
  g_autofree char *hook = write_hook (body);
  g_autoptr(RamoTreeOptions) options = summarize_options (NULL);
  g_autoptr(RamoTreeResult) result = NULL;
  g_autoptr(GError) error = NULL;

  use_hook (fx, hook);
  result = navigate (fx->session, "b2000005", options, NULL, &error);
  g_assert_null (result);
  g_assert_error (error, domain, code);
  if (message_part && strstr (error->message, message_part) == NULL)
    g_error ("\"%s\" is not in the error \"%s\"", message_part, error->message);
  g_assert_cmpstr (ramo_session_manager_get_leaf_id (fx->manager), ==, "e5000014");
  g_assert_false (ramo_agent_session_is_busy (fx->session));
  assert_file_unchanged (fx);
}

static void
test_hook_failures (Fixture       *fx,
                    gconstpointer  data)
{
  gint64 start;

  use_server (fx, "openai");
  check_hook_fails (fx, "cat >/dev/null; printf '{\"cancel\":true,\"summary\":\"x\"}'",
                    G_IO_ERROR, G_IO_ERROR_CANCELLED, "cancelled by the hook");
  check_hook_fails (fx, "cat >/dev/null; printf 'not json'",
                    RAMO_HOOK_ERROR, RAMO_HOOK_ERROR_BAD_OUTPUT, "did not print one JSON object");
  check_hook_fails (fx, "cat >/dev/null; printf '[1,2]'",
                    RAMO_HOOK_ERROR, RAMO_HOOK_ERROR_BAD_OUTPUT, NULL);
  check_hook_fails (fx, "cat >/dev/null",
                    RAMO_HOOK_ERROR, RAMO_HOOK_ERROR_BAD_OUTPUT, NULL);
  check_hook_fails (fx, "cat >/dev/null; printf '{\"summary\":42}'",
                    RAMO_HOOK_ERROR, RAMO_HOOK_ERROR_BAD_OUTPUT, "\"summary\"");
  check_hook_fails (fx, "cat >/dev/null; printf '{\"cancel\":\"yes\"}'",
                    RAMO_HOOK_ERROR, RAMO_HOOK_ERROR_BAD_OUTPUT, "\"cancel\"");
  check_hook_fails (fx, "echo 'hook broke' >&2; exit 3",
                    RAMO_HOOK_ERROR, RAMO_HOOK_ERROR_FAILED, "exited with status 3: hook broke");
  /* a hook that does not read its stdin is fine as long as it answers */
  ramo_agent_session_set_hook_timeout (fx->session, 0.3);
  start = g_get_monotonic_time ();
  check_hook_fails (fx, "sleep 10; printf '{}'",
                    RAMO_HOOK_ERROR, RAMO_HOOK_ERROR_TIMEOUT, "did not answer within 0.3 s");
  /* the sleep was killed with the hook: otherwise reading its stdout would wait 10 s */
  g_assert_cmpint (g_get_monotonic_time () - start, <, 3 * G_USEC_PER_SEC);
  g_assert_cmpuint (fx->server->n_requests, ==, 0);

  /* a hook that cannot be started */
  {
    const char *argv[] = { "/nonexistent/ramo-hook", NULL };
    g_autoptr(RamoTreeOptions) options = summarize_options (NULL);
    g_autoptr(RamoTreeResult) result = NULL;
    g_autoptr(GError) error = NULL;

    ramo_agent_session_set_hook_argv (fx->session, argv);
    result = navigate (fx->session, "b2000005", options, NULL, &error);
    g_assert_error (error, RAMO_HOOK_ERROR, RAMO_HOOK_ERROR_SPAWN);
    assert_file_unchanged (fx);
  }
}

static void
test_hook_cancelled_while_running (Fixture       *fx,
                                   gconstpointer  data)
{
  g_autofree char *hook = write_hook ("sleep 10; printf '{}'");
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  gint64 start = g_get_monotonic_time ();

  use_server (fx, "openai");
  use_hook (fx, hook);
  g_timeout_add (200, cancel_cb, cancellable);
  check_navigation_fails (fx, cancellable, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_cmpint (g_get_monotonic_time () - start, <, 3 * G_USEC_PER_SEC);
}

static gboolean
process_gone (int pid)
{
  g_autofree char *stat_path = g_strdup_printf ("/proc/%d/stat", pid);
  g_autofree char *stat = NULL;
  const char *close_paren;

  if (kill (pid, 0) != 0)
    return TRUE;
  /* an orphan killed but not yet reaped is a zombie: gone as far as we care */
  if (!g_file_get_contents (stat_path, &stat, NULL, NULL))
    return TRUE;
  close_paren = strrchr (stat, ')');
  return close_paren && close_paren[1] == ' ' && close_paren[2] == 'Z';
}

static void
test_hook_timeout_kills_children (Fixture       *fx,
                                  gconstpointer  data)
{
  g_autofree char *hook = write_hook ("sleep 30 &\necho $! > \"$HERE/child.pid\"\nwait");
  g_autofree char *pid_text = NULL;
  gint64 deadline;
  int pid;

  ramo_agent_session_set_hook_timeout (fx->session, 0.5);
  use_hook (fx, hook);
  check_navigation_fails (fx, NULL, RAMO_HOOK_ERROR, RAMO_HOOK_ERROR_TIMEOUT);
  pid_text = hook_file (hook, "child.pid");
  pid = atoi (pid_text);
  g_assert_cmpint (pid, >, 1);
  deadline = g_get_monotonic_time () + 2 * G_USEC_PER_SEC;
  while (!process_gone (pid) && g_get_monotonic_time () < deadline)
    g_usleep (10000);
  g_assert_true (process_gone (pid));
}

static void
test_hook_environment (Fixture       *fx,
                       gconstpointer  data)
{
  g_autofree char *hook = write_hook ("cat > /dev/null; env > \"$HERE/env.txt\"; printf '{}'");
  g_autoptr(RamoTreeResult) result = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *env = NULL;

  g_assert_true (ramo_hook_is_scrubbed_variable ("OPENAI_API_KEY"));
  g_assert_true (ramo_hook_is_scrubbed_variable ("GROQ_API_KEY"));
  g_assert_false (ramo_hook_is_scrubbed_variable ("HOME"));

  g_setenv ("OPENAI_API_KEY", KEY, TRUE);
  g_setenv ("ANTHROPIC_API_KEY", "sk-ant-secret-for-hook-test", TRUE);
  g_setenv ("GROQ_API_KEY", "gsk-secret", TRUE);
  g_setenv ("RAMO_HOOK_TEST_MARKER", "visible", TRUE);
  use_hook (fx, hook);
  result = navigate (fx->session, "b2000004", NULL, NULL, &error);
  g_unsetenv ("OPENAI_API_KEY");
  g_unsetenv ("ANTHROPIC_API_KEY");
  g_unsetenv ("GROQ_API_KEY");
  g_assert_no_error (error);

  env = hook_file (hook, "env.txt");
  g_assert_nonnull (strstr (env, "RAMO_HOOK_TEST_MARKER=visible"));
  g_assert_null (strstr (env, "OPENAI_API_KEY"));
  g_assert_null (strstr (env, "ANTHROPIC_API_KEY"));
  g_assert_null (strstr (env, "GROQ_API_KEY"));
  g_assert_null (strstr (env, "SECRET"));
  g_unsetenv ("RAMO_HOOK_TEST_MARKER");
}

/* ------------------------------------------------------------------------------------------ */
/* /branch                                                                                     */

typedef struct
{
  guint     n_before;
  guint     n_branch;
  gboolean  cancel;
  char     *entry_id;
  char     *new_path;
} BranchWatch;

static gboolean
before_branch_cb (RamoAgentSession *session,
                  const char       *entry_id,
                  BranchWatch      *w)
{
  w->n_before++;
  return w->cancel;
}

static void
branch_cb (RamoAgentSession *session,
           const char       *entry_id,
           const char       *new_path,
           BranchWatch      *w)
{
  w->n_branch++;
  g_free (w->entry_id);
  w->entry_id = g_strdup (entry_id);
  g_free (w->new_path);
  w->new_path = g_strdup (new_path);
}

static guint
count_files (const char *dir_path)
{
  g_autoptr(GDir) dir = g_dir_open (dir_path, 0, NULL);
  guint n = 0;

  while (g_dir_read_name (dir))
    n++;
  return n;
}

static void
test_branch (Fixture       *fx,
             gconstpointer  data)
{
  BranchWatch w = { 0 };
  g_autofree char *dir = g_path_get_dirname (fx->path);
  g_autofree char *editor = NULL;
  g_autofree char *new_path = NULL;
  g_autoptr(RamoSessionManager) new_manager = NULL;
  g_autoptr(GError) error = NULL;
  RamoEntry *leaf;

  g_signal_connect (fx->session, "before-branch", G_CALLBACK (before_branch_cb), &w);
  g_signal_connect (fx->session, "branch", G_CALLBACK (branch_cb), &w);

  /* only user messages */
  g_assert_false (ramo_agent_session_branch (fx->session, "a1000002", &editor, &new_path, &new_manager, &error));
  g_assert_error (error, RAMO_SESSION_ERROR, RAMO_SESSION_ERROR_INVALID_ARGUMENT);
  g_clear_error (&error);
  g_assert_false (ramo_agent_session_branch (fx->session, "nope", NULL, NULL, NULL, &error));
  g_assert_error (error, RAMO_SESSION_ERROR, RAMO_SESSION_ERROR_NOT_FOUND);
  g_clear_error (&error);
  g_assert_cmpuint (w.n_before, ==, 0);

  /* a handler may cancel */
  w.cancel = TRUE;
  g_assert_false (ramo_agent_session_branch (fx->session, "b2000005", &editor, &new_path, &new_manager, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_clear_error (&error);
  g_assert_null (editor);
  g_assert_null (new_path);
  g_assert_cmpuint (w.n_before, ==, 1);
  g_assert_cmpuint (w.n_branch, ==, 0);
  g_assert_cmpuint (count_files (dir), ==, 1);

  /* a user message in the middle: the path root→its parent in a new file */
  w.cancel = FALSE;
  g_assert_true (ramo_agent_session_branch (fx->session, "b2000005", &editor, &new_path, &new_manager, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (editor, ==, B5_TEXT);
  g_assert_nonnull (new_path);
  g_assert_null (new_manager);
  g_assert_cmpstr (new_path, !=, fx->path);
  g_assert_cmpstr (ramo_session_manager_get_path (fx->manager), ==, new_path);
  g_assert_true (ramo_agent_session_get_manager (fx->session) == fx->manager);
  g_assert_cmpuint (count_files (dir), ==, 2);
  g_assert_cmpuint (w.n_branch, ==, 1);
  g_assert_cmpstr (w.entry_id, ==, "b2000005");
  g_assert_cmpstr (w.new_path, ==, new_path);
  /* 3 + a1000001…a1000006 + b2000001…b2000004, then the label "plan" of a1000006 */
  g_assert_cmpuint (ramo_session_manager_get_n_entries (fx->manager), ==, 14);
  leaf = ramo_session_manager_get_leaf (fx->manager);
  g_assert_cmpstr (ramo_entry_get_type_name (leaf), ==, "label");
  g_assert_cmpstr (leaf->parent_id, ==, "b2000004");
  g_assert_cmpstr (ramo_session_manager_get_label (fx->manager, "a1000006"), ==, "plan");
  g_assert_cmpstr (json_object_get_string_member (ramo_session_manager_get_header (fx->manager), "parentSession"),
                   ==, fx->path);
  g_assert_cmpstr (ramo_session_context_get_leaf (ramo_agent_session_get_context (fx->session))->id, ==, leaf->id);
  assert_file_unchanged (fx);

  g_free (w.entry_id);
  g_free (w.new_path);
}

static void
manager_notify_cb (GObject    *object,
                   GParamSpec *pspec,
                   guint      *count)
{
  (*count)++;
}

static void
test_branch_root (void)
{
  const char *text =
    "{\"type\":\"session\",\"version\":3,\"id\":\"s-root\",\"timestamp\":\"2026-01-01T00:00:00.000Z\",\"cwd\":\"/w/root\"}\n"
    "{\"type\":\"message\",\"id\":\"r1\",\"parentId\":null,\"timestamp\":\"2026-01-01T00:00:01.000Z\","
    "\"message\":{\"role\":\"user\",\"content\":\"First question\"}}\n";
  g_autofree char *path = ramo_test_write_file ("root.jsonl", text, -1);
  g_autofree char *dir = g_path_get_dirname (path);
  g_autofree char *editor = NULL;
  g_autofree char *new_path = NULL;
  g_autofree char *new_dir = NULL;
  g_autoptr(RamoSessionManager) new_manager = NULL;
  g_autoptr(GError) error = NULL;
  Fixture fx = { 0 };
  guint notified = 0;
  JsonObject *header;

  fixture_open (&fx, path);
  g_signal_connect (fx.session, "notify::manager", G_CALLBACK (manager_notify_cb), &notified);
  g_assert_true (ramo_agent_session_branch (fx.session, "r1", &editor, &new_path, &new_manager, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (editor, ==, "First question");
  g_assert_nonnull (new_manager);
  g_assert_true (new_manager != fx.manager);
  g_assert_true (ramo_agent_session_get_manager (fx.session) == new_manager);
  g_assert_cmpuint (notified, ==, 1);
  g_assert_cmpstr (ramo_session_manager_get_path (new_manager), ==, new_path);
  new_dir = g_path_get_dirname (new_path);
  g_assert_cmpstr (new_dir, ==, dir);
  g_assert_cmpuint (ramo_session_manager_get_n_entries (new_manager), ==, 0);
  header = ramo_session_manager_get_header (new_manager);
  g_assert_cmpstr (json_object_get_string_member (header, "parentSession"), ==, path);
  g_assert_cmpstr (json_object_get_string_member (header, "cwd"), ==, "/w/root");
  g_assert_cmpuint (ramo_session_context_get_n_messages (ramo_agent_session_get_context (fx.session)), ==, 0);
  /* the old manager and file are untouched */
  g_assert_cmpstr (ramo_session_manager_get_path (fx.manager), ==, path);
  assert_file_unchanged (&fx);
  fixture_teardown (&fx, NULL);
}

/* ------------------------------------------------------------------------------------------ */
/* Compaction                                                                                  */

typedef struct
{
  gboolean           done;
  RamoCompactResult *result;
  GError            *error;
} CompactOutcome;

static void
compact_cb (GObject      *object,
            GAsyncResult *res,
            gpointer      user_data)
{
  CompactOutcome *o = user_data;

  o->result = ramo_agent_session_compact_finish (RAMO_AGENT_SESSION (object), res, &o->error);
  o->done = TRUE;
}

static RamoCompactResult *
compact (RamoAgentSession  *session,
         const char        *kept,
         const char        *instructions,
         GError           **error)
{
  g_autoptr(RamoCompactOptions) options = ramo_compact_options_new ();
  CompactOutcome o = { 0 };

  options->custom_instructions = g_strdup (instructions);
  ramo_agent_session_compact_async (session, kept, options, NULL, compact_cb, &o);
  llm_wait_for (&o.done, 20);
  if (o.error)
    g_propagate_error (error, o.error);
  return o.result;
}

typedef struct
{
  guint                      n_before;
  guint                      n_compacting;
  guint                      n_compact;
  RamoCompactionPreparation *preparation;
  char                      *kept_id;
  char                      *entry_id;
  gboolean                   from_hook;
  gboolean                   cancel;
  const char                *summary;
} CompactWatch;

static void
before_compact_cb (RamoAgentSession          *session,
                   RamoCompactionPreparation *prep,
                   CompactWatch              *w)
{
  w->n_before++;
  g_set_object (&w->preparation, prep);
  if (w->cancel)
    ramo_compaction_preparation_cancel (prep);
  if (w->summary)
    ramo_compaction_preparation_set_summary (prep, w->summary, NULL);
}

static void
compacting_cb (RamoAgentSession *session,
               const char       *kept_id,
               CompactWatch     *w)
{
  w->n_compacting++;
  g_free (w->kept_id);
  w->kept_id = g_strdup (kept_id);
}

static void
compact_done_cb (RamoAgentSession *session,
                 const char       *entry_id,
                 gboolean          from_hook,
                 CompactWatch     *w)
{
  w->n_compact++;
  g_free (w->entry_id);
  w->entry_id = g_strdup (entry_id);
  w->from_hook = from_hook;
}

static void
watch_compact (Fixture      *fx,
               CompactWatch *w)
{
  g_signal_connect (fx->session, "before-compact", G_CALLBACK (before_compact_cb), w);
  g_signal_connect (fx->session, "compacting", G_CALLBACK (compacting_cb), w);
  g_signal_connect (fx->session, "compact", G_CALLBACK (compact_done_cb), w);
}

static void
compact_watch_clear (CompactWatch *w)
{
  g_clear_object (&w->preparation);
  g_clear_pointer (&w->kept_id, g_free);
  g_clear_pointer (&w->entry_id, g_free);
}

static void
test_compact_llm (Fixture       *fx,
                  gconstpointer  data)
{
  CompactWatch w = { 0 };
  g_autoptr(RamoCompactResult) result = NULL;
  g_autoptr(RamoCompactResult) again = NULL;
  g_autoptr(GPtrArray) lines = NULL;
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) ids = NULL;
  g_autofree char *ids_text = NULL;
  g_autofree char *details = NULL;
  RamoSessionContext *context;
  JsonObject *entry;

  use_server (fx, "openai");
  watch_compact (fx, &w);
  g_free (fx->server->reply_text);
  fx->server->reply_text = g_strdup ("## Goal\nCache plus flag.");

  result = compact (fx->session, "e5000013", "keep the flag", &error);
  g_assert_no_error (error);

  /* the part since the previous compaction's first kept entry, without that compaction */
  ids = ramo_compaction_preparation_dup_entry_ids (w.preparation);
  ids_text = joined_ids (ids);
  g_assert_cmpstr (ids_text, ==, "e5000005 e5000006 e5000007 e5000008 e5000010 e5000011 e5000012");
  g_assert_cmpstr (ramo_compaction_preparation_get_first_kept_entry_id (w.preparation), ==, "e5000013");
  g_assert_cmpstr (ramo_compaction_preparation_get_leaf_id (w.preparation), ==, "e5000014");
  g_assert_true (g_str_has_prefix (ramo_compaction_preparation_get_previous_summary (w.preparation),
                                   "## Goal\nCache forecast API responses on disk."));
  /* pi 0.73.1's estimateTokens over the context at e5000014, computed with pi itself */
  g_assert_cmpint (ramo_compaction_preparation_get_tokens_before (w.preparation), ==, 217);
  g_assert_cmpuint (w.n_compacting, ==, 1);
  g_assert_cmpstr (w.kept_id, ==, "e5000013");

  g_assert_cmpuint (fx->server->n_requests, ==, 1);
  g_assert_nonnull (strstr (fx->server->last_body, "<previous-summary>\\n## Goal\\nCache forecast API"));
  g_assert_nonnull (strstr (fx->server->last_body, "The user adds: keep the flag"));
  g_assert_nonnull (strstr (fx->server->last_body, "User: Add a --no-cache flag too"));
  g_assert_null (strstr (fx->server->last_body, "weather --no-cache rome"));   /* e5000013 is kept */

  lines = new_lines (fx);
  g_assert_cmpuint (lines->len, ==, 1);
  entry = line_object (lines, 0);
  g_assert_cmpstr (json_object_get_string_member (entry, "type"), ==, "compaction");
  g_assert_cmpstr (json_object_get_string_member (entry, "parentId"), ==, "e5000014");
  g_assert_cmpstr (json_object_get_string_member (entry, "firstKeptEntryId"), ==, "e5000013");
  g_assert_cmpint (json_object_get_int_member (entry, "tokensBefore"), ==, 217);
  g_assert_cmpstr (json_object_get_string_member (entry, "summary"), ==,
                   "## Goal\nCache plus flag.\n\n<modified-files>\n" API_PY "\n</modified-files>");
  /* api.py: read in the previous compaction's details, but modified (previous details and edit) */
  details = json_text (json_object_get_member (entry, "details"));
  g_assert_cmpstr (details, ==, "{\"readFiles\":[],\"modifiedFiles\":[\"" API_PY "\"]}");
  g_assert_false (json_object_has_member (entry, "fromHook"));

  g_assert_cmpstr (result->entry_id, ==, json_object_get_string_member (entry, "id"));
  g_assert_cmpint (result->tokens_before, ==, 217);
  g_assert_false (result->from_hook);
  g_assert_cmpuint (w.n_compact, ==, 1);
  g_assert_cmpstr (w.entry_id, ==, result->entry_id);

  /* the context now starts with the new summary, then e5000013 onwards */
  context = ramo_agent_session_get_context (fx->session);
  g_assert_cmpuint (ramo_session_context_get_n_messages (context), ==, 3);
  g_assert_cmpint (ramo_session_context_get_kind (context, 0), ==, RAMO_CONTEXT_ITEM_COMPACTION_SUMMARY);
  g_assert_cmpstr (ramo_session_context_get_entry (context, 0)->id, ==, result->entry_id);
  g_assert_cmpstr (ramo_session_context_get_entry (context, 1)->id, ==, "e5000013");

  /* compacting twice in a row is refused */
  again = compact (fx->session, "e5000013", NULL, &error);
  g_assert_error (error, RAMO_SESSION_ERROR, RAMO_SESSION_ERROR_NOTHING_TO_DO);
  compact_watch_clear (&w);
}

static void
test_compact_hook_summary (Fixture       *fx,
                           gconstpointer  data)
{
  CompactWatch w = { .summary = "Supplied compaction" };
  g_autoptr(RamoCompactResult) result = NULL;
  g_autoptr(GPtrArray) lines = NULL;
  g_autoptr(GError) error = NULL;

  /* no model at all: a handler that supplies the summary is enough */
  watch_compact (fx, &w);
  result = compact (fx->session, "e5000010", NULL, &error);
  g_assert_no_error (error);
  g_assert_true (result->from_hook);
  g_assert_true (w.from_hook);
  lines = new_lines (fx);
  g_assert_cmpuint (lines->len, ==, 1);
  g_assert_cmpstr (json_object_get_string_member (line_object (lines, 0), "summary"), ==, "Supplied compaction");
  g_assert_true (json_object_get_boolean_member (line_object (lines, 0), "fromHook"));
  g_assert_false (json_object_has_member (line_object (lines, 0), "details"));
  g_assert_cmpstr (json_object_get_string_member (line_object (lines, 0), "firstKeptEntryId"), ==, "e5000010");
  compact_watch_clear (&w);
}

static void
test_compact_executable_hook (Fixture       *fx,
                              gconstpointer  data)
{
  g_autofree char *hook = write_hook ("cat > \"$HERE/stdin.json\"\n"
                                      "printf '%s' '{\"compaction\":{\"summary\":\"pi style\",\"details\":{\"a\":[1]}}}'");
  g_autoptr(RamoCompactResult) result = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) input = NULL;
  g_autofree char *stdin_text = NULL;
  JsonObject *prep;

  use_hook (fx, hook);
  result = compact (fx->session, "e5000013", NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (result->summary, ==, "pi style");
  g_assert_true (result->from_hook);
  stdin_text = hook_file (hook, "stdin.json");
  input = json_from_string (stdin_text, NULL);
  g_assert_cmpstr (json_object_get_string_member (json_node_get_object (input), "type"), ==, "session_before_compact");
  prep = json_object_get_object_member (json_node_get_object (input), "preparation");
  g_assert_cmpstr (json_object_get_string_member (prep, "firstKeptEntryId"), ==, "e5000013");
  g_assert_cmpint (json_object_get_int_member (prep, "tokensBefore"), ==, 217);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (prep, "entriesToSummarize")), ==, 7);
}

static void
check_compact_fails (Fixture    *fx,
                     const char *kept,
                     GQuark      domain,
                     int         code)
{
  g_autoptr(RamoCompactResult) result = NULL;
  g_autoptr(GError) error = NULL;

  result = compact (fx->session, kept, NULL, &error);
  g_assert_null (result);
  g_assert_error (error, domain, code);
  g_assert_false (ramo_agent_session_is_busy (fx->session));
  g_assert_cmpstr (ramo_session_manager_get_leaf_id (fx->manager), ==, "e5000014");
  assert_file_unchanged (fx);
}

static void
test_compact_failures (Fixture       *fx,
                       gconstpointer  data)
{
  CompactWatch w = { 0 };

  check_compact_fails (fx, "nope", RAMO_SESSION_ERROR, RAMO_SESSION_ERROR_NOT_FOUND);
  check_compact_fails (fx, "b2000001", RAMO_SESSION_ERROR, RAMO_SESSION_ERROR_INVALID_ARGUMENT);
  check_compact_fails (fx, "e5000012", RAMO_SESSION_ERROR, RAMO_SESSION_ERROR_INVALID_ARGUMENT);
  check_compact_fails (fx, "e5000005", RAMO_SESSION_ERROR, RAMO_SESSION_ERROR_NOTHING_TO_DO);
  check_compact_fails (fx, "5e1f0a01", RAMO_SESSION_ERROR, RAMO_SESSION_ERROR_NOTHING_TO_DO);
  check_compact_fails (fx, "e5000013", RAMO_SUMMARIZER_ERROR, RAMO_SUMMARIZER_ERROR_NO_MODEL);

  use_server (fx, "anthropic");
  llm_server_fail (fx->server, 500, "boom");
  check_compact_fails (fx, "e5000013", RAMO_SUMMARIZER_ERROR, RAMO_SUMMARIZER_ERROR_SERVER);
  ramo_summarizer_config_set_timeout (ramo_agent_session_get_summarizer_config (fx->session), 0.3);
  fx->server->mode = LLM_OK;
  fx->server->delay_ms = 5000;
  check_compact_fails (fx, "e5000013", RAMO_SUMMARIZER_ERROR, RAMO_SUMMARIZER_ERROR_TIMEOUT);

  w.cancel = TRUE;
  watch_compact (fx, &w);
  check_compact_fails (fx, "e5000013", G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_cmpuint (w.n_compacting, ==, 0);
  g_assert_cmpuint (w.n_compact, ==, 0);
  compact_watch_clear (&w);
}

/* ------------------------------------------------------------------------------------------ */
/* pi reads what Ramo wrote                                                                    */

static void
test_pi_reads_branch_summary (Fixture       *fx,
                              gconstpointer  data)
{
  TreeWatch w = { .summary = "Summary for pi\nwith \"quotes\" and ünïcode" };
  g_autoptr(RamoTreeOptions) options = summarize_options (NULL);
  g_autoptr(RamoTreeResult) result = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *node_path = g_find_program_in_path ("node");
  g_autofree char *script = g_test_build_filename (G_TEST_DIST, "compat", "pi-dump.mjs", NULL);
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autoptr(JsonNode) dump = NULL;
  JsonArray *messages;
  int status;
  gboolean found = FALSE;

  if (node_path == NULL)
    {
      g_test_skip ("node is not installed");
      return;
    }

  watch_tree (fx, &w);
  result = navigate (fx->session, "b2000005", options, NULL, &error);
  g_assert_no_error (error);

  {
    const char *argv[] = { node_path, script, "context", fx->path, NULL };

    g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, &out, &err, &status, &error);
    g_assert_no_error (error);
  }
  if (!g_spawn_check_wait_status (status, NULL))
    {
      if (strstr (err, "pi not found"))
        {
          g_test_skip ("pi 0.73.1 is not installed (see tests/compat)");
          return;
        }
      g_error ("pi-dump failed: %s", err);
    }

  dump = json_from_string (out, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (json_object_get_string_member (json_node_get_object (dump), "leafId"), ==,
                   result->summary_entry_id);
  messages = json_object_get_array_member (json_node_get_object (dump), "messages");
  for (guint i = 0; i < json_array_get_length (messages); i++)
    {
      JsonObject *m = json_array_get_object_element (messages, i);

      if (g_strcmp0 (json_object_get_string_member_with_default (m, "role", ""), "branchSummary") != 0)
        continue;
      g_assert_cmpuint (i, ==, json_array_get_length (messages) - 1);
      g_assert_cmpstr (json_object_get_string_member (m, "summary"), ==, w.summary);
      /* the leaf that was left, as pi 1.6.0 records it */
      g_assert_cmpstr (json_object_get_string_member (m, "fromId"), ==, "e5000014");
      found = TRUE;
    }
  g_assert_true (found);
  /* pi's context on the SQLite branch: 10 messages, then the summary */
  g_assert_cmpuint (json_array_get_length (messages), ==, 11);
  tree_watch_clear (&w);
}

/* ------------------------------------------------------------------------------------------ */
/* The command line                                                                            */

typedef struct
{
  gboolean  done;
  char     *out;
  char     *err;
  int       status;
} CliRun;

static void
cli_done_cb (GObject      *object,
             GAsyncResult *res,
             gpointer      user_data)
{
  CliRun *run = user_data;
  GSubprocess *process = G_SUBPROCESS (object);
  g_autoptr(GError) error = NULL;

  g_subprocess_communicate_utf8_finish (process, res, &run->out, &run->err, &error);
  g_assert_no_error (error);
  run->status = g_subprocess_get_if_exited (process) ? g_subprocess_get_exit_status (process) : -1;
  run->done = TRUE;
}

static GSubprocess *
cli_spawn (const char * const *args,
           const char         *api_key)
{
  g_autofree char *binary = g_test_build_filename (G_TEST_BUILT, "..", "src", "cli", "ramo-session", NULL);
  g_autoptr(GSubprocessLauncher) launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE |
                                                                        G_SUBPROCESS_FLAGS_STDERR_PIPE);
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  GSubprocess *process;

  g_ptr_array_add (argv, binary);
  for (guint i = 0; args[i]; i++)
    g_ptr_array_add (argv, (gpointer) args[i]);
  g_ptr_array_add (argv, NULL);

  g_subprocess_launcher_unsetenv (launcher, "G_MESSAGES_DEBUG");
  if (api_key)
    g_subprocess_launcher_setenv (launcher, "OPENAI_API_KEY", api_key, TRUE);
  process = g_subprocess_launcher_spawnv (launcher, (const char * const *) argv->pdata, &error);
  g_assert_no_error (error);
  return process;
}

static void
cli_finish (GSubprocess *process,
            CliRun      *run)
{
  g_subprocess_communicate_utf8_async (process, NULL, NULL, cli_done_cb, run);
  llm_wait_for (&run->done, 20);
}

static void
cli_run (const char * const *args,
         const char         *api_key,
         CliRun             *run)
{
  g_autoptr(GSubprocess) process = cli_spawn (args, api_key);

  cli_finish (process, run);
}

static void
cli_run_clear (CliRun *run)
{
  g_clear_pointer (&run->out, g_free);
  g_clear_pointer (&run->err, g_free);
  run->done = FALSE;
}

static void
test_cli_navigate (Fixture       *fx,
                   gconstpointer  data)
{
  CliRun run = { 0 };
  g_autoptr(GPtrArray) lines = NULL;
  g_autofree char *expected = NULL;

  {
    const char *args[] = { "navigate", fx->path, "b2000005", NULL };

    cli_run (args, NULL, &run);
    g_assert_cmpint (run.status, ==, 0);
    g_assert_cmpstr (run.out, ==, "leaf: b2000004\neditor: " B5_TEXT "\n");
    assert_file_unchanged (fx);
    cli_run_clear (&run);
  }
  {
    const char *args[] = { "navigate", fx->path, "b2000005", "--json", NULL };

    cli_run (args, NULL, &run);
    g_assert_cmpint (run.status, ==, 0);
    g_assert_cmpstr (run.out, ==,
                     "{\"leafId\":\"b2000004\",\"oldLeafId\":\"e5000014\",\"editorText\":\"" B5_TEXT "\","
                     "\"summaryEntryId\":null,\"labelEntryId\":null,\"fromHook\":false,\"changed\":true}\n");
    cli_run_clear (&run);
  }
  {
    const char *args[] = { "navigate", fx->path, "e5000014", NULL };

    cli_run (args, NULL, &run);
    g_assert_cmpint (run.status, ==, 0);
    g_assert_cmpstr (run.out, ==, "leaf: e5000014\nunchanged: e5000014 is the leaf already\n");
    cli_run_clear (&run);
  }
  {
    const char *args[] = { "navigate", fx->path, "nope", NULL };

    cli_run (args, NULL, &run);
    g_assert_cmpint (run.status, ==, 3);
    cli_run_clear (&run);
  }
  {
    const char *args[] = { "navigate", fx->path, NULL };

    cli_run (args, NULL, &run);
    g_assert_cmpint (run.status, ==, 1);
    cli_run_clear (&run);
  }
  {
    const char *args[] = { "navigate", fx->path, "b2000004", "--provider", "gemini", NULL };

    cli_run (args, NULL, &run);
    g_assert_cmpint (run.status, ==, 1);
    cli_run_clear (&run);
  }
  assert_file_unchanged (fx);

  /* --summary plays the hook's part: written with fromHook */
  {
    const char *args[] = { "navigate", fx->path, "b2000005", "--summary", "CLI summary", NULL };
    JsonObject *entry;

    cli_run (args, NULL, &run);
    g_assert_cmpint (run.status, ==, 0);
    lines = new_lines (fx);
    g_assert_cmpuint (lines->len, ==, 1);
    entry = line_object (lines, 0);
    g_assert_cmpstr (json_object_get_string_member (entry, "summary"), ==, "CLI summary");
    g_assert_cmpstr (json_object_get_string_member (entry, "parentId"), ==, "b2000004");
    g_assert_true (json_object_get_boolean_member (entry, "fromHook"));
    expected = g_strdup_printf ("leaf: %s\nsummary: %s\neditor: " B5_TEXT "\n",
                                json_object_get_string_member (entry, "id"),
                                json_object_get_string_member (entry, "id"));
    g_assert_cmpstr (run.out, ==, expected);
    cli_run_clear (&run);
  }
}

static void
test_cli_navigate_summarize (Fixture       *fx,
                             gconstpointer  data)
{
  g_autofree char *base = g_strconcat (fx->server->base_url, "/v1", NULL);
  CliRun run = { 0 };
  g_autoptr(GPtrArray) lines = NULL;

  /* no model: exit 4 before any request */
  {
    const char *args[] = { "navigate", fx->path, "b2000004", "--summarize", "--provider", "openai",
                           "--base-url", base, NULL };

    cli_run (args, KEY, &run);
    g_assert_cmpint (run.status, ==, 4);
    g_assert_nonnull (strstr (run.err, "No model is configured"));
    g_assert_cmpuint (fx->server->n_requests, ==, 0);
    assert_file_unchanged (fx);
    cli_run_clear (&run);
  }

  /* 401: exit 4, the server's message shown, the key nowhere */
  {
    const char *args[] = { "navigate", fx->path, "b2000004", "--summarize", "--provider", "openai",
                           "--base-url", base, "--model", "m1", NULL };

    llm_server_fail (fx->server, 401, "Incorrect API key provided: " KEY);
    cli_run (args, KEY, &run);
    g_assert_cmpint (run.status, ==, 4);
    g_assert_cmpstr (run.err, ==, "ramo-session: The summary request to 127.0.0.1 failed: HTTP 401: "
                                  "Incorrect API key provided: [redacted]\n");
    g_assert_null (strstr (run.out, KEY));
    g_assert_cmpstr (fx->server->last_authorization, ==, "Bearer " KEY);
    assert_file_unchanged (fx);
    cli_run_clear (&run);
  }

  /* success, with instructions */
  {
    const char *args[] = { "navigate", fx->path, "b2000004", "--summarize", "--provider", "openai",
                           "--base-url", base, "--model", "m1", "--instructions", "CLI focus",
                           "--timeout", "5", NULL };

    fx->server->mode = LLM_OK;
    cli_run (args, KEY, &run);
    g_assert_cmpint (run.status, ==, 0);
    g_assert_nonnull (strstr (fx->server->last_body, "The user adds: CLI focus"));
    g_assert_nonnull (strstr (fx->server->last_body, "\"model\":\"m1\""));
    lines = new_lines (fx);
    g_assert_cmpuint (lines->len, ==, 1);
    g_assert_true (g_str_has_prefix (json_object_get_string_member (line_object (lines, 0), "summary"),
                                     "A short summary.\n\n<modified-files>"));
    cli_run_clear (&run);
  }
}

static void
test_cli_sigint (Fixture       *fx,
                 gconstpointer  data)
{
  g_autofree char *base = g_strconcat (fx->server->base_url, "/v1", NULL);
  const char *args[] = { "navigate", fx->path, "b2000004", "--summarize", "--provider", "openai",
                         "--base-url", base, "--model", "m1", NULL };
  g_autoptr(GSubprocess) process = NULL;
  gint64 deadline;
  CliRun run = { 0 };

  fx->server->delay_ms = 10000;
  process = cli_spawn (args, KEY);
  deadline = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;
  while (fx->server->n_requests == 0)
    {
      g_main_context_iteration (NULL, FALSE);
      g_usleep (1000);
      g_assert_cmpint (g_get_monotonic_time (), <, deadline);
    }
  g_subprocess_send_signal (process, SIGINT);
  cli_finish (process, &run);
  g_assert_cmpint (run.status, ==, 4);
  g_assert_nonnull (strstr (run.err, "cancelled"));
  assert_file_unchanged (fx);
  cli_run_clear (&run);
}

static void
test_cli_compact (Fixture       *fx,
                  gconstpointer  data)
{
  CliRun run = { 0 };
  g_autoptr(GPtrArray) lines = NULL;
  g_autofree char *expected = NULL;

  {
    const char *args[] = { "compact", fx->path, "e5000012", "--summary", "x", NULL };

    cli_run (args, NULL, &run);
    g_assert_cmpint (run.status, ==, 1);
    assert_file_unchanged (fx);
    cli_run_clear (&run);
  }
  /* nothing to compact: its own exit status (5, as --help says), a clear message */
  {
    const char *args[] = { "compact", fx->path, "e5000005", "--summary", "x", NULL };

    cli_run (args, NULL, &run);
    g_assert_cmpint (run.status, ==, 5);
    g_assert_cmpstr (run.out, ==, "");
    g_assert_true (g_str_has_prefix (run.err, "ramo-session: Nothing to compact before entry e5000005"));
    g_assert_nonnull (strstr (run.err, "the file is unchanged"));
    assert_file_unchanged (fx);
    cli_run_clear (&run);
  }
  {
    const char *args[] = { "--help", NULL };

    cli_run (args, NULL, &run);
    g_assert_cmpint (run.status, ==, 0);
    g_assert_nonnull (strstr (run.out, "5 nothing to\ncompact before ID"));
    cli_run_clear (&run);
  }
  {
    const char *args[] = { "compact", fx->path, "e5000013", NULL };

    cli_run (args, NULL, &run);
    g_assert_cmpint (run.status, ==, 4);
    assert_file_unchanged (fx);
    cli_run_clear (&run);
  }
  {
    const char *args[] = { "compact", fx->path, "e5000013", "--summary", "Compacted by hand", NULL };

    cli_run (args, NULL, &run);
    g_assert_cmpint (run.status, ==, 0);
    lines = new_lines (fx);
    g_assert_cmpuint (lines->len, ==, 1);
    g_assert_cmpstr (json_object_get_string_member (line_object (lines, 0), "type"), ==, "compaction");
    g_assert_cmpstr (json_object_get_string_member (line_object (lines, 0), "summary"), ==, "Compacted by hand");
    expected = g_strdup_printf ("compaction: %s\nfirst kept: e5000013\ntokens before: 217\n",
                                json_object_get_string_member (line_object (lines, 0), "id"));
    g_assert_cmpstr (run.out, ==, expected);
    cli_run_clear (&run);
  }
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  llm_isolate_environment ();

#define ADD(path, fn) g_test_add (path, Fixture, NULL, fixture_setup, fn, fixture_teardown)
  ADD ("/AgentSession/navigate/noop", test_navigate_noop);
  ADD ("/AgentSession/navigate/unknown", test_navigate_unknown);
  ADD ("/AgentSession/navigate/user-message", test_navigate_user_message);
  ADD ("/AgentSession/navigate/other-entries", test_navigate_other_entries);
  g_test_add_func ("/AgentSession/navigate/root-user", test_navigate_root_user);
  ADD ("/AgentSession/navigate/handler-summary", test_navigate_handler_summary);
  ADD ("/AgentSession/navigate/handler-summary-unwanted", test_navigate_handler_summary_ignored_without_request);
  ADD ("/AgentSession/navigate/llm-summary", test_navigate_llm_summary);
  ADD ("/AgentSession/navigate/labels", test_navigate_labels);
  ADD ("/AgentSession/navigate/nothing-to-summarize", test_navigate_nothing_to_summarize);
  ADD ("/AgentSession/navigate/fail/no-model", test_fail_no_model);
  ADD ("/AgentSession/navigate/fail/http", test_fail_http);
  ADD ("/AgentSession/navigate/fail/timeout", test_fail_timeout);
  ADD ("/AgentSession/navigate/fail/cancel", test_fail_cancel);
  ADD ("/AgentSession/navigate/fail/handler-cancels", test_fail_handler_cancels);
  ADD ("/AgentSession/navigate/busy", test_busy);
  ADD ("/AgentSession/hook/summary", test_hook_summary);
  ADD ("/AgentSession/hook/no-opinion-and-overrides", test_hook_no_opinion_and_overrides);
  ADD ("/AgentSession/hook/failures", test_hook_failures);
  ADD ("/AgentSession/hook/cancelled-while-running", test_hook_cancelled_while_running);
  ADD ("/AgentSession/hook/environment", test_hook_environment);
  ADD ("/AgentSession/hook/timeout-kills-children", test_hook_timeout_kills_children);
  ADD ("/AgentSession/branch", test_branch);
  g_test_add_func ("/AgentSession/branch/root", test_branch_root);
  ADD ("/AgentSession/compact/llm", test_compact_llm);
  ADD ("/AgentSession/compact/handler-summary", test_compact_hook_summary);
  ADD ("/AgentSession/compact/executable-hook", test_compact_executable_hook);
  ADD ("/AgentSession/compact/failures", test_compact_failures);
  ADD ("/AgentSession/pi/reads-branch-summary", test_pi_reads_branch_summary);
  ADD ("/AgentSession/cli/navigate", test_cli_navigate);
  ADD ("/AgentSession/cli/navigate-summarize", test_cli_navigate_summarize);
  ADD ("/AgentSession/cli/sigint", test_cli_sigint);
  ADD ("/AgentSession/cli/compact", test_cli_compact);
#undef ADD

  return g_test_run ();
}

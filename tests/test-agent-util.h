/* test-agent-util.h — what the tests that drive the real pi 1.6.0 share: a loopback streaming
 * LLM, pi's own configuration in temporary folders, and reading the session pi wrote
 *
 * Copyright 2026 The Ramo authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The LLM is a SoupServer on 127.0.0.1 speaking OpenAI's chat completions with `stream: true`
 * (server-sent events, one `chat.completion.chunk` per piece of text, then `[DONE]`). Each
 * request takes the next reply of a script (its text pieces, or an error status and message),
 * and a reply can hold its stream after some pieces until the test releases it: that is how a
 * test aborts in the middle of a reply without a sleep. Every request body is kept.
 *
 * pi is the one tests/compat/install-agents.sh installs (RAMO_AGENTS_DIR, else
 * ~/.cache/ramo-agents), run by the node 22 installed beside it through RAMO_PI_COMMAND, with
 * PI_CODING_AGENT_DIR and HOME in a temporary folder holding its models.json (one provider,
 * `ramo-test`, at the server) and settings.json (that provider's model by default, no retries).
 * Nothing goes to the network (PI_OFFLINE, no proxy).
 */

#pragma once

#include <string.h>

#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <libsoup/soup.h>

#include "ramo-agent-process.h"
#include "ramo-test-util.h"

/* ---------------------------------------------------------------------------------------- */
/* waiting on events                                                                         */

static inline gboolean
agent_test_tick_cb (gpointer data)
{
  return G_SOURCE_CONTINUE;
}

/* Runs the main context until @done (a flag another callback sets) or fails after @seconds. */
static inline void
agent_test_wait_flag (const gboolean *done,
                      double          seconds,
                      const char     *what)
{
  gint64 deadline = g_get_monotonic_time () + (gint64) (seconds * G_USEC_PER_SEC);
  guint tick = g_timeout_add (50, agent_test_tick_cb, NULL);

  while (!*done)
    {
      g_main_context_iteration (NULL, TRUE);
      if (!*done && g_get_monotonic_time () > deadline)
        g_error ("timed out waiting for %s", what);
    }
  g_source_remove (tick);
}

typedef struct
{
  GAsyncResult *result;
  gboolean      done;
} AgentWait;

static inline void
agent_wait_cb (GObject      *object,
               GAsyncResult *result,
               gpointer      user_data)
{
  AgentWait *wait = user_data;

  wait->result = g_object_ref (result);
  wait->done = TRUE;
}

/* The result of the operation started with agent_wait_cb and @wait (free with g_object_unref) */
static inline GAsyncResult *
agent_wait (AgentWait  *wait,
            const char *what)
{
  agent_test_wait_flag (&wait->done, 60, what);
  return wait->result;
}

/* ---------------------------------------------------------------------------------------- */
/* the loopback LLM                                                                          */

typedef struct
{
  guint      status;          /* 200, or the error status to answer with */
  char      *error_message;
  GPtrArray *chunks;          /* the reply's text, piece by piece */
  int        hold_after;      /* hold the stream once this many pieces went out (-1: never) */
} FakeReply;

typedef struct _FakeLlm FakeLlm;

typedef struct
{
  FakeLlm           *llm;
  SoupServerMessage *msg;
  FakeReply         *reply;
  guint              next;
  guint              source_id;
  gboolean           held;
  gboolean           released;
  gboolean           closed;
} FakeStream;

struct _FakeLlm
{
  SoupServer *server;
  char       *base_url;       /* http://127.0.0.1:PORT/v1 */
  GQueue      replies;        /* FakeReply*, for the next requests */
  GPtrArray  *requests;       /* JsonNode*: every request body, in order */
  GPtrArray  *streams;        /* FakeStream* */
  FakeStream *held;           /* the stream holding, if any */
  gboolean    holding;        /* held != NULL, for agent_test_wait_flag() */
  guint       n_closed;       /* streams the client closed before their end */
  gboolean    closed;         /* n_closed > 0, for agent_test_wait_flag() */
};

static inline void
fake_reply_free (FakeReply *reply)
{
  g_free (reply->error_message);
  g_ptr_array_unref (reply->chunks);
  g_free (reply);
}

/* Queues a reply of the pieces given (NULL-terminated) for the next request. */
static inline void
fake_llm_reply (FakeLlm    *llm,
                int         hold_after,
                const char *first,
                ...)
{
  FakeReply *reply = g_new0 (FakeReply, 1);
  va_list args;

  reply->status = 200;
  reply->hold_after = hold_after;
  reply->chunks = g_ptr_array_new_with_free_func (g_free);
  va_start (args, first);
  for (const char *piece = first; piece != NULL; piece = va_arg (args, const char *))
    g_ptr_array_add (reply->chunks, g_strdup (piece));
  va_end (args);
  g_queue_push_tail (&llm->replies, reply);
}

static inline void
fake_llm_fail (FakeLlm    *llm,
               guint       status,
               const char *message)
{
  FakeReply *reply = g_new0 (FakeReply, 1);

  reply->status = status;
  reply->error_message = g_strdup (message);
  reply->chunks = g_ptr_array_new ();
  reply->hold_after = -1;
  g_queue_push_tail (&llm->replies, reply);
}

static inline void
fake_stream_free (gpointer data)
{
  FakeStream *stream = data;

  g_clear_handle_id (&stream->source_id, g_source_remove);
  g_signal_handlers_disconnect_by_data (stream->msg, stream);
  g_object_unref (stream->msg);
  fake_reply_free (stream->reply);
  g_free (stream);
}

static inline void
fake_stream_append (FakeStream *stream,
                    const char *event)
{
  SoupMessageBody *body = soup_server_message_get_response_body (stream->msg);
  g_autofree char *line = g_strdup_printf ("data: %s\n\n", event);

  soup_message_body_append (body, SOUP_MEMORY_COPY, line, strlen (line));
}

static inline char *
fake_chunk_json (const char *text,
                 gboolean    last)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  g_autoptr(JsonNode) root = NULL;

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "id");
  json_builder_add_string_value (builder, "chatcmpl-ramo-test");
  json_builder_set_member_name (builder, "object");
  json_builder_add_string_value (builder, "chat.completion.chunk");
  json_builder_set_member_name (builder, "created");
  json_builder_add_int_value (builder, 1);
  json_builder_set_member_name (builder, "model");
  json_builder_add_string_value (builder, "fake-model");
  json_builder_set_member_name (builder, "choices");
  json_builder_begin_array (builder);
  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "index");
  json_builder_add_int_value (builder, 0);
  json_builder_set_member_name (builder, "delta");
  json_builder_begin_object (builder);
  if (text != NULL)
    {
      json_builder_set_member_name (builder, "content");
      json_builder_add_string_value (builder, text);
    }
  json_builder_end_object (builder);
  json_builder_set_member_name (builder, "finish_reason");
  if (last)
    json_builder_add_string_value (builder, "stop");
  else
    json_builder_add_null_value (builder);
  json_builder_end_object (builder);
  json_builder_end_array (builder);
  if (last)
    {
      json_builder_set_member_name (builder, "usage");
      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "prompt_tokens");
      json_builder_add_int_value (builder, 12);
      json_builder_set_member_name (builder, "completion_tokens");
      json_builder_add_int_value (builder, 5);
      json_builder_set_member_name (builder, "total_tokens");
      json_builder_add_int_value (builder, 17);
      json_builder_end_object (builder);
    }
  json_builder_end_object (builder);
  root = json_builder_get_root (builder);
  return json_to_string (root, FALSE);
}

static inline gboolean fake_stream_tick_cb (gpointer data);

static inline void
fake_stream_schedule (FakeStream *stream)
{
  stream->source_id = g_timeout_add (3, fake_stream_tick_cb, stream);
}

static inline gboolean
fake_stream_tick_cb (gpointer data)
{
  FakeStream *stream = data;
  FakeReply *reply = stream->reply;

  stream->source_id = 0;
  if (stream->closed)
    return G_SOURCE_REMOVE;

  if (reply->hold_after >= 0 && stream->next == (guint) reply->hold_after && !stream->released)
    {
      stream->held = TRUE;
      stream->llm->held = stream;
      stream->llm->holding = TRUE;
      return G_SOURCE_REMOVE;
    }

  if (stream->next < reply->chunks->len)
    {
      g_autofree char *json = fake_chunk_json (g_ptr_array_index (reply->chunks, stream->next++),
                                               FALSE);

      fake_stream_append (stream, json);
      soup_server_message_unpause (stream->msg);
      fake_stream_schedule (stream);
    }
  else
    {
      g_autofree char *json = fake_chunk_json (NULL, TRUE);

      fake_stream_append (stream, json);
      fake_stream_append (stream, "[DONE]");
      soup_message_body_complete (soup_server_message_get_response_body (stream->msg));
      soup_server_message_unpause (stream->msg);
      stream->closed = TRUE;
    }
  return G_SOURCE_REMOVE;
}

/* Lets the held stream go on to its end. */
static inline void
fake_llm_release (FakeLlm *llm)
{
  FakeStream *stream = llm->held;

  g_assert_nonnull (stream);
  llm->held = NULL;
  llm->holding = FALSE;
  stream->held = FALSE;
  stream->released = TRUE;
  fake_stream_schedule (stream);
}

static inline void
fake_stream_disconnected_cb (SoupServerMessage *msg,
                             FakeStream        *stream)
{
  if (!stream->closed)
    {
      stream->llm->n_closed++;
      stream->llm->closed = TRUE;
    }
  stream->closed = TRUE;
  if (stream->llm->held == stream)
    {
      stream->llm->held = NULL;
      stream->llm->holding = FALSE;
    }
  g_clear_handle_id (&stream->source_id, g_source_remove);
}

static inline void
fake_llm_handler (SoupServer        *server,
                  SoupServerMessage *msg,
                  const char        *path,
                  GHashTable        *query,
                  gpointer           user_data)
{
  FakeLlm *llm = user_data;
  SoupMessageBody *request_body = soup_server_message_get_request_body (msg);
  SoupMessageHeaders *headers = soup_server_message_get_response_headers (msg);
  g_autoptr(JsonParser) parser = json_parser_new ();
  FakeReply *reply;
  FakeStream *stream;

  if (!g_str_has_suffix (path, "/chat/completions"))
    {
      soup_server_message_set_status (msg, 404, NULL);
      return;
    }
  g_assert_true (json_parser_load_from_data (parser, request_body->data, request_body->length, NULL));
  g_ptr_array_add (llm->requests, json_node_copy (json_parser_get_root (parser)));

  reply = g_queue_pop_head (&llm->replies);
  if (reply == NULL)
    {
      reply = g_new0 (FakeReply, 1);
      reply->status = 200;
      reply->hold_after = -1;
      reply->chunks = g_ptr_array_new_with_free_func (g_free);
      g_ptr_array_add (reply->chunks, g_strdup ("An answer."));
    }

  if (reply->status != 200)
    {
      g_autofree char *json = g_strdup_printf ("{\"error\":{\"message\":\"%s\",\"type\":\"test_error\"}}",
                                               reply->error_message);

      soup_server_message_set_status (msg, reply->status, NULL);
      soup_server_message_set_response (msg, "application/json", SOUP_MEMORY_COPY, json, strlen (json));
      fake_reply_free (reply);
      return;
    }

  soup_server_message_set_status (msg, 200, NULL);
  soup_message_headers_set_content_type (headers, "text/event-stream", NULL);
  soup_message_headers_set_encoding (headers, SOUP_ENCODING_CHUNKED);
  stream = g_new0 (FakeStream, 1);
  stream->llm = llm;
  stream->msg = g_object_ref (msg);
  stream->reply = reply;
  g_signal_connect (msg, "disconnected", G_CALLBACK (fake_stream_disconnected_cb), stream);
  g_ptr_array_add (llm->streams, stream);
  soup_server_message_pause (msg);
  fake_stream_schedule (stream);
}

static inline FakeLlm *
fake_llm_new (void)
{
  FakeLlm *llm = g_new0 (FakeLlm, 1);
  g_autoptr(GError) error = NULL;
  GSList *uris;

  llm->server = soup_server_new (NULL, NULL);
  llm->requests = g_ptr_array_new_with_free_func ((GDestroyNotify) json_node_unref);
  llm->streams = g_ptr_array_new_with_free_func (fake_stream_free);
  g_queue_init (&llm->replies);
  soup_server_add_handler (llm->server, NULL, fake_llm_handler, llm, NULL);
  soup_server_listen_local (llm->server, 0, SOUP_SERVER_LISTEN_IPV4_ONLY, &error);
  g_assert_no_error (error);
  uris = soup_server_get_uris (llm->server);
  llm->base_url = g_strdup_printf ("http://127.0.0.1:%d/v1", g_uri_get_port (uris->data));
  g_slist_free_full (uris, (GDestroyNotify) g_uri_unref);
  return llm;
}

/* Forgets the requests and replies of the test before. */
static inline void
fake_llm_reset (FakeLlm *llm)
{
  g_ptr_array_set_size (llm->requests, 0);
  g_queue_clear_full (&llm->replies, (GDestroyNotify) fake_reply_free);
  llm->held = NULL;
  llm->holding = FALSE;
  llm->n_closed = 0;
  llm->closed = FALSE;
}

static inline gboolean
fake_llm_has_requests (FakeLlm *llm,
                       guint    n)
{
  return llm->requests->len >= n;
}

static inline JsonObject *
fake_llm_request (FakeLlm *llm,
                  guint    index)
{
  g_assert_cmpuint (index, <, llm->requests->len);
  return json_node_get_object (g_ptr_array_index (llm->requests, index));
}

/* A chat message's text: a string, or the text blocks of an array joined. */
static inline char *
fake_message_text (JsonObject *message)
{
  JsonNode *content = json_object_get_member (message, "content");
  g_autoptr(GString) text = g_string_new (NULL);

  if (content == NULL || JSON_NODE_HOLDS_NULL (content))
    return g_strdup ("");
  if (JSON_NODE_HOLDS_VALUE (content))
    return g_strdup (json_node_get_string (content));
  if (JSON_NODE_HOLDS_ARRAY (content))
    {
      JsonArray *blocks = json_node_get_array (content);

      for (guint i = 0; i < json_array_get_length (blocks); i++)
        {
          JsonObject *block = json_array_get_object_element (blocks, i);

          if (json_object_has_member (block, "text"))
            g_string_append (text, json_object_get_string_member (block, "text"));
        }
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}

/* The request's messages other than the system prompt, as "role: text" */
static inline char **
fake_request_messages (JsonObject *request)
{
  JsonArray *messages = json_object_get_array_member (request, "messages");
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();

  for (guint i = 0; i < json_array_get_length (messages); i++)
    {
      JsonObject *message = json_array_get_object_element (messages, i);
      const char *role = json_object_get_string_member (message, "role");
      g_autofree char *text = NULL;

      if (strcmp (role, "system") == 0 || strcmp (role, "developer") == 0)
        continue;
      text = fake_message_text (message);
      {
        g_autofree char *line = g_strdup_printf ("%s: %s", role, text);

        g_strv_builder_add (builder, line);
      }
    }
  return g_strv_builder_end (builder);
}

/* All of the request's text (system prompt included), for looking for instructions. */
static inline char *
fake_request_text (JsonObject *request)
{
  JsonArray *messages = json_object_get_array_member (request, "messages");
  g_autoptr(GString) text = g_string_new (NULL);

  for (guint i = 0; i < json_array_get_length (messages); i++)
    {
      g_autofree char *part = fake_message_text (json_array_get_object_element (messages, i));

      g_string_append (text, part);
      g_string_append_c (text, '\n');
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}

/* ---------------------------------------------------------------------------------------- */
/* pi and its configuration                                                                  */

typedef struct
{
  FakeLlm *llm;
  char    *root;            /* the temporary folder */
  char    *project;         /* the sessions' working folder */
  char    *agent_dir;       /* PI_CODING_AGENT_DIR */
  char    *pi_command;      /* RAMO_PI_COMMAND */
  char    *omp_command;     /* RAMO_OMP_COMMAND */
  char    *pi_bin_dir;      /* the folder of pi's `pi` and `node` (for PATH tests) */
} AgentEnv;

static AgentEnv agent_env;

/* Where tests/compat/install-agents.sh put @name (pi16, omp) */
static inline char *
agent_test_agents_dir (const char *name)
{
  const char *dir = g_getenv ("RAMO_AGENTS_DIR");

  if (dir != NULL && *dir != '\0')
    return g_build_filename (dir, name, NULL);
  return g_build_filename (g_get_home_dir (), ".cache", "ramo-agents", name, NULL);
}

static inline char *
agent_test_pi_dir (void)
{
  return agent_test_agents_dir ("pi16");
}

static inline void
agent_test_write (const char *dir,
                  const char *name,
                  const char *contents)
{
  g_autofree char *path = g_build_filename (dir, name, NULL);
  g_autoptr(GError) error = NULL;

  g_file_set_contents (path, contents, -1, &error);
  g_assert_no_error (error);
}

/* The temporary folders, the LLM and the environment every agent shares. */
static inline void
agent_test_setup_common (void)
{
  g_autofree char *home = NULL;

  agent_env.llm = fake_llm_new ();
  agent_env.root = ramo_test_tmpdir ();
  agent_env.agent_dir = g_build_filename (agent_env.root, "agent-dir", NULL);
  home = g_build_filename (agent_env.root, "home", NULL);
  agent_env.project = g_build_filename (agent_env.root, "project with spaces", NULL);
  g_mkdir (agent_env.agent_dir, 0700);
  g_mkdir (home, 0700);
  g_mkdir (agent_env.project, 0700);

  g_setenv ("PI_CODING_AGENT_DIR", agent_env.agent_dir, TRUE);
  g_setenv ("HOME", home, TRUE);
  g_setenv ("PI_OFFLINE", "1", TRUE);
  g_setenv ("PI_SKIP_VERSION_CHECK", "1", TRUE);
  g_setenv ("PI_TELEMETRY", "0", TRUE);
  g_setenv ("no_proxy", "127.0.0.1,localhost", TRUE);
  g_setenv ("NO_PROXY", "127.0.0.1,localhost", TRUE);
  g_unsetenv ("RAMO_PI_COMMAND");
  g_unsetenv ("RAMO_OMP_COMMAND");
  g_unsetenv ("RAMO_AGENT_EXTENSION");
  g_unsetenv ("http_proxy");
  g_unsetenv ("https_proxy");
  g_unsetenv ("HTTP_PROXY");
  g_unsetenv ("HTTPS_PROXY");
  g_unsetenv ("OPENAI_API_KEY");
  g_unsetenv ("ANTHROPIC_API_KEY");
}

/* The `providers` both agents read (pi's models.json, oh-my-pi's models.yml, which is YAML and
 * so takes JSON): one provider, `ramo-test`, at the loopback LLM, with two models. */
static inline char *
agent_test_models_json (void)
{
  return g_strdup_printf (
    "{\"providers\":{\"ramo-test\":{\"baseUrl\":\"%s\",\"api\":\"openai-completions\","
    "\"apiKey\":\"not-a-real-key\",\"models\":["
    "{\"id\":\"fake-model\",\"name\":\"Fake model\",\"reasoning\":false,\"input\":[\"text\"],"
    "\"contextWindow\":128000,\"maxTokens\":4096,"
    "\"cost\":{\"input\":0,\"output\":0,\"cacheRead\":0,\"cacheWrite\":0}},"
    "{\"id\":\"other-model\",\"name\":\"Other model\",\"reasoning\":false,\"input\":[\"text\"],"
    "\"contextWindow\":64000,\"maxTokens\":2048,"
    "\"cost\":{\"input\":0,\"output\":0,\"cacheRead\":0,\"cacheWrite\":0}}]}}}",
    agent_env.llm->base_url);
}

/* Sets up pi and the LLM for the whole test program; FALSE (skip) when pi is not installed. */
static inline gboolean
agent_test_setup (void)
{
  g_autofree char *pi_dir = agent_test_pi_dir ();
  g_autofree char *node = g_build_filename (pi_dir, "node_modules", ".bin", "node", NULL);
  g_autofree char *cli = g_build_filename (pi_dir, "node_modules", "@earendil-works",
                                           "pi-coding-agent", "dist", "bundle", "cli.js", NULL);
  g_autofree char *models = NULL;
  g_autofree char *quoted_node = NULL;
  g_autofree char *quoted_cli = NULL;

  if (!g_file_test (node, G_FILE_TEST_IS_EXECUTABLE) || !g_file_test (cli, G_FILE_TEST_IS_REGULAR))
    return FALSE;

  agent_test_setup_common ();
  models = agent_test_models_json ();
  agent_test_write (agent_env.agent_dir, "models.json", models);
  agent_test_write (agent_env.agent_dir, "settings.json",
                    "{\"defaultProvider\":\"ramo-test\",\"defaultModel\":\"fake-model\","
                    "\"quietStartup\":true,\"retry\":{\"enabled\":false}}");

  quoted_node = g_shell_quote (node);
  quoted_cli = g_shell_quote (cli);
  agent_env.pi_command = g_strdup_printf ("%s %s", quoted_node, quoted_cli);
  agent_env.pi_bin_dir = g_path_get_dirname (node);
  g_setenv ("RAMO_PI_COMMAND", agent_env.pi_command, TRUE);
  return TRUE;
}

/* Sets up oh-my-pi 18.2.3 (run by the bun installed beside it) and the LLM: its models.yml and
 * config.yml (the default role on the test model, no retries); FALSE when not installed. */
static inline gboolean
agent_test_setup_omp (void)
{
  g_autofree char *dir = agent_test_agents_dir ("omp");
  g_autofree char *bun = g_build_filename (dir, "node_modules", ".bin", "bun", NULL);
  g_autofree char *cli = g_build_filename (dir, "node_modules", "@oh-my-pi", "pi-coding-agent",
                                           "dist", "cli.js", NULL);
  g_autofree char *models = NULL;
  g_autofree char *quoted_bun = NULL;
  g_autofree char *quoted_cli = NULL;

  if (!g_file_test (bun, G_FILE_TEST_IS_EXECUTABLE) || !g_file_test (cli, G_FILE_TEST_IS_REGULAR))
    return FALSE;

  agent_test_setup_common ();
  models = agent_test_models_json ();
  agent_test_write (agent_env.agent_dir, "models.yml", models);
  agent_test_write (agent_env.agent_dir, "config.yml",
                    "modelRoles:\n  default: ramo-test/fake-model\nretry:\n  enabled: false\n");

  quoted_bun = g_shell_quote (bun);
  quoted_cli = g_shell_quote (cli);
  agent_env.omp_command = g_strdup_printf ("%s %s", quoted_bun, quoted_cli);
  g_setenv ("RAMO_OMP_COMMAND", agent_env.omp_command, TRUE);
  return TRUE;
}

/* ---------------------------------------------------------------------------------------- */
/* the session pi wrote                                                                      */

/* Every line of the file parsed (each must be a JSON object: the file stays whole). */
static inline GPtrArray *
agent_test_read_entries (const char *path)
{
  g_autofree char *contents = ramo_test_read_file (path, NULL);
  g_auto(GStrv) lines = g_strsplit (contents, "\n", -1);
  GPtrArray *entries = g_ptr_array_new_with_free_func ((GDestroyNotify) json_object_unref);

  g_assert_true (g_str_has_suffix (contents, "\n"));
  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_autoptr(JsonParser) parser = json_parser_new ();
      g_autoptr(GError) error = NULL;

      if (lines[i][0] == '\0')
        {
          g_assert_null (lines[i + 1]);   /* only after the last newline */
          continue;
        }
      json_parser_load_from_data (parser, lines[i], -1, &error);
      g_assert_no_error (error);
      g_assert_true (JSON_NODE_HOLDS_OBJECT (json_parser_get_root (parser)));
      g_ptr_array_add (entries, json_object_ref (json_node_get_object (json_parser_get_root (parser))));
    }
  return entries;
}

static inline JsonObject *
agent_test_find (GPtrArray  *entries,
                 const char *id)
{
  for (guint i = 0; i < entries->len; i++)
    if (g_strcmp0 (json_object_get_string_member_with_default (g_ptr_array_index (entries, i), "id", ""), id) == 0)
      return g_ptr_array_index (entries, i);
  return NULL;
}

static inline const char *
agent_test_role (JsonObject *entry)
{
  if (g_strcmp0 (json_object_get_string_member_with_default (entry, "type", ""), "message") != 0)
    return NULL;
  return json_object_get_string_member_with_default (json_object_get_object_member (entry, "message"),
                                                     "role", NULL);
}

/* The entry-th last `message` entry of @role (0: the last one) */
static inline JsonObject *
agent_test_last_message (GPtrArray  *entries,
                         const char *role,
                         guint       nth)
{
  for (guint i = entries->len; i-- > 0;)
    if (g_strcmp0 (agent_test_role (g_ptr_array_index (entries, i)), role) == 0 && nth-- == 0)
      return g_ptr_array_index (entries, i);
  return NULL;
}

/* The text of a `message` entry's message */
static inline char *
agent_test_text (JsonObject *entry)
{
  return fake_message_text (json_object_get_object_member (entry, "message"));
}

/* Whether a `message` entry's text is @expected */
static inline void
agent_test_assert_text (JsonObject *entry,
                        const char *expected)
{
  g_autofree char *text = agent_test_text (entry);

  g_assert_cmpstr (text, ==, expected);
}

static inline const char *
agent_test_parent (JsonObject *entry)
{
  JsonNode *parent = json_object_get_member (entry, "parentId");

  return parent && !JSON_NODE_HOLDS_NULL (parent) ? json_node_get_string (parent) : NULL;
}

/* The ids of the base session: two questions and their answers, written by pi */
typedef struct
{
  char *path;
  char *user1, *answer1, *user2, *answer2;
} BaseSession;

static BaseSession base_session;

static inline void
agent_test_prompt (RamoAgentProcess *agent,
                   const char       *message)
{
  AgentWait wait = { 0 };
  g_autoptr(GError) error = NULL;

  ramo_agent_process_prompt_async (agent, message, RAMO_AGENT_BUSY_REJECT, NULL, agent_wait_cb, &wait);
  g_assert_true (ramo_agent_process_prompt_finish (agent, agent_wait (&wait, "a prompt"), NULL, &error));
  g_assert_no_error (error);
  g_object_unref (wait.result);
}

static inline void
agent_test_start (RamoAgentProcess *agent)
{
  AgentWait wait = { 0 };
  g_autoptr(GError) error = NULL;

  ramo_agent_process_start_async (agent, NULL, agent_wait_cb, &wait);
  ramo_agent_process_start_finish (agent, agent_wait (&wait, "pi to start"), &error);
  g_assert_no_error (error);
  g_object_unref (wait.result);
}

static inline void
agent_test_stop (RamoAgentProcess *agent)
{
  AgentWait wait = { 0 };

  ramo_agent_process_stop_async (agent, NULL, agent_wait_cb, &wait);
  g_assert_true (ramo_agent_process_stop_finish (agent, agent_wait (&wait, "pi to stop"), NULL));
  g_object_unref (wait.result);
  g_assert_cmpint (ramo_agent_process_get_state (agent), ==, RAMO_AGENT_PROCESS_EXITED);
}

/* The agent writes the base session itself: a new file, two prompts. */
static inline void
agent_test_make_base_session_for (RamoDialect dialect)
{
  g_autoptr(RamoAgentProcess) agent = NULL;
  g_autoptr(GPtrArray) entries = NULL;

  base_session.path = g_build_filename (agent_env.root, "base.jsonl", NULL);
  agent = ramo_agent_process_new (dialect, base_session.path, agent_env.project);
  agent_test_start (agent);
  fake_llm_reply (agent_env.llm, -1, "First ", "answer.", NULL);
  agent_test_prompt (agent, "First question");
  fake_llm_reply (agent_env.llm, -1, "Second ", "answer.", NULL);
  agent_test_prompt (agent, "Second question");
  agent_test_stop (agent);

  entries = agent_test_read_entries (base_session.path);
  base_session.user1 = g_strdup (json_object_get_string_member (agent_test_last_message (entries, "user", 1), "id"));
  base_session.answer1 = g_strdup (json_object_get_string_member (agent_test_last_message (entries, "assistant", 1), "id"));
  base_session.user2 = g_strdup (json_object_get_string_member (agent_test_last_message (entries, "user", 0), "id"));
  base_session.answer2 = g_strdup (json_object_get_string_member (agent_test_last_message (entries, "assistant", 0), "id"));
  g_assert_cmpstr (agent_test_parent (agent_test_find (entries, base_session.user2)), ==, base_session.answer1);
  fake_llm_reset (agent_env.llm);
}

static inline void
agent_test_make_base_session (void)
{
  agent_test_make_base_session_for (RAMO_DIALECT_PI);
}

/* A copy of the base session for one test */
static inline char *
agent_test_copy_base (void)
{
  g_autofree char *contents = ramo_test_read_file (base_session.path, NULL);
  g_autofree char *dir = ramo_test_tmpdir ();
  char *path = g_build_filename (dir, "session.jsonl", NULL);
  g_autoptr(GError) error = NULL;

  g_file_set_contents (path, contents, -1, &error);
  g_assert_no_error (error);
  return path;
}

/* A started agent on a copy of the base session (its path in @path) */
static inline RamoAgentProcess *
agent_test_start_on_copy (RamoDialect   dialect,
                          char        **path)
{
  RamoAgentProcess *agent;

  *path = agent_test_copy_base ();
  agent = ramo_agent_process_new (dialect, *path, agent_env.project);
  agent_test_start (agent);
  return agent;
}

/* ramo_agent_process_navigate_async(), waited for */
static inline RamoTreeResult *
agent_test_navigate (RamoAgentProcess      *agent,
                     const char            *target_id,
                     const RamoTreeOptions *options,
                     GError               **error)
{
  AgentWait wait = { 0 };
  RamoTreeResult *result;

  ramo_agent_process_navigate_async (agent, target_id, options, NULL, agent_wait_cb, &wait);
  result = ramo_agent_process_navigate_finish (agent, agent_wait (&wait, "a move"), error);
  g_object_unref (wait.result);
  return result;
}

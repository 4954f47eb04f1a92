/* test-llm-server.h — an in-process fake LLM endpoint for the summarizer tests
 *
 * Copyright 2026 The Ramo authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A SoupServer on 127.0.0.1 (random port) that answers both wire formats the summarizer
 * speaks — POST …/chat/completions (OpenAI-compatible) and POST …/v1/messages (Anthropic) —
 * and records what it was sent. It can answer at once or only after a delay, fail with a
 * status and a JSON error body, or return garbage, an empty body, no text or the wrong shape.
 */

#pragma once

#include <string.h>
#include <libsoup/soup.h>
#include <json-glib/json-glib.h>

typedef enum
{
  LLM_OK,
  LLM_FAIL,          /* status + JSON error body */
  LLM_GARBAGE,       /* 200 with a body that is not JSON */
  LLM_EMPTY_BODY,    /* 200 with no body */
  LLM_EMPTY_TEXT,    /* 200, well-formed, no text */
  LLM_WRONG_SHAPE,   /* 200, a JSON object without the documented fields */
} LlmMode;

typedef struct
{
  SoupServer *server;
  char       *base_url;       /* http://127.0.0.1:PORT */
  LlmMode     mode;
  guint       fail_status;
  char       *fail_message;
  char       *reply_text;
  guint       delay_ms;       /* answer only after this long (0 = at once) */
  guint       n_requests;
  char       *last_path;
  char       *last_body;
  char       *last_authorization;
  char       *last_api_key;
  char       *last_version;
  GPtrArray  *pending;        /* PendingReply* */
} LlmServer;

typedef struct
{
  LlmServer         *ls;
  SoupServerMessage *msg;
  guint              source_id;
  gulong             disconnected_id;
} PendingReply;

static void
llm_set_json (SoupServerMessage *msg,
              guint              status,
              const char        *json)
{
  soup_server_message_set_status (msg, status, NULL);
  soup_server_message_set_response (msg, "application/json", SOUP_MEMORY_COPY, json, strlen (json));
}

static void
llm_fill_response (LlmServer         *ls,
                   SoupServerMessage *msg,
                   gboolean           anthropic)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  g_autoptr(JsonNode) root = NULL;
  g_autofree char *json = NULL;

  switch (ls->mode)
    {
    case LLM_GARBAGE:
      soup_server_message_set_status (msg, 200, NULL);
      soup_server_message_set_response (msg, "text/html", SOUP_MEMORY_STATIC, "<html>oops", 10);
      return;
    case LLM_EMPTY_BODY:
      soup_server_message_set_status (msg, 200, NULL);
      soup_server_message_set_response (msg, "application/json", SOUP_MEMORY_STATIC, "", 0);
      return;
    case LLM_WRONG_SHAPE:
      llm_set_json (msg, 200, "{\"id\":\"x\",\"object\":\"something.else\"}");
      return;
    case LLM_FAIL:
      json_builder_begin_object (builder);
      if (anthropic)
        {
          json_builder_set_member_name (builder, "type");
          json_builder_add_string_value (builder, "error");
        }
      json_builder_set_member_name (builder, "error");
      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "type");
      json_builder_add_string_value (builder, "test_error");
      json_builder_set_member_name (builder, "message");
      json_builder_add_string_value (builder, ls->fail_message ? ls->fail_message : "failure");
      json_builder_end_object (builder);
      json_builder_end_object (builder);
      root = json_builder_get_root (builder);
      json = json_to_string (root, FALSE);
      llm_set_json (msg, ls->fail_status, json);
      return;
    case LLM_OK:
    case LLM_EMPTY_TEXT:
    default:
      break;
    }

  json_builder_begin_object (builder);
  if (anthropic)
    {
      json_builder_set_member_name (builder, "type");
      json_builder_add_string_value (builder, "message");
      json_builder_set_member_name (builder, "role");
      json_builder_add_string_value (builder, "assistant");
      json_builder_set_member_name (builder, "content");
      json_builder_begin_array (builder);
      if (ls->mode == LLM_OK)
        {
          /* two text blocks: the summarizer joins them with a newline */
          g_auto(GStrv) parts = g_strsplit (ls->reply_text, "\n", 2);

          for (guint i = 0; parts[i]; i++)
            {
              json_builder_begin_object (builder);
              json_builder_set_member_name (builder, "type");
              json_builder_add_string_value (builder, "text");
              json_builder_set_member_name (builder, "text");
              json_builder_add_string_value (builder, parts[i]);
              json_builder_end_object (builder);
            }
        }
      json_builder_end_array (builder);
      json_builder_set_member_name (builder, "stop_reason");
      json_builder_add_string_value (builder, "end_turn");
    }
  else
    {
      json_builder_set_member_name (builder, "object");
      json_builder_add_string_value (builder, "chat.completion");
      json_builder_set_member_name (builder, "choices");
      json_builder_begin_array (builder);
      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "index");
      json_builder_add_int_value (builder, 0);
      json_builder_set_member_name (builder, "message");
      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "role");
      json_builder_add_string_value (builder, "assistant");
      json_builder_set_member_name (builder, "content");
      json_builder_add_string_value (builder, ls->mode == LLM_OK ? ls->reply_text : "");
      json_builder_end_object (builder);
      json_builder_set_member_name (builder, "finish_reason");
      json_builder_add_string_value (builder, "stop");
      json_builder_end_object (builder);
      json_builder_end_array (builder);
    }
  json_builder_end_object (builder);
  root = json_builder_get_root (builder);
  json = json_to_string (root, FALSE);
  llm_set_json (msg, 200, json);
}

static void
pending_reply_free (gpointer data)
{
  PendingReply *p = data;

  g_clear_handle_id (&p->source_id, g_source_remove);
  g_clear_signal_handler (&p->disconnected_id, p->msg);
  g_clear_object (&p->msg);
  g_free (p);
}

static gboolean
llm_delayed_reply_cb (gpointer data)
{
  PendingReply *p = data;
  const char *path = g_uri_get_path (soup_server_message_get_uri (p->msg));

  p->source_id = 0;
  llm_fill_response (p->ls, p->msg, g_str_has_suffix (path, "/v1/messages"));
  soup_server_message_unpause (p->msg);
  g_ptr_array_remove (p->ls->pending, p);
  return G_SOURCE_REMOVE;
}

static void
llm_disconnected_cb (SoupServerMessage *msg,
                     gpointer           data)
{
  PendingReply *p = data;

  /* the client gave up (cancelled or timed out): never answer */
  g_ptr_array_remove (p->ls->pending, p);
}

static void
llm_handler (SoupServer        *server,
             SoupServerMessage *msg,
             const char        *path,
             GHashTable        *query,
             gpointer           user_data)
{
  LlmServer *ls = user_data;
  SoupMessageHeaders *headers = soup_server_message_get_request_headers (msg);
  SoupMessageBody *body = soup_server_message_get_request_body (msg);
  gboolean anthropic = g_str_has_suffix (path, "/v1/messages");

  if (!anthropic && !g_str_has_suffix (path, "/chat/completions"))
    {
      llm_set_json (msg, 404, "{\"error\":{\"message\":\"no such endpoint\"}}");
      return;
    }

  ls->n_requests++;
  g_free (ls->last_path);
  ls->last_path = g_strdup (path);
  g_free (ls->last_body);
  ls->last_body = g_strndup (body->data, body->length);
  g_free (ls->last_authorization);
  ls->last_authorization = g_strdup (soup_message_headers_get_one (headers, "Authorization"));
  g_free (ls->last_api_key);
  ls->last_api_key = g_strdup (soup_message_headers_get_one (headers, "x-api-key"));
  g_free (ls->last_version);
  ls->last_version = g_strdup (soup_message_headers_get_one (headers, "anthropic-version"));

  if (ls->delay_ms > 0)
    {
      PendingReply *p = g_new0 (PendingReply, 1);

      p->ls = ls;
      p->msg = g_object_ref (msg);
      p->disconnected_id = g_signal_connect (msg, "disconnected", G_CALLBACK (llm_disconnected_cb), p);
      p->source_id = g_timeout_add (ls->delay_ms, llm_delayed_reply_cb, p);
      g_ptr_array_add (ls->pending, p);
      soup_server_message_pause (msg);
      return;
    }

  llm_fill_response (ls, msg, anthropic);
}

static LlmServer *
llm_server_new (void)
{
  LlmServer *ls = g_new0 (LlmServer, 1);
  g_autoptr(GError) error = NULL;
  GSList *uris;
  GUri *uri;

  ls->server = soup_server_new (NULL, NULL);
  ls->reply_text = g_strdup ("A short summary.");
  ls->pending = g_ptr_array_new_with_free_func (pending_reply_free);
  soup_server_add_handler (ls->server, NULL, llm_handler, ls, NULL);
  soup_server_listen_local (ls->server, 0, SOUP_SERVER_LISTEN_IPV4_ONLY, &error);
  g_assert_no_error (error);
  uris = soup_server_get_uris (ls->server);
  g_assert_nonnull (uris);
  uri = uris->data;
  ls->base_url = g_strdup_printf ("http://127.0.0.1:%d", g_uri_get_port (uri));
  g_slist_free_full (uris, (GDestroyNotify) g_uri_unref);
  return ls;
}

static void
llm_server_free (LlmServer *ls)
{
  g_ptr_array_unref (ls->pending);
  soup_server_disconnect (ls->server);
  g_object_unref (ls->server);
  g_free (ls->base_url);
  g_free (ls->fail_message);
  g_free (ls->reply_text);
  g_free (ls->last_path);
  g_free (ls->last_body);
  g_free (ls->last_authorization);
  g_free (ls->last_api_key);
  g_free (ls->last_version);
  g_free (ls);
}

static void
llm_server_fail (LlmServer  *ls,
                 guint       status,
                 const char *message)
{
  ls->mode = LLM_FAIL;
  ls->fail_status = status;
  g_free (ls->fail_message);
  ls->fail_message = g_strdup (message);
}

/* Spins the main context until *flag is set (or fails the test after @seconds). */
static void
llm_wait_for (gboolean *flag,
              double    seconds)
{
  gint64 deadline = g_get_monotonic_time () + (gint64) (seconds * G_USEC_PER_SEC);

  while (!*flag)
    {
      g_main_context_iteration (NULL, FALSE);
      if (!*flag)
        g_usleep (1000);
      if (g_get_monotonic_time () > deadline)
        g_error ("timed out waiting for an asynchronous result");
    }
}

/* Keeps the developer's own keys and pi files out of the tests (and out of any child). */
static void
llm_isolate_environment (void)
{
  g_autofree char *pi_dir = g_dir_make_tmp ("ramo-pi-agent-XXXXXX", NULL);

  g_unsetenv ("OPENAI_API_KEY");
  g_unsetenv ("OPENAI_BASE_URL");
  g_unsetenv ("ANTHROPIC_API_KEY");
  g_unsetenv ("ANTHROPIC_BASE_URL");
  g_setenv ("PI_CODING_AGENT_DIR", pi_dir, TRUE);
  g_setenv ("no_proxy", "127.0.0.1,localhost", TRUE);
  g_setenv ("NO_PROXY", "127.0.0.1,localhost", TRUE);
  g_unsetenv ("http_proxy");
  g_unsetenv ("HTTP_PROXY");
}

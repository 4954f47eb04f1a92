/* ramo-summarizer-http.c — a summary request over HTTP: OpenAI-compatible and Anthropic
 *
 * Copyright 2026 The Ramo authors
 *
 * This program is free software: you can redistribute it and/or modify it under the terms of the
 * GNU General Public License as published by the Free Software Foundation, either version 3 of
 * the License, or (at your option) any later version.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ramo-summarizer"

#include "config.h"

#include <string.h>

#include "ramo-json.h"
#include "ramo-message.h"
#include "ramo-summarizer-config-private.h"
#include "ramo-summarizer-private.h"

/*
 * One summary request and its answer. Two wire formats are spoken: an OpenAI-compatible Chat
 * Completions endpoint and Anthropic's Messages API, both without streaming.
 *
 * The API key is a secret: it only ever travels in a request header. Error messages are built
 * from the server's answer and passed through ramo_summarizer_redact() first, because some
 * servers echo the key they were given.
 */

#define ERROR_BODY_MAX_BYTES  600
#define ANTHROPIC_VERSION     "2023-06-01"

static gboolean
contains_bytes (const char *haystack,
                gsize       haystack_len,
                const char *needle,
                gsize       needle_len)
{
  for (gsize i = 0; i + needle_len <= haystack_len; i++)
    if (memcmp (haystack + i, needle, needle_len) == 0)
      return TRUE;
  return FALSE;
}

/**
 * ramo_summarizer_redact:
 * @text: a message
 * @secret: (nullable): the key to hide
 *
 * Replaces @secret in @text by `[redacted]`; for keys of 12 characters or more, any run of 8 or
 * more characters that also occurs in the key is replaced too, so a key the server echoed
 * partially, or that was cut off, is hidden as well.
 *
 * Returns: (transfer full): the redacted text
 */
char *
ramo_summarizer_redact (const char *text,
                        const char *secret)
{
  GString *out;
  gsize text_len, secret_len, min_run;

  g_return_val_if_fail (text != NULL, NULL);

  if (secret == NULL || *secret == '\0')
    return g_strdup (text);

  text_len = strlen (text);
  secret_len = strlen (secret);
  min_run = secret_len >= 12 ? 8 : secret_len;
  out = g_string_sized_new (text_len);

  for (gsize i = 0; i < text_len;)
    {
      gsize run = 0;

      /* the longest run starting at i that occurs in the secret */
      for (gsize len = min_run; i + len <= text_len && len <= secret_len; len++)
        {
          if (!contains_bytes (secret, secret_len, text + i, len))
            break;
          run = len;
        }
      if (run >= min_run)
        {
          g_string_append (out, "[redacted]");
          i += run;
        }
      else
        g_string_append_c (out, text[i++]);
    }

  /* a replaced run may have cut a UTF-8 sequence */
  if (!g_utf8_validate (out->str, out->len, NULL))
    {
      char *valid = g_utf8_make_valid (out->str, out->len);

      g_string_free (out, TRUE);
      return valid;
    }
  return g_string_free (out, FALSE);
}

typedef struct
{
  RamoSummarizerApi  api;
  char              *api_key;
  char              *host;
  JsonNode          *details;
  GCancellable      *request_cancellable;
  GCancellable      *caller_cancellable;
  gulong             cancelled_id;
  guint              timeout_id;
  double             timeout;
  gboolean           timed_out;
  SoupMessage       *message;
} Request;

static void
request_free (gpointer data)
{
  Request *request = data;

  g_clear_handle_id (&request->timeout_id, g_source_remove);
  if (request->caller_cancellable && request->cancelled_id)
    g_cancellable_disconnect (request->caller_cancellable, request->cancelled_id);
  g_clear_object (&request->caller_cancellable);
  g_clear_object (&request->request_cancellable);
  g_clear_object (&request->message);
  g_clear_pointer (&request->details, json_node_unref);
  if (request->api_key)
    {
      memset (request->api_key, 0, strlen (request->api_key));
      g_free (request->api_key);
    }
  g_free (request->host);
  g_free (request);
}

static void
caller_cancelled_cb (GCancellable *cancellable,
                     gpointer      user_data)
{
  GCancellable *request_cancellable = user_data;

  g_cancellable_cancel (request_cancellable);
}

static gboolean
request_timeout_cb (gpointer user_data)
{
  Request *request = user_data;

  request->timeout_id = 0;
  request->timed_out = TRUE;
  g_cancellable_cancel (request->request_cancellable);
  return G_SOURCE_REMOVE;
}

/* `{"role": @role, "content": @content}` */
static void
add_message (JsonBuilder *builder,
             const char  *role,
             const char  *content)
{
  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "role");
  json_builder_add_string_value (builder, role);
  json_builder_set_member_name (builder, "content");
  json_builder_add_string_value (builder, content);
  json_builder_end_object (builder);
}

static JsonNode *
build_request_body (RamoSummarizerConfig *config,
                    const char           *base_url,
                    const char           *prompt)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  RamoSummarizerApi api = ramo_summarizer_config_get_api (config);
  guint max_tokens = ramo_summarizer_config_get_max_output_tokens (config);

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "model");
  json_builder_add_string_value (builder, ramo_summarizer_config_get_model (config));

  if (api == RAMO_SUMMARIZER_API_ANTHROPIC_MESSAGES)
    {
      json_builder_set_member_name (builder, "max_tokens");
      json_builder_add_int_value (builder, max_tokens);
      json_builder_set_member_name (builder, "system");
      json_builder_add_string_value (builder, ramo_summarizer_get_system_prompt ());
      json_builder_set_member_name (builder, "messages");
      json_builder_begin_array (builder);
      add_message (builder, "user", prompt);
      json_builder_end_array (builder);
    }
  else
    {
      /* OpenAI's own endpoint wants `max_completion_tokens` (its newer models refuse
       * `max_tokens`); the many compatible servers mostly know only `max_tokens`. */
      json_builder_set_member_name (builder, g_str_has_prefix (base_url, "https://api.openai.com")
                                             ? "max_completion_tokens" : "max_tokens");
      json_builder_add_int_value (builder, max_tokens);
      json_builder_set_member_name (builder, "stream");
      json_builder_add_boolean_value (builder, FALSE);
      json_builder_set_member_name (builder, "messages");
      json_builder_begin_array (builder);
      add_message (builder, "system", ramo_summarizer_get_system_prompt ());
      add_message (builder, "user", prompt);
      json_builder_end_array (builder);
    }

  json_builder_end_object (builder);
  return json_builder_get_root (builder);
}

static void summarize_sent_cb (GObject      *object,
                               GAsyncResult *result,
                               gpointer      user_data);

void
_ramo_summarizer_request_send (GTask                *owned_task,
                               SoupSession          *session,
                               RamoSummarizerConfig *config,
                               const char           *prompt,
                               JsonNode             *details)
{
  g_autoptr(GTask) task = owned_task;
  g_autoptr(JsonNode) body = NULL;
  g_autoptr(GBytes) body_bytes = NULL;
  g_autoptr(GUri) uri = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *base_url = NULL;
  g_autofree char *url = NULL;
  g_autofree char *body_text = NULL;
  GCancellable *cancellable = g_task_get_cancellable (task);
  SoupMessageHeaders *headers;
  Request *request;

  request = g_new0 (Request, 1);
  request->api = ramo_summarizer_config_get_api (config);
  request->api_key = g_strdup (ramo_summarizer_config_get_api_key (config));
  request->timeout = ramo_summarizer_config_get_timeout (config);
  request->details = details;
  request->request_cancellable = g_cancellable_new ();
  g_task_set_task_data (task, request, request_free);

  base_url = _ramo_summarizer_config_dup_base_url (config);
  /* Anthropic's base URL is the host (as in pi); accept one that already ends in /v1 too */
  if (request->api == RAMO_SUMMARIZER_API_ANTHROPIC_MESSAGES)
    url = g_strconcat (base_url, g_str_has_suffix (base_url, "/v1") ? "/messages" : "/v1/messages", NULL);
  else
    url = g_strconcat (base_url, "/chat/completions", NULL);

  uri = g_uri_parse (url, SOUP_HTTP_URI_FLAGS, &error);
  if (uri == NULL || g_uri_get_host (uri) == NULL ||
      (g_strcmp0 (g_uri_get_scheme (uri), "http") != 0 && g_strcmp0 (g_uri_get_scheme (uri), "https") != 0))
    {
      g_autofree char *safe = ramo_summarizer_redact (url, request->api_key);

      g_task_return_new_error (task, RAMO_SUMMARIZER_ERROR, RAMO_SUMMARIZER_ERROR_NETWORK,
                               "The summary endpoint %s is not an http(s) URL", safe);
      return;
    }
  request->host = g_strdup (g_uri_get_host (uri));

  body = build_request_body (config, base_url, prompt);
  body_text = ramo_json_to_string (body);
  {
    gsize len = strlen (body_text);

    body_bytes = g_bytes_new_take (g_steal_pointer (&body_text), len);
  }

  request->message = soup_message_new_from_uri (SOUP_METHOD_POST, uri);
  soup_message_set_request_body_from_bytes (request->message, "application/json", body_bytes);
  headers = soup_message_get_request_headers (request->message);
  soup_message_headers_replace (headers, "Accept", "application/json");
  if (request->api == RAMO_SUMMARIZER_API_ANTHROPIC_MESSAGES)
    {
      soup_message_headers_replace (headers, "anthropic-version", ANTHROPIC_VERSION);
      if (request->api_key)
        soup_message_headers_replace (headers, "x-api-key", request->api_key);
    }
  else if (request->api_key)
    {
      g_autofree char *bearer = g_strconcat ("Bearer ", request->api_key, NULL);

      soup_message_headers_replace (headers, "Authorization", bearer);
      memset (bearer, 0, strlen (bearer));
    }

  if (cancellable)
    {
      request->caller_cancellable = g_object_ref (cancellable);
      request->cancelled_id = g_cancellable_connect (cancellable, G_CALLBACK (caller_cancelled_cb),
                                                     request->request_cancellable, NULL);
    }
  request->timeout_id = g_timeout_add_full (G_PRIORITY_DEFAULT,
                                            (guint) MIN (request->timeout * 1000.0, (double) G_MAXUINT),
                                            request_timeout_cb, request, NULL);

  soup_session_send_and_read_async (session, request->message, G_PRIORITY_DEFAULT,
                                    request->request_cancellable, summarize_sent_cb,
                                    g_steal_pointer (&task));
}

void
_ramo_summarizer_request_answer (GTask      *owned_task,
                                 const char *summary,
                                 JsonNode   *details)
{
  g_autoptr(GTask) task = owned_task;
  Request *request = g_new0 (Request, 1);

  request->details = details;
  g_task_set_task_data (task, request, request_free);
  g_task_return_pointer (task, g_strdup (summary), g_free);
}

JsonNode *
_ramo_summarizer_request_get_details (GTask *task)
{
  Request *request = g_task_get_task_data (task);

  return request ? request->details : NULL;
}

/* The `message` of an error body: `{"error":{"message":…}}` (OpenAI, Anthropic),
 * `{"error":"…"}` or `{"message":"…"}`; else the body's text itself. */
static char *
error_body_message (GBytes *bytes)
{
  gsize size = 0;
  const char *data = bytes ? g_bytes_get_data (bytes, &size) : NULL;
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autofree char *text = NULL;

  if (data == NULL || size == 0)
    return NULL;

  if (json_parser_load_from_data (parser, data, size, NULL) &&
      json_parser_get_root (parser) != NULL && JSON_NODE_HOLDS_OBJECT (json_parser_get_root (parser)))
    {
      JsonObject *root = json_node_get_object (json_parser_get_root (parser));
      const char *message = ramo_json_member_string (_ramo_summarizer_member_object (root, "error"), "message");

      if (message == NULL)
        message = ramo_json_member_string (root, "error");
      if (message == NULL)
        message = ramo_json_member_string (root, "message");
      if (message != NULL)
        return g_strdup (message);
    }

  text = g_utf8_make_valid (data, MIN (size, ERROR_BODY_MAX_BYTES));
  for (char *p = text; *p; p++)
    if ((guchar) *p < 0x20)
      *p = ' ';
  g_strstrip (text);
  return *text ? g_steal_pointer (&text) : NULL;
}

static void
return_error (GTask      *task,
              Request    *request,
              int         code,
              const char *format,
              ...) G_GNUC_PRINTF (4, 5);

static void
return_error (GTask      *task,
              Request    *request,
              int         code,
              const char *format,
              ...)
{
  g_autofree char *message = NULL;
  g_autofree char *safe = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);

  safe = ramo_summarizer_redact (message, request->api_key);
  g_task_return_new_error (task, RAMO_SUMMARIZER_ERROR, code, "%s", safe);
}

static char *
openai_text (JsonObject *root,
             gboolean   *well_formed)
{
  JsonNode *choices = _ramo_summarizer_member (root, "choices");
  JsonNode *first;
  JsonObject *message;
  JsonNode *content;

  *well_formed = FALSE;
  if (choices == NULL || !JSON_NODE_HOLDS_ARRAY (choices))
    return NULL;
  *well_formed = TRUE;
  if (json_array_get_length (json_node_get_array (choices)) == 0)
    return NULL;
  first = json_array_get_element (json_node_get_array (choices), 0);
  message = JSON_NODE_HOLDS_OBJECT (first)
            ? _ramo_summarizer_member_object (json_node_get_object (first), "message") : NULL;
  if (message == NULL)
    {
      *well_formed = FALSE;
      return NULL;
    }
  content = _ramo_summarizer_member (message, "content");
  if (content == NULL || JSON_NODE_HOLDS_NULL (content))
    return NULL;
  return ramo_content_dup_text (content, "\n", RAMO_CONTENT_FLAGS_NONE);
}

static char *
anthropic_text (JsonObject *root,
                gboolean   *well_formed)
{
  JsonNode *content = _ramo_summarizer_member (root, "content");

  *well_formed = content != NULL && JSON_NODE_HOLDS_ARRAY (content);
  if (!*well_formed)
    return NULL;
  return ramo_content_dup_text (content, "\n", RAMO_CONTENT_FLAGS_NONE);
}

static void
summarize_sent_cb (GObject      *object,
                   GAsyncResult *result,
                   gpointer      user_data)
{
  SoupSession *session = SOUP_SESSION (object);
  g_autoptr(GTask) task = user_data;
  Request *request = g_task_get_task_data (task);
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autofree char *text = NULL;
  g_autofree char *summary = NULL;
  JsonObject *root;
  gboolean well_formed = FALSE;
  guint status;
  gsize size = 0;
  const char *data;

  bytes = soup_session_send_and_read_finish (session, result, &error);
  g_clear_handle_id (&request->timeout_id, g_source_remove);

  if (bytes == NULL)
    {
      if (request->timed_out)
        return_error (task, request, RAMO_SUMMARIZER_ERROR_TIMEOUT,
                      "The summary request to %s timed out after %g s", request->host, request->timeout);
      else if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_CANCELLED, "The summary request was cancelled");
      else
        return_error (task, request, RAMO_SUMMARIZER_ERROR_NETWORK,
                      "The summary request to %s failed: %s", request->host, error->message);
      return;
    }

  status = soup_message_get_status (request->message);
  if (!SOUP_STATUS_IS_SUCCESSFUL (status))
    {
      g_autofree char *detail = error_body_message (bytes);
      int code;

      if (status == 401 || status == 403)
        code = RAMO_SUMMARIZER_ERROR_UNAUTHORIZED;
      else if (status == 429)
        code = RAMO_SUMMARIZER_ERROR_RATE_LIMITED;
      else if (status >= 500)
        code = RAMO_SUMMARIZER_ERROR_SERVER;
      else
        code = RAMO_SUMMARIZER_ERROR_HTTP;

      /* The server's reason phrase is left out: libsoup replaces the ones it does not know
       * (429 among them) by "Unknown Error", which would mislead. */
      return_error (task, request, code, "The summary request to %s failed: HTTP %u%s%s",
                    request->host, status, detail ? ": " : "", detail ? detail : "");
      return;
    }

  data = g_bytes_get_data (bytes, &size);
  if (size == 0)
    {
      return_error (task, request, RAMO_SUMMARIZER_ERROR_EMPTY_RESPONSE,
                    "The summary request to %s got an empty answer", request->host);
      return;
    }
  if (!json_parser_load_from_data (parser, data, size, &error) ||
      json_parser_get_root (parser) == NULL || !JSON_NODE_HOLDS_OBJECT (json_parser_get_root (parser)))
    {
      return_error (task, request, RAMO_SUMMARIZER_ERROR_BAD_RESPONSE,
                    "The summary request to %s got an answer that is not a JSON object", request->host);
      return;
    }

  root = json_node_get_object (json_parser_get_root (parser));
  if (request->api == RAMO_SUMMARIZER_API_ANTHROPIC_MESSAGES)
    text = anthropic_text (root, &well_formed);
  else
    text = openai_text (root, &well_formed);

  if (!well_formed)
    {
      g_autoptr(GBytes) copy = g_bytes_ref (bytes);
      gboolean has_error = _ramo_summarizer_member_object (root, "error") || ramo_json_member_string (root, "error");
      g_autofree char *detail = has_error ? error_body_message (copy) : NULL;

      return_error (task, request, RAMO_SUMMARIZER_ERROR_BAD_RESPONSE,
                    "The summary request to %s got an answer without the expected fields%s%s",
                    request->host, detail ? ": " : "", detail ? detail : "");
      return;
    }

  if (text)
    g_strstrip (text);
  if (text == NULL || *text == '\0')
    {
      return_error (task, request, RAMO_SUMMARIZER_ERROR_EMPTY_RESPONSE,
                    "The model at %s returned no summary text", request->host);
      return;
    }

  summary = ramo_summarizer_append_file_lists (text, request->details);
  g_task_return_pointer (task, g_steal_pointer (&summary), g_free);
}

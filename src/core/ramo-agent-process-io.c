/* ramo-agent-process-io.c — the agent's JSON lines both ways: requests and their responses,
 * the answers of Ramo's extension, extension UI requests
 *
 * Copyright 2026 The Ramo authors
 *
 * This program is free software: you can redistribute it and/or modify it under the terms of the
 * GNU General Public License as published by the Free Software Foundation, either version 3 of
 * the License, or (at your option) any later version.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ramo-agent"

#include "config.h"

#include <string.h>

#include "ramo-agent-process-private.h"
#include "ramo-json.h"

/*
 * Responses: pi 1.6.0 answers each command once, with its id; a `prompt` answers with what it
 * did (`disposition`) once an extension command ran or the run started. oh-my-pi 18.2.3 answers
 * a `prompt` at once without a disposition (omp:src/modes/rpc/rpc-mode.ts, `case "prompt"`),
 * then either runs (events) or writes `prompt_result {id, agentInvoked: false}` when nothing
 * reached the model (an extension command), or a second, failed response with the same id; and
 * it answers a command it does not know without the id (`Unknown command: …`), which fails the
 * oldest request of that command here.
 *
 * pi's framing (docs/rpc.md, "Framing"): one JSON object per line, LF only — a reader that
 * also splits on U+2028 or on CR would cut strings — and an optional CR before the LF. Lines
 * are read with a GDataInputStream whose newline is LF alone, asynchronously, one after the
 * other, so a long reply never holds the main loop; commands are written the same way, in
 * order, each a JSON object of one line (ramo_json_write() escapes every control character).
 *
 * The I/O callbacks hold no reference on the process: dispose cancels their cancellable, and
 * a cancelled callback leaves without touching it.
 */

#define STDERR_TAIL_BYTES 4096

static void read_stdout (RamoAgentProcess *self);
static void read_stderr (RamoAgentProcess *self);
static void write_next  (RamoAgentProcess *self);

void
_ramo_agent_process_request_free (gpointer data)
{
  RamoAgentRequest *request = data;

  if (request->cancelled_id != 0)
    g_cancellable_disconnect (request->cancellable, request->cancelled_id);
  g_clear_object (&request->cancellable);
  g_clear_object (&request->task);
  g_clear_pointer (&request->answer, json_object_unref);
  g_free (request->id);
  g_free (request->command);
  g_free (request);
}

/* Takes the request @id out of the table: the caller completes its task. */
static RamoAgentRequest *
take_request (RamoAgentProcess *self,
              const char       *id)
{
  gpointer key = NULL, value = NULL;

  if (id == NULL || !g_hash_table_steal_extended (self->requests, id, &key, &value))
    return NULL;
  return value;
}

static GTask *
take_task (RamoAgentRequest *request)
{
  GTask *task = g_steal_pointer (&request->task);

  _ramo_agent_process_request_free (request);
  return task;
}

/* Appends `,"name":value` for every member of @object but `type` and `id`, which the line
 * already has. */
static void
append_members (GString    *line,
                JsonObject *object)
{
  JsonObjectIter iter;
  const char *name;
  JsonNode *value;

  json_object_iter_init (&iter, object);
  while (json_object_iter_next (&iter, &name, &value))
    {
      if (strcmp (name, "type") == 0 || strcmp (name, "id") == 0)
        continue;
      g_string_append_c (line, ',');
      ramo_json_write_string (line, name);
      g_string_append_c (line, ':');
      ramo_json_write (line, value);
    }
}

/* Closes the JSON object in @line (taken) and queues it for the agent's stdin. */
static void
queue_line (RamoAgentProcess *self,
            GString          *line)
{
  g_string_append (line, "}\n");
  g_debug ("to the agent: %.*s", (int) MIN (line->len - 1, 400), line->str);
  g_queue_push_tail (&self->writes, g_string_free_to_bytes (line));
  write_next (self);
}

/**
 * ramo_agent_process_reply_ui:
 * @self: a #RamoAgentProcess
 * @request_id: the id of a #RamoAgentProcess::ui-request that waits for a reply
 * @reply: (nullable): the reply's members (`{"value": …}`, `{"confirmed": true}`), or %NULL
 *   to cancel the dialog
 *
 * Answers an extension's dialog (pi's `extension_ui_response`).
 */
void
ramo_agent_process_reply_ui (RamoAgentProcess *self,
                             const char       *request_id,
                             JsonObject       *reply)
{
  g_autoptr(GString) line = g_string_new ("{\"type\":\"extension_ui_response\",\"id\":");

  g_return_if_fail (RAMO_IS_AGENT_PROCESS (self));
  g_return_if_fail (request_id != NULL);

  if (!_ramo_agent_process_check_running (self, NULL))
    return;

  ramo_json_write_string (line, request_id);
  if (reply == NULL)
    g_string_append (line, ",\"cancelled\":true");
  else
    append_members (line, reply);
  queue_line (self, g_steal_pointer (&line));
}

char *
_ramo_agent_process_next_id (RamoAgentProcess *self)
{
  return g_strdup_printf ("ramo-%" G_GUINT64_FORMAT, ++self->next_request);
}

/* Writes the command @type with the members of @params (nullable). With a @task the command
 * gets @id (or a new one) and is registered, its response completing @task by @kind; the
 * request is returned (owned by the table). */
RamoAgentRequest *
_ramo_agent_process_send (RamoAgentProcess *self,
                          const char       *id,
                          const char       *type,
                          JsonObject       *params,
                          RequestKind       kind,
                          GTask            *task)
{
  g_autoptr(GString) line = g_string_new ("{");
  RamoAgentRequest *request = NULL;

  g_assert (RAMO_IS_AGENT_PROCESS (self));

  if (task != NULL)
    {
      request = g_new0 (RamoAgentRequest, 1);
      request->id = id ? g_strdup (id) : _ramo_agent_process_next_id (self);
      request->command = g_strdup (type);
      request->kind = kind;
      request->task = g_object_ref (task);
      request->settled_at_send = self->n_settled;
      request->busy_at_send = self->state == RAMO_AGENT_PROCESS_BUSY;
      g_string_append (line, "\"id\":");
      ramo_json_write_string (line, request->id);
      g_string_append_c (line, ',');
      g_hash_table_insert (self->requests, request->id, request);
    }
  g_string_append (line, "\"type\":");
  ramo_json_write_string (line, type);

  if (params != NULL)
    append_members (line, params);
  queue_line (self, g_steal_pointer (&line));
  return request;
}

void
_ramo_agent_process_send_abort (RamoAgentProcess *self)
{
  g_assert (RAMO_IS_AGENT_PROCESS (self));

  if (_ramo_agent_process_check_running (self, NULL))
    _ramo_agent_process_send (self, NULL, "abort", NULL, REQUEST_CALL, NULL);
}

/* Fails every command waiting with @error, and the prompts waiting for their run. */
void
_ramo_agent_process_fail_all (RamoAgentProcess *self,
                              const GError     *error)
{
  g_autoptr(GPtrArray) tasks = g_ptr_array_new_with_free_func (g_object_unref);
  GHashTableIter iter;
  gpointer value;

  g_assert (RAMO_IS_AGENT_PROCESS (self));

  g_hash_table_iter_init (&iter, self->requests);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    {
      RamoAgentRequest *request = value;

      g_hash_table_iter_steal (&iter);
      g_ptr_array_add (tasks, take_task (request));
    }
  for (guint i = 0; i < self->run_waiters->len; i++)
    g_ptr_array_add (tasks, g_object_ref (g_ptr_array_index (self->run_waiters, i)));
  g_ptr_array_set_size (self->run_waiters, 0);

  for (guint i = 0; i < tasks->len; i++)
    g_task_return_error (g_ptr_array_index (tasks, i), g_error_copy (error));
}

static void
complete_extension (RamoAgentProcess *self,
                    RamoAgentRequest *request,
                    JsonObject       *answer)
{
  RamoAgentRequest *taken = take_request (self, request->id);

  g_assert (taken == request);
  _ramo_agent_process_complete_extension (self, request, answer);
  _ramo_agent_process_request_free (request);
}

/* The request of @command sent first among those waiting (ids count up). */
static RamoAgentRequest *
oldest_request (RamoAgentProcess *self,
                const char       *command)
{
  RamoAgentRequest *oldest = NULL;
  guint64 oldest_number = G_MAXUINT64;
  GHashTableIter iter;
  gpointer value;

  g_hash_table_iter_init (&iter, self->requests);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    {
      RamoAgentRequest *request = value;
      guint64 number = g_ascii_strtoull (request->id + strlen ("ramo-"), NULL, 10);

      if (g_strcmp0 (request->command, command) == 0 && !request->responded && number < oldest_number)
        {
          oldest = request;
          oldest_number = number;
        }
    }
  return oldest;
}

/* oh-my-pi: the prompts it accepted wait for the run that just started. */
void
_ramo_agent_process_adopt_prompts (RamoAgentProcess *self)
{
  g_autoptr(GPtrArray) adopted = g_ptr_array_new ();
  GHashTableIter iter;
  gpointer value;

  g_assert (RAMO_IS_AGENT_PROCESS (self));

  g_hash_table_iter_init (&iter, self->requests);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    {
      RamoAgentRequest *request = value;

      if (request->kind == REQUEST_PROMPT && request->responded)
        {
          g_hash_table_iter_steal (&iter);
          g_ptr_array_add (adopted, request);
        }
    }
  for (guint i = 0; i < adopted->len; i++)
    {
      RamoAgentRequest *request = g_ptr_array_index (adopted, i);
      guint settled_at_send = self->n_settled;

      _ramo_agent_process_wait_for_run (self, take_task (request), settled_at_send);
    }
}

static void
handle_response (RamoAgentProcess *self,
                 JsonObject       *object)
{
  const char *id = ramo_json_member_string (object, "id");
  const char *command = ramo_json_member_string (object, "command");
  gboolean success = json_object_get_boolean_member_with_default (object, "success", FALSE);
  JsonNode *data = json_object_get_member (object, "data");
  RamoAgentRequest *request;
  RamoAgentDisposition disposition = RAMO_AGENT_DISPOSITION_STARTED;
  gboolean has_disposition = FALSE;
  g_autoptr(GTask) task = NULL;

  if (id == NULL && !success && command != NULL &&
      (request = oldest_request (self, command)) != NULL)
    id = request->id;   /* oh-my-pi's answer to a command it does not know */

  if (id == NULL || (request = g_hash_table_lookup (self->requests, id)) == NULL)
    {
      /* a command Ramo sent without an id (an abort), or one the agent could not read */
      if (!success)
        {
          const char *message = ramo_json_member_string (object, "error");
          g_autofree char *text = g_strdup_printf ("%s: %s", command ? command : "command",
                                                   message ? message : "failed");

          _ramo_agent_process_report_error (self, text);
        }
      return;
    }

  if (!success)
    {
      const char *message = ramo_json_member_string (object, "error");

      task = take_task (take_request (self, id));
      g_task_return_new_error (task, RAMO_AGENT_ERROR, RAMO_AGENT_ERROR_REPORTED, "%s",
                               message ? message : "the agent refused the command");
      return;
    }

  if (data != NULL && JSON_NODE_HOLDS_OBJECT (data))
    has_disposition =
      _ramo_agent_process_parse_disposition (ramo_json_member_string (json_node_get_object (data),
                                                                      "disposition"),
                                             &disposition);

  switch (request->kind)
    {
    case REQUEST_CALL:
      task = take_task (take_request (self, id));
      g_task_return_pointer (task, data ? json_node_copy (data) : json_node_new (JSON_NODE_NULL),
                             (GDestroyNotify) json_node_unref);
      return;

    case REQUEST_PROMPT:
      {
        guint settled_at_send = request->settled_at_send;

        if (!has_disposition && !request->busy_at_send)
          {
            /* oh-my-pi: accepted; a run or a `prompt_result` tells what became of it */
            request->responded = TRUE;
            return;
          }
        task = take_task (take_request (self, id));
        if (has_disposition && disposition == RAMO_AGENT_DISPOSITION_STARTED)
          _ramo_agent_process_wait_for_run (self, g_steal_pointer (&task), settled_at_send);
        else
          g_task_return_int (task, has_disposition ? disposition : RAMO_AGENT_DISPOSITION_QUEUED);
      }
      return;

    case REQUEST_QUEUE:
      task = take_task (take_request (self, id));
      g_task_return_int (task, has_disposition ? disposition : RAMO_AGENT_DISPOSITION_QUEUED);
      return;

    case REQUEST_NAVIGATE:
    case REQUEST_LABEL:
    default:
      if (has_disposition && disposition != RAMO_AGENT_DISPOSITION_HANDLED)
        {
          /* the agent took Ramo's command for a message: it does not have the extension */
          if (disposition == RAMO_AGENT_DISPOSITION_STARTED)
            _ramo_agent_process_send_abort (self);
          task = take_task (take_request (self, id));
          g_task_return_new_error (task, RAMO_AGENT_ERROR, RAMO_AGENT_ERROR_NO_EXTENSION,
                                   "the agent did not run Ramo's command (it has no extension)");
          return;
        }
      if (request->answer != NULL)
        {
          g_autoptr(JsonObject) answer = json_object_ref (request->answer);

          complete_extension (self, request, answer);
          return;
        }
      if (!has_disposition)
        {
          /* oh-my-pi answers before the command runs: its answer is still to come */
          request->responded = TRUE;
          return;
        }
      /* pi 1.6.0 writes the command's notification before its response (it runs the handler
       * inside prompt()), so an answer that has not come will not */
      task = take_task (take_request (self, id));
      g_task_return_new_error (task, RAMO_AGENT_ERROR, RAMO_AGENT_ERROR_PROTOCOL,
                               "Ramo's extension did not answer its command");
      return;
    }
}

/* oh-my-pi: a prompt that reached no model (an extension command ran, or an input handler
 * took it). */
static void
handle_prompt_result (RamoAgentProcess *self,
                      JsonObject       *object)
{
  const char *id = ramo_json_member_string (object, "id");
  RamoAgentRequest *request = id ? g_hash_table_lookup (self->requests, id) : NULL;
  g_autoptr(GTask) task = NULL;
  RequestKind kind;

  if (request == NULL || json_object_get_boolean_member_with_default (object, "agentInvoked", FALSE))
    return;
  kind = request->kind;
  task = take_task (take_request (self, id));
  if (kind == REQUEST_NAVIGATE || kind == REQUEST_LABEL)
    g_task_return_new_error (task, RAMO_AGENT_ERROR, RAMO_AGENT_ERROR_PROTOCOL,
                             "Ramo's extension did not answer its command");
  else if (kind == REQUEST_PROMPT)
    g_task_return_int (task, RAMO_AGENT_DISPOSITION_HANDLED);
  else
    g_task_return_int (task, RAMO_AGENT_DISPOSITION_QUEUED);
}

static void
handle_extension_answer (RamoAgentProcess *self,
                         const char       *json)
{
  g_autoptr(JsonParser) parser = json_parser_new ();
  JsonNode *root;
  JsonObject *answer;
  RamoAgentRequest *request;

  if (!json_parser_load_from_data (parser, json, -1, NULL) ||
      (root = json_parser_get_root (parser)) == NULL || !JSON_NODE_HOLDS_OBJECT (root))
    {
      g_debug ("an answer of Ramo's extension that is not JSON: %s", json);
      return;
    }
  answer = json_node_get_object (root);
  request = g_hash_table_lookup (self->requests,
                                 ramo_json_member_string (answer, "request") ?: "");
  if (request == NULL ||
      (request->kind != REQUEST_NAVIGATE && request->kind != REQUEST_LABEL))
    {
      /* an answer to nobody: a command of Ramo's that could not even read its argument */
      if (!json_object_get_boolean_member_with_default (answer, "ok", FALSE))
        _ramo_agent_process_report_error (self, ramo_json_member_string (answer, "error") ?:
                                          "Ramo's extension failed");
      return;
    }

  if (request->responded)
    complete_extension (self, request, answer);
  else
    {
      g_clear_pointer (&request->answer, json_object_unref);
      request->answer = json_object_ref (answer);
    }
}

static void
handle_ui_request (RamoAgentProcess *self,
                   JsonObject       *object)
{
  const char *id = ramo_json_member_string (object, "id");
  const char *method = ramo_json_member_string (object, "method");
  const char *message = ramo_json_member_string (object, "message");
  gboolean handled = FALSE;

  if (g_strcmp0 (method, "notify") == 0 && message != NULL &&
      g_str_has_prefix (message, RAMO_AGENT_EXTENSION_RESULT_PREFIX))
    {
      handle_extension_answer (self, message + strlen (RAMO_AGENT_EXTENSION_RESULT_PREFIX));
      return;
    }
  if (id == NULL || method == NULL)
    return;

  g_signal_emit (self, _ramo_agent_process_signals [SIGNAL_UI_REQUEST], 0, id, method, object,
                 &handled);
  /* an unanswered dialog would hold the agent (pi waits unless the extension gave a timeout) */
  if (!handled && (strcmp (method, "select") == 0 || strcmp (method, "confirm") == 0 ||
                   strcmp (method, "input") == 0 || strcmp (method, "editor") == 0))
    ramo_agent_process_reply_ui (self, id, NULL);
}

static void
handle_line (RamoAgentProcess *self,
             const char       *line,
             gsize             length)
{
  g_autoptr(JsonParser) parser = json_parser_new_immutable ();
  g_autoptr(GError) error = NULL;
  JsonNode *root;
  JsonObject *object;
  const char *type;

  if (length == 0)
    return;
  if (!json_parser_load_from_data (parser, line, length, &error) ||
      (root = json_parser_get_root (parser)) == NULL || !JSON_NODE_HOLDS_OBJECT (root))
    {
      g_debug ("a line of the agent that is not a JSON object: %.200s", line);
      return;
    }
  object = json_node_get_object (root);
  type = ramo_json_member_string (object, "type");
  if (type == NULL)
    return;

  if (strcmp (type, "response") == 0)
    handle_response (self, object);
  else if (strcmp (type, "extension_ui_request") == 0)
    handle_ui_request (self, object);
  else if (strcmp (type, "prompt_result") == 0)
    handle_prompt_result (self, object);
  else
    _ramo_agent_process_handle_event (self, type, object);
}

static void
stdout_line_cb (GObject      *source,
                GAsyncResult *result,
                gpointer      user_data)
{
  g_autoptr(GError) error = NULL;
  gsize length = 0;
  g_autofree char *line = g_data_input_stream_read_line_finish (G_DATA_INPUT_STREAM (source),
                                                                result, &length, &error);
  RamoAgentProcess *self;

  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;   /* disposed: @user_data is gone */

  self = g_object_ref (RAMO_AGENT_PROCESS (user_data));
  if (line == NULL)
    {
      if (error != NULL)
        g_debug ("reading the agent's output: %s", error->message);
      self->stdout_done = TRUE;
      _ramo_agent_process_check_exit (self);
    }
  else
    {
      if (length > 0 && line[length - 1] == '\r')
        line[--length] = '\0';
      handle_line (self, line, length);
      if (!g_cancellable_is_cancelled (self->io_cancellable))
        read_stdout (self);
    }
  g_object_unref (self);
}

static void
read_stdout (RamoAgentProcess *self)
{
  g_data_input_stream_read_line_async (self->stdout_reader, G_PRIORITY_DEFAULT,
                                       self->io_cancellable, stdout_line_cb, self);
}

static void
keep_stderr (RamoAgentProcess *self,
             const char       *line)
{
  g_string_append (self->stderr_tail, line);
  g_string_append_c (self->stderr_tail, '\n');
  if (self->stderr_tail->len > STDERR_TAIL_BYTES)
    {
      gsize cut = self->stderr_tail->len - STDERR_TAIL_BYTES;
      const char *newline = strchr (self->stderr_tail->str + cut, '\n');

      if (newline != NULL && newline[1] != '\0')
        cut = newline + 1 - self->stderr_tail->str;
      g_string_erase (self->stderr_tail, 0, cut);
    }
}

static void
stderr_line_cb (GObject      *source,
                GAsyncResult *result,
                gpointer      user_data)
{
  g_autoptr(GError) error = NULL;
  gsize length = 0;
  g_autofree char *line = g_data_input_stream_read_line_finish (G_DATA_INPUT_STREAM (source),
                                                                result, &length, &error);
  RamoAgentProcess *self;

  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED) || line == NULL)
    return;

  self = g_object_ref (RAMO_AGENT_PROCESS (user_data));
  if (!g_utf8_validate (line, length, NULL))
    {
      char *valid = g_utf8_make_valid (line, length);

      g_free (line);
      line = valid;
    }
  g_debug ("agent stderr: %s", line);
  keep_stderr (self, line);
  g_signal_emit (self, _ramo_agent_process_signals [SIGNAL_DIAGNOSTIC], 0, line);
  if (!g_cancellable_is_cancelled (self->io_cancellable))
    read_stderr (self);
  g_object_unref (self);
}

static void
read_stderr (RamoAgentProcess *self)
{
  g_data_input_stream_read_line_async (self->stderr_reader, G_PRIORITY_DEFAULT,
                                       self->io_cancellable, stderr_line_cb, self);
}

static void
close_cb (GObject      *source,
          GAsyncResult *result,
          gpointer      user_data)
{
  g_autoptr(GError) error = NULL;

  if (!g_output_stream_close_finish (G_OUTPUT_STREAM (source), result, &error) &&
      !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    g_debug ("closing the agent's input: %s", error->message);
}

static void
write_cb (GObject      *source,
          GAsyncResult *result,
          gpointer      user_data)
{
  g_autoptr(GError) error = NULL;
  RamoAgentProcess *self;

  if (!g_output_stream_write_all_finish (G_OUTPUT_STREAM (source), result, NULL, &error) &&
      g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;   /* disposed */

  self = RAMO_AGENT_PROCESS (user_data);
  self->writing = FALSE;
  g_bytes_unref (g_queue_pop_head (&self->writes));   /* the line just written */
  if (error != NULL)
    {
      /* the agent is gone (EPIPE): its end tells the callers */
      g_debug ("writing to the agent: %s", error->message);
      g_queue_clear_full (&self->writes, (GDestroyNotify) g_bytes_unref);
      return;
    }
  write_next (self);
}

static void
write_next (RamoAgentProcess *self)
{
  GBytes *bytes;
  gsize size;
  gconstpointer data;

  if (self->writing || self->stdin_pipe == NULL || g_output_stream_is_closed (self->stdin_pipe))
    return;

  bytes = g_queue_peek_head (&self->writes);
  if (bytes == NULL)
    {
      if (self->close_input && !g_output_stream_has_pending (self->stdin_pipe))
        g_output_stream_close_async (self->stdin_pipe, G_PRIORITY_DEFAULT, self->io_cancellable,
                                     close_cb, self);
      return;
    }

  data = g_bytes_get_data (bytes, &size);
  self->writing = TRUE;
  g_output_stream_write_all_async (self->stdin_pipe, data, size, G_PRIORITY_DEFAULT,
                                   self->io_cancellable, write_cb, self);
}

/* Closes the agent's input once what was sent is written: its signal to finish and exit. */
void
_ramo_agent_process_close_input (RamoAgentProcess *self)
{
  g_assert (RAMO_IS_AGENT_PROCESS (self));

  self->close_input = TRUE;
  write_next (self);
}

void
_ramo_agent_process_start_io (RamoAgentProcess *self)
{
  g_assert (RAMO_IS_AGENT_PROCESS (self));
  g_assert (G_IS_SUBPROCESS (self->subprocess));

  self->stdin_pipe = g_object_ref (g_subprocess_get_stdin_pipe (self->subprocess));
  self->stdout_reader = g_data_input_stream_new (g_subprocess_get_stdout_pipe (self->subprocess));
  self->stderr_reader = g_data_input_stream_new (g_subprocess_get_stderr_pipe (self->subprocess));
  g_data_input_stream_set_newline_type (self->stdout_reader, G_DATA_STREAM_NEWLINE_TYPE_LF);
  g_data_input_stream_set_newline_type (self->stderr_reader, G_DATA_STREAM_NEWLINE_TYPE_LF);
  g_buffered_input_stream_set_buffer_size (G_BUFFERED_INPUT_STREAM (self->stdout_reader), 65536);

  read_stdout (self);
  read_stderr (self);
}

/* ramo-summarizer.c — LLM summaries of abandoned branches and compacted history
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

#include "ramo-summarizer-private.h"

/*
 * The summarizer turns a list of session entries (their JSON objects, oldest first) into one
 * request to a language model and its answer into a summary: the words of the request come
 * from ramo-summarizer-transcript.c, the request itself goes over HTTP in
 * ramo-summarizer-http.c, through one SoupSession, so connections are reused.
 */

G_DEFINE_QUARK (ramo-summarizer-error-quark, ramo_summarizer_error)

/* ------------------------------------------------------------------------------------------ */
/* RamoSummarizer                                                                              */

struct _RamoSummarizer
{
  GObject      parent_instance;
  SoupSession *session;
};

G_DEFINE_FINAL_TYPE (RamoSummarizer, ramo_summarizer, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_SESSION,
  N_PROPS
};

static GParamSpec *properties [N_PROPS];

static void
ramo_summarizer_dispose (GObject *object)
{
  RamoSummarizer *self = (RamoSummarizer *) object;

  g_clear_object (&self->session);

  G_OBJECT_CLASS (ramo_summarizer_parent_class)->dispose (object);
}

static void
ramo_summarizer_get_property (GObject    *object,
                              guint       prop_id,
                              GValue     *value,
                              GParamSpec *pspec)
{
  RamoSummarizer *self = RAMO_SUMMARIZER (object);

  switch (prop_id)
    {
    case PROP_SESSION:
      g_value_set_object (value, ramo_summarizer_get_session (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ramo_summarizer_set_property (GObject      *object,
                              guint         prop_id,
                              const GValue *value,
                              GParamSpec   *pspec)
{
  RamoSummarizer *self = RAMO_SUMMARIZER (object);

  switch (prop_id)
    {
    case PROP_SESSION:
      self->session = g_value_dup_object (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ramo_summarizer_constructed (GObject *object)
{
  RamoSummarizer *self = (RamoSummarizer *) object;

  G_OBJECT_CLASS (ramo_summarizer_parent_class)->constructed (object);

  if (self->session == NULL)
    self->session = g_object_ref (ramo_summarizer_get_default_session ());
}

static void
ramo_summarizer_class_init (RamoSummarizerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->constructed = ramo_summarizer_constructed;
  object_class->dispose = ramo_summarizer_dispose;
  object_class->get_property = ramo_summarizer_get_property;
  object_class->set_property = ramo_summarizer_set_property;

  /**
   * RamoSummarizer:session:
   *
   * The HTTP session requests are sent with; the shared default one when none is given.
   */
  properties [PROP_SESSION] =
    g_param_spec_object ("session", NULL, NULL, SOUP_TYPE_SESSION,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
ramo_summarizer_init (RamoSummarizer *self)
{
}

/**
 * ramo_summarizer_get_default_session:
 *
 * The HTTP session shared by summarizers created without one. It has no socket timeout of its
 * own (a summary may take minutes to write; each request has its own overall timeout). Use it
 * from the main thread only.
 *
 * Returns: (transfer none): the shared session
 */
SoupSession *
ramo_summarizer_get_default_session (void)
{
  static SoupSession *session;

  if (session == NULL)
    session = soup_session_new_with_options ("timeout", 0,
                                             "user-agent", "Ramo/" PACKAGE_VERSION " ",
                                             NULL);
  return session;
}

/**
 * ramo_summarizer_new:
 * @session: (nullable): the HTTP session to send requests with; %NULL for the shared default
 *
 * Returns: (transfer full): a new summarizer
 */
RamoSummarizer *
ramo_summarizer_new (SoupSession *session)
{
  g_return_val_if_fail (session == NULL || SOUP_IS_SESSION (session), NULL);
  return g_object_new (RAMO_TYPE_SUMMARIZER, "session", session, NULL);
}

/**
 * ramo_summarizer_get_session:
 * @self: a summarizer
 *
 * Returns: (transfer none): the HTTP session
 */
SoupSession *
ramo_summarizer_get_session (RamoSummarizer *self)
{
  g_return_val_if_fail (RAMO_IS_SUMMARIZER (self), NULL);
  return self->session;
}

/**
 * ramo_summarizer_summarize_async:
 * @self: a summarizer
 * @config: a resolved configuration (ramo_summarizer_config_resolve())
 * @kind: what is summarized
 * @entries: (element-type JsonNode): the entry objects to summarize, oldest first
 * @previous_summary: (nullable): an earlier summary to merge into the new one (compaction)
 * @previous_details: (nullable): that summary's `details`, whose files are carried over
 * @custom_instructions: (nullable): the user's instructions
 * @replace_instructions: %TRUE to use only @custom_instructions
 * @cancellable: (nullable): a #GCancellable; cancelling aborts the request at once
 * @callback: called when the summary is ready or the request failed
 * @user_data: data for @callback
 *
 * Asks the configured model for a summary of @entries: one non-streaming request of the
 * transcript (ramo_summarizer_build_transcript(), within the configuration's token budget)
 * and the prompt (ramo_summarizer_build_prompt()). Without a model it fails at once, before
 * anything is sent. A branch whose transcript is empty (no message among @entries) is never
 * sent either: its summary is %RAMO_SUMMARY_NO_CONTENT, as pi writes it. The request is
 * abandoned after the configuration's timeout.
 */
void
ramo_summarizer_summarize_async (RamoSummarizer       *self,
                                 RamoSummarizerConfig *config,
                                 RamoSummaryKind       kind,
                                 GPtrArray            *entries,
                                 const char           *previous_summary,
                                 JsonNode             *previous_details,
                                 const char           *custom_instructions,
                                 gboolean              replace_instructions,
                                 GCancellable         *cancellable,
                                 GAsyncReadyCallback   callback,
                                 gpointer              user_data)
{
  g_autoptr(GTask) task = NULL;
  g_autofree char *transcript = NULL;
  g_autofree char *prompt = NULL;
  JsonNode *details;

  g_return_if_fail (RAMO_IS_SUMMARIZER (self));
  g_return_if_fail (RAMO_IS_SUMMARIZER_CONFIG (config));
  g_return_if_fail (entries != NULL);
  g_return_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, ramo_summarizer_summarize_async);
  /* the callback reports cancellation itself, in words a user can act on */
  g_task_set_check_cancellable (task, FALSE);

  if (!ramo_summarizer_config_has_model (config))
    {
      g_task_return_new_error (task, RAMO_SUMMARIZER_ERROR, RAMO_SUMMARIZER_ERROR_NO_MODEL,
                               "No model is configured for summaries (set a provider and model, "
                               "or pi's defaultProvider and defaultModel)");
      return;
    }

  if (g_cancellable_is_cancelled (cancellable))
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_CANCELLED, "The summary request was cancelled");
      return;
    }

  details = ramo_summarizer_collect_file_details (entries, previous_details);
  transcript = ramo_summarizer_build_transcript (entries, ramo_summarizer_config_get_token_budget (config), NULL);
  if (kind == RAMO_SUMMARY_KIND_BRANCH && transcript[0] == '\0')
    {
      /* pi 1.6.0's generateBranchSummary(): a branch without a message to summarize (labels,
       * model changes, …) is not sent; its summary says so */
      _ramo_summarizer_request_answer (g_steal_pointer (&task), RAMO_SUMMARY_NO_CONTENT, details);
      return;
    }
  prompt = ramo_summarizer_build_prompt (kind, transcript, previous_summary, custom_instructions,
                                         replace_instructions);
  _ramo_summarizer_request_send (g_steal_pointer (&task), self->session, config, prompt, details);
}

/**
 * ramo_summarizer_summarize_finish:
 * @self: a summarizer
 * @result: the #GAsyncResult passed to the callback
 * @details: (out) (optional) (transfer full) (nullable): `{readFiles, modifiedFiles}` of the
 *   summarized part (ramo_summarizer_collect_file_details())
 * @error: return location for a #GError, or %NULL
 *
 * Errors: %RAMO_SUMMARIZER_ERROR (the message names the host and repeats the server's
 * message, never the key), %G_IO_ERROR_CANCELLED.
 *
 * Returns: (transfer full): the summary — the model's text followed by the file lists
 *   (ramo_summarizer_append_file_lists()) — or %NULL with @error set
 */
char *
ramo_summarizer_summarize_finish (RamoSummarizer  *self,
                                  GAsyncResult    *result,
                                  JsonNode       **details,
                                  GError         **error)
{
  char *summary;

  g_return_val_if_fail (RAMO_IS_SUMMARIZER (self), NULL);
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == ramo_summarizer_summarize_async, NULL);

  if (details)
    *details = NULL;
  summary = g_task_propagate_pointer (G_TASK (result), error);
  if (summary && details)
    {
      JsonNode *request_details = _ramo_summarizer_request_get_details (G_TASK (result));

      *details = request_details ? json_node_ref (request_details) : NULL;
    }
  return summary;
}

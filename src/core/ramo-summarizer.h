/* ramo-summarizer.h — LLM summaries of abandoned branches and compacted history
 *
 * Copyright 2026 The Ramo authors
 *
 * This program is free software: you can redistribute it and/or modify it under the terms of the
 * GNU General Public License as published by the Free Software Foundation, either version 3 of
 * the License, or (at your option) any later version.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>
#include <json-glib/json-glib.h>
#include <libsoup/soup.h>

G_BEGIN_DECLS

#define RAMO_SUMMARIZER_ERROR (ramo_summarizer_error_quark ())

/**
 * RamoSummarizerError:
 * @RAMO_SUMMARIZER_ERROR_NO_MODEL: no model is configured; nothing was sent
 * @RAMO_SUMMARIZER_ERROR_UNAUTHORIZED: the server answered 401 or 403 (bad or missing key)
 * @RAMO_SUMMARIZER_ERROR_RATE_LIMITED: the server answered 429
 * @RAMO_SUMMARIZER_ERROR_SERVER: the server answered 5xx
 * @RAMO_SUMMARIZER_ERROR_HTTP: the server answered another non-2xx status
 * @RAMO_SUMMARIZER_ERROR_NETWORK: the request could not be sent or its answer not read
 * @RAMO_SUMMARIZER_ERROR_TIMEOUT: no complete answer within the configured timeout
 * @RAMO_SUMMARIZER_ERROR_BAD_RESPONSE: the answer is not the JSON the API documents
 * @RAMO_SUMMARIZER_ERROR_EMPTY_RESPONSE: the answer holds no summary text
 *
 * Error codes of the %RAMO_SUMMARIZER_ERROR domain. A cancelled request fails with
 * %G_IO_ERROR_CANCELLED instead. Messages never contain the API key.
 */
typedef enum
{
  RAMO_SUMMARIZER_ERROR_NO_MODEL = 1,
  RAMO_SUMMARIZER_ERROR_UNAUTHORIZED,
  RAMO_SUMMARIZER_ERROR_RATE_LIMITED,
  RAMO_SUMMARIZER_ERROR_SERVER,
  RAMO_SUMMARIZER_ERROR_HTTP,
  RAMO_SUMMARIZER_ERROR_NETWORK,
  RAMO_SUMMARIZER_ERROR_TIMEOUT,
  RAMO_SUMMARIZER_ERROR_BAD_RESPONSE,
  RAMO_SUMMARIZER_ERROR_EMPTY_RESPONSE,
} RamoSummarizerError;

/**
 * RamoSummarizerApi:
 * @RAMO_SUMMARIZER_API_AUTO: decided by the provider name (`anthropic` → Messages, else Chat Completions)
 * @RAMO_SUMMARIZER_API_OPENAI_CHAT: an OpenAI-compatible `POST {base}/chat/completions`
 * @RAMO_SUMMARIZER_API_ANTHROPIC_MESSAGES: Anthropic's `POST {base}/v1/messages`
 *
 * The wire format the summarizer speaks.
 */
typedef enum
{
  RAMO_SUMMARIZER_API_AUTO,
  RAMO_SUMMARIZER_API_OPENAI_CHAT,
  RAMO_SUMMARIZER_API_ANTHROPIC_MESSAGES,
} RamoSummarizerApi;

/**
 * RamoSummaryKind:
 * @RAMO_SUMMARY_KIND_BRANCH: a branch left by a tree navigation (spec §5)
 * @RAMO_SUMMARY_KIND_COMPACTION: the older part of the active path, replaced by a compaction
 *
 * What is summarized; it picks the default instructions.
 */
typedef enum
{
  RAMO_SUMMARY_KIND_BRANCH,
  RAMO_SUMMARY_KIND_COMPACTION,
} RamoSummaryKind;

#define RAMO_SUMMARIZER_DEFAULT_TOKEN_BUDGET       100000
#define RAMO_SUMMARIZER_DEFAULT_MAX_OUTPUT_TOKENS  4096
#define RAMO_SUMMARIZER_DEFAULT_TIMEOUT            180.0
#define RAMO_SUMMARIZER_DEFAULT_OPENAI_BASE_URL    "https://api.openai.com/v1"
#define RAMO_SUMMARIZER_DEFAULT_ANTHROPIC_BASE_URL "https://api.anthropic.com"

#define RAMO_TYPE_SUMMARIZER_API (ramo_summarizer_api_get_type ())
#define RAMO_TYPE_SUMMARY_KIND (ramo_summary_kind_get_type ())
#define RAMO_TYPE_SUMMARIZER_CONFIG (ramo_summarizer_config_get_type ())
#define RAMO_TYPE_SUMMARIZER (ramo_summarizer_get_type ())

G_DECLARE_FINAL_TYPE (RamoSummarizerConfig, ramo_summarizer_config, RAMO, SUMMARIZER_CONFIG, GObject)
G_DECLARE_FINAL_TYPE (RamoSummarizer, ramo_summarizer, RAMO, SUMMARIZER, GObject)

GQuark                ramo_summarizer_error_quark                    (void);
GType                 ramo_summarizer_api_get_type                   (void) G_GNUC_CONST;
GType                 ramo_summary_kind_get_type                     (void) G_GNUC_CONST;

RamoSummarizerConfig *ramo_summarizer_config_new                     (void);
RamoSummarizerConfig *ramo_summarizer_config_copy                    (RamoSummarizerConfig *self);
const char           *ramo_summarizer_config_get_provider            (RamoSummarizerConfig *self);
void                  ramo_summarizer_config_set_provider            (RamoSummarizerConfig *self,
                                                                      const char           *provider);
RamoSummarizerApi     ramo_summarizer_config_get_api                 (RamoSummarizerConfig *self);
void                  ramo_summarizer_config_set_api                 (RamoSummarizerConfig *self,
                                                                      RamoSummarizerApi     api);
const char           *ramo_summarizer_config_get_base_url            (RamoSummarizerConfig *self);
void                  ramo_summarizer_config_set_base_url            (RamoSummarizerConfig *self,
                                                                      const char           *base_url);
const char           *ramo_summarizer_config_get_model               (RamoSummarizerConfig *self);
void                  ramo_summarizer_config_set_model               (RamoSummarizerConfig *self,
                                                                      const char           *model);
const char           *ramo_summarizer_config_get_api_key             (RamoSummarizerConfig *self);
void                  ramo_summarizer_config_set_api_key             (RamoSummarizerConfig *self,
                                                                      const char           *api_key);
guint                 ramo_summarizer_config_get_token_budget        (RamoSummarizerConfig *self);
void                  ramo_summarizer_config_set_token_budget        (RamoSummarizerConfig *self,
                                                                      guint                 tokens);
guint                 ramo_summarizer_config_get_max_output_tokens   (RamoSummarizerConfig *self);
void                  ramo_summarizer_config_set_max_output_tokens   (RamoSummarizerConfig *self,
                                                                      guint                 tokens);
double                ramo_summarizer_config_get_timeout             (RamoSummarizerConfig *self);
void                  ramo_summarizer_config_set_timeout             (RamoSummarizerConfig *self,
                                                                      double                seconds);
gboolean              ramo_summarizer_config_has_model               (RamoSummarizerConfig *self);
void                  ramo_summarizer_config_fill_from               (RamoSummarizerConfig *self,
                                                                      RamoSummarizerConfig *other);
void                  ramo_summarizer_config_fill_from_environment   (RamoSummarizerConfig *self);
void                  ramo_summarizer_config_fill_from_pi            (RamoSummarizerConfig *self,
                                                                      const char           *agent_dir);
RamoSummarizerConfig *ramo_summarizer_config_resolve                 (RamoSummarizerConfig *explicit_config,
                                                                      RamoSummarizerConfig *settings_config);
char                 *ramo_summarizer_config_describe                (RamoSummarizerConfig *self);

RamoSummarizer       *ramo_summarizer_new                            (SoupSession          *session);
SoupSession          *ramo_summarizer_get_session                    (RamoSummarizer       *self);
SoupSession          *ramo_summarizer_get_default_session            (void);
void                  ramo_summarizer_summarize_async                (RamoSummarizer       *self,
                                                                      RamoSummarizerConfig *config,
                                                                      RamoSummaryKind       kind,
                                                                      GPtrArray            *entries,
                                                                      const char           *previous_summary,
                                                                      JsonNode             *previous_details,
                                                                      const char           *custom_instructions,
                                                                      gboolean              replace_instructions,
                                                                      GCancellable         *cancellable,
                                                                      GAsyncReadyCallback   callback,
                                                                      gpointer              user_data);
char                 *ramo_summarizer_summarize_finish               (RamoSummarizer       *self,
                                                                      GAsyncResult         *result,
                                                                      JsonNode            **details,
                                                                      GError              **error);

char                 *ramo_summarizer_build_transcript               (GPtrArray            *entries,
                                                                      guint                 token_budget,
                                                                      guint                *n_omitted);
char                 *ramo_summarizer_build_prompt                   (RamoSummaryKind       kind,
                                                                      const char           *transcript,
                                                                      const char           *previous_summary,
                                                                      const char           *custom_instructions,
                                                                      gboolean              replace_instructions);
const char           *ramo_summarizer_get_system_prompt              (void);
JsonNode             *ramo_summarizer_collect_file_details           (GPtrArray            *entries,
                                                                      JsonNode             *previous_details);
char                 *ramo_summarizer_append_file_lists              (const char           *summary,
                                                                      JsonNode             *details);
gint64                ramo_summarizer_estimate_tokens                (JsonNode             *message);
gsize                 ramo_summarizer_js_length                      (const char           *text);
char                 *ramo_summarizer_redact                         (const char           *text,
                                                                      const char           *secret);

G_END_DECLS

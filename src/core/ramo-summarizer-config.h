/* ramo-summarizer-config.h — where and how summaries are asked for: provider, model, key, limits
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

#include <glib-object.h>

G_BEGIN_DECLS

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

#define RAMO_SUMMARIZER_DEFAULT_TOKEN_BUDGET       100000
#define RAMO_SUMMARIZER_DEFAULT_MAX_OUTPUT_TOKENS  4096
#define RAMO_SUMMARIZER_DEFAULT_TIMEOUT            180.0
#define RAMO_SUMMARIZER_DEFAULT_OPENAI_BASE_URL    "https://api.openai.com/v1"
#define RAMO_SUMMARIZER_DEFAULT_ANTHROPIC_BASE_URL "https://api.anthropic.com"

#define RAMO_TYPE_SUMMARIZER_API (ramo_summarizer_api_get_type ())
#define RAMO_TYPE_SUMMARIZER_CONFIG (ramo_summarizer_config_get_type ())

G_DECLARE_FINAL_TYPE (RamoSummarizerConfig, ramo_summarizer_config, RAMO, SUMMARIZER_CONFIG, GObject)

GType                 ramo_summarizer_api_get_type                   (void) G_GNUC_CONST;

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

G_END_DECLS

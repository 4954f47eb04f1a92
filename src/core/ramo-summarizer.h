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

#include "ramo-summarizer-config.h"
#include "ramo-summarizer-transcript.h"

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

#define RAMO_TYPE_SUMMARIZER (ramo_summarizer_get_type ())

G_DECLARE_FINAL_TYPE (RamoSummarizer, ramo_summarizer, RAMO, SUMMARIZER, GObject)

GQuark                ramo_summarizer_error_quark                    (void);

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

char                 *ramo_summarizer_redact                         (const char           *text,
                                                                      const char           *secret);

G_END_DECLS

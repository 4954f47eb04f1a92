/* ramo-summarizer-transcript.h — what a summary request says: transcript, prompt, file lists, token estimate
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
#include <json-glib/json-glib.h>

G_BEGIN_DECLS

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

#define RAMO_TYPE_SUMMARY_KIND (ramo_summary_kind_get_type ())

/**
 * RAMO_SUMMARY_NO_CONTENT:
 *
 * The summary of a branch that holds no message (pi 1.6.0's words): nothing is sent to the
 * model for it.
 */
#define RAMO_SUMMARY_NO_CONTENT "No content to summarize"

GType                 ramo_summary_kind_get_type                     (void) G_GNUC_CONST;

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

G_END_DECLS

/* ramo-summarizer-private.h — what the summarizer's files share
 *
 * Copyright 2026 The Ramo authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "ramo-summarizer.h"

G_BEGIN_DECLS

/* The member @name of @object, NULL when @object is NULL or lacks it. */
static inline JsonNode *
_ramo_summarizer_member (JsonObject *object,
                         const char *name)
{
  return object ? json_object_get_member (object, name) : NULL;
}

/* The member @name of @object when it is an object, else NULL. */
static inline JsonObject *
_ramo_summarizer_member_object (JsonObject *object,
                                const char *name)
{
  JsonNode *node = _ramo_summarizer_member (object, name);

  return node && JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
}

/* ramo-summarizer.c: compares two `const char **` as JavaScript's default sort does */

/* ramo-summarizer-http.c: sends the request for @prompt as @config says and returns the
 * summary (the model's text followed by the file lists of @details) through @owned_task;
 * it takes both @owned_task and @details. The task's cancellable aborts the request. */
void      _ramo_summarizer_request_send       (GTask                *owned_task,
                                               SoupSession          *session,
                                               RamoSummarizerConfig *config,
                                               const char           *prompt,
                                               JsonNode             *details);
/* answers @owned_task with @summary without asking the model; takes both @owned_task and
 * @details (the summary's details, as a request's) */
void      _ramo_summarizer_request_answer     (GTask                *owned_task,
                                               const char           *summary,
                                               JsonNode             *details);
/* the details the request of @task was sent with (transfer none) */
JsonNode *_ramo_summarizer_request_get_details (GTask                *task);

G_END_DECLS

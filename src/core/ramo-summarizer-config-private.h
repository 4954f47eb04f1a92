/* ramo-summarizer-config-private.h
 *
 * Copyright 2026 The Ramo authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "ramo-summarizer-config.h"

G_BEGIN_DECLS

struct _RamoSummarizerConfig
{
  GObject            parent_instance;

  char              *provider;
  char              *base_url;
  char              *model;
  char              *api_key;
  RamoSummarizerApi  api;
  guint              token_budget;
  guint              max_output_tokens;
  double             timeout;
};

/* The base URL requests go to: the one set, else the API's default; without trailing slashes. */
char *_ramo_summarizer_config_dup_base_url (RamoSummarizerConfig *self);

G_END_DECLS

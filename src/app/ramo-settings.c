/* ramo-settings.c
 *
 * Copyright 2026 The Ramo authors
 *
 * This program is free software: you can redistribute it and/or modify it under the terms of the
 * GNU General Public License as published by the Free Software Foundation, either version 3 of
 * the License, or (at your option) any later version.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ramo-settings"

#include "config.h"

#include "ramo-build-config.h"
#include "ramo-secret.h"
#include "ramo-session-index.h"
#include "ramo-settings.h"

/*
 * Ramo's GSettings (schema io.github.ramo.Ramo) and what is read from them: the summary
 * configuration (with the API key from the keyring) and the session folders. The application
 * owns one (ramo-application.c, which also applies them to each new window), and so does each
 * window for its summaries; there is no settings object shared through a global.
 */

static GSettingsSchema *
lookup_schema (void)
{
  GSettingsSchemaSource *source = g_settings_schema_source_get_default ();
  GSettingsSchema *schema = source ? g_settings_schema_source_lookup (source, RAMO_APP_ID, TRUE) : NULL;

  /* an uninstalled build (ninja, then src/app/ramo) uses the schema compiled beside it */
  if (schema == NULL && g_file_test (RAMO_BUILD_SCHEMA_DIR "/gschemas.compiled", G_FILE_TEST_IS_REGULAR))
    {
      g_autoptr(GSettingsSchemaSource) build = NULL;

      build = g_settings_schema_source_new_from_directory (RAMO_BUILD_SCHEMA_DIR, source, FALSE, NULL);
      if (build)
        schema = g_settings_schema_source_lookup (build, RAMO_APP_ID, FALSE);
    }
  return schema;
}

/**
 * ramo_settings_new:
 *
 * Ramo's settings (schema `io.github.ramo.Ramo`), found also beside an uninstalled build. Each
 * owner (the application, a window) keeps its own: they share the GSettings backend, so a change
 * through one is seen by all.
 *
 * Returns: (transfer full) (nullable): new settings, or %NULL when the schema is installed
 *   nowhere (an uninstalled build whose schema was not compiled): callers use the defaults then
 */
GSettings *
ramo_settings_new (void)
{
  g_autoptr(GSettingsSchema) schema = lookup_schema ();

  return schema ? g_settings_new_full (schema, NULL, NULL) : NULL;
}

static char *
nonempty_string (GSettings  *settings,
                 const char *key)
{
  g_autofree char *value = g_settings_get_string (settings, key);

  g_strstrip (value);
  return value[0] ? g_steal_pointer (&value) : NULL;
}

/**
 * ramo_settings_dup_summary_config:
 * @settings: (nullable): Ramo's settings (ramo_settings_new())
 *
 * The summary configuration the user chose in the preferences: provider, base URL and model
 * from GSettings, and the API key of that provider from the keyring (Secret Service, schema
 * `io.github.ramo.Ramo.ApiKey`). Values left empty are unset. The key lookup blocks briefly on
 * D-Bus; without a keyring there is simply no key here.
 *
 * This is the *settings* layer: pass it as @settings_config to
 * ramo_summarizer_config_resolve(), which adds what is still missing from the environment
 * (`OPENAI_API_KEY`, `ANTHROPIC_API_KEY`, …) and from pi's own settings.
 *
 * Returns: (transfer full): a new configuration
 */
RamoSummarizerConfig *
ramo_settings_dup_summary_config (GSettings *settings)
{
  RamoSummarizerConfig *config = ramo_summarizer_config_new ();
  g_autofree char *provider = NULL;
  g_autofree char *base_url = NULL;
  g_autofree char *model = NULL;
  g_autofree char *key = NULL;
  g_autoptr(GError) error = NULL;

  g_return_val_if_fail (!settings || G_IS_SETTINGS (settings), config);

  if (settings == NULL)
    return config;

  provider = g_settings_get_string (settings, "summary-provider");
  base_url = nonempty_string (settings, "summary-base-url");
  model = nonempty_string (settings, "summary-model");

  if (g_strcmp0 (provider, "openai") == 0)
    {
      ramo_summarizer_config_set_provider (config, "openai");
      ramo_summarizer_config_set_api (config, RAMO_SUMMARIZER_API_OPENAI_CHAT);
    }
  else if (g_strcmp0 (provider, "anthropic") == 0)
    {
      ramo_summarizer_config_set_provider (config, "anthropic");
      ramo_summarizer_config_set_api (config, RAMO_SUMMARIZER_API_ANTHROPIC_MESSAGES);
    }
  ramo_summarizer_config_set_base_url (config, base_url);
  ramo_summarizer_config_set_model (config, model);

  if (ramo_summarizer_config_get_provider (config) != NULL)
    {
      key = ramo_secret_lookup_api_key (ramo_summarizer_config_get_provider (config), NULL, &error);
      if (error)
        g_debug ("No API key from the keyring: %s", error->message);
      ramo_summarizer_config_set_api_key (config, key);
    }

  return config;
}

/**
 * ramo_settings_dup_summary_instructions:
 * @settings: (nullable): Ramo's settings
 *
 * Returns: (transfer full) (nullable): the custom default instructions for summaries, or %NULL
 */
char *
ramo_settings_dup_summary_instructions (GSettings *settings)
{
  g_return_val_if_fail (!settings || G_IS_SETTINGS (settings), NULL);

  return settings ? nonempty_string (settings, "summary-instructions") : NULL;
}

/**
 * ramo_settings_dup_session_roots:
 * @settings: (nullable): Ramo's settings
 *
 * Returns: (transfer full): the folders the session browser lists: pi's and oh-my-pi's session
 *   folders under `$HOME`, and the `session-folders` setting
 */
char **
ramo_settings_dup_session_roots (GSettings *settings)
{
  g_auto(GStrv) extra = settings ? g_settings_get_strv (settings, "session-folders") : NULL;

  return ramo_session_index_default_roots ((const char * const *) extra);
}

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
#include "ramo-projection.h"
#include "ramo-secret.h"
#include "ramo-session-index.h"
#include "ramo-settings.h"

/*
 * Ramo's GSettings (schema io.github.ramo.Ramo) and what is read from them: the summary
 * configuration (with the API key from the keyring), the session folders, and what a new window
 * takes from them (the double-Escape action, the default filter, its size).
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
 * ramo_app_get_settings:
 *
 * Ramo's settings. When the schema is installed nowhere (an uninstalled build whose schema was
 * not compiled), there are none: callers use the defaults then.
 *
 * Returns: (transfer none) (nullable): the settings, shared by the whole program
 */
GSettings *
ramo_app_get_settings (void)
{
  static gsize initialized;
  static GSettings *settings;

  if (g_once_init_enter (&initialized))
    {
      g_autoptr(GSettingsSchema) schema = lookup_schema ();

      if (schema)
        settings = g_settings_new_full (schema, NULL, NULL);
      else
        g_warning ("The GSettings schema %s is not installed; preferences are not kept", RAMO_APP_ID);
      g_once_init_leave (&initialized, 1);
    }
  return settings;
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
 * ramo_app_dup_summary_config:
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
ramo_app_dup_summary_config (void)
{
  GSettings *settings = ramo_app_get_settings ();
  RamoSummarizerConfig *config = ramo_summarizer_config_new ();
  g_autofree char *provider = NULL;
  g_autofree char *base_url = NULL;
  g_autofree char *model = NULL;
  g_autofree char *key = NULL;
  g_autoptr(GError) error = NULL;

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
 * ramo_app_dup_summary_instructions:
 *
 * Returns: (transfer full) (nullable): the custom default instructions for summaries, or %NULL
 */
char *
ramo_app_dup_summary_instructions (void)
{
  GSettings *settings = ramo_app_get_settings ();

  return settings ? nonempty_string (settings, "summary-instructions") : NULL;
}

/**
 * ramo_app_dup_session_roots:
 *
 * Returns: (transfer full): the folders the session browser lists: pi's and oh-my-pi's session
 *   folders under `$HOME`, and the `session-folders` setting
 */
char **
ramo_app_dup_session_roots (void)
{
  GSettings *settings = ramo_app_get_settings ();
  g_auto(GStrv) extra = settings ? g_settings_get_strv (settings, "session-folders") : NULL;

  return ramo_session_index_default_roots ((const char * const *) extra);
}

static gboolean
window_close_request_cb (GtkWindow *window,
                         GSettings *settings)
{
  int width = 0;
  int height = 0;

  gtk_window_get_default_size (window, &width, &height);
  g_settings_delay (settings);
  if (width > 0 && height > 0 && !gtk_window_is_maximized (window))
    {
      g_settings_set_int (settings, "window-width", width);
      g_settings_set_int (settings, "window-height", height);
    }
  g_settings_set_boolean (settings, "window-maximized", gtk_window_is_maximized (window));
  g_settings_apply (settings);
  return FALSE;
}

/**
 * ramo_app_settings_attach_window:
 * @window: a new window, before it shows a session
 *
 * Makes @window follow the settings: its double-Escape action (kept in sync), the filter it
 * opens with, and its size (read now, saved when it closes).
 */
void
ramo_app_settings_attach_window (RamoWindow *window)
{
  GSettings *settings = ramo_app_get_settings ();
  g_autofree char *filter = NULL;
  RamoFilterMode mode;

  g_return_if_fail (RAMO_IS_WINDOW (window));

  if (settings == NULL)
    return;

  g_settings_bind (settings, "double-escape-action", window, "double-escape-action", G_SETTINGS_BIND_GET);

  filter = g_settings_get_string (settings, "default-filter");
  if (ramo_filter_mode_from_string (filter, &mode))
    gtk_drop_down_set_selected (ramo_window_get_filter_dropdown (window), mode);

  gtk_window_set_default_size (GTK_WINDOW (window),
                               g_settings_get_int (settings, "window-width"),
                               g_settings_get_int (settings, "window-height"));
  if (g_settings_get_boolean (settings, "window-maximized"))
    gtk_window_maximize (GTK_WINDOW (window));
  g_signal_connect_object (window, "close-request", G_CALLBACK (window_close_request_cb), settings, 0);
}

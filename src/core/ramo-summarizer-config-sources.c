/* ramo-summarizer-config-sources.c — a summarizer configuration from the environment and pi's files
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

#include "ramo-json.h"
#include "ramo-summarizer-config-private.h"
#include "ramo-summarizer-private.h"

/*
 * The values a configuration leaves unset are looked for, most specific first, in the
 * environment (the variables pi reads) and in pi's own files in its agent folder; the
 * provider is chosen first, so that a key is only ever taken for the provider it belongs to.
 */

static const char *
nonempty_env (const char *name)
{
  const char *value = g_getenv (name);

  return value && *value ? value : NULL;
}

/**
 * ramo_summarizer_config_fill_from_environment:
 * @self: a configuration
 *
 * Fills unset values from the environment: for the provider `openai`, `OPENAI_API_KEY` and
 * `OPENAI_BASE_URL`; for `anthropic`, `ANTHROPIC_API_KEY` and `ANTHROPIC_BASE_URL`. Without a
 * provider, `OPENAI_BASE_URL` or a lone `OPENAI_API_KEY` choose `openai` and a lone
 * `ANTHROPIC_API_KEY` chooses `anthropic`; with both keys a model named `claude…` chooses
 * `anthropic`.
 */
void
ramo_summarizer_config_fill_from_environment (RamoSummarizerConfig *self)
{
  const char *openai_key = nonempty_env ("OPENAI_API_KEY");
  const char *openai_base = nonempty_env ("OPENAI_BASE_URL");
  const char *anthropic_key = nonempty_env ("ANTHROPIC_API_KEY");

  g_return_if_fail (RAMO_IS_SUMMARIZER_CONFIG (self));

  if (self->provider == NULL)
    {
      if (openai_base || (openai_key && !anthropic_key))
        ramo_summarizer_config_set_provider (self, "openai");
      else if (anthropic_key && !openai_key)
        ramo_summarizer_config_set_provider (self, "anthropic");
      else if (anthropic_key && openai_key)
        ramo_summarizer_config_set_provider (self, self->model && g_str_has_prefix (self->model, "claude")
                                                   ? "anthropic" : "openai");
    }

  if (g_strcmp0 (self->provider, "openai") == 0)
    {
      if (self->api_key == NULL)
        ramo_summarizer_config_set_api_key (self, openai_key);
      if (self->base_url == NULL)
        ramo_summarizer_config_set_base_url (self, openai_base);
    }
  else if (g_strcmp0 (self->provider, "anthropic") == 0)
    {
      if (self->api_key == NULL)
        ramo_summarizer_config_set_api_key (self, anthropic_key);
      if (self->base_url == NULL)
        ramo_summarizer_config_set_base_url (self, nonempty_env ("ANTHROPIC_BASE_URL"));
    }
}

static JsonObject *
read_json_object (const char *dir,
                  const char *name)
{
  g_autofree char *path = g_build_filename (dir, name, NULL);
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;
  JsonNode *root;

  if (!json_parser_load_from_file (parser, path, &error))
    {
      if (!g_error_matches (error, G_FILE_ERROR, G_FILE_ERROR_NOENT))
        g_debug ("%s: %s", path, error->message);
      return NULL;
    }
  root = json_parser_get_root (parser);
  if (root == NULL || !JSON_NODE_HOLDS_OBJECT (root))
    return NULL;
  return json_object_ref (json_node_get_object (root));
}

/* pi's config values are a shell command (`!cmd`), the name of an environment variable, or
 * the literal value. Only the last two hold a plain key; Ramo never runs the command. */
static const char *
plain_config_value (const char *value)
{
  if (value == NULL || *value == '\0' || value[0] == '!')
    return NULL;
  if (nonempty_env (value))
    return nonempty_env (value);
  return value;
}

static RamoSummarizerApi
api_from_pi_name (const char *api)
{
  if (g_strcmp0 (api, "anthropic-messages") == 0)
    return RAMO_SUMMARIZER_API_ANTHROPIC_MESSAGES;
  if (g_strcmp0 (api, "openai-completions") == 0)
    return RAMO_SUMMARIZER_API_OPENAI_CHAT;
  return RAMO_SUMMARIZER_API_AUTO;
}

static char *
default_pi_agent_dir (void)
{
  const char *dir = nonempty_env ("PI_CODING_AGENT_DIR");

  if (dir != NULL)
    {
      if (dir[0] == '~' && (dir[1] == '\0' || dir[1] == '/'))
        return g_build_filename (g_get_home_dir (), dir + 1, NULL);
      return g_strdup (dir);
    }
  return g_build_filename (g_get_home_dir (), ".pi", "agent", NULL);
}

/* Whether Ramo can talk to a provider pi names: the two it knows, or one defined in
 * models.json with a base URL and an API Ramo speaks. */
static gboolean
pi_provider_usable (const char *provider,
                    JsonObject *models)
{
  JsonObject *entry;

  if (g_strcmp0 (provider, "openai") == 0 || g_strcmp0 (provider, "anthropic") == 0)
    return TRUE;
  entry = _ramo_summarizer_member_object (_ramo_summarizer_member_object (models, "providers"), provider);
  return entry != NULL && ramo_json_member_string (entry, "baseUrl") != NULL &&
         api_from_pi_name (ramo_json_member_string (entry, "api")) != RAMO_SUMMARIZER_API_AUTO;
}

/**
 * ramo_summarizer_config_fill_from_pi:
 * @self: a configuration
 * @agent_dir: (nullable) (type filename): pi's agent folder; %NULL for `$PI_CODING_AGENT_DIR`
 *   or `~/.pi/agent`
 *
 * Fills unset values from pi's own files, where they hold plain values: `settings.json`
 * (`defaultProvider`, and `defaultModel` when that provider is the one in use), `auth.json`
 * (`{"<provider>": {"type": "api_key", "key": "…"}}`) and `models.json` (a custom provider's
 * `baseUrl`, `api` and `apiKey`). Keys that are shell commands (`!…`) and OAuth logins are
 * ignored. Missing or unreadable files are skipped.
 */
void
ramo_summarizer_config_fill_from_pi (RamoSummarizerConfig *self,
                                     const char           *agent_dir)
{
  g_autofree char *dir = agent_dir ? g_strdup (agent_dir) : default_pi_agent_dir ();
  g_autoptr(JsonObject) settings = read_json_object (dir, "settings.json");
  g_autoptr(JsonObject) models = read_json_object (dir, "models.json");
  const char *pi_provider = ramo_json_member_string (settings, "defaultProvider");
  const char *pi_model = ramo_json_member_string (settings, "defaultModel");
  JsonObject *custom;

  g_return_if_fail (RAMO_IS_SUMMARIZER_CONFIG (self));

  if (self->provider == NULL && pi_provider && pi_provider_usable (pi_provider, models))
    ramo_summarizer_config_set_provider (self, pi_provider);
  if (self->provider == NULL)
    return;

  if (self->model == NULL && g_strcmp0 (pi_provider, self->provider) == 0)
    ramo_summarizer_config_set_model (self, pi_model);

  custom = _ramo_summarizer_member_object (_ramo_summarizer_member_object (models, "providers"), self->provider);
  if (self->api == RAMO_SUMMARIZER_API_AUTO && custom)
    ramo_summarizer_config_set_api (self, api_from_pi_name (ramo_json_member_string (custom, "api")));
  if (self->base_url == NULL && custom)
    ramo_summarizer_config_set_base_url (self, ramo_json_member_string (custom, "baseUrl"));

  if (self->api_key == NULL)
    {
      g_autoptr(JsonObject) auth = read_json_object (dir, "auth.json");
      JsonObject *credential = _ramo_summarizer_member_object (auth, self->provider);

      if (g_strcmp0 (ramo_json_member_string (credential, "type"), "api_key") == 0)
        ramo_summarizer_config_set_api_key (self, plain_config_value (ramo_json_member_string (credential, "key")));
      if (self->api_key == NULL && custom)
        ramo_summarizer_config_set_api_key (self, plain_config_value (ramo_json_member_string (custom, "apiKey")));
    }
}

/**
 * ramo_summarizer_config_resolve:
 * @explicit_config: (nullable): values given explicitly (command line, dialog)
 * @settings_config: (nullable): Ramo's own stored settings (GSettings and the keyring, filled
 *   by the application; the core does not read them itself)
 *
 * Resolves the configuration to use, most specific first: @explicit_config, then
 * @settings_config, then the environment (ramo_summarizer_config_fill_from_environment()),
 * then pi's files (ramo_summarizer_config_fill_from_pi()). Only the provider is chosen in a
 * slightly different order: an explicit or stored one, else `openai` when a base URL is given
 * or `OPENAI_BASE_URL` is set, else pi's `defaultProvider` (with its `defaultModel`), else the
 * one whose key the environment holds.
 *
 * Returns: (transfer full): the resolved configuration; it may still lack a model
 */
RamoSummarizerConfig *
ramo_summarizer_config_resolve (RamoSummarizerConfig *explicit_config,
                                RamoSummarizerConfig *settings_config)
{
  RamoSummarizerConfig *config;

  g_return_val_if_fail (explicit_config == NULL || RAMO_IS_SUMMARIZER_CONFIG (explicit_config), NULL);
  g_return_val_if_fail (settings_config == NULL || RAMO_IS_SUMMARIZER_CONFIG (settings_config), NULL);

  config = explicit_config ? ramo_summarizer_config_copy (explicit_config) : ramo_summarizer_config_new ();
  ramo_summarizer_config_fill_from (config, settings_config);

  if (config->provider == NULL && (config->base_url != NULL || nonempty_env ("OPENAI_BASE_URL")))
    ramo_summarizer_config_set_provider (config,
                                         config->api == RAMO_SUMMARIZER_API_ANTHROPIC_MESSAGES
                                         ? "anthropic" : "openai");

  if (config->provider == NULL)
    {
      g_autofree char *dir = default_pi_agent_dir ();
      g_autoptr(JsonObject) settings = read_json_object (dir, "settings.json");
      g_autoptr(JsonObject) models = read_json_object (dir, "models.json");
      const char *pi_provider = ramo_json_member_string (settings, "defaultProvider");

      if (pi_provider && pi_provider_usable (pi_provider, models))
        ramo_summarizer_config_set_provider (config, pi_provider);
    }

  ramo_summarizer_config_fill_from_environment (config);
  ramo_summarizer_config_fill_from_pi (config, NULL);
  return config;
}

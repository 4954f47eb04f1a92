/* ramo-summarizer-config.c — where and how summaries are asked for
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

#include <string.h>

#include "ramo-core-private.h"
#include "ramo-summarizer-config-private.h"

/*
 * A RamoSummarizerConfig holds the values a summary request needs: the provider and its wire
 * format, the base URL, the model, the key and the limits. Each may be unset; the getters give
 * the defaults then. Where unset values are filled from (the environment, pi's files) is in
 * ramo-summarizer-config-sources.c.
 */

G_DEFINE_ENUM_TYPE (RamoSummarizerApi, ramo_summarizer_api,
                    G_DEFINE_ENUM_VALUE (RAMO_SUMMARIZER_API_AUTO, "auto"),
                    G_DEFINE_ENUM_VALUE (RAMO_SUMMARIZER_API_OPENAI_CHAT, "openai-chat"),
                    G_DEFINE_ENUM_VALUE (RAMO_SUMMARIZER_API_ANTHROPIC_MESSAGES, "anthropic-messages"))

G_DEFINE_FINAL_TYPE (RamoSummarizerConfig, ramo_summarizer_config, G_TYPE_OBJECT)

enum {
  CONFIG_PROP_0,
  CONFIG_PROP_PROVIDER,
  CONFIG_PROP_API,
  CONFIG_PROP_BASE_URL,
  CONFIG_PROP_MODEL,
  CONFIG_PROP_API_KEY,
  CONFIG_PROP_TOKEN_BUDGET,
  CONFIG_PROP_MAX_OUTPUT_TOKENS,
  CONFIG_PROP_TIMEOUT,
  CONFIG_N_PROPS
};

static GParamSpec *config_properties [CONFIG_N_PROPS];

static void
ramo_summarizer_config_finalize (GObject *object)
{
  RamoSummarizerConfig *self = (RamoSummarizerConfig *) object;

  g_clear_pointer (&self->provider, g_free);
  g_clear_pointer (&self->base_url, g_free);
  g_clear_pointer (&self->model, g_free);
  g_clear_pointer (&self->api_key, g_free);

  G_OBJECT_CLASS (ramo_summarizer_config_parent_class)->finalize (object);
}

static void
ramo_summarizer_config_get_property (GObject    *object,
                                     guint       prop_id,
                                     GValue     *value,
                                     GParamSpec *pspec)
{
  RamoSummarizerConfig *self = RAMO_SUMMARIZER_CONFIG (object);

  switch (prop_id)
    {
    case CONFIG_PROP_PROVIDER:
      g_value_set_string (value, ramo_summarizer_config_get_provider (self));
      break;
    case CONFIG_PROP_API:
      g_value_set_enum (value, ramo_summarizer_config_get_api (self));
      break;
    case CONFIG_PROP_BASE_URL:
      g_value_set_string (value, ramo_summarizer_config_get_base_url (self));
      break;
    case CONFIG_PROP_MODEL:
      g_value_set_string (value, ramo_summarizer_config_get_model (self));
      break;
    case CONFIG_PROP_API_KEY:
      g_value_set_string (value, ramo_summarizer_config_get_api_key (self));
      break;
    case CONFIG_PROP_TOKEN_BUDGET:
      g_value_set_uint (value, ramo_summarizer_config_get_token_budget (self));
      break;
    case CONFIG_PROP_MAX_OUTPUT_TOKENS:
      g_value_set_uint (value, ramo_summarizer_config_get_max_output_tokens (self));
      break;
    case CONFIG_PROP_TIMEOUT:
      g_value_set_double (value, ramo_summarizer_config_get_timeout (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ramo_summarizer_config_set_property (GObject      *object,
                                     guint         prop_id,
                                     const GValue *value,
                                     GParamSpec   *pspec)
{
  RamoSummarizerConfig *self = RAMO_SUMMARIZER_CONFIG (object);

  switch (prop_id)
    {
    case CONFIG_PROP_PROVIDER:
      ramo_summarizer_config_set_provider (self, g_value_get_string (value));
      break;
    case CONFIG_PROP_API:
      ramo_summarizer_config_set_api (self, g_value_get_enum (value));
      break;
    case CONFIG_PROP_BASE_URL:
      ramo_summarizer_config_set_base_url (self, g_value_get_string (value));
      break;
    case CONFIG_PROP_MODEL:
      ramo_summarizer_config_set_model (self, g_value_get_string (value));
      break;
    case CONFIG_PROP_API_KEY:
      ramo_summarizer_config_set_api_key (self, g_value_get_string (value));
      break;
    case CONFIG_PROP_TOKEN_BUDGET:
      ramo_summarizer_config_set_token_budget (self, g_value_get_uint (value));
      break;
    case CONFIG_PROP_MAX_OUTPUT_TOKENS:
      ramo_summarizer_config_set_max_output_tokens (self, g_value_get_uint (value));
      break;
    case CONFIG_PROP_TIMEOUT:
      ramo_summarizer_config_set_timeout (self, g_value_get_double (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ramo_summarizer_config_class_init (RamoSummarizerConfigClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GParamFlags flags = G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->finalize = ramo_summarizer_config_finalize;
  object_class->get_property = ramo_summarizer_config_get_property;
  object_class->set_property = ramo_summarizer_config_set_property;

  /**
   * RamoSummarizerConfig:provider: (nullable)
   *
   * The provider's name as pi spells it (`openai`, `anthropic`, or a provider defined in pi's
   * `models.json`). It selects which keys and settings apply. %NULL = not set.
   */
  config_properties [CONFIG_PROP_PROVIDER] =
    g_param_spec_string ("provider", NULL, NULL, NULL, flags);

  /**
   * RamoSummarizerConfig:api:
   *
   * The wire format; %RAMO_SUMMARIZER_API_AUTO derives it from the provider.
   */
  config_properties [CONFIG_PROP_API] =
    g_param_spec_enum ("api", NULL, NULL, RAMO_TYPE_SUMMARIZER_API, RAMO_SUMMARIZER_API_AUTO, flags);

  /**
   * RamoSummarizerConfig:base-url: (nullable)
   *
   * The endpoint's base URL: for Chat Completions the part before `/chat/completions`
   * (default `https://api.openai.com/v1`), for Anthropic the part before `/v1/messages`
   * (default `https://api.anthropic.com`). %NULL = not set (the default applies).
   */
  config_properties [CONFIG_PROP_BASE_URL] =
    g_param_spec_string ("base-url", NULL, NULL, NULL, flags);

  /**
   * RamoSummarizerConfig:model: (nullable)
   *
   * The model id sent with the request. Summarizing fails with
   * %RAMO_SUMMARIZER_ERROR_NO_MODEL while it is %NULL.
   */
  config_properties [CONFIG_PROP_MODEL] =
    g_param_spec_string ("model", NULL, NULL, NULL, flags);

  /**
   * RamoSummarizerConfig:api-key: (nullable)
   *
   * The API key. It is sent only in the request's authentication header and never appears
   * in messages, logs or files.
   */
  config_properties [CONFIG_PROP_API_KEY] =
    g_param_spec_string ("api-key", NULL, NULL, NULL, flags);

  /**
   * RamoSummarizerConfig:token-budget:
   *
   * The largest transcript sent, in tokens estimated as characters / 4; older messages are
   * left out first. 0 = not set (%RAMO_SUMMARIZER_DEFAULT_TOKEN_BUDGET applies).
   */
  config_properties [CONFIG_PROP_TOKEN_BUDGET] =
    g_param_spec_uint ("token-budget", NULL, NULL, 0, G_MAXUINT, 0, flags);

  /**
   * RamoSummarizerConfig:max-output-tokens:
   *
   * The longest answer asked for, in tokens. 0 = not set
   * (%RAMO_SUMMARIZER_DEFAULT_MAX_OUTPUT_TOKENS applies).
   */
  config_properties [CONFIG_PROP_MAX_OUTPUT_TOKENS] =
    g_param_spec_uint ("max-output-tokens", NULL, NULL, 0, G_MAXUINT, 0, flags);

  /**
   * RamoSummarizerConfig:timeout:
   *
   * How long a request may take in all, in seconds. 0 = not set
   * (%RAMO_SUMMARIZER_DEFAULT_TIMEOUT applies).
   */
  config_properties [CONFIG_PROP_TIMEOUT] =
    g_param_spec_double ("timeout", NULL, NULL, 0, G_MAXDOUBLE, 0, flags);

  g_object_class_install_properties (object_class, CONFIG_N_PROPS, config_properties);
}

static void
ramo_summarizer_config_init (RamoSummarizerConfig *self)
{
}

/**
 * ramo_summarizer_config_new:
 *
 * Creates a configuration with nothing set.
 *
 * Returns: (transfer full): a new configuration
 */
RamoSummarizerConfig *
ramo_summarizer_config_new (void)
{
  return g_object_new (RAMO_TYPE_SUMMARIZER_CONFIG, NULL);
}

/**
 * ramo_summarizer_config_copy:
 * @self: a configuration
 *
 * Returns: (transfer full): a new configuration with the same values
 */
RamoSummarizerConfig *
ramo_summarizer_config_copy (RamoSummarizerConfig *self)
{
  RamoSummarizerConfig *copy;

  g_return_val_if_fail (RAMO_IS_SUMMARIZER_CONFIG (self), NULL);

  copy = ramo_summarizer_config_new ();
  copy->provider = g_strdup (self->provider);
  copy->base_url = g_strdup (self->base_url);
  copy->model = g_strdup (self->model);
  copy->api_key = g_strdup (self->api_key);
  copy->api = self->api;
  copy->token_budget = self->token_budget;
  copy->max_output_tokens = self->max_output_tokens;
  copy->timeout = self->timeout;
  return copy;
}

/**
 * ramo_summarizer_config_get_provider:
 * @self: a configuration
 *
 * Returns: (nullable): the provider name, %NULL when not set
 */
const char *
ramo_summarizer_config_get_provider (RamoSummarizerConfig *self)
{
  g_return_val_if_fail (RAMO_IS_SUMMARIZER_CONFIG (self), NULL);
  return self->provider;
}

/**
 * ramo_summarizer_config_set_provider:
 * @self: a configuration
 * @provider: (nullable): a provider name; %NULL or "" unsets it
 */
void
ramo_summarizer_config_set_provider (RamoSummarizerConfig *self,
                                     const char           *provider)
{
  g_return_if_fail (RAMO_IS_SUMMARIZER_CONFIG (self));
  if (_ramo_set_optional_string (&self->provider, provider))
    g_object_notify_by_pspec (G_OBJECT (self), config_properties [CONFIG_PROP_PROVIDER]);
}

/**
 * ramo_summarizer_config_get_api:
 * @self: a configuration
 *
 * Returns: the wire format in effect: never %RAMO_SUMMARIZER_API_AUTO, which resolves to
 *   Anthropic Messages for the provider `anthropic` and to Chat Completions otherwise
 */
RamoSummarizerApi
ramo_summarizer_config_get_api (RamoSummarizerConfig *self)
{
  g_return_val_if_fail (RAMO_IS_SUMMARIZER_CONFIG (self), RAMO_SUMMARIZER_API_OPENAI_CHAT);

  if (self->api != RAMO_SUMMARIZER_API_AUTO)
    return self->api;
  if (g_strcmp0 (self->provider, "anthropic") == 0)
    return RAMO_SUMMARIZER_API_ANTHROPIC_MESSAGES;
  return RAMO_SUMMARIZER_API_OPENAI_CHAT;
}

/**
 * ramo_summarizer_config_set_api:
 * @self: a configuration
 * @api: the wire format, or %RAMO_SUMMARIZER_API_AUTO
 */
void
ramo_summarizer_config_set_api (RamoSummarizerConfig *self,
                                RamoSummarizerApi     api)
{
  g_return_if_fail (RAMO_IS_SUMMARIZER_CONFIG (self));
  if (self->api == api)
    return;
  self->api = api;
  g_object_notify_by_pspec (G_OBJECT (self), config_properties [CONFIG_PROP_API]);
}

/**
 * ramo_summarizer_config_get_base_url:
 * @self: a configuration
 *
 * Returns: (nullable): the base URL as set, %NULL when not set (the API's default applies)
 */
const char *
ramo_summarizer_config_get_base_url (RamoSummarizerConfig *self)
{
  g_return_val_if_fail (RAMO_IS_SUMMARIZER_CONFIG (self), NULL);
  return self->base_url;
}

/**
 * ramo_summarizer_config_set_base_url:
 * @self: a configuration
 * @base_url: (nullable): a base URL; %NULL or "" unsets it
 */
void
ramo_summarizer_config_set_base_url (RamoSummarizerConfig *self,
                                     const char           *base_url)
{
  g_return_if_fail (RAMO_IS_SUMMARIZER_CONFIG (self));
  if (_ramo_set_optional_string (&self->base_url, base_url))
    g_object_notify_by_pspec (G_OBJECT (self), config_properties [CONFIG_PROP_BASE_URL]);
}

/**
 * ramo_summarizer_config_get_model:
 * @self: a configuration
 *
 * Returns: (nullable): the model id, %NULL when not set
 */
const char *
ramo_summarizer_config_get_model (RamoSummarizerConfig *self)
{
  g_return_val_if_fail (RAMO_IS_SUMMARIZER_CONFIG (self), NULL);
  return self->model;
}

/**
 * ramo_summarizer_config_set_model:
 * @self: a configuration
 * @model: (nullable): a model id; %NULL or "" unsets it
 */
void
ramo_summarizer_config_set_model (RamoSummarizerConfig *self,
                                  const char           *model)
{
  g_return_if_fail (RAMO_IS_SUMMARIZER_CONFIG (self));
  if (_ramo_set_optional_string (&self->model, model))
    g_object_notify_by_pspec (G_OBJECT (self), config_properties [CONFIG_PROP_MODEL]);
}

/**
 * ramo_summarizer_config_get_api_key:
 * @self: a configuration
 *
 * Returns: (nullable): the API key, %NULL when not set. Do not log or display it.
 */
const char *
ramo_summarizer_config_get_api_key (RamoSummarizerConfig *self)
{
  g_return_val_if_fail (RAMO_IS_SUMMARIZER_CONFIG (self), NULL);
  return self->api_key;
}

/**
 * ramo_summarizer_config_set_api_key:
 * @self: a configuration
 * @api_key: (nullable): the key; %NULL or "" unsets it
 */
void
ramo_summarizer_config_set_api_key (RamoSummarizerConfig *self,
                                    const char           *api_key)
{
  g_return_if_fail (RAMO_IS_SUMMARIZER_CONFIG (self));
  if (_ramo_set_optional_string (&self->api_key, api_key))
    g_object_notify_by_pspec (G_OBJECT (self), config_properties [CONFIG_PROP_API_KEY]);
}

/**
 * ramo_summarizer_config_get_token_budget:
 * @self: a configuration
 *
 * Returns: the transcript budget in effect, in estimated tokens
 */
guint
ramo_summarizer_config_get_token_budget (RamoSummarizerConfig *self)
{
  g_return_val_if_fail (RAMO_IS_SUMMARIZER_CONFIG (self), 0);
  return self->token_budget ? self->token_budget : RAMO_SUMMARIZER_DEFAULT_TOKEN_BUDGET;
}

/**
 * ramo_summarizer_config_set_token_budget:
 * @self: a configuration
 * @tokens: the budget in estimated tokens (characters / 4); 0 unsets it
 */
void
ramo_summarizer_config_set_token_budget (RamoSummarizerConfig *self,
                                         guint                 tokens)
{
  g_return_if_fail (RAMO_IS_SUMMARIZER_CONFIG (self));
  if (self->token_budget == tokens)
    return;
  self->token_budget = tokens;
  g_object_notify_by_pspec (G_OBJECT (self), config_properties [CONFIG_PROP_TOKEN_BUDGET]);
}

/**
 * ramo_summarizer_config_get_max_output_tokens:
 * @self: a configuration
 *
 * Returns: the answer length asked for, in tokens
 */
guint
ramo_summarizer_config_get_max_output_tokens (RamoSummarizerConfig *self)
{
  g_return_val_if_fail (RAMO_IS_SUMMARIZER_CONFIG (self), 0);
  return self->max_output_tokens ? self->max_output_tokens : RAMO_SUMMARIZER_DEFAULT_MAX_OUTPUT_TOKENS;
}

/**
 * ramo_summarizer_config_set_max_output_tokens:
 * @self: a configuration
 * @tokens: the answer length in tokens; 0 unsets it
 */
void
ramo_summarizer_config_set_max_output_tokens (RamoSummarizerConfig *self,
                                              guint                 tokens)
{
  g_return_if_fail (RAMO_IS_SUMMARIZER_CONFIG (self));
  if (self->max_output_tokens == tokens)
    return;
  self->max_output_tokens = tokens;
  g_object_notify_by_pspec (G_OBJECT (self), config_properties [CONFIG_PROP_MAX_OUTPUT_TOKENS]);
}

/**
 * ramo_summarizer_config_get_timeout:
 * @self: a configuration
 *
 * Returns: the request timeout in effect, in seconds
 */
double
ramo_summarizer_config_get_timeout (RamoSummarizerConfig *self)
{
  g_return_val_if_fail (RAMO_IS_SUMMARIZER_CONFIG (self), 0);
  return self->timeout > 0 ? self->timeout : RAMO_SUMMARIZER_DEFAULT_TIMEOUT;
}

/**
 * ramo_summarizer_config_set_timeout:
 * @self: a configuration
 * @seconds: the whole request's time limit in seconds (fractions allowed); 0 unsets it
 */
void
ramo_summarizer_config_set_timeout (RamoSummarizerConfig *self,
                                    double                seconds)
{
  g_return_if_fail (RAMO_IS_SUMMARIZER_CONFIG (self));
  if (!(seconds > 0))
    seconds = 0;
  if (self->timeout == seconds)
    return;
  self->timeout = seconds;
  g_object_notify_by_pspec (G_OBJECT (self), config_properties [CONFIG_PROP_TIMEOUT]);
}

/**
 * ramo_summarizer_config_has_model:
 * @self: a configuration
 *
 * Returns: %TRUE when a model is set, i.e. a summary can be asked for
 */
gboolean
ramo_summarizer_config_has_model (RamoSummarizerConfig *self)
{
  g_return_val_if_fail (RAMO_IS_SUMMARIZER_CONFIG (self), FALSE);
  return self->model != NULL;
}

/**
 * ramo_summarizer_config_fill_from:
 * @self: a configuration
 * @other: (nullable): a less specific configuration
 *
 * Sets every value @self leaves unset from @other. The provider-bound values (model, base
 * URL, API, key) are taken only when both name the same provider or @self names none: a key
 * for one provider is never sent to another.
 */
void
ramo_summarizer_config_fill_from (RamoSummarizerConfig *self,
                                  RamoSummarizerConfig *other)
{
  g_return_if_fail (RAMO_IS_SUMMARIZER_CONFIG (self));
  g_return_if_fail (other == NULL || RAMO_IS_SUMMARIZER_CONFIG (other));

  if (other == NULL)
    return;

  if (self->provider == NULL || other->provider == NULL ||
      strcmp (self->provider, other->provider) == 0)
    {
      if (self->provider == NULL)
        ramo_summarizer_config_set_provider (self, other->provider);
      if (self->api == RAMO_SUMMARIZER_API_AUTO)
        ramo_summarizer_config_set_api (self, other->api);
      if (self->model == NULL)
        ramo_summarizer_config_set_model (self, other->model);
      if (self->base_url == NULL)
        ramo_summarizer_config_set_base_url (self, other->base_url);
      if (self->api_key == NULL)
        ramo_summarizer_config_set_api_key (self, other->api_key);
    }
  if (self->token_budget == 0)
    ramo_summarizer_config_set_token_budget (self, other->token_budget);
  if (self->max_output_tokens == 0)
    ramo_summarizer_config_set_max_output_tokens (self, other->max_output_tokens);
  if (self->timeout == 0)
    ramo_summarizer_config_set_timeout (self, other->timeout);
}

char *
_ramo_summarizer_config_dup_base_url (RamoSummarizerConfig *self)
{
  const char *base = self->base_url;
  gsize len;

  if (base == NULL)
    base = ramo_summarizer_config_get_api (self) == RAMO_SUMMARIZER_API_ANTHROPIC_MESSAGES
           ? RAMO_SUMMARIZER_DEFAULT_ANTHROPIC_BASE_URL : RAMO_SUMMARIZER_DEFAULT_OPENAI_BASE_URL;
  len = strlen (base);
  while (len > 0 && base[len - 1] == '/')
    len--;
  return g_strndup (base, len);
}

/**
 * ramo_summarizer_config_describe:
 * @self: a configuration
 *
 * A one-line description for messages, e.g. `anthropic claude-x via https://api.anthropic.com`.
 * It never includes the key (only whether there is one).
 *
 * Returns: (transfer full): the description
 */
char *
ramo_summarizer_config_describe (RamoSummarizerConfig *self)
{
  g_autofree char *base = NULL;

  g_return_val_if_fail (RAMO_IS_SUMMARIZER_CONFIG (self), NULL);

  base = _ramo_summarizer_config_dup_base_url (self);
  return g_strdup_printf ("%s %s via %s (%s)",
                          self->provider ? self->provider : "(no provider)",
                          self->model ? self->model : "(no model)",
                          base, self->api_key ? "with a key" : "no key");
}

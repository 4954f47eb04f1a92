/* ramo-secret.c
 *
 * Copyright 2026 The Ramo authors
 *
 * This program is free software: you can redistribute it and/or modify it under the terms of the
 * GNU General Public License as published by the Free Software Foundation, either version 3 of
 * the License, or (at your option) any later version.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ramo-secret"

#include "config.h"

#include <glib/gi18n.h>

#include "ramo-secret.h"

/*
 * API keys for summaries live in the keyring (the Secret Service: GNOME Keyring, KeePassXC …),
 * one per provider, never in GSettings. Without a Secret Service every call fails with the
 * D-Bus error, which the preferences window shows; summaries then take their key from the
 * environment (ramo_summarizer_config_resolve()).
 */

/**
 * ramo_secret_get_schema:
 *
 * Returns: the schema `io.github.ramo.Ramo.ApiKey`, whose one attribute is `provider`
 */
const SecretSchema *
ramo_secret_get_schema (void)
{
  static const SecretSchema schema = {
    "io.github.ramo.Ramo.ApiKey", SECRET_SCHEMA_NONE,
    {
      { "provider", SECRET_SCHEMA_ATTRIBUTE_STRING },
      { NULL, 0 },
    },
    0, NULL, NULL, NULL, NULL, NULL, NULL, NULL,
  };

  return &schema;
}

/**
 * ramo_secret_lookup_api_key:
 * @provider: `openai` or `anthropic`
 * @cancellable: (nullable): a #GCancellable
 * @error: return location for a #GError, or %NULL
 *
 * Reads the stored key of @provider, blocking on D-Bus.
 *
 * Returns: (transfer full) (nullable): the key; %NULL without error when none is stored
 */
char *
ramo_secret_lookup_api_key (const char    *provider,
                            GCancellable  *cancellable,
                            GError       **error)
{
  g_autofree char *key = NULL;

  g_return_val_if_fail (provider != NULL, NULL);

  key = secret_password_lookup_sync (ramo_secret_get_schema (), cancellable, error,
                                     "provider", provider, NULL);
  return key && key[0] ? g_steal_pointer (&key) : NULL;
}

static void
lookup_cb (GObject      *object,
           GAsyncResult *result,
           gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  g_autoptr(GError) error = NULL;
  char *key = secret_password_lookup_finish (result, &error);

  if (error)
    g_task_return_error (task, g_steal_pointer (&error));
  else
    g_task_return_pointer (task, key, g_free);
}

/**
 * ramo_secret_lookup_api_key_async:
 * @provider: `openai` or `anthropic`
 * @cancellable: (nullable): a #GCancellable
 * @callback: called when the key is read
 * @user_data: data for @callback
 *
 * Reads the stored key of @provider without blocking.
 */
void
ramo_secret_lookup_api_key_async (const char          *provider,
                                  GCancellable        *cancellable,
                                  GAsyncReadyCallback  callback,
                                  gpointer             user_data)
{
  GTask *task;

  g_return_if_fail (provider != NULL);

  task = g_task_new (NULL, cancellable, callback, user_data);
  g_task_set_source_tag (task, ramo_secret_lookup_api_key_async);
  secret_password_lookup (ramo_secret_get_schema (), cancellable, lookup_cb, task,
                          "provider", provider, NULL);
}

/**
 * ramo_secret_lookup_api_key_finish:
 * @result: the result given to the callback
 * @error: return location for a #GError, or %NULL
 *
 * Returns: (transfer full) (nullable): the key; %NULL without error when none is stored
 */
char *
ramo_secret_lookup_api_key_finish (GAsyncResult  *result,
                                   GError       **error)
{
  g_autofree char *key = NULL;

  g_return_val_if_fail (g_task_is_valid (result, NULL), NULL);

  key = g_task_propagate_pointer (G_TASK (result), error);
  return key && key[0] ? g_steal_pointer (&key) : NULL;
}

static void
store_cb (GObject      *object,
          GAsyncResult *result,
          gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  g_autoptr(GError) error = NULL;

  if (g_task_get_task_data (task) != NULL)
    secret_password_store_finish (result, &error);
  else
    secret_password_clear_finish (result, &error);

  if (error)
    g_task_return_error (task, g_steal_pointer (&error));
  else
    g_task_return_boolean (task, TRUE);
}

/**
 * ramo_secret_store_api_key_async:
 * @provider: `openai` or `anthropic`
 * @api_key: (nullable): the key; %NULL or empty removes the stored one
 * @cancellable: (nullable): a #GCancellable
 * @callback: called when the keyring answered
 * @user_data: data for @callback
 *
 * Stores (or removes) the key of @provider in the default keyring.
 */
void
ramo_secret_store_api_key_async (const char          *provider,
                                 const char          *api_key,
                                 GCancellable        *cancellable,
                                 GAsyncReadyCallback  callback,
                                 gpointer             user_data)
{
  GTask *task;

  g_return_if_fail (provider != NULL);

  task = g_task_new (NULL, cancellable, callback, user_data);
  g_task_set_source_tag (task, ramo_secret_store_api_key_async);

  if (api_key && api_key[0])
    {
      g_autofree char *label = NULL;

      g_task_set_task_data (task, GINT_TO_POINTER (1), NULL);
      /* Translators: the name of the API key in the keyring (Passwords and Keys); %s is a provider */
      label = g_strdup_printf (_("Ramo API key for %s"), provider);
      secret_password_store (ramo_secret_get_schema (), SECRET_COLLECTION_DEFAULT, label, api_key,
                             cancellable, store_cb, task, "provider", provider, NULL);
    }
  else
    secret_password_clear (ramo_secret_get_schema (), cancellable, store_cb, task, "provider", provider, NULL);
}

/**
 * ramo_secret_store_api_key_finish:
 * @result: the result given to the callback
 * @error: return location for a #GError, or %NULL
 *
 * Returns: %TRUE when the keyring stored (or removed) the key
 */
gboolean
ramo_secret_store_api_key_finish (GAsyncResult  *result,
                                  GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), FALSE);
  return g_task_propagate_boolean (G_TASK (result), error);
}

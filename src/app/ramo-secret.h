/* ramo-secret.h
 *
 * Copyright 2026 The Ramo authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>
#include <libsecret/secret.h>

G_BEGIN_DECLS

const SecretSchema *ramo_secret_get_schema          (void) G_GNUC_CONST;
char               *ramo_secret_lookup_api_key      (const char          *provider,
                                                     GCancellable        *cancellable,
                                                     GError             **error);
void                ramo_secret_lookup_api_key_async (const char         *provider,
                                                     GCancellable        *cancellable,
                                                     GAsyncReadyCallback  callback,
                                                     gpointer             user_data);
char               *ramo_secret_lookup_api_key_finish (GAsyncResult      *result,
                                                     GError             **error);
void                ramo_secret_store_api_key_async (const char          *provider,
                                                     const char          *api_key,
                                                     GCancellable        *cancellable,
                                                     GAsyncReadyCallback  callback,
                                                     gpointer             user_data);
gboolean            ramo_secret_store_api_key_finish (GAsyncResult       *result,
                                                     GError             **error);

G_END_DECLS

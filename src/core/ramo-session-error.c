/* ramo-session-error.c
 *
 * Copyright 2026 The Ramo authors
 *
 * This program is free software: you can redistribute it and/or modify it under the terms of the
 * GNU General Public License as published by the Free Software Foundation, either version 3 of
 * the License, or (at your option) any later version.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ramo-session"

#include "config.h"

#include "ramo-session-manager-private.h"

/*
 * The %RAMO_SESSION_ERROR domain of the session manager. It is an extended domain (see
 * g_error_domain_register_static()): an error %RAMO_SESSION_ERROR_IO keeps the code and the
 * code only of what the system said (the `errno` as a #GIOErrorEnum), beside the message, which
 * gives the path and g_strerror() of it. Tests and callers that test the domain and code see
 * %RAMO_SESSION_ERROR_IO as before.
 */

/* The %RAMO_SESSION_ERROR domain is an extended one: an error of the file system carries the
 * #GIOErrorEnum code of its errno besides %RAMO_SESSION_ERROR_IO. */
typedef struct
{
  GIOErrorEnum io_code;
} RamoSessionErrorPrivate;

static RamoSessionErrorPrivate *
session_error_get_private (const GError *error)
{
  /* the private data sits before the GError, aligned as g_error_domain_register_static() does */
  const gsize align = 2 * sizeof (gsize);
  const gsize size = (sizeof (RamoSessionErrorPrivate) + (align - 1)) & -align;

  return (RamoSessionErrorPrivate *) (((guint8 *) error) - size);
}

static void
session_error_init (GError *error)
{
  session_error_get_private (error)->io_code = G_IO_ERROR_FAILED;
}

static void
session_error_copy (const GError *src,
                    GError       *dest)
{
  session_error_get_private (dest)->io_code = session_error_get_private (src)->io_code;
}

static void
session_error_clear (GError *error)
{
}

GQuark
ramo_session_error_quark (void)
{
  static GQuark quark;
  static gsize initialized = 0;

  if (g_once_init_enter (&initialized))
    {
      quark = g_error_domain_register_static ("ramo-session-error-quark",
                                              sizeof (RamoSessionErrorPrivate),
                                              session_error_init,
                                              session_error_copy,
                                              session_error_clear);
      g_once_init_leave (&initialized, 1);
    }
  return quark;
}

/**
 * ramo_session_error_get_io_error:
 * @error: an error
 *
 * What the system said when a file operation failed: the #GIOErrorEnum code of the `errno`
 * behind an error %RAMO_SESSION_ERROR_IO (whose message gives the path and g_strerror() of
 * it), for a caller that tells, say, a missing file (%G_IO_ERROR_NOT_FOUND) from a full disk
 * (%G_IO_ERROR_NO_SPACE).
 *
 * Returns: the code; %G_IO_ERROR_FAILED for any other error, or one with no `errno` behind it
 */
GIOErrorEnum
ramo_session_error_get_io_error (const GError *error)
{
  g_return_val_if_fail (error != NULL, G_IO_ERROR_FAILED);

  if (error->domain != RAMO_SESSION_ERROR || error->code != RAMO_SESSION_ERROR_IO)
    return G_IO_ERROR_FAILED;
  return session_error_get_private (error)->io_code;
}

/* Sets %RAMO_SESSION_ERROR_IO with a message that says why (the path, and g_strerror() of the
 * errno behind it), carrying @io_code: g_io_error_from_errno() of that errno,
 * g_io_error_from_file_error() of a #GFileError, or %G_IO_ERROR_FAILED when no errno is
 * behind it. */
void
_ramo_session_set_io_error (GError       **error,
                            GIOErrorEnum   io_code,
                            const char    *format,
                            ...)
{
  va_list args;
  GError *local;

  if (error == NULL)
    return;
  va_start (args, format);
  local = g_error_new_valist (RAMO_SESSION_ERROR, RAMO_SESSION_ERROR_IO, format, args);
  va_end (args);
  session_error_get_private (local)->io_code = io_code;
  g_propagate_error (error, local);
}

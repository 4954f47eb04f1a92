/* ramo-session-replace.c — a session file written whole, atomically
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

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <glib/gstdio.h>

#include "ramo-session-manager-private.h"

/*
 * The one way a session file is written other than by appending a line: the migration to
 * version 3, a new or branched session, oh-my-pi's title slot rewritten. Nothing is written
 * until the replace is known to be possible, and a crash leaves the old file or the new one.
 */

/* The file @path names: a symbolic link's target (links of links followed), or @path itself
 * when it is no link or does not exist yet. */
static char *
resolve_links (const char *path)
{
  char *real = realpath (path, NULL);
  char *copy;

  if (real == NULL)
    return g_strdup (path);
  copy = g_strdup (real);
  free (real);
  return copy;
}

/* Writes @contents to @path through a temporary file in the same folder, fsync and rename,
 * so that a crash leaves either no file / the old file, or the whole new one. A symbolic link
 * stays: its target is what is replaced. An existing file keeps its owner, group and mode, and
 * is only replaced when it could be written to: one the user cannot write, or whose owner or
 * group the new file could not keep, is refused before anything is written. */
gboolean
_ramo_session_replace_file (const char *path,
                            const char *contents,
                            gsize       length,
                            guint       mode,
                            GError    **error)
{
  g_autofree char *target = resolve_links (path);
  g_autofree char *dir = g_path_get_dirname (target);
  g_autofree char *base = g_path_get_basename (target);
  g_autofree char *tmp_name = g_strdup_printf (".%s.XXXXXX", base);
  g_autofree char *tmp = g_build_filename (dir, tmp_name, NULL);
  struct stat st;
  gboolean exists = g_stat (target, &st) == 0;
  gsize done = 0;
  int fd, dir_fd, errsv;

  if (exists)
    {
      mode = st.st_mode & 07777;
      if (access (target, W_OK) != 0)
        {
          errsv = errno;
          _ramo_session_set_io_error (error, g_io_error_from_errno (errsv),
                                      "cannot write %s: %s; the file is unchanged", path, g_strerror (errsv));
          return FALSE;
        }
      if (st.st_uid != geteuid () && geteuid () != 0)
        {
          _ramo_session_set_io_error (error, G_IO_ERROR_PERMISSION_DENIED,
                                      "cannot rewrite %s: it belongs to another user, and the new file "
                                      "would be Ramo's user's; the file is unchanged", path);
          return FALSE;
        }
    }

  fd = g_mkstemp_full (tmp, O_RDWR | O_CLOEXEC, (int) mode);
  if (fd < 0)
    {
      errsv = errno;
      _ramo_session_set_io_error (error, g_io_error_from_errno (errsv),
                                  "cannot write beside %s: %s; the file is unchanged", path, g_strerror (errsv));
      return FALSE;
    }

  while (done < length)
    {
      ssize_t n = write (fd, contents + done, length - done);

      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        goto failed;
      done += (gsize) n;
    }
  /* the owner (the same), the group (one of the user's, or root's choice) and the mode of the
   * file replaced, umask or not */
  if (exists && (st.st_uid != geteuid () || st.st_gid != getegid ()) && fchown (fd, st.st_uid, st.st_gid) != 0)
    goto failed;
  if (fchmod (fd, mode) != 0 || fsync (fd) != 0)
    goto failed;
  if (close (fd) != 0)
    {
      fd = -1;
      goto failed;
    }
  fd = -1;
  if (g_rename (tmp, target) != 0)
    goto failed;

  /* the rename itself made durable */
  dir_fd = g_open (dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC, 0);
  if (dir_fd >= 0)
    {
      fsync (dir_fd);
      close (dir_fd);
    }
  return TRUE;

failed:
  errsv = errno != 0 ? errno : EIO;
  if (fd >= 0)
    close (fd);
  g_unlink (tmp);
  _ramo_session_set_io_error (error, g_io_error_from_errno (errsv),
                              "cannot write %s: %s; the file is unchanged", path, g_strerror (errsv));
  return FALSE;
}

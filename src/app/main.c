/* main.c
 *
 * Copyright 2026 The Ramo authors
 *
 * This program is free software: you can redistribute it and/or modify it under the terms of the
 * GNU General Public License as published by the Free Software Foundation, either version 3 of
 * the License, or (at your option) any later version.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ramo"

#include "config.h"

#include <locale.h>

#include <glib/gi18n.h>

#include "ramo-application.h"
#include "ramo-build-config.h"

/* An uninstalled ramo (run from the build folder) reads the translations built beside it. */
static const char *
locale_dir (void)
{
  g_autofree char *exe = g_file_read_link ("/proc/self/exe", NULL);

  if (exe && g_str_has_prefix (exe, RAMO_BUILD_ROOT "/") &&
      g_file_test (RAMO_BUILD_LOCALE_DIR, G_FILE_TEST_IS_DIR))
    return RAMO_BUILD_LOCALE_DIR;
  return LOCALEDIR;
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(RamoApplication) app = NULL;
  gboolean options = FALSE;
  int status;

  ramo_application_tune_allocator ();
  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, locale_dir ());
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  /* Reading a big session takes about as long as starting GTK and building the window: the
   * application starts reading the files named now, in a worker thread (plain file names only:
   * with options, let GApplication tell what is a file). */
  app = ramo_application_new ();
  for (int i = 1; i < argc; i++)
    options |= argv[i][0] == '-';
  for (int i = 1; i < argc && !options; i++)
    {
      g_autoptr(GFile) file = g_file_new_for_commandline_arg (argv[i]);

      ramo_application_read_ahead (app, file);
    }

  status = g_application_run (G_APPLICATION (app), argc, argv);
  return status;
}

/* ramo-dialect.c
 *
 * Copyright 2026 The Ramo authors
 *
 * This program is free software: you can redistribute it and/or modify it under the terms of the
 * GNU General Public License as published by the Free Software Foundation, either version 3 of
 * the License, or (at your option) any later version.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ramo-dialect"

#include "config.h"

#include <string.h>

#include "ramo-dialect.h"

G_DEFINE_ENUM_TYPE (RamoDialect, ramo_dialect,
                    G_DEFINE_ENUM_VALUE (RAMO_DIALECT_PI, "pi"),
                    G_DEFINE_ENUM_VALUE (RAMO_DIALECT_OMP, "omp"))

/**
 * ramo_dialect_to_string:
 * @dialect: a dialect
 *
 * Returns: the short name of @dialect: `pi` or `omp` (what `ramo-session --dialect` takes)
 */
const char *
ramo_dialect_to_string (RamoDialect dialect)
{
  return dialect == RAMO_DIALECT_OMP ? "omp" : "pi";
}

/**
 * ramo_dialect_from_string:
 * @name: a short name, `pi` or `omp`
 * @dialect: (out): where to store the dialect
 *
 * Returns: %TRUE if @name names a dialect
 */
gboolean
ramo_dialect_from_string (const char  *name,
                          RamoDialect *dialect)
{
  g_return_val_if_fail (dialect != NULL, FALSE);

  if (g_strcmp0 (name, "pi") == 0)
    *dialect = RAMO_DIALECT_PI;
  else if (g_strcmp0 (name, "omp") == 0 || g_strcmp0 (name, "oh-my-pi") == 0)
    *dialect = RAMO_DIALECT_OMP;
  else
    return FALSE;
  return TRUE;
}

/**
 * ramo_dialect_get_agent_name:
 * @dialect: a dialect
 *
 * Returns: the name of the agent, for people: "pi" or "oh-my-pi"
 */
const char *
ramo_dialect_get_agent_name (RamoDialect dialect)
{
  return dialect == RAMO_DIALECT_OMP ? "oh-my-pi" : "pi";
}

/**
 * ramo_dialect_is_omp_entry_type:
 * @type: (nullable): an entry's `type`
 *
 * Whether only oh-my-pi writes entries of @type (`mode_change`, `ttsr_injection`,
 * `reset_boundary`, `title_change`, `model_usage`, `credential_pin`, `session_init`,
 * `service_tier_change`; oh-my-pi 18.2.3 `src/session/session-entries.ts`). Such an entry makes
 * a file oh-my-pi's.
 *
 * Returns: %TRUE for a type only oh-my-pi writes
 */
gboolean
ramo_dialect_is_omp_entry_type (const char *type)
{
  static const char * const types[] = {
    "mode_change", "ttsr_injection", "reset_boundary", "title_change", "model_usage",
    "credential_pin", "session_init", "service_tier_change",
  };

  if (type == NULL)
    return FALSE;
  for (guint i = 0; i < G_N_ELEMENTS (types); i++)
    if (strcmp (type, types[i]) == 0)
      return TRUE;
  return FALSE;
}

/**
 * ramo_dialect_path_is_omp:
 * @path: (nullable): the path of a session file, in the GLib file name encoding
 *
 * Whether @path lies under `~/.omp/`, where oh-my-pi keeps its sessions.
 *
 * Returns: %TRUE for a file under oh-my-pi's folder
 */
gboolean
ramo_dialect_path_is_omp (const char *path)
{
  g_autofree char *omp = NULL;
  g_autofree char *absolute = NULL;

  if (path == NULL)
    return FALSE;
  omp = g_build_filename (g_get_home_dir (), ".omp", NULL);
  absolute = g_canonicalize_filename (path, NULL);
  return g_str_has_prefix (absolute, omp) && absolute[strlen (omp)] == G_DIR_SEPARATOR;
}

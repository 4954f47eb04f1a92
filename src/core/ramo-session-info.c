/* ramo-session-info.c
 *
 * Copyright 2026 The Ramo authors
 *
 * This program is free software: you can redistribute it and/or modify it under the terms of the
 * GNU General Public License as published by the Free Software Foundation, either version 3 of
 * the License, or (at your option) any later version.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ramo-session-index"

#include "config.h"

#include <string.h>

#include "ramo-session-info-private.h"

/**
 * RamoSessionInfo:
 *
 * What the session browser shows about one session file, read without loading the session
 * (ramo_session_info_scan(), in ramo-session-scan.c): its header's `cwd` and `parentSession`,
 * its latest `session_info` name, its first user message, and how many messages and branches it
 * has. Immutable once read, so that the listing thread can hand it to the UI thread.
 */

G_DEFINE_FINAL_TYPE (RamoSessionInfo, ramo_session_info, G_TYPE_OBJECT)

static void
ramo_session_info_finalize (GObject *object)
{
  RamoSessionInfo *self = (RamoSessionInfo *)object;

  g_clear_pointer (&self->path, g_free);
  g_clear_pointer (&self->session_id, g_free);
  g_clear_pointer (&self->cwd, g_free);
  g_clear_pointer (&self->name, g_free);
  g_clear_pointer (&self->first_message, g_free);
  g_clear_pointer (&self->title, g_free);
  g_clear_pointer (&self->parent_session, g_free);
  g_clear_pointer (&self->search_text, g_free);

  G_OBJECT_CLASS (ramo_session_info_parent_class)->finalize (object);
}

static void
ramo_session_info_class_init (RamoSessionInfoClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = ramo_session_info_finalize;
}

static void
ramo_session_info_init (RamoSessionInfo *self)
{
}

/* ------------------------------------------------------------------------------------------ */
/* Accessors                                                                                   */

/**
 * ramo_session_info_get_path:
 * @self: a session summary
 *
 * Returns: the session file
 */
const char *
ramo_session_info_get_path (RamoSessionInfo *self)
{
  g_return_val_if_fail (RAMO_IS_SESSION_INFO (self), NULL);
  return self->path;
}

/**
 * ramo_session_info_get_session_id:
 * @self: a session summary
 *
 * Returns: (nullable): the header's `id`
 */
const char *
ramo_session_info_get_session_id (RamoSessionInfo *self)
{
  g_return_val_if_fail (RAMO_IS_SESSION_INFO (self), NULL);
  return self->session_id;
}

/**
 * ramo_session_info_get_cwd:
 * @self: a session summary
 *
 * Returns: (nullable): the header's `cwd`: the project folder the session worked in
 */
const char *
ramo_session_info_get_cwd (RamoSessionInfo *self)
{
  g_return_val_if_fail (RAMO_IS_SESSION_INFO (self), NULL);
  return self->cwd;
}

/**
 * ramo_session_info_get_name:
 * @self: a session summary
 *
 * Returns: (nullable): the name of the latest `session_info` entry
 */
const char *
ramo_session_info_get_name (RamoSessionInfo *self)
{
  g_return_val_if_fail (RAMO_IS_SESSION_INFO (self), NULL);
  return self->name;
}

/**
 * ramo_session_info_get_first_message:
 * @self: a session summary
 *
 * Returns: (nullable): the text of the first user message, on one line and shortened
 */
const char *
ramo_session_info_get_first_message (RamoSessionInfo *self)
{
  g_return_val_if_fail (RAMO_IS_SESSION_INFO (self), NULL);
  return self->first_message;
}

/**
 * ramo_session_info_get_title:
 * @self: a session summary
 *
 * Returns: (nullable): the oh-my-pi title slot's title
 */
const char *
ramo_session_info_get_title (RamoSessionInfo *self)
{
  g_return_val_if_fail (RAMO_IS_SESSION_INFO (self), NULL);
  return self->title;
}

/**
 * ramo_session_info_get_parent_session:
 * @self: a session summary
 *
 * Returns: (nullable): the header's `parentSession`: the file this session was branched from
 */
const char *
ramo_session_info_get_parent_session (RamoSessionInfo *self)
{
  g_return_val_if_fail (RAMO_IS_SESSION_INFO (self), NULL);
  return self->parent_session;
}

/**
 * ramo_session_info_get_n_messages:
 * @self: a session summary
 *
 * Returns: how many `message` entries the file has, on every branch
 */
guint
ramo_session_info_get_n_messages (RamoSessionInfo *self)
{
  g_return_val_if_fail (RAMO_IS_SESSION_INFO (self), 0);
  return self->n_messages;
}

/**
 * ramo_session_info_get_n_branches:
 * @self: a session summary
 *
 * Returns: how many branches (tips of the tree) the session has; 0 when it has no entries
 */
guint
ramo_session_info_get_n_branches (RamoSessionInfo *self)
{
  g_return_val_if_fail (RAMO_IS_SESSION_INFO (self), 0);
  return self->n_branches;
}

/**
 * ramo_session_info_get_modified:
 * @self: a session summary
 *
 * Returns: when the file last changed, in microseconds since the epoch
 */
gint64
ramo_session_info_get_modified (RamoSessionInfo *self)
{
  g_return_val_if_fail (RAMO_IS_SESSION_INFO (self), 0);
  return self->modified;
}

/**
 * ramo_session_info_get_size:
 * @self: a session summary
 *
 * Returns: the file's size in bytes when it was read
 */
goffset
ramo_session_info_get_size (RamoSessionInfo *self)
{
  g_return_val_if_fail (RAMO_IS_SESSION_INFO (self), 0);
  return self->size;
}

/**
 * ramo_session_info_matches:
 * @self: a session summary
 * @terms: (nullable) (array zero-terminated=1): casefolded search words
 *   (ramo_session_info_split_terms())
 *
 * Returns: %TRUE when every word occurs in the session's name or first message
 */
gboolean
ramo_session_info_matches (RamoSessionInfo    *self,
                           const char * const *terms)
{
  g_return_val_if_fail (RAMO_IS_SESSION_INFO (self), FALSE);

  for (guint i = 0; terms && terms[i]; i++)
    if (strstr (self->search_text, terms[i]) == NULL)
      return FALSE;
  return TRUE;
}

/**
 * ramo_session_info_split_terms:
 * @search: (nullable): what the user typed
 *
 * Returns: (transfer full) (nullable): the casefolded words of @search, %NULL when it has none
 */
char **
ramo_session_info_split_terms (const char *search)
{
  g_autofree char *folded = NULL;
  g_auto(GStrv) words = NULL;
  GPtrArray *terms;

  if (search == NULL)
    return NULL;

  folded = g_utf8_casefold (search, -1);
  words = g_strsplit_set (folded, " \t\n", -1);
  terms = g_ptr_array_new ();
  for (guint i = 0; words[i]; i++)
    if (words[i][0])
      g_ptr_array_add (terms, g_strdup (words[i]));
  if (terms->len == 0)
    {
      g_ptr_array_unref (terms);
      return NULL;
    }
  g_ptr_array_add (terms, NULL);
  return (char **) g_ptr_array_free (terms, FALSE);
}

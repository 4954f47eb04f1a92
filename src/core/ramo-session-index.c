/* ramo-session-index.c
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

#include <glib/gstdio.h>

#include "ramo-session-index.h"
#include "ramo-session-info-private.h"

/**
 * RamoSessionIndex:
 *
 * The session folders: where they are (ramo_session_index_default_roots()), which session files
 * they hold (one walk, which also tells the folders it went through, for a caller that watches
 * them), and the summary of each file (#RamoSessionInfo).
 *
 * The index keeps the summaries it read with each file's size and modification time, so that
 * listing again (a reopened browser, a file monitor event) only reads the files that changed.
 * Nothing here touches GTK: the listing runs in a worker thread.
 */

struct _RamoSessionIndex
{
  GObject     parent_instance;

  GMutex      mutex;
  GHashTable *cache;   /* path → RamoSessionInfo; under mutex */
};

G_DEFINE_FINAL_TYPE (RamoSessionIndex, ramo_session_index, G_TYPE_OBJECT)

static void
ramo_session_index_finalize (GObject *object)
{
  RamoSessionIndex *self = (RamoSessionIndex *)object;

  g_clear_pointer (&self->cache, g_hash_table_unref);
  g_mutex_clear (&self->mutex);

  G_OBJECT_CLASS (ramo_session_index_parent_class)->finalize (object);
}

static void
ramo_session_index_class_init (RamoSessionIndexClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = ramo_session_index_finalize;
}

static void
ramo_session_index_init (RamoSessionIndex *self)
{
  g_mutex_init (&self->mutex);
  self->cache = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, g_object_unref);
}

/**
 * ramo_session_index_new:
 *
 * Returns: (transfer full): an index that has read nothing yet
 */
RamoSessionIndex *
ramo_session_index_new (void)
{
  return g_object_new (RAMO_TYPE_SESSION_INDEX, NULL);
}

/**
 * ramo_session_index_forget:
 * @self: an index
 *
 * Forgets every file read so far, so that the next listing reads them all again.
 */
void
ramo_session_index_forget (RamoSessionIndex *self)
{
  g_return_if_fail (RAMO_IS_SESSION_INDEX (self));

  g_mutex_lock (&self->mutex);
  g_hash_table_remove_all (self->cache);
  g_mutex_unlock (&self->mutex);
}

/* ------------------------------------------------------------------------------------------ */
/* The folders                                                                                 */

/**
 * ramo_session_index_default_roots:
 * @extra_folders: (nullable) (array zero-terminated=1): more folders (the `session-folders` setting)
 *
 * Returns: (transfer full): `~/.pi/agent/sessions` (pi), `~/.omp/agent/sessions` (oh-my-pi) and
 *   @extra_folders, without duplicates; `~` is `$HOME`, so that tests can move it
 */
char **
ramo_session_index_default_roots (const char * const *extra_folders)
{
  const char *home = g_getenv ("HOME");
  GPtrArray *roots = g_ptr_array_new ();

  if (home == NULL || home[0] == '\0')
    home = g_get_home_dir ();

  g_ptr_array_add (roots, g_build_filename (home, ".pi", "agent", "sessions", NULL));
  g_ptr_array_add (roots, g_build_filename (home, ".omp", "agent", "sessions", NULL));
  for (guint i = 0; extra_folders && extra_folders[i]; i++)
    {
      g_autofree char *folder = NULL;
      gboolean seen = FALSE;

      if (extra_folders[i][0] == '\0')
        continue;
      if (extra_folders[i][0] == '~' && (extra_folders[i][1] == '/' || extra_folders[i][1] == '\0'))
        folder = g_build_filename (home, extra_folders[i] + 1, NULL);
      else
        folder = g_canonicalize_filename (extra_folders[i], NULL);

      for (guint j = 0; j < roots->len; j++)
        seen |= g_str_equal (g_ptr_array_index (roots, j), folder);
      if (!seen)
        g_ptr_array_add (roots, g_steal_pointer (&folder));
    }
  g_ptr_array_add (roots, NULL);
  return (char **) g_ptr_array_free (roots, FALSE);
}

/* Adds the `*.jsonl` files of @folder to @files, and, with @descend, those of its folders (pi
 * keeps one per working directory); every folder read goes to @folders. */
static void
add_session_files (GPtrArray  *files,
                   GPtrArray  *folders,
                   const char *folder,
                   gboolean    descend)
{
  g_autoptr(GDir) dir = g_dir_open (folder, 0, NULL);
  const char *name;

  if (dir == NULL)
    return;

  g_ptr_array_add (folders, g_strdup (folder));
  while ((name = g_dir_read_name (dir)))
    {
      g_autofree char *path = g_build_filename (folder, name, NULL);

      if (g_str_has_suffix (name, ".jsonl"))
        {
          if (g_file_test (path, G_FILE_TEST_IS_REGULAR))
            g_ptr_array_add (files, g_steal_pointer (&path));
        }
      else if (descend && name[0] != '.' && g_file_test (path, G_FILE_TEST_IS_DIR))
        add_session_files (files, folders, path, FALSE);
    }
}

/* The one walk over the session folders: the session files under @roots, and (if @folders is
 * not %NULL) the folders that were read. */
static GPtrArray *
walk (const char * const   *roots,
      char               ***folders)
{
  GPtrArray *files = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) read = g_ptr_array_new_with_free_func (g_free);

  for (guint r = 0; roots && roots[r]; r++)
    add_session_files (files, read, roots[r], TRUE);

  if (folders)
    {
      g_ptr_array_add (read, NULL);
      *folders = (char **) g_ptr_array_free (g_steal_pointer (&read), FALSE);
    }
  return files;
}

/**
 * ramo_session_index_find_latest:
 * @roots: (array zero-terminated=1): session folders, like `~/.pi/agent/sessions`
 *
 * Returns: (transfer full) (nullable): the most recently modified session file under @roots
 *   (in them, or one folder below), or %NULL when there is none
 */
char *
ramo_session_index_find_latest (const char * const *roots)
{
  g_autoptr(GPtrArray) files = walk (roots, NULL);
  const char *best = NULL;
  gint64 best_time = 0;

  for (guint i = 0; i < files->len; i++)
    {
      const char *path = g_ptr_array_index (files, i);
      GStatBuf st;

      if (g_stat (path, &st) != 0)
        continue;
      if (best == NULL || (gint64) st.st_mtime > best_time)
        {
          best = path;
          best_time = st.st_mtime;
        }
    }
  return g_strdup (best);
}

/* ------------------------------------------------------------------------------------------ */
/* Listing                                                                                     */

static gint
compare_newest_first (gconstpointer a,
                      gconstpointer b)
{
  RamoSessionInfo *info_a = *(RamoSessionInfo **) a;
  RamoSessionInfo *info_b = *(RamoSessionInfo **) b;

  if (info_a->modified != info_b->modified)
    return info_a->modified > info_b->modified ? -1 : 1;
  return g_strcmp0 (info_a->path, info_b->path);
}

/* The cached summary of @path if the file is unchanged since it was read. */
static RamoSessionInfo *
lookup_cached (RamoSessionIndex *self,
               const char       *path)
{
  RamoSessionInfo *info;
  GStatBuf st;

  if (g_stat (path, &st) != 0)
    return NULL;

  g_mutex_lock (&self->mutex);
  info = g_hash_table_lookup (self->cache, path);
  if (info && (info->size != st.st_size ||
               info->modified != (gint64) st.st_mtim.tv_sec * G_USEC_PER_SEC + st.st_mtim.tv_nsec / 1000))
    info = NULL;
  if (info)
    g_object_ref (info);
  g_mutex_unlock (&self->mutex);
  return info;
}

static void
store_cached (RamoSessionIndex *self,
              RamoSessionInfo  *info)
{
  g_mutex_lock (&self->mutex);
  g_hash_table_replace (self->cache, info->path, g_object_ref (info));
  g_mutex_unlock (&self->mutex);
}

/**
 * ramo_session_index_list:
 * @self: an index
 * @roots: (array zero-terminated=1): session folders; their `*.jsonl` files and those one
 *   folder below (pi keeps one folder per working directory) are listed
 * @folders: (out) (optional) (transfer full) (array zero-terminated=1): the folders read
 * @progress: (nullable) (scope call): called after each file
 * @progress_data: data for @progress
 * @cancellable: (nullable): a #GCancellable
 *
 * Reads the summary of every session file under @roots; files unchanged since an earlier
 * listing are not read again. Blocks: call it from a worker thread (or use
 * ramo_session_index_list_async()).
 *
 * Returns: (transfer container) (element-type RamoSessionInfo): the sessions, most recently
 *   changed first; files that are not sessions are left out
 */
GPtrArray *
ramo_session_index_list (RamoSessionIndex          *self,
                         const char * const        *roots,
                         char                    ***folders,
                         RamoSessionIndexProgress   progress,
                         gpointer                   progress_data,
                         GCancellable              *cancellable)
{
  g_autoptr(GPtrArray) files = NULL;
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
  GPtrArray *sessions = g_ptr_array_new_with_free_func (g_object_unref);

  g_return_val_if_fail (RAMO_IS_SESSION_INDEX (self), sessions);

  files = walk (roots, folders);
  for (guint i = 0; i < files->len; i++)
    {
      const char *path = g_ptr_array_index (files, i);
      RamoSessionInfo *info;

      if (g_cancellable_is_cancelled (cancellable))
        break;
      if (!g_hash_table_add (seen, (gpointer) path))
        continue;

      info = lookup_cached (self, path);
      if (info == NULL)
        {
          info = ramo_session_info_scan (path, NULL);
          if (info)
            store_cached (self, info);
        }
      if (info)
        g_ptr_array_add (sessions, info);
      if (progress)
        progress (i + 1, files->len, progress_data);
    }

  g_ptr_array_sort (sessions, compare_newest_first);
  return sessions;
}

typedef struct
{
  char                     **roots;
  RamoSessionIndexProgress   progress;
  gpointer                   progress_data;
  char                     **folders;      /* the result, with the sessions */
} ListData;

static void
list_data_free (ListData *data)
{
  g_strfreev (data->roots);
  g_strfreev (data->folders);
  g_free (data);
}

static void
list_thread (GTask        *task,
             gpointer      source_object,
             gpointer      task_data,
             GCancellable *cancellable)
{
  ListData *data = task_data;
  GPtrArray *sessions;

  sessions = ramo_session_index_list (source_object, (const char * const *) data->roots, &data->folders,
                                      data->progress, data->progress_data, cancellable);
  if (g_task_return_error_if_cancelled (task))
    g_ptr_array_unref (sessions);
  else
    g_task_return_pointer (task, sessions, (GDestroyNotify) g_ptr_array_unref);
}

/**
 * ramo_session_index_list_async:
 * @self: an index
 * @roots: (array zero-terminated=1): session folders
 * @progress: (nullable): called from the worker thread after each file
 * @progress_data: data for @progress; it must stay valid until @callback runs
 * @cancellable: (nullable): a #GCancellable
 * @callback: called on the calling thread's main context when the listing is done
 * @user_data: data for @callback
 *
 * ramo_session_index_list() in a worker thread.
 */
void
ramo_session_index_list_async (RamoSessionIndex         *self,
                               const char * const       *roots,
                               RamoSessionIndexProgress  progress,
                               gpointer                  progress_data,
                               GCancellable             *cancellable,
                               GAsyncReadyCallback       callback,
                               gpointer                  user_data)
{
  g_autoptr(GTask) task = NULL;
  ListData *data;

  g_return_if_fail (RAMO_IS_SESSION_INDEX (self));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, ramo_session_index_list_async);

  data = g_new0 (ListData, 1);
  data->roots = g_strdupv ((char **) roots);
  data->progress = progress;
  data->progress_data = progress_data;
  g_task_set_task_data (task, data, (GDestroyNotify) list_data_free);
  g_task_run_in_thread (task, list_thread);
}

/**
 * ramo_session_index_list_finish:
 * @self: an index
 * @result: the result given to the callback
 * @folders: (out) (optional) (transfer full) (array zero-terminated=1): the folders read
 * @error: return location for a #GError (%G_IO_ERROR_CANCELLED), or %NULL
 *
 * Returns: (transfer container) (element-type RamoSessionInfo): the sessions, most recently
 *   changed first, or %NULL when cancelled
 */
GPtrArray *
ramo_session_index_list_finish (RamoSessionIndex  *self,
                                GAsyncResult      *result,
                                char            ***folders,
                                GError           **error)
{
  GPtrArray *sessions;

  g_return_val_if_fail (g_task_is_valid (result, self), NULL);

  sessions = g_task_propagate_pointer (G_TASK (result), error);
  if (folders)
    {
      ListData *data = g_task_get_task_data (G_TASK (result));

      *folders = sessions ? g_steal_pointer (&data->folders) : NULL;
    }
  return sessions;
}

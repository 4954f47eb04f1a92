/* ramo-preloads.c — session files read ahead, while the program starts
 *
 * Copyright 2026 The Ramo authors
 *
 * This program is free software: you can redistribute it and/or modify it under the terms of the
 * GNU General Public License as published by the Free Software Foundation, either version 3 of
 * the License, or (at your option) any later version.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ramo-preloads"

#include "config.h"

#include "ramo-preloads.h"

/**
 * RamoPreloads:
 *
 * The session files being read ahead, each by a #RamoSessionLoader started early.
 *
 * Starting GTK, libadwaita and the window takes a quarter of a second before the window asks
 * for its file; reading a 70 MB session takes about as long again. main() therefore has the
 * application start reading the files named on the command line at once
 * (ramo_session_loader_start(): the core's worker thread), and the window that shows one of
 * them takes its loader (ramo_preloads_take()) and joins that read instead of starting
 * another. A read nobody took (the files went to a Ramo already running) is cancelled when
 * the application ends (ramo_preloads_clear()). The application owns the one table there is.
 */

struct _RamoPreloads
{
  GObject     parent_instance;

  GHashTable *preloads;   /* path → Preload, not taken yet */
};

typedef struct
{
  RamoSessionLoader *loader;
  GCancellable      *cancellable;   /* gives the read up while nobody took it */
} Preload;

G_DEFINE_FINAL_TYPE (RamoPreloads, ramo_preloads, G_TYPE_OBJECT)

static void
preload_free (Preload *preload)
{
  g_clear_object (&preload->loader);
  g_clear_object (&preload->cancellable);
  g_free (preload);
}

static void
ramo_preloads_dispose (GObject *object)
{
  RamoPreloads *self = (RamoPreloads *)object;

  ramo_preloads_clear (self);

  G_OBJECT_CLASS (ramo_preloads_parent_class)->dispose (object);
}

static void
ramo_preloads_finalize (GObject *object)
{
  RamoPreloads *self = (RamoPreloads *)object;

  g_clear_pointer (&self->preloads, g_hash_table_unref);

  G_OBJECT_CLASS (ramo_preloads_parent_class)->finalize (object);
}

static void
ramo_preloads_class_init (RamoPreloadsClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = ramo_preloads_dispose;
  object_class->finalize = ramo_preloads_finalize;
}

static void
ramo_preloads_init (RamoPreloads *self)
{
  self->preloads = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, (GDestroyNotify) preload_free);
}

/**
 * ramo_preloads_new:
 *
 * Returns: (transfer full): an empty table of reads ahead
 */
RamoPreloads *
ramo_preloads_new (void)
{
  return g_object_new (RAMO_TYPE_PRELOADS, NULL);
}

/**
 * ramo_preloads_start:
 * @self: the reads ahead
 * @file: a session file named on the command line
 *
 * Starts reading @file in the core's worker thread, for the window that will show it to take
 * with ramo_preloads_take(). The loader's progress is notified in the thread-default main
 * context of the caller. Does nothing for a file that is not a local regular file, or that is
 * being read ahead already.
 */
void
ramo_preloads_start (RamoPreloads *self,
                     GFile        *file)
{
  g_autofree char *path = NULL;
  Preload *preload;

  g_return_if_fail (RAMO_IS_PRELOADS (self));
  g_return_if_fail (G_IS_FILE (file));

  path = g_file_get_path (file);
  if (path == NULL || !g_file_test (path, G_FILE_TEST_IS_REGULAR))
    return;
  if (g_hash_table_contains (self->preloads, path))
    return;

  preload = g_new0 (Preload, 1);
  preload->loader = ramo_session_loader_new (path);
  preload->cancellable = g_cancellable_new ();
  ramo_session_loader_start (preload->loader, preload->cancellable);
  g_hash_table_insert (self->preloads, g_steal_pointer (&path), preload);
}

/**
 * ramo_preloads_take:
 * @self: the reads ahead
 * @path: the absolute path of a session file
 *
 * Takes the loader reading @path ahead out of the table: its
 * ramo_session_loader_load_async() joins that read (under way, or done already), and the
 * table no longer gives it up.
 *
 * Returns: (transfer full) (nullable): the loader of @path, %NULL when @path is not being read
 *   ahead (read it yourself)
 */
RamoSessionLoader *
ramo_preloads_take (RamoPreloads *self,
                    const char   *path)
{
  Preload *preload;
  RamoSessionLoader *loader;

  g_return_val_if_fail (RAMO_IS_PRELOADS (self), NULL);
  g_return_val_if_fail (path != NULL, NULL);

  preload = g_hash_table_lookup (self->preloads, path);
  if (preload == NULL)
    return NULL;
  loader = g_steal_pointer (&preload->loader);
  g_hash_table_remove (self->preloads, path);
  return loader;
}

/**
 * ramo_preloads_is_pending:
 * @self: the reads ahead
 * @path: the absolute path of a session file
 *
 * Returns: %TRUE if @path is being (or has been) read ahead and nobody took it yet
 */
gboolean
ramo_preloads_is_pending (RamoPreloads *self,
                          const char   *path)
{
  g_return_val_if_fail (RAMO_IS_PRELOADS (self), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  return g_hash_table_contains (self->preloads, path);
}

/**
 * ramo_preloads_clear:
 * @self: the reads ahead
 *
 * Gives up the reads nobody took: those still running are cancelled (their loader goes once
 * its thread is done), the sessions read are dropped.
 */
void
ramo_preloads_clear (RamoPreloads *self)
{
  GHashTableIter iter;
  gpointer value;

  g_return_if_fail (RAMO_IS_PRELOADS (self));

  g_hash_table_iter_init (&iter, self->preloads);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    {
      Preload *preload = value;

      g_cancellable_cancel (preload->cancellable);
      g_hash_table_iter_remove (&iter);
    }
}

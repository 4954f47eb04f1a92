/* ramo-preload.c — session files read ahead, while the program starts
 *
 * Copyright 2026 The Ramo authors
 *
 * This program is free software: you can redistribute it and/or modify it under the terms of the
 * GNU General Public License as published by the Free Software Foundation, either version 3 of
 * the License, or (at your option) any later version.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ramo-preload"

#include "config.h"

#include "ramo-preload.h"
#include "ramo-session-manager.h"

/*
 * Starting GTK, libadwaita and the window takes a quarter of a second before the window asks
 * for its file; reading a 70 MB session takes about as long again. main() therefore starts
 * reading the files named on the command line at once, in the core's worker thread
 * (ramo_session_manager_open_async()), and the window that shows one of them claims the read
 * under way instead of starting another (ramo_window_load_file()). A read nobody claims (the
 * files went to a Ramo already running) is cancelled when the program ends.
 */

typedef struct
{
  char               *path;
  GCancellable       *cancellable;
  gint                permille;
  gint               *progress;          /* atomic: where the thread writes the progress */
  GAsyncResult       *result;            /* the read, once done and until claimed */

  /* once claimed, or given up */
  gboolean            claimed;
  gboolean            abandoned;
  GAsyncReadyCallback callback;
  gpointer            user_data;
  GCancellable       *claim_cancellable;
  gulong              claim_cancelled_id;
} Preload;

static GHashTable *preloads;    /* path → Preload, not claimed yet */

static void
preload_free (Preload *preload)
{
  if (preload->claim_cancellable)
    {
      g_cancellable_disconnect (preload->claim_cancellable, preload->claim_cancelled_id);
      g_object_unref (preload->claim_cancellable);
    }
  g_clear_object (&preload->result);
  g_clear_object (&preload->cancellable);
  g_free (preload->path);
  g_free (preload);
}

/* the loading thread */
static void
progress_cb (goffset  done,
             goffset  total,
             gpointer data)
{
  Preload *preload = data;
  gint *progress = g_atomic_pointer_get (&preload->progress);

  g_atomic_int_set (progress, total > 0 ? (gint) (CLAMP ((double) done / total, 0, 1) * 1000) : 0);
}

static void
read_cb (GObject      *object,
         GAsyncResult *result,
         gpointer      data)
{
  Preload *preload = data;

  if (preload->abandoned)
    {
      preload_free (preload);
      return;
    }
  if (preload->claimed)
    {
      preload->callback (object, result, preload->user_data);
      preload_free (preload);
      return;
    }
  /* kept until a window claims it */
  preload->result = g_object_ref (result);
}

static gboolean
deliver_cb (gpointer data)
{
  Preload *preload = data;

  if (preload->claim_cancellable && g_cancellable_is_cancelled (preload->claim_cancellable))
    {
      /* cancelled before it was delivered, as a read of its own would have been */
      g_autoptr(GTask) task = g_task_new (NULL, preload->claim_cancellable, preload->callback, preload->user_data);

      g_task_set_source_tag (task, ramo_preload_claim);
      g_task_return_error_if_cancelled (task);
    }
  else
    preload->callback (NULL, preload->result, preload->user_data);
  preload_free (preload);
  return G_SOURCE_REMOVE;
}

static void
claim_cancelled_cb (GCancellable *cancellable,
                    Preload      *preload)
{
  g_cancellable_cancel (preload->cancellable);
}

/**
 * ramo_preload_start:
 * @file: a session file named on the command line
 *
 * Starts reading @file in the core's worker thread, for the window that will show it to claim
 * with ramo_preload_claim(). Does nothing for a file that is not a local regular file, or that
 * is being read ahead already.
 */
void
ramo_preload_start (GFile *file)
{
  g_autofree char *path = NULL;
  Preload *preload;

  g_return_if_fail (G_IS_FILE (file));

  path = g_file_get_path (file);
  if (path == NULL || !g_file_test (path, G_FILE_TEST_IS_REGULAR))
    return;
  if (preloads == NULL)
    preloads = g_hash_table_new (g_str_hash, g_str_equal);
  if (g_hash_table_contains (preloads, path))
    return;

  preload = g_new0 (Preload, 1);
  preload->path = g_steal_pointer (&path);
  preload->cancellable = g_cancellable_new ();
  preload->progress = &preload->permille;
  g_hash_table_insert (preloads, preload->path, preload);
  ramo_session_manager_open_async (preload->path, progress_cb, preload, preload->cancellable,
                                   read_cb, preload);
}

/**
 * ramo_preload_claim:
 * @path: the absolute path of a session file
 * @permille: where to keep the progress of the read, in thousandths (written atomically, from
 *   the loading thread)
 * @cancellable: (nullable): cancels the read
 * @callback: called once the file is read, with a result for
 *   ramo_session_manager_open_finish()
 * @user_data: data for @callback
 *
 * Takes over the read of @path started by ramo_preload_start(), as if
 * ramo_session_manager_open_async() had been called now: @callback is called from the main
 * loop once the file is read (at the next iteration when it is read already), never from within
 * this call.
 *
 * Returns: %TRUE if @path was being read ahead (@callback will be called); %FALSE if not (read
 *   it yourself)
 */
gboolean
ramo_preload_claim (const char          *path,
                    gint                *permille,
                    GCancellable        *cancellable,
                    GAsyncReadyCallback  callback,
                    gpointer             user_data)
{
  Preload *preload;

  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (permille != NULL, FALSE);
  g_return_val_if_fail (callback != NULL, FALSE);

  preload = preloads ? g_hash_table_lookup (preloads, path) : NULL;
  if (preload == NULL)
    return FALSE;
  g_hash_table_remove (preloads, path);

  preload->claimed = TRUE;
  preload->callback = callback;
  preload->user_data = user_data;
  g_atomic_int_set (permille, g_atomic_int_get (&preload->permille));
  g_atomic_pointer_set (&preload->progress, permille);

  if (cancellable)
    preload->claim_cancellable = g_object_ref (cancellable);
  if (preload->result)
    {
      g_atomic_int_set (permille, 1000);
      g_idle_add_full (G_PRIORITY_DEFAULT, deliver_cb, preload, NULL);
      return TRUE;
    }
  if (cancellable)
    preload->claim_cancelled_id = g_cancellable_connect (cancellable, G_CALLBACK (claim_cancelled_cb),
                                                         preload, NULL);
  return TRUE;
}

/**
 * ramo_preload_is_pending:
 * @path: the absolute path of a session file
 *
 * Returns: %TRUE if @path is being (or has been) read ahead and no window claimed it yet
 */
gboolean
ramo_preload_is_pending (const char *path)
{
  g_return_val_if_fail (path != NULL, FALSE);
  return preloads != NULL && g_hash_table_contains (preloads, path);
}

/**
 * ramo_preload_clear:
 *
 * Gives up the reads no window claimed: those still running are cancelled.
 */
void
ramo_preload_clear (void)
{
  GHashTableIter iter;
  gpointer value;

  if (preloads == NULL)
    return;
  g_hash_table_iter_init (&iter, preloads);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    {
      Preload *preload = value;

      g_hash_table_iter_steal (&iter);
      if (preload->result)
        preload_free (preload);
      else
        {
          /* freed when the thread is done */
          preload->abandoned = TRUE;
          g_cancellable_cancel (preload->cancellable);
        }
    }
  g_clear_pointer (&preloads, g_hash_table_unref);
}

/* ramo-session-list.c
 *
 * Copyright 2026 The Ramo authors
 *
 * This program is free software: you can redistribute it and/or modify it under the terms of the
 * GNU General Public License as published by the Free Software Foundation, either version 3 of
 * the License, or (at your option) any later version.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ramo-session-browser"

#include "config.h"

#include <stdlib.h>

#include "ramo-browser-group.h"
#include "ramo-session-list.h"
#include "ramo-settings.h"

/**
 * RamoSessionList:
 *
 * What the session browser lists, as a #GListModel: a #RamoBrowserGroup for each project (the
 * folder its sessions worked in, their header's `cwd`), followed by its #RamoSessionInfo items,
 * the project of the most recently changed session first, limited to the sessions whose name
 * or first message has every word of the search.
 *
 * The folders (those of the settings, or those given) are listed by a #RamoSessionIndex in a
 * worker thread, and watched, so that sessions written meanwhile show up. With a parent session
 * set, only the sessions branched from it are listed.
 */

#define RELOAD_DELAY_MS    300
#define PROGRESS_POLL_MS   100

typedef struct
{
  GWeakRef list;
  int      done;
  int      total;
} Load;

struct _RamoSessionList
{
  GObject            parent_instance;

  RamoSessionIndex  *index;
  GSettings         *settings;         /* nullable */
  char              *parent_session;
  char             **roots;            /* NULL: from the settings at each reload */
  char             **terms;            /* the search, casefolded; NULL: everything */
  GPtrArray         *sessions;         /* (element-type RamoSessionInfo) newest first */
  GListStore        *items;            /* groups and sessions, as shown */
  GCancellable      *cancellable;
  Load              *load;             /* the listing under way, or NULL */
  GPtrArray         *monitors;
  guint              reload_id;
  guint              progress_id;
  gint64             load_started;
  gint64             load_time;
  gboolean           loaded;
};

enum {
  PROP_0,
  PROP_LOADED,
  PROP_LOADING,
  PROP_N_SESSIONS,
  N_PROPS
};

enum {
  PROGRESS,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

static void list_model_iface_init (GListModelInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (RamoSessionList, ramo_session_list, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_LIST_MODEL, list_model_iface_init))

/* ------------------------------------------------------------------------------------------ */
/* The items                                                                                   */

static gboolean
same_file (const char *a,
           const char *b)
{
  g_autofree char *real_a = NULL;
  g_autofree char *real_b = NULL;

  if (a == NULL || b == NULL)
    return FALSE;
  if (g_str_equal (a, b))
    return TRUE;

  real_a = realpath (a, NULL);
  real_b = realpath (b, NULL);
  if (real_a && real_b)
    return g_str_equal (real_a, real_b);

  g_free (real_a);
  g_free (real_b);
  real_a = g_canonicalize_filename (a, NULL);
  real_b = g_canonicalize_filename (b, NULL);
  return g_str_equal (real_a, real_b);
}

static gboolean
same_item (gpointer a,
           gpointer b)
{
  if (a == b)
    return TRUE;
  if (RAMO_IS_BROWSER_GROUP (a) && RAMO_IS_BROWSER_GROUP (b))
    return ramo_browser_group_equal (a, b);
  return FALSE;
}

/* Replaces the items by @items, changing only the range that differs, so that a session that
 * pi appends to does not make the whole list jump. */
static void
splice_items (RamoSessionList *self,
              GPtrArray       *items)
{
  guint n_old = g_list_model_get_n_items (G_LIST_MODEL (self->items));
  guint n_new = items->len;
  guint prefix = 0;
  guint suffix = 0;

  while (prefix < n_old && prefix < n_new)
    {
      g_autoptr(GObject) old = g_list_model_get_item (G_LIST_MODEL (self->items), prefix);

      if (!same_item (old, g_ptr_array_index (items, prefix)))
        break;
      prefix++;
    }
  while (suffix < n_old - prefix && suffix < n_new - prefix)
    {
      g_autoptr(GObject) old = g_list_model_get_item (G_LIST_MODEL (self->items), n_old - 1 - suffix);

      if (!same_item (old, g_ptr_array_index (items, n_new - 1 - suffix)))
        break;
      suffix++;
    }

  if (prefix == n_old && prefix == n_new)
    return;
  g_list_store_splice (self->items, prefix, n_old - prefix - suffix,
                       items->pdata + prefix, n_new - prefix - suffix);
}

static void
rebuild_items (RamoSessionList *self)
{
  g_autoptr(GHashTable) groups = g_hash_table_new_full (g_str_hash, g_str_equal, NULL,
                                                         (GDestroyNotify) g_ptr_array_unref);
  g_autoptr(GPtrArray) order = g_ptr_array_new ();
  g_autoptr(GPtrArray) items = g_ptr_array_new_with_free_func (g_object_unref);

  /* sessions come newest first, so groups are made in the order of their newest session */
  for (guint i = 0; i < self->sessions->len; i++)
    {
      RamoSessionInfo *info = g_ptr_array_index (self->sessions, i);
      const char *cwd = ramo_session_info_get_cwd (info);
      GPtrArray *group;

      if (cwd == NULL)
        cwd = "";
      if (!ramo_session_info_matches (info, (const char * const *) self->terms))
        continue;

      group = g_hash_table_lookup (groups, cwd);
      if (group == NULL)
        {
          group = g_ptr_array_new ();
          g_hash_table_insert (groups, (gpointer) cwd, group);
          g_ptr_array_add (order, (gpointer) cwd);
        }
      g_ptr_array_add (group, info);
    }

  for (guint i = 0; i < order->len; i++)
    {
      const char *cwd = g_ptr_array_index (order, i);
      GPtrArray *group = g_hash_table_lookup (groups, cwd);

      g_ptr_array_add (items, ramo_browser_group_new (cwd[0] ? cwd : NULL, group->len));
      for (guint j = 0; j < group->len; j++)
        g_ptr_array_add (items, g_object_ref (g_ptr_array_index (group, j)));
    }

  splice_items (self, items);
}

/* ------------------------------------------------------------------------------------------ */
/* Watching the folders                                                                        */

static void
queue_reload (RamoSessionList *self);

static void
monitor_changed_cb (RamoSessionList   *self,
                    GFile             *file,
                    GFile             *other,
                    GFileMonitorEvent  event,
                    GFileMonitor      *monitor)
{
  g_autofree char *name = g_file_get_basename (file);

  switch (event)
    {
    case G_FILE_MONITOR_EVENT_CHANGED:
    case G_FILE_MONITOR_EVENT_CHANGES_DONE_HINT:
    case G_FILE_MONITOR_EVENT_ATTRIBUTE_CHANGED:
      if (g_str_has_suffix (name, ".jsonl"))
        queue_reload (self);
      break;

    case G_FILE_MONITOR_EVENT_CREATED:
    case G_FILE_MONITOR_EVENT_DELETED:
    case G_FILE_MONITOR_EVENT_MOVED_IN:
    case G_FILE_MONITOR_EVENT_MOVED_OUT:
    case G_FILE_MONITOR_EVENT_RENAMED:
    case G_FILE_MONITOR_EVENT_MOVED:
      /* a session file, or a folder: a new project, or a session folder coming into being
       * (pi makes ~/.pi/agent/sessions/--cwd--/ at once, seen here as ".pi") */
      queue_reload (self);
      break;

    case G_FILE_MONITOR_EVENT_PRE_UNMOUNT:
    case G_FILE_MONITOR_EVENT_UNMOUNTED:
    default:
      break;
    }
}

static void
watch_folder (RamoSessionList *self,
              const char      *path)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GFileMonitor) monitor = NULL;

  monitor = g_file_monitor_directory (file, G_FILE_MONITOR_WATCH_MOVES, NULL, NULL);
  if (monitor == NULL)
    return;
  g_file_monitor_set_rate_limit (monitor, RELOAD_DELAY_MS);
  g_signal_connect_object (monitor, "changed", G_CALLBACK (monitor_changed_cb), self, G_CONNECT_SWAPPED);
  g_ptr_array_add (self->monitors, g_steal_pointer (&monitor));
}

/* Watches the folders the listing read (every session folder and its project folders); a
 * session folder that does not exist yet is watched through its nearest existing parent, so
 * that it is seen when pi makes it. */
static void
update_monitors (RamoSessionList     *self,
                 const char * const  *folders)
{
  g_auto(GStrv) roots = ramo_session_list_dup_roots (self);

  g_ptr_array_set_size (self->monitors, 0);

  for (guint i = 0; folders && folders[i]; i++)
    watch_folder (self, folders[i]);

  for (guint r = 0; roots[r]; r++)
    {
      g_autofree char *parent = NULL;

      if (g_file_test (roots[r], G_FILE_TEST_IS_DIR))
        continue;

      parent = g_path_get_dirname (roots[r]);
      while (!g_file_test (parent, G_FILE_TEST_IS_DIR) && !g_str_equal (parent, "/"))
        {
          char *up = g_path_get_dirname (parent);

          g_free (parent);
          parent = up;
        }
      if (!g_str_equal (parent, "/"))
        watch_folder (self, parent);
    }
}

/* ------------------------------------------------------------------------------------------ */
/* Listing                                                                                     */

static void
load_free (Load *load)
{
  g_weak_ref_clear (&load->list);
  g_free (load);
}

static void
progress_cb (guint    done,
             guint    total,
             gpointer user_data)
{
  Load *load = user_data;

  g_atomic_int_set (&load->total, (int) total);
  g_atomic_int_set (&load->done, (int) done);
}

static gboolean
progress_poll_cb (gpointer user_data)
{
  RamoSessionList *self = user_data;
  guint done;
  guint total;

  if (self->load == NULL)
    {
      self->progress_id = 0;
      return G_SOURCE_REMOVE;
    }

  ramo_session_list_get_progress (self, &done, &total);
  if (total > 0)
    g_signal_emit (self, signals[PROGRESS], 0, done, total);
  return G_SOURCE_CONTINUE;
}

static void
list_cb (GObject      *object,
         GAsyncResult *result,
         gpointer      user_data)
{
  Load *load = user_data;
  g_autoptr(RamoSessionList) self = g_weak_ref_get (&load->list);
  g_autoptr(GPtrArray) sessions = NULL;
  g_auto(GStrv) folders = NULL;
  g_autoptr(GError) error = NULL;

  sessions = ramo_session_index_list_finish (RAMO_SESSION_INDEX (object), result, &folders, &error);
  if (self == NULL || self->load != load)
    {
      load_free (load);
      return;
    }
  self->load = NULL;
  load_free (load);

  if (sessions == NULL)
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        g_warning ("Could not list the sessions: %s", error->message);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LOADING]);
      return;
    }

  if (self->parent_session)
    {
      for (guint i = sessions->len; i > 0; i--)
        if (!same_file (ramo_session_info_get_parent_session (g_ptr_array_index (sessions, i - 1)),
                        self->parent_session))
          g_ptr_array_remove_index (sessions, i - 1);
    }

  g_clear_pointer (&self->sessions, g_ptr_array_unref);
  self->sessions = g_steal_pointer (&sessions);
  self->load_time = g_get_monotonic_time () - self->load_started;
  self->loaded = TRUE;
  g_debug ("Listed %u sessions in %.3f s", self->sessions->len, self->load_time / (double) G_USEC_PER_SEC);

  rebuild_items (self);
  update_monitors (self, (const char * const *) folders);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LOADING]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LOADED]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_SESSIONS]);
}

/**
 * ramo_session_list_reload:
 * @self: a session list
 *
 * Lists the session folders again (in a worker thread); unchanged files are not read again.
 */
void
ramo_session_list_reload (RamoSessionList *self)
{
  g_auto(GStrv) roots = NULL;
  Load *load;

  g_return_if_fail (RAMO_IS_SESSION_LIST (self));

  g_clear_handle_id (&self->reload_id, g_source_remove);
  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  self->cancellable = g_cancellable_new ();

  load = g_new0 (Load, 1);
  g_weak_ref_init (&load->list, self);
  self->load = load;
  self->load_started = g_get_monotonic_time ();

  roots = ramo_session_list_dup_roots (self);
  ramo_session_index_list_async (self->index, (const char * const *) roots, progress_cb, load, self->cancellable,
                                 list_cb, load);

  if (self->progress_id == 0)
    self->progress_id = g_timeout_add (PROGRESS_POLL_MS, progress_poll_cb, self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LOADING]);
}

static gboolean
reload_timeout_cb (gpointer user_data)
{
  RamoSessionList *self = user_data;

  self->reload_id = 0;
  ramo_session_list_reload (self);
  return G_SOURCE_REMOVE;
}

static void
queue_reload (RamoSessionList *self)
{
  g_clear_handle_id (&self->reload_id, g_source_remove);
  self->reload_id = g_timeout_add (RELOAD_DELAY_MS, reload_timeout_cb, self);
}

static void
settings_changed_cb (RamoSessionList *self,
                     const char      *key,
                     GSettings       *settings)
{
  if (self->roots == NULL)
    ramo_session_list_reload (self);
}

/* ------------------------------------------------------------------------------------------ */
/* GListModel                                                                                  */

static GType
get_item_type (GListModel *model)
{
  return G_TYPE_OBJECT;
}

static guint
get_n_items (GListModel *model)
{
  return g_list_model_get_n_items (G_LIST_MODEL (RAMO_SESSION_LIST (model)->items));
}

static gpointer
get_item (GListModel *model,
          guint       position)
{
  return g_list_model_get_item (G_LIST_MODEL (RAMO_SESSION_LIST (model)->items), position);
}

static void
list_model_iface_init (GListModelInterface *iface)
{
  iface->get_item_type = get_item_type;
  iface->get_n_items = get_n_items;
  iface->get_item = get_item;
}

static void
items_changed_cb (RamoSessionList *self,
                  guint            position,
                  guint            removed,
                  guint            added,
                  GListModel      *items)
{
  g_list_model_items_changed (G_LIST_MODEL (self), position, removed, added);
}

/* ------------------------------------------------------------------------------------------ */
/* GObject                                                                                     */

static void
ramo_session_list_dispose (GObject *object)
{
  RamoSessionList *self = (RamoSessionList *)object;

  g_cancellable_cancel (self->cancellable);
  self->load = NULL;   /* freed by its callback */
  g_clear_handle_id (&self->reload_id, g_source_remove);
  g_clear_handle_id (&self->progress_id, g_source_remove);
  if (self->monitors)
    g_ptr_array_set_size (self->monitors, 0);

  g_clear_object (&self->cancellable);
  g_clear_object (&self->settings);
  g_clear_object (&self->index);

  G_OBJECT_CLASS (ramo_session_list_parent_class)->dispose (object);
}

static void
ramo_session_list_finalize (GObject *object)
{
  RamoSessionList *self = (RamoSessionList *)object;

  g_clear_pointer (&self->parent_session, g_free);
  g_clear_pointer (&self->roots, g_strfreev);
  g_clear_pointer (&self->terms, g_strfreev);
  g_clear_pointer (&self->sessions, g_ptr_array_unref);
  g_clear_pointer (&self->monitors, g_ptr_array_unref);
  g_clear_object (&self->items);

  G_OBJECT_CLASS (ramo_session_list_parent_class)->finalize (object);
}

static void
ramo_session_list_get_property (GObject    *object,
                                guint       prop_id,
                                GValue     *value,
                                GParamSpec *pspec)
{
  RamoSessionList *self = RAMO_SESSION_LIST (object);

  switch (prop_id)
    {
    case PROP_LOADED:
      g_value_set_boolean (value, self->loaded);
      break;

    case PROP_LOADING:
      g_value_set_boolean (value, self->load != NULL);
      break;

    case PROP_N_SESSIONS:
      g_value_set_uint (value, self->sessions->len);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ramo_session_list_class_init (RamoSessionListClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = ramo_session_list_dispose;
  object_class->finalize = ramo_session_list_finalize;
  object_class->get_property = ramo_session_list_get_property;

  /**
   * RamoSessionList:loaded:
   *
   * Whether a listing has finished (it stays %TRUE while the next one runs).
   */
  properties[PROP_LOADED] =
    g_param_spec_boolean ("loaded", NULL, NULL, FALSE, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);

  /**
   * RamoSessionList:loading:
   *
   * Whether a listing is under way.
   */
  properties[PROP_LOADING] =
    g_param_spec_boolean ("loading", NULL, NULL, FALSE, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);

  /**
   * RamoSessionList:n-sessions:
   *
   * How many sessions the last listing found, whatever the search; notified after each one.
   */
  properties[PROP_N_SESSIONS] =
    g_param_spec_uint ("n-sessions", NULL, NULL, 0, G_MAXUINT, 0, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);

  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * RamoSessionList::progress:
   * @self: the list
   * @done: files read so far
   * @total: files found
   *
   * Emitted every tenth of a second while a listing runs.
   */
  signals[PROGRESS] = g_signal_new ("progress", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                    G_TYPE_NONE, 2, G_TYPE_UINT, G_TYPE_UINT);
}

static void
ramo_session_list_init (RamoSessionList *self)
{
  self->sessions = g_ptr_array_new_with_free_func (g_object_unref);
  self->monitors = g_ptr_array_new_with_free_func (g_object_unref);
  self->items = g_list_store_new (G_TYPE_OBJECT);
  g_signal_connect_object (self->items, "items-changed", G_CALLBACK (items_changed_cb), self, G_CONNECT_SWAPPED);
}

/**
 * ramo_session_list_new:
 * @index: the index that reads the session files
 * @settings: (nullable): Ramo's settings, for the `session-folders` (followed as they change)
 *
 * Returns: (transfer full): an empty list; ramo_session_list_reload() fills it
 */
RamoSessionList *
ramo_session_list_new (RamoSessionIndex *index,
                       GSettings        *settings)
{
  RamoSessionList *self;

  g_return_val_if_fail (RAMO_IS_SESSION_INDEX (index), NULL);
  g_return_val_if_fail (!settings || G_IS_SETTINGS (settings), NULL);

  self = g_object_new (RAMO_TYPE_SESSION_LIST, NULL);
  self->index = g_object_ref (index);
  g_set_object (&self->settings, settings);
  if (settings)
    g_signal_connect_object (settings, "changed::session-folders", G_CALLBACK (settings_changed_cb), self,
                             G_CONNECT_SWAPPED);
  return self;
}

/**
 * ramo_session_list_set_parent_session:
 * @self: a session list
 * @path: (nullable): a session file: list only the sessions branched from it
 */
void
ramo_session_list_set_parent_session (RamoSessionList *self,
                                      const char      *path)
{
  g_return_if_fail (RAMO_IS_SESSION_LIST (self));

  if (g_strcmp0 (self->parent_session, path) == 0)
    return;
  g_free (self->parent_session);
  self->parent_session = g_strdup (path);
  ramo_session_list_reload (self);
}

/**
 * ramo_session_list_get_parent_session:
 * @self: a session list
 *
 * Returns: (nullable): the session whose branched sessions are listed
 */
const char *
ramo_session_list_get_parent_session (RamoSessionList *self)
{
  g_return_val_if_fail (RAMO_IS_SESSION_LIST (self), NULL);
  return self->parent_session;
}

/**
 * ramo_session_list_set_roots:
 * @self: a session list
 * @roots: (nullable) (array zero-terminated=1): the folders to list; %NULL for those of the
 *   settings (ramo_settings_dup_session_roots())
 */
void
ramo_session_list_set_roots (RamoSessionList    *self,
                             const char * const *roots)
{
  g_return_if_fail (RAMO_IS_SESSION_LIST (self));

  g_strfreev (self->roots);
  self->roots = g_strdupv ((char **) roots);
  ramo_session_list_reload (self);
}

/**
 * ramo_session_list_dup_roots:
 * @self: a session list
 *
 * Returns: (transfer full): the folders listed now
 */
char **
ramo_session_list_dup_roots (RamoSessionList *self)
{
  g_return_val_if_fail (RAMO_IS_SESSION_LIST (self), NULL);

  if (self->roots)
    return g_strdupv (self->roots);
  return ramo_settings_dup_session_roots (self->settings);
}

/**
 * ramo_session_list_set_search:
 * @self: a session list
 * @search: (nullable): what the user typed: the sessions shown have each of its words in
 *   their name or first message, whatever the case
 */
void
ramo_session_list_set_search (RamoSessionList *self,
                              const char      *search)
{
  g_return_if_fail (RAMO_IS_SESSION_LIST (self));

  g_strfreev (self->terms);
  self->terms = ramo_session_info_split_terms (search);
  if (self->loaded)
    rebuild_items (self);
}

/**
 * ramo_session_list_get_loaded:
 * @self: a session list
 *
 * Returns: %TRUE once a listing has finished
 */
gboolean
ramo_session_list_get_loaded (RamoSessionList *self)
{
  g_return_val_if_fail (RAMO_IS_SESSION_LIST (self), FALSE);
  return self->loaded;
}

/**
 * ramo_session_list_is_loading:
 * @self: a session list
 *
 * Returns: %TRUE while the folders are being listed, or will be in a moment (a change was seen)
 */
gboolean
ramo_session_list_is_loading (RamoSessionList *self)
{
  g_return_val_if_fail (RAMO_IS_SESSION_LIST (self), FALSE);
  return self->load != NULL || self->reload_id != 0;
}

/**
 * ramo_session_list_get_progress:
 * @self: a session list
 * @done: (out): files read so far by the listing under way
 * @total: (out): files it found; 0 when no listing runs
 */
void
ramo_session_list_get_progress (RamoSessionList *self,
                                guint           *done,
                                guint           *total)
{
  g_return_if_fail (RAMO_IS_SESSION_LIST (self));

  *done = self->load ? (guint) g_atomic_int_get (&self->load->done) : 0;
  *total = self->load ? (guint) g_atomic_int_get (&self->load->total) : 0;
}

/**
 * ramo_session_list_get_sessions:
 * @self: a session list
 *
 * Returns: (transfer none) (element-type RamoSessionInfo): every session listed, newest first,
 *   whatever the search
 */
GPtrArray *
ramo_session_list_get_sessions (RamoSessionList *self)
{
  g_return_val_if_fail (RAMO_IS_SESSION_LIST (self), NULL);
  return self->sessions;
}

/**
 * ramo_session_list_get_load_time:
 * @self: a session list
 *
 * Returns: how long the last listing took, in microseconds
 */
gint64
ramo_session_list_get_load_time (RamoSessionList *self)
{
  g_return_val_if_fail (RAMO_IS_SESSION_LIST (self), 0);
  return self->load_time;
}

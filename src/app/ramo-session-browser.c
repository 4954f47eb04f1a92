/* ramo-session-browser.c
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

#include <glib/gi18n.h>

#include "ramo-session-browser.h"
#include "ramo-session-browser-row.h"
#include "ramo-session-list.h"

/**
 * RamoSessionBrowser:
 *
 * The start screen, and what Ctrl+O shows: every session under pi's and oh-my-pi's session
 * folders (and the `session-folders` setting), grouped by the project folder the session worked
 * in (its header's `cwd`), the most recently changed first, with a search over names and first
 * messages. What it lists is a #RamoSessionList (ramo-session-list.c: the folders are listed in a
 * worker thread and watched, so sessions written while the browser is open show up); each row
 * is a #RamoSessionBrowserRow.
 *
 * With a parent session set, it lists only the sessions branched from that one ("Branched
 * Sessions" in a window's menu). Choosing a session asks, through the
 * #RamoSessionBrowser::open-session signal, for it to be shown in the target window or in a
 * window of its own (the application does it), and closes the browser.
 */

/* The bundled example, copied to the cache folder so that labels can be written to it. */
static char *
find_example (void)
{
  const char *candidates[] = { RAMO_DATADIR "/examples/example.jsonl",
                               RAMO_SOURCE_DATADIR "/examples/example.jsonl" };

  for (guint i = 0; i < G_N_ELEMENTS (candidates); i++)
    {
      g_autofree char *cache_dir = NULL;
      g_autofree char *copy = NULL;
      g_autoptr(GFile) source = NULL;
      g_autoptr(GFile) target = NULL;

      if (!g_file_test (candidates[i], G_FILE_TEST_IS_REGULAR))
        continue;

      cache_dir = g_build_filename (g_get_user_cache_dir (), "ramo", NULL);
      copy = g_build_filename (cache_dir, "example.jsonl", NULL);
      if (g_file_test (copy, G_FILE_TEST_IS_REGULAR))
        return g_steal_pointer (&copy);

      source = g_file_new_for_path (candidates[i]);
      target = g_file_new_for_path (copy);
      if (g_mkdir_with_parents (cache_dir, 0700) == 0 &&
          g_file_copy (source, target, G_FILE_COPY_NONE, NULL, NULL, NULL, NULL))
        return g_steal_pointer (&copy);

      /* read the original; writes will fail with a message */
      return g_strdup (candidates[i]);
    }
  return NULL;
}

/* What "Open the Example Session" opens: the latest session of pi or oh-my-pi, else the example. */
static char *
find_default_session (void)
{
  g_autofree char *pi = g_build_filename (g_get_home_dir (), ".pi", "agent", "sessions", NULL);
  g_autofree char *omp = g_build_filename (g_get_home_dir (), ".omp", "agent", "sessions", NULL);
  const char *roots[] = { pi, omp, NULL };
  char *latest = ramo_session_index_find_latest (roots);

  if (latest)
    return latest;
  return find_example ();
}

struct _RamoSessionBrowser
{
  AdwApplicationWindow  parent_instance;

  RamoWindow           *target;           /* weak */
  RamoSessionList      *list;
  GtkSingleSelection   *selection;

  /* template children */
  AdwWindowTitle       *window_title;
  GtkSearchEntry       *search_entry;
  GtkProgressBar       *progress_bar;
  GtkStack             *stack;
  GtkListView          *list_view;
  AdwStatusPage        *loading_page;
  AdwStatusPage        *empty_page;
  GtkWidget            *empty_buttons;
  GtkSpinner           *spinner;
};

enum {
  OPEN_SESSION,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (RamoSessionBrowser, ramo_session_browser, ADW_TYPE_APPLICATION_WINDOW)

/**
 * ramo_session_browser_describe_item:
 * @item: an item of ramo_session_browser_get_items()
 *
 * What the row of @item says, on one line (its accessible name).
 *
 * Returns: (transfer full): the text
 */
char *
ramo_session_browser_describe_item (gpointer item)
{
  return ramo_session_browser_row_describe (item);
}

/* ------------------------------------------------------------------------------------------ */
/* What the browser shows                                                                      */

static void
update_page (RamoSessionBrowser *self)
{
  const char *page;
  guint n_items = g_list_model_get_n_items (G_LIST_MODEL (self->list));

  if (!ramo_session_list_get_loaded (self->list))
    page = "loading";
  else if (ramo_session_list_get_sessions (self->list)->len == 0)
    page = "empty";
  else if (n_items == 0)
    page = "no-results";
  else
    page = "list";

  gtk_stack_set_visible_child_name (self->stack, page);
  gtk_spinner_set_spinning (self->spinner, g_str_equal (page, "loading"));
}

static void
update_title (RamoSessionBrowser *self)
{
  g_autofree char *subtitle = NULL;
  guint n_sessions = ramo_session_list_get_sessions (self->list)->len;

  const char *parent_session = ramo_session_list_get_parent_session (self->list);

  if (parent_session)
    {
      g_autofree char *name = g_path_get_basename (parent_session);

      adw_window_title_set_title (self->window_title, _("Branched Sessions"));
      gtk_window_set_title (GTK_WINDOW (self), _("Branched Sessions"));
      /* Translators: the subtitle of the list of sessions branched from the session %s */
      subtitle = g_strdup_printf (_("from %s"), name);
    }
  else
    {
      adw_window_title_set_title (self->window_title, _("Sessions"));
      gtk_window_set_title (GTK_WINDOW (self), _("Sessions"));
      if (ramo_session_list_get_loaded (self->list))
        subtitle = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u session", "%u sessions", n_sessions),
                                    n_sessions);
    }
  adw_window_title_set_subtitle (self->window_title, subtitle);
}

static void
update_empty_page (RamoSessionBrowser *self)
{
  if (ramo_session_list_get_parent_session (self->list))
    {
      adw_status_page_set_title (self->empty_page, _("No Branched Sessions"));
      adw_status_page_set_description (self->empty_page,
                                       _("No session in the session folders was branched from this one."));
      gtk_widget_set_visible (self->empty_buttons, FALSE);
    }
  else
    {
      adw_status_page_set_title (self->empty_page, _("No Sessions Yet"));
      adw_status_page_set_description (self->empty_page,
                                       _("Sessions of pi (~/.pi/agent/sessions) and oh-my-pi (~/.omp/agent/sessions) "
                                         "appear here as soon as they are written."));
      gtk_widget_set_visible (self->empty_buttons, TRUE);
    }
}

static void
list_changed_cb (RamoSessionBrowser *self)
{
  gboolean loading = FALSE;

  g_assert (RAMO_IS_SESSION_BROWSER (self));

  g_object_get (self->list, "loading", &loading, NULL);
  if (!loading)
    gtk_widget_set_visible (GTK_WIDGET (self->progress_bar), FALSE);
  update_title (self);
  update_page (self);
}

static void
progress_cb (RamoSessionBrowser *self,
             guint               done,
             guint               total,
             RamoSessionList    *list)
{
  g_autofree char *text = g_strdup_printf (_("Reading %d of %d sessions…"), (int) done, (int) total);

  gtk_progress_bar_set_fraction (self->progress_bar, (double) done / total);
  gtk_progress_bar_set_text (self->progress_bar, text);
  adw_status_page_set_description (self->loading_page, text);
  gtk_widget_set_visible (GTK_WIDGET (self->progress_bar), TRUE);
}

/* ------------------------------------------------------------------------------------------ */
/* Opening                                                                                     */

/**
 * ramo_session_browser_open:
 * @self: a session browser
 * @path: a session file
 *
 * Asks for @path to be shown (#RamoSessionBrowser::open-session: in the browser's target
 * window, or in a window of its own), and closes the browser when a window shows it.
 *
 * Returns: %TRUE when a window shows the session
 */
gboolean
ramo_session_browser_open (RamoSessionBrowser *self,
                           const char         *path)
{
  g_autoptr(RamoSessionBrowser) hold = NULL;
  g_autoptr(GError) error = NULL;
  gboolean shown = FALSE;

  g_return_val_if_fail (RAMO_IS_SESSION_BROWSER (self), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  hold = g_object_ref (self);
  g_signal_emit (self, signals[OPEN_SESSION], 0, path, &error, &shown);
  if (error)
    g_message ("%s", error->message);
  if (!shown)
    return FALSE;

  gtk_window_destroy (GTK_WINDOW (self));
  return error == NULL;
}

static void
list_activate_cb (RamoSessionBrowser *self,
                  guint               position,
                  GtkListView        *list_view)
{
  g_autoptr(GObject) item = g_list_model_get_item (G_LIST_MODEL (self->list), position);

  g_assert (RAMO_IS_SESSION_BROWSER (self));

  if (RAMO_IS_SESSION_INFO (item))
    ramo_session_browser_open (self, ramo_session_info_get_path (RAMO_SESSION_INFO (item)));
}

static void
search_changed_cb (RamoSessionBrowser *self,
                   GtkSearchEntry     *entry)
{
  g_assert (RAMO_IS_SESSION_BROWSER (self));
  ramo_session_list_set_search (self->list, gtk_editable_get_text (GTK_EDITABLE (entry)));
}

/* Enter in the search opens the first session found. */
/* Only sessions can be selected and opened; a project's header cannot. */
static gboolean
is_session (gpointer  unused,
            GObject  *item)
{
  return RAMO_IS_SESSION_INFO (item);
}

static void
search_activate_cb (RamoSessionBrowser *self,
                    GtkSearchEntry     *entry)
{
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->list));

  g_assert (RAMO_IS_SESSION_BROWSER (self));

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(GObject) item = g_list_model_get_item (G_LIST_MODEL (self->list), i);

      if (RAMO_IS_SESSION_INFO (item))
        {
          ramo_session_browser_open (self, ramo_session_info_get_path (RAMO_SESSION_INFO (item)));
          return;
        }
    }
}

static void
search_stop_cb (RamoSessionBrowser *self,
                GtkSearchEntry     *entry)
{
  g_assert (RAMO_IS_SESSION_BROWSER (self));

  if (gtk_editable_get_text (GTK_EDITABLE (entry))[0] != '\0')
    gtk_editable_set_text (GTK_EDITABLE (entry), "");
  else if (self->target || ramo_session_list_get_parent_session (self->list))
    gtk_window_close (GTK_WINDOW (self));
}

static gboolean
search_key_pressed_cb (RamoSessionBrowser    *self,
                       guint                  keyval,
                       guint                  keycode,
                       GdkModifierType        state,
                       GtkEventControllerKey *controller)
{
  if (keyval == GDK_KEY_Down || keyval == GDK_KEY_KP_Down)
    {
      guint n = g_list_model_get_n_items (G_LIST_MODEL (self->list));

      for (guint i = 0; i < n; i++)
        {
          g_autoptr(GObject) item = g_list_model_get_item (G_LIST_MODEL (self->list), i);

          if (RAMO_IS_SESSION_INFO (item))
            {
              gtk_selection_model_select_item (GTK_SELECTION_MODEL (self->selection), i, TRUE);
              break;
            }
        }
      gtk_widget_child_focus (GTK_WIDGET (self->list_view), GTK_DIR_TAB_FORWARD);
      return GDK_EVENT_STOP;
    }
  return GDK_EVENT_PROPAGATE;
}

static gboolean
window_key_pressed_cb (RamoSessionBrowser    *self,
                       guint                  keyval,
                       guint                  keycode,
                       GdkModifierType        state,
                       GtkEventControllerKey *controller)
{
  /* Escape closes a browser opened from a window, as it would a dialog; the start screen stays */
  if (keyval == GDK_KEY_Escape && (state & gtk_accelerator_get_default_mod_mask ()) == 0 &&
      gtk_editable_get_text (GTK_EDITABLE (self->search_entry))[0] == '\0' &&
      (self->target || ramo_session_list_get_parent_session (self->list)))
    {
      gtk_window_close (GTK_WINDOW (self));
      return GDK_EVENT_STOP;
    }
  return GDK_EVENT_PROPAGATE;
}

static void
open_response_cb (RamoSessionBrowser   *self,
                  int                   response,
                  GtkFileChooserNative *native)
{
  g_autoptr(GFile) file = NULL;
  g_autofree char *path = NULL;

  if (response == GTK_RESPONSE_ACCEPT)
    file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (native));
  gtk_native_dialog_destroy (GTK_NATIVE_DIALOG (native));
  g_object_unref (native);

  if (file && (path = g_file_get_path (file)))
    ramo_session_browser_open (self, path);
}

static void
open_file_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *param)
{
  RamoSessionBrowser *self = RAMO_SESSION_BROWSER (widget);
  GtkFileChooserNative *native;
  g_autoptr(GtkFileFilter) sessions = gtk_file_filter_new ();
  g_autoptr(GtkFileFilter) all = gtk_file_filter_new ();
  g_auto(GStrv) roots = ramo_session_list_dup_roots (self->list);

  native = gtk_file_chooser_native_new (_("Open a Session"), GTK_WINDOW (self),
                                        GTK_FILE_CHOOSER_ACTION_OPEN, _("_Open"), _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (native), TRUE);

  gtk_file_filter_set_name (sessions, _("pi sessions (*.jsonl)"));
  gtk_file_filter_add_pattern (sessions, "*.jsonl");
  gtk_file_filter_add_mime_type (sessions, "application/x-ramo-session");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (native), sessions);
  gtk_file_filter_set_name (all, _("All files"));
  gtk_file_filter_add_pattern (all, "*");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (native), all);

  for (guint r = 0; roots[r]; r++)
    if (g_file_test (roots[r], G_FILE_TEST_IS_DIR))
      {
        g_autoptr(GFile) folder = g_file_new_for_path (roots[r]);

        gtk_file_chooser_set_current_folder (GTK_FILE_CHOOSER (native), folder, NULL);
        break;
      }

  g_signal_connect_object (native, "response", G_CALLBACK (open_response_cb), self, G_CONNECT_SWAPPED);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (native));
}

static void
open_example_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *param)
{
  RamoSessionBrowser *self = RAMO_SESSION_BROWSER (widget);
  g_autofree char *path = find_default_session ();

  if (path)
    ramo_session_browser_open (self, path);
}

static void
reload_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *param)
{
  ramo_session_browser_reload (RAMO_SESSION_BROWSER (widget));
}

static void
search_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *param)
{
  RamoSessionBrowser *self = RAMO_SESSION_BROWSER (widget);

  gtk_widget_grab_focus (GTK_WIDGET (self->search_entry));
}

/* ------------------------------------------------------------------------------------------ */
/* GObject                                                                                     */

static void
ramo_session_browser_dispose (GObject *object)
{
  RamoSessionBrowser *self = (RamoSessionBrowser *)object;

  gtk_widget_dispose_template (GTK_WIDGET (self), RAMO_TYPE_SESSION_BROWSER);

  g_clear_weak_pointer (&self->target);
  g_clear_object (&self->selection);
  g_clear_object (&self->list);   /* its listing and its file monitors stop with it */

  G_OBJECT_CLASS (ramo_session_browser_parent_class)->dispose (object);
}

static void
ramo_session_browser_class_init (RamoSessionBrowserClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = ramo_session_browser_dispose;

  /**
   * RamoSessionBrowser::open-session:
   * @self: the browser
   * @path: the session file chosen
   * @error: (out) (optional): where a window that shows the session but could not open it
   *   tells why
   *
   * Asks for @path to be shown: in the browser's target window (ramo_session_browser_get_target()),
   * or in a window of its own. The application handles it (ramo-application.c).
   *
   * Returns: %TRUE when a window shows the session
   */
  signals[OPEN_SESSION] = g_signal_new ("open-session", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                        g_signal_accumulator_true_handled, NULL, NULL,
                                        G_TYPE_BOOLEAN, 2, G_TYPE_STRING, G_TYPE_POINTER);

  g_type_ensure (RAMO_TYPE_SESSION_BROWSER_ROW);
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/ramo/Ramo/ui/ramo-session-browser.ui");
  gtk_widget_class_bind_template_child (widget_class, RamoSessionBrowser, window_title);
  gtk_widget_class_bind_template_child (widget_class, RamoSessionBrowser, search_entry);
  gtk_widget_class_bind_template_child (widget_class, RamoSessionBrowser, progress_bar);
  gtk_widget_class_bind_template_child (widget_class, RamoSessionBrowser, stack);
  gtk_widget_class_bind_template_child (widget_class, RamoSessionBrowser, list_view);
  gtk_widget_class_bind_template_child (widget_class, RamoSessionBrowser, loading_page);
  gtk_widget_class_bind_template_child (widget_class, RamoSessionBrowser, empty_page);
  gtk_widget_class_bind_template_child (widget_class, RamoSessionBrowser, empty_buttons);
  gtk_widget_class_bind_template_child (widget_class, RamoSessionBrowser, spinner);
  gtk_widget_class_bind_template_callback (widget_class, is_session);
  gtk_widget_class_bind_template_callback (widget_class, list_activate_cb);
  gtk_widget_class_bind_template_callback (widget_class, search_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, search_activate_cb);
  gtk_widget_class_bind_template_callback (widget_class, search_stop_cb);

  gtk_widget_class_install_action (widget_class, "browser.open-file", NULL, open_file_action);
  gtk_widget_class_install_action (widget_class, "browser.open-example", NULL, open_example_action);
  gtk_widget_class_install_action (widget_class, "browser.reload", NULL, reload_action);
  gtk_widget_class_install_action (widget_class, "browser.search", NULL, search_action);

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_F5, 0, "browser.reload", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_r, GDK_CONTROL_MASK, "browser.reload", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_f, GDK_CONTROL_MASK, "browser.search", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_o, GDK_CONTROL_MASK | GDK_SHIFT_MASK,
                                       "browser.open-file", NULL);
}

static void
ramo_session_browser_init (RamoSessionBrowser *self)
{
  GtkEventController *controller;

  gtk_widget_init_template (GTK_WIDGET (self));

  gtk_search_entry_set_key_capture_widget (self->search_entry, GTK_WIDGET (self));
  controller = gtk_event_controller_key_new ();
  g_signal_connect_object (controller, "key-pressed", G_CALLBACK (search_key_pressed_cb), self, G_CONNECT_SWAPPED);
  gtk_widget_add_controller (GTK_WIDGET (self->search_entry), controller);

  controller = gtk_event_controller_key_new ();
  gtk_event_controller_set_propagation_phase (controller, GTK_PHASE_BUBBLE);
  g_signal_connect_object (controller, "key-pressed", G_CALLBACK (window_key_pressed_cb), self, G_CONNECT_SWAPPED);
  gtk_widget_add_controller (GTK_WIDGET (self), controller);
}

/**
 * ramo_session_browser_new:
 * @application: (nullable): the application
 * @index: the index that reads the session files (shared, so that a new browser reads only
 *   what changed)
 * @settings: (nullable): Ramo's settings, for the session folders
 *
 * A browser of the session folders; it starts listing them at once. Connect to
 * #RamoSessionBrowser::open-session to show what is chosen.
 *
 * Returns: (transfer none): a new browser window
 */
RamoSessionBrowser *
ramo_session_browser_new (GtkApplication   *application,
                          RamoSessionIndex *index,
                          GSettings        *settings)
{
  RamoSessionBrowser *self;

  g_return_val_if_fail (!application || GTK_IS_APPLICATION (application), NULL);
  g_return_val_if_fail (RAMO_IS_SESSION_INDEX (index), NULL);

  self = g_object_new (RAMO_TYPE_SESSION_BROWSER, "application", application, NULL);
  self->list = ramo_session_list_new (index, settings);
  g_signal_connect_object (self->list, "items-changed", G_CALLBACK (update_page), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->list, "notify::loading", G_CALLBACK (list_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->list, "notify::n-sessions", G_CALLBACK (list_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->list, "progress", G_CALLBACK (progress_cb), self, G_CONNECT_SWAPPED);

  self->selection = gtk_single_selection_new (g_object_ref (G_LIST_MODEL (self->list)));
  gtk_single_selection_set_autoselect (self->selection, FALSE);
  gtk_single_selection_set_can_unselect (self->selection, TRUE);
  gtk_list_view_set_model (self->list_view, GTK_SELECTION_MODEL (self->selection));

  update_title (self);
  update_empty_page (self);
  update_page (self);
  gtk_widget_grab_focus (GTK_WIDGET (self->search_entry));

  ramo_session_list_reload (self->list);
  return self;
}

/**
 * ramo_session_browser_reload:
 * @self: a session browser
 *
 * Lists the session folders again (in a worker thread); unchanged files are not read again.
 */
void
ramo_session_browser_reload (RamoSessionBrowser *self)
{
  g_return_if_fail (RAMO_IS_SESSION_BROWSER (self));
  ramo_session_list_reload (self->list);
}

/**
 * ramo_session_browser_set_target:
 * @self: a session browser
 * @target: (nullable): the window to open the chosen session in; %NULL opens a new window
 */
void
ramo_session_browser_set_target (RamoSessionBrowser *self,
                                 RamoWindow         *target)
{
  g_return_if_fail (RAMO_IS_SESSION_BROWSER (self));
  g_return_if_fail (!target || RAMO_IS_WINDOW (target));

  g_set_weak_pointer (&self->target, target);
}

/**
 * ramo_session_browser_get_target:
 * @self: a session browser
 *
 * Returns: (transfer none) (nullable): the window the chosen session opens in
 */
RamoWindow *
ramo_session_browser_get_target (RamoSessionBrowser *self)
{
  g_return_val_if_fail (RAMO_IS_SESSION_BROWSER (self), NULL);
  return self->target;
}

/**
 * ramo_session_browser_set_parent_session:
 * @self: a session browser
 * @path: (nullable): a session file: list only the sessions branched from it
 */
void
ramo_session_browser_set_parent_session (RamoSessionBrowser *self,
                                         const char         *path)
{
  g_return_if_fail (RAMO_IS_SESSION_BROWSER (self));

  if (g_strcmp0 (ramo_session_list_get_parent_session (self->list), path) == 0)
    return;
  ramo_session_list_set_parent_session (self->list, path);
  update_title (self);
  update_empty_page (self);
}

/**
 * ramo_session_browser_get_parent_session:
 * @self: a session browser
 *
 * Returns: (nullable): the session whose branched sessions are listed
 */
const char *
ramo_session_browser_get_parent_session (RamoSessionBrowser *self)
{
  g_return_val_if_fail (RAMO_IS_SESSION_BROWSER (self), NULL);
  return ramo_session_list_get_parent_session (self->list);
}

/**
 * ramo_session_browser_set_roots:
 * @self: a session browser
 * @roots: (nullable) (array zero-terminated=1): the folders to list; %NULL for those of the
 *   settings (ramo_settings_dup_session_roots())
 */
void
ramo_session_browser_set_roots (RamoSessionBrowser *self,
                                const char * const *roots)
{
  g_return_if_fail (RAMO_IS_SESSION_BROWSER (self));

  ramo_session_list_set_roots (self->list, roots);
}

/**
 * ramo_session_browser_is_loading:
 * @self: a session browser
 *
 * Returns: %TRUE while the folders are being listed
 */
gboolean
ramo_session_browser_is_loading (RamoSessionBrowser *self)
{
  g_return_val_if_fail (RAMO_IS_SESSION_BROWSER (self), FALSE);
  return ramo_session_list_is_loading (self->list);
}

/**
 * ramo_session_browser_get_items:
 * @self: a session browser
 *
 * Returns: (transfer none): what the list shows: a #RamoBrowserGroup for each project, followed
 *   by its #RamoSessionInfo items
 */
GListModel *
ramo_session_browser_get_items (RamoSessionBrowser *self)
{
  g_return_val_if_fail (RAMO_IS_SESSION_BROWSER (self), NULL);
  return G_LIST_MODEL (self->list);
}

/**
 * ramo_session_browser_get_sessions:
 * @self: a session browser
 *
 * Returns: (transfer none) (element-type RamoSessionInfo): every session listed, newest first,
 *   whatever the search
 */
GPtrArray *
ramo_session_browser_get_sessions (RamoSessionBrowser *self)
{
  g_return_val_if_fail (RAMO_IS_SESSION_BROWSER (self), NULL);
  return ramo_session_list_get_sessions (self->list);
}

/**
 * ramo_session_browser_get_search_entry:
 * @self: a session browser
 *
 * Returns: (transfer none): the search entry
 */
GtkEditable *
ramo_session_browser_get_search_entry (RamoSessionBrowser *self)
{
  g_return_val_if_fail (RAMO_IS_SESSION_BROWSER (self), NULL);
  return GTK_EDITABLE (self->search_entry);
}

/**
 * ramo_session_browser_get_list_view:
 * @self: a session browser
 *
 * Returns: (transfer none): the list
 */
GtkListView *
ramo_session_browser_get_list_view (RamoSessionBrowser *self)
{
  g_return_val_if_fail (RAMO_IS_SESSION_BROWSER (self), NULL);
  return self->list_view;
}

/**
 * ramo_session_browser_get_page:
 * @self: a session browser
 *
 * Returns: what the browser shows: `loading`, `empty`, `no-results` or `list`
 */
const char *
ramo_session_browser_get_page (RamoSessionBrowser *self)
{
  g_return_val_if_fail (RAMO_IS_SESSION_BROWSER (self), NULL);
  return gtk_stack_get_visible_child_name (self->stack);
}

/**
 * ramo_session_browser_get_load_time:
 * @self: a session browser
 *
 * Returns: how long the last listing took, in microseconds
 */
gint64
ramo_session_browser_get_load_time (RamoSessionBrowser *self)
{
  g_return_val_if_fail (RAMO_IS_SESSION_BROWSER (self), 0);
  return ramo_session_list_get_load_time (self->list);
}

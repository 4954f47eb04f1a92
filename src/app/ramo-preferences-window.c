/* ramo-preferences-window.c
 *
 * Copyright 2026 The Ramo authors
 *
 * This program is free software: you can redistribute it and/or modify it under the terms of the
 * GNU General Public License as published by the Free Software Foundation, either version 3 of
 * the License, or (at your option) any later version.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ramo-preferences"

#include "config.h"

#include <glib/gi18n.h>

#include "ramo-app-util.h"
#include "ramo-preferences-window.h"
#include "ramo-secret.h"

/**
 * RamoPreferencesWindow:
 *
 * The preferences, all kept in GSettings (schema io.github.ramo.Ramo) except the API key,
 * which goes to the keyring. Every change applies at once; windows follow the double-Escape
 * setting live and take the default filter when they open a session.
 */

struct _RamoPreferencesWindow
{
  AdwPreferencesWindow  parent_instance;

  GSettings            *settings;
  GCancellable         *cancellable;
  char                 *key_provider;     /* the provider whose key the key row shows */
  gboolean              keyring_failed;

  /* template children */
  AdwComboRow          *filter_row;
  AdwComboRow          *escape_row;
  AdwComboRow          *badge_row;
  AdwPreferencesGroup  *folders_group;
  GtkListBox           *folders_list;
  AdwComboRow          *provider_row;
  AdwEntryRow          *base_url_row;
  AdwEntryRow          *model_row;
  AdwEntryRow          *pi_command_row;
  AdwEntryRow          *omp_command_row;
  AdwEntryRow          *api_key_row;
  AdwActionRow         *keyring_row;
  AdwComboRow          *choice_row;
  GtkTextView          *instructions_view;
};

G_DEFINE_FINAL_TYPE (RamoPreferencesWindow, ramo_preferences_window, ADW_TYPE_PREFERENCES_WINDOW)

/* ------------------------------------------------------------------------------------------ */
/* Combo rows ↔ string settings                                                                */

static const char * const filter_values[] = { "default", "no-tools", "user-only", "labeled-only", "all", NULL };
static const char * const escape_values[] = { "tree", "branch", NULL };
static const char * const badge_values[] = { "none", "cost", "tokens", "time", "tool-calls", NULL };
static const char * const provider_values[] = { "automatic", "openai", "anthropic", NULL };
static const char * const choice_values[] = { "", "none", "summarize", NULL };

static gboolean
get_index_mapping (GValue   *value,
                   GVariant *variant,
                   gpointer  user_data)
{
  const char * const *values = user_data;
  const char *string = g_variant_get_string (variant, NULL);

  for (guint i = 0; values[i]; i++)
    if (g_str_equal (values[i], string))
      {
        g_value_set_uint (value, i);
        return TRUE;
      }
  g_value_set_uint (value, 0);
  return TRUE;
}

static GVariant *
set_index_mapping (const GValue       *value,
                   const GVariantType *expected_type,
                   gpointer            user_data)
{
  const char * const *values = user_data;
  guint index = g_value_get_uint (value);

  if (index >= g_strv_length ((char **) values))
    return NULL;
  return g_variant_new_string (values[index]);
}

static void
bind_combo (RamoPreferencesWindow *self,
            const char            *key,
            AdwComboRow           *row,
            const char * const    *values)
{
  g_settings_bind_with_mapping (self->settings, key, row, "selected", G_SETTINGS_BIND_DEFAULT,
                                get_index_mapping, set_index_mapping, (gpointer) values, NULL);
}

/* ------------------------------------------------------------------------------------------ */
/* Session folders                                                                             */

static void
remove_folder_cb (GtkButton             *button,
                  RamoPreferencesWindow *self)
{
  const char *folder = g_object_get_data (G_OBJECT (button), "folder");
  g_auto(GStrv) folders = g_settings_get_strv (self->settings, "session-folders");
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  g_auto(GStrv) kept = NULL;

  for (guint i = 0; folders[i]; i++)
    if (g_strcmp0 (folders[i], folder) != 0)
      g_strv_builder_add (builder, folders[i]);
  kept = g_strv_builder_end (builder);
  g_settings_set_strv (self->settings, "session-folders", (const char * const *) kept);
}

static void
update_folders (RamoPreferencesWindow *self)
{
  g_auto(GStrv) folders = g_settings_get_strv (self->settings, "session-folders");
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->folders_list))))
    gtk_list_box_remove (self->folders_list, child);

  for (guint i = 0; folders[i]; i++)
    {
      g_autofree char *shown = ramo_tilde_path (folders[i]);
      g_autofree char *remove_label = NULL;
      GtkWidget *row = adw_action_row_new ();
      GtkWidget *button = gtk_button_new_from_icon_name ("user-trash-symbolic");

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), shown);
      adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
      gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
      gtk_widget_add_css_class (button, "flat");
      gtk_widget_set_tooltip_text (button, _("Remove This Folder"));
      /* Translators: the accessible name of the button removing the session folder %s */
      remove_label = g_strdup_printf (_("Remove %s"), shown);
      gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, remove_label, -1);
      g_object_set_data_full (G_OBJECT (button), "folder", g_strdup (folders[i]), g_free);
      g_signal_connect_object (button, "clicked", G_CALLBACK (remove_folder_cb), self, 0);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), button);
      gtk_list_box_append (self->folders_list, row);
    }

  if (folders[0] == NULL)
    {
      GtkWidget *row = adw_action_row_new ();

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _("No extra folders"));
      gtk_widget_add_css_class (row, "dim-label");
      gtk_list_box_append (self->folders_list, row);
    }
}

/**
 * ramo_preferences_window_add_folder:
 * @self: the preferences window
 * @path: a folder
 *
 * Adds @path to the session folders (the setting `session-folders`) unless it is there.
 */
void
ramo_preferences_window_add_folder (RamoPreferencesWindow *self,
                                    const char            *path)
{
  g_auto(GStrv) folders = NULL;
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  g_auto(GStrv) added = NULL;

  g_return_if_fail (RAMO_IS_PREFERENCES_WINDOW (self));
  g_return_if_fail (path != NULL);

  folders = g_settings_get_strv (self->settings, "session-folders");
  if (g_strv_contains ((const char * const *) folders, path))
    return;
  g_strv_builder_addv (builder, (const char **) folders);
  g_strv_builder_add (builder, path);
  added = g_strv_builder_end (builder);
  g_settings_set_strv (self->settings, "session-folders", (const char * const *) added);
}

static void
folder_response_cb (RamoPreferencesWindow *self,
                    int                    response,
                    GtkFileChooserNative  *native)
{
  g_autoptr(GFile) folder = NULL;
  g_autofree char *path = NULL;

  if (response == GTK_RESPONSE_ACCEPT)
    folder = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (native));
  gtk_native_dialog_destroy (GTK_NATIVE_DIALOG (native));
  g_object_unref (native);

  if (folder && (path = g_file_get_path (folder)))
    ramo_preferences_window_add_folder (self, path);
}

static void
add_folder_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *param)
{
  RamoPreferencesWindow *self = RAMO_PREFERENCES_WINDOW (widget);
  GtkFileChooserNative *native;

  native = gtk_file_chooser_native_new (_("Add a Session Folder"), GTK_WINDOW (self),
                                        GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER, _("_Add"), _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (native), TRUE);
  g_signal_connect_object (native, "response", G_CALLBACK (folder_response_cb), self, G_CONNECT_SWAPPED);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (native));
}

/* ------------------------------------------------------------------------------------------ */
/* The API key                                                                                 */

static void
show_keyring_problem (RamoPreferencesWindow *self,
                      const GError          *error)
{
  g_autofree char *text = NULL;

  self->keyring_failed = TRUE;
  text = g_strdup_printf (_("Ramo could not reach a keyring (Secret Service) to keep the API key: %s. "
                            "Summaries use the key in the environment variable OPENAI_API_KEY or "
                            "ANTHROPIC_API_KEY instead."),
                          error->message);
  adw_action_row_set_subtitle (self->keyring_row, text);
  gtk_widget_set_visible (GTK_WIDGET (self->keyring_row), TRUE);
  gtk_widget_set_sensitive (GTK_WIDGET (self->api_key_row), FALSE);
}

static const char *
current_provider (RamoPreferencesWindow *self)
{
  guint selected = adw_combo_row_get_selected (self->provider_row);

  return selected > 0 && selected < G_N_ELEMENTS (provider_values) - 1 ? provider_values[selected] : NULL;
}

static void
lookup_key_cb (GObject      *object,
               GAsyncResult *result,
               gpointer      user_data)
{
  g_autoptr(RamoPreferencesWindow) self = user_data;
  g_autoptr(GError) error = NULL;
  g_autofree char *key = ramo_secret_lookup_api_key_finish (result, &error);

  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  if (error)
    {
      show_keyring_problem (self, error);
      return;
    }
  gtk_editable_set_text (GTK_EDITABLE (self->api_key_row), key ? key : "");
}

static void
update_key_row (RamoPreferencesWindow *self)
{
  const char *provider = current_provider (self);

  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  self->cancellable = g_cancellable_new ();

  g_free (self->key_provider);
  self->key_provider = g_strdup (provider);
  gtk_editable_set_text (GTK_EDITABLE (self->api_key_row), "");

  if (provider == NULL)
    {
      gtk_widget_set_sensitive (GTK_WIDGET (self->api_key_row), FALSE);
      gtk_widget_set_tooltip_text (GTK_WIDGET (self->api_key_row),
                                   _("Choose a provider to keep its key; Automatic uses OPENAI_API_KEY or ANTHROPIC_API_KEY"));
      return;
    }

  gtk_widget_set_tooltip_text (GTK_WIDGET (self->api_key_row), _("Kept in your keyring, never in the settings"));
  if (self->keyring_failed)
    return;
  gtk_widget_set_sensitive (GTK_WIDGET (self->api_key_row), TRUE);
  ramo_secret_lookup_api_key_async (provider, self->cancellable, lookup_key_cb, g_object_ref (self));
}

static void
store_key_cb (GObject      *object,
              GAsyncResult *result,
              gpointer      user_data)
{
  g_autoptr(RamoPreferencesWindow) self = user_data;
  g_autoptr(GError) error = NULL;

  if (!ramo_secret_store_api_key_finish (result, &error))
    {
      if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        return;
      show_keyring_problem (self, error);
      adw_preferences_window_add_toast (ADW_PREFERENCES_WINDOW (self), adw_toast_new (_("The API key was not saved")));
      return;
    }
  adw_preferences_window_add_toast (ADW_PREFERENCES_WINDOW (self), adw_toast_new (_("API key saved in the keyring")));
}

static void
api_key_apply_cb (RamoPreferencesWindow *self,
                  AdwEntryRow           *row)
{
  g_assert (RAMO_IS_PREFERENCES_WINDOW (self));

  if (self->key_provider == NULL)
    return;
  ramo_secret_store_api_key_async (self->key_provider, gtk_editable_get_text (GTK_EDITABLE (row)),
                                   self->cancellable, store_key_cb, g_object_ref (self));
}

/* ------------------------------------------------------------------------------------------ */
/* GObject                                                                                     */

static void
ramo_preferences_window_dispose (GObject *object)
{
  RamoPreferencesWindow *self = (RamoPreferencesWindow *)object;

  g_cancellable_cancel (self->cancellable);
  gtk_widget_dispose_template (GTK_WIDGET (self), RAMO_TYPE_PREFERENCES_WINDOW);
  g_clear_object (&self->cancellable);
  g_clear_object (&self->settings);

  G_OBJECT_CLASS (ramo_preferences_window_parent_class)->dispose (object);
}

static void
ramo_preferences_window_finalize (GObject *object)
{
  RamoPreferencesWindow *self = (RamoPreferencesWindow *)object;

  g_clear_pointer (&self->key_provider, g_free);

  G_OBJECT_CLASS (ramo_preferences_window_parent_class)->finalize (object);
}

static void
ramo_preferences_window_class_init (RamoPreferencesWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = ramo_preferences_window_dispose;
  object_class->finalize = ramo_preferences_window_finalize;

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/ramo/Ramo/ui/ramo-preferences-window.ui");
  gtk_widget_class_bind_template_child (widget_class, RamoPreferencesWindow, filter_row);
  gtk_widget_class_bind_template_child (widget_class, RamoPreferencesWindow, escape_row);
  gtk_widget_class_bind_template_child (widget_class, RamoPreferencesWindow, badge_row);
  gtk_widget_class_bind_template_child (widget_class, RamoPreferencesWindow, folders_group);
  gtk_widget_class_bind_template_child (widget_class, RamoPreferencesWindow, folders_list);
  gtk_widget_class_bind_template_child (widget_class, RamoPreferencesWindow, provider_row);
  gtk_widget_class_bind_template_child (widget_class, RamoPreferencesWindow, base_url_row);
  gtk_widget_class_bind_template_child (widget_class, RamoPreferencesWindow, model_row);
  gtk_widget_class_bind_template_child (widget_class, RamoPreferencesWindow, pi_command_row);
  gtk_widget_class_bind_template_child (widget_class, RamoPreferencesWindow, omp_command_row);
  gtk_widget_class_bind_template_child (widget_class, RamoPreferencesWindow, api_key_row);
  gtk_widget_class_bind_template_child (widget_class, RamoPreferencesWindow, keyring_row);
  gtk_widget_class_bind_template_child (widget_class, RamoPreferencesWindow, choice_row);
  gtk_widget_class_bind_template_child (widget_class, RamoPreferencesWindow, instructions_view);
  gtk_widget_class_bind_template_callback (widget_class, api_key_apply_cb);

  gtk_widget_class_install_action (widget_class, "preferences.add-folder", NULL, add_folder_action);
}

static void
ramo_preferences_window_init (RamoPreferencesWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

/**
 * ramo_preferences_window_new:
 * @settings: (nullable): Ramo's settings (the application's); %NULL when the schema is
 *   installed nowhere, and then nothing can be changed
 *
 * Returns: (transfer none): a new preferences window
 */
RamoPreferencesWindow *
ramo_preferences_window_new (GSettings *settings)
{
  RamoPreferencesWindow *self;

  g_return_val_if_fail (!settings || G_IS_SETTINGS (settings), NULL);

  self = g_object_new (RAMO_TYPE_PREFERENCES_WINDOW, NULL);
  if (settings == NULL)
    {
      /* without the schema nothing can be kept: say so instead of pretending */
      gtk_widget_set_sensitive (GTK_WIDGET (self), FALSE);
      return self;
    }

  self->settings = g_object_ref (settings);
  bind_combo (self, "default-filter", self->filter_row, filter_values);
  bind_combo (self, "double-escape-action", self->escape_row, escape_values);
  bind_combo (self, "branch-badge", self->badge_row, badge_values);
  bind_combo (self, "summary-provider", self->provider_row, provider_values);
  bind_combo (self, "remembered-summary-choice", self->choice_row, choice_values);
  g_settings_bind (settings, "summary-base-url", self->base_url_row, "text", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (settings, "summary-model", self->model_row, "text", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (settings, "pi-command", self->pi_command_row, "text", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (settings, "omp-command", self->omp_command_row, "text", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (settings, "summary-instructions", gtk_text_view_get_buffer (self->instructions_view), "text",
                   G_SETTINGS_BIND_DEFAULT);

  g_signal_connect_object (settings, "changed::session-folders", G_CALLBACK (update_folders), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->provider_row, "notify::selected", G_CALLBACK (update_key_row), self, G_CONNECT_SWAPPED);
  update_folders (self);
  update_key_row (self);
  return self;
}

/**
 * ramo_preferences_window_get_keyring_message:
 * @self: the preferences window
 *
 * Returns: (nullable): the message shown when there is no keyring, %NULL while it works
 */
const char *
ramo_preferences_window_get_keyring_message (RamoPreferencesWindow *self)
{
  g_return_val_if_fail (RAMO_IS_PREFERENCES_WINDOW (self), NULL);

  if (!gtk_widget_get_visible (GTK_WIDGET (self->keyring_row)))
    return NULL;
  return adw_action_row_get_subtitle (self->keyring_row);
}

/**
 * ramo_preferences_window_get_row:
 * @self: the preferences window
 * @name: `filter`, `escape`, `pi-command`, `omp-command`, `provider`, `base-url`, `model`,
 *   `api-key` or `choice`
 *
 * Returns: (transfer none) (nullable): that row, for tests
 */
GtkWidget *
ramo_preferences_window_get_row (RamoPreferencesWindow *self,
                                 const char            *name)
{
  g_return_val_if_fail (RAMO_IS_PREFERENCES_WINDOW (self), NULL);

  if (g_strcmp0 (name, "filter") == 0)
    return GTK_WIDGET (self->filter_row);
  if (g_strcmp0 (name, "escape") == 0)
    return GTK_WIDGET (self->escape_row);
  if (g_strcmp0 (name, "badge") == 0)
    return GTK_WIDGET (self->badge_row);
  if (g_strcmp0 (name, "provider") == 0)
    return GTK_WIDGET (self->provider_row);
  if (g_strcmp0 (name, "base-url") == 0)
    return GTK_WIDGET (self->base_url_row);
  if (g_strcmp0 (name, "model") == 0)
    return GTK_WIDGET (self->model_row);
  if (g_strcmp0 (name, "pi-command") == 0)
    return GTK_WIDGET (self->pi_command_row);
  if (g_strcmp0 (name, "omp-command") == 0)
    return GTK_WIDGET (self->omp_command_row);
  if (g_strcmp0 (name, "api-key") == 0)
    return GTK_WIDGET (self->api_key_row);
  if (g_strcmp0 (name, "choice") == 0)
    return GTK_WIDGET (self->choice_row);
  if (g_strcmp0 (name, "folders") == 0)
    return GTK_WIDGET (self->folders_list);
  return NULL;
}

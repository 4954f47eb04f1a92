/* ramo-markdown-save.c — a Markdown text saved where the user chooses (GtkFileChooserNative),
 * written atomically
 *
 * Copyright 2026 The Ramo authors
 *
 * This program is free software: you can redistribute it and/or modify it under the terms of the
 * GNU General Public License as published by the Free Software Foundation, either version 3 of
 * the License, or (at your option) any later version.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ramo-markdown-save"

#include "config.h"

#include <string.h>

#include <adwaita.h>
#include <glib/gi18n.h>

#include "ramo-markdown-save.h"

/**
 * ramo_write_text_file:
 * @file: where to write
 * @text: the text
 * @error: return location for a #GError, or %NULL
 *
 * Writes @text to @file through a temporary file renamed over it (g_file_replace_contents()):
 * a file that was there stays whole until the new one is.
 *
 * Returns: %TRUE when written
 */
gboolean
ramo_write_text_file (GFile       *file,
                      const char  *text,
                      GError     **error)
{
  g_return_val_if_fail (G_IS_FILE (file), FALSE);
  g_return_val_if_fail (text != NULL, FALSE);

  return g_file_replace_contents (file, text, strlen (text), NULL, FALSE, G_FILE_CREATE_NONE,
                                  NULL, NULL, error);
}

typedef struct
{
  GtkWindow *parent;
  char      *text;
} SaveData;

static void
save_data_free (gpointer data)
{
  SaveData *save = data;

  g_clear_weak_pointer (&save->parent);
  g_free (save->text);
  g_free (save);
}

static void
response_cb (GtkNativeDialog *dialog,
             int              response,
             gpointer         user_data)
{
  SaveData *save = user_data;

  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
      g_autoptr(GError) error = NULL;

      if (file && !ramo_write_text_file (file, save->text, &error))
        {
          GtkWidget *message = adw_message_dialog_new (save->parent, _("Could Not Export"), error->message);

          adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (message), "close", _("_Close"));
          gtk_window_present (GTK_WINDOW (message));
        }
    }
  gtk_native_dialog_destroy (dialog);
  g_object_unref (dialog);
}

/**
 * ramo_save_markdown:
 * @parent: (nullable): the window the chooser belongs to
 * @title: the chooser's title
 * @suggested_name: the file name offered
 * @text: (transfer full): the Markdown to save
 *
 * Asks where to save @text and writes it there (ramo_write_text_file()); an error is shown in
 * a dialog over @parent.
 */
void
ramo_save_markdown (GtkWindow  *parent,
                    const char *title,
                    const char *suggested_name,
                    char       *text)
{
  GtkFileChooserNative *chooser;
  GtkFileFilter *filter;
  SaveData *save = g_new0 (SaveData, 1);

  g_set_weak_pointer (&save->parent, parent);
  save->text = text;
  chooser = gtk_file_chooser_native_new (title, parent, GTK_FILE_CHOOSER_ACTION_SAVE, _("_Export"), _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (chooser), suggested_name);
  filter = gtk_file_filter_new ();
  gtk_file_filter_set_name (filter, _("Markdown"));
  gtk_file_filter_add_pattern (filter, "*.md");
  gtk_file_filter_add_mime_type (filter, "text/markdown");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), filter);
  g_object_unref (filter);
  g_signal_connect_data (chooser, "response", G_CALLBACK (response_cb), save,
                         (GClosureNotify) (void (*) (void)) save_data_free, 0);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

/* ramo-window-summary-dialog.c — asking whether to summarize the branch left behind
 *
 * Copyright 2026 The Ramo authors
 *
 * This program is free software: you can redistribute it and/or modify it under the terms of the
 * GNU General Public License as published by the Free Software Foundation, either version 3 of
 * the License, or (at your option) any later version.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ramo-window"

#include "config.h"

#include <glib/gi18n.h>

#include "ramo-app-util.h"
#include "ramo-window-private.h"

/*
 * Activating an entry other than the leaf asks whether to summarize the branch being left (an
 * AdwMessageDialog: No Summary / Summarize / Custom Instructions…, with "Remember my choice"),
 * unless a choice was remembered; then it goes there (ramo-window-summary.c).
 */

#define CHOICE_NONE      "none"
#define CHOICE_SUMMARIZE "summarize"

/* Whether a summary could say something about @entry: what the summarizer's transcript
 * holds (messages, extension messages, earlier summaries); labels, model and thinking changes,
 * extension state and the like say nothing. */
static gboolean
entry_has_content (RamoEntry *entry)
{
  switch (entry->type)
    {
    case RAMO_ENTRY_TYPE_MESSAGE:
    case RAMO_ENTRY_TYPE_CUSTOM_MESSAGE:
    case RAMO_ENTRY_TYPE_BRANCH_SUMMARY:
    case RAMO_ENTRY_TYPE_COMPACTION:
      return TRUE;
    default:
      return FALSE;
    }
}

/* How many entries the leaf's branch leaves behind when going to @target: the old leaf's path
 * up to (not including) the deepest entry it shares with @target's path; @has_content tells
 * whether one of them is worth a summary. */
static guint
count_abandoned (RamoSessionManager *manager,
                 RamoEntry          *target,
                 gboolean           *has_content)
{
  g_autoptr(GHashTable) target_path = g_hash_table_new (NULL, NULL);
  guint n = 0;

  *has_content = FALSE;
  for (RamoEntry *e = target; e; e = e->parent)
    g_hash_table_add (target_path, e);
  for (RamoEntry *e = ramo_session_manager_get_leaf (manager); e && !g_hash_table_contains (target_path, e); e = e->parent)
    {
      *has_content |= entry_has_content (e);
      n++;
    }
  return n;
}

/* ------------------------------------------------------------------------------------------ */
/* The dialogs                                                                                 */

typedef struct
{
  RamoWindow     *window;     /* owned */
  char           *id;
  GtkCheckButton *remember;
  GtkTextView    *instructions;
  GtkCheckButton *replace;
  gboolean        answered;
} DialogData;

static void
dialog_data_free (gpointer data)
{
  DialogData *d = data;

  g_clear_object (&d->window);
  g_free (d->id);
  g_free (d);
}

static void show_instructions_dialog (RamoWindow *self,
                                      const char *id);

static void
choice_response_cb (AdwMessageDialog *dialog,
                    const char       *response,
                    DialogData       *d)
{
  RamoWindow *self = d->window;
  g_autofree char *id = g_strdup (d->id);
  gboolean remember;

  /* AdwMessageDialog may also report its closing after a response; act on the first only */
  if (d->answered)
    return;
  d->answered = TRUE;
  remember = d->remember != NULL && gtk_check_button_get_active (d->remember);

  g_object_ref (self);
  gtk_window_destroy (GTK_WINDOW (dialog));

  if (g_strcmp0 (response, CHOICE_NONE) == 0 || g_strcmp0 (response, CHOICE_SUMMARIZE) == 0)
    {
      if (remember)
        ramo_window_set_remembered_summary_choice (self, response);
      _ramo_window_navigate_with (self, id, g_strcmp0 (response, CHOICE_SUMMARIZE) == 0, NULL, FALSE);
    }
  else if (g_strcmp0 (response, "custom") == 0)
    show_instructions_dialog (self, id);
  g_object_unref (self);
}

static void
instructions_response_cb (AdwMessageDialog *dialog,
                          const char       *response,
                          DialogData       *d)
{
  RamoWindow *self = d->window;
  g_autofree char *id = g_strdup (d->id);
  g_autofree char *text = NULL;
  gboolean replace;
  GtkTextBuffer *buffer;
  GtkTextIter start, end;

  if (d->answered)
    return;
  d->answered = TRUE;

  buffer = gtk_text_view_get_buffer (d->instructions);
  gtk_text_buffer_get_bounds (buffer, &start, &end);
  text = g_strstrip (gtk_text_buffer_get_text (buffer, &start, &end, FALSE));
  replace = gtk_check_button_get_active (d->replace);

  g_object_ref (self);
  gtk_window_destroy (GTK_WINDOW (dialog));
  if (g_strcmp0 (response, CHOICE_SUMMARIZE) == 0)
    _ramo_window_navigate_with (self, id, TRUE, text, replace);
  g_object_unref (self);
}

static AdwMessageDialog *
new_dialog (RamoWindow *self,
            const char *heading,
            const char *body)
{
  AdwMessageDialog *dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (GTK_WINDOW (self), heading, body));

  gtk_window_set_modal (GTK_WINDOW (dialog), TRUE);
  gtk_window_set_destroy_with_parent (GTK_WINDOW (dialog), TRUE);
  gtk_widget_add_css_class (GTK_WIDGET (dialog), "summary-dialog");
  g_set_weak_pointer (&self->summary_dialog, dialog);
  return dialog;
}

/* Shows @dialog with the keyboard focus on its default response, so that Enter gives that
 * answer: AdwMessageDialog focuses the first widget it can, the "Remember my choice" check
 * button, which Enter would tick. */
static void
present_on_default (AdwMessageDialog *dialog)
{
  GtkWidget *button;

  gtk_window_present (GTK_WINDOW (dialog));
  button = gtk_window_get_default_widget (GTK_WINDOW (dialog));
  if (button)
    gtk_widget_grab_focus (button);
}

static void
show_instructions_dialog (RamoWindow *self,
                          const char *id)
{
  AdwMessageDialog *dialog;
  GtkWidget *box;
  GtkWidget *scrolled;
  GtkWidget *text_view;
  GtkWidget *replace;
  DialogData *d;
  g_autofree char *defaults = _ramo_window_dup_setting (self, "summary-instructions");

  g_assert (RAMO_IS_WINDOW (self));

  dialog = new_dialog (self, _("Custom Instructions"),
                       _("Tell the summarizer what to keep from the branch you are leaving, for "
                         "example the decisions made or the files that changed."));

  box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 12);
  scrolled = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_min_content_height (GTK_SCROLLED_WINDOW (scrolled), 110);
  gtk_widget_add_css_class (scrolled, "card");
  gtk_widget_add_css_class (scrolled, "instructions-frame");
  text_view = gtk_text_view_new ();
  gtk_text_view_set_wrap_mode (GTK_TEXT_VIEW (text_view), GTK_WRAP_WORD_CHAR);
  gtk_text_view_set_accepts_tab (GTK_TEXT_VIEW (text_view), FALSE);
  gtk_text_view_set_top_margin (GTK_TEXT_VIEW (text_view), 9);
  gtk_text_view_set_bottom_margin (GTK_TEXT_VIEW (text_view), 9);
  gtk_text_view_set_left_margin (GTK_TEXT_VIEW (text_view), 12);
  gtk_text_view_set_right_margin (GTK_TEXT_VIEW (text_view), 12);
  gtk_widget_add_css_class (text_view, "instructions");
  gtk_accessible_update_property (GTK_ACCESSIBLE (text_view),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Instructions for the summary"),
                                  -1);
  if (defaults)
    gtk_text_buffer_set_text (gtk_text_view_get_buffer (GTK_TEXT_VIEW (text_view)), defaults, -1);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), text_view);
  gtk_box_append (GTK_BOX (box), scrolled);

  replace = gtk_check_button_new_with_mnemonic (_("_Use only these instructions"));
  gtk_widget_set_tooltip_text (replace, _("Replace Ramo's own summary instructions instead of adding to them"));
  gtk_box_append (GTK_BOX (box), replace);
  adw_message_dialog_set_extra_child (dialog, box);

  adw_message_dialog_add_responses (dialog,
                                    "cancel", _("_Cancel"),
                                    CHOICE_SUMMARIZE, _("_Summarize"),
                                    NULL);
  adw_message_dialog_set_response_appearance (dialog, CHOICE_SUMMARIZE, ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (dialog, CHOICE_SUMMARIZE);
  adw_message_dialog_set_close_response (dialog, "cancel");

  d = g_new0 (DialogData, 1);
  d->window = g_object_ref (self);
  d->id = g_strdup (id);
  d->instructions = GTK_TEXT_VIEW (text_view);
  d->replace = GTK_CHECK_BUTTON (replace);
  g_object_set_data_full (G_OBJECT (dialog), "ramo-dialog-data", d, dialog_data_free);
  g_signal_connect (dialog, "response", G_CALLBACK (instructions_response_cb), d);

  gtk_window_present (GTK_WINDOW (dialog));
  gtk_widget_grab_focus (text_view);
}

static void
show_choice_dialog (RamoWindow *self,
                    RamoEntry  *target,
                    guint       n_abandoned)
{
  g_autoptr(RamoSummarizerConfig) settings_config = NULL;
  g_autoptr(RamoSummarizerConfig) config = NULL;
  g_autofree char *body = NULL;
  AdwMessageDialog *dialog;
  GtkWidget *box;
  GtkWidget *remember;
  DialogData *d;
  gboolean has_model;

  g_assert (RAMO_IS_WINDOW (self));

  settings_config = ramo_window_dup_settings_config (self);
  config = ramo_summarizer_config_resolve (NULL, settings_config);
  has_model = ramo_summarizer_config_has_model (config);

  body = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                       "Going to this entry leaves %u entry of the current branch behind. "
                                       "A summary of it can be added at the new position, so that what was "
                                       "learned there stays in the context.",
                                       "Going to this entry leaves %u entries of the current branch behind. "
                                       "A summary of them can be added at the new position, so that what was "
                                       "learned there stays in the context.",
                                       n_abandoned),
                          n_abandoned);
  dialog = new_dialog (self, _("Summarize the Branch You Leave?"), body);

  box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 12);
  if (!has_model)
    {
      GtkWidget *note = gtk_label_new (_("No model is set up for summaries. Choose one in Preferences, "
                                         "or set OPENAI_API_KEY or ANTHROPIC_API_KEY and a default "
                                         "model in pi's settings."));

      gtk_label_set_wrap (GTK_LABEL (note), TRUE);
      gtk_label_set_xalign (GTK_LABEL (note), 0);
      gtk_widget_add_css_class (note, "dim-label");
      gtk_widget_add_css_class (note, "caption");
      gtk_box_append (GTK_BOX (box), note);
    }
  remember = gtk_check_button_new_with_mnemonic (_("_Remember my choice"));
  gtk_widget_set_halign (remember, GTK_ALIGN_CENTER);
  gtk_widget_set_tooltip_text (remember, _("Use “No Summary” or “Summarize” from now on without asking"));
  gtk_box_append (GTK_BOX (box), remember);
  adw_message_dialog_set_extra_child (dialog, box);

  adw_message_dialog_add_responses (dialog,
                                    "cancel", _("_Cancel"),
                                    CHOICE_NONE, _("_No Summary"),
                                    "custom", _("Summarize with _Custom Instructions…"),
                                    CHOICE_SUMMARIZE, _("_Summarize"),
                                    NULL);
  adw_message_dialog_set_response_appearance (dialog, CHOICE_SUMMARIZE, ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_response_enabled (dialog, CHOICE_SUMMARIZE, has_model);
  adw_message_dialog_set_response_enabled (dialog, "custom", has_model);
  adw_message_dialog_set_default_response (dialog, has_model ? CHOICE_SUMMARIZE : CHOICE_NONE);
  adw_message_dialog_set_close_response (dialog, "cancel");

  d = g_new0 (DialogData, 1);
  d->window = g_object_ref (self);
  d->id = g_strdup (target->id);
  d->remember = GTK_CHECK_BUTTON (remember);
  g_object_set_data_full (G_OBJECT (dialog), "ramo-dialog-data", d, dialog_data_free);
  g_signal_connect (dialog, "response", G_CALLBACK (choice_response_cb), d);

  present_on_default (dialog);
}

/* Going to @target leaves only entries without a message behind: there is nothing to
 * summarize (pi would write "No content to summarize"); Ramo says so and offers to go there
 * without a summary. */
static void
show_nothing_dialog (RamoWindow *self,
                     RamoEntry  *target,
                     guint       n_abandoned)
{
  g_autofree char *body = NULL;
  AdwMessageDialog *dialog;
  DialogData *d;

  g_assert (RAMO_IS_WINDOW (self));

  body = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                       "Going to this entry leaves %u entry of the current branch behind, "
                                       "but no message: there is nothing to summarize.",
                                       "Going to this entry leaves %u entries of the current branch behind, "
                                       "but no message: there is nothing to summarize.",
                                       n_abandoned),
                          n_abandoned);
  dialog = new_dialog (self, _("Nothing to Summarize"), body);
  adw_message_dialog_add_responses (dialog,
                                    "cancel", _("_Cancel"),
                                    CHOICE_NONE, _("_Go Without a Summary"),
                                    NULL);
  adw_message_dialog_set_response_appearance (dialog, CHOICE_NONE, ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (dialog, CHOICE_NONE);
  adw_message_dialog_set_close_response (dialog, "cancel");

  d = g_new0 (DialogData, 1);
  d->window = g_object_ref (self);
  d->id = g_strdup (target->id);
  g_object_set_data_full (G_OBJECT (dialog), "ramo-dialog-data", d, dialog_data_free);
  g_signal_connect (dialog, "response", G_CALLBACK (choice_response_cb), d);

  present_on_default (dialog);
}

/**
 * ramo_window_get_summary_dialog:
 * @self: a window
 *
 * Returns: (transfer none) (nullable): the dialog asking about a summary (or for custom
 *   instructions), while it is open
 */
AdwMessageDialog *
ramo_window_get_summary_dialog (RamoWindow *self)
{
  g_return_val_if_fail (RAMO_IS_WINDOW (self), NULL);
  return self->summary_dialog;
}

/**
 * ramo_window_activate_entry:
 * @self: a window
 * @id: an entry id
 *
 * What activating a row does (Enter, a double click, "Go Here"): going to the leaf itself does
 * nothing; otherwise, when the current branch would be left behind, Ramo asks whether to
 * summarize it — unless a choice was remembered — and then navigates (ramo_window_navigate()).
 * A branch that holds no message (only labels, say) has nothing to summarize: Ramo says so and
 * offers to go there without a summary, and a remembered "Summarize" goes without one.
 */
void
ramo_window_activate_entry (RamoWindow *self,
                            const char *id)
{
  g_autoptr(GError) error = NULL;
  const char *remembered;
  RamoEntry *entry;
  guint n_abandoned;
  gboolean has_content;

  g_return_if_fail (RAMO_IS_WINDOW (self));
  g_return_if_fail (id != NULL);

  if (self->manager == NULL)
    return;

  entry = ramo_session_manager_get_entry (self->manager, id);
  if (entry == NULL)
    {
      g_set_error (&error, RAMO_SESSION_ERROR, RAMO_SESSION_ERROR_NOT_FOUND, _("There is no entry %s"), id);
      _ramo_window_show_error (self, _("Could not go to this entry"), error);
      return;
    }
  if (entry == ramo_session_manager_get_leaf (self->manager))
    {
      ramo_window_show_toast (self, _("Already at this entry"));
      return;
    }
  if (ramo_window_is_busy (self))
    {
      ramo_window_show_toast (self, _ramo_window_busy_message (self));
      return;
    }
  if (self->summary_dialog)
    gtk_window_destroy (GTK_WINDOW (self->summary_dialog));

  /* Nothing is left behind when the leaf is on the way to the entry. */
  n_abandoned = count_abandoned (self->manager, entry, &has_content);
  remembered = ramo_window_get_remembered_summary_choice (self);
  if (n_abandoned == 0 || g_strcmp0 (remembered, CHOICE_NONE) == 0)
    _ramo_window_navigate_with (self, id, FALSE, NULL, FALSE);
  else if (!has_content && g_strcmp0 (remembered, CHOICE_SUMMARIZE) == 0)
    {
      ramo_window_show_toast (self, _("Nothing to summarize in the branch left behind: no summary was added"));
      _ramo_window_navigate_with (self, id, FALSE, NULL, FALSE);
    }
  else if (!has_content)
    show_nothing_dialog (self, entry, n_abandoned);
  else if (g_strcmp0 (remembered, CHOICE_SUMMARIZE) == 0)
    _ramo_window_navigate_with (self, id, TRUE, NULL, FALSE);
  else
    show_choice_dialog (self, entry, n_abandoned);
}

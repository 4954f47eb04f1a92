/* ramo-window-summary.c — going to another entry through the agent session, with a summary
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
#include "ramo-settings.h"
#include "ramo-window-private.h"

/*
 * The window's part of spec §5 and §6. Each window has one #RamoAgentSession over the session
 * it shows; every navigation and branch goes through it, so that the hooks, the events and the
 * summarizer see what the user does.
 *
 * Activating an entry other than the leaf asks whether to summarize the branch being left
 * (ramo-window-summary-dialog.c). While the summary is written an info bar shows a spinner and
 * a Cancel button (Escape does the same); nothing changes in the session until the summary has
 * arrived.
 *
 * The choice is remembered in the GSettings key `remembered-summary-choice` when Ramo's schema
 * is installed, else for the window's lifetime (the tests run without the schema). The
 * summarizer's provider, base URL and model come from the keys `summary-*` when the schema is
 * there; the core adds the environment and pi's own files (ramo_summarizer_config_resolve()).
 */

#define CHOICE_NONE      "none"
#define CHOICE_SUMMARIZE "summarize"

/* ------------------------------------------------------------------------------------------ */
/* Settings                                                                                    */

/* The program's settings (ramo-settings.c finds the schema of an uninstalled build too). */
static GSettings *
lookup_settings (void)
{
  return ramo_settings_new ();
}

static gboolean
settings_has_key (RamoWindow *self,
                  const char *key)
{
  g_autoptr(GSettingsSchema) schema = NULL;

  if (self->settings == NULL)
    return FALSE;
  g_object_get (self->settings, "settings-schema", &schema, NULL);
  return schema != NULL && g_settings_schema_has_key (schema, key);
}

/* The non-empty string value of @key, or NULL (no schema, no such key, or empty). */
static char *
settings_dup_string (RamoWindow *self,
                     const char *key)
{
  g_autofree char *value = NULL;

  if (!settings_has_key (self, key))
    return NULL;
  value = g_settings_get_string (self->settings, key);
  if (value == NULL || value[0] == '\0')
    return NULL;
  return g_steal_pointer (&value);
}

/* settings_dup_string() for the dialogs (ramo-window-summary-dialog.c) */
char *
_ramo_window_dup_setting (RamoWindow *self,
                          const char *key)
{
  g_assert (RAMO_IS_WINDOW (self));
  return settings_dup_string (self, key);
}

static void
settings_changed_cb (RamoWindow *self,
                     const char *key,
                     GSettings  *settings)
{
  g_assert (RAMO_IS_WINDOW (self));

  if (g_strcmp0 (key, "remembered-summary-choice") == 0)
    g_object_notify (G_OBJECT (self), "remembered-summary-choice");
}

/**
 * ramo_window_get_remembered_summary_choice:
 * @self: a window
 *
 * Returns: the summary choice used without asking — `none` or `summarize` — or an empty
 *   string when Ramo asks each time
 */
const char *
ramo_window_get_remembered_summary_choice (RamoWindow *self)
{
  g_return_val_if_fail (RAMO_IS_WINDOW (self), NULL);

  if (settings_has_key (self, "remembered-summary-choice"))
    {
      /* kept so that the returned string lives as long as a property getter's would */
      g_free (self->remembered_summary_choice);
      self->remembered_summary_choice = g_settings_get_string (self->settings, "remembered-summary-choice");
    }
  return self->remembered_summary_choice ? self->remembered_summary_choice : "";
}

/**
 * ramo_window_set_remembered_summary_choice:
 * @self: a window
 * @choice: (nullable): `none`, `summarize`, or %NULL / "" to ask each time
 *
 * Stores the choice in GSettings when Ramo's schema is installed, else in the window.
 */
void
ramo_window_set_remembered_summary_choice (RamoWindow *self,
                                           const char *choice)
{
  g_return_if_fail (RAMO_IS_WINDOW (self));

  if (choice == NULL || (g_strcmp0 (choice, CHOICE_NONE) != 0 && g_strcmp0 (choice, CHOICE_SUMMARIZE) != 0))
    choice = "";

  if (settings_has_key (self, "remembered-summary-choice"))
    {
      /* notified through settings_changed_cb */
      g_settings_set_string (self->settings, "remembered-summary-choice", choice);
      return;
    }

  if (g_strcmp0 (self->remembered_summary_choice, choice) == 0)
    return;
  g_free (self->remembered_summary_choice);
  self->remembered_summary_choice = g_strdup (choice);
  g_object_notify (G_OBJECT (self), "remembered-summary-choice");
}

/**
 * ramo_window_dup_settings_config:
 * @self: a window
 *
 * Returns: (transfer full): the summarizer settings stored in GSettings (`summary-provider`,
 *   `summary-base-url`, `summary-model`) and the key from the keyring; empty without the
 *   schema. The environment and pi's files fill the rest when a summary is asked for.
 */
RamoSummarizerConfig *
ramo_window_dup_settings_config (RamoWindow *self)
{
  g_return_val_if_fail (RAMO_IS_WINDOW (self), NULL);

  /* GSettings, and the API key from the keyring */
  return ramo_settings_dup_summary_config (self->settings);
}

/* ------------------------------------------------------------------------------------------ */
/* The agent session                                                                           */

static void
update_summary_bar (RamoWindow *self)
{
  gboolean shown;

  g_assert (RAMO_IS_WINDOW (self));

  shown = self->summarizing && self->agent != NULL && ramo_agent_session_is_busy (self->agent);
  gtk_spinner_set_spinning (self->summary_spinner, shown);
  gtk_info_bar_set_revealed (self->summary_bar, shown);
}

static void
agent_busy_cb (RamoWindow       *self,
               GParamSpec       *pspec,
               RamoAgentSession *agent)
{
  g_assert (RAMO_IS_WINDOW (self));

  update_summary_bar (self);
  _ramo_window_actions_update (self);
}

static void
agent_manager_cb (RamoWindow       *self,
                  GParamSpec       *pspec,
                  RamoAgentSession *agent)
{
  g_assert (RAMO_IS_WINDOW (self));

  /* Branching from a first message starts a new session file: show it. */
  ramo_window_set_manager (self, ramo_agent_session_get_manager (agent));
}

void
_ramo_window_summary_set_manager (RamoWindow         *self,
                                  RamoSessionManager *manager)
{
  g_autoptr(RamoAgentSession) agent = NULL;

  g_assert (RAMO_IS_WINDOW (self));

  if (self->agent && ramo_agent_session_get_manager (self->agent) == manager)
    return;

  if (self->agent)
    ramo_agent_session_cancel (self->agent);
  g_cancellable_cancel (self->navigate_cancellable);
  g_clear_object (&self->navigate_cancellable);
  self->summarizing = FALSE;

  if (manager)
    agent = ramo_agent_session_new (manager);
  g_signal_group_set_target (self->agent_signals, agent);
  g_set_object (&self->agent, agent);
  update_summary_bar (self);
}

/**
 * ramo_window_get_agent_session:
 * @self: a window
 *
 * Returns: (transfer none) (nullable): the agent session over the session shown
 */
RamoAgentSession *
ramo_window_get_agent_session (RamoWindow *self)
{
  g_return_val_if_fail (RAMO_IS_WINDOW (self), NULL);
  return self->agent;
}

/**
 * ramo_window_is_busy:
 * @self: a window
 *
 * Returns: whether a navigation (with its summary) is running, or the session's agent is
 *   starting, moving or answering
 */
gboolean
ramo_window_is_busy (RamoWindow *self)
{
  g_return_val_if_fail (RAMO_IS_WINDOW (self), FALSE);
  return (self->agent != NULL && ramo_agent_session_is_busy (self->agent)) ||
         self->agent_sending || (self->agent_process && ramo_agent_process_is_busy (self->agent_process));
}

/**
 * ramo_window_get_summary_progress_shown:
 * @self: a window
 *
 * Returns: whether the "Summarizing…" bar with its Cancel button is shown
 */
gboolean
ramo_window_get_summary_progress_shown (RamoWindow *self)
{
  g_return_val_if_fail (RAMO_IS_WINDOW (self), FALSE);
  return gtk_info_bar_get_revealed (self->summary_bar);
}

/**
 * ramo_window_cancel_operation:
 * @self: a window
 *
 * Cancels the running navigation (the summary being written): nothing changes in the session.
 * Stops the session's agent too, when it answers (what it wrote stays).
 */
void
ramo_window_cancel_operation (RamoWindow *self)
{
  g_return_if_fail (RAMO_IS_WINDOW (self));

  if (self->navigate_cancellable)
    g_cancellable_cancel (self->navigate_cancellable);
  if (self->agent)
    ramo_agent_session_cancel (self->agent);
  ramo_window_stop_agent (self);
}

/* What the user is told when the window cannot start another operation. */
const char *
_ramo_window_busy_message (RamoWindow *self)
{
  if (self->agent_sending || (self->agent_process && ramo_agent_process_is_busy (self->agent_process)))
    return _("The agent is busy; wait for it, or press Escape or Stop to stop it");
  return _("A summary is still being written; wait for it or press Escape to cancel it");
}

/* ------------------------------------------------------------------------------------------ */
/* Navigating                                                                                  */

static void
navigate_cb (GObject      *object,
             GAsyncResult *result,
             gpointer      user_data)
{
  RamoAgentSession *agent = RAMO_AGENT_SESSION (object);
  g_autoptr(RamoWindow) self = user_data;
  g_autoptr(RamoTreeResult) tree_result = NULL;
  g_autoptr(GError) error = NULL;
  gboolean summarized = self->summarizing;

  tree_result = ramo_agent_session_navigate_tree_finish (agent, result, &error);

  /* The window shows another session by now, or is gone. */
  if (agent != self->agent)
    return;

  self->summarizing = FALSE;
  g_clear_object (&self->navigate_cancellable);
  update_summary_bar (self);
  _ramo_window_actions_update (self);

  if (tree_result == NULL)
    {
      if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        ramo_window_show_toast (self, summarized
                                       ? _("Summary cancelled. Nothing was changed.")
                                       : _("Navigation cancelled. Nothing was changed."));
      else if (summarized || error->domain == RAMO_SUMMARIZER_ERROR)
        {
          g_autofree char *message = g_strdup_printf (_("Could not summarize the branch: %s. Nothing was changed."),
                                                      error->message);
          ramo_window_show_toast (self, message);
        }
      else
        _ramo_window_show_error (self, _("Could not go to this entry"), error);
      return;
    }

  if (!tree_result->changed)
    return;

  _ramo_window_offer_composer_text (self, tree_result->editor_text);
  gtk_stack_set_visible_child_name (self->detail_stack, "context");

  if (tree_result->summary_entry_id)
    {
      ramo_session_tree_select_entry (self->tree, tree_result->summary_entry_id);
      ramo_session_tree_focus (self->tree);
      ramo_window_show_toast (self, _("Summary added at the new position"));
    }
}

/**
 * ramo_window_navigate:
 * @self: a window
 * @id: the entry to go to
 * @options: (nullable): the summary to ask for; %NULL for none
 * @error: return location for a #GError, or %NULL
 *
 * Moves the session's leaf as pi's /tree does (spec §5). While the session's agent is attached,
 * or when a summary is asked for and the agent can run, the agent moves itself and writes the
 * summary with its own summarizer (ramo-window-agent-moves.c). Otherwise the move goes through
 * the window's #RamoAgentSession: a user message or a `custom_message` puts the leaf on its parent (or
 * before the first entry) and its text into the editor; any other entry becomes the leaf. With
 * a summary, the branch left behind is summarized first and the new `branch_summary` entry is
 * selected; while it is written the progress bar shows, and Escape cancels.
 *
 * The navigation finishes later; how it ended is shown in the window. Selecting the leaf
 * itself does nothing.
 *
 * Returns: %FALSE with @error set when it could not start (no session, no such entry, another
 *   navigation running)
 */
gboolean
ramo_window_navigate (RamoWindow             *self,
                      const char             *id,
                      const RamoTreeOptions  *options,
                      GError                **error)
{
  g_autoptr(RamoSummarizerConfig) config = NULL;
  g_autoptr(RamoTreeOptions) opts = NULL;
  RamoEntry *entry;

  g_return_val_if_fail (RAMO_IS_WINDOW (self), FALSE);
  g_return_val_if_fail (id != NULL, FALSE);

  if (self->manager == NULL || self->agent == NULL)
    {
      g_set_error (error, RAMO_SESSION_ERROR, RAMO_SESSION_ERROR_INVALID_ARGUMENT, _("No session is open"));
      return FALSE;
    }
  entry = ramo_session_manager_get_entry (self->manager, id);
  if (entry == NULL)
    {
      g_set_error (error, RAMO_SESSION_ERROR, RAMO_SESSION_ERROR_NOT_FOUND, _("There is no entry %s"), id);
      return FALSE;
    }
  if (ramo_agent_session_is_busy (self->agent))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_PENDING,
                   _("A summary is still being written; wait for it or press Escape to cancel it"));
      return FALSE;
    }
  if (entry == ramo_session_manager_get_leaf (self->manager))
    {
      ramo_window_show_toast (self, _("Already at this entry"));
      return TRUE;
    }

  /* the agent attached to the window moves itself, and summarizes with its own model */
  if (_ramo_window_agent_is_attached (self))
    {
      if (!_ramo_window_agent_navigate (self, id, options))
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_BUSY, _("%s is answering"), _ramo_window_agent_name (self));
          return FALSE;
        }
      return TRUE;
    }
  /* a summary is the agent's to write, when it can run: it is started for the move */
  if (options && options->summarize && _ramo_window_agent_start_and_navigate (self, id, options))
    return TRUE;

  opts = options ? ramo_tree_options_copy (options) : ramo_tree_options_new ();
  if (opts->summarize && opts->custom_instructions == NULL)
    {
      /* the user's default instructions, added to Ramo's own */
      opts->custom_instructions = settings_dup_string (self, "summary-instructions");
      opts->replace_instructions = FALSE;
    }

  config = ramo_window_dup_settings_config (self);
  ramo_agent_session_set_settings_config (self->agent, config);

  g_cancellable_cancel (self->navigate_cancellable);
  g_clear_object (&self->navigate_cancellable);
  self->navigate_cancellable = g_cancellable_new ();
  self->summarizing = opts->summarize;

  ramo_agent_session_navigate_tree_async (self->agent, id, opts, self->navigate_cancellable,
                                          navigate_cb, g_object_ref (self));
  update_summary_bar (self);
  _ramo_window_actions_update (self);
  return TRUE;
}

/* Goes to @id, with a summary when @summarize (@instructions added to the defaults, or with
 * @replace instead of them); a failure to start is shown. */
void
_ramo_window_navigate_with (RamoWindow *self,
                            const char *id,
                            gboolean    summarize,
                            const char *instructions,
                            gboolean    replace)
{
  g_autoptr(RamoTreeOptions) options = ramo_tree_options_new ();
  g_autoptr(GError) error = NULL;

  options->summarize = summarize;
  if (summarize && instructions && instructions[0])
    {
      options->custom_instructions = g_strdup (instructions);
      options->replace_instructions = replace;
    }
  if (!ramo_window_navigate (self, id, options, &error))
    _ramo_window_show_error (self, _("Could not go to this entry"), error);
}

void
_ramo_window_summary_init (RamoWindow *self)
{
  g_assert (RAMO_IS_WINDOW (self));

  self->settings = lookup_settings ();
  if (self->settings)
    g_signal_connect_object (self->settings, "changed", G_CALLBACK (settings_changed_cb), self, G_CONNECT_SWAPPED);

  self->agent_signals = g_signal_group_new (RAMO_TYPE_AGENT_SESSION);
  g_signal_group_connect_object (self->agent_signals, "notify::busy",
                                 G_CALLBACK (agent_busy_cb), self, G_CONNECT_SWAPPED);
  g_signal_group_connect_object (self->agent_signals, "notify::manager",
                                 G_CALLBACK (agent_manager_cb), self, G_CONNECT_SWAPPED);
}

void
_ramo_window_summary_dispose (RamoWindow *self)
{
  g_assert (RAMO_IS_WINDOW (self));

  if (self->agent)
    ramo_agent_session_cancel (self->agent);
  g_cancellable_cancel (self->navigate_cancellable);
  g_clear_object (&self->navigate_cancellable);
  if (self->agent_signals)
    g_signal_group_set_target (self->agent_signals, NULL);
  g_clear_object (&self->agent_signals);
  g_clear_object (&self->agent);
  g_clear_weak_pointer (&self->summary_dialog);
  g_clear_object (&self->settings);
  g_clear_pointer (&self->remembered_summary_choice, g_free);
}

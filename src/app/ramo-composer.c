/* ramo-composer.c
 *
 * Copyright 2026 The Ramo authors
 *
 * This program is free software: you can redistribute it and/or modify it under the terms of the
 * GNU General Public License as published by the Free Software Foundation, either version 3 of
 * the License, or (at your option) any later version.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ramo-composer"

#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>

#include "ramo-composer.h"

/**
 * RamoComposer:
 *
 * The editor at the bottom of a window. It holds the user's next message (going to a user
 * message puts that message's text here, as pi's `/tree` does), Send (Ctrl+Enter) and, while
 * the agent answers, Stop; the agent's model and thinking level, from the agent's own lists;
 * and the reply as it streams, with what the agent is doing and the messages it has queued.
 *
 * It only shows: what its buttons do are the window's actions (`win.send`, `win.stop`,
 * `win.busy-send`, `win.agent-start`, `win.open-in-terminal`, `win.copy-composer`), and a
 * model or thinking level the user picks is reported by #RamoComposer::model-chosen and
 * #RamoComposer::thinking-chosen.
 */

struct _RamoComposer
{
  GtkWidget       parent_instance;

  char           *agent_name;
  GString        *reply;
  guint           reply_idle_id;
  GStrv           thinking_levels;
  gboolean        attached;
  gboolean        busy;
  gboolean        updating;        /* the lists are being set: no ::…-chosen */

  GtkRevealer    *reply_revealer;
  GtkSpinner     *status_spinner;
  GtkLabel       *status_label;
  GtkLabel       *reply_label;
  GtkScrolledWindow *reply_scroller;
  GtkLabel       *activity_label;
  GtkLabel       *queue_label;
  GtkInfoBar     *error_bar;
  GtkLabel       *error_label;
  GtkButton      *error_button;
  GtkTextView    *text_view;
  GtkLabel       *placeholder;
  GtkWidget      *connect_button;
  GtkLabel       *connect_label;
  GtkDropDown    *model_dropdown;
  GtkStringList  *model_list;
  GtkDropDown    *thinking_dropdown;
  GtkStringList  *thinking_list;
  GtkWidget      *stop_button;
  AdwSplitButton *send_button;
};

G_DEFINE_FINAL_TYPE (RamoComposer, ramo_composer, GTK_TYPE_WIDGET)

enum {
  SIGNAL_MODEL_CHOSEN,
  SIGNAL_THINKING_CHOSEN,
  N_SIGNALS
};

static guint signals [N_SIGNALS];

static void
update_placeholder (RamoComposer *self)
{
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (self->text_view);
  g_autofree char *text = NULL;

  gtk_widget_set_visible (GTK_WIDGET (self->placeholder), gtk_text_buffer_get_char_count (buffer) == 0);
  /* Translators: %s is the agent, "pi" or "oh-my-pi" */
  text = g_strdup_printf (_("Message %s — Ctrl+Enter sends; going to a user message puts its text here"),
                          self->agent_name ? self->agent_name : "pi");
  gtk_label_set_label (self->placeholder, text);
}

static void
update_buttons (RamoComposer *self)
{
  g_autofree char *connect = NULL;

  gtk_widget_set_visible (self->stop_button, self->busy);
  gtk_widget_set_visible (self->connect_button, !self->attached);
  /* Translators: %s is the agent, "pi" or "oh-my-pi" */
  connect = g_strdup_printf (_("Start %s"), self->agent_name ? self->agent_name : "pi");
  gtk_label_set_label (self->connect_label, connect);
  if (!self->attached)
    {
      gtk_widget_set_visible (GTK_WIDGET (self->model_dropdown), FALSE);
      gtk_widget_set_visible (GTK_WIDGET (self->thinking_dropdown), FALSE);
    }
}

static void
buffer_changed_cb (RamoComposer  *self,
                   GtkTextBuffer *buffer)
{
  update_placeholder (self);
}

static void
reply_close_cb (RamoComposer *self)
{
  gtk_revealer_set_reveal_child (self->reply_revealer, FALSE);
}

static void
error_response_cb (RamoComposer *self,
                   int           response)
{
  if (response == GTK_RESPONSE_CLOSE)
    ramo_composer_hide_error (self);
}

static void
model_selected_cb (RamoComposer *self)
{
  guint selected = gtk_drop_down_get_selected (self->model_dropdown);

  if (!self->updating && selected != GTK_INVALID_LIST_POSITION)
    g_signal_emit (self, signals [SIGNAL_MODEL_CHOSEN], 0, selected);
}

static void
thinking_selected_cb (RamoComposer *self)
{
  guint selected = gtk_drop_down_get_selected (self->thinking_dropdown);

  if (!self->updating && self->thinking_levels && selected < g_strv_length (self->thinking_levels))
    g_signal_emit (self, signals [SIGNAL_THINKING_CHOSEN], 0, self->thinking_levels [selected]);
}

static void
ramo_composer_dispose (GObject *object)
{
  RamoComposer *self = RAMO_COMPOSER (object);
  GtkWidget *child;

  g_clear_handle_id (&self->reply_idle_id, g_source_remove);
  gtk_widget_dispose_template (GTK_WIDGET (self), RAMO_TYPE_COMPOSER);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))))
    gtk_widget_unparent (child);

  G_OBJECT_CLASS (ramo_composer_parent_class)->dispose (object);
}

static void
ramo_composer_finalize (GObject *object)
{
  RamoComposer *self = RAMO_COMPOSER (object);

  g_free (self->agent_name);
  g_string_free (self->reply, TRUE);
  g_strfreev (self->thinking_levels);

  G_OBJECT_CLASS (ramo_composer_parent_class)->finalize (object);
}

static void
ramo_composer_class_init (RamoComposerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = ramo_composer_dispose;
  object_class->finalize = ramo_composer_finalize;

  /**
   * RamoComposer::model-chosen:
   * @self: the composer
   * @index: the position of the model in the list given to ramo_composer_set_models()
   *
   * The user picked a model.
   */
  signals [SIGNAL_MODEL_CHOSEN] =
    g_signal_new ("model-chosen", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                  NULL, G_TYPE_NONE, 1, G_TYPE_UINT);

  /**
   * RamoComposer::thinking-chosen:
   * @self: the composer
   * @level: the level the user picked, as the agent names it (`off`, `low`, `high`, …)
   *
   * The user picked a thinking level.
   */
  signals [SIGNAL_THINKING_CHOSEN] =
    g_signal_new ("thinking-chosen", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                  NULL, G_TYPE_NONE, 1, G_TYPE_STRING);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/ramo/Ramo/ui/ramo-composer.ui");
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BOX_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "composer");
  gtk_widget_class_bind_template_child (widget_class, RamoComposer, reply_revealer);
  gtk_widget_class_bind_template_child (widget_class, RamoComposer, status_spinner);
  gtk_widget_class_bind_template_child (widget_class, RamoComposer, status_label);
  gtk_widget_class_bind_template_child (widget_class, RamoComposer, reply_label);
  gtk_widget_class_bind_template_child (widget_class, RamoComposer, reply_scroller);
  gtk_widget_class_bind_template_child (widget_class, RamoComposer, activity_label);
  gtk_widget_class_bind_template_child (widget_class, RamoComposer, queue_label);
  gtk_widget_class_bind_template_child (widget_class, RamoComposer, error_bar);
  gtk_widget_class_bind_template_child (widget_class, RamoComposer, error_label);
  gtk_widget_class_bind_template_child (widget_class, RamoComposer, error_button);
  gtk_widget_class_bind_template_child (widget_class, RamoComposer, text_view);
  gtk_widget_class_bind_template_child (widget_class, RamoComposer, placeholder);
  gtk_widget_class_bind_template_child (widget_class, RamoComposer, connect_button);
  gtk_widget_class_bind_template_child (widget_class, RamoComposer, connect_label);
  gtk_widget_class_bind_template_child (widget_class, RamoComposer, model_dropdown);
  gtk_widget_class_bind_template_child (widget_class, RamoComposer, model_list);
  gtk_widget_class_bind_template_child (widget_class, RamoComposer, thinking_dropdown);
  gtk_widget_class_bind_template_child (widget_class, RamoComposer, thinking_list);
  gtk_widget_class_bind_template_child (widget_class, RamoComposer, stop_button);
  gtk_widget_class_bind_template_child (widget_class, RamoComposer, send_button);
  gtk_widget_class_bind_template_callback (widget_class, reply_close_cb);
  gtk_widget_class_bind_template_callback (widget_class, error_response_cb);
  gtk_widget_class_bind_template_callback (widget_class, model_selected_cb);
  gtk_widget_class_bind_template_callback (widget_class, thinking_selected_cb);
}

static void
ramo_composer_init (RamoComposer *self)
{
  GtkEventController *shortcuts;

  g_type_ensure (ADW_TYPE_SPLIT_BUTTON);
  gtk_widget_init_template (GTK_WIDGET (self));
  gtk_orientable_set_orientation (GTK_ORIENTABLE (gtk_widget_get_layout_manager (GTK_WIDGET (self))),
                                  GTK_ORIENTATION_VERTICAL);

  self->reply = g_string_new (NULL);
  adw_split_button_set_label (self->send_button, _("Send"));

  /* Ctrl+Enter sends from the editor (a plain Enter is a new line) */
  shortcuts = gtk_shortcut_controller_new ();
  gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (shortcuts),
    gtk_shortcut_new (gtk_alternative_trigger_new (gtk_shortcut_trigger_parse_string ("<Control>Return"),
                                                   gtk_shortcut_trigger_parse_string ("<Control>KP_Enter")),
                      gtk_named_action_new ("win.send")));
  gtk_widget_add_controller (GTK_WIDGET (self->text_view), shortcuts);

  g_signal_connect_object (gtk_text_view_get_buffer (self->text_view), "changed",
                           G_CALLBACK (buffer_changed_cb), self, G_CONNECT_SWAPPED);
  update_placeholder (self);
  update_buttons (self);
}

/**
 * ramo_composer_new:
 *
 * Returns: (transfer floating): a new composer
 */
GtkWidget *
ramo_composer_new (void)
{
  return g_object_new (RAMO_TYPE_COMPOSER, NULL);
}

/**
 * ramo_composer_get_text_view:
 * @self: a composer
 *
 * Returns: (transfer none): the editor
 */
GtkTextView *
ramo_composer_get_text_view (RamoComposer *self)
{
  g_return_val_if_fail (RAMO_IS_COMPOSER (self), NULL);
  return self->text_view;
}

/**
 * ramo_composer_dup_text:
 * @self: a composer
 *
 * Returns: (transfer full): the editor's text, as typed
 */
char *
ramo_composer_dup_text (RamoComposer *self)
{
  GtkTextBuffer *buffer;
  GtkTextIter start, end;

  g_return_val_if_fail (RAMO_IS_COMPOSER (self), NULL);

  buffer = gtk_text_view_get_buffer (self->text_view);
  gtk_text_buffer_get_bounds (buffer, &start, &end);
  return gtk_text_buffer_get_text (buffer, &start, &end, FALSE);
}

/**
 * ramo_composer_set_text:
 * @self: a composer
 * @text: (nullable): the new text; %NULL empties the editor
 *
 * Replaces the editor's text and puts the cursor at its end. The window asks before it
 * replaces text the user typed.
 */
void
ramo_composer_set_text (RamoComposer *self,
                        const char   *text)
{
  GtkTextBuffer *buffer;
  GtkTextIter end;

  g_return_if_fail (RAMO_IS_COMPOSER (self));

  buffer = gtk_text_view_get_buffer (self->text_view);
  gtk_text_buffer_set_text (buffer, text ? text : "", -1);
  gtk_text_buffer_get_end_iter (buffer, &end);
  gtk_text_buffer_place_cursor (buffer, &end);
  gtk_text_buffer_set_modified (buffer, FALSE);
}

/**
 * ramo_composer_holds_user_text:
 * @self: a composer
 *
 * Returns: whether the editor holds text the user typed or changed (not only text Ramo put
 *   there and the user left alone), which nothing may replace without asking
 */
gboolean
ramo_composer_holds_user_text (RamoComposer *self)
{
  g_return_val_if_fail (RAMO_IS_COMPOSER (self), FALSE);

  return gtk_text_buffer_get_modified (gtk_text_view_get_buffer (self->text_view)) && !ramo_composer_is_empty (self);
}

/**
 * ramo_composer_is_empty:
 * @self: a composer
 *
 * Returns: whether the editor holds nothing but white space
 */
gboolean
ramo_composer_is_empty (RamoComposer *self)
{
  g_autofree char *text = NULL;

  g_return_val_if_fail (RAMO_IS_COMPOSER (self), TRUE);

  text = ramo_composer_dup_text (self);
  return g_strstrip (text)[0] == '\0';
}

/**
 * ramo_composer_set_agent_name:
 * @self: a composer
 * @name: the agent's name as the user knows it ("pi", "oh-my-pi")
 */
void
ramo_composer_set_agent_name (RamoComposer *self,
                              const char   *name)
{
  g_return_if_fail (RAMO_IS_COMPOSER (self));

  g_free (self->agent_name);
  self->agent_name = g_strdup (name);
  update_placeholder (self);
  update_buttons (self);
}

/**
 * ramo_composer_set_attached:
 * @self: a composer
 * @attached: whether an agent runs for the session (its model and thinking lists show then;
 *   before, a button starts it)
 */
void
ramo_composer_set_attached (RamoComposer *self,
                            gboolean      attached)
{
  g_return_if_fail (RAMO_IS_COMPOSER (self));

  self->attached = attached;
  if (!attached)
    self->busy = FALSE;
  update_buttons (self);
}

/**
 * ramo_composer_set_busy:
 * @self: a composer
 * @busy: whether the agent is answering
 * @steer: while it answers, whether Send steers (%TRUE) or queues a follow-up
 *
 * While the agent answers, Stop shows and Send is named after what it will do.
 */
void
ramo_composer_set_busy (RamoComposer *self,
                        gboolean      busy,
                        gboolean      steer)
{
  g_return_if_fail (RAMO_IS_COMPOSER (self));

  self->busy = busy;
  adw_split_button_set_label (self->send_button, !busy ? _("Send") : steer ? _("Steer") : _("Follow Up"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->send_button), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  !busy ? _("Send") : steer ? _("Steer") : _("Follow Up"), -1);
  update_buttons (self);
}

/**
 * ramo_composer_set_status:
 * @self: a composer
 * @status: (nullable): what the agent is doing ("pi is answering…"), shown above the reply
 * @working: whether to show the spinner
 *
 * Shows the reply area with @status.
 */
void
ramo_composer_set_status (RamoComposer *self,
                          const char   *status,
                          gboolean      working)
{
  g_return_if_fail (RAMO_IS_COMPOSER (self));

  gtk_label_set_label (self->status_label, status ? status : "");
  gtk_widget_set_visible (GTK_WIDGET (self->status_spinner), working);
  gtk_spinner_set_spinning (self->status_spinner, working);
  if (status)
    gtk_revealer_set_reveal_child (self->reply_revealer, TRUE);
}

static gboolean
reply_idle_cb (gpointer data)
{
  RamoComposer *self = data;
  GtkAdjustment *adjustment;

  self->reply_idle_id = 0;
  gtk_label_set_label (self->reply_label, self->reply->str);
  gtk_widget_set_visible (GTK_WIDGET (self->reply_label), self->reply->len > 0);
  /* follow the end of the reply as it grows */
  adjustment = gtk_scrolled_window_get_vadjustment (self->reply_scroller);
  gtk_adjustment_set_value (adjustment, gtk_adjustment_get_upper (adjustment));
  return G_SOURCE_REMOVE;
}

static void
queue_reply_update (RamoComposer *self)
{
  if (self->reply_idle_id == 0)
    self->reply_idle_id = g_idle_add_full (G_PRIORITY_DEFAULT_IDLE, reply_idle_cb, self, NULL);
}

/**
 * ramo_composer_clear_reply:
 * @self: a composer
 *
 * Empties the reply, for the next message of the agent.
 */
void
ramo_composer_clear_reply (RamoComposer *self)
{
  g_return_if_fail (RAMO_IS_COMPOSER (self));

  g_string_truncate (self->reply, 0);
  g_clear_handle_id (&self->reply_idle_id, g_source_remove);
  reply_idle_cb (self);
  ramo_composer_set_activity (self, NULL);
}

/**
 * ramo_composer_append_reply:
 * @self: a composer
 * @text: text of the reply that just arrived
 *
 * Adds @text to the reply shown; the label is updated once per main-loop turn, however many
 * pieces arrive in it.
 */
void
ramo_composer_append_reply (RamoComposer *self,
                            const char   *text)
{
  g_return_if_fail (RAMO_IS_COMPOSER (self));
  g_return_if_fail (text != NULL);

  g_string_append (self->reply, text);
  gtk_revealer_set_reveal_child (self->reply_revealer, TRUE);
  queue_reply_update (self);
}

/**
 * ramo_composer_get_reply_text:
 * @self: a composer
 *
 * Returns: the reply as received so far
 */
const char *
ramo_composer_get_reply_text (RamoComposer *self)
{
  g_return_val_if_fail (RAMO_IS_COMPOSER (self), NULL);
  return self->reply->str;
}

/**
 * ramo_composer_get_reply_shown:
 * @self: a composer
 *
 * Returns: whether the reply area is shown
 */
gboolean
ramo_composer_get_reply_shown (RamoComposer *self)
{
  g_return_val_if_fail (RAMO_IS_COMPOSER (self), FALSE);
  return gtk_revealer_get_reveal_child (self->reply_revealer);
}

/**
 * ramo_composer_set_activity:
 * @self: a composer
 * @text: (nullable): what the agent is doing besides writing ("Running bash…"), or %NULL
 */
void
ramo_composer_set_activity (RamoComposer *self,
                            const char   *text)
{
  g_return_if_fail (RAMO_IS_COMPOSER (self));

  gtk_label_set_label (self->activity_label, text ? text : "");
  gtk_widget_set_visible (GTK_WIDGET (self->activity_label), text != NULL && text[0] != '\0');
}

/**
 * ramo_composer_set_queue:
 * @self: a composer
 * @steering: (nullable) (array zero-terminated=1): steering messages the agent holds
 * @follow_up: (nullable) (array zero-terminated=1): follow-up messages the agent holds
 *
 * Shows the messages sent while the agent answers that it has not delivered yet.
 */
void
ramo_composer_set_queue (RamoComposer       *self,
                         const char * const *steering,
                         const char * const *follow_up)
{
  guint n_steering = steering ? g_strv_length ((char **) steering) : 0;
  guint n_follow_up = follow_up ? g_strv_length ((char **) follow_up) : 0;
  g_autoptr(GString) text = g_string_new (NULL);

  g_return_if_fail (RAMO_IS_COMPOSER (self));

  if (n_steering > 0)
    g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE, "%u steering message waits", "%u steering messages wait",
                                               n_steering), n_steering);
  if (n_follow_up > 0)
    {
      if (text->len)
        g_string_append (text, " · ");
      g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE, "%u follow-up waits", "%u follow-ups wait",
                                                 n_follow_up), n_follow_up);
    }
  gtk_label_set_label (self->queue_label, text->str);
  gtk_widget_set_visible (GTK_WIDGET (self->queue_label), text->len > 0);
}

/**
 * ramo_composer_set_models:
 * @self: a composer
 * @names: (array zero-terminated=1): the models the agent offers, as shown
 * @selected: the position of the agent's current model, or -1
 *
 * Fills the model list (without emitting #RamoComposer::model-chosen) and shows it.
 */
void
ramo_composer_set_models (RamoComposer       *self,
                          const char * const *names,
                          int                 selected)
{
  guint n_old;

  g_return_if_fail (RAMO_IS_COMPOSER (self));

  self->updating = TRUE;
  n_old = g_list_model_get_n_items (G_LIST_MODEL (self->model_list));
  gtk_string_list_splice (self->model_list, 0, n_old, names);
  gtk_drop_down_set_selected (self->model_dropdown, selected >= 0 ? (guint) selected : GTK_INVALID_LIST_POSITION);
  self->updating = FALSE;
  gtk_widget_set_visible (GTK_WIDGET (self->model_dropdown), names != NULL && names[0] != NULL);
}

/**
 * ramo_composer_get_model_index:
 * @self: a composer
 *
 * Returns: the position of the model shown, or -1
 */
int
ramo_composer_get_model_index (RamoComposer *self)
{
  guint selected;

  g_return_val_if_fail (RAMO_IS_COMPOSER (self), -1);

  selected = gtk_drop_down_get_selected (self->model_dropdown);
  return selected == GTK_INVALID_LIST_POSITION ? -1 : (int) selected;
}

/**
 * ramo_composer_set_thinking_levels:
 * @self: a composer
 * @levels: (nullable) (array zero-terminated=1): the levels the agent offers for its model
 *   (pi's `get_available_thinking_levels`), as it names them
 * @current: (nullable): the agent's level
 *
 * Fills the thinking list (without emitting #RamoComposer::thinking-chosen); with one level
 * or none, the list hides.
 */
void
ramo_composer_set_thinking_levels (RamoComposer       *self,
                                   const char * const *levels,
                                   const char         *current)
{
  guint n_old, selected = GTK_INVALID_LIST_POSITION;

  g_return_if_fail (RAMO_IS_COMPOSER (self));

  g_strfreev (self->thinking_levels);
  self->thinking_levels = g_strdupv ((char **) levels);

  self->updating = TRUE;
  n_old = g_list_model_get_n_items (G_LIST_MODEL (self->thinking_list));
  gtk_string_list_splice (self->thinking_list, 0, n_old, NULL);
  for (guint i = 0; levels && levels[i]; i++)
    {
      /* Translators: a thinking level, %s as the agent names it ("off", "high", …) */
      g_autofree char *shown = g_strdup_printf (_("Thinking: %s"), levels[i]);

      gtk_string_list_append (self->thinking_list, shown);
      if (g_strcmp0 (levels[i], current) == 0)
        selected = i;
    }
  gtk_drop_down_set_selected (self->thinking_dropdown, selected);
  self->updating = FALSE;
  gtk_widget_set_visible (GTK_WIDGET (self->thinking_dropdown), levels != NULL && levels[0] && levels[1]);
}

/**
 * ramo_composer_show_error:
 * @self: a composer
 * @message: what went wrong, in the agent's words where it gave any
 * @button_label: (nullable): the way forward, a mnemonic label ("_Preferences")
 * @action_name: (nullable): the action the button activates
 *
 * Shows @message above the editor until the user closes it or the next message is sent.
 */
void
ramo_composer_show_error (RamoComposer *self,
                          const char   *message,
                          const char   *button_label,
                          const char   *action_name)
{
  g_return_if_fail (RAMO_IS_COMPOSER (self));
  g_return_if_fail (message != NULL);

  gtk_label_set_label (self->error_label, message);
  gtk_widget_set_visible (GTK_WIDGET (self->error_button), button_label != NULL && action_name != NULL);
  if (button_label && action_name)
    {
      gtk_button_set_label (self->error_button, button_label);
      gtk_actionable_set_action_name (GTK_ACTIONABLE (self->error_button), action_name);
    }
  gtk_info_bar_set_revealed (self->error_bar, TRUE);
}

/**
 * ramo_composer_hide_error:
 * @self: a composer
 */
void
ramo_composer_hide_error (RamoComposer *self)
{
  g_return_if_fail (RAMO_IS_COMPOSER (self));

  gtk_info_bar_set_revealed (self->error_bar, FALSE);
  gtk_label_set_label (self->error_label, "");
}

/**
 * ramo_composer_get_error_text:
 * @self: a composer
 *
 * Returns: the error shown, or "" when none is
 */
const char *
ramo_composer_get_error_text (RamoComposer *self)
{
  g_return_val_if_fail (RAMO_IS_COMPOSER (self), NULL);
  return gtk_info_bar_get_revealed (self->error_bar) ? gtk_label_get_label (self->error_label) : "";
}

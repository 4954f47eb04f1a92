/* ramo-context-view.c
 *
 * Copyright 2026 The Ramo authors
 *
 * This program is free software: you can redistribute it and/or modify it under the terms of the
 * GNU General Public License as published by the Free Software Foundation, either version 3 of
 * the License, or (at your option) any later version.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ramo-context-view"

#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>

#include "ramo-context-message.h"
#include "ramo-context-view.h"
#include "ramo-session-context.h"

/**
 * RamoContextView:
 *
 * What the model would be sent for the current leaf (spec §4): a header line (model, thinking
 * level, message count), then the messages of the rebuilt context in order, each a
 * #RamoContextMessage (which shows the message itself: its heading, text, folds and cards).
 *
 * Only the last %CONTEXT_FIRST_PAGE messages get widgets at first (a few screens: making
 * widgets for long messages is what opening a large session spent most of its time on);
 * "Show earlier" adds %CONTEXT_PAGE more at a time. The view is built in an idle callback
 * once a session is set (after the tree's first frame) and after the leaf moves, and not
 * at all when the messages are the same as before (a label edit moves the leaf without
 * changing the context).
 *
 * The widgets are made newest first, at most %CONTEXT_BUILD_PER_FRAME of them (and
 * %CONTEXT_BUILD_BUDGET_US of making them) a frame: making them is quick, measuring their
 * wrapped text is not. Thirty-four messages made in one turn kept the main loop from the next
 * frame for 67-86 ms while they were laid out (a million-entry session, after its first frame).
 */

#define CONTEXT_FIRST_PAGE 40
#define CONTEXT_PAGE     200
#define CONTEXT_BUILD_BUDGET_US 5000
#define CONTEXT_BUILD_PER_FRAME 4

struct _RamoContextView
{
  GtkWidget           parent_instance;

  RamoSessionManager *manager;
  GSignalGroup       *manager_signals;
  RamoSessionContext *context;
  GPtrArray          *shown_ids;       /* (element-type utf8) entry ids of the context, in order */
  GPtrArray          *widgets;         /* the widget of each of them (owned by the box), or NULL */
  char               *summary;
  guint               first_shown;
  guint               build_next;      /* the messages from first_shown up to this one may still
                                        * need widgets (made from here down) */
  guint               build_tick_id;
  gint64              build_budget;    /* µs of a frame spent making widgets */
  guint               refresh_id;
  guint               follow_end_id;
  guint               scroll_idle_id;
  guint               scroll_to_end : 1;

  GtkScrolledWindow  *scroller;
  GtkLabel           *summary_label;
  GtkButton          *earlier_button;
  GtkBox             *messages_box;
  GtkWidget          *empty_page;
};

G_DEFINE_FINAL_TYPE (RamoContextView, ramo_context_view, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_MANAGER,
  N_PROPS
};

static GParamSpec *properties [N_PROPS];

static GtkWidget *
build_item (RamoContextView *self,
            guint            position)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) message = NULL;
  RamoEntry *entry;

  entry = ramo_session_context_get_entry (self->context, position);
  message = ramo_session_context_dup_message (self->context, position, &error);
  if (message == NULL && error != NULL)
    return ramo_context_message_new_unreadable (entry, error);
  if (message == NULL)
    return NULL; /* an empty branch summary is not part of the context */

  {
    GtkWidget *widget = ramo_context_message_new (ramo_session_context_get_kind (self->context, position),
                                                  entry, message);
    RamoEntry *edit = ramo_session_context_get_edit (self->context, position);

    if (edit)
      ramo_context_message_mark_edited (RAMO_CONTEXT_MESSAGE (widget), edit->id);
    return widget;
  }
}

static void
update_earlier_button (RamoContextView *self)
{
  g_autofree char *text = NULL;
  guint n = MIN (self->first_shown, CONTEXT_PAGE);

  gtk_widget_set_visible (GTK_WIDGET (self->earlier_button), self->first_shown > 0);
  if (self->first_shown == 0)
    return;

  text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                       "Show %u Earlier Message",
                                       "Show %u Earlier Messages", n), n);
  gtk_button_set_label (self->earlier_button, text);
}

static void
stop_building (RamoContextView *self)
{
  if (self->build_tick_id != 0)
    gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->build_tick_id);
  self->build_tick_id = 0;
  self->build_next = self->first_shown;
}

static void
clear_messages (RamoContextView *self)
{
  GtkWidget *child;

  stop_building (self);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->messages_box))))
    gtk_box_remove (self->messages_box, child);
  g_clear_pointer (&self->widgets, g_ptr_array_unref);
}

static void
update_summary (RamoContextView *self)
{
  g_autofree char *model = NULL;
  g_autofree char *thinking = NULL;
  g_autofree char *count = NULL;
  guint n;

  g_clear_pointer (&self->summary, g_free);

  if (self->context == NULL)
    {
      gtk_label_set_text (self->summary_label, "");
      return;
    }

  n = ramo_session_context_get_n_messages (self->context);
  model = ramo_session_context_dup_model (self->context);
  thinking = ramo_session_context_dup_thinking_level (self->context);
  count = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u message", "%u messages", n), n);

  /* Translators: model · thinking level · message count */
  self->summary = g_strdup_printf (_("Model %s · thinking %s · %s"),
                                   model ? model : _("not set"),
                                   thinking ? thinking : "off",
                                   count);
  gtk_label_set_text (self->summary_label, self->summary);
}

static gboolean
same_messages (RamoContextView    *self,
               RamoSessionContext *context)
{
  guint n = ramo_session_context_get_n_messages (context);

  if (self->shown_ids == NULL || self->shown_ids->len != n)
    return FALSE;
  for (guint i = 0; i < n; i++)
    if (g_strcmp0 (g_ptr_array_index (self->shown_ids, i), ramo_session_context_get_entry (context, i)->id) != 0)
      return FALSE;
  return TRUE;
}

static gboolean
scroll_to_end_idle_cb (gpointer data)
{
  RamoContextView *self = data;
  GtkAdjustment *adjustment = gtk_scrolled_window_get_vadjustment (self->scroller);

  self->scroll_idle_id = 0;
  gtk_adjustment_set_value (adjustment,
                            gtk_adjustment_get_upper (adjustment) - gtk_adjustment_get_page_size (adjustment));
  return G_SOURCE_REMOVE;
}

static void
scroll_to_end_cb (RamoContextView *self,
                  GtkAdjustment   *adjustment)
{
  /* The adjustment changes while the viewport is being allocated; a new value set now would
   * not move the content until the next allocation, so set it right after. */
  if (self->scroll_to_end && self->scroll_idle_id == 0)
    self->scroll_idle_id = g_idle_add (scroll_to_end_idle_cb, self);
}

static gboolean
stop_scroll_to_end_cb (gpointer data)
{
  RamoContextView *self = data;

  self->follow_end_id = 0;
  self->scroll_to_end = FALSE;
  return G_SOURCE_REMOVE;
}

/* Show the newest message: wrapped labels settle their height over a few layouts once the
 * view is on screen, so follow the end for a moment (or until the user scrolls). */
static void
follow_end (RamoContextView *self)
{
  GtkAdjustment *adjustment = gtk_scrolled_window_get_vadjustment (self->scroller);

  self->scroll_to_end = TRUE;
  g_clear_handle_id (&self->follow_end_id, g_source_remove);
  if (gtk_widget_get_mapped (GTK_WIDGET (self)))
    self->follow_end_id = g_timeout_add (1000, stop_scroll_to_end_cb, self);
  scroll_to_end_cb (self, adjustment);
}

static gboolean
user_scrolled_cb (RamoContextView          *self,
                  double                    dx,
                  double                    dy,
                  GtkEventControllerScroll *controller)
{
  g_clear_handle_id (&self->follow_end_id, g_source_remove);
  self->scroll_to_end = FALSE;
  return GDK_EVENT_PROPAGATE;
}

static void
ramo_context_view_map (GtkWidget *widget)
{
  RamoContextView *self = RAMO_CONTEXT_VIEW (widget);

  GTK_WIDGET_CLASS (ramo_context_view_parent_class)->map (widget);

  if (self->scroll_to_end)
    follow_end (self);
}

/* Makes the widgets still missing, newest first, until @max_widgets are made or @budget µs
 * have passed (at least one); returns whether some are left. */
static gboolean
build_some (RamoContextView *self,
            gint64           budget,
            guint            max_widgets)
{
  gint64 start = g_get_monotonic_time ();
  guint made = 0;

  while (self->build_next > self->first_shown)
    {
      guint i = --self->build_next;
      GtkWidget *widget, *after = NULL;

      if (g_ptr_array_index (self->widgets, i) != NULL)
        continue;
      widget = build_item (self, i);
      if (widget == NULL)
        continue;
      /* after the nearest older message that has its widget, or first */
      for (guint j = i; j-- > self->first_shown && after == NULL;)
        after = g_ptr_array_index (self->widgets, j);
      gtk_box_insert_child_after (self->messages_box, widget, after);
      g_ptr_array_index (self->widgets, i) = widget;
      if (++made >= max_widgets || g_get_monotonic_time () - start >= budget)
        break;
    }
  return self->build_next > self->first_shown;
}

static gboolean
build_tick_cb (GtkWidget     *widget,
               GdkFrameClock *clock,
               gpointer       data)
{
  RamoContextView *self = RAMO_CONTEXT_VIEW (widget);

  if (build_some (self, self->build_budget, CONTEXT_BUILD_PER_FRAME))
    return G_SOURCE_CONTINUE;
  self->build_tick_id = 0;
  return G_SOURCE_REMOVE;
}

/* The widgets of every message shown, now. */
static void
finish_building (RamoContextView *self)
{
  build_some (self, G_MAXINT64, G_MAXUINT);
  stop_building (self);
}

/**
 * ramo_context_view_refresh:
 * @self: a context view
 *
 * Rebuilds the context of the current leaf now (otherwise this happens in an idle callback
 * after the leaf moves).
 */
void
ramo_context_view_refresh (RamoContextView *self)
{
  g_autoptr(RamoSessionContext) context = NULL;
  guint n;

  g_return_if_fail (RAMO_IS_CONTEXT_VIEW (self));

  g_clear_handle_id (&self->refresh_id, g_source_remove);

  if (self->manager == NULL)
    {
      g_clear_pointer (&self->context, ramo_session_context_unref);
      g_clear_pointer (&self->shown_ids, g_ptr_array_unref);
      clear_messages (self);
      self->first_shown = 0;
      update_earlier_button (self);
      update_summary (self);
      gtk_widget_set_visible (self->empty_page, FALSE);
      return;
    }

  context = ramo_session_manager_build_session_context (self->manager);
  n = ramo_session_context_get_n_messages (context);

  if (same_messages (self, context))
    {
      /* the widgets still to make, if any, are made as they were going to be */
      g_clear_pointer (&self->context, ramo_session_context_unref);
      self->context = g_steal_pointer (&context);
      update_summary (self);
      return;
    }

  g_clear_pointer (&self->context, ramo_session_context_unref);
  self->context = g_steal_pointer (&context);
  /* the widgets made so far are kept below, or let go of */
  stop_building (self);

  /* Moving the leaf mostly keeps the start of the context: keep the widgets of the messages
   * both contexts share, and make only the rest. */
  {
    g_autoptr(GPtrArray) ids = g_ptr_array_new_full (n, g_free);
    g_autoptr(GPtrArray) widgets = g_ptr_array_new ();
    guint common = 0;
    guint first = n > CONTEXT_FIRST_PAGE ? n - CONTEXT_FIRST_PAGE : 0;

    for (guint i = 0; i < n; i++)
      g_ptr_array_add (ids, g_strdup (ramo_session_context_get_entry (self->context, i)->id));
    g_ptr_array_set_size (widgets, n);

    if (self->shown_ids && self->widgets)
      while (common < n && common < self->shown_ids->len &&
             g_str_equal (g_ptr_array_index (ids, common), g_ptr_array_index (self->shown_ids, common)))
        common++;

    for (guint i = 0; self->widgets && i < self->widgets->len; i++)
      {
        GtkWidget *widget = g_ptr_array_index (self->widgets, i);

        if (widget == NULL)
          continue;
        if (i >= first && i < common)
          g_ptr_array_index (widgets, i) = widget;
        else
          gtk_box_remove (self->messages_box, widget);
      }

    g_clear_pointer (&self->shown_ids, g_ptr_array_unref);
    g_clear_pointer (&self->widgets, g_ptr_array_unref);
    self->shown_ids = g_steal_pointer (&ids);
    self->widgets = g_steal_pointer (&widgets);
    self->first_shown = first;
    self->build_next = n;
  }

  /* the newest messages now, the others over the next frames */
  if (build_some (self, self->build_budget, CONTEXT_BUILD_PER_FRAME))
    self->build_tick_id = gtk_widget_add_tick_callback (GTK_WIDGET (self), build_tick_cb,
                                                        NULL, NULL);

  update_earlier_button (self);
  update_summary (self);
  gtk_widget_set_visible (self->empty_page, n == 0);

  follow_end (self);
}

/**
 * ramo_context_view_show_earlier:
 * @self: a context view
 *
 * Adds widgets for up to %CONTEXT_PAGE more messages above those shown.
 */
void
ramo_context_view_show_earlier (RamoContextView *self)
{
  GtkWidget *after = NULL;
  guint from;

  g_return_if_fail (RAMO_IS_CONTEXT_VIEW (self));

  if (self->context == NULL || self->first_shown == 0)
    return;

  /* the messages above those still to make would be out of order */
  finish_building (self);
  from = self->first_shown > CONTEXT_PAGE ? self->first_shown - CONTEXT_PAGE : 0;
  for (guint i = from; i < self->first_shown; i++)
    {
      GtkWidget *widget = build_item (self, i);

      if (widget == NULL)
        continue;
      gtk_box_insert_child_after (self->messages_box, widget, after);
      g_ptr_array_index (self->widgets, i) = widget;
      after = widget;
    }
  self->first_shown = from;
  g_clear_handle_id (&self->follow_end_id, g_source_remove);
  self->scroll_to_end = FALSE;
  update_earlier_button (self);
}

static void
earlier_clicked_cb (RamoContextView *self,
                    GtkButton       *button)
{
  ramo_context_view_show_earlier (self);
}

static gboolean
refresh_idle_cb (gpointer data)
{
  RamoContextView *self = data;

  self->refresh_id = 0;
  ramo_context_view_refresh (self);
  return G_SOURCE_REMOVE;
}

static void
queue_refresh (RamoContextView *self)
{
  g_assert (RAMO_IS_CONTEXT_VIEW (self));

  if (self->refresh_id == 0)
    self->refresh_id = g_idle_add_full (G_PRIORITY_LOW, refresh_idle_cb, self, NULL);
}

static void
manager_reloaded_cb (RamoContextView    *self,
                     RamoSessionManager *manager)
{
  g_assert (RAMO_IS_CONTEXT_VIEW (self));

  /* The old context points at entries that are gone. */
  g_clear_pointer (&self->context, ramo_session_context_unref);
  g_clear_pointer (&self->shown_ids, g_ptr_array_unref);
  clear_messages (self);
  queue_refresh (self);
}

/* ------------------------------------------------------------------------------------------ */

static void
ramo_context_view_dispose (GObject *object)
{
  RamoContextView *self = (RamoContextView *)object;

  g_clear_handle_id (&self->refresh_id, g_source_remove);
  stop_building (self);
  g_clear_handle_id (&self->follow_end_id, g_source_remove);
  g_clear_handle_id (&self->scroll_idle_id, g_source_remove);
  if (self->manager_signals)
    g_signal_group_set_target (self->manager_signals, NULL);
  g_clear_object (&self->manager_signals);
  g_clear_pointer (&self->context, ramo_session_context_unref);
  g_clear_object (&self->manager);

  gtk_widget_dispose_template (GTK_WIDGET (self), RAMO_TYPE_CONTEXT_VIEW);

  G_OBJECT_CLASS (ramo_context_view_parent_class)->dispose (object);
}

static void
ramo_context_view_finalize (GObject *object)
{
  RamoContextView *self = (RamoContextView *)object;

  g_clear_pointer (&self->shown_ids, g_ptr_array_unref);
  g_clear_pointer (&self->widgets, g_ptr_array_unref);
  g_clear_pointer (&self->summary, g_free);

  G_OBJECT_CLASS (ramo_context_view_parent_class)->finalize (object);
}

static void
ramo_context_view_get_property (GObject    *object,
                                guint       prop_id,
                                GValue     *value,
                                GParamSpec *pspec)
{
  RamoContextView *self = RAMO_CONTEXT_VIEW (object);

  switch (prop_id)
    {
    case PROP_MANAGER:
      g_value_set_object (value, self->manager);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ramo_context_view_set_property (GObject      *object,
                                guint         prop_id,
                                const GValue *value,
                                GParamSpec   *pspec)
{
  RamoContextView *self = RAMO_CONTEXT_VIEW (object);

  switch (prop_id)
    {
    case PROP_MANAGER:
      ramo_context_view_set_manager (self, g_value_get_object (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ramo_context_view_class_init (RamoContextViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = ramo_context_view_dispose;
  object_class->finalize = ramo_context_view_finalize;
  object_class->get_property = ramo_context_view_get_property;
  object_class->set_property = ramo_context_view_set_property;

  widget_class->map = ramo_context_view_map;

  /**
   * RamoContextView:manager:
   *
   * The session whose current context is shown.
   */
  properties [PROP_MANAGER] =
    g_param_spec_object ("manager", NULL, NULL,
                         RAMO_TYPE_SESSION_MANAGER,
                         (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "contextview");
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/ramo/Ramo/ui/ramo-context-view.ui");
  gtk_widget_class_bind_template_child (widget_class, RamoContextView, scroller);
  gtk_widget_class_bind_template_child (widget_class, RamoContextView, summary_label);
  gtk_widget_class_bind_template_child (widget_class, RamoContextView, earlier_button);
  gtk_widget_class_bind_template_child (widget_class, RamoContextView, messages_box);
  gtk_widget_class_bind_template_child (widget_class, RamoContextView, empty_page);
  gtk_widget_class_bind_template_callback (widget_class, earlier_clicked_cb);
}

static void
ramo_context_view_init (RamoContextView *self)
{
  GtkEventController *controller;

  gtk_widget_init_template (GTK_WIDGET (self));
  self->build_budget = CONTEXT_BUILD_BUDGET_US;

  self->manager_signals = g_signal_group_new (RAMO_TYPE_SESSION_MANAGER);
  g_signal_group_connect_object (self->manager_signals, "leaf-changed",
                                 G_CALLBACK (queue_refresh), self, G_CONNECT_SWAPPED);
  g_signal_group_connect_object (self->manager_signals, "reloaded",
                                 G_CALLBACK (manager_reloaded_cb), self, G_CONNECT_SWAPPED);
  /* other rules, other messages for the same entries */
  g_signal_group_connect_object (self->manager_signals, "notify::dialect",
                                 G_CALLBACK (manager_reloaded_cb), self, G_CONNECT_SWAPPED);

  controller = gtk_event_controller_scroll_new (GTK_EVENT_CONTROLLER_SCROLL_VERTICAL);
  g_signal_connect_object (controller, "scroll", G_CALLBACK (user_scrolled_cb), self, G_CONNECT_SWAPPED);
  gtk_widget_add_controller (GTK_WIDGET (self->scroller), controller);

  g_signal_connect_object (gtk_scrolled_window_get_vadjustment (self->scroller), "changed",
                           G_CALLBACK (scroll_to_end_cb), self, G_CONNECT_SWAPPED);

  gtk_accessible_update_property (GTK_ACCESSIBLE (self->messages_box),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Messages sent to the model"),
                                  -1);
}

/**
 * ramo_context_view_get_manager:
 * @self: a context view
 *
 * Returns: (transfer none) (nullable): the session
 */
RamoSessionManager *
ramo_context_view_get_manager (RamoContextView *self)
{
  g_return_val_if_fail (RAMO_IS_CONTEXT_VIEW (self), NULL);
  return self->manager;
}

/**
 * ramo_context_view_set_manager:
 * @self: a context view
 * @manager: (nullable): the session to show
 *
 * Shows the context of @manager's current leaf, and follows the leaf.
 */
void
ramo_context_view_set_manager (RamoContextView    *self,
                               RamoSessionManager *manager)
{
  g_return_if_fail (RAMO_IS_CONTEXT_VIEW (self));
  g_return_if_fail (!manager || RAMO_IS_SESSION_MANAGER (manager));

  if (self->manager == manager)
    return;

  g_signal_group_set_target (self->manager_signals, manager);
  g_clear_pointer (&self->context, ramo_session_context_unref);
  g_clear_pointer (&self->shown_ids, g_ptr_array_unref);
  g_set_object (&self->manager, manager);
  clear_messages (self);
  queue_refresh (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties [PROP_MANAGER]);
}

/**
 * ramo_context_view_get_n_messages:
 * @self: a context view
 *
 * Returns: how many messages the context of the current leaf has
 */
guint
ramo_context_view_get_n_messages (RamoContextView *self)
{
  g_return_val_if_fail (RAMO_IS_CONTEXT_VIEW (self), 0);
  return self->context ? ramo_session_context_get_n_messages (self->context) : 0;
}

/**
 * ramo_context_view_get_n_shown:
 * @self: a context view
 *
 * Returns: how many of them have widgets now (or have none to show: an empty summary)
 */
guint
ramo_context_view_get_n_shown (RamoContextView *self)
{
  guint waiting = 0;

  g_return_val_if_fail (RAMO_IS_CONTEXT_VIEW (self), 0);

  for (guint i = self->first_shown; self->widgets && i < self->build_next; i++)
    waiting += g_ptr_array_index (self->widgets, i) == NULL;
  return ramo_context_view_get_n_messages (self) - self->first_shown - waiting;
}

/**
 * _ramo_context_view_set_build_budget:
 * @self: a context view
 * @budget: microseconds of a frame to spend making message widgets; 0 makes one a frame
 *
 * For tests: how the widgets of a new context are spread over frames.
 */
void
_ramo_context_view_set_build_budget (RamoContextView *self,
                                     gint64           budget)
{
  g_return_if_fail (RAMO_IS_CONTEXT_VIEW (self));
  self->build_budget = budget;
}

/**
 * ramo_context_view_get_summary:
 * @self: a context view
 *
 * Returns: (nullable): the header line: model, thinking level, message count
 */
const char *
ramo_context_view_get_summary (RamoContextView *self)
{
  g_return_val_if_fail (RAMO_IS_CONTEXT_VIEW (self), NULL);
  return self->summary;
}

/* ramo-branch-picker.c
 *
 * Copyright 2026 The Ramo authors
 *
 * This program is free software: you can redistribute it and/or modify it under the terms of the
 * GNU General Public License as published by the Free Software Foundation, either version 3 of
 * the License, or (at your option) any later version.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ramo-branch-picker"

#include "config.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n.h>

#include "ramo-app-util.h"
#include "ramo-branch-picker.h"

/**
 * RamoBranchPicker:
 *
 * The dialog of the Branch command (pi's /branch, spec §6): the session's user messages,
 * newest first, searchable. Choosing one runs the parent window's `win.branch` action.
 */

/* ------------------------------------------------------------------------------------------ */
/* One row of the list                                                                         */

#define RAMO_TYPE_PICKER_ITEM (ramo_picker_item_get_type ())
G_DECLARE_FINAL_TYPE (RamoPickerItem, ramo_picker_item, RAMO, PICKER_ITEM, GObject)

struct _RamoPickerItem
{
  GObject  parent_instance;
  char    *id;
  char    *text;
  char    *time;
};

G_DEFINE_FINAL_TYPE (RamoPickerItem, ramo_picker_item, G_TYPE_OBJECT)

enum {
  ITEM_PROP_0,
  ITEM_PROP_ID,
  ITEM_PROP_TEXT,
  ITEM_PROP_TIME,
  ITEM_N_PROPS
};

static GParamSpec *item_properties [ITEM_N_PROPS];

static void
ramo_picker_item_finalize (GObject *object)
{
  RamoPickerItem *self = (RamoPickerItem *)object;

  g_clear_pointer (&self->id, g_free);
  g_clear_pointer (&self->text, g_free);
  g_clear_pointer (&self->time, g_free);

  G_OBJECT_CLASS (ramo_picker_item_parent_class)->finalize (object);
}

static void
ramo_picker_item_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  RamoPickerItem *self = RAMO_PICKER_ITEM (object);

  switch (prop_id)
    {
    case ITEM_PROP_ID:
      g_value_set_string (value, self->id);
      break;
    case ITEM_PROP_TEXT:
      g_value_set_string (value, self->text);
      break;
    case ITEM_PROP_TIME:
      g_value_set_string (value, self->time);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ramo_picker_item_class_init (RamoPickerItemClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = ramo_picker_item_finalize;
  object_class->get_property = ramo_picker_item_get_property;

  item_properties [ITEM_PROP_ID] =
    g_param_spec_string ("id", NULL, NULL, NULL, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  item_properties [ITEM_PROP_TEXT] =
    g_param_spec_string ("text", NULL, NULL, NULL, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  item_properties [ITEM_PROP_TIME] =
    g_param_spec_string ("time", NULL, NULL, NULL, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);

  g_object_class_install_properties (object_class, ITEM_N_PROPS, item_properties);
}

static void
ramo_picker_item_init (RamoPickerItem *self)
{
}

/* ------------------------------------------------------------------------------------------ */

struct _RamoBranchPicker
{
  AdwWindow           parent_instance;

  GListStore         *store;
  GtkFilterListModel *filtered;
  GtkStringFilter    *filter;
  GtkSingleSelection *selection;

  GtkSearchEntry     *search_entry;
  GtkStack           *stack;
  GtkListView        *list_view;
};

G_DEFINE_FINAL_TYPE (RamoBranchPicker, ramo_branch_picker, ADW_TYPE_WINDOW)

static int
compare_newest_first (gconstpointer a,
                      gconstpointer b)
{
  const RamoEntry *ea = *(const RamoEntry * const *) a;
  const RamoEntry *eb = *(const RamoEntry * const *) b;
  gboolean na = isnan (ea->time_ms);
  gboolean nb = isnan (eb->time_ms);

  if (!na && !nb && ea->time_ms != eb->time_ms)
    return ea->time_ms > eb->time_ms ? -1 : 1;
  if (na != nb)
    return na ? 1 : -1;
  /* same time: later in the file first */
  return ea->index > eb->index ? -1 : (ea->index < eb->index ? 1 : 0);
}

static void
update_stack (RamoBranchPicker *self)
{
  gboolean empty = g_list_model_get_n_items (G_LIST_MODEL (self->filtered)) == 0;

  gtk_stack_set_visible_child_name (self->stack, empty ? "empty" : "list");
}

static void
search_changed_cb (RamoBranchPicker *self,
                   GtkSearchEntry   *entry)
{
  ramo_branch_picker_set_search (self, gtk_editable_get_text (GTK_EDITABLE (entry)));
}

static void
search_activate_cb (RamoBranchPicker *self,
                    GtkSearchEntry   *entry)
{
  guint position = gtk_single_selection_get_selected (self->selection);

  if (position == GTK_INVALID_LIST_POSITION && g_list_model_get_n_items (G_LIST_MODEL (self->filtered)) > 0)
    position = 0;
  if (position != GTK_INVALID_LIST_POSITION)
    ramo_branch_picker_choose (self, position);
}

/* Escape in the search entry (where the focus starts) is the entry's own key, which the
 * window's binding never sees: it closes the picker too. */
static void
search_stop_cb (RamoBranchPicker *self,
                GtkSearchEntry   *entry)
{
  gtk_window_close (GTK_WINDOW (self));
}

static void
list_activate_cb (RamoBranchPicker *self,
                  guint             position,
                  GtkListView      *list_view)
{
  ramo_branch_picker_choose (self, position);
}

static void
ramo_branch_picker_dispose (GObject *object)
{
  RamoBranchPicker *self = (RamoBranchPicker *)object;

  gtk_widget_dispose_template (GTK_WIDGET (self), RAMO_TYPE_BRANCH_PICKER);

  g_clear_object (&self->selection);
  g_clear_object (&self->filtered);
  g_clear_object (&self->store);

  G_OBJECT_CLASS (ramo_branch_picker_parent_class)->dispose (object);
}

static void
ramo_branch_picker_class_init (RamoBranchPickerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = ramo_branch_picker_dispose;

  g_type_ensure (RAMO_TYPE_PICKER_ITEM);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/ramo/Ramo/ui/ramo-branch-picker.ui");
  gtk_widget_class_bind_template_child (widget_class, RamoBranchPicker, search_entry);
  gtk_widget_class_bind_template_child (widget_class, RamoBranchPicker, stack);
  gtk_widget_class_bind_template_child (widget_class, RamoBranchPicker, list_view);
  gtk_widget_class_bind_template_callback (widget_class, search_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, search_activate_cb);
  gtk_widget_class_bind_template_callback (widget_class, search_stop_cb);
  gtk_widget_class_bind_template_callback (widget_class, list_activate_cb);

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
ramo_branch_picker_init (RamoBranchPicker *self)
{
  GtkExpression *expression;

  gtk_widget_init_template (GTK_WIDGET (self));

  self->store = g_list_store_new (RAMO_TYPE_PICKER_ITEM);
  expression = gtk_property_expression_new (RAMO_TYPE_PICKER_ITEM, NULL, "text");
  self->filter = gtk_string_filter_new (expression);
  gtk_string_filter_set_ignore_case (self->filter, TRUE);
  gtk_string_filter_set_match_mode (self->filter, GTK_STRING_FILTER_MATCH_MODE_SUBSTRING);
  self->filtered = gtk_filter_list_model_new (g_object_ref (G_LIST_MODEL (self->store)),
                                              GTK_FILTER (self->filter));
  self->selection = gtk_single_selection_new (g_object_ref (G_LIST_MODEL (self->filtered)));
  gtk_list_view_set_model (self->list_view, GTK_SELECTION_MODEL (self->selection));
  g_signal_connect_object (self->filtered, "items-changed", G_CALLBACK (update_stack), self, G_CONNECT_SWAPPED);

  gtk_search_entry_set_key_capture_widget (self->search_entry, GTK_WIDGET (self));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->list_view),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("User messages"),
                                  -1);
}

/**
 * ramo_branch_picker_new:
 * @parent: the window whose `win.branch` action a choice runs
 * @manager: the session
 *
 * Returns: (transfer none): a new picker listing @manager's user messages, newest first
 */
RamoBranchPicker *
ramo_branch_picker_new (GtkWindow          *parent,
                        RamoSessionManager *manager)
{
  RamoBranchPicker *self;
  g_autoptr(GPtrArray) users = g_ptr_array_new ();
  guint n;

  g_return_val_if_fail (GTK_IS_WINDOW (parent), NULL);
  g_return_val_if_fail (RAMO_IS_SESSION_MANAGER (manager), NULL);

  self = g_object_new (RAMO_TYPE_BRANCH_PICKER,
                       "transient-for", parent,
                       NULL);

  n = ramo_session_manager_get_n_entries (manager);
  for (guint i = 0; i < n; i++)
    {
      RamoEntry *entry = ramo_session_manager_get_entry_at (manager, i);

      /* a shadowed line lost its id to a later one; only the winner is addressable */
      if (ramo_entry_is_user_message (entry) && !(entry->flags & RAMO_ENTRY_FLAG_SHADOWED))
        g_ptr_array_add (users, entry);
    }
  g_ptr_array_sort (users, compare_newest_first);

  for (guint i = 0; i < users->len; i++)
    {
      RamoEntry *entry = g_ptr_array_index (users, i);
      g_autoptr(RamoPickerItem) item = g_object_new (RAMO_TYPE_PICKER_ITEM, NULL);
      const char *text = entry->display ? entry->display : "";
      char timestamp[RAMO_ENTRY_TIMESTAMP_SIZE];

      if (g_str_has_prefix (text, "user: "))
        text += strlen ("user: ");
      item->id = g_strdup (entry->id);
      item->text = g_strdup (*text ? text : _("(empty message)"));
      item->time = ramo_format_timestamp (ramo_entry_get_timestamp (entry, timestamp));
      if (item->time == NULL)
        item->time = g_strdup ("");
      g_list_store_append (self->store, item);
    }
  update_stack (self);

  return self;
}

/**
 * ramo_branch_picker_get_model:
 * @self: a picker
 *
 * Returns: (transfer none): the messages shown (after the search), newest first
 */
GListModel *
ramo_branch_picker_get_model (RamoBranchPicker *self)
{
  g_return_val_if_fail (RAMO_IS_BRANCH_PICKER (self), NULL);
  return G_LIST_MODEL (self->filtered);
}

/**
 * ramo_branch_picker_set_search:
 * @self: a picker
 * @text: (nullable): text the messages must contain (any case)
 */
void
ramo_branch_picker_set_search (RamoBranchPicker *self,
                               const char       *text)
{
  g_return_if_fail (RAMO_IS_BRANCH_PICKER (self));

  gtk_string_filter_set_search (self->filter, text && *text ? text : NULL);
  update_stack (self);
}

/**
 * ramo_branch_picker_choose:
 * @self: a picker
 * @position: a position in the model
 *
 * Runs the parent window's `win.branch` for the message at @position and closes the picker.
 */
void
ramo_branch_picker_choose (RamoBranchPicker *self,
                           guint             position)
{
  g_autoptr(RamoPickerItem) item = NULL;
  g_autofree char *id = NULL;
  GtkWindow *parent;

  g_return_if_fail (RAMO_IS_BRANCH_PICKER (self));

  item = g_list_model_get_item (G_LIST_MODEL (self->filtered), position);
  if (item == NULL)
    return;

  id = g_strdup (item->id);
  parent = gtk_window_get_transient_for (GTK_WINDOW (self));
  gtk_window_close (GTK_WINDOW (self));
  if (parent && G_IS_ACTION_GROUP (parent))
    g_action_group_activate_action (G_ACTION_GROUP (parent), "branch", g_variant_new_string (id));
}

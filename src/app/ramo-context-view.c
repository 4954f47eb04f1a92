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

#include "ramo-app-util.h"
#include "ramo-context-view.h"
#include "ramo-json.h"
#include "ramo-message.h"
#include "ramo-session-context.h"

/**
 * RamoContextView:
 *
 * What the model would be sent for the current leaf (spec §4): the messages of the rebuilt
 * context in order, each under a heading with its role. Text is shown in selectable labels,
 * never as markup. Thinking, tool calls and tool output start folded and their widgets are
 * only made when unfolded; summaries are set apart as cards.
 *
 * Only the last %CONTEXT_FIRST_PAGE messages get widgets at first (a few screens: making
 * widgets for long messages is what opening a large session spent most of its time on);
 * "Show earlier" adds %CONTEXT_PAGE more at a time. The view is built in an idle callback
 * once a session is set (after the tree's first frame) and after the leaf moves, and not
 * at all when the messages are the same as before (a label edit moves the leaf without
 * changing the context).
 */

#define CONTEXT_FIRST_PAGE 40
#define CONTEXT_PAGE     200
#define MAX_LABEL_CHARS  20000

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

/* ------------------------------------------------------------------------------------------ */
/* Small widget makers                                                                         */

static GtkWidget *
text_label (const char *text,
            const char *css_class)
{
  GtkWidget *label = gtk_label_new (NULL);
  g_autofree char *shown = NULL;
  glong n_chars = g_utf8_strlen (text, -1);

  if (n_chars > MAX_LABEL_CHARS)
    {
      g_autofree char *head = g_utf8_substring (text, 0, MAX_LABEL_CHARS);

      shown = g_strdup_printf (_("%s\n… (%ld more characters; the Entry view shows all)"),
                               head, n_chars - MAX_LABEL_CHARS);
    }

  gtk_label_set_use_markup (GTK_LABEL (label), FALSE);
  gtk_label_set_text (GTK_LABEL (label), shown ? shown : text);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_selectable (GTK_LABEL (label), TRUE);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_set_halign (label, GTK_ALIGN_FILL);
  gtk_widget_add_css_class (label, "context-text");
  if (css_class)
    gtk_widget_add_css_class (label, css_class);
  return label;
}

typedef enum {
  LAZY_TEXT,
  LAZY_MONO,
  LAZY_JSON,
} LazyKind;

typedef struct {
  JsonNode *node;
  LazyKind  kind;
} LazyContent;

static void
lazy_content_free (gpointer data)
{
  LazyContent *lazy = data;

  g_clear_pointer (&lazy->node, json_node_unref);
  g_free (lazy);
}

static void
expander_expanded_cb (GtkExpander *expander,
                      GParamSpec  *pspec,
                      gpointer     user_data)
{
  LazyContent *lazy;
  g_autofree char *text = NULL;
  GtkWidget *child;

  if (!gtk_expander_get_expanded (expander) || gtk_expander_get_child (expander) != NULL)
    return;

  lazy = g_object_get_data (G_OBJECT (expander), "ramo-lazy");
  if (lazy == NULL)
    return;

  switch (lazy->kind)
    {
    case LAZY_JSON:
      text = ramo_pretty_json (lazy->node);
      break;
    case LAZY_MONO:
    case LAZY_TEXT:
    default:
      if (JSON_NODE_HOLDS_VALUE (lazy->node) && json_node_get_value_type (lazy->node) == G_TYPE_STRING)
        text = g_strdup (json_node_get_string (lazy->node));
      else
        text = ramo_content_dup_text (lazy->node, "\n", RAMO_CONTENT_FLAGS_NONE);
      break;
    }

  child = text_label (text && *text ? text : _("(empty)"),
                      lazy->kind == LAZY_TEXT ? NULL : "monospace");
  gtk_widget_set_margin_top (child, 6);
  gtk_widget_set_margin_start (child, 18);
  gtk_expander_set_child (expander, child);
}

/* A folded section whose content is only made into a widget when it is unfolded. */
static GtkWidget *
lazy_expander (const char *title,
               JsonNode   *node,
               LazyKind    kind,
               const char *css_class)
{
  GtkWidget *expander = gtk_expander_new (title);
  LazyContent *lazy = g_new0 (LazyContent, 1);
  GtkWidget *label;

  lazy->node = node ? json_node_ref (node) : json_node_init_string (json_node_alloc (), "");
  lazy->kind = kind;
  g_object_set_data_full (G_OBJECT (expander), "ramo-lazy", lazy, lazy_content_free);
  g_signal_connect (expander, "notify::expanded", G_CALLBACK (expander_expanded_cb), NULL);

  /* The title is file text too: keep it plain and on one line. */
  label = gtk_expander_get_label_widget (GTK_EXPANDER (expander));
  if (GTK_IS_LABEL (label))
    {
      gtk_label_set_use_markup (GTK_LABEL (label), FALSE);
      gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
      gtk_label_set_xalign (GTK_LABEL (label), 0);
    }
  gtk_widget_add_css_class (expander, "context-fold");
  if (css_class)
    gtk_widget_add_css_class (expander, css_class);
  return expander;
}

static char *
one_line (const char *text,
          guint       max_chars)
{
  g_autofree char *copy = g_strdup (text ? text : "");

  for (char *p = copy; *p; p++)
    if (*p == '\n' || *p == '\t' || *p == '\r')
      *p = ' ';
  g_strstrip (copy);
  return ramo_ellipsize_text (copy, max_chars);
}

static GtkWidget *
image_placeholder (JsonObject *block)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
  GtkWidget *icon = gtk_image_new_from_icon_name ("image-x-generic-symbolic");
  const char *mime = ramo_json_member_string (block, "mimeType");
  gsize size = ramo_base64_decoded_size (ramo_json_member_string (block, "data"));
  g_autofree char *text = g_strdup_printf (_("Image · %s · %" G_GSIZE_FORMAT " bytes"),
                                           mime ? mime : _("unknown type"), size);
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_box_append (GTK_BOX (box), icon);
  gtk_box_append (GTK_BOX (box), label);
  gtk_widget_add_css_class (box, "context-image");
  return box;
}

/* Appends the widgets for a `content` (string or blocks) to @box. */
static void
append_content (GtkBox   *box,
                JsonNode *content)
{
  RamoContentIter iter;

  if (content == NULL || JSON_NODE_HOLDS_NULL (content))
    return;

  if (!ramo_content_is_text_or_blocks (content))
    {
      gtk_box_append (box, lazy_expander (_("Content"), content, LAZY_JSON, NULL));
      return;
    }

  ramo_content_iter_init (&iter, content);
  while (ramo_content_iter_next (&iter))
    {
      if (iter.kind == RAMO_CONTENT_TEXT)
        {
          if (iter.text && iter.text[0] != '\0')
            gtk_box_append (box, text_label (iter.text, NULL));
        }
      else if (iter.kind == RAMO_CONTENT_THINKING)
        {
          if (iter.text == NULL || iter.text[0] == '\0')
            continue;
          gtk_box_append (box, lazy_expander (_("Thinking"), json_object_get_member (iter.block, "thinking"),
                                              LAZY_TEXT, "thinking"));
        }
      else if (iter.kind == RAMO_CONTENT_TOOL_CALL)
        {
          const char *name = ramo_json_member_string (iter.block, "name");
          JsonNode *arguments = json_object_get_member (iter.block, "arguments");
          g_autofree char *args = arguments ? ramo_json_to_string (arguments) : g_strdup ("");
          g_autofree char *brief = one_line (args, 80);
          g_autofree char *title = g_strdup_printf (_("Tool call · %s %s"), name ? name : "?", brief);

          gtk_box_append (box, lazy_expander (title, arguments, LAZY_JSON, "tool-call"));
        }
      else if (iter.kind == RAMO_CONTENT_IMAGE)
        gtk_box_append (box, image_placeholder (iter.block));
      else
        {
          const char *type = ramo_json_member_string (iter.block, "type");
          g_autofree char *title = g_strdup_printf (_("Block · %s"), type ? type : "?");

          gtk_box_append (box, lazy_expander (title, iter.node, LAZY_JSON, NULL));
        }
    }
}

static GtkWidget *
heading (const char *title,
         const char *time,
         const char *css_class)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
  GtkWidget *label = gtk_label_new (title);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  gtk_widget_add_css_class (label, "role-heading");
  if (css_class)
    gtk_widget_add_css_class (label, css_class);
  gtk_box_append (GTK_BOX (box), label);

  if (time)
    {
      GtkWidget *time_label = gtk_label_new (time);

      gtk_widget_set_hexpand (time_label, TRUE);
      gtk_label_set_xalign (GTK_LABEL (time_label), 1);
      gtk_widget_add_css_class (time_label, "dim-label");
      gtk_widget_add_css_class (time_label, "caption");
      gtk_box_append (GTK_BOX (box), time_label);
    }
  return box;
}

static GtkWidget *
message_widget (RamoContextItemKind  kind,
                RamoEntry           *entry,
                JsonNode            *message_node)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  g_autofree char *time = ramo_format_timestamp (entry->timestamp);
  JsonObject *message = NULL;
  const char *role = NULL;

  gtk_widget_add_css_class (box, "context-message");

  if (message_node && JSON_NODE_HOLDS_OBJECT (message_node))
    {
      message = json_node_get_object (message_node);
      role = ramo_json_member_string (message, "role");
    }

  if (kind == RAMO_CONTEXT_ITEM_BRANCH_SUMMARY || kind == RAMO_CONTEXT_ITEM_COMPACTION_SUMMARY)
    {
      const char *summary = ramo_json_member_string (message, "summary");
      g_autofree char *title = NULL;

      if (kind == RAMO_CONTEXT_ITEM_COMPACTION_SUMMARY)
        {
          JsonNode *tokens = message ? json_object_get_member (message, "tokensBefore") : NULL;

          if (tokens && JSON_NODE_HOLDS_VALUE (tokens) && json_node_get_value_type (tokens) != G_TYPE_STRING)
            title = g_strdup_printf (_("Compaction Summary · %" G_GINT64_FORMAT " tokens before"),
                                     (gint64) json_node_get_double (tokens));
          else
            title = g_strdup (_("Compaction Summary"));
          gtk_widget_add_css_class (box, "compaction");
        }
      else
        {
          title = g_strdup (_("Branch Summary"));
          gtk_widget_add_css_class (box, "branch-summary");
        }

      gtk_widget_add_css_class (box, "card");
      gtk_widget_add_css_class (box, "summary-card");
      gtk_box_append (GTK_BOX (box), heading (title, time, NULL));
      if (summary)
        gtk_box_append (GTK_BOX (box), text_label (summary, NULL));
      return box;
    }

  if (kind == RAMO_CONTEXT_ITEM_CUSTOM_MESSAGE || g_strcmp0 (role, "custom") == 0)
    {
      const char *custom_type = ramo_json_member_string (message, "customType");
      g_autofree char *title = g_strdup_printf (_("Extension Message · %s"), custom_type ? custom_type : "?");

      gtk_widget_add_css_class (box, "role-custom");
      gtk_box_append (GTK_BOX (box), heading (title, time, NULL));
      append_content (GTK_BOX (box), message ? json_object_get_member (message, "content") : NULL);
      return box;
    }

  if (g_strcmp0 (role, "user") == 0)
    {
      gtk_widget_add_css_class (box, "role-user");
      gtk_box_append (GTK_BOX (box), heading (_("User"), time, NULL));
      append_content (GTK_BOX (box), json_object_get_member (message, "content"));
    }
  else if (g_strcmp0 (role, "assistant") == 0)
    {
      const char *model = ramo_json_member_string (message, "model");
      const char *stop = ramo_json_member_string (message, "stopReason");
      const char *error = ramo_json_member_string (message, "errorMessage");
      g_autofree char *title = model ? g_strdup_printf (_("Assistant · %s"), model) : g_strdup (_("Assistant"));

      gtk_widget_add_css_class (box, "role-assistant");
      gtk_box_append (GTK_BOX (box), heading (title, time, NULL));
      append_content (GTK_BOX (box), json_object_get_member (message, "content"));
      if (g_strcmp0 (stop, "aborted") == 0)
        gtk_box_append (GTK_BOX (box), text_label (_("(aborted)"), "dim-label"));
      else if (error && error[0] != '\0')
        gtk_box_append (GTK_BOX (box), text_label (error, "error"));
    }
  else if (g_strcmp0 (role, "toolResult") == 0)
    {
      const char *tool = ramo_json_member_string (message, "toolName");
      gboolean is_error = json_object_get_boolean_member_with_default (message, "isError", FALSE);
      JsonNode *content = json_object_get_member (message, "content");
      g_autofree char *text = ramo_content_dup_text (content, "\n", RAMO_CONTENT_FLAGS_NONE);
      guint n_lines = text[0] ? 1 : 0;
      g_autofree char *title = g_strdup_printf (_("Tool Result · %s"), tool ? tool : "?");
      g_autofree char *fold = NULL;
      RamoContentIter iter;

      for (const char *p = text; *p; p++)
        n_lines += *p == '\n';
      fold = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Output · %u line", "Output · %u lines", n_lines),
                              n_lines);

      gtk_widget_add_css_class (box, "role-tool");
      if (is_error)
        gtk_widget_add_css_class (box, "tool-error");
      gtk_box_append (GTK_BOX (box), heading (title, time, is_error ? "error" : NULL));
      gtk_box_append (GTK_BOX (box), lazy_expander (fold, content, LAZY_MONO, "tool-output"));
      /* images in tool results (screenshots) */
      ramo_content_iter_init (&iter, content);
      while (ramo_content_iter_next (&iter))
        if (iter.kind == RAMO_CONTENT_IMAGE)
          gtk_box_append (GTK_BOX (box), image_placeholder (iter.block));
    }
  else if (g_strcmp0 (role, "bashExecution") == 0)
    {
      const char *command = ramo_json_member_string (message, "command");
      JsonNode *output = json_object_get_member (message, "output");
      g_autofree char *shown = g_strdup_printf ("$ %s", command ? command : "");

      gtk_widget_add_css_class (box, "role-bash");
      gtk_box_append (GTK_BOX (box), heading (_("Shell Command"), time, NULL));
      gtk_box_append (GTK_BOX (box), text_label (shown, "monospace"));
      if (output)
        gtk_box_append (GTK_BOX (box), lazy_expander (_("Output"), output, LAZY_MONO, "tool-output"));
    }
  else
    {
      g_autofree char *title = g_strdup_printf (_("Message · %s"), role ? role : "?");

      gtk_widget_add_css_class (box, "role-other");
      gtk_box_append (GTK_BOX (box), heading (title, time, NULL));
      if (message_node)
        gtk_box_append (GTK_BOX (box), lazy_expander (_("JSON"), message_node, LAZY_JSON, NULL));
    }

  return box;
}

/* ------------------------------------------------------------------------------------------ */

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
    {
      g_autofree char *text = g_strdup_printf (_("Could not read line %u: %s"), entry->line, error->message);
      GtkWidget *label = text_label (text, "error");

      return label;
    }
  if (message == NULL)
    return NULL; /* an empty branch summary is not part of the context */

  return message_widget (ramo_session_context_get_kind (self->context, position), entry, message);
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
clear_messages (RamoContextView *self)
{
  GtkWidget *child;

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
      g_clear_pointer (&self->context, ramo_session_context_unref);
      self->context = g_steal_pointer (&context);
      update_summary (self);
      return;
    }

  g_clear_pointer (&self->context, ramo_session_context_unref);
  self->context = g_steal_pointer (&context);

  /* Moving the leaf mostly keeps the start of the context: keep the widgets of the messages
   * both contexts share, and make only the rest. */
  {
    g_autoptr(GPtrArray) ids = g_ptr_array_new_full (n, g_free);
    g_autoptr(GPtrArray) widgets = g_ptr_array_new ();
    guint common = 0;
    guint first = n > CONTEXT_FIRST_PAGE ? n - CONTEXT_FIRST_PAGE : 0;
    GtkWidget *after = NULL;

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

    for (guint i = first; i < n; i++)
      {
        GtkWidget *widget = g_ptr_array_index (widgets, i);

        if (widget == NULL)
          {
            widget = build_item (self, i);
            if (widget == NULL)
              continue;
            gtk_box_insert_child_after (self->messages_box, widget, after);
            g_ptr_array_index (widgets, i) = widget;
          }
        after = widget;
      }

    g_clear_pointer (&self->shown_ids, g_ptr_array_unref);
    g_clear_pointer (&self->widgets, g_ptr_array_unref);
    self->shown_ids = g_steal_pointer (&ids);
    self->widgets = g_steal_pointer (&widgets);
    self->first_shown = first;
  }

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

  self->manager_signals = g_signal_group_new (RAMO_TYPE_SESSION_MANAGER);
  g_signal_group_connect_object (self->manager_signals, "leaf-changed",
                                 G_CALLBACK (queue_refresh), self, G_CONNECT_SWAPPED);
  g_signal_group_connect_object (self->manager_signals, "reloaded",
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
 * Returns: how many of them have widgets now
 */
guint
ramo_context_view_get_n_shown (RamoContextView *self)
{
  g_return_val_if_fail (RAMO_IS_CONTEXT_VIEW (self), 0);
  return ramo_context_view_get_n_messages (self) - self->first_shown;
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

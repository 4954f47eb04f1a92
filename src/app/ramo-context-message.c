/* ramo-context-message.c
 *
 * Copyright 2026 The Ramo authors
 *
 * This program is free software: you can redistribute it and/or modify it under the terms of the
 * GNU General Public License as published by the Free Software Foundation, either version 3 of
 * the License, or (at your option) any later version.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ramo-context-message"

#include "config.h"

#include <glib/gi18n.h>

#include "ramo-app-util.h"
#include "ramo-context-message.h"
#include "ramo-json.h"
#include "ramo-message.h"
#include "ramo-message-text.h"

/**
 * RamoContextMessage:
 *
 * One message of the context pane (RamoContextView): a heading with its role and time, then
 * its content blocks in order. Text is shown in selectable labels, never as markup; thinking,
 * tool calls, tool output and JSON start folded, and the widgets for what a fold holds are
 * only made when it is unfolded (most folds never are). Images are shown by type and size;
 * branch and compaction summaries are cards.
 *
 * The widget is made for one message and does not change after.
 */

#define MAX_LABEL_CHARS 20000

typedef enum {
  FOLD_TEXT,
  FOLD_MONO,
  FOLD_JSON,
} FoldKind;

/* What a folded section shows once it is unfolded. */
typedef struct {
  GtkExpander *expander;     /* (unowned) a descendant of the message */
  JsonNode    *node;         /* (owned) (nullable): NULL once the content is made */
  FoldKind     kind;
  gulong       expanded_id;
} Fold;

struct _RamoContextMessage
{
  GtkWidget  parent_instance;

  GPtrArray *folds;          /* (element-type Fold) (nullable): made with the first fold */

  GtkWidget *heading;        /* the title on the left, the time (if any) on the right */
  GtkLabel  *title_label;
  GtkLabel  *time_label;
};

G_DEFINE_FINAL_TYPE (RamoContextMessage, ramo_context_message, GTK_TYPE_WIDGET)

static void
fold_free (gpointer data)
{
  Fold *fold = data;

  g_clear_signal_handler (&fold->expanded_id, fold->expander);
  g_clear_pointer (&fold->node, json_node_unref);
  g_free (fold);
}

static void
append (RamoContextMessage *self,
        GtkWidget          *child)
{
  g_assert (RAMO_IS_CONTEXT_MESSAGE (self));

  gtk_widget_insert_before (child, GTK_WIDGET (self), NULL);
}

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

static void
fold_expanded_cb (GtkExpander *expander,
                  GParamSpec  *pspec,
                  Fold        *fold)
{
  g_autofree char *text = NULL;
  GtkWidget *child;

  if (!gtk_expander_get_expanded (expander))
    return;

  switch (fold->kind)
    {
    case FOLD_JSON:
      text = ramo_pretty_json (fold->node);
      break;
    case FOLD_MONO:
    case FOLD_TEXT:
    default:
      if (JSON_NODE_HOLDS_VALUE (fold->node) && json_node_get_value_type (fold->node) == G_TYPE_STRING)
        text = g_strdup (json_node_get_string (fold->node));
      else
        text = ramo_content_dup_text (fold->node, "\n", RAMO_CONTENT_FLAGS_NONE);
      break;
    }

  child = text_label (text && *text ? text : _("(empty)"),
                      fold->kind == FOLD_TEXT ? NULL : "monospace");
  gtk_widget_set_margin_top (child, 6);
  gtk_widget_set_margin_start (child, 18);
  gtk_expander_set_child (expander, child);

  /* Made once: the fold keeps its child, and needs neither the node nor the handler. */
  g_clear_pointer (&fold->node, json_node_unref);
  g_clear_signal_handler (&fold->expanded_id, expander);
}

/* Appends a folded section whose content is only made into a widget when it is unfolded. */
static void
append_fold (RamoContextMessage *self,
             const char         *title,
             JsonNode           *node,
             FoldKind            kind,
             const char         *css_class)
{
  GtkWidget *expander = gtk_expander_new (title);
  Fold *fold = g_new0 (Fold, 1);
  GtkWidget *label;

  g_assert (RAMO_IS_CONTEXT_MESSAGE (self));

  if (self->folds == NULL)
    self->folds = g_ptr_array_new_with_free_func (fold_free);

  fold->expander = GTK_EXPANDER (expander);
  fold->node = node ? json_node_ref (node) : json_node_init_string (json_node_alloc (), "");
  fold->kind = kind;
  fold->expanded_id = g_signal_connect (expander, "notify::expanded", G_CALLBACK (fold_expanded_cb), fold);
  g_ptr_array_add (self->folds, fold);

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
  append (self, expander);
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

static void
append_image (RamoContextMessage *self,
              JsonObject         *block)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
  GtkWidget *icon = gtk_image_new_from_icon_name ("image-x-generic-symbolic");
  g_autofree char *text = ramo_image_block_dup_caption (block);
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_box_append (GTK_BOX (box), icon);
  gtk_box_append (GTK_BOX (box), label);
  gtk_widget_add_css_class (box, "context-image");
  append (self, box);
}

/* Appends the widgets for a `content` (string or blocks). */
static void
append_content (RamoContextMessage *self,
                JsonNode           *content)
{
  RamoContentIter iter;

  if (content == NULL || JSON_NODE_HOLDS_NULL (content))
    return;

  if (!ramo_content_is_text_or_blocks (content))
    {
      append_fold (self, _("Content"), content, FOLD_JSON, NULL);
      return;
    }

  ramo_content_iter_init (&iter, content);
  while (ramo_content_iter_next (&iter))
    {
      if (iter.kind == RAMO_CONTENT_TEXT)
        {
          if (iter.text && iter.text[0] != '\0')
            append (self, text_label (iter.text, NULL));
        }
      else if (iter.kind == RAMO_CONTENT_THINKING)
        {
          if (iter.text == NULL || iter.text[0] == '\0')
            continue;
          append_fold (self, _("Thinking"), json_object_get_member (iter.block, "thinking"),
                       FOLD_TEXT, "thinking");
        }
      else if (iter.kind == RAMO_CONTENT_TOOL_CALL)
        {
          const char *name = ramo_json_member_string (iter.block, "name");
          JsonNode *arguments = json_object_get_member (iter.block, "arguments");
          g_autofree char *args = arguments ? ramo_json_to_string (arguments) : g_strdup ("");
          g_autofree char *brief = one_line (args, 80);
          g_autofree char *title = g_strdup_printf (_("Tool call · %s %s"), name ? name : "?", brief);

          append_fold (self, title, arguments, FOLD_JSON, "tool-call");
        }
      else if (iter.kind == RAMO_CONTENT_IMAGE)
        append_image (self, iter.block);
      else
        {
          const char *type = ramo_json_member_string (iter.block, "type");
          g_autofree char *title = g_strdup_printf (_("Block · %s"), type ? type : "?");

          append_fold (self, title, iter.node, FOLD_JSON, NULL);
        }
    }
}

static void
set_heading (RamoContextMessage *self,
             const char         *title,
             const char         *time,
             const char         *css_class)
{
  g_assert (RAMO_IS_CONTEXT_MESSAGE (self));

  gtk_label_set_text (self->title_label, title);
  if (css_class)
    gtk_widget_add_css_class (GTK_WIDGET (self->title_label), css_class);
  if (time)
    {
      gtk_label_set_text (self->time_label, time);
      gtk_widget_set_visible (GTK_WIDGET (self->time_label), TRUE);
    }
}

static void
build_summary (RamoContextMessage  *self,
               RamoContextItemKind  kind,
               JsonObject          *message,
               const char          *time)
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
      gtk_widget_add_css_class (GTK_WIDGET (self), "compaction");
    }
  else
    {
      title = g_strdup (_("Branch Summary"));
      gtk_widget_add_css_class (GTK_WIDGET (self), "branch-summary");
    }

  gtk_widget_add_css_class (GTK_WIDGET (self), "card");
  gtk_widget_add_css_class (GTK_WIDGET (self), "summary-card");
  set_heading (self, title, time, NULL);
  if (summary)
    append (self, text_label (summary, NULL));
}

static void
build_assistant (RamoContextMessage *self,
                 JsonObject         *message,
                 const char         *time)
{
  const char *model = ramo_json_member_string (message, "model");
  const char *stop = ramo_json_member_string (message, "stopReason");
  const char *error = ramo_json_member_string (message, "errorMessage");
  /* pi 1.6.0 records the thinking level a reply was made with */
  const char *thinking = ramo_json_member_string (message, "thinkingLevel");
  g_autofree char *title = NULL;

  if (model && thinking)
    /* Translators: the model of a reply, and the thinking level it used */
    title = g_strdup_printf (_("Assistant · %s · thinking %s"), model, thinking);
  else
    title = model ? g_strdup_printf (_("Assistant · %s"), model) : g_strdup (_("Assistant"));

  gtk_widget_add_css_class (GTK_WIDGET (self), "role-assistant");
  set_heading (self, title, time, NULL);
  append_content (self, json_object_get_member (message, "content"));
  if (g_strcmp0 (stop, "aborted") == 0)
    append (self, text_label (_("(aborted)"), "dim-label"));
  else if (error && error[0] != '\0')
    append (self, text_label (error, "error"));
}

static void
build_tool_result (RamoContextMessage *self,
                   JsonObject         *message,
                   const char         *time)
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

  gtk_widget_add_css_class (GTK_WIDGET (self), "role-tool");
  if (is_error)
    gtk_widget_add_css_class (GTK_WIDGET (self), "tool-error");
  set_heading (self, title, time, is_error ? "error" : NULL);
  append_fold (self, fold, content, FOLD_MONO, "tool-output");
  /* images in tool results (screenshots) */
  ramo_content_iter_init (&iter, content);
  while (ramo_content_iter_next (&iter))
    if (iter.kind == RAMO_CONTENT_IMAGE)
      append_image (self, iter.block);
}

static void
build_bash_execution (RamoContextMessage *self,
                      JsonObject         *message,
                      const char         *time)
{
  JsonNode *output = json_object_get_member (message, "output");
  g_autofree char *command = ramo_bash_execution_dup_command (message);

  gtk_widget_add_css_class (GTK_WIDGET (self), "role-bash");
  set_heading (self, _("Shell Command"), time, NULL);
  append (self, text_label (command, "monospace"));
  if (output)
    append_fold (self, _("Output"), output, FOLD_MONO, "tool-output");
}

/* Fills the widget in for a message of the context (spec §4's roles). */
/* Names of the tools a system message adds or removes, e.g. "+bash, +read, −edit". */
static void
append_tool_names (GString    *out,
                   JsonObject *message,
                   const char *member,
                   const char *sign)
{
  JsonNode *list = json_object_get_member (message, member);

  if (list == NULL || !JSON_NODE_HOLDS_ARRAY (list))
    return;
  for (guint i = 0; i < json_array_get_length (json_node_get_array (list)); i++)
    {
      JsonNode *tool = json_array_get_element (json_node_get_array (list), i);
      const char *name = JSON_NODE_HOLDS_OBJECT (tool) ? ramo_json_member_string (json_node_get_object (tool), "name") : NULL;

      g_string_append_printf (out, "%s%s%s", out->len ? ", " : "", sign, name ? name : "?");
    }
}

/* pi 1.6.0's system messages: the prompt, its named sections and the tools, patched on the way;
 * a compaction stores the whole of them as they stood at its boundary. */
static void
build_system (RamoContextMessage  *self,
              RamoContextItemKind  kind,
              JsonObject          *message,
              const char          *time)
{
  g_autoptr(GString) tools = g_string_new (NULL);
  JsonNode *sections = json_object_get_member (message, "sections");
  g_autofree char *text = ramo_content_dup_text (json_object_get_member (message, "content"), "\n",
                                                 RAMO_CONTENT_MARK_IMAGES);

  gtk_widget_add_css_class (GTK_WIDGET (self), "role-system");
  set_heading (self, kind == RAMO_CONTEXT_ITEM_COMPACTION_SYSTEM_MESSAGE
                     ? _("System Prompt · as at the compaction") : _("System Prompt"), time, NULL);
  if (*text)
    append_fold (self, _("Prompt"), json_object_get_member (message, "content"), FOLD_TEXT, NULL);
  if (sections && JSON_NODE_HOLDS_OBJECT (sections))
    {
      g_autoptr(GList) names = json_object_get_members (json_node_get_object (sections));

      for (GList *l = names; l; l = l->next)
        {
          JsonNode *value = json_object_get_member (json_node_get_object (sections), l->data);
          g_autofree char *title = JSON_NODE_HOLDS_NULL (value)
                                   ? g_strdup_printf (_("Section · %s · removed"), (char *) l->data)
                                   : g_strdup_printf (_("Section · %s"), (char *) l->data);

          if (JSON_NODE_HOLDS_NULL (value))
            append (self, text_label (title, "dim-label"));
          else
            append_fold (self, title, value, FOLD_TEXT, NULL);
        }
    }
  append_tool_names (tools, message, "toolsAdded", "+");
  append_tool_names (tools, message, "toolsRemoved", "−");
  if (tools->len > 0)
    {
      g_autofree char *line = g_strdup_printf (_("Tools: %s"), tools->str);

      append (self, text_label (line, "dim-label"));
    }
}

static void
build (RamoContextMessage  *self,
       RamoContextItemKind  kind,
       const RamoEntry     *entry,
       JsonNode            *message_node)
{
  char timestamp[RAMO_ENTRY_TIMESTAMP_SIZE];
  g_autofree char *time = ramo_format_timestamp (ramo_entry_get_timestamp (entry, timestamp));
  JsonObject *message = NULL;
  const char *role = NULL;

  g_assert (RAMO_IS_CONTEXT_MESSAGE (self));

  gtk_widget_add_css_class (GTK_WIDGET (self), "context-message");

  if (message_node && JSON_NODE_HOLDS_OBJECT (message_node))
    {
      message = json_node_get_object (message_node);
      role = ramo_json_member_string (message, "role");
    }

  if (kind == RAMO_CONTEXT_ITEM_BRANCH_SUMMARY || kind == RAMO_CONTEXT_ITEM_COMPACTION_SUMMARY)
    build_summary (self, kind, message, time);
  else if (kind == RAMO_CONTEXT_ITEM_CUSTOM_MESSAGE || g_strcmp0 (role, "custom") == 0)
    {
      const char *custom_type = ramo_json_member_string (message, "customType");
      g_autofree char *title = g_strdup_printf (_("Extension Message · %s"), custom_type ? custom_type : "?");

      gtk_widget_add_css_class (GTK_WIDGET (self), "role-custom");
      set_heading (self, title, time, NULL);
      append_content (self, message ? json_object_get_member (message, "content") : NULL);
    }
  else if (g_strcmp0 (role, "user") == 0)
    {
      gtk_widget_add_css_class (GTK_WIDGET (self), "role-user");
      set_heading (self, _("User"), time, NULL);
      append_content (self, json_object_get_member (message, "content"));
    }
  else if (g_strcmp0 (role, "assistant") == 0)
    build_assistant (self, message, time);
  else if (g_strcmp0 (role, "toolResult") == 0)
    build_tool_result (self, message, time);
  else if (g_strcmp0 (role, "bashExecution") == 0)
    build_bash_execution (self, message, time);
  else if (g_strcmp0 (role, "system") == 0)
    build_system (self, kind, message, time);
  else
    {
      g_autofree char *title = g_strdup_printf (_("Message · %s"), role ? role : "?");

      gtk_widget_add_css_class (GTK_WIDGET (self), "role-other");
      set_heading (self, title, time, NULL);
      if (message_node)
        append_fold (self, _("JSON"), message_node, FOLD_JSON, NULL);
    }
}

/**
 * ramo_context_message_mark_edited:
 * @self: a context message
 * @edit_id: the id of the `context_edit` entry whose replacement the message shows
 *
 * Marks the message as edited for the model (pi 1.6.0's context edits): the context holds the
 * replacement, not what the entry says in the file.
 */
void
ramo_context_message_mark_edited (RamoContextMessage *self,
                                  const char         *edit_id)
{
  GtkWidget *tag;
  g_autofree char *tooltip = NULL;

  g_return_if_fail (RAMO_IS_CONTEXT_MESSAGE (self));

  tag = gtk_label_new (_("Edited"));
  gtk_widget_add_css_class (tag, "pill");
  gtk_widget_add_css_class (tag, "context-edit");
  gtk_widget_set_valign (tag, GTK_ALIGN_CENTER);
  tooltip = g_strdup_printf (_("The model sees the replacement that context edit %s gives, not what the entry says"),
                             edit_id);
  gtk_widget_set_tooltip_text (tag, tooltip);
  gtk_box_insert_child_after (GTK_BOX (self->heading), tag, GTK_WIDGET (self->title_label));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, tooltip, -1);
}

static void
ramo_context_message_dispose (GObject *object)
{
  RamoContextMessage *self = (RamoContextMessage *)object;
  GtkWidget *child;

  /* before the expanders go: each fold holds a handler on one */
  g_clear_pointer (&self->folds, g_ptr_array_unref);

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))))
    gtk_widget_unparent (child);

  G_OBJECT_CLASS (ramo_context_message_parent_class)->dispose (object);
}

static void
ramo_context_message_class_init (RamoContextMessageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = ramo_context_message_dispose;

  gtk_widget_class_set_css_name (widget_class, "contextmessage");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BOX_LAYOUT);
}

static void
ramo_context_message_init (RamoContextMessage *self)
{
  GtkWidget *title_label = gtk_label_new (NULL);
  GtkWidget *time_label = gtk_label_new (NULL);
  GtkLayoutManager *layout = gtk_widget_get_layout_manager (GTK_WIDGET (self));

  gtk_orientable_set_orientation (GTK_ORIENTABLE (layout), GTK_ORIENTATION_VERTICAL);
  gtk_box_layout_set_spacing (GTK_BOX_LAYOUT (layout), 6);

  /* Made in code, not from a template: the pane makes up to 200 messages at a time, and a
   * builder run for each made "Show earlier" about a quarter slower. */
  self->heading = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
  self->title_label = GTK_LABEL (title_label);
  gtk_label_set_xalign (self->title_label, 0);
  gtk_label_set_ellipsize (self->title_label, PANGO_ELLIPSIZE_END);
  gtk_widget_add_css_class (title_label, "role-heading");
  gtk_box_append (GTK_BOX (self->heading), title_label);

  self->time_label = GTK_LABEL (time_label);
  gtk_widget_set_visible (time_label, FALSE);
  gtk_widget_set_hexpand (time_label, TRUE);
  gtk_label_set_xalign (self->time_label, 1);
  gtk_widget_add_css_class (time_label, "dim-label");
  gtk_widget_add_css_class (time_label, "caption");
  gtk_box_append (GTK_BOX (self->heading), time_label);

  gtk_widget_set_parent (self->heading, GTK_WIDGET (self));
}

/**
 * ramo_context_message_new:
 * @kind: what the message is in the context
 * @entry: the entry it comes from (for its time)
 * @message: the message, as ramo_session_context_dup_message() gives it
 *
 * Makes the widget for one message of the context: a user, assistant, tool result, shell
 * command, extension or other message, or a branch or compaction summary.
 *
 * Returns: (transfer floating): a new #RamoContextMessage
 */
GtkWidget *
ramo_context_message_new (RamoContextItemKind  kind,
                          const RamoEntry     *entry,
                          JsonNode            *message)
{
  RamoContextMessage *self;

  g_return_val_if_fail (entry != NULL, NULL);
  g_return_val_if_fail (message != NULL, NULL);

  self = g_object_new (RAMO_TYPE_CONTEXT_MESSAGE, NULL);
  build (self, kind, entry, message);
  return GTK_WIDGET (self);
}

/**
 * ramo_context_message_new_unreadable:
 * @entry: the entry whose message could not be read
 * @error: why
 *
 * Makes the widget that stands for a message the file no longer gives: a line in the error
 * colour, without heading.
 *
 * Returns: (transfer floating): a new #RamoContextMessage
 */
GtkWidget *
ramo_context_message_new_unreadable (const RamoEntry *entry,
                                     const GError    *error)
{
  RamoContextMessage *self;
  g_autofree char *text = NULL;

  g_return_val_if_fail (entry != NULL, NULL);
  g_return_val_if_fail (error != NULL, NULL);

  self = g_object_new (RAMO_TYPE_CONTEXT_MESSAGE, NULL);
  text = g_strdup_printf (_("Could not read line %u: %s"), entry->line, error->message);
  gtk_widget_set_visible (self->heading, FALSE);
  append (self, text_label (text, "error"));
  return GTK_WIDGET (self);
}

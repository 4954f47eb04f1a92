/* ramo-entry-view.c
 *
 * Copyright 2026 The Ramo authors
 *
 * This program is free software: you can redistribute it and/or modify it under the terms of the
 * GNU General Public License as published by the Free Software Foundation, either version 3 of
 * the License, or (at your option) any later version.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ramo-entry-view"

#include "config.h"

#include <string.h>

#include <adwaita.h>
#include <glib/gi18n.h>

#include "ramo-app-util.h"
#include "ramo-entry-view.h"
#include "ramo-figures-text.h"
#include "ramo-files-list.h"
#include "ramo-json.h"
#include "ramo-message.h"
#include "ramo-message-text.h"

/**
 * RamoEntryView:
 *
 * The whole of one entry, read from the file when it is selected: a message's text (with its
 * thinking and tool calls spelled out), a summary, or the entry as indented JSON for the other
 * types. The JSON button shows any entry as JSON. Image data is replaced by its size. Above it,
 * the figures of the entry's branch, of its subtree and of its path from the root.
 */

#define MAX_BODY_BYTES (512 * 1024)

struct _RamoEntryView
{
  GtkWidget           parent_instance;

  RamoSessionManager *manager;
  char               *id;
  char               *title;

  GtkStack           *stack;
  GtkLabel           *title_label;
  GtkLabel           *meta_label;
  GtkLabel           *figures_label;
  GtkToggleButton    *json_button;
  GtkTextView        *text_view;
  RamoFilesList      *files_list;
};

G_DEFINE_FINAL_TYPE (RamoEntryView, ramo_entry_view, GTK_TYPE_WIDGET)

static void
append_paragraph (GString    *out,
                  const char *text)
{
  if (text == NULL || text[0] == '\0')
    return;
  if (out->len > 0)
    g_string_append (out, "\n\n");
  g_string_append (out, text);
}

/* A content (string or blocks) spelled out as text. */
static void
append_readable_content (GString  *out,
                         JsonNode *content)
{
  RamoContentIter iter;

  ramo_content_iter_init (&iter, content);
  while (ramo_content_iter_next (&iter))
    {
      if (iter.kind == RAMO_CONTENT_TEXT)
        append_paragraph (out, iter.text);
      else if (iter.kind == RAMO_CONTENT_THINKING)
        {
          if (iter.text && iter.text[0])
            {
              g_autofree char *text = g_strdup_printf (_("Thinking:\n%s"), iter.text);
              append_paragraph (out, text);
            }
        }
      else if (iter.kind == RAMO_CONTENT_TOOL_CALL)
        {
          JsonNode *arguments = json_object_get_member (iter.block, "arguments");
          g_autofree char *args = arguments ? ramo_pretty_json (arguments) : g_strdup ("");
          g_autofree char *text = g_strdup_printf (_("Tool call %s:\n%s"),
                                                   ramo_json_member_string (iter.block, "name") ?: "?", args);
          append_paragraph (out, text);
        }
      else if (iter.kind == RAMO_CONTENT_IMAGE)
        {
          g_autofree char *caption = ramo_image_block_dup_caption (iter.block);
          g_autofree char *text = g_strdup_printf ("[%s]", caption);

          append_paragraph (out, text);
        }
      else
        {
          g_autofree char *json = ramo_pretty_json (iter.node);
          append_paragraph (out, json);
        }
    }
}

/* Returns the readable body of an entry, or NULL when JSON suits it better. */
static char *
readable_body (const RamoEntry *entry,
               JsonObject      *object)
{
  g_autoptr(GString) out = g_string_new (NULL);
  JsonObject *message = NULL;
  JsonNode *node;

  switch ((RamoEntryType) entry->type)
    {
    case RAMO_ENTRY_TYPE_MESSAGE:
      node = json_object_get_member (object, "message");
      if (node == NULL || !JSON_NODE_HOLDS_OBJECT (node))
        return NULL;
      message = json_node_get_object (node);
      if (entry->role == RAMO_MESSAGE_ROLE_BASH_EXECUTION)
        {
          g_autofree char *command = ramo_bash_execution_dup_command (message);

          append_paragraph (out, command);
          append_paragraph (out, ramo_json_member_string (message, "output"));
        }
      else
        {
          append_readable_content (out, json_object_get_member (message, "content"));
          if (entry->role == RAMO_MESSAGE_ROLE_ASSISTANT)
            append_paragraph (out, ramo_json_member_string (message, "errorMessage"));
        }
      break;

    case RAMO_ENTRY_TYPE_CUSTOM_MESSAGE:
      append_readable_content (out, json_object_get_member (object, "content"));
      break;

    case RAMO_ENTRY_TYPE_BRANCH_SUMMARY:
    case RAMO_ENTRY_TYPE_COMPACTION:
      append_paragraph (out, ramo_json_member_string (object, "summary"));
      break;

    case RAMO_ENTRY_TYPE_UNKNOWN:
    case RAMO_ENTRY_TYPE_THINKING_LEVEL_CHANGE:
    case RAMO_ENTRY_TYPE_MODEL_CHANGE:
    case RAMO_ENTRY_TYPE_CUSTOM:
    case RAMO_ENTRY_TYPE_LABEL:
    case RAMO_ENTRY_TYPE_SESSION_INFO:
    default:
      return NULL;
    }

  if (out->len == 0)
    return g_strdup (_("(no text)"));
  return g_string_free (g_steal_pointer (&out), FALSE);
}

static const char *
entry_title (const RamoEntry *entry)
{
  switch ((RamoEntryType) entry->type)
    {
    case RAMO_ENTRY_TYPE_MESSAGE:
      switch ((RamoMessageRole) entry->role)
        {
        case RAMO_MESSAGE_ROLE_USER: return _("User Message");
        case RAMO_MESSAGE_ROLE_ASSISTANT: return _("Assistant Message");
        case RAMO_MESSAGE_ROLE_TOOL_RESULT: return _("Tool Result");
        case RAMO_MESSAGE_ROLE_BASH_EXECUTION: return _("Shell Command");
        case RAMO_MESSAGE_ROLE_CUSTOM: return _("Extension Message");
        case RAMO_MESSAGE_ROLE_SYSTEM: return _("System Prompt");
        case RAMO_MESSAGE_ROLE_NONE:
        case RAMO_MESSAGE_ROLE_OTHER:
        default: return _("Message");
        }
    case RAMO_ENTRY_TYPE_THINKING_LEVEL_CHANGE: return _("Thinking Level Change");
    case RAMO_ENTRY_TYPE_MODEL_CHANGE: return _("Model Change");
    case RAMO_ENTRY_TYPE_COMPACTION: return _("Compaction");
    case RAMO_ENTRY_TYPE_BRANCH_SUMMARY: return _("Branch Summary");
    case RAMO_ENTRY_TYPE_CUSTOM: return _("Extension Data");
    case RAMO_ENTRY_TYPE_CUSTOM_MESSAGE: return _("Extension Message");
    case RAMO_ENTRY_TYPE_LABEL: return _("Label Change");
    case RAMO_ENTRY_TYPE_SESSION_INFO: return _("Session Name");
    case RAMO_ENTRY_TYPE_CONTEXT_EDIT: return _("Context Edit");
    case RAMO_ENTRY_TYPE_USAGE: return _("Usage");
    case RAMO_ENTRY_TYPE_UNKNOWN:
    default: return _("Entry");
    }
}

static void
set_body (RamoEntryView *self,
          const char    *text,
          gboolean       monospace)
{
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (self->text_view);
  gsize len = strlen (text);

  if (len > MAX_BODY_BYTES)
    {
      const char *end = text + MAX_BODY_BYTES;
      g_autofree char *cut = NULL;
      g_autofree char *shown = NULL;

      /* back up to a character boundary */
      while (end > text && ((guchar) *end & 0xC0) == 0x80)
        end--;
      cut = g_strndup (text, end - text);
      shown = g_strdup_printf (_("%s\n\n… (%" G_GSIZE_FORMAT " more bytes not shown)"), cut,
                               len - (gsize) (end - text));
      gtk_text_buffer_set_text (buffer, shown, -1);
    }
  else
    gtk_text_buffer_set_text (buffer, text, -1);

  gtk_text_view_set_monospace (self->text_view, monospace);
}

/* The figures of @entry's branch, subtree and path, one line each. */
static char *
figures_text (RamoSessionManager *manager,
              const RamoEntry    *entry)
{
  g_autoptr(GString) out = g_string_new (NULL);
  g_autofree char *branch = NULL, *subtree = NULL, *path = NULL;
  const char *fork = NULL;
  RamoFigures figures;

  if (!ramo_session_manager_get_figures (manager, RAMO_FIGURES_BRANCH, entry->id, &figures))
    return g_strdup ("");
  branch = ramo_figures_dup_summary (&figures);
  ramo_session_manager_get_branch_start (manager, entry->id, &fork);
  if (fork)
    g_string_append_printf (out, _("Branch after %s: %s"), fork, branch);
  else
    g_string_append_printf (out, _("Branch from the root: %s"), branch);
  ramo_session_manager_get_figures (manager, RAMO_FIGURES_SUBTREE, entry->id, &figures);
  subtree = ramo_figures_dup_summary (&figures);
  g_string_append_c (out, '\n');
  g_string_append_printf (out, _("This entry and below: %s"), subtree);
  ramo_session_manager_get_figures (manager, RAMO_FIGURES_PATH, entry->id, &figures);
  path = ramo_figures_dup_summary (&figures);
  g_string_append_c (out, '\n');
  g_string_append_printf (out, _("Path from the root: %s"), path);
  return g_string_free (g_steal_pointer (&out), FALSE);
}

static void
reload (RamoEntryView *self)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) node = NULL;
  g_autofree char *time = NULL;
  g_autofree char *body = NULL;
  g_autoptr(GString) meta = NULL;
  char timestamp[RAMO_ENTRY_TIMESTAMP_SIZE];
  RamoEntry *entry = NULL;
  const char *label;

  g_assert (RAMO_IS_ENTRY_VIEW (self));

  if (self->manager && self->id)
    entry = ramo_session_manager_get_entry (self->manager, self->id);

  if (entry == NULL)
    {
      gtk_stack_set_visible_child_name (self->stack, "empty");
      gtk_text_buffer_set_text (gtk_text_view_get_buffer (self->text_view), "", 0);
      g_clear_pointer (&self->title, g_free);
      return;
    }

  gtk_stack_set_visible_child_name (self->stack, "entry");

  g_free (self->title);
  self->title = g_strdup (entry_title (entry));
  gtk_label_set_text (self->title_label, self->title);

  meta = g_string_new (NULL);
  g_string_append_printf (meta, _("Entry %s"), entry->id);
  if (entry->parent_id)
    g_string_append_printf (meta, _(" · parent %s"), entry->parent_id);
  time = ramo_format_timestamp (ramo_entry_get_timestamp (entry, timestamp));
  if (time)
    g_string_append_printf (meta, " · %s", time);
  g_string_append_printf (meta, _(" · line %u"), entry->line);
  label = ramo_session_manager_get_label (self->manager, entry->id);
  if (label)
    g_string_append_printf (meta, _(" · label “%s”"), label);
  gtk_label_set_text (self->meta_label, meta->str);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->meta_label), meta->str);
  {
    g_autofree char *figures = figures_text (self->manager, entry);

    gtk_label_set_text (self->figures_label, figures);
    gtk_widget_set_tooltip_text (GTK_WIDGET (self->figures_label), figures);
  }

  node = ramo_session_manager_read_entry (self->manager, entry, &error);
  if (node == NULL)
    {
      g_autofree char *text = g_strdup_printf (_("Could not read this entry: %s"), error->message);

      set_body (self, text, FALSE);
      return;
    }

  if (!gtk_toggle_button_get_active (self->json_button) && JSON_NODE_HOLDS_OBJECT (node))
    body = readable_body (entry, json_node_get_object (node));

  if (body)
    set_body (self, body, FALSE);
  else
    {
      g_autofree char *json = NULL;

      ramo_json_elide_images (node);
      json = ramo_pretty_json (node);
      set_body (self, json, TRUE);
    }
}

static void
json_toggled_cb (RamoEntryView   *self,
                 GtkToggleButton *button)
{
  g_assert (RAMO_IS_ENTRY_VIEW (self));
  reload (self);
}

static void
ramo_entry_view_dispose (GObject *object)
{
  RamoEntryView *self = (RamoEntryView *)object;

  g_clear_object (&self->manager);
  gtk_widget_dispose_template (GTK_WIDGET (self), RAMO_TYPE_ENTRY_VIEW);

  G_OBJECT_CLASS (ramo_entry_view_parent_class)->dispose (object);
}

static void
ramo_entry_view_finalize (GObject *object)
{
  RamoEntryView *self = (RamoEntryView *)object;

  g_clear_pointer (&self->id, g_free);
  g_clear_pointer (&self->title, g_free);

  G_OBJECT_CLASS (ramo_entry_view_parent_class)->finalize (object);
}

static void
ramo_entry_view_class_init (RamoEntryViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = ramo_entry_view_dispose;
  object_class->finalize = ramo_entry_view_finalize;

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "entryview");
  g_type_ensure (RAMO_TYPE_FILES_LIST);
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/ramo/Ramo/ui/ramo-entry-view.ui");
  gtk_widget_class_bind_template_child (widget_class, RamoEntryView, stack);
  gtk_widget_class_bind_template_child (widget_class, RamoEntryView, title_label);
  gtk_widget_class_bind_template_child (widget_class, RamoEntryView, meta_label);
  gtk_widget_class_bind_template_child (widget_class, RamoEntryView, figures_label);
  gtk_widget_class_bind_template_child (widget_class, RamoEntryView, json_button);
  gtk_widget_class_bind_template_child (widget_class, RamoEntryView, text_view);
  gtk_widget_class_bind_template_child (widget_class, RamoEntryView, files_list);
  gtk_widget_class_bind_template_callback (widget_class, json_toggled_cb);
}

static void
ramo_entry_view_init (RamoEntryView *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  gtk_accessible_update_property (GTK_ACCESSIBLE (self->text_view),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Entry text"),
                                  -1);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->json_button),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Show as JSON"),
                                  -1);
}

/**
 * ramo_entry_view_set_entry:
 * @self: an entry view
 * @manager: (nullable): the session
 * @id: (nullable): the entry to show
 *
 * Shows the entry @id of @manager (reading it from the file now), or nothing.
 */
void
ramo_entry_view_set_entry (RamoEntryView      *self,
                           RamoSessionManager *manager,
                           const char         *id)
{
  g_return_if_fail (RAMO_IS_ENTRY_VIEW (self));

  g_set_object (&self->manager, manager);
  if (self->id != id)
    {
      char *copy = g_strdup (id);

      g_free (self->id);
      self->id = copy;
    }
  reload (self);
  ramo_files_list_set_entry (self->files_list, manager, id);
}

/**
 * ramo_entry_view_get_entry_id:
 * @self: an entry view
 *
 * Returns: (nullable): the id of the entry shown
 */
const char *
ramo_entry_view_get_entry_id (RamoEntryView *self)
{
  g_return_val_if_fail (RAMO_IS_ENTRY_VIEW (self), NULL);
  return self->id;
}

/**
 * ramo_entry_view_dup_text:
 * @self: an entry view
 *
 * Returns: (transfer full): the text shown
 */
char *
ramo_entry_view_dup_text (RamoEntryView *self)
{
  GtkTextBuffer *buffer;
  GtkTextIter start, end;

  g_return_val_if_fail (RAMO_IS_ENTRY_VIEW (self), NULL);

  buffer = gtk_text_view_get_buffer (self->text_view);
  gtk_text_buffer_get_bounds (buffer, &start, &end);
  return gtk_text_buffer_get_text (buffer, &start, &end, FALSE);
}

/**
 * ramo_entry_view_get_title:
 * @self: an entry view
 *
 * Returns: (nullable): the kind of entry shown, e.g. "User Message"
 */
/**
 * ramo_entry_view_get_files_list:
 * @self: an entry view
 *
 * Returns: (transfer none): the list of the files the entry's branch touched
 */
RamoFilesList *
ramo_entry_view_get_files_list (RamoEntryView *self)
{
  g_return_val_if_fail (RAMO_IS_ENTRY_VIEW (self), NULL);
  return self->files_list;
}

const char *
ramo_entry_view_get_title (RamoEntryView *self)
{
  g_return_val_if_fail (RAMO_IS_ENTRY_VIEW (self), NULL);
  return self->title;
}

/**
 * ramo_entry_view_get_figures_text:
 * @self: an entry view
 *
 * Returns: the figures shown of the entry's branch, subtree and path, one line each ("" when
 *   no entry is shown)
 */
const char *
ramo_entry_view_get_figures_text (RamoEntryView *self)
{
  g_return_val_if_fail (RAMO_IS_ENTRY_VIEW (self), "");
  return gtk_label_get_text (self->figures_label);
}

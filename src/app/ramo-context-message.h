/* ramo-context-message.h
 *
 * Copyright 2026 The Ramo authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "ramo-session-context.h"

G_BEGIN_DECLS

#define RAMO_TYPE_CONTEXT_MESSAGE (ramo_context_message_get_type ())

G_DECLARE_FINAL_TYPE (RamoContextMessage, ramo_context_message, RAMO, CONTEXT_MESSAGE, GtkWidget)

GtkWidget *ramo_context_message_new            (RamoContextItemKind  kind,
                                                const RamoEntry     *entry,
                                                JsonNode            *message);
void       ramo_context_message_mark_edited    (RamoContextMessage  *self,
                                               const char          *edit_id);
GtkWidget *ramo_context_message_new_unreadable (const RamoEntry     *entry,
                                                const GError        *error);

G_END_DECLS

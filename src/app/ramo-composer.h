/* ramo-composer.h — the editor at the bottom of the window: the next message, Send and Stop,
 * the agent's model and thinking level, and its reply as it streams
 *
 * Copyright 2026 The Ramo authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define RAMO_TYPE_COMPOSER (ramo_composer_get_type ())

G_DECLARE_FINAL_TYPE (RamoComposer, ramo_composer, RAMO, COMPOSER, GtkWidget)

GtkWidget   *ramo_composer_new                 (void);
GtkTextView *ramo_composer_get_text_view       (RamoComposer       *self);
char        *ramo_composer_dup_text            (RamoComposer       *self);
void         ramo_composer_set_text            (RamoComposer       *self,
                                                const char         *text);
gboolean     ramo_composer_is_empty            (RamoComposer       *self);
gboolean     ramo_composer_holds_user_text     (RamoComposer       *self);
void         ramo_composer_set_agent_name      (RamoComposer       *self,
                                                const char         *name);
void         ramo_composer_set_attached        (RamoComposer       *self,
                                                gboolean            attached);
void         ramo_composer_set_busy            (RamoComposer       *self,
                                                gboolean            busy,
                                                gboolean            steer);
void         ramo_composer_set_status          (RamoComposer       *self,
                                                const char         *status,
                                                gboolean            working);
void         ramo_composer_clear_reply         (RamoComposer       *self);
void         ramo_composer_append_reply        (RamoComposer       *self,
                                                const char         *text);
const char  *ramo_composer_get_reply_text      (RamoComposer       *self);
gboolean     ramo_composer_get_reply_shown     (RamoComposer       *self);
void         ramo_composer_set_activity        (RamoComposer       *self,
                                                const char         *text);
void         ramo_composer_set_queue           (RamoComposer       *self,
                                                const char * const *steering,
                                                const char * const *follow_up);
void         ramo_composer_set_models          (RamoComposer       *self,
                                                const char * const *names,
                                                int                 selected);
int          ramo_composer_get_model_index     (RamoComposer       *self);
void         ramo_composer_set_thinking_levels (RamoComposer       *self,
                                                const char * const *levels,
                                                const char         *current);
void         ramo_composer_show_error          (RamoComposer       *self,
                                                const char         *message,
                                                const char         *button_label,
                                                const char         *action_name);
void         ramo_composer_hide_error          (RamoComposer       *self);
const char  *ramo_composer_get_error_text      (RamoComposer       *self);

G_END_DECLS

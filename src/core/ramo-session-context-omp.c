/* ramo-session-context-omp.c
 *
 * Copyright 2026 The Ramo authors
 *
 * This program is free software: you can redistribute it and/or modify it under the terms of the
 * GNU General Public License as published by the Free Software Foundation, either version 3 of
 * the License, or (at your option) any later version.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ramo-context"

#include "config.h"

#include <string.h>

#include "ramo-session-context-private.h"
#include "ramo-session-manager-private.h"

/* The context of an oh-my-pi session (oh-my-pi 18.2.3, src/session/session-context.ts,
 * buildSessionContext()). So far the rules pi 0.73.1 shares with it: the path's settings, the
 * latest compaction's summary, its kept entries and what follows. */

void
_ramo_session_context_build_omp (RamoSessionContext *self,
                                 GPtrArray          *path)
{
  RamoEntry *compaction = NULL;
  guint compaction_index = 0;

  if (path == NULL)
    return;

  for (guint i = 0; i < path->len; i++)
    {
      RamoEntry *entry = g_ptr_array_index (path, i);

      switch ((RamoEntryType) entry->type)
        {
        case RAMO_ENTRY_TYPE_THINKING_LEVEL_CHANGE:
          self->thinking_level = entry->aux1;
          break;
        case RAMO_ENTRY_TYPE_MODEL_CHANGE:
          self->has_model = TRUE;
          self->provider = entry->aux1;
          self->model_id = entry->aux2;
          break;
        case RAMO_ENTRY_TYPE_MESSAGE:
          if (entry->role == RAMO_MESSAGE_ROLE_ASSISTANT)
            {
              self->has_model = TRUE;
              self->provider = entry->aux1;
              self->model_id = entry->aux2;
            }
          break;
        case RAMO_ENTRY_TYPE_COMPACTION:
          compaction = entry;
          compaction_index = i;
          break;
        case RAMO_ENTRY_TYPE_UNKNOWN:
          if (g_strcmp0 (entry->type_name, "mode_change") == 0)
            {
              self->mode = entry->aux1 ? entry->aux1 : "\"none\"";
              self->mode_data = entry->aux2;
            }
          else if (g_strcmp0 (entry->type_name, "ttsr_injection") == 0 && entry->aux1)
            g_ptr_array_add (self->rules, (gpointer) entry->aux1);
          break;
        default:
          break;
        }
    }

  if (compaction)
    _ramo_session_context_add_item (self, RAMO_CONTEXT_ITEM_COMPACTION_SUMMARY, compaction);
  for (guint i = 0, found_first_kept = FALSE; i < path->len; i++)
    {
      RamoEntry *entry = g_ptr_array_index (path, i);

      if (compaction && i < compaction_index)
        {
          if (!found_first_kept && compaction->first_kept_id)
            found_first_kept = strcmp (entry->id, compaction->first_kept_id) == 0;
          if (!found_first_kept)
            continue;
        }
      else if (compaction && i == compaction_index)
        continue;
      switch ((RamoEntryType) entry->type)
        {
        case RAMO_ENTRY_TYPE_MESSAGE:
          _ramo_session_context_add_item (self, RAMO_CONTEXT_ITEM_MESSAGE, entry);
          break;
        case RAMO_ENTRY_TYPE_CUSTOM_MESSAGE:
          _ramo_session_context_add_item (self, RAMO_CONTEXT_ITEM_CUSTOM_MESSAGE, entry);
          break;
        case RAMO_ENTRY_TYPE_BRANCH_SUMMARY:
          _ramo_session_context_add_item (self, RAMO_CONTEXT_ITEM_BRANCH_SUMMARY, entry);
          break;
        default:
          break;
        }
    }
}

gboolean
_ramo_session_context_write_omp (RamoSessionContext  *self,
                                 RamoContextItem     *item,
                                 RamoScan            *scan,
                                 GString             *out,
                                 gboolean            *skipped,
                                 GError             **error)
{
  return _ramo_session_context_write_pi (self, item, scan, out, skipped, error);
}

void
_ramo_session_context_write_omp_settings (RamoSessionContext *self G_GNUC_UNUSED,
                                          GString            *out G_GNUC_UNUSED)
{
}

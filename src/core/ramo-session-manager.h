/* ramo-session-manager.h
 *
 * Copyright 2026 The Ramo authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>
#include <json-glib/json-glib.h>

#include "ramo-dialect.h"
#include "ramo-entry.h"
#include "ramo-figures.h"
#include "ramo-session-problem.h"
#include "ramo-types.h"

G_BEGIN_DECLS

#define RAMO_SESSION_ERROR (ramo_session_error_quark ())

/**
 * RamoSessionError:
 * @RAMO_SESSION_ERROR_INVALID_FILE: the file is not a session: empty, or no header and no line
 *   that is an entry (a file with entries and a missing or broken header opens read-only)
 * @RAMO_SESSION_ERROR_NOT_FOUND: no entry has the given id
 * @RAMO_SESSION_ERROR_IO: reading or writing the file failed; the message gives the path and
 *   why (g_strerror() of the system's `errno`), and ramo_session_error_get_io_error() the
 *   #GIOErrorEnum code of that `errno`
 * @RAMO_SESSION_ERROR_READ_ONLY: the session was opened read-only (a format version newer than
 *   Ramo knows, or a missing or broken header: ramo_session_manager_get_header_problem())
 * @RAMO_SESSION_ERROR_CHANGED: the file changed on disk since Ramo read it; reload before writing
 * @RAMO_SESSION_ERROR_INVALID_ARGUMENT: an argument breaks a rule of the format (e.g. branch to
 *   null, or an appended entry nested too deep to be read back)
 * @RAMO_SESSION_ERROR_NOTHING_TO_DO: the operation has nothing to act on (nothing to compact
 *   before the kept entry, or the path ends in a compaction already); nothing was written
 *
 * Error codes of the %RAMO_SESSION_ERROR domain.
 */
typedef enum
{
  RAMO_SESSION_ERROR_INVALID_FILE = 1,
  RAMO_SESSION_ERROR_NOT_FOUND,
  RAMO_SESSION_ERROR_IO,
  RAMO_SESSION_ERROR_READ_ONLY,
  RAMO_SESSION_ERROR_CHANGED,
  RAMO_SESSION_ERROR_INVALID_ARGUMENT,
  RAMO_SESSION_ERROR_NOTHING_TO_DO,
} RamoSessionError;

/**
 * RamoLoadIssue:
 * @line: 1-based line number in the file
 * @message: what is wrong with that line
 * @kind: %RAMO_PROBLEM_LINE, or the problem of the tree the line makes
 *   (%RAMO_PROBLEM_DUPLICATE_ID, %RAMO_PROBLEM_CYCLE), which
 *   ramo_session_manager_dup_problems() lists with the rest of the tree's problems
 *
 * A line that was skipped or repaired while loading; the rest of the file still loads.
 */
struct _RamoLoadIssue
{
  guint            line;
  char            *message;
  RamoProblemKind  kind;
};

#define RAMO_SESSION_VERSION 3

/**
 * RamoSessionHeaderProblem:
 * @RAMO_SESSION_HEADER_OK: the file's first JSON object is a session header with a string `id`
 * @RAMO_SESSION_HEADER_MISSING: the file starts with entries, with no header before them
 * @RAMO_SESSION_HEADER_DAMAGED: the header line is not JSON (cut short, say), entries follow
 * @RAMO_SESSION_HEADER_NOT_JSON: the line where the header belongs is not JSON, entries follow
 * @RAMO_SESSION_HEADER_WRONG_TYPE: the first JSON object is neither a header nor an entry
 *   pi knows (its `type` is not `"session"`)
 * @RAMO_SESSION_HEADER_NO_ID: the header has no string `id` (it is read as the header still)
 * @RAMO_SESSION_HEADER_LATE: the header comes after entries
 *
 * What is wrong with a session's header. pi 1.6.0 and oh-my-pi refuse to open a non-empty
 * file whose first JSON line is not a header with a string `id`; Ramo opens it read-only,
 * with the entries that parse.
 */
typedef enum
{
  RAMO_SESSION_HEADER_OK,
  RAMO_SESSION_HEADER_MISSING,
  RAMO_SESSION_HEADER_DAMAGED,
  RAMO_SESSION_HEADER_NOT_JSON,
  RAMO_SESSION_HEADER_WRONG_TYPE,
  RAMO_SESSION_HEADER_NO_ID,
  RAMO_SESSION_HEADER_LATE,
} RamoSessionHeaderProblem;

/**
 * RamoLoadProgressFunc:
 * @done: bytes read so far
 * @total: the file's size in bytes when loading started
 * @user_data: the data given with the function
 *
 * Reports loading progress, from the loading thread.
 */
typedef void (*RamoLoadProgressFunc) (goffset  done,
                                      goffset  total,
                                      gpointer user_data);

#define RAMO_TYPE_SESSION_MANAGER (ramo_session_manager_get_type ())

G_DECLARE_FINAL_TYPE (RamoSessionManager, ramo_session_manager, RAMO, SESSION_MANAGER, GObject)

GQuark              ramo_session_error_quark                      (void);
GIOErrorEnum        ramo_session_error_get_io_error               (const GError        *error);

RamoSessionManager *ramo_session_manager_new_in_memory            (const char          *cwd);
RamoSessionManager *ramo_session_manager_open                     (const char          *path,
                                                                   GError             **error);
void                ramo_session_manager_open_async               (const char          *path,
                                                                   RamoLoadProgressFunc progress,
                                                                   gpointer             progress_data,
                                                                   GCancellable        *cancellable,
                                                                   GAsyncReadyCallback  callback,
                                                                   gpointer             user_data);
RamoSessionManager *ramo_session_manager_open_finish              (GAsyncResult        *result,
                                                                   GError             **error);
RamoSessionManager *ramo_session_manager_create                   (const char          *session_dir,
                                                                   const char          *cwd,
                                                                   const char          *parent_session,
                                                                   GError             **error);

const char         *ramo_session_manager_get_path                 (RamoSessionManager  *self);
gboolean            ramo_session_manager_is_read_only             (RamoSessionManager  *self);
const char         *ramo_session_manager_get_read_only_reason     (RamoSessionManager  *self);
RamoSessionHeaderProblem ramo_session_manager_get_header_problem  (RamoSessionManager  *self,
                                                                   guint               *line);
guint               ramo_session_manager_get_file_version         (RamoSessionManager  *self);
gboolean            ramo_session_manager_needs_migration          (RamoSessionManager  *self);
JsonObject         *ramo_session_manager_get_header               (RamoSessionManager  *self);
char               *ramo_session_manager_dup_header_json          (RamoSessionManager  *self);
const char         *ramo_session_manager_get_session_id           (RamoSessionManager  *self);
const char         *ramo_session_manager_get_cwd                  (RamoSessionManager  *self);
char               *ramo_session_manager_dup_session_name         (RamoSessionManager  *self);
GPtrArray          *ramo_session_manager_get_issues               (RamoSessionManager  *self);
GPtrArray          *ramo_session_manager_dup_problems             (RamoSessionManager  *self);

guint               ramo_session_manager_get_n_entries            (RamoSessionManager  *self);
guint               ramo_session_manager_get_n_ids                (RamoSessionManager  *self);
guint               ramo_session_manager_get_n_repeated_ids       (RamoSessionManager  *self);
RamoEntry          *ramo_session_manager_get_entry_at             (RamoSessionManager  *self,
                                                                   guint                index);
RamoEntry          *ramo_session_manager_get_entry                (RamoSessionManager  *self,
                                                                   const char          *id);
const char         *ramo_session_manager_get_leaf_id              (RamoSessionManager  *self);
gboolean            ramo_session_manager_sum_usage                (RamoSessionManager  *self,
                                                                   RamoUsageTotals     *totals,
                                                                   GError             **error);
gboolean            ramo_session_manager_get_figures              (RamoSessionManager  *self,
                                                                   RamoFiguresScope     scope,
                                                                   const char          *id,
                                                                   RamoFigures         *figures);
const char         *ramo_session_manager_get_branch_start         (RamoSessionManager  *self,
                                                                   const char          *id,
                                                                   const char         **fork_id);
GPtrArray          *ramo_session_manager_dup_branch_starts        (RamoSessionManager  *self);
RamoDialect         ramo_session_manager_get_dialect              (RamoSessionManager  *self);
RamoDialect         ramo_session_manager_get_detected_dialect     (RamoSessionManager  *self);
gboolean            ramo_session_manager_get_dialect_chosen       (RamoSessionManager  *self);
void                ramo_session_manager_set_dialect              (RamoSessionManager  *self,
                                                                   RamoDialect          dialect);
void                ramo_session_manager_unset_dialect            (RamoSessionManager  *self);
RamoEntry          *ramo_session_manager_get_leaf                 (RamoSessionManager  *self);
GPtrArray          *ramo_session_manager_dup_branch               (RamoSessionManager  *self,
                                                                   const char          *from_id);
GPtrArray          *ramo_session_manager_get_roots                (RamoSessionManager  *self);
const char         *ramo_session_manager_get_label_time           (RamoSessionManager  *self,
                                                                   const char          *id);
const char         *ramo_session_manager_get_label                (RamoSessionManager  *self,
                                                                   const char          *id);
gboolean            ramo_session_manager_is_on_active_path        (RamoSessionManager  *self,
                                                                   const RamoEntry     *entry);
JsonNode           *ramo_session_manager_read_entry               (RamoSessionManager  *self,
                                                                   const RamoEntry     *entry,
                                                                   GError             **error);

gboolean            ramo_session_manager_branch                   (RamoSessionManager  *self,
                                                                   const char          *entry_id,
                                                                   GError             **error);
void                ramo_session_manager_reset_leaf               (RamoSessionManager  *self);
char               *ramo_session_manager_branch_with_summary      (RamoSessionManager  *self,
                                                                   const char          *from_id,
                                                                   const char          *summary,
                                                                   JsonNode            *details,
                                                                   gboolean             from_hook,
                                                                   GError             **error);

char               *ramo_session_manager_append_message           (RamoSessionManager  *self,
                                                                   JsonNode            *message,
                                                                   GError             **error);
char               *ramo_session_manager_append_thinking_level_change (RamoSessionManager *self,
                                                                   const char          *thinking_level,
                                                                   GError             **error);
char               *ramo_session_manager_append_model_change      (RamoSessionManager  *self,
                                                                   const char          *provider,
                                                                   const char          *model_id,
                                                                   GError             **error);
char               *ramo_session_manager_append_compaction        (RamoSessionManager  *self,
                                                                   const char          *summary,
                                                                   const char          *first_kept_entry_id,
                                                                   gint64               tokens_before,
                                                                   JsonNode            *details,
                                                                   gboolean             from_hook,
                                                                   GError             **error);
char               *ramo_session_manager_append_custom_entry      (RamoSessionManager  *self,
                                                                   const char          *custom_type,
                                                                   JsonNode            *data,
                                                                   GError             **error);
char               *ramo_session_manager_append_custom_message_entry (RamoSessionManager *self,
                                                                   const char          *custom_type,
                                                                   JsonNode            *content,
                                                                   gboolean             display,
                                                                   JsonNode            *details,
                                                                   GError             **error);
char               *ramo_session_manager_append_label_change      (RamoSessionManager  *self,
                                                                   const char          *target_id,
                                                                   const char          *label,
                                                                   GError             **error);
char               *ramo_session_manager_append_session_info      (RamoSessionManager  *self,
                                                                   const char          *name,
                                                                   GError             **error);
gboolean            ramo_session_manager_create_branched_session  (RamoSessionManager  *self,
                                                                   const char          *leaf_id,
                                                                   char               **new_path,
                                                                   GError             **error);
int                 ramo_session_manager_refresh                  (RamoSessionManager  *self,
                                                                   GError             **error);
gboolean            ramo_session_manager_migrate                  (RamoSessionManager  *self,
                                                                   GError             **error);

RamoSessionContext *ramo_session_manager_build_session_context    (RamoSessionManager  *self);
RamoSessionContext *ramo_session_manager_build_context_at         (RamoSessionManager  *self,
                                                                   const RamoEntry     *leaf);

G_END_DECLS

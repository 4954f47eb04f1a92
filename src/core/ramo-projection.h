/* ramo-projection.h
 *
 * Copyright 2026 The Ramo authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "ramo-session-manager.h"

G_BEGIN_DECLS

/**
 * RamoFilterMode:
 * @RAMO_FILTER_DEFAULT: hides `label`, `custom`, `model_change`, `thinking_level_change`
 * @RAMO_FILTER_NO_TOOLS: the default filter, and tool results hidden too
 * @RAMO_FILTER_USER_ONLY: user messages only
 * @RAMO_FILTER_LABELED_ONLY: labelled entries only
 * @RAMO_FILTER_ALL: every entry
 *
 * The five filter modes of pi's /tree (spec §7).
 */
typedef enum
{
  RAMO_FILTER_DEFAULT,
  RAMO_FILTER_NO_TOOLS,
  RAMO_FILTER_USER_ONLY,
  RAMO_FILTER_LABELED_ONLY,
  RAMO_FILTER_ALL,
} RamoFilterMode;

/**
 * RamoSearchError:
 * @RAMO_SEARCH_ERROR_BAD_REGEX: a `/regex/` that does not compile (the message is GRegex's)
 * @RAMO_SEARCH_ERROR_BAD_DATE: a `before:` or `after:` value that is no date (the message is
 *   the value)
 *
 * What ramo_projection_get_search_error() reports.
 */
typedef enum
{
  RAMO_SEARCH_ERROR_BAD_REGEX,
  RAMO_SEARCH_ERROR_BAD_DATE,
} RamoSearchError;

#define RAMO_SEARCH_ERROR (ramo_search_error_quark ())
GQuark ramo_search_error_quark (void);

#define RAMO_TYPE_PROJECTION_NODE (ramo_projection_node_get_type ())
G_DECLARE_FINAL_TYPE (RamoProjectionNode, ramo_projection_node, RAMO, PROJECTION_NODE, GObject)

#define RAMO_TYPE_PROJECTION (ramo_projection_get_type ())
G_DECLARE_FINAL_TYPE (RamoProjection, ramo_projection, RAMO, PROJECTION, GObject)

#define RAMO_TYPE_PROJECTION_BRANCH (ramo_projection_branch_get_type ())
G_DECLARE_FINAL_TYPE (RamoProjectionBranch, ramo_projection_branch, RAMO, PROJECTION_BRANCH, GObject)

gboolean            ramo_filter_mode_from_string          (const char          *name,
                                                           RamoFilterMode      *mode);
const char         *ramo_filter_mode_to_string            (RamoFilterMode       mode);

RamoProjection     *ramo_projection_new                   (RamoSessionManager  *manager);
void                ramo_projection_new_async             (RamoSessionManager  *manager,
                                                           RamoFilterMode       filter,
                                                           const char          *search,
                                                           GCancellable        *cancellable,
                                                           GAsyncReadyCallback  callback,
                                                           gpointer             user_data);
RamoProjection     *ramo_projection_new_finish            (GAsyncResult        *result,
                                                           GError             **error);
RamoSessionManager *ramo_projection_get_manager           (RamoProjection      *self);
GListModel         *ramo_projection_get_roots             (RamoProjection      *self);
void                ramo_projection_set_filter            (RamoProjection      *self,
                                                           RamoFilterMode       mode);
RamoFilterMode      ramo_projection_get_filter            (RamoProjection      *self);
void                ramo_projection_set_search            (RamoProjection      *self,
                                                           const char          *search);
const char         *ramo_projection_get_search            (RamoProjection      *self);
const char * const *ramo_projection_get_search_terms      (RamoProjection      *self);
const GError       *ramo_projection_get_search_error      (RamoProjection      *self);
RamoEntry          *ramo_projection_find_match            (RamoProjection      *self,
                                                           const RamoEntry     *from,
                                                           gboolean             forward);
guint               ramo_projection_get_n_visible         (RamoProjection      *self);
guint               ramo_projection_get_n_total           (RamoProjection      *self);
void                ramo_projection_set_layout_in_steps   (RamoProjection      *self,
                                                           gboolean             in_steps);
gboolean            ramo_projection_is_laying_out         (RamoProjection      *self);
void                ramo_projection_finish_layout         (RamoProjection      *self);
gboolean            ramo_projection_is_visible            (RamoProjection      *self,
                                                           const RamoEntry     *entry);
RamoEntry          *ramo_projection_nearest_visible       (RamoProjection      *self,
                                                           const RamoEntry     *entry);
RamoEntry          *ramo_projection_get_visible_parent (RamoProjection *self,
                                                       const RamoEntry *entry);
GPtrArray          *ramo_projection_dup_visible_children (RamoProjection *self,
                                                         const RamoEntry *entry);
gboolean            ramo_projection_is_branch_point   (RamoProjection  *self,
                                                       const RamoEntry *entry);
guint               ramo_projection_get_visible_rank  (RamoProjection  *self,
                                                       const RamoEntry *entry);
GPtrArray          *ramo_projection_dup_node_path_tail    (RamoProjection      *self,
                                                           const RamoEntry     *entry,
                                                           guint                max_levels,
                                                           RamoProjectionNode **above,
                                                           guint               *depth);
GPtrArray          *ramo_projection_dup_node_path         (RamoProjection      *self,
                                                           const RamoEntry     *entry);
void                ramo_projection_rebuild               (RamoProjection      *self);
void                ramo_projection_update                (RamoProjection      *self);
GArray             *ramo_projection_dup_unfoldable        (RamoProjection      *self,
                                                           RamoProjectionNode  *parent);
char               *ramo_projection_to_text               (RamoProjection      *self);

RamoProjectionBranch *ramo_projection_dup_branch         (RamoProjection       *self,
                                                           const RamoEntry      *entry);
gboolean            ramo_projection_set_anchor            (RamoProjection      *self,
                                                           RamoEntry           *entry);
RamoEntry          *ramo_projection_get_anchor            (RamoProjection      *self);
gboolean            ramo_projection_is_anchored           (RamoProjection      *self,
                                                           const RamoEntry     *entry);

RamoEntry          *ramo_projection_branch_get_entry      (RamoProjectionBranch *self);
gboolean            ramo_projection_branch_is_current     (RamoProjectionBranch *self);
gboolean            ramo_projection_branch_contains       (RamoProjectionBranch *self,
                                                           const RamoEntry      *entry);
GPtrArray          *ramo_projection_branch_dup_node_path  (RamoProjectionBranch *self,
                                                           const RamoEntry      *entry);
GPtrArray          *ramo_projection_branch_dup_node_path_tail (RamoProjectionBranch  *self,
                                                           const RamoEntry       *entry,
                                                           guint                  max_levels,
                                                           RamoProjectionNode   **above,
                                                           guint                 *depth);
GArray             *ramo_projection_branch_dup_unfoldable (RamoProjectionBranch *self);

RamoEntry          *ramo_projection_node_get_entry        (RamoProjectionNode  *self);
RamoProjectionNode *ramo_projection_node_get_parent       (RamoProjectionNode  *self);
const char         *ramo_projection_node_get_id           (RamoProjectionNode  *self);
const char         *ramo_projection_node_get_text         (RamoProjectionNode  *self);
const char         *ramo_projection_node_get_label_time   (RamoProjectionNode  *self);
const char         *ramo_projection_node_get_label        (RamoProjectionNode  *self);
RamoEntry          *ramo_projection_node_get_context_edit (RamoProjectionNode *self);
const char         *ramo_projection_node_get_kind         (RamoProjectionNode  *self);
char               *ramo_projection_node_dup_timestamp    (RamoProjectionNode  *self);
gboolean            ramo_projection_node_get_is_leaf      (RamoProjectionNode  *self);
gboolean            ramo_projection_node_get_on_active_path (RamoProjectionNode *self);
gboolean            ramo_projection_node_get_shows_leaf   (RamoProjectionNode  *self);
gboolean            ramo_projection_node_get_is_branch_start (RamoProjectionNode *self);
gboolean            ramo_projection_node_has_children     (RamoProjectionNode  *self);

G_END_DECLS

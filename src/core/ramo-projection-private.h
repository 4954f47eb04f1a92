/* ramo-projection-private.h — what the projection's rooms share: the object, its rows and its
 * nodes (ramo-projection.c), the layout (ramo-projection-layout.c), the search and the
 * per-entry caches (ramo-projection-search.c), the nodes (ramo-projection-node.c)
 *
 * Copyright 2026 The Ramo authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "ramo-projection.h"
#include "ramo-session-manager-private.h"

G_BEGIN_DECLS

/* The nodes' link to their projection: one shared, reference-counted cell that the projection
 * clears when it goes away. (A weak pointer per node costs time quadratic in the number of
 * nodes when they are released together.) */
typedef struct
{
  gatomicrefcount  ref_count;
  RamoProjection  *projection;
} RamoProjectionLink;

/* A field of the search (ramo-projection-query.c) */
typedef enum
{
  RAMO_QUERY_ROLE,
  RAMO_QUERY_TOOL,
  RAMO_QUERY_PATH,
  RAMO_QUERY_LABEL,
  RAMO_QUERY_BEFORE,
  RAMO_QUERY_AFTER,
  RAMO_QUERY_REGEX,
} RamoQueryKind;

typedef struct
{
  RamoQueryKind kind;
  char         *value;         /* casefolded (a regex: as written) */
  gsize         len;
  gboolean      ascii;
  double        time;          /* before:, after: */
  GRegex       *regex;
  guint8       *marks;         /* tool:, path: one byte per entry (the tool-call index's) */
  guint         n_marks;
  guint         marks_records; /* the index's records when the marks were made */
} RamoQueryField;

typedef struct
{
  GPtrArray *nested;           /* (element-type RamoEntry) rows nested under this one, or NULL */
  RamoEntry *owner;            /* the row whose nested list holds this one, NULL at top level */
  guint      position;         /* position in that list */
  guint8     visible : 1;
  guint8     branch_start : 1;
} RamoRowInfo;

/* A layout under way (ramo-projection-steps.c): its rows, made apart from the ones the views
 * read until it is complete, and where each of its passes stopped. A layout in steps spends at
 * most RAMO_PROJECTION_STEP_USEC of a main-loop turn, reading the clock every
 * RAMO_LAYOUT_CLOCK_EVERY entries or rows. */
typedef enum
{
  RAMO_LAYOUT_FILTER,          /* the filter over every entry; the search's known answers */
  RAMO_LAYOUT_TEST,            /* the search's tests of the entries it does not know yet */
  RAMO_LAYOUT_WALK,            /* each shown entry hung under its nearest shown ancestor */
  RAMO_LAYOUT_ROOTS,           /* the top level */
  RAMO_LAYOUT_NEST,            /* the nested lists */
  RAMO_LAYOUT_DONE,
} RamoLayoutPhase;

#define RAMO_PROJECTION_STEP_USEC 8000
#define RAMO_LAYOUT_CLOCK_EVERY   2048

typedef struct
{
  RamoRowInfo     *rows;       /* by entry index */
  guint            n_rows;
  GPtrArray       *top;        /* (element-type RamoEntry) */
  guint            n_visible;
  RamoEntry       *leaf;
  guint            incremental : 1;
  guint            keep_if_same : 1;
  guint            in_steps : 1;     /* it went on after its first step */

  RamoLayoutPhase  phase;
  guint            next;       /* where the phase goes on: an entry, a test, a walk position, a root */
  guint            n_tests;    /* the entries the search tests, at scratch + 4 n */
  guint32         *scratch;    /* from _ramo_projection_ensure_scratch() */
  GArray          *vis_roots;  /* (element-type guint32) the shown roots */
  GArray          *work;       /* (element-type guint32) rows whose nested list is to be made */
  GPtrArray       *list;       /* the list being filled in, or NULL */
  RamoEntry       *owner;      /* whose list it is, NULL for the top level */
  guint32          chain;      /* a chain: its entry to append next + 1, or 0 */
  guint32          child;      /* a row's shown children: the next to append + 1, or 0 */

  gint64           deadline;   /* monotonic µs; G_MAXINT64 for a layout made at once */
  guint            countdown;  /* entries or rows until the clock is read again */
  guint            clock_every;
} RamoLayoutJob;

/* Whether the step has spent its time: the clock is read once every RAMO_LAYOUT_CLOCK_EVERY
 * calls. */
static inline gboolean
_ramo_layout_job_out_of_time (RamoLayoutJob *job)
{
  if (G_LIKELY (--job->countdown > 0))
    return FALSE;
  job->countdown = job->clock_every;
  return job->deadline != G_MAXINT64 && g_get_monotonic_time () >= job->deadline;
}

/* The rows made for a layout, by their entry's index: an array, not a hash table, so that making
 * the rows of a whole million-entry session never rehashes them all in one main-loop turn
 * (GHashTable's growth past 493,000 rows took 17 ms at once, alone on a core). The array is in
 * pages of RAMO_NODE_PAGE_SIZE slots, each allocated when a row is first put in it: one array
 * of a million slots, grown by g_renew() and cleared, spent 30-60 ms of a filter change in the
 * kernel's page faults and in the copy, all in one turn. */
#define RAMO_NODE_PAGE_BITS 12
#define RAMO_NODE_PAGE_SIZE (1u << RAMO_NODE_PAGE_BITS)

typedef struct
{
  RamoProjectionNode ***pages;     /* (array length=n_pages) each NULL, or RAMO_NODE_PAGE_SIZE
                                    * slots, NULL where no row was made */
  guint                n_pages;
  guint                n_nodes;    /* rows in the table */
} RamoNodeTable;

struct _RamoProjection
{
  GObject             parent_instance;

  RamoSessionManager *manager;
  RamoFilterMode      filter;
  char               *search;
  GStrv               terms;       /* casefolded */
  gboolean           *term_is_ascii;
  gsize              *term_lens;
  GPtrArray          *fields;      /* (element-type RamoQueryField) (nullable) */
  GError             *search_error;

  RamoRowInfo        *rows;        /* by entry index */
  guint               n_rows;

  /* What the layouts remember between them, by entry index (see _ramo_projection_sync_caches()) */
  guint8             *kinds;       /* RAMO_KIND_*, by the rules of `kinds_dialect` */
  RamoDialect         kinds_dialect;
  guint8             *matches;     /* RAMO_MATCH_*: whether the entry matches `terms` */
  const char        **texts;       /* the entry's display text, and its length: the search */
  guint32            *text_lens;   /* reads these, not the entries */
  guint               n_known;     /* entries looked at so far */
  guint               n_shadowed;  /* of them, records a later line with their id shadows */
  guint               n_cache_alloc;
  guint32            *order;       /* the tree's entries (by index) in pre-order, active branch first */
  guint32            *order_parent;/* the position + 1 in `order` of each one's parent, 0 for a root */
  guint               n_order;
  guint               n_order_alloc;
  gboolean            order_valid; /* for order_n entries and order_leaf */
  guint               order_n;
  RamoEntry          *order_leaf;
  guint32            *scratch;     /* the layout's work arrays, kept to spare page faults */
  gsize               n_scratch;
  GPtrArray          *top;         /* (element-type RamoEntry) */
  RamoNodeTable       nodes;       /* the rows made for the layout, by entry index (strong) */
  guint               nodes_behind : 1;  /* some rows made before still answer for an older layout */
  guint               keep_if_same : 1;  /* the next rebuild keeps the rows if the layout is the same */
  RamoProjectionLink *link;
  guint               n_visible;
  guint               generation;
  guint               epoch;       /* one more each time the rows made before stop answering for the
                                    * layout (they are dropped): see RamoProjectionBranch */
  RamoEntry          *anchor;      /* the row a search does not hide (ramo_projection_set_anchor()) */
  RamoLayoutJob      *job;         /* a layout under way in steps, or NULL */
  guint               job_source;  /* the idle that makes its next step */
  gint64              step_usec;   /* a step's time, RAMO_PROJECTION_STEP_USEC but in tests */
  guint               clock_every; /* RAMO_LAYOUT_CLOCK_EVERY but in tests */
  guint               layout_in_steps : 1;
};

struct _RamoProjectionNode
{
  GObject             parent_instance;

  RamoProjectionLink *link;
  RamoEntry          *entry;
  RamoEntry          *owner;
  GPtrArray          *nested;      /* snapshot of the layout when the node was made */
  guint               on_path : 1; /* the path state its views last heard of */
  guint               is_leaf : 1;
};

#define RAMO_PROJECTION_OF(node) ((node)->link ? (node)->link->projection : NULL)

/* What the filter modes need to know of an entry, one bit each: the modes that let it through
 * (1 << RamoFilterMode), and whether it is an assistant turn with no text of its own, which pi
 * hides in every mode unless it ended abnormally or is the leaf. RAMO_KIND_LABELED follows the
 * labels (see _ramo_projection_sync_caches()). Which entries each mode lets through depends on
 * the session's dialect: pi's /tree and oh-my-pi's differ (ramo-projection-search.c). */
enum
{
  RAMO_KIND_DEFAULT   = 1 << RAMO_FILTER_DEFAULT,
  RAMO_KIND_NO_TOOLS  = 1 << RAMO_FILTER_NO_TOOLS,
  RAMO_KIND_USER_ONLY = 1 << RAMO_FILTER_USER_ONLY,
  RAMO_KIND_LABELED   = 1 << RAMO_FILTER_LABELED_ONLY,
  RAMO_KIND_ALL       = 1 << RAMO_FILTER_ALL,
  RAMO_KIND_TEXTLESS  = 1 << 5,
};

/* Whether an entry matches the search terms, as far as known: the layouts test the entries
 * the filter lets through when they find RAMO_MATCH_UNKNOWN, and a change of the search keeps
 * what it can (see _ramo_projection_set_terms()). */
enum
{
  RAMO_MATCH_NO,
  RAMO_MATCH_YES,
  RAMO_MATCH_UNKNOWN,
};

/* An assistant turn with no text of its own (only tool calls, not aborted, no error): pi's
 * /tree shows it only while it is the leaf (spec §7). oh-my-pi's counts a text of dots, "…"
 * and white space as none (RAMO_ENTRY_FLAG_OMP_NO_TEXT). */
static inline gboolean
_ramo_projection_entry_shown_only_as_leaf (const RamoEntry *entry,
                                           RamoDialect      dialect)
{
  guint32 no_text;

  if (entry == NULL ||
      entry->type != RAMO_ENTRY_TYPE_MESSAGE ||
      entry->role != RAMO_MESSAGE_ROLE_ASSISTANT ||
      (entry->flags & (RAMO_ENTRY_FLAG_ABORTED | RAMO_ENTRY_FLAG_ERROR)))
    return FALSE;
  no_text = dialect == RAMO_DIALECT_OMP ? entry->flags & RAMO_ENTRY_FLAG_OMP_NO_TEXT
                                        : ~entry->flags & RAMO_ENTRY_FLAG_HAS_TEXT;
  return no_text != 0;
}

static inline gboolean
_ramo_kinds_pass_filter (guint8         kinds,
                         RamoFilterMode filter,
                         gboolean       is_leaf)
{
  return (kinds & (1u << filter)) != 0 && (!(kinds & RAMO_KIND_TEXTLESS) || is_leaf);
}

static inline RamoProjectionLink *
_ramo_projection_link_ref (RamoProjectionLink *link)
{
  g_atomic_ref_count_inc (&link->ref_count);
  return link;
}

static inline void
_ramo_projection_link_unref (RamoProjectionLink *link)
{
  if (g_atomic_ref_count_dec (&link->ref_count))
    g_free (link);
}

/* ramo-projection-node.c */
RamoProjectionNode *_ramo_projection_get_node           (RamoProjection     *self,
                                                         RamoEntry          *entry);
void                _ramo_projection_node_set_layout    (RamoProjectionNode *node,
                                                         const RamoRowInfo  *info);
void                _ramo_projection_node_sync_path_state (RamoProjectionNode *node,
                                                         RamoSessionManager *manager);
void                _ramo_projection_node_notify_label  (RamoProjectionNode *node);
void                _ramo_node_table_insert             (RamoNodeTable      *table,
                                                         const RamoEntry    *entry,
                                                         RamoProjectionNode *node);
void                _ramo_node_table_remove             (RamoNodeTable      *table,
                                                         guint               index);
void                _ramo_node_table_clear              (RamoNodeTable      *table);
void                _ramo_node_table_release            (RamoNodeTable      *table);
RamoNodeTable      *_ramo_node_table_steal              (RamoNodeTable      *table);
void                _ramo_node_table_free               (RamoNodeTable      *table);

/* The slot of the row at @index, or NULL when its page was never made. */
static inline RamoProjectionNode **
_ramo_node_table_slot (const RamoNodeTable *table,
                       guint                index)
{
  guint page = index >> RAMO_NODE_PAGE_BITS;

  return page < table->n_pages && table->pages[page] != NULL
         ? &table->pages[page][index & (RAMO_NODE_PAGE_SIZE - 1)]
         : NULL;
}

/* The row made for @entry in the current layout, or NULL (borrowed). */
static inline RamoProjectionNode *
_ramo_node_table_lookup (const RamoNodeTable *table,
                         const RamoEntry     *entry)
{
  RamoProjectionNode **slot = _ramo_node_table_slot (table, entry->index);
  RamoProjectionNode *node = slot ? *slot : NULL;

  /* an index names one entry of the manager's until it reloads, which forgets the rows */
  return node != NULL && node->entry == entry ? node : NULL;
}

/* Iterates over the rows made, in the order of their entries: `for (guint i = 0, seen = 0;
 * ...)` as RAMO_NODE_TABLE_FOREACH (table, i, seen, node) { ... } — @node each row, @i its
 * entry's index; a page never allocated is skipped whole. */
#define RAMO_NODE_TABLE_FOREACH(table, i, seen, node)                                       \
  for (guint i = 0, seen = 0;                                                                 \
       seen < (table)->n_nodes && (i >> RAMO_NODE_PAGE_BITS) < (table)->n_pages; i++)         \
    if ((table)->pages[i >> RAMO_NODE_PAGE_BITS] == NULL)                                     \
      i |= RAMO_NODE_PAGE_SIZE - 1;                                                           \
    else if (((node) = (table)->pages[i >> RAMO_NODE_PAGE_BITS]                               \
                                     [i & (RAMO_NODE_PAGE_SIZE - 1)]) != NULL && ++seen)

/* ramo-projection-search.c */
void                _ramo_projection_forget_caches      (RamoProjection     *self);
void                _ramo_projection_sync_caches        (RamoProjection     *self,
                                                         GPtrArray          *entries,
                                                         guint               n);
void                _ramo_projection_set_terms          (RamoProjection     *self,
                                                         const char         *search);
gboolean            _ramo_projection_find_visible       (RamoProjection     *self,
                                                         RamoLayoutJob      *job,
                                                         GPtrArray          *entries);
void                _ramo_projection_free_terms         (RamoProjection     *self);
gboolean            _ramo_projection_is_searching       (RamoProjection     *self);

/* ramo-projection-query.c */
void                _ramo_query_field_free              (gpointer            data);
void                _ramo_projection_parse_search       (const char         *search,
                                                         GStrv              *plain,
                                                         GPtrArray         **fields,
                                                         GError            **error);
gboolean            _ramo_query_fields_imply            (GPtrArray          *strong,
                                                         GPtrArray          *weak);
void                _ramo_projection_prepare_fields     (RamoProjection     *self,
                                                         guint               n);
gboolean            _ramo_projection_entry_matches_fields (RamoProjection   *self,
                                                         GPtrArray          *entries,
                                                         guint32             index);

/* ramo-projection.c */
void                _ramo_projection_install_layout     (RamoProjection     *self,
                                                         RamoLayoutJob      *job);

/* ramo-projection-steps.c */
RamoLayoutJob      *_ramo_layout_job_new                (RamoProjection     *self,
                                                         guint               n,
                                                         RamoEntry          *leaf,
                                                         gboolean            incremental,
                                                         gboolean            keep_if_same);
void                _ramo_layout_job_free               (RamoLayoutJob      *job);
gboolean            _ramo_projection_run_job            (RamoProjection     *self,
                                                         RamoLayoutJob      *job,
                                                         gint64              deadline);
void                _ramo_projection_start_job          (RamoProjection     *self,
                                                         RamoLayoutJob      *job);
void                _ramo_projection_drop_job           (RamoProjection     *self);
void                _ramo_projection_set_step_size      (RamoProjection     *self,
                                                         gint64              usec,
                                                         guint               clock_every);

/* ramo-projection-layout.c */
void                _ramo_projection_ensure_order       (RamoProjection     *self,
                                                         GPtrArray          *roots,
                                                         guint               n,
                                                         RamoEntry          *leaf);
void                _ramo_projection_free_row_infos     (RamoRowInfo        *rows,
                                                         guint               n_rows);
void                _ramo_projection_release_in_thread  (GDestroyNotify      free_func,
                                                         gpointer            data);

/* What is bigger than this (rows, rows made) is let go of in a thread of its own */
#define RAMO_PROJECTION_RELEASE_IN_THREAD 65536
guint               _ramo_projection_update_nodes       (RamoProjection     *self,
                                                         const RamoRowInfo  *old_rows,
                                                         guint               n_old_rows,
                                                         const GPtrArray    *old_top);
gboolean            _ramo_projection_same_layout        (RamoProjection     *self,
                                                         const RamoRowInfo  *old_rows,
                                                         guint               n_old_rows,
                                                         const GPtrArray    *old_top);

/* The search's matcher for ASCII terms: whether @needle (lower-case ASCII, at least one byte)
 * occurs in the @text_len bytes of @text, ASCII letters compared without case, every other
 * byte exactly. */
void                _ramo_projection_sync_paths         (RamoProjection     *self,
                                                         const RamoEntry    *old_leaf,
                                                         const RamoEntry    *new_leaf);
gboolean            _ramo_projection_label_line_keeps_layout (RamoProjection  *self,
                                                              const RamoEntry *entry);
gboolean            _ramo_projection_leaf_move_changes_layout (RamoSessionManager *manager,
                                                             const RamoEntry    *old_leaf,
                                                             const RamoEntry    *new_leaf);

gboolean _ramo_projection_contains_ascii_nocase (const char *text,
                                                 gsize       text_len,
                                                 const char *needle,
                                                 gsize       needle_len);

G_END_DECLS

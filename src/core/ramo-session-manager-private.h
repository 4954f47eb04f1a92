/* ramo-session-manager-private.h — what the files of the session manager share
 *
 * Copyright 2026 The Ramo authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <string.h>
#include <sys/types.h>

#include "ramo-entry-display-private.h"
#include "ramo-entry-tree.h"
#include "ramo-json-scan.h"
#include "ramo-entry-members-private.h"
#include "ramo-session-figures-private.h"
#include "ramo-session-manager.h"
#include "ramo-tool-calls-private.h"

G_BEGIN_DECLS

/*
 * The session manager is one object in several files, one concern each:
 *   ramo-session-manager.c    the instance, its indexes, the leaf, labels, signals, getters
 *   ramo-session-error.c      the error domain, which keeps the errno of a failed file operation
 *   ramo-session-lines.c      a line → an entry record (extraction), and its indexing (commit)
 *   ramo-session-header.c     the lines before the entries: the header, its version, the title
 *                             slot line; a missing or broken header (read-only, the problem named)
 *   ramo-session-reader.c     reading a whole file or buffer in blocks, on two threads
 *   ramo-session-migration.c  what is read on demand: every line as version 3; the rewrite
 *   ramo-session-replace.c    the atomic replace of a whole file
 *   ramo-session-writer.c     appends under flock(), refresh after another program's appends
 *   ramo-session-append.c     the entries Ramo appends, as the session's dialect writes them
 *   ramo-session-title.c      the session name: pi's session_info, oh-my-pi's title slot
 *   ramo-session-branch.c     new, in-memory and branched sessions
 *   ramo-session-integrity.c  what is wrong in the file: each line's load issues, and its tree
 *   ramo-session-figures.c    what each part cost: usage, tool calls, times, by subtree and branch
 * The loader (ramo-session-loader.c) is another object: it drives the reader for a window.
 */

/* oh-my-pi's title slot, the first line of the file when oh-my-pi reads it as one
 * (session-title-slot.ts parseTitleSlotLine()). */
typedef struct
{
  gboolean  valid;       /* the file's first line is a slot oh-my-pi accepts */
  char     *title;       /* its `title` */
  char     *source;      /* its `source` ("auto" or "user"), or NULL */
  char     *updated_at;  /* its `updatedAt` */
  char     *bytes;       /* the line as in the file, with its newline … */
  gsize     len;         /* … and its length in bytes (256 when oh-my-pi wrote it) */
} RamoTitleSlot;

/* The instance: every file of the manager works on it. */
struct _RamoSessionManager
{
  GObject           parent_instance;

  char             *path;              /* NULL for in-memory sessions */
  char             *session_dir;
  GString          *memory;            /* the "file" of an in-memory session */
  int               read_fd;

  JsonObject       *header;
  char             *header_text;       /* the header line as read (UTF-8 repaired) */
  char             *version_text;      /* the header's `version` as JSON text, or NULL */
  char             *session_id;
  char             *cwd;
  char             *title;             /* oh-my-pi title slot, if any */
  gboolean          has_title_slot;    /* the file starts with oh-my-pi's title slot */
  RamoTitleSlot     slot;              /* the first line as oh-my-pi reads it (ramo-session-title.c) */
  gboolean          omp_seen;          /* an entry only oh-my-pi writes was read */
  RamoDialect       dialect;           /* the rules in use */
  gboolean          dialect_chosen;    /* set by ramo_session_manager_set_dialect() */
  RamoDialect       order_dialect;     /* whose times and sort the children are in … */
  guint             n_timed;           /* … for the entries before this one (-dialect.c) */
  guint             file_version;
  gboolean          read_only;
  char             *read_only_reason;  /* why, in words (a header problem), or NULL */
  RamoSessionHeaderProblem header_problem;
  guint             header_problem_line;
  guint             header_issue;      /* the index of its issue in @issues */
  guint             first_bad_line;    /* loading: the first line before the header not JSON … */
  gboolean          first_bad_is_header; /* … and whether it names the type "session" */

  GStringChunk     *strings;
  GPtrArray        *entries;           /* (element-type RamoEntry) file order, owned */
  RamoEntry        *last_session_info; /* the last session_info entry, the session's name */
  RamoIdIndex      *by_id;             /* id → RamoEntry, the later line wins */
  GHashTable       *repeated_ids;      /* the ids on more than one line (chunk strings), or NULL */
  GHashTable       *labels;            /* target id → label (chunk string) */
  GHashTable       *label_times;       /* target id → timestamp of the label entry */
  GHashTable       *context_edits;     /* target id → its latest `context_edit` (RamoEntry) */
  GPtrArray        *roots;
  GPtrArray        *issues;            /* (element-type RamoLoadIssue) */
  GPtrArray        *problems;          /* (element-type RamoProblem) (nullable): as the
                                        * entries are now, NULL once they change */
  RamoToolIndex    *tool_index;        /* the tool calls, their paths (ramo-session-tools.c) */
  GPtrArray        *chunks;            /* string chunks of the loading threads */
  GPtrArray        *entry_blocks;      /* the memory of the entries, in blocks */
  RamoEntry       **child_pool;        /* their children (ramo_entry_tree_link_children()) */
  gboolean          children_owned;    /* an entry may hold children of its own
                                        * (ramo_entry_tree_add_child()), to free with it */
  RamoDisplayState *display;           /* for appends */
  RamoFiguresTable *figures;           /* usage, tool calls, by branch (ramo-session-figures.c) */
  RamoEntry        *leaf;

  /* What Ramo knows of the file, to notice changes made behind its back. */
  goffset           known_size;        /* bytes of the file Ramo has accounted for */
  gint64            known_mtime;
  dev_t             known_dev;         /* the file's identity, to notice a replacement */
  ino_t             known_ino;
  goffset           pending_offset;    /* an incomplete last line still being written, or -1 */
  guint             n_lines;
  RamoLoadProgressFunc progress;        /* while loading in a thread */
  gpointer          progress_data;
  GCancellable     *load_cancellable;
  gboolean          ends_with_newline;
  gboolean          linking;           /* loading: commit links entries into the tree … */
  gboolean          links_in_order;    /* … and every parent came before its child, once */
};

/* Small helpers */

static inline const char *
_ramo_chunk_const (GStringChunk *strings,
                   const char   *str)
{
  return str ? g_string_chunk_insert_const (strings, str) : NULL;
}

static inline const char *
_ramo_chunk (GStringChunk *strings,
             const char   *str)
{
  return str ? g_string_chunk_insert (strings, str) : NULL;
}

/* A line pi's trim() and split would see as empty (the ASCII white space JSON allows). */
static inline gboolean
_ramo_line_is_blank (const char *line,
                     gsize       len)
{
  for (gsize i = 0; i < len; i++)
    if (line[i] != ' ' && line[i] != '\t' && line[i] != '\r' && line[i] != '\f' && line[i] != '\v')
      return FALSE;
  return TRUE;
}

/* pi trims the whole text before splitting, which drops a byte order mark */
static inline gsize
_ramo_bom_length (const char *data,
                  gsize       len)
{
  return len >= 3 && memcmp (data, "\xEF\xBB\xBF", 3) == 0 ? 3 : 0;
}

/* ramo-entry-fields.c */

void        _ramo_entry_fill_fields            (GStringChunk       *strings,
                                                RamoEntry          *entry,
                                                RamoScan           *scan,
                                                const RamoTopMembers *top,
                                                guint               file_version);
const char *_ramo_scan_chunk                   (GStringChunk       *strings,
                                                RamoScan           *scan,
                                                guint               node,
                                                gboolean            intern);
const char *_ramo_scan_json_chunk              (GStringChunk       *strings,
                                                RamoScan           *scan,
                                                guint               node);
const char *_ramo_scan_json_chunk_const        (GStringChunk       *strings,
                                                RamoScan           *scan,
                                                guint               node);

/* ramo-session-manager.c */

RamoSessionManager *_ramo_session_manager_new_for_path (const char         *path);
void        _ramo_session_manager_init_state   (RamoSessionManager *self);
void        _ramo_session_manager_clear_state  (RamoSessionManager *self);
void        _ramo_session_manager_add_issue    (RamoSessionManager *self,
                                                guint               line,
                                                const char         *format,
                                                ...) G_GNUC_PRINTF (3, 4);
void        _ramo_session_manager_add_tree_issue (RamoSessionManager *self,
                                                RamoProblemKind     kind,
                                                guint               line,
                                                const char         *format,
                                                ...) G_GNUC_PRINTF (4, 5);
void        _ramo_session_manager_build_tree   (RamoSessionManager *self);

/* ramo-session-integrity.c */
void        _ramo_load_issue_free              (gpointer            data);
void        _ramo_session_manager_find_problems (RamoSessionManager *self);
void        _ramo_session_manager_set_leaf     (RamoSessionManager *self,
                                                RamoEntry          *leaf);
void        _ramo_session_manager_emit_entry_appended (RamoSessionManager *self,
                                                       RamoEntry          *entry);
void        _ramo_session_manager_emit_entries_added  (RamoSessionManager *self,
                                                       guint               position,
                                                       guint               n_added);
void        _ramo_session_manager_emit_label_changed  (RamoSessionManager *self,
                                                       const char         *target_id,
                                                       const char         *label);
void        _ramo_session_manager_emit_reloaded       (RamoSessionManager *self);
void        _ramo_session_manager_notify_session_name (RamoSessionManager *self);

GPtrArray  *_ramo_session_manager_get_entries  (RamoSessionManager *self);
GHashTable *_ramo_session_manager_get_labels   (RamoSessionManager *self);

/* ramo-session-context-system.c */

gboolean    _ramo_session_manager_dup_boundary_system_message (RamoSessionManager  *self,
                                                               JsonNode           **system,
                                                               GError             **error);

/* ramo-session-figures.c */

void        _ramo_session_manager_compute_figures (RamoSessionManager *self);
void        _ramo_session_manager_session_usage (RamoSessionManager *self,
                                                 RamoFigures        *figures,
                                                 guint              *n_usage_entries);

/* ramo-session-dialect.c */

void        _ramo_session_manager_update_dialect (RamoSessionManager *self);
RamoDialect _ramo_session_manager_order_dialect  (RamoSessionManager *self);
RamoDialect _ramo_session_manager_time_entries   (RamoSessionManager *self);

/* for tests only */
gboolean    _ramo_session_manager_is_persisted (RamoSessionManager *self);
const char *_ramo_session_manager_get_title    (RamoSessionManager *self);
GPtrArray  *_ramo_session_manager_get_children (RamoSessionManager *self,
                                                const char         *parent_id);

/* ramo-session-error.c */

void        _ramo_session_set_io_error         (GError            **error,
                                                GIOErrorEnum        io_code,
                                                const char         *format,
                                                ...) G_GNUC_PRINTF (3, 4);

/* ramo-session-lines.c: extraction touches nothing shared (one extractor per thread); commit
 * indexes the entries in file order. */

typedef struct
{
  GStringChunk     *strings;
  GStringChunk     *display_strings;   /* display texts and tool calls, kept together */
  RamoDisplayState *display;
  RamoScan          scan;
  guint             file_version;
  GPtrArray        *blocks;            /* of RamoEntry[block_size] */
  guint             block_size;
  guint             used;              /* in the last block */
  GPtrArray        *calls;             /* where the tool calls of its lines go: id, call, … (in strings) */
  GString          *packed;            /* where what its lines' tool calls name goes
                                        * (_ramo_tool_calls_extract()), until they are committed */
} Extractor;

typedef struct
{
  goffset    offset;
  gsize      len;
  guint      line_no;
  RamoEntry *entry;              /* NULL when the line is skipped */
  char      *issue;              /* why the line was skipped or repaired */
  char      *parent_issue;       /* a parentId that is not a string */
  GPtrArray *calls;              /* assistant: the extractor's calls, of which this line's are */
  guint      calls_start;        /* … the @n_calls from here: id, formatted call, … */
  guint      n_calls;
  const char *call_id;           /* tool result: the call it answers (in the extractor's strings) */
  GString   *packed;             /* the extractor's packed calls, of which this line's are … */
  gsize      packed_at;          /* … at this byte (if @has_packed) */
  double     first_kept_index;   /* v1 compaction, or -1 */
  RamoLineFigures figures;       /* its usage, tool calls, tool error */
  guint32    id_hash;            /* _ramo_id_index_hash() of the id it was written with */
  guint8     complete : 1;
  guint8     skipped : 1;
  guint8     second_header : 1;
  guint8     id_missing : 1;
  guint8     parsed : 1;         /* the line is a JSON object (v1 index counting) */
  guint8     id_hashed : 1;      /* id_hash is set */
  guint8     has_packed : 1;     /* its tool calls are at @packed_at of @packed */
} LineJob;

void      _ramo_extractor_init       (Extractor          *ex,
                                      guint               file_version);
void      _ramo_extractor_finish     (Extractor          *ex,
                                      RamoSessionManager *self);
void      _ramo_line_job_clear       (LineJob            *job);
gboolean  _ramo_extractor_scan_line  (Extractor          *ex,
                                      LineJob            *job,
                                      const char         *line,
                                      char              **repaired);
void      _ramo_extractor_extract_line (Extractor        *ex,
                                        LineJob          *job,
                                        const char       *line);
void      _ramo_session_manager_commit_line (RamoSessionManager *self,
                                             LineJob            *job,
                                             GPtrArray          *parsed,
                                             GArray             *first_kept);

/* ramo-session-header.c */

/* What a line before the entries was */
typedef enum
{
  RAMO_HEADER_LINE_BEFORE,   /* blank, not JSON, a title slot: the header may still come */
  RAMO_HEADER_LINE_HEADER,   /* the header: the entries follow it */
  RAMO_HEADER_LINE_ENTRY,    /* no header: this line is the first entry, to be read as one */
} RamoHeaderLine;

RamoHeaderLine _ramo_session_manager_read_header_line (RamoSessionManager *self,
                                                       Extractor          *ex,
                                                       LineJob            *job,
                                                       const char         *line,
                                                       const char         *rest,
                                                       gsize               rest_len);
void      _ramo_session_manager_late_header      (RamoSessionManager *self,
                                                  guint               line_no);
void      _ramo_session_manager_init_header_state (RamoSessionManager *self);

/* ramo-session-reader.c */

gboolean  _ramo_session_stat_file           (const char         *path,
                                             goffset            *size,
                                             gint64             *mtime,
                                             guint              *mode,
                                             GError            **error);
gboolean  _ramo_session_manager_load_path   (RamoSessionManager *self,
                                             const char         *path,
                                             GError            **error);
gboolean  _ramo_session_manager_load_buffer (RamoSessionManager *self,
                                             const char         *data,
                                             gsize               len,
                                             GError            **error);

/* ramo-session-migration.c */

char      *_ramo_session_manager_read_line   (RamoSessionManager *self,
                                              const RamoEntry    *entry,
                                              GError            **error);
char      *_ramo_session_manager_v3_line     (RamoSessionManager *self,
                                              const RamoEntry    *entry,
                                              GError            **error);
JsonObject *_ramo_session_manager_read_object (RamoSessionManager *self,
                                              const RamoEntry    *entry,
                                              GError            **error);
gboolean   _ramo_session_manager_scan_entry  (RamoSessionManager *self,
                                              const RamoEntry    *entry,
                                              RamoScan           *scan,
                                              char              **text,
                                              GError            **error);
gboolean   _ramo_session_manager_rewrite_as_v3 (RamoSessionManager *self,
                                                GError            **error);
gboolean   _ramo_session_manager_carry_over_appends (RamoSessionManager *self,
                                                     int                 old_fd,
                                                     goffset             old_size,
                                                     gboolean            old_ends_with_newline,
                                                     goffset             new_size,
                                                     GError            **error);

/* ramo-session-replace.c */

gboolean   _ramo_session_replace_file        (const char         *path,
                                              const char         *contents,
                                              gsize               length,
                                              guint               mode,
                                              GError            **error);

/* for tests: called right before a migration renames its new file over the old one */
extern void (*_ramo_session_manager_before_rename_hook) (const char *path);

/* ramo-session-branch.c */

/* For the fuzzer and tests: a session read from bytes in memory, written nowhere. */
RamoSessionManager *_ramo_session_manager_new_from_data (const char *data,
                                                        gsize       len,
                                                        GError    **error);

/* ramo-session-title.c */

void        _ramo_title_slot_clear               (RamoTitleSlot      *slot);
gboolean    _ramo_title_slot_write               (GString            *out,
                                                  const char         *title,
                                                  const char         *source,
                                                  const char         *updated_at,
                                                  GError            **error);
void        _ramo_session_manager_take_title_line (RamoSessionManager *self,
                                                   RamoScan           *scan,
                                                   const char         *line,
                                                   gsize               len,
                                                   goffset             offset);
void        _ramo_session_manager_omp_title      (RamoSessionManager *self,
                                                  const char        **title,
                                                  const char        **source);
gboolean    _ramo_session_manager_write_omp_head (RamoSessionManager *self,
                                                  GString            *out,
                                                  const char         *session_id,
                                                  const char         *timestamp,
                                                  const char         *parent_session,
                                                  GError            **error);
int         _ramo_session_manager_refresh_title_slot (RamoSessionManager *self,
                                                      GError            **error);
char       *_ramo_session_manager_set_omp_title  (RamoSessionManager *self,
                                                  const char         *name,
                                                  GError            **error);

/* ramo-session-writer.c */

gboolean    _ramo_session_manager_check_writable (RamoSessionManager *self,
                                                  GError            **error);
JsonObject *_ramo_session_manager_base_object    (RamoSessionManager *self,
                                                  const char         *type,
                                                  const char         *parent_id);
RamoEntry  *_ramo_session_manager_append_object  (RamoSessionManager *self,
                                                  JsonObject         *object,
                                                  gboolean            parent_is_leaf,
                                                  GError            **error);
char       *_ramo_session_manager_new_id         (RamoSessionManager *self);
void        _ramo_session_manager_add_base_members (RamoSessionManager *self,
                                                    JsonObject         *object,
                                                    const char         *parent_id);

G_END_DECLS

/* ramo-agent-session.c — the agent session: its settings, signals and running operation
 *
 * Copyright 2026 The Ramo authors
 *
 * This program is free software: you can redistribute it and/or modify it under the terms of the
 * GNU General Public License as published by the Free Software Foundation, either version 3 of
 * the License, or (at your option) any later version.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ramo-agent-session"

#include "config.h"

#include "ramo-agent-session-private.h"
#include "ramo-hook.h"

/**
 * RamoAgentSession:
 *
 * The session operations that go beyond reading and appending (spec §5–6): moving the leaf
 * inside the file with an optional summary of the branch left behind (`/tree`), starting a new
 * file from a user message (`/branch`), and compacting the active path up to an entry.
 *
 * Each operation first tells its `before-…` signal handlers and the configured executable hook
 * what it is about to do; they may cancel it or supply the summary. A summary that is needed and
 * not supplied is asked from the built-in #RamoSummarizer. Only when everything succeeded is
 * the session changed: a failed, timed-out or cancelled summary leaves the leaf where it was
 * and the file as it was.
 *
 * Operations run one at a time; ramo_agent_session_cancel() aborts the running one.
 */

/* The operations live in ramo-agent-session-navigate.c (`/tree`, `/branch`) and
 * ramo-agent-session-compact.c; this file holds the object, its settings and its signals. */

G_DEFINE_FINAL_TYPE (RamoAgentSession, ramo_agent_session, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_MANAGER,
  PROP_CONTEXT,
  PROP_SUMMARIZER,
  PROP_SUMMARIZER_CONFIG,
  PROP_SETTINGS_CONFIG,
  PROP_HOOK_ARGV,
  PROP_HOOK_TIMEOUT,
  PROP_BUSY,
  N_PROPS
};

static GParamSpec *properties [N_PROPS];
guint _ramo_agent_session_signals [N_SIGNALS];

/* ------------------------------------------------------------------------------------------ */
/* Object                                                                                      */

static void
ramo_agent_session_dispose (GObject *object)
{
  RamoAgentSession *self = (RamoAgentSession *) object;

  if (self->op_cancellable)
    g_cancellable_cancel (self->op_cancellable);
  g_clear_object (&self->op_cancellable);
  g_clear_object (&self->manager);
  g_clear_pointer (&self->context, ramo_session_context_unref);
  g_clear_object (&self->summarizer);
  g_clear_object (&self->summarizer_config);
  g_clear_object (&self->settings_config);

  G_OBJECT_CLASS (ramo_agent_session_parent_class)->dispose (object);
}

static void
ramo_agent_session_finalize (GObject *object)
{
  RamoAgentSession *self = (RamoAgentSession *) object;

  g_clear_pointer (&self->hook_argv, g_strfreev);

  G_OBJECT_CLASS (ramo_agent_session_parent_class)->finalize (object);
}

static void
ramo_agent_session_get_property (GObject    *object,
                                 guint       prop_id,
                                 GValue     *value,
                                 GParamSpec *pspec)
{
  RamoAgentSession *self = RAMO_AGENT_SESSION (object);

  switch (prop_id)
    {
    case PROP_MANAGER:
      g_value_set_object (value, ramo_agent_session_get_manager (self));
      break;
    case PROP_CONTEXT:
      g_value_set_boxed (value, ramo_agent_session_get_context (self));
      break;
    case PROP_SUMMARIZER:
      g_value_set_object (value, ramo_agent_session_get_summarizer (self));
      break;
    case PROP_SUMMARIZER_CONFIG:
      g_value_set_object (value, ramo_agent_session_get_summarizer_config (self));
      break;
    case PROP_SETTINGS_CONFIG:
      g_value_set_object (value, ramo_agent_session_get_settings_config (self));
      break;
    case PROP_HOOK_ARGV:
      g_value_set_boxed (value, ramo_agent_session_get_hook_argv (self));
      break;
    case PROP_HOOK_TIMEOUT:
      g_value_set_double (value, ramo_agent_session_get_hook_timeout (self));
      break;
    case PROP_BUSY:
      g_value_set_boolean (value, ramo_agent_session_is_busy (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ramo_agent_session_set_property (GObject      *object,
                                 guint         prop_id,
                                 const GValue *value,
                                 GParamSpec   *pspec)
{
  RamoAgentSession *self = RAMO_AGENT_SESSION (object);

  switch (prop_id)
    {
    case PROP_MANAGER:
      self->manager = g_value_dup_object (value);
      break;
    case PROP_SUMMARIZER:
      ramo_agent_session_set_summarizer (self, g_value_get_object (value));
      break;
    case PROP_SUMMARIZER_CONFIG:
      ramo_agent_session_set_summarizer_config (self, g_value_get_object (value));
      break;
    case PROP_SETTINGS_CONFIG:
      ramo_agent_session_set_settings_config (self, g_value_get_object (value));
      break;
    case PROP_HOOK_ARGV:
      ramo_agent_session_set_hook_argv (self, g_value_get_boxed (value));
      break;
    case PROP_HOOK_TIMEOUT:
      ramo_agent_session_set_hook_timeout (self, g_value_get_double (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ramo_agent_session_class_init (RamoAgentSessionClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GParamFlags rw = G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->dispose = ramo_agent_session_dispose;
  object_class->finalize = ramo_agent_session_finalize;
  object_class->get_property = ramo_agent_session_get_property;
  object_class->set_property = ramo_agent_session_set_property;

  /**
   * RamoAgentSession:manager:
   *
   * The session the operations work on. Branching from a root user message starts a new
   * session file and replaces it (the property is notified).
   */
  properties [PROP_MANAGER] =
    g_param_spec_object ("manager", NULL, NULL, RAMO_TYPE_SESSION_MANAGER,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);

  /**
   * RamoAgentSession:context:
   *
   * The context rebuilt after the last operation that moved the leaf (spec §4).
   */
  properties [PROP_CONTEXT] =
    g_param_spec_boxed ("context", NULL, NULL, RAMO_TYPE_SESSION_CONTEXT,
                        G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);

  /**
   * RamoAgentSession:summarizer:
   *
   * The summarizer used when a summary is needed and nobody supplied one.
   */
  properties [PROP_SUMMARIZER] =
    g_param_spec_object ("summarizer", NULL, NULL, RAMO_TYPE_SUMMARIZER, rw);

  /**
   * RamoAgentSession:summarizer-config: (nullable)
   *
   * Explicit summarizer settings (command line, dialog): the most specific layer of
   * ramo_summarizer_config_resolve(). Resolved anew for every operation.
   */
  properties [PROP_SUMMARIZER_CONFIG] =
    g_param_spec_object ("summarizer-config", NULL, NULL, RAMO_TYPE_SUMMARIZER_CONFIG, rw);

  /**
   * RamoAgentSession:settings-config: (nullable)
   *
   * Ramo's stored summarizer settings (GSettings and the keyring, filled by the application):
   * the layer between the explicit settings and the environment.
   */
  properties [PROP_SETTINGS_CONFIG] =
    g_param_spec_object ("settings-config", NULL, NULL, RAMO_TYPE_SUMMARIZER_CONFIG, rw);

  /**
   * RamoAgentSession:hook-argv: (nullable)
   *
   * The executable hook run before a navigation or compaction (see ramo_hook_run_async()),
   * %NULL for none. It is configured by the user, never read from the session file.
   */
  properties [PROP_HOOK_ARGV] =
    g_param_spec_boxed ("hook-argv", NULL, NULL, G_TYPE_STRV, rw);

  /**
   * RamoAgentSession:hook-timeout:
   *
   * The executable hook's time limit in seconds.
   */
  properties [PROP_HOOK_TIMEOUT] =
    g_param_spec_double ("hook-timeout", NULL, NULL, 0.001, G_MAXDOUBLE, RAMO_HOOK_DEFAULT_TIMEOUT, rw);

  /**
   * RamoAgentSession:busy:
   *
   * Whether a navigation or compaction is running.
   */
  properties [PROP_BUSY] =
    g_param_spec_boolean ("busy", NULL, NULL, FALSE, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);

  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * RamoAgentSession::before-tree:
   * @self: the agent session
   * @preparation: what the navigation is about to do
   *
   * pi's `session_before_tree`: emitted before a navigation changes anything. Handlers may
   * call ramo_tree_preparation_cancel(), supply the summary with
   * ramo_tree_preparation_set_summary(), or change the instructions and label; later handlers
   * see what earlier ones did. Handlers run synchronously; the navigation's cancellable is
   * ramo_tree_preparation_get_cancellable().
   */
  _ramo_agent_session_signals [SIGNAL_BEFORE_TREE] =
    g_signal_new ("before-tree",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, RAMO_TYPE_TREE_PREPARATION);

  /**
   * RamoAgentSession::tree:
   * @self: the agent session
   * @new_leaf_id: (nullable): the leaf afterwards
   * @old_leaf_id: (nullable): the leaf before
   * @summary_entry_id: (nullable): the `branch_summary` entry written, if any
   * @from_hook: whether a handler or hook supplied that summary
   *
   * pi's `session_tree`: emitted after a navigation moved the leaf.
   */
  _ramo_agent_session_signals [SIGNAL_TREE] =
    g_signal_new ("tree",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 4, G_TYPE_STRING, G_TYPE_STRING, G_TYPE_STRING, G_TYPE_BOOLEAN);

  /**
   * RamoAgentSession::before-branch:
   * @self: the agent session
   * @entry_id: the user message branched from
   *
   * pi's `session_before_fork`: emitted before a new session file is made.
   *
   * Returns: %TRUE to cancel the branch (later handlers are not called)
   */
  _ramo_agent_session_signals [SIGNAL_BEFORE_BRANCH] =
    g_signal_new ("before-branch",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, g_signal_accumulator_true_handled, NULL, NULL,
                  G_TYPE_BOOLEAN, 1, G_TYPE_STRING);

  /**
   * RamoAgentSession::branch:
   * @self: the agent session
   * @entry_id: the user message branched from
   * @new_path: (nullable): the new session file, %NULL for an in-memory session
   *
   * Emitted after the session switched to the new file.
   */
  _ramo_agent_session_signals [SIGNAL_BRANCH] =
    g_signal_new ("branch",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 2, G_TYPE_STRING, G_TYPE_STRING);

  /**
   * RamoAgentSession::before-compact:
   * @self: the agent session
   * @preparation: what the compaction is about to do
   *
   * pi's `session_before_compact`: handlers may cancel, supply the summary or change the
   * instructions, as for #RamoAgentSession::before-tree.
   */
  _ramo_agent_session_signals [SIGNAL_BEFORE_COMPACT] =
    g_signal_new ("before-compact",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, RAMO_TYPE_COMPACTION_PREPARATION);

  /**
   * RamoAgentSession::compacting:
   * @self: the agent session
   * @first_kept_entry_id: the entry the compaction keeps from
   *
   * Emitted when a compaction goes ahead, before its summary is written (by the model or
   * taken from a handler).
   */
  _ramo_agent_session_signals [SIGNAL_COMPACTING] =
    g_signal_new ("compacting",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_STRING);

  /**
   * RamoAgentSession::compact:
   * @self: the agent session
   * @entry_id: the `compaction` entry written
   * @from_hook: whether a handler or hook supplied its summary
   *
   * pi's `session_compact`: emitted after the compaction was written.
   */
  _ramo_agent_session_signals [SIGNAL_COMPACT] =
    g_signal_new ("compact",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 2, G_TYPE_STRING, G_TYPE_BOOLEAN);
}

static void
ramo_agent_session_init (RamoAgentSession *self)
{
  self->hook_timeout = RAMO_HOOK_DEFAULT_TIMEOUT;
}

/**
 * ramo_agent_session_new:
 * @manager: the session to work on
 *
 * Returns: (transfer full): a new agent session using the default #RamoSummarizer
 */
RamoAgentSession *
ramo_agent_session_new (RamoSessionManager *manager)
{
  g_return_val_if_fail (RAMO_IS_SESSION_MANAGER (manager), NULL);
  return g_object_new (RAMO_TYPE_AGENT_SESSION, "manager", manager, NULL);
}

/**
 * ramo_agent_session_get_manager:
 * @self: an agent session
 *
 * Returns: (transfer none): the session worked on
 */
RamoSessionManager *
ramo_agent_session_get_manager (RamoAgentSession *self)
{
  g_return_val_if_fail (RAMO_IS_AGENT_SESSION (self), NULL);
  return self->manager;
}

/**
 * ramo_agent_session_get_context:
 * @self: an agent session
 *
 * Returns: (transfer none): the context at the current leaf, as rebuilt after the last
 *   operation (built on first use)
 */
RamoSessionContext *
ramo_agent_session_get_context (RamoAgentSession *self)
{
  g_return_val_if_fail (RAMO_IS_AGENT_SESSION (self), NULL);

  if (self->context == NULL)
    self->context = ramo_session_manager_build_session_context (self->manager);
  return self->context;
}

/**
 * ramo_agent_session_get_summarizer:
 * @self: an agent session
 *
 * Returns: (transfer none): the summarizer (the default one unless another was set)
 */
RamoSummarizer *
ramo_agent_session_get_summarizer (RamoAgentSession *self)
{
  g_return_val_if_fail (RAMO_IS_AGENT_SESSION (self), NULL);

  if (self->summarizer == NULL)
    self->summarizer = ramo_summarizer_new (NULL);
  return self->summarizer;
}

/**
 * ramo_agent_session_set_summarizer:
 * @self: an agent session
 * @summarizer: (nullable): a summarizer; %NULL for a default one
 */
void
ramo_agent_session_set_summarizer (RamoAgentSession *self,
                                   RamoSummarizer   *summarizer)
{
  g_return_if_fail (RAMO_IS_AGENT_SESSION (self));
  g_return_if_fail (summarizer == NULL || RAMO_IS_SUMMARIZER (summarizer));

  if (g_set_object (&self->summarizer, summarizer))
    g_object_notify_by_pspec (G_OBJECT (self), properties [PROP_SUMMARIZER]);
}

/**
 * ramo_agent_session_get_summarizer_config:
 * @self: an agent session
 *
 * Returns: (transfer none) (nullable): the explicit summarizer settings
 */
RamoSummarizerConfig *
ramo_agent_session_get_summarizer_config (RamoAgentSession *self)
{
  g_return_val_if_fail (RAMO_IS_AGENT_SESSION (self), NULL);
  return self->summarizer_config;
}

/**
 * ramo_agent_session_set_summarizer_config:
 * @self: an agent session
 * @config: (nullable): explicit summarizer settings
 */
void
ramo_agent_session_set_summarizer_config (RamoAgentSession     *self,
                                          RamoSummarizerConfig *config)
{
  g_return_if_fail (RAMO_IS_AGENT_SESSION (self));
  g_return_if_fail (config == NULL || RAMO_IS_SUMMARIZER_CONFIG (config));

  if (g_set_object (&self->summarizer_config, config))
    g_object_notify_by_pspec (G_OBJECT (self), properties [PROP_SUMMARIZER_CONFIG]);
}

/**
 * ramo_agent_session_get_settings_config:
 * @self: an agent session
 *
 * Returns: (transfer none) (nullable): Ramo's stored summarizer settings
 */
RamoSummarizerConfig *
ramo_agent_session_get_settings_config (RamoAgentSession *self)
{
  g_return_val_if_fail (RAMO_IS_AGENT_SESSION (self), NULL);
  return self->settings_config;
}

/**
 * ramo_agent_session_set_settings_config:
 * @self: an agent session
 * @config: (nullable): Ramo's stored summarizer settings
 */
void
ramo_agent_session_set_settings_config (RamoAgentSession     *self,
                                        RamoSummarizerConfig *config)
{
  g_return_if_fail (RAMO_IS_AGENT_SESSION (self));
  g_return_if_fail (config == NULL || RAMO_IS_SUMMARIZER_CONFIG (config));

  if (g_set_object (&self->settings_config, config))
    g_object_notify_by_pspec (G_OBJECT (self), properties [PROP_SETTINGS_CONFIG]);
}

/**
 * ramo_agent_session_get_hook_argv:
 * @self: an agent session
 *
 * Returns: (transfer none) (nullable) (array zero-terminated=1): the executable hook
 */
const char * const *
ramo_agent_session_get_hook_argv (RamoAgentSession *self)
{
  g_return_val_if_fail (RAMO_IS_AGENT_SESSION (self), NULL);
  return (const char * const *) self->hook_argv;
}

/**
 * ramo_agent_session_set_hook_argv:
 * @self: an agent session
 * @argv: (nullable) (array zero-terminated=1): the hook command and its arguments; %NULL or
 *   an empty array for none
 *
 * Sets the executable hook run before every navigation and compaction. It gets the
 * preparation as JSON on stdin — `{"type": "session_before_tree" | "session_before_compact",
 * "sessionFile": …, "preparation": {…}}` — and answers one JSON object on stdout:
 * `{"cancel": true}`, `{"summary": "…", "details": {…}}` or `{}` for no opinion (see
 * ramo_tree_preparation_apply_answer()). If it fails, the operation is cancelled.
 */
void
ramo_agent_session_set_hook_argv (RamoAgentSession   *self,
                                  const char * const *argv)
{
  g_return_if_fail (RAMO_IS_AGENT_SESSION (self));

  if (argv != NULL && argv[0] == NULL)
    argv = NULL;
  if (argv == NULL && self->hook_argv == NULL)
    return;
  if (argv != NULL && self->hook_argv != NULL &&
      g_strv_equal ((const char * const *) self->hook_argv, argv))
    return;
  g_strfreev (self->hook_argv);
  self->hook_argv = g_strdupv ((char **) argv);
  g_object_notify_by_pspec (G_OBJECT (self), properties [PROP_HOOK_ARGV]);
}

/**
 * ramo_agent_session_get_hook_timeout:
 * @self: an agent session
 *
 * Returns: the hook's time limit in seconds
 */
double
ramo_agent_session_get_hook_timeout (RamoAgentSession *self)
{
  g_return_val_if_fail (RAMO_IS_AGENT_SESSION (self), 0);
  return self->hook_timeout;
}

/**
 * ramo_agent_session_set_hook_timeout:
 * @self: an agent session
 * @seconds: the hook's time limit in seconds (fractions allowed); default 30
 */
void
ramo_agent_session_set_hook_timeout (RamoAgentSession *self,
                                     double            seconds)
{
  g_return_if_fail (RAMO_IS_AGENT_SESSION (self));
  g_return_if_fail (seconds > 0);

  if (self->hook_timeout == seconds)
    return;
  self->hook_timeout = seconds;
  g_object_notify_by_pspec (G_OBJECT (self), properties [PROP_HOOK_TIMEOUT]);
}

/**
 * ramo_agent_session_is_busy:
 * @self: an agent session
 *
 * Returns: whether a navigation or compaction is running
 */
gboolean
ramo_agent_session_is_busy (RamoAgentSession *self)
{
  g_return_val_if_fail (RAMO_IS_AGENT_SESSION (self), FALSE);
  return self->busy;
}

/**
 * ramo_agent_session_cancel:
 * @self: an agent session
 *
 * Aborts the running navigation or compaction (pi's Escape during a summary): it fails with
 * %G_IO_ERROR_CANCELLED and changes nothing. Does nothing when none is running.
 */
void
ramo_agent_session_cancel (RamoAgentSession *self)
{
  g_return_if_fail (RAMO_IS_AGENT_SESSION (self));

  if (self->op_cancellable)
    g_cancellable_cancel (self->op_cancellable);
}

/* ------------------------------------------------------------------------------------------ */
/* For the operations (ramo-agent-session-navigate.c, ramo-agent-session-compact.c)           */

/* Marks an operation as running, with @cancellable (or a new one) as what
 * ramo_agent_session_cancel() cancels; fails with G_IO_ERROR_PENDING while another runs. */
gboolean
_ramo_agent_session_begin_operation (RamoAgentSession  *self,
                                     GCancellable      *cancellable,
                                     GCancellable     **op_cancellable,
                                     GError           **error)
{
  g_assert (RAMO_IS_AGENT_SESSION (self));

  if (self->busy)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_PENDING,
                   "Another navigation or compaction is still running");
      return FALSE;
    }
  self->busy = TRUE;
  self->op_cancellable = cancellable ? g_object_ref (cancellable) : g_cancellable_new ();
  *op_cancellable = g_object_ref (self->op_cancellable);
  g_object_notify_by_pspec (G_OBJECT (self), properties [PROP_BUSY]);
  return TRUE;
}

void
_ramo_agent_session_end_operation (RamoAgentSession *self)
{
  g_assert (RAMO_IS_AGENT_SESSION (self));

  if (!self->busy)
    return;
  self->busy = FALSE;
  g_clear_object (&self->op_cancellable);
  g_object_notify_by_pspec (G_OBJECT (self), properties [PROP_BUSY]);
}

/* Rebuilds the context at the manager's leaf, after an operation changed it. */
void
_ramo_agent_session_rebuild_context (RamoAgentSession *self)
{
  g_assert (RAMO_IS_AGENT_SESSION (self));

  g_clear_pointer (&self->context, ramo_session_context_unref);
  self->context = ramo_session_manager_build_session_context (self->manager);
  g_object_notify_by_pspec (G_OBJECT (self), properties [PROP_CONTEXT]);
}

/* Switches to another session (a branch from a root message starts a new file). */
void
_ramo_agent_session_set_manager (RamoAgentSession   *self,
                                 RamoSessionManager *manager)
{
  g_assert (RAMO_IS_AGENT_SESSION (self));

  g_set_object (&self->manager, manager);
  g_object_notify_by_pspec (G_OBJECT (self), properties [PROP_MANAGER]);
}

/* The JSON objects of @entries, read from the file. */
GPtrArray *
_ramo_agent_session_read_entries (RamoSessionManager  *manager,
                                  GPtrArray           *entries,
                                  GError             **error)
{
  g_autoptr(GPtrArray) nodes = g_ptr_array_new_with_free_func ((GDestroyNotify) json_node_unref);

  for (guint i = 0; i < entries->len; i++)
    {
      JsonNode *node = ramo_session_manager_read_entry (manager, g_ptr_array_index (entries, i), error);

      if (node == NULL)
        return NULL;
      g_ptr_array_add (nodes, node);
    }
  return g_steal_pointer (&nodes);
}

/* Whether the executable hook or a handler of @signal (a SIGNAL_BEFORE_…) may answer. */
gboolean
_ramo_agent_session_has_hooks (RamoAgentSession *self,
                               guint             signal)
{
  return self->hook_argv != NULL ||
         g_signal_has_handler_pending (self, _ramo_agent_session_signals [signal], 0, TRUE);
}

void
_ramo_agent_session_set_no_model_error (GError               **error,
                                        RamoSummarizerConfig  *config)
{
  const char *provider = ramo_summarizer_config_get_provider (config);

  g_set_error (error, RAMO_SUMMARIZER_ERROR, RAMO_SUMMARIZER_ERROR_NO_MODEL,
               "No model is configured for summaries%s%s; choose one, or set defaultProvider and "
               "defaultModel in pi's settings.json", provider ? " with the provider " : "",
               provider ? provider : "");
}

/* The hook's stdin: `{"type": @type, "sessionFile": …, "preparation": @preparation}`;
 * takes @preparation. */
static JsonNode *
hook_input (RamoAgentSession *self,
            const char       *type,
            JsonNode         *preparation)
{
  JsonObject *object = json_object_new ();
  const char *path = ramo_session_manager_get_path (self->manager);
  JsonNode *node;

  json_object_set_string_member (object, "type", type);
  if (path)
    json_object_set_string_member (object, "sessionFile", path);
  else
    json_object_set_null_member (object, "sessionFile");
  json_object_set_member (object, "preparation", preparation);
  node = json_node_new (JSON_NODE_OBJECT);
  json_node_take_object (node, object);
  return node;
}

/* Runs the executable hook on @preparation (taken), the input of a @type event; @callback
 * gets @task (taken) as its data. */
void
_ramo_agent_session_run_hook (RamoAgentSession    *self,
                              const char          *type,
                              JsonNode            *preparation,
                              GCancellable        *cancellable,
                              GAsyncReadyCallback  callback,
                              GTask               *task)
{
  g_autoptr(JsonNode) input = hook_input (self, type, preparation);

  g_assert (self->hook_argv != NULL);

  ramo_hook_run_async ((const char * const *) self->hook_argv, input, self->hook_timeout,
                       cancellable, callback, task);
}

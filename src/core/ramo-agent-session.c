/* ramo-agent-session.c — tree navigation, branching and compaction over a session
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

#include <string.h>

#include "ramo-agent-session.h"
#include "ramo-hook.h"
#include "ramo-json.h"
#include "ramo-message.h"

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
struct _RamoAgentSession
{
  GObject               parent_instance;

  RamoSessionManager   *manager;
  RamoSessionContext   *context;
  RamoSummarizer       *summarizer;
  RamoSummarizerConfig *summarizer_config;
  RamoSummarizerConfig *settings_config;
  char                **hook_argv;
  double                hook_timeout;

  /* the running operation */
  GCancellable         *op_cancellable;
  gboolean              busy;
};

G_DEFINE_FINAL_TYPE (RamoAgentSession, ramo_agent_session, G_TYPE_OBJECT)

G_DEFINE_BOXED_TYPE (RamoTreeOptions, ramo_tree_options, ramo_tree_options_copy, ramo_tree_options_free)
G_DEFINE_BOXED_TYPE (RamoTreeResult, ramo_tree_result, ramo_tree_result_copy, ramo_tree_result_free)
G_DEFINE_BOXED_TYPE (RamoCompactOptions, ramo_compact_options, ramo_compact_options_copy, ramo_compact_options_free)
G_DEFINE_BOXED_TYPE (RamoCompactResult, ramo_compact_result, ramo_compact_result_copy, ramo_compact_result_free)

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

enum {
  BEFORE_TREE,
  TREE,
  BEFORE_BRANCH,
  BRANCH,
  BEFORE_COMPACT,
  COMPACTING,
  COMPACT,
  N_SIGNALS
};

static GParamSpec *properties [N_PROPS];
static guint signals [N_SIGNALS];

/* ------------------------------------------------------------------------------------------ */
/* Boxed types                                                                                 */

/**
 * ramo_tree_options_new:
 *
 * Returns: (transfer full): options with nothing set (no summary)
 */
RamoTreeOptions *
ramo_tree_options_new (void)
{
  return g_new0 (RamoTreeOptions, 1);
}

/**
 * ramo_tree_options_copy:
 * @options: options
 *
 * Returns: (transfer full): a copy
 */
RamoTreeOptions *
ramo_tree_options_copy (const RamoTreeOptions *options)
{
  RamoTreeOptions *copy;

  g_return_val_if_fail (options != NULL, NULL);

  copy = ramo_tree_options_new ();
  copy->summarize = options->summarize;
  copy->custom_instructions = g_strdup (options->custom_instructions);
  copy->replace_instructions = options->replace_instructions;
  copy->label = g_strdup (options->label);
  return copy;
}

/**
 * ramo_tree_options_free:
 * @options: (nullable): options
 */
void
ramo_tree_options_free (RamoTreeOptions *options)
{
  if (options == NULL)
    return;
  g_free (options->custom_instructions);
  g_free (options->label);
  g_free (options);
}

/**
 * ramo_tree_result_copy:
 * @result: a result
 *
 * Returns: (transfer full): a copy
 */
RamoTreeResult *
ramo_tree_result_copy (const RamoTreeResult *result)
{
  RamoTreeResult *copy;

  g_return_val_if_fail (result != NULL, NULL);

  copy = g_new0 (RamoTreeResult, 1);
  copy->changed = result->changed;
  copy->new_leaf_id = g_strdup (result->new_leaf_id);
  copy->old_leaf_id = g_strdup (result->old_leaf_id);
  copy->editor_text = g_strdup (result->editor_text);
  copy->summary_entry_id = g_strdup (result->summary_entry_id);
  copy->label_entry_id = g_strdup (result->label_entry_id);
  copy->from_hook = result->from_hook;
  return copy;
}

/**
 * ramo_tree_result_free:
 * @result: (nullable): a result
 */
void
ramo_tree_result_free (RamoTreeResult *result)
{
  if (result == NULL)
    return;
  g_free (result->new_leaf_id);
  g_free (result->old_leaf_id);
  g_free (result->editor_text);
  g_free (result->summary_entry_id);
  g_free (result->label_entry_id);
  g_free (result);
}

/**
 * ramo_compact_options_new:
 *
 * Returns: (transfer full): options with nothing set
 */
RamoCompactOptions *
ramo_compact_options_new (void)
{
  return g_new0 (RamoCompactOptions, 1);
}

/**
 * ramo_compact_options_copy:
 * @options: options
 *
 * Returns: (transfer full): a copy
 */
RamoCompactOptions *
ramo_compact_options_copy (const RamoCompactOptions *options)
{
  RamoCompactOptions *copy;

  g_return_val_if_fail (options != NULL, NULL);

  copy = ramo_compact_options_new ();
  copy->custom_instructions = g_strdup (options->custom_instructions);
  return copy;
}

/**
 * ramo_compact_options_free:
 * @options: (nullable): options
 */
void
ramo_compact_options_free (RamoCompactOptions *options)
{
  if (options == NULL)
    return;
  g_free (options->custom_instructions);
  g_free (options);
}

/**
 * ramo_compact_result_copy:
 * @result: a result
 *
 * Returns: (transfer full): a copy
 */
RamoCompactResult *
ramo_compact_result_copy (const RamoCompactResult *result)
{
  RamoCompactResult *copy;

  g_return_val_if_fail (result != NULL, NULL);

  copy = g_new0 (RamoCompactResult, 1);
  copy->entry_id = g_strdup (result->entry_id);
  copy->summary = g_strdup (result->summary);
  copy->first_kept_entry_id = g_strdup (result->first_kept_entry_id);
  copy->tokens_before = result->tokens_before;
  copy->details = result->details ? json_node_copy (result->details) : NULL;
  copy->from_hook = result->from_hook;
  return copy;
}

/**
 * ramo_compact_result_free:
 * @result: (nullable): a result
 */
void
ramo_compact_result_free (RamoCompactResult *result)
{
  if (result == NULL)
    return;
  g_free (result->entry_id);
  g_free (result->summary);
  g_free (result->first_kept_entry_id);
  g_clear_pointer (&result->details, json_node_unref);
  g_free (result);
}

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
  signals [BEFORE_TREE] =
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
  signals [TREE] =
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
  signals [BEFORE_BRANCH] =
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
  signals [BRANCH] =
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
  signals [BEFORE_COMPACT] =
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
  signals [COMPACTING] =
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
  signals [COMPACT] =
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

static void
rebuild_context (RamoAgentSession *self)
{
  g_assert (RAMO_IS_AGENT_SESSION (self));

  g_clear_pointer (&self->context, ramo_session_context_unref);
  self->context = ramo_session_manager_build_session_context (self->manager);
  g_object_notify_by_pspec (G_OBJECT (self), properties [PROP_CONTEXT]);
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

static gboolean
begin_operation (RamoAgentSession  *self,
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

static void
end_operation (RamoAgentSession *self)
{
  g_assert (RAMO_IS_AGENT_SESSION (self));

  if (!self->busy)
    return;
  self->busy = FALSE;
  g_clear_object (&self->op_cancellable);
  g_object_notify_by_pspec (G_OBJECT (self), properties [PROP_BUSY]);
}

/* ------------------------------------------------------------------------------------------ */
/* Helpers                                                                                     */

static GPtrArray *
read_entries (RamoSessionManager  *manager,
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

static gboolean
has_hooks (RamoAgentSession *self,
           guint             signal_id)
{
  return self->hook_argv != NULL || g_signal_has_handler_pending (self, signal_id, 0, TRUE);
}

static void
set_no_model_error (GError               **error,
                    RamoSummarizerConfig  *config)
{
  const char *provider = ramo_summarizer_config_get_provider (config);

  g_set_error (error, RAMO_SUMMARIZER_ERROR, RAMO_SUMMARIZER_ERROR_NO_MODEL,
               "No model is configured for summaries%s%s; choose one, or set defaultProvider and "
               "defaultModel in pi's settings.json", provider ? " with the provider " : "",
               provider ? provider : "");
}

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

/* ------------------------------------------------------------------------------------------ */
/* Navigating inside the file (spec §5)                                                        */

typedef struct
{
  RamoTreeOptions      *options;
  RamoTreePreparation  *preparation;
  RamoSummarizerConfig *config;
  GCancellable         *cancellable;
  char                 *target_id;
  char                 *old_leaf_id;
  char                 *new_leaf_id;
  char                 *editor_text;
  char                 *summary;
  JsonNode             *details;
  gboolean              from_hook;
} Navigation;

static void
navigation_free (gpointer data)
{
  Navigation *nav = data;

  ramo_tree_options_free (nav->options);
  g_clear_object (&nav->preparation);
  g_clear_object (&nav->config);
  g_clear_object (&nav->cancellable);
  g_free (nav->target_id);
  g_free (nav->old_leaf_id);
  g_free (nav->new_leaf_id);
  g_free (nav->editor_text);
  g_free (nav->summary);
  g_clear_pointer (&nav->details, json_node_unref);
  g_free (nav);
}

static void
navigation_fail (GTask  *task,
                 GError *error)
{
  end_operation (g_task_get_source_object (task));
  g_task_return_error (task, error);
}

static void
navigation_fail_cancelled (GTask      *task,
                           const char *message)
{
  navigation_fail (task, g_error_new_literal (G_IO_ERROR, G_IO_ERROR_CANCELLED, message));
}

static void
navigation_apply (GTask *task)
{
  RamoAgentSession *self = g_task_get_source_object (task);
  Navigation *nav = g_task_get_task_data (task);
  const char *label = ramo_tree_preparation_get_label (nav->preparation);
  g_autoptr(GError) error = NULL;
  g_autofree char *summary_id = NULL;
  g_autofree char *label_id = NULL;
  RamoTreeResult *result;

  /* The user may have pressed Escape just as the summary arrived: nothing is written yet. */
  if (g_cancellable_is_cancelled (nav->cancellable))
    {
      navigation_fail_cancelled (task, "The navigation was cancelled");
      return;
    }

  if (ramo_session_manager_get_entry (self->manager, nav->target_id) == NULL ||
      (nav->new_leaf_id && ramo_session_manager_get_entry (self->manager, nav->new_leaf_id) == NULL))
    {
      navigation_fail (task, g_error_new (RAMO_SESSION_ERROR, RAMO_SESSION_ERROR_NOT_FOUND,
                                          "Entry %s is gone: the session changed during the navigation",
                                          nav->target_id));
      return;
    }

  if (nav->summary)
    {
      /* The summary hangs off the new position, not the abandoned tail (spec §5.5). */
      summary_id = ramo_session_manager_branch_with_summary (self->manager, nav->new_leaf_id,
                                                             nav->summary, nav->details,
                                                             nav->from_hook, &error);
      if (summary_id == NULL)
        {
          navigation_fail (task, g_steal_pointer (&error));
          return;
        }
      if (label)
        {
          label_id = ramo_session_manager_append_label_change (self->manager, summary_id, label, &error);
          /* The summary is written already and cannot be taken back; the label is a detail. */
          if (label_id == NULL)
            g_warning ("The summary was written but its label could not be: %s", error->message);
        }
    }
  else
    {
      if (nav->new_leaf_id == NULL)
        ramo_session_manager_reset_leaf (self->manager);
      else if (!ramo_session_manager_branch (self->manager, nav->new_leaf_id, &error))
        {
          navigation_fail (task, g_steal_pointer (&error));
          return;
        }
      if (label)
        {
          label_id = ramo_session_manager_append_label_change (self->manager, nav->target_id, label, &error);
          if (label_id == NULL)
            {
              /* Nothing was written: put the leaf back so the navigation did not half happen. */
              if (nav->old_leaf_id)
                ramo_session_manager_branch (self->manager, nav->old_leaf_id, NULL);
              else
                ramo_session_manager_reset_leaf (self->manager);
              navigation_fail (task, g_steal_pointer (&error));
              return;
            }
        }
    }

  rebuild_context (self);

  result = g_new0 (RamoTreeResult, 1);
  result->changed = TRUE;
  result->new_leaf_id = g_strdup (ramo_session_manager_get_leaf_id (self->manager));
  result->old_leaf_id = g_strdup (nav->old_leaf_id);
  result->editor_text = g_strdup (nav->editor_text);
  result->summary_entry_id = g_steal_pointer (&summary_id);
  result->label_entry_id = g_steal_pointer (&label_id);
  result->from_hook = result->summary_entry_id != NULL && nav->from_hook;

  end_operation (self);
  g_signal_emit (self, signals [TREE], 0, result->new_leaf_id, result->old_leaf_id,
                 result->summary_entry_id, result->from_hook);
  g_task_return_pointer (task, result, (GDestroyNotify) ramo_tree_result_free);
}

static void
navigation_summary_cb (GObject      *object,
                       GAsyncResult *res,
                       gpointer      user_data)
{
  RamoSummarizer *summarizer = RAMO_SUMMARIZER (object);
  g_autoptr(GTask) task = user_data;
  Navigation *nav = g_task_get_task_data (task);
  GError *error = NULL;

  nav->summary = ramo_summarizer_summarize_finish (summarizer, res, &nav->details, &error);
  if (nav->summary == NULL)
    {
      navigation_fail (task, error);
      return;
    }
  nav->from_hook = FALSE;
  navigation_apply (task);
}

static void
navigation_summarize (GTask *task)
{
  RamoAgentSession *self = g_task_get_source_object (task);
  Navigation *nav = g_task_get_task_data (task);
  RamoTreePreparation *prep = nav->preparation;
  GError *error = NULL;

  if (g_cancellable_is_cancelled (nav->cancellable))
    {
      navigation_fail_cancelled (task, "The navigation was cancelled");
      return;
    }

  /* As in pi, a supplied summary counts only when the user asked for one. */
  if (nav->options->summarize && ramo_tree_preparation_get_summary (prep))
    {
      JsonNode *details = ramo_tree_preparation_get_details (prep);

      nav->summary = g_strdup (ramo_tree_preparation_get_summary (prep));
      nav->details = details ? json_node_copy (details) : NULL;
      nav->from_hook = TRUE;
      navigation_apply (task);
      return;
    }

  if (nav->options->summarize && ramo_tree_preparation_get_entries (prep)->len > 0)
    {
      if (!ramo_summarizer_config_has_model (nav->config))
        {
          set_no_model_error (&error, nav->config);
          navigation_fail (task, error);
          return;
        }
      ramo_summarizer_summarize_async (ramo_agent_session_get_summarizer (self), nav->config,
                                       RAMO_SUMMARY_KIND_BRANCH,
                                       ramo_tree_preparation_get_entries (prep), NULL, NULL,
                                       ramo_tree_preparation_get_custom_instructions (prep),
                                       ramo_tree_preparation_get_replace_instructions (prep),
                                       nav->cancellable, navigation_summary_cb, g_object_ref (task));
      return;
    }

  navigation_apply (task);
}

static void
navigation_hook_cb (GObject      *object,
                    GAsyncResult *res,
                    gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  Navigation *nav = g_task_get_task_data (task);
  g_autoptr(JsonObject) answer = NULL;
  GError *error = NULL;

  answer = ramo_hook_run_finish (res, &error);
  if (answer == NULL || !ramo_tree_preparation_apply_answer (nav->preparation, answer, &error))
    {
      navigation_fail (task, error);
      return;
    }
  if (ramo_tree_preparation_is_cancelled (nav->preparation))
    {
      navigation_fail_cancelled (task, "The navigation was cancelled by the hook");
      return;
    }
  navigation_summarize (task);
}

/**
 * ramo_agent_session_navigate_tree_async:
 * @self: an agent session
 * @target_id: the entry the user selected
 * @options: (nullable): what to do besides moving the leaf; %NULL for no summary
 * @cancellable: (nullable): a #GCancellable; cancelling aborts the summary and the navigation
 * @callback: called when the navigation is done, failed or was cancelled
 * @user_data: data for @callback
 *
 * Moves the leaf inside the file, as pi's `navigateTree()` (spec §5):
 *
 * 1. Selecting the current leaf does nothing. The entries to summarize are the old leaf's
 *    path from the old leaf up to (not including) the deepest common ancestor with the target.
 * 2. #RamoAgentSession::before-tree is emitted, then the executable hook runs; either may
 *    cancel, supply the summary, or change the instructions and the label.
 * 3. If a summary is wanted, there is something to summarize and nobody supplied one, the
 *    summarizer writes it. Without a model the navigation fails with
 *    %RAMO_SUMMARIZER_ERROR_NO_MODEL — at once when no handler or hook could supply a summary.
 * 4. The new leaf is the selected entry's parent for a user message or a `custom_message`
 *    (whose text is returned for the editor), else the selected entry.
 * 5. With a summary, a `branch_summary` entry is appended as a child of the new leaf
 *    (ramo_session_manager_branch_with_summary()); without, the leaf just moves (nothing is
 *    written). A label is then set on the summary entry, or else on the selected entry.
 * 6. The context is rebuilt and #RamoAgentSession::tree is emitted.
 *
 * If anything fails or is cancelled before step 5, the leaf and the file are unchanged.
 */
void
ramo_agent_session_navigate_tree_async (RamoAgentSession      *self,
                                        const char            *target_id,
                                        const RamoTreeOptions *options,
                                        GCancellable          *cancellable,
                                        GAsyncReadyCallback    callback,
                                        gpointer               user_data)
{
  g_autoptr(GTask) task = NULL;
  g_autoptr(GPtrArray) old_path = NULL;
  g_autoptr(GPtrArray) target_path = NULL;
  g_autoptr(GPtrArray) abandoned = NULL;
  g_autoptr(GPtrArray) entry_nodes = NULL;
  g_autoptr(GHashTable) on_old_path = NULL;
  g_autoptr(JsonNode) target_node = NULL;
  GError *error = NULL;
  Navigation *nav;
  RamoEntry *target;
  RamoEntry *common = NULL;
  const char *old_leaf_id;

  g_return_if_fail (RAMO_IS_AGENT_SESSION (self));
  g_return_if_fail (target_id != NULL);
  g_return_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, ramo_agent_session_navigate_tree_async);
  /* Once the summary is written the navigation has happened, even if the user pressed Escape
   * a moment later: report what was done, not a cancellation. */
  g_task_set_check_cancellable (task, FALSE);

  nav = g_new0 (Navigation, 1);
  nav->options = options ? ramo_tree_options_copy (options) : ramo_tree_options_new ();
  nav->target_id = g_strdup (target_id);
  g_task_set_task_data (task, nav, navigation_free);

  if (self->busy)
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_PENDING,
                               "Another navigation or compaction is still running");
      return;
    }

  old_leaf_id = ramo_session_manager_get_leaf_id (self->manager);
  nav->old_leaf_id = g_strdup (old_leaf_id);

  if (g_strcmp0 (target_id, old_leaf_id) == 0)
    {
      RamoTreeResult *result = g_new0 (RamoTreeResult, 1);

      result->new_leaf_id = g_strdup (old_leaf_id);
      result->old_leaf_id = g_strdup (old_leaf_id);
      g_task_return_pointer (task, result, (GDestroyNotify) ramo_tree_result_free);
      return;
    }

  nav->config = ramo_summarizer_config_resolve (self->summarizer_config, self->settings_config);
  if (nav->options->summarize && !ramo_summarizer_config_has_model (nav->config) &&
      !has_hooks (self, signals [BEFORE_TREE]))
    {
      set_no_model_error (&error, nav->config);
      g_task_return_error (task, error);
      return;
    }

  target = ramo_session_manager_get_entry (self->manager, target_id);
  if (target == NULL)
    {
      g_task_return_new_error (task, RAMO_SESSION_ERROR, RAMO_SESSION_ERROR_NOT_FOUND,
                               "Entry %s not found", target_id);
      return;
    }

  /* The deepest entry of the target's path that is also on the old leaf's path. */
  old_path = ramo_session_manager_dup_branch (self->manager, old_leaf_id);
  on_old_path = g_hash_table_new (NULL, NULL);
  if (old_leaf_id)
    for (guint i = 0; i < old_path->len; i++)
      g_hash_table_add (on_old_path, g_ptr_array_index (old_path, i));
  target_path = ramo_session_manager_dup_branch (self->manager, target_id);
  for (guint i = target_path->len; i > 0; i--)
    if (g_hash_table_contains (on_old_path, g_ptr_array_index (target_path, i - 1)))
      {
        common = g_ptr_array_index (target_path, i - 1);
        break;
      }

  abandoned = g_ptr_array_new ();
  if (old_leaf_id)
    {
      for (RamoEntry *e = ramo_session_manager_get_leaf (self->manager); e && e != common; e = e->parent)
        g_ptr_array_add (abandoned, e);
      for (guint i = 0, j = abandoned->len ? abandoned->len - 1 : 0; i < j; i++, j--)
        {
          gpointer tmp = abandoned->pdata[i];

          abandoned->pdata[i] = abandoned->pdata[j];
          abandoned->pdata[j] = tmp;
        }
    }

  entry_nodes = read_entries (self->manager, abandoned, &error);
  target_node = entry_nodes ? ramo_session_manager_read_entry (self->manager, target, &error) : NULL;
  if (target_node == NULL)
    {
      g_task_return_error (task, error);
      return;
    }

  /* Spec §5.4: a user message or custom message goes back to the editor. */
  {
    JsonObject *object = json_node_get_object (target_node);

    if (target->type == RAMO_ENTRY_TYPE_MESSAGE && target->role == RAMO_MESSAGE_ROLE_USER)
      {
        nav->editor_text = ramo_message_dup_editor_text (object);
        nav->new_leaf_id = g_strdup (target->parent ? target->parent->id : NULL);
      }
    else if (target->type == RAMO_ENTRY_TYPE_CUSTOM_MESSAGE)
      {
        nav->editor_text = ramo_message_dup_editor_text (object);
        nav->new_leaf_id = g_strdup (target->parent ? target->parent->id : NULL);
      }
    else
      nav->new_leaf_id = g_strdup (target_id);
  }

  if (!begin_operation (self, cancellable, &nav->cancellable, &error))
    {
      g_task_return_error (task, error);
      return;
    }

  nav->preparation = ramo_tree_preparation_new (target_id, old_leaf_id, common ? common->id : NULL,
                                                entry_nodes, nav->options->summarize, nav->cancellable);
  ramo_tree_preparation_set_custom_instructions (nav->preparation, nav->options->custom_instructions);
  ramo_tree_preparation_set_replace_instructions (nav->preparation, nav->options->replace_instructions);
  ramo_tree_preparation_set_label (nav->preparation, nav->options->label);

  g_signal_emit (self, signals [BEFORE_TREE], 0, nav->preparation);

  if (ramo_tree_preparation_is_cancelled (nav->preparation))
    {
      navigation_fail_cancelled (task, "The navigation was cancelled by a before-tree handler");
      return;
    }

  if (self->hook_argv)
    {
      g_autoptr(JsonNode) input = hook_input (self, "session_before_tree",
                                              ramo_tree_preparation_to_json (nav->preparation));

      ramo_hook_run_async ((const char * const *) self->hook_argv, input, self->hook_timeout,
                           nav->cancellable, navigation_hook_cb, g_steal_pointer (&task));
      return;
    }

  navigation_summarize (task);
}

/**
 * ramo_agent_session_navigate_tree_finish:
 * @self: an agent session
 * @result: the #GAsyncResult passed to the callback
 * @error: return location for a #GError, or %NULL
 *
 * Errors: %G_IO_ERROR_CANCELLED (by the cancellable, ramo_agent_session_cancel(), a handler or
 * the hook); %G_IO_ERROR_PENDING when another operation runs; %RAMO_SESSION_ERROR_NOT_FOUND;
 * %RAMO_SUMMARIZER_ERROR; %RAMO_HOOK_ERROR; the write errors of
 * ramo_session_manager_branch_with_summary(). After any error the leaf and file are unchanged.
 *
 * Returns: (transfer full): what the navigation did, or %NULL with @error set
 */
RamoTreeResult *
ramo_agent_session_navigate_tree_finish (RamoAgentSession  *self,
                                         GAsyncResult      *result,
                                         GError           **error)
{
  g_return_val_if_fail (RAMO_IS_AGENT_SESSION (self), NULL);
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == ramo_agent_session_navigate_tree_async, NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}

/* ------------------------------------------------------------------------------------------ */
/* Branching to a new file (spec §6)                                                           */

/**
 * ramo_agent_session_branch:
 * @self: an agent session
 * @entry_id: a user message
 * @editor_text: (out) (optional) (transfer full): the message's text, for the editor
 * @new_path: (out) (optional) (transfer full) (nullable) (type filename): the new session
 *   file, %NULL for an in-memory session
 * @new_manager: (out) (optional) (transfer full) (nullable): the new session when it is a
 *   different manager (branching from a root message), else %NULL
 * @error: return location for a #GError, or %NULL
 *
 * pi's `/branch` (spec §6): continues in a new session file from just before the user message
 * @entry_id. For a message in the middle of the tree, the path root→its parent is copied into
 * a new file (ramo_session_manager_create_branched_session()) and the current manager switches
 * to it. For a root message, a new empty session is created next to the current file, with
 * `parentSession` naming it; #RamoAgentSession:manager then changes to it. Emits
 * #RamoAgentSession::before-branch (which may cancel) and #RamoAgentSession::branch.
 *
 * Errors: %RAMO_SESSION_ERROR_NOT_FOUND, %RAMO_SESSION_ERROR_INVALID_ARGUMENT (not a user
 * message), %G_IO_ERROR_CANCELLED (by a handler), %G_IO_ERROR_PENDING, %RAMO_SESSION_ERROR_IO.
 *
 * Returns: %TRUE on success
 */
gboolean
ramo_agent_session_branch (RamoAgentSession     *self,
                           const char           *entry_id,
                           char                **editor_text,
                           char                **new_path,
                           RamoSessionManager  **new_manager,
                           GError              **error)
{
  g_autoptr(JsonNode) node = NULL;
  g_autoptr(RamoSessionManager) fresh = NULL;
  g_autofree char *text = NULL;
  g_autofree char *path = NULL;
  g_autofree char *parent_id = NULL;
  g_autofree char *id = NULL;
  RamoEntry *entry;
  gboolean cancel = FALSE;

  g_return_val_if_fail (RAMO_IS_AGENT_SESSION (self), FALSE);
  g_return_val_if_fail (entry_id != NULL, FALSE);

  if (editor_text)
    *editor_text = NULL;
  if (new_path)
    *new_path = NULL;
  if (new_manager)
    *new_manager = NULL;

  if (self->busy)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_PENDING,
                   "Another navigation or compaction is still running");
      return FALSE;
    }

  entry = ramo_session_manager_get_entry (self->manager, entry_id);
  if (entry == NULL)
    {
      g_set_error (error, RAMO_SESSION_ERROR, RAMO_SESSION_ERROR_NOT_FOUND, "Entry %s not found", entry_id);
      return FALSE;
    }
  if (entry->type != RAMO_ENTRY_TYPE_MESSAGE || entry->role != RAMO_MESSAGE_ROLE_USER)
    {
      g_set_error (error, RAMO_SESSION_ERROR, RAMO_SESSION_ERROR_INVALID_ARGUMENT,
                   "Entry %s is not a user message; only a user message can start a branch", entry_id);
      return FALSE;
    }

  node = ramo_session_manager_read_entry (self->manager, entry, error);
  if (node == NULL)
    return FALSE;
  text = ramo_message_dup_editor_text (json_node_get_object (node));
  /* copies: entry pointers die when the manager switches files */
  id = g_strdup (entry_id);
  parent_id = g_strdup (entry->parent ? entry->parent->id : NULL);

  g_signal_emit (self, signals [BEFORE_BRANCH], 0, id, &cancel);
  if (cancel)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED, "The branch was cancelled by a before-branch handler");
      return FALSE;
    }

  if (parent_id == NULL)
    {
      const char *current = ramo_session_manager_get_path (self->manager);

      if (current)
        {
          g_autofree char *dir = g_path_get_dirname (current);

          fresh = ramo_session_manager_create (dir, ramo_session_manager_get_cwd (self->manager), current, error);
          if (fresh == NULL)
            return FALSE;
          path = g_strdup (ramo_session_manager_get_path (fresh));
        }
      else
        fresh = ramo_session_manager_new_in_memory (ramo_session_manager_get_cwd (self->manager));

      g_set_object (&self->manager, fresh);
      g_object_notify_by_pspec (G_OBJECT (self), properties [PROP_MANAGER]);
    }
  else if (!ramo_session_manager_create_branched_session (self->manager, parent_id, &path, error))
    return FALSE;

  rebuild_context (self);
  g_signal_emit (self, signals [BRANCH], 0, id, path);

  if (editor_text)
    *editor_text = g_steal_pointer (&text);
  if (new_path)
    *new_path = g_steal_pointer (&path);
  if (new_manager)
    *new_manager = g_steal_pointer (&fresh);
  return TRUE;
}

/* ------------------------------------------------------------------------------------------ */
/* Compaction                                                                                  */

typedef struct
{
  RamoCompactOptions        *options;
  RamoCompactionPreparation *preparation;
  RamoSummarizerConfig      *config;
  GCancellable              *cancellable;
  JsonNode                  *previous_details;
  char                      *kept_id;
  char                      *summary;
  JsonNode                  *details;
  gboolean                   from_hook;
} Compaction;

static void
compaction_free (gpointer data)
{
  Compaction *op = data;

  ramo_compact_options_free (op->options);
  g_clear_object (&op->preparation);
  g_clear_object (&op->config);
  g_clear_object (&op->cancellable);
  g_clear_pointer (&op->previous_details, json_node_unref);
  g_free (op->kept_id);
  g_free (op->summary);
  g_clear_pointer (&op->details, json_node_unref);
  g_free (op);
}

static void
compaction_fail (GTask  *task,
                 GError *error)
{
  end_operation (g_task_get_source_object (task));
  g_task_return_error (task, error);
}

static gboolean
kept_entry_on_active_path (RamoSessionManager *manager,
                           const char         *kept_id)
{
  for (RamoEntry *e = ramo_session_manager_get_leaf (manager); e; e = e->parent)
    if (strcmp (e->id, kept_id) == 0)
      return TRUE;
  return FALSE;
}

static void
compaction_apply (GTask *task)
{
  RamoAgentSession *self = g_task_get_source_object (task);
  Compaction *op = g_task_get_task_data (task);
  g_autoptr(GError) error = NULL;
  g_autofree char *entry_id = NULL;
  RamoCompactResult *result;
  gint64 tokens_before = ramo_compaction_preparation_get_tokens_before (op->preparation);

  if (g_cancellable_is_cancelled (op->cancellable))
    {
      compaction_fail (task, g_error_new_literal (G_IO_ERROR, G_IO_ERROR_CANCELLED, "The compaction was cancelled"));
      return;
    }

  if (!kept_entry_on_active_path (self->manager, op->kept_id))
    {
      compaction_fail (task, g_error_new (RAMO_SESSION_ERROR, RAMO_SESSION_ERROR_CHANGED,
                                          "The leaf moved during the compaction; entry %s is no longer "
                                          "on the active path", op->kept_id));
      return;
    }

  entry_id = ramo_session_manager_append_compaction (self->manager, op->summary, op->kept_id, tokens_before,
                                                     op->details, op->from_hook, &error);
  if (entry_id == NULL)
    {
      compaction_fail (task, g_steal_pointer (&error));
      return;
    }

  rebuild_context (self);

  result = g_new0 (RamoCompactResult, 1);
  result->entry_id = g_strdup (entry_id);
  result->summary = g_strdup (op->summary);
  result->first_kept_entry_id = g_strdup (op->kept_id);
  result->tokens_before = tokens_before;
  result->details = op->details ? json_node_copy (op->details) : NULL;
  result->from_hook = op->from_hook;

  end_operation (self);
  g_signal_emit (self, signals [COMPACT], 0, entry_id, op->from_hook);
  g_task_return_pointer (task, result, (GDestroyNotify) ramo_compact_result_free);
}

static void
compaction_summary_cb (GObject      *object,
                       GAsyncResult *res,
                       gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  Compaction *op = g_task_get_task_data (task);
  GError *error = NULL;

  op->summary = ramo_summarizer_summarize_finish (RAMO_SUMMARIZER (object), res, &op->details, &error);
  if (op->summary == NULL)
    {
      compaction_fail (task, error);
      return;
    }
  op->from_hook = FALSE;
  compaction_apply (task);
}

static void
compaction_summarize (GTask *task)
{
  RamoAgentSession *self = g_task_get_source_object (task);
  Compaction *op = g_task_get_task_data (task);
  RamoCompactionPreparation *prep = op->preparation;
  GError *error = NULL;

  if (g_cancellable_is_cancelled (op->cancellable))
    {
      compaction_fail (task, g_error_new_literal (G_IO_ERROR, G_IO_ERROR_CANCELLED, "The compaction was cancelled"));
      return;
    }

  if (ramo_compaction_preparation_get_summary (prep))
    {
      JsonNode *details = ramo_compaction_preparation_get_details (prep);

      op->summary = g_strdup (ramo_compaction_preparation_get_summary (prep));
      op->details = details ? json_node_copy (details) : NULL;
      op->from_hook = TRUE;
      g_signal_emit (self, signals [COMPACTING], 0, op->kept_id);
      compaction_apply (task);
      return;
    }

  if (!ramo_summarizer_config_has_model (op->config))
    {
      set_no_model_error (&error, op->config);
      compaction_fail (task, error);
      return;
    }

  g_signal_emit (self, signals [COMPACTING], 0, op->kept_id);
  ramo_summarizer_summarize_async (ramo_agent_session_get_summarizer (self), op->config,
                                   RAMO_SUMMARY_KIND_COMPACTION,
                                   ramo_compaction_preparation_get_entries (prep),
                                   ramo_compaction_preparation_get_previous_summary (prep),
                                   op->previous_details,
                                   ramo_compaction_preparation_get_custom_instructions (prep), FALSE,
                                   op->cancellable, compaction_summary_cb, g_object_ref (task));
}

static void
compaction_hook_cb (GObject      *object,
                    GAsyncResult *res,
                    gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  Compaction *op = g_task_get_task_data (task);
  g_autoptr(JsonObject) answer = NULL;
  GError *error = NULL;

  answer = ramo_hook_run_finish (res, &error);
  if (answer == NULL || !ramo_compaction_preparation_apply_answer (op->preparation, answer, &error))
    {
      compaction_fail (task, error);
      return;
    }
  if (ramo_compaction_preparation_is_cancelled (op->preparation))
    {
      compaction_fail (task, g_error_new_literal (G_IO_ERROR, G_IO_ERROR_CANCELLED,
                                                  "The compaction was cancelled by the hook"));
      return;
    }
  compaction_summarize (task);
}

/* The context's size as pi estimates it: the sum of its messages' estimates. */
static gint64
estimate_context_tokens (RamoSessionManager  *manager,
                         GError             **error)
{
  g_autoptr(RamoSessionContext) context = ramo_session_manager_build_session_context (manager);
  gint64 total = 0;

  for (guint i = 0; i < ramo_session_context_get_n_messages (context); i++)
    {
      g_autoptr(GError) local_error = NULL;
      g_autoptr(JsonNode) message = ramo_session_context_dup_message (context, i, &local_error);

      if (local_error)
        {
          g_propagate_error (error, g_steal_pointer (&local_error));
          return -1;
        }
      if (message)
        total += ramo_summarizer_estimate_tokens (message);
    }
  return total;
}

static gboolean
produces_message (RamoEntry *entry)
{
  return entry->type == RAMO_ENTRY_TYPE_MESSAGE || entry->type == RAMO_ENTRY_TYPE_CUSTOM_MESSAGE ||
         entry->type == RAMO_ENTRY_TYPE_BRANCH_SUMMARY;
}

/**
 * ramo_agent_session_compact_async:
 * @self: an agent session
 * @kept_entry_id: an entry of the active path: it and everything after it stay in the context
 * @options: (nullable): options; %NULL for none
 * @cancellable: (nullable): a #GCancellable
 * @callback: called when the compaction is done, failed or was cancelled
 * @user_data: data for @callback
 *
 * "Compact up to here": summarizes the part of the active path before @kept_entry_id — from the
 * previous compaction's first kept entry, or the root — and appends a `compaction` entry at the
 * leaf with `firstKeptEntryId` = @kept_entry_id, `tokensBefore` = the context's estimated size
 * (characters / 4 per message, as pi estimates) and `details` = `{readFiles, modifiedFiles}`.
 * A previous compaction's summary is merged into the new one. Emits
 * #RamoAgentSession::before-compact (which may cancel or supply the summary; the executable hook
 * runs after it), #RamoAgentSession::compacting and #RamoAgentSession::compact.
 *
 * The kept entry cannot be a tool result (it must stay with the call that asked for it), and
 * there must be messages before it; the path must not end in a compaction already.
 */
void
ramo_agent_session_compact_async (RamoAgentSession         *self,
                                  const char               *kept_entry_id,
                                  const RamoCompactOptions *options,
                                  GCancellable             *cancellable,
                                  GAsyncReadyCallback       callback,
                                  gpointer                  user_data)
{
  g_autoptr(GTask) task = NULL;
  g_autoptr(GPtrArray) path = NULL;
  g_autoptr(GPtrArray) to_summarize = NULL;
  g_autoptr(GPtrArray) nodes = NULL;
  g_autofree char *previous_summary = NULL;
  GError *error = NULL;
  Compaction *op;
  RamoEntry *kept;
  guint kept_index = G_MAXUINT, boundary = 0;
  gint previous = -1;
  gboolean has_messages = FALSE;
  gint64 tokens_before;

  g_return_if_fail (RAMO_IS_AGENT_SESSION (self));
  g_return_if_fail (kept_entry_id != NULL);
  g_return_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, ramo_agent_session_compact_async);
  g_task_set_check_cancellable (task, FALSE);

  op = g_new0 (Compaction, 1);
  op->options = options ? ramo_compact_options_copy (options) : ramo_compact_options_new ();
  op->kept_id = g_strdup (kept_entry_id);
  g_task_set_task_data (task, op, compaction_free);

  if (self->busy)
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_PENDING,
                               "Another navigation or compaction is still running");
      return;
    }

  kept = ramo_session_manager_get_entry (self->manager, kept_entry_id);
  if (kept == NULL)
    {
      g_task_return_new_error (task, RAMO_SESSION_ERROR, RAMO_SESSION_ERROR_NOT_FOUND,
                               "Entry %s not found", kept_entry_id);
      return;
    }

  path = ramo_session_manager_dup_branch (self->manager, NULL);
  for (guint i = 0; i < path->len; i++)
    {
      RamoEntry *e = g_ptr_array_index (path, i);

      if (e == kept)
        kept_index = i;
      if (e->type == RAMO_ENTRY_TYPE_COMPACTION)
        previous = (gint) i;
    }

  if (kept_index == G_MAXUINT)
    {
      g_task_return_new_error (task, RAMO_SESSION_ERROR, RAMO_SESSION_ERROR_INVALID_ARGUMENT,
                               "Entry %s is not on the active path", kept_entry_id);
      return;
    }
  if (((RamoEntry *) g_ptr_array_index (path, path->len - 1))->type == RAMO_ENTRY_TYPE_COMPACTION)
    {
      g_task_return_new_error (task, RAMO_SESSION_ERROR, RAMO_SESSION_ERROR_NOTHING_TO_DO,
                               "Nothing to compact: the active path ends in a compaction already");
      return;
    }
  if (kept->type == RAMO_ENTRY_TYPE_MESSAGE && kept->role == RAMO_MESSAGE_ROLE_TOOL_RESULT)
    {
      g_task_return_new_error (task, RAMO_SESSION_ERROR, RAMO_SESSION_ERROR_INVALID_ARGUMENT,
                               "Entry %s is a tool result; keep from the assistant message that "
                               "called the tool instead", kept_entry_id);
      return;
    }

  if (previous >= 0)
    {
      RamoEntry *prev = g_ptr_array_index (path, previous);
      g_autoptr(JsonNode) prev_node = ramo_session_manager_read_entry (self->manager, prev, &error);
      JsonObject *prev_object;

      if (prev_node == NULL)
        {
          g_task_return_error (task, error);
          return;
        }
      prev_object = json_node_get_object (prev_node);
      previous_summary = g_strdup (ramo_json_member_string (prev_object, "summary"));
      if (json_object_get_member (prev_object, "details") &&
          !json_object_get_boolean_member_with_default (prev_object, "fromHook", FALSE))
        op->previous_details = json_node_copy (json_object_get_member (prev_object, "details"));

      boundary = (guint) previous + 1;
      for (guint i = 0; prev->first_kept_id && i < (guint) previous; i++)
        if (strcmp (((RamoEntry *) g_ptr_array_index (path, i))->id, prev->first_kept_id) == 0)
          {
            boundary = i;
            break;
          }
    }

  to_summarize = g_ptr_array_new ();
  for (guint i = boundary; i < kept_index; i++)
    {
      RamoEntry *e = g_ptr_array_index (path, i);

      if (e->type == RAMO_ENTRY_TYPE_COMPACTION)
        continue;
      has_messages |= produces_message (e);
      g_ptr_array_add (to_summarize, e);
    }
  if (!has_messages)
    {
      g_task_return_new_error (task, RAMO_SESSION_ERROR, RAMO_SESSION_ERROR_NOTHING_TO_DO,
                               "Nothing to compact before entry %s: no message on the active path "
                               "before it since the last compaction", kept_entry_id);
      return;
    }

  op->config = ramo_summarizer_config_resolve (self->summarizer_config, self->settings_config);
  if (!ramo_summarizer_config_has_model (op->config) && !has_hooks (self, signals [BEFORE_COMPACT]))
    {
      set_no_model_error (&error, op->config);
      g_task_return_error (task, error);
      return;
    }

  nodes = read_entries (self->manager, to_summarize, &error);
  if (nodes == NULL || (tokens_before = estimate_context_tokens (self->manager, &error)) < 0)
    {
      g_task_return_error (task, error);
      return;
    }

  if (!begin_operation (self, cancellable, &op->cancellable, &error))
    {
      g_task_return_error (task, error);
      return;
    }

  op->preparation = ramo_compaction_preparation_new (kept_entry_id, ramo_session_manager_get_leaf_id (self->manager),
                                                     nodes, tokens_before, previous_summary, op->cancellable);
  ramo_compaction_preparation_set_custom_instructions (op->preparation, op->options->custom_instructions);

  g_signal_emit (self, signals [BEFORE_COMPACT], 0, op->preparation);
  if (ramo_compaction_preparation_is_cancelled (op->preparation))
    {
      compaction_fail (task, g_error_new_literal (G_IO_ERROR, G_IO_ERROR_CANCELLED,
                                                  "The compaction was cancelled by a before-compact handler"));
      return;
    }

  if (self->hook_argv)
    {
      g_autoptr(JsonNode) input = hook_input (self, "session_before_compact",
                                              ramo_compaction_preparation_to_json (op->preparation));

      ramo_hook_run_async ((const char * const *) self->hook_argv, input, self->hook_timeout,
                           op->cancellable, compaction_hook_cb, g_steal_pointer (&task));
      return;
    }

  compaction_summarize (task);
}

/**
 * ramo_agent_session_compact_finish:
 * @self: an agent session
 * @result: the #GAsyncResult passed to the callback
 * @error: return location for a #GError, or %NULL
 *
 * Errors: as ramo_agent_session_navigate_tree_finish(), plus
 * %RAMO_SESSION_ERROR_INVALID_ARGUMENT for an entry that cannot be kept from (not on the active
 * path, a tool result), %RAMO_SESSION_ERROR_NOTHING_TO_DO when there is nothing to compact (no
 * message before the kept entry since the last compaction, or the path ends in a compaction)
 * and %RAMO_SESSION_ERROR_CHANGED when the leaf moved meanwhile. After any error the file is
 * unchanged.
 *
 * Returns: (transfer full): what the compaction did, or %NULL with @error set
 */
RamoCompactResult *
ramo_agent_session_compact_finish (RamoAgentSession  *self,
                                   GAsyncResult      *result,
                                   GError           **error)
{
  g_return_val_if_fail (RAMO_IS_AGENT_SESSION (self), NULL);
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == ramo_agent_session_compact_async, NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}

/* ramo-figures-text.c
 *
 * Copyright 2026 The Ramo authors
 *
 * This program is free software: you can redistribute it and/or modify it under the terms of the
 * GNU General Public License as published by the Free Software Foundation, either version 3 of
 * the License, or (at your option) any later version.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include <glib/gi18n.h>

#include "ramo-figures-text.h"

/**
 * ramo_badge_from_string:
 * @nick: (nullable): a value of the `branch-badge` setting: `none`, `cost`, `tokens`, `time`
 *   or `tool-calls`
 *
 * Returns: the badge it names, %RAMO_BADGE_NONE for anything else
 */
RamoBadge
ramo_badge_from_string (const char *nick)
{
  static const char * const nicks[] = { "none", "cost", "tokens", "time", "tool-calls" };

  for (guint i = 0; nick && i < G_N_ELEMENTS (nicks); i++)
    if (strcmp (nick, nicks[i]) == 0)
      return (RamoBadge) i;
  return RAMO_BADGE_NONE;
}

/**
 * ramo_figures_dup_tokens_text:
 * @tokens: a number of tokens
 *
 * Returns: (transfer full): @tokens written short: "950", "12.3k", "4.5M"
 */
char *
ramo_figures_dup_tokens_text (double tokens)
{
  if (tokens < 1000)
    return g_strdup_printf ("%.0f", tokens);
  if (tokens < 999500)
    /* Translators: thousands of tokens, written short */
    return g_strdup_printf (_("%.1fk"), tokens / 1000);
  if (tokens < 999500000)
    /* Translators: millions of tokens, written short */
    return g_strdup_printf (_("%.1fM"), tokens / 1e6);
  /* Translators: billions of tokens, written short */
  return g_strdup_printf (_("%.1fG"), tokens / 1e9);
}

/**
 * ramo_figures_dup_cost_text:
 * @cost: a cost, as the agent recorded it (US dollars for pi's models)
 *
 * Returns: (transfer full): @cost as money, with cents (or less, below a cent)
 */
char *
ramo_figures_dup_cost_text (double cost)
{
  if (cost > 0 && cost < 0.01)
    /* Translators: a cost below one cent, in US dollars */
    return g_strdup_printf (_("$%.4f"), cost);
  /* Translators: a cost in US dollars */
  return g_strdup_printf (_("$%.2f"), cost);
}

/**
 * ramo_figures_dup_wall_text:
 * @ms: a time span in milliseconds
 *
 * Returns: (transfer full): @ms as hours and minutes, minutes and seconds, or seconds
 */
char *
ramo_figures_dup_wall_text (double ms)
{
  guint64 s = ms > 0 ? (guint64) (ms / 1000) : 0;

  if (s >= 3600)
    /* Translators: hours and minutes of wall time */
    return g_strdup_printf (_("%uh %02um"), (guint) (s / 3600), (guint) (s / 60 % 60));
  if (s >= 60)
    /* Translators: minutes and seconds of wall time */
    return g_strdup_printf (_("%um %02us"), (guint) (s / 60), (guint) (s % 60));
  /* Translators: seconds of wall time */
  return g_strdup_printf (_("%us"), (guint) s);
}

/**
 * ramo_figures_dup_badge_text:
 * @figures: the figures of a branch
 * @badge: which one to write
 *
 * Returns: (transfer full) (nullable): the badge's text, %NULL for %RAMO_BADGE_NONE
 */
char *
ramo_figures_dup_badge_text (const RamoFigures *figures,
                             RamoBadge          badge)
{
  g_autofree char *part = NULL;

  g_return_val_if_fail (figures != NULL, NULL);

  switch (badge)
    {
    case RAMO_BADGE_COST:
      return ramo_figures_dup_cost_text (figures->cost);
    case RAMO_BADGE_TOKENS:
      part = ramo_figures_dup_tokens_text (ramo_figures_get_tokens (figures));
      /* Translators: a number of tokens written short, e.g. "12.3k tokens" */
      return g_strdup_printf (_("%s tokens"), part);
    case RAMO_BADGE_TIME:
      return ramo_figures_dup_wall_text (ramo_figures_get_wall_ms (figures));
    case RAMO_BADGE_TOOL_CALLS:
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u tool call", "%u tool calls", figures->tool_calls),
                              figures->tool_calls);
    case RAMO_BADGE_NONE:
    default:
      return NULL;
    }
}

/**
 * ramo_figures_dup_summary:
 * @figures: figures
 *
 * Returns: (transfer full): every figure in one line: cost, tokens, tool calls (and the failed
 *   ones, if any), wall time, entries, then the tokens by kind (input, output, cache read and
 *   write)
 */
char *
ramo_figures_dup_summary (const RamoFigures *figures)
{
  g_autofree char *total = NULL, *in = NULL, *out = NULL, *read = NULL, *write = NULL;
  g_autofree char *cost = NULL, *wall = NULL, *calls = NULL, *entries = NULL;

  g_return_val_if_fail (figures != NULL, NULL);

  total = ramo_figures_dup_tokens_text (ramo_figures_get_tokens (figures));
  in = ramo_figures_dup_tokens_text (figures->input);
  out = ramo_figures_dup_tokens_text (figures->output);
  read = ramo_figures_dup_tokens_text (figures->cache_read);
  write = ramo_figures_dup_tokens_text (figures->cache_write);
  cost = ramo_figures_dup_cost_text (figures->cost);
  wall = ramo_figures_dup_wall_text (ramo_figures_get_wall_ms (figures));
  if (figures->tool_errors > 0)
    calls = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u tool call (%u failed)", "%u tool calls (%u failed)",
                                          figures->tool_calls),
                             figures->tool_calls, figures->tool_errors);
  else
    calls = ramo_figures_dup_badge_text (figures, RAMO_BADGE_TOOL_CALLS);
  entries = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u entry", "%u entries", figures->n_entries),
                             figures->n_entries);
  /* Translators: cost · total tokens · tool calls · wall time · entries · the tokens by kind
   * (input, output, cache read, cache write); the most telling first, as the line may be cut */
  return g_strdup_printf (_("%s · %s tokens · %s · %s · %s · %s in, %s out, %s cache read, %s cache write"),
                          cost, total, calls, wall, entries, in, out, read, write);
}

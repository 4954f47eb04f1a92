/* ramo-session-context-omp-settings.c
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

#include "ramo-json.h"
#include "ramo-session-context-private.h"

/*
 * The settings of an oh-my-pi context (oh-my-pi 18.2.3, session-context.ts buildSessionContext(),
 * the walk over the path before the messages): models per role in JavaScript's property order,
 * the service tier coerced per model family, the TTSR rules as an ordered set.
 */

/* ------------------------------------------------------------------------------------------ */
/* JavaScript's String() of a value, written as the inside of a JSON string                    */

static void
append_js_string (RamoScan *scan,
                  guint     node,
                  GString  *out)
{
  RamoScanNode *n;

  switch (ramo_scan_type (scan, node))
    {
    case RAMO_SCAN_NONE:
      g_string_append (out, "undefined");
      break;
    case RAMO_SCAN_STRING:
      {
        g_autoptr(GString) json = g_string_new (NULL);

        ramo_scan_write (scan, node, json);
        g_string_append_len (out, json->str + 1, json->len - 2);
      }
      break;
    case RAMO_SCAN_ARRAY:
      /* Array.prototype.join(): null and undefined elements are empty */
      n = ramo_scan_node (scan, node);
      for (guint i = n->first_child; i; i = ramo_scan_node (scan, i)->next)
        {
          if (i != n->first_child)
            g_string_append_c (out, ',');
          if (ramo_scan_type (scan, i) != RAMO_SCAN_NULL)
            append_js_string (scan, i, out);
        }
      break;
    case RAMO_SCAN_OBJECT:
      g_string_append (out, "[object Object]");
      break;
    case RAMO_SCAN_NULL:
    case RAMO_SCAN_TRUE:
    case RAMO_SCAN_FALSE:
    case RAMO_SCAN_NUMBER:
    default:
      /* JSON.stringify() writes these as String() does */
      ramo_scan_write (scan, node, out);
      break;
    }
}

/* The inside of the JSON string String(value) gives, for the JSON text @json (%NULL for
 * undefined). */
static void
append_js_string_of_json (const char *json,
                          GString    *out)
{
  RamoScan scan;

  if (json == NULL)
    {
      g_string_append (out, "undefined");
      return;
    }
  ramo_scan_init (&scan);
  if (ramo_scan_parse (&scan, json, strlen (json), NULL))
    append_js_string (&scan, 1, out);
  ramo_scan_clear (&scan);
}

/* ------------------------------------------------------------------------------------------ */
/* models: { role: "provider/id" }, in JavaScript's property order                             */

typedef struct
{
  char      *key;        /* the property name, as the inside of a JSON string */
  char      *value;      /* JSON text, or NULL for … */
  RamoEntry *assistant;  /* … `${provider}/${model}` of this assistant message */
} ModelSlot;

static void
model_slot_clear (gpointer data)
{
  ModelSlot *slot = data;

  g_free (slot->key);
  g_free (slot->value);
}

static ModelSlot *
model_slot (GArray     *models,
            const char *key)
{
  ModelSlot slot = { g_strdup (key), NULL, NULL };

  for (guint i = 0; i < models->len; i++)
    if (strcmp (g_array_index (models, ModelSlot, i).key, key) == 0)
      {
        g_free (slot.key);
        return &g_array_index (models, ModelSlot, i);
      }
  g_array_append_val (models, slot);
  return &g_array_index (models, ModelSlot, models->len - 1);
}

/* `${provider}/${model}` of an assistant message, as a JSON string */
static char *
assistant_model (RamoEntry *assistant)
{
  GString *out = g_string_new ("\"");

  append_js_string_of_json (assistant->aux1, out);
  g_string_append_c (out, '/');
  append_js_string_of_json (assistant->aux2, out);
  g_string_append_c (out, '"');
  return g_string_free (out, FALSE);
}

/* An array index (a canonical integer below 2^32 - 1) comes first among an object's keys,
 * in numeric order; the other keys keep the order they were added in. */
static gboolean
array_index (const char *key,
             guint64    *value)
{
  guint64 v = 0;

  if (key[0] == '\0' || (key[0] == '0' && key[1] != '\0'))
    return FALSE;
  for (const char *p = key; *p; p++)
    {
      if (*p < '0' || *p > '9' || p - key >= 10)
        return FALSE;
      v = v * 10 + (guint64) (*p - '0');
    }
  *value = v;
  return v < G_MAXUINT32;
}

static gint
compare_slots (gconstpointer a,
               gconstpointer b)
{
  const ModelSlot *x = a, *y = b;
  guint64 i = 0, j = 0;
  gboolean xi = array_index (x->key, &i), yj = array_index (y->key, &j);

  if (xi && yj)
    return i < j ? -1 : i > j;
  return (gint) yj - (gint) xi;
}

/* Writes the models object and sets the context's model from models.default (split at its
 * first "/", as the session's model is shown). */
void
_ramo_omp_models_finish (RamoSessionContext *self,
                         RamoOmpContext     *omp,
                         GArray             *models)
{
  GString *out = g_string_new ("{");
  g_autoptr(GPtrArray) order = g_ptr_array_new ();
  const char *def = NULL;

  for (guint i = 0; i < models->len; i++)
    {
      ModelSlot *slot = &g_array_index (models, ModelSlot, i);

      if (slot->value == NULL)
        slot->value = assistant_model (slot->assistant);
      g_ptr_array_add (order, slot);
      if (strcmp (slot->key, "default") == 0)
        def = slot->value;
    }
  /* a stable sort: only array indices move */
  for (guint i = 1; i < order->len; i++)
    for (guint j = i; j > 0 && compare_slots (g_ptr_array_index (order, j - 1), g_ptr_array_index (order, j)) > 0; j--)
      {
        gpointer t = order->pdata[j];

        order->pdata[j] = order->pdata[j - 1];
        order->pdata[j - 1] = t;
      }
  for (guint i = 0; i < order->len; i++)
    {
      ModelSlot *slot = g_ptr_array_index (order, i);

      g_string_append_printf (out, "%s\"%s\":%s", i > 0 ? "," : "", slot->key, slot->value);
    }
  g_string_append_c (out, '}');
  omp->models = g_string_free (out, FALSE);

  /* a string other than "" whose first "/" is not its first character; '/' is never part
   * of an escape, so the JSON text splits where the string does */
  if (def && def[0] == '"' && def[1] != '/' && def[1] != '"')
    {
      const char *slash = strchr (def + 1, '/');

      if (slash)
        {
          omp->provider = g_strdup_printf ("%.*s\"", (int) (slash - def), def);
          omp->model_id = g_strdup_printf ("\"%s", slash + 1);
          self->has_model = TRUE;
          self->provider = omp->provider;
          self->model_id = omp->model_id;
        }
    }
}

/* A role is a property name: String(role) */
static char *
role_key (RamoScan *scan,
          guint     role)
{
  GString *key = g_string_new (NULL);

  if (ramo_scan_type (scan, role) == RAMO_SCAN_NULL || role == 0)
    g_string_append (key, "default");
  else
    append_js_string (scan, role, key);
  return g_string_free (key, FALSE);
}

GArray *
_ramo_omp_models_new (void)
{
  GArray *models = g_array_new (FALSE, FALSE, sizeof (ModelSlot));

  g_array_set_clear_func (models, model_slot_clear);
  return models;
}

/* A `model_change` (aux3: `[model, role]`, set when the model is truthy) sets
 * `models[role ?? "default"]`; *@explicit_default tells when that was the default. */
void
_ramo_omp_models_add_change (GArray    *models,
                             RamoEntry *entry,
                             gboolean  *explicit_default)
{
  RamoScan scan;
  guint model;

  if (entry->aux3 == NULL)
    return;
  ramo_scan_init (&scan);
  if (ramo_scan_parse (&scan, entry->aux3, strlen (entry->aux3), NULL) &&
      (model = ramo_scan_node (&scan, 1)->first_child) != 0)
    {
      g_autofree char *key = role_key (&scan, ramo_scan_node (&scan, model)->next);
      ModelSlot *slot = model_slot (models, key);

      g_free (slot->value);
      slot->value = ramo_scan_to_json (&scan, model);
      slot->assistant = NULL;
      if (strcmp (key, "default") == 0)
        *explicit_default = TRUE;
    }
  ramo_scan_clear (&scan);
}

/* An assistant message sets models.default to `${provider}/${model}` (written at the end). */
void
_ramo_omp_models_add_assistant (GArray    *models,
                                RamoEntry *entry)
{
  ModelSlot *slot = model_slot (models, "default");

  g_clear_pointer (&slot->value, g_free);
  slot->assistant = entry;
}

/* ------------------------------------------------------------------------------------------ */
/* Other settings                                                                              */

static gboolean
is_tier (RamoScan *scan,
         guint     node)
{
  static const char * const tiers[] = { "auto", "default", "flex", "scale", "priority" };

  for (guint i = 0; i < G_N_ELEMENTS (tiers); i++)
    if (ramo_scan_string_equal (scan, node, tiers[i]))
      return TRUE;
  return FALSE;
}

/* coerceServiceTierByFamily(): a map of families to tiers, or a legacy single value */
char *
_ramo_omp_coerce_service_tier (const char *json)
{
  static const char * const legacy[][2] = {
    { "priority", "{\"openai\":\"priority\",\"anthropic\":\"priority\",\"google\":\"priority\"}" },
    { "openai-only", "{\"openai\":\"priority\"}" },
    { "claude-only", "{\"anthropic\":\"priority\"}" },
    { "auto", "{\"openai\":\"auto\"}" },
    { "default", "{\"openai\":\"default\"}" },
    { "flex", "{\"openai\":\"flex\"}" },
    { "scale", "{\"openai\":\"scale\"}" },
  };
  static const char * const families[] = { "openai", "anthropic", "google" };
  char *result = NULL;
  RamoScan scan;

  if (json == NULL)
    return NULL;
  ramo_scan_init (&scan);
  if (!ramo_scan_parse (&scan, json, strlen (json), NULL))
    ;
  else if (ramo_scan_type (&scan, 1) == RAMO_SCAN_OBJECT || ramo_scan_type (&scan, 1) == RAMO_SCAN_ARRAY)
    {
      GString *out = g_string_new ("{");

      for (guint i = 0; i < G_N_ELEMENTS (families); i++)
        {
          guint tier = ramo_scan_member (&scan, 1, families[i]);

          if (!is_tier (&scan, tier))
            continue;
          g_string_append_printf (out, "%s\"%s\":", out->len > 1 ? "," : "", families[i]);
          ramo_scan_write (&scan, tier, out);
        }
      g_string_append_c (out, '}');
      result = g_string_free (out, out->len <= 2);
    }
  else
    for (guint i = 0; i < G_N_ELEMENTS (legacy); i++)
      if (ramo_scan_string_equal (&scan, 1, legacy[i][0]))
        result = g_strdup (legacy[i][1]);
  ramo_scan_clear (&scan);
  return result;
}

/* The rules of a `ttsr_injection` (`for (const rule of injectedRules)`), each added to the
 * ordered set once: a string, number or boolean by value, an object or array every time. */
void
_ramo_omp_add_rules (const char *json,
                     GHashTable *seen,
                     GString    *rules)
{
  RamoScan scan;

  ramo_scan_init (&scan);
  if (json == NULL || !ramo_scan_parse (&scan, json, strlen (json), NULL))
    {
      ramo_scan_clear (&scan);
      return;
    }
  if (ramo_scan_type (&scan, 1) == RAMO_SCAN_ARRAY)
    for (guint i = ramo_scan_node (&scan, 1)->first_child; i; i = ramo_scan_node (&scan, i)->next)
      {
        g_autoptr(GString) rule = g_string_new (NULL);
        RamoScanType type = ramo_scan_type (&scan, i);

        ramo_scan_write (&scan, i, rule);
        if (type != RAMO_SCAN_OBJECT && type != RAMO_SCAN_ARRAY)
          {
            if (g_hash_table_contains (seen, rule->str))
              continue;
            g_hash_table_add (seen, g_strdup (rule->str));
          }
        g_string_append_printf (rules, "%s%s", rules->len > 1 ? "," : "", rule->str);
      }
  else if (ramo_scan_type (&scan, 1) == RAMO_SCAN_STRING)
    {
      /* a string iterates over its characters */
      g_autofree char *text = ramo_scan_string (&scan, 1, 0);

      for (const char *p = text; *p; p = g_utf8_next_char (p))
        {
          g_autoptr(GString) rule = g_string_new (NULL);
          g_autofree char *c = g_strndup (p, g_utf8_next_char (p) - p);

          ramo_json_write_string (rule, c);
          if (g_hash_table_contains (seen, rule->str))
            continue;
          g_hash_table_add (seen, g_strdup (rule->str));
          g_string_append_printf (rules, "%s%s", rules->len > 1 ? "," : "", rule->str);
        }
    }
  ramo_scan_clear (&scan);
}

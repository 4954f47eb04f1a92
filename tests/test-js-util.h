/* test-js-util.h — running a script of tests/compat under node (V8) or Bun (JavaScriptCore)
 *
 * Copyright 2026 The Ramo authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <unistd.h>

#include <glib/gstdio.h>
#include <json-glib/json-glib.h>

typedef enum {
  TEST_JS_NODE,   /* V8, as pi runs */
  TEST_JS_BUN,    /* JavaScriptCore, as oh-my-pi runs */
} TestJsEngine;

/*
 * The program: node from $RAMO_NODE (run-compat-pi16.sh's node 22), else the one on the PATH;
 * Bun from $RAMO_BUN, else the one install-agents.sh puts under $RAMO_AGENTS_DIR
 * (~/.cache/ramo-agents). NULL when there is none.
 */
static inline char *
test_js_find (TestJsEngine engine)
{
  const char *env = g_getenv (engine == TEST_JS_NODE ? "RAMO_NODE" : "RAMO_BUN");
  g_autofree char *agents = NULL;
  char *bun;

  if (env != NULL && *env != '\0')
    return g_strdup (env);
  if (engine == TEST_JS_NODE)
    return g_find_program_in_path ("node");
  agents = g_strdup (g_getenv ("RAMO_AGENTS_DIR"));
  if (agents == NULL)
    agents = g_build_filename (g_get_home_dir (), ".cache", "ramo-agents", NULL);
  bun = g_build_filename (agents, "omp", "node_modules", "bun", "bin", "bun.exe", NULL);
  if (g_file_test (bun, G_FILE_TEST_IS_EXECUTABLE))
    return bun;
  g_free (bun);
  return NULL;
}

/* runs tests/compat/@script under @program on @input (written to a file), in time zone @tz */
static inline JsonNode *
test_js_run (const char *program,
             const char *script,
             JsonNode   *input,
             const char *tz)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *json = json_to_string (input, FALSE);
  g_autofree char *path = NULL;
  g_autofree char *script_path = NULL;
  g_autofree char *out = NULL;
  g_auto(GStrv) env = g_get_environ ();
  const char *argv[4];
  JsonNode *result;
  int fd, status;

  fd = g_file_open_tmp ("ramo-js-XXXXXX.json", &path, &error);
  g_assert_no_error (error);
  close (fd);
  g_file_set_contents (path, json, -1, &error);
  g_assert_no_error (error);

  script_path = g_build_filename (g_getenv ("RAMO_SOURCE_DIR") ? g_getenv ("RAMO_SOURCE_DIR")
                                                                : ".",
                                  "tests", "compat", script, NULL);
  argv[0] = program, argv[1] = script_path, argv[2] = path, argv[3] = NULL;
  if (tz != NULL)
    env = g_environ_setenv (env, "TZ", tz, TRUE);
  g_spawn_sync (NULL, (char **) argv, env, G_SPAWN_DEFAULT, NULL, NULL, &out, NULL, &status,
                &error);
  g_unlink (path);
  g_assert_no_error (error);
  g_spawn_check_wait_status (status, &error);
  g_assert_no_error (error);
  result = json_from_string (out, &error);
  g_assert_no_error (error);
  return result;
}

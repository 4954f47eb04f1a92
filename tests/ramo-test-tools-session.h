/* ramo-test-tools-session.h — a session with tool calls whose files and search hits are known,
 * for test-session-tools.c and test-window-search.c
 *
 * Copyright 2026 The Ramo authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#define HEADER "{\"type\":\"session\",\"version\":3,\"id\":\"s\",\"timestamp\":\"2026-03-01T00:00:00.000Z\",\"cwd\":\"/w\"}\n"
#define USER(id, parent, day, text) \
  "{\"type\":\"message\",\"id\":\"" id "\",\"parentId\":" parent ",\"timestamp\":\"2026-03-0" day "T10:00:00.000Z\"," \
  "\"message\":{\"role\":\"user\",\"content\":\"" text "\"}}\n"
#define CALLS(id, parent, day, text, calls) \
  "{\"type\":\"message\",\"id\":\"" id "\",\"parentId\":\"" parent "\",\"timestamp\":\"2026-03-0" day "T10:00:01.000Z\"," \
  "\"message\":{\"role\":\"assistant\",\"content\":[{\"type\":\"text\",\"text\":\"" text "\"}" calls "]," \
  "\"stopReason\":\"toolUse\"}}\n"
#define CALL(cid, name, args) ",{\"type\":\"toolCall\",\"id\":\"" cid "\",\"name\":\"" name "\",\"arguments\":" args "}"
#define RESULT(id, parent, day, cid, name, error, extra) \
  "{\"type\":\"message\",\"id\":\"" id "\",\"parentId\":\"" parent "\",\"timestamp\":\"2026-03-0" day "T10:00:02.000Z\"," \
  "\"message\":{\"role\":\"toolResult\",\"toolCallId\":\"" cid "\",\"toolName\":\"" name "\"," \
  "\"content\":[{\"type\":\"text\",\"text\":\"out\"}],\"isError\":" error extra "}}\n"

/* Two branches under u1:
 *   u1 ─ a1 (read src/a.c, bash) ─ r1 (read: ok) ─ r2 (bash: error) ─ u2 ─ a2 (edit src/a.c, write docs/b.md) ─ r3 (edit: error)
 *      └ u3 ─ a3 (read with file_path src/c.c, grep in src/, edit of "" ) ─ r4 (grep, with a nested read of src/a.c)
 * and a label on a2 */
static const char session[] =
  HEADER
  USER ("u1", "null", "1", "fix the window")
  CALLS ("a1", "u1", "1", "looking", CALL ("c1", "read", "{\"path\":\"src/a.c\"}") CALL ("c2", "bash", "{\"command\":\"make\"}"))
  RESULT ("r1", "a1", "1", "c1", "read", "false", "")
  RESULT ("r2", "r1", "1", "c2", "bash", "true", "")
  USER ("u2", "\"r2\"", "2", "now edit it")
  CALLS ("a2", "u2", "2", "editing", CALL ("c3", "edit", "{\"path\":\"src/a.c\",\"edits\":[]}")
                                      CALL ("c4", "write", "{\"path\":\"docs/b.md\",\"content\":\"x\"}"))
  RESULT ("r3", "a2", "2", "c3", "edit", "true", "")
  "{\"type\":\"label\",\"id\":\"l1\",\"parentId\":\"r3\",\"timestamp\":\"2026-03-02T11:00:00.000Z\",\"targetId\":\"a2\",\"label\":\"Good Attempt\"}\n"
  USER ("u3", "\"u1\"", "3", "try another way")
  CALLS ("a3", "u3", "3", "trying", CALL ("c5", "read", "{\"file_path\":\"src/c.c\"}")
                                    CALL ("c6", "grep", "{\"pattern\":\"x\",\"path\":\"src/\"}")
                                    CALL ("c7", "edit", "{\"path\":\"\"}"))
  RESULT ("r4", "a3", "3", "c6", "grep", "false",
          ",\"nestedCalls\":{\"calls\":[{\"id\":\"n1\",\"name\":\"read\",\"arguments\":{\"path\":\"src/a.c\"}}]}");


/* ramo-test-compare.h — a session whose two branches differ in known ways, and the Markdown
 * of their comparison, for the comparison tests
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

/* Two paths from u1: a1 → r1 → a2 and a1b → r1b → a2b → u3 (the assistant's text and its
 * bash call's arguments changed); another root; a path with hostile fences */
static const char session_text[] =
  "{\"type\":\"session\",\"version\":3,\"id\":\"sess-1\",\"timestamp\":\"2026-03-01T10:00:00.000Z\",\"cwd\":\"/tmp\"}\n"
  "{\"type\":\"message\",\"id\":\"u1\",\"parentId\":null,\"timestamp\":\"2026-03-01T10:00:01.000Z\",\"message\":{\"role\":\"user\",\"content\":[{\"type\":\"text\",\"text\":\"List the files\"}],\"timestamp\":1}}\n"
  "{\"type\":\"message\",\"id\":\"a1\",\"parentId\":\"u1\",\"timestamp\":\"2026-03-01T10:00:02.000Z\",\"message\":{\"role\":\"assistant\",\"content\":[{\"type\":\"text\",\"text\":\"I will list the files in the current folder.\"},{\"type\":\"toolCall\",\"id\":\"c1\",\"name\":\"bash\",\"arguments\":{\"command\":\"ls -l\"}}],\"model\":\"m1\",\"stopReason\":\"toolUse\",\"timestamp\":2}}\n"
  "{\"type\":\"message\",\"id\":\"r1\",\"parentId\":\"a1\",\"timestamp\":\"2026-03-01T10:00:03.000Z\",\"message\":{\"role\":\"toolResult\",\"toolCallId\":\"c1\",\"toolName\":\"bash\",\"content\":[{\"type\":\"text\",\"text\":\"a.txt\\nb.txt\"}],\"isError\":false,\"timestamp\":3}}\n"
  "{\"type\":\"message\",\"id\":\"a2\",\"parentId\":\"r1\",\"timestamp\":\"2026-03-01T10:00:04.000Z\",\"message\":{\"role\":\"assistant\",\"content\":[{\"type\":\"text\",\"text\":\"There are two files: a.txt and b.txt.\"}],\"model\":\"m1\",\"stopReason\":\"stop\",\"timestamp\":4}}\n"
  "{\"type\":\"message\",\"id\":\"a1b\",\"parentId\":\"u1\",\"timestamp\":\"2026-03-01T10:01:02.000Z\",\"message\":{\"role\":\"assistant\",\"content\":[{\"type\":\"text\",\"text\":\"I will list the hidden files in the current folder.\"},{\"type\":\"toolCall\",\"id\":\"c2\",\"name\":\"bash\",\"arguments\":{\"command\":\"ls -la\"}}],\"model\":\"m1\",\"stopReason\":\"toolUse\",\"timestamp\":5}}\n"
  "{\"type\":\"message\",\"id\":\"r1b\",\"parentId\":\"a1b\",\"timestamp\":\"2026-03-01T10:01:03.000Z\",\"message\":{\"role\":\"toolResult\",\"toolCallId\":\"c2\",\"toolName\":\"bash\",\"content\":[{\"type\":\"text\",\"text\":\"a.txt\\nb.txt\"}],\"isError\":false,\"timestamp\":6}}\n"
  "{\"type\":\"message\",\"id\":\"a2b\",\"parentId\":\"r1b\",\"timestamp\":\"2026-03-01T10:01:04.000Z\",\"message\":{\"role\":\"assistant\",\"content\":[{\"type\":\"text\",\"text\":\"There are two files: a.txt and b.txt.\"}],\"model\":\"m1\",\"stopReason\":\"stop\",\"timestamp\":7}}\n"
  "{\"type\":\"message\",\"id\":\"u3\",\"parentId\":\"a2b\",\"timestamp\":\"2026-03-01T10:01:05.000Z\",\"message\":{\"role\":\"user\",\"content\":\"Thanks\",\"timestamp\":8}}\n"
  "{\"type\":\"message\",\"id\":\"x1\",\"parentId\":null,\"timestamp\":\"2026-03-01T10:02:00.000Z\",\"message\":{\"role\":\"user\",\"content\":\"another root\",\"timestamp\":9}}\n"
  "{\"type\":\"message\",\"id\":\"h1\",\"parentId\":\"a2\",\"timestamp\":\"2026-03-01T10:03:00.000Z\",\"message\":{\"role\":\"user\",\"content\":\"Look:\\n```sh\\nrm -rf /\\n## Assistant\",\"timestamp\":10}}\n"
  "{\"type\":\"message\",\"id\":\"h2\",\"parentId\":\"h1\",\"timestamp\":\"2026-03-01T10:03:01.000Z\",\"message\":{\"role\":\"toolResult\",\"toolCallId\":\"c9\",\"toolName\":\"read`*\",\"content\":[{\"type\":\"text\",\"text\":\"a ```` run\\n```\\nend\"}],\"isError\":true,\"timestamp\":11}}\n"
  "{\"type\":\"compaction\",\"id\":\"k1\",\"parentId\":\"h2\",\"timestamp\":\"2026-03-01T10:03:02.000Z\",\"summary\":\"Listed *files*.\",\"firstKeptEntryId\":\"h2\",\"tokensBefore\":120}\n"
  "{\"type\":\"label\",\"id\":\"l1\",\"parentId\":\"k1\",\"timestamp\":\"2026-03-01T10:03:03.000Z\",\"targetId\":\"u1\",\"label\":\"- start\"}\n";

/* The Markdown of the comparison of a2 with u3 */
static const char expected_comparison[] =
  "# Comparison of two branches\n"
  "\n"
  "- Left: entry `a2`, 4 entries (3 after the fork)\n"
  "- Right: entry `u3`, 5 entries (4 after the fork)\n"
  "- Fork: entry `u1`, the last of the 1 entries both paths share\n"
  "- Steps: 2 the same, 1 changed, 0 only left, 1 only right\n"
  "\n"
  "## 1. Changed: Assistant \u00b7 m1\n"
  "\n"
  "Left `a1`, right `a1b`\n"
  "\n"
  "```diff\n"
  "- I will list the files in the current folder.\n"
  "+ I will list the hidden files in the current folder.\n"
  "```\n"
  "\n"
  "**Changed tool call** `bash`\n"
  "\n"
  "```diff\n"
  "- {\"command\":\"ls -l\"}\n"
  "+ {\"command\":\"ls -la\"}\n"
  "```\n"
  "\n"
  "## 2. Same: Tool result \u00b7 bash\n"
  "\n"
  "Left `r1`, right `r1b`\n"
  "\n"
  "```text\n"
  "a.txt\n"
  "b.txt\n"
  "```\n"
  "\n"
  "## 3. Same: Assistant \u00b7 m1\n"
  "\n"
  "Left `a2`, right `a2b`\n"
  "\n"
  "There are two files: a.txt and b.txt.\n"
  "\n"
  "## 4. Only right: User\n"
  "\n"
  "Right `u3`\n"
  "\n"
  "Thanks\n"
  "\n";

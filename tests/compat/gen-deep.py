#!/usr/bin/env python3
"""gen-deep.py OUT [LEVELS]: a pi session whose bodies nest LEVELS deep (default 100,000).

A tool call's arguments and a custom entry's data nest LEVELS objects / arrays deep, and each
has a child, so a reader that refuses deep lines orphans them. pi 1.6.0 reads it (JSON.parse
does not recurse), but cannot write it back (JSON.stringify does): run-compat-pi16.sh compares
reading only.
"""

import json
import sys

out = sys.argv[1]
levels = int(sys.argv[2]) if len(sys.argv) > 2 else 100000


def line(obj):
    return json.dumps(obj, separators=(",", ":"))


def msg(id_, parent, second, message):
    return {"type": "message", "id": id_, "parentId": parent,
            "timestamp": "2026-01-05T10:00:%02d.000Z" % second, "message": message}


usage = {"input": 1, "output": 1, "cacheRead": 0, "cacheWrite": 0, "totalTokens": 2,
         "cost": {"input": 0, "output": 0, "cacheRead": 0, "cacheWrite": 0, "total": 0}}
deep_object = '{"x":' * levels + "1" + "}" * levels
deep_array = "[" * levels + "]" * levels
call = line(msg("a0000002", "a0000001", 2, {
    "role": "assistant", "content": [{"type": "toolCall", "id": "t1", "name": "bash",
                                      "arguments": {"command": "ls", "deep": "@DEEP@"}}],
    "api": "anthropic-messages", "provider": "anthropic", "model": "claude-sonnet-4-5",
    "usage": usage, "stopReason": "toolUse", "timestamp": 1767607202000})).replace('"@DEEP@"', deep_object)
custom = line({"type": "custom", "id": "a0000005", "parentId": "a0000004",
               "timestamp": "2026-01-05T10:00:05.000Z", "customType": "deep",
               "data": "@DEEP@"}).replace('"@DEEP@"', deep_array)

lines = [
    line({"type": "session", "version": 3, "id": "d0000000-0000-4000-8000-000000000002",
          "timestamp": "2026-01-05T10:00:00.000Z", "cwd": "/tmp/proj"}),
    line(msg("a0000001", None, 1, {"role": "user", "content": "run it", "timestamp": 1767607201000})),
    call,
    line(msg("a0000003", "a0000002", 3, {"role": "toolResult", "toolCallId": "t1", "toolName": "bash",
                                          "content": [{"type": "text", "text": "ok"}], "isError": False,
                                          "timestamp": 1767607203000})),
    line(msg("a0000004", "a0000003", 4, {"role": "user", "content": "after the deep call",
                                          "timestamp": 1767607204000})),
    custom,
    line(msg("a0000006", "a0000005", 6, {"role": "user", "content": "child of the deep custom entry",
                                          "timestamp": 1767607206000})),
]
with open(out, "w", encoding="utf-8") as f:
    f.write("\n".join(lines) + "\n")
print(out)

#!/usr/bin/python3
# test-cli-info.py — `ramo-session info` counts every entry by its type and role
#
# Copyright 2026 The Ramo authors
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Seeded sessions of many kinds of entry in a shuffled order: more distinct types and roles than
# info keeps at hand while it counts (a role or type of the agents', unknown ones, a role that
# is not a string, a type that is not one, an id repeated on a later line), each kind written
# in runs and one by one. The counts info prints are compared with those counted here from the
# lines as written: one entry an id (its last line), a message by "message/<role>", a message
# whose role is not a string by its type, a line with no string type as "(no type)".
#
#   test-cli-info.py RAMO_SESSION

import json
import os
import random
import subprocess
import sys
import tempfile

KINDS = [
    ("message", "user"), ("message", "assistant"), ("message", "toolResult"),
    ("message", "bashExecution"), ("message", "custom"), ("message", "system"),
    ("message", "weird-role"), ("message", "other-role"), ("message", 7),
    ("model_change", None), ("thinking_level_change", None), ("custom", None),
    ("custom_message", None), ("session_info", None), ("future_kind", None),
    ("another_kind", None), (42, None),
]


def fail(message):
    print('not ok -', message)
    sys.exit(1)


def make_lines(rng, n):
    lines = [{"type": "session", "version": 3, "id": "c0ffee00-0000-4000-8000-000000000001",
              "timestamp": "2026-02-01T10:00:00.000Z", "cwd": "/tmp/info"}]
    parent = None
    ids = []
    i = 0
    # each kind at least once, then at random
    order = rng.sample(KINDS, len(KINDS))
    while i < n:
        kind, role = order.pop() if order else rng.choice(KINDS)
        for _ in range(rng.choice((1, 1, 2, 5))):
            entry_id = "e%07d" % i
            # now and then a line repeats an earlier id: the later one is the entry
            if ids and rng.random() < 0.03:
                entry_id = rng.choice(ids)
            entry = {"type": kind, "id": entry_id, "parentId": parent,
                     "timestamp": "2026-02-01T10:00:%02d.000Z" % (i % 60)}
            if kind == "message":
                entry["message"] = {"role": role, "content": "text %d" % i, "timestamp": i}
            lines.append(entry)
            ids.append(entry_id)
            parent = entry_id
            i += 1
    return lines


def expected_counts(lines):
    last = {}
    for entry in lines[1:]:
        last[entry["id"]] = entry
    counts = {}
    for entry in last.values():
        kind = entry["type"]
        role = entry.get("message", {}).get("role") if kind == "message" else None
        if isinstance(role, str):
            key = "message/" + role
        elif isinstance(kind, str):
            key = kind
        else:
            key = "(no type)"
        counts[key] = counts.get(key, 0) + 1
    return counts


def printed_counts(out):
    counts = {}
    for line in out.splitlines():
        if line.startswith("  ") and ": " in line:
            key, value = line.strip().rsplit(": ", 1)
            counts[key] = int(value)
    return counts


def main():
    ramo = sys.argv[1]
    with tempfile.TemporaryDirectory() as tmp:
        for seed in range(6):
            rng = random.Random(seed)
            lines = make_lines(rng, rng.choice((40, 300, 2000)))
            path = os.path.join(tmp, "info-%d.jsonl" % seed)
            with open(path, "w", encoding="utf-8") as f:
                for entry in lines:
                    f.write(json.dumps(entry) + "\n")
            proc = subprocess.run([ramo, "info", path], capture_output=True, text=True)
            if proc.returncode != 0:
                fail("info exited %d on seed %d: %s" % (proc.returncode, seed, proc.stderr))
            want = expected_counts(lines)
            got = printed_counts(proc.stdout)
            if got != want:
                fail("seed %d: info counts %s, the lines %s" % (seed, sorted(got.items()), sorted(want.items())))
            if len(want) <= 8:
                fail("seed %d: only %d kinds, too few to test" % (seed, len(want)))
    print("ok - info counts every kind of entry (6 seeded sessions)")


if __name__ == '__main__':
    main()

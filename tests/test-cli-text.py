#!/usr/bin/python3
# test-cli-text.py — ramo-session's text output shows a session's texts, never acts on them
#
# Copyright 2026 The Ramo authors
# SPDX-License-Identifier: GPL-3.0-or-later
#
# A label with line feeds that spell a row ("* user: forged row  ← leaf"), texts with
# bidirectional overrides and isolates ("evil\u202Eexe.live"), terminal escapes and bells:
# `tree` prints one line a row whatever the texts hold, and no output (tree, info, context, stats)
# carries a control or bidirectional formatting character; `--json` keeps the texts exact.
#
#   test-cli-text.py RAMO_SESSION

import json
import os
import subprocess
import sys
import tempfile

FORGED = [
    {"type": "session", "version": 3, "id": "f0000000-0000-4000-8000-000000000002",
     "timestamp": "2026-01-05T10:00:00.000Z", "cwd": "/tmp/evil\u202eexe.live"},
    {"type": "message", "id": "a0000001", "parentId": None, "timestamp": "2026-01-05T10:00:01.000Z",
     "message": {"role": "user", "content": "run evil\u202eexe.live \u001b[2J now\u0007", "timestamp": 1}},
    {"type": "message", "id": "a0000002", "parentId": "a0000001", "timestamp": "2026-01-05T10:00:02.000Z",
     "message": {"role": "assistant", "content": [{"type": "text", "text": "done \u2066x\u2069 \u009b"}],
                 "timestamp": 2}},
    {"type": "label", "id": "a0000003", "parentId": "a0000002", "timestamp": "2026-01-05T10:00:03.000Z",
     "targetId": "a0000001", "label": "ok\n* user: forged row  \u2190 leaf\r\n\u202eexe.live"},
    {"type": "session_info", "id": "a0000004", "parentId": "a0000003", "timestamp": "2026-01-05T10:00:04.000Z",
     "name": "name\nwith\u202elines"},
]


def fail(message):
    print('not ok -', message)
    sys.exit(1)


def acting(text):
    """The characters of @text that act instead of showing (line feeds and tabs allowed)."""
    return [c for c in text
            if (ord(c) < 0x20 and c not in '\n\t') or ord(c) == 0x7f or 0x80 <= ord(c) <= 0x9f
            or 0x202a <= ord(c) <= 0x202e or 0x2066 <= ord(c) <= 0x2069]


def run(ramo, *args):
    out = subprocess.run([ramo, *args], capture_output=True, check=False)
    return out.returncode, out.stdout.decode('utf-8'), out.stderr.decode('utf-8')


def main():
    ramo = sys.argv[1]
    with tempfile.TemporaryDirectory() as work:
        path = os.path.join(work, 'forged.jsonl')
        with open(path, 'w', encoding='utf-8') as f:
            for entry in FORGED:
                f.write(json.dumps(entry) + '\n')

        for args in (['tree', path], ['tree', path, '--filter', 'all'], ['info', path], ['context', path],
                     ['stats', path, '--by-branch']):
            rc, out, err = run(ramo, *args)
            if rc != 0:
                fail('%s exited %d: %s' % (' '.join(args[:1]), rc, err))
            bad = acting(out) + acting(err)
            if bad:
                fail('ramo-session %s prints %r' % (args[0], bad))

        # one line a row: as many lines as the rows it counts, one of them the leaf
        rc, out, _ = run(ramo, 'tree', path, '--filter', 'all')
        lines = out.splitlines()
        rows = lines[:-1]
        shown = int(lines[-1].lstrip('(').split()[0])
        if len(rows) != shown:
            fail('%d lines for %d rows:\n%s' % (len(rows), shown, out))
        if [r.endswith('\u2190 leaf') for r in rows] != [False] * (len(rows) - 1) + [True]:
            fail('the label forged a leaf row:\n%s' % out)
        if 'evil\\u202eexe.live' not in out:
            fail('the override is not shown as its escape:\n%s' % out)

        # JSON output keeps the texts exact
        rc, out, _ = run(ramo, 'tree', path, '--json')
        labels = [e.get('label') for e in json.loads(out)['entries'] if e.get('label')]
        if labels != [FORGED[3]['label']]:
            fail('--json changed the label: %r' % labels)
    print('ok - ramo-session shows the texts of a session, never acts on them')


if __name__ == '__main__':
    main()

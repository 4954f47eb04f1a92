#!/usr/bin/python3
# test-cli-dupids.py — ramo-session on a file whose lines share ids: one row per id
#
# Copyright 2026 The Ramo authors
# SPDX-License-Identifier: GPL-3.0-or-later
#
# pi's deferred first write can leave the header and the first entries in a file twice
# (report R4). `tree --json` must list each id once — the later line's entry, under the
# parent that line names — and `info` must count entries by id and say how many repeat.
# The expected values are computed here from the file itself; when pi 1.6.0 is installed
# (tests/compat/install-agents.sh), the tree must also equal pi's own getTree() taken with
# one node per id (tests/compat/pi16-dump.mjs, one-per-id.mjs), as the compat suites check.
#
#   test-cli-dupids.py RAMO_SESSION SOURCE_DIR

import json
import os
import subprocess
import sys
import tempfile

HEADER = {"type": "session", "version": 3, "id": "0197c000-0000-7000-8000-000000000001",
          "timestamp": "2026-04-01T08:00:00.000Z", "cwd": "/tmp"}


def message(eid, parent, role, text, second):
    ts = "2026-04-01T09:00:%02d.000Z" % second
    body = {"role": role, "content": text if role == "user" else [{"type": "text", "text": text}],
            "timestamp": second}
    return {"type": "message", "id": eid, "parentId": parent, "timestamp": ts, "message": body}


FIRST = [
    {"type": "model_change", "id": "c0000001", "parentId": None, "timestamp": "2026-04-01T09:00:00.000Z",
     "provider": "anthropic", "modelId": "claude-sonnet-4-5"},
    message("c0000002", "c0000001", "user", "What is the weather like?", 1),
    message("c0000003", "c0000002", "assistant", "Let me look.", 2),
]
REST = [message("c00000%02x" % (4 + i), "c00000%02x" % (3 + i), "user" if i % 2 == 0 else "assistant",
                "turn %d" % i, 3 + i) for i in range(40)]
# a branch at the third entry, then the third entry again under the model change
REST.append(message("c0000100", "c0000003", "user", "another way", 50))
REST.append(message("c0000003", "c0000001", "assistant", "Let me look again.", 51))
LINES = [HEADER] + FIRST + [HEADER] + FIRST + REST


def fail(message_text):
    print('not ok -', message_text)
    sys.exit(1)


def run(args, **kw):
    out = subprocess.run(args, capture_output=True, check=False, **kw)
    return out.returncode, out.stdout.decode('utf-8'), out.stderr.decode('utf-8')


def main():
    ramo, source = sys.argv[1], sys.argv[2]
    entries = [line for line in LINES if line["type"] != "session"]
    last = {}
    for e in entries:
        last[e["id"]] = e
    repeated = len([i for i in last if sum(1 for e in entries if e["id"] == i) > 1])

    with tempfile.TemporaryDirectory() as work:
        path = os.path.join(work, 'first-write-twice.jsonl')
        with open(path, 'w', encoding='utf-8') as f:
            for line in LINES:
                f.write(json.dumps(line) + '\n')

        rc, out, err = run([ramo, 'tree', path, '--json'])
        if rc != 0:
            fail('tree --json exited %d: %s' % (rc, err))
        tree = json.loads(out)
        rows = tree['entries']
        ids = [r['id'] for r in rows]
        if len(rows) != len(last) or sorted(ids) != sorted(last):
            fail('%d rows for %d ids (%d lines): %r' % (len(rows), len(last), len(entries), ids))
        for r in rows:
            if r['parentId'] != last[r['id']]['parentId']:
                fail('%s hangs under %r, its last line names %r' % (r['id'], r['parentId'], last[r['id']]['parentId']))
        if tree['leafId'] != entries[-1]['id']:
            fail('leaf %r, the last line is %r' % (tree['leafId'], entries[-1]['id']))
        # the entry moved by its last line: its old children came along
        moved = [r for r in rows if r['id'] in ('c0000003', 'c0000004', 'c0000100')]
        if [(r['id'], r['depth']) for r in moved] != [('c0000003', 1), ('c0000004', 2), ('c0000100', 2)]:
            fail('the moved entry and its children: %r' % moved)

        rc, out, err = run([ramo, 'info', path])
        if rc != 0:
            fail('info exited %d: %s' % (rc, err))
        if 'entries: %d\n' % len(last) not in out:
            fail('info does not count %d entries:\n%s' % (len(last), out))
        if 'repeated ids: %d (%d lines;' % (repeated, len(entries)) not in out:
            fail('info does not say %d ids repeat:\n%s' % (repeated, out))

        rc, out, _ = run([ramo, 'tree', path, '--filter', 'all'])
        if '(%d of %d entries, filter all)' % (len(last), len(last)) not in out:
            fail('tree counts other than %d entries:\n%s' % (len(last), out))

        agents = os.environ.get('RAMO_AGENTS_DIR', os.path.expanduser('~/.cache/ramo-agents'))
        node = os.path.join(agents, 'pi16', 'node_modules', '.bin', 'node')
        dump = os.path.join(source, 'tests', 'compat', 'pi16-dump.mjs')
        if os.access(node, os.X_OK):
            rc, out, err = run([node, dump, 'tree', path], env={**os.environ, 'TMPDIR': work})
            if rc != 0:
                fail('pi16-dump.mjs exited %d: %s' % (rc, err))
            if json.loads(out) != tree:
                fail('tree --json differs from pi 1.6.0 one node per id:\n%s\n%s' % (out, json.dumps(tree)))
            print('ok - pi 1.6.0 gives the same tree, one node per id')
        else:
            print('ok - # SKIP pi 1.6.0 not installed (%s): not compared with pi' % node)
    print('ok - ramo-session lists each id once, as its last line has it')


if __name__ == '__main__':
    main()

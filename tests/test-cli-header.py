#!/usr/bin/python3
# test-cli-header.py — ramo-session on files whose session header is missing or broken
#
# Copyright 2026 The Ramo authors
# SPDX-License-Identifier: GPL-3.0-or-later
#
# pi 1.6.0 and oh-my-pi refuse a non-empty file whose first JSON line is not a session header
# with a string id; ramo-session reads its entries, read-only: `tree` prints what it prints for
# the same entries after a sound header (exit 0), with a note on stderr naming the problem;
# `info` says there is no header and why the file is read-only; `label` and `migrate` are
# refused (exit 2) with the file byte for byte as it was; `extract` writes a new, sound
# session of its entries. A file with no entry at all is an error (exit 2).
#
#   test-cli-header.py RAMO_SESSION

import json
import os
import subprocess
import sys
import tempfile

HEADER = {"type": "session", "version": 3, "id": "s-1", "timestamp": "2026-01-05T10:00:00.000Z", "cwd": "/tmp"}


def msg(id_, parent, text, role="user"):
    content = text if role == "user" else [{"type": "text", "text": text}]
    return {"type": "message", "id": id_, "parentId": parent, "timestamp": "2026-01-05T10:00:01.000Z",
            "message": {"role": role, "content": content, "timestamp": 1}}


ENTRIES = [
    msg("a0000001", None, "first question"),
    msg("a0000002", "a0000001", "first answer", "assistant"),
    msg("a0000003", "a0000001", "other question"),
    {"type": "label", "id": "a0000004", "parentId": "a0000003", "timestamp": "2026-01-05T10:00:02.000Z",
     "targetId": "a0000002", "label": "kept"},
]


def lines(objects):
    return ''.join(json.dumps(o) + '\n' for o in objects)


# name, the text before the entries, the entries after a line (or None), the note on stderr
CASES = [
    ("missing", "", None, "no session header: the file starts with entries (line 1)"),
    ("cut short", '{"type":"session","version":3,"id":"s-1","time\n', None,
     "the session header (line 1) is damaged"),
    ("not json", "garbage\n", None, "line 1, where it belongs, is not JSON"),
    ("no id", '{"type":"session","version":3,"cwd":"/tmp"}\n', None, 'has no string "id"'),
    ("late", "", 1, "the session header is on line 2, after the entries"),
]

EMPTY = [
    ("empty", b"", "the file is empty"),
    ("zeros", b"\0" * 5000, "no session header and no entry"),
    ("binary", bytes(range(256)) * 4, "no session header and no entry"),
    ("blank", b"\n  \n\n", "no session header and no entry"),
]


def fail(message):
    print('not ok -', message)
    sys.exit(1)


def run(ramo, *args):
    out = subprocess.run([ramo, *args], capture_output=True, check=False)
    return out.returncode, out.stdout.decode('utf-8'), out.stderr.decode('utf-8')


def read(path):
    with open(path, 'rb') as f:
        return f.read()


def main():
    ramo = sys.argv[1]
    with tempfile.TemporaryDirectory() as work:
        sound = os.path.join(work, 'sound.jsonl')
        with open(sound, 'w', encoding='utf-8') as f:
            f.write(lines([HEADER] + ENTRIES))
        rc, sound_tree, err = run(ramo, 'tree', sound, '--filter', 'all')
        if rc != 0 or err:
            fail('tree of the sound file: %d %s' % (rc, err))
        rc, sound_json, _ = run(ramo, 'tree', sound, '--json')
        sound_json = json.loads(sound_json)

        for name, before, late_at, note in CASES:
            path = os.path.join(work, name.replace(' ', '-') + '.jsonl')
            if late_at is None:
                text = before + lines(ENTRIES)
            else:
                text = lines(ENTRIES[:late_at] + [HEADER] + ENTRIES[late_at:])
            with open(path, 'w', encoding='utf-8') as f:
                f.write(text)
            original = read(path)

            # the tree of the entries, as after a sound header
            rc, out, err = run(ramo, 'tree', path, '--filter', 'all')
            if rc != 0:
                fail('%s: tree exited %d: %s' % (name, rc, err))
            if out != sound_tree:
                fail('%s: tree differs from the sound file\'s:\n%s\n---\n%s' % (name, out, sound_tree))
            if note not in err or 'opened read-only' not in err:
                fail('%s: no note of the header on stderr: %r' % (name, err))
            rc, out, err = run(ramo, 'tree', path, '--json')
            got = json.loads(out)
            if rc != 0 or got['entries'] != sound_json['entries'] or got['leafId'] != sound_json['leafId']:
                fail('%s: tree --json differs from the sound file\'s' % name)

            rc, out, err = run(ramo, 'info', path)
            if rc != 0:
                fail('%s: info exited %d: %s' % (name, rc, err))
            if 'entries: %d\n' % len(ENTRIES) not in out or '\nread-only: ' not in out or note not in out:
                fail('%s: info says:\n%s' % (name, out))
            if name != 'no id' and 'header: (none)\n' not in out:
                fail('%s: info shows a header:\n%s' % (name, out))

            # no write: refused, the file as it was
            for args in (['label', path, 'a0000001', 'mine'], ['migrate', path]):
                rc, out, err = run(ramo, *args)
                if rc != 2 or 'read-only' not in err or note not in err:
                    fail('%s: %s was not refused: %d %r' % (name, args[0], rc, err))
                if read(path) != original:
                    fail('%s: %s changed the file' % (name, args[0]))

            # the way out: a new session of the entries, with a header; the file as it was
            rc, out, err = run(ramo, 'extract', path, 'a0000003')
            new = out.strip()
            if rc != 0 or not os.path.exists(new) or read(path) != original:
                fail('%s: extract: %d %r' % (name, rc, err))
            with open(new, encoding='utf-8') as f:
                head = json.loads(f.readline())
            rc, out, err = run(ramo, 'tree', new, '--filter', 'all')
            if head.get('type') != 'session' or not isinstance(head.get('id'), str) or rc != 0 or err:
                fail('%s: the extracted session is not sound: %r %r' % (name, head, err))
            if '* user: other question' not in out or 'first answer' in out:
                fail('%s: the extracted session holds:\n%s' % (name, out))
            os.unlink(new)

        for name, data, message in EMPTY:
            path = os.path.join(work, name + '.jsonl')
            with open(path, 'wb') as f:
                f.write(data)
            for command in ('tree', 'info'):
                rc, out, err = run(ramo, command, path)
                if rc != 2 or message not in err or out:
                    fail('%s: %s: %d %r %r' % (name, command, rc, out, err))
            if read(path) != data:
                fail('%s: the file changed' % name)
    print('ok - ramo-session reads a session with a broken header read-only, and writes nothing to it')


if __name__ == '__main__':
    main()

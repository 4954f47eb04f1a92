#!/usr/bin/python3
# test-cli-hostile.py — ramo-session on hostile files: nothing lost, nothing forged, nothing aborts
#
# Copyright 2026 The Ramo authors
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Issue 19's cases from the command line, each on a private file:
#   symlink     `label` on a version-2 file reached through a symbolic link writes the link's
#               target (migrated to version 3, the label read back by `tree --json`) and the
#               link stays a link
#   refused     `label` on a read-only version-2 file, in a folder the user owns (as root: run
#               as nobody on a file of root's) is refused before anything is rewritten: the
#               file's bytes, owner, group and mode stay as they were
#   deep        a body nested 100,000 levels deep is read, its children are in the tree
#   sparse      a 10 GiB file of zeros (a sparse file: no disk used) gets a clear error and
#               exit status 2, quickly, without aborting
#   problems    `check` lists each kind of problem, and exits 7; a missing header is one
#   forged      line feeds and line separators in a session's ids and texts start no line of
#               any command's output
#
#   test-cli-hostile.py RAMO_SESSION SOURCE_DIR

import json
import os
import re
import stat
import subprocess
import sys
import tempfile
import time


def fail(message):
    print('not ok -', message)
    sys.exit(1)


def run(ramo, *args, user=None):
    kwargs = {}
    if user is not None:
        kwargs['user'] = user
    out = subprocess.run([ramo, *args], capture_output=True, check=False, timeout=120, **kwargs)
    return out.returncode, out.stdout.decode('utf-8', 'replace'), out.stderr.decode('utf-8', 'replace')


V2 = [
    {"type": "session", "version": 2, "id": "h0000000-0000-4000-8000-000000000001",
     "timestamp": "2026-01-05T10:00:00.000Z", "cwd": "/tmp"},
    {"type": "message", "id": "a0000001", "parentId": None, "timestamp": "2026-01-05T10:00:01.000Z",
     "message": {"role": "user", "content": "hello", "timestamp": 1}},
    {"type": "message", "id": "a0000002", "parentId": "a0000001", "timestamp": "2026-01-05T10:00:02.000Z",
     "message": {"role": "assistant", "content": [{"type": "text", "text": "hi"}], "timestamp": 2}},
]


def write_lines(path, entries):
    with open(path, 'w', encoding='utf-8') as f:
        for entry in entries:
            f.write(json.dumps(entry) + '\n')


def labels_of(ramo, path):
    status, out, err = run(ramo, 'tree', path, '--json')
    if status != 0:
        fail('tree --json %s: %s %s' % (path, status, err))
    return {e['id']: e.get('label') for e in json.loads(out)['entries']}


def test_symlink(ramo, work):
    target = os.path.join(work, 'real', 'session.jsonl')
    os.makedirs(os.path.dirname(target))
    write_lines(target, V2)
    link = os.path.join(work, 'link.jsonl')
    os.symlink(os.path.relpath(target, work), link)
    status, out, err = run(ramo, 'label', link, 'a0000001', 'through the link')
    if status != 0:
        fail('label through a link: %s %s' % (status, err))
    if not os.path.islink(link):
        fail('the link was replaced by a regular file')
    with open(target, encoding='utf-8') as f:
        header = json.loads(f.readline())
    if header.get('version') != 3:
        fail('the target was not migrated to version 3: %r' % header)
    if labels_of(ramo, target).get('a0000001') != 'through the link':
        fail('the target has no label: %r' % labels_of(ramo, target))
    print('ok - label through a symbolic link: the target written, the link kept')


def snapshot(path):
    st = os.stat(path)
    with open(path, 'rb') as f:
        return f.read(), st.st_uid, st.st_gid, stat.S_IMODE(st.st_mode)


def test_refused(ramo, work):
    # the report's case: a read-only version-2 file, the label asked for by another user, in a
    # folder that user owns (so the migration could make its temporary file there)
    folder = os.path.join(work, 'theirs')
    os.makedirs(folder)
    path = os.path.join(folder, 'session.jsonl')
    write_lines(path, V2)
    os.chmod(path, 0o444)
    user = None
    if os.geteuid() == 0:
        # root may write anything: run as nobody, the file root's, the folder nobody's
        os.chmod(path, 0o644)
        os.chown(folder, 65534, 65534)
        user = 65534
    before = snapshot(path)
    status, out, err = run(ramo, 'label', path, 'a0000001', 'never written', user=user)
    if status == 0:
        fail('a label on a file that cannot be kept as it is was written: %r' % out)
    if snapshot(path) != before:
        fail('a refused label changed the file (bytes, owner, group or mode)')
    if not err.strip():
        fail('a refused label said nothing')
    print('ok - a refused label changes nothing: %s' % err.strip().splitlines()[-1][:100])


def test_deep(ramo, source_dir, work):
    path = os.path.join(work, 'deep.jsonl')
    subprocess.run([sys.executable, os.path.join(source_dir, 'tests', 'compat', 'gen-deep.py'), path],
                   check=True, stdout=subprocess.DEVNULL)
    status, out, err = run(ramo, 'tree', path, '--json')
    if status != 0:
        fail('tree --json on a 100,000-level body: %s %s' % (status, err[:200]))
    entries = json.loads(out)['entries']
    # Python's json recurses: the ids are read off each line's start (gen-deep.py writes "type"
    # and "id" first)
    with open(path, encoding='utf-8') as f:
        f.readline()
        ids = [re.match(r'\{"type":"[^"]*","id":"([^"]*)"', line).group(1) for line in f]
    if sorted(e['id'] for e in entries) != sorted(ids):
        fail('the tree has %d of the %d entries' % (len(entries), len(ids)))
    orphans = [e['id'] for e in entries if e['depth'] == 0]
    if len(orphans) != 1:
        fail('entries under the deep lines are roots: %r' % orphans)
    print('ok - bodies 100,000 levels deep read, %d entries in one tree' % len(entries))


def test_sparse(ramo, work):
    path = os.path.join(work, 'sparse.jsonl')
    with open(path, 'wb') as f:
        f.truncate(10 * 1024 * 1024 * 1024)
    start = time.monotonic()
    status, out, err = run(ramo, 'info', path)
    took = time.monotonic() - start
    if status != 2:
        fail('info on 10 GiB of zeros: exit %s (%s)' % (status, err[:200]))
    if path not in err or len(err.strip()) <= len(path) + 20:
        fail('the error does not say which file and what is wrong: %r' % err)
    if os.stat(path).st_size != 10 * 1024 * 1024 * 1024:
        fail('the sparse file changed size')
    print('ok - 10 GiB of zeros refused with "%s" (%.1f s)' % (err.strip()[:80], took))


def test_problems(ramo, work):
    path = os.path.join(work, 'problems.jsonl')
    entries = [dict(V2[0], version=3)] + V2[1:] + [
        dict(V2[1], message={"role": "user", "content": "again", "timestamp": 3}),
        {"type": "message", "id": "o1", "parentId": "missing", "timestamp": "2026-01-05T10:00:04.000Z",
         "message": {"role": "user", "content": "orphan", "timestamp": 4}},
        {"type": "label", "id": "l1", "parentId": "a0000002", "timestamp": "2026-01-05T10:00:05.000Z",
         "targetId": "gone", "label": "x"},
        {"type": "compaction", "id": "k1", "parentId": "l1", "timestamp": "2026-01-05T10:00:06.000Z",
         "summary": "s", "firstKeptEntryId": "o1", "tokensBefore": 1},
    ]
    write_lines(path, entries)
    with open(path, 'a', encoding='utf-8') as f:
        f.write('{"broken": \n')
    status, out, err = run(ramo, 'check', path, '--json')
    if status != 7:
        fail('check exits %s on a file with problems' % status)
    kinds = sorted(p['kind'] for p in json.loads(out)['problems'])
    want = sorted(['duplicate-id', 'orphan', 'label-target', 'kept-off-path', 'line'])
    if kinds != want:
        fail('check lists %r, not %r' % (kinds, want))
    status, out, err = run(ramo, 'check', path)
    if status != 7 or len(out.strip().splitlines()) != 5 or not all(l.startswith(path + ':') for l in out.splitlines()):
        fail('check prints %r' % out)
    print('ok - check lists each problem (%s)' % ', '.join(kinds))

    # a file without its header: open read-only, the header's problem a kind of its own
    headless = os.path.join(work, 'headless.jsonl')
    write_lines(headless, V2[1:])
    status, out, err = run(ramo, 'check', headless, '--json')
    problems = json.loads(out)['problems'] if status in (0, 7) else None
    if status != 7 or [p['kind'] for p in problems] != ['header'] or problems[0]['line'] != 1:
        fail('check on a file without a header: %s %r %s' % (status, problems, err))
    print('ok - check names the missing header: %s' % problems[0]['message'][:80])


def test_forged_lines(ramo, work):
    # ids, a parent, a label target, a model and a name with line feeds (and a line separator)
    # in them: every line of every output is still one of Ramo's own
    fake = '\nFAKE line\u2028FAKE'
    path = os.path.join(work, 'forged-lines.jsonl')
    entries = [dict(V2[0], version=3),
               {"type": "model_change", "id": "m" + fake, "parentId": None, "timestamp": "2026-01-05T10:00:01.000Z",
                "provider": "p" + fake, "modelId": "x" + fake},
               {"type": "message", "id": "a" + fake, "parentId": "m" + fake, "timestamp": "2026-01-05T10:00:02.000Z",
                "message": {"role": "user" + fake, "content": "hello", "timestamp": 2}},
               {"type": "message", "id": "a" + fake, "parentId": "m" + fake, "timestamp": "2026-01-05T10:00:03.000Z",
                "message": {"role": "user", "content": "again", "timestamp": 3}},
               {"type": "message", "id": "o" + fake, "parentId": "gone" + fake, "timestamp": "2026-01-05T10:00:04.000Z",
                "message": {"role": "user", "content": "orphan", "timestamp": 4}},
               {"type": "label", "id": "l" + fake, "parentId": "a" + fake, "timestamp": "2026-01-05T10:00:05.000Z",
                "targetId": "nothing" + fake, "label": "x"},
               {"type": "session_info", "id": "n" + fake, "parentId": "l" + fake, "timestamp": "2026-01-05T10:00:06.000Z",
                "name": "name" + fake}]
    write_lines(path, entries)
    outputs = []
    for args in (['check', path], ['info', path], ['context', path], ['tree', path, '--filter', 'all'],
                 ['label', path, 'zz\nFAKE', 'x']):
        status, out, err = run(ramo, *args)
        outputs.append((args[0], out + err))
    for command, text in outputs:
        forged = [line for line in text.splitlines() if line.startswith('FAKE')]
        if forged or '\u2028' in text:
            fail('%s prints lines a session wrote: %r' % (command, forged or text))
    print('ok - line feeds and separators in ids, parents, targets, models and names start no line of output')


def main():
    if len(sys.argv) != 3:
        fail('usage: test-cli-hostile.py RAMO_SESSION SOURCE_DIR')
    ramo, source_dir = sys.argv[1:]
    with tempfile.TemporaryDirectory(prefix='ramo-cli-hostile-') as work:
        os.chmod(work, 0o755)
        test_symlink(ramo, work)
        test_refused(ramo, work)
        test_deep(ramo, source_dir, work)
        test_sparse(ramo, work)
        test_problems(ramo, work)
        test_forged_lines(ramo, work)


if __name__ == '__main__':
    main()

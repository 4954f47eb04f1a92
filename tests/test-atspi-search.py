#!/usr/bin/python3
# test-atspi-search.py — a fielded search typed and its hits stepped through, through the
# accessibility bus
#
# Copyright 2026 The Ramo authors
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Starts the real `ramo` on a copy of data/examples/example.jsonl; a person presses Ctrl+F,
# types `role:user cache`, hears only the user messages that mention a cache, steps through
# them with Enter and Shift+Enter in the search entry (the selection moves to the next and
# previous hit, in the order of the tree, round at the end), then adds a regular expression
# that does not compile and is told so by the entry while the rest of the search stays. The hits
# are read off the file (user messages whose text holds "cache") and put in the order
# `ramo-session tree` prints the rows (pi's /tree order), not taken from the window.
#
#   test-atspi-search.py RAMO_BINARY SOURCE_DIR SCHEMA_DIR
#
# Exits 77 (skipped) only when there is no display.

import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from atspi_util import (app_env, fail, run_app, find, find_all, find_app,  # noqa: E402
                        log, press, pyatspi, row_texts, selected_name, type_text, wait_for)


def expected_hits(ramo, session):
    """The texts of the user messages holding "cache", in the order of the tree's rows."""
    users = []
    with open(session) as f:
        for line in f:
            e = json.loads(line)
            m = e.get('message') or {}
            if e.get('type') != 'message' or m.get('role') != 'user':
                continue
            content = m.get('content')
            text = content if isinstance(content, str) else ''.join(
                b.get('text', '') for b in content if isinstance(b, dict) and b.get('type') == 'text')
            if 'cache' in text.lower():
                users.append(' '.join(text.split())[:40])
    cli = os.path.join(os.path.dirname(ramo), '..', 'cli', 'ramo-session')
    lines = subprocess.run([cli, 'tree', session, '--filter', 'all'], check=True, capture_output=True,
                           text=True).stdout.splitlines()
    ordered = []
    for line in lines:
        for u in users:
            if ('user: ' + u) in line and u not in ordered:
                ordered.append(u)
    if len(ordered) != len(users):
        fail('could not place the hits %r in the tree %r' % (users, ordered))
    return ['user: ' + u for u in ordered]


def main():
    if len(sys.argv) != 4:
        fail('usage: test-atspi-search.py RAMO_BINARY SOURCE_DIR SCHEMA_DIR')
    ramo, source_dir, schema_dir = sys.argv[1:]

    work = tempfile.mkdtemp(prefix='ramo-atspi-search-')
    session = os.path.join(work, 'example.jsonl')
    shutil.copy(os.path.join(source_dir, 'data', 'examples', 'example.jsonl'), session)
    env = app_env(work, schema_dir)

    run_app(ramo, session, work, env, lambda app_process: run(app_process, ramo, session))
    print('ok - a fielded search typed and its hits stepped through, through AT-SPI')


def hit_index(tree, hits):
    name = selected_name(tree) or ''
    for i, h in enumerate(hits):
        if name.startswith(h):
            return i
    return None


def run(app_process, ramo, session):
    hits = expected_hits(ramo, session)
    log('hits:', hits)
    if len(hits) < 3:
        fail('only %d hits' % len(hits))

    app = find_app(app_process)
    frame = wait_for('the window', lambda: find(app, pyatspi.ROLE_FRAME, pattern=r'^Weather CLI'))
    tree = wait_for('the session tree', lambda: find(frame, pyatspi.ROLE_LIST, 'Session tree'))
    wait_for('rows with text', lambda: row_texts(tree))
    search = find(frame, pyatspi.ROLE_ENTRY, 'Search entries')
    if search is None:
        fail('no search entry')

    x, y, width, height = frame.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
    pyatspi.Registry.generateMouseEvent(x + width // 2, y + height // 2, 'abs')
    time.sleep(0.3)
    press('f', ('ctrl',))
    time.sleep(0.3)
    type_text('role:user cache')

    def only_hits():
        tree.clear_cache()
        rows = row_texts(tree)
        return rows if len(rows) == len(hits) and all(any(r.startswith(h) for h in hits) for r in rows) else None
    rows = wait_for('only the user messages about a cache', only_hits)
    log('rows read:', len(rows))

    # Enter: the next hit, round at the end; Shift+Enter: the previous one
    press('Return')
    first = wait_for('a hit selected', lambda: hit_index(tree, hits))
    at = first
    for _ in range(len(hits)):
        press('Return')
        want = (at + 1) % len(hits)
        wait_for('hit %d selected by Enter' % want, lambda: hit_index(tree, hits) == want)
        at = want
    if at != first:
        fail('Enter went round to hit %d, not back to %d' % (at, first))
    press('Return', ('shift',))
    want = (at - 1) % len(hits)
    wait_for('hit %d selected by Shift+Enter' % want, lambda: hit_index(tree, hits) == want)
    log('Enter went round the %d hits, Shift+Enter back one' % len(hits))

    # a regular expression that does not compile: said in the entry, the rest still applies
    press('End')
    type_text(' /(/')
    wait_for('the entry to name the bad regular expression',
             lambda: (search.clear_cache() or True) and 'regular expression' in (search.description or ''))
    if not only_hits():
        fail('the rows changed with the bad regular expression: %r' % row_texts(tree))
    log('bad regex named:', search.description[:60])


if __name__ == '__main__':
    main()

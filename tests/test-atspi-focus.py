#!/usr/bin/python3
# test-atspi-focus.py — Focus on This Branch as a person uses it, through the accessibility bus
#
# Copyright 2026 The Ramo authors
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Starts the real `ramo` on a copy of data/examples/example.jsonl; a person right-clicks the
# row of the branch summary, chooses "Focus on This Branch" in its menu, sees (hears) only that
# branch's rows and the bar that says so, and clicks "Show Whole Session"; then does the same
# with the keys (Ctrl+Shift+Enter, Escape). The rows of the branch are worked out from what
# `ramo-session tree --json` and `--rows` print (pi's own tree and /tree rows), not from the
# window.
#
#   test-atspi-focus.py RAMO_BINARY SOURCE_DIR SCHEMA_DIR
#
# Exits 77 (skipped) only when there is no display.

import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from atspi_util import (app_env, click, do_action, fail, run_app, find, find_all, find_app,  # noqa: E402
                        log, press, pyatspi, row_texts, wait_for)

FOCUSED = 'c3000001'        # [branch summary]: Tried an SQLite cache …
FIRST_USER = 'user: Our weather CLI calls the forecast API'


def ramo_session(ramo):
    return os.path.join(os.path.dirname(ramo), '..', 'cli', 'ramo-session')


def expected_rows(ramo, session, root):
    """The texts of the rows of root's branch, in order: the rows pi's /tree lists (--rows)
    whose entry is root or lies under it in pi's tree (--json), with the texts of `tree`."""
    cli = ramo_session(ramo)
    tree = json.loads(subprocess.run([cli, 'tree', session, '--json'], check=True, capture_output=True,
                                     text=True).stdout)
    rows = json.loads(subprocess.run([cli, 'tree', session, '--rows'], check=True, capture_output=True,
                                     text=True).stdout)['rows']
    lines = subprocess.run([cli, 'tree', session], check=True, capture_output=True, text=True).stdout.splitlines()
    parent = {e['id']: e['parentId'] for e in tree['entries']}

    def under(entry_id):
        while entry_id is not None:
            if entry_id == root:
                return True
            entry_id = parent.get(entry_id)
        return False

    texts = []
    for row, line in zip(rows, lines):
        if not under(row['id']):
            continue
        text = re.sub(r'^[* ] *(├─ |└─ )?', '', line)
        text = re.sub(r'  ← leaf$', '', text)
        texts.append(text)
    return texts


def showing(node):
    """GTK 4.8 reports no widget as showing: one shown has a size, and so do those around it."""
    while node is not None:
        try:
            node.clear_cache()
            if node.getRole() == pyatspi.ROLE_FRAME:
                return True
            component = node.queryComponent()
        except NotImplementedError:      # a stack page has no extents of its own
            node = node.parent
            continue
        except Exception:
            return False
        x, y, width, height = component.getExtents(pyatspi.DESKTOP_COORDS)
        if width <= 0 or height <= 0:
            return False
        node = node.parent
    return True


def read_rows(tree):
    tree.clear_cache()
    return row_texts(tree)


def same_rows(read, expected):
    # `tree` writes a label after the text ("text [label]"); a row reads its label pill first
    def text(e):
        return re.sub(r' \[[^\]]*\]$', '', e)[:60]
    return len(read) == len(expected) and all(text(e) in r for r, e in zip(read, expected))


def outside(rows):
    """Whether rows outside the branch are read out: the top of the session, or the other branch."""
    return any(r.startswith(FIRST_USER) or r.startswith('user: Use SQLite for the cache.') for r in rows)


def main():
    if len(sys.argv) != 4:
        fail('usage: test-atspi-focus.py RAMO_BINARY SOURCE_DIR SCHEMA_DIR')
    ramo, source_dir, schema_dir = sys.argv[1:]

    work = tempfile.mkdtemp(prefix='ramo-atspi-focus-')
    session = os.path.join(work, 'example.jsonl')
    shutil.copy(os.path.join(source_dir, 'data', 'examples', 'example.jsonl'), session)
    env = app_env(work, schema_dir)

    run_app(ramo, session, work, env, lambda app_process: run(app_process, ramo, session))
    print('ok - a branch focused on and left, through AT-SPI')


def run(app_process, ramo, session):
    expected = expected_rows(ramo, session, FOCUSED)
    log('the branch has %d rows, from %r' % (len(expected), expected[0][:50]))
    if len(expected) < 10:
        fail('the branch of %s has %d rows only' % (FOCUSED, len(expected)))

    app = find_app(app_process)
    frame = wait_for('the window', lambda: find(app, pyatspi.ROLE_FRAME, pattern=r'^Weather CLI'))
    tree = wait_for('the session tree', lambda: find(frame, pyatspi.ROLE_LIST, 'Session tree'))
    wait_for('rows with text', lambda: read_rows(tree))
    whole = read_rows(tree)
    if not whole[0].startswith(FIRST_USER):
        fail('the first row reads %r' % whole[0])

    # a right click on the row, then "Focus on This Branch" in its menu
    row = wait_for('the branch summary row',
                   lambda: find(tree, pyatspi.ROLE_LIST_ITEM, pattern=r'^\[branch summary\]: Tried an SQLite'))
    click(row, 'b3c', settle=0.4)
    item = wait_for('"Focus on This Branch" in the row menu',
                    lambda: next((n for n in find_all(frame, pyatspi.ROLE_MENU_ITEM)
                                  if n.name == 'Focus on This Branch'), None))
    # GTK 4.8 reports the positions in a popover's own surface, not the screen's (it warns
    # "Screen coordinates not supported"): the item is chosen as a screen reader chooses it
    do_action(item, 'click')

    # only the branch is read out, and the bar says which
    rows = wait_for('only the rows of the branch', lambda: (lambda r: r if same_rows(r, expected) else None)(read_rows(tree)))
    log('focused:', len(rows), 'rows, first', rows[0][:50])
    if outside(rows):
        fail('rows outside the branch are read out: %r' % rows)
    bar = wait_for('the focus bar', lambda: next((n for n in find_all(frame, pyatspi.ROLE_LABEL)
                                                  if (n.name or '').startswith('Focused on “[branch summary]')
                                                  and showing(n)), None))
    log('bar:', bar.name[:60])

    # the way back: the bar's button
    button = wait_for('"Show Whole Session"', lambda: next((n for n in find_all(frame, pyatspi.ROLE_PUSH_BUTTON)
                                                           if n.name == 'Show Whole Session' and showing(n)), None))
    click(button, settle=0.4)
    # the row stays where it was on the screen, the rows of the whole session around it
    rows = wait_for('the whole session again', lambda: (lambda r: r if outside(r) else None)(read_rows(tree)))
    log('whole session:', len(rows), 'rows read, from', rows[0][:40])
    selected = [n for n in find_all(tree, pyatspi.ROLE_LIST_ITEM)
                if n.getState().contains(pyatspi.STATE_SELECTED)]
    if len(selected) != 1 or not selected[0].name.startswith('[branch summary]: Tried an SQLite'):
        fail('after going back the selected row is %r' % [n.name for n in selected])
    wait_for('the bar gone', lambda: not showing(bar))

    # the same with the keys, on the selected row: Ctrl+Shift+Enter, then Escape
    x, y, width, height = frame.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
    pyatspi.Registry.generateMouseEvent(x + width // 2, y + height // 2, 'abs')
    press('Return', ('ctrl', 'shift'))
    wait_for('only the branch, by the keys', lambda: same_rows(read_rows(tree), expected))
    press('Escape')
    wait_for('the whole session, by Escape', lambda: outside(read_rows(tree)))
    log('keys: Ctrl+Shift+Enter focused, Escape went back')


if __name__ == '__main__':
    main()

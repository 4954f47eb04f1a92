#!/usr/bin/python3
# test-atspi-compare.py — Compare With Selected and Ctrl+click as a person uses them, through
# the accessibility bus
#
# Copyright 2026 The Ramo authors
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Starts the real `ramo` on a copy of data/examples/example.jsonl; a person selects the last
# row (End: the SQLite attempt's last message), right-clicks the row of the JSON attempt's
# answer, chooses
# "Compare With Selected" in its menu and sees the comparison window: both sides' entries and
# counts from their fork, a list of steps. Then Ctrl+clicks the SQLite attempt's first user
# message: the comparison is of the selected row and that one. The counts are worked out here
# from the file's parentIds, not from Ramo.
#
#   test-atspi-compare.py RAMO_BINARY SOURCE_DIR SCHEMA_DIR
#
# Exits 77 (skipped) only when there is no display.

import json
import re
import os
import shutil
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from atspi_util import (Atspi, app_env, click, do_action, fail, run_app, find, find_all,  # noqa: E402
                        find_app, log, press, pyatspi, selected_name, wait_for)

LEFT = r'^user: Hmm, that pulls in a lot'
RIGHT = r'assistant: Added a JSON cache'
CTRL = r'^user: Use SQLite for the cache\.'


def entries(session):
    with open(session, encoding='utf-8') as f:
        lines = [json.loads(line) for line in f if line.strip()]
    return {e['id']: e for e in lines if e.get('type') != 'session'}


def text_of_entry(entry):
    content = entry.get('message', {}).get('content')
    if isinstance(content, str):
        return content
    return ''.join(b.get('text', '') for b in content or [] if isinstance(b, dict) and b.get('type') == 'text')


def entry_starting(by_id, role, start):
    return next(i for i, e in by_id.items()
                if e.get('message', {}).get('role') == role and text_of_entry(e).startswith(start))


def header(by_id, side, id, other):
    """'Left: ID, N entries (K after the fork)', from the file's parentIds."""
    def path(i):
        p = []
        while i is not None:
            p.insert(0, i)
            i = by_id[i].get('parentId')
        return p
    mine, theirs = path(id), path(other)
    shared = 0
    while shared < min(len(mine), len(theirs)) and mine[shared] == theirs[shared]:
        shared += 1
    return '%s: %s, %d entries (%d after the fork)' % (side, id, len(mine), len(mine) - shared)


def labels(frame):
    frame.clear_cache()
    return [n.name for n in find_all(frame, pyatspi.ROLE_LABEL) if n.name]


def compare_frame(app, left, right):
    def look():
        for frame in find_all(app, pyatspi.ROLE_FRAME):
            if (frame.name or '').startswith('Compare Branches'):
                names = labels(frame)
                if left in names and right in names:
                    return frame
        return None
    return wait_for('the comparison window with %r and %r' % (left, right), look)


def main():
    if len(sys.argv) != 4:
        fail('usage: test-atspi-compare.py RAMO_BINARY SOURCE_DIR SCHEMA_DIR')
    ramo, source_dir, schema_dir = sys.argv[1:]

    work = tempfile.mkdtemp(prefix='ramo-atspi-compare-')
    session = os.path.join(work, 'example.jsonl')
    shutil.copy(os.path.join(source_dir, 'data', 'examples', 'example.jsonl'), session)
    env = app_env(work, schema_dir)

    run_app(ramo, session, work, env, lambda app_process: run(app_process, session))
    print('ok - two branches compared from the row menu and by Ctrl+click, through AT-SPI')


def run(app_process, session):
    by_id = entries(session)
    left_id = entry_starting(by_id, 'user', 'Hmm, that pulls in a lot')
    right_id = entry_starting(by_id, 'assistant', 'Added a JSON cache')
    ctrl_id = entry_starting(by_id, 'user', 'Use SQLite for the cache.')

    app = find_app(app_process)
    frame = wait_for('the window', lambda: find(app, pyatspi.ROLE_FRAME, pattern=r'^Weather CLI'))
    tree = wait_for('the session tree', lambda: find(frame, pyatspi.ROLE_LIST, 'Session tree'))

    # select the last row (the SQLite attempt's last user message) with the keys, then open
    # the row menu of the JSON attempt's answer
    row = wait_for('the first row', lambda: find(tree, pyatspi.ROLE_LIST_ITEM, pattern=r'^user: Our weather CLI'))
    click(row, settle=0.4)
    press('End')
    wait_for('the last row selected', lambda: re.search(LEFT, selected_name(tree) or ''))
    row = wait_for('the JSON answer', lambda: find(tree, pyatspi.ROLE_LIST_ITEM, pattern=RIGHT))
    click(row, 'b3c', settle=0.4)
    item = wait_for('"Compare With Selected" in the row menu',
                    lambda: next((n for n in find_all(frame, pyatspi.ROLE_MENU_ITEM)
                                  if n.name == 'Compare With Selected'), None))
    do_action(item, 'click')

    left = header(by_id, 'Left', left_id, right_id)
    right = header(by_id, 'Right', right_id, left_id)
    window = compare_frame(app, left, right)
    log('compared:', left, '|', right)
    steps = wait_for('the steps', lambda: find(window, pyatspi.ROLE_LIST, 'Steps from the fork'))
    items = wait_for('rows of steps', lambda: find_all(steps, pyatspi.ROLE_LIST_ITEM) or None)
    first = [n.name for n in find_all(items[0], pyatspi.ROLE_LABEL) if n.name]
    if not first or not first[0].startswith('1. '):
        fail('the first step reads %r' % first)
    log('first step:', first[0])
    if not find(window, pyatspi.ROLE_PUSH_BUTTON, 'Export Comparison as Markdown…'):
        fail('no export button in the comparison window')

    # Escape closes the comparison (it lies over the tree: Xvfb has no window manager)
    press('Escape')
    wait_for('the comparison window closed',
             lambda: not any((f.name or '').startswith('Compare Branches') for f in find_all(app, pyatspi.ROLE_FRAME)))

    # Ctrl+click on a row of the SQLite attempt: the selected row (the JSON answer) against it
    row = wait_for('the SQLite user message', lambda: find(tree, pyatspi.ROLE_LIST_ITEM, pattern=CTRL))
    Atspi.generate_keyboard_event(1 << 2, None, Atspi.KeySynthType.LOCKMODIFIERS)
    try:
        click(row, settle=0.4)
    finally:
        Atspi.generate_keyboard_event(1 << 2, None, Atspi.KeySynthType.UNLOCKMODIFIERS)
    compare_frame(app, header(by_id, 'Left', right_id, ctrl_id), header(by_id, 'Right', ctrl_id, right_id))
    log('Ctrl+click compared', right_id, 'with', ctrl_id)


if __name__ == '__main__':
    main()

#!/usr/bin/python3
# The integrity view as a person uses it, over AT-SPI: a session with a missing parent, an id on
# two lines and a label of a missing entry opens with a bar that says so; its Show Problems
# button opens the list of problems; a click on the missing parent's row selects that entry in
# the session's tree, a click on the label's row selects the label entry (the "all" filter
# shows it).
#
#   test-atspi-problems.py RAMO_BINARY SOURCE_DIR SCHEMA_DIR
#
# Copyright 2026 The Ramo authors
#
# SPDX-License-Identifier: GPL-3.0-or-later

import json
import os
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from atspi_util import (app_env, click, do_action, fail, find, find_all, find_app,  # noqa: E402
                        log, pyatspi, run_app, selected_name, text_of, wait_for)


def line(entry_id, parent, minute, text):
    return {'type': 'message', 'id': entry_id, 'parentId': parent,
            'timestamp': '2026-03-01T07:%02d:00.000Z' % minute,
            'message': {'role': 'user', 'content': text, 'timestamp': minute}}


def write_session(path):
    entries = [
        {'type': 'session', 'version': 3, 'id': 's1', 'timestamp': '2026-03-01T07:00:00.000Z', 'cwd': '/tmp'},
        line('a1', None, 1, 'hello there'),
        line('a2', 'a1', 2, 'first copy'),
        line('a2', 'a1', 3, 'second copy'),
        line('o1', 'nowhere', 4, 'an orphan entry'),
        {'type': 'label', 'id': 'l1', 'parentId': 'a2', 'timestamp': '2026-03-01T07:05:00.000Z',
         'targetId': 'gone', 'label': 'lost'},
    ]
    with open(path, 'w', encoding='utf-8') as f:
        for entry in entries:
            f.write(json.dumps(entry) + '\n')


def main():
    if len(sys.argv) != 4:
        fail('usage: test-atspi-problems.py RAMO_BINARY SOURCE_DIR SCHEMA_DIR')
    ramo, source_dir, schema_dir = sys.argv[1:]

    work = tempfile.mkdtemp(prefix='ramo-atspi-problems-')
    session = os.path.join(work, 'problems.jsonl')
    write_session(session)
    run_app(ramo, session, work, app_env(work, schema_dir), run)
    print('ok - the problems of a file listed, each a click away from its entry, through AT-SPI')


def problem_rows(problems_list):
    """(the texts of its labels, the list item) of each row of the problems list."""
    rows = []
    for item in find_all(problems_list, pyatspi.ROLE_LIST_ITEM):
        texts = [text_of(label) for label in find_all(item, pyatspi.ROLE_LABEL)]
        if texts:
            rows.append((texts, item))
    return rows


def run(app_process):
    app = find_app(app_process)
    frame = wait_for('the window', lambda: find(app, pyatspi.ROLE_FRAME, pattern=r'^hello there'))
    tree = wait_for('the session tree', lambda: find(frame, pyatspi.ROLE_LIST, 'Session tree'))

    # the bar says what is wrong
    bar_text = wait_for('the bar of problems', lambda: next(
        (text_of(label) for label in find_all(frame, pyatspi.ROLE_LABEL)
         if 'names a parent that is not in the file' in text_of(label)), None))
    log('bar:', bar_text.replace('\n', ' | '))
    for expected in ('1 line repeats the id of a later line', '1 label names an entry that is not in the file'):
        if expected not in bar_text:
            fail('the bar does not say %r: %r' % (expected, bar_text))

    button = wait_for('Show Problems', lambda: find(frame, pyatspi.ROLE_PUSH_BUTTON, 'Show Problems'))
    do_action(button, 'click')
    problems = wait_for('the problems window', lambda: find(app, pyatspi.ROLE_FRAME, 'Problems in This File'))
    problems_list = wait_for('the list of problems', lambda: find(problems, pyatspi.ROLE_LIST, 'Problems'))
    rows = wait_for('its rows', lambda: problem_rows(problems_list) if len(problem_rows(problems_list)) >= 3 else None)
    titles = [texts[0] for texts, _ in rows]
    log('problems:', titles)
    if titles != ['Id on more than one line', 'Missing parent', 'Label of a missing entry']:
        fail('the problems listed are %r' % titles)

    # a click on the missing parent's row selects that entry in the tree
    click(rows[1][1])
    wait_for('the orphan selected', lambda: (selected_name(tree) or '').startswith('user: an orphan entry'))
    # the label entry, hidden by the default filter, selected through the "all" filter
    rows = problem_rows(problems_list)
    click(rows[2][1])
    wait_for('the label entry selected', lambda: (selected_name(tree) or '').startswith('[label'))
    log('selected:', selected_name(tree))


if __name__ == '__main__':
    main()

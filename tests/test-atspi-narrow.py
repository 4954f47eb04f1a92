#!/usr/bin/python3
# test-atspi-narrow.py — a person in a narrow window, one pane at a time
#
# Copyright 2026 The Ramo authors
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Starts the real `ramo` on a copy of data/examples/example.jsonl in a window 600 px wide (its
# size from the settings, as a person left it) and drives it through the accessibility bus and
# synthesized keys: the tree is shown alone, with a "Show the entry" button; Alt+Enter shows
# the selected entry, with a "Back to the tree" button and the focus in the entry pane; Escape
# goes back to the tree, on the same row; the two buttons do the same when clicked.
#
#   test-atspi-narrow.py RAMO_BINARY SOURCE_DIR SCHEMA_DIR
#
# Exits 77 (skipped) only when there is no display.

import os
import shutil
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from atspi_util import (app_env, do_action, fail, run_app, find, find_all,  # noqa: E402
                        find_app, is_focused, log, press, pyatspi, wait_for)

EXAMPLE_TITLE = 'Weather CLI: cache API responses'
SECOND_ROW = 'assistant: Let me see how requests are made first.'


def main():
    if len(sys.argv) != 4:
        fail('usage: test-atspi-narrow.py RAMO_BINARY SOURCE_DIR SCHEMA_DIR')
    ramo, source_dir, schema_dir = sys.argv[1:]

    work = tempfile.mkdtemp(prefix='ramo-atspi-narrow-')
    session = os.path.join(work, 'example.jsonl')
    shutil.copy(os.path.join(source_dir, 'data', 'examples', 'example.jsonl'), session)
    env = app_env(work, schema_dir, 'window-width=600\nwindow-height=700\n')

    run_app(ramo, session, work, env, run)
    print('ok - a narrow window shows the tree and the entry one at a time, and goes back')


def button(frame, name):
    # a button hidden from the header bar is not presented at all
    return find(frame, pyatspi.ROLE_PUSH_BUTTON, name)


def focused_row(tree):
    return next((item for item in find_all(tree, pyatspi.ROLE_LIST_ITEM) if is_focused(item)), None)


def expect_tree(frame, tree, row_name):
    """The tree is the pane shown: the header bar offers the entry, the row has the focus."""
    show = wait_for('the "Show the entry" button', lambda: button(frame, 'Show the entry'))
    wait_for('the back button gone', lambda: button(frame, 'Back to the tree') is None)

    def on_row():
        tree.clear_cache()
        row = focused_row(tree)
        return row is not None and row.name == row_name

    wait_for('the focus on the row %r' % row_name, on_row)
    return show


def expect_entry(frame):
    """The entry pane is the pane shown: the header bar goes back, the focus is in the pane."""
    back = wait_for('the "Back to the tree" button', lambda: button(frame, 'Back to the tree'))
    wait_for('the "Show the entry" button gone', lambda: button(frame, 'Show the entry') is None)
    wait_for('the focus on the Entry page of the pane',
             lambda: any(is_focused(n) and n.name == 'Entry' for n in find_all(frame, pyatspi.ROLE_PAGE_TAB)))
    wait_for('the entry pane on the selected entry',
             lambda: find(frame, pyatspi.ROLE_LABEL, pattern=r'^Entry a1000002 · parent a1000001 · '))
    return back


def run(app_process):
    app = find_app(app_process)
    frame = wait_for('the window titled with the session name',
                     lambda: find(app, pyatspi.ROLE_FRAME, EXAMPLE_TITLE))
    x, y, width, height = frame.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
    log('window: %dx%d' % (width, height))
    if width > 620:
        fail('the window is %d px wide, not the 600 px of the settings' % width)
    tree = wait_for('the session tree', lambda: find(frame, pyatspi.ROLE_LIST, 'Session tree'))

    # key presses go to the window under the pointer (Xvfb has no window manager)
    pyatspi.Registry.generateMouseEvent(x + width // 2, y + height // 2, 'abs')
    time.sleep(0.3)
    do_action(frame, 'win.tree')
    wait_for('focus in the tree', lambda: focused_row(tree) is not None)
    press('Home')
    press('Down')
    expect_tree(frame, tree, SECOND_ROW)
    log('the tree alone, on', SECOND_ROW)

    # Alt+Enter: the selected entry; Escape: back to the tree, on the same row
    press('Return', ('alt',))
    expect_entry(frame)
    log('Alt+Enter: the entry pane, focus on its Entry page')
    press('Escape')
    show = expect_tree(frame, tree, SECOND_ROW)
    log('Escape: the tree again')

    # the same with the header bar's buttons
    do_action(show, 'click')
    back = expect_entry(frame)
    do_action(back, 'click')
    expect_tree(frame, tree, SECOND_ROW)
    log('the buttons: the entry pane and back')


if __name__ == '__main__':
    main()

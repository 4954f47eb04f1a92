#!/usr/bin/python3
# test-atspi.py — Ramo as a screen reader sees it
#
# Copyright 2026 The Ramo authors
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Starts the real `ramo` on a copy of data/examples/example.jsonl and drives it only through
# the accessibility bus (AT-SPI, with pyatspi) and synthesized key presses, as a screen reader
# user would: it finds the window and the tree's rows by their text, reads the entry count,
# changes the filter, types a search, writes a label and goes to an entry, checking what is
# read out and what the file holds.
#
#   test-atspi.py RAMO_BINARY SOURCE_DIR SCHEMA_DIR
#
# Exits 77 (skipped) only when there is no display. Without a session bus it runs itself again
# under dbus-run-session; the accessibility bus is started by D-Bus activation (at-spi2-core),
# or by hand if that is not possible.

import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from atspi_util import (app_env, do_action, ensure_accessibility_bus, fail, find, find_all,  # noqa: E402
                        find_app, is_focused, log, press, pyatspi, read_lines, row_texts, stop_app,
                        text_of, type_text, wait_for)

EXAMPLE_TITLE = 'Weather CLI: cache API responses'
FIRST_USER = ('user: Our weather CLI calls the forecast API on every run and we keep hitting the '
              'rate limit. Can you add a small on-disk cache?')


def main():
    if len(sys.argv) != 4:
        fail('usage: test-atspi.py RAMO_BINARY SOURCE_DIR SCHEMA_DIR')
    ramo, source_dir, schema_dir = sys.argv[1:]

    work = tempfile.mkdtemp(prefix='ramo-atspi-')
    session = os.path.join(work, 'example.jsonl')
    shutil.copy(os.path.join(source_dir, 'data', 'examples', 'example.jsonl'), session)

    # settings in a key file, so that going to an entry does not ask about a summary
    env = app_env(work, schema_dir)

    bus_launcher = ensure_accessibility_bus()
    app_process = subprocess.Popen([ramo, session], env=env)
    try:
        run(app_process, session)
    finally:
        stop_app(app_process)
        if bus_launcher:
            bus_launcher.terminate()
        shutil.rmtree(work, ignore_errors=True)
    print('ok - ramo read and driven through AT-SPI')


def run(app_process, session):
    app = find_app(app_process)
    frame = wait_for('the window titled with the session name',
                     lambda: find(app, pyatspi.ROLE_FRAME, EXAMPLE_TITLE))
    log('window:', frame.name)

    tree = wait_for('the session tree', lambda: find(frame, pyatspi.ROLE_LIST, 'Session tree'))
    count = wait_for('the entry count', lambda: find(frame, pyatspi.ROLE_LABEL, pattern=r'^\d+ of \d+ entries$'))
    log('count:', count.name)
    if count.name != '26 of 37 entries':
        fail('the default filter shows %r, expected 26 of 37 entries' % count.name)

    rows = wait_for('rows with text', lambda: row_texts(tree))
    log('first rows:', rows[:3])
    if rows[0] != FIRST_USER:
        fail('the first row reads %r' % rows[0])
    if not any(r.startswith('assistant: ') for r in rows):
        fail('no assistant row is read out')

    # every control the user can reach has a name
    for role in (pyatspi.ROLE_PUSH_BUTTON, pyatspi.ROLE_ENTRY, pyatspi.ROLE_COMBO_BOX):
        for control in find_all(frame, role):
            try:
                showing = control.getState().contains(pyatspi.STATE_SHOWING)
            except Exception:
                continue
            if showing and not control.name:
                fail('a %s has no accessible name' % control.getRoleName())
    # names are read once, without the mnemonic's underscore ("_Open Session… Open Session…"
    # was read), shown or not; every row of the tree is named by its text
    for role in (pyatspi.ROLE_PUSH_BUTTON, pyatspi.ROLE_CHECK_BOX, pyatspi.ROLE_MENU_ITEM, pyatspi.ROLE_LIST_ITEM):
        for control in find_all(frame, role):
            name = control.name or ''
            words = name.split(' ')
            half = len(words) // 2
            if re.search(r'(^|\s)_\w', name) or (len(words) % 2 == 0 and half and words[:half] == words[half:]):
                fail('a %s is read as %r' % (control.getRoleName(), name))
    items = find_all(tree, pyatspi.ROLE_LIST_ITEM)
    named = [item for item in items if item.name]
    if not named or len(named) != len([r for r in row_texts(tree)]):
        fail('%d of %d rows of the tree have a name' % (len(named), len(items)))
    if named[0].name != FIRST_USER:
        fail('the first row is named %r' % named[0].name)
    search = find(frame, pyatspi.ROLE_ENTRY, 'Search entries')
    if search is None or find(frame, pyatspi.ROLE_COMBO_BOX, 'Filter') is None:
        fail('the search entry or the filter has no accessible name')

    # the filter: "User only" with Ctrl+U, as the tooltip says (the window's action is exposed too)
    # key presses go to the window under the pointer (Xvfb has no window manager)
    x, y, width, height = frame.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
    pyatspi.Registry.generateMouseEvent(x + width // 2, y + height // 2, 'abs')
    time.sleep(0.3)
    do_action(frame, 'win.tree')
    wait_for('focus in the tree', lambda: any(is_focused(n) for n in find_all(tree)) or is_focused(tree))
    press('u', ('ctrl',))
    wait_for('the user-only count', lambda: re.match(r'^\d+ of 37 entries$', count.name) and count.name != '26 of 37 entries')
    rows = wait_for('only user rows', lambda: [r for r in row_texts(tree)] if all(r.startswith('user: ') for r in row_texts(tree)) else None)
    log('user only:', count.name, rows[:2])
    if int(count.name.split()[0]) != len(rows):
        fail('%s but %d rows are read out' % (count.name, len(rows)))
    do_action(frame, 'win.toggle-user-only')
    wait_for('the default filter back', lambda: count.name == '26 of 37 entries')

    # a search typed into the search entry
    press('f', ('ctrl',))
    time.sleep(0.3)
    type_text('cache')
    wait_for('the search to narrow the tree', lambda: count.name != '26 of 37 entries')
    rows = row_texts(tree)
    log('search "cache":', count.name, rows[:2])
    if not rows or not all('cache' in r.lower() for r in rows):
        fail('the search shows rows without "cache": %r' % rows)
    press('Escape')
    wait_for('the search cleared', lambda: count.name == '26 of 37 entries')

    # fold with the keyboard: the fifth row has branches under it; − folds them, + (keypad) unfolds them
    do_action(frame, 'win.tree')
    press('Home')
    for _ in range(4):
        press('Down')
    n_rows = len(row_texts(tree))
    press('minus')
    wait_for('the branches folded', lambda: len(row_texts(tree)) < n_rows)
    log('folded:', len(row_texts(tree)), 'of', n_rows, 'rows')
    press('KP_Add')

    def n_rows_now():
        # rows that come back are new objects: read the tree afresh, not from the cache
        tree.clear_cache()
        return len(row_texts(tree))

    wait_for('the branches unfolded', lambda: n_rows_now() == n_rows)

    # a label: select the first row (Home), Shift+L opens the inline editor, type, Enter
    do_action(frame, 'win.tree')
    press('Home')
    time.sleep(0.3)
    lines_before = len(read_lines(session))
    press('L', ('shift',))
    time.sleep(0.5)
    editor = find(frame, pyatspi.ROLE_ENTRY, 'Entry label')
    log('label editor:', editor.name if editor else '(not exposed)')
    type_text('a11y-check')
    press('Return')
    wait_for('the label line in the file', lambda: len(read_lines(session)) > lines_before)
    last = read_lines(session)[-1]
    log('file:', last)
    if last.get('type') != 'label' or last.get('label') != 'a11y-check':
        fail('the last line is %r' % last)
    wait_for('the label read out in the row', lambda: any('a11y-check' in r for r in row_texts(tree)))
    labeled = [r for r in row_texts(tree) if 'a11y-check' in r][0]
    log('row read out:', labeled[:80])
    if FIRST_USER not in labeled or last.get('targetId') != 'a1000001':
        fail('the label went to another row: %r' % labeled)

    # navigate: Enter on the first user message puts its text into the editor
    composer = find(frame, pyatspi.ROLE_TEXT, 'Editor')
    if composer is None:
        fail('the editor has no accessible name')
    do_action(frame, 'win.tree')
    press('Home')
    time.sleep(0.3)
    press('Return')

    def composer_text():
        return text_of(composer)

    wait_for('the message text in the editor', lambda: composer_text().startswith('Our weather CLI calls the forecast API'))
    log('editor:', composer_text()[:60])
    lines_after = read_lines(session)
    if lines_after[-1] != last:
        fail('going to an entry wrote to the file: %r' % lines_after[-1])

    # Branch (Ctrl+B): the choice is made in the tree, in a "Branch from here" bar; Escape in
    # the tree gives up, and nothing is written
    def branch_bar():
        # GTK 4.8 reports no label as showing: one shown has a size, and so do the widgets
        # around it (a hidden one keeps the size it had)
        label = find(frame, pyatspi.ROLE_LABEL, pattern=r'^Branch to a new session from ')
        node = label
        while node is not None and node != frame:
            node.clear_cache()
            x, y, width, height = node.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
            if width <= 0 or height <= 0:
                return None
            node = node.parent
        return label

    do_action(frame, 'win.tree')
    press('b', ('ctrl',))
    bar = wait_for('the "Branch from here" bar', branch_bar)
    log('branch bar:', bar.name[:70])
    if not any(is_focused(n) for n in find_all(tree)):
        fail('the tree does not have the focus while choosing where to branch')
    press('Escape')
    wait_for('the bar gone after Escape', lambda: branch_bar() is None)
    if read_lines(session) != lines_after:
        fail('giving up a branch wrote to the file')

    # Ctrl+Q quits at once
    started = time.monotonic()
    press('q', ('ctrl',))
    try:
        app_process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        fail('Ctrl+Q did not quit within 10 s')
    took = time.monotonic() - started
    log('Ctrl+Q quit in %.2f s' % took)
    if took > 1.0:
        fail('Ctrl+Q took %.2f s' % took)


if __name__ == '__main__':
    main()

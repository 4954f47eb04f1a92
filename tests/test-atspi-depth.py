#!/usr/bin/python3
# test-atspi-depth.py — a tree hundreds of levels deep, as a person reads and moves through it
#
# Copyright 2026 The Ramo authors
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Starts the real `ramo` on a comb (bench/make-session.py: 300 branch points, each with a side
# branch, so pi's layout nests one level deeper at every entry) and drives it through AT-SPI:
# - the rows in view stand one column apart, each deeper row further right, and stay within
#   the tree 300 levels down (the indentation never collapses into one column);
# - the path bar names the way to the selected row, the rows scrolled off to the left described
#   so; a click on one of its buttons selects that row;
# - Alt+Up goes to the row the selected one hangs under.
#
#   test-atspi-depth.py RAMO_BINARY SOURCE_DIR SCHEMA_DIR
#
# Exits 77 (skipped) only when there is no display.

import os
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from atspi_util import (app_env, do_action, fail, run_app, selected_name, find, find_all,  # noqa: E402
                        find_app, log, press, pyatspi, wait_for)

N_STEPS = 300


def main():
    if len(sys.argv) != 4:
        fail('usage: test-atspi-depth.py RAMO_BINARY SOURCE_DIR SCHEMA_DIR')
    ramo, source_dir, schema_dir = sys.argv[1:]

    work = tempfile.mkdtemp(prefix='ramo-atspi-depth-')
    session = os.path.join(work, 'comb.jsonl')
    subprocess.run([sys.executable, os.path.join(source_dir, 'bench', 'make-session.py'), 'comb',
                    str(N_STEPS), session], check=True, stdout=subprocess.DEVNULL)
    env = app_env(work, schema_dir)

    run_app(ramo, session, work, env, run)
    print('ok - a 300-level tree read and moved through over AT-SPI')


def showing(node):
    try:
        return node.getState().contains(pyatspi.STATE_SHOWING)
    except Exception:
        return False


def rows_in_view(tree):
    """(name, x of its text, the list item) of each row in view, top to bottom."""
    tx, ty, tw, th = tree.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
    rows = []
    for item in find_all(tree, pyatspi.ROLE_LIST_ITEM):
        labels = [c for c in find_all(item, pyatspi.ROLE_LABEL) if c.name]
        if not item.name or not labels:
            continue
        x, y, w, h = labels[0].queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
        if h > 0 and y >= ty and y + h <= ty + th:
            rows.append((y, item.name, x, item))
    rows.sort(key=lambda r: r[0])
    return [(name, x, item) for _, name, x, item in rows], (tx, tw)


def run(app_process):
    app = find_app(app_process)
    frame = wait_for('the window', lambda: find(app, pyatspi.ROLE_FRAME, pattern=r'^step 0: '))
    tree = wait_for('the session tree', lambda: find(frame, pyatspi.ROLE_LIST, 'Session tree'))
    leaf = 'user: side %d.0: ' % (N_STEPS - 1)
    wait_for('the leaf selected', lambda: (selected_name(tree) or '').startswith(leaf))

    # the rows in view: the active chain, each entry a branch point, one level deeper each row
    (rows, (tree_x, tree_w)) = wait_for('rows in view', lambda: (rows_in_view(tree)
                                                                 if len(rows_in_view(tree)[0]) >= 8 else None))
    log('rows in view:', len(rows), [(name[:24], x) for name, x, _ in rows[:4]], '…')
    steps = [b[1] - a[1] for a, b in zip(rows, rows[1:]) if b[0].startswith(('user: step', 'assistant: step'))]
    if not steps or min(steps) < 6:
        fail('rows one level apart are drawn %s pixels apart' % steps)
    if max(x for _, x, _ in rows) > tree_x + tree_w * 0.7:
        fail('a row 300 levels down starts at %d of a tree %d wide' % (max(x for _, x, _ in rows) - tree_x, tree_w))

    # the path bar: the way to the selection, the rows scrolled off to the left described so
    bar = wait_for('the path bar', lambda: find(frame, pyatspi.ROLE_PANEL, 'Path to the selected entry')
                   or find(frame, pyatspi.ROLE_GROUPING, 'Path to the selected entry'))
    buttons = wait_for('its buttons', lambda: [b for b in find_all(bar, pyatspi.ROLE_PUSH_BUTTON) if b.name] or None)
    names = [b.name for b in buttons]
    log('path bar:', [n[:20] for n in names])
    if not names[-1].startswith(leaf):
        fail('the path bar ends at %r, not at the selection' % names[-1])
    off = [b for b in buttons if (b.description or '') == 'Scrolled off to the left']
    if not off:
        fail('no button of the path bar is described as scrolled off: %r' % [b.description for b in buttons])
    if buttons.index(off[-1]) != len(off) - 1:
        fail('the rows scrolled off are not the first buttons')

    # a click on a button selects its row
    target = off[-1]
    target_name = target.name     # the bar is made anew once the selection moves
    do_action(target, 'click')
    wait_for('the row of the button selected', lambda: selected_name(tree) == target_name)
    log('clicked:', target_name[:40])

    # Alt+Up: the row it hangs under (a row in view one column left)
    x, y, w, h = frame.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
    pyatspi.Registry.generateMouseEvent(x + w // 4, y + h // 2, 'abs')
    time.sleep(0.3)
    do_action(frame, 'win.tree')
    press('End')
    wait_for('the last row selected', lambda: selected_name(tree) is not None)
    press('Up')
    before = wait_for('a row selected', lambda: selected_name(tree))
    press('Up', ('alt',))
    after = wait_for('another row selected', lambda: (selected_name(tree) if selected_name(tree) != before else None))
    log('Alt+Up:', before[:30], '→', after[:30])
    rows, _ = rows_in_view(tree)
    xs = {name: x for name, x, _ in rows}
    if before in xs and after in xs and not xs[after] < xs[before]:
        fail('Alt+Up went to %r, not to a row left of %r' % (after, before))


if __name__ == '__main__':
    main()

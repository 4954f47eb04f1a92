# atspi_util.py — what the AT-SPI tests share: the accessibility bus, finding widgets as a
# screen reader sees them, and synthesized keys
#
# Copyright 2026 The Ramo authors
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Importing it checks for a display (exit 77, skipped, without one) and, without a session bus,
# runs the importing script again under dbus-run-session.

import json
import os
import re
import shutil
import subprocess
import sys
import time

SKIP = 77
TIMEOUT = 30.0


def log(*args):
    print('#', *args, flush=True)


def fail(message):
    print('not ok -', message, flush=True)
    raise SystemExit(1)


if not os.environ.get('DISPLAY') and not os.environ.get('WAYLAND_DISPLAY'):
    print('no display: skipping the AT-SPI test (run it under xvfb-run)')
    sys.exit(SKIP)

if not os.environ.get('DBUS_SESSION_BUS_ADDRESS') and not os.environ.get('RAMO_ATSPI_REEXEC'):
    os.environ['RAMO_ATSPI_REEXEC'] = '1'
    os.execvp('dbus-run-session', ['dbus-run-session', '--', sys.executable] + sys.argv)

try:
    import gi
    gi.require_version('Atspi', '2.0')
    import pyatspi
    from gi.repository import Atspi
except (ImportError, ValueError) as error:
    fail('pyatspi is missing (apt install python3-pyatspi): %s' % error)


def wait_for(what, condition, timeout=TIMEOUT):
    """Polls condition() until it returns something true; fails after timeout seconds."""
    end = time.monotonic() + timeout
    last_error = None
    while time.monotonic() < end:
        try:
            value = condition()
            if value:
                return value
        except Exception as error:      # objects come and go while GTK rebuilds rows
            last_error = error
        time.sleep(0.1)
    fail('timed out waiting for %s%s' % (what, ' (%s)' % last_error if last_error else ''))


def ensure_accessibility_bus():
    """The a11y bus normally comes by D-Bus activation; start it by hand if it cannot."""
    probe = subprocess.run(['dbus-send', '--session', '--print-reply', '--dest=org.a11y.Bus', '/org/a11y/bus',
                            'org.a11y.Bus.GetAddress'], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                           timeout=20)
    if probe.returncode == 0:
        return None
    for launcher in ('/usr/libexec/at-spi-bus-launcher', '/usr/lib/at-spi2-core/at-spi-bus-launcher'):
        if os.path.exists(launcher):
            log('starting', launcher)
            process = subprocess.Popen([launcher, '--launch-immediately'])
            time.sleep(1)
            return process
    fail('no accessibility bus: install at-spi2-core')


def descendants(node, depth=0):
    if depth > 60:
        return
    try:
        count = node.childCount
    except Exception:
        return
    for i in range(count):
        try:
            child = node.getChildAtIndex(i)
        except Exception:
            continue
        if child is None:
            continue
        yield child
        yield from descendants(child, depth + 1)


def find(node, role=None, name=None, pattern=None):
    for child in descendants(node):
        try:
            if role is not None and child.getRole() != role:
                continue
            if name is not None and child.name != name:
                continue
            if pattern is not None and not re.search(pattern, child.name or ''):
                continue
        except Exception:
            continue
        return child
    return None


def find_all(node, role=None):
    result = []
    for child in descendants(node):
        try:
            if role is None or child.getRole() == role:
                result.append(child)
        except Exception:
            pass
    return result


KEYSYMS = {'Control_L': 0xffe3, 'Shift_L': 0xffe1, 'Escape': 0xff1b, 'Return': 0xff0d, 'Home': 0xff50,
           'Down': 0xff54, 'space': 0x20, 'minus': 0x2d, 'KP_Add': 0xffab, 'Right': 0xff53,
           'Up': 0xff52, 'Left': 0xff51, 'End': 0xff57}


def keysym(name):
    return KEYSYMS[name] if name in KEYSYMS else ord(name)


def press(keyname, modifiers=()):
    """Presses a key (X keysym name) with modifiers held, through the registry (XTest)."""
    # X modifier masks: ShiftMask, ControlMask, Mod1Mask (Alt), held by the registry around the key
    mask = sum({'shift': 1 << 0, 'ctrl': 1 << 2, 'alt': 1 << 3}[m] for m in modifiers)
    if mask:
        Atspi.generate_keyboard_event(mask, None, Atspi.KeySynthType.LOCKMODIFIERS)
    pyatspi.Registry.generateKeyboardEvent(keysym(keyname), None, pyatspi.KEY_SYM)
    if mask:
        Atspi.generate_keyboard_event(mask, None, Atspi.KeySynthType.UNLOCKMODIFIERS)
    time.sleep(0.15)


def type_text(text):
    for ch in text:
        if ch == ' ':
            press('space')
        elif ch == '-':
            press('minus')
        else:
            pyatspi.Registry.generateKeyboardEvent(0, ch, pyatspi.KEY_STRING)
            time.sleep(0.05)
    time.sleep(0.3)


def do_action(node, action_name):
    action = node.queryAction()
    for i in range(action.nActions):
        if action.getName(i) == action_name:
            return action.doAction(i)
    fail('%s has no action %s (it has %s)' % (node.name, action_name,
                                               [action.getName(i) for i in range(action.nActions)]))


def row_texts(tree):
    """What a screen reader reads for each row of the tree: the labels inside each list item."""
    rows = []
    for item in find_all(tree, pyatspi.ROLE_LIST_ITEM):
        labels = [child.name for child in find_all(item, pyatspi.ROLE_LABEL) if child.name]
        if labels:
            rows.append(' '.join(labels))
    return rows


def is_focused(node):
    try:
        return node.getState().contains(pyatspi.STATE_FOCUSED)
    except Exception:
        return False


def read_lines(path):
    with open(path, encoding='utf-8') as f:
        return [json.loads(line) for line in f if line.strip()]




def find_app(app_process, name='ramo'):
    """The application on the accessibility bus, once the process shows up there."""
    desktop = pyatspi.Registry.getDesktop(0)

    def look():
        if app_process.poll() is not None:
            fail('%s exited with %s' % (name, app_process.returncode))
        for i in range(desktop.childCount):
            app = desktop.getChildAtIndex(i)
            if app is not None and app.name == name:
                return app
        return None

    return wait_for('%s on the accessibility bus' % name, look)


def text_of(node):
    """The text of a text widget or label, as a screen reader reads it."""
    text = node.queryText()
    return text.getText(0, text.characterCount)


def app_env(work, schema_dir, settings=''):
    """The environment of a ramo under test: its own home, settings in a key file."""
    config = os.path.join(work, 'config')
    os.makedirs(os.path.join(config, 'glib-2.0', 'settings'), exist_ok=True)
    with open(os.path.join(config, 'glib-2.0', 'settings', 'keyfile'), 'w') as f:
        f.write("[io/github/ramo/Ramo]\nremembered-summary-choice='none'\n" + settings)
    env = dict(os.environ)
    for name in ('NO_AT_BRIDGE', 'GTK_A11Y'):
        env.pop(name, None)
    env.update({'HOME': work, 'XDG_CONFIG_HOME': config, 'XDG_CACHE_HOME': os.path.join(work, 'cache'),
                'GSETTINGS_BACKEND': 'keyfile', 'GSETTINGS_SCHEMA_DIR': schema_dir,
                'LANGUAGE': 'C', 'LC_ALL': 'C.UTF-8', 'GDK_BACKEND': 'x11'})
    return env


def selected_name(tree):
    """The name of the tree's selected row, or None."""
    for item in find_all(tree, pyatspi.ROLE_LIST_ITEM):
        try:
            if item.name and item.getState().contains(pyatspi.STATE_SELECTED):
                return item.name
        except Exception:
            continue
    return None


def click(node, button='b1c', settle=0.3):
    """A click as a person's: the pointer on the middle of it, the button pressed; then waits
    settle seconds."""
    x, y, width, height = node.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
    pyatspi.Registry.generateMouseEvent(x + width // 2, y + height // 2, button)
    time.sleep(settle)


def run_app(ramo, session, work, env, run):
    """Starts ramo on session (with an accessibility bus), calls run(app_process), then stops
    ramo and the bus and removes work, whatever run did."""
    bus_launcher = ensure_accessibility_bus()
    app_process = subprocess.Popen([ramo, session], env=env)
    try:
        run(app_process)
    finally:
        stop_app(app_process)
        if bus_launcher:
            bus_launcher.terminate()
        shutil.rmtree(work, ignore_errors=True)


def stop_app(app_process):
    app_process.terminate()
    try:
        app_process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        app_process.kill()

#!/usr/bin/python3
# test-atspi-agent.py — continuing a conversation from Ramo's window, as a person does it
#
# Copyright 2026 The Ramo authors
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Starts the real `ramo` on a session whose folder exists, with the real pi 1.6.0 (installed by
# tests/compat/install-agents.sh) as its agent and a loopback streaming LLM written here
# (OpenAI-compatible server-sent events) configured through pi's own models.json and
# settings.json in a temporary PI_CODING_AGENT_DIR. Then, only through the accessibility bus
# and synthesized input: types into the editor, presses Send, waits for the reply to be read
# out in the tree and for pi's entries in the file; sends again, and presses Stop while the
# reply streams.
#
#   test-atspi-agent.py RAMO_BINARY SOURCE_DIR SCHEMA_DIR

import http.server
import json
import os
import shlex
import shutil
import subprocess
import sys
import tempfile
import threading

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from atspi_util import (app_env, click, ensure_accessibility_bus, fail, find, find_all, find_app, log,  # noqa: E402
                        pyatspi, read_lines, row_texts, stop_app, text_of, type_text, wait_for)

SKIP = 77
TIMEOUT = 60.0
REPLY_DESCRIPTION = "The agent's reply as it streams in"


class Llm(http.server.ThreadingHTTPServer):
    """OpenAI's chat completions with `stream: true`: each request takes the next scripted reply,
    a list of text pieces; a reply marked `hold` stops after its first piece until released."""

    daemon_threads = True

    def __init__(self):
        super().__init__(('127.0.0.1', 0), LlmHandler)
        self.replies = []
        self.requests = []
        self.release = threading.Event()
        self.holding = threading.Event()


class LlmHandler(http.server.BaseHTTPRequestHandler):
    protocol_version = 'HTTP/1.1'

    def log_message(self, *args):
        pass

    def chunk(self, delta, finish=None):
        event = {'id': 'chatcmpl-ramo', 'object': 'chat.completion.chunk', 'created': 0, 'model': 'fake-model',
                 'choices': [{'index': 0, 'delta': delta, 'finish_reason': finish}]}
        data = ('data: %s\n\n' % json.dumps(event)).encode()
        self.wfile.write(b'%x\r\n%s\r\n' % (len(data), data))
        self.wfile.flush()

    def do_POST(self):
        body = json.loads(self.rfile.read(int(self.headers['Content-Length'])))
        self.server.requests.append(body)
        reply = self.server.replies.pop(0) if self.server.replies else {'pieces': ['(no reply scripted)']}
        self.send_response(200)
        self.send_header('Content-Type', 'text/event-stream')
        self.send_header('Transfer-Encoding', 'chunked')
        self.end_headers()
        try:
            self.chunk({'role': 'assistant', 'content': ''})
            for i, piece in enumerate(reply['pieces']):
                self.chunk({'content': piece})
                if reply.get('hold') and i == 0:
                    self.server.holding.set()
                    self.server.release.wait(TIMEOUT)
            self.chunk({}, 'stop')
            data = b'data: [DONE]\n\n'
            self.wfile.write(b'%x\r\n%s\r\n0\r\n\r\n' % (len(data), data))
            self.wfile.flush()
        except (BrokenPipeError, ConnectionResetError):
            pass      # pi hung up on a reply it aborted


def pi_command():
    agents = os.environ.get('RAMO_AGENTS_DIR') or os.path.join(os.path.expanduser('~'), '.cache', 'ramo-agents')
    pi_dir = os.path.join(agents, 'pi16')
    node = os.path.join(pi_dir, 'node_modules', '.bin', 'node')
    cli = os.path.join(pi_dir, 'node_modules', '@earendil-works', 'pi-coding-agent', 'dist', 'bundle', 'cli.js')
    if not (os.access(node, os.X_OK) and os.path.isfile(cli)):
        return None
    return '%s %s' % (shlex.quote(node), shlex.quote(cli))


def write_session(path, project):
    lines = [
        {'type': 'session', 'version': 3, 'id': '5e550000-0000-4000-8000-00000000a11e',
         'timestamp': '2026-12-01T10:00:00.000Z', 'cwd': project},
        {'type': 'message', 'id': 'a0000001', 'parentId': None, 'timestamp': '2026-12-01T10:00:01.000Z',
         'message': {'role': 'user', 'content': [{'type': 'text', 'text': 'Where do we start?'}],
                     'timestamp': 1764583201000}},
        {'type': 'message', 'id': 'a0000002', 'parentId': 'a0000001', 'timestamp': '2026-12-01T10:00:02.000Z',
         'message': {'role': 'assistant', 'content': [{'type': 'text', 'text': 'With the tests.'}],
                     'api': 'openai-completions', 'provider': 'ramo-test', 'model': 'fake-model',
                     'usage': {'input': 1, 'output': 1, 'cacheRead': 0, 'cacheWrite': 0, 'totalTokens': 2,
                               'cost': {'input': 0, 'output': 0, 'cacheRead': 0, 'cacheWrite': 0, 'total': 0}},
                     'stopReason': 'stop', 'timestamp': 1764583202000}},
    ]
    with open(path, 'w', encoding='utf-8') as f:
        for line in lines:
            f.write(json.dumps(line, separators=(',', ':')) + '\n')


def main():
    if len(sys.argv) != 4:
        fail('usage: test-atspi-agent.py RAMO_BINARY SOURCE_DIR SCHEMA_DIR')
    ramo, source_dir, schema_dir = sys.argv[1:]
    command = pi_command()
    if command is None:
        print('pi 1.6.0 is not installed (tests/compat/install-agents.sh): skipping')
        sys.exit(SKIP)

    llm = Llm()
    threading.Thread(target=llm.serve_forever, daemon=True).start()

    work = tempfile.mkdtemp(prefix='ramo-atspi-agent-')
    project = os.path.join(work, 'project')
    agent_dir = os.path.join(work, 'agent-dir')
    os.makedirs(project)
    os.makedirs(agent_dir)
    with open(os.path.join(agent_dir, 'models.json'), 'w') as f:
        json.dump({'providers': {'ramo-test': {
            'baseUrl': 'http://127.0.0.1:%d/v1' % llm.server_address[1], 'api': 'openai-completions',
            'apiKey': 'not-a-real-key',
            'models': [{'id': 'fake-model', 'name': 'Fake model', 'reasoning': False, 'input': ['text'],
                        'contextWindow': 128000, 'maxTokens': 4096,
                        'cost': {'input': 0, 'output': 0, 'cacheRead': 0, 'cacheWrite': 0}}]}}}, f)
    with open(os.path.join(agent_dir, 'settings.json'), 'w') as f:
        json.dump({'defaultProvider': 'ramo-test', 'defaultModel': 'fake-model', 'quietStartup': True,
                   'retry': {'enabled': False}}, f)
    session = os.path.join(work, 'session.jsonl')
    write_session(session, project)

    env = app_env(work, schema_dir)
    env.update({'RAMO_PI_COMMAND': command, 'PI_CODING_AGENT_DIR': agent_dir, 'PI_OFFLINE': '1',
                'PI_SKIP_VERSION_CHECK': '1', 'PI_TELEMETRY': '0', 'no_proxy': '127.0.0.1,localhost',
                'NO_PROXY': '127.0.0.1,localhost'})
    for name in ('http_proxy', 'https_proxy', 'HTTP_PROXY', 'HTTPS_PROXY', 'OPENAI_API_KEY', 'RAMO_AGENT_EXTENSION'):
        env.pop(name, None)

    bus_launcher = ensure_accessibility_bus()
    app_process = subprocess.Popen([ramo, session], env=env)
    try:
        run(app_process, session, llm)
    finally:
        llm.release.set()
        stop_app(app_process)
        llm.shutdown()
        if bus_launcher:
            bus_launcher.terminate()
        shutil.rmtree(work, ignore_errors=True)
    print('ok - a conversation continued from ramo, through AT-SPI')


def run(app_process, session, llm):
    app = find_app(app_process)
    frame = wait_for('the window', lambda: find(app, pyatspi.ROLE_FRAME))
    tree = wait_for('the session tree', lambda: find(frame, pyatspi.ROLE_LIST, 'Session tree'))
    wait_for('the rows', lambda: 'assistant: With the tests.' in row_texts(tree))
    editor = wait_for('the editor', lambda: find(frame, pyatspi.ROLE_TEXT, 'Editor'))
    send = wait_for('the Send button', lambda: find(frame, pyatspi.ROLE_PUSH_BUTTON, 'Send'))

    # type into the editor and press Send
    llm.replies.append({'pieces': ['Hello back ', 'from the loopback model.']})
    click(editor)
    type_text('Hello from AT-SPI')
    wait_for('the typed text', lambda: text_of(editor) == 'Hello from AT-SPI')
    click(send)

    wait_for('the reply read out in the tree',
             lambda: 'assistant: Hello back from the loopback model.' in row_texts(tree), TIMEOUT)
    lines = read_lines(session)
    user = [line for line in lines if line.get('type') == 'message' and line['message']['role'] == 'user'][-1]
    answer = lines[-1]
    log('pi wrote:', user['id'], '->', answer['id'])
    # under the leaf, past what pi 1.6.0 records when it starts (its thinking level, model and
    # system prompt)
    by_id = {line.get('id'): line for line in lines}
    parent = by_id.get(user['parentId'])
    while parent and (parent['type'] in ('model_change', 'thinking_level_change') or
                      (parent['type'] == 'message' and parent['message']['role'] == 'system')):
        parent = by_id.get(parent['parentId'])
    if parent is None or parent['id'] != 'a0000002' or answer.get('parentId') != user['id']:
        fail('the new entries hang elsewhere: %r' % [(line.get('type'), line.get('id'), line.get('parentId')) for line in lines])
    if answer['message']['content'][0]['text'] != 'Hello back from the loopback model.':
        fail('pi wrote %r' % answer)
    if text_of(editor) != '':
        fail('the editor still holds %r' % text_of(editor))
    request = llm.requests[-1]['messages']
    if not any('Where do we start?' in json.dumps(m) for m in request) or 'Hello from AT-SPI' not in json.dumps(request[-1]):
        fail('the model was sent %r' % request)

    # a second message, stopped while it streams
    llm.replies.append({'pieces': ['Once upon', ' a time, far away.'], 'hold': True})
    click(editor)
    type_text('Tell me a long story')
    click(send)
    wait_for('the reply to stream', lambda: llm.holding.is_set(), TIMEOUT)
    # the reply as it streams: a label described as such (GTK 4.8 names a label by its text)
    def reply_label():
        for label in find_all(frame, pyatspi.ROLE_LABEL):
            if label.description == REPLY_DESCRIPTION:
                return label
        return None
    reply = wait_for('the streamed reply', reply_label)
    wait_for('the first piece read out', lambda: 'Once upon' in text_of(reply))
    log('streamed so far:', text_of(reply))
    stop = wait_for('the Stop button', lambda: find(frame, pyatspi.ROLE_PUSH_BUTTON, 'Stop'))
    if find(frame, pyatspi.ROLE_PUSH_BUTTON, 'Steer') is None:
        fail('while pi answers, Send is not named after what it does (Steer)')
    click(stop)

    def aborted():
        last = read_lines(session)[-1]
        return last.get('type') == 'message' and last['message'].get('stopReason') == 'aborted' and last
    last = wait_for('pi to record the aborted turn', aborted, TIMEOUT)
    log('aborted turn:', last['id'])
    llm.release.set()
    wait_for('Send back once stopped', lambda: find(frame, pyatspi.ROLE_PUSH_BUTTON, 'Send'))


if __name__ == '__main__':
    main()

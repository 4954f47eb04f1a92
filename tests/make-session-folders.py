#!/usr/bin/python3
# make-session-folders.py HOME N [--seed S]
#
# Writes N pi session files under HOME/.pi/agent/sessions, one folder per project as pi does,
# for measuring the session browser: sizes from a few KB to about 1 MB (tool results make most
# of a real session's bytes), some branches, some names, some branched sessions.
import json, os, random, sys, uuid, datetime

def main():
    home = sys.argv[1]
    n = int(sys.argv[2])
    rng = random.Random(int(sys.argv[4]) if len(sys.argv) > 4 else 7)
    root = os.path.join(home, '.pi', 'agent', 'sessions')
    projects = ['/home/user/projects/p%03d' % i for i in range(max(1, n // 20))]
    start = datetime.datetime(2026, 1, 1, tzinfo=datetime.timezone.utc)
    written = []
    words = ('parser cache weather api refactor tests build flaky timeout retry schema json '
             'migration window tree branch label summary docs release bug fix').split()
    for i in range(n):
        cwd = rng.choice(projects)
        folder = os.path.join(root, '--' + cwd.strip('/').replace('/', '-') + '--')
        os.makedirs(folder, exist_ok=True)
        when = start + datetime.timedelta(minutes=37 * i)
        sid = str(uuid.UUID(int=rng.getrandbits(128)))
        path = os.path.join(folder, when.strftime('%Y-%m-%dT%H-%M-%S-000Z') + '_' + sid + '.jsonl')
        header = {'type': 'session', 'version': 3, 'id': sid, 'timestamp': when.isoformat().replace('+00:00', 'Z'), 'cwd': cwd}
        if written and rng.random() < 0.05:
            header['parentSession'] = rng.choice(written)
        lines = [header]
        # a long tail of sizes: most sessions are short, a few are long
        turns = min(200, int(rng.paretovariate(1.2) * 4))
        parent = None
        ids = []
        t = when
        def entry(kind, **fields):
            nonlocal parent, t
            t += datetime.timedelta(seconds=rng.randint(1, 90))
            eid = '%08x' % rng.getrandbits(32)
            e = {'type': kind, 'id': eid, 'parentId': parent, 'timestamp': t.isoformat().replace('+00:00', 'Z')}
            e.update(fields)
            lines.append(e)
            parent = eid
            ids.append(eid)
            return eid
        if rng.random() < 0.3:
            entry('session_info', name=' '.join(rng.choice(words) for _ in range(4)).capitalize())
        entry('model_change', provider='anthropic', modelId='claude-sonnet-4-5')
        for k in range(turns):
            if k > 2 and rng.random() < 0.08:
                parent = rng.choice(ids)       # a branch: go back and continue elsewhere
            text = ' '.join(rng.choice(words) for _ in range(rng.randint(5, 40)))
            entry('message', message={'role': 'user', 'content': text, 'timestamp': 1})
            for _ in range(rng.randint(0, 3)):
                call = 'call_%d' % rng.getrandbits(30)
                entry('message', message={'role': 'assistant', 'content': [{'type': 'toolCall', 'id': call, 'name': 'read', 'arguments': {'path': '/src/x.c'}}], 'provider': 'anthropic', 'model': 'claude-sonnet-4-5', 'stopReason': 'toolUse', 'timestamp': 2})
                body = ('int main (void) { return 0; }\n' * rng.randint(5, 150))
                entry('message', message={'role': 'toolResult', 'toolCallId': call, 'toolName': 'read', 'content': [{'type': 'text', 'text': body}], 'isError': False, 'timestamp': 3})
            entry('message', message={'role': 'assistant', 'content': [{'type': 'text', 'text': text * 3}], 'provider': 'anthropic', 'model': 'claude-sonnet-4-5', 'stopReason': 'stop', 'timestamp': 4})
        with open(path, 'w') as f:
            for line in lines:
                f.write(json.dumps(line, separators=(',', ':')) + '\n')
        mtime = when.timestamp()
        os.utime(path, (mtime, mtime))
        written.append(path)

main()

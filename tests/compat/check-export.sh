#!/usr/bin/env bash
# `ramo-session export FILE --leaf ID --markdown` against pi 1.6.0's own getBranch(ID).
#
#   tests/compat/check-export.sh RAMO_SESSION
#
# Sessions pi 1.6.0's own SessionManager writes (gen-pi16.mjs: branches, summaries,
# compactions, tool calls, labels, several roots); for every leaf of each, the Markdown export
# has one section per entry of pi's branch, in pi's order: its id, and the heading its type and
# role give. Exit status 0 when every export matches, 1 otherwise, 77 without the agents.

set -euo pipefail

HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/compat-lib.sh"
compat_ramo_binary "${1:?usage: $0 RAMO_SESSION}"
compat_need_agents

TMP=$(mktemp -d "${TMPDIR:-/tmp}/ramo-export.XXXXXX")
trap 'rm -rf "$TMP"' EXIT

"$NODE" "$HERE/gen-pi16.mjs" "$TMP/sessions" --seed 2020 > "$TMP/files" 2>/dev/null
i=0
while read -r f; do
    i=$((i + 1))
    cp "$f" "$TMP/copy-$i.jsonl"
    "$NODE" "$HERE/pi16-branch.mjs" "$TMP/copy-$i.jsonl" > "$TMP/branches-$i.jsonl"
    echo "$f $TMP/branches-$i.jsonl"
done < "$TMP/files" > "$TMP/pairs"

exec python3 - "$RAMO" "$TMP/pairs" <<'PY'
import json, re, subprocess, sys

ramo, pairs = sys.argv[1], sys.argv[2]
TITLES = {"user": "User", "assistant": "Assistant", "toolResult": "Tool result", "bashExecution": "Command",
          "custom": "Custom message", "system": "System", "compaction": "Compaction",
          "branch_summary": "Branch summary", "custom_message": "Custom message",
          "model_change": "Model change", "thinking_level_change": "Thinking level", "label": "Label",
          "session_info": "Session name", "context_edit": "Context edit", "usage": "Usage"}
checked = failed = 0
for line in open(pairs):
    path, branches = line.split()
    for b in open(branches):
        b = json.loads(b)
        md = subprocess.run([ramo, "export", path, "--leaf", b["leaf"], "--markdown"],
                            capture_output=True, text=True, check=True).stdout
        lines = md.splitlines()
        got = []
        for k, l in enumerate(lines):
            m = re.match(r"^## (\d+)\. (.*)$", l)
            if m and k + 2 < len(lines):
                e = re.match(r"^Entry `([^`]*)`", lines[k + 2])
                got.append((int(m.group(1)), m.group(2), e.group(1) if e else None))
        want = []
        for n, (id, type, role) in enumerate(b["branch"], 1):
            title = "Custom entry" if type == "custom" else TITLES[role if type == "message" else type]
            want.append((n, title, id))
        got = [(n, re.split(r" · | \(error\)", t)[0], id) for n, t, id in got]
        head = re.search(r": (\d+) entr", md)
        checked += 1
        if got != want or not head or int(head.group(1)) != len(want):
            failed += 1
            print("not ok - %s --leaf %s:\n  ramo %r\n  pi   %r" % (path, b["leaf"], got[:5], want[:5]))
print("%s - %d exports against pi 1.6.0's getBranch, %d different" % ("ok" if not failed else "not ok", checked, failed))
sys.exit(1 if failed or checked == 0 else 0)
PY

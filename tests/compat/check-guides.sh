#!/usr/bin/env bash
# The window's tree guides and indentation against pi 1.6.0's own /tree rows.
#
#   tests/compat/check-guides.sh TEST_WINDOW_GUIDES [FILES...]
#
# For each session (data/examples/*.jsonl, ../shared/fixtures/real/*.jsonl when present, and
# sessions bench/make-session.py generates: combs, every entry a branch point, hundreds of levels
# deep, and a coding session with branches back), dumps pi 1.6.0's rows of the default filter
# (pi16-dump.mjs rows FILE default, under pi's Node 22) and runs the GTK test
# TEST_WINDOW_GUIDES SESSION ROWS…, which checks every row in view at several scroll positions.
# Exit status: the test's; 77 when the agents are not installed.

set -euo pipefail

if [ $# -lt 1 ]; then
    echo "usage: $0 TEST_WINDOW_GUIDES [FILES...]" >&2
    exit 2
fi
TEST=$1
shift

HERE=$(cd "$(dirname "$0")" && pwd)
REPO=$(cd "$HERE/../.." && pwd)

. "$HERE/compat-lib.sh"
compat_need_agents

TMP=$(mktemp -d "${TMPDIR:-/tmp}/ramo-guides.XXXXXX")
trap 'rm -rf "$TMP"' EXIT

files=("$REPO"/data/examples/*.jsonl)
for f in "$REPO"/../shared/fixtures/real/*.jsonl; do
    [ -f "$f" ] && files+=("$f")
done
python3 "$REPO/bench/make-session.py" comb 400 "$TMP/comb-400.jsonl" >/dev/null
python3 "$REPO/bench/make-session.py" comb 150 "$TMP/comb-150-side-3.jsonl" --side 3 >/dev/null
python3 "$REPO/bench/make-session.py" session 4000 "$TMP/session-4000.jsonl" --seed 7 >/dev/null
files+=("$TMP/comb-400.jsonl" "$TMP/comb-150-side-3.jsonl" "$TMP/session-4000.jsonl" "$@")

args=()
i=0
for f in "${files[@]}"; do
    i=$((i + 1))
    # pi reads a private copy (it rewrites files it migrates)
    cp "$f" "$TMP/copy-$i.jsonl"
    "$NODE" "$HERE/pi16-dump.mjs" rows "$TMP/copy-$i.jsonl" default > "$TMP/rows-$i.json"
    args+=("$f" "$TMP/rows-$i.json")
done

exec "$TEST" "${args[@]}"

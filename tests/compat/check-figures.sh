#!/usr/bin/env bash
# `ramo-session stats` (the figures of the session and of every branch) against the agents.
#
#   tests/compat/check-figures.sh RAMO_SESSION_BINARY
#
# pi 1.6.0 (figures-check.mjs): the session's totals against pi's own `get_session_stats` over
# RPC, the figures of the session and of each branch against those computed from pi's parsed
# entries and tree; on data/examples/*.jsonl, tests/compat/cases/pi16/*.jsonl, the sessions
# gen-pi16.mjs and gen-dupids.mjs write (ids on several lines: every line counts in the
# session, as in pi), and two of bench/make-session.py (a coding session, a comb of branches).
# oh-my-pi 18.2.3 (figures-omp.ts): the same figures against oh-my-pi's parsed entries and
# tree (its `model_usage` entries included), on the sessions gen-omp.ts writes and
# tests/compat/cases/omp*/*.jsonl.
# Prints `ok:`/`FAIL:` lines, then `N passed, M failed`. Exit status: 0 all passed, 1 some
# failed, 2 usage error, 77 agents unavailable.

set -u

if [ $# -ne 1 ]; then
    echo "usage: $0 RAMO_SESSION_BINARY" >&2
    exit 2
fi
. "$(dirname "$0")/compat-lib.sh"
compat_ramo_binary "$1"

HERE=$(cd "$(dirname "$0")" && pwd)
REPO=$(cd "$HERE/../.." && pwd)

compat_need_agents
BUN="$RAMO_AGENTS_DIR/omp/node_modules/.bin/bun"

TMP=$(mktemp -d "${TMPDIR:-/tmp}/ramo-figures.XXXXXX")
trap 'rm -rf "$TMP"' EXIT
# oh-my-pi writes under HOME; Bun reads it once, at its start: its runs get a HOME of their own
export RAMO_OMP_BUN="$BUN" RAMO_OMP_HOME="$TMP/omp-home"
BUN="$HERE/omp-bun.sh"
export TMPDIR="$TMP"
LIMIT=${RAMO_COMPAT_TIMEOUT:-300}
PASS=0
FAIL=0

# tally OUT: shows a checker's lines and adds up its counts (a checker that gave none failed)
tally() {
    local out=$1 what=$2 summary
    grep -v ' passed, [0-9]* failed$' "$out"
    summary=$(grep -E '^[0-9]+ passed, [0-9]+ failed$' "$out" | tail -n 1)
    if [ -n "$summary" ]; then
        PASS=$((PASS + ${summary%% *}))
        summary=${summary#* passed, }
        FAIL=$((FAIL + ${summary%% *}))
    else
        echo "FAIL: $what ended without a count: $(head -c 300 "$out.err")"
        FAIL=$((FAIL + 1))
    fi
}

shopt -s nullglob
PI_FILES=("$REPO"/data/examples/*.jsonl "$HERE"/cases/pi16/*.jsonl)
if timeout "$LIMIT" "$NODE" "$HERE/gen-pi16.mjs" "$TMP/gen" >"$TMP/gen.txt" 2>"$TMP/gen.err"; then
    while IFS= read -r f; do PI_FILES+=("$f"); done <"$TMP/gen.txt"
else
    echo "FAIL: gen-pi16.mjs: $(head -c 300 "$TMP/gen.err")"
    FAIL=$((FAIL + 1))
fi
if timeout "$LIMIT" "$NODE" "$HERE/gen-dupids.mjs" "$TMP/dupids" >"$TMP/dupids.txt" 2>"$TMP/dupids.err"; then
    while IFS= read -r f; do PI_FILES+=("$f"); done <"$TMP/dupids.txt"
else
    echo "FAIL: gen-dupids.mjs: $(head -c 300 "$TMP/dupids.err")"
    FAIL=$((FAIL + 1))
fi
if python3 "$REPO/bench/make-session.py" session 4000 "$TMP/bench-session.jsonl" >/dev/null &&
   python3 "$REPO/bench/make-session.py" comb 300 "$TMP/bench-comb.jsonl" --side 2 >/dev/null; then
    PI_FILES+=("$TMP/bench-session.jsonl" "$TMP/bench-comb.jsonl")
else
    echo "FAIL: bench/make-session.py"
    FAIL=$((FAIL + 1))
fi

for f in "${PI_FILES[@]}"; do
    out="$TMP/check.out"
    timeout "$LIMIT" "$NODE" "$HERE/figures-check.mjs" "$RAMO" "$f" "$(basename "$f")" >"$out" 2>"$out.err" </dev/null
    tally "$out" "figures-check.mjs $(basename "$f")"
done

OMP_FILES=("$HERE"/cases/omp/*.jsonl "$HERE"/cases/omp-core/*.jsonl)
if timeout "$LIMIT" "$BUN" "$HERE/gen-omp.ts" "$TMP/omp" >"$TMP/omp.txt" 2>"$TMP/omp.err"; then
    while IFS= read -r f; do OMP_FILES+=("$f"); done <"$TMP/omp.txt"
else
    echo "FAIL: gen-omp.ts: $(head -c 300 "$TMP/omp.err")"
    FAIL=$((FAIL + 1))
fi
out="$TMP/omp.out"
timeout "$LIMIT" "$BUN" "$HERE/figures-omp.ts" "$RAMO" "${OMP_FILES[@]}" >"$out" 2>"$out.err" </dev/null
tally "$out" "figures-omp.ts"

echo "$PASS passed, $FAIL failed"
[ "$FAIL" -eq 0 ]

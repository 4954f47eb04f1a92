#!/usr/bin/env bash
# What the agents and Ramo do with a session file whose header is missing or broken.
#
#   tests/compat/check-headers.sh RAMO_SESSION_BINARY
#
# For each shape (no header, a header cut short, a first line not JSON, another type, no id,
# the header after entries, version-1 entries only, zeros) on private copies: pi 1.6.0 and
# oh-my-pi 18.2.3 refuse to open the file and leave it as it was; pi 0.73.1 replaces it with
# an empty session (its entries lost: it opens with none); `ramo-session tree` shows the entries (exit 0) and
# leaves it as it was. An empty file is given a header by all three agents, and refused by
# Ramo. README's "Rules Ramo keeps" and docs/ARCHITECTURE.md state these results.
#
# Prints `ok:`/`FAIL:` lines, then `N passed, M failed`. Exit status: 0 all passed, 1 some
# failed, 2 usage error, 77 skipped (no node/npm, or the agents could not be installed).

set -u

if [ $# -ne 1 ]; then
    echo "usage: $0 RAMO_SESSION_BINARY" >&2
    exit 2
fi
. "$(dirname "$0")/compat-lib.sh"
compat_ramo_binary "$1"

HERE=$(cd "$(dirname "$0")" && pwd)

compat_need_node
if ! "$HERE/install-agents.sh" >&2; then
    echo "SKIP: the agents could not be installed (install-agents.sh)"
    exit 77
fi
export RAMO_AGENTS_DIR="${RAMO_AGENTS_DIR:-$HOME/.cache/ramo-agents}"
export RAMO_PI_DIR="${RAMO_PI_DIR:-$HOME/.cache/ramo-pi}"
AGENTS=$RAMO_AGENTS_DIR
NODE="$AGENTS/pi16/node_modules/.bin/node"
BUN="$AGENTS/omp/node_modules/.bin/bun"

TMP=$(mktemp -d "${TMPDIR:-/tmp}/ramo-headers.XXXXXX")
trap 'rm -rf "$TMP"' EXIT
export TMPDIR="$TMP"

PASS=0
FAIL=0
ok() { echo "ok: $*"; PASS=$((PASS + 1)); }
bad() { echo "FAIL: $*"; FAIL=$((FAIL + 1)); }

H='{"type":"session","version":3,"id":"s-1","timestamp":"2026-01-05T10:00:00.000Z","cwd":"/tmp"}'
A='{"type":"message","id":"a1","parentId":null,"timestamp":"2026-01-05T10:00:01.000Z","message":{"role":"user","content":"hi"}}'
B='{"type":"message","id":"a2","parentId":"a1","timestamp":"2026-01-05T10:00:02.000Z","message":{"role":"assistant","content":[{"type":"text","text":"yo"}]}}'
V='{"type":"message","timestamp":"2026-01-05T10:00:01.000Z","message":{"role":"user","content":"hi"}}'

mkdir "$TMP/src"
printf '%s\n%s\n' "$A" "$B" >"$TMP/src/missing.jsonl"
printf '%s\n%s\n%s\n' '{"type":"session","version":3,"id":"s-1","time' "$A" "$B" >"$TMP/src/cut-short.jsonl"
printf 'garbage\n%s\n%s\n' "$A" "$B" >"$TMP/src/not-json.jsonl"
printf '%s\n%s\n%s\n' '{"type":"sesion","version":3,"id":"s-1"}' "$A" "$B" >"$TMP/src/wrong-type.jsonl"
printf '%s\n%s\n%s\n' '{"type":"session","version":3,"cwd":"/tmp"}' "$A" "$B" >"$TMP/src/no-id.jsonl"
printf '%s\n%s\n%s\n' "$A" "$H" "$B" >"$TMP/src/late.jsonl"
printf '%s\n%s\n' "$V" "$V" >"$TMP/src/v1-entries.jsonl"
head -c 4096 /dev/zero >"$TMP/src/zeros.jsonl"
: >"$TMP/src/empty.jsonl"

n=0
# agent NAME FILE EXPECTED: the agent's SessionManager.open() on a private copy of FILE
agent() {
    local who=$1 file=$2 want=$3 copy got
    n=$((n + 1))
    mkdir "$TMP/c$n"
    copy="$TMP/c$n/$(basename "$file")"
    cp "$file" "$copy"
    case $who in
        omp) got=$(HOME="$TMP/c$n" timeout 120 "$BUN" "$HERE/header-open-omp.ts" "$copy" 2>/dev/null | tail -n 1) ;;
        *) got=$(HOME="$TMP/c$n" timeout 120 "$NODE" "$HERE/header-open.mjs" "$who" "$copy" 2>/dev/null | tail -n 1) ;;
    esac
    if [ "$got" = "$want" ]; then
        ok "$(basename "$file"): $who: $got"
    else
        bad "$(basename "$file"): $who: '$got', expected '$want'"
    fi
}

for f in "$TMP"/src/*.jsonl; do
    name=$(basename "$f" .jsonl)
    if [ "$name" = empty ]; then
        agent pi16 "$f" "opened 0 changed"
        agent pi073 "$f" "opened 0 changed"
        agent omp "$f" "opened 0 changed"
        if "$RAMO" tree "$f" >/dev/null 2>&1; then bad "empty: ramo-session tree opened it"; else ok "empty: ramo-session refuses it"; fi
        continue
    fi
    agent pi16 "$f" "refused unchanged"
    agent omp "$f" "refused unchanged"
    agent pi073 "$f" "opened 0 changed"

    before=$(md5sum <"$f")
    if [ "$name" = zeros ]; then
        "$RAMO" tree "$f" >/dev/null 2>&1 && bad "zeros: ramo-session opened it" || ok "zeros: ramo-session refuses it"
    elif out=$("$RAMO" tree "$f" 2>/dev/null) && [ "$(printf '%s\n' "$out" | grep -c '^\* ')" = 2 ]; then
        ok "$name: ramo-session shows its 2 entries"
    else
        bad "$name: ramo-session tree: $out"
    fi
    "$RAMO" label "$f" a1 mine >/dev/null 2>&1
    [ "$(md5sum <"$f")" = "$before" ] && ok "$name: ramo-session left it unchanged" || bad "$name: ramo-session changed it"
done

echo "$PASS passed, $FAIL failed"
[ "$FAIL" -eq 0 ]

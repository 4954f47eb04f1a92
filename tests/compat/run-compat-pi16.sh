#!/usr/bin/env bash
# Compare ramo-session with pi 1.6.0 (@earendil-works/pi-coding-agent) on session files.
#
#   tests/compat/run-compat-pi16.sh RAMO_SESSION_BINARY [FILES...]
#
# Installs the agents first (install-agents.sh, which does nothing when they are there), then
# for every file runs pi16-check.mjs under pi 1.6.0's Node 22:
#   read       `info` says the dialect is pi; with `--dialect pi` and without: the tree, the
#              /tree rows of the five filters, the context at the leaf, at root and at many ids
#   writeback  label, extract (one whole chain, = createBranchedSession, resumed by pi 1.6.0
#              and pi 0.73.1 without duplicated lines), navigate --summary (fromId),
#              compact --summary (systemMessage), each read back by pi 1.6.0
# Files: data/examples/*.jsonl, ../shared/fixtures/real/*.jsonl (read only: version-1 files,
# their ids are random), the sessions gen-pi16.mjs writes with pi 1.6.0's SessionManager
# (seed: $RAMO_PI16_SEED, default 1606), tests/compat/cases/pi16/*.jsonl, the files gen-dupids.mjs
# writes (ids on several lines: pi's tree taken with one node per id, one-per-id.mjs), a session
# whose bodies nest 100,000 levels deep (gen-deep.py; read only: pi cannot write it back), the
# child order files of gen-order.mjs (read only, with TZ=Europe/Rome), and FILES.
# Every file is read through private copies. Prints `ok:`/`FAIL:` lines, then `N passed,
# M failed`. Exit status: 0 all passed, 1 some failed, 2 usage error, 77 agents unavailable.

set -u

if [ $# -lt 1 ]; then
    echo "usage: $0 RAMO_SESSION_BINARY [FILES...]" >&2
    exit 2
fi
. "$(dirname "$0")/compat-lib.sh"
compat_ramo_binary "$1"
shift

HERE=$(cd "$(dirname "$0")" && pwd)
REPO=$(cd "$HERE/../.." && pwd)

compat_need_agents

TMP=$(mktemp -d "${TMPDIR:-/tmp}/ramo-compat-pi16.XXXXXX")
trap 'rm -rf "$TMP"' EXIT
# whatever pi or ramo leave behind (also after a timeout) goes in here
export TMPDIR="$TMP"
LIMIT=${RAMO_COMPAT_TIMEOUT:-300}

PASS=0
FAIL=0

# check MODE NAME FILE: runs pi16-check.mjs, shows its lines, adds up its counts
check() {
    local mode=$1 name=$2 file=$3 out="$TMP/check.out" rc=0 summary
    timeout "$LIMIT" "$NODE" "$HERE/pi16-check.mjs" "$mode" "$RAMO" "$file" "$name" >"$out" 2>"$TMP/check.err" </dev/null || rc=$?
    grep -v ' passed, [0-9]* failed$' "$out"
    summary=$(grep -E '^[0-9]+ passed, [0-9]+ failed$' "$out" | tail -n 1)
    if [ -n "$summary" ]; then
        PASS=$((PASS + ${summary%% *}))
        summary=${summary#* passed, }
        FAIL=$((FAIL + ${summary%% *}))
    else
        echo "FAIL: $name: pi16-check.mjs $mode ended with status $rc: $(head -c 300 "$TMP/check.err")"
        FAIL=$((FAIL + 1))
    fi
}

LIST="$TMP/files.txt"
: >"$LIST"
shopt -s nullglob
for f in "$REPO"/data/examples/*.jsonl; do printf 'example:%s\tboth\t%s\n' "$(basename "$f")" "$f" >>"$LIST"; done
real=("$REPO"/../shared/fixtures/real/*.jsonl)
if [ ${#real[@]} -gt 0 ]; then
    for f in "${real[@]}"; do printf 'real:%s\tread\t%s\n' "$(basename "$f")" "$f" >>"$LIST"; done
else
    echo "note: $REPO/../shared/fixtures/real not found, skipping the real fixtures"
fi
if "$NODE" "$HERE/gen-pi16.mjs" "$TMP/gen" >"$TMP/gen.txt" 2>"$TMP/gen.err"; then
    echo "ok: gen-pi16.mjs wrote $(wc -l <"$TMP/gen.txt") files ($(head -n 1 "$TMP/gen.err"))"
    PASS=$((PASS + 1))
    while IFS= read -r f; do printf 'gen:%s\tboth\t%s\n' "$(basename "$f")" "$f" >>"$LIST"; done <"$TMP/gen.txt"
else
    echo "FAIL: gen-pi16.mjs: $(head -c 300 "$TMP/gen.err")"
    FAIL=$((FAIL + 1))
fi
for f in "$HERE"/cases/pi16/*.jsonl; do printf 'case:%s\tboth\t%s\n' "$(basename "$f")" "$f" >>"$LIST"; done
# lines sharing ids (pi's first write twice, R4): pi's tree compared with one node per id
if "$NODE" "$HERE/gen-dupids.mjs" "$TMP/dupids" >"$TMP/dupids.txt" 2>"$TMP/dupids.err"; then
    while IFS= read -r f; do printf 'dupids:%s\tboth\t%s\n' "$(basename "$f")" "$f" >>"$LIST"; done <"$TMP/dupids.txt"
else
    echo "FAIL: gen-dupids.mjs: $(head -c 300 "$TMP/dupids.err")"
    FAIL=$((FAIL + 1))
fi
# child order: V8's Date.parse (legacy forms, local time) and V8's sort with NaN times; read in a
# fixed time zone with summer time, so that local times are tested too
if "$NODE" "$HERE/gen-order.mjs" "$TMP/order" >"$TMP/order.txt" 2>"$TMP/order.err"; then
    echo "ok: gen-order.mjs wrote $(wc -l <"$TMP/order.txt") files"
    PASS=$((PASS + 1))
    while IFS= read -r f; do printf 'order:%s\tread-tz\t%s\n' "$(basename "$f")" "$f" >>"$LIST"; done <"$TMP/order.txt"
else
    echo "FAIL: gen-order.mjs: $(head -c 300 "$TMP/order.err")"
    FAIL=$((FAIL + 1))
fi
# bodies nested 100,000 levels deep: pi reads them (it cannot write them back)
if python3 "$HERE/gen-deep.py" "$TMP/deep-nesting.jsonl" >/dev/null; then
    printf 'gen:deep-nesting.jsonl\tread\t%s\n' "$TMP/deep-nesting.jsonl" >>"$LIST"
else
    echo "FAIL: gen-deep.py"
    FAIL=$((FAIL + 1))
fi
shopt -u nullglob
for f in "$@"; do
    if [ -f "$f" ]; then
        printf 'arg:%s\tboth\t%s\n' "$f" "$(cd "$(dirname "$f")" && pwd)/$(basename "$f")" >>"$LIST"
    else
        echo "FAIL: arg:$f: no such file"
        FAIL=$((FAIL + 1))
    fi
done

while IFS=$'\t' read -r name what src <&3; do
    if [ "$what" = read-tz ]; then
        TZ=Europe/Rome check read "$name" "$src"
        continue
    fi
    check read "$name" "$src"
    [ "$what" = both ] && check writeback "$name" "$src"
done 3<"$LIST"

echo "$PASS passed, $FAIL failed"
[ "$FAIL" -eq 0 ]

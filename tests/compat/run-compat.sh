#!/usr/bin/env bash
# Compare ramo-session with pi (the reference implementation) on session files.
#
#   tests/compat/run-compat.sh RAMO_SESSION_BINARY [FILES...]
#
# For every file: the tree (`RAMO tree FILE --json`) and the rebuilt context
# (`RAMO context FILE --json`, plus `--leaf ID` at a few spread-out ids and
# `--leaf root`) must equal what pi 0.73.1 computes (tests/compat/pi-dump.mjs).
# Version-1 files get new random ids on load, so for them only the tree and the
# default context are compared, with generated ids ignored. The context of the files
# gen-sessions.mjs lists in exact.txt (bodies with escaped NULs, lone surrogates, huge
# numbers) is also compared as text (json-compare.mjs --exact).
# Then the write commands (`label`, `extract`) are checked by reading their
# results back with pi.
#
# Files checked: data/examples/*.jsonl, ../shared/fixtures/real/*.jsonl
# (relative to the repository root; skipped when absent), the sessions made by
# gen-sessions.mjs and gen-dupids.mjs (ids on several lines: pi's tree taken with
# one node per id, one-per-id.mjs), and FILES.
#
# pi is installed on first use into ${RAMO_PI_DIR:-$HOME/.cache/ramo-pi}.
# Exit status: 0 all passed, 1 some failed, 2 usage error, 77 skipped.

set -u

PI_VERSION=0.73.1

if [ $# -lt 1 ]; then
    echo "usage: $0 RAMO_SESSION_BINARY [FILES...]" >&2
    exit 2
fi
. "$(dirname "$0")/compat-lib.sh"
compat_ramo_binary "$1"
shift

HERE=$(cd "$(dirname "$0")" && pwd)
REPO=$(cd "$HERE/../.." && pwd)

compat_need_node

export RAMO_PI_DIR="${RAMO_PI_DIR:-$HOME/.cache/ramo-pi}"
PI_PKG="$RAMO_PI_DIR/node_modules/@mariozechner/pi-coding-agent/package.json"
installed_version() {
    node -e 'try{process.stdout.write(require(process.argv[1]).version)}catch{}' "$PI_PKG" 2>/dev/null
}
if [ "$(installed_version)" != "$PI_VERSION" ]; then
    echo "installing pi $PI_VERSION into $RAMO_PI_DIR ..."
    mkdir -p "$RAMO_PI_DIR"
    if ! (cd "$RAMO_PI_DIR" && npm install --no-audit --no-fund --loglevel=error \
            "@mariozechner/pi-coding-agent@$PI_VERSION" >&2); then
        echo "SKIP: could not install @mariozechner/pi-coding-agent@$PI_VERSION"
        exit 77
    fi
    if [ "$(installed_version)" != "$PI_VERSION" ]; then
        echo "SKIP: pi $PI_VERSION not found in $RAMO_PI_DIR after install"
        exit 77
    fi
fi

TMP=$(mktemp -d "${TMPDIR:-/tmp}/ramo-compat.XXXXXX")
trap 'rm -rf "$TMP"' EXIT
# anything pi-dump (or ramo) leaves behind, e.g. after a timeout, goes in here too
export TMPDIR="$TMP"

PASS=0
FAIL=0
ok() { echo "ok: $*"; PASS=$((PASS + 1)); }
bad() { echo "FAIL: $*"; FAIL=$((FAIL + 1)); }

PIDUMP="$HERE/pi-dump.mjs"
COMPARE="$HERE/json-compare.mjs"
PICK="$HERE/pick-ids.mjs"

# first line of a file, for error messages
first_line() { head -n 1 "$1" 2>/dev/null | cut -c1-300; }

# is_v1 FILE: pi migrates the file from version 1 (no "version", or one below 2)
is_v1() {
    node -e '
        const fs = require("fs");
        const line = fs.readFileSync(process.argv[1], "utf8").split("\n")[0];
        let h; try { h = JSON.parse(line); } catch { process.exit(1); }
        // pi runs the v1 migration (random ids) when `(version ?? 1) < 2`
        process.exit(h && h.type === "session" && (h.version ?? 1) < 2 ? 0 : 1);
    ' "$1"
}

# Every command gets a time limit when `timeout` exists (a hang is a failure).
LIMIT=${RAMO_COMPAT_TIMEOUT:-300}
if command -v timeout >/dev/null 2>&1; then
    limited() { timeout "$LIMIT" "$@"; }
else
    limited() { "$@"; }
fi

# run_ramo OUT ERR ARGS...: run ramo, stdout to OUT, stderr to ERR
run_ramo() {
    local out=$1 err=$2
    shift 2
    # pi 0.73.1 is the reference: read every file by pi's rules, whatever it points to
    limited "$RAMO" "$@" --dialect pi >"$out" 2>"$err" </dev/null
}

# compare NAME WHAT PI_JSON RAMO_JSON [--ignore-ids]
compare() {
    local name=$1 what=$2 a=$3 b=$4
    shift 4
    local diff
    if diff=$(node "$COMPARE" "$a" "$b" "$@" 2>&1); then
        ok "$name: $what"
    else
        bad "$name: $what: pi vs ramo $diff"
    fi
}

# check_pair NAME WHAT IGNORE PI_DUMP_ARGS... -- RAMO_ARGS...
# Runs pi-dump and ramo, then compares (IGNORE non-empty = --ignore-ids).
# LAST_PI is left pointing at pi's output.
N=0
LAST_PI=
check_pair() {
    local name=$1 what=$2 ignore=$3
    shift 3
    local piargs=() ramoargs=()
    while [ $# -gt 0 ] && [ "$1" != "--" ]; do piargs+=("$1"); shift; done
    shift
    ramoargs=("$@")
    N=$((N + 1))
    local p="$TMP/pi.$N.json" r="$TMP/ramo.$N.json" e="$TMP/ramo.$N.err"
    LAST_PI=$p
    if ! limited node "$PIDUMP" "${piargs[@]}" >"$p" 2>"$TMP/pi.$N.err" </dev/null; then
        bad "$name: $what: pi failed: $(first_line "$TMP/pi.$N.err")"
        return 1
    fi
    local rc=0
    run_ramo "$r" "$e" "${ramoargs[@]}" || rc=$?
    if [ $rc -ne 0 ]; then
        if [ $rc -eq 124 ]; then
            bad "$name: $what: ramo timed out after ${LIMIT}s"
        else
            bad "$name: $what: ramo exited with status $rc: $(first_line "$e")"
        fi
        return 1
    fi
    if [ -n "$ignore" ]; then
        compare "$name" "$what" "$p" "$r" --ignore-ids
    else
        compare "$name" "$what" "$p" "$r"
    fi
    # files with bodies json-glib cannot hold: the text must be pi's, byte for byte
    if [ -n "$EXACT" ] && [ "${piargs[0]}" = context ]; then
        compare "$name" "$what (text)" "$p" "$r" --exact
    fi
}
EXACT=

# ---------------------------------------------------------------------------
# collect files as "label<TAB>path"

LIST="$TMP/files.txt"
: >"$LIST"

shopt -s nullglob
examples=("$REPO"/data/examples/*.jsonl)
for f in "${examples[@]}"; do printf 'example:%s\t%s\n' "$(basename "$f")" "$f" >>"$LIST"; done

REAL="$REPO/../shared/fixtures/real"
real=("$REAL"/*.jsonl)
if [ ${#real[@]} -gt 0 ]; then
    for f in "${real[@]}"; do printf 'real:%s\t%s\n' "$(basename "$f")" "$f" >>"$LIST"; done
else
    echo "note: $REAL not found, skipping the real fixtures"
fi

GEN="$TMP/gen"
if node "$HERE/gen-sessions.mjs" "$GEN" >"$TMP/gen.txt" 2>"$TMP/gen.err"; then
    ok "gen-sessions.mjs generated $(wc -l <"$TMP/gen.txt") files"
    while IFS= read -r f; do printf 'gen:%s\t%s\n' "$(basename "$f")" "$f" >>"$LIST"; done <"$TMP/gen.txt"
else
    bad "gen-sessions.mjs failed: $(first_line "$TMP/gen.err")"
fi
# lines sharing ids (pi's first write twice, R4): pi's tree taken with one node per id
if node "$HERE/gen-dupids.mjs" "$TMP/dupids" >"$TMP/dupids.txt" 2>"$TMP/dupids.err"; then
    ok "gen-dupids.mjs generated $(wc -l <"$TMP/dupids.txt") files"
    while IFS= read -r f; do printf 'dupids:%s\t%s\n' "$(basename "$f")" "$f" >>"$LIST"; done <"$TMP/dupids.txt"
else
    bad "gen-dupids.mjs failed: $(first_line "$TMP/dupids.err")"
fi
shopt -u nullglob

for f in "$@"; do
    if [ -f "$f" ]; then
        printf 'arg:%s\t%s\n' "$f" "$(cd "$(dirname "$f")" && pwd)/$(basename "$f")" >>"$LIST"
    else
        bad "arg:$f: no such file"
    fi
done

# ---------------------------------------------------------------------------
# read checks

i=0
while IFS=$'\t' read -r name src <&3; do
    i=$((i + 1))
    dir="$TMP/files/$i"
    mkdir -p "$dir"
    # ramo reads its own copy: the originals may be read-only, and we check
    # that reading never changes the file
    copy="$dir/$(basename "$src")"
    cp "$src" "$copy"
    chmod u+w "$copy"
    before=$(cksum <"$copy")

    EXACT=
    if [ -f "$GEN/exact.txt" ] && grep -qxF "$src" "$GEN/exact.txt"; then
        EXACT=yes
    fi
    if is_v1 "$src"; then
        v1=yes
        ign=--ignore-ids
        note=" (v1, ids ignored)"
    else
        v1=
        ign=
        note=
    fi

    check_pair "$name" "tree$note" "$ign" tree "$src" -- tree "$copy" --json
    pitree=$LAST_PI
    check_pair "$name" "context$note" "$ign" context "$src" -- context "$copy" --json

    if [ -z "$v1" ] && [ -s "$pitree" ]; then
        while IFS= read -r id; do
            check_pair "$name" "context --leaf $id" "" context "$src" --leaf "$id" -- context "$copy" --leaf "$id" --json
        done < <(node "$PICK" "$pitree" 5)
        check_pair "$name" "context --leaf root" "" context "$src" --leaf root -- context "$copy" --leaf root --json
    fi

    if [ "$(cksum <"$copy")" = "$before" ]; then
        ok "$name: file unchanged by reading"
    else
        bad "$name: ramo modified the file while only reading it"
    fi
done 3<"$LIST"

# ---------------------------------------------------------------------------
# write-back checks on the generated branching session

WB_SRC="$GEN/branching.jsonl"
if [ -f "$WB_SRC" ]; then
    wb="$TMP/writeback"
    mkdir -p "$wb"
    cp "$WB_SRC" "$wb/branching.jsonl"
    wbf="$wb/branching.jsonl"
    node "$PIDUMP" tree "$wbf" >"$TMP/wb-tree.json"
    mapfile -t picks < <(node "$PICK" "$TMP/wb-tree.json" 2)
    label_id=${picks[0]:-}
    extract_id=${picks[1]:-$label_id}

    # label
    if run_ramo "$TMP/wb-label.out" "$TMP/wb-label.err" label "$wbf" "$label_id" "compat-label"; then
        node "$PIDUMP" tree "$wbf" >"$TMP/wb-tree2.json" 2>"$TMP/wb-tree2.err"
        if node -e '
            const t = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
            const row = t.entries.find((r) => r.id === process.argv[2]);
            process.exit(row && row.label === "compat-label" ? 0 : 1);
        ' "$TMP/wb-tree2.json" "$label_id"; then
            ok "write-back: pi reads the label ramo wrote on $label_id"
        else
            bad "write-back: pi does not see label compat-label on $label_id"
        fi
        check_pair "write-back" "tree after label" "" tree "$wbf" -- tree "$wbf" --json
        check_pair "write-back" "context after label" "" context "$wbf" -- context "$wbf" --json
    else
        bad "write-back: ramo label failed: $(first_line "$TMP/wb-label.err")"
    fi

    # extract
    if run_ramo "$TMP/wb-extract.out" "$TMP/wb-extract.err" extract "$wbf" "$extract_id"; then
        newpath=$(grep -v '^[[:space:]]*$' "$TMP/wb-extract.out" | tail -n 1 | sed 's/^[[:space:]]*//; s/[[:space:]]*$//')
        if [ -n "$newpath" ] && [ -f "$newpath" ] && [ "$newpath" != "$wbf" ]; then
            ok "write-back: extract $extract_id wrote $(basename "$newpath")"
            check_pair "write-back" "tree of extracted file" "" tree "$newpath" -- tree "$newpath" --json
            extracted_tree=$LAST_PI
            check_pair "write-back" "context of extracted file" "" context "$newpath" -- context "$newpath" --json
            # the same extraction done by pi (label entries get fresh ids there). Ramo writes
            # what pi 1.6.0 writes: it chains the kept entries across the label entries it
            # drops, where pi 0.73.1 leaves the entries after a label orphaned (report R1).
            N=$((N + 1))
            if node "$HERE/pi16-dump.mjs" extract "$wbf" "$extract_id" >"$TMP/pi.$N.json" 2>"$TMP/pi.$N.err"; then
                compare "write-back" "extracted file matches pi 1.6.0's createBranchedSession (generated ids ignored)" \
                    "$TMP/pi.$N.json" "$extracted_tree" --ignore-ids
            else
                bad "write-back: pi 1.6.0 extract failed: $(first_line "$TMP/pi.$N.err")"
            fi
            if node -e '
                const fs = require("fs"), path = require("path");
                const h = JSON.parse(fs.readFileSync(process.argv[1], "utf8").split("\n")[0]);
                const ok = h.type === "session" && h.version === 3 && typeof h.id === "string" &&
                    typeof h.parentSession === "string" &&
                    path.resolve(h.parentSession) === path.resolve(process.argv[2]);
                process.exit(ok ? 0 : 1);
            ' "$newpath" "$wbf"; then
                ok "write-back: extracted header is v3 with parentSession = source file"
            else
                bad "write-back: extracted header: $(first_line "$newpath")"
            fi
        else
            bad "write-back: ramo extract did not print the path of a new file (got: ${newpath:-nothing})"
        fi
    else
        bad "write-back: ramo extract failed: $(first_line "$TMP/wb-extract.err")"
    fi
else
    bad "write-back: generated branching.jsonl missing"
fi

echo "$PASS passed, $FAIL failed"
[ "$FAIL" -eq 0 ]

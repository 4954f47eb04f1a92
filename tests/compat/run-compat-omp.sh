#!/usr/bin/env bash
# Compare ramo-session with oh-my-pi 18.2.3 (read by oh-my-pi's rules: --dialect omp).
#
#   tests/compat/run-compat-omp.sh RAMO_SESSION_BINARY [FILES...]
#
# Installs the agents (install-agents.sh, does nothing when they are there), then for
# every file compares what `ramo-session ... --dialect omp` prints with what oh-my-pi's
# own code computes (omp-dump.ts bundle, one Bun start per file):
#   tree (`tree FILE --json`); the context (`context FILE --json [--leaf ID|root]`) at
#   the leaf, before the first entry, and at the ids omp-dump.ts picks (spread over
#   the tree, plus every special entry kind and their parents); the rows of each
#   /tree filter (`tree FILE --filter MODE --rows`: which rows, in which order; not
#   their geometry, see read_checks); the session name (`info FILE`,
#   line "name:"). Files oh-my-pi wrote (gen-omp.ts, cases/omp) are read once more
#   without --dialect: `info` must say "dialect: omp" and tree, context at the leaf
#   and root, and the default rows must match too. Reading must not change the file.
# Then the writes, each on a copy, read back by oh-my-pi (omp-writes.ts): label (set
# and clear), extract (one whole chain; same context as the source at ID; as
# oh-my-pi's createBranchedSession), navigate and compact with --summary (the entry
# oh-my-pi would write at that point), resuming a file Ramo created (oh-my-pi appends
# two messages, no duplicated lines), and a title oh-my-pi rewrites in place, which
# `info` must show as the new name.
#
# Files: tests/compat/gen-omp.ts output, tests/compat/cases/omp/*.jsonl, the files
# gen-dupids.mjs writes (ids on several lines: oh-my-pi's tree with one node per id),
# data/examples/*.jsonl and ../shared/fixtures/real/*.jsonl (relative to the
# repository root, with --dialect omp forced; skipped when absent), the child order
# files of gen-order.mjs (read only, by both sides with TZ=Europe/Rome: oh-my-pi
# orders children by Bun's Date.parse and JavaScriptCore's sort), and FILES.
# Version-1 files get random ids when oh-my-pi migrates them: only tree, rows, the
# context at the leaf and root are compared there, with generated ids ignored (rows
# by their positions in the tree).
#
# Prints `ok:` / `FAIL:` lines (and `note:` lines that are not checks), then
# `N passed, M failed`. Exit status: 0 all passed, 1 some failed, 2 usage error,
# 77 skipped (no node/npm, or the agents could not be installed).
# RAMO_COMPAT_TIMEOUT (seconds, default 300) limits each command; with RAMO_COMPAT_KEEP
# set, the work folder (every dump and output compared) is kept and its path printed.

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

compat_need_node
if ! "$HERE/install-agents.sh" >&2; then
    echo "SKIP: the agents could not be installed (install-agents.sh)"
    exit 77
fi
BUN="${RAMO_AGENTS_DIR:-$HOME/.cache/ramo-agents}/omp/node_modules/.bin/bun"

TMP=$(mktemp -d "${TMPDIR:-/tmp}/ramo-compat-omp.XXXXXX")
if [ -n "${RAMO_COMPAT_KEEP:-}" ]; then
    echo "note: keeping $TMP (files/N/omp: oh-my-pi's dumps, files/N/ramo: ramo's output, manifest.txt)"
else
    trap 'rm -rf "$TMP"' EXIT
fi
export TMPDIR="$TMP"
# oh-my-pi writes under HOME; Bun reads it once, at its start: its runs get a HOME of their own
export RAMO_OMP_BUN="$BUN" RAMO_OMP_HOME="$TMP/omp-home"
BUN="$HERE/omp-bun.sh"

PASS=0
FAIL=0
ok() { echo "ok: $*"; PASS=$((PASS + 1)); }
bad() { echo "FAIL: $*"; FAIL=$((FAIL + 1)); }
first_line() { head -n 1 "$1" 2>/dev/null | cut -c1-300; }

LIMIT=${RAMO_COMPAT_TIMEOUT:-300}
if command -v timeout >/dev/null 2>&1; then
    limited() { timeout "$LIMIT" "$@"; }
else
    limited() { "$@"; }
fi

DUMP="$HERE/omp-dump.ts"
WRITES="$HERE/omp-writes.ts"
COMPARE="$HERE/omp-compare.mjs"

# tally: print the ok/FAIL/note lines of a checker's output and count them
tally() {
    local line
    while IFS= read -r line; do
        case $line in
            ok:*) echo "$line"; PASS=$((PASS + 1)) ;;
            FAIL:*) echo "$line"; FAIL=$((FAIL + 1)) ;;
            note:*) echo "$line" ;;
        esac
    done <"$1"
}

# ramo OUT WHAT ARGS...: run ramo-session; on failure report it and return 1
N=0
ramo() {
    local out=$1 what=$2
    shift 2
    N=$((N + 1))
    local err="$TMP/ramo.$N.err" rc=0
    limited "$RAMO" "$@" >"$out" 2>"$err" </dev/null || rc=$?
    if [ $rc -ne 0 ]; then
        if [ $rc -eq 124 ]; then
            bad "$what: ramo timed out after ${LIMIT}s"
        else
            bad "$what: ramo exited with status $rc: $(first_line "$err")"
        fi
        return 1
    fi
}

# queue_read NAME SRC AUTO [MAX_PER_KIND [TZ]]: schedule every read comparison for one
# file (SRC is copied now: write checks go on changing their files). AUTO non-empty:
# oh-my-pi wrote the file, so it is read once more without --dialect. TZ: both sides
# read the file in that time zone. The queued files are dumped by oh-my-pi in one Bun
# start for each time zone (omp-dump.ts bundle), then read by ramo.
F=0
QUEUE="$TMP/queue.txt"
: >"$QUEUE"
queue_read() {
    local name=$1 src=$2 auto=$3 maxk=${4:-6} tz=${5:--}
    F=$((F + 1))
    local dir="$TMP/files/$F"
    mkdir -p "$dir/ramo" "$dir/src"
    cp "$src" "$dir/src/$(basename "$src")"
    cp "$src" "$dir/$(basename "$src")"
    chmod u+w "$dir/$(basename "$src")"
    # (no empty fields: `read` would merge the tabs around one)
    printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$F" "$name" "$(basename "$src")" "${auto:-no}" "$maxk" "$tz" >>"$QUEUE"
}

MANIFEST="$TMP/manifest.txt"
: >"$MANIFEST"
# read_checks F NAME BASE AUTO: run ramo on queued file F, add its comparisons to MANIFEST
# (AUTO "yes": also read without --dialect)
read_checks() {
    local f=$1 name=$2 base=$3 auto=$4
    local dir="$TMP/files/$f"
    local copy="$dir/$base" omp="$dir/omp"
    if [ -f "$omp/error.txt" ] || [ ! -f "$omp/ids.txt" ]; then
        bad "$name: oh-my-pi failed: $(first_line "$omp/error.txt")"
        return
    fi
    local before
    before=$(cksum <"$copy")
    local ign="" note=""
    if grep -q '"v1":true' "$omp/meta.json"; then
        ign=ignore-ids
        note=" (v1, ids ignored)"
    fi
    local D=(--dialect omp) r
    line() { printf '%s\t%s\t%s\t%s\n' "$1" "$2" "$3" "$ign" >>"$MANIFEST"; }
    # tree
    r="$dir/ramo/tree.json"
    ramo "$r" "$name: tree" tree "$copy" --json "${D[@]}" && line "$name: tree$note" "$omp/tree.json" "$r"
    # contexts
    local n=0 id why
    while IFS=$'\t' read -r id why; do
        r="$dir/ramo/ctx.$n.json"
        case $id in
            @leaf) ramo "$r" "$name: context" context "$copy" --json "${D[@]}" &&
                line "$name: context$note" "$omp/ctx.$n.json" "$r" ;;
            *) ramo "$r" "$name: context --leaf $id" context "$copy" --leaf "$id" --json "${D[@]}" &&
                line "$name: context --leaf $id ($why)" "$omp/ctx.$n.json" "$r" ;;
        esac
        n=$((n + 1))
    done <"$omp/ids.txt"
    # /tree filter rows: which rows and in which order, not their geometry (omp-compare.mjs
    # `rows`): oh-my-pi keeps the whole tree's indentation after filtering and does not
    # indent the first generation after a branch point twice; Ramo lays the visible rows
    # out as its nested tree list (spec §7) for both dialects, on purpose. Version-1
    # files: rows as positions in each side's tree dump, their ids being made up.
    local m rows_opts="rows${ign:+,$ign,omp-tree=$omp/tree.json,ramo-tree=$dir/ramo/tree.json}"
    rows_line() { printf '%s\t%s\t%s\t%s\n' "$1" "$2" "$3" "$rows_opts" >>"$MANIFEST"; }
    for m in default no-tools user-only labeled-only all; do
        r="$dir/ramo/rows.$m.json"
        ramo "$r" "$name: rows --filter $m" tree "$copy" --filter "$m" --rows "${D[@]}" &&
            rows_line "$name: rows --filter $m$note" "$omp/rows.$m.json" "$r"
    done
    # session name
    if ramo "$dir/ramo/info.txt" "$name: info" info "$copy" "${D[@]}"; then
        printf '%s\t%s\t%s\t%s\n' "$name: session name" "$omp/name.json" "$dir/ramo/info.txt" info-name >>"$MANIFEST"
    fi
    # the same file, dialect detected
    if [ "$auto" = yes ]; then
        if ramo "$dir/ramo/info-auto.txt" "$name: info (detected)" info "$copy"; then
            local dl
            dl=$(grep -i '^dialect:' "$dir/ramo/info-auto.txt" | head -n 1)
            case $dl in
                [Dd]ialect:\ omp*) ok "$name: info detects the omp dialect" ;;
                *) bad "$name: info detects the omp dialect: got '${dl:-no dialect line}'" ;;
            esac
        fi
        r="$dir/ramo/tree-auto.json"
        ramo "$r" "$name: tree (detected)" tree "$copy" --json && line "$name: tree (detected)" "$omp/tree.json" "$r"
        r="$dir/ramo/ctx-auto-leaf.json"
        ramo "$r" "$name: context (detected)" context "$copy" --json && line "$name: context (detected)" "$omp/ctx.0.json" "$r"
        r="$dir/ramo/ctx-auto-root.json"
        ramo "$r" "$name: context --leaf root (detected)" context "$copy" --leaf root --json &&
            line "$name: context --leaf root (detected)" "$omp/ctx.1.json" "$r"
        r="$dir/ramo/rows-auto.json"
        ramo "$r" "$name: rows (detected)" tree "$copy" --filter default --rows &&
            rows_line "$name: rows --filter default (detected)" "$omp/rows.default.json" "$r"
    fi
    if [ "$(cksum <"$copy")" = "$before" ]; then
        ok "$name: file unchanged by reading"
    else
        bad "$name: ramo modified the file while only reading it"
    fi
}

# omp_writes NAME ARGS...: run omp-writes.ts and count its lines
W=0
omp_writes() {
    local name=$1
    shift
    W=$((W + 1))
    local out="$TMP/writes.$W.out"
    limited "$BUN" "$WRITES" "$@" >"$out" 2>"$out.err" </dev/null
    sed "s/^\(ok\|FAIL\|note\): /\1: $name: /" "$out" >"$out.named"
    tally "$out.named"
    grep -q '^\(ok\|FAIL\):' "$out" || bad "$name: omp-writes.ts $1 printed no check: $(first_line "$out.err")"
}

# ---------------------------------------------------------------------------
# files

GEN="$TMP/gen"
if limited "$BUN" "$HERE/gen-omp.ts" "$GEN" >"$TMP/gen.txt" 2>"$TMP/gen.err"; then
    ok "gen-omp.ts wrote $(wc -l <"$TMP/gen.txt") sessions with oh-my-pi's SessionManager"
else
    bad "gen-omp.ts failed: $(first_line "$TMP/gen.err")"
fi

# child order: Bun's Date.parse (legacy forms, local time, white space beyond ASCII) and
# JavaScriptCore's sort with NaN times
if limited node "$HERE/gen-order.mjs" "$TMP/order" >"$TMP/order.txt" 2>"$TMP/order.err"; then
    ok "gen-order.mjs wrote $(wc -l <"$TMP/order.txt") files"
else
    bad "gen-order.mjs failed: $(first_line "$TMP/order.err")"
    : >"$TMP/order.txt"
fi

shopt -s nullglob
while IFS= read -r f; do
    [ -n "$f" ] && queue_read "gen:$(basename "$f")" "$f" yes 4
done <"$TMP/gen.txt"
while IFS= read -r f; do
    [ -n "$f" ] && queue_read "order:$(basename "$f")" "$f" "" 2 Europe/Rome
done <"$TMP/order.txt"
for f in "$HERE"/cases/omp/*.jsonl; do
    queue_read "case:$(basename "$f")" "$f" yes 100
done
for f in "$REPO"/data/examples/*.jsonl; do
    queue_read "example:$(basename "$f")" "$f" ""
done
# lines sharing ids (R4): oh-my-pi's tree taken with one node per id (one-per-id.mjs); the
# header written once (oh-my-pi reads a second header line as an entry, Ramo skips it)
if node "$HERE/gen-dupids.mjs" "$TMP/dupids" --one-header >"$TMP/dupids.txt" 2>"$TMP/dupids.err"; then
    while IFS= read -r f; do queue_read "dupids:$(basename "$f")" "$f" "" 100; done <"$TMP/dupids.txt"
else
    bad "gen-dupids.mjs failed: $(first_line "$TMP/dupids.err")"
fi
REAL=("$REPO"/../shared/fixtures/real/*.jsonl)
if [ ${#REAL[@]} -gt 0 ]; then
    for f in "${REAL[@]}"; do queue_read "real:$(basename "$f")" "$f" "" 2; done
else
    echo "note: $REPO/../shared/fixtures/real not found, skipping the real fixtures"
fi
shopt -u nullglob
for f in "$@"; do
    if [ -f "$f" ]; then
        queue_read "arg:$f" "$(cd "$(dirname "$f")" && pwd)/$(basename "$f")" ""
    else
        bad "arg:$f: no such file"
    fi
done

# ---------------------------------------------------------------------------
# writes, read back by oh-my-pi

WB="$TMP/writeback"
mkdir -p "$WB"
write_checks() {
    local name=$1 src=$2
    local d="$WB/$(basename "$src" .jsonl)"
    mkdir -p "$d"
    limited "$BUN" "$WRITES" picks "$src" >"$d/picks.txt" 2>"$d/picks.err" ||
        { bad "$name: omp-writes.ts picks failed: $(first_line "$d/picks.err")"; return; }
    local role id k=0
    while IFS=$'\t' read -r role id; do
        k=$((k + 1))
        local pre="$d/$k.pre.jsonl" post="$d/$k.jsonl"
        cp "$src" "$pre"
        cp "$src" "$post"
        case $role in
            label)
                if ramo "$d/$k.out" "$name: label $id" label "$post" "$id" "compat ✓ label" --dialect omp; then
                    omp_writes "$name" label "$pre" "$post" "$id" "compat ✓ label"
                    queue_read "$name (after label)" "$post" yes 0
                    cp "$post" "$d/$k.pre2.jsonl"
                    if ramo "$d/$k.out2" "$name: label $id (clear)" label "$post" "$id" --dialect omp; then
                        omp_writes "$name" label "$d/$k.pre2.jsonl" "$post" "$id"
                    fi
                fi
                ;;
            extract)
                if ramo "$d/$k.out" "$name: extract $id" extract "$post" "$id" --dialect omp; then
                    local new
                    new=$(grep -v '^[[:space:]]*$' "$d/$k.out" | tail -n 1 | sed 's/^[[:space:]]*//; s/[[:space:]]*$//')
                    if [ -n "$new" ] && [ -f "$new" ] && [ "$new" != "$post" ]; then
                        omp_writes "$name" extract "$post" "$id" "$new"
                        queue_read "$name (extract $id)" "$new" yes 0
                        cp "$new" "$d/$k.resume.jsonl"
                        omp_writes "$name (extract $id)" resume "$d/$k.resume.jsonl"
                        queue_read "$name (extract $id, resumed by oh-my-pi)" "$d/$k.resume.jsonl" yes 0
                    else
                        bad "$name: extract $id: ramo did not print the path of a new file (got: ${new:-nothing})"
                    fi
                fi
                ;;
            navigate)
                if ramo "$d/$k.out" "$name: navigate $id" navigate "$post" "$id" --summary "Left branch: tried the other approach." --dialect omp; then
                    omp_writes "$name" navigate "$pre" "$post" "$id" "Left branch: tried the other approach."
                    queue_read "$name (after navigate $id)" "$post" yes 0
                fi
                ;;
            compact)
                if ramo "$d/$k.out" "$name: compact $id" compact "$post" "$id" --summary "## Goal
Keep going." --dialect omp; then
                    omp_writes "$name" compact "$pre" "$post" "$id" "## Goal
Keep going."
                    queue_read "$name (after compact $id)" "$post" yes 0
                fi
                ;;
        esac
    done <"$d/picks.txt"
}
for f in "$GEN/omp-medium.jsonl" "$GEN/omp-small.jsonl"; do
    if [ -f "$f" ]; then
        write_checks "write:$(basename "$f")" "$f"
    else
        bad "write: $f missing"
    fi
done

# a title oh-my-pi rewrites in place (and one it adds to a file without a slot)
retitle() {
    local name=$1 src=$2 title=$3
    local f="$WB/retitle.$(basename "$src")"
    cp "$src" "$f"
    omp_writes "$name" retitle "$f" "$title"
    local want
    want=$(grep '^name: ' "$TMP/writes.$W.out" | head -n 1 | sed 's/^name: //')
    if ramo "$WB/retitle.info" "$name: info" info "$f" --dialect omp; then
        local got
        got=$(grep -i '^name:' "$WB/retitle.info" | head -n 1 | sed 's/^[Nn]ame: \{0,1\}//')
        if [ "$got" = "$want" ]; then
            ok "$name: info shows the title oh-my-pi wrote ($want)"
        else
            bad "$name: info name: omp '$want' vs ramo '$got'"
        fi
    fi
}
[ -f "$GEN/omp-small.jsonl" ] && retitle "retitle:omp-small.jsonl" "$GEN/omp-small.jsonl" "Renamed by oh-my-pi ✓"
[ -f "$REPO/data/examples/example.jsonl" ] && retitle "retitle:example.jsonl (no slot)" "$REPO/data/examples/example.jsonl" "Renamed by oh-my-pi, slot added"

# a file under ~/.omp/ is an oh-my-pi file whatever it holds
if [ -f "$REPO/data/examples/example.jsonl" ]; then
    OMPHOME="$TMP/omp-home"
    mkdir -p "$OMPHOME/.omp/agent/sessions/--project--"
    cp "$REPO/data/examples/example.jsonl" "$OMPHOME/.omp/agent/sessions/--project--/example.jsonl"
    if HOME="$OMPHOME" ramo "$TMP/omp-home.info" "under ~/.omp: info" info "$OMPHOME/.omp/agent/sessions/--project--/example.jsonl"; then
        dl=$(grep -i '^dialect:' "$TMP/omp-home.info" | head -n 1)
        case $dl in
            [Dd]ialect:\ omp*) ok "under ~/.omp: info detects the omp dialect" ;;
            *) bad "under ~/.omp: info detects the omp dialect: got '${dl:-no dialect line}'" ;;
        esac
    fi
fi

# ---------------------------------------------------------------------------
# the queued reads: oh-my-pi dumps them all in one Bun start (one for each time zone),
# then ramo reads each (in the file's time zone)

for zone in $(cut -f 6 "$QUEUE" | sort -u); do
    BUNDLE_ARGS=()
    while IFS=$'\t' read -r f name base auto maxk tz; do
        [ "$tz" = "$zone" ] && BUNDLE_ARGS+=(--max-per-kind "$maxk" "$TMP/files/$f/src/$base" "$TMP/files/$f/omp")
    done <"$QUEUE"
    if [ "$zone" = - ]; then
        limited "$BUN" "$DUMP" bundle "${BUNDLE_ARGS[@]}" >"$TMP/bundle.out" 2>"$TMP/bundle.err" ||
            bad "omp-dump.ts bundle failed: $(first_line "$TMP/bundle.err")"
    else
        TZ=$zone limited "$BUN" "$DUMP" bundle "${BUNDLE_ARGS[@]}" >"$TMP/bundle.out" 2>"$TMP/bundle.err" ||
            bad "omp-dump.ts bundle (TZ=$zone) failed: $(first_line "$TMP/bundle.err")"
    fi
done
while IFS=$'\t' read -r f name base auto maxk tz; do
    if [ "$tz" = - ]; then
        read_checks "$f" "$name" "$base" "$auto"
    else
        TZ=$tz read_checks "$f" "$name" "$base" "$auto"
    fi
done <"$QUEUE"
node "$COMPARE" "$MANIFEST" >"$TMP/compare.out" 2>&1
tally "$TMP/compare.out"
grep -q '^omp-compare: ' "$TMP/compare.out" || bad "omp-compare.mjs failed: $(first_line "$TMP/compare.out")"

echo "$PASS passed, $FAIL failed"
[ "$FAIL" -eq 0 ]

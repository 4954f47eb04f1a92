#!/usr/bin/env bash
# Check ramo-session's writes to oh-my-pi 18.2.3 files against oh-my-pi itself.
#
#   tests/compat/check-omp-writes.sh RAMO_SESSION_BINARY
#
# Installs the agents (install-agents.sh; nothing to do when they are there), makes
# two sessions with oh-my-pi's own SessionManager (check-omp-writes.ts make: one with
# its title slot, one without, the name in the header as before the slot), and on a
# copy of each does every write Ramo does to such files: `label` (set and clear),
# `navigate --summary`, `compact --summary`, `name` (oh-my-pi's rename: title_change
# entry and the slot rewritten in place, or the file rewritten with a slot) and
# `extract`. oh-my-pi does the same write itself on another copy; both results must
# be the same line for line, and oh-my-pi must read them back with the same tree,
# context and name (check-omp-writes.ts append / extract). `ramo-session info` must
# then print oh-my-pi's name, and the dialect omp without being told.
#
# Prints `ok:` / `FAIL:` lines, then `N passed, M failed`. Exit status: 0 all passed,
# 1 some failed, 2 usage error, 77 skipped (no node/npm, or the agents could not be
# installed).

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
BUN="${RAMO_AGENTS_DIR:-$HOME/.cache/ramo-agents}/omp/node_modules/.bin/bun"
ORACLE="$HERE/check-omp-writes.ts"

TMP=$(mktemp -d "${TMPDIR:-/tmp}/ramo-omp-writes.XXXXXX")
trap 'rm -rf "$TMP"' EXIT
# oh-my-pi writes under HOME; Bun reads it once, at its start: its runs get a HOME of their own
export RAMO_OMP_BUN="$BUN" RAMO_OMP_HOME="$TMP/omp-home"
BUN="$HERE/omp-bun.sh"
export TMPDIR="$TMP"

PASS=0
FAIL=0
ok() { echo "ok: $*"; PASS=$((PASS + 1)); }
bad() { echo "FAIL: $*"; FAIL=$((FAIL + 1)); }

# Runs the oracle; counts its ok/FAIL lines (and a failure to run as one FAIL).
oracle() {
    local output status
    output=$("$BUN" "$ORACLE" "$@" 2>&1)
    status=$?
    while IFS= read -r line; do
        case $line in
            ok:*) ok "${line#ok: }" ;;
            FAIL:*) bad "${line#FAIL: }" ;;
            *) [ -n "$line" ] && echo "$line" ;;
        esac
    done <<< "$output"
    [ $status -eq 0 ] || bad "check-omp-writes.ts $1 exited with $status"
}

# A fresh copy of FILE in a folder of its own (Ramo's extract writes beside it).
copy_of() {
    local dir
    dir=$(mktemp -d "$TMP/w.XXXXXX")
    cp "$1" "$dir/$(basename "$1")"
    echo "$dir/$(basename "$1")"
}

info_line() { "$RAMO" info "$1" 2>/dev/null | sed -n "s/^$2: //p" | head -n 1; }

for kind in slot no-slot; do
    SRC="$TMP/omp-$kind.jsonl"
    if [ $kind = slot ]; then
        "$BUN" "$ORACLE" make "$SRC" >/dev/null 2>&1 || { bad "oh-my-pi could not make a session ($kind)"; continue; }
    else
        "$BUN" "$ORACLE" make "$SRC" --no-slot >/dev/null 2>&1 || { bad "oh-my-pi could not make a session ($kind)"; continue; }
    fi
    echo "== $kind: $SRC"
    dialect=$(info_line "$SRC" dialect)
    case $dialect in
        omp*) ok "$kind: ramo-session info reads the file as oh-my-pi's ($dialect)" ;;
        *) bad "$kind: ramo-session info says dialect '$dialect', not omp" ;;
    esac

    LABEL_ID= NAV_ID= COMPACT_ID= EXTRACT_IDS=
    while read -r what id; do
        case $what in
            label) LABEL_ID=$id ;;
            navigate) NAV_ID=$id ;;
            compact) COMPACT_ID=$id ;;
            extract) EXTRACT_IDS="$EXTRACT_IDS $id" ;;
        esac
    done < <("$BUN" "$ORACLE" picks "$SRC" 2>/dev/null)
    if [ -z "$LABEL_ID" ] || [ -z "$NAV_ID" ] || [ -z "$COMPACT_ID" ] || [ -z "$EXTRACT_IDS" ]; then
        bad "$kind: check-omp-writes.ts picks found no ids"
        continue
    fi

    # label, then clearing it
    POST=$(copy_of "$SRC")
    if "$RAMO" label "$POST" "$LABEL_ID" "checked by oh-my-pi" >/dev/null; then
        oracle append "$SRC" "$POST" label "$LABEL_ID" "checked by oh-my-pi"
        PRE2=$(copy_of "$POST")
        POST2=$(copy_of "$POST")
        if "$RAMO" label "$POST2" "$LABEL_ID" >/dev/null; then
            oracle append "$PRE2" "$POST2" label "$LABEL_ID"
        else
            bad "$kind: ramo-session label (clear) failed"
        fi
    else
        bad "$kind: ramo-session label failed"
    fi

    # a branch summary supplied as a hook would (the leaf moves to an assistant turn)
    POST=$(copy_of "$SRC")
    if "$RAMO" navigate "$POST" "$NAV_ID" --summary "Left the tests for later." >/dev/null; then
        oracle append "$SRC" "$POST" navigate "$NAV_ID" "Left the tests for later."
    else
        bad "$kind: ramo-session navigate --summary failed"
    fi

    # a compaction supplied as a hook would
    POST=$(copy_of "$SRC")
    if "$RAMO" compact "$POST" "$COMPACT_ID" --summary "Parser planned; tests under way." >/dev/null; then
        oracle append "$SRC" "$POST" compact "$COMPACT_ID" "Parser planned; tests under way."
    else
        bad "$kind: ramo-session compact --summary failed"
    fi

    # the session name, twice (the second rename has a previousTitle and, for the file
    # without a slot, finds the slot the first one wrote)
    POST=$(copy_of "$SRC")
    NAME="Config parser: «grammar» first"
    if "$RAMO" name "$POST" "$NAME" >/dev/null; then
        oracle append "$SRC" "$POST" name "$NAME"
        got=$(info_line "$POST" name)
        [ "$got" = "$NAME" ] && ok "$kind: ramo-session info reads the new name" \
            || bad "$kind: ramo-session info reads the name '$got', not '$NAME'"
        PRE2=$(copy_of "$POST")
        POST2=$(copy_of "$POST")
        LONG="A much longer name, $(printf 'long %.0s' $(seq 1 60))end"
        if "$RAMO" name "$POST2" "$LONG" >/dev/null; then
            oracle append "$PRE2" "$POST2" name "$LONG"
        else
            bad "$kind: ramo-session name (second) failed"
        fi
    else
        bad "$kind: ramo-session name failed"
    fi
    if "$RAMO" name "$(copy_of "$SRC")" "   " >/dev/null 2>&1; then
        bad "$kind: ramo-session name accepted an empty name (oh-my-pi keeps none)"
    else
        ok "$kind: ramo-session name refuses an empty name, as oh-my-pi does"
    fi

    # branched files
    for id in $EXTRACT_IDS; do
        POST=$(copy_of "$SRC")
        NEW=$("$RAMO" extract "$POST" "$id" 2>/dev/null)
        if [ -n "$NEW" ] && [ -f "$NEW" ]; then
            oracle extract "$POST" "$id" "$NEW"
        else
            bad "$kind: ramo-session extract $id failed"
        fi
    done
done

echo "$PASS passed, $FAIL failed"
[ $FAIL -eq 0 ]

#!/usr/bin/env bash
# `ramo-session files --dialect omp` against oh-my-pi 18.2.3's own file operations per tool call
# (pi16-files.mjs with RAMO_FILES_AGENT=omp, run by oh-my-pi's Bun).
#
#   tests/compat/check-files-omp.sh RAMO_SESSION_BINARY [FILES...]
#
# Exit status: 0 all passed, 1 some failed, 77 when oh-my-pi is not installed.

set -u

if [ $# -lt 1 ]; then
    echo "usage: $0 RAMO_SESSION_BINARY [FILES...]" >&2
    exit 2
fi
HERE=$(cd "$(dirname "$0")" && pwd)
AGENTS=${RAMO_AGENTS_DIR:-$HOME/.cache/ramo-agents}
BUN=${BUN:-$AGENTS/omp/node_modules/.bin/bun}
if [ ! -x "$BUN" ] || [ ! -f "$AGENTS/omp/node_modules/@oh-my-pi/pi-agent-core/src/compaction/utils.ts" ]; then
    echo "skip: oh-my-pi 18.2.3 is not installed in $AGENTS/omp (run tests/compat/install-agents.sh)"
    exit 77
fi

TMP=$(mktemp -d "${TMPDIR:-/tmp}/ramo-files-omp.XXXXXX")
trap 'rm -rf "$TMP"' EXIT
# oh-my-pi writes under HOME; Bun reads it once, at its start: its runs get a HOME of their own
export RAMO_OMP_BUN="$BUN" RAMO_OMP_HOME="$TMP/omp-home"
BUN="$HERE/omp-bun.sh"
export TMPDIR="$TMP"
RAMO_FILES_AGENT=omp "$BUN" "$HERE/pi16-files.mjs" "$1" "$TMP/sessions" "${@:2}"

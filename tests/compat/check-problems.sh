#!/usr/bin/env bash
# `ramo-session check` against pi 1.6.0's own index on hostile sessions (pi16-problems.mjs).
#
#   tests/compat/check-problems.sh RAMO_SESSION_BINARY [FILES...]
#
# Exit status: 0 all passed, 1 some failed, 77 when the agents are not installed.

set -u

if [ $# -lt 1 ]; then
    echo "usage: $0 RAMO_SESSION_BINARY [FILES...]" >&2
    exit 2
fi
HERE=$(cd "$(dirname "$0")" && pwd)

if ! "$HERE/install-agents.sh" >&2; then
    echo "SKIP: the agents could not be installed (tests/compat/install-agents.sh)"
    exit 77
fi
export RAMO_AGENTS_DIR="${RAMO_AGENTS_DIR:-$HOME/.cache/ramo-agents}"
NODE="$RAMO_AGENTS_DIR/pi16/node_modules/.bin/node"
if [ ! -x "$NODE" ]; then
    echo "SKIP: no Node 22 at $NODE"
    exit 77
fi

TMP=$(mktemp -d "${TMPDIR:-/tmp}/ramo-problems.XXXXXX")
trap 'rm -rf "$TMP"' EXIT
export TMPDIR="$TMP"
exec "$NODE" "$HERE/pi16-problems.mjs" "$1" "$TMP/sessions" "${@:2}"

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
. "$(dirname "$0")/compat-lib.sh"
HERE=$(cd "$(dirname "$0")" && pwd)

compat_need_agents

compat_run_node_check problems "$HERE/pi16-problems.mjs" "$@"

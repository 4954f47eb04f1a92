#!/usr/bin/env bash
# `ramo-session files` against pi 1.6.0's own file operations per tool call (pi16-files.mjs).
#
#   tests/compat/check-files.sh RAMO_SESSION_BINARY [FILES...]
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

compat_run_node_check files "$HERE/pi16-files.mjs" "$@"

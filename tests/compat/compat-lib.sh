# Shared by the comparison scripts (sourced, not run): the ramo-session binary they are given,
# and what they need installed.
#
#   . "$(dirname "$0")/compat-lib.sh"
#   compat_ramo_binary "$1"      # sets RAMO to its absolute path, or exits 2
#   compat_need_node             # exits 77 (skipped) without node and npm
#   compat_need_agents           # installs pi 1.6.0 and oh-my-pi; NODE is pi 1.6.0's Node 22

# compat_ramo_binary PATH: RAMO becomes PATH made absolute (or found on PATH); exits 2 when it
# is not an executable file.
compat_ramo_binary() {
    RAMO=$1
    case $RAMO in
        */*) [ -e "$RAMO" ] && RAMO=$(cd "$(dirname "$RAMO")" && pwd)/$(basename "$RAMO") ;;
        *) RAMO=$(command -v "$RAMO" || echo "$RAMO") ;;
    esac
    if [ ! -x "$RAMO" ]; then
        echo "error: $RAMO is not an executable file" >&2
        exit 2
    fi
}

# compat_need_node: the comparisons run the agents on Node (and npm installs them)
compat_need_node() {
    if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then
        echo "SKIP: node/npm not found"
        exit 77
    fi
}

# compat_need_agents: installs today's agents (install-agents.sh, which does nothing when they
# are there), exports RAMO_AGENTS_DIR and sets NODE to pi 1.6.0's Node 22; exits 77 (skipped)
# when they cannot be installed
compat_need_agents() {
    if ! "$(dirname "${BASH_SOURCE[0]}")/install-agents.sh" >&2; then
        echo "SKIP: the agents could not be installed (tests/compat/install-agents.sh)"
        exit 77
    fi
    export RAMO_AGENTS_DIR="${RAMO_AGENTS_DIR:-$HOME/.cache/ramo-agents}"
    NODE="$RAMO_AGENTS_DIR/pi16/node_modules/.bin/node"
    if [ ! -x "$NODE" ]; then
        echo "SKIP: no Node 22 at $NODE"
        exit 77
    fi
}

# compat_run_node_check NAME SCRIPT RAMO_SESSION [FILES...]: runs SCRIPT (a check written for
# pi 1.6.0, under compat_need_agents' Node) with a session folder of its own, removed after,
# and returns its status.
compat_run_node_check() {
    local tmp status
    tmp=$(mktemp -d "${TMPDIR:-/tmp}/ramo-$1.XXXXXX")
    TMPDIR="$tmp" "$NODE" "$2" "$3" "$tmp/sessions" "${@:4}"
    status=$?
    rm -rf "$tmp"
    return $status
}

# Shared by the comparison scripts (sourced, not run): the ramo-session binary they are given,
# and what they need installed.
#
#   . "$(dirname "$0")/compat-lib.sh"
#   compat_ramo_binary "$1"      # sets RAMO to its absolute path, or exits 2
#   compat_need_node             # exits 77 (skipped) without node and npm

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

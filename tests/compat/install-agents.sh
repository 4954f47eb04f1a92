#!/usr/bin/env bash
# Install today's agents for the compat tests, next to pi 0.73.1 (run-compat.sh):
#
#   tests/compat/install-agents.sh [--check]
#
#   pi 1.6.0       npm @earendil-works/pi-coding-agent, run by npm's node@22 (its CLI
#                  needs Node >= 22.19; the system node is left alone)
#   oh-my-pi 18.2.3 npm @oh-my-pi/pi-coding-agent, run by npm's bun (its postinstall
#                  copies the binary out of the registry package @oven/bun-<platform>,
#                  nothing is downloaded from elsewhere)
#
# Everything goes into ${RAMO_AGENTS_DIR:-$HOME/.cache/ramo-agents}:
#   pi16/node_modules/...   pi16/node_modules/node/bin/node
#   omp/node_modules/...    omp/node_modules/bun/bin/bun.exe
# Installing again does nothing when the right versions are there. Prints one line per
# tool: name, version, path.
#
# --check: only report; exit 1 when something is missing.
# Exit status: 0 all present, 1 something missing or an install failed, 2 usage error.

set -u

PI16_VERSION=1.6.0
NODE22_VERSION=22.23.3
OMP_VERSION=18.2.3
BUN_VERSION=1.3.14

CHECK=
case "${1:-}" in
    "") ;;
    --check) CHECK=yes ;;
    *) echo "usage: $0 [--check]" >&2; exit 2 ;;
esac

if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then
    echo "error: node and npm are needed" >&2
    exit 1
fi

DIR="${RAMO_AGENTS_DIR:-$HOME/.cache/ramo-agents}"
PI16_DIR="$DIR/pi16"
OMP_DIR="$DIR/omp"

# version_of PACKAGE_JSON: its "version", or nothing
version_of() {
    node -e 'try{process.stdout.write(require(process.argv[1]).version)}catch{}' "$1" 2>/dev/null
}
# binary_version BINARY: what `BINARY --version` prints, without a leading "v"
binary_version() {
    [ -x "$1" ] && "$1" --version 2>/dev/null | head -n 1 | sed 's/^v//'
}

PI16_PKG="$PI16_DIR/node_modules/@earendil-works/pi-coding-agent/package.json"
NODE22_BIN="$PI16_DIR/node_modules/node/bin/node"
OMP_PKG="$OMP_DIR/node_modules/@oh-my-pi/pi-coding-agent/package.json"
BUN_BIN="$OMP_DIR/node_modules/bun/bin/bun.exe"

pi16_ok() {
    [ "$(version_of "$PI16_PKG")" = "$PI16_VERSION" ] && [ "$(binary_version "$NODE22_BIN")" = "$NODE22_VERSION" ]
}
omp_ok() {
    [ "$(version_of "$OMP_PKG")" = "$OMP_VERSION" ] && [ "$(binary_version "$BUN_BIN")" = "$BUN_VERSION" ]
}

# install DIR SPECS...: npm install into DIR (its own package.json, so the two agents
# never share a node_modules)
install() {
    local dir=$1
    shift
    mkdir -p "$dir"
    [ -f "$dir/package.json" ] || echo '{"private": true}' >"$dir/package.json"
    echo "installing $* into $dir ..." >&2
    (cd "$dir" && npm install --no-audit --no-fund --loglevel=error --save-exact "$@" >&2)
}

STATUS=0
if [ -z "$CHECK" ]; then
    if ! pi16_ok; then
        install "$PI16_DIR" "node@$NODE22_VERSION" "@earendil-works/pi-coding-agent@$PI16_VERSION" || STATUS=1
    fi
    if ! omp_ok; then
        install "$OMP_DIR" "bun@$BUN_VERSION" "@oh-my-pi/pi-coding-agent@$OMP_VERSION" || STATUS=1
    fi
fi

# report NAME WANTED GOT PATH
report() {
    if [ "$2" = "$3" ]; then
        printf '%-9s %-8s %s\n' "$1" "$3" "$4"
    else
        printf '%-9s MISSING  %s (wanted %s, found %s)\n' "$1" "$4" "$2" "${3:-nothing}"
        STATUS=1
    fi
}
report pi "$PI16_VERSION" "$(version_of "$PI16_PKG")" "$(dirname "$PI16_PKG")"
report node "$NODE22_VERSION" "$(binary_version "$NODE22_BIN")" "$NODE22_BIN"
report oh-my-pi "$OMP_VERSION" "$(version_of "$OMP_PKG")" "$(dirname "$OMP_PKG")"
report bun "$BUN_VERSION" "$(binary_version "$BUN_BIN")" "$BUN_BIN"
exit $STATUS

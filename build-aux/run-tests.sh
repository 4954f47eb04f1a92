#!/usr/bin/env bash
# Builds Ramo (warnings are errors) and runs every test: core, the window under Xvfb, the real
# pi 1.6.0 and oh-my-pi 18.2.3 driven over RPC, and the comparisons with pi 1.6.0, pi 0.73.1 and
# oh-my-pi. Fails when a window test was skipped: under Xvfb none may be.
set -euo pipefail
cd "$(dirname "$0")/.."

build-aux/install-deps.sh

# pi 0.73.1, the reference the compatibility tests compare with
pi_dir=${RAMO_PI_DIR:-$HOME/.cache/ramo-pi}
if [ ! -f "$pi_dir/node_modules/@mariozechner/pi-coding-agent/package.json" ]; then
  mkdir -p "$pi_dir"
  npm install --silent --no-audit --no-fund --prefix "$pi_dir" @mariozechner/pi-coding-agent@0.73.1
fi

# today's agents (pi 1.6.0, oh-my-pi 18.2.3) for the compat-pi16 comparison; does nothing when present
tests/compat/install-agents.sh

if [ ! -f _build/build.ninja ]; then
  meson setup _build --werror
else
  # a build directory the run command made: warnings are errors here too
  meson configure _build -Dwerror=true
fi
ninja -C _build

status=0
xvfb-run -a -s "-screen 0 1400x900x24" \
  dbus-run-session -- meson test -C _build --print-errorlogs --no-rebuild "$@" || status=$?

if grep -q '"result": "SKIP"' _build/meson-logs/testlog.json 2>/dev/null; then
  echo "error: some tests were skipped:" >&2
  grep '"result": "SKIP"' _build/meson-logs/testlog.json | grep -o '"name": "[^"]*"' >&2 || true
  status=1
fi

exit $status

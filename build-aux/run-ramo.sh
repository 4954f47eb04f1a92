#!/usr/bin/env bash
# Installs what is missing, builds Ramo, and opens it on the bundled example session
# (or on the files given).
set -euo pipefail
cd "$(dirname "$0")/.."

build-aux/install-deps.sh

if [ ! -f _build/build.ninja ]; then
  meson setup _build
fi
ninja -C _build

if [ $# -eq 0 ]; then
  set -- data/examples/example.jsonl
fi
exec _build/src/app/ramo "$@"

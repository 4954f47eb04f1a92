#!/usr/bin/env bash
# Installs what is missing, builds Ramo, registers the build with the desktop and D-Bus
# (build-aux/register-build.sh: `gapplication` finds it), and opens it on a copy of the bundled
# example session, ~/.cache/ramo/example.jsonl, fresh on each run (or on the files given): the
# README's `gapplication action` examples write to that copy.
set -euo pipefail
cd "$(dirname "$0")/.."

build-aux/install-deps.sh

if [ ! -f _build/build.ninja ]; then
  meson setup _build
fi
ninja -C _build
build-aux/register-build.sh _build

if [ $# -eq 0 ]; then
  example="$HOME/.cache/ramo/example.jsonl"
  mkdir -p "$(dirname "$example")"
  cp data/examples/example.jsonl "$example"
  set -- "$example"
fi
exec _build/src/app/ramo "$@"

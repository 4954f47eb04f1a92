#!/usr/bin/env bash
# Builds the loader fuzz target (over every file of the core) with clang (libFuzzer, AddressSanitizer, UndefinedBehaviorSanitizer)
# and runs it for SECONDS (default 60) on a seed corpus: the bundled example, the real fixtures
# (where ../shared is present), and the odd files of tests/fuzz/seeds/. A crash fails the run and
# leaves its input in tests/fuzz/crashes/ — turn it into a test in tests/test-bad-input.c.
set -euo pipefail
cd "$(dirname "$0")/../.."

seconds=${1:-60}
out=${RAMO_FUZZ_DIR:-_build/fuzz}
mkdir -p "$out/corpus" tests/fuzz/crashes

if ! command -v clang >/dev/null 2>&1; then
  echo "SKIP: clang not found (Debian packages clang, libclang-rt-dev)"
  exit 77
fi

cp tests/fuzz/fuzz-config.h "$out/config.h"
clang -g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined \
  -DGLIB_VERSION_MIN_REQUIRED=GLIB_VERSION_2_74 -DGLIB_VERSION_MAX_ALLOWED=GLIB_VERSION_2_74 \
  -I"$out" -Isrc/core \
  $(pkg-config --cflags glib-2.0 gio-2.0 gio-unix-2.0 json-glib-1.0 libsoup-3.0) \
  tests/fuzz/fuzz-load.c src/core/*.c \
  $(pkg-config --libs glib-2.0 gio-2.0 gio-unix-2.0 json-glib-1.0 libsoup-3.0) -lm \
  -o "$out/fuzz-load"

cp data/examples/*.jsonl tests/fuzz/seeds/* "$out/corpus/" 2>/dev/null || true
if [ -d ../shared/fixtures/real ]; then
  # their first lines: every structure they have, small enough to mutate quickly
  for f in ../shared/fixtures/real/*.jsonl; do
    head -n 40 "$f" > "$out/corpus/head-$(basename "$f")"
  done
fi

"$out/fuzz-load" -max_total_time="$seconds" -max_len=65536 -timeout=10 -rss_limit_mb=4096 \
  -artifact_prefix=tests/fuzz/crashes/ -print_final_stats=1 "$out/corpus" 2>&1 | tail -25

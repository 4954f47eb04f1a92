#!/usr/bin/env bash
# Compare Ramo's oh-my-pi context rules with oh-my-pi 18.2.3 itself, at every entry.
#
#   tests/compat/check-omp-context.sh RAMO_SESSION_BINARY [FILES...]
#
# For every file, at every entry id, at `root` and at the file's own leaf:
# `RAMO context FILE --json --dialect omp [--leaf ID|root]` must equal, as text
# (json-compare.mjs --exact), what oh-my-pi's buildSessionContext() gives
# (omp-dump.ts, which prints every member of its SessionContext but
# cacheMissExplainedAt). Files: tests/compat/cases/omp-core/*.jsonl (hand-made, one
# rule each), tests/compat/cases/omp/*.jsonl when present, and FILES.
#
# oh-my-pi and Bun come from ${RAMO_AGENTS_DIR:-~/.cache/ramo-agents}/omp
# (install-agents.sh); BUN overrides Bun, OMP_DUMP the dumper. When omp-dump.ts has
# a `contexts` mode, one Bun start gives all the contexts of a file. The prompt
# oh-my-pi renders context notes into is read by Ramo from that installation
# (RAMO_OMP_PACKAGE_DIR). Prints one line per file and the totals.
# Exit status: 0 all equal, 1 some differ, 2 usage error, 77 skipped (no oh-my-pi).

set -u

if [ $# -lt 1 ]; then
    echo "usage: $0 RAMO_SESSION_BINARY [FILES...]" >&2
    exit 2
fi
. "$(dirname "$0")/compat-lib.sh"
compat_ramo_binary "$1"
shift

HERE=$(cd "$(dirname "$0")" && pwd)
AGENTS=${RAMO_AGENTS_DIR:-$HOME/.cache/ramo-agents}
BUN=${BUN:-$AGENTS/omp/node_modules/.bin/bun}
OMP_DUMP=${OMP_DUMP:-$HERE/omp-dump.ts}
NODE=${NODE:-node}
export RAMO_OMP_PACKAGE_DIR=${RAMO_OMP_PACKAGE_DIR:-$AGENTS/omp/node_modules/@oh-my-pi/pi-coding-agent}
if [ ! -x "$BUN" ] || [ ! -f "$RAMO_OMP_PACKAGE_DIR/src/session/session-context.ts" ]; then
    echo "skip: oh-my-pi 18.2.3 is not installed in $AGENTS/omp (run tests/compat/install-agents.sh)"
    exit 77
fi
if ! command -v "$NODE" > /dev/null; then
    echo "skip: no node for json-compare.mjs"
    exit 77
fi

FILES=()
for f in "$HERE"/cases/omp-core/*.jsonl "$HERE"/cases/omp/*.jsonl; do
    [ -f "$f" ] && FILES+=("$f")
done
FILES+=("$@")

WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
# oh-my-pi writes under HOME; Bun reads it once, at its start: its runs get a HOME of their own
export RAMO_OMP_BUN="$BUN" RAMO_OMP_HOME="$WORK/omp-home"
BUN="$HERE/omp-bun.sh"

batch=0
grep -q '"contexts"' "$OMP_DUMP" && batch=1

total=0
equal=0
failed_files=0
for file in "${FILES[@]}"; do
    # the ids of the file's entries, once each, in file order
    "$NODE" -e '
        const seen = new Set();
        for (const line of require("fs").readFileSync(process.argv[1], "utf8").split("\n")) {
          let e;
          try { e = JSON.parse(line); } catch { continue; }
          if (!e || typeof e !== "object" || e.type === "session" || e.type === "title") continue;
          if (typeof e.id === "string" && !seen.has(e.id)) { seen.add(e.id); console.log(e.id); }
        }' "$file" > "$WORK/ids" || { echo "$file: cannot read"; failed_files=$((failed_files + 1)); continue; }
    leaves=("@leaf" "root")
    while IFS= read -r id; do leaves+=("$id"); done < "$WORK/ids"

    # what oh-my-pi computes, one context per line
    : > "$WORK/oracle"
    if [ $batch -eq 1 ]; then
        "$BUN" "$OMP_DUMP" contexts "$file" "${leaves[@]}" > "$WORK/oracle" 2> "$WORK/err"
    else
        for leaf in "${leaves[@]}"; do
            if [ "$leaf" = "@leaf" ]; then
                "$BUN" "$OMP_DUMP" context "$file" --all >> "$WORK/oracle" 2> "$WORK/err"
            else
                "$BUN" "$OMP_DUMP" context "$file" --all --leaf "$leaf" >> "$WORK/oracle" 2> "$WORK/err"
            fi || break
        done
    fi
    if [ "$(wc -l < "$WORK/oracle")" -ne ${#leaves[@]} ]; then
        echo "$(basename "$file"): omp-dump failed: $(head -c 300 "$WORK/err")"
        failed_files=$((failed_files + 1))
        total=$((total + ${#leaves[@]}))
        continue
    fi

    n=0
    ok=0
    for leaf in "${leaves[@]}"; do
        n=$((n + 1))
        sed -n "${n}p" "$WORK/oracle" > "$WORK/omp.json"
        if [ "$leaf" = "@leaf" ]; then
            "$RAMO" context "$file" --json --dialect omp > "$WORK/ramo.json" 2> "$WORK/err"
        else
            "$RAMO" context "$file" --json --dialect omp --leaf "$leaf" > "$WORK/ramo.json" 2> "$WORK/err"
        fi
        if diff=$("$NODE" "$HERE/json-compare.mjs" "$WORK/omp.json" "$WORK/ramo.json" --exact 2>&1); then
            ok=$((ok + 1))
        else
            echo "  $(basename "$file") --leaf $leaf: $diff $(head -c 200 "$WORK/err")"
        fi
    done
    echo "$(basename "$file"): $ok/$n"
    total=$((total + n))
    equal=$((equal + ok))
    [ $ok -eq $n ] || failed_files=$((failed_files + 1))
done

echo "oh-my-pi contexts: ${#FILES[@]} files, $equal/$total equal"
[ $failed_files -eq 0 ]

#!/usr/bin/env python3
"""The window benchmark (RAMO_BENCH_STARTUP=1) on generated sessions, one table.

    bench/window-bench.py [--ramo _build/src/app/ramo] [--keep DIR] [SHAPE:N ...]

SHAPE:N is session:N or comb:N (bench/make-session.py); the default is the three sessions of
issue 18: session:100000 comb:30000 session:1000000. Each runs in its own Ramo under xvfb-run;
its lines (ramo-bench: …) go to stderr, and a table of the summaries to stdout: time to the
first frame with the tree, the longest main-loop gap while opening, changing the filter,
searching, folding and unfolding, and the peak resident memory. Not part of the test suite.
"""

import argparse
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
SUMMARY = re.compile(r"summary: (\d+) entries, first frame with the tree ([\d.]+) ms .*? longest main-loop gap "
                     r"open ([\d.]+) ms, filter ([\d.]+) ms, search ([\d.]+) ms, fold ([\d.]+) ms, "
                     r"unfold ([\d.]+) ms; peak RSS (\d+) MiB")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("sessions", nargs="*", default=["session:100000", "comb:30000", "session:1000000"])
    parser.add_argument("--ramo", default=os.path.join(ROOT, "_build/src/app/ramo"))
    parser.add_argument("--keep", help="generate the sessions into DIR and keep them (reused when present)")
    parser.add_argument("--timeout", type=int, default=1800)
    args = parser.parse_args()

    scratch = tempfile.TemporaryDirectory(prefix="ramo-window-bench-")
    folder = args.keep or scratch.name
    os.makedirs(folder, exist_ok=True)
    rows = []
    for spec in args.sessions:
        shape, n = spec.split(":")
        path = os.path.join(folder, f"{shape}-{n}.jsonl")
        if not os.path.exists(path):
            subprocess.run([sys.executable, os.path.join(HERE, "make-session.py"), shape, n, path],
                           check=True, stdout=subprocess.DEVNULL)
        env = dict(os.environ, RAMO_BENCH_STARTUP="1")
        run = subprocess.run(["xvfb-run", "-a", "-s", "-screen 0 1400x900x24", "dbus-run-session", "--",
                              args.ramo, path], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                             text=True, timeout=args.timeout)
        lines = [line for line in run.stderr.splitlines() if line.startswith("ramo-bench:")]
        print(f"== {spec}", file=sys.stderr)
        print("\n".join(lines), file=sys.stderr)
        match = next((SUMMARY.search(line) for line in lines if SUMMARY.search(line)), None)
        rows.append((spec, match.groups() if match else None))

    print(f"{'session':>16} {'entries':>8} | {'1st frame':>9} | longest main-loop gap (ms): "
          f"{'open':>7} {'filter':>7} {'search':>7} {'fold':>7} {'unfold':>7} | {'peak MiB':>8}")
    for spec, groups in rows:
        if groups is None:
            print(f"{spec:>16} (no summary: see the lines above)")
            continue
        entries, first, *gaps, rss = groups
        print(f"{spec:>16} {entries:>8} | {float(first):>7.0f}ms | {'':27}" +
              " ".join(f"{float(g):>7.1f}" for g in gaps) + f" | {rss:>8}")


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Ramo against pi 1.6.0, oh-my-pi 18.2.3 and pi 0.73.1, each on a session it wrote itself.

    bench/run.py [--entries 100000[,N...]] [--runs 5] [--peers pi-1.6,omp,pi-0.73] [--window]
                 [--keep DIR] [--seed 42] [--ramo-session PATH] [--ramo PATH]

For each size N and each peer, the peer's own session manager writes a session of N entries
(user turns, assistant turns with thinking and tool calls, tool results, a few large images,
labels, branches, branch summaries, compactions, custom messages, model and thinking changes):

  pi-1.6   pi 1.6.0 (npm @earendil-works/pi-coding-agent) on Node 22, both from
           ~/.cache/ramo-agents/pi16: bench/generate.mjs --agent pi-1.6 -> bench-pi16-N.jsonl
  omp      oh-my-pi 18.2.3 (npm @oh-my-pi/pi-coding-agent, its src/session) on Bun 1.3.14, both
           from ~/.cache/ramo-agents/omp: bench/generate-omp.ts -> bench-omp-N.jsonl, with the
           HOME it ran with beside it (bench-omp-N.home: its blob store holds the images)
  pi-0.73  pi 0.73.1 (npm @mariozechner/pi-coding-agent, ~/.cache/ramo-pi) on the system's
           node: bench/generate.mjs -> bench-N.jsonl

Then it times whole processes, each run on its own fresh copy of the file:
  cat      `cat FILE > /dev/null`: the floor, reading the file
  ramo     `ramo-session info FILE` (load, index, tree, default projection, context at the leaf)
           on every peer's file
  the peer on its own file, opening it as the agent does when it resumes a session:
           SessionManager.open(FILE), buildSessionContext(), getTree()
           (bench/pi-open.mjs, bench/omp-open.ts)
  window   with --window: Ramo's window on every file (RAMO_BENCH_STARTUP=1 under xvfb-run,
           as bench/window-bench.py), from its own report: process start to the first frame
           with the tree (10 ms ticks) and the peak RSS then, and the time from the window
           asking for its file to that frame (the window goes on with the rest of its
           benchmark, ~15 s a run on 100,000 entries, which is not counted); and, once, GTK's
           floor: an empty libadwaita window (bench/bench-empty-window, same size, same display)
           from process start to its first frame, measured the same way; Ramo's first frame
           with the tree on each file is then printed as a multiple of it (goal: at most 1.5x
           on the 100,000-entry session)

Each program runs once unmeasured (to warm the page cache and Bun's transpiler cache), then
--runs times, the programs on a file taking turns; the table has the median wall time and the median peak RSS (from /usr/bin/time)
of those runs, then Ramo/peer for each peer on its own file against the goals of issue 21 on
the 100,000-entry session: Ramo's time at most 0.10x and its peak memory at most 0.25x pi
1.6.0's and oh-my-pi's (pi 0.73.1 has no goal). The machine's load (uptime) is printed before
and after: the numbers mean something only on a quiet machine. Not part of the test suite.

The agents come from tests/compat/install-agents.sh (run when they are missing) and, for pi
0.73.1, npm (installed into $RAMO_PI_DIR or ~/.cache/ramo-pi when missing).
"""

import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
PI_VERSION = "0.73.1"
AGENTS = os.environ.get("RAMO_AGENTS_DIR", os.path.expanduser("~/.cache/ramo-agents"))
PI_DIR = os.environ.get("RAMO_PI_DIR", os.path.expanduser("~/.cache/ramo-pi"))
NODE22 = os.path.join(AGENTS, "pi16/node_modules/node/bin/node")
BUN = os.path.join(AGENTS, "omp/node_modules/bun/bin/bun.exe")

# the window's own report (src/app/ramo-window-bench.c)
WINDOW_START = re.compile(r"ramo-bench: process start to the first frame with the tree: ([\d.]+) ms")
WINDOW_FILE = re.compile(r"ramo-bench: from the window asking for its file .* to the first frame with the tree: ([\d.]+) ms")
WINDOW_RSS = re.compile(r"ramo-bench: resident memory with the tree shown \d+ MiB \(peak (\d+) MiB\)")
# GTK's floor (bench/bench-empty-window.c)
EMPTY_START = re.compile(r"bench-empty-window: process start to the first frame: ([\d.]+) ms")

GOAL_TIME = 0.10
GOAL_MEMORY = 0.25
GOAL_WINDOW = 1.5


class Peer:
    def __init__(self, key, name, generate, open_cmd, goal):
        self.key = key
        self.name = name
        self.generate = generate  # (outdir, n, seed) -> argv printing the session's path
        self.open_cmd = open_cmd  # session path -> (argv without the file, env)
        self.goal = goal          # whether issue 21 sets a goal against it


def omp_env(session):
    home = session[: -len(".jsonl")] + ".home"
    env = dict(os.environ, HOME=home, XDG_CONFIG_HOME=os.path.join(home, ".config"),
               XDG_DATA_HOME=os.path.join(home, ".local/share"), XDG_CACHE_HOME=os.path.join(home, ".cache"),
               XDG_STATE_HOME=os.path.join(home, ".local/state"), RAMO_AGENTS_DIR=AGENTS)
    env.pop("PI_CODING_AGENT_DIR", None)
    return home, env


PEERS = {
    "pi-1.6": Peer("pi-1.6", "pi 1.6.0",
                   lambda out, n, seed: [NODE22, os.path.join(HERE, "generate.mjs"), "--agent", "pi-1.6",
                                         out, str(n), str(seed)],
                   lambda session: ([NODE22, os.path.join(HERE, "pi-open.mjs"), "--agent", "pi-1.6"],
                                    dict(os.environ, RAMO_AGENTS_DIR=AGENTS)),
                   True),
    "omp": Peer("omp", "oh-my-pi 18.2.3",
                lambda out, n, seed: [BUN, os.path.join(HERE, "generate-omp.ts"), out, str(n), str(seed)],
                lambda session: ([BUN, os.path.join(HERE, "omp-open.ts"), "--home", omp_env(session)[0]],
                                 omp_env(session)[1]),
                True),
    "pi-0.73": Peer("pi-0.73", "pi 0.73.1",
                    lambda out, n, seed: ["node", os.path.join(HERE, "generate.mjs"), out, str(n), str(seed)],
                    lambda session: (["node", os.path.join(HERE, "pi-open.mjs")],
                                     dict(os.environ, RAMO_PI_DIR=PI_DIR)),
                    False),
}
SESSION_NAME = {"pi-1.6": "bench-pi16-{}.jsonl", "omp": "bench-omp-{}.jsonl", "pi-0.73": "bench-{}.jsonl"}


def ensure_agents(keys):
    if "pi-0.73" in keys:
        pkg = os.path.join(PI_DIR, "node_modules/@mariozechner/pi-coding-agent/package.json")
        if not os.path.exists(pkg):
            os.makedirs(PI_DIR, exist_ok=True)
            subprocess.run(["npm", "install", "--no-audit", "--no-fund", "--prefix", PI_DIR,
                            f"@mariozechner/pi-coding-agent@{PI_VERSION}"], check=True)
    if {"pi-1.6", "omp"} & set(keys):
        script = os.path.join(ROOT, "tests/compat/install-agents.sh")
        env = dict(os.environ, RAMO_AGENTS_DIR=AGENTS)
        if subprocess.run(["bash", script, "--check"], env=env, stdout=subprocess.DEVNULL).returncode != 0:
            subprocess.run(["bash", script], env=env, check=True, stdout=subprocess.DEVNULL)


def measure(argv, env, path, scratch):
    """One whole process on a fresh copy of PATH (same base name, its own folder):
    (wall seconds, peak RSS in MiB). The peak comes from /usr/bin/time: a process forked from
    Python would count Python's own pages (Linux keeps the highest RSS across exec), time's
    are ~1 MiB."""
    folder = tempfile.mkdtemp(dir=scratch)
    copy = os.path.join(folder, os.path.basename(path))
    shutil.copyfile(path, copy)
    report = os.path.join(folder, "time.out")
    with tempfile.TemporaryFile() as err:
        start = time.perf_counter()
        code = subprocess.run(["/usr/bin/time", "-f", "%M", "-o", report] + argv + [copy], env=env,
                              stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=err).returncode
        wall = time.perf_counter() - start
        if code != 0:
            err.seek(0)
            sys.exit(f"{' '.join(argv)} {copy} failed ({code}):\n{err.read().decode(errors='replace')[-2000:]}")
    with open(report) as f:
        rss = int(f.read().split()[-1]) / 1024
    shutil.rmtree(folder)
    return wall, rss


def measure_window(ramo, path, scratch, timeout):
    """Ramo's window on a copy of PATH: (process start to the first frame with the tree in s,
    peak RSS then in MiB, the window asking for its file to that frame in s)."""
    folder = tempfile.mkdtemp(dir=scratch)
    copy = os.path.join(folder, os.path.basename(path))
    shutil.copyfile(path, copy)
    env = dict(os.environ, RAMO_BENCH_STARTUP="1")
    run = subprocess.run(["xvfb-run", "-a", "-s", "-screen 0 1400x900x24", "dbus-run-session", "--", ramo, copy],
                         env=env, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                         text=True, timeout=timeout)
    shutil.rmtree(folder)
    found = [next((m for m in map(pattern.search, run.stderr.splitlines()) if m), None)
             for pattern in (WINDOW_START, WINDOW_RSS, WINDOW_FILE)]
    if None in found:
        sys.exit(f"the window did not report its first frame with the tree on {path}:\n{run.stderr[-2000:]}")
    start, rss, from_file = (float(m.group(1)) for m in found)
    return start / 1000, rss, from_file / 1000


def measure_empty_window(program, timeout):
    """An empty libadwaita window: (process start to its first frame in s, None: no memory)."""
    run = subprocess.run(["xvfb-run", "-a", "-s", "-screen 0 1400x900x24",
                          "dbus-run-session", "--", program],
                         stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                         timeout=timeout)
    found = EMPTY_START.search(run.stdout)
    if found is None:
        sys.exit(f"the empty window did not report its first frame:\n{run.stdout[-1000:]}{run.stderr[-2000:]}")
    return float(found.group(1)) / 1000, None


def median_of(runs):
    """(median wall, median peak RSS, fastest wall, slowest wall)"""
    walls = [r[0] for r in runs]
    memory = [r[1] for r in runs if r[1] is not None]
    return statistics.median(walls), statistics.median(memory) if memory else None, min(walls), max(walls)


def load():
    with open("/proc/loadavg") as f:
        return " ".join(f.read().split()[:3])


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--entries", default="100000", help="session sizes, comma-separated (default 100000)")
    parser.add_argument("--runs", type=int, default=5, help="measured runs of each program (default 5)")
    parser.add_argument("--peers", default="pi-1.6,omp,pi-0.73",
                        help="comma-separated, from pi-1.6, omp, pi-0.73 (default all three)")
    parser.add_argument("--window", action="store_true",
                        help="also Ramo's window on each file (xvfb-run; --runs runs, no warm-up)")
    parser.add_argument("--keep", metavar="DIR",
                        help="write the sessions into DIR and keep them; sessions already there are reused")
    parser.add_argument("--seed", type=int, default=42, help="the generators' seed (default 42)")
    parser.add_argument("--ramo-session", default=os.path.join(ROOT, "_build/src/cli/ramo-session"))
    parser.add_argument("--ramo", default=os.path.join(ROOT, "_build/src/app/ramo"), help="for --window")
    parser.add_argument("--bench-append", default=os.path.join(ROOT, "_build/bench/bench-append"))
    parser.add_argument("--empty-window", default=os.path.join(ROOT, "_build/bench/bench-empty-window"),
                        help="GTK's floor for --window: an empty libadwaita window")
    parser.add_argument("--timeout", type=int, default=1800, help="seconds for one window run")
    args = parser.parse_args()

    keys = [k for k in args.peers.split(",") if k]
    unknown = [k for k in keys if k not in PEERS]
    if unknown or not keys:
        parser.error(f"unknown peer {', '.join(unknown)}: choose from {', '.join(PEERS)}")
    if args.runs < 1:
        parser.error("--runs must be at least 1")
    sizes = [int(s) for s in args.entries.split(",") if s]
    if not os.path.exists("/usr/bin/time"):
        sys.exit("needs /usr/bin/time (Debian package: time)")
    ramo = os.path.abspath(args.ramo_session)
    if not os.access(ramo, os.X_OK):
        sys.exit(f"{ramo} not found: build Ramo first (meson setup _build && ninja -C _build)")
    window = os.path.abspath(args.ramo)
    if args.window and not os.access(window, os.X_OK):
        sys.exit(f"{window} not found: build Ramo first")
    empty = os.path.abspath(args.empty_window)
    if args.window and not os.access(empty, os.X_OK):
        sys.exit(f"{empty} not found: build Ramo first")
    ensure_agents(keys)

    print(f"load average before: {load()} ({os.cpu_count()} cores)", flush=True)
    scratch = tempfile.TemporaryDirectory(prefix="ramo-bench-")
    folder = os.path.abspath(args.keep) if args.keep else scratch.name
    os.makedirs(folder, exist_ok=True)
    ramo_cmd = ([ramo, "info"], None)
    cat_cmd = (["cat"], None)

    floor = None  # GTK's: an empty libadwaita window's first frame (median, MiB, fastest, slowest)
    if args.window:
        print("timing an empty libadwaita window (GTK's floor) ...", file=sys.stderr, flush=True)
        floor = median_of([measure_empty_window(empty, args.timeout) for _ in range(args.runs + 1)][1:])
    window_ratios = []  # (size, file name, Ramo's first frame with the tree / the floor)

    rows = []     # (size, peer, path, MB, [(program, (wall, MiB))])
    ratios = []   # (size, peer, time ratio, memory ratio)
    appends = []
    for size in sizes:
        for key in keys:
            peer = PEERS[key]
            path = os.path.join(folder, SESSION_NAME[key].format(size))
            home = path[: -len(".jsonl")] + ".home"
            if not os.path.exists(path) or (key == "omp" and not os.path.isdir(home)):
                print(f"generating {os.path.basename(path)} with {peer.name} ...", file=sys.stderr, flush=True)
                made = subprocess.run(peer.generate(folder, size, args.seed), check=True, capture_output=True,
                                      text=True, env=dict(os.environ, RAMO_AGENTS_DIR=AGENTS, RAMO_PI_DIR=PI_DIR))
                if made.stdout.strip() != path:
                    sys.exit(f"the generator wrote {made.stdout.strip()!r}, not {path}")
            programs = (("cat (the floor)", cat_cmd), ("ramo-session info", ramo_cmd), (peer.name, peer.open_cmd(path)))
            print(f"timing {', '.join(p for p, _ in programs)} on {os.path.basename(path)} ...", file=sys.stderr,
                  flush=True)
            # one unmeasured run each, then the runs in turn, so that a change in the machine's load
            # falls on all of them
            runs = {program: [] for program, _ in programs}
            for i in range(args.runs + 1):
                for program, (argv, env) in programs:
                    run = measure(argv, env, path, scratch.name)
                    if i > 0:
                        runs[program].append(run)
            results = [(program, median_of(runs[program])) for program, _ in programs]
            if args.window:
                print(f"timing the window on {os.path.basename(path)} ...", file=sys.stderr, flush=True)
                window_runs = [measure_window(window, path, scratch.name, args.timeout) for _ in range(args.runs)]
                results.append(("ramo window: tree frame", median_of(window_runs)))
                window_ratios.append((size, os.path.basename(path), results[-1][1][0] / floor[0]))
                from_file = median_of([(r[2], 0) for r in window_runs])
                results.append(("  from asking for file", (from_file[0], None) + from_file[2:]))
            (rt, rm), (pt, pm) = results[1][1][:2], results[2][1][:2]
            rows.append((size, peer, path, os.path.getsize(path) / 2**20, results))
            ratios.append((size, peer, rt / pt, rm / pm))
            if os.access(args.bench_append, os.X_OK):
                copy = os.path.join(scratch.name, "append.jsonl")
                shutil.copyfile(path, copy)
                out = subprocess.run([args.bench_append, copy, "200"], check=True, capture_output=True,
                                     text=True).stdout.strip()
                appends.append((os.path.basename(path), out))
                os.unlink(copy)
            if not args.keep:
                os.unlink(path)
                shutil.rmtree(home, ignore_errors=True)

    print(f"\n{'session file':<26} {'entries':>8} {'MiB':>6} | {'program':<24} {'wall s':>7} {'(fastest-slowest)':>17} "
          f"{'peak MiB':>9}")
    for size, peer, path, mib, results in rows:
        for i, (program, (wall, rss, fastest, slowest)) in enumerate(results):
            head = f"{os.path.basename(path):<26} {size:>8} {mib:>6.1f}" if i == 0 else f"{'':<26} {'':>8} {'':>6}"
            print(f"{head} | {program:<24} {wall:>7.3f} {f'({fastest:.3f}-{slowest:.3f})':>17} "
                  f"{'' if rss is None else f'{rss:.1f}':>9}")
    print(f"(median of {args.runs} whole-process runs each, after one unmeasured run; "
          f"{os.cpu_count()} cores)")

    print(f"\nRamo (ramo-session info) / peer, each peer on its own file; goals of issue 21 on 100,000 "
          f"entries: time <= {GOAL_TIME:.2f}x, memory <= {GOAL_MEMORY:.2f}x")
    print(f"{'peer':<16} {'entries':>8} | {'time':>7} {'goal':<8} | {'memory':>7} {'goal':<8}")
    for size, peer, t, m in ratios:
        def mark(value, goal):
            if not peer.goal:
                return "(none)"
            return "met" if value <= goal else "not met"
        print(f"{peer.name:<16} {size:>8} | {t:>6.3f}x {mark(t, GOAL_TIME):<8} | {m:>6.3f}x {mark(m, GOAL_MEMORY):<8}")
    if floor is not None:
        print(f"\nthe window: process start to the first frame with the tree / an empty libadwaita window's "
              f"first frame ({floor[0]:.3f} s, {floor[2]:.3f}-{floor[3]:.3f}: GTK's floor); goal on 100,000 "
              f"entries: <= {GOAL_WINDOW:.1f}x")
        for size, name, ratio in window_ratios:
            print(f"{name:<26} {size:>8} | {ratio:>6.2f}x {'met' if ratio <= GOAL_WINDOW else 'not met'}")
    for name, line in appends:
        print(f"append (label, no fsync) to {name}: {line}")
    print(f"\nload average after: {load()}")


if __name__ == "__main__":
    main()

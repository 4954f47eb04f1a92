#!/usr/bin/env python3
"""Seeded benchmark sessions of two shapes, written as pi 0.73+ writes them (version 3).

    bench/make-session.py comb N OUT [--seed S] [--side K]
    bench/make-session.py session N OUT [--seed S]

comb     a chain of N user/assistant entries where every entry also has a side branch of K
         entries (default 1): N branch points, so pi's layout nests one level deeper at each;
         the leaf is the last side branch, the chain is the active path
session  N entries of a coding session, as bench/generate.mjs makes with pi's SessionManager
         (user turns, assistant turns with thinking and tool calls, tool results, labels,
         branches back to an earlier user turn, some with a summary, compactions, custom
         messages, model and thinking-level changes), without needing pi or node

Deterministic for a given shape, N and seed; no network. Prints OUT.
"""

import argparse
import json
import random
import sys
import time

CWD = "/home/user/projects/bench"
WORDS = ("the a parser tree branch leaf session entry label summary file build test error fix "
         "refactor function module cache index token context model window row list filter "
         "search open save").split()
TOOLS = ["read", "bash", "edit", "write", "grep", "find", "ls"]
USAGE = {"input": 1200, "output": 300, "cacheRead": 0, "cacheWrite": 0, "totalTokens": 1500,
         "cost": {"input": 0.001, "output": 0.002, "cacheRead": 0, "cacheWrite": 0, "total": 0.003}}
START_MS = 1777629600000  # 2026-05-01T10:00:00Z


class Writer:
    """Entries with unique 8-hex ids (a bijection of the entry's number) and rising times."""

    def __init__(self, out, rng):
        self.out = out
        self.rng = rng
        self.n = 0
        self.leaf = None

    def sentence(self, n):
        return " ".join(self.rng.choice(WORDS) for _ in range(n))

    def stamp(self):
        ms = START_MS + self.n * 1000
        secs, milli = divmod(ms, 1000)
        return time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(secs)) + ".%03dZ" % milli, ms

    def entry(self, kind, parent, **fields):
        entry_id = "%08x" % ((self.n * 2654435761 + 0x9e3779b9) & 0xFFFFFFFF)
        iso, _ = self.stamp()
        record = {"type": kind, "id": entry_id, "parentId": parent, "timestamp": iso}
        record.update(fields)
        self.out.write(json.dumps(record, separators=(",", ":")) + "\n")
        self.n += 1
        self.leaf = entry_id
        return entry_id

    def user(self, parent, text):
        _, ms = self.stamp()
        return self.entry("message", parent,
                          message={"role": "user", "content": [{"type": "text", "text": text}], "timestamp": ms})

    def assistant(self, parent, content, stop="stop"):
        _, ms = self.stamp()
        return self.entry("message", parent,
                          message={"role": "assistant", "content": content, "api": "anthropic-messages",
                                   "provider": "anthropic", "model": "claude-sonnet-4-5", "usage": USAGE,
                                   "stopReason": stop, "timestamp": ms})

    def tool_result(self, parent, call_id, name, text):
        _, ms = self.stamp()
        return self.entry("message", parent,
                          message={"role": "toolResult", "toolCallId": call_id, "toolName": name,
                                   "content": [{"type": "text", "text": text}], "isError": False,
                                   "timestamp": ms})


def header(out, seed):
    out.write(json.dumps({"type": "session", "version": 3,
                          "id": "0b5e0000-0000-4000-8000-%012x" % (seed & 0xFFFFFFFFFFFF),
                          "timestamp": "2026-05-01T10:00:00.000Z", "cwd": CWD},
                         separators=(",", ":")) + "\n")


def comb(w, n, side):
    """A chain whose every entry also starts a side branch of `side` entries."""
    parent = w.entry("model_change", None, provider="anthropic", modelId="claude-sonnet-4-5")
    for i in range(n):
        if i % 2 == 0:
            point = w.user(parent, "step %d: %s" % (i, w.sentence(6)))
        else:
            point = w.assistant(parent, [{"type": "text", "text": "step %d: %s" % (i, w.sentence(8))}])
        tip = point
        for k in range(side):
            tip = w.user(tip, "side %d.%d: %s" % (i, k, w.sentence(4)))
        parent = point
    # the last side branch written is the leaf: the chain is on the active path


def session(w, n):
    """What bench/generate.mjs writes with pi's own SessionManager."""
    rng = w.rng
    leaf = w.entry("model_change", None, provider="anthropic", modelId="claude-sonnet-4-5")
    leaf = w.entry("thinking_level_change", leaf, thinkingLevel="medium")
    users = []  # (id, parent id)
    call = 0
    while w.n < n:
        r = rng.random()
        if r < 0.012 and len(users) > 3:
            back_id, back_parent = rng.choice(users[-50:])
            if rng.random() < 0.5:
                leaf = w.entry("branch_summary", back_parent, fromId=leaf,
                               summary="Abandoned: " + w.sentence(30),
                               details={"readFiles": ["src/a.c"], "modifiedFiles": ["src/b.c"]})
            else:
                leaf = back_parent or back_id
        elif r < 0.02:
            if users:
                target = rng.choice(users[-20:])[0]
                label = "mark-%d" % w.n if rng.random() < 0.8 else None
                fields = {"targetId": target}
                if label is not None:
                    fields["label"] = label
                leaf = w.entry("label", leaf, **fields)
        elif r < 0.023 and len(users) > 2:
            leaf = w.entry("compaction", leaf, summary="## Summary\n" + w.sentence(120),
                           firstKeptEntryId=users[-1][0], tokensBefore=40000 + int(rng.random() * 90000),
                           details={"readFiles": ["src/a.c"], "modifiedFiles": ["src/b.c"]})
        elif r < 0.026:
            leaf = w.entry("custom_message", leaf, customType="test-runner",
                           content="tests: %d passed" % int(rng.random() * 200), display=True)
        elif r < 0.028:
            leaf = w.entry("thinking_level_change", leaf, thinkingLevel=rng.choice(["low", "medium", "high"]))
        else:
            parent = leaf
            leaf = w.user(leaf, w.sentence(10 + int(rng.random() * 60)))
            users.append((leaf, parent))
            for _ in range(int(rng.random() * 4)):
                if w.n >= n:
                    break
                name = rng.choice(TOOLS)
                call_id = "toolu_%x" % call
                call += 1
                if name == "bash":
                    args = {"command": "make -j2 && ./run " + w.sentence(6)}
                elif name in ("grep", "find"):
                    args = {"pattern": rng.choice(WORDS), "path": "src"}
                else:
                    args = {"path": "%s/src/%s.c" % (CWD, rng.choice(WORDS))}
                    if name == "write":
                        args["content"] = w.sentence(40)
                leaf = w.assistant(leaf, [{"type": "thinking", "thinking": w.sentence(20), "thinkingSignature": ""},
                                          {"type": "toolCall", "id": call_id, "name": name, "arguments": args}],
                                   "toolUse")
                leaf = w.tool_result(leaf, call_id, name, w.sentence(10 + int(rng.random() * 55)))
            if w.n < n:
                leaf = w.assistant(leaf, [{"type": "text", "text": w.sentence(10 + int(rng.random() * 60))}])
    # pi's leaf is the last entry written; a branch made last (a move with no entry) is lost
    # when the file is read again, as in pi


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("shape", choices=["comb", "session"])
    parser.add_argument("n", type=int)
    parser.add_argument("out")
    parser.add_argument("--seed", type=int, default=42)
    parser.add_argument("--side", type=int, default=1, help="comb: entries in each side branch")
    args = parser.parse_args()

    with open(args.out, "w", encoding="utf-8") as out:
        header(out, args.seed)
        w = Writer(out, random.Random(args.seed))
        if args.shape == "comb":
            comb(w, args.n, args.side)
        else:
            session(w, args.n)
    print(args.out)


if __name__ == "__main__":
    sys.exit(main())

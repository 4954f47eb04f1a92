#!/usr/bin/python3
# test-cli-compare.py — `ramo-session compare FILE ID ID --json` and `export --markdown` on a
# session whose differences are known
#
# Copyright 2026 The Ramo authors
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Two attempts after one user message: the first reply has one word more, the same tool with
# other arguments, one more tool call; the results are the same; the left attempt ends with an
# error result the right one does not have; the right one goes on with a user message whose
# text has a line feed and an escape. Checked: the fork, each step's kind and ids, that each
# diff's runs give back the texts the file holds (read here with Python's json), the words
# removed and added, the tool calls, the exit statuses, and that the human output keeps each
# step on its own lines.
#
#   test-cli-compare.py RAMO_SESSION

import datetime
import json
import os
import subprocess
import sys
import tempfile

TS = "2026-03-01T10:00:0%d.000Z"


def message(id, parent, n, message):
    message = dict(message, timestamp=n)
    return {"type": "message", "id": id, "parentId": parent, "timestamp": TS % (n % 10), "message": message}


def assistant(text, *calls, usage=None):
    content = [{"type": "text", "text": text}]
    content += [{"type": "toolCall", "id": "call-%d" % i, "name": n, "arguments": a} for i, (n, a) in enumerate(calls)]
    return dict({"role": "assistant", "content": content, "model": "m", "stopReason": "toolUse"},
                **({"usage": usage} if usage else {}))


def usage(input, output, cache_read, cache_write, cost):
    return {"input": input, "output": output, "cacheRead": cache_read, "cacheWrite": cache_write,
            "totalTokens": input + output + cache_read + cache_write, "cost": {"total": cost}}


def result(name, text, error=False):
    return {"role": "toolResult", "toolCallId": "x", "toolName": name,
            "content": [{"type": "text", "text": text}], "isError": error}


ENTRIES = [
    {"type": "session", "version": 3, "id": "cmp-1", "timestamp": TS % 0, "cwd": "/tmp"},
    message("u1", None, 1, {"role": "user", "content": "Fix the failing test"}),
    message("la", "u1", 2, assistant("I will read the test first.",
                                     ("read", {"path": "tests/a.c"}), usage=usage(1200, 80, 300, 0, 0.0123))),
    message("lr", "la", 3, result("read", "int main(void) { return 1; }")),
    message("le", "lr", 4, result("bash", "make: *** Error 1", True)),
    message("ra", "u1", 5, assistant("I will read the failing test first.",
                                     ("read", {"path": "tests/b.c"}), ("bash", {"command": "make"}),
                                     usage=usage(1500, 95, 0, 40, 0.02))),
    message("rr", "ra", 6, result("read", "int main(void) { return 1; }")),
    message("ru", "rr", 7, {"role": "user", "content": "Good\n\u001b[31mnow commit"}),
    message("z1", None, 8, {"role": "user", "content": "another root"}),
]


def side_figures(by_id, end, fork):
    """What the entries below fork down to end used, from the file's own JSON"""
    want = {"input": 0, "output": 0, "cacheRead": 0, "cacheWrite": 0, "cost": 0.0, "entries": 0,
            "toolCalls": 0, "toolErrors": 0, "times": []}
    entry = by_id[end]
    while entry["id"] != fork:
        msg = entry.get("message", {})
        u = msg.get("usage")
        if u:
            for k in ("input", "output", "cacheRead", "cacheWrite"):
                want[k] += u[k]
            want["cost"] += u["cost"]["total"]
        want["toolCalls"] += sum(1 for c in msg.get("content", []) if isinstance(c, dict) and c.get("type") == "toolCall")
        want["toolErrors"] += 1 if msg.get("role") == "toolResult" and msg.get("isError") else 0
        want["entries"] += 1
        want["times"].append(entry["timestamp"])
        entry = by_id[entry["parentId"]]
    return want


def check_figures(got, want, side):
    tokens = got["tokens"]
    pairs = [(tokens["input"], want["input"]), (tokens["output"], want["output"]),
             (tokens["cacheRead"], want["cacheRead"]), (tokens["cacheWrite"], want["cacheWrite"]),
             (got["entries"], want["entries"]), (got["toolCalls"], want["toolCalls"]),
             (got["toolErrors"], want["toolErrors"])]
    if any(a != b for a, b in pairs) or abs(got["cost"] - want["cost"]) > 1e-12:
        fail("%s figures %r, expected %r" % (side, got, want))
    times = sorted(want["times"])
    first = datetime.datetime.fromisoformat(times[0].replace("Z", "+00:00")).timestamp() * 1000
    last = datetime.datetime.fromisoformat(times[-1].replace("Z", "+00:00")).timestamp() * 1000
    if (got["firstTime"], got["lastTime"], got["wallMs"]) != (first, last, last - first):
        fail("%s times %r, expected %r" % (side, got, (first, last)))


def fail(message):
    print("not ok -", message)
    sys.exit(1)


def run(exe, *args):
    return subprocess.run([exe, *args], capture_output=True, text=True)


def joined(diff, skip):
    return "".join(span["text"] for span in diff if span["op"] != skip)


def main():
    exe = sys.argv[1]
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "compare.jsonl")
        with open(path, "w") as f:
            for entry in ENTRIES:
                f.write(json.dumps(entry) + "\n")
        by_id = {e["id"]: e for e in ENTRIES}

        done = run(exe, "compare", path, "le", "ru", "--json")
        if done.returncode != 0:
            fail("compare exited %d: %s" % (done.returncode, done.stderr))
        out = json.loads(done.stdout)
        if (out["fork"], out["shared"], out["leftPath"], out["rightPath"]) != ("u1", 1, ["la", "lr", "le"], ["ra", "rr", "ru"]):
            fail("fork and paths: %r" % out)
        # what each path used after the fork, against sums over the file's own entries
        check_figures(out["leftFigures"], side_figures(by_id, "le", "u1"), "left")
        check_figures(out["rightFigures"], side_figures(by_id, "ru", "u1"), "right")
        if out["leftFigures"]["tokens"]["input"] != 1200 or out["rightFigures"]["toolCalls"] != 2:
            fail("figures not read: %r" % out)
        steps = [(s["kind"], s["entryKind"], s["left"], s["right"]) for s in out["steps"]]
        want = [("changed", "assistant", "la", "ra"), ("same", "toolResult", "lr", "rr"),
                ("only-left", "toolResult", "le", None), ("only-right", "user", None, "ru")]
        if steps != want:
            fail("steps %r, expected %r" % (steps, want))

        changed = out["steps"][0]
        left_text = by_id["la"]["message"]["content"][0]["text"]
        right_text = by_id["ra"]["message"]["content"][0]["text"]
        if joined(changed["diff"], "added") != left_text or joined(changed["diff"], "removed") != right_text:
            fail("the diff's runs do not give back the texts: %r" % changed["diff"])
        added = [s["text"] for s in changed["diff"] if s["op"] == "added"]
        removed = [s["text"] for s in changed["diff"] if s["op"] == "removed"]
        if added != ["failing "] or removed != [] or changed["granularity"] != "words":
            fail("words added %r, removed %r" % (added, removed))

        calls = changed["toolCalls"]
        if [c["kind"] for c in calls] != ["changed", "only-right"]:
            fail("tool calls %r" % calls)
        if json.loads(calls[0]["left"]["arguments"]) != {"path": "tests/a.c"} or \
           json.loads(calls[0]["right"]["arguments"]) != {"path": "tests/b.c"}:
            fail("arguments %r" % calls[0])
        if joined(calls[0]["diff"], "added") != calls[0]["left"]["arguments"] or \
           [s["text"] for s in calls[0]["diff"] if s["op"] != "equal"] != ["a", "b"]:
            fail("arguments diff %r" % calls[0]["diff"])
        if calls[1]["left"] is not None or calls[1]["right"]["name"] != "bash":
            fail("the call only the right has: %r" % calls[1])

        # the same entry twice, one path the start of the other
        same = json.loads(run(exe, "compare", path, "lr", "lr", "--json").stdout)
        if same["fork"] != "lr" or same["steps"] != [] or same["shared"] != 3:
            fail("the same entry twice: %r" % same)
        prefix = json.loads(run(exe, "compare", path, "u1", "rr", "--json").stdout)
        if [s["kind"] for s in prefix["steps"]] != ["only-right", "only-right"]:
            fail("a path that starts the other: %r" % prefix)

        # no common ancestor, an unknown id
        done = run(exe, "compare", path, "le", "z1")
        if done.returncode != 8 or "no common ancestor" not in done.stderr:
            fail("two roots: exit %d, %r" % (done.returncode, done.stderr))
        done = run(exe, "compare", path, "le", "nothing")
        if done.returncode != 3:
            fail("an unknown id: exit %d" % done.returncode)
        done = run(exe, "export", path, "--leaf", "nothing", "--markdown")
        if done.returncode != 3:
            fail("export of an unknown id: exit %d" % done.returncode)

        # the human output: every step's lines start with a number or an indent, no escape
        done = run(exe, "compare", path, "le", "ru")
        if done.returncode != 0 or "\u001b" in done.stdout:
            fail("human output: %r" % done.stdout)
        lines = done.stdout.splitlines()
        body = lines[4:]
        if not all(l.startswith("   ") or l.split(".")[0].isdigit() for l in body):
            fail("a session's text starts a line of its own: %r" % body)
        if "4. only-right user - ru" not in lines or "   Good␊␛[31mnow commit" not in lines:
            fail("human output: %r" % lines)

        # the export of a path: one heading per entry of root→ru, in order
        done = run(exe, "export", path, "--leaf", "ru", "--markdown")
        headings = [l for l in done.stdout.splitlines() if l.startswith("## ")]
        if done.returncode != 0 or headings != ["## 1. User", "## 2. Assistant · m", "## 3. Tool result · read", "## 4. User"]:
            fail("export headings %r" % headings)
        # the session's escape shown, not sent to the terminal
        if "\u001b" in done.stdout or "Good\n␛[31mnow commit" not in done.stdout:
            fail("export of a text with an escape: %r" % done.stdout[-80:])
    print("ok - compare and export")


main()

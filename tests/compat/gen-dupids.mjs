#!/usr/bin/env node
// Session files whose lines share ids, for the compat harnesses (run-compat.sh,
// run-compat-pi16.sh, run-compat-omp.sh):
//
//   node gen-dupids.mjs OUTDIR [--one-header]
//
// pi's first write of a session is deferred until it holds a conversation; a second write of
// that kind (report R4) leaves the header and the first entries in the file twice. Ramo shows
// one node per id (tests/compat/one-per-id.mjs); the agents' own code gives everything else.
//
//   dup-first-flush       R4: header and the first 4 entries twice, then the session goes on
//   dup-first-flush-many  R4 on a 44-id session with branches, labels, a compaction, a branch
//                         summary: its first 6 entries twice, and 3 more ids repeated later
//   dup-moved             one id on lines naming different parents (a child, a root, an orphan
//                         on one line and not the other); children of both lines; siblings
//                         ordered by the later line's time; a label on a repeated id
//   dup-cycle             a repeated id closes a loop of parents (pi's getTree() and getBranch()
//                         in it never end): the leaf is elsewhere, on a branch of its own
//   dup-leaf              the last line repeats an earlier id under another parent
//   dup-bad-times         repeated ids among siblings with invalid and equal timestamps (V8's
//                         sort order with the node listed twice)
//
// --one-header: the header is not written the second time (oh-my-pi 18.2.3 reads a second
// header line as an entry, a root of type "session", where pi and Ramo skip it: the
// oh-my-pi comparison of repeated ids leaves that rule out).
//
// Plain JSON written by hand (no agent needed); prints each file's path on stdout.

import { mkdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";

const outArg = process.argv[2];
const oneHeader = process.argv[3] === "--one-header";
if (!outArg || process.argv.length > (oneHeader ? 4 : 3)) {
  process.stderr.write("usage: gen-dupids.mjs OUTDIR [--one-header]\n");
  process.exit(2);
}
const OUT = resolve(outArg);
mkdirSync(OUT, { recursive: true });

const CWD = "/home/user/projects/weather";
const header = (n) => ({
  type: "session", version: 3, id: `0197b000-0000-7000-8000-0000000000${String(n).padStart(2, "0")}`,
  timestamp: "2026-03-01T08:00:00.000Z", cwd: CWD,
});
let clock = Date.UTC(2026, 2, 1, 9, 0, 0);
const tick = () => new Date((clock += 1000)).toISOString();
const user = (id, parentId, text, ts = tick()) => ({
  type: "message", id, parentId, timestamp: ts, message: { role: "user", content: text, timestamp: Date.parse(ts) || 0 },
});
const assistant = (id, parentId, text, ts = tick()) => ({
  type: "message", id, parentId, timestamp: ts,
  message: {
    role: "assistant", content: [{ type: "text", text }], provider: "anthropic", model: "claude-sonnet-4-5",
    usage: { input: 10, output: 5, cacheRead: 0, cacheWrite: 0, totalTokens: 15, cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 } },
    stopReason: "stop", timestamp: Date.parse(ts) || 0,
  },
});
const model = (id, parentId, ts = tick()) => ({ type: "model_change", id, parentId, timestamp: ts, provider: "anthropic", modelId: "claude-sonnet-4-5" });
const thinking = (id, parentId, ts = tick()) => ({ type: "thinking_level_change", id, parentId, timestamp: ts, thinkingLevel: "medium" });
const label = (id, parentId, targetId, text, ts = tick()) => ({ type: "label", id, parentId, timestamp: ts, targetId, label: text });
const hex = (n) => (0x1000000 + n).toString(16).padStart(8, "0");

const written = [];
function write(name, lines) {
  const path = join(OUT, `${name}.jsonl`);
  writeFileSync(path, lines.map((l) => (typeof l === "string" ? l : JSON.stringify(l))).join("\n") + "\n");
  written.push(path);
}

// R4: the first write twice
{
  const h = header(1);
  const first = [model("d1000001", null), thinking("d1000002", "d1000001"), user("d1000003", "d1000002", "What is the weather like?"),
    assistant("d1000004", "d1000003", "Let me look.")];
  const rest = [user("d1000005", "d1000004", "In Rome, please."), assistant("d1000006", "d1000005", "Sunny, 24 degrees."),
    user("d1000007", "d1000006", "And tomorrow?"), assistant("d1000008", "d1000007", "Rain in the afternoon.")];
  write("dup-first-flush", [h, ...first, ...(oneHeader ? [] : [h]), ...first, ...rest]);
}

// R4 on a bigger session: branches, labels, a compaction, a branch summary
{
  const h = header(2);
  const lines = [];
  let n = 0;
  const id = () => hex(0x200 + n++);
  let leaf = null;
  const add = (e) => {
    lines.push(e);
    leaf = e.id;
    return e.id;
  };
  add(model(id(), null));
  add(thinking(id(), leaf));
  for (let t = 0; t < 10; t++) {
    add(user(id(), leaf, `Question ${t}: how does part ${t} work?`));
    add(assistant(id(), leaf, `Answer ${t}: it works like this.`));
  }
  const branchAt = lines[7].id;
  add(label(id(), leaf, lines[3].id, "start"));
  // a second branch from the eighth entry, with a summary of the one left
  add({ type: "branch_summary", id: id(), parentId: branchAt, timestamp: tick(), fromId: leaf, summary: "We looked at parts 0 to 9." });
  for (let t = 0; t < 4; t++) {
    add(user(id(), leaf, `Other question ${t}`));
    add(assistant(id(), leaf, `Other answer ${t}`));
  }
  const kept = lines[lines.length - 4].id;
  add({ type: "compaction", id: id(), parentId: leaf, timestamp: tick(), summary: "Parts explained.", firstKeptEntryId: kept, tokensBefore: 12345 });
  for (let t = 0; t < 5; t++) {
    add(user(id(), leaf, `After compaction ${t}`));
    add(assistant(id(), leaf, `Reply ${t}`));
  }
  add(label(id(), leaf, branchAt, "branch point"));
  const first = lines.slice(0, 6);
  // three more ids repeated later, as written again: an answer, a label, a user message
  const again = [lines[12], lines[21], lines[30]].map((e) => ({ ...e }));
  const out = [h, ...first, ...(oneHeader ? [] : [h]), ...lines];
  out.splice(out.length - 3, 0, ...again);
  write("dup-first-flush-many", out);
}

// one id, lines naming different parents
{
  const T = (s) => `2026-03-01T10:00:${s}.000Z`;
  write("dup-moved", [
    header(3),
    user("e0000001", null, "root", T("00")),
    assistant("e0000002", "e0000001", "b", T("01")),
    assistant("e0000003", "e0000001", "c", T("02")),
    user("e0000004", "e0000002", "x under b", T("03")),
    assistant("e0000005", "e0000004", "child of the first x", T("04")),
    user("e0000004", "e0000003", "x under c", T("05")),
    assistant("e0000006", "e0000004", "child of the second x", T("06")),
    // first a root, then a child; first a child, then an orphan (a root)
    user("e0000007", null, "r as a root", T("07")),
    user("e0000008", "e0000003", "o under c", T("08")),
    user("e0000007", "e0000006", "r under the second x's child", T("09")),
    user("e0000008", "ffffffff", "o as an orphan", T("10")),
    // s sorts by its later line's time: after t
    user("e0000009", "e0000001", "s early", T("11")),
    user("e000000a", "e0000001", "t", T("12")),
    user("e0000009", "e0000001", "s late", T("13")),
    label("e000000b", "e0000009", "e0000004", "moved"),
    user("e000000c", "e000000b", "leaf", T("15")),
  ]);
}

// a repeated id closes a loop; the leaf elsewhere
{
  const T = (s) => `2026-03-01T11:00:${s}.000Z`;
  write("dup-cycle", [
    header(4),
    user("f0000001", null, "root", T("00")),
    assistant("f0000002", "f0000001", "b", T("01")),
    user("f0000003", "f0000002", "c", T("02")),
    // b again, under c: b → c → b
    assistant("f0000002", "f0000003", "b again, under c", T("03")),
    user("f0000004", "f0000003", "under c", T("04")),
    // a loop of three through a repeated root: g → h → i → g
    user("f0000005", null, "g", T("05")),
    assistant("f0000006", "f0000005", "h", T("06")),
    user("f0000007", "f0000006", "i", T("07")),
    user("f0000005", "f0000007", "g again, under i", T("08")),
    assistant("f0000008", "f0000001", "the leaf's branch", T("09")),
    user("f0000009", "f0000008", "leaf", T("10")),
  ]);
}

// the leaf repeated under another parent
{
  const T = (s) => `2026-03-01T12:00:${s}.000Z`;
  write("dup-leaf", [
    header(5),
    user("a0000001", null, "root", T("00")),
    assistant("a0000002", "a0000001", "one", T("01")),
    user("a0000003", "a0000002", "two", T("02")),
    assistant("a0000004", "a0000003", "three", T("03")),
    user("a0000005", "a0000004", "leaf, first line", T("04")),
    user("a0000006", "a0000005", "under the first leaf line", T("05")),
    user("a0000005", "a0000002", "leaf, again, under one", T("06")),
  ]);
}

// invalid and equal timestamps among siblings, with ids listed twice
{
  write("dup-bad-times", [
    header(6),
    user("b0000001", null, "root", "2026-03-01T13:00:00.000Z"),
    assistant("b0000002", "b0000001", "parent", "2026-03-01T13:00:01.000Z"),
    user("b0000003", "b0000002", "bad time", "not a date"),
    user("b0000004", "b0000002", "same time 1", "2026-03-01T13:00:05.000Z"),
    user("b0000005", "b0000002", "older", "2026-03-01T13:00:02.000Z"),
    user("b0000003", "b0000002", "bad time again", "still not a date"),
    user("b0000006", "b0000002", "same time 2", "2026-03-01T13:00:05.000Z"),
    user("b0000004", "b0000002", "same time 1 again", "2026-03-01T13:00:05.000Z"),
    user("b0000007", "b0000002", "no time"),
    user("b0000005", "b0000002", "older again, now the newest", "2026-03-01T13:00:09.000Z"),
    user("b0000008", "b0000005", "leaf", "2026-03-01T13:00:10.000Z"),
  ].map((e) => {
    if (e.id === "b0000007") delete e.timestamp;
    return e;
  }));
}

for (const f of written) process.stdout.write(f + "\n");

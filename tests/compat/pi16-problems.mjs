// `ramo-session check --json` against what pi 1.6.0's own index makes of hostile files.
//
//   node pi16-problems.mjs RAMO_SESSION DIR [FILES...]
//
// Writes sessions with broken structure into DIR (seeded: $RAMO_PROBLEMS_SEED, default 1919):
// malformed lines, ids written twice (also the way pi's deferred first flush repeats the
// header and first entries), parents that are missing, parentId cycles, entries that are their
// own parent, labels of missing entries, compactions whose firstKeptEntryId is missing or off their path. For each of them
// and FILES, the problems Ramo lists are compared with the ones read off pi 1.6.0's
// SessionManager on a private copy:
//   duplicate-id   every line of an id but the last among the entries pi loads, pointing at
//                  the last (pi's byId keeps it)
//   orphan         entries whose parentId is set, not their own id, and unknown to getEntry()
//                  (getTree() makes them roots)
//   cycle          for each parentId cycle through getEntry() (getTree() never reaches it, pi's
//                  getBranch() would loop on it), its entry whose id the file has first
//   label-target   label entries whose targetId getEntry() does not know
//   kept-off-path  compactions whose firstKeptEntryId is not an id on the compaction's path
//                  through getEntry() parents (pi's buildSessionContext then keeps nothing
//                  before the compaction); a path into a cycle ends at the entry where the
//                  cycle is cut (pi itself would loop there)
//   line           every line JSON.parse rejects is listed
// Prints ok:/FAIL: lines and `N passed, M failed`.

import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pi16, withSession } from "./pi16-lib.mjs";

const [ramo, dir, ...extra] = process.argv.slice(2);
let passed = 0, failed = 0;
const ok = (name) => { passed++; console.log(`ok: ${name}`); };
const fail = (name, why) => { failed++; console.log(`FAIL: ${name}: ${why}`); };

// a small seeded generator (mulberry32)
let seed = Number(process.env.RAMO_PROBLEMS_SEED || 1919) >>> 0;
const random = () => {
  seed = (seed + 0x6d2b79f5) >>> 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const pick = (list) => list[Math.floor(random() * list.length)];

function makeSession(n) {
  const start = Date.UTC(2026, 2, 1, 7);
  const header = { type: "session", version: 3, id: `s${n}`, timestamp: new Date(start).toISOString(), cwd: "/tmp" };
  const lines = [JSON.stringify(header)];
  const ids = [];
  const size = 5 + Math.floor(random() * 40);
  const time = (i) => new Date(start + i * 1000).toISOString();
  const message = (id, parentId, i) => {
    const role = i % 2 ? "assistant" : "user";
    const msg = role === "user"
      ? { role, content: `question ${i}`, timestamp: start + i * 1000 }
      : { role, content: [{ type: "text", text: `answer ${i}` }], provider: "p", model: "m", api: "x",
          usage: { input: 1, output: 1, cacheRead: 0, cacheWrite: 0, totalTokens: 2,
                   cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 } },
          stopReason: "stop", timestamp: start + i * 1000 };
    return { type: "message", id, parentId, timestamp: time(i), message: msg };
  };
  for (let i = 0; i < size; i++) {
    const r = random();
    const id = `e${n}x${i}`;
    let parentId = ids.length === 0 ? null
      : r < 0.7 ? ids[ids.length - 1] : r < 0.85 ? pick(ids) : r < 0.92 ? `missing${i}`
      : r < 0.94 ? id : `e${n}x${i + 1 + Math.floor(random() * 3)}`;
    const kind = random();
    if (kind < 0.08 && ids.length > 0) {
      lines.push(JSON.stringify({ type: "label", id, parentId, timestamp: time(i),
                                  targetId: random() < 0.5 ? pick(ids) : `nothing${i}`, label: `l${i}` }));
    } else if (kind < 0.14 && ids.length > 1) {
      const kept = random() < 0.4 ? pick(ids) : random() < 0.5 ? ids[ids.length - 1] : `gone${i}`;
      lines.push(JSON.stringify({ type: "compaction", id, parentId, timestamp: time(i), summary: `summary ${i}`,
                                  firstKeptEntryId: kept, tokensBefore: 100 }));
    } else if (kind < 0.2 && ids.length > 0) {
      // an id written again, with the same or another parent
      const again = pick(ids);
      lines.push(JSON.stringify(message(again, random() < 0.5 ? parentId : pick(ids), i)));
      continue;
    } else if (kind < 0.24) {
      lines.push(`{"type":"message","id":"broken${i}",`);
      continue;
    } else {
      lines.push(JSON.stringify(message(id, parentId, i)));
    }
    ids.push(id);
  }
  // pi's deferred first flush: the header and the first entries once more
  if (random() < 0.3)
    lines.splice(1 + Math.floor(random() * (lines.length - 1)), 0, ...lines.slice(0, 3));
  return lines.join("\n") + "\n";
}

// What pi's index makes of FILE: the expected problems, as "kind line entryId relatedId".
function expected(file) {
  const text = readFileSync(file, "utf8");
  const physical = text.split("\n");
  if (physical[physical.length - 1] === "") physical.pop();
  const lineOf = new Map();          // id → lines of entries with it
  const unparsable = [];
  let headerSeen = false;
  physical.forEach((line, i) => {
    if (line.trim() === "") return;
    let value;
    try { value = JSON.parse(line); } catch { unparsable.push(i + 1); return; }
    if (!headerSeen && value?.type === "session") { headerSeen = true; return; }
    if (value?.type === "session" || typeof value?.id !== "string") return;
    if (!lineOf.has(value.id)) lineOf.set(value.id, []);
    lineOf.get(value.id).push(i + 1);
  });

  return withSession(file, (sm) => {
    const out = [];
    const entries = sm.getEntries();
    const last = (id) => lineOf.get(id).at(-1);
    for (const [id, lines] of lineOf)
      for (const line of lines.slice(0, -1))
        out.push(`duplicate-id ${line} ${id} ${id} ${last(id)}`);

    // pi's getTree() would visit a node once per line of its id, and each of its children
    // as often again (exponential in the ids written twice on a chain): the tree is read
    // through getEntry() instead, the index getTree() links by.
    const unique = [...new Map(entries.map((x) => [x.id, x])).values()];
    for (const e of unique)
      if (e.parentId != null && e.parentId !== e.id && !sm.getEntry(e.parentId))
        out.push(`orphan ${last(e.id)} ${e.id} ${e.parentId}`);
    // cycles: walking up getEntry() parents from an entry comes back to an id seen on the way
    const inCycle = new Set(), cutAt = new Set();
    for (const e of unique) {
      // its own parent: getTree() makes it a root, getBranch() loops on it
      if (e.parentId === e.id) {
        out.push(`cycle ${last(e.id)} ${e.id} ${e.id}`);
        continue;
      }
      const seen = new Map();
      let cur = e;
      while (cur && !seen.has(cur.id) && !inCycle.has(cur.id)) {
        seen.set(cur.id, seen.size);
        cur = cur.parentId != null && cur.parentId !== cur.id ? sm.getEntry(cur.parentId) : undefined;
      }
      if (!cur || inCycle.has(cur.id)) continue;
      const cycle = [...seen.keys()].slice(seen.get(cur.id));
      cycle.forEach((id) => inCycle.add(id));
      // cut where the file first has one of its ids (a repeated id closing it: its first line)
      const firstLine = (id) => lineOf.get(id)[0];
      const first = cycle.reduce((a, b) => (firstLine(a) < firstLine(b) ? a : b));
      cutAt.add(first);
      out.push(`cycle ${last(first)} ${first} ${sm.getEntry(first).parentId}`);
    }
    for (const e of unique) {
      if (e.type === "label" && !sm.getEntry(e.targetId))
        out.push(`label-target ${last(e.id)} ${e.id} ${e.targetId ?? null}`);
      if (e.type === "compaction" && e.firstKeptEntryId != null) {
        const path = new Set();
        // pi's getBranch() would loop on a cycle: the path ends where Ramo cuts it, as in the tree
        for (let p = cutAt.has(e.id) ? undefined : sm.getEntry(e.parentId); p && !path.has(p.id);
             p = cutAt.has(p.id) ? undefined : sm.getEntry(p.parentId))
          path.add(p.id);
        if (!path.has(e.firstKeptEntryId))
          out.push(`kept-off-path ${last(e.id)} ${e.id} ${e.firstKeptEntryId}`);
      }
    }
    return { problems: out.sort(), unparsable };
  });
}

function ramoProblems(file) {
  const run = spawnSync(ramo, ["check", file, "--json"], { encoding: "utf8", maxBuffer: 1 << 28 });
  if (run.status !== 0 && run.status !== 7) throw new Error(`exit ${run.status}: ${run.stderr}`);
  const { problems } = JSON.parse(run.stdout);
  return { status: run.status, problems };
}

mkdirSync(dir, { recursive: true });
const files = [];
for (let n = 0; n < 300; n++) {
  const file = join(dir, `problems-${n}.jsonl`);
  writeFileSync(file, makeSession(n));
  files.push(file);
}
files.push(...extra);

const kinds = new Map();
for (const file of files) {
  let want, got;
  try {
    want = expected(file);
    got = ramoProblems(file);
  } catch (err) {
    fail(file, err.message);
    continue;
  }
  const lineKinds = ["line", "header"];
  const mine = got.problems.filter((p) => !lineKinds.includes(p.kind))
    .map((p) => p.kind === "duplicate-id"
      ? `${p.kind} ${p.line} ${p.entryId} ${p.relatedId} ${p.relatedLine}`
      : `${p.kind} ${p.line} ${p.entryId} ${p.relatedId}`).sort();
  const lines = new Set(got.problems.filter((p) => lineKinds.includes(p.kind)).map((p) => p.line));
  const missingLines = want.unparsable.filter((l) => !lines.has(l));
  const a = JSON.stringify(mine), b = JSON.stringify(want.problems);
  if (a !== b)
    fail(file, `Ramo ${a}\n      pi   ${b}`);
  else if (missingLines.length)
    fail(file, `lines JSON.parse rejects that Ramo does not list: ${missingLines}`);
  else if ((got.status === 7) !== (got.problems.length > 0))
    fail(file, `exit status ${got.status} with ${got.problems.length} problems`);
  else
    ok(`${file}: ${mine.length + lines.size} problems`);
  for (const p of want.problems) kinds.set(p.split(" ")[0], (kinds.get(p.split(" ")[0]) || 0) + 1);
}
console.log(`note: problems of each kind in the files: ${JSON.stringify(Object.fromEntries(kinds))}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);

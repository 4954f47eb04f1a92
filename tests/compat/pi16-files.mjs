// `ramo-session files --json` against the files pi 1.6.0's own code says each tool call touched.
//
//   node pi16-files.mjs RAMO_SESSION DIR [FILES...]
//
// Writes sessions with tool calls into DIR (seeded: $RAMO_FILES_SEED, default 2020): assistant
// messages calling read, write, edit, bash, grep, find and ls with `path` arguments (missing,
// empty, not a string, with spaces and non-ASCII text too), their tool results (some errors,
// some with the calls pi 1.6.0 records on a result as `nestedCalls`), branches. For the whole
// session and for the subtree under a few entries, each call is classified by pi 1.6.0's own
// extractFileOpsFromMessage() (dist/core/compaction/utils.js, what its compactions and branch
// summaries list as files read and modified) on a message holding that call alone, over the
// entries pi 1.6.0's SessionManager loads (getEntries(), children by parentId); a call whose
// result (the tool result with its toolCallId) has isError counts as failed. The counts per
// path must equal what Ramo lists. Prints ok:/FAIL: lines and `N passed, M failed`.
//
// With RAMO_FILES_AGENT=omp (run by Bun) the same against oh-my-pi 18.2.3's own
// extractFileOpsFromMessage() (pi-agent-core/src/compaction/utils.ts: read selectors cut off,
// `scheme://` resources left out, no calls recorded on results), the paths holding read
// selectors and resources too, the entries read from the file, Ramo run with --dialect omp.

import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { homedir } from "node:os";
import { readFileSync } from "node:fs";

const [ramo, dir, ...extra] = process.argv.slice(2);
let passed = 0, failed = 0;
const ok = (name) => { passed++; console.log(`ok: ${name}`); };
const fail = (name, why) => { failed++; console.log(`FAIL: ${name}: ${why}`); };

const OMP = process.env.RAMO_FILES_AGENT === "omp";
const AGENTS = process.env.RAMO_AGENTS_DIR || join(homedir(), ".cache", "ramo-agents");
let withSession, utilsPath;
if (OMP) {
  utilsPath = join(AGENTS, "omp", "node_modules", "@oh-my-pi", "pi-agent-core", "src", "compaction", "utils.ts");
  // the file's entries as written (the generated files have one line per id, no problems)
  withSession = (file, fn) => fn({
    getEntries: () => readFileSync(file, "utf8").split("\n").filter((l) => l.trim())
      .map((l) => JSON.parse(l)).filter((e) => e.type !== "session"),
  });
} else {
  const lib = await import("./pi16-lib.mjs");
  withSession = lib.withSession;
  utilsPath = join(lib.PI16_DIR, "dist", "core", "compaction", "utils.js");
}
if (!existsSync(utilsPath)) throw new Error(`the agent's compaction utils are not at ${utilsPath}`);
const { createFileOps, extractFileOpsFromMessage } = await import(pathToFileURL(utilsPath).href);

let seed = Number(process.env.RAMO_FILES_SEED || 2020) >>> 0;
const random = () => {
  seed = (seed + 0x6d2b79f5) >>> 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const pick = (list) => list[Math.floor(random() * list.length)];

const TOOLS = ["read", "read", "write", "edit", "edit", "bash", "grep", "find", "ls", "Read"];
const PATHS = ["src/a.c", "src/b.c", "/home/u/p/README.md", "docs/my notes.md", "src/ünï.c", "a", "src/a.c",
               ...(OMP ? ["src/a.c:10-20", "src/b.c:raw", "src/a.c:1-5:raw", "src/b.c:raw:L3..7", "src/a.c:conflicts",
                          "src/a.c:nope", "conflict://1", "https://example.com/x", "file.ts:conflict://2", ":5"] : [])];

function argumentsFor(name) {
  const r = random();
  if (r < 0.05) return undefined;
  if (r < 0.1) return { path: "" };
  if (r < 0.14) return { path: 7 };
  if (r < 0.18) return { command: "ls" };
  const args = { path: pick(PATHS) };
  if (name === "read" && random() < 0.3) args.offset = 10;
  if (name === "edit") args.edits = [{ oldText: "a", newText: "b" }];
  if (name === "write") args.content = "x";
  if (name === "bash") return { command: `cat ${args.path}` };
  return args;
}

function makeSession(n) {
  const start = Date.UTC(2026, 3, 1, 9);
  const lines = [JSON.stringify({ type: "session", version: 3, id: `f${n}`, timestamp: new Date(start).toISOString(), cwd: "/tmp" })];
  const ids = [];
  const size = 10 + Math.floor(random() * 60);
  let k = 0;
  const time = () => new Date(start + (k++) * 1000).toISOString();
  const add = (entry) => { lines.push(JSON.stringify(entry)); ids.push(entry.id); return entry.id; };
  let parent = null;
  for (let i = 0; i < size; i++) {
    if (ids.length > 0 && random() < 0.2) parent = pick(ids);
    parent = add({ type: "message", id: `u${n}x${i}`, parentId: parent, timestamp: time(),
                   message: { role: "user", content: `do ${i}`, timestamp: start + k } });
    const calls = [];
    const n_calls = Math.floor(random() * 4);
    for (let c = 0; c < n_calls; c++) {
      const name = pick(TOOLS);
      const call = { type: "toolCall", id: `c${n}x${i}x${c}`, name };
      const args = argumentsFor(name);
      if (args !== undefined) call.arguments = args;
      calls.push(call);
    }
    const content = [{ type: "text", text: `ok ${i}` }, ...calls];
    parent = add({ type: "message", id: `a${n}x${i}`, parentId: parent, timestamp: time(),
                   message: { role: "assistant", content, provider: "p", model: "m", api: "x",
                              usage: { input: 1, output: 1, cacheRead: 0, cacheWrite: 0, totalTokens: 2,
                                       cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 } },
                              stopReason: calls.length ? "toolUse" : "stop", timestamp: start + k } });
    for (const call of calls) {
      if (random() < 0.1) continue;   // no result (yet)
      const message = { role: "toolResult", toolCallId: call.id, toolName: call.name,
                        content: [{ type: "text", text: "done" }], isError: random() < 0.25, timestamp: start + k };
      if (random() < 0.15)
        message.nestedCalls = { calls: [{ id: `n${call.id}`, name: pick(TOOLS), arguments: argumentsFor("read") ?? {} }],
                                complete: true };
      parent = add({ type: "message", id: `r${call.id}`, parentId: parent, timestamp: time(), message });
    }
  }
  return { text: lines.join("\n") + "\n", ids };
}

// pi's classification of one call: the set extractFileOpsFromMessage() puts its path in
function kindOf(message) {
  const ops = createFileOps();
  extractFileOpsFromMessage(message, ops);
  for (const [set, kind] of [[ops.read, "read"], [ops.written, "write"], [ops.edited, "edit"]])
    if (set.size > 0) return { kind, path: [...set][0] };
  return null;
}

function expected(file, from) {
  return withSession(file, (sm) => {
    const entries = sm.getEntries();
    let inScope = () => true;
    if (from) {
      const children = new Map();
      for (const e of entries) {
        if (!children.has(e.parentId)) children.set(e.parentId, []);
        children.get(e.parentId).push(e.id);
      }
      const scope = new Set();
      const stack = [from];
      while (stack.length) {
        const id = stack.pop();
        scope.add(id);
        stack.push(...(children.get(id) ?? []));
      }
      inScope = (e) => scope.has(e.id);
    }
    const failedCalls = new Set();
    for (const e of entries)
      if (e.type === "message" && e.message.role === "toolResult" && e.message.isError)
        failedCalls.add(e.message.toolCallId);
    const files = new Map();
    const count = (hit, failed) => {
      if (!hit) return;
      if (!files.has(hit.path)) files.set(hit.path, { path: hit.path, read: 0, write: 0, edit: 0, errors: 0 });
      const f = files.get(hit.path);
      f[hit.kind]++;
      if (failed) f.errors++;
    };
    for (const e of entries) {
      if (e.type !== "message" || !inScope(e)) continue;
      const m = e.message;
      if (m.role === "assistant" && Array.isArray(m.content))
        for (const block of m.content)
          if (block?.type === "toolCall")
            count(kindOf({ role: "assistant", content: [block] }), failedCalls.has(block.id));
      if (m.role === "toolResult")
        for (const call of m.nestedCalls?.calls ?? [])
          count(kindOf({ role: "toolResult", nestedCalls: { calls: [call] } }), false);
    }
    const cmp = (a, b) => (Buffer.compare(Buffer.from(a.path), Buffer.from(b.path)));
    return [...files.values()].sort(cmp);
  });
}

function ramoFiles(file, from) {
  const run = spawnSync(ramo, ["files", file, ...(from ? ["--from", from] : []), "--json", ...(OMP ? ["--dialect", "omp"] : [])],
                        { encoding: "utf8", maxBuffer: 1 << 28 });
  if (run.status !== 0) throw new Error(`exit ${run.status}: ${run.stderr}`);
  return JSON.parse(run.stdout).files;
}

mkdirSync(dir, { recursive: true });
const cases = [];
for (let n = 0; n < 120; n++) {
  const file = join(dir, `files-${n}.jsonl`);
  const { text, ids } = makeSession(n);
  writeFileSync(file, text);
  cases.push([file, null], [file, pick(ids)], [file, pick(ids)]);
}
for (const file of extra) cases.push([file, null]);

let touched = 0;
for (const [file, from] of cases) {
  const name = from ? `${file} --from ${from}` : file;
  try {
    const want = JSON.stringify(expected(file, from));
    const got = JSON.stringify(ramoFiles(file, from));
    touched += JSON.parse(want).length;
    if (want === got) ok(name);
    else fail(name, `pi: ${want}\n  ramo: ${got}`);
  } catch (err) {
    fail(name, err.message);
  }
}
if (touched === 0) fail("generated sessions", "no call touched a file");
console.log(`${passed} passed, ${failed} failed (${touched} files listed)`);
process.exit(failed > 0 ? 1 : 0);

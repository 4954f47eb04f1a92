#!/usr/bin/env node
// Generate pi 1.6.0 session files with pi 1.6.0's own SessionManager, for run-compat-pi16.sh.
//
//   node gen-pi16.mjs OUTDIR [--seed N]
//
// A seeded random walk over everything pi 1.6 writes: user / assistant (thinkingLevel, tool
// calls, stopReason stop/toolUse/length/error/aborted) / toolResult / bashExecution / custom
// messages, system messages (content string, [], "", null or missing; `sections` patched by
// name, null removing one; toolsAdded / toolsRemoved), context edits (null, string and array
// replacements, several of one target, edits of one target on two branches), usage entries,
// compactions with usage (so pi stores `systemMessage`; some keeping system messages and an
// older compaction), branch summaries with usage (fromId), labels set and cleared, session
// names, custom entries, custom_message entries, model and thinking changes, branches and
// several roots. The ids and timestamps come from the seed too (pi's randomUUID and clock
// are replaced before pi is loaded), so one seed always gives the same files.
//
// Prints the seed on stderr and each file's path on stdout, one per line.
// pi 1.6.0 is taken from ${RAMO_AGENTS_DIR:-~/.cache/ramo-agents}/pi16 (install-agents.sh).

import crypto from "node:crypto";
import { syncBuiltinESMExports } from "node:module";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync } from "node:fs";
import { homedir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

const args = process.argv.slice(2);
let outArg;
let seed = Number(process.env.RAMO_PI16_SEED || 1606);
for (let i = 0; i < args.length; i++) {
  if (args[i] === "--seed" && i + 1 < args.length) seed = Number(args[++i]);
  else if (!outArg) outArg = args[i];
  else {
    process.stderr.write("usage: gen-pi16.mjs OUTDIR [--seed N]\n");
    process.exit(2);
  }
}
if (!outArg || !Number.isFinite(seed)) {
  process.stderr.write("usage: gen-pi16.mjs OUTDIR [--seed N]\n");
  process.exit(2);
}
const OUT = resolve(outArg);
mkdirSync(OUT, { recursive: true });
process.stderr.write(`gen-pi16: seed ${seed}\n`);

// ---------------------------------------------------------------------------
// Seeded randomness and clock, installed before pi is imported

function makeRng(s) {
  // mulberry32
  let a = s >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

let idRng = makeRng(seed ^ 0x5eed);
crypto.randomUUID = () => {
  const hex = [];
  for (let i = 0; i < 32; i++) hex.push(Math.floor(idRng() * 16).toString(16));
  const h = hex.join("");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
};
syncBuiltinESMExports();
// the session id (uuidv7) takes its random bits from here
globalThis.crypto.getRandomValues = (array) => {
  for (let i = 0; i < array.length; i++) array[i] = Math.floor(idRng() * 256);
  return array;
};

const RealDate = Date;
let now = RealDate.UTC(2026, 10, 3, 8, 0, 0);
class FakeDate extends RealDate {
  constructor(...a) {
    if (a.length === 0) super(now);
    else super(...a);
  }
  static now() {
    return now;
  }
}
globalThis.Date = FakeDate;

const agents = process.env.RAMO_AGENTS_DIR || join(homedir(), ".cache", "ramo-agents");
const smPath = join(agents, "pi16", "node_modules", "@earendil-works", "pi-coding-agent", "dist", "core", "session-manager.js");
if (!existsSync(smPath)) {
  process.stderr.write(`gen-pi16: pi 1.6.0 not found at ${smPath} (run install-agents.sh)\n`);
  process.exit(2);
}
const { SessionManager } = await import(pathToFileURL(smPath).href);

const CWD = "/home/user/projects/weather";

// ---------------------------------------------------------------------------
// One session

function generate(name, size, fileSeed) {
  const rng = makeRng(fileSeed);
  idRng = makeRng(fileSeed ^ 0x1d5);
  const pick = (arr) => arr[Math.floor(rng() * arr.length)];
  const chance = (p) => rng() < p;
  const int = (lo, hi) => lo + Math.floor(rng() * (hi - lo + 1));
  // mostly forward, some ties (equal sibling timestamps), rarely a small step back
  const tick = () => {
    const r = rng();
    now += r < 0.04 ? 0 : r < 0.05 ? -int(1, 900) : int(200, 40000);
    return now;
  };

  const dir = mkdtempSync(join(OUT, `.gen-${name}-`));
  tick();
  const sm = SessionManager.create(CWD, dir);

  let callSeq = 0;
  let model = { provider: "anthropic", model: "claude-sonnet-4-5", api: "anthropic-messages" };
  let thinking = "medium";
  const tools = new Set();
  const sectionNames = new Set();
  let n = 0; // entries written through sm

  const words = ["cache", "forecast", "parser", "retry", "timeout", "units", "config", "test", "flag", "log",
    "bug", "city", "wind", "rain", "json", "http", "error", "path", "docs", "build"];
  const sentence = (k = int(3, 14)) => {
    const w = [];
    for (let i = 0; i < k; i++) w.push(pick(words));
    const s = w.join(" ");
    return s[0].toUpperCase() + s.slice(1) + (chance(0.1) ? ".\n\n" + pick(words) + " – ünïcode ✓" : ".");
  };
  const usage = (i = int(200, 90000), o = int(10, 4000)) => ({
    input: i, output: o, cacheRead: chance(0.5) ? int(0, 50000) : 0, cacheWrite: 0, totalTokens: i + o,
    cost: { input: i * 3e-6, output: o * 15e-6, cacheRead: 0, cacheWrite: 0, total: i * 3e-6 + o * 15e-6 },
  });
  const details = () => ({ readFiles: [`src/${pick(words)}.ts`], modifiedFiles: chance(0.5) ? [`src/${pick(words)}.ts`] : [] });
  const toolDecl = (tool) => ({
    name: tool,
    description: `The ${tool} tool: ${sentence(5)}`,
    parameters: { type: "object", properties: { path: { type: "string" } }, required: chance(0.5) ? ["path"] : [] },
  });

  const add = (id) => {
    n++;
    return id;
  };
  const msg = (m) => add(sm.appendMessage(m));

  function systemMessage(initial) {
    const m = { role: "system", timestamp: tick() };
    const form = initial ? pick(["text", "text", "text", "empty", "blocks"]) : pick(["empty", "empty", "null", "missing", "text", "blocks"]);
    if (form === "text") m.content = "You are a careful coding assistant. " + sentence();
    else if (form === "empty") m.content = "";
    else if (form === "null") m.content = null;
    else if (form === "blocks") m.content = [{ type: "text", text: sentence() }];
    // "missing": no content at all
    const sections = {};
    if (initial) {
      for (const s of ["preamble", "tools", "cwd", "skills"]) {
        if (s === "preamble" || chance(0.7)) {
          sections[s] = `<${s}>${sentence()}</${s}>`;
          sectionNames.add(s);
        }
      }
    } else {
      for (let k = int(0, 3); k > 0; k--) {
        const s = chance(0.5) && sectionNames.size > 0 ? pick([...sectionNames]) : pick(["skills", "agents_md", "cwd", "date", "notes"]);
        if (chance(0.35) && sectionNames.has(s)) {
          sections[s] = null;
          sectionNames.delete(s);
        } else {
          sections[s] = `<${s}>${sentence()}</${s}>`;
          sectionNames.add(s);
        }
      }
    }
    if (Object.keys(sections).length > 0 || chance(0.2)) m.sections = sections;
    const all = ["read", "bash", "edit", "write", "grep", "find", "ls", "web_search", "todo"];
    if (initial) {
      tools.clear();
      m.toolsAdded = [];
      for (const t of all.slice(0, int(2, 7))) {
        tools.add(t);
        m.toolsAdded.push(toolDecl(t));
      }
    } else {
      if (chance(0.5)) {
        const t = pick(all);
        if (!tools.has(t)) {
          tools.add(t);
          m.toolsAdded = [toolDecl(t)];
        }
      }
      if (chance(0.4) && tools.size > 1) {
        const t = pick([...tools]);
        tools.delete(t);
        m.toolsRemoved = [{ name: t }];
      }
    }
    return msg(m);
  }

  function user() {
    const r = rng();
    let content;
    if (r < 0.65) content = sentence();
    else if (r < 0.9) content = [{ type: "text", text: sentence() }];
    else
      content = [
        { type: "text", text: "Look at this: " + sentence(4) },
        { type: "image", data: "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", mimeType: "image/png" },
      ];
    return msg({ role: "user", content, timestamp: tick() });
  }

  // one assistant reply, with tool calls and their results; returns the last id
  function assistantTurn() {
    let last;
    for (let round = 0; round < 4; round++) {
      const content = [];
      if (chance(0.4)) content.push({ type: "thinking", thinking: sentence(), thinkingSignature: `sig${int(1, 1e6)}` });
      const withCalls = round < 3 && chance(0.55);
      if (!withCalls || chance(0.5)) content.push({ type: "text", text: sentence() });
      const calls = [];
      if (withCalls)
        for (let k = int(1, 3); k > 0; k--) {
          const tool = pick(["read", "bash", "edit", "grep", "ls", "web_search"]);
          const argsFor = {
            read: { path: `src/${pick(words)}.ts`, offset: int(1, 200), limit: 40 },
            bash: { command: `npm test -- ${pick(words)}` },
            edit: { path: `src/${pick(words)}.ts`, oldText: pick(words), newText: pick(words) },
            grep: { pattern: pick(words), path: "src" },
            ls: { path: "src" },
            web_search: { query: sentence(3) },
          };
          const call = { type: "toolCall", id: `toolu_${name}_${++callSeq}`, name: tool, arguments: argsFor[tool] };
          calls.push(call);
          content.push(call);
        }
      let stopReason = calls.length > 0 ? "toolUse" : "stop";
      const r = rng();
      const extra = {};
      if (r < 0.04) {
        stopReason = "aborted";
        if (chance(0.5)) content.length = 0;
      } else if (r < 0.08) {
        stopReason = "error";
        extra.errorMessage = pick(["529 overloaded_error", "terminated", "fetch failed: ECONNRESET"]);
        if (chance(0.6)) content.length = 0;
      } else if (r < 0.1) stopReason = "length";
      const m = {
        role: "assistant",
        content,
        api: model.api,
        provider: model.provider,
        model: model.model,
        usage: usage(),
        stopReason,
        timestamp: tick(),
        ...extra,
      };
      if (chance(0.75)) m.thinkingLevel = thinking;
      if (chance(0.1)) m.responseId = `resp_${int(1, 1e9)}`;
      last = msg(m);
      if (stopReason !== "toolUse") return last;
      for (const call of calls) {
        if (chance(0.05)) continue; // a call left without result
        const isError = chance(0.1);
        const tr = {
          role: "toolResult",
          toolCallId: call.id,
          toolName: call.name,
          content: [{ type: "text", text: isError ? `Error: ${sentence(4)}` : sentence(int(5, 40)) }],
          isError,
          timestamp: tick(),
        };
        if (chance(0.2)) tr.details = { diff: `-${pick(words)}\n+${pick(words)}` };
        last = msg(tr);
      }
    }
    return last;
  }

  function turn() {
    user();
    return assistantTurn();
  }

  const path = () => sm.getBranch();
  const editable = (e) =>
    e.type === "custom_message" ||
    (e.type === "message" && ["user", "assistant", "toolResult"].includes(e.message.role));
  function replacement(target) {
    const r = rng();
    if (r < 0.35) return null;
    if (r < 0.7) return { content: `[edited] ${sentence()}` };
    return { content: [{ type: "text", text: `[edited blocks] ${sentence()}` }] };
  }
  function contextEdit(target) {
    const p = path().filter(editable);
    if (p.length === 0) return undefined;
    const t = target ?? pick(p.slice(Math.floor(p.length / 2)));
    return add(sm.appendContextEdit(t.id, replacement(t)));
  }

  // edits of one target on two branches, and several edits of one target on one branch
  function branchEdits() {
    const p = path().filter(editable);
    if (p.length === 0) return;
    const t = pick(p);
    const fork = sm.getLeafId();
    contextEdit(t);
    if (chance(0.5)) contextEdit(t);
    turn();
    sm.branch(fork);
    turn();
    contextEdit(t);
  }

  function compaction(deep) {
    const p = path();
    if (p.length < 3) return;
    let kept;
    if (deep) {
      // keep a range that holds system messages and an older compaction
      const idx = p.findIndex((e) => e.type === "compaction");
      const sys = p.findIndex((e) => e.type === "message" && e.message.role === "system");
      const first = Math.max(0, Math.min(idx < 0 ? p.length : idx, sys < 0 ? p.length : sys) - int(0, 2));
      kept = p[Math.min(first, p.length - 1)];
    } else if (chance(0.1)) kept = undefined; // retain none: firstKeptEntryId is the compaction itself
    else {
      const users = p.slice(-int(4, 30)).filter((e) => e.type === "message" && e.message.role === "user");
      kept = users.length > 0 ? pick(users) : p[Math.max(0, p.length - int(1, 6))];
    }
    add(sm.appendCompaction(`## Summary\n${sentence(20)}`, kept?.id, int(20000, 180000), chance(0.8) ? details() : undefined,
      chance(0.2) ? true : undefined, chance(0.85) ? usage() : undefined));
  }

  function branchSummary() {
    const p = path();
    let from;
    const r = rng();
    if (r < 0.06) from = null; // a new root
    else if (r < 0.7) from = pick(p.slice(0, Math.max(1, p.length - 1))).id;
    else from = pick(sm.getEntries()).id;
    add(sm.branchWithSummary(from, `The branch tried ${sentence(8)}`, chance(0.7) ? details() : undefined,
      chance(0.2) ? true : undefined, chance(0.8) ? usage() : undefined));
  }

  function newRoot() {
    sm.resetLeaf();
    systemMessage(true);
    turn();
  }

  function label() {
    const entries = sm.getEntries();
    const labelled = entries.filter((e) => sm.getLabel(e.id) !== undefined);
    if (labelled.length > 0 && chance(0.3)) add(sm.appendLabelChange(pick(labelled).id, chance(0.5) ? undefined : ""));
    else {
      const pool = chance(0.7) ? path() : entries;
      add(sm.appendLabelChange(pick(pool).id, pick(["checkpoint", "good", "try-2", "before refactor", "🚩 here"])));
    }
  }

  const ops = [
    [30, () => turn()],
    [6, () => user()],
    [5, () => contextEdit()],
    [2, () => branchEdits()],
    [3, () => systemMessage(false)],
    [3, () => add(sm.appendUsage(pick(["cache_warm", "title", "embedding"]), model.provider, model.model, usage(), chance(0.5) ? sentence(3) : undefined))],
    [2, () => compaction(false)],
    [1, () => compaction(true)],
    [3, () => branchSummary()],
    [6, () => {
      const e = chance(0.7) ? pick(path()) : pick(sm.getEntries());
      sm.branch(e.id);
    }],
    [4, () => label()],
    [1, () => add(sm.appendSessionInfo(chance(0.2) ? "" : `Weather ${sentence(3)}`))],
    [2, () => add(sm.appendCustomEntry(pick(["my-ext", "pi.virtual-model-state", "todo-state"]), { count: int(0, 99), note: sentence(3) }))],
    [3, () => {
      const content = chance(0.5) ? `Injected: ${sentence()}` : [{ type: "text", text: `Injected blocks: ${sentence()}` }];
      add(sm.appendCustomMessageEntry(pick(["my-ext", "reminder"]), content, chance(0.7), chance(0.5) ? { n: int(1, 9) } : undefined));
    }],
    [2, () => msg({
      role: "bashExecution",
      command: `make ${pick(words)}`,
      output: sentence(int(3, 20)),
      exitCode: pick([0, 0, 1, undefined]),
      cancelled: chance(0.1),
      truncated: chance(0.1),
      timestamp: tick(),
      ...(chance(0.3) ? { excludeFromContext: true } : {}),
    })],
    [1, () => msg({ role: "custom", customType: "hook-note", content: `Hook says ${sentence(4)}`, display: chance(0.5), timestamp: tick() })],
    [2, () => {
      model = pick([
        { provider: "anthropic", model: "claude-sonnet-4-5", api: "anthropic-messages" },
        { provider: "openai", model: "gpt-5.1", api: "openai-responses" },
        { provider: "google", model: "gemini-3-pro", api: "google-generative-ai" },
      ]);
      add(sm.appendModelChange(model.provider, model.model));
    }],
    [2, () => {
      thinking = pick(["off", "minimal", "low", "medium", "high", "xhigh"]);
      add(sm.appendThinkingLevelChange(thinking));
    }],
    [1, () => newRoot()],
  ];
  const totalWeight = ops.reduce((s, [w]) => s + w, 0);

  // the start pi writes: the leading system message, a model, the first turn
  systemMessage(true);
  if (chance(0.5)) add(sm.appendModelChange(model.provider, model.model));
  if (chance(0.5)) add(sm.appendThinkingLevelChange(thinking));
  turn();

  // each file holds these at least once, at fixed points of its size
  const forced = new Map([
    [Math.floor(size * 0.25), () => branchEdits()],
    [Math.floor(size * 0.4), () => systemMessage(false)],
    [Math.floor(size * 0.45), () => compaction(false)],
    [Math.floor(size * 0.55), () => systemMessage(false)],
    [Math.floor(size * 0.6), () => compaction(true)],
    [Math.floor(size * 0.7), () => branchSummary()],
    [Math.floor(size * 0.8), () => newRoot()],
  ]);
  const done = new Set();
  while (n < size) {
    let op;
    for (const [at, f] of forced)
      if (n >= at && !done.has(at)) {
        done.add(at);
        op = f;
        break;
      }
    if (!op) {
      let r = rng() * totalWeight;
      for (const [w, f] of ops) {
        if ((r -= w) < 0) {
          op = f;
          break;
        }
      }
    }
    op();
  }
  // end on an ordinary reply, so the leaf is a message
  if (chance(0.7)) turn();

  const files = readdirSync(dir).filter((f) => f.endsWith(".jsonl"));
  if (files.length !== 1) throw new Error(`${name}: expected one file, pi wrote ${files.length}`);
  const dest = join(OUT, `${name}.jsonl`);
  renameSync(join(dir, files[0]), dest);
  rmSync(dir, { recursive: true, force: true });
  return dest;
}

const plan = [
  ["pi16-s60-a", 60],
  ["pi16-s60-b", 60],
  ["pi16-s60-c", 60],
  ["pi16-s60-d", 60],
  ["pi16-s400-a", 400],
  ["pi16-s400-b", 400],
  ["pi16-s3000", 3000],
];
plan.forEach(([name, size], i) => {
  process.stdout.write(generate(name, size, (seed * 7919 + i * 104729) >>> 0) + "\n");
});

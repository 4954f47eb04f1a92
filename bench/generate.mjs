#!/usr/bin/env node
// Generates benchmark sessions with pi's own SessionManager: pi 0.73.1 (npm
// @mariozechner/pi-coding-agent, in $RAMO_PI_DIR or ~/.cache/ramo-pi) or pi 1.6.0 (npm
// @earendil-works/pi-coding-agent, in ${RAMO_AGENTS_DIR:-~/.cache/ramo-agents}/pi16, run by the
// Node 22 installed beside it: tests/compat/install-agents.sh).
//
//   node bench/generate.mjs [--agent pi-0.73|pi-1.6] OUTDIR N [SEED]
//
// Writes OUTDIR/bench-N.jsonl (pi 0.73.1, the default) or OUTDIR/bench-pi16-N.jsonl (pi 1.6.0):
// N entries of a coding session as pi records it — user turns, assistant turns with text,
// thinking and tool calls, tool results (a few with large base64 images), thinking-level and
// model changes, labels, branches made by moving the leaf back, branch summaries, compactions
// and custom messages. The same calls for both versions; deterministic for a given N and SEED
// (but for the ids and timestamps pi makes itself). bench/generate-omp.ts is its oh-my-pi twin.

import { mkdirSync, readdirSync, renameSync, rmSync } from "node:fs";
import { homedir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

const argv = process.argv.slice(2);
let agent = "pi-0.73";
if (argv[0] === "--agent") {
  agent = argv[1];
  argv.splice(0, 2);
}
const [outDir, countArg, seedArg] = argv;
if (!outDir || !countArg || !["pi-0.73", "pi-1.6"].includes(agent)) {
  console.error("usage: generate.mjs [--agent pi-0.73|pi-1.6] OUTDIR N [SEED]");
  process.exit(2);
}
const target = Number(countArg);
const moduleDir = agent === "pi-1.6"
  ? join(process.env.RAMO_AGENTS_DIR ?? join(homedir(), ".cache", "ramo-agents"), "pi16",
    "node_modules/@earendil-works/pi-coding-agent")
  : join(process.env.RAMO_PI_DIR ?? join(homedir(), ".cache", "ramo-pi"), "node_modules/@mariozechner/pi-coding-agent");
const pi = await import(pathToFileURL(join(moduleDir, "dist/core/session-manager.js")).href);

let seed = Number(seedArg ?? 42) >>> 0;
function rand() {
  // mulberry32
  seed = (seed + 0x6d2b79f5) >>> 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const pick = (list) => list[Math.floor(rand() * list.length)];
const words = "the a parser tree branch leaf session entry label summary file build test error fix refactor function module cache index token context model window row list filter search open save".split(" ");
const sentence = (n) => Array.from({ length: n }, () => pick(words)).join(" ");
const bigImage = Buffer.alloc(150_000, 0).map((_, i) => (i * 7919) & 255).toString("base64");

const work = join(resolve(outDir), `.gen-${process.pid}`);
mkdirSync(work, { recursive: true });
const sm = pi.SessionManager.create("/home/user/projects/bench", work);

const usage = { input: 1200, output: 300, cacheRead: 0, cacheWrite: 0, totalTokens: 1500,
  cost: { input: 0.001, output: 0.002, cacheRead: 0, cacheWrite: 0, total: 0.003 } };
let call = 0;
const userIds = [];
let written = 0;
const tools = ["read", "bash", "edit", "write", "grep", "find", "ls"];

function assistant(content, stopReason = "stop") {
  written++;
  return sm.appendMessage({ role: "assistant", content, api: "anthropic-messages", provider: "anthropic",
    model: "claude-sonnet-4-5", usage, stopReason, timestamp: Date.now() });
}

sm.appendModelChange("anthropic", "claude-sonnet-4-5"); written++;
sm.appendThinkingLevelChange("medium"); written++;

while (written < target) {
  const r = rand();
  if (r < 0.012 && userIds.length > 3) {
    // go back to an earlier user turn, sometimes leaving a summary of the abandoned branch
    const back = pick(userIds.slice(-50));
    const entry = sm.getEntry(back);
    if (rand() < 0.5) {
      sm.branchWithSummary(entry.parentId, `Abandoned: ${sentence(30)}`,
        { readFiles: ["src/a.c"], modifiedFiles: ["src/b.c"] });
      written++;
    } else {
      sm.branch(entry.parentId ?? back);
    }
  } else if (r < 0.02) {
    const ids = userIds.slice(-20);
    if (ids.length) { sm.appendLabelChange(pick(ids), rand() < 0.8 ? `mark-${written}` : undefined); written++; }
  } else if (r < 0.023 && userIds.length > 2) {
    sm.appendCompaction(`## Summary\n${sentence(120)}`, userIds[userIds.length - 1], 40000 + Math.floor(rand() * 90000),
      { readFiles: ["src/a.c"], modifiedFiles: ["src/b.c"] });
    written++;
  } else if (r < 0.026) {
    sm.appendCustomMessageEntry("test-runner", `tests: ${Math.floor(rand() * 200)} passed`, true); written++;
  } else if (r < 0.028) {
    sm.appendThinkingLevelChange(pick(["low", "medium", "high"])); written++;
  } else {
    // a turn: user, assistant with tool calls, results, final assistant text
    const id = sm.appendMessage({ role: "user", content: [{ type: "text", text: sentence(10 + Math.floor(rand() * 60)) }], timestamp: Date.now() });
    userIds.push(id); written++;
    const n = Math.floor(rand() * 4);
    for (let k = 0; k < n && written < target; k++) {
      const name = pick(tools);
      const cid = `toolu_${(call++).toString(36)}`;
      const args = name === "bash" ? { command: `make -j2 && ./run ${sentence(6)}` }
        : name === "grep" || name === "find" ? { pattern: pick(words), path: "src" }
        : { path: `/home/user/projects/bench/src/${pick(words)}.c`, ...(name === "write" ? { content: sentence(40) } : {}) };
      assistant([{ type: "thinking", thinking: sentence(20), thinkingSignature: "" },
                 { type: "toolCall", id: cid, name, arguments: args }], "toolUse");
      const content = [{ type: "text", text: sentence(10 + Math.floor(rand() * 55)) }];
      if (rand() < 0.002) content.push({ type: "image", data: bigImage, mimeType: "image/png" });
      sm.appendMessage({ role: "toolResult", toolCallId: cid, toolName: name, content, isError: false, timestamp: Date.now() });
      written++;
    }
    if (written < target) assistant([{ type: "text", text: sentence(10 + Math.floor(rand() * 60)) }]);
  }
}

const made = readdirSync(work).filter((f) => f.endsWith(".jsonl"));
const out = join(resolve(outDir), agent === "pi-1.6" ? `bench-pi16-${target}.jsonl` : `bench-${target}.jsonl`);
renameSync(join(work, made[0]), out);
rmSync(work, { recursive: true, force: true });
console.log(out);

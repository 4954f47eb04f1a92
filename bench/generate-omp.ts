// Generates a benchmark session with oh-my-pi's own SessionManager (oh-my-pi 18.2.3,
// src/session/session-manager.ts in ${RAMO_AGENTS_DIR:-~/.cache/ramo-agents}/omp, installed by
// tests/compat/install-agents.sh). Run by the Bun installed beside it:
//
//   bun bench/generate-omp.ts OUTDIR N [SEED]
//
// Writes OUTDIR/bench-omp-N.jsonl and OUTDIR/bench-omp-N.home/, the HOME oh-my-pi ran with: it
// keeps large images out of the session, in a blob store under HOME, so whoever opens the file as
// oh-my-pi does (bench/omp-open.ts --home) needs that folder too. The session has the shape of
// bench/generate.mjs's (the same seeded walk: user turns, assistant turns with thinking and tool
// calls, tool results, a few large images, thinking-level and model changes, labels, branches back
// to an earlier user turn, some with a summary, compactions, custom messages), made through
// oh-my-pi's methods, so the file is what oh-my-pi writes for them. Ids and timestamps are
// oh-my-pi's own. Prints the session's path.

import { existsSync, mkdirSync, rmSync } from "node:fs";
import { homedir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

const [outArg, countArg, seedArg] = process.argv.slice(2);
if (!outArg || !countArg) {
  process.stderr.write("usage: generate-omp.ts OUTDIR N [SEED]\n");
  process.exit(2);
}
const target = Number(countArg);
const outDir = resolve(outArg);
const agents = process.env.RAMO_AGENTS_DIR || join(homedir(), ".cache", "ramo-agents");
const src = join(agents, "omp", "node_modules", "@oh-my-pi", "pi-coding-agent", "src", "session");
if (!existsSync(join(src, "session-manager.ts"))) {
  process.stderr.write(`generate-omp: oh-my-pi not found in ${src} (tests/compat/install-agents.sh)\n`);
  process.exit(2);
}

// oh-my-pi's HOME (config, blob store, the list of session folders), kept beside the session.
// Bun reads HOME once, when it starts (os.homedir() ignores a later process.env.HOME), so the
// script runs itself again with it.
const home = join(outDir, `bench-omp-${target}.home`);
if (homedir() !== home) {
  rmSync(home, { recursive: true, force: true });
  mkdirSync(home, { recursive: true });
  const env = { ...process.env, HOME: home, XDG_CONFIG_HOME: join(home, ".config"),
    XDG_DATA_HOME: join(home, ".local", "share"), XDG_CACHE_HOME: join(home, ".cache"),
    XDG_STATE_HOME: join(home, ".local", "state"), RAMO_AGENTS_DIR: agents };
  delete env.PI_CODING_AGENT_DIR;
  const child = Bun.spawnSync([process.execPath, import.meta.path, ...process.argv.slice(2)],
    { env, stdout: "inherit", stderr: "inherit" });
  process.exit(child.exitCode ?? 1);
}

const { SessionManager } = await import(pathToFileURL(join(src, "session-manager.ts")).href);

let seed = Number(seedArg ?? 42) >>> 0;
function rand(): number {
  // mulberry32
  seed = (seed + 0x6d2b79f5) >>> 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)];
const words = ("the a parser tree branch leaf session entry label summary file build test error fix refactor " +
  "function module cache index token context model window row list filter search open save").split(" ");
const sentence = (n: number) => Array.from({ length: n }, () => pick(words)).join(" ");
const bigImage = Buffer.alloc(150_000, 0).map((_, i) => (i * 7919) & 255).toString("base64");

// the header's cwd must exist for oh-my-pi to resume into it
const work = join(outDir, `.gen-omp-${process.pid}`);
mkdirSync(work, { recursive: true });
const sm = SessionManager.create(outDir, work);

const usage = { input: 1200, output: 300, cacheRead: 0, cacheWrite: 0, totalTokens: 1500,
  cost: { input: 0.001, output: 0.002, cacheRead: 0, cacheWrite: 0, total: 0.003 } };
let call = 0;
const userIds: string[] = [];
let written = 0;
const tools = ["read", "bash", "edit", "write", "grep", "find", "ls"];

function assistant(content: unknown[], stopReason = "stop"): string {
  written++;
  return sm.appendMessage({ role: "assistant", content, api: "anthropic-messages", provider: "anthropic",
    model: "claude-sonnet-4-5", usage, stopReason, timestamp: Date.now() });
}

sm.appendModelChange("anthropic/claude-sonnet-4-5", "default"); written++;
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
    sm.appendCompaction(`## Summary\n${sentence(120)}`, undefined, userIds[userIds.length - 1],
      40000 + Math.floor(rand() * 90000), { details: { readFiles: ["src/a.c"], modifiedFiles: ["src/b.c"] } });
    written++;
  } else if (r < 0.026) {
    sm.appendCustomMessageEntry("test-runner", `tests: ${Math.floor(rand() * 200)} passed`, true); written++;
  } else if (r < 0.028) {
    sm.appendThinkingLevelChange(pick(["low", "medium", "high"])); written++;
  } else {
    // a turn: user, assistant with tool calls, results, final assistant text
    const id = sm.appendMessage({ role: "user", content: [{ type: "text", text: sentence(10 + Math.floor(rand() * 60)) }],
      timestamp: Date.now() });
    userIds.push(id); written++;
    const n = Math.floor(rand() * 4);
    for (let k = 0; k < n && written < target; k++) {
      const name = pick(tools);
      const cid = `toolu_${(call++).toString(36)}`;
      const args = name === "bash" ? { command: `make -j2 && ./run ${sentence(6)}` }
        : name === "grep" || name === "find" ? { pattern: pick(words), path: "src" }
        : { path: `${outDir}/src/${pick(words)}.c`, ...(name === "write" ? { content: sentence(40) } : {}) };
      assistant([{ type: "thinking", thinking: sentence(20), thinkingSignature: "" },
                 { type: "toolCall", id: cid, name, arguments: args }], "toolUse");
      const content: unknown[] = [{ type: "text", text: sentence(10 + Math.floor(rand() * 55)) }];
      if (rand() < 0.002) content.push({ type: "image", data: bigImage, mimeType: "image/png" });
      sm.appendMessage({ role: "toolResult", toolCallId: cid, toolName: name, content, isError: false,
        timestamp: Date.now() });
      written++;
    }
    if (written < target) assistant([{ type: "text", text: sentence(10 + Math.floor(rand() * 60)) }]);
  }
}

await sm.flush();
const file: string | undefined = sm.getSessionFile();
await sm.close();
if (!file || !existsSync(file)) {
  process.stderr.write("generate-omp: oh-my-pi wrote no session file\n");
  process.exit(1);
}
const out = join(outDir, `bench-omp-${target}.jsonl`);
await Bun.write(out, Bun.file(file));
rmSync(work, { recursive: true, force: true });
console.log(out);
process.exit(0);

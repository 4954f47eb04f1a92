#!/usr/bin/env node
// Appends entries to an existing session file as fast as pi's own SessionManager can, for the
// soak test (test-soak.c): messages in turns, a new branch every so often (pi after /tree),
// labels now and then.
//
//   node soak-writer.mjs FILE N
//
// pi is taken from $RAMO_PI_DIR (default ~/.cache/ramo-pi).

import { existsSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const [file, countArg] = process.argv.slice(2);
const count = Number(countArg);
if (!file || !Number.isInteger(count) || count <= 0) {
  process.stderr.write("usage: soak-writer.mjs FILE N\n");
  process.exit(2);
}

const piDir = process.env.RAMO_PI_DIR || join(homedir(), ".cache", "ramo-pi");
const smPath = join(piDir, "node_modules", "@mariozechner", "pi-coding-agent", "dist", "core", "session-manager.js");
if (!existsSync(smPath)) {
  process.stderr.write(`soak-writer: pi not found at ${smPath}\n`);
  process.exit(3);
}
const { SessionManager } = await import(pathToFileURL(smPath).href);

// a small deterministic generator: the same file every run
let seed = 12345;
const random = (n) => {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return seed % n;
};

const sm = SessionManager.open(file);
const ids = sm.getEntries().map((e) => e.id);
let written = 0;
let call = 0;

while (written < count) {
  if (written > 0 && written % 997 === 0) {
    // a new branch from an entry some way back, as after /tree
    sm.branch(ids[ids.length - 1 - random(Math.min(ids.length, 400))]);
  }
  if (written > 0 && written % 499 === 0) {
    ids.push(sm.appendLabelChange(ids[random(ids.length)], `mark ${written}`));
    written++;
    continue;
  }
  switch (written % 4) {
    case 0:
      ids.push(sm.appendMessage({ role: "user", content: `question ${written}: read the file`, timestamp: Date.now() }));
      break;
    case 1:
      call++;
      ids.push(sm.appendMessage({
        role: "assistant",
        content: [{ type: "toolCall", id: `call${call}`, name: "read", arguments: { path: `/src/file${written}.c` } }],
        api: "openai-completions", provider: "soak", model: "soak-1",
        usage: { input: 1, output: 1, cacheRead: 0, cacheWrite: 0, totalTokens: 2, cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 } },
        stopReason: "toolUse", timestamp: Date.now(),
      }));
      break;
    case 2:
      ids.push(sm.appendMessage({
        role: "toolResult", toolCallId: `call${call}`, toolName: "read",
        content: [{ type: "text", text: `contents of file ${written}` }], isError: false, timestamp: Date.now(),
      }));
      break;
    default:
      ids.push(sm.appendMessage({
        role: "assistant", content: [{ type: "text", text: `answer ${written}` }],
        api: "openai-completions", provider: "soak", model: "soak-1",
        usage: { input: 1, output: 1, cacheRead: 0, cacheWrite: 0, totalTokens: 2, cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 } },
        stopReason: "stop", timestamp: Date.now(),
      }));
  }
  written++;
}

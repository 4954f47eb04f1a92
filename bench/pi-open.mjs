#!/usr/bin/env node
// What pi does to resume a session file (`pi --session FILE`): SessionManager.open(FILE), then
// buildSessionContext() for the agent (pi 1.6.0's main.js and sdk.js call it as the session
// starts), and getTree() as its /tree does. Timed as a whole process by bench/run.py, on a copy.
//
//   node bench/pi-open.mjs [--agent pi-0.73|pi-1.6] FILE
//
// pi 0.73.1 (the default) from $RAMO_PI_DIR or ~/.cache/ramo-pi; pi 1.6.0 from
// ${RAMO_AGENTS_DIR:-~/.cache/ramo-agents}/pi16, to be run by the Node 22 installed beside it
// (tests/compat/install-agents.sh).
import { homedir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const argv = process.argv.slice(2);
let agent = "pi-0.73";
if (argv[0] === "--agent") {
  agent = argv[1];
  argv.splice(0, 2);
}
if (argv.length !== 1 || !["pi-0.73", "pi-1.6"].includes(agent)) {
  console.error("usage: pi-open.mjs [--agent pi-0.73|pi-1.6] FILE");
  process.exit(2);
}
const moduleDir = agent === "pi-1.6"
  ? join(process.env.RAMO_AGENTS_DIR ?? join(homedir(), ".cache", "ramo-agents"), "pi16",
    "node_modules/@earendil-works/pi-coding-agent")
  : join(process.env.RAMO_PI_DIR ?? join(homedir(), ".cache", "ramo-pi"), "node_modules/@mariozechner/pi-coding-agent");
const { SessionManager } = await import(pathToFileURL(join(moduleDir, "dist/core/session-manager.js")).href);
const sm = SessionManager.open(argv[0]);
const context = sm.buildSessionContext();
const roots = sm.getTree();
console.log(`roots ${roots.length} messages ${context.messages.length}`);

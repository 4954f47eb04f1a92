#!/usr/bin/env node
// What pi does to open a session for its tree view: SessionManager.open() on a copy, getTree(),
// buildSessionContext(). Timed as a whole process by bench/run.py.
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const piDir = process.env.RAMO_PI_DIR ?? join(process.env.HOME ?? "/root", ".cache", "ramo-pi");
const { SessionManager } = await import(
  pathToFileURL(join(piDir, "node_modules/@mariozechner/pi-coding-agent/dist/core/session-manager.js")).href
);
const sm = SessionManager.open(process.argv[2]);
const roots = sm.getTree();
const context = sm.buildSessionContext();
console.log(`roots ${roots.length} messages ${context.messages.length}`);

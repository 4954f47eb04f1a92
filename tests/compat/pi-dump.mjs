#!/usr/bin/env node
// Reference dumper: loads a session file with pi's own SessionManager and prints
// the tree or the rebuilt context as one compact JSON line, in the same shape as
// `ramo-session tree|context FILE --json`. Used by run-compat.sh.
//
//   node pi-dump.mjs tree FILE
//   node pi-dump.mjs context FILE [--leaf ID | --leaf root]
//   node pi-dump.mjs extract FILE ID
//
// "extract" runs pi's createBranchedSession(ID) on the copy and prints the
// resulting session's tree in the "tree" format (used to check `ramo extract`).
//
// pi is taken from $RAMO_PI_DIR (default /root/.cache/ramo-pi), which must hold
// node_modules/@mariozechner/pi-coding-agent, or from $RAMO_PI_SESSION_MANAGER
// (the path of another pi's dist/core/session-manager.js, as pi16-dump.mjs sets). FILE is never opened by pi directly:
// pi rewrites files it migrates, so we always work on a private copy.

import { copyFileSync, mkdtempSync, rmSync, existsSync } from "node:fs";
import { tmpdir, homedir } from "node:os";
import { join, basename } from "node:path";
import { pathToFileURL } from "node:url";
import { treeOf } from "./one-per-id.mjs";

function die(msg) {
  process.stderr.write(`pi-dump: ${msg}\n`);
  process.exit(2);
}

const args = process.argv.slice(2);
const mode = args[0];
const file = args[1];
if ((mode !== "tree" && mode !== "context" && mode !== "extract") || !file) {
  die("usage: pi-dump.mjs tree FILE | context FILE [--leaf ID|--leaf root] | extract FILE ID");
}
let leafArg; // undefined = current leaf
let extractId;
let argStart = 2;
if (mode === "extract") {
  extractId = args[2];
  if (!extractId) die("extract needs an entry id");
  argStart = 3;
}
for (let i = argStart; i < args.length; i++) {
  if (args[i] === "--leaf" && i + 1 < args.length) {
    leafArg = args[++i];
  } else {
    die(`unexpected argument: ${args[i]}`);
  }
}
if (mode !== "context" && leafArg !== undefined) die("--leaf only applies to context");
if (!existsSync(file)) die(`no such file: ${file}`);

const piDir = process.env.RAMO_PI_DIR || join(homedir(), ".cache", "ramo-pi");
// pi16-dump.mjs points this at pi 1.6.0's session-manager.js (same API).
const smPath =
  process.env.RAMO_PI_SESSION_MANAGER ||
  join(piDir, "node_modules", "@mariozechner", "pi-coding-agent", "dist", "core", "session-manager.js");
if (!existsSync(smPath)) die(`pi not found at ${smPath}`);
const pi = await import(pathToFileURL(smPath).href);
const { SessionManager, buildSessionContext } = pi;

// Pre-order rows of getTree(), walked with an explicit stack (trees can be
// deeper than the JS call stack allows); where lines share an id, each node once
// (Ramo's deliberate difference, one-per-id.mjs).
function dumpTree(sm, path) {
  const rows = [];
  const roots = treeOf(sm, path, (p, dir) => SessionManager.open(p, dir));
  const stack = [];
  for (let i = roots.length - 1; i >= 0; i--) stack.push([roots[i], 0]);
  while (stack.length > 0) {
    const [node, depth] = stack.pop();
    const e = node.entry;
    const row = {
      id: e.id,
      parentId: e.parentId == null ? null : e.parentId,
      type: e.type,
      depth,
    };
    if (e.type === "message") row.role = e.message?.role;
    if (node.label !== undefined) row.label = node.label;
    rows.push(row);
    const kids = node.children;
    for (let i = kids.length - 1; i >= 0; i--) stack.push([kids[i], depth + 1]);
  }
  const leaf = sm.getLeafId();
  return { version: 3, leafId: leaf == null ? null : leaf, entries: rows };
}

const work = mkdtempSync(join(tmpdir(), "pi-dump-"));
let out;
try {
  const copy = join(work, basename(file).endsWith(".jsonl") ? basename(file) : "session.jsonl");
  copyFileSync(file, copy);
  // sessionDir = the temp dir, so nothing pi might create lands elsewhere.
  const sm = SessionManager.open(copy, work);

  if (mode === "tree") {
    out = dumpTree(sm, copy);
  } else if (mode === "extract") {
    // Persistent mode writes the new file into `work` (only if it holds an
    // assistant message); the manager then holds the new session in memory.
    sm.createBranchedSession(extractId);
    out = dumpTree(sm);
  } else {
    let ctx;
    let leafId;
    if (leafArg === undefined) {
      ctx = sm.buildSessionContext();
      leafId = sm.getLeafId() ?? null;
    } else {
      const entries = sm.getEntries();
      const byId = new Map();
      for (const e of entries) byId.set(e.id, e);
      if (leafArg === "root") {
        ctx = buildSessionContext(entries, null, byId);
        leafId = null;
      } else {
        ctx = buildSessionContext(entries, leafArg, byId);
        leafId = leafArg;
      }
    }
    // pi 0.73.1 has no modes or TTSR rules (they are oh-my-pi's); compute the two fields
    // Ramo adds from the same root→leaf path, as SESSION-TREE.md §4 defines them.
    let modeValue = "none";
    let modeData;
    const rules = [];
    if (leafId !== null) {
      const byId = new Map();
      for (const e of sm.getEntries()) byId.set(e.id, e);
      const path = [];
      const seen = new Set();
      for (let e = byId.get(leafId); e && !seen.has(e); e = e.parentId ? byId.get(e.parentId) : undefined) {
        seen.add(e);
        path.unshift(e);
      }
      for (const e of path) {
        if (e.type === "mode_change") {
          modeValue = e.mode ?? "none";
          modeData = e.data;
        } else if (e.type === "ttsr_injection") {
          const list = e.injectedRules ?? e.rules ?? e.ruleNames;
          if (Array.isArray(list)) rules.push(...list);
        }
      }
    }
    out = {
      leafId,
      thinkingLevel: ctx.thinkingLevel,
      model: ctx.model,
      mode: modeValue,
      ...(modeData !== undefined ? { modeData } : {}),
      injectedTtsrRules: rules,
      messages: ctx.messages,
    };
  }
} catch (err) {
  rmSync(work, { recursive: true, force: true });
  die(err instanceof Error ? err.message : String(err));
} finally {
  rmSync(work, { recursive: true, force: true });
}
process.stdout.write(JSON.stringify(out) + "\n");

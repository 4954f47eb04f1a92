// What pi 1.6.0 computes on a session file, by pi 1.6.0's own code, for pi16-dump.mjs and
// pi16-check.mjs (a module, not a command).
//
// pi 1.6.0 is taken from ${RAMO_AGENTS_DIR:-~/.cache/ramo-agents}/pi16 (install-agents.sh):
// dist/core/session-manager.js (SessionManager, buildSessionContext) and, for the /tree rows,
// dist/modes/interactive/components/tree-selector.js (TreeSelectorComponent, whose TreeList
// holds the rows the selector shows: flattenTree, the filter, recalculateVisualStructure),
// with the dark theme loaded (initTheme) and no terminal. pi only ever reads private copies.

import { copyFileSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { homedir, tmpdir } from "node:os";
import { basename, join } from "node:path";
import { pathToFileURL } from "node:url";
import { treeOf } from "./one-per-id.mjs";

export const AGENTS = process.env.RAMO_AGENTS_DIR || join(homedir(), ".cache", "ramo-agents");
export const PI16_DIR = join(AGENTS, "pi16", "node_modules", "@earendil-works", "pi-coding-agent");
export const PI073_SM = join(process.env.RAMO_PI_DIR || join(homedir(), ".cache", "ramo-pi"),
  "node_modules", "@mariozechner", "pi-coding-agent", "dist", "core", "session-manager.js");

export const FILTER_MODES = ["default", "no-tools", "user-only", "labeled-only", "all"];

const load = async (rel) => {
  const p = join(PI16_DIR, "dist", rel);
  if (!existsSync(p)) throw new Error(`pi 1.6.0 not found at ${p} (run tests/compat/install-agents.sh)`);
  return import(pathToFileURL(p).href);
};

/** pi 1.6.0's session manager module. */
export const pi16 = await load("core/session-manager.js");

let selectorModule;
/** pi 1.6.0's tree selector, with its theme initialised (loaded on first use). */
export async function treeSelector() {
  if (!selectorModule) {
    const theme = await load("modes/interactive/theme/theme.js");
    theme.initTheme("dark");
    selectorModule = await load("modes/interactive/components/tree-selector.js");
  }
  return selectorModule;
}

/**
 * Runs fn(copyPath, workDir) on a private copy of file (named like it), then removes the copy:
 * when fn's result settles if it is a promise.
 */
export function withCopy(file, fn) {
  const work = mkdtempSync(join(tmpdir(), "pi16-"));
  const cleanup = () => rmSync(work, { recursive: true, force: true });
  let result;
  try {
    const copy = join(work, basename(file).endsWith(".jsonl") ? basename(file) : "session.jsonl");
    copyFileSync(file, copy);
    result = fn(copy, work);
  } catch (err) {
    cleanup();
    throw err;
  }
  if (result && typeof result.then === "function") return result.finally(cleanup);
  cleanup();
  return result;
}

const sessionFiles = new WeakMap();

/** Opens a private copy of file with pi 1.6.0 and runs fn(sm, copyPath, workDir). */
export function withSession(file, fn) {
  return withCopy(file, (copy, work) => {
    const sm = pi16.SessionManager.open(copy, work);
    sessionFiles.set(sm, copy);
    return fn(sm, copy, work);
  });
}

/**
 * pi 1.6.0's getTree() with each node listed once where an id is on several lines (Ramo's
 * deliberate difference, one-per-id.mjs).
 */
export function piTree(sm, asGiven = false) {
  return treeOf(sm, sessionFiles.get(sm), (path, dir) => pi16.SessionManager.open(path, dir), asGiven);
}

/**
 * The tree in the shape of `ramo-session tree FILE --json`: getTree() (one node per id:
 * piTree()) walked in pre-order (an explicit stack: trees can be deeper than the JS stack).
 */
export function dumpTree(sm) {
  const rows = [];
  const stack = [];
  const roots = piTree(sm);
  for (let i = roots.length - 1; i >= 0; i--) stack.push([roots[i], 0]);
  while (stack.length > 0) {
    const [node, depth] = stack.pop();
    const e = node.entry;
    const row = { id: e.id, parentId: e.parentId == null ? null : e.parentId, type: e.type, depth };
    if (e.type === "message") row.role = e.message?.role;
    if (node.label !== undefined) row.label = node.label;
    rows.push(row);
    for (let i = node.children.length - 1; i >= 0; i--) stack.push([node.children[i], depth + 1]);
  }
  return { version: 3, leafId: sm.getLeafId() ?? null, entries: rows };
}

/**
 * The context pi 1.6.0's buildSessionContext gives at leaf: undefined = the session's leaf,
 * "root" = before the first entry (leafId null), else that id (pi falls back to the last
 * entry of the file for an id it does not know). Shape of `ramo-session context --json`,
 * without Ramo's mode / injectedTtsrRules (pi has neither).
 */
export function dumpContext(sm, leaf, entries = sm.getEntries(), byId) {
  let ctx;
  let leafId;
  if (leaf === undefined) {
    ctx = sm.buildSessionContext();
    leafId = sm.getLeafId() ?? null;
  } else {
    byId ??= new Map(entries.map((e) => [e.id, e]));
    leafId = leaf === "root" ? null : leaf;
    ctx = pi16.buildSessionContext(entries, leafId, byId);
  }
  return { leafId, thinkingLevel: ctx.thinkingLevel, model: ctx.model, messages: ctx.messages };
}

/**
 * The rows pi 1.6.0's /tree selector shows in filter mode (one of FILTER_MODES), as its
 * TreeList holds them after filtering: entry id, indent (TreeList's own value; with several
 * visible roots it is one more than the indentation drawn), showConnector, isLast, gutters.
 */
export async function dumpRows(sm, mode) {
  // a loop cut (one-per-id.mjs) as the selector, which follows parentId, sees it
  const tree = piTree(sm, true);
  if (tree.length === 0) return { filter: mode, rows: [] }; // the selector would close itself
  const { TreeSelectorComponent } = await treeSelector();
  const noop = () => {};
  const selector = new TreeSelectorComponent(tree, sm.getLeafId(), 40, noop, noop, noop, undefined, mode);
  const rows = selector.getTreeList().filteredNodes.map((f) => ({
    id: f.node.entry.id,
    indent: f.indent,
    showConnector: Boolean(f.showConnector),
    isLast: Boolean(f.isLast),
    gutters: f.gutters.map((g) => ({ position: g.position, show: Boolean(g.show) })),
  }));
  return { filter: mode, rows };
}

/**
 * Ids at which to compare contexts: up to `spread` ids spread over the tree's pre-order and
 * the active path (plus one deep off-path message), every context_edit, compaction,
 * branch_summary and system message, their parents and the edits' targets; at most `max`
 * in all (taken evenly from the list), never looping ancestries.
 */
export function pickIds(sm, spread = 12, max = 200) {
  const tree = dumpTree(sm);
  const rows = tree.entries;
  const entries = sm.getEntries();
  const byId = new Map(entries.map((e) => [e.id, e]));
  const loops = (id) => {
    const seen = new Set();
    for (let cur = id; cur != null && byId.has(cur); cur = byId.get(cur).parentId) {
      if (seen.has(cur)) return true;
      seen.add(cur);
    }
    return false;
  };
  const onPath = new Set();
  for (let id = tree.leafId; id != null && byId.has(id) && !onPath.has(id); id = byId.get(id).parentId) onPath.add(id);
  const picks = [];
  const add = (id) => {
    if (id != null && byId.has(id) && !picks.includes(id) && !loops(id)) picks.push(id);
  };
  const path = rows.filter((r) => onPath.has(r.id));
  for (let k = 1; k <= 3 && path.length > 1; k++) add(path[Math.floor(((path.length - 1) * k) / 4)].id);
  const off = rows.filter((r) => !onPath.has(r.id) && r.type === "message").sort((a, b) => b.depth - a.depth);
  if (off.length > 0) add(off[0].id);
  for (let k = 0; picks.length < spread && k < spread && rows.length > 0; k++)
    add(rows[Math.floor((rows.length * k) / spread)].id);
  if (rows.length > 0) add(rows[rows.length - 1].id);
  const special = [];
  for (const e of entries) {
    const isSystem = e.type === "message" && e.message?.role === "system";
    if (e.type === "context_edit" || e.type === "compaction" || e.type === "branch_summary" || isSystem) {
      special.push(e.id);
      if (e.parentId != null) special.push(e.parentId);
      if (e.type === "context_edit" && e.targetId != null) special.push(e.targetId);
    }
  }
  const uniq = [...new Set(special)].filter((id) => !picks.includes(id));
  const room = Math.max(0, max - picks.length);
  if (uniq.length <= room) uniq.forEach(add);
  else for (let k = 0; k < room; k++) add(uniq[Math.floor((uniq.length * k) / room)]);
  return picks;
}

/** pi's migration from version 1 gives fresh random ids: is file such a file (`(version ?? 1) < 2`)? */
export function isV1(header) {
  return header && header.type === "session" && (header.version ?? 1) < 2;
}

// ---------------------------------------------------------------------------
// Deep comparison

const ID_KEYS = new Set(["id", "parentId", "leafId", "targetId", "fromId", "firstKeptEntryId"]);
const GENERATED_ID = /^([0-9a-f]{8}|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;
const idLike = (v) => v === undefined || v === null || (typeof v === "string" && GENERATED_ID.test(v));
const kind = (v) => (v === null ? "null" : Array.isArray(v) ? "array" : typeof v);
const step = (path, key) =>
  typeof key === "number" ? `${path}[${key}]` : /^[A-Za-z_$][\w$]*$/.test(key) ? `${path}.${key}` : `${path}[${JSON.stringify(key)}]`;

/**
 * The first difference between two JSON values in document order, as {path, a, b}, or null.
 * Object key order does not count. opts.ignoreIds: entry-id fields holding generated ids (or
 * nothing) on both sides are not compared (version-1 files); opts.ignoreTop: top-level keys
 * not compared.
 */
export function firstDiff(a, b, opts = {}) {
  const stack = [["$", a, b]];
  while (stack.length > 0) {
    const [path, x, y] = stack.pop();
    const kx = kind(x);
    const ky = kind(y);
    if (x === undefined && y === undefined) continue;
    if (x === undefined || y === undefined || kx !== ky) return { path, a: x, b: y };
    if (kx === "array") {
      const n = Math.min(x.length, y.length);
      if (x.length !== y.length) {
        for (let i = 0; i < n; i++) {
          const d = firstDiff(x[i], y[i], { ...opts, ignoreTop: undefined });
          if (d) return { ...d, path: step(path, i) + d.path.slice(1) };
        }
        return { path: `${path}.length`, a: x.length, b: y.length };
      }
      for (let i = x.length - 1; i >= 0; i--) stack.push([step(path, i), x[i], y[i]]);
    } else if (kx === "object") {
      const keys = [...new Set([...Object.keys(x), ...Object.keys(y)])].sort();
      for (let i = keys.length - 1; i >= 0; i--) {
        const k = keys[i];
        if (path === "$" && opts.ignoreTop?.has(k)) continue;
        if (opts.ignoreIds && ID_KEYS.has(k) && idLike(x[k]) && idLike(y[k])) continue;
        stack.push([step(path, k), x[k], y[k]]);
      }
    } else if (!Object.is(x, y) && x !== y) return { path, a: x, b: y };
  }
  return null;
}

/** A value for a one-line message: JSON, cut at 160 characters. */
export function show(v) {
  if (v === undefined) return "(absent)";
  let s = JSON.stringify(v);
  if (s.length > 160) s = s.slice(0, 157) + "...";
  return s;
}

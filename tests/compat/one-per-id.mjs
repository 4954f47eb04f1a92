// pi's getTree() with one node per id: the tree Ramo shows, made from what the agent itself
// computes, for the compat harnesses (pi16-lib.mjs, pi-dump.mjs, omp-lib.ts). A module.
//
// When lines of a file share an id (pi's deferred first write can write the header and the
// first entries twice), pi's and oh-my-pi's getTree() make one node per id (the later line,
// which their index by id holds) but push it into the children of the parent EACH line names,
// once per line: the same node listed twice under one parent, or under two parents. Ramo
// deliberately shows an id once (tree, /tree rows, counts): under the parent its later line
// names, where the agent's sorted children list it first; a root where the agent's roots list
// it first. So the harnesses compare Ramo's tree with the agent's tree with those repeated
// edges taken out — nothing else is changed: parents, order, labels and depths are the
// agent's.
//
// When the agent's getTree() never ends (a repeated id closes a loop of parent links: its
// sort walks the loop forever, and getBranch() in it never ends either), there is no tree of
// the agent's to take edges out of. Then the tree compared is the agent's getTree() over the
// file with each line moved under its id's node's parent (a repeated edge, taken out again),
// and each loop cut as Ramo documents it (at the node whose id the file has first; it becomes
// a root): lines of a cut id that placed it under another node are left out. Sibling order
// can then differ from Ramo's for siblings with equal or invalid timestamps (the lines moved
// join their new parent's list earlier), so the cases of that kind keep their timestamps
// distinct.

import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const SESSION = "session";

/** Where pi's getTree() puts a line: its parent's id, or null for a root. */
const placement = (byId, e) => (e.parentId == null || e.parentId === e.id || !byId.has(e.parentId) ? null : e.parentId);

/**
 * What the tree of entries (sm.getEntries(), file order) needs: the node of each id, the
 * parent of each node (null for a root, cycles cut), the ids cut, and whether the agent's
 * getTree() would loop forever. null when no id is on two lines.
 */
export function repeatedIds(entries) {
  const byId = new Map();
  const firstLine = new Map();
  entries.forEach((e, i) => {
    byId.set(e.id, e);
    if (!firstLine.has(e.id)) firstLine.set(e.id, i);
  });
  if (byId.size === entries.length) return null;

  const parentOf = new Map();
  for (const [id, e] of byId) parentOf.set(id, placement(byId, e));
  // the nodes' parent links: a loop is cut at the node whose id the file has first
  const cut = new Set();
  const state = new Map();
  for (const id of byId.keys()) {
    if (state.get(id) === 2) continue;
    const walk = [];
    let cur = id;
    while (cur != null && !state.has(cur)) {
      state.set(cur, 1);
      walk.push(cur);
      cur = parentOf.get(cur);
    }
    if (cur != null && state.get(cur) === 1) {
      let first = cur;
      for (let e = parentOf.get(cur); e !== cur; e = parentOf.get(e)) if (firstLine.get(e) < firstLine.get(first)) first = e;
      cut.add(first);
      parentOf.set(first, null);
    }
    for (const w of walk) state.set(w, 2);
  }

  // the agent's graph: an edge per line from the node its parentId names; a loop in it
  // (Kahn's algorithm leaves nodes over) makes getTree() walk forever
  const indegree = new Map([...byId.keys()].map((id) => [id, 0]));
  const out = new Map();
  for (const e of entries) {
    const p = placement(byId, e);
    if (p == null) continue;
    indegree.set(e.id, indegree.get(e.id) + 1);
    if (!out.has(p)) out.set(p, []);
    out.get(p).push(e.id);
  }
  const queue = [...byId.keys()].filter((id) => indegree.get(id) === 0);
  let done = 0;
  while (queue.length > 0) {
    const id = queue.pop();
    done++;
    for (const c of out.get(id) ?? []) {
      indegree.set(c, indegree.get(c) - 1);
      if (indegree.get(c) === 0) queue.push(c);
    }
  }
  return { byId, firstLine, parentOf, cut, loops: done < byId.size };
}

/**
 * The lines of a file whose agent's getTree() would loop (see above), each under its id's
 * node's parent, the loops cut; header lines kept as they are. Returns JSONL text.
 */
export function unloopedText(fileLines, info) {
  const kept = [];
  const last = new Map();
  fileLines.forEach((line, i) => {
    if (line && typeof line.id === "string") last.set(line.id, i);
  });
  for (const [i, line] of fileLines.entries()) {
    if (line.type === SESSION || line.type === "title" || typeof line.id !== "string" || !info.byId.has(line.id)) {
      kept.push(line);
      continue;
    }
    const parent = info.parentOf.get(line.id);
    if (info.cut.has(line.id) && i !== last.get(line.id) && placement(info.byId, line) != null) continue;
    kept.push({ ...line, parentId: parent });
  }
  return kept.map((l) => JSON.stringify(l)).join("\n") + "\n";
}

/**
 * roots (the agent's getTree() of a file whose ids info describes) with each node listed once:
 * under the parent its own line names, first place; a root where the roots list it first.
 * New node objects, label as the agent gave it; entry = the node's entry as the file has it
 * (info.byId), or with asGiven the tree's own (the cut parents of an unlooped file, which the
 * /tree selector follows).
 */
export function onePerId(roots, info, asGiven = false) {
  const seen = new Set();
  const make = (node) => ({ ...node, entry: asGiven ? node.entry : info.byId.get(node.entry.id), children: [] });
  const result = [];
  const stack = [];
  for (const r of roots) {
    const id = r.entry.id;
    if (info.parentOf.get(id) != null || seen.has(id)) continue;
    seen.add(id);
    const n = make(r);
    result.push(n);
    stack.push([r, n]);
  }
  while (stack.length > 0) {
    const [src, dst] = stack.pop();
    for (const c of src.children) {
      const id = c.entry.id;
      if (info.parentOf.get(id) !== dst.entry.id || seen.has(id)) continue;
      seen.add(id);
      const n = make(c);
      dst.children.push(n);
      stack.push([c, n]);
    }
  }
  return result;
}

/** The lines of the session file at path that parse, as pi reads them. */
export function readLines(path) {
  const lines = [];
  for (const text of readFileSync(path, "utf8").split("\n")) {
    if (!text.trim()) continue;
    try {
      lines.push(JSON.parse(text));
    } catch {
      // pi skips a line that does not parse
    }
  }
  return lines;
}

/**
 * The agent's tree with one node per id, synchronously: sm is a session manager of pi
 * (getEntries(), getTree()) opened on the file at path; openPath(path, dir) opens one on
 * another file (used only when getTree() would loop). With asGiven, the entries of an
 * unlooped file's tree are its own (for the /tree selector, which follows their parentId).
 */
export function treeOf(sm, path, openPath, asGiven = false) {
  const info = repeatedIds(sm.getEntries());
  if (info == null) return sm.getTree();
  if (!info.loops) return onePerId(sm.getTree(), info);
  const dir = mkdtempSync(join(tmpdir(), "one-per-id-"));
  try {
    const copy = join(dir, "session.jsonl");
    writeFileSync(copy, unloopedText(readLines(path), info));
    return onePerId(openPath(copy, dir).getTree(), info, asGiven);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

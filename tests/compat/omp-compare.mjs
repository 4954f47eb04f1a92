#!/usr/bin/env node
// Many JSON comparisons in one process, for run-compat-omp.sh.
//
//   node omp-compare.mjs MANIFEST
//
// MANIFEST has one comparison a line: `WHAT<TAB>OMP.json<TAB>RAMO.json[<TAB>OPTIONS]`.
// OMP.json is what oh-my-pi computes (the reference), RAMO.json what ramo-session
// printed. OPTIONS, comma-separated:
//   ignore-ids   entry-id-like members (id, parentId, leafId, targetId, fromId,
//                firstKeptEntryId) are not compared when both hold null/absent or a
//                generated id (8 hex digits or a UUID): version-1 files get random
//                ids from the migration (as in json-compare.mjs)
//   drop=K       member K of the top-level object is left out on both sides
//   info-name    RAMO is the text `ramo-session info` printed: its "name:" line is
//                read as {"name": NAME} ("(none)" or no such line: null)
//   rows         both are /tree rows ({filter, rows: [{id, indent, ...}]}): only WHICH
//                rows appear and in WHICH order are compared, each row as its id. Not the
//                geometry (indent, showConnector, isLast, gutters): oh-my-pi 18.2.3 keeps
//                the indentation its #flattenTree gave the whole tree after filtering and
//                does not indent the first generation after a branch point twice, while
//                Ramo lays out the visible rows as its nested tree list (a visible entry
//                hangs under its nearest visible ancestor, spec §7) for both dialects,
//                on purpose. pi's rows (run-compat.sh, run-compat-pi16.sh) are still
//                compared whole.
//   omp-tree=F, ramo-tree=F  with rows and ignore-ids (version-1 files, whose ids
//                oh-my-pi makes up): each row is its position in that side's tree dump
//                (`tree --json`, pre-order) instead of its id, so that the set and the
//                order are still compared
// Values are compared as JSON values: object member order does not matter, array
// order does. Prints `ok: WHAT` or `FAIL: WHAT: $.path: omp VALUE vs ramo VALUE` per
// line (the first difference inside each of up to three differing top-level members,
// joined by " | ") (an unreadable or invalid RAMO.json is a failure too), then a last line
// `omp-compare: P passed, F failed`. Exit status 0 when all passed, 1 otherwise,
// 2 on a usage error.

import { readFileSync } from "node:fs";

const [manifest] = process.argv.slice(2);
if (!manifest || process.argv.length > 3) {
  process.stderr.write("usage: omp-compare.mjs MANIFEST\n");
  process.exit(2);
}

const ID_KEYS = new Set(["id", "parentId", "leafId", "targetId", "fromId", "firstKeptEntryId"]);
const GENERATED_ID = /^([0-9a-f]{8}|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;
const idLike = (v) => v === undefined || v === null || (typeof v === "string" && GENERATED_ID.test(v));

const kind = (v) => (v === null ? "null" : Array.isArray(v) ? "array" : typeof v);
function show(v) {
  if (v === undefined) return "(absent)";
  let s = JSON.stringify(v);
  if (s.length > 200) s = s.slice(0, 197) + "...";
  return s;
}

/** The first difference as "path: a vs b", or null. */
function diff(a, b, path, ignoreIds) {
  const ka = kind(a);
  const kb = kind(b);
  if (ka !== kb) return `${path}: omp ${show(a)} vs ramo ${show(b)}`;
  if (ka === "array") {
    const n = Math.min(a.length, b.length);
    for (let i = 0; i < n; i++) {
      const d = diff(a[i], b[i], `${path}[${i}]`, ignoreIds);
      if (d) return d;
    }
    if (a.length !== b.length)
      return `${path}.length: omp ${a.length} vs ramo ${b.length} (first extra: ${show(a.length > b.length ? a[n] : b[n])})`;
    return null;
  }
  if (ka === "object") {
    const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].sort();
    for (const k of keys) {
      if (ignoreIds && ID_KEYS.has(k) && idLike(a[k]) && idLike(b[k])) continue;
      const p = /^[A-Za-z_$][\w$]*$/.test(k) ? `${path}.${k}` : `${path}[${JSON.stringify(k)}]`;
      if (!(k in a) || !(k in b)) return `${p}: omp ${show(a[k])} vs ramo ${show(b[k])}`;
      const d = diff(a[k], b[k], p, ignoreIds);
      if (d) return d;
    }
    return null;
  }
  return Object.is(a, b) || a === b ? null : `${path}: omp ${show(a)} vs ramo ${show(b)}`;
}

function read(file) {
  const text = readFileSync(file, "utf8");
  return JSON.parse(text);
}

function readInfoName(file) {
  const line = readFileSync(file, "utf8").split("\n").find((l) => /^name:/i.test(l));
  const name = line === undefined ? null : line.replace(/^name:\s?/i, "");
  return { name: name === "(none)" ? null : name };
}

/** The rows of a /tree dump reduced to what is compared: ids, or tree positions. */
function rowIds(dump, treeFile) {
  let pos = null;
  if (treeFile) {
    pos = new Map();
    read(treeFile).entries.forEach((e, i) => {
      if (!pos.has(e.id)) pos.set(e.id, i);
    });
  }
  const rows = Array.isArray(dump?.rows) ? dump.rows : null;
  if (rows === null) return dump;
  const ids = rows.map((r) => (pos === null ? r?.id : pos.has(r?.id) ? `tree[${pos.get(r.id)}]` : `not in the tree: ${r?.id}`));
  return { ...dump, rows: ids };
}

let pass = 0;
let fail = 0;
for (const line of readFileSync(manifest, "utf8").split("\n")) {
  if (!line.trim()) continue;
  const [what, fa, fb, opts = ""] = line.split("\t");
  const options = opts.split(",").filter(Boolean);
  const ignoreIds = options.includes("ignore-ids");
  const drops = options.filter((o) => o.startsWith("drop=")).map((o) => o.slice(5));
  let a;
  let b;
  try {
    a = read(fa);
  } catch (err) {
    console.log(`FAIL: ${what}: oh-my-pi output unreadable: ${err.message}`);
    fail++;
    continue;
  }
  try {
    b = options.includes("info-name") ? readInfoName(fb) : read(fb);
  } catch (err) {
    console.log(`FAIL: ${what}: ramo output is not JSON: ${err.message.split("\n")[0]}`);
    fail++;
    continue;
  }
  if (options.includes("rows")) {
    const treeOpt = (name) => options.find((o) => o.startsWith(`${name}=`))?.slice(name.length + 1);
    const byPos = ignoreIds && treeOpt("omp-tree") && treeOpt("ramo-tree");
    try {
      a = rowIds(a, byPos ? treeOpt("omp-tree") : null);
      b = rowIds(b, byPos ? treeOpt("ramo-tree") : null);
    } catch (err) {
      console.log(`FAIL: ${what}: tree dump unreadable: ${err.message.split("\n")[0]}`);
      fail++;
      continue;
    }
  }
  for (const k of drops) {
    if (kind(a) === "object") delete a[k];
    if (kind(b) === "object") delete b[k];
  }
  let d = null;
  if (kind(a) === "object" && kind(b) === "object") {
    // the first difference in each differing top-level member (up to three), so a
    // missing setting does not hide a difference in the messages
    const found = [];
    for (const k of [...new Set([...Object.keys(a), ...Object.keys(b)])].sort()) {
      if (ignoreIds && ID_KEYS.has(k) && idLike(a[k]) && idLike(b[k])) continue;
      const dk = !(k in a) || !(k in b) ? `$.${k}: omp ${show(a[k])} vs ramo ${show(b[k])}` : diff(a[k], b[k], `$.${k}`, ignoreIds);
      if (dk) found.push(dk);
    }
    if (found.length > 0) d = found.slice(0, 3).join(" | ") + (found.length > 3 ? ` | (${found.length - 3} more members differ)` : "");
  } else {
    d = diff(a, b, "$", ignoreIds);
  }
  if (d) {
    console.log(`FAIL: ${what}: ${d}`);
    fail++;
  } else {
    console.log(`ok: ${what}`);
    pass++;
  }
}
console.log(`omp-compare: ${pass} passed, ${fail} failed`);
process.exit(fail === 0 ? 0 : 1);

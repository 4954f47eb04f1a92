#!/usr/bin/env node
// Deep-compare two JSON documents (files, or "-" for stdin on at most one side).
//
//   node json-compare.mjs A B [--ignore-ids]
//
// Object key order does not matter; array order does. Exit 0 and print nothing
// when equal; otherwise print the first differing path with both values and exit 1.
// Exit 2 on usage or parse errors.
//
// --exact: compare text, not values: numbers and strings must be written the same way (as
// JSON.stringify writes them: `1e+21`, `\u0000`, `\ud800`), and inside the top-level
// object keys must come in the same order. Only the top-level members may be in another order.
//
// --ignore-ids: entry-id-like fields (id, parentId, leafId, targetId, fromId,
// firstKeptEntryId) are not compared when both sides hold null/absent or a
// generated id (8 hex digits, or a UUID). Used for version-1 files, whose ids
// are made up at random by the migration. Other ids (tool call ids, ...) are
// still compared because they do not look like generated entry ids.

import { readFileSync } from "node:fs";

const argv = process.argv.slice(2);
let ignoreIds = false;
let exact = false;
const files = [];
for (const a of argv) {
  if (a === "--ignore-ids") ignoreIds = true;
  else if (a === "--exact") exact = true;
  else files.push(a);
}
if (files.length !== 2) {
  process.stderr.write("usage: json-compare.mjs A B [--ignore-ids] [--exact]\n");
  process.exit(2);
}

function load(f) {
  const text = f === "-" ? readFileSync(0, "utf8") : readFileSync(f, "utf8");
  try {
    return JSON.parse(text);
  } catch (err) {
    process.stderr.write(`json-compare: ${f}: not valid JSON: ${err.message}\n`);
    process.exit(2);
  }
}

const ID_KEYS = new Set(["id", "parentId", "leafId", "targetId", "fromId", "firstKeptEntryId"]);
const GENERATED_ID = /^([0-9a-f]{8}|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;
const idLike = (v) => v === undefined || v === null || (typeof v === "string" && GENERATED_ID.test(v));

function kind(v) {
  if (v === null) return "null";
  if (Array.isArray(v)) return "array";
  return typeof v;
}

function show(v) {
  if (v === undefined) return "(absent)";
  let s = JSON.stringify(v);
  if (s.length > 160) s = s.slice(0, 157) + "...";
  return s;
}

function pathPush(path, key) {
  if (typeof key === "number") return `${path}[${key}]`;
  return /^[A-Za-z_$][\w$]*$/.test(key) ? `${path}.${key}` : `${path}[${JSON.stringify(key)}]`;
}

// Iterative walk (documents can be very deep or very long). Returns the first
// difference found in document order, or null.
function firstDiff(a, b) {
  const stack = [["$", a, b]];
  while (stack.length > 0) {
    const [path, x, y] = stack.pop();
    const kx = kind(x);
    const ky = kind(y);
    if (x === undefined || y === undefined || kx !== ky) {
      if (x === undefined && y === undefined) continue;
      return { path, x, y };
    }
    if (kx === "array") {
      if (x.length !== y.length) {
        // Report the first element that differs, else the length mismatch.
        const n = Math.min(x.length, y.length);
        const sub = [];
        for (let i = n - 1; i >= 0; i--) sub.push([pathPush(path, i), x[i], y[i]]);
        const inner = firstDiffList(sub);
        if (inner) return inner;
        return { path: `${path}.length`, x: x.length, y: y.length };
      }
      for (let i = x.length - 1; i >= 0; i--) stack.push([pathPush(path, i), x[i], y[i]]);
    } else if (kx === "object") {
      const keys = new Set([...Object.keys(x), ...Object.keys(y)]);
      const sorted = [...keys].sort();
      for (let i = sorted.length - 1; i >= 0; i--) {
        const k = sorted[i];
        if (ignoreIds && ID_KEYS.has(k) && idLike(x[k]) && idLike(y[k])) continue;
        stack.push([pathPush(path, k), x[k], y[k]]);
      }
    } else if (kx === "number") {
      if (!Object.is(x, y) && x !== y) return { path, x, y };
    } else if (x !== y) {
      return { path, x, y };
    }
  }
  return null;
}

function firstDiffList(items) {
  // items is a stack (last = first in document order)
  for (let i = items.length - 1; i >= 0; i--) {
    const d = firstDiff(items[i][1], items[i][2]);
    if (d) return { ...d, path: items[i][0] + d.path.slice(1) };
  }
  return null;
}

// --exact: each value's own text, the top-level object's members in any order
function exactDiff(fileA, fileB) {
  const read = (f) => (f === "-" ? readFileSync(0, "utf8") : readFileSync(f, "utf8")).trim();
  // the top-level members of an object as [key, raw text], split with a small scanner
  function members(text) {
    const out = new Map();
    let i = 1;
    const skipString = (j) => {
      for (j++; text[j] !== '"'; j++) if (text[j] === "\\") j++;
      return j + 1;
    };
    while (i < text.length - 1) {
      if (text[i] === ",") i++;
      const keyEnd = skipString(i);
      const key = JSON.parse(text.slice(i, keyEnd));
      let j = keyEnd + 1;
      const start = j;
      let depth = 0;
      for (; j < text.length; j++) {
        const c = text[j];
        if (c === '"') { j = skipString(j) - 1; continue; }
        if (c === "{" || c === "[") depth++;
        else if (c === "}" || c === "]") { if (depth === 0) break; depth--; }
        else if (c === "," && depth === 0) break;
      }
      out.set(key, text.slice(start, j));
      i = j;
    }
    return out;
  }
  const a = members(read(fileA));
  const b = members(read(fileB));
  for (const key of new Set([...a.keys(), ...b.keys()])) {
    const x = a.get(key);
    const y = b.get(key);
    if (x === y) continue;
    if (x === undefined || y === undefined) return { path: `$.${key}`, x: x, y: y, raw: true };
    let k = 0;
    while (k < x.length && x[k] === y[k]) k++;
    const from = Math.max(0, k - 60);
    return { path: `$.${key} at character ${k}`, x: x.slice(from, k + 60), y: y.slice(from, k + 60), raw: true };
  }
  return null;
}

if (exact) {
  const d = exactDiff(files[0], files[1]);
  if (!d) process.exit(0);
  process.stdout.write(`differ at ${d.path}: ${d.x === undefined ? "(absent)" : d.x} vs ${d.y === undefined ? "(absent)" : d.y}\n`);
  process.exit(1);
}

const A = load(files[0]);
const B = load(files[1]);
const d = firstDiff(A, B);
if (!d) process.exit(0);
process.stdout.write(`differ at ${d.path}: ${show(d.x)} vs ${show(d.y)}\n`);
process.exit(1);

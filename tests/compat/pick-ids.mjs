#!/usr/bin/env node
// Pick a few entry ids from a tree dump (pi-dump.mjs tree output) at which to
// compare contexts. Prints up to MAX (default 5) ids, one per line, never the
// current leaf, chosen to spread over the tree:
//   1. a non-leaf entry halfway along the active path (root -> leaf)
//   2. an entry off the active path (inside another branch), if any
//   3. the last compaction entry, if any
//   4. entries at 1/4 and 3/4 of the pre-order listing, and the last one
// Entries whose parent chain loops are never picked.
//
//   node pick-ids.mjs TREE.json [MAX]

import { readFileSync } from "node:fs";

const [file, maxArg] = process.argv.slice(2);
if (!file) {
  process.stderr.write("usage: pick-ids.mjs TREE.json [MAX]\n");
  process.exit(2);
}
const max = maxArg ? Number(maxArg) : 5;
const tree = JSON.parse(readFileSync(file, "utf8"));
const rows = tree.entries;
const leaf = tree.leafId;

const parent = new Map(rows.map((r) => [r.id, r.parentId]));
const onPath = new Set();
for (let id = leaf; id != null && !onPath.has(id); id = parent.get(id)) onPath.add(id);
const pathList = rows.filter((r) => onPath.has(r.id)).map((r) => r.id); // pre-order = root..leaf

// pi's context rebuild walks parentId links without a cycle guard, so an entry
// whose ancestry loops (e.g. parentId === id) would hang it: never pick those.
const loops = (id) => {
  const seen = new Set();
  for (let cur = id; cur != null && parent.has(cur); cur = parent.get(cur)) {
    if (seen.has(cur)) return true;
    seen.add(cur);
  }
  return false;
};

const picks = [];
const add = (id) => {
  if (id != null && id !== leaf && !picks.includes(id) && picks.length < max && !loops(id)) picks.push(id);
};

if (pathList.length > 1) add(pathList[Math.floor((pathList.length - 1) / 2)]);
const off = rows.filter((r) => !onPath.has(r.id));
if (off.length > 0) {
  // prefer a message deep inside another branch
  const deep = off.filter((r) => r.type === "message" && !loops(r.id)).sort((a, b) => b.depth - a.depth)[0];
  add((deep ?? off[Math.floor(off.length / 2)]).id);
}
const comps = rows.filter((r) => r.type === "compaction");
if (comps.length > 0) add(comps[comps.length - 1].id);
if (rows.length > 0) {
  add(rows[Math.floor(rows.length / 4)].id);
  add(rows[Math.floor((rows.length * 3) / 4)].id);
  add(rows[rows.length - 1].id);
}
for (const id of picks) process.stdout.write(id + "\n");

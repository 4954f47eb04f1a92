#!/usr/bin/env node
// pi 1.6.0's own branches of a session: for each leaf (each entry no other entry names as its
// parent, in file order), SessionManager.getBranch(leaf), as one JSON line
// {"leaf": ID, "branch": [[id, type, role or null], ...]} — what check-export.sh compares
// `ramo-session export FILE --leaf ID --markdown` with, entry for entry.
//
//   node pi16-branch.mjs FILE
//
// Run it with pi 1.6.0's Node 22 (install-agents.sh); pi reads a private copy.

import { existsSync } from "node:fs";
import { withSession } from "./pi16-lib.mjs";

const [file] = process.argv.slice(2);
if (!file || !existsSync(file)) {
  process.stderr.write("usage: pi16-branch.mjs FILE\n");
  process.exit(2);
}

const out = [];
await withSession(file, async (sm) => {
  const entries = sm.getEntries();
  const parents = new Set(entries.map((e) => e.parentId));
  for (const e of entries) {
    if (parents.has(e.id)) continue;
    const branch = sm.getBranch(e.id).map((b) => [b.id, b.type, b.type === "message" ? b.message?.role ?? null : null]);
    out.push(JSON.stringify({ leaf: e.id, branch }));
  }
});
process.stdout.write(out.join("\n") + (out.length ? "\n" : ""));

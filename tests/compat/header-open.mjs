#!/usr/bin/env node
// What pi itself does when it opens FILE: SessionManager.open() of pi 1.6.0 (`pi16`) or of
// pi 0.73.1 (`pi073`). Prints one line: `refused`, or `opened N` (its entries), then
// ` unchanged` or ` changed` (FILE's bytes after the open against before). Used by
// check-headers.sh, on private copies.
//
//   node header-open.mjs pi16|pi073 FILE

import { readFileSync } from "node:fs";
import { homedir } from "node:os";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";

const [which, file] = process.argv.slice(2);
const sm = which === "pi16"
  ? join(process.env.RAMO_AGENTS_DIR || join(homedir(), ".cache", "ramo-agents"),
         "pi16/node_modules/@earendil-works/pi-coding-agent/dist/core/session-manager.js")
  : join(process.env.RAMO_PI_DIR || join(homedir(), ".cache", "ramo-pi"),
         "node_modules/@mariozechner/pi-coding-agent/dist/core/session-manager.js");
const { SessionManager } = await import(pathToFileURL(sm).href);
const before = readFileSync(file);
let result;
try {
  result = `opened ${SessionManager.open(file, dirname(file)).getEntries().length}`;
} catch {
  result = "refused";
}
console.log(`${result} ${Buffer.compare(before, readFileSync(file)) === 0 ? "unchanged" : "changed"}`);

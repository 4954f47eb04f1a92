// `ramo-session stats` against oh-my-pi 18.2.3 on session files, for check-figures.sh. Run by
// Bun:
//
//   bun figures-omp.ts RAMO_SESSION FILE...
//
// For each FILE, the session's figures and every branch's (figures-lib.mjs) from `ramo-session
// stats --by-branch --json --dialect omp` equal those computed from the entries oh-my-pi's own
// SessionManager parsed (src/session/session-manager.ts) and the tree its getTree() made (one
// node per id, one-per-id.mjs). oh-my-pi reads private copies only (omp-lib.ts). Prints `ok:`
// and `FAIL:` lines, then `N passed, M failed`.

import { spawnSync } from "node:child_process";
import { basename } from "node:path";
import * as lib from "./omp-lib.ts";
import { onePerId, repeatedIds } from "./one-per-id.mjs";
import * as fig from "./figures-lib.mjs";

const [RAMO, ...files] = process.argv.slice(2);
if (!RAMO || files.length === 0) lib.die("figures-omp", "usage: figures-omp.ts RAMO_SESSION FILE...");
let passed = 0, failed = 0;
const omp = await lib.load("figures-omp");
try {
  for (const file of files) {
    const name = basename(file);
    const ok = (m: string) => { passed++; console.log(`ok: ${name}: ${m}`); };
    const bad = (m: string) => { failed++; console.log(`FAIL: ${name}: ${m}`); };
    const copy = lib.privateCopy(file);
    const r = spawnSync(RAMO, ["stats", copy, "--by-branch", "--json", "--dialect", "omp"], { encoding: "utf8", maxBuffer: 1 << 30 });
    if (r.status !== 0) {
      bad(`ramo-session stats exited with ${r.status}: ${r.stderr.slice(0, 300)}`);
      continue;
    }
    const stats = JSON.parse(r.stdout);
    const sm = await lib.open(omp, lib.privateCopy(file));
    const entries = sm.getEntries();
    const info = repeatedIds(entries);
    if (info != null && info.loops) {
      bad("ids on several lines close a loop: not compared here");
      continue;
    }
    const roots = info == null ? sm.getTree() : onePerId(sm.getTree(), info);
    const sessionWrong = fig.diff("session", stats.session, fig.sessionFigures(entries));
    if (sessionWrong.length === 0) ok(`session figures = those of oh-my-pi's ${entries.length} entries`);
    else bad(sessionWrong.slice(0, 5).join("; "));
    const { failures, n } = fig.compareBranches(stats, roots);
    if (failures.length === 0) ok(`figures of the ${n} branches = those of oh-my-pi's tree`);
    else bad(`${failures.length} differences: ${failures.slice(0, 5).join("; ")}`);
  }
} finally {
  lib.cleanup();
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);

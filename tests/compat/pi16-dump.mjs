#!/usr/bin/env node
// Reference dumper for pi 1.6.0 (@earendil-works/pi-coding-agent): what pi 1.6.0's own code
// computes on a session file, one JSON document per line, in the shapes `ramo-session` prints.
//
//   node pi16-dump.mjs tree FILE                       getTree() (as `ramo-session tree FILE --json`)
//   node pi16-dump.mjs context FILE [--leaf ID|root]   buildSessionContext (leafId, thinkingLevel,
//                                                      model, messages: pi 1.6 has no modes or
//                                                      TTSR rules, so no mode/injectedTtsrRules)
//   node pi16-dump.mjs contexts FILE ID...             the same at each ID (also `leaf`, `root`),
//                                                      one line each, in order
//   node pi16-dump.mjs rows FILE [MODE...]             the /tree selector's rows, one line per filter
//                                                      mode (default: all five), as
//                                                      `ramo-session tree FILE --filter MODE --rows`
//   node pi16-dump.mjs extract FILE ID                 createBranchedSession(ID), then the tree
//   node pi16-dump.mjs ids FILE                        the ids pi16-check.mjs compares contexts at
//
// Run it with the Node 22 that install-agents.sh installs (~/.cache/ramo-agents/pi16/
// node_modules/.bin/node); session-manager.js also imports on Node 20. FILE is only ever read
// through a private copy (pi rewrites files it migrates).

import { existsSync } from "node:fs";
import { FILTER_MODES, dumpContext, dumpRows, dumpTree, pickIds, withSession } from "./pi16-lib.mjs";

function die(msg) {
  process.stderr.write(`pi16-dump: ${msg}\n`);
  process.exit(2);
}

const [mode, file, ...rest] = process.argv.slice(2);
const usage = "usage: pi16-dump.mjs tree|context|contexts|rows|extract|ids FILE [ARGS...]";
if (!mode || !file) die(usage);
if (!existsSync(file)) die(`no such file: ${file}`);

const out = [];
try {
  await withSession(file, async (sm) => {
    switch (mode) {
      case "tree":
        if (rest.length) die(`unexpected argument: ${rest[0]}`);
        out.push(dumpTree(sm));
        break;
      case "context": {
        let leaf;
        if (rest.length === 2 && rest[0] === "--leaf") leaf = rest[1];
        else if (rest.length) die(`unexpected argument: ${rest[0]}`);
        out.push(dumpContext(sm, leaf));
        break;
      }
      case "contexts": {
        const entries = sm.getEntries();
        const byId = new Map(entries.map((e) => [e.id, e]));
        for (const id of rest) out.push(dumpContext(sm, id === "leaf" ? undefined : id, entries, byId));
        break;
      }
      case "rows":
        for (const m of rest.length ? rest : FILTER_MODES) {
          if (!FILTER_MODES.includes(m)) die(`unknown filter mode: ${m}`);
          out.push(await dumpRows(sm, m));
        }
        break;
      case "extract":
        if (rest.length !== 1) die("extract needs one entry id");
        // in persistent mode pi writes the new file into the private work dir
        sm.createBranchedSession(rest[0]);
        out.push(dumpTree(sm));
        break;
      case "ids":
        out.push(pickIds(sm));
        break;
      default:
        die(usage);
    }
  });
} catch (err) {
  die(err instanceof Error ? err.message : String(err));
}
process.stdout.write(out.map((o) => JSON.stringify(o)).join("\n") + "\n");

#!/usr/bin/env node
// `ramo-session stats` against pi 1.6.0 on one session file, for check-figures.sh:
//
//   node figures-check.mjs RAMO_SESSION FILE NAME [--no-rpc]
//
// session  the totals Ramo gives (tokens, cost, tool calls) equal pi 1.6.0's own
//          `get_session_stats`, asked over RPC of pi started in `--mode rpc` on a private
//          copy of FILE (no model is called: it needs none); skipped with --no-rpc
// figures  the session's figures and every branch's (figures-lib.mjs) equal those computed
//          from the entries pi 1.6.0's SessionManager parsed and the tree its getTree() made
//
// pi only ever reads private copies; the one it runs on has its header's `cwd` set to the
// copy's folder (pi refuses a session whose folder is gone; the figures do not depend on it). Prints `ok:` and
// `FAIL:` lines, then `N passed, M failed`.

import { spawn, spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { PI16_DIR, pi16, withCopy } from "./pi16-lib.mjs";
import { treeOf } from "./one-per-id.mjs";
import * as fig from "./figures-lib.mjs";

const [RAMO, FILE, NAME, ...rest] = process.argv.slice(2);
if (!RAMO || !FILE || !NAME) {
  process.stderr.write("usage: figures-check.mjs RAMO_SESSION FILE NAME [--no-rpc]\n");
  process.exit(2);
}
const rpc = !rest.includes("--no-rpc");
let passed = 0, failed = 0;
const ok = (m) => { passed++; console.log(`ok: ${NAME}: ${m}`); };
const bad = (m) => { failed++; console.log(`FAIL: ${NAME}: ${m}`); };

/** pi 1.6.0's get_session_stats on the file at copy (in the folder work). */
function piStats(copy, work) {
  return new Promise((resolve, reject) => {
    const env = { ...process.env, HOME: work, PI_CODING_AGENT_DIR: join(work, "agent"), PI_OFFLINE: "1",
                  PI_SKIP_VERSION_CHECK: "1", PI_TELEMETRY: "0" };
    delete env.OPENAI_API_KEY;
    delete env.ANTHROPIC_API_KEY;
    const child = spawn(process.execPath, [join(PI16_DIR, "dist", "bundle", "cli.js"), "--mode", "rpc", "--session", copy],
                        { cwd: work, env, stdio: ["pipe", "pipe", "pipe"] });
    let out = "", err = "", done = false;
    const timer = setTimeout(() => finish(new Error("pi did not answer within 60 s")), 60000);
    const finish = (e, v) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      child.kill();
      e ? reject(e) : resolve(v);
    };
    child.stdout.on("data", (d) => {
      out += d;
      for (let nl; (nl = out.indexOf("\n")) >= 0; out = out.slice(nl + 1)) {
        let msg;
        try { msg = JSON.parse(out.slice(0, nl)); } catch { continue; }
        if (msg.type === "response" && msg.id === "stats")
          msg.success ? finish(null, msg.data) : finish(new Error(msg.error));
      }
    });
    child.stderr.on("data", (d) => { err += d; });
    child.on("exit", (code) => finish(new Error(`pi exited (${code}): ${err.slice(0, 300)}`)));
    child.stdin.write(JSON.stringify({ id: "stats", type: "get_session_stats" }) + "\n");
  });
}

const ramo = (file) => {
  const r = spawnSync(RAMO, ["stats", file, "--by-branch", "--json", "--dialect", "pi"], { encoding: "utf8", maxBuffer: 1 << 30 });
  if (r.status !== 0) throw new Error(`ramo-session stats exited with ${r.status}: ${r.stderr.slice(0, 300)}`);
  return JSON.parse(r.stdout);
};

await withCopy(FILE, async (copy, work) => {
  const stats = ramo(copy);

  if (rpc) {
    // the header's cwd, in the copy only
    // on a copy of its own (pi may append a model or thinking level change as it starts),
    // the header's cwd changed
    const text = readFileSync(copy, "utf8");
    const nl = text.indexOf("\n");
    const header = JSON.parse(text.slice(0, nl));
    const piCopy = join(work, "rpc.jsonl");
    header.cwd = work;
    writeFileSync(piCopy, JSON.stringify(header) + text.slice(nl));
    try {
      const pi = await piStats(piCopy, work);
      const s = stats.session;
      const wrong = [];
      for (const k of ["input", "output", "cacheRead", "cacheWrite", "total"])
        if (s.tokens[k] !== pi.tokens[k]) wrong.push(`tokens.${k} ${s.tokens[k]}, pi ${pi.tokens[k]}`);
      if (s.cost !== pi.cost) wrong.push(`cost ${s.cost}, pi ${pi.cost}`);
      if (s.toolCalls !== pi.toolCalls) wrong.push(`toolCalls ${s.toolCalls}, pi ${pi.toolCalls}`);
      if (wrong.length === 0)
        ok(`session totals = pi 1.6.0's get_session_stats (${pi.tokens.total} tokens, cost ${pi.cost}, ${pi.toolCalls} tool calls)`);
      else bad(`session totals differ from pi's get_session_stats: ${wrong.join("; ")}`);
    } catch (e) {
      bad(`get_session_stats: ${e.message}`);
    }
  }

  const sm = pi16.SessionManager.open(copy, work);
  const entries = sm.getEntries();
  const roots = treeOf(sm, copy, (p, d) => pi16.SessionManager.open(p, d));
  const sessionWrong = fig.diff("session", stats.session, fig.sessionFigures(entries));
  if (sessionWrong.length === 0) ok(`session figures = those of pi's ${entries.length} entries`);
  else bad(sessionWrong.slice(0, 5).join("; "));
  const { failures, n } = fig.compareBranches(stats, roots);
  if (failures.length === 0) ok(`figures of the ${n} branches = those of pi's tree`);
  else bad(`${failures.length} differences: ${failures.slice(0, 5).join("; ")}`);
});
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);

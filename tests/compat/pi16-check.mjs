#!/usr/bin/env node
// Compare ramo-session with pi 1.6.0 on one session file, in one process (pi runs in it,
// ramo-session is spawned). Used by run-compat-pi16.sh.
//
//   node pi16-check.mjs read RAMO FILE NAME
//   node pi16-check.mjs writeback RAMO FILE NAME
//
// read: `ramo-session info` (no --dialect) says the dialect is pi; then, once with `--dialect pi`
// and once without: the tree, the /tree rows of the five filters, and the context at the leaf,
// at `root` and at the ids pi16-lib.mjs pickIds() chooses, each equal to what pi 1.6.0 computes
// (contexts without Ramo's mode/modeData/injectedTtsrRules, which pi does not have). Version-1
// files (random ids on load): tree, rows and the leaf and root contexts, ids ignored.
// writeback: on copies, what `label`, `extract`, `navigate --summary` and `compact --summary`
// write, read back by pi 1.6.0 (and, for resuming an extracted file, by pi 0.73.1 too):
//   label     pi sees it; tree and context still equal pi's
//   extract   one whole chain (every parent there, every non-label entry on the path root→leaf),
//             its context = pi's context of the source at ID, its entries = pi 1.6.0's
//             createBranchedSession(ID) (label ids aside), header v3 with parentSession;
//             pi 1.6.0 and 0.73.1 resume it (open, append a user and an assistant message)
//             without writing any line twice
//   navigate  one branch_summary, equal to pi 1.6.0's branchWithSummary at the leaf pi's
//             navigateTree moves to (fromId = the leaf left); tree and context equal pi's
//   compact   one compaction, equal to pi 1.6.0's appendCompaction at the leaf with the same
//             firstKeptEntryId (systemMessage included); tree and context equal pi's
// Prints `ok: ...` / `FAIL: ...` lines and, last, `N passed, M failed`; exit 1 on a failure.

import { spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import {
  FILTER_MODES, PI073_SM, dumpContext, dumpRows, dumpTree, firstDiff, isV1, pi16, pickIds, show, withCopy, withSession,
} from "./pi16-lib.mjs";

const [command, RAMO, FILE, NAME = FILE] = process.argv.slice(2);
if (!["read", "writeback"].includes(command) || !RAMO || !FILE) {
  process.stderr.write("usage: pi16-check.mjs read|writeback RAMO FILE NAME\n");
  process.exit(2);
}

let passed = 0;
let failed = 0;
const ok = (msg) => {
  passed++;
  process.stdout.write(`ok: ${NAME}: ${msg}\n`);
};
const bad = (msg) => {
  failed++;
  process.stdout.write(`FAIL: ${NAME}: ${msg}\n`);
};
const firstLine = (s) => (s || "").split("\n").find((l) => l.trim()) ?? "";

/** Runs ramo-session; returns {status, stdout, stderr}. */
function ramo(args) {
  const r = spawnSync(RAMO, args, { encoding: "utf8", maxBuffer: 1 << 30, timeout: 120000 });
  return { status: r.status ?? (r.signal ? `signal ${r.signal}` : "?"), stdout: r.stdout ?? "", stderr: r.stderr ?? "" };
}

/** Runs ramo-session and parses its JSON output; returns [value] or [undefined, error text]. */
function ramoJson(args) {
  const r = ramo(args);
  if (r.status !== 0) return [undefined, `ramo exited with status ${r.status}: ${firstLine(r.stderr)}`];
  try {
    return [JSON.parse(r.stdout)];
  } catch (err) {
    return [undefined, `ramo printed no JSON (${err.message}): ${firstLine(r.stdout).slice(0, 120)}`];
  }
}

const CONTEXT_EXTRAS = new Set(["mode", "modeData", "injectedTtsrRules"]);
const diffText = (d) => `differ at ${d.path}: pi ${show(d.a)} vs ramo ${show(d.b)}`;

/**
 * A group of comparisons reported as one `ok` line, or one `FAIL` line for each of the first
 * three that differ and a count of the others.
 */
class Group {
  constructor(title) {
    this.title = title;
    this.n = 0;
    this.fails = [];
  }
  check(what, piValue, args, opts = {}) {
    this.n++;
    const [value, error] = ramoJson(args);
    if (error) this.fails.push(`${what}: ${error}`);
    else {
      const d = firstDiff(piValue, value, opts);
      if (d) this.fails.push(`${what}: ${diffText(d)}`);
    }
  }
  fail(text) {
    this.n++;
    this.fails.push(text);
  }
  end() {
    if (this.n === 0) return;
    if (this.fails.length === 0) return ok(`${this.title} (${this.n} compared)`);
    this.fails.slice(0, 3).forEach((f) => bad(`${this.title}: ${f}`));
    if (this.fails.length > 3) bad(`${this.title}: ... and ${this.fails.length - 3} more of ${this.n} differ`);
  }
}

const readHeader = (file) => {
  try {
    return JSON.parse(readFileSync(file, "utf8").split("\n")[0]);
  } catch {
    return null;
  }
};
const lines = (file) => readFileSync(file, "utf8").split("\n").filter((l) => l.trim() !== "");
const parseLines = (file) => lines(file).map((l) => JSON.parse(l));

/** Reads (tree, rows, contexts) of copy compared with pi's, with `--dialect pi` and/or without. */
async function compareReads(copy, sm, { ids, v1, dialects, tag = "" }) {
  const opts = { ignoreIds: v1 };
  const tree = dumpTree(sm);
  const rows = [];
  for (const mode of FILTER_MODES) rows.push(await dumpRows(sm, mode));
  const entries = sm.getEntries();
  const byId = new Map(entries.map((e) => [e.id, e]));
  const contexts = [["leaf", dumpContext(sm, undefined)], ["root", dumpContext(sm, "root", entries, byId)]];
  if (!v1) for (const id of ids) contexts.push([id, dumpContext(sm, id, entries, byId)]);

  for (const dialect of dialects) {
    const extra = dialect === "auto" ? [] : ["--dialect", dialect];
    const label = `${tag}[${dialect}]`;
    const g1 = new Group(`${label} tree`);
    g1.check("tree --json", tree, ["tree", copy, "--json", ...extra], opts);
    g1.end();
    const g2 = new Group(`${label} /tree rows`);
    FILTER_MODES.forEach((mode, i) => g2.check(`--filter ${mode}`, rows[i], ["tree", copy, "--filter", mode, "--rows", ...extra], opts));
    g2.end();
    const g3 = new Group(`${label} context`);
    for (const [id, ctx] of contexts) {
      const leafArgs = id === "leaf" ? [] : ["--leaf", id];
      g3.check(id === "leaf" ? "at the leaf" : `--leaf ${id}`, ctx, ["context", copy, ...leafArgs, "--json", ...extra],
        { ...opts, ignoreTop: CONTEXT_EXTRAS });
    }
    g3.end();
  }
}

// ---------------------------------------------------------------------------

async function read() {
  const header = readHeader(FILE);
  const v1 = isV1(header);
  await withCopy(FILE, async (copy) => {
    const before = readFileSync(copy);
    const info = ramo(["info", copy]);
    const line = info.stdout.split("\n").find((l) => /^dialect:/i.test(l));
    if (info.status !== 0) bad(`info: ramo exited with status ${info.status}: ${firstLine(info.stderr)}`);
    else if (line && /^dialect:\s*pi\b/i.test(line)) ok("info says the dialect is pi");
    else bad(`info: expected "dialect: pi", got ${JSON.stringify(line ?? "(no dialect line)")}`);

    await withSession(FILE, async (sm) => {
      const ids = v1 ? [] : pickIds(sm);
      await compareReads(copy, sm, { ids, v1, dialects: ["pi", "auto"], tag: v1 ? "(v1, ids ignored) " : "" });
    });
    if (Buffer.compare(before, readFileSync(copy)) === 0) ok("file unchanged by reading");
    else bad("ramo modified the file while only reading it");
  });
}

// ---------------------------------------------------------------------------

/** Runs a ramo write on a fresh copy of FILE; returns {copy, work, result}. The caller removes work. */
function ramoWriteOnCopy(args) {
  const work = mkdtempSync(join(tmpdir(), "pi16-wb-"));
  const copy = join(work, basename(FILE));
  copyFileSync(FILE, copy);
  const result = ramo([args[0], copy, ...args.slice(1), "--dialect", "pi"]);
  return { copy, work, result };
}

/** Entries of a path as pi 1.6.0 sees it, from its leaf. */
const piPath = (sm) => sm.getBranch();

/** Normalises label ids (pi gives re-created labels fresh ids): label#k in file order. */
function normaliseLabelIds(entries) {
  const map = new Map();
  let k = 0;
  for (const e of entries) if (e.type === "label") map.set(e.id, `label#${k++}`);
  return entries.map((e) => {
    const c = { ...e };
    if (map.has(c.id)) c.id = map.get(c.id);
    if (map.has(c.parentId)) c.parentId = map.get(c.parentId);
    return c;
  });
}

/** Opens file with a SessionManager module, appends a user and an assistant message; checks the lines. */
function resumeCheck(tag, file, SessionManager) {
  const work = mkdtempSync(join(tmpdir(), "pi16-resume-"));
  try {
    const copy = join(work, basename(file));
    copyFileSync(file, copy);
    const before = lines(copy).length;
    const sm = SessionManager.open(copy, work);
    const now = Date.now();
    sm.appendMessage({ role: "user", content: "resumed: one more question", timestamp: now });
    sm.appendMessage({
      role: "assistant", content: [{ type: "text", text: "resumed: the answer" }], api: "anthropic-messages",
      provider: "anthropic", model: "claude-sonnet-4-5", stopReason: "stop", timestamp: now + 1,
      usage: { input: 1, output: 1, cacheRead: 0, cacheWrite: 0, totalTokens: 2, cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 } },
    });
    const after = parseLines(copy);
    const seen = new Map();
    for (const e of after) if (e.type !== "session") seen.set(e.id, (seen.get(e.id) ?? 0) + 1);
    const twice = [...seen].filter(([, n]) => n > 1).map(([id]) => id);
    const headers = after.filter((e) => e.type === "session").length;
    if (after.length === before + 2 && twice.length === 0 && headers === 1) ok(`${tag}: resumes without writing a line twice`);
    else
      bad(`${tag}: after appending 2 messages the file has ${after.length} lines (was ${before}), ` +
        `${headers} headers, ${twice.length} ids written more than once${twice.length ? ` (e.g. ${twice[0]})` : ""}`);
  } catch (err) {
    bad(`${tag}: resuming failed: ${err.message}`);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

async function writeback() {
  const header = readHeader(FILE);
  if (!header || isV1(header)) return; // random ids: nothing to aim at
  const src = withSession(FILE, (sm) => ({
    tree: dumpTree(sm),
    entries: sm.getEntries(),
    leaf: sm.getLeafId(),
    path: piPath(sm),
  }));
  const { entries, leaf } = src;
  if (entries.length === 0) return;
  const byId = new Map(entries.map((e) => [e.id, e]));
  const onPath = new Set(src.path.map((e) => e.id));
  // an id whose ancestry loops (a repeated id can close a loop): pi's getBranch() there never
  // ends, so it is never a target
  const loops = (id) => {
    const seen = new Set();
    for (let e = byId.get(id); e; e = e.parentId ? byId.get(e.parentId) : undefined) {
      if (seen.has(e.id)) return true;
      seen.add(e.id);
    }
    return false;
  };
  const pathOf = (id) => {
    const p = [];
    if (loops(id)) return p;
    for (let e = byId.get(id); e; e = e.parentId ? byId.get(e.parentId) : undefined) p.unshift(e);
    return p;
  };
  const isMsg = (e, role) => e.type === "message" && (!role || e.message?.role === role);
  const pi073 = existsSync(PI073_SM) ? await import(pathToFileURL(PI073_SM).href) : null;

  // -- label
  {
    const target = src.path[Math.floor(src.path.length / 2)] ?? entries[0];
    const { copy, work, result } = ramoWriteOnCopy(["label", target.id, "compat-label"]);
    try {
      if (result.status !== 0) bad(`label ${target.id}: ramo exited with status ${result.status}: ${firstLine(result.stderr)}`);
      else {
        await withSession(copy, async (sm) => {
          const row = dumpTree(sm).entries.find((r) => r.id === target.id);
          if (row?.label === "compat-label") ok(`label ${target.id}: pi reads it`);
          else bad(`label ${target.id}: pi reads label ${show(row?.label)}`);
          await compareReads(copy, sm, { ids: [], v1: false, dialects: ["pi"], tag: "after label " });
        });
      }
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  }

  // -- extract
  const targets = new Map();
  const addTarget = (why, e) => {
    if (e && !targets.has(e.id) && !loops(e.id)) targets.set(e.id, why);
  };
  addTarget("middle of the active path", src.path[Math.floor((src.path.length - 1) * 0.6)]);
  addTarget("the leaf", byId.get(leaf));
  addTarget("off the active path", entries.filter((e) => !onPath.has(e.id) && isMsg(e)).slice(-1)[0]);
  addTarget("a path crossing label entries", entries.filter((e) => e.type !== "label" && pathOf(e.id).slice(0, -1).some((p) => p.type === "label")).slice(-1)[0]);
  addTarget("a path with a compaction", entries.filter((e) => pathOf(e.id).some((p) => p.type === "compaction")).slice(-1)[0]);
  addTarget("a path without assistant messages", entries.find((e) => isMsg(e, "user") && !pathOf(e.id).some((p) => isMsg(p, "assistant"))));
  for (const [id, why] of targets) await checkExtract(id, why, pi073);

  // -- navigate (to an entry off the active path, or else one on it)
  {
    const off = entries.filter((e) => !onPath.has(e.id) && e.type !== "label" && !loops(e.id)).slice(-1)[0] ??
      src.path.find((e, i) => i < src.path.length - 2 && isMsg(e, "user"));
    if (off) await checkNavigate(off);
  }

  // -- compact: keep an entry after the last compaction on the active path with a message
  // between the two (else there is nothing to summarize: pi's compaction starts after the
  // previous one); a user message nearest the middle of that stretch if there is one
  {
    const p = src.path;
    const last = p.map((e) => e.type).lastIndexOf("compaction");
    const firstMsg = p.findIndex((e, i) => i > last && isMsg(e));
    // (never a tool result: pi's cut points are not there, and ramo refuses them)
    const cands = firstMsg < 0 ? [] : p.map((e, i) => [e, i]).filter(([e, i]) => i > firstMsg && !isMsg(e, "toolResult"));
    const mid = (firstMsg + p.length) / 2;
    const byMid = (list) => list.sort((a, b) => Math.abs(a[1] - mid) - Math.abs(b[1] - mid))[0]?.[0];
    const keep = byMid(cands.filter(([e]) => isMsg(e, "user"))) ?? byMid(cands);
    if (keep) await checkCompact(keep);
  }
}

async function checkExtract(id, why, pi073) {
  const what = `extract ${id} (${why})`;
  const { copy, work, result } = ramoWriteOnCopy(["extract", id]);
  try {
    if (result.status !== 0) return bad(`${what}: ramo exited with status ${result.status}: ${firstLine(result.stderr)}`);
    const newPath = result.stdout.split("\n").map((l) => l.trim()).filter(Boolean).slice(-1)[0];
    if (!newPath || !existsSync(newPath) || resolve(newPath) === resolve(copy))
      return bad(`${what}: ramo did not print the path of a new file (got ${show(newPath)})`);
    const written = parseLines(newPath);
    const head = written[0];
    const body = written.slice(1);

    // one whole chain
    const ids = new Set(body.map((e) => e.id));
    const orphans = body.filter((e) => e.parentId != null && !ids.has(e.parentId));
    const roots = body.filter((e) => e.parentId == null);
    const [chainPath, newCtx] = withSession(newPath, (sm) => [piPath(sm), dumpContext(sm, undefined)]);
    const onChain = new Set(chainPath.map((e) => e.id));
    const offChain = body.filter((e) => e.type !== "label" && !onChain.has(e.id));
    if (orphans.length === 0 && roots.length === 1 && offChain.length === 0) ok(`${what}: one whole chain`);
    else
      bad(`${what}: not one chain: ${orphans.length} entries with a missing parent (e.g. ${orphans[0]?.id} -> ${orphans[0]?.parentId}), ` +
        `${roots.length} roots, ${offChain.length} non-label entries off the path root→leaf (e.g. ${offChain[0]?.id})`);

    // its context is the source's context at id
    const srcCtx = withSession(copy, (sm) => dumpContext(sm, id));
    const d = firstDiff(srcCtx, newCtx, { ignoreTop: new Set(["leafId"]) });
    if (d) bad(`${what}: pi's context of the new file differs from pi's context of the source at ${id}: ${d.path}: source ${show(d.a)} vs new ${show(d.b)}`);
    else ok(`${what}: pi's context of the new file = pi's context of the source at ${id}`);

    // the entries pi 1.6.0's createBranchedSession writes
    const piEntries = withSession(copy, (sm) => {
      sm.createBranchedSession(id);
      return { header: sm.getHeader(), entries: sm.getEntries() };
    });
    const d2 = firstDiff(normaliseLabelIds(piEntries.entries), normaliseLabelIds(body));
    if (d2) bad(`${what}: entries differ from pi's createBranchedSession: ${diffText(d2)}`);
    else ok(`${what}: entries = pi's createBranchedSession (label ids aside)`);
    const headOk = head?.type === "session" && head.version === 3 && typeof head.id === "string" &&
      typeof head.parentSession === "string" && resolve(head.parentSession) === resolve(copy) && head.cwd === piEntries.header?.cwd;
    if (headOk) ok(`${what}: header v3, parentSession = the source, cwd kept`);
    else bad(`${what}: header ${show(head)}`);

    // the agents resume it
    resumeCheck(`${what}: pi 1.6.0`, newPath, pi16.SessionManager);
    // pi 0.73.1 writes every line again at its first flush when the file it resumes has no
    // assistant message (report R20): whatever such a file holds, it comes out doubled. Ramo
    // must say so when it writes one; a file with an assistant message must resume cleanly.
    const hasAssistant = body.some((e) => e.type === "message" && e.message?.role === "assistant");
    if (!pi073) bad(`${what}: pi 0.73.1 not found at ${PI073_SM}`);
    else if (hasAssistant) resumeCheck(`${what}: pi 0.73.1`, newPath, pi073.SessionManager);
    else if (/0\.73\.1/.test(result.stderr)) ok(`${what}: ramo warns that pi 0.73.1 would write a file without assistant message twice (R20)`);
    else bad(`${what}: no assistant message in the new file, and ramo does not warn that pi 0.73.1 would duplicate it (R20): ${show(result.stderr)}`);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** The entries appended to copy beyond the lines of FILE. */
function appended(copy) {
  const old = lines(FILE).length;
  return parseLines(copy).slice(old);
}

const sansIdTime = (e) => {
  const c = { ...e };
  delete c.id;
  delete c.timestamp;
  return c;
};

async function checkNavigate(target) {
  const what = `navigate ${target.id} --summary`;
  const summary = "compat: the branch left tried another approach";
  const { copy, work, result } = ramoWriteOnCopy(["navigate", target.id, "--summary", summary]);
  try {
    if (result.status !== 0) return bad(`${what}: ramo exited with status ${result.status}: ${firstLine(result.stderr)}`);
    const added = appended(copy);
    if (added.length !== 1 || added[0].type !== "branch_summary")
      return bad(`${what}: expected one branch_summary appended, got ${show(added.map((e) => e.type))}`);
    const e = added[0];
    // what pi 1.6.0 writes: navigateTree moves to the parent of a user or custom message, else
    // to the target, then branchWithSummary there (fromId = the leaf left)
    const expected = withSession(FILE, (sm) => {
      const t = sm.getEntry(target.id);
      const newLeaf = (t.type === "message" && t.message.role === "user") || t.type === "custom_message" ? t.parentId : t.id;
      const nid = sm.branchWithSummary(newLeaf ?? null, e.summary, e.details, e.fromHook, e.usage);
      return sm.getEntry(nid);
    });
    const d = firstDiff(sansIdTime(expected), sansIdTime(e));
    if (d) bad(`${what}: the branch_summary differs from pi's branchWithSummary: ${diffText(d)}`);
    else ok(`${what}: branch_summary = pi's (fromId ${e.fromId})`);
    await withSession(copy, (sm) => compareReads(copy, sm, { ids: [], v1: false, dialects: ["pi"], tag: "after navigate " }));
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

async function checkCompact(keep) {
  const what = `compact ${keep.id} --summary`;
  const { copy, work, result } = ramoWriteOnCopy(["compact", keep.id, "--summary", "compat: what happened so far"]);
  try {
    if (result.status !== 0) return bad(`${what}: ramo exited with status ${result.status}: ${firstLine(result.stderr)}`);
    const added = appended(copy);
    if (added.length !== 1 || added[0].type !== "compaction")
      return bad(`${what}: expected one compaction appended, got ${show(added.map((x) => x.type))}`);
    const e = added[0];
    const expected = withSession(FILE, (sm) => {
      if (e.parentId !== sm.getLeafId()) return { parentIdIsNotTheLeaf: sm.getLeafId() };
      const nid = sm.appendCompaction(e.summary, keep.id, e.tokensBefore, e.details, e.fromHook, e.usage);
      const x = structuredClone(sm.getEntry(nid));
      // pi stamps the checkpoint with the compaction's own time
      if (x.systemMessage) x.systemMessage.timestamp = new Date(e.timestamp).getTime();
      return x;
    });
    const d = firstDiff(sansIdTime(expected), sansIdTime(e));
    if (d) bad(`${what}: the compaction differs from pi's appendCompaction: ${diffText(d)}`);
    else ok(`${what}: compaction = pi's appendCompaction (systemMessage ${e.systemMessage ? "stored" : "absent, as pi"})`);
    await withSession(copy, (sm) => compareReads(copy, sm, { ids: [], v1: false, dialects: ["pi"], tag: "after compact " }));
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

try {
  if (!existsSync(FILE) || !statSync(FILE).isFile()) bad(`no such file: ${FILE}`);
  else if (command === "read") await read();
  else await writeback();
} catch (err) {
  bad(`check crashed: ${err instanceof Error ? err.stack.split("\n").slice(0, 3).join(" | ") : String(err)}`);
}
process.stdout.write(`${passed} passed, ${failed} failed\n`);
process.exit(failed === 0 ? 0 : 1);

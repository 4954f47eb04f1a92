// Checks of ramo-session's writes against oh-my-pi 18.2.3, run by Bun, for
// run-compat-omp.sh. Each mode prints `ok: ...` / `FAIL: ...` lines (and `note: ...`
// lines that are not checks) and exits 0 (1 on a usage or load error: a FAIL line
// is printed then too).
//
//   bun omp-writes.ts picks FILE
//       ids to write at, one "ROLE<TAB>ID" a line: label, extract (a few), navigate
//       (a few), compact
//   bun omp-writes.ts label PRE POST ID [TEXT]
//       POST = PRE + the one label entry oh-my-pi's appendLabelChange(ID, TEXT) writes
//       at PRE's leaf (all members but id and timestamp), and oh-my-pi reads it back
//   bun omp-writes.ts navigate PRE POST ID TEXT
//       POST = PRE + the branch summary oh-my-pi writes when /tree moves to ID with a
//       summary supplied by an extension (agent-session.ts navigateTree: the new leaf
//       is ID's parent for a user request or a custom message other than a skill
//       prompt, else ID; then branchWithSummary(leaf, TEXT, undefined, true)), and
//       oh-my-pi's leaf on reading POST is that entry
//   bun omp-writes.ts compact PRE POST ID TEXT
//       POST = PRE + the compaction oh-my-pi writes for an extension-supplied summary
//       keeping ID (session-maintenance.ts: appendCompaction(TEXT, undefined, ID,
//       tokensBefore, {fromExtension: true}), tokensBefore = calculateContextTokens of
//       the last assistant usage on the path, as prepareCompaction computes it);
//       tokensAfter depends on the live system prompt and tools, so it is printed as a
//       note, not compared
//   bun omp-writes.ts extract SRC ID NEW
//       NEW (ramo's extract of SRC at ID) against oh-my-pi's createBranchedSession(ID):
//       one whole chain, the same entries and carried labels, header, title slot, and
//       oh-my-pi's context of NEW = its context of SRC at ID
//   bun omp-writes.ts resume FILE
//       oh-my-pi opens FILE in place, appends a user and an assistant message and
//       closes it: exactly two lines must be added, nothing rewritten or duplicated
//   bun omp-writes.ts retitle FILE TITLE
//       oh-my-pi opens FILE in place and renames the session (setSessionName(TITLE,
//       "user")); prints `name: NAME` with the name oh-my-pi reads back afterwards
//
// PRE, SRC are only read through private copies; POST, NEW are only read, except by
// resume and retitle, which write FILE as oh-my-pi would.

import { readFileSync, existsSync } from "node:fs";
import { resolve, dirname } from "node:path";
import { pathToFileURL } from "node:url";
import * as lib from "./omp-lib.ts";

const PROG = "omp-writes";
const args = process.argv.slice(2);
const mode = args[0];
const lines: string[] = [];
let failed = false;
const ok = (what: string) => lines.push(`ok: ${what}`);
const bad = (what: string) => {
  lines.push(`FAIL: ${what}`);
  failed = true;
};
const note = (what: string) => lines.push(`note: ${what}`);
const check = (cond: boolean, what: string, detail = "") => (cond ? ok(what) : bad(detail ? `${what}: ${detail}` : what));

function finish(code = 0): never {
  lib.cleanup();
  if (lines.length > 0) process.stdout.write(lines.join("\n") + "\n");
  process.exit(code);
}

const physicalLines = (file: string) => readFileSync(file, "utf8").split("\n").filter((l) => l.length > 0);
const show = (v: unknown) => {
  const s = v === undefined ? "(absent)" : JSON.stringify(v);
  return s.length > 200 ? s.slice(0, 197) + "..." : s;
};

/** First difference between two JSON values ("path: a vs b"), or null. */
function diff(a: any, b: any, path = "$", names: [string, string] = ["omp", "ramo"]): string | null {
  const [na, nb] = names;
  const kind = (v: any) => (v === null ? "null" : Array.isArray(v) ? "array" : typeof v);
  if (kind(a) !== kind(b)) return `${path}: ${na} ${show(a)} vs ${nb} ${show(b)}`;
  if (Array.isArray(a)) {
    for (let i = 0; i < Math.min(a.length, b.length); i++) {
      const d = diff(a[i], b[i], `${path}[${i}]`, names);
      if (d) return d;
    }
    return a.length === b.length ? null : `${path}.length: ${na} ${a.length} vs ${nb} ${b.length}`;
  }
  if (kind(a) === "object") {
    for (const k of [...new Set([...Object.keys(a), ...Object.keys(b)])].sort()) {
      const d = diff(a[k], b[k], `${path}.${k}`, names);
      if (d) return d;
    }
    return null;
  }
  return a === b ? null : `${path}: ${na} ${show(a)} vs ${nb} ${show(b)}`;
}
const plain = (v: unknown) => (v === undefined ? undefined : JSON.parse(JSON.stringify(v)));
const without = (e: any, ...keys: string[]) => {
  const c = plain(e);
  for (const k of keys) delete c[k];
  return c;
};

/** POST must be PRE plus exactly one entry line; returns that entry or undefined. */
function appendedEntry(what: string, pre: string, post: string): any {
  const a = physicalLines(pre);
  const b = physicalLines(post);
  // the title slot (first line) may be rewritten in place; the rest must be a prefix
  const same = a.every((l, i) => i === 0 || b[i] === l);
  if (!same || b.length !== a.length + 1) {
    bad(`${what}: the file must keep its lines and gain exactly one (had ${a.length}, now ${b.length}${same ? "" : ", earlier lines changed"})`);
    return undefined;
  }
  ok(`${what}: one line appended, earlier lines unchanged`);
  try {
    return JSON.parse(b[b.length - 1]);
  } catch {
    bad(`${what}: the appended line is not JSON`);
    return undefined;
  }
}

/** The entry oh-my-pi itself appends to a copy of PRE (after `act`). */
async function ompAppended(omp: lib.Omp, pre: string, act: (sm: any) => string | undefined) {
  const copy = lib.privateCopy(pre);
  const sm = await lib.open(omp, copy);
  const id = act(sm);
  const entry = id ? plain(sm.getEntry(id)) : undefined;
  await sm.close();
  return { sm, entry };
}

function compareEntry(what: string, expected: any, got: any, ignore: string[]) {
  const d = diff(without(expected, ...ignore), without(got, ...ignore));
  check(d === null, `${what}: entry as oh-my-pi writes it (${ignore.join(", ")} not compared)`, d ?? "");
}

if (!mode) lib.die(PROG, "usage: see the header of omp-writes.ts");
try {
  const omp = await lib.load(PROG);

  if (mode === "picks") {
    const [file] = args.slice(1);
    const sm = await lib.open(omp, lib.privateCopy(file));
    const entries: any[] = sm.getEntries();
    const path: any[] = sm.getBranch();
    const onPath = new Set(path.map((e) => e.id));
    const leaf = sm.getLeafId();
    const out: string[] = [];
    const msgs = path.filter((e) => e.type === "message" && e.id !== leaf);
    if (msgs.length > 0) out.push(`label\t${msgs[Math.floor(msgs.length / 2)].id}`);
    // extract: the leaf, a mid-path entry, an off-path entry whose path holds labels
    const labelled = entries.filter((e) => {
      if (onPath.has(e.id) || e.type !== "message") return false;
      return sm.getBranch(e.id).some((x: any) => x.type === "label");
    });
    const ex = new Set<string>();
    if (leaf) ex.add(leaf);
    if (path.length > 4) ex.add(path[Math.floor(path.length / 2)].id);
    if (labelled.length > 0) ex.add(labelled[labelled.length - 1].id);
    const pathLabel = path.filter((e) => e.type === "label");
    if (pathLabel.length > 0) {
      const after = path.findIndex((e) => e.id === pathLabel[0].id);
      const later = path.slice(after + 1).find((e) => e.type === "message");
      if (later) ex.add(later.id);
    }
    // ... and the first user message: a new file with no assistant message yet (pi
    // 0.73.1 re-appends such a file when it first flushes, R20)
    const firstUser = path.find((e) => e.type === "message" && e.message.role === "user");
    if (firstUser) ex.add(firstUser.id);
    for (const id of ex) out.push(`extract\t${id}`);
    // navigate: a user message, an assistant message, a custom message, off the leaf
    const nav = (pred: (e: any) => boolean) => {
      const list = entries.filter((e) => e.id !== leaf && pred(e));
      if (list.length > 0) out.push(`navigate\t${list[Math.floor(list.length / 2)].id}`);
    };
    nav((e) => e.type === "message" && e.message.role === "user");
    nav((e) => e.type === "message" && e.message.role === "assistant" && e.message.stopReason === "stop");
    nav((e) => e.type === "custom_message" && e.customType !== "skill-prompt");
    nav((e) => e.type === "custom_message" && e.customType === "skill-prompt");
    // a user message that is a root: the summary becomes a root too (fromId "root")
    nav((e) => e.type === "message" && e.message.role === "user" && e.parentId === null);
    // compact: a user message a few turns back on the active path, after the last
    // compaction and reset boundary
    let start = 0;
    path.forEach((e, i) => {
      if (e.type === "compaction" || e.type === "reset_boundary") start = i + 1;
    });
    const users = path.slice(start).filter((e) => e.type === "message" && e.message.role === "user");
    if (users.length >= 2) out.push(`compact\t${users[users.length - 2].id}`);
    lines.push(...out);
    finish();
  }

  if (mode === "label") {
    const [pre, post, id, text] = args.slice(1);
    const what = `label ${id} ${text === undefined ? "(clear)" : JSON.stringify(text)}`;
    const got = appendedEntry(what, pre, post);
    const { entry } = await ompAppended(omp, pre, (sm) => sm.appendLabelChange(id, text));
    if (got) compareEntry(what, entry, got, ["id", "timestamp"]);
    const back = await lib.open(omp, lib.privateCopy(post));
    const label = back.getLabel(id);
    check(label === text, `${what}: oh-my-pi reads the label back`, `getLabel = ${show(label)}`);
    finish();
  }

  if (mode === "navigate") {
    const [pre, post, id, text] = args.slice(1);
    const what = `navigate ${id} --summary`;
    const got = appendedEntry(what, pre, post);
    const { entry } = await ompAppended(omp, pre, (sm) => {
      const target = sm.getEntry(id);
      if (!target) throw new Error(`no entry ${id}`);
      // agent-session.ts navigateTree: where the leaf lands
      const toParent =
        (omp.isTranscriptEntry(target) && omp.isUserRequestEntry(target)) ||
        (target.type === "custom_message" && target.customType !== "skill-prompt");
      return sm.branchWithSummary(toParent ? target.parentId : id, text, undefined, true);
    });
    if (got) compareEntry(what, entry, got, ["id", "timestamp"]);
    const back = await lib.open(omp, lib.privateCopy(post));
    check(got !== undefined && back.getLeafId() === got.id, `${what}: oh-my-pi's leaf is the summary`, `leaf ${back.getLeafId()}`);
    finish();
  }

  if (mode === "compact") {
    const [pre, post, id, text] = args.slice(1);
    const what = `compact ${id} --summary`;
    const got = appendedEntry(what, pre, post);
    const core = await import(pathToFileURL(Bun.resolveSync("@oh-my-pi/pi-agent-core/compaction", lib.sessionSrc)).href);
    const { entry } = await ompAppended(omp, pre, (sm) => {
      const usage = core.getLastAssistantUsage(sm.getBranch());
      const tokensBefore = usage ? core.calculateContextTokens(usage) : 0;
      return sm.appendCompaction(text, undefined, id, tokensBefore, { fromExtension: true });
    });
    if (got) {
      compareEntry(what, entry, got, ["id", "timestamp", "tokensAfter"]);
      note(`${what}: tokensAfter ramo ${show(got.tokensAfter)} (oh-my-pi writes its own estimate with the live system prompt)`);
    }
    finish();
  }

  if (mode === "extract") {
    const [src, id, newFile] = args.slice(1);
    const what = `extract ${id}`;
    if (!existsSync(newFile)) {
      bad(`${what}: no file ${newFile}`);
      finish();
    }
    // oh-my-pi's own branched session of the same source
    // (createBranchedSession turns the manager into the new session: the source is
    // read through a second one)
    const srcCopy = lib.privateCopy(src);
    const smBranch = await lib.open(omp, srcCopy);
    const smSrc = await lib.open(omp, lib.privateCopy(src));
    const ompNew = smBranch.createBranchedSession(id);
    const mine = physicalLines(ompNew).map((l) => JSON.parse(l));
    const theirs = physicalLines(newFile).map((l) => {
      try {
        return JSON.parse(l);
      } catch {
        return { type: "(not JSON)" };
      }
    });
    // title slot
    const slotOmp = omp.parseTitleSlotLine(physicalLines(ompNew)[0]);
    const firstRamo = physicalLines(newFile)[0] ?? "";
    const slotRamo = omp.parseTitleSlotLine(firstRamo);
    if (slotOmp) {
      check(slotRamo !== undefined && Buffer.byteLength(firstRamo, "utf8") + 1 === 256, `${what}: starts with a 256-byte title slot, as oh-my-pi's branched file does`, slotRamo ? `${Buffer.byteLength(firstRamo, "utf8") + 1} bytes` : `first line ${show(firstRamo.slice(0, 80))}`);
      if (slotRamo) {
        const d = diff(without(slotOmp, "updatedAt", "pad"), without(slotRamo, "updatedAt", "pad"));
        check(d === null, `${what}: title slot title/source`, d ?? "");
      }
    }
    const body = (xs: any[]) => xs.filter((x) => x.type !== "title");
    const [hOmp, ...eOmp] = body(mine);
    const [hRamo, ...eRamo] = body(theirs);
    // header
    {
      const pick = (h: any, given: string) => ({
        type: h?.type,
        version: h?.version,
        cwd: h?.cwd,
        title: h?.title,
        titleSource: h?.titleSource,
        additionalDirectories: h?.additionalDirectories,
        parentSessionIsSource: typeof h?.parentSession === "string" && resolve(h.parentSession) === resolve(given),
      });
      const expected = pick(hOmp, srcCopy);
      const recorded = smSrc.getHeader()?.cwd;
      if (recorded && !existsSync(recorded)) {
        // oh-my-pi falls back to its own working directory when the recorded one is gone
        note(`${what}: the source's cwd ${recorded} does not exist here; oh-my-pi would write ${expected.cwd}`);
        expected.cwd = recorded;
      }
      const d = diff(plain(expected), plain(pick(hRamo, src)));
      check(d === null, `${what}: header (version, cwd, title, titleSource, additionalDirectories, parentSession = source)`, d ?? "");
    }
    // one whole chain
    {
      let broken = "";
      eRamo.forEach((e, i) => {
        const want = i === 0 ? null : eRamo[i - 1].id;
        if (!broken && (e.parentId ?? null) !== want) broken = `entry ${i} (${e.id}, ${e.type}) has parentId ${e.parentId} instead of ${want}`;
      });
      check(broken === "", `${what}: one whole chain (every entry's parent is the line before)`, broken);
    }
    // the entries oh-my-pi keeps (its parentIds may be orphaned: see the report), labels
    {
      const kept = (xs: any[]) => xs.filter((x) => x.type !== "label").map((x) => without(x, "parentId"));
      const labels = (xs: any[]) => xs.filter((x) => x.type === "label").map((x) => ({ targetId: x.targetId, label: x.label }));
      const d1 = diff(kept(eOmp), kept(eRamo));
      check(d1 === null, `${what}: same entries as oh-my-pi's createBranchedSession (parentId not compared)`, d1 ?? "");
      const d2 = diff(labels(eOmp), labels(eRamo));
      check(d2 === null, `${what}: same labels carried, in the same order`, d2 ?? "");
      const ompOrphans = eOmp.filter((x: any, i: number) => (x.parentId ?? null) !== (i === 0 ? null : eOmp[i - 1].id)).length;
      if (ompOrphans > 0) note(`${what}: oh-my-pi's own createBranchedSession leaves ${ompOrphans} entr${ompOrphans === 1 ? "y" : "ies"} pointing at dropped label entries`);
    }
    // oh-my-pi opens the new file: same context as the source at ID
    {
      const smNew = await lib.open(omp, lib.privateCopy(newFile));
      const a = lib.contextAt(omp, smSrc, id);
      const b = lib.contextAt(omp, smNew, "@leaf");
      delete a.leafId;
      delete b.leafId;
      const d = diff(a, b, "$", ["source", "new file"]);
      check(d === null, `${what}: oh-my-pi's context of the new file = its context of the source at ${id}`, d ?? "");
      check(smNew.getSessionName() === smSrc.getSessionName(), `${what}: oh-my-pi reads the source's session name in the new file`, `new file ${show(smNew.getSessionName())} vs source ${show(smSrc.getSessionName())}`);
    }
    finish();
  }

  if (mode === "resume") {
    const [file] = args.slice(1);
    const before = physicalLines(file);
    const sm = await lib.open(omp, file);
    const leaf = sm.getLeafId();
    const now = Date.now();
    const u = sm.appendMessage({ role: "user", content: "resumed by oh-my-pi: one more thing", timestamp: now });
    const a = sm.appendMessage({
      role: "assistant",
      content: [{ type: "text", text: "Sure." }],
      api: "anthropic-messages",
      provider: "anthropic",
      model: "claude-sonnet-4-5",
      usage: { input: 10, output: 2, cacheRead: 0, cacheWrite: 0, totalTokens: 12, cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 } },
      stopReason: "stop",
      timestamp: now + 1,
    });
    await sm.flush();
    await sm.close();
    const after = physicalLines(file);
    const keptPrefix = before.every((l, i) => i === 0 || after[i] === l);
    check(keptPrefix && after.length === before.length + 2, "resume: oh-my-pi appends exactly two lines and keeps the rest", `had ${before.length} lines, now ${after.length}${keptPrefix ? "" : ", earlier lines changed"}`);
    const ids = after.map((l) => JSON.parse(l)).filter((e) => typeof e.id === "string" && e.type !== "session").map((e) => e.id);
    check(new Set(ids).size === ids.length, "resume: no entry written twice", `${ids.length - new Set(ids).size} duplicate ids`);
    const back = await lib.open(omp, lib.privateCopy(file));
    const ue = back.getEntry(u);
    check(ue?.parentId === leaf && back.getLeafId() === a, "resume: the new messages continue the leaf", `user parent ${show(ue?.parentId)}, leaf ${show(leaf)}`);
    finish();
  }

  if (mode === "retitle") {
    const [file, title] = args.slice(1);
    const before = physicalLines(file);
    const hadSlot = before.length > 0 && omp.parseTitleSlotLine(before[0]) !== undefined;
    const sm = await lib.open(omp, file);
    await sm.setSessionName(title, "user");
    await sm.flush();
    await sm.close();
    const after = physicalLines(file);
    if (hadSlot) {
      const inPlace = after.length === before.length + 1 && before.every((l, i) => i === 0 || after[i] === l) && Buffer.byteLength(after[0]) === Buffer.byteLength(before[0]);
      check(inPlace, "retitle: oh-my-pi rewrote the title slot in place and appended title_change", `had ${before.length} lines, now ${after.length}`);
    } else {
      // oh-my-pi rewrites the whole file, a title slot first
      const added = after.length === before.length + 2 && omp.parseTitleSlotLine(after[0]) !== undefined;
      check(added, "retitle: oh-my-pi rewrote the file with a title slot and a title_change", `had ${before.length} lines, now ${after.length}`);
    }
    const back = await lib.open(omp, lib.privateCopy(file));
    lines.push(`name: ${back.getSessionName() ?? ""}`);
    finish();
  }

  lib.die(PROG, `unknown mode ${mode}`);
} catch (err) {
  bad(`${mode}: oh-my-pi failed: ${err instanceof Error ? err.message : String(err)}`);
  finish(1);
}

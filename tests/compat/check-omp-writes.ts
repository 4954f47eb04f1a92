// oh-my-pi 18.2.3's side of check-omp-writes.sh, run by Bun: makes a session with
// oh-my-pi's own SessionManager, does each write Ramo does with oh-my-pi itself, and
// reads both results back with oh-my-pi. Prints `ok: ...` / `FAIL: ...` lines.
//
//   bun check-omp-writes.ts make OUT [--no-slot]
//       a session written by oh-my-pi (messages, a branch, labels on the path, a rename,
//       thinking and model changes, a compaction, a custom message, a branch summary);
//       --no-slot: the same without its title slot, the name in the header instead
//       (oh-my-pi's files before the slot)
//   bun check-omp-writes.ts picks FILE
//       ids to write at, one "WHAT ID" a line: label, navigate (an assistant turn off the
//       leaf), compact (a user turn on the path), extract (the leaf, and an entry after a
//       label on its path)
//   bun check-omp-writes.ts append PRE POST OP [ARGS...]
//       POST is PRE after Ramo's write; oh-my-pi does the same to a copy of PRE:
//         label ID [TEXT]   appendLabelChange(ID, TEXT)
//         navigate ID TEXT  branchWithSummary(ID, TEXT, undefined, true) (a summary given
//                           by an extension, at an assistant turn: the leaf stays on ID)
//         compact ID TEXT   appendCompaction(TEXT, undefined, ID, tokensBefore,
//                           {fromExtension: true}) (tokensBefore as oh-my-pi computes it)
//         name TEXT         setSessionName(TEXT, "user")
//       and both files must be the same line for line (members and their order; new ids,
//       their timestamps and the slot's updatedAt and pad aside), with the same first-line
//       length, and read back by oh-my-pi with the same tree, context and name
//   bun check-omp-writes.ts extract SRC ID NEW
//       NEW is Ramo's branched file of SRC at ID; oh-my-pi's createBranchedSession(ID)
//       must give the same lines once its entries are chained one to the next (oh-my-pi
//       leaves an entry that followed a dropped label pointing at it); the labels' ids and
//       timestamps, the header's id and timestamp and the slot's updatedAt aside. oh-my-pi
//       must read NEW as one chain with the context of SRC at ID and the same name.
//
// Files are only read, through private copies (oh-my-pi takes a lock next to the file
// it opens); HOME and the XDG folders point into a private folder.

import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from "node:fs";
import { tmpdir, homedir } from "node:os";
import { basename, dirname, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

const agents = process.env.RAMO_AGENTS_DIR || join(homedir(), ".cache", "ramo-agents");
const src = join(agents, "omp", "node_modules", "@oh-my-pi", "pi-coding-agent", "src", "session");
const work = mkdtempSync(join(tmpdir(), "check-omp-writes-"));
const home = join(work, "home");
mkdirSync(home);
process.env.HOME = home;
process.env.XDG_CONFIG_HOME = join(home, ".config");
process.env.XDG_DATA_HOME = join(home, ".local", "share");
process.env.XDG_CACHE_HOME = join(home, ".cache");
process.env.XDG_STATE_HOME = join(home, ".local", "state");

const out: string[] = [];
const ok = (what: string) => out.push(`ok: ${what}`);
const bad = (what: string) => out.push(`FAIL: ${what}`);
const check = (cond: boolean, what: string, detail = "") => (cond ? ok(what) : bad(detail ? `${what}: ${detail}` : what));
function finish(code = 0): never {
  rmSync(work, { recursive: true, force: true });
  if (out.length > 0) process.stdout.write(out.join("\n") + "\n");
  process.exit(code);
}
function die(msg: string): never {
  rmSync(work, { recursive: true, force: true });
  process.stderr.write(`check-omp-writes: ${msg}\n`);
  process.exit(2);
}

if (!existsSync(join(src, "session-manager.ts"))) die(`oh-my-pi not found in ${src}`);
const { SessionManager } = await import(pathToFileURL(join(src, "session-manager.ts")).href);
const { buildSessionContext } = await import(pathToFileURL(join(src, "session-context.ts")).href);

let copies = 0;
function privateCopy(file: string): string {
  const dir = join(work, `c${++copies}`);
  mkdirSync(dir);
  const copy = join(dir, basename(file).endsWith(".jsonl") ? basename(file) : "session.jsonl");
  copyFileSync(file, copy);
  return copy;
}
async function open(file: string) {
  return SessionManager.open(file, dirname(file));
}
async function done(sm: any) {
  await sm.flush?.();
  await sm.close?.();
}
const physical = (file: string) => readFileSync(file, "utf8").split("\n").filter((l) => l.length > 0);
const show = (v: unknown) => {
  const s = v === undefined ? "(absent)" : JSON.stringify(v);
  return s.length > 240 ? s.slice(0, 237) + "..." : s;
};

/** The lines of a file as objects, ids not in `known` renamed new1, new2... in order of
 * appearance, their timestamps and the slot's updatedAt/pad dropped (key order kept). */
function normalizedLines(file: string, known: Set<string>, opts: { header?: boolean } = {}) {
  const lines = physical(file).map((l) => JSON.parse(l));
  const names = new Map<string, string>();
  for (const e of lines) {
    if (e.type !== "session" && e.type !== "title" && typeof e.id === "string" && !known.has(e.id) && !names.has(e.id))
      names.set(e.id, `new${names.size + 1}`);
  }
  // a new entry's time, as a message built from it carries it (ms)
  for (const e of lines)
    if (typeof e.id === "string" && names.has(e.id) && typeof e.timestamp === "string")
      names.set(String(Date.parse(e.timestamp)), `time of ${names.get(e.id)}`);
  const rename = (v: unknown) =>
    typeof v === "string" && names.has(v) ? names.get(v) : typeof v === "number" && names.has(String(v)) ? names.get(String(v)) : v;
  return lines.map((e) => {
    const c: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(e)) {
      if (e.type === "title" && (k === "updatedAt" || k === "pad")) continue;
      if (e.type === "session" && opts.header && (k === "id" || k === "timestamp")) continue;
      if (k === "timestamp" && typeof e.id === "string" && names.has(e.id)) continue;
      c[k] = ["id", "parentId", "targetId", "fromId", "firstKeptEntryId"].includes(k) ? rename(v) : v;
    }
    return { line: c, rename };
  });
}

/** The first difference between two JSON values ("path: a vs b"), key order included. */
function diff(a: any, b: any, path = "$"): string | null {
  const kind = (v: any) => (v === null ? "null" : Array.isArray(v) ? "array" : typeof v);
  if (kind(a) !== kind(b)) return `${path}: omp ${show(a)} vs ramo ${show(b)}`;
  if (Array.isArray(a)) {
    for (let i = 0; i < Math.min(a.length, b.length); i++) {
      const d = diff(a[i], b[i], `${path}[${i}]`);
      if (d) return d;
    }
    return a.length === b.length ? null : `${path}.length: omp ${a.length} vs ramo ${b.length}`;
  }
  if (kind(a) === "object") {
    const ka = Object.keys(a);
    const kb = Object.keys(b);
    if (ka.join(",") !== kb.join(",")) return `${path}: members omp [${ka}] vs ramo [${kb}]`;
    for (const k of ka) {
      const d = diff(a[k], b[k], `${path}.${k}`);
      if (d) return d;
    }
    return null;
  }
  return a === b ? null : `${path}: omp ${show(a)} vs ramo ${show(b)}`;
}

/** What oh-my-pi reads in a file: name, tree (pre-order rows) and context at the leaf,
 * with ids renamed by `rename`. */
async function readBack(file: string, rename: (v: unknown) => unknown) {
  const sm = await open(privateCopy(file));
  const rows: unknown[] = [];
  const stack: [any, number][] = [];
  const roots = sm.getTree();
  for (let i = roots.length - 1; i >= 0; i--) stack.push([roots[i], 0]);
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    rows.push({ id: rename(node.entry.id), parentId: rename(node.entry.parentId ?? null), type: node.entry.type, depth, label: node.label });
    for (let i = node.children.length - 1; i >= 0; i--) stack.push([node.children[i], depth + 1]);
  }
  // message times that are a new entry's time renamed too
  const context = JSON.parse(JSON.stringify(sm.buildSessionContext()), (k, v) => (k === "timestamp" ? rename(v) : v));
  const view = { name: sm.getSessionName() ?? null, roots: roots.length, leafId: rename(sm.getLeafId() ?? null), rows, context };
  await done(sm);
  return view;
}

const firstLineBytes = (file: string) => {
  const buf = readFileSync(file);
  const nl = buf.indexOf(0x0a);
  return nl < 0 ? buf.length : nl + 1;
};

const args = process.argv.slice(2);
const mode = args[0];
try {
  if (mode === "make") {
    const [file, flag] = args.slice(1);
    if (!file) die("make OUT [--no-slot]");
    const cwd = dirname(resolve(file));
    const sm = SessionManager.create(cwd, join(work, "sessions"));
    let t = Date.parse("2026-11-20T10:00:00.000Z");
    const usage = (n: number) => ({
      input: 100 * n,
      output: 20 * n,
      cacheRead: 0,
      cacheWrite: 0,
      totalTokens: 120 * n,
      cost: { input: 0.001, output: 0.002, cacheRead: 0, cacheWrite: 0, total: 0.003 },
    });
    const user = (text: string) => sm.appendMessage({ role: "user", content: text, timestamp: ++t });
    const assistant = (text: string, n: number) =>
      sm.appendMessage({
        role: "assistant",
        content: [{ type: "text", text }],
        api: "anthropic-messages",
        provider: "anthropic",
        model: "claude-sonnet-4-5",
        usage: usage(n),
        stopReason: "stop",
        timestamp: ++t,
      });
    const u1 = user("Plan the parser for the config files");
    const a1 = assistant("Start with the tokenizer, then the grammar.", 1);
    sm.appendLabelChange(u1, "start");
    user("Write the tokenizer");
    const a2 = assistant("Here is a tokenizer in 40 lines.", 2);
    sm.branch(a1);
    const u3 = user("No, start with the grammar — «EBNF» please");
    const a3 = assistant("Grammar first: value := object | array | string.", 3);
    sm.appendLabelChange(a3, "grammar");
    await sm.setSessionName("Parser for the config files", "user");
    sm.appendThinkingLevelChange("high", "high");
    sm.appendModelChange("anthropic/claude-opus-4-1");
    const u4 = user("Now the error messages");
    assistant("Errors carry line and column.", 4);
    sm.appendLabelChange(u1, undefined);
    sm.appendLabelChange(u3, "grammar-ask");
    sm.appendCompaction("The user wants a config parser; grammar first.", "Config parser", u4, 480, {
      method: "soft",
      tokensAfter: 120,
      fromExtension: false,
    });
    user("And tests?");
    const a5 = assistant("Tests: one per rule.", 5);
    sm.appendCustomMessageEntry("note", "remember the line numbers", true, undefined, "user", ++t);
    user("Show one");
    assistant("Here is one test.", 6);
    sm.branchWithSummary(a2, "Tried the tokenizer first; dropped it.", undefined, false);
    user("Back to the tokenizer after all");
    assistant("Fine: the tokenizer.", 7);
    sm.branch(a5);
    user("Continue the tests");
    assistant("Two more tests.", 8);
    await done(sm);
    const made = sm.getSessionFile();
    if (flag === "--no-slot") {
      const lines = physical(made);
      const slot = JSON.parse(lines[0]);
      const header = JSON.parse(lines[1]);
      header.title = slot.title;
      header.titleSource = slot.source;
      writeFileSync(file, [JSON.stringify(header), ...lines.slice(2)].join("\n") + "\n");
    } else copyFileSync(made, file);
    finish();
  }

  if (mode === "picks") {
    const [file] = args.slice(1);
    const sm = await open(privateCopy(file));
    const entries: any[] = sm.getEntries();
    const path: any[] = sm.getBranch();
    const leaf = sm.getLeafId();
    const onPath = new Set(path.map((e) => e.id));
    const msgs = path.filter((e) => e.type === "message" && e.id !== leaf);
    const picks: string[] = [];
    picks.push(`label ${msgs[Math.floor(msgs.length / 2)].id}`);
    const offLeaf = entries.filter((e) => e.type === "message" && e.message.role === "assistant" && !onPath.has(e.id));
    if (offLeaf.length > 0) picks.push(`navigate ${offLeaf[0].id}`);
    let start = 0;
    path.forEach((e, i) => {
      if (e.type === "compaction") start = i + 1;
    });
    const users = path.slice(start).filter((e) => e.type === "message" && e.message.role === "user");
    if (users.length > 0) picks.push(`compact ${users[users.length - 1].id}`);
    picks.push(`extract ${leaf}`);
    const firstLabel = path.findIndex((e) => e.type === "label");
    const afterLabel = firstLabel >= 0 ? path.slice(firstLabel + 1).find((e) => e.type === "message") : undefined;
    if (afterLabel && afterLabel.id !== leaf) picks.push(`extract ${afterLabel.id}`);
    await done(sm);
    out.push(...picks);
    finish();
  }

  if (mode === "append") {
    const [pre, post, op, ...rest] = args.slice(1);
    const shown = (a: string) => JSON.stringify(a.length > 40 ? a.slice(0, 37) + "..." : a);
    const what = `${op} ${rest.map(shown).join(" ")}`.trim();
    const mine = privateCopy(pre);
    const sm = await open(mine);
    if (op === "label") sm.appendLabelChange(rest[0], rest[1]);
    else if (op === "navigate") sm.branchWithSummary(rest[0], rest[1], undefined, true);
    else if (op === "compact") {
      const core = await import(pathToFileURL(Bun.resolveSync("@oh-my-pi/pi-agent-core/compaction", src)).href);
      const usage = core.getLastAssistantUsage(sm.getBranch());
      sm.appendCompaction(rest[1], undefined, rest[0], usage ? core.calculateContextTokens(usage) : 0, { fromExtension: true });
    } else if (op === "name") await sm.setSessionName(rest[0], "user");
    else die(`unknown write ${op}`);
    await done(sm);

    const known = new Set<string>((await open(privateCopy(pre))).getEntries().map((e: any) => e.id));
    const a = normalizedLines(mine, known);
    const b = normalizedLines(post, known);
    const d = diff(a.map((x) => x.line), b.map((x) => x.line));
    check(d === null, `${what}: the file as oh-my-pi writes it (line for line, members in order)`, d ?? "");
    check(firstLineBytes(post) === firstLineBytes(mine), `${what}: first line of ${firstLineBytes(mine)} bytes`, `ramo's has ${firstLineBytes(post)}`);
    const slotA = physical(mine)[0];
    if (JSON.parse(slotA).type === "title" && physical(pre)[0].startsWith('{"type":"title"')) {
      const before = physical(pre);
      const after = physical(post);
      check(before.every((l, i) => i === 0 || after[i] === l), `${what}: the lines after the slot are kept as they were`);
    }
    if (op === "name") {
      const slot = JSON.parse(physical(post)[0]);
      const last = JSON.parse(physical(post).at(-1)!);
      check(slot.updatedAt === last.timestamp, `${what}: the slot's updatedAt is the title_change's timestamp`, `${slot.updatedAt} vs ${last.timestamp}`);
    }
    const va = await readBack(mine, a[0].rename);
    const vb = await readBack(post, b[0].rename);
    const dv = diff(va, vb);
    check(dv === null, `${what}: oh-my-pi reads back the same tree, context and name (${show(vb.name)})`, dv ?? "");
    finish();
  }

  if (mode === "extract") {
    const [srcFile, id, newFile] = args.slice(1);
    const what = `extract ${id}`;
    const srcCopy = privateCopy(srcFile);
    const sm = await open(srcCopy);
    const srcEntries: any[] = sm.getEntries();
    const srcPath: any[] = sm.getBranch(id);
    const byId = new Map(srcEntries.map((e) => [e.id, e]));
    const expectedContext = JSON.parse(JSON.stringify(buildSessionContext(srcEntries, id, byId)));
    const srcName = sm.getSessionName() ?? null;
    const ompNew = sm.createBranchedSession(id);
    await done(sm);
    const known = new Set<string>(srcEntries.map((e) => e.id));
    // oh-my-pi's lines, its entries chained one to the next as Ramo chains them
    const expected = normalizedLines(ompNew, known, { header: true }).map((x) => x.line);
    let previous: unknown = null;
    for (const e of expected) {
      if (e.type === "title" || e.type === "session") continue;
      if (e.type !== "label") {
        if (e.parentId !== previous) e.parentId = previous;
        if (e.type === "compaction" && !expected.some((x) => x.id === e.firstKeptEntryId)) {
          const at = srcPath.findIndex((x) => x.id === e.firstKeptEntryId);
          const next = srcPath.slice(at + 1).find((x) => x.type !== "label");
          if (next) e.firstKeptEntryId = next.id;
        }
      }
      previous = e.id;
    }
    for (const e of expected) if (e.type === "session" && e.parentSession === srcCopy) e.parentSession = "(source)";
    const got = normalizedLines(newFile, known, { header: true }).map((x) => x.line);
    for (const e of got) if (e.type === "session" && typeof e.parentSession === "string" && resolve(e.parentSession) === resolve(srcFile)) e.parentSession = "(source)";
    const d = diff(expected, got);
    check(d === null, `${what}: oh-my-pi's createBranchedSession, its entries chained (line for line, members in order)`, d ?? "");
    check(firstLineBytes(newFile) === 256, `${what}: starts with a 256-byte title slot`, `${firstLineBytes(newFile)} bytes`);
    const header = JSON.parse(physical(newFile)[1]);
    const slot = JSON.parse(physical(newFile)[0]);
    check(slot.updatedAt === header.timestamp, `${what}: the slot's updatedAt is the header's timestamp`);
    const stale = physical(newFile)
      .map((l) => JSON.parse(l))
      .filter((e) => e.type === "label" && !(e.timestamp >= header.timestamp));
    check(stale.length === 0, `${what}: the labels are stamped afresh, as oh-my-pi stamps them`, `${stale.length} older than the header`);
    const back = await open(privateCopy(newFile));
    const roots = back.getTree().length;
    const context = JSON.parse(JSON.stringify(back.buildSessionContext()));
    check(roots === 1, `${what}: oh-my-pi reads one whole chain`, `${roots} roots`);
    const dc = diff(expectedContext, context);
    check(dc === null, `${what}: oh-my-pi's context of the new file is its context of the source at ${id}`, dc ?? "");
    check((back.getSessionName() ?? null) === srcName, `${what}: oh-my-pi reads the same name (${show(srcName)})`, show(back.getSessionName()));
    await done(back);
    finish();
  }

  die("usage: see the header of check-omp-writes.ts");
} catch (err) {
  bad(`${mode}: ${err instanceof Error ? err.stack ?? err.message : String(err)}`);
  finish(1);
}

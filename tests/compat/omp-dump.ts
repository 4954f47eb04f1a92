// Reference dumper for oh-my-pi 18.2.3 (@oh-my-pi/pi-coding-agent), run by Bun:
// loads a session file with oh-my-pi's own SessionManager (src/session/
// session-manager.ts) and prints what oh-my-pi computes, as compact JSON, in the
// shapes of `ramo-session ... --json` (see omp-lib.ts for each shape).
//
//   bun omp-dump.ts tree FILE
//   bun omp-dump.ts context FILE [--leaf ID | --leaf root] [--all]
//   bun omp-dump.ts contexts FILE ID...      one context per line; ID may be "root"
//                                             or "@leaf" (the session's own leaf)
//   bun omp-dump.ts rows FILE [MODE...]      /tree selector rows, one line per mode
//                                             (default: all five modes)
//   bun omp-dump.ts name FILE                {"name": getSessionName() or null}
//   bun omp-dump.ts bundle [--max-per-kind N] FILE OUTDIR [FILE OUTDIR ...]
//
// context: buildSessionContext() at the leaf (the module function of
// session-context.ts for --leaf); without --all only the members Ramo's pi dialect
// prints (leafId, thinkingLevel, model, mode, modeData, injectedTtsrRules,
// messages), with --all also models, configuredThinkingLevel and serviceTier.
// `contexts` and `bundle` always print them all.
//
// bundle: everything run-compat-omp.sh compares for each FILE, from one Bun start:
//   OUTDIR/tree.json, OUTDIR/name.json, OUTDIR/rows.MODE.json for the five modes,
//   OUTDIR/ids.txt (lines "ID<TAB>why": "@leaf", "root", up to 12 ids spread over the
//   tree, and the ids of every special entry kind with their parents, at most
//   N per kind, default 6; the option applies to the files after it) and
//   OUTDIR/ctx.K.json for the K-th line, and OUTDIR/meta.json {"v1": bool,
//   "titleSlot": bool, "entries": N}. A version-1 file gets random ids from
//   oh-my-pi's migration, so only "@leaf" and "root" are listed. When oh-my-pi fails
//   on a file, OUTDIR/error.txt says why and the other files go on.
//
// FILE is never opened by oh-my-pi itself, only a private copy (omp-lib.ts).

import { readFileSync, writeFileSync, mkdirSync, existsSync } from "node:fs";
import { join } from "node:path";
import * as lib from "./omp-lib.ts";

const PROG = "omp-dump";
const args = process.argv.slice(2);
const mode = args[0];
const file = args[1];
const usage =
  "usage: omp-dump.ts tree FILE | context FILE [--leaf ID|root] [--all] | contexts FILE ID... | " +
  "rows FILE [MODE...] | name FILE | bundle [--max-per-kind N] FILE OUTDIR [FILE OUTDIR ...]";
if (!["tree", "context", "contexts", "rows", "name", "bundle"].includes(mode) || !file) lib.die(PROG, usage);
if (mode !== "bundle" && !existsSync(file)) lib.die(PROG, `no such file: ${file}`);

const out: string[] = [];
const emit = (v: unknown) => out.push(JSON.stringify(v));

/** Why an entry is worth a context check, or undefined for a plain one. */
function specialKind(e: any, children: Map<string, any[]>): string | undefined {
  switch (e.type) {
    case "message": {
      const m = e.message ?? {};
      if (m.role === "assistant") {
        if (m.retryRecovery) return "assistant/retryRecovery";
        if (m.stopReason === "aborted" || m.stopReason === "error" || m.stopReason === "length") return `assistant/${m.stopReason}`;
        const calls = Array.isArray(m.content) ? m.content.filter((b: any) => b?.type === "toolCall") : [];
        if (calls.length > 0) {
          const results = new Set<string>();
          const walk = (id: string) => {
            for (const c of children.get(id) ?? []) {
              if (c.type === "message" && c.message?.role === "toolResult") results.add(c.message.toolCallId);
              if (c.type === "message" && c.message?.role === "assistant") continue;
              walk(c.id);
            }
          };
          walk(e.id);
          if (calls.some((b: any) => !results.has(b.id))) return "assistant/dangling-toolCall";
        }
        if (Array.isArray(m.content) && m.content.some((b: any) => b?.type === "redactedThinking")) return "assistant/redactedThinking";
        return undefined;
      }
      if (m.role === "user") return m.steering ? "user/steering" : m.attribution ? "user/attribution" : undefined;
      if (m.role === "toolResult") return undefined;
      return `message/${m.role}`;
    }
    case "custom":
      return `custom/${e.customType}`;
    case "custom_message":
      return `custom_message/${e.customType}`;
    case "compaction":
      return e.preserveData ? `compaction/${Object.keys(e.preserveData).sort().join("+")}` : "compaction";
    default:
      return e.type;
  }
}

function pickIds(sm: any, maxPerKind: number): [string, string][] {
  const entries: any[] = sm.getEntries();
  const picks: [string, string][] = [];
  const seen = new Set<string>();
  // an id whose ancestry loops (a repeated id can close a loop of parents): oh-my-pi's
  // getBranch() stops where it comes back to an id it passed, so its path depends on where it
  // starts and no tree gives them all; Ramo cuts the loop once (one-per-id.mjs). Not compared.
  const loops = (id: string) => {
    const passed = new Set<string>();
    for (let e = sm.getEntry(id); e; e = e.parentId ? sm.getEntry(e.parentId) : undefined) {
      if (passed.has(e.id)) return true;
      passed.add(e.id);
    }
    return false;
  };
  const add = (id: string | null | undefined, why: string) => {
    if (id && !seen.has(id) && !loops(id)) {
      seen.add(id);
      picks.push([id, why]);
    }
  };
  const leaf = sm.getLeafId();
  const path: any[] = sm.getBranch();
  const onPath = new Set(path.map((e) => e.id));
  // spread: along the active path, off it, and over the file
  for (const f of [0.25, 0.5, 0.75]) if (path.length > 2) add(path[Math.floor((path.length - 1) * f)].id, "spread/path");
  const off = entries.filter((e) => !onPath.has(e.id));
  for (const f of [0.2, 0.5, 0.8]) if (off.length > 0) add(off[Math.floor((off.length - 1) * f)].id, "spread/off-path");
  for (let i = 1; i <= 6 && entries.length > 0; i++) add(entries[Math.floor((entries.length * i) / 7)].id, "spread/file");
  if (leaf) add(sm.getEntry(leaf)?.parentId, "spread/leaf-parent");
  // special kinds and their parents
  const children = new Map<string, any[]>();
  for (const e of entries) {
    if (!e.parentId) continue;
    const list = children.get(e.parentId);
    if (list) list.push(e);
    else children.set(e.parentId, [e]);
  }
  const byKind = new Map<string, any[]>();
  for (const e of entries) {
    const k = specialKind(e, children);
    if (!k) continue;
    const list = byKind.get(k);
    if (list) list.push(e);
    else byKind.set(k, [e]);
  }
  for (const [k, list] of byKind) {
    const chosen =
      list.length <= maxPerKind
        ? list
        : Array.from({ length: maxPerKind }, (_, i) => list[Math.floor((i * (list.length - 1)) / Math.max(1, maxPerKind - 1))]);
    for (const e of chosen) {
      add(e.id, k);
      add(e.parentId, `parent-of/${k}`);
    }
  }
  return picks;
}

async function bundle(omp: lib.Omp, file: string, outDir: string, maxPerKind: number): Promise<void> {
  mkdirSync(outDir, { recursive: true });
  const w = (name: string, v: unknown) => writeFileSync(join(outDir, name), JSON.stringify(v) + "\n");
  const sm = await lib.open(omp, lib.privateCopy(file));
  const [firstLine, secondLine] = readFileSync(file, "utf8").split("\n", 2);
  const titleSlot = omp.parseTitleSlotLine(firstLine) !== undefined;
  let v1 = false;
  try {
    const h = JSON.parse(titleSlot ? secondLine : firstLine);
    v1 = h?.type === "session" && (h.version ?? 1) < 2;
  } catch {}
  w("meta.json", { v1, titleSlot, entries: sm.getEntries().length });
  w("tree.json", lib.treeJson(sm));
  w("name.json", lib.nameJson(sm));
  for (const m of lib.FILTER_MODES) w(`rows.${m}.json`, await lib.rowsJson(sm, m));
  const ids: [string, string][] = [["@leaf", "leaf"], ["root", "root"], ...(v1 ? [] : pickIds(sm, maxPerKind))];
  writeFileSync(join(outDir, "ids.txt"), ids.map(([id, why]) => `${id}\t${why}\n`).join(""));
  ids.forEach(([id], n) => w(`ctx.${n}.json`, lib.contextAt(omp, sm, id)));
  await sm.close();
}

try {
  const omp = await lib.load(PROG);
  if (mode === "bundle") {
    let maxPerKind = 6;
    const rest = args.slice(1);
    if (rest.length === 0) lib.die(PROG, usage);
    for (let i = 0; i < rest.length; i++) {
      if (rest[i] === "--max-per-kind" && i + 1 < rest.length) {
        maxPerKind = Number(rest[++i]);
        continue;
      }
      const f = rest[i];
      const dir = rest[++i];
      if (dir === undefined) lib.die(PROG, usage);
      try {
        if (!existsSync(f)) throw new Error(`no such file: ${f}`);
        await bundle(omp, f, dir, maxPerKind);
      } catch (err) {
        mkdirSync(dir, { recursive: true });
        writeFileSync(join(dir, "error.txt"), `${err instanceof Error ? err.message : String(err)}\n`);
      }
    }
  } else {
    const sm = await lib.open(omp, lib.privateCopy(file));
    if (mode === "tree") {
      if (args.length !== 2) lib.die(PROG, usage);
      emit(lib.treeJson(sm));
    } else if (mode === "context") {
      let leafArg: string | undefined;
      let all = false;
      for (let i = 2; i < args.length; i++) {
        if (args[i] === "--leaf" && i + 1 < args.length) leafArg = args[++i];
        else if (args[i] === "--all") all = true;
        else lib.die(PROG, `unexpected argument: ${args[i]}`);
      }
      const c = lib.contextAt(omp, sm, leafArg ?? "@leaf");
      if (!all) {
        delete c.models;
        delete c.configuredThinkingLevel;
        delete c.serviceTier;
      }
      emit(c);
    } else if (mode === "contexts") {
      for (const id of args.slice(2)) emit(lib.contextAt(omp, sm, id));
    } else if (mode === "rows") {
      const modes = args.length > 2 ? args.slice(2) : [...lib.FILTER_MODES];
      for (const m of modes) emit(await lib.rowsJson(sm, m));
    } else {
      emit(lib.nameJson(sm));
    }
  }
} catch (err) {
  lib.cleanup();
  lib.die(PROG, err instanceof Error ? err.message : String(err));
}
lib.cleanup();
if (out.length > 0) process.stdout.write(out.join("\n") + "\n");
process.exit(0);

// Shared part of the oh-my-pi 18.2.3 oracle (omp-dump.ts, omp-writes.ts), run by Bun.
// Not a program: imported by those two.
//
// It points HOME (and the XDG folders) at a private folder, imports oh-my-pi's own
// modules from ${RAMO_AGENTS_DIR:-~/.cache/ramo-agents}/omp (install-agents.sh), opens
// session files with oh-my-pi's SessionManager on private copies (oh-my-pi takes a
// lock next to the file it opens and may rewrite the title slot), and turns what
// oh-my-pi computes into the JSON shapes `ramo-session` prints:
//   treeJson     getTree() in pre-order (one node per id: one-per-id.mjs) and getLeafId()
//   contextJson  a SessionContext (buildSessionContext), every field of oh-my-pi's
//                SessionContext type except cacheMissExplainedAt (transcript mode
//                only); `model` is models.default split at its first "/"
//   rowsJson     the rows of oh-my-pi's /tree selector (src/modes/components/
//                tree-selector.ts, class TreeList) for one filter mode
// The selector keeps its rows in private fields, so rowsJson imports a copy of
// tree-selector.ts whose only change is one added method returning them; the
// copy's imports are resolved to the installed files, so the selector's code runs
// as installed.

import { copyFileSync, mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync, existsSync } from "node:fs";
import { tmpdir, homedir } from "node:os";
import { join, basename, dirname } from "node:path";
import { pathToFileURL } from "node:url";
// @ts-ignore: a JavaScript module shared with the pi harnesses
import { onePerId, readLines, repeatedIds, unloopedText } from "./one-per-id.mjs";

export function die(prog: string, msg: string): never {
  process.stderr.write(`${prog}: ${msg}\n`);
  process.exit(2);
}

export const agentsDir = process.env.RAMO_AGENTS_DIR || join(homedir(), ".cache", "ramo-agents");
export const ompRoot = join(agentsDir, "omp", "node_modules", "@oh-my-pi", "pi-coding-agent", "src");
export const sessionSrc = join(ompRoot, "session");

export const work = mkdtempSync(join(tmpdir(), "omp-oracle-"));
const home = join(work, "home");
mkdirSync(home);
process.env.HOME = home;
process.env.XDG_CONFIG_HOME = join(home, ".config");
process.env.XDG_DATA_HOME = join(home, ".local", "share");
process.env.XDG_CACHE_HOME = join(home, ".cache");
process.env.XDG_STATE_HOME = join(home, ".local", "state");

export function cleanup(): void {
  rmSync(work, { recursive: true, force: true });
}

export async function load(prog: string) {
  if (!existsSync(join(sessionSrc, "session-manager.ts"))) die(prog, `oh-my-pi not found in ${sessionSrc}`);
  const imp = (p: string) => import(pathToFileURL(join(sessionSrc, p)).href);
  const sm = await imp("session-manager.ts");
  const ctx = await imp("session-context.ts");
  const slot = await imp("session-title-slot.ts");
  return {
    SessionManager: sm.SessionManager,
    buildSessionContext: ctx.buildSessionContext,
    isUserRequestEntry: ctx.isUserRequestEntry,
    isTranscriptEntry: ctx.isTranscriptEntry,
    parseTitleSlotLine: slot.parseTitleSlotLine,
  };
}
export type Omp = Awaited<ReturnType<typeof load>>;

let copies = 0;
/** A private copy of FILE (same base name) in its own folder. */
export function privateCopy(file: string): string {
  const dir = join(work, `f${++copies}`);
  mkdirSync(dir);
  const copy = join(dir, basename(file).endsWith(".jsonl") ? basename(file) : "session.jsonl");
  copyFileSync(file, copy);
  return copy;
}

// oh-my-pi's getTree() with one node per id where lines share ids (Ramo's deliberate
// difference, one-per-id.mjs), made when the session is opened: oh-my-pi opens the unlooped
// file asynchronously. By session manager: the number of entries it was made for, the tree
// (entries as the file has them) and the tree with the unlooped file's entries (/tree rows).
const onePerIdTrees = new WeakMap<any, { n: number; tree: any[]; given: any[] }>();

/** oh-my-pi's SessionManager on FILE itself (callers pass a private copy). */
export async function open(omp: Omp, file: string) {
  const sm = await omp.SessionManager.open(file, dirname(file));
  const info = repeatedIds(sm.getEntries());
  if (info != null && info.loops) {
    const dir = join(work, `unlooped${++copies}`);
    mkdirSync(dir);
    const copy = join(dir, "session.jsonl");
    writeFileSync(copy, unloopedText(readLines(file), info));
    const raw = (await omp.SessionManager.open(copy, dir)).getTree();
    onePerIdTrees.set(sm, { n: sm.getEntries().length, tree: onePerId(raw, info), given: onePerId(raw, info, true) });
  }
  return sm;
}

/** getTree() of sm, each node once (see above). */
function ompTree(sm: any, asGiven = false): any[] {
  const made = onePerIdTrees.get(sm);
  if (made && made.n === sm.getEntries().length) return asGiven ? made.given : made.tree;
  const info = repeatedIds(sm.getEntries());
  if (info == null) return sm.getTree();
  if (info.loops) throw new Error("getTree() would loop: the session changed since it was opened");
  return onePerId(sm.getTree(), info);
}

export function treeJson(sm: any) {
  const rows: Record<string, unknown>[] = [];
  const roots = ompTree(sm);
  const stack: [any, number][] = [];
  for (let i = roots.length - 1; i >= 0; i--) stack.push([roots[i], 0]);
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    const e = node.entry;
    const row: Record<string, unknown> = { id: e.id, parentId: e.parentId ?? null, type: e.type, depth };
    if (e.type === "message") row.role = e.message?.role;
    if (node.label !== undefined) row.label = node.label;
    rows.push(row);
    for (let i = node.children.length - 1; i >= 0; i--) stack.push([node.children[i], depth + 1]);
  }
  return { version: 3, leafId: sm.getLeafId() ?? null, entries: rows };
}

/** The context at `at`: "@leaf" (the session's own leaf), "root" (before the first entry) or an id. */
export function contextAt(omp: Omp, sm: any, at: string) {
  if (at === "@leaf") return contextJson(sm.buildSessionContext(), sm.getLeafId() ?? null);
  const entries = sm.getEntries();
  const byId = new Map(entries.map((e: any) => [e.id, e]));
  const leafId = at === "root" ? null : at;
  return contextJson(omp.buildSessionContext(entries, leafId, byId), leafId);
}

export function contextJson(ctx: any, leafId: string | null) {
  const def: string | undefined = ctx.models?.default;
  const slash = def ? def.indexOf("/") : -1;
  const model = def && slash > 0 ? { provider: def.slice(0, slash), modelId: def.slice(slash + 1) } : null;
  // JSON.stringify drops the members oh-my-pi leaves undefined, as they are absent
  // from what it would persist or send
  return JSON.parse(
    JSON.stringify({
      leafId,
      thinkingLevel: ctx.thinkingLevel,
      model,
      mode: ctx.mode,
      modeData: ctx.modeData,
      injectedTtsrRules: ctx.injectedTtsrRules,
      messages: ctx.messages,
      models: ctx.models,
      configuredThinkingLevel: ctx.configuredThinkingLevel,
      serviceTier: ctx.serviceTier,
    }),
  );
}

export const FILTER_MODES = ["default", "no-tools", "user-only", "labeled-only", "all"] as const;

let TreeList: any;
async function treeListClass(): Promise<any> {
  if (TreeList) return TreeList;
  const orig = join(ompRoot, "modes", "components", "tree-selector.ts");
  const dir = dirname(orig);
  let text = readFileSync(orig, "utf8");
  // resolve every import to the installed file, so the copy runs the same modules
  text = text.replace(/(\bfrom\s+|\bimport\s+)"([^"]+)"/g, (_m, pre, spec) => `${pre}${JSON.stringify(Bun.resolveSync(spec, dir))}`);
  const head = "class TreeList implements Component {";
  if (!text.includes(head)) throw new Error("tree-selector.ts: class TreeList not found");
  text = text.replace(head, `export ${head}\n\t__ramoRows() { return this.#filteredNodes; }`);
  const copy = join(work, "tree-selector.ts");
  writeFileSync(copy, text);
  TreeList = (await import(pathToFileURL(copy).href)).TreeList;
  return TreeList;
}

/** The rows oh-my-pi's /tree selector lists in filter MODE (no search query). */
export async function rowsJson(sm: any, mode: string) {
  const List = await treeListClass();
  const list = new List(ompTree(sm, true), sm.getLeafId() ?? null, 1000, mode);
  const rows = list.__ramoRows().map((n: any) => ({
    id: n.node.entry.id,
    indent: n.indent,
    showConnector: n.showConnector,
    isLast: n.isLast,
    gutters: n.gutters.map((g: any) => ({ position: g.position, show: g.show })),
  }));
  return { filter: mode, rows };
}

export function nameJson(sm: any) {
  return { name: sm.getSessionName() ?? null };
}

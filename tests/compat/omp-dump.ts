// Reference dumper for oh-my-pi 18.2.3 (@oh-my-pi/pi-coding-agent), run by Bun:
// loads a session file with oh-my-pi's own SessionManager (src/session/
// session-manager.ts) and prints the tree or the rebuilt context as one compact
// JSON line, in the shape of `ramo-session tree|context FILE --json`.
//
//   bun omp-dump.ts tree FILE
//   bun omp-dump.ts context FILE [--leaf ID | --leaf root] [--all]
//
// tree: pre-order rows of getTree() (id, parentId, type, depth, role, label) and
// getLeafId(). context: buildSessionContext() at the leaf (the module function of
// session-context.ts for --leaf). oh-my-pi reports models per role instead of one
// model; `model` here is models.default split at its first "/" (null when unset),
// as Ramo prints it. --all adds oh-my-pi's own fields as well (models,
// configuredThinkingLevel, serviceTier), which Ramo does not print.
//
// oh-my-pi is taken from ${RAMO_AGENTS_DIR:-~/.cache/ramo-agents}/omp (see
// install-agents.sh). FILE is never opened by oh-my-pi: it takes a lock next to
// the file it opens and may rewrite the title slot, so it works on a private copy,
// with HOME pointed at a private folder too.

import { copyFileSync, mkdtempSync, rmSync, existsSync, mkdirSync } from "node:fs";
import { tmpdir, homedir } from "node:os";
import { join, basename } from "node:path";
import { pathToFileURL } from "node:url";

function die(msg: string): never {
  process.stderr.write(`omp-dump: ${msg}\n`);
  process.exit(2);
}

const args = process.argv.slice(2);
const mode = args[0];
const file = args[1];
if ((mode !== "tree" && mode !== "context") || !file) {
  die("usage: omp-dump.ts tree FILE | context FILE [--leaf ID|--leaf root] [--all]");
}
let leafArg: string | undefined;
let all = false;
for (let i = 2; i < args.length; i++) {
  if (args[i] === "--leaf" && i + 1 < args.length) leafArg = args[++i];
  else if (args[i] === "--all") all = true;
  else die(`unexpected argument: ${args[i]}`);
}
if (mode !== "context" && (leafArg !== undefined || all)) die("--leaf and --all only apply to context");
if (!existsSync(file)) die(`no such file: ${file}`);

const agents = process.env.RAMO_AGENTS_DIR || join(homedir(), ".cache", "ramo-agents");
const src = join(agents, "omp", "node_modules", "@oh-my-pi", "pi-coding-agent", "src", "session");
if (!existsSync(join(src, "session-manager.ts"))) die(`oh-my-pi not found in ${src}`);

const work = mkdtempSync(join(tmpdir(), "omp-dump-"));
const home = join(work, "home");
mkdirSync(home);
process.env.HOME = home;
process.env.XDG_CONFIG_HOME = join(home, ".config");
process.env.XDG_DATA_HOME = join(home, ".local", "share");
process.env.XDG_CACHE_HOME = join(home, ".cache");
process.env.XDG_STATE_HOME = join(home, ".local", "state");

let out: unknown;
try {
  const { SessionManager } = await import(pathToFileURL(join(src, "session-manager.ts")).href);
  const { buildSessionContext } = await import(pathToFileURL(join(src, "session-context.ts")).href);
  const copy = join(work, basename(file).endsWith(".jsonl") ? basename(file) : "session.jsonl");
  copyFileSync(file, copy);
  const sm = await SessionManager.open(copy, work);

  if (mode === "tree") {
    const rows: Record<string, unknown>[] = [];
    const roots = sm.getTree();
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
    out = { version: 3, leafId: sm.getLeafId() ?? null, entries: rows };
  } else {
    let ctx;
    let leafId: string | null;
    if (leafArg === undefined) {
      ctx = sm.buildSessionContext();
      leafId = sm.getLeafId() ?? null;
    } else {
      const entries = sm.getEntries();
      const byId = new Map(entries.map((e: any) => [e.id, e]));
      leafId = leafArg === "root" ? null : leafArg;
      ctx = buildSessionContext(entries, leafId, byId);
    }
    const def: string | undefined = ctx.models?.default;
    const slash = def ? def.indexOf("/") : -1;
    const model = def && slash > 0 ? { provider: def.slice(0, slash), modelId: def.slice(slash + 1) } : null;
    out = {
      leafId,
      thinkingLevel: ctx.thinkingLevel,
      model,
      mode: ctx.mode,
      ...(ctx.modeData !== undefined ? { modeData: ctx.modeData } : {}),
      injectedTtsrRules: ctx.injectedTtsrRules,
      messages: ctx.messages,
      ...(all
        ? { models: ctx.models, configuredThinkingLevel: ctx.configuredThinkingLevel, serviceTier: ctx.serviceTier }
        : {}),
    };
  }
} catch (err) {
  rmSync(work, { recursive: true, force: true });
  die(err instanceof Error ? err.message : String(err));
}
rmSync(work, { recursive: true, force: true });
process.stdout.write(JSON.stringify(out) + "\n");
process.exit(0);

// The expected values of test-session-omp.c, computed by oh-my-pi 18.2.3 itself
// (@oh-my-pi/pi-coding-agent, src/session/*.ts) and printed as C string constants.
//
//   ~/.cache/ramo-agents/omp/node_modules/.bin/bun tests/test-session-omp.ts > values.c
//
// (oh-my-pi installed by tests/compat/install-agents.sh). The output is what the block
// "Computed by oh-my-pi" in test-session-omp.c holds; run this again to check it. The
// sessions are made here with JSON.stringify, as oh-my-pi writes its lines; oh-my-pi then
// reads, renames, branches and appends to them on private copies, with HOME pointed at a
// private folder. Ids and times oh-my-pi makes afresh differ on each run: the C test puts
// Ramo's in their place before it compares.

import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir, homedir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const agents = process.env.RAMO_AGENTS_DIR || join(homedir(), ".cache", "ramo-agents");
const src = join(agents, "omp", "node_modules", "@oh-my-pi", "pi-coding-agent", "src", "session");
const work = mkdtempSync(join(tmpdir(), "test-session-omp-"));
process.env.HOME = join(work, "home");
mkdirSync(process.env.HOME);
process.env.XDG_CONFIG_HOME = join(process.env.HOME, ".config");
process.env.XDG_DATA_HOME = join(process.env.HOME, ".local", "share");
process.env.XDG_CACHE_HOME = join(process.env.HOME, ".cache");
process.env.XDG_STATE_HOME = join(process.env.HOME, ".local", "state");

const { SessionManager } = await import(pathToFileURL(join(src, "session-manager.ts")).href);
const { serializeTitleSlot } = await import(pathToFileURL(join(src, "session-title-slot.ts")).href);

const lines: string[] = [];
function c(name: string, value: string | null) {
  if (value === null) {
    lines.push(`#define ${name} NULL`);
    return;
  }
  const esc = (s: string) =>
    Array.from(Buffer.from(s, "utf8"))
      .map((b) => (b === 0x22 ? '\\"' : b === 0x5c ? "\\\\" : b === 0x0a ? "\\n" : b < 0x20 || b >= 0x7f ? `\\${b.toString(8).padStart(3, "0")}` : String.fromCharCode(b)))
      .join("");
  const parts = value.split(/(?<=\n)/).map((p) => `  "${esc(p)}"`);
  lines.push(`#define ${name} \\\n${parts.join(" \\\n")}`);
}

const T = (s: number) => `2026-11-20T10:00:${String(s).padStart(2, "0")}.000Z`;
const usage = { input: 100, output: 20, cacheRead: 0, cacheWrite: 0, totalTokens: 120, cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 } };
const msg = (id: string, parentId: string | null, s: number, message: unknown) =>
  JSON.stringify({ type: "message", id, parentId, timestamp: T(s), message });
const user = (id: string, parentId: string | null, s: number, text: string) => msg(id, parentId, s, { role: "user", content: text, timestamp: s });
const assistant = (id: string, parentId: string | null, s: number, text: string) =>
  msg(id, parentId, s, { role: "assistant", content: [{ type: "text", text }], api: "anthropic-messages", provider: "anthropic", model: "claude-sonnet-4-5", usage, stopReason: "stop", timestamp: s });

// A: a title slot, a label in the middle of the path, a session_info oh-my-pi ignores
const bodyA = [
  JSON.stringify({ type: "session", version: 3, id: "sess-a", timestamp: T(0), cwd: "/tmp", additionalDirectories: ["/srv/lib"] }),
  user("u1", null, 1, "Plan the parser"),
  assistant("a1", "u1", 2, "Tokenizer first."),
  JSON.stringify({ type: "label", id: "l1", parentId: "a1", timestamp: T(3), targetId: "u1", label: "start" }),
  JSON.stringify({ type: "session_info", id: "s1", parentId: "l1", timestamp: T(4), name: "pi's name" }),
  JSON.stringify({ type: "title_change", id: "t1", parentId: "s1", timestamp: T(5), title: "Parser work", source: "user" }),
  user("u2", "t1", 6, "Now the grammar"),
  assistant("a2", "u2", 7, "value := object | array."),
  JSON.stringify({ type: "label", id: "l2", parentId: "a2", timestamp: T(8), targetId: "a2", label: "grammar" }),
];
const fileA = serializeTitleSlot({ title: "Parser work", source: "user", updatedAt: T(5) }) + bodyA.join("\n") + "\n";
// B: no slot (oh-my-pi before it), the name in the header; a title_change marks it as oh-my-pi's
const fileB =
  [
    JSON.stringify({ type: "session", version: 3, id: "sess-b", timestamp: T(0), cwd: "/tmp", title: "Header name", titleSource: "auto" }),
    user("u1", null, 1, "Hello"),
    assistant("a1", "u1", 2, "Hi."),
    JSON.stringify({ type: "title_change", id: "t1", parentId: "a1", timestamp: T(3), title: "Changed name", source: "auto" }),
  ].join("\n") + "\n";
// C: a slot with an empty title over a header title
const fileC =
  serializeTitleSlot({ title: "", updatedAt: T(1) }) +
  [JSON.stringify({ type: "session", version: 3, id: "sess-c", timestamp: T(0), cwd: "/tmp", title: "Header name" }), user("u1", null, 1, "Hello")].join("\n") +
  "\n";
c("OMP_FILE_A", fileA);
c("OMP_FILE_B", fileB);
c("OMP_FILE_C", fileC);

let n = 0;
async function withCopy(text: string, act: (sm: any) => Promise<unknown> | unknown) {
  const dir = join(work, `f${++n}`);
  mkdirSync(dir);
  const file = join(dir, "session.jsonl");
  writeFileSync(file, text);
  const sm = await SessionManager.open(file, dir);
  const result = await act(sm);
  await sm.flush();
  await sm.close();
  return { sm, file, result };
}

for (const [name, text] of [["A", fileA], ["B", fileB], ["C", fileC]] as const) {
  const { result } = await withCopy(text, (sm) => sm.getSessionName() ?? null);
  c(`OMP_NAME_${name}`, result as string | null);
}

// renames: setSessionName("  New\tname  ", "user")
for (const [name, text] of [["A", fileA], ["B", fileB]] as const) {
  const { file } = await withCopy(text, (sm) => sm.setSessionName("  New\tname  ", "user"));
  c(`OMP_RENAMED_${name}`, readFileSync(file, "utf8"));
}

// the branched session of A at a2 (oh-my-pi's header, slot and labels)
{
  const { result } = await withCopy(fileA, (sm) => readFileSync(sm.createBranchedSession("a2"), "utf8"));
  c("OMP_BRANCHED_A", result as string);
}

// appends, each to a fresh copy of A: the line oh-my-pi adds
const appends: [string, (sm: any) => unknown][] = [
  ["LABEL", (sm) => sm.appendLabelChange("u2", "mark")],
  ["LABEL_CLEAR", (sm) => sm.appendLabelChange("a2", undefined)],
  ["COMPACTION", (sm) => sm.appendCompaction("sum", undefined, "u2", 100, { fromExtension: false, method: "soft" })],
  ["COMPACTION_HOOK", (sm) => sm.appendCompaction("sum", undefined, "u2", 100, { fromExtension: true })],
  ["BRANCH_SUMMARY", (sm) => sm.branchWithSummary("a1", "left", undefined, false)],
  ["BRANCH_SUMMARY_HOOK", (sm) => sm.branchWithSummary(null, "left", undefined, true)],
  ["THINKING", (sm) => sm.appendThinkingLevelChange("high", "high")],
  ["MODEL", (sm) => sm.appendModelChange("anthropic/claude-opus-4-1")],
];
for (const [name, act] of appends) {
  const { file } = await withCopy(fileA, act);
  const all = readFileSync(file, "utf8").split("\n").filter((l) => l.length > 0);
  c(`OMP_APPEND_${name}`, all[all.length - 1]);
}

// title slots
const slots: [string, { title?: string; source?: "auto" | "user"; updatedAt: string }][] = [
  ["PLAIN", { title: "Parser work", source: "user", updatedAt: T(5) }],
  ["NONE", { updatedAt: T(5) }],
  ["ESCAPES", { title: 'a "q" \\ \t é 𝄞 \u0001', source: "auto", updatedAt: T(5) }],
  ["LONG", { title: "x".repeat(300), source: "user", updatedAt: T(5) }],
  ["LONG_UTF8", { title: "é".repeat(150), source: "user", updatedAt: T(5) }],
  ["LONG_EMOJI", { title: "ab" + "😀".repeat(60), updatedAt: T(5) }],
  ["LONG_ESCAPED", { title: "\u0001".repeat(40), source: "user", updatedAt: T(5) }],
];
for (const [name, opts] of slots) c(`OMP_SLOT_${name}`, serializeTitleSlot(opts));

rmSync(work, { recursive: true, force: true });
process.stdout.write(lines.join("\n") + "\n");

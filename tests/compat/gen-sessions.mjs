#!/usr/bin/env node
// Generate pi session files for the compatibility tests.
//
//   node gen-sessions.mjs OUTDIR
//
// Most files are written by pi's own SessionManager (so ids, timestamps and the
// on-disk layout are exactly what pi produces); a few edge cases that pi cannot
// produce through its API (equal sibling timestamps, orphans, old versions) are
// written by hand. Each file is renamed to a descriptive name in OUTDIR and its
// path is printed, one per line.
//
// pi is taken from $RAMO_PI_DIR (default ~/.cache/ramo-pi).

import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync, mkdtempSync, rmSync } from "node:fs";
import { homedir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

const outArg = process.argv[2];
if (!outArg) {
  process.stderr.write("usage: gen-sessions.mjs OUTDIR\n");
  process.exit(2);
}
const OUT = resolve(outArg);
mkdirSync(OUT, { recursive: true });

const piDir = process.env.RAMO_PI_DIR || join(homedir(), ".cache", "ramo-pi");
const smPath = join(piDir, "node_modules", "@mariozechner", "pi-coding-agent", "dist", "core", "session-manager.js");
if (!existsSync(smPath)) {
  process.stderr.write(`gen-sessions: pi not found at ${smPath}\n`);
  process.exit(2);
}
const { SessionManager } = await import(pathToFileURL(smPath).href);

const CWD = "/home/user/projects/demo";

// ---------------------------------------------------------------------------
// Small deterministic helpers

function makeRng(seed) {
  // mulberry32
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

let clock = Date.UTC(2025, 5, 1, 9, 0, 0);
const tick = () => (clock += 1375);

const usage = (i, o) => ({
  input: i,
  output: o,
  cacheRead: 0,
  cacheWrite: 0,
  totalTokens: i + o,
  cost: { input: i * 3e-6, output: o * 15e-6, cacheRead: 0, cacheWrite: 0, total: i * 3e-6 + o * 15e-6 },
});

const user = (content) => ({ role: "user", content, timestamp: tick() });

function assistant(content, extra = {}) {
  const hasCall = Array.isArray(content) && content.some((b) => b.type === "toolCall");
  return {
    role: "assistant",
    content: typeof content === "string" ? [{ type: "text", text: content }] : content,
    api: "anthropic-messages",
    provider: "anthropic",
    model: "claude-sonnet-4-5",
    usage: usage(1200, 240),
    stopReason: hasCall ? "toolUse" : "stop",
    timestamp: tick(),
    ...extra,
  };
}

let callSeq = 0;
const toolCall = (name, args) => ({ type: "toolCall", id: `toolu_${String(++callSeq).padStart(4, "0")}`, name, arguments: args });

const toolResult = (call, text, isError = false) => ({
  role: "toolResult",
  toolCallId: call.id,
  toolName: call.name,
  content: [{ type: "text", text }],
  isError,
  timestamp: tick(),
});

// 1x1 transparent PNG
const PNG_1x1 =
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";

const created = [];

// Run fn with a fresh persistent SessionManager whose sessionDir is a private
// temp dir, then move the single file it wrote to OUT/name.
function withSession(name, fn) {
  const dir = mkdtempSync(join(OUT, `.gen-${name}-`));
  const sm = SessionManager.create(CWD, dir);
  fn(sm);
  const files = readdirSync(dir).filter((f) => f.endsWith(".jsonl"));
  if (files.length !== 1) throw new Error(`${name}: expected one file, pi wrote ${files.length}`);
  const dest = join(OUT, `${name}.jsonl`);
  renameSync(join(dir, files[0]), dest);
  rmSync(dir, { recursive: true, force: true });
  created.push(dest);
}

function writeRaw(name, lines) {
  const dest = join(OUT, `${name}.jsonl`);
  writeFileSync(dest, lines.map((l) => JSON.stringify(l)).join("\n") + "\n");
  created.push(dest);
}

// Append a user turn and an assistant reply; returns [userId, assistantId].
function turn(sm, q, a) {
  const u = sm.appendMessage(user(q));
  const r = sm.appendMessage(assistant(a));
  return [u, r];
}

// Append an assistant tool call plus its result; returns [assistantId, resultId].
function toolStep(sm, name, args, output, opts = {}) {
  const call = toolCall(name, args);
  const blocks = [];
  if (opts.thinking) blocks.push({ type: "thinking", thinking: opts.thinking, thinkingSignature: "sig-" + call.id });
  if (opts.text) blocks.push({ type: "text", text: opts.text });
  blocks.push(call);
  const a = sm.appendMessage(assistant(blocks));
  const r = sm.appendMessage(toolResult(call, output, opts.isError));
  return [a, r];
}

// ---------------------------------------------------------------------------
// (a) linear chat with every tool kind, thinking, image, settings changes

withSession("linear", (sm) => {
  sm.appendModelChange("anthropic", "claude-sonnet-4-5");
  sm.appendThinkingLevelChange("medium");
  sm.appendMessage(
    user([
      { type: "text", text: "Here is a screenshot of the bug.\nCan you look at src/main.c?" },
      { type: "image", data: PNG_1x1, mimeType: "image/png" },
    ]),
  );
  // first assistant message: from here on pi writes to disk
  toolStep(sm, "read", { path: `${homedir()}/projects/demo/src/main.c`, offset: 10, limit: 20 }, "int main(void) {\n  return 0;\n}", {
    thinking: "The user wants me to look at main.c first.",
  });
  toolStep(sm, "read", { path: "README.md" }, "# Demo\n");
  toolStep(sm, "read", { file_path: "/etc/hosts", offset: 5 }, "127.0.0.1 localhost");
  toolStep(sm, "bash", { command: "make -j8 && ./build/demo --run-all-tests --verbose --color=never\necho done" }, "ok\ndone");
  toolStep(sm, "bash", { command: "ls\t-la" }, "total 0");
  toolStep(sm, "grep", { pattern: "TODO|FIXME", path: "src" }, "src/main.c:3: TODO");
  toolStep(sm, "grep", { pattern: "main" }, "src/main.c:1");
  toolStep(sm, "find", { pattern: "*.h", path: "/usr/include/gtk-4.0" }, "gtk/gtk.h");
  toolStep(sm, "ls", {}, "src\nREADME.md");
  toolStep(sm, "ls", { path: "src" }, "main.c");
  toolStep(sm, "edit", { path: "src/main.c", oldText: "return 0;", newText: "return 1;" }, "Edited src/main.c", {
    text: "I'll fix the return value.",
  });
  toolStep(sm, "write", { path: `${homedir()}/projects/demo/NOTES.md`, content: "notes\n" }, "Wrote NOTES.md");
  toolStep(sm, "web_search", { query: "gtk4 list view tree expander example", maxResults: 5 }, "3 results");
  toolStep(sm, "tiny_tool", { a: 1 }, "fine");
  toolStep(sm, "bash", { command: "false" }, "exit 1", { isError: true });
  sm.appendMessage(assistant("The build works now.\n\nSummary:\n\t- fixed main.c"));
  sm.appendModelChange("openai", "gpt-5");
  sm.appendThinkingLevelChange("high");
  sm.appendMessage(user("Run the tests"));
  sm.appendMessage({
    role: "bashExecution",
    command: "make test\n  --quiet",
    output: "All 12 tests passed",
    exitCode: 0,
    cancelled: false,
    truncated: false,
    timestamp: tick(),
  });
  sm.appendMessage(assistant([], { stopReason: "aborted", provider: "openai", model: "gpt-5", api: "openai-responses" }));
  sm.appendMessage(user("try again"));
  sm.appendMessage(
    assistant([], { stopReason: "error", errorMessage: "429 Too Many Requests:\nrate limit reached for requests", provider: "openai", model: "gpt-5" }),
  );
  sm.appendMessage(user("and once more"));
  sm.appendMessage(assistant([{ type: "thinking", thinking: "only thinking, no text" }], { provider: "openai", model: "gpt-5" }));
  sm.appendMessage(assistant("Done. Everything passes.", { provider: "openai", model: "gpt-5" }));
});

// ---------------------------------------------------------------------------
// (b) branching: several branches, labels, summaries, compaction, custom
// entries, session name, several roots

withSession("branching", (sm) => {
  const [u1, a1] = turn(sm, "Plan a refactor of the parser", "Here is a plan in three steps.");
  const [u2, a2] = turn(sm, "Do step one", "Step one is done.");
  const [, a3call] = toolStep(sm, "read", { path: "src/parser.c" }, "/* parser */", { text: "Reading the parser." });
  const [u3, a3] = turn(sm, "Now step two", "Step two is done.");
  turn(sm, "And step three", "All three steps done.");
  sm.appendLabelChange(a2, "checkpoint");
  sm.appendLabelChange(u1, "start");

  // branch 2: back to a1 (depth 1)
  sm.branch(a1);
  const [u2b, a2b] = turn(sm, "Actually, rewrite it from scratch", "Starting a rewrite.");
  turn(sm, "Use a hand-written lexer", "Lexer written.");
  sm.appendLabelChange(u2b, "rewrite");

  // branch 3: back to a2 (deeper)
  sm.branch(a2);
  turn(sm, "Skip step two, go to three", "Skipped ahead.");
  sm.appendLabelChange(a2, null); // clear "checkpoint"
  sm.appendLabelChange(a3call, "tool-read");
  sm.appendLabelChange(a3call, "tool-read-2"); // relabel

  // branch 4: summary of an abandoned branch hanging off u3's parent
  const bs = sm.branchWithSummary(a3call, "We tried step two twice; keep the first attempt.", {
    readFiles: ["src/parser.c"],
    modifiedFiles: [],
  }, false);
  sm.appendLabelChange(bs, "summary-here");
  const [u5, a5] = turn(sm, "Continue after the summary", "Continuing.");
  const [u6, a6] = turn(sm, "Add tests", "Tests added.");
  sm.appendCompaction("## Goal\nRefactor the parser.\n\n## Done\nSteps 1-3.", u5, 45678, {
    readFiles: ["src/parser.c"],
    modifiedFiles: ["src/lexer.c"],
  });
  turn(sm, "After compaction: what's left?", "Only docs.");
  sm.appendCustomEntry("my-extension", { counter: 3, nested: { ok: true } });
  sm.appendCustomMessageEntry("reminder", "Remember to update the changelog.\nAlso the docs.", true);
  sm.appendCustomMessageEntry(
    "snapshot",
    [
      { type: "text", text: "Snapshot of " },
      { type: "text", text: "the UI" },
      { type: "image", data: PNG_1x1, mimeType: "image/png" },
    ],
    false,
    { width: 1, height: 1 },
  );
  sm.appendSessionInfo("  Parser refactor  ");
  turn(sm, "Write the docs", "Docs written.");

  // a second root: summary with no anchor
  sm.branchWithSummary(null, "Started over from the beginning.");
  turn(sm, "Fresh start: what is this project?", "A demo parser.");

  // a third root: plain reset
  sm.resetLeaf();
  const [ur] = turn(sm, "Completely new topic", "Sure.");
  sm.appendLabelChange(ur, "topic-2");
  sm.appendSessionInfo("");
  sm.appendSessionInfo("Parser refactor (final)");

  // come back to the second branch and continue: the file's leaf ends there
  sm.branch(a2b);
  turn(sm, "Back on the rewrite branch", "Rewrite continues.");
  void u2; void a3; void a5; void u6; void a6;
});

// ---------------------------------------------------------------------------
// (d) leaf is a label entry

withSession("label-leaf", (sm) => {
  const [u1] = turn(sm, "hello", "hi");
  const [, a2] = turn(sm, "second question", "second answer");
  sm.appendLabelChange(u1, "first");
  sm.appendLabelChange(a2, "answer");
});

// ---------------------------------------------------------------------------
// (e) big: ~2000 entries, many branches

withSession("big", (sm) => {
  const rnd = makeRng(20250601);
  const pick = (arr) => arr[Math.floor(rnd() * arr.length)];
  const ids = [];
  const push = (id) => (ids.push(id), id);
  push(sm.appendMessage(user("Start of a long session")));
  push(sm.appendMessage(assistant("Ready.")));
  const tools = [
    ["read", () => ({ path: `src/f${Math.floor(rnd() * 50)}.c`, offset: 1 + Math.floor(rnd() * 100), limit: 40 })],
    ["bash", () => ({ command: `make target${Math.floor(rnd() * 9)}` })],
    ["grep", () => ({ pattern: `sym${Math.floor(rnd() * 99)}`, path: "src" })],
    ["edit", () => ({ path: `src/f${Math.floor(rnd() * 50)}.c`, oldText: "a", newText: "b" })],
    ["ls", () => ({ path: "src" })],
  ];
  let n = 0;
  while (sm.getEntries().length < 2000) {
    n++;
    const r = rnd();
    if (r < 0.07 && ids.length > 10) {
      sm.branch(pick(ids));
    } else if (r < 0.09 && ids.length > 10) {
      push(sm.branchWithSummary(pick(ids), `Summary of abandoned work #${n}`, { readFiles: [], modifiedFiles: [`f${n}.c`] }));
    } else if (r < 0.11) {
      sm.appendLabelChange(pick(ids), rnd() < 0.3 ? undefined : `L${n}`);
    } else if (r < 0.12) {
      push(sm.appendThinkingLevelChange(pick(["off", "low", "medium", "high"])));
    } else if (r < 0.13) {
      push(sm.appendModelChange("anthropic", pick(["claude-sonnet-4-5", "claude-opus-4-5", "claude-haiku-4-5"])));
    } else if (r < 0.14) {
      const path = sm.getBranch();
      if (path.length > 6) {
        const keep = path[path.length - 1 - Math.floor(rnd() * 5)];
        push(sm.appendCompaction(`Compacted at step ${n}`, keep.id, 10000 + Math.floor(rnd() * 150000)));
      }
    } else if (r < 0.15) {
      push(sm.appendCustomMessageEntry("ext", `custom message ${n}`, rnd() < 0.5));
    } else if (r < 0.45) {
      const [name, args] = pick(tools);
      const [a, t] = toolStep(sm, name, args(), `output ${n}`, rnd() < 0.2 ? { text: `Running ${name}` } : {});
      push(a);
      push(t);
    } else {
      push(sm.appendMessage(user(`Question ${n}: ${"lorem ipsum ".repeat(1 + Math.floor(rnd() * 30))}`)));
      push(sm.appendMessage(assistant(`Answer ${n}`)));
    }
  }
});

// ---------------------------------------------------------------------------
// (c) hand-written: sibling ordering and broken links (pi can't make these)

const hdr = (version, id) => {
  const h = { type: "session", version, id, timestamp: "2025-06-01T08:00:00.000Z", cwd: CWD };
  if (version === undefined) delete h.version;
  return h;
};
const T = (s) => `2025-06-01T${s}Z`;
const msgE = (id, parentId, ts, message) => ({ type: "message", id, parentId, timestamp: ts, message });
const u = (text, ms) => ({ role: "user", content: text, timestamp: ms });
const a = (text, ms) => ({ ...assistant(text), timestamp: ms });

writeRaw("edge-order", [
  hdr(3, "0197a000-0000-7000-8000-000000000001"),
  msgE("aaaa0001", null, T("09:00:00.000"), u("root question", 1)),
  msgE("aaaa0002", "aaaa0001", T("09:00:01.000"), a("root answer", 2)),
  // three siblings with the same timestamp: file order must be kept
  msgE("bbbb0001", "aaaa0002", T("09:00:02.000"), u("sibling one (same time)", 3)),
  msgE("bbbb0002", "aaaa0002", T("09:00:02.000"), u("sibling two (same time)", 4)),
  msgE("bbbb0003", "aaaa0002", T("09:00:02.000"), u("sibling three (same time)", 5)),
  // later in the file but older: sorts before the three above
  msgE("bbbb0004", "aaaa0002", T("09:00:01.500"), u("sibling four (older, written last)", 6)),
  // same instant written with an offset and without milliseconds
  msgE("bbbb0005", "aaaa0002", "2025-06-01T11:00:02+02:00", u("sibling five (offset form of 09:00:02Z)", 7)),
  msgE("bbbb0006", "aaaa0002", "2025-06-01T09:00:01Z", u("sibling six (no millis, 09:00:01)", 8)),
  msgE("cccc0001", "bbbb0002", T("09:00:03.000"), a("answer under sibling two", 9)),
  // two children with the same time under cccc0001, written newest-id-first
  msgE("cccc0003", "cccc0001", T("09:00:04.000"), u("grandchild B", 10)),
  msgE("cccc0002", "cccc0001", T("09:00:04.000"), u("grandchild A", 11)),
  { type: "label", id: "dddd0001", parentId: "cccc0002", timestamp: T("09:00:05.000"), targetId: "bbbb0003", label: "same-time" },
  { type: "label", id: "dddd0002", parentId: "dddd0001", timestamp: T("09:00:06.000"), targetId: "ffffffff", label: "missing-target" },
  { type: "label", id: "dddd0003", parentId: "dddd0002", timestamp: T("09:00:07.000"), targetId: "bbbb0001", label: "tmp" },
  { type: "label", id: "dddd0004", parentId: "dddd0003", timestamp: T("09:00:08.000"), targetId: "bbbb0001", label: "" },
  // compaction whose firstKeptEntryId is not on its path: only the summary and later entries count
  {
    type: "compaction", id: "eeee0001", parentId: "dddd0004", timestamp: T("09:00:09.000"),
    summary: "stale compaction", firstKeptEntryId: "bbbb0004", tokensBefore: 1499,
  },
  msgE("eeee0002", "eeee0001", T("09:00:10.000"), u("after stale compaction", 12)),
  {
    type: "compaction", id: "eeee0003", parentId: "eeee0002", timestamp: T("09:00:11.000"),
    summary: "second compaction (the one that counts)", firstKeptEntryId: "eeee0002", tokensBefore: 1500,
  },
  msgE("eeee0004", "eeee0003", T("09:00:12.000"), a("after second compaction", 13)),
  // broken links: missing parent, self parent, absent parentId -> all roots
  msgE("ffff0001", "99999999", T("09:00:13.000"), u("orphan: parent missing", 14)),
  msgE("ffff0002", "ffff0002", T("09:00:14.000"), u("self-parented", 15)),
  { type: "message", id: "ffff0003", timestamp: T("09:00:15.000"), message: u("no parentId field", 16) },
  msgE("ffff0004", "ffff0001", T("09:00:16.000"), a("child of the orphan", 17)),
  // an entry type pi does not know
  { type: "mode_change", id: "ffff0005", parentId: "ffff0004", timestamp: T("09:00:17.000"), mode: "plan", data: { x: 1 } },
  // a blank line and a broken line are skipped by pi (written below by hand)
  msgE("ffff0006", "ffff0005", T("09:00:18.000"), u("last line = leaf, under the orphan root", 18)),
]);
// Insert a blank line and a malformed line before the last entry.
{
  const f = join(OUT, "edge-order.jsonl");
  const lines = readFileSync(f, "utf8").split("\n");
  lines.splice(lines.length - 2, 0, "", "{not json");
  writeFileSync(f, lines.join("\n"));
}

// Two siblings, one with an unparseable timestamp: pi's comparison yields NaN,
// which sorts as "equal", so file order is kept.
writeRaw("edge-bad-timestamp", [
  hdr(3, "0197a000-0000-7000-8000-000000000002"),
  msgE("a0000001", null, T("09:00:00.000"), u("root", 1)),
  msgE("a0000002", "a0000001", T("09:00:05.000"), a("answer", 2)),
  msgE("a0000003", "a0000002", "not a date", u("child with a bad timestamp", 3)),
  msgE("a0000004", "a0000002", T("09:00:01.000"), u("child with an older good timestamp", 4)),
  { type: "branch_summary", id: "a0000005", parentId: "a0000004", timestamp: "also bad", fromId: "a0000003", summary: "bad time summary" },
  { type: "custom_message", id: "a0000006", parentId: "a0000005", timestamp: "2025-06-01T09:00:07.000Z", customType: "x", content: "cm", display: true },
]);

// (f) version 2: hookMessage role is renamed to custom on load
writeRaw("v2-hookmessage", [
  hdr(2, "0197a000-0000-7000-8000-000000000003"),
  msgE("b0000001", null, T("09:00:00.000"), u("hi", 1)),
  msgE("b0000002", "b0000001", T("09:00:01.000"), a("hello", 2)),
  msgE("b0000003", "b0000002", T("09:00:02.000"), { role: "hookMessage", customType: "hook", content: "from a hook", display: true, timestamp: 3 }),
  msgE("b0000004", "b0000003", T("09:00:03.000"), a("ok", 4)),
]);

// (g) version 1: no ids; compaction points at a kept entry by line index
writeRaw("v1-small", [
  { type: "session", id: "0197a000-0000-7000-8000-000000000004", timestamp: T("08:00:00.000"), cwd: CWD, provider: "anthropic", modelId: "claude-sonnet-4-5", thinkingLevel: "off" },
  { type: "message", timestamp: T("09:00:00.000"), message: u("one", 1) },
  { type: "message", timestamp: T("09:00:01.000"), message: a("two", 2) },
  { type: "thinking_level_change", timestamp: T("09:00:02.000"), thinkingLevel: "low" },
  { type: "message", timestamp: T("09:00:03.000"), message: u("three", 3) },
  { type: "message", timestamp: T("09:00:04.000"), message: a("four", 4) },
  { type: "compaction", timestamp: T("09:00:05.000"), summary: "one..four", firstKeptEntryIndex: 4, tokensBefore: 2000 },
  { type: "message", timestamp: T("09:00:06.000"), message: { role: "hookMessage", customType: "h", content: "v1 hook", display: false, timestamp: 5 } },
  { type: "message", timestamp: T("09:00:07.000"), message: a("five", 6) },
]);

// (g2) bodies json-glib cannot hold, written as raw text: escaped NULs and control characters,
// lone surrogates, integers beyond 64 bits, numbers JavaScript prints in its own way, 1e400,
// repeated and array-index keys, nesting close to Ramo's limit. `context --json` must write them
// exactly as pi's JSON.stringify does (run-compat.sh compares these files' text with --exact).
function writeLines(name, lines) {
  const dest = join(OUT, `${name}.jsonl`);
  writeFileSync(dest, lines.join("\n") + "\n");
  created.push(dest);
  exactFiles.push(dest);
}
const exactFiles = [];
{
  const H = JSON.stringify(hdr(3, "0197a000-0000-7000-8000-000000000006"));
  const strings = String.raw`"nul:\u0000|ctl:\u0001\u001f\b\f\n\r\t|del:` + "\x7f" + String.raw`|ls:\u2028|lone:\ud800\udbff|low:\udc00x|pair:\ud83d\ude00|esc:\/\"\\|A:\u0041|end\ud800"`;
  const numbers = "[12345678901234567890,123456789012345678901234567890,1e21,1E21,1e400,-1e400,-0,0.0,-0.0,1e-7,1E-7,0.000001,5e-324,1e-400,2.5e-5,100,1.5,9007199254740993,-9007199254740993,0.1,123e-2,1.7976931348623157e308]";
  const keys = String.raw`{"b":1,"2":2,"a":3,"1":4,"b":5,"4294967295":6,"4294967294":7,"01":8,"\u0000":9,"\ud800":10,"__proto__":11}`;
  let deep = "";
  for (let i = 0; i < 990; i++) deep += "[";
  deep += String.raw`"\u0000"`;
  for (let i = 0; i < 990; i++) deep += "]";
  writeLines("json-edge-bodies", [
    H,
    String.raw`{"type":"message","id":"c0000001","parentId":null,"timestamp":"2025-06-01T09:00:00.000Z","message":{"role":"user","content":${strings},"timestamp":1}}`,
    String.raw`{"type":"thinking_level_change","id":"c0000002","parentId":"c0000001","timestamp":"2025-06-01T09:00:01.000Z","thinkingLevel":"hi\u0000gh\ud800"}`,
    String.raw`{"type":"message","id":"c0000003","parentId":"c0000002","timestamp":"2025-06-01T09:00:02.000Z","message":{"role":"assistant","content":[{"type":"text","text":${strings}}],"provider":"p\u0000x","model":"m\udfff","usage":${numbers},"keys":${keys},"stopReason":"stop","timestamp":2}}`,
    String.raw`{"type":"custom_message","id":"c0000004","parentId":"c0000003","timestamp":"2025-06-01T09:00:03.000Z","customType":"t\u0000","content":${deep},"display":true,"details":${numbers}}`,
    String.raw`{"type":"branch_summary","id":"c0000005","parentId":"c0000004","timestamp":"2025-06-01T09:00:04.000Z","fromId":"c\ud800","summary":"\u0000"}`,
    String.raw`{"type":"model_change","id":"c0000006","parentId":"c0000005","timestamp":"2025-06-01T09:00:05.000Z","provider":"q\u0000","modelId":"\ud800\ud800"}`,
    String.raw`{"type":"message","id":"c0000007","parentId":"c0000006","timestamp":"2025-06-01T09:00:06.000Z","message":{"role":"toolResult","toolCallId":"x\u0000","toolName":"bash","content":[{"type":"text","text":${strings}}],"isError":false,"details":${keys},"timestamp":1e400}}`,
    String.raw`{"type":"compaction","id":"c0000008","parentId":"c0000007","timestamp":"2025-06-01T09:00:07.000Z","summary":${strings},"firstKeptEntryId":"c0000001","tokensBefore":12345678901234567890}`,
    String.raw`{"type":"message","id":"c0000009","parentId":"c0000008","timestamp":"2025-06-01T09:00:08.000Z","message":{"role":"user","content":"after \u0000 the compaction","timestamp":-0}}`,
    String.raw`{"type":"message","id":"c000000a","parentId":"c0000009","timestamp":"2025-06-01T09:00:09.000Z","message":{"role":"user","content":"\ud800","n":-0.0e5}}`,
  ]);
  // a version 2 file whose hookMessage body holds the same: its role is renamed in the text
  writeLines("json-edge-v2", [
    JSON.stringify(hdr(2, "0197a000-0000-7000-8000-000000000007")),
    String.raw`{"type":"message","id":"d0000001","parentId":null,"timestamp":"2025-06-01T09:00:00.000Z","message":{"role":"hookMessage","customType":"h\u0000","content":${strings},"display":true,"details":${numbers},"timestamp":1}}`,
    String.raw`{"type":"message","id":"d0000002","parentId":"d0000001","timestamp":"2025-06-01T09:00:01.000Z","message":{"role":"user","content":${keys}}}`,
  ]);
}

// (g3) header versions pi compares as JavaScript does (`version >= 3`, `< 2`, `< 3`): "nan" is
// none of them (entries read as they are), "2" and 2.5 are version 2, 1.5 and [] version 1
for (const [name, version] of [["nan", "nan"], ["string2", "2"], ["2.5", 2.5], ["1.5", 1.5], ["array", []]]) {
  const h = { ...hdr(3, `0197a000-0000-7000-8000-0000000001${created.length}`), version };
  writeRaw(`version-${name}`, [
    h,
    msgE("e0000001", null, T("09:00:00.000"), u("hi", 1)),
    msgE("e0000002", "e0000001", T("09:00:01.000"), { role: "hookMessage", customType: "hook", content: "from a hook", display: true, timestamp: 3 }),
    msgE("e0000003", "e0000002", T("09:00:02.000"), a("ok", 4)),
  ]);
}

// (h) very deep: one 100k-entry chain (implementations must not recurse per level)
{
  const lines = [JSON.stringify(hdr(3, "0197a000-0000-7000-8000-000000000005"))];
  const t0 = Date.UTC(2025, 5, 1, 9, 0, 0);
  let parentId = null;
  for (let i = 0; i < 100000; i++) {
    const id = (0x10000000 + i).toString(16);
    const message =
      i % 2 === 0
        ? u(`q${i}`, t0 + i)
        : { role: "assistant", content: [{ type: "text", text: `a${i}` }], provider: "p", model: "m", stopReason: "stop", timestamp: t0 + i };
    lines.push(JSON.stringify(msgE(id, parentId, new Date(t0 + i * 10).toISOString(), message)));
    parentId = id;
  }
  const dest = join(OUT, "deep-linear.jsonl");
  writeFileSync(dest, lines.join("\n") + "\n");
  created.push(dest);
}

for (const f of created) process.stdout.write(f + "\n");
// the files whose context output is compared as text (run-compat.sh reads this list)
writeFileSync(join(OUT, "exact.txt"), exactFiles.map((f) => f + "\n").join(""));

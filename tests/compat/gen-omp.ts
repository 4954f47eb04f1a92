// Writes realistic oh-my-pi 18.2.3 sessions with oh-my-pi's OWN SessionManager
// (src/session/session-manager.ts), for run-compat-omp.sh. Run by Bun:
//
//   bun gen-omp.ts OUTDIR
//
// Prints the path of each file written, one per line. The content is chosen by a
// seeded random generator (same structure on every run); ids and the session id
// come from oh-my-pi itself (random), timestamps from a fake clock that starts at a
// fixed date and moves on a little with every entry (so some entries share a
// millisecond, as in real files).
//
// Every entry kind oh-my-pi 18.2.3 writes is produced through its own methods:
// appendMessage (user, assistant with thinking/redactedThinking/toolCall blocks,
// stopReason aborted/error, toolResult, bashExecution), appendMessageToBranch,
// appendCustomMessageEntry (attribution, interrupted-thinking, prewalk-plan,
// vibe-mode-context, skill-prompt, ttsr-injection, advisor), appendCustomEntry
// (experimental_context_notes, valid, cleared and malformed), appendModeChange,
// appendTtsrInjection, appendResetBoundary, setSessionName (title slot +
// title_change), appendModelChange (roles, fallback), appendModelUsage,
// appendCredentialPin, appendSessionInit, appendServiceTierChange (incl. null),
// appendThinkingLevelChange (incl. no level = null, configured "auto"),
// appendCompaction (shortSummary, tokensAfter, method, details, fromExtension,
// preserveData with openaiRemoteCompaction / anthropicCompaction,
// providerReplayThroughEntryId), branchWithSummary, appendLabelChange (set and
// cleared), branch, resetLeaf (several roots).
// Written the way oh-my-pi itself writes them after the fact (mutate the live entry,
// then rewriteEntries(), as turn-recovery.ts and session-maintenance.ts do):
// `retryRecovery` on a failed assistant turn and a compaction's `warning`.
// Nothing is hand-written into the files.
//
// oh-my-pi is taken from ${RAMO_AGENTS_DIR:-~/.cache/ramo-agents}/omp (see
// install-agents.sh); HOME points at a private folder while it runs.

import { mkdirSync, mkdtempSync, existsSync, rmSync } from "node:fs";
import { tmpdir, homedir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

function die(msg: string): never {
  process.stderr.write(`gen-omp: ${msg}\n`);
  process.exit(2);
}

const outArg = process.argv[2];
if (!outArg || process.argv.length > 3) die("usage: gen-omp.ts OUTDIR");
const outDir = resolve(outArg);
mkdirSync(outDir, { recursive: true });

const agents = process.env.RAMO_AGENTS_DIR || join(homedir(), ".cache", "ramo-agents");
const src = join(agents, "omp", "node_modules", "@oh-my-pi", "pi-coding-agent", "src", "session");
if (!existsSync(join(src, "session-manager.ts"))) die(`oh-my-pi not found in ${src}`);

const work = mkdtempSync(join(tmpdir(), "gen-omp-"));
const home = join(work, "home");
mkdirSync(home);
process.env.HOME = home;
process.env.XDG_CONFIG_HOME = join(home, ".config");
process.env.XDG_DATA_HOME = join(home, ".local", "share");
process.env.XDG_CACHE_HOME = join(home, ".cache");
process.env.XDG_STATE_HOME = join(home, ".local", "state");

// ---------------------------------------------------------------------------
// fake clock: `new Date()` and `Date.now()` read it; each read moves it 0-2 ms

const RealDate = Date;
let clock = RealDate.parse("2026-11-20T08:00:00.000Z");
function tick(): number {
  clock += Math.floor(rng() * 3);
  return clock;
}
function advance(ms: number): void {
  clock += Math.max(0, Math.floor(ms));
}
class FakeDate extends RealDate {
  constructor(...args: any[]) {
    if (args.length === 0) super(tick());
    else super(...(args as [any]));
  }
  static now(): number {
    return tick();
  }
}
(globalThis as any).Date = FakeDate;

// ---------------------------------------------------------------------------
// seeded random (mulberry32)

let rngState = 1;
function seed(n: number): void {
  rngState = n >>> 0 || 1;
}
function rng(): number {
  rngState = (rngState + 0x6d2b79f5) >>> 0;
  let t = rngState;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rng() * xs.length)];
const chance = (p: number): boolean => rng() < p;
const int = (lo: number, hi: number): number => lo + Math.floor(rng() * (hi - lo + 1));
const hex = (n: number): string => Array.from({ length: n }, () => "0123456789abcdef"[int(0, 15)]).join("");

// ---------------------------------------------------------------------------
// content

const TASKS = [
  "Add a --json flag to the status command",
  "The parser drops the last line when the file has no trailing newline; fix it",
  "Write tests for the retry helper in src/net/retry.ts",
  "Why does `make check` fail on CI but not locally?",
  "Rename the `cfg` module to `config` everywhere",
  "Cache the weather API responses for ten minutes",
  "Explain what the scheduler does when two jobs share a lock",
  "Port the date formatting from moment to Intl.DateTimeFormat",
  "Split the 900-line handler into smaller functions",
  "Résumé of the design doc, please — keep it under 200 words ✓",
];
const FOLLOWUPS = ["Looks good, continue", "Also update the docs", "No, keep the old name", "Run the tests again", "ok", "Can you make it faster?"];
const FILES = ["src/main.ts", "src/net/retry.ts", "src/parser.c", "README.md", "tests/test_parser.py", "lib/config.rs", "Makefile"];
const SAY = [
  "I'll start by reading the relevant files.",
  "The failure comes from an off-by-one in the loop bound.",
  "Done. The tests pass now.",
  "Here is what I changed:\n\n- moved the cache into its own module\n- added a TTL check\n- updated the README",
  "I need to look at how the config is loaded first.",
  "That should fix it; let me verify with the test suite.",
];
const THINK = [
  "The user wants a flag; the CLI uses yargs, so I should add an option and thread it through.",
  "Reading the stack trace, the null comes from the second branch of the switch.",
  "Two approaches: patch the loop or rewrite the reader. Patching is smaller.",
];
const TINY_PNG =
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";

interface ModelInfo {
  api: string;
  provider: string;
  model: string;
}
const MODELS: Record<string, ModelInfo> = {
  sonnet: { api: "anthropic-messages", provider: "anthropic", model: "claude-sonnet-4-5" },
  haiku: { api: "anthropic-messages", provider: "anthropic", model: "claude-haiku-4-5" },
  gpt: { api: "openai-responses", provider: "openai", model: "gpt-5.2" },
  codex: { api: "openai-codex-responses", provider: "openai-codex", model: "gpt-5.2-codex" },
  gemini: { api: "google-generative-ai", provider: "google", model: "gemini-3-pro" },
};
const ref = (m: ModelInfo): string => `${m.provider}/${m.model}`;

function usage(): Record<string, unknown> {
  const input = int(50, 4000);
  const output = int(20, 2500);
  const cacheRead = chance(0.7) ? int(1000, 90000) : 0;
  const cacheWrite = chance(0.3) ? int(100, 5000) : 0;
  return {
    input,
    output,
    cacheRead,
    cacheWrite,
    totalTokens: input + output + cacheRead + cacheWrite,
    cost: {
      input: input * 3e-6,
      output: output * 15e-6,
      cacheRead: cacheRead * 3e-7,
      cacheWrite: cacheWrite * 3.75e-6,
      total: input * 3e-6 + output * 15e-6 + cacheRead * 3e-7 + cacheWrite * 3.75e-6,
    },
  };
}

function toolCall(): Record<string, unknown> {
  const name = pick(["read", "bash", "edit", "write", "grep", "glob", "todo"]);
  const file = pick(FILES);
  const args: Record<string, unknown> =
    name === "bash"
      ? { command: pick(["make check", "npm test -- --watch=false", "git status --short", "ls -la src"]) }
      : name === "grep"
        ? { pattern: pick(["TODO", "retry\\(", "cfg\\."]), path: "src" }
        : name === "glob"
          ? { pattern: "**/*.ts" }
          : name === "edit"
            ? { path: file, edits: [{ old: "let x = 1;", new: "const x = 1;" }] }
            : name === "write"
              ? { path: file, content: "// generated\n" }
              : name === "todo"
                ? { ops: [{ op: "add", text: "check the docs" }] }
                : { path: file, ...(chance(0.3) ? { offset: int(1, 200), limit: 50 } : {}) };
  return { type: "toolCall", id: `toolu_${hex(20)}`, name, arguments: args };
}

// ---------------------------------------------------------------------------
// one session

interface Opts {
  name: string;
  seed: number;
  target: number; // entries (roughly)
  explicitDefault?: boolean; // explicit model_change role default at the start
  subagent?: boolean; // session_init entry
  roots?: number; // extra roots made with resetLeaf()
}

async function generate(SessionManager: any, o: Opts): Promise<string> {
  seed(o.seed);
  clock = RealDate.parse("2026-11-20T08:00:00.000Z") + o.seed * 86_400_000;
  // the header's cwd must exist while the files are read: oh-my-pi adopts it only then
  const cwd = outDir;
  const dir = join(work, "sessions", o.name);
  mkdirSync(dir, { recursive: true });
  const sm = SessionManager.create(cwd, dir);

  let current: ModelInfo = MODELS.sonnet;
  const userIds: string[] = [];
  let rootsLeft = o.roots ?? 0;
  // marks the calls that append an entry (returns its id)
  const note = (id: string | undefined) => id;
  const count = () => sm.getEntries().length;

  if (o.subagent) {
    note(
      sm.appendSessionInit({
        systemPrompt: "You are a scout. Find the files relevant to the task and report back.",
        task: "Find where the retry delay is computed",
        tools: ["read", "grep", "glob"],
        agent: "scout",
        modelRole: "smol",
        resolvedModel: ref(MODELS.haiku),
        readOnly: true,
        spawns: "",
      }),
    );
    current = MODELS.haiku;
  }
  if (o.explicitDefault !== false) note(sm.appendModelChange(ref(current), "default"));
  note(sm.appendThinkingLevelChange("medium", chance(0.5) ? "auto" : undefined));
  if (chance(0.5)) note(sm.appendServiceTierChange({ openai: "priority" }));

  const assistant = (content: unknown[], stopReason: string, extra: Record<string, unknown> = {}) => {
    advance(int(800, 20000));
    const m = current;
    return note(
      sm.appendMessage({
        role: "assistant",
        content,
        api: m.api,
        provider: m.provider,
        model: m.model,
        usage: usage(),
        stopReason,
        timestamp: FakeDate.now(),
        ...(chance(0.4) ? { responseId: `msg_${hex(24)}` } : {}),
        duration: int(300, 40000),
        ...extra,
      }),
    )!;
  };
  const thinking = (signed: boolean) =>
    current.provider === "anthropic" && chance(0.15)
      ? { type: "redactedThinking", data: `EqQB${hex(40)}` }
      : { type: "thinking", thinking: pick(THINK), ...(signed ? { thinkingSignature: `sig_${hex(32)}` } : {}) };
  const toolResult = (call: any, text?: string, isError = false) => {
    advance(int(50, 4000));
    return note(
      sm.appendMessage({
        role: "toolResult",
        toolCallId: call.id,
        toolName: call.name,
        content: [{ type: "text", text: text ?? `output of ${call.name} ${JSON.stringify(call.arguments).slice(0, 60)}` }],
        ...(chance(0.3) ? { details: { durationMs: int(5, 900) } } : {}),
        isError,
        timestamp: FakeDate.now(),
      }),
    );
  };

  // a user turn: prompt, then tool rounds, then a final answer (or a failure)
  const userTurn = async () => {
    advance(int(5000, 300000));
    const text = userIds.length === 0 || chance(0.4) ? pick(TASKS) : pick(FOLLOWUPS);
    const content =
      chance(0.08)
        ? [{ type: "text", text }, { type: "image", data: TINY_PNG, mimeType: "image/png" }]
        : chance(0.5)
          ? text
          : [{ type: "text", text }];
    const uid = note(
      sm.appendMessage({
        role: "user",
        content,
        ...(chance(0.1) ? { attribution: "user" } : {}),
        ...(chance(0.05) ? { synthetic: true } : {}),
        timestamp: FakeDate.now(),
      }),
    )!;
    userIds.push(uid);
    if (userIds.length === 1 && chance(0.8)) await sm.setSessionName(text.slice(0, 60), "auto", "first-message");

    const rounds = int(0, 3);
    for (let r = 0; r < rounds; r++) {
      const calls = Array.from({ length: int(1, 3) }, toolCall);
      const blocks: unknown[] = [];
      if (chance(0.6)) blocks.push(thinking(true));
      if (chance(0.5)) blocks.push({ type: "text", text: pick(SAY) });
      blocks.push(...calls);
      assistant(blocks, "toolUse");
      if (chance(0.03)) return; // the process died mid-turn: tool calls without results
      for (const call of calls) {
        if (chance(0.04)) continue; // a call whose result never got written
        toolResult(call, undefined, chance(0.08));
      }
      if (chance(0.05)) {
        // steering message mid-turn
        note(sm.appendMessage({ role: "user", content: "use the existing helper instead", steering: true, timestamp: FakeDate.now() }));
      }
    }

    const roll = rng();
    if (roll < 0.07) {
      // user pressed Esc while the model was thinking
      const calls = chance(0.4) ? [toolCall()] : [];
      assistant(
        [{ type: "thinking", thinking: pick(THINK) + " Then I will check the callers of the function one by one." }, ...calls],
        "aborted",
        { errorMessage: "Interrupted by user" },
      );
      for (const call of calls) toolResult(call, "Tool execution was aborted", true);
      if (chance(0.6)) {
        note(
          sm.appendCustomMessageEntry(
            "interrupted-thinking",
            `<interrupted-thinking>\n${pick(THINK)}\n</interrupted-thinking>`,
            false,
            { interruptedAt: FakeDate.now(), provider: current.provider, model: current.model, blockCount: 1 },
            "agent",
          ),
        );
      }
    } else if (roll < 0.15) {
      // provider error; sometimes empty, sometimes retried automatically
      const empty = chance(0.4);
      const calls = !empty && chance(0.3) ? [toolCall()] : [];
      const content = empty
        ? chance(0.5) ? [] : [{ type: "text", text: "  " }]
        : [{ type: "text", text: pick(SAY) }, ...calls];
      const eid = assistant(content, "error", {
        errorMessage: pick(["overloaded_error: Overloaded", "429 rate limit exceeded", "request too large (413)"]),
        errorStatus: pick([429, 500, 529, 413]),
      });
      for (const call of calls) toolResult(call, "Tool execution was aborted: provider error", true);
      if (chance(0.6)) {
        // an automatic retry succeeded: the failed turn gets retryRecovery (turn-recovery.ts)
        const ok = assistant([{ type: "text", text: pick(SAY) }], "stop");
        const entry = sm.getEntry(eid);
        const next = sm.getEntry(ok).message;
        entry.message.retryRecovery = chance(0.8)
          ? {
              kind: "auto-retry",
              status: "recovered",
              attempt: 1,
              recoveredAt: new FakeDate().toISOString(),
              recovery: pick(["wait", "plain", "model", "credential"]),
              note: "Recovered after retry",
              supersededBy: { timestamp: next.timestamp, provider: next.provider, model: next.model },
            }
          : { kind: "auto-retry", status: "superseded", attempt: 2, recovery: "wait", note: "Superseded by a retry" };
        await sm.rewriteEntries();
      }
    } else if (roll < 0.18) {
      // stop at length
      assistant([{ type: "text", text: pick(SAY) + " and then" }], "length");
    } else {
      const blocks: unknown[] = [];
      if (chance(0.5)) blocks.push(thinking(true));
      blocks.push({ type: "text", text: pick(SAY), ...(current.api.startsWith("openai") ? { textSignature: `msg_${hex(16)}` } : {}) });
      assistant(blocks, "stop");
    }
  };

  // the entry kinds around the turns
  const sideActions: Array<[number, () => Promise<void> | void]> = [
    [3, () => {
      note(sm.appendCustomMessageEntry(
        pick(["lsp-late-diagnostic", "background-tan-dispatch", "checkpoint-active-reminder", "hook:reminder"]),
        chance(0.5) ? `<system-reminder>${pick(SAY)}</system-reminder>` : [{ type: "text", text: pick(SAY) }],
        chance(0.5),
        chance(0.5) ? { source: "hook", n: int(1, 9) } : undefined,
        chance(0.5) ? "agent" : "user",
      ));
    }],
    [1, () => {
      note(sm.appendCustomMessageEntry("prewalk-plan", "1. read the parser\n2. patch the loop\n3. run tests", false, { steps: 3 }, "agent"));
    }],
    [1, () => {
      note(sm.appendCustomMessageEntry("vibe-mode-context", "Vibe mode is on: keep answers short.", false, undefined, "agent"));
    }],
    [1, () => {
      note(sm.appendCustomMessageEntry("skill-prompt", "# Skill: commit\nWrite a conventional commit message.", true, { name: "commit", args: "" }, chance(0.7) ? "user" : "agent"));
    }],
    [1, () => {
      note(sm.appendCustomMessageEntry("advisor", "<advisory>Consider the error path.</advisory>", true, { notes: [{ note: "Consider the error path.", advisor: "sec", severity: "warn" }] }, "agent"));
    }],
    [2, () => {
      const rules = Array.from({ length: int(1, 3) }, () => pick(["no-console-log", "prefer-const", "no-any", "test-naming"]));
      note(sm.appendTtsrInjection(rules));
      if (chance(0.5)) note(sm.appendCustomMessageEntry("ttsr-injection", `Rule ${rules[0]}: follow it.`, false, { rules }, "agent"));
    }],
    [2, () => {
      const r = rng();
      note(sm.appendCustomEntry("experimental_context_notes",
        r < 0.75 ? { version: 1, text: `- task: ${pick(TASKS)}\n- next: ${pick(FOLLOWUPS)}` }
          : r < 0.88 ? { version: 1, text: "" }
            : { version: 1, text: "stale", extra: true }));
    }],
    [1, () => { note(sm.appendCustomEntry(pick(["todo-state", "prewalk-state", "checkpoint"]), { items: int(0, 5) })); }],
    [2, () => {
      if (chance(0.5)) note(sm.appendModeChange("plan", { planFilePath: join(cwd, ".omp", "plan.md"), ...(chance(0.3) ? { approved: false } : {}) }));
      else note(sm.appendModeChange(pick(["none", "vibe", "none"])));
    }],
    [2, () => {
      const r = rng();
      if (r < 0.4) {
        current = pick([MODELS.sonnet, MODELS.gpt, MODELS.gemini]);
        note(sm.appendModelChange(ref(current), chance(0.5) ? "default" : undefined));
      } else if (r < 0.7) {
        note(sm.appendModelChange(ref(pick([MODELS.haiku, MODELS.codex])), pick(["smol", "slow", "plan", "commit"])));
      } else {
        current = MODELS.haiku; // a retry fell back to another model
        note(sm.appendModelChange(ref(current), "fallback", true));
      }
    }],
    [2, () => {
      const m = pick([MODELS.haiku, MODELS.gpt]);
      note(sm.appendModelUsage(
        { purpose: pick(["title", "branch-summary", "advisor", "commit-message"]), role: pick(["smol", "tiny", undefined]), api: m.api, provider: m.provider, model: m.model, usage: usage(), stopReason: chance(0.9) ? "stop" : "error", ...(chance(0.1) ? { errorMessage: "timeout" } : {}) },
        { sessionId: sm.getSessionId(), parentId: sm.getLeafId() },
      ));
    }],
    [1, () => { note(sm.appendCredentialPin(pick(["anthropic", "openai-codex"]), hex(64))); }],
    [1, () => {
      const r = rng();
      note(sm.appendServiceTierChange(r < 0.4 ? null : r < 0.7 ? { openai: pick(["flex", "priority"]) } : { anthropic: "priority", openai: "default" }));
    }],
    [2, () => {
      const r = rng();
      note(r < 0.2 ? sm.appendThinkingLevelChange() : sm.appendThinkingLevelChange(pick(["off", "minimal", "low", "medium", "high", "xhigh"]), chance(0.3) ? "auto" : undefined));
    }],
    [1, async () => { if (userIds.length > 0) await sm.setSessionName(pick(TASKS).slice(0, 40), chance(0.5) ? "user" : "auto", chance(0.5) ? "rename" : undefined); }],
    [1, () => {
      // `!cmd` in the editor
      note(sm.appendMessage({ role: "bashExecution", command: "git log --oneline | head -3", output: "abc123 first\n", exitCode: 0, cancelled: false, truncated: false, timestamp: FakeDate.now(), ...(chance(0.3) ? { excludeFromContext: true } : {}) }));
    }],
    [1, () => { if (chance(0.3)) note(sm.appendResetBoundary()); }],
    [2, () => {
      const path = sm.getBranch();
      const target = pick(path.filter((e: any) => e.type === "message"));
      if (target) note(sm.appendLabelChange(target.id, chance(0.85) ? pick(["checkpoint", "good", "before refactor", "bug here"]) : undefined));
    }],
    [2, async () => {
      // compaction over the active path
      const path = sm.getBranch();
      const users = path.filter((e: any) => e.type === "message" && e.message.role === "user");
      if (users.length < 3) return;
      const kept = users[users.length - int(1, Math.min(3, users.length - 1))];
      const method = pick(["soft", "remote", "handoff", undefined, "soft"]);
      const preserveData: Record<string, unknown> | undefined =
        method === "remote" && chance(0.6)
          ? { openaiRemoteCompaction: { provider: "openai", replacementHistory: [{ type: "message", role: "user", content: [{ type: "input_text", text: pick(TASKS) }] }, { type: "compaction", encrypted_content: `gAAA${hex(48)}` }], compactionItem: { type: "compaction", encrypted_content: `gAAA${hex(48)}` } } }
          : method === "remote"
            ? { anthropicCompaction: { provider: "anthropic", content: `Summary of the work so far: ${pick(SAY)}`, encryptedContent: `enc_${hex(24)}`, model: MODELS.sonnet.model } }
            : chance(0.2) ? { plugin: { version: 2 } } : undefined;
      const id = note(sm.appendCompaction(
        `## Goal\n${pick(TASKS)}\n\n## Progress\n${pick(SAY)}`,
        chance(0.7) ? pick(["Parser fix in progress", "Cache added, docs pending"]) : undefined,
        kept.id,
        int(40000, 180000),
        {
          details: chance(0.7) ? { readFiles: [pick(FILES)], modifiedFiles: chance(0.5) ? [pick(FILES)] : [] } : undefined,
          fromExtension: chance(0.1) ? true : undefined,
          preserveData,
          method,
          providerReplayThroughEntryId: preserveData?.openaiRemoteCompaction ? sm.getLeafId() : undefined,
          tokensAfter: chance(0.8) ? int(5000, 30000) : undefined,
        },
      ));
      if (chance(0.15)) {
        sm.getEntry(id).warning = "Compaction freed too little context; clear large tool output";
        await sm.rewriteEntries();
      }
    }],
    [3, () => {
      // /tree: go back, sometimes with a branch summary
      const path = sm.getBranch();
      if (path.length < 6) return;
      const target = path[int(Math.floor(path.length / 3), path.length - 2)];
      if (chance(0.4)) {
        note(sm.branchWithSummary(target.id, `The abandoned branch tried ${pick(TASKS).toLowerCase()}.`, chance(0.7) ? { readFiles: [pick(FILES)], modifiedFiles: [] } : undefined, chance(0.2) ? true : undefined));
      } else {
        sm.branch(target.id);
      }
    }],
    [1, () => {
      // an answer written to a branch that is not the active one (ask re-answer)
      const path = sm.getBranch();
      const res = [...path].reverse().find((e: any) => e.type === "message" && e.message.role === "toolResult");
      if (!res) return;
      note(sm.appendMessageToBranch({ ...res.message, content: [{ type: "text", text: "re-answered: option B" }], timestamp: FakeDate.now() }, res.parentId));
    }],
    [1, () => {
      if (rootsLeft > 0 && userIds.length > 2) {
        rootsLeft--;
        sm.resetLeaf(); // /tree to a root user message: the next prompt starts a new root
      }
    }],
  ];
  const totalWeight = sideActions.reduce((s, [w]) => s + w, 0);

  while (count() < o.target) {
    await userTurn();
    let n = chance(0.5) ? int(1, 2) : 0;
    while (n-- > 0) {
      let r = rng() * totalWeight;
      for (const [w, act] of sideActions) {
        r -= w;
        if (r < 0) {
          advance(int(100, 30000));
          await act();
          break;
        }
      }
    }
  }
  // end on a real assistant answer most of the time
  if (chance(0.7)) await userTurn();

  await sm.flush();
  const file = sm.getSessionFile();
  await sm.close();
  if (!file || !existsSync(file)) die(`${o.name}: no session file written`);
  const dest = join(outDir, `${o.name}.jsonl`);
  await Bun.write(dest, Bun.file(file));
  return dest;
}

try {
  const { SessionManager } = await import(pathToFileURL(join(src, "session-manager.ts")).href);
  const plan: Opts[] = [
    { name: "omp-small", seed: 11, target: 60 },
    { name: "omp-small-legacy-model", seed: 12, target: 60, explicitDefault: false },
    { name: "omp-subagent", seed: 13, target: 80, subagent: true },
    { name: "omp-medium", seed: 21, target: 400, roots: 1 },
    { name: "omp-medium-b", seed: 22, target: 400, explicitDefault: false, roots: 2 },
    { name: "omp-large", seed: 31, target: 3000, roots: 2 },
  ];
  for (const o of plan) process.stdout.write(`${await generate(SessionManager, o)}\n`);
} catch (err) {
  rmSync(work, { recursive: true, force: true });
  die(err instanceof Error ? err.stack ?? err.message : String(err));
}
rmSync(work, { recursive: true, force: true });
process.exit(0);

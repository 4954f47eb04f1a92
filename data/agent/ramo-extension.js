// ramo-extension.js — the commands Ramo drives pi 1.6.0 and oh-my-pi 18.2.3 with
//
// Copyright 2026 The Ramo authors
// SPDX-License-Identifier: GPL-3.0-or-later
//
// Loaded with `pi -e FILE` / `omp -e FILE` (installed as $datadir/ramo/agent/ramo-extension.js).
// Neither agent has an RPC command that moves the leaf, but both give an extension command
// `ctx.navigateTree()` and `pi.setLabel()`; Ramo runs these commands through RPC `prompt`:
//
//   /ramo-navigate {"request":"ramo-7","target":"ID","summarize":true,
//                   "customInstructions":"…","replaceInstructions":false,"label":"…"}
//   /ramo-label    {"request":"ramo-8","target":"ID","label":"…"}   (no label: clear it)
//
// The argument is one JSON object (ids, labels and instructions may hold spaces and quotes).
// The agent does the move by its own rules (a user message puts the leaf on its parent, its
// summarizer writes the summary); nothing here decides where the leaf goes.
//
// In RPC mode every command answers with one notification whose text is RESULT_PREFIX and a
// JSON object: {"request", "ok": true, "cancelled", "oldLeafId", "leafId", "entries": [{id,
// type}…] (the entries the command wrote)} or {"request", "ok": false, "error": the agent's
// words}. In the agent's own interface (`pi --session FILE -e EXT '/ramo-navigate {…}'`, how
// Ramo opens a session in a terminal at an entry) only a failure is shown.

const RESULT_PREFIX = "ramo-extension-result ";

function parseArguments(args) {
  const value = JSON.parse(args);
  if (typeof value !== "object" || value === null || Array.isArray(value))
    throw new Error("Ramo's commands take one JSON object");
  if (typeof value.target !== "string" || value.target === "")
    throw new Error("Ramo's commands need a target entry id");
  return value;
}

function report(ctx, request, result) {
  if (ctx.mode === "rpc")
    ctx.ui.notify(RESULT_PREFIX + JSON.stringify({ request, ...result }), result.ok ? "info" : "error");
  else if (!result.ok)
    ctx.ui.notify(`Ramo: ${result.error}`, "error");
}

function entriesSince(ctx, count) {
  return ctx.sessionManager.getEntries().slice(count).map((entry) => ({ id: entry.id, type: entry.type }));
}

// Sets a label the agent's way. pi 1.6.0's `pi.setLabel(id, label)` is its session manager's
// appendLabelChange() (dist/core/agent-session.js); oh-my-pi 18.2.3's `pi.setLabel()` names the
// extension instead (src/extensibility/extensions/loader.ts) and writes nothing, so when nothing
// was written the same call of its session manager is made (the one its runtime's setLabel action
// makes, src/modes/runtime-init.ts).
function setLabel(pi, ctx, target, label) {
  const count = ctx.sessionManager.getEntries().length;
  pi.setLabel(target, label);
  if (ctx.sessionManager.getEntries().length === count && typeof ctx.sessionManager.appendLabelChange === "function")
    ctx.sessionManager.appendLabelChange(target, label);
}

function errorText(error) {
  return error instanceof Error ? error.message : String(error);
}

// Runs @body(argument) and reports what it did; errors are reported, never thrown (a thrown
// error would reach Ramo as an `extension_error` without the request it belongs to).
async function run(ctx, args, body) {
  let request = null;
  try {
    const argument = parseArguments(args);
    request = typeof argument.request === "string" ? argument.request : null;
    const count = ctx.sessionManager.getEntries().length;
    const oldLeafId = ctx.sessionManager.getLeafId() ?? null;
    const cancelled = (await body(argument)) === true;
    report(ctx, request, {
      ok: true,
      cancelled,
      oldLeafId,
      leafId: ctx.sessionManager.getLeafId() ?? null,
      entries: entriesSince(ctx, count),
    });
  } catch (error) {
    report(ctx, request, { ok: false, error: errorText(error) });
  }
}

export default function (pi) {
  pi.registerCommand("ramo-navigate", {
    description: "Ramo: move the leaf to an entry (JSON: target, summarize, customInstructions, replaceInstructions, label)",
    handler: async (args, ctx) =>
      run(ctx, args, async (argument) => {
        const options = { summarize: argument.summarize === true };
        if (typeof argument.customInstructions === "string")
          options.customInstructions = argument.customInstructions;
        if (argument.replaceInstructions === true)
          options.replaceInstructions = true;
        if (typeof argument.label === "string" && argument.label !== "")
          options.label = argument.label;
        const count = ctx.sessionManager.getEntries().length;
        const result = await ctx.navigateTree(argument.target, options);
        if (result?.cancelled === true)
          return true;
        // oh-my-pi 18.2.3 passes only `summarize` on (src/modes/runtime-init.ts): the label
        // goes where pi puts it, on the summary written, else on the entry moved to
        const written = ctx.sessionManager.getEntries().slice(count);
        if (options.label !== undefined && !written.some((entry) => entry.type === "label")) {
          const summary = written.find((entry) => entry.type === "branch_summary");
          setLabel(pi, ctx, summary ? summary.id : argument.target, options.label);
        }
        return false;
      }),
  });

  pi.registerCommand("ramo-label", {
    description: "Ramo: set or clear the label of an entry (JSON: target, label)",
    handler: async (args, ctx) =>
      run(ctx, args, async (argument) => {
        const label = typeof argument.label === "string" && argument.label !== "" ? argument.label : undefined;
        setLabel(pi, ctx, argument.target, label);
        return false;
      }),
  });
}

// The figures of a session (tokens, cost, tool calls and errors, times) per branch and for the
// whole file, computed here from the entries the agent itself parsed and the tree its own
// getTree() makes (one node per id, one-per-id.mjs), and compared with `ramo-session stats
// --by-branch --json`. For figures-check.mjs (pi 1.6.0, Node) and figures-omp.ts (oh-my-pi,
// Bun). A module.
//
// The rules counted, as Ramo documents them (src/core/ramo-figures.h): usage from assistant
// messages, tool results (their own `usage`; oh-my-pi's `task` results: `details.usage`),
// branch summaries, compactions, `usage` and `model_usage` entries, a count that is not a
// number being 0; tool calls are the assistant's `toolCall` blocks, tool errors the tool
// results with `isError: true`; the times are `new Date(timestamp).getTime()`.
// A branch starts at a root or at a child of an entry with more than one child, and holds its
// whole subtree.

const num = (v) => (typeof v === "number" && !Number.isNaN(v) ? v : 0);
const isObject = (v) => v !== null && typeof v === "object" && !Array.isArray(v);

function usageOf(e) {
  if (e.type === "usage" || e.type === "model_usage" || e.type === "branch_summary" || e.type === "compaction")
    return e.usage;
  if (e.type !== "message" || !isObject(e.message)) return undefined;
  const m = e.message;
  if (m.role === "assistant") return m.usage;
  if (m.role !== "toolResult") return undefined;
  if (isObject(m.usage)) return m.usage;
  return m.toolName === "task" && isObject(m.details) ? m.details.usage : undefined;
}

export function empty() {
  return { entries: 0, input: 0, output: 0, cacheRead: 0, cacheWrite: 0, cost: 0, usages: 0,
           toolCalls: 0, toolErrors: 0, first: NaN, last: NaN };
}

function addTime(f, ms) {
  if (Number.isNaN(ms)) return;
  if (Number.isNaN(f.first) || ms < f.first) f.first = ms;
  if (Number.isNaN(f.last) || ms > f.last) f.last = ms;
}

/** The figures of one entry. */
export function own(e) {
  const f = empty();
  f.entries = 1;
  addTime(f, new Date(e.timestamp).getTime());
  const u = usageOf(e);
  if (isObject(u)) {
    f.input = num(u.input); f.output = num(u.output);
    f.cacheRead = num(u.cacheRead); f.cacheWrite = num(u.cacheWrite);
    f.cost = isObject(u.cost) ? num(u.cost.total) : 0;
    f.usages = 1;
  }
  if (e.type === "message" && isObject(e.message)) {
    const m = e.message;
    if (m.role === "assistant" && Array.isArray(m.content))
      f.toolCalls = m.content.filter((c) => isObject(c) && c.type === "toolCall").length;
    if (m.role === "toolResult" && m.isError === true) f.toolErrors = 1;
  }
  return f;
}

export function add(a, b) {
  for (const k of ["entries", "input", "output", "cacheRead", "cacheWrite", "cost", "usages", "toolCalls", "toolErrors"])
    a[k] += b[k];
  addTime(a, b.first);
  addTime(a, b.last);
  return a;
}

/** Every line's figures, in file order (pi's get_session_stats walks getEntries()). */
export function sessionFigures(entries) {
  const f = empty();
  for (const e of entries) add(f, own(e));
  return f;
}

/** [{start, fork, figures}] for every branch of the tree (nodes {entry, children}). */
export function branchFigures(roots) {
  const branches = [];
  const order = [];
  const stack = roots.map((n) => [n, null]).reverse();
  while (stack.length > 0) {
    const [node, parent] = stack.pop();
    order.push([node, parent]);
    for (let i = node.children.length - 1; i >= 0; i--) stack.push([node.children[i], node]);
  }
  const sums = new Map();
  for (let i = order.length - 1; i >= 0; i--) {
    const [node] = order[i];
    const f = own(node.entry);
    for (const c of node.children) add(f, sums.get(c));
    sums.set(node, f);
  }
  for (const [node, parent] of order)
    if (parent === null || parent.children.length > 1)
      branches.push({ start: node.entry.id, fork: parent ? parent.entry.id : null, figures: sums.get(node) });
  return branches;
}

const close = (a, b) => a === b || Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));
const time = (v) => (v === null ? NaN : v);

/** The differences between Ramo's figures (the JSON of `stats`) and f, as words; [] if none. */
export function diff(what, ramo, f) {
  const out = [];
  const cmp = (name, got, want, tol = false) => {
    if (tol ? !close(got, want) : !(got === want || (Number.isNaN(got) && Number.isNaN(want))))
      out.push(`${what}: ${name} ${got}, expected ${want}`);
  };
  cmp("entries", ramo.entries, f.entries);
  cmp("input", ramo.tokens.input, f.input);
  cmp("output", ramo.tokens.output, f.output);
  cmp("cacheRead", ramo.tokens.cacheRead, f.cacheRead);
  cmp("cacheWrite", ramo.tokens.cacheWrite, f.cacheWrite);
  cmp("total", ramo.tokens.total, f.input + f.output + f.cacheRead + f.cacheWrite);
  cmp("cost", ramo.cost, f.cost, true);
  cmp("usages", ramo.usages, f.usages);
  cmp("toolCalls", ramo.toolCalls, f.toolCalls);
  cmp("toolErrors", ramo.toolErrors, f.toolErrors);
  cmp("firstTime", time(ramo.firstTime), f.first);
  cmp("lastTime", time(ramo.lastTime), f.last);
  const wall = Number.isNaN(f.first) ? 0 : f.last - f.first;
  cmp("wallMs", ramo.wallMs, wall);
  return out;
}

/** Compares Ramo's `stats --by-branch --json` with the tree's branches; returns the failures. */
export function compareBranches(ramo, roots) {
  const want = branchFigures(roots);
  const got = new Map((ramo.branches ?? []).map((b) => [b.start, b]));
  const failures = [];
  if (got.size !== want.length) failures.push(`branches: ${got.size}, expected ${want.length}`);
  for (const b of want) {
    const r = got.get(b.start);
    if (!r) { failures.push(`branch ${b.start}: missing`); continue; }
    if (r.fork !== b.fork) failures.push(`branch ${b.start}: fork ${r.fork}, expected ${b.fork}`);
    failures.push(...diff(`branch ${b.start}`, r, b.figures));
  }
  return { failures, n: want.length };
}

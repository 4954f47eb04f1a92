#!/usr/bin/env node
// Write session files whose child order tests V8's Date.parse and V8's sort, for
// run-compat-pi16.sh (which compares ramo-session's tree with pi 1.6.0's getTree on them).
//
//   node gen-order.mjs OUTDIR [--seed N]
//
// order-forms.jsonl     one entry with a child per timestamp form: the odd ones V8 reads by its
//                       legacy rules (toString(), toUTCString(), "Mar 1, 2026", "2026/03/01",
//                       "12", a space for the T, local times, out-of-range fields, ...) and
//                       some thousand strings from a seeded generator
// order-siblings-N.jsonl  an entry with N children (64 to 2000) whose timestamps mix valid
//                       ones (many equal), invalid strings, missing ones, null, numbers,
//                       booleans and objects, so that pi's comparator is inconsistent (NaN);
//                       some children have many children of their own
// The files are written by hand (not by pi's SessionManager, which would stamp the times
// itself); the expected order always comes from pi. Prints each file's path on stdout.

import { mkdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";

const args = process.argv.slice(2);
let outArg;
let seed = Number(process.env.RAMO_ORDER_SEED || 1919);
for (let i = 0; i < args.length; i++) {
  if (args[i] === "--seed" && i + 1 < args.length) seed = Number(args[++i]);
  else if (!outArg) outArg = args[i];
  else {
    process.stderr.write("usage: gen-order.mjs OUTDIR [--seed N]\n");
    process.exit(2);
  }
}
if (!outArg || !Number.isFinite(seed)) {
  process.stderr.write("usage: gen-order.mjs OUTDIR [--seed N]\n");
  process.exit(2);
}
const OUT = resolve(outArg);
mkdirSync(OUT, { recursive: true });

function makeRng(s) {
  // mulberry32
  let a = s >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const rng = makeRng(seed);
const int = (lo, hi) => lo + Math.floor(rng() * (hi - lo + 1));
const pick = (list) => list[Math.floor(rng() * list.length)];
const pad = (n, w = 2) => String(n).padStart(w, "0");

// ---------------------------------------------------------------------------
// Timestamp forms

const ODD = [
  "Sun Mar 01 2026 07:00:00 GMT+0000", "Sun Mar 01 2026 07:00:00 GMT+0100 (Central European Standard Time)",
  "Mar 1, 2026 07:00:00", "1 March 2026", "2026/03/01 07:00", "12", "Sun, 01 Mar 2026 07:00:00 GMT",
  "2026-03-01 07:00:00", "2026-03-01 07:00:00Z", "2026-03-01T07:00:00", "2026-03-01", "2026-3-1",
  "March 1", "Mar\u00a01 2026", "3/1/26 7:00 PM", "12:00 am 1/1/2026", "1/1/2026 12:30 pm",
  "Mar 1 2026 10:00 UTC+2", "Mar 1 2026 10:00 -0530", "Mar 1 2026 10:00 EST", "Mar 1 2026 10:00 PDT",
  "1 2 3", "2026 3 1", "Feb 30 2026", "Jan 32 2026", "2026-02-30", "2026-03-01T07:00:00.5Z",
  "2026-03-01T07:00:00,5Z", "Tue Mar 01 2026", "foo 1 2 2026", "foo1 2 2026", "2026 Mar 1 10:00:00.123",
  "1 1 2026 10::", "99 1 1", "50-1-1", "49/1/1", "275760-09-13", "+275760-09-13T00:00:00.001Z",
  "(Mar) 1 2026", "1 (Mar 2026", "1 Mar 2026)", "2026-03-01t07:00z", "Mar 1 2026 24:00",
  "Mar 1 2026 24:01", "Thursday, January 1, 1970", "  1 1 2026", "1.1.2026", "-1 1 2026", "2026 +1",
  "2026-03-29T02:30:00", "2026-10-25T02:30:00", "3/29/2026 2:30", "10/25/2026 2:30", "", " ", "garbage",
  "2026-03-01T07:00:00.000Z", "2026-03-01T07:00:00.000+01:00", "2026-03-01T06:00:00.000Z",
];

const PIECES = [
  "Jan", "January", "feb", "MAR", "March", "Apr", "may", "June", "Jul", "Aug", "Sept", "Oct", "nov",
  "December", "Sun", "Mon", "Tuesday", "thu", "Fri", "sat", "GMT", "gmt", "UTC", "UT", "Z", "z", "T",
  "t", "am", "PM", "a.m.", "EST", "EDT", "CST", "PDT", "CET", "foo", "x", "utcx", "marzo", "\u00e9",
  "\u00a0", "\u202f", "\u{1f600}", ":", "::", "-", "+", ".", ",", "/", ")", "(", "(GMT)", "((a)b)",
  " ", "  ", "\t", "@", "_",
];
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const DAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];

function field(lo, hi) {
  if (int(0, 7) === 0) return rng() < 0.5 ? hi + int(1, 2) : Math.max(0, lo - 1);
  return int(lo, hi);
}

function randomNumber() {
  const length = pick([1, 1, 2, 2, 2, 4, 4, 6, 9, 12]);
  let s = "";
  for (let i = 0; i < length; i++) s += String(i === 0 && rng() < 0.5 ? int(0, 2) : int(0, 9));
  return s;
}

function randomForm() {
  const y = rng() < 0.7 ? int(2024, 2027) : field(0, 9999);
  const mo = field(1, 12), d = field(1, 31), h = field(0, 24), mi = field(0, 59), s = field(0, 59);
  const mname = MONTHS[(mo + 11) % 12];
  switch (int(0, 11)) {
    case 0: return `${pad(y, 4)}-${pad(mo)}-${pad(d)}T${pad(h)}:${pad(mi)}:${pad(s)}.${pad(int(0, 999), 3)}Z`;
    case 1: return `${pad(y, 4)}-${pad(mo)}-${pad(d)}${pick([" ", "T"])}${pad(h)}:${pad(mi)}${pick(["Z", "+01:00", "-0530", ""])}`;
    case 2: return `${pick(DAYS)} ${mname} ${pad(d)} ${pad(y, 4)} ${pad(h)}:${pad(mi)}:${pad(s)} GMT+0${int(0, 9)}00 (Zone)`;
    case 3: return `${pick(DAYS)}, ${pad(d)} ${mname} ${pad(y, 4)} ${pad(h)}:${pad(mi)}:${pad(s)} GMT`;
    case 4: return `${mname} ${d}, ${y} ${pad(h)}:${pad(mi)}:${pad(s)}`;
    case 5: return `${d} ${mname} ${y}`;
    case 6: return `${y}/${pad(mo)}/${pad(d)} ${pad(h)}:${pad(mi)}`;
    case 7: return `${mo}/${d}/${y % 100} ${h % 13}:${pad(mi)} ${pick(["PM", "am"])}`;
    case 8: return String(int(0, 3000));
    case 9: return `${pad(y, 4)}-${mo}-${d} ${h}:${mi}:${s}`;
    case 10: {
      let out = "";
      for (let i = int(1, 7); i > 0; i--) out += rng() < 0.4 ? randomNumber() : pick(PIECES);
      return out;
    }
    default: return `${pad(y, 4)}-${pad(mo)}-${pad(d)}`;
  }
}

// a timestamp for a sibling list: few distinct valid times (so many are equal), and invalid ones
function siblingTimestamp(nanShare) {
  const r = rng();
  if (r < nanShare) {
    return pick([undefined, "garbage", "", "2026-13-01", "Mar 32 2026", { at: 1 }, "T07:00", "2026-03-01T25:00"]);
  }
  const minute = int(0, 9);
  switch (int(0, 5)) {
    case 0: return `2026-03-01T07:0${minute}:00.000Z`;
    case 1: return `Sun Mar 01 2026 08:0${minute}:00 GMT+0100`;
    case 2: return `2026-03-01 07:0${minute}:00Z`;
    case 3: return Date.UTC(2026, 2, 1, 7, minute);
    case 4: return rng() < 0.5 ? null : rng() < 0.5;
    default: return `Mar 1, 2026 07:0${minute}:00 UTC`;
  }
}

// ---------------------------------------------------------------------------
// Files

let idCounter = 0;
const newId = () => (++idCounter).toString(16).padStart(8, "0");

function header(name) {
  return { type: "session", version: 3, id: `0199b000-0000-7000-8000-${name.padStart(12, "0").slice(-12)}`, timestamp: "2026-03-01T06:00:00.000Z", cwd: "/home/user/projects/order" };
}

function message(id, parentId, timestamp, text) {
  const entry = { type: "message", id, parentId };
  if (timestamp !== undefined) entry.timestamp = timestamp;
  entry.message = { role: "user", content: text, timestamp: 1772348400000 };
  return entry;
}

function write(name, entries) {
  const path = join(OUT, name);
  writeFileSync(path, entries.map((e) => JSON.stringify(e)).join("\n") + "\n");
  process.stdout.write(path + "\n");
}

{
  const root = newId();
  const entries = [header("f0"), message(root, null, "2026-03-01T06:00:00.000Z", "Which order?")];
  const forms = [...ODD];
  while (forms.length < 1500) forms.push(randomForm());
  for (const [i, form] of forms.entries()) entries.push(message(newId(), root, form, `Form ${i}`));
  write("order-forms.jsonl", entries);
}

for (const n of [64, 65, 100, 127, 128, 129, 300, 640, 1000, 2000]) {
  const nanShare = pick([0.05, 0.2, 0.5]);
  const root = newId();
  const entries = [header(`s${n}`), message(root, null, "2026-03-01T06:00:00.000Z", `${n} children`)];
  const children = [];
  for (let i = 0; i < n; i++) {
    const id = newId();
    children.push(id);
    entries.push(message(id, root, siblingTimestamp(nanShare), `Child ${i}`));
  }
  // a few children get children of their own, some of them many
  for (let k = 0; k < 3; k++) {
    const parent = pick(children);
    const m = pick([2, 9, 70, 150]);
    for (let i = 0; i < m; i++) entries.push(message(newId(), parent, siblingTimestamp(nanShare), `Grandchild ${k}.${i}`));
  }
  write(`order-siblings-${n}.jsonl`, entries);
}

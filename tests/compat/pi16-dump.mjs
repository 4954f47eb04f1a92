#!/usr/bin/env node
// Reference dumper for pi 1.6.0 (@earendil-works/pi-coding-agent): the same
// commands and output as pi-dump.mjs, computed by pi 1.6.0's own SessionManager
// (getTree, getLeafId, buildSessionContext; createBranchedSession for extract).
//
//   node pi16-dump.mjs tree FILE
//   node pi16-dump.mjs context FILE [--leaf ID | --leaf root]
//   node pi16-dump.mjs extract FILE ID
//
// pi 1.6.0 is taken from ${RAMO_AGENTS_DIR:-~/.cache/ramo-agents}/pi16, where
// install-agents.sh puts it. Its session-manager.js imports on Node 20 too; the
// Node 22 that install-agents.sh installs alongside works as well. FILE is only
// read through a private copy, as pi-dump.mjs does.

import { join } from "node:path";
import { homedir } from "node:os";

const agents = process.env.RAMO_AGENTS_DIR || join(homedir(), ".cache", "ramo-agents");
process.env.RAMO_PI_SESSION_MANAGER = join(
  agents, "pi16", "node_modules", "@earendil-works", "pi-coding-agent", "dist", "core", "session-manager.js");
await import("./pi-dump.mjs");

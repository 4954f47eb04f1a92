// What oh-my-pi 18.2.3 does to resume a session file (`omp --session FILE`, src/main.ts):
// SessionManager.open(FILE) — it reads the file, migrates it, brings the images back from its
// blob store and takes the session's lock — then buildSessionContext() as the agent session is
// made (sdk.ts), and getTree() as its /tree does. Timed as a whole process by bench/run.py, on a
// copy (oh-my-pi writes a lock beside the file it opens and may rewrite its title slot). Run by
// Bun, with HOME the folder bench/generate-omp.ts made for the file:
//
//   bun bench/omp-open.ts --home DIR FILE
//
// Bun takes HOME when it starts, so when HOME is not DIR already the script runs itself again
// with it (bench/run.py sets it, so that its timings have one Bun start).

import { homedir } from "node:os";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";

const args = process.argv.slice(2);
if (args.length !== 3 || args[0] !== "--home") {
  process.stderr.write("usage: omp-open.ts --home DIR FILE\n");
  process.exit(2);
}
const [, home, file] = args;
const agents = process.env.RAMO_AGENTS_DIR || join(homedir(), ".cache", "ramo-agents");
if (homedir() !== home) {
  const env = { ...process.env, HOME: home, XDG_CONFIG_HOME: join(home, ".config"),
    XDG_DATA_HOME: join(home, ".local", "share"), XDG_CACHE_HOME: join(home, ".cache"),
    XDG_STATE_HOME: join(home, ".local", "state"), RAMO_AGENTS_DIR: agents };
  delete env.PI_CODING_AGENT_DIR;
  const child = Bun.spawnSync([process.execPath, import.meta.path, ...args], { env, stdout: "inherit", stderr: "inherit" });
  process.exit(child.exitCode ?? 1);
}

const src = join(agents, "omp", "node_modules", "@oh-my-pi", "pi-coding-agent", "src", "session");
const { SessionManager } = await import(pathToFileURL(join(src, "session-manager.ts")).href);
const sm = await SessionManager.open(file, dirname(file));
const context = sm.buildSessionContext();
const roots = sm.getTree();
console.log(`roots ${roots.length} messages ${context.messages.length}`);
await sm.close();
process.exit(0);

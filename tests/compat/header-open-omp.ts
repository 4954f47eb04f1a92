// What oh-my-pi 18.2.3 does when it opens FILE (SessionManager.open()), printed as
// header-open.mjs prints it. Used by check-headers.sh, on private copies.
//
//   bun header-open-omp.ts FILE

import { readFileSync } from "node:fs";
import { dirname } from "node:path";
import { cleanup, load } from "./omp-lib.ts";

const file = process.argv[2];
const omp = await load("header-open-omp.ts");
const before = readFileSync(file);
let result;
try {
  result = `opened ${(await omp.SessionManager.open(file, dirname(file))).getEntries().length}`;
} catch {
  result = "refused";
}
console.log(`${result} ${Buffer.compare(before, readFileSync(file)) === 0 ? "unchanged" : "changed"}`);
cleanup();
process.exit(0);

// date-iso.mjs FILE — new Date(ms).toISOString() of each number of the JSON array in FILE, as
// node's V8 gives it, printed as one JSON array: a string, or null for an invalid date.
import { readFileSync } from "node:fs";

const times = JSON.parse(readFileSync(process.argv[2], "utf8"));
process.stdout.write(JSON.stringify(times.map((ms) => {
    const date = new Date(ms);
    return Number.isNaN(date.getTime()) ? null : date.toISOString();
})));

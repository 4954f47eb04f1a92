// date-parse.mjs FILE — Date.parse() of each string of the JSON array in FILE, as node's V8
// gives it (in the time zone of TZ), printed as one JSON array: a number, or null for NaN.
import { readFileSync } from "node:fs";

const texts = JSON.parse(readFileSync(process.argv[2], "utf8"));
process.stdout.write(JSON.stringify(texts.map((text) => {
    const value = Date.parse(text);
    return Number.isNaN(value) ? null : value;
})));

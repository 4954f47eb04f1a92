// date-iso-parse.mjs FILE — for each string of the JSON array in FILE, Date.parse() of it (null
// for NaN) and whether new Date(that).toISOString() writes the string back, as the engine
// running it (node's V8, Bun's JavaScriptCore) gives them: one JSON array of [time, same].
import { readFileSync } from "node:fs";

const texts = JSON.parse(readFileSync(process.argv[2], "utf8"));
process.stdout.write(JSON.stringify(texts.map((text) => {
    const value = Date.parse(text);
    if (Number.isNaN(value))
        return [null, false];
    let same = false;
    try {
        same = new Date(value).toISOString() === text;
    } catch {
        same = false;
    }
    return [value, same];
})));

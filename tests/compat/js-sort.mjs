// js-sort.mjs FILE — for each array of the JSON array in FILE (numbers, null standing for NaN),
// the order Array.prototype.sort() gives its indices with the comparator a - b, as pi's
// getTree() sorts children by time: one JSON array of permutations.
import { readFileSync } from "node:fs";

const lists = JSON.parse(readFileSync(process.argv[2], "utf8"));
process.stdout.write(JSON.stringify(lists.map((values) => {
    const items = values.map((value, index) => ({ index, time: value === null ? NaN : value }));
    items.sort((a, b) => a.time - b.time);
    return items.map((item) => item.index);
})));

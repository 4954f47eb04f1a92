// child-order.mjs FILE — FILE holds {"file": SESSION}: for each entry of the session file
// SESSION with two children or more, the ids of its children in the order getTree() gives
// them (pi 1.6.0's and oh-my-pi 18.2.3's alike: the children in file order, then sorted by
// `new Date(a.timestamp).getTime() - new Date(b.timestamp).getTime()`). Run by node it is
// pi's order (V8), run by Bun oh-my-pi's (JavaScriptCore). Prints one JSON object: parent
// id → child ids. The file must have no duplicate ids and no title slot.
import { readFileSync } from "node:fs";

const { file } = JSON.parse(readFileSync(process.argv[2], "utf8"));
const entries = readFileSync(file, "utf8").split("\n").filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line)).filter((entry) => entry.type !== "session");
const children = new Map();
for (const entry of entries) {
    if (entry.parentId === null || entry.parentId === undefined || entry.parentId === entry.id) continue;
    if (!children.has(entry.parentId)) children.set(entry.parentId, []);
    children.get(entry.parentId).push(entry);
}
const out = {};
for (const [parent, list] of children) {
    if (list.length < 2) continue;
    list.sort((a, b) => new Date(a.timestamp).getTime() - new Date(b.timestamp).getTime());
    out[parent] = list.map((entry) => entry.id);
}
process.stdout.write(JSON.stringify(out));

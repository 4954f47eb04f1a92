// child-order.mjs FILE — FILE holds {"file": SESSION}: for each entry of the session file
// SESSION with two children or more, the ids of its children in the order getTree() gives
// them (pi 1.6.0's and oh-my-pi 18.2.3's alike: the node of each line pushed under the parent
// the line names, in file order, then sorted by
// `new Date(a.timestamp).getTime() - new Date(b.timestamp).getTime()`). Run by node it is
// pi's order (V8), run by Bun oh-my-pi's (JavaScriptCore). Where lines share an id the node is
// the later line's and the agents list it once per line; it is kept once, where its own
// parent's sorted list has it first (one-per-id.mjs: the tree Ramo shows). Prints one JSON
// object: parent id → child ids. The file must have no cycle and no title slot.
import { readFileSync } from "node:fs";

const { file } = JSON.parse(readFileSync(process.argv[2], "utf8"));
const entries = readFileSync(file, "utf8").split("\n").filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line)).filter((entry) => entry.type !== "session");
const nodes = new Map();
for (const entry of entries) nodes.set(entry.id, entry);
const children = new Map();
for (const entry of entries) {
    if (entry.parentId === null || entry.parentId === undefined || entry.parentId === entry.id) continue;
    if (!nodes.has(entry.parentId)) continue;
    if (!children.has(entry.parentId)) children.set(entry.parentId, []);
    children.get(entry.parentId).push(nodes.get(entry.id));
}
const out = {};
const listed = new Set();
for (const [parent, list] of children) {
    list.sort((a, b) => new Date(a.timestamp).getTime() - new Date(b.timestamp).getTime());
    const kept = list.filter((node) => node.parentId === parent && !listed.has(node.id) && listed.add(node.id));
    if (kept.length >= 2) out[parent] = kept.map((node) => node.id);
}
process.stdout.write(JSON.stringify(out));

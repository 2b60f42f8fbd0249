// `ruff check --fix` with the real ruff (its WebAssembly build) on one file:
// node ruff_fix.js SETTINGS.json < in.py > out.py. SETTINGS is ruff's
// configuration as JSON (the keys of [tool.ruff]). Every fix ruff offers is
// applied, round after round, as `ruff check --fix --unsafe-fixes` would;
// the codes ruff still reports go to stderr.
"use strict";
const fs = require("fs");
const { Workspace, PositionEncoding } = require("@astral-sh/ruff-wasm-nodejs");

const settings = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
const ws = new Workspace(settings, PositionEncoding.Utf32);
let text = fs.readFileSync(0, "utf8");

// 1-based row and code point column to an index into text (a JS string of UTF-16 units).
function offset(src, row, column) {
  let i = 0;
  for (let r = 1; r < row; r++) i = src.indexOf("\n", i) + 1;
  for (let c = 1; c < column; c++) i += src.codePointAt(i) > 0xffff ? 2 : 1;
  return i;
}

for (let round = 0; round < 10; round++) {
  const edits = [];
  for (const d of ws.check(text)) if (d.fix) edits.push(...d.fix.edits);
  if (edits.length === 0) break;
  const spans = edits.map((e) => ({
    from: offset(text, e.location.row, e.location.column),
    to: offset(text, e.end_location.row, e.end_location.column),
    content: e.content || "",
  }));
  spans.sort((a, b) => b.from - a.from);
  let last = Infinity;
  for (const s of spans) {
    if (s.to > last) continue; // overlapping: the next round
    text = text.slice(0, s.from) + s.content + text.slice(s.to);
    last = s.from;
  }
}
for (const d of ws.check(text)) process.stderr.write(`${d.start_location.row}: ${d.code} ${d.message}\n`);
process.stdout.write(text);

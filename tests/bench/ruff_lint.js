// ruff's lint (its WebAssembly build, default rules) of the files named on
// stdin, one per line, in one node process: what `ruff check FILES` reports.
// The files are linted twice: V8 runs the wasm's baseline code at first and
// its optimized code once it has tiered up, which a long-lived ruff (a
// server, a watch) runs. Prints to stderr the CPU seconds: "start S" (loading
// the module, compiling the wasm, the workspace), "lint S" (the first pass),
// "again S" (the second), and the diagnostics of a pass; peers.py reads it.
"use strict";
const fs = require("fs");
const { Workspace, PositionEncoding } = require("@astral-sh/ruff-wasm-nodejs");
const ws = new Workspace({}, PositionEncoding.Utf32);
const t1 = process.cpuUsage();
const paths = fs.readFileSync(0, "utf8").split("\n").filter((p) => p);
function pass() {
  let found = 0;
  for (const path of paths) {
    let text;
    try {
      text = fs.readFileSync(path, "utf8");
    } catch (e) {
      continue;
    }
    found += ws.check(text).length;
  }
  return found;
}
const found = pass();
const t2 = process.cpuUsage();
pass();
const t3 = process.cpuUsage();
const s = (a, b) => (b.user + b.system - a.user - a.system) / 1e6;
process.stderr.write(`start ${s({ user: 0, system: 0 }, t1)} lint ${s(t1, t2)} again ${s(t2, t3)} diagnostics ${found}\n`);

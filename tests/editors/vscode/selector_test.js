'use strict';
// The extension's document selector (editors/vscode/src/selector.js) with
// plain node: it serves Jupyter notebooks' Python cells, with the notebook
// type and cell language the server's notebookDocumentSync announces (asked
// of the real server with an initialize request).
// usage: node selector_test.js SOURCE_ROOT GRADGUARD
const assert = require('assert');
const path = require('path');
const { spawnSync } = require('child_process');

const { documentSelector } = require(path.resolve(process.argv[2], 'editors', 'vscode', 'src', 'selector.js'));

function frame(msg) {
	const body = JSON.stringify(msg);
	return `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
}

const input = frame({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { processId: null, rootUri: null, capabilities: {} } }) +
	frame({ jsonrpc: '2.0', method: 'exit' });
const run = spawnSync(process.argv[3], ['lsp'], { input, timeout: 20000 });
// The frames on stdout; the initialize result is the one with id 1 (log messages come first).
const messages = [];
for (let rest = run.stdout; rest.length;) {
	const head = rest.indexOf('\r\n\r\n');
	const len = Number(/Content-Length: (\d+)/.exec(rest.slice(0, head).toString())[1]);
	messages.push(JSON.parse(rest.slice(head + 4, head + 4 + len).toString()));
	rest = rest.slice(head + 4 + len);
}
const sync = messages.find((m) => m.id === 1).result.capabilities.notebookDocumentSync;
const served = sync.notebookSelector.flatMap((s) => s.cells.map((c) => ({ notebook: s.notebook, language: c.language })));

let failures = 0;
for (const want of served) {
	try {
		assert.ok(documentSelector.some((f) => f.notebook === want.notebook && f.language === want.language),
			`no selector entry for ${JSON.stringify(want)}`);
		console.log(`ok: serves ${want.notebook} cells in ${want.language}`);
	} catch (err) {
		failures++;
		console.log(`FAIL: ${err.message}`);
	}
}
if (!served.length) {
	failures++;
	console.log('FAIL: the server announces no notebook cells');
}
// Cells are never matched by the file entries: the notebook entry is what serves them.
assert.ok(documentSelector.filter((f) => f.scheme).every((f) => f.scheme !== 'vscode-notebook-cell'));
process.exit(failures ? 1 : 0);

'use strict';
// The extension's server lookup (editors/vscode/src/server-path.js) with
// plain node: setting, then the Python environment, then the bundled
// program, then PATH; each level is taken away in turn and the next one
// must answer. usage: node server_path_test.js SOURCE_ROOT
const assert = require('assert');
const fs = require('fs');
const os = require('os');
const path = require('path');

const { resolveServerPath } = require(path.resolve(process.argv[2], 'editors', 'vscode', 'src', 'server-path.js'));

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'gg-server-path-'));
function program(dir, name = 'gradguard', mode = 0o755) {
	fs.mkdirSync(dir, { recursive: true });
	const file = path.join(dir, name);
	fs.writeFileSync(file, '#!/bin/sh\n');
	fs.chmodSync(file, mode);
	return file;
}

let failures = 0;
function check(name, fn) {
	try {
		fn();
		console.log(`ok: ${name}`);
	} catch (err) {
		failures++;
		console.log(`FAIL: ${name}: ${err.message}`);
	}
}

try {
	const setting = program(path.join(tmp, 'custom'), 'gradguard-dev');
	const venvPython = program(path.join(tmp, 'venv', 'bin'), 'python');
	const venvProgram = program(path.join(tmp, 'venv', 'bin'));
	const bundledDir = path.join(tmp, 'extension', 'bin');
	const bundled = program(bundledDir);
	const pathDir = path.join(tmp, 'usr-bin');
	const onPath = program(pathDir);
	const all = { configured: setting, interpreter: venvPython, bundledDir, pathEnv: pathDir };

	check('the setting comes first', () => {
		assert.deepStrictEqual(resolveServerPath(all), { path: setting, how: 'gradguard.path' });
	});
	check('a bare name in the setting is looked up on PATH', () => {
		program(pathDir, 'gradguard-dev');
		const found = resolveServerPath({ ...all, configured: 'gradguard-dev' });
		assert.strictEqual(found.path, path.join(pathDir, 'gradguard-dev'));
	});
	check('a setting that names nothing is an error, not a fall-through', () => {
		const found = resolveServerPath({ ...all, configured: path.join(tmp, 'nowhere', 'gradguard') });
		assert.strictEqual(found.path, undefined);
		assert.match(found.reason, /gradguard\.path/);
	});
	check('without the setting: the Python environment', () => {
		const found = resolveServerPath({ ...all, configured: '' });
		assert.strictEqual(found.path, venvProgram);
		assert.match(found.how, /Python environment/);
	});
	check('an environment without gradguard: the bundled program', () => {
		const bare = program(path.join(tmp, 'bare-venv', 'bin'), 'python');
		const found = resolveServerPath({ ...all, configured: '', interpreter: bare });
		assert.deepStrictEqual(found, { path: bundled, how: 'bundled with the extension' });
	});
	check('no Python extension (no interpreter): the bundled program', () => {
		const found = resolveServerPath({ ...all, configured: '', interpreter: undefined });
		assert.strictEqual(found.path, bundled);
	});
	check('nothing bundled: PATH', () => {
		const found = resolveServerPath({ ...all, configured: '', interpreter: undefined, bundledDir: path.join(tmp, 'empty') });
		assert.deepStrictEqual(found, { path: onPath, how: 'found on PATH' });
	});
	check('a file that is not executable is passed over', () => {
		const noexec = path.join(tmp, 'noexec', 'bin');
		program(noexec, 'python');
		program(noexec, 'gradguard', 0o644);
		const found = resolveServerPath({ ...all, configured: '', interpreter: path.join(noexec, 'python') });
		assert.strictEqual(found.path, bundled);
	});
	check('nothing anywhere: a reason that names every place', () => {
		const found = resolveServerPath({ configured: '', interpreter: venvPython.replace('venv', 'gone'), bundledDir: path.join(tmp, 'empty'), pathEnv: '' });
		assert.strictEqual(found.path, undefined);
		assert.match(found.reason, /Python environment/);
		assert.match(found.reason, /bundled/);
		assert.match(found.reason, /PATH/);
	});
} finally {
	fs.rmSync(tmp, { recursive: true, force: true });
}
process.exit(failures ? 1 : 0);

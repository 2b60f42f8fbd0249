'use strict';
// Finds the gradguard program. Kept free of the vscode module so that the
// lookup rules can be read (and tested with plain node, see
// tests/editors/vscode/server_path_test.js) on their own.
//
// The order, first found wins:
//   1. the gradguard.path setting (a bare name is looked up on PATH);
//   2. the active Python environment's gradguard (pip install gradguard
//      puts it beside the interpreter), when the Python extension says which;
//   3. the program bundled in the extension's bin/ (the linux-x64 .vsix);
//   4. gradguard on PATH.

const fs = require('fs');
const os = require('os');
const path = require('path');

const EXE = process.platform === 'win32' ? 'gradguard.exe' : 'gradguard';

function isExecutable(file) {
	try {
		if (!fs.statSync(file).isFile()) return false;
		fs.accessSync(file, fs.constants.X_OK);
		return true;
	} catch {
		return false;
	}
}

function onPath(name, pathEnv) {
	for (const dir of (pathEnv || '').split(path.delimiter)) {
		if (!dir) continue;
		const candidate = path.join(dir, name);
		if (isExecutable(candidate)) return candidate;
	}
	return undefined;
}

// The folder where an environment's console scripts live, from its
// interpreter: venv/bin/python -> venv/bin (Scripts\ on Windows, beside
// python.exe in a conda root).
function scriptsDirs(interpreter) {
	const dir = path.dirname(interpreter);
	if (process.platform !== 'win32') return [dir];
	return [path.join(dir, 'Scripts'), dir];
}

// where: {configured (the gradguard.path setting, '' when unset),
// interpreter (the active Python environment's interpreter, or undefined),
// bundledDir (the extension's bin/), pathEnv (PATH; process.env.PATH when
// absent)}. Answers {path, how} or {reason} saying what was looked for, for
// the user.
function resolveServerPath(where) {
	const { configured, interpreter, bundledDir } = where;
	const pathEnv = where.pathEnv === undefined ? process.env.PATH : where.pathEnv;
	const setting = (configured || '').trim();
	if (setting) {
		const expanded = setting.startsWith('~/') ? path.join(os.homedir(), setting.slice(2)) : setting;
		// A bare name ("gradguard-dev") is looked up on PATH, as a shell would.
		if (!expanded.includes('/') && !expanded.includes('\\')) {
			const found = onPath(expanded, pathEnv);
			if (found) return { path: found, how: 'gradguard.path, found on PATH' };
		} else if (isExecutable(expanded)) {
			return { path: path.resolve(expanded), how: 'gradguard.path' };
		}
		return { reason: `gradguard: the program "${setting}" (setting gradguard.path) does not exist or is not executable.` };
	}
	if (interpreter) {
		for (const dir of scriptsDirs(interpreter)) {
			const candidate = path.join(dir, EXE);
			if (isExecutable(candidate)) return { path: candidate, how: `the Python environment of ${interpreter}` };
		}
	}
	if (bundledDir) {
		const bundled = path.join(bundledDir, EXE);
		if (isExecutable(bundled)) return { path: bundled, how: 'bundled with the extension' };
	}
	const found = onPath(EXE, pathEnv);
	if (found) return { path: found, how: 'found on PATH' };
	return {
		reason: 'gradguard: no gradguard program found: none in the active Python environment'
			+ (interpreter ? ` (${interpreter})` : '')
			+ ', none bundled with this extension, none on PATH. '
			+ 'Install it (pip install gradguard, or the linux-x64 extension that carries it) '
			+ 'or set gradguard.path to the program.',
	};
}

module.exports = { resolveServerPath };

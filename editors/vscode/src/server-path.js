'use strict';
// Finds the gradguard program. Kept free of the vscode module so that the
// lookup rules can be read (and tried with plain node) on their own.

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

function onPath(name) {
	for (const dir of (process.env.PATH || '').split(path.delimiter)) {
		if (!dir) continue;
		const candidate = path.join(dir, name);
		if (isExecutable(candidate)) return candidate;
	}
	return undefined;
}

// configured: the gradguard.path setting ('' when unset); bundledDir: the
// extension's bin/ folder, where a packaged .vsix may carry the program.
// Answers {path, how} or {reason} saying what was looked for, for the user.
function resolveServerPath(configured, bundledDir) {
	const setting = (configured || '').trim();
	if (setting) {
		const expanded = setting.startsWith('~/') ? path.join(os.homedir(), setting.slice(2)) : setting;
		// A bare name ("gradguard-dev") is looked up on PATH, as a shell would.
		if (!expanded.includes('/') && !expanded.includes('\\')) {
			const found = onPath(expanded);
			if (found) return { path: found, how: 'gradguard.path, found on PATH' };
		} else if (isExecutable(expanded)) {
			return { path: path.resolve(expanded), how: 'gradguard.path' };
		}
		return { reason: `gradguard: the program "${setting}" (setting gradguard.path) does not exist or is not executable.` };
	}
	const found = onPath(EXE);
	if (found) return { path: found, how: 'found on PATH' };
	const bundled = path.join(bundledDir, EXE);
	if (isExecutable(bundled)) return { path: bundled, how: 'bundled with the extension' };
	return {
		reason: 'gradguard: the gradguard program was not found on PATH and none is bundled. '
			+ 'Build it (./bootstrap makes build/gradguard) and set gradguard.path to it, or put it on PATH.',
	};
}

module.exports = { resolveServerPath };

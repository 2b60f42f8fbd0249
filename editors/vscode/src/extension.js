'use strict';
// The gradguard extension: starts `gradguard lsp` for Python and log files
// through vscode-languageclient and adds the traceback commands. Everything
// about PyTorch lives in the server; this file only wires VS Code to it.

const readline = require('readline');
const vscode = require('vscode');
const { LanguageClient, State, ExecuteCommandRequest, CloseAction, ErrorAction } = require('vscode-languageclient/node');
const { resolveServerPath } = require('./server-path');
const { documentSelector } = require('./selector');
const { renderDiagnosis } = require('./diagnosis');

const DIAGNOSIS_SCHEME = 'gradguard-diagnosis';

// Settings the extension itself consumes; every other key of the `gradguard`
// section (prefer, severity, and any pyproject key such as extraModelNames
// that a user writes in settings.json) goes to the server.
const CLIENT_ONLY_KEYS = new Set(['path', 'trace']);

let output; // LogOutputChannel, created once and kept across restarts
let status; // StatusBarItem: starting, running (with the version) or failed
let client; // LanguageClient, or undefined while no server runs
let extensionContext;
let pythonApi; // the Python extension's API, or null once known absent
let stderrTail = []; // the server's last stderr lines, for a failure notice
let startFailureShown = false; // one notification per start
const STDERR_TAIL_LINES = 8;
const MAX_RESTARTS = 4; // within RESTART_WINDOW_MS, as the client's default handler
const RESTART_WINDOW_MS = 3 * 60 * 1000;
// Diagnosis document path -> markdown text, oldest first. A preview reads its
// document again whenever it re-renders, after VS Code may have closed the
// document behind it: the texts are kept, the last KEEP_DIAGNOSES of them.
const diagnoses = new Map();
const KEEP_DIAGNOSES = 20;
let diagnosisCount = 0;
const diagnosisChanged = new vscode.EventEmitter();

function serverSettings(scope) {
	const section = vscode.workspace.getConfiguration('gradguard', scope);
	// A WorkspaceConfiguration is a proxy with methods; the JSON round trip
	// keeps only the values, as the server wants them.
	const all = JSON.parse(JSON.stringify(section));
	const settings = {};
	for (const [key, value] of Object.entries(all)) {
		// null and {} are the "not set" defaults: leave pyproject.toml in charge.
		if (CLIENT_ONLY_KEYS.has(key) || value === null) continue;
		if (typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length === 0) continue;
		settings[key] = value;
	}
	return settings;
}

// The server writes each log line both to stderr ("gradguard: info: ...")
// and as window/logMessage, which the client already shows at its level:
// keep those at debug, so that only what else reaches stderr (a loader error,
// a crash) is an error.
function logServerStderr(input, channel) {
	readline.createInterface({ input, crlfDelay: Infinity, terminal: false, historySize: 0 }).on('line', (line) => {
		stderrTail.push(line);
		if (stderrTail.length > STDERR_TAIL_LINES) stderrTail.shift();
		if (/^gradguard: (error|warn|info|debug): /.test(line)) channel.debug(`stderr: ${line}`);
		else channel.error(line);
	});
}

// The active Python environment's interpreter, when the Python extension is
// installed (its environments API); undefined otherwise or on any failure:
// the lookup then goes on to the bundled program and PATH.
async function activeInterpreter() {
	if (pythonApi === undefined) {
		pythonApi = null;
		const ext = vscode.extensions.getExtension('ms-python.python');
		if (ext) {
			try {
				const api = await ext.activate();
				if (api && api.environments) {
					pythonApi = api;
					// Another environment may hold another gradguard.
					extensionContext.subscriptions.push(
						api.environments.onDidChangeActiveEnvironmentPath(() => restartServer()));
				}
			} catch (err) {
				output.warn(`the Python extension did not activate: ${err && err.message ? err.message : err}`);
			}
		}
	}
	if (!pythonApi) return undefined;
	try {
		const folder = (vscode.workspace.workspaceFolders || [])[0];
		const active = pythonApi.environments.getActiveEnvironmentPath(folder && folder.uri);
		const env = active && await pythonApi.environments.resolveEnvironment(active);
		return (env && env.executable && env.executable.uri && env.executable.uri.fsPath) || (active && active.path);
	} catch (err) {
		output.warn(`asking the Python extension for the environment: ${err && err.message ? err.message : err}`);
		return undefined;
	}
}

// A server that could not start: say why, with the last lines it wrote (a
// loader's "error while loading shared libraries" is there), and offer the
// setting that picks another program.
function reportStartFailure(path, err) {
	if (startFailureShown) return; // the close handler and start() both get here
	startFailureShown = true;
	const why = err && err.message ? err.message : String(err);
	const tail = stderrTail.length ? ` Its last output: ${stderrTail.join(' | ')}` : '';
	const message = `gradguard: the server ${path} failed to start: ${why}.${tail}`;
	output.error(message);
	showStatus('$(error) gradguard', message, 'gradguard.openPathSetting', true);
	vscode.window.showErrorMessage(message, 'Set gradguard.path', 'Show Logs').then((choice) => {
		if (choice === 'Set gradguard.path') vscode.commands.executeCommand('gradguard.openPathSetting');
		else if (choice === 'Show Logs') output.show(true);
	});
}

function showStatus(text, tooltip, command, isError) {
	status.text = text;
	status.tooltip = tooltip;
	status.command = command;
	status.backgroundColor = isError ? new vscode.ThemeColor('statusBarItem.errorBackground') : undefined;
	status.show();
}

// A healthy server shows as such: a user who sees nothing cannot tell
// "running and the file is clean" from "not running".
function showRunning(c, path) {
	const info = (c.initializeResult && c.initializeResult.serverInfo) || {};
	const version = info.version ? ` ${info.version}` : '';
	showStatus('$(check) gradguard', `gradguard${version} is running (${path}). Click for the logs.`, 'gradguard.showLogs', false);
}

async function startServer() {
	const found = resolveServerPath({
		configured: vscode.workspace.getConfiguration('gradguard').get('path', ''),
		interpreter: await activeInterpreter(),
		bundledDir: extensionContext.asAbsolutePath('bin'),
	});
	if (!found.path) {
		output.error(found.reason);
		showStatus('$(error) gradguard: not found', found.reason, 'gradguard.openPathSetting', true);
		const choice = await vscode.window.showErrorMessage(found.reason, 'Open Settings', 'Show Logs');
		if (choice === 'Open Settings') vscode.commands.executeCommand('gradguard.openPathSetting');
		else if (choice === 'Show Logs') output.show(true);
		return;
	}
	output.info(`starting ${found.path} lsp (${found.how})`);
	showStatus('$(sync~spin) gradguard', `Starting ${found.path}`, 'gradguard.showLogs', false);

	const serverOptions = { command: found.path, args: ['lsp'] };
	const clientOptions = {
		documentSelector,
		outputChannel: output,
		// No retry and no generic "initialization failed" message: the close
		// handler below or start()'s catch says what happened, once.
		initializationFailedHandler: () => false,
		stdioOptions: {
			// Unused with the stdio transport (stdout is the protocol).
			stdout: () => {},
			stderr: logServerStderr,
		},
		initializationOptions: serverSettings(),
		middleware: {
			workspace: {
				// The server asks for section "gradguard"; answer with the
				// server's keys only, not the client's own path/trace.
				configuration: async (params, token, next) => {
					const answers = await next(params, token);
					if (!Array.isArray(answers)) return answers;
					return params.items.map((item, i) => (item.section === 'gradguard'
						? serverSettings(item.scopeUri ? vscode.Uri.parse(item.scopeUri) : undefined)
						: answers[i]));
				},
			},
		},
	};
	stderrTail = [];
	startFailureShown = false;
	// Our own close handler: a server that exits before it ever ran (a loader
	// error, a wrong program) is not restarted five times into the client's
	// generic "crashed" message, but reported once with its last lines.
	let ran = false;
	const restarts = [];
	clientOptions.errorHandler = {
		// A write to a server that never started fails (EPIPE): closed() reports it.
		error: () => ({ action: ran ? ErrorAction.Continue : ErrorAction.Shutdown, handled: !ran }),
		closed: async () => {
			if (!ran) {
				await new Promise((resolve) => setTimeout(resolve, 200)); // stderr arrives asynchronously
				reportStartFailure(found.path, new Error('it exited before answering initialize'));
				return { action: CloseAction.DoNotRestart, handled: true };
			}
			const now = Date.now();
			while (restarts.length && now - restarts[0] > RESTART_WINDOW_MS) restarts.shift();
			if (restarts.length < MAX_RESTARTS) {
				restarts.push(now);
				output.warn(`the server exited; restarting it (${restarts.length} of ${MAX_RESTARTS})`);
				return { action: CloseAction.Restart, handled: true };
			}
			await new Promise((resolve) => setTimeout(resolve, 200));
			reportStartFailure(found.path, new Error(`it exited ${MAX_RESTARTS + 1} times in 3 minutes and is not restarted`));
			return { action: CloseAction.DoNotRestart, handled: true };
		},
	};
	const c = new LanguageClient('gradguard', 'gradguard', serverOptions, clientOptions);
	client = c;
	c.onDidChangeState((e) => {
		if (c !== client) return; // a client being replaced by a restart
		if (e.newState === State.Running) {
			ran = true;
			showRunning(c, found.path);
		}
		else if (e.newState === State.Starting) showStatus('$(sync~spin) gradguard', 'Starting the server', 'gradguard.showLogs', false);
		else if (!startFailureShown) {
			const tail = stderrTail.length ? `: ${stderrTail.join(' | ')}` : '';
			showStatus('$(error) gradguard', `The server stopped${tail}. Click for the logs.`, 'gradguard.showLogs', true);
		}
	});
	try {
		await c.start();
	} catch (err) {
		if (c !== client) return;
		// stderr is read asynchronously: let the loader's last words arrive.
		await new Promise((resolve) => setTimeout(resolve, 200));
		reportStartFailure(found.path, err);
	}
}

async function stopServer() {
	const c = client;
	client = undefined;
	if (!c) return;
	try {
		// stop() waits for shutdown/exit; a server that never started rejects.
		await c.stop(2000);
	} catch (err) {
		output.warn(`stopping the server: ${err && err.message ? err.message : err}`);
	}
}

async function restartServer() {
	await stopServer();
	await startServer();
}

function workspaceRoot(document) {
	const folder = (document && vscode.workspace.getWorkspaceFolder(document.uri))
		|| (vscode.workspace.workspaceFolders || [])[0];
	return folder && folder.uri.scheme === 'file' ? folder.uri.fsPath : undefined;
}

// Sends the text to the server's gradguard.diagnoseTraceback, then shows the
// culprit line of the workspace file (where the server has published its
// diagnostic and the GG001 fix is offered) and the diagnosis beside it.
async function diagnose(text, origin) {
	if (!text || !text.trim()) {
		vscode.window.showWarningMessage(`gradguard: the ${origin} is empty: copy a traceback or a log first.`);
		return;
	}
	if (!client || !client.isRunning()) {
		vscode.window.showErrorMessage('gradguard: the server is not running.', 'Show Logs').then((choice) => {
			if (choice) output.show(true);
		});
		return;
	}
	const editor = vscode.window.activeTextEditor;
	const root = workspaceRoot(editor && editor.document);
	const args = { text };
	if (root) args.root = root;
	let result;
	try {
		result = await client.sendRequest(ExecuteCommandRequest.type, {
			command: 'gradguard.diagnoseTraceback',
			arguments: [args],
		});
	} catch (err) {
		client.error('gradguard.diagnoseTraceback failed', err, 'force');
		return;
	}

	let column = vscode.ViewColumn.Active;
	if (result && result.published) {
		const first = (result.diagnoses || []).find((d) => d.first) || {};
		const line = Math.max(0, ((first.culprit || {}).line || 1) - 1);
		const source = await vscode.workspace.openTextDocument(vscode.Uri.parse(result.published));
		const range = new vscode.Range(line, 0, line, 0);
		await vscode.window.showTextDocument(source, { selection: range, preview: false });
		column = vscode.ViewColumn.Beside;
	}
	// A short tab title: "Preview diagnosis.md", then "diagnosis 2.md", ...
	diagnosisCount += 1;
	const name = diagnosisCount === 1 ? 'diagnosis.md' : `diagnosis ${diagnosisCount}.md`;
	const uri = vscode.Uri.from({ scheme: DIAGNOSIS_SCHEME, path: `/${name}` });
	diagnoses.set(uri.path, renderDiagnosis(result, origin));
	if (diagnoses.size > KEEP_DIAGNOSES) diagnoses.delete(diagnoses.keys().next().value);
	const beside = column === vscode.ViewColumn.Beside;
	try {
		// Rendered by VS Code's built-in Markdown preview, beside the culprit where one opened.
		await vscode.commands.executeCommand(beside ? 'markdown.showPreviewToSide' : 'markdown.showPreview', uri);
	} catch (err) {
		// The built-in Markdown extension is disabled: the text itself.
		output.warn(`gradguard: no Markdown preview (${err && err.message}); showing the diagnosis as text`);
		const doc = await vscode.workspace.openTextDocument(uri);
		await vscode.languages.setTextDocumentLanguage(doc, 'markdown');
		await vscode.window.showTextDocument(doc, { viewColumn: column, preserveFocus: beside, preview: false });
	}
}

function activate(context) {
	extensionContext = context;
	// languageclient 11 writes through the LogOutputChannel API (info/warn/error).
	output = vscode.window.createOutputChannel('gradguard', { log: true });
	status = vscode.window.createStatusBarItem('gradguard.status', vscode.StatusBarAlignment.Left, 0);
	status.name = 'gradguard';
	context.subscriptions.push(output, status, diagnosisChanged);

	context.subscriptions.push(
		vscode.workspace.registerTextDocumentContentProvider(DIAGNOSIS_SCHEME, {
			onDidChange: diagnosisChanged.event,
			provideTextDocumentContent: (uri) => diagnoses.get(uri.path) || '',
		}),
		vscode.commands.registerCommand('gradguard.diagnoseSelection', () => {
			const editor = vscode.window.activeTextEditor;
			if (!editor) {
				vscode.window.showWarningMessage('gradguard: open a traceback or a log and select it first.');
				return undefined;
			}
			// No selection: the whole document (a log file opened as it is).
			const sel = editor.selection;
			const text = sel.isEmpty ? editor.document.getText() : editor.document.getText(sel);
			return diagnose(text, sel.isEmpty ? 'document' : 'selection');
		}),
		vscode.commands.registerCommand('gradguard.diagnoseClipboard', async () => diagnose(await vscode.env.clipboard.readText(), 'clipboard')),
		vscode.commands.registerCommand('gradguard.restartServer', restartServer),
		vscode.commands.registerCommand('gradguard.showLogs', () => output.show(true)),
		vscode.commands.registerCommand('gradguard.openPathSetting', () => vscode.commands.executeCommand('workbench.action.openSettings', 'gradguard.path')),
		vscode.workspace.onDidChangeConfiguration((e) => {
			if (!e.affectsConfiguration('gradguard')) return;
			// A new program needs a new process; trace is followed by the client itself.
			if (e.affectsConfiguration('gradguard.path')) {
				restartServer();
			} else if (client && client.isRunning()) {
				client.sendNotification('workspace/didChangeConfiguration', { settings: { gradguard: serverSettings() } });
			}
		}),
	);
	return startServer();
}

function deactivate() {
	return stopServer();
}

module.exports = { activate, deactivate };

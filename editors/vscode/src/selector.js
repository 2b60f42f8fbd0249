'use strict';
// What the extension's client serves. Jupyter notebooks' Python cells:
// vscode-languageclient 11 syncs them as notebookDocument/* (the server's
// notebookDocumentSync names the same notebook type and language), and this
// entry routes the text features (hover, code actions) of a cell
// (scheme vscode-notebook-cell, which the file entries do not match) to the
// server too; the client does not also sync a cell as a text document.
const documentSelector = [
	{ scheme: 'file', language: 'python' },
	{ scheme: 'untitled', language: 'python' },
	{ notebook: 'jupyter-notebook', language: 'python' },
	// The server diagnoses training logs when they are opened.
	{ scheme: 'file', language: 'log' },
	{ scheme: 'file', pattern: '**/*.{log,err,out}' },
];

module.exports = { documentSelector };

#!/usr/bin/env python3
"""gradguard.probe.install() in a notebook, end to end: the cells of a
notebook run one by one in IPython's own shell (the compiler a Jupyter
kernel uses: each cell under a name that is no file), then `gradguard check`
and the language server (the notebook open as a notebook document) read
the notebook with the run's .gradguard/runtime.json. The site is recorded
with the cell's source and the notebook the kernel names (JPY_SESSION_NAME,
as Jupyter server sets it), and the static finding in that cell is
confirmed, in check's output, the server's diagnostics of that cell and its
hover, though IPython ran a magic as Python and dropped the cell's leading
blank line. Skipped (77) without an interpreter that imports torch and
IPython.

usage: test_probe_notebook.py GRADGUARD
"""
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "..", "dist"))
import lsp_smoke  # noqa: E402
import probe_python  # noqa: E402

# A notebook of our own: a magic in the imports, the loop cell opening with a blank line.
CELLS = [
    ("markdown", "# Scoring the held-out set\n"),
    ("code", "import torch\nfrom torch import nn\nfrom torch.utils.data import DataLoader, TensorDataset\n"
             "%env GG_DEMO=1\n"),
    ("code", "model = nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Linear(16, 2))\nmodel.eval()\n"
             "held_out = DataLoader(TensorDataset(torch.randn(12, 8)), batch_size=4)\n"),
    ("code", "\nscores = []\nfor (batch,) in held_out:\n    scores.append(model(batch).softmax(-1)[:, 1])\n"),
    ("code", "with torch.no_grad():\n    for (batch,) in held_out:\n        model(batch)\n"),
]

# Run in the notebook's folder, as a kernel is: the probe first, each code cell, then uninstall().
KERNEL = """import json, sys
from IPython.core.interactiveshell import InteractiveShell
shell = InteractiveShell.instance()
cells = json.load(open(sys.argv[1]))["cells"]
sources = ["import gradguard.probe\\ngradguard.probe.install(report_at_exit=False)"]
sources += ["".join(c["source"]) for c in cells if c["cell_type"] == "code"]
sources += ["gradguard.probe.uninstall(fmt=None)"]
for n, source in enumerate(sources, 1):
    result = shell.run_cell(source, store_history=True)
    if not result.success:
        sys.exit("cell %d failed: %r" % (n, result.error_in_exec or result.error_before_exec))
"""


def notebook(path):
    cells = []
    for kind, source in CELLS:
        cell = {"cell_type": kind, "metadata": {}, "source": source.splitlines(True)}
        if kind == "code":
            cell.update(execution_count=None, outputs=[])
        cells.append(cell)
    with open(path, "w", encoding="utf-8") as f:
        json.dump({"cells": cells, "metadata": {}, "nbformat": 4, "nbformat_minor": 5}, f, indent=1)


def lsp(gradguard, work):
    """The server's diagnostics of the loop cell (pulled) and its hover on the forward (line 4, `model(`)."""
    nb_uri = "file://" + os.path.join(work, "score.ipynb")
    code = [source for kind, source in CELLS if kind == "code"]
    uris = ["vscode-notebook-cell:%s#C%d" % (os.path.join(work, "score.ipynb"), i) for i in range(len(code))]
    stdin = b"".join(lsp_smoke.frame(m) for m in [
        {"jsonrpc": "2.0", "id": 1, "method": "initialize",
         "params": {"processId": None, "rootUri": "file://" + work, "capabilities": {}}},
        {"jsonrpc": "2.0", "method": "initialized", "params": {}},
        {"jsonrpc": "2.0", "method": "notebookDocument/didOpen", "params": {
            "notebookDocument": {"uri": nb_uri, "notebookType": "jupyter-notebook", "version": 1, "metadata": {},
                                 "cells": [{"kind": 2, "document": u} for u in uris]},
            "cellTextDocuments": [{"uri": u, "languageId": "python", "version": 1, "text": t}
                                  for u, t in zip(uris, code)]}},
        {"jsonrpc": "2.0", "id": 4, "method": "textDocument/diagnostic",
         "params": {"textDocument": {"uri": uris[2]}}},
        {"jsonrpc": "2.0", "id": 2, "method": "textDocument/hover",
         "params": {"textDocument": {"uri": uris[2]}, "position": {"line": 3, "character": 20}}},
        {"jsonrpc": "2.0", "id": 3, "method": "shutdown"},
        {"jsonrpc": "2.0", "method": "exit"},
    ])
    run = subprocess.run([gradguard, "lsp"], input=stdin, capture_output=True, timeout=60, cwd="/")
    answers = {m.get("id"): m.get("result") for m in lsp_smoke.unframe(run.stdout) if "id" in m}
    return uris, (answers.get(4) or {}).get("items") or [], json.dumps(answers.get(2))


def main():
    gradguard = os.path.abspath(sys.argv[1])
    python = probe_python.require()
    if subprocess.run([python, "-c", "import IPython"], capture_output=True).returncode != 0:
        print("SKIP: %s does not import IPython (apt-get install python3-ipython)" % python)
        return probe_python.SKIP
    failures = []
    with tempfile.TemporaryDirectory(prefix="gg-probe-nb-") as tmp:
        work = os.path.join(tmp, "notebooks")
        os.makedirs(work)
        notebook(os.path.join(work, "score.ipynb"))
        env = probe_python.env()
        env["JPY_SESSION_NAME"] = "notebooks/score.ipynb"  # Jupyter server's path, from its own root
        run = subprocess.run([python, "-c", KERNEL, "score.ipynb"], cwd=work, env=env, capture_output=True,
                             text=True, timeout=300)
        if run.returncode != 0:
            failures.append(f"the cells: exit {run.returncode}\n{run.stdout}{run.stderr[-3000:]}")
        try:
            with open(os.path.join(work, ".gradguard", "runtime.json"), encoding="utf-8") as f:
                doc = json.load(f)
        except (OSError, ValueError) as e:
            doc = {}
            failures.append(f"runtime.json: {e}")
        found = doc.get("findings") or []
        if [(x.get("code"), x.get("line"), x.get("notebook")) for x in found] != [("GG001", 3, "score.ipynb")] or \
                not found[0].get("cell", "").startswith("scores = []\nfor (batch,) in held_out:\n"):
            failures.append(f"runtime.json findings: {found}")
        elif "at score.ipynb (a cell's line 3) kept 1.2 kB of activations over 3 calls" not in found[0]["message"]:
            failures.append(f"the runtime finding's message: {found[0]['message']}")
        check = subprocess.run([gradguard, "check", "--output-format", "json", "score.ipynb"], cwd=work,
                               capture_output=True, text=True, timeout=60)
        rows = json.loads(check.stdout) if check.stdout.startswith("[") else []
        confirmed = [(x["code"], x.get("cell"), x["location"]["row"]) for x in rows
                     if "(confirmed at run time: kept 1.2 kB of activations over 3 calls" in x["message"]]
        if confirmed != [("GG001", 4, 4)] or any(x["message"].startswith("(runtime only)") for x in rows):
            failures.append(f"check: exit {check.returncode}\n{check.stdout}{check.stderr}")
        uris, diagnostics, hover = lsp(gradguard, work)
        confirmed = [(d["code"], d["range"]["start"]["line"]) for d in diagnostics
                     if "(confirmed at run time: kept 1.2 kB" in d["message"]]
        if confirmed != [("GG001", 3)]:
            failures.append(f"lsp diagnostics: {diagnostics}")
        if "Measured at run time" not in hover or "kept 1.2 kB of activations over 3 calls" not in hover:
            failures.append(f"lsp hover: {hover}")
    for f in failures:
        print("FAIL", f)
    print("ok" if not failures else f"{len(failures)} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())

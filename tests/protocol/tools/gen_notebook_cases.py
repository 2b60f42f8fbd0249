#!/usr/bin/env python3
"""Writes the notebook-document transcripts (transcripts/notebook-*.json).

Every position is computed from the cells' text, in UTF-16 (the default
encoding): run it, review `git diff`.

    python3 tests/protocol/tools/gen_notebook_cases.py
"""
import json
import os
import sys

ROOT = sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
T = os.path.join(ROOT, "transcripts")
NB = "file:///tmp/gg-protocol-tests/eval.ipynb"


def cell_uri(i):
    return f"vscode-notebook-cell:/tmp/gg-protocol-tests/eval.ipynb#C{i}"


def write(name, description, steps):
    with open(os.path.join(T, name + ".json"), "w", encoding="utf-8") as f:
        json.dump({"description": description, "steps": steps}, f, ensure_ascii=False, indent=2)
        f.write("\n")


def notif(method, params):
    return {"send": {"jsonrpc": "2.0", "method": method, "params": params}}


def req(id_, method, params):
    return {"send": {"jsonrpc": "2.0", "id": id_, "method": method, "params": params}}


def u16(s):
    return len(s.encode("utf-16-le")) // 2


def pos(text, needle, after=False):
    """The UTF-16 position of the first needle in text (its end with after)."""
    i = text.index(needle) + (len(needle) if after else 0)
    line = text.count("\n", 0, i)
    col = u16(text[text.rfind("\n", 0, i) + 1:i])
    return {"line": line, "character": col}


def open_notebook(cells, version=1):
    """cells: list of (kind, text); kind 1 markup, 2 code."""
    return notif("notebookDocument/didOpen", {
        "notebookDocument": {
            "uri": NB, "notebookType": "jupyter-notebook", "version": version, "metadata": {},
            "cells": [{"kind": k, "document": cell_uri(i)} for i, (k, _) in enumerate(cells)],
        },
        "cellTextDocuments": [
            {"uri": cell_uri(i), "languageId": "python" if k == 2 else "markdown", "version": 1, "text": t}
            for i, (k, t) in enumerate(cells)
        ],
    })


def published(i, diagnostics, version=1):
    return {"expect": {"method": "textDocument/publishDiagnostics",
                       "params": {"uri": cell_uri(i), "version": version, "diagnostics": diagnostics}}}


CELLS = [
    (1, "# Évaluation\nThe model is evaluated below.\n"),
    (2, "import torch\nfrom torch import nn\n"),
    (2, "net = nn.Linear(8, 2)\n%matplotlib inline\nnet.eval()\n"),
    (2, "for batch in val_loader:\n    logits = net(batch)\n    print(logits.shape)\n"),
]
LOOP = CELLS[3][1]
FINDING = {"start": pos(LOOP, "net(batch)"), "end": pos(LOOP, "net(batch)", after=True)}

HANDSHAKE = {"handshake": {
    "capabilities": {"notebookDocument": {"synchronization": {"dynamicRegistration": False}}},
}, "expect_result": {"capabilities": {"notebookDocumentSync": {
    "notebookSelector": [{"notebook": "jupyter-notebook", "cells": [{"language": "python"}]}], "save": True}}}}

write("notebook-cross-cell-diagnostics",
      "a notebook's cells are analysed as one text: nn imported in one cell, net.eval() (after a magic) in another, "
      "the forward in a third; the finding is published on the cell that holds it, in its coordinates, with the "
      ".eval() call related in its own cell; the other cells get empty lists",
      [HANDSHAKE, open_notebook(CELLS),
       published(0, []), published(1, []), published(2, []),
       published(3, [{"code": "GG001", "range": FINDING, "source": "gradguard",
                      "relatedInformation": {"$contains": [{"location": {
                          "uri": cell_uri(2),
                          "range": {"start": pos(CELLS[2][1], "net.eval()"),
                                    "end": "$any"}}}]}}])])

# Moving the loop cell before the import cell: cells keep their documents; then a text edit
# in the loop cell puts it under no_grad; then closing clears every cell.
moved = [CELLS[0], CELLS[3], CELLS[1], CELLS[2]]
write("notebook-structure-and-text-changes",
      "notebookDocument/didChange: a cell moved (array splice with no didOpen) keeps its text; a cell text edit "
      "re-analyses the whole notebook; a new cell inserted with didOpen joins it; didClose clears each cell",
      [HANDSHAKE, open_notebook(CELLS),
       published(3, [{"code": "GG001", "range": FINDING}]),
       notif("notebookDocument/didChange", {
           "notebookDocument": {"uri": NB, "version": 2},
           "change": {"cells": {"structure": {
               "array": {"start": 3, "deleteCount": 1},
               "didClose": []}}}}),
       published(0, [], ), published(1, []), published(2, []),
       notif("notebookDocument/didChange", {
           "notebookDocument": {"uri": NB, "version": 3},
           "change": {"cells": {"structure": {
               "array": {"start": 1, "deleteCount": 0, "cells": [{"kind": 2, "document": cell_uri(3)}]},
               "didOpen": [{"uri": cell_uri(3), "languageId": "python", "version": 1, "text": LOOP}]}}}}),
       {"expect": {"method": "textDocument/publishDiagnostics",
                   "params": {"uri": cell_uri(3), "diagnostics": [{"code": "GG001", "range": FINDING}]}},
        "note": "the loop now runs before net.eval() in the notebook's order, and val_loader still says evaluation"},
       notif("notebookDocument/didChange", {
           "notebookDocument": {"uri": NB, "version": 4},
           "change": {"cells": {"textContent": [{
               "document": {"uri": cell_uri(3), "version": 2},
               "changes": [{"range": {"start": {"line": 0, "character": 0}, "end": {"line": 0, "character": 0}},
                            "text": "with torch.no_grad():\n"},
                           {"range": {"start": {"line": 1, "character": 0}, "end": {"line": 1, "character": 0}},
                            "text": "  "},
                           {"range": {"start": {"line": 2, "character": 0}, "end": {"line": 2, "character": 0}},
                            "text": "    "},
                           {"range": {"start": {"line": 3, "character": 0}, "end": {"line": 3, "character": 0}},
                            "text": "    "}]}]}}}),
       {"expect": {"method": "textDocument/publishDiagnostics",
                   "params": {"uri": cell_uri(3), "version": 2, "diagnostics": []}}},
       notif("notebookDocument/didSave", {"notebookDocument": {"uri": NB}}),
       notif("notebookDocument/didClose", {"notebookDocument": {"uri": NB},
                                            "cellTextDocuments": [{"uri": cell_uri(i)} for i in range(4)]}),
       {"expect": {"method": "textDocument/publishDiagnostics", "params": {"uri": cell_uri(0), "diagnostics": []}}},
       {"expect": {"method": "textDocument/publishDiagnostics", "params": {"uri": cell_uri(3), "diagnostics": []}}},
       {"ping": True}])

# Hover and code actions on a cell; the fix that needs `import torch` edits the first code cell too.
NOIMPORT = [
    (2, "from torch import nn\n"),
    (2, "net = nn.Linear(8, 2)\nnet.eval()\n"),
    (2, "for batch in val_loader:\n    logits = net(batch)\n"),
]
L2 = NOIMPORT[2][1]
F2 = {"start": pos(L2, "net(batch)"), "end": pos(L2, "net(batch)", after=True)}
write("notebook-hover-and-cross-cell-fix",
      "hover on a cell URI explains the finding (range in the cell); the wrap's code action edits the loop's cell "
      "and adds `import torch` to the first cell: one WorkspaceEdit naming both cell URIs; pull diagnostics on a cell",
      [{"handshake": {"capabilities": {"textDocument": {"hover": {"contentFormat": ["markdown"]}}}}},
       open_notebook(NOIMPORT),
       published(2, [{"code": "GG001", "range": F2}]),
       req(2, "textDocument/hover", {"textDocument": {"uri": cell_uri(2)}, "position": pos(L2, "net(batch)")}),
       {"expect": {"id": 2, "result": {"contents": {"kind": "markdown", "value": {"$regex": "GG001"}},
                                       "range": F2}}},
       req(3, "textDocument/codeAction", {"textDocument": {"uri": cell_uri(2)}, "range": F2,
                                          "context": {"diagnostics": [], "only": ["quickfix"]}}),
       {"expect": {"id": 3, "result": {"$contains": [{
           "title": {"$regex": "no_grad"}, "kind": "quickfix",
           "edit": {"changes": {
               cell_uri(0): [{"range": {"start": {"line": 0, "character": 0}, "end": "$any"},
                              "newText": {"$regex": "import torch\n"}}],
               cell_uri(2): [{"newText": {"$regex": "with torch.no_grad\\(\\):"}}],
           }}}]}}},
       req(4, "textDocument/diagnostic", {"textDocument": {"uri": cell_uri(2)}}),
       {"expect": {"id": 4, "result": {"kind": "full", "items": [{"code": "GG001", "range": F2}]}}},
       req(5, "textDocument/diagnostic", {"textDocument": {"uri": cell_uri(0)}}),
       {"expect": {"id": 5, "result": {"kind": "full", "items": []}}},
       req(6, "textDocument/codeAction", {"textDocument": {"uri": cell_uri(2)}, "range": F2,
                                          "context": {"diagnostics": [], "only": ["source.fixAll.gradguard"]}}),
       {"expect": {"id": 6, "result": {"$contains": [{"kind": "source.fixAll.gradguard", "edit": {"changes": {
           cell_uri(0): [{"newText": {"$regex": "import torch"}}],
           cell_uri(2): [{"newText": {"$regex": "no_grad"}}]}}}]}}}])

write("notebook-malformed-messages",
      "malformed notebook notifications are logged and skipped; the server keeps going",
      [HANDSHAKE,
       notif("notebookDocument/didOpen", {"notebookDocument": {"uri": NB}}),
       notif("notebookDocument/didChange", {"notebookDocument": {"uri": NB, "version": 2}, "change": {}}),
       open_notebook(CELLS[1:3]),
       published(0, []), published(1, []),
       notif("notebookDocument/didChange", {
           "notebookDocument": {"uri": NB, "version": 2},
           "change": {"cells": {"structure": {"array": {"start": 9, "deleteCount": 4}},
                                "textContent": [{"document": {"uri": "vscode-notebook-cell:/nope#X", "version": 1},
                                                 "changes": []}]}}}),
       published(0, [], version=1),
       notif("notebookDocument/didClose", {"notebookDocument": {}}),
       notif("notebookDocument/didSave", {}),
       {"ping": True}])

# A client that resolves actions and takes versioned documentChanges; the loop holds a shell escape,
# which the wrap re-indents with its block and gives back as the cell had it.
MAGIC = [
    (2, "import torch\nnet = torch.nn.Linear(8, 2)\nnet.eval()\n"),
    (2, "for batch in val_loader:\n    logits = net(batch)\n    !nvidia-smi\n"),
]
L3 = MAGIC[1][1]
F3 = {"start": pos(L3, "net(batch)"), "end": pos(L3, "net(batch)", after=True)}
write("notebook-resolve-versioned-magic",
      "codeAction/resolve on a cell's action: the wrap comes back as documentChanges naming the cell's URI and "
      "version; the shell escape in the loop is re-indented and kept (`!nvidia-smi`, not the `pass` the analysis read)",
      [{"handshake": {"capabilities": {
          "textDocument": {"codeAction": {"resolveSupport": {"properties": ["edit"]}}},
          "workspace": {"workspaceEdit": {"documentChanges": True}}}}},
       open_notebook(MAGIC),
       published(1, [{"code": "GG001", "range": F3}]),
       req(2, "textDocument/codeAction", {"textDocument": {"uri": cell_uri(1)}, "range": F3,
                                          "context": {"diagnostics": [], "only": ["quickfix"]}}),
       {"expect": {"id": 2, "result": {"$contains": [{"title": {"$regex": "no_grad"}, "edit": {"$absent": True},
                                                      "data": {"uri": NB, "fix": "wrap-no-grad"}}]}}},
       req(3, "codeAction/resolve", {"title": "Wrap the loop in `with torch.no_grad():`", "kind": "quickfix",
                                     "data": {"uri": NB, "version": 1, "code": "GG001",
                                              "start": len(MAGIC[0][1].encode()) + L3.index("net(batch)"),
                                              "end": len(MAGIC[0][1].encode()) + L3.index("net(batch)") + 10,
                                              "fix": "wrap-no-grad"}}),
       {"expect": {"id": 3, "result": {"edit": {"documentChanges": {"$exact": [{
           "textDocument": {"uri": cell_uri(1), "version": 1},
           # applied to the cell: the escape's line gets the block's indentation in front of it, and stays
           "edits": [{"range": {"start": {"line": 0, "character": 0}, "end": {"line": 2, "character": 0}},
                      "newText": "with torch.no_grad():\n    for batch in val_loader:\n        logits = net(batch)\n    "}]}]}}}}}])

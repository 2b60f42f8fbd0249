#!/usr/bin/env python3
"""Writes the hover and code action transcripts (transcripts/hover-*, code-action-*).

Positions are computed from the text in the negotiated encoding, never typed:

    python3 tests/protocol/tools/gen_fix_cases.py     # then review `git diff`
"""
import json
import os
import sys

ROOT = sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
T = os.path.join(ROOT, "transcripts")
URI = "file:///tmp/gg-protocol-tests/fix_case.py"


def write(name, description, steps):
    with open(os.path.join(T, name + ".json"), "w", encoding="utf-8") as f:
        json.dump({"description": description, "steps": steps}, f, ensure_ascii=False, indent=2)
        f.write("\n")


def units(s, enc):
    if enc == "utf-8":
        return len(s.encode("utf-8"))
    if enc == "utf-16":
        return len(s.encode("utf-16-le")) // 2
    return len(s)


def pos(text, needle, enc="utf-16", after=False, nth=0):
    """Position of the nth needle in text (its end with after)."""
    i = -1
    for _ in range(nth + 1):
        i = text.index(needle, i + 1)
    if after:
        i += len(needle)
    line_start = max(text.rfind("\n", 0, i), text.rfind("\r", 0, i)) + 1
    line = sum(1 for k, c in enumerate(text[:i]) if c == "\n" or (c == "\r" and text[k + 1:k + 2] != "\n"))
    return {"line": line, "character": units(text[line_start:i], enc)}


def rng(text, needle, enc="utf-16", nth=0):
    return {"start": pos(text, needle, enc, nth=nth), "end": pos(text, needle, enc, after=True, nth=nth)}


def minimal_edit(old, new):
    """The one TextEdit over the span that differs (utf-16), as the server computes it."""
    p = 0
    while p < min(len(old), len(new)) and old[p] == new[p]:
        p += 1
    q = 0
    while q < min(len(old), len(new)) - p and old[len(old) - 1 - q] == new[len(new) - 1 - q]:
        q += 1
    def at(i):
        line = old.count("\n", 0, i)
        return {"line": line, "character": units(old[old.rfind("\n", 0, i) + 1:i], "utf-16")}
    return {"range": {"start": at(p), "end": at(len(old) - q)}, "newText": new[p:len(new) - q]}


def req(id_, method, params):
    return {"send": {"jsonrpc": "2.0", "id": id_, "method": method, "params": params}}


def notif(method, params):
    return {"send": {"jsonrpc": "2.0", "method": method, "params": params}}


def open_doc(text, version=1, uri=URI):
    return notif("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "python",
                                                           "version": version, "text": text}})


def diags(count=None):
    e = {"expect": {"method": "textDocument/publishDiagnostics", "params": {"uri": URI}}}
    if count is not None:
        e["expect"]["params"]["diagnostics"] = [{"code": {"$type": "string"}}] * count
    return e


RESOLVE_CAPS = {"capabilities": {"textDocument": {"codeAction": {"resolveSupport": {"properties": ["edit"]}},
                                                  "hover": {"contentFormat": ["markdown", "plaintext"]}}}}
PLAIN_CAPS = {"capabilities": {"textDocument": {"hover": {"contentFormat": ["plaintext"]}},
                               "workspace": {"workspaceEdit": {"documentChanges": True}}}}

EVAL = ("import torch\n\n\ndef validate(model, loader):\n    model.eval()\n    total = 0.0\n"
        "    for x, y in loader:\n        out = model(x)\n        total += (out.argmax(1) == y).sum().item()\n"
        "    return total\n")


def code_action_req(id_, text, needle, only=None, enc="utf-16"):
    params = {"textDocument": {"uri": URI}, "range": rng(text, needle, enc), "context": {"diagnostics": []}}
    if only:
        params["context"]["only"] = only
    return req(id_, "textDocument/codeAction", params)


def main():
    t = EVAL
    # Hover on a finding, markdown.
    write("hover-finding-markdown", "hover on a GG001 finding explains the mechanism, eval(), the fix and how to verify, in markdown", [
        {"handshake": RESOLVE_CAPS}, open_doc(t), diags(1),
        req(2, "textDocument/hover", {"textDocument": {"uri": URI}, "position": pos(t, "model(x)", after=False)}),
        {"expect": {"id": 2, "result": {"contents": {"kind": "markdown", "value": {"$all_of": [
            {"$regex": "GG001"}, {"$regex": "backward that never comes"}, {"$regex": "model.eval\\(\\)"},
            {"$regex": "is_grad_enabled"}, {"$regex": "max_memory_allocated"},
            {"$regex": "https://pytorch.org/docs/stable/"}]}},
            "range": rng(t, "model(x)")}}},
        req(3, "textDocument/hover", {"textDocument": {"uri": URI}, "position": pos(t, "eval()")}),
        {"expect": {"id": 3, "result": {"contents": {"kind": "markdown", "value": {"$all_of": [
            {"$regex": "Does not"}, {"$regex": "Dropout"}]}}, "range": rng(t, "eval")}}},
        req(4, "textDocument/hover", {"textDocument": {"uri": URI}, "position": pos(t, "total = 0.0")}),
        {"expect": {"id": 4, "result": None}},
    ])
    # Hover on APIs, plaintext.
    t2 = ("import torch\nfrom torch.autograd import Variable\n\n\n@torch.inference_mode()\ndef predict(model, x):\n"
          "    return model(x)\n\n\ndef f(model, x):\n    torch.set_grad_enabled(False)\n"
          "    with torch.no_grad():\n        y = model(x).detach()\n    return Variable(y, volatile=True)\n")
    write("hover-apis-plaintext", "hover on inference_mode, set_grad_enabled, no_grad, detach and volatile in plaintext for a plaintext-only client", [
        {"handshake": PLAIN_CAPS}, open_doc(t2), {"expect": {"method": "textDocument/publishDiagnostics"}},
        req(2, "textDocument/hover", {"textDocument": {"uri": URI}, "position": pos(t2, "inference_mode")}),
        {"expect": {"id": 2, "result": {"contents": {"kind": "plaintext", "value": {"$all_of": [
            {"$regex": "inference tensors"}, {"$regex": "cannot be used in autograd later"},
            {"$not": {"$regex": "`"}}, {"$regex": "\\(https://pytorch.org/docs/stable/generated/torch.inference_mode.html\\)"}]}},
            "range": rng(t2, "inference_mode")}}},
        req(3, "textDocument/hover", {"textDocument": {"uri": URI}, "position": pos(t2, "set_grad_enabled")}),
        {"expect": {"id": 3, "result": {"contents": {"kind": "plaintext", "value": {"$regex": "lasts until something enables grad again"}}}}},
        req(4, "textDocument/hover", {"textDocument": {"uri": URI}, "position": pos(t2, "no_grad")}),
        {"expect": {"id": 4, "result": {"contents": {"value": {"$all_of": [{"$regex": "thread-local"},
            {"$regex": "does not detach tensors that already have history"}, {"$regex": "generator"}]}}}}},
        req(5, "textDocument/hover", {"textDocument": {"uri": URI}, "position": pos(t2, "detach")}),
        {"expect": {"id": 5, "result": {"contents": {"value": {"$regex": "already recorded"}}}}},
        req(6, "textDocument/hover", {"textDocument": {"uri": URI}, "position": pos(t2, "volatile")}),
        {"expect": {"id": 6, "result": {"contents": {"value": {"$all_of": [{"$regex": "GG003"}, {"$regex": "0.4"}]}}}}},
    ])
    # Code actions with lazy resolve.
    wrap_edits = [
        {"range": {"start": pos(t, "for x"), "end": pos(t, "for x")}, "newText": "with torch.no_grad():\n        "},
        {"range": {"start": pos(t, "    out"), "end": pos(t, "    out")}, "newText": "    "},
        {"range": {"start": pos(t, "    total +="), "end": pos(t, "    total +=")}, "newText": "    "},
    ]
    write("code-action-quickfix-resolve", "codeAction lists the fixes of the finding under the cursor without edits; codeAction/resolve computes the wrap edit", [
        {"handshake": RESOLVE_CAPS}, open_doc(t), diags(1),
        code_action_req(2, t, "model(x)"),
        {"expect": {"id": 2, "result": {"$all_of": [
            {"$contains": [
                {"title": "Wrap the loop in `with torch.no_grad():`", "kind": "quickfix", "isPreferred": True,
                 "edit": {"$absent": True}, "data": {"uri": URI, "version": 1, "fix": "wrap-no-grad"}},
                {"title": "Decorate `validate` with `@torch.no_grad()`", "kind": "quickfix", "data": {"fix": "decorate-no-grad"}},
                {"kind": "quickfix", "data": {"fix": "wrap-inference-mode"}},
                {"kind": "quickfix", "data": {"fix": "decorate-inference-mode"}},
                {"title": "Suppress GG001 on this line (`# noqa: GG001`)", "data": {"fix": "noqa"}},
                {"kind": "source.fixAll.gradguard", "data": {"fixAll": True}}]}]}}},
        req(3, "codeAction/resolve", {"title": "Wrap the loop in `with torch.no_grad():`", "kind": "quickfix",
                                      "data": {"uri": URI, "version": 1, "code": "GG001",
                                               "start": t.index("model(x)"), "end": t.index("model(x)") + 8,
                                               "fix": "wrap-no-grad"}}),
        {"expect": {"id": 3, "result": {"title": "Wrap the loop in `with torch.no_grad():`",
                                        "edit": {"changes": {URI: wrap_edits}}}}},
        req(4, "codeAction/resolve", {"title": "x", "data": {"uri": URI, "version": 1, "code": "GG001",
                                                             "start": t.index("model(x)"), "end": t.index("model(x)") + 8,
                                                             "fix": "decorate-no-grad"}}),
        {"expect": {"id": 4, "result": {"edit": {"changes": {URI: [
            {"range": {"start": pos(t, "def validate"), "end": pos(t, "def validate")}, "newText": "@torch.no_grad()\n"}]}}}}},
    ])
    # Eager edits (no resolve support), utf-16 after an emoji, versioned documentChanges.
    te = ("import torch\n\n\ndef evaluate(model, loader):\n    model.eval()\n    for batch in loader:\n"
          "        s = \"🚀🚀\"; losses = []\n        out = model(batch)\n        print(s, out)\n")
    with open(os.path.join(os.path.dirname(ROOT), "corpus", "gg002_running_loss_train.py"), encoding="utf-8") as f:
        te2 = f.read().replace("        running_loss += loss  # expect: GG002", '        s = "é🚀"; running_loss += loss')
    write("code-action-utf16-after-emoji", "GG002 detach edit lands after an emoji on the same line: utf-16 columns count the surrogate pairs; edits are eager and versioned for a client without resolve", [
        {"handshake": {"capabilities": {"workspace": {"workspaceEdit": {"documentChanges": True}}}}},
        open_doc(te2, version=7), {"expect": {"method": "textDocument/publishDiagnostics", "params": {"version": 7}}},
        code_action_req(2, te2, "running_loss += loss"),
        {"expect": {"id": 2, "result": {"$contains": [
            {"data": {"fix": "detach"}, "edit": {"documentChanges": [{"textDocument": {"uri": URI, "version": 7},
                "edits": [{"range": {"start": pos(te2, "running_loss += loss", after=True), "end": pos(te2, "running_loss += loss", after=True)},
                           "newText": ".detach()"}]}]}},
            {"data": {"fix": "noqa"}, "edit": {"documentChanges": [{"edits": [
                {"range": {"start": pos(te2, "running_loss += loss", after=True), "end": pos(te2, "running_loss += loss", after=True)},
                 "newText": "  # noqa: GG002"}]}]}}]}}},
    ])
    # CRLF and tabs.
    tc = EVAL.replace("    ", "\t").replace("\n", "\r\n")
    write("code-action-crlf-tabs", "a CRLF, tab-indented file: the wrap keeps CRLF and indents with tabs", [
        {"handshake": RESOLVE_CAPS}, open_doc(tc), diags(1),
        req(2, "codeAction/resolve", {"title": "Wrap", "data": {"uri": URI, "version": 1, "code": "GG001",
                                                               "start": len(tc[:tc.index("model(x)")].encode()),
                                                               "end": len(tc[:tc.index("model(x)")].encode()) + 8,
                                                               "fix": "wrap-no-grad"}}),
        {"expect": {"id": 2, "result": {"edit": {"changes": {URI: [
            {"range": {"start": pos(tc, "for x"), "end": pos(tc, "for x")}, "newText": "with torch.no_grad():\r\n\t\t"},
            {"range": {"start": pos(tc, "\tout"), "end": pos(tc, "\tout")}, "newText": "\t"},
            {"range": {"start": pos(tc, "\ttotal +="), "end": pos(tc, "\ttotal +=")}, "newText": "\t"}]}}}}},
    ])
    # fixAll.
    write("code-action-fix-all", "source.fixAll.gradguard resolves to one edit applying every safe fix (wrap, import kept); only=[source.fixAll] leaves quick fixes out", [
        {"handshake": RESOLVE_CAPS}, open_doc(t), diags(1),
        code_action_req(2, t, "import torch", only=["source.fixAll"]),
        {"expect": {"id": 2, "result": [{"title": "Fix all gradguard findings", "kind": "source.fixAll.gradguard",
                                          "data": {"uri": URI, "version": 1, "fixAll": True}}]}},
        req(3, "codeAction/resolve", {"title": "Fix all gradguard findings", "kind": "source.fixAll.gradguard",
                                      "data": {"uri": URI, "version": 1, "fixAll": True}}),
        {"expect": {"id": 3, "result": {"kind": "source.fixAll.gradguard", "edit": {"changes": {URI: [
            minimal_edit(t, t.replace("    for x, y in loader:\n        out = model(x)\n        total +=",
                                      "    with torch.no_grad():\n        for x, y in loader:\n            out = model(x)\n"
                                      "            total +="))]}}}}},
        code_action_req(4, t, "model(x)", only=["quickfix"]),
        {"expect": {"id": 4, "result": {"$not": {"$contains": [{"kind": "source.fixAll.gradguard"}]}}}},
    ])
    # Stale version, out of range, closed document.
    changed = t.replace("total = 0.0", "total = 0")
    write("code-action-stale-range-closed", "resolve for an older version is refused (ContentModified); a range past the end and a closed document give an empty list; resolve on a closed document is an error", [
        {"handshake": RESOLVE_CAPS}, open_doc(t), diags(1),
        notif("textDocument/didChange", {"textDocument": {"uri": URI, "version": 2}, "contentChanges": [{"text": changed}]}),
        {"expect": {"method": "textDocument/publishDiagnostics", "params": {"version": 2}}},
        req(2, "codeAction/resolve", {"title": "Wrap", "data": {"uri": URI, "version": 1, "code": "GG001",
                                                               "start": t.index("model(x)"), "end": t.index("model(x)") + 8,
                                                               "fix": "wrap-no-grad"}}),
        {"expect": {"id": 2, "error": {"code": -32801}}},
        req(3, "textDocument/codeAction", {"textDocument": {"uri": URI}, "range": {"start": {"line": 500, "character": 0},
                                                                                   "end": {"line": 501, "character": 0}},
                                           "context": {"diagnostics": []}}),
        {"expect": {"id": 3, "result": []}},
        notif("textDocument/didClose", {"textDocument": {"uri": URI}}),
        {"expect": {"method": "textDocument/publishDiagnostics", "params": {"diagnostics": []}}},
        code_action_req(4, t, "model(x)"),
        {"expect": {"id": 4, "result": []}},
        req(5, "codeAction/resolve", {"title": "Wrap", "data": {"uri": URI, "version": 2, "code": "GG001",
                                                               "start": 1, "end": 2, "fix": "wrap-no-grad"}}),
        {"expect": {"id": 5, "error": {"code": -32602}}},
        req(6, "textDocument/codeAction", {"textDocument": {"uri": URI}}),
        {"expect": {"id": 6, "error": {"code": -32602}}},
        req(7, "textDocument/hover", {"textDocument": {"uri": URI}, "position": {"line": 0, "character": 0}}),
        {"expect": {"id": 7, "error": {"code": -32602}}},
    ])
    write("initialize-advertises-code-actions", "initialize advertises hover and code actions with quickfix, source.fixAll.gradguard and resolve", [
        {"handshake": {}, "expect_result": {"capabilities": {"hoverProvider": True, "codeActionProvider": {
            "codeActionKinds": ["quickfix", "source.fixAll.gradguard"], "resolveProvider": True}}}},
    ])


if __name__ == "__main__":
    main()

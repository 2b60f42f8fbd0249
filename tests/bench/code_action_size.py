#!/usr/bin/env python3
"""One code action against the size of the file: a module of many small
evaluation functions (a finding each, as many top-level statements as
findings), 0.25 to 1 MB; `gradguard lsp` answers a textDocument/codeAction
at a cursor on a finding in the middle of the file, as an editor asks on
every cursor move. A fix finds its nodes by byte offset in the analysis's
copy of the tree: the time must grow no faster than the file (flat ms per
MB), not as the findings times the statements.

usage: code_action_size.py --gradguard EXE [--sizes-mb 0.25,0.5,1] [--runs N]
"""
import argparse
import os
import shutil
import statistics
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from fix_scaling import Lsp, cpu_of  # noqa: E402  (the same small client)

BLOCK = """
def validate_{i}(model, loader):
    model.eval()
    for x in loader:
        print(model(x))
"""


def source(megabytes):
    """Evaluation functions of one finding each, to the size asked: the findings grow with the file."""
    blocks, size, i = ["import torch\n"], 0, 0
    while size < megabytes * 1e6:
        blocks.append(BLOCK.format(i=i))
        size += len(blocks[-1])
        i += 1
    return "".join(blocks)


def one(gradguard, path, text, runs):
    root = os.path.dirname(path)
    uri = "file://" + path
    lsp = Lsp(gradguard, root)
    try:
        lsp.request("initialize", {"processId": None, "rootUri": "file://" + root, "capabilities": {}})
        lsp.send({"jsonrpc": "2.0", "method": "initialized", "params": {}})
        lsp.send({"jsonrpc": "2.0", "method": "textDocument/didOpen",
                  "params": {"textDocument": {"uri": uri, "languageId": "python", "version": 1, "text": text}}})
        diags = lsp.until(lambda m: m.get("method") == "textDocument/publishDiagnostics"
                          and m["params"]["uri"] == uri)["params"]["diagnostics"]
        # The cursor on a finding in the middle of the file, as an editor asks on every move.
        line = text.count("\n") // 2
        line -= line % 5
        cursor = {"start": {"line": line + 4, "character": 14}, "end": {"line": line + 4, "character": 14}}
        times = []
        for _ in range(runs):
            t0 = cpu_of(lsp.p.pid)
            actions = lsp.request("textDocument/codeAction",
                                  {"textDocument": {"uri": uri}, "range": cursor, "context": {"diagnostics": []}})
            times.append(cpu_of(lsp.p.pid) - t0)
        return times, len(diags), len(actions or [])
    finally:
        lsp.close()


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--gradguard", required=True)
    ap.add_argument("--sizes-mb", default="0.25,0.5,1")
    ap.add_argument("--runs", type=int, default=3)
    opts = ap.parse_args()
    tmp = tempfile.mkdtemp(prefix="gg-code-action-size-")
    try:
        print(f"{'MB':>5} {'findings':>8} {'actions':>7} {'median s':>9} {'min':>7} {'max':>7} {'ms per MB':>9}")
        for mb in (float(s) for s in opts.sizes_mb.split(",")):
            text = source(mb)
            path = os.path.join(tmp, f"module_{mb}.py")
            with open(path, "w", encoding="utf-8") as f:
                f.write(text)
            times, found, actions = one(os.path.abspath(opts.gradguard), path, text, opts.runs)
            med = statistics.median(times)
            print(f"{mb:5.1f} {found:8} {actions:7} {med:9.3f} {min(times):7.3f} {max(times):7.3f} {med / mb * 1e3:9.1f}")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Keystroke to diagnostics in the language server, on a 10,000-line file.

Starts `gradguard lsp --debounce-ms 0` (the debounce is the editor's wait,
not the server's work: SPEC §8 measures without it) in a workspace folder of
a few Python files, so that the workspace index is built; waits until the
first diagnostics of the opened file arrive (the index warm); then types
--edits single characters into a comment in the middle of the file, one at a
time, each as an incremental `didChange`, and times each from the write of
the message to the `publishDiagnostics` of that version. Prints p50, p90,
p99 and the maximum, in milliseconds.

The file is generated: evaluation and training functions of about 20 lines
each, one evaluation in 20 without torch.no_grad() (a finding), so that the
whole file's model and every rule run on each keystroke.

usage: keystroke_latency.py --gradguard EXE [--lines N] [--edits N]
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

BLOCK = '''

def validate_{i}(model, val_loader, device):
    model.eval()
    correct = 0
    {guard}for images, labels in val_loader:
        {indent}images = images.to(device)
        {indent}logits = model(images)
        {indent}correct += (logits.argmax(-1) == labels).sum().item()
    return correct


def train_{i}(model, loader, opt, crit):
    model.train()
    total = 0.0
    for x, y in loader:
        opt.zero_grad()
        loss = crit(model(x), y)
        loss.backward()
        opt.step()
        total += loss.item()
    return total
'''


def source(lines):
    text = "import torch\nfrom torch import nn\n"
    i = 0
    while text.count("\n") < lines:
        guarded = i % 20 != 0
        text += BLOCK.format(i=i, guard="with torch.no_grad():\n        " if guarded else "",
                             indent="    " if guarded else "")
        if i == 0:
            text += "\n# edits land here\n"
        i += 1
    return text


class Server:
    def __init__(self, exe, cwd):
        self.p = subprocess.Popen([exe, "lsp", "--debounce-ms", "0"], cwd=cwd, stdin=subprocess.PIPE,
                                  stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        self.next_id = 1

    def send(self, msg):
        body = json.dumps(msg).encode()
        self.p.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.p.stdin.flush()

    def request(self, method, params):
        self.send({"jsonrpc": "2.0", "id": self.next_id, "method": method, "params": params})
        self.next_id += 1
        return self.next_id - 1

    def notify(self, method, params):
        self.send({"jsonrpc": "2.0", "method": method, "params": params})

    def read(self):
        length = None
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise EOFError("the server closed its output")
            if line in (b"\r\n", b"\n"):
                break
            name, _, value = line.decode().partition(":")
            if name.lower() == "content-length":
                length = int(value)
        return json.loads(self.p.stdout.read(length))

    def wait(self, pred):
        while True:
            msg = self.read()
            if pred(msg):
                return msg


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--gradguard")
    ap.add_argument("--lines", type=int, default=10000)
    ap.add_argument("--edits", type=int, default=300)
    ap.add_argument("--write-source", metavar="PATH",
                    help="only write the file the keystrokes edit (for the memory benchmark)")
    args = ap.parse_args()
    if args.write_source:
        with open(args.write_source, "w", encoding="utf-8") as f:
            f.write(source(args.lines))
        return 0
    if not args.gradguard:
        ap.error("--gradguard is required")
    args.gradguard = os.path.abspath(args.gradguard)

    with tempfile.TemporaryDirectory(prefix="gg-keystroke-") as root:
        text = source(args.lines)
        path = os.path.join(root, "big.py")
        for name, body in (("big.py", text), ("helpers.py", BLOCK.format(i="h", guard="", indent="")),
                           ("guards.py", "import torch\n\ndef quiet():\n    return torch.no_grad()\n")):
            with open(os.path.join(root, name), "w", encoding="utf-8") as f:
                f.write("import torch\n" + body if name == "helpers.py" else body)
        uri = "file://" + path
        s = Server(args.gradguard, root)
        rid = s.request("initialize", {"processId": os.getpid(), "rootUri": "file://" + root,
                                       "workspaceFolders": [{"uri": "file://" + root, "name": "bench"}],
                                       "capabilities": {}})
        s.wait(lambda m: m.get("id") == rid)
        s.notify("initialized", {})
        s.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "python", "version": 1,
                                                           "text": text}})
        published = lambda v: (lambda m: m.get("method") == "textDocument/publishDiagnostics"
                               and m["params"]["uri"] == uri and m["params"].get("version") == v)
        first = s.wait(published(1))
        # The index is built on the thread pool after initialized, and the open
        # documents are checked again when it is: wait a little for that.
        time.sleep(1.0)
        row = text.split("\n").index("# edits land here")
        times = []
        for k in range(args.edits):
            version = k + 2
            col = len("# edits land here") + k
            change = {"range": {"start": {"line": row, "character": col}, "end": {"line": row, "character": col}},
                      "text": "x"}
            t0 = time.perf_counter()
            s.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": version},
                                                "contentChanges": [change]})
            s.wait(published(version))
            times.append((time.perf_counter() - t0) * 1000)
        rid = s.request("shutdown", None)
        s.wait(lambda m: m.get("id") == rid)
        s.notify("exit", None)
        s.p.wait(timeout=10)

    times.sort()
    q = lambda p: times[min(len(times) - 1, int(round(p * (len(times) - 1))))]
    print(f"{text.count(chr(10))} lines, {len(first['params']['diagnostics'])} diagnostics, {len(times)} edits")
    print(f"keystroke to publishDiagnostics (ms): p50 {q(0.5):.1f}  p90 {q(0.9):.1f}  "
          f"p99 {q(0.99):.1f}  max {times[-1]:.1f}  mean {statistics.mean(times):.1f}")


if __name__ == "__main__":
    sys.exit(main())

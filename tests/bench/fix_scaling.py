#!/usr/bin/env python3
"""Fixes against the findings of a file: `gradguard check --fix` and the
language server's code actions on generated files of 10, 100 and 1,000
findings, to see that their time grows no faster than the findings.

Two shapes of file:
  classes   N/4 classes of one model-wrapper pattern, each with the same
            method names (validate, predict, compute_loss, log_metrics):
            a forward and an accumulation in an evaluation loop, a
            volatile=True and a forward in predict(). Methods that share a
            name across a file are what made the fixer's "does this region
            train" test follow every call into every function of that name.
  one-loop  one evaluation loop holding N forwards: N findings whose fixes
            all wrap the same loop.

Rows: `check --fix` (a fresh copy each run), and in `gradguard lsp` one
textDocument/codeAction over the whole file (every quick fix with its edit,
and source.fixAll) and one for source.fixAll alone; and `check` without --fix, the analysis
that --fix repeats each round. Each runs --runs times; the table shows the
median CPU time (of the check, from wait4; of the server, from /proc, over
the request), the min-max, and the time per finding (flat when the growth
is linear). CPU time, not wall time: the machine may be shared.

usage: fix_scaling.py --gradguard EXE [--runs N] [--findings 10,100,1000] [--reps N] [--markdown]
       fix_scaling.py --write PATH --shape classes|one-loop --findings N
"""
import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile

CLASS = '''
class Experiment{i}:
    def __init__(self, model, loader):
        self.model = model
        self.loader = loader

    def compute_loss(self, out, y):
        self.log_metrics(out)
        return torch.nn.functional.cross_entropy(out, y)

    def log_metrics(self, value):
        print(value)

    def validate(self, val_loader):
        self.model.eval()
        total = 0.0
        for x, y in val_loader:
            out = self.model(x)
            loss = self.compute_loss(out, y)
            self.log_metrics(loss)
            total += loss
        return total

    def predict(self, x):
        v = Variable(x, volatile=True)
        return self.model(v)
'''


def source(shape, findings):
    """The file's text: `findings` findings (classes: rounded up to a multiple of 4, four a class)."""
    if shape == "classes":
        head = "import torch\nfrom torch.autograd import Variable\n"
        return head + "".join(CLASS.format(i=i) for i in range(max(1, (findings + 3) // 4)))
    lines = ["import torch", "", "", "def validate(model, loader):", "    model.eval()", "    for x in loader:"]
    lines += [f"        y{i} = model(x)" for i in range(findings)]
    return "\n".join(lines) + "\n"


def timed(argv, cwd):
    """(CPU seconds of the child, from wait4; exit status; stderr) of one run of argv."""
    proc = subprocess.Popen(argv, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    stderr = proc.stderr.read()
    _, status, usage = os.wait4(proc.pid, 0)
    return usage.ru_utime + usage.ru_stime, os.waitstatus_to_exitcode(status), stderr.decode(errors="replace")


def cpu_of(pid):
    """CPU seconds (user + system) a running process has used so far, from /proc."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


class Lsp:
    """Just enough of a client: one request at a time, the server's own requests answered with null."""

    def __init__(self, gradguard, root):
        self.p = subprocess.Popen([gradguard, "lsp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.DEVNULL, cwd=root)
        self.next_id = 0

    def send(self, obj):
        body = json.dumps(obj).encode()
        self.p.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.p.stdin.flush()

    def read(self):
        length = None
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise RuntimeError("the server closed its output")
            if line in (b"\r\n", b"\n"):
                break
            name, _, value = line.decode("ascii").partition(":")
            if name.lower() == "content-length":
                length = int(value)
        return json.loads(self.p.stdout.read(length))

    def until(self, pred):
        while True:
            m = self.read()
            if "method" in m and "id" in m:  # a request of the server's
                self.send({"jsonrpc": "2.0", "id": m["id"], "result": None})
            elif pred(m):
                return m

    def request(self, method, params):
        self.next_id += 1
        rid = self.next_id
        self.send({"jsonrpc": "2.0", "id": rid, "method": method, "params": params})
        m = self.until(lambda m: m.get("id") == rid and "method" not in m)
        if "error" in m:
            raise RuntimeError(f"{method}: {m['error']}")
        return m["result"]

    def close(self):
        try:
            self.request("shutdown", None)
            self.send({"jsonrpc": "2.0", "method": "exit"})
            self.p.wait(timeout=30)
        except Exception:
            self.p.kill()
            self.p.wait()


def code_action_times(gradguard, path, text, runs, reps=None):
    """(whole-file code actions, fixAll alone): lists of seconds per request, and the findings published."""
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
        lines = text.count("\n") + 1
        whole = {"start": {"line": 0, "character": 0}, "end": {"line": lines, "character": 0}}
        both, fix_all = [], []
        for _ in range(runs):
            for only, out in ((None, both), (["source.fixAll.gradguard"], fix_all)):
                context = {"diagnostics": []}
                if only:
                    context["only"] = only
                # Repeated on small files: /proc counts CPU time in clock ticks (10 ms).
                reps = reps or max(1, 2000 // max(1, len(diags)))
                t0 = cpu_of(lsp.p.pid)
                for _ in range(reps):
                    lsp.request("textDocument/codeAction",
                                {"textDocument": {"uri": uri}, "range": whole, "context": context})
                out.append((cpu_of(lsp.p.pid) - t0) / reps)
        return both, fix_all, len(diags)
    finally:
        lsp.close()


def row(name, shape, findings, times, out):
    med = statistics.median(times)
    out.append((name, shape, findings, med, min(times), max(times), med / findings * 1e6))


def bench(gradguard, sizes, runs, markdown, reps=None):
    rows = []
    tmp = tempfile.mkdtemp(prefix="gg-fix-scaling-")
    try:
        for shape in ("classes", "one-loop"):
            for n in sizes:
                text = source(shape, n)
                path = os.path.join(tmp, f"{shape}_{n}.py")
                with open(path, "w", encoding="utf-8") as f:
                    f.write(text)
                both, fix_all, found = code_action_times(gradguard, path, text, runs, reps)
                fix, plain = [], []
                for _ in range(runs):
                    work = os.path.join(tmp, "work")
                    os.makedirs(work, exist_ok=True)
                    for extra, out in ((["--fix"], fix), ([], plain)):
                        with open(os.path.join(work, "f.py"), "w", encoding="utf-8") as f:
                            f.write(text)
                        cpu, rc, err = timed([gradguard, "check", "--isolated", *extra, "f.py"], work)
                        if rc not in (0, 1):
                            sys.exit(f"fix_scaling: check {' '.join(extra)} exited {rc}\n{err[-4000:]}")
                        out.append(cpu)
                row("check --fix", shape, found, fix, rows)
                row("check (no fix: the floor)", shape, found, plain, rows)
                row("codeAction, whole file", shape, found, both, rows)
                row("codeAction, fixAll", shape, found, fix_all, rows)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    if markdown:
        print("| what | file | findings | median CPU s | min–max s | µs per finding |")
        print("|---|---|---:|---:|---:|---:|")
        for r in sorted(rows, key=lambda r: (r[0], r[1], r[2])):
            print(f"| {r[0]} | {r[1]} | {r[2]} | {r[3]:.3f} | {r[4]:.3f}–{r[5]:.3f} | {r[6]:.0f} |")
    else:
        print(f"{'what':<26} {'file':<9} {'findings':>8} {'median':>8} {'min':>8} {'max':>8} {'us/finding':>10}")
        for r in sorted(rows, key=lambda r: (r[0], r[1], r[2])):
            print(f"{r[0]:<26} {r[1]:<9} {r[2]:>8} {r[3]:8.3f} {r[4]:8.3f} {r[5]:8.3f} {r[6]:10.0f}")
    return 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--gradguard")
    ap.add_argument("--write", metavar="PATH")
    ap.add_argument("--shape", choices=("classes", "one-loop"), default="classes")
    ap.add_argument("--findings", default="10,100,1000")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--markdown", action="store_true")
    ap.add_argument("--reps", type=int, help="code action requests per figure (default: 2000 / findings)")
    opts = ap.parse_args()
    sizes = [int(n) for n in opts.findings.split(",")]
    if opts.write:
        with open(opts.write, "w", encoding="utf-8") as f:
            f.write(source(opts.shape, sizes[0]))
        return 0
    if not opts.gradguard:
        ap.error("--gradguard or --write is needed")
    return bench(os.path.abspath(opts.gradguard), sizes, opts.runs, opts.markdown, opts.reps)


if __name__ == "__main__":
    sys.exit(main())

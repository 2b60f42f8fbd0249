#!/usr/bin/env python3
"""The corpus oracle (#30): the rule corpus's cases run under gradguard.probe,
and what autograd did is compared with each case's static label (`# expect:`).

A case is imported (not as __main__) in a scratch folder, then each of its
top-level functions whose parameters all have a stand-in is called, once,
under the probe: a tiny model (Linear 4 -> 3, in eval mode, as a caller's
evaluation hands it over; it answers `.loss`, `.logits`, `.generate`), a
loader of five (inputs, labels) batches (with `.dataset`), a device "cpu", a
criterion, an optimizer, an input tensor, a number of epochs or steps.
Functions whose parameters have no stand-in are not called; nothing is
guessed beyond names.

Per case, over the lines where an eval-mode forward ran in the case's file:
- GG001 at run time (bytes kept for a backward that never came) must be
  exactly the `# expect: GG001` marks among those lines;
- GG002 at run time in a function must match a `# expect: GG002` mark in
  that function's lines, for the functions whose site ran five times.
A mark on a line that never ran is not exercised (neither agrees nor not).
Verdicts: agree, disagree, not runnable (the import failed, nothing could be
called, or no eval-mode forward ran in the case's file). Disagreements listed
in oracle_known.txt (with why) are reported but do not fail the run.

usage: corpus_oracle.py [--verbose] [CASE.py ...]   (77 without torch)
"""
import glob
import inspect
import json
import os
import re
import signal
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
CORPUS = os.path.join(HERE, "..", "corpus")
# The corpus runner's marks, read with its own pattern (tests/corpus/run_corpus.py).
sys.path.insert(0, CORPUS)
from run_corpus import EXPECT  # noqa: E402
del sys.path[0]
KNOWN = os.path.join(HERE, "oracle_known.txt")
CASE_SECONDS = 10


def expected(path):
    found = {}
    with open(path, encoding="utf-8") as f:
        for row, line in enumerate(f, start=1):
            m = EXPECT.search(line)
            if m:
                for code in m.group(1).split(","):
                    found.setdefault(code.strip(), set()).add(row)
    return found


# -- in the interpreter with torch ---------------------------------------------

def stand_ins(torch):
    class Output(torch.Tensor):
        pass

    class TinyModel(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.fc = torch.nn.Linear(4, 3)
            self.config = type("Config", (), {"num_labels": 3})()

        def forward(self, x=None, *args, **kwargs):
            if not isinstance(x, torch.Tensor) or x.dtype != torch.float32 or x.shape[-1] != 4:
                x = torch.randn(2, 4)
            return self.fc(x)

        def generate(self, x=None, **kwargs):
            return self(x).argmax(-1)

    class Loader(list):
        """A list of batches with a dataset and a batch size, as a DataLoader has."""
        batch_size = 2

        @property
        def dataset(self):
            return [None] * (2 * len(self))

    def batches():
        return Loader((torch.randn(2, 4), torch.tensor([0, 2])) for _ in range(5))

    def model():
        return TinyModel().eval()

    table = {}
    for n in ("model", "net", "network", "encoder", "decoder", "head", "teacher", "student", "classifier",
              "unet", "vae", "policy", "actor", "critic", "generator", "discriminator", "backbone", "module"):
        table[n] = model
    for n in ("loader", "val_loader", "test_loader", "valid_loader", "dataloader", "data_loader",
              "val_dataloader", "test_dataloader", "eval_loader", "train_loader", "batches", "dataset", "data",
              "loaders"):
        table[n] = batches
    for n in ("x", "inputs", "input", "images", "image", "img", "feats", "features", "latents", "z", "obs",
              "xs", "sample", "samples", "tensor", "ids", "input_ids", "batch_x"):
        table[n] = lambda: torch.randn(2, 4)
    table["batch"] = lambda: (torch.randn(2, 4), torch.tensor([0, 2]))
    table["y"] = table["labels"] = table["targets"] = table["target"] = lambda: torch.tensor([0, 2])
    table["device"] = lambda: "cpu"
    table["criterion"] = table["loss_fn"] = table["loss_func"] = lambda: torch.nn.CrossEntropyLoss()
    for n in ("epochs", "steps", "n_steps", "num_steps", "epoch", "step", "batch_idx", "iters", "eval_iters",
              "n", "k", "num_batches"):
        table[n] = lambda: 2
    return table


def optimizer_for(torch, args):
    params = [p for v in args.values() if isinstance(v, torch.nn.Module) for p in v.parameters()]
    return torch.optim.SGD(params or [torch.nn.Parameter(torch.zeros(1))], lr=0.01)


class Timeout(Exception):
    pass


def run_case(torch, probe, path, table):
    """(status, sites): sites as the probe's dicts of this file (see probe_output.runtime_document)."""
    import runpy
    from gradguard import probe_output

    def alarm(*_):
        raise Timeout()

    signal.signal(signal.SIGALRM, alarm)
    called = 0
    tainted = set()  # lines of sites that ran in a call that raised: what they kept says nothing
    with open(path, encoding="utf-8") as f:
        source = f.read()
    with probe.watch(report=None, write=False) as p:
        signal.alarm(CASE_SECONDS)
        try:
            try:
                ns = runpy.run_path(path, run_name="gg_oracle_case")
            except BaseException as e:  # the case's own module-level code: its imports, its files
                if isinstance(e, KeyboardInterrupt):
                    raise
                return "import failed: %s: %s" % (type(e).__name__, str(e)[:80]), []
            for name, fn in list(ns.items()):
                if not inspect.isfunction(fn) or getattr(fn.__code__, "co_filename", "") != path:
                    continue
                # Entry points only: a function the case calls itself runs in its caller's context.
                if len(re.findall(r"\b%s\b" % re.escape(name), source)) > 1:
                    continue
                try:
                    params = inspect.signature(fn).parameters.values()
                except (TypeError, ValueError):
                    continue
                args, ok = {}, True
                for prm in params:
                    if prm.kind in (prm.VAR_POSITIONAL, prm.VAR_KEYWORD):
                        continue
                    if prm.name in table:
                        args[prm.name] = table[prm.name]()
                    elif prm.name in ("optimizer", "opt", "optim"):
                        args[prm.name] = None  # made below, from the model
                    elif prm.default is prm.empty:
                        ok = False
                if not ok:
                    continue
                for k in [k for k, v in args.items() if v is None]:
                    args[k] = optimizer_for(torch, args)
                called += 1
                before = {k: site.calls for k, site in p.sites.items()}
                try:
                    fn(**args)
                except Timeout:
                    raise
                except BaseException as e:
                    if isinstance(e, KeyboardInterrupt):
                        raise
                    # The stand-ins did not fit (shapes, types): the graph may have died before its backward.
                    tainted |= {site.line for k, site in p.sites.items() if site.calls != before.get(k)}
                finally:
                    torch.set_grad_enabled(True)
        except Timeout:
            return "timed out", []
        finally:
            signal.alarm(0)
            torch.set_grad_enabled(True)
    doc = probe_output.runtime_document(p, root=os.path.dirname(path))
    sites = [s for s in doc["sites"] if os.path.realpath(os.path.join(os.path.dirname(path), s["filename"])) == path]
    found = [f for f in doc["findings"]
             if os.path.realpath(os.path.join(os.path.dirname(path), f["filename"])) == path]
    if not called and not sites:
        return "nothing to call", []
    return "ran", {"sites": sites, "findings": found, "tainted": sorted(tainted)}


def inner(cases):
    import torch
    from gradguard import probe
    table = stand_ins(torch)
    torch.manual_seed(0)
    results = {}
    with tempfile.TemporaryDirectory(prefix="gg-oracle-") as scratch:
        for path in cases:
            os.chdir(scratch)
            status, data = run_case(torch, probe, os.path.realpath(path), table)
            results[os.path.basename(path)] = {"status": status, "data": data}
    json.dump(results, sys.stdout)
    return 0


# -- the comparison ---------------------------------------------------------------

def verdict(path, result):
    """("agree" | "disagree" | "not runnable", why)."""
    if result["status"] != "ran":
        return "not runnable", result["status"]
    marks = expected(path)
    silenced = noqa_lines(path)
    if silenced is True:
        return "not runnable", "the whole file is noqa: its static label is no label"
    tainted = set(result["data"]["tainted"]) | silenced
    sites = [s for s in result["data"]["sites"] if s["runtime"]["eval_calls"] and s["line"] not in tainted]
    if not sites:
        return "not runnable", "no eval-mode forward ran in the case (%d raised or noqa)" % len(
            [s for s in result["data"]["sites"] if s["line"] in tainted])
    findings = result["data"]["findings"]
    problems = []
    ran_rows = {s["line"] for s in sites}
    gg001_runtime = {f["line"] for f in findings if f["code"] == "GG001"}
    for row in sorted(ran_rows):
        static = row in marks.get("GG001", set())
        if static != (row in gg001_runtime):
            problems.append("line %d: GG001 %s statically, %s at run time" % (
                row, "expected" if static else "not expected", "found" if row in gg001_runtime else "not found"))
    for s in sites:
        if s["runtime"]["calls"] < 5:
            continue
        first, last = s["function_lines"]
        static = any(first <= r <= last for r in marks.get("GG002", set()))
        runtime = any(f["code"] == "GG002" and f["line"] == s["line"] for f in findings)
        if static != runtime:
            problems.append("%s(): GG002 %s statically, %s at run time (site line %d)" % (
                s["function"], "expected" if static else "not expected", "found" if runtime else "not found",
                s["line"]))
    return ("disagree", "; ".join(problems)) if problems else ("agree", "%d site(s)" % len(sites))


NOQA = re.compile(r"#\s*noqa\b", re.IGNORECASE)
FILE_NOQA = re.compile(r"^\s*#\s*gradguard:\s*noqa\b(?!\s*:)", re.IGNORECASE | re.MULTILINE)


def noqa_lines(path):
    """The lines a `# noqa` silences (True: the whole file): the label there says nothing of autograd."""
    with open(path, encoding="utf-8") as f:
        text = f.read()
    if FILE_NOQA.search(text):
        return True
    return {row for row, line in enumerate(text.splitlines(), start=1) if NOQA.search(line)}


def known_disagreements():
    known = {}
    if os.path.exists(KNOWN):
        with open(KNOWN, encoding="utf-8") as f:
            for line in f:
                line = line.strip()
                if line and not line.startswith("#"):
                    name, _, why = line.partition(" ")
                    known[name] = why.strip()
    return known


def main():
    args = [a for a in sys.argv[1:] if a != "--verbose"]
    verbose = "--verbose" in sys.argv[1:]
    if args[:1] == ["--inner"]:
        return inner(args[1:])
    python = None
    for candidate in (sys.executable, "/usr/bin/python3"):
        if subprocess.run([candidate, "-c", "import torch"], capture_output=True).returncode == 0:
            python = candidate
            break
    if not python:
        print("SKIP: no python3 that imports torch (apt-get install python3-torch)")
        return 77
    cases = [os.path.abspath(c) for c in args] or sorted(glob.glob(os.path.join(os.path.abspath(CORPUS), "*.py")))
    env = dict(os.environ, PYTHONPATH=os.path.abspath(os.path.join(HERE, "..", "..", "python")),
               PYTHONDONTWRITEBYTECODE="1")
    run = subprocess.run([python, os.path.abspath(__file__), "--inner"] + cases, env=env, capture_output=True,
                         text=True, timeout=60 + CASE_SECONDS * len(cases), stdin=subprocess.DEVNULL)
    try:
        results = json.loads(run.stdout[run.stdout.index("{"):])
    except ValueError:
        print("FAIL: the oracle's run gave no results\n", run.stdout[-2000:], run.stderr[-4000:])
        return 1
    known = known_disagreements()
    counts = {"agree": 0, "disagree": 0, "not runnable": 0}
    unexpected = []
    for path in cases:
        name = os.path.basename(path)
        v, why = verdict(path, results[name])
        counts[v] += 1
        if v == "disagree":
            tag = "known" if name in known else "NEW"
            print("disagree (%s) %s: %s%s" % (tag, name, why, " [%s]" % known[name] if name in known else ""))
            if name not in known:
                unexpected.append(name)
        elif verbose:
            print("%s %s: %s" % (v, name, why))
    print("corpus oracle: %d cases: %d agree, %d disagree (%d known), %d not runnable" % (
        len(cases), counts["agree"], counts["disagree"], counts["disagree"] - len(unexpected),
        counts["not runnable"]))
    return 1 if unexpected else 0


if __name__ == "__main__":
    sys.exit(main())

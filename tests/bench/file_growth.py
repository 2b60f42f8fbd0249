#!/usr/bin/env python3
"""How `gradguard check` grows with one file's size (issue #31: no function of
the analysis superlinear in the file).

Generates files of 10,000, 20,000 and 40,000 lines in two shapes. A model
zoo's module: classes with submodules built in __init__, an evaluate() method
in eval mode over a loader (one in ten without no_grad: a finding), a training
step, a second module class, and a module-level validate() function. A
notebook exported as a script: cell after cell, the model put in eval mode
and run on a batch whose result is printed (a finding), then trained a few
steps at module level. Counts
the instructions of one `check` of each under callgrind (exact, unlike times
on a shared machine) and prints the growth per doubling: 2.0 is linear.
Without valgrind, CPU seconds (median of 3) stand in.

usage: file_growth.py --gradguard EXE [--lines 10000,20000,40000]
"""
import argparse
import os
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile

BLOCK = '''

class Runner{i}(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.encoder = nn.Linear(dim, dim)
        self.head = nn.Linear(dim, 10)
        self.model = Net{j}(dim)

    def forward(self, x):
        return self.head(torch.relu(self.encoder(x)))

    def evaluate(self, loader):
        self.model.eval()
        total = 0
        {guard}for x, y in loader:
            {ind}out = self.model(x)
            {ind}total += (out.argmax(-1) == y).sum().item()
        return total

    def train_step(self, x, y, opt):
        loss = F.cross_entropy(self(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
        return loss.item()


class Net{i}(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.fc = nn.Linear(dim, 10)

    def forward(self, x):
        return self.fc(x)


def validate_{i}(model, val_loader):
    model.eval()
    losses = []
    {guard2}for x, y in val_loader:
        {ind}pred = model(x)
        {ind}losses.append(F.cross_entropy(pred, y).item())
    return sum(losses) / len(losses)
'''


def source(lines):
    parts = ["import torch\nfrom torch import nn\nimport torch.nn.functional as F\n"]
    count, i = 3, 0
    while count < lines:
        guarded = i % 10 != 0
        block = BLOCK.format(i=i, j=max(i - 1, 0),
                             guard="with torch.no_grad():\n            " if guarded else "",
                             guard2="with torch.no_grad():\n        " if guarded else "",
                             ind="    " if guarded else "")
        parts.append(block)
        count += block.count("\n")
        i += 1
    return "".join(parts)


CELL = '''
model.eval()
out_{i} = model(torch.randn(8, 4))
stat_{i} = out_{i}.mean()
print([stat_{i}, out_{i}.std()])
model.train()
for step in range(3):
    opt.zero_grad()
    loss_{i} = model(torch.randn(8, 4)).pow(2).mean()
    loss_{i}.backward()
    opt.step()
'''


def notebook(lines):
    parts = ["import torch\nfrom torch import nn\nmodel = nn.Linear(4, 4)\nopt = torch.optim.SGD(model.parameters(), 0.1)\n"]
    count, i = 4, 0
    while count < lines:
        cell = CELL.format(i=i)
        parts.append(cell)
        count += cell.count("\n")
        i += 1
    return "".join(parts)


def instructions(exe, path):
    out = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", exe, "check", path],
                         capture_output=True, text=True)
    m = re.search(r"Collected : (\d+)", out.stderr)
    return int(m.group(1)) if m else None


def cpu_seconds(exe, path):
    runs = []
    for _ in range(3):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        subprocess.run([exe, "check", path], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        runs.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    return statistics.median(runs)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--gradguard", required=True)
    ap.add_argument("--lines", default="10000,20000,40000")
    args = ap.parse_args()
    exe = os.path.abspath(args.gradguard)
    sizes = [int(n) for n in args.lines.split(",")]
    exact = shutil.which("valgrind") is not None
    unit = "instructions" if exact else "CPU s"
    print(f"| shape | lines | {unit} | per line | growth per doubling |")
    print("|---|---:|---:|---:|---:|")
    with tempfile.TemporaryDirectory() as tmp:
        for shape, make in (("zoo", source), ("notebook", notebook)):
            prev = None
            for n in sizes:
                path = os.path.join(tmp, f"{shape}_{n}.py")
                with open(path, "w") as f:
                    f.write(make(n))
                cost = instructions(exe, path) if exact else cpu_seconds(exe, path)
                if cost is None:
                    print("valgrind gave no count", file=sys.stderr)
                    return 1
                growth = f"{cost / prev:.2f}" if prev else "—"
                per = f"{cost / n:,.0f}" if exact else f"{cost / n * 1e6:.1f} µs"
                shown = f"{cost:,}" if exact else f"{cost:.3f}"
                print(f"| {shape} | {n:,} | {shown} | {per} | {growth} |")
                prev = cost
    return 0


if __name__ == "__main__":
    sys.exit(main())

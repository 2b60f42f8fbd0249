#!/usr/bin/env python3
"""What gradguard.probe costs where it finds nothing (SPEC §9: under 5%): a
small CNN's evaluation loop on the CPU under torch.no_grad(), the same
batches with and without the probe installed, in one process, the two
alternated over several rounds; the median round of each is compared. Also
the loop with autograd on (what the probe then measures), for the record.

Needs an interpreter with torch (this one, else /usr/bin/python3): skipped
(77) without. docs/performance.md has the figures.

usage: probe_overhead.py [--batch N] [--batches N] [--rounds N] [--threads N]
"""
import argparse
import os
import platform
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
SOURCE_PYTHON = os.path.join(HERE, "..", "..", "python")


def bench(args):
    import torch
    sys.path.insert(0, os.path.abspath(SOURCE_PYTHON))
    from gradguard import probe

    torch.manual_seed(0)
    torch.set_num_threads(args.threads)

    class SmallCNN(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.features = torch.nn.Sequential(
                torch.nn.Conv2d(3, 16, 3, padding=1), torch.nn.BatchNorm2d(16), torch.nn.ReLU(),
                torch.nn.MaxPool2d(2),
                torch.nn.Conv2d(16, 32, 3, padding=1), torch.nn.BatchNorm2d(32), torch.nn.ReLU(),
                torch.nn.MaxPool2d(2))
            self.head = torch.nn.Sequential(torch.nn.Flatten(), torch.nn.Linear(32 * 8 * 8, 10))

        def forward(self, x):
            return self.head(self.features(x))

    model = SmallCNN().eval()
    batches = [torch.randn(args.batch, 3, 32, 32) for _ in range(args.batches)]

    # CPU time of this process: the other processes of a shared machine do not count.
    def evaluate(grad, model=model, batches=batches):
        start = time.process_time()
        with torch.set_grad_enabled(grad):
            correct = 0
            for x in batches:
                correct += int(model(x).argmax(1).sum())
        return time.process_time() - start

    evaluate(False)  # warm up the allocator and the kernels
    results = {}
    for grad in (False, True):
        bare, probed = [], []
        for _ in range(args.rounds):
            bare.append(evaluate(grad))
            with probe.watch(report=None, write=False):
                probed.append(evaluate(grad))
        results[grad] = (statistics.median(bare), statistics.median(probed))
    modules = sum(1 for _ in model.modules())
    print(f"machine: {platform.machine()}, {platform.processor() or platform.platform()}, "
          f"torch {torch.__version__}, Python {platform.python_version()}, {args.threads} thread(s)")
    print(f"model: a small CNN ({modules} modules), batches of {args.batch}x3x32x32, {args.batches} per round, "
          f"median of {args.rounds} rounds")
    for grad, (bare, probed) in results.items():
        per_forward = (probed - bare) / args.batches * 1e6
        print(f"{'grad on  ' if grad else 'no_grad  '} bare {bare * 1000:8.1f} ms  probed {probed * 1000:8.1f} ms  "
              f"overhead {100 * (probed - bare) / bare:+5.1f}%  ({per_forward:+.0f} us per forward)")
    # The probe's own cost per forward, where the forward costs next to nothing: as many
    # modules, each on a 1x1 tensor.
    tiny = torch.nn.Sequential(*[torch.nn.Identity() for _ in range(modules - 1)]).eval()
    ones = [torch.ones(1, 1)] * 2000
    t_bare, t_probed = [], []
    for _ in range(args.rounds):
        t_bare.append(evaluate(False, tiny, ones))
        with probe.watch(report=None, write=False):
            t_probed.append(evaluate(False, tiny, ones))
    cost = (statistics.median(t_probed) - statistics.median(t_bare)) / len(ones)
    bare, probed = results[False]
    print(f"the probe's own cost: {cost * 1e6:.1f} us per forward of {modules} modules (no_grad), "
          f"{100 * cost / (bare / args.batches):.1f}% of this CNN's forward")
    overhead = (probed - bare) / bare
    print(f"no_grad overhead {100 * overhead:.1f}% (goal: below 5%): {'met' if overhead < 0.05 else 'NOT met'}")
    return 0


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--batches", type=int, default=100)
    p.add_argument("--rounds", type=int, default=7)
    p.add_argument("--batch", type=int, default=8)
    p.add_argument("--threads", type=int, default=1)
    p.add_argument("--inner", action="store_true", help=argparse.SUPPRESS)
    args = p.parse_args()
    if args.inner:
        return bench(args)
    for python in (sys.executable, "/usr/bin/python3"):
        if subprocess.run([python, "-c", "import torch"], capture_output=True).returncode == 0:
            return subprocess.run([python, os.path.abspath(__file__), "--inner"] + sys.argv[1:]).returncode
    print("SKIP: no python3 that imports torch (apt-get install python3-torch)")
    return 77


if __name__ == "__main__":
    sys.exit(main())

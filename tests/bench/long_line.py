#!/usr/bin/env python3
"""Many findings on one line: `gradguard check` in each output format on a
generated file whose one long line holds N `Variable(x, volatile=True)`
calls (N GG003 findings), as minified or generated code can.

What it guards: the work per finding must not grow with the length of its
line. Concise only prints; json, full and sarif also list each finding's
fixes (the `# noqa` suggestion looks at the end of the line) and convert the
fixes' offsets to rows and columns. A scan of the line per finding makes
those formats quadratic in the findings of a line.

Every format runs --runs times on the same file; the table shows the median
wall time and the median CPU time (user + system of the child, from wait4),
with the min-max of the wall times.

usage: long_line.py --gradguard EXE [--findings N] [--runs N]
       long_line.py --write PATH [--findings N] [--variety]

--write only writes the file (--variety adds a second long line with
non-ASCII text, astral characters and an existing `# noqa: E501` comment, for
tests/cli/test_cli_long_line.py).
"""
import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HEAD = "import torch\nfrom torch.autograd import Variable\n\nx = torch.ones(3)\n"


def source(findings, variety=False):
    """The file's text: one line of `findings` calls; with variety, a second, different line."""
    calls = "; ".join(f"v{i} = Variable(x, volatile=True)" for i in range(findings))
    text = HEAD + calls + "\n"
    if variety:
        # Code points beyond ASCII and beyond the BMP move code point and UTF-16 columns apart;
        # the comment gives the noqa suggestion a code list to extend instead of a new comment.
        n = max(1, findings // 3)
        forms = ("w{i} = Variable(x,  volatile = True)", "é{i} = Variable(x, volatile=True, name='😀{i}')",
                 "u{i} = Variable(volatile=True, data=x)")
        calls = "; ".join(forms[i % 3].format(i=i) for i in range(n))
        text += "y = 1\n" + calls + "  # noqa: E501  \n"
    return text


def timed(argv):
    """(wall seconds, CPU seconds, exit status, stderr) of one run of argv, stdout discarded."""
    t0 = time.perf_counter()
    proc = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    stderr = proc.stderr.read()
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - t0
    return wall, usage.ru_utime + usage.ru_stime, os.waitstatus_to_exitcode(status), stderr.decode(errors="replace")


def bench(gradguard, findings, runs):
    tmp = tempfile.mkdtemp(prefix="gg-long-line-")
    try:
        path = os.path.join(tmp, "long_line.py")
        with open(path, "w", encoding="utf-8", newline="") as f:
            f.write(source(findings))
        print(f"file: {findings} findings on one line of {os.path.getsize(path) - len(HEAD) - 1} bytes")
        print(f"\n{'format':<18} {'wall':>8} {'min':>8} {'max':>8} {'cpu':>8}  runs")
        for fmt, extra in (("concise", []), ("full", []), ("sarif", []), ("json", []),
                           ("json --all-fixes", ["--all-fixes"])):
            argv = [gradguard, "check", "--isolated", "--output-format", fmt.split()[0], *extra, path]
            walls, cpus = [], []
            for _ in range(runs):
                wall, cpu, rc, stderr = timed(argv)
                # 1: findings, as expected; anything else is a failure of the run, not a figure.
                if rc != 1:
                    sys.exit(f"long_line: {fmt}: exit {rc}\n{stderr[-4000:]}")
                walls.append(wall)
                cpus.append(cpu)
            print(f"{fmt:<18} {statistics.median(walls):8.3f} {min(walls):8.3f} {max(walls):8.3f} "
                  f"{statistics.median(cpus):8.3f}  {runs}")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--gradguard")
    ap.add_argument("--write", metavar="PATH")
    ap.add_argument("--findings", type=int, default=20000)
    ap.add_argument("--variety", action="store_true")
    ap.add_argument("--runs", type=int, default=3)
    opts = ap.parse_args()
    if opts.write:
        with open(opts.write, "w", encoding="utf-8", newline="") as f:
            f.write(source(opts.findings, opts.variety))
        return 0
    if not opts.gradguard:
        ap.error("--gradguard or --write is needed")
    return bench(opts.gradguard, opts.findings, opts.runs)


if __name__ == "__main__":
    sys.exit(main())

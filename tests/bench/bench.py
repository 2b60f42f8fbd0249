#!/usr/bin/env python3
"""Throughput benchmark (SPEC §8): `gradguard check` over the Debian Python
stdlib and torch's own sources, against a bare tree-sitter parse of the same
files (parse_only) and against pyflakes on the same files.

Goals: gradguard ≤ 1.3× the bare parse of the files it analyses, ≥ 10× faster
than pyflakes, single-threaded; and it scales across cores (--threads).

Every command runs --runs times (pyflakes --pyflakes-runs times); the table
shows the median wall time and the median CPU time (user + system of the
child, from wait4), with the min-max of the wall times. The machine may be
shared: CPU time is the figure to compare, wall time says how noisy it was.

Rows:
  gradguard           gradguard check --threads 1 ROOTS > /dev/null (walks,
                      reads every file, parses and analyses those that name a
                      framework)
  gradguard -j N      the same with --threads N, N the CPUs this process may
                      use (what nproc prints); left out when that is 1
  parse, all files    parse_only ROOTS: reads and parses every file
  parse, same files   parse_only --framework ROOTS: reads every file, parses
                      those that gradguard parses (the fair floor)
  pyflakes, all       python3 -m pyflakes FILE... (every file gradguard walks)
  pyflakes, same      python3 -m pyflakes FILE... (the files gradguard parses)

usage: bench.py --gradguard EXE --parse-only EXE [--runs N] [--pyflakes-runs N]
                [--no-pyflakes] [--markdown] [ROOT...]
ROOT defaults to Debian's torch package and the stdlib of /usr/bin/python3
(without site-packages and dist-packages); a missing torch is left out.
"""
import argparse
import os
import shlex
import statistics
import subprocess
import sys
import time

DEBIAN_TORCH = "/usr/lib/python3/dist-packages/torch"
# Debian's python3-pyflakes is installed for Debian's python3, which need not be the one running this.
PYTHON = "/usr/bin/python3" if os.access("/usr/bin/python3", os.X_OK) else sys.executable


def default_roots():
    roots = []
    if os.path.isfile(os.path.join(DEBIAN_TORCH, "__init__.py")):
        roots.append(DEBIAN_TORCH)
    else:
        print(f"note: {DEBIAN_TORCH} missing (apt-get install python3-torch): stdlib only", file=sys.stderr)
    try:
        stdlib = subprocess.run(["/usr/bin/python3", "-c", "import sysconfig; print(sysconfig.get_path('stdlib'))"],
                                capture_output=True, text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        import sysconfig
        stdlib = sysconfig.get_path("stdlib")
    # Named one by one: gradguard skips site-packages but not dist-packages,
    # and would check any file named on its command line.
    for name in sorted(os.listdir(stdlib)):
        path = os.path.join(stdlib, name)
        if name not in ("site-packages", "dist-packages") and (os.path.isdir(path) or name.endswith(".py")):
            roots.append(path)
    return roots


def timed(argv, stdout=subprocess.DEVNULL):
    """(wall seconds, CPU seconds, exit status, stderr) of one run of argv."""
    t0 = time.perf_counter()
    proc = subprocess.Popen(argv, stdout=stdout, stderr=subprocess.PIPE)
    stderr = proc.stderr.read()
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - t0
    proc.returncode = os.waitstatus_to_exitcode(status)
    return wall, usage.ru_utime + usage.ru_stime, proc.returncode, stderr.decode("utf-8", errors="replace")


def measure(name, argv, runs, ok=(0,)):
    walls, cpus = [], []
    for _ in range(runs):
        wall, cpu, rc, stderr = timed(argv)
        if rc not in ok:
            sys.exit(f"bench: {name}: exit {rc}\n{stderr[-4000:]}")
        walls.append(wall)
        cpus.append(cpu)
    return {"name": name, "wall": statistics.median(walls), "cpu": statistics.median(cpus),
            "min": min(walls), "max": max(walls), "runs": runs, "stderr": stderr}


def file_list(parse_only, roots, framework):
    argv = [parse_only, "--list"] + (["--framework"] if framework else []) + roots
    out = subprocess.run(argv, capture_output=True, text=True, check=True)
    summary = dict(kv.split("=") for kv in out.stderr.split())
    return out.stdout.splitlines(), int(summary["bytes"])


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--gradguard", required=True)
    ap.add_argument("--parse-only", required=True)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--pyflakes-runs", type=int, default=3)
    ap.add_argument("--no-pyflakes", action="store_true")
    ap.add_argument("--markdown", action="store_true", help="print the table as Markdown")
    ap.add_argument("roots", nargs="*")
    opts = ap.parse_args()
    roots = opts.roots or default_roots()

    all_files, all_bytes = file_list(opts.parse_only, roots, False)
    same_files, same_bytes = file_list(opts.parse_only, roots, True)
    print(f"files: {len(all_files)} walked ({all_bytes / 1e6:.1f} MB), "
          f"{len(same_files)} name a framework and are parsed by gradguard ({same_bytes / 1e6:.1f} MB)")
    # Warm the page cache so that the first measured command pays no disk reads.
    timed([opts.parse_only, "--list"] + roots)

    # The goals against the parse are single-threaded: that row says --threads 1.
    nproc = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)
    gg = measure("gradguard check", [opts.gradguard, "check", "--threads", "1"] + roots, opts.runs, ok=(0, 1))
    threaded = None
    if nproc > 1:
        threaded = measure(f"gradguard check -j {nproc}", [opts.gradguard, "check", "--threads", str(nproc)] + roots,
                           opts.runs, ok=(0, 1))
    parse_all = measure("parse, all files", [opts.parse_only] + roots, opts.runs)
    parse_same = measure("parse, same files", [opts.parse_only, "--framework"] + roots, opts.runs)
    rows = [gg] + ([threaded] if threaded else []) + [parse_all, parse_same]
    pyflakes = None
    if not opts.no_pyflakes:
        if subprocess.run([PYTHON, "-m", "pyflakes", "--version"], capture_output=True).returncode != 0:
            print("note: pyflakes is not installed (apt-get install python3-pyflakes): left out", file=sys.stderr)
        else:
            # pyflakes exits 1 when it has something to say: it always has, on this code.
            py = [PYTHON, "-m", "pyflakes"]
            rows.append(measure("pyflakes, all files", py + all_files, opts.pyflakes_runs, ok=(0, 1)))
            rows.append(measure("pyflakes, same files", py + same_files, opts.pyflakes_runs, ok=(0, 1)))
            pyflakes = rows[-2:]

    if opts.markdown:
        print("\n| command | wall (median) | wall min–max | CPU (median) | runs |")
        print("|---|---:|---:|---:|---:|")
        for r in rows:
            print(f"| {r['name']} | {r['wall']:.3f} s | {r['min']:.3f}–{r['max']:.3f} s | {r['cpu']:.3f} s | {r['runs']} |")
    else:
        print(f"\n{'command':<22} {'wall':>8} {'min':>8} {'max':>8} {'cpu':>8}  runs")
        for r in rows:
            print(f"{r['name']:<22} {r['wall']:8.3f} {r['min']:8.3f} {r['max']:8.3f} {r['cpu']:8.3f}  {r['runs']}")

    def ratio(a, b, key):
        return a[key] / b[key] if b[key] > 0 else float("inf")

    print("\nratios (CPU time; wall time in brackets):")
    r = ratio(gg, parse_same, "cpu")
    print(f"  gradguard / parse of the same files: {r:.2f}x [{ratio(gg, parse_same, 'wall'):.2f}x]"
          f"   goal <= 1.3x: {'met' if r <= 1.3 else 'NOT met'}")
    print(f"  gradguard / parse of all files:      {ratio(gg, parse_all, 'cpu'):.2f}x [{ratio(gg, parse_all, 'wall'):.2f}x]")
    if threaded:
        print(f"  gradguard -j {nproc} speed-up (wall):     {ratio(gg, threaded, 'wall'):.2f}x"
              f"   (CPU time {ratio(threaded, gg, 'cpu'):.2f}x that of one thread)")
    if pyflakes:
        r = ratio(pyflakes[0], gg, "cpu")
        print(f"  pyflakes (all files) / gradguard:    {r:.1f}x [{ratio(pyflakes[0], gg, 'wall'):.1f}x]"
              f"   goal >= 10x: {'met' if r >= 10 else 'NOT met'}")
        print(f"  pyflakes (same files) / gradguard:   {ratio(pyflakes[1], gg, 'cpu'):.1f}x [{ratio(pyflakes[1], gg, 'wall'):.1f}x]")
    print(f"\nparse_only said: all: {parse_all['stderr'].strip()}\n                 same: {parse_same['stderr'].strip()}")
    print("commands:")
    print(f"  {shlex.join([opts.gradguard, 'check', '--threads', '1'])} ROOTS > /dev/null")
    if threaded:
        print(f"  {shlex.join([opts.gradguard, 'check', '--threads', str(nproc)])} ROOTS > /dev/null")
    print(f"  {shlex.join([opts.parse_only])} [--framework] ROOTS")
    print(f"  {shlex.join([PYTHON, '-m', 'pyflakes'])} $({shlex.join([opts.parse_only, '--list'])} [--framework] ROOTS)")
    print(f"  ROOTS = {' '.join(shlex.quote(r) for r in roots[:3])} ... ({len(roots)} paths)")
    return 0


if __name__ == "__main__":
    sys.exit(main())

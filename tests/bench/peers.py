#!/usr/bin/env python3
"""gradguard against its peers on the same files, in one interleaved run
(issue #31, SPEC §8): a bare tree-sitter parse, pyflakes, ruff (its
WebAssembly build, default rules), `gradguard check` on one and on N
threads, and a cold and a warm run of its cache.

Each ROOT is a project: every command runs in it on ".", as a user runs it
(one process per project and command), and a row is the sum over the roots.
The commands take turns, round after round (--rounds), so that a change in
the machine's load touches all of them alike; the table gives the median CPU
time (user + system of the child, from wait4) with its min-max and the median
wall time, and the ratio of each CPU median to the parse's. ruff's row counts
its whole process (which lints the files twice); "ruff, warm" is its second
lint of them alone, the wasm compiled and tiered up (what a long-lived ruff
pays), as ruff_lint.js measures it inside node.

  parse           parse_only .  (reads every file the check walks, parses it)
  check           gradguard check --no-cache --threads 1 .
  check -j N      gradguard check --no-cache --threads N .  (N = CPUs usable)
  cache, cold     gradguard check --threads 1 --cache-dir D .  (D emptied first)
  cache, warm     the same again, D as the cold run left it
  pyflakes        python3 -I -m pyflakes FILE...  (the files parse_only reads)
  ruff (wasm)     node ruff_lint.js < FILES  (left out without node or the module)

usage: peers.py --gradguard EXE --parse-only EXE [--rounds N] [--ruff-wasm DIR]
                [--update-doc FILE] [ROOT...]
ROOT defaults to Debian's torch package (python3-torch). --ruff-wasm is the
node_modules folder holding @astral-sh/ruff-wasm-nodejs (tests/coexist's,
made by its install.sh). --update-doc writes the table into FILE between the
lines `<!-- peers:begin -->` and `<!-- peers:end -->`.
"""
import argparse
import os
import platform
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
DEBIAN_TORCH = "/usr/lib/python3/dist-packages/torch"
PYTHON = "/usr/bin/python3" if os.access("/usr/bin/python3", os.X_OK) else sys.executable


def run_cpu(argv, cwd, stdin=None, env=None, ok=(0, 1)):
    """(wall s, CPU s, stderr): the child's own CPU, from wait4."""
    t0 = time.perf_counter()
    proc = subprocess.Popen(argv, cwd=cwd, stdin=subprocess.PIPE if stdin is not None else subprocess.DEVNULL,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)
    if stdin is not None:
        proc.stdin.write(stdin.encode())
        proc.stdin.close()
    err = proc.stderr.read()
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - t0
    rc = os.waitstatus_to_exitcode(status)
    if rc not in ok:
        sys.exit(f"peers: {' '.join(argv[:3])} in {cwd}: exit {rc}\n{err.decode('utf-8', 'replace')[-2000:]}")
    return wall, usage.ru_utime + usage.ru_stime, err.decode("utf-8", "replace")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--gradguard", required=True)
    ap.add_argument("--parse-only", required=True)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--ruff-wasm", default=os.path.join(HERE, "..", "coexist", "node_modules"))
    ap.add_argument("--update-doc")
    ap.add_argument("roots", nargs="*")
    opts = ap.parse_args()
    roots = [os.path.abspath(r) for r in (opts.roots or [DEBIAN_TORCH])]
    for r in roots:
        if not os.path.isdir(r):
            sys.exit(f"peers: no such folder: {r} (python3-torch gives the default)")
    gg, parse_only = os.path.abspath(opts.gradguard), os.path.abspath(opts.parse_only)
    nproc = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)

    files = {}
    for r in roots:
        out = subprocess.run([parse_only, "--list", "."], cwd=r, capture_output=True, text=True, check=True)
        files[r] = out.stdout
    nfiles = sum(len(f.splitlines()) for f in files.values())
    nbytes = sum(os.path.getsize(os.path.join(r, p)) for r in roots for p in files[r].splitlines())

    # -I: the project's folder is not on the path (torch's own types.py would shadow the stdlib's).
    pyflakes = [PYTHON, "-I", "-m", "pyflakes"]
    have_pyflakes = subprocess.run(pyflakes + ["--version"], capture_output=True).returncode == 0
    module = os.path.join(opts.ruff_wasm, "@astral-sh", "ruff-wasm-nodejs")
    node = shutil.which("node")
    have_ruff = bool(node) and os.path.isdir(module)
    if not have_pyflakes:
        print("note: pyflakes is not installed (apt-get install python3-pyflakes): left out", file=sys.stderr)
    if not have_ruff:
        print(f"note: no node or no {module} (tests/coexist/install.sh): ruff left out", file=sys.stderr)
    node_env = dict(os.environ, NODE_PATH=os.path.abspath(opts.ruff_wasm))
    no_cache = dict(os.environ)
    no_cache.pop("GRADGUARD_NO_CACHE", None)

    cache = tempfile.mkdtemp(prefix="gg-peers-cache-")
    rows = {}  # name -> list of (wall, cpu), one per round

    def add(name, wall, cpu):
        rows.setdefault(name, []).append((wall, cpu))

    try:
        for _ in range(opts.rounds):
            for name, argv in (("parse", [parse_only, "."]),
                               ("check", [gg, "check", "--no-cache", "--threads", "1", "."])) + (
                    ((f"check -j {nproc}", [gg, "check", "--no-cache", "--threads", str(nproc), "."]),)
                    if nproc > 1 else ()):
                w = c = 0.0
                for r in roots:
                    dw, dc, _ = run_cpu(argv, r)
                    w, c = w + dw, c + dc
                add(name, w, c)
            cold = [0.0, 0.0]
            warm = [0.0, 0.0]
            for i, r in enumerate(roots):
                d = os.path.join(cache, str(i))
                shutil.rmtree(d, ignore_errors=True)
                argv = [gg, "check", "--threads", "1", "--cache-dir", d, "."]
                dw, dc, _ = run_cpu(argv, r, env=no_cache)
                cold = [cold[0] + dw, cold[1] + dc]
                dw, dc, _ = run_cpu(argv, r, env=no_cache)
                warm = [warm[0] + dw, warm[1] + dc]
            add("cache, cold", *cold)
            add("cache, warm", *warm)
            if have_pyflakes:
                w = c = 0.0
                for r in roots:
                    dw, dc, err = run_cpu(pyflakes + files[r].splitlines(), r)
                    if "Traceback (most recent call last)" in err:
                        sys.exit(f"peers: pyflakes failed in {r}:\n{err[-2000:]}")
                    w, c = w + dw, c + dc
                add("pyflakes", w, c)
            if have_ruff:
                w = c = lint = 0.0
                for r in roots:
                    dw, dc, err = run_cpu([node, os.path.join(HERE, "ruff_lint.js")], r, stdin=files[r], env=node_env,
                                          ok=(0,))
                    m = re.search(r"again ([0-9.]+)", err)
                    w, c, lint = w + dw, c + dc, lint + (float(m.group(1)) if m else 0.0)
                add("ruff (wasm), one process, two lints", w, c)
                add("ruff (wasm), warm: its second lint alone", 0.0, lint)
    finally:
        shutil.rmtree(cache, ignore_errors=True)

    parse_cpu = statistics.median(c for _, c in rows["parse"])
    lines = ["| command | CPU s (median) | CPU min–max | wall s (median) | CPU / parse |", "|---|---:|---:|---:|---:|"]
    for name, runs in rows.items():
        cpus = [c for _, c in runs]
        walls = [w for w, _ in runs]
        med = statistics.median(cpus)
        wall = f"{statistics.median(walls):.2f}" if any(walls) else "—"
        lines.append(f"| {name} | {med:.2f} | {min(cpus):.2f}–{max(cpus):.2f} | {wall} | {med / parse_cpu:.2f} |")
    ratios = []
    if "check" in rows:
        chk = statistics.median(c for _, c in rows["check"])
        warm = statistics.median(c for _, c in rows["cache, warm"])
        cold = statistics.median(c for _, c in rows["cache, cold"])
        ratios.append(f"check / parse {chk / parse_cpu:.2f} (SPEC: ≤ 1.15); warm / cold {warm / cold:.2f} (≤ 0.5)")
        j = [k for k in rows if k.startswith("check -j")]
        if j:
            w1 = statistics.median(w for w, _ in rows["check"])
            wn = statistics.median(w for w, _ in rows[j[0]])
            ratios.append(f"{j[0]} speed-up in wall time {w1 / wn:.2f} (≥ 1.8 on 2 cores)")
        if "ruff (wasm), warm: its second lint alone" in rows:
            rw = statistics.median(c for _, c in rows["ruff (wasm), warm: its second lint alone"])
            ratios.append(f"check / warm ruff lint {chk / rw:.2f} (moonshot: ≤ 1)")
    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo") as f:
            cpu = next((l.split(":", 1)[1].strip() for l in f if l.startswith("model name")), cpu)
    except OSError:
        pass
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    head = (f"{len(roots)} project(s), {nfiles} files, {nbytes / 1e6:.1f} MB; {opts.rounds} rounds, interleaved; "
            f"{nproc} CPUs ({cpu}); load average {load:.2f} at the end; "
            f"roots: {', '.join(roots[:3])}{' ...' if len(roots) > 3 else ''}")
    table = "\n".join([head, ""] + lines + [""] + ["- " + r for r in ratios])
    print(table)
    if opts.update_doc:
        with open(opts.update_doc, encoding="utf-8") as f:
            doc = f.read()
        begin, end = "<!-- peers:begin -->", "<!-- peers:end -->"
        if begin not in doc or end not in doc:
            sys.exit(f"peers: {opts.update_doc} has no {begin} ... {end} lines")
        a, b = doc.index(begin) + len(begin), doc.index(end)
        with open(opts.update_doc, "w", encoding="utf-8") as f:
            f.write(doc[:a] + "\n" + table + "\n" + doc[b:])
    return 0


if __name__ == "__main__":
    sys.exit(main())

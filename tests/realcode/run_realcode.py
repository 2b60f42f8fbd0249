#!/usr/bin/env python3
"""gradguard check over real code, against a reviewed list of findings.

Runs `gradguard check --output-format json` over Debian's python3-torch
package (PyTorch's own ~1,100 Python files) and over the Python stdlib (its
site-packages and dist-packages left out), and compares the findings, as
(path, row, code), with expected.txt. Any new finding (a new false positive
on real code, most likely) or any missing one fails the test; both are
printed.

Paths are relative to each root: torch/nn/modules/module.py,
stdlib/asyncio/base_events.py.

expected.txt holds one finding a line, sorted:

    torch/utils/foo.py:123: GG001  # reviewed: TP, eval loop without no_grad
    stdlib/bar.py:9: GG002  # reviewed: FP, `total` is a float (issue #…)

Everything after " #" is a comment and is not compared; lines that start with
"#" are header comments. A finding reported twice on one row appears twice.

usage: run_realcode.py GRADGUARD [--update] [--expected FILE]
                                 [--torch DIR] [--stdlib DIR]

  --update   rewrite expected.txt from this run, keeping the review comment
             of every finding that is still reported; new findings get
             "# unreviewed: <message>" for a reviewer to replace
  --torch    the torch package folder (default: Debian's, from dpkg)
  --stdlib   the stdlib folder (default: that of Debian's /usr/bin/python3)

Exit status: 0 same findings, 1 different (or the checker failed), 77 when
python3-torch is not installed (meson counts it as skipped).
"""
import argparse
import collections
import json
import os
import subprocess
import sys
import sysconfig

HERE = os.path.dirname(os.path.abspath(__file__))
DEBIAN_TORCH = "/usr/lib/python3/dist-packages/torch"
SKIP = 77


def package_version(name):
    """The installed version of a Debian package, or None."""
    try:
        out = subprocess.run(["dpkg-query", "-W", "-f=${Status}\t${Version}", name],
                             capture_output=True, text=True, timeout=60)
    except (OSError, subprocess.TimeoutExpired):
        return None
    status, _, version = out.stdout.partition("\t")
    return version if out.returncode == 0 and status.endswith(" installed") else None


def debian_stdlib():
    """The stdlib of Debian's python3 (a pyenv or venv python3 may run this script), and its version."""
    try:
        out = subprocess.run(["/usr/bin/python3", "-c",
                              "import sys, sysconfig; print(sysconfig.get_path('stdlib')); "
                              "print('%d.%d' % sys.version_info[:2])"],
                             capture_output=True, text=True, timeout=60)
        stdlib, version = out.stdout.split()
    except (OSError, ValueError, subprocess.TimeoutExpired):
        return sysconfig.get_path("stdlib"), f"python {sys.version.split()[0]}"
    deb = package_version(f"libpython{version}-stdlib")
    return stdlib, f"libpython{version}-stdlib {deb}" if deb else f"python {version}"


def stdlib_args(stdlib):
    """The stdlib's top-level folders and *.py files, without the third-party package folders.

    Passed to the checker one by one because it would check any file named on
    its command line, and because it skips site-packages but not dist-packages.
    """
    args = []
    for name in sorted(os.listdir(stdlib)):
        path = os.path.join(stdlib, name)
        if name in ("site-packages", "dist-packages"):
            continue
        if os.path.isdir(path) or name.endswith(".py"):
            args.append(path)
    return args


def run_checker(gradguard, label, root, args):
    """Findings of one checker run, as {(path, row, code): [message, ...]}; raises on failure."""
    proc = subprocess.run([gradguard, "check", "--output-format", "json", *args],
                          capture_output=True, timeout=1800)
    stderr = proc.stderr.decode("utf-8", errors="replace")
    if proc.returncode not in (0, 1):
        raise RuntimeError(f"gradguard check on {label} exited {proc.returncode}:\n{stderr}")
    try:
        rows = json.loads(proc.stdout)
    except ValueError as e:
        raise RuntimeError(f"gradguard check on {label}: output is not JSON ({e}):\n{stderr}")
    if (proc.returncode == 1) != bool(rows):
        raise RuntimeError(f"gradguard check on {label} exited {proc.returncode} with {len(rows)} findings")
    if stderr.strip():
        # A clean run is silent: anything here is a file the checker could not check.
        raise RuntimeError(f"gradguard check on {label} wrote to stderr:\n{stderr}")
    found = collections.defaultdict(list)
    for r in rows:
        path = f"{label}/{os.path.relpath(r['filename'], root)}"
        found[(path, r["location"]["row"], r["code"])].append(r["message"])
    return found


def key_sort(key):
    return (key[0], int(key[1]), key[2])


def format_key(key):
    return f"{key[0]}:{key[1]}: {key[2]}"


def read_expected(path):
    """(Counter of keys, {key: [comment, ...]}, header lines) from expected.txt."""
    counts, comments, header = collections.Counter(), collections.defaultdict(list), []
    if not os.path.exists(path):
        return counts, comments, header
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            line = line.rstrip("\n")
            if not line.strip():
                continue
            if line.startswith("#"):
                header.append(line)
                continue
            finding, sep, comment = line.partition(" #")
            try:
                where, code = finding.strip().rsplit(" ", 1)
                fpath, row = where.rstrip(":").rsplit(":", 1)
                key = (fpath, int(row), code)
            except ValueError:
                raise RuntimeError(f"{path}:{n}: not 'path:row: CODE': {line!r}")
            counts[key] += 1
            comments[key].append(("#" + comment).strip() if sep else "")
    return counts, comments, header


def write_expected(path, actual, comments, versions):
    lines = [
        "# Findings of `gradguard check` on real code: Debian's python3-torch package",
        "# (torch/...) and the Python stdlib (stdlib/...). Compared as (path, row, code);",
        "# the text after \" #\" is the review and is not compared. Regenerate with",
        "#   python3 tests/realcode/run_realcode.py build/gradguard --update",
        "# then replace every \"# unreviewed:\" with \"# reviewed: TP|FP, why\".",
        f"# generated with: {versions}",
    ]
    for key in sorted(actual, key=key_sort):
        kept = list(comments.get(key, []))
        for message in actual[key]:
            comment = kept.pop(0) if kept else ""
            if not comment:
                comment = "# unreviewed: " + " ".join(message.split())[:160]
            lines.append(f"{format_key(key)}  {comment}")
    with open(path, "w", encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("gradguard")
    ap.add_argument("--update", action="store_true")
    ap.add_argument("--expected", default=os.path.join(HERE, "expected.txt"))
    ap.add_argument("--torch")
    ap.add_argument("--stdlib")
    opts = ap.parse_args()

    torch_version = package_version("python3-torch")
    torch_dir = opts.torch or DEBIAN_TORCH
    if not opts.torch and torch_version is None:
        print("SKIP: python3-torch is not installed (./bootstrap installs it)")
        return SKIP
    if not os.path.isfile(os.path.join(torch_dir, "__init__.py")):
        print(f"SKIP: {torch_dir} is not the torch package")
        return SKIP
    stdlib, stdlib_version = debian_stdlib()
    if opts.stdlib:
        stdlib, stdlib_version = opts.stdlib, "stdlib " + opts.stdlib
    versions = f"python3-torch {torch_version or 'unknown'}, {stdlib_version}"

    roots = [
        ("torch", os.path.realpath(torch_dir), [os.path.realpath(torch_dir)]),
        ("stdlib", os.path.realpath(stdlib), stdlib_args(os.path.realpath(stdlib))),
    ]
    actual = {}
    try:
        for label, root, args in roots:
            actual.update(run_checker(opts.gradguard, label, root, args))
        expected, comments, header = read_expected(opts.expected)
    except (RuntimeError, OSError, subprocess.TimeoutExpired) as e:
        print(f"FAIL: {e}")
        return 1

    counts = collections.Counter({k: len(v) for k, v in actual.items()})
    new = counts - expected
    missing = expected - counts
    total = sum(counts.values())
    print(f"{total} findings on real code ({versions}); expected {sum(expected.values())}")

    if opts.update:
        write_expected(opts.expected, actual, comments, versions)
        unreviewed = sum(1 for k in new for _ in range(new[k]))
        print(f"wrote {opts.expected}: {total} findings, {unreviewed} new and unreviewed, "
              f"{sum(missing.values())} gone")
        return 0

    for key in sorted(new, key=key_sort):
        for message in actual[key][-new[key]:]:
            print(f"NEW      {format_key(key)}  {message}")
    for key in sorted(missing, key=key_sort):
        for comment in comments[key][-missing[key]:]:
            print(f"MISSING  {format_key(key)}  {comment}")
    if new or missing:
        generated = [h for h in header if h.startswith("# generated with:")]
        if generated and generated[0] != f"# generated with: {versions}":
            print(f"note: expected.txt was {generated[0][2:]}; this run is with {versions}")
        print(f"FAIL: {sum(new.values())} new, {sum(missing.values())} missing. If the change is intended, "
              f"review it and run: {os.path.abspath(__file__)} {os.path.abspath(opts.gradguard)} --update")
        return 1
    print("ok: findings on real code are as reviewed")
    return 0


if __name__ == "__main__":
    sys.exit(main())

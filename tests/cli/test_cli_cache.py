#!/usr/bin/env python3
"""
The check's cache (server/cli/check_cache.h) from the outside: a run that
finds files clean in the cache prints byte for byte what a run without it
prints, and whatever changes what a file's answer could be (its bytes, its
configuration, another file that tells it something through the project
index, the rules asked for) has it checked again. Each case runs
`gradguard check` as a user would, in a fresh project, with no
GRADGUARD_CACHE_DIR: the cache is the project's .gradguard_cache.

usage: test_cli_cache.py GRADGUARD
"""
import os
import subprocess
import sys

from cli_harness import Suite, check

suite = Suite("gg-cache-")

# A clean file, a file with a finding, a notebook with none.
CLEAN = "import torch\n\n@torch.no_grad()\ndef validate(model, xs):\n    model.eval()\n    return [model(x) for x in xs]\n"
FINDING = "import torch\n\ndef validate(model, xs):\n    model.eval()\n    return [model(x) for x in xs]\n"
NOTEBOOK = ('{"cells": [{"cell_type": "code", "metadata": {}, "outputs": [], "execution_count": null, "source": '
            '["import torch\\n", "with torch.no_grad():\\n", "    y = net(x)\\n"]}], '
            '"metadata": {}, "nbformat": 4, "nbformat_minor": 5}\n')
# A grad-disabling context manager defined in one file, used in another: the index carries it across.
GUARD = ("import torch\nfrom contextlib import contextmanager\n\n\n@contextmanager\ndef quiet():\n"
         "    with torch.no_grad():\n        yield\n")
GUARD_GONE = "import torch\nfrom contextlib import contextmanager\n\n\n@contextmanager\ndef quiet():\n    yield\n"
USES_GUARD = ("import torch\nfrom helpers import quiet\n\n\ndef validate(model, xs):\n    model.eval()\n"
              "    with quiet():\n        return [model(x) for x in xs]\n")


def env(**extra):
    e = {k: v for k, v in os.environ.items() if k not in ("GRADGUARD_CACHE_DIR", "GRADGUARD_NO_CACHE")}
    e.update(extra)
    return e


def run(gg, cwd, *args, **extra):
    p = subprocess.run([gg, "check", *args], cwd=cwd, capture_output=True, env=env(**extra), timeout=120)
    check(p.returncode >= 0, f"killed by signal {-p.returncode}")
    return p.returncode, p.stdout, p.stderr


def write(root, name, text):
    path = os.path.join(root, name)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)


def cache_files(root, dirname=".gradguard_cache"):
    out = []
    for here, _, files in os.walk(os.path.join(root, dirname)):
        out += [os.path.join(here, f) for f in files if f.startswith("check-")]
    return out


def same_as_uncached(gg, root, *args):
    """The run with the cache (twice: cold, then warm) against one without it."""
    want = run(gg, root, "--no-cache", *args)
    for attempt in ("cold", "warm"):
        got = run(gg, root, *args)
        check(got == want, f"{attempt} run with the cache differs: {got!r} vs {want!r}")
    return want


@suite.test
def warm_run_same_output(gg, tmp):
    write(tmp, "clean.py", CLEAN)
    write(tmp, "eval.py", FINDING)
    write(tmp, "pkg/show.ipynb", NOTEBOOK)
    for fmt in ("concise", "full", "json", "sarif", "junit"):
        rc, out, _ = same_as_uncached(gg, tmp, "--output-format", fmt)
        check(rc == 1 and b"eval.py" in out, f"{fmt}: {rc} {out[:300]!r}")
    rc, out, _ = same_as_uncached(gg, tmp, "--statistics")
    check(b"GG001" in out, out)
    files = cache_files(tmp)
    check(len(files) == 1, f"one cache file per way of checking the project: {files}")
    data = open(files[0], "rb").read()
    check(b"clean.py" in data and b"show.ipynb" in data and b"eval.py" not in data,
          "the cache keeps the clean files only")
    base = os.path.join(tmp, ".gradguard_cache")
    check(open(os.path.join(base, ".gitignore")).read().splitlines()[-1] == "*", "the cache ignores itself")
    check(open(os.path.join(base, "CACHEDIR.TAG")).read().startswith("Signature: 8a477f597d28d172789f06886806bc55"),
          "the cache is tagged for backup tools")
    rc, out, _ = run(gg, tmp, "--show-files")
    check(b".gradguard_cache" not in out, "the cache is never walked")


@suite.test
def edited_file_checked_again(gg, tmp):
    write(tmp, "eval.py", CLEAN)
    rc, out, _ = same_as_uncached(gg, tmp)
    check(rc == 0, out)
    write(tmp, "eval.py", FINDING)
    rc, out, _ = same_as_uncached(gg, tmp)
    check(rc == 1 and b"eval.py:5:" in out, f"the edited file's finding: {out!r}")


@suite.test
def other_file_changes_the_answer(gg, tmp):
    write(tmp, "helpers.py", GUARD)
    write(tmp, "eval.py", USES_GUARD)
    rc, out, _ = same_as_uncached(gg, tmp)
    check(rc == 0, f"the imported guard turns grad off: {out!r}")
    # eval.py's bytes are the same; what helpers.py tells it is not.
    write(tmp, "helpers.py", GUARD_GONE)
    rc, out, _ = same_as_uncached(gg, tmp)
    check(rc == 1 and b"eval.py:8:" in out, f"checked again when the index changes: {out!r}")


@suite.test
def configuration_changes_the_answer(gg, tmp):
    write(tmp, "eval.py", FINDING)
    write(tmp, "pyproject.toml", "[tool.gradguard]\nignore = [\"GG001\"]\n")
    rc, out, _ = same_as_uncached(gg, tmp)
    check(rc == 0, out)
    write(tmp, "pyproject.toml", "[tool.gradguard]\nselect = [\"GG\"]\n")
    rc, out, _ = same_as_uncached(gg, tmp)
    check(rc == 1 and b"GG001" in out, f"checked again under a new configuration: {out!r}")
    rc, out, _ = same_as_uncached(gg, tmp, "--ignore", "GG001")
    check(rc == 0, f"and under the command line's: {out!r}")


@suite.test
def no_cache_writes_nothing(gg, tmp):
    write(tmp, "eval.py", CLEAN)
    run(gg, tmp, "--no-cache")
    run(gg, tmp, GRADGUARD_NO_CACHE="1")
    check(not os.path.exists(os.path.join(tmp, ".gradguard_cache")), "--no-cache and GRADGUARD_NO_CACHE=1")
    for spelling in (("--cache-dir", os.path.join(tmp, "elsewhere", "deeper")), ()):
        extra = {} if spelling else {"GRADGUARD_CACHE_DIR": os.path.join(tmp, "from-env")}
        p = subprocess.run([gg, "check", "-q", *spelling, "."], cwd=tmp, capture_output=True, env=env(**extra), timeout=120)
        check(p.returncode == 0 and not p.stderr, p.stderr)
    check(cache_files(tmp, "elsewhere/deeper") and cache_files(tmp, "from-env") and
          not os.path.exists(os.path.join(tmp, ".gradguard_cache")), "--cache-dir and GRADGUARD_CACHE_DIR")


@suite.test
def broken_cache_is_no_error(gg, tmp):
    write(tmp, "clean.py", CLEAN)
    write(tmp, "eval.py", FINDING)
    want = run(gg, tmp, "--no-cache")
    run(gg, tmp)
    (path,) = cache_files(tmp)
    data = open(path, "rb").read()
    for broken in (b"", data[:40], data[:-3], b"x" * len(data), data[:30] + b"\xff" * 8 + data[38:]):
        with open(path, "wb") as f:
            f.write(broken)
        check(run(gg, tmp) == want, f"a broken cache ({len(broken)} bytes) is read as none")
    # A cache folder that cannot be made is no error either.
    write(tmp, "a-file", "")
    check(run(gg, tmp, "--cache-dir", os.path.join(tmp, "a-file")) == want, "an unwritable cache is silent")


@suite.test
def threads_and_fixes(gg, tmp):
    for i in range(40):
        write(tmp, f"pkg/m{i:02}.py", FINDING if i % 3 == 0 else CLEAN)
    want = run(gg, tmp, "--no-cache", "--threads", "1")
    for threads in ("1", "4", "1"):
        check(run(gg, tmp, "--threads", threads) == want, f"--threads {threads} with the cache")
    # --fix never trusts the cache: it reads and writes every file.
    rc, out, _ = run(gg, tmp, "--fix")
    check(rc == 0 and open(os.path.join(tmp, "pkg/m00.py")).read() != FINDING, f"--fix fixed: {out!r}")
    check(run(gg, tmp)[0] == 0, "clean once fixed")


sys.exit(suite.main(sys.argv, __doc__))

#!/usr/bin/env python3
"""Runs the traceback diagnosis cases against a gradguard binary.

    run_tracebacks.py BINARY [CASES_DIR] [-k TEXT] [--as-pasted] [--root DIR]

Each case is two files in CASES_DIR (default: cases/ beside this script):
NAME.log, the traceback or log as a user would paste it, and
NAME.expected.json, the subset of `gradguard diagnose --output-format json
--root workspace/ NAME.log` that must hold. Adding a case is adding two files.
A third, NAME.runtime.json, is what gradguard.probe measured in that run
(passed with --runtime).
A top-level "gap" key ("why it is still wrong") marks a case the tool does
not yet get right: its mismatch is reported, not counted; once it matches,
the case fails until the note is removed.

Matching: objects match when every expected key matches (extra keys are
fine); arrays element by element with equal length; other values exactly.
Operators: {"$regex": RE} (a string with a match of RE), {"$absent": true}
(as a key's value: the key is missing or null), {"$contains": [E, ...]} (an
array with an element matching each E). A top-level "exit" key checks the
exit status. With --as-pasted the cases run with --no-root, as a paste
from someone else's project is read (the field set, field/). Python 3
standard library only; exits 1 when a case fails. --root DIR reads the
cases against that workspace instead of workspace/ (the GPU recordings,
device/, against the programs that made them, genuine/).
"""

import json
import os
import re
import subprocess
import sys

sys.dont_write_bytecode = True
HERE = os.path.dirname(os.path.abspath(__file__))
SANITIZER_MARKERS = ("ERROR: AddressSanitizer", "ERROR: LeakSanitizer", "runtime error:")


def match(expected, actual, path="$"):
    """Returns None when actual matches expected, else a description of the first mismatch."""
    if isinstance(expected, dict) and len(expected) == 1 and next(iter(expected)).startswith("$"):
        op, arg = next(iter(expected.items()))
        if op == "$regex":
            if isinstance(actual, str) and re.search(arg, actual):
                return None
            return "%s: %r does not match /%s/" % (path, actual, arg)
        if op == "$contains":
            if not isinstance(actual, list):
                return "%s: not an array" % path
            for e in arg:
                if all(match(e, a) is not None for a in actual):
                    return "%s: no element matches %s" % (path, json.dumps(e))
            return None
        if op == "$absent":
            return None if actual is None else "%s: expected absent, got %r" % (path, actual)
        raise ValueError("unknown operator " + op)
    if isinstance(expected, dict):
        if not isinstance(actual, dict):
            return "%s: expected an object, got %r" % (path, actual)
        for k, v in expected.items():
            if isinstance(v, dict) and v == {"$absent": True}:
                if actual.get(k) is not None:
                    return "%s.%s: expected absent, got %r" % (path, k, actual[k])
                continue
            if k not in actual:
                return "%s.%s: missing" % (path, k)
            m = match(v, actual[k], path + "." + k)
            if m:
                return m
        return None
    if isinstance(expected, list):
        if not isinstance(actual, list) or len(actual) != len(expected):
            return "%s: expected %d elements, got %s" % (path, len(expected),
                                                       len(actual) if isinstance(actual, list) else repr(actual))
        for i, (e, a) in enumerate(zip(expected, actual)):
            m = match(e, a, "%s[%d]" % (path, i))
            if m:
                return m
        return None
    if expected != actual:
        return "%s: expected %r, got %r" % (path, expected, actual)
    return None


def run_case(binary, log, expected_path, root):
    with open(expected_path, encoding="utf-8") as f:
        expected = json.load(f)
    want_exit = expected.pop("exit", None)
    gap = expected.pop("gap", None)
    why = run_case_check(binary, log, expected, want_exit, root)
    if gap is None:
        return why
    if why is None:
        return "matches now: remove its \"gap\" note (%s)" % gap
    return GapResult(gap, why)


class GapResult(str):
    """A known gap's mismatch: printed, not counted as a failure."""
    def __new__(cls, gap, why):
        return str.__new__(cls, "%s (%s)" % (gap, why))


def run_case_check(binary, log, expected, want_exit, root):
    where = ["--root", root] if root else ["--no-root"]
    runtime = log[:-len(".log")] + ".runtime.json"
    if os.path.exists(runtime):
        where += ["--runtime", runtime]
    p = subprocess.run([binary, "diagnose"] + where + ["--output-format", "json", log],
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=120)
    err = p.stderr.decode("utf-8", "replace")
    if any(m in err for m in SANITIZER_MARKERS):
        return "sanitizer report:\n" + err[-3000:]
    if p.returncode not in (0, 1, 3):
        return "exit %d: %s" % (p.returncode, err[-2000:])
    if want_exit is not None and p.returncode != want_exit:
        return "exit %d, expected %d" % (p.returncode, want_exit)
    try:
        actual = json.loads(p.stdout.decode("utf-8"))
    except (UnicodeDecodeError, ValueError) as e:
        return "output is not JSON: %s" % e
    return match(expected, actual)


def cli_checks(binary, cases, root):
    """The command line itself: help, errors, the text format's verdict-first layout. Yields (name, problem)."""
    def run(args, stdin=b""):
        return subprocess.run([binary, "diagnose"] + args, input=stdin, stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, timeout=60)
    p = run(["--help"])
    yield "cli-help", None if p.returncode == 0 and b"usage: gradguard diagnose" in p.stdout else "exit %d" % p.returncode
    p = run(["--bogus"])
    yield "cli-unknown-option", None if p.returncode == 2 and b"unknown option" in p.stderr else "exit %d" % p.returncode
    p = run(["/nonexistent/x.log"])
    yield "cli-missing-file", None if p.returncode == 2 and b"/nonexistent/x.log" in p.stderr else "exit %d" % p.returncode
    p = run(["a.log", "b.log"])
    yield "cli-two-inputs", None if p.returncode == 2 else "exit %d" % p.returncode
    p = run(["--output-format", "xml", "-"])
    yield "cli-bad-format", None if p.returncode == 2 else "exit %d" % p.returncode
    with open(os.path.join(cases, "py311_eval_no_grad_cuda.log"), "rb") as fh:
        log = fh.read()
    p = run(["--root", root, "-"], log)
    out = p.stdout.decode("utf-8", "replace").splitlines()
    ok = (p.returncode == 1 and out and out[0].startswith("OUT OF MEMORY (cuda:0) in evaluation, with autograd on")
          and any(l.strip().startswith("fix: Wrap the evaluation loop in `with torch.no_grad():`") for l in out))
    yield "cli-text-verdict-first", None if ok else "exit %d, output:\n%s" % (p.returncode, "\n".join(out[:8]))
    p = run(["-"], b"just a log line\n")
    yield "cli-text-nothing-found", None if p.returncode == 0 and b"No traceback or out-of-memory error found" in p.stdout else "exit %d" % p.returncode
    # A runtime file that is not there is a warning: the diagnosis stands without its figures.
    p = run(["--root", root, "--runtime", "/nonexistent/runtime.json", "-"], log)
    ok = p.returncode == 1 and b"warning: /nonexistent/runtime.json" in p.stderr
    yield "cli-runtime-missing-is-a-warning", None if ok else "exit %d: %s" % (p.returncode, p.stderr[-300:])


def main():
    args = [a for a in sys.argv[1:]]
    keyword = None
    as_pasted = "--as-pasted" in args
    args = [a for a in args if a != "--as-pasted"]
    root_arg = None
    if "--root" in args:
        i = args.index("--root")
        root_arg = args[i + 1]
        del args[i:i + 2]
    if "-k" in args:
        i = args.index("-k")
        keyword = args[i + 1]
        del args[i:i + 2]
    if not args:
        print(__doc__, file=sys.stderr)
        return 2
    binary = args[0]
    cases = args[1] if len(args) > 1 else os.path.join(HERE, "cases")
    root = None if as_pasted else root_arg or os.path.join(HERE, "workspace")
    names = sorted(f[:-4] for f in os.listdir(cases) if f.endswith(".log"))
    if keyword:
        names = [n for n in names if keyword in n]
    failed = 0
    gaps = 0
    ran = 0
    if not keyword and not as_pasted and not root_arg:
        for name, problem in cli_checks(binary, os.path.join(HERE, "cases"), root):
            ran += 1
            failed += problem is not None
            print(("ok   %s" % name) if problem is None else "FAIL %s: %s" % (name, problem))
    for name in names:
        exp = os.path.join(cases, name + ".expected.json")
        if not os.path.exists(exp):
            print("FAIL %s: no %s.expected.json" % (name, name))
            failed += 1
            continue
        ran += 1
        why = run_case(binary, os.path.join(cases, name + ".log"), exp, root)
        if isinstance(why, GapResult):
            gaps += 1
            print("gap  %s: %s" % (name, why))
        elif why:
            failed += 1
            print("FAIL %s: %s" % (name, why))
        else:
            print("ok   %s" % name)
    if ran == 0:
        print("no cases found", file=sys.stderr)
        return 2
    print("%d passed, %d failed%s" % (ran - failed - gaps, failed, ", %d known gaps" % gaps if gaps else ""))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

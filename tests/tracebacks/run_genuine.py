#!/usr/bin/env python3
"""Diagnoses genuine out-of-memory tracebacks, made fresh by real PyTorch.

    run_genuine.py BINARY [OUT_DIR]

Runs the scripts in genuine/ with a Python that has torch (this one, else
/usr/bin/python3: Debian's python3-torch, CPU) under an address-space cap
(RLIMIT_AS, as `ulimit -v`), so that PyTorch itself prints
"DefaultCPUAllocator: can't allocate memory", then checks what `gradguard
diagnose` makes of that output. The same evaluation under torch.no_grad()
must pass under the same cap, or the cap proves nothing. Exits 77 (skipped)
when no Python here can import torch. Standard library only. By default the
evaluation with and without torch.no_grad() only; all the programs in the
long form (GG_TEST_LONG=1, `meson test --setup full`).
"""

import json
import os
import subprocess
import sys
import tempfile

sys.dont_write_bytecode = True
HERE = os.path.dirname(os.path.abspath(__file__))
GENUINE = os.path.join(HERE, "genuine")
BUDGET_MB = "600"  # what the loop may allocate above the loaded model

CASES = [
    # script, expected exit, checks on the first diagnosis (None: must not fail)
    ("eval_with_no_grad.py", 0, None),
    ("eval_without_no_grad.py", 1, {"kind": "oom-eval-no-grad", "device": "cpu", "phase": "evaluation",
                                     "grad_disabled_on_path": False, "culprit.function": "evaluate",
                                     "culprit.stale": False, "static.code": "GG001", "confidence": "high"}),
    ("train_loop.py", 1, {"kind": "oom-training", "device": "cpu", "phase": "training",
                          "culprit.function": "train_one_epoch", "culprit.stale": False}),
    ("decorated_accumulate.py", 1, {"kind": "oom-eval", "device": "cpu", "grad_disabled_on_path": True,
                                    "culprit.function": "predict", "causes": ["accumulated-outputs"]}),
]


def find_python():
    for exe in (sys.executable, "/usr/bin/python3"):
        if exe and os.path.exists(exe) and subprocess.run(
                [exe, "-c", "import torch"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode == 0:
            return exe
    return None


def get(obj, dotted):
    for k in dotted.split("."):
        obj = obj.get(k) if isinstance(obj, dict) else None
    return obj


def main():
    cases = CASES if os.environ.get("GG_TEST_LONG") == "1" else CASES[:2]
    if len(sys.argv) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    binary = os.path.abspath(sys.argv[1])
    out_dir = sys.argv[2] if len(sys.argv) > 2 else tempfile.mkdtemp(prefix="gg-genuine-")
    os.makedirs(out_dir, exist_ok=True)
    python = find_python()
    if not python:
        print("skipped: no Python here can import torch (apt-get install python3-torch)")
        return 77
    env = dict(os.environ, OMP_NUM_THREADS="1", MKL_NUM_THREADS="1", MALLOC_ARENA_MAX="2",
               PYTHONDONTWRITEBYTECODE="1")
    failed = 0
    for script, want_exit, checks in cases:
        log = os.path.join(out_dir, script.replace(".py", ".log"))
        with open(log, "wb") as fh:
            p = subprocess.run([python, os.path.join(GENUINE, script), BUDGET_MB], cwd=GENUINE, env=env,
                               stdout=fh, stderr=subprocess.STDOUT, timeout=300)
        problems = []
        if (p.returncode == 0) != (want_exit == 0):
            problems.append("%s exited %d (expected %s); output in %s" % (
                script, p.returncode, "success" if want_exit == 0 else "an out-of-memory failure", log))
        if checks and not problems:
            d = subprocess.run([binary, "diagnose", "--root", GENUINE, "--output-format", "json", log],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=120)
            try:
                result = json.loads(d.stdout.decode("utf-8"))
                first = [x for x in result["diagnoses"] if x["first"]][0]
            except (ValueError, KeyError, IndexError) as e:
                problems.append("no diagnosis (%s): %s" % (e, d.stderr.decode("utf-8", "replace")[-500:]))
                first = None
            if first is not None:
                if d.returncode != 1:
                    problems.append("diagnose exited %d, expected 1" % d.returncode)
                for key, want in checks.items():
                    got = get(first, key)
                    if got != want:
                        problems.append("%s: expected %r, got %r" % (key, want, got))
                resolved = get(first, "culprit.resolved") or ""
                if not resolved.endswith(script if script != "decorated_accumulate.py" else "decorated_accumulate.py"):
                    problems.append("culprit not resolved to %s: %r" % (script, resolved))
        if problems:
            failed += 1
            print("FAIL %s: %s" % (script, "; ".join(problems)))
        else:
            print("ok   %s" % script)
    print("%d passed, %d failed" % (len(cases) - failed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

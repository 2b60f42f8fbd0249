#!/usr/bin/env python3
"""
check --fix and --unsafe-fixes from the outside: what each applies, that the
result compiles, and that nothing outside the edits changes.

usage: test_cli_fixes.py GRADGUARD
"""
import os
import py_compile
import subprocess
import sys

from cli_harness import Suite, check

suite = Suite("gg-fixes-")

# A forward's outputs gathered in evaluation code with grad on (GG002 alone is
# selected): the forward may return a tuple or a dict, so .detach() on it is
# not proven safe, only offered.
GATHER = """\
import torch


def validate(model, loader):
    outputs = []
    for x in loader:
        out = model(x)
        outputs.append(out)
    return torch.cat(outputs)
"""


def run(gradguard, *args, cwd):
    p = subprocess.run([gradguard, "check", *args], cwd=cwd, capture_output=True, text=True, timeout=60)
    return p.returncode, p.stdout, p.stderr


def write(tmp, text):
    path = os.path.join(tmp, "train.py")
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)
    return path


def read(path):
    with open(path, encoding="utf-8") as f:
        return f.read()


@suite.test
def fix_leaves_unproven_detach(gg, tmp):
    path = write(tmp, GATHER)
    code, out, err = run(gg, "--select", "GG002", "--fix", "train.py", cwd=tmp)
    check(code == 1 and "GG002" in out, f"exit {code}: {out} {err}")
    check(read(path) == GATHER, "--fix changed a file whose only fix is unsafe:\n" + read(path))


@suite.test
def unsafe_fixes_apply_and_compile(gg, tmp):
    path = write(tmp, GATHER)
    code, out, err = run(gg, "--select", "GG002", "--fix", "--unsafe-fixes", "train.py", cwd=tmp)
    fixed = read(path)
    check(code == 0, f"exit {code}: {out} {err}")
    check(fixed == GATHER.replace("outputs.append(out)", "outputs.append(out.detach())"),
          "--unsafe-fixes made other edits:\n" + fixed)
    py_compile.compile(path, doraise=True)


@suite.test
def unsafe_fixes_alone_change_nothing(gg, tmp):
    path = write(tmp, GATHER)
    code, out, err = run(gg, "--select", "GG002", "--unsafe-fixes", "train.py", cwd=tmp)
    check(code == 1 and read(path) == GATHER, f"exit {code}; the file changed without --fix")


if __name__ == "__main__":
    sys.exit(suite.main(sys.argv, __doc__.strip().splitlines()[-1]))

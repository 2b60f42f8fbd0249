#!/usr/bin/env python3
"""
gradguard next to the real ruff (tests/coexist, installed by install.sh; the
test is skipped without node or the package): `ruff check --fix` with the
noqa rules (RUF100 unused noqa, RUF102 invalid code) on a file whose `# noqa`
comments carry both tools' codes. With docs/configuration.md's
`external = ["GG"]` ruff leaves every comment as it was and gradguard still
sees its suppressions; without it ruff deletes the GG codes, and the
findings they suppressed come back.

usage: test_coexist.py GRADGUARD
"""
import json
import os
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "cli"))
from cli_harness import Suite, check  # noqa: E402
suite = Suite("gg-coexist-")
RULES = {"select": ["F841", "RUF100", "RUF102"]}


def ruff_fix(tmp, settings):
    path = os.path.join(tmp, "ruff.json")
    with open(path, "w", encoding="utf-8") as f:
        json.dump(settings, f)
    with open(os.path.join(HERE, "eval_noqa.py"), "rb") as src:
        p = subprocess.run(["node", os.path.join(HERE, "ruff_fix.js"), path], stdin=src, capture_output=True,
                           timeout=120, cwd=HERE)
    check(p.returncode == 0, f"ruff_fix.js: exit {p.returncode}: {p.stderr.decode()[-500:]}")
    out = os.path.join(tmp, "eval_noqa.py")
    with open(out, "wb") as f:
        f.write(p.stdout)
    return out, p.stdout.decode()


def gradguard(gg, path):
    p = subprocess.run([gg, "check", "--output-format", "json", "--isolated", path], capture_output=True, timeout=60)
    return p.returncode, json.loads(p.stdout)


@suite.test
def external_keeps_the_gg_codes(gg, tmp):
    path, text = ruff_fix(tmp, {"lint": dict(RULES, external=["GG"])})
    with open(os.path.join(HERE, "eval_noqa.py"), encoding="utf-8") as f:
        check(text == f.read(), f"ruff changed the file:\n{text}")
    rc, rows = gradguard(gg, path)
    check(rc == 0 and rows == [], f"exit {rc}: {rows}")


@suite.test
def without_external_ruff_drops_them(gg, tmp):
    path, text = ruff_fix(tmp, {"lint": RULES})
    check("GG001" not in text, f"ruff kept GG001 without external:\n{text}")
    check("# noqa: F841" in text, f"ruff's own code is kept:\n{text}")
    rc, rows = gradguard(gg, path)
    check(rc == 1 and sorted(r["location"]["row"] for r in rows) == [7, 9], f"exit {rc}: {rows}")


@suite.test
def ruff_reads_what_add_noqa_writes(gg, tmp):
    """check --add-noqa's directives are ruff's own syntax: ruff's RUF100 (unused noqa), told GG is external,
    finds nothing to remove, and ruff's F841 stays silenced on the line where GG001 joined it."""
    path = os.path.join(tmp, "eval_add_noqa.py")
    shutil.copy(os.path.join(HERE, "eval_add_noqa.py"), path)
    p = subprocess.run([gg, "check", "--isolated", "--add-noqa", path], capture_output=True, timeout=60)
    check(p.returncode == 0 and b"Added 2 noqa directives." in p.stderr, f"exit {p.returncode}: {p.stderr!r}")
    with open(path, encoding="utf-8") as f:
        added = f.read()
    check("out = model(x)  # noqa: F841, GG001" in added and "outs.append(model(x))  # noqa: GG001, GG002" in added,
          added)
    settings = os.path.join(tmp, "ruff.json")
    with open(settings, "w", encoding="utf-8") as f:
        json.dump({"lint": dict(RULES, external=["GG"])}, f)
    with open(path, "rb") as src:
        r = subprocess.run(["node", os.path.join(HERE, "ruff_fix.js"), settings], stdin=src, capture_output=True,
                           timeout=120, cwd=HERE)
    check(r.returncode == 0 and r.stdout.decode() == added and r.stderr == b"",
          f"ruff changed or reported it: {r.stderr.decode()}\n{r.stdout.decode()}")
    rc, rows = gradguard(gg, path)
    check(rc == 0 and rows == [], f"exit {rc}: {rows}")


if __name__ == "__main__":
    if not shutil.which("node") or not os.path.isdir(os.path.join(HERE, "node_modules", "@astral-sh", "ruff-wasm-nodejs")):
        print("skipped: node or tests/coexist/node_modules missing (tests/coexist/install.sh)")
        sys.exit(77)
    sys.exit(suite.main(sys.argv, __doc__.strip().splitlines()[-1]))

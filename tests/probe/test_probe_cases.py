#!/usr/bin/env python3
"""Each program in cases/ runs under `python -m gradguard run` (Debian's
python3-torch, CPU) and what the probe measured is compared with the
program's marks:

- `# expect: GG001, GG002` on a line: the runtime findings at that line, the
  whole set compared (code, row), as in the rule corpus;
- `measure: KEY=VALUE ...` on a line: the figures of the call site on that
  line in .gradguard/runtime.json (`runtime` members, and `module`);
  true/false for booleans.

Also: the program's stdout is its own, and its exit status comes back.
Skipped (77) without an interpreter that imports torch.

usage: test_probe_cases.py [CASE.py ...]
"""
import glob
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import probe_python  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
EXPECT = re.compile(r"#\s*expect:\s*([A-Z]+[0-9]+(?:\s*,\s*[A-Z]+[0-9]+)*)")
MEASURE = re.compile(r"measure:\s*((?:\w+=\S+\s*)+)$")


def marks(path):
    expected, measures = set(), {}
    with open(path, encoding="utf-8") as f:
        for row, line in enumerate(f, start=1):
            m = EXPECT.search(line)
            if m:
                expected |= {(c.strip(), row) for c in m.group(1).split(",")}
            m = MEASURE.search(line)
            if m:
                measures[row] = dict(kv.split("=", 1) for kv in m.group(1).split())
    return expected, measures


def value_of(text):
    return {"true": True, "false": False}.get(text, int(text) if re.fullmatch(r"-?\d+", text) else text)


def run_case(python, path, work):
    name = os.path.basename(path)
    shutil.copy(path, os.path.join(work, name))
    run = subprocess.run([python, "-m", "gradguard", "run", "--output-format", "json", name],
                         cwd=work, env=probe_python.env(), capture_output=True, text=True, timeout=120)
    problems = []
    if run.returncode != 0:
        return [f"exit {run.returncode}: {run.stderr[-2000:]}"]
    try:
        rows = json.loads(run.stderr[run.stderr.index("["):])
    except ValueError:
        return [f"no json report on stderr: {run.stderr[-2000:]}"]
    if run.stdout:
        problems.append(f"the probe wrote on the program's stdout: {run.stdout[:200]!r}")
    with open(os.path.join(work, ".gradguard", "runtime.json"), encoding="utf-8") as f:
        doc = json.load(f)
    expected, measures = marks(path)
    found = {(r["code"], r["location"]["row"]) for r in rows if r["filename"] == name}
    if found != expected:
        problems.append(f"findings {sorted(found)}, expected {sorted(expected)}")
    sites = {s["line"]: s for s in doc["sites"] if s["filename"] == name}
    for row, want in measures.items():
        site = sites.get(row)
        if site is None:
            problems.append(f"line {row}: no call site recorded (sites at {sorted(sites)})")
            continue
        have = dict(site["runtime"])
        for key, text in want.items():
            if have.get(key) != value_of(text):
                problems.append(f"line {row}: {key} = {have.get(key)!r}, expected {text}")
    return problems


def main():
    python = probe_python.require()
    cases = sys.argv[1:] or sorted(glob.glob(os.path.join(HERE, "cases", "*.py")))
    failed = 0
    for path in cases:
        with tempfile.TemporaryDirectory(prefix="gg-probe-") as work:
            problems = run_case(python, path, work)
        name = os.path.basename(path)
        if problems:
            failed += 1
            print(f"FAIL {name}")
            for p in problems:
                print(f"  {p}")
        else:
            print(f"ok   {name}")
    print(f"{len(cases) - failed}/{len(cases)} probe cases pass")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

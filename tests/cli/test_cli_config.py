#!/usr/bin/env python3
"""`gradguard check` and its configuration: --config, --isolated, --select,
--ignore, errors in pyproject.toml (file and line, exit 2), exclude applied
to the walk but not to files named on the command line, and noqa_row.

usage: test_cli_config.py GRADGUARD
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile

FINDING = "import torch\n\ndef validate(model, xs):\n    model.eval()\n    return [model(x) for x in xs]\n"
TABLE = "[tool.gradguard]\n"


def run(gg, *args, cwd):
    p = subprocess.run([gg, "check", "--output-format", "json", *args], cwd=cwd, capture_output=True, timeout=120)
    if p.returncode < 0:
        raise AssertionError(f"killed by signal {-p.returncode}")
    out = p.stdout.decode()
    return p.returncode, json.loads(out) if out.strip() else None, p.stderr.decode(errors="replace")


def write(root, rel, text):
    path = os.path.join(root, rel)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write(text)


# Each case: files to write, the command-line arguments, the expected exit
# status, the expected (filename, code, severity-free) rows, a stderr substring.
CASES = [
    ("ignore from pyproject", {"pyproject.toml": TABLE + 'ignore = ["GG001"]\n', "a.py": FINDING}, [], 0, [], None),
    ("--select overrides pyproject ignore", {"pyproject.toml": TABLE + 'ignore = ["GG001"]\n', "a.py": FINDING},
     ["--select", "GG001", "--ignore", ""], 1, [("a.py", "GG001")], None),
    ("--ignore from the command line", {"a.py": FINDING}, ["--ignore=GG00"], 0, [], None),
    ("--isolated ignores pyproject", {"pyproject.toml": TABLE + 'ignore = ["GG"]\n', "a.py": FINDING},
     ["--isolated"], 1, [("a.py", "GG001")], None),
    ("--config forces one file", {"conf/other.toml": TABLE + 'ignore = ["GG"]\n', "a.py": FINDING},
     ["--config", "conf/other.toml"], 0, [], None),
    ("--config missing file", {"a.py": FINDING}, ["--config", "nope.toml"], 2, None, "nope.toml"),
    ("syntax error: file and line, exit 2", {"pyproject.toml": TABLE + "select = [\n", "a.py": FINDING},
     [], 2, [("a.py", "GG001")], "pyproject.toml:"),
    ("wrong type: file and line", {"pyproject.toml": TABLE + 'select = "GG001"\n', "a.py": FINDING},
     [], 2, [("a.py", "GG001")], "pyproject.toml:2:10: select must be an array of strings"),
    ("exclude skips walked files", {"pyproject.toml": TABLE + 'exclude = ["gen"]\n', "gen/a.py": FINDING, "b.py": FINDING},
     [], 1, [("b.py", "GG001")], None),
    ("exclude does not skip named files", {"pyproject.toml": TABLE + 'exclude = ["gen"]\n', "gen/a.py": FINDING},
     ["gen/a.py"], 1, [("gen/a.py", "GG001")], None),
    ("nearest table wins, checked from a subfolder path", {"pyproject.toml": TABLE + 'ignore = ["GG"]\n',
     "sub/pyproject.toml": TABLE + 'select = ["GG001"]\n', "sub/a.py": FINDING}, ["sub"], 1, [("sub/a.py", "GG001")], None),
]


def main(argv):
    if len(argv) != 2:
        print(__doc__.strip().splitlines()[-1], file=sys.stderr)
        return 2
    gg = os.path.abspath(argv[1])
    failed = 0
    for name, files, args, status, rows, err in CASES:
        tmp = tempfile.mkdtemp(prefix="gg-cli-config-")
        try:
            for rel, text in files.items():
                write(tmp, rel, text)
            rc, got, stderr = run(gg, *args, cwd=tmp)
            problems = []
            if rc != status:
                problems.append(f"exit {rc}, expected {status} ({stderr.strip()[-300:]})")
            if rows is not None and got is not None:
                have = sorted((os.path.normpath(r["filename"]), r["code"]) for r in got)
                if have != sorted(rows):
                    problems.append(f"rows {have}, expected {sorted(rows)}")
                for r in got:
                    if r["noqa_row"] != r["location"]["row"]:
                        problems.append(f"noqa_row {r['noqa_row']} != row {r['location']['row']}")
            if err and err not in stderr:
                problems.append(f"stderr {stderr.strip()!r} lacks {err!r}")
            if "Sanitizer" in stderr or "runtime error:" in stderr:
                problems.append("sanitizer report: " + stderr[-500:])
            print(("FAIL " if problems else "ok   ") + name + (": " + "; ".join(problems) if problems else ""))
            failed += bool(problems)
        finally:
            shutil.rmtree(tmp, ignore_errors=True)
    print(f"{len(CASES) - failed}/{len(CASES)} cases pass")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

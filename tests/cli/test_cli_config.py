#!/usr/bin/env python3
"""`gradguard check` and its configuration: --config, --isolated, --select,
--ignore, errors in pyproject.toml (file and line, exit 2, reported once),
exclude applied to the walk but not to files named on the command line, and
noqa_row. A hostile pyproject.toml (huge, deep, a key of 100,000 parts, an
exclude that backtracks) is refused with its file and line, its folder
checked with the defaults, and the run goes on; no case may crash or hang
(a case still running after HANG_S seconds fails: that is a hang, not a
timing).

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


HANG_S = 120


def run(gg, *args, cwd):
    try:
        p = subprocess.run([gg, "check", "--output-format", "json", *args], cwd=cwd, capture_output=True,
                           timeout=HANG_S)
    except subprocess.TimeoutExpired:
        return None, None, f"still running after {HANG_S} s: a hang"
    if p.returncode < 0:
        return p.returncode, None, f"killed by signal {-p.returncode}: " + p.stderr.decode(errors="replace")[-500:]
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
    # Hostile files: each refused with its line, the folder's files checked with the defaults.
    ("66,000 open brackets (a double free in tree-sitter 0.20.7)",
     {"pyproject.toml": TABLE + "select = " + "[" * 66000 + "\n", "a.py": FINDING, "b.py": FINDING},
     [], 2, [("a.py", "GG001"), ("b.py", "GG001")],
     "pyproject.toml:2:138: arrays and inline tables nested more than 128 deep"),
    ("66,000 nested inline tables, all closed",
     {"pyproject.toml": "x = " + "{a = " * 66000 + "1" + "}" * 66000 + "\n" + TABLE + 'ignore = ["GG"]\n',
      "a.py": FINDING}, [], 2, [("a.py", "GG001")], "pyproject.toml:1:645: arrays and inline tables nested"),
    ("open brackets after a quote that tree-sitter does not read as one",
     {"pyproject.toml": '"""\n' + "a = [\n" * 30000, "a.py": FINDING}, [], 2, [("a.py", "GG001")],
     "pyproject.toml:1:3: TOML syntax error"),
    ("error recovery that grows the parse stack a token at a time",
     {"pyproject.toml": "= [ ] x { } , " * 40000, "a.py": FINDING}, [], 2, [("a.py", "GG001")],
     "pyproject.toml:1:1: TOML syntax error"),
    ("error recovery quadratic in the tokens",
     {"pyproject.toml": TABLE + "[= ] " * 200000, "a.py": FINDING}, [], 2, [("a.py", "GG001")],
     "pyproject.toml:2:2: TOML syntax error"),
    ("a key of 100,000 dotted parts (recursion once overflowed the stack)",
     {"pyproject.toml": ".".join(["k"] * 100000) + " = 1\n" + TABLE + 'ignore = ["GG"]\n', "a.py": FINDING},
     [], 2, [("a.py", "GG001")], "pyproject.toml:1:1: a key of more than 128 parts"),
    ("larger than 1 MiB", {"pyproject.toml": TABLE + "#" * (1 << 20) + "\n", "a.py": FINDING}, [], 2,
     [("a.py", "GG001")], "pyproject.toml: larger than 1048576 bytes"),
    ("an exclude of 1,025 entries",
     {"pyproject.toml": TABLE + "exclude = [" + ", ".join(f'"p{i}"' for i in range(1025)) + "]\n", "a.py": FINDING},
     [], 2, [("a.py", "GG001")], "exclude has more than 1024 entries"),
    ("an exclude entry over 4096 bytes",
     {"pyproject.toml": TABLE + 'exclude = ["' + "*" * 4097 + '"]\n', "a.py": FINDING},
     [], 2, [("a.py", "GG001")], "exclude: an entry longer than 4096 bytes"),
    # Globs: 16 "**/" segments took over a minute, each two more 16 times that.
    ("exclude of 24 '**/' segments, no match on a path 40 folders deep",
     {"pyproject.toml": TABLE + 'exclude = ["' + "**/" * 24 + 'x"]\n', "d/" * 40 + "a.py": FINDING},
     [], 1, [("d/" * 40 + "a.py", "GG001")], None),
    ("exclude of 24 '**/' segments and '*'s, matching 40 folders deep",
     {"pyproject.toml": TABLE + 'exclude = ["' + "**/*/" * 12 + "**/gen" + '"]\n',
      "d/" * 40 + "gen/a.py": FINDING, "b.py": FINDING},
     [], 1, [("b.py", "GG001")], None),
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
                problems.append(f"stderr {stderr.strip()[-500:]!r} lacks {err!r}")
            elif err and stderr.count(err) != 1:
                problems.append(f"{err!r} reported {stderr.count(err)} times, not once")
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

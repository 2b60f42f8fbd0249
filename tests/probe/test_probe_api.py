#!/usr/bin/env python3
"""gradguard.probe's Python interface and formats (api_checks.py, in an
interpreter with torch), and `python -m gradguard run` as a command: the
program's stdout, arguments and exit status are its own, -m runs a module,
--output-file takes the report, the usage error is 2. Skipped (77) without
an interpreter that imports torch."""
import json
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import probe_python  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
PROGRAM = """import sys, torch
m = torch.nn.Linear(4, 2).eval()
for _ in range(2):
    m(torch.randn(1, 4))
print("args", sys.argv[1:])
sys.exit(int(sys.argv[1]))
"""


def main():
    python = probe_python.require()
    env = probe_python.env()
    failures = []
    api = subprocess.run([python, os.path.join(HERE, "api_checks.py")], env=env, capture_output=True, text=True,
                         timeout=300)
    if api.returncode != 0:
        failures.append(f"api_checks.py: exit {api.returncode}\n{api.stdout}{api.stderr[-3000:]}")
    with tempfile.TemporaryDirectory(prefix="gg-probe-run-") as tmp:
        with open(os.path.join(tmp, "prog.py"), "w") as f:
            f.write(PROGRAM)
        os.makedirs(os.path.join(tmp, "pkg"))
        with open(os.path.join(tmp, "pkg", "__init__.py"), "w"):
            pass
        with open(os.path.join(tmp, "pkg", "__main__.py"), "w") as f:
            f.write(PROGRAM)
        for argv in (["prog.py", "3", "--flag"], ["-m", "pkg", "3", "--flag"]):
            r = subprocess.run([python, "-m", "gradguard", "run"] + argv, cwd=tmp, env=env, capture_output=True,
                               text=True, timeout=120)
            if r.returncode != 3 or r.stdout != "args ['3', '--flag']\n":
                failures.append(f"run {argv}: exit {r.returncode}, stdout {r.stdout!r}")
            if " GG001 m(torch.randn(1, 4)) at " not in r.stderr or "Found 1 finding at run time." not in r.stderr:
                failures.append(f"run {argv}: stderr {r.stderr!r}")
        r = subprocess.run([python, "-m", "gradguard", "run", "--output-format", "json", "--output-file", "out.json",
                            "--workspace", tmp, "prog.py", "0"], cwd=tmp, env=env, capture_output=True, text=True,
                           timeout=120)
        with open(os.path.join(tmp, "out.json")) as f:
            rows = json.load(f)
        if r.returncode != 0 or r.stderr or [x["code"] for x in rows] != ["GG001"]:
            failures.append(f"--output-file: exit {r.returncode}, stderr {r.stderr!r}, rows {rows}")
        r = subprocess.run([python, "-m", "gradguard", "run"], cwd=tmp, env=env, capture_output=True, text=True)
        if r.returncode != 2 or "usage:" not in r.stderr:
            failures.append(f"run without a program: exit {r.returncode}, {r.stderr!r}")
    for f in failures:
        print("FAIL", f)
    print("ok" if not failures else f"{len(failures)} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())

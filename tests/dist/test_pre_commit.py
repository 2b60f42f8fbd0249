#!/usr/bin/env python3
"""The pre-commit hooks (.pre-commit-hooks.yaml), with Debian's pre-commit,
offline, on a scratch git repository: `pre-commit try-repo SOURCE_ROOT`
(which takes the working tree, committed or not) runs each hook on staged
files, with the program under test first on PATH.

- gradguard: fails on a file with a GG001 finding and names it; passes on a
  clean file; leaves a file that [tool.gradguard] exclude covers alone
  although pre-commit names it (--force-exclude);
- gradguard-fix: rewrites the file (torch.no_grad() inserted), and fails
  as pre-commit hooks do when they change files.

Exits 77 (skipped) without pre-commit or git.

usage: test_pre_commit.py SOURCE_ROOT GRADGUARD
"""
import os
import shutil
import subprocess
import sys
import tempfile

SKIP = 77
BAD = ("import torch\n\n\ndef evaluate(model, loader):\n    model.eval()\n"
       "    for batch in loader:\n        out = model(batch)\n        print(out)\n")
CLEAN = "def add(a, b):\n    return a + b\n"


def main():
    root, gradguard = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    for tool in ("pre-commit", "git"):
        if not shutil.which(tool):
            print(f"SKIP: {tool} is not installed (apt-get install {tool})")
            return SKIP
    failures = []
    with tempfile.TemporaryDirectory(prefix="gg-pre-commit-") as tmp:
        bindir = os.path.join(tmp, "bin")
        os.mkdir(bindir)
        os.symlink(gradguard, os.path.join(bindir, "gradguard"))
        repo = os.path.join(tmp, "project")
        os.makedirs(os.path.join(repo, "vendored"))
        env = {"PATH": bindir + ":/usr/bin:/bin", "HOME": tmp, "LANG": "C.UTF-8",
               "PRE_COMMIT_HOME": os.path.join(tmp, "pre-commit-home"),
               "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@example.invalid",
               "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@example.invalid",
               "GIT_CONFIG_NOSYSTEM": "1"}

        def git(*args):
            subprocess.run(["git", *args], cwd=repo, env=env, check=True, capture_output=True)

        def write(rel, text):
            with open(os.path.join(repo, rel), "w", encoding="utf-8") as f:
                f.write(text)

        def hook(hook_id, *files):
            run = subprocess.run(["pre-commit", "try-repo", root, hook_id, "--files", *files],
                                 cwd=repo, env=env, capture_output=True, text=True, timeout=120)
            return run.returncode, run.stdout + run.stderr

        git("init", "-q")
        write("pyproject.toml", '[tool.gradguard]\nexclude = ["vendored/*"]\n')
        write("evaluate.py", BAD)
        write("clean.py", CLEAN)
        write("vendored/evaluate.py", BAD)
        git("add", ".")

        status, out = hook("gradguard", "evaluate.py")
        if status == 0 or "evaluate.py:7:" not in out or "GG001" not in out:
            failures.append(f"gradguard on evaluate.py: exit {status}, expected a failure naming GG001:\n{out}")
        status, out = hook("gradguard", "clean.py")
        if status != 0:
            failures.append(f"gradguard on clean.py: exit {status}:\n{out}")
        excluded_status, excluded_out = hook("gradguard", "vendored/evaluate.py")

        status, out = hook("gradguard-fix", "evaluate.py")
        with open(os.path.join(repo, "evaluate.py"), encoding="utf-8") as f:
            fixed = f.read()
        if status == 0 or "torch.no_grad()" not in fixed:
            failures.append(f"gradguard-fix: exit {status}, file now:\n{fixed}\n{out}")
        git("add", "evaluate.py")
        status, out = hook("gradguard", "evaluate.py")
        if status != 0:
            failures.append(f"gradguard after the fix: exit {status}:\n{out}")

        if excluded_status != 0:
            failures.append(f"gradguard on an excluded file: exit {excluded_status}, expected a pass:\n{excluded_out}")

    for f in failures:
        print("FAIL:", f)
    if failures:
        return 1
    print("the hooks: a finding fails the commit, a clean file passes, --fix fixes, "
          "an excluded file named by pre-commit is left alone")
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""
Where `gradguard check` reads the libraries from (the `python` setting,
--python), as `--show-settings` lists the folders: found by the environment's
layout without running it (pyvenv.cfg, its base's site-packages, .pth files,
conda's layout), and the user's own interpreter, when run, bounded in time
and output.

usage: test_cli_python_env.py GRADGUARD
"""
import os
import subprocess
import sys
import time

from cli_harness import Suite, check

suite = Suite("gg-pyenv-")

# The time limit on the user's interpreter (child_run.h), and what a run may take beyond it.
RUN_LIMIT_S = 5.0
SLACK_S = 3.0


def write(path, text, mode=None):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)
    if mode:
        os.chmod(path, mode)


def mkdirs(*paths):
    for p in paths:
        os.makedirs(p, exist_ok=True)
    return paths[0]


def project(tmp, python=None):
    """A project in tmp that imports a library; its pyproject.toml names python (or nothing)."""
    write(os.path.join(tmp, "eval.py"), "import torch\nimport somelib\n\n\ndef f(m, x):\n    m.eval()\n    return m(x)\n")
    write(os.path.join(tmp, "pyproject.toml"),
          "[tool.gradguard]\n" + (f'python = "{python}"\n' if python is not None else ""))


def run(gradguard, tmp, *args, timeout=30):
    env = dict(os.environ)
    env.pop("VIRTUAL_ENV", None)
    return subprocess.run([gradguard, "check", *args], cwd=tmp, env=env, capture_output=True, text=True,
                          timeout=timeout)


def roots(gradguard, tmp, *args):
    """The environment --show-settings reports: (its line, its folders)."""
    r = run(gradguard, tmp, "--show-settings", *args, "eval.py")
    check(r.returncode == 0, f"--show-settings exited {r.returncode}: {r.stderr}")
    lines = r.stdout.splitlines()
    at = next((i for i, l in enumerate(lines) if l.startswith("Python environment:")), None)
    check(at is not None, f"no environment line in {r.stdout!r}")
    found = []
    for line in lines[at + 1:]:
        if not line.startswith("  "):
            break
        found.append(line[2:])
    return lines[at], found


def real(*parts):
    return os.path.realpath(os.path.join(*parts))


def marker_script(path, marker):
    write(path, f"#!/bin/sh\necho ran > '{marker}'\nexit 0\n", 0o755)


@suite.test
def pyvenv_with_system_site_packages(gradguard, tmp):
    # include-system-site-packages = true adds the base interpreter's site-packages of the
    # environment's version, after the environment's own; never a program run.
    base = os.path.join(tmp, "base")
    marker_script(os.path.join(base, "bin", "python3.11"), os.path.join(tmp, "ran"))
    base11 = mkdirs(os.path.join(base, "lib", "python3.11", "site-packages"))
    mkdirs(os.path.join(base, "lib", "python3.10", "site-packages"))
    site = mkdirs(os.path.join(tmp, "venv", "lib", "python3.11", "site-packages"))
    write(os.path.join(tmp, "venv", "pyvenv.cfg"),
          f"home = {base}/bin\ninclude-system-site-packages = true\nversion = 3.11.4\n")
    marker_script(os.path.join(tmp, "venv", "bin", "python"), os.path.join(tmp, "ran"))
    project(tmp, "venv")
    line, found = roots(gradguard, tmp)
    check(found == [site, base11], f"folders {found}, not {[site, base11]}")
    # The same environment named by its interpreter: the environment's, not the script run.
    project(tmp, "venv/bin/python")
    line, found = roots(gradguard, tmp)
    check(found == [site, base11], f"by its interpreter: folders {found} ({line})")
    check(not os.path.exists(os.path.join(tmp, "ran")), "a program of the environment was run")


@suite.test
def pyvenv_without_system_site_packages(gradguard, tmp):
    base = os.path.join(tmp, "base")
    mkdirs(os.path.join(base, "lib", "python3.11", "site-packages"))
    site = mkdirs(os.path.join(tmp, "venv", "lib", "python3.11", "site-packages"))
    write(os.path.join(tmp, "venv", "pyvenv.cfg"), f"home = {base}/bin\ninclude-system-site-packages = false\n")
    project(tmp, "venv")
    _, found = roots(gradguard, tmp)
    check(found == [site], f"folders {found}, not {[site]}")


@suite.test
def pth_files(gradguard, tmp):
    # After its site folder, the existing folders its .pth files name, in file-name order;
    # comments, missing folders and `import` lines (code: never run) are left out, and so are
    # hidden .pth files and one over 64 KiB.
    site = mkdirs(os.path.join(tmp, "venv", "lib", "python3.12", "site-packages"))
    src = mkdirs(os.path.join(tmp, "src"))
    other = mkdirs(os.path.join(tmp, "other"))
    hidden = mkdirs(os.path.join(tmp, "hidden"))
    big = mkdirs(os.path.join(tmp, "big"))
    marker = os.path.join(tmp, "ran")
    write(os.path.join(site, "b_editable.pth"),
          "# an editable install\n\n../../../../src\n/no/such/folder\n"
          f"import os; open({marker!r}, 'w').write('ran')\n")
    write(os.path.join(site, "a_first.pth"), f"{other}  \r\n")
    write(os.path.join(site, ".hidden.pth"), f"{hidden}\n")
    write(os.path.join(site, "c_big.pth"), f"{big}\n" + "#" * (70 * 1024) + "\n")
    project(tmp, "venv")
    _, found = roots(gradguard, tmp)
    check(found == [site, other, src], f"folders {found}, not {[site, other, src]}")
    check(not os.path.exists(marker), "an import line of a .pth file was run")


@suite.test
def conda_environment(gradguard, tmp):
    # A conda environment: conda-meta/ beside lib/pythonX.Y/site-packages; its bin/python
    # (here a script that would leave a marker) is read by its layout, not run.
    env = os.path.join(tmp, "conda")
    mkdirs(os.path.join(env, "conda-meta"))
    site = mkdirs(os.path.join(env, "lib", "python3.12", "site-packages"))
    marker_script(os.path.join(env, "bin", "python"), os.path.join(tmp, "ran"))
    for setting in ("conda", "conda/bin/python"):
        project(tmp, setting)
        _, found = roots(gradguard, tmp)
        check(found == [site], f"python = {setting}: folders {found}, not {[site]}")
    _, found = roots(gradguard, tmp, "--python", "conda/bin/python")
    check(found == [site], f"--python: folders {found}, not {[site]}")
    check(not os.path.exists(os.path.join(tmp, "ran")), "the environment's interpreter was run")


@suite.test
def repository_program_is_not_run(gradguard, tmp):
    # A program the repository names, whose layout says nothing, is not run: --show-settings
    # says so, check warns and goes on; --python, the user's, runs it.
    lib = mkdirs(os.path.join(tmp, "libs"))
    marker = os.path.join(tmp, "ran")
    write(os.path.join(tmp, "tools", "python"), f"#!/bin/sh\necho ran > '{marker}'\necho '{lib}'\n", 0o755)
    project(tmp, "tools/python")
    line, found = roots(gradguard, tmp)
    check("is not run" in line and not found, f"--show-settings: {line!r} {found}")
    r = run(gradguard, tmp, "eval.py")
    check(r.returncode == 1, f"check exited {r.returncode}: {r.stderr}")
    check("gradguard never runs a program a repository names (use --python)" in r.stderr, r.stderr)
    check(not os.path.exists(marker), "the repository's program was run")
    _, found = roots(gradguard, tmp, "--python", "tools/python")
    check(found == [lib] and os.path.exists(marker), f"--python: folders {found}")


def zombie(pid):
    """Whether pid is a zombie: killed, waiting to be reaped by whoever adopted it
    (in a container, a PID 1 that reaps late). Dead all the same."""
    try:
        with open(f"/proc/{pid}/stat", encoding="utf-8") as f:
            return f.read().rsplit(")", 1)[1].split()[0] == "Z"
    except (OSError, IndexError):
        return False


def pid_gone(pidfile, seconds):
    with open(pidfile, encoding="utf-8") as f:
        pid = int(f.read().strip())
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return True
        if zombie(pid):
            return True
        time.sleep(0.05)
    return False


@suite.test
def users_interpreter_that_never_answers(gradguard, tmp):
    # --python names an interpreter that hangs (and keeps stdout open in a child of its own):
    # the check ends after the time limit, says why, exits 2, and leaves no process behind.
    pidfile = os.path.join(tmp, "child.pid")
    write(os.path.join(tmp, "user", "python"),
          f"#!/bin/sh\nsleep 60 &\necho $! > '{pidfile}'\nwait\n", 0o755)
    project(tmp)
    start = time.monotonic()
    r = run(gradguard, tmp, "--python", os.path.join(tmp, "user", "python"), "eval.py",
            timeout=RUN_LIMIT_S + SLACK_S + 10)
    took = time.monotonic() - start
    check(took < RUN_LIMIT_S + SLACK_S, f"check took {took:.1f} s")
    check(r.returncode == 2, f"exit {r.returncode}: {r.stderr}")
    check("gave no answer in time" in r.stderr, r.stderr)
    check(pid_gone(pidfile, 2.0), "the interpreter's child outlived the check")


@suite.test
def users_interpreter_that_floods(gradguard, tmp):
    # An interpreter that prints without end is stopped past 1 MiB, at once.
    write(os.path.join(tmp, "user", "python"), "#!/bin/sh\nexec yes /tmp\n", 0o755)
    project(tmp)
    start = time.monotonic()
    r = run(gradguard, tmp, "--python", os.path.join(tmp, "user", "python"), "eval.py",
            timeout=RUN_LIMIT_S + SLACK_S + 10)
    took = time.monotonic() - start
    check(took < RUN_LIMIT_S, f"check took {took:.1f} s")
    check(r.returncode == 2, f"exit {r.returncode}: {r.stderr}")
    check("printed more than a sys.path" in r.stderr, r.stderr)


@suite.test
def users_missing_python(gradguard, tmp):
    project(tmp)
    r = run(gradguard, tmp, "--python", "no/such/python", "eval.py")
    check(r.returncode == 2, f"exit {r.returncode}: {r.stderr}")
    check("--python no/such/python: no virtual environment or interpreter there" in r.stderr, r.stderr)


if __name__ == "__main__":
    sys.exit(suite.main(sys.argv, __doc__.strip().splitlines()[-1]))

#!/usr/bin/env python3
"""
`gradguard check`'s options, as data in options/: each NAME.case runs
`gradguard check ARGS` in a copy of options/project/ and states what must
come out. Lines of a case:

    # a comment
    project: gitproject             (another folder of options/ than project/)
    git-init                        (`git init` in the copy first)
    git-init: sub                   (`git init` in the copy's sub/ instead)
    args: --select XYZ9 eval.py     (split as a shell does: --config "select = ['GG002']")
    env: VIRTUAL_ENV={root}/venv    (an environment variable; {root} is the copy)
    stdin: eval.py                  (a file of the project fed to stdin)
    exit: 2
    stdout: LINE                    (one whole line of stdout; repeatable)
    stdout-contains: TEXT / stdout-lacks: TEXT / stdout-empty
    stderr: LINE                    (one whole line of stderr; repeatable)
    stderr-contains: TEXT / stderr-lacks: TEXT / stderr-empty
    unchanged: eval.py              (the file's bytes after the run are those before)
    after: eval.py: TEXT            (the file holds TEXT after the run)

Files named dot-gitignore and dot-ignore are copied as .gitignore and
.ignore (real ones would apply to this repository, and to ripgrep's and
ruff's walks of it). Colour, which needs a terminal, is checked below
the cases.

usage: test_cli_options.py GRADGUARD
"""
import os
import pty
import shlex
import shutil
import signal
import time
import subprocess
import sys

from cli_harness import Suite, check

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "options")
suite = Suite("gg-options-")


def parse(path):
    case = {"args": [], "checks": [], "project": "project", "git": None, "env": {}}
    with open(path, encoding="utf-8") as f:
        for raw in f:
            line = raw.rstrip("\n")
            if not line or line.startswith("#"):
                continue
            key, _, value = line.partition(": ")
            if key == "project":
                case["project"] = value
            elif key == "git-init":
                case["git"] = value or "."
            elif key == "args":
                case["args"] = shlex.split(value)
            elif key == "env":
                name, _, setting = value.partition("=")
                case["env"][name] = setting
            elif key == "stdin":
                case["stdin"] = value
            elif key == "exit":
                case["exit"] = int(value)
            elif key in ("stdout", "stdout-contains", "stdout-lacks", "stderr", "stderr-contains", "stderr-lacks",
                         "stdout-empty", "stderr-empty", "unchanged", "after"):
                case["checks"].append((key, value))
            else:
                raise ValueError(f"{path}: unknown line {line!r}")
    return case


def make_case(name):
    def case(gradguard, tmp):
        spec = parse(os.path.join(HERE, name + ".case"))
        root = os.path.join(tmp, "project")
        shutil.copytree(os.path.join(HERE, spec["project"]), root)
        for dirpath, _, names in os.walk(root):
            for stored, real in (("dot-gitignore", ".gitignore"), ("dot-ignore", ".ignore")):
                if stored in names:
                    os.rename(os.path.join(dirpath, stored), os.path.join(dirpath, real))
        if spec["git"]:
            subprocess.run(["git", "init", "-q", os.path.join(root, spec["git"])], check=True, timeout=60)
        stdin = None
        if "stdin" in spec:
            with open(os.path.join(root, spec["stdin"]), "rb") as f:
                stdin = f.read()
        before = {v: open(os.path.join(root, v), "rb").read() for k, v in spec["checks"] if k == "unchanged"}
        env = dict(os.environ, **{k: v.replace("{root}", root) for k, v in spec["env"].items()})
        p = subprocess.run([gradguard, "check", *spec["args"]], cwd=root, input=stdin, env=env,
                           stdin=None if stdin is not None else subprocess.DEVNULL, capture_output=True, timeout=60)
        out, err = p.stdout.decode(), p.stderr.decode()
        where = f"\n--- stdout\n{out}--- stderr\n{err}"
        check(p.returncode == spec["exit"], f"exit {p.returncode}, not {spec['exit']}{where}")
        for key, value in spec["checks"]:
            if key == "stdout":
                check(value in out.splitlines(), f"no stdout line {value!r}{where}")
            elif key == "stdout-contains":
                check(value in out, f"stdout lacks {value!r}{where}")
            elif key == "stdout-lacks":
                check(value not in out, f"stdout has {value!r}{where}")
            elif key == "stdout-empty":
                check(out == "", f"stdout not empty{where}")
            elif key == "stderr":
                check(value in err.splitlines(), f"no stderr line {value!r}{where}")
            elif key == "stderr-empty":
                check(err == "", f"stderr not empty{where}")
            elif key == "after":
                fname, _, text = value.partition(": ")
                with open(os.path.join(root, fname), encoding="utf-8") as f:
                    body = f.read()
                check(text in body, f"{fname} lacks {text!r} after the run:\n{body}{where}")
            elif key == "stderr-contains":
                check(value in err, f"stderr lacks {value!r}{where}")
            elif key == "stderr-lacks":
                check(value not in err, f"stderr has {value!r}{where}")
            elif key == "unchanged":
                with open(os.path.join(root, value), "rb") as f:
                    check(f.read() == before[value], f"{value} changed{where}")
    case.__name__ = name
    return case


for _n in sorted(os.listdir(HERE)):
    if _n.endswith(".case"):
        suite.test(make_case(_n[:-5]))


def run_on_terminal(gradguard, args, cwd, env):
    """stdout on a pseudo-terminal: what a user at a terminal sees."""
    pid, fd = pty.fork()
    if pid == 0:
        os.chdir(cwd)
        os.execve(gradguard, [gradguard, "check", *args], env)
    chunks = []
    while True:
        try:
            data = os.read(fd, 65536)
        except OSError:
            break
        if not data:
            break
        chunks.append(data)
    _, status = os.waitpid(pid, 0)
    return os.waitstatus_to_exitcode(status), b"".join(chunks).decode()


@suite.test
def colour_on_a_terminal(gradguard, tmp):
    env = {k: v for k, v in os.environ.items() if k != "NO_COLOR"}
    rc, out = run_on_terminal(gradguard, ["eval.py"], os.path.join(HERE, "project"), env)
    check(rc == 1, f"exit {rc}")
    check("\x1b[1meval.py\x1b[0m:7:9: \x1b[1;31mGG001\x1b[0m" in out, f"no colour: {out!r}")


@suite.test
def no_colour_with_no_color(gradguard, tmp):
    env = dict(os.environ, NO_COLOR="1")
    rc, out = run_on_terminal(gradguard, ["eval.py"], os.path.join(HERE, "project"), env)
    check(rc == 1, f"exit {rc}")
    check("\x1b[" not in out and "eval.py:7:9: GG001" in out, f"colour despite NO_COLOR: {out!r}")


def read_until(fd, want, deadline):
    """What fd gives until want is in it (bytes) or the deadline passes."""
    got = b""
    while want not in got and time.monotonic() < deadline:
        os.set_blocking(fd, False)
        try:
            chunk = os.read(fd, 65536)
        except BlockingIOError:
            time.sleep(0.05)
            continue
        if not chunk:
            break
        got += chunk
    return got


@suite.test
def watch_runs_again_on_change(gradguard, tmp):
    """--watch: ruff's cleared screen and lines, a run at once, another when a checked file changes."""
    root = os.path.join(tmp, "project")
    shutil.copytree(os.path.join(HERE, "project"), root)
    p = subprocess.Popen([gradguard, "check", "--watch", "--output-format", "json", "eval.py", "sub"], cwd=root,
                         stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                         start_new_session=True)
    try:
        first = read_until(p.stdout.fileno(), b"Watching for file changes.", time.monotonic() + 30)
        check(b"\x1b[H\x1b[2J\x1b[3J[" in first and b"] Starting linter in watch mode...\n\n" in first,
              f"first run: {first!r}")
        check(b"`--output-format concise` is always used in watch mode." in first, f"no format warning: {first!r}")
        check(b"eval.py:7:9: GG001 [*]" in first and b"sub/eval.py:" in first, f"not concise: {first!r}")
        # A file that is not Python changes nothing; a Python file under a watched folder does.
        with open(os.path.join(root, "sub", "notes.txt"), "w", encoding="utf-8") as f:
            f.write("x\n")
        time.sleep(0.5)
        with open(os.path.join(root, "sub", "eval.py"), "w", encoding="utf-8") as f:
            f.write("import torch\n")
        second = read_until(p.stdout.fileno(), b"Watching for file changes.", time.monotonic() + 30)
        check(b"File change detected...\n\n" in second and b"sub/eval.py:" not in second, f"second run: {second!r}")
        check(b"notes" not in second and second.count(b"\x1b[2J") == 1, f"more than one run: {second!r}")
        check(p.poll() is None, "watch mode ended")
    finally:
        os.killpg(p.pid, signal.SIGTERM)
        p.wait(timeout=30)


@suite.test
def watch_runs_again_on_config_above(gradguard, tmp):
    """--watch sub: a configuration file created in a folder above the paths configures them: a run."""
    root = os.path.join(tmp, "project")
    shutil.copytree(os.path.join(HERE, "project"), root)
    os.remove(os.path.join(root, "sub", "pyproject.toml"))  # the nearest configuration is then above sub/
    p = subprocess.Popen([gradguard, "check", "--watch", "sub"], cwd=root, stdin=subprocess.DEVNULL,
                         stdout=subprocess.PIPE, stderr=subprocess.STDOUT, start_new_session=True)
    try:
        first = read_until(p.stdout.fileno(), b"Watching for file changes.", time.monotonic() + 30)
        check(b"sub/eval.py:" in first and b"GG001" in first, f"first run: {first!r}")
        # A Python file beside the paths' folder is not checked: no run.
        with open(os.path.join(root, "other.py"), "w", encoding="utf-8") as f:
            f.write("x = 1\n")
        time.sleep(0.5)
        with open(os.path.join(root, "gradguard.toml"), "w", encoding="utf-8") as f:
            f.write('ignore = ["GG001"]\n')
        second = read_until(p.stdout.fileno(), b"Watching for file changes.", time.monotonic() + 30)
        check(b"File change detected...\n\n" in second and b"GG001" not in second, f"second run: {second!r}")
        check(second.count(b"\x1b[2J") == 1, f"more than one run: {second!r}")
        check(p.poll() is None, "watch mode ended")
    finally:
        os.killpg(p.pid, signal.SIGTERM)
        p.wait(timeout=30)


@suite.test
def watch_refuses_stdin(gradguard, tmp):
    p = subprocess.run([gradguard, "check", "--watch", "--stdin-filename", "x.py"], cwd=tmp, input=b"",
                       capture_output=True, timeout=60)
    check(p.returncode == 2 and b"--watch checks files, not stdin" in p.stderr, f"{p.returncode} {p.stderr!r}")


if __name__ == "__main__":
    sys.exit(suite.main(sys.argv, __doc__.strip().splitlines()[-1]))

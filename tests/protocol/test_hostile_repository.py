#!/usr/bin/env python3
"""
A hostile repository, checked with `gradguard check` and opened in
`gradguard lsp`: nothing it names is ever run, every request is answered,
and the server ends within a second of `exit`.

The repository names programs every way a clone can: `[tool.gradguard]
python` in its pyproject.toml (a script beside it, or its .venv's
interpreter), a .venv whose bin/python is a script, a `python3` at its root,
and a `sysconfig.py` that an interpreter started in it would import. Each
program, if run, leaves a marker file outside the repository and then hangs.
Its files import torch and libraries, so that the environment is looked up.

Then the limits on what the user's own interpreter may do: named by the
editor's settings, one that never answers does not keep the server from
exiting, and is killed with it; and a workspace whose index takes seconds
does not keep it either.

usage: test_hostile_repository.py GRADGUARD
"""
import os
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lsp_client import LspClient  # noqa: E402

# How long `exit` may take to end the process (the bound), and `check`.
EXIT_WITHIN_S = 1.0
CHECK_WITHIN_S = 20.0

SOURCE = (
    "import torch\n"
    "import hostilelib\n"
    "from otherlib import Scorer\n"
    "\n"
    "\n"
    "def score_all(model, batches):\n"
    "    model.eval()\n"
    "    return [model(b) for b in batches]\n"
)

# The python settings a repository may commit: a script beside it, its
# .venv's interpreter, nothing (the .venv is then looked up on its own).
SETTINGS = ["evil.sh", ".venv/bin/python", "python3", None]

failures = []


def check(cond, message):
    if not cond:
        raise AssertionError(message)


def program(path, marker):
    """An executable script that leaves marker and hangs."""
    with open(path, "w", encoding="utf-8") as f:
        f.write(f"#!/bin/sh\necho ran > '{marker}'\nexec sleep 60\n")
    os.chmod(path, 0o755)


def make_repository(tmp, setting):
    """The hostile clone in tmp/repo; its markers go to tmp/markers. Returns (repo, markers)."""
    repo = os.path.join(tmp, "repo")
    markers = os.path.join(tmp, "markers")
    os.makedirs(os.path.join(repo, ".venv", "bin"))
    os.makedirs(markers)
    with open(os.path.join(repo, "pyproject.toml"), "w", encoding="utf-8") as f:
        f.write("[tool.gradguard]\n")
        if setting is not None:
            f.write(f'python = "{setting}"\n')
    program(os.path.join(repo, "evil.sh"), os.path.join(markers, "evil.sh"))
    program(os.path.join(repo, "python3"), os.path.join(markers, "python3"))
    program(os.path.join(repo, ".venv", "bin", "python"), os.path.join(markers, "venv-python"))
    with open(os.path.join(repo, "sysconfig.py"), "w", encoding="utf-8") as f:
        f.write(f"open({os.path.join(markers, 'sysconfig.py')!r}, 'w').write('ran')\n")
    with open(os.path.join(repo, "model.py"), "w", encoding="utf-8") as f:
        f.write(SOURCE)
    return repo, markers


def clean_env():
    """The user's environment without a VIRTUAL_ENV, so that only the repository can name one."""
    env = dict(os.environ)
    env.pop("VIRTUAL_ENV", None)
    # As run_transcripts.py runs a sanitizer build: leaks and undefined behaviour are failures.
    env["ASAN_OPTIONS"] = "detect_leaks=1:abort_on_error=0"
    env["UBSAN_OPTIONS"] = "print_stacktrace=1:halt_on_error=1"
    return env


SANITIZER_ERRORS = ("ERROR: AddressSanitizer", "ERROR: LeakSanitizer", "runtime error:")


def no_sanitizer_errors(stderr):
    bad = [e for e in SANITIZER_ERRORS if e in stderr]
    check(not bad, f"sanitizer errors: {stderr[-3000:]}")


def no_markers(markers):
    # A program started just before the end would leave its marker a moment later.
    time.sleep(0.2)
    found = sorted(os.listdir(markers))
    check(not found, f"programs the repository names were run: {found}")


def run_check(gradguard, repo, args=()):
    start = time.monotonic()
    try:
        r = subprocess.run([gradguard, "check", *args, "."], cwd=repo, env=clean_env(), capture_output=True,
                           text=True, timeout=CHECK_WITHIN_S)
    except subprocess.TimeoutExpired:
        raise AssertionError(f"check did not finish in {CHECK_WITHIN_S} s")
    no_sanitizer_errors(r.stderr)
    return r, time.monotonic() - start


def session(gradguard, tmp, root, init_options=None, open_file=None, settle=0.5):
    """initialize, initialized, didOpen, shutdown, exit; every request answered, the end within a second."""
    client = LspClient([gradguard, "lsp"], env=clean_env(), stderr_path=os.path.join(tmp, "lsp.stderr"))
    client.start()
    try:
        params = {"processId": None, "rootUri": "file://" + root, "capabilities": {},
                  "workspaceFolders": [{"uri": "file://" + root, "name": "repo"}]}
        if init_options is not None:
            params["initializationOptions"] = init_options
        client.send({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": params})
        check(client.wait_for(lambda m: (m.obj or {}).get("id") == 1, 0, 10) is not None,
              "initialize was not answered")
        client.send({"jsonrpc": "2.0", "method": "initialized", "params": {}})
        if open_file:
            uri = "file://" + os.path.join(root, open_file)
            with open(os.path.join(root, open_file), encoding="utf-8") as f:
                text = f.read()
            mark = client.mark()
            client.send({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {
                "textDocument": {"uri": uri, "languageId": "python", "version": 1, "text": text}}})
            published = client.wait_for(
                lambda m: (m.obj or {}).get("method") == "textDocument/publishDiagnostics"
                and m.obj["params"].get("uri") == uri, mark, 10)
            check(published is not None, "the opened file's diagnostics were not published")
        # Time for the workspace index to reach the environment.
        time.sleep(settle)
        mark = client.mark()
        client.send({"jsonrpc": "2.0", "id": 2, "method": "shutdown"})
        check(client.wait_for(lambda m: (m.obj or {}).get("id") == 2, mark, 10) is not None,
              "shutdown was not answered")
        client.send({"jsonrpc": "2.0", "method": "exit"})
        start = time.monotonic()
        rc = client.wait_exit(5)
        took = time.monotonic() - start
        check(rc is not None, "the server did not end within 5 s of exit")
        check(took <= EXIT_WITHIN_S, f"the server took {took:.2f} s to end after exit")
        check(rc == 0, f"the server exited with {rc}")
        check(not client.violations, f"protocol breaches: {client.violations}")
        no_sanitizer_errors(client.stderr_text())
        return client.stderr_text()
    finally:
        client.close()


def case(fn):
    def run(gradguard):
        tmp = tempfile.mkdtemp(prefix="gg-hostile-")
        try:
            fn(gradguard, tmp)
            print(f"ok   {fn.__name__}")
        except AssertionError as e:
            failures.append(fn.__name__)
            print(f"FAIL {fn.__name__}: {e}")
        finally:
            shutil.rmtree(tmp, ignore_errors=True)
    run.__name__ = fn.__name__
    return run


def hostile_cases():
    cases = []
    for setting in SETTINGS:
        label = (setting or "none").replace("/", "_").replace(".", "")

        def check_case(gradguard, tmp, setting=setting):
            repo, markers = make_repository(tmp, setting)
            r, _ = run_check(gradguard, repo)
            check(r.returncode in (0, 1, 2), f"check exited {r.returncode}: {r.stderr}")
            if setting in ("evil.sh", ".venv/bin/python"):
                check("gradguard never runs a program a repository names" in r.stderr,
                      f"no warning that the setting is not run: {r.stderr!r}")
            no_markers(markers)
            # --show-settings looks the environment up too.
            r, _ = run_check(gradguard, repo, ["--show-settings"])
            check(r.returncode == 0, f"--show-settings exited {r.returncode}: {r.stderr}")
            no_markers(markers)

        def lsp_case(gradguard, tmp, setting=setting):
            repo, markers = make_repository(tmp, setting)
            session(gradguard, tmp, repo, open_file="model.py")
            no_markers(markers)

        check_case.__name__ = f"check_python_{label}"
        lsp_case.__name__ = f"lsp_python_{label}"
        cases += [case(check_case), case(lsp_case)]
    return cases


@case
def lsp_editor_setting_relative_is_not_run(gradguard, tmp):
    # The editor's setting, relative, names a file of the workspace: read by layout, not run.
    repo, markers = make_repository(tmp, None)
    session(gradguard, tmp, repo, init_options={"python": ".venv/bin/python"}, open_file="model.py")
    no_markers(markers)


@case
def lsp_editor_setting_bare_name_is_not_the_workspace_file(gradguard, tmp):
    # The editor's setting names a program by a bare name that PATH lacks: the workspace's
    # file of that name is not taken for it.
    repo, markers = make_repository(tmp, None)
    session(gradguard, tmp, repo, init_options={"python": "evil.sh"}, open_file="model.py")
    no_markers(markers)


@case
def check_python_bare_name_is_not_the_workspace_file(gradguard, tmp):
    repo, markers = make_repository(tmp, None)
    r, _ = run_check(gradguard, repo, ["--python", "evil.sh"])
    check(r.returncode == 2 and "no such program on PATH" in r.stderr, f"exit {r.returncode}: {r.stderr}")
    no_markers(markers)


def sleeper(tmp):
    """The user's own interpreter that never answers; it writes its pid first. Returns (path, pid file)."""
    pidfile = os.path.join(tmp, "sleeper.pid")
    path = os.path.join(tmp, "user", "python-wrapper")
    os.makedirs(os.path.dirname(path))
    with open(path, "w", encoding="utf-8") as f:
        f.write(f"#!/bin/sh\necho $$ > '{pidfile}'\nexec sleep 60\n")
    os.chmod(path, 0o755)
    return path, pidfile


def gone_within(pidfile, seconds):
    """Whether the process whose pid pidfile holds has ended within seconds (True when it never started)."""
    try:
        with open(pidfile, encoding="utf-8") as f:
            pid = int(f.read().strip() or "0")
    except (OSError, ValueError):
        return True
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return True
        try:  # a zombie of ours would still answer; it is not ours (reaped by init)
            with open(f"/proc/{pid}/stat", encoding="utf-8") as f:
                if f.read().split(")")[-1].split()[0] == "Z":
                    return True
        except OSError:
            return True
        time.sleep(0.05)
    return False


@case
def lsp_users_interpreter_that_hangs(gradguard, tmp):
    # Named by the editor's settings (the user's), by an absolute path: it is run, hangs, and still
    # `exit` ends the server at once, and the interpreter with it.
    repo, markers = make_repository(tmp, None)
    path, pidfile = sleeper(tmp)
    session(gradguard, tmp, repo, init_options={"python": path}, open_file="model.py")
    check(os.path.exists(pidfile), "the user's interpreter was not run")
    check(gone_within(pidfile, 2.0), "the user's interpreter outlived the server")
    no_markers(markers)


@case
def lsp_exit_during_a_large_index(gradguard, tmp):
    # A workspace whose index takes seconds (500 files of 100 classes each, some 10 MB):
    # `exit` right after `initialized` does not wait for the index.
    repo, markers = make_repository(tmp, None)
    body = "import torch\nfrom torch import nn\n\n" + "".join(
        f"class M{i}(nn.Module):\n    @torch.no_grad()\n    def forward(self, x):\n"
        f"        with torch.no_grad():\n            return x * {i}\n\n\n"
        f"def f{i}(model, x):\n    model.eval()\n    return model(x)\n\n" for i in range(100))
    for i in range(500):
        with open(os.path.join(repo, f"mod{i}.py"), "w", encoding="utf-8") as f:
            f.write(body)
    session(gradguard, tmp, repo, settle=0.05)
    no_markers(markers)


def main(argv):
    if len(argv) != 2:
        print(__doc__.strip().splitlines()[-1], file=sys.stderr)
        return 2
    gradguard = os.path.abspath(argv[1])
    cases = hostile_cases() + [lsp_editor_setting_relative_is_not_run,
                               lsp_editor_setting_bare_name_is_not_the_workspace_file,
                               check_python_bare_name_is_not_the_workspace_file, lsp_users_interpreter_that_hangs,
                               lsp_exit_during_a_large_index]
    for run in cases:
        run(gradguard)
    print(f"{len(cases) - len(failures)}/{len(cases)} tests pass")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

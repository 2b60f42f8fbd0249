#!/usr/bin/env python3
"""Runs one of the README's install lines as written (read from README.md by
install_lines.py), as a new user would: in a scratch copy of the checkout
(what git tracks, the fetched grammars in .deps/, and `build` standing for
the test's build folder), with a fresh HOME, then checks that what it
installed runs.

- vs-code: the line; with VS Code's `code` on PATH it installs the .vsix
  into the fresh HOME, else a stand-in `code` checks the .vsix it is given
  and the test reports itself skipped (no VS Code);
- pip, pipx: the line, then `gradguard` from the venv (pipx: from
  ~/.local/bin; GG_PIPX names a pipx not on PATH) checks examples/ with nothing else on PATH; the wheel's
  scripts are the program alone, bin/ has no library, pipx exposes one app;
  for pip also docs/install.md's wheel block, in the same folder;
- pip-pypi: skipped when PyPI cannot be reached (the isolated build fetches
  meson-python and meson from it);
- anywhere: the line twice (it must be safe to repeat) in a HOME without
  ~/.local/bin, then `gradguard` from ~/.local/bin, and from a login
  shell's PATH (Debian's ~/.profile, from /etc/skel) as the line promises;
- pre-commit: the line as a project's .pre-commit-config.yaml, `<this
  repository>` and `<tag>` standing for this checkout and its HEAD, runs
  on a scratch repository and fails it on a finding;
- neovim: the line, `/path/to/gradguard` standing for this checkout, in a
  headless Neovim that then opens a Python file.

The lines' `python3` is the one this test runs under (its folder first on
PATH: pyenv's or conda's where that is what runs the tests). A line that
needs what is not here (pipx, nvim, pre-commit, VS Code, PyPI) exits 77
with the reason (tests/tap_skip.py puts it in meson's summary).

usage: run_install_line.py SOURCE_ROOT BUILD_DIR VERSION ROW
"""
import glob
import os
import shutil
import subprocess
import sys
import tempfile
import zipfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import install_lines  # noqa: E402

SKIP = 77
# What the copy leaves out: build outputs, and what the lines themselves make.
IGNORE = shutil.ignore_patterns(".git", "build*", ".mesonpy-*", "wheels", ".venv", "node_modules",
                                "__pycache__", "subprojects", ".gradguard")


class Skip(Exception):
    pass


def run(argv, **kw):
    kw.setdefault("capture_output", True)
    kw.setdefault("text", True)
    return subprocess.run(argv, **kw)


def run_line(line, cwd, env, timeout=1500):
    """The line as a user's shell runs it."""
    print(f"$ {line}")
    done = run(["sh", "-c", line], cwd=cwd, env=env, timeout=timeout)
    print(done.stdout[-6000:], done.stderr[-6000:], sep="\n")
    return done


def user_env(home, python_dir):
    """A new user's environment: a fresh HOME, the base PATH with the tests' python3 first."""
    path = ":".join(p for p in (python_dir, "/usr/local/bin", "/usr/bin", "/bin") if p)
    env = {"HOME": home, "PATH": path, "LANG": "C.UTF-8", "USER": "gg", "NO_COLOR": "1"}
    for name in ("http_proxy", "https_proxy", "no_proxy", "HTTP_PROXY", "HTTPS_PROXY", "NO_PROXY",
                 "PIP_INDEX_URL", "PIP_NO_INDEX", "PIP_FIND_LINKS", "PIP_CERT", "npm_config_registry", "TMPDIR"):
        if name in os.environ:
            env[name] = os.environ[name]
    return env


def checks_examples(gradguard, cwd, env, version):
    """The installed program: its version, and the finding of examples/."""
    failures = []
    v = run([gradguard, "--version"], env=env)
    if v.stdout.strip() != f"gradguard {version}":
        failures.append(f"{gradguard} --version: exit {v.returncode} {v.stdout!r} {v.stderr!r}")
    c = run([gradguard, "check", "examples/"], cwd=cwd, env=env)
    if c.returncode != 1 or "GG001" not in c.stdout:
        failures.append(f"{gradguard} check examples/: exit {c.returncode} {c.stdout!r} {c.stderr!r}")
    return failures


def wheel_scripts(src, version):
    """The wheel the line built, and its files under .data/scripts/."""
    wheels = glob.glob(os.path.join(src, "wheels", "gradguard-*.whl"))
    if len(wheels) != 1:
        return None, [f"wheels/: {wheels}, expected one wheel"]
    with zipfile.ZipFile(wheels[0]) as z:
        scripts = [n for n in z.namelist() if ".data/scripts/" in n]
    if scripts != [f"gradguard-{version}.data/scripts/gradguard"]:
        return wheels[0], [f"the wheel's scripts are {scripts}, not the program alone"]
    print(f"unzip -l {os.path.basename(wheels[0])}: scripts {scripts}")
    return wheels[0], []


def venv_bin_has_no_library(venv):
    libs = [n for n in os.listdir(os.path.join(venv, "bin")) if ".so" in n]
    return [f"{venv}/bin holds {libs}"] if libs else []


def pypi_reachable(python, env, tmp):
    probe = run([python, "-m", "pip", "download", "--no-deps", "--no-cache-dir", "--retries", "0",
                 "--timeout", "15", "-d", os.path.join(tmp, "probe"), "meson-python"], env=env, timeout=120)
    return probe.returncode == 0


def row_pip(line, src, env, version, tmp, install_md):
    done = run_line(line, src, env)
    if done.returncode != 0:
        return [f"exit {done.returncode}"]
    _, failures = wheel_scripts(src, version)
    venv = os.path.join(src, ".venv")
    failures += venv_bin_has_no_library(venv)
    bare = dict(env, PATH="/usr/bin:/bin")
    failures += checks_examples(os.path.join(venv, "bin", "gradguard"), src, bare, version)
    # docs/install.md's block: the wheel into another venv, offline.
    for block in install_lines.docs_wheel_blocks(install_md):
        shutil.rmtree(venv)
        done = run_line(block, src, env)
        if done.returncode not in (0, 1) or "GG001" not in done.stdout:
            failures.append(f"docs/install.md's block: exit {done.returncode}")
    return failures


def row_pip_pypi(line, src, env, version, tmp):
    if not pypi_reachable(shutil.which("python3", path=env["PATH"]), env, tmp):
        raise Skip("PyPI cannot be reached: the isolated build fetches meson-python and meson from it")
    done = run_line(line, src, env)
    if done.returncode != 0:
        return [f"exit {done.returncode}"]
    venv = os.path.join(src, ".venv")
    return venv_bin_has_no_library(venv) + checks_examples(os.path.join(venv, "bin", "gradguard"), src,
                                                           dict(env, PATH="/usr/bin:/bin"), version)


def row_pipx(line, src, env, version, tmp):
    pipx = os.environ.get("GG_PIPX") or shutil.which("pipx", path=env["PATH"])
    if not pipx:
        raise Skip("pipx is not installed (apt-get install pipx)")
    env = dict(env, PATH=os.path.dirname(pipx) + ":" + env["PATH"])
    done = run_line(line, src, env)
    if done.returncode != 0:
        return [f"exit {done.returncode}"]
    _, failures = wheel_scripts(src, version)
    local_bin = os.path.join(env["HOME"], ".local", "bin")
    apps = sorted(os.listdir(local_bin)) if os.path.isdir(local_bin) else []
    if apps != ["gradguard"]:
        failures.append(f"pipx put {apps} in ~/.local/bin, not gradguard alone")
    failures += checks_examples(os.path.join(local_bin, "gradguard"), src,
                                dict(env, PATH="/usr/bin:/bin"), version)
    return failures


def row_anywhere(line, src, env, version, tmp):
    home = env["HOME"]
    if os.path.exists("/etc/skel/.profile"):
        shutil.copy("/etc/skel/.profile", home)  # what a new Debian user's HOME starts with
    failures = []
    for attempt in (1, 2):
        done = run_line(line, src, env)
        if done.returncode != 0:
            return [f"run {attempt}: exit {done.returncode}"]
    local_bin = os.path.join(home, ".local", "bin")
    failures += checks_examples(os.path.join(local_bin, "gradguard"), src, dict(env, PATH="/usr/bin:/bin"),
                                version)
    exported = run(["sh", "-c", 'export PATH="$HOME/.local/bin:$PATH"; command -v gradguard'],
                   env=dict(env, PATH="/usr/bin:/bin"))
    if exported.stdout.strip() != os.path.join(local_bin, "gradguard"):
        failures.append(f"after the export, gradguard is {exported.stdout.strip()!r}")
    if os.path.exists(os.path.join(home, ".profile")) and shutil.which("bash"):
        login = run(["bash", "-lc", "command -v gradguard"], env=dict(env, PATH="/usr/bin:/bin"))
        if login.stdout.strip() != os.path.join(local_bin, "gradguard"):
            failures.append(f"a fresh login shell finds gradguard at {login.stdout.strip()!r}")
        else:
            print(f"a fresh login finds {login.stdout.strip()}")
    return failures


def row_vs_code(line, src, env, version, tmp):
    stand_in = None
    if not shutil.which("code", path=env["PATH"]):
        stand_in = os.path.join(tmp, "stand-in")
        os.mkdir(stand_in)
        with open(os.path.join(stand_in, "code"), "w", encoding="utf-8") as f:
            f.write("#!/bin/sh\n# VS Code is not installed: check what would be installed.\n"
                    '[ "$1" = --install-extension ] && [ -f "$2" ] && '
                    'unzip -l "$2" | grep -q extension/package.json && echo "stand-in: $2"\n')
        os.chmod(os.path.join(stand_in, "code"), 0o755)
        env = dict(env, PATH=stand_in + ":" + env["PATH"])
    done = run_line(line, src, env)
    if done.returncode != 0:
        if run(["npm", "ping"], env=env, timeout=120).returncode != 0:
            raise Skip("the npm registry cannot be reached: the .vsix build runs npm ci")
        return [f"exit {done.returncode}"]
    if stand_in:
        raise Skip("VS Code (`code`) is not installed: the .vsix was built and a stand-in `code` checked it")
    listed = run(["code", "--list-extensions"], env=env)
    if "gradguard" not in listed.stdout:
        return [f"code --list-extensions: {listed.stdout!r}"]
    return []


def row_pre_commit(line, root, env, version, tmp, build):
    for tool in ("pre-commit", "git"):
        if not shutil.which(tool, path=env["PATH"]):
            raise Skip(f"{tool} is not installed (apt-get install {tool})")
    head = run(["git", "-C", root, "rev-parse", "HEAD"])
    if head.returncode != 0:
        raise Skip(f"{root} is not a git checkout: pre-commit takes the hooks from a repository")
    config = "repos:\n  " + line.replace("<this repository>", root).replace("<tag>", head.stdout.strip()) + "\n"
    project = os.path.join(tmp, "project")
    os.mkdir(project)
    bindir = os.path.join(tmp, "onpath")
    os.mkdir(bindir)
    os.symlink(os.path.join(build, "dist", "gradguard"), os.path.join(bindir, "gradguard"))
    env = dict(env, PATH=bindir + ":" + env["PATH"], PRE_COMMIT_HOME=os.path.join(tmp, "pre-commit-home"),
               GIT_AUTHOR_NAME="t", GIT_AUTHOR_EMAIL="t@example.invalid", GIT_COMMITTER_NAME="t",
               GIT_COMMITTER_EMAIL="t@example.invalid", GIT_CONFIG_NOSYSTEM="1")
    with open(os.path.join(project, ".pre-commit-config.yaml"), "w", encoding="utf-8") as f:
        f.write(config)
    shutil.copy(os.path.join(root, "examples", "validate.py"), project)
    run(["git", "init", "-q"], cwd=project, env=env, check=True)
    run(["git", "add", "."], cwd=project, env=env, check=True)
    print(config)
    done = run(["pre-commit", "run", "--all-files"], cwd=project, env=env, timeout=300)
    print(done.stdout[-4000:], done.stderr[-4000:])
    if done.returncode != 1 or "validate.py:24:19: GG001" not in done.stdout:
        return [f"pre-commit run: exit {done.returncode}, expected 1 and the finding"]
    return []


def row_neovim(line, root, env, version, tmp, build):
    nvim = os.environ.get("GG_NVIM") or shutil.which("nvim")
    if not nvim:
        raise Skip("Neovim is not installed (apt-get install neovim)")
    lua = line.replace("/path/to/gradguard", root)
    bindir = os.path.join(tmp, "onpath")
    os.mkdir(bindir)
    os.symlink(os.path.join(build, "dist", "gradguard"), os.path.join(bindir, "gradguard"))
    env = dict(env, PATH=bindir + ":" + env["PATH"])
    script = os.path.join(tmp, "init.lua")
    with open(script, "w", encoding="utf-8") as f:
        f.write(lua + "\n")
    target = os.path.join(tmp, "validate.py")
    shutil.copy(os.path.join(root, "examples", "validate.py"), target)
    # The line as an init.lua, then a Python buffer: the client must attach and report.
    check = ("lua local ok = vim.wait(20000, function() return #vim.diagnostic.get(0) > 0 end, 100); "
             "io.stdout:write(ok and 'diagnostics\\n' or 'none\\n'); vim.cmd('qa!')")
    done = run([nvim, "--headless", "-u", script, "-c", check, target], cwd=tmp, env=env, timeout=120)
    print(done.stdout[-2000:], done.stderr[-2000:])
    if done.returncode != 0 or "diagnostics" not in done.stdout + done.stderr or "E5" in done.stderr:
        return [f"nvim: exit {done.returncode}, {done.stdout!r} {done.stderr!r}"]
    return []


def copy_checkout(root, build, dest):
    shutil.copytree(root, dest, ignore=IGNORE, symlinks=True)
    # `build` in a line is the build folder this test belongs to.
    os.symlink(build, os.path.join(dest, "build"))


def main():
    root, build, version, row = (os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2]),
                                 sys.argv[3], sys.argv[4])
    with open(os.path.join(root, "README.md"), encoding="utf-8") as f:
        rows = install_lines.readme_rows(f.read())
    with open(os.path.join(root, "docs", "install.md"), encoding="utf-8") as f:
        install_md = f.read()
    if row not in rows:
        print(f"FAIL: the README has no install row {row!r} ({sorted(rows)})")
        return 1
    line = rows[row][1]
    python_dir = os.path.dirname(os.path.realpath(sys.executable))
    try:
        with tempfile.TemporaryDirectory(prefix=f"gg-install-{row}-") as tmp:
            home = os.path.join(tmp, "home")
            os.mkdir(home)
            env = user_env(home, python_dir)
            if row in ("pre-commit", "neovim"):
                failures = globals()["row_" + row.replace("-", "_")](line, root, env, version, tmp, build)
            else:
                src = os.path.join(tmp, "gradguard")
                copy_checkout(root, build, src)
                if row == "pip":
                    failures = row_pip(line, src, env, version, tmp, install_md)
                else:
                    failures = globals()["row_" + row.replace("-", "_")](line, src, env, version, tmp)
    except Skip as why:
        print(f"SKIP: {why}")
        return SKIP
    for f in failures:
        print("FAIL:", f)
    if failures:
        return 1
    print(f"{row}: the README's line works as written")
    return 0


if __name__ == "__main__":
    sys.exit(main())

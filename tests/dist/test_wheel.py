#!/usr/bin/env python3
"""The Python wheel, as a user gets it: built by `pip wheel
--no-build-isolation` in the source root, installed offline (`pip install
--no-index`) into a new venv, then run from that venv's bin/ with nothing
else on PATH: `gradguard check` on examples/, `gradguard diagnose` on a
traceback, an lsp initialize/shutdown/exit exchange, `python -m gradguard`;
where Debian's /usr/bin/python3 has torch, `python -m gradguard run` from a
--system-site-packages venv (the probe, docs/probe.md). Also: the wheel's tag claims no more than it is (no Python ABI, Linux
x86_64), and it carries the LICENSE.

Needs an interpreter with pip, venv and meson-python (Debian's
python3-pip, python3-venv, python3-mesonpy): this one or /usr/bin/python3;
exits 77 (skipped) naming what is missing.

usage: test_wheel.py SOURCE_ROOT VERSION
"""
import glob
import json
import os
import shutil
import subprocess
import sys
import tempfile
import urllib.parse
import zipfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import lsp_smoke  # noqa: E402

SKIP = 77


def usable(python):
    probe = "import mesonpy, pip, venv, ensurepip"
    return python and os.path.exists(python) and subprocess.run(
        [python, "-c", probe], capture_output=True).returncode == 0


def probe_from_wheel(system, wheel, tmp, examples, env, run_env):
    """`python -m gradguard run examples/run_validate.py` from the wheel installed into a
    --system-site-packages venv of system, then `gradguard check` confirming the finding."""
    venv = os.path.join(tmp, "venv-torch")
    subprocess.run([system, "-m", "venv", "--system-site-packages", venv], check=True)
    install = subprocess.run([os.path.join(venv, "bin", "pip"), "install", "--no-index", wheel],
                             env=env, capture_output=True, text=True)
    if install.returncode != 0:
        return [f"pip install into the torch venv: exit {install.returncode} {install.stderr[-2000:]}"]
    probe_env = dict(run_env, PATH=os.path.join(venv, "bin") + ":/usr/bin:/bin")
    run = subprocess.run([os.path.join(venv, "bin", "python"), "-m", "gradguard", "run", "run_validate.py"],
                         cwd=examples, env=probe_env, capture_output=True, text=True, timeout=300)
    if run.returncode != 0 or "validate.py:24:19: GG001 model(images) at validate.py:24 kept " not in run.stderr:
        return [f"python -m gradguard run: exit {run.returncode}, stderr {run.stderr[-2000:]!r}"]
    check = subprocess.run(["gradguard", "check", "validate.py"], cwd=examples, env=probe_env,
                           capture_output=True, text=True)
    if "(confirmed at run time: kept " not in check.stdout:
        return [f"check after the probe: {check.stdout!r} {check.stderr!r}"]
    print("python -m gradguard run: GG001 measured, and check confirms it")
    return []


def main():
    root, version = os.path.abspath(sys.argv[1]), sys.argv[2]
    python = next((p for p in (sys.executable, "/usr/bin/python3") if usable(p)), None)
    if not python:
        print("SKIP: no python3 with pip, venv and mesonpy (apt-get install python3-pip python3-venv python3-mesonpy)")
        return SKIP
    failures = []
    with tempfile.TemporaryDirectory(prefix="gg-wheel-") as tmp:
        wheels = os.path.join(tmp, "wheels")
        env = dict(os.environ, PIP_NO_INDEX="1", PIP_NO_CACHE_DIR="1", PIP_DISABLE_PIP_VERSION_CHECK="1")
        build = subprocess.run([python, "-m", "pip", "wheel", "--no-build-isolation", "--no-deps",
                                "-w", wheels, "."], cwd=root, env=env, capture_output=True, text=True)
        built = glob.glob(os.path.join(wheels, "*.whl"))
        if build.returncode != 0 or len(built) != 1:
            print(build.stdout[-4000:], build.stderr[-4000:])
            print(f"FAIL: pip wheel: exit {build.returncode}, wheels {built}")
            return 1
        wheel = built[0]
        name = os.path.basename(wheel)
        print(f"built {name}")
        if name != f"gradguard-{version}-py3-none-linux_x86_64.whl":
            failures.append(f"wheel name {name}: expected version {version}, tag py3-none-linux_x86_64 "
                            "(a native program, no Python ABI; docs/install.md says why not manylinux)")
        with zipfile.ZipFile(wheel) as z:
            names = z.namelist()
        for want in [f"gradguard-{version}.data/scripts/gradguard",
                     f"gradguard-{version}.data/data/lib/gradguard/libcjson.so.1",
                     f"gradguard-{version}.data/data/lib/gradguard/libcjson.copyright",
                     f"gradguard-{version}.dist-info/LICENSE"]:
            if want not in names:
                failures.append(f"{want} is not in the wheel ({names})")
        # The program is the wheel's one script: a library there would be
        # installed into bin/ and offered by pipx as an app.
        scripts = [n for n in names if n.startswith(f"gradguard-{version}.data/scripts/")]
        if scripts != [f"gradguard-{version}.data/scripts/gradguard"]:
            failures.append(f"the wheel's scripts are {scripts}, not the program alone")

        venv = os.path.join(tmp, "venv")
        subprocess.run([python, "-m", "venv", venv], check=True)
        install = subprocess.run([os.path.join(venv, "bin", "pip"), "install", "--no-index", wheel],
                                 env=env, capture_output=True, text=True)
        if install.returncode != 0:
            print(install.stdout, install.stderr)
            print(f"FAIL: pip install: exit {install.returncode}")
            return 1

        # Only the venv and the base system on PATH: no build folder, no LD_LIBRARY_PATH.
        bindir = os.path.join(venv, "bin")
        run_env = {"PATH": bindir + ":/usr/bin:/bin", "HOME": tmp, "LANG": "C.UTF-8"}
        where = shutil.which("gradguard", path=run_env["PATH"])
        if where != os.path.join(bindir, "gradguard"):
            failures.append(f"gradguard on the venv's PATH is {where}")
        if not os.path.isfile(os.path.join(venv, "lib", "gradguard", "libcjson.so.1")):
            failures.append("libcjson.so.1 is not in the venv's lib/gradguard/")

        examples = os.path.join(tmp, "examples")
        shutil.copytree(os.path.join(root, "examples"), examples)
        check = subprocess.run(["gradguard", "check", "--output-format", "json", "."], cwd=examples,
                               env=run_env, capture_output=True, text=True)
        try:
            codes = {f.get("code") for f in json.loads(check.stdout)}
        except (ValueError, AttributeError):
            codes = set()
        if check.returncode != 1 or "GG001" not in codes:
            failures.append(f"check examples/: exit {check.returncode} (1 expected), codes {codes}, "
                            f"stderr {check.stderr!r}")
        else:
            print(f"check examples/: exit 1, codes {sorted(codes)}")
            # The rule pages come with the wheel (pip puts them under the venv's doc/, meson-python's data root): the links resolve.
            url = json.loads(check.stdout)[0].get("url") or ""
            page = urllib.parse.unquote(urllib.parse.urlparse(url).path)
            if not url.startswith("file://") or not page.startswith(os.path.realpath(venv)) or not os.path.isfile(page):
                failures.append(f"the json url {url!r} is not a rule page installed in the venv")

        log = os.path.join(root, "tests", "tracebacks", "cases", "backward_pass_oom.log")
        diag = subprocess.run(["gradguard", "diagnose", "--no-root", "--output-format", "json", log],
                              env=run_env, capture_output=True, text=True)
        try:
            kinds = [d.get("kind") for d in json.loads(diag.stdout)["diagnoses"]]
        except (ValueError, KeyError, TypeError):
            kinds = []
        if "oom-training" not in kinds:
            failures.append(f"diagnose: exit {diag.returncode}, kinds {kinds}, stderr {diag.stderr!r}")
        else:
            print(f"diagnose: {kinds}")

        status, result, _ = lsp_smoke.initialize_shutdown_exit(["gradguard", "lsp"], env=run_env, cwd=tmp)
        served = ((result or {}).get("serverInfo") or {}).get("version")
        if status != 0 or served != version:
            failures.append(f"lsp: exit {status}, serverInfo version {served!r}")
        else:
            print(f"lsp: initialize/shutdown/exit, serverInfo version {served}")

        module = subprocess.run([os.path.join(bindir, "python"), "-m", "gradguard", "--version"],
                                env=run_env, capture_output=True, text=True)
        if module.returncode != 0 or module.stdout.strip() != f"gradguard {version}":
            failures.append(f"python -m gradguard --version: exit {module.returncode}, {module.stdout!r} {module.stderr!r}")
        else:
            print(f"python -m gradguard: {module.stdout.strip()}")

        # The probe (docs/probe.md) from the wheel, in a venv that sees Debian's python3-torch.
        system = "/usr/bin/python3"
        if subprocess.run([system, "-c", "import torch, venv, ensurepip"], capture_output=True).returncode != 0:
            print("python -m gradguard run: not tried (no /usr/bin/python3 with torch and venv)")
        else:
            failures += probe_from_wheel(system, wheel, tmp, examples, env, run_env)

    for f in failures:
        print("FAIL:", f)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())

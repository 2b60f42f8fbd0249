#!/usr/bin/env python3
"""The self-contained program (dist/gradguard) needs nothing but glibc.

Checks, from the ELF file itself (readelf -d, objdump -T):
- every NEEDED entry is a glibc library, or a library copied beside the
  program in the same folder with a RUNPATH of exactly $ORIGIN (beside it:
  build/dist/ and its copies) and $ORIGIN/../lib/gradguard (the wheel's
  layout: bin/ and lib/gradguard/ under one root; docs/install.md);
- the newest GLIBC_ symbol version it asks for is the floor docs/install.md
  states (a higher one is a change users must hear about; a lower one, a
  document to correct);
- it runs with an empty environment (no LD_LIBRARY_PATH, no PATH): its
  --version is the project's version, and check finds the finding in a file.

usage: test_self_contained.py DIST_GRADGUARD INSTALL_MD VERSION
"""
import os
import re
import subprocess
import sys
import tempfile

GLIBC_LIBS = {"libc.so.6", "libm.so.6", "libpthread.so.0", "libdl.so.2", "librt.so.1",
              "ld-linux-x86-64.so.2"}
RUNPATH = "$ORIGIN:$ORIGIN/../lib/gradguard"


def dynamic_section(path):
    out = subprocess.run(["readelf", "-d", path], capture_output=True, text=True, check=True).stdout
    needed = re.findall(r"\(NEEDED\)\s+Shared library: \[([^\]]+)\]", out)
    runpath = re.findall(r"\((?:RUNPATH|RPATH)\)\s+Library r(?:un)?path: \[([^\]]*)\]", out)
    return needed, runpath


def glibc_floor(path):
    out = subprocess.run(["objdump", "-T", path], capture_output=True, text=True, check=True).stdout
    versions = {tuple(int(p) for p in v.split(".")) for v in re.findall(r"GLIBC_([0-9.]+)", out)}
    return max(versions)


def main():
    exe, install_md, version = os.path.abspath(sys.argv[1]), sys.argv[2], sys.argv[3]
    failures = []
    folder = os.path.dirname(os.path.abspath(exe))

    needed, runpath = dynamic_section(exe)
    for lib in needed:
        if lib in GLIBC_LIBS:
            continue
        beside = os.path.join(folder, lib)
        if not os.path.isfile(beside):
            failures.append(f"NEEDED {lib}: not glibc and not beside the program")
        elif runpath != [RUNPATH]:
            failures.append(f"NEEDED {lib} is beside the program but the run path is {runpath}, not {RUNPATH}")
        else:
            # What is bundled must itself need only glibc.
            sub, _ = dynamic_section(beside)
            extra = [s for s in sub if s not in GLIBC_LIBS]
            if extra:
                failures.append(f"{lib} (bundled) needs {extra}")
    print(f"NEEDED: {needed}; RUNPATH: {runpath}")

    floor = glibc_floor(exe)
    for lib in needed:
        if lib not in GLIBC_LIBS and os.path.isfile(os.path.join(folder, lib)):
            floor = max(floor, glibc_floor(os.path.join(folder, lib)))
    floor_text = ".".join(str(p) for p in floor)
    with open(install_md, encoding="utf-8") as f:
        documented = re.search(r"glibc floor: \*\*([0-9.]+)\*\*", f.read())
    if not documented:
        failures.append(f"{install_md} does not state 'glibc floor: **X.Y**'")
    elif documented.group(1) != floor_text:
        failures.append(f"glibc floor is {floor_text}, {install_md} says {documented.group(1)}")
    print(f"glibc floor: {floor_text}")

    env = {}  # not even PATH: the loader must find libcjson through $ORIGIN alone
    run = subprocess.run([exe, "--version"], capture_output=True, text=True, env=env)
    if run.returncode != 0 or version not in run.stdout:
        failures.append(f"--version: exit {run.returncode}, stdout {run.stdout!r}, stderr {run.stderr!r}")
    with tempfile.TemporaryDirectory() as tmp:
        case = os.path.join(tmp, "evaluate.py")
        with open(case, "w", encoding="utf-8") as f:
            f.write("import torch\n\n\ndef evaluate(model, loader):\n    model.eval()\n"
                    "    for x in loader:\n        out = model(x)\n")
        run = subprocess.run([exe, "check", case],
                             capture_output=True, text=True, env=env, cwd=tmp)
        if run.returncode != 1 or "GG001" not in run.stdout:
            failures.append(f"check: exit {run.returncode} (1 expected with GG001), stdout {run.stdout!r}, "
                            f"stderr {run.stderr!r}")

    for f in failures:
        print("FAIL:", f)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())

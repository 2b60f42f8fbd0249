#!/usr/bin/env python3
"""The version is written once, in meson.build's project(): `--version`
and `initialize`'s serverInfo print it, package.sh gives it to the .vsix
and meson-python to the wheel; the copies in package.json and
pyproject.toml are placeholders that must stay so.

usage: test_version.py GRADGUARD VERSION SOURCE_ROOT
"""
import json
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import lsp_smoke  # noqa: E402


def main():
    exe, version, root = sys.argv[1], sys.argv[2], sys.argv[3]
    failures = []
    out = subprocess.run([exe, "--version"], capture_output=True, text=True).stdout
    if out.strip() != f"gradguard {version}":
        failures.append(f"--version printed {out!r}, expected 'gradguard {version}'")

    status, result, _ = lsp_smoke.initialize_shutdown_exit([exe, "lsp"])
    info = (result or {}).get("serverInfo", {})
    if status != 0 or info.get("version") != version:
        failures.append(f"lsp: exit {status}, serverInfo {info!r}, expected version {version}")

    with open(os.path.join(root, "editors", "vscode", "package.json"), encoding="utf-8") as f:
        placeholder = json.load(f)["version"]
    if placeholder != "0.0.0-dev":
        failures.append(f"editors/vscode/package.json says version {placeholder!r}: a second place; "
                        "package.sh sets the .vsix's from meson.build, keep 0.0.0-dev there")
    pyproject = os.path.join(root, "pyproject.toml")
    if os.path.exists(pyproject):
        with open(pyproject, encoding="utf-8") as f:
            text = f.read()
        if re.search(r"^version\s*=", text, re.M) or not re.search(r"^dynamic\s*=.*\bversion\b", text, re.M):
            failures.append("pyproject.toml must take the version from meson.build (dynamic = ['version'])")

    for f in failures:
        print("FAIL:", f)
    print(f"version {version}: {'ok' if not failures else 'mismatch'}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())

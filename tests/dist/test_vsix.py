#!/usr/bin/env python3
"""The .vsix as editors/vscode/package.sh builds it (npm ci, esbuild, then
vsix.py), once with the program bundled and once universal: the manifest's
identity, version, target platform, engine and icon, the content types,
package.json with meson.build's version, the program in bin/ stripped with
its exec bit (and libcjson beside it where the program has it), LICENSE,
README with its pictures inlined, the extension as one bundled script that
loads nothing but vscode and Node.js's own modules, and nothing else: no
node_modules, no sources, nothing of the packaging. Exits 77 without npm,
or when npm ci cannot reach the registry.

usage: test_vsix.py SOURCE_ROOT VERSION GRADGUARD
"""
import base64
import json
import os
import platform
import re
import shutil
import stat
import subprocess
import sys
import tempfile
import zipfile
import xml.etree.ElementTree as ET

SKIP = 77
VSX = "{http://schemas.microsoft.com/developer/vsx-schema/2011}"
NETWORK_ERRORS = ("ENOTFOUND", "EAI_AGAIN", "ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "ENETUNREACH")


def package(root, out, binary):
    script = os.path.join(root, "editors", "vscode", "package.sh")
    proc = subprocess.run(["sh", script, out] + ([binary] if binary else []),
                          capture_output=True, text=True, timeout=240)
    if proc.returncode != 0:
        text = proc.stdout + proc.stderr
        installed = os.path.isdir(os.path.join(root, "editors", "vscode", "node_modules", "vscode-languageclient"))
        if not installed and any(e in text for e in NETWORK_ERRORS):
            print(text)
            print("SKIP: npm ci cannot reach the npm registry")
            sys.exit(SKIP)
        print(text)
        sys.exit(f"FAIL: package.sh exited {proc.returncode}")
    return out


def check(path, root, version, binary, target, failures):
    def fail(msg):
        failures.append(f"{os.path.basename(path)}: {msg}")

    here = os.path.join(root, "editors", "vscode")
    with open(os.path.join(here, "package.json"), encoding="utf-8") as f:
        source = json.load(f)
    z = zipfile.ZipFile(path)
    infos = {i.filename: i for i in z.infolist()}
    names = set(infos)

    main = "extension/" + os.path.normpath(source["main"])
    icon = "extension/" + source["icon"]
    with open(os.path.join(here, "README.md"), encoding="utf-8") as fh:
        readme = fh.read()
    for n in ("extension.vsixmanifest", "[Content_Types].xml", "extension/package.json",
              "extension/readme.md", "extension/LICENSE.txt", main, icon):
        if n not in names:
            fail(f"{n} is missing")
    for n in names:
        if n not in ("extension.vsixmanifest", "[Content_Types].xml") and not n.startswith("extension/"):
            fail(f"{n} is outside extension/")
        if n.startswith("extension/node_modules/"):
            fail(f"{n}: the dependencies are bundled into {main}")
            break
        if n.startswith("extension/src/") and n != main:
            fail(f"{n}: the sources are bundled into {main}")
        if n.startswith("extension/media/") and n != icon:
            fail(f"{n}: of media/, the icon alone is shipped (README's pictures are inlined)")
        base = n.rsplit("/", 1)[-1]
        if base in ("package.sh", "vsix.py", "package-lock.json", ".vscodeignore") and n.count("/") == 1:
            fail(f"{n}: packaging files stay out")
    # The bundle loads vscode and Node.js's own modules, nothing from node_modules.
    if main in names:
        builtins = set(json.loads(subprocess.run(["node", "-p", "JSON.stringify(require('module').builtinModules)"],
                                                 capture_output=True, text=True, check=True).stdout))
        loaded = set(re.findall(r"""require\(["']([^"']+)["']\)""", z.read(main).decode("utf-8", "replace")))
        stray = sorted(m for m in loaded if m != "vscode" and m.removeprefix("node:") not in builtins)
        if "vscode" not in loaded or stray:
            fail(f"{main} loads {stray or 'no vscode'}: not one bundle")
    # README.md, each picture inlined (the Extensions view shows no relative one).
    def inline(m):
        with open(os.path.join(here, m.group(2)), "rb") as fh:
            return f"![{m.group(1)}](data:image/png;base64,{base64.b64encode(fh.read()).decode()})"
    if "extension/readme.md" in names:
        want = re.sub(r"!\[([^\]]*)\]\((media/[^)\s]+)\)", inline, readme)
        if z.read("extension/readme.md").decode("utf-8") != want or "](media/" in want:
            fail("readme.md is not README.md with its pictures inlined")
    with open(os.path.join(root, "LICENSE"), "rb") as fh:
        if z.read("extension/LICENSE.txt") != fh.read():
            fail("LICENSE.txt is not the repository's LICENSE")

    packaged = json.loads(z.read("extension/package.json"))
    if packaged.get("version") != version:
        fail(f"package.json says version {packaged.get('version')!r}, meson.build {version!r}")
    if dict(packaged, version=source["version"]) != source:
        fail("package.json differs from editors/vscode/package.json by more than its version")

    m = ET.fromstring(z.read("extension.vsixmanifest"))
    ident = m.find(f"{VSX}Metadata/{VSX}Identity")
    got = (ident.get("Id"), ident.get("Publisher"), ident.get("Version"), ident.get("TargetPlatform"))
    if got != (source["name"], source["publisher"], version, target):
        fail(f"manifest Identity (Id, Publisher, Version, TargetPlatform) is {got}, "
             f"expected {(source['name'], source['publisher'], version, target)}")
    props = {p.get("Id"): p.get("Value") for p in m.iter(f"{VSX}Property")}
    if props.get("Microsoft.VisualStudio.Code.Engine") != source["engines"]["vscode"]:
        fail(f"manifest engine {props.get('Microsoft.VisualStudio.Code.Engine')!r}")
    if props.get("Microsoft.VisualStudio.Code.ExtensionKind") != "workspace":
        fail("manifest ExtensionKind is not workspace")
    if m.findtext(f"{VSX}Metadata/{VSX}License") != "extension/LICENSE.txt":
        fail("manifest names no extension/LICENSE.txt")
    if m.findtext(f"{VSX}Metadata/{VSX}Icon") != icon:
        fail(f"manifest's Icon is {m.findtext(f'{VSX}Metadata/{VSX}Icon')!r}, not {icon}")
    for asset in m.iter(f"{VSX}Asset"):
        if asset.get("Path") not in names:
            fail(f"manifest asset {asset.get('Path')} is not in the package")

    types = ET.fromstring(z.read("[Content_Types].xml"))
    declared = {d.get("Extension") for d in types}
    for n in names:
        ext = os.path.splitext(n)[1].lower()
        if n.startswith("extension/") and ext and ext not in declared:
            fail(f"[Content_Types].xml has no type for {ext} ({n})")
            break

    if binary:
        info = infos.get("extension/bin/gradguard")
        if info is None:
            fail("bin/gradguard is missing")
        else:
            if stat.S_IMODE(info.external_attr >> 16) != 0o755:
                fail(f"bin/gradguard has mode {oct(stat.S_IMODE(info.external_attr >> 16))}, not 0o755")
            with tempfile.TemporaryDirectory() as tmp:
                want = os.path.join(tmp, "gradguard")
                subprocess.run(["strip", "-o", want, binary], check=True)
                with open(want, "rb") as fh:
                    if z.read(info) != fh.read():
                        fail("bin/gradguard is not the program given, stripped")
        for lib in ("libcjson.so.1", "libcjson.copyright"):
            if os.path.isfile(os.path.join(os.path.dirname(binary), lib)) != (f"extension/bin/{lib}" in names):
                fail(f"bin/{lib}: bundled where the program has it beside it, and only there")
        # The rule pages the program's links point at (server/docs_url.h), where it looks for them.
        for page in sorted(os.listdir(os.path.join(root, "docs", "rules"))):
            if page.endswith(".md") and f"extension/share/doc/gradguard/rules/{page}" not in names:
                fail(f"share/doc/gradguard/rules/{page} is missing")
    elif any(n.startswith("extension/bin/") for n in names):
        fail("the universal package carries bin/")


def main():
    root, version, gradguard = sys.argv[1], sys.argv[2], os.path.abspath(sys.argv[3])
    if shutil.which("npm") is None:
        print("SKIP: npm is not installed (package.sh runs npm ci)")
        return SKIP
    target = {("Linux", "x86_64"): "linux-x64", ("Linux", "aarch64"): "linux-arm64"}.get(
        (platform.system(), platform.machine()))
    if target is None:
        print(f"SKIP: package.sh knows no VS Code target for {platform.system()}-{platform.machine()}")
        return SKIP
    failures = []
    with tempfile.TemporaryDirectory() as tmp:
        bundled = package(root, os.path.join(tmp, "bundled.vsix"), gradguard)
        check(bundled, root, version, gradguard, target, failures)
        universal = package(root, os.path.join(tmp, "universal.vsix"), None)
        check(universal, root, version, None, None, failures)
    for f in failures:
        print("FAIL:", f)
    print(f"vsix {version}: {'ok' if not failures else f'{len(failures)} failures'}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())

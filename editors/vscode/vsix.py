#!/usr/bin/env python3
"""Writes editors/vscode as a .vsix with Python's zipfile alone, so that the
packaging runs on whatever Node.js the npm that installed node_modules runs
on (Debian 12's 18.20.4 included). package.sh runs it after `npm ci`; it
reads no JavaScript.

usage: vsix.py --version V --license FILE --bundle JS [--target T] [--binary B] OUT.vsix

A .vsix is a zip of extension.vsixmanifest, [Content_Types].xml and the
extension under extension/. What goes in:
- package.json, its version set to V (the file here says 0.0.0-dev);
- README.md as readme.md, its pictures (media/*.png) inlined, FILE as
  LICENSE.txt, and the icon package.json names;
- JS, the extension's code and its run-time dependencies bundled in one
  file (package.sh runs esbuild), as package.json's main: no src/ and no
  node_modules beside it;
- with --binary, the program, stripped, as bin/gradguard (mode 755) and
  the libcjson.so.1 and libcjson.copyright beside it where they are, and
  docs/rules/*.md as share/doc/gradguard/rules/ (the links' target).
The manifest is the one @vscode/vsce 3.9.2 wrote for this package.json
(the same elements, properties and tags, less the tags vsce guesses from
words of the description), and so is [Content_Types].xml; package.json
fields that would need more (a repository, badges, ...) are refused rather
than left out.
"""
import argparse
import base64
import json
import os
import re
import stat
import subprocess
import sys
import tempfile
import time
import zipfile
from xml.sax.saxutils import escape as xml_escape

HERE = os.path.dirname(os.path.abspath(__file__))

# Fields that would add to the manifest or the files; none is used here.
UNSUPPORTED = ("badges", "repository", "bugs", "homepage", "galleryBanner",
               "browser", "extensionKind", "l10n", "sponsor", "qna", "pricing", "markdown",
               "enabledApiProposals", "files")
# vsce's tags for contribution points (a non-empty list at that path).
CONTRIBUTION_TAGS = (
    (("themes",), ["theme", "color-theme"]),
    (("iconThemes",), ["theme", "icon-theme"]),
    (("productIconThemes",), ["theme", "product-icon-theme"]),
    (("snippets",), ["snippet"]),
    (("keybindings",), ["keybindings"]),
    (("debuggers",), ["debuggers"]),
    (("jsonValidation",), ["json"]),
    (("menus", "statusBar/remoteIndicator"), ["remote-menu"]),
    (("chatParticipants",), ["chat-participant"]),
    (("languageModelTools",), ["tools", "language-model-tools"]),
    (("languageModelChatProviders",), ["language-models"]),
    (("modelContextServerCollections",), ["mcp", "language-model-tools"]),
)
# vsce's content types for the extensions this package has (mime 1.x);
# any other is application/octet-stream.
CONTENT_TYPES = {".js": "application/javascript", ".json": "application/json",
                 ".md": "text/markdown", ".png": "image/png", ".txt": "text/plain",
                 ".vsixmanifest": "text/xml"}
BESIDE_BINARY = ("libcjson.so.1", "libcjson.copyright")


def fail(msg):
    sys.exit(f"vsix.py: {msg}")


def esc(value):
    return xml_escape(str(value), {'"': "&quot;", "'": "&apos;"})


def tags(manifest):
    """vsce's TagsProcessor: keywords, then tags for contribution points,
    contributed languages, onLanguage activation events and grammars (each
    once). Left out: the tags vsce guesses from words of the description."""
    contributes = manifest.get("contributes", {})

    def sanitize(tag):
        return re.sub(r"[^\w.-]", "", tag)

    out = list(manifest.get("keywords", []))
    for point, point_tags in CONTRIBUTION_TAGS:
        value = contributes
        for key in point:
            value = value.get(key) if isinstance(value, dict) else None
        if value:
            out += point_tags
    for lang in contributes.get("languages", []):
        out.append(lang.get("id"))
        out += [sanitize(a) for a in lang.get("aliases", [])]
        out += ["__ext_" + e for e in (sanitize(x).replace(".", "", 1) for x in lang.get("extensions", [])) if e]
    out += [e[len("onLanguage:"):] for e in manifest.get("activationEvents", [])
            if e.startswith("onLanguage:")]
    out += [g.get("language") for g in contributes.get("grammars", [])]
    seen = []
    for t in out:
        if t and t not in seen:
            seen.append(t)
    return seen


def vsixmanifest(manifest, version, target):
    icon = manifest.get("icon")
    props = [
        ("Microsoft.VisualStudio.Code.Engine", manifest["engines"]["vscode"]),
        ("Microsoft.VisualStudio.Code.ExtensionDependencies", ",".join(manifest.get("extensionDependencies", []))),
        ("Microsoft.VisualStudio.Code.ExtensionPack", ",".join(manifest.get("extensionPack", []))),
        # vsce deduces "workspace" for an extension with a main and no browser
        # (both checked in main(); extensionKind is refused).
        ("Microsoft.VisualStudio.Code.ExtensionKind", "workspace"),
        ("Microsoft.VisualStudio.Code.LocalizedLanguages", ""),
        ("Microsoft.VisualStudio.Code.EnabledApiProposals", ""),
        ("Microsoft.VisualStudio.Code.ExecutesCode", "true"),  # it has a main
        ("Microsoft.VisualStudio.Services.GitHubFlavoredMarkdown", "true"),
        ("Microsoft.VisualStudio.Services.Content.Pricing", "Free"),
    ]
    target_attr = f' TargetPlatform="{esc(target)}"' if target else ""
    lines = [
        '<?xml version="1.0" encoding="utf-8"?>',
        '<PackageManifest Version="2.0.0" xmlns="http://schemas.microsoft.com/developer/vsx-schema/2011"'
        ' xmlns:d="http://schemas.microsoft.com/developer/vsx-schema-design/2011">',
        '\t<Metadata>',
        f'\t\t<Identity Language="en-US" Id="{esc(manifest["name"])}" Version="{esc(version)}"'
        f' Publisher="{esc(manifest["publisher"])}"{target_attr}/>',
        f'\t\t<DisplayName>{esc(manifest.get("displayName", manifest["name"]))}</DisplayName>',
        f'\t\t<Description xml:space="preserve">{esc(manifest.get("description", ""))}</Description>',
        f'\t\t<Tags>{esc(",".join(tags(manifest)))}</Tags>',
        f'\t\t<Categories>{esc(",".join(manifest.get("categories", [])))}</Categories>',
        f'\t\t<GalleryFlags>{"Public Preview" if manifest.get("preview") else "Public"}</GalleryFlags>',
        '\t\t<Properties>',
        *(f'\t\t\t<Property Id="{pid}" Value="{esc(value)}" />' for pid, value in props),
        '\t\t</Properties>',
        '\t\t<License>extension/LICENSE.txt</License>',
        *([f'\t\t<Icon>extension/{esc(icon)}</Icon>'] if icon else []),
        '\t</Metadata>',
        '\t<Installation>',
        '\t\t<InstallationTarget Id="Microsoft.VisualStudio.Code"/>',
        '\t</Installation>',
        '\t<Dependencies/>',
        '\t<Assets>',
        '\t\t<Asset Type="Microsoft.VisualStudio.Code.Manifest" Path="extension/package.json" Addressable="true" />',
        '\t\t<Asset Type="Microsoft.VisualStudio.Services.Content.Details" Path="extension/readme.md" Addressable="true" />',
        '\t\t<Asset Type="Microsoft.VisualStudio.Services.Content.License" Path="extension/LICENSE.txt" Addressable="true" />',
        *([f'\t\t<Asset Type="Microsoft.VisualStudio.Services.Icons.Default" Path="extension/{esc(icon)}" Addressable="true" />']
          if icon else []),
        '\t</Assets>',
        '</PackageManifest>',
    ]
    return "\n".join(lines) + "\n"


def content_types(names):
    exts = {".json", ".vsixmanifest"} | {os.path.splitext(n)[1].lower() for n in names}
    defaults = sorted(f'<Default Extension="{esc(e)}" ContentType="{CONTENT_TYPES.get(e, "application/octet-stream")}"/>'
                      for e in exts if e)
    return ('<?xml version="1.0" encoding="utf-8"?>\n'
            '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
            + "".join(defaults) + "</Types>\n")


def readme():
    """README.md with its pictures (media/*.png) inlined as data: URIs. The
    Extensions view resolves a relative picture against its own page, not
    the extension's folder (vsce rewrites them to the repository's URL),
    so a picture shipped beside the README would not show."""
    with open(os.path.join(HERE, "README.md"), encoding="utf-8") as f:
        text = f.read()

    def inline(m):
        with open(os.path.join(HERE, m.group(2)), "rb") as f:
            data = base64.b64encode(f.read()).decode("ascii")
        return f"![{m.group(1)}](data:image/png;base64,{data})"
    return re.sub(r"!\[([^\]]*)\]\((media/[\w.-]+\.png)\)", inline, text).encode("utf-8")


def stripped(binary, tmpdir):
    """A copy of binary without its symbols and debug sections (binutils'
    strip): the package carries what runs, a third of the size."""
    out = os.path.join(tmpdir, "gradguard")
    try:
        subprocess.run(["strip", "-o", out, binary], check=True)
    except (OSError, subprocess.CalledProcessError) as e:
        fail(f"strip {binary}: {e} (binutils' strip is needed to bundle the program)")
    return out


def main():
    ap = argparse.ArgumentParser(description="Package editors/vscode as a .vsix.")
    ap.add_argument("--version", required=True)
    ap.add_argument("--license", required=True)
    ap.add_argument("--bundle", required=True)
    ap.add_argument("--target")
    ap.add_argument("--binary")
    ap.add_argument("out")
    args = ap.parse_args()

    with open(os.path.join(HERE, "package.json"), encoding="utf-8") as f:
        manifest = json.load(f)
    for key in ("name", "publisher", "main"):
        if not manifest.get(key):
            fail(f"package.json has no {key}")
    if not manifest.get("engines", {}).get("vscode"):
        fail("package.json has no engines.vscode")
    extra = [k for k in UNSUPPORTED if k in manifest] + \
        [k for k in ("localizations",) if k in manifest.get("contributes", {})]
    if extra:
        fail(f"package.json uses {', '.join(extra)}, which this packager does not write: extend vsix.py")
    main_file = os.path.normpath(os.path.join(HERE, manifest["main"]))
    if not main_file.startswith(os.path.join(HERE, "src") + os.sep) or not os.path.isfile(main_file):
        fail(f"package.json's main {manifest['main']} is not a file in src/")
    icon = manifest.get("icon")
    if icon is not None and (not re.fullmatch(r"media/[\w.-]+\.png", icon) or not os.path.isfile(os.path.join(HERE, icon))):
        fail(f"package.json's icon {icon} is not a PNG file in media/")
    if bool(args.binary) != bool(args.target):
        fail("--binary and --target go together")

    # (name in the package, source file or None, bytes or None, mode)
    entries = []
    packaged = dict(manifest, version=args.version)
    entries.append(("extension/package.json", None, json.dumps(packaged, indent=2, ensure_ascii=False).encode(), 0o644))
    entries.append(("extension/readme.md", None, readme(), 0o644))
    entries.append(("extension/LICENSE.txt", args.license, None, None))
    if icon:
        entries.append((f"extension/{icon}", os.path.join(HERE, icon), None, 0o644))
    main_rel = os.path.relpath(main_file, HERE).replace(os.sep, "/")
    entries.append((f"extension/{main_rel}", args.bundle, None, 0o644))
    with tempfile.TemporaryDirectory(prefix="vsix-") as tmpdir:
        write(args, manifest, entries, tmpdir)


def write(args, manifest, entries, tmpdir):
    """Adds the program (stripped into tmpdir) to entries and writes the zip."""
    if args.binary:
        entries.append(("extension/bin/gradguard", stripped(args.binary, tmpdir), None, 0o755))
        for name in BESIDE_BINARY:
            beside = os.path.join(os.path.dirname(args.binary), name)
            if os.path.isfile(beside):
                entries.append((f"extension/bin/{name}", beside, None, 0o644))
        # The rule pages, where the program looks for them beside itself
        # (server/docs_url.h: bin/../share/doc/gradguard/rules): its hover
        # and diagnostic links are file:// URIs into them.
        rules = os.path.join(HERE, "..", "..", "docs", "rules")
        for name in sorted(os.listdir(rules)):
            if name.endswith(".md"):
                entries.append((f"extension/share/doc/gradguard/rules/{name}", os.path.join(rules, name), None, 0o644))

    names = [e[0] for e in entries]
    now = time.localtime()[:6]

    def info(name, mode, date_time):
        zi = zipfile.ZipInfo(name, date_time=date_time)
        zi.create_system = 3  # unix, so that the mode below is read
        zi.external_attr = (stat.S_IFREG | mode) << 16
        zi.compress_type = zipfile.ZIP_DEFLATED
        return zi

    tmp = args.out + ".tmp"
    with zipfile.ZipFile(tmp, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr(info("extension.vsixmanifest", 0o644, now), vsixmanifest(manifest, args.version, args.target))
        z.writestr(info("[Content_Types].xml", 0o644, now), content_types(names))
        for name, src, data, mode in entries:
            if data is None:
                st = os.stat(src)
                with open(src, "rb") as f:
                    data = f.read()
                mode = mode if mode is not None else stat.S_IMODE(st.st_mode) & 0o755 | 0o644
                date_time = time.localtime(max(st.st_mtime, 315532800))[:6]  # zip starts at 1980
            else:
                date_time = now
            z.writestr(info(name, mode, date_time), data)
    os.replace(tmp, args.out)
    print(f"vsix.py: {args.out}: {len(entries) + 2} files, version {args.version}"
          + (f", {args.target}" if args.target else ", universal"))


if __name__ == "__main__":
    main()

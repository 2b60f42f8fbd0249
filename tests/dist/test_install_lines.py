#!/usr/bin/env python3
"""The README's install lines, without running them (run_install_line.py,
the suite 'install', runs them): each is read from the markdown and

- the rows are the ones the long suite has a test for (the ROW arguments);
- a shell line parses (`sh -n`), and each path it names exists: `build/...`
  in the build folder, a meson target it compiles among the build's
  targets, `wheels/...` and `.venv/...` only after the line made them,
  others in the source tree;
- the Neovim line's runtime path holds the plugin it requires, and the
  pre-commit line's hook ids are hooks of .pre-commit-hooks.yaml;
- what the lines make in the checkout (wheels/, .venv/) is git-ignored;
- docs/install.md's wheel blocks parse;
- the sample under the table is what `gradguard check examples/` prints.

usage: test_install_lines.py SOURCE_ROOT BUILD_DIR GRADGUARD VERSION ROW...
"""
import glob
import json
import os
import re
import shlex
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import install_lines  # noqa: E402


def commands(line):
    """The simple commands of a line joined by &&, || or ;, each as its words."""
    return [shlex.split(c) for c in re.split(r"&&|\|\||;", line) if c.strip()]


def run_ok(argv):
    return subprocess.run(argv, capture_output=True).returncode == 0


def check_shell_line(slug, line, root, build, version, targets):
    failures = []
    parse = subprocess.run(["sh", "-n", "-c", line], capture_output=True, text=True)
    if parse.returncode != 0:
        return [f"{slug}: sh -n: {parse.stderr.strip()}"]
    made = set()
    for words in commands(line):
        if words[:2] == ["meson", "compile"]:
            rest = words[2:]
            if rest[:1] == ["-C"]:
                rest = rest[2:]  # the build folder, which the test's build stands for
            for target in rest:
                if target not in targets:
                    failures.append(f"{slug}: meson target {target!r} is not one of the build's")
            continue
        for i, word in enumerate(words):
            if i >= 1 and words[i - 1] in ("-w", "venv"):
                made.add(word)  # pip wheel -w DIR, python3 -m venv DIR
                continue
            if "/" not in word or word.startswith(("~", "/usr/bin/", "$", "-")):
                continue
            first = word.split("/")[0]
            if first == "build":
                rel = word[len("build/"):]
                if rel == f"gradguard-{version}.vsix":
                    continue  # the vsix target's output (meson.build names it so)
                if not glob.glob(os.path.join(build, rel)):
                    failures.append(f"{slug}: {word} is not in the build folder {build}")
            elif first in made:
                continue
            elif first in (".venv", "wheels"):
                failures.append(f"{slug}: {word} is used before the line makes {first}/")
            elif not glob.glob(os.path.join(root, word)):
                failures.append(f"{slug}: {word} is not in the source tree")
    return failures


def main():
    root, build, gradguard, version = (os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2]),
                                       os.path.abspath(sys.argv[3]), sys.argv[4])
    rows_tested = set(sys.argv[5:])
    with open(os.path.join(root, "README.md"), encoding="utf-8") as f:
        readme = f.read()
    with open(os.path.join(root, "docs", "install.md"), encoding="utf-8") as f:
        install_md = f.read()
    rows = install_lines.readme_rows(readme)
    failures = []

    known = set(install_lines.SHELL_ROWS + install_lines.OTHER_ROWS)
    if set(rows) != known or rows_tested != known:
        failures.append(f"README rows {sorted(rows)}, install_lines.py's {sorted(known)}, "
                        f"the long suite's {sorted(rows_tested)}: all three must agree")

    intro = subprocess.run(["meson", "introspect", "--targets", build], capture_output=True, text=True)
    targets = {t["name"] for t in json.loads(intro.stdout)} if intro.returncode == 0 else set()
    if not targets:
        failures.append(f"meson introspect --targets {build}: {intro.stderr.strip()}")

    for slug in install_lines.SHELL_ROWS:
        if slug in rows:
            failures += check_shell_line(slug, rows[slug][1], root, build, version, targets)

    if "neovim" in rows:
        paths = re.findall(r'runtimepath:append\("([^"]+)"\)', rows["neovim"][1])
        module = re.findall(r'require\("([^"]+)"\)', rows["neovim"][1])
        if len(paths) != 1 or not paths[0].startswith("/path/to/gradguard/") or not module:
            failures.append(f"neovim: no runtimepath:append(\"/path/to/gradguard/...\") and require(): {rows['neovim'][1]}")
        else:
            plugin = os.path.join(root, paths[0][len("/path/to/gradguard/"):], "lua", module[0])
            if not (os.path.isfile(plugin + ".lua") or os.path.isfile(os.path.join(plugin, "init.lua"))):
                failures.append(f"neovim: {plugin}(.lua|/init.lua) does not exist")

    if "pre-commit" in rows:
        with open(os.path.join(root, ".pre-commit-hooks.yaml"), encoding="utf-8") as f:
            hook_ids = set(re.findall(r"^- id: (\S+)", f.read(), re.M))
        _, line, cell = rows["pre-commit"]
        named = set(re.findall(r"id: ([\w-]+)", line)) | {s for s in install_lines.code_spans(cell)
                                                         if s.startswith("gradguard")}
        named.discard("gradguard on PATH")
        for hook in sorted(named):
            if hook not in hook_ids:
                failures.append(f"pre-commit: hook {hook!r} is not in .pre-commit-hooks.yaml ({sorted(hook_ids)})")

    # What the lines make in the checkout is ignored by git (where this is one).
    made = set()
    for slug in install_lines.SHELL_ROWS:
        for words in commands(rows.get(slug, ("", "", ""))[1]):
            made |= {words[i] for i in range(1, len(words)) if words[i - 1] in ("-w", "venv")}
    made.add(".mesonpy-x")  # meson-python's build folders, beside pyproject.toml
    if run_ok(["git", "-C", root, "rev-parse", "--git-dir"]):
        for folder in sorted(made):
            if not run_ok(["git", "-C", root, "check-ignore", "-q", folder + "/"]):
                failures.append(f"{folder}/, which an install line makes in the checkout, is not in .gitignore")

    for block in install_lines.docs_wheel_blocks(install_md):
        parse = subprocess.run(["sh", "-n", "-c", block], capture_output=True, text=True)
        if parse.returncode != 0:
            failures.append(f"docs/install.md block {block!r}: sh -n: {parse.stderr.strip()}")

    command, expected = install_lines.readme_sample(readme)
    argv = shlex.split(command)
    if argv[0] != "gradguard":
        failures.append(f"the README's sample runs {argv[0]!r}, not gradguard")
    else:
        env = {"PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "HOME": build, "NO_COLOR": "1"}
        run = subprocess.run([gradguard] + argv[1:], cwd=root, env=env, capture_output=True, text=True)
        # A terminal shows the findings (stdout) and then the summary (stderr).
        got = run.stdout.splitlines() + run.stderr.splitlines()
        if got != expected:
            failures.append("the README's sample is not what the program prints; it prints:\n"
                            + "\n".join(got) + "\nthe README has:\n" + "\n".join(expected))

    for f in failures:
        print("FAIL:", f)
    if failures:
        return 1
    print(f"rows {sorted(rows)}: they parse and name what exists; the sample is the program's output")
    return 0


if __name__ == "__main__":
    sys.exit(main())

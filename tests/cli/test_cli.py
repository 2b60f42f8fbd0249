#!/usr/bin/env python3
"""Command-line tests for `gradguard check`: exit codes, output shapes, the
folder walk, and input that must be reported or survived, never crashed on.

usage: test_cli.py GRADGUARD
"""
import json
import os
import re
import subprocess
import sys

from cli_harness import LONG, Suite, check  # tests/cli/cli_harness.py: the script's folder is on sys.path

suite = Suite("gg-cli-")

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
EXAMPLES = os.path.join(ROOT, "examples")

FINDING = "import torch\n\ndef validate(model, xs):\n    model.eval()\n    return [model(x) for x in xs]\n"
CLEAN = "import torch\n\n@torch.no_grad()\ndef validate(model, xs):\n    model.eval()\n    return [model(x) for x in xs]\n"


def run(gradguard, *args, cwd=None, timeout=120):
    proc = subprocess.run([gradguard, "check", *args], cwd=cwd, capture_output=True, timeout=timeout)
    if proc.returncode < 0:
        raise AssertionError(f"killed by signal {-proc.returncode}: {proc.stderr.decode(errors='replace')}")
    return proc.returncode, proc.stdout.decode("utf-8"), proc.stderr.decode("utf-8", errors="replace")


def write(path, content, mode="w"):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, mode) as f:
        f.write(content)


@suite.test
def exit_0_when_clean(gg, tmp):
    rc, out, err = run(gg, os.path.join(EXAMPLES, "validate_fixed.py"), os.path.join(EXAMPLES, "predict.py"))
    check(rc == 0, f"exit {rc}, stderr {err!r}")
    check(out == "" and err == "All checks passed!\n", f"output {out!r} {err!r}")


@suite.test
def exit_1_and_concise_shape(gg, tmp):
    rc, out, err = run(gg, "examples/", cwd=ROOT)
    check(rc == 1, f"exit {rc}")
    lines = out.splitlines()
    check(lines == [l for l in lines if re.fullmatch(r"[^:]+\.py:\d+:\d+: GG001 (\[\*\] )?.+", l)], f"shape {out!r}")
    check(lines[0].startswith("examples/validate.py:24:19: GG001 [*] model(images) runs with autograd on"), lines[0])
    # ruff's summary, then its line on what --fix can fix ([*] marks those findings).
    fixable = sum("GG001 [*] " in l for l in lines)
    check(err == f"Found {len(lines)} finding{'s' if len(lines) != 1 else ''}.\n"
          f"[*] {fixable} fixable with the `--fix` option.\n", f"summary {err!r}")


@suite.test
def json_shape(gg, tmp):
    path = os.path.join(tmp, "v.py")
    write(path, FINDING)
    rc, out, err = run(gg, "--output-format", "json", path)
    check(rc == 1, f"exit {rc}")
    rows = json.loads(out)
    check(isinstance(rows, list) and len(rows) == 1, out)
    r = rows[0]
    keys = {"code", "message", "filename", "location", "end_location", "fix", "noqa_row", "url"}
    check(set(r) == keys, f"keys {sorted(r)}")
    fix = r["fix"]
    check(r["code"] == "GG001" and r["filename"] == path and fix["applicability"] in ("safe", "unsafe")
          and fix["message"] and all({"content", "location", "end_location"} <= set(e) for e in fix["edits"]), r)
    check(r["location"] == {"row": 5, "column": 13}, r["location"])
    check(r["end_location"] == {"row": 5, "column": 21}, r["end_location"])
    check(r["noqa_row"] == 5, r["noqa_row"])
    check(r["url"].endswith("/GG001.md") and r["url"].startswith("file:///"), r["url"])  # the installed page (server/docs_url.h)
    check(err == "", f"stderr {err!r}")
    rc, out, _ = run(gg, "--output-format=json", os.path.join(EXAMPLES, "validate_fixed.py"))
    check(rc == 0 and json.loads(out) == [], f"clean json {rc} {out!r}")


@suite.test
def json_columns_count_code_points(gg, tmp):
    path = os.path.join(tmp, "u.py")
    write(path, FINDING.replace("validate(model", "vàlidé(modèl").replace("model", "modèl"))
    rc, out, _ = run(gg, "--output-format", "json", path)
    rows = json.loads(out)
    check(rc == 1 and len(rows) == 1, out)
    check(rows[0]["location"] == {"row": 5, "column": 13}, rows[0]["location"])
    check(rows[0]["end_location"] == {"row": 5, "column": 21}, rows[0]["end_location"])


@suite.test
def github_shape(gg, tmp):
    path = os.path.join(tmp, "v.py")
    write(path, FINDING)
    rc, out, _ = run(gg, "--output-format", "github", path)
    check(rc == 1, f"exit {rc}")
    line = out.strip()
    check(re.fullmatch(r"::warning title=gradguard \(GG001\),file=[^,]+,line=5,col=13,endLine=5,endColumn=21::.+:5:13: GG001 .+", line), line)


@suite.test
def exit_2_on_usage_and_missing_paths(gg, tmp):
    rc, _, err = run(gg, "--output-format", "xml")
    check(rc == 2 and "xml" in err, f"bad format: {rc} {err!r}")
    rc, _, err = run(gg, "--no-such-option")
    check(rc == 2 and "--no-such-option" in err, f"bad option: {rc} {err!r}")
    rc, out, _ = run(gg, "--help")
    check(rc == 0 and "usage: gradguard check" in out, f"help: {rc}")
    good = os.path.join(tmp, "v.py")
    write(good, FINDING)
    missing = os.path.join(tmp, "missing.py")
    rc, out, err = run(gg, missing, good)
    check(rc == 2, f"missing path: exit {rc}")
    check(f"gradguard: {missing}: No such file or directory" in err, err)
    check("GG001" in out, f"the run goes on: {out!r}")


@suite.test
def walk_skips_vcs_venvs_and_tools(gg, tmp):
    write(os.path.join(tmp, "a.py"), FINDING)
    write(os.path.join(tmp, "sub", "f.py"), FINDING)
    write(os.path.join(tmp, "sub", "notes.txt"), FINDING)
    write(os.path.join(tmp, "sub", "script"), FINDING)
    for skipped in (".git", ".venv", "venv", "node_modules", "__pycache__", ".tox", "build", "site-packages"):
        write(os.path.join(tmp, skipped, "x.py"), FINDING)
    write(os.path.join(tmp, "myenv", "pyvenv.cfg"), "home = /usr/bin\n")
    write(os.path.join(tmp, "myenv", "lib", "y.py"), FINDING)
    os.symlink(os.path.join(tmp, "sub"), os.path.join(tmp, "linked"))
    rc, out, err = run(gg, ".", cwd=tmp)
    check(rc == 1, f"exit {rc} {err!r}")
    files = [l.split(":")[0] for l in out.splitlines()]
    check(files == ["a.py", "sub/f.py"], f"files {files}")
    rc, out2, _ = run(gg, cwd=tmp)
    check(rc == 1 and out2 == out, "no argument means .")
    rc, out3, _ = run(gg, "sub/", "a.py", cwd=tmp)
    check([l.split(":")[0] for l in out3.splitlines()] == ["a.py", "sub/f.py"], f"sorted: {out3!r}")
    rc, out4, _ = run(gg, "sub/script", cwd=tmp)
    check(rc == 1 and out4.startswith("sub/script:5:13: GG001"), f"explicit file: {out4!r}")


@suite.test
def linked_file_checked_once(gg, tmp):
    # Recipe folders that link a shared model file (a speech toolkit's layout):
    # one file, checked and reported once, under the path that is no link.
    write(os.path.join(tmp, "shared", "model.py"), FINDING)
    for recipe in ("a_recipe", "b_recipe"):
        os.makedirs(os.path.join(tmp, recipe))
        os.symlink(os.path.join("..", "shared", "model.py"), os.path.join(tmp, recipe, "model.py"))
    rc, out, err = run(gg, ".", cwd=tmp)
    check(rc == 1, f"exit {rc} {err!r}")
    files = [l.split(":")[0] for l in out.splitlines() if "GG001" in l]
    check(files == ["shared/model.py"], f"files {files}")
    rc, out, err = run(gg, "a_recipe/model.py", cwd=tmp)
    check(rc == 1 and out.startswith("a_recipe/model.py:"), f"a link named alone is checked: {out!r}")


@suite.test
def non_utf8_reported_and_skipped(gg, tmp):
    write(os.path.join(tmp, "bad.py"), b"import torch\nx = '\xff\xfe'\n", mode="wb")
    write(os.path.join(tmp, "good.py"), FINDING)
    rc, out, err = run(gg, ".", cwd=tmp)
    check(rc == 2, f"exit {rc}")
    check(re.search(r"^gradguard: bad\.py: .*UTF-8", err, re.M), f"stderr {err!r}")
    check(out.startswith("good.py:5:13: GG001"), f"the run goes on: {out!r}")


@suite.test
def binary_named_py_skipped_not_an_error(gg, tmp):
    """Bytes with NULs that are not UTF-8 under a .py name (a database, an archive) are no source: skipped with a word."""
    write(os.path.join(tmp, "predict.py"), b"\x00\x01\x00\x00Standard DB\x00\xb5\x6e\x03\xc2\x55", mode="wb")
    write(os.path.join(tmp, "good.py"), FINDING)
    rc, out, err = run(gg, ".", cwd=tmp)
    check(rc == 1, f"exit {rc} {err!r}")
    check("predict.py: skipped: binary" in err, f"stderr {err!r}")
    check(out.startswith("good.py:5:13: GG001"), f"the run goes on: {out!r}")
    rc, out, err = run(gg, "--quiet", "predict.py", cwd=tmp)
    check(rc == 0 and "binary" not in err, f"--quiet: exit {rc}, stderr {err!r}")


@suite.test
def declared_encoding_decoded(gg, tmp):
    # PEP 263: a latin-1 file that says so is valid Python and is checked.
    src = ("# -*- coding: latin-1 -*-\nimport torch\n\n"
           "def validate(model, loader):\n    model.eval()\n"
            "    for x in loader:\n        caf\u00e9 = model(x)\n")
    write(os.path.join(tmp, "legacy.py"), src.encode("latin-1"), mode="wb")
    rc, out, err = run(gg, "legacy.py", cwd=tmp)
    check(rc == 1, f"exit {rc}, stderr {err!r}")
    check(out.startswith("legacy.py:7:16: GG001"), f"stdout {out!r}")
    # A declaration that does not fit the bytes is an error, reported and skipped.
    write(os.path.join(tmp, "wrong.py"), b"# coding: ascii\nimport torch\nx = '\xff'\n", mode="wb")
    rc, out, err = run(gg, "wrong.py", cwd=tmp)
    check(rc == 2 and "ascii" in err, f"exit {rc}, stderr {err!r}")


@suite.test
def unreadable_reported_and_skipped(gg, tmp):
    write(os.path.join(tmp, "good.py"), FINDING)
    os.symlink(os.path.join(tmp, "nowhere.py"), os.path.join(tmp, "broken.py"))
    rc, out, err = run(gg, ".", cwd=tmp)
    check(rc == 2, f"dangling link: exit {rc}")
    check("gradguard: broken.py: No such file or directory" in err, err)
    check("good.py:5:13" in out, out)
    rc, out, err = run(gg, "good.py/", "good.py", cwd=tmp)
    check(rc == 2 and "gradguard: good.py/: Not a directory" in err, f"file as folder: {rc} {err!r}")
    check("good.py:5:13" in out, out)


@suite.test
def fifo_named_is_skipped(gg, tmp):
    # A FIFO (or a device) named or reached through a link: skipped with a
    # warning, as ruff does, never read (its open would wait for a writer).
    write(os.path.join(tmp, "good.py"), FINDING)
    os.mkfifo(os.path.join(tmp, "pipe.py"))
    os.symlink("pipe.py", os.path.join(tmp, "link.py"))
    for args in (("pipe.py", "good.py"), ("--fix", "pipe.py"), ("link.py",), (".",)):
        rc, out, err = run(gg, *args, cwd=tmp, timeout=20)
        check(rc in (0, 1) and "Traceback" not in err, f"{args}: exit {rc}, stderr {err!r}")
        if args[-1] in ("good.py", "pipe.py", "link.py"):
            check(f"gradguard: warning: {'link.py' if args[-1] == 'link.py' else 'pipe.py'}: not a regular file; skipped" in err,
                  f"{args}: {err!r}")
    rc, out, err = run(gg, "pipe.py", "good.py", cwd=tmp, timeout=20)
    check(rc == 1 and "good.py:5:13" in out, f"{rc} {out!r}")


@suite.test
def empty_folder_warns(gg, tmp):
    # ruff's warning and exit 0; a folder git cannot hold, so not an options/ case.
    os.mkdir(os.path.join(tmp, "empty"))
    rc, out, err = run(gg, os.path.join(tmp, "empty"))
    check((rc, out) == (0, ""), f"{rc} {out!r}")
    check(err == "gradguard: warning: No Python files found under the given path(s)\n", err)


@suite.test
def empty_file(gg, tmp):
    path = os.path.join(tmp, "empty.py")
    write(path, "")
    rc, out, err = run(gg, path)
    check((rc, out, err) == (0, "", "All checks passed!\n"), f"{rc} {out!r} {err!r}")


@suite.test
def binary_file(gg, tmp):
    data = bytes(range(256)) * 64 + b"import torch\n"
    path = os.path.join(tmp, "blob.py")
    write(path, data, mode="wb")
    rc, _, err = run(gg, path)
    check(rc == 0 and "skipped: binary" in err, f"binary: {rc} {err!r}")
    # Valid UTF-8 full of NULs and control bytes reaches the parser.
    nul = ("import torch\n" + "\0\x01\x02model.eval()\0model(x)\x7f\n" * 500).encode()
    write(path, nul, mode="wb")
    rc, _, err = run(gg, path)
    check(rc in (0, 1), f"NUL text: {rc} {err!r}")


@suite.test
def huge_single_line(gg, tmp):
    path = os.path.join(tmp, "huge.py")
    # 500,000 findings on a 5 MB line in the long form, 50,000 on 500 kB by default.
    findings = 500_000 if LONG else 50_000
    line = "import torch; model.eval(); y = [" + "model(x), " * findings + "]\n"
    check(len(line) > 10 * findings, "size")
    write(path, line)
    rc, out, err = run(gg, path, timeout=300)
    check(rc == 1 and out.count("GG001") == findings, f"{rc} {out.count('GG001')} {err[-200:]!r}")
    write(path, "import torch\nx = " + "(" * 200_000 + "1" + ")" * 200_000 + "\n")
    rc, _, err = run(gg, path, timeout=300)
    check(rc in (0, 1), f"deep nesting: {rc} {err[-200:]!r}")
    # Brackets never closed: tree-sitter 0.20.7's recovery overflowed a node's 16-bit child count (a double free).
    for bracket in "([{":
        write(path, "import torch\nmodel.eval()\nx = " + bracket * 66_000 + "\n")
        rc, _, err = run(gg, path, timeout=300)
        check(rc in (0, 1), f"{bracket * 3}... never closed: {rc} {err[-200:]!r}")


if __name__ == "__main__":
    sys.exit(suite.main(sys.argv, __doc__.strip().splitlines()[-1]))

#!/usr/bin/env python3
"""Runs gradguard over the rule corpus and compares with the expectations.

Each case is a Python file in this folder; a finding is expected on every line
that ends with a comment `# expect: GG001` (several codes: `# expect: GG001,
GG002`). A case without marks expects nothing. After the codes, `; says: TEXT`
asks that the finding's message contain TEXT, and `; says not: TEXT` that it
not contain TEXT (advice that would be wrong there). A mark may end with `; fix:
safe`, `; fix: unsafe` or `; fix: none`: what tests/fixes/run_fixes.py
asserts of the best fix offered for that line's finding (in a folder case,
this runner asserts it of the json's fix); `; fix: safe (statement)` also
asks that the wrap it offers cover that region (statement, statements,
loop), asserted here of every case. The comparison is on the exact
set of (code, row). Cases run from this folder under their bare names, so the
`tests/` folder above them does not make every case a pytest module.

A folder case `config_<what>/` holds a pyproject.toml and Python files (in
subfolders too) with the same marks; `gradguard check` runs inside it with no
path, so the folder walk, the nearest [tool.gradguard] and its `exclude` are
exercised. The comparison is on (file, code, row). A mark in an excluded file
fails the case, so excluded files carry none. A folder case `project_<what>/`
runs the same way: its files see each other through the project index
(wrappers one file defines and another imports).

A notebook case `*.ipynb` carries the marks in its code cells' lines; its
findings are compared as (code, "CELL:ROW"), the cell counted from 1 among
all the notebook's cells as the json output's `cell` field counts it, the
row in the cell. A notebook in a folder case is compared the same way.

usage: run_corpus.py GRADGUARD [CASE.py ...]
"""
import json
import os
import re
import subprocess
import sys
from collections import Counter

HERE = os.path.dirname(os.path.abspath(__file__))
# The check's cache goes where meson's test setups put it, or, run by hand,
# to a temporary folder: never into the corpus's folders.
if not os.environ.get("GRADGUARD_CACHE_DIR"):
    import atexit
    import shutil
    import tempfile
    os.environ["GRADGUARD_CACHE_DIR"] = tempfile.mkdtemp(prefix="gg-corpus-cache-")
    atexit.register(shutil.rmtree, os.environ["GRADGUARD_CACHE_DIR"], True)
# An optional `; says: TEXT` (what the message must contain), an optional
# `; says not: TEXT`, then an optional `; fix: safe|unsafe|none`, which is for
# tests/fixes (run_fixes.py).
EXPECT = re.compile(r"#\s*expect:\s*([A-Z]+[0-9]+(?:\s*,\s*[A-Z]+[0-9]+)*)\s*"
                    r"(?:;\s*says:\s*([^;]*?)\s*)?(?:;\s*says not:\s*([^;]*?)\s*)?"
                    r"(?:;\s*fix:\s*(safe|unsafe|none)\s*(?:\((\w+)\)\s*)?)?$")
# The region a fix's title says its wrap covers ("Wrap the loop in ...").
WRAP_REGION = re.compile(r"^Wrap the (\w+) in ")

# What each expected finding of the case at hand must contain, keyed as its expected findings are: {key: text}.
SAYS = {}
# What it must not contain: {key: text}.
SAYS_NOT = {}
# How a folder case's finding must be offered its fix (the json's applicability, or none): {key: mark}.
# A single file's marks are tests/fixes' to check, fix by fix.
FIX = {}
FIXES = {}  # what each finding of the case at hand was offered
# The region a finding's fix must wrap, any case: {key: region}; and what the case at hand's wrapped.
REGION = {}
REGIONS = {}


def expect_mark(found, line, where, prefix=()):
    m = EXPECT.search(line)
    if m:
        for code in m.group(1).split(","):
            key = prefix + (code.strip(), where)
            found.add(key)
            if m.group(2):
                SAYS[key] = m.group(2)
            if m.group(3):
                SAYS_NOT[key] = m.group(3)
            if m.group(4) and prefix:
                FIX[key] = m.group(4)
            if m.group(5):
                REGION[key] = m.group(5)


def expected_findings(path, prefix=()):
    found = set()
    with open(path, encoding="utf-8") as f:
        for row, line in enumerate(f, start=1):
            expect_mark(found, line, row, prefix)
    return found


def notebook_cells(path):
    """The code cells of a notebook (nbformat 4 or 3) as (1-based place among all cells, source text)."""
    with open(path, encoding="utf-8") as f:
        nb = json.load(f)
    cells = nb.get("cells")
    key = "source"
    if cells is None:
        cells, key = nb["worksheets"][0]["cells"], "input"
    for i, cell in enumerate(cells, start=1):
        if cell.get("cell_type") == "code":
            src = cell.get(key, "")
            yield i, src if isinstance(src, str) else "".join(src)


def expected_notebook_findings(path, prefix=()):
    found = set()
    for cell, src in notebook_cells(path):
        for row, line in enumerate(src.split("\n"), start=1):
            expect_mark(found, line, f"{cell}:{row}", prefix)
    return found


def expected_case_findings(path, prefix=()):
    if path.endswith(".ipynb"):
        return expected_notebook_findings(path, prefix)
    return expected_findings(path, prefix)


def finding_row(r):
    """A json row's row, "CELL:ROW" in a notebook."""
    row = r["location"]["row"]
    return f"{r['cell']}:{row}" if r.get("cell") is not None else row


def expected_dir_findings(folder):
    found = set()
    for dirpath, _, names in os.walk(folder):
        for n in names:
            if n.endswith((".py", ".ipynb")):
                path = os.path.join(dirpath, n)
                rel = os.path.relpath(path, folder)
                found |= expected_case_findings(path, (rel,))
    return found


def actual_findings(gradguard, name):
    folder = os.path.join(HERE, name)
    is_dir = os.path.isdir(folder)
    proc = subprocess.run(
        [gradguard, "check", "--output-format", "json"] + ([] if is_dir else [name]),
        cwd=folder if is_dir else HERE, capture_output=True, text=True, timeout=60,
    )
    if proc.returncode not in (0, 1):
        raise RuntimeError(f"exit status {proc.returncode}: {proc.stderr.strip()}")
    rows = json.loads(proc.stdout)
    messages = {}
    for r in rows:
        key = (r["code"], finding_row(r))
        key = (os.path.normpath(r["filename"]),) + key if is_dir else key
        messages[key] = r["message"]
        FIXES[key] = r["fix"]["applicability"] if r.get("fix") else "none"
        wrap = WRAP_REGION.match(r["fix"].get("message") or "") if r.get("fix") else None
        REGIONS[key] = wrap.group(1) if wrap else "none"
    want_status = 1 if rows else 0
    if proc.returncode != want_status:
        raise RuntimeError(f"exit status {proc.returncode} with {len(rows)} findings")
    return messages


def main(argv):
    if len(argv) < 2:
        print(__doc__.strip().splitlines()[-1], file=sys.stderr)
        return 2
    gradguard = os.path.abspath(argv[1])
    # A folder the listing below would pass over is a case that never runs.
    stray = sorted(n for n in os.listdir(HERE) if os.path.isdir(os.path.join(HERE, n))
                   and not n.startswith(("config_", "project_", "__pycache__", ".")))
    if stray and not argv[2:]:
        print(f"folders that are no case (name them config_* or project_*): {', '.join(stray)}", file=sys.stderr)
        return 1
    cases = argv[2:] or sorted(
        n for n in os.listdir(HERE)
        if (n.endswith((".py", ".ipynb")) and n != os.path.basename(__file__))
        or (n.startswith(("config_", "project_")) and os.path.isdir(os.path.join(HERE, n)))
    )
    tp, fp, fn = Counter(), Counter(), Counter()
    failed = 0
    for name in cases:
        name = os.path.basename(os.path.normpath(name))
        path = os.path.join(HERE, name)
        SAYS.clear()
        SAYS_NOT.clear()
        FIX.clear()
        FIXES.clear()
        REGION.clear()
        REGIONS.clear()
        want = expected_dir_findings(path) if os.path.isdir(path) else expected_case_findings(path)
        try:
            messages = actual_findings(gradguard, name)
        except (RuntimeError, ValueError, subprocess.TimeoutExpired) as e:
            print(f"FAIL {name}: {e}")
            failed += 1
            continue
        got = set(messages)
        unsaid = [f"{'@'.join(map(str, k))} does not say {SAYS[k]!r}: {messages[k]!r}"
                  for k in sorted(got & want, key=str) if k in SAYS and SAYS[k] not in messages[k]]
        unsaid += [f"{'@'.join(map(str, k))} says {SAYS_NOT[k]!r}: {messages[k]!r}"
                   for k in sorted(got & want, key=str) if k in SAYS_NOT and SAYS_NOT[k] in messages[k]]
        unsaid += [f"{'@'.join(map(str, k))} offers its fix as {FIXES[k]}, not {FIX[k]}"
                   for k in sorted(got & want, key=str) if k in FIX and FIXES.get(k) != FIX[k]]
        unsaid += [f"{'@'.join(map(str, k))} wraps the {REGIONS.get(k)}, not the {REGION[k]}"
                   for k in sorted(got & want, key=str) if k in REGION and REGIONS.get(k) != REGION[k]]
        for f in got & want:
            tp[f[-2]] += 1
        for f in got - want:
            fp[f[-2]] += 1
        for f in want - got:
            fn[f[-2]] += 1
        if got == want and not unsaid:
            print(f"ok   {name} ({len(want)} expected)")
        elif got == want:
            failed += 1
            print(f"FAIL {name}: " + "; ".join(unsaid))
        else:
            failed += 1
            extra = ", ".join("@".join(map(str, f)) for f in sorted(got - want))
            missing = ", ".join("@".join(map(str, f)) for f in sorted(want - got))
            print(f"FAIL {name}: unexpected [{extra}] missing [{missing}]")
    for code in sorted(set(tp) | set(fp) | set(fn)):
        p = tp[code] / (tp[code] + fp[code]) if tp[code] + fp[code] else 1.0
        r = tp[code] / (tp[code] + fn[code]) if tp[code] + fn[code] else 1.0
        print(f"{code}: precision {p:.2f} recall {r:.2f} (tp {tp[code]}, fp {fp[code]}, fn {fn[code]})")
    print(f"{len(cases) - failed}/{len(cases)} cases pass")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

#!/usr/bin/env python3
"""
Notebooks from the command line, as data in notebooks/: each NAME.ipynb is
copied to a fresh folder and fixed with `check --fix NAME.ipynb`; the file
must then be NAME.fixed.ipynb byte for byte (without one: exactly what it
was), and what the run printed NAME.fix.out ("$ exit N", stdout, then
"--- stderr" and stderr). NAME.FORMAT.out, where present, is what
`check --output-format FORMAT NAME.ipynb` prints on the notebook as it is;
NAME.diff.out what `check --diff NAME.ipynb` prints (the notebook must stay
as it was).
A few cases below check what the files cannot say (SARIF's cell property,
a file that is not a notebook).

usage: test_cli_notebooks.py GRADGUARD
"""
import json
import os
import shutil
import subprocess
import sys

from cli_harness import Suite, check, docs_normalized

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "notebooks")
suite = Suite("gg-notebooks-")


def run(gradguard, *args, cwd):
    p = subprocess.run([gradguard, "check", *args], cwd=cwd, capture_output=True, timeout=60)
    out = p.stdout.decode("utf-8")
    err = p.stderr.decode("utf-8")
    return p.returncode, out, err


def transcript(rc, out, err):
    return f"$ exit {rc}\n{out}--- stderr\n{err}"


def read_bytes(path):
    with open(path, "rb") as f:
        return f.read()


def read_text(path):
    with open(path, encoding="utf-8", newline="") as f:
        return f.read()


def first_difference(a, b):
    n = next((i for i, (x, y) in enumerate(zip(a, b)) if x != y), min(len(a), len(b)))
    return f"byte {n}: {a[max(0, n - 40):n + 40]!r} vs {b[max(0, n - 40):n + 40]!r}"


def cases():
    return sorted(n[:-6] for n in os.listdir(HERE) if n.endswith(".ipynb") and not n.endswith(".fixed.ipynb"))


def fix_case(name):
    def case(gradguard, tmp):
        src = os.path.join(HERE, name + ".ipynb")
        shutil.copy(src, tmp)
        rc, out, err = run(gradguard, "--fix", name + ".ipynb", cwd=tmp)
        fixed = os.path.join(HERE, name + ".fixed.ipynb")
        want = read_bytes(fixed if os.path.exists(fixed) else src)
        got = read_bytes(os.path.join(tmp, name + ".ipynb"))
        check(got == want, f"--fix left {'other bytes than ' + name + '.fixed.ipynb' if os.path.exists(fixed) else 'the notebook changed'} at {first_difference(got, want)}")
        expected_out = os.path.join(HERE, name + ".fix.out")
        check(os.path.exists(expected_out), f"{name}.fix.out is missing")
        text = transcript(rc, out, err)
        want_text = read_text(expected_out)
        check(text == want_text, f"--fix printed\n{text}\ninstead of\n{want_text}")
        # What was written is valid JSON (a notebook left alone may not be), and a second run changes nothing.
        if got != read_bytes(src):
            json.loads(got)
        run(gradguard, "--fix", name + ".ipynb", cwd=tmp)
        check(read_bytes(os.path.join(tmp, name + ".ipynb")) == got, "a second --fix changed the notebook again")
    case.__name__ = f"fix_{name}"
    return case


def format_case(name, fmt):
    def case(gradguard, tmp):
        shutil.copy(os.path.join(HERE, name + ".ipynb"), tmp)
        args = ["--diff"] if fmt == "diff" else ["--output-format", fmt]
        rc, out, err = run(gradguard, *args, name + ".ipynb", cwd=tmp)
        text = docs_normalized(transcript(rc, out, err))
        want = read_text(os.path.join(HERE, f"{name}.{fmt}.out"))
        check(text == want, f"{fmt} printed\n{text}\ninstead of\n{want}")
        if fmt == "diff":
            got = read_bytes(os.path.join(tmp, name + ".ipynb"))
            check(got == read_bytes(os.path.join(HERE, name + ".ipynb")), "--diff changed the notebook")
    case.__name__ = f"format_{name}_{fmt}"
    return case


for _name in cases():
    suite.test(fix_case(_name))
    for _n in sorted(os.listdir(HERE)):
        if _n.startswith(_name + ".") and _n.endswith(".out") and _n != _name + ".fix.out":
            suite.test(format_case(_name, _n[len(_name) + 1:-4]))


@suite.test
def sarif_results_carry_the_cell(gradguard, tmp):
    shutil.copy(os.path.join(HERE, "jupyter_layout.ipynb"), tmp)
    rc, out, _ = run(gradguard, "--output-format", "sarif", "jupyter_layout.ipynb", cwd=tmp)
    check(rc == 1, f"exit {rc}")
    results = json.loads(out)["runs"][0]["results"]
    check(len(results) == 1, f"{len(results)} results")
    region = results[0]["locations"][0]["physicalLocation"]["region"]
    check(results[0]["properties"]["cell"] == 4, f"properties: {results[0].get('properties')}")
    check(region["startLine"] == 3, f"region: {region}")


FORMATS = ("concise", "full", "json", "json-lines", "junit", "grouped", "github", "gitlab", "pylint", "rdjson",
           "azure", "sarif")


@suite.test
def every_format_cites_lines_in_cells(gradguard, tmp):
    """cited_lines.ipynb's message cites the call in cell 7, line 5: line 16 of the joined cells, never said."""
    shutil.copy(os.path.join(HERE, "cited_lines.ipynb"), tmp)
    for fmt in FORMATS:
        rc, out, _ = run(gradguard, "--output-format", fmt, "cited_lines.ipynb", cwd=tmp)
        check(rc == 1, f"{fmt}: exit {rc}")
        check("called from module level on cell 7, line 5; wrap the call on cell 7, line 5" in out,
              f"{fmt}: the message cites no cell coordinates:\n{out}")
        check("line 16" not in out, f"{fmt}: a joined-text line is cited:\n{out}")


@suite.test
def not_a_notebook_is_an_error(gradguard, tmp):
    with open(os.path.join(tmp, "broken.ipynb"), "w", encoding="utf-8") as f:
        f.write("import torch\nmodel.eval()\n")
    rc, out, err = run(gradguard, "broken.ipynb", cwd=tmp)
    check(rc == 2, f"exit {rc}")
    check("broken.ipynb: not a notebook" in err, f"stderr: {err!r}")


@suite.test
def lfs_pointer_notebook_is_skipped_not_an_error(gradguard, tmp):
    """A notebook kept in Git LFS and never pulled is a pointer: skipped with a note, the run still passes."""
    with open(os.path.join(tmp, "stored.ipynb"), "w", encoding="utf-8") as f:
        f.write("version https://git-lfs.github.com/spec/v1\n"
                "oid sha256:0f1e2d3c4b5a69788796a5b4c3d2e1f00f1e2d3c4b5a69788796a5b4c3d2e1f0\nsize 48213\n")
    rc, out, err = run(gradguard, "stored.ipynb", cwd=tmp)
    check(rc == 0, f"exit {rc}: {err}")
    check("stored.ipynb: skipped: a Git LFS pointer" in err, f"stderr: {err!r}")
    rc, out, err = run(gradguard, "--quiet", "stored.ipynb", cwd=tmp)
    check(rc == 0 and "LFS" not in err, f"--quiet: exit {rc}, stderr {err!r}")


@suite.test
def empty_notebook_file_has_no_cells(gradguard, tmp):
    """A file named .ipynb with nothing in it (created, never saved) has no cells: no error, the others still checked."""
    open(os.path.join(tmp, "draft.ipynb"), "w").close()
    with open(os.path.join(tmp, "blank.ipynb"), "w", encoding="utf-8") as f:
        f.write("\n  \n")
    shutil.copy(os.path.join(HERE, "compact.ipynb"), os.path.join(tmp, "a.ipynb"))
    rc, out, err = run(gradguard, "--output-format", "json", cwd=tmp)
    check(rc == 1 and "not a notebook" not in err, f"exit {rc}, stderr {err!r}")
    check({r["filename"] for r in json.loads(out)} == {"a.ipynb"}, f"rows: {out}")
    rc, out, err = run(gradguard, "--fix", "draft.ipynb", cwd=tmp)
    check(rc == 0 and os.path.getsize(os.path.join(tmp, "draft.ipynb")) == 0, f"--fix: exit {rc}, stderr {err!r}")


@suite.test
def folder_walk_finds_notebooks_but_not_checkpoints(gradguard, tmp):
    os.makedirs(os.path.join(tmp, "nbs", ".ipynb_checkpoints"))
    shutil.copy(os.path.join(HERE, "compact.ipynb"), os.path.join(tmp, "nbs", "a.ipynb"))
    shutil.copy(os.path.join(HERE, "compact.ipynb"), os.path.join(tmp, "nbs", ".ipynb_checkpoints", "a-checkpoint.ipynb"))
    rc, out, err = run(gradguard, "--output-format", "json", cwd=tmp)
    rows = json.loads(out)
    check(rc == 1, f"exit {rc}: {err}")
    check({(r["filename"], r["cell"], r["location"]["row"]) for r in rows} == {("nbs/a.ipynb", 2, 2), ("nbs/a.ipynb", 3, 2)},
          f"rows: {[(r['filename'], r.get('cell'), r['location']['row']) for r in rows]}")


if __name__ == "__main__":
    sys.exit(suite.main(sys.argv, __doc__.strip().splitlines()[-1]))

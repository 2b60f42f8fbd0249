#!/usr/bin/env python3
"""Applies every fix gradguard offers on the rule corpus and checks each result.

For every finding of every tests/corpus/*.py case, and for each of its fixes
(`gradguard check --output-format json --all-fixes`), the edits are applied to
a copy of the file (same name, in a temp folder) and the result must:
  1. parse with tree-sitter without an error node (parse_check),
  2. compile (`python3 -m py_compile`),
  3. re-check without the finding and with nothing new (same code on the same code text),
  4. have Python's ast equal to the original's with exactly the intended
     change (ast_oracle.py),
  5. when the fix is safe, name no module the file imports above its import
     in code that runs with the module (a NameError run top to bottom);
  6. name torch (`t.no_grad()`) by no name that is a local of the function
     around it (an UnboundLocalError where the function assigns it later).
Then `gradguard check --fix` runs on a copy of each case with a safe fix: the
result passes 1, 2 and 3 for every finding that had a safe fix (none remains,
nothing new), and a second --fix changes nothing (idempotence). A corpus mark
ending `; fix: safe|unsafe|none` says how that line's finding must be offered
its fix (a fix that is not safe there must not be taken by --fix).

Every case in the long form (GG_TEST_LONG=1, `meson test --setup full`); by
default the fix corpus (fix_*.py) and every third other case, in name order.

usage: run_fixes.py GRADGUARD PARSE_CHECK [CASE.py ...]
"""
import ast
import contextlib
import io
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import warnings
from collections import Counter

import ast_oracle  # tests/fixes/ast_oracle.py: the script's folder is on sys.path

HERE = os.path.dirname(os.path.abspath(__file__))
CORPUS = os.path.join(os.path.dirname(HERE), "corpus")
ORACLE = os.path.join(HERE, "ast_oracle.py")
BOM = "\ufeff"


def split_lines(text):
    """Line start offsets (in code points): "\\n", "\\r\\n" and a lone "\\r" end lines, as in gradguard."""
    starts = [0]
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if c == "\r":
            if i + 1 < n and text[i + 1] == "\n":
                i += 1
            starts.append(i + 1)
        elif c == "\n":
            starts.append(i + 1)
        i += 1
    return starts


def apply_edits(text, edits):
    starts = split_lines(text)

    def offset(loc):
        return starts[loc["row"] - 1] + loc["column"] - 1

    spans = sorted(((offset(e["location"]), offset(e["end_location"]), e["content"]) for e in edits),
                   key=lambda s: s[0])
    out, at = [], 0
    for s, e, content in spans:
        assert s >= at and e >= s, "edits overlap or are out of order"
        out.append(text[at:s])
        out.append(content)
        at = e
    out.append(text[at:])
    return "".join(out)


def check_json(gradguard, cwd, name, extra=()):
    proc = subprocess.run([gradguard, "check", "--output-format", "json", *extra, name],
                          cwd=cwd, capture_output=True, text=True, timeout=120)
    if proc.returncode not in (0, 1):
        raise RuntimeError(f"check exit {proc.returncode}: {proc.stderr.strip()[-2000:]}")
    if "runtime error:" in proc.stderr or "Sanitizer" in proc.stderr:
        raise RuntimeError(f"sanitizer: {proc.stderr.strip()[-2000:]}")
    return json.loads(proc.stdout)


def read_text(path):
    with open(path, "rb") as f:
        raw = f.read().decode("utf-8")
    return raw  # newline="" semantics: bytes decoded as they are


def write_text(path, text):
    with open(path, "wb") as f:
        f.write(text.encode("utf-8"))


def finding_text(body, row):
    """The code a finding covers: identifies it across fixes that move lines or reword its message."""
    starts = split_lines(body)
    s = starts[row["location"]["row"] - 1] + row["location"]["column"] - 1
    e = starts[row["end_location"]["row"] - 1] + row["end_location"]["column"] - 1
    return " ".join(body[s:e].split())


def findings_key(rows, body):
    return Counter((r["code"], finding_text(body, r)) for r in rows)


def body_of(path):
    text = read_text(path)
    return text[1:] if text.startswith(BOM) else text


class _EarlyNames(ast.NodeVisitor):
    """Loads of names that module-level imports bind, where the module runs them before the import."""

    def __init__(self, names):
        self.names, self.bound, self.count = names, set(), 0

    def visit_Import(self, node):
        self.bound.update(a.asname or a.name.split(".")[0] for a in node.names)

    def visit_ImportFrom(self, node):
        self.bound.update(a.asname or a.name for a in node.names)

    def visit_FunctionDef(self, node):  # the decorators and defaults run at `def`, the body later
        for d in node.decorator_list:
            self.visit(d)
        self.visit(node.args)

    visit_AsyncFunctionDef = visit_FunctionDef

    def visit_Lambda(self, node):
        self.visit(node.args)

    def visit_Name(self, node):
        if isinstance(node.ctx, ast.Load) and node.id in self.names and node.id not in self.bound:
            self.count += 1


def early_names(source):
    """How many times code that runs with the module names what a later module-level import binds."""
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return 0
    names = set()
    for stmt in tree.body:
        if isinstance(stmt, ast.Import):
            names.update(a.asname or a.name.split(".")[0] for a in stmt.names)
    v = _EarlyNames(names)
    v.visit(tree)
    return v.count


_GRAD_CONTEXTS = {"no_grad", "inference_mode", "enable_grad", "set_grad_enabled"}
_SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)
_COMPREHENSIONS = (ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)


def _function_locals(fn):
    """The names a function binds in its own scope (Python's rule: any binding makes the name local in all of it)."""
    names, declared = set(), set()
    args = fn.args
    for a in args.posonlyargs + args.args + args.kwonlyargs + [args.vararg, args.kwarg]:
        if a is not None:
            names.add(a.arg)
    stack = list(fn.body) if isinstance(fn.body, list) else [fn.body]
    while stack:
        node = stack.pop()
        if isinstance(node, (ast.Global, ast.Nonlocal)):
            declared.update(node.names)
        elif isinstance(node, _SCOPES):
            if not isinstance(node, ast.Lambda):
                names.add(node.name)
            stack.extend(getattr(node, "decorator_list", []))
            continue
        elif isinstance(node, _COMPREHENSIONS):
            continue  # a scope of its own
        elif isinstance(node, ast.Name) and isinstance(node.ctx, (ast.Store, ast.Del)):
            names.add(node.id)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            names.update(a.asname or a.name.split(".")[0] for a in node.names)
        elif isinstance(node, ast.ExceptHandler) and node.name:
            names.add(node.name)
        stack.extend(ast.iter_child_nodes(node))
    return names - declared


class _LocalContexts(ast.NodeVisitor):
    """`x.no_grad` (and its kin) read in a function where x is one of the function's locals."""

    def __init__(self):
        self.scopes, self.count = [], 0

    def visit_FunctionDef(self, node):
        for d in node.decorator_list:  # read where the def stands
            self.visit(d)
        self.visit(node.args)
        self.scopes.append(_function_locals(node))
        for stmt in node.body:
            self.visit(stmt)
        self.scopes.pop()

    visit_AsyncFunctionDef = visit_FunctionDef

    def visit_ClassDef(self, node):
        """A class body is a scope to its own statements (a method's decorators too), not to its methods' bodies."""
        for d in node.decorator_list + node.bases:
            self.visit(d)
        names = set()
        for stmt in node.body:
            if isinstance(stmt, _SCOPES):
                names.add(stmt.name)
            else:
                names.update(n.id for n in ast.walk(stmt) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store))
        self.scopes.append(names)
        for stmt in node.body:
            self.visit(stmt)
        self.scopes.pop()

    def visit_Attribute(self, node):
        if (node.attr in _GRAD_CONTEXTS and isinstance(node.value, ast.Name) and self.scopes
                and node.value.id in self.scopes[-1]):
            self.count += 1
        self.generic_visit(node)


def local_contexts(source):
    """How many grad-mode contexts are named through a function's own local (it shadows the module's torch)."""
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return 0
    v = _LocalContexts()
    v.visit(tree)
    return v.count


def py_compile(path):
    """What `python3 -m py_compile PATH` says, in this process (the same compile() call
    py_compile makes, without its .pyc): None when it compiles, else the error line."""
    with open(path, "rb") as f:
        source = f.read()
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # py_compile exits 0 on warnings too
            compile(source, path, "exec", dont_inherit=True)
    except Exception as e:  # SyntaxError, ValueError (NUL bytes), UnicodeDecodeError...
        return f"{type(e).__name__}: {e}"
    return None


def oracle(original_path, fixed_path, kind):
    """ast_oracle.py ORIGINAL FIXED KIND, in this process: None when it agrees, else what it printed."""
    err = io.StringIO()
    try:
        with contextlib.redirect_stderr(err):
            status = ast_oracle.main([ORACLE, original_path, fixed_path, kind])
    except Exception as e:  # what would have ended the script with a traceback
        return f"{type(e).__name__}: {e}"
    return None if status == 0 else err.getvalue().strip() or f"exit {status}"


def verify(gradguard, parse_check, workdir, name, original_path, before, fixed_rows):
    """The four checks on workdir/name, where fixed_rows were fixed (none may remain); returns a list of problems."""
    problems = []
    path = os.path.join(workdir, name)
    p = subprocess.run([parse_check, path], capture_output=True, text=True)
    if p.returncode != 0:
        problems.append(f"tree-sitter error: {p.stderr.strip()}")
    error = py_compile(path)
    if error:
        problems.append(f"py_compile: {error}")
    after = findings_key(check_json(gradguard, workdir, name), body_of(path))
    original = body_of(original_path)
    allowed = findings_key(before, original)
    for row in fixed_rows:
        allowed[(row["code"], finding_text(original, row))] -= 1
    new = after - allowed
    if new:
        problems.append(f"re-check: new or remaining findings {sorted(new)}")
    return problems


FIX_MARK = re.compile(r"#\s*expect:.*;\s*fix:\s*(safe|unsafe|none)\s*(?:\(\w+\)\s*)?$")


def fix_marks(path):
    """The rows whose mark says how the finding's fix must be offered (run_corpus.py): {row: safe|unsafe|none}."""
    marks = {}
    with open(path, encoding="utf-8") as f:
        for row, line in enumerate(f, start=1):
            m = FIX_MARK.search(line)
            if m:
                marks[row] = m.group(1)
    return marks


def offered(row):
    """How a finding's best fix is offered: safe, unsafe or none (the `# noqa` every finding is offered does not count)."""
    kinds = [f["applicability"] for f in row.get("fixes", []) if f.get("kind") != "noqa"]
    return "safe" if "safe" in kinds else "unsafe" if kinds else "none"


def main(argv):
    if len(argv) < 3:
        print(__doc__.strip().splitlines()[-1], file=sys.stderr)
        return 2
    gradguard, parse_check = os.path.abspath(argv[1]), os.path.abspath(argv[2])
    cases = argv[3:] or sorted(n for n in os.listdir(CORPUS) if n.endswith(".py") and n != "run_corpus.py")
    if not argv[3:] and os.environ.get("GG_TEST_LONG") != "1":
        cases = [n for i, n in enumerate(cases) if n.startswith("fix_") or i % 3 == 0]
    failed = total = 0
    tmp = tempfile.mkdtemp(prefix="gg-fixes-")
    try:
        for name in cases:
            name = os.path.basename(name)
            original_path = os.path.join(CORPUS, name)
            rows = check_json(gradguard, CORPUS, name, ["--all-fixes"])
            original = read_text(original_path)
            body = original[1:] if original.startswith(BOM) else original
            bom = BOM if original.startswith(BOM) else ""
            case_problems = []
            for at, want in fix_marks(original_path).items():
                got = [offered(r) for r in rows if r["location"]["row"] == at]
                if got and want not in got:
                    case_problems.append(f"row {at}: fix offered {'/'.join(got)}, the mark says {want}")
            for row in rows:
                # GG000 reports text that does not parse: no fix of it can leave code that parses.
                if row["code"] == "GG000":
                    continue
                for fix in row.get("fixes", []):
                    total += 1
                    workdir = tempfile.mkdtemp(dir=tmp)
                    try:
                        fixed = apply_edits(body, fix["edits"])
                    except AssertionError as e:
                        case_problems.append(f"{row['code']}@{row['location']['row']} {fix['kind']}: {e}")
                        continue
                    write_text(os.path.join(workdir, name), bom + fixed)
                    problems = verify(gradguard, parse_check, workdir, name, original_path, rows, [row])
                    error = oracle(original_path, os.path.join(workdir, name), fix["kind"])
                    if error:
                        problems.append(f"ast: {error}")
                    if fix["applicability"] == "safe" and early_names(fixed) > early_names(body):
                        problems.append("a safe fix names an import above it, in code the module runs")
                    if local_contexts(fixed) > local_contexts(body):
                        problems.append("names torch by a name its scope binds to something else (UnboundLocalError, AttributeError)")
                    # Idempotence of the single fix: the same finding offers no fix any more.
                    for p in problems:
                        case_problems.append(f"{row['code']}@{row['location']['row']} {fix['kind']}: {p}")
            # --fix on the whole file, twice.
            if any(f["applicability"] == "safe" for r in rows for f in r.get("fixes", [])):
                total += 1
                workdir = tempfile.mkdtemp(dir=tmp)
                shutil.copy(original_path, os.path.join(workdir, name))
                subprocess.run([gradguard, "check", "--fix", name], cwd=workdir, capture_output=True, timeout=120)
                once = read_text(os.path.join(workdir, name))
                if once == original:
                    case_problems.append("--fix changed nothing")
                # Every finding with a safe fix is gone: one wrap covers a region's forwards together.
                safe_rows = [r for r in rows if any(f["applicability"] == "safe" for f in r.get("fixes", []))]
                problems = verify(gradguard, parse_check, workdir, name, original_path, rows, safe_rows)
                if early_names(body_of(os.path.join(workdir, name))) > early_names(body):
                    problems.append("names an import above it, in code the module runs")
                if local_contexts(body_of(os.path.join(workdir, name))) > local_contexts(body):
                    problems.append("names torch by a name its scope binds to something else (UnboundLocalError, AttributeError)")
                subprocess.run([gradguard, "check", "--fix", name], cwd=workdir, capture_output=True, timeout=120)
                if read_text(os.path.join(workdir, name)) != once:
                    problems.append("a second --fix changed the file")
                for p in problems:
                    case_problems.append(f"--fix: {p}")
            if case_problems:
                failed += 1
                print(f"FAIL {name}")
                for p in case_problems:
                    print(f"     {p}")
            else:
                n = sum(len(r.get('fixes', [])) for r in rows)
                print(f"ok   {name} ({len(rows)} findings, {n} fixes)")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    print(f"{len(cases) - failed}/{len(cases)} cases pass, {total} fixes applied and checked")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

#!/usr/bin/env python3
"""Checks that no safe fix changes what a caller computes, with Python's own ast.

usage: caller_oracle.py GRADGUARD [CASE ...]    every corpus case (files and folders)
       caller_oracle.py --self-test             the oracle against fixes known good and bad

For every finding of every case (tests/corpus/*.py, and the folder cases
project_*/, whose files call each other) each fix offered as safe
(`gradguard check --output-format json --all-fixes`) is applied, and the
fixed code is read independently of gradguard: a region the fix put under
grad-off (a `with torch.no_grad():` or a decorated def that the original
lacks) must not
  1. call what needs autograd where it runs: a backward, `autograd.grad`, an
     optimizer's step, `requires_grad_`, `enable_grad`, or a function or
     method of the case (by name, any class, any file) that does however it
     is called (a shared step whose backward sits under a test of one of its
     parameters is gradguard's to judge, not this reading's); code in an
     `enable_grad` block inside the region runs with grad on and is left;
  2. hand what it computes to a caller that takes a gradient of it: when the
     function around the region can return a value the region computed, no
     call of that function (by name, in any file of the case, followed up
     through the callers' own returns) may flow, through assignments, into a
     backward or `autograd.grad`.
`check --fix` on the whole case is read the same way. Python 3 standard
library only; exits 1 when a fix fails.
"""
import ast
import json
import os
import subprocess
import sys
import tempfile

sys.dont_write_bytecode = True
from run_fixes import apply_edits  # the script's folder is on sys.path

HERE = os.path.dirname(os.path.abspath(__file__))
CORPUS = os.path.join(HERE, "..", "corpus")
GRAD_OFF = {"no_grad", "inference_mode"}
NEEDS_GRAD = {"backward", "manual_backward", "zero_grad", "requires_grad_", "enable_grad", "set_grad_enabled"}


def library_grad_methods():
    """The methods queries/libraries.txt says take the gradient of the model they hold (an attack's perturb), by name."""
    names = set()
    with open(os.path.join(HERE, "..", "..", "queries", "libraries.txt"), encoding="utf-8") as f:
        for line in f:
            words = line.split()
            if len(words) == 3 and words[0] == "takes-grad":
                names.add(words[2])
    return names


NEEDS_GRAD |= library_grad_methods()
MAX_CALLER_DEPTH = 3


def callee(call):
    f = call.func
    return f.attr if isinstance(f, ast.Attribute) else f.id if isinstance(f, ast.Name) else None


def receiver_text(call):
    f = call.func
    return ast.unparse(f.value).lower() if isinstance(f, ast.Attribute) else ""


def takes_grad(call):
    """A call that needs autograd on where it runs, by what it is."""
    name = callee(call)
    if name in NEEDS_GRAD:
        return True
    if name == "grad" and "autograd" in receiver_text(call):
        return True
    return name == "step" and any(w in receiver_text(call) for w in ("optim", "scaler", "sched"))


def is_grad_off(expr):
    """torch.no_grad() / no_grad() / torch.inference_mode(), as a with item or a decorator."""
    if isinstance(expr, ast.Call):
        expr = expr.func
    name = expr.attr if isinstance(expr, ast.Attribute) else expr.id if isinstance(expr, ast.Name) else None
    return name in GRAD_OFF


def walk_own(nodes):
    """The nodes of statements, not descending into nested defs, classes or lambdas."""
    stack = list(nodes)
    while stack:
        n = stack.pop()
        yield n
        for c in ast.iter_child_nodes(n):
            if not isinstance(c, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)):
                stack.append(c)


def names_in(node):
    return {n.id for n in ast.walk(node) if isinstance(n, ast.Name)}


def target_names(t):
    return {n.id for n in ast.walk(t) if isinstance(n, ast.Name)}


class Case:
    """The parsed files of one case: each def by name, and who encloses what."""

    def __init__(self, sources):
        self.trees = {path: ast.parse(src) for path, src in sources.items()}
        self.defs = {}
        self.classes = set()
        self.parent = {}
        for tree in self.trees.values():
            for node in ast.walk(tree):
                for c in ast.iter_child_nodes(node):
                    self.parent[c] = node
                if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    self.defs.setdefault(node.name, []).append(node)
                elif isinstance(node, ast.ClassDef):
                    self.classes.add(node.name)
        self.trains = self._summaries()

    def enclosing_def(self, node):
        node = self.parent.get(node)
        while node is not None and not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            node = self.parent.get(node)
        return node

    def _under_parameter_test(self, node, fn):
        """Whether node sits under `if p:` / `if not p:` / `if p is None:`... for a parameter p of fn."""
        params = {a.arg for a in fn.args.args + fn.args.kwonlyargs}
        n = self.parent.get(node)
        while n is not None and n is not fn:
            if isinstance(n, ast.If) and names_in(n.test) & params:
                return True
            n = self.parent.get(n)
        return False

    def _summaries(self):
        """Names of defs that need autograd however they are called: a call that does, not under a parameter's test."""
        trains = set()
        changed = True
        while changed:
            changed = False
            for name, defs in self.defs.items():
                if name not in trains and any(
                        isinstance(c, ast.Call) and (takes_grad(c) or (callee(c) in trains and callee(c) != name)) and
                        not self._under_parameter_test(c, fn) for fn in defs for c in walk_own(fn.body)):
                    trains.add(name)
                    changed = True
        return trains

    def in_enable_grad(self, node, region):
        """Whether node sits in a `with torch.enable_grad():` (or set_grad_enabled) inside region: grad is on there."""
        n = self.parent.get(node)
        while n is not None and n is not region:
            if isinstance(n, ast.With) and any(callee(i.context_expr) in ("enable_grad", "set_grad_enabled")
                                               for i in n.items if isinstance(i.context_expr, ast.Call)):
                return True
            n = self.parent.get(n)
        return False

    def call_needs_grad(self, call):
        return takes_grad(call) or callee(call) in self.trains


def new_regions(original, fixed):
    """The regions the fix put under grad-off: (statements, def around them, whole-def?)."""
    def with_bodies(tree):
        return {ast.dump(ast.Module(body=w.body, type_ignores=[]))
                for w in ast.walk(tree) if isinstance(w, ast.With) and any(is_grad_off(i.context_expr) for i in w.items)}

    def decorated(tree):
        return {(d.name, d.lineno - len(d.decorator_list)) for d in ast.walk(tree)
                if isinstance(d, (ast.FunctionDef, ast.AsyncFunctionDef)) and any(is_grad_off(x) for x in d.decorator_list)}

    old_withs, old_decorated = with_bodies(original), {n for n, _ in decorated(original)}
    for node in ast.walk(fixed):
        if isinstance(node, ast.With) and any(is_grad_off(i.context_expr) for i in node.items) and \
                ast.dump(ast.Module(body=node.body, type_ignores=[])) not in old_withs:
            yield node, False
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and \
                any(is_grad_off(x) for x in node.decorator_list) and node.name not in old_decorated:
            yield node, True


def plain_number(expr):
    """`x.item()`, `float(x)`, `int(x)`: a Python number, which carries no graph to any caller."""
    return isinstance(expr, ast.Call) and (
        (isinstance(expr.func, ast.Attribute) and expr.func.attr == "item" and not expr.args) or
        (isinstance(expr.func, ast.Name) and expr.func.id in ("float", "int")))


def flows_to_backward(case, fn, call, depth):
    """Whether the value of call, inside fn (None: module level), reaches a backward there or up its callers."""
    body = fn.body if fn is not None else [s for t in case.trees.values() for s in t.body]
    tainted = set()
    for node in walk_own(body):
        if isinstance(node, ast.Assign) and any(n is call for n in ast.walk(node.value)):
            for t in node.targets:
                tainted |= target_names(t)
    changed = True
    while changed:
        changed = False
        for node in walk_own(body):
            if isinstance(node, (ast.Assign, ast.AugAssign, ast.AnnAssign)) and node.value is not None and \
                    names_in(node.value) & tainted:
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                new = set().union(*(target_names(t) for t in targets)) - tainted
                if new:
                    tainted |= new
                    changed = True
    for node in walk_own(body):
        if isinstance(node, ast.Call) and callee(node) in ("backward", "grad", "manual_backward") and takes_grad(node):
            parts = [node.func] + list(node.args) + [k.value for k in node.keywords]
            if any(names_in(p) & tainted or any(n is call for n in ast.walk(p)) for p in parts):
                return True
    if fn is None or depth >= MAX_CALLER_DEPTH:
        return False
    returned = any(isinstance(n, ast.Return) and n.value is not None and not plain_number(n.value) and
                   (names_in(n.value) & tainted or any(x is call for x in ast.walk(n.value))) for n in walk_own(fn.body))
    return returned and any(flows_to_backward(case, case.enclosing_def(c), c, depth + 1)
                            for c in calls_of(case, fn))


def receiver_class(case, call):
    """The class a method call's receiver was built from, where the case shows it (`self.p = Probe(...)`), or None."""
    f = call.func
    if not isinstance(f, ast.Attribute):
        return None
    recv = ast.unparse(f.value)
    scope = case.enclosing_def(call)
    owner = case.parent.get(scope) if scope is not None else None
    # self.<attr>: the assignments of the class around the call; a name: those of the def around it.
    bodies = [owner] if recv.startswith("self.") and isinstance(owner, ast.ClassDef) else [scope] if scope else []
    for body in bodies:
        for node in ast.walk(body):
            if isinstance(node, ast.Assign) and isinstance(node.value, ast.Call) and \
                    any(ast.unparse(t) == recv for t in node.targets):
                built = callee(node.value)
                if built in case.classes:
                    return built
    return None


def calls_of(case, fn):
    """The calls of def fn by its name, leaving out method calls on an instance of another class of the case."""
    owner = case.parent.get(fn)
    cls = owner.name if isinstance(owner, ast.ClassDef) else None
    for tree in case.trees.values():
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and callee(node) == fn.name:
                built = receiver_class(case, node) if cls else None
                if built is None or built == cls:
                    yield node


def region_returns(case, region, whole):
    """Whether the def around region can return what the region computed."""
    fn = region if whole else case.enclosing_def(region)
    if fn is None:
        return None
    if whole:
        return fn if any(isinstance(n, ast.Return) and n.value is not None for n in walk_own(fn.body)) else None
    assigned = set()
    for node in walk_own(region.body):
        if isinstance(node, ast.Return) and node.value is not None:
            return fn
        if isinstance(node, (ast.Assign, ast.AugAssign, ast.AnnAssign)):
            for t in (node.targets if isinstance(node, ast.Assign) else [node.target]):
                assigned |= target_names(t)
        if isinstance(node, (ast.For, ast.With)):
            for t in ([node.target] if isinstance(node, ast.For) else [i.optional_vars for i in node.items if i.optional_vars]):
                assigned |= target_names(t)
    for node in walk_own(fn.body):
        if isinstance(node, ast.Return) and node.value is not None and not plain_number(node.value) and \
                names_in(node.value) & assigned:
            return fn
    return None


def problems(original_sources, fixed_sources):
    """What the fixed sources' new grad-off regions break, as readable lines; [] when nothing."""
    out = []
    case = Case(fixed_sources)
    for path, fixed_tree in case.trees.items():
        original = ast.parse(original_sources[path])
        for region, whole in new_regions(original, fixed_tree):
            where = f"{os.path.basename(path)}:{region.lineno}"
            for node in walk_own(region.body):
                if isinstance(node, ast.Call) and case.call_needs_grad(node) and not case.in_enable_grad(node, region) and \
                        callee(node) not in ("enable_grad", "set_grad_enabled"):
                    out.append(f"{where}: the grad-off region calls {ast.unparse(node.func)}(), which needs autograd")
            fn = region_returns(case, region, whole)
            if fn is not None:
                for call in calls_of(case, fn):
                    if flows_to_backward(case, case.enclosing_def(call), call, 0):
                        out.append(f"{where}: {fn.name}() returns what the region computed, and a caller takes its "
                                   f"gradient (line {call.lineno})")
    return out


def case_sources(path):
    if os.path.isdir(path):
        out = {}
        for root, dirs, files in os.walk(path):
            dirs[:] = [d for d in dirs if not d.startswith(".")]
            for f in files:
                if f.endswith(".py"):
                    p = os.path.join(root, f)
                    with open(p, encoding="utf-8") as fh:
                        out[os.path.relpath(p, path)] = fh.read()
        return out
    with open(path, encoding="utf-8") as fh:
        return {os.path.basename(path): fh.read()}


def check_json(gradguard, cwd, args):
    p = subprocess.run([gradguard, "check", "--no-cache", "--output-format", "json", "--all-fixes"] + args,
                       cwd=cwd, capture_output=True, text=True, timeout=120)
    return json.loads(p.stdout) if p.stdout.strip() else []


def run_case(gradguard, path):
    sources = case_sources(path)
    try:
        Case(sources)
    except SyntaxError:
        return 0, []  # GG000's cases: nothing to fix
    is_dir = os.path.isdir(path)
    rows = check_json(gradguard, path if is_dir else os.path.dirname(path), [] if is_dir else [os.path.basename(path)])
    found, checked = [], 0
    for row in rows:
        for fix in row.get("fixes") or ([row["fix"]] if row.get("fix") else []):
            if fix.get("applicability") != "safe":
                continue
            name = os.path.relpath(os.path.join(path, row["filename"]), path) if is_dir else os.path.basename(path)
            if name not in sources:
                continue
            fixed = dict(sources)
            fixed[name] = apply_edits(sources[name], fix["edits"])
            checked += 1
            try:
                found += [f"{row['code']}@{row['location']['row']}: {p}" for p in problems(sources, fixed)]
            except SyntaxError as e:
                found.append(f"{row['code']}@{row['location']['row']}: the fixed code does not parse: {e}")
    if any(f.get("applicability") == "safe" for r in rows for f in (r.get("fixes") or [])):
        with tempfile.TemporaryDirectory(prefix="gg-callers-") as tmp:
            for name, src in sources.items():
                os.makedirs(os.path.dirname(os.path.join(tmp, name)) or tmp, exist_ok=True)
                with open(os.path.join(tmp, name), "w", encoding="utf-8") as fh:
                    fh.write(src)
            subprocess.run([gradguard, "check", "--no-cache", "--fix"] + ([] if is_dir else list(sources)),
                           cwd=tmp, capture_output=True, timeout=120)
            fixed = case_sources(tmp) if is_dir else case_sources(os.path.join(tmp, os.path.basename(path)))
            checked += 1
            found += [f"--fix: {p}" for p in problems(sources, fixed)]
    return checked, found


def without_grad_off(source):
    """source with its grad-off withs spliced into their blocks and grad-off decorators dropped: the code before a fix."""
    def unwrap(node):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            node.decorator_list = [d for d in node.decorator_list if not is_grad_off(d)]
        for field, value in ast.iter_fields(node):
            if isinstance(value, list):
                spliced = []
                for s in value:
                    if isinstance(s, ast.AST):
                        unwrap(s)  # inner blocks first: a with directly in a with's body is spliced too
                    grad_off = isinstance(s, ast.With) and all(is_grad_off(i.context_expr) for i in s.items)
                    spliced += s.body if grad_off else [s]
                setattr(node, field, spliced)
            elif isinstance(value, ast.AST):
                unwrap(value)

    tree = ast.parse(source)
    unwrap(tree)
    return ast.unparse(tree)


# The oracle's own cases: (why, the code after a fix, must the oracle object?); the code before is without_grad_off's.
SELF_TESTS = [
    ("a loop wrapped around an attack step that runs a backward", """
import torch
class Attack:
    def craft(self, x, y):
        x.requires_grad_()
        self.net(x).sum().backward()
        return x.grad.sign()
def evaluate(net, loader, attack):
    with torch.no_grad():
        for x, y in loader:
            x = attack.craft(x, y)
            out = net(x)
""", True),
    ("a helper decorated whose result a training loop differentiates", """
import torch
@torch.no_grad()
def score(net, x):
    return net(x)
def train(net, loader, opt):
    for x, y in loader:
        loss = (score(net, x) - y).pow(2).mean()
        loss.backward()
        opt.step()
""", True),
    ("a wrap inside a helper whose returned value reaches a backward two callers up", """
import torch
def embed(net, x):
    with torch.no_grad():
        feats = net(x)
    return feats
def head_loss(net, x, y):
    return (embed(net, x) - y).abs().mean()
def fit(net, data):
    for x, y in data:
        head_loss(net, x, y).backward()
""", True),
    ("a validation wrapped whose accuracy training only prints and schedules on", """
import torch
def validate(net, loader):
    hits = 0
    with torch.no_grad():
        for x, y in loader:
            hits += (net(x).argmax(1) == y).sum().item()
    return hits
def train(net, loader, opt, sched):
    for x, y in loader:
        loss = net(x).sum()
        loss.backward()
        opt.step()
    acc = validate(net, loader)
    sched.step(acc)
    print(acc)
""", False),
    ("a shared step handed train=False inside the wrap", """
import torch
class Model:
    def step(self, batch, train=True):
        loss = self.net(batch).sum()
        if train:
            loss.backward()
        return loss.item()
def evaluate(model, loader):
    with torch.no_grad():
        return [model.step(b, train=False) for b in loader]
""", False),
    ("a probe wrapped whose plain-number loss picks the tensor a later backward takes", """
import torch
def probe(net, x):
    with torch.no_grad():
        out = net(x)
    return out.sum().item()
def search(net, images):
    for x in images:
        turn = 1 if probe(net, x) > probe(net, -x) else -1
        worst = (turn * x).requires_grad_()
        net(worst).sum().backward()
""", False),
]


def self_test():
    failed = 0
    for why, fixed, objects in SELF_TESTS:
        got = problems({"case.py": without_grad_off(fixed)}, {"case.py": fixed})
        if bool(got) != objects:
            failed += 1
            print(f"FAIL {why}: {'nothing' if not got else got}")
        else:
            print(f"ok   {why}")
    print(f"{len(SELF_TESTS) - failed}/{len(SELF_TESTS)} self-tests pass")
    return 1 if failed else 0


def main(argv):
    if argv[1:] == ["--self-test"]:
        return self_test()
    if len(argv) < 2:
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    gradguard = os.path.abspath(argv[1])
    names = argv[2:] or sorted(n for n in os.listdir(CORPUS)
                               if (n.endswith(".py") and n != "run_corpus.py") or
                               (n.startswith("project_") and os.path.isdir(os.path.join(CORPUS, n))))
    failed = total = 0
    for name in names:
        checked, found = run_case(gradguard, os.path.join(CORPUS, os.path.basename(os.path.normpath(name))))
        total += checked
        if found:
            failed += 1
            print(f"FAIL {name}")
            for p in found:
                print(f"     {p}")
    print(f"{len(names) - failed}/{len(names)} cases pass, {total} safe fixes read")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

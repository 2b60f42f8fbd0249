#!/usr/bin/env python3
"""Checks that a fix made exactly the intended change, with Python's own ast.

usage: ast_oracle.py ORIGINAL FIXED KIND

KIND is a fix kind of `gradguard check --all-fixes` (gg_fix_kind_name):
wrap-no-grad / wrap-inference-mode (the original statements now sit inside one
With whose only item is <torch>.no_grad() / .inference_mode(); a wrap of a
helper's caller may wrap its other evaluation callers too, up to 4 Withs),
decorate-no-grad / decorate-inference-mode (one function gains that decorator),
detach / detach-item (one expression X became X.detach() / X.detach().item()),
remove-volatile (one volatile= keyword other than False or None is gone), noqa (nothing changes).
Any fix may also add one `import torch` to the module body. Exit status 0 when
undoing exactly one such change in FIXED gives the ast of ORIGINAL, else 1.
"""
import ast
import copy
import sys

CONTEXT = {"wrap-no-grad": "no_grad", "wrap-inference-mode": "inference_mode",
           "decorate-no-grad": "no_grad", "decorate-inference-mode": "inference_mode"}


def dump(tree):
    return ast.dump(tree, include_attributes=False)


def is_ctx_call(node, name):
    """<name>() or <alias>.<name>() with no arguments."""
    if not isinstance(node, ast.Call) or node.args or node.keywords:
        return False
    f = node.func
    return (isinstance(f, ast.Attribute) and f.attr == name and isinstance(f.value, ast.Name)) or \
        (isinstance(f, ast.Name) and f.id == name)


def list_slots(tree):
    """Every (node, field, list) of statements or expressions, to splice in."""
    for node in ast.walk(tree):
        for field, value in ast.iter_fields(node):
            if isinstance(value, list):
                yield node, field, value


def undo_wrap(tree, name):
    for node, field, body in list_slots(tree):
        for i, stmt in enumerate(body):
            if isinstance(stmt, ast.With) and len(stmt.items) == 1 and \
                    stmt.items[0].optional_vars is None and is_ctx_call(stmt.items[0].context_expr, name):
                yield (node, field, i)


def candidates(fixed, kind):
    """Trees with one instance of the fix undone."""
    if kind == "noqa":
        yield fixed
        return
    if kind in ("wrap-no-grad", "wrap-inference-mode"):
        for node, field, i in list(undo_wrap(fixed, CONTEXT[kind])):
            t = copy.deepcopy(fixed)
            # Find the same slot in the copy by walking in the same order.
            pairs = dict(zip(map(id, ast.walk(fixed)), ast.walk(t)))
            body = getattr(pairs[id(node)], field)
            body[i:i + 1] = body[i].body
            yield t
    elif kind in ("decorate-no-grad", "decorate-inference-mode"):
        for node in ast.walk(fixed):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                for i, d in enumerate(node.decorator_list):
                    if is_ctx_call(d, CONTEXT[kind]):
                        t = copy.deepcopy(fixed)
                        pairs = dict(zip(map(id, ast.walk(fixed)), ast.walk(t)))
                        del pairs[id(node)].decorator_list[i]
                        yield t
    elif kind in ("detach", "detach-item"):
        class Undo(ast.NodeTransformer):
            def __init__(self, target):
                self.target, self.seen = target, 0

            def visit_Call(self, node):
                inner = node
                if kind == "detach-item":
                    if not (isinstance(node.func, ast.Attribute) and node.func.attr == "item"
                            and not node.args and not node.keywords):
                        return self.generic_visit(node)
                    inner = node.func.value
                if isinstance(inner, ast.Call) and isinstance(inner.func, ast.Attribute) and \
                        inner.func.attr == "detach" and not inner.args and not inner.keywords:
                    self.seen += 1
                    if self.seen - 1 == self.target:
                        return inner.func.value
                return self.generic_visit(node)
        n = sum(1 for _ in ast.walk(fixed))
        for k in range(n):
            t = copy.deepcopy(fixed)
            u = Undo(k)
            t = u.visit(t)
            if u.seen <= k:
                break
            yield t
    elif kind == "remove-volatile":
        return  # checked the other way round, in main
    else:
        raise SystemExit(f"unknown kind {kind}")


def redo_volatile(original):
    """Originals with one volatile= keyword removed (True, or a value set at run time; the fix done by hand)."""
    targets = [(node, i) for node in ast.walk(original) if isinstance(node, ast.Call)
               for i, kw in enumerate(node.keywords)
               if kw.arg == "volatile" and not (isinstance(kw.value, ast.Constant) and kw.value.value in (False, None))]
    for node, i in targets:
        t = copy.deepcopy(original)
        pairs = dict(zip(map(id, ast.walk(original)), ast.walk(t)))
        del pairs[id(node)].keywords[i]
        yield t


def without_added_import(fixed, original):
    """fixed, and fixed minus one module-level `import torch` when the original has fewer."""
    yield fixed
    count = lambda m: sum(1 for s in m.body if isinstance(s, ast.Import) and
                          [(a.name, a.asname) for a in s.names] == [("torch", None)])
    if count(fixed) == count(original) + 1:
        for i, s in enumerate(fixed.body):
            if isinstance(s, ast.Import) and [(a.name, a.asname) for a in s.names] == [("torch", None)]:
                t = copy.deepcopy(fixed)
                del t.body[i]
                yield t


def main(argv):
    if len(argv) != 4:
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    with open(argv[1], "rb") as f:
        original = ast.parse(f.read())
    with open(argv[2], "rb") as f:
        fixed = ast.parse(f.read())
    kind = argv[3]
    want = dump(original)
    for base in without_added_import(fixed, original):
        if kind == "remove-volatile":
            if any(dump(t) == dump(base) for t in redo_volatile(original)):
                return 0
            continue
        # A wrap may be several (the helper's other callers): undo up to 4, one at a time.
        level = [base]
        for _ in range(4 if kind in ("wrap-no-grad", "wrap-inference-mode") else 1):
            nxt = []
            for tree in level:
                for t in candidates(tree, kind):
                    if dump(t) == want:
                        return 0
                    nxt.append(t)
            level = nxt[:64]
    print(f"ast of the result is not the original with exactly one {kind}", file=sys.stderr)
    return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))

#!/usr/bin/env python3
"""
check --fix and --unsafe-fixes from the outside: what each applies, that the
result compiles, and that nothing outside the edits changes.

usage: test_cli_fixes.py GRADGUARD
"""
import json
import os
import py_compile
import stat
import subprocess
import sys

from cli_harness import Suite, check

suite = Suite("gg-fixes-")

# A module's outputs gathered in evaluation code with grad on (GG002 alone is
# selected): the forward may return a tuple or a dict, on which .detach()
# raises, so no .detach() is offered at all, safe or unsafe.
GATHER = """\
import torch


def validate(model, loader):
    model.eval()
    outputs = []
    for x in loader:
        out = model(x)
        outputs.append(out)
    return torch.cat(outputs)
"""


# volatile=True where grad is on: removing it is an unsafe fix (it erases the
# one sign that this code meant to run without autograd).
VOLATILE = """\
from torch.autograd import Variable


def wrap(batch):
    return Variable(batch, volatile=True)
"""


# An evaluation loop with a safe fix (the wrap in torch.no_grad()).
EVAL = """\
import torch


def validate(model, loader):
    model.eval()
    for x in loader:
        print(model(x))
"""


# The FAQ's case: a scalar loss summed after backward. Its fixes are
# .detach() (safe: a tensor the rule proved) and .detach().item() (unsafe:
# later code may want a tensor).
RUNNING = """\
import torch


def train(model, loader, opt, crit):
    total = 0
    for x, y in loader:
        opt.zero_grad()
        loss = crit(model(x), y)
        loss.backward()
        opt.step()
        total += loss
    return total
"""


def run(gradguard, *args, cwd):
    p = subprocess.run([gradguard, "check", *args], cwd=cwd, capture_output=True, text=True, timeout=60)
    return p.returncode, p.stdout, p.stderr


def write(tmp, text):
    path = os.path.join(tmp, "train.py")
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)
    return path


def read(path):
    with open(path, encoding="utf-8") as f:
        return f.read()


@suite.test
def fix_leaves_unproven_detach(gg, tmp):
    path = write(tmp, GATHER)
    code, out, err = run(gg, "--select", "GG002", "--fix", "train.py", cwd=tmp)
    check(code == 1 and "GG002" in out, f"exit {code}: {out} {err}")
    check(read(path) == GATHER, "--fix changed a file whose only fix is unsafe:\n" + read(path))


@suite.test
def unsafe_fixes_offer_no_detach_on_unproven(gg, tmp):
    path = write(tmp, GATHER)
    code, out, err = run(gg, "--select", "GG002", "--fix", "--unsafe-fixes", "train.py", cwd=tmp)
    check(code == 1 and "GG002" in out, f"exit {code}: {out} {err}")
    check(read(path) == GATHER, "--unsafe-fixes put .detach() on a value not proven a tensor:\n" + read(path))


@suite.test
def unsafe_fixes_apply_and_compile(gg, tmp):
    path = write(tmp, VOLATILE)
    code, out, err = run(gg, "--select", "GG003", "--fix", "--unsafe-fixes", "train.py", cwd=tmp)
    fixed = read(path)
    check(code == 0, f"exit {code}: {out} {err}")
    check(fixed == VOLATILE.replace(", volatile=True", ""), "--unsafe-fixes made other edits:\n" + fixed)
    py_compile.compile(path, doraise=True)


@suite.test
def unsafe_fixes_alone_change_nothing(gg, tmp):
    path = write(tmp, VOLATILE)
    code, out, err = run(gg, "--select", "GG003", "--unsafe-fixes", "train.py", cwd=tmp)
    check(code == 1 and read(path) == VOLATILE, f"exit {code}; the file changed without --fix")


@suite.test
def json_fix_is_the_one_fix_applies(gg, tmp):
    path = write(tmp, RUNNING)
    code, out, err = run(gg, "--output-format", "json", "train.py", cwd=tmp)
    fix = json.loads(out)[0]["fix"]
    check(fix["applicability"] == "safe" and fix["edits"][0]["content"] == ".detach()",
          f"json shows another fix than --fix applies: {fix}")
    code, out, err = run(gg, "--output-format", "full", "train.py", cwd=tmp)
    check("help: Use `loss.detach()`" in out, f"full's help names another fix:\n{out}")
    code, out, err = run(gg, "--fix", "train.py", cwd=tmp)
    check(read(path) == RUNNING.replace("total += loss", "total += loss.detach()"), "--fix applied:\n" + read(path))


# A shared step that trains only under `if mode == "train":`, called with
# mode="valid": the model proves that call runs no backward, so its wrap is safe.
SHARED = """\
import torch


def run_epoch(model, loader, optimizer, mode):
    for x, y in loader:
        loss = model(x).sum()
        if mode == "train":
            loss.backward()
            optimizer.step()


def fit(model, loaders, optimizer):
    run_epoch(model, loaders[0], optimizer, mode="train")
    run_epoch(model, loaders[1], None, mode="valid")
"""


@suite.test
def fix_wraps_the_eval_half_of_a_shared_step(gg, tmp):
    path = write(tmp, SHARED)
    code, out, err = run(gg, "--fix", "train.py", cwd=tmp)
    want = SHARED.replace('    run_epoch(model, loaders[1], None, mode="valid")\n',
                          '    with torch.no_grad():\n        run_epoch(model, loaders[1], None, mode="valid")\n')
    check(code == 0 and read(path) == want, f"exit {code}: {out} {err}\n" + read(path))
    # The same step with a backward outside its flag trains on every call: no safe wrap.
    both = SHARED.replace("        if mode == \"train\":\n            loss.backward()",
                          "        loss.backward()\n        if mode == \"train\":\n            pass")
    path = write(tmp, both)
    run(gg, "--fix", "train.py", cwd=tmp)
    check(read(path) == both, "--fix wrapped a call that trains:\n" + read(path))


def fixed_eval(gg, tmp):
    """EVAL as --fix leaves it, fixed in a folder of its own."""
    own = os.path.join(tmp, "reference")
    os.mkdir(own)
    path = write(own, EVAL)
    code, out, err = run(gg, "--fix", "train.py", cwd=own)
    check(code == 0 and read(path) != EVAL, f"reference fix: exit {code}: {out} {err}")
    return read(path)


@suite.test
def fix_never_follows_a_link_at_a_temporary_name(gg, tmp):
    # The name the first --fix wrote its temporary to: a link there made it overwrite any file.
    victim = os.path.join(tmp, "victim.txt")
    with open(victim, "w") as f:
        f.write("precious\n")
    os.chmod(victim, 0o600)
    write(tmp, EVAL)
    os.symlink(victim, os.path.join(tmp, "train.py.gradguard-fix~"))
    code, out, err = run(gg, "--fix", "train.py", cwd=tmp)
    check(read(victim) == "precious\n", "--fix wrote through a link at its temporary name")
    check(stat.S_IMODE(os.stat(victim).st_mode) == 0o600, "--fix changed the mode of the link's target")
    check(code == 0 and read(os.path.join(tmp, "train.py")) != EVAL, f"exit {code}: {out} {err}")


# A disk that fills during --fix of a file with a second hard link (written in
# place): a small private tmpfs (unshare -rm: a user and mount namespace, no
# privilege needed), filled up, a file of one page that the fix makes two.
FULL_DISK = r"""
set -u
mount -t tmpfs -o size=64k tmpfs "$2" || exit 77
cp "$3" "$2/train.py" && ln "$2/train.py" "$2/other.py" || exit 3
head -c 1048576 /dev/zero > "$2/fill" 2>/dev/null
cd "$2" && "$1" check --fix train.py
echo "exit $?"
cmp -s "$3" train.py && cmp -s "$3" other.py && echo intact
"""


@suite.test
def fix_on_a_full_disk_keeps_a_hard_linked_file_whole(gg, tmp):
    text = EVAL.replace("import torch\n", "import torch\n" + "# padding\n" * 400, 1)
    text = text.replace("# padding\n", "", (len(text.encode()) - 4090) // 10 + 1)
    check(4000 < len(text) <= 4096, len(text))
    src = os.path.join(tmp, "original.py")
    with open(src, "w") as f:
        f.write(text)
    mnt = os.path.join(tmp, "disk")
    os.mkdir(mnt)
    try:
        p = subprocess.run(["unshare", "-rm", "sh", "-c", FULL_DISK, "sh", gg, mnt, src],
                           capture_output=True, text=True, timeout=120)
    except FileNotFoundError:
        print("  (skipped: no unshare)", file=sys.stderr)
        return
    if p.returncode == 77 or "unshare:" in p.stderr:
        print(f"  (skipped: no private tmpfs here: {p.stderr.strip()})", file=sys.stderr)
        return
    check("exit 2" in p.stdout, f"--fix on a full disk did not fail: {p.stdout!r} {p.stderr!r}")
    check("No space left on device" in p.stderr, p.stderr)
    check("intact" in p.stdout, f"--fix on a full disk left a part of the file: {p.stdout!r} {p.stderr!r}")


@suite.test
def fix_writes_through_a_symlink(gg, tmp):
    want = fixed_eval(gg, tmp)
    os.mkdir(os.path.join(tmp, "src"))
    target = write(os.path.join(tmp, "src"), EVAL)
    link = os.path.join(tmp, "link.py")
    os.symlink(os.path.join("src", "train.py"), link)
    code, out, err = run(gg, "--fix", "link.py", cwd=tmp)
    check(code == 0, f"exit {code}: {out} {err}")
    check(os.path.islink(link), "--fix replaced the link with a file")
    check(read(target) == want, "the link's target was not fixed:\n" + read(target))


@suite.test
def fix_keeps_hard_links_mode_and_owner(gg, tmp):
    want = fixed_eval(gg, tmp)
    path = write(tmp, EVAL)
    other = os.path.join(tmp, "other_name.py")
    os.link(path, other)
    os.chmod(path, 0o751)
    if os.geteuid() == 0:
        os.chown(path, 1234, 2345)
    before = os.stat(path)
    code, out, err = run(gg, "--fix", "train.py", cwd=tmp)
    after = os.stat(path)
    check(code == 0, f"exit {code}: {out} {err}")
    check(read(other) == want and read(path) == want, "the other hard link kept the old text")
    check(after.st_ino == before.st_ino and after.st_nlink == 2, "--fix broke the hard link")
    check(stat.S_IMODE(after.st_mode) == 0o751, f"mode {oct(after.st_mode)}")
    check((after.st_uid, after.st_gid) == (before.st_uid, before.st_gid), "--fix changed the owner")


@suite.test
def fix_keeps_owner_of_a_single_file(gg, tmp):
    if os.geteuid() != 0:
        return  # only root can give a file to someone else
    path = write(tmp, EVAL)
    os.chown(path, 1234, 2345)
    os.chmod(path, 0o640)
    code, out, err = run(gg, "--fix", "train.py", cwd=tmp)
    after = os.stat(path)
    check(code == 0 and read(path) != EVAL, f"exit {code}: {out} {err}")
    check((after.st_uid, after.st_gid) == (1234, 2345), f"owner now {after.st_uid}:{after.st_gid}")
    check(stat.S_IMODE(after.st_mode) == 0o640, f"mode {oct(after.st_mode)}")
    check(os.listdir(tmp) == ["train.py"], f"left behind: {os.listdir(tmp)}")


@suite.test
def fix_leaves_read_only_files(gg, tmp):
    path = write(tmp, EVAL)
    os.chmod(path, 0o444)
    code, out, err = run(gg, "--fix", "train.py", cwd=tmp)
    check(read(path) == EVAL, "--fix rewrote a read-only file")
    check("train.py: not fixed: the file is read-only" in err, f"no note: {err}")
    # Not an error: the findings are still there, and said.
    check(code == 1 and "GG001" in out, f"exit {code}: {out} {err}")


@suite.test
def two_fix_runs_at_once(gg, tmp):
    # Two `check --fix` on one tree at the same time: each file is fixed once,
    # and neither run fails because of the other (the second reads what the first wrote).
    want = fixed_eval(gg, tmp)
    tree = os.path.join(tmp, "tree")
    os.mkdir(tree)
    for i in range(150):
        with open(os.path.join(tree, f"m{i:03}.py"), "w", encoding="utf-8") as f:
            f.write(EVAL)
    for attempt in range(3):
        runs = [subprocess.Popen([gg, "check", "--fix", "--threads", "2", "tree"], cwd=tmp,
                                 stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) for _ in range(2)]
        for p in runs:
            out, err = p.communicate(timeout=120)
            check(p.returncode == 0, f"attempt {attempt}: a racing run exited {p.returncode}: {err[-2000:]}")
        for name in sorted(os.listdir(tree)):
            text = read(os.path.join(tree, name))
            check(text == want, f"attempt {attempt}: {name} is\n{text}")
        leftovers = [n for n in os.listdir(tree) if not n.endswith(".py")]
        check(not leftovers, f"left behind: {leftovers}")
        for name in os.listdir(tree):
            with open(os.path.join(tree, name), "w", encoding="utf-8") as f:
                f.write(EVAL)


@suite.test
def fix_leaves_code_that_does_not_parse(gg, tmp):
    # A fix computed on a tree that error recovery made up may land where the
    # re-check cannot see it: each round wrapped the same statement again.
    text = EVAL + "\n\ndef broken(:\n    pass\n"
    path = write(tmp, text)
    code, out, err = run(gg, "--fix", "train.py", cwd=tmp)
    check(read(path) == text, "--fix rewrote a file with a syntax error:\n" + read(path))
    check("train.py: not fixed: it has a syntax error" in err, f"no note: {err}")
    check(code == 1 and "GG001" in out, f"exit {code}: {out} {err}")


@suite.test
def fix_leaves_code_python_refuses(gg, tmp):
    # The grammar takes `print "x"` and `f(async=True)`; Python 3 does not
    # (GG000): --fix leaves the file as it is, and the check marks nothing [*].
    for tail in ('\n\ndef note():\n    print "done"\n', '\n\ndef move(t):\n    return t.cuda(async=True)\n'):
        text = EVAL + tail
        path = write(tmp, text)
        code, out, err = run(gg, "--fix", "train.py", cwd=tmp)
        check(read(path) == text, "--fix rewrote a file Python refuses:\n" + read(path))
        check("train.py: not fixed: it has a syntax error" in err, f"no note: {err}")
        code, out, err = run(gg, "train.py", cwd=tmp)
        check("GG000" in out and "[*]" not in out, f"a fix offered in a file Python refuses: {out}")


if __name__ == "__main__":
    sys.exit(suite.main(sys.argv, __doc__.strip().splitlines()[-1]))

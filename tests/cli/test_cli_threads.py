#!/usr/bin/env python3
"""`gradguard check --threads N` from the outside: whatever N, stdout, stderr
and the exit status are byte for byte those of `--threads 1`, in every output
format, over the rule corpus and over a generated tree of a few hundred files
(sizes that vary a lot, nested pyproject.toml files, a broken one, files that
cannot be read or decoded), and `--fix` leaves the same files behind. Also
the option's spellings and its errors.

usage: test_cli_threads.py GRADGUARD
"""
import os
import random
import shutil
import subprocess
import sys

from cli_harness import LONG, Suite, check  # tests/cli/cli_harness.py: the script's folder is on sys.path

suite = Suite("gg-threads-")

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CORPUS = os.path.join(ROOT, "tests", "corpus")
FORMATS = ("concise", "full", "json", "sarif", "github", "grouped", "json-lines", "pylint", "gitlab", "junit",
           "rdjson", "azure")
# Each count compared with --threads 1; the long form (GG_TEST_LONG=1) tries more of them.
THREADS = ("4", "8") if LONG else ("4",)
TREE_THREADS = ("2", "4", "8") if LONG else ("4",)
FIX_THREADS = ("4", "8") if LONG else ("4",)

HEAD = "import torch\n\ndef validate(model, xs):\n    model.eval()\n"
FINDING = HEAD + "    return [model(x) for x in xs]\n"
CLEAN = "import torch\n\n@torch.no_grad()\ndef validate(model, xs):\n    model.eval()\n    return [model(x) for x in xs]\n"


def run(gradguard, *args, cwd=None, timeout=300):
    """(exit status, stdout, stderr), the outputs as bytes: they are compared byte for byte."""
    proc = subprocess.run([gradguard, "check", *args], cwd=cwd, capture_output=True, timeout=timeout)
    if proc.returncode < 0:
        raise AssertionError(f"killed by signal {-proc.returncode}: {proc.stderr.decode(errors='replace')[-2000:]}")
    return proc.returncode, proc.stdout, proc.stderr


def write(path, content):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as f:
        f.write(content if isinstance(content, bytes) else content.encode("utf-8"))


def first_difference(a, b):
    """Where two outputs part, for the failure message."""
    n = next((i for i, (x, y) in enumerate(zip(a, b)) if x != y), min(len(a), len(b)))
    return f"at byte {n}: {a[max(0, n - 80):n + 80]!r} vs {b[max(0, n - 80):n + 80]!r}"


def same_as_one_thread(gg, args, cwd, threads=THREADS, want_rc=None):
    """Runs args with --threads 1 and each of threads in every format; all must agree. Returns the runs of --threads 1."""
    ones = {}
    for fmt in FORMATS:
        one = run(gg, "--threads", "1", "--output-format", fmt, *args, cwd=cwd)
        if want_rc is not None:
            check(one[0] == want_rc, f"{fmt}: exit {one[0]}, want {want_rc}: {one[2][-2000:]!r}")
        ones[fmt] = one
        for n in threads:
            many = run(gg, "--threads", n, "--output-format", fmt, *args, cwd=cwd)
            check(many[0] == one[0], f"{fmt} --threads {n}: exit {many[0]}, one thread {one[0]}")
            check(many[1] == one[1], f"{fmt} --threads {n}: stdout differs {first_difference(many[1], one[1])}")
            check(many[2] == one[2], f"{fmt} --threads {n}: stderr differs {first_difference(many[2], one[2])}")
    return ones


def make_tree(root):
    """A few hundred files with a repeatable mix of sizes, findings, configurations and errors."""
    rnd = random.Random(1234)
    corpus = sorted(os.path.join(CORPUS, n) for n in os.listdir(CORPUS) if n.endswith(".py") and n != "run_corpus.py")
    bodies = [open(p, "rb").read() for p in corpus]
    for k in range(10):
        for j in range(40):
            kind = rnd.randrange(6)
            if kind == 0:
                body = FINDING.encode()
            elif kind == 1:
                body = CLEAN.encode()
            elif kind == 2:
                body = b"def f(x):\n    return x + 1\n" * rnd.randrange(1, 50)  # no framework: not parsed
            elif kind == 3:
                # Big (the files after it finish first), with a few findings: json, full and
                # sarif list each finding's fixes, which costs more the more a file has.
                funcs = [CLEAN.replace("validate", f"validate_{i}") for i in range(rnd.randrange(50, 800))]
                for i in range(0, len(funcs), 100):
                    funcs[i] = FINDING.replace("validate", f"late_{i}")
                body = "".join(funcs).encode()
            else:
                body = bodies[rnd.randrange(len(bodies))]
            write(os.path.join(root, "tree", f"pkg_{k}", f"mod_{j:02d}.py"), body)
    # Configurations: one that selects and excludes, one that cannot be parsed (reported by the walk).
    write(os.path.join(root, "tree", "pkg_3", "pyproject.toml"),
          '[tool.gradguard]\nselect = ["GG002", "GG003"]\nexclude = ["mod_1*.py"]\n')
    write(os.path.join(root, "tree", "pkg_5", "pyproject.toml"), "[tool.gradguard\nselect = [\n")
    write(os.path.join(root, "tree", "pkg_7", "sub", "pyproject.toml"),
          '[tool.gradguard]\nseverity = { GG001 = "error" }\n')
    write(os.path.join(root, "tree", "pkg_7", "sub", "v.py"), FINDING)
    # Files that cannot be checked: reported in file order, the run goes on.
    os.symlink(os.path.join(root, "nowhere.py"), os.path.join(root, "tree", "pkg_1", "dangling.py"))
    os.symlink("loop.py", os.path.join(root, "tree", "pkg_2", "loop.py"))
    write(os.path.join(root, "tree", "pkg_4", "latin.py"), b"import torch\nx = '\xff\xfe'\n")
    write(os.path.join(root, "tree", "pkg_6", "declared.py"),
          ("# -*- coding: latin-1 -*-\n" + FINDING + "s = '\u00e9'\n").encode("latin-1"))
    write(os.path.join(root, "tree", "pkg_6", "wrong.py"), b"# coding: ascii\nimport torch\nx = '\xff'\n")
    if os.geteuid() != 0:  # root reads anything
        write(os.path.join(root, "tree", "pkg_8", "secret.py"), FINDING)
        os.chmod(os.path.join(root, "tree", "pkg_8", "secret.py"), 0)
    # A BOM, CRLF line ends, and deep nesting (the workers' stacks).
    write(os.path.join(root, "tree", "pkg_8", "bom.py"), b"\xef\xbb\xbf" + FINDING.encode())
    write(os.path.join(root, "tree", "pkg_8", "crlf.py"), FINDING.replace("\n", "\r\n").encode())
    write(os.path.join(root, "tree", "pkg_9", "deep.py"), "import torch\nx = " + "(" * 20_000 + "1" + ")" * 20_000 + "\n")
    # Files named on the command line in a folder the walk never saw, under a
    # broken pyproject.toml: it is reported with the first file that gets as
    # far as its configuration (not the undecodable one before it).
    write(os.path.join(root, "named", "pyproject.toml"), "[tool.gradguard]\nselect = 3 4\n")
    write(os.path.join(root, "named", "a_bad.py"), b"import torch\n\xff\n")
    write(os.path.join(root, "named", "b.py"), FINDING)
    write(os.path.join(root, "named", "c.py"), FINDING)
    return ["tree", "named/a_bad.py", "named/c.py", "named/b.py", "named/b.py"]


@suite.test
def corpus_same_output(gg, tmp):
    ones = same_as_one_thread(gg, ["tests/corpus"], cwd=ROOT, want_rc=1)
    check(b"Found " in ones["concise"][2], ones["concise"][2][-200:])


@suite.test
def default_threads_same_output(gg, tmp):
    # No --threads: one per CPU, capped by the number of files.
    for fmt in ("concise", "json"):
        one = run(gg, "--threads", "1", "--output-format", fmt, "tests/corpus", cwd=ROOT)
        default = run(gg, "--output-format", fmt, "tests/corpus", cwd=ROOT)
        check(default == one, f"{fmt}: default differs from --threads 1")


@suite.test
def tree_same_output(gg, tmp):
    args = make_tree(tmp)
    ones = same_as_one_thread(gg, args, cwd=tmp, threads=TREE_THREADS, want_rc=2)
    out, err = ones["concise"][1].decode(), ones["concise"][2].decode()
    check(out.count("GG001") > 200, f"{out.count('GG001')} findings")
    for needle in ("dangling.py:", "loop.py:", "latin.py: not valid UTF-8", "wrong.py: cannot decode as ascii",
                   "pkg_5/pyproject.toml", "a_bad.py: not valid UTF-8"):
        check(needle in err, f"{needle!r} not reported: {err[-2000:]!r}")
    check("tree/pkg_6/declared.py:" in out and "tree/pkg_9" not in err, "decoded and nested files are checked")
    check("tree/pkg_3/mod_1" not in out + err, "pkg_3's exclude")
    # The named folder's broken pyproject.toml: reported once, between the two files' reports.
    lines = err.splitlines()
    conf = [i for i, l in enumerate(lines) if l.startswith("gradguard: configuration: ") and "named" in l]
    bad = [i for i, l in enumerate(lines) if "a_bad.py" in l]
    check(len(conf) == 1 and len(bad) == 1 and bad[0] < conf[0], f"configuration report: {lines[-6:]}")
    check(out.count("named/b.py:") == 1, "a file named twice is checked once")


@suite.test
def tree_more_threads_than_files(gg, tmp):
    write(os.path.join(tmp, "a.py"), FINDING)
    write(os.path.join(tmp, "b.py"), b"\xff")
    write(os.path.join(tmp, "c.py"), CLEAN)
    same_as_one_thread(gg, ["."], cwd=tmp, threads=("3", "64", "100000"), want_rc=2)


@suite.test
def fix_same_files(gg, tmp):
    make_tree(os.path.join(tmp, "src"))
    # The fix corpus too: files whose fixes change their text.
    for name in sorted(os.listdir(CORPUS)):
        if name.startswith("fix_"):
            shutil.copy(os.path.join(CORPUS, name), os.path.join(tmp, "src", "tree", "pkg_0", name))
    results = {}
    for n in ("1",) + FIX_THREADS:
        # Each run in the same folder: reports name the broken pyproject.toml by its absolute path.
        work = os.path.join(tmp, "work")
        shutil.copytree(os.path.join(tmp, "src"), work, symlinks=True)
        results[n] = run(gg, "--threads", n, "--fix", "tree", "named/a_bad.py", "named/b.py", cwd=work)
        os.rename(work, os.path.join(tmp, "t" + n))
    one = results["1"]
    check(one[0] == 2 and b" fixed, " in one[2], f"exit {one[0]}: {one[2][-400:]!r}")
    for n in FIX_THREADS:
        check(results[n] == one, f"--threads {n} --fix: output differs from --threads 1:"
              f" {first_difference(results[n][1] + results[n][2], one[1] + one[2])}")
        changed = []
        for dirpath, _, files in os.walk(os.path.join(tmp, "t1")):
            for name in files:
                a = os.path.join(dirpath, name)
                b = os.path.join(tmp, "t" + n, os.path.relpath(a, os.path.join(tmp, "t1")))
                if os.path.islink(a):
                    check(os.path.islink(b) and os.readlink(a) == os.readlink(b), f"link {b}")
                    continue
                with open(a, "rb") as fa, open(b, "rb") as fb:
                    if fa.read() != fb.read():
                        changed.append(os.path.relpath(a, os.path.join(tmp, "t1")))
        check(not changed, f"--threads {n} --fix left other files: {changed[:5]}")
        check(sorted(os.listdir(os.path.join(tmp, "t" + n))) == sorted(os.listdir(os.path.join(tmp, "t1"))), "files")
    # And what is left after the fixes reads the same.
    same_as_one_thread(gg, ["tree"], cwd=os.path.join(tmp, "t1"), threads=("4",), want_rc=2)


@suite.test
def option_spellings(gg, tmp):
    write(os.path.join(tmp, "a.py"), FINDING)
    write(os.path.join(tmp, "b.py"), FINDING)
    want = run(gg, "--threads", "1", ".", cwd=tmp)
    check(want[0] == 1 and want[1].count(b"GG001") == 2, want)
    for args in (["-j", "2"], ["-j2"], ["--threads=2"], ["--threads", "2"], ["-j", "1"]):
        check(run(gg, *args, ".", cwd=tmp) == want, f"{args}")


@suite.test
def option_errors(gg, tmp):
    for args, needle in ((["--threads", "0"], b"'0'"), (["--threads", "x"], b"'x'"), (["-j", "-3"], b"'-3'"),
                         (["--threads=2x"], b"'2x'"), (["--threads"], b"--threads needs a value"),
                         (["-j"], b"-j needs a value"), (["--threads="], b"''")):
        rc, out, err = run(gg, *args, cwd=tmp)
        check(rc == 2 and out == b"" and needle in err, f"{args}: {rc} {out!r} {err!r}")
    rc, out, _ = run(gg, "--help")
    check(rc == 0 and b"--threads N" in out and b"-j" in out, out)


if __name__ == "__main__":
    sys.exit(suite.main(sys.argv, __doc__.strip().splitlines()[-1]))

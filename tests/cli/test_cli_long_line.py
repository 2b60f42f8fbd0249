#!/usr/bin/env python3
"""`gradguard check` on lines that hold hundreds of findings: every output
format, --all-fixes and --fix give byte for byte the output recorded in
tests/cli/long_line/ (gzip'd: the outputs repeat themselves, 2 MB as text).

The recording was made before the fixes and the json/sarif positions of a
long line were computed once per line instead of once per finding, so this
test says that change kept every byte. The input is tests/bench/long_line.py's
(300 findings on one line, and a line of 100 with non-ASCII and astral
characters and a `# noqa: E501` comment), once with "\\n" and once with
"\\r\\n" line ends.

Record again (--record) only for a change of output that is meant.

usage: test_cli_long_line.py GRADGUARD [--record]
"""
import gzip
import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
EXPECTED = os.path.join(HERE, "long_line")
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "bench"))
import long_line  # noqa: E402  (the generator, from tests/bench)

FINDINGS = 300
FILES = ("long_line.py", "long_line_crlf.py")
# name: the arguments after `check --isolated`
RUNS = {
    "concise": ["--output-format", "concise"],
    "full": ["--output-format", "full"],
    "json": ["--output-format", "json"],
    "json-all-fixes": ["--output-format", "json", "--all-fixes"],
    "sarif": ["--output-format", "sarif"],
    "github": ["--output-format", "github"],
    "fix": ["--fix", "--output-format", "json", "--all-fixes"],
}


def write_inputs(tmp):
    text = long_line.source(FINDINGS, variety=True)
    for name, eol in zip(FILES, ("\n", "\r\n")):
        with open(os.path.join(tmp, name), "wb") as f:
            f.write(text.replace("\n", eol).encode("utf-8"))


def normalized(out, tmp):
    """The SARIF log names the working folder's URI, json and sarif the rule pages': nothing else depends on where the test runs."""
    uri = "file://" + re.sub(r"[^A-Za-z0-9/._~_-]", lambda m: "".join(f"%{b:02X}" for b in m.group().encode()),
                             os.path.realpath(tmp)) + "/"
    out = out.replace(uri.encode(), b"file:///WORKDIR/")
    # The rule pages' URI names where the program's pages are (server/docs_url.h): the build folder's.
    return re.sub(rb'file://[^"\s]*/(?:docs/rules|share/doc/gradguard/rules)/', b"file:///DOCS/", out)


def capture(gradguard, name, args):
    """What one run shows, as bytes: exit status, stderr, stdout, and after --fix the files left behind."""
    tmp = tempfile.mkdtemp(prefix="gg-long-line-")
    try:
        write_inputs(tmp)
        proc = subprocess.run([gradguard, "check", "--isolated", *args, *FILES], cwd=tmp, capture_output=True,
                              timeout=600)
        if proc.returncode < 0:
            raise AssertionError(f"{name}: killed by signal {-proc.returncode}")
        out = b"exit %d\n--- stderr\n%s--- stdout\n%s" % (proc.returncode, proc.stderr, normalized(proc.stdout, tmp))
        if name == "fix":
            for f in FILES:
                with open(os.path.join(tmp, f), "rb") as fh:
                    out += b"--- %s after --fix\n%s" % (f.encode(), fh.read())
        return out
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def first_difference(got, want):
    g, w = got.split(b"\n"), want.split(b"\n")
    for i, (a, b) in enumerate(zip(g, w)):
        if a != b:
            return f"line {i + 1}:\n  got  {a[:300]!r}\n  want {b[:300]!r}"
    return f"lengths differ: {len(g)} lines, want {len(w)}"


def main(argv):
    if len(argv) not in (2, 3) or (len(argv) == 3 and argv[2] != "--record"):
        print(__doc__.strip().splitlines()[-1], file=sys.stderr)
        return 2
    gradguard = os.path.abspath(argv[1])
    record = len(argv) == 3
    failures = 0
    for name, args in RUNS.items():
        path = os.path.join(EXPECTED, name + ".out.gz")
        got = capture(gradguard, name, args)
        if record:
            os.makedirs(EXPECTED, exist_ok=True)
            # mtime 0: the same output records as the same bytes.
            with open(path, "wb") as raw, gzip.GzipFile(filename="", mode="wb", fileobj=raw, mtime=0) as f:
                f.write(got)
            print(f"recorded {name}: {len(got)} bytes")
            continue
        with gzip.open(path, "rb") as f:
            want = f.read()
        if got == want:
            print(f"ok   {name}")
        else:
            failures += 1
            print(f"FAIL {name}: output differs from {os.path.relpath(path, HERE)} at {first_difference(got, want)}")
    if not record:
        print(f"{len(RUNS) - failures}/{len(RUNS)} tests pass")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

"""
The runner the CLI test scripts share: each @suite.test case gets the
program under test and a fresh temporary folder, a failed check() fails
that case only, and main() runs them all and prints "N/M tests pass".
"""
import os
import re
import shutil
import sys
import tempfile

# The long form of a test (`meson test --setup full`, which sets GG_TEST_LONG=1):
# the same checks at their full size; by default a smaller size that runs fast.
LONG = os.environ.get("GG_TEST_LONG") == "1"


def docs_normalized(text):
    """The rule pages' file:// URIs (server/docs_url.h) name where the program's pages are: file:///DOCS/ here."""
    return re.sub(r'file://[^"\s]*/(?:docs/rules|share/doc/gradguard/rules)/', "file:///DOCS/", text)


def check(cond, message):
    if not cond:
        raise AssertionError(message)


class Suite:
    def __init__(self, prefix):
        self.prefix = prefix  # of the temporary folders
        self.tests = []
        self.failures = []

    def test(self, fn):
        def case(gradguard):
            tmp = tempfile.mkdtemp(prefix=self.prefix)
            try:
                fn(gradguard, tmp)
                print(f"ok   {fn.__name__}")
            except AssertionError as e:
                self.failures.append(fn.__name__)
                print(f"FAIL {fn.__name__}: {e}")
            finally:
                shutil.rmtree(tmp, ignore_errors=True)
        case.__name__ = fn.__name__
        self.tests.append(case)
        return case

    def main(self, argv, usage):
        if len(argv) != 2:
            print(usage, file=sys.stderr)
            return 2
        gradguard = os.path.abspath(argv[1])
        for case in self.tests:
            case(gradguard)
        print(f"{len(self.tests) - len(self.failures)}/{len(self.tests)} tests pass")
        return 1 if self.failures else 0

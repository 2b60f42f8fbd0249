#!/usr/bin/env python3
"""Writes git's own answers into the git-ignore cases (tests/server/git_ignore/*.case).

Run by hand, with git installed, when a case is written or changed; the
answers are committed with the case, and test_git_ignore holds gradguard's
matcher to them without git. For each case the tree is built in a
temporary folder (a fresh `git init`, the user's settings kept out), and
`git check-ignore --no-index` says which of the paths under `== check` git
leaves out: 'x' before a path that git ignores, '-' before one it keeps.

The case format (one case per file):

    # what the case shows
    == .gitignore           a file of the tree, its lines verbatim
    ==% sub/.gitignore      the same with %XX escapes (a CR, a NUL, trailing spaces)
    == .git/info/exclude
    == ~excludes            the user's core.excludesFile (kept outside the tree)
    == ~ignorecase          the repository's core.ignoreCase set to true (no body)
    == check
    x generated/out.py      a path: a folder when it ends in '/'; %XX escapes
    - keep.py

    python3 tests/server/git_ignore_answers.py [CASE...]
"""
import os
import pathlib
import re
import subprocess
import sys
import tempfile

HERE = pathlib.Path(__file__).resolve().parent / "git_ignore"


def unescape(text):
    return re.sub(rb"%([0-9A-Fa-f]{2})", lambda m: bytes([int(m.group(1), 16)]), text)


def parse(data):
    """(sections: [(header, name, bytes)], checks: [(verdict, path bytes)], lines before the first section)."""
    lines = data.split(b"\n")
    if lines and lines[-1] == b"":
        lines.pop()
    head, sections, checks, cur = [], [], [], None
    for line in lines:
        if line.startswith(b"== ") or line.startswith(b"==% "):
            escaped = line.startswith(b"==%")
            name = line.split(b" ", 1)[1]
            cur = [line, name, [], escaped]
            sections.append(cur)
        elif cur is None:
            head.append(line)
        elif cur[1] == b"check":
            if line.strip():
                checks.append((line[:1], unescape(line[2:])))
        else:
            cur[2].append(line)
    out = []
    for header, name, body, escaped in sections:
        if name == b"check":
            continue
        text = b"".join(l + b"\n" for l in body)
        out.append((header, name, unescape(text) if escaped else text))
    return head, out, checks


def answer(case):
    data = case.read_bytes()
    head, sections, checks = parse(data)
    with tempfile.TemporaryDirectory() as tmp:
        home = os.path.join(tmp, "home")
        work = os.path.join(tmp, "work")
        os.makedirs(os.path.join(home, ".config"))
        env = dict(os.environ, HOME=home, XDG_CONFIG_HOME=os.path.join(home, ".config"), GIT_CONFIG_NOSYSTEM="1")
        env.pop("GIT_DIR", None)
        subprocess.run(["git", "init", "-q", work], check=True, env=env)
        for _, path in checks:
            full = os.path.join(work.encode(), path)
            if path.endswith(b"/"):
                os.makedirs(full, exist_ok=True)
            else:
                os.makedirs(os.path.dirname(full), exist_ok=True)
                open(full, "ab").close()
        for _, name, text in sections:
            if name == b"~ignorecase":
                subprocess.run(["git", "-C", work, "config", "core.ignoreCase", "true"], check=True, env=env)
                continue
            if name == b"~excludes":
                full = os.path.join(home.encode(), b"excludes")
                subprocess.run(["git", "-C", work, "config", "core.excludesFile", full.decode()], check=True, env=env)
            else:
                full = os.path.join(work.encode(), name)
                os.makedirs(os.path.dirname(full), exist_ok=True)
            with open(full, "wb") as f:
                f.write(text)
        asked = b"".join(p.rstrip(b"/") + b"\0" for _, p in checks)
        r = subprocess.run(["git", "-C", work, "check-ignore", "--no-index", "-z", "--stdin"], input=asked,
                           capture_output=True, env=env)
        if r.returncode not in (0, 1):
            sys.exit(f"{case}: git check-ignore: {r.stderr.decode(errors='replace')}")
        ignored = set(r.stdout.split(b"\0"))
    # Rewrite the check section's verdicts in place.
    lines = data.split(b"\n")
    in_check = False
    i = 0
    for k, line in enumerate(lines):
        if line.startswith(b"== ") or line.startswith(b"==% "):
            in_check = line.split(b" ", 1)[1] == b"check"
            continue
        if in_check and line.strip():
            path = checks[i][1]
            i += 1
            lines[k] = (b"x" if path.rstrip(b"/") in ignored else b"-") + line[1:]
    new = b"\n".join(lines)
    if new != data:
        case.write_bytes(new)
        print(f"{case.name}: answers written")


def main():
    cases = [pathlib.Path(a) for a in sys.argv[1:]] or sorted(HERE.glob("*.case"))
    for case in cases:
        answer(case)


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Runs a test that may skip itself (exit 77) and reports it to meson as TAP,
so that a skip says why in `meson test`'s summary and not only
"exit status 77" (meson's `exitcode` protocol prints nothing more).

The program's output goes to stderr as it comes (it is the test's log);
stdout carries only TAP. Exit 0 is `ok`, 77 a skipped plan whose reason is
the last line the program printed that mentions a skip ("SKIP: ...",
"skipped: ...", by this project's habit), anything else `not ok` with the
status. Debian 12's meson (1.0) reads a skipped plan's reason but does not
print it; it does print, under the SKIP line, a line of stdout that is not
TAP, so the reason is written once more as such a line.

usage: tap_skip.py PROGRAM [ARG ...]   (in meson: protocol : 'tap')
"""
import os
import re
import signal
import subprocess
import sys
import threading

SKIP = 77


def relay(stream, seen):
    """Copies the program's output to stderr line by line and keeps the lines that mention a skip."""
    for raw in iter(stream.readline, b""):
        sys.stderr.buffer.write(raw)
        sys.stderr.buffer.flush()
        line = raw.decode("utf-8", errors="replace").strip()
        if re.search(r"skip", line, re.IGNORECASE):
            seen.append(line)


def reason_of(lines):
    if not lines:
        return "exit status 77, no reason printed"
    # "SKIP: why", "skipped: why" and "x: why: skipped" all read as "why".
    why = re.sub(r"^(skip(ped)?\b\W*)", "", lines[-1], flags=re.IGNORECASE)
    why = re.sub(r"[\s:;,.-]*\bskipped[\s.]*$", "", why, flags=re.IGNORECASE)
    return why.replace("#", "").strip() or lines[-1]


def main(argv):
    if len(argv) < 2:
        print(__doc__.strip().splitlines()[-1], file=sys.stderr)
        return 2
    # Unbuffered Python output: the log keeps the order of stdout and stderr.
    proc = subprocess.Popen(argv[1:], stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                            env=dict(os.environ, PYTHONUNBUFFERED="1"))
    # meson ends a test that runs out of time with SIGTERM: pass it on.
    signal.signal(signal.SIGTERM, lambda *_: proc.terminate())
    seen = []
    reader = threading.Thread(target=relay, args=(proc.stdout, seen), daemon=True)
    reader.start()
    status = proc.wait()
    # A child the program left running may hold the pipe open: do not wait for it long.
    reader.join(timeout=5)
    print("TAP version 14")
    if status == 0:
        print("1..1")
        print("ok 1")
    elif status == SKIP:
        why = reason_of(seen)
        print(f"1..0 # SKIP {why}")
        print(f"skipped: {why}")
    else:
        print("1..1")
        print(f"not ok 1 - {'killed by signal ' + str(-status) if status < 0 else 'exit status ' + str(status)}")
    sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

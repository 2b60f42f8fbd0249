#!/usr/bin/env python3
"""Neovim's TUI starts and draws a file, in a pseudo-terminal: the UI process
runs its server as `nvim --embed` from its own executable (an unpacked
Neovim run through a bare dynamic loader could not: debian_nvim.sh), shows
the file, and quits on `:qa!` with status 0.

usage: tui_check.py NVIM FILE   (exit 0 on success, 1 with what it saw)
"""
import os
import pty
import re
import select
import sys
import time


def read_for(fd, seconds, out):
    end = time.time() + seconds
    while time.time() < end:
        ready, _, _ = select.select([fd], [], [], 0.1)
        if ready:
            try:
                data = os.read(fd, 65536)
            except OSError:
                return False
            if not data:
                return False
            out.extend(data)
    return True


def main():
    nvim, path = sys.argv[1], sys.argv[2]
    with open(path, encoding="utf-8") as f:
        first = next((line.strip() for line in f if line.strip()), "")
    pid, fd = pty.fork()
    if pid == 0:
        os.environ["TERM"] = "xterm-256color"
        os.execvp(nvim, [nvim, "--clean", "-n", path])
    out = bytearray()
    # The first screen: the UI asks the terminal questions and draws the buffer.
    read_for(fd, 8, out)
    os.write(fd, b"\x1b:qa!\r")
    read_for(fd, 5, out)
    _, status = os.waitpid(pid, 0)
    # Colours and the like between a line's pieces: the text as drawn, for the check below.
    text = re.sub(r"\x1b\[[0-9;:?<>=]*[ -/]*[@-~]", "", out.decode("utf-8", "replace"))
    failures = []
    if not (os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0):
        failures.append(f"exit status {status}")
    if "unrecognized option" in text or "--embed" in text:
        failures.append("the UI could not start its server")
    if first[:20] not in text:
        failures.append(f"the file's first line ({first[:20]!r}) was not drawn")
    for f in failures:
        print("FAIL tui:", f)
    if failures:
        print(repr(text[-800:]))
        return 1
    print("ok tui: drew the file and quit")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""`python -m gradguard ARGS...`: the same as running `gradguard ARGS...`."""
import os
import sys

from gradguard import find_gradguard_bin


def main():
    path = find_gradguard_bin()
    if sys.platform == "win32":
        import subprocess
        sys.exit(subprocess.call([path, *sys.argv[1:]]))
    # exec: the program's exit status, signals and stdio are the caller's
    # (the language server speaks on stdout).
    os.execv(path, [path, *sys.argv[1:]])


if __name__ == "__main__":
    main()

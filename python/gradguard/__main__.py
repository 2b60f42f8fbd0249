"""`python -m gradguard ARGS...`: the same as running `gradguard ARGS...`;
`python -m gradguard run SCRIPT ARGS...` runs a program under gradguard.probe
(in this interpreter, which has the program's torch)."""
import os
import sys

from gradguard import find_gradguard_bin


def main():
    if len(sys.argv) > 1 and sys.argv[1] == "run":
        from gradguard.probe_run import main as run_main
        sys.exit(run_main(sys.argv[2:]))
    path = find_gradguard_bin()
    if sys.platform == "win32":
        import subprocess
        sys.exit(subprocess.call([path, *sys.argv[1:]]))
    # exec: the program's exit status, signals and stdio are the caller's
    # (the language server speaks on stdout).
    os.execv(path, [path, *sys.argv[1:]])


if __name__ == "__main__":
    main()

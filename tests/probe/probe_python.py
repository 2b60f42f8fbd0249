"""The interpreter the probe's tests run: this one when it imports torch, else
Debian's /usr/bin/python3 (python3-torch); None when neither has torch."""
import os
import subprocess
import sys

SKIP = 77
HERE = os.path.dirname(os.path.abspath(__file__))
SOURCE_PYTHON = os.path.join(HERE, "..", "..", "python")


def find():
    for python in (sys.executable, "/usr/bin/python3"):
        if python and os.path.exists(python) and subprocess.run(
                [python, "-c", "import torch"], capture_output=True).returncode == 0:
            return python
    return None


def env():
    """The environment that imports gradguard from the source tree."""
    e = dict(os.environ)
    e["PYTHONPATH"] = os.path.abspath(SOURCE_PYTHON) + (os.pathsep + e["PYTHONPATH"] if e.get("PYTHONPATH") else "")
    e.pop("PYTHONSTARTUP", None)
    return e


def require():
    """The interpreter, or exit 77 (skipped) saying why."""
    python = find()
    if not python:
        print("SKIP: no python3 that imports torch (apt-get install python3-torch)")
        sys.exit(SKIP)
    return python

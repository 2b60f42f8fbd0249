"""gradguard's wheel: the program is a native executable that pip puts in the
environment's scripts folder (bin/); this package only finds it, for
`python -m gradguard` and for tools that want its path."""
import os
import sys
import sysconfig

__all__ = ["find_gradguard_bin"]


def find_gradguard_bin():
    """The path of the gradguard program this package was installed with."""
    exe = "gradguard.exe" if sys.platform == "win32" else "gradguard"
    candidates = [sysconfig.get_path("scripts")]
    # pip install --user puts scripts under the user scheme instead.
    user_scheme = {"posix": "posix_user", "nt": "nt_user"}.get(os.name)
    if user_scheme and user_scheme in sysconfig.get_scheme_names():
        candidates.append(sysconfig.get_path("scripts", scheme=user_scheme))
    # A --target or --prefix install: bin/ beside the lib/pythonX.Y/site-packages above us.
    here = os.path.dirname(os.path.abspath(__file__))
    candidates.append(os.path.join(here, "..", "..", "..", "..", "bin"))
    for folder in candidates:
        path = os.path.join(folder, exe)
        if os.path.isfile(path) and os.access(path, os.X_OK):
            return os.path.normpath(path)
    raise FileNotFoundError(f"{exe} not found in {', '.join(candidates)}")

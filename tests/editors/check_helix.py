"""editors/helix/languages.toml: valid TOML with the gradguard server wired to
Python and log files. Helix itself is not in Debian 12, so this is what can be
checked without it (and `hx --health` runs too where hx is installed)."""
import shutil
import subprocess
import sys
import tempfile
import tomllib
from pathlib import Path

path = Path(__file__).resolve().parents[2] / "editors" / "helix" / "languages.toml"
config = tomllib.loads(path.read_text(encoding="utf-8"))
errors = []
server = config.get("language-server", {}).get("gradguard", {})
if server.get("command") != "gradguard" or server.get("args") != ["lsp"]:
    errors.append(f"language-server.gradguard runs {server.get('command')} {server.get('args')}")
languages = {lang["name"]: lang for lang in config.get("language", [])}
for name in ("python", "gradguard-log"):
    if "gradguard" not in languages.get(name, {}).get("language-servers", []):
        errors.append(f"language {name} does not use gradguard")
log = languages.get("gradguard-log", {})
if log.get("language-id") != "log" or set(log.get("file-types", [])) != {"log", "err", "out"}:
    errors.append(f"gradguard-log: language-id {log.get('language-id')}, file-types {log.get('file-types')}")

hx = shutil.which("hx") or shutil.which("helix")
if hx and not errors:
    # hx reads ~/.config/helix/languages.toml; point it at ours in a scratch HOME.
    with tempfile.TemporaryDirectory() as home:
        target = Path(home) / ".config" / "helix"
        target.mkdir(parents=True)
        shutil.copy(path, target / "languages.toml")
        run = subprocess.run([hx, "--health", "python"], capture_output=True, text=True, timeout=60,
                             env={"HOME": home, "XDG_CONFIG_HOME": str(Path(home) / ".config"), "PATH": "/usr/bin:/bin"})
        if "gradguard" not in run.stdout:
            errors.append(f"hx --health python does not list gradguard:\n{run.stdout}{run.stderr}")

for error in errors:
    print(f"FAIL: {error}")
print("ok" if not errors else f"{len(errors)} failed", "-", path, "(hx: %s)" % (hx or "not installed"))
sys.exit(1 if errors else 0)

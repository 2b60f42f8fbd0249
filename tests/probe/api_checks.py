"""Run by test_probe_api.py in an interpreter with torch: the probe's Python
interface (watch, install/report/uninstall as a notebook uses them) and its
output formats. Prints one line per failure; exits 1 on any."""
import io
import json
import os
import sys
import tempfile

import torch

from gradguard import probe, probe_output

failures = []


def check(cond, what):
    if not cond:
        failures.append(what)


def eval_loop(model, n):
    for _ in range(n):
        model(torch.randn(2, 8))


model = torch.nn.Linear(8, 4).eval()

# watch(): the block only; findings() as dicts; nothing printed or written when asked.
with tempfile.TemporaryDirectory() as tmp:
    os.chdir(tmp)
    with probe.watch(report=None, write=False) as p:
        eval_loop(model, 3)
    eval_loop(model, 2)  # after the block: not seen
    found = p.findings()
    check([f["code"] for f in found] == ["GG001"], f"watch: findings {found}")
    check(found and found[0]["runtime"]["calls"] == 3, f"watch: calls {found and found[0]['runtime']}")
    check(found and found[0]["function"] == "eval_loop", "watch: the site's function")
    check(not os.path.exists(".gradguard"), "watch(write=False) wrote .gradguard/")
    check(probe.current() is None, "watch left the probe installed")

    # install() from a notebook: report() at any time, uninstall() writes runtime.json.
    p = probe.install(report_at_exit=False)
    check(probe.install() is p, "install() twice: a second probe")
    with torch.no_grad():
        eval_loop(model, 2)
    out = io.StringIO()
    probe.report("concise", out)
    check(out.getvalue() == "", f"clean so far, yet: {out.getvalue()!r}")
    eval_loop(model, 4)
    out = io.StringIO()
    probe.report("concise", out)
    lines = out.getvalue().splitlines()
    check(len(lines) == 2 and " GG001 model(torch.randn(2, 8)) at api_checks.py:" in lines[0] and
          "kept 256 bytes of activations over 4 calls for a backward that never came" in lines[0] and
          lines[1] == "Found 1 finding at run time.", f"concise: {lines}")
    sys.stderr = io.StringIO()
    probe.uninstall(fmt=None)
    sys.stderr = sys.__stderr__
    with open(os.path.join(tmp, ".gradguard", "runtime.json"), encoding="utf-8") as f:
        doc = json.load(f)
    check(doc["version"] == 1 and doc["tool"] == "gradguard.probe" and doc["steps"] == 6, f"runtime.json head {doc}")
    check(len(doc["findings"]) == 1 and doc["findings"][0]["filename"].endswith("api_checks.py"),
          f"runtime.json findings {doc['findings']}")
    # One site: its clean calls (under no_grad) and the others, counted apart.
    site = doc["sites"][0]["runtime"] if len(doc["sites"]) == 1 else {}
    check(site.get("calls") == 6 and site.get("grad_enabled_calls") == 4 and site.get("bytes_kept") == 256,
          f"runtime.json sites: {doc['sites']}")

    # The formats, on the probe just removed.
    for fmt in probe_output.FORMATS:
        out = io.StringIO()
        p.report(fmt, out, root=os.path.dirname(os.path.abspath(__file__)))
        text = out.getvalue()
        if fmt == "json":
            rows = json.loads(text)
            check(len(rows) == 1 and set(rows[0]) == {"code", "message", "filename", "location", "end_location",
                                                      "fix", "noqa_row", "url", "runtime"},
                  f"json rows {rows}")
            check(rows and rows[0]["filename"] == "api_checks.py", f"json filename relative to root: {rows}")
        elif fmt == "sarif":
            log = json.loads(text)
            run = log["runs"][0]
            check(log["version"] == "2.1.0" and [r["id"] for r in run["tool"]["driver"]["rules"]] == ["GG001", "GG002"]
                  and run["results"][0]["ruleId"] == "GG001" and run["columnKind"] == "utf16CodeUnits",
                  f"sarif {text[:300]}")
        elif fmt == "github":
            check(text.startswith("::warning title=gradguard (GG001),file=api_checks.py,line=") and
                  "::api_checks.py:" in text, f"github {text}")

    # runtime.json keeps what an earlier run measured in files this run did not go through.
    other = {"version": 1, "findings": [{"code": "GG001", "filename": "elsewhere.py", "line": 3}],
             "sites": [{"filename": "elsewhere.py", "line": 3}]}
    with open(os.path.join(tmp, ".gradguard", "runtime.json"), "w", encoding="utf-8") as f:
        json.dump(other, f)
    p.write_runtime_json()
    with open(os.path.join(tmp, ".gradguard", "runtime.json"), encoding="utf-8") as f:
        doc = json.load(f)
    files = sorted({s["filename"] for s in doc["sites"]})
    check(len(files) == 2 and "elsewhere.py" in files, f"merge: {files}")
    os.chdir("/")

for f in failures:
    print("FAIL", f)
sys.exit(1 if failures else 0)

"""What gradguard.probe found, in gradguard check's formats and in .gradguard/runtime.json.

The formats are those of `gradguard check --output-format` (docs/output-formats.md):
concise `path:row:col: CODE message`, json (ruff's rows, with a `runtime`
member holding the measured figures), sarif (SARIF 2.1.0, columns in UTF-16
code units), github (workflow commands). Rows and columns are 1-based; a
column is a code point's, one past the last for an end.

.gradguard/runtime.json (docs/probe.md) is what `gradguard check` and the
language server read to mark a static finding confirmed and to report what
the analysis missed.
"""
import json
import linecache
import os
import sys
import tempfile

RULE_DOCS = "https://github.com/gradguard/gradguard/blob/main/docs/rules/"
RULES = {
    "GG001": ("eval-forward-with-grad", "A model forward pass in evaluation code runs with gradient tracking enabled."),
    "GG002": ("graph-accumulation", "Tensors that carry their autograd history are kept across iterations."),
}
FORMATS = ("concise", "json", "sarif", "github")
RUNTIME_JSON_VERSION = 1


def human_bytes(n):
    """Decimal units, one decimal: 1.3 GB, 512.0 kB, 12 bytes."""
    if n < 1000:
        return "%d byte%s" % (n, "" if n == 1 else "s")
    for unit in ("kB", "MB", "GB", "TB"):
        n /= 1000.0
        if n < 1000 or unit == "TB":
            return "%.1f %s" % (n, unit)
    return "%.1f TB" % n


def _plural(n, word):
    return "%d %s%s" % (n, word, "" if n == 1 else "s")


def _where(site, root):
    """The site's file: relative to root when under it, else absolute."""
    path = os.path.realpath(site.filename) if os.path.isabs(site.filename) or os.path.exists(site.filename) \
        else site.filename
    return _relative(path, root)


def _relative(path, root):
    """path relative to root when under it, else as it is."""
    if root and os.path.isabs(path):
        try:
            if os.path.commonpath([root, path]) == root:
                return os.path.relpath(path, root)
        except ValueError:
            pass
    return path


def _label(site):
    return site.call or "%s(...)" % (site.module or "module")


def _gg001(site):
    """The GG001 figure of site, or None: an eval-mode forward with grad on kept bytes no backward read."""
    kept = site.bytes_kept
    if kept <= 0 or site.saving_calls == 0:
        return None
    return "kept %s of activations over %s for a backward that never came" % (
        human_bytes(kept), _plural(site.saving_calls, "call"))


def _gg002(site):
    if site.alive_max < _min_alive():
        return None
    held = ("%s saved for backward" % human_bytes(site.alive_bytes) if site.alive_bytes else
            "their nodes only: a backward freed what they saved")
    return "the autograd graphs of %s (%s) were still alive at call %d" % (
        _plural(site.alive_max, "earlier call"), held, site.alive_call)


def _min_alive():
    from gradguard.probe import GG002_MIN_ALIVE
    return GG002_MIN_ALIVE


def _at(site, root):
    """Where a message says the site is: "eval.py:42", or "eval.ipynb (a cell's line 3)" in a notebook."""
    if site.cell is None:
        return "%s:%d" % (os.path.basename(_where(site, root)), site.line)
    return "%s (a cell's line %d)" % (os.path.basename(site.notebook) if site.notebook else "a notebook", site.line)


def _cell_members(entry, site, root):
    """entry with the members that place a notebook cell's site (docs/probe.md): its source, its notebook."""
    if site.cell is not None:
        entry["cell"] = site.cell
        if site.notebook:
            entry["notebook"] = _relative(site.notebook, root)
    return entry


def _finding(code, site, figure, root):
    where = _where(site, root)
    if code == "GG001":
        extra = " (eval mode, grad enabled, %s; at most %s in one call)" % (
            "parameters require grad" if site.params_require_grad else "parameters frozen, inputs require grad",
            human_bytes(site.bytes_peak))
    else:
        extra = "; keep .item() or .detach() of what outlives the iteration"
    message = "%s at %s %s%s" % (_label(site), _at(site, root), figure, extra)
    if code == "GG002":
        message = "%s at %s: %s%s" % (_label(site), _at(site, root), figure, extra)
    return _cell_members({
        "code": code,
        "message": message,
        "figure": figure,
        "filename": where,
        "line": site.line,
        "column": site.column or 1,
        "end_line": site.end_line or site.line,
        "end_column": site.end_column or ((site.column or 1) + (len(site.call) if site.call else 0)),
        "function": site.function,
        "function_lines": list(site.function_lines),
        "call": _label(site),
        "text": site.text,
        "runtime": _figures(site),
    }, site, root)


def _figures(site):
    return {
        "module": site.module,
        "calls": site.calls,
        "eval_calls": site.eval_calls,
        "grad_enabled_calls": site.grad_calls,
        "params_require_grad": site.params_require_grad,
        "saving_calls": site.saving_calls,
        "bytes_total": site.bytes_total,
        "bytes_kept": site.bytes_kept,
        "bytes_peak": site.bytes_peak,
        "first_step": site.first_step,
        "last_step": site.last_step,
        "alive_max": site.alive_max,
        "alive_bytes": site.alive_bytes,
        "alive_call": site.alive_call,
    }


def findings(probe, root=None):
    """The findings of probe: GG001 and GG002 dicts, by file, line and code."""
    root = _root(root)
    out = []
    for site in list(probe.sites.values()):
        for code, figure in (("GG001", _gg001(site)), ("GG002", _gg002(site))):
            if figure:
                out.append(_finding(code, site, figure, root))
    out.sort(key=lambda f: (f["filename"], f["line"], f["column"], f["code"]))
    return out


def _root(root):
    return os.path.realpath(root if root else os.getcwd())


def _utf16_column(filename, line, column, root):
    """A code point column of a file's line in UTF-16 code units (SARIF's columnKind)."""
    path = filename if os.path.isabs(filename) else os.path.join(root, filename)
    text = linecache.getline(path, line)
    prefix = text[:column - 1]
    return 1 + sum(2 if ord(c) > 0xFFFF else 1 for c in prefix) + max(0, column - 1 - len(prefix))


def _json_rows(found):
    rows = []
    for f in found:
        rows.append({
            "code": f["code"],
            "message": f["message"],
            "filename": f["filename"],
            "location": {"row": f["line"], "column": f["column"]},
            "end_location": {"row": f["end_line"], "column": f["end_column"]},
            "fix": None,
            "noqa_row": f["line"],
            "url": RULE_DOCS + f["code"] + ".md",
            "runtime": f["runtime"],
        })
    return rows


def _version():
    try:
        from importlib import metadata
        return metadata.version("gradguard")
    except Exception:  # run from the source tree: no installed distribution
        return "0+source"


def _sarif(found, root):
    __version__ = _version()
    codes = sorted(RULES)
    results = []
    for f in found:
        results.append({
            "ruleId": f["code"], "ruleIndex": codes.index(f["code"]), "level": "warning",
            "message": {"text": f["message"]},
            "locations": [{"physicalLocation": {
                "artifactLocation": ({"uri": f["filename"], "uriBaseId": "%SRCROOT%"}
                                     if not os.path.isabs(f["filename"]) else
                                     {"uri": "file://" + f["filename"]}),
                "region": {"startLine": f["line"],
                           "startColumn": _utf16_column(f["filename"], f["line"], f["column"], root),
                           "endLine": f["end_line"],
                           "endColumn": _utf16_column(f["filename"], f["end_line"], f["end_column"], root)},
            }}],
            "properties": {"runtime": f["runtime"]},
        })
    return {
        "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
        "version": "2.1.0",
        "runs": [{
            "tool": {"driver": {
                "name": "gradguard", "version": __version__, "semanticVersion": __version__,
                "informationUri": "https://github.com/gradguard/gradguard",
                "rules": [{"id": c, "name": RULES[c][0], "shortDescription": {"text": RULES[c][1]},
                           "helpUri": RULE_DOCS + c + ".md", "defaultConfiguration": {"level": "warning"}}
                          for c in codes],
            }},
            "columnKind": "utf16CodeUnits",
            "originalUriBaseIds": {"%SRCROOT%": {"uri": "file://" + os.path.join(root, "")}},
            "results": results,
            "invocations": [{"executionSuccessful": True}],
        }],
    }


def _github_escape(s, prop):
    s = s.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")
    return s.replace(":", "%3A").replace(",", "%2C") if prop else s


def print_report(probe, fmt, file, root=None):
    """The findings of probe in fmt (FORMATS) on file; concise says `Found N findings at run time.` after them."""
    if fmt not in FORMATS:
        raise ValueError("unknown output format %r (%s)" % (fmt, ", ".join(FORMATS)))
    root = _root(root)
    found = findings(probe, root)
    if fmt == "json":
        file.write(json.dumps(_json_rows(found), indent=2) + "\n")
    elif fmt == "sarif":
        file.write(json.dumps(_sarif(found, root), indent=2) + "\n")
    elif fmt == "github":
        for f in found:
            where = "%s:%d:%d" % (f["filename"], f["line"], f["column"])
            file.write("::warning title=gradguard (%s),file=%s,line=%d,col=%d,endLine=%d,endColumn=%d::%s\n" % (
                f["code"], _github_escape(f["filename"], True), f["line"], f["column"], f["end_line"],
                f["end_column"], _github_escape("%s: %s %s" % (where, f["code"], f["message"]), False)))
    else:
        for f in found:
            file.write("%s:%d:%d: %s %s\n" % (f["filename"], f["line"], f["column"], f["code"], f["message"]))
        if found:
            file.write("Found %s at run time.\n" % _plural(len(found), "finding"))
    file.flush()


def runtime_document(probe, root=None, command=None):
    """The content of .gradguard/runtime.json (docs/probe.md describes each member)."""
    root = _root(root)
    sites = []
    for site in probe.sites.values():
        if not site.eval_calls and site.alive_max == 0:
            continue
        sites.append(_cell_members({
            "filename": _where(site, root), "line": site.line, "column": site.column or 1,
            "end_line": site.end_line or site.line, "end_column": site.end_column or (site.column or 1),
            "function": site.function, "function_lines": list(site.function_lines),
            "call": _label(site), "text": site.text, "runtime": _figures(site),
        }, site, root))
    sites.sort(key=lambda s: (s["filename"], s["line"], s["column"]))
    return {
        "version": RUNTIME_JSON_VERSION,
        "tool": "gradguard.probe",
        "torch": probe.torch_version,
        "python": "%d.%d.%d" % sys.version_info[:3],
        "command": list(command) if command is not None else list(sys.argv),
        "root": root,
        "steps": probe.steps,
        "findings": findings(probe, root),
        "sites": sites,
    }


def _merge(doc, path):
    """doc with the findings and sites of the runtime.json at path about files this run did not go through:
    running eval.py, then test.py, leaves what each measured in its own files."""
    try:
        with open(path, encoding="utf-8") as f:
            old = json.load(f)
        if not isinstance(old, dict) or old.get("version") != RUNTIME_JSON_VERSION:
            return doc
    except (OSError, ValueError):
        return doc
    ran = {s["filename"] for s in doc["sites"]} | {f["filename"] for f in doc["findings"]}
    for key in ("findings", "sites"):
        kept = [e for e in old.get(key) or [] if isinstance(e, dict) and e.get("filename") not in ran]
        doc[key] = sorted(doc[key] + kept, key=lambda e: (str(e.get("filename")), e.get("line") or 0,
                                                           e.get("column") or 0, str(e.get("code"))))
    return doc


def write_runtime_json(probe, root=None, command=None):
    """Writes ROOT/.gradguard/runtime.json whole (a temporary file renamed over it); returns its path."""
    root = _root(root)
    folder = os.path.join(root, ".gradguard")
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, "runtime.json")
    doc = _merge(runtime_document(probe, root, command), path)
    fd, tmp = tempfile.mkstemp(prefix=".runtime-", suffix=".json", dir=folder)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            json.dump(doc, f, indent=1)
            f.write("\n")
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    return path

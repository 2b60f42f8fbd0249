#!/usr/bin/env python3
"""Runs LSP transcript files against a gradguard binary.

    run_transcripts.py [options] BINARY DIR_OR_FILE...

Each *.json file is one case (see README.md for the format). Prints one line
per case, "ok" or "FAIL" with the reason, and exits 1 if any case failed
(2 on a usage error or when no case was found). Python 3 standard library only.
"""

import argparse
import base64
import concurrent.futures
import copy
import json
import os
import re
import shutil
import signal
import sys
import tempfile
import time
import urllib.parse

sys.dont_write_bytecode = True  # keep the source tree clean
REPO_ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import lsp_client  # noqa: E402

SANITIZER_MARKERS = ("ERROR: AddressSanitizer", "ERROR: LeakSanitizer", "runtime error:")

# A push client: it does not declare textDocument.diagnostic, so the server
# publishes diagnostics (a client that pulls is not pushed to; see
# transcripts/diagnostics-pull-client-not-pushed.json).
DEFAULT_INIT_PARAMS = {
    "processId": None,
    "clientInfo": {"name": "gradguard-transcripts", "version": "1"},
    "rootUri": None,
    "capabilities": {
        "textDocument": {
            "synchronization": {"didSave": True, "dynamicRegistration": False},
            "publishDiagnostics": {"relatedInformation": True, "versionSupport": True,
                                   "codeDescriptionSupport": True, "dataSupport": True},
        },
        "window": {"workDoneProgress": False},
    },
}

STEP_KEYS = {
    "send": {"ascii", "body_size", "chunk_size", "chunk_delay_ms"},
    "send_body": {"headers"},
    "send_body_b64": {"headers"},
    "send_raw": set(),
    "send_raw_b64": set(),
    "send_many": {"ascii"},
    "expect": {"timeout_ms", "raw_regex", "raw_contains", "optional", "note"},
    "expect_exit": {"timeout_ms"},
    "expect_silence_ms": set(),
    "expect_stderr": {"timeout_ms"},
    "expect_stderr_count": set(),
    "sleep_ms": set(),
    "close_stdin": set(),
    "handshake": {"expect_result"},
    "ping": set(),
    "shutdown_exit": set(),
    "pause_reading": set(),
    "resume_reading": set(),
    "write_file": set(),
    "remove_file": set(),
}


class CaseError(Exception):
    """A step failed (the server did not do what the case expects)."""


class CaseBug(Exception):
    """The case file itself is malformed."""


# -- macros in sent values -------------------------------------------------

def expand(v, tmp=None):
    """Expands the value macros of sent content: $lines, $lines_crlf, $repeat, $concat, $json, $path, $tmp.

    tmp is the case's own copy of its workspace (None when the case has none).
    """
    if isinstance(v, list):
        return [expand(x, tmp) for x in v]
    if not isinstance(v, dict):
        return v
    if "$lines" in v or "$lines_crlf" in v:
        key = "$lines" if "$lines" in v else "$lines_crlf"
        sep = "\n" if key == "$lines" else "\r\n"
        lines = [expand(x, tmp) for x in v[key]]
        return "".join(line + sep for line in lines)
    if "$repeat" in v:
        return expand(v["$repeat"], tmp) * int(v.get("count", 1))
    if "$concat" in v:
        return "".join(str(expand(x, tmp)) for x in v["$concat"])
    if "$json" in v:
        return json.dumps(expand(v["$json"], tmp), ensure_ascii=False, separators=(",", ":"))
    if "$path" in v or "$uri" in v:
        # A file of the source tree, wherever it is checked out: "$path" absolute, "$uri" as file:// URI.
        path = os.path.join(REPO_ROOT, v.get("$path", v.get("$uri")))
        return path if "$path" in v else "file://" + urllib.parse.quote(path)
    if "$tmp" in v or "$tmp_uri" in v:
        # A file of the case's copy of its workspace ("" for the folder itself).
        if tmp is None:
            raise CaseBug('"$tmp" needs a case with a "workspace"')
        path = tmp_path(tmp, v.get("$tmp", v.get("$tmp_uri")))
        return path if "$tmp" in v else "file://" + urllib.parse.quote(path)
    return {k: expand(x, tmp) for k, x in v.items()}


def tmp_path(tmp, rel):
    """rel inside the case's workspace copy; a path that leaves it is a bug in the case."""
    path = os.path.normpath(os.path.join(tmp, rel))
    if path != tmp and not path.startswith(tmp + os.sep):
        raise CaseBug("%r is outside the case's workspace" % rel)
    return path


# -- matching ------------------------------------------------------------------

OPERATORS = {"$absent", "$contains", "$one_of", "$all_of", "$regex", "$type", "$exact", "$not"}


def is_operator(e):
    return isinstance(e, dict) and len(e) == 1 and next(iter(e)) in OPERATORS


def short(v, limit=160):
    t = json.dumps(v, ensure_ascii=False)
    return t if len(t) <= limit else t[:limit] + "..."


def type_name(v):
    if v is None:
        return "null"
    if isinstance(v, bool):
        return "boolean"
    if isinstance(v, int):
        return "integer"
    if isinstance(v, float):
        return "number"
    if isinstance(v, str):
        return "string"
    if isinstance(v, list):
        return "array"
    return "object"


def strict_equal(a, b):
    if isinstance(a, bool) or isinstance(b, bool):
        return isinstance(a, bool) and isinstance(b, bool) and a == b
    if isinstance(a, (int, float)) and isinstance(b, (int, float)):
        return a == b
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(strict_equal(a[k], b[k]) for k in a)
    if isinstance(a, list):
        return len(a) == len(b) and all(strict_equal(x, y) for x, y in zip(a, b))
    return a == b


def match(exp, act, path="$"):
    """Returns a list of mismatch descriptions; empty when act matches the subset exp."""
    if exp == "$any":
        return []
    if is_operator(exp):
        op, arg = next(iter(exp.items()))
        if op == "$absent":
            return ["%s: expected absent, got %s" % (path, short(act))]
        if op == "$contains":
            if not isinstance(act, list):
                return ["%s: expected an array, got %s" % (path, short(act))]
            used = set()
            out = []
            for k, e in enumerate(arg):
                for j, a in enumerate(act):
                    if j not in used and not match(e, a, path):
                        used.add(j)
                        break
                else:
                    out.append("%s: no element matches $contains[%d] %s (array: %s)" % (path, k, short(e), short(act)))
            return out
        if op == "$one_of":
            alts = [match(e, act, path) for e in arg]
            if any(not m for m in alts):
                return []
            return ["%s: matches none of $one_of %s, got %s" % (path, short(arg), short(act))]
        if op == "$all_of":
            return [m for e in arg for m in match(e, act, path)]
        if op == "$regex":
            if not isinstance(act, str) or not re.search(arg, act):
                return ["%s: expected a string matching /%s/, got %s" % (path, arg, short(act))]
            return []
        if op == "$type":
            names = arg if isinstance(arg, list) else [arg]
            t = type_name(act)
            if t in names or (t == "integer" and "number" in names):
                return []
            return ["%s: expected type %s, got %s %s" % (path, "|".join(names), t, short(act))]
        if op == "$exact":
            return [] if strict_equal(arg, act) else ["%s: expected exactly %s, got %s" % (path, short(arg), short(act))]
        if op == "$not":
            return [] if match(arg, act, path) else ["%s: expected not %s, got %s" % (path, short(arg), short(act))]
    if isinstance(exp, dict):
        if not isinstance(act, dict):
            return ["%s: expected an object, got %s" % (path, short(act))]
        out = []
        for k, e in exp.items():
            sub = "%s.%s" % (path, k)
            if is_operator(e) and "$absent" in e:
                if k in act:
                    out.append("%s: expected absent, got %s" % (sub, short(act[k])))
                continue
            if k not in act:
                out.append("%s: missing (expected %s)" % (sub, short(e)))
                continue
            out.extend(match(e, act[k], sub))
        return out
    if isinstance(exp, list):
        if not isinstance(act, list):
            return ["%s: expected an array, got %s" % (path, short(act))]
        if len(exp) != len(act):
            return ["%s: expected %d elements, got %d: %s" % (path, len(exp), len(act), short(act, 400))]
        out = []
        for k, (e, a) in enumerate(zip(exp, act)):
            out.extend(match(e, a, "%s[%d]" % (path, k)))
        return out
    if strict_equal(exp, act):
        return []
    return ["%s: expected %s, got %s" % (path, short(exp), short(act))]


def names_log_method(exp):
    return isinstance(exp, dict) and isinstance(exp.get("method"), str) and lsp_client.is_log_message(
        {"method": exp["method"]})


# -- running one case --------------------------------------------------------------

class Runner:
    def __init__(self, path, binary, opts, log_dir):
        self.path = path
        self.name = os.path.splitext(os.path.basename(path))[0]
        self.group = os.path.basename(os.path.dirname(os.path.abspath(path)))
        self.binary = binary
        self.opts = opts
        self.scale = opts.timeout_scale
        self.log_dir = log_dir
        self.consumed = set()
        self.sent_shutdown = False
        self.exited = None          # exit status once seen
        self.client = None
        self.last_send_mark = 0
        self.ping_count = 0
        self.tmp = None             # the case's copy of its "workspace", or None

    def x(self, v):
        """v with its macros expanded for this case."""
        return expand(v, self.tmp)

    def t(self, ms):
        return ms / 1000.0 * self.scale

    # -- step helpers

    def write(self, data):
        status = self.client.write_raw(data, timeout=self.t(10000))
        if status == "timeout":
            raise CaseError("writing %d bytes to the server blocked for %.0f s: it stopped reading stdin"
                            % (len(data), self.t(10000)))

    def send_obj(self, msg, ascii_only=False):
        if isinstance(msg, dict) and msg.get("method") == "shutdown":
            self.sent_shutdown = True
        self.write(lsp_client.frame(lsp_client.encode(msg, ascii_only)))

    def candidates(self, exp):
        include_logs = names_log_method(exp)
        msgs = self.client.messages
        return [m for m in msgs if m.index not in self.consumed and m.obj is not None
                and (include_logs or not lsp_client.is_log_message(m.obj))]

    def expect(self, exp, timeout_ms=5000, raw_regex=None, raw_contains=None, optional=False):
        include_logs = names_log_method(exp)
        raws = [raw_contains] if isinstance(raw_contains, str) else (raw_contains or [])

        def ok(m):
            if m.index in self.consumed or m.obj is None:
                return False
            if not include_logs and lsp_client.is_log_message(m.obj):
                return False
            if match(exp, m.obj):
                return False
            text = m.text
            if raw_regex and not re.search(raw_regex, text):
                return False
            return all(r in text for r in raws)

        found = self.client.wait_for(ok, 0, self.t(timeout_ms) if not optional else timeout_ms / 1000.0)
        if found:
            self.consumed.add(found.index)
            return
        if optional:
            return
        raise CaseError(self.explain_missing(exp, raw_regex, raws, timeout_ms))

    def explain_missing(self, exp, raw_regex, raws, timeout_ms):
        lines = ["no message matching the expectation within %.1f s" % self.t(timeout_ms)]
        if self.client.stdout_eof:
            self.client.wait_exit(1.0)
        if not self.client.alive():
            rc = self.client.proc.poll()
            lines.append("(the server exited with status %s%s)" % (rc, signal_note(rc)))
        lines.append("expected (subset): " + short(exp, 2000))
        if raw_regex:
            lines.append("and raw body matching /%s/" % raw_regex)
        for r in raws:
            lines.append("and raw body containing %r" % r)
        cands = self.candidates(exp)

        def rank(m):
            o = m.obj if isinstance(m.obj, dict) else {}
            same = 0
            if isinstance(exp, dict):
                if "id" in exp and "id" in o and not match(exp["id"], o["id"]):
                    same -= 2
                if "method" in exp and o.get("method") == exp.get("method"):
                    same -= 1
                if isinstance(exp.get("params"), dict) and isinstance(o.get("params"), dict) and \
                        "uri" in exp["params"] and o["params"].get("uri") == exp["params"]["uri"]:
                    same -= 1
            return (same, len(match(exp, m.obj)), -m.index)

        if not cands:
            lines.append("no unconsumed message was received")
        else:
            best = sorted(cands, key=rank)[0]
            lines.append("closest unconsumed message #%d: %s" % (best.index, best.summary(1500)))
            for d in match(exp, best.obj)[:12]:
                lines.append("  - " + d)
            if raw_regex and not re.search(raw_regex, best.text):
                lines.append("  - raw body does not match /%s/" % raw_regex)
            for r in raws:
                if r not in best.text:
                    lines.append("  - raw body does not contain %r" % r)
            others = [m for m in cands if m is not best][-8:]
            if others:
                lines.append("other unconsumed messages:")
                for m in others:
                    lines.append("  #%d %s" % (m.index, m.summary(200)))
        return "\n".join(lines)

    def expect_exit(self, code, timeout_ms=5000):
        rc = self.client.wait_exit(self.t(timeout_ms))
        if rc is None:
            raise CaseError("the server did not exit within %.1f s (expected exit status %s)"
                            % (self.t(timeout_ms), code))
        self.exited = rc
        if rc < 0:
            raise CaseError("the server was killed by a signal: status %d%s" % (rc, signal_note(rc)))
        if code is not None and rc != code:
            raise CaseError("the server exited with status %d, expected %d" % (rc, code))

    def expect_silence(self, ms, mark):
        def noisy(m):
            return m.obj is None or not lsp_client.is_log_message(m.obj)
        found = self.client.wait_for(noisy, mark, ms / 1000.0)
        if found:
            raise CaseError("expected silence for %d ms, got message #%d: %s" % (ms, found.index, found.summary(600)))

    def expect_stderr(self, regex, timeout_ms=5000):
        deadline = time.monotonic() + self.t(timeout_ms)
        while True:
            if re.search(regex, self.client.stderr_text()):
                return
            if time.monotonic() > deadline:
                tail = self.client.stderr_text()[-800:]
                raise CaseError("stderr never matched /%s/ within %.1f s; stderr tail:\n%s"
                                % (regex, self.t(timeout_ms), tail))
            time.sleep(0.05)

    def expect_stderr_count(self, arg):
        """stderr so far holds exactly arg["count"] lines matching arg["regex"] (how often work was done)."""
        if not isinstance(arg, dict) or set(arg) != {"regex", "count"}:
            raise CaseBug('expect_stderr_count takes {"regex": RE, "count": N}')
        lines = [l for l in self.client.stderr_text().splitlines() if re.search(arg["regex"], l)]
        if len(lines) != arg["count"]:
            raise CaseError("stderr has %d lines matching /%s/, expected %d:\n%s"
                            % (len(lines), arg["regex"], arg["count"], indent("\n".join(lines[-20:]))))

    # -- the step loop

    def run_step(self, step):
        kinds = [k for k in step if k in STEP_KEYS]
        if len(kinds) != 1:
            raise CaseBug("a step needs exactly one of %s: %s" % (sorted(STEP_KEYS), short(step)))
        kind = kinds[0]
        extra = set(step) - {kind} - STEP_KEYS[kind]
        if extra:
            raise CaseBug("unknown keys %s in step %s" % (sorted(extra), short(step)))
        arg = step[kind]
        mark = self.client.mark()
        if kind.startswith("send") or kind in ("close_stdin", "ping", "handshake", "shutdown_exit"):
            self.last_send_mark = mark

        if kind == "send":
            msg = self.x(arg)
            body_size = step.get("body_size")
            if body_size is not None:
                msg = pad_to_size(msg, body_size, step.get("ascii", False))
            if isinstance(msg, dict) and msg.get("method") == "shutdown":
                self.sent_shutdown = True
            data = lsp_client.frame(lsp_client.encode(msg, step.get("ascii", False)))
            chunk = step.get("chunk_size")
            if chunk:
                for i in range(0, len(data), chunk):
                    self.write(data[i:i + chunk])
                    time.sleep(step.get("chunk_delay_ms", 5) / 1000.0)
            else:
                self.write(data)
        elif kind in ("send_body", "send_body_b64"):
            body = self.x(arg)
            body = base64.b64decode(body) if kind == "send_body_b64" else body.encode("utf-8")
            self.write(lsp_client.frame(body, step.get("headers")))
        elif kind == "send_raw":
            self.write(self.x(arg).encode("utf-8"))
        elif kind == "send_raw_b64":
            self.write(base64.b64decode(self.x(arg)))
        elif kind == "send_many":
            data = b""
            for m in arg:
                m = self.x(m)
                if isinstance(m, dict) and m.get("method") == "shutdown":
                    self.sent_shutdown = True
                data += lsp_client.frame(lsp_client.encode(m, step.get("ascii", False)))
            self.write(data)
        elif kind == "expect":
            self.expect(arg, step.get("timeout_ms", 5000), step.get("raw_regex"), step.get("raw_contains"),
                        step.get("optional", False))
        elif kind == "expect_exit":
            self.expect_exit(arg, step.get("timeout_ms", 5000))
        elif kind == "expect_silence_ms":
            self.expect_silence(arg, self.last_send_mark)
        elif kind == "expect_stderr":
            self.expect_stderr(arg, step.get("timeout_ms", 5000))
        elif kind == "expect_stderr_count":
            self.expect_stderr_count(arg)
        elif kind == "write_file":
            if not isinstance(arg, dict) or set(arg) != {"path", "text"}:
                raise CaseBug('write_file takes {"path": REL, "text": TEXT}')
            if self.tmp is None:
                raise CaseBug('write_file needs a case with a "workspace"')
            path = tmp_path(self.tmp, arg["path"])
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "w", encoding="utf-8") as f:
                f.write(self.x(arg["text"]))
        elif kind == "remove_file":
            if self.tmp is None:
                raise CaseBug('remove_file needs a case with a "workspace"')
            os.unlink(tmp_path(self.tmp, arg))
        elif kind == "sleep_ms":
            time.sleep(arg / 1000.0)
        elif kind == "pause_reading":
            self.client.reading.clear()
        elif kind == "resume_reading":
            self.client.reading.set()
        elif kind == "close_stdin":
            if self.client.close_stdin(timeout=self.t(10000)) == "timeout":
                raise CaseError("closing stdin blocked")
        elif kind == "handshake":
            # "$uri"/"$path" in the params too (a rootUri in the source tree).
            params = self.x(deep_merge(copy.deepcopy(DEFAULT_INIT_PARAMS), arg or {}))
            self.send_obj({"jsonrpc": "2.0", "id": "handshake-initialize", "method": "initialize", "params": params})
            want = step.get("expect_result", {"capabilities": {"$type": "object"}})
            self.expect({"id": "handshake-initialize", "result": want})
            self.send_obj({"jsonrpc": "2.0", "method": "initialized", "params": {}})
        elif kind == "ping":
            # An unknown method: answered -32601 by a live, initialized server.
            self.ping_count += 1
            pid = "ping-%d" % self.ping_count
            self.send_obj({"jsonrpc": "2.0", "id": pid, "method": "gradguard/ping-unknown-method", "params": {}})
            self.expect({"id": pid, "error": {"code": -32601}})
        elif kind == "shutdown_exit":
            code = 0 if arg is True else arg
            self.send_obj({"jsonrpc": "2.0", "id": "shutdown", "method": "shutdown"})
            self.expect({"id": "shutdown", "result": None})
            self.send_obj({"jsonrpc": "2.0", "method": "exit"})
            self.expect_exit(code)

    def run(self):
        """Returns (ok, list of failure texts)."""
        failures = []
        try:
            with open(self.path, encoding="utf-8") as f:
                case = json.load(f)
            if not isinstance(case, dict) or not isinstance(case.get("steps"), list):
                raise CaseBug('a case is an object with a "steps" array')
            unknown = set(case) - {"description", "args", "steps", "timeout_ms", "auto_reply", "stdin", "workspace"}
            if unknown:
                raise CaseBug("unknown top-level keys %s" % sorted(unknown))
        except (OSError, ValueError, CaseBug) as e:
            return False, ["case file error: %s" % e]
        if "workspace" not in case:
            return self.run_case(case)
        # A copy of tests/protocol/workspaces/NAME that the case may change, removed after it.
        src = os.path.join(os.path.dirname(os.path.abspath(__file__)), "workspaces", str(case["workspace"]))
        if not os.path.isdir(src):
            return False, ["case file error: no workspace %s" % src]
        with tempfile.TemporaryDirectory(prefix="gg-workspace-") as tmp:
            self.tmp = os.path.join(os.path.realpath(tmp), os.path.basename(src))
            shutil.copytree(src, self.tmp)
            return self.run_case(case)

    def run_case(self, case):
        failures = []
        args = case.get("args", ["lsp"])
        env = dict(os.environ)
        env["ASAN_OPTIONS"] = "detect_leaks=1:abort_on_error=0"
        env["UBSAN_OPTIONS"] = "print_stacktrace=1:halt_on_error=1"
        stderr_path = os.path.join(self.log_dir, "%s.%s.stderr" % (self.group, self.name))
        stdin_bytes = None
        if "stdin" in case:
            try:
                stdin_bytes = preloaded_stdin(case["stdin"], self.tmp)
            except CaseBug as e:
                return False, ["case file error: %s" % e]
        self.client = lsp_client.LspClient([self.binary] + args, env=env, stderr_path=stderr_path,
                                           auto_reply=case.get("auto_reply", True), stdin_bytes=stdin_bytes)
        try:
            self.client.start()
        except OSError as e:
            return False, ["cannot start %s: %s" % (self.binary, e)]

        deadline = time.monotonic() + self.t(case.get("timeout_ms", 60000))
        step_failed = False
        try:
            for i, step in enumerate(case["steps"]):
                if time.monotonic() > deadline:
                    raise CaseError("the case ran past its overall time limit")
                try:
                    self.run_step(step)
                except CaseError as e:
                    failures.append("step %d %s:\n%s" % (i, short(step, 200), indent(str(e))))
                    step_failed = True
                    break
        except CaseBug as e:
            failures.append("case file error: %s" % e)
            step_failed = True

        # Every response the server sent must have been expected.
        if not step_failed:
            for m in list(self.client.messages):
                if m.index not in self.consumed and lsp_client.is_response(m.obj):
                    failures.append("unexpected response #%d: %s" % (m.index, m.summary(600)))

        # A server that went away on its own, where the case did not expect it, failed.
        rc = self.client.proc.poll()
        if rc is not None and self.exited is None and not step_failed:
            self.client.wait_exit(1.0)
            failures.append("the server exited with status %d%s although the case expected it to keep running"
                            % (rc, signal_note(rc)))

        # Tear down: a live server gets shutdown + exit and must go within 5 s.
        if self.client.alive():
            self.client.send({"jsonrpc": "2.0", "id": "teardown-shutdown", "method": "shutdown"}, timeout=2)
            self.client.send({"jsonrpc": "2.0", "method": "exit"}, timeout=2)
            rc = self.client.wait_exit(self.t(5000))
            if rc is None:
                failures.append("teardown: the server did not exit within %.1f s of shutdown+exit" % self.t(5000))
                self.client.kill()
            elif rc < 0:
                failures.append("teardown: the server was killed by a signal: %d%s" % (rc, signal_note(rc)))
            elif rc != 0 and not step_failed:
                failures.append("teardown: shutdown+exit gave exit status %d, expected 0" % rc)
        rc = self.client.proc.poll()
        if rc is not None and rc < 0 and not self.client.killed_by_harness and \
                not any("signal" in f for f in failures):
            failures.append("the server was killed by a signal: %d%s" % (rc, signal_note(rc)))
        self.client.close()

        for v in self.client.violations:
            failures.append("protocol violation: " + v)
        err = self.client.stderr_text()
        sanitizer = False
        for marker in SANITIZER_MARKERS:
            if marker in err:
                pos = err.find(marker)
                start = err.rfind("\n", 0, max(0, pos - 200)) + 1
                failures.append("sanitizer report in stderr (%s):\n%s" % (marker, indent(err[start:start + 2500])))
                sanitizer = True
                break
        if failures and not sanitizer:
            tail = err[-1500:]
            if tail.strip():
                failures.append("stderr tail (%s):\n%s" % (stderr_path, indent(tail)))
        return not failures, failures


def preloaded_stdin(items, tmp=None):
    """The bytes of a case's "stdin": each item a message to frame, or {"raw": TEXT} as it is."""
    if not isinstance(items, list):
        raise CaseBug('"stdin" is a list of messages')
    data = b""
    for item in items:
        item = expand(item, tmp)
        if isinstance(item, dict) and set(item) == {"raw"}:
            data += item["raw"].encode("utf-8")
        else:
            data += lsp_client.frame(lsp_client.encode(item))
    return data


def deep_merge(dst, src):
    """Merges src into dst: objects key by key, anything else replaced."""
    for k, v in src.items():
        if isinstance(v, dict) and isinstance(dst.get(k), dict):
            deep_merge(dst[k], v)
        else:
            dst[k] = v
    return dst


def pad_to_size(msg, size, ascii_only):
    """Fills msg["params"]["pad"] with 'a' so that the framed body is exactly size bytes."""
    try:
        msg["params"]["pad"] = ""
    except (KeyError, TypeError):
        raise CaseBug('body_size needs a message with a "params": {"pad": ""} object')
    base = len(lsp_client.encode(msg, ascii_only))
    if base > size:
        raise CaseBug("body_size %d is smaller than the message itself (%d)" % (size, base))
    msg["params"]["pad"] = "a" * (size - base)
    return msg


def signal_note(rc):
    if rc is None or rc >= 0:
        return ""
    try:
        return " (%s)" % signal.Signals(-rc).name
    except ValueError:
        return ""


def indent(text, prefix="    "):
    return "\n".join(prefix + line for line in text.rstrip("\n").split("\n"))


def collect(paths):
    files = []
    for p in paths:
        if os.path.isdir(p):
            files.extend(os.path.join(p, f) for f in sorted(os.listdir(p)) if f.endswith(".json"))
        elif os.path.isfile(p):
            files.append(p)
        else:
            raise FileNotFoundError(p)
    return files


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("binary")
    ap.add_argument("paths", nargs="+", help="directories of *.json cases, or case files")
    ap.add_argument("-k", dest="filter", action="append", default=[],
                    help="run only cases whose name contains this text (repeatable)")
    ap.add_argument("-j", dest="jobs", type=int, default=min(4, os.cpu_count() or 1))
    ap.add_argument("--timeout-scale", type=float,
                    default=float(os.environ.get("GG_TIMEOUT_SCALE", "1")),
                    help="multiply every timeout (e.g. 3 for sanitizer builds)")
    ap.add_argument("--log-dir", help="keep each case's server stderr here (default: a temp dir, kept on failure)")
    opts = ap.parse_args(argv)

    binary = os.path.abspath(opts.binary)
    if not os.access(binary, os.X_OK):
        print("error: %s is not an executable" % binary, file=sys.stderr)
        return 2
    try:
        files = collect(opts.paths)
    except FileNotFoundError as e:
        print("error: no such case or directory: %s" % e, file=sys.stderr)
        return 2
    if opts.filter:
        files = [f for f in files if any(k in os.path.basename(f) for k in opts.filter)]
    if not files:
        print("error: no cases found", file=sys.stderr)
        return 2

    log_dir = opts.log_dir or tempfile.mkdtemp(prefix="gg-transcripts-")
    os.makedirs(log_dir, exist_ok=True)
    print("# %s: %d cases, stderr logs in %s" % (os.path.basename(binary), len(files), log_dir), flush=True)

    def one(path):
        start = time.monotonic()
        try:
            ok, failures = Runner(path, binary, opts, log_dir).run()
        except Exception as e:  # a harness bug must fail the case, not the run
            import traceback
            ok, failures = False, ["harness error: %s\n%s" % (e, indent(traceback.format_exc()))]
        return path, ok, failures, time.monotonic() - start

    failed = []
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, opts.jobs)) as pool:
        for path, ok, failures, secs in pool.map(one, files):
            label = "%s/%s" % (os.path.basename(os.path.dirname(os.path.abspath(path))),
                               os.path.splitext(os.path.basename(path))[0])
            if ok:
                print("ok    %s (%.1fs)" % (label, secs), flush=True)
            else:
                failed.append(label)
                print("FAIL  %s (%.1fs)\n%s" % (label, secs, indent("\n".join(failures))), flush=True)
    print("# %d passed, %d failed%s" % (len(files) - len(failed), len(failed),
                                         (": " + ", ".join(failed)) if failed else ""))
    if not failed and not opts.log_dir:
        for f in os.listdir(log_dir):
            os.unlink(os.path.join(log_dir, f))
        os.rmdir(log_dir)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

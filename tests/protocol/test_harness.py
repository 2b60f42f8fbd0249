#!/usr/bin/env python3
"""Tests of the transcript harness itself: the matcher, and that misbehaving
servers (crash, hang, extra reply, garbage on stdout, sanitizer report) make a
case fail in bounded time. Needs no gradguard binary: the servers are small
Python fakes written to a temp dir."""

import argparse
import json
import os
import stat
import sys
import tempfile
import textwrap
import time
import unittest

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import run_transcripts as rt  # noqa: E402

FAKE = r'''
import json, os, signal, sys, time
MODE = %(mode)r

def send(obj, raw=None):
    b = raw if raw is not None else json.dumps(obj).encode()
    os.write(1, b"Content-Length: %%d\r\n\r\n" %% len(b) + b)

if MODE == "no-read":
    time.sleep(60)
buf = b""
shut = False
while True:
    chunk = os.read(0, 65536)
    if not chunk:
        sys.exit(1)
    buf += chunk
    while True:
        end = buf.find(b"\r\n\r\n")
        if end < 0:
            break
        n = int(buf[:end].split(b":")[1])
        if len(buf) < end + 4 + n:
            break
        raw = buf[end + 4:end + 4 + n]
        buf = buf[end + 4 + n:]
        msg = json.loads(raw)
        m, i = msg.get("method"), msg.get("id")
        if MODE == "crash" and m == "initialize":
            os.kill(os.getpid(), signal.SIGSEGV)
        if MODE == "hang" and m != "initialize":
            continue
        if MODE == "garbage" and m == "initialize":
            os.write(1, b"hello\n")
        if MODE == "asan" and m == "initialize":
            os.write(2, b"==1==ERROR: AddressSanitizer: heap-use-after-free\n")
        if MODE == "quit" and m == "initialized":
            sys.exit(3)
        if MODE == "float-id" and m == "gradguard/x":
            send(None, raw=b'{"jsonrpc":"2.0","id":1.2345678901234567e+19,"error":{"code":-32601,"message":"m"}}')
            continue
        if MODE == "files" and m == "gradguard/read":
            # The file at params.path, as the server would read it from disk (null: none).
            try:
                with open(msg["params"]["path"]) as f:
                    text = f.read()
            except OSError:
                text = None
            send({"jsonrpc": "2.0", "id": i, "result": text})
            continue
        if m == "exit":
            sys.exit(0 if shut else 1)
        if i is None:
            continue
        if m == "initialize":
            send({"jsonrpc": "2.0", "id": i, "result": {"capabilities": {}}})
        elif m == "shutdown":
            shut = True
            send({"jsonrpc": "2.0", "id": i, "result": None})
        else:
            send({"jsonrpc": "2.0", "id": i, "error": {"code": -32601, "message": "no"}})
            if MODE == "twice":
                send({"jsonrpc": "2.0", "id": i, "error": {"code": -32601, "message": "no"}})
'''


class MatcherTest(unittest.TestCase):
    def ok(self, exp, act):
        self.assertEqual(rt.match(exp, act), [], (exp, act))

    def bad(self, exp, act):
        self.assertNotEqual(rt.match(exp, act), [], (exp, act))

    def test_subset_objects(self):
        self.ok({"a": 1}, {"a": 1, "b": 2})
        self.bad({"a": 1, "c": 3}, {"a": 1})
        self.ok({"a": {"$absent": True}}, {"b": 1})
        self.bad({"a": {"$absent": True}}, {"a": None})
        self.ok({"a": "$any"}, {"a": [1, {}]})
        self.bad({"a": "$any"}, {})

    def test_arrays(self):
        self.ok([1, {"x": 1}], [1, {"x": 1, "y": 2}])
        self.bad([1], [1, 2])
        self.bad([], [1])
        self.ok({"$contains": [2, 1]}, [1, 2, 3])
        self.bad({"$contains": [1, 1]}, [1, 2])

    def test_scalars_are_strict(self):
        self.bad(1, True)
        self.bad(True, 1)
        self.bad("1", 1)
        self.bad(None, 0)
        self.ok(1, 1.0)
        self.bad(12345678901234567890, 1.2345678901234567e19)
        self.bad(12345678901234567890, 12345678901234567891)
        self.ok(12345678901234567890, 12345678901234567890)

    def test_operators(self):
        self.ok({"$one_of": [1, 2]}, 2)
        self.bad({"$one_of": [1, 2]}, 3)
        self.ok({"$all_of": [{"$regex": "a"}, {"$regex": "b"}]}, "xaby")
        self.bad({"$all_of": [{"$regex": "a"}, {"$regex": "b"}]}, "xa")
        self.ok({"$type": "integer"}, 5)
        self.bad({"$type": "integer"}, True)
        self.ok({"$type": ["string", "null"]}, None)
        self.ok({"$exact": {"a": 1}}, {"a": 1})
        self.bad({"$exact": {"a": 1}}, {"a": 1, "b": 2})
        self.ok({"$not": 1}, 2)

    def test_macros(self):
        self.assertEqual(rt.expand({"$lines": ["a", "b"]}), "a\nb\n")
        self.assertEqual(rt.expand({"$lines_crlf": ["a"]}), "a\r\n")
        self.assertEqual(rt.expand({"$concat": ["x", {"$repeat": "ab", "count": 2}]}), "xabab")
        self.assertEqual(rt.expand({"k": [{"$json": {"a": 1}}]}), {"k": ['{"a":1}']})

    def test_pad_to_size(self):
        m = rt.pad_to_size({"jsonrpc": "2.0", "id": 1, "method": "m", "params": {"pad": ""}}, 500, False)
        self.assertEqual(len(json.dumps(m, separators=(",", ":")).encode()), 500)


class FakeServerTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.dir = tempfile.mkdtemp(prefix="gg-harness-selftest-")

    def fake(self, mode):
        path = os.path.join(self.dir, "fake-%s" % mode)
        with open(path, "w") as f:
            f.write("#!%s\n" % sys.executable + textwrap.dedent(FAKE % {"mode": mode}))
        os.chmod(path, os.stat(path).st_mode | stat.S_IXUSR)
        return path

    def run_case(self, mode, steps, scale=0.3, **keys):
        case = os.path.join(self.dir, "case-%s.json" % mode)
        with open(case, "w") as f:
            json.dump(dict({"description": mode, "steps": steps}, **keys), f)
        opts = argparse.Namespace(timeout_scale=scale)
        start = time.monotonic()
        ok, failures = rt.Runner(case, self.fake(mode), opts, self.dir).run()
        return ok, "\n".join(failures), time.monotonic() - start

    STEPS = [{"handshake": {}}, {"ping": True}, {"shutdown_exit": 0}]

    def test_good_server_passes(self):
        ok, text, _ = self.run_case("good", self.STEPS)
        self.assertTrue(ok, text)

    def test_crash_fails(self):
        ok, text, _ = self.run_case("crash", self.STEPS)
        self.assertFalse(ok)
        self.assertIn("SIGSEGV", text)

    def test_hang_fails_in_bounded_time(self):
        ok, text, secs = self.run_case("hang", self.STEPS)
        self.assertFalse(ok)
        self.assertIn("no message matching", text)
        self.assertLess(secs, 15)

    def test_server_not_reading_cannot_block(self):
        ok, text, secs = self.run_case("no-read", [{"send_raw": {"$repeat": "X", "count": 1 << 20}}])
        self.assertFalse(ok)
        self.assertIn("stopped reading stdin", text)
        self.assertLess(secs, 15)

    def test_extra_reply_fails(self):
        ok, text, _ = self.run_case("twice", self.STEPS)
        self.assertFalse(ok)
        self.assertIn("unexpected response", text)

    def test_garbage_on_stdout_fails(self):
        ok, text, _ = self.run_case("garbage", [{"handshake": {}}])
        self.assertFalse(ok)
        self.assertIn("protocol violation", text)

    def test_sanitizer_report_fails(self):
        ok, text, _ = self.run_case("asan", self.STEPS)
        self.assertFalse(ok)
        self.assertIn("AddressSanitizer", text)

    def test_unexpected_exit_fails(self):
        ok, text, _ = self.run_case("quit", [{"handshake": {}}, {"sleep_ms": 300}])
        self.assertFalse(ok)
        self.assertIn("exited with status 3", text)

    def test_float_id_is_not_the_integer(self):
        steps = [{"handshake": {}},
                 {"send": {"jsonrpc": "2.0", "id": 12345678901234567890, "method": "gradguard/x"}},
                 {"expect": {"id": 12345678901234567890}}]
        ok, text, _ = self.run_case("float-id", steps)
        self.assertFalse(ok)
        self.assertIn("1.2345678901234567e+19", text)

    def read(self, rel, want, i):
        return [{"send": {"jsonrpc": "2.0", "id": i, "method": "gradguard/read", "params": {"path": {"$tmp": rel}}}},
                {"expect": {"id": i, "result": want}}]

    def test_workspace_copy_changed_on_disk(self):
        # The case's own copy of workspaces/watched-config: written, removed, and gone afterwards.
        seen = []
        real_copytree = rt.shutil.copytree

        def copytree(src, dst, *a, **kw):
            seen.append(dst)
            return real_copytree(src, dst, *a, **kw)

        steps = ([{"handshake": {}}] + self.read("proj/pyproject.toml", {"$regex": "ignore = \\[\"GG001\"\\]"}, 2)
                 + [{"write_file": {"path": "proj/new.txt", "text": {"$lines": ["one"]}}}] + self.read("proj/new.txt", "one\n", 3)
                 + [{"remove_file": "proj/new.txt"}] + self.read("proj/new.txt", None, 4) + [{"shutdown_exit": 0}])
        rt.shutil.copytree = copytree
        try:
            ok, text, _ = self.run_case("files", steps, workspace="watched-config")
        finally:
            rt.shutil.copytree = real_copytree
        self.assertTrue(ok, text)
        self.assertTrue(seen)  # the copy, then its folders (copytree recurses)
        self.assertFalse(os.path.exists(seen[0]), "the workspace copy outlived its case")
        here = os.path.dirname(os.path.abspath(__file__))
        self.assertFalse(os.path.exists(os.path.join(here, "workspaces", "watched-config", "proj", "new.txt")))

    def test_workspace_paths_stay_inside(self):
        ok, text, _ = self.run_case("files", [{"handshake": {}}, {"remove_file": "../../etc/passwd"}],
                                    workspace="watched-config")
        self.assertFalse(ok)
        self.assertIn("outside the case's workspace", text)
        ok, text, _ = self.run_case("files", [{"handshake": {}}] + self.read("x", None, 2))
        self.assertFalse(ok)
        self.assertIn('needs a case with a "workspace"', text)


if __name__ == "__main__":
    unittest.main(verbosity=1)

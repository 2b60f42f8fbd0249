"""A minimal LSP client for tests: spawns a server, frames messages, reads replies.

Python 3 standard library only. Nothing here can hang a test: every wait takes
a timeout, writes go through a writer thread whose completion is awaited with a
timeout, and the reader thread parses the server's stdout into a list of
Message objects (raw body bytes kept, so exact-digit checks are possible).

Invariants of the server's output (framing, JSON, "jsonrpc": "2.0", response
shape) are checked as messages arrive; breaches are collected in
LspClient.violations for the caller to report.
"""

import json
import os
import queue
import signal
import subprocess
import threading
import time

# Notifications an expectation skips unless it names them explicitly.
LOG_METHODS = frozenset({"window/logMessage", "window/showMessage", "telemetry/event"})


def is_log_message(obj):
    """True for messages that are noise to an expectation: logs and $/ notifications."""
    if not isinstance(obj, dict):
        return False
    method = obj.get("method")
    if not isinstance(method, str) or "id" in obj:
        return False
    return method in LOG_METHODS or method.startswith("$/")


def is_response(obj):
    return isinstance(obj, dict) and "id" in obj and "method" not in obj


def frame(body: bytes, headers=None) -> bytes:
    """Wraps body in a header block. headers: list of header lines; "{len}" is replaced."""
    if headers is None:
        headers = ["Content-Length: {len}"]
    head = "".join(h.replace("{len}", str(len(body))) + "\r\n" for h in headers) + "\r\n"
    return head.encode("ascii") + body


def encode(obj, ascii_only=False) -> bytes:
    return json.dumps(obj, ensure_ascii=ascii_only, separators=(",", ":")).encode("utf-8")


class Message:
    __slots__ = ("index", "raw", "obj", "time", "headers")

    def __init__(self, index, raw, obj, when, headers):
        self.index = index
        self.raw = raw          # body bytes exactly as received
        self.obj = obj          # parsed JSON (None when the body was not JSON)
        self.time = when
        self.headers = headers  # list of header lines

    @property
    def text(self):
        return self.raw.decode("utf-8", errors="replace")

    def summary(self, limit=300):
        t = self.text
        return t if len(t) <= limit else t[:limit] + "...(%d bytes)" % len(self.raw)


class _CloseStdin:
    pass


class LspClient:
    def __init__(self, argv, env=None, stderr_path=None, auto_reply=True, stdin_bytes=None):
        self.argv = list(argv)
        # When set: the whole of stdin, written into a pipe that is closed
        # before the server starts (`cat session | server`): its first read
        # sees the messages and the end of input together.
        self.stdin_bytes = stdin_bytes
        # Cleared to stop reading stdout (a client that does not read); set again to go on.
        self.reading = threading.Event()
        self.reading.set()
        self.env = env
        self.stderr_path = stderr_path
        self.auto_reply = auto_reply
        self.proc = None
        self.messages = []           # every Message received, in order
        self.violations = []         # protocol breaches seen in the output
        self.cond = threading.Condition()
        self.stdout_eof = False
        self.killed_by_harness = False
        self._stderr_file = None
        self._writes = queue.Queue()
        self._stdin_closed = False
        self._reader = None
        self._writer = None
        self._auto_id = 0

    # -- process ---------------------------------------------------------

    def start(self):
        if self.stderr_path:
            self._stderr_file = open(self.stderr_path, "wb")
            err = self._stderr_file
        else:
            err = subprocess.DEVNULL
        stdin = subprocess.PIPE
        if self.stdin_bytes is not None:
            stdin = self._preloaded_pipe(self.stdin_bytes)
        try:
            self.proc = subprocess.Popen(self.argv, stdin=stdin, stdout=subprocess.PIPE,
                                         stderr=err, env=self.env, bufsize=0,
                                         start_new_session=True)
        finally:
            if stdin is not subprocess.PIPE:
                os.close(stdin)
        if self.stdin_bytes is not None:
            self._stdin_closed = True
        self._reader = threading.Thread(target=self._read_loop, daemon=True)
        self._reader.start()
        self._writer = threading.Thread(target=self._write_loop, daemon=True)
        self._writer.start()

    @staticmethod
    def _preloaded_pipe(data):
        """A pipe holding data, its write end already closed. Returns the read end."""
        r, w = os.pipe()
        try:
            if len(data) > 65536:
                import fcntl
                fcntl.fcntl(w, getattr(fcntl, "F_SETPIPE_SZ", 1031), len(data))
            view = memoryview(data)
            while view:
                n = os.write(w, view)  # never blocks: the pipe holds it all
                view = view[n:]
        except OSError:
            os.close(r)
            raise
        finally:
            os.close(w)
        return r

    def alive(self):
        return self.proc is not None and self.proc.poll() is None

    def wait_exit(self, timeout):
        """Returns the exit status (negative: signal), or None if still running after timeout."""
        try:
            rc = self.proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            return None
        # Let the reader drain what the process wrote before it went.
        self._reader.join(timeout=2.0)
        return rc

    def kill(self):
        if self.alive():
            self.killed_by_harness = True
            try:
                os.killpg(self.proc.pid, signal.SIGKILL)
            except OSError:
                try:
                    self.proc.kill()
                except OSError:
                    pass
            try:
                self.proc.wait(timeout=5)
            except subprocess.TimeoutExpired:
                pass

    def close(self):
        """Releases everything; kills the process if it is still there."""
        self.kill()
        self.reading.set()
        self._writes.put(None)
        if self._writer:
            self._writer.join(timeout=2.0)
        if self._reader:
            self._reader.join(timeout=2.0)
        for f in (self.proc.stdin if self.proc else None, self.proc.stdout if self.proc else None):
            try:
                if f:
                    f.close()
            except OSError:
                pass
        if self._stderr_file:
            self._stderr_file.close()
            self._stderr_file = None

    def stderr_text(self):
        if not self.stderr_path:
            return ""
        try:
            with open(self.stderr_path, "rb") as f:
                return f.read().decode("utf-8", errors="replace")
        except OSError:
            return ""

    # -- writing ---------------------------------------------------------

    def _write_loop(self):
        while True:
            item = self._writes.get()
            if item is None:
                return
            data, done = item
            status = "ok"
            try:
                if isinstance(data, _CloseStdin):
                    if not self._stdin_closed and self.proc.stdin:
                        self._stdin_closed = True
                        self.proc.stdin.close()
                elif self._stdin_closed:
                    status = "closed"
                else:
                    view = memoryview(data)
                    while view:
                        n = self.proc.stdin.write(view)
                        if n is None:
                            n = 0
                        view = view[n:]
            except (BrokenPipeError, ConnectionResetError, ValueError, OSError):
                status = "closed"
            if done is not None:
                done[0] = status
                done[1].set()

    def _submit(self, data, timeout):
        done = [None, threading.Event()]
        self._writes.put((data, done))
        if not done[1].wait(timeout):
            return "timeout"
        return done[0]

    def write_raw(self, data: bytes, timeout=10.0):
        """Writes bytes as-is. Returns "ok", "closed" (the server is gone: not an error) or "timeout"."""
        return self._submit(bytes(data), timeout)

    def close_stdin(self, timeout=10.0):
        return self._submit(_CloseStdin(), timeout)

    def send(self, obj, ascii_only=False, timeout=10.0):
        return self.write_raw(frame(encode(obj, ascii_only)), timeout)

    # -- reading ---------------------------------------------------------

    def mark(self):
        with self.cond:
            return len(self.messages)

    def _violation(self, text):
        with self.cond:
            self.violations.append(text)

    def _read_loop(self):
        fd = self.proc.stdout.fileno()
        buf = b""
        broken = False
        while True:
            self.reading.wait()
            try:
                chunk = os.read(fd, 65536)
            except OSError:
                chunk = b""
            if not chunk:
                break
            if broken:
                continue
            buf += chunk
            while True:
                end = buf.find(b"\r\n\r\n")
                if end < 0:
                    if len(buf) > 65536:
                        self._violation("stdout: no header terminator in %d bytes: %r" % (len(buf), buf[:80]))
                        broken = True
                    break
                head = buf[:end].decode("ascii", errors="replace")
                lines = head.split("\r\n")
                length = None
                for line in lines:
                    name, sep, value = line.partition(":")
                    if not sep:
                        self._violation("stdout: header line without colon: %r" % line[:200])
                        continue
                    lname = name.strip().lower()
                    if lname == "content-length":
                        try:
                            length = int(value.strip())
                        except ValueError:
                            length = None
                    elif lname != "content-type":
                        self._violation("stdout: unexpected header %r" % line[:200])
                if length is None or length < 0:
                    self._violation("stdout: header block without a valid Content-Length: %r" % head[:200])
                    broken = True
                    break
                if len(buf) < end + 4 + length:
                    break
                body = buf[end + 4:end + 4 + length]
                buf = buf[end + 4 + length:]
                self._deliver(body, lines)
        if buf and not broken:
            self._violation("stdout: %d trailing bytes after the last message: %r" % (len(buf), buf[:80]))
        with self.cond:
            self.stdout_eof = True
            self.cond.notify_all()

    def _deliver(self, body, headers):
        obj = None
        try:
            obj = json.loads(body.decode("utf-8"))
        except (UnicodeDecodeError, ValueError) as e:
            self._violation("stdout: body is not UTF-8 JSON (%s): %r" % (e, body[:200]))
        if obj is not None:
            for problem in check_message_shape(obj):
                self._violation("stdout: %s: %s" % (problem, body[:300].decode("utf-8", "replace")))
        with self.cond:
            msg = Message(len(self.messages), body, obj, time.monotonic(), headers)
            self.messages.append(msg)
            self.cond.notify_all()
        if self.auto_reply and isinstance(obj, dict) and "id" in obj and isinstance(obj.get("method"), str):
            self._reply_to_server_request(obj)

    def _reply_to_server_request(self, req):
        """Answers server-to-client requests the way a plain editor would."""
        method = req["method"]
        result = None
        if method == "workspace/configuration":
            items = (req.get("params") or {}).get("items") or []
            result = [None for _ in items]
        elif method == "workspace/workspaceFolders":
            result = []
        reply = {"jsonrpc": "2.0", "id": req["id"], "result": result}
        self._writes.put((frame(encode(reply)), None))

    def wait_for(self, predicate, start, timeout):
        """Waits for the first message with index >= start for which predicate(msg) is true.

        predicate sees each message once per call, in order. Returns the message or None.
        """
        deadline = time.monotonic() + timeout
        i = start
        with self.cond:
            while True:
                while i < len(self.messages):
                    m = self.messages[i]
                    i += 1
                    if predicate(m):
                        return m
                remaining = deadline - time.monotonic()
                if remaining <= 0 or (self.stdout_eof and i >= len(self.messages)):
                    return None
                self.cond.wait(min(remaining, 0.05))


def check_message_shape(obj):
    """Returns the ways a received JSON-RPC message breaks the protocol (empty if none)."""
    problems = []
    if not isinstance(obj, dict):
        return ["message is not a JSON object"]
    if obj.get("jsonrpc") != "2.0":
        problems.append('"jsonrpc" is not "2.0"')
    if "method" in obj:
        if not isinstance(obj["method"], str):
            problems.append('"method" is not a string')
        if "result" in obj or "error" in obj:
            problems.append("a request/notification carries result/error")
    elif "id" in obj:
        has_result, has_error = "result" in obj, "error" in obj
        if has_result == has_error:
            problems.append("a response must carry exactly one of result/error")
        if has_error:
            err = obj["error"]
            if not isinstance(err, dict):
                problems.append('"error" is not an object')
            else:
                code = err.get("code")
                if not isinstance(code, int) or isinstance(code, bool):
                    problems.append('"error.code" is not an integer')
                if not isinstance(err.get("message"), str):
                    problems.append('"error.message" is not a string')
        rid = obj["id"]
        if not (rid is None or isinstance(rid, str) or (isinstance(rid, int) and not isinstance(rid, bool))):
            problems.append('"id" is not a string, an integer or null')
    else:
        problems.append("neither a request, a notification nor a response")
    return problems

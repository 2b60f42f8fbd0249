"""An initialize/shutdown/exit exchange with `gradguard lsp`, for the tests
of what is shipped (the version test, the wheel test)."""
import json
import subprocess


def frame(message):
    body = json.dumps(message).encode("utf-8")
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


def unframe(data):
    """The messages in a byte string of Content-Length frames."""
    messages = []
    while data:
        head, sep, rest = data.partition(b"\r\n\r\n")
        if not sep:
            raise ValueError(f"unframed bytes on stdout: {data[:80]!r}")
        length = None
        for line in head.split(b"\r\n"):
            name, _, value = line.partition(b":")
            if name.strip().lower() == b"content-length":
                length = int(value)
        if length is None or len(rest) < length:
            raise ValueError(f"bad frame header {head!r}")
        messages.append(json.loads(rest[:length]))
        data = rest[length:]
    return messages


def initialize_shutdown_exit(argv, env=None, cwd=None, timeout=30):
    """Runs argv (a program and `lsp`) through the exchange: answers
    (exit status, the initialize result, every message the server sent)."""
    stdin = b"".join([
        frame({"jsonrpc": "2.0", "id": 1, "method": "initialize",
               "params": {"processId": None, "rootUri": None, "capabilities": {}}}),
        frame({"jsonrpc": "2.0", "method": "initialized", "params": {}}),
        frame({"jsonrpc": "2.0", "id": 2, "method": "shutdown"}),
        frame({"jsonrpc": "2.0", "method": "exit"}),
    ])
    run = subprocess.run(argv, input=stdin, capture_output=True, env=env, cwd=cwd, timeout=timeout)
    messages = unframe(run.stdout)
    result = next((m.get("result") for m in messages if m.get("id") == 1), None)
    return run.returncode, result, messages

#!/usr/bin/env python3
"""The server analyses a document exactly as `gradguard check` analyses the same bytes.

Each cases file (CASES_DIR/*.py) holds the marker @CTRL@; it is replaced by
each control character (U+0000..U+001F but the line feed, U+007F) and a few
other characters editors pass through (U+0085, U+2028, U+FEFF). Every variant
is written to a temporary folder and checked there by the CLI (JSON output,
--isolated), and opened in one server (utf-32 positions, pull diagnostics);
the findings (code, start and end) must be the same.

    run_cli_agreement.py BINARY CASES_DIR

Python 3, standard library only. Adding a case is adding a file.
"""

import json
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import lsp_client  # noqa: E402

CHARS = [c for c in range(0x20) if c != 0x0A] + [0x7F, 0x85, 0x2028, 0xFEFF]


def cli_findings(binary, folder):
    r = subprocess.run([binary, "check", "--isolated", "--output-format", "json", folder],
                       capture_output=True, timeout=300)
    if r.returncode not in (0, 1):
        raise SystemExit("check exited %d: %s" % (r.returncode, r.stderr.decode(errors="replace")[-2000:]))
    found = {}
    for f in json.loads(r.stdout.decode("utf-8")):
        key = os.path.basename(f["filename"])
        # The CLI counts rows and columns from 1, in code points; LSP from 0, here in utf-32.
        found.setdefault(key, set()).add((f["code"], f["location"]["row"] - 1, f["location"]["column"] - 1,
                                          f["end_location"]["row"] - 1, f["end_location"]["column"] - 1))
    return found


def server_findings(binary, folder, names):
    client = lsp_client.LspClient([binary, "lsp"], stderr_path=os.path.join(folder, "server.stderr"))
    client.start()
    found = {}
    try:
        def call(i, method, params):
            mark = client.mark()
            client.send({"jsonrpc": "2.0", "id": i, "method": method, "params": params})
            m = client.wait_for(lambda m: isinstance(m.obj, dict) and m.obj.get("id") == i, mark, 30)
            if m is None or "result" not in m.obj:
                raise SystemExit("no result for %s: %s" % (method, m.obj if m else "timeout"))
            return m.obj["result"]
        call(0, "initialize", {"processId": None, "rootUri": None, "capabilities": {
            "general": {"positionEncodings": ["utf-32"]}, "textDocument": {"diagnostic": {}}}})
        client.send({"jsonrpc": "2.0", "method": "initialized", "params": {}})
        for n, name in enumerate(names, 1):
            path = os.path.join(folder, name)
            with open(path, "rb") as f:
                text = f.read().decode("utf-8")
            uri = "file://" + path
            client.send({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {
                "textDocument": {"uri": uri, "languageId": "python", "version": 1, "text": text}}})
            items = call(n, "textDocument/diagnostic", {"textDocument": {"uri": uri}})["items"]
            found[name] = {(d["code"], d["range"]["start"]["line"], d["range"]["start"]["character"],
                            d["range"]["end"]["line"], d["range"]["end"]["character"]) for d in items}
        call(len(names) + 1, "shutdown", None)
        client.send({"jsonrpc": "2.0", "method": "exit"})
        client.wait_exit(10)
    finally:
        client.close()
    return found


def main(argv):
    if len(argv) != 3:
        print(__doc__)
        return 2
    binary, cases = argv[1], argv[2]
    with tempfile.TemporaryDirectory(prefix="gg-cli-agreement-") as folder:
        names = []
        for case in sorted(os.listdir(cases)):
            if not case.endswith(".py"):
                continue
            with open(os.path.join(cases, case), encoding="utf-8") as f:
                template = f.read()
            if "@CTRL@" not in template:
                raise SystemExit("%s has no @CTRL@ marker" % case)
            for c in CHARS:
                name = "%s--U%04X.py" % (case[:-3], c)
                with open(os.path.join(folder, name), "wb") as f:
                    f.write(template.replace("@CTRL@", chr(c)).encode("utf-8"))
                names.append(name)
        cli = cli_findings(binary, folder)
        server = server_findings(binary, folder, names)
        bad = 0
        for name in names:
            a, b = cli.get(name, set()), server.get(name, set())
            if a != b:
                bad += 1
                print("DIFFER %s\n    check: %s\n    lsp:   %s" % (name, sorted(a), sorted(b)))
        print("# %d variants of %d cases, %d differ" % (len(names), len(names) // len(CHARS), bad))
        return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

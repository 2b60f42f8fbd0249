#!/usr/bin/env python3
"""Writes the transcript files of transcripts/ and bad-input/.

The cases are plain JSON and may be edited or added by hand; this script is how
the current set was produced, with every position computed from the text (for
each negotiated encoding) rather than typed. Running it rewrites the files it
knows and leaves others alone:

    python3 tests/protocol/tools/gen_cases.py        # then review `git diff`
"""
import base64
import bisect
import json
import os
import sys

ROOT = sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
T = os.path.join(ROOT, "transcripts")
B = os.path.join(ROOT, "bad-input")
os.makedirs(T, exist_ok=True)
os.makedirs(B, exist_ok=True)
written = []


def write(group, name, description, steps, args=None, **extra):
    case = {"description": description}
    if args is not None:
        case["args"] = args
    case.update(extra)
    case["steps"] = steps
    path = os.path.join(group, name + ".json")
    with open(path, "w", encoding="utf-8") as f:
        json.dump(case, f, ensure_ascii=False, indent=2)
        f.write("\n")
    written.append(path)


def req(id_, method, params=None):
    m = {"jsonrpc": "2.0", "id": id_, "method": method}
    if params is not None:
        m["params"] = params
    return m


def notif(method, params=None):
    m = {"jsonrpc": "2.0", "method": method}
    if params is not None:
        m["params"] = params
    return m


def send(m, **kw):
    s = {"send": m}
    s.update(kw)
    return s


def expect(m, **kw):
    s = {"expect": m}
    s.update(kw)
    return s


HS = {"handshake": {}}
PING = {"ping": True}
BYE = {"shutdown_exit": 0}


def err(id_, code):
    return {"id": id_, "error": {"code": code, "message": {"$type": "string"}}, "result": {"$absent": True}}


def unknown(id_, method="gradguard/no-such-method"):
    return req(id_, method, {})


# ---------------------------------------------------------------- documents

def units(s, enc):
    if enc == "utf-8":
        return len(s.encode("utf-8"))
    if enc == "utf-16":
        return sum(2 if ord(c) > 0xFFFF else 1 for c in s)
    return len(s)


def line_starts(text):
    starts = [0]
    i = 0
    while i < len(text):
        c = text[i]
        if c == "\r":
            if i + 1 < len(text) and text[i + 1] == "\n":
                i += 1
            starts.append(i + 1)
        elif c == "\n":
            starts.append(i + 1)
        i += 1
    return starts


def pos(text, off, enc):
    st = line_starts(text)
    line = bisect.bisect_right(st, off) - 1
    return {"line": line, "character": units(text[st[line]:off], enc)}


def rng(text, a, b, enc):
    return {"start": pos(text, a, enc), "end": pos(text, b, enc)}


def fwd_span(text):
    s = text.rfind("model(x")
    assert s >= 0
    return s, text.find(")", s) + 1


def eval_alts(text, enc):
    e = text.find("model.eval()")
    assert e >= 0
    return {"$one_of": [rng(text, e, e + 12, enc), rng(text, e + 6, e + 10, enc),
                        rng(text, e + 6, e + 12, enc), rng(text, e + 5, e + 12, enc)]}


def diag(uri, text, enc="utf-16", check_message=True):
    s, e = fwd_span(text)
    d = {
        "range": rng(text, s, e, enc),
        "severity": 2,
        "code": "GG001",
        "codeDescription": {"href": {"$regex": "GG001"}},
        "source": "gradguard",
        "message": {"$all_of": [{"$regex": "model\\(x\\)"}, {"$regex": "no_grad"}]} if check_message
        else {"$all_of": [{"$type": "string"}, {"$regex": "no_grad"}]},
        "relatedInformation": {"$contains": [{"location": {"uri": uri, "range": eval_alts(text, enc)},
                                              "message": {"$type": "string"}}]},
    }
    return d


def published(uri, version, diags):
    p = {"uri": uri, "diagnostics": diags}
    if version is not None:
        p["version"] = version
    return {"method": "textDocument/publishDiagnostics", "params": p}


def lines_of(text):
    """Returns a $lines macro when text is LF lines ending in LF, else the text."""
    if text.endswith("\n") and "\r" not in text:
        return {"$lines": text[:-1].split("\n")}
    if text.endswith("\r\n") and "\n" not in text.replace("\r\n", ""):
        return {"$lines_crlf": text[:-2].split("\r\n")}
    return text


def did_open(uri, text, version=1, language="python"):
    return notif("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": language,
                                                           "version": version, "text": lines_of(text)}})


def did_change(uri, version, changes):
    return notif("textDocument/didChange", {"textDocument": {"uri": uri, "version": version},
                                            "contentChanges": changes})


def did_close(uri):
    return notif("textDocument/didClose", {"textDocument": {"uri": uri}})


def pull(id_, uri):
    return req(id_, "textDocument/diagnostic", {"textDocument": {"uri": uri}})


BASIC = "import torch\nmodel = Net()\nmodel.eval()\nfor x in val_loader:\n    out = model(x)\n"
GUARDED = ("import torch\nmodel = Net()\nmodel.eval()\nwith torch.no_grad():\n"
           "    for x in val_loader:\n        out = model(x)\n")
NO_TORCH = "import numpy as np\nmodel = Net()\nmodel.eval()\nfor x in val_loader:\n    out = model(x)\n"
U = "file:///tmp/gg-protocol-tests/eval_script.py"

# ---------------------------------------------------------------- lifecycle

CAPS = {
    "capabilities": {
        "positionEncoding": "utf-16",
        "textDocumentSync": {"openClose": True, "change": 2, "save": {"includeText": False}},
        "diagnosticProvider": {"identifier": "gradguard", "interFileDependencies": False,
                               "workspaceDiagnostics": False},
    },
    "serverInfo": {"name": "gradguard", "version": {"$type": "string"}},
}

INIT_PARAMS = {"processId": None, "rootUri": None, "capabilities": {}}

write(T, "lifecycle-happy-path",
      "initialize (full result checked), initialized, shutdown (result null), exit: status 0",
      [send(req(1, "initialize", INIT_PARAMS)),
       expect({"id": 1, "result": CAPS, "error": {"$absent": True}}),
       send(notif("initialized", {})),
       {"expect_silence_ms": 200},
       send(req(2, "shutdown")),
       expect({"id": 2, "result": None, "error": {"$absent": True}}),
       send(notif("exit")),
       {"expect_exit": 0}])

write(T, "lifecycle-stdio-flag-and-options",
      "`lsp --stdio` with --log-level, --debounce-ms and --max-message-size accepted; lifecycle works",
      [HS, PING, BYE],
      args=["lsp", "--stdio", "--log-level", "debug", "--debounce-ms", "0", "--max-message-size", "1048576"])

write(T, "lifecycle-exit-without-shutdown", "exit without shutdown: status 1",
      [HS, send(notif("exit")), {"expect_exit": 1}])

write(T, "lifecycle-exit-before-initialize", "exit before initialize: status 1",
      [send(notif("exit")), {"expect_exit": 1}])

write(T, "lifecycle-stdin-eof-without-exit", "stdin EOF without exit (after initialize): status 1",
      [HS, {"close_stdin": True}, {"expect_exit": 1}])

write(T, "lifecycle-stdin-eof-before-initialize", "stdin EOF before anything was sent: status 1",
      [{"close_stdin": True}, {"expect_exit": 1}])

write(T, "lifecycle-request-before-initialize",
      "every request before initialize gets -32002 with its id (unknown methods and shutdown too); "
      "initialize then works",
      [send(pull(1, U)), expect(err(1, -32002)),
       send(req("two", "shutdown")), expect(err("two", -32002)),
       send(unknown(3)), expect(err(3, -32002)),
       HS, PING, BYE])

write(T, "lifecycle-notification-before-initialize",
      "notifications before initialize are ignored: no reply, no diagnostics, the document is not opened",
      [send(did_open(U, BASIC)),
       send(notif("initialized", {})),
       send(notif("gradguard/whatever", {})),
       {"expect_silence_ms": 300},
       HS,
       send(pull("pull", U)),
       expect({"id": "pull", "error": {"code": {"$one_of": [-32602, -32803]}}}),
       BYE])

write(T, "lifecycle-double-initialize", "a second initialize gets -32600; the server keeps working",
      [HS, send(req("again", "initialize", INIT_PARAMS)), expect(err("again", -32600)), PING, BYE])

write(T, "lifecycle-request-after-shutdown",
      "after shutdown: requests -32600 (known, unknown, shutdown again), notifications ignored, exit 0",
      [HS, send(did_open(U, BASIC)), expect(published(U, 1, [diag(U, BASIC)])),
       send(req("s", "shutdown")), expect({"id": "s", "result": None}),
       send(pull("p", U)), expect(err("p", -32600)),
       send(unknown("u")), expect(err("u", -32600)),
       send(req("s2", "shutdown")), expect(err("s2", -32600)),
       send(did_change(U, 2, [{"text": GUARDED}])),
       send(notif("gradguard/whatever", {})),
       {"expect_silence_ms": 300},
       send(notif("exit")), {"expect_exit": 0}])

write(T, "lifecycle-exit-stops-reading",
      "shutdown, exit and a request in one write: the request after exit is never answered",
      [HS, {"send_many": [req("s", "shutdown"), notif("exit"), unknown("after-exit")]},
       expect({"id": "s", "result": None}), {"expect_exit": 0}])

write(T, "unknown-method", "unknown request methods get -32601 with the id (number and string)",
      [HS, send(unknown(7)), expect(err(7, -32601)),
       send(unknown("str-id", "textDocument/noSuchThing")), expect(err("str-id", -32601)), BYE])

write(T, "dollar-request-method-not-found",
      "a $/ request (with an id) is answered -32601, as the LSP spec requires",
      [HS, send(req(5, "$/gradguardUnknown", {})), expect(err(5, -32601)), BYE])

write(T, "unknown-notification-ignored", "unknown notifications get no reply",
      [HS, send(notif("gradguard/unknownNotification", {"a": 1})),
       send(notif("workspace/didChangeWatchedFiles", {"changes": []})),
       send(notif("textDocument/unknown")),
       {"expect_silence_ms": 300}, PING, BYE])

write(T, "dollar-notification-ignored", "$/ notifications ($/setTrace, $/progress, unknown $/...) get no reply",
      [HS, send(notif("$/setTrace", {"value": "verbose"})),
       send(notif("$/progress", {"token": 1, "value": {"kind": "end"}})),
       send(notif("$/gradguard/unknown", {})),
       send(notif("$/unknownWithoutParams")),
       {"expect_silence_ms": 300}, PING, BYE])

HUGE = 12345678901234567890
write(T, "ids-echoed-exactly",
      "ids come back exactly: strings stay strings, big integers keep every digit (raw bytes checked)",
      [HS] +
      [x for id_ in ["abc", "12", "", "ид-😀", 0, -1, 2147483648, HUGE, -9007199254740993]
       for x in [send(unknown(id_)),
                 expect(err(id_, -32601), **({"raw_regex": '"id"\\s*:\\s*%s\\s*[,}]' % id_}
                                              if isinstance(id_, int) else {}))]] + [BYE])

write(T, "ids-huge-before-initialize", "a huge numeric id is echoed exactly in -32002 too",
      [send(unknown(HUGE)), expect(err(HUGE, -32002), raw_regex='"id"\\s*:\\s*12345678901234567890\\s*[,}]'),
       HS, BYE])

# ---------------------------------------------------------------- cancel

write(T, "cancel-queued-request",
      "a request cancelled in the same write is answered -32800 (string and number ids); the next one is answered",
      [HS, send(did_open(U, BASIC)), expect(published(U, 1, [diag(U, BASIC)])),
       {"send_many": [pull("to-cancel", U), pull(77, U),
                      notif("$/cancelRequest", {"id": "to-cancel"}), notif("$/cancelRequest", {"id": 77}),
                      pull("after", U)]},
       expect(err("to-cancel", -32800)), expect(err(77, -32800)),
       expect({"id": "after", "result": {"kind": "full", "items": [diag(U, BASIC)]}}),
       BYE])

write(T, "cancel-id-type-distinct",
      "cancel {id: \"78\"} does not cancel the request with id 78 (number), and vice versa",
      [HS, send(did_open(U, BASIC)), expect(published(U, 1, [diag(U, BASIC)])),
       {"send_many": [pull(78, U), pull("79", U),
                      notif("$/cancelRequest", {"id": "78"}), notif("$/cancelRequest", {"id": 79})]},
       expect({"id": 78, "result": {"kind": "full"}}), expect({"id": "79", "result": {"kind": "full"}}),
       BYE])

write(T, "cancel-huge-id-exact",
      "ids 12345678901234567890 and ...891 are the same double: cancelling the first must not cancel the second",
      [HS, send(did_open(U, BASIC)), expect(published(U, 1, [diag(U, BASIC)])),
       {"send_many": [pull(HUGE, U), pull(HUGE + 1, U), notif("$/cancelRequest", {"id": HUGE})]},
       expect(err(HUGE, -32800), raw_regex='"id"\\s*:\\s*12345678901234567890\\s*[,}]'),
       expect({"id": HUGE + 1, "result": {"kind": "full"}}, raw_regex='"id"\\s*:\\s*12345678901234567891\\s*[,}]'),
       BYE])

write(T, "cancel-unknown-or-finished-id",
      "$/cancelRequest for an unknown id or an already answered request: nothing is sent",
      [HS, send(notif("$/cancelRequest", {"id": 4242})), send(notif("$/cancelRequest", {"id": "nope"})),
       {"expect_silence_ms": 300},
       PING,
       send(notif("$/cancelRequest", {"id": "ping-1"})),
       {"expect_silence_ms": 300},
       PING, BYE])

# ---------------------------------------------------------------- position encodings


def enc_case(name, desc, encs, want):
    caps = {"general": {"positionEncodings": encs}} if encs is not None else {}
    write(T, name, desc,
          [send(req(1, "initialize", {"processId": None, "rootUri": None, "capabilities": caps})),
           expect({"id": 1, "result": {"capabilities": {"positionEncoding": want}}}),
           send(notif("initialized", {})), BYE])


enc_case("encoding-utf8-chosen", "client offers utf-8 first: utf-8", ["utf-8", "utf-16"], "utf-8")
enc_case("encoding-utf32-chosen", "client offers utf-32 first: utf-32", ["utf-32", "utf-8", "utf-16"], "utf-32")
enc_case("encoding-first-supported-wins", "unknown names are skipped: the first supported one wins",
         ["utf-7", "latin1", "utf-32", "utf-8"], "utf-32")
enc_case("encoding-none-offered", "no general.positionEncodings: utf-16", None, "utf-16")
enc_case("encoding-empty-list", "an empty positionEncodings list: utf-16", [], "utf-16")
enc_case("encoding-unsupported-only", "only unsupported encodings offered: utf-16", ["utf-7", "ucs-2"], "utf-16")

# ---------------------------------------------------------------- diagnostics

write(T, "diagnostics-on-open",
      "didOpen of a file with the GG001 pattern publishes one diagnostic with the exact shape and utf-16 range",
      [HS, send(did_open(U, BASIC)), expect(published(U, 1, [diag(U, BASIC)])), BYE])

write(T, "diagnostics-clean-under-no-grad", "the same loop inside `with torch.no_grad():` is clean",
      [HS, send(did_open(U, GUARDED)), expect(published(U, 1, [])), BYE])

write(T, "diagnostics-clean-without-torch-import", "a file that does not import torch is not checked",
      [HS, send(did_open(U, NO_TORCH)), expect(published(U, 1, [])), BYE])

write(T, "diagnostics-cleared-on-close", "didClose publishes an empty diagnostics list for the uri",
      [HS, send(did_open(U, BASIC)), expect(published(U, 1, [diag(U, BASIC)])),
       send(did_close(U)), expect(published(U, None, [])), BYE])

BUG_BODY = "for x in val_loader:\n    out = model(x)\n"
CLEAN0 = "import torch\nmodel = Net()\nmodel.eval()\n"
write(T, "diagnostics-versioned-after-change",
      "each change publishes diagnostics carrying the document version: clean, finding, fixed",
      [HS, send(did_open(U, CLEAN0, version=1)), expect(published(U, 1, [])),
       send(did_change(U, 2, [{"range": rng(CLEAN0, len(CLEAN0), len(CLEAN0), "utf-16"), "text": BUG_BODY}])),
       expect(published(U, 2, [diag(U, CLEAN0 + BUG_BODY)])),
       send(did_change(U, 3, [{"range": {"start": {"line": 3, "character": 0}, "end": {"line": 5, "character": 0}},
                               "text": "with torch.no_grad():\n    for x in val_loader:\n        out = model(x)\n"}])),
       expect(published(U, 3, [])),
       BYE])

write(T, "did-save-no-reply", "didSave (with and without text) gets no reply and changes nothing",
      [HS, send(did_open(U, BASIC)), expect(published(U, 1, [diag(U, BASIC)])),
       send(notif("textDocument/didSave", {"textDocument": {"uri": U}})),
       send(notif("textDocument/didSave", {"textDocument": {"uri": U}, "text": BASIC})),
       PING,
       send(pull("p", U)), expect({"id": "p", "result": {"kind": "full", "items": [diag(U, BASIC)]}}),
       BYE])

FULL2 = "\n\n" + BASIC
FULL4 = ("import torch\nmodel = Net()\nmodel.eval()\nif True:\n    for x in val_loader:\n"
         "        out = model(x)\n")
write(T, "full-document-change", "contentChanges [{text}] replaces the whole document",
      [HS, send(did_open(U, BASIC)), expect(published(U, 1, [diag(U, BASIC)])),
       send(did_change(U, 2, [{"text": lines_of(FULL2)}])), expect(published(U, 2, [diag(U, FULL2)])),
       send(did_change(U, 3, [{"text": lines_of(GUARDED)}])), expect(published(U, 3, [])),
       send(did_change(U, 4, [{"text": lines_of(FULL4)}])), expect(published(U, 4, [diag(U, FULL4)])),
       BYE])

PULL_HS = {"handshake": {"capabilities": {"textDocument": {"diagnostic": {"dynamicRegistration": False}}}}}
write(T, "pull-diagnostics",
      "textDocument/diagnostic (client declares pull support): full report with the same items; "
      "empty for a clean file; error for an unknown uri",
      [PULL_HS, send(did_open(U, BASIC)),
       send(pull("p1", U)), expect({"id": "p1", "result": {"kind": "full", "items": [diag(U, BASIC)]}}),
       send(did_open(U + "x.py", GUARDED)),
       send(pull("p2", U + "x.py")), expect({"id": "p2", "result": {"kind": "full", "items": []}}),
       send(pull("p3", "file:///tmp/gg-protocol-tests/never-opened.py")),
       expect({"id": "p3", "error": {"code": {"$one_of": [-32602, -32803]}}}),
       BYE])

write(T, "diagnostics-pull-client-not-pushed",
      "a client declaring textDocument.diagnostic is not pushed publishDiagnostics (it pulls): "
      "silence after open and change, pull reflects each version (the server's choice, not in the brief's contract)",
      [PULL_HS, send(did_open(U, BASIC)), {"expect_silence_ms": 500},
       send(pull("p1", U)), expect({"id": "p1", "result": {"kind": "full", "items": [diag(U, BASIC)]}}),
       send(did_change(U, 2, [{"text": lines_of(GUARDED)}])), {"expect_silence_ms": 500},
       send(pull("p2", U)), expect({"id": "p2", "result": {"kind": "full", "items": []}}),
       BYE])

write(T, "empty-document-then-insert", "an empty document is clean; inserting the pattern at (0,0) reports it",
      [HS, send(did_open(U, "")), expect(published(U, 1, [])),
       send(did_change(U, 2, [{"range": rng("", 0, 0, "utf-16"), "text": lines_of(BASIC)}])),
       expect(published(U, 2, [diag(U, BASIC)])), BYE])

NOEOL = BASIC[:-1]
NOEOL2 = NOEOL + "\n"
write(T, "no-trailing-newline", "a document whose last line (the forward) has no newline; edits at its very end",
      [HS, send(did_open(U, NOEOL)), expect(published(U, 1, [diag(U, NOEOL)])),
       send(did_change(U, 2, [{"range": rng(NOEOL, len(NOEOL), len(NOEOL), "utf-16"), "text": "\n"}])),
       expect(published(U, 2, [diag(U, NOEOL2)])),
       send(did_change(U, 3, [{"range": rng(NOEOL2, len(NOEOL2) - 1, len(NOEOL2), "utf-16"), "text": ""}])),
       expect(published(U, 3, [diag(U, NOEOL)])),
       BYE])

LARGE_TAIL = "y = 1\n" * 20000
write(T, "large-document", "a 120 KB document: the finding near its top is reported",
      [HS, send(notif("textDocument/didOpen", {"textDocument": {
          "uri": U, "languageId": "python", "version": 1,
          "text": {"$concat": [lines_of(BASIC), {"$repeat": "y = 1\n", "count": 20000}]}}})),
       expect(published(U, 1, [diag(U, BASIC + LARGE_TAIL)]), timeout_ms=10000), BYE])

write(T, "debounce-option", "--debounce-ms 1500: a change is published only after the delay",
      [HS, send(did_open(U, BASIC)), expect(published(U, 1, [diag(U, BASIC)])),
       send(did_change(U, 2, [{"text": lines_of(FULL2)}])),
       {"expect_silence_ms": 500},
       expect(published(U, 2, [diag(U, FULL2)])), BYE],
      args=["lsp", "--debounce-ms", "1500"])

write(T, "debounce-initialization-option", "initializationOptions {debounceMs: 1500} works like --debounce-ms",
      [{"handshake": {"initializationOptions": {"debounceMs": 1500}}},
       send(did_open(U, BASIC)), expect(published(U, 1, [diag(U, BASIC)])),
       send(did_change(U, 2, [{"text": lines_of(FULL2)}])),
       {"expect_silence_ms": 500},
       expect(published(U, 2, [diag(U, FULL2)])), BYE])

# ---------------------------------------------------------------- framing variants

write(T, "framing-split-writes",
      "a request written one byte at a time, and a non-ASCII didOpen in 7-byte pieces (UTF-8 sequences split)",
      [HS, send(unknown("slow"), chunk_size=1, chunk_delay_ms=1), expect(err("slow", -32601)),
       send(did_open(U, "# 検証 😀\n" + BASIC), chunk_size=7, chunk_delay_ms=2),
       expect(published(U, 1, [diag(U, "# 検証 😀\n" + BASIC)])), BYE])

write(T, "framing-coalesced-writes", "several messages in one write are all handled",
      [HS, {"send_many": [unknown("a"), unknown("b"), did_open(U, BASIC), pull("c", U)]},
       expect(err("a", -32601)), expect(err("b", -32601)),
       expect({"id": "c", "result": {"kind": "full", "items": [diag(U, BASIC)]}}), BYE])


def body_of(m):
    return json.dumps(m, ensure_ascii=False, separators=(",", ":"))


write(T, "framing-header-variants",
      "Content-Length in any case, with Content-Type before or after it",
      [HS,
       {"send_body": body_of(unknown("lower")), "headers": ["content-length: {len}"]},
       expect(err("lower", -32601)),
       {"send_body": body_of(unknown("upper")), "headers": ["CONTENT-LENGTH: {len}"]},
       expect(err("upper", -32601)),
       {"send_body": body_of(unknown("ct-first")),
        "headers": ["Content-Type: application/vscode-jsonrpc; charset=utf-8", "Content-Length: {len}"]},
       expect(err("ct-first", -32601)),
       {"send_body": body_of(unknown("ct-after")),
        "headers": ["Content-Length: {len}", "Content-Type: application/vscode-jsonrpc; charset=utf8"]},
       expect(err("ct-after", -32601)),
       BYE])

write(T, "framing-header-whitespace",
      "optional whitespace around the Content-Length value (HTTP-style OWS) is accepted",
      [HS,
       {"send_body": body_of(unknown("nospace")), "headers": ["Content-Length:{len}"]},
       expect(err("nospace", -32601)),
       {"send_body": body_of(unknown("spaces")), "headers": ["Content-Length:   {len}  "]},
       expect(err("spaces", -32601)),
       BYE])

# ---------------------------------------------------------------- non-ASCII incremental sync

UNI = ("import torch\n"
       "# 検証スクリプト 😀 cafe\u0301\n"
       "model = Net()  # 网络 🧠\n"
       "s = \"😀\"; model.eval()\n"
       "for x in val_loader:  # 🚀 e\u0301\n"
       "    s = \"漢字😀e\u0301\"; out = model(x)\n"
       "    print(\"ok 🎉\")\n")


def after(text, anchor, occ=0, start=0):
    i = start
    for _ in range(occ + 1):
        i = text.index(anchor, i) + 1
    return i - 1 + len(anchor)


def at(text, anchor, occ=0):
    return after(text, anchor, occ) - len(anchor)


def line_no(text, k):
    return line_starts(text)[k]


UNI_EDITS = [
    ("insert 🎉 on the forward's line, between 字 and 😀",
     lambda t: (after(t, "漢字"), after(t, "漢字"), "🎉")),
    ("insert a line with CJK and an astral emoji before everything",
     lambda t: (line_no(t, 1), line_no(t, 1), "# 追加 🧪 line\n")),
    ("delete the (now third) comment line, 😀 and combining mark included",
     lambda t: (line_no(t, 2), line_no(t, 3), "")),
    ("replace across lines: from after 🚀 in the for-loop comment to after 漢 on the forward's line",
     lambda t: (after(t, "🚀"), after(t, "漢"), " ✨ ok\n    t = \"ß")),
    ("delete the 😀 in the string on the forward's line (a whole surrogate pair)",
     lambda t: (after(t, "ß字🎉"), after(t, "ß字🎉😀"), "")),
    ("delete only the combining acute accent on the forward's line",
     lambda t: (after(t, "ß字🎉e"), after(t, "ß字🎉e\u0301"), "")),
    ("grow the forward call: model(x) -> model(x, \"ü😀\")",
     lambda t: (after(t, "model(x"), after(t, "model(x"), ", \"ü😀\"")),
    ("append a line at the very end of the document",
     lambda t: (len(t), len(t), "print(out)  # 終 🏁\n")),
]


def unicode_case(name, enc, ascii_send=False):
    uri = "file:///tmp/gg-protocol-tests/%s.py" % name
    kw = {"ascii": True} if ascii_send else {}
    steps = [{"handshake": {"capabilities": {"general": {"positionEncodings": [enc]}}},
              "expect_result": {"capabilities": {"positionEncoding": enc}}},
             send(did_open(uri, UNI), **kw),
             expect(published(uri, 1, [diag(uri, UNI, enc, check_message=False)]))]
    text = UNI
    for version, (what, fn) in enumerate(UNI_EDITS, start=2):
        a, b, new = fn(text)
        change = {"range": rng(text, a, b, enc), "text": new}
        if enc == "utf-16":
            change["rangeLength"] = units(text[a:b], "utf-16")
        text = text[:a] + new + text[b:]
        steps.append(send(did_change(uri, version, [change]), **kw))
        steps.append(expect(published(uri, version, [diag(uri, text, enc, check_message=False)]), note=what))
    steps.append(send(pull("final", uri)))
    steps.append(expect({"id": "final", "result": {"kind": "full", "items": [diag(uri, text, enc, False)]}}))
    steps.append(BYE)
    write(T, name,
          "CJK, astral emoji and combining marks before and on the forward's line, edited incrementally "
          "in %s positions%s; the diagnostic range is checked after every edit"
          % (enc, " (JSON sent with \\u escapes, surrogate pairs for astral characters)" if ascii_send else ""),
          steps)
    return text


unicode_case("incremental-unicode-utf16", "utf-16")
unicode_case("incremental-unicode-utf16-escaped-json", "utf-16", ascii_send=True)
unicode_case("incremental-unicode-utf8", "utf-8")
unicode_case("incremental-unicode-utf32", "utf-32")

CRLF = BASIC.replace("\n", "\r\n")
C2 = CRLF[:line_no(CRLF, 1)] + "x = 1\r\n" + CRLF[line_no(CRLF, 1):]
C3 = CRLF
write(T, "crlf-document", "a CRLF document: same ranges as with LF; edits insert and delete CRLF lines",
      [HS, send(did_open(U, CRLF)), expect(published(U, 1, [diag(U, CRLF)])),
       send(did_change(U, 2, [{"range": rng(CRLF, line_no(CRLF, 1), line_no(CRLF, 1), "utf-16"),
                               "text": "x = 1\r\n"}])),
       expect(published(U, 2, [diag(U, C2)])),
       send(did_change(U, 3, [{"range": rng(C2, line_no(C2, 1), line_no(C2, 2), "utf-16"), "text": ""}])),
       expect(published(U, 3, [diag(U, C3)])),
       send(did_change(U, 4, [{"range": {"start": {"line": 3, "character": 1000},
                                         "end": {"line": 3, "character": 1000}}, "text": "  # tail"}])),
       expect(published(U, 4, [diag(U, C3.replace("val_loader:", "val_loader:  # tail"))])),
       BYE])

# ================================================================ bad input

AFTER = "gradguard/unknown-after-bad-input"


def alive(tag, optional=False, timeout=None):
    """A request that must (or may) be answered -32601 after the bad input."""
    kw = {}
    if optional:
        kw = {"optional": True, "timeout_ms": timeout or 0}
    return expect(err(tag, -32601), **kw)


def framed(m):
    b = body_of(m)
    return "Content-Length: %d\r\n\r\n%s" % (len(b.encode("utf-8")), b)


def bad(name, desc, steps, args=None):
    write(B, name, desc, [HS] + steps + [PING, BYE], args=args)


bad("truncated-header", "a header line cut short ('Content-Len') then the next message: it is answered",
    [{"send_raw": "Content-Len\r\n\r\n"}, send(unknown("a")), alive("a"), send(unknown("b")), alive("b")])

bad("truncated-header-glued",
    "'Content-Len' glued to the next message's header: a later message is answered",
    [{"send_raw": "Content-Len"}, send(unknown("a")), send(unknown("b")), send(unknown("c")),
     alive("c"), alive("b", optional=True), alive("a", optional=True)])

bad("header-without-colon", "'Content-Length 52' (no colon) with a body: skipped, no reply to its body; later messages work",
    [{"send_raw": "Content-Length %d\r\n\r\n%s" % (len(body_of(unknown("must-not-answer"))),
                                                   body_of(unknown("must-not-answer")))},
     send(unknown("a")), send(unknown("b")), alive("b"), alive("a", optional=True)])

bad("oversized-header-line", "a 100 KB header line of 'X': skipped; the next message works",
    [{"send_raw": {"$concat": [{"$repeat": "X", "count": 100000}, "\r\n"]}},
     send(unknown("a")), alive("a"), send(unknown("b")), alive("b")])

bad("oversized-header-line-no-newline", "100 KB of 'X' glued to the next message's header: a later one works",
    [{"send_raw": {"$repeat": "X", "count": 100000}},
     send(unknown("a")), send(unknown("b")), send(unknown("c")),
     alive("c"), alive("b", optional=True), alive("a", optional=True)])

for nm, val in [("non-numeric", "abc"), ("negative", "-5"), ("overflow", "99999999999999999999999"),
                ("empty-value", ""), ("hex", "0x10"), ("trailing-junk", "12abc")]:
    bad("content-length-" + nm, "Content-Length: %s (no body): skipped; the next message works" % (val or "<empty>"),
        [{"send_raw": "Content-Length: %s\r\n\r\n" % val},
         send(unknown("a")), alive("a"), send(unknown("b")), alive("b")])

SW = body_of(unknown("swallowed"))
bad("content-length-too-small",
    "Content-Length 10 for a longer body: -32700 for the truncated JSON, the rest is garbage, a later message works",
    [{"send_body": SW, "headers": ["Content-Length: 10"]},
     expect(err(None, -32700)),
     send(unknown("a")), send(unknown("b")), send(unknown("c")),
     alive("c"), alive("b", optional=True), alive("a", optional=True)])

A_FRAME = framed(unknown("partly-swallowed"))
bad("content-length-too-large",
    "Content-Length 30 bytes too large: the body swallows the start of the next message: -32700 "
    "(no reply to either id), then later messages work",
    [{"send_body": SW, "headers": ["Content-Length: %d" % (len(SW) + 30)]},
     {"send_raw": A_FRAME},
     expect(err(None, -32700)),
     send(unknown("b")), send(unknown("c")),
     alive("c"), alive("b", optional=True)])

bad("content-length-missing",
    "a header block with only Content-Type, then a body: no reply to that body; a later message works",
    [{"send_body": body_of(unknown("no-length")),
      "headers": ["Content-Type: application/vscode-jsonrpc; charset=utf-8"]},
     send(unknown("a")), send(unknown("b")), alive("b"), alive("a", optional=True)])

bad("body-over-max-message-size",
    "--max-message-size 1000: a 5000-byte request is skipped without reply, an error is logged; "
    "a 1000-byte one is answered; the next message works",
    [send(unknown("too-big"), body_size=5000),
     {"expect_stderr": "(?i)(large|size|limit|exceed|skip)"},
     send(unknown("a")), alive("a"),
     send(unknown("exactly-1000"), body_size=1000), alive("exactly-1000"),
     send(unknown("1001"), body_size=1001),
     send(unknown("b")), alive("b")],
    args=["lsp", "--max-message-size", "1000"])

bad("body-not-json", "a body that is not JSON: -32700 with id null",
    [{"send_body": "hello, world"}, expect(err(None, -32700)),
     {"send_body": "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":"}, expect(err(None, -32700)),
     {"send_body": "{'jsonrpc':'2.0'}"}, expect(err(None, -32700))])

bad("body-trailing-garbage",
    "a JSON object followed by garbage is a parse error (-32700), not a request; trailing whitespace is fine",
    [{"send_body": body_of(unknown("garbage")) + " xyz"}, expect(err(None, -32700)),
     {"send_body": body_of(unknown("two-objects")) + body_of(unknown("second"))}, expect(err(None, -32700)),
     {"send_body": body_of(unknown("ws")) + " \r\n\t"}, alive("ws")])

bad("body-empty", "Content-Length: 0: -32700 with id null",
    [{"send_raw": "Content-Length: 0\r\n\r\n"}, expect(err(None, -32700))])

bad("json-batch", "a JSON array (batch) is not supported by LSP: -32600 with id null, nothing inside is run",
    [{"send_body": "[" + body_of(unknown("in-batch")) + "]"}, expect(err(None, -32600)),
     {"send_body": "[]"}, expect(err(None, -32600))])

bad("json-scalar", "JSON scalars (number, string, null, true) are invalid requests: -32600 with id null each",
    [{"send_body": "42"}, expect(err(None, -32600)),
     {"send_body": "\"initialize\""}, expect(err(None, -32600)),
     {"send_body": "null"}, expect(err(None, -32600)),
     {"send_body": "true"}, expect(err(None, -32600))])

bad("invalid-request-objects",
    "objects that are not valid JSON-RPC: wrong/missing jsonrpc (id echoed), non-string method, bad id types",
    [send({"jsonrpc": "1.0", "id": 6, "method": AFTER}), expect(err(6, -32600)),
     send({"id": 7, "method": AFTER}), expect(err(7, -32600)),
     send({"jsonrpc": 2.0, "id": 8, "method": AFTER}), expect(err(8, -32600)),
     send({"jsonrpc": "2.0", "id": 9, "method": 5}), expect(err(9, -32600)),
     send({"jsonrpc": "2.0", "id": True, "method": AFTER}), expect(err(None, -32600)),
     send({"jsonrpc": "2.0", "id": {"a": 1}, "method": AFTER}), expect(err(None, -32600)),
     send({"jsonrpc": "2.0", "id": [1], "method": AFTER}), expect(err(None, -32600)),
     send({"jsonrpc": "2.0"}), expect(err(None, -32600))])

bad("jsonrpc-missing-on-notification",
    "a notification without \"jsonrpc\" is an invalid request: -32600 with id null",
    [send({"method": "gradguard/notify", "params": {}}), expect(err(None, -32600))])

bad("unsolicited-response", "responses the server never asked for are ignored",
    [send({"jsonrpc": "2.0", "id": 99, "result": {}}),
     send({"jsonrpc": "2.0", "id": "zz", "error": {"code": 1, "message": "m"}}),
     send({"jsonrpc": "2.0", "id": None, "result": None}),
     {"expect_silence_ms": 300}])


def b64(b):
    return base64.b64encode(b).decode("ascii")


bad("invalid-utf8-body",
    "bodies with invalid UTF-8 (stray 0xff, overlong, surrogate, truncated sequence): -32700 each; "
    "a didOpen with invalid UTF-8 text does not open the document",
    [{"send_body_b64": b64(b'{"jsonrpc":"2.0","id":1,"method":"x\xff"}')}, expect({"error": {"code": -32700}}),
     {"send_body_b64": b64(b'{"jsonrpc":"2.0","id":2,"method":"\xc0\xaf"}')}, expect({"error": {"code": -32700}}),
     {"send_body_b64": b64(b'{"jsonrpc":"2.0","id":3,"method":"\xed\xa0\x80"}')},
     expect({"error": {"code": -32700}}),
     {"send_body_b64": b64(b'{"jsonrpc":"2.0","id":4,"method":"\xe6\x97"}')}, expect({"error": {"code": -32700}}),
     {"send_body_b64": b64(('{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":'
                            '{"uri":"%s","languageId":"python","version":1,"text":"' % U).encode()
                           + b"import torch\\n# \xff\xfe\\nmodel = Net()\\n" + b'"}}}')},
     expect({"error": {"code": -32700}}),
     send(pull("p", U)), expect({"id": "p", "error": {"code": {"$one_of": [-32602, -32803]}}})])

bad("deeply-nested-json",
    "10000 nested arrays/objects (unclosed, balanced, inside params): an error reply each, no crash",
    [{"send_body": {"$repeat": "[", "count": 10000}}, expect(err(None, -32700)),
     {"send_body": {"$concat": [{"$repeat": "[", "count": 10000}, {"$repeat": "]", "count": 10000}]}},
     expect({"id": None, "error": {"code": {"$one_of": [-32700, -32600]}}}),
     {"send_body": {"$concat": [{"$repeat": "{\"a\":", "count": 10000}, "1", {"$repeat": "}", "count": 10000}]}},
     expect({"id": None, "error": {"code": {"$one_of": [-32700, -32600]}}}),
     {"send_body": {"$concat": ["{\"jsonrpc\":\"2.0\",\"id\":\"deep\",\"method\":\"%s\",\"params\":{\"a\":" % AFTER,
                                {"$repeat": "[", "count": 10000}, {"$repeat": "]", "count": 10000}, "}}"]}},
     expect({"id": {"$one_of": [None, "deep"]}, "error": {"code": {"$type": "integer"}}})])

BAD_OPENS = [
    "x", [], {"textDocument": 5}, {"textDocument": {}},
    {"textDocument": {"uri": 5, "languageId": "python", "version": 1, "text": BASIC}},
    {"textDocument": {"uri": U + "-b1.py", "languageId": "python", "version": 1, "text": 5}},
    {"textDocument": {"uri": U + "-b2.py", "languageId": "python", "version": "1", "text": BASIC}},
    {"textDocument": {"uri": U + "-b3.py", "languageId": "python", "version": 1, "text": None}},
    {"textDocument": {"uri": U + "-b4.py", "languageId": 7, "version": 1.5, "text": BASIC}},
    {"textDocument": {"uri": U + "-b5.py", "languageId": "python", "version": -1, "text": [BASIC]}},
]
# A notification whose params is a scalar is not a valid JSON-RPC message: a
# -32600 reply with id null is allowed (JSON-RPC 2.0 answers invalid requests
# that way), anything else is not.
SCALAR_PARAMS_REPLY = expect(err(None, -32600), optional=True, timeout_ms=0)

bad("wrong-params-did-open",
    "didOpen with wrong parameter types: no reply (but -32600/null for scalar params), no crash; "
    "a valid didOpen then works",
    [send(notif("textDocument/didOpen", p)) for p in BAD_OPENS] +
    [send(notif("textDocument/didOpen")), PING, SCALAR_PARAMS_REPLY,
     send(did_open(U, BASIC)), expect(published(U, 1, [diag(U, BASIC)]))])


def r(l1, c1, l2, c2):
    return {"start": {"line": l1, "character": c1}, "end": {"line": l2, "character": c2}}


BAD_CHANGES = [
    {"textDocument": {"uri": U, "version": 2}, "contentChanges": "x"},
    {"textDocument": {"uri": U, "version": 2}, "contentChanges": [5]},
    {"textDocument": {"uri": U, "version": 2}, "contentChanges": [{}]},
    {"textDocument": {"uri": U, "version": 2}, "contentChanges": [{"range": "x", "text": "a"}]},
    {"textDocument": {"uri": U, "version": 2}, "contentChanges": [{"range": r(-1, 0, 0, 0), "text": "a"}]},
    {"textDocument": {"uri": U, "version": 2}, "contentChanges": [{"range": r(0, 0, 0, 1), "text": 5}]},
    {"textDocument": {"uri": U, "version": 2}, "contentChanges": [{"range": {"start": {"line": 0}}, "text": "a"}]},
    {"textDocument": {"uri": U, "version": 2}, "contentChanges": [{"range": r(1.5, 0, 2, 0), "text": "a"}]},
    {"textDocument": {"uri": U, "version": 2},
     "contentChanges": [{"range": r(4294967296, 0, 4294967296, 0), "text": "a"}]},
    {"textDocument": {"uri": U, "version": 2},
     "contentChanges": [{"range": r(0, 99999999999999999999, 0, 99999999999999999999), "text": "a"}]},
    {"textDocument": {"uri": U, "version": "two"}, "contentChanges": [{"text": "a"}]},
    {"textDocument": 5, "contentChanges": [{"text": "a"}]},
    {"contentChanges": [{"text": "a"}]},
    "x",
]
bad("wrong-params-did-change",
    "didChange with wrong parameter types: no reply (but -32600/null for scalar params), no crash; "
    "a full change then restores a known state",
    [send(did_open(U, BASIC)), expect(published(U, 1, [diag(U, BASIC)]))] +
    [send(notif("textDocument/didChange", p)) for p in BAD_CHANGES] +
    [send(notif("textDocument/didChange")), send(notif("textDocument/didClose", "x")),
     send(notif("textDocument/didClose", {"textDocument": 5})),
     send(notif("textDocument/didSave", {"textDocument": {"uri": 5}})),
     send(notif("$/cancelRequest", {"id": {"x": 1}})), send(notif("$/cancelRequest", "x")),
     PING, SCALAR_PARAMS_REPLY, SCALAR_PARAMS_REPLY, SCALAR_PARAMS_REPLY,
     send(did_change(U, 10, [{"text": lines_of(BASIC)}])), expect(published(U, 10, [diag(U, BASIC)]))])

bad("wrong-params-requests",
    "textDocument/diagnostic with wrong parameter types: -32602 each",
    [send(did_open(U, BASIC)),
     send(req(1, "textDocument/diagnostic", {"textDocument": 5})), expect(err(1, -32602)),
     send(req(2, "textDocument/diagnostic", {"textDocument": {}})), expect(err(2, -32602)),
     send(req(3, "textDocument/diagnostic", {"textDocument": {"uri": 5}})), expect(err(3, -32602)),
     send(req(5, "textDocument/diagnostic", [])), expect(err(5, -32602)),
     send(req(6, "textDocument/diagnostic")), expect(err(6, -32602)),
     send(req(7, "textDocument/diagnostic", {"textDocument": None})), expect(err(7, -32602))])

bad("params-scalar-on-request",
    "a request whose params is a scalar (\"x\", 5) gets -32602 (the brief's contract) with its id",
    [send(did_open(U, BASIC)),
     send(req(4, "textDocument/diagnostic", "x")), expect(err(4, -32602)),
     send(req(8, "textDocument/diagnostic", 5)), expect(err(8, -32602))])

write(B, "initialize-bad-params",
      "initialize with params \"x\" or [] gets -32602 and leaves the server uninitialized; a good one then works",
      [send(req(1, "initialize", "x")), expect(err(1, -32602)),
       send(req(2, "initialize", [])), expect(err(2, -32602)),
       send(unknown(3)), expect(err(3, -32002)),
       HS, PING, BYE])

B1 = BASIC[:line_no(BASIC, 2) - 1] + "\nfoo = 1" + BASIC[line_no(BASIC, 2) - 1:]
B2 = B1 + "# end\n"
bad("did-change-range-out-of-bounds",
    "ranges past a line's end clamp to the line end, past the last line to the document end; "
    "start after end does not crash",
    [send(did_open(U, BASIC)), expect(published(U, 1, [diag(U, BASIC)])),
     # (0, 1000)-(1, 0) covers exactly line 0's newline: replacing it by a newline changes nothing.
     send(did_change(U, 2, [{"range": r(0, 1000, 1, 0), "text": "\n"}])),
     expect(published(U, 2, [diag(U, BASIC)])),
     send(did_change(U, 3, [{"range": r(1, 1000, 1, 1000), "text": "\nfoo = 1"}])),
     expect(published(U, 3, [diag(U, B1)])),
     send(did_change(U, 4, [{"range": r(1000, 1000, 1000, 1000), "text": "# end\n"}])),
     expect(published(U, 4, [diag(U, B2)])),
     send(did_change(U, 5, [{"range": r(1000, 0, 1000, 5), "text": ""}])),
     expect(published(U, 5, [diag(U, B2)])),
     send(did_change(U, 6, [{"range": r(3, 0, 1, 0), "text": ""}])),
     PING,
     send(did_change(U, 7, [{"text": lines_of(BASIC)}])), expect(published(U, 7, [diag(U, BASIC)]))])

bad("did-change-unopened-document",
    "didChange for a never-opened or closed document is ignored (no diagnostics, no reply, no crash)",
    [send(did_change(U + "-never.py", 2, [{"range": r(0, 0, 0, 0), "text": "import torch\n"}])),
     send(did_change(U + "-never.py", 3, [{"text": BASIC}])),
     {"expect_silence_ms": 300},
     send(did_open(U, BASIC)), expect(published(U, 1, [diag(U, BASIC)])),
     send(did_close(U)), expect(published(U, None, [])),
     send(did_change(U, 2, [{"text": BASIC}])),
     {"expect_silence_ms": 300}])

bad("did-open-twice", "didOpen twice for the same uri: no crash; the server stays usable",
    [send(did_open(U, BASIC)), expect(published(U, 1, [diag(U, BASIC)])),
     send(did_open(U, GUARDED, version=5)),
     send(pull("p", U)), expect({"id": "p", "result": {"kind": "full", "items": "$any"}}),
     send(did_close(U)), expect(published(U, None, []))])

bad("did-close-unknown-document", "didClose for an unknown uri: no reply, no crash",
    [send(did_close("file:///tmp/gg-protocol-tests/unknown.py")), {"expect_silence_ms": 300}])

write(B, "messages-after-exit", "after shutdown and exit (status 0), more writes do not matter",
      [HS, send(req("s", "shutdown")), expect({"id": "s", "result": None}),
       send(notif("exit")), {"expect_exit": 0},
       send(unknown("late")), {"send_raw": "garbage\r\n\r\n"}, send(notif("exit"))])

write(B, "stdin-closed-mid-body", "stdin closed in the middle of a body: exit status 1, no crash",
      [HS, {"send_raw": "Content-Length: 100\r\n\r\n{\"jsonrpc\":\"2.0\",\"id\":1,"},
       {"close_stdin": True}, {"expect_exit": 1}])

write(B, "stdin-closed-mid-header", "stdin closed in the middle of a header: exit status 1, no crash",
      [HS, {"send_raw": "Content-Len"}, {"close_stdin": True}, {"expect_exit": 1}])

write(B, "stdin-closed-after-shutdown", "stdin closed after shutdown without exit: the server exits, no crash",
      [HS, send(req("s", "shutdown")), expect({"id": "s", "result": None}),
       {"close_stdin": True}, {"expect_exit": None}])


# ---------------------------------------------------------------- additions

MULTI0 = UNI
steps_changes = []
t = MULTI0
multi_edits = [
    lambda t: (line_no(t, 1), line_no(t, 2), ""),                       # drop the 検証 comment line
    lambda t: (after(t, "漢字"), after(t, "漢字"), "🎉é"),               # on the forward's line
    lambda t: (line_no(t, 0), line_no(t, 0), "# 先頭 🧪\n# two\n"),       # two lines at the top
    lambda t: (after(t, "🚀"), after(t, "漢"), " ok\n    z = \"ß"),      # across lines
]
for fn in multi_edits:
    a, b, new = fn(t)
    steps_changes.append({"range": rng(t, a, b, "utf-16"), "text": new})
    t = t[:a] + new + t[b:]
write(T, "incremental-multiple-changes-one-notification",
      "one didChange with four changes, each relative to the text left by the previous one (utf-16)",
      [HS, send(did_open(U, MULTI0)), expect(published(U, 1, [diag(U, MULTI0, check_message=False)])),
       send(did_change(U, 2, steps_changes)), expect(published(U, 2, [diag(U, t, check_message=False)])),
       BYE])

write(T, "pull-immediately-after-change",
      "with --debounce-ms 2000, a pull right after a change already reflects the changed text",
      [HS, send(did_open(U, BASIC)),
       send(pull("p1", U)), expect({"id": "p1", "result": {"kind": "full", "items": [diag(U, BASIC)]}}),
       send(did_change(U, 2, [{"text": lines_of(FULL2)}])),
       send(pull("p2", U)), expect({"id": "p2", "result": {"kind": "full", "items": [diag(U, FULL2)]}}),
       send(did_change(U, 3, [{"text": lines_of(GUARDED)}])),
       send(pull("p3", U)), expect({"id": "p3", "result": {"kind": "full", "items": []}}),
       BYE],
      args=["lsp", "--debounce-ms", "2000"])

write(T, "close-and-reopen",
      "a closed document reopened with other text (version 1 again) is analysed afresh",
      [HS, send(did_open(U, BASIC)), expect(published(U, 1, [diag(U, BASIC)])),
       send(did_close(U)), expect(published(U, None, [])),
       send(did_open(U, FULL4)), expect(published(U, 1, [diag(U, FULL4)])),
       BYE])

U2 = "file:///tmp/gg-protocol-tests/other_%E6%A4%9C%E8%A8%BC.py"
write(T, "two-documents",
      "two open documents (one with a percent-encoded uri) edited in turn: each publish carries its own uri and version",
      [HS, send(did_open(U, BASIC)), send(did_open(U2, GUARDED, version=10)),
       expect(published(U, 1, [diag(U, BASIC)])), expect(published(U2, 10, [])),
       send(did_change(U2, 11, [{"text": lines_of(FULL2)}])),
       send(did_change(U, 2, [{"text": lines_of(GUARDED)}])),
       expect(published(U2, 11, [diag(U2, FULL2)])), expect(published(U, 2, [])),
       send(did_close(U)), expect(published(U, None, [])),
       send(pull("p", U2)), expect({"id": "p", "result": {"kind": "full", "items": [diag(U2, FULL2)]}}),
       BYE])

CR = BASIC.replace("\n", "\r")
write(T, "lone-cr-line-endings",
      "a document with lone CR line ends (LSP 3.17 counts \\r as a line break): ranges on CR-separated lines",
      [HS, send(did_open(U, CR)), expect(published(U, 1, [diag(U, CR)])),
       send(did_change(U, 2, [{"range": rng(CR, line_no(CR, 1), line_no(CR, 1), "utf-16"), "text": "x = 1\r"}])),
       expect(published(U, 2, [diag(U, CR[:line_no(CR, 1)] + "x = 1\r" + CR[line_no(CR, 1):])])),
       BYE])


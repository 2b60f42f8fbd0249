#!/usr/bin/env python3
"""`gradguard check --output-format full` and `--output-format sarif` from the
outside: the source lines and carets of full (tabs, wide and combining
characters, control characters, long lines, ranges over several lines), its
help line, SARIF 2.1.0's shape, rules, regions (UTF-16 columns), URIs and
fixes, and the exit statuses, unchanged by either format.

usage: test_cli_formats.py GRADGUARD
"""
import json
import os
import shutil
import subprocess
import sys
import unicodedata
import urllib.parse

from cli_harness import Suite, check, docs_normalized  # tests/cli/cli_harness.py: the script's folder is on sys.path

suite = Suite("gg-formats-")

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
EXAMPLES = os.path.join(ROOT, "examples")

HEAD = "import torch\n\ndef validate(model, xs):\n    model.eval()\n"
FINDING = HEAD + "    return [model(x) for x in xs]\n"
# A call sharing its line with another statement (no wrap) in a coroutine (no
# decorator: no_grad's would not cover its body): the only "fix" is the `# noqa`.
NO_FIX = HEAD.replace("def validate", "async def validate") + "    a = 1; model(xs)\n"


def run(gradguard, *args, cwd=None):
    proc = subprocess.run([gradguard, "check", *args], cwd=cwd, capture_output=True, timeout=120)
    if proc.returncode < 0:
        raise AssertionError(f"killed by signal {-proc.returncode}: {proc.stderr.decode(errors='replace')}")
    return proc.returncode, proc.stdout.decode("utf-8"), proc.stderr.decode("utf-8", errors="replace")


def write(path, content, mode="w"):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, mode, **({} if "b" in mode else {"newline": ""})) as f:
        f.write(content)


# ---- full ----

def shown(line):
    """A source line as full shows it: tabs as four spaces, controls as control pictures."""
    out = []
    for c in line:
        if c == "\t":
            out.append("    ")
        elif ord(c) < 0x20:
            out.append(chr(0x2400 + ord(c)))
        elif c == "\x7f":
            out.append("\u2421")
        else:
            out.append(c)
    return "".join(out)


def width(s):
    """Terminal columns: wide and fullwidth characters 2, combining marks 0."""
    return sum(0 if unicodedata.combining(c) else 2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in s)


def blocks(out):
    """full's output cut into findings: lists of lines, each block ends with an empty line."""
    check(out.endswith("\n\n"), f"each finding ends with an empty line: {out[-80:]!r}")
    return [b.split("\n") for b in out[:-2].split("\n\n")]


def source_and_marks(block, row):
    """The shown text of line `row` and the caret line under it (None when there is none)."""
    for i, line in enumerate(block):
        head, sep, text = line.partition(" |")
        if sep and head.strip() == str(row):
            nxt = block[i + 1] if i + 1 < len(block) else ""
            marks = nxt.partition(" | ")[2] if nxt.partition(" |")[0].strip() == "" and "^" in nxt else None
            return text[1:], marks
    raise AssertionError(f"line {row} not shown: {block}")


def caret_span(marks):
    start = marks.index("^")
    end = start
    while end < len(marks) and marks[end] == "^":
        end += 1
    return start, end


def check_carets_under(block, row, text_line, needle):
    """The carets of line row are exactly under needle, as a terminal lays the shown line out."""
    src, marks = source_and_marks(block, row)
    check(src == shown(text_line), f"line {row} shown as {src!r}, not {shown(text_line)!r}")
    check(marks is not None, f"no carets under line {row}: {block}")
    cut = src.index(shown(needle))
    start, end = caret_span(marks)
    check((start, end) == (width(src[:cut]), width(src[:cut + len(needle)])),
          f"carets {start}..{end} under {src!r}, want {width(src[:cut])}..{width(src[:cut + len(needle)])}")


@suite.test
def full_shape(gg, tmp):
    path = os.path.join(tmp, "v.py")
    write(path, FINDING)
    rc, out, err = run(gg, "--output-format", "full", "v.py", cwd=tmp)
    check(rc == 1, f"exit {rc}, stderr {err!r}")
    _, concise, _ = run(gg, "v.py", cwd=tmp)
    _, js, _ = run(gg, "--output-format", "json", "v.py", cwd=tmp)
    help_text = json.loads(js)[0]["fix"]["message"]
    want = (concise +
            "  |\n"
            "3 | def validate(model, xs):\n"
            "4 |     model.eval()\n"
            "5 |     return [model(x) for x in xs]\n"
            "  |             ^^^^^^^^ GG001\n"
            "  |\n"
            f"help: {help_text}\n"
            "\n")
    check(out == want, f"\n{out}\n!=\n{want}")
    check(help_text == "Wrap the statement in `with torch.no_grad():`", help_text)
    check(err == "Found 1 finding.\n[*] 1 fixable with the `--fix` option.\n", f"summary {err!r}")


@suite.test
def full_help_only_for_real_fixes(gg, tmp):
    write(os.path.join(tmp, "n.py"), NO_FIX)
    rc, out, _ = run(gg, "--output-format=full", "n.py", cwd=tmp)
    check(rc == 1, f"exit {rc}")
    _, js, _ = run(gg, "--output-format", "json", "n.py", cwd=tmp)
    check("noqa" in json.loads(js)[0]["fix"]["message"], f"json's fix is the suppression: {js}")
    check("help:" not in out, f"a suppression is no help: {out!r}")
    (block,) = blocks(out)
    check(block[-1] == "  |", block)
    check_carets_under(block, 5, "    a = 1; model(xs)", "model(xs)")


@suite.test
def full_tab_and_non_ascii_before_the_finding(gg, tmp):
    lines = [
        "\tfor x in xs:",
        "\t\ty = model(x)",                                  # tabs only
        "\t\tz = 'h\u00e9\u6f22\U0001F600'; w = model(x)",     # é, a wide CJK, a wide emoji
        "\t\tq = 'e\u0301\u00e9\t'; v = model(x)",             # a combining accent, a tab inside
        "\t\tr = '\x1b[31m'; u = model(x)",                     # ESC: shown, never sent to the terminal
    ]
    write(os.path.join(tmp, "t.py"), HEAD.replace("    ", "\t") + "\n".join(lines) + "\n")
    rc, out, _ = run(gg, "--output-format", "full", "t.py", cwd=tmp)
    check(rc == 1, f"exit {rc}")
    check("\x1b" not in out, "a control character reaches the terminal")
    _, js, _ = run(gg, "--output-format", "json", "t.py", cwd=tmp)
    rows = json.loads(js)
    found = blocks(out)
    check(len(found) == len(rows) == 4, f"{len(found)} blocks, {len(rows)} json rows")
    for block, r, (row, text) in zip(found, rows, [(6, lines[1]), (7, lines[2]), (8, lines[3]), (9, lines[4])]):
        # The header is the concise line: code point columns, as json's.
        loc = r["location"]
        check(block[0].startswith(f"t.py:{loc['row']}:{loc['column']}: GG001 "), f"{block[0]!r} vs {loc}")
        check(loc["row"] == row, f"row {loc['row']} != {row}")
        check_carets_under(block, row, text, "model(x)")
        check(block[[i for i, l in enumerate(block) if "^" in l][0]].endswith("^ GG001"), "code after the carets")


@suite.test
def full_widths_from_unicode(gg, tmp):
    """The carets stay under the call after the characters libutf8proc measures: wide 2, combining 0."""
    lines = [
        "    for x in xs:",
        "        k = '\ud55c\uad6d\uc5b4'; a = model(x)",          # Hangul syllables: wide
        "        f = '\uff21\uff22'; b = model(x)",                # fullwidth letters
        "        c = 'a\u0301\u0323o\u0308'; d = model(x)",        # two combining marks on one letter, one on another
        "        m = '\u0645\u064e\u0646'; e = model(x)",          # Arabic with a haraka (combining)
        "        r = '\U0001F680\U0001F9EA'; g = model(x)",        # emoji: wide
        "        h = '\U0002000B\u4e2d'; i = model(x)",            # CJK, beyond the BMP too
        "        n = '\u0995\u09bc\u0a15\u0a3c'; j = model(x)",    # Bengali and Gurmukhi nuktas (combining)
    ]
    write(os.path.join(tmp, "w.py"), HEAD + "\n".join(lines) + "\n")
    rc, out, _ = run(gg, "--output-format", "full", "w.py", cwd=tmp)
    check(rc == 1, f"exit {rc}")
    found = blocks(out)
    check(len(found) == 7, f"{len(found)} blocks")
    first = HEAD.count("\n") + 2  # the row of lines[1]
    for k, block in enumerate(found):
        check_carets_under(block, first + k, lines[k + 1], "model(x)")


@suite.test
def full_range_over_several_lines(gg, tmp):
    body = "    for x in xs:\n        y = model(\n" + "".join(f"            {i},\n" for i in range(8)) + "        )\n"
    write(os.path.join(tmp, "m.py"), HEAD + body)
    rc, out, _ = run(gg, "--output-format", "full", "m.py", cwd=tmp)
    check(rc == 1, f"exit {rc}")
    (block,) = blocks(out)
    check(block[0].startswith("m.py:6:13: GG001 "), block[0])
    # First three lines of the range, "...", the last two; code after the last carets.
    text = "\n".join(block)
    check(" 6 |         y = model(\n   |             ^^^^^^\n" in text, text)
    check(" 7 |             0,\n   |             ^^\n" in text, text)
    check(" 8 |             1,\n   |             ^^\n...\n14 |             7,\n" in text, text)
    check("15 |         )\n   |         ^ GG001\n" in text, text)
    check(" 9 |" not in text and "13 |" not in text, text)
    check(block[1] == "   |" and block[2].startswith(" 4 |"), f"context and gutter width: {block[:3]}")


@suite.test
def full_long_line_is_cut_around_the_finding(gg, tmp):
    line = "    a = [" + "x, " * 100 + "model(x)" + ", y" * 100 + "]"
    write(os.path.join(tmp, "l.py"), HEAD + line + "\n")
    rc, out, _ = run(gg, "--output-format", "full", "l.py", cwd=tmp)
    check(rc == 1, f"exit {rc}")
    (block,) = blocks(out)
    src, marks = source_and_marks(block, 5)
    check(src.startswith("\u2026") and src.endswith("\u2026"), f"cut on both sides: {src[:20]!r}...{src[-20:]!r}")
    check(len(src) <= 202, f"{len(src)} columns")
    check(caret_span(marks) == (src.index("model(x)"), src.index("model(x)") + 8), f"{src!r}\n{marks!r}")


@suite.test
def full_exit_codes_unchanged(gg, tmp):
    rc, out, err = run(gg, "--output-format", "full", os.path.join(EXAMPLES, "validate_fixed.py"))
    check((rc, out, err) == (0, "", "All checks passed!\n"), f"clean: {rc} {out!r} {err!r}")
    write(os.path.join(tmp, "v.py"), FINDING)
    rc, out, err = run(gg, "--output-format", "full", "missing.py", "v.py", cwd=tmp)
    check(rc == 2 and "missing.py" in err and out.startswith("v.py:5:13: GG001"), f"error: {rc} {err!r}")
    rc, out, err = run(gg, "--output-format", "full", "examples/", cwd=ROOT)
    check(rc == 1 and out.startswith("examples/validate.py:24:19: GG001"), f"examples: {rc} {out[:80]!r}")
    check(err.startswith(f"Found {len(blocks(out))} finding{'s' if len(blocks(out)) != 1 else ''}.\n"), err)


# ---- sarif ----

# The part of the SARIF 2.1.0 schema (sarif-schema-2.1.0.json) this output
# uses: required members, types, enumerations and minimums as it states them.
POSITIVE = {"type": "integer", "minimum": 1}
MESSAGE = {"type": "object", "required": ["text"], "properties": {"text": {"type": "string"}}}
REGION = {"type": "object", "properties": {k: POSITIVE for k in ("startLine", "startColumn", "endLine", "endColumn")}}
ARTIFACT_LOCATION = {"type": "object", "properties": {"uri": {"type": "string", "format": "uri-reference"},
                                                       "uriBaseId": {"type": "string"}}}
PHYSICAL = {"type": "object", "properties": {"artifactLocation": ARTIFACT_LOCATION, "region": REGION}}
LOCATION = {"type": "object", "properties": {"id": {"type": "integer", "minimum": -1},
                                             "physicalLocation": PHYSICAL, "message": MESSAGE}}
REPLACEMENT = {"type": "object", "required": ["deletedRegion"],
               "properties": {"deletedRegion": REGION, "insertedContent": MESSAGE}}
FIX = {"type": "object", "required": ["artifactChanges"], "properties": {
    "description": MESSAGE,
    "artifactChanges": {"type": "array", "minItems": 1, "items": {
        "type": "object", "required": ["artifactLocation", "replacements"],
        "properties": {"artifactLocation": ARTIFACT_LOCATION,
                       "replacements": {"type": "array", "minItems": 1, "items": REPLACEMENT}}}}}}
RESULT = {"type": "object", "required": ["message"], "properties": {
    "ruleId": {"type": "string"}, "ruleIndex": {"type": "integer", "minimum": -1},
    "level": {"enum": ["none", "note", "warning", "error"]}, "message": MESSAGE,
    "locations": {"type": "array", "items": LOCATION}, "relatedLocations": {"type": "array", "items": LOCATION},
    "fixes": {"type": "array", "items": FIX}}}
RULE = {"type": "object", "required": ["id"], "properties": {
    "id": {"type": "string"}, "name": {"type": "string"}, "shortDescription": MESSAGE,
    "helpUri": {"type": "string", "format": "uri"},
    "defaultConfiguration": {"type": "object", "properties": {"level": {"enum": ["none", "note", "warning", "error"]}}}}}
SARIF_SCHEMA = {"type": "object", "required": ["version", "runs"], "properties": {
    "$schema": {"type": "string", "format": "uri"}, "version": {"enum": ["2.1.0"]},
    "runs": {"type": "array", "items": {"type": "object", "required": ["tool"], "properties": {
        "tool": {"type": "object", "required": ["driver"], "properties": {"driver": {
            "type": "object", "required": ["name"], "properties": {
                "name": {"type": "string"}, "version": {"type": "string"}, "informationUri": {"type": "string"},
                "rules": {"type": "array", "items": RULE}}}}},
        "columnKind": {"enum": ["utf16CodeUnits", "unicodeCodePoints"]},
        "originalUriBaseIds": {"type": "object", "additionalProperties": ARTIFACT_LOCATION},
        "results": {"type": "array", "items": RESULT},
        "invocations": {"type": "array", "items": {"type": "object", "required": ["executionSuccessful"],
                                                   "properties": {"executionSuccessful": {"type": "boolean"}}}}}}}}}


def sarif(gg, *args, cwd=None, want_rc=None):
    rc, out, err = run(gg, "--output-format", "sarif", *args, cwd=cwd)
    if want_rc is not None:
        check(rc == want_rc, f"exit {rc}, stderr {err!r}")
    log = json.loads(out)
    try:
        import jsonschema
    except ImportError:
        jsonschema = None
    if jsonschema:
        try:
            jsonschema.validate(log, SARIF_SCHEMA)
        except jsonschema.ValidationError as e:
            raise AssertionError(f"not SARIF 2.1.0: {e.message} at {list(e.absolute_path)}")
    check(log["version"] == "2.1.0" and log["$schema"].endswith("sarif-2.1.0.json"), "version and $schema")
    check(len(log["runs"]) == 1, "one run")
    return log["runs"][0], err


def version(gg):
    out = subprocess.run([gg, "--version"], capture_output=True, timeout=30).stdout.decode()
    return out.split()[-1]


@suite.test
def sarif_shape(gg, tmp):
    write(os.path.join(tmp, "v.py"), FINDING)
    r, err = sarif(gg, "v.py", cwd=tmp, want_rc=1)
    check(err == "", f"stderr {err!r}")
    _, js, _ = run(gg, "--output-format", "json", "--all-fixes", "v.py", cwd=tmp)
    (row,) = json.loads(js)
    driver = r["tool"]["driver"]
    check(driver["name"] == "gradguard" and driver["version"] == version(gg), driver)
    check("informationUri" not in driver, "an informationUri: gradguard has no web site to name")
    rules = driver["rules"]
    check([x["id"] for x in rules] == ["GG001", "GG002", "GG003", "GG000"], [x["id"] for x in rules])
    check(rules[0]["name"] == "eval-forward-with-grad" and rules[0]["shortDescription"]["text"], rules[0])
    check(rules[0]["helpUri"] == row["url"], f"{rules[0]['helpUri']} != json url {row['url']}")
    check(r["columnKind"] == "utf16CodeUnits", r.get("columnKind"))
    cwd_uri = "file://" + urllib.parse.quote(os.path.realpath(tmp)) + "/"
    check(r["originalUriBaseIds"]["%SRCROOT%"]["uri"] in (cwd_uri, "file://" + urllib.parse.quote(tmp) + "/"),
          r["originalUriBaseIds"])
    check(r["invocations"] == [{"executionSuccessful": True}], r["invocations"])
    (res,) = r["results"]
    check(res["ruleId"] == "GG001" and rules[res["ruleIndex"]]["id"] == "GG001", res)
    check(res["level"] == "warning" and res["message"]["text"] == row["message"], res)
    (loc,) = res["locations"]
    phys = loc["physicalLocation"]
    check(phys["artifactLocation"] == {"uri": "v.py", "uriBaseId": "%SRCROOT%"}, phys["artifactLocation"])
    check(phys["region"] == {"startLine": 5, "startColumn": 13, "endLine": 5, "endColumn": 21}, phys["region"])
    check(res["relatedLocations"][0]["physicalLocation"]["region"]["startLine"] == 4, res.get("relatedLocations"))
    # Every fix json lists except the suppression, in its order, with the same edits.
    fixes = [f for f in row["fixes"] if f["kind"] != "noqa"]
    check(len(res["fixes"]) == len(fixes) >= 1, f"{len(res['fixes'])} fixes, json has {len(fixes)}")
    for sf, jf in zip(res["fixes"], fixes):
        check(sf["description"]["text"] == jf["message"], sf["description"])
        check(sf["properties"] == {"applicability": jf["applicability"], "kind": jf["kind"]}, sf["properties"])
        (change,) = sf["artifactChanges"]
        check(change["artifactLocation"] == phys["artifactLocation"], change["artifactLocation"])
        check(len(change["replacements"]) == len(jf["edits"]), "one replacement per edit")
        for rep, edit in zip(change["replacements"], jf["edits"]):
            reg = rep["deletedRegion"]
            check((reg["startLine"], reg["startColumn"], reg["endLine"], reg["endColumn"]) ==
                  (edit["location"]["row"], edit["location"]["column"],
                   edit["end_location"]["row"], edit["end_location"]["column"]), f"{reg} vs {edit}")
            check(rep.get("insertedContent", {"text": ""})["text"] == edit["content"], f"{rep} vs {edit}")
    check(res["fixes"][0]["description"]["text"] == row["fix"]["message"], "the best fix first")


@suite.test
def sarif_columns_are_utf16(gg, tmp):
    # é is one UTF-16 unit and one code point; the emoji two units and one code point.
    src = HEAD + "    for x in xs:\n        s = '\u00e9'; y = model(x)\n        t = '\U0001F600'; z = model(x)\n"
    write(os.path.join(tmp, "u.py"), src)
    r, _ = sarif(gg, "u.py", cwd=tmp, want_rc=1)
    _, js, _ = run(gg, "--output-format", "json", "u.py", cwd=tmp)
    rows = json.loads(js)
    regions = [res["locations"][0]["physicalLocation"]["region"] for res in r["results"]]
    check(len(regions) == len(rows) == 2, f"{regions} {rows}")
    check(regions[0]["startColumn"] == rows[0]["location"]["column"] == 22, f"BMP: {regions[0]} {rows[0]}")
    check(regions[1]["startColumn"] == rows[1]["location"]["column"] + 1 == 23, f"astral: {regions[1]} {rows[1]}")
    check(regions[1]["endColumn"] - regions[1]["startColumn"] == 8, regions[1])


@suite.test
def sarif_clean_run_has_no_results(gg, tmp):
    r, err = sarif(gg, os.path.join(EXAMPLES, "validate_fixed.py"), want_rc=0)
    check(r["results"] == [] and err == "", f"{r['results']} {err!r}")
    check(r["invocations"] == [{"executionSuccessful": True}], r["invocations"])
    check(len(r["tool"]["driver"]["rules"]) == 4, "the rules are listed without results too")


@suite.test
def sarif_errors_exit_2_and_say_so(gg, tmp):
    write(os.path.join(tmp, "v.py"), FINDING)
    r, err = sarif(gg, "missing.py", "v.py", cwd=tmp, want_rc=2)
    check("missing.py" in err, err)
    check(r["invocations"] == [{"executionSuccessful": False}], r["invocations"])
    check(len(r["results"]) == 1, "the run goes on")


@suite.test
def sarif_uris(gg, tmp):
    write(os.path.join(tmp, "a b:c", "\u00fc%.py"), FINDING)
    r, _ = sarif(gg, "a b:c", cwd=tmp, want_rc=1)
    loc = r["results"][0]["locations"][0]["physicalLocation"]["artifactLocation"]
    check(loc == {"uri": "a%20b%3Ac/%C3%BC%25.py", "uriBaseId": "%SRCROOT%"}, loc)
    absolute = os.path.join(tmp, "v.py")
    write(absolute, FINDING)
    r, _ = sarif(gg, absolute, want_rc=1)
    loc = r["results"][0]["locations"][0]["physicalLocation"]["artifactLocation"]
    check(loc == {"uri": "file://" + urllib.parse.quote(absolute)}, loc)


@suite.test
def sarif_level_follows_severity(gg, tmp):
    write(os.path.join(tmp, "pyproject.toml"), '[tool.gradguard]\nseverity = { GG001 = "error" }\n')
    write(os.path.join(tmp, "v.py"), FINDING)
    r, _ = sarif(gg, "v.py", cwd=tmp, want_rc=1)
    check(r["results"][0]["level"] == "error", r["results"][0]["level"])
    check(r["tool"]["driver"]["rules"][0]["defaultConfiguration"]["level"] == "warning", "the rule's default")


@suite.test
def formats_in_help_and_errors(gg, tmp):
    rc, out, _ = run(gg, "--help")
    check(rc == 0 and all(f in out for f in FORMATS), out)
    rc, out, err = run(gg, "--output-format", "xml")
    check(rc == 2 and out == "" and "full" in err and "sarif" in err, f"{rc} {err!r}")


# ---- every format, as data: formats/NAME/ checked with --output-format FORMAT prints formats/NAME.FORMAT.out ----

FORMATS = ("concise", "full", "json", "json-lines", "junit", "grouped", "github", "gitlab", "pylint", "rdjson",
           "azure", "sarif")
FORMAT_CASES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "formats")


def format_case(name, fmt):
    """`check --output-format FORMAT` (no path: the folder) in a copy of formats/NAME: "$ exit N", stdout, stderr."""
    def case(gg, tmp):
        root = os.path.join(tmp, name)
        shutil.copytree(os.path.join(FORMAT_CASES, name), root)
        env = dict(os.environ)
        env.pop("CI_PROJECT_DIR", None)
        p = subprocess.run([gg, "check", "--output-format", fmt], cwd=root, capture_output=True, timeout=120, env=env)
        got = docs_normalized(f"$ exit {p.returncode}\n{p.stdout.decode()}--- stderr\n{p.stderr.decode()}")
        with open(os.path.join(FORMAT_CASES, f"{name}.{fmt}.out"), encoding="utf-8", newline="") as f:
            want = f.read()
        check(got == want, f"printed\n{got}\ninstead of\n{want}")
    case.__name__ = f"format_{name}_{fmt.replace('-', '_')}"
    return case


for _n in sorted(os.listdir(FORMAT_CASES)):
    _name, _, _rest = _n.partition(".")
    if _rest.endswith(".out"):
        suite.test(format_case(_name, _rest[:-4]))


@suite.test
def formats_parse_as_their_readers_do(gg, tmp):
    """gitlab, rdjson and json are JSON, json-lines one object a line, junit XML with a case per finding."""
    import xml.etree.ElementTree as ET
    root = os.path.join(tmp, "project")
    shutil.copytree(os.path.join(FORMAT_CASES, "project"), root)
    _, js, _ = run(gg, "--output-format", "json", cwd=root)
    rows = json.loads(js)
    _, lines, _ = run(gg, "--output-format", "json-lines", cwd=root)
    check([json.loads(x) for x in lines.splitlines()] == rows, "json-lines is not json's rows, one a line")
    _, gl, _ = run(gg, "--output-format", "gitlab", cwd=root)
    gitlab = json.loads(gl)
    check(len(gitlab) == len(rows) and len({g["fingerprint"] for g in gitlab}) == len(rows), "gitlab: a fingerprint each")
    check([g["location"]["positions"]["begin"] for g in gitlab] ==
          [{"line": r["location"]["row"], "column": r["location"]["column"]} for r in rows], "gitlab's positions")
    _, rd, _ = run(gg, "--output-format", "rdjson", cwd=root)
    diags = json.loads(rd)["diagnostics"]
    check([d["code"]["url"] for d in diags] == [r["url"] for r in rows], "rdjson's code urls are json's")
    _, xml, _ = run(gg, "--output-format", "junit", cwd=root)
    suites = ET.fromstring(xml)
    check(int(suites.get("failures")) == len(rows), xml)
    messages = [c.find("failure").get("message") for c in suites.iter("testcase")]
    check(messages == [r["message"] for r in rows], f"junit's messages (unescaped) are json's: {messages}")


@suite.test
def azure_and_junit_escape_what_they_must(gg, tmp):
    """A path with ';' and ']' stays one property of an Azure logging command; XML holds any message."""
    write(os.path.join(tmp, "a;b]%.py"), FINDING)
    _, out, _ = run(gg, "--output-format", "azure", cwd=tmp)
    check("sourcepath=a%3Bb%5D%AZP25.py;" in out, out)
    import xml.etree.ElementTree as ET
    write(os.path.join(tmp, "c.py"), FINDING.replace("model(x) for x in xs", "model(x['\x1b<&>']) for x in xs"))
    _, xml, _ = run(gg, "--output-format", "junit", "c.py", cwd=tmp)
    failure = ET.fromstring(xml).find("testsuite/testcase/failure")
    check("x['\u241b<&>']" in failure.get("message"), f"{failure.get('message')!r}")


@suite.test
def gitlab_paths_are_relative_to_ci_project_dir(gg, tmp):
    write(os.path.join(tmp, "repo", "src", "v.py"), FINDING)
    env = dict(os.environ, CI_PROJECT_DIR=os.path.join(tmp, "repo"))
    p = subprocess.run([gg, "check", "--output-format", "gitlab", os.path.join(tmp, "repo", "src", "v.py")], cwd=tmp,
                       capture_output=True, timeout=120, env=env)
    (row,) = json.loads(p.stdout)
    check(row["location"]["path"] == "src/v.py", row["location"])


# ---- rule pages (server/docs_url.h) ----

@suite.test
def docs_url_default_is_the_installed_pages(gg, tmp):
    """With nothing configured, json's url, sarif's helpUri and explain name a rule page that exists."""
    write(os.path.join(tmp, "v.py"), FINDING)
    _, js, _ = run(gg, "--output-format", "json", "--isolated", "v.py", cwd=tmp)
    url = json.loads(js)[0]["url"]
    check(url.startswith("file:///") and url.endswith("/GG001.md"), url)
    path = urllib.parse.unquote(urllib.parse.urlparse(url).path)
    check(os.path.isfile(path) and open(path, encoding="utf-8").read().startswith("# GG001"), f"{url}: no page there")
    r, _ = sarif(gg, "--isolated", "v.py", cwd=tmp)
    check(r["tool"]["driver"]["rules"][0]["helpUri"] == url, r["tool"]["driver"]["rules"][0])
    out = subprocess.run([gg, "explain", "GG001"], cwd=tmp, capture_output=True, timeout=30).stdout.decode()
    check(out.rstrip().endswith("Documentation: " + url), out[-200:])


@suite.test
def docs_url_is_configurable(gg, tmp):
    """docs-url in [tool.gradguard]: a base the code is appended to, or a pattern with {code}; any other scheme is an error."""
    write(os.path.join(tmp, "v.py"), FINDING)
    for setting, want in (("https://example.org/gg/rules", "https://example.org/gg/rules/GG001.md"),
                          ("https://example.org/gg/rules/", "https://example.org/gg/rules/GG001.md"),
                          ("https://example.org/rules/{code}.html", "https://example.org/rules/GG001.html")):
        write(os.path.join(tmp, "pyproject.toml"), f'[tool.gradguard]\ndocs-url = "{setting}"\n')
        _, js, _ = run(gg, "--output-format", "json", "v.py", cwd=tmp)
        check(json.loads(js)[0]["url"] == want, f"{setting}: {js[:400]}")
        r, _ = sarif(gg, "v.py", cwd=tmp)
        check(r["tool"]["driver"]["rules"][0]["helpUri"] == want, f"{setting}: {r['tool']['driver']['rules'][0]}")
        _, rd, _ = run(gg, "--output-format", "rdjson", "v.py", cwd=tmp)
        check(json.loads(rd)["diagnostics"][0]["code"]["url"] == want, rd[:300])
        out = subprocess.run([gg, "explain", "GG001"], cwd=tmp, capture_output=True, timeout=30).stdout.decode()
        check(out.rstrip().endswith("Documentation: " + want), out[-200:])
    write(os.path.join(tmp, "pyproject.toml"), '[tool.gradguard]\ndocs-url = "javascript:alert(1)"\n')
    rc, _, err = run(gg, "v.py", cwd=tmp)
    check(rc == 2 and "docs-url must be an http://, https:// or file:// URL" in err, f"{rc} {err!r}")


# ---- json ----

@suite.test
def json_file_name_not_utf8_is_percent_encoded(gg, tmp):
    """A name that is not UTF-8 is written as SARIF writes it (percent-encoded), so the report stays UTF-8."""
    name = b"r\xe9sultats 50%.py"
    write(os.path.join(os.fsencode(tmp), name), FINDING.encode(), mode="wb")
    proc = subprocess.run([gg, "check", "--output-format", "json", "."], cwd=tmp, capture_output=True, timeout=120)
    check(proc.returncode == 1, f"exit {proc.returncode}: {proc.stderr!r}")
    try:
        rows = json.loads(proc.stdout.decode("utf-8", errors="strict"))
    except ValueError as e:
        raise AssertionError(f"the report is not UTF-8 JSON ({e}): {proc.stdout[:200]!r}")
    check(len(rows) == 1, f"{rows}")
    got = rows[0]["filename"]
    check(urllib.parse.unquote_to_bytes(got) == name, f"filename {got!r} does not decode to {name!r}")
    # A name that is UTF-8 is written as it is, '%' and spaces included.
    os.rename(os.path.join(os.fsencode(tmp), name), os.path.join(tmp, "r\u00e9sultats 50%.py"))
    rc, out, err = run(gg, "--output-format", "json", ".", cwd=tmp)
    check(json.loads(out)[0]["filename"] == "r\u00e9sultats 50%.py", out)


if __name__ == "__main__":
    sys.exit(suite.main(sys.argv, __doc__.strip().splitlines()[-1]))

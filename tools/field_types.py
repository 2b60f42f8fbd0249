#!/usr/bin/env python3
"""field_types.py NODE_TYPES_JSON|- OUTPUT: writes OUTPUT, a C file defining

    const gg_tree_field_pair gg_python_field_pairs[];
    const size_t gg_python_field_pairs_len;

each pair a type of node and a type of child one of its fields can hold, as
the grammar's node-types.json lists them (supertypes such as `expression`
spelled out into the types under them). The analysis's copy of the tree asks
tree-sitter for a child's field only where its pair is listed
(server/analysis/tree.c). With `-` (a grammar installed without its
node-types.json) the list is empty, and every child is asked.

Run at build time by meson with the Python that runs meson.
"""
import json
import sys


def c_string(s):
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


def main(argv):
    if len(argv) != 3:
        sys.stderr.write("usage: field_types.py NODE_TYPES_JSON|- OUTPUT\n")
        return 2
    types = []
    if argv[1] != "-":
        with open(argv[1], encoding="utf-8") as f:
            types = json.load(f)
    subtypes = {(t["type"], t["named"]): t.get("subtypes", []) for t in types if "subtypes" in t}

    def spelled_out(t, seen):
        key = (t["type"], t["named"])
        if key not in subtypes:
            return [key]
        if key in seen:
            return []
        out = []
        for s in subtypes[key]:
            out += spelled_out(s, seen | {key})
        return out

    pairs = set()
    for t in types:
        for field in t.get("fields", {}).values():
            for child in field.get("types", []):
                for name, named in spelled_out(child, frozenset()):
                    pairs.add((t["type"], name, named))
    with open(argv[2], "w", encoding="utf-8") as out:
        out.write("/* Generated from %s by tools/field_types.py; do not edit. */\n" % argv[1])
        out.write('#include "tree.h"\n\n')
        out.write("const gg_tree_field_pair gg_python_field_pairs[] = {\n")
        for parent, child, named in sorted(pairs):
            out.write("\t{ %s, %s, %s },\n" % (c_string(parent), c_string(child), "true" if named else "false"))
        if not pairs:
            out.write("\t{ NULL, NULL, false },\n")
        out.write("};\n")
        out.write("const size_t gg_python_field_pairs_len = %d;\n" % len(pairs))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

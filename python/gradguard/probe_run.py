"""`python -m gradguard run [OPTIONS] SCRIPT [ARGS...]` (or `run -m MODULE ARGS...`):
runs a Python program under gradguard.probe, as `python SCRIPT ARGS...` would
run it, then prints the runtime findings and writes .gradguard/runtime.json.

The program's stdout is its own: the report goes to stderr, or to
--output-file. The exit status is the program's.
"""
import argparse
import os
import runpy
import sys

USAGE = """usage: python -m gradguard run [OPTIONS] SCRIPT [ARGS...]
       python -m gradguard run [OPTIONS] -m MODULE [ARGS...]

Runs the program under gradguard.probe (docs/probe.md): every forward of a
module in eval mode is measured, and what it kept for a backward that never
came is reported (GG001), with the autograd graphs a call site keeps alive
across its calls (GG002).

options:
  --output-format FORMAT   concise (default), json, sarif or github, as gradguard check
  --output-file PATH       write the report there instead of stderr
  --workspace DIR          where .gradguard/runtime.json goes, and what file names in
                           the report are relative to (default: the current folder)
  --no-runtime-json        do not write .gradguard/runtime.json
  -h, --help               print this help

exit status: the program's (2 for a usage error, or when torch cannot be imported)
"""


def _parse(argv):
    p = argparse.ArgumentParser(prog="python -m gradguard run", add_help=False, usage=USAGE)
    p.add_argument("--output-format", default="concise", choices=("concise", "json", "sarif", "github"))
    p.add_argument("--output-file")
    p.add_argument("--workspace")
    p.add_argument("--no-runtime-json", action="store_true")
    p.add_argument("-h", "--help", action="store_true")
    p.add_argument("-m", dest="module")
    # What follows the script (or -m MODULE) is the program's, options included.
    opts, rest = [], list(argv)
    while rest and rest[0].startswith("-") and rest[0] != "-":
        a = rest.pop(0)
        opts.append(a)
        if a == "-m":
            if rest:
                opts.append(rest.pop(0))
            break
        if a in ("--output-format", "--output-file", "--workspace") and rest:
            opts.append(rest.pop(0))
    args = p.parse_args(opts)
    return args, rest


def main(argv):
    args, rest = _parse(argv)
    if args.help:
        sys.stdout.write(USAGE)
        return 0
    if not args.module and not rest:
        sys.stderr.write(USAGE)
        return 2
    try:
        from gradguard import probe
        the_probe = probe.install(report_at_exit=False)
    except ImportError as e:
        sys.stderr.write("gradguard run: cannot import torch (%s): the probe needs torch 1.13 or later\n" % e)
        return 2
    except RuntimeError as e:
        sys.stderr.write("gradguard run: %s\n" % e)
        return 2
    root = os.path.realpath(args.workspace or os.getcwd())
    command = [sys.executable, "-m", "gradguard", "run"] + list(argv)
    status = 0
    try:
        if args.module:
            sys.argv = [args.module] + rest
            runpy.run_module(args.module, run_name="__main__", alter_sys=True)
        else:
            script = rest[0]
            sys.argv = list(rest)
            # As `python SCRIPT`: the script's folder first on the import path.
            sys.path.insert(0, os.path.dirname(os.path.abspath(script)))
            runpy.run_path(script, run_name="__main__")
    except SystemExit as e:
        code = e.code
        status = code if isinstance(code, int) else (0 if code is None else 1)
        if code is not None and not isinstance(code, int):
            sys.stderr.write("%s\n" % code)
    except BaseException:
        import traceback
        traceback.print_exc()
        status = 1
    finally:
        probe.uninstall(fmt=None, write=False)
        out = open(args.output_file, "w", encoding="utf-8") if args.output_file else sys.stderr
        try:
            the_probe.report(args.output_format, out, root)
        finally:
            if args.output_file:
                out.close()
        if not args.no_runtime_json:
            from gradguard import probe_output
            path = probe_output.write_runtime_json(the_probe, root, command)
            if args.output_format == "concise" and not args.output_file:
                sys.stderr.write("gradguard: wrote %s\n" % os.path.relpath(path))
    return status

#!/usr/bin/env python3
"""Hostile and huge input for `gradguard diagnose`.

    run_robustness.py BINARY [--quick]

- a 200 MB generated training log (progress bars, rank prefixes, warnings,
  hundreds of caught tracebacks, the fatal OOM at the end) streamed through
  stdin: peak RSS must stay bounded and the final OOM must be found;
- the same log at 20 MB: the time must grow about linearly;
- a 10 MB line in the middle of a traceback, and a File line of 1 MiB;
- random bytes and mutated case logs: exit 0, 1 or 3, valid JSON, never a crash.
--quick (for the sanitizer build) skips the big logs. Standard library only.
"""

import json
import os
import random
import resource
import subprocess
import sys
import time

sys.dont_write_bytecode = True
HERE = os.path.dirname(os.path.abspath(__file__))
RSS_LIMIT_MB = 96
SANITIZER_MARKERS = (b"ERROR: AddressSanitizer", b"ERROR: LeakSanitizer", b"runtime error:")

NOISE = (
    "Epoch 3:  41%|####1     | 410/1000 [01:02<01:30,  6.5it/s, loss=0.412]\r",
    "[rank%d]:[W reducer.cpp:1360] Warning: find_unused_parameters=True was specified\n",
    "/home/u/train.py:88: UserWarning: The given NumPy array is not writable\n  x = torch.from_numpy(a)\n",
    "\x1b[32mINFO\x1b[0m step 1200 loss 0.4123 lr 3.0e-4\n",
)
CAUGHT = ("Traceback (most recent call last):\n  File \"/home/u/data.py\", line 12, in __getitem__\n"
          "    img = Image.open(path)\nPIL.UnidentifiedImageError: cannot identify image file 'x.jpg'\n")
FATAL = ("[rank1]:Traceback (most recent call last):\n[rank1]:  File \"/home/u/train.py\", line 8, in evaluate\n"
         "[rank1]:    out = model(x)\n[rank1]:torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB.\n")


def chunks(total):
    """Yields about total bytes of log, a chunk at a time, ending with FATAL."""
    rng = random.Random(7)
    block = []
    for i in range(4000):
        block.append(NOISE[rng.randrange(len(NOISE))].replace("%d", str(i % 8)) if "%d" in NOISE[1] else "")
        if i % 500 == 0:
            block.append(CAUGHT)
    data = "".join(block).encode()
    sent = 0
    while sent < total:
        yield data
        sent += len(data)
    yield FATAL.encode()


def run(binary, args, feed):
    """Runs binary with feed (bytes or a generator of bytes) on stdin; returns (rc, stdout, stderr, seconds, peak_rss_mb)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    t0 = time.monotonic()
    err_path = "/tmp/gg-robust-%d.err" % os.getpid()
    with open(err_path, "wb") as err:
        p = subprocess.Popen([binary, "diagnose", "--no-root", "--output-format", "json"] + args + ["-"],
                             stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=err)
        import threading
        out = []
        t = threading.Thread(target=lambda: out.append(p.stdout.read()))
        t.start()
        try:
            for c in ([feed] if isinstance(feed, bytes) else feed):
                p.stdin.write(c)
            p.stdin.close()
        except BrokenPipeError:
            pass
        t.join()
        rc = p.wait()
    with open(err_path, "rb") as fh:
        stderr = fh.read()
    os.unlink(err_path)
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    # ru_maxrss of children is the largest of any child so far: meaningful when it grew.
    return rc, out[0] if out else b"", stderr, time.monotonic() - t0, max(peak, before) / 1024.0


def check_output(name, rc, out, err):
    if any(m in err for m in SANITIZER_MARKERS):
        return "%s: sanitizer report: %s" % (name, err[-2000:].decode("utf-8", "replace"))
    if rc not in (0, 1, 3):
        return "%s: exit %d: %s" % (name, rc, err[-500:].decode("utf-8", "replace"))
    try:
        return json.loads(out.decode("utf-8"))
    except (UnicodeDecodeError, ValueError) as e:
        return "%s: output is not JSON: %s" % (name, e)


def main():
    args = sys.argv[1:]
    quick = "--quick" in args
    args = [a for a in args if a != "--quick"]
    if not args:
        print(__doc__, file=sys.stderr)
        return 2
    binary = args[0]
    results = []

    def report(name, problem):
        results.append(problem is None)
        print(("ok   %s" if problem is None else "FAIL %s: " + problem) % name)

    if not quick:
        for size, label in ((20 << 20, "20MB"), (200 << 20, "200MB")):
            rc, out, err, secs, rss = run(binary, [], chunks(size))
            r = check_output(label, rc, out, err)
            if isinstance(r, str):
                report("stream-" + label, r)
                continue
            first = [d for d in r["diagnoses"] if d["first"]]
            problem = None
            if not first or first[0]["kind"] != "oom-eval-no-grad" or first[0]["rank"] != 1:
                problem = "the final OOM was not the first failure: %r" % [(d["kind"], d["rank"]) for d in r["diagnoses"]][-3:]
            elif rss > RSS_LIMIT_MB:
                problem = "peak RSS %.0f MB > %d MB" % (rss, RSS_LIMIT_MB)
            print("     %s: %.1f s, peak RSS %.0f MB, %d lines" % (label, secs, rss, r["lines"]))
            results_time = secs
            if label == "20MB":
                small = secs
            elif problem is None and secs > 10 * max(small, 0.2) * 2:
                problem = "time grows faster than linear: %.1f s for 20 MB, %.1f s for 200 MB" % (small, secs)
            report("stream-" + label, problem)
            del results_time
        # Hostile: 300 ranks each opening a traceback of endless frames with long names.
        def hostile():
            name = "/very/long/" + "d" * 3000
            for rank in range(300):
                yield ("[rank%d]:Traceback (most recent call last):\n" % rank).encode()
            frame = "".join('[rank%d]:  File "%s%d.py", line 1, in f%s\n[rank%d]:    x = f()\n' % (r, name, r, "g" * 500, r)
                            for r in range(300)).encode()
            for _ in range(60):
                yield frame
        rc, out, err, secs, rss = run(binary, [], hostile())
        r = check_output("hostile", rc, out, err)
        problem = r if isinstance(r, str) else None
        if problem is None and rss > RSS_LIMIT_MB:
            problem = "peak RSS %.0f MB > %d MB" % (rss, RSS_LIMIT_MB)
        print("     hostile: %.1f s, peak RSS %.0f MB" % (secs, rss))
        report("hostile-deep-tracebacks", problem)
        line = b"x" * (10 << 20)
        feed = (b"Traceback (most recent call last):\n  File \"t.py\", line 3, in evaluate\n    out = model(x)\n" + line +
                b"\nRuntimeError: CUDA out of memory. Tried to allocate 1.00 GiB\n")
        rc, out, err, secs, rss = run(binary, [], feed)
        r = check_output("10MB-line", rc, out, err)
        problem = r if isinstance(r, str) else None
        if problem is None and not any(d["kind"].startswith("oom") for d in r["diagnoses"]):
            problem = "the OOM after the long line was not found"
        report("line-10MB", problem)
        # A File line of 1 MiB (a path that long): the OOM is still the answer, alone.
        feed = (b"Traceback (most recent call last):\n  File \"/home/u/" + b"a" * (1 << 20) +
                b".py\", line 3, in evaluate\n    out = model(x)\n"
                b"torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB\n")
        rc, out, err, secs, rss = run(binary, [], feed)
        r = check_output("1MiB-file-line", rc, out, err)
        problem = r if isinstance(r, str) else None
        if problem is None and [d["kind"] for d in r["diagnoses"]] != ["oom"]:
            problem = "expected one oom diagnosis, got %s" % [d["kind"] for d in r["diagnoses"]]
        report("file-line-1MiB", problem)
        # A 10 MB line that is itself the exception message.
        rc, out, err, secs, rss = run(binary, [], b"RuntimeError: CUDA out of memory. " + line + b"\n")
        r = check_output("10MB-message", rc, out, err)
        report("message-10MB", r if isinstance(r, str) else None)

    rng = random.Random(1234)
    cases_dir = os.path.join(HERE, "cases")
    logs = sorted(os.path.join(cases_dir, f) for f in os.listdir(cases_dir) if f.endswith(".log"))
    bad = None
    runs = 40 if quick else 200
    for i in range(runs):
        if i % 2 == 0:
            data = bytes(rng.randrange(256) for _ in range(rng.randrange(1, 20000)))
        else:
            with open(logs[rng.randrange(len(logs))], "rb") as fh:
                data = bytearray(fh.read())
            for _ in range(rng.randrange(1, 40)):
                if not data:
                    break
                k = rng.randrange(len(data))
                op = rng.randrange(3)
                if op == 0:
                    data[k] = rng.randrange(256)
                elif op == 1:
                    del data[k:k + rng.randrange(1, 50)]
                else:
                    data[k:k] = data[rng.randrange(len(data)):][:rng.randrange(1, 200)]
            data = bytes(data)
        rc, out, err, secs, rss = run(binary, [], data)
        r = check_output("fuzz-%d" % i, rc, out, err)
        if isinstance(r, str):
            bad = r
            with open("/tmp/gg-fuzz-failure.bin", "wb") as fh:
                fh.write(data)
            bad += " (input saved to /tmp/gg-fuzz-failure.bin)"
            break
    report("random-and-mutated-%d" % runs, bad)
    passed = sum(results)
    print("%d passed, %d failed" % (passed, len(results) - passed))
    return 0 if passed == len(results) else 1


if __name__ == "__main__":
    sys.exit(main())

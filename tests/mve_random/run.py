#!/usr/bin/env python3
"""Random MVE differential test: QEMU against etsim, state after every step.

    run.py [--seeds N] [--first S] [--count N] [--etsim PATH] [--qemu-only]
           [--jobs J] [--exclude T,...] [--only T,...] [--retries K]
           [--keep DIR] [--allow-unsupported] [--oracle-reruns N]

For each seed S .. S+N-1: gen.py writes a program of --count random steps,
it is built with the firmware toolchain, run on QEMU (the oracle) and on
etsim, and the two dumps are compared line by line.

Per seed the outcome is one of
  ok         every step gave the same state on both;
  FAIL       the first step whose state differs: its instruction text and
             each differing field (QEMU's value, etsim's value);
  BAD        QEMU itself did not run the program to the end (a generator
             bug: an instruction QEMU finds UNDEFINED or a fault).
A difference counts only if QEMU gives the same dumps again: on a
difference QEMU runs the program up to --oracle-reruns more times.  QEMU
has been seen (rarely, on a loaded machine: about one seed in a few
hundred) to dump a state that neither its next runs nor etsim reproduce;
if a rerun of QEMU agrees with etsim, the seed passes and the line says how
many of QEMU's runs disagreed ("ok seed S (N steps; QEMU unstable: ...)").
etsim is run twice on such a seed too: its dumps must not change.
When etsim stops where QEMU goes on (a crash, exit status 3, or a fault the
program's handler reports), the instruction of that step is reported as
"unsupported" and the seed is generated again without its template(s), up to
--retries times, so one missing instruction does not hide the others.

The summary is "N passed, M failed" alone on a line (seeds that still stop
on an unsupported instruction after the retries count in neither), then the
unsupported templates with one instruction text each (or "0 unsupported").  Exit status 0 when nothing
failed and (unless --allow-unsupported) nothing was unsupported, else 1;
2 on a usage or build error.
"""
import argparse
import concurrent.futures
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", ".."))
ARCH = ["-mcpu=cortex-m55", "-mthumb", "-mfloat-abi=hard"]
CC = "arm-none-eabi-gcc"


def sh(cmd, **kw):
    return subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, **kw)


def build_common(work):
    startup = os.path.join(ROOT, "build", "firmware", "common", "startup.o")
    if not os.path.exists(startup):
        r = sh(["make", "-C", ROOT, "build/firmware/common/startup.o"])
        if r.returncode != 0:
            sys.exit("run.py: cannot build startup.o:\n" + r.stdout + r.stderr)
    harness = os.path.join(work, "harness.o")
    r = sh([CC] + ARCH + ["-std=c11", "-O1", "-fno-tree-vectorize", "-Wall", "-Wextra", "-Werror",
                          "-c", os.path.join(HERE, "harness.c"), "-o", harness])
    if r.returncode != 0:
        sys.exit("run.py: cannot build harness.c:\n" + r.stderr)
    return startup, harness


def build_seed(d, seed, count, names_args, startup, harness):
    r = sh([sys.executable, os.path.join(HERE, "gen.py"), "--seed", str(seed), "--count", str(count),
            "--out", d] + names_args)
    if r.returncode != 0:
        return "gen.py failed: " + r.stderr.strip()
    r = sh([CC] + ARCH + ["-c", os.path.join(d, "steps.S"), "-o", os.path.join(d, "steps.o")])
    if r.returncode != 0:
        return "assembling failed: " + r.stderr.strip()[:2000]
    r = sh([CC] + ARCH + ["-O1", "-c", os.path.join(d, "gen.c"), "-o", os.path.join(d, "gen.o")])
    if r.returncode != 0:
        return "compiling gen.c failed: " + r.stderr.strip()[:2000]
    r = sh([CC] + ARCH + ["-o", os.path.join(d, "prog.elf"), harness, os.path.join(d, "gen.o"),
                          os.path.join(d, "steps.o"), startup, "--specs=rdimon.specs", "-nostartfiles",
                          "-T", os.path.join(ROOT, "firmware", "common", "an547.ld"), "-Wl,--gc-sections"])
    if r.returncode != 0:
        return "linking failed: " + r.stderr.strip()[:2000]
    return None


def run(cmd, timeout):
    try:
        r = subprocess.run(cmd, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           timeout=timeout)
        return r.returncode, r.stdout.decode(errors="replace"), r.stderr.decode(errors="replace")
    except subprocess.TimeoutExpired as e:
        out = (e.stdout or b"").decode(errors="replace")
        return "timeout", out, (e.stderr or b"").decode(errors="replace")


def dumps(text):
    """The dump lines ("B ...", "S k ...") and whether END was reached."""
    lines = text.splitlines()
    return [ln for ln in lines if ln.startswith("S ") or ln.startswith("B ")], "END" in lines


def fields(line):
    return dict(f.split("=", 1) for f in line.split()[2:] if "=" in f)


def describe_diff(ql, el):
    qf, ef = fields(ql), fields(el)
    out = []
    for k in qf:
        if qf[k] != ef.get(k):
            out.append("      %-6s qemu %s\n             etsim %s" % (k, qf[k], ef.get(k)))
    return "\n".join(out) if out else "      qemu  %s\n      etsim %s" % (ql, el)


def read_steps(d):
    steps = {}
    with open(os.path.join(d, "steps.txt")) as f:
        for ln in f:
            k, name, text = ln.rstrip("\n").split(" ", 2)
            steps[int(k)] = (name, text)
    return steps


def one_attempt(a, seed, d, names_args, startup, harness):
    """Returns (kind, message, steps_compared, unsupported_templates)."""
    err = build_seed(d, seed, a.count, names_args, startup, harness)
    if err:
        return "BAD", err, 0, []
    elf = os.path.join(d, "prog.elf")
    qs, qout, qerr = run(["qemu-system-arm", "-M", "mps3-an547", "-nographic", "-semihosting-config",
                          "enable=on,target=native", "-kernel", elf], a.qemu_timeout)
    with open(os.path.join(d, "qemu.out"), "w") as f:
        f.write(qout)
    qd, qend = dumps(qout)
    steps = read_steps(d)
    if qs != 0 or not qend:
        k = len(qd) - 2   # the step after the last dump (lines: B, S -1, S 0...)
        name, text = steps.get(k, ("?", "?"))
        return "BAD", "QEMU status %s at step %d (%s: %s): %s" % (
            qs, k, name, text, (qout.strip().splitlines() or [""])[-1][:200]), 0, []
    if a.qemu_only:
        return "ok", "", len(qd) - 2, []
    es, eout, eerr = run([a.etsim, "-q", elf], a.etsim_timeout)
    with open(os.path.join(d, "etsim.out"), "w") as f:
        f.write(eout)
    with open(os.path.join(d, "etsim.err"), "w") as f:
        f.write(eerr)
    ed, eend = dumps(eout)
    note = ""
    first = first_difference(qd, ed)
    if first is not None:
        qd, note = oracle_recheck(a, elf, qd, ed, d)
        first = first_difference(qd, ed)
    if first is not None:
        i = first
        ql, el = qd[i], ed[i]
        k = i - 2
        name, text = steps.get(k, ("(start)", "(initial state)"))
        return "FAIL", "step %d [%s] %s\n%s%s" % (k, name, text, describe_diff(ql, el), note), max(k, 0), []
    if len(ed) < len(qd) or not eend or es != 0:
        k = len(ed) - 2
        name, text = steps.get(k, ("?", "?"))
        why = ("exit status %s" % es) + (": " + eerr.strip().splitlines()[0][:200] if eerr.strip() else "")
        fault = [ln for ln in eout.splitlines() if ln.startswith("FAULT")]
        if fault:
            why += " (" + fault[0] + ")"
        if k >= 0 and k in steps:
            tpls = [t for t in name.split("+") if t != "vpt"]
            return "UNSUP", "step %d [%s] %s: etsim %s" % (k, name, text, why), k, tpls
        return "FAIL", "etsim stopped before step 0: " + why, 0, []
    return "ok", note, len(qd) - 2, []


def first_difference(qd, ed):
    """The index of the first dump line that differs, or None."""
    for i, (ql, el) in enumerate(zip(qd, ed)):
        if ql != el:
            return i
    return None


def oracle_recheck(a, elf, qd, ed, d):
    """QEMU's dumps differ from etsim's: run QEMU again (up to
    --oracle-reruns times).  Returns the dumps to compare with and a note.
    If QEMU reproduces its first dumps, they stand (a real difference).  If
    a rerun gives other dumps, QEMU's output is not reproducible: a rerun
    that agrees with etsim is taken, provided etsim itself is stable (a
    second etsim run gives the same dumps); else the first dumps stand."""
    runs = [qd]
    for n in range(a.oracle_reruns):
        qs, qout, _ = run(["qemu-system-arm", "-M", "mps3-an547", "-nographic", "-semihosting-config",
                           "enable=on,target=native", "-kernel", elf], a.qemu_timeout)
        rd, rend = dumps(qout)
        if qs != 0 or not rend:
            continue
        with open(os.path.join(d, "qemu-rerun%d.out" % (n + 1)), "w") as f:
            f.write(qout)
        runs.append(rd)
        if rd == qd:
            return qd, ""          # QEMU reproduces itself: the difference is real
        if first_difference(rd, ed) is None and len(rd) == len(ed):
            es2, eout2, _ = run([a.etsim, "-q", elf], a.etsim_timeout)
            if dumps(eout2)[0] != ed:
                return qd, "\n      (etsim's dumps changed between two runs of the same program)"
            return rd, "QEMU unstable: %d of %d runs gave other dumps" % (len(runs) - 1, len(runs))
    return qd, "\n      (QEMU's %d runs gave %d different dump sets)" % (
        len(runs), len(set(tuple(r) for r in runs)))


def do_seed(a, seed, startup, harness, work):
    d = os.path.join(work, "seed%d" % seed)
    excluded = [t for t in a.exclude.split(",") if t]
    unsup = []
    compared = 0
    for attempt in range(a.retries + 1):
        if os.path.isdir(d):
            shutil.rmtree(d)
        args = ["--exclude", ",".join(excluded)] if excluded else []
        if a.only:
            args += ["--only", a.only]
        kind, msg, n, tpls = one_attempt(a, seed, d, args, startup, harness)
        compared += n
        if kind != "UNSUP":
            break
        unsup.append(msg)
        excluded += [t for t in tpls if t not in excluded]
        if a.only and not [t for t in a.only.split(",") if t and t not in excluded]:
            break
    if kind != "ok" and a.keep:
        dst = os.path.join(a.keep, "seed%d" % seed)
        shutil.rmtree(dst, ignore_errors=True)
        shutil.copytree(d, dst)
    return seed, kind, msg, compared, unsup


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seeds", type=int, default=20)
    ap.add_argument("--first", type=int, default=1)
    ap.add_argument("--count", type=int, default=200)
    ap.add_argument("--etsim", default=os.path.join(ROOT, "build", "bin", "etsim"))
    ap.add_argument("--qemu-only", action="store_true")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--exclude", default="")
    ap.add_argument("--only", default="")
    ap.add_argument("--retries", type=int, default=8)
    ap.add_argument("--oracle-reruns", type=int, default=2,
                    help="on a difference, run QEMU up to this many more times (default 2)")
    ap.add_argument("--keep", default="")
    ap.add_argument("--allow-unsupported", action="store_true")
    ap.add_argument("--qemu-timeout", type=int, default=60)
    ap.add_argument("--etsim-timeout", type=int, default=300)
    a = ap.parse_args()
    if not a.qemu_only:
        if not (os.path.isfile(a.etsim) and os.access(a.etsim, os.X_OK)):
            print("run.py: simulator %s not found or not executable (build it first)" % a.etsim,
                  file=sys.stderr)
            return 2
        a.etsim = os.path.abspath(a.etsim)
    if shutil.which("qemu-system-arm") is None:
        print("run.py: qemu-system-arm not found", file=sys.stderr)
        return 2
    if a.keep:
        os.makedirs(a.keep, exist_ok=True)
    work = tempfile.mkdtemp(prefix="etsim-mve-random.")
    try:
        startup, harness = build_common(work)
        seeds = range(a.first, a.first + a.seeds)
        results = []
        with concurrent.futures.ThreadPoolExecutor(max_workers=a.jobs) as ex:
            futs = [ex.submit(do_seed, a, s, startup, harness, work) for s in seeds]
            for fu in futs:
                seed, kind, msg, n, unsup = fu.result()
                results.append((seed, kind, msg, n, unsup))
                for u in unsup:
                    print("unsupported seed %d %s" % (seed, u))
                if kind == "ok":
                    print("ok seed %d (%d steps%s)" % (seed, n, "; " + msg if msg else ""))
                else:
                    print("%s seed %d: %s" % (kind, seed, msg))
                sys.stdout.flush()
    finally:
        shutil.rmtree(work, ignore_errors=True)
    passed = sum(1 for r in results if r[1] == "ok")
    incomplete = sum(1 for r in results if r[1] == "UNSUP")
    failed = len(results) - passed - incomplete
    compared = sum(r[3] for r in results)
    unsup = {}
    for r in results:
        for u in r[4]:
            tpl = u.split("[", 1)[1].split("]", 1)[0]
            text = u.split("] ", 1)[1].split(": etsim", 1)[0]
            unsup.setdefault(tpl, text)
    print("%d seeds x %d steps, %d steps compared" % (len(results), a.count, compared))
    print("%d passed, %d failed" % (passed, failed))
    if incomplete:
        print("%d seeds still stopped on an unsupported instruction after %d retries" % (incomplete, a.retries))
    if unsup:
        print("%d unsupported: %s" % (len(unsup), "; ".join("%s (%s)" % (k, v) for k, v in sorted(unsup.items()))))
    else:
        print("0 unsupported")
    if failed or (unsup and not a.allow_unsupported):
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

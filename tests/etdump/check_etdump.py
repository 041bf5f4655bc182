#!/usr/bin/env python3
"""Checks an ETDump that etsim wrote, decoded by flatc to JSON, against the
etsim-report/1 JSON report of the same run.

    check_etdump.py ETDUMP.json REPORT.json [--dsp-mhz MHZ] [CHAIN:INSTR,...]

One RunData "Execute" per inference; in each, one ProfileEvent per operator
call in execution order (the operator's name, start < end, each run after
the one before; chain and instruction as given, by default chain 0 and
instruction = operator index, as in a one-chain method of calls only); the
cycles of each operator summed over the runs give the report's
per-inference cycles.

Delegate events (the NPU's or DSP's jobs) come just before the event of
their delegate call: no name, the call's chain and instruction,
delegate_debug_id_int 0, 1, ... inside the call's window, one after the
other.  Calls of engine cpu have none; an npu call has the report's NPU jobs
of that operator, and their cycles are its NPU active cycles; a dsp call has
at least one, and with --dsp-mhz (the DSP's clock) their core cycles are
the operator's DSP active cycles at that clock."""
import json
import sys


def fail(msg):
    print("check_etdump: " + msg, file=sys.stderr)
    sys.exit(1)


def main():
    dump = json.load(open(sys.argv[1]))
    report = json.load(open(sys.argv[2]))
    args = sys.argv[3:]
    dsp_mhz = None
    if args[:1] == ["--dsp-mhz"]:
        dsp_mhz = float(args[1])
        args = args[2:]
    iterations = report["inference"]["iterations"]
    ops = report["operators"]
    cpu_mhz = report["soc"]["cpu_mhz"]
    if args:
        where = [tuple(int(n) for n in w.split(":")) for w in args[0].split(",")]
    else:
        where = [(0, op["index"]) for op in ops]
    if len(where) != len(ops):
        fail("%d places given for %d operators" % (len(where), len(ops)))
    runs = dump.get("run_data", [])
    if dump.get("version") != 0:
        fail("version %r, expected 0" % dump.get("version"))
    if len(runs) != iterations:
        fail("%d RunData for %d inferences" % (len(runs), iterations))
    spent = [0] * len(ops)
    job_cycles = [0] * len(ops)
    job_count = [0] * len(ops)
    delegate_events = 0
    run_cycles = 0
    last_end = -1
    for r, run in enumerate(runs):
        if run.get("name") != "Execute":
            fail("RunData %d is named %r" % (r, run.get("name")))
        events = run.get("events", [])
        # Each call's delegate events, taken out of the list and checked
        # against the call that follows them.
        calls, jobs = [], []
        pending = []
        for ev in events:
            pe = ev.get("profile_event", {})
            if "delegate_debug_id_int" in pe:
                pending.append(pe)
            else:
                calls.append(ev)
                jobs.append(pending)
                pending = []
        if pending:
            fail("RunData %d ends with delegate events outside any call" % r)
        events = calls
        # The last: the whole inference, as upstream's runtime names it,
        # around the calls; its cycles are the report's inference cycles.
        whole = events.pop().get("profile_event", {})
        first = events[0]["profile_event"] if events else whole
        if (whole.get("name") != "Method::execute" or whole.get("instruction_id") != -1
                or not whole["start_time"] <= first["start_time"] <= events[-1]["profile_event"]["end_time"]
                <= whole["end_time"]):
            fail("run %d: the Method::execute event is %r" % (r, whole))
        run_cycles += whole["end_time"] - whole["start_time"]
        for i, ev in enumerate(events):
            if set(ev) != {"profile_event"}:
                fail("run %d event %d is not only a profile event: %s" % (r, i, sorted(ev)))
            pe = ev["profile_event"]
            at = "run %d event %d" % (r, i)
            if (pe.get("chain_index"), pe.get("instruction_id")) != where[i]:
                fail("%s: chain %r instruction_id %r, expected %d:%d"
                     % (at, pe.get("chain_index"), pe.get("instruction_id"), where[i][0], where[i][1]))
            if pe.get("name") != ops[i]["name"]:
                fail("%s: name %r, the report says %r" % (at, pe.get("name"), ops[i]["name"]))
            start, end = pe["start_time"], pe["end_time"]
            if not last_end < start < end:
                fail("%s: start %d end %d after %d" % (at, start, end, last_end))
            job_end = start
            for j, job in enumerate(jobs[i]):
                if ("name" in job or (job.get("chain_index"), job.get("instruction_id")) != where[i]
                        or job.get("delegate_debug_id_int") != j
                        or not job_end <= job["start_time"] < job["end_time"] <= end):
                    fail("%s: delegate event %d is %r (call %d..%d)" % (at, j, job, start, end))
                job_end = job["end_time"]
                job_cycles[i] += job["end_time"] - job["start_time"]
                job_count[i] += 1
                delegate_events += 1
            engine = ops[i]["engine"]
            expected = ops[i]["npu"]["jobs"] if engine == "npu" else 0
            if (engine == "dsp" and not jobs[i]) or (engine != "dsp" and len(jobs[i]) != expected):
                fail("%s: %d delegate events for an operator of engine %s" % (at, len(jobs[i]), engine))
            last_end = end
            spent[i] += end - start
    for i, op in enumerate(ops):
        per_inference = spent[i] / iterations
        if abs(per_inference - op["cycles"]) > 1:
            fail("operator %d: %.1f cycles per inference in the ETDump, %d in the report"
                 % (i, per_inference, op["cycles"]))
        if op["engine"] == "npu" and abs(job_cycles[i] / iterations - op["npu"]["active_cycles"]) > 1:
            fail("operator %d: NPU jobs of %.1f cycles per inference, the report's NPU active cycles %d"
                 % (i, job_cycles[i] / iterations, op["npu"]["active_cycles"]))
        if op["engine"] == "dsp" and dsp_mhz:
            dsp_cycles = job_cycles[i] / iterations * dsp_mhz / cpu_mhz
            if abs(dsp_cycles - op["dsp"]["active_cycles"]) > 2 * dsp_mhz / cpu_mhz * job_count[i] / iterations:
                fail("operator %d: DSP jobs of %.1f DSP cycles per inference, the report's DSP active cycles %d"
                     % (i, dsp_cycles, op["dsp"]["active_cycles"]))
    if abs(run_cycles / iterations - report["inference"]["cycles"]) > 1:
        fail("Method::execute: %.1f cycles per inference, the report's %d"
             % (run_cycles / iterations, report["inference"]["cycles"]))
    total = sum(spent) / iterations
    print("check_etdump: %d runs x %d events + %d delegate events, %.0f operator cycles per inference"
          % (len(runs), len(ops), delegate_events, total))


main()

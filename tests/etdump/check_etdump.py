#!/usr/bin/env python3
"""Checks an ETDump that etsim wrote, decoded by flatc to JSON, against the
etsim-report/1 JSON report of the same run.

    check_etdump.py ETDUMP.json REPORT.json [CHAIN:INSTR,...]

One RunData "Execute" per inference; in each, one ProfileEvent per operator
call in execution order (the operator's name, start < end, each run after
the one before; chain and instruction as given, by default chain 0 and
instruction = operator index, as in a one-chain method of calls only); the
cycles of each operator summed over the runs give the report's
per-inference cycles."""
import json
import sys


def fail(msg):
    print("check_etdump: " + msg, file=sys.stderr)
    sys.exit(1)


def main():
    dump = json.load(open(sys.argv[1]))
    report = json.load(open(sys.argv[2]))
    iterations = report["inference"]["iterations"]
    ops = report["operators"]
    if len(sys.argv) > 3:
        where = [tuple(int(n) for n in w.split(":")) for w in sys.argv[3].split(",")]
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
    run_cycles = 0
    last_end = -1
    for r, run in enumerate(runs):
        if run.get("name") != "Execute":
            fail("RunData %d is named %r" % (r, run.get("name")))
        events = run.get("events", [])
        if len(events) != len(ops) + 1:
            fail("RunData %d has %d events for %d operators and the run" % (r, len(events), len(ops)))
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
            last_end = end
            spent[i] += end - start
    for i, op in enumerate(ops):
        per_inference = spent[i] / iterations
        if abs(per_inference - op["cycles"]) > 1:
            fail("operator %d: %.1f cycles per inference in the ETDump, %d in the report"
                 % (i, per_inference, op["cycles"]))
    if abs(run_cycles / iterations - report["inference"]["cycles"]) > 1:
        fail("Method::execute: %.1f cycles per inference, the report's %d"
             % (run_cycles / iterations, report["inference"]["cycles"]))
    total = sum(spent) / iterations
    print("check_etdump: %d runs x %d events, %.0f operator cycles per inference" % (len(runs), len(ops), total))


main()

#!/usr/bin/env python3
"""Checks an ETDump that etsim wrote, decoded by flatc to JSON, against the
etsim-report/1 JSON report of the same run.

    check_etdump.py ETDUMP.json REPORT.json

One RunData "Execute" per inference; in each, one ProfileEvent per operator
call in execution order (instruction_id 0, 1, ..., chain 0, the operator's
name, start < end, each run after the one before); the cycles of each
operator summed over the runs give the report's per-inference cycles."""
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
    runs = dump.get("run_data", [])
    if dump.get("version") != 0:
        fail("version %r, expected 0" % dump.get("version"))
    if len(runs) != iterations:
        fail("%d RunData for %d inferences" % (len(runs), iterations))
    spent = [0] * len(ops)
    last_end = -1
    for r, run in enumerate(runs):
        if run.get("name") != "Execute":
            fail("RunData %d is named %r" % (r, run.get("name")))
        events = run.get("events", [])
        if len(events) != len(ops):
            fail("RunData %d has %d events for %d operators" % (r, len(events), len(ops)))
        for i, ev in enumerate(events):
            if set(ev) != {"profile_event"}:
                fail("run %d event %d is not only a profile event: %s" % (r, i, sorted(ev)))
            pe = ev["profile_event"]
            where = "run %d event %d" % (r, i)
            if pe.get("instruction_id") != ops[i]["index"] or pe.get("chain_index") != 0:
                fail("%s: instruction_id %r chain %r" % (where, pe.get("instruction_id"), pe.get("chain_index")))
            if pe.get("name") != ops[i]["name"]:
                fail("%s: name %r, the report says %r" % (where, pe.get("name"), ops[i]["name"]))
            start, end = pe["start_time"], pe["end_time"]
            if not last_end < start < end:
                fail("%s: start %d end %d after %d" % (where, start, end, last_end))
            last_end = end
            spent[i] += end - start
    for i, op in enumerate(ops):
        per_inference = spent[i] / iterations
        if abs(per_inference - op["cycles"]) > 1:
            fail("operator %d: %.1f cycles per inference in the ETDump, %d in the report"
                 % (i, per_inference, op["cycles"]))
    total = sum(spent) / iterations
    print("check_etdump: %d runs x %d events, %.0f operator cycles per inference" % (len(runs), len(ops), total))


main()

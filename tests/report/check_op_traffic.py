#!/usr/bin/env python3
"""Per-operator memory traffic of a report against the memory-access trace.

    etsim-trace dump TRACE | check_op_traffic.py REPORT.json SOC.json

The report's operators[].memory (bytes read and written and wait cycles per
region) comes from the regions' counters, which the core's fast paths keep,
snapshotted at each profiling-port event.  The trace records every access on
its own path.  This walks the trace's accesses, finds the operator windows
from the firmware's own writes to the profiling port (ARG0 = operator index,
then EVENT = OP_BEGIN / OP_END, firmware/include/etsim_profport.h), sums
each window's accesses per region of the SoC description and requires the
report's figures exactly (one inference; the runs must be of the same
firmware, model and input).  Wait cycles are compared where the region
holds no code (there the report's wait cycles are all data stalls).
Exit 0 when all match, 1 otherwise.
"""
import json
import re
import sys

PROFPORT = 0xE00F0000
ARG0, EVENT = PROFPORT + 0x04, PROFPORT + 0x10
OP_BEGIN, OP_END = 3, 4
MEM = re.compile(r"^\s+([RW]) 0x([0-9a-f]{8})\s+(\d+)\s+(\S+)(?:\s+stall (\d+))?")


def parse_size(v):
    if isinstance(v, int):
        return v
    mult = {"K": 1 << 10, "M": 1 << 20, "G": 1 << 30}
    return int(v[:-1], 0) * mult[v[-1]] if v[-1] in mult else int(v, 0)


def main():
    report = json.load(open(sys.argv[1]))
    soc = json.load(open(sys.argv[2]))
    regions = []
    for r in soc["memory"]:
        size = parse_size(r["size"])
        for base in [r["base"]] + r.get("aliases", []):
            regions.append((int(base, 0), size, r["name"]))
    devices = [(int(d["base"], 0), parse_size(d["size"])) for d in soc.get("devices", [])]

    def region_of(addr):
        if any(b <= addr < b + s for b, s in devices):
            return None
        for b, s, name in regions:
            if b <= addr < b + s:
                return name
        return None

    traffic = {}            # op index -> region -> [read bytes, write bytes, stall]
    arg0, current = None, None
    for line in sys.stdin:
        m = MEM.match(line)
        if not m:
            continue
        rw, addr, size = m.group(1), int(m.group(2), 16), int(m.group(3))
        stall = int(m.group(5) or 0)
        if rw == "W" and addr == ARG0:
            arg0 = int(m.group(4), 16)
        elif rw == "W" and addr == EVENT:
            code = int(m.group(4), 16)
            if code == OP_BEGIN:
                current = traffic.setdefault(arg0, {})
            elif code == OP_END:
                current = None
        elif current is not None:
            name = region_of(addr)
            if name:
                t = current.setdefault(name, [0, 0, 0])
                t[0 if rw == "R" else 1] += size
                t[2] += stall
    code_regions = {r["name"] for r in report["memory"]["regions"] if r["fetches"] or r["fetch_bytes"]}
    bad = compared = 0
    for op in report["operators"]:
        got = traffic.get(op["index"], {})
        want = {t["region"]: [t["read_bytes"], t["write_bytes"], t["wait_cycles"]] for t in op["memory"]}
        for name in sorted(set(got) | set(want)):
            g, w = got.get(name, [0, 0, 0]), want.get(name, [0, 0, 0])
            same = g[:2] == w[:2] and (name in code_regions or g[2] == w[2])
            compared += 1
            if not same:
                bad += 1
                print("operator %d %s, %s: trace %s, report %s" % (op["index"], op["name"], name, g, w))
    print("%d operators, %d operator/region figures compared, %d differ" % (len(report["operators"]), compared, bad))
    return 1 if bad or not compared else 0


if __name__ == "__main__":
    sys.exit(main())

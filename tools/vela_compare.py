#!/usr/bin/env python3
"""Compare etsim's NPU timing with Vela's own estimate, layer by layer.

    vela_compare.py REPORT.json PER_LAYER.csv SUMMARY.csv [--tolerance PERCENT]

REPORT.json is `etsim --report` of one inference of a Vela-compiled model
(its npu.last_job_operations); PER_LAYER.csv and SUMMARY.csv are Vela's
`--verbose-performance` outputs for the same network.  Vela lists a fused
activation or LUT as an extra row with the same name as the operation it is
fused into; those rows are not in Vela's total and are skipped here.  One
Vela layer may be several command-stream operations (a layer split along
its depth for weight streaming): consecutive operations of the same kind
are taken until their MACs reach the layer's.  "+ DMA wait" is how long the
layer's operations waited for the weight DMAs they need after the previous
operation ended: Vela's NPU figure for a layer whose weights stream from flash
includes that wait, so the error is taken on etsim cycles + DMA wait.
"BLOCKDEP" is how many cycles the layer's operations started before the
operation before them ended (BLOCKDEP overlap, docs/npu_device.md): Vela's
estimate ignores that overlap, so the per-layer error leaves it out; the
total (the job's active cycles) has it.

Prints the table (Markdown) and the totals; exit status 1 when etsim's total NPU
cycles are not within the tolerance (percent) of Vela's cycles_npu, 2 on
bad input."""
import csv
import json
import sys

KIND = {"Conv2D": "conv", "FullyConnected": "conv", "DepthwiseConv2D": "depthwise", "AvgPool": "pool",
        "MaxPool": "pool", "ReduceSum": "pool"}


def main(argv):
    args, tol, rest = [], 10.0, argv[1:]
    while rest:
        a = rest.pop(0)
        if a == "--tolerance" and rest:
            try:
                tol = float(rest.pop(0))
            except ValueError:
                print("vela_compare: --tolerance wants a number of percent", file=sys.stderr)
                return 2
        elif a.startswith("--"):
            print("vela_compare: unknown option %s" % a, file=sys.stderr)
            return 2
        else:
            args.append(a)
    if len(args) != 3:
        print(__doc__, file=sys.stderr)
        return 2
    try:
        report = json.load(open(args[0]))
        rows = list(csv.DictReader(open(args[1])))
        summary = list(csv.DictReader(open(args[2])))[0]
        ops = [o for o in report["npu"]["last_job_operations"] if o["kind"] != "dma"]
        # What each kernel operation waited for after the one before it
        # ended (weight DMAs it needs): Vela counts that in the layer.
        prev_end = None
        for o in ops:
            o["wait"] = max(0, o["start"] - prev_end) if prev_end is not None else 0
            prev_end = max(prev_end or 0, o["start"] + o["cycles"])
    except (OSError, ValueError, KeyError, IndexError) as e:
        print("vela_compare: %s" % e, file=sys.stderr)
        return 2
    layers, prev = [], None
    for r in rows:
        if prev is not None and r["Name"] == prev:
            continue   # a fused activation / LUT: not in Vela's total
        prev = r["Name"]
        layers.append(r)
    out = ["| # | Vela layer (NNG op) | etsim ops | etsim cycles | + DMA wait | BLOCKDEP saved | Vela NPU cycles | "
           "Vela op cycles | error vs NPU |",
           "|---|---|---|---|---|---|---|---|---|"]
    i = 0
    tot_e = tot_w = tot_v = tot_op = tot_s = 0
    for n, r in enumerate(layers):
        if i >= len(ops):
            break
        want = int(r["MAC Count"]) if KIND.get(r["NNG Operator"]) else 0
        take = [ops[i]]
        i += 1
        while want and sum(o["macs"] for o in take) < want and i < len(ops) and ops[i]["kind"] == take[0]["kind"]:
            take.append(ops[i])
            i += 1
        e = sum(o["cycles"] for o in take)
        w = sum(o["wait"] for o in take)
        s = sum(o.get("blockdep_saved_cycles", 0) for o in take)
        tot_s += s
        v = int(r["NPU"])
        vo = int(r["Op Cycles"])
        tot_e, tot_w, tot_v, tot_op = tot_e + e, tot_w + w, tot_v + v, tot_op + vo
        err = 100.0 * (e + w - v) / v if v else 0.0
        out.append("| %d | %s (%s) | %d | %d | %d | %d | %d | %d | %+.1f %% |" % (
            n + 1, r["Original Operator"], r["NNG Operator"], len(take), e, w, s, v, vo, err))
    extra = sum(o["cycles"] + o["wait"] for o in ops[i:])
    tot_s += sum(o.get("blockdep_saved_cycles", 0) for o in ops[i:])
    active = report["npu"]["active_cycles"]
    vnpu = int(float(summary["cycles_npu"]))
    vtot = int(float(summary["cycles_total"]))
    out.append("| | **sum** | %d | %d | %d | %d | %d | %d | %+.1f %% |" % (
        len(ops), tot_e + extra, tot_w, tot_s, tot_v, tot_op, 100.0 * (tot_e + tot_w + extra - tot_v) / tot_v))
    print("\n".join(out))
    err = 100.0 * (active - vnpu) / vnpu
    print("\netsim NPU active cycles (job, DMA and command processing included): %d; Vela cycles_npu %d (%+.1f %%), "
          "cycles_total %d (%+.1f %%)" % (active, vnpu, err, vtot, 100.0 * (active - vtot) / vtot))
    if abs(err) > tol:
        print("FAIL: NPU cycles %+.1f %% from Vela's, beyond +-%g %%" % (err, tol))
        return 1
    print("PASS: within +-%g %%" % tol)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

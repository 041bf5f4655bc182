#!/bin/bash
# Tests of memory-access traces (etsim --trace FILE --trace-level mem,
# docs/trace.md "Level 2").
#
#   mem_trace.sh --etsim BIN --etsim-san BIN --trace-tool BIN --trace-fuzz BIN --shared DIR --out DIR --fw DIR
#                [--qemu-memlog PLUGIN.so]
#
# What nobody here wrote checks it: the region counters of the report (kept
# by the core's fast paths, not by the tracing path) must equal the traffic
# the trace records, per region; with --qemu-memlog, QEMU's own record of
# every instruction's memory accesses (tests/report/qemu_memlog.c) must
# match the trace's, byte for byte (tests/report/compare_memlog.py).
set -u
here=$(dirname "$0")
# shellcheck source=tests/report/lib.sh
. "$here/lib.sh"
report_test_setup "$@"

runner=$fw/runner.elf
kws=$shared/models/kws_dscnn_cortex_m.pte
yes=$shared/models/kws_inputs/mfcc_yes.f32
no=$shared/models/kws_inputs/mfcc_no.f32

echo "memory traces: KWS, the same run at every level"
for lvl in op mem; do
    "$etsim" -q "$runner" "$kws" --input "$yes" --report "$out/kws-$lvl.json" \
        --trace "$out/kws-$lvl.trc" --trace-level $lvl > "$out/kws-$lvl.out" 2>&1
    echo $? > "$out/kws-$lvl.rc"
done
if [ "$(cat "$out/kws-op.rc")" = 0 ] && [ "$(cat "$out/kws-mem.rc")" = 0 ] &&
   cmp -s "$out/kws-op.out" "$out/kws-mem.out"; then
    ok "KWS runs with --trace-level mem, the same output as untraced"
else
    bad "KWS with --trace-level mem: exit $(cat "$out/kws-mem.rc")"; tail -5 "$out/kws-mem.out" >&2
fi
if python3 - "$out/kws-op.json" "$out/kws-mem.json" <<'EOF'
import json, sys
a, b = (json.load(open(p)) for p in sys.argv[1:3])
for r in (a, b):
    for k in ("host_seconds", "host_mips"):
        r["run"].pop(k, None)
sys.exit(0 if a == b else 1)
EOF
then
    ok "the report is the same with and without memory tracing (cycles, regions, energy)"
else
    bad "memory tracing changed the report"
fi
"$etsim" -q "$runner" "$kws" --input "$yes" --trace "$out/kws-mem2.trc" --trace-level mem > /dev/null 2>&1
if cmp -s "$out/kws-mem.trc" "$out/kws-mem2.trc"; then
    ok "deterministic: two runs give byte-identical memory traces"
else
    bad "two memory traces of the same run differ"
fi
"$tool" summary "$out/kws-mem.trc" > "$out/kws.summary" 2>&1
if python3 - "$out/kws-mem.json" "$out/kws.summary" <<'EOF'
import json, sys
report = json.load(open(sys.argv[1]))
rows = {}
on = False
for line in open(sys.argv[2]):
    f = line.split()
    if f[:2] == ["region", "reads"]:
        on = True
        continue
    if on and len(f) == 6 and f[1].isdigit():
        rows[f[0]] = [int(x) for x in f[1:]]
    elif on:
        break
bad = 0
checked = 0
for r in report["memory"]["regions"]:
    got = rows.get(r["name"], [0, 0, 0, 0, 0])
    want = [r["reads"], r["read_bytes"], r["writes"], r["write_bytes"]]
    if got[:4] != want:
        print("  region %s: trace %s, report %s" % (r["name"], got[:4], want), file=sys.stderr)
        bad += 1
    # Without fetches from it, all of a region's wait cycles are data stalls.
    if r["fetches"] == 0 and got[4] != r["wait_cycles"]:
        print("  region %s: stall %d, report wait_cycles %d" % (r["name"], got[4], r["wait_cycles"]), file=sys.stderr)
        bad += 1
    checked += r["reads"] + r["writes"] > 0
print("  %d regions with traffic compared" % checked)
sys.exit(1 if bad or checked < 3 else 0)
EOF
then
    ok "traffic per region in the trace = the report's region counters (reads, writes, bytes, stalls)"
else
    bad "the trace's traffic per region differs from the report's"
fi
"$etsim" --print-soc an547 > "$out/an547.json"
if "$tool" dump "$out/kws-mem.trc" | python3 "$here/check_op_traffic.py" "$out/kws-mem.json" "$out/an547.json" \
        > "$out/op-traffic.out" 2>&1; then
    ok "each operator's traffic per region in the report = its accesses in the trace ($(tail -1 "$out/op-traffic.out"))"
else
    bad "per-operator traffic of the report differs from the trace"; tail -10 "$out/op-traffic.out" >&2
fi
if grep -q '^instructions that stall most on memory' "$out/kws.summary"; then
    ok "summary lists the instructions that stall most"
else
    bad "summary without the stall list"
fi

echo "memory traces: dump, diff"
"$tool" dump "$out/kws-mem.trc" --count 400 > "$out/kws.dump" 2>&1
# The reset: the vector table's SP and PC, read as exception accesses.
if grep -qE '^ +R 0x00000000  4  0x[0-9a-f]{8}  \(exception entry/return\)' "$out/kws.dump" &&
   grep -qE '^ +[RW] 0x2[0-9a-f]{7}  4  ' "$out/kws.dump"; then
    ok "dump shows the reset's vector-table reads and the data accesses under their instructions"
else
    bad "dump: no memory accesses where expected"; head -30 "$out/kws.dump" >&2
fi
"$etsim" -q "$runner" "$kws" --input "$no" --trace "$out/kws-no.trc" --trace-level mem > /dev/null 2>&1
"$tool" diff "$out/kws-mem.trc" "$out/kws-no.trc" > "$out/diff.out" 2>&1
rc=$?
# The recordings differ first where the runner reads its input (0x60000000).
if [ $rc = 1 ] && grep -q '^  differs:.* memory accesses' "$out/diff.out" &&
   grep -qE '^ +R 0x600[0-9a-f]{5} ' "$out/diff.out"; then
    ok "diff of two inputs stops at the first read of the input, with both accesses"
else
    bad "diff of two inputs (exit $rc)"; head -40 "$out/diff.out" >&2
fi
"$tool" diff "$out/kws-mem.trc" "$out/kws-mem2.trc" > "$out/same.out" 2>&1
if [ $? = 0 ] && grep -q 'and memory accesses' "$out/same.out"; then
    ok "diff of two identical runs: the same instructions and memory accesses"
else
    bad "diff of identical memory traces"; cat "$out/same.out" >&2
fi

echo "memory traces: exceptions, faults, the sanitizer build"
prog=$fw/tests/faults-O2.elf
"$etsim" -q --trace "$out/faults.trc" --trace-level mem "$prog" > /dev/null 2>&1
rc=$?
"$etsim_san" -q --trace "$out/faults-san.trc" --trace-level mem "$prog" > /dev/null 2>&1
rc_san=$?
if [ $rc = 0 ] && [ $rc_san = 0 ] && cmp -s "$out/faults.trc" "$out/faults-san.trc"; then
    ok "faults program: exit 0, the same trace from both builds"
else
    bad "faults program: exit $rc / $rc_san, or the traces differ"
fi
"$tool" dump "$out/faults.trc" > "$out/faults.dump" 2>&1
# Each fault stacks a frame of at least 8 words and unstacks it again.
stack_w=$(grep -c '^ *W .*(exception entry/return)' "$out/faults.dump")
stack_r=$(grep -c '^ *R .*(exception entry/return)' "$out/faults.dump")
if [ "$stack_w" -ge 16 ] && [ $((stack_w % 8)) = 0 ] && [ "$stack_r" -ge "$stack_w" ]; then
    ok "exception entry and return: $stack_w stacking writes, $stack_r unstacking and vector reads"
else
    bad "exception accesses: $stack_w writes, $stack_r reads"
fi

# Garbage executed as code (as tests/cli/robustness.sh does): accesses
# anywhere, faults in the middle of traced accesses, lockups.  The run must
# end as it does untraced and the trace must read back.
for seed in 1 2 3 4; do
    awk -v s=$seed 'BEGIN { srand(s); for (i = 0; i < 65536; i++) printf "%c", int(rand() * 256) }' \
        LC_ALL=C > "$out/garbage$seed.bin"
    args="-q --data $out/garbage$seed.bin@0x00000000 --max-cycles 20000000 $fw/tests/exit_status-O2.elf"
    "$etsim" $args > /dev/null 2> "$out/garbage$seed.untraced"
    rc_plain=$?
    bin=$etsim; [ $seed -le 2 ] && bin=$etsim_san
    "$bin" $args --trace "$out/garbage$seed.trc" --trace-level mem > /dev/null 2> "$out/garbage$seed.traced"
    rc=$?
    if [ $rc = $rc_plain ] && { [ $rc = 3 ] || [ $rc = 4 ]; } &&
       cmp -s "$out/garbage$seed.untraced" "$out/garbage$seed.traced" &&
       "$tool" summary "$out/garbage$seed.trc" > /dev/null 2>&1; then
        ok "garbage as code (seed $seed): exit $rc and the message as untraced, the trace reads back"
    else
        bad "garbage as code (seed $seed): exit $rc (untraced $rc_plain)"; head -5 "$out/garbage$seed.traced" >&2
    fi
done

echo "memory traces: the reader on corrupt files"
"$etsim" -q --max-cycles 1500 --trace "$out/short.trc" --trace-level mem "$fw/tests/exit_status-O2.elf" \
    > /dev/null 2>&1
if "$fuzz" "$out/short.trc" > "$out/fuzz.out" 2>&1; then
    ok "every truncation and byte flip of a memory trace rejected in-process under ASan+UBSan"
    sed 's/^/        /' "$out/fuzz.out"
else
    bad "trace-fuzz on a memory trace"; cat "$out/fuzz.out" >&2
fi

if [ -n "$plugin" ]; then
    # Every program whose run does not depend on the host's clock (systick
    # does, on QEMU); -singlestep: QEMU takes interrupts after the
    # instruction that raised them, as the architecture says, not at the
    # end of its translation block.
    echo "memory traces against QEMU (tests/report/qemu_memlog.c)"
    for p in memory_access-O2 memory_access-O0 mve_pred_mem-O2 mve_intrinsics-O2 mve_int_arith-Os fp_context-O2 \
             interrupts-O2 exclusives-O2 faults-O2 it_blocks-O2 svc-O2 lowoverhead_loops-O2 setjmp_longjmp-O2; do
        elf=$fw/tests/$p.elf
        "$etsim" -q --trace "$out/$p.trc" --trace-level mem "$elf" > /dev/null 2>&1
        "$tool" dump "$out/$p.trc" > "$out/$p.dump" 2>&1
        bash "$here/qemu_memlog.sh" "$plugin" "$out/$p.qemu" "$elf" -singlestep > /dev/null 2>&1
        if python3 "$here/compare_memlog.py" "$out/$p.dump" "$out/$p.qemu" > "$out/$p.cmp" 2>&1; then
            ok "$p: every instruction's accesses as QEMU logs them ($(tail -1 "$out/$p.cmp"))"
        else
            bad "$p: the accesses differ from QEMU's"; tail -15 "$out/$p.cmp" >&2
        fi
        rm -f "$out/$p.qemu" "$out/$p.dump"
    done
    # The comparison can fail: a trace with one access moved must not match.
    elf=$fw/tests/memory_access-O2.elf
    "$tool" dump "$out/memory_access-O2.trc" > "$out/planted.dump" 2>&1
    bash "$here/qemu_memlog.sh" "$plugin" "$out/planted.qemu" "$elf" -singlestep > /dev/null 2>&1
    awk '!done && /^ +R 0x2/ { sub(/R 0x2/, "R 0x3"); done = 1 } { print }' "$out/planted.dump" > "$out/planted2.dump"
    if ! python3 "$here/compare_memlog.py" "$out/planted2.dump" "$out/planted.qemu" > "$out/planted.cmp" 2>&1 &&
       grep -q '1 mismatches' "$out/planted.cmp"; then
        ok "a trace with one read moved is caught ($(head -1 "$out/planted.cmp" | cut -c1-60)...)"
    else
        bad "a planted wrong address was not caught"; tail -3 "$out/planted.cmp" >&2
    fi
fi

echo "memory trace tests: $pass passed, $fail failed"
[ "$fail" = 0 ]

#!/bin/bash
# make bench: host speed of the simulator (optimised build, cycle accounting
# on, no tracing).  A benchmark, not a test: it prints figures, asserts none.
set -u
ETSIM=${ETSIM:-build/bin/etsim}
SHARED=${SHARED:-../shared}

echo "== calibration microbenchmarks (firmware/bench/microbench.c): cycles per iteration vs CALIBRATION.md"
make -s fw-prog SRC=firmware/bench/microbench.c >/dev/null
"$ETSIM" -q build/firmware/microbench.elf

echo "== intmark (firmware/bench/intmark.c, -O3): score vs the Cortex-M55's published CoreMark/MHz"
make -s intmark >/dev/null
"$ETSIM" -q build/firmware/bench/intmark.elf

out=build/bench
mkdir -p "$out"
# CPU time of the etsim process (perf's task-clock, else user + system time
# from /usr/bin/time): the machine is shared, wall clock would measure the
# neighbours.
cpu_ms() {   # cpu_ms CMD...: CPU milliseconds of CMD
    if command -v perf >/dev/null && perf stat -x, -e task-clock -o "$out/perf.txt" true 2>/dev/null; then
        perf stat -x, -e task-clock -o "$out/perf.txt" "$@" >/dev/null 2>&1
        awk -F, '/task-clock/ { printf "%.1f\n", $1 }' "$out/perf.txt"
    else
        /usr/bin/time -f "%U %S" -o "$out/time.txt" "$@" >/dev/null 2>&1
        awk '{ printf "%.1f\n", ($1 + $2) * 1000 }' "$out/time.txt"
    fi
}
best() { sort -n | head -1; }
insns_of() { "$ETSIM" "$@" 2>&1 >/dev/null | sed -n 's/^ *instructions *\([0-9]*\).*/\1/p'; }

echo "== KWS DS-CNN inference, scalar kernels (runner-scalar.elf): CPU time, best of 3"
kws_scalar="build/firmware/runner-scalar.elf $SHARED/models/kws_dscnn_cortex_m.pte --input $SHARED/models/kws_inputs/mfcc_yes.f32"
i=$(insns_of $kws_scalar)
t=$(for _ in 1 2 3; do cpu_ms "$ETSIM" -q $kws_scalar; done | best)
awk -v i="$i" -v t="$t" 'BEGIN { printf "%d instructions in %.1f ms: %.1f MIPS\n", i, t, i / t / 1e3 }'

echo "== VWW MobileNetV1-0.25, Helium kernels (runner.elf): one inference = --iterations 3 minus 1, best of 3"
vww="build/firmware/runner.elf $SHARED/models/mlperf/vww_mbv1_025_96_cortex_m.pte --input $SHARED/models/mlperf/inputs/vww_astronaut.f32"
i1=$(insns_of $vww --iterations 1); i3=$(insns_of $vww --iterations 3)
t1=$(for _ in 1 2 3; do cpu_ms "$ETSIM" -q $vww --iterations 1; done | best)
t3=$(for _ in 1 2 3; do cpu_ms "$ETSIM" -q $vww --iterations 3; done | best)
awk -v i1="$i1" -v i3="$i3" -v t1="$t1" -v t3="$t3" 'BEGIN {
    i = (i3 - i1) / 2; t = (t3 - t1) / 2
    printf "%d instructions per inference in %.1f ms: %.1f MIPS\n", i, t, i / t / 1e3 }'

echo "== differential suite programs (-O2), instructions and MIPS each"
total_i=0
start=$(date +%s.%N)
for f in build/firmware/tests/*-O2.elf; do
    res=$("$ETSIM" "$f" 2>&1 >/dev/null)
    i=$(echo "$res" | sed -n 's/^ *instructions *\([0-9]*\).*/\1/p')
    total_i=$((total_i + ${i:-0}))
done
end=$(date +%s.%N)
awk -v i="$total_i" -v s="$start" -v e="$end" \
    'BEGIN { printf "%d instructions in %.2f s of wall time (incl. process start-up): %.1f MIPS\n", i, e - s, i / (e - s) / 1e6 }'

echo "== traces: KWS untraced, --trace (operators), --trace-level insn (every instruction), mem (and every access)"
# Best of TRACE_RUNS, the four kinds interleaved.
TRACE_RUNS=${TRACE_RUNS:-5}
kws_args="build/firmware/runner.elf $SHARED/models/kws_dscnn_cortex_m.pte --input $SHARED/models/kws_inputs/mfcc_yes.f32"
insns=$(insns_of $kws_args)
: > "$out/none.ms"; : > "$out/op.ms"; : > "$out/insn.ms"; : > "$out/mem.ms"
for _ in $(seq "$TRACE_RUNS"); do
    cpu_ms "$ETSIM" -q $kws_args >> "$out/none.ms"
    cpu_ms "$ETSIM" -q $kws_args --trace "$out/kws-op.trc" >> "$out/op.ms"
    cpu_ms "$ETSIM" -q $kws_args --trace "$out/kws-insn.trc" --trace-level insn >> "$out/insn.ms"
    cpu_ms "$ETSIM" -q $kws_args --trace "$out/kws-mem.trc" --trace-level mem >> "$out/mem.ms"
done
none=$(best < "$out/none.ms"); op=$(best < "$out/op.ms"); insn=$(best < "$out/insn.ms"); mem=$(best < "$out/mem.ms")
bytes=$(stat -c %s "$out/kws-insn.trc"); mbytes=$(stat -c %s "$out/kws-mem.trc")
awk -v i="$insns" -v n="$none" -v o="$op" -v t="$insn" -v b="$bytes" -v m="$mem" -v mb="$mbytes" -v r="$TRACE_RUNS" 'BEGIN {
    printf "%d instructions; CPU time, best of %d runs\n", i, r
    printf "  untraced            %8.1f ms  %6.1f M instructions/s\n", n, i / n / 1e3
    printf "  --trace (op)        %8.1f ms  %6.1f M instructions/s  cost %+.1f%% (limit 5%%)\n", o, i / o / 1e3, 100 * (o - n) / n
    printf "  --trace-level insn  %8.1f ms  %6.1f M instructions/s  (limit: at least 10), %.1f MB, %.2f bytes/instruction\n", t, i / t / 1e3, b / 1e6, b / i
    printf "  --trace-level mem   %8.1f ms  %6.1f M instructions/s, %.1f MB, %.2f bytes/instruction\n", m, i / m / 1e3, mb / 1e6, mb / i
}'
rm -f "$out/kws-insn.trc" "$out/kws-mem.trc"

#!/bin/bash
# make bench: host speed of the simulator (optimised build, cycle accounting
# on, no tracing).  A benchmark, not a test: it prints figures, asserts none.
set -u
ETSIM=${ETSIM:-build/bin/etsim}
SHARED=${SHARED:-../shared}
mips() { sed -n 's/.*host *\([0-9.]*\) s, \([0-9.]*\) MIPS.*/\2 MIPS (wall clock; \1 s)/p'; }

echo "== calibration microbenchmarks (firmware/bench/microbench.c): cycles per iteration vs CALIBRATION.md"
make -s fw-prog SRC=firmware/bench/microbench.c >/dev/null
"$ETSIM" -q build/firmware/microbench.elf

echo "== intmark (firmware/bench/intmark.c, -O3): score vs the Cortex-M55's published CoreMark/MHz"
make -s intmark >/dev/null
"$ETSIM" -q build/firmware/bench/intmark.elf

echo "== KWS DS-CNN inference (runner.elf, integer workload, 40 M instructions)"
"$ETSIM" build/firmware/runner.elf "$SHARED/models/kws_dscnn_cortex_m.pte" \
    --input "$SHARED/models/kws_inputs/mfcc_yes.f32" 2>&1 >/dev/null | mips

echo "== differential suite programs (-O2), instructions and MIPS each"
total_i=0
start=$(date +%s.%N)
for f in build/firmware/tests/*-O2.elf; do
    out=$("$ETSIM" "$f" 2>&1 >/dev/null)
    i=$(echo "$out" | sed -n 's/^ *instructions *\([0-9]*\).*/\1/p')
    total_i=$((total_i + ${i:-0}))
done
end=$(date +%s.%N)
awk -v i="$total_i" -v s="$start" -v e="$end" \
    'BEGIN { printf "%d instructions in %.2f s of wall time (incl. process start-up): %.1f MIPS\n", i, e - s, i / (e - s) / 1e6 }'

echo "== traces: KWS untraced, --trace (operators), --trace-level insn (every instruction), mem (and every access)"
# CPU time of the etsim process (perf's task-clock, else user + system time
# from /usr/bin/time): the machine is shared, wall clock would measure the
# neighbours.  Best of TRACE_RUNS, the three kinds interleaved.
TRACE_RUNS=${TRACE_RUNS:-5}
out=build/bench
mkdir -p "$out"
kws_args="build/firmware/runner.elf $SHARED/models/kws_dscnn_cortex_m.pte --input $SHARED/models/kws_inputs/mfcc_yes.f32"
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
insns=$("$ETSIM" $kws_args 2>&1 >/dev/null | sed -n 's/^ *instructions *\([0-9]*\).*/\1/p')
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

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

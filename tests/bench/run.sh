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
        perf stat -x, -e task-clock -o "$out/perf.txt" "$@" </dev/null >/dev/null 2>&1
        awk -F, '/task-clock/ { printf "%.1f\n", $1 }' "$out/perf.txt"
    else
        /usr/bin/time -f "%U %S" -o "$out/time.txt" "$@" </dev/null >/dev/null 2>&1
        awk '{ printf "%.1f\n", ($1 + $2) * 1000 }' "$out/time.txt"
    fi
}
best() { sort -n | head -1; }
insns_of() { "$ETSIM" "$@" 2>&1 >/dev/null | sed -n 's/^ *instructions *\([0-9]*\).*/\1/p'; }

# The speed table: each workload's CPU time, best of BENCH_RUNS, for this
# build, the baseline build (ETSIM_BASE: a copy of an earlier etsim, e.g.
# the main branch's, so a change is measured side by side on the same loaded
# machine), this build's per-instruction core (--exec interp; the default is
# the block-level one) and QEMU (no timing model) on the same ELF.  MIPS are
# instructions per CPU microsecond; vs-base and vs-interp are speed-ups
# (CPU-time ratios, >1: this build's default is faster), etsim/qemu how many
# times QEMU's CPU time etsim takes.
BENCH_RUNS=${BENCH_RUNS:-3}
ETSIM_BASE=${ETSIM_BASE:-build/bench-baseline/etsim}
[ -x "$ETSIM_BASE" ] || ETSIM_BASE=
has_interp=
"$ETSIM" --help 2>&1 | grep -q -- '--exec' && has_interp=1
has_qemu=
command -v qemu-system-arm >/dev/null && has_qemu=1
MODEL_ADDR=0x28000000
INPUT_ADDR=0x60000000
# qemu_args ELF [MODEL [INPUT]]: QEMU's command line for ELF, the runner's
# model and input loaded as tests/runtime/qemu_models.sh does.
qemu_args() {
    q_elf=$1; q_args=""; q_loaders=""
    if [ $# -ge 2 ]; then
        q_args=",arg=runner,arg=--model=$MODEL_ADDR:$(wc -c < "$2" | tr -d ' ')"
        q_loaders="-device loader,file=$2,addr=$MODEL_ADDR,force-raw=on"
    fi
    if [ $# -ge 3 ]; then
        q_args="$q_args,arg=--input=$INPUT_ADDR:$(wc -c < "$3" | tr -d ' ')"
        q_loaders="$q_loaders -device loader,file=$3,addr=$INPUT_ADDR,force-raw=on"
    fi
    echo "qemu-system-arm -M mps3-an547 -nographic -monitor none -serial none" \
        "-semihosting-config enable=on,target=native$q_args $q_loaders -kernel $q_elf"
}
best_of() { for _ in $(seq "$BENCH_RUNS"); do cpu_ms "$@"; done | best; }
# Where a binary file's pages sit in the page cache moves its speed by up to
# 12 % (docs/speed.md, branch speed-start): the same file copied ran the
# integer loop at 375 instead of 421 ms.  So each etsim is timed as
# BENCH_COPIES fresh copies (2; 1: the file itself), BENCH_RUNS runs each,
# the copies taking turns, and the best run counts.
BENCH_COPIES=${BENCH_COPIES:-2}
copies_of() {   # copies_of BINARY NAME: the copies' paths, one per line
    if [ "$BENCH_COPIES" -le 1 ]; then echo "$1"; return; fi
    mkdir -p "$out/copies"
    for c in $(seq "$BENCH_COPIES"); do
        cp "$1" "$out/copies/$2-$c" && echo "$out/copies/$2-$c"
    done
}
# best_of_copies COPIES ARGS...: the best over every copy's runs (COPIES: a
# newline-separated list from copies_of)
best_of_copies() {
    list=$1; shift
    for _ in $(seq "$BENCH_RUNS"); do
        for bin in $list; do cpu_ms "$bin" "$@"; done
    done | best
}
mips() { awk -v i="$1" -v t="$2" 'BEGIN { if (t > 0) printf "%.1f", i / t / 1e3; else printf "-" }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (a != "" && b != "" && b > 0) printf "%.2fx", a / b; else printf "-" }'; }

# bench_line NAME ELF [MODEL [INPUT]]
bench_line() {
    name=$1; elf=$2; shift 2
    eargs="$elf"
    [ $# -ge 1 ] && eargs="$eargs $1"
    [ $# -ge 2 ] && eargs="$eargs --input $2"
    i=$(insns_of $eargs)
    t=$(best_of_copies "$ETSIM_COPIES" -q $eargs)
    tb=""; ti=""; tq=""
    [ -n "$ETSIM_BASE" ] && tb=$(best_of_copies "$BASE_COPIES" -q $eargs)
    [ -n "$has_interp" ] && ti=$(best_of_copies "$ETSIM_COPIES" -q --exec interp $eargs)
    # shellcheck disable=SC2046
    [ -n "$has_qemu" ] && tq=$(best_of $(qemu_args "$elf" "$@"))
    printf "%-22s %11d %8s %8s %8s %8s %8s %8s %8s\n" "$name" "$i" "$(mips "$i" "$t")" \
        "$(mips "$i" "$tb")" "$(ratio "$tb" "$t")" "$(mips "$i" "$ti")" "$(ratio "$ti" "$t")" \
        "${tq:--}" "$(ratio "$t" "$tq")"
}

make -s fw-prog SRC=firmware/bench/intloop.c >/dev/null
M=$SHARED/models
ETSIM_COPIES=$(copies_of "$ETSIM" etsim)
BASE_COPIES=
[ -n "$ETSIM_BASE" ] && BASE_COPIES=$(copies_of "$ETSIM_BASE" base)
echo "== speed: CPU time, best of $BENCH_RUNS runs x $BENCH_COPIES copies, side by side (baseline: ${ETSIM_BASE:-none}; QEMU: whole process, no timing)"
printf "%-22s %11s %8s %8s %8s %8s %8s %8s %8s\n" workload instructions MIPS base-MIPS vs-base \
    interp vs-interp qemu-ms etsim/qemu
bench_line "integer loop" build/firmware/intloop.elf
bench_line "intmark" build/firmware/bench/intmark.elf
bench_line "KWS scalar runner" build/firmware/runner-scalar.elf "$M/kws_dscnn_cortex_m.pte" "$M/kws_inputs/mfcc_yes.f32"
bench_line "KWS Helium runner" build/firmware/runner.elf "$M/kws_dscnn_cortex_m.pte" "$M/kws_inputs/mfcc_yes.f32"
bench_line "VWW Helium runner" build/firmware/runner.elf "$M/mlperf/vww_mbv1_025_96_cortex_m.pte" "$M/mlperf/inputs/vww_astronaut.f32"

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
rm -rf "$out/copies"

#!/bin/sh
# Runs the runner firmware on QEMU's AN547 (our functional oracle) with
# every real model and checks the printed outputs against values that do
# not come from our code: the models' known results, the KWS labels and
# the MLPerf expected int8 tensors.  The same outputs must also match the
# host build (pte_run) byte for byte.
#
# With MVE_ELF set (the runner built with Helium kernels), every model also
# runs on that build, whose whole output must be byte-identical to the
# scalar build's.
#
#   sh tests/runtime/qemu_models.sh build/firmware/runner.elf
#
# Environment: SHARED (default ../shared), PTE_RUN (default build/bin/pte_run),
# MVE_ELF (default none).
set -u
ELF=${1:-build/firmware/runner.elf}
SHARED=${SHARED:-../shared}
PTE_RUN=${PTE_RUN:-build/bin/pte_run}
MVE_ELF=${MVE_ELF:-}
M=$SHARED/models
MODEL_ADDR=0x28000000
INPUT_ADDR=0x60000000
fails=0
passes=0
OUT=$(mktemp)
OUT_MVE=$(mktemp)
trap 'rm -f "$OUT" "$OUT_MVE"' EXIT

# run_qemu MODEL [INPUT]: runner output in $OUT, exit status returned.
run_qemu() {
    # sh has no locals: q_* names keep the callers' variables intact.
    q_model=$1
    q_input=${2:-}
    q_size=$(wc -c < "$q_model" | tr -d ' ')
    q_args="arg=runner,arg=--model=$MODEL_ADDR:$q_size"
    q_loaders="-device loader,file=$q_model,addr=$MODEL_ADDR,force-raw=on"
    if [ -n "$q_input" ]; then
        q_isize=$(wc -c < "$q_input" | tr -d ' ')
        q_args="$q_args,arg=--input=$INPUT_ADDR:$q_isize"
        q_loaders="$q_loaders -device loader,file=$q_input,addr=$INPUT_ADDR,force-raw=on"
    fi
    # shellcheck disable=SC2086
    timeout 120 qemu-system-arm -M mps3-an547 -nographic -monitor none -serial none \
        -semihosting-config enable=on,target=native,$q_args $q_loaders -kernel "${q_elf:-$ELF}" > "$OUT" 2>&1 < /dev/null
}

# same_as_mve MODEL [INPUT]: the MVE runner prints exactly $OUT (true
# without MVE_ELF).  Keeps $OUT.
same_as_mve() {
    [ -n "$MVE_ELF" ] || return 0
    cp "$OUT" "$OUT_MVE"
    q_elf=$MVE_ELF run_qemu "$@"
    m_status=$?
    m_same=0
    # The MVE runner also warns, on stderr, where upstream's MVE build would
    # refuse the model (--strict, runtime/README.md); the scalar one cannot.
    grep -v '^runner: warning: ' "$OUT" > "$OUT.filtered"
    cmp -s "$OUT.filtered" "$OUT_MVE" || m_same=1
    [ $m_same -eq 1 ] && { echo "    MVE runner output differs:"; diff "$OUT_MVE" "$OUT.filtered" | sed 's/^/    /'; }
    rm -f "$OUT.filtered"
    cp "$OUT_MVE" "$OUT"
    [ $m_status -eq 0 ] && [ $m_same -eq 0 ]
}

ok()   { passes=$((passes + 1)); echo "PASS $*"; }
bad()  { fails=$((fails + 1)); echo "FAIL $*"; sed 's/^/    /' "$OUT"; }

# values: the comma-separated numbers of "output 0: ... = [..]"
values() { sed -n 's/^output 0: .*= \[\(.*\)\]$/\1/p' "$OUT" | tr -d ' '; }

# Same output lines as the host build?
same_as_host() {
    host=$($PTE_RUN "$@" 2>&1 | grep '^output')
    qemu=$(grep '^output' "$OUT")
    [ "$host" = "$qemu" ]
}

# expect_values NAME MODEL EXPECTED (default input; float compare to 1e-5)
expect_values() {
    if run_qemu "$2" && [ "$(values)" = "$3" ] && same_as_host "$2" && same_as_mve "$2"; then ok "$1"; else bad "$1 (expected [$3])"; fi
}

expect_values add_arduino "$M/add_arduino.pte" "2.000000,3.000000,4.000000"
expect_values add_apple "$M/add_apple.pte" "2.000000"
expect_values module_linear "$M/module_linear.pte" "5.000000,8.000000,11.000000,14.000000"

# KWS: the argmax of the 12 scores must be the file's label.
grep -v '^#' "$M/kws_inputs/labels.txt" | while read -r file label word rest; do
    run_qemu "$M/kws_dscnn_cortex_m.pte" "$M/kws_inputs/$file"
    got=$(values | awk -F, '{b=1; for (i=2;i<=NF;i++) if ($i+0 > $b+0) b=i; print b-1}')
    if [ "$got" = "$label" ] && same_as_host "$M/kws_dscnn_cortex_m.pte" --input "$M/kws_inputs/$file" &&
        same_as_mve "$M/kws_dscnn_cortex_m.pte" "$M/kws_inputs/$file"; then
        echo "PASS kws $word -> class $got"
    else
        echo "FAIL kws $word: class $got, expected $label"; sed 's/^/    /' "$OUT"; echo x >> "$OUT.fail"
    fi
done
[ -f "$OUT.fail" ] && fails=$((fails + $(wc -l < "$OUT.fail"))) && rm -f "$OUT.fail"

# MLPerf: int8 = round(value / scale) + zero point, within +-1 of expected.
grep -v '^#' "$M/mlperf/expected/expected.tsv" | while IFS='	' read -r model input argmax scale zp int8; do
    run_qemu "$M/mlperf/$model" "$M/mlperf/inputs/$input"
    verdict=$(values | awk -F, -v want="$int8" -v s="$scale" -v zp="$zp" '{
        n = split(want, e, ","); if (n != NF) { print "count"; exit }
        for (i = 1; i <= NF; i++) { q = $i / s; q = (q < 0 ? int(q - 0.5) : int(q + 0.5)) + zp
            d = q - e[i]; if (d < -1 || d > 1) { print "value " i-1 ": " q " vs " e[i]; exit } }
        print "ok" }')
    if [ "$verdict" = "ok" ] && same_as_host "$M/mlperf/$model" --input "$M/mlperf/inputs/$input" &&
        same_as_mve "$M/mlperf/$model" "$M/mlperf/inputs/$input"; then
        echo "PASS $model $input (class $argmax)"
    else
        echo "FAIL $model $input: $verdict"; sed 's/^/    /' "$OUT"; echo x >> "$OUT.fail"
    fi
done
[ -f "$OUT.fail" ] && fails=$((fails + $(wc -l < "$OUT.fail"))) && rm -f "$OUT.fail"

# Errors must end the run with a non-zero status and a clear message.
# QEMU's AN547 has no Ethos-U: the runner's driver finds its ID register 0.
if ! run_qemu "$M/ethos_u55_128_add.pte" && grep -q "no Ethos-U NPU at 0x48102000" "$OUT"; then
    ok "ethos_u55_128_add reports the missing NPU"
else
    bad "ethos_u55_128_add should fail with a clear message"
fi
# size_t in messages: newlib's printf has no %zu (it printed "zu" and took
# the wrong arguments), so the runtime prints %lu.
if ! run_qemu "$M/kws_dscnn_cortex_m.pte" "$M/kws_inputs/labels.txt" &&
    grep -q "input 0 takes 1960 bytes (float32), $(wc -c < "$M/kws_inputs/labels.txt") given" "$OUT"; then
    ok "an input of the wrong size is named with both sizes"
else
    bad "wrong-size input message"
fi
TRUNC=$(mktemp)
head -c 1000 "$M/add_arduino.pte" > "$TRUNC"
if ! run_qemu "$TRUNC" && grep -q "truncated" "$OUT"; then ok "truncated model is rejected"; else bad "truncated model"; fi
rm -f "$TRUNC"

echo "qemu_models: $fails failure(s)"
[ "$fails" -eq 0 ]

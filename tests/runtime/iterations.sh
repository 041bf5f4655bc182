#!/bin/sh
# Repeated inferences compute what one does (issue 11.1): the .pte's memory
# plan may reuse an input's bytes for activations, so a runner that set the
# inputs only once ran later inferences on garbage (KWS "yes" with
# --iterations 2 printed "off").  For every real model, the runner's stdout
# with --iterations 3 must equal its stdout with --iterations 1, on etsim
# and on QEMU; and etsim's report must give the same latency for every
# iteration of a model whose kernels take data-independent time.
#
#   sh tests/runtime/iterations.sh [build/firmware/runner.elf]
#
# Environment: SHARED (default ../shared), ETSIM (default build/bin/etsim).
set -u
ELF=${1:-build/firmware/runner.elf}
SHARED=${SHARED:-../shared}
ETSIM=${ETSIM:-build/bin/etsim}
M=$SHARED/models
MODEL_ADDR=0x28000000
INPUT_ADDR=0x60000000
fails=0
passes=0
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT

# run_etsim ITER MODEL [INPUT] > stdout
run_etsim() {
    r_iter=$1; r_model=$2; r_input=${3:-}
    # shellcheck disable=SC2086
    timeout 300 "$ETSIM" -q --iterations "$r_iter" "$ELF" "$r_model" ${r_input:+--input "$r_input"} < /dev/null
}

# run_qemu ITER MODEL [INPUT] > stdout
run_qemu() {
    r_iter=$1; r_model=$2; r_input=${3:-}
    r_size=$(wc -c < "$r_model" | tr -d ' ')
    r_args="arg=runner,arg=--model=$MODEL_ADDR:$r_size,arg=--iterations=$r_iter"
    r_loaders="-device loader,file=$r_model,addr=$MODEL_ADDR,force-raw=on"
    if [ -n "$r_input" ]; then
        r_isize=$(wc -c < "$r_input" | tr -d ' ')
        r_args="$r_args,arg=--input=$INPUT_ADDR:$r_isize"
        r_loaders="$r_loaders -device loader,file=$r_input,addr=$INPUT_ADDR,force-raw=on"
    fi
    # shellcheck disable=SC2086
    timeout 300 qemu-system-arm -M mps3-an547 -nographic -monitor none -serial none \
        -semihosting-config enable=on,target=native,$r_args $r_loaders -kernel "$ELF" < /dev/null
}

# check NAME MODEL [INPUT]
check() {
    c_name=$1; c_model=$2; c_input=${3:-}
    ok=1
    for sim in etsim qemu; do
        "run_$sim" 1 "$c_model" "$c_input" > "$T/$sim.1" 2> "$T/$sim.1.err"; s1=$?
        "run_$sim" 3 "$c_model" "$c_input" > "$T/$sim.3" 2> "$T/$sim.3.err"; s3=$?
        if [ $s1 -ne 0 ] || [ $s3 -ne 0 ] || [ ! -s "$T/$sim.1" ] || ! cmp -s "$T/$sim.1" "$T/$sim.3"; then
            ok=0
            echo "FAIL $c_name on $sim: status $s1 (1 iteration), $s3 (3 iterations)"
            diff "$T/$sim.1" "$T/$sim.3" | sed 's/^/    /'
            sed 's/^/    stderr: /' "$T/$sim.3.err" | head -5
        fi
    done
    if [ $ok -eq 1 ]; then
        passes=$((passes + 1))
        echo "PASS $c_name"
    else
        fails=$((fails + 1))
    fi
}

check add_arduino "$M/add_arduino.pte"
check module_linear "$M/module_linear.pte"
check "kws yes" "$M/kws_dscnn_cortex_m.pte" "$M/kws_inputs/mfcc_yes.f32"
check "kws off" "$M/kws_dscnn_cortex_m.pte" "$M/kws_inputs/mfcc_off.f32"
check "vww astronaut" "$M/mlperf/vww_mbv1_025_96_cortex_m_mve.pte" "$M/mlperf/inputs/vww_astronaut.f32"
check "ic_resnet8 taxi" "$M/mlperf/ic_resnet8_cortex_m.pte" "$M/mlperf/inputs/ic_cifar10_taxi_s_001241.f32"

echo "iterations: $passes passed, $fails failed"
[ "$fails" -eq 0 ]

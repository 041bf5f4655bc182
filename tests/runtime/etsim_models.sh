#!/bin/sh
# The runner firmware on etsim against QEMU (issue 4.7): for every real
# model and input, `etsim -q` must exit 0 and print exactly (byte for
# byte) the stdout QEMU's AN547 prints for the same ELF, model and input.
# Whether those outputs are *right* is qemu_models.sh's job (known values,
# KWS labels, MLPerf expected tensors); this checks that the simulator
# computes the same thing as the functional oracle.
#
#   sh tests/runtime/etsim_models.sh [build/firmware/runner.elf]
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
E_OUT=$(mktemp)
Q_OUT=$(mktemp)
ERR=$(mktemp)
trap 'rm -f "$E_OUT" "$Q_OUT" "$ERR"' EXIT

# check NAME MODEL [INPUT]
check() {
    c_name=$1
    c_model=$2
    c_input=${3:-}
    c_size=$(wc -c < "$c_model" | tr -d ' ')
    c_args="arg=runner,arg=--model=$MODEL_ADDR:$c_size"
    c_loaders="-device loader,file=$c_model,addr=$MODEL_ADDR,force-raw=on"
    c_etsim_in=""
    if [ -n "$c_input" ]; then
        c_isize=$(wc -c < "$c_input" | tr -d ' ')
        c_args="$c_args,arg=--input=$INPUT_ADDR:$c_isize"
        c_loaders="$c_loaders -device loader,file=$c_input,addr=$INPUT_ADDR,force-raw=on"
        c_etsim_in="--input $c_input"
    fi
    # shellcheck disable=SC2086
    timeout 300 "$ETSIM" -q "$ELF" "$c_model" $c_etsim_in > "$E_OUT" 2> "$ERR" < /dev/null
    e_status=$?
    # shellcheck disable=SC2086
    timeout 120 qemu-system-arm -M mps3-an547 -nographic -monitor none -serial none \
        -semihosting-config enable=on,target=native,$c_args $c_loaders -kernel "$ELF" > "$Q_OUT" 2>> "$ERR" < /dev/null
    q_status=$?
    if [ $e_status -eq 0 ] && [ $q_status -eq 0 ] && [ -s "$E_OUT" ] && cmp -s "$E_OUT" "$Q_OUT"; then
        passes=$((passes + 1))
        echo "PASS $c_name"
    else
        fails=$((fails + 1))
        echo "FAIL $c_name: etsim status $e_status, qemu status $q_status"
        diff "$Q_OUT" "$E_OUT" | sed 's/^/    /'
        sed 's/^/    stderr: /' "$ERR"
    fi
}

check add_arduino "$M/add_arduino.pte"
check add_apple "$M/add_apple.pte"
check module_linear "$M/module_linear.pte"
for f in "$M"/kws_inputs/mfcc_*.f32; do
    check "kws $(basename "$f" .f32)" "$M/kws_dscnn_cortex_m.pte" "$f"
done
for p in vww_mbv1_025_96_cortex_m vww_mbv1_025_96_cortex_m_mve; do
    for i in vww_astronaut vww_chelsea_cat; do
        check "$p $i" "$M/mlperf/$p.pte" "$M/mlperf/inputs/$i.f32"
    done
done
for i in ic_cifar10_taxi_s_001241 ic_synth_pattern; do
    check "ic_resnet8_cortex_m $i" "$M/mlperf/ic_resnet8_cortex_m.pte" "$M/mlperf/inputs/$i.f32"
done

echo "etsim_models: $passes passed, $fails failure(s)"
[ "$fails" -eq 0 ]

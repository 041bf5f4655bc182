#!/bin/sh
# The cortex_m operator cases of tests/runtime/gen_release_ops.py (every
# ExecuTorch release's argument layout; inputs and expected outputs made
# in Python, independently of the runtime) on etsim with --engine dsp:
# each prints exactly the output lines of the CPU path, and the cases of
# operators with a DSP kernel are placed on the DSP (at least one call).
#   usage: tests/dsp/release_ops.sh ETSIM RUNNER.elf CASEDIR
set -u
ETSIM=$1
ELF=$2
DIR=$3
T=$(mktemp -d /tmp/etsim-dsprel-XXXXXX)
trap 'rm -rf "$T"' EXIT
pass=0 fail=0 placed_cases=0
# cases whose operator must run on the DSP (a kernel exists and the case fits it)
MUST="add_1_0_to_1_2 add_1_3_to_main add_broadcast_rows mul_1_1_to_main max_pool2d_16_channels
max_pool2d_20_channels activation_lut_1_4_to_main avg_pool2d_20_channels batch_matmul_1_2_to_1_3
batch_matmul_1_4_to_main softmax_shift_32"
while read -r name ninputs; do
    [ -n "$name" ] || continue
    [ -f "$DIR/$name.error" ] && continue   # refused by the CPU kernel: nothing to place
    args=""
    k=0
    while [ $k -lt "$ninputs" ]; do
        args="$args --input $DIR/$name.in$k.f32"
        k=$((k + 1))
    done
    # shellcheck disable=SC2086
    timeout 120 "$ETSIM" -q "$ELF" "$DIR/$name.pte" $args > "$T/cpu" 2>&1 < /dev/null
    a=$?
    # shellcheck disable=SC2086
    timeout 120 "$ETSIM" -q "$ELF" "$DIR/$name.pte" --engine dsp $args > "$T/dsp" 2>&1 < /dev/null
    b=$?
    n=$(sed -n 's/^dsp: \([0-9]*\) operator calls placed on the DSP$/\1/p' "$T/dsp")
    if [ $a = 0 ] && [ $b = 0 ] && grep -q '^output 0:' "$T/cpu" &&
       [ "$(grep '^output' "$T/cpu")" = "$(grep '^output' "$T/dsp")" ]; then
        [ "${n:-0}" -gt 0 ] && placed_cases=$((placed_cases + 1))
        if [ "${n:-0}" = 0 ] && echo " $MUST " | tr '\n' ' ' | grep -q " $name "; then
            fail=$((fail + 1))
            echo "FAIL $name: same output, but nothing placed on the DSP"
        else
            pass=$((pass + 1))
            echo "ok $name (${n:-0} on the DSP)"
        fi
    else
        fail=$((fail + 1))
        echo "FAIL $name: exit $a / $b"
        tail -3 "$T/dsp"
    fi
done < "$DIR/cases.txt"
echo "dsp release ops: $pass passed ($placed_cases with calls on the DSP), $fail failed"
[ "$fail" = 0 ] && [ "$pass" -gt 0 ]
